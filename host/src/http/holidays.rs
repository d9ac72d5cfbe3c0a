//! `GET /api/v1/holidays` and `GET /api/v1/courts/{district_id}/holidays`: court
//! holidays and closures (`crate::store::holidays`), filtered by year and dates.
//!
//! Without `year`, `date_from` or `date_to` the window is the current calendar year and
//! the next (1 January of this year to 31 December of the next, UTC), so an unfiltered
//! answer stays bounded; `meta.date_from`/`meta.date_to` say which window applied.

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, DistrictNotAccessibleBody, ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use super::extract::QueryPairs;
use super::query::{Params, PathParams};
use crate::store::courts::Court;
use crate::store::holidays::{self, Holiday, HolidayQuery};
use axum::Json;
use axum::extract::State;
use courtrules_engine::calendar::{self, Date};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_LIMIT: i64 = 100;
pub const MAX_LIMIT: i64 = 500;

/// The filters both holiday endpoints take.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document; `Params` reads it
pub struct HolidayFilters {
    /// Calendar year of the holiday (a New Year's Day observed on 31 December belongs
    /// to the next year).
    #[param(minimum = 1971, maximum = 9999, example = 2025)]
    year: Option<i32>,
    /// Earliest `holiday_date`, inclusive.
    #[param(format = Date)]
    date_from: Option<String>,
    /// Latest `holiday_date`, inclusive.
    #[param(format = Date)]
    date_to: Option<String>,
    /// Most holidays returned (default 100).
    #[param(minimum = 1, maximum = 500)]
    limit: Option<i64>,
}

/// `district_id` of `GET /api/v1/holidays`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // describes the query for the OpenAPI document
pub struct HolidayDistrict {
    /// Only this court's holidays (default: every court the key may query).
    #[param(min_length = 1, max_length = 120, example = "sdny")]
    district_id: Option<String>,
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

/// The filters applied and the number returned.
#[derive(Serialize, ToSchema)]
pub struct HolidaysMeta {
    /// Holidays returned.
    pub total: u32,
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

/// Court holidays and closures, filterable
#[utoipa::path(
    get,
    path = "/api/v1/holidays",
    tag = "courts",
    params(HolidayDistrict, HolidayFilters),
    responses(
        (status = 200, description = "Holidays by date, then court", body = HolidaysResponse),
        (status = 400, description = "A parameter is malformed, out of range or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn holidays(
    State(state): State<AppState>,
    key: ApiKey,
    query: QueryPairs,
) -> Result<Json<HolidaysResponse>, ApiError> {
    let mut params = Params::new(&query, &["district_id", "year", "date_from", "date_to", "limit"]);
    let district_id = params.text("district_id", 120);
    let filters = read_filters(params)?;
    let catalogue = state.catalogue.get();
    let courts: Vec<&Court> = match district_id {
        Some(district_id) => vec![key.court(&catalogue, district_id, &state.config.contact)?],
        None => catalogue.courts().filter(|court| key.plan.allows(&court.district_id)).collect(),
    };
    Ok(Json(answer(&catalogue, &courts, district_id, filters)))
}

/// One court's holidays and closures
#[utoipa::path(
    get,
    path = "/api/v1/courts/{district_id}/holidays",
    tag = "courts",
    params(("district_id" = String, Path, description = "The court's id", max_length = 120, example = "edny"), HolidayFilters),
    responses(
        (status = 200, description = "The court's holidays by date", body = HolidaysResponse),
        (status = 400, description = "A parameter is malformed, out of range or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = DistrictNotAccessibleBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn court_holidays(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    query: QueryPairs,
) -> Result<Json<HolidaysResponse>, ApiError> {
    let filters = read_filters(Params::new(&query, &["year", "date_from", "date_to", "limit"]))?;
    let catalogue = state.catalogue.get();
    let court = key.court(&catalogue, path.get("district_id"), &state.config.contact)?;
    Ok(Json(answer(&catalogue, &[court], Some(&court.district_id), filters)))
}

fn read_filters(mut params: Params) -> Result<HolidayQuery, ApiError> {
    let year = params.integer("year", i64::from(calendar::FIRST_YEAR), i64::from(calendar::LAST_YEAR));
    let from = params.date("date_from");
    let to = params.date("date_to");
    let limit = params.integer("limit", 1, MAX_LIMIT).unwrap_or(DEFAULT_LIMIT);
    params.finish()?;
    let year = year.map(|year| year as i32);
    let (from, to) = if year.is_none() && from.is_none() && to.is_none() {
        let this_year = holidays::today().year;
        (Date::new(this_year, 1, 1), Date::new(this_year + 1, 12, 31))
    } else {
        (from, to)
    };
    Ok(HolidayQuery { year, from, to, limit: limit as usize })
}

fn answer(
    catalogue: &crate::store::catalogue::Catalogue,
    courts: &[&Court],
    district_id: Option<&str>,
    query: HolidayQuery,
) -> HolidaysResponse {
    let selected = holidays::select(courts, catalogue.stored_holidays(), &query);
    let holidays: Vec<HolidayEntry> = selected.into_iter().map(HolidayEntry::from).collect();
    HolidaysResponse {
        meta: HolidaysMeta {
            total: holidays.len() as u32,
            district_id: district_id.map(str::to_owned),
            year: query.year,
            limit: query.limit as u32,
            date_from: query.from.map(|date| date.to_string()),
            date_to: query.to.map(|date| date.to_string()),
        },
        holidays,
    }
}
