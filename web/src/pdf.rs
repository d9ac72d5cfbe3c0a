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
    /// The part that fills the form: the partial check request when the paper is a
    /// supported filing, else `null` (nothing is filled).
    pub fill: Value,
    /// Whether the paper is a supported filing (the reader gave a check request).
    pub supported: bool,
    /// The engine's reasoning and warnings, to show.
    pub notes: Vec<String>,
    /// Request paths the reading could not fill, left for the user to enter.
    pub unfilled: Vec<&'static str>,
}

/// The hints (`{district_id, judge_slug, filename}`) as the JSON text `classify` takes.
pub fn hints_json(hints: &Value) -> String {
    serde_json::to_string(hints).expect("JSON values serialize")
}

/// What the page says of a 0-byte file, before fetching the reader for it (the reader
/// would call it "not a PDF (no %PDF- header…)").
pub fn empty_file(name: &str) -> String {
    format!("{name} is empty (0 bytes), so there is nothing to read. Choose the PDF itself.")
}

/// The analysis of the engine's answer to `classify` (its `ClassifyOutcome` JSON, or its
/// error).
pub fn analysis(outcome: Result<String, EngineError>) -> Result<Analysis, String> {
    let outcome = outcome.map_err(|error| {
        // The reader's own failures already begin "the PDF could not be read": say it once.
        let message = error.to_string();
        let reason = message.strip_prefix("the PDF could not be read: ").unwrap_or(&message);
        format!("The PDF could not be read: {reason}.")
    })?;
    let outcome: Value = serde_json::from_str(&outcome).expect("the engine answers JSON");
    let response = &outcome["response"];
    let supported = response["classification"]["supported"] == true;
    let mut notes: Vec<String> =
        response["classification"]["reasoning"].as_str().map(str::to_owned).into_iter().collect();
    // The warnings name the scanned pages ("Page 3 has no text layer…"); the page adds
    // only why their words are missing here.
    notes.extend(response["warnings"].as_array().into_iter().flatten().filter_map(|w| w.as_str().map(str::to_owned)));
    let unread = outcome["unread_pages"].as_array().is_some_and(|pages| !pages.is_empty());
    // A paper that is not a supported filing (a state-court memo, a newsletter, a
    // standing order, or a scan whose text this browser cannot read) has no verdict, as
    // on the server (no `check_request`): nothing of it fills the form, whose earlier
    // paper it is not.
    let check_request = response["check_request"].clone();
    let supported = supported && check_request.is_object();
    if !supported {
        if unread {
            notes.push(
                "Scanned text is recognised only by the server, not in this browser: describe the paper below, or \
                 have the server read it."
                    .into(),
            );
        }
        return Ok(Analysis { fill: Value::Null, supported, notes, unfilled: Vec::new() });
    }
    let mut fill = check_request;
    // The count leaves out the unread pages' words: filled, it would pass a word limit the
    // paper may exceed (an image-only PDF counts 0).
    let mut unfilled = Vec::new();
    if unread {
        notes.push(
            "Scanned text is recognised only by the server, not in this browser, so Word count is left empty for you \
             to enter."
                .into(),
        );
        let document = if fill.get("document").is_some() { &mut fill["document"] } else { &mut fill };
        if let Some(document) = document.as_object_mut() {
            document.remove("word_count");
        }
        unfilled.push("document.word_count");
    }
    Ok(Analysis { fill, supported, notes, unfilled })
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

    #[test]
    fn a_pdf_the_reader_cannot_parse_is_said_to_be_unreadable_once() {
        let pdf =
            std::fs::read(format!("{}/../tests/fixtures/hostile/header_and_eof_only.pdf", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        let message = analyse(&pdf, &json!({})).unwrap_err();
        assert_eq!(message.to_lowercase().matches("could not be read").count(), 1, "{message}");
        assert!(message.starts_with("The PDF could not be read: "), "{message}");
    }

    #[test]
    fn a_scanned_page_is_named_once() {
        let analysis = analyse(&fixture("memo_scanned_page"), &json!({})).unwrap();
        let notes = analysis.notes.join(" ");
        assert_eq!(notes.matches("Page 3 ").count(), 1, "{notes}");
        assert!(!notes.contains("Pages 3"), "{notes}");
    }

    #[test]
    fn the_word_count_of_a_partly_scanned_pdf_is_left_for_the_user() {
        let hints = json!({"district_id": "edny", "judge_slug": "avery-sample"});
        let analysis = analyse(&fixture("memo_scanned_page"), &hints).unwrap();
        assert_eq!(analysis.unfilled, ["document.word_count"]);
        let mut form = FilingForm { word_count: "6000".into(), ..FilingForm::default() };
        form.fill_from(&analysis.fill);
        assert_eq!(form.word_count, "", "the undercount is not filled, nor the earlier count kept");
        assert!(!form.page_count.is_empty(), "the rest is filled");
        assert!(analysis.notes.join(" ").contains("Word count is left empty for you to enter"), "{:?}", analysis.notes);
        // A PDF whose pages all have text fills its count.
        let whole = analyse(&fixture("memo_support_rule12"), &hints).unwrap();
        assert!(whole.unfilled.is_empty());
        assert!(whole.fill["document"]["word_count"].is_u64());
    }

    #[test]
    fn a_second_pdf_describes_only_itself() {
        let hints = json!({"district_id": "edny", "judge_slug": "avery-sample"});
        let fresh =
            || FilingForm { district_id: "edny".into(), judge_slug: "avery-sample".into(), ..FilingForm::default() };
        let scanned = analyse(&fixture("memo_scanned_page"), &hints).unwrap();
        let mut only_scanned = fresh();
        only_scanned.fill_from(&scanned.fill);
        let mut both = fresh();
        both.fill_from(&analyse(&fixture("memo_support_rule12"), &hints).unwrap().fill);
        assert_eq!(both.certificate_word_count, "6589");
        both.fill_from(&scanned.fill);
        assert_eq!(both.to_request(), only_scanned.to_request());
    }

    #[test]
    fn a_pdf_that_is_not_a_supported_filing_fills_nothing_and_says_why() {
        let analysis = analyse(&fixture("nonlegal_newsletter"), &json!({})).unwrap();
        assert!(!analysis.supported);
        assert_eq!(analysis.fill, Value::Null);
        assert!(!analysis.notes.is_empty() && !analysis.notes[0].is_empty(), "the reasoning: {:?}", analysis.notes);
    }
}
