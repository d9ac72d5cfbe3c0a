//! `GET /api/v1/documents?district_id=…[&judge_slug=…]`: the source documents behind a
//! court's or a judge's rules; `GET /api/v1/documents/{id}/pdf`: one of them, as the
//! PDF (`ETag` is its SHA-256, so a client can cache it and revalidate).
//! `service::documents`.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{NoParams, PathParams, Query, Text, query_params};
use crate::service::documents::{self, DocumentsResponse};
use crate::service::error::{ErrorBody, NotFoundBody, ValidationErrorBody};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};

query_params! {
    /// The query of `/documents`.
    pub struct DocumentsQuery {
        #[param(example = "edny")]
        pub district_id: Text<120>,
        /// A judge of the district: adds the judge's standing order (default: the court's
        /// documents only).
        #[param(example = "avery-sample")]
        pub judge_slug: Option<Text<120>>,
    }
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
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not on the district's roster", body = NotFoundBody),
    ),
    security(("bearer" = []))
)]
pub async fn documents(
    State(state): State<AppState>,
    key: ApiKey,
    Query(query): Query<DocumentsQuery>,
) -> Result<Json<DocumentsResponse>, ApiError> {
    let judge_slug = query.judge_slug.as_deref();
    Ok(Json(documents::documents(&state.service, &key.caller, &query.district_id, judge_slug).await?))
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
        (status = 403, description = "Invalid key, or the document's court is outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "No document has this id", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn pdf(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    _: Query<NoParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let unchanged = |sha256: &str| if_none_match(&headers, &etag(sha256));
    let pdf = documents::pdf(&state.service, &key.caller, path.get("id"), unchanged).await?;
    let etag = HeaderValue::from_str(&etag(&pdf.document.sha256)).map_err(anyhow::Error::from)?;
    let Some(bytes) = pdf.bytes else {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response());
    };
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{}\"", pdf.document.file_name))
        .map_err(anyhow::Error::from)?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("application/pdf")),
        (header::CONTENT_DISPOSITION, disposition),
        (header::ETAG, etag),
    ];
    Ok((headers, bytes).into_response())
}

/// The bytes of a PDF: the 200 body's schema.
pub struct PdfFile;

impl PartialSchema for PdfFile {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .description(Some("The bytes of a PDF"))
            .into()
    }
}

impl ToSchema for PdfFile {}

/// A document's ETag: its SHA-256, quoted.
fn etag(sha256: &str) -> String {
    format!("\"{sha256}\"")
}

/// Whether `If-None-Match` names this ETag (or is `*`).
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().filter_map(|value| value.to_str().ok()).any(|value| {
        value.split(',').map(str::trim).any(|tag| tag == "*" || tag == etag || tag.strip_prefix("W/") == Some(etag))
    })
}
