//! BUNDLING: a judge who wants motion papers served as they are written but filed
//! together once the motion is fully briefed. Always an item for the filer to act on.

use super::{CheckInfo, Outcome};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo = CheckInfo { kind: RuleKind::Bundling, needs: &[], params: &[] };

pub(crate) fn evaluate(rule: &Rule, _request: &CheckRequest) -> Outcome {
    Outcome::action(format!("Bundle the motion papers: {}", rule.summary))
}
