//! `GET /api/v1/documents?district_id=…[&judge_slug=…]`: the source documents behind a
//! court's or a judge's rules; `GET /api/v1/documents/{id}/pdf`: one of them, as the
//! PDF (`ETag` is its SHA-256, so a client can cache it and revalidate).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::QueryPairs;
use super::lookup;
use super::query::{Params, PathParams};
use crate::store::documents::{self, Document};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document; `Params` reads it
pub struct DocumentsQuery {
    #[param(min_length = 1, max_length = 120, example = "edny")]
    district_id: String,
    /// A judge of the district: adds the judge's standing order (default: the court's
    /// documents only).
    #[param(min_length = 1, max_length = 120, example = "avery-sample")]
    judge_slug: Option<String>,
}

/// A source document: our shape (the spec leaves it open).
#[derive(Serialize, ToSchema)]
pub struct DocumentEntry {
    /// The id `GET /api/v1/documents/{id}/pdf` takes (a UUID).
    #[schema(format = "uuid")]
    pub id: String,
    pub title: String,
    /// `frcp`, `local_rules`, `court_rules`, `statute` or `standing_order`.
    pub kind: String,
    /// The court the document belongs to; null for the national rules.
    pub district_id: Option<String>,
    /// The judge whose standing order it is; null for court-level documents.
    pub judge_slug: Option<String>,
    /// The official address of the text.
    pub source_url: String,
    /// The version of the document the rules were extracted from (`document_version_id`
    /// of an extracted rule).
    #[schema(format = "uuid")]
    pub version_id: String,
    /// When the text was retrieved (`YYYY-MM-DD`).
    #[schema(format = Date)]
    pub retrieved_date: String,
    /// SHA-256 of the PDF (lower-case hex); also the download's `ETag`.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub sha256: String,
    #[schema(minimum = 1)]
    pub page_count: i64,
    /// Size of the PDF in bytes.
    #[schema(minimum = 1)]
    pub byte_size: i64,
    /// Demonstration data (the fictional sample standing orders).
    pub sample: bool,
    /// Where to download the PDF (path on this server).
    pub pdf_url: String,
}

impl From<Document> for DocumentEntry {
    fn from(document: Document) -> Self {
        DocumentEntry {
            pdf_url: format!("/api/v1/documents/{}/pdf", document.id),
            id: document.id,
            title: document.title,
            kind: document.kind,
            district_id: document.district_id,
            judge_slug: document.judge_slug,
            source_url: document.source_url,
            version_id: document.version_id,
            retrieved_date: document.retrieved_date,
            sha256: document.sha256,
            page_count: document.page_count,
            byte_size: document.byte_size,
            sample: document.sample,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DocumentsResponse {
    pub district_id: String,
    pub judge_slug: Option<String>,
    pub documents: Vec<DocumentEntry>,
    pub meta: DocumentsMeta,
}

#[derive(Serialize, ToSchema)]
pub struct DocumentsMeta {
    /// Documents returned.
    pub total: u32,
}

/// The source documents behind a judge's (or a court's) rules
#[utoipa::path(
    get,
    path = "/api/v1/documents",
    tag = "rules",
    params(DocumentsQuery),
    responses(
        (status = 200, description = "The national rules (federal courts), the court's rules and statutes, and the judge's standing order", body = DocumentsResponse),
        (status = 400, description = "district_id is missing, or a parameter is empty or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district, or judge not on the district's roster", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn documents(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<DocumentsResponse>, ApiError> {
    let mut params = Params::new(&query, &["district_id", "judge_slug"]);
    let district_id = params.required_text("district_id", 120);
    let judge_slug = params.text("judge_slug", 120);
    params.finish()?;
    let district_id = district_id.unwrap_or_default();
    let catalogue = state.catalogue.get();
    let court = key.court(&catalogue, district_id, &state.config.contact)?;
    if let Some(judge_slug) = judge_slug {
        lookup::judge(&catalogue, court, judge_slug)?;
    }
    let federal = court.is_federal();
    let found = documents::behind(&state.db, &court.district_id, federal, judge_slug).await?;
    let documents: Vec<DocumentEntry> = found.into_iter().map(DocumentEntry::from).collect();
    Ok(Json(DocumentsResponse {
        district_id: court.district_id.clone(),
        judge_slug: judge_slug.map(str::to_owned),
        meta: DocumentsMeta { total: documents.len() as u32 },
        documents,
    }))
}

/// Download a source document (PDF)
#[utoipa::path(
    get,
    path = "/api/v1/documents/{id}/pdf",
    tag = "rules",
    params(
        ("id" = String, Path, description = "A document id from `GET /api/v1/documents`", max_length = 120, example = "d54d9d06-2c92-51c4-b36b-4ec7505f7525"),
        ("If-None-Match" = Option<String>, Header, description = "An ETag received before: 304 when the document is unchanged"),
    ),
    responses(
        (status = 200, description = "The PDF", content_type = "application/pdf", body = PdfFile,
         headers(
            ("ETag" = String, description = "The PDF's SHA-256, quoted"),
            ("Content-Disposition" = String, description = "`attachment` with the file name"),
            ("Content-Length" = u64, description = "Size in bytes"),
         )),
        (status = 304, description = "Unchanged since the ETag in If-None-Match",
         headers(("ETag" = String, description = "The PDF's SHA-256, quoted"))),
        (status = 400, description = "The id is not valid UTF-8, or the endpoint was given query parameters", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or the document's court is outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "No document has this id", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn pdf(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    query: QueryPairs,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    Params::new(&query, &[]).finish()?;
    let id = path.get("id");
    let document = documents::find(&state.db, id).await?.ok_or_else(|| ApiError::DocumentNotFound(id.to_owned()))?;
    if let Some(district_id) = &document.district_id {
        key.court(&state.catalogue.get(), district_id, &state.config.contact)?;
    }
    let etag = format!("\"{}\"", document.sha256);
    let etag_value = HeaderValue::from_str(&etag).map_err(anyhow::Error::from)?;
    if if_none_match(&headers, &etag) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag_value)]).into_response());
    }
    let bytes = documents::bytes(&state.db, &document.sha256)
        .await?
        .ok_or_else(|| anyhow::anyhow!("document {} has no stored file {}", document.id, document.sha256))?;
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{}\"", document.file_name))
        .map_err(anyhow::Error::from)?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("application/pdf")),
        (header::CONTENT_DISPOSITION, disposition),
        (header::ETAG, etag_value),
    ];
    Ok((headers, bytes).into_response())
}

/// The bytes of a PDF (for the OpenAPI document).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
pub struct PdfFile(Vec<u8>);

/// Whether `If-None-Match` names this ETag (or is `*`).
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|value| value.to_str().ok()).any(|value| {
        value.split(',').map(str::trim).any(|tag| tag == "*" || tag == etag || tag.strip_prefix("W/") == Some(etag))
    })
}
