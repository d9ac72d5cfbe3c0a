//! PAGE_LIMIT: the body of the paper must not run longer than the rule's page limit.
//! Front and back matter are already excluded from `document.page_count`.

use super::{CheckInfo, Outcome, Unit, against_limit};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::PageLimit, needs: &["document.page_count"], params: &["max_pages"] };

const PAGES: Unit =
    Unit { singular: "page", plural: "pages", counted: " of body text", remedy: "obtain leave to file a longer paper" };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(max) = rule.params.max_pages else { return Outcome::NotApplicable };
    against_limit(request, request.document.page_count, max, &PAGES)
}
