//! SIGNATURE: the signature block must carry what the rule requires (Fed. R. Civ. P.
//! 11(a): signer's name, address, e-mail address and telephone number; an electronic
//! signature for papers filed through the court's electronic-filing system).

use super::{CheckInfo, Outcome, flags};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::Signature, needs: &["document.signature_block"], params: &["required_fields"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(block) = request.document.signature_block.as_ref() else {
        return Outcome::Skipped { needs: "document.signature_block" };
    };
    if !block.present {
        return Outcome::fail("The paper is not signed: it has no signature block.".to_owned());
    }
    let missing = flags::unmet(&rule.params.required_fields, true, |name| block.flag(name));
    if missing.is_empty() {
        Outcome::pass("The signature block has everything this rule requires.".to_owned())
    } else {
        Outcome::fail(format!("The signature block lacks {}.", flags::list(&missing)))
    }
}
