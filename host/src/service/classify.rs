//! Classifying a filing's PDF: the request's district, judge and profile are looked up
//! (as for a check), the classify pipeline (`crate::classifier`: the engine in the
//! sandbox, text recognition for scanned pages) reads the PDF, and the upload is kept
//! where the service keeps uploads.

use super::error::QuotaExceeded;
use super::{Caller, Error, Service, lookup};
use crate::classifier::{Classified, Classifier, ClassifyError};
use crate::uploads::{NewUpload, Stored, Uploads};
use courtrules_engine::model::ClassifyHints;
use std::sync::Arc;
use std::time::Instant;

/// A PDF to classify, and the filing it is for.
pub struct Input {
    pub pdf: Vec<u8>,
    pub district_id: String,
    pub judge_slug: String,
    /// The original file name; a descriptive one strengthens the classification.
    pub filename: Option<String>,
}

/// The classification of a PDF filed before a judge of a district with a compliance
/// profile; the upload is stored when the service keeps uploads.
pub async fn classify(service: &Service, caller: &Caller, input: Input) -> Result<Classified, Error> {
    let started = Instant::now();
    let catalogue = service.catalogue();
    lookup::judge_profile(service, &catalogue, caller, &input.district_id, &input.judge_slug)?;
    let classifier =
        service.classifier.as_ref().ok_or_else(|| anyhow::anyhow!("this front end has no classify pipeline"))?;
    let hints = ClassifyHints {
        judge_slug: input.judge_slug.clone(),
        district_id: input.district_id.clone(),
        filename: input.filename.clone(),
        ..ClassifyHints::default()
    };
    if let Some(uploads) = &service.uploads {
        within_quota(service, uploads, caller, input.pdf.len()).await?;
    }
    let pdf: Arc<[u8]> = input.pdf.into();
    let classified = document(classifier, Arc::clone(&pdf), hints).await?;
    if let Some(uploads) = &service.uploads {
        let upload = NewUpload {
            pdf: &pdf,
            filename: input.filename.as_deref(),
            key_id: &caller.key_id,
            district_id: &input.district_id,
            judge_slug: &input.judge_slug,
        };
        // The quota is decided again where the upload is stored, in the same transaction:
        // of uploads sent at once, only those that fit are kept, and the rest refused.
        let (upload_id, sha256) =
            match uploads.store(&service.db, upload, &service.engine_version, &classified.response).await? {
                Stored::Stored { id, sha256 } => (id, sha256),
                Stored::OverQuota { used_bytes } => {
                    let quota_bytes = uploads.quota_bytes().unwrap_or_default();
                    return Err(over_quota(service, uploads, quota_bytes, used_bytes, pdf.len()));
                }
            };
        tracing::info!(
            upload_id,
            sha256,
            bytes = pdf.len(),
            scanned_pages = classified.scanned_pages.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "classified"
        );
    }
    Ok(classified)
}

/// Refuses, before the work, an upload that would take the key past its upload quota.
/// Only a shortcut: uploads sent at the same moment all pass it, and `Uploads::store`
/// decides again, in the transaction that stores each one.
async fn within_quota(service: &Service, uploads: &Uploads, caller: &Caller, bytes: usize) -> Result<(), Error> {
    let Some(quota_bytes) = uploads.quota_bytes() else { return Ok(()) };
    let used_bytes = uploads.used_by(&service.db, &caller.key_id).await?;
    if used_bytes.saturating_add(bytes as u64) <= quota_bytes {
        return Ok(());
    }
    Err(over_quota(service, uploads, quota_bytes, used_bytes, bytes))
}

fn over_quota(service: &Service, uploads: &Uploads, quota_bytes: u64, used_bytes: u64, bytes: usize) -> Error {
    Error::UploadQuotaExceeded(Box::new(QuotaExceeded {
        quota_bytes,
        used_bytes,
        upload_bytes: bytes as u64,
        retention_days: uploads.retention().as_secs() / 86_400,
        contact: service.contact.clone(),
    }))
}

/// The classification alone, with the hints given and no lookups (the CLI classifies
/// a PDF without naming a district).
pub async fn document(classifier: &Classifier, pdf: Arc<[u8]>, hints: ClassifyHints) -> Result<Classified, Error> {
    classifier.classify(pdf, hints).await.map_err(|error| match error {
        ClassifyError::Unreadable(message) => Error::UnreadablePdf(message),
        ClassifyError::ScannedPages { scanned_pages, unreadable_pages, reason } => {
            Error::ScannedPagesUnreadable { scanned_pages, unreadable_pages, reason }
        }
        ClassifyError::RecognitionFailed { scanned_pages, unreadable_pages, cause } => {
            Error::RecognitionFailed { scanned_pages, unreadable_pages, cause }
        }
        ClassifyError::TooLarge { limit_bytes } => Error::PdfTooComplex { limit_bytes },
        ClassifyError::TimedOut { budget } => Error::ClassificationTimedOut { budget },
        ClassifyError::Failed(detail) => {
            tracing::error!(%detail, "classification failed");
            Error::ClassificationFailed("the classification failed".into())
        }
        ClassifyError::Invalid(details) => Error::invalid(details),
    })
}
