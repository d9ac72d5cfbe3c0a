//! Format detection over the body pages' text layer: body and footnote font sizes, the
//! body font, margins from the text's extents, and line spacing; with a confidence that
//! decides whether the format checks may use the numbers.

use super::fonts::{Font, strip_subset};
use super::layout::Line;
use super::structure::{PageText, Role, Structure};
use crate::model::{Confidence, Format, FormatDetection, LineSpacing, Margins};

/// Below this ratio of line spacing to font size a body is single-spaced, from it up to
/// `DOUBLE_FROM` one-and-a-half-spaced, and double-spaced from `DOUBLE_FROM` on.
pub const ONE_AND_A_HALF_FROM: f64 = 1.4;
pub const DOUBLE_FROM: f64 = 1.8;

pub struct Detected {
    pub detection: FormatDetection,
    /// For the request's `document.format`; `None` when confidence is low.
    pub format: Option<Format>,
}

fn low(reason: &str, warning: &str) -> Detected {
    Detected {
        detection: FormatDetection {
            confidence: Confidence::Low,
            confidence_reason: reason.to_string(),
            warning: Some(warning.to_string()),
            font_family: None,
            font_name_raw: None,
            margins_per_side: None,
            line_spacing_pt: None,
        },
        format: None,
    }
}

pub fn skipped() -> Detected {
    low(
        "Format extraction was skipped.",
        "Format extraction did not complete within its time limit, so format checks are skipped.",
    )
}

pub fn detect(pages: &[PageText], s: &Structure, fonts: &[Font], fillable: bool) -> Detected {
    if fillable {
        return low(
            "The PDF is a fillable (interactive) form; its layout is not that of a typed filing.",
            "This PDF is a fillable/interactive form, so format checks are skipped.",
        );
    }
    let with_text = |p: &usize| !s.front[*p] && !s.back[*p] && !pages[*p].scanned && !pages[*p].lines.is_empty();
    let body_pages: Vec<usize> = (0..pages.len()).filter(with_text).filter(|&p| !pages[p].recognized).collect();
    if body_pages.is_empty() && (0..pages.len()).filter(with_text).any(|p| pages[p].recognized) {
        return low(
            "The text layer is a text recognizer's invisible text over scanned images: its positions are the \
             recognizer's estimates, not the typed page's.",
            "The text layer was made by text recognition (invisible text over scanned images), so format checks \
             are skipped.",
        );
    }
    let body_lines =
        |p: usize| pages[p].lines.iter().zip(&s.roles[p]).filter(|(l, r)| **r == Role::Body && !l.ocr).map(|(l, _)| l);

    // primary font and size: most characters of body lines; footnote size likewise
    let mut styles: Vec<(u32, f64, u64)> = Vec::new();
    let mut footnote_sizes: Vec<(f64, u64)> = Vec::new();
    let mut total = 0u64;
    for &p in &body_pages {
        for (line, role) in pages[p].lines.iter().zip(&s.roles[p]) {
            if line.ocr {
                continue;
            }
            for &(font, size, count) in &line.styles {
                let count = u64::from(count);
                match role {
                    Role::Body => {
                        total += count;
                        match styles.iter_mut().find(|(f, s, _)| *f == font && *s == size) {
                            Some(e) => e.2 += count,
                            None => styles.push((font, size, count)),
                        }
                    }
                    Role::Footnote => match footnote_sizes.iter_mut().find(|(s, _)| *s == size) {
                        Some(e) => e.1 += count,
                        None => footnote_sizes.push((size, count)),
                    },
                    _ => {}
                }
            }
        }
    }
    let Some(&(font, _, _)) = styles.iter().max_by(|a, b| a.2.cmp(&b.2).then(b.0.cmp(&a.0))) else {
        return low(
            "No body text with a text layer was found.",
            "Format could not be measured, so format checks are skipped.",
        );
    };
    // the size with most characters over all fonts (bold and italic runs are the same size)
    let mut by_size: Vec<(f64, u64)> = Vec::new();
    for &(_, size, count) in &styles {
        match by_size.iter_mut().find(|(s, _)| *s == size) {
            Some(e) => e.1 += count,
            None => by_size.push((size, count)),
        }
    }
    let &(size, size_chars) = by_size.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.total_cmp(&a.0))).unwrap();
    let footnote = footnote_sizes.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.total_cmp(&a.0))).map(|f| f.0);

    // line spacing: consecutive regular-weight body lines of the body size on one page
    let mut spacings = Vec::new();
    let mut line_count = 0usize;
    for &p in &body_pages {
        let lines: Vec<&Line> = body_lines(p).collect();
        line_count += lines.len();
        for pair in lines.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let d = a.baseline - b.baseline;
            let same_size = (a.size - size).abs() < 0.3 && (b.size - size).abs() < 0.3;
            if same_size && !a.bold && !b.bold && d >= 0.8 * size && d <= 3.0 * size {
                spacings.push(d);
            }
        }
    }
    spacings.sort_by(f64::total_cmp);
    let spacing = (!spacings.is_empty()).then(|| round3(median(&spacings)));

    // margins: the union of the text's extents over body pages (running lines left out)
    let mut m = Margins { top: f64::MAX, bottom: f64::MAX, left: f64::MAX, right: f64::MAX };
    for &p in &body_pages {
        let page = &pages[p];
        for (line, _) in page.lines.iter().zip(&s.roles[p]).filter(|(l, r)| **r != Role::Running && !l.ocr) {
            m.left = m.left.min(line.x0 / 72.0);
            m.right = m.right.min((page.width - line.x1) / 72.0);
            m.top = m.top.min((page.height - line.top) / 72.0);
            m.bottom = m.bottom.min(line.bottom / 72.0);
        }
    }
    let margins = (m.left != f64::MAX).then(|| Margins {
        top: round3(m.top),
        bottom: round3(m.bottom),
        left: round3(m.left),
        right: round3(m.right),
    });

    let raw = fonts.get(font as usize).map(|f| f.name.clone());
    let known_widths = fonts.get(font as usize).is_some_and(|f| f.known_widths);
    let share = size_chars as f64 / total.max(1) as f64;
    let sane_margins =
        margins.is_some_and(|m| [m.top, m.bottom, m.left, m.right].iter().all(|v| (0.0..=4.0).contains(v)));
    let (confidence, reason) = if line_count < 5 || spacings.len() < 3 || !sane_margins {
        (
            Confidence::Low,
            format!(
                "Too little regular body text to measure ({line_count} body lines, {} spacing samples).",
                spacings.len()
            ),
        )
    } else if share < 0.6 || spacings.len() < 10 || !known_widths || line_count < 20 {
        let mut why = Vec::new();
        if share < 0.6 {
            why.push(format!("the body size covers only {:.0}% of body characters", share * 100.0));
        }
        if spacings.len() < 10 || line_count < 20 {
            why.push(format!("few body lines ({line_count})"));
        }
        if !known_widths {
            why.push("the body font's widths are estimated".to_string());
        }
        (Confidence::Medium, format!("Measured from the text layer, but {}.", why.join(" and ")))
    } else {
        (
            Confidence::High,
            format!(
                "Measured from the text layer of {} body pages: {:.0}% of body characters are {} pt; {} line-spacing samples.",
                body_pages.len(),
                share * 100.0,
                size,
                spacings.len()
            ),
        )
    };
    let line_spacing = spacing.map(|d| {
        let ratio = d / size;
        if ratio >= DOUBLE_FROM {
            LineSpacing::Double
        } else if ratio >= ONE_AND_A_HALF_FROM {
            LineSpacing::OneAndAHalf
        } else {
            LineSpacing::Single
        }
    });
    let warning = match confidence {
        Confidence::Low => Some("Format could not be measured reliably, so format checks are skipped.".to_string()),
        Confidence::Medium => {
            Some("Format was measured with medium confidence; check the format results by eye.".to_string())
        }
        Confidence::High => None,
    };
    let format = (confidence != Confidence::Low).then(|| Format {
        primary_font_size_pt: Some(size),
        footnote_font_size_pt: footnote,
        margin_inches: margins.map(|m| m.top.min(m.bottom).min(m.left).min(m.right)),
        line_spacing,
    });
    Detected {
        detection: FormatDetection {
            confidence,
            confidence_reason: reason,
            warning,
            font_family: raw.as_deref().map(family),
            font_name_raw: raw,
            margins_per_side: margins,
            line_spacing_pt: spacing,
        },
        format,
    }
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 }
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// The family of a font name: `Times-Roman` → Times, `ABCDEF+TimesNewRomanPS-BoldMT` →
/// Times New Roman, `Arial,Bold` → Arial.
pub fn family(raw: &str) -> String {
    let name = strip_subset(raw);
    let base = name.split(['-', ',']).next().unwrap_or(name);
    let base = ["PSMT", "MT", "PS", "Std", "LT"]
        .iter()
        .fold(base.to_string(), |b, suffix| b.strip_suffix(suffix).map_or(b.clone(), str::to_string));
    let base = ["Bold", "Italic", "Regular", "Oblique"]
        .iter()
        .fold(base, |b, suffix| b.strip_suffix(suffix).map_or(b.clone(), str::to_string));
    // split CamelCase: TimesNewRoman → Times New Roman
    let mut out = String::new();
    let chars: Vec<char> = base.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if i > 0 && c.is_uppercase() && chars[i - 1].is_lowercase() {
            out.push(' ');
        }
        out.push(c);
    }
    if out.is_empty() { raw.to_string() } else { out }
}

#[cfg(test)]
mod tests {
    use super::family;

    #[test]
    fn families() {
        assert_eq!(family("Times-Roman"), "Times");
        assert_eq!(family("ABCDEF+TimesNewRomanPS-BoldMT"), "Times New Roman");
        assert_eq!(family("Arial,Bold"), "Arial");
        assert_eq!(family("Helvetica"), "Helvetica");
        assert_eq!(family("CenturySchoolbook"), "Century Schoolbook");
    }
}
