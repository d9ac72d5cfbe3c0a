//! The document module's exports: classify and standing-order extraction (the PDF
//! reader is in this module only).

use super::{invalid, json_text, text, thrown, typed};
use crate::ffi;
use wasm_bindgen::prelude::*;

/// Analyses a PDF on this machine — it is never uploaded — as `POST /api/v1/classify`
/// does: `response` is that endpoint's body (its `check_request` fills a check request),
/// `scanned_pages` the pages without a text layer, and `unread_pages` those of them
/// whose words are missing (there is no text recognition here). Throws an
/// `EngineError` when the bytes are not a readable PDF or the hints are invalid.
#[wasm_bindgen(unchecked_return_type = "ClassifyOutcome")]
pub fn classify(
    #[wasm_bindgen(js_name = pdfBytes)] pdf_bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ClassifyHints")] hints: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let hints = match hints {
        Some(hints) => json_text(&hints, "hints")?,
        None => String::new(),
    };
    typed(&ffi::classify_json(pdf_bytes, hints.as_bytes()).map_err(thrown)?)
}

/// Reads a judge's individual practices or standing order on this machine — it is
/// never uploaded — and proposes standing-order rules, each with the sentence it came
/// from, as `POST /api/v1/standing-order-drafts` does. `document` is a PDF's bytes, or
/// UTF-8 text (a form feed between pages). Throws an `EngineError` for a file that cannot
/// be read or invalid options.
#[wasm_bindgen(js_name = extractStandingOrder, unchecked_return_type = "Extraction")]
pub fn extract_standing_order(
    document: &[u8],
    #[wasm_bindgen(unchecked_param_type = "IngestOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = json_text(&options, "options")?;
    refuse_empty(document)?;
    typed(&ffi::extract_json(options.as_bytes(), document).map_err(thrown)?)
}

/// `classify` over JSON text: the `ClassifyOutcome` as the exact bytes the engine wrote
/// (`hintsJson` may be empty for no hints).
#[wasm_bindgen(js_name = classifyJson)]
pub fn classify_json(
    #[wasm_bindgen(js_name = pdfBytes)] pdf_bytes: &[u8],
    #[wasm_bindgen(js_name = hintsJson)] hints_json: &str,
) -> Result<String, JsValue> {
    text(ffi::classify_json(pdf_bytes, hints_json.as_bytes()).map_err(thrown)?)
}

/// `extractStandingOrder` over JSON text: the `Extraction` as the exact bytes the
/// engine wrote.
#[wasm_bindgen(js_name = extractStandingOrderJson)]
pub fn extract_standing_order_json(
    document: &[u8],
    #[wasm_bindgen(js_name = optionsJson)] options_json: &str,
) -> Result<String, JsValue> {
    refuse_empty(document)?;
    text(ffi::extract_json(options_json.as_bytes(), document).map_err(thrown)?)
}

/// An empty document (no bytes, or only white space) is refused in the server's words
/// (`POST /api/v1/standing-order-drafts`), rather than read as a document with no rules.
/// Here rather than in `ffi::extract_json`, which the drafting app calls with no document
/// to check the options alone.
fn refuse_empty(document: &[u8]) -> Result<(), JsValue> {
    match std::str::from_utf8(document) {
        Ok(text) if text.trim().is_empty() => Err(invalid("text", "must not be empty")),
        _ => Ok(()),
    }
}
