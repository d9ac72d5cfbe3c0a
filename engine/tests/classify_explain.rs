//! `cargo test --test classify_explain -- --ignored --nocapture` with `EXPLAIN=path.pdf`
//! prints how `classify` read a PDF, line by line.

#[test]
#[ignore = "a tool, not a test"]
fn explain() {
    let path = std::env::var("EXPLAIN").expect("EXPLAIN=path/to/file.pdf");
    let bytes = std::fs::read(&path).expect("the PDF");
    let hints = courtrules_engine::model::ClassifyHints::default();
    println!("{}", courtrules_engine::classify::explain(&bytes, &hints).unwrap());
}

/// `CLASSIFY=path.pdf [HINTS='{…}'] cargo test --test classify_explain -- --ignored json`
/// writes the `classify_json` output to `path.pdf.json` (to compare with the wasm module's).
#[test]
#[ignore = "a tool, not a test"]
fn json() {
    let path = std::env::var("CLASSIFY").expect("CLASSIFY=path/to/file.pdf");
    let hints = std::env::var("HINTS").unwrap_or_default();
    let bytes = std::fs::read(&path).expect("the PDF");
    let out = courtrules_engine::ffi::classify_json(&bytes, hints.as_bytes()).unwrap();
    std::fs::write(format!("{path}.json"), out).unwrap();
}
