//! COURTESY_COPY: a judge who wants paper copies delivered to chambers, possibly only
//! for papers of at least `min_pages` body pages. Always an item to act on when it
//! applies.

use super::{CheckInfo, Outcome};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::CourtesyCopy, needs: &["document.page_count"], params: &["min_pages"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    if let Some(min_pages) = rule.params.min_pages
        && request.document.page_count < min_pages
    {
        return Outcome::NotApplicable;
    }
    Outcome::action(format!("Courtesy copy: {}", rule.summary))
}
