//! `classify` over every PDF fixture in `tests/fixtures/pdf/ground_truth.json`: page
//! roles, word counts, document type, flags and format against the generator's ground
//! truth (definitions in `tests/fixtures/README.md`). All mismatches are collected and
//! reported together with a table of expected and found values.

use courtrules_engine::classify;
use courtrules_engine::model::{ClassifyHints, ClassifyOutcome, OcrPage};
use serde_json::{Value, json};
use std::path::PathBuf;

#[path = "../../tests/support/ground_truth.rs"]
mod ground_truth;

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/pdf")
}

fn ground_truth() -> Value {
    let text = std::fs::read_to_string(fixtures_dir().join("ground_truth.json")).expect("ground truth");
    serde_json::from_str(&text).expect("ground truth is JSON")
}

fn hints(name: &str) -> ClassifyHints {
    ClassifyHints {
        judge_slug: "hon-test".into(),
        district_id: "edny".into(),
        filename: Some(format!("{name}.pdf")),
        ..ClassifyHints::default()
    }
}

fn run(name: &str, hints: &ClassifyHints) -> ClassifyOutcome {
    let bytes = std::fs::read(fixtures_dir().join(format!("{name}.pdf"))).expect("fixture PDF");
    classify(&bytes, hints).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The scanned page's text from the ground truth, as the host would pass it after OCR.
fn ocr_hint(truth: &Value) -> Vec<OcrPage> {
    truth["scanned_page_text"]
        .as_object()
        .map(|pages| {
            pages
                .iter()
                .map(|(page, text)| OcrPage { page: page.parse().unwrap(), text: text.as_str().unwrap().into() })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_fixture_matches_its_ground_truth() {
    let truth = ground_truth();
    let mut problems: Vec<String> = Vec::new();
    let mut table = vec![format!(
        "{:<30} {:>13} {:>13} {:>11} {:>11} {:<36} {:<36} {:>9} {:>9} {:>8} {:>8}",
        "fixture",
        "pages f/b/body",
        "found",
        "words",
        "found",
        "scope/motion",
        "found",
        "size",
        "found",
        "margin",
        "found"
    )];
    for (name, t) in truth["fixtures"].as_object().unwrap() {
        let mut hints = hints(name);
        hints.ocr_pages = ocr_hint(t);
        let outcome = run(name, &hints);
        let r = serde_json::to_value(&outcome.response).unwrap();
        problems.extend(ground_truth::problems(t, &r, "hon-test").into_iter().map(|what| format!("{name}: {what}")));
        let (pca, c, format) = (&r["page_count_analysis"], &r["classification"], &t["format"]);
        let (size_cells, margin_cells) = if t["supported"] == true && format.is_object() {
            let doc_format = &r["document"]["format"];
            (
                (format["primary_font_size_pt"].to_string(), doc_format["primary_font_size_pt"].to_string()),
                (format["margins_per_side"]["left"].to_string(), doc_format["margin_inches"].to_string()),
            )
        } else {
            (("-".to_string(), "-".to_string()), ("-".to_string(), "-".to_string()))
        };
        table.push(format!(
            "{:<30} {:>13} {:>13} {:>11} {:>11} {:<36} {:<36} {:>9} {:>9} {:>8} {:>8}",
            name,
            format!("{}/{}/{}", t["front_matter_pages"], t["back_matter_pages"], t["body_page_count"]),
            format!("{}/{}/{}", pca["front_matter_pages"], pca["back_matter_pages"], pca["body_page_count"]),
            t["word_count"].to_string(),
            r["document"]["word_count"].to_string(),
            format!("{}/{}", t["document_scope"], t["motion_type"]),
            format!(
                "{}/{} {}",
                c.get("document_scope").unwrap_or(&json!(null)),
                c.get("motion_type").unwrap_or(&json!(null)),
                c["confidence"]
            ),
            size_cells.0,
            size_cells.1,
            margin_cells.0,
            margin_cells.1,
        ));
    }
    println!("{}", table.join("\n"));
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_scanned_page_is_reported_and_ocr_text_joins_the_count() {
    let truth = ground_truth();
    let t = &truth["fixtures"]["memo_scanned_page"];
    let without = run("memo_scanned_page", &hints("memo_scanned_page"));
    assert_eq!(without.scanned_pages, vec![3]);
    assert_eq!(without.unread_pages, vec![3]);
    let text_layer_only = t["word_count_text_layer_only"].as_f64().unwrap();
    let words = f64::from(without.response.document.word_count);
    assert!((words - text_layer_only).abs() <= text_layer_only * 0.01, "text layer only: {words} vs {text_layer_only}");
    assert!(without.response.warnings.iter().any(|w| w.contains("no text layer")), "{:?}", without.response.warnings);

    let mut with = hints("memo_scanned_page");
    with.ocr_pages = ocr_hint(t);
    let outcome = run("memo_scanned_page", &with);
    assert_eq!(outcome.scanned_pages, vec![3]);
    assert!(outcome.unread_pages.is_empty());
    let expected = t["word_count"].as_f64().unwrap();
    let words = f64::from(outcome.response.document.word_count);
    assert!((words - expected).abs() <= expected * 0.01, "with OCR: {words} vs {expected}");
}

#[test]
fn the_same_bytes_give_the_same_json() {
    for name in ["memo_opposition_rule56", "letter_premotion_conference", "fillable_form"] {
        let bytes = std::fs::read(fixtures_dir().join(format!("{name}.pdf"))).unwrap();
        let hints = serde_json::to_vec(&hints(name)).unwrap();
        let first = courtrules_engine::ffi::classify_json(&bytes, &hints).unwrap();
        let second = courtrules_engine::ffi::classify_json(&bytes, &hints).unwrap();
        assert_eq!(first, second, "{name}");
    }
}
