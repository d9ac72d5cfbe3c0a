//! The classify pipeline behind `service::classify` (`POST /api/v1/classify`, `courtrules classify`).
//! The engine reads the PDF inside the sandbox; the host only times the calls, runs
//! text recognition for the pages the engine names, and hands the text back:
//!
//! 1. `classify` under the format budget (the spec's 15 s). If that deadline passes,
//!    once more with `skip_format` (the engine adds the spec's warning), under what is
//!    left of the whole budget.
//! 2. If pages have no text layer (`unread_pages`): each page's image from the
//!    engine's `scan_image` (in the sandbox), Tesseract on it, and `classify` again
//!    with the text as `ocr_pages`. A page that cannot be read fails the request with
//!    the pages listed (`scanned_pages`).
//!
//! Everything together is bounded by one budget; past it the classification failed.

use crate::ocr::{Ocr, OcrError};
use crate::sandbox::{Due, Op, Sandbox, SandboxError};
use courtrules_engine::EngineError;
use courtrules_engine::model::{ClassifyHints, FieldError, OcrPage};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Settings {
    /// Format extraction's time limit: the deadline of a `classify` call that also
    /// detects the format.
    pub format_budget: Duration,
    /// The whole classification: engine calls, page images and text recognition.
    pub budget: Duration,
    /// Most pages without a text layer recognised for one document.
    pub max_ocr_pages: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { format_budget: Duration::from_secs(15), budget: Duration::from_secs(25), max_ocr_pages: 10 }
    }
}

pub struct Classifier {
    sandbox: Arc<Sandbox>,
    ocr: Arc<Ocr>,
    settings: Settings,
}

/// A classification.
pub struct Classified {
    /// The 200 body: the engine's `response`, byte for byte.
    pub response: Vec<u8>,
    /// 1-based pages without a text layer (recognised by OCR).
    pub scanned_pages: Vec<u32>,
}

/// Why a document was not classified.
#[derive(Debug, thiserror::Error)]
pub enum ClassifyError {
    /// The engine cannot analyse the PDF (not a PDF, encrypted, damaged, a limit
    /// crossed); its message says which.
    #[error("{0}")]
    Unreadable(String),
    /// Pages without a text layer that could not be recognised.
    #[error("{reason}")]
    ScannedPages { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, reason: String },
    /// Pages without a text layer that text recognition could not read for the
    /// server's reasons (Tesseract missing, the time ran out), not the document's.
    #[error("{}", unread_pages_reason(unreadable_pages, &cause.to_string()))]
    RecognitionFailed { scanned_pages: Vec<u32>, unreadable_pages: Vec<u32>, cause: RecognitionCause },
    /// The PDF needs more memory than a document call may have.
    #[error("the PDF needs more than the classifier's {} MiB memory limit", limit_bytes / (1024 * 1024))]
    TooLarge { limit_bytes: usize },
    /// The budget ran out.
    #[error("the classification did not finish within its {} time limit", seconds(*budget))]
    TimedOut { budget: Duration },
    /// The engine or text recognition failed for reasons of their own.
    #[error("the classification failed: {0}")]
    Failed(String),
    /// The engine refused the hints (the request's `judge_slug`, `district_id`,
    /// `filename`).
    #[error("the request is invalid")]
    Invalid(Vec<FieldError>),
}

/// Why text recognition could not read scanned pages, when the fault is the server's: a
/// kind its callers can act on (the CLI names its own options for each), with the words
/// of the API's message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecognitionCause {
    /// The Tesseract program cannot be run.
    #[error("text recognition is not available on this server")]
    Unavailable,
    /// The classification's time ran out while pages were being recognised.
    #[error("text recognition did not finish within the {} time limit", seconds(*budget))]
    OutOfTime { budget: Duration },
}

/// "pages 2, 3 have no text layer and could not be read: WHY".
pub fn unread_pages_reason(pages: &[u32], why: &str) -> String {
    let (noun, verb) = if pages.len() == 1 { ("page", "has") } else { ("pages", "have") };
    let pages = pages.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    format!("{noun} {pages} {verb} no text layer and could not be read: {why}")
}

/// The engine's `ClassifyOutcome`, with the response kept as the engine wrote it.
#[derive(Deserialize)]
struct Outcome {
    response: Box<RawValue>,
    scanned_pages: Vec<u32>,
    unread_pages: Vec<u32>,
}

/// What became of one page without a text layer.
enum PageRead {
    Text(String),
    Unreadable(String),
}

impl Classifier {
    pub fn new(sandbox: Arc<Sandbox>, ocr: Arc<Ocr>, settings: Settings) -> Classifier {
        Classifier { sandbox, ocr, settings }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn ocr(&self) -> &Ocr {
        &self.ocr
    }

    /// Classifies a PDF; `hints` carries the request's judge, district and file name.
    pub async fn classify(&self, pdf: Arc<[u8]>, mut hints: ClassifyHints) -> Result<Classified, ClassifyError> {
        let end = Instant::now() + self.settings.budget;
        let mut outcome = self.attempt(&pdf, &mut hints, end).await?;
        if !outcome.unread_pages.is_empty() {
            hints.ocr_pages = self.recognize(&pdf, &outcome, end).await?;
            outcome = self.attempt(&pdf, &mut hints, end).await?;
            if !outcome.unread_pages.is_empty() {
                return Err(ClassifyError::Failed("the engine did not take the recognised text".into()));
            }
        }
        Ok(Classified { response: outcome.response.get().as_bytes().to_vec(), scanned_pages: outcome.scanned_pages })
    }

    /// One `classify` under the format budget; if that runs out, once more without
    /// format detection, under what is left of the whole budget.
    async fn attempt(
        &self,
        pdf: &Arc<[u8]>,
        hints: &mut ClassifyHints,
        end: Instant,
    ) -> Result<Outcome, ClassifyError> {
        if !hints.skip_format {
            let format_end = end.min(Instant::now() + self.settings.format_budget);
            match self.call(pdf, hints, format_end).await {
                Err(ClassifyError::TimedOut { .. }) if Instant::now() < end => {
                    tracing::warn!(
                        format_budget_ms = self.settings.format_budget.as_millis() as u64,
                        "classify ran out of its format budget; classifying again without format detection"
                    );
                    hints.skip_format = true;
                }
                other => return other,
            }
        }
        self.call(pdf, hints, end).await
    }

    async fn call(&self, pdf: &Arc<[u8]>, hints: &ClassifyHints, until: Instant) -> Result<Outcome, ClassifyError> {
        let op = Op::Classify { hints: serde_json::to_vec(hints).expect("hints serialize"), pdf: Arc::clone(pdf) };
        let answer = self.sandbox.call(op, Due::By(until)).await.map_err(|error| self.sandbox_error(error))?;
        match answer {
            Ok(json) => serde_json::from_slice(&json)
                .map_err(|error| ClassifyError::Failed(format!("unreadable engine answer: {error}"))),
            Err(EngineError::InvalidInput { message }) => Err(ClassifyError::Unreadable(message)),
            Err(EngineError::InvalidRequest { details }) => Err(ClassifyError::Invalid(details)),
            Err(other) => Err(ClassifyError::Failed(other.message())),
        }
    }

    fn sandbox_error(&self, error: SandboxError) -> ClassifyError {
        match error {
            SandboxError::Deadline { .. } => ClassifyError::TimedOut { budget: self.settings.budget },
            SandboxError::MemoryLimit { limit_bytes } => ClassifyError::TooLarge { limit_bytes },
            other => ClassifyError::Failed(other.to_string()),
        }
    }

    /// The recognised text of every unread page, read at the same time as far as
    /// the engine's document instances and the OCR workers allow.
    async fn recognize(&self, pdf: &Arc<[u8]>, outcome: &Outcome, end: Instant) -> Result<Vec<OcrPage>, ClassifyError> {
        let unread = &outcome.unread_pages;
        if unread.len() > self.settings.max_ocr_pages {
            return Err(ClassifyError::ScannedPages {
                scanned_pages: outcome.scanned_pages.clone(),
                unreadable_pages: unread.clone(),
                reason: format!(
                    "{} no text layer; at most {} recognised per document",
                    match unread.len() {
                        1 => "1 page has".to_owned(),
                        count => format!("{count} pages have"),
                    },
                    match self.settings.max_ocr_pages {
                        1 => "1 is".to_owned(),
                        most => format!("{most} are"),
                    }
                ),
            });
        }
        let mut reads = tokio::task::JoinSet::new();
        for &page in unread {
            let (sandbox, ocr, pdf) = (Arc::clone(&self.sandbox), Arc::clone(&self.ocr), Arc::clone(pdf));
            reads.spawn(async move { (page, read_page(&sandbox, &ocr, pdf, page, end).await) });
        }
        let mut pages = Vec::new();
        let mut unreadable = Vec::new();
        while let Some(joined) = reads.join_next().await {
            let (page, read) = joined.map_err(|error| ClassifyError::Failed(format!("a page was lost: {error}")))?;
            let read = match read {
                // The spec: an error for a scanned page that cannot be read lists the
                // scanned pages, whoever is at fault.
                Err(error) if let Some(cause) = self.recognition_failure(&error) => {
                    tracing::error!(%cause, "scanned pages could not be read");
                    return Err(ClassifyError::RecognitionFailed {
                        scanned_pages: outcome.scanned_pages.clone(),
                        unreadable_pages: unread.clone(),
                        cause,
                    });
                }
                read => read.map_err(|error| self.sandbox_error_or(error))?,
            };
            match read {
                PageRead::Text(text) => pages.push(OcrPage { page, text }),
                PageRead::Unreadable(reason) => unreadable.push((page, reason)),
            }
        }
        if !unreadable.is_empty() {
            unreadable.sort();
            let reason = unreadable
                .iter()
                .map(|(page, reason)| format!("page {page} has no text layer and could not be read: {reason}"))
                .collect::<Vec<_>>()
                .join("; ");
            tracing::info!(%reason, "scanned pages could not be read");
            return Err(ClassifyError::ScannedPages {
                scanned_pages: outcome.scanned_pages.clone(),
                unreadable_pages: unreadable.into_iter().map(|(page, _)| page).collect(),
                reason,
            });
        }
        pages.sort_by_key(|page| page.page);
        Ok(pages)
    }

    /// Why reading a scanned page failed, when the server is at fault: text recognition
    /// is not installed, or the time ran out.
    fn recognition_failure(&self, error: &PageError) -> Option<RecognitionCause> {
        match error {
            PageError::Ocr(OcrError::Unavailable(_)) => Some(RecognitionCause::Unavailable),
            PageError::Ocr(OcrError::TimedOut) | PageError::Sandbox(SandboxError::Deadline { .. }) => {
                Some(RecognitionCause::OutOfTime { budget: self.settings.budget })
            }
            _ => None,
        }
    }

    fn sandbox_error_or(&self, error: PageError) -> ClassifyError {
        match error {
            PageError::Sandbox(error) => self.sandbox_error(error),
            PageError::Ocr(OcrError::TimedOut) => ClassifyError::TimedOut { budget: self.settings.budget },
            PageError::Ocr(error) => ClassifyError::Failed(error.to_string()),
        }
    }
}

/// A time limit for people: `25 s`, `0.3 s`.
pub fn seconds(duration: Duration) -> String {
    if duration.subsec_millis() == 0 {
        format!("{} s", duration.as_secs())
    } else {
        format!("{:.1} s", duration.as_secs_f64())
    }
}

/// A failure that fails the whole request (as opposed to one unreadable page).
enum PageError {
    Sandbox(SandboxError),
    Ocr(OcrError),
}

async fn read_page(
    sandbox: &Arc<Sandbox>,
    ocr: &Ocr,
    pdf: Arc<[u8]>,
    page: u32,
    end: Instant,
) -> Result<PageRead, PageError> {
    // The worker is taken before the image is extracted: only pages being recognised
    // hold an image in memory.
    let worker = ocr.worker(end).await.map_err(PageError::Ocr)?;
    let image = match sandbox.call(Op::ScanImage { pdf, page }, Due::By(end)).await {
        Ok(Ok(image)) => image,
        // An image the engine cannot extract (a bomb, an unsupported codec), or one too
        // big for the memory cap: this page cannot be read.
        Ok(Err(error)) => return Ok(PageRead::Unreadable(error.message())),
        Err(SandboxError::MemoryLimit { limit_bytes }) => {
            return Ok(PageRead::Unreadable(format!(
                "its image needs more than the {} MiB memory limit",
                limit_bytes / (1024 * 1024)
            )));
        }
        Err(error) => return Err(PageError::Sandbox(error)),
    };
    match ocr.recognize(&worker, image, end).await {
        Ok(text) if text.chars().any(char::is_alphanumeric) => Ok(PageRead::Text(text)),
        Ok(_) => Ok(PageRead::Unreadable("no text was recognised on it".into())),
        Err(OcrError::Failed(reason)) => Ok(PageRead::Unreadable(reason)),
        Err(error) => Err(PageError::Ocr(error)),
    }
}
