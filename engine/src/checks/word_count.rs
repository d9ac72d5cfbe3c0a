//! WORD_LIMIT (consistency): the word count stated in the certificate of compliance
//! must agree with the paper's word count, within the rule's tolerance. No court rule
//! sets a tolerance: it is courtrules' own (`max_deviation_pct` in the profile), so that
//! word processors' small differences in counting do not fail a correct certificate, and
//! the message says so.

use super::{CheckInfo, Outcome, thousands};
use crate::model::{CheckRequest, Rule, RuleKind};

const NEEDS: &str = "document.sections.certificate_word_count";

pub(crate) const INFO: CheckInfo =
    CheckInfo { kind: RuleKind::WordCount, needs: &["document.word_count", NEEDS], params: &["max_deviation_pct"] };

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(tolerance_pct) = rule.params.max_deviation_pct else { return Outcome::NotApplicable };
    let Some(stated) = request.document.sections.as_ref().and_then(|sections| sections.certificate_word_count) else {
        return Outcome::Skipped { needs: NEEDS };
    };
    let counted = request.document.word_count;
    let gap = counted.abs_diff(stated);
    // Relative to the counted body; a paper with no words agrees only with a stated 0.
    let gap_pct = if counted == 0 {
        if gap == 0 { 0.0 } else { f64::INFINITY }
    } else {
        f64::from(gap) * 100.0 / f64::from(counted)
    };
    if gap_pct > tolerance_pct {
        Outcome::fail(format!(
            "The certificate of compliance states {} words but the body has {} words ({} apart, more than the {tolerance_pct}% this check allows; the rule itself sets no tolerance). Correct the certificate.",
            thousands(stated),
            thousands(counted),
            describe_gap(gap_pct),
        ))
    } else {
        Outcome::pass(format!(
            "The certificate of compliance states {} words; the body has {} words.",
            thousands(stated),
            thousands(counted)
        ))
    }
}

fn describe_gap(gap_pct: f64) -> String {
    if gap_pct.is_finite() { format!("{:.1}%", gap_pct) } else { "entirely".to_owned() }
}
