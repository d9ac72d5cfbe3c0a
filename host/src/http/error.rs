//! The one error type of the API. Every failure a handler, extractor or middleware can
//! meet is a variant here, and each renders one of the bodies documented in
//! `docs/errors.md` — never plain text, never an empty body.

use crate::rate_limit::Group;
use crate::sandbox::SandboxError;
use crate::store::courts::{Court, CourtStatus};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::FieldError;
use serde::Serialize;
use std::sync::OnceLock;
use utoipa::ToSchema;

/// Where `docs_url` values point: the public address of this server's `/docs/errors`.
static DOCS_BASE: OnceLock<String> = OnceLock::new();

/// Sets the public address used in `docs_url` values (once, at start-up).
pub fn set_public_url(public_url: &str) {
    let _ = DOCS_BASE.set(public_url.trim_end_matches('/').to_owned());
}

/// Every section of `docs/errors.md` a `docs_url` points at (a test holds the two
/// together).
pub const ANCHORS: &[&str] = &[
    "authentication",
    "district-not-accessible",
    "judge-not-found",
    "document-not-found",
    "no-compliance-profile",
    "rate-limits",
    "validation",
    "unsupported-media-type",
    "payload-too-large",
    "route-not-found",
    "method-not-allowed",
    "timeout",
    "engine-limits",
    "internal-error",
    "unreadable-pdf",
    "unreadable-scanned-pages",
    "classification-failed",
];

pub fn docs_url(anchor: &str) -> String {
    debug_assert!(ANCHORS.contains(&anchor), "no section #{anchor} in docs/errors.md");
    let base = DOCS_BASE.get().map_or("http://127.0.0.1:8080", String::as_str);
    format!("{base}/docs/errors#{anchor}")
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error("the API key is not valid")]
    InvalidKey,
    #[error("district `{}` is not included in this API key's plan", .0.court.district_id)]
    DistrictNotAccessible(Box<AccessDenied>),
    #[error("unknown district `{district_id}`")]
    UnknownDistrict { district_id: String, alias_of: Option<String> },
    #[error("judge `{judge_slug}` is not on the roster of district `{district_id}`")]
    JudgeNotFound { district_id: String, judge_slug: String },
    #[error("no source document with id `{0}`")]
    DocumentNotFound(String),
    #[error("{} has no compliance profile yet", .0.name)]
    NoProfile(Box<Court>),
    #[error("rate limit exceeded: this key may make {limit} `{group}` requests per {window}")]
    RateLimited { group: Group, limit: u32, window: String, retry_after_seconds: u64, contact: String },
    #[error("{error}")]
    Validation { error: String, details: Vec<FieldError> },
    #[error("a POST body must be JSON sent with `Content-Type: application/json`")]
    UnsupportedMediaType,
    #[error("the request body is larger than the {limit_bytes}-byte limit")]
    PayloadTooLarge { limit_bytes: usize },
    #[error("no such endpoint: {0}")]
    RouteNotFound(String),
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed { method: String, path: String },
    #[error("the request took longer than the server's time limit")]
    Timeout,
    /// `/classify`: the body is larger than the route's own limit.
    #[error("the request body is larger than the {limit_bytes}-byte limit of /classify")]
    PdfTooLarge { limit_bytes: usize, max_pdf_bytes: usize },
    /// `/classify`: the engine cannot analyse the PDF (its message).
    #[error("the PDF cannot be analysed: {0}")]
    UnreadablePdf(String),
    /// `/classify`: pages without a text layer that text recognition could not read.
    #[error("{reason}")]
    ScannedPagesUnreadable { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, reason: String },
    /// `/classify`: pages without a text layer that text recognition could not read for
    /// the server's reasons — not installed, out of time (502, with the pages listed as
    /// for any scanned page that cannot be read).
    #[error("{reason}")]
    RecognitionFailed { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, reason: String },
    /// `/classify`: the PDF needs more memory than a classify call may have.
    #[error("the PDF needs more than the classifier's {} MiB memory limit", limit_bytes / (1024 * 1024))]
    PdfTooComplex { limit_bytes: usize },
    /// `/classify`: out of time, or the engine or text recognition failed (502). The
    /// message is safe to show; details are logged.
    #[error("{0}")]
    ClassificationFailed(String),
    #[error(transparent)]
    Engine(#[from] SandboxError),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// A known district outside the caller's plan.
#[derive(Debug)]
pub struct AccessDenied {
    pub court: Court,
    pub accessible: Vec<String>,
    pub contact: String,
}

/// `{error, suggestion, docs_url}`: the spec's general error body.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
}

/// `{error, details, docs_url}`: a request that failed validation.
#[derive(Serialize, ToSchema)]
pub struct ValidationErrorBody {
    pub error: String,
    pub details: Vec<FieldError>,
    pub docs_url: String,
}

/// `{error}`: an unknown district.
#[derive(Serialize, ToSchema)]
pub struct UnknownDistrictBody {
    pub error: String,
}

/// The court named in a 403 or 422 body.
#[derive(Serialize, ToSchema)]
pub struct DistrictRef {
    pub district_id: String,
    pub name: String,
    pub status: CourtStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judges_mapped: Option<u32>,
}

impl From<&Court> for DistrictRef {
    fn from(court: &Court) -> Self {
        DistrictRef {
            district_id: court.district_id.clone(),
            name: court.name.clone(),
            status: court.status,
            judges_mapped: court.judges_mapped,
        }
    }
}

/// 403 for a known district outside the key's plan.
#[derive(Serialize, ToSchema)]
pub struct DistrictNotAccessibleBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    pub district: DistrictRef,
    pub accessible_districts: Vec<String>,
    pub contact: String,
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

/// 422 for a court without a compliance profile.
#[derive(Serialize, ToSchema)]
pub struct NoProfileBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    pub district: DistrictRef,
}

/// 422 from `/classify` when pages without a text layer could not be read.
#[derive(Serialize, ToSchema)]
pub struct ScannedPagesBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    /// 1-based numbers of the pages that have no text layer and needed text recognition.
    pub scanned_pages: Vec<u32>,
    /// The subset that could not be read.
    pub unreadable_pages: Vec<u32>,
}

/// Every 422 of `/classify`: the general body; with `district` when the court has no
/// compliance profile (as `NoProfileBody`), with `scanned_pages` and
/// `unreadable_pages` when scanned pages could not be read (as `ScannedPagesBody`),
/// with neither when the PDF cannot be analysed at all.
#[derive(Serialize, ToSchema)]
pub struct ClassifyUnprocessableBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district: Option<DistrictRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scanned_pages: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreadable_pages: Option<Vec<u32>>,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Unauthenticated(_) => StatusCode::UNAUTHORIZED,
            ApiError::InvalidKey | ApiError::DistrictNotAccessible(_) => StatusCode::FORBIDDEN,
            ApiError::UnknownDistrict { .. }
            | ApiError::JudgeNotFound { .. }
            | ApiError::DocumentNotFound(_)
            | ApiError::RouteNotFound(_) => StatusCode::NOT_FOUND,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::NoProfile(_) | ApiError::UnreadablePdf(_) | ApiError::ScannedPagesUnreadable { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::PdfTooLarge { .. } | ApiError::PdfTooComplex { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::ClassificationFailed(_) | ApiError::RecognitionFailed { .. } => StatusCode::BAD_GATEWAY,
            ApiError::Validation { .. } => StatusCode::BAD_REQUEST,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::PayloadTooLarge { .. } | ApiError::Engine(SandboxError::MemoryLimit { .. }) => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout | ApiError::Engine(SandboxError::Deadline { .. } | SandboxError::Unavailable(_)) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Engine(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The response body, as JSON (fields in the order the spec lists them).
    pub fn body(&self) -> Vec<u8> {
        let general = |suggestion: String, anchor: &str| {
            serde_json::to_vec(&ErrorBody { error: self.to_string(), suggestion, docs_url: docs_url(anchor) })
        };
        let value = match self {
            ApiError::Unauthenticated(_) => general(
                "Send `Authorization: Bearer <API key>`. Create a key with `courtrules keys create --name NAME`."
                    .into(),
                "authentication",
            ),
            ApiError::InvalidKey => general(
                "Check that the key was copied whole and has not been revoked (`courtrules keys list`).".into(),
                "authentication",
            ),
            ApiError::DistrictNotAccessible(denied) => {
                let AccessDenied { court, accessible, contact } = denied.as_ref();
                serde_json::to_vec(&DistrictNotAccessibleBody {
                    error: self.to_string(),
                    suggestion: format!(
                        "Use a district in accessible_districts, or ask {contact} to add `{}` to your plan.",
                        court.district_id
                    ),
                    docs_url: docs_url("district-not-accessible"),
                    district: court.into(),
                    accessible_districts: accessible.clone(),
                    contact: contact.clone(),
                })
            }
            ApiError::UnknownDistrict { district_id, alias_of } => {
                let error = match alias_of {
                    Some(canonical) => format!("unknown district `{district_id}`; did you mean `{canonical}`?"),
                    None => self.to_string(),
                };
                serde_json::to_vec(&UnknownDistrictBody { error })
            }
            ApiError::JudgeNotFound { district_id, .. } => general(
                format!(
                    "List the district's judges with GET /api/v1/judges?district_id={district_id} and use a slug from it."
                ),
                "judge-not-found",
            ),
            ApiError::DocumentNotFound(_) => general(
                "GET /api/v1/documents?district_id=…&judge_slug=… lists the documents and their ids.".into(),
                "document-not-found",
            ),
            ApiError::RateLimited { retry_after_seconds, contact, .. } => serde_json::to_vec(&RateLimitBody {
                error: self.to_string(),
                suggestion: format!(
                    "Wait at least {retry_after_seconds} s (the Retry-After header) before retrying, and back off \
                     exponentially on repeated 429s. Ask {contact} for a higher limit."
                ),
                docs_url: docs_url("rate-limits"),
                contact: contact.clone(),
            }),
            ApiError::NoProfile(court) => serde_json::to_vec(&NoProfileBody {
                error: self.to_string(),
                suggestion: format!(
                    "Compliance checks need a compliance profile; none exists for `{}` yet. GET /api/v1/judges?district_id={} still lists its judges.",
                    court.district_id, court.district_id
                ),
                docs_url: docs_url("no-compliance-profile"),
                district: court.as_ref().into(),
            }),
            ApiError::Validation { error, details } => serde_json::to_vec(&ValidationErrorBody {
                error: error.clone(),
                details: details.clone(),
                docs_url: docs_url("validation"),
            }),
            ApiError::UnsupportedMediaType => general(
                "Send the body as JSON with the header `Content-Type: application/json`.".into(),
                "unsupported-media-type",
            ),
            ApiError::PayloadTooLarge { .. } => general(
                "Send a smaller body; check requests describe a document, they do not carry it.".into(),
                "payload-too-large",
            ),
            ApiError::RouteNotFound(_) => {
                general("GET /api/v1 lists the endpoints; /openapi.json describes them.".into(), "route-not-found")
            }
            ApiError::MethodNotAllowed { .. } => {
                general("GET /api/v1 lists each endpoint with its method.".into(), "method-not-allowed")
            }
            ApiError::Timeout => general("Retry the request; if it keeps happening, report it.".into(), "timeout"),
            ApiError::PdfTooLarge { max_pdf_bytes, .. } => general(
                format!("Send a smaller PDF: at most {max_pdf_bytes} bytes, which base64 makes a third larger."),
                "payload-too-large",
            ),
            ApiError::UnreadablePdf(_) => general(
                "Send the filing as a PDF that opens without a password (export or print it to PDF again if it is damaged).".into(),
                "unreadable-pdf",
            ),
            ApiError::ScannedPagesUnreadable { scanned_pages, unreadable_pages, .. } => {
                serde_json::to_vec(&ScannedPagesBody {
                    error: self.to_string(),
                    suggestion: "Send a PDF with a text layer (export it from the word processor, or run it through OCR), or rescan the listed pages more clearly.".into(),
                    docs_url: docs_url("unreadable-scanned-pages"),
                    scanned_pages: scanned_pages.clone(),
                    unreadable_pages: unreadable_pages.clone(),
                })
            }
            ApiError::RecognitionFailed { scanned_pages, unreadable_pages, .. } => {
                serde_json::to_vec(&ScannedPagesBody {
                    error: self.to_string(),
                    suggestion: "Retry the request later: text recognition could not read the pages on this server just now. A PDF with a text layer (exported from the word processor) needs none.".into(),
                    docs_url: docs_url("classification-failed"),
                    scanned_pages: scanned_pages.clone(),
                    unreadable_pages: unreadable_pages.clone(),
                })
            }
            ApiError::PdfTooComplex { .. } => general(
                "Send a smaller or simpler PDF (fewer pages, smaller or fewer images); retrying the same PDF will not help.".into(),
                "engine-limits",
            ),
            ApiError::ClassificationFailed(_) => general(
                "Retry the request later; if the same PDF keeps failing, report it.".into(),
                "classification-failed",
            ),
            ApiError::Engine(SandboxError::MemoryLimit { .. }) => general(
                "The request is too large for the engine's memory limit; send a smaller request.".into(),
                "engine-limits",
            ),
            ApiError::Engine(SandboxError::Deadline { .. } | SandboxError::Unavailable(_)) => {
                general("The engine could not answer in time; retry the request shortly.".into(), "engine-limits")
            }
            ApiError::Engine(_) | ApiError::Internal(_) => general(
                "This is a fault in the server, not in your request; retry, and report it if it persists.".into(),
                "internal-error",
            ),
        };
        value.expect("error bodies always serialize")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            ApiError::Internal(error) => tracing::error!(error = format!("{error:#}"), "internal error"),
            ApiError::Engine(error) => tracing::warn!(%error, "engine error"),
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
        response
    }
}
