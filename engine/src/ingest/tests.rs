//! The extractor on small documents written for these tests (fictional judges).

use super::*;
use crate::model::{DocumentScope as S, MotionType as M};

fn options() -> IngestOptions {
    IngestOptions { source_url: "https://courtrules.example/practices".to_string(), title: None }
}

fn extract(text: &str) -> Extraction {
    extract_text(text, &options()).unwrap()
}

fn keys(e: &Extraction) -> Vec<&str> {
    e.proposals.iter().map(|p| p.rule.rule_key.as_str()).collect()
}

const NUMBERED: &str = "INDIVIDUAL PRACTICES OF JUDGE AVERY SAMPLE (SAMPLE DATA)

1. Communications with Chambers
A. Letters. Except as otherwise provided below, communications with chambers shall be by letter filed on ECF. Letters may not exceed three pages.
B. Telephone Calls. Telephone calls to chambers are permitted only in emergencies.

2. Motions
A. Pre-Motion Conference Required. A party intending to move to dismiss under Rule 12 or for summary judgment under Rule 56 must first request a pre-motion conference by letter of no more than three pages setting out the basis for the anticipated motion. This requirement does not apply to parties proceeding pro se.
B. Page Limits. Unless prior permission has been granted, memoranda of law in support of and in opposition to motions are limited to 25 pages, and reply memoranda are limited to 10 pages.
C. Courtesy Copies. One courtesy copy of any motion paper of twenty pages or more shall be delivered to chambers, marked as a courtesy copy, on the day it is filed.
D. Bundling. Motion papers shall be served but not filed until the motion is fully briefed, when the moving party files all papers together.
E. Form. All memoranda must be double-spaced, in 12-point type with footnotes no smaller than 10-point, and with one-inch margins.
";

#[test]
fn a_numbered_practices_document() {
    let e = extract(NUMBERED);
    assert_eq!(e.title, "INDIVIDUAL PRACTICES OF JUDGE AVERY SAMPLE (SAMPLE DATA)");
    assert_eq!(
        keys(&e),
        [
            "PageLimit:letter+discovery-letter",
            "PageLimit:letter@rule-12+rule-56",
            "Pmc:pre-motion-conference",
            "PageLimit:brief-support+brief-opposition",
            "PageLimit:brief-reply",
            "CourtesyCopy:courtesy-copies",
            "Bundling:motion-papers",
            "Format:body-font",
            "Format:footnote-font",
            "Format:margins",
            "Format:line-spacing",
        ],
        "{:#?}",
        e.proposals
    );
    let by_key = |key: &str| e.proposals.iter().find(|p| p.rule.rule_key == key).unwrap();
    let pmc = by_key("Pmc:pre-motion-conference");
    let applies = pmc.rule.applies_to.as_ref().unwrap();
    assert_eq!(applies.motion_types.as_deref(), Some(&[M::Rule12, M::Rule56][..]));
    assert_eq!(applies.filer_pro_se, Some(false), "the next sentence exempts pro se parties");
    assert_eq!(pmc.rule.citation, "INDIVIDUAL PRACTICES OF JUDGE AVERY SAMPLE (SAMPLE DATA) \u{a7} 2.A");
    let memoranda = by_key("PageLimit:brief-support+brief-opposition");
    assert_eq!(memoranda.rule.params.max_pages, Some(25));
    assert_eq!(memoranda.confidence, Confidence::High);
    assert_eq!(by_key("PageLimit:brief-reply").rule.params.max_pages, Some(10));
    assert_eq!(by_key("CourtesyCopy:courtesy-copies").rule.params.min_pages, Some(20));
    assert_eq!(by_key("Format:footnote-font").rule.params.min_footnote_font_pt, Some(10.0));
    // The span points at the sentence on its page.
    let p = &by_key("PageLimit:brief-reply").evidence;
    let page: Vec<char> = e.pages[p.page as usize - 1].chars().collect();
    assert_eq!(page[p.start as usize..p.end as usize].iter().collect::<String>(), p.text);
    assert!(p.text.starts_with("Unless prior permission"), "{}", p.text);
    // Telephone calls and the ECF letter sentence are requirements no pattern reads.
    let unread: Vec<&str> = e.not_understood.iter().map(|p| p.text.as_str()).collect();
    assert!(unread.iter().any(|t| t.starts_with("Telephone calls")), "{unread:?}");
    assert!(unread.iter().any(|t| t.starts_with("Except as otherwise")), "{unread:?}");
}

#[test]
fn proposals_form_a_valid_standing_order() {
    let e = extract(NUMBERED);
    let order = crate::model::StandingOrder {
        title: e.title.clone(),
        source_url: options().source_url,
        effective_date: None,
        as_of: None,
        sample: true,
        organisation: None,
        rules: e.proposals.iter().map(|p| p.rule.clone()).collect(),
    };
    let errors = crate::profile_check::validate_standing_order(&order);
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn tables_and_words_for_numbers() {
    let e = extract(
        "Page Limits\nMemoranda in support ........ twenty-five (25) pages\nOpposition memoranda ........ 25 pages\nReply memoranda    ten pages\n\nSummary Judgment\nOn motions for summary judgment, memoranda may be no longer than 35 pages.\n",
    );
    let limits: Vec<(Vec<S>, Option<Vec<M>>, u32)> = e
        .proposals
        .iter()
        .map(|p| {
            let a = p.rule.applies_to.clone().unwrap();
            (a.document_scopes.unwrap(), a.motion_types, p.rule.params.max_pages.unwrap())
        })
        .collect();
    assert_eq!(
        limits,
        [
            (vec![S::BriefSupport], None, 25),
            (vec![S::BriefOpposition], None, 25),
            (vec![S::BriefReply], None, 10),
            (vec![S::BriefSupport, S::BriefOpposition, S::BriefReply], Some(vec![M::Rule56]), 35),
        ]
    );
}

#[test]
fn conditions_are_not_limits() {
    let e = extract(
        "Any memorandum exceeding ten pages must include a table of contents. Papers of 20 pages or more need tabs.",
    );
    assert!(e.proposals.is_empty(), "{:#?}", e.proposals);
    assert_eq!(e.not_understood.len(), 2);
    let e = extract("Letters exceeding three pages will not be accepted.");
    assert_eq!(keys(&e), ["PageLimit:letter+discovery-letter"]);
}

#[test]
fn exceptions_narrow_the_conference_rule() {
    let e = extract(
        "A pre-motion conference is required before filing any motion, except motions for a temporary restraining order, a preliminary injunction, or in limine.",
    );
    let pmc = &e.proposals[0].rule;
    let motions = pmc.applies_to.as_ref().unwrap().motion_types.clone().unwrap();
    assert!(!motions.contains(&M::Tro) && !motions.contains(&M::MotionInLimine));
    assert!(motions.contains(&M::Rule56) && motions.contains(&M::General));
}

#[test]
fn any_motion_for_a_named_motion_covers_that_motion_only() {
    // "any motion for summary judgment" is not "any motion": read as every motion, the
    // rule failed a Rule 12 memorandum for want of a conference.
    let e = extract("Parties must request a pre-motion conference before filing any motion for summary judgment.");
    let pmc = &e.proposals[0].rule;
    assert_eq!(pmc.applies_to.as_ref().unwrap().motion_types, Some(vec![M::Rule56]));
    let dismiss = extract("A pre-motion conference is required before any motion to dismiss.");
    assert_eq!(dismiss.proposals[0].rule.applies_to.as_ref().unwrap().motion_types, Some(vec![M::Rule12]));
    // Unqualified, it still covers every motion.
    let every = extract("A pre-motion conference is required before filing any motion.");
    assert_eq!(every.proposals[0].rule.applies_to.as_ref().unwrap().motion_types, None);
}

#[test]
fn prose_without_rules_is_ignored_and_requirements_are_listed() {
    let e = extract(
        "These practices describe how chambers works. Oral argument will be scheduled only if the Court so orders.",
    );
    assert!(e.proposals.is_empty());
    assert_eq!(e.not_understood.len(), 1);
    assert_eq!(e.meta.sentences, 2);
    assert_eq!(e.meta.rule_like, 1);
}

#[test]
fn bad_options_name_the_field() {
    let error =
        extract_text("x", &IngestOptions { source_url: "ftp://x".into(), title: Some(" ".into()) }).unwrap_err();
    let EngineError::InvalidRequest { details } = error else { panic!("{error:?}") };
    let paths: Vec<&str> = details.iter().map(|d| d.path.as_str()).collect();
    assert_eq!(paths, ["source_url", "title"]);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let a = serde_json::to_vec(&extract(NUMBERED)).unwrap();
    let b = serde_json::to_vec(&extract(NUMBERED)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn a_limit_no_rule_could_take_is_left_for_a_person() {
    let e =
        extract_text("Memoranda shall not exceed 0 pages.\nLetters may not exceed two pages.\n", &options()).unwrap();
    let keys: Vec<&str> = e.proposals.iter().map(|p| p.rule.rule_key.as_str()).collect();
    assert!(keys.iter().all(|key| !key.contains("memorand")), "{keys:?}");
    assert!(e.proposals.iter().all(|p| p.rule.params.max_pages != Some(0)), "{keys:?}");
    let unread: Vec<&str> = e.not_understood.iter().map(|p| p.text.as_str()).collect();
    assert!(unread.iter().any(|text| text.contains("0 pages")), "{unread:?}");
}

#[test]
fn double_spacing_in_the_negative_is_no_rule() {
    // "be double*" inside "need not be double-spaced" once read as the requirement.
    for text in [
        "Papers need not be double-spaced.",
        "Letters need not be double-spaced.",
        "Documents need not be double-spaced if they are letters.",
        "Exhibits are not required to be double-spaced.",
        "Double spacing is not required in letters.",
    ] {
        let e = extract(text);
        assert!(e.proposals.is_empty(), "{text}: {:#?}", e.proposals);
        assert_eq!(e.not_understood.len(), 1, "{text}: listed for a person to read");
    }
    // A requirement beside a permission is still read.
    for text in [
        "Memoranda must be double-spaced, but letters need not be double-spaced.",
        "Text must be double-spaced, although block quotations may be single-spaced.",
        "All memoranda must be double-spaced.",
    ] {
        assert_eq!(keys(&extract(text)), ["Format:line-spacing"], "{text}");
    }
}

#[test]
fn pro_se_parties_denied_an_exemption_are_not_exempt() {
    let pro_se = |text: &str| {
        let e = extract(text);
        assert_eq!(keys(&e), ["Pmc:pre-motion-conference"], "{text}");
        let rule = &e.proposals[0].rule;
        let applies = rule.applies_to.clone().unwrap();
        assert_eq!(applies.motion_types, Some(vec![M::Rule12]), "{text}");
        assert_eq!(rule.summary.contains("pro se"), applies.filer_pro_se.is_some(), "{text}: {}", rule.summary);
        applies.filer_pro_se
    };
    for text in [
        "A pre-motion conference is required before filing any motion to dismiss. Pro se parties are not exempt from this requirement.",
        "A pre-motion conference is required before filing any motion to dismiss; pro se parties are not exempt.",
        "A pre-motion conference is required before filing any motion to dismiss. There is no exemption from this requirement for pro se parties.",
        "A pre-motion conference is required before filing any motion to dismiss. This requirement applies equally to parties proceeding pro se.",
    ] {
        assert_eq!(pro_se(text), None, "{text}");
    }
    // The sentence that denies the exemption is left for a person, not read as one.
    let e = extract(
        "A pre-motion conference is required before filing any motion to dismiss. Pro se parties are not exempt from this requirement.",
    );
    assert_eq!(e.not_understood.len(), 1, "{:?}", e.not_understood);
    assert!(e.not_understood[0].text.starts_with("Pro se parties are not exempt"));
    // The exemption granted is still read, in the sentence or the next.
    assert_eq!(
        pro_se(
            "A pre-motion conference is required before filing any motion to dismiss. This requirement does not apply to parties proceeding pro se."
        ),
        Some(false)
    );
    assert_eq!(
        pro_se(
            "A pre-motion conference is required before filing any motion to dismiss, except by parties proceeding pro se."
        ),
        Some(false)
    );
}

#[test]
fn motions_a_conference_is_not_required_for_are_left_out_of_the_rule_after() {
    let e = extract(
        "A pre-motion conference is not required for motions for reconsideration, motions in limine, or motions under Rule 65. A pre-motion conference is required before filing any other motion.",
    );
    assert_eq!(keys(&e), ["Pmc:pre-motion-conference"], "{:#?}", e.proposals);
    let pmc = &e.proposals[0];
    let motions = pmc.rule.applies_to.as_ref().unwrap().motion_types.clone().unwrap();
    for excepted in [M::Reconsideration, M::MotionInLimine, M::Tro, M::PreliminaryInjunction] {
        assert!(!motions.contains(&excepted), "{motions:?}");
    }
    assert!(motions.contains(&M::Rule12) && motions.contains(&M::Rule56) && motions.contains(&M::General));
    assert!(pmc.evidence.text.starts_with("A pre-motion conference is required"), "{}", pmc.evidence.text);
    assert!(pmc.reasoning.contains("narrowed by the sentence before"), "{}", pmc.reasoning);
    // The first sentence is understood now.
    assert!(e.not_understood.is_empty(), "{:?}", e.not_understood);
    // In another section, the sentence before is left alone.
    let apart = extract(
        "1. Discovery\nA pre-motion conference is not required for motions in limine.\n\n2. Motions\nA pre-motion conference is required before filing any motion.\n",
    );
    assert_eq!(apart.proposals[0].rule.applies_to.as_ref().unwrap().motion_types, None);
    assert_eq!(apart.not_understood.len(), 1, "{:?}", apart.not_understood);
}

#[test]
fn a_gate_on_a_paper_without_a_scope_is_listed_not_proposed() {
    // Unscoped, the gate asked every brief, letter and affidavit for leave.
    for text in [
        "A party must obtain leave of Court before filing a sur-reply.",
        "No sur-reply may be filed without leave of Court.",
        "No surreply may be filed without prior leave of Court.",
    ] {
        let e = extract(text);
        assert!(e.proposals.is_empty(), "{text}: {:#?}", e.proposals);
        assert_eq!(e.not_understood.len(), 1, "{text}");
    }
}

#[test]
fn a_gate_summary_does_not_repeat_before_filing() {
    // The check shows a gate as "Before filing: {summary}".
    let e = extract("No discovery motion may be filed until counsel have met and conferred.");
    assert_eq!(keys(&e), ["FilingGate:before-filing"], "{:#?}", e.proposals);
    let summary = &e.proposals[0].rule.summary;
    assert!(!summary.to_lowercase().starts_with("before filing"), "{summary}");
    assert_eq!(summary, "For motions on discovery, confer with the other side first.");
    let e = extract("No papers may be filed until the parties have met and conferred.");
    assert_eq!(e.proposals[0].rule.summary, "Confer with the other side first.");
}

/// A limit for some papers leaves them out of a wider limit of the same layer: otherwise
/// both would apply to a discovery letter and its own five pages would never be reached.
#[test]
fn narrower_papers_keep_their_own_limit() {
    let e = extract("Letters may not exceed three pages.\nDiscovery letters may not exceed five pages.\n");
    let limits: Vec<(&str, Vec<S>, u32)> = e
        .proposals
        .iter()
        .map(|p| {
            let scopes = p.rule.applies_to.clone().unwrap().document_scopes.unwrap();
            (p.rule.rule_key.as_str(), scopes, p.rule.params.max_pages.unwrap())
        })
        .collect();
    assert_eq!(
        limits,
        [("PageLimit:letter", vec![S::Letter], 3), ("PageLimit:discovery-letter", vec![S::DiscoveryLetter], 5)]
    );
    assert_eq!(e.proposals[0].rule.summary, "Letters may not exceed 3 pages.");
    assert!(e.proposals[0].reasoning.contains("discovery letters are left out"), "{}", e.proposals[0].reasoning);

    // Memoranda named whole, then replies: the reply's own limit, and the wider one's
    // words say whose memoranda it now covers.
    let e = extract("Memoranda shall not exceed 25 pages. Reply memoranda shall not exceed 10 pages.");
    let first = &e.proposals[0].rule;
    let scopes = first.applies_to.clone().unwrap().document_scopes.unwrap();
    assert!(!scopes.contains(&S::BriefReply), "{scopes:?}");
    assert!(!first.summary.contains("reply"), "{}", first.summary);

    // Limits for different motions are not compared.
    let e = extract(
        "Memoranda shall not exceed 25 pages. On motions for summary judgment, memoranda in opposition shall not exceed 35 pages.",
    );
    let scopes = e.proposals[0].rule.applies_to.clone().unwrap().document_scopes.unwrap();
    assert!(scopes.contains(&S::BriefOpposition), "{scopes:?}");
}

#[test]
fn a_word_limit_with_a_page_alternative_proposes_the_words() {
    // Either measure suffices; the check would hold a paper to both, so the page
    // alternative is proposed with low confidence (left out by default) and both say why.
    let e = extract("Memoranda in support of or in opposition to a motion may not exceed 35 pages or 11,000 words.");
    let words = e.proposals.iter().find(|p| p.rule.params.max_words == Some(11_000)).expect("the word limit");
    let pages = e.proposals.iter().find(|p| p.rule.params.max_pages == Some(35)).expect("the page limit");
    assert_eq!(pages.confidence, Confidence::Low, "{:#?}", pages);
    assert_ne!(words.confidence, Confidence::Low, "{:#?}", words);
    assert!(pages.reasoning.contains("11000 words as the alternative"), "{}", pages.reasoning);
    assert!(words.reasoning.contains("35 pages as the alternative"), "{}", words.reasoning);
    // Two separate limits are still two rules as read.
    let e = extract("Memoranda may not exceed 25 pages. Reply memoranda may not exceed 3,000 words.");
    assert!(e.proposals.iter().all(|p| p.confidence != Confidence::Low), "{:#?}", e.proposals);
}

#[test]
fn the_conference_rule_does_not_hold_the_letter_that_asks_for_it() {
    let e = extract(
        "A party intending to move to dismiss under Rule 12 must first request a pre-motion conference by letter.",
    );
    let pmc = e.proposals.iter().find(|p| p.rule.kind() == Some(RuleKind::Pmc)).expect("a conference rule");
    let scopes = pmc.rule.applies_to.as_ref().unwrap().document_scopes.clone().unwrap();
    assert!(scopes.contains(&S::BriefSupport) && scopes.contains(&S::Affidavit), "{scopes:?}");
    assert!(!scopes.contains(&S::BriefReply), "{scopes:?}");
    assert!(!scopes.contains(&S::Letter) && !scopes.contains(&S::DiscoveryLetter), "{scopes:?}");
}
