//! PMC: a judge who requires a pre-motion conference before certain motions. The rule's
//! `applies_to` says which motions and who is exempt; the request says whether the
//! conference took place.

use super::{CheckInfo, Outcome};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo = CheckInfo { kind: RuleKind::Pmc, needs: &["pmc_completed"], params: &[] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    if request.pmc_completed {
        Outcome::pass("The required pre-motion conference was completed.".to_owned())
    } else {
        Outcome::fail(format!(
            "A pre-motion conference is required before this motion and none is recorded: {}",
            rule.summary
        ))
    }
}
