//! `GET /api/v1/rules`: the layered rules for a judge (`service::rules`). The engine
//! checks the query, so its parameters are read as given.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::extract::QueryPairs;
use crate::service::error::{ErrorBody, NoProfileBody, NotFoundBody, ValidationErrorBody};
use crate::service::rules::{self, RulesAnswer, RulesQuery};
use axum::Json;
use axum::extract::State;

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
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 422, description = "The court is not live (coming soon) and has no compliance profile", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn rules(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<RulesAnswer>, ApiError> {
    Ok(Json(rules::rules(&state.service, &key.caller, &query.0).await?))
}
