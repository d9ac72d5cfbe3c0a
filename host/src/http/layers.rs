//! An organisation's own standing-order layers (`service::layers`):
//!
//! - `POST /api/v1/standing-order-drafts`: a judge's document (PDF or text) → proposals;
//! - `GET /api/v1/standing-order-drafts/{draft_id}`, `POST …/{draft_id}/reject`;
//! - `POST /api/v1/standing-order-layers/{district_id}/{judge_slug}/versions`: the
//!   reviewed rules → the version in force;
//! - `GET /api/v1/standing-order-layers`, `GET …/{district_id}/{judge_slug}`,
//!   `GET …/versions/{version}`, `DELETE …/{district_id}/{judge_slug}` (withdraw).
//!
//! Every id is looked up within the caller's organisation: another's answer 404. Every
//! endpoint applies the key's plan as `/check` does: a district outside it is 403 with
//! the structured body (a draft by its district), an unknown district 404.

use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::extract::{JsonBody, NoBody};
use super::query::{NoParams, PathParams, Query, Text, query_params};
use super::{AppState, classify};
use crate::service::Error;
use crate::service::error::{
    ClassifyUnprocessableBody, ErrorBody, NoProfileBody, NotFoundBody, UnknownDistrictBody, ValidationErrorBody,
};
use crate::service::layers::{self, DraftInput, VersionInput};
use crate::store::layers::{Draft, LayerVersion, VersionSummary};
use axum::Json;
use axum::extract::{FromRequest, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::FieldError;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

pub const DRAFTS_PATH: &str = "/api/v1/standing-order-drafts";

/// The body of `POST /standing-order-drafts`: the document as a PDF (base64) or as text.
#[derive(ToSchema)]
pub struct DraftRequest {
    #[schema(pattern = "^[a-z0-9_-]{1,120}$", example = "edny")]
    pub district_id: String,
    /// A judge of the district's roster.
    #[schema(pattern = "^[a-z0-9_-]{1,120}$", example = "avery-sample")]
    pub judge_slug: String,
    /// The judge's individual practices or standing order as a PDF, base64-encoded;
    /// give this or `text`.
    #[schema(
        value_type = Option<String>,
        pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$",
        min_length = 4,
        content_encoding = "base64",
        content_media_type = "application/pdf"
    )]
    pub pdf_base64: Option<Vec<u8>>,
    /// The document as plain text (a form feed between pages); give this or `pdf_base64`.
    #[schema(min_length = 1, max_length = 2097152, pattern = "\\S")]
    pub text: Option<String>,
    #[schema(max_length = 255, example = "individual-practices.pdf")]
    pub filename: Option<String>,
    /// Where the judge publishes the document (http or https); every proposed rule cites
    /// it. Defaults to the judge's page on the court's website, when the roster has it.
    #[schema(
        max_length = 2000,
        pattern = "^https?://",
        example = "https://www.nyed.uscourts.gov/content/judge-example"
    )]
    pub source_url: Option<String>,
    /// The title used in citations; read from the document when left out.
    #[schema(min_length = 1, max_length = 300, pattern = "\\S")]
    pub title: Option<String>,
}

impl FromRequest<AppState> for DraftRequest {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let body = classify::document_body(request, state).await?;
        Ok(parse_draft(&body, state.config.classify_max_pdf_bytes).map_err(Error::invalid)?)
    }
}

/// Every problem with a draft request at once, each at its field's path.
fn parse_draft(body: &[u8], max_pdf_bytes: usize) -> Result<DraftRequest, Vec<FieldError>> {
    let object = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(object)) => object,
        Ok(_) => return Err(vec![FieldError::new("", "must be a JSON object")]),
        Err(error) => return Err(vec![FieldError::new("", error.to_string())]),
    };
    let mut details = courtrules_engine::validate::duplicate_keys(body);
    let district_id = classify::slug(&object, "district_id", &mut details);
    let judge_slug = classify::slug(&object, "judge_slug", &mut details);
    let pdf = match object.get("pdf_base64") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => match classify::decode_pdf(text, max_pdf_bytes) {
            Ok(pdf) => Some(pdf),
            Err(message) => {
                details.push(FieldError::new("pdf_base64", message));
                None
            }
        },
        Some(_) => {
            details.push(FieldError::new("pdf_base64", "must be a string"));
            None
        }
    };
    let text = optional_text(&object, "text", crate::service::layers::MAX_TEXT_BYTES, &mut details);
    match (&pdf, &text, details.iter().any(|d| d.path == "pdf_base64" || d.path == "text")) {
        (None, None, false) => {
            details.push(FieldError::new("pdf_base64", "give the document as pdf_base64 or as text"))
        }
        (Some(_), Some(_), _) => details.push(FieldError::new("text", "give pdf_base64 or text, not both")),
        _ => {}
    }
    if text.as_deref().is_some_and(|text| text.trim().is_empty()) {
        details.push(FieldError::new("text", "must not be empty"));
    }
    let filename = optional_text(&object, "filename", 255, &mut details);
    let (source_url, title) = source_and_title(&object, &mut details);
    const FIELDS: [&str; 7] = ["district_id", "judge_slug", "pdf_base64", "text", "filename", "source_url", "title"];
    let mut unknown: Vec<&String> = object.keys().filter(|key| !FIELDS.contains(&key.as_str())).collect();
    unknown.sort();
    for key in unknown {
        details
            .push(FieldError::new(key.clone(), format!("unknown field; allowed fields here: {}", FIELDS.join(", "))));
    }
    match (district_id, judge_slug) {
        (Some(district_id), Some(judge_slug)) if details.is_empty() => {
            Ok(DraftRequest { district_id, judge_slug, pdf_base64: pdf, text, filename, source_url, title })
        }
        _ => Err(details),
    }
}

/// `source_url` and `title`, each problem at its field.
fn source_and_title(object: &Map<String, Value>, details: &mut Vec<FieldError>) -> (Option<String>, Option<String>) {
    let source_url = optional_text(object, "source_url", 2000, details);
    if let Some(problem) = source_url.as_deref().and_then(courtrules_engine::model::address_problem) {
        details.push(FieldError::new("source_url", problem));
    }
    let title = optional_text(object, "title", 300, details);
    if title.as_deref().is_some_and(|title| title.trim().is_empty()) {
        details.push(FieldError::new("title", "must not be empty"));
    }
    (source_url, title)
}

/// The checks `parse_draft` makes of `source_url` and `title`, for a caller that takes
/// them otherwise (the command line's `ingest --source-url --title`). A value not given
/// (None) is not checked.
pub(crate) fn check_source_and_title(source_url: Option<&str>, title: Option<&str>) -> Vec<FieldError> {
    let mut object = Map::new();
    for (field, value) in [("source_url", source_url), ("title", title)] {
        if let Some(value) = value {
            object.insert(field.into(), value.into());
        }
    }
    let mut details = Vec::new();
    source_and_title(&object, &mut details);
    details
}

fn optional_text(
    object: &Map<String, Value>,
    field: &str,
    max: usize,
    details: &mut Vec<FieldError>,
) -> Option<String> {
    match object.get(field) {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) if text.len() > max => {
            details.push(FieldError::new(field, format!("must be at most {max} bytes")));
            None
        }
        Some(Value::String(text)) => Some(text.clone()),
        Some(_) => {
            details.push(FieldError::new(field, "must be a string"));
            None
        }
    }
}

/// Propose standing-order rules from a judge's document
#[utoipa::path(
    post,
    path = "/api/v1/standing-order-drafts",
    tag = "layers",
    request_body(content = DraftRequest, content_type = "application/json", example = json!({
        "district_id": "edny", "judge_slug": "avery-sample",
        "text": "3.A. Page Limits. Memoranda of law in support of and in opposition to motions are limited to 25 pages.",
        "source_url": "https://courtrules.example/sample-orders/avery-sample"
    })),
    responses(
        (status = 201, description = "The draft: each proposed rule (profile format) with its sentence, page, span and confidence, and the sentences that read as rules but matched no pattern (`extraction.not_understood`). Kept for review by the organisation", body = Draft),
        (status = 400, description = "A field is missing or invalid (the document, `source_url` when the judge has no page on the roster)", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
        (status = 413, description = "Body over the document size limit", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile (`district`), or the document cannot be read (not a PDF nor UTF-8 text, encrypted, damaged)", body = ClassifyUnprocessableBody),
        (status = 503, description = "The engine did not answer within its deadline", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn propose(State(state): State<AppState>, key: ApiKey, request: DraftRequest) -> Result<Response, ApiError> {
    let is_pdf = request.pdf_base64.is_some();
    let document = match (request.pdf_base64, request.text) {
        (Some(pdf), _) => pdf,
        (None, Some(text)) => text.into_bytes(),
        (None, None) => Vec::new(),
    };
    let input = DraftInput {
        district_id: request.district_id,
        judge_slug: request.judge_slug,
        document,
        is_pdf,
        filename: request.filename,
        source_url: request.source_url,
        title: request.title,
    };
    let draft = layers::propose(&state.service, &key.caller, input).await?;
    Ok((StatusCode::CREATED, Json(draft)).into_response())
}

/// A draft of your organisation
#[utoipa::path(
    get,
    path = "/api/v1/standing-order-drafts/{draft_id}",
    tag = "layers",
    params(("draft_id" = String, Path, description = "The id the draft was created with", max_length = 120)),
    responses(
        (status = 200, description = "The draft, with its status", body = Draft),
        (status = 400, description = "Query parameters were given", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or the draft's district is outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Your organisation has no draft with this id", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn draft(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Json<Draft>, ApiError> {
    Ok(Json(layers::draft(&state.service, &key.caller, path.get("draft_id")).await?))
}

/// Reject a draft
#[utoipa::path(
    post,
    path = "/api/v1/standing-order-drafts/{draft_id}/reject",
    tag = "layers",
    params(("draft_id" = String, Path, description = "The id the draft was created with", max_length = 120)),
    responses(
        (status = 200, description = "The draft, now rejected", body = Draft),
        (status = 400, description = "Query parameters were given, or a body other than `{}` (this endpoint takes none)", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or the draft's district is outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Your organisation has no draft with this id", body = ErrorBody),
        (status = 409, description = "The draft was already accepted or rejected", body = ErrorBody),
        (status = 413, description = "Body over the size limit", body = ErrorBody),
        (status = 415, description = "A non-empty body not sent as application/json", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn reject(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
    _: NoBody,
) -> Result<Json<Draft>, ApiError> {
    Ok(Json(layers::reject(&state.service, &key.caller, path.get("draft_id")).await?))
}

/// Accept a version of your organisation's layer for a judge
#[utoipa::path(
    post,
    path = "/api/v1/standing-order-layers/{district_id}/{judge_slug}/versions",
    tag = "layers",
    params(
        ("district_id" = String, Path, max_length = 120, example = "edny"),
        ("judge_slug" = String, Path, max_length = 120, example = "avery-sample"),
    ),
    request_body(content = VersionInput, content_type = "application/json"),
    responses(
        (status = 201, description = "The new version, now in force for your organisation's checks, rules and profiles", body = LayerVersion),
        (status = 400, description = "The order or a rule is invalid (each problem at its path, e.g. `rules[2].params.max_pages`)", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district or judge, or `draft_id` names no draft of your organisation", body = NotFoundBody),
        (status = 409, description = "The draft was already accepted or rejected, or is for another judge", body = ErrorBody),
        (status = 415, description = "Body not sent as application/json", body = ErrorBody),
        (status = 422, description = "The court has no compliance profile", body = NoProfileBody),
        (status = 503, description = "The engine did not answer within its deadline", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn accept(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(&body);
    let input: VersionInput = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let path = error.path().to_string();
        let path = if path == "." { String::new() } else { path };
        Error::invalid(vec![FieldError::new(path, error.inner().to_string())])
    })?;
    let (district_id, judge_slug) = (path.get("district_id"), path.get("judge_slug"));
    let accepted_by = key.caller.key_id.clone();
    let version = layers::accept(&state.service, &key.caller, district_id, judge_slug, input, &accepted_by).await?;
    Ok((StatusCode::CREATED, Json(version)).into_response())
}

query_params! {
    /// The query of `/standing-order-layers`.
    pub struct LayersQuery {
        /// Only this district's layers.
        #[param(example = "edny")]
        pub district_id: Option<Text<120>>,
    }
}

#[derive(Serialize, ToSchema)]
pub struct LayerList {
    /// The latest version of each of your organisation's layers (withdrawn ones too) in
    /// the districts your key's plan includes.
    pub layers: Vec<LayerVersion>,
}

/// Your organisation's standing-order layers
#[utoipa::path(
    get,
    path = "/api/v1/standing-order-layers",
    tag = "layers",
    params(LayersQuery),
    responses(
        (status = 200, description = "The latest version of each layer in the districts of the key's plan (or in `district_id`)", body = LayerList),
        (status = 400, description = "A parameter is empty or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or `district_id` outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown `district_id`", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn list(
    State(state): State<AppState>,
    key: ApiKey,
    Query(query): Query<LayersQuery>,
) -> Result<Json<LayerList>, ApiError> {
    let layers = layers::list(&state.service, &key.caller, query.district_id.as_deref()).await?;
    Ok(Json(LayerList { layers }))
}

#[derive(Serialize, ToSchema)]
pub struct LayerHistory {
    pub district_id: String,
    pub judge_slug: String,
    /// The version in force; null when the latest version withdrew the layer.
    pub active: Option<LayerVersion>,
    /// Every version, newest first.
    pub versions: Vec<VersionSummary>,
}

/// Your organisation's layer for a judge, and its versions
#[utoipa::path(
    get,
    path = "/api/v1/standing-order-layers/{district_id}/{judge_slug}",
    tag = "layers",
    params(
        ("district_id" = String, Path, max_length = 120, example = "edny"),
        ("judge_slug" = String, Path, max_length = 120, example = "avery-sample"),
    ),
    responses(
        (status = 200, description = "The version in force and the list of versions", body = LayerHistory),
        (status = 400, description = "Query parameters were given", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or your organisation has no layer for this judge", body = NotFoundBody),
    ),
    security(("bearer" = []))
)]
pub async fn history(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Json<LayerHistory>, ApiError> {
    let (district_id, judge_slug) = (path.get("district_id"), path.get("judge_slug"));
    let versions = layers::versions(&state.service, &key.caller, district_id, judge_slug).await?;
    let active = versions.first().filter(|latest| !latest.withdrawn).cloned();
    Ok(Json(LayerHistory {
        // The court's own id (the path may name it by a former one).
        district_id: versions.first().map_or(district_id, |latest| latest.district_id.as_str()).to_owned(),
        judge_slug: judge_slug.to_owned(),
        active,
        versions: versions.iter().map(LayerVersion::summary).collect(),
    }))
}

/// One version of your organisation's layer for a judge
#[utoipa::path(
    get,
    path = "/api/v1/standing-order-layers/{district_id}/{judge_slug}/versions/{version}",
    tag = "layers",
    params(
        ("district_id" = String, Path, max_length = 120, example = "edny"),
        ("judge_slug" = String, Path, max_length = 120, example = "avery-sample"),
        ("version" = u32, Path, minimum = 1, example = 1),
    ),
    responses(
        (status = 200, description = "The version with its rules", body = LayerVersion),
        (status = 400, description = "The version is not a positive whole number, or query parameters were given", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or your organisation's layer has no such version", body = NotFoundBody),
    ),
    security(("bearer" = []))
)]
pub async fn version(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Json<LayerVersion>, ApiError> {
    let number = path.get("version");
    let Some(version) = number.parse::<u32>().ok().filter(|n| *n >= 1) else {
        return Err(ApiError::invalid(
            "the path is invalid (1 problem)",
            vec![FieldError::new("version", format!("must be a whole number from 1, got `{number}`"))],
        ));
    };
    let (district_id, judge_slug) = (path.get("district_id"), path.get("judge_slug"));
    Ok(Json(layers::version(&state.service, &key.caller, district_id, judge_slug, version).await?))
}

/// Withdraw your organisation's layer for a judge
#[utoipa::path(
    delete,
    path = "/api/v1/standing-order-layers/{district_id}/{judge_slug}",
    tag = "layers",
    params(
        ("district_id" = String, Path, max_length = 120, example = "edny"),
        ("judge_slug" = String, Path, max_length = 120, example = "avery-sample"),
    ),
    responses(
        (status = 200, description = "The withdrawing version: the judge's published standing order (if any) applies again; earlier versions are kept", body = LayerVersion),
        (status = 400, description = "Query parameters were given", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or your organisation has no layer in force for this judge", body = NotFoundBody),
    ),
    security(("bearer" = []))
)]
pub async fn withdraw(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
) -> Result<Json<LayerVersion>, ApiError> {
    let (district_id, judge_slug) = (path.get("district_id"), path.get("judge_slug"));
    Ok(Json(layers::withdraw(&state.service, &key.caller, district_id, judge_slug).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_and_title_given_apart_are_checked_as_in_a_body() {
        let long_url = format!("https://court.example/{}", "a".repeat(2000));
        let wide_title = "é".repeat(200); // 200 characters, 400 bytes
        let cases: [(Option<&str>, Option<&str>); 5] = [
            (Some("ftp://court.example/practices"), None),
            (Some(long_url.as_str()), Some(" ")),
            (None, Some(wide_title.as_str())),
            (Some("https://court.example/practices"), Some("Individual Practices")),
            (None, None),
        ];
        for (source_url, title) in cases {
            let body = serde_json::json!({
                "district_id": "edny", "judge_slug": "avery-sample", "text": "Letters are limited to 3 pages.",
                "source_url": source_url, "title": title,
            });
            let from_body = parse_draft(body.to_string().as_bytes(), 1000).err().unwrap_or_default();
            assert_eq!(check_source_and_title(source_url, title), from_body, "{source_url:?} {title:?}");
        }
        assert_eq!(check_source_and_title(None, Some(&wide_title))[0].path, "title");
    }
}
