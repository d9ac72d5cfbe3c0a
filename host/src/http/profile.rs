//! `GET /api/v1/profile?district_id=&judge_slug=`: the compliance profile the engine
//! consumes, trimmed to one judge, so a client can check offline with the same engine.
//! The format is `docs/profile-format.md`.

use super::AppState;
use super::auth::ApiKey;
use super::error::{
    ApiError, DistrictNotAccessibleBody, ErrorBody, NoProfileBody, UnknownDistrictBody, ValidationErrorBody,
};
use super::extract::{QueryPairs, missing_parameters};
use super::lookup;
use axum::Json;
use axum::extract::State;
use courtrules_engine::model::Profile;
use utoipa::IntoParams;

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document
pub struct ProfileQuery {
    #[param(min_length = 1, max_length = 120, example = "edny")]
    district_id: String,
    #[param(min_length = 1, max_length = 120, example = "avery-sample")]
    judge_slug: String,
}

/// A judge's compliance profile, as the engine consumes it
#[utoipa::path(
    get,
    path = "/api/v1/profile",
    tag = "rules",
    params(ProfileQuery),
    responses(
        (status = 200, description = "The district's profile with `judges` holding only the judge asked for (docs/profile-format.md)", body = Profile),
        (status = 400, description = "A parameter is missing", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = UnknownDistrictBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn profile(State(state): State<AppState>, key: ApiKey, query: QueryPairs) -> Result<Json<Profile>, ApiError> {
    let (district_id, judge_slug) = match (query.require("district_id"), query.require("judge_slug")) {
        (Ok(district_id), Ok(judge_slug)) => (district_id, judge_slug),
        (district, judge) => {
            return Err(missing_parameters([judge.err(), district.err()].into_iter().flatten().collect()));
        }
    };
    let catalogue = state.catalogue.get();
    let court = key.court(&catalogue, district_id, &state.config.contact)?;
    lookup::judge(&catalogue, court, judge_slug)?;
    let compiled = lookup::profile(&catalogue, court)?;
    let mut profile = compiled.profile.clone();
    profile.judges.retain(|judge| judge.slug == judge_slug);
    Ok(Json(profile))
}
