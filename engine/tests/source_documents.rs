//! Every rule the service ships quotes a document the service ships.
//!
//! For every rule of every compliance profile (`data/profiles/*.json`) and every extracted
//! rule (`data/extracted_rules/*.json`), this finds the source document in
//! `data/documents/index.json`, extracts the PDF's text with lopdf and asserts that the
//! rule's `source_text` occurs in it. It also holds each index entry to its file: the
//! `sha256` and `page_count` must match.
//!
//! How a rule finds its document:
//! - an extracted rule names it: `document_version_id` is the document's `version_id`;
//! - a profile rule by its `source_url`: the document with that `source_url`, or, for the
//!   per-rule Cornell LII addresses of the Federal Rules of Civil Procedure
//!   (`https://www.law.cornell.edu/rules/frcp/…`), the document of kind `frcp`.
//!
//! Comparison: both texts are normalized the same way before the substring test —
//! typographic quotes become ASCII (`‘ ’ ‚ ′` → `'`, `“ ” „ ″` → `"`), dashes become
//! ASCII hyphens (en dash, em dash, minus, non-breaking hyphen → `-`), non-breaking
//! spaces become spaces, and every run of whitespace (including the line breaks a PDF
//! puts where it wraps a line) becomes one space. Nothing else is folded: letters, case,
//! digits and punctuation must match, so a quote that differs by one word fails. Before
//! that, the page furniture the generator prints on every page (the "Page N" footer and
//! the sample stamp) is dropped, so a provision that runs across a page break still reads
//! as one passage.

use sha2_free::sha256_hex;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    paths
}

const FRCP_PER_RULE_PREFIX: &str = "https://www.law.cornell.edu/rules/frcp/";

/// The normalization described in the module comment.
fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{2032}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => '"',
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            '\u{00A0}' => ' ',
            other => other,
        };
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(c);
    }
    out
}

const SAMPLE_STAMP: &str = "SAMPLE \u{2014} demonstration data; not an order of any court";

struct Document {
    entry: serde_json::Value,
    /// Normalized text of every page, page furniture removed.
    text: String,
    /// Whether every page carries the sample stamp.
    stamped_on_every_page: bool,
}

/// Page furniture is what the generator prints on every page outside the text: the
/// "Page N" footer and, on sample documents, the sample stamp. Each is its own line in
/// the extracted text; it is dropped so that a provision running across a page break
/// still reads as one passage.
fn is_page_furniture(line: &str) -> bool {
    let line = line.trim();
    line == SAMPLE_STAMP
        || line
            .strip_prefix("Page ")
            .is_some_and(|number| !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
}

fn str_field<'v>(value: &'v serde_json::Value, field: &str) -> &'v str {
    value[field].as_str().unwrap_or_else(|| panic!("missing string field `{field}` in {value}"))
}

/// Loads the index and every document it lists, checking hash and page count.
fn load_documents() -> Vec<Document> {
    let dir = repo_root().join("data/documents");
    let index = read_json(&dir.join("index.json"));
    let entries = index["documents"].as_array().expect("index.json has a `documents` array");
    assert!(!entries.is_empty(), "index.json lists no documents");
    entries
        .iter()
        .map(|entry| {
            let file = str_field(entry, "file");
            let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|error| panic!("{file}: {error}"));
            assert_eq!(
                sha256_hex(&bytes),
                str_field(entry, "sha256"),
                "{file}: sha256 in index.json does not match the file"
            );
            let pdf =
                lopdf::Document::load_mem(&bytes).unwrap_or_else(|error| panic!("{file}: not a readable PDF: {error}"));
            let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
            assert_eq!(
                pages.len() as u64,
                entry["page_count"].as_u64().expect("page_count is a number"),
                "{file}: page_count in index.json does not match the file"
            );
            let mut body = String::new();
            let mut stamped_on_every_page = true;
            for page in &pages {
                let text = pdf
                    .extract_text(&[*page])
                    .unwrap_or_else(|error| panic!("{file}: text extraction failed: {error}"));
                stamped_on_every_page &= text.lines().any(|line| line.trim() == SAMPLE_STAMP);
                for line in text.lines().filter(|line| !is_page_furniture(line)) {
                    body.push_str(line);
                    body.push('\n');
                }
            }
            Document { entry: entry.clone(), text: normalize(&body), stamped_on_every_page }
        })
        .collect()
}

/// A rule to check: where it comes from, its quotation, and how it names its document.
struct Quote {
    origin: String,
    source_text: String,
    source_url: String,
    document_version_id: Option<String>,
    /// For a local rule of a profile: its district, whose excerpt holds a rule quoted from
    /// its own page of the court's site.
    local_district: Option<String>,
}

fn profile_quotes() -> Vec<Quote> {
    let mut quotes = Vec::new();
    for path in json_files(&repo_root().join("data/profiles")) {
        let profile = read_json(&path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut layers: Vec<(String, &serde_json::Value)> =
            vec![("national".into(), &profile["national"]), ("local".into(), &profile["local"])];
        for judge in profile["judges"].as_array().expect("judges is an array") {
            if judge["standing_order"].is_object() {
                layers.push((format!("judge {}", str_field(judge, "slug")), &judge["standing_order"]));
            }
        }
        let district = str_field(&profile["district"], "district_id").to_owned();
        for (layer, value) in layers {
            for rule in value["rules"].as_array().expect("a layer has rules") {
                quotes.push(Quote {
                    origin: format!("{name} {layer} {}", str_field(rule, "rule_key")),
                    source_text: str_field(rule, "source_text").to_owned(),
                    source_url: str_field(rule, "source_url").to_owned(),
                    document_version_id: None,
                    local_district: (layer == "local").then(|| district.clone()),
                });
            }
        }
    }
    quotes
}

fn extracted_quotes() -> Vec<Quote> {
    let mut quotes = Vec::new();
    for path in json_files(&repo_root().join("data/extracted_rules")) {
        let file = read_json(&path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for rule in file["rules"].as_array().expect("an extracted-rules file has `rules`") {
            quotes.push(Quote {
                origin: format!("{name} {}", str_field(rule, "rule_id")),
                source_text: str_field(&rule["content"], "source_text").to_owned(),
                source_url: str_field(rule, "source_url").to_owned(),
                document_version_id: Some(str_field(rule, "document_version_id").to_owned()),
                local_district: None,
            });
        }
    }
    quotes
}

fn find_document<'d>(documents: &'d [Document], quote: &Quote) -> &'d Document {
    let found = match &quote.document_version_id {
        Some(version) => documents.iter().find(|doc| str_field(&doc.entry, "version_id") == version),
        None => documents
            .iter()
            .find(|doc| str_field(&doc.entry, "source_url") == quote.source_url)
            .or_else(|| {
                quote
                    .source_url
                    .starts_with(FRCP_PER_RULE_PREFIX)
                    .then(|| documents.iter().find(|doc| str_field(&doc.entry, "kind") == "frcp"))
                    .flatten()
            })
            .or_else(|| {
                let district = quote.local_district.as_deref()?;
                documents.iter().find(|doc| {
                    str_field(&doc.entry, "kind") == "local_rules"
                        && doc.entry["district_id"].as_str() == Some(district)
                })
            }),
    };
    found.unwrap_or_else(|| {
        panic!("{}: no document in data/documents/index.json for {}", quote.origin, quote.source_url)
    })
}

fn assert_quotes_found(quotes: &[Quote], documents: &[Document]) {
    assert!(!quotes.is_empty());
    let mut missing = Vec::new();
    for quote in quotes {
        let document = find_document(documents, quote);
        let wanted = normalize(&quote.source_text);
        assert!(!wanted.is_empty(), "{}: empty source_text", quote.origin);
        if !document.text.contains(&wanted) {
            missing.push(format!("{} (document {}): {wanted}", quote.origin, str_field(&document.entry, "file")));
        }
    }
    assert!(missing.is_empty(), "source_text not found verbatim in its document:\n{}", missing.join("\n"));
}

#[test]
fn every_profile_rule_quotes_its_source_document() {
    let documents = load_documents();
    assert_quotes_found(&profile_quotes(), &documents);
}

#[test]
fn every_extracted_rule_quotes_its_source_document() {
    let documents = load_documents();
    let quotes = extracted_quotes();
    assert_quotes_found(&quotes, &documents);
    // The provenance fields agree with the document the rule names.
    for path in json_files(&repo_root().join("data/extracted_rules")) {
        let file = read_json(&path);
        for rule in file["rules"].as_array().unwrap() {
            let version = str_field(rule, "document_version_id");
            let document = documents.iter().find(|doc| str_field(&doc.entry, "version_id") == version).unwrap();
            assert_eq!(str_field(rule, "doc_kind"), str_field(&document.entry, "kind"), "{}", path.display());
            if let Some(district) = document.entry["district_id"].as_str() {
                assert_eq!(str_field(rule, "district_id"), district, "{}", path.display());
            }
        }
    }
}

#[test]
fn index_entries_match_their_files_and_ids_are_unique() {
    let documents = load_documents();
    let mut ids = BTreeMap::new();
    for document in &documents {
        for field in ["id", "version_id"] {
            let value = str_field(&document.entry, field).to_owned();
            assert!(ids.insert(value.clone(), field).is_none(), "duplicate {field} {value} in index.json");
        }
        let sample = document.entry["sample"].as_bool().expect("sample is a boolean");
        if sample {
            assert!(
                document.stamped_on_every_page,
                "{}: a page of a sample document lacks the sample stamp",
                str_field(&document.entry, "file")
            );
        } else {
            assert!(
                document.text.contains("Excerpt of "),
                "{}: excerpt without its provenance line",
                str_field(&document.entry, "file")
            );
        }
    }
}

#[test]
fn normalization_folds_typography_and_whitespace_but_not_words() {
    assert_eq!(normalize("the court\u{2019}s  name\u{2014}or\n by"), "the court's name-or by");
    assert_eq!(normalize("  \u{201C}a\u{201D}\u{00A0}b "), "\"a\" b");
    let text = normalize("The motion must state the relief sought.");
    assert!(text.contains(&normalize("must state the relief")));
    assert!(!text.contains(&normalize("must state the remedy")));
}

/// SHA-256, written out here so the test needs no dependency beyond lopdf.
mod sha2_free {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
        0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
        0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
        0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
        0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
        0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
        0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];

    pub fn sha256_hex(data: &[u8]) -> String {
        let mut h: [u32; 8] =
            [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        let mut message = data.to_vec();
        let bit_len = (data.len() as u64).wrapping_mul(8);
        message.push(0x80);
        while message.len() % 64 != 56 {
            message.push(0);
        }
        message.extend_from_slice(&bit_len.to_be_bytes());
        for block in message.chunks(64) {
            let mut w = [0u32; 64];
            for (i, word) in block.chunks(4).enumerate() {
                w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
            }
            for i in 16..64 {
                let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
                let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
                w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
            for i in 0..64 {
                let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
                let ch = (e & f) ^ (!e & g);
                let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
                let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
                let maj = (a & b) ^ (a & c) ^ (b & c);
                let t2 = s0.wrapping_add(maj);
                hh = g;
                g = f;
                f = e;
                e = d.wrapping_add(t1);
                d = c;
                c = b;
                b = a;
                a = t1.wrapping_add(t2);
            }
            for (state, value) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
                *state = state.wrapping_add(value);
            }
        }
        h.iter().map(|word| format!("{word:08x}")).collect()
    }

    #[test]
    fn sha256_of_known_inputs() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
