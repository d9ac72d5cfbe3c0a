//! The deadlines panel's words for the engine's answers: a field by its label, a date
//! in words. Apart from the panel (which runs only in the browser) so that they are
//! tested natively.

use courtrules_engine::calendar::{Date, Weekday};

/// What each field of the request is called in the panel.
fn field_name(path: &str) -> &'static str {
    match path {
        "trigger_date" => "The date of the event",
        "trigger" => "The event",
        "service_method" => "How the paper was served",
        "district_id" => "The court",
        "judge_slug" => "The judge",
        _ => "The question",
    }
}

/// The engine's (or the server's) problems with a deadline request, in the panel's
/// words: the field by its label, not its path, and without the value quoted back
/// ("trigger_date: must be in the years 1971–9000, got `1970-12-31`" → "The date of the
/// event must be in the years 1971–9000."). An event before `earliest` (the day the
/// rules' text took effect, from the engine) is told in the page's own words.
pub fn problem_in_words(details: &[(String, String)], date: &str, earliest: &str) -> String {
    details
        .iter()
        .map(|(path, message)| {
            let field = field_name(path);
            // Both YYYY-MM-DD: their order is the days'.
            if path == "trigger_date" && date.len() == 10 && date < earliest {
                return format!(
                    "{field} must be on or after {}: courtrules counts deadlines under the text of the rules in force since that day, and an earlier event's deadlines were counted under an earlier text.",
                    long_date(earliest)
                );
            }
            let message = message.split(", got `").next().unwrap_or(message);
            // "must be a real day: `…` is written YYYY-MM-DD but no such day exists".
            let message = message.split(": `").next().unwrap_or(message);
            format!("{field} {message}.")
        })
        .collect::<Vec<_>>()
        .join(" ")
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
    use super::{long_date, problem_in_words};

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
}
