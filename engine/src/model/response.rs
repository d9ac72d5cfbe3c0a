//! The check response.

use super::enums::{Category, ComplianceStatus, CoverageLevel, Layer, ResultStatus, Severity};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckResponse {
    pub judge: JudgeRef,
    pub summary: Summary,
    /// One entry per check that ran, in the documented order (see `docs/checks.md`).
    pub results: Vec<CheckResult>,
    pub meta: CheckMeta,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JudgeRef {
    pub slug: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Summary {
    pub status: ComplianceStatus,
    /// Results with status FAIL.
    pub failures: u32,
    /// FAIL results whose severity is WARNING.
    pub warnings: u32,
    /// Results with status PASS.
    pub passes: u32,
    /// Results with status ACTION_REQUIRED.
    pub action_items: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckResult {
    pub severity: Severity,
    pub category: Category,
    pub message: String,
    /// Citation of the rule behind the result.
    pub source: String,
    pub status: ResultStatus,
    /// The rule that produced the result (`<RuleKind>:<name>`).
    pub rule_key: String,
    /// The layer the rule came from after resolution.
    pub layer: Layer,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckMeta {
    /// Checks that produced a result (equals the number of results).
    pub checks_run: u32,
    /// Checks that apply to this filing but did not run because an optional part of
    /// the document description was not supplied.
    pub checks_skipped: u32,
    /// Which checks were skipped and what they need, so a client can ask for it.
    pub skipped: Vec<SkippedCheck>,
    /// The version of the compliance profile the check ran against.
    pub profile_version: String,
    /// In words: the layers applied, each with its source and the date it is current as
    /// of, and what was not encoded.
    pub coverage_note: String,
    /// The same, as data.
    pub coverage: Coverage,
}

/// What an answer covered: the judge's coverage level and the layers applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Coverage {
    pub level: CoverageLevel,
    /// The layers applied, in the order they apply.
    pub layers: Vec<CoverageLayer>,
    /// Where the judge's individual practices, which the answer did not apply, are
    /// published (level `district`, when the judge's page is known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub practices_url: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CoverageLayer {
    pub layer: Layer,
    pub title: String,
    /// What of the body of rules was applied, when not all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    pub source_url: String,
    /// Date the text in force took effect, when known (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective_date: Option<String>,
    /// Latest date the text was confirmed in force (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_of: Option<String>,
    /// True for fictional demonstration data.
    pub sample: bool,
    /// The organisation's own standing-order layer: which version, accepted by whom
    /// and when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organisation: Option<super::profile::OrganisationLayer>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SkippedCheck {
    pub rule_key: String,
    pub category: Category,
    /// Dotted path of the request field the check needs.
    pub needs: String,
}

/// One validation problem: a dotted path into the request and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldError {
    pub path: String,
    pub message: String,
}

impl FieldError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError { path: path.into(), message: message.into() }
    }
}
