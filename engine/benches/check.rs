//! One full check, natively, through the same JSON door the wasm module uses: request
//! bytes in, response bytes out. `tests/e2e`'s wasmtime benchmark (host/benches)
//! measures the same operation inside the sandbox, so the two compare directly.
//!
//! Run: `cargo bench -p courtrules-engine --bench check`.

use courtrules_engine::ffi;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;

fn repo_file(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)).unwrap()
}

/// The benchmark filing: a complete memorandum (every optional section supplied, so
/// every check runs) before the profile's first judge with a standing order.
pub fn benchmark_inputs() -> (Vec<u8>, Vec<u8>) {
    let profile = repo_file(
        std::env::var("COURTRULES_BENCH_PROFILE").as_deref().unwrap_or("tests/corpus/profiles/test-district.json"),
    );
    let request = repo_file(
        std::env::var("COURTRULES_BENCH_REQUEST")
            .as_deref()
            .unwrap_or("tests/corpus/test-district-full-before-strict-judge.json"),
    );
    let case: serde_json::Value = serde_json::from_slice(&request).unwrap();
    let request = serde_json::to_vec(case.get("request").unwrap_or(&case)).unwrap();
    (profile, request)
}

fn full_check(c: &mut Criterion) {
    let (profile_bytes, request) = benchmark_inputs();
    let profile = ffi::parse_profile(&profile_bytes).unwrap();
    assert!(ffi::check_json(&profile, &request).is_ok());
    c.bench_function("native: check (parsed profile)", |b| {
        b.iter(|| ffi::check_json(black_box(&profile), black_box(&request)).unwrap())
    });
    c.bench_function("native: parse profile + check", |b| {
        b.iter(|| {
            let profile = ffi::parse_profile(black_box(&profile_bytes)).unwrap();
            ffi::check_json(&profile, black_box(&request)).unwrap()
        })
    });
}

criterion_group!(benches, full_check);
criterion_main!(benches);
