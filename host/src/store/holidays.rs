//! Court holidays. Federal courts: the legal public holidays of 5 U.S.C. § 6103,
//! computed by the engine's `calendar` for the years asked for (Inauguration Day only
//! for the District of Columbia), plus the stored closures — presidential closures
//! (`*federal*`, every federal court) and closures a court ordered. State courts: their
//! stored calendars. The stored part is seeded from `data/holidays/`.

use super::courts::Court;
use super::datapack::{json_files, read_json};
use anyhow::{Context, bail};
use courtrules_engine::calendar::{self, Date};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The marker `district_id` of a closure that concerns every federal court.
pub const ALL_FEDERAL: &str = "*federal*";

/// Where computed holidays point: OPM's list of federal holidays.
pub const FEDERAL_SOURCE_URL: &str = "https://www.opm.gov/policy-data-oversight/pay-leave/federal-holidays/";

/// When the computation (engine `calendar.rs`) was last checked against 5 U.S.C.
/// § 6103 and OPM's list; the same check date as the stored holiday data.
pub const FEDERAL_LAST_CHECKED_AT: &str = "2026-11-22T04:30:00Z";

/// The court whose district Inauguration Day (§ 6103(c)) is a holiday in.
pub const INAUGURATION_DISTRICT: &str = "dcd";

/// One holiday of one court: the spec's Holiday resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holiday {
    pub district_id: String,
    pub calendar_year: i32,
    pub date: Date,
    pub name: String,
    pub source_url: String,
    pub last_checked_at: String,
}

/// A row of `court_holidays`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct StoredHoliday {
    pub district_id: String,
    pub date: Date,
    pub name: String,
    pub calendar_year: i32,
    pub source_url: String,
    pub last_checked_at: String,
    pub kind: String,
}

impl StoredHoliday {
    fn for_court(&self, district_id: &str) -> Holiday {
        Holiday {
            district_id: district_id.to_owned(),
            calendar_year: self.calendar_year,
            date: self.date,
            name: self.name.clone(),
            source_url: self.source_url.clone(),
            last_checked_at: self.last_checked_at.clone(),
        }
    }
}

/// Which holidays a request wants. Dates are inclusive; `None` is open.
#[derive(Clone, Debug)]
pub struct HolidayQuery {
    pub year: Option<i32>,
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub limit: usize,
}

impl HolidayQuery {
    fn wants(&self, calendar_year: i32, date: Date) -> bool {
        self.year.is_none_or(|year| year == calendar_year)
            && self.from.is_none_or(|from| date >= from)
            && self.to.is_none_or(|to| date <= to)
    }
}

/// What `select` found: the first `query.limit` holidays, and how many matched.
#[derive(Debug)]
pub struct Selection {
    pub holidays: Vec<Holiday>,
    /// Every holiday the query matched, `holidays` and those past the limit.
    pub matched: usize,
}

/// The holidays of `courts` that `query` selects, by date (then court, then name), at
/// most `query.limit` of them, and the number that matched.
pub fn select(courts: &[&Court], stored: &BTreeMap<String, Vec<StoredHoliday>>, query: &HolidayQuery) -> Selection {
    let mut selected = Vec::new();
    let none = Vec::new();
    let federal_closures = stored.get(ALL_FEDERAL).unwrap_or(&none);
    for court in courts {
        let own = stored.get(&court.district_id).unwrap_or(&none);
        let closures = if court.is_federal() { federal_closures.as_slice() } else { &[] };
        for holiday in own.iter().chain(closures) {
            if query.wants(holiday.calendar_year, holiday.date) {
                selected.push(holiday.for_court(&court.district_id));
            }
        }
    }
    // Computed holidays past the limit, counted but not made.
    let mut past_the_limit = 0;
    let federal: Vec<&&Court> = courts.iter().filter(|court| court.is_federal()).collect();
    if !federal.is_empty() {
        // The holidays of a calendar year are observed between 31 December of the year
        // before and 26 December, so once the years computed so far hold `limit`
        // holidays, no later year can hold one of the first `limit` dates: later years
        // are only counted (each of their holidays once for every federal court).
        let with_inauguration = federal.iter().filter(|court| court.district_id == INAUGURATION_DISTRICT).count();
        let mut computed = 0;
        for year in computed_years(query) {
            let holidays = calendar::federal_legal_holidays(year).unwrap_or_default();
            let inauguration = calendar::inauguration_day(year);
            if computed >= query.limit {
                let wanted = |holiday: &&calendar::LegalHoliday| query.wants(holiday.year, holiday.observed);
                past_the_limit += holidays.iter().filter(wanted).count() * federal.len()
                    + inauguration.iter().filter(wanted).count() * with_inauguration;
                continue;
            }
            for court in &federal {
                let is_dc = court.district_id == INAUGURATION_DISTRICT;
                for holiday in holidays.iter().chain(inauguration.iter().filter(|_| is_dc)) {
                    if query.wants(holiday.year, holiday.observed) {
                        selected.push(computed_holiday(&court.district_id, holiday));
                        computed += 1;
                    }
                }
            }
        }
    }
    selected.sort_by(|a, b| (a.date, &a.district_id, &a.name).cmp(&(b.date, &b.district_id, &b.name)));
    selected.dedup();
    let matched = selected.len() + past_the_limit;
    selected.truncate(query.limit);
    Selection { holidays: selected, matched }
}

/// The calendar years whose holidays can fall in the query's range: a holiday of year
/// Y is observed between 31 December of Y − 1 and 26 December of Y.
fn computed_years(query: &HolidayQuery) -> std::ops::RangeInclusive<i32> {
    let (first, last) = match query.year {
        Some(year) => (year, year),
        None => (
            query.from.map_or(calendar::FIRST_YEAR, |from| from.year),
            query.to.map_or(calendar::LAST_YEAR, |to| to.year.saturating_add(1)),
        ),
    };
    first.max(calendar::FIRST_YEAR)..=last.min(calendar::LAST_YEAR)
}

fn computed_holiday(district_id: &str, holiday: &calendar::LegalHoliday) -> Holiday {
    Holiday {
        district_id: district_id.to_owned(),
        calendar_year: holiday.year,
        date: holiday.observed,
        name: holiday.display_name(),
        source_url: FEDERAL_SOURCE_URL.to_owned(),
        last_checked_at: FEDERAL_LAST_CHECKED_AT.to_owned(),
    }
}

/// Today's date in UTC.
pub fn today() -> Date {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Date::from_days_since_epoch((seconds / 86_400) as i64)
}

// ---- the data pack -------------------------------------------------------------

#[derive(Deserialize)]
struct ClosuresFile {
    closures: Vec<ClosureRecord>,
}

#[derive(Deserialize)]
struct ClosureRecord {
    district_id: String,
    calendar_year: i32,
    holiday_date: String,
    holiday_name: String,
    kind: String,
    source_url: String,
    last_checked_at: String,
}

#[derive(Deserialize)]
struct StateCalendarFile {
    district_id: String,
    holidays: Vec<StateHolidayRecord>,
}

#[derive(Deserialize)]
struct StateHolidayRecord {
    holiday_date: String,
    holiday_name: String,
    calendar_year: i32,
    source_url: String,
    last_checked_at: String,
}

/// Reads `holidays/closures.json` and `holidays/state/*.json`, checking every date and
/// court, sorted as stored.
pub fn read_data_pack(data_dir: &Path, known_courts: &BTreeSet<&str>) -> anyhow::Result<Vec<StoredHoliday>> {
    let mut holidays = Vec::new();
    let closures_path = data_dir.join("holidays/closures.json");
    if closures_path.exists() {
        let file: ClosuresFile = read_json(&closures_path)?;
        for record in file.closures {
            let where_ = || format!("{}: {} {}", closures_path.display(), record.district_id, record.holiday_date);
            if record.district_id != ALL_FEDERAL && !known_courts.contains(record.district_id.as_str()) {
                bail!("{}: not a court in courts.json", where_());
            }
            if !matches!(record.kind.as_str(), "presidential_closure" | "court_closure") {
                bail!("{}: unknown kind `{}`", where_(), record.kind);
            }
            let date = parse_date(&record.holiday_date).with_context(where_)?;
            holidays.push(StoredHoliday {
                district_id: record.district_id,
                date,
                name: record.holiday_name,
                calendar_year: record.calendar_year,
                source_url: record.source_url,
                last_checked_at: record.last_checked_at,
                kind: record.kind,
            });
        }
    }
    for path in json_files(&data_dir.join("holidays/state"))? {
        let file: StateCalendarFile = read_json(&path)?;
        if !known_courts.contains(file.district_id.as_str()) {
            bail!("{}: `{}` is not a court in courts.json", path.display(), file.district_id);
        }
        for record in file.holidays {
            let date = parse_date(&record.holiday_date).with_context(|| format!("{}", path.display()))?;
            holidays.push(StoredHoliday {
                district_id: file.district_id.clone(),
                date,
                name: record.holiday_name,
                calendar_year: record.calendar_year,
                source_url: record.source_url,
                last_checked_at: record.last_checked_at,
                kind: "state_calendar".into(),
            });
        }
    }
    holidays.sort();
    let before = holidays.len();
    holidays.dedup_by(|a, b| (&a.district_id, a.date, &a.name) == (&b.district_id, b.date, &b.name));
    if holidays.len() != before {
        bail!("data/holidays lists the same holiday of the same court twice");
    }
    Ok(holidays)
}

fn parse_date(text: &str) -> anyhow::Result<Date> {
    Date::parse(text).with_context(|| format!("`{text}` is not a date (YYYY-MM-DD)"))
}

/// Replaces the stored holidays when the data pack's differ; true when it wrote.
pub async fn sync(tx: &mut sqlx::AnyConnection, wanted: &[StoredHoliday]) -> anyhow::Result<bool> {
    let stored = stored_rows(&mut *tx).await?;
    if stored == wanted {
        return Ok(false);
    }
    sqlx::query("DELETE FROM court_holidays").execute(&mut *tx).await?;
    for holiday in wanted {
        sqlx::query(
            "INSERT INTO court_holidays (district_id, holiday_date, holiday_name, calendar_year, source_url,
                                         last_checked_at, kind)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&holiday.district_id)
        .bind(holiday.date.to_string())
        .bind(&holiday.name)
        .bind(i64::from(holiday.calendar_year))
        .bind(&holiday.source_url)
        .bind(&holiday.last_checked_at)
        .bind(&holiday.kind)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

type HolidayRow = (String, String, String, i64, String, String, String);

/// Every stored holiday, sorted as `read_data_pack` sorts.
pub async fn stored_rows<'c, E>(executor: E) -> anyhow::Result<Vec<StoredHoliday>>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows: Vec<HolidayRow> = sqlx::query_as(
        "SELECT district_id, holiday_date, holiday_name, calendar_year, source_url, last_checked_at, kind
         FROM court_holidays",
    )
    .fetch_all(executor)
    .await?;
    let mut holidays = rows
        .into_iter()
        .map(|(district_id, date, name, calendar_year, source_url, last_checked_at, kind)| {
            Ok(StoredHoliday {
                district_id,
                date: parse_date(&date)?,
                name,
                calendar_year: i32::try_from(calendar_year)?,
                source_url,
                last_checked_at,
                kind,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    holidays.sort();
    Ok(holidays)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::courts::{CourtKind, CourtStatus};

    fn court(id: &str, kind: &str) -> Court {
        let kind = if kind == "state" { CourtKind::State } else { CourtKind::FederalDistrict };
        Court {
            district_id: id.into(),
            name: id.into(),
            kind,
            circuit: None,
            state: None,
            status: CourtStatus::Live,
            judges_mapped: None,
            judges_profiled: None,
        }
    }

    fn query(year: Option<i32>, from: Option<&str>, to: Option<&str>, limit: usize) -> HolidayQuery {
        HolidayQuery { year, from: from.and_then(Date::parse), to: to.and_then(Date::parse), limit }
    }

    fn dates(holidays: &[Holiday]) -> Vec<String> {
        holidays.iter().map(|h| h.date.to_string()).collect()
    }

    #[test]
    fn a_year_holds_its_observed_days_including_the_december_before() {
        let edny = court("edny", "federal_district");
        let selected = select(&[&edny], &BTreeMap::new(), &query(Some(2022), None, None, 100)).holidays;
        assert_eq!(selected.len(), 11);
        assert_eq!(selected[0].date.to_string(), "2021-12-31");
        assert_eq!(selected[0].calendar_year, 2022);
        assert_eq!(selected[0].name, "New Year's Day (observed)");
    }

    #[test]
    fn date_ranges_include_the_next_years_new_years_day_observed_early() {
        let edny = court("edny", "federal_district");
        let selected =
            select(&[&edny], &BTreeMap::new(), &query(None, Some("2021-12-01"), Some("2021-12-31"), 100)).holidays;
        assert_eq!(dates(&selected), vec!["2021-12-24", "2021-12-31"]);
    }

    #[test]
    fn inauguration_day_only_in_the_district_of_columbia() {
        let dcd = court("dcd", "federal_district");
        let edny = court("edny", "federal_district");
        let selected =
            select(&[&dcd, &edny], &BTreeMap::new(), &query(Some(2025), None, Some("2025-01-31"), 100)).holidays;
        let names: Vec<(&str, &str)> = selected.iter().map(|h| (h.district_id.as_str(), h.name.as_str())).collect();
        assert!(names.contains(&("dcd", "Inauguration Day")));
        assert!(!names.contains(&("edny", "Inauguration Day")));
    }

    #[test]
    fn state_courts_get_only_their_stored_calendar_and_no_federal_closures() {
        let state = court("ny-x", "state");
        let mut stored = BTreeMap::new();
        let closure = StoredHoliday {
            district_id: ALL_FEDERAL.into(),
            date: Date::parse("2025-01-09").unwrap(),
            name: "Day of Mourning".into(),
            calendar_year: 2025,
            source_url: "https://example.gov".into(),
            last_checked_at: "2026-11-22T04:30:00Z".into(),
            kind: "presidential_closure".into(),
        };
        stored.insert(ALL_FEDERAL.to_owned(), vec![closure.clone()]);
        stored.insert("ny-x".to_owned(), vec![StoredHoliday { district_id: "ny-x".into(), ..closure }]);
        let selected = select(&[&state], &stored, &query(Some(2025), None, None, 100)).holidays;
        assert_eq!(selected.len(), 1);
        assert_eq!(selected[0].district_id, "ny-x");
    }

    #[test]
    fn an_open_range_stops_computing_once_the_limit_is_reached() {
        let edny = court("edny", "federal_district");
        let selection = select(&[&edny], &BTreeMap::new(), &query(None, Some("2030-01-01"), None, 15));
        let selected = &selection.holidays;
        assert_eq!(selected.len(), 15);
        assert_eq!(selected[0].date.to_string(), "2030-01-01");
        assert!(selected.windows(2).all(|pair| pair[0].date <= pair[1].date));
        // The 12th holiday from 2030 on is New Year's Day 2031 (a Wednesday).
        assert_eq!(selected[11].date.to_string(), "2031-01-01");
    }

    #[test]
    fn matched_counts_the_holidays_past_the_limit_too() {
        let dcd = court("dcd", "federal_district");
        let edny = court("edny", "federal_district");
        let year = |limit| select(&[&dcd, &edny], &BTreeMap::new(), &query(Some(2025), None, None, limit));
        // 11 holidays in each court, and Inauguration Day in the District of Columbia.
        assert_eq!(year(100).matched, 23);
        assert_eq!(year(100).holidays.len(), 23);
        assert_eq!((year(5).holidays.len(), year(5).matched), (5, 23));
        // An open range counts every year to the calendar's last: 11 or 12 a year.
        let open = select(&[&edny], &BTreeMap::new(), &query(None, Some("9990-01-01"), None, 15));
        assert_eq!(open.holidays.len(), 15);
        let all = select(&[&edny], &BTreeMap::new(), &query(None, Some("9990-01-01"), None, 500));
        assert_eq!(open.matched, all.holidays.len());
        assert!(all.holidays.len() > 100 && all.holidays.len() < 500, "{}", all.holidays.len());
    }
}
