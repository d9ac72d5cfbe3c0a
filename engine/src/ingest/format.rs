//! The form of papers: type size (text and footnotes), margins, line spacing. One
//! finding per aspect, as the profile format has one `Format` rule per aspect.

use super::Finding;
use super::vocabulary as v;
use super::words::{Quantity, Token, Unit, find, has_any, has_any_outside, quantities};
use crate::model::{AppliesTo, Confidence, LineSpacing, RuleKind, RuleParams};

pub fn find_format(t: &[Token]) -> Vec<Finding> {
    let mut found = Vec::new();
    let all = quantities(t);
    let sizes: Vec<&Quantity> =
        all.iter().filter(|q| q.unit == Unit::Points && (6.0..=20.0).contains(&q.value)).collect();
    let mut body = None;
    let mut footnote = None;
    for (k, q) in sizes.iter().enumerate() {
        // The words a size describes: up to seven before it (not past the previous size)
        // and one after ("12-point type", "footnotes must be no smaller than 10-point").
        let from = q.first.saturating_sub(7).max(if k == 0 { 0 } else { sizes[k - 1].last + 1 });
        let to = (q.last + 2).min(sizes.get(k + 1).map_or(t.len(), |n| n.first));
        let near = &t[from..to];
        let about_notes = has_any(near, v::FOOTNOTES);
        let both = about_notes && has_any(&t[from..t.len().min(q.last + 6)], v::TEXT_AND_NOTES);
        if about_notes && !both {
            footnote.get_or_insert(q.value);
        } else {
            body.get_or_insert(q.value);
            if both {
                footnote.get_or_insert(q.value);
            }
        }
    }
    if let Some(size) = body {
        found.push(format_finding(
            "body-font",
            "Type size",
            format!("Text must be set in type of at least {} points.", trim(size)),
            RuleParams { min_font_pt: Some(size), ..RuleParams::default() },
            format!("a type size of {} points", trim(size)),
        ));
    }
    if let Some(size) = footnote {
        found.push(format_finding(
            "footnote-font",
            "Footnote type size",
            format!("Footnotes must be set in type of at least {} points.", trim(size)),
            RuleParams { min_footnote_font_pt: Some(size), ..RuleParams::default() },
            format!("a footnote type size of {} points", trim(size)),
        ));
    }
    if has_any(t, v::MARGINS) {
        let inches = all.iter().filter(|q| q.unit == Unit::Inches && (0.25..=3.0).contains(&q.value)).map(|q| q.value);
        if let Some(margin) = inches.fold(None, |least: Option<f64>, m| Some(least.map_or(m, |l| l.min(m)))) {
            found.push(format_finding(
                "margins",
                "Margins",
                format!(
                    "Margins must be at least {} inch{} on every side.",
                    trim(margin),
                    if margin == 1.0 { "" } else { "es" }
                ),
                RuleParams { min_margin_inches: Some(margin), ..RuleParams::default() },
                format!("margins of {} inch", trim(margin)),
            ));
        }
    }
    if double_spacing_required(t, &all) {
        found.push(format_finding(
            "line-spacing",
            "Line spacing",
            "Text must be double-spaced.".to_string(),
            RuleParams { line_spacing: Some(LineSpacing::Double), ..RuleParams::default() },
            "double spacing".to_string(),
        ));
    }
    found
}

/// "double-spaced" as a requirement, not as the measure of a page limit ("25
/// double-spaced pages") and not in the negative ("need not be double-spaced", "are
/// not required to be double-spaced"): a requirement phrase inside a negation does not
/// count.
fn double_spacing_required(t: &[Token], all: &[Quantity]) -> bool {
    let Some(at) = v::DOUBLE_SPACED.iter().filter_map(|p| find(t, 0, t.len(), p)).min() else { return false };
    let required = has_any_outside(t, v::SPACING_REQUIRED, v::SPACING_NEGATIONS);
    if has_any(t, v::SPACING_NEGATIONS) || has_any(t, v::SPACING_EXCEPTIONS) {
        // "Memoranda must be double-spaced; block quotations may be single-spaced."
        return required;
    }
    let inside_quantity = all.iter().any(|q| q.first < at && at <= q.last);
    !inside_quantity || required
}

fn format_finding(name: &str, label: &str, summary: String, params: RuleParams, read: String) -> Finding {
    Finding {
        kind: RuleKind::Format,
        name: name.to_string(),
        label: label.to_string(),
        summary,
        params,
        applies_to: AppliesTo::default(),
        confidence: Confidence::High,
        reasoning: format!("{read} required"),
        pre_motion_letter: false,
    }
}

fn trim(value: f64) -> String {
    if value.fract() == 0.0 { format!("{}", value as i64) } else { format!("{value}") }
}
