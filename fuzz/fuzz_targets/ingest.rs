//! Any bytes through the standing-order extractor: a PDF (bytes starting `%PDF`) through
//! `extract_pdf`, anything else as text through `extract_text`. The engine must answer
//! or fail with an error, never panic, hang or allocate without bound; every span it
//! returns must lie inside its page's text. See `fuzz/README.md`.

#![no_main]

use courtrules_engine::model::{Extraction, IngestOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = IngestOptions { source_url: "https://courtrules.example/practices".into(), title: None };
    let result = if data.starts_with(b"%PDF") {
        courtrules_engine::extract_pdf(data, &options)
    } else {
        courtrules_engine::extract_text(&String::from_utf8_lossy(data), &options)
    };
    if let Ok(extraction) = result {
        spans_are_inside(&extraction);
        let _ = courtrules_engine::ffi::to_json(&extraction).len();
    }
});

fn spans_are_inside(extraction: &Extraction) {
    let passages = extraction.proposals.iter().map(|p| &p.evidence).chain(&extraction.not_understood);
    for passage in passages {
        let page = &extraction.pages[passage.page as usize - 1];
        assert!(passage.start < passage.end && passage.end as usize <= page.chars().count(), "{passage:?}");
    }
}
