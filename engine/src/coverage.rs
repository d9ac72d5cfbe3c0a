//! What an answer covered. Every check and rules answer says which layers it applied —
//! each with its source and the date it is current as of — and, for a judge whose
//! individual practices are not encoded, says so and where to read them, so a verdict
//! never looks like more than it is.

use crate::model::{
    Category, CheckResult, Coverage, CoverageLayer, CoverageLevel, JudgeProfile, Layer, Profile, ResultStatus,
    RuleLayer, Severity,
};
use std::fmt::Write as _;

/// The rule key of the result that points a filer at practices the answer did not apply.
pub const PRACTICES_RULE_KEY: &str = "Coverage:individual-practices";

/// The coverage of an answer for this judge, as data.
pub fn coverage(profile: &Profile, judge: &JudgeProfile) -> Coverage {
    let mut layers = vec![layer_of(Layer::Frcp, &profile.national), layer_of(Layer::LocalRules, &profile.local)];
    if let Some(order) = &judge.standing_order {
        layers.push(CoverageLayer {
            layer: Layer::StandingOrder,
            title: order.title.clone(),
            scope: None,
            source_url: order.source_url.clone(),
            effective_date: order.effective_date.clone(),
            as_of: order.as_of.clone(),
            sample: order.sample,
            organisation: order.organisation.clone(),
        });
    }
    let level = judge.coverage_level();
    let practices_url = (level == CoverageLevel::District).then(|| judge.profile_url.clone()).flatten();
    Coverage { level, layers, practices_url }
}

fn layer_of(layer: Layer, rules: &RuleLayer) -> CoverageLayer {
    CoverageLayer {
        layer,
        title: rules.short_title.clone().unwrap_or_else(|| rules.title.clone()),
        scope: rules.scope.clone(),
        source_url: rules.source_url.clone(),
        effective_date: rules.effective_date.clone(),
        as_of: rules.as_of.clone(),
        sample: false,
        organisation: None,
    }
}

/// The coverage in one paragraph, e.g. "Applied: FRCP (in force from 2025-12-01; current
/// as of 2026-11-22; uscourts.gov) + … Not encoded: Judge X's individual practices — read
/// them at https://… before filing."
pub fn coverage_note(judge: &JudgeProfile, coverage: &Coverage) -> String {
    let mut note = String::from("Applied: ");
    for (index, layer) in coverage.layers.iter().enumerate() {
        if index > 0 {
            note.push_str(" + ");
        }
        note.push_str(&layer.title);
        if layer.sample {
            note.push_str(" (sample data: a fictional order, for demonstration only)");
        } else if let Some(own) = &layer.organisation {
            let _ = write!(
                note,
                " (your organisation's layer, version {}, accepted by {} at {}; read from {})",
                own.version,
                own.accepted_by,
                own.accepted_at,
                host(&layer.source_url)
            );
        } else {
            let _ = write!(note, " ({})", dates_and_source(layer));
        }
    }
    note.push('.');
    match coverage.level {
        CoverageLevel::Full => {}
        CoverageLevel::Organisation => {
            note.push_str(
                " The standing-order layer is your organisation's own reading of the judge's document; courtrules has not verified it.",
            );
            if judge.sample {
                let _ = write!(
                    note,
                    " {} is sample data: a fictional judge, not a member of any court.",
                    judge.honorific_name()
                );
            }
        }
        CoverageLevel::Sample => {
            let _ = write!(
                note,
                " {} is sample data: a fictional judge, not a member of any court.",
                judge.honorific_name()
            );
        }
        CoverageLevel::District => {
            note.push_str(" Not encoded: ");
            note.push_str(&practices_owner(judge));
            match &coverage.practices_url {
                Some(url) => {
                    let _ = write!(note, " individual practices \u{2014} read them at {url} before filing.");
                }
                None => note.push_str(" individual practices \u{2014} read them before filing."),
            }
        }
    }
    note
}

/// The result a check adds for a judge whose individual practices are not encoded: one
/// action item, so the verdict cannot read as a clean bill of health.
pub fn practices_result(judge: &JudgeProfile, coverage: &Coverage) -> Option<CheckResult> {
    if coverage.level != CoverageLevel::District {
        return None;
    }
    let owner = practices_owner(judge);
    let whose = capitalize(&owner);
    let where_to_read = match &coverage.practices_url {
        Some(url) => format!("Read them at {url} before filing"),
        None => "Read them on the court's website before filing".to_owned(),
    };
    let message = format!(
        "{whose} individual practices are not encoded: only the Federal Rules and the local rules were checked. \
         {where_to_read}; judges' practices often set their own page limits, pre-motion conference and \
         courtesy-copy requirements, which override the district's."
    );
    Some(CheckResult {
        severity: Severity::Warning,
        category: Category::Coverage,
        message,
        source: format!("{whose} individual practices (not encoded)"),
        status: ResultStatus::ActionRequired,
        rule_key: PRACTICES_RULE_KEY.to_owned(),
        layer: Layer::StandingOrder,
    })
}

/// "Judge X's", or "the assigned judge's" for the court-wide rules.
fn practices_owner(judge: &JudgeProfile) -> String {
    if judge.slug == crate::model::COURT_JUDGE_SLUG {
        "the assigned judge's".to_owned()
    } else {
        format!("{}'s", judge.honorific_name())
    }
}

/// The engine's own phrases ("the assigned judge's", "Judge X's", "briefs") with their
/// first letter in capitals. They start with an ASCII letter, so ASCII capitals are
/// enough, and the browser's check module carries no Unicode case tables (~14 KB).
pub(crate) fn capitalize(text: &str) -> String {
    let mut text = text.to_owned();
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text
}

/// "LR 7.1 only; in force from 2025-12-01; current as of 2026-11-22; uscourts.gov".
fn dates_and_source(layer: &CoverageLayer) -> String {
    let mut parts = Vec::with_capacity(4);
    parts.extend(layer.scope.clone());
    if let Some(date) = &layer.effective_date {
        parts.push(format!("in force from {date}"));
    }
    match &layer.as_of {
        Some(date) => parts.push(format!("current as of {date}")),
        None => parts.push("date not confirmed".to_owned()),
    }
    parts.push(host(&layer.source_url).to_owned());
    parts.join("; ")
}

/// The host of an address, without `www.`: "https://www.uscourts.gov/rules" → "uscourts.gov".
fn host(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    host.strip_prefix("www.").unwrap_or(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_drops_scheme_path_and_www() {
        assert_eq!(host("https://www.uscourts.gov/rules-policies/x"), "uscourts.gov");
        assert_eq!(host("https://www.nysd.uscourts.gov"), "nysd.uscourts.gov");
        assert_eq!(host("http://example.org?q=1"), "example.org");
    }

    #[test]
    fn capitalize_first_letter_only() {
        assert_eq!(capitalize("the assigned judge's"), "The assigned judge's");
        assert_eq!(capitalize("Judge X's"), "Judge X's");
    }
}
