//! Worked examples of Rule 6 as golden cases, each with the steps of its trail. The
//! fixture's periods and texts are test data (the shipped time rules are checked by the
//! host's tests and the differential test).

use super::*;
use crate::model::{
    ClosureKind, CustomPeriod, Direction, ElectionYears, HolidayRule, ObservanceRule, OfficeClosure, PeriodUnit,
    RuleText, SkipReason, StateHoliday, StateHolidays, StepKind, Trigger,
};

fn period(key: &str, trigger: Trigger, amount: u32, direction: Direction, from_service: bool) -> Period {
    Period {
        period_key: key.into(),
        layer: PeriodLayer::National,
        judge_slug: None,
        label: format!("{key} (test data)"),
        trigger,
        amount,
        unit: PeriodUnit::Days,
        direction,
        runs_from_service: from_service,
        replaces: Vec::new(),
        citation: format!("Test Rule {key}"),
        summary: "test data".into(),
        source_text: "test data".into(),
        source_url: "https://rules.example/test".into(),
        notes: None,
    }
}

fn fixture() -> TimeRules {
    let paragraph = |p: &str| RuleText {
        paragraph: p.into(),
        citation: format!("Fed. R. Civ. P. {p}"),
        source_text: "(test fixture)".into(),
        source_url: "https://rules.example/frcp-6".into(),
        in_force_from: None,
    };
    TimeRules {
        format_version: 1,
        district_id: "test".into(),
        rules_version: "test".into(),
        computation: ["6(a)(1)", "6(a)(2)", "6(a)(3)", "6(a)(4)", "6(a)(5)", "6(a)(6)", "6(d)"].map(paragraph).to_vec(),
        periods: vec![
            period("answer", Trigger::ServiceOfSummons, 21, Direction::After, true),
            period("reply", Trigger::ServiceOfOpposition, 14, Direction::After, true),
            period("judgment", Trigger::EntryOfJudgment, 14, Direction::After, false),
            period("notice", Trigger::Hearing, 14, Direction::Before, false),
        ],
        state_holidays: Some(StateHolidays {
            state: "NY".into(),
            name: "New York".into(),
            citation: "Test State Law § 24 (test data)".into(),
            source_url: "https://state.example/24".into(),
            as_of: "2026-11-24".into(),
            holidays: vec![
                StateHoliday {
                    name: "Lincoln's Birthday".into(),
                    rule: HolidayRule::Fixed { month: 2, day: 12 },
                    from_year: None,
                },
                StateHoliday {
                    name: "General Election Day".into(),
                    rule: HolidayRule::ElectionDay { years: ElectionYears::Every },
                    from_year: None,
                },
            ],
            sunday_rule: ObservanceRule::NextMonday,
            saturday_rule: ObservanceRule::None,
        }),
        closures: vec![OfficeClosure {
            date: "2026-03-16".into(),
            name: "Clerk's office closed (test data)".into(),
            kind: ClosureKind::CourtClosure,
            authority: "Test order".into(),
            source_url: "https://court.example/closure".into(),
        }],
        notes: Vec::new(),
    }
}

fn request(trigger: Trigger, date: &str) -> DeadlineRequest {
    DeadlineRequest {
        district_id: "test".into(),
        judge_slug: None,
        trigger,
        trigger_date: date.into(),
        trigger_time: None,
        service_method: None,
        period_keys: None,
        custom_periods: None,
    }
}

fn only(response: DeadlineResponse) -> Deadline {
    assert_eq!(response.deadlines.len(), 1, "{:?}", response.deadlines);
    response.deadlines.into_iter().next().unwrap()
}

/// The trail as (step, date, reason, citation), the parts a golden case pins.
fn steps(deadline: &Deadline) -> Vec<(StepKind, Option<&str>, Option<SkipReason>, &str)> {
    deadline.trail.iter().map(|step| (step.step, step.date.as_deref(), step.reason, step.citation.as_str())).collect()
}

#[test]
fn a_period_ending_on_a_saturday_runs_to_monday() {
    let deadline = only(deadlines(&fixture(), &request(Trigger::ServiceOfSummons, "2026-01-31")).unwrap());
    assert_eq!(deadline.due_date, "2026-02-23");
    assert_eq!(
        steps(&deadline),
        [
            (StepKind::Period, None, None, "Test Rule answer"),
            (StepKind::ExcludeEventDay, Some("2026-01-31"), None, "Fed. R. Civ. P. 6(a)(1)(A)"),
            (StepKind::Count, Some("2026-02-21"), None, "Fed. R. Civ. P. 6(a)(1)(B)"),
            (StepKind::Skip, Some("2026-02-21"), Some(SkipReason::Saturday), "Fed. R. Civ. P. 6(a)(1)(C)"),
            (StepKind::Skip, Some("2026-02-22"), Some(SkipReason::Sunday), "Fed. R. Civ. P. 6(a)(1)(C)"),
            (StepKind::NoServiceDays, None, None, "Fed. R. Civ. P. 6(d)"),
            (StepKind::LastDay, Some("2026-02-23"), None, "Fed. R. Civ. P. 6(a)(4)"),
        ]
    );
}

#[test]
fn a_sunday_before_a_monday_holiday_runs_to_tuesday() {
    let deadline = only(deadlines(&fixture(), &request(Trigger::ServiceOfSummons, "2025-12-28")).unwrap());
    assert_eq!(deadline.due_date, "2026-01-20");
    let skipped: Vec<_> = deadline.trail.iter().filter(|step| step.step == StepKind::Skip).collect();
    assert_eq!(skipped[0].reason, Some(SkipReason::Sunday));
    assert_eq!(skipped[1].reason, Some(SkipReason::FederalHoliday));
    assert_eq!(skipped[1].holiday.as_deref(), Some("Birthday of Martin Luther King, Jr."));
    assert_eq!(skipped[1].citation, "Fed. R. Civ. P. 6(a)(6)(A)");
}

#[test]
fn new_years_day_observed_on_31_december_is_a_legal_holiday() {
    // 1 January 2022 was a Saturday, observed on Friday 31 December 2021.
    let deadline = only(deadlines(&fixture(), &request(Trigger::EntryOfJudgment, "2021-12-17")).unwrap());
    assert_eq!(deadline.due_date, "2022-01-03");
    let skipped: Vec<_> = deadline.trail.iter().filter(|step| step.step == StepKind::Skip).collect();
    assert_eq!(skipped[0].date.as_deref(), Some("2021-12-31"));
    assert_eq!(skipped[0].holiday.as_deref(), Some("New Year's Day (observed)"));
    assert_eq!(
        skipped.iter().map(|step| step.reason.unwrap()).collect::<Vec<_>>(),
        [SkipReason::FederalHoliday, SkipReason::Saturday, SkipReason::Sunday]
    );
}

#[test]
fn a_state_holiday_counts_forward_but_not_backward() {
    // Forward: 14 days after entry of judgment on 29 January 2026 is Lincoln's Birthday.
    let forward = only(deadlines(&fixture(), &request(Trigger::EntryOfJudgment, "2026-01-29")).unwrap());
    assert_eq!(forward.due_date, "2026-02-13");
    let skip = forward.trail.iter().find(|step| step.step == StepKind::Skip).unwrap();
    assert_eq!((skip.reason, skip.citation.as_str()), (Some(SkipReason::StateHoliday), "Fed. R. Civ. P. 6(a)(6)(C)"));
    // Backward: 14 days before a hearing on 26 February 2026 is the same day, which Rule
    // 6(a)(6)(C) does not make a legal holiday for a period measured before an event.
    let backward = only(deadlines(&fixture(), &request(Trigger::Hearing, "2026-02-26")).unwrap());
    assert_eq!(backward.due_date, "2026-02-12");
    assert!(backward.trail.iter().all(|step| step.step != StepKind::Skip));
}

#[test]
fn a_state_holiday_counts_only_from_the_year_its_statute_declares_it() {
    // A statute that added Lincoln's Birthday in 2027: a period ending on it in 2026 is
    // not extended (a holiday applied to years before it existed gives a late date).
    let mut rules = fixture();
    rules.state_holidays.as_mut().unwrap().holidays[0].from_year = Some(2027);
    let before = only(deadlines(&rules, &request(Trigger::EntryOfJudgment, "2026-01-29")).unwrap());
    assert_eq!(before.due_date, "2026-02-12");
    assert!(before.trail.iter().all(|step| step.step != StepKind::Skip));
    // 14 days after 29 January 2027 is Friday 12 February: then the weekend, and Monday
    // 15 February is Washington's Birthday.
    let from = only(deadlines(&rules, &request(Trigger::EntryOfJudgment, "2027-01-29")).unwrap());
    assert_eq!(from.due_date, "2027-02-16");
}

#[test]
fn counting_backward_the_next_day_is_the_day_before() {
    // 14 days before a hearing on Monday 2 March 2026 is Monday 16 February, Washington's
    // Birthday: the period runs back to Friday 13 February.
    let deadline = only(deadlines(&fixture(), &request(Trigger::Hearing, "2026-03-02")).unwrap());
    assert_eq!(deadline.due_date, "2026-02-13");
    let skipped: Vec<_> = deadline.trail.iter().filter(|step| step.step == StepKind::Skip).collect();
    assert_eq!(
        skipped.iter().map(|step| step.date.as_deref().unwrap()).collect::<Vec<_>>(),
        ["2026-02-16", "2026-02-15", "2026-02-14"]
    );
    assert!(skipped[0].explanation.contains("6(a)(5)"), "{}", skipped[0].explanation);
}

#[test]
fn a_period_counted_back_before_1971_is_refused_not_computed_without_holidays() {
    // 14 days before a hearing on 4 January 1971 is 21 December 1970: a year whose
    // holidays (Christmas on the 25th) the calendar does not know.
    let error = deadlines(&fixture(), &request(Trigger::Hearing, "1971-01-04")).unwrap_err();
    let EngineError::InvalidRequest { details } = error else { panic!("{error:?}") };
    assert_eq!(details.len(), 1, "{details:?}");
    assert_eq!(details[0].path, "trigger_date");
    assert!(details[0].message.contains("1970-12-21") && details[0].message.contains("before 1971"), "{details:?}");
    // Within the calendar, the same period is answered.
    assert!(deadlines(&fixture(), &request(Trigger::Hearing, "1971-01-20")).is_ok());
}

#[test]
fn a_clerks_office_closure_on_the_last_day_extends_the_time() {
    let deadline = only(deadlines(&fixture(), &request(Trigger::EntryOfJudgment, "2026-03-02")).unwrap());
    assert_eq!(deadline.due_date, "2026-03-17");
    let closed = deadline.trail.iter().find(|step| step.step == StepKind::Inaccessible).unwrap();
    assert_eq!(closed.date.as_deref(), Some("2026-03-16"));
    assert_eq!(closed.citation, "Fed. R. Civ. P. 6(a)(3)(A)");
    assert_eq!(closed.source_url.as_deref(), Some("https://court.example/closure"));
}

#[test]
fn a_closure_on_the_last_day_of_a_period_counted_back_moves_it_earlier_and_says_so() {
    // 14 days before a hearing on Monday 30 March 2026 is Monday 16 March, the closure:
    // counting backward, the period ends on Friday 13 March, and the step says so rather
    // than that the time is "extended".
    let deadline = only(deadlines(&fixture(), &request(Trigger::Hearing, "2026-03-30")).unwrap());
    assert_eq!(deadline.due_date, "2026-03-13");
    let closed = deadline.trail.iter().find(|step| step.step == StepKind::Inaccessible).unwrap();
    assert_eq!(closed.date.as_deref(), Some("2026-03-16"));
    assert!(
        closed.explanation.contains("counting backward, the period ends on the first accessible day"),
        "{}",
        closed.explanation
    );
    assert!(!closed.explanation.contains("extended"), "{}", closed.explanation);
    // Counted forward, the rule's own word.
    let forward = only(deadlines(&fixture(), &request(Trigger::EntryOfJudgment, "2026-03-02")).unwrap());
    let closed = forward.trail.iter().find(|step| step.step == StepKind::Inaccessible).unwrap();
    assert!(
        closed.explanation.contains("the time for filing is extended to the first accessible day"),
        "{}",
        closed.explanation
    );
}

#[test]
fn a_period_counted_before_its_event_cannot_run_from_service() {
    // Rule 6(d)'s days are for time after being served: asked for a period counted back,
    // the request is refused at the field, not counted without them in silence.
    let body = br#"{"district_id": "test", "trigger": "hearing", "trigger_date": "2026-03-02",
        "custom_periods": [{"label": "Papers", "amount": 7, "unit": "days", "direction": "before",
        "runs_from_service": true, "citation": "Order"}]}"#;
    let problems = parse_deadline_request(body).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, "custom_periods[0].runs_from_service");
    assert!(problems[0].message.contains("counted after its event (Rule 6(d))"), "{problems:?}");
    let after = String::from_utf8_lossy(body).replace("\"before\"", "\"after\"");
    assert!(parse_deadline_request(after.as_bytes()).is_ok());
    // In the time rules, the data's mistake.
    let mut rules = fixture();
    rules.periods[3].runs_from_service = true;
    let problems = crate::deadlines::validate_time_rules(&rules);
    assert_eq!(problems.iter().map(|p| p.path.as_str()).collect::<Vec<_>>(), ["periods[3].runs_from_service"]);
}

#[test]
fn an_event_outside_the_calendar_is_told_its_real_bound() {
    // After 9000: the calendar's end, said as that (not as a range starting in 1971).
    let late =
        parse_deadline_request(br#"{"district_id": "test", "trigger": "hearing", "trigger_date": "9001-01-02"}"#);
    assert_eq!(late.unwrap_err()[0].message, "must be in the year 9000 or earlier, got `9001-01-02`");
    // Before 1971 under rules with no date of effect: the holiday calendar's first year.
    let early = deadlines(&fixture(), &request(Trigger::EntryOfJudgment, "1960-06-01")).unwrap_err();
    let EngineError::InvalidRequest { details } = early else { panic!("{early:?}") };
    assert_eq!(details.len(), 1, "{details:?}");
    assert_eq!(details[0].message, "must be in 1971 or later: the legal holidays of earlier years are not encoded");
    // Under rules whose text took effect later, that day alone, in one message.
    let mut rules = fixture();
    rules.computation.last_mut().unwrap().in_force_from = Some("2016-12-01".into());
    let early = deadlines(&rules, &request(Trigger::EntryOfJudgment, "1960-06-01")).unwrap_err();
    let EngineError::InvalidRequest { details } = early else { panic!("{early:?}") };
    assert_eq!(details.len(), 1, "{details:?}");
    assert!(details[0].message.starts_with("must be on or after 2016-12-01,"), "{details:?}");
}

#[test]
fn mail_service_adds_three_days_and_electronic_service_none() {
    let mut by_mail = request(Trigger::ServiceOfOpposition, "2026-03-04");
    by_mail.service_method = Some(ServiceMethod::Mail);
    let deadline = only(deadlines(&fixture(), &by_mail).unwrap());
    // 14 days: Wednesday 18 March; 3 added: Saturday 21 March; runs to Monday 23 March.
    assert_eq!(deadline.due_date, "2026-03-23");
    let added = deadline.trail.iter().find(|step| step.step == StepKind::AddServiceDays).unwrap();
    assert_eq!((added.date.as_deref(), added.citation.as_str()), (Some("2026-03-21"), "Fed. R. Civ. P. 6(d)"));

    let mut electronic = by_mail.clone();
    electronic.service_method = Some(ServiceMethod::Electronic);
    let deadline = only(deadlines(&fixture(), &electronic).unwrap());
    assert_eq!(deadline.due_date, "2026-03-18");
    assert!(deadline.trail.iter().any(|step| step.step == StepKind::NoServiceDays));
}

#[test]
fn hours_run_through_a_weekend_and_end_at_the_same_time_on_monday() {
    let mut asked = request(Trigger::EntryOfOrder, "2026-03-20");
    asked.trigger_time = Some("15:00".into());
    asked.custom_periods = Some(vec![CustomPeriod {
        label: "Response to the order to show cause".into(),
        amount: 48,
        unit: PeriodUnit::Hours,
        direction: Direction::After,
        runs_from_service: false,
        citation: "Order to show cause (test data)".into(),
    }]);
    let deadline = only(deadlines(&fixture(), &asked).unwrap());
    assert_eq!((deadline.due_date.as_str(), deadline.due_time.as_deref()), ("2026-03-23", Some("15:00")));
    assert_eq!(
        steps(&deadline)[1..],
        [
            (StepKind::ExcludeEventDay, Some("2026-03-20"), None, "Fed. R. Civ. P. 6(a)(2)(A)"),
            (StepKind::Count, Some("2026-03-22"), None, "Fed. R. Civ. P. 6(a)(2)(B)"),
            (StepKind::Skip, Some("2026-03-22"), Some(SkipReason::Sunday), "Fed. R. Civ. P. 6(a)(2)(C)"),
            (StepKind::LastDay, Some("2026-03-23"), None, "Fed. R. Civ. P. 6(a)(2)(C)"),
        ]
    );
    assert_eq!(deadline.layer, PeriodLayer::Request);
}

/// A period in `hours` after (or before) the event at `time` on `date`, asked alone.
fn hours(date: &str, time: &str, hours: u32, direction: Direction) -> Deadline {
    let mut asked = request(Trigger::EntryOfOrder, date);
    asked.trigger_time = Some(time.into());
    asked.custom_periods = Some(vec![CustomPeriod {
        label: "Hours (test data)".into(),
        amount: hours,
        unit: PeriodUnit::Hours,
        direction,
        runs_from_service: false,
        citation: "Order (test data)".into(),
    }]);
    only(deadlines(&fixture(), &asked).unwrap())
}

fn due(deadline: &Deadline) -> (&str, Option<&str>) {
    (deadline.due_date.as_str(), deadline.due_time.as_deref())
}

#[test]
fn every_hour_counts_once_when_the_clocks_change() {
    // Daylight saving time ended at 2:00 on Sunday 3 November 2024: 72 hours from Friday
    // 16:00 end at 15:00 on Monday by the clock, not 16:00 (an hour later than the rule).
    let fall = hours("2024-11-01", "16:00", 72, Direction::After);
    assert_eq!(due(&fall), ("2024-11-04", Some("15:00")));
    assert!(fall.trail[2].explanation.contains("the clocks changed within the period"), "{:?}", fall.trail[2]);
    // It began at 2:00 on Sunday 8 March 2026: 48 hours from Friday 15:00 end on Sunday at
    // 16:00, which runs to Monday at 16:00.
    assert_eq!(due(&hours("2026-03-06", "15:00", 48, Direction::After)), ("2026-03-09", Some("16:00")));
    // Counting back over the change: 72 hours before Monday 4 November 2024 at 9:00.
    assert_eq!(due(&hours("2024-11-04", "09:00", 72, Direction::Before)), ("2024-11-01", Some("10:00")));
    // No change within the period: the same time of day, and the trail says nothing of it.
    let plain = hours("2024-11-05", "16:00", 72, Direction::After);
    assert_eq!(due(&plain), ("2024-11-08", Some("16:00")));
    assert!(!plain.trail[2].explanation.contains("clocks"));
    // An event in the repeated hour is its first (the earlier end): 1:30 daylight time,
    // and 5 hours on it is 5:30 standard time (on a Sunday, so Monday at 5:30).
    assert_eq!(due(&hours("2024-11-03", "01:30", 5, Direction::After)), ("2024-11-04", Some("05:30")));
}

#[test]
fn an_hour_period_ending_at_midnight_ends_with_the_day_before() {
    // 36 hours from Tuesday noon run out as Wednesday ends: due Wednesday at 24:00, not
    // on Thursday.
    let wednesday = hours("2023-01-10", "12:00", 36, Direction::After);
    assert_eq!(due(&wednesday), ("2023-01-11", Some("24:00")));
    assert!(wednesday.trail.last().unwrap().explanation.contains("at midnight, at the end of this day"));
    // From Thursday noon they run out as Friday ends: not a Saturday, so nothing rolls.
    assert_eq!(due(&hours("2023-01-12", "12:00", 36, Direction::After)), ("2023-01-13", Some("24:00")));
}

#[test]
fn on_the_same_day_an_hour_deadline_comes_before_a_day_deadline() {
    let mut asked = request(Trigger::EntryOfOrder, "2023-01-10");
    asked.trigger_time = Some("09:00".into());
    let custom = |amount, unit| CustomPeriod {
        label: format!("{amount} {unit:?} (test data)"),
        amount,
        unit,
        direction: Direction::After,
        runs_from_service: false,
        citation: "Order (test data)".into(),
    };
    asked.custom_periods = Some(vec![custom(2, PeriodUnit::Days), custom(48, PeriodUnit::Hours)]);
    let answer = deadlines(&fixture(), &asked).unwrap();
    let order: Vec<_> = answer.deadlines.iter().map(|d| (d.unit, due(d))).collect();
    assert_eq!(order, [(PeriodUnit::Hours, ("2023-01-12", Some("09:00"))), (PeriodUnit::Days, ("2023-01-12", None))]);
}

#[test]
fn an_hour_period_needs_the_time_of_the_event() {
    let mut asked = request(Trigger::EntryOfOrder, "2026-03-06");
    asked.custom_periods = Some(vec![CustomPeriod {
        label: "x".into(),
        amount: 24,
        unit: PeriodUnit::Hours,
        direction: Direction::After,
        runs_from_service: false,
        citation: "Order (test data)".into(),
    }]);
    let error = deadlines(&fixture(), &asked).unwrap_err();
    assert!(
        matches!(error, EngineError::InvalidRequest { ref details } if details[0].path == "trigger_time"),
        "{error:?}"
    );
}

#[test]
fn a_later_layer_replaces_the_period_it_names() {
    let mut rules = fixture();
    let mut local = period("local-reply", Trigger::ServiceOfOpposition, 7, Direction::After, true);
    local.layer = PeriodLayer::Local;
    local.replaces = vec!["reply".into()];
    rules.periods.push(local);
    let deadline = only(deadlines(&rules, &request(Trigger::ServiceOfOpposition, "2026-03-02")).unwrap());
    assert_eq!((deadline.period_key.as_str(), deadline.due_date.as_str()), ("local-reply", "2026-03-09"));
}

#[test]
fn asking_for_a_replaced_period_names_the_period_in_its_place() {
    let mut rules = fixture();
    let mut local = period("local-reply", Trigger::ServiceOfOpposition, 7, Direction::After, true);
    local.layer = PeriodLayer::Local;
    local.citation = "Test L.R. 6.1".into();
    local.replaces = vec!["reply".into()];
    rules.periods.push(local);
    let mut asked = request(Trigger::ServiceOfOpposition, "2026-03-02");
    asked.period_keys = Some(vec!["reply".into()]);
    let EngineError::InvalidRequest { details } = deadlines(&rules, &asked).unwrap_err() else { panic!() };
    assert_eq!(details.len(), 1, "{details:?}");
    assert_eq!(details[0].path, "period_keys[0]");
    assert!(
        details[0].message.contains("is replaced here by `local-reply` (Test L.R. 6.1)"),
        "an empty answer said no period runs from the event: {}",
        details[0].message
    );
}

#[test]
fn an_event_before_the_computation_rule_took_effect_is_refused() {
    // Until 1 December 2016 Rule 6(d) also added 3 days after electronic service: an
    // event before the quoted text took effect would be counted under the wrong rule.
    let mut rules = fixture();
    rules.computation.last_mut().unwrap().in_force_from = Some("2016-12-01".into());
    let EngineError::InvalidRequest { details } =
        deadlines(&rules, &request(Trigger::ServiceOfOpposition, "2016-11-30")).unwrap_err()
    else {
        panic!()
    };
    assert_eq!(details.len(), 1, "{details:?}");
    assert_eq!(details[0].path, "trigger_date");
    assert!(
        details[0].message.contains("on or after 2016-12-01") && details[0].message.contains("Fed. R. Civ. P. 6(d)")
    );
    assert!(deadlines(&rules, &request(Trigger::ServiceOfOpposition, "2016-12-01")).is_ok());
    // A date that is not one is the data's mistake, named by `validate_time_rules`.
    rules.computation[0].in_force_from = Some("1 December 2016".into());
    let problems = crate::deadlines::validate_time_rules(&rules);
    assert_eq!(problems.iter().map(|p| p.path.as_str()).collect::<Vec<_>>(), ["computation[0].in_force_from"]);
}

#[test]
fn every_problem_of_a_request_is_named_by_path() {
    let body = br#"{"district_id": "Bad Id", "trigger": "lunch", "trigger_date": "2026-02-30",
        "trigger_time": "25:00", "service_method": "pigeon", "period_keys": [1],
        "custom_periods": [{"label": "", "amount": 0, "unit": "weeks", "direction": "after", "citation": "x", "extra": 1}],
        "surprise": true}"#;
    let problems = parse_deadline_request(body).unwrap_err();
    let paths: Vec<&str> = problems.iter().map(|problem| problem.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "district_id",
            "trigger",
            "trigger_date",
            "trigger_time",
            "service_method",
            "period_keys[0]",
            "custom_periods[0].label",
            "custom_periods[0].unit",
            "custom_periods[0].amount",
            "custom_periods[0].extra",
            "surprise",
        ]
    );
    // A date written right that names no day is told apart from one written wrong.
    assert!(problems[2].message.contains("no such day exists"), "{:?}", problems[2]);
    let written_wrong =
        parse_deadline_request(br#"{"district_id": "test", "trigger": "hearing", "trigger_date": "2 March"}"#);
    assert!(written_wrong.unwrap_err()[0].message.contains("must be a date YYYY-MM-DD"));
    let missing = parse_deadline_request(b"{}").unwrap_err();
    assert_eq!(missing.iter().map(|p| p.path.as_str()).collect::<Vec<_>>(), ["district_id", "trigger", "trigger_date"]);
}

#[test]
fn labels_and_citations_are_one_line_without_control_characters() {
    for (label, citation) in [("Joint letter\u{7}", "Order"), ("Joint letter", "Order\nECF 41"), ("a\u{0}", "b\u{9b}")]
    {
        let body = serde_json::json!({"district_id": "test", "trigger": "hearing", "trigger_date": "2026-03-02",
            "custom_periods": [{"label": label, "amount": 7, "unit": "days", "direction": "after", "citation": citation}]});
        let problems = parse_deadline_request(body.to_string().as_bytes()).unwrap_err();
        assert!(!problems.is_empty(), "{label:?} {citation:?}");
        for problem in problems {
            assert!(problem.path.starts_with("custom_periods[0]."), "{problem:?}");
            assert_eq!(problem.message, "must be one line without control characters");
        }
    }
    let fine = serde_json::json!({"district_id": "test", "trigger": "hearing", "trigger_date": "2026-03-02",
        "custom_periods": [{"label": "Joint letter — ¶ 3 «é»", "amount": 7, "unit": "days", "direction": "after",
                            "citation": "Order of 3 March 2026, ECF No. 41"}]});
    assert!(parse_deadline_request(fine.to_string().as_bytes()).is_ok());
}

#[test]
fn the_earliest_event_is_the_day_the_rules_text_took_effect() {
    let mut rules = fixture();
    assert_eq!(earliest_event_date(&rules), "1971-01-01", "no in_force_from: the holiday calendar's first day");
    rules.computation[0].in_force_from = Some("2016-12-01".into());
    assert_eq!(earliest_event_date(&rules), "2016-12-01");
    assert!(deadlines(&rules, &request(Trigger::Hearing, "2016-11-30")).is_err());
    assert!(deadlines(&rules, &request(Trigger::Hearing, "2016-12-01")).is_ok());
}

#[test]
fn an_empty_answer_says_why() {
    let mut asked = request(Trigger::ServiceOfSummons, "2026-03-02");
    asked.period_keys = Some(vec![]);
    let answer = deadlines(&fixture(), &asked).unwrap();
    assert!(answer.deadlines.is_empty());
    assert!(answer.meta.notes.iter().any(|note| note.starts_with("period_keys is empty")), "{:?}", answer.meta.notes);
    let answer = deadlines(&fixture(), &request(Trigger::MotionFiled, "2026-03-02")).unwrap();
    assert!(answer.deadlines.is_empty());
    assert!(
        answer
            .meta
            .notes
            .iter()
            .any(|note| note.starts_with("No period of these rules is counted from this event (the motion was filed)")),
        "{:?}",
        answer.meta.notes
    );
}

#[test]
fn unknown_and_mismatched_period_keys_are_named() {
    let mut asked = request(Trigger::ServiceOfSummons, "2026-03-02");
    asked.period_keys = Some(vec!["answer".into(), "nosuch".into(), "reply".into()]);
    let EngineError::InvalidRequest { details } = deadlines(&fixture(), &asked).unwrap_err() else { panic!() };
    assert_eq!(details.iter().map(|d| d.path.as_str()).collect::<Vec<_>>(), ["period_keys[1]", "period_keys[2]"]);
    assert!(details[1].message.contains("runs from service_of_opposition"), "{}", details[1].message);
}

#[test]
fn the_answer_is_the_same_bytes_every_time() {
    let rules = crate::ffi::to_json(&fixture());
    let request = br#"{"district_id": "test", "trigger": "service_of_summons", "trigger_date": "2026-01-31"}"#;
    let first = crate::ffi::deadlines_json(&rules, request).unwrap();
    assert_eq!(first, crate::ffi::deadlines_json(&rules, request).unwrap());
}

#[test]
fn a_judges_standing_order_period_applies_to_that_judge_only_and_displaces_what_it_replaces() {
    let mut rules = fixture();
    rules.periods.push(Period {
        layer: PeriodLayer::StandingOrder,
        judge_slug: Some("strict".into()),
        replaces: vec!["judgment".into()],
        ..period("strict-judgment", Trigger::EntryOfJudgment, 7, Direction::After, false)
    });
    let asked = |judge: Option<&str>| {
        let mut asked = request(Trigger::EntryOfJudgment, "2026-03-02");
        asked.judge_slug = judge.map(str::to_owned);
        let answer = deadlines(&rules, &asked).unwrap();
        answer.deadlines.iter().map(|d| (d.period_key.clone(), d.layer, d.due_date.clone())).collect::<Vec<_>>()
    };
    assert_eq!(
        asked(Some("strict")),
        [("strict-judgment".to_owned(), PeriodLayer::StandingOrder, "2026-03-09".to_owned())]
    );
    // 14 days land on 16 March, when the fixture's clerk's office is closed.
    for other in [None, Some("court"), Some("lenient")] {
        assert_eq!(
            asked(other),
            [("judgment".to_owned(), PeriodLayer::National, "2026-03-17".to_owned())],
            "{other:?}"
        );
    }
}

#[test]
fn a_whole_number_written_with_a_zero_fraction_is_that_number() {
    let written = |amount: &str| {
        let body = format!(
            r#"{{"district_id": "test", "trigger": "hearing", "trigger_date": "2026-03-02",
                "custom_periods": [{{"label": "Joint letter", "amount": {amount}, "unit": "days",
                                     "direction": "after", "citation": "Order"}}]}}"#
        );
        parse_deadline_request(body.as_bytes())
    };
    assert_eq!(written("7.0").unwrap(), written("7").unwrap());
    for (amount, got) in [("7.5", "7.5"), ("-7.0", "-7.0"), ("0.0", "0")] {
        let problems = written(amount).unwrap_err();
        assert_eq!(problems.len(), 1, "{amount}: {problems:?}");
        assert_eq!(problems[0].path, "custom_periods[0].amount");
        assert_eq!(problems[0].message, format!("must be a whole number from 1 to 3650, got {got}"));
    }
}

#[test]
fn the_time_rules_notes_are_said_in_every_answer() {
    // A local period that is not encoded is said, so a short list does not read as the
    // whole schedule; before the closing caveat.
    let mut rules = fixture();
    rules.notes = vec!["Not encoded: the local opposition period.".to_owned()];
    for trigger in [Trigger::ServiceOfMotion, Trigger::EntryOfJudgment] {
        let notes = deadlines(&rules, &request(trigger, "2026-03-02")).unwrap().meta.notes;
        let at = notes.iter().position(|n| n == "Not encoded: the local opposition period.").expect("the note");
        assert_eq!(at, notes.len() - 2, "{notes:?}");
        assert!(notes.last().unwrap().starts_with("A court order"), "{notes:?}");
    }
}

#[test]
fn null_reads_as_absent_in_a_deadline_request() {
    let body = br#"{"district_id":"test","judge_slug":null,"trigger":"service_of_motion","trigger_date":"2026-03-02",
        "trigger_time":null,"service_method":null,"period_keys":null,
        "custom_periods":[{"label":"Opposition","amount":14,"unit":"days","direction":"after",
                           "citation":"Order of 2026-02-20"}]}"#;
    let request = parse_deadline_request(body).unwrap();
    assert_eq!((request.judge_slug, request.service_method, request.period_keys), (None, None, None));
    assert_eq!(request.custom_periods.unwrap()[0].label, "Opposition");
}
