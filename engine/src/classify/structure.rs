//! The document's structure: which pages are front matter, body or back matter, and which
//! lines of the body are counted as words. Everything here works on lines and their
//! geometry, so recognised (OCR) text and a text layer are treated alike.

use super::layout::Line;
use super::text::{digit_shape, is_ecf_stamp, is_page_number, normalize};

/// One page as the analysis sees it.
pub struct PageText {
    pub width: f64,
    pub height: f64,
    /// Top to bottom.
    pub lines: Vec<Line>,
    /// No text layer and something painted as an image.
    pub scanned: bool,
    /// Scanned and no recognised text was supplied.
    pub unread: bool,
    /// Carries the widgets of a fillable form.
    pub form: bool,
    /// Its text layer is a text recognizer's invisible text over a scanned image.
    pub recognized: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageKind {
    Cover,
    Toc,
    Toa,
    Body,
    Certificate,
    Exhibits,
    Form,
    Blank,
    Unread,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Running header or footer (page numbers, CM/ECF stamp).
    Running,
    Caption,
    Title,
    /// A letter's letterhead, date, addressee, `Re:` and salutation.
    Preamble,
    Body,
    Footnote,
    Signature,
    Certificate,
    /// Cover, contents, authorities, exhibit lists, form labels.
    Other,
}

pub struct Structure {
    pub kinds: Vec<PageKind>,
    pub roles: Vec<Vec<Role>>,
    pub words: Vec<u32>,
    /// Final page roles: front matter, body, back matter.
    pub front: Vec<bool>,
    pub back: Vec<bool>,
    pub letter: bool,
    /// The lines of the main signature block, (page, line) in reading order: from its
    /// first line, across a page break when the block runs on at the top of the next page
    /// (or its closing ends the page before). Empty when there is none.
    pub signature: Vec<(usize, usize)>,
}

const COURT_WORDS: [&str; 3] = ["COURT", "TRIBUNAL", "BANKRUPTCY"];

/// Page kinds first (from headings and layout), then line roles on the first page
/// (caption and title, or a letter's preamble), footnotes, tables and certificates on body
/// pages, the signature block; then the words counted per page and the final front and
/// back matter.
pub fn analyse(pages: &[PageText], fillable: bool) -> Structure {
    let mut roles: Vec<Vec<Role>> = pages.iter().map(|p| vec![Role::Body; p.lines.len()]).collect();
    mark_running(pages, &mut roles);
    let body_size = body_size(pages, &roles);
    let frame = frame(pages, &roles);
    let spacing = Spacing { size: body_size, pitch: body_pitch(pages, &roles, body_size) };

    // page kinds
    let mut kinds = Vec::with_capacity(pages.len());
    let mut seen_body = false;
    for (i, page) in pages.iter().enumerate() {
        let content: Vec<&Line> =
            page.lines.iter().zip(&roles[i]).filter(|(_, r)| **r != Role::Running).map(|(l, _)| l).collect();
        let kind = if page.unread {
            PageKind::Unread
        } else if content.is_empty() {
            PageKind::Blank
        } else if fillable && page.form {
            PageKind::Form
        } else if let Some(kind) = heading_kind(&content) {
            match kind {
                PageKind::Toc | PageKind::Toa if seen_body => PageKind::Body,
                other => other,
            }
        } else if !seen_body
            && i > 0
            && matches!(kinds.last(), Some(PageKind::Toc | PageKind::Toa))
            && leader_share(&content) >= 0.3
        {
            *kinds.last().unwrap()
        } else if i == 0 && pages.len() > 1 && cover_like(&content, frame) {
            PageKind::Cover
        } else {
            PageKind::Body
        };
        if kind == PageKind::Body {
            seen_body = true;
        }
        kinds.push(kind);
    }

    // line roles
    for (i, kind) in kinds.iter().enumerate() {
        let fill = match kind {
            PageKind::Cover | PageKind::Toc | PageKind::Toa | PageKind::Exhibits | PageKind::Form => Some(Role::Other),
            PageKind::Certificate => Some(Role::Certificate),
            _ => None,
        };
        if let Some(fill) = fill {
            for role in roles[i].iter_mut().filter(|r| **r != Role::Running) {
                *role = fill;
            }
        }
    }
    let mut letter = false;
    if let Some(first) = kinds.iter().position(|k| matches!(k, PageKind::Body | PageKind::Cover | PageKind::Form)) {
        let page = &pages[first];
        if let Some(span) = caption_span(&page.lines, &roles[first]) {
            mark_caption_and_title(page, &mut roles[first], span, frame, spacing);
        } else if kinds[first] == PageKind::Body
            && let Some(salutation) = salutation(&page.lines, &roles[first])
        {
            letter = true;
            for role in roles[first][..=salutation].iter_mut().filter(|r| **r != Role::Running) {
                *role = Role::Preamble;
            }
            mark_letter_headers(pages, &mut roles, first + 1);
        } else if matches!(kinds[first], PageKind::Body | PageKind::Form) {
            // a title without a caption (e.g. "MEMORANDUM OF LAW" at the top)
            mark_leading_title(page, &mut roles[first], frame, spacing);
        }
    }
    for (i, page) in pages.iter().enumerate() {
        if kinds[i] == PageKind::Body {
            mark_footnotes(page, &mut roles[i], body_size);
            mark_tables(page, &mut roles[i]);
            mark_certificate_tail(page, &mut roles[i]);
        }
    }
    let signature = find_signature(pages, &kinds, &mut roles, frame);

    let words: Vec<u32> = pages
        .iter()
        .zip(&roles)
        .zip(&kinds)
        .map(|((page, roles), kind)| {
            if !matches!(kind, PageKind::Body) {
                return 0;
            }
            page.lines
                .iter()
                .zip(roles)
                .filter(|(_, r)| matches!(r, Role::Body | Role::Footnote))
                .map(|(l, _)| l.word_count())
                .sum()
        })
        .collect();

    // front and back matter
    let mut front: Vec<bool> =
        kinds.iter().map(|k| matches!(k, PageKind::Cover | PageKind::Toc | PageKind::Toa)).collect();
    let mut back: Vec<bool> = kinds.iter().map(|k| matches!(k, PageKind::Certificate | PageKind::Exhibits)).collect();
    let counted = |i: usize| words[i] > 0 || kinds[i] == PageKind::Unread;
    if let (Some(first), Some(last)) =
        ((0..pages.len()).find(|&i| counted(i)), (0..pages.len()).rev().find(|&i| counted(i)))
    {
        for i in 0..first {
            front[i] = front[i] || !back[i];
        }
        for i in last + 1..pages.len() {
            back[i] = back[i] || !front[i];
        }
    }
    Structure { kinds, roles, words, front, back, letter, signature }
}

/// Running headers and footers: page numbers and CM/ECF stamps at the top or bottom of a
/// page, and any text repeated at the same height on at least half the pages.
fn mark_running(pages: &[PageText], roles: &mut [Vec<Role>]) {
    let edges = |page: &PageText| -> Vec<usize> {
        let n = page.lines.len();
        let mut idx: Vec<usize> = (0..n.min(2)).collect();
        idx.extend(n.saturating_sub(2).max(2.min(n))..n);
        idx
    };
    let mut shapes: Vec<(String, bool)> = Vec::new();
    for page in pages {
        let mut seen = Vec::new();
        for i in edges(page) {
            let line = &page.lines[i];
            let shape = (digit_shape(&line.text), line.baseline > page.height / 2.0);
            if !seen.contains(&shape) {
                seen.push(shape);
            }
        }
        shapes.extend(seen);
    }
    let text_pages = pages.iter().filter(|p| !p.lines.is_empty()).count();
    for (page, roles) in pages.iter().zip(roles.iter_mut()) {
        for i in edges(page) {
            let line = &page.lines[i];
            let top = line.baseline > page.height / 2.0;
            let shape = (digit_shape(&line.text), top);
            let repeats = shapes.iter().filter(|s| **s == shape).count();
            let repeated = text_pages >= 3 && repeats * 2 >= text_pages && line.text.len() > 3;
            if is_ecf_stamp(&line.text) || repeated {
                roles[i] = Role::Running;
            }
        }
        // a page number is the outermost line once stamps and repeated lines are set aside
        let content: Vec<usize> = (0..page.lines.len()).filter(|&i| roles[i] != Role::Running).collect();
        for i in [content.first(), content.last()].into_iter().flatten().copied() {
            let line = &page.lines[i];
            let top = line.baseline > page.height / 2.0;
            let outermost = if top { content.first() == Some(&i) } else { content.last() == Some(&i) };
            if outermost && is_page_number(&line.text) && content.len() > 1 {
                roles[i] = Role::Running;
            }
        }
    }
}

fn body_size(pages: &[PageText], roles: &[Vec<Role>]) -> f64 {
    let mut sizes: Vec<(f64, u64)> = Vec::new();
    for (page, roles) in pages.iter().zip(roles) {
        for (line, _) in page.lines.iter().zip(roles).filter(|(_, r)| **r != Role::Running) {
            for &(_, size, count) in &line.styles {
                match sizes.iter_mut().find(|(s, _)| *s == size) {
                    Some(e) => e.1 += u64::from(count),
                    None => sizes.push((size, u64::from(count))),
                }
            }
        }
    }
    sizes.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.total_cmp(&a.0))).map_or(12.0, |s| s.0)
}

fn frame(pages: &[PageText], roles: &[Vec<Role>]) -> (f64, f64) {
    let mut left = f64::MAX;
    let mut right = f64::MIN;
    for (page, roles) in pages.iter().zip(roles) {
        for (line, _) in page.lines.iter().zip(roles).filter(|(l, r)| **r != Role::Running && !l.ocr) {
            left = left.min(line.x0);
            right = right.max(line.x1);
        }
    }
    if left >= right { (72.0, 540.0) } else { (left, right) }
}

/// The page kind a heading near the top names.
fn heading_kind(content: &[&Line]) -> Option<PageKind> {
    for line in content.iter().take(3) {
        let t = normalize(&line.text);
        let t = t.trim_matches(|c: char| !c.is_alphanumeric());
        if t.starts_with("TABLE OF CONTENTS") || t == "CONTENTS" || t == "INDEX" {
            return Some(PageKind::Toc);
        }
        if ["TABLE OF AUTHORITIES", "TABLE OF CASES", "INDEX OF AUTHORITIES", "AUTHORITIES CITED"]
            .iter()
            .any(|h| t.starts_with(h))
        {
            return Some(PageKind::Toa);
        }
        if is_certificate_heading(t) {
            return Some(PageKind::Certificate);
        }
        if ["EXHIBIT LIST", "INDEX OF EXHIBITS", "LIST OF EXHIBITS", "TABLE OF EXHIBITS"]
            .iter()
            .any(|h| t.starts_with(h))
        {
            return Some(PageKind::Exhibits);
        }
    }
    // an exhibit slip sheet: "EXHIBIT A" and little else
    let words: u32 = content.iter().map(|l| l.word_count()).sum();
    if words <= 4 && normalize(&content[0].text).starts_with("EXHIBIT") {
        return Some(PageKind::Exhibits);
    }
    None
}

pub fn is_certificate_heading(normalized: &str) -> bool {
    [
        "CERTIFICATE OF SERVICE",
        "CERTIFICATE OF COMPLIANCE",
        "CERTIFICATION OF COMPLIANCE",
        "CERTIFICATION OF SERVICE",
        "CERTIFICATE OF WORD COUNT",
        "WORD COUNT CERTIFICATION",
        "AFFIDAVIT OF SERVICE",
        "DECLARATION OF SERVICE",
        "AFFIRMATION OF SERVICE",
        "PROOF OF SERVICE",
    ]
    .iter()
    .any(|h| normalized.starts_with(h))
}

/// The share of lines with dot leaders, as in contents and authorities.
fn leader_share(content: &[&Line]) -> f64 {
    let leaders = content.iter().filter(|l| l.text.contains(".....") || l.text.contains(". . . .")).count();
    leaders as f64 / content.len().max(1) as f64
}

/// Running text: regular weight, at least six words, most of the text width.
fn is_prose(line: &Line, frame: (f64, f64)) -> bool {
    !line.bold && line.word_count() >= 6 && line.x1 - line.x0 >= 0.6 * (frame.1 - frame.0)
}

/// A cover: a court line near the top and almost no running text.
fn cover_like(content: &[&Line], frame: (f64, f64)) -> bool {
    let prose = content.iter().filter(|l| is_prose(l, frame)).count();
    let court = content.iter().take(6).any(|l| is_court_line(l));
    prose < 3 && court
}

pub fn is_court_line(line: &Line) -> bool {
    let t = normalize(&line.text);
    line.word_count() <= 14
        && COURT_WORDS.iter().any(|w| t.contains(w))
        && line.text.chars().filter(|c| c.is_alphabetic()).all(|c| c.is_uppercase())
}

/// The line under a court's name: "EASTERN DISTRICT OF NEW YORK", "COUNTY OF KINGS".
pub fn is_district_line(line: &Line) -> bool {
    let t = normalize(&line.text);
    line.word_count() <= 10
        && (t.contains("DISTRICT OF") || t.contains("COUNTY OF") || t.contains("DIVISION") || t.starts_with("FOR THE"))
}

/// Centred in the text frame, or on the page's midline: a ragged right edge makes the
/// measured frame narrower than the typed one (its right end is the longest line, not the
/// margin), which shifts the frame's centre left of a title centred on the page. A line on
/// the midline must still be indented from the frame's left edge.
fn is_centered(line: &Line, frame: (f64, f64), page_width: f64) -> bool {
    let width = frame.1 - frame.0;
    let middle = (line.x0 + line.x1) / 2.0;
    let on = |center: f64| (middle - center).abs() < 0.04 * width;
    let on_frame = on((frame.0 + frame.1) / 2.0);
    let on_page = on(page_width / 2.0) && line.x0 > frame.0 + 0.02 * width;
    (on_frame || on_page) && line.x1 - line.x0 < width - 4.0
}

fn is_upper(line: &Line) -> bool {
    let letters: Vec<char> = line.text.chars().filter(|c| c.is_alphabetic()).collect();
    !letters.is_empty() && letters.iter().all(|c| c.is_uppercase())
}

/// Lines a caption is made of besides the court and party names.
pub fn is_caption_marker(text: &str) -> bool {
    let t = normalize(text);
    let t = t.trim_matches(|c: char| c == ',' || c == '.' || c == ';' || c == ':' || c == ' ');
    const ROLES: [&str; 16] = [
        "PLAINTIFF",
        "PLAINTIFFS",
        "DEFENDANT",
        "DEFENDANTS",
        "PETITIONER",
        "PETITIONERS",
        "RESPONDENT",
        "RESPONDENTS",
        "DEBTOR",
        "DEBTORS",
        "APPELLANT",
        "APPELLEE",
        "MOVANT",
        "CLAIMANT",
        "INTERVENOR",
        "COUNTERCLAIM-DEFENDANT",
    ];
    let last_word = t.rsplit([' ', '-']).next().unwrap_or("");
    let counsel = t.starts_with("ATTORNEY") || t.starts_with("COUNSEL");
    ROLES.contains(&t)
        || (ROLES.contains(&last_word) && t.split(' ').count() <= 4 && !counsel)
        || matches!(t, "AGAINST" | "- AGAINST -" | "-AGAINST-" | "V" | "VS" | "V." | "VS.")
        || t.trim_matches('-').trim() == "AGAINST"
        || t.starts_with("CASE NO")
        || t.starts_with("CIVIL ACTION")
        || t.starts_with("INDEX NO")
        || t.starts_with("DOCKET NO")
        || t.starts_with("NO.")
        || t.starts_with("MOTION SEQ")
        || (t.len() >= 5 && t.chars().all(|c| matches!(c, '-' | 'X' | '_' | ' ')))
        || super::text::has_docket_number(t)
}

/// The caption: from the court line near the top down to the last party, docket or
/// "against" line. Returns (first, last) line indexes.
fn caption_span(lines: &[Line], roles: &[Role]) -> Option<(usize, usize)> {
    let content: Vec<usize> = (0..lines.len()).filter(|&i| roles[i] != Role::Running).collect();
    let court = content.iter().take(8).copied().find(|&i| is_court_line(&lines[i]))?;
    let mut last = None;
    let mut previous = &lines[court];
    for &i in content.iter().filter(|&&i| i > court).take(30) {
        // a caption is compact: prose or a wide gap ends it
        if lines[i].word_count() >= 8 && !lines[i].bold
            || previous.baseline - lines[i].baseline > 4.0 * previous.size.max(1.0)
        {
            break;
        }
        previous = &lines[i];
        if is_caption_marker(&lines[i].text) {
            last = Some(i);
        }
    }
    let last = last?;
    // include lines sharing the last marker's baseline
    let mut end = last;
    while end + 1 < lines.len() && (lines[end + 1].baseline - lines[last].baseline).abs() < 2.0 {
        end += 1;
    }
    Some((court, end))
}

fn mark_caption_and_title(
    page: &PageText,
    roles: &mut [Role],
    span: (usize, usize),
    frame: (f64, f64),
    spacing: Spacing,
) {
    for role in roles[span.0..=span.1].iter_mut().filter(|r| **r != Role::Running) {
        *role = Role::Caption;
    }
    mark_title_from(page, roles, span.1 + 1, frame, spacing);
}

/// The document's body size and the usual distance between its body lines.
#[derive(Clone, Copy)]
struct Spacing {
    size: f64,
    /// The median baseline-to-baseline distance of consecutive regular-weight body-size
    /// lines (0 when there are none): 24 in a double-spaced 12 pt document.
    pitch: f64,
}

/// The median distance between consecutive regular-weight lines of the body size on one
/// page (from 0.8 to 3 times the size), as format detection measures line spacing but
/// before any line roles are known. Linear: the median is selected, not sorted.
fn body_pitch(pages: &[PageText], roles: &[Vec<Role>], body_size: f64) -> f64 {
    let mut gaps = Vec::new();
    for (page, roles) in pages.iter().zip(roles) {
        let mut previous: Option<&Line> = None;
        for (line, role) in page.lines.iter().zip(roles) {
            if *role == Role::Running {
                continue;
            }
            let regular = !line.bold && !line.ocr && (line.size - body_size).abs() < 0.5;
            if let Some(prev) = previous
                && regular
            {
                let gap = prev.baseline - line.baseline;
                if (0.8 * body_size..=3.0 * body_size).contains(&gap) {
                    gaps.push(gap);
                }
            }
            previous = regular.then_some(line);
        }
    }
    if gaps.is_empty() {
        return 0.0;
    }
    let middle = gaps.len() / 2;
    *gaps.select_nth_unstable_by(middle, f64::total_cmp).1
}

/// Words that leave a title phrase open when they end a line ("… IN SUPPORT OF",
/// "… MOTION TO", "DEFENDANT'S"), and words that carry one on when they open the next
/// ("TO DISMISS …", "FOR SUMMARY JUDGMENT", "PURSUANT TO …"). A heading under a title
/// ("PRELIMINARY STATEMENT", "INTRODUCTION") does neither.
const OPEN_ENDS: [&str; 21] = [
    "OF", "IN", "TO", "FOR", "AND", "OR", "THE", "AN", "ON", "WITH", "UNDER", "PURSUANT", "BY", "AGAINST", "FROM",
    "AT", "AS", "UPON", "ITS", "THEIR", "&",
];
const CONTINUING_STARTS: [&str; 17] = [
    "TO",
    "FOR",
    "IN",
    "OF",
    "AND",
    "OR",
    "ON",
    "WITH",
    "UNDER",
    "PURSUANT",
    "BY",
    "AGAINST",
    "FROM",
    "UPON",
    "AS",
    "REGARDING",
    "CONCERNING",
];

/// How a title line's phrase runs on into the next line, if it does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RunOn {
    No,
    /// The next line opens with a word that carries a phrase on ("TO DISMISS …").
    Continues,
    /// The line above ends open ("… IN SUPPORT OF", "DEFENDANT'S"): it cannot end a title.
    Open,
}

fn run_on(previous: &Line, line: &Line) -> RunOn {
    let above = normalize(&previous.text);
    let last = above.rsplit(' ').next().unwrap_or("");
    let open = OPEN_ENDS.contains(&last)
        || last.ends_with("'S")
        || last.ends_with("S'")
        || last.ends_with(',')
        || last.ends_with('-');
    let here = normalize(&line.text);
    let first = here.split(' ').next().unwrap_or("");
    if open {
        RunOn::Open
    } else if CONTINUING_STARTS.contains(&first) {
        RunOn::Continues
    } else {
        RunOn::No
    }
}

/// Marks the centred block of bold or capitalised lines starting at `from` as the title.
/// Its lines are at most 1.6 × size apart. A wider gap — a title set double-spaced — is
/// crossed only to a line of the same size that carries the phrase on (`run_on`): up to
/// 1.15 × the body's line pitch (scaled by the title's size) when the phrase continues,
/// and also up to 2.2 × size when the line above ends open. So a centred heading a
/// double-spaced line under a complete title ("PRELIMINARY STATEMENT") stays a heading.
fn mark_title_from(page: &PageText, roles: &mut [Role], from: usize, frame: (f64, f64), spacing: Spacing) -> bool {
    let mut previous: Option<&Line> = None;
    let mut marked = false;
    for (i, line) in page.lines.iter().enumerate().skip(from) {
        if roles[i] == Role::Running {
            continue;
        }
        let styled = line.bold || is_upper(line);
        // Recognised lines have no real position, so centring cannot be seen: the block
        // must open with a line naming a paper ("MEMORANDUM OF LAW IN SUPPORT OF") and goes
        // on through the capitalised lines up to a blank line (the gap test below).
        let placed = if line.ocr {
            previous.is_some() || super::doctype::designation(&normalize(&line.text)).is_some()
        } else {
            is_centered(line, frame, page.width)
        };
        if !(placed && styled) {
            break;
        }
        if let Some(prev) = previous {
            let gap = prev.baseline - line.baseline;
            let size = line.size.max(1.0);
            let double_spaced = || {
                if line.ocr || (line.size - prev.size).abs() >= 0.5 {
                    return false;
                }
                let scale = (line.size / spacing.size.max(1.0)).max(1.0);
                let pitch = (1.15 * spacing.pitch * scale).min(3.0 * size);
                match run_on(prev, line) {
                    RunOn::No => false,
                    RunOn::Continues => gap <= pitch,
                    RunOn::Open => gap <= pitch.max(2.2 * size),
                }
            };
            if gap > 1.6 * size && !double_spaced() {
                break;
            }
        }
        roles[i] = Role::Title;
        previous = Some(line);
        marked = true;
    }
    marked
}

/// Without a caption: court lines at the very top, or a title naming a legal paper.
fn mark_leading_title(page: &PageText, roles: &mut [Role], frame: (f64, f64), spacing: Spacing) {
    let content: Vec<usize> = (0..page.lines.len()).filter(|&i| roles[i] != Role::Running).collect();
    let mut start = 0;
    for &i in content.iter().take(3) {
        if is_court_line(&page.lines[i]) || start > 0 && is_district_line(&page.lines[i]) {
            roles[i] = Role::Caption;
            start = i + 1;
        }
    }
    if start > 0 {
        mark_title_from(page, roles, start, frame, spacing);
        return;
    }
    if let Some(&first) = content.first()
        && super::doctype::designation(&normalize(&page.lines[first].text)).is_some()
    {
        mark_title_from(page, roles, first, frame, spacing);
    }
}

/// A letter's continuation-page header: short lines at the top (addressee, date) ending
/// in "Page N".
fn mark_letter_headers(pages: &[PageText], roles: &mut [Vec<Role>], from: usize) {
    for (page, roles) in pages.iter().zip(roles.iter_mut()).skip(from) {
        let content: Vec<usize> = (0..page.lines.len()).filter(|&i| roles[i] != Role::Running).take(4).collect();
        let header_end = content.iter().position(|&i| {
            let t = normalize(&page.lines[i].text);
            t.starts_with("PAGE ") && is_page_number(&t)
        });
        if let Some(end) = header_end
            && content[..=end].iter().all(|&i| page.lines[i].word_count() <= 8)
        {
            for &i in &content[..=end] {
                roles[i] = Role::Running;
            }
        }
    }
}

/// The salutation of a letter ("Dear Judge …:"); everything above it is preamble.
fn salutation(lines: &[Line], roles: &[Role]) -> Option<usize> {
    (0..lines.len().min(40)).find(|&i| {
        let t = normalize(&lines[i].text);
        roles[i] != Role::Running
            && ((t.starts_with("DEAR ") && (t.ends_with(':') || t.ends_with(','))) || t == "YOUR HONOR:")
            && lines[i].word_count() <= 8
    })
}

/// Footnotes: the block of smaller lines at the bottom of a body page.
fn mark_footnotes(page: &PageText, roles: &mut [Role], body_size: f64) {
    for i in (0..page.lines.len()).rev() {
        match roles[i] {
            Role::Running => continue,
            Role::Body => {}
            _ => break,
        }
        let line = &page.lines[i];
        if line.ocr || line.size > body_size - 0.5 || line.size <= 0.0 {
            break;
        }
        roles[i] = Role::Footnote;
    }
}

/// Tables: two or more consecutive rows of three or more separate cells sharing a
/// baseline. Their text is not counted (word limits exclude tables).
fn mark_tables(page: &PageText, roles: &mut [Role]) {
    // rows: runs of lines (top to bottom) on one baseline
    let mut rows: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for i in 1..=page.lines.len() {
        if i == page.lines.len() || (page.lines[i].baseline - page.lines[start].baseline).abs() > 1.5 {
            rows.push((start, i));
            start = i;
        }
    }
    let cells = |&(a, b): &(usize, usize)| (a..b).filter(|&i| roles[i] == Role::Body && !page.lines[i].ocr).count();
    let is_table_row: Vec<bool> = rows.iter().map(|r| cells(r) >= 3).collect();
    for (k, &(a, b)) in rows.iter().enumerate() {
        let neighbour = (k > 0 && is_table_row[k - 1]) || is_table_row.get(k + 1).copied().unwrap_or(false);
        if is_table_row[k] && neighbour {
            for role in roles[a..b].iter_mut().filter(|r| **r == Role::Body) {
                *role = Role::Other;
            }
        }
    }
}

/// A certificate that starts part-way down a body page runs to the page's end.
fn mark_certificate_tail(page: &PageText, roles: &mut [Role]) {
    let start = (0..page.lines.len()).find(|&i| {
        let line = &page.lines[i];
        roles[i] == Role::Body
            && (line.bold || is_upper(line))
            && line.word_count() <= 8
            && is_certificate_heading(&normalize(&line.text))
    });
    if let Some(start) = start {
        for role in roles[start..].iter_mut().filter(|r| **r != Role::Running) {
            *role = Role::Certificate;
        }
    }
}

fn is_signature_anchor(text: &str) -> bool {
    let t = normalize(text);
    t.starts_with("/S/")
        || t.starts_with("S/ ")
        || t.starts_with("BY: /S/")
        || t.starts_with("BY:")
        || t.contains(" /S/ ")
}

fn is_closing(text: &str) -> bool {
    let t = normalize(text);
    ["RESPECTFULLY SUBMITTED", "VERY TRULY YOURS", "SINCERELY", "RESPECTFULLY,", "DATED:", "DATED "]
        .iter()
        .any(|c| t.starts_with(c))
}

fn is_date_only(text: &str) -> bool {
    let t = normalize(text);
    super::text::find_full_date(&t) == Some(0) && t.split(' ').count() <= 4
}

/// The main signature block: the first `/s/` (or `By:`, or a closing) on a body page.
/// Its first line is found by walking up through the signature column, closings and
/// "Dated:" lines — onto the foot of the page before when the walk reaches the top of the
/// page; from there the page's remaining lines (footnotes excepted) and any body pages
/// after it are signature and not counted. Returns the block's lines: those, and when the
/// block reaches the foot of its page, the lines at the top of the next body page that
/// continue it (`signature_continuation`).
fn find_signature(
    pages: &[PageText],
    kinds: &[PageKind],
    roles: &mut [Vec<Role>],
    frame: (f64, f64),
) -> Vec<(usize, usize)> {
    let candidates = |anchor: &dyn Fn(&str) -> bool| {
        (0..pages.len()).filter(|&p| kinds[p] == PageKind::Body).find_map(|p| {
            (0..pages[p].lines.len())
                .find(|&i| roles[p][i] == Role::Body && anchor(&pages[p].lines[i].text))
                .map(|i| (p, i))
        })
    };
    let Some((page, anchor)) = candidates(&is_signature_anchor).or_else(|| {
        // no /s/ line: the last closing on a body page
        (0..pages.len()).rev().filter(|&p| kinds[p] == PageKind::Body).find_map(|p| {
            (0..pages[p].lines.len())
                .rev()
                .find(|&i| roles[p][i] == Role::Body && is_closing(&pages[p].lines[i].text))
                .map(|i| (p, i))
        })
    }) else {
        return Vec::new();
    };
    let column = frame.0 + 0.35 * (frame.1 - frame.0);
    let anchor_x = pages[page].lines[anchor].x0;
    // signature lines are left-aligned with the anchor in the right-hand column
    let qualifies = |roles: &[Vec<Role>], (p, i): (usize, usize)| {
        let line = &pages[p].lines[i];
        let in_column = line.x0 >= column && under_anchor(line, anchor_x) && !line.ocr;
        roles[p][i] == Role::Body && (in_column || is_closing(&line.text) || is_date_only(&line.text))
    };

    // the lines above the anchor, nearest first: its page's, then (if the walk gets that
    // far) the foot of the body page before, its running footer and footnotes set aside
    let mut above: Vec<(usize, usize)> = (0..anchor).rev().map(|i| (page, i)).collect();
    if page > 0 && kinds[page - 1] == PageKind::Body {
        let p = page - 1;
        above.extend((0..pages[p].lines.len()).rev().filter(|&i| roles[p][i] != Role::Footnote).map(|i| (p, i)));
    }
    let mut start = (page, anchor);
    for (k, &(p, i)) in above.iter().enumerate() {
        if roles[p][i] != Role::Body {
            if roles[p][i] == Role::Running {
                continue;
            }
            break;
        }
        if qualifies(roles, (p, i)) {
            start = (p, i);
            continue;
        }
        // a short line between signature lines (a date beside the closing) belongs too
        let line = &pages[p].lines[i];
        let next_up = above[k + 1..].iter().copied().find(|&(q, j)| roles[q][j] != Role::Running);
        if line.word_count() > 4 || is_prose(line, frame) || !next_up.is_some_and(|pos| qualifies(roles, pos)) {
            break;
        }
    }

    // mark: from the block's first line down to the end of the anchor page (footnotes
    // excepted), and every later body page
    let mut block = Vec::new();
    for p in start.0..=page {
        let top = if p == start.0 { pages[p].lines[start.1].baseline + 1.0 } else { f64::INFINITY };
        for (i, line) in pages[p].lines.iter().enumerate() {
            if line.baseline <= top && roles[p][i] == Role::Body {
                roles[p][i] = Role::Signature;
            }
        }
        let from = if p == start.0 { start.1 } else { 0 };
        block.extend((from..pages[p].lines.len()).filter(|&i| roles[p][i] == Role::Signature).map(|i| (p, i)));
    }
    for p in page + 1..pages.len() {
        if kinds[p] == PageKind::Body {
            for role in roles[p].iter_mut().filter(|r| **r == Role::Body || **r == Role::Footnote) {
                *role = Role::Signature;
            }
        }
    }
    block.extend(signature_continuation(pages, kinds, roles, page, anchor_x, column, frame));
    block
}

/// Whether a line starts where the signature's anchor (`/s/`) does, within a third of an
/// inch: the block's lines are set flush under it.
fn under_anchor(line: &Line, anchor_x: f64) -> bool {
    (line.x0 - anchor_x).abs() <= 24.0
}

/// A signature block cut by a page break: when the block's page ends with it (nothing but
/// footnotes and the running footer below), the lines at the top of the next body page
/// that go on in its column — short, not prose, not a heading (a certificate, a centred
/// bold or capitalised line), without a gap of more than three lines — belong to it: the
/// firm, address, telephone and e-mail under a name signed at the foot of the page before.
fn signature_continuation(
    pages: &[PageText],
    kinds: &[PageKind],
    roles: &[Vec<Role>],
    page: usize,
    anchor_x: f64,
    column: f64,
    frame: (f64, f64),
) -> Vec<(usize, usize)> {
    let ends_page = (0..pages[page].lines.len())
        .rev()
        .find(|&i| !matches!(roles[page][i], Role::Running | Role::Footnote))
        .is_some_and(|i| roles[page][i] == Role::Signature);
    let next = page + 1;
    if !ends_page || next >= pages.len() || kinds[next] != PageKind::Body {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut previous: Option<&Line> = None;
    for (i, line) in pages[next].lines.iter().enumerate() {
        match roles[next][i] {
            Role::Running => continue,
            Role::Signature => {}
            _ => break,
        }
        let aligned = under_anchor(line, anchor_x) || line.x0 >= column;
        // a centred heading; a short block line in the column may sit on the midline too
        let heading = is_certificate_heading(&normalize(&line.text))
            || ((line.bold || is_upper(line))
                && is_centered(line, frame, pages[next].width)
                && !under_anchor(line, anchor_x));
        let gap = previous.map_or(0.0, |prev| prev.baseline - line.baseline);
        if !aligned || heading || is_prose(line, frame) || line.word_count() > 10 || gap > 3.0 * line.size.max(1.0) {
            break;
        }
        out.push((next, i));
        previous = Some(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::layout::Word;

    fn line(text: &str, x0: f64, x1: f64, baseline: f64, bold: bool) -> Line {
        Line {
            x0,
            x1,
            baseline,
            top: baseline + 9.0,
            bottom: baseline - 3.0,
            size: 12.0,
            bold,
            text: text.into(),
            words: text.split_whitespace().map(|_| Word { note: false }).collect(),
            styles: Vec::new(),
            ocr: false,
        }
    }

    /// The reporter's `title05.pdf`, as laid out: a ragged right edge (no line reaches the
    /// right margin; the longest ends at 513.3) and a wide title centred on the page.
    #[test]
    fn a_title_centred_on_the_page_is_found_under_a_ragged_right_edge() {
        let prose = "Plaintiff alleges that the defendant breached the agreement by failing to deliver the";
        let mut lines = vec![
            line("UNITED STATES DISTRICT COURT", 196.5, 388.8, 720.0, false),
            line("EASTERN DISTRICT OF NEW YORK", 199.2, 395.9, 706.0, false),
            line("JOHN SMITH,", 72.0, 146.0, 678.0, false),
            line("Plaintiff,", 144.0, 186.3, 664.0, false),
            line("- against -", 108.0, 156.0, 636.0, false),
            line("Case No. 1:24-cv-01234 (ABC)", 360.0, 513.3, 608.0, false),
            line("ACME CORPORATION,", 72.0, 198.0, 584.0, false),
            line("Defendant.", 144.0, 197.0, 570.0, false),
            line("MEMORANDUM OF LAW IN SUPPORT OF MOTION TO EXCLUDE", 121.8, 499.1, 534.0, true),
            line("EXPERT TESTIMONY UNDER RULE 702", 190.2, 418.2, 520.0, true),
            line("PRELIMINARY STATEMENT", 220.5, 386.2, 482.0, true),
        ];
        for i in 0..12 {
            lines.push(line(prose, if i % 5 == 0 { 108.0 } else { 72.0 }, 505.2, 458.0 - 24.0 * i as f64, false));
        }
        let page = PageText {
            width: 612.0,
            height: 792.0,
            lines,
            scanned: false,
            unread: false,
            form: false,
            recognized: false,
        };
        let s = analyse(&[page], false);
        let roles = &s.roles[0];
        assert_eq!(roles[8], Role::Title);
        assert_eq!(roles[9], Role::Title);
        assert_eq!(roles[10], Role::Body, "the heading under the title is counted");
    }

    /// A single-spaced body (14 pt) under a caption and a title whose lines are `gap` apart.
    fn titled_page(title: &[&str], gap: f64) -> PageText {
        let mut lines = vec![
            line("UNITED STATES DISTRICT COURT", 196.5, 388.8, 720.0, false),
            line("EASTERN DISTRICT OF NEW YORK", 199.2, 395.9, 706.0, false),
            line("JOHN SMITH, Plaintiff,", 72.0, 186.3, 678.0, false),
            line("- against -", 108.0, 156.0, 664.0, false),
            line("ACME CORPORATION, Defendant.", 72.0, 230.0, 650.0, false),
            line("Case No. 1:24-cv-01234 (ABC)", 360.0, 513.3, 636.0, false),
        ];
        let mut y = 600.0;
        for text in title {
            // centred on the page, 6 pt a character
            let half = 3.0 * text.len() as f64;
            lines.push(line(text, 306.0 - half, 306.0 + half, y, true));
            y -= gap;
        }
        let prose = "Plaintiff alleges that the defendant breached the agreement by failing to deliver the";
        for i in 0..12 {
            lines.push(line(prose, 72.0, 540.0, y - 14.0 - 14.0 * i as f64, false));
        }
        PageText { width: 612.0, height: 792.0, lines, scanned: false, unread: false, form: false, recognized: false }
    }

    #[test]
    fn a_title_line_left_open_runs_on_across_a_double_space() {
        // the body is single-spaced, but a line ending "… IN SUPPORT OF" cannot end a title
        let page = titled_page(&["MEMORANDUM OF LAW IN SUPPORT OF", "DEFENDANT'S MOTION TO DISMISS"], 24.0);
        let roles = &analyse(&[page], false).roles[0];
        assert_eq!(&roles[6..8], &[Role::Title, Role::Title]);
        assert_eq!(roles[8], Role::Body);
        // a line that only continues the phrase ("TO DISMISS …") needs a double-spaced body
        // to cross a double space; under a single-spaced body the gap ends the title
        let page =
            titled_page(&["MEMORANDUM OF LAW IN SUPPORT OF DEFENDANT'S MOTION", "TO DISMISS THE COMPLAINT"], 24.0);
        let roles = &analyse(&[page], false).roles[0];
        assert_eq!(&roles[6..8], &[Role::Title, Role::Body]);
        // a complete title does not take a centred heading a double space below it
        let page = titled_page(&["MEMORANDUM OF LAW IN SUPPORT OF MOTION TO DISMISS", "PRELIMINARY STATEMENT"], 24.0);
        let roles = &analyse(&[page], false).roles[0];
        assert_eq!(&roles[6..8], &[Role::Title, Role::Body]);
    }
}
