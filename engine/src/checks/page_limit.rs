//! PAGE_LIMIT: the body of the paper must not run longer than the rule's page limit.
//! Front and back matter are already excluded from `document.page_count`.

use super::{CheckInfo, Outcome, paper, plural};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::PageLimit, needs: &["document.page_count"], params: &["max_pages"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(max) = rule.params.max_pages else { return Outcome::NotApplicable };
    let pages = request.document.page_count;
    let what = paper(request.document_scope);
    if pages > max {
        Outcome::fail(format!(
            "The {what} has {} of body text; the limit is {}. Cut {} or obtain leave to file a longer paper.",
            plural(pages, "page", "pages"),
            plural(max, "page", "pages"),
            plural(pages - max, "page", "pages"),
        ))
    } else {
        Outcome::pass(format!(
            "The {what} has {} of body text, within the {max}-page limit.",
            plural(pages, "page", "pages")
        ))
    }
}
