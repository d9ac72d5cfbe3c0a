//! Any bytes through `classify` (and, for pages without a text layer, `scan_image`, as
//! the host does): the engine must answer or fail with an error, never panic, hang or
//! allocate without bound. Seeded with the PDF fixtures and the hostile corpus; see
//! `fuzz/README.md`.

#![no_main]

use courtrules_engine::model::{ClassifyHints, OcrPage};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // one byte steers the hints so OCR text and skipped format are exercised too
    let (flags, pdf) = data.split_first().map_or((0, data), |(f, rest)| (*f, rest));
    let mut hints =
        ClassifyHints { filename: Some("memo.pdf".into()), skip_format: flags & 1 == 1, ..Default::default() };
    if flags & 2 == 2 {
        hints.ocr_pages = vec![OcrPage { page: 1, text: "PRELIMINARY STATEMENT\nText of the page.\n1".into() }];
    }
    if let Ok(outcome) = courtrules_engine::classify(pdf, &hints) {
        for page in outcome.unread_pages.iter().take(2) {
            let _ = courtrules_engine::scan_image(pdf, *page);
        }
        let _ = serde_json_free_len(&outcome);
    }
});

/// Serialises the outcome, as the host does, to catch non-finite numbers.
fn serde_json_free_len(outcome: &courtrules_engine::model::ClassifyOutcome) -> usize {
    courtrules_engine::ffi::to_json(outcome).len()
}
