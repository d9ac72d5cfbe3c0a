//! Deadlines as iCalendar (RFC 5545): one all-day event per deadline, the trail of the
//! computation in its description. Deterministic: the same answer gives the same bytes.
//!
//! A period in hours ends at a time of the court's day, and the data has no time zone
//! for a court (some districts span two): a timed event would be "floating", shown at
//! that hour in whatever zone the reader's calendar is in, hours off for a lawyer in
//! another zone. So it too is an all-day event on its date, with "by HH:MM court time"
//! in its summary.

use courtrules_engine::model::DeadlineResponse;

/// The calendar for the engine's deadline answer, as it comes out of the engine (JSON).
pub fn from_json(answer: &[u8]) -> anyhow::Result<String> {
    let answer: DeadlineResponse = serde_json::from_slice(answer)?;
    Ok(calendar(&answer))
}

/// The calendar for a deadline answer.
fn calendar(answer: &DeadlineResponse) -> String {
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//courtrules//deadlines//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
    ];
    // DTSTAMP must be a UTC time; the event's own date keeps the bytes deterministic.
    let stamp = format!("{}T000000Z", compact(&answer.trigger_date));
    for deadline in &answer.deadlines {
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:{}", uid(answer, deadline)));
        lines.push(format!("DTSTAMP:{stamp}"));
        lines.push(format!("DTSTART;VALUE=DATE:{}", compact(&deadline.due_date)));
        lines.push(format!("DTEND;VALUE=DATE:{}", compact(&next_day(&deadline.due_date))));
        let due = match &deadline.due_time {
            Some(time) => format!("Due by {time} court time"),
            None => "Due".to_owned(),
        };
        lines.push(format!("SUMMARY:{}", text(&format!("{due}: {} ({})", deadline.label, deadline.citation))));
        let mut description = vec![format!("{} — {}", deadline.label, deadline.citation)];
        for step in &deadline.trail {
            let when = match (&step.date, &step.time) {
                (Some(date), Some(time)) => format!("{date} {time}: "),
                (Some(date), None) => format!("{date}: "),
                _ => String::new(),
            };
            description.push(format!("{when}{} [{}]", step.explanation, step.citation));
        }
        lines.push(format!("DESCRIPTION:{}", text(&description.join("\n"))));
        if let Some(url) = &deadline.source_url {
            lines.push(format!("URL:{url}"));
        }
        lines.push("TRANSP:TRANSPARENT".to_owned());
        lines.push("END:VEVENT".to_owned());
    }
    lines.push("END:VCALENDAR".to_owned());
    lines.iter().map(|line| fold(line)).collect::<Vec<_>>().join("")
}

/// The event's identifier: everything the deadline was computed from, so that the
/// same computation imported again updates its events, and another one (another
/// judge, time, service, or custom period) gets events of its own.
fn uid(answer: &DeadlineResponse, deadline: &courtrules_engine::model::Deadline) -> String {
    let time = answer.trigger_time.as_deref().map(|time| format!("T{}", time.replace(':', ""))).unwrap_or_default();
    format!(
        "{}.{}-{}-{}.{}.{}.{}.{}{time}.{}@courtrules",
        deadline.period_key,
        deadline.amount,
        deadline.unit.as_str(),
        deadline.direction.as_str(),
        answer.district_id,
        answer.judge_slug,
        answer.trigger.as_str(),
        compact(&answer.trigger_date),
        answer.service_method.as_str(),
    )
}

/// `YYYY-MM-DD` as `YYYYMMDD`.
fn compact(date: &str) -> String {
    date.replace('-', "")
}

fn next_day(date: &str) -> String {
    courtrules_engine::calendar::Date::parse(date).map_or_else(|| date.to_owned(), |day| day.add_days(1).to_string())
}

/// RFC 5545 §3.3.11: backslash, semicolon, comma and newline escaped.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// RFC 5545 §3.1: lines of at most 75 octets, continued with CRLF and a space, never
/// splitting a character; every line ends with CRLF.
fn fold(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3 + 2);
    let mut width = 0;
    for c in line.chars() {
        let size = c.len_utf8();
        if width + size > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += size;
    }
    out.push_str("\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_fold_at_75_octets_without_splitting_a_character() {
        let line = format!("DESCRIPTION:{}", "é".repeat(100));
        let folded = fold(&line);
        for part in folded.split("\r\n").filter(|part| !part.is_empty()) {
            assert!(part.len() <= 75, "{} octets", part.len());
        }
        assert_eq!(folded.replace("\r\n ", ""), format!("{line}\r\n"));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(text("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    }
}
