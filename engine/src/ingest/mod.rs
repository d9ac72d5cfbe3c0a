//! `extract`: a judge's individual practices or standing order (text or PDF) in,
//! proposed standing-order rules out — page and word limits by paper and motion,
//! pre-motion conferences and the motions they cover, courtesy copies, bundling,
//! filing gates, type size, margins and spacing — each with the sentence it came from,
//! that sentence's page and span, and a confidence. See `docs/ingest.md`.
//!
//! Deterministic and explainable: patterns over the document's sentences and headings,
//! no model. Sentences that read as requirements but match no pattern are returned as
//! `not_understood`, never dropped.
//!
//! The steps, one module each: `reader` (lines → sentences with sections and headings)
//! → `words` (tokens and numbers) → the patterns `limits`, `procedure`, `format`, which
//! read their words from `vocabulary` and `papers` → the rules, assembled here.

mod format;
mod limits;
mod papers;
mod procedure;
mod reader;
mod vocabulary;
mod words;

use crate::error::EngineError;
use crate::model::{
    AppliesTo, Confidence, Extraction, ExtractionMeta, IngestOptions, Passage, ProposedRule, Rule, RuleKind,
    RuleParams, Severity,
};
use reader::{Reading, Sentence, SourceLine};
use words::Token;

/// Changes whenever a change to the patterns may change a proposal.
pub const EXTRACTOR_VERSION: &str = "5";

/// Limits on what is read, so that a hostile input costs bounded time.
const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;
const MAX_PAGES: usize = 500;
const MAX_SENTENCE_CHARS: usize = 4_000;

/// What a pattern read from one sentence.
#[derive(Clone, Debug, PartialEq)]
struct Finding {
    kind: RuleKind,
    /// The name part of the rule key.
    name: String,
    label: String,
    /// In the extractor's own words.
    summary: String,
    params: RuleParams,
    applies_to: AppliesTo,
    confidence: Confidence,
    reasoning: String,
    /// A page limit on pre-motion letters: narrowed afterwards to the motions the
    /// document's conference rule covers.
    pre_motion_letter: bool,
}

/// How serious breaking a rule of each kind is, as the shipped profiles grade them.
const SEVERITIES: &[(RuleKind, Severity)] = &[
    (RuleKind::PageLimit, Severity::Critical),
    (RuleKind::WordLimit, Severity::Critical),
    (RuleKind::Pmc, Severity::Critical),
    (RuleKind::FilingGate, Severity::Critical),
    (RuleKind::Bundling, Severity::Warning),
    (RuleKind::Format, Severity::Warning),
    (RuleKind::CourtesyCopy, Severity::Info),
];

/// Extracts from plain text; a form feed (`\f`) separates pages.
pub fn extract_text(text: &str, options: &IngestOptions) -> Result<Extraction, EngineError> {
    check_options(options)?;
    if text.len() > MAX_TEXT_BYTES {
        return Err(EngineError::InvalidInput {
            message: format!("the text is {} bytes; at most {MAX_TEXT_BYTES} are read", text.len()),
        });
    }
    let pages: Vec<Vec<SourceLine>> = text
        .split('\u{c}')
        .map(|page| page.lines().map(|line| SourceLine { text: line.replace('\t', "    "), bold: false }).collect())
        .collect();
    extract(pages, options, Vec::new())
}

/// Extracts from a PDF, read with the same reader as `classify`.
pub fn extract_pdf(pdf_bytes: &[u8], options: &IngestOptions) -> Result<Extraction, EngineError> {
    check_options(options)?;
    let (pages, unread) = crate::classify::page_lines(pdf_bytes)?;
    let mut warnings = Vec::new();
    if !unread.is_empty() {
        let list: Vec<String> = unread.iter().map(u32::to_string).collect();
        warnings.push(format!(
            "Page(s) {} have no text layer (scanned); their rules were not read. Paste their text to include them.",
            list.join(", ")
        ));
    }
    let pages = pages
        .into_iter()
        .map(|lines| lines.into_iter().map(|(text, bold)| SourceLine { text, bold }).collect())
        .collect();
    extract(pages, options, warnings)
}

fn check_options(options: &IngestOptions) -> Result<(), EngineError> {
    let details = options.problems();
    if details.is_empty() { Ok(()) } else { Err(EngineError::InvalidRequest { details }) }
}

fn extract(
    mut pages: Vec<Vec<SourceLine>>,
    options: &IngestOptions,
    mut warnings: Vec<String>,
) -> Result<Extraction, EngineError> {
    if pages.len() > MAX_PAGES {
        warnings.push(format!("The document has {} pages; the first {MAX_PAGES} were read.", pages.len()));
        pages.truncate(MAX_PAGES);
    }
    let reading = reader::read(&pages);
    let title =
        options.title.clone().or_else(|| reading.title.clone()).unwrap_or_else(|| "Individual practices".to_string());

    let mut found: Vec<(Finding, usize)> = Vec::new();
    let mut not_understood = Vec::new();
    let mut rule_like = 0u32;
    for (index, sentence) in reading.sentences.iter().enumerate() {
        if sentence.text.chars().count() > MAX_SENTENCE_CHARS {
            not_understood.push(passage(sentence));
            continue;
        }
        let t = words::tokens(&sentence.text);
        // A terse entry ("Sealing requests: by letter motion") states a rule without a
        // verb that says so.
        let terse_entry = sentence.text.find(':').is_some_and(|at| at > 0 && at <= 60);
        let requirement = is_rule_like(&t) || (terse_entry && t.len() >= 4);
        rule_like += u32::from(requirement);
        // A number read that no rule could take ("shall not exceed 0 pages") is a
        // sentence for a person to read, not a proposal the server would then refuse.
        let mut findings = read_sentence(sentence, &t);
        findings.retain(|finding| crate::profile_check::params_are_valid(finding.kind, &finding.params));
        narrowed_by_sentence_before(&mut findings, &mut not_understood, &reading, index);
        if findings.is_empty() {
            if narrows_previous(&mut found, &reading, index, &t) {
                continue;
            }
            if requirement {
                not_understood.push(passage(sentence));
            }
            continue;
        }
        for finding in findings {
            // The same rule stated twice is proposed once, from the sentence that states
            // it most plainly. Filing gates differ by their step, which is in the words.
            let same = |f: &Finding| {
                f.kind == finding.kind
                    && f.kind != RuleKind::FilingGate
                    && f.params == finding.params
                    && f.applies_to == finding.applies_to
            };
            match found.iter_mut().find(|(f, _)| same(f)) {
                Some(earlier) if finding.confidence < earlier.0.confidence => *earlier = (finding, index),
                Some(_) => {}
                None => found.push((finding, index)),
            }
        }
    }
    narrow_pre_motion_letters(&mut found);
    limits::leave_narrower_papers_out(&mut found);

    let proposals = assemble(&found, &reading, &title, &options.source_url);
    Ok(Extraction {
        title,
        pages: reading.pages,
        proposals,
        not_understood,
        meta: ExtractionMeta {
            sentences: reading.sentences.len() as u32,
            rule_like,
            extractor_version: EXTRACTOR_VERSION.to_string(),
        },
        warnings,
    })
}

/// Every pattern on one sentence. A sentence about a limit is not also a filing gate
/// ("… may not exceed 25 pages without leave"), nor is a conference or bundling rule.
fn read_sentence(sentence: &Sentence, t: &[Token]) -> Vec<Finding> {
    let mut findings = limits::find_limits(sentence, t);
    let pmc = procedure::find_pmc(sentence, t);
    let bundling = procedure::find_bundling(t);
    let gate = if pmc.is_some() || bundling.is_some() {
        None
    } else if findings.is_empty() {
        procedure::find_filing_gate(t)
    } else {
        // "… limited to ten pages, and no reply may be filed without leave": a gate in a
        // clause of its own after the limits.
        let last = limits::last_quantity(t);
        let clause = (last..t.len()).find(|&i| t[i].clause_end).map_or(t.len(), |i| i + 1);
        let rest = &t[clause..];
        if words::has_any(rest, &["filed", "file"]) { procedure::find_filing_gate(rest) } else { None }
    };
    findings.extend(pmc);
    findings.extend(bundling);
    findings.extend(procedure::find_courtesy_copy(t));
    findings.extend(gate);
    findings.extend(format::find_format(t));
    findings
}

/// "This requirement does not apply to pro se parties" right after a conference rule
/// (in the same section, or the next sentence) narrows that rule.
fn narrows_previous(found: &mut [(Finding, usize)], reading: &Reading, index: usize, t: &[Token]) -> bool {
    let Some((previous, at)) = found.iter_mut().rev().find(|(f, _)| f.kind == RuleKind::Pmc) else { return false };
    let here = &reading.sentences[index];
    let there = &reading.sentences[*at];
    if !(index == *at + 1 || one_passage(here, there)) {
        return false;
    }
    match procedure::narrow_pmc(previous, t) {
        Some(narrowed) => {
            *previous = narrowed;
            true
        }
        None => false,
    }
}

/// "A pre-motion conference is not required for motions in limine. A pre-motion
/// conference is required before filing any other motion.": the sentence before a
/// conference rule (listed as not understood when it was read, and in the same
/// paragraph or section) narrows the rule, and is then understood.
fn narrowed_by_sentence_before(
    findings: &mut [Finding],
    not_understood: &mut Vec<Passage>,
    reading: &Reading,
    index: usize,
) {
    if !findings.iter().any(|f| f.kind == RuleKind::Pmc) {
        return;
    }
    let Some(before) = index.checked_sub(1).map(|i| &reading.sentences[i]) else { return };
    let here = &reading.sentences[index];
    if !one_passage(here, before) || not_understood.last() != Some(&passage(before)) {
        return;
    }
    let t = words::tokens(&before.text);
    let mut narrowed = false;
    for finding in findings.iter_mut().filter(|f| f.kind == RuleKind::Pmc) {
        if let Some(n) = procedure::narrow_pmc_before(finding, &t) {
            *finding = n;
            narrowed = true;
        }
    }
    if narrowed {
        not_understood.pop();
    }
}

/// Whether two sentences are of one paragraph, or of one section on one page: what a
/// sentence about "this requirement" may refer to.
fn one_passage(a: &Sentence, b: &Sentence) -> bool {
    a.paragraph == b.paragraph || (a.section.is_some() && a.section == b.section && a.page == b.page)
}

/// Pre-motion letters are letters about the motions the conference rule covers.
fn narrow_pre_motion_letters(found: &mut [(Finding, usize)]) {
    let covered = found.iter().find(|(f, _)| f.kind == RuleKind::Pmc).map(|(f, _)| f.applies_to.motion_types.clone());
    for (finding, _) in found.iter_mut().filter(|(f, _)| f.pre_motion_letter) {
        if finding.applies_to.motion_types.is_none()
            && let Some(Some(motions)) = &covered
        {
            finding.applies_to.motion_types = Some(motions.clone());
        }
    }
}

fn is_rule_like(t: &[Token]) -> bool {
    let permission = t.windows(2).any(|pair| {
        vocabulary::PERMISSIONS.contains(&pair[1].word.as_str())
            && !vocabulary::NOT_A_PARTY.contains(&pair[0].word.as_str())
    });
    t.len() >= 4
        && (permission
            || words::has_any(t, vocabulary::REQUIREMENT)
            || t.first().is_some_and(|w| vocabulary::IMPERATIVES.contains(&w.word.as_str())))
}

fn passage(sentence: &Sentence) -> Passage {
    Passage {
        page: sentence.page as u32 + 1,
        start: sentence.start as u32,
        end: sentence.end as u32,
        section: sentence.section.clone(),
        text: sentence.text.clone(),
    }
}

fn assemble(found: &[(Finding, usize)], reading: &Reading, title: &str, source_url: &str) -> Vec<ProposedRule> {
    let mut keys: Vec<String> = Vec::new();
    let mut out = Vec::with_capacity(found.len());
    for (finding, index) in found {
        let sentence = &reading.sentences[*index];
        let base = format!("{}:{}", finding.kind.as_str(), finding.name);
        let mut key = base.clone();
        let mut n = 2;
        while keys.contains(&key) {
            key = format!("{base}-{n}");
            n += 1;
        }
        keys.push(key.clone());
        let citation = match &sentence.section {
            Some(section) => format!("{title} \u{a7} {section}"),
            None => format!("{title}, p. {}", sentence.page + 1),
        };
        let severity = SEVERITIES.iter().find(|(kind, _)| *kind == finding.kind).map_or(Severity::Warning, |(_, s)| *s);
        let applies_to = (finding.applies_to != AppliesTo::default()).then(|| finding.applies_to.clone());
        out.push(ProposedRule {
            rule: Rule {
                rule_key: key,
                category: finding.kind.category().expect("the extractor proposes checkable kinds"),
                citation,
                label: finding.label.clone(),
                summary: finding.summary.clone(),
                severity,
                applies_to,
                params: finding.params.clone(),
                source_text: sentence.text.clone(),
                source_url: source_url.to_string(),
            },
            evidence: passage(sentence),
            confidence: finding.confidence,
            reasoning: finding.reasoning.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests;
