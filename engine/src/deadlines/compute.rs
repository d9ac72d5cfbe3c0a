//! Rule 6(a) and 6(d), step by step: one period from one event, with the trail.

use super::days::Days;
use crate::calendar::Date;
use crate::model::{Direction, PeriodUnit, RuleText, ServiceMethod, SkipReason, Step, StepKind};

/// What to count: one period, from the event, as the rules or the request give it.
pub struct Count<'a> {
    pub amount: u32,
    pub unit: PeriodUnit,
    pub direction: Direction,
    pub runs_from_service: bool,
    pub event: &'a str,
}

/// The event: its day, its time (for hour periods, minutes after midnight), and how
/// the paper was served.
pub struct Event {
    pub date: Date,
    pub minute: Option<u32>,
    pub service: ServiceMethod,
}

/// The end of a period and the trail that led there.
pub struct Outcome {
    pub date: Date,
    pub minute: Option<u32>,
    pub trail: Vec<Step>,
}

/// The computation rule's quoted paragraphs, to cite in the trail.
pub struct Citations<'a>(pub &'a [RuleText]);

impl Citations<'_> {
    /// The citation and source of `paragraph` (e.g. `6(a)(1)(C)`): its own text if the
    /// document quotes it, else the paragraph it belongs to (`6(a)(1)`).
    fn of(&self, paragraph: &str) -> (String, Option<String>) {
        let mut key = paragraph;
        loop {
            if let Some(text) = self.0.iter().find(|text| text.paragraph == key) {
                let citation = if key == paragraph {
                    text.citation.clone()
                } else {
                    format!("{}{}", text.citation, &paragraph[key.len()..])
                };
                return (citation, Some(text.source_url.clone()));
            }
            match key.rfind('(') {
                Some(cut) if cut > 0 => key = &key[..cut],
                _ => return (format!("Fed. R. Civ. P. {paragraph}"), None),
            }
        }
    }

    fn step(&self, step: StepKind, paragraph: &str, explanation: String) -> Step {
        let (citation, source_url) = self.of(paragraph);
        Step { step, date: None, time: None, reason: None, holiday: None, explanation, citation, source_url }
    }
}

pub fn compute(days: &Days, citations: &Citations, count: &Count, event: &Event) -> Outcome {
    match count.unit {
        PeriodUnit::Days => in_days(days, citations, count, event),
        PeriodUnit::Hours => in_hours(days, citations, count, event),
    }
}

fn sign(direction: Direction) -> i64 {
    match direction {
        Direction::After => 1,
        Direction::Before => -1,
    }
}

fn direction_words(direction: Direction) -> &'static str {
    match direction {
        Direction::After => "forward",
        Direction::Before => "backward",
    }
}

/// Rule 6(a)(1), then 6(a)(3)(A), then 6(d).
fn in_days(days: &Days, citations: &Citations, count: &Count, event: &Event) -> Outcome {
    let mut trail = Vec::new();
    let mut step = citations.step(
        StepKind::ExcludeEventDay,
        "6(a)(1)(A)",
        format!("The day of the event ({}) is not counted.", count.event),
    );
    step.date = Some(event.date.to_string());
    trail.push(step);

    let landed = event.date.add_days(sign(count.direction) * i64::from(count.amount));
    let mut step = citations.step(
        StepKind::Count,
        "6(a)(1)(B)",
        format!(
            "Counting {} day{} {}, every day counted, including intermediate Saturdays, Sundays and legal holidays.",
            count.amount,
            if count.amount == 1 { "" } else { "s" },
            direction_words(count.direction),
        ),
    );
    step.date = Some(landed.to_string());
    trail.push(step);

    let mut date = settle(days, citations, landed, None, count.direction, "6(a)(1)(C)", "6(a)(3)(A)", &mut trail);

    // Rule 6(d): three days after the period would otherwise expire, for a period that
    // runs from service made by mail, by leaving it with the clerk, or by other consented
    // means — never for electronic service (since 2016).
    if count.runs_from_service && count.direction == Direction::After {
        let adds = matches!(
            event.service,
            ServiceMethod::Mail | ServiceMethod::LeavingWithClerk | ServiceMethod::OtherConsented
        );
        if adds {
            let added = date.add_days(3);
            let mut step = citations.step(
                StepKind::AddServiceDays,
                "6(d)",
                format!(
                    "Served by {}: 3 days are added after the period would otherwise expire under Rule 6(a).",
                    service_words(event.service)
                ),
            );
            step.date = Some(added.to_string());
            trail.push(step);
            date = settle(days, citations, added, None, count.direction, "6(a)(1)(C)", "6(a)(3)(A)", &mut trail);
        } else {
            trail.push(citations.step(
                StepKind::NoServiceDays,
                "6(d)",
                format!(
                    "Served {}: Rule 6(d) adds days only for service by mail, by leaving the paper with the clerk, or by other means consented to in writing.",
                    match event.service {
                        ServiceMethod::Electronic => "electronically",
                        _ => "in person",
                    }
                ),
            ));
        }
    }

    let mut step = citations.step(
        StepKind::LastDay,
        "6(a)(4)",
        "The last day ends at midnight in the court's time zone for electronic filing, and when the clerk's office is scheduled to close for filing by other means, unless a statute, local rule or court order sets a different time.".to_owned(),
    );
    step.date = Some(date.to_string());
    trail.push(step);
    Outcome { date, minute: None, trail }
}

/// Rule 6(a)(2), then 6(a)(3)(B). Rule 6(d) adds days to periods counted in days; a
/// period in hours gets none here, and the trail says so.
fn in_hours(days: &Days, citations: &Citations, count: &Count, event: &Event) -> Outcome {
    let mut trail = Vec::new();
    let minute = event.minute.unwrap_or(0);
    let mut step = citations.step(
        StepKind::ExcludeEventDay,
        "6(a)(2)(A)",
        format!("Counting begins immediately on the event ({}).", count.event),
    );
    step.date = Some(event.date.to_string());
    step.time = Some(clock(minute));
    trail.push(step);

    // Every hour elapsed counts once (6(a)(2)(B)), so the count runs on standard time: an
    // hour the clocks skip or repeat (daylight saving time) moves the clock time it ends at.
    let hours = sign(count.direction) * 60 * i64::from(count.amount);
    let (landed, landed_minute) = on_the_clock(standard_minutes(event.date, minute) + hours);
    let clocks_changed = if clock_minutes(landed, landed_minute) - clock_minutes(event.date, minute) == hours {
        ""
    } else {
        "; the clocks changed within the period (daylight saving time, 15 U.S.C. § 260a(a)), so it ends at another time of day"
    };
    let mut step = citations.step(
        StepKind::Count,
        "6(a)(2)(B)",
        format!(
            "Counting {} hour{} {}, every hour counted, including hours on intermediate Saturdays, Sundays and legal holidays{clocks_changed}.",
            count.amount,
            if count.amount == 1 { "" } else { "s" },
            direction_words(count.direction)
        ),
    );
    step.date = Some(landed.to_string());
    step.time = Some(clock(landed_minute));
    trail.push(step);

    let date =
        settle(days, citations, landed, Some(landed_minute), count.direction, "6(a)(2)(C)", "6(a)(3)(B)", &mut trail);
    if count.runs_from_service {
        trail.push(
            citations.step(
                StepKind::NoServiceDays,
                "6(d)",
                "Rule 6(d)'s three days are added to periods counted in days; none are added to a period in hours."
                    .to_owned(),
            ),
        );
    }
    let mut step = citations.step(
        StepKind::LastDay,
        "6(a)(2)(C)",
        if landed_minute == 24 * 60 {
            "The period ends at midnight, at the end of this day (court time).".to_owned()
        } else {
            format!("The period ends at {} court time on this day.", clock(landed_minute))
        },
    );
    step.date = Some(date.to_string());
    step.time = Some(clock(landed_minute));
    trail.push(step);
    Outcome { date, minute: Some(landed_minute), trail }
}

/// From `date`, moves in the direction of counting past every Saturday, Sunday and legal
/// holiday (`roll`: 6(a)(1)(C) or 6(a)(2)(C)) and every day the clerk's office is
/// closed (`closed`: 6(a)(3)(A) or (B)), recording each day passed over.
#[allow(clippy::too_many_arguments)]
fn settle(
    days: &Days,
    citations: &Citations,
    mut date: Date,
    minute: Option<u32>,
    direction: Direction,
    roll: &str,
    closed: &str,
    trail: &mut Vec<Step>,
) -> Date {
    let next = |date: Date| date.add_days(sign(direction));
    let next_words = match direction {
        Direction::After => "the period runs to the next day",
        // Rule 6(a)(5): the "next day" of a period measured before an event is the day
        // before.
        Direction::Before => "counting backward, the next day is the day before (Rule 6(a)(5))",
    };
    let continues = match minute {
        None => {
            "the period continues to run until the end of the next day that is not a Saturday, Sunday or legal holiday"
        }
        Some(_) => {
            "the period continues to run until the same time on the next day that is not a Saturday, Sunday or legal holiday"
        }
    };
    loop {
        if let Some(not_a_day) = days.not_countable_end(date, direction) {
            let what = match (&not_a_day.reason, &not_a_day.name) {
                (SkipReason::Saturday, _) => "a Saturday".to_owned(),
                (SkipReason::Sunday, _) => "a Sunday".to_owned(),
                (SkipReason::FederalHoliday, Some(name)) => format!("a legal holiday ({name})"),
                (SkipReason::PresidentialHoliday, Some(name)) => {
                    format!("a legal holiday: a day the President declared a holiday ({name})")
                }
                (SkipReason::StateHoliday, Some(name)) => {
                    format!("a legal holiday: a day the state declares a holiday ({name})")
                }
                _ => "a legal holiday".to_owned(),
            };
            // The weekend rule is the rolling paragraph itself; a holiday cites the
            // definition that makes it one.
            let paragraph = if not_a_day.paragraph == "6(a)(1)(C)" { roll } else { not_a_day.paragraph };
            let mut step =
                citations.step(StepKind::Skip, paragraph, format!("{date} is {what}: {continues}; {next_words}."));
            step.date = Some(date.to_string());
            step.time = minute.map(clock);
            step.reason = Some(not_a_day.reason);
            step.holiday = not_a_day.name;
            trail.push(step);
            date = next(date);
            continue;
        }
        if let Some(closure) = days.closed(date) {
            let moves = match direction {
                Direction::After => "the time for filing is extended to",
                // As for a weekend (Rule 6(a)(5)): the day before, not a later one.
                Direction::Before => "counting backward, the period ends on",
            };
            let mut step = citations.step(
                StepKind::Inaccessible,
                closed,
                format!(
                    "The clerk's office is closed on {date} ({}; {}): {moves} the first accessible day that is not a Saturday, Sunday or legal holiday.",
                    closure.name, closure.authority
                ),
            );
            step.date = Some(date.to_string());
            step.time = minute.map(clock);
            step.reason = Some(SkipReason::ClerksOfficeClosed);
            step.holiday = Some(closure.name.clone());
            step.source_url = Some(closure.source_url.clone());
            trail.push(step);
            date = next(date);
            continue;
        }
        return date;
    }
}

fn service_words(method: ServiceMethod) -> &'static str {
    match method {
        ServiceMethod::Mail => "mail (Rule 5(b)(2)(C))",
        ServiceMethod::LeavingWithClerk => "leaving it with the clerk (Rule 5(b)(2)(D))",
        ServiceMethod::OtherConsented => "other means consented to (Rule 5(b)(2)(F))",
        ServiceMethod::Electronic => "electronic means (Rule 5(b)(2)(E))",
        ServiceMethod::Personal => "personal delivery (Rule 5(b)(2)(A)–(B))",
    }
}

/// Minutes since 1970-01-01 00:00 on standard time of the clock time `minute` (after
/// midnight) on `date`. 15 U.S.C. § 260a(a): clocks are an hour ahead from 2:00 on the
/// second Sunday of March to 2:00 on the first Sunday of November. A clock time of the
/// repeated hour is its first (the earlier end); one of the skipped hour is read as
/// standard time.
fn standard_minutes(date: Date, minute: u32) -> i64 {
    let clock = clock_minutes(date, minute);
    if on_daylight_time(clock - 60) { clock - 60 } else { clock }
}

/// Minutes since 1970-01-01 00:00 as the clock shows them, daylight saving time or not.
fn clock_minutes(date: Date, minute: u32) -> i64 {
    date.days_since_epoch() * 24 * 60 + i64::from(minute)
}

/// The clock's date and time (minutes after midnight) at `standard` minutes. A period
/// that ends at midnight ends at 24:00 of the day before: it ran out with that day.
fn on_the_clock(standard: i64) -> (Date, u32) {
    let clock = standard + if on_daylight_time(standard) { 60 } else { 0 };
    let (day, minute) = ((clock - 1).div_euclid(24 * 60), (clock - 1).rem_euclid(24 * 60) + 1);
    (Date::from_days_since_epoch(day), minute as u32)
}

fn on_daylight_time(standard: i64) -> bool {
    let year = Date::from_days_since_epoch(standard.div_euclid(24 * 60)).year;
    let at = |month, nth, hour: i64| {
        crate::calendar::nth_weekday(year, month, crate::calendar::Weekday::Sunday, nth).days_since_epoch() * 24 * 60
            + hour * 60
    };
    // Begins at 2:00 standard time; ends at 2:00 daylight time, 1:00 standard time.
    (at(3, 2, 2)..at(11, 1, 1)).contains(&standard)
}

/// Minutes after midnight as HH:MM (24:00: the end of the day).
pub fn clock(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}
