//! `GET /api/v1/holidays` and `GET /api/v1/courts/{district_id}/holidays`: court
//! holidays and closures, filtered by year and dates (`service::holidays`).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{Integer, PathParams, Query, QueryDate, Text, query_params};
use crate::service::error::{ErrorBody, UnknownDistrictBody, ValidationErrorBody};
use crate::service::holidays::{self, Filters, HolidaysResponse, MAX_LIMIT};
use axum::Json;
use axum::extract::State;
use courtrules_engine::calendar::{FIRST_YEAR, LAST_YEAR};

query_params! {
    /// The filters both holiday endpoints take.
    pub struct HolidayFilters {
        /// Calendar year of the holiday (a New Year's Day observed on 31 December belongs
        /// to the next year).
        #[param(example = 2025)]
        pub year: Option<Integer<{ FIRST_YEAR as i64 }, { LAST_YEAR as i64 }>>,
        /// Earliest `holiday_date`, inclusive.
        pub date_from: Option<QueryDate>,
        /// Latest `holiday_date`, inclusive.
        pub date_to: Option<QueryDate>,
        /// Most holidays returned (default 100).
        pub limit: Option<Integer<1, { MAX_LIMIT as i64 }>>,
    }
}

query_params! {
    /// `district_id` of `GET /api/v1/holidays`.
    pub struct HolidayDistrict {
        /// Only this court's holidays (default: every court the key may query).
        #[param(example = "sdny")]
        pub district_id: Option<Text<120>>,
    }
}

impl From<HolidayFilters> for Filters {
    fn from(filters: HolidayFilters) -> Self {
        Filters {
            year: filters.year.map(|year| year.get() as i32),
            from: filters.date_from.map(|date| date.0),
            to: filters.date_to.map(|date| date.0),
            limit: filters.limit.map(|limit| limit.get() as usize),
        }
    }
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
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn holidays(
    State(state): State<AppState>,
    key: ApiKey,
    Query((district, filters)): Query<(HolidayDistrict, HolidayFilters)>,
) -> Result<Json<HolidaysResponse>, ApiError> {
    let district_id = district.district_id.as_deref();
    Ok(Json(holidays::holidays(&state.service, &key.caller, district_id, filters.into())?))
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
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district", body = UnknownDistrictBody),
    ),
    security(("bearer" = []))
)]
pub async fn court_holidays(
    State(state): State<AppState>,
    key: ApiKey,
    path: PathParams,
    Query(filters): Query<HolidayFilters>,
) -> Result<Json<HolidaysResponse>, ApiError> {
    let district_id = path.get("district_id");
    Ok(Json(holidays::court_holidays(&state.service, &key.caller, district_id, filters.into())?))
}
