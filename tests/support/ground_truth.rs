//! One fixture's classification against its ground truth (`tests/fixtures/pdf/
//! ground_truth.json`): page roles, word count, type, check request, flags, warnings
//! and format, within the tolerances. Shared by the engine's fixture test and
//! the server's end-to-end test, so that both hold the engine to the same bar.

use serde_json::Value;

/// Every way `r` (a classification response, as JSON) differs from the ground truth
/// `t` of one fixture classified for `judge_slug` of `edny`.
pub fn problems(t: &Value, r: &Value, judge_slug: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fail = |what: String| problems.push(what);
    let pca = &r["page_count_analysis"];
    for key in ["total_pdf_pages", "front_matter_pages", "back_matter_pages", "body_page_count"] {
        if pca[key] != t[key] {
            fail(format!("{key}: expected {}, found {}", t[key], pca[key]));
        }
    }
    if r["document"]["page_count"] != t["body_page_count"] {
        fail(format!(
            "document.page_count {} is not the body page count {}",
            r["document"]["page_count"], t["body_page_count"]
        ));
    }
    let expected_words = t["word_count"].as_f64().unwrap();
    match r["document"]["word_count"].as_f64() {
        Some(words) if (words - expected_words).abs() <= expected_words * 0.01 => {}
        words => fail(format!("word_count: expected {expected_words} ±1%, found {words:?}")),
    }

    let c = &r["classification"];
    let supported = t["supported"].as_bool().unwrap();
    if c["supported"] != t["supported"] {
        fail(format!("supported: expected {supported}, found {}", c["supported"]));
    }
    if c["confidence"] != t["expected_confidence"] {
        fail(format!("confidence: expected {}, found {}", t["expected_confidence"], c["confidence"]));
    }
    // The spec: `supported` follows `confidence`.
    if c["supported"].as_bool() != Some(matches!(c["confidence"].as_str(), Some("high" | "medium"))) {
        fail(format!("supported {} does not follow confidence {}", c["supported"], c["confidence"]));
    }
    if c["reasoning"].as_str().is_none_or(str::is_empty) {
        fail("no reasoning".into());
    }
    if supported {
        if c["document_scope"] != t["document_scope"] {
            fail(format!("document_scope: expected {}, found {}", t["document_scope"], c["document_scope"]));
        }
        let accepted: Vec<Value> =
            t["motion_type_acceptable"].as_array().cloned().unwrap_or_else(|| vec![t["motion_type"].clone()]);
        let motion = c.get("motion_type").cloned().unwrap_or(Value::Null);
        if !accepted.contains(&motion) {
            fail(format!("motion_type: expected one of {accepted:?}, found {motion}"));
        }
        let cr = &r["check_request"];
        if cr["judge_slug"] != judge_slug || cr["district_id"] != "edny" {
            fail(format!("check_request judge/district: {} / {}", cr["judge_slug"], cr["district_id"]));
        }
        if cr["document_scope"] != c["document_scope"] || cr.get("motion_type") != c.get("motion_type") {
            fail(format!(
                "check_request scope/motion {} / {:?} differ from the classification",
                cr["document_scope"],
                cr.get("motion_type")
            ));
        }
        if cr["document"] != r["document"] {
            fail("check_request.document is not the response's document".into());
        }
        for fact in ["is_pro_se", "pmc_completed", "opposing_party_pro_se", "filing_role"] {
            if cr.get(fact).is_some() {
                fail(format!("check_request carries the filer fact {fact}"));
            }
        }
    } else {
        if r.get("check_request").is_some() {
            fail("an unsupported document has a check_request".into());
        }
        if c.get("document_scope").is_some() || c.get("motion_type").is_some() {
            fail("an unsupported document has a scope or motion".into());
        }
        if c["confidence"] != "low" {
            fail("an unsupported document must be low".into());
        }
    }

    for group in ["caption", "signature_block", "sections", "privacy"] {
        let (expected, found) = (&t[group], &r["document"][group]);
        for (flag, value) in expected.as_object().unwrap() {
            let got = found.get(flag).cloned().unwrap_or(Value::Null);
            if *value != got {
                fail(format!("{group}.{flag}: expected {value}, found {got}"));
            }
        }
    }
    if let Some(warning) = t["expected_warning_contains"].as_str() {
        let all = format!("{} {}", r["warnings"], r["format_detection"]["warning"]);
        if !all.contains(warning) {
            fail(format!("expected a warning containing {warning:?}, found {all}"));
        }
    }
    if r.get("warnings").is_some_and(|warnings| warnings.as_array().is_none_or(Vec::is_empty)) {
        fail(format!("`warnings` is present but not a non-empty array: {}", r["warnings"]));
    }

    let f = &r["format_detection"];
    let format = &t["format"];
    if supported && format.is_object() {
        let doc_format = &r["document"]["format"];
        for key in ["primary_font_size_pt", "footnote_font_size_pt"] {
            match (format[key].as_f64(), doc_format[key].as_f64()) {
                (Some(e), Some(g)) if (e - g).abs() <= 0.5 => {}
                (None, None) => {}
                (e, g) => fail(format!("{key}: expected {e:?} ±0.5, found {g:?}")),
            }
        }
        for side in ["top", "bottom", "left", "right"] {
            let e = format["margins_per_side"][side].as_f64().unwrap();
            match f["margins_per_side"][side].as_f64() {
                Some(g) if (e - g).abs() <= 0.1 => {}
                g => fail(format!("margins_per_side.{side}: expected {e} ±0.1, found {g:?}")),
            }
        }
        if let Some(e) = format["line_spacing_pt"].as_f64() {
            match f["line_spacing_pt"].as_f64() {
                Some(g) if (e - g).abs() <= 0.5 => {}
                g => fail(format!("line_spacing_pt: expected {e} ±0.5, found {g:?}")),
            }
            if doc_format["line_spacing"] != format["line_spacing"] {
                fail(format!(
                    "line_spacing: expected {}, found {}",
                    format["line_spacing"], doc_format["line_spacing"]
                ));
            }
        }
        if f["font_name_raw"] != format["font_name_raw"] || f["font_family"] != format["font_family"] {
            fail(format!(
                "font: expected {} / {}, found {} / {}",
                format["font_name_raw"], format["font_family"], f["font_name_raw"], f["font_family"]
            ));
        }
        if f["confidence"] == "low" {
            fail("format confidence is low for a supported fixture".into());
        }
    }
    if !matches!(f["confidence"].as_str(), Some("high" | "medium" | "low")) {
        fail(format!("format_detection.confidence: {}", f["confidence"]));
    }
    if f["confidence"] == "low" && r["document"].get("format").is_some() {
        fail("low format confidence must leave out document.format (format checks skipped)".into());
    }
    problems
}
