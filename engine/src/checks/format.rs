//! FORMAT: type size of the body and of footnotes, margins, and line spacing. Each
//! format rule sets exactly one of the format parameters and checks that one aspect.

use super::{CheckInfo, Outcome};
use crate::model::{CheckRequest, Format, LineSpacing, Rule, RuleKind};

pub(crate) const INFO: CheckInfo = CheckInfo {
    kind: RuleKind::Format,
    needs: &[
        "document.format.primary_font_size_pt",
        "document.format.footnote_font_size_pt",
        "document.format.margin_inches",
        "document.format.line_spacing",
    ],
    params: &["min_font_pt", "min_footnote_font_pt", "min_margin_inches", "line_spacing"],
};

pub(crate) fn evaluate(rule: &Rule, request: &CheckRequest) -> Outcome {
    let format = request.document.format.as_ref();
    let params = &rule.params;
    if let Some(min) = params.min_font_pt {
        return at_least(
            format.and_then(|f| f.primary_font_size_pt),
            min,
            "document.format.primary_font_size_pt",
            |value| format!("Body text is {value}-point type; at least {min}-point type is required."),
            |value| format!("Body text is {value}-point type (at least {min}-point required)."),
        );
    }
    if let Some(min) = params.min_footnote_font_pt {
        return at_least(
            format.and_then(|f| f.footnote_font_size_pt),
            min,
            "document.format.footnote_font_size_pt",
            |value| format!("Footnotes are {value}-point type; at least {min}-point type is required."),
            |value| format!("Footnotes are {value}-point type (at least {min}-point allowed)."),
        );
    }
    if let Some(min) = params.min_margin_inches {
        return at_least(
            format.and_then(|f| f.margin_inches),
            min,
            "document.format.margin_inches",
            |value| format!("Margins are {value} inch; at least {min} inch on all sides is required."),
            |value| format!("Margins are {value} inch (at least {min} inch required)."),
        );
    }
    if let Some(required) = params.line_spacing {
        return spacing(format, required);
    }
    Outcome::NotApplicable
}

fn at_least(
    value: Option<f64>,
    min: f64,
    needs: &'static str,
    too_small: impl FnOnce(f64) -> String,
    fine: impl FnOnce(f64) -> String,
) -> Outcome {
    match value {
        None => Outcome::Skipped { needs },
        Some(value) if value < min => Outcome::fail(too_small(value)),
        Some(value) => Outcome::pass(fine(value)),
    }
}

fn spacing(format: Option<&Format>, required: LineSpacing) -> Outcome {
    let Some(actual) = format.and_then(|f| f.line_spacing) else {
        return Outcome::Skipped { needs: "document.format.line_spacing" };
    };
    // The spellings are declared from tightest to loosest, so the enum order compares
    // spacing; single-spaced headings, footnotes and block quotes are not described
    // by the request and so are not judged here.
    if actual < required {
        Outcome::fail(format!("Body text is {}-spaced; {}-spaced text is required.", name(actual), name(required)))
    } else {
        Outcome::pass(format!("Body text is {}-spaced.", name(actual)))
    }
}

fn name(spacing: LineSpacing) -> &'static str {
    match spacing {
        LineSpacing::Single => "single",
        LineSpacing::OneAndAHalf => "one-and-a-half",
        LineSpacing::Double => "double",
    }
}
