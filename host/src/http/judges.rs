//! `GET /api/v1/judges?district_id=`: a district's roster.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::{QueryPairs, missing_parameters};
use axum::Json;
use axum::extract::State;
use courtrules_engine::model::{CoverageLevel, JudgeType};
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
    /// `district` (active district judge), `senior` or `magistrate`.
    pub judge_type: Option<JudgeType>,
    /// The court's title for the judge, e.g. "Chief Judge".
    pub title: Option<String>,
    pub bio: Option<String>,
    pub chambers: Option<String>,
    /// The judge's page on the court's website.
    pub profile_url: Option<String>,
    /// `full`: the judge's standing-order rules are encoded; `district`: only the national
    /// and local layers apply (checks say so); `sample`: fictional demonstration data.
    pub coverage_level: CoverageLevel,
    /// True for fictional demonstration data: a judge of no court.
    pub sample: bool,
    /// Where the judge's membership and status were read (null for sample data).
    pub source: Option<String>,
    /// The date that source shows the judge in that status (YYYY-MM-DD).
    pub as_of: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct JudgesMeta {
    /// Real judges in the district (sample judges are not counted).
    pub total: u32,
    /// Real judges with standing-order profiles.
    pub profiled: u32,
    /// Sample judges listed (fictional demonstration data).
    pub sample: u32,
    /// The newest `as_of` of the roster, when it has dated entries.
    pub roster_as_of: Option<String>,
}

/// The judges of a district
#[utoipa::path(
    get,
    path = "/api/v1/judges",
    tag = "courts",
    params(JudgesQuery),
    responses(
        (status = 200, description = "The district's judges, in roster order: the real roster (each with its source and date), then any sample judges. Every profiled district also takes `judge_slug=court` elsewhere (its court-wide rules), which is not listed here", body = JudgesResponse),
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
            title: judge.title.clone(),
            bio: judge.bio.clone(),
            chambers: judge.chambers.clone(),
            profile_url: judge.profile_url.clone(),
            coverage_level: judge.coverage_level(),
            sample: judge.sample,
            source: judge.source.clone(),
            as_of: judge.as_of.clone(),
        })
        .collect();
    let real = || judges.iter().filter(|judge| !judge.sample);
    let meta = JudgesMeta {
        total: real().count() as u32,
        profiled: real().filter(|judge| judge.has_profile).count() as u32,
        sample: judges.iter().filter(|judge| judge.sample).count() as u32,
        roster_as_of: real().filter_map(|judge| judge.as_of.clone()).max(),
    };
    Ok(Json(JudgesResponse { district_id: court.district_id.clone(), judges, meta }))
}
