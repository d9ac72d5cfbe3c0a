//! `GET /api/v1/rules`: the layered rules for a judge, resolved by the wasm engine.
//! A live court without a compliance profile answers from its extracted rules instead:
//! the court-wide rules and the judge's own, each with its quoted source text.

use super::auth::ApiKey;
use super::error::{
    ApiError, DistrictNotAccessibleBody, ErrorBody, NoProfileBody, UnknownDistrictBody, ValidationErrorBody,
};
use super::extract::QueryPairs;
use super::lookup::{self, Miss};
use super::{AppState, json_response};
use crate::sandbox::{Due, Op};
use crate::store::catalogue::{Catalogue, CompiledProfile};
use crate::store::courts::{Court, CourtStatus};
use crate::store::extracted::{self, ExtractedRule};
use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::{DocumentScope, FieldError, LayeredRules, MotionType};
use serde::Serialize;
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};

/// The query of `/rules`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document; the engine reads it
pub struct RulesQuery {
    /// A judge of the district.
    #[param(pattern = "^[a-z0-9_-]{1,120}$", example = "avery-sample")]
    judge_slug: String,
    #[param(pattern = "^[a-z0-9_-]{1,120}$", example = "edny")]
    district_id: String,
    /// Only rules relevant to this kind of paper.
    document_scope: Option<DocumentScope>,
    /// Only rules relevant to this kind of motion.
    motion_type: Option<MotionType>,
}

/// The rules that apply before a judge, grouped by layer
#[utoipa::path(
    get,
    path = "/api/v1/rules",
    tag = "rules",
    params(RulesQuery),
    responses(
        (status = 200, description = "The rules that apply, grouped by layer; for a live court without a compliance profile, its extracted rules with their source text", body = RulesAnswer),
        (status = 400, description = "A parameter is missing or has a value the engine does not know", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = UnknownDistrictBody),
        (status = 422, description = "The court is not live (coming soon) and has no compliance profile", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn rules(State(state): State<AppState>, key: ApiKey, query: QueryPairs) -> Result<Response, ApiError> {
    let catalogue = state.catalogue.get();
    let json = query.to_json();
    let profile = match find_profile(&catalogue, &key, &state.config.contact, &query) {
        Ok(profile) => profile,
        Err(miss) => {
            let mut details: Vec<FieldError> =
                match state.sandbox.call(Op::ValidateRulesQuery { query: json }, Due::Request).await? {
                    Ok(details) => serde_json::from_slice(&details).map_err(anyhow::Error::from)?,
                    Err(error) => return Err(lookup::engine_error(error)),
                };
            // The engine's rules query takes district_id as optional; the server
            // needs it to pick a profile.
            if query.get("district_id").is_none() {
                let after_judge = details.iter().take_while(|detail| detail.path == "judge_slug").count();
                details.insert(after_judge, FieldError::new("district_id", "is required"));
            }
            if details.is_empty()
                && let Miss::Error(ApiError::NoProfile(court)) = &miss
                && court.status == CourtStatus::Live
            {
                return from_sources(&state, &catalogue, court, &query).await;
            }
            return Err(miss.after_validation(details));
        }
    };
    let answer =
        state.sandbox.call(Op::ResolveRules { profile: Arc::clone(&profile.bytes), query: json }, Due::Request).await?;
    Ok(json_response(answer.map_err(lookup::engine_error)?))
}

fn find_profile<'c>(
    catalogue: &'c Catalogue,
    key: &ApiKey,
    contact: &str,
    query: &QueryPairs,
) -> Result<&'c CompiledProfile, Miss> {
    let (Ok(district_id), Ok(judge_slug)) = (query.require("district_id"), query.require("judge_slug")) else {
        return Err(Miss::Unroutable);
    };
    let court = key.court(catalogue, district_id, contact)?;
    lookup::judge(catalogue, court, judge_slug)?;
    Ok(lookup::profile(catalogue, court)?)
}

/// `/rules`' answer: the engine's layered rules, or — for a live court without a
/// compliance profile — the rules from its source documents.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // describes the response for the OpenAPI document
pub enum RulesAnswer {
    Layered(LayeredRules),
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

/// The answer for a live court without a profile (the query is already valid).
async fn from_sources(
    state: &AppState,
    catalogue: &Catalogue,
    court: &Court,
    query: &QueryPairs,
) -> Result<Response, ApiError> {
    let judge_slug = query.get("judge_slug").unwrap_or_default();
    let name = catalogue.judges(&court.district_id).iter().find(|judge| judge.slug == judge_slug);
    let found = extracted::of_district(&state.db, &court.district_id, &["court", judge_slug]).await?;
    // A rule limited to some document scopes or motion types drops out when the query
    // names another; a rule without such a limit always stays.
    let relevant =
        |rule: &ExtractedRule, field: &str, parameter: &str| match (query.get(parameter), rule.applies_to(field)) {
            (Some(wanted), Some(allowed)) => allowed.contains(&wanted),
            _ => true,
        };
    let (mut court_rules, mut judge_rules) = (Vec::new(), Vec::new());
    for rule in found {
        if !relevant(&rule, "document_scopes", "document_scope") || !relevant(&rule, "motion_types", "motion_type") {
            continue;
        }
        if rule.judge_slug == "court" { &mut court_rules } else { &mut judge_rules }.push(SourceRule::from(rule));
    }
    let answer = SourceRules {
        judge: SourceJudge { slug: judge_slug.to_owned(), name: name.map(|judge| judge.name.clone()) },
        meta: SourceRulesMeta {
            total_rules: (court_rules.len() + judge_rules.len()) as u32,
            compliance_profile: false,
        },
        rules: SourceRuleGroups { court: court_rules, judge: judge_rules },
    };
    Ok(Json(answer).into_response())
}
