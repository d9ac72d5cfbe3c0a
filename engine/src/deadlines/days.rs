//! Which days a period may end on: Rule 6(a)(1)(C)'s Saturdays, Sundays and legal
//! holidays as Rule 6(a)(6) defines them, and Rule 6(a)(3)'s inaccessible clerk's office.

use crate::calendar::{self, Date, Weekday};
use crate::model::{
    ClosureKind, Direction, ElectionYears, HolidayRule, ObservanceRule, OfficeClosure, SkipReason, StateHolidays,
    TimeRules, WeekdayName,
};

/// Why a period cannot end on a day, with the paragraph that says so.
#[derive(Clone, Debug, PartialEq)]
pub struct NotADay {
    pub reason: SkipReason,
    /// The holiday or closure by name (none for a weekend).
    pub name: Option<String>,
    /// The rule paragraph, e.g. `6(a)(6)(A)`.
    pub paragraph: &'static str,
}

/// A district's calendar for counting.
pub struct Days<'a> {
    state: Option<&'a StateHolidays>,
    closures: &'a [OfficeClosure],
}

impl<'a> Days<'a> {
    pub fn new(rules: &'a TimeRules) -> Self {
        Days { state: rules.state_holidays.as_ref(), closures: &rules.closures }
    }

    /// Why `date` is a Saturday, Sunday or legal holiday, if it is one. State holidays
    /// count only for periods measured after an event (Rule 6(a)(6)(C)).
    pub fn not_countable_end(&self, date: Date, direction: Direction) -> Option<NotADay> {
        match date.weekday() {
            Weekday::Saturday => return Some(weekend(SkipReason::Saturday)),
            Weekday::Sunday => return Some(weekend(SkipReason::Sunday)),
            _ => {}
        }
        self.legal_holiday(date, direction)
    }

    /// Rule 6(a)(6): (A) the day set aside by statute for observing a federal legal
    /// holiday, (B) a day the President declared a holiday, (C) for periods measured
    /// after an event, a day the state declares a holiday.
    pub fn legal_holiday(&self, date: Date, direction: Direction) -> Option<NotADay> {
        // A holiday's observed day can fall in the year before it (New Year's Day on a
        // Saturday is observed on 31 December).
        for year in [date.year, date.year + 1] {
            let holidays = calendar::federal_legal_holidays(year).unwrap_or_default();
            if let Some(holiday) = holidays.iter().find(|holiday| holiday.observed == date) {
                return Some(NotADay {
                    reason: SkipReason::FederalHoliday,
                    name: Some(holiday.display_name()),
                    paragraph: "6(a)(6)(A)",
                });
            }
        }
        let text = date.to_string();
        if let Some(closure) = self
            .closures
            .iter()
            .find(|closure| closure.kind == ClosureKind::PresidentialClosure && closure.date == text)
        {
            return Some(NotADay {
                reason: SkipReason::PresidentialHoliday,
                name: Some(closure.name.clone()),
                paragraph: "6(a)(6)(B)",
            });
        }
        if direction == Direction::After
            && let Some(state) = self.state
            && let Some(name) = state_holiday(state, date)
        {
            return Some(NotADay {
                reason: SkipReason::StateHoliday,
                name: Some(format!("{name} ({})", state.citation)),
                paragraph: "6(a)(6)(C)",
            });
        }
        None
    }

    /// The court's own closure of its clerk's office on `date`, if any.
    pub fn closed(&self, date: Date) -> Option<&'a OfficeClosure> {
        let text = date.to_string();
        self.closures.iter().find(|closure| closure.kind == ClosureKind::CourtClosure && closure.date == text)
    }
}

fn weekend(reason: SkipReason) -> NotADay {
    NotADay { reason, name: None, paragraph: "6(a)(1)(C)" }
}

/// The state holiday observed on `date`, by name.
pub fn state_holiday(state: &StateHolidays, date: Date) -> Option<String> {
    // The observed day of a holiday of the next year can fall in this one (Saturday →
    // Friday before).
    for year in [date.year, date.year + 1] {
        for holiday in &state.holidays {
            if holiday.from_year.is_some_and(|from| year < from) {
                continue;
            }
            let Some(day) = holiday_date(&holiday.rule, year) else { continue };
            let observed = match day.weekday() {
                Weekday::Sunday => apply(state.sunday_rule, day),
                Weekday::Saturday => apply(state.saturday_rule, day),
                _ => day,
            };
            if day == date {
                return Some(holiday.name.clone());
            }
            if observed == date {
                return Some(format!("{} (observed)", holiday.name));
            }
        }
    }
    None
}

fn apply(rule: ObservanceRule, day: Date) -> Date {
    match (rule, day.weekday()) {
        (ObservanceRule::NextMonday, Weekday::Sunday) => day.add_days(1),
        (ObservanceRule::NextMonday, Weekday::Saturday) => day.add_days(2),
        (ObservanceRule::PreviousFriday, Weekday::Saturday) => day.add_days(-1),
        (ObservanceRule::PreviousFriday, Weekday::Sunday) => day.add_days(-2),
        _ => day,
    }
}

/// The date a holiday rule gives in `year` (none for an election day in an odd year
/// when only even years have one, or a rule naming no real day).
pub fn holiday_date(rule: &HolidayRule, year: i32) -> Option<Date> {
    match rule {
        HolidayRule::Fixed { month, day } => Date::new(year, *month, *day),
        HolidayRule::NthWeekday { month, weekday, nth, offset_days } => {
            if !(1..=12).contains(month) || !(1..=5).contains(nth) {
                return None;
            }
            let date = calendar::nth_weekday(year, *month, weekday_of(*weekday), i64::from(*nth));
            (date.month == *month).then(|| date.add_days(i64::from(*offset_days)))
        }
        HolidayRule::LastWeekday { month, weekday } => {
            (1..=12).contains(month).then(|| calendar::last_weekday(year, *month, weekday_of(*weekday)))
        }
        HolidayRule::ElectionDay { years } => {
            if *years == ElectionYears::Even && year % 2 != 0 {
                return None;
            }
            // The Tuesday after the first Monday of November.
            Some(calendar::nth_weekday(year, 11, Weekday::Monday, 1).add_days(1))
        }
    }
}

pub fn weekday_of(name: WeekdayName) -> Weekday {
    match name {
        WeekdayName::Monday => Weekday::Monday,
        WeekdayName::Tuesday => Weekday::Tuesday,
        WeekdayName::Wednesday => Weekday::Wednesday,
        WeekdayName::Thursday => Weekday::Thursday,
        WeekdayName::Friday => Weekday::Friday,
        WeekdayName::Saturday => Weekday::Saturday,
        WeekdayName::Sunday => Weekday::Sunday,
    }
}
