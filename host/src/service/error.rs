//! The service's one error type: every reason a use case gives no answer. Each renders
//! one of the bodies documented in `docs/errors.md` (`body`), so the HTTP API, the CLI
//! and any other adapter show a caller the same JSON; what the HTTP status is, is the
//! HTTP adapter's business (`http::error`).

use crate::classifier::{RecognitionCause, seconds, unread_pages_reason};
use crate::sandbox::SandboxError;
use crate::store::courts::{Court, CourtStatus};
use courtrules_engine::EngineError;
use courtrules_engine::checks::Thousands;
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
    "layer-not-found",
    "layer-conflict",
    "no-compliance-profile",
    "rate-limits",
    "validation",
    "unsupported-media-type",
    "not-acceptable",
    "no-calendar-events",
    "payload-too-large",
    "route-not-found",
    "method-not-allowed",
    "timeout",
    "request-head-refused",
    "engine-limits",
    "internal-error",
    "unreadable-pdf",
    "unreadable-scanned-pages",
    "classification-failed",
    "upload-quota",
];

/// The address of a section of one of the documents served at `/docs/<page>`.
pub fn docs_page_url(page: &str, anchor: &str) -> String {
    let base = DOCS_BASE.get().map_or("http://127.0.0.1:8080", String::as_str);
    format!("{base}/docs/{page}#{anchor}")
}

/// The address of a section of `docs/errors.md`, as served at `/docs/errors`.
pub fn docs_url(anchor: &str) -> String {
    debug_assert!(ANCHORS.contains(&anchor), "no section #{anchor} in docs/errors.md");
    let base = DOCS_BASE.get().map_or("http://127.0.0.1:8080", String::as_str);
    format!("{base}/docs/errors#{anchor}")
}

/// The words that end a message about a district id or judge slug meant as `meant`.
pub fn meant_hint(meant: &str) -> String {
    format!("; did you mean `{meant}`?")
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request's problems, each at its field's (dotted) path.
    #[error("{error}")]
    Validation { error: String, details: Vec<FieldError> },
    /// `did_you_mean`: the court an alias names, or the one id matching but for case or
    /// the order of its letters; the message ends by naming it.
    #[error("unknown district `{district_id}`{}", did_you_mean.as_deref().map(meant_hint).unwrap_or_default())]
    UnknownDistrict { district_id: String, did_you_mean: Option<String> },
    #[error("district `{}` is not included in this API key's plan", .0.court.district_id)]
    DistrictNotAccessible(Box<AccessDenied>),
    /// `did_you_mean`: the one judge of the roster the slug names by the last words of
    /// their slug (`brodie` for `margo-k-brodie`).
    #[error(
        "judge `{judge_slug}` is not on the roster of district `{district_id}`{}",
        did_you_mean.as_deref().map(meant_hint).unwrap_or_default()
    )]
    JudgeNotFound { district_id: String, judge_slug: String, did_you_mean: Option<String> },
    #[error("no source document with id `{0}`")]
    DocumentNotFound(String),
    /// A draft or standing-order layer the caller's organisation does not have (whether
    /// or not another organisation has one with that id).
    #[error("{0}")]
    LayerNotFound(String),
    /// A draft already accepted or rejected, or accepted for another judge.
    #[error("{0}")]
    LayerConflict(String),
    #[error("{} has no compliance profile yet", .0.name)]
    NoProfile(Box<Court>),
    /// Classify: the engine cannot analyse the PDF (its message).
    #[error("the PDF cannot be analysed: {0}")]
    UnreadablePdf(String),
    /// A judge's practices sent as text that the engine cannot read (its message).
    #[error("the text cannot be read: {0}")]
    UnreadableText(String),
    /// Classify: pages without a text layer that text recognition could not read.
    #[error("{reason}")]
    ScannedPagesUnreadable { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, reason: String },
    /// Classify: pages without a text layer that text recognition could not read for
    /// the server's reasons — not installed, out of time — listed as for any scanned
    /// page that cannot be read.
    #[error("{}", unread_pages_reason(unreadable_pages, &cause.to_string()))]
    RecognitionFailed { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, cause: RecognitionCause },
    /// Classify: the PDF needs more memory than a classify call may have.
    #[error("the PDF needs more than the classifier's {} MiB memory limit", limit_bytes / (1024 * 1024))]
    PdfTooComplex { limit_bytes: usize },
    /// Classify: the engine or text recognition failed. The message is safe to show;
    /// details are logged.
    #[error("{0}")]
    ClassificationFailed(String),
    /// Classify: the classification's time ran out (answered as `ClassificationFailed`;
    /// the CLI names its option for more time).
    #[error("the classification did not finish within its {} time limit", seconds(*budget))]
    ClassificationTimedOut { budget: std::time::Duration },
    /// Classify: the key has sent as many bytes of PDFs as its quota allows within the
    /// retention period.
    #[error("{}", .0.message())]
    UploadQuotaExceeded(Box<QuotaExceeded>),
    /// Deadlines asked for as iCalendar when no deadline follows the event: a calendar
    /// must hold at least one event (RFC 5545 §3.6), and an empty one imported says
    /// nothing. The answer's own note says why.
    #[error("no deadline follows this event, so there is no calendar to send: {0}")]
    NoCalendarEvents(String),
    #[error(transparent)]
    Engine(#[from] SandboxError),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

/// An upload past the key's quota.
#[derive(Debug)]
pub struct QuotaExceeded {
    pub quota_bytes: u64,
    pub used_bytes: u64,
    pub upload_bytes: u64,
    pub retention_days: u64,
    pub contact: String,
}

impl QuotaExceeded {
    /// The quota in MiB as set (and in bytes), and what the key stored, to the byte: in
    /// whole MiB, 1,008,653 bytes would read "0 MiB" and look like room to spare.
    fn message(&self) -> String {
        format!(
            "this API key's upload quota of {} ({} bytes) is used up: {} bytes stored in the last {} days",
            mib(self.quota_bytes),
            Thousands(self.quota_bytes),
            Thousands(self.used_bytes),
            self.retention_days
        )
    }
}

/// Bytes in MiB: whole, or to one decimal place.
fn mib(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    }
}

/// A known district outside the caller's plan.
#[derive(Debug)]
pub struct AccessDenied {
    pub court: Court,
    pub accessible: Vec<String>,
    pub contact: String,
}

impl Error {
    /// A validation error with the engine's own summary line ("the request is invalid
    /// (2 problems)").
    pub fn invalid(details: Vec<FieldError>) -> Error {
        // At most `MAX_LISTED` problems are listed; the summary counts them all.
        let details = courtrules_engine::validate::limit(details);
        Error::Validation { error: EngineError::InvalidRequest { details: details.clone() }.message(), details }
    }

    /// An error the engine reported, as the service's.
    pub fn from_engine(error: EngineError) -> Error {
        match error {
            EngineError::InvalidRequest { details } => Error::invalid(details),
            EngineError::JudgeNotFound { district_id, judge_slug } => {
                Error::JudgeNotFound { district_id, judge_slug, did_you_mean: None }
            }
            other => Error::Internal(anyhow::anyhow!("engine: {}", crate::sandbox::describe(&other))),
        }
    }

    /// The response body, as JSON (fields in the order the spec lists them).
    pub fn body(&self) -> Vec<u8> {
        let general = |suggestion: String, anchor: &str| ErrorBody::new(self.to_string(), suggestion, anchor).to_json();
        match self {
            Error::Validation { error, details } => to_json(&ValidationErrorBody {
                error: error.clone(),
                details: details.clone(),
                docs_url: docs_url("validation"),
            }),
            Error::UnknownDistrict { .. } => to_json(&UnknownDistrictBody { error: self.to_string() }),
            Error::DistrictNotAccessible(denied) => {
                let AccessDenied { court, accessible, contact } = denied.as_ref();
                to_json(&DistrictNotAccessibleBody {
                    error: self.to_string(),
                    suggestion: format!(
                        "Use a district in accessible_districts, or ask {} to add `{}` to your plan.",
                        whom_to_ask(contact),
                        court.district_id
                    ),
                    docs_url: docs_url("district-not-accessible"),
                    district: court.into(),
                    accessible_districts: accessible.clone(),
                    contact: contact.clone(),
                })
            }
            Error::JudgeNotFound { district_id, .. } => general(
                format!(
                    "List the district's judges with GET /api/v1/judges?district_id={district_id} and use a slug from \
                     it, or use judge_slug=court for the court-wide rules alone."
                ),
                "judge-not-found",
            ),
            Error::DocumentNotFound(_) => general(
                "GET /api/v1/documents?district_id=…&judge_slug=… lists the documents and their ids.".into(),
                "document-not-found",
            ),
            Error::LayerNotFound(_) => general(
                "GET /api/v1/standing-order-layers lists your organisation's layers; drafts are named by the id \
                 POST /api/v1/standing-order-drafts answered with."
                    .into(),
                "layer-not-found",
            ),
            Error::LayerConflict(_) => general(
                "Send the document again for a new draft, or add a version with \
                 POST /api/v1/standing-order-layers/{district_id}/{judge_slug}/versions without a draft_id."
                    .into(),
                "layer-conflict",
            ),
            Error::NoProfile(court) => to_json(&NoProfileBody {
                error: self.to_string(),
                suggestion: format!(
                    "No compliance profile (the encoded rules and time rules that checks and deadlines use) exists for `{id}` yet. GET /api/v1/extracted-rules?district_id={id} lists the rules read from its published orders, if any; GET /api/v1/judges?district_id={id} lists its judges.",
                    id = court.district_id
                ),
                docs_url: docs_url("no-compliance-profile"),
                district: court.as_ref().into(),
            }),
            Error::UnreadablePdf(why) => general(unreadable_pdf_suggestion(why).into(), "unreadable-pdf"),
            Error::UnreadableText(_) => general(
                "Send the practices as UTF-8 text (a form feed between pages), or as the PDF the court publishes.".into(),
                "unreadable-pdf",
            ),
            Error::ScannedPagesUnreadable { scanned_pages, unreadable_pages, .. } => to_json(&ScannedPagesBody {
                error: self.to_string(),
                suggestion: "Send a PDF with a text layer (export it from the word processor, or run it through OCR), or rescan the listed pages more clearly.".into(),
                docs_url: docs_url("unreadable-scanned-pages"),
                scanned_pages: scanned_pages.clone(),
                unreadable_pages: unreadable_pages.clone(),
            }),
            Error::RecognitionFailed { scanned_pages, unreadable_pages, cause } => to_json(&ScannedPagesBody {
                error: self.to_string(),
                suggestion: match cause {
                    RecognitionCause::Unavailable => "Text recognition is not installed on this server, so pages without a text layer cannot be read here: send a PDF with a text layer (exported from the word processor, or run through OCR).",
                    RecognitionCause::OutOfTime { .. } => "Scanned pages take seconds each to recognise, and these did not finish in time: the server may have been busy, or the scans are large or many. A PDF with a text layer (exported from the word processor, or run through OCR) needs no recognition; the same scan may fail again.",
                }
                .into(),
                docs_url: docs_url("classification-failed"),
                scanned_pages: scanned_pages.clone(),
                unreadable_pages: unreadable_pages.clone(),
            }),
            Error::PdfTooComplex { .. } => general(
                "Send a smaller or simpler PDF (fewer pages, smaller or fewer images); retrying the same PDF will not help.".into(),
                "engine-limits",
            ),
            Error::ClassificationFailed(_) => general(
                "Retry the request later; if the same PDF keeps failing, report it.".into(),
                "classification-failed",
            ),
            Error::ClassificationTimedOut { .. } => general(
                "The server may have been busy, or the PDF takes longer to read than the limit allows (very many \
                 pages, or pages built of many drawing operations): retrying may help once; if the same PDF fails \
                 again, print it to PDF again from the original document, or send it in parts."
                    .into(),
                "classification-failed",
            ),
            Error::UploadQuotaExceeded(quota) => to_json(&UploadQuotaBody {
                error: self.to_string(),
                suggestion: format!(
                    "Uploads count against the quota for {} days after they are sent; this one ({} bytes) would \
                     pass it. Ask {} for a larger quota.",
                    quota.retention_days,
                    Thousands(quota.upload_bytes),
                    whom_to_ask(&quota.contact)
                ),
                docs_url: docs_url("upload-quota"),
                quota_bytes: quota.quota_bytes,
                used_bytes: quota.used_bytes,
                contact: quota.contact.clone(),
            }),
            Error::NoCalendarEvents(_) => general(
                "Ask for JSON (Accept: application/json, or leave --ics out) to see the answer and its notes; give \
                 the court's own periods as custom_periods."
                    .into(),
                "no-calendar-events",
            ),
            Error::Engine(SandboxError::MemoryLimit { .. }) => general(
                "The request is too large for the engine's memory limit; send a smaller request.".into(),
                "engine-limits",
            ),
            Error::Engine(SandboxError::Deadline { .. } | SandboxError::Unavailable(_)) => {
                general("The engine could not answer in time; retry the request shortly.".into(), "engine-limits")
            }
            Error::Engine(_) | Error::Internal(_) => general(
                "This is a fault in the server, not in your request; retry, and report it if it persists.".into(),
                "internal-error",
            ),
        }
    }
}

/// What to do about a PDF the engine cannot analyse, by the engine's reason (its
/// `InvalidInput` message, from `engine/src/classify`): a password, a file that is not a
/// PDF or is cut short, one built past the engine's limits, a feature it does not read,
/// or damage. Only a password is fixed by removing the password.
pub fn unreadable_pdf_suggestion(why: &str) -> &'static str {
    let has = |words: &[&str]| words.iter().any(|word| why.contains(word));
    if has(&["encrypted"]) {
        "Send the PDF without its password (save or print it to PDF again without one)."
    } else if has(&["not a PDF"]) {
        "Send the PDF itself: this file is not one (a web page or an image saved with a .pdf name, say). Export or \
         print the document to PDF."
    } else if has(&["truncated"]) {
        "The file is cut short: send the whole PDF (download or export it again)."
    } else if has(&["too many", "too large", "too deeply", "decompression bomb", "again and again", "more than"]) {
        "The PDF is built in a way that costs more to analyse than any filing needs, and the same file will be \
         refused again: print it to PDF again from the original document (that writes its pages afresh), or send \
         it in parts."
    } else if has(&["not supported"]) {
        "The PDF uses a feature the analyser does not read (named in the error): export or print it to PDF again \
         from the original document."
    } else {
        "The PDF is damaged: export or print it to PDF again from the original document."
    }
}

fn to_json<T: Serialize>(body: &T) -> Vec<u8> {
    serde_json::to_vec(body).expect("error bodies always serialize")
}

/// `{error, suggestion, docs_url}`: the spec's general error body.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
}

impl ErrorBody {
    /// The body with `docs_url` pointing at a section of `docs/errors.md`.
    pub fn new(error: String, suggestion: String, anchor: &str) -> ErrorBody {
        ErrorBody { error, suggestion, docs_url: docs_url(anchor) }
    }

    pub fn to_json(&self) -> Vec<u8> {
        to_json(self)
    }
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
// No other field: so that `NotFoundBody` tells it from the general body.
#[serde(deny_unknown_fields)]
pub struct UnknownDistrictBody {
    pub error: String,
}

/// A 404 of an endpoint that looks up more than the district: an unknown district is
/// `{error}` alone (the spec's table), a judge, draft, layer or version that is not
/// found the general body, with a suggestion.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // Only the OpenAPI document names it; the bodies are written above.
pub enum NotFoundBody {
    UnknownDistrict(UnknownDistrictBody),
    NotFound(ErrorBody),
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

/// 403 from `/classify` when the key's upload quota is used up.
#[derive(Serialize, ToSchema)]
pub struct UploadQuotaBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    /// The bytes of PDFs a key may send within the retention period.
    pub quota_bytes: u64,
    /// The bytes this key sent within it.
    pub used_bytes: u64,
    /// Where to ask for a larger quota.
    pub contact: String,
}

/// 403 from `/classify`: the district is outside the key's plan (`district`,
/// `accessible_districts`), or the key's upload quota is used up (`quota_bytes`,
/// `used_bytes`); an invalid key has neither.
#[derive(Serialize, ToSchema)]
pub struct ClassifyForbiddenBody {
    pub error: String,
    pub suggestion: String,
    pub docs_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district: Option<DistrictRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accessible_districts: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quota_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub used_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contact: Option<String>,
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

/// Who can widen a key's plan or quota: the service's contact, or (the command line and
/// the stdio MCP server, which have none) whoever issued the key.
fn whom_to_ask(contact: &str) -> &str {
    if contact.is_empty() { "whoever issued your API key" } else { contact }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The suggestion for a PDF the engine refuses fits the engine's reason: every file of
    /// the hostile corpus that the engine refuses, read by the engine itself.
    #[test]
    fn an_unreadable_pdf_is_told_what_fits_its_cause() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/hostile");
        let suggestion = |file: &str| {
            let pdf = std::fs::read(dir.join(file)).unwrap();
            match courtrules_engine::classify(&pdf, &Default::default()) {
                Err(EngineError::InvalidInput { message }) => (unreadable_pdf_suggestion(&message), message),
                other => panic!("{file}: {:?}", other.map(|_| "classified")),
            }
        };
        let cases = [
            ("encrypted_user_password.pdf", "without its password"),
            ("html_error_page.pdf", "this file is not one"),
            ("empty.pdf", "this file is not one"),
            ("header_and_eof_only.pdf", "damaged"),
            ("truncated_mid_stream.pdf", "cut short"),
            ("flate_bomb_4gib.pdf", "costs more to analyse"),
            ("objstm_bomb.pdf", "costs more to analyse"),
            ("form_fanout_every_page.pdf", "costs more to analyse"),
            ("page_tree_dag_billion.pdf", "damaged"),
            ("kids_cycle.pdf", "damaged"),
        ];
        for (file, fits) in cases {
            let (suggestion, message) = suggestion(file);
            assert!(suggestion.contains(fits), "{file}: {message} → {suggestion}");
            assert!(file.starts_with("encrypted") || !suggestion.contains("password"), "{file}: {suggestion}");
        }
    }

    #[test]
    fn the_quota_message_counts_bytes_exactly() {
        let quota = QuotaExceeded {
            quota_bytes: 1024 * 1024,
            used_bytes: 1_008_653,
            upload_bytes: 53_087,
            retention_days: 30,
            contact: "access@courtrules.example".into(),
        };
        assert_eq!(
            quota.message(),
            "this API key's upload quota of 1 MiB (1,048,576 bytes) is used up: 1,008,653 bytes stored in the last 30 days"
        );
        assert_eq!((mib(1024 * 1024 * 1024), mib(1_572_864)), ("1024 MiB".into(), "1.5 MiB".into()));
    }
}
