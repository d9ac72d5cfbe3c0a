//! The source documents behind a court's or a judge's rules, and one document's PDF.

use super::{Caller, Error, Service, lookup};
use crate::store::documents::{self, Document};
use serde::Serialize;
use utoipa::ToSchema;

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

/// The national rules (federal courts), the court's rules and statutes, and — with a
/// judge — the judge's standing order.
pub async fn documents(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: Option<&str>,
) -> Result<DocumentsResponse, Error> {
    let catalogue = service.catalogue();
    let court = lookup::court(service, &catalogue, caller, district_id)?;
    if let Some(judge_slug) = judge_slug {
        lookup::judge(&catalogue, court, judge_slug)?;
    }
    let found = documents::behind(&service.db, &court.district_id, court.is_federal(), judge_slug).await?;
    let documents: Vec<DocumentEntry> = found.into_iter().map(DocumentEntry::from).collect();
    Ok(DocumentsResponse {
        district_id: court.district_id.clone(),
        judge_slug: judge_slug.map(str::to_owned),
        meta: DocumentsMeta { total: documents.len() as u32 },
        documents,
    })
}

/// A source document's PDF.
pub struct Pdf {
    pub document: Document,
    /// `None` when the caller already has this version (its ETag matched).
    pub bytes: Option<Vec<u8>>,
}

/// The document with this id, if the caller may see its court; its bytes unless
/// `unchanged(sha256)` says the caller already has them.
pub async fn pdf(
    service: &Service,
    caller: &Caller,
    id: &str,
    unchanged: impl FnOnce(&str) -> bool,
) -> Result<Pdf, Error> {
    let document = documents::find(&service.db, id).await?.ok_or_else(|| Error::DocumentNotFound(id.to_owned()))?;
    if let Some(district_id) = &document.district_id {
        lookup::court(service, &service.catalogue(), caller, district_id)?;
    }
    if unchanged(&document.sha256) {
        return Ok(Pdf { document, bytes: None });
    }
    let bytes = documents::bytes(&service.db, &document.sha256)
        .await?
        .ok_or_else(|| anyhow::anyhow!("document {} has no stored file {}", document.id, document.sha256))?;
    Ok(Pdf { document, bytes: Some(bytes) })
}
