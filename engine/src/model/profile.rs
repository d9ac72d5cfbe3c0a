//! The compliance profile: the three rule layers of one district, as data.
//!
//! The format is documented in `docs/profile-format.md` and described by the JSON
//! Schema `docs/profile-format.schema.json`; `crate::profile_check::validate_profile`
//! enforces the same constraints in code.

use super::enums::{
    Category, ClaimStatute, CoverageLevel, DocumentScope, FilingRole, JudgeType, LineSpacing, MotionType, ResultStatus,
    Severity,
};
use serde::{Deserialize, Serialize};

/// The profile format this engine reads. Version 2 added the coverage fields (`short_title`
/// and `as_of` of layers and standing orders, a judge's `profile_url`) and the
/// `pro_se_handwritten` and `except_claims_under` conditions.
pub const PROFILE_FORMAT_VERSION: u32 = 2;

/// The judge slug that asks for a district's court-wide rules only: the national and local
/// layers, for a filing before a judge the roster does not list (or a court without a
/// roster). No judge may have it.
pub const COURT_JUDGE_SLUG: &str = "court";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Profile {
    /// Version of the profile format (this engine reads 1).
    pub format_version: u32,
    /// Version of the data: changes whenever any rule changes.
    pub profile_version: String,
    pub district: District,
    /// Layer 1: the Federal Rules of Civil Procedure.
    pub national: RuleLayer,
    /// Layer 2: the district's local rules, including district defaults.
    pub local: RuleLayer,
    /// Layer 3: the judges, each with their standing-order rules (if any).
    pub judges: Vec<JudgeProfile>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct District {
    pub district_id: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleLayer {
    /// Name of the body of rules, e.g. "Federal Rules of Civil Procedure".
    pub title: String,
    /// A shorter name for coverage notes, e.g. "FRCP".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_title: Option<String>,
    /// What of the body of rules the layer encodes, when not all of it, e.g. "LR 7.1 and
    /// 56.1 only; the form of papers (LR 5.2) is not encoded". Shown in coverage notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// Official address of the rules.
    pub source_url: String,
    /// Date the text in force took effect (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective_date: Option<String>,
    /// The latest date (YYYY-MM-DD) at which the quoted texts were confirmed to be the
    /// texts in force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    pub rules: Vec<Rule>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JudgeProfile {
    pub slug: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_type: Option<JudgeType>,
    /// True for demonstration data: a fictional judge, not a member of any court.
    #[serde(default)]
    pub sample: bool,
    /// The judge's page on the court's website, where the individual practices are
    /// published; named in answers when those practices are not encoded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_url: Option<String>,
    /// The judge's standing-order rules; `null` when the judge has none (then only the
    /// national and local layers apply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing_order: Option<StandingOrder>,
}

impl CoverageLevel {
    /// The one rule for a judge's level: sample data first, then whether the judge's
    /// own standing order is encoded.
    pub fn of(sample: bool, has_standing_order: bool) -> CoverageLevel {
        match (sample, has_standing_order) {
            (true, _) => CoverageLevel::Sample,
            (false, true) => CoverageLevel::Full,
            (false, false) => CoverageLevel::District,
        }
    }
}

impl JudgeProfile {
    /// How much of this judge's rules the profile holds: sample data, the judge's own
    /// standing order, or the district's layers only.
    pub fn coverage_level(&self) -> CoverageLevel {
        // The organisation's own layer is what the answer applied, whoever the judge is
        // (the note still says when the judge is fictional).
        if self.standing_order.as_ref().is_some_and(|order| order.organisation.is_some()) {
            return CoverageLevel::Organisation;
        }
        CoverageLevel::of(self.sample, self.standing_order.is_some())
    }

    /// "Judge X" or "Magistrate Judge X", as answers name the judge.
    pub fn honorific_name(&self) -> String {
        match self.judge_type {
            Some(JudgeType::Magistrate) => format!("Magistrate Judge {}", self.name),
            _ => format!("Judge {}", self.name),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingOrder {
    pub title: String,
    pub source_url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective_date: Option<String>,
    /// The latest date (YYYY-MM-DD) at which the order was confirmed to be in force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    /// True for demonstration data (a fictional order).
    #[serde(default)]
    pub sample: bool,
    /// Set when the order is an organisation's own layer — read by a firm from the
    /// judge's document and accepted by one of its keys — rather than the service's data.
    /// It then applies to that organisation's answers only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organisation: Option<OrganisationLayer>,
    pub rules: Vec<Rule>,
}

/// Whose standing-order layer this is, which version, and who accepted it when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OrganisationLayer {
    pub organisation_id: String,
    /// Versions count from 1 per organisation and judge; a check names the one it used.
    pub version: u32,
    /// The key (or, from the command line, the person) that accepted it.
    pub accepted_by: String,
    /// When (UTC, RFC 3339).
    pub accepted_at: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Rule {
    /// `<RuleKind>:<name>`; the kind selects the check that enforces the rule.
    pub rule_key: String,
    pub category: Category,
    /// The provision, e.g. "Fed. R. Civ. P. 5.2(a)(1)" or "Local Civil Rule 7.1(c)".
    pub citation: String,
    /// Short title of the provision.
    pub label: String,
    /// What the rule requires, in plain words.
    pub summary: String,
    pub severity: Severity,
    /// When the rule applies; absent means always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applies_to: Option<AppliesTo>,
    /// Thresholds and requirements the check reads.
    #[serde(default, skip_serializing_if = "RuleParams::is_empty")]
    pub params: RuleParams,
    /// The provision's text, quoted verbatim from `source_url`.
    pub source_text: String,
    pub source_url: String,
}

/// When a rule applies. Every constraint that is present must hold; within a list, any
/// value matches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AppliesTo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_scopes: Option<Vec<DocumentScope>>,
    /// A filing without a `motion_type` does not match a rule limited to motion types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_types: Option<Vec<MotionType>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filing_roles: Option<Vec<FilingRole>>,
    /// Applies only when the filing party's `is_pro_se` equals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filer_pro_se: Option<bool>,
    /// Applies only when `opposing_party_pro_se` equals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opposing_party_pro_se: Option<bool>,
    /// Applies only when "the filer is pro se and the paper is handwritten or
    /// typewritten" (`is_pro_se` and `document.handwritten_or_typewritten`) equals this:
    /// `false` for limits on papers "filed by an attorney or prepared with a computer".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pro_se_handwritten: Option<bool>,
    /// Applies only when `document.handwritten_or_typewritten` equals this, whoever files
    /// the paper (for rules that turn on how the paper was produced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handwritten_or_typewritten: Option<bool>,
    /// Does not apply when every claim the filing addresses is brought under one of
    /// these statutes (the request's `claims_under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except_claims_under: Option<Vec<ClaimStatute>>,
}

/// The structured parameters of a rule. Which ones a rule needs depends on its kind
/// (see `docs/profile-format.md`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleParams {
    /// PageLimit: most body pages allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_pages: Option<u32>,
    /// WordLimit: most body words allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_words: Option<u32>,
    /// WordCount: largest allowed gap, in percent of the body word count, between the
    /// word count and the one stated in the certificate of compliance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_deviation_pct: Option<f64>,
    /// Format: smallest body text size, in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_font_pt: Option<f64>,
    /// Format: smallest footnote text size, in points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_footnote_font_pt: Option<f64>,
    /// Format: smallest margin on every side, in inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_margin_inches: Option<f64>,
    /// Format: the body's line spacing must be at least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_spacing: Option<LineSpacing>,
    /// Caption, Signature, Structure: flags that must be true in the matching
    /// sub-object of the document.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_fields: Vec<String>,
    /// Privacy: flags of `document.privacy` that must be false.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_fields: Vec<String>,
    /// Structure, CourtesyCopy: the rule applies only to papers of at least this many
    /// body pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_pages: Option<u32>,
    /// Structure: status of the result when a required section is missing
    /// (`FAIL` unless stated; `ACTION_REQUIRED` for things to confirm).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_missing: Option<ResultStatus>,
}

impl RuleParams {
    pub fn is_empty(&self) -> bool {
        *self == RuleParams::default()
    }
}
