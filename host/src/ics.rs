//! Deadlines as iCalendar (RFC 5545): one all-day event per deadline, the trail of the
//! computation in its description. Deterministic: the same answer gives the same bytes.
//!
//! A period in hours ends at a time of the court's day, and the data has no time zone
//! for a court (some districts span two): a timed event would be "floating", shown at
//! that hour in whatever zone the reader's calendar is in, hours off for a lawyer in
//! another zone. So it too is an all-day event on its date, with "by HH:MM court time"
//! in its summary.
//!
//! The calendar has no `METHOD`, so each event's `DTSTAMP` says when its information was
//! last revised (RFC 5545 §3.8.7.2). The time of the request would make the bytes differ
//! on every call; the event's own date said nothing true. What the dates rest on is the
//! data pack's rules and holidays, so the stamp is the day they were last read
//! (`DATA_AS_OF`, the latest `as_of` of `data/deadlines/` and `data/holidays/state-legal/`,
//! a test keeps them in step): a calendar exported after the data is revised is stamped
//! later. `SEQUENCE` is 0: no answer knows of an earlier one.

use crate::service::error::Error;
use courtrules_engine::model::{DeadlineResponse, PeriodLayer, PeriodUnit, ServiceMethod, StepKind};
use sha2::{Digest, Sha256};

/// The latest `as_of` of the data the deadlines are computed from (`YYYYMMDD`): every
/// event's `DTSTAMP`, at 00:00 UTC.
const DATA_AS_OF: &str = "20261129";

/// The calendar for the engine's deadline answer, as it comes out of the engine (JSON);
/// `NoCalendarEvents` with the answer's note when it has no deadline (a calendar holds at
/// least one event, RFC 5545 §3.6).
pub fn from_json(answer: &[u8]) -> Result<String, Error> {
    let answer: DeadlineResponse = serde_json::from_slice(answer).map_err(anyhow::Error::from)?;
    if answer.deadlines.is_empty() {
        let why = answer.meta.notes.first().cloned().unwrap_or_else(|| "the answer has no deadline".to_owned());
        return Err(Error::NoCalendarEvents(why));
    }
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
    // A UTC time: the day the data was last read (above), the same for every request.
    let stamp = format!("{DATA_AS_OF}T000000Z");
    let mut uids = std::collections::HashSet::new();
    for deadline in &answer.deadlines {
        // A custom period given twice is one deadline: one event (two with one UID would
        // be merged, or the calendar refused, by the importing application).
        let uid = uid(answer, deadline);
        if !uids.insert(uid.clone()) {
            continue;
        }
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:{uid}"));
        lines.push(format!("DTSTAMP:{stamp}"));
        lines.push("SEQUENCE:0".to_owned());
        lines.push(format!("DTSTART;VALUE=DATE:{}", compact(&deadline.due_date)));
        lines.push(format!("DTEND;VALUE=DATE:{}", compact(&next_day(&deadline.due_date))));
        let due = match deadline.due_time.as_deref() {
            Some("24:00") => "Due by the end of the day (midnight court time)".to_owned(),
            Some(time) => format!("Due by {time} court time"),
            None => "Due".to_owned(),
        };
        // A period that runs from service says which service it was counted after: the
        // events of another service method have UIDs of their own (below), so a calendar
        // that holds both tells them apart.
        let served = if from_service(deadline) {
            format!(" — counted after {}", service_words(answer.service_method))
        } else {
            String::new()
        };
        lines.push(format!("SUMMARY:{}", text(&format!("{due}: {} ({}){served}", deadline.label, deadline.citation))));
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
/// judge, service, or custom period) gets events of its own. A custom period is known by
/// its label and citation (and whether it runs from service), not its place in the
/// request (two cases' periods would both be `custom-1`, and the second calendar imported
/// would overwrite the first's events); the event's time only for periods in hours, the
/// only ones it moves; the service method only for periods that run from service (the
/// same judgment's deadlines exported after mail and after electronic service are one
/// set of events, not two).
///
/// A service method corrected after an export therefore adds events beside the old
/// ones rather than replacing them: chosen so. The output is deterministic, so the
/// corrected event could not carry a later `SEQUENCE` or `DTSTAMP`, and a calendar that
/// keeps the copy it has of an event not marked newer would keep the wrong day without
/// a sign; two events, each naming the service it was counted after in its summary, are
/// seen, and the one that no longer applies is deleted by hand (docs/deadlines.md).
fn uid(answer: &DeadlineResponse, deadline: &courtrules_engine::model::Deadline) -> String {
    let time = match (&answer.trigger_time, deadline.unit) {
        (Some(time), PeriodUnit::Hours) => format!("T{}", time.replace(':', "")),
        _ => String::new(),
    };
    let from_service = from_service(deadline);
    let service = if from_service { format!(".{}", answer.service_method.as_str()) } else { String::new() };
    let period = match deadline.layer {
        PeriodLayer::Request => {
            // Two custom periods alike but for running from service end on different days.
            let digest = Sha256::digest(format!(
                "{}\n{}{}",
                deadline.label,
                deadline.citation,
                if from_service { "\nfrom service" } else { "" }
            ));
            let hex: String = digest.iter().take(8).map(|byte| format!("{byte:02x}")).collect();
            format!("custom-{hex}")
        }
        _ => deadline.period_key.clone(),
    };
    format!(
        "{period}.{}-{}-{}.{}.{}.{}.{}{time}{service}@courtrules",
        deadline.amount,
        deadline.unit.as_str(),
        deadline.direction.as_str(),
        answer.district_id,
        answer.judge_slug,
        answer.trigger.as_str(),
        compact(&answer.trigger_date),
    )
}

/// Whether the period runs from service: the trail has Rule 6(d)'s step.
fn from_service(deadline: &courtrules_engine::model::Deadline) -> bool {
    deadline.trail.iter().any(|step| matches!(step.step, StepKind::AddServiceDays | StepKind::NoServiceDays))
}

/// The service a period was counted after, in words.
fn service_words(method: ServiceMethod) -> &'static str {
    match method {
        ServiceMethod::Personal => "personal service",
        ServiceMethod::Mail => "service by mail",
        ServiceMethod::LeavingWithClerk => "service by leaving it with the clerk",
        ServiceMethod::Electronic => "electronic service",
        ServiceMethod::OtherConsented => "service by other consented means",
    }
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

    fn answer(time: Option<&str>, periods: &[(&str, &str, &str, &str)]) -> DeadlineResponse {
        let deadlines: Vec<serde_json::Value> = periods
            .iter()
            .enumerate()
            .map(|(index, (layer, label, unit, key))| {
                serde_json::json!({
                    "period_key": if *layer == "request" { format!("custom-{}", index + 1) } else { (*key).to_owned() },
                    "label": label, "layer": layer, "citation": "Order of 3 March 2026, ECF No. 41",
                    "source_url": null, "amount": 7, "unit": unit, "direction": "after",
                    "due_date": "2026-03-10", "due_time": null, "trail": []
                })
            })
            .collect();
        serde_json::from_value(serde_json::json!({
            "district_id": "sdny", "judge_slug": "court", "trigger": "entry_of_order",
            "trigger_date": "2026-03-03", "trigger_time": time, "service_method": "electronic",
            "deadlines": deadlines,
            "meta": {"engine_version": "x", "rules_version": "x", "state_holidays": null, "notes": []}
        }))
        .unwrap()
    }

    /// The trail of a period that runs from service: the step adding Rule 6(d)'s days.
    fn added_service_days() -> Vec<courtrules_engine::model::Step> {
        serde_json::from_value(serde_json::json!([{
            "step": "add_service_days", "date": "2026-03-13", "time": null, "reason": null, "holiday": null,
            "explanation": "x", "citation": "Fed. R. Civ. P. 6(d)", "source_url": null
        }]))
        .unwrap()
    }

    fn uids(answer: &DeadlineResponse) -> Vec<String> {
        answer.deadlines.iter().map(|deadline| uid(answer, deadline)).collect()
    }

    #[test]
    fn a_custom_periods_uid_follows_its_label_not_its_place() {
        let case_a = answer(None, &[("request", "Joint status letter (Case A)", "days", "")]);
        let case_b = answer(None, &[("request", "Expert report (Case B)", "days", "")]);
        assert_ne!(uids(&case_a), uids(&case_b), "two cases' custom-1 periods are two events");
        let both = answer(
            None,
            &[
                ("request", "Joint status letter (Case A)", "days", ""),
                ("request", "Expert report (Case B)", "days", ""),
            ],
        );
        let swapped = answer(
            None,
            &[
                ("request", "Expert report (Case B)", "days", ""),
                ("request", "Joint status letter (Case A)", "days", ""),
            ],
        );
        let mut sorted = uids(&swapped);
        sorted.reverse();
        assert_eq!(uids(&both), sorted, "reordering the periods keeps each one's event");
        assert_eq!(uids(&both)[0], uids(&case_a)[0]);
    }

    #[test]
    fn the_events_time_is_in_the_uid_only_of_periods_in_hours() {
        let periods = [("national", "Objections", "days", "frcp-x"), ("request", "Reply", "hours", "")];
        let (untimed, timed) = (uids(&answer(None, &periods)), uids(&answer(Some("16:30"), &periods)));
        assert_eq!(untimed[0], timed[0], "a count of days does not depend on the time");
        assert_ne!(untimed[1], timed[1]);
        assert!(timed[1].contains("T1630"), "{}", timed[1]);
        assert!(timed[0].starts_with("frcp-x.7-days-after.sdny.court.entry_of_order.20260303@"), "{}", timed[0]);
    }

    #[test]
    fn a_custom_period_running_from_service_has_its_own_uid() {
        let mut both = answer(None, &[("request", "Reply", "days", ""), ("request", "Reply", "days", "")]);
        both.deadlines[1].trail = added_service_days();
        let [plain, from_service] = uids(&both).try_into().unwrap();
        assert_ne!(plain, from_service, "two events would share one UID");
        // One that does not run from service keeps the UID it had.
        assert_eq!(plain, uids(&answer(None, &[("request", "Reply", "days", "")]))[0]);
    }

    #[test]
    fn a_custom_period_given_twice_is_one_event() {
        let twice = answer(None, &[("request", "Reply", "days", ""), ("request", "Reply", "days", "")]);
        let calendar = calendar(&twice);
        assert_eq!(calendar.matches("BEGIN:VEVENT").count(), 1, "{calendar}");
        let other = answer(None, &[("request", "Reply", "days", ""), ("request", "Sur-reply", "days", "")]);
        assert_eq!(super::calendar(&other).matches("BEGIN:VEVENT").count(), 2);
    }

    #[test]
    fn the_service_method_is_in_the_uid_only_of_periods_that_run_from_service() {
        let mut mail = answer(None, &[("national", "Objections", "days", "frcp-x"), ("request", "Reply", "days", "")]);
        mail.deadlines[1].trail = added_service_days();
        let electronic = uids(&mail);
        mail.service_method = courtrules_engine::model::ServiceMethod::Mail;
        let mailed = uids(&mail);
        assert_eq!(electronic[0], mailed[0], "not from service");
        assert_ne!(electronic[1], mailed[1], "from service");
        assert!(mailed[1].ends_with(".mail@courtrules"), "{}", mailed[1]);
    }

    #[test]
    fn an_hour_period_ending_at_midnight_is_due_by_the_end_of_its_day() {
        let mut timed = answer(Some("12:00"), &[("request", "Reply", "hours", "")]);
        timed.deadlines[0].due_time = Some("24:00".into());
        let calendar = calendar(&timed).replace("\r\n ", "");
        assert!(calendar.contains("SUMMARY:Due by the end of the day (midnight court time): Reply"), "{calendar}");
    }

    #[test]
    fn the_stamp_is_the_day_the_data_was_last_read_and_a_period_from_service_names_its_service() {
        let mut mail = answer(None, &[("national", "Objections", "days", "frcp-x"), ("request", "Reply", "days", "")]);
        mail.deadlines[1].trail = added_service_days();
        mail.service_method = courtrules_engine::model::ServiceMethod::Mail;
        let calendar = calendar(&mail).replace("\r\n ", "");
        // Not the event's date (2026-03-03): the data's, the same for every request.
        assert_eq!(calendar.matches(&format!("DTSTAMP:{DATA_AS_OF}T000000Z\r\n")).count(), 2, "{calendar}");
        assert_eq!(calendar.matches("SEQUENCE:0\r\n").count(), 2, "{calendar}");
        assert!(calendar.contains("SUMMARY:Due: Objections (Order of 3 March 2026\\, ECF No. 41)\r\n"), "{calendar}");
        assert!(
            calendar.contains(
                "SUMMARY:Due: Reply (Order of 3 March 2026\\, ECF No. 41) — counted after service by mail\r\n"
            ),
            "{calendar}"
        );
    }

    #[test]
    fn the_stamp_follows_the_latest_as_of_of_the_data() {
        // DTSTAMP is the day the deadlines' data was last read: the latest `as_of` of the
        // files the time rules are composed from. Update DATA_AS_OF with them.
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
        let mut latest = String::new();
        for folder in ["deadlines", "deadlines/local", "holidays/state-legal"] {
            for entry in std::fs::read_dir(data.join(folder)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|extension| extension == "json") {
                    let file: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
                    let as_of = file["as_of"].as_str().unwrap_or_else(|| panic!("{}: no as_of", path.display()));
                    latest = latest.max(as_of.to_owned());
                }
            }
        }
        assert_eq!(compact(&latest), DATA_AS_OF, "DATA_AS_OF is not the data's latest as_of");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(text("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    }
}
