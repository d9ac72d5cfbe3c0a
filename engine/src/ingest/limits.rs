//! Page and word limits: "memoranda … may not exceed 25 pages, and replies 10 pages",
//! "Letters: 3 pages", "Reply memoranda ........ 10 pages".
//!
//! Each number of pages or words is a limit when a ceiling word stands before it in its
//! clause ("exceed", "limited to", "no more than"), or it sits in a table row, or a
//! condition ("papers exceeding 20 pages") is followed by a refusal ("will not be
//! accepted"). The paper it limits is named between the previous number and this one;
//! failing that, earlier in the sentence, in the paragraph's lead-in or in the headings.

use super::Finding;
use super::papers::{Papers, all_but, describe, describe_motions, motions, narrow_letters, papers};
use super::reader::Sentence;
use super::vocabulary as v;
use super::words::{Quantity, Token, Unit, find, has_any, quantities, tokens};
use crate::coverage::capitalize;
use crate::model::{AppliesTo, Confidence, MotionType, RuleKind, RuleParams};

/// What makes a number past which papers are refused.
const REFUSALS: &[&str] = &[
    "not be accepted",
    "will not be accepted",
    "rejected",
    "stricken",
    "struck",
    "not be considered",
    "disregard*",
    "leave of court",
    "leave of the court",
    "prior permission",
    "permission",
    "leave",
    "not permitted",
    "prohibited",
    "returned",
    "not accept",
];

pub fn find_limits(sentence: &Sentence, t: &[Token]) -> Vec<Finding> {
    let all = quantities(t);
    let counted: Vec<&Quantity> = all.iter().filter(|q| matches!(q.unit, Unit::Pages | Unit::Words)).collect();
    if counted.is_empty() {
        return Vec::new();
    }
    let reply_elsewhere = counted.iter().enumerate().any(|(k, q)| {
        let from = if k == 0 { 0 } else { counted[k - 1].last + 1 };
        has_any(&t[from..q.first], v::REPLY)
    });
    let sentence_motions = motions(t);
    let mut found = Vec::new();
    let mut previous: Option<(Strength, Unit)> = None;
    // The finding made from the previous number, while it is the one just before.
    let mut previous_found: Option<usize> = None;
    for (k, q) in counted.iter().enumerate() {
        let from = if k == 0 { 0 } else { counted[k - 1].last + 1 };
        // "20 pages or 6,000 words": the other measure of the same ceiling.
        let alternative = previous
            .filter(|(_, unit)| *unit != q.unit && q.first > 0 && t[q.first - 1].word == "or")
            .map(|(strength, _)| strength);
        let paired_with = alternative.and(previous_found.take());
        let Some(strength) = ceiling(t, q, from, sentence.table_row).or(alternative) else {
            previous = None;
            continue;
        };
        previous = Some((strength, q.unit));
        // The paper: between the previous number and this one, else before it in the
        // sentence, else after it ("… 25 pages for memoranda in support"), else the
        // lead-in and headings.
        let (mut paper, mut source) = (papers(&t[from..q.first], reply_elsewhere), Source::Clause);
        if paper.is_empty() && !paper.unscoped {
            paper = papers(&t[..q.first], reply_elsewhere);
            source = Source::Sentence;
        }
        if paper.is_empty() && !paper.unscoped {
            let next = counted.get(k + 1).map_or(t.len(), |n| n.first);
            paper = papers(&t[q.last + 1..next], reply_elsewhere);
        }
        if paper.is_empty() && !paper.unscoped {
            for context in sentence.context.iter().rev() {
                paper = papers(&tokens(context), reply_elsewhere);
                if !paper.is_empty() || paper.unscoped {
                    source = Source::Heading;
                    break;
                }
            }
        }
        if paper.is_empty() {
            continue; // no paper named (or a sur-reply): the sentence goes to a person
        }
        let mut surroundings = sentence.context.clone();
        surroundings.extend(sentence.previous.clone());
        narrow_letters(&mut paper, t, &surroundings);
        let clause_motions = motions(&t[from..q.first]);
        let motion_types = limit_motions(&clause_motions, &sentence_motions, &paper, sentence);
        found.push(limit_finding(q, &paper, motion_types, strength, source));
        if let Some(other) = paired_with {
            mark_alternatives(&mut found, other);
        }
        previous_found = Some(found.len() - 1);
    }
    found
}

/// "20 pages or 6,000 words": a paper within either measure complies, but the check
/// holds a paper to every limit its layer gives it, so proposing both would fail a
/// 22-page brief of 5,800 words. The word limit is proposed as read; the page limit
/// with low confidence (left out unless the reviewer ticks it), both saying why. Words,
/// because they are the finer measure, and a ceiling of so many words is usually the
/// more generous of the two (a double-spaced page holds some 250–300 words).
fn mark_alternatives(found: &mut [Finding], other: usize) {
    let last = found.len() - 1;
    let (pages, words) = if found[last].kind == RuleKind::PageLimit { (last, other) } else { (other, last) };
    if found[pages].kind != RuleKind::PageLimit || found[words].kind != RuleKind::WordLimit {
        return;
    }
    let (page_limit, word_limit) = (found[pages].params.max_pages, found[words].params.max_words);
    let (Some(page_limit), Some(word_limit)) = (page_limit, word_limit) else { return };
    found[pages].confidence = Confidence::Low;
    found[pages].reasoning.push_str(&format!(
        "; the sentence gives {word_limit} words as the alternative: a paper within either complies, but a check \
         holds a paper to every limit it is given, so the word limit is proposed and this one is left for you to \
         choose"
    ));
    found[words].reasoning.push_str(&format!(
        "; the sentence gives {page_limit} pages as the alternative, proposed with low confidence: a paper within \
         either complies, and a check holds a paper to every limit it is given"
    ));
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Strength {
    /// "may not exceed", "limited to".
    Plain,
    /// A table row, "is", "are": the ceiling is implied.
    Implied,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Clause,
    Sentence,
    Heading,
}

/// Where the sentence's last number of pages or words ends (0 when there is none).
pub fn last_quantity(t: &[Token]) -> usize {
    quantities(t).iter().filter(|q| matches!(q.unit, Unit::Pages | Unit::Words)).map(|q| q.last).max().unwrap_or(0)
}

/// A number used as a threshold rather than a ceiling: "papers of 20 pages or more",
/// "at least 20 pages" (`AtLeast`); "papers exceeding 20 pages", "longer than 20 pages",
/// "in excess of 20 pages" (`Over`). "No more than 20 pages" is a ceiling, not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    AtLeast,
    Over,
}

pub fn condition(t: &[Token], q: &Quantity) -> Option<Condition> {
    let before = |n: usize| q.first.checked_sub(n).map(|i| t[i].word.as_str());
    let negated = |i: usize| (i.saturating_sub(3)..i).any(|j| matches!(t[j].word.as_str(), "no" | "not"));
    if v::CONDITION_AFTER.iter().any(|p| find(t, q.last + 1, q.last + 3, p) == Some(q.last + 1))
        || before(1) == Some("least")
    {
        return Some(Condition::AtLeast);
    }
    let over = matches!(before(1), Some("exceeding" | "over" | "beyond"))
        || (before(1) == Some("of") && before(2) == Some("excess"))
        || (before(1) == Some("than")
            && matches!(before(2), Some("more" | "longer" | "greater"))
            && !negated(q.first - 2));
    over.then_some(Condition::Over)
}

/// Whether the number is a ceiling, and how plainly the sentence says so.
fn ceiling(t: &[Token], q: &Quantity, from: usize, table_row: bool) -> Option<Strength> {
    if condition(t, q).is_some() {
        // "Letters exceeding three pages will not be accepted" is a limit after all.
        return has_any(&t[q.last + 1..], REFUSALS).then_some(Strength::Plain);
    }
    if table_row {
        return Some(Strength::Implied);
    }
    let window = from.max(q.first.saturating_sub(12));
    if v::LIMIT_CUES.iter().any(|p| find(t, window, q.first, p).is_some())
        || find(t, q.last + 1, q.last + 3, "in length").is_some()
    {
        return Some(Strength::Plain);
    }
    if v::IMPLIED_LIMIT_CUES.iter().any(|p| find(t, window, q.first, p).is_some())
        || (q.first > 0 && t[q.first - 1].clause_end)
    {
        return Some(Strength::Implied);
    }
    None
}

/// The motions a limit is for: those named in its own clause, else in the sentence,
/// else in a heading — unless the paper already says (reconsideration) or the
/// motions are all but some.
fn limit_motions(
    clause: &super::papers::Motions,
    sentence: &super::papers::Motions,
    paper: &Papers,
    s: &Sentence,
) -> Option<Vec<MotionType>> {
    use crate::model::DocumentScope as S;
    if paper.scopes.iter().any(|s| matches!(s, S::ReconsiderationSupport | S::ReconsiderationReply)) {
        return None;
    }
    if paper.scopes.iter().any(|s| matches!(s, S::Letter | S::DiscoveryLetter)) && !paper.pre_motion_letter {
        return None;
    }
    let chosen = if !clause.included.is_empty() || !clause.excluded.is_empty() { clause } else { sentence };
    if !chosen.included.is_empty() {
        let mut list = chosen.included.clone();
        list.retain(|m| *m != MotionType::Reconsideration);
        return (!list.is_empty()).then_some(list);
    }
    if !chosen.excluded.is_empty() {
        return Some(all_but(&chosen.excluded));
    }
    // A heading such as "Motions for Summary Judgment" narrows the section's limits.
    for context in s.context.iter().rev() {
        let m = motions(&tokens(context));
        if !m.included.is_empty() {
            return Some(m.included);
        }
    }
    None
}

fn limit_finding(
    q: &Quantity,
    paper: &Papers,
    motion_types: Option<Vec<MotionType>>,
    strength: Strength,
    source: Source,
) -> Finding {
    let value = q.value.round() as u32;
    let (kind, unit, params) = match q.unit {
        Unit::Words => (RuleKind::WordLimit, "words", RuleParams { max_words: Some(value), ..RuleParams::default() }),
        _ => (RuleKind::PageLimit, "pages", RuleParams { max_pages: Some(value), ..RuleParams::default() }),
    };
    let papers_text = describe(&paper.scopes);
    let motions_text = motion_types.as_ref().map(|m| format!(" on {}", describe_motions(m))).unwrap_or_default();
    let confidence = match (strength, source, paper.unqualified) {
        (Strength::Plain, Source::Clause | Source::Sentence, false) => Confidence::High,
        (_, Source::Heading, _) | (Strength::Implied, _, true) => Confidence::Low,
        _ => Confidence::Medium,
    };
    let mut reasoning = format!("{} {unit} read as a ceiling", value);
    reasoning.push_str(match strength {
        Strength::Plain => " (the sentence says so)",
        Strength::Implied => " (a table row or a bare statement)",
    });
    reasoning.push_str(match source {
        Source::Clause | Source::Sentence => "; the paper is named in the sentence",
        Source::Heading => "; the paper is named only in the heading or lead-in",
    });
    if paper.unqualified {
        reasoning.push_str("; the sentence does not say whose memoranda, so it was read as every party's");
    }
    if paper.pre_motion_letter {
        reasoning.push_str("; a pre-motion letter, limited to the motions the conference rule covers");
    }
    Finding {
        kind,
        name: format!(
            "{}{}",
            name_of(&paper.scopes),
            motion_types.as_ref().map(|m| motion_suffix(m)).unwrap_or_default()
        ),
        label: format!(
            "{} limit: {papers_text}{motions_text}",
            if kind == RuleKind::WordLimit { "Word" } else { "Page" }
        ),
        summary: format!("{}{motions_text} may not exceed {value} {unit}.", capitalize(&papers_text)),
        params,
        applies_to: AppliesTo { document_scopes: Some(paper.scopes.clone()), motion_types, ..AppliesTo::default() },
        confidence,
        reasoning,
        pre_motion_letter: paper.pre_motion_letter,
    }
}

fn name_of(scopes: &[crate::model::DocumentScope]) -> String {
    scopes.iter().map(|s| s.as_str().replace('_', "-")).collect::<Vec<_>>().join("+")
}

fn motion_suffix(motions: &[MotionType]) -> String {
    if motions.len() > 3 {
        return "@some-motions".to_string();
    }
    format!("@{}", motions.iter().map(|m| m.as_str().to_lowercase().replace('_', "-")).collect::<Vec<_>>().join("+"))
}

/// "Letters may not exceed three pages. … Discovery letters may not exceed five pages.":
/// the narrower papers' own limit governs them, so the wider limit is proposed without
/// them. The check applies every limit of one layer that matches a filing (the stricter
/// one would win), so the shipped profiles are written this way too
/// (docs/profile-format.md, rule 4). Only different limits of one kind for the same
/// motions and parties are compared.
pub fn leave_narrower_papers_out(found: &mut [(Finding, usize)]) {
    for narrow in 0..found.len() {
        for wide in 0..found.len() {
            let (n, w) = (&found[narrow].0, &found[wide].0);
            if n.kind != w.kind || !matches!(n.kind, RuleKind::PageLimit | RuleKind::WordLimit) {
                continue;
            }
            let (Some(inner), Some(outer)) = (&n.applies_to.document_scopes, &w.applies_to.document_scopes) else {
                continue;
            };
            let strictly_within = inner.len() < outer.len() && inner.iter().all(|scope| outer.contains(scope));
            // The same number for both needs nothing: either limit gives the same answer.
            if !strictly_within || n.params == w.params {
                continue;
            }
            // Only limits for the same motions and parties: the rest of `applies_to` alike.
            let same_filings = AppliesTo { document_scopes: None, ..n.applies_to.clone() }
                == AppliesTo { document_scopes: None, ..w.applies_to.clone() };
            if !same_filings {
                continue;
            }
            let inner = inner.clone();
            let (left_out, limit) = (describe(&inner), n.summary.clone());
            let w = &mut found[wide].0;
            let before = w.applies_to.document_scopes.take().unwrap_or_default();
            let after: Vec<_> = before.iter().copied().filter(|scope| !inner.contains(scope)).collect();
            let (old_name, new_name) = (name_of(&before), name_of(&after));
            w.name = format!("{new_name}{}", w.name.strip_prefix(&old_name).unwrap_or_default());
            let (old_text, new_text) = (describe(&before), describe(&after));
            w.label = w.label.replace(&old_text, &new_text);
            w.summary = w.summary.replace(&capitalize(&old_text), &capitalize(&new_text));
            w.reasoning.push_str(&format!("; {left_out} are left out: their own limit governs them (\"{limit}\")"));
            w.applies_to.document_scopes = Some(after);
        }
    }
}
