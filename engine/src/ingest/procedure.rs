//! Steps a judge requires around a filing: a pre-motion conference, courtesy copies,
//! bundling motion papers, and other gates before a paper may be filed.

use super::Finding;
use super::limits::{Condition, condition};
use super::papers::{Motions, all_but, describe_motions, motions};
use super::reader::Sentence;
use super::vocabulary as v;
use super::words::{Token, Unit, has_any, has_any_outside, quantities, tokens};
use crate::model::{AppliesTo, Confidence, DocumentScope as S, FilingRole, MotionType, RuleKind, RuleParams};

fn obliges(t: &[Token]) -> bool {
    has_any(t, v::OBLIGATIONS) || t.first().is_some_and(|w| v::IMPERATIVES.contains(&w.word.as_str()))
}

/// "A party wishing to move to dismiss or for summary judgment must first request a
/// pre-motion conference": the motions it covers, and whether pro se parties are
/// exempt.
pub fn find_pmc(sentence: &Sentence, t: &[Token]) -> Option<Finding> {
    if !has_any(t, v::PMC) || !obliges(t) {
        return None;
    }
    let asks = has_any(
        t,
        &["before", "prior to", "required", "require*", "first", "request*", "seek*", "ask*", "must", "shall"],
    );
    if !asks || has_any(t, v::PMC_NEGATIONS) {
        return None;
    }
    // A sentence only about the letter's length or the conference's conduct is not
    // the requirement.
    if !has_any(
        t,
        &[
            "before",
            "prior to",
            "first",
            "required",
            "require*",
            "must request",
            "shall request",
            "should request",
            "must submit",
            "shall submit",
            "must file",
            "shall file",
            "must seek",
            "must write",
            "wishing",
            "intending",
            "seeking",
            "who wish*",
            "to file",
            "to move",
            "to make",
        ],
    ) {
        return None;
    }
    let found = motions(t);
    let mut motion_types = covered(&found);
    let mut confidence = Confidence::High;
    let mut reasoning = "a pre-motion conference required before filing".to_string();
    if motion_types.is_none() && !found.all && !has_any(t, &["motion*", "move"]) {
        // "A conference is required" under a heading that names the motions.
        for context in sentence.context.iter().rev() {
            let m = motions(&tokens(context));
            if !m.included.is_empty() {
                motion_types = Some(m.included);
                confidence = Confidence::Medium;
                reasoning.push_str("; the motions are named in the heading");
                break;
            }
        }
    }
    let pro_se_exempt = pro_se_exempt(t);
    let mut finding = pmc_finding(motion_types, pro_se_exempt, confidence, reasoning);
    if found.all && found.included.is_empty() && found.excluded.is_empty() {
        finding.reasoning.push_str("; it covers every motion");
    }
    Some(finding)
}

fn covered(found: &Motions) -> Option<Vec<MotionType>> {
    if !found.excluded.is_empty() {
        Some(all_but(&found.excluded))
    } else if !found.included.is_empty() && !found.all {
        Some(found.included.clone())
    } else {
        None
    }
}

/// Pro se parties named with words of an exception, and no exemption denied: "does not
/// apply to parties proceeding pro se", not "pro se parties are not exempt".
fn pro_se_exempt(t: &[Token]) -> bool {
    has_any(t, v::PRO_SE) && has_any(t, v::EXCEPTIONS) && !has_any(t, v::EXEMPTION_DENIED)
}

pub fn pmc_finding(
    motion_types: Option<Vec<MotionType>>,
    pro_se_exempt: bool,
    confidence: Confidence,
    reasoning: String,
) -> Finding {
    let motions_text = motion_types.as_deref().map_or("any motion".to_string(), describe_motions);
    let mut summary = format!("Before filing {motions_text}, request a pre-motion conference.");
    if pro_se_exempt {
        summary.push_str(" Parties proceeding pro se are exempt.");
    }
    Finding {
        kind: RuleKind::Pmc,
        name: "pre-motion-conference".to_string(),
        label: "Pre-motion conference".to_string(),
        summary,
        params: RuleParams::default(),
        applies_to: AppliesTo {
            motion_types,
            filing_roles: Some(vec![FilingRole::Movant]),
            // The conference comes before the motion's own papers: not the letter asking
            // for it, nor a reply.
            document_scopes: Some(vec![S::BriefSupport, S::ReconsiderationSupport, S::Affidavit, S::Rule561Statement]),
            filer_pro_se: pro_se_exempt.then_some(false),
            ..AppliesTo::default()
        },
        confidence,
        reasoning,
        pre_motion_letter: false,
    }
}

/// A sentence after the conference rule that narrows it: "This requirement does not
/// apply to parties proceeding pro se" or "… to motions in limine". Returns the
/// narrowed finding.
pub fn narrow_pmc(previous: &Finding, t: &[Token]) -> Option<Finding> {
    if !has_any_outside(t, v::EXCEPTIONS, v::EXEMPTION_DENIED)
        || !has_any(t, &["requirement", "rule", "conference*", "pre-motion", "premotion", "this"])
    {
        return None;
    }
    narrowed(previous, t, "the sentence that follows")
}

/// A sentence before the conference rule that says which motions need none: "A
/// pre-motion conference is not required for motions in limine. A pre-motion conference
/// is required before filing any other motion." Returns the narrowed finding.
pub fn narrow_pmc_before(next: &Finding, t: &[Token]) -> Option<Finding> {
    if !has_any(t, v::PMC) || !has_any(t, v::PMC_NEGATIONS) {
        return None;
    }
    narrowed(next, t, "the sentence before")
}

/// `previous` without the motions `t` names, and without pro se parties if `t` names
/// them and does not deny them an exemption.
fn narrowed(previous: &Finding, t: &[Token], by: &str) -> Option<Finding> {
    let found = motions(t);
    let pro_se = has_any(t, v::PRO_SE) && !has_any(t, v::EXEMPTION_DENIED);
    let excluded: Vec<MotionType> = found.excluded.iter().chain(&found.included).copied().collect();
    if !pro_se && excluded.is_empty() {
        return None;
    }
    let motion_types = match (&previous.applies_to.motion_types, excluded.is_empty()) {
        (_, true) => previous.applies_to.motion_types.clone(),
        (Some(list), false) => Some(list.iter().copied().filter(|m| !excluded.contains(m)).collect()),
        (None, false) => Some(all_but(&excluded)),
    };
    let exempt = pro_se || previous.applies_to.filer_pro_se == Some(false);
    let mut reasoning = previous.reasoning.clone();
    reasoning.push_str(&format!("; narrowed by {by}"));
    Some(pmc_finding(motion_types, exempt, previous.confidence, reasoning))
}

/// "One courtesy copy of any motion paper of twenty pages or more shall be delivered
/// to chambers."
pub fn find_courtesy_copy(t: &[Token]) -> Option<Finding> {
    let named = has_any(t, v::COURTESY_COPY) || has_any(t, v::COPIES) && has_any(t, v::CHAMBERS);
    if !named || !obliges(t) || !has_any(t, v::DELIVERY) || has_any(t, v::NEGATIONS) {
        return None;
    }
    let mut min_pages = None;
    for q in quantities(t).iter().filter(|q| q.unit == Unit::Pages) {
        let value = q.value.round() as u32;
        match condition(t, q) {
            Some(Condition::AtLeast) => min_pages = Some(value),
            Some(Condition::Over) => min_pages = Some(value + 1),
            None => {}
        }
    }
    let summary = match min_pages {
        Some(n) => format!("Deliver a courtesy copy to chambers of papers of {n} pages or more."),
        None => "Deliver courtesy copies to chambers.".to_string(),
    };
    Some(Finding {
        kind: RuleKind::CourtesyCopy,
        name: "courtesy-copies".to_string(),
        label: "Courtesy copies".to_string(),
        summary,
        params: RuleParams { min_pages, ..RuleParams::default() },
        applies_to: AppliesTo::default(),
        confidence: if has_any(t, &["courtesy cop*"]) { Confidence::High } else { Confidence::Medium },
        reasoning: format!(
            "copies for chambers required{}",
            min_pages.map(|n| format!(" for papers of {n} pages or more")).unwrap_or_default()
        ),
        pre_motion_letter: false,
    })
}

const MOTION_PAPERS: &[S] = &[
    S::BriefSupport,
    S::BriefOpposition,
    S::BriefReply,
    S::ReconsiderationSupport,
    S::ReconsiderationReply,
    S::Affidavit,
    S::Rule561Statement,
];

/// "Motion papers are served, not filed, until the motion is fully briefed."
pub fn find_bundling(t: &[Token]) -> Option<Finding> {
    let named = has_any(t, v::BUNDLED);
    let briefed = has_any(t, v::BRIEFED);
    if !(named || briefed && has_any(t, v::FILED_TOGETHER)) || !has_any(t, &["fil*"]) && !has_any(t, &["bundl*"]) {
        return None;
    }
    if has_any(t, v::BUNDLING_NEGATIONS) || !obliges(t) && !has_any(t, &["serves", "files", "follows"]) {
        return None;
    }
    Some(Finding {
        kind: RuleKind::Bundling,
        name: "motion-papers".to_string(),
        label: "Bundled filing of motion papers".to_string(),
        summary: "Serve motion papers as they are due, but file them only once the motion is fully briefed."
            .to_string(),
        params: RuleParams::default(),
        applies_to: AppliesTo { document_scopes: Some(MOTION_PAPERS.to_vec()), ..AppliesTo::default() },
        // "The Court follows the practice called bundling" names it without saying what
        // to do: the sentence that says so is better evidence.
        confidence: match (named, briefed, has_any(t, &["fil*"])) {
            (true, true, _) => Confidence::High,
            (_, _, true) => Confidence::Medium,
            _ => Confidence::Low,
        },
        reasoning: "motion papers filed together once fully briefed".to_string(),
        pre_motion_letter: false,
    })
}

/// "No motion to compel may be filed until the parties have met and conferred."
///
/// A gate on a paper the check's vocabulary has no scope for (a sur-reply) is not
/// proposed: a rule without a scope would ask every filing for the step. The sentence
/// is listed as not understood instead, as a limit on such a paper is.
pub fn find_filing_gate(t: &[Token]) -> Option<Finding> {
    if !has_any(t, v::GATES) || !has_any(t, v::GATE_SUBJECT) || !obliges(t) && !has_any(t, &["no", "not"]) {
        return None;
    }
    if has_any(t, v::PMC) || has_any(t, v::BRIEFED) || has_any(t, v::BUNDLED) || has_any(t, v::UNSCOPED_PAPERS) {
        return None;
    }
    let found = motions(t);
    let motion_types = covered(&found).filter(|m| !m.is_empty());
    let what = if has_any(t, &["meet and confer", "met and conferred", "confer*"]) {
        "confer with the other side first"
    } else if has_any(t, &["leave", "permission"]) {
        "obtain the court's leave first"
    } else {
        "complete the step the order requires first"
    };
    // The check shows the summary after "Before filing: ", so the summary does not say it
    // again.
    let motions_text = motion_types.as_deref().map(describe_motions);
    let summary = match &motions_text {
        Some(m) => format!("For {m}, {what}."),
        None => format!("{}.", crate::coverage::capitalize(what)),
    };
    let applies_to = match &motion_types {
        Some(m) => AppliesTo {
            document_scopes: Some(vec![S::BriefSupport]),
            motion_types: Some(m.clone()),
            filing_roles: Some(vec![FilingRole::Movant]),
            ..AppliesTo::default()
        },
        None => AppliesTo::default(),
    };
    Some(Finding {
        kind: RuleKind::FilingGate,
        name: "before-filing".to_string(),
        label: "Before filing".to_string(),
        summary,
        params: RuleParams::default(),
        applies_to,
        confidence: Confidence::Medium,
        reasoning: format!("a step required before filing ({what})"),
        pre_motion_letter: false,
    })
}
