//! PDF analysis in the page: the dropped file's bytes never leave the browser.
//!
//! The engine's `classify` (in the document module, `document.rs`) reads the PDF and
//! answers what `POST /api/v1/classify` would, minus text recognition: the words of
//! image-only pages are missing, and the user is told so. This is what the page makes of
//! the engine's answer; it runs no engine itself.

use crate::choices::{Choice, NOT_IN_PLAN};
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
    /// The district the caption names (its id), when it is not the one the reading was
    /// asked for: the page says it in court names (`caption_court`), not the engine's
    /// warning in ids.
    pub caption_district: Option<String>,
}

/// The district id in the engine's warning "The caption names district `edny`, but the
/// request is for `txnd`." — the only place `classify` gives it. (A field of its answer
/// would be better: the warning's wording is the engine's to change, and a unit test
/// below reads it from the engine's real answer, so a change is caught.)
fn caption_district(warning: &str) -> Option<String> {
    let rest = warning.strip_prefix("The caption names district `")?;
    let (id, rest) = rest.split_once('`')?;
    (rest.starts_with(", but the request is for `") && !id.is_empty()).then(|| id.to_owned())
}

/// What the page does about a caption that names another court than the chosen one.
#[derive(Clone, Debug, PartialEq)]
pub enum CaptionCourt {
    /// The caption's court can be chosen: the page switches to it (`to`, its id) and
    /// says so (`said`), with a way back.
    Switch { to: String, said: String },
    /// It cannot be chosen (no checks yet, not in the key's plan, or not a court the
    /// page lists): the page says so, and that the results are the chosen court's.
    Stay { said: String },
}

/// What to do about the caption naming `caption_id` while `current_id` is chosen, from
/// the courts the picker lists. Courts are named by their citation ("E.D.N.Y.") where the
/// courts' answer gives one, else in words ("the Eastern District of New York").
pub fn caption_court(caption_id: &str, current_id: &str, courts: &[Choice]) -> CaptionCourt {
    let find = |id: &str| courts.iter().find(|court| court.value == id);
    let current = find(current_id).map_or_else(|| current_id.to_owned(), Choice::court_name);
    let Some(named) = find(caption_id) else {
        return CaptionCourt::Stay {
            said: format!(
                "The caption names another court than {current}, one courtrules does not list: check the court; the \
                 results below are checked against the rules of {current}{}",
                full_stop(&current)
            ),
        };
    };
    let words = named.court_in_words();
    match named.unavailable {
        None if named.short.is_empty() => CaptionCourt::Switch {
            to: named.value.clone(),
            said: format!("The caption names {words}, which is now the court chosen (it was {current})."),
        },
        None => CaptionCourt::Switch {
            to: named.value.clone(),
            said: format!("The caption names {words}; the court is now {} (it was {current}).", named.short),
        },
        Some(why) => {
            let cited = if named.short.is_empty() { String::new() } else { format!(" ({})", named.short) };
            let cannot = if why == NOT_IN_PLAN {
                "which this API key's plan does not include"
            } else {
                "which courtrules cannot check yet"
            };
            CaptionCourt::Stay {
                said: format!(
                    "The caption names {words}{cited}, {cannot}: the results below are checked against the rules of \
                     {current}, not that court's."
                ),
            }
        }
    }
}

/// What the page says once the user has gone back to `kept` after a switch to the
/// caption's court `named`.
pub fn kept_court(named: &Choice, kept: &Choice) -> String {
    let named_name = named.court_name();
    format!(
        "The caption names {}, but the court is {}, as you chose: the results below are checked against the rules \
         of {}, not {named_name}{}",
        named.court_in_words(),
        kept.court_name(),
        kept.court_name(),
        full_stop(&named_name)
    )
}

/// The full stop after a sentence ending in `last`: none after an abbreviation's own.
fn full_stop(last: &str) -> &'static str {
    if last.ends_with('.') { "" } else { "." }
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
    let mut named_district = None;
    for warning in response["warnings"].as_array().into_iter().flatten().filter_map(Value::as_str) {
        match caption_district(warning) {
            Some(id) => named_district = Some(id),
            None => notes.push(warning.to_owned()),
        }
    }
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
        return Ok(Analysis {
            fill: Value::Null,
            supported,
            notes,
            unfilled: Vec::new(),
            caption_district: named_district,
        });
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
    Ok(Analysis { fill, supported, notes, unfilled, caption_district: named_district })
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
    fn a_caption_naming_another_court_is_read_from_the_engines_answer() {
        let hints = json!({"district_id": "txnd", "judge_slug": "court", "filename": "memo_support_rule12.pdf"});
        let analysis = analyse(&fixture("memo_support_rule12"), &hints).unwrap();
        assert_eq!(analysis.caption_district.as_deref(), Some("edny"));
        // Said by the page in court names, not in the engine's ids.
        assert!(!analysis.notes.join(" ").contains('`'), "{:?}", analysis.notes);
        // The chosen court is the caption's: nothing to say.
        let same = json!({"district_id": "edny", "judge_slug": "court"});
        assert_eq!(analyse(&fixture("memo_support_rule12"), &same).unwrap().caption_district, None);
    }

    fn court(value: &str, short: &str, name: &str, unavailable: Option<&'static str>) -> Choice {
        Choice {
            value: value.into(),
            text: short.into(),
            title: format!("U.S. District Court for the {name}"),
            disabled: unavailable.is_some(),
            short: short.into(),
            unavailable,
            ..Choice::default()
        }
    }

    #[test]
    fn the_captions_court_is_chosen_when_it_can_be_and_said_in_court_names() {
        let courts = [
            court("txnd", "N.D. Tex.", "Northern District of Texas", None),
            court("edny", "E.D.N.Y.", "Eastern District of New York", None),
            court("sdny", "S.D.N.Y.", "Southern District of New York", Some(NOT_IN_PLAN)),
            court("nhd", "D.N.H.", "District of New Hampshire", Some(crate::choices::NO_CHECKS)),
        ];
        assert_eq!(
            caption_court("edny", "txnd", &courts),
            CaptionCourt::Switch {
                to: "edny".into(),
                said: "The caption names the Eastern District of New York; the court is now E.D.N.Y. (it was N.D. \
                       Tex.)."
                    .into()
            }
        );
        assert_eq!(
            kept_court(&courts[1], &courts[0]),
            "The caption names the Eastern District of New York, but the court is N.D. Tex., as you chose: the \
             results below are checked against the rules of N.D. Tex., not E.D.N.Y."
        );
        let CaptionCourt::Stay { said } = caption_court("sdny", "txnd", &courts) else { panic!() };
        assert_eq!(
            said,
            "The caption names the Southern District of New York (S.D.N.Y.), which this API key's plan does not \
             include: the results below are checked against the rules of N.D. Tex., not that court's."
        );
        let CaptionCourt::Stay { said } = caption_court("nhd", "txnd", &courts) else { panic!() };
        assert!(said.contains("District of New Hampshire (D.N.H.), which courtrules cannot check yet"), "{said}");
        let CaptionCourt::Stay { said } = caption_court("ndtx", "txnd", &courts) else { panic!() };
        assert!(said.starts_with("The caption names another court than N.D. Tex."), "{said}");
        assert!(!said.contains("ndtx") && !said.contains("txnd"), "{said}");
        // Without citations (the courts' answer gives none today), courts are named in words.
        let plain: Vec<Choice> = courts.iter().map(|c| Choice { short: String::new(), ..c.clone() }).collect();
        let CaptionCourt::Switch { said, .. } = caption_court("edny", "txnd", &plain) else { panic!() };
        assert_eq!(
            said,
            "The caption names the Eastern District of New York, which is now the court chosen (it was the Northern \
             District of Texas)."
        );
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
