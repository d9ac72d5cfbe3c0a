//! Scores the standing-order extractor against the labelled evaluation set in
//! `tests/fixtures/ingest/` (see its README): per rule kind, how many proposals are
//! right (precision) and how many labelled rules are found (recall).
//!
//! A proposal matches a label when the kind is the same, the sentence is the labelled
//! one (the proposal's sentence contains the quote), and every detail the label states
//! is what the proposal says: the limit, the papers and motions (as sets), the pro se
//! exemption, the courtesy-copy threshold, the format aspect. Matching is one to one.

use courtrules_engine::model::{Extraction, IngestOptions, ProposedRule};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
pub struct Labels {
    pub document: String,
    pub rules: Vec<Label>,
    #[serde(default)]
    pub other_rules: Vec<OtherRule>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Label {
    pub kind: String,
    pub page: u32,
    pub quote: String,
    pub max_pages: Option<u32>,
    pub max_words: Option<u32>,
    pub document_scopes: Option<Vec<String>>,
    pub motion_types: Option<Vec<String>>,
    #[serde(default)]
    pub pro_se_exempt: bool,
    pub min_pages: Option<u32>,
    pub min_font_pt: Option<f64>,
    pub min_footnote_font_pt: Option<f64>,
    pub min_margin_inches: Option<f64>,
    pub line_spacing: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct OtherRule {
    pub page: u32,
    pub quote: String,
}

/// Counts for one rule kind.
#[derive(Clone, Debug, Default)]
pub struct Score {
    pub labels: u32,
    pub proposals: u32,
    /// Matched in every detail.
    pub matched: u32,
    /// Right kind and sentence, some detail wrong.
    pub located: u32,
    /// Matched, and on the labelled page.
    pub right_page: u32,
}

impl Score {
    pub fn precision(&self) -> f64 {
        if self.proposals == 0 { 1.0 } else { f64::from(self.matched) / f64::from(self.proposals) }
    }
    pub fn recall(&self) -> f64 {
        if self.labels == 0 { 1.0 } else { f64::from(self.matched) / f64::from(self.labels) }
    }
    fn add(&mut self, other: &Score) {
        self.labels += other.labels;
        self.proposals += other.proposals;
        self.matched += other.matched;
        self.located += other.located;
        self.right_page += other.right_page;
    }
}

/// The outcome for one document.
#[derive(Debug, Default)]
pub struct DocumentScore {
    pub name: String,
    pub input: &'static str,
    pub by_kind: BTreeMap<String, Score>,
    /// Labelled requirements of other kinds, and how many of them the extractor listed
    /// as not understood (rather than dropping them or proposing a rule).
    pub other_rules: u32,
    pub other_listed: u32,
    /// Descriptions of misses and false proposals, for tuning.
    pub misses: Vec<String>,
}

pub fn normalize(text: &str) -> String {
    let plain: String = text
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201C}' | '\u{201D}' => '"',
            '\u{2013}' | '\u{2014}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        })
        .collect();
    plain.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

fn same_set(label: &Option<Vec<String>>, proposal: Option<Vec<String>>) -> bool {
    let mut a = label.clone().unwrap_or_default();
    let mut b = proposal.unwrap_or_default();
    a.sort();
    b.sort();
    a == b
}

fn details_match(label: &Label, p: &ProposedRule) -> bool {
    let applies = p.rule.applies_to.clone().unwrap_or_default();
    let params = &p.rule.params;
    let scopes = applies.document_scopes.map(|s| s.iter().map(|x| x.as_str().to_string()).collect());
    let motions = applies.motion_types.map(|m| m.iter().map(|x| x.as_str().to_string()).collect());
    match label.kind.as_str() {
        "PageLimit" => {
            params.max_pages == label.max_pages
                && same_set(&label.document_scopes, scopes)
                && same_set(&label.motion_types, motions)
        }
        "WordLimit" => {
            params.max_words == label.max_words
                && same_set(&label.document_scopes, scopes)
                && same_set(&label.motion_types, motions)
        }
        "Pmc" => same_set(&label.motion_types, motions) && label.pro_se_exempt == (applies.filer_pro_se == Some(false)),
        "CourtesyCopy" => params.min_pages == label.min_pages,
        "Bundling" | "FilingGate" => true,
        "Format" => {
            params.min_font_pt == label.min_font_pt
                && params.min_footnote_font_pt == label.min_footnote_font_pt
                && params.min_margin_inches == label.min_margin_inches
                && params.line_spacing.map(|s| s.as_str().to_string()) == label.line_spacing
        }
        _ => false,
    }
}

fn kind_of(p: &ProposedRule) -> String {
    p.rule.rule_key.split(':').next().unwrap_or_default().to_string()
}

fn on_sentence(quote: &str, p: &ProposedRule) -> bool {
    let evidence = normalize(&p.evidence.text);
    let quote = normalize(quote);
    evidence.contains(&quote) || (quote.contains(&evidence) && evidence.len() >= 20)
}

pub fn score(name: &str, input: &'static str, labels: &Labels, extraction: &Extraction) -> DocumentScore {
    let mut doc = DocumentScore { name: name.to_string(), input, ..DocumentScore::default() };
    let mut used = vec![false; extraction.proposals.len()];
    for label in &labels.rules {
        let entry = doc.by_kind.entry(label.kind.clone()).or_default();
        entry.labels += 1;
        let exact = extraction.proposals.iter().enumerate().find(|(i, p)| {
            !used[*i] && kind_of(p) == label.kind && on_sentence(&label.quote, p) && details_match(label, p)
        });
        match exact {
            Some((i, p)) => {
                used[i] = true;
                entry.matched += 1;
                entry.located += 1;
                if p.evidence.page == label.page {
                    entry.right_page += 1;
                }
            }
            None => {
                let near = extraction
                    .proposals
                    .iter()
                    .enumerate()
                    .find(|(i, p)| !used[*i] && kind_of(p) == label.kind && on_sentence(&label.quote, p));
                match near {
                    Some((_, p)) => {
                        entry.located += 1;
                        doc.misses.push(format!(
                            "WRONG  {} {:?}\n       proposed {} {:?} {:?}",
                            label.kind, label, p.rule.rule_key, p.rule.applies_to, p.rule.params
                        ));
                    }
                    None => doc.misses.push(format!("MISSED {} p.{} \"{}\"", label.kind, label.page, label.quote)),
                }
            }
        }
    }
    for (i, p) in extraction.proposals.iter().enumerate() {
        doc.by_kind.entry(kind_of(p)).or_default().proposals += 1;
        if !used[i] {
            doc.misses.push(format!(
                "EXTRA  {} {:?} {:?} \"{}\"",
                p.rule.rule_key, p.rule.applies_to, p.rule.params, p.evidence.text
            ));
        }
    }
    for other in &labels.other_rules {
        doc.other_rules += 1;
        let quote = normalize(&other.quote);
        if extraction
            .not_understood
            .iter()
            .any(|n| normalize(&n.text).contains(&quote) || quote.contains(&normalize(&n.text)))
        {
            doc.other_listed += 1;
        } else if !extraction.proposals.iter().any(|p| normalize(&p.evidence.text).contains(&quote)) {
            doc.misses.push(format!("DROPPED other rule p.{} \"{}\"", other.page, other.quote));
        }
    }
    doc
}

/// The documents of one set (`dev` or `test`): each text, and each PDF made from a
/// text, scored.
pub fn run_set(root: &Path, set: &str) -> Vec<DocumentScore> {
    let dir = root.join(set);
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".labels.json"))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for path in names {
        let labels: Labels = serde_json::from_slice(&std::fs::read(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text_path = dir.join(&labels.document);
        let name = labels.document.trim_end_matches(".txt").to_string();
        let options = IngestOptions { source_url: "https://courtrules.example/evaluation".into(), title: None };
        let text = std::fs::read_to_string(&text_path).unwrap();
        let extraction = courtrules_engine::extract_text(&text, &options).unwrap();
        out.push(score(&name, "text", &labels, &extraction));
        let pdf_path = text_path.with_extension("pdf");
        if let Ok(pdf) = std::fs::read(&pdf_path) {
            let extraction = courtrules_engine::extract_pdf(&pdf, &options).unwrap();
            out.push(score(&name, "pdf", &labels, &extraction));
        }
    }
    out
}

pub fn total(docs: &[DocumentScore]) -> BTreeMap<String, Score> {
    let mut totals: BTreeMap<String, Score> = BTreeMap::new();
    for doc in docs {
        for (kind, score) in &doc.by_kind {
            totals.entry(kind.clone()).or_default().add(score);
        }
    }
    let mut all = Score::default();
    for score in totals.values() {
        all.add(score);
    }
    totals.insert("(all kinds)".to_string(), all);
    totals
}
