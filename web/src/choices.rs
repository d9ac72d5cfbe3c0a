//! The court and judge pickers' choices, read from `GET /api/v1/courts` and
//! `GET /api/v1/judges`.
//!
//! The courts answer lists every court the catalogue knows (about 1,050, ~180 KB), and the
//! picker shows only the live ones, so it is read into borrowed records that keep just the
//! fields the picker uses: the rest of each record is skipped without being built. That is
//! on the path to the app's first result (a `serde_json::Value` of the whole list cost
//! ~10 ms of allocations in the page).

use courtrules_engine::model::COURT_JUDGE_SLUG;
use serde::{Deserialize, Deserializer};
use std::borrow::Cow;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choice {
    pub value: String,
    pub text: String,
    /// The full name, shown as the option's tooltip.
    pub title: String,
    /// A fictional judge whose rules only demonstrate the checks.
    pub sample: bool,
    /// A court without rules to check against, or one the key may not use: listed, not
    /// choosable.
    pub disabled: bool,
    /// A court's citation ("E.D.N.Y."), when the courts' answer gives one (empty if not).
    pub short: String,
    /// Why a court cannot be chosen, as its option says it ("no checks yet", "not in
    /// this key's plan").
    pub unavailable: Option<&'static str>,
}

/// "no checks yet": a live court courtrules has no rules for.
pub const NO_CHECKS: &str = "no checks yet";
/// "not in this key's plan": a court the key may not check.
pub const NOT_IN_PLAN: &str = "not in this key's plan";

impl Choice {
    /// A court as a sentence names it: "the Eastern District of New York" (its full name
    /// without "U.S. District Court for").
    pub fn court_in_words(&self) -> String {
        let name = self.title.trim_start_matches("U.S. District Court for ").trim();
        if name.is_empty() { self.value.clone() } else { name.to_owned() }
    }

    /// The court named briefly: its citation ("E.D.N.Y."), else as a sentence names it.
    pub fn court_name(&self) -> String {
        if self.short.is_empty() { self.court_in_words() } else { self.short.clone() }
    }
}

#[derive(Deserialize)]
struct CourtsAnswer<'a> {
    #[serde(borrow, default)]
    courts: Vec<CourtRecord<'a>>,
    #[serde(borrow, default)]
    meta: Option<CourtsMeta<'a>>,
}

#[derive(Deserialize)]
struct CourtsMeta<'a> {
    /// The courts the key may check; absent, the answer says nothing of the key's plan.
    #[serde(borrow, default)]
    accessible_districts: Option<Vec<Cow<'a, str>>>,
}

#[derive(Deserialize)]
struct CourtRecord<'a> {
    #[serde(borrow, default)]
    district_id: Cow<'a, str>,
    #[serde(borrow, default)]
    name: Cow<'a, str>,
    #[serde(borrow, default)]
    status: Cow<'a, str>,
    #[serde(borrow, default)]
    citation_string: Option<Cow<'a, str>>,
    /// `judges_profiled` is present exactly for the live courts with a compliance profile.
    #[serde(default, rename = "judges_profiled", deserialize_with = "present")]
    checkable: bool,
}

#[derive(Deserialize)]
struct JudgesAnswer<'a> {
    #[serde(borrow, default)]
    judges: Vec<JudgeRecord<'a>>,
}

#[derive(Deserialize)]
struct JudgeRecord<'a> {
    #[serde(borrow, default)]
    slug: Cow<'a, str>,
    #[serde(borrow, default)]
    name: Option<Cow<'a, str>>,
    #[serde(default)]
    sample: Option<bool>,
    #[serde(default)]
    has_profile: Option<bool>,
}

/// True for a field that is there, whatever its value.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    serde::de::IgnoredAny::deserialize(deserializer).map(|_| true)
}

/// The live courts, those that can be checked first (the rest keep the server's order,
/// disabled: marked "no checks yet", or "not in this key's plan" for a court outside the
/// answer's `meta.accessible_districts`, which the server would refuse to check).
pub fn courts(text: &str) -> Result<Vec<Choice>, serde_json::Error> {
    let answer: CourtsAnswer = serde_json::from_str(text)?;
    let accessible = answer.meta.as_ref().and_then(|meta| meta.accessible_districts.as_deref());
    let mut courts: Vec<Choice> = answer
        .courts
        .iter()
        .filter(|court| court.status == "live")
        .map(|court| {
            let citation = citation(court.citation_string.as_deref());
            let short = citation
                .clone()
                .unwrap_or_else(|| court.name.trim_start_matches("U.S. District Court for the ").to_owned());
            let in_plan = accessible.is_none_or(|ids| ids.contains(&court.district_id));
            let unavailable = if !court.checkable {
                Some(NO_CHECKS)
            } else if !in_plan {
                Some(NOT_IN_PLAN)
            } else {
                None
            };
            let text = match unavailable {
                Some(why) => format!("{short} \u{2014} {why}"),
                None => short.clone(),
            };
            let title = if court.name.is_empty() { &court.district_id } else { &court.name };
            Choice {
                text,
                title: title.to_string(),
                value: court.district_id.to_string(),
                disabled: unavailable.is_some(),
                short: citation.unwrap_or_default(),
                unavailable,
                ..Choice::default()
            }
        })
        .collect();
    courts.sort_by_key(|choice| choice.disabled);
    Ok(courts)
}

/// "Any judge" (the court-wide rules, for a judge the roster does not list or a court
/// without one), then the court's judges as the server lists them.
pub fn judges(text: &str) -> Result<Vec<Choice>, serde_json::Error> {
    let answer: JudgesAnswer = serde_json::from_str(text)?;
    let any_judge = Choice {
        value: COURT_JUDGE_SLUG.into(),
        text: "Any judge \u{2014} the court's own rules only".into(),
        ..Choice::default()
    };
    let judges = answer.judges.into_iter().map(|judge| {
        let name = judge.name.unwrap_or_else(|| judge.slug.clone()).into_owned();
        let sample = judge.sample == Some(true);
        let text = if sample {
            format!("{name} (sample data)")
        } else if judge.has_profile == Some(true) {
            format!("{name} (standing order)")
        } else {
            name.clone()
        };
        Choice { value: judge.slug.into_owned(), text, title: name, sample, ..Choice::default() }
    });
    Ok(std::iter::once(any_judge).chain(judges).collect())
}

/// "E.D.N.Y." for the Eastern District of New York: the short name lawyers cite, with
/// the full name as the option's tooltip. (Bluebook abbreviations end in a period;
/// the catalogue spells a few without it.)
fn citation(citation: Option<&str>) -> Option<String> {
    match citation.filter(|text| !text.is_empty()) {
        Some(short) if short.contains('.') && !short.ends_with('.') => Some(format!("{short}.")),
        Some(short) => Some(short.to_owned()),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COURTS: &str = r#"{"courts": [
        {"district_id": "nhd", "name": "U.S. District Court for the District of New Hampshire", "status": "live",
         "citation_string": "D.N.H", "judges_mapped": 3},
        {"district_id": "edny", "name": "U.S. District Court for the Eastern District of New York", "status": "live",
         "citation_string": "E.D.N.Y.", "judges_mapped": 40, "judges_profiled": 6, "circuit": "2d", "extra": {"a": [1, 2]}},
        {"district_id": "ca-la", "name": "Los Angeles Superior Court", "status": "planned", "circuit": null},
        {"district_id": "xd", "name": "U.S. District Court for the \"X\" District", "status": "live", "citation_string": null}
    ], "meta": {"total_districts": 4}}"#;

    #[test]
    fn live_courts_checkable_first_with_their_short_names() {
        let courts = courts(COURTS).unwrap();
        let listed: Vec<(&str, &str, bool)> =
            courts.iter().map(|c| (c.value.as_str(), c.text.as_str(), c.disabled)).collect();
        assert_eq!(
            listed,
            [
                ("edny", "E.D.N.Y.", false),
                ("nhd", "D.N.H. \u{2014} no checks yet", true),
                ("xd", "\"X\" District \u{2014} no checks yet", true),
            ]
        );
        assert_eq!(courts[0].title, "U.S. District Court for the Eastern District of New York");
        assert_eq!(
            (courts[0].short.as_str(), courts[0].court_in_words().as_str()),
            ("E.D.N.Y.", "the Eastern District of New York")
        );
        assert_eq!((courts[1].short.as_str(), courts[1].unavailable), ("D.N.H.", Some(NO_CHECKS)));
        // Without a citation, a court is named in words.
        assert_eq!((courts[2].short.as_str(), courts[2].court_name().as_str()), ("", "the \"X\" District"));
    }

    #[test]
    fn courts_outside_the_keys_plan_are_listed_but_not_choosable() {
        let limited = COURTS.replace(
            r#""meta": {"total_districts": 4}"#,
            r#""meta": {"total_districts": 4, "accessible_districts": ["sdny", "nhd"]}"#,
        );
        let limited = limited.replace(
            r#"{"district_id": "ca-la""#,
            r#"{"district_id": "sdny", "name": "U.S. District Court for the Southern District of New York",
             "status": "live", "citation_string": "S.D.N.Y.", "judges_profiled": 0},
            {"district_id": "ca-la""#,
        );
        let listed: Vec<(String, String, bool)> =
            courts(&limited).unwrap().into_iter().map(|c| (c.value, c.text, c.disabled)).collect();
        let listed: Vec<(&str, &str, bool)> = listed.iter().map(|(v, t, d)| (v.as_str(), t.as_str(), *d)).collect();
        assert_eq!(
            listed,
            [
                ("sdny", "S.D.N.Y.", false),
                ("nhd", "D.N.H. \u{2014} no checks yet", true),
                ("edny", "E.D.N.Y. \u{2014} not in this key's plan", true),
                ("xd", "\"X\" District \u{2014} no checks yet", true),
            ]
        );
    }

    #[test]
    fn judges_follow_any_judge_and_say_what_they_are() {
        let text = r#"{"judges": [
            {"slug": "avery-sample", "name": "Avery Sample", "sample": true, "has_profile": true},
            {"slug": "real-judge", "name": "Real Judge", "has_profile": true, "courtroom": "4A"},
            {"slug": "no-name"}
        ]}"#;
        let judges = judges(text).unwrap();
        let listed: Vec<(&str, &str, bool)> =
            judges.iter().map(|j| (j.value.as_str(), j.text.as_str(), j.sample)).collect();
        assert_eq!(
            listed,
            [
                ("court", "Any judge \u{2014} the court's own rules only", false),
                ("avery-sample", "Avery Sample (sample data)", true),
                ("real-judge", "Real Judge (standing order)", false),
                ("no-name", "no-name", false),
            ]
        );
    }

    #[test]
    fn an_answer_that_is_not_a_list_is_an_error() {
        assert!(courts("not json").is_err());
        assert!(courts(r#"{"courts": 3}"#).is_err());
        assert!(judges(r#"{"judges": [{"slug": 4}]}"#).is_err());
    }
}
