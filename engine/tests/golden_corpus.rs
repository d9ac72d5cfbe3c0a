//! The golden corpus (`tests/corpus/*.json`): request + profile → expected answer.
//!
//! Each case names a profile file, holds a request (valid or not) and the expected
//! answer, `{"ok": <check response>}` or `{"error": <engine error>}`. This runner checks
//! the native engine; `tests/e2e/corpus_wasm.rs` runs the same cases through the wasm
//! module in wasmtime and requires the same bytes, and the npm package's tests do the
//! same in Node.
//!
//! `COURTRULES_BLESS=1 cargo test -p courtrules-engine --test golden_corpus` rewrites
//! every `expected` from the engine's current answers; review the diff before
//! committing it.

use corpus::repo_root;
use courtrules_engine::ffi;
use serde_json::{Value, json};
use std::path::PathBuf;

#[path = "../../tests/support/corpus.rs"]
mod corpus;

fn cases() -> Vec<PathBuf> {
    corpus::case_paths()
}

/// The engine's answer to one case, as the JSON envelope the corpus stores.
fn answer(case: &Value) -> Value {
    let profile_path = repo_root().join(case["profile"].as_str().expect("case names its profile"));
    let profile = ffi::parse_profile(&std::fs::read(&profile_path).unwrap()).expect("corpus profiles are valid");
    let request = serde_json::to_vec(&case["request"]).unwrap();
    match ffi::check_json(&profile, &request) {
        Ok(bytes) => json!({"ok": serde_json::from_slice::<Value>(&bytes).unwrap()}),
        Err(error) => json!({"error": error}),
    }
}

#[test]
fn the_corpus_has_at_least_forty_cases() {
    assert!(cases().len() >= 40, "only {} corpus cases", cases().len());
}

#[test]
fn every_case_gives_its_expected_answer() {
    let bless = std::env::var_os("COURTRULES_BLESS").is_some();
    let mut failures = Vec::new();
    for path in cases() {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut case: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let actual = answer(&case);
        if bless {
            case["expected"] = actual;
            std::fs::write(&path, serde_json::to_string_pretty(&case).unwrap() + "\n").unwrap();
        } else if case["expected"] != actual {
            failures.push(format!(
                "{}:\nexpected {}\nactual   {}",
                path.display(),
                serde_json::to_string(&case["expected"]).unwrap(),
                serde_json::to_string(&actual).unwrap()
            ));
        }
    }
    assert!(failures.is_empty(), "{} corpus cases differ:\n{}", failures.len(), failures.join("\n\n"));
}
