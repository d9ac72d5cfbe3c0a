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

/// The motion a text names, most specific first.
pub fn motion(t: &str) -> Option<MotionType> {
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
        (has("COMPEL") || has("PROTECTIVE ORDER") || has("RULE 37") || has("DISCOVERY DISPUTE"), MotionType::Discovery),
        (has("MOTION"), MotionType::General),
    ];
    table.iter().find(|(hit, _)| *hit).map(|(_, m)| *m)
}

/// Scope and motion suggested by a file name such as `2024-06-14 opp msj.pdf`.
fn from_filename(name: &str) -> (Option<DocumentScope>, Option<MotionType>) {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> =
        lower.split(|c: char| !c.is_ascii_alphanumeric() && c != '.').filter(|w| !w.is_empty()).collect();
    let has = |w: &str| words.iter().any(|x| x.trim_end_matches(".pdf") == w);
    let scope = if has("56.1") || has("561") || lower.contains("56.1") {
        Some(DocumentScope::Rule561Statement)
    } else if has("decl") || has("declaration") || has("affidavit") || has("aff") {
        Some(DocumentScope::Affidavit)
    } else if has("letter") || has("ltr") {
        Some(DocumentScope::Letter)
    } else if has("reply") {
        Some(DocumentScope::BriefReply)
    } else if has("opp") || has("opposition") || has("opp'n") {
        Some(DocumentScope::BriefOpposition)
    } else if has("memo") || has("memorandum") || has("brief") || has("mol") {
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

    if e.letter {
        let discovery = ["COMPEL", "DISCOVERY DISPUTE", "INTERROGATOR", "DOCUMENT REQUEST", "RULE 37", "DEFICIEN"]
            .iter()
            .filter(|w| e.body.contains(*w))
            .count()
            >= 2;
        let scope = if discovery { DocumentScope::DiscoveryLetter } else { DocumentScope::Letter };
        let motion = if discovery { Some(MotionType::Discovery) } else { motion(e.body).or(file_motion) };
        let mut reasoning = String::from("Letter to the court (salutation to the judge, Re: line)");
        if let Some(m) = motion {
            reasoning.push_str(&format!("; its text concerns a {} motion", motion_words(m)));
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
            motion(&head).filter(|m| *m != MotionType::General)
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
        (Some(title), Some(_)) => format!("The title \"{}\" names a {}", shorten(title), scope_words(scope)),
        _ => format!("The file name suggests a {}", scope_words(scope)),
    };
    if let Some(m) = motion {
        // "a memorandum in support of a … motion", "a reply memorandum for a … motion"
        let preposition = match scope {
            DocumentScope::BriefSupport | DocumentScope::BriefOpposition => "of",
            _ => "for",
        };
        reasoning.push_str(&format!(" {preposition} a {} motion", motion_words(m)));
    }
    if let Some(court) = e.court {
        reasoning.push_str(&format!("; the caption names the {}", title_case(court)));
    }
    reasoning.push('.');
    if let (Some(fs), Some(ts)) = (file_scope, title_scope)
        && fs != ts
    {
        confidence = Confidence::Medium;
        reasoning.push_str(&format!(" The file name suggests a {} instead.", scope_words(fs)));
    }
    if e.body_words < 50 {
        confidence = Confidence::Medium;
        reasoning.push_str(" Very little body text was found.");
    }
    Verdict { scope: Some(scope), motion, confidence, reasoning }
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
        DocumentScope::ReconsiderationSupport => "motion for reconsideration",
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

/// The district a caption's court line names, as a district id (`edny`), when it follows
/// the "<direction> DISTRICT OF <state>" pattern.
pub fn district_id(court: &str) -> Option<String> {
    let direction = ["EASTERN", "WESTERN", "NORTHERN", "SOUTHERN", "CENTRAL", "MIDDLE"]
        .iter()
        .find(|d| court.contains(&format!("{d} DISTRICT OF")))?;
    let state = court.split(&format!("{direction} DISTRICT OF ")).nth(1)?.trim();
    let code = STATES.iter().find(|(name, _)| state.starts_with(name))?.1;
    Some(format!("{}d{}", direction[..1].to_lowercase(), code))
}

const STATES: [(&str, &str); 22] = [
    ("NEW YORK", "ny"),
    ("CALIFORNIA", "cal"),
    ("TEXAS", "tx"),
    ("FLORIDA", "fl"),
    ("PENNSYLVANIA", "pa"),
    ("ILLINOIS", "il"),
    ("MICHIGAN", "mi"),
    ("OHIO", "oh"),
    ("VIRGINIA", "va"),
    ("NORTH CAROLINA", "nc"),
    ("GEORGIA", "ga"),
    ("LOUISIANA", "la"),
    ("TENNESSEE", "tn"),
    ("MISSOURI", "mo"),
    ("WISCONSIN", "wi"),
    ("WASHINGTON", "wa"),
    ("OKLAHOMA", "ok"),
    ("ALABAMA", "al"),
    ("MISSISSIPPI", "ms"),
    ("KENTUCKY", "ky"),
    ("INDIANA", "in"),
    ("IOWA", "ia"),
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
