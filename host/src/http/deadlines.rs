//! `POST /api/v1/deadlines`: the deadlines after an event, each with the trail of its
//! computation (`service::deadlines`), as JSON or, when the `Accept` header prefers
//! `text/calendar`, as iCalendar (406 when it accepts neither); `GET /api/v1/courts/{district_id}/time-rules`: the document they are
//! computed from, for computing them offline with the engine's browser build.

use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::extract::JsonBody;
use super::query::{NoParams, PathParams, Query};
use super::{AppState, json_response};
use crate::service::deadlines;
use crate::service::error::{ErrorBody, NoProfileBody, NotFoundBody, UnknownDistrictBody, ValidationErrorBody};
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
        (status = 200, description = "Each deadline with its date and the trail of its computation (Fed. R. Civ. P. 6), earliest first; when the `Accept` header prefers `text/calendar` (by its q-values; JSON on a tie), the same as iCalendar (RFC 5545), one event per deadline. Carries `Vary: Accept`", content(
            (DeadlineResponse = "application/json"),
            (String = "text/calendar"),
        )),
        (status = 400, description = "The request failed validation", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 406, description = "The `Accept` header accepts neither `application/json` nor `text/calendar`; or it accepts only `text/calendar` and no deadline follows the event (a calendar holds at least one event)", body = ErrorBody),
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
    let Some(format) = negotiate(&headers) else {
        let mut response = ApiError::NotAcceptable.into_response();
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept"));
        return Ok(response);
    };
    let answer = deadlines::deadlines(&state.service, &key.caller, body).await?;
    let mut response = match format {
        Format::Json => json_response(answer),
        Format::Calendar => match crate::ics::from_json(&answer) {
            Ok(calendar) => {
                ([(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"))], calendar)
                    .into_response()
            }
            // No deadline: JSON when the client takes it too (its notes say why), else 406.
            Err(crate::service::error::Error::NoCalendarEvents(_)) if accepts_json(&headers) => json_response(answer),
            Err(error) => ApiError::Service(error).into_response(),
        },
    };
    // The answer depends on the Accept header: caches must key on it.
    response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept"));
    Ok(response)
}

/// The representations `/deadlines` answers in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Json,
    Calendar,
}

/// The representation the `Accept` header prefers (RFC 9110 §12.5.1): each one's
/// quality is the q-value of the most specific media range that matches it (`text/calendar`
/// over `text/*` over `*/*`), 0 when none does; q=0 means "not acceptable". The higher
/// quality wins, JSON on a tie; `None` when both are unacceptable. A malformed media
/// range (or q-value) is left out, and a header with no well-formed range is read as no
/// header at all: JSON.
fn negotiate(headers: &HeaderMap) -> Option<Format> {
    match qualities(headers) {
        None => Some(Format::Json),
        Some((0, 0)) => None,
        Some((json, calendar)) if calendar > json => Some(Format::Calendar),
        Some(_) => Some(Format::Json),
    }
}

/// Whether the `Accept` header takes JSON at all (q > 0), preferred or not.
fn accepts_json(headers: &HeaderMap) -> bool {
    qualities(headers).is_none_or(|(json, _)| json > 0)
}

/// The qualities (in thousandths) the `Accept` header gives JSON and iCalendar; `None`
/// when it has no well-formed media range (read as no header).
fn qualities(headers: &HeaderMap) -> Option<(u16, u16)> {
    let mut ranges = Vec::new();
    for value in headers.get_all(header::ACCEPT) {
        // A header that is not visible ASCII names nothing this endpoint could send.
        let Ok(value) = value.to_str() else { continue };
        ranges.extend(value.split(',').filter(|range| !range.trim().is_empty()).filter_map(media_range));
    }
    if ranges.is_empty() {
        return None;
    }
    let quality = |kind: &str, subtype: &str| -> u16 {
        ranges
            .iter()
            .filter_map(|range| {
                let specificity = match (range.kind.as_str(), range.subtype.as_str()) {
                    (k, s) if k.eq_ignore_ascii_case(kind) && s.eq_ignore_ascii_case(subtype) => 2,
                    (k, "*") if k.eq_ignore_ascii_case(kind) => 1,
                    ("*", "*") => 0,
                    _ => return None,
                };
                Some((specificity, range.quality))
            })
            .max_by_key(|(specificity, _)| *specificity)
            .map_or(0, |(_, quality)| quality)
    };
    Some((quality("application", "json"), quality("text", "calendar")))
}

/// One media range of an `Accept` header: `type/subtype`, and its q-value in
/// thousandths (1000 when it has none).
struct MediaRange {
    kind: String,
    subtype: String,
    quality: u16,
}

fn media_range(text: &str) -> Option<MediaRange> {
    let mut parts = text.split(';');
    let (kind, subtype) = parts.next()?.trim().split_once('/')?;
    let (kind, subtype) = (kind.trim(), subtype.trim());
    // Each a token (RFC 9110 §5.6.2): `garbage///` and `a/b/c` name no media range.
    if !token(kind) || !token(subtype) || (kind == "*" && subtype != "*") {
        return None;
    }
    let mut quality = 1000;
    for parameter in parts {
        let Some((name, value)) = parameter.split_once('=') else { continue };
        if name.trim().eq_ignore_ascii_case("q") {
            quality = q_value(value.trim())?;
        }
    }
    Some(MediaRange { kind: kind.to_owned(), subtype: subtype.to_owned(), quality })
}

/// Whether `text` is a token (RFC 9110 §5.6.2): one or more of the visible ASCII
/// characters other than the delimiters `"(),/:;<=>?@[\]{}`.
fn token(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// A q-value (`0`, `0.5`, `1.000`: at most three decimals, from 0 to 1) in thousandths.
fn q_value(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u16>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negotiated(accept: &[&str]) -> Option<Format> {
        let mut headers = HeaderMap::new();
        for value in accept {
            headers.append(header::ACCEPT, HeaderValue::from_str(value).unwrap());
        }
        negotiate(&headers)
    }

    #[test]
    fn the_accept_header_is_read_with_its_q_values() {
        use Format::{Calendar, Json};
        let cases: &[(&[&str], Option<Format>)] = &[
            (&[], Some(Json)),
            (&[""], Some(Json)),
            (&["*/*"], Some(Json)),
            (&["application/json"], Some(Json)),
            (&["text/calendar"], Some(Calendar)),
            (&["TEXT/Calendar; charset=utf-8"], Some(Calendar)),
            (&["text/*"], Some(Calendar)),
            (&["text/calendar;q=0"], None),
            (&["text/calendar;q=0, */*;q=0.1"], Some(Json)),
            (&["application/json, text/calendar;q=0.1"], Some(Json)),
            (&["application/json;q=0.5, text/calendar"], Some(Calendar)),
            (&["application/json;q=0.5", "text/calendar;q=0.9"], Some(Calendar)),
            (&["application/json, text/calendar"], Some(Json)),
            (&["text/calendar;q=0.5, application/*;q=0.5"], Some(Json)),
            (&["*/*;q=0.1, text/calendar"], Some(Calendar)),
            (&["*/*, text/calendar;q=0"], Some(Json)),
            (&["text/*;q=0.8, application/json;q=0.7"], Some(Calendar)),
            (&["text/html"], None),
            (&["*/*;q=0"], None),
            (&["application/json;q=0, text/calendar;q=0"], None),
            (&["text/calendar;q=2"], Some(Json)),
            (&["text/calendar;q=2, text/html"], None),
            (&["text/calendar;q=0.0001, application/json;q=0"], None),
            (&["text/calendar;q=0.001, application/json;q=0"], Some(Calendar)),
            (&["text/calendar; q = 0"], None),
            (&["nonsense, text/calendar"], Some(Calendar)),
            // No well-formed media range: read as no header.
            (&["garbage///"], Some(Json)),
            (&["a/b/c"], Some(Json)),
            (&["text/calendar/x"], Some(Json)),
            (&["te xt/calendar"], Some(Json)),
            (&["text/html", "a/b/c"], None),
            (&["a/b/c, text/calendar"], Some(Calendar)),
        ];
        for (accept, expected) in cases {
            assert_eq!(negotiated(accept), *expected, "Accept: {accept:?}");
        }
    }
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
        (status = 403, description = "Invalid key, or the court is outside the key's plan", body = ForbiddenBody),
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
