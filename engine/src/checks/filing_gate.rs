//! FILING_GATE: a step the judge requires before the paper may be filed (for example,
//! waiting until briefing is complete). Always an item for the filer to act on.

use super::{CheckInfo, Outcome};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo = CheckInfo { kind: RuleKind::FilingGate, needs: &[], params: &[] };

pub(crate) fn evaluate(rule: &Rule, _request: &CheckRequest) -> Outcome {
    Outcome::action(format!("Before filing: {}", rule.summary))
}
