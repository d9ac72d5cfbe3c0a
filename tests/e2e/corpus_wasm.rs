//! The golden corpus (`tests/corpus/*.json`) through the engine's wasm module in
//! wasmtime: every answer byte-identical to the native engine's and equal to the
//! case's `expected`. Run against a plain module, a pre-initialized one (profiles
//! baked into its memory) and fresh instances of it, so the sandbox's shortcuts can
//! never change an answer.

use corpus::repo_root;
use courtrules::sandbox::{Due, Limits, Op, Sandbox};
use courtrules_engine::ffi;
use serde_json::Value;
use std::sync::Arc;

#[path = "../support/corpus.rs"]
mod corpus;

struct Case {
    name: String,
    profile: Arc<[u8]>,
    request: Vec<u8>,
    expected: Value,
}

fn cases() -> Vec<Case> {
    corpus::case_paths()
        .into_iter()
        .map(|path| {
            let case: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
            Case {
                name: path.file_name().unwrap().to_string_lossy().into_owned(),
                profile: std::fs::read(repo_root().join(case["profile"].as_str().unwrap())).unwrap().into(),
                request: serde_json::to_vec(&case["request"]).unwrap(),
                expected: case["expected"].clone(),
            }
        })
        .collect()
}

/// Runs every case through `sandbox` and compares with the native engine and the
/// expected answer.
fn run_corpus(sandbox: &Sandbox, cases: &[Case]) {
    assert!(cases.len() >= 40, "only {} corpus cases", cases.len());
    for case in cases {
        let native_profile = ffi::parse_profile(&case.profile).unwrap();
        let native = ffi::check_json(&native_profile, &case.request);
        let op = Op::Check { profile: Arc::clone(&case.profile), request: case.request.clone() };
        let wasm = sandbox
            .call_blocking(&op, Due::Request)
            .unwrap_or_else(|error| panic!("{}: the sandbox failed: {error}", case.name));
        match (&native, &wasm) {
            (Ok(native), Ok(wasm)) => {
                assert_eq!(wasm, native, "{}: wasm and native bytes differ", case.name);
                let answer: Value = serde_json::from_slice(wasm).unwrap();
                assert_eq!(serde_json::json!({"ok": answer}), case.expected, "{}: not the expected answer", case.name);
            }
            (Err(native), Err(wasm)) => {
                assert_eq!(wasm, native, "{}: wasm and native errors differ", case.name);
                assert_eq!(serde_json::json!({"error": wasm}), case.expected, "{}: not the expected error", case.name);
            }
            _ => panic!("{}: native answered {native:?}, wasm {wasm:?}", case.name),
        }
    }
}

#[test]
fn the_corpus_through_a_plain_module_matches_native_byte_for_byte() {
    let sandbox = Sandbox::new(Limits { pre_initialize: false, ..Limits::default() }).unwrap();
    let cases = cases();
    run_corpus(&sandbox, &cases);
    // Again, now that every instance has the profiles loaded.
    run_corpus(&sandbox, &cases);
}

#[test]
fn the_corpus_through_fresh_instances_of_a_pre_initialized_module_matches_native() {
    // recycle_bytes = 0: every call gets a fresh instance, of the pre-initialized
    // module once it is built.
    let sandbox = Sandbox::new(Limits { recycle_bytes: 0, ..Limits::default() }).unwrap();
    let cases = cases();
    let profiles: Vec<Arc<[u8]>> = cases.iter().map(|case| Arc::clone(&case.profile)).collect();
    sandbox.prime(&profiles).unwrap();
    assert!(sandbox.is_primed());
    run_corpus(&sandbox, &cases);
}
