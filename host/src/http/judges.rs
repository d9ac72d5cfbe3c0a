//! `GET /api/v1/judges?district_id=`: a district's roster.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::{QueryPairs, missing_parameters};
use axum::Json;
use axum::extract::State;
use courtrules_engine::model::JudgeType;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document
pub struct JudgesQuery {
    #[param(min_length = 1, max_length = 120, example = "edny")]
    district_id: String,
}

#[derive(Serialize, ToSchema)]
pub struct JudgesResponse {
    pub district_id: String,
    pub judges: Vec<JudgeEntry>,
    pub meta: JudgesMeta,
}

#[derive(Serialize, ToSchema)]
pub struct JudgeEntry {
    /// Used as `judge_slug` elsewhere.
    pub slug: String,
    pub name: String,
    /// Whether judge-specific standing-order rules exist.
    pub has_profile: bool,
    pub judge_type: Option<JudgeType>,
    pub bio: Option<String>,
    pub chambers: Option<String>,
    pub profile_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct JudgesMeta {
    /// Judges in the district.
    pub total: u32,
    /// Judges with standing-order profiles.
    pub profiled: u32,
}

/// The judges of a district
#[utoipa::path(
    get,
    path = "/api/v1/judges",
    tag = "courts",
    params(JudgesQuery),
    responses(
        (status = 200, description = "The district's judges, in roster order", body = JudgesResponse),
        (status = 400, description = "district_id is missing", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn judges(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<JudgesResponse>, ApiError> {
    let district_id = query.require("district_id").map_err(|missing| missing_parameters(vec![missing]))?;
    let catalogue = state.catalogue.get();
    let court = key.court(&catalogue, district_id, &state.config.contact)?;
    let judges: Vec<JudgeEntry> = catalogue
        .judges(&court.district_id)
        .iter()
        .map(|judge| JudgeEntry {
            slug: judge.slug.clone(),
            name: judge.name.clone(),
            has_profile: judge.has_profile,
            judge_type: judge.judge_type,
            bio: judge.bio.clone(),
            chambers: judge.chambers.clone(),
            profile_url: judge.profile_url.clone(),
        })
        .collect();
    let meta = JudgesMeta {
        total: judges.len() as u32,
        profiled: judges.iter().filter(|judge| judge.has_profile).count() as u32,
    };
    Ok(Json(JudgesResponse { district_id: court.district_id.clone(), judges, meta }))
}
