//! The words the patterns read, as data: which phrases name which papers and motions,
//! which words make a sentence a requirement, a limit or a condition. A pattern file
//! says how a rule is stated; this file says in which words.
//!
//! A phrase is lower-case words separated by spaces; a word ending in `*` matches any
//! word it begins (`memorand*` matches "memorandum" and "memoranda").

use crate::model::{DocumentScope as S, MotionType as M};

/// Papers named by what they are; checked before the briefs, and exclusive of them
/// ("affidavits in support" are affidavits, not memoranda in support).
pub const SPECIFIC_PAPERS: &[(&str, &[S])] = &[
    ("56.1", &[S::Rule561Statement]),
    ("statement* of undisputed", &[S::Rule561Statement]),
    ("statement* of material", &[S::Rule561Statement]),
    ("counterstatement*", &[S::Rule561Statement]),
    ("proposed findings", &[S::ProposedFindings]),
    ("affidavit*", &[S::Affidavit]),
    ("declaration*", &[S::Affidavit]),
    ("settlement statement*", &[S::SettlementStatement]),
    ("settlement letter*", &[S::SettlementStatement]),
    ("objection*", &[S::ObjectionResponse]),
];

/// Words for letters to the court, and what narrows them: "other than discovery
/// letters" leaves the discovery ones out.
pub const LETTER_EXCEPTIONS: &[&str] = &[
    "other than discovery",
    "unless they concern a discovery",
    "unless it concerns a discovery",
    "except discovery",
    "excluding discovery",
    "except for discovery",
    "not discovery",
];
pub const LETTERS: &[&str] = &["letter*", "letter-motion*"];
pub const DISCOVERY_LETTER: &[&str] = &["discovery"];
pub const PRE_MOTION_LETTER: &[&str] =
    &["pre-motion", "premotion", "pre-motion-conference", "requesting a conference", "request a conference"];

/// Words for the memoranda of a motion, and the words that say whose they are.
pub const BRIEFS: &[&str] = &[
    "memorand*",
    "brief*",
    "papers",
    "submission*",
    "moving papers",
    "motion papers",
    "opposition",
    "oppositions",
    "reply",
    "replies",
];
pub const SUPPORT: &[&str] = &["in support", "moving", "opening", "principal", "supporting", "initial"];
pub const OPPOSITION: &[&str] =
    &["opposition", "oppositions", "in opposition", "opposing", "answering", "response*", "responsive"];
pub const REPLY: &[&str] = &["reply", "replies", "reply memorand*", "reply brief*"];
/// Papers the extractor leaves to a person (no scope in the check's vocabulary): no
/// limit on them and no filing gate before them is proposed.
pub const UNSCOPED_PAPERS: &[&str] = &["sur-repl*", "surrepl*", "sur-reply", "surreply"];
pub const RECONSIDERATION: &[&str] = &["reconsideration", "reargument"];

/// Motions by the words judges use for them.
pub const MOTIONS: &[(&str, M)] = &[
    ("summary judgment", M::Rule56),
    ("rule 56", M::Rule56),
    ("to dismiss", M::Rule12),
    ("motions to dismiss", M::Rule12),
    ("judgment on the pleadings", M::Rule12),
    ("rule 12*", M::Rule12),
    ("12(b)*", M::Rule12),
    ("12(c)", M::Rule12),
    ("in limine", M::MotionInLimine),
    ("preliminary injunction*", M::PreliminaryInjunction),
    ("temporary restraining", M::Tro),
    ("tro", M::Tro),
    ("tros", M::Tro),
    ("rule 65", M::PreliminaryInjunction),
    ("rule 65", M::Tro),
    ("daubert", M::Daubert),
    ("to exclude expert*", M::Daubert),
    ("expert testimony", M::Daubert),
    ("to compel", M::Discovery),
    ("protective order*", M::Discovery),
    ("discovery motion*", M::Discovery),
    ("motions concerning discovery", M::Discovery),
    ("to amend", M::MotionToAmend),
    ("leave to amend", M::MotionToAmend),
    ("amend the pleadings", M::MotionToAmend),
    ("new trial", M::Rule59),
    ("rule 59", M::Rule59),
    ("alter or amend", M::Rule59),
    ("rule 60", M::Rule60),
    ("relief from judgment", M::Rule60),
    ("rule 50", M::Rule50),
    ("rules 50", M::Rule50),
    ("rules 50 and 59", M::Rule59),
    ("rules 59", M::Rule59),
    ("judgment as a matter of law", M::Rule50),
    ("reconsideration", M::Reconsideration),
    ("reargument", M::Reconsideration),
];

/// Words that make a sentence a requirement (a person should read it if no pattern
/// understood it).
pub const REQUIREMENT: &[&str] = &[
    "must",
    "shall",
    "should",
    "may not",
    "will not",
    "required",
    "require",
    "requires",
    "requirement",
    "is to",
    "are to",
    "not permitted",
    "prohibited",
    "need not",
    "need",
    "needs",
    "not to",
    "do not",
    "does not",
    "please",
    "expect*",
    "permitted",
    "only",
    "rejected",
    "stricken",
    "disregarded",
    "no later than",
    "limited to",
    "exceed*",
    "at least",
];
/// Permissions given to the parties are rules too ("A party may request oral argument
/// by letter"); "the Court may" is not.
pub const PERMISSIONS: &[&str] = &["may"];
pub const NOT_A_PARTY: &[&str] = &["court", "judge", "chambers", "clerk", "it"];
/// Sentences opening with these verbs are instructions.
pub const IMPERATIVES: &[&str] = &[
    "submit", "file", "send", "include", "contact", "call", "deliver", "provide", "serve", "email", "e-mail", "mail",
    "notify", "attach", "use", "avoid", "consult", "confer", "direct", "address", "label", "mark", "tab", "bind",
];
/// A requirement word that is not one when it is the whole of what binds: "Judge X
/// may be reached at…" is not a rule.
pub const OBLIGATIONS: &[&str] = &[
    "must", "shall", "should", "may not", "will not", "required", "requires", "require", "are to", "is to", "need",
    "needs", "obtain", "first",
];

/// Words that make a number of pages or words a ceiling.
pub const LIMIT_CUES: &[&str] = &[
    "exceed*",
    "limited to",
    "limit of",
    "limits",
    "limit",
    "no longer than",
    "no more than",
    "not more than",
    "not longer than",
    "maximum",
    "max",
    "at most",
    "up to",
    "be no",
    "cap*",
    "in length",
    "page limit*",
    "word limit*",
    "longer than",
    "more than",
    "not to exceed",
    "restricted to",
    "run to",
    "up to",
];
/// Words that make a number a ceiling less plainly ("Reply memoranda are ten pages").
pub const IMPLIED_LIMIT_CUES: &[&str] = &["is", "are", "be"];
/// Words right after a number that make it a condition, not a limit: "papers of 25
/// pages or more".
pub const CONDITION_AFTER: &[&str] = &["or more", "or longer", "or greater", "and over", "and longer", "or over"];

/// Pre-motion conference requirements.
pub const PMC: &[&str] = &[
    "pre-motion conference*",
    "premotion conference*",
    "pre-motion letter*",
    "premotion letter*",
    "pre-motion submission*",
    "pre-motion",
    "premotion",
    "conference with the court before",
    "conference before filing",
    "conference before making",
    "conference prior to filing",
    "conference prior to making",
    "request a conference",
];
/// "except", "other than": the motions named after it are left out.
pub const EXCEPTIONS: &[&str] =
    &["except", "excepting", "other than", "does not apply", "do not apply", "not required", "exempt*", "excluding"];
/// An exemption denied ("Pro se parties are not exempt from this requirement", "no
/// exemption", "applies equally to parties proceeding pro se"): the words of an
/// exception inside these except nothing, and a sentence with them exempts no pro se
/// party.
pub const EXEMPTION_DENIED: &[&str] = &[
    "not exempt*",
    "no exempt*",
    "never exempt*",
    "not be exempt*",
    "nor exempt*",
    "not excused",
    "not excepted",
    "no exception*",
    "without exception",
    "applies equally",
    "apply equally",
    "applies to all parties",
    "apply to all parties",
    "including pro se",
    "including those proceeding",
    "including parties proceeding",
    "including self-represented",
    "including unrepresented",
];
pub const ALL_MOTIONS: &[&str] =
    &["all motions", "any motion", "every motion", "any party wishing to move", "all parties"];
pub const PRO_SE: &[&str] =
    &["pro se", "self-represented", "unrepresented", "without counsel", "without a lawyer", "without an attorney"];
/// "No pre-motion conference is required for …": the requirement stated in the negative.
pub const PMC_NEGATIONS: &[&str] = &[
    "no pre-motion",
    "no premotion",
    "no conference",
    "not required",
    "need not",
    "is not necessary",
    "not necessary",
    "does not require",
    "do not require",
];

/// Copies for chambers: named as such, or copies and chambers in one sentence.
pub const COURTESY_COPY: &[&str] =
    &["courtesy cop*", "hard cop*", "paper cop*", "chambers cop*", "paper courtesy", "working cop*", "judge's cop*"];
pub const COPIES: &[&str] = &["cop*"];
pub const CHAMBERS: &[&str] = &["chambers"];
/// Verbs of getting a copy to chambers (a sentence about how copies are bound is not
/// the requirement to send one).
pub const DELIVERY: &[&str] = &[
    "deliver*", "provide*", "submit*", "send", "sent", "mail*", "furnish*", "drop*", "required", "require*", "hand",
    "bring", "forward*",
];
/// A copy rule stated in the negative ("Do not send courtesy copies"): not a
/// requirement to deliver one.
pub const NEGATIONS: &[&str] = &[
    "do not",
    "does not",
    "should not",
    "shall not",
    "need not",
    "not required",
    "not be",
    "no courtesy",
    "not accept",
    "not send",
    "not need",
    "not necessary",
    "unless requested",
    "unless the court requests",
    "only if requested",
    "only upon request",
];

/// Bundling: motion papers filed together once the motion is fully briefed.
pub const BUNDLED: &[&str] = &[
    "bundl*",
    "served but not filed",
    "serve but not file",
    "but does not file",
    "but not file",
    "but not filed",
    "but shall not file",
    "but should not file",
    "but must not file",
];
/// "The Court does not follow a bundling rule."
pub const BUNDLING_NEGATIONS: &[&str] =
    &["does not follow", "do not bundle", "no bundling", "not bundle", "not required to bundle"];
pub const BRIEFED: &[&str] = &[
    "fully briefed",
    "fully-briefed",
    "fully submitted",
    "briefing is complete",
    "briefing has been completed",
    "all papers have been served",
];
pub const FILED_TOGETHER: &[&str] = &[
    "not file",
    "not be filed",
    "not to file",
    "not filed",
    "file all",
    "filed together",
    "all motion papers",
    "all papers",
    "only after",
    "only when",
    "until",
    "at the same time",
    "together",
    "at once",
    "simultaneously",
];

/// Filing gates: a step that must come before a paper is filed, and what is filed.
pub const GATES: &[&str] = &[
    "before filing",
    "prior to filing",
    "before making",
    "before moving",
    "before seeking",
    "before bringing",
    "until",
    "leave of court",
    "leave of the court",
    "obtain leave",
    "without leave",
    "seek leave",
    "request leave",
    "prior permission",
    "permission of the court",
    "must first",
    "shall first",
    "should first",
    "must be preceded",
    "may not be filed",
    "shall not be filed",
    "will not be accepted",
    "unless and until",
    "may be filed unless",
    "may be filed until",
    "may be made unless",
    "be filed unless",
    "will not be entertained",
    "will be entertained unless",
    "not be heard unless",
    "will not be heard",
];
pub const GATE_SUBJECT: &[&str] =
    &["fil*", "motion*", "sur-repl*", "surrepl*", "letter*", "papers", "brief*", "memorand*", "submit*"];
/// Format: what a point size is the size of, and words of spacing.
pub const FOOTNOTES: &[&str] = &["footnote*", "footnoted", "notes"];
/// One size for both: "12-point type in text and footnotes".
pub const TEXT_AND_NOTES: &[&str] = &[
    "text and footnotes",
    "text and in footnotes",
    "including footnotes",
    "including in footnotes",
    "footnotes and text",
    "both text and footnotes",
    "body and footnotes",
];
pub const MARGINS: &[&str] = &["margin*"];
pub const DOUBLE_SPACED: &[&str] =
    &["double-spaced", "double spaced", "double-spacing", "double spacing", "doubled-spaced"];
/// Words that make double spacing a requirement rather than the measure of a page
/// limit ("25 double-spaced pages").
pub const SPACING_REQUIRED: &[&str] = &["be double*", "typed double*", "double-spaced text", "double spaced text"];
/// Double spacing in the negative: a requirement phrase inside one of these is no
/// requirement ("Papers need not be double-spaced").
pub const SPACING_NEGATIONS: &[&str] = &[
    "need not be double*",
    "not be double*",
    "not to be double*",
    "not required to be double*",
    "not need to be double*",
    "not be typed double*",
    "double* is not required",
    "double* spacing is not required",
    "double* is optional",
    "double* spacing is optional",
];
/// Single spacing allowed for part of a paper: double spacing is a requirement only if a
/// requirement phrase says so.
pub const SPACING_EXCEPTIONS: &[&str] = &["may be single", "single-spaced", "single spaced"];
