//! WORD_LIMIT: the body of the paper (footnotes included; caption, tables, signature
//! block and certificates excluded) must not exceed the rule's word limit.

use super::{CheckInfo, Outcome, Unit, against_limit};
use crate::model::{CheckRequest, Rule, RuleKind};

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::WordLimit, needs: &["document.word_count"], params: &["max_words"] };

const WORDS: Unit = Unit { singular: "word", plural: "words", counted: "", remedy: "obtain leave to exceed the limit" };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(max) = rule.params.max_words else { return Outcome::NotApplicable };
    against_limit(request, request.document.word_count, max, &WORDS)
}
