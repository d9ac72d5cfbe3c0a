//! Every problem of a deadline request, or of a time-rules document, at its dotted path
//! (as `crate::validate` does for check requests).

use crate::calendar::{Date, FIRST_YEAR};
use crate::model::{
    DeadlineRequest, Direction, FieldError, HolidayRule, PeriodLayer, PeriodUnit, ServiceMethod, TimeRules, Trigger,
};
use crate::validate::{ROOT_PATH, describe, duplicate_keys, integral_numbers_as_integers, join, limit, slug_problem};
use serde_json::{Map, Value};

/// The most periods a request may name or give.
pub const MAX_PERIOD_KEYS: usize = 50;
pub const MAX_CUSTOM_PERIODS: usize = 20;
/// The longest period: ten years of days, one year of hours.
pub const MAX_DAYS: u64 = 3650;
pub const MAX_HOURS: u64 = 8760;
/// The last year an event may fall in, so every deadline stays within the calendar.
const LAST_EVENT_YEAR: i32 = 9000;
/// Rule 6(d) adds days to a time to act "after being served": a period counted back from
/// its event runs from no service, and would be counted without them in silence.
const FROM_SERVICE_AFTER_ONLY: &str = "can be true only for a period counted after its event (Rule 6(d))";

/// Reads a deadline request from JSON bytes, naming every problem.
pub fn parse_deadline_request(bytes: &[u8]) -> Result<DeadlineRequest, Vec<FieldError>> {
    let mut value: Value = serde_json::from_slice(bytes)
        .map_err(|error| vec![FieldError::new(ROOT_PATH, format!("the request body is not valid JSON: {error}"))])?;
    // `7.0` is the whole number 7, as JSON Schema (and so the OpenAPI document and the
    // MCP tool's schema) counts it, and as a check request reads it.
    integral_numbers_as_integers(&mut value);
    let mut problems = duplicate_keys(bytes);
    problems.extend(request_problems(&value));
    let problems = limit(problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    drop_nulls(&mut value);
    serde_json::from_value(value).map_err(|error| vec![FieldError::new(ROOT_PATH, error.to_string())])
}

/// `null` reads as absent for every optional field. In place: rebuilding the tree
/// costs the browser's check module some 3 KB of WebAssembly.
fn drop_nulls(value: &mut Value) {
    match value {
        Value::Object(object) => {
            object.retain(|_, value| !value.is_null());
            object.values_mut().for_each(drop_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

fn request_problems(value: &Value) -> Vec<FieldError> {
    let mut problems = Vec::new();
    let Value::Object(object) = value else {
        return vec![FieldError::new(ROOT_PATH, format!("the request must be a JSON object, got {}", describe(value)))];
    };
    let known = [
        "district_id",
        "judge_slug",
        "trigger",
        "trigger_date",
        "trigger_time",
        "service_method",
        "period_keys",
        "custom_periods",
    ];
    slug(object, "district_id", true, &mut problems);
    slug(object, "judge_slug", false, &mut problems);
    choice(object, "trigger", Trigger::NAMES, true, "", &mut problems);
    match present(object, "trigger_date") {
        None => problems.push(FieldError::new("trigger_date", "is required")),
        Some(Value::String(text)) => {
            if let Some(problem) = date_problem(text) {
                problems.push(FieldError::new("trigger_date", problem));
            }
        }
        Some(other) => problems
            .push(FieldError::new("trigger_date", format!("must be a date YYYY-MM-DD, got {}", describe(other)))),
    }
    match present(object, "trigger_time") {
        None => {}
        Some(Value::String(text)) if minutes(text).is_some() => {}
        Some(Value::String(text)) => {
            problems.push(FieldError::new("trigger_time", format!("must be a time HH:MM (00:00–23:59), got `{text}`")))
        }
        Some(other) => {
            problems.push(FieldError::new("trigger_time", format!("must be a time HH:MM, got {}", describe(other))))
        }
    }
    choice(object, "service_method", ServiceMethod::NAMES, false, "", &mut problems);
    match present(object, "period_keys") {
        None => {}
        Some(Value::Array(keys)) => {
            if keys.len() > MAX_PERIOD_KEYS {
                problems.push(FieldError::new(
                    "period_keys",
                    format!("must list at most {MAX_PERIOD_KEYS} periods, got {}", keys.len()),
                ));
            }
            for (index, key) in keys.iter().enumerate() {
                let path = format!("period_keys[{index}]");
                match key {
                    Value::String(text) => {
                        if let Some(problem) = slug_problem(text) {
                            problems.push(FieldError::new(path, problem));
                        }
                    }
                    other => {
                        problems.push(FieldError::new(path, format!("must be a period key, got {}", describe(other))))
                    }
                }
            }
        }
        Some(other) => problems
            .push(FieldError::new("period_keys", format!("must be a list of period keys, got {}", describe(other)))),
    }
    match present(object, "custom_periods") {
        None => {}
        Some(Value::Array(periods)) => {
            if periods.len() > MAX_CUSTOM_PERIODS {
                problems.push(FieldError::new(
                    "custom_periods",
                    format!("must list at most {MAX_CUSTOM_PERIODS} periods, got {}", periods.len()),
                ));
            }
            for (index, period) in periods.iter().enumerate() {
                custom_period_problems(&format!("custom_periods[{index}]"), period, &mut problems);
            }
        }
        Some(other) => problems
            .push(FieldError::new("custom_periods", format!("must be a list of periods, got {}", describe(other)))),
    }
    unknown(object, &known, "", &mut problems);
    problems
}

fn custom_period_problems(path: &str, value: &Value, problems: &mut Vec<FieldError>) {
    let Value::Object(object) = value else {
        problems.push(FieldError::new(path, format!("must be an object, got {}", describe(value))));
        return;
    };
    let at = |name: &str| format!("{path}.{name}");
    text(object, "label", 200, path, problems);
    text(object, "citation", 300, path, problems);
    choice(object, "unit", PeriodUnit::NAMES, true, path, problems);
    choice(object, "direction", Direction::NAMES, true, path, problems);
    let most = match object.get("unit").and_then(Value::as_str) {
        Some("hours") => MAX_HOURS,
        _ => MAX_DAYS,
    };
    match present(object, "amount") {
        None => problems.push(FieldError::new(at("amount"), "is required")),
        Some(Value::Number(number)) => match number.as_u64() {
            Some(amount) if (1..=most).contains(&amount) => {}
            _ => problems
                .push(FieldError::new(at("amount"), format!("must be a whole number from 1 to {most}, got {number}"))),
        },
        Some(other) => {
            problems.push(FieldError::new(at("amount"), format!("must be a whole number, got {}", describe(other))))
        }
    }
    // Not an Option in the model: `null` is no answer here (false is the default).
    match object.get("runs_from_service") {
        None | Some(Value::Bool(_)) => {}
        Some(other) => problems
            .push(FieldError::new(at("runs_from_service"), format!("must be true or false, got {}", describe(other)))),
    }
    if matches!(object.get("runs_from_service"), Some(Value::Bool(true)))
        && object.get("direction").and_then(Value::as_str) == Some("before")
    {
        problems.push(FieldError::new(at("runs_from_service"), FROM_SERVICE_AFTER_ONLY));
    }
    unknown(object, &["label", "amount", "unit", "direction", "runs_from_service", "citation"], path, problems);
}

/// A field's value, `None` when it is absent or `null`.
fn present<'a>(object: &'a Map<String, Value>, name: &str) -> Option<&'a Value> {
    object.get(name).filter(|value| !value.is_null())
}

fn slug(object: &Map<String, Value>, name: &str, required: bool, problems: &mut Vec<FieldError>) {
    match present(object, name) {
        None if required => problems.push(FieldError::new(name, "is required")),
        None => {}
        Some(Value::String(text)) => {
            if let Some(problem) = slug_problem(text) {
                problems.push(FieldError::new(name, problem));
            }
        }
        Some(other) => problems.push(FieldError::new(name, format!("must be a string, got {}", describe(other)))),
    }
}

fn choice(
    object: &Map<String, Value>,
    name: &str,
    allowed: &[&str],
    required: bool,
    prefix: &str,
    problems: &mut Vec<FieldError>,
) {
    let path = join(prefix, name);
    match present(object, name) {
        None if required => problems.push(FieldError::new(path, "is required")),
        None => {}
        Some(Value::String(text)) if allowed.contains(&text.as_str()) => {}
        Some(Value::String(text)) => {
            problems.push(FieldError::new(path, format!("must be one of {}, got `{text}`", allowed.join(", "))))
        }
        Some(other) => problems
            .push(FieldError::new(path, format!("must be one of {}, got {}", allowed.join(", "), describe(other)))),
    }
}

fn text(object: &Map<String, Value>, name: &str, most: usize, prefix: &str, problems: &mut Vec<FieldError>) {
    let path = join(prefix, name);
    match present(object, name) {
        None => problems.push(FieldError::new(path, "is required")),
        Some(Value::String(text)) if text.trim().is_empty() => {
            problems.push(FieldError::new(path, "must not be empty"))
        }
        Some(Value::String(text)) if text.chars().count() > most => {
            problems.push(FieldError::new(path, format!("must be at most {most} characters")))
        }
        // It is printed in answers and calendars (RFC 5545 forbids control characters in
        // text), on one line.
        Some(Value::String(text)) if text.chars().any(char::is_control) => {
            problems.push(FieldError::new(path, "must be one line without control characters"))
        }
        Some(Value::String(_)) => {}
        Some(other) => problems.push(FieldError::new(path, format!("must be a string, got {}", describe(other)))),
    }
}

fn unknown(object: &Map<String, Value>, known: &[&str], prefix: &str, problems: &mut Vec<FieldError>) {
    let mut names: Vec<&String> = object.keys().filter(|name| !known.contains(&name.as_str())).collect();
    crate::sort::sort_by(&mut names, |a, b| a.cmp(b));
    for name in names {
        problems.push(FieldError::new(join(prefix, name), "is not a known field"));
    }
}

fn date_problem(text: &str) -> Option<String> {
    match Date::parse(text) {
        None if Date::fields(text).is_some() => {
            Some(format!("must be a real day: `{text}` is written YYYY-MM-DD but no such day exists"))
        }
        None => Some(format!("must be a date YYYY-MM-DD, got `{text}`")),
        // The lower bound is the rules' (`request_against_rules`), said with its reason.
        Some(date) if date.year > LAST_EVENT_YEAR => {
            Some(format!("must be in the year {LAST_EVENT_YEAR} or earlier, got `{text}`"))
        }
        Some(_) => None,
    }
}

/// `HH:MM` as minutes after midnight.
pub fn minutes(text: &str) -> Option<u32> {
    let bytes = text.as_bytes();
    if bytes.len() != 5 || bytes[2] != b':' || !text[..2].bytes().chain(text[3..].bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (hours, minutes): (u32, u32) = (text[..2].parse().ok()?, text[3..].parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

/// Problems a request has only against the district's rules: a period key it does not
/// have (or that runs from another event), an hour period without the event's time.
pub fn request_against_rules(rules: &TimeRules, request: &DeadlineRequest) -> Vec<FieldError> {
    let mut problems = Vec::new();
    // Today's text of Rule 6 counts an earlier event wrongly (until 1 December 2016,
    // Rule 6(d) also added 3 days after electronic service): refused, not answered.
    // Before 1971 too: the legal holidays of earlier years are not encoded.
    if let Some(event) = Date::parse(&request.trigger_date) {
        let problem = match super::counted_since(rules) {
            Some((since, text)) if event < since => Some(format!(
                "must be on or after {since}, the day {} took the text applied here: an earlier event was counted under an earlier text",
                text.citation
            )),
            _ if event.year < FIRST_YEAR => {
                Some(format!("must be in {FIRST_YEAR} or later: the legal holidays of earlier years are not encoded"))
            }
            _ => None,
        };
        if let Some(problem) = problem {
            problems.push(FieldError::new("trigger_date", problem));
        }
    }
    let judge = request.judge_slug.as_deref().unwrap_or(crate::model::COURT_JUDGE_SLUG);
    let in_force = super::before_the_judge(rules, judge);
    for (index, key) in request.period_keys.iter().flatten().enumerate() {
        let path = || format!("period_keys[{index}]");
        match rules.periods.iter().find(|period| &period.period_key == key) {
            None => problems
                .push(FieldError::new(path(), format!("`{key}` is not a period of the {} rules", rules.district_id))),
            Some(period) if period.trigger != request.trigger => problems.push(FieldError::new(
                path(),
                format!("`{key}` runs from {}, not from {}", period.trigger.as_str(), request.trigger.as_str()),
            )),
            Some(_) => {
                if let Some(by) = super::replaced_by(&in_force, key) {
                    problems.push(FieldError::new(
                        path(),
                        format!("`{key}` is replaced here by `{}` ({})", by.period_key, by.citation),
                    ));
                }
            }
        }
    }
    let hours_without_time = request.trigger_time.is_none()
        && (super::applicable(rules, request, judge).iter().any(|period| period.unit == PeriodUnit::Hours)
            || request.custom_periods.iter().flatten().any(|period| period.unit == PeriodUnit::Hours));
    if hours_without_time {
        problems.push(FieldError::new("trigger_time", "is required for a period in hours (HH:MM, court time)"));
    }
    problems
}

/// Every problem of a time-rules document.
pub fn validate_time_rules(rules: &TimeRules) -> Vec<FieldError> {
    let mut problems = Vec::new();
    if rules.format_version != crate::model::TIME_RULES_FORMAT_VERSION {
        problems.push(FieldError::new(
            "format_version",
            format!(
                "this engine reads format {}, got {}",
                crate::model::TIME_RULES_FORMAT_VERSION,
                rules.format_version
            ),
        ));
    }
    if let Some(problem) = slug_problem(&rules.district_id) {
        problems.push(FieldError::new("district_id", problem));
    }
    for (index, text) in rules.computation.iter().enumerate() {
        if text.citation.trim().is_empty() || text.source_url.trim().is_empty() || text.source_text.trim().is_empty() {
            problems
                .push(FieldError::new(format!("computation[{index}]"), "needs its citation, quoted text and source"));
        }
        if let Some(problem) = text.in_force_from.as_deref().and_then(date_problem) {
            problems.push(FieldError::new(format!("computation[{index}].in_force_from"), problem));
        }
    }
    let mut keys = std::collections::BTreeSet::new();
    for (index, period) in rules.periods.iter().enumerate() {
        let path = format!("periods[{index}]");
        if let Some(problem) = slug_problem(&period.period_key) {
            problems.push(FieldError::new(format!("{path}.period_key"), problem));
        }
        if !keys.insert(period.period_key.as_str()) {
            problems.push(FieldError::new(
                format!("{path}.period_key"),
                format!("`{}` appears more than once", period.period_key),
            ));
        }
        let most = if period.unit == PeriodUnit::Hours { MAX_HOURS } else { MAX_DAYS };
        if !(1..=most).contains(&u64::from(period.amount)) {
            problems.push(FieldError::new(format!("{path}.amount"), format!("must be from 1 to {most}")));
        }
        if (period.layer == PeriodLayer::StandingOrder) != period.judge_slug.is_some() {
            problems.push(FieldError::new(
                format!("{path}.judge_slug"),
                "is given for, and only for, a standing order's period",
            ));
        }
        if period.runs_from_service && period.direction == Direction::Before {
            problems.push(FieldError::new(format!("{path}.runs_from_service"), FROM_SERVICE_AFTER_ONLY));
        }
        if period.layer == PeriodLayer::Request {
            problems.push(FieldError::new(format!("{path}.layer"), "`request` is for a request's own periods"));
        }
        for (name, value) in [
            ("citation", &period.citation),
            ("summary", &period.summary),
            ("source_text", &period.source_text),
            ("source_url", &period.source_url),
        ] {
            if value.trim().is_empty() {
                problems.push(FieldError::new(format!("{path}.{name}"), "must not be empty"));
            }
        }
    }
    for (index, period) in rules.periods.iter().enumerate() {
        for replaced in &period.replaces {
            if !keys.contains(replaced.as_str()) {
                problems.push(FieldError::new(
                    format!("periods[{index}].replaces"),
                    format!("`{replaced}` is not a period"),
                ));
            }
        }
    }
    if let Some(state) = &rules.state_holidays {
        for (index, holiday) in state.holidays.iter().enumerate() {
            let valid = match &holiday.rule {
                HolidayRule::Fixed { month, day } => Date::new(2000, *month, *day).is_some(),
                HolidayRule::NthWeekday { month, nth, offset_days, .. } => {
                    (1..=12).contains(month) && (1..=5).contains(nth) && offset_days.abs() <= 7
                }
                HolidayRule::LastWeekday { month, .. } => (1..=12).contains(month),
                HolidayRule::ElectionDay { .. } => true,
            };
            if !valid {
                problems.push(FieldError::new(
                    format!("state_holidays.holidays[{index}].rule"),
                    "names no day of the year",
                ));
            }
        }
    }
    for (index, closure) in rules.closures.iter().enumerate() {
        if Date::parse(&closure.date).is_none() {
            problems.push(FieldError::new(format!("closures[{index}].date"), "must be a date YYYY-MM-DD"));
        }
    }
    limit(problems)
}
