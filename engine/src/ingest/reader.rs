//! From a document's lines to sentences that know where they are: their page and
//! character span, the numbered section they sit in, and the headings above them.
//!
//! Judges' practices come in three shapes — numbered sections ("2.A. Page Limits."),
//! headed prose, and tables ("Memoranda in support .... 25 pages") — often mixed. A line
//! is a heading when it is short and set apart (numbered, in capitals, or bold); a line
//! with leader dots or a wide gap is a table row and a sentence of its own; everything
//! else is running text, split into sentences.

/// One line of a page as read (from text, or from a PDF's layout).
#[derive(Clone, Debug, Default)]
pub struct SourceLine {
    pub text: String,
    pub bold: bool,
}

/// A sentence (or table row) ready for the patterns.
#[derive(Clone, Debug)]
pub struct Sentence {
    /// 0-based page.
    pub page: usize,
    /// Character span in the page's text.
    pub start: usize,
    pub end: usize,
    /// Whitespace collapsed.
    pub text: String,
    /// "2.A" or "II.B(1)"; `None` outside numbered sections.
    pub section: Option<String>,
    /// The titles of the headings above, outermost first, and a paragraph's lead-in
    /// ("Memoranda in support:"), which patterns read when the sentence itself does
    /// not say what paper it is about.
    pub context: Vec<String>,
    /// A table row rather than running text.
    pub table_row: bool,
    /// The sentence before, in the same paragraph.
    pub previous: Option<String>,
    /// Which paragraph of the document (sentences of one paragraph share it).
    pub paragraph: usize,
}

/// The pages' texts (what spans point into) and their sentences.
pub struct Reading {
    pub pages: Vec<String>,
    pub sentences: Vec<Sentence>,
    /// The first heading-like line of the first page, for a title.
    pub title: Option<String>,
}

/// How a section number is written, which decides its level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Style {
    /// "2.A", "1.2.3", "3(a)": a whole path at once.
    Compound,
    Roman,
    Arabic,
    Upper,
    Lower,
    /// "(a)", "(1)", "(i)".
    Parenthesized,
}

#[derive(Clone, Debug)]
struct Level {
    style: Style,
    label: String,
    title: Option<String>,
}

/// The numbered sections open at a point of the document.
#[derive(Default)]
struct Outline {
    levels: Vec<Level>,
    /// The latest unnumbered heading (capitals or bold) and the level it sits under.
    loose_heading: Option<(usize, String)>,
}

impl Outline {
    fn enter(&mut self, style: Style, label: &str, title: Option<String>) {
        let level = Level { style, label: label.to_string(), title };
        // A whole path ("2.A"), or a plain number after paths ("4." after "3.C"): a new
        // top-level section.
        let after_paths = style == Style::Arabic && self.levels.first().is_some_and(|l| l.style == Style::Compound);
        if style == Style::Compound || after_paths {
            self.levels.clear();
            self.levels.push(level);
        } else if let Some(at) = self.levels.iter().position(|l| l.style == style) {
            self.levels.truncate(at);
            self.levels.push(level);
        } else {
            self.levels.push(level);
        }
        self.loose_heading = None;
    }

    fn section(&self) -> Option<String> {
        let mut out = String::new();
        for level in &self.levels {
            if !out.is_empty() && level.style != Style::Parenthesized {
                out.push('.');
            }
            out.push_str(&level.label);
        }
        (!out.is_empty()).then_some(out)
    }

    fn context(&self) -> Vec<String> {
        let mut out: Vec<String> = self.levels.iter().filter_map(|l| l.title.clone()).collect();
        if let Some((depth, heading)) = &self.loose_heading
            && *depth <= self.levels.len()
        {
            out.push(heading.clone());
        }
        out
    }

    /// Whether a one-letter label continues a lettered level ("C" after "B") rather than
    /// being a Roman numeral.
    fn continues_letters(&self, letter: char) -> bool {
        self.levels
            .iter()
            .any(|l| l.style == Style::Upper && l.label.chars().next().is_some_and(|c| (c as u32) + 1 == letter as u32))
    }
}

pub fn read(pages: &[Vec<SourceLine>]) -> Reading {
    let mut reading = Reading { pages: Vec::with_capacity(pages.len()), sentences: Vec::new(), title: None };
    let mut outline = Outline::default();
    let mut counter = 0;
    for (page_index, lines) in pages.iter().enumerate() {
        let mut page_text = String::new();
        let mut offset = 0usize; // in characters
        let mut paragraph = Paragraph::default();
        for line in lines {
            if !page_text.is_empty() {
                page_text.push('\n');
                offset += 1;
            }
            let line_start = offset;
            page_text.push_str(&line.text);
            offset += line.text.chars().count();

            let trimmed = line.text.trim();
            if trimmed.is_empty() {
                paragraph.flush(page_index, &outline, &mut reading.sentences, &mut counter);
                continue;
            }
            let lead = line.text.chars().take_while(|c| c.is_whitespace()).count();
            let start = line_start + lead;
            if reading.title.is_none() && page_index == 0 && is_title_like(trimmed) {
                reading.title = Some(trimmed.to_string());
            }
            if is_table_row(trimmed) {
                paragraph.flush(page_index, &outline, &mut reading.sentences, &mut counter);
                let mut row = Paragraph::default();
                row.push(trimmed, start);
                row.table_row = true;
                row.flush(page_index, &outline, &mut reading.sentences, &mut counter);
                continue;
            }
            let (number, rest_at) = numbering(trimmed);
            let bullet = bullet_len(trimmed);
            if number.is_some() || bullet > 0 {
                paragraph.flush(page_index, &outline, &mut reading.sentences, &mut counter);
            }
            let (body, body_start) = match number {
                Some((style_guess, label)) => {
                    let style = resolve_style(style_guess, &label, &outline);
                    let rest = &trimmed[rest_at..];
                    let rest_start = start + trimmed[..rest_at].chars().count();
                    if is_heading_text(rest, line.bold) {
                        outline.enter(style, &label, Some(clean_heading(rest)));
                        continue;
                    }
                    match inline_heading(rest) {
                        Some((title, after)) => {
                            outline.enter(style, &label, Some(title));
                            (&rest[after..], rest_start + rest[..after].chars().count())
                        }
                        None => {
                            outline.enter(style, &label, None);
                            (rest, rest_start)
                        }
                    }
                }
                None if bullet > 0 => (&trimmed[bullet..], start + trimmed[..bullet].chars().count()),
                None if paragraph.ends_sentence() && is_heading_text(trimmed, line.bold) => {
                    paragraph.flush(page_index, &outline, &mut reading.sentences, &mut counter);
                    outline.loose_heading = Some((outline.levels.len(), clean_heading(trimmed)));
                    continue;
                }
                None => (trimmed, start),
            };
            let skip = body.chars().take_while(|c| c.is_whitespace()).count();
            let body_trimmed = body.trim_start();
            if !body_trimmed.is_empty() {
                paragraph.push(body_trimmed, body_start + skip);
            }
        }
        paragraph.flush(page_index, &outline, &mut reading.sentences, &mut counter);
        reading.pages.push(page_text);
    }
    reading
}

/// Running text gathered line by line: its characters and where each sits on the page.
#[derive(Default)]
struct Paragraph {
    chars: Vec<char>,
    at: Vec<usize>,
    table_row: bool,
}

impl Paragraph {
    /// Empty, or its last line closed a sentence: a heading may follow.
    fn ends_sentence(&self) -> bool {
        let last = self.chars.iter().rev().find(|c| !matches!(c, '"' | '\'' | ')' | '\u{201D}'));
        last.is_none_or(|c| matches!(c, '.' | ':' | ';' | '?' | '!'))
    }

    fn push(&mut self, text: &str, start: usize) {
        if !self.chars.is_empty() {
            // A line break inside a paragraph reads as a space; a hyphen that broke a
            // word ("memo-" / "randa") is kept, since compounds break there too.
            self.chars.push(' ');
            self.at.push(start.saturating_sub(1));
        }
        for (i, c) in text.chars().enumerate() {
            self.chars.push(c);
            self.at.push(start + i);
        }
    }

    /// `counter` numbers paragraphs through the document.
    fn flush(&mut self, page: usize, outline: &Outline, out: &mut Vec<Sentence>, counter: &mut usize) {
        if self.chars.is_empty() {
            return;
        }
        let lead_in = lead_in(&self.chars);
        let mut context = outline.context();
        if let Some(lead) = &lead_in {
            context.push(lead.clone());
        }
        let spans = if self.table_row { vec![(0, self.chars.len())] } else { sentence_spans(&self.chars) };
        let mut previous: Option<String> = None;
        for (from, to) in spans {
            let text: String = collapse(&self.chars[from..to]);
            if text.chars().any(char::is_alphanumeric) {
                out.push(Sentence {
                    page,
                    start: self.at[from],
                    end: self.at[to - 1] + 1,
                    text,
                    section: outline.section(),
                    context: context.clone(),
                    table_row: self.table_row,
                    previous: previous.clone(),
                    paragraph: *counter,
                });
                previous = out.last().map(|s| s.text.clone());
            }
        }
        self.chars.clear();
        self.at.clear();
        self.table_row = false;
        *counter += 1;
    }
}

fn collapse(chars: &[char]) -> String {
    let mut out = String::with_capacity(chars.len());
    for &c in chars {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    out.trim_end().to_string()
}

/// "Memoranda in support: 25 pages." — the words before a colon that opens a short
/// paragraph name what the rest is about.
fn lead_in(chars: &[char]) -> Option<String> {
    let colon = chars.iter().take(80).position(|&c| c == ':')?;
    let lead: String = chars[..colon].iter().collect();
    let words = lead.split_whitespace().count();
    (1..=8).contains(&words).then(|| lead.trim().to_string())
}

/// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "r", "civ", "p", "pp", "fed", "no", "nos", "e.g", "i.e", "u.s", "u.s.c", "mr", "ms", "mrs", "dr", "hon", "v", "vs",
    "inc", "co", "corp", "jr", "sr", "st", "ct", "supp", "cir", "cf", "id", "l.r", "loc", "sec", "art", "ex", "exh",
    "para", "approx", "a.m", "p.m", "u.s.d.j", "u.s.m.j", "seq", "et", "al",
];

/// Sentence boundaries: `.`, `?` or `!` (closing quotes and brackets kept) followed by
/// a space and then a capital, a digit, an opening bracket or quote — unless the word
/// before is an abbreviation or a lone initial.
fn sentence_spans(chars: &[char]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut from = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '.' | '?' | '!') {
            let mut end = i + 1;
            while end < chars.len() && matches!(chars[end], '"' | '\'' | ')' | '\u{201D}' | '\u{2019}') {
                end += 1;
            }
            let next_word = chars[end..].iter().position(|c| !c.is_whitespace()).map(|p| end + p);
            let spaced = end < chars.len() && chars[end].is_whitespace();
            let starts_sentence = next_word.is_some_and(|n| {
                let d = chars[n];
                d.is_uppercase() || d.is_ascii_digit() || matches!(d, '(' | '"' | '\u{201C}' | '\u{2022}' | '[')
            });
            if spaced && starts_sentence && !(c == '.' && before_is_abbreviation(&chars[from..i])) {
                spans.push((from, end));
                from = next_word.unwrap_or(chars.len());
                i = from;
                continue;
            }
        }
        i += 1;
    }
    if from < chars.len() {
        let end = chars.len() - chars[from..].iter().rev().take_while(|c| c.is_whitespace()).count();
        if end > from {
            spans.push((from, end));
        }
    }
    spans
}

fn before_is_abbreviation(chars: &[char]) -> bool {
    let word: String = chars
        .iter()
        .rev()
        .take_while(|c| !c.is_whitespace() && **c != '(')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let lower = word.to_lowercase();
    let lower = lower.trim_start_matches(['"', '\'', '\u{201C}']);
    if lower.chars().count() == 1 && lower.chars().all(char::is_alphabetic) {
        return true; // an initial
    }
    ABBREVIATIONS.contains(&lower)
}

/// A table row: text, then leader dots or a wide gap, then more text ("Reply
/// memoranda ........ 10 pages", "Letters    3 pages").
fn is_table_row(line: &str) -> bool {
    if line.contains("...") || line.contains(". . .") || line.contains('\t') || line.contains('|') {
        return line.chars().filter(|c| c.is_alphanumeric()).count() >= 4 && !line.ends_with("...");
    }
    let gap = line.find("   ").or_else(|| line.find("  "));
    match gap {
        Some(at) => {
            let (left, right) = (&line[..at], line[at..].trim());
            !left.trim().is_empty() && !right.is_empty() && left.split_whitespace().count() <= 10
        }
        None => false,
    }
}

/// A leading section number: its style (Roman and one-letter labels decided later) and
/// label, and where the rest of the line starts.
fn numbering(line: &str) -> (Option<(Style, String)>, usize) {
    let token_end = line.find(char::is_whitespace).unwrap_or(line.len());
    let token = &line[..token_end];
    let rest_at =
        token_end + line[token_end..].chars().take_while(|c| c.is_whitespace()).map(char::len_utf8).sum::<usize>();
    if rest_at >= line.len() && token_end == line.len() {
        return (None, 0); // nothing follows: a lone number is a page number
    }
    // "(a)", "(1)", "(iv)"
    if let Some(inner) = token.strip_prefix('(').and_then(|t| t.strip_suffix(')'))
        && (1..=4).contains(&inner.len())
        && inner.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return (Some((Style::Parenthesized, token.to_string())), rest_at);
    }
    let body = token.trim_end_matches(['.', ')']);
    if body.len() == token.len() || body.is_empty() || body.len() > 12 {
        return (None, 0);
    }
    let parts: Vec<&str> = body.split('.').collect();
    if parts.len() > 1 {
        let ok = parts.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_alphanumeric()))
            && parts[0].chars().all(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
        return if ok { (Some((Style::Compound, body.to_string())), rest_at) } else { (None, 0) };
    }
    if body.chars().all(|c| c.is_ascii_digit()) && body.len() <= 3 {
        return (Some((Style::Arabic, body.to_string())), rest_at);
    }
    if body.chars().all(|c| "IVXLC".contains(c)) && body.len() <= 5 {
        return (Some((Style::Roman, body.to_string())), rest_at);
    }
    if body.len() == 1 && body.chars().all(|c| c.is_ascii_uppercase()) {
        return (Some((Style::Upper, body.to_string())), rest_at);
    }
    if body.len() == 1 && body.chars().all(|c| c.is_ascii_lowercase()) && token.ends_with(['.', ')']) {
        return (Some((Style::Lower, body.to_string())), rest_at);
    }
    (None, 0)
}

/// One-letter Roman numerals ("I", "V", "X", "C") are letters when they continue a
/// lettered level, and Roman numerals otherwise.
fn resolve_style(style: Style, label: &str, outline: &Outline) -> Style {
    if style == Style::Roman && label.len() == 1 {
        let letter = label.chars().next().unwrap_or('I');
        if outline.continues_letters(letter)
            || (letter != 'I' && !outline.levels.iter().any(|l| l.style == Style::Roman))
        {
            return Style::Upper;
        }
    }
    style
}

fn bullet_len(line: &str) -> usize {
    let mut chars = line.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ ('\u{2022}' | '\u{25AA}' | '\u{25E6}' | '-' | '*' | '\u{2013}' | '\u{00B7}')), Some(' ')) => {
            c.len_utf8() + 1
        }
        _ => 0,
    }
}

/// A heading: short, and either in capitals, bold, or without a full sentence's end.
fn is_heading_text(text: &str, bold: bool) -> bool {
    let words = text.split_whitespace().count();
    if words == 0 || words > 12 {
        return false;
    }
    let letters: Vec<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    let capitals = letters.len() >= 3 && letters.iter().all(|c| c.is_uppercase());
    let ends_open = !text.trim_end().ends_with(['.', ';', ',', '?', '!']) || text.trim_end().ends_with(':');
    let title_case = is_title_case(text);
    capitals || (bold && words <= 10) || (ends_open && title_case && words <= 8) || (title_case && words <= 5)
}

/// "Letters. Except as ..." — a short title closed by a full stop at the start of a
/// numbered paragraph. Returns the title and where the text after it starts.
fn inline_heading(rest: &str) -> Option<(String, usize)> {
    let stop = rest.find(". ")?;
    let title = &rest[..stop];
    let words = title.split_whitespace().count();
    if (1..=6).contains(&words) && is_title_case(title) && !before_is_abbreviation(&title.chars().collect::<Vec<_>>()) {
        Some((title.to_string(), stop + 2))
    } else {
        None
    }
}

/// Every word longer than three letters starts with a capital (or not with a letter).
fn is_title_case(text: &str) -> bool {
    text.split_whitespace()
        .filter(|w| w.len() > 3)
        .all(|w| w.chars().next().is_some_and(|c| c.is_uppercase() || !c.is_alphabetic()))
}

fn clean_heading(text: &str) -> String {
    text.trim().trim_end_matches([':', '.']).trim().to_string()
}

fn is_title_like(line: &str) -> bool {
    let lower = line.to_lowercase();
    ["practices", "standing order", "procedures", "rules"].iter().any(|w| lower.contains(w))
        && line.split_whitespace().count() <= 16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Vec<SourceLine>> {
        text.split('\u{c}')
            .map(|page| page.lines().map(|l| SourceLine { text: l.to_string(), bold: false }).collect())
            .collect()
    }

    #[test]
    fn numbered_sections_give_sections_and_headings() {
        let r = read(&lines(
            "INDIVIDUAL PRACTICES\n\n2. Motions\nA. Page Limits. Memoranda may not exceed 25 pages. Replies may not exceed 10 pages.\nB. Courtesy Copies\nOne copy goes to chambers.",
        ));
        let texts: Vec<(&str, Option<&str>)> =
            r.sentences.iter().map(|s| (s.text.as_str(), s.section.as_deref())).collect();
        assert_eq!(
            texts,
            [
                ("Memoranda may not exceed 25 pages.", Some("2.A")),
                ("Replies may not exceed 10 pages.", Some("2.A")),
                ("One copy goes to chambers.", Some("2.B")),
            ]
        );
        assert_eq!(r.sentences[0].context, ["Motions", "Page Limits"]);
        assert_eq!(r.sentences[2].context, ["Motions", "Courtesy Copies"]);
        let s = &r.sentences[1];
        assert_eq!(&r.pages[0].chars().collect::<Vec<_>>()[s.start..s.end].iter().collect::<String>(), &s.text);
    }

    #[test]
    fn roman_and_letters_are_told_apart() {
        let r = read(&lines(
            "I. GENERAL\nA. First. Text one.\nB. Second. Text two.\nC. Third. Text three.\nII. MOTIONS\nA. Fourth. Text four.",
        ));
        let sections: Vec<_> = r.sentences.iter().map(|s| s.section.clone().unwrap()).collect();
        assert_eq!(sections, ["I.A", "I.B", "I.C", "II.A"]);
    }

    #[test]
    fn abbreviations_do_not_end_sentences() {
        let r = read(&lines("Motions under Fed. R. Civ. P. 12(b) need a conference. Then file."));
        assert_eq!(r.sentences.len(), 2, "{:?}", r.sentences);
    }

    #[test]
    fn table_rows_are_sentences_of_their_own() {
        let r = read(&lines("Page Limits\nMemoranda in support ........ 25 pages\nReply memoranda    10 pages"));
        let texts: Vec<&str> = r.sentences.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["Memoranda in support ........ 25 pages", "Reply memoranda 10 pages"]);
        assert!(r.sentences.iter().all(|s| s.table_row && s.context == ["Page Limits"]));
    }

    #[test]
    fn wrapped_lines_join_and_spans_cover_them() {
        let r = read(&lines("A party must\nrequest a conference.\u{c}2nd page text here."));
        assert_eq!(r.sentences[0].text, "A party must request a conference.");
        assert_eq!((r.sentences[0].start, r.sentences[0].end), (0, 34));
        assert_eq!(r.sentences[1].page, 1);
    }
}
