//! Deadlines: Fed. R. Civ. P. 6 time computation over a district's time rules, each
//! deadline with the trail of its computation.
//!
//! - `days`: which days a period may end on (Rule 6(a)(1)(C), 6(a)(3), 6(a)(6)).
//! - `compute`: one period from one event, step by step (Rule 6(a)(1)–(5), 6(d)).
//! - `validate`: every problem of a request or a time-rules document, by path.
//!
//! The periods, the state's holidays, the closures and the quoted paragraphs are data
//! (`model::TimeRules`); only the rule of computation is code.

mod compute;
pub mod days;
mod validate;

pub use compute::clock;
pub use validate::{parse_deadline_request, validate_time_rules};

use crate::calendar::Date;
use crate::error::EngineError;
use crate::model::FieldError;
use crate::model::{
    COURT_JUDGE_SLUG, Deadline, DeadlineMeta, DeadlineRequest, DeadlineResponse, Direction, Period, PeriodLayer,
    PeriodUnit, ServiceMethod, TimeRules,
};
use compute::{Citations, Count, Event};
use days::Days;

/// The deadlines that follow the request's event, earliest first.
pub fn deadlines(rules: &TimeRules, request: &DeadlineRequest) -> Result<DeadlineResponse, EngineError> {
    if request.district_id != rules.district_id {
        return Err(EngineError::DistrictMismatch {
            profile_district: rules.district_id.clone(),
            requested_district: request.district_id.clone(),
        });
    }
    let problems = validate::request_against_rules(rules, request);
    if !problems.is_empty() {
        return Err(EngineError::InvalidRequest { details: problems });
    }
    let judge = request.judge_slug.clone().unwrap_or_else(|| COURT_JUDGE_SLUG.to_owned());
    let service = request.service_method.unwrap_or(ServiceMethod::Electronic);
    let date = Date::parse(&request.trigger_date)
        .ok_or_else(|| EngineError::InvalidInput { message: "trigger_date is not a date".to_owned() })?;
    let event = Event { date, minute: request.trigger_time.as_deref().and_then(validate::minutes), service };
    let days = Days::new(rules);
    let citations = Citations(&rules.computation);

    // The rules' periods, then the request's own, each with the first step of its trail.
    let mut asked: Vec<Asked> = applicable(rules, request, &judge)
        .into_iter()
        .map(|period| Asked {
            period_key: period.period_key.clone(),
            label: &period.label,
            layer: period.layer,
            citation: &period.citation,
            source_url: Some(&period.source_url),
            amount: period.amount,
            unit: period.unit,
            direction: period.direction,
            runs_from_service: period.runs_from_service,
            explanation: format!(
                "{}: {}",
                in_words(period.amount, period.unit, period.direction, request),
                period.summary
            ),
        })
        .collect();
    for (index, custom) in request.custom_periods.iter().flatten().enumerate() {
        asked.push(Asked {
            period_key: format!("custom-{}", index + 1),
            label: &custom.label,
            layer: PeriodLayer::Request,
            citation: &custom.citation,
            source_url: None,
            amount: custom.amount,
            unit: custom.unit,
            direction: custom.direction,
            runs_from_service: custom.runs_from_service,
            explanation: format!(
                "{}, as set by {}.",
                in_words(custom.amount, custom.unit, custom.direction, request),
                custom.citation
            ),
        });
    }
    let mut answers: Vec<(usize, Deadline)> = asked
        .into_iter()
        .enumerate()
        .map(|(position, asked)| {
            let count = Count {
                amount: asked.amount,
                unit: asked.unit,
                direction: asked.direction,
                runs_from_service: asked.runs_from_service,
                event: request.trigger.in_words(),
            };
            let outcome = compute::compute(&days, &citations, &count, &event);
            let mut trail = vec![period_step(asked.explanation, asked.citation, asked.source_url)];
            trail.extend(outcome.trail);
            let deadline = Deadline {
                period_key: asked.period_key,
                label: asked.label.to_owned(),
                layer: asked.layer,
                citation: asked.citation.to_owned(),
                source_url: asked.source_url.map(str::to_owned),
                amount: asked.amount,
                unit: asked.unit,
                direction: asked.direction,
                due_date: outcome.date.to_string(),
                due_time: outcome.minute.map(clock),
                trail,
            };
            (position, deadline)
        })
        .collect();
    // A period counted back past 1971 ends in a year whose legal holidays are not
    // encoded (the calendar starts with the Uniform Monday Holiday Act): its day would
    // be computed as if that year had none. Said, rather than answered wrongly.
    let before_calendar: Vec<FieldError> = answers
        .iter()
        .filter(|(_, deadline)| {
            Date::parse(&deadline.due_date).is_some_and(|due| due.year < crate::calendar::FIRST_YEAR)
        })
        .map(|(_, deadline)| {
            FieldError::new(
                "trigger_date",
                format!(
                    "`{}` would end on {}, before {}: the legal holidays of earlier years are not encoded, so its \
                     last day cannot be computed (leave it out with period_keys, or give a later event)",
                    deadline.period_key,
                    deadline.due_date,
                    crate::calendar::FIRST_YEAR
                ),
            )
        })
        .collect();
    if !before_calendar.is_empty() {
        return Err(EngineError::InvalidRequest { details: before_calendar });
    }
    // Earliest first, a day period ending with its day (24:00); ties in the document's
    // order (national, local, standing order, then the request's own).
    crate::sort::sort_by(&mut answers, |(a_position, a), (b_position, b)| {
        (ends(a), a_position).cmp(&(ends(b), b_position))
    });

    let mut notes = Vec::new();
    if rules.state_holidays.is_none() {
        notes.push(
            "The legal holidays of the state where the court sits are not encoded for this district: a period measured after an event that ends on such a day may run one day longer than shown (Rule 6(a)(6)(C))."
                .to_owned(),
        );
    }
    if answers.is_empty() {
        notes.push(if request.period_keys.as_ref().is_some_and(Vec::is_empty) {
            "period_keys is empty, so no period of these rules was asked for.".to_owned()
        } else {
            format!(
                "No period of these rules is counted from this event ({}); give the court's own period as custom_periods.",
                request.trigger.in_words()
            )
        });
    }
    // What the time rules say of themselves: a local period that is not encoded, say.
    notes.extend(rules.notes.iter().cloned());
    notes.push(
        "A court order, a statute or a later rule amendment can set a different time; check the docket.".to_owned(),
    );
    Ok(DeadlineResponse {
        district_id: request.district_id.clone(),
        judge_slug: judge,
        trigger: request.trigger,
        trigger_date: request.trigger_date.clone(),
        trigger_time: request.trigger_time.clone(),
        service_method: service,
        deadlines: answers.into_iter().map(|(_, deadline)| deadline).collect(),
        meta: DeadlineMeta {
            engine_version: crate::ENGINE_VERSION.to_owned(),
            rules_version: rules.rules_version.clone(),
            state_holidays: rules
                .state_holidays
                .as_ref()
                .map(|state| format!("{} ({}, as of {})", state.name, state.citation, state.as_of)),
            notes,
        },
    })
}

/// The periods that run from the request's event for this judge, after later layers
/// displaced what they replace, in document order; only `period_keys` when given.
pub fn applicable<'a>(rules: &'a TimeRules, request: &DeadlineRequest, judge: &str) -> Vec<&'a Period> {
    let in_force = before_the_judge(rules, judge);
    in_force
        .iter()
        .copied()
        .filter(|period| period.trigger == request.trigger && replaced_by(&in_force, &period.period_key).is_none())
        .filter(|period| request.period_keys.as_ref().is_none_or(|keys| keys.contains(&period.period_key)))
        .collect()
}

/// The periods before `judge`: the national and local ones, and that judge's standing
/// order's (replaced ones included).
fn before_the_judge<'a>(rules: &'a TimeRules, judge: &str) -> Vec<&'a Period> {
    rules
        .periods
        .iter()
        .filter(|period| period.layer != PeriodLayer::StandingOrder || period.judge_slug.as_deref() == Some(judge))
        .collect()
}

/// The period of `in_force` that replaces `period_key` (a local rule's own period in
/// place of the national one), if one does.
fn replaced_by<'a>(in_force: &[&'a Period], period_key: &str) -> Option<&'a Period> {
    in_force.iter().copied().find(|period| period.replaces.iter().any(|key| key == period_key))
}

/// The earliest day of an event these rules count deadlines from (YYYY-MM-DD): the day
/// the computation rule's text took effect, or the first day of the holiday calendar.
/// A date picker's lower bound; an earlier event is refused at `trigger_date`.
pub fn earliest_event_date(rules: &TimeRules) -> String {
    let first = Date::new(crate::calendar::FIRST_YEAR, 1, 1).expect("1 January of the first year is a day");
    counted_since(rules).map_or(first, |(since, _)| since.max(first)).to_string()
}

/// The first day an event may be counted under the quoted computation rule: the latest
/// day one of its paragraphs took effect (`RuleText::in_force_from`), with that paragraph.
fn counted_since(rules: &TimeRules) -> Option<(Date, &crate::model::RuleText)> {
    rules
        .computation
        .iter()
        .filter_map(|text| Some((Date::parse(text.in_force_from.as_deref()?)?, text)))
        .max_by(|(a, _), (b, _)| a.cmp(b))
}

/// The first step of a trail: the period and what sets it.
fn period_step(explanation: String, citation: &str, source_url: Option<&str>) -> crate::model::Step {
    crate::model::Step {
        step: crate::model::StepKind::Period,
        date: None,
        time: None,
        reason: None,
        holiday: None,
        explanation,
        citation: citation.to_owned(),
        source_url: source_url.map(str::to_owned),
    }
}

/// One period asked for: a rule's, or the request's own.
struct Asked<'a> {
    period_key: String,
    label: &'a str,
    layer: PeriodLayer,
    citation: &'a str,
    source_url: Option<&'a str>,
    amount: u32,
    unit: PeriodUnit,
    direction: Direction,
    runs_from_service: bool,
    /// The first step's explanation.
    explanation: String,
}

/// "14 days after entry of judgment".
fn in_words(amount: u32, unit: PeriodUnit, direction: Direction, request: &DeadlineRequest) -> String {
    let unit = match (unit, amount) {
        (PeriodUnit::Days, 1) => "day",
        (PeriodUnit::Days, _) => "days",
        (PeriodUnit::Hours, 1) => "hour",
        (PeriodUnit::Hours, _) => "hours",
    };
    format!("{amount} {unit} {} {}", direction.as_str(), request.trigger.in_words())
}

#[cfg(test)]
mod tests;

/// When a deadline ends: its day, and its time (a period in days ends with its day).
fn ends(deadline: &Deadline) -> (&str, &str) {
    (&deadline.due_date, deadline.due_time.as_deref().unwrap_or("24:00"))
}
