//! `POST /api/v1/classify`: a PDF (base64) in, the engine's classification out. Order
//! of checks, as for `/check`: auth → JSON → validation, base64 included (400) →
//! district (404/403) → judge (404) → profile (422) → classification (`crate::classify`:
//! the engine in the sandbox, Tesseract for scanned pages) → the upload stored → 200.

use super::AppState;
use super::auth::ApiKey;
use super::error::ApiError;
use super::extract::JsonBody;
use crate::service::Error;
use crate::service::classify::{self, Input};
use crate::service::error::{
    ClassifyForbiddenBody, ClassifyUnprocessableBody, ErrorBody, NotFoundBody, ValidationErrorBody,
};
use axum::extract::{FromRequest, Request, State};
use axum::response::Response;
use base64::Engine as _;
use courtrules_engine::model::{Classification, FieldError};
use courtrules_engine::validate::{describe, slug_problem};
use serde_json::{Map, Value};
use utoipa::ToSchema;

pub const PATH: &str = "/api/v1/classify";

/// Longest `filename` accepted.
const MAX_FILENAME_CHARS: usize = 255;

/// The request body of `/classify`, as the OpenAPI document describes it and as the
/// extractor reads it: every problem is reported at once, each at its field.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassifyRequest {
    /// A judge of the district; copied into `check_request`.
    #[schema(pattern = "^[a-z0-9_-]{1,120}$", example = "avery-sample")]
    pub judge_slug: String,
    #[schema(pattern = "^[a-z0-9_-]{1,120}$", example = "edny")]
    pub district_id: String,
    /// The PDF, base64-encoded (standard alphabet). At most `--classify-max-pdf-bytes`
    /// once decoded (22 MiB by default). The pattern is canonical base64; the server
    /// also accepts line breaks, missing padding and a `data:…;base64,` prefix.
    // (The extractor reads it into the PDF's bytes.)
    #[schema(
        value_type = String,
        pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
        min_length = 4,
        content_encoding = "base64",
        content_media_type = "application/pdf"
    )]
    pub pdf_base64: Vec<u8>,
    /// The original file name; a descriptive one (`opp-msj.pdf`) strengthens the
    /// classification.
    #[schema(max_length = 255, example = "memo-opposition-msj.pdf")]
    pub filename: Option<String>,
}

impl FromRequest<AppState> for ClassifyRequest {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let body = document_body(request, state).await?;
        Ok(parse(&body, state.config.classify_max_pdf_bytes).map_err(Error::invalid)?)
    }
}

/// The JSON body of a request that carries a document (a PDF to classify, a judge's
/// practices): over the limit, the 413 names the largest document accepted.
pub(crate) async fn document_body(request: Request, state: &AppState) -> Result<Vec<u8>, ApiError> {
    let max_pdf_bytes = state.config.classify_max_pdf_bytes;
    let JsonBody(body) = JsonBody::from_request(request, state).await.map_err(|error| match error {
        ApiError::PayloadTooLarge { limit_bytes } => ApiError::PdfTooLarge { limit_bytes, max_pdf_bytes },
        other => other,
    })?;
    Ok(body)
}

/// Classify a PDF and extract a partial check request
#[utoipa::path(
    post,
    path = "/api/v1/classify",
    tag = "compliance",
    request_body(content = ClassifyRequest, content_type = "application/json", example = json!({
        "judge_slug": "avery-sample", "district_id": "edny", "filename": "memo-opposition-msj.pdf",
        "pdf_base64": "JVBERi0xLjcK…"
    })),
    responses(
        (status = 200, description = "The classification: document type, extracted counts and structure, format detection, and (when supported) a check request lacking only the four filer facts", body = Classification),
        (status = 400, description = "A field is missing or invalid (`pdf_base64`: not base64, empty, too large)", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, district outside the key's plan, or the key's upload quota used up", body = ClassifyForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 413, description = "The body is over the /classify limit, or the PDF needs more than the classifier's memory cap", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile (`district`), the PDF cannot be analysed (not a PDF, encrypted, damaged), or scanned pages could not be read (`scanned_pages`)", body = ClassifyUnprocessableBody),
        (status = 502, description = "The classification failed: out of time, or the engine or text recognition failed; when text recognition is unavailable and the PDF has scanned pages, the body adds `scanned_pages` and `unreadable_pages` (as in `ScannedPagesBody`)", body = ErrorBody),
        (status = 503, description = "No engine instance, or the request took longer than the server's time limit", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn classify(
    State(state): State<AppState>,
    key: ApiKey,
    request: ClassifyRequest,
) -> Result<Response, ApiError> {
    let input = Input {
        pdf: request.pdf_base64,
        district_id: request.district_id,
        judge_slug: request.judge_slug,
        filename: request.filename,
    };
    let classified = classify::classify(&state.service, &key.caller, input).await?;
    Ok(super::json_response(classified.response))
}

/// Every problem with a request body at once, each at its field's path.
pub(crate) fn parse(body: &[u8], max_pdf_bytes: usize) -> Result<ClassifyRequest, Vec<FieldError>> {
    let object = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(object)) => object,
        Ok(other) => return Err(vec![FieldError::new("", format!("must be a JSON object, got {}", describe(&other)))]),
        Err(error) => return Err(vec![FieldError::new("", error.to_string())]),
    };
    // A repeated key is refused rather than read one way or the other.
    let mut details = courtrules_engine::validate::duplicate_keys(body);
    let judge_slug = slug(&object, "judge_slug", &mut details);
    let district_id = slug(&object, "district_id", &mut details);
    let pdf = match object.get("pdf_base64") {
        None | Some(Value::Null) => Err("is required".to_owned()),
        Some(Value::String(text)) => decode_pdf(text, max_pdf_bytes),
        Some(other) => Err(format!("must be a string, got {}", describe(other))),
    }
    .map_err(|message| details.push(FieldError::new("pdf_base64", message)))
    .ok();
    let filename = filename(&object, &mut details);
    const FIELDS: [&str; 4] = ["judge_slug", "district_id", "pdf_base64", "filename"];
    let mut unknown: Vec<&String> = object.keys().filter(|key| !FIELDS.contains(&key.as_str())).collect();
    unknown.sort();
    for key in unknown {
        details
            .push(FieldError::new(key.clone(), format!("unknown field; allowed fields here: {}", FIELDS.join(", "))));
    }
    match (judge_slug, district_id, pdf) {
        (Some(judge_slug), Some(district_id), Some(pdf)) if details.is_empty() => {
            Ok(ClassifyRequest { judge_slug, district_id, pdf_base64: pdf, filename })
        }
        _ => Err(details),
    }
}

/// The checks `parse` makes of a request's names — `judge_slug`, `district_id` and
/// `filename`, the same problems at the same fields — for a caller that takes them
/// otherwise (the command line's `classify --district --judge --filename`). A name not
/// given (None) is not checked.
pub(crate) fn check_names(
    district_id: Option<&str>,
    judge_slug: Option<&str>,
    filename: Option<&str>,
) -> Vec<FieldError> {
    let mut object = Map::new();
    let mut details = Vec::new();
    for (field, value) in [("judge_slug", judge_slug), ("district_id", district_id), ("filename", filename)] {
        if let Some(value) = value {
            object.insert(field.into(), value.into());
        }
    }
    for field in ["judge_slug", "district_id"] {
        if object.contains_key(field) {
            slug(&object, field, &mut details);
        }
    }
    self::filename(&object, &mut details);
    details
}

fn filename(object: &Map<String, Value>, details: &mut Vec<FieldError>) -> Option<String> {
    match object.get("filename") {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) if name.chars().count() > MAX_FILENAME_CHARS => {
            details.push(FieldError::new("filename", format!("must be at most {MAX_FILENAME_CHARS} characters")));
            None
        }
        Some(Value::String(name)) => Some(name.clone()),
        Some(other) => {
            details.push(FieldError::new("filename", format!("must be a string, got {}", describe(other))));
            None
        }
    }
}

pub(crate) fn slug(object: &Map<String, Value>, field: &str, details: &mut Vec<FieldError>) -> Option<String> {
    let problem = match object.get(field) {
        None | Some(Value::Null) => "is required".to_owned(),
        Some(Value::String(text)) => match slug_problem(text) {
            None => return Some(text.clone()),
            Some(problem) => problem.to_owned(),
        },
        Some(other) => format!("must be a string, got {}", describe(other)),
    };
    details.push(FieldError::new(field, problem));
    None
}

/// The PDF's bytes from its base64 text, or what is wrong with the text.
pub(crate) fn decode_pdf(text: &str, max_pdf_bytes: usize) -> Result<Vec<u8>, String> {
    // A data URL (what a browser's FileReader gives) carries the base64 after its comma.
    let text = match text.strip_prefix("data:").and_then(|rest| rest.split_once(";base64,")) {
        Some((_, base64)) => base64,
        None => text,
    };
    let mut compact = Vec::with_capacity(text.len());
    for (index, byte) in text.bytes().enumerate() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'+' | b'/' | b'=' => compact.push(byte),
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => {
                let character = text[index..].chars().next().unwrap_or('?');
                return Err(format!(
                    "is not base64: {character:?} at position {index} is not in the base64 alphabet (A-Z, a-z, 0-9, +, /)"
                ));
            }
        }
    }
    if compact.is_empty() {
        return Err("must not be empty".into());
    }
    // Refuse before decoding: the decoded size is known from the length.
    let decoded_len = compact.len() / 4 * 3 + (compact.len() % 4) * 3 / 4;
    if decoded_len > max_pdf_bytes + 2 {
        return Err(format!(
            "is too large: the PDF may be at most {max_pdf_bytes} bytes, this one is about {decoded_len}"
        ));
    }
    let pdf = LENIENT_BASE64.decode(&compact).map_err(|error| match error {
        base64::DecodeError::InvalidLength(_) => format!(
            "is not base64: its length ({} characters without whitespace) cannot be a whole number of bytes",
            compact.len()
        ),
        base64::DecodeError::InvalidPadding | base64::DecodeError::InvalidByte(_, b'=') => {
            "is not base64: `=` padding may only end the text".to_owned()
        }
        other => format!("is not base64: {other}"),
    })?;
    if pdf.is_empty() {
        return Err("must not be empty".into());
    }
    if pdf.len() > max_pdf_bytes {
        return Err(format!("is too large: the PDF may be at most {max_pdf_bytes} bytes, this one is {}", pdf.len()));
    }
    Ok(pdf)
}

/// Standard alphabet; padding optional; stray bits in the last character tolerated.
const LENIENT_BASE64: base64::engine::GeneralPurpose = base64::engine::GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    base64::engine::GeneralPurposeConfig::new()
        .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(body: &str) -> Vec<(String, String)> {
        match parse(body.as_bytes(), 1000) {
            Ok(_) => Vec::new(),
            Err(details) => details.into_iter().map(|detail| (detail.path, detail.message)).collect(),
        }
    }

    #[test]
    fn a_valid_request_decodes_its_pdf() {
        let body = r#"{"judge_slug":"a","district_id":"edny","pdf_base64":"JVBERi0x\nLjcK","filename":null}"#;
        let parsed = parse(body.as_bytes(), 1000).unwrap_or_else(|_| panic!("valid"));
        assert_eq!(parsed.pdf_base64, b"%PDF-1.7\n");
        let unpadded = r#"{"judge_slug":"a","district_id":"edny","pdf_base64":"data:application/pdf;base64,JVBERg"}"#;
        assert_eq!(parse(unpadded.as_bytes(), 1000).unwrap_or_else(|_| panic!("valid")).pdf_base64, b"%PDF");
    }

    #[test]
    fn every_problem_is_named_by_its_field() {
        let found = paths(r#"{"judge_slug":7,"pdf_base64":"JV%E","extra":1,"filename":[]}"#);
        let named: Vec<&str> = found.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(named, ["judge_slug", "district_id", "pdf_base64", "filename", "extra"], "{found:?}");
        assert!(found[2].1.contains("'%' at position 2"), "{found:?}");
    }

    #[test]
    fn base64_problems_say_what_is_wrong() {
        let message = |pdf: &str| {
            let body = serde_json::json!({"judge_slug": "a", "district_id": "b", "pdf_base64": pdf}).to_string();
            paths(&body).into_iter().find(|(path, _)| path == "pdf_base64").map(|(_, message)| message)
        };
        assert_eq!(message(" \n").as_deref(), Some("must not be empty"));
        assert!(message("JVBER").unwrap().contains("length"));
        assert!(message("JV=BERi0x").unwrap().contains("padding"));
        assert!(message(&"A".repeat(2000)).unwrap().contains("too large"));
        assert_eq!(message("JVBERi0xLjcK"), None);
    }

    #[test]
    fn names_given_apart_are_checked_as_in_a_body() {
        let named = |district: &str, judge: &str, filename: Option<&str>| {
            check_names(Some(district), Some(judge), filename).into_iter().map(|d| d.path).collect::<Vec<_>>()
        };
        assert_eq!(named("edny", "avery-sample", Some("memo.pdf")), Vec::<String>::new());
        assert_eq!(named("EDNY", "Avery Sample", Some(&"x".repeat(300))), ["judge_slug", "district_id", "filename"]);
        assert_eq!(named("", "a", None), ["district_id"]);
        assert_eq!(check_names(None, None, Some(&"x".repeat(300))).len(), 1, "the file name alone");
        let body = serde_json::json!({"judge_slug": "a", "district_id": "EDNY", "pdf_base64": "JVBERi0xLjcK"});
        let from_body = parse(body.to_string().as_bytes(), 1000).err().unwrap();
        assert_eq!(from_body[0].message, check_names(Some("EDNY"), Some("a"), None)[0].message);
    }

    #[test]
    fn a_body_that_is_not_an_object_is_one_problem() {
        assert_eq!(paths("[1]"), vec![("".to_owned(), "must be a JSON object, got an array".to_owned())]);
    }
}
