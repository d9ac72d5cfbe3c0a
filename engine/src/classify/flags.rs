//! The structural flags of the check request's `document`: caption, signature block and
//! sections (with the word count a certificate of compliance states).

use super::layout::Line;
use super::structure::{
    PageKind, PageText, Role, Structure, is_caption_marker, is_certificate_heading, is_court_line, is_district_line,
};
use super::text::{has_docket_number, normalize, placeholder_count};
use crate::model::{Caption, DocumentScope, Sections, SignatureBlock};

/// Lines with a given role, in reading order, with their page.
pub fn lines_with<'a>(
    pages: &'a [PageText],
    s: &'a Structure,
    role: Role,
) -> impl Iterator<Item = (usize, &'a Line)> + 'a {
    pages.iter().enumerate().flat_map(move |(p, page)| {
        page.lines.iter().zip(&s.roles[p]).filter(move |(_, r)| **r == role).map(move |(l, _)| (p, l))
    })
}

fn joined<'a>(lines: impl Iterator<Item = &'a Line>) -> String {
    let mut out = String::new();
    for line in lines {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&line.text);
    }
    out
}

pub struct CaptionFacts {
    pub caption: Caption,
    /// The court line(s), normalized, when the first page names a court.
    pub court: Option<String>,
    pub title: Option<String>,
    pub placeholders: usize,
}

pub fn caption(pages: &[PageText], s: &Structure) -> CaptionFacts {
    let caption_lines: Vec<&Line> = lines_with(pages, s, Role::Caption).map(|(_, l)| l).collect();
    let title_lines: Vec<&Line> = lines_with(pages, s, Role::Title).map(|(_, l)| l).collect();
    let title = (!title_lines.is_empty()).then(|| normalize(&joined(title_lines.iter().copied())));
    let preamble: Vec<&Line> = lines_with(pages, s, Role::Preamble).map(|(_, l)| l).collect();
    let court_lines: Vec<&Line> = if caption_lines.is_empty() {
        // a letter names the court in its addressee block; a form at its top
        let first = pages.iter().position(|p| !p.lines.is_empty());
        let top: Vec<&Line> =
            first.map(|p| pages[p].lines.iter().take(4).filter(|l| is_court_line(l)).collect()).unwrap_or_default();
        top
    } else {
        caption_lines.iter().copied().take_while(|l| is_court_line(l) || is_district_line(l)).take(4).collect()
    };
    let court = (!court_lines.is_empty()).then(|| normalize(&joined(court_lines.iter().copied())));
    let preamble_text = normalize(&joined(preamble.iter().copied()));
    let caption_text = joined(caption_lines.iter().copied());
    let placeholders = placeholder_count(&caption_text) + title.as_deref().map_or(0, placeholder_count);

    let present = !caption_lines.is_empty() && caption_lines.iter().any(|l| is_caption_marker(&l.text));
    let court_in_preamble = preamble_text.contains("COURT");
    // party names: caption lines that are neither court, marker nor docket
    let parties: Vec<&Line> = caption_lines
        .iter()
        .copied()
        .filter(|l| !court_lines.iter().any(|c| std::ptr::eq(*c, *l)) && !is_caption_marker(&l.text))
        .collect();
    let real_parties =
        parties.iter().any(|l| placeholder_count(&l.text) == 0 && l.text.chars().any(char::is_alphabetic));
    let versus = caption_lines.iter().any(|l| {
        let t = normalize(&l.text);
        t.contains("AGAINST") || t.trim_matches('.') == "V" || t == "VS."
    });
    let case_title = (present && versus && real_parties) || (s.letter && preamble_text.contains(" V. "));
    let docket = if present { has_docket_number(&caption_text) } else { has_docket_number(&preamble_text) };
    let designation = title
        .as_deref()
        .is_some_and(|t| placeholder_count(t) == 0 && (super::doctype::designation(t).is_some() || is_paper_word(t)));
    CaptionFacts {
        caption: Caption {
            present,
            has_court_name: court.as_deref().is_some_and(|c| placeholder_count(c) == 0)
                || (s.letter && court_in_preamble),
            has_case_title: case_title,
            has_docket_number: docket,
            has_document_designation: designation,
        },
        court: court.filter(|_| !s.letter),
        title,
        placeholders: placeholders + signature_placeholders(pages, s),
    }
}

fn is_paper_word(title: &str) -> bool {
    ["NOTICE", "ORDER", "COMPLAINT", "ANSWER", "STIPULATION", "PETITION", "APPLICATION", "REQUEST"]
        .iter()
        .any(|w| title.contains(w))
}

fn signature_placeholders(pages: &[PageText], s: &Structure) -> usize {
    lines_with(pages, s, Role::Signature).map(|(_, l)| placeholder_count(&l.text)).sum()
}

pub fn signature(pages: &[PageText], s: &Structure) -> SignatureBlock {
    if s.signature.is_empty() {
        return SignatureBlock::default();
    }
    // the block's lines, on both sides of a page break that cuts it
    let lines: Vec<&Line> = s.signature.iter().map(|&(p, i)| &pages[p].lines[i]).collect();
    let texts: Vec<String> = lines.iter().map(|l| l.text.clone()).filter(|t| placeholder_count(t) == 0).collect();
    let upper: Vec<String> = texts.iter().map(|t| normalize(t)).collect();
    let all = upper.join("\n");
    let electronic = upper.iter().any(|t| {
        let after = t.split("/S/").nth(1).map(str::trim).unwrap_or("");
        after.split(' ').filter(|w| w.chars().any(char::is_alphabetic)).count() >= 2
    });
    let attorney_context = all.contains("ATTORNEY")
        || all.contains("COUNSEL FOR")
        || all.contains("ESQ")
        || all.contains("BY:")
        || all.contains("LLP")
        || all.contains("LLC")
        || all.contains("P.C.")
        || all.contains("LAW OFFICE")
        || all.contains("BAR NO");
    let firm = lines.iter().any(|l| {
        let t = normalize(&l.text);
        placeholder_count(&l.text) == 0
            && !t.starts_with("ATTORNEY")
            && (t.contains("LLP")
                || t.contains("LLC")
                || t.contains("P.C.")
                || t.contains("PLLC")
                || t.contains("LAW OFFICE")
                || t.contains("LAW GROUP")
                || t.contains(" & ")
                || (l.bold && t.split(' ').count() <= 6 && !t.contains("/S/")))
    });
    let address = upper.iter().any(|t| is_address(t));
    let email = texts.iter().any(|t| t.split_whitespace().any(is_email));
    let phone = upper.iter().any(|t| has_phone(t));
    SignatureBlock {
        present: true,
        has_attorney_name: attorney_context
            && (electronic || upper.iter().any(|t| t.starts_with("BY:") && t.len() > 8)),
        has_firm_name: firm,
        has_address: address,
        has_email: email,
        has_phone: phone,
        is_electronic_signature: electronic,
    }
}

fn is_address(t: &str) -> bool {
    const STREET: [&str; 16] = [
        "STREET",
        " ST.",
        "AVENUE",
        " AVE",
        "ROAD",
        " RD.",
        "PLAZA",
        "SQUARE",
        "BOULEVARD",
        " BLVD",
        "SUITE",
        "FLOOR",
        " LANE",
        " COURT",
        " ROW",
        "DRIVE",
    ];
    let starts_with_number = t.chars().next().is_some_and(|c| c.is_ascii_digit());
    let zip = t.split([' ', ',']).any(|w| w.len() == 5 && w.chars().all(|c| c.is_ascii_digit()))
        || t.split([' ', ',']).any(|w| w.len() == 10 && w.as_bytes()[5] == b'-');
    (starts_with_number && STREET.iter().any(|s| t.contains(s))) || (zip && t.contains(','))
}

fn is_email(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    match w.split_once('@') {
        Some((user, domain)) => !user.is_empty() && domain.contains('.') && !domain.starts_with('.'),
        None => false,
    }
}

/// `(212) 555-0163`, `212-555-0163`, `212.555.0163`.
pub fn has_phone(t: &str) -> bool {
    let digits: Vec<char> =
        t.chars().filter(|c| c.is_ascii_digit() || matches!(c, '(' | ')' | '-' | '.' | ' ')).collect();
    let compact: String = digits.iter().collect();
    for run in compact.split(' ').collect::<Vec<_>>().windows(2) {
        let joined = format!("{} {}", run[0], run[1]);
        if shape(&joined) == "(ddd) ddd-dddd" {
            return true;
        }
    }
    compact.split(' ').any(|w| matches!(shape(w).as_str(), "ddd-ddd-dddd" | "ddd.ddd.dddd"))
}

fn shape(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_digit() { 'd' } else { c }).collect()
}

pub fn sections(
    pages: &[PageText],
    s: &Structure,
    scope: Option<DocumentScope>,
    title: Option<&str>,
    body: &str,
) -> Sections {
    let scope_is_561 = scope == Some(DocumentScope::Rule561Statement);
    let heading = |test: &dyn Fn(&str) -> bool| {
        pages.iter().enumerate().any(|(p, page)| {
            page.lines
                .iter()
                .zip(&s.roles[p])
                .any(|(l, r)| *r != Role::Running && l.word_count() <= 10 && test(&normalize(&l.text)))
        })
    };
    let title = title.unwrap_or("");
    let certificate_text = |what: &str| -> Option<String> {
        let mut text = String::new();
        let mut inside = false;
        for (p, page) in pages.iter().enumerate() {
            for (line, role) in page.lines.iter().zip(&s.roles[p]) {
                if *role != Role::Certificate {
                    inside = false;
                    continue;
                }
                let t = normalize(&line.text);
                if is_certificate_heading(&t) {
                    inside = t.contains(what);
                }
                if inside {
                    text.push_str(&t);
                    text.push(' ');
                }
            }
        }
        (!text.is_empty()).then_some(text)
    };
    let compliance = certificate_text("COMPLIANCE").or_else(|| certificate_text("WORD COUNT"));
    let has_compliance = compliance.is_some();
    let certificate_word_count = compliance.as_deref().and_then(stated_word_count);
    Sections {
        has_toc: s.kinds.contains(&PageKind::Toc),
        has_toa: s.kinds.contains(&PageKind::Toa),
        has_certificate_of_compliance: has_compliance,
        has_certificate_of_service: heading(&|t| is_certificate_heading(t) && t.contains("SERVICE")),
        has_numbered_paragraphs: numbered_paragraphs(pages, s) >= 3,
        has_56_1_statement: scope_is_561 && !title.contains("COUNTER") && !title.contains("RESPONSE"),
        has_56_1_counterstatement: title.contains("56.1") && (title.contains("COUNTER") || title.contains("RESPONSE"))
            || body.contains("56.1 COUNTERSTATEMENT")
            || body.contains("56.1 COUNTER-STATEMENT"),
        has_proposed_amended_pleading: heading(&|t| {
            t.contains("PROPOSED")
                && t.contains("AMENDED")
                && (t.contains("COMPLAINT") || t.contains("ANSWER") || t.contains("PLEADING"))
        }),
        has_verbatim_discovery_text: heading(&|t| {
            [
                "INTERROGATORY NO",
                "REQUEST NO",
                "REQUEST FOR PRODUCTION NO",
                "DOCUMENT REQUEST NO",
                "REQUEST FOR ADMISSION NO",
            ]
            .iter()
            .any(|h| t.starts_with(h))
        }),
        has_conferral_certification: conferral(body),
        has_notice_of_motion: title.contains("NOTICE OF MOTION") || heading(&|t| t == "NOTICE OF MOTION"),
        has_memorandum_of_law: title.contains("MEMORANDUM") || title.contains("BRIEF"),
        // a declaration or affidavit attached after the first page of another paper
        has_supporting_affidavits: scope != Some(DocumentScope::Affidavit)
            && pages.iter().enumerate().skip(1).any(|(p, page)| {
                page.lines.iter().zip(&s.roles[p]).filter(|(_, r)| **r != Role::Running).take(3).any(|(l, _)| {
                    let t = normalize(&l.text);
                    l.word_count() <= 12 && (t.starts_with("DECLARATION OF") || t.starts_with("AFFIDAVIT OF"))
                })
            }),
        has_pro_se_sj_notice: body.contains("NOTICE TO PRO SE LITIGANT")
            || heading(&|t| t.contains("LOCAL CIVIL RULE 56.2")),
        certificate_word_count,
    }
}

/// "contains 6,589 words" → 6589: the number right before "words" (or after "word count").
fn stated_word_count(text: &str) -> Option<u32> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let parse = |w: &str| -> Option<u32> {
        let digits: String = w.chars().filter(|c| c.is_ascii_digit()).collect();
        let clean = w.trim_matches(|c: char| !c.is_ascii_digit());
        (!digits.is_empty() && clean.chars().all(|c| c.is_ascii_digit() || c == ',') && digits.len() <= 7)
            .then(|| digits.parse().ok())
            .flatten()
    };
    for (i, w) in words.iter().enumerate() {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        if w == "WORDS"
            && i > 0
            && let Some(n) = parse(words[i - 1])
        {
            return Some(n);
        }
        if w == "COUNT"
            && i > 0
            && words[i - 1] == "WORD"
            && let Some(n) = words.iter().skip(i + 1).take(4).find_map(|w| parse(w))
        {
            return Some(n);
        }
    }
    None
}

/// Body lines that start with "N." where N runs 1, 2, 3, ….
fn numbered_paragraphs(pages: &[PageText], s: &Structure) -> usize {
    let mut next = 1u32;
    for (p, page) in pages.iter().enumerate() {
        for (line, role) in page.lines.iter().zip(&s.roles[p]) {
            if *role != Role::Body {
                continue;
            }
            let first = line.text.split(' ').next().unwrap_or("");
            if let Some(number) = first.strip_suffix('.').and_then(|n| n.parse::<u32>().ok())
                && number == next
            {
                next += 1;
            }
        }
    }
    (next - 1) as usize
}

/// A statement that counsel met and conferred.
fn conferral(body: &str) -> bool {
    body.split(['.', ';']).any(|sentence| {
        let conferred = sentence.contains("MEET AND CONFER")
            || sentence.contains("MET AND CONFERRED")
            || sentence.contains("CONFERRED");
        let who = sentence.contains("COUNSEL") || sentence.contains("THE PARTIES") || sentence.contains(" WE ");
        conferred && who
    })
}
