//! `classify` of the ~30-page opposition memorandum (29 pages, 7,786 body words),
//! natively, through the same JSON door the wasm module uses. The host measures the same
//! call inside wasmtime. And the cost of refusing the hostile corpus's form fan-out (20
//! pages of form XObjects painted 840,000 times each), which the document's operator
//! limit stops on page 3: the most work a small file can ask for.
//!
//! Run: `cargo bench -p courtrules-engine --bench classify`.

use courtrules_engine::ffi;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;

fn bench(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/pdf/memo_opposition_rule56.pdf");
    let pdf = std::fs::read(path).unwrap();
    let hints = br#"{"judge_slug":"hon-test","district_id":"edny","filename":"opposition.pdf"}"#;
    c.bench_function("classify_opposition_memo_29_pages", |b| {
        b.iter(|| ffi::classify_json(black_box(&pdf), black_box(hints)).unwrap())
    });
    let skip = br#"{"judge_slug":"hon-test","district_id":"edny","skip_format":true}"#;
    c.bench_function("classify_opposition_memo_29_pages_skip_format", |b| {
        b.iter(|| ffi::classify_json(black_box(&pdf), black_box(skip)).unwrap())
    });
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/hostile/form_fanout_every_page.pdf");
    let fanout = std::fs::read(path).unwrap();
    let mut group = c.benchmark_group("hostile");
    group.sample_size(10);
    group.bench_function("refuse_form_fanout_20_pages", |b| {
        b.iter(|| ffi::classify_json(black_box(&fanout), black_box(hints)).unwrap_err())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
