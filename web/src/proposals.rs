//! The model of the judge's-practices panel: the extractor's proposals as the user
//! accepts and corrects them, the standing-order layer they make, the profile the live
//! check then runs against, and the body "Save as my organisation's layer" sends.
//!
//! Pure, so `cargo test -p courtrules-web` tests it natively; the panel is `practices.rs`.
//! Reading the document is the engine's extractor, in the page (the document module,
//! `document.rs`); this model takes its answer.

use courtrules_engine::EngineError;
use courtrules_engine::model::{
    Confidence, Extraction, IngestOptions, Passage, Profile, ProposedRule, Rule, RuleParams, StandingOrder,
};
use courtrules_engine::profile_check::validate_standing_order;
use serde_json::{Value, json};
use std::sync::Arc;

/// The judge's practices as the user gave them.
#[derive(Clone, Debug, PartialEq)]
pub enum Document {
    Pdf(Vec<u8>),
    Text(String),
}

impl Document {
    /// The bytes as given: a PDF's, or the text as UTF-8.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Document::Pdf(bytes) => bytes,
            Document::Text(text) => text.as_bytes(),
        }
    }

    /// What the extractor's JSON door (`ffi::extract_json`) is given. It reads bytes that
    /// start with `%PDF` as a PDF and anything else as text, while the PDF reader finds
    /// the `%PDF-` header anywhere in the first 1,024 bytes, as `extract_pdf` did: a PDF
    /// is given from its header on. `None`: a PDF without a header, which the reader
    /// refuses (its words are `classify`'s, which reads PDFs with the same reader).
    pub fn extractor_input(&self) -> Option<&[u8]> {
        match self {
            Document::Pdf(bytes) => {
                let header = bytes.windows(5).take(1024).position(|w| w == b"%PDF-")?;
                Some(&bytes[header..])
            }
            Document::Text(text) => Some(text.as_bytes()),
        }
    }
}

/// Why a document was not read.
#[derive(Clone, Debug, PartialEq)]
pub enum ReadProblem {
    /// The address the rules would cite is not usable: the engine's words.
    Address(Vec<String>),
    /// The document itself could not be read.
    Document(String),
}

/// The problems with `source_url` as the address the practices are published at (empty
/// when it is usable): the engine's, those the extractor refuses options for (and the
/// server a saved layer for), in its own words.
pub fn address_problems(source_url: &str) -> Vec<String> {
    options(source_url).problems().into_iter().map(|problem| problem.message).collect()
}

fn options(source_url: &str) -> IngestOptions {
    IngestOptions { source_url: source_url.to_owned(), title: None }
}

/// The options the extractor reads the document with (`IngestOptions` as JSON): the
/// address the rules cite, and the title found in the document.
pub fn options_json(source_url: &str) -> String {
    serde_json::to_string(&options(source_url)).expect("the options serialize")
}

/// The extractor's answer for `document` (its `Extraction` JSON, or its error), read.
pub fn reading(document: &Document, answer: Result<String, EngineError>) -> Result<Extraction, ReadProblem> {
    let what = match document {
        Document::Pdf(_) => "The PDF",
        Document::Text(_) => "The text",
    };
    match answer {
        Ok(json) => serde_json::from_str(&json)
            .map_err(|error| ReadProblem::Document(format!("{what} could not be read: unexpected answer ({error})."))),
        Err(EngineError::InvalidRequest { details }) => {
            Err(ReadProblem::Address(details.into_iter().map(|d| d.message).collect()))
        }
        Err(error) => Err(ReadProblem::Document(format!("{what} could not be read: {error}."))),
    }
}

/// The one threshold of a rule that the panel lets the user correct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    MaxPages,
    MaxWords,
    MinPages,
    MinFontPt,
    MinFootnoteFontPt,
    MinMarginInches,
}

impl Threshold {
    pub const ALL: [Threshold; 6] = [
        Threshold::MaxPages,
        Threshold::MaxWords,
        Threshold::MinPages,
        Threshold::MinFontPt,
        Threshold::MinFootnoteFontPt,
        Threshold::MinMarginInches,
    ];

    /// The threshold a rule carries: the first of `ALL` it sets (the extractor's rules
    /// set at most one).
    pub fn of(params: &RuleParams) -> Option<Threshold> {
        Threshold::ALL.into_iter().find(|threshold| threshold.get(params).is_some())
    }

    /// What the field is called.
    pub fn label(self) -> &'static str {
        match self {
            Threshold::MaxPages => "Page limit (pages)",
            Threshold::MaxWords => "Word limit (words)",
            Threshold::MinPages => "Applies from (pages)",
            Threshold::MinFontPt => "Smallest body type (points)",
            Threshold::MinFootnoteFontPt => "Smallest footnote type (points)",
            Threshold::MinMarginInches => "Smallest margin (inches)",
        }
    }

    /// Pages and words are whole numbers; sizes may have decimals.
    pub fn whole(self) -> bool {
        matches!(self, Threshold::MaxPages | Threshold::MaxWords | Threshold::MinPages)
    }

    /// The value, written as the user would type it ("25", "12", "1.5").
    pub fn get(self, params: &RuleParams) -> Option<String> {
        match self {
            Threshold::MaxPages => params.max_pages.map(|n| n.to_string()),
            Threshold::MaxWords => params.max_words.map(|n| n.to_string()),
            Threshold::MinPages => params.min_pages.map(|n| n.to_string()),
            Threshold::MinFontPt => params.min_font_pt.map(|x| x.to_string()),
            Threshold::MinFootnoteFontPt => params.min_footnote_font_pt.map(|x| x.to_string()),
            Threshold::MinMarginInches => params.min_margin_inches.map(|x| x.to_string()),
        }
    }

    /// Sets the value from what the user typed, or says what is wrong with it (the
    /// profile format's constraints: whole numbers at least 1, sizes greater than 0).
    pub fn set(self, params: &mut RuleParams, typed: &str) -> Result<(), String> {
        let typed = typed.trim();
        if self.whole() {
            let n: u32 = typed.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                format!("{} must be a whole number of at least 1.", self.label().split(" (").next().unwrap_or(""))
            })?;
            match self {
                Threshold::MaxPages => params.max_pages = Some(n),
                Threshold::MaxWords => params.max_words = Some(n),
                _ => params.min_pages = Some(n),
            }
        } else {
            let x: f64 = typed.parse().ok().filter(|x: &f64| x.is_finite() && *x > 0.0).ok_or_else(|| {
                format!("{} must be a number greater than 0.", self.label().split(" (").next().unwrap_or(""))
            })?;
            match self {
                Threshold::MinFontPt => params.min_font_pt = Some(x),
                Threshold::MinFootnoteFontPt => params.min_footnote_font_pt = Some(x),
                _ => params.min_margin_inches = Some(x),
            }
        }
        Ok(())
    }
}

/// One proposal as the user has it: accepted or not, its threshold as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Proposal {
    pub proposed: ProposedRule,
    pub accepted: bool,
    /// The threshold the rule carries, and its value as typed (starting as proposed).
    pub threshold: Option<(Threshold, String)>,
}

impl Proposal {
    /// Accepted when the extractor is confident (high or medium); a low-confidence guess
    /// waits for the user to tick it.
    pub fn new(proposed: ProposedRule) -> Self {
        let threshold =
            Threshold::of(&proposed.rule.params).map(|t| (t, t.get(&proposed.rule.params).unwrap_or_default()));
        let accepted = proposed.confidence != Confidence::Low;
        Proposal { proposed, accepted, threshold }
    }

    /// The rule as the user has corrected it, citing `source_url`; or what is wrong
    /// with the correction. A corrected number is also put into the summary, where the
    /// summary states the proposed one once.
    pub fn rule(&self, source_url: &str) -> Result<Rule, String> {
        let mut rule = self.proposed.rule.clone();
        rule.source_url = source_url.to_owned();
        if let Some((threshold, typed)) = &self.threshold {
            let proposed = threshold.get(&rule.params).unwrap_or_default();
            threshold.set(&mut rule.params, typed)?;
            let corrected = threshold.get(&rule.params).unwrap_or_default();
            if corrected != proposed
                && let Some(summary) = replace_number(&rule.summary, &proposed, &corrected)
            {
                rule.summary = summary;
            }
        }
        Ok(rule)
    }

    /// What is wrong with the typed threshold, if anything.
    pub fn problem(&self) -> Option<String> {
        self.rule("https://").err()
    }
}

/// The proposals of an extraction, ticked by confidence.
pub fn proposals(extraction: &Extraction) -> Vec<Proposal> {
    extraction.proposals.iter().cloned().map(Proposal::new).collect()
}

/// `text` with the one whole-number occurrence of `old` replaced by `new`; `None` when
/// `old` occurs there other than exactly once.
fn replace_number(text: &str, old: &str, new: &str) -> Option<String> {
    let numeric = |c: char| c.is_ascii_digit() || c == '.';
    let starts: Vec<usize> = text
        .match_indices(old)
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = text[..at].chars().next_back();
            let after = text[at + old.len()..].chars().collect::<Vec<_>>();
            let continues = match after.as_slice() {
                [c, ..] if c.is_ascii_digit() => true,
                ['.', c, ..] if c.is_ascii_digit() => true,
                _ => false,
            };
            !before.is_some_and(numeric) && !continues
        })
        .collect();
    match starts.as_slice() {
        [at] => Some(format!("{}{new}{}", &text[..*at], &text[at + old.len()..])),
        _ => None,
    }
}

/// What the live check runs against.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Layer {
    /// The judge's published profile: the panel is unused, or nothing is accepted.
    #[default]
    Published,
    /// The accepted rules, in place of the standing order of the judge they were read
    /// for; `saved` is the version they were saved as, while they are exactly what was
    /// saved.
    Proposed { judge: String, order: Arc<StandingOrder>, saved: Option<u32> },
    /// Accepted rules that cannot make a layer yet (a correction that is not a number).
    Incomplete { judge: String, message: String },
}

/// The layer the proposals read for `judge` make: `Published` when none is accepted.
pub fn layer(judge: &str, title: &str, source_url: &str, proposals: &[Proposal]) -> Layer {
    let mut rules = Vec::new();
    for proposal in proposals.iter().filter(|p| p.accepted) {
        match proposal.rule(source_url) {
            Ok(rule) => rules.push(rule),
            Err(problem) => {
                let message = format!(
                    "Correct the proposed rule \u{201c}{}\u{201d} under Judge's practices to see results: {problem}",
                    proposal.proposed.rule.label
                );
                return Layer::Incomplete { judge: judge.to_owned(), message };
            }
        }
    }
    if rules.is_empty() {
        return Layer::Published;
    }
    let order = StandingOrder {
        title: title.to_owned(),
        source_url: source_url.to_owned(),
        effective_date: None,
        as_of: None,
        sample: false,
        organisation: None,
        rules,
    };
    let problems = validate_standing_order(&order);
    if let Some(problem) = problems.first() {
        let message = format!(
            "Your proposed layer cannot be checked against yet: {} {}.",
            detail_label(&problem.path, &accepted_labels(proposals)),
            problem.message
        );
        return Layer::Incomplete { judge: judge.to_owned(), message };
    }
    Layer::Proposed { judge: judge.to_owned(), order: Arc::new(order), saved: None }
}

/// How results name the layer in force when it is not the published one.
pub fn layer_phrase(layer: &Layer) -> Option<String> {
    match layer {
        Layer::Proposed { saved: None, .. } => Some("your proposed layer (not saved)".into()),
        Layer::Proposed { saved: Some(version), .. } => Some(format!("your layer (saved as version {version})")),
        Layer::Published | Layer::Incomplete { .. } => None,
    }
}

/// The labels of the accepted proposals, in the order their rules are sent.
pub fn accepted_labels(proposals: &[Proposal]) -> Vec<String> {
    proposals.iter().filter(|p| p.accepted).map(|p| p.proposed.rule.label.clone()).collect()
}

/// The profile the live check uses: the published one, or a copy whose judge's
/// standing order is the proposed layer. The published profile is returned as it is
/// (the same `Arc`), so an unused panel changes nothing; so is it for another judge than
/// the layer was read for.
pub fn profile_for_check(profile: &Arc<Profile>, layer: &Layer, judge_slug: &str) -> Result<Arc<Profile>, String> {
    match layer {
        Layer::Published => Ok(Arc::clone(profile)),
        Layer::Proposed { judge, .. } | Layer::Incomplete { judge, .. } if judge != judge_slug => {
            Ok(Arc::clone(profile))
        }
        Layer::Incomplete { message, .. } => Err(message.clone()),
        Layer::Proposed { order, .. } => {
            let mut copy = Profile::clone(profile);
            match copy.judges.iter_mut().find(|judge| judge.slug == judge_slug) {
                Some(judge) => judge.standing_order = Some(StandingOrder::clone(order)),
                // The engine then says the judge is not in the profile, as it would anyway.
                None => return Ok(Arc::clone(profile)),
            }
            Ok(Arc::new(copy))
        }
    }
}

/// The body of `POST /api/v1/standing-order-layers/{district_id}/{judge_slug}/versions`.
pub fn save_body(order: &StandingOrder) -> String {
    json!({ "title": order.title, "source_url": order.source_url, "rules": order.rules }).to_string()
}

/// What the server answered to a save.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub version: u32,
    pub accepted_at: String,
}

pub fn parse_saved(text: &str) -> Result<Saved, String> {
    let body: Value =
        serde_json::from_str(text).map_err(|error| format!("unexpected answer from the server: {error}"))?;
    let version =
        body["version"].as_u64().and_then(|v| u32::try_from(v).ok()).ok_or("the server's answer names no version")?;
    Ok(Saved { version, accepted_at: body["accepted_at"].as_str().unwrap_or_default().to_owned() })
}

/// A request path of the saved body in words: `rules[1].params.max_pages` becomes the
/// label of the second accepted rule and the field.
pub fn detail_label(path: &str, labels: &[String]) -> String {
    let field = |rest: &str| rest.trim_start_matches('.').replace("params.", "").replace('_', " ");
    if let Some(rest) = path.strip_prefix("rules[")
        && let Some((index, rest)) = rest.split_once(']')
        && let Some(label) = index.parse::<usize>().ok().and_then(|i| labels.get(i))
    {
        let field = field(rest);
        return if field.is_empty() {
            format!("\u{201c}{label}\u{201d}:")
        } else {
            format!("\u{201c}{label}\u{201d}, {field}:")
        };
    }
    match path {
        "" => "The layer:".to_owned(),
        "source_url" => "The address:".to_owned(),
        other => format!("{}:", field(other)),
    }
}

/// A sentence in its page: the text before it, the sentence, the text after it, each
/// with runs of white space (line breaks too) made one space, and "…" where cut.
#[derive(Clone, Debug, PartialEq)]
pub struct InContext {
    pub before: String,
    pub marked: String,
    pub after: String,
}

/// The passage's span within its page, with about `around` characters either side,
/// cut at a word boundary. Offsets count characters (Unicode scalar values), as the
/// engine's do, never bytes.
pub fn in_context(pages: &[String], passage: &Passage, around: usize) -> InContext {
    let page: Vec<char> = pages
        .get((passage.page as usize).wrapping_sub(1))
        .map_or_else(|| passage.text.chars().collect(), |page| page.chars().collect());
    let len = page.len();
    let end = (passage.end as usize).min(len);
    let start = (passage.start as usize).min(end);
    // Start at the beginning of a word, end at the end of one.
    let mut from = start.saturating_sub(around);
    if from > 0 {
        from = (from..start).find(|&i| page[i - 1].is_whitespace()).unwrap_or(from);
    }
    let mut to = (end + around).min(len);
    if to < len {
        to = (end..to).rev().find(|&i| page[i].is_whitespace()).unwrap_or(to);
    }
    let squeeze = |chars: &[char]| chars.iter().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ");
    let mut before = squeeze(&page[from..start]);
    let mut after = squeeze(&page[end..to]);
    // The white space next to the sentence, kept as one space.
    if !before.is_empty() && page[..start].last().is_some_and(|c| c.is_whitespace()) {
        before.push(' ');
    }
    if !after.is_empty() && page.get(end).is_some_and(|c| c.is_whitespace()) {
        after.insert(0, ' ');
    }
    if from > 0 {
        before.insert(0, '\u{2026}');
    }
    if to < len {
        after.push('\u{2026}');
    }
    InContext { before, marked: squeeze(&page[start..end]), after }
}

/// "Page 2, § 3.A".
pub fn where_in(passage: &Passage) -> String {
    match &passage.section {
        Some(section) => format!("Page {}, \u{a7} {section}", passage.page),
        None => format!("Page {}", passage.page),
    }
}

pub fn confidence_label(confidence: Confidence) -> &'static str {
    match confidence {
        Confidence::High => "High confidence",
        Confidence::Medium => "Medium confidence",
        Confidence::Low => "Low confidence: check it",
    }
}

pub fn confidence_name(confidence: Confidence) -> &'static str {
    match confidence {
        Confidence::High => "high",
        Confidence::Medium => "medium",
        Confidence::Low => "low",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::read;
    use courtrules_engine::ffi;
    use courtrules_engine::model::{CheckResponse, ResultStatus};

    const ADDRESS: &str = "https://courtrules.example/sample-orders/avery-sample";
    const JUDGE: &str = "avery-sample";

    fn sample_pdf() -> Vec<u8> {
        std::fs::read(format!("{}/../data/documents/sample-order-avery-sample.pdf", env!("CARGO_MANIFEST_DIR")))
            .unwrap()
    }

    fn sample() -> Extraction {
        read(&Document::Pdf(sample_pdf()), ADDRESS).unwrap()
    }

    fn edny() -> Arc<Profile> {
        let text = std::fs::read(format!("{}/../data/profiles/edny.json", env!("CARGO_MANIFEST_DIR"))).unwrap();
        Arc::new(ffi::parse_profile(&text).unwrap())
    }

    fn memorandum(proposals: &mut [Proposal]) -> &mut Proposal {
        proposals
            .iter_mut()
            .find(|p| p.proposed.rule.label == "Page limit: memoranda in support and in opposition")
            .expect("the sample's memorandum page limit is proposed")
    }

    fn check(profile: &Profile, pages: u32) -> CheckResponse {
        let request = json!({
            "judge_slug": "avery-sample", "district_id": "edny", "document_scope": "brief_support",
            "motion_type": "Rule_12", "is_pro_se": false, "pmc_completed": true,
            "opposing_party_pro_se": false, "filing_role": "movant",
            "document": {"page_count": pages, "word_count": 5000}
        });
        serde_json::from_slice(&ffi::check_json(profile, request.to_string().as_bytes()).unwrap()).unwrap()
    }

    #[test]
    fn the_sentence_is_marked_in_its_page_by_characters_not_bytes() {
        let extraction = sample();
        // The page starts with "SAMPLE — …": the dash is 3 bytes, 1 character.
        assert!(extraction.pages[0].contains('\u{2014}'));
        assert!(!extraction.proposals.is_empty());
        for proposal in &extraction.proposals {
            let shown = in_context(&extraction.pages, &proposal.evidence, 80);
            assert_eq!(shown.marked, proposal.evidence.text, "{}", proposal.rule.rule_key);
        }
        let limit = extraction.proposals.iter().find(|p| p.rule.params.max_pages == Some(25)).unwrap();
        let shown = in_context(&extraction.pages, &limit.evidence, 40);
        assert!(shown.before.starts_with('\u{2026}') && shown.before.ends_with("Page Limits. "), "{shown:?}");
        assert!(shown.after.starts_with(" 3.B.") && shown.after.ends_with('\u{2026}'), "{shown:?}");
        assert!(!shown.before.contains('\n') && !shown.after.contains('\n'));
    }

    #[test]
    fn a_span_at_the_edges_of_the_page_or_past_it_is_shown_without_panicking() {
        let pages = vec!["Pages: ten at most. Fin.".to_owned()];
        let passage = |start, end| Passage { page: 1, start, end, section: None, text: String::new() };
        assert_eq!(
            in_context(&pages, &passage(0, 19), 100),
            InContext { before: String::new(), marked: "Pages: ten at most.".into(), after: " Fin.".into() }
        );
        assert_eq!(in_context(&pages, &passage(20, 99), 3).marked, "Fin.");
        assert_eq!(in_context(&pages, &passage(30, 10), 3).marked, "");
        let elsewhere = Passage { page: 9, start: 0, end: 4, section: None, text: "Gone".into() };
        assert_eq!(in_context(&pages, &elsewhere, 3).marked, "Gone");
    }

    #[test]
    fn confident_proposals_are_accepted_and_low_ones_wait_for_the_user() {
        let extraction = sample();
        let mut low = extraction.proposals[0].clone();
        low.confidence = Confidence::Low;
        let mut medium = low.clone();
        medium.confidence = Confidence::Medium;
        assert!(!Proposal::new(low).accepted);
        assert!(Proposal::new(medium).accepted);
        assert!(proposals(&extraction).iter().all(|p| p.accepted == (p.proposed.confidence != Confidence::Low)));
    }

    #[test]
    fn each_rule_offers_its_one_threshold_and_kinds_without_one_offer_none() {
        let all = proposals(&sample());
        let offered: Vec<(String, Option<(Threshold, String)>)> =
            all.iter().map(|p| (p.proposed.rule.rule_key.clone(), p.threshold.clone())).collect();
        for (key, threshold) in &offered {
            match key.split(':').next().unwrap() {
                "PageLimit" => assert_eq!(threshold.as_ref().map(|t| t.0), Some(Threshold::MaxPages), "{key}"),
                "CourtesyCopy" => assert_eq!(threshold, &Some((Threshold::MinPages, "20".into())), "{key}"),
                "Pmc" => assert_eq!(threshold, &None, "{key}"),
                _ => {}
            }
        }
        let format = RuleParams { min_margin_inches: Some(1.0), ..RuleParams::default() };
        assert_eq!(Threshold::of(&format), Some(Threshold::MinMarginInches));
        assert_eq!(Threshold::MinMarginInches.get(&format).unwrap(), "1");
    }

    #[test]
    fn a_corrected_threshold_changes_the_rule_and_its_summary_but_not_the_quote() {
        let mut all = proposals(&sample());
        let proposal = memorandum(&mut all);
        proposal.threshold.as_mut().unwrap().1 = " 15 ".into();
        let rule = proposal.rule(ADDRESS).unwrap();
        assert_eq!(rule.params.max_pages, Some(15));
        assert_eq!(rule.summary, "Memoranda in support and in opposition may not exceed 15 pages.");
        assert!(rule.source_text.contains("limited to 25 pages"));
        assert_eq!(rule.source_url, ADDRESS);
    }

    #[test]
    fn a_threshold_that_is_not_a_number_is_a_problem_in_words() {
        let mut params = RuleParams { max_pages: Some(25), ..RuleParams::default() };
        for typed in ["", "0", "-3", "2.5", "ten"] {
            assert_eq!(
                Threshold::MaxPages.set(&mut params, typed),
                Err("Page limit must be a whole number of at least 1.".into()),
                "{typed}"
            );
        }
        assert_eq!(params.max_pages, Some(25));
        let mut params = RuleParams { min_font_pt: Some(12.0), ..RuleParams::default() };
        assert!(Threshold::MinFontPt.set(&mut params, "0").is_err());
        assert!(Threshold::MinFontPt.set(&mut params, "NaN").is_err());
        Threshold::MinFontPt.set(&mut params, "11.5").unwrap();
        assert_eq!(params.min_font_pt, Some(11.5));
    }

    #[test]
    fn a_number_is_replaced_in_the_summary_only_where_it_stands_alone_once() {
        assert_eq!(replace_number("at most 25 pages", "25", "15").as_deref(), Some("at most 15 pages"));
        assert_eq!(replace_number("25 pages, 250 words", "25", "15").as_deref(), Some("15 pages, 250 words"));
        assert_eq!(replace_number("12-point type", "12", "11.5").as_deref(), Some("11.5-point type"));
        assert_eq!(replace_number("1.5 inches", "1", "2"), None);
        assert_eq!(replace_number("10 pages, or 10 in reply", "10", "8"), None);
        assert_eq!(replace_number("no number", "10", "8"), None);
    }

    #[test]
    fn the_accepted_rules_replace_the_judges_standing_order_in_a_copy_of_the_profile() {
        let profile = edny();
        let extraction = sample();
        let mut all = proposals(&extraction);
        let Layer::Proposed { judge, order, saved: None } = layer(JUDGE, &extraction.title, ADDRESS, &all) else {
            panic!()
        };
        assert_eq!(judge, JUDGE);
        assert_eq!(order.title, "Individual Practices of Judge Avery Sample (sample data)");
        assert_eq!((order.source_url.as_str(), order.sample, &order.organisation), (ADDRESS, false, &None));
        assert_eq!(order.rules.len(), all.len());

        let layered =
            profile_for_check(&profile, &layer(JUDGE, &extraction.title, ADDRESS, &all), "avery-sample").unwrap();
        let judge = layered.judges.iter().find(|j| j.slug == "avery-sample").unwrap();
        assert_eq!(judge.standing_order.as_ref(), Some(&*order));
        // Every other judge, and the other layers, as published.
        let mut unchanged = Profile::clone(&layered);
        unchanged.judges.iter_mut().find(|j| j.slug == "avery-sample").unwrap().standing_order =
            profile.judges.iter().find(|j| j.slug == "avery-sample").unwrap().standing_order.clone();
        assert_eq!(&unchanged, &*profile);

        // Another judge (the choice changed before the panel was reset): as published.
        let other = profile_for_check(&profile, &layer(JUDGE, &extraction.title, ADDRESS, &all), "blake-example");
        assert!(Arc::ptr_eq(&other.unwrap(), &profile));

        // Nothing accepted: the published profile itself.
        for proposal in &mut all {
            proposal.accepted = false;
        }
        assert_eq!(layer(JUDGE, &extraction.title, ADDRESS, &all), Layer::Published);
        assert!(Arc::ptr_eq(&profile_for_check(&profile, &Layer::Published, "avery-sample").unwrap(), &profile));
    }

    #[test]
    fn a_lower_page_limit_in_the_proposed_layer_fails_a_brief_the_published_order_passes() {
        let profile = edny();
        let extraction = sample();
        let page_limit = |response: &CheckResponse| {
            response.results.iter().find(|r| r.category.as_str() == "PAGE_LIMIT").cloned().expect("a page-limit result")
        };
        let published = page_limit(&check(&profile, 20));
        assert_eq!(published.status, ResultStatus::Pass);

        let mut all = proposals(&extraction);
        memorandum(&mut all).threshold.as_mut().unwrap().1 = "15".into();
        let layered =
            profile_for_check(&profile, &layer(JUDGE, &extraction.title, ADDRESS, &all), "avery-sample").unwrap();
        let proposed = page_limit(&check(&layered, 20));
        assert_eq!(proposed.status, ResultStatus::Fail);
        assert_eq!(proposed.source, "Individual Practices of Judge Avery Sample (sample data) \u{a7} 3.A");
        assert!(proposed.message.contains("15"), "{}", proposed.message);

        // Unticked: the district's rules decide again (no standing-order page limit).
        memorandum(&mut all).accepted = false;
        let layered =
            profile_for_check(&profile, &layer(JUDGE, &extraction.title, ADDRESS, &all), "avery-sample").unwrap();
        assert!(check(&layered, 20).results.iter().all(|r| r.source != proposed.source));
    }

    #[test]
    fn an_accepted_rule_with_a_bad_correction_keeps_the_check_from_running_and_says_why() {
        let profile = edny();
        let extraction = sample();
        let mut all = proposals(&extraction);
        memorandum(&mut all).threshold.as_mut().unwrap().1 = "none".into();
        let layer = layer(JUDGE, &extraction.title, ADDRESS, &all);
        let Layer::Incomplete { message, .. } = &layer else { panic!("{layer:?}") };
        assert!(message.contains("Page limit: memoranda in support and in opposition"), "{message}");
        assert!(message.ends_with("Page limit must be a whole number of at least 1."), "{message}");
        assert_eq!(profile_for_check(&profile, &layer, "avery-sample").unwrap_err(), *message);
        // Unticked, the bad number no longer matters.
        memorandum(&mut all).accepted = false;
        assert!(matches!(super::layer(JUDGE, &extraction.title, ADDRESS, &all), Layer::Proposed { .. }));
    }

    #[test]
    fn results_name_the_proposed_layer_as_not_saved_until_it_is() {
        let extraction = sample();
        let Layer::Proposed { order, .. } = layer(JUDGE, &extraction.title, ADDRESS, &proposals(&extraction)) else {
            panic!()
        };
        let unsaved = Layer::Proposed { judge: JUDGE.into(), order: Arc::clone(&order), saved: None };
        assert_eq!(layer_phrase(&unsaved).as_deref(), Some("your proposed layer (not saved)"));
        let saved = Layer::Proposed { judge: JUDGE.into(), order, saved: Some(2) };
        assert_eq!(layer_phrase(&saved).as_deref(), Some("your layer (saved as version 2)"));
        assert_eq!(layer_phrase(&Layer::Published), None);
    }

    #[test]
    fn the_save_body_is_the_title_the_address_and_the_accepted_rules() {
        let extraction = sample();
        let mut all = proposals(&extraction);
        all[0].accepted = false;
        let Layer::Proposed { order, .. } = layer(JUDGE, &extraction.title, ADDRESS, &all) else { panic!() };
        let body: Value = serde_json::from_str(&save_body(&order)).unwrap();
        assert_eq!(body.as_object().unwrap().keys().collect::<Vec<_>>(), ["rules", "source_url", "title"]);
        assert_eq!(body["title"], extraction.title);
        assert_eq!(body["source_url"], ADDRESS);
        let rules: Vec<Rule> = serde_json::from_value(body["rules"].clone()).unwrap();
        assert_eq!(rules.len(), all.len() - 1);
        assert_eq!(rules[0], all[1].rule(ADDRESS).unwrap());
    }

    #[test]
    fn the_servers_answer_to_a_save_names_the_version() {
        let saved = parse_saved(r#"{"version": 3, "accepted_at": "2026-01-02T03:04:05Z", "rules": []}"#).unwrap();
        assert_eq!(saved, Saved { version: 3, accepted_at: "2026-01-02T03:04:05Z".into() });
        assert!(parse_saved(r#"{"accepted_at": "x"}"#).is_err());
        assert!(parse_saved("not json").is_err());
    }

    #[test]
    fn the_servers_field_paths_are_told_with_the_rules_labels() {
        let labels = vec!["Page limit: letters".to_owned(), "Courtesy copies".to_owned()];
        assert_eq!(detail_label("rules[1].params.min_pages", &labels), "\u{201c}Courtesy copies\u{201d}, min pages:");
        assert_eq!(detail_label("rules[0]", &labels), "\u{201c}Page limit: letters\u{201d}:");
        assert_eq!(detail_label("source_url", &labels), "The address:");
        assert_eq!(detail_label("rules[7].label", &labels), "rules[7].label:");
        assert_eq!(detail_label("title", &labels), "title:");
    }

    #[test]
    fn the_address_is_checked_by_the_engine_before_anything_is_read() {
        assert!(address_problems(ADDRESS).is_empty());
        assert!(address_problems("http://example.org/practices").is_empty());
        for bad in ["", "courtrules.example/x", "ftp://example.org/x", "javascript:alert(1)"] {
            let problems = address_problems(bad);
            assert_eq!(problems, ["must be an http(s) address, like https://example.com/practices"], "{bad}");
            assert_eq!(read(&Document::Pdf(sample_pdf()), bad), Err(ReadProblem::Address(problems)));
        }
    }

    #[test]
    fn the_address_names_a_site_and_has_no_spaces() {
        let no_site = "must name the site after http:// or https://, like https://example.com/practices";
        for bad in
            ["https://", "http://", "https:///practices", "https://localhost/x", "https://example./x", "https://.com"]
        {
            assert_eq!(address_problems(bad), [no_site], "{bad}");
        }
        assert_eq!(address_problems("http://exa mple.com"), ["must not contain spaces"]);
        assert_eq!(address_problems("https://my site/x"), ["must not contain spaces"]);
        assert_eq!(address_problems("https://example.com/my practices.pdf"), ["must not contain spaces"]);
        for good in [
            "https://www.nysd.uscourts.gov/sites/default/files/practice.pdf",
            "https://example.com",
            "http://example.com:8080/x?y=1#z",
        ] {
            assert!(address_problems(good).is_empty(), "{good}");
        }
    }

    #[test]
    fn pasted_text_is_read_too_and_what_is_not_understood_is_kept() {
        let text = "1. Motions\n1.A. Memoranda of law in support of motions are limited to 20 pages.\n\
                    1.B. Counsel shall confer in good faith before any discovery motion.\n";
        let extraction = read(&Document::Text(text.into()), ADDRESS).unwrap();
        let limit = extraction.proposals.iter().find(|p| p.rule.params.max_pages == Some(20)).expect("the limit");
        assert_eq!(in_context(&extraction.pages, &limit.evidence, 0).marked, limit.evidence.text);
        assert_eq!(where_in(&limit.evidence), "Page 1, \u{a7} 1.A");
        assert!(extraction.not_understood.iter().any(|p| p.text.contains("confer")), "{:?}", extraction.not_understood);
    }

    #[test]
    fn the_document_modules_answers_read_back_as_the_extractors_own() {
        let options = options(ADDRESS);
        let pdf = sample_pdf();
        assert_eq!(
            read(&Document::Pdf(pdf.clone()), ADDRESS).unwrap(),
            courtrules_engine::extract_pdf(&pdf, &options).unwrap()
        );
        let text = "1. Motions\n1.A. Memoranda of law in support of motions are limited to 20 pages.\n";
        assert_eq!(
            read(&Document::Text(text.into()), ADDRESS).unwrap(),
            courtrules_engine::extract_text(text, &options).unwrap()
        );
        // The reader finds the header within the first 1,024 bytes; so does the page.
        let mut prefixed = b"\r\n\r\nmail header junk\r\n".to_vec();
        prefixed.extend_from_slice(&pdf);
        assert_eq!(
            read(&Document::Pdf(prefixed.clone()), ADDRESS).unwrap(),
            courtrules_engine::extract_pdf(&prefixed, &options).unwrap()
        );
        // Not a PDF: the reader's own refusal, as before.
        let refusal = courtrules_engine::extract_pdf(b"hello", &options).unwrap_err();
        assert_eq!(
            read(&Document::Pdf(b"hello".to_vec()), ADDRESS),
            Err(ReadProblem::Document(format!("The PDF could not be read: {refusal}.")))
        );
    }

    #[test]
    fn bytes_that_are_not_a_pdf_are_a_problem_with_the_document() {
        let Err(ReadProblem::Document(message)) = read(&Document::Pdf(b"hello".to_vec()), ADDRESS) else { panic!() };
        assert!(message.starts_with("The PDF could not be read: "), "{message}");
    }
}
