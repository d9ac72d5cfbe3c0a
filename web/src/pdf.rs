//! PDF analysis in the page: the dropped file's bytes never leave the browser.
//!
//! The engine's `classify` (in the document module, `document.rs`) reads the PDF and
//! answers what `POST /api/v1/classify` would, minus text recognition: the words of
//! image-only pages are missing, and the user is told so. This is what the page makes of
//! the engine's answer; it runs no engine itself.

use courtrules_engine::EngineError;
use serde_json::Value;

/// What the analysis of a dropped PDF gives the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The part that fills the form: the partial check request when the document type
    /// is supported, else the extracted `document` alone.
    pub fill: Value,
    /// Whether the document type was recognised with enough confidence to check.
    pub supported: bool,
    /// The engine's reasoning and warnings, to show.
    pub notes: Vec<String>,
}

/// The hints (`{district_id, judge_slug, filename}`) as the JSON text `classify` takes.
pub fn hints_json(hints: &Value) -> String {
    serde_json::to_string(hints).expect("JSON values serialize")
}

/// The analysis of the engine's answer to `classify` (its `ClassifyOutcome` JSON, or its
/// error).
pub fn analysis(outcome: Result<String, EngineError>) -> Result<Analysis, String> {
    let outcome = outcome.map_err(|error| format!("The PDF could not be read: {error}."))?;
    let outcome: Value = serde_json::from_str(&outcome).expect("the engine answers JSON");
    let response = &outcome["response"];
    let supported = response["classification"]["supported"] == true;
    let mut notes: Vec<String> =
        response["classification"]["reasoning"].as_str().map(str::to_owned).into_iter().collect();
    notes.extend(response["warnings"].as_array().into_iter().flatten().filter_map(|w| w.as_str().map(str::to_owned)));
    if let Some(pages) = outcome["unread_pages"].as_array().filter(|pages| !pages.is_empty()) {
        let pages: Vec<String> = pages.iter().map(|page| page.to_string()).collect();
        notes.push(format!(
            "Pages {} are scanned images: their words are not counted here (only the server recognises scanned text).",
            pages.join(", ")
        ));
    }
    let fill = if supported { response["check_request"].clone() } else { response["document"].clone() };
    Ok(Analysis { fill, supported, notes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document;
    use crate::form::FilingForm;
    use serde_json::json;

    fn analyse(pdf: &[u8], hints: &Value) -> Result<Analysis, String> {
        analysis(document::classify_json(pdf, &hints_json(hints)))
    }

    fn fixture(name: &str) -> Vec<u8> {
        std::fs::read(format!("{}/../tests/fixtures/pdf/{name}.pdf", env!("CARGO_MANIFEST_DIR"))).unwrap()
    }

    #[test]
    fn a_supported_pdf_fills_the_form_with_its_check_request() {
        let hints = json!({"district_id": "edny", "judge_slug": "avery-sample", "filename": "memo_support_rule12.pdf"});
        let analysis = analyse(&fixture("memo_support_rule12"), &hints).unwrap();
        assert!(analysis.supported);
        let mut form =
            FilingForm { district_id: "edny".into(), judge_slug: "avery-sample".into(), ..FilingForm::default() };
        form.fill_from(&analysis.fill);
        assert_eq!(form.document_scope, "brief_support");
        assert_eq!(form.motion_type, "Rule_12");
        assert_eq!(form.page_count, "19");
        assert!(form.caption.included && form.caption.get("has_docket_number"));
    }

    #[test]
    fn bytes_that_are_not_a_pdf_are_refused_with_a_message() {
        let message = analyse(b"hello", &json!({})).unwrap_err();
        assert!(message.starts_with("The PDF could not be read"), "{message}");
    }
}
