//! `POST /api/v1/check`: a described filing against its judge's rules
//! (`service::check`). Order of checks: auth → JSON → validation (400) → district
//! (404/403) → judge (404) → profile (422) → check.

use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::extract::JsonBody;
use super::{AppState, json_response};
use crate::service::check;
use crate::service::error::{ErrorBody, NoProfileBody, NotFoundBody, ValidationErrorBody};
use axum::extract::State;
use axum::response::Response;
use courtrules_engine::model::{CheckRequest, CheckResponse};

/// Check a described filing against its judge's rules
#[utoipa::path(
    post,
    path = "/api/v1/check",
    tag = "compliance",
    request_body(content = CheckRequest, content_type = "application/json", example = json!({
        "judge_slug": "avery-sample", "district_id": "edny", "document_scope": "brief_support",
        "motion_type": "Rule_56", "is_pro_se": false, "pmc_completed": true, "opposing_party_pro_se": false,
        "filing_role": "movant", "document": {"page_count": 30, "word_count": 8000}
    })),
    responses(
        (status = 200, description = "The compliance check. `meta.coverage_note` says what it covered; for a judge whose individual practices are not encoded, one `ACTION_REQUIRED` result of category `COVERAGE` says to read them. `judge_slug: court` checks a district's court-wide rules", body = CheckResponse),
        (status = 400, description = "The request failed validation", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 413, description = "Body or engine memory limit exceeded", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
        (status = 503, description = "The engine did not answer within its deadline", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn check(State(state): State<AppState>, key: ApiKey, JsonBody(body): JsonBody) -> Result<Response, ApiError> {
    Ok(json_response(check::check(&state.service, &key.caller, body).await?))
}
