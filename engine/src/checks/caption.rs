//! CAPTION: the caption must carry the elements the rule requires (Fed. R. Civ. P.
//! 10(a): the court's name, a title, a file number and a designation).

use super::{CheckInfo, Outcome, flags};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::Caption, needs: &["document.caption"], params: &["required_fields"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(caption) = request.document.caption.as_ref() else {
        return Outcome::Skipped { needs: "document.caption" };
    };
    if !caption.present {
        return Outcome::fail("The paper has no caption.".to_owned());
    }
    let missing = flags::unmet(&rule.params.required_fields, true, |name| caption.flag(name));
    if missing.is_empty() {
        Outcome::pass("The caption has every required element.".to_owned())
    } else {
        Outcome::fail(format!("The caption lacks {}.", flags::list(&missing)))
    }
}
