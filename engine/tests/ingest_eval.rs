//! The extractor's evaluation as a regression floor: precision and recall on the
//! labelled practices documents (`tests/fixtures/ingest/`) must not fall below what
//! was measured when the extractor was written (`docs/ingest.md` has the numbers;
//! `bench/ingest-eval.sh` prints them per rule kind). Raising them is welcome; then
//! raise the floors too.

#[path = "../examples/ingest_eval/eval.rs"]
#[allow(dead_code)]
mod eval;

use std::path::Path;

fn totals(set: &str) -> (f64, f64, u32, u32) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/ingest");
    let docs = eval::run_set(&root, set);
    let all = &eval::total(&docs)["(all kinds)"];
    let (others, listed) = docs.iter().fold((0, 0), |(a, b), d| (a + d.other_rules, b + d.other_listed));
    (all.precision(), all.recall(), others, listed)
}

#[test]
fn the_tuning_set_stays_where_it_was_measured() {
    let (precision, recall, others, listed) = totals("dev");
    // Recall 0.94, not 0.95: the labels count "obtain leave of Court before filing a
    // sur-reply" (text and PDF) as filing gates, which the extractor deliberately lists as
    // not understood (no sur-reply scope: the gate would apply to every filing).
    assert!(precision >= 0.98 && recall >= 0.94, "dev: precision {precision:.2}, recall {recall:.2}");
    assert_eq!(listed, others, "every other requirement is listed as not understood");
}

#[test]
fn the_held_out_set_does_not_regress() {
    let (precision, recall, others, listed) = totals("test");
    // Three sur-reply filing gates are listed as not understood on purpose (see above);
    // narrower papers left out of a wider limit (version 3) took it from 0.60 to 0.61.
    assert!(precision >= 0.80 && recall >= 0.60, "test: precision {precision:.2}, recall {recall:.2}");
    assert!(listed * 100 >= others * 95, "{listed} of {others} other requirements listed as not understood");
}
