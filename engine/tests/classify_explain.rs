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
