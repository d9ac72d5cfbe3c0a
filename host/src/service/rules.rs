//! The rules that apply before a judge, grouped by layer and resolved by the wasm
//! engine. A live court without a compliance profile answers from its extracted rules
//! instead: the court-wide rules and the judge's own, each with its quoted source text.
//!
//! The engine checks the query (the same check the browser build makes); the
//! service only adds that `district_id` is required, since it picks the profile.

use super::lookup::{self, Miss};
use super::{Caller, Error, Service};
use crate::sandbox::{Due, Op};
use crate::store::catalogue::{Catalogue, CompiledProfile};
use crate::store::courts::{Court, CourtStatus};
use crate::store::extracted::{self, ExtractedRule};
use courtrules_engine::model::{COURT_JUDGE_SLUG, DocumentScope, FieldError, LayeredRules, MotionType};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// A rules query, once the engine has found nothing wrong with it.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RulesQuery {
    /// A judge of the district.
    #[param(pattern = "^[a-z0-9_-]{1,120}$", example = "avery-sample")]
    pub judge_slug: String,
    #[param(pattern = "^[a-z0-9_-]{1,120}$", example = "edny")]
    pub district_id: String,
    /// Only rules relevant to this kind of paper.
    pub document_scope: Option<DocumentScope>,
    /// Only rules relevant to this kind of motion.
    pub motion_type: Option<MotionType>,
}

/// The answer: the engine's layered rules, or — for a live court without a compliance
/// profile — the rules from its source documents.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum RulesAnswer {
    // The engine's JSON, byte for byte.
    #[schema(value_type = LayeredRules)]
    Layered(Box<RawValue>),
    FromSources(SourceRules),
}

/// The rules of a court without a compliance profile, from its extracted rules: the
/// court-wide ones and the judge's own, each with its quoted source text. Nothing is
/// resolved between them (there is no profile to resolve by).
#[derive(Serialize, ToSchema)]
pub struct SourceRules {
    pub judge: SourceJudge,
    pub rules: SourceRuleGroups,
    pub meta: SourceRulesMeta,
}

#[derive(Serialize, ToSchema)]
pub struct SourceJudge {
    pub slug: String,
    /// Null when the court has no roster to name the judge from.
    pub name: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SourceRuleGroups {
    /// Court-level rules (local rules, court rules, statutes).
    pub court: Vec<SourceRule>,
    /// The judge's own rules (standing orders, individual practices).
    pub judge: Vec<SourceRule>,
}

/// One rule with its source.
#[derive(Serialize, ToSchema)]
pub struct SourceRule {
    /// The extracted rule's id (`GET /api/v1/extracted-rules`).
    #[schema(format = "uuid")]
    pub rule_id: String,
    /// The section cited, when captured.
    pub citation: Option<String>,
    pub summary: String,
    /// Verbatim text of the official document.
    pub source_text: String,
    /// e.g. `CRITICAL`, `WARNING`, `INFO`.
    pub severity: String,
    pub logic_type: String,
    pub workflow_phase: String,
    pub doc_kind: String,
    pub source_url: String,
    /// The source document version (`version_id` in `GET /api/v1/documents`).
    #[schema(format = "uuid")]
    pub document_version_id: String,
}

#[derive(Serialize, ToSchema)]
pub struct SourceRulesMeta {
    pub total_rules: u32,
    /// Always false here: these rules are not resolved by a compliance profile.
    pub compliance_profile: bool,
}

impl From<ExtractedRule> for SourceRule {
    fn from(rule: ExtractedRule) -> Self {
        SourceRule {
            citation: rule.content.citation_source.and_then(|source| source.section),
            summary: rule.content.summary,
            source_text: rule.content.source_text,
            severity: rule.content.visual_severity,
            rule_id: rule.rule_id,
            logic_type: rule.logic_type,
            workflow_phase: rule.workflow_phase,
            doc_kind: rule.doc_kind,
            source_url: rule.source_url,
            document_version_id: rule.document_version_id,
        }
    }
}

/// The engine reads the rules query as it reads a body ("the request", "unknown field");
/// here it is a query string, so its problems are worded as the other GET endpoints
/// word theirs.
fn in_query_words(error: Error) -> Error {
    let Error::Validation { details, .. } = error else { return error };
    let details: Vec<FieldError> = details
        .into_iter()
        .map(|detail| {
            let message =
                detail.message.replace("unknown field; allowed fields here:", "unknown parameter; this endpoint takes");
            FieldError::new(detail.path, message)
        })
        .collect();
    let error = courtrules_engine::validate::summary("the query is invalid", &details);
    Error::Validation { error, details }
}

/// The rules for a query given as name/value pairs (each name once: `QueryPairs`).
pub async fn rules(service: &Service, caller: &Caller, query: &[(String, String)]) -> Result<RulesAnswer, Error> {
    let catalogue = service.catalogue();
    let get = |name: &str| query.iter().rev().find(|(key, _)| key == name).map(|(_, value)| value.as_str());
    let object: serde_json::Map<String, serde_json::Value> =
        query.iter().map(|(key, value)| (key.clone(), serde_json::Value::String(value.clone()))).collect();
    let json = serde_json::to_vec(&object).map_err(anyhow::Error::from)?;
    let profile = match find_profile(service, &catalogue, caller, get("district_id"), get("judge_slug")) {
        Ok(profile) => profile,
        Err(miss) => {
            let mut details: Vec<FieldError> =
                match service.sandbox.call(Op::ValidateRulesQuery { query: json }, Due::Request).await? {
                    Ok(details) => serde_json::from_slice(&details).map_err(anyhow::Error::from)?,
                    Err(error) => return Err(Error::from_engine(error)),
                };
            // The engine's rules query takes district_id as optional; the service
            // needs it to pick a profile.
            if get("district_id").is_none() {
                let after_judge = details.iter().take_while(|detail| detail.path == "judge_slug").count();
                details.insert(after_judge, FieldError::new("district_id", "is required"));
            }
            if details.is_empty()
                && let Miss::Error(Error::NoProfile(court)) = &miss
                && court.status == CourtStatus::Live
            {
                let query: RulesQuery = serde_json::from_value(object.into()).map_err(anyhow::Error::from)?;
                return Ok(RulesAnswer::FromSources(from_sources(service, &catalogue, court, &query).await?));
            }
            return Err(in_query_words(miss.after_validation(details)));
        }
    };
    // The caller's organisation's own standing-order layer for the judge, if it has one.
    let (district_id, judge_slug) = (get("district_id").unwrap_or_default(), get("judge_slug").unwrap_or_default());
    let bytes = match super::layers::own_profile_bytes(service, caller, profile, district_id, judge_slug).await? {
        Some(own) => own,
        None => Arc::clone(&profile.bytes),
    };
    let answer = service
        .sandbox
        .call(Op::ResolveRules { profile: bytes, query: json }, Due::Request)
        .await?
        .map_err(|error| in_query_words(Error::from_engine(error)))?;
    let text = String::from_utf8(answer).map_err(anyhow::Error::from)?;
    Ok(RulesAnswer::Layered(RawValue::from_string(text).map_err(anyhow::Error::from)?))
}

fn find_profile<'c>(
    service: &Service,
    catalogue: &'c Catalogue,
    caller: &Caller,
    district_id: Option<&str>,
    judge_slug: Option<&str>,
) -> Result<&'c CompiledProfile, Miss> {
    match (district_id, judge_slug) {
        (Some(district_id), Some(judge_slug)) if !district_id.is_empty() && !judge_slug.is_empty() => {
            Ok(lookup::judge_profile(service, catalogue, caller, district_id, judge_slug)?)
        }
        _ => Err(Miss::Unroutable),
    }
}

/// The answer for a live court without a profile (the query is already valid).
async fn from_sources(
    service: &Service,
    catalogue: &Catalogue,
    court: &Court,
    query: &RulesQuery,
) -> Result<SourceRules, Error> {
    let judge_slug = query.judge_slug.as_str();
    let name = catalogue.judges(&court.district_id).iter().find(|judge| judge.slug == judge_slug);
    let found = extracted::of_district(&service.db, &court.district_id, &[COURT_JUDGE_SLUG, judge_slug]).await?;
    // A rule limited to some document scopes or motion types drops out when the query
    // names another; a rule without such a limit always stays.
    let relevant = |rule: &ExtractedRule, field: &str, wanted: Option<&str>| match (wanted, rule.applies_to(field)) {
        (Some(wanted), Some(allowed)) => allowed.contains(&wanted),
        _ => true,
    };
    let scope = query.document_scope.map(DocumentScope::as_str);
    let motion = query.motion_type.map(MotionType::as_str);
    let (mut court_rules, mut judge_rules) = (Vec::new(), Vec::new());
    for rule in found {
        if !relevant(&rule, "document_scopes", scope) || !relevant(&rule, "motion_types", motion) {
            continue;
        }
        if rule.judge_slug == COURT_JUDGE_SLUG { &mut court_rules } else { &mut judge_rules }
            .push(SourceRule::from(rule));
    }
    Ok(SourceRules {
        judge: SourceJudge { slug: judge_slug.to_owned(), name: name.map(|judge| judge.name.clone()) },
        meta: SourceRulesMeta {
            total_rules: (court_rules.len() + judge_rules.len()) as u32,
            compliance_profile: false,
        },
        rules: SourceRuleGroups { court: court_rules, judge: judge_rules },
    })
}
