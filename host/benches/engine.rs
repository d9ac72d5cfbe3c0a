//! One full check — request bytes in, response bytes out — natively and through the
//! wasmtime sandbox, with a reused instance and with a fresh one:
//! `cargo bench -p courtrules --bench engine` (medians: `bench/engine-report.sh`).
//!
//! The request is `bench/requests/full.json` (every optional section supplied, so every
//! check runs) against the shipped E.D.N.Y. profile.
//!
//! Then one classification of the 29-page opposition memorandum fixture, natively and
//! through the sandbox (a document call: a fresh instance with the classify memory cap).
//!
//! Then one deadline computation: the S.D.N.Y.'s time rules composed from the data pack
//! as `seed` composes them, every period that runs from entry of judgment on 24 December
//! 2026 (Christmas, the weekend, New Year's Day on the way), natively and in the sandbox.

use courtrules::sandbox::{Due, Limits, Op, Sandbox};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

fn repo_file(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)).unwrap()
}

fn engine(c: &mut Criterion) {
    let profile = repo_file("data/profiles/edny.json");
    let request = repo_file("bench/requests/full.json");
    let native_profile = courtrules_engine::ffi::parse_profile(&profile).expect("a valid profile");
    let profile: Arc<[u8]> = profile.into();
    let check = Op::Check { profile: profile.clone(), request: request.clone() };

    let warm = Sandbox::new(Limits::default()).expect("the engine loads");
    // recycle_bytes = 0: every instance is dropped after its call, so each call runs in
    // an instance made afresh by the pooling allocator.
    let fresh = Sandbox::new(Limits { recycle_bytes: 0, ..Limits::default() }).expect("the engine loads");
    fresh.prime(&[profile]).expect("the pre-initialized module builds");
    let fresh_unprimed = Sandbox::new(Limits { recycle_bytes: 0, pre_initialize: false, ..Limits::default() })
        .expect("the engine loads");

    let expected = courtrules_engine::ffi::check_json(&native_profile, &request).unwrap();
    for sandbox in [&warm, &fresh] {
        assert_eq!(
            sandbox.call_blocking(&check, Due::Request).unwrap().unwrap(),
            expected,
            "wasm and native answer the same bytes"
        );
    }

    let mut group = c.benchmark_group("full check");
    group.bench_function("native", |b| {
        b.iter(|| courtrules_engine::ffi::check_json(black_box(&native_profile), black_box(&request)).unwrap())
    });
    group.bench_function("wasm, reused instance", |b| {
        b.iter(|| warm.call_blocking(black_box(&check), Due::Request).unwrap())
    });
    group.bench_function("wasm, fresh instance (pre-initialized module)", |b| {
        b.iter(|| fresh.call_blocking(black_box(&check), Due::Request).unwrap())
    });
    group.bench_function("wasm, fresh instance (plain module: parses the profile)", |b| {
        b.iter(|| fresh_unprimed.call_blocking(black_box(&check), Due::Request).unwrap())
    });
    group.finish();

    let mut group = c.benchmark_group("call overhead");
    group.bench_function("engine_version, reused instance", |b| {
        b.iter(|| warm.call_blocking(&Op::EngineVersion, Due::Request).unwrap())
    });
    group.bench_function("engine_version, fresh instance", |b| {
        b.iter(|| fresh.call_blocking(&Op::EngineVersion, Due::Request).unwrap())
    });
    group.finish();

    let pdf = repo_file("tests/fixtures/pdf/memo_opposition_rule56.pdf");
    let hints = br#"{"judge_slug":"avery-sample","district_id":"edny","filename":"memo_opposition_rule56.pdf"}"#;
    let classify = Op::Classify { hints: hints.to_vec(), pdf: pdf.clone().into() };
    let expected = courtrules_engine::ffi::classify_json(&pdf, hints).unwrap();
    assert_eq!(
        warm.call_blocking(&classify, Due::Request).unwrap().unwrap(),
        expected,
        "wasm and native classify the same bytes"
    );
    let mut group = c.benchmark_group("classify 29-page memorandum");
    group.sample_size(20);
    group.bench_function("native", |b| {
        b.iter(|| courtrules_engine::ffi::classify_json(black_box(&pdf), black_box(hints)).unwrap())
    });
    group.bench_function("wasm, document instance", |b| {
        b.iter(|| warm.call_blocking(black_box(&classify), Due::Request).unwrap())
    });
    group.finish();
}

/// The S.D.N.Y.'s time rules as `seed` composes them from `data/`, as JSON.
fn sdny_time_rules() -> Vec<u8> {
    use courtrules::store::{courts, holidays, time_rules};
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let court_records = courts::read_data_pack(&data).expect("the data pack's courts");
    let known = court_records.keys().map(String::as_str).collect();
    let closures = holidays::read_data_pack(&data, &known).expect("the data pack's holidays");
    // Every court, as if each had a profile: the local files' districts must be among them.
    let districts: Vec<(String, String)> = court_records
        .values()
        .map(|court| (court.district_id.clone(), court.state.clone().unwrap_or_default()))
        .collect();
    let mut composed = time_rules::read_data_pack(&data, &districts, &closures).expect("the data pack's time rules");
    courtrules_engine::ffi::to_json(&composed.remove("sdny").expect("time rules for sdny"))
}

fn deadlines(c: &mut Criterion) {
    let rules = sdny_time_rules();
    let parsed = courtrules_engine::ffi::parse_time_rules(&rules).expect("valid time rules");
    let request =
        br#"{"district_id":"sdny","trigger":"entry_of_judgment","trigger_date":"2026-12-24","service_method":"mail"}"#;
    let expected = courtrules_engine::ffi::deadlines_json(&rules, request).expect("deadlines");
    let count = serde_json::from_slice::<serde_json::Value>(&expected).unwrap()["deadlines"].as_array().unwrap().len();
    eprintln!("deadlines benchmark: {count} deadlines per computation");

    let warm = Sandbox::new(Limits::default()).expect("the engine loads");
    let op = Op::Deadlines { rules: rules.clone().into(), request: request.to_vec() };
    assert_eq!(warm.call_blocking(&op, Due::Request).unwrap().unwrap(), expected, "wasm and native agree");

    let mut group = c.benchmark_group("deadlines from entry of judgment (S.D.N.Y.)");
    group.bench_function("native, parsed time rules", |b| {
        b.iter(|| courtrules_engine::ffi::deadlines_with(black_box(&parsed), black_box(request)).unwrap())
    });
    group.bench_function("native, parse time rules + compute", |b| {
        b.iter(|| courtrules_engine::ffi::deadlines_json(black_box(&rules), black_box(request)).unwrap())
    });
    group.bench_function("wasm, reused instance (parses the time rules)", |b| {
        b.iter(|| warm.call_blocking(black_box(&op), Due::Request).unwrap())
    });
    group.finish();
}

criterion_group!(benches, engine, deadlines);
criterion_main!(benches);
