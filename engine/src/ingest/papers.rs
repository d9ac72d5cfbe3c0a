//! Which papers and which motions a stretch of words names.

use super::vocabulary as v;
use super::words::{Token, find, find_outside, has_any};
use crate::model::{DocumentScope as S, MotionType};

/// The papers a stretch names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Papers {
    pub scopes: Vec<S>,
    /// A letter asking for a pre-motion conference: limited later to the motions the
    /// document's conference rule covers.
    pub pre_motion_letter: bool,
    /// Named only as "memoranda" or "briefs": whose is not said.
    pub unqualified: bool,
    /// Sur-replies and the like, for which the check has no scope.
    pub unscoped: bool,
}

impl Papers {
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty()
    }
}

/// Reads the papers named in `tokens`. `reply_elsewhere`: the sentence gives replies a
/// limit of their own, so unqualified memoranda are the moving and opposing ones.
pub fn papers(tokens: &[Token], reply_elsewhere: bool) -> Papers {
    let mut found = Papers::default();
    if has_any(tokens, v::UNSCOPED_PAPERS) {
        found.unscoped = true;
        return found;
    }
    for (phrase, scopes) in v::SPECIFIC_PAPERS {
        if has_any(tokens, &[phrase]) {
            found.scopes.extend_from_slice(scopes);
            return found;
        }
    }
    if has_any(tokens, v::LETTERS) {
        if has_any(tokens, v::LETTER_EXCEPTIONS) {
            found.scopes.push(S::Letter);
        } else if has_any(tokens, v::PRE_MOTION_LETTER) {
            found.scopes.push(S::Letter);
            found.pre_motion_letter = true;
        } else if has_any(tokens, v::DISCOVERY_LETTER) {
            found.scopes.push(S::DiscoveryLetter);
        } else {
            found.scopes.extend([S::Letter, S::DiscoveryLetter]);
        }
        return found;
    }
    if !has_any(tokens, v::BRIEFS) {
        return found;
    }
    let reconsideration = has_any(tokens, v::RECONSIDERATION);
    let reply = has_any(tokens, v::REPLY);
    let support = has_any(tokens, v::SUPPORT);
    let opposition = has_any(tokens, v::OPPOSITION);
    if reconsideration {
        if reply && !support {
            found.scopes.push(S::ReconsiderationReply);
        } else {
            found.scopes.push(S::ReconsiderationSupport);
            if reply {
                found.scopes.push(S::ReconsiderationReply);
            }
        }
        return found;
    }
    if support {
        found.scopes.push(S::BriefSupport);
    }
    if opposition {
        found.scopes.push(S::BriefOpposition);
    }
    if reply {
        found.scopes.push(S::BriefReply);
    }
    if found.scopes.is_empty() {
        found.unqualified = true;
        found.scopes.extend([S::BriefSupport, S::BriefOpposition]);
        if !reply_elsewhere {
            found.scopes.push(S::BriefReply);
        }
    }
    found
}

/// The motions a stretch names: those it includes, and those an "except …" clause
/// leaves out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Motions {
    pub included: Vec<MotionType>,
    pub excluded: Vec<MotionType>,
    /// "all motions", "any motion".
    pub all: bool,
}

pub fn motions(tokens: &[Token]) -> Motions {
    // "Pro se parties are not exempt" excepts nothing.
    let exception_at = find_outside(tokens, v::EXCEPTIONS, v::EXEMPTION_DENIED);
    let mut found =
        Motions { all: v::ALL_MOTIONS.iter().any(|phrase| covers_all(tokens, phrase)), ..Motions::default() };
    for (phrase, motion) in v::MOTIONS {
        let mut from = 0;
        while let Some(at) = find(tokens, from, tokens.len(), phrase) {
            let list = if exception_at.is_some_and(|e| at > e) { &mut found.excluded } else { &mut found.included };
            if !list.contains(motion) {
                list.push(*motion);
            }
            from = at + 1;
        }
    }
    found.included.retain(|m| !found.excluded.contains(m));
    found.included.sort();
    found.excluded.sort();
    found
}

/// Whether `phrase` ("any motion", "all parties", …) appears as every motion: "any motion
/// for summary judgment" or "any motion to dismiss" names the motions after it instead.
fn covers_all(tokens: &[Token], phrase: &str) -> bool {
    let length = phrase.split(' ').count();
    let names_motion = phrase.ends_with("motion") || phrase.ends_with("motions");
    let mut from = 0;
    while let Some(at) = find(tokens, from, tokens.len(), phrase) {
        let end = at + length;
        let qualified = names_motion
            && !tokens[end - 1].clause_end
            && tokens.get(end).is_some_and(|next| matches!(next.word.as_str(), "for" | "to" | "under"));
        if !qualified {
            return true;
        }
        from = at + 1;
    }
    false
}

/// Every motion type but `excluded`, in the vocabulary's order.
pub fn all_but(excluded: &[MotionType]) -> Vec<MotionType> {
    MotionType::ALL.iter().copied().filter(|m| !excluded.contains(m)).collect()
}

/// Narrows letters named without qualification by what surrounds them: "other than
/// discovery letters" in the sentence, a pre-motion or discovery heading, or a previous
/// sentence about pre-motion letters.
pub fn narrow_letters(paper: &mut Papers, sentence: &[Token], surroundings: &[String]) {
    if paper.scopes != [S::Letter, S::DiscoveryLetter] {
        return;
    }
    if has_any(sentence, v::LETTER_EXCEPTIONS) {
        paper.scopes = vec![S::Letter];
        return;
    }
    for text in surroundings.iter().rev() {
        let t = super::words::tokens(text);
        if has_any(&t, v::PRE_MOTION_LETTER) || has_any(&t, v::PMC) {
            paper.scopes = vec![S::Letter];
            paper.pre_motion_letter = true;
            return;
        }
        if has_any(&t, v::DISCOVERY_LETTER) {
            paper.scopes = vec![S::DiscoveryLetter];
            return;
        }
    }
}

/// "memoranda in support and in opposition", for labels and summaries.
pub fn describe(scopes: &[S]) -> String {
    let name = |scope: &S| match scope {
        S::BriefSupport => "memoranda in support",
        S::BriefOpposition => "memoranda in opposition",
        S::BriefReply => "reply memoranda",
        S::ReconsiderationSupport => "memoranda on motions for reconsideration",
        S::ReconsiderationReply => "replies on motions for reconsideration",
        S::Letter => "letters",
        S::DiscoveryLetter => "discovery letters",
        S::ProposedFindings => "proposed findings of fact",
        S::Affidavit => "affidavits and declarations",
        S::SettlementStatement => "settlement statements",
        S::ObjectionResponse => "objections and responses",
        S::Rule561Statement => "Rule 56.1 statements",
    };
    match scopes {
        [S::BriefSupport, S::BriefOpposition] => "memoranda in support and in opposition".to_string(),
        [S::BriefSupport, S::BriefOpposition, S::BriefReply] => {
            "memoranda in support, in opposition and in reply".to_string()
        }
        [S::Letter, S::DiscoveryLetter] => "letters".to_string(),
        _ => scopes.iter().map(name).collect::<Vec<_>>().join(" and "),
    }
}

/// "motions for summary judgment", for summaries.
pub fn describe_motions(motions: &[MotionType]) -> String {
    let name = |m: &MotionType| match m {
        MotionType::Rule12 => "to dismiss (Rule 12)",
        MotionType::Rule56 => "for summary judgment (Rule 56)",
        MotionType::Rule50 => "for judgment as a matter of law (Rule 50)",
        MotionType::Rule59 => "for a new trial or to alter the judgment (Rule 59)",
        MotionType::Rule60 => "for relief from judgment (Rule 60)",
        MotionType::Daubert => "to exclude expert testimony",
        MotionType::Tro => "for a temporary restraining order",
        MotionType::PreliminaryInjunction => "for a preliminary injunction",
        MotionType::Reconsideration => "for reconsideration",
        MotionType::Discovery => "on discovery",
        MotionType::MotionToAmend => "to amend",
        MotionType::MotionInLimine => "in limine",
        MotionType::General => "of other kinds",
    };
    let names: Vec<&str> = motions.iter().map(name).collect();
    match names.as_slice() {
        [] => "motions".to_string(),
        [one] => format!("motions {one}"),
        [rest @ .., last] => format!("motions {} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ingest::words::tokens;

    #[test]
    fn papers_by_their_words() {
        let p = |text: &str| papers(&tokens(text), false).scopes;
        assert_eq!(
            p("memoranda of law in support of and in opposition to motions"),
            [S::BriefSupport, S::BriefOpposition]
        );
        assert_eq!(p("reply memoranda"), [S::BriefReply]);
        assert_eq!(p("briefs"), [S::BriefSupport, S::BriefOpposition, S::BriefReply]);
        assert_eq!(p("Letters to chambers"), [S::Letter, S::DiscoveryLetter]);
        assert_eq!(p("letters concerning discovery disputes"), [S::DiscoveryLetter]);
        assert_eq!(p("Rule 56.1 statements"), [S::Rule561Statement]);
        assert_eq!(p("memoranda on a motion for reconsideration"), [S::ReconsiderationSupport]);
        assert!(papers(&tokens("pre-motion letters"), false).pre_motion_letter);
        assert!(papers(&tokens("sur-replies"), false).unscoped);
    }

    #[test]
    fn motions_and_exceptions() {
        let m = motions(&tokens(
            "before filing any motion, except motions for a temporary restraining order or a preliminary injunction",
        ));
        assert!(m.all);
        assert_eq!(m.excluded, [MotionType::Tro, MotionType::PreliminaryInjunction]);
        let m = motions(&tokens("a motion to dismiss or for summary judgment"));
        assert_eq!(m.included, [MotionType::Rule12, MotionType::Rule56]);
    }
}
