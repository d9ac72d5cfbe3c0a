//! The check response.

use super::enums::{Category, ComplianceStatus, Layer, ResultStatus, Severity};
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
