//! PDF analysis in the page: the dropped file's bytes never leave the browser.
//!
//! The engine's `classify` (PDF analysis with lopdf, compiled into this same module)
//! answers here once the engine has it; it yields a partial check request that fills
//! the form (`FilingForm::fill_from`). Until then this says plainly that it cannot.

use serde_json::Value;

/// What the user should see when analysis is not possible in this build.
pub const NOT_AVAILABLE: &str = "Reading PDFs in the browser is not available in this version of the engine yet. \
     Your file was not uploaded. Describe the filing in the form instead.";

/// Analyses a PDF, given hints (`{district_id, judge_slug, filename}`), into the
/// classification response: `classification`, `document`, and `check_request` when the
/// document type is supported.
pub fn analyse(_pdf: &[u8], _hints: &Value) -> Result<Value, String> {
    Err(NOT_AVAILABLE.to_owned())
}

/// The part of an analysis that fills the form: the partial check request when the
/// document is supported, else the extracted document alone.
pub fn form_fill(analysis: &Value) -> Option<&Value> {
    analysis.get("check_request").or_else(|| analysis.get("document"))
}
