//! STRUCTURE: the papers a filing must include (notice of motion, memorandum, Rule 56.1
//! statements, certificates, notices to pro se litigants, tables of contents for long
//! briefs…). Each rule names the `document.sections` flags it requires; `min_pages`
//! limits it to papers of that length or longer; `on_missing` says whether a missing
//! section fails the filing or is an item to confirm.

use super::{CheckInfo, Outcome, flags, plural};
use crate::model::{CheckRequest, ResultStatus, Rule, RuleKind};

pub(crate) const INFO: CheckInfo = CheckInfo {
    kind: RuleKind::Structure,
    needs: &["document.sections"],
    params: &["required_fields", "min_pages", "on_missing"],
};

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    if let Some(min_pages) = rule.params.min_pages
        && request.document.page_count < min_pages
    {
        return Outcome::NotApplicable;
    }
    let Some(sections) = request.document.sections.as_ref() else {
        return Outcome::Skipped { needs: "document.sections" };
    };
    let missing = flags::unmet(&rule.params.required_fields, true, |name| sections.flag(name));
    if missing.is_empty() {
        return Outcome::pass(format!("Includes {}.", flags::list(&names(rule))));
    }
    let length = match rule.params.min_pages {
        Some(min_pages) => format!(" (required for papers of {} or more)", plural(min_pages, "page", "pages")),
        None => String::new(),
    };
    let message = format!("Missing {}{length}: {}", flags::list(&missing), rule.summary);
    match rule.params.on_missing.unwrap_or(ResultStatus::Fail) {
        ResultStatus::ActionRequired => Outcome::action(message),
        _ => Outcome::fail(message),
    }
}

fn names(rule: &Rule) -> Vec<&str> {
    rule.params.required_fields.iter().map(String::as_str).collect()
}
