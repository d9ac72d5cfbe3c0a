//! `GET /api/v1/courts` (the whole catalogue, one response) and
//! `GET /api/v1/courts/{district_id}` (one court: 403 when it is outside the key's
//! plan, 404 when the id is not a court at all).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::QueryPairs;
use super::query::{Params, PathParams};
use crate::store::courts::{Court, CourtStatus};
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

/// A court: the spec's Court resource.
#[derive(Serialize, ToSchema)]
pub struct CourtEntry {
    /// Unique. Federal codes are short (`edny`); state courts are
    /// `<two-letter state>-<hyphenated name>`.
    #[schema(example = "edny")]
    pub district_id: String,
    pub name: String,
    /// `1st` … `11th` or `D.C.`; null for state courts.
    pub circuit: Option<String>,
    /// USPS code of the state or territory; null for a court not tied to one.
    pub state: Option<String>,
    pub status: CourtStatus,
    /// Judges on the roster; present only when the court has judge data.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub judges_mapped: Option<u32>,
    /// Judges with standing-order profiles; present only for live courts with profiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub judges_profiled: Option<u32>,
}

impl From<&Court> for CourtEntry {
    fn from(court: &Court) -> Self {
        CourtEntry {
            district_id: court.district_id.clone(),
            name: court.name.clone(),
            circuit: court.circuit.clone(),
            state: court.state.clone(),
            status: court.status,
            judges_mapped: court.judges_mapped,
            judges_profiled: court.judges_profiled,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CourtsResponse {
    pub courts: Vec<CourtEntry>,
    pub meta: CourtsMeta,
}

#[derive(Serialize, ToSchema)]
pub struct CourtsMeta {
    /// Courts in the catalogue.
    pub total_districts: u32,
    /// Courts with at least one judge mapped.
    pub districts_with_data: u32,
    /// Judges mapped, over all courts.
    pub total_judges_mapped: u32,
    /// The districts the caller's key may query (its plan).
    pub accessible_districts: Vec<String>,
}

/// Every court, with coverage status and roster counts
#[utoipa::path(
    get,
    path = "/api/v1/courts",
    tag = "courts",
    responses(
        (status = 200, description = "Every court, by district_id, in one response", body = CourtsResponse),
        (status = 400, description = "The endpoint takes no parameters", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn courts(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<CourtsResponse>, ApiError> {
    Params::new(&query, &[]).finish()?;
    let catalogue = state.catalogue.get();
    let courts: Vec<CourtEntry> = catalogue.courts().map(CourtEntry::from).collect();
    let meta = CourtsMeta {
        total_districts: courts.len() as u32,
        districts_with_data: courts.iter().filter(|court| court.judges_mapped.is_some_and(|n| n > 0)).count() as u32,
        total_judges_mapped: courts.iter().filter_map(|court| court.judges_mapped).sum(),
        accessible_districts: key.accessible_districts(&catalogue),
    };
    Ok(Json(CourtsResponse { courts, meta }))
}

/// One court
#[utoipa::path(
    get,
    path = "/api/v1/courts/{district_id}",
    tag = "courts",
    params(("district_id" = String, Path, description = "The court's id (aliases such as `nyed` are not ids: 404 naming the id)", max_length = 120, example = "edny")),
    responses(
        (status = 200, description = "The court", body = CourtEntry),
        (status = 400, description = "The endpoint takes no query parameters", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or the court is outside the key's plan (structured body)", body = DistrictNotAccessibleBody),
        (status = 404, description = "No court has this id", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn court(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    query: QueryPairs,
) -> Result<Json<CourtEntry>, ApiError> {
    Params::new(&query, &[]).finish()?;
    let catalogue = state.catalogue.get();
    let court = key.court(&catalogue, path.get("district_id"), &state.config.contact)?;
    Ok(Json(CourtEntry::from(court)))
}
