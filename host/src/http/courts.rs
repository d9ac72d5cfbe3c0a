//! `GET /api/v1/courts` (the whole catalogue, one response) and
//! `GET /api/v1/courts/{district_id}` (one court: 403 when it is outside the key's
//! plan, 404 when the id is not a court at all); `service::courts`.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{NoParams, PathParams, Query};
use crate::service::courts::{self, CourtEntry, CourtsResponse};
use crate::service::error::{ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use axum::Json;
use axum::extract::State;

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
pub async fn courts(State(state): State<AppState>, key: ApiKey, _: Query<NoParams>) -> Json<CourtsResponse> {
    Json(courts::courts(&state.service, &key.caller))
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
        (status = 403, description = "Invalid key, or the court is outside the key's plan (structured body)", body = ForbiddenBody),
        (status = 404, description = "No court has this id", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn court(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Json<CourtEntry>, ApiError> {
    Ok(Json(courts::court(&state.service, &key.caller, path.get("district_id"))?))
}
