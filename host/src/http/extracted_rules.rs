//! `GET /api/v1/extracted-rules`: raw extracted rules with provenance, filtered and
//! searched in full text (`q`). No conflict resolution: each rule as extracted.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::QueryPairs;
use super::query::Params;
use crate::keys::Plan;
use crate::store::extracted::{self, ExtractedRule, RuleSearch};
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_LIMIT: i64 = 100;
pub const MAX_LIMIT: i64 = 500;
/// Longest `q` (characters).
pub const MAX_Q: usize = 500;
/// Longest value of the other text filters.
const MAX_TEXT: usize = 120;

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document; `Params` reads it
pub struct ExtractedRulesQuery {
    /// Only this court's rules (default: every court the key may query).
    #[param(min_length = 1, max_length = 120, example = "edny")]
    district_id: Option<String>,
    /// Only this judge's (calendar's, department's, courtroom's) rules; `court` for
    /// court-level rules only.
    #[param(min_length = 1, max_length = 120, example = "avery-sample")]
    judge_slug: Option<String>,
    /// With `judge_slug`: also the court-level rules of the judge's court (default true).
    include_court_rules: Option<bool>,
    /// e.g. `ElectronicFilingRule`, `FilingTimingRule`, `ServiceRule`, `FilingFeeRule`,
    /// `CourtesyCopyRule`, `WordLimitRule` (exact match).
    #[param(min_length = 1, max_length = 120, example = "CourtesyCopyRule")]
    logic_type: Option<String>,
    /// e.g. `FILING`, `CASE_INITIATION`, `MOTION_PRACTICE` (exact match).
    #[param(min_length = 1, max_length = 120, example = "FILING")]
    workflow_phase: Option<String>,
    /// Rules for this case type (e.g. `civil`, `commercial`), together with the rules
    /// without a case-type limit.
    #[param(min_length = 1, max_length = 120, example = "civil")]
    case_type: Option<String>,
    /// Full-text search over summary, source text, tags, structured data and citation:
    /// every word must match (stemmed); `"quoted words"` must appear as a phrase.
    /// Punctuation is ignored; a `q` without letters or digits does not filter.
    #[param(min_length = 1, max_length = 500, example = "courtesy copies")]
    q: Option<String>,
    /// Most rules returned (default 100).
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct ExtractedRulesResponse {
    pub rules: Vec<ExtractedRule>,
    pub meta: ExtractedRulesMeta,
}

/// The number returned, the limit, and the filters applied.
#[derive(Serialize, ToSchema)]
pub struct ExtractedRulesMeta {
    /// Rules returned.
    pub total: u32,
    pub limit: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_slug: Option<String>,
    /// Present when `judge_slug` is given (whether court-level rules were added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub include_court_rules: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logic_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workflow_phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
}

/// Search extracted filing rules (state and federal courts) with provenance
#[utoipa::path(
    get,
    path = "/api/v1/extracted-rules",
    tag = "rules",
    params(ExtractedRulesQuery),
    responses(
        (status = 200, description = "The rules: best match first with `q`, otherwise by court and source order", body = ExtractedRulesResponse),
        (status = 400, description = "A parameter is malformed, out of range or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn extracted_rules(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<ExtractedRulesResponse>, ApiError> {
    let known =
        ["district_id", "judge_slug", "include_court_rules", "logic_type", "workflow_phase", "case_type", "q", "limit"];
    let mut params = Params::new(&query, &known);
    let district_id = params.text("district_id", MAX_TEXT);
    let judge_slug = params.text("judge_slug", MAX_TEXT);
    let include_court_rules = params.boolean("include_court_rules").unwrap_or(true);
    let logic_type = params.text("logic_type", MAX_TEXT);
    let workflow_phase = params.text("workflow_phase", MAX_TEXT);
    let case_type = params.text("case_type", MAX_TEXT);
    let q = params.text("q", MAX_Q);
    let limit = params.integer("limit", 1, MAX_LIMIT).unwrap_or(DEFAULT_LIMIT);
    params.finish()?;

    let catalogue = state.catalogue.get();
    let districts = match (district_id, &key.plan) {
        (Some(district_id), _) => {
            Some(vec![key.court(&catalogue, district_id, &state.config.contact)?.district_id.clone()])
        }
        (None, Plan::All) => None,
        (None, Plan::Districts(districts)) => Some(districts.iter().cloned().collect()),
    };
    // A judge's court-level rules: those of the district asked for, or else of every
    // district whose roster or rules name the judge.
    let court_rules_of = match judge_slug {
        Some(judge) if include_court_rules && judge != "court" => match district_id {
            Some(district_id) => vec![district_id.to_owned()],
            None => {
                let mut courts: Vec<String> = catalogue
                    .courts()
                    .filter(|court| catalogue.judges(&court.district_id).iter().any(|j| j.slug == judge))
                    .map(|court| court.district_id.clone())
                    .collect();
                courts.extend(extracted::districts_of_judge(&state.db, judge).await?);
                courts.sort();
                courts.dedup();
                courts
            }
        },
        _ => Vec::new(),
    };
    let search = RuleSearch {
        districts,
        judge_slug: judge_slug.map(str::to_owned),
        court_rules_of,
        logic_type: logic_type.map(str::to_owned),
        workflow_phase: workflow_phase.map(str::to_owned),
        case_type: case_type.map(str::to_owned),
        terms: q.map(extracted::parse_terms).unwrap_or_default(),
        limit: limit as usize,
    };
    let rules = extracted::search(&state.db, &search).await?;
    let meta = ExtractedRulesMeta {
        total: rules.len() as u32,
        limit: limit as u32,
        district_id: district_id.map(str::to_owned),
        judge_slug: judge_slug.map(str::to_owned),
        include_court_rules: judge_slug.map(|_| include_court_rules),
        logic_type: logic_type.map(str::to_owned),
        workflow_phase: workflow_phase.map(str::to_owned),
        case_type: case_type.map(str::to_owned),
        q: q.map(str::to_owned),
    };
    Ok(Json(ExtractedRulesResponse { rules, meta }))
}
