//! The `/rules` view: the rules that apply to a judge, grouped by layer.

use super::enums::{Category, DocumentScope, MotionType, Severity};
use super::response::JudgeRef;
use serde::{Deserialize, Serialize};

/// Narrows the rules view to one kind of paper and/or one kind of motion.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema, utoipa::IntoParams))]
pub struct RulesFilter {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_scope: Option<DocumentScope>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_type: Option<MotionType>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LayeredRules {
    pub judge: JudgeRef,
    pub rules: RuleGroups,
    pub meta: RulesMeta,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleGroups {
    pub frcp: Vec<LayeredRule>,
    pub local_rules: Vec<LayeredRule>,
    pub standing_order: Vec<StandingOrderRule>,
}

/// An entry of `frcp` or `local_rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LayeredRule {
    pub rule_key: String,
    pub citation: String,
    pub label: String,
    pub summary: String,
    pub severity: Severity,
    /// Document scopes, motion types, filing roles and pro se conditions the rule is
    /// limited to; absent when it applies universally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applies_to: Option<Vec<String>>,
    pub category: Category,
}

/// An entry of `standing_order`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StandingOrderRule {
    pub category: Category,
    pub summary: String,
    /// Citation of the judge's order section.
    pub source: String,
    pub rule_key: String,
    pub severity: Severity,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applies_to: Option<Vec<String>>,
    /// The earlier-layer rule this one replaces, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<OverriddenRule>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OverriddenRule {
    pub rule_key: String,
    pub citation: String,
    pub layer: super::enums::Layer,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulesMeta {
    pub total_rules: u32,
    pub profile_version: String,
    /// As in the check response: the layers applied, their sources and dates, and what
    /// was not encoded.
    pub coverage_note: String,
    pub coverage: super::response::Coverage,
}
