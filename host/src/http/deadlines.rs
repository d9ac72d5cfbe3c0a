//! `POST /api/v1/deadlines`: the deadlines after an event, each with the trail of its
//! computation (`service::deadlines`), as JSON or, with `Accept: text/calendar`, as
//! iCalendar; `GET /api/v1/courts/{district_id}/time-rules`: the document they are
//! computed from, for computing them offline with the engine's browser build.

use super::auth::ApiKey;
use super::error::ApiError;
use super::extract::JsonBody;
use super::query::{NoParams, PathParams, Query};
use super::{AppState, json_response};
use crate::service::deadlines;
use crate::service::error::{
    DistrictNotAccessibleBody, ErrorBody, NoProfileBody, UnknownDistrictBody, ValidationErrorBody,
};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::{DeadlineRequest, DeadlineResponse, TimeRules};

/// Compute the deadlines that follow an event
#[utoipa::path(
    post,
    path = "/api/v1/deadlines",
    tag = "deadlines",
    request_body(content = DeadlineRequest, content_type = "application/json", example = json!({
        "district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2026-03-02"
    })),
    responses(
        (status = 200, description = "Each deadline with its date and the trail of its computation (Fed. R. Civ. P. 6), earliest first; with `Accept: text/calendar`, the same as iCalendar (RFC 5545), one event per deadline", content(
            (DeadlineResponse = "application/json"),
            (String = "text/calendar"),
        )),
        (status = 400, description = "The request failed validation", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = UnknownDistrictBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile (and so no time rules)", body = NoProfileBody),
        (status = 503, description = "The engine did not answer within its deadline", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn deadlines(
    State(state): State<AppState>,
    key: ApiKey,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    let answer = deadlines::deadlines(&state.service, &key.caller, body).await?;
    if !wants_calendar(&headers) {
        return Ok(json_response(answer));
    }
    let calendar = crate::ics::from_json(&answer)?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"))], calendar).into_response())
}

/// Whether the client asked for iCalendar rather than JSON.
fn wants_calendar(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|kind| kind.split(';').next().is_some_and(|kind| kind.trim().eq_ignore_ascii_case("text/calendar")))
}

/// A court's time rules
#[utoipa::path(
    get,
    path = "/api/v1/courts/{district_id}/time-rules",
    tag = "deadlines",
    params(("district_id" = String, Path, description = "The court's id", max_length = 120, example = "sdny")),
    responses(
        (status = 200, description = "The periods of each layer, the state's legal holidays, the closures and the quoted paragraphs of Fed. R. Civ. P. 6: what the engine computes the court's deadlines from (docs/deadlines.md)", body = TimeRules),
        (status = 400, description = "The endpoint takes no query parameters", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or the court is outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "No court has this id", body = UnknownDistrictBody),
        (status = 422, description = "The court has no compliance profile (and so no time rules)", body = NoProfileBody),
    ),
    security(("bearer" = []))
)]
pub async fn time_rules(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Response, ApiError> {
    Ok(json_response(deadlines::time_rules(&state.service, &key.caller, path.get("district_id")).await?))
}
