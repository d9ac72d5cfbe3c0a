//! Federal legal public holidays (5 U.S.C. § 6103), computed for any year from 1971.
//!
//! - § 6103(a) names the holidays: fixed dates (New Year's Day, Juneteenth from 2021,
//!   Independence Day, Veterans Day, Christmas Day) and Monday/Thursday holidays set by
//!   the Uniform Monday Holiday Act, in force from 1971 (Martin Luther King, Jr.'s
//!   birthday from 1986; Veterans Day on the fourth Monday of October from 1971 to 1977).
//! - § 6103(b) and Executive Order 11582 move the observance of a holiday that falls on a
//!   Saturday to the Friday before and of one that falls on a Sunday to the Monday after.
//!   A New Year's Day on a Saturday is therefore observed on 31 December of the year
//!   before; it still belongs to the calendar year of the holiday.
//! - § 6103(c): Inauguration Day (20 January of every fourth year after 1965) is a
//!   holiday only for federal employees in and around the District of Columbia; when it
//!   falls on a Sunday the next day is observed. Callers decide which courts it concerns.

use std::fmt;

/// First year computed: the Uniform Monday Holiday Act took effect in 1971.
pub const FIRST_YEAR: i32 = 1971;
pub const LAST_YEAR: i32 = 9999;

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Date {
    /// A valid date, or `None`.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let valid = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Date> {
        let (year, month, day) = Date::fields(text)?;
        Date::new(year, month, day)
    }

    /// The year, month and day of text written `YYYY-MM-DD`, whether or not that day
    /// exists (`2026-02-29`).
    pub fn fields(text: &str) -> Option<(i32, u32, u32)> {
        let bytes = text.as_bytes();
        if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<u32> {
            let part = &text[range];
            part.bytes().all(|b| b.is_ascii_digit()).then(|| part.parse().ok()).flatten()
        };
        Some((number(0..4)? as i32, number(5..7)?, number(8..10)?))
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    pub fn from_days_since_epoch(days: i64) -> Date {
        let days = days + 719_468;
        let era = days.div_euclid(146_097);
        let day_of_era = days - era * 146_097;
        let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
        let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date { year: year as i32, month, day }
    }

    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        match (self.days_since_epoch() + 3).rem_euclid(7) {
            0 => Weekday::Monday,
            1 => Weekday::Tuesday,
            2 => Weekday::Wednesday,
            3 => Weekday::Thursday,
            4 => Weekday::Friday,
            5 => Weekday::Saturday,
            _ => Weekday::Sunday,
        }
    }

    pub fn add_days(self, days: i64) -> Date {
        Date::from_days_since_epoch(self.days_since_epoch() + days)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// The `nth` (1-based) given weekday of a month.
pub fn nth_weekday(year: i32, month: u32, weekday: Weekday, nth: i64) -> Date {
    let first = Date { year, month, day: 1 };
    let offset = (weekday as i64 - first.weekday() as i64).rem_euclid(7);
    first.add_days(offset + 7 * (nth - 1))
}

/// The last given weekday of a month.
pub fn last_weekday(year: i32, month: u32, weekday: Weekday) -> Date {
    let last = Date { year, month, day: days_in_month(year, month) };
    last.add_days(-(last.weekday() as i64 - weekday as i64).rem_euclid(7))
}

/// One legal public holiday of one calendar year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalHoliday {
    /// The holiday's name as 5 U.S.C. § 6103 gives it.
    pub name: &'static str,
    /// The calendar year the holiday belongs to.
    pub year: i32,
    /// The holiday's own date.
    pub date: Date,
    /// The day it is observed (the day federal offices close).
    pub observed: Date,
}

impl LegalHoliday {
    /// The name with "(observed)" when the observed day is not the holiday itself.
    pub fn display_name(&self) -> String {
        if self.observed == self.date { self.name.to_owned() } else { format!("{} (observed)", self.name) }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearOutOfRange(pub i32);

impl fmt::Display for YearOutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "year {} is outside {FIRST_YEAR}–{LAST_YEAR}", self.0)
    }
}

/// The legal public holidays of `year` under 5 U.S.C. § 6103(a), in date order, with
/// their observed days under § 6103(b).
pub fn federal_legal_holidays(year: i32) -> Result<Vec<LegalHoliday>, YearOutOfRange> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(YearOutOfRange(year));
    }
    let fixed = |month, day| Date { year, month, day };
    let mut days: Vec<(&'static str, Date)> = vec![("New Year's Day", fixed(1, 1))];
    if year >= 1986 {
        days.push(("Birthday of Martin Luther King, Jr.", nth_weekday(year, 1, Weekday::Monday, 3)));
    }
    days.push(("Washington's Birthday", nth_weekday(year, 2, Weekday::Monday, 3)));
    days.push(("Memorial Day", last_weekday(year, 5, Weekday::Monday)));
    if year >= 2021 {
        days.push(("Juneteenth National Independence Day", fixed(6, 19)));
    }
    days.push(("Independence Day", fixed(7, 4)));
    days.push(("Labor Day", nth_weekday(year, 9, Weekday::Monday, 1)));
    days.push(("Columbus Day", nth_weekday(year, 10, Weekday::Monday, 2)));
    days.push(("Veterans Day", if year <= 1977 { nth_weekday(year, 10, Weekday::Monday, 4) } else { fixed(11, 11) }));
    days.push(("Thanksgiving Day", nth_weekday(year, 11, Weekday::Thursday, 4)));
    days.push(("Christmas Day", fixed(12, 25)));
    let mut holidays: Vec<LegalHoliday> =
        days.into_iter().map(|(name, date)| LegalHoliday { name, year, date, observed: observed_day(date) }).collect();
    crate::sort::sort_by_key(&mut holidays, |holiday| holiday.observed);
    Ok(holidays)
}

/// § 6103(b): Saturday → the Friday before, Sunday → the Monday after.
pub fn observed_day(date: Date) -> Date {
    match date.weekday() {
        Weekday::Saturday => date.add_days(-1),
        Weekday::Sunday => date.add_days(1),
        _ => date,
    }
}

/// § 6103(c): Inauguration Day of `year`, if `year` is an inauguration year; observed
/// on Monday the 21st when the 20th is a Sunday (and not moved from a Saturday).
pub fn inauguration_day(year: i32) -> Option<LegalHoliday> {
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) || (year - 1965) % 4 != 0 {
        return None;
    }
    let date = Date { year, month: 1, day: 20 };
    let observed = if date.weekday() == Weekday::Sunday { date.add_days(1) } else { date };
    Some(LegalHoliday { name: "Inauguration Day", year, date, observed })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn observed(year: i32, name: &str) -> String {
        let holidays = federal_legal_holidays(year).unwrap();
        let holiday = holidays.iter().find(|h| h.name == name).unwrap_or_else(|| panic!("{name} missing in {year}"));
        holiday.observed.to_string()
    }

    #[test]
    fn weekdays_and_round_trips() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().weekday(), Weekday::Thursday);
        assert_eq!(Date::new(2026, 11, 22).unwrap().weekday(), Weekday::Sunday);
        assert_eq!(Date::new(2000, 2, 29).unwrap().weekday(), Weekday::Tuesday);
        for days in [-800_000, -1, 0, 1, 10_957, 20_000, 2_900_000] {
            assert_eq!(Date::from_days_since_epoch(days).days_since_epoch(), days);
        }
        assert_eq!(Date::parse("2024-02-29"), Date::new(2024, 2, 29));
        assert_eq!(Date::parse("2023-02-29"), None);
        assert_eq!(Date::parse("2023-2-28"), None);
        assert_eq!(Date::parse("+023-02-28"), None);
    }

    #[test]
    fn saturday_holidays_are_observed_the_friday_before() {
        assert_eq!(observed(2026, "Independence Day"), "2026-07-03");
        assert_eq!(observed(2020, "Independence Day"), "2020-07-03");
        assert_eq!(observed(2027, "Christmas Day"), "2027-12-24");
        assert_eq!(observed(2021, "Juneteenth National Independence Day"), "2021-06-18");
    }

    #[test]
    fn sunday_holidays_are_observed_the_monday_after() {
        assert_eq!(observed(2023, "New Year's Day"), "2023-01-02");
        assert_eq!(observed(2022, "Christmas Day"), "2022-12-26");
        assert_eq!(observed(2022, "Juneteenth National Independence Day"), "2022-06-20");
        assert_eq!(observed(2021, "Independence Day"), "2021-07-05");
    }

    #[test]
    fn new_years_day_on_a_saturday_is_observed_in_the_year_before() {
        assert_eq!(observed(2022, "New Year's Day"), "2021-12-31");
        assert_eq!(observed(2028, "New Year's Day"), "2027-12-31");
    }

    #[test]
    fn juneteenth_is_a_holiday_from_2021_only() {
        assert!(federal_legal_holidays(2020).unwrap().iter().all(|h| !h.name.starts_with("Juneteenth")));
        assert_eq!(federal_legal_holidays(2020).unwrap().len(), 10);
        assert_eq!(federal_legal_holidays(2021).unwrap().len(), 11);
        assert_eq!(observed(2024, "Juneteenth National Independence Day"), "2024-06-19");
    }

    #[test]
    fn monday_and_thursday_holidays_fall_on_their_rule_days() {
        assert_eq!(observed(2026, "Birthday of Martin Luther King, Jr."), "2026-01-19");
        assert_eq!(observed(2026, "Washington's Birthday"), "2026-02-16");
        assert_eq!(observed(2026, "Memorial Day"), "2026-05-25");
        assert_eq!(observed(2026, "Labor Day"), "2026-09-07");
        assert_eq!(observed(2026, "Columbus Day"), "2026-10-12");
        assert_eq!(observed(2026, "Thanksgiving Day"), "2026-11-26");
        assert_eq!(observed(2025, "Thanksgiving Day"), "2025-11-27");
        assert_eq!(observed(2024, "Memorial Day"), "2024-05-27");
    }

    #[test]
    fn history_of_the_list() {
        assert!(federal_legal_holidays(1985).unwrap().iter().all(|h| !h.name.starts_with("Birthday of Martin")));
        assert_eq!(observed(1986, "Birthday of Martin Luther King, Jr."), "1986-01-20");
        assert_eq!(observed(1975, "Veterans Day"), "1975-10-27");
        assert_eq!(observed(1978, "Veterans Day"), "1978-11-10");
        assert!(federal_legal_holidays(1970).is_err());
        assert!(federal_legal_holidays(10_000).is_err());
    }

    #[test]
    fn holidays_come_in_observed_order() {
        for year in [1971, 2021, 2022, 2027, 2100] {
            let holidays = federal_legal_holidays(year).unwrap();
            assert!(holidays.windows(2).all(|w| w[0].observed < w[1].observed), "{year}");
        }
    }

    #[test]
    fn inauguration_day_every_fourth_year() {
        assert_eq!(inauguration_day(2025).unwrap().observed.to_string(), "2025-01-20");
        assert_eq!(inauguration_day(2013).unwrap().observed.to_string(), "2013-01-21");
        assert!(inauguration_day(2026).is_none());
        assert_eq!(inauguration_day(2029).unwrap().display_name(), "Inauguration Day");
    }
}
