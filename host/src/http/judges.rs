//! `GET /api/v1/judges?district_id=`: a district's roster (`service::courts::judges`).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{Query, Text, query_params};
use crate::service::courts::{self, JudgesResponse};
use crate::service::error::{ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use axum::Json;
use axum::extract::State;

query_params! {
    /// The query of `/judges`; also the arguments of the MCP tool `search_judges`.
    #[derive(schemars::JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct JudgesQuery {
        /// The court, e.g. `edny` (the courts' list gives each court's `district_id`).
        #[param(example = "edny")]
        pub district_id: Text<120>,
    }
}

/// The judges of a district
#[utoipa::path(
    get,
    path = "/api/v1/judges",
    tag = "courts",
    params(JudgesQuery),
    responses(
        (status = 200, description = "The district's judges, in roster order: the real roster (each with its source and date), then any sample judges. Every profiled district also takes `judge_slug=court` elsewhere (its court-wide rules), which is not listed here", body = JudgesResponse),
        (status = 400, description = "district_id is missing, empty or too long, or a parameter is unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn judges(
    State(state): State<AppState>,
    key: ApiKey,
    Query(query): Query<JudgesQuery>,
) -> Result<Json<JudgesResponse>, ApiError> {
    Ok(Json(courts::judges(&state.service, &key.caller, &query.district_id)?))
}
