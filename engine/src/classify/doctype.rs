//! What kind of paper this is (`document_scope`) and which motion it belongs to
//! (`motion_type`), read from the title, the caption's court, the headings, the letter
//! form and the file name; and whether the service supports it at all.

use crate::model::{Confidence, DocumentScope, MotionType};

/// What the detector has to go on, gathered by the caller.
pub struct Evidence<'a> {
    /// The court line(s) of the caption or the first page, normalized.
    pub court: Option<&'a str>,
    /// A formal caption (parties, docket) was found.
    pub caption: bool,
    /// The title block under the caption (or on the cover), normalized.
    pub title: Option<&'a str>,
    /// The document is a letter (salutation found).
    pub letter: bool,
    /// Normalized text of the counted body.
    pub body: &'a str,
    pub filename: Option<&'a str>,
    /// Template placeholders in the caption, title and signature.
    pub placeholders: usize,
    pub fillable: bool,
    pub body_words: u32,
}

pub struct Verdict {
    pub scope: Option<DocumentScope>,
    pub motion: Option<MotionType>,
    pub confidence: Confidence,
    pub reasoning: String,
}

/// The paper a title names, if any: the designation words of a legal document.
pub fn designation(t: &str) -> Option<DocumentScope> {
    let has = |w: &str| t.contains(w);
    if has("56.1") && (has("STATEMENT") || has("COUNTERSTATEMENT") || has("RESPONSE")) {
        return Some(DocumentScope::Rule561Statement);
    }
    if has("PROPOSED FINDINGS") {
        return Some(DocumentScope::ProposedFindings);
    }
    if has("SETTLEMENT") && has("STATEMENT") {
        return Some(DocumentScope::SettlementStatement);
    }
    if has("OBJECTION") && (has("REPORT AND RECOMMENDATION") || has("RESPONSE") || has("OBJECTIONS")) {
        return Some(DocumentScope::ObjectionResponse);
    }
    if (has("DECLARATION") || has("AFFIDAVIT") || has("AFFIRMATION")) && !has("MEMORANDUM") {
        return Some(DocumentScope::Affidavit);
    }
    let brief = has("MEMORANDUM") || has("BRIEF") || has("MOTION") || has("OPPOSITION") || has("REPLY");
    if !brief {
        return None;
    }
    let reconsideration = has("RECONSIDERATION") || has("REARGUMENT");
    let reply = has("REPLY") || has("FURTHER SUPPORT");
    Some(match (reconsideration, reply) {
        (true, true) => DocumentScope::ReconsiderationReply,
        (true, false) if !has("OPPOSITION") => DocumentScope::ReconsiderationSupport,
        (_, true) => DocumentScope::BriefReply,
        _ if has("OPPOSITION") || has("OPPOSING") || has("IN RESPONSE TO") => DocumentScope::BriefOpposition,
        _ => DocumentScope::BriefSupport,
    })
}

/// The motion a title (or a file name's words) names, most specific first.
pub fn motion(t: &str) -> Option<MotionType> {
    motion_with(t, title_discovery(t))
}

/// The motion running text names, most specific first. Body text is held to a stricter
/// discovery test than a title: "compelling reasons" or "a compelling interest" is not a
/// motion to compel.
fn body_motion(t: &str) -> Option<MotionType> {
    motion_with(t, discovery_text(t))
}

/// A title naming a discovery motion: to compel (not arbitration), a protective order,
/// Rule 37, a discovery dispute.
fn title_discovery(t: &str) -> bool {
    (t.contains("COMPEL") && !t.contains("COMPEL ARBITRATION") && !t.contains("COMPELLING ARBITRATION"))
        || names_discovery_relief(t)
}

/// A protective order, Rule 37 or a discovery dispute: discovery in a title or a body alike.
fn names_discovery_relief(t: &str) -> bool {
    t.contains("PROTECTIVE ORDER") || t.contains("RULE 37") || t.contains("DISCOVERY DISPUTE")
}

/// Running text (a letter's or a brief's body) that concerns a discovery motion: it speaks
/// of compelling discovery (a form of "compel" followed within a few words by discovery,
/// production, responses, documents …), or names a motion to compel, a protective order,
/// Rule 37 or a discovery dispute; or it names two of interrogatories, document requests,
/// requests for production and deficiencies.
fn discovery_text(t: &str) -> bool {
    let strong = (t.contains("MOTION TO COMPEL") && !t.contains("MOTION TO COMPEL ARBITRATION"))
        || names_discovery_relief(t)
        || compels_discovery(t);
    if strong {
        return true;
    }
    ["INTERROGATOR", "DOCUMENT REQUEST", "REQUESTS FOR PRODUCTION", "REQUEST FOR PRODUCTION", "DEFICIEN"]
        .iter()
        .filter(|w| t.contains(*w))
        .count()
        >= 2
}

/// "an order compelling discovery", "compel defendants to produce", "compelled responses":
/// a form of "compel" with a discovery word among the next four words. "Compelling" used as
/// an adjective ("compelling reasons", "a compelling interest") does not count.
fn compels_discovery(t: &str) -> bool {
    const OBJECTS: [&str; 11] = [
        "DISCOVERY",
        "PRODUC",
        "RESPONSE",
        "RESPOND",
        "ANSWER",
        "INTERROGATOR",
        "DEPOSITION",
        "DOCUMENT",
        "DISCLOSURE",
        "SUBPOENA",
        "INSPECTION",
    ];
    const ADJECTIVE_USES: [&str; 12] = [
        "REASON",
        "INTEREST",
        "NEED",
        "CIRCUMSTANCE",
        "JUSTIFICATION",
        "SHOWING",
        "EVIDENCE",
        "ARGUMENT",
        "CASE",
        "CONCERN",
        "STATE",
        "GOVERNMENT",
    ];
    let words: Vec<&str> = t.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).collect();
    words.iter().enumerate().any(|(i, w)| {
        if !matches!(*w, "COMPEL" | "COMPELS" | "COMPELLED" | "COMPELLING") {
            return false;
        }
        let next = &words[i + 1..words.len().min(i + 5)];
        if *w == "COMPELLING" && next.first().is_some_and(|n| ADJECTIVE_USES.iter().any(|a| n.starts_with(a))) {
            return false;
        }
        if next.iter().any(|n| n.starts_with("ARBITRA")) {
            return false;
        }
        next.iter().any(|n| OBJECTS.iter().any(|o| n.starts_with(o)))
    })
}

fn motion_with(t: &str, discovery: bool) -> Option<MotionType> {
    let has = |w: &str| t.contains(w);
    let table: [(bool, MotionType); 13] = [
        (has("IN LIMINE"), MotionType::MotionInLimine),
        (has("DAUBERT") || (has("EXCLUDE") && has("EXPERT")) || has("RULE 702"), MotionType::Daubert),
        (has("TEMPORARY RESTRAINING ORDER"), MotionType::Tro),
        (has("PRELIMINARY INJUNCTION"), MotionType::PreliminaryInjunction),
        (has("RECONSIDERATION") || has("REARGUMENT"), MotionType::Reconsideration),
        (has("SUMMARY JUDGMENT") || has("RULE 56") || has("56.1"), MotionType::Rule56),
        (has("JUDGMENT AS A MATTER OF LAW") || has("RULE 50"), MotionType::Rule50),
        (has("NEW TRIAL") || has("ALTER OR AMEND") || has("RULE 59"), MotionType::Rule59),
        (has("RELIEF FROM JUDGMENT") || has("RULE 60"), MotionType::Rule60),
        (
            has("LEAVE TO AMEND")
                || has("LEAVE TO FILE AN AMENDED")
                || has("AMENDED COMPLAINT") && has("LEAVE")
                || has("RULE 15"),
            MotionType::MotionToAmend,
        ),
        (
            has("MOTION TO DISMISS") || has("12(B)") || has("JUDGMENT ON THE PLEADINGS") || has("RULE 12"),
            MotionType::Rule12,
        ),
        (discovery, MotionType::Discovery),
        (has("MOTION"), MotionType::General),
    ];
    table.iter().find(|(hit, _)| *hit).map(|(_, m)| *m)
}

/// Scope and motion suggested by a file name such as `2024-06-14 opp msj.pdf`. Only a name
/// that says which paper it is gives a scope: `brief`, `memo`, `memorandum` and `mol` alone
/// are as generic as `document` (a memorandum of which side?), so `memo-support.pdf` or
/// `mol iso mtd.pdf` names a memorandum in support but `brief.pdf` names nothing. A
/// sur-reply's name gives no scope either (the vocabulary has none for it).
fn from_filename(name: &str) -> (Option<DocumentScope>, Option<MotionType>) {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_ascii_alphanumeric() && c != '.').filter(|w| !w.is_empty()).collect();
    let has = |w: &str| words.iter().any(|x| x.trim_end_matches(".pdf") == w);
    let sur_reply = has("surreply") || has("sur") && has("reply");
    let scope = if sur_reply {
        None
    } else if has("56.1") || has("561") || lower.contains("56.1") {
        Some(DocumentScope::Rule561Statement)
    } else if has("decl") || has("declaration") || has("affidavit") || has("aff") {
        Some(DocumentScope::Affidavit)
    } else if has("letter") || has("ltr") {
        Some(DocumentScope::Letter)
    } else if has("reply") {
        Some(DocumentScope::BriefReply)
    } else if has("opp") || has("opposition") || has("opp'n") {
        Some(DocumentScope::BriefOpposition)
    } else if has("support") || has("iso") || has("moving") || has("opening") {
        Some(DocumentScope::BriefSupport)
    } else {
        None
    };
    let motion = if has("msj") || lower.contains("summary") {
        Some(MotionType::Rule56)
    } else if has("mtd") || lower.contains("dismiss") {
        Some(MotionType::Rule12)
    } else if has("mil") || lower.contains("limine") {
        Some(MotionType::MotionInLimine)
    } else if lower.contains("daubert") {
        Some(MotionType::Daubert)
    } else if has("tro") {
        Some(MotionType::Tro)
    } else if has("pi") || lower.contains("injunction") {
        Some(MotionType::PreliminaryInjunction)
    } else if lower.contains("reconsider") {
        Some(MotionType::Reconsideration)
    } else if lower.contains("compel") || lower.contains("discovery") {
        Some(MotionType::Discovery)
    } else if lower.contains("amend") {
        Some(MotionType::MotionToAmend)
    } else {
        None
    };
    (scope, motion)
}

fn unsupported(reasoning: String) -> Verdict {
    Verdict { scope: None, motion: None, confidence: Confidence::Low, reasoning }
}

/// Whether the court is a federal district court the service can hold rules for.
fn court_problem(court: &str) -> Option<String> {
    let federal_district = court.contains("UNITED STATES DISTRICT COURT") || court.contains("U.S. DISTRICT COURT");
    if federal_district {
        return None;
    }
    if court.contains("BANKRUPTCY") {
        return Some("a bankruptcy court filing".into());
    }
    if court.contains("COURT OF APPEALS") || court.contains("CIRCUIT") && court.contains("UNITED STATES") {
        return Some("an appellate filing".into());
    }
    if court.contains("STATE OF")
        || court.contains("COUNTY")
        || court.contains("SUPREME COURT")
        || court.contains("SUPERIOR COURT")
    {
        return Some(format!("a state-court filing ({})", title_case(court)));
    }
    Some(format!("not a federal district court ({})", title_case(court)))
}

fn title_case(text: &str) -> String {
    let mut out = String::new();
    for word in text.split(' ') {
        if !out.is_empty() {
            out.push(' ');
        }
        let lower = word.to_lowercase();
        if matches!(lower.as_str(), "of" | "for" | "the" | "and" | "in" | "to" | "a" | "an" | "on" | "by" | "under")
            && !out.is_empty()
        {
            out.push_str(&lower);
        } else {
            let mut chars = lower.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
    out
}

pub fn decide(e: &Evidence) -> Verdict {
    if e.fillable {
        return unsupported(
            "The PDF is a fillable (interactive) form, not a brief or other filing the service checks.".into(),
        );
    }
    if e.placeholders >= 3 {
        return unsupported(format!(
            "The document is a blank template: its caption, title or signature holds {} placeholders such as \"[PLAINTIFF]\" or \"____\".",
            e.placeholders
        ));
    }
    if let Some(court) = e.court
        && let Some(problem) = court_problem(court)
    {
        return unsupported(format!(
            "The caption names {problem}; compliance profiles exist only for federal district courts."
        ));
    }
    let (file_scope, file_motion) = e.filename.map(from_filename).unwrap_or((None, None));
    let title_scope = e.title.and_then(designation);
    let title_motion = e.title.and_then(motion);

    if let Some(title) = e.title
        && is_sur_reply(title)
    {
        return unsupported(format!(
            "The title \"{}\" names a sur-reply. The check's document scopes cover memoranda in support, in \
             opposition and in reply, but not sur-replies, which are filed only with the court's leave and \
             under their own limits, so this paper cannot be checked.",
            shorten(title)
        ));
    }

    if e.letter {
        // A discovery letter is a letter about a discovery motion, and only that: the scope
        // and the motion type come from the same test, so they always agree.
        let motion = if discovery_text(e.body) { Some(MotionType::Discovery) } else { body_motion(e.body) };
        let motion = motion.or(file_motion);
        let discovery = motion == Some(MotionType::Discovery);
        let scope = if discovery { DocumentScope::DiscoveryLetter } else { DocumentScope::Letter };
        let mut reasoning = String::from("Letter to the court (salutation to the judge, Re: line)");
        if discovery {
            reasoning.push_str("; its text concerns a discovery motion, so it is a discovery letter");
        } else if let Some(m) = motion {
            reasoning.push_str(&format!("; its text concerns {} motion", with_article(motion_words(m))));
        }
        reasoning.push_str(". Letters are classified with medium confidence.");
        return Verdict { scope: Some(scope), motion, confidence: Confidence::Medium, reasoning };
    }

    let Some(scope) = title_scope.or(file_scope) else {
        if e.court.is_none() && !e.caption {
            return unsupported(
                "No court caption, legal title or letter to a court was found: this does not look like a court filing."
                    .into(),
            );
        }
        return unsupported("A court caption was found, but no title naming the kind of paper (memorandum, declaration, statement, letter).".into());
    };
    if e.court.is_none() && !e.caption && title_scope.is_none() {
        return unsupported(
            "Only the file name suggests a court filing; the document has no caption or legal title.".into(),
        );
    }
    // scope-specific motion: a 56.1 statement belongs to summary judgment
    let motion = match scope {
        DocumentScope::Rule561Statement => Some(MotionType::Rule56),
        _ => title_motion.or(file_motion).or_else(|| {
            // an affidavit or a brief whose title names no motion: look at the body's start
            let head: String = e.body.chars().take(2_000).collect();
            body_motion(&head).filter(|m| *m != MotionType::General)
        }),
    };
    let motion = match (scope, motion) {
        (
            DocumentScope::Affidavit | DocumentScope::SettlementStatement | DocumentScope::ProposedFindings,
            Some(MotionType::General),
        ) => None,
        (_, m) => m,
    };

    let mut confidence =
        if title_scope.is_some() && (e.caption || e.court.is_some()) { Confidence::High } else { Confidence::Medium };
    let mut reasoning = match (e.title, title_scope) {
        (Some(title), Some(_)) => {
            format!("The title \"{}\" names {}", shorten(title), with_article(scope_words(scope)))
        }
        _ => format!("The file name suggests {}", with_article(scope_words(scope))),
    };
    match (scope, motion) {
        // the scope already says which motion: "a memorandum in support of reconsideration"
        (
            DocumentScope::ReconsiderationSupport | DocumentScope::ReconsiderationReply,
            Some(MotionType::Reconsideration),
        )
        | (_, None) => {}
        (_, Some(m)) => {
            // "a memorandum in support of a … motion", "a memorandum in opposition to a …
            // motion", "a reply memorandum for a … motion"
            let preposition = match scope {
                DocumentScope::BriefSupport => "of",
                DocumentScope::BriefOpposition => "to",
                _ => "for",
            };
            reasoning.push_str(&format!(" {preposition} {} motion", with_article(motion_words(m))));
        }
    }
    if let Some(court) = e.court {
        reasoning.push_str(&format!("; the caption names the {}", title_case(court)));
    }
    reasoning.push('.');
    if let (Some(fs), Some(ts)) = (file_scope, title_scope)
        && !compatible(fs, ts)
    {
        confidence = Confidence::Medium;
        reasoning.push_str(&format!(" The file name suggests {} instead.", with_article(scope_words(fs))));
    }
    if e.body_words < 50 {
        confidence = Confidence::Medium;
        reasoning.push_str(" Very little body text was found.");
    }
    Verdict { scope: Some(scope), motion, confidence, reasoning }
}

/// A title naming a sur-reply (`SUR-REPLY`, `SURREPLY`, `SUR REPLY`, `SUR-REPLIES`).
fn is_sur_reply(title: &str) -> bool {
    let squeezed: String = title.chars().filter(|c| c.is_ascii_alphanumeric() || *c == ' ').collect();
    squeezed.contains("SURREPL") || title.contains("SUR-REPL") || title.contains("SUR REPL")
}

/// Whether a file name's scope agrees with the title's: the same paper, or the file name's
/// general form of it (`reply.pdf` for a reply on reconsideration, `memo-support.pdf` for a
/// memorandum in support of reconsideration).
fn compatible(file: DocumentScope, title: DocumentScope) -> bool {
    file == title
        || matches!(
            (file, title),
            (DocumentScope::BriefReply, DocumentScope::ReconsiderationReply)
                | (DocumentScope::BriefSupport, DocumentScope::ReconsiderationSupport)
        )
}

/// "a Rule 56 … motion", "an in limine motion", "an objection …".
fn with_article(words: &str) -> String {
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {words}")
}

fn shorten(title: &str) -> String {
    let title = title_case(title);
    if title.chars().count() > 120 { format!("{}…", title.chars().take(117).collect::<String>()) } else { title }
}

fn scope_words(scope: DocumentScope) -> &'static str {
    match scope {
        DocumentScope::BriefSupport => "memorandum in support",
        DocumentScope::BriefReply => "reply memorandum",
        DocumentScope::BriefOpposition => "memorandum in opposition",
        DocumentScope::ReconsiderationSupport => "memorandum in support of reconsideration",
        DocumentScope::ReconsiderationReply => "reply on reconsideration",
        DocumentScope::Letter => "letter",
        DocumentScope::DiscoveryLetter => "discovery letter",
        DocumentScope::ProposedFindings => "proposed findings of fact",
        DocumentScope::Affidavit => "declaration or affidavit",
        DocumentScope::SettlementStatement => "settlement statement",
        DocumentScope::ObjectionResponse => "objection or response to objections",
        DocumentScope::Rule561Statement => "Local Civil Rule 56.1 statement",
    }
}

/// The district a caption's court line names, as the catalogue's district id (`edny`,
/// `txnd`, `nhd`), when it names one of the federal districts: "<direction> DISTRICT OF
/// <state>" or "DISTRICT OF <state>".
pub fn district_id(court: &str) -> Option<String> {
    let court = court.to_uppercase();
    let direction = ["EASTERN", "WESTERN", "NORTHERN", "SOUTHERN", "CENTRAL", "MIDDLE"]
        .into_iter()
        .find(|d| court.contains(&format!("{d} DISTRICT OF ")));
    let marker = match direction {
        Some(direction) => format!("{direction} DISTRICT OF "),
        None => "DISTRICT OF ".to_owned(),
    };
    let state = court.split(marker.as_str()).nth(1)?.trim();
    let code = STATES.iter().find(|(name, _)| state.starts_with(name))?.1;
    // New York's districts are `edny`, `sdny`…; every other state's `<state><direction>d`.
    let id = match (direction, code) {
        (Some(direction), "ny") => format!("{}dny", direction[..1].to_lowercase()),
        (Some(direction), code) => format!("{code}{}d", direction[..1].to_lowercase()),
        (None, code) => format!("{code}d"),
    };
    DISTRICTS.contains(&id.as_str()).then_some(id)
}

/// The states, D.C. and Puerto Rico (the territories' courts are not "district of" courts), by their USPS codes (as the
/// catalogue's district ids are built).
const STATES: [(&str, &str); 52] = [
    ("ALABAMA", "al"),
    ("ALASKA", "ak"),
    ("ARIZONA", "az"),
    ("ARKANSAS", "ar"),
    ("CALIFORNIA", "ca"),
    ("COLORADO", "co"),
    ("CONNECTICUT", "ct"),
    ("DELAWARE", "de"),
    ("COLUMBIA", "dc"),
    ("FLORIDA", "fl"),
    ("GEORGIA", "ga"),
    ("HAWAII", "hi"),
    ("IDAHO", "id"),
    ("ILLINOIS", "il"),
    ("INDIANA", "in"),
    ("IOWA", "ia"),
    ("KANSAS", "ks"),
    ("KENTUCKY", "ky"),
    ("LOUISIANA", "la"),
    ("MAINE", "me"),
    ("MARYLAND", "md"),
    ("MASSACHUSETTS", "ma"),
    ("MICHIGAN", "mi"),
    ("MINNESOTA", "mn"),
    ("MISSISSIPPI", "ms"),
    ("MISSOURI", "mo"),
    ("MONTANA", "mt"),
    ("NEBRASKA", "ne"),
    ("NEVADA", "nv"),
    ("NEW HAMPSHIRE", "nh"),
    ("NEW JERSEY", "nj"),
    ("NEW MEXICO", "nm"),
    ("NEW YORK", "ny"),
    ("NORTH CAROLINA", "nc"),
    ("NORTH DAKOTA", "nd"),
    ("OHIO", "oh"),
    ("OKLAHOMA", "ok"),
    ("OREGON", "or"),
    ("PENNSYLVANIA", "pa"),
    ("PUERTO RICO", "pr"),
    ("RHODE ISLAND", "ri"),
    ("SOUTH CAROLINA", "sc"),
    ("SOUTH DAKOTA", "sd"),
    ("TENNESSEE", "tn"),
    ("TEXAS", "tx"),
    ("UTAH", "ut"),
    ("VERMONT", "vt"),
    ("VIRGINIA", "va"),
    ("WASHINGTON", "wa"),
    ("WEST VIRGINIA", "wv"),
    ("WISCONSIN", "wi"),
    ("WYOMING", "wy"),
];

/// The federal districts' ids, as the catalogue (data/courts/courts.json) has them: a
/// caption that names no real district ("Northern District of Alaska") names none.
const DISTRICTS: [&str; 91] = [
    "akd", "almd", "alnd", "alsd", "ared", "arwd", "azd", "cacd", "caed", "cand", "casd", "cod", "ctd", "dcd", "ded",
    "edny", "flmd", "flnd", "flsd", "gamd", "gand", "gasd", "hid", "iand", "iasd", "idd", "ilcd", "ilnd", "ilsd",
    "innd", "insd", "ksd", "kyed", "kywd", "laed", "lamd", "lawd", "mad", "mdd", "med", "mied", "miwd", "mnd", "moed",
    "mowd", "msnd", "mssd", "mtd", "nced", "ncmd", "ncwd", "ndd", "ndny", "ned", "nhd", "njd", "nmd", "nvd", "ohnd",
    "ohsd", "oked", "oknd", "okwd", "ord", "paed", "pamd", "pawd", "prd", "rid", "scd", "sdd", "sdny", "tned", "tnmd",
    "tnwd", "txed", "txnd", "txsd", "txwd", "utd", "vaed", "vawd", "vtd", "waed", "wawd", "wdny", "wied", "wiwd",
    "wvnd", "wvsd", "wyd",
];

fn motion_words(motion: MotionType) -> &'static str {
    match motion {
        MotionType::Rule12 => "Rule 12 (dismissal)",
        MotionType::Rule56 => "Rule 56 (summary judgment)",
        MotionType::Rule50 => "Rule 50 (judgment as a matter of law)",
        MotionType::Rule59 => "Rule 59 (new trial or amended judgment)",
        MotionType::Rule60 => "Rule 60 (relief from judgment)",
        MotionType::Daubert => "Daubert (expert exclusion)",
        MotionType::Tro => "temporary restraining order",
        MotionType::PreliminaryInjunction => "preliminary injunction",
        MotionType::Reconsideration => "reconsideration",
        MotionType::Discovery => "discovery",
        MotionType::MotionToAmend => "leave-to-amend",
        MotionType::MotionInLimine => "in limine",
        MotionType::General => "general",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence<'a>(title: Option<&'a str>, letter: bool, body: &'a str, filename: Option<&'a str>) -> Evidence<'a> {
        Evidence {
            court: Some("UNITED STATES DISTRICT COURT EASTERN DISTRICT OF NEW YORK"),
            caption: !letter,
            title,
            letter,
            body,
            filename,
            placeholders: 0,
            fillable: false,
            body_words: 500,
        }
    }

    const COMPEL_LETTER: &str = "WE WRITE TO REQUEST A CONFERENCE REGARDING PLAINTIFF'S FAILURE TO PRODUCE DOCUMENTS \
        RESPONSIVE TO OUR REQUESTS AND TO SEEK AN ORDER COMPELLING DISCOVERY OF THE WITHHELD EMAILS. THE PARTIES \
        MET AND CONFERRED ON FEBRUARY 1 BUT COULD NOT RESOLVE THE DISPUTE.";

    #[test]
    fn a_letter_about_compelling_discovery_is_a_discovery_letter() {
        let v = decide(&evidence(None, true, COMPEL_LETTER, None));
        assert_eq!(v.scope, Some(DocumentScope::DiscoveryLetter));
        assert_eq!(v.motion, Some(MotionType::Discovery));
        assert_eq!(v.confidence, Confidence::Medium);
        assert!(v.reasoning.contains("discovery letter"), "{}", v.reasoning);
    }

    #[test]
    fn letter_scope_and_motion_agree() {
        let bodies = [
            COMPEL_LETTER,
            "DEFENDANTS REQUEST A PRE-MOTION CONFERENCE ON THEIR ANTICIPATED MOTION TO DISMISS UNDER RULE 12(B)(6).",
            "PLAINTIFF SEEKS A PROTECTIVE ORDER LIMITING THE DEPOSITION OF ITS CHIEF EXECUTIVE.",
            "THE INTERROGATORY RESPONSES ARE DEFICIENT.",
            "THE PARTIES JOINTLY REQUEST AN ADJOURNMENT OF THE STATUS CONFERENCE.",
            "THERE ARE COMPELLING REASONS TO SEAL THE EXHIBITS, WHICH CONTAIN TRADE SECRETS.",
            "DEFENDANTS WILL MOVE TO COMPEL ARBITRATION OF PLAINTIFF'S CLAIMS.",
        ];
        for body in bodies {
            let v = decide(&evidence(None, true, body, None));
            assert_eq!(
                v.scope == Some(DocumentScope::DiscoveryLetter),
                v.motion == Some(MotionType::Discovery),
                "{body}: {:?} {:?}",
                v.scope,
                v.motion
            );
        }
    }

    #[test]
    fn compelling_as_an_adjective_is_not_discovery() {
        for body in [
            "THERE ARE COMPELLING REASONS TO SEAL THE EXHIBITS.",
            "THE STATE HAS A COMPELLING INTEREST IN THE DISCLOSURE OF DONORS.",
            "DEFENDANTS WILL MOVE TO COMPEL ARBITRATION OF THE DOCUMENT CLAIMS.",
        ] {
            assert!(!discovery_text(body), "{body}");
            let v = decide(&evidence(None, true, body, None));
            assert_eq!(v.scope, Some(DocumentScope::Letter), "{body}");
            assert_ne!(v.motion, Some(MotionType::Discovery), "{body}");
        }
        for body in [
            COMPEL_LETTER,
            "WE ASK THE COURT TO COMPEL DEFENDANTS TO PRODUCE THE LEDGERS.",
            "PLAINTIFF INTENDS TO FILE A MOTION TO COMPEL.",
            "THE RESPONSES TO OUR INTERROGATORIES ARE DEFICIENT.",
        ] {
            assert!(discovery_text(body), "{body}");
        }
    }

    #[test]
    fn a_pre_motion_letter_keeps_its_motion() {
        let body = "DEFENDANTS REQUEST A PRE-MOTION CONFERENCE ON THEIR ANTICIPATED MOTION TO DISMISS THE COMPLAINT \
            UNDER RULE 12(B)(6). DISCOVERY HAS NOT BEGUN.";
        let v = decide(&evidence(None, true, body, None));
        assert_eq!(v.scope, Some(DocumentScope::Letter));
        assert_eq!(v.motion, Some(MotionType::Rule12));
        assert!(v.reasoning.contains("concerns a Rule 12 (dismissal) motion"), "{}", v.reasoning);
    }

    const TITLES: [(&str, DocumentScope); 7] = [
        ("MEMORANDUM OF LAW IN OPPOSITION TO DEFENDANT'S MOTION FOR SUMMARY JUDGMENT", DocumentScope::BriefOpposition),
        ("REPLY MEMORANDUM OF LAW IN FURTHER SUPPORT OF MOTION TO DISMISS", DocumentScope::BriefReply),
        ("MEMORANDUM OF LAW IN SUPPORT OF MOTION FOR RECONSIDERATION", DocumentScope::ReconsiderationSupport),
        ("REPLY MEMORANDUM IN FURTHER SUPPORT OF MOTION FOR RECONSIDERATION", DocumentScope::ReconsiderationReply),
        ("DECLARATION OF JANE DOE IN SUPPORT OF MOTION FOR SUMMARY JUDGMENT", DocumentScope::Affidavit),
        (
            "DEFENDANT'S STATEMENT OF UNDISPUTED MATERIAL FACTS PURSUANT TO LOCAL CIVIL RULE 56.1",
            DocumentScope::Rule561Statement,
        ),
        ("MEMORANDUM OF LAW IN SUPPORT OF MOTION TO DISMISS", DocumentScope::BriefSupport),
    ];

    #[test]
    fn generic_file_names_do_not_lower_confidence() {
        for (title, scope) in TITLES {
            for name in ["brief.pdf", "memo.pdf", "Memorandum.pdf", "MOL.pdf", "document.pdf", "scan0001.pdf"] {
                let v = decide(&evidence(Some(title), false, "", Some(name)));
                assert_eq!(v.scope, Some(scope), "{title} / {name}");
                assert_eq!(v.confidence, Confidence::High, "{title} / {name}: {}", v.reasoning);
                assert!(!v.reasoning.contains("file name"), "{}", v.reasoning);
            }
        }
    }

    #[test]
    fn a_specific_file_name_that_contradicts_the_title_lowers_confidence() {
        let title = "MEMORANDUM OF LAW IN OPPOSITION TO DEFENDANT'S MOTION FOR SUMMARY JUDGMENT";
        for (name, words) in [
            ("memo-support-msj.pdf", "a memorandum in support"),
            ("reply.pdf", "a reply memorandum"),
            ("decl.pdf", "a declaration or affidavit"),
        ] {
            let v = decide(&evidence(Some(title), false, "", Some(name)));
            assert_eq!(v.scope, Some(DocumentScope::BriefOpposition));
            assert_eq!(v.confidence, Confidence::Medium, "{name}");
            assert!(v.reasoning.ends_with(&format!("The file name suggests {words} instead.")), "{}", v.reasoning);
        }
        // agreeing names keep high confidence, including the general form of a reconsideration paper
        for (title, name) in [
            (title, "opp-msj.pdf"),
            ("REPLY MEMORANDUM IN FURTHER SUPPORT OF MOTION FOR RECONSIDERATION", "reply.pdf"),
            ("MEMORANDUM OF LAW IN SUPPORT OF MOTION FOR RECONSIDERATION", "mol-iso-reconsideration.pdf"),
        ] {
            let v = decide(&evidence(Some(title), false, "", Some(name)));
            assert_eq!(v.confidence, Confidence::High, "{name}: {}", v.reasoning);
        }
    }

    #[test]
    fn file_name_scopes() {
        assert_eq!(from_filename("brief.pdf").0, None);
        assert_eq!(from_filename("memo.pdf").0, None);
        assert_eq!(from_filename("memorandum of law.pdf").0, None);
        assert_eq!(from_filename("memo-support.pdf").0, Some(DocumentScope::BriefSupport));
        assert_eq!(from_filename("mol iso mtd.pdf"), (Some(DocumentScope::BriefSupport), Some(MotionType::Rule12)));
        assert_eq!(
            from_filename("2024-06-14 opp msj.pdf"),
            (Some(DocumentScope::BriefOpposition), Some(MotionType::Rule56))
        );
        assert_eq!(from_filename("sur-reply.pdf").0, None);
        assert_eq!(from_filename("surreply mtd.pdf").0, None);
        assert_eq!(from_filename("reply.pdf").0, Some(DocumentScope::BriefReply));
    }

    #[test]
    fn a_sur_reply_is_not_supported() {
        for title in [
            "SUR-REPLY MEMORANDUM OF LAW IN OPPOSITION TO MOTION TO DISMISS",
            "PLAINTIFF'S SURREPLY IN FURTHER OPPOSITION TO MOTION FOR SUMMARY JUDGMENT",
            "SUR REPLY MEMORANDUM",
        ] {
            let v = decide(&evidence(Some(title), false, "", None));
            assert_eq!(v.scope, None, "{title}");
            assert_eq!(v.motion, None);
            assert_eq!(v.confidence, Confidence::Low);
            assert!(v.reasoning.contains("names a sur-reply"), "{}", v.reasoning);
            assert!(v.reasoning.contains("not sur-replies"), "{}", v.reasoning);
        }
        // a reply stays a reply, and words merely containing "sur" do not matter
        for title in ["REPLY MEMORANDUM IN FURTHER SUPPORT OF MOTION TO DISMISS", "REPLY ON MEASURE OF DAMAGES"] {
            assert_eq!(decide(&evidence(Some(title), false, "", None)).scope, Some(DocumentScope::BriefReply));
        }
    }

    #[test]
    fn reasoning_grammar() {
        let cases = [
            (
                "MEMORANDUM OF LAW IN OPPOSITION TO DEFENDANT'S MOTION FOR SUMMARY JUDGMENT",
                "names a memorandum in opposition to a Rule 56 (summary judgment) motion;",
            ),
            (
                "MEMORANDUM OF LAW IN SUPPORT OF MOTION FOR RECONSIDERATION",
                "names a memorandum in support of reconsideration;",
            ),
            ("MEMORANDUM OF LAW IN SUPPORT OF DEFENDANT'S MOTIONS IN LIMINE", "in support of an in limine motion;"),
            ("OBJECTIONS TO REPORT AND RECOMMENDATION", "names an objection or response to objections;"),
            ("MEMORANDUM OF LAW IN SUPPORT OF MOTION TO DISMISS", "names a memorandum in support of a Rule 12"),
        ];
        for (title, words) in cases {
            let v = decide(&evidence(Some(title), false, "", None));
            assert!(v.reasoning.contains(words), "{}", v.reasoning);
        }
    }

    #[test]
    fn title_motions() {
        assert_eq!(motion("MEMORANDUM IN SUPPORT OF MOTION TO COMPEL DISCOVERY"), Some(MotionType::Discovery));
        assert_eq!(motion("MEMORANDUM IN SUPPORT OF MOTION FOR A PROTECTIVE ORDER"), Some(MotionType::Discovery));
        assert_eq!(motion("MEMORANDUM IN SUPPORT OF MOTION TO COMPEL ARBITRATION"), Some(MotionType::General));
    }

    #[test]
    fn caption_districts_are_the_catalogue_ids() {
        let cases = [
            ("UNITED STATES DISTRICT COURT EASTERN DISTRICT OF NEW YORK", Some("edny")),
            ("UNITED STATES DISTRICT COURT FOR THE SOUTHERN DISTRICT OF NEW YORK", Some("sdny")),
            ("UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF TEXAS", Some("txnd")),
            ("United States District Court for the Northern District of Illinois", Some("ilnd")),
            ("UNITED STATES DISTRICT COURT WESTERN DISTRICT OF MICHIGAN", Some("miwd")),
            ("UNITED STATES DISTRICT COURT EASTERN DISTRICT OF MICHIGAN", Some("mied")),
            ("UNITED STATES DISTRICT COURT DISTRICT OF NEW HAMPSHIRE", Some("nhd")),
            ("UNITED STATES DISTRICT COURT FOR THE DISTRICT OF COLUMBIA", Some("dcd")),
            ("UNITED STATES DISTRICT COURT FOR THE DISTRICT OF PUERTO RICO", Some("prd")),
            ("UNITED STATES DISTRICT COURT CENTRAL DISTRICT OF CALIFORNIA", Some("cacd")),
            ("UNITED STATES DISTRICT COURT SOUTHERN DISTRICT OF WEST VIRGINIA", Some("wvsd")),
            ("UNITED STATES DISTRICT COURT WESTERN DISTRICT OF VIRGINIA", Some("vawd")),
            ("UNITED STATES DISTRICT COURT DISTRICT OF KANSAS", Some("ksd")),
            ("UNITED STATES DISTRICT COURT EASTERN DISTRICT OF ARKANSAS", Some("ared")),
            // No such district, and no district named.
            ("UNITED STATES DISTRICT COURT NORTHERN DISTRICT OF ALASKA", None),
            ("SUPREME COURT OF THE STATE OF NEW YORK", None),
        ];
        for (court, id) in cases {
            assert_eq!(district_id(court).as_deref(), id, "{court}");
        }
    }
}
