//! The hostile-PDF corpus (`tests/fixtures/hostile/manifest.json`): every file must give
//! a clean `InvalidInput` error — or, where the manifest allows `client_error_or_ok`, a
//! sane answer — quickly, without a panic. A scanned page is followed through the host's
//! text-recognition path (`scan_image`), where an image bomb must fail cleanly too.
//! Prints each file's outcome and time.

use courtrules_engine::model::ClassifyHints;
use courtrules_engine::{EngineError, classify, scan_image};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/hostile")
}

/// What the host would answer: `Ok` for a 200, `Err` for a client error.
fn host_flow(bytes: &[u8]) -> Result<String, String> {
    let outcome = match classify(bytes, &ClassifyHints::default()) {
        Ok(outcome) => outcome,
        Err(EngineError::InvalidInput { message }) => return Err(message),
        Err(other) => panic!("unexpected error kind: {other:?}"),
    };
    // pages without a text layer go to text recognition: their images must be readable
    for &page in &outcome.unread_pages {
        match scan_image(bytes, page) {
            Ok(image) => {
                assert!(image.data.len() < 200 << 20);
            }
            Err(EngineError::InvalidInput { message }) => return Err(format!("scanned page {page}: {message}")),
            Err(other) => panic!("unexpected error kind: {other:?}"),
        }
    }
    let r = &outcome.response;
    assert!(r.page_count_analysis.body_page_count <= r.page_count_analysis.total_pdf_pages);
    assert!(r.document.page_count >= 1);
    if let Some(m) = &r.format_detection.margins_per_side {
        assert!([m.top, m.bottom, m.left, m.right].iter().all(|v| v.is_finite()));
    }
    Ok(format!(
        "ok: {} pages, {} words, {:?}",
        r.page_count_analysis.total_pdf_pages, r.document.word_count, r.classification.confidence
    ))
}

#[test]
fn every_hostile_file_fails_cleanly_and_quickly() {
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(dir().join("manifest.json")).unwrap()).unwrap();
    let mut problems = Vec::new();
    let mut report = Vec::new();
    let started = Instant::now();
    for entry in manifest["files"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let expect = entry["expect"].as_str().unwrap();
        let bytes = std::fs::read(dir().join(file)).unwrap();
        let start = Instant::now();
        let result = std::panic::catch_unwind(|| host_flow(&bytes));
        let elapsed = start.elapsed();
        let line = match &result {
            Ok(Ok(summary)) => summary.clone(),
            Ok(Err(message)) => format!("error: {message}"),
            Err(_) => "PANIC".to_string(),
        };
        report.push(format!("{file:<40} {expect:<19} {:>8.1} ms  {line}", elapsed.as_secs_f64() * 1000.0));
        match (&result, expect) {
            (Err(_), _) => problems.push(format!("{file}: panicked")),
            (Ok(Ok(_)), "client_error") => problems.push(format!("{file}: expected a client error, got {line}")),
            _ => {}
        }
        // generous for an unoptimised test build; the release figures are in docs/classify.md
        if elapsed > Duration::from_secs(20) {
            problems.push(format!("{file}: took {elapsed:?}"));
        }
    }
    println!("{}\ntotal {:.1} s", report.join("\n"), started.elapsed().as_secs_f64());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Form XObjects painted over and over make a 4 KB file run 2.5 million operators on each
/// of its 20 pages, under the per-page limit: the document's own limit stops it on page 3.
#[test]
fn forms_painted_over_and_over_exhaust_the_documents_operators() {
    let bytes = std::fs::read(dir().join("form_fanout_every_page.pdf")).unwrap();
    match classify(&bytes, &ClassifyHints::default()) {
        Err(EngineError::InvalidInput { message }) => assert_eq!(
            message,
            "page 3: the document's content runs more than 6,000,000 operators by this page, too many to analyse (a \
             filing's page runs a few thousand)"
        ),
        other => panic!("{:?}", other.map(|o| o.response.document.word_count)),
    }
}
