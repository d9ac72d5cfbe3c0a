//! `POST /api/v1/check`: a described filing against its judge's rules, answered by the
//! wasm engine. Order of checks: auth → JSON → validation (400) → district (404/403)
//! → judge (404) → profile (422) → check.

use super::auth::ApiKey;
use super::error::{
    ApiError, DistrictNotAccessibleBody, ErrorBody, NoProfileBody, UnknownDistrictBody, ValidationErrorBody,
};
use super::extract::JsonBody;
use super::lookup::{self, Miss};
use super::{AppState, json_response};
use crate::sandbox::{Due, Op, Sandbox};
use crate::store::catalogue::{Catalogue, CompiledProfile};
use axum::extract::State;
use axum::response::Response;
use courtrules_engine::model::{CheckRequest, CheckResponse};
use serde::Deserialize;
use std::sync::Arc;

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
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = UnknownDistrictBody),
        (status = 413, description = "Body or engine memory limit exceeded", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
        (status = 503, description = "The engine did not answer within its deadline", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn check(State(state): State<AppState>, key: ApiKey, JsonBody(body): JsonBody) -> Result<Response, ApiError> {
    let catalogue = state.catalogue.get();
    let answer = run(&state.sandbox, &catalogue, &key, &state.config.contact, body).await?;
    Ok(json_response(answer))
}

/// The check, shared by the server and the offline CLI: the engine's response JSON,
/// byte for byte what the browser build of the engine computes.
pub async fn run(
    sandbox: &Arc<Sandbox>,
    catalogue: &Catalogue,
    key: &ApiKey,
    contact: &str,
    body: Vec<u8>,
) -> Result<Vec<u8>, ApiError> {
    let profile = match find_profile(catalogue, key, contact, &body) {
        Ok(profile) => profile,
        Err(miss) => {
            // Validation outranks the lookup: an invalid request for an unknown
            // district is a 400. Only this path pays for a separate validate call.
            let details = match sandbox.call(Op::Validate { request: body }, Due::Request).await? {
                Ok(details) => serde_json::from_slice(&details).map_err(anyhow::Error::from)?,
                Err(error) => return Err(lookup::engine_error(error)),
            };
            return Err(miss.after_validation(details));
        }
    };
    // The engine validates again here; a valid request pays for one engine call.
    sandbox
        .call(Op::Check { profile: Arc::clone(&profile.bytes), request: body }, Due::Request)
        .await?
        .map_err(lookup::engine_error)
}

/// The two ids a check request routes by, when they are strings.
#[derive(Deserialize)]
struct Route {
    #[serde(default)]
    district_id: Option<serde_json::Value>,
    #[serde(default)]
    judge_slug: Option<serde_json::Value>,
}

fn find_profile<'c>(
    catalogue: &'c Catalogue,
    key: &ApiKey,
    contact: &str,
    body: &[u8],
) -> Result<&'c CompiledProfile, Miss> {
    let route: Route = serde_json::from_slice(body).unwrap_or(Route { district_id: None, judge_slug: None });
    let (Some(serde_json::Value::String(district_id)), Some(serde_json::Value::String(judge_slug))) =
        (route.district_id, route.judge_slug)
    else {
        return Err(Miss::Unroutable);
    };
    let court = key.court(catalogue, &district_id, contact)?;
    lookup::judge(catalogue, court, &judge_slug)?;
    Ok(lookup::profile(catalogue, court)?)
}
