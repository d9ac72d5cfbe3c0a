//! WORD_LIMIT: the body of the paper (footnotes included; caption, tables, signature
//! block and certificates excluded) must not exceed the rule's word limit.

use super::{CheckInfo, Outcome, paper, plural, thousands};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::WordLimit, needs: &["document.word_count"], params: &["max_words"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(max) = rule.params.max_words else { return Outcome::NotApplicable };
    let words = request.document.word_count;
    let what = paper(request.document_scope);
    if words > max {
        Outcome::fail(format!(
            "The {what} has {}; the limit is {}. Cut {} or obtain leave to exceed the limit.",
            plural(words, "word", "words"),
            plural(max, "word", "words"),
            plural(words - max, "word", "words"),
        ))
    } else {
        Outcome::pass(format!(
            "The {what} has {}, within the {}-word limit.",
            plural(words, "word", "words"),
            thousands(max)
        ))
    }
}
