//! Time rules: the document the engine computes a district's deadlines from, composed
//! at seed from the data pack — the national periods and the quoted paragraphs of
//! Rule 6 (`deadlines/frcp.json`), the district's local periods
//! (`deadlines/local/<district_id>.json`), the legal holidays of the state the court
//! sits in (`holidays/state-legal/<xx>.json`) and the closures (`holidays/closures.json`)
//! — and stored whole, one row a district (`time_rules`).

use super::datapack::{json_files, read_json};
use super::holidays::StoredHoliday;
use anyhow::{Context, bail};
use courtrules_engine::model::{
    ClosureKind, ObservanceRule, OfficeClosure, Period, PeriodLayer, RuleText, StateHoliday, StateHolidays,
    TIME_RULES_FORMAT_VERSION, TimeRules,
};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;

/// `deadlines/frcp.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NationalFile {
    #[allow(dead_code)] // for readers of the file
    title: String,
    #[allow(dead_code)]
    as_of: String,
    computation: Vec<RuleText>,
    periods: Vec<Period>,
    /// Said in every answer, in every district (after the district's own notes).
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    gaps: Vec<String>,
}

/// `deadlines/local/<district_id>.json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LocalFile {
    district_id: String,
    #[allow(dead_code)]
    title: String,
    #[allow(dead_code)]
    as_of: String,
    periods: Vec<Period>,
    /// What the district's answers cannot know (its periods that are not encoded).
    #[serde(default)]
    notes: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    gaps: Vec<String>,
}

/// `holidays/state-legal/<xx>.json`: the engine's `StateHolidays`, with what readers of
/// the file need besides.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    state: String,
    name: String,
    citation: String,
    source_url: String,
    #[allow(dead_code)]
    source_is_official: bool,
    as_of: String,
    #[allow(dead_code)]
    source_text: String,
    holidays: Vec<StateHoliday>,
    sunday_rule: ObservanceRule,
    saturday_rule: ObservanceRule,
    #[serde(default)]
    #[allow(dead_code)]
    notes: String,
    #[serde(default)]
    #[allow(dead_code)]
    gaps: Vec<String>,
}

/// The time rules of each profiled district, by district id.
pub fn read_data_pack(
    data_dir: &Path,
    districts: &[(String, String)],
    holidays: &[StoredHoliday],
) -> anyhow::Result<BTreeMap<String, TimeRules>> {
    let national_path = data_dir.join("deadlines/frcp.json");
    if !national_path.exists() {
        return Ok(BTreeMap::new());
    }
    let national: NationalFile = read_json(&national_path)?;
    for period in &national.periods {
        if period.layer != PeriodLayer::National {
            bail!("{}: period `{}` is not of the national layer", national_path.display(), period.period_key);
        }
    }
    let mut locals = BTreeMap::new();
    for path in json_files(&data_dir.join("deadlines/local"))? {
        let file: LocalFile = read_json(&path)?;
        if let Some(period) = file.periods.iter().find(|period| period.layer != PeriodLayer::Local) {
            bail!("{}: period `{}` is not of the local layer", path.display(), period.period_key);
        }
        locals.insert(file.district_id.clone(), (file.periods, file.notes));
    }
    let mut states = BTreeMap::new();
    for path in json_files(&data_dir.join("holidays/state-legal"))? {
        let file: StateFile = read_json(&path)?;
        let state = StateHolidays {
            state: file.state,
            name: file.name,
            citation: file.citation,
            source_url: file.source_url,
            as_of: file.as_of,
            holidays: file.holidays,
            sunday_rule: file.sunday_rule,
            saturday_rule: file.saturday_rule,
        };
        states.insert(state.state.clone(), state);
    }
    let mut all = BTreeMap::new();
    for (district_id, state) in districts {
        let mut periods = national.periods.clone();
        // The district's own notes first (what its answers leave out), then the national ones.
        let (local_periods, mut notes) = locals.remove(district_id).unwrap_or_default();
        periods.extend(local_periods);
        notes.extend(national.notes.iter().cloned());
        let closures = holidays
            .iter()
            .filter(|holiday| {
                holiday.district_id == super::holidays::ALL_FEDERAL || &holiday.district_id == district_id
            })
            .filter_map(|holiday| {
                let kind = match holiday.kind.as_str() {
                    "presidential_closure" => ClosureKind::PresidentialClosure,
                    "court_closure" => ClosureKind::CourtClosure,
                    _ => return None,
                };
                let authority = match kind {
                    ClosureKind::PresidentialClosure => "declared a holiday by the President",
                    ClosureKind::CourtClosure => "closure ordered by the court",
                };
                Some(OfficeClosure {
                    date: holiday.date.to_string(),
                    name: holiday.name.clone(),
                    kind,
                    authority: authority.to_owned(),
                    source_url: holiday.source_url.clone(),
                })
            })
            .collect();
        let mut rules = TimeRules {
            format_version: TIME_RULES_FORMAT_VERSION,
            district_id: district_id.clone(),
            rules_version: String::new(),
            computation: national.computation.clone(),
            periods,
            state_holidays: states.get(state).cloned(),
            closures,
            notes,
        };
        rules.rules_version = version_of(&rules)?;
        all.insert(district_id.clone(), rules);
    }
    if let Some(district) = locals.keys().next() {
        bail!("data/deadlines/local/{district}.json: `{district}` has no compliance profile");
    }
    Ok(all)
}

/// The first 16 hex digits of the document's SHA-256 (without its version).
fn version_of(rules: &TimeRules) -> anyhow::Result<String> {
    let bytes = serde_json::to_vec(rules).context("time rules serialize")?;
    let digest = Sha256::digest(&bytes);
    Ok(digest.iter().take(8).map(|byte| format!("{byte:02x}")).collect())
}

/// Replaces the stored time rules when they differ; whether it did.
pub async fn sync(tx: &mut sqlx::AnyConnection, wanted: &BTreeMap<String, TimeRules>) -> anyhow::Result<bool> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT district_id, document FROM time_rules ORDER BY district_id").fetch_all(&mut *tx).await?;
    let mut documents = BTreeMap::new();
    for (district, rules) in wanted {
        documents.insert(district.clone(), String::from_utf8(courtrules_engine::ffi::to_json(rules))?);
    }
    let stored: BTreeMap<String, String> = rows.into_iter().collect();
    if stored == documents {
        return Ok(false);
    }
    sqlx::query("DELETE FROM time_rules").execute(&mut *tx).await?;
    for (district, document) in &documents {
        sqlx::query("INSERT INTO time_rules (district_id, document) VALUES ($1, $2)")
            .bind(district)
            .bind(document)
            .execute(&mut *tx)
            .await?;
    }
    Ok(true)
}

/// A district's stored time rules (JSON), if it has them.
pub async fn stored(pool: &sqlx::AnyPool, district_id: &str) -> anyhow::Result<Option<Vec<u8>>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT document FROM time_rules WHERE district_id = $1")
        .bind(district_id)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|(document,)| document.into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use courtrules_engine::model::{DeadlineRequest, DeadlineResponse, StepKind};

    /// E.D.N.Y.'s time rules as `seed` composes them from the repository's data pack
    /// (the federal holidays are the engine's; no closure is needed here). Every district
    /// with local periods is named, as `seed` names them; only E.D.N.Y.'s state matters.
    fn edny() -> TimeRules {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let districts: Vec<(String, String)> = json_files(&data.join("deadlines/local"))
            .unwrap()
            .iter()
            .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
            .map(|id| {
                let state = if id == "edny" { "NY" } else { "" };
                (id, state.to_owned())
            })
            .collect();
        read_data_pack(&data, &districts, &[]).unwrap().remove("edny").unwrap()
    }

    fn answer(rules: &TimeRules, trigger: &str, date: &str, service: &str) -> DeadlineResponse {
        let request: DeadlineRequest = serde_json::from_value(serde_json::json!({
            "district_id": "edny", "trigger": trigger, "trigger_date": date, "service_method": service
        }))
        .unwrap();
        courtrules_engine::deadlines(rules, &request).unwrap()
    }

    /// A step of a trail as (step, date, citation).
    type Pinned<'a> = (StepKind, Option<&'a str>, &'a str);

    /// The pinned steps of a deadline's trail, and its due date.
    fn trail<'a>(answer: &'a DeadlineResponse, key: &str) -> (Vec<Pinned<'a>>, &'a str) {
        let deadline = answer.deadlines.iter().find(|d| d.period_key == key).unwrap_or_else(|| panic!("no {key}"));
        let steps = deadline.trail.iter().map(|s| (s.step, s.date.as_deref(), s.citation.as_str())).collect();
        (steps, deadline.due_date.as_str())
    }

    /// Rule 12(a)(2)–(3): the United States, its agencies, officers and employees answer
    /// "a complaint, counterclaim, or crossclaim" in 60 days. The counterclaim or
    /// crossclaim is a pleading served under Rule 5(b), so 6(d)'s days are added after
    /// service by mail, as they are to Rule 12(a)(1)(B)'s 21 days beside it; the answer
    /// to a complaint (Rule 4 service) gets none.
    #[test]
    fn a_us_party_answers_a_counterclaim_or_crossclaim_in_60_days() {
        let rules = edny();
        const US: &str = "frcp-12-a-2-3-answer-counterclaim-crossclaim-united-states";
        let period = rules.periods.iter().find(|p| p.period_key == US).unwrap();
        assert_eq!((period.amount, period.runs_from_service), (60, true));
        assert_eq!(period.citation, "Fed. R. Civ. P. 12(a)(2)–(3)");
        for words in [
            "sued only in an official capacity must serve an answer to a complaint, counterclaim, or crossclaim \
             within 60 days after service on the United States attorney.",
            "must serve an answer to a complaint, counterclaim, or crossclaim within 60 days after service on the \
             officer or employee or service on the United States attorney, whichever is later.",
        ] {
            assert!(period.source_text.contains(words), "{}", period.source_text);
        }

        // Served by mail on Wednesday 4 March 2026: the 60th day is Sunday 3 May, so the
        // period would expire on Monday 4 May; 3 days are added after that.
        let mailed = answer(&rules, "service_of_pleading", "2026-03-04", "mail");
        let (steps, due) = trail(&mailed, US);
        assert_eq!(due, "2026-05-07");
        assert_eq!(
            steps,
            [
                (StepKind::Period, None, "Fed. R. Civ. P. 12(a)(2)–(3)"),
                (StepKind::ExcludeEventDay, Some("2026-03-04"), "Fed. R. Civ. P. 6(a)(1)(A)"),
                (StepKind::Count, Some("2026-05-03"), "Fed. R. Civ. P. 6(a)(1)(B)"),
                (StepKind::Skip, Some("2026-05-03"), "Fed. R. Civ. P. 6(a)(1)(C)"),
                (StepKind::AddServiceDays, Some("2026-05-07"), "Fed. R. Civ. P. 6(d)"),
                (StepKind::LastDay, Some("2026-05-07"), "Fed. R. Civ. P. 6(a)(4)"),
            ]
        );
        // Everyone else's 21 days are still given (25 March, 3 days to Saturday 28 March,
        // so Monday 30 March), and say where the 60 days are.
        const EVERYONE: &str = "frcp-12-a-1-b-answer-counterclaim-crossclaim";
        let (_, due) = trail(&mailed, EVERYONE);
        assert_eq!(due, "2026-03-30");
        let first = &mailed.deadlines.iter().find(|d| d.period_key == EVERYONE).unwrap().trail[0];
        assert!(first.explanation.ends_with("have 60 days (Rule 12(a)(2)–(3))."), "{}", first.explanation);
        let first = &mailed.deadlines.iter().find(|d| d.period_key == US).unwrap().trail[0];
        assert_eq!(first.explanation, format!("60 days after service of the pleading: {}", period.summary));

        // Served electronically: no 6(d) days.
        let electronic = answer(&rules, "service_of_pleading", "2026-03-04", "electronic");
        let (steps, due) = trail(&electronic, US);
        assert_eq!(due, "2026-05-04");
        assert_eq!(steps[4], (StepKind::NoServiceDays, None, "Fed. R. Civ. P. 6(d)"));

        // The answer to a complaint: 60 days from Rule 4 service, never 6(d)'s days.
        let summons = answer(&rules, "service_of_summons", "2026-03-04", "mail");
        let (steps, due) = trail(&summons, "frcp-12-a-2-3-answer-united-states");
        assert_eq!(due, "2026-05-04");
        assert!(steps.iter().all(|(step, ..)| *step != StepKind::AddServiceDays), "{steps:?}");
    }
}
