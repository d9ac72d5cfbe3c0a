//! The checks: one module per category. Each module says which rule kind it enforces,
//! what part of the request it needs, and turns one rule plus one request into an
//! outcome. Thresholds, scopes and citations come from the rule; nothing here names a
//! court or a judge.

mod bundling;
mod caption;
mod courtesy_copy;
mod filing_gate;
mod flags;
mod format;
mod page_limit;
mod pmc;
mod privacy;
mod signature;
mod structure;
mod word_count;
mod word_limit;

use crate::model::{CheckRequest, DocumentScope, ResultStatus, Rule, RuleKind};
use std::fmt::Write as _;

/// What one rule made of one filing.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Outcome {
    /// The check ran and produced a result.
    Ran { status: ResultStatus, message: String },
    /// The rule applies, but the request lacks the part of the document the check
    /// reads; counted in `meta.checks_skipped`.
    Skipped { needs: &'static str },
    /// The rule turned out not to concern this filing (e.g. below a page threshold).
    NotApplicable,
}

impl Outcome {
    fn pass(message: String) -> Outcome {
        Outcome::Ran { status: ResultStatus::Pass, message }
    }
    fn fail(message: String) -> Outcome {
        Outcome::Ran { status: ResultStatus::Fail, message }
    }
    fn action(message: String) -> Outcome {
        Outcome::Ran { status: ResultStatus::ActionRequired, message }
    }
}

/// The description of one check, as listed in `docs/checks.md`.
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    pub kind: RuleKind,
    /// Dotted paths of the request fields the check reads.
    pub needs: &'static [&'static str],
    /// The rule parameters the check reads.
    pub params: &'static [&'static str],
}

/// Every check the engine runs, in the order `docs/checks.md` lists them.
pub const CATALOGUE: &[CheckInfo] = &[
    page_limit::INFO,
    word_limit::INFO,
    word_count::INFO,
    format::INFO,
    caption::INFO,
    signature::INFO,
    privacy::INFO,
    structure::INFO,
    pmc::INFO,
    filing_gate::INFO,
    bundling::INFO,
    courtesy_copy::INFO,
];

/// The request fields a rule's check reads (for documentation and clients): the
/// catalogue's list, narrowed to the one aspect a `Format` rule checks.
pub fn needs_of(rule: &Rule) -> Vec<&'static str> {
    let Some(kind) = rule.kind() else { return Vec::new() };
    let Some(info) = CATALOGUE.iter().find(|info| info.kind == kind) else { return Vec::new() };
    if kind != RuleKind::Format {
        return info.needs.to_vec();
    }
    let params = &rule.params;
    let aspects = [
        (params.min_font_pt.is_some(), info.needs[0]),
        (params.min_footnote_font_pt.is_some(), info.needs[1]),
        (params.min_margin_inches.is_some(), info.needs[2]),
        (params.line_spacing.is_some(), info.needs[3]),
    ];
    aspects.into_iter().filter(|(set, _)| *set).map(|(_, need)| need).collect()
}

/// Runs the check for the rule's kind. Rules of kind `Reference` are never checked.
pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let Some(kind) = rule.kind() else { return Outcome::NotApplicable };
    match kind {
        RuleKind::PageLimit => page_limit::evaluate(rule, request),
        RuleKind::WordLimit => word_limit::evaluate(rule, request),
        RuleKind::WordCount => word_count::evaluate(rule, request),
        RuleKind::Format => format::evaluate(rule, request),
        RuleKind::Caption => caption::evaluate(rule, request),
        RuleKind::Signature => signature::evaluate(rule, request),
        RuleKind::Privacy => privacy::evaluate(rule, request),
        RuleKind::Structure => structure::evaluate(rule, request),
        RuleKind::Pmc => pmc::evaluate(rule, request),
        RuleKind::FilingGate => filing_gate::evaluate(rule, request),
        RuleKind::Bundling => bundling::evaluate(rule, request),
        RuleKind::CourtesyCopy => courtesy_copy::evaluate(rule, request),
        RuleKind::Reference => Outcome::NotApplicable,
    }
}

/// The paper named the way a message to its author would name it.
fn paper(scope: DocumentScope) -> &'static str {
    match scope {
        DocumentScope::BriefSupport => "memorandum in support",
        DocumentScope::BriefOpposition => "memorandum in opposition",
        DocumentScope::BriefReply => "reply memorandum",
        DocumentScope::ReconsiderationSupport => "memorandum in support of reconsideration",
        DocumentScope::ReconsiderationReply => "reply memorandum on reconsideration",
        DocumentScope::Letter => "letter",
        DocumentScope::DiscoveryLetter => "discovery letter",
        DocumentScope::ProposedFindings => "proposed findings",
        DocumentScope::Affidavit => "affidavit",
        DocumentScope::SettlementStatement => "settlement statement",
        DocumentScope::ObjectionResponse => "objection or response",
        DocumentScope::Rule561Statement => "Rule 56.1 statement",
    }
}

/// What a limit counts, as its messages name it.
struct Unit {
    singular: &'static str,
    plural: &'static str,
    /// What is counted, after the number ("pages of body text").
    counted: &'static str,
    /// What the filer can do besides cutting.
    remedy: &'static str,
}

/// A count measured against a maximum: over it fails, at or under it passes.
fn against_limit(request: &CheckRequest, count: u32, max: u32, unit: &Unit) -> Outcome {
    let what = paper(request.document_scope);
    let (singular, plural_form, counted) = (unit.singular, unit.plural, unit.counted);
    if count > max {
        Outcome::fail(format!(
            "The {what} has {}{counted}; the limit is {}. Cut {} or {}.",
            plural(count, singular, plural_form),
            plural(max, singular, plural_form),
            plural(count - max, singular, plural_form),
            unit.remedy,
        ))
    } else {
        Outcome::pass(format!(
            "The {what} has {}{counted}, within the {}-{singular} limit.",
            plural(count, singular, plural_form),
            thousands(max)
        ))
    }
}

/// `8750` → `8,750`, written straight into a message (no temporary string). The one way
/// counts are grouped: the check's messages, the document reader's, the page's and the
/// server's.
pub struct Thousands(pub u64);

impl std::fmt::Display for Thousands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut digits = [0u8; 20];
        let mut value = self.0;
        let mut count = 0;
        loop {
            digits[count] = b'0' + (value % 10) as u8;
            count += 1;
            value /= 10;
            if value == 0 {
                break;
            }
        }
        for index in (0..count).rev() {
            f.write_char(char::from(digits[index]))?;
            if index > 0 && index % 3 == 0 {
                f.write_char(',')?;
            }
        }
        Ok(())
    }
}

fn thousands(value: u32) -> Thousands {
    Thousands(u64::from(value))
}

/// `1` → `1 page`, `2` → `2 pages`.
struct Plural<'a>(u32, &'a str, &'a str);

impl std::fmt::Display for Plural<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", thousands(self.0), if self.0 == 1 { self.1 } else { self.2 })
    }
}

fn plural<'a>(count: u32, singular: &'a str, plural: &'a str) -> Plural<'a> {
    Plural(count, singular, plural)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0).to_string(), "0");
        assert_eq!(thousands(999).to_string(), "999");
        assert_eq!(thousands(1000).to_string(), "1,000");
        assert_eq!(thousands(8750).to_string(), "8,750");
        assert_eq!(thousands(1234567).to_string(), "1,234,567");
        assert_eq!(thousands(u32::MAX).to_string(), "4,294,967,295");
        assert_eq!(Thousands(u64::MAX).to_string(), "18,446,744,073,709,551,615");
        assert_eq!(plural(1, "page", "pages").to_string(), "1 page");
        assert_eq!(plural(1000, "page", "pages").to_string(), "1,000 pages");
    }

    #[test]
    fn every_kind_but_reference_has_a_check() {
        for kind in RuleKind::ALL.iter().filter(|kind| **kind != RuleKind::Reference) {
            assert!(CATALOGUE.iter().any(|info| info.kind == *kind), "{kind:?} has no check");
        }
    }
}
