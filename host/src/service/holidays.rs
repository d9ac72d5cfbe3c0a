//! Court holidays and closures (`crate::store::holidays`), filtered by year and dates.
//!
//! Without a year or a date the window is the current calendar year and the next (1
//! January of this year to 31 December of the next, UTC), so an unfiltered answer stays
//! bounded; `meta.date_from`/`meta.date_to` say which window applied.

use super::{Caller, Error, Service, lookup};
use crate::store::catalogue::Catalogue;
use crate::store::courts::Court;
use crate::store::holidays::{self, Holiday, HolidayQuery};
use courtrules_engine::calendar::Date;
use serde::Serialize;
use utoipa::ToSchema;

/// Holidays returned when no limit is given.
pub const DEFAULT_LIMIT: usize = 100;
/// The most holidays one answer holds.
pub const MAX_LIMIT: usize = 500;

/// The filters, as given (each optional).
#[derive(Clone, Copy, Debug, Default)]
pub struct Filters {
    /// Calendar year of the holiday.
    pub year: Option<i32>,
    pub from: Option<Date>,
    pub to: Option<Date>,
    pub limit: Option<usize>,
}

/// A court holiday or closure: the spec's Holiday resource.
#[derive(Serialize, ToSchema)]
pub struct HolidayEntry {
    pub district_id: String,
    pub calendar_year: i32,
    /// The day the court is closed (`YYYY-MM-DD`): for a federal holiday on a weekend,
    /// the day it is observed.
    #[schema(format = Date)]
    pub holiday_date: String,
    /// As published; `(observed)` when observed on another day than its own.
    pub holiday_name: String,
    /// The official schedule.
    pub source_url: String,
    /// When the source was last checked (ISO 8601, UTC).
    pub last_checked_at: String,
}

impl From<Holiday> for HolidayEntry {
    fn from(holiday: Holiday) -> Self {
        HolidayEntry {
            district_id: holiday.district_id,
            calendar_year: holiday.calendar_year,
            holiday_date: holiday.date.to_string(),
            holiday_name: holiday.name,
            source_url: holiday.source_url,
            last_checked_at: holiday.last_checked_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct HolidaysResponse {
    pub holidays: Vec<HolidayEntry>,
    pub meta: HolidaysMeta,
}

/// The filters applied, the number returned and the number that matched.
#[derive(Serialize, ToSchema)]
pub struct HolidaysMeta {
    /// Holidays returned (the spec's `total`: at most `limit`).
    pub total: u32,
    /// Holidays that matched the filters; more than `total` when `limit` cut the answer
    /// (narrow the filters, or raise `limit`, to see the rest).
    pub matched: u32,
    /// The court asked for; null for all courts.
    pub district_id: Option<String>,
    pub year: Option<i32>,
    pub limit: u32,
    /// The date window applied (the default one when no year or date was given); null
    /// for an open end.
    #[schema(format = Date)]
    pub date_from: Option<String>,
    #[schema(format = Date)]
    pub date_to: Option<String>,
}

/// The holidays of one court (`Some`; a former id names the court by its id now) or of
/// every court the caller may query.
pub fn holidays(
    service: &Service,
    caller: &Caller,
    district_id: Option<&str>,
    filters: Filters,
) -> Result<HolidaysResponse, Error> {
    let catalogue = service.catalogue();
    let courts: Vec<&Court> = match district_id {
        Some(district_id) => vec![lookup::court(service, &catalogue, caller, district_id)?],
        None => catalogue.courts().filter(|court| caller.plan.allows(&court.district_id)).collect(),
    };
    // `meta.district_id` is the id the court was found under (a former id, renamed,
    // answers with the court's id now), as `/courts` and `/judges` answer.
    let district_id = district_id.and(courts.first()).map(|court| court.district_id.as_str());
    Ok(answer(&catalogue, &courts, district_id, filters))
}

/// One court's holidays; `meta.district_id` is the court's own id.
pub fn court_holidays(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    filters: Filters,
) -> Result<HolidaysResponse, Error> {
    let catalogue = service.catalogue();
    let court = lookup::court(service, &catalogue, caller, district_id)?;
    Ok(answer(&catalogue, &[court], Some(&court.district_id), filters))
}

fn answer(catalogue: &Catalogue, courts: &[&Court], district_id: Option<&str>, filters: Filters) -> HolidaysResponse {
    let Filters { year, from, to, limit } = filters;
    let (from, to) = if year.is_none() && from.is_none() && to.is_none() {
        let this_year = holidays::today().year;
        (Date::new(this_year, 1, 1), Date::new(this_year + 1, 12, 31))
    } else {
        (from, to)
    };
    let query = HolidayQuery { year, from, to, limit: limit.unwrap_or(DEFAULT_LIMIT) };
    let selection = holidays::select(courts, catalogue.stored_holidays(), &query);
    let holidays: Vec<HolidayEntry> = selection.holidays.into_iter().map(HolidayEntry::from).collect();
    HolidaysResponse {
        meta: HolidaysMeta {
            total: holidays.len() as u32,
            matched: selection.matched as u32,
            district_id: district_id.map(str::to_owned),
            year: query.year,
            limit: query.limit as u32,
            date_from: query.from.map(|date| date.to_string()),
            date_to: query.to.map(|date| date.to_string()),
        },
        holidays,
    }
}
