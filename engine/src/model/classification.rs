//! `classify`: what goes in besides the PDF (the hints) and what comes out — the
//! classification response of `POST /api/v1/classify`, field for field as the spec names
//! it, wrapped in an outcome that also tells the host which pages had no text layer.

use super::enums::{DocumentScope, MotionType};
use super::request::Document;
use serde::{Deserialize, Serialize};

/// Everything `classify` needs besides the PDF bytes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClassifyHints {
    /// Copied into `check_request` (empty when the caller has none, e.g. the CLI
    /// without `--judge`).
    #[serde(default)]
    pub judge_slug: String,
    /// Copied into `check_request`; also compared with the district the caption names.
    #[serde(default)]
    pub district_id: String,
    /// The uploaded file's name; a descriptive name strengthens the classification.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filename: Option<String>,
    /// Text recognised (OCR) on pages that have no text layer, one entry per page.
    /// Each joins the analysis exactly like a text layer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ocr_pages: Vec<OcrPage>,
    /// Skip format detection (the host's format time budget ran out): no
    /// `document.format`, low format confidence and a warning.
    #[serde(default)]
    pub skip_format: bool,
}

/// The recognised text of one image-only page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OcrPage {
    /// 1-based page number.
    pub page: u32,
    /// The page's lines, top to bottom, separated by `\n` (as Tesseract prints them).
    pub text: String,
}

/// What `classify` returns: the response body plus what the host needs for the
/// text-recognition round trip.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClassifyOutcome {
    /// The 200 body of `POST /api/v1/classify`, exactly as the spec describes it.
    pub response: Classification,
    /// 1-based pages that have no text layer (image-only, "scanned"), whether or not
    /// recognised text was supplied for them: the spec's `scanned_pages`.
    pub scanned_pages: Vec<u32>,
    /// The subset of `scanned_pages` with no recognised text in the hints: their words
    /// are missing from the response. The host recognises them and calls again, or
    /// answers with an error body carrying `scanned_pages`.
    pub unread_pages: Vec<u32>,
}

/// The classification response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Classification {
    pub classification: DocumentClassification,
    /// Extracted metadata: counts and the structural sub-objects of a check request's
    /// `document` (`format` only when format detection is confident).
    pub document: Document,
    /// Present only when `classification.supported`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_request: Option<PartialCheckRequest>,
    pub page_count_analysis: PageCountAnalysis,
    pub format_detection: FormatDetection,
    /// Present only when something noteworthy occurred.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DocumentClassification {
    /// Omitted when the document is not supported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_scope: Option<DocumentScope>,
    /// Omitted for documents that belong to no motion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_type: Option<MotionType>,
    pub confidence: Confidence,
    /// True exactly when `confidence` is `high` or `medium`.
    pub supported: bool,
    pub reasoning: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Confidence {
    High,
    Medium,
    Low,
}

/// A check request without the four facts only the filer knows (`is_pro_se`,
/// `pmc_completed`, `opposing_party_pro_se`, `filing_role`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PartialCheckRequest {
    pub judge_slug: String,
    pub district_id: String,
    pub document_scope: DocumentScope,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_type: Option<MotionType>,
    pub document: Document,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PageCountAnalysis {
    pub total_pdf_pages: u32,
    /// Cover, contents, authorities.
    pub front_matter_pages: u32,
    /// Certificates, signature-only pages, exhibit lists.
    pub back_matter_pages: u32,
    /// Total minus front minus back: the value used for page limits.
    pub body_page_count: u32,
    /// Names the analysis method.
    pub method: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
// Its `Option`s are written as `null`, not left out.
#[cfg_attr(feature = "js", tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FormatDetection {
    /// When `low`, `document.format` is left out and format checks are skipped.
    pub confidence: Confidence,
    pub confidence_reason: String,
    /// Set when format checks are skipped or uncertain.
    pub warning: Option<String>,
    /// Null when detection failed.
    pub font_family: Option<String>,
    /// The font's name as embedded in the PDF.
    pub font_name_raw: Option<String>,
    pub margins_per_side: Option<Margins>,
    /// Median baseline-to-baseline distance of body lines, in points.
    pub line_spacing_pt: Option<f64>,
}

/// Margins in inches, measured from the text's extents.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Margins {
    pub top: f64,
    pub bottom: f64,
    pub left: f64,
    pub right: f64,
}
