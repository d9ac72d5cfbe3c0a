//! The deadlines panel's words for the engine's answers: a field by its label, a date
//! in words. Apart from the panel (which runs only in the browser) so that they are
//! tested natively.

use courtrules_engine::calendar::{Date, Weekday};

/// What each field of the request is called in the panel: every path the engine's
/// deadline validation reports (`engine/src/deadlines/validate.rs`) but a field it does
/// not know, which the panel never sends; `None` for the request as a whole.
fn field_name(path: &str) -> Option<&'static str> {
    let field = path.split(['[', '.']).next().unwrap_or(path);
    Some(match field {
        "" => return None,
        "trigger_date" => "The date of the event",
        "trigger_time" => "The time of the event",
        "trigger" => "The event",
        "service_method" => "How the paper was served",
        "district_id" => "The court",
        "judge_slug" => "The judge",
        "period_keys" => "The periods asked for",
        "custom_periods" => "A period set by a court order",
        _ => "The question",
    })
}

/// The engine's (or the server's) problems with a deadline request, in the panel's
/// words: the field by its label, not its path, and without the value quoted back
/// ("trigger_date: must be in the year 9000 or earlier, got `9001-01-02`" → "The date of
/// the event must be in the year 9000 or earlier."). An event before `earliest` (the day the
/// rules' text took effect, from the engine) is told in the page's own words.
pub fn problem_in_words(details: &[(String, String)], date: &str, earliest: &str) -> String {
    details
        .iter()
        .map(|(path, message)| {
            // Both YYYY-MM-DD: their order is the days'.
            if path == "trigger_date" && date.len() == 10 && date < earliest {
                return format!(
                    "The date of the event must be on or after {}: courtrules counts deadlines under the text of the rules in force since that day, and an earlier event's deadlines were counted under an earlier text.",
                    long_date(earliest)
                );
            }
            // The time is asked for only when a period is counted in hours.
            if path == "trigger_time" && message.starts_with("is required") {
                return "Enter the time of the event (court time): a period of these rules is counted in hours from it."
                    .to_owned();
            }
            // The value is not quoted back ("…, got `1970-12-31`", "…, got a number").
            let message = message.split(", got ").next().unwrap_or(message);
            // "must be a real day: `…` is written YYYY-MM-DD but no such day exists".
            let message = message.split(": `").next().unwrap_or(message);
            match field_name(path) {
                Some(field) => format!("{field} {message}."),
                None => format!("{}.", capitalised(message)),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A day and, for a period in hours, its time (court time), as the panel says them:
/// "Thursday 3 December 2026", "… at 14:30 court time", and for `24:00`, the end of the
/// day, "… at the end of the day (midnight court time)" (as the calendar export does).
pub fn when_in_words(date: &str, time: Option<&str>) -> String {
    match time {
        None => long_date(date),
        Some("24:00") => format!("{} at the end of the day (midnight court time)", long_date(date)),
        Some(time) => format!("{} at {time} court time", long_date(date)),
    }
}

/// The `datetime` of a `<time>` element for a day and its time: `2026-12-03`,
/// `2026-12-03T14:30`; the date alone for `24:00`, which HTML does not write.
pub fn machine_when(date: &str, time: Option<&str>) -> String {
    match time {
        Some(time) if time != "24:00" => format!("{date}T{time}"),
        _ => date.to_owned(),
    }
}

/// A step's explanation with its dates in words. A skipped day's sentence begins with
/// the day itself ("2026-12-06 is a Sunday: …"), which the step shows before it: "This
/// day is a Sunday: …".
pub fn explanation_in_words(explanation: &str, date: Option<&str>) -> String {
    let rest = match date.and_then(|date| explanation.strip_prefix(date)).and_then(|r| r.strip_prefix(" is ")) {
        Some(rest) => format!("This day is {rest}"),
        None => explanation.to_owned(),
    };
    // Any other day, YYYY-MM-DD, in words.
    let mut out = String::with_capacity(rest.len());
    let mut at = 0;
    while at < rest.len() {
        let candidate = rest.get(at..at + 10).filter(|text| is_iso_date(text));
        let boundary = |i: usize| rest.as_bytes().get(i).is_none_or(|b| !b.is_ascii_alphanumeric());
        match candidate {
            Some(text) if (at == 0 || boundary(at - 1)) && boundary(at + 10) && Date::parse(text).is_some() => {
                out.push_str(&long_date(text));
                at += 10;
            }
            _ => {
                let c = rest[at..].chars().next().expect("within the text");
                out.push(c);
                at += c.len_utf8();
            }
        }
    }
    out
}

fn is_iso_date(text: &str) -> bool {
    text.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() })
}

/// The panel's one-line summary of an answer, said to screen readers (the list is not):
/// "4 deadlines; the first due Thursday 3 December 2026."
pub fn summary_in_words(first: Option<(&str, Option<&str>)>, count: usize) -> String {
    match (count, first) {
        (0, _) | (_, None) => "No period of this court's rules runs from this event.".to_owned(),
        (1, Some((date, time))) => format!("1 deadline, due {}.", when_in_words(date, time)),
        (n, Some((date, time))) => format!("{n} deadlines; the first due {}.", when_in_words(date, time)),
    }
}

/// "Monday 16 March 2026" for "2026-03-16" (as it is when it is not a day).
pub fn long_date(date: &str) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let Some(day) = Date::parse(date) else { return date.to_owned() };
    let weekday = match day.weekday() {
        Weekday::Monday => "Monday",
        Weekday::Tuesday => "Tuesday",
        Weekday::Wednesday => "Wednesday",
        Weekday::Thursday => "Thursday",
        Weekday::Friday => "Friday",
        Weekday::Saturday => "Saturday",
        Weekday::Sunday => "Sunday",
    };
    format!("{weekday} {} {} {}", day.day, MONTHS[(day.month as usize - 1) % 12], day.year)
}

#[cfg(test)]
mod tests {
    use super::{
        explanation_in_words, field_name, long_date, machine_when, problem_in_words, summary_in_words, when_in_words,
    };

    fn details(path: &str, message: &str) -> Vec<(String, String)> {
        vec![(path.to_owned(), message.to_owned())]
    }

    #[test]
    fn an_event_before_the_rules_text_is_told_by_the_date_not_the_message() {
        // Whatever the engine's words, the date against the rules' own earliest day decides.
        let said = problem_in_words(&details("trigger_date", "any wording at all"), "2015-06-01", "2016-12-01");
        assert!(said.starts_with("The date of the event must be on or after Thursday 1 December 2016: "), "{said}");
        let said = problem_in_words(
            &details("trigger_date", "must be a real day: `2026-02-30` is written YYYY-MM-DD but no such day exists"),
            "2026-02-30",
            "2016-12-01",
        );
        assert_eq!(said, "The date of the event must be a real day.");
        let said =
            problem_in_words(&details("trigger", "must be one of hearing, got `lunch`"), "2015-06-01", "2016-12-01");
        assert_eq!(said, "The event must be one of hearing.");
    }

    #[test]
    fn dates_in_words() {
        assert_eq!(long_date("2026-03-16"), "Monday 16 March 2026");
        assert_eq!(long_date("1971-01-01"), "Friday 1 January 1971");
        assert_eq!(long_date("2024-02-29"), "Thursday 29 February 2024");
        assert_eq!(long_date("2026-02-30"), "2026-02-30");
        assert_eq!(long_date(""), "");
    }

    #[test]
    fn every_path_the_engine_reports_has_a_name() {
        // Requests wrong in every field the engine validates, one by one and all at once.
        let requests = [
            "not JSON",
            "[]",
            "{}",
            r#"{"district_id": "S D", "judge_slug": 5, "trigger": "lunch", "trigger_date": "2026-02-30",
                "trigger_time": "25:00", "service_method": "owl", "period_keys": [5, "A B"],
                "custom_periods": [5, {"label": "", "citation": 5, "unit": "weeks", "direction": "up",
                "amount": 0, "runs_from_service": "yes"}]}"#,
            r#"{"district_id": "sdny", "trigger": "hearing", "trigger_date": 5, "trigger_time": 5,
                "period_keys": 5, "custom_periods": 5}"#,
        ];
        let mut paths = Vec::new();
        for request in requests {
            let problems = courtrules_engine::deadlines::parse_deadline_request(request.as_bytes())
                .expect_err("each request is wrong");
            paths.extend(problems.into_iter().map(|problem| problem.path));
        }
        // And those it reports only against a court's rules.
        paths.extend(["trigger_date", "trigger_time", "period_keys[0]"].map(String::from));
        for path in &paths {
            if path.is_empty() {
                continue;
            }
            assert_ne!(field_name(path), Some("The question"), "{path} has no name in the panel");
        }
        for field in ["custom_periods[1].amount", "period_keys[1]", "trigger_time", "service_method"] {
            assert!(paths.iter().any(|path| path == field), "{field} was not reported: {paths:?}");
        }
        // The request as a whole: its message alone.
        let said = problem_in_words(&details("", "the request must be a JSON object, got an array"), "", "");
        assert_eq!(said, "The request must be a JSON object.");
    }

    #[test]
    fn a_missing_time_asks_for_it_and_a_wrong_one_names_the_field() {
        let said = problem_in_words(
            &details("trigger_time", "is required for a period in hours (HH:MM, court time)"),
            "2026-03-02",
            "2016-12-01",
        );
        assert_eq!(
            said,
            "Enter the time of the event (court time): a period of these rules is counted in hours from it."
        );
        let said = problem_in_words(
            &details("trigger_time", "must be a time HH:MM (00:00–23:59), got `25:00`"),
            "2026-03-02",
            "2016-12-01",
        );
        assert_eq!(said, "The time of the event must be a time HH:MM (00:00–23:59).");
    }

    #[test]
    fn days_and_times_in_words() {
        assert_eq!(when_in_words("2026-12-03", None), "Thursday 3 December 2026");
        assert_eq!(when_in_words("2026-03-09", Some("14:30")), "Monday 9 March 2026 at 14:30 court time");
        assert_eq!(
            when_in_words("2026-03-03", Some("24:00")),
            "Tuesday 3 March 2026 at the end of the day (midnight court time)"
        );
        assert_eq!(machine_when("2026-03-09", Some("14:30")), "2026-03-09T14:30");
        assert_eq!(machine_when("2026-03-03", Some("24:00")), "2026-03-03");
        assert_eq!(machine_when("2026-03-03", None), "2026-03-03");
    }

    #[test]
    fn a_steps_dates_in_words() {
        assert_eq!(
            explanation_in_words(
                "2026-12-06 is a Sunday: the period continues to run until the end of the next day.",
                Some("2026-12-06")
            ),
            "This day is a Sunday: the period continues to run until the end of the next day."
        );
        assert_eq!(
            explanation_in_words("The clerk's office is closed on 2026-12-07 (Snow; order).", Some("2026-12-07")),
            "The clerk's office is closed on Monday 7 December 2026 (Snow; order)."
        );
        // Not a day, or part of a longer number: left as it is.
        assert_eq!(
            explanation_in_words("Rule 2026-13-45 and 12026-12-070 — ", None),
            "Rule 2026-13-45 and 12026-12-070 — "
        );
        assert_eq!(
            explanation_in_words("The day of the event is not counted.", Some("2026-11-12")),
            "The day of the event is not counted."
        );
    }

    #[test]
    fn a_summary_of_the_answer() {
        assert_eq!(
            summary_in_words(Some(("2026-11-30", None)), 2),
            "2 deadlines; the first due Monday 30 November 2026."
        );
        assert_eq!(
            summary_in_words(Some(("2026-03-03", Some("24:00"))), 1),
            "1 deadline, due Tuesday 3 March 2026 at the end of the day (midnight court time)."
        );
        assert_eq!(summary_in_words(None, 0), "No period of this court's rules runs from this event.");
    }
}
