//! The HTTP API's error type: the service's errors (`service::Error`, which render
//! their own bodies) and the failures only HTTP has — authentication, rate limits,
//! media type, body size, routing, time-outs. Every variant answers one of the bodies
//! documented in `docs/errors.md`: never plain text, never an empty body.

use crate::rate_limit::Group;
use crate::sandbox::SandboxError;
use crate::service::Error;
use crate::service::error::{DistrictNotAccessibleBody, ErrorBody, ValidationErrorBody};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::FieldError;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error(transparent)]
    Service(#[from] Error),
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error("the API key is not valid")]
    InvalidKey,
    #[error("rate limit exceeded: this key may make {limit} `{group}` requests per {window}")]
    RateLimited { group: Group, limit: u32, window: String, retry_after_seconds: u64, contact: String },
    #[error("a POST body must be JSON sent with `Content-Type: application/json`")]
    UnsupportedMediaType,
    /// `/deadlines`: the `Accept` header accepts none of the representations it answers in.
    #[error(
        "the Accept header accepts neither `application/json` nor `text/calendar`, the two forms this answer comes in"
    )]
    NotAcceptable,
    /// A body sent compressed (`Content-Encoding` other than `identity`): read as it
    /// came, it would be reported as invalid JSON with no word of why.
    #[error("a request body sent with `Content-Encoding: {0}` cannot be read; send it uncompressed")]
    UnsupportedContentEncoding(String),
    #[error("the request body is larger than the {limit_bytes}-byte limit")]
    PayloadTooLarge { limit_bytes: usize },
    /// `/mcp`: the body is larger than the route's limit (room for `classify_document`'s
    /// largest PDF).
    #[error("the request body is larger than the {limit_bytes}-byte limit of /mcp")]
    McpTooLarge { limit_bytes: usize, max_pdf_bytes: usize },
    /// `/classify`: the body is larger than the route's own limit.
    #[error("the request body is larger than the {limit_bytes}-byte limit of /classify")]
    PdfTooLarge { limit_bytes: usize, max_pdf_bytes: usize },
    #[error("no such endpoint: {0}")]
    RouteNotFound(String),
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed { method: String, path: String },
    #[error("the request took longer than the server's time limit")]
    Timeout,
    #[error("the request's path and query are longer than the {limit_bytes}-byte limit")]
    UriTooLong { limit_bytes: usize },
    #[error("the request's headers are larger than the {limit_bytes}-byte limit")]
    HeadersTooLarge { limit_bytes: usize },
    /// A header a request may carry once came twice: which copy counts would depend on
    /// the reader.
    #[error("the {0} header was sent more than once")]
    RepeatedHeader(&'static str),
}

impl From<anyhow::Error> for ApiError {
    fn from(error: anyhow::Error) -> Self {
        ApiError::Service(Error::Internal(error))
    }
}

impl From<SandboxError> for ApiError {
    fn from(error: SandboxError) -> Self {
        ApiError::Service(Error::Engine(error))
    }
}

/// 403 for an invalid key (unknown, forged, tampered or revoked): the general body,
/// `{error, suggestion, docs_url}`, and nothing else, so that `ForbiddenBody` tells it
/// from the structured body of a district outside the plan.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // Only the OpenAPI document names it; the body is `ErrorBody`'s.
pub struct InvalidKeyBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
}

/// A 403 of an endpoint that names a district: an invalid key gets the general body
/// (`InvalidKeyBody`), a known district outside the key's plan the structured
/// `DistrictNotAccessibleBody`.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // Only the OpenAPI document names it; the bodies are written elsewhere.
pub enum ForbiddenBody {
    InvalidKey(InvalidKeyBody),
    DistrictNotAccessible(DistrictNotAccessibleBody),
}

/// 429: `{error, suggestion, docs_url, contact}`, with a `Retry-After` header.
#[derive(Serialize, ToSchema)]
pub struct RateLimitBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    /// Where to ask for a higher limit.
    pub contact: String,
}

impl ApiError {
    /// The 429 body of `RateLimited` (empty otherwise), its wait followed by `where_said`:
    /// where else the caller is told it — the `Retry-After` header over HTTP; nothing for
    /// an MCP tool caller, who sees no header.
    pub fn rate_limit_body(&self, where_said: &str) -> Vec<u8> {
        let ApiError::RateLimited { retry_after_seconds, contact, .. } = self else { return Vec::new() };
        serde_json::to_vec(&RateLimitBody {
            error: self.to_string(),
            suggestion: format!(
                "Wait at least {retry_after_seconds} s{where_said} before retrying, and back off exponentially on \
                 repeated 429s. Ask {contact} for a higher limit."
            ),
            docs_url: crate::service::error::docs_url("rate-limits"),
            contact: contact.clone(),
        })
        .expect("error bodies always serialize")
    }

    /// A 400 naming each problem (`error` is the summary line).
    pub fn invalid(error: impl Into<String>, details: Vec<FieldError>) -> ApiError {
        ApiError::Service(Error::Validation { error: error.into(), details })
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Service(error) => match error {
                Error::Validation { .. } => StatusCode::BAD_REQUEST,
                Error::DistrictNotAccessible(_) | Error::UploadQuotaExceeded(_) => StatusCode::FORBIDDEN,
                Error::UnknownDistrict { .. }
                | Error::JudgeNotFound { .. }
                | Error::DocumentNotFound(_)
                | Error::LayerNotFound(_) => StatusCode::NOT_FOUND,
                Error::LayerConflict(_) => StatusCode::CONFLICT,
                Error::NoCalendarEvents(_) => StatusCode::NOT_ACCEPTABLE,
                Error::NoProfile(_)
                | Error::UnreadablePdf(_)
                | Error::UnreadableText(_)
                | Error::ScannedPagesUnreadable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
                Error::PdfTooComplex { .. } | Error::Engine(SandboxError::MemoryLimit { .. }) => {
                    StatusCode::PAYLOAD_TOO_LARGE
                }
                Error::ClassificationFailed(_)
                | Error::ClassificationTimedOut { .. }
                | Error::RecognitionFailed { .. } => StatusCode::BAD_GATEWAY,
                Error::Engine(SandboxError::Deadline { .. } | SandboxError::Unavailable(_)) => {
                    StatusCode::SERVICE_UNAVAILABLE
                }
                Error::Engine(_) | Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            },
            ApiError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            ApiError::InvalidKey => StatusCode::FORBIDDEN,
            ApiError::RouteNotFound(_) => StatusCode::NOT_FOUND,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::UnsupportedMediaType | ApiError::UnsupportedContentEncoding(_) => {
                StatusCode::UNSUPPORTED_MEDIA_TYPE
            }
            ApiError::PayloadTooLarge { .. } | ApiError::PdfTooLarge { .. } | ApiError::McpTooLarge { .. } => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            ApiError::NotAcceptable => StatusCode::NOT_ACCEPTABLE,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::UriTooLong { .. } => StatusCode::URI_TOO_LONG,
            ApiError::HeadersTooLarge { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ApiError::RepeatedHeader(_) => StatusCode::BAD_REQUEST,
        }
    }

    /// The response body, as JSON (fields in the order the spec lists them).
    pub fn body(&self) -> Vec<u8> {
        let general = |suggestion: String, anchor: &str| ErrorBody::new(self.to_string(), suggestion, anchor).to_json();
        match self {
            ApiError::Service(error) => error.body(),
            ApiError::Unauthenticated(_) => general(
                "Send `Authorization: Bearer <API key>`. Create a key with `courtrules keys create --name NAME`."
                    .into(),
                "authentication",
            ),
            ApiError::InvalidKey => general(
                "Check that the key was copied whole and has not been revoked (`courtrules keys list`).".into(),
                "authentication",
            ),
            ApiError::RateLimited { .. } => self.rate_limit_body(" (the Retry-After header)"),
            ApiError::UnsupportedMediaType => general(
                "Send the body as JSON with the header `Content-Type: application/json`.".into(),
                "unsupported-media-type",
            ),
            ApiError::NotAcceptable => general(
                "Leave Accept out or send `Accept: application/json` for JSON, or `Accept: text/calendar` for \
                 iCalendar; a q-value of 0 (`text/calendar;q=0`) refuses that form."
                    .into(),
                "not-acceptable",
            ),
            ApiError::UnsupportedContentEncoding(_) => general(
                "Send the body uncompressed, without a Content-Encoding header (responses are compressed when you \
                 send Accept-Encoding)."
                    .into(),
                "unsupported-media-type",
            ),
            ApiError::PayloadTooLarge { .. } => general(
                "Send a smaller body; check requests describe a document, they do not carry it.".into(),
                "payload-too-large",
            ),
            ApiError::PdfTooLarge { max_pdf_bytes, .. } => general(
                format!("Send a smaller PDF: at most {max_pdf_bytes} bytes, which base64 makes a third larger."),
                "payload-too-large",
            ),
            ApiError::McpTooLarge { max_pdf_bytes, .. } => general(
                format!(
                    "Send a smaller message: classify_document takes a PDF of at most {max_pdf_bytes} bytes, which \
                     base64 makes a third larger; every other tool's arguments are far smaller."
                ),
                "payload-too-large",
            ),
            ApiError::RouteNotFound(_) => {
                general("GET /api/v1 lists the endpoints; /openapi.json describes them.".into(), "route-not-found")
            }
            ApiError::MethodNotAllowed { .. } => {
                general("GET /api/v1 lists each endpoint with its method.".into(), "method-not-allowed")
            }
            ApiError::Timeout => general("Retry the request; if it keeps happening, report it.".into(), "timeout"),
            ApiError::UriTooLong { .. } => general(
                "Send fewer or shorter query parameters; every endpoint's parameters fit well within the limit.".into(),
                "request-head-refused",
            ),
            ApiError::HeadersTooLarge { .. } => general(
                "Send fewer or smaller headers (large cookies are the usual cause).".into(),
                "request-head-refused",
            ),
            // A 400 as every other: `details` names the header (a 400 body always has them).
            ApiError::RepeatedHeader(name) => serde_json::to_vec(&ValidationErrorBody {
                error: self.to_string(),
                details: vec![FieldError::new(*name, "appears more than once; send the header once")],
                docs_url: crate::service::error::docs_url("request-head-refused"),
            })
            .expect("error bodies always serialize"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            ApiError::Service(Error::Internal(error)) => {
                tracing::error!(error = crate::store::db::error_chain(error), "internal error")
            }
            ApiError::Service(Error::Engine(error)) => tracing::warn!(%error, "engine error"),
            _ => {}
        }
        let mut response =
            (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], self.body())
                .into_response();
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if let ApiError::RateLimited { retry_after_seconds, .. } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds));
        }
        if let ApiError::UnsupportedContentEncoding(_) = self {
            // RFC 7694: the codings a request body may use.
            response.headers_mut().insert(header::ACCEPT_ENCODING, HeaderValue::from_static("identity"));
        }
        response
    }
}
