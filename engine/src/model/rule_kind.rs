//! The kind part of a `rule_key` (`<RuleKind>:<name>`) names the check that enforces
//! the rule.

use super::enums::Category;
use super::profile::Rule;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RuleKind {
    PageLimit,
    WordLimit,
    WordCount,
    Format,
    Caption,
    Signature,
    Privacy,
    Structure,
    Pmc,
    FilingGate,
    Bundling,
    CourtesyCopy,
    /// Shown in the rules view, enforced by no check.
    Reference,
}

impl RuleKind {
    pub const ALL: &'static [RuleKind] = &[
        RuleKind::PageLimit,
        RuleKind::WordLimit,
        RuleKind::WordCount,
        RuleKind::Format,
        RuleKind::Caption,
        RuleKind::Signature,
        RuleKind::Privacy,
        RuleKind::Structure,
        RuleKind::Pmc,
        RuleKind::FilingGate,
        RuleKind::Bundling,
        RuleKind::CourtesyCopy,
        RuleKind::Reference,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RuleKind::PageLimit => "PageLimit",
            RuleKind::WordLimit => "WordLimit",
            RuleKind::WordCount => "WordCount",
            RuleKind::Format => "Format",
            RuleKind::Caption => "Caption",
            RuleKind::Signature => "Signature",
            RuleKind::Privacy => "Privacy",
            RuleKind::Structure => "Structure",
            RuleKind::Pmc => "Pmc",
            RuleKind::FilingGate => "FilingGate",
            RuleKind::Bundling => "Bundling",
            RuleKind::CourtesyCopy => "CourtesyCopy",
            RuleKind::Reference => "Reference",
        }
    }

    pub fn parse(text: &str) -> Option<RuleKind> {
        RuleKind::ALL.iter().copied().find(|kind| kind.as_str() == text)
    }

    /// The category a rule of this kind must carry; `None` for `Reference`, which may
    /// carry any category.
    pub fn category(self) -> Option<Category> {
        Some(match self {
            RuleKind::PageLimit => Category::PageLimit,
            RuleKind::WordLimit | RuleKind::WordCount => Category::WordLimit,
            RuleKind::Format => Category::Format,
            RuleKind::Caption => Category::Caption,
            RuleKind::Signature => Category::Signature,
            RuleKind::Privacy => Category::Privacy,
            RuleKind::Structure => Category::Structure,
            RuleKind::Pmc => Category::Pmc,
            RuleKind::FilingGate => Category::FilingGate,
            RuleKind::Bundling => Category::Bundling,
            RuleKind::CourtesyCopy => Category::CourtesyCopy,
            RuleKind::Reference => return None,
        })
    }

    /// Kinds of which one filing has a single effective rule: when rules of such a kind
    /// from several layers apply to a filing, only the latest layer's rules count
    /// (a judge's page limit beats the district default).
    pub fn is_singular(self) -> bool {
        matches!(self, RuleKind::PageLimit | RuleKind::WordLimit)
    }
}

impl Rule {
    /// The kind named by the rule key, if the key is well formed and the kind is known.
    pub fn kind(&self) -> Option<RuleKind> {
        let (kind, name) = self.rule_key.split_once(':')?;
        if name.is_empty() {
            return None;
        }
        RuleKind::parse(kind)
    }
}
