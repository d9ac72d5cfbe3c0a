//! What one engine call costs through the wasmtime sandbox, next to the same call
//! natively: `cargo bench -p courtrules --bench engine`. Prints mean time per call.

use courtrules::sandbox::{Limits, Op, Sandbox};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn main() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/profiles/edny.json");
    let profile = std::fs::read(&data).expect("data/profiles/edny.json");
    let request = serde_json::json!({
        "judge_slug": "avery-sample", "district_id": "edny", "document_scope": "brief_support",
        "motion_type": "Rule_56", "is_pro_se": false, "pmc_completed": true, "opposing_party_pro_se": false,
        "filing_role": "movant",
        "document": {
            "page_count": 22, "word_count": 7900,
            "caption": {"present": true, "has_court_name": true, "has_case_title": true, "has_docket_number": true, "has_document_designation": true},
            "signature_block": {"present": true, "has_attorney_name": true, "has_firm_name": true, "has_address": true, "has_email": true, "has_phone": true, "is_electronic_signature": true},
            "sections": {"has_toc": true, "has_toa": true, "has_certificate_of_compliance": true, "certificate_word_count": 7900, "has_notice_of_motion": true, "has_memorandum_of_law": true, "has_56_1_statement": true},
            "format": {"primary_font_size_pt": 12, "footnote_font_size_pt": 10, "margin_inches": 1, "line_spacing": "double"},
            "privacy": {"contains_full_ssn": false}
        }
    })
    .to_string()
    .into_bytes();
    let native_profile = courtrules_engine::ffi::parse_profile(&profile).expect("a valid profile");

    let warm = Sandbox::new(Limits::default()).expect("the engine loads");
    // recycle_bytes = 0: every instance is dropped after its call, so each call
    // instantiates afresh from the pooling allocator.
    let fresh = Sandbox::new(Limits { recycle_bytes: 0, ..Limits::default() }).expect("the engine loads");

    println!("wasm module: {} bytes", courtrules::sandbox::ENGINE_WASM.len());
    let check = Op::Check { profile: &profile, request: &request };
    report("engine_version, warm instance (pure call overhead)", || warm.run(Op::EngineVersion).unwrap());
    report("engine_version, fresh instance", || fresh.run(Op::EngineVersion).unwrap());
    report("validate, warm instance", || warm.run(Op::Validate { request: &request }).unwrap());
    report("check, warm instance (profile parsed once, cached)", || warm.run(check).unwrap());
    report("check, fresh instance (parses the profile every time)", || fresh.run(check).unwrap());
    report("check, native (same engine, no sandbox)", || {
        courtrules_engine::ffi::check_json(&native_profile, &request).unwrap()
    });
    report("parse_profile, native", || courtrules_engine::ffi::parse_profile(&profile).unwrap());
}

fn report<T>(name: &str, mut call: impl FnMut() -> T) {
    for _ in 0..200 {
        black_box(call());
    }
    let mut calls = 0u32;
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(2) {
        black_box(call());
        calls += 1;
    }
    let mean = started.elapsed() / calls;
    println!("{name:<55} {:>8.1} µs/call ({calls} calls)", mean.as_secs_f64() * 1e6);
}
