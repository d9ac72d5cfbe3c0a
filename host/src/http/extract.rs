//! Body and query extractors whose rejections are `ApiError`s: axum's own answer
//! with plain text, which the API never does.

use super::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_ENCODING, CONTENT_TYPE};
use axum::http::request::Parts;
use courtrules_engine::model::FieldError;

/// A POST body that is syntactically JSON, sent as `application/json`. Whether it is a
/// valid request is the engine's call.
pub struct JsonBody(pub Vec<u8>);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        if let Some(refusal) = refusal(&request) {
            // The body is read (within the limit) before the refusal is answered: a
            // connection closed on unread bytes is reset, and the client may lose the
            // answer to the reset ("peer disconnected") instead of reading the 415.
            let _ = read_body(request).await;
            return Err(refusal);
        }
        let bytes = without_bom(read_body(request).await?);
        crate::service::check::require_json(&bytes)?;
        Ok(JsonBody(bytes.to_vec()))
    }
}

/// Why a body sent with these headers is refused whatever it holds: not sent as
/// `application/json` (415), or compressed (415 naming the coding).
fn refusal(request: &Request) -> Option<ApiError> {
    if !is_json(request.headers().get(CONTENT_TYPE)) {
        return Some(ApiError::UnsupportedMediaType);
    }
    content_coding(request).map(ApiError::UnsupportedContentEncoding)
}

/// The body of a POST that takes none (`/standing-order-drafts/{id}/reject`): no body
/// at all, with any `Content-Type` or none, or the empty JSON object `{}` sent as
/// `application/json`. Any other body is refused as the other POSTs refuse it: 415
/// when not sent as `application/json`, 400 when it is not JSON or not `{}`.
pub struct NoBody;

impl<S: Send + Sync> FromRequest<S> for NoBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let refusal = refusal(&request);
        // Read whole first (within the limit), as `JsonBody` does: only then is an empty
        // body told from a non-empty one, and the connection is not reset on unread bytes.
        let read = read_body(request).await;
        if matches!(&read, Ok(bytes) if bytes.is_empty()) {
            return Ok(NoBody);
        }
        if let Some(refusal) = refusal {
            return Err(refusal);
        }
        let bytes = without_bom(read?);
        crate::service::check::require_json(&bytes)?;
        match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(serde_json::Value::Object(fields)) if fields.is_empty() => Ok(NoBody),
            _ => Err(ApiError::invalid(
                "this endpoint takes no request body",
                vec![FieldError::new("", "send no body, or the empty JSON object `{}`")],
            )),
        }
    }
}

/// A request's body, read whole within the limit `guard::body_limit` put on it (its
/// `BodyLimit`): past it the 413 naming the limit, and a body that could not be read a
/// 400.
pub async fn read_body(request: Request) -> Result<Bytes, ApiError> {
    let limit = request.extensions().get::<BodyLimit>().map_or(0, |limit| limit.0);
    Bytes::from_request(request, &()).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge { limit_bytes: limit }
        } else {
            ApiError::invalid("the request body could not be read", vec![FieldError::new("", rejection.body_text())])
        }
    })
}

/// The UTF-8 byte-order mark some editors (Windows Notepad) put before a file's text.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// A JSON body without the byte-order mark it may start with: RFC 8259 (§8.1) lets a
/// parser ignore one, and every JSON body is read so — by each endpoint that takes one,
/// by `/mcp` and MCP over stdio, and by the CLI from a file.
pub fn without_bom(bytes: Bytes) -> Bytes {
    if bytes.starts_with(UTF8_BOM) { bytes.slice(UTF8_BOM.len()..) } else { bytes }
}

/// The body limit in force, put in the request extensions by the router so a 413 can
/// say what the limit is.
#[derive(Clone, Copy)]
pub struct BodyLimit(pub usize);

/// The body's content coding, when it is not the identity (the only one read).
fn content_coding(request: &Request) -> Option<String> {
    let codings: Vec<String> = request
        .headers()
        .get_all(CONTENT_ENCODING)
        .iter()
        .flat_map(|value| {
            String::from_utf8_lossy(value.as_bytes()).split(',').map(|c| c.trim().to_owned()).collect::<Vec<_>>()
        })
        .filter(|coding| !coding.is_empty() && !coding.eq_ignore_ascii_case("identity"))
        .collect();
    (!codings.is_empty()).then(|| codings.join(", "))
}

/// `application/json`, with or without parameters such as `charset`.
fn is_json(value: Option<&axum::http::HeaderValue>) -> bool {
    let Some(value) = value.and_then(|value| value.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// The query string as name/value pairs, in order. A name given more than once is
/// refused (400 at that name) rather than read one way or the other, as a JSON key
/// given twice is: which copy wins differs between servers, proxies and caches.
pub struct QueryPairs(pub Vec<(String, String)>);

impl QueryPairs {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for QueryPairs {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        let pairs = serde_urlencoded::from_str::<Vec<(String, String)>>(query).map_err(|error| {
            ApiError::invalid("the query string could not be read", vec![FieldError::new("", error.to_string())])
        })?;
        // Each repeated name once, in the order first given; found in linear time, since a
        // long URL may hold thousands of pairs.
        let mut seen = std::collections::HashSet::new();
        let mut reported = std::collections::HashSet::new();
        let repeated: Vec<FieldError> = pairs
            .iter()
            .filter(|(name, _)| !seen.insert(name.as_str()) && reported.insert(name.as_str()))
            .map(|(name, _)| FieldError::new(name, "appears more than once; give each parameter once"))
            .collect();
        if !repeated.is_empty() {
            let problems = courtrules_engine::validate::limit(repeated);
            let error = courtrules_engine::validate::summary("the query is invalid", &problems);
            return Err(ApiError::invalid(error, problems));
        }
        Ok(QueryPairs(pairs))
    }
}
