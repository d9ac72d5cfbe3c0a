//! Body and query extractors whose rejections are `ApiError`s: axum's own answer
//! with plain text, which the API never does.

use super::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use courtrules_engine::model::FieldError;

/// A POST body that is syntactically JSON, sent as `application/json`. Whether it is a
/// valid request is the engine's call.
pub struct JsonBody(pub Vec<u8>);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers().get(CONTENT_TYPE)) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let limit = request.extensions().get::<BodyLimit>().map_or(0, |limit| limit.0);
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge { limit_bytes: limit }
            } else {
                ApiError::invalid(
                    "the request body could not be read",
                    vec![FieldError::new("", rejection.body_text())],
                )
            }
        })?;
        crate::service::check::require_json(&bytes)?;
        Ok(JsonBody(bytes.to_vec()))
    }
}

/// The body limit in force, put in the request extensions by the router so a 413 can
/// say what the limit is.
#[derive(Clone, Copy)]
pub struct BodyLimit(pub usize);

/// `application/json`, with or without parameters such as `charset`.
fn is_json(value: Option<&axum::http::HeaderValue>) -> bool {
    let Some(value) = value.and_then(|value| value.to_str().ok()) else { return false };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// The query string as name/value pairs, in order (a repeated name: the last wins
/// where a handler looks one up).
pub struct QueryPairs(pub Vec<(String, String)>);

impl QueryPairs {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().rev().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for QueryPairs {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or("");
        serde_urlencoded::from_str::<Vec<(String, String)>>(query).map(QueryPairs).map_err(|error| {
            ApiError::invalid("the query string could not be read", vec![FieldError::new("", error.to_string())])
        })
    }
}
