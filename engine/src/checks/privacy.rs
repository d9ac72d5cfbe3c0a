//! PRIVACY: a paper filed with the court must not contain the personal identifiers the
//! rule forbids in full (Fed. R. Civ. P. 5.2(a)); it may show only the redacted form.

use super::{CheckInfo, Outcome, flags};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::Privacy, needs: &["document.privacy"], params: &["forbidden_fields"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(privacy) = request.document.privacy.as_ref() else {
        return Outcome::Skipped { needs: "document.privacy" };
    };
    let found = flags::unmet(&rule.params.forbidden_fields, false, |name| privacy.flag(name));
    if found.is_empty() {
        Outcome::pass(format!("Checked for {}: none found.", flags::list(&names(rule))))
    } else {
        Outcome::fail(format!("The paper contains {}. Redact it before filing: {}", flags::list(&found), rule.summary))
    }
}

fn names(rule: &Rule) -> Vec<&str> {
    rule.params.forbidden_fields.iter().map(String::as_str).collect()
}
