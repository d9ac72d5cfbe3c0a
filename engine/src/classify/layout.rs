//! From glyphs to lines and words. Glyphs are taken in drawing order (how every writer
//! emits running text) and a line ends where the baseline moves or the pen jumps back or
//! far ahead; spaces are the font's own space characters plus any gap wider than a
//! fifth of the font size. Raised, smaller glyphs stay on their line as superscripts, and
//! a token made only of them is a note mark, not a word.

use super::fonts::Font;
use super::interp::Glyph;

#[derive(Clone, Debug, Default)]
pub struct Line {
    /// Horizontal extent of the line's visible glyphs, points from the page's left edge.
    pub x0: f64,
    pub x1: f64,
    /// Baseline, points from the page's bottom edge.
    pub baseline: f64,
    /// Ascender top and descender bottom (text rise included).
    pub top: f64,
    pub bottom: f64,
    /// The size of most of the line's characters (for OCR text, the nominal row pitch).
    pub size: f64,
    pub bold: bool,
    pub text: String,
    pub words: Vec<Word>,
    /// Characters per (font, size) — superscripts and spaces left out — for format detection.
    pub styles: Vec<(u32, f64, u32)>,
    /// The line came from recognised text, not from the PDF's text layer.
    pub ocr: bool,
}

/// A whitespace-separated token of `Line::text`.
#[derive(Clone, Debug)]
pub struct Word {
    /// Made only of raised, smaller glyphs: a footnote or note mark, not a word.
    pub note: bool,
}

impl Line {
    /// The number of words, note marks left out.
    pub fn word_count(&self) -> u32 {
        self.words.iter().filter(|w| !w.note).count() as u32
    }
}

struct Building<'g> {
    glyphs: Vec<&'g Glyph>,
    baseline: f64,
    size: f64,
    end: f64,
}

/// Groups a page's glyphs into lines, sorted top to bottom, then left to right.
/// Coordinates are made relative to the page box's lower-left corner.
pub fn lines(glyphs: &[Glyph], fonts: &[Font], origin: (f64, f64)) -> Vec<Line> {
    let mut out = Vec::new();
    let mut current: Option<Building> = None;
    for glyph in glyphs {
        if let Some(line) = current.as_mut() {
            let size = line.size.max(glyph.size);
            let dy = glyph.y - line.baseline;
            let small = glyph.size < 0.85 * line.size;
            let same_baseline = dy.abs() <= 0.3 * size || (small && dy.abs() <= 0.6 * line.size);
            let continues = glyph.x >= line.end - 0.5 * size && glyph.x <= line.end + 4.0 * size;
            // a line that so far holds only a small raised mark takes the text's baseline
            let rebase = line.glyphs.iter().all(|g| g.size < 0.85 * glyph.size) && dy < 0.0 && -dy <= 0.6 * glyph.size;
            if (same_baseline || rebase) && continues {
                if rebase {
                    line.baseline = glyph.y;
                }
                line.size = line.size.max(glyph.size);
                line.end = line.end.max(glyph.x + glyph.width);
                line.glyphs.push(glyph);
                continue;
            }
            out.push(finish(current.take().unwrap(), fonts, origin));
        }
        current =
            Some(Building { glyphs: vec![glyph], baseline: glyph.y, size: glyph.size, end: glyph.x + glyph.width });
    }
    if let Some(line) = current {
        out.push(finish(line, fonts, origin));
    }
    out.retain(|line| !line.words.is_empty());
    drop_overprints(&mut out);
    sort_lines(&mut out);
    out
}

/// Text drawn twice at a small offset to look bold (a heading shown again half a point to
/// the right) is one bold line: a line with the same text as one of the few lines drawn
/// just before it, on its baseline (within a fifth of the size) and starting within a
/// third of the size of it, is dropped and the first one counts as bold.
fn drop_overprints(lines: &mut Vec<Line>) {
    let mut kept: Vec<Line> = Vec::with_capacity(lines.len());
    for line in lines.drain(..) {
        let first = kept.iter_mut().rev().take(4).find(|k| {
            k.text == line.text
                && (k.baseline - line.baseline).abs() <= 0.2 * k.size
                && (k.x0 - line.x0).abs() <= k.size / 3.0
        });
        match first {
            Some(first) => first.bold = true,
            None => kept.push(line),
        }
    }
    *lines = kept;
}

/// Top to bottom; lines within a tenth of a point share a baseline and go left to right.
pub fn sort_lines(lines: &mut [Line]) {
    lines.sort_by(|a, b| {
        let (ya, yb) = ((a.baseline * 10.0).round(), (b.baseline * 10.0).round());
        yb.total_cmp(&ya).then(a.x0.total_cmp(&b.x0))
    });
}

fn finish(line: Building, fonts: &[Font], origin: (f64, f64)) -> Line {
    let baseline = line.baseline;
    // the main size: the size of most visible characters
    let mut sizes: Vec<(f64, u32)> = Vec::new();
    for g in line.glyphs.iter().filter(|g| !g.space) {
        let size = round2(g.size);
        match sizes.iter_mut().find(|(s, _)| *s == size) {
            Some(entry) => entry.1 += 1,
            None => sizes.push((size, 1)),
        }
    }
    let main_size = sizes.iter().max_by(|a, b| a.1.cmp(&b.1).then(a.0.total_cmp(&b.0))).map_or(line.size, |s| s.0);
    let raised =
        |g: &Glyph| g.size < 0.9 * main_size && (g.rise > 0.1 * main_size || g.y - baseline > 0.15 * main_size);

    let mut text = String::new();
    let mut words: Vec<Word> = Vec::new();
    let mut styles: Vec<(u32, f64, u32)> = Vec::new();
    let (mut x0, mut x1, mut top, mut bottom) = (f64::MAX, f64::MIN, f64::MIN, f64::MAX);
    let mut bold_chars = 0usize;
    let mut visible = 0usize;
    let mut word_all_raised = true;
    let mut previous_end: Option<f64> = None;
    let mut in_word = false;
    for g in &line.glyphs {
        let gap_space = previous_end.is_some_and(|end| g.x - end > 0.2 * g.size.max(main_size * 0.5));
        if g.space || gap_space {
            if in_word {
                close_word(&mut words, word_all_raised);
                in_word = false;
            }
            if !text.is_empty() && !text.ends_with(' ') {
                text.push(' ');
            }
        }
        previous_end = Some(g.x + g.width);
        if g.space {
            continue;
        }
        if !in_word {
            words.push(Word { note: false });
            in_word = true;
            word_all_raised = true;
        }
        text.push(g.ch);
        let is_raised = raised(g);
        word_all_raised &= is_raised;
        let font = fonts.get(g.font as usize);
        visible += 1;
        if font.is_some_and(|f| f.bold) {
            bold_chars += 1;
        }
        x0 = x0.min(g.x);
        x1 = x1.max(g.x + g.width);
        let (ascent, descent) = font.map_or((750.0, -250.0), |f| (f.ascent, f.descent));
        top = top.max(g.y + g.rise + ascent * g.size / 1000.0);
        bottom = bottom.min(g.y + g.rise + descent * g.size / 1000.0);
        if !is_raised {
            let size = round2(g.size);
            match styles.iter_mut().find(|(f, s, _)| *f == g.font && *s == size) {
                Some(entry) => entry.2 += 1,
                None => styles.push((g.font, size, 1)),
            }
        }
    }
    if in_word {
        close_word(&mut words, word_all_raised);
    }
    if visible == 0 {
        x0 = 0.0;
        x1 = 0.0;
        top = baseline;
        bottom = baseline;
    }
    Line {
        x0: x0 - origin.0,
        x1: x1 - origin.0,
        baseline: baseline - origin.1,
        top: top - origin.1,
        bottom: bottom - origin.1,
        size: main_size,
        bold: visible > 0 && bold_chars * 2 > visible,
        text: text.trim_end().to_string(),
        words,
        styles,
        ocr: false,
    }
}

fn close_word(words: &mut [Word], all_raised: bool) {
    if let Some(word) = words.last_mut() {
        word.note = all_raised;
    }
}

pub fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Lines of recognised text: one per text line, spread evenly down the page, a blank line
/// (Tesseract's break between blocks) taking a row of its own. Their geometry is nominal
/// (the engine has no image coordinates): every line spans the text frame, and its size is
/// the row pitch, so the structure's gap tests (in multiples of the size) read "rows apart"
/// — consecutive lines are one size apart, lines around a blank line two. Format detection
/// leaves them out; everything else treats them like extracted lines.
pub fn ocr_lines(text: &str, width: f64, height: f64) -> Vec<Line> {
    let mut rows: Vec<&str> = text.lines().map(str::trim).take(2_000).collect();
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    let leading = rows.iter().take_while(|r| r.is_empty()).count();
    let rows = &rows[leading..];
    let step = (height - 144.0).max(1.0) / rows.len().max(1) as f64;
    rows.iter()
        .enumerate()
        .filter(|(_, row)| !row.is_empty())
        .map(|(i, row)| {
            let mut text = String::new();
            let mut words = Vec::new();
            for token in row.split_whitespace() {
                if !text.is_empty() {
                    text.push(' ');
                }
                words.push(Word { note: false });
                text.push_str(token);
            }
            let baseline = height - 72.0 - step * i as f64;
            Line {
                x0: 72.0,
                x1: (width - 72.0).max(72.0),
                baseline,
                top: baseline + 9.0,
                bottom: baseline - 3.0,
                size: step,
                bold: false,
                text,
                words,
                styles: Vec::new(),
                ocr: true,
            }
        })
        .collect()
}
