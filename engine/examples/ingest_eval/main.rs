//! `cargo run --release -p courtrules-engine --example ingest_eval [-- --verbose] [-- SET…]`
//! (or `bench/ingest-eval.sh`): precision and recall of the standing-order extractor
//! per rule kind on the evaluation set's `dev` and `test` documents.

mod eval;

use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--dump") {
        // `--dump FILE`: what the extractor proposes and leaves for a person, sentence by
        // sentence, for working on the patterns.
        let path = &args[at + 1];
        let options =
            courtrules_engine::model::IngestOptions { source_url: "https://courtrules.example/x".into(), title: None };
        let bytes = std::fs::read(path).unwrap();
        let e = if bytes.starts_with(b"%PDF") {
            courtrules_engine::extract_pdf(&bytes, &options)
        } else {
            courtrules_engine::extract_text(&String::from_utf8_lossy(&bytes), &options)
        }
        .unwrap();
        for p in &e.proposals {
            println!(
                "PROPOSED {} {:?} {:?} p.{} §{:?} [{:?}]\n  {}",
                p.rule.rule_key,
                p.rule.applies_to,
                p.rule.params,
                p.evidence.page,
                p.evidence.section,
                p.confidence,
                p.evidence.text
            );
        }
        for n in &e.not_understood {
            println!("NOT UNDERSTOOD p.{} §{:?}: {}", n.page, n.section, n.text);
        }
        return;
    }
    let verbose = args.iter().any(|a| a == "--verbose" || a == "-v");
    let mut sets: Vec<&str> = args.iter().filter(|a| !a.starts_with('-')).map(String::as_str).collect();
    if sets.is_empty() {
        sets = vec!["dev", "test"];
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/ingest");
    for set in sets {
        let docs = eval::run_set(&root, set);
        println!(
            "\n## {set} set: {} documents read ({} as text, {} as PDF)\n",
            docs.len(),
            docs.iter().filter(|d| d.input == "text").count(),
            docs.iter().filter(|d| d.input == "pdf").count()
        );
        println!(
            "| kind | labels | proposals | matched | precision | recall | right sentence, detail wrong | page right |"
        );
        println!("|---|---|---|---|---|---|---|---|");
        for (kind, s) in eval::total(&docs) {
            println!(
                "| {kind} | {} | {} | {} | {:.2} | {:.2} | {} | {} |",
                s.labels,
                s.proposals,
                s.matched,
                s.precision(),
                s.recall(),
                s.located - s.matched,
                s.right_page
            );
        }
        let (others, listed): (u32, u32) =
            docs.iter().fold((0, 0), |(a, b), d| (a + d.other_rules, b + d.other_listed));
        println!("\nRequirements of other kinds listed as not understood: {listed} of {others}.");
        if verbose {
            for doc in &docs {
                println!("\n### {} ({})", doc.name, doc.input);
                for miss in &doc.misses {
                    println!("{miss}");
                }
            }
        }
    }
}
