//! Deadlines: a district's time rules (the periods of each layer, the state's legal
//! holidays, the closures), the deadline request and its answer with the trail of the
//! computation. The format is documented in `docs/deadlines.md`.

use super::enums::string_enum;
use serde::{Deserialize, Serialize};

/// The time-rules format this engine reads.
pub const TIME_RULES_FORMAT_VERSION: u32 = 1;

/// Everything the engine needs to compute a district's deadlines: one document per
/// district, composed by the host from the data pack (`data/deadlines/`,
/// `data/holidays/`) and served as is, so browsers and the npm package compute alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimeRules {
    pub format_version: u32,
    pub district_id: String,
    /// Changes whenever anything in the document changes.
    pub rules_version: String,
    /// The paragraphs of the computation rule (Fed. R. Civ. P. 6(a)(1)–(6), 6(d)) that
    /// the trail cites, each with its text and source.
    pub computation: Vec<RuleText>,
    /// The periods, layer by layer: the national rules, the district's local rules,
    /// and judges' standing orders.
    pub periods: Vec<Period>,
    /// The legal holidays the state where the court sits declares (Rule 6(a)(6)(C));
    /// `null` when they are not encoded for this state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_holidays: Option<StateHolidays>,
    /// Presidential closures (legal holidays under Rule 6(a)(6)(B)) and the court's own
    /// closures (an inaccessible clerk's office under Rule 6(a)(3)).
    #[serde(default)]
    pub closures: Vec<OfficeClosure>,
    /// What an answer cannot know, said in every answer's `meta.notes`: the court's
    /// periods that are not encoded, for instance.
    #[serde(default)]
    pub notes: Vec<String>,
}

/// One paragraph of the computation rule, quoted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RuleText {
    /// E.g. `6(a)(1)`; the trail cites it as `citation`.
    pub paragraph: String,
    /// E.g. `Fed. R. Civ. P. 6(a)(1)`.
    pub citation: String,
    pub source_text: String,
    pub source_url: String,
    /// The day the quoted text took effect (`YYYY-MM-DD`), when an earlier text counted
    /// differently: an event before it is refused rather than counted under today's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_force_from: Option<String>,
}

string_enum! {
    /// Which body of rules a period comes from.
    pub enum PeriodLayer {
        National => "national",
        Local => "local",
        StandingOrder => "standing_order",
        /// A period the request itself gives (a court order's).
        Request => "request",
    }
}

string_enum! {
    /// The event a period runs from (or before).
    pub enum Trigger {
        ServiceOfSummons => "service_of_summons",
        WaiverRequestSent => "waiver_request_sent",
        ServiceOfPleading => "service_of_pleading",
        ServiceOfMotion => "service_of_motion",
        ServiceOfOpposition => "service_of_opposition",
        MotionFiled => "motion_filed",
        OppositionFiled => "opposition_filed",
        NoticeOfRuling => "notice_of_ruling",
        EntryOfJudgment => "entry_of_judgment",
        EntryOfOrder => "entry_of_order",
        CloseOfDiscovery => "close_of_discovery",
        Hearing => "hearing",
    }
}

impl Trigger {
    /// The event in words, for explanations ("after {the event}").
    pub fn in_words(self) -> &'static str {
        match self {
            Trigger::ServiceOfSummons => "service of the summons and complaint",
            Trigger::WaiverRequestSent => "the request for a waiver of service was sent",
            Trigger::ServiceOfPleading => "service of the pleading",
            Trigger::ServiceOfMotion => "service of the motion",
            Trigger::ServiceOfOpposition => "service of the opposition",
            Trigger::MotionFiled => "the motion was filed",
            Trigger::OppositionFiled => "the opposition was filed",
            Trigger::NoticeOfRuling => "notice of the court's ruling",
            Trigger::EntryOfJudgment => "entry of judgment",
            Trigger::EntryOfOrder => "entry of the order",
            Trigger::CloseOfDiscovery => "the close of all discovery",
            Trigger::Hearing => "the hearing",
        }
    }
}

string_enum! {
    pub enum PeriodUnit {
        Days => "days",
        Hours => "hours",
    }
}

string_enum! {
    /// Whether a period is measured after the event or before it (Rule 6(a)(5)).
    pub enum Direction {
        After => "after",
        Before => "before",
    }
}

/// One period of time set by a rule, with the sentence that sets it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Period {
    /// Unique in the document, e.g. `frcp-12-a-1-a-i-answer`.
    pub period_key: String,
    pub layer: PeriodLayer,
    /// For a standing order's period: the judge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_slug: Option<String>,
    pub label: String,
    pub trigger: Trigger,
    pub amount: u32,
    pub unit: PeriodUnit,
    pub direction: Direction,
    /// True when the period runs after the party is served, so Rule 6(d)'s three days
    /// can be added for the service methods it names.
    pub runs_from_service: bool,
    /// The periods of an earlier layer this one displaces (a local rule's motion
    /// schedule, for instance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<String>,
    pub citation: String,
    /// In our words.
    pub summary: String,
    /// The rule's own operative sentence.
    pub source_text: String,
    pub source_url: String,
    /// Conditions and caveats in our words ("unless the court orders otherwise", where
    /// the text was read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

/// The legal holidays a state declares, as its statute lists them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StateHolidays {
    /// The postal code, e.g. `NY`.
    pub state: String,
    pub name: String,
    pub citation: String,
    pub source_url: String,
    pub as_of: String,
    pub holidays: Vec<StateHoliday>,
    /// What the statute does with a holiday that falls on a Sunday.
    pub sunday_rule: ObservanceRule,
    /// What the statute does with a holiday that falls on a Saturday.
    pub saturday_rule: ObservanceRule,
}

string_enum! {
    pub enum ObservanceRule {
        /// The day itself only.
        None => "none",
        NextMonday => "next_monday",
        PreviousFriday => "previous_friday",
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StateHoliday {
    pub name: String,
    pub rule: HolidayRule,
    /// The first year the statute declares it, when it has not always.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_year: Option<i32>,
}

// Written as `{"kind": "fixed", "month": 7, "day": 4}` (serde's internally tagged form).
// `Deserialize` is written out (`holiday_rule.rs`): serde's derive for a tagged enum
// buffers the object and brings ~15 KB of WebAssembly into the browser's check module.
/// How a holiday's date is found each year.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum HolidayRule {
    Fixed {
        month: u32,
        day: u32,
    },
    /// The `nth` given weekday of a month, plus `offset_days` (the day after
    /// Thanksgiving: the fourth Thursday of November, plus one).
    NthWeekday {
        month: u32,
        weekday: WeekdayName,
        nth: u32,
        #[serde(default)]
        offset_days: i32,
    },
    LastWeekday {
        month: u32,
        weekday: WeekdayName,
    },
    /// The Tuesday after the first Monday of November, every year or in even years.
    ElectionDay {
        years: ElectionYears,
    },
}

string_enum! {
    pub enum ElectionYears {
        Every => "every",
        Even => "even",
    }
}

string_enum! {
    pub enum WeekdayName {
        Monday => "monday",
        Tuesday => "tuesday",
        Wednesday => "wednesday",
        Thursday => "thursday",
        Friday => "friday",
        Saturday => "saturday",
        Sunday => "sunday",
    }
}

string_enum! {
    pub enum ClosureKind {
        /// A day the President declared a holiday: a legal holiday (Rule 6(a)(6)(B)).
        PresidentialClosure => "presidential_closure",
        /// A day the court closed its clerk's office: inaccessible (Rule 6(a)(3)).
        CourtClosure => "court_closure",
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OfficeClosure {
    pub date: String,
    pub name: String,
    pub kind: ClosureKind,
    pub authority: String,
    pub source_url: String,
}

string_enum! {
    /// How the paper that starts a served period was served (Rule 5(b)(2)).
    pub enum ServiceMethod {
        /// Rule 5(b)(2)(A) or (B): handed over or left at the office or home.
        Personal => "personal",
        /// Rule 5(b)(2)(C).
        Mail => "mail",
        /// Rule 5(b)(2)(D): left with the court clerk.
        LeavingWithClerk => "leaving_with_clerk",
        /// Rule 5(b)(2)(E): filed with the court's electronic-filing system or sent by
        /// other electronic means consented to.
        Electronic => "electronic",
        /// Rule 5(b)(2)(F): any other means consented to in writing.
        OtherConsented => "other_consented",
    }
}

/// `POST /api/v1/deadlines`: the event, and what to compute from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeadlineRequest {
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub district_id: String,
    /// A judge of the district, for the standing order's periods; `court` (the
    /// default) for the court-wide periods only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub judge_slug: Option<String>,
    pub trigger: Trigger,
    /// The day of the event (YYYY-MM-DD), from 2016-12-01 to 9000-12-31: an earlier day is
    /// refused, as the text of Rule 6(d) the engine applies took effect on 2016-12-01.
    #[cfg_attr(
        feature = "openapi",
        schema(
            // Every real day of 1971–9000 and nothing else: days 29–31 by month, and
            // 29 February in leap years (centuries only when divisible by 400).
            pattern = "^(?:(?:197[1-9]|19[89][0-9]|[2-8][0-9]{3}|9000)-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:19(?:7[26]|8[048]|9[26])|[2-8][0-9](?:[02468][48]|[2468]0|[13579][26])|(?:[2468][048]|[357][26])00)-02-29)$",
            example = "2026-03-02"
        )
    )]
    pub trigger_date: String,
    /// The time of the event (HH:MM, court time): needed for periods in hours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub trigger_time: Option<String>,
    /// How the paper was served, for periods that run from service (default:
    /// `electronic`, to which Rule 6(d) adds nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_method: Option<ServiceMethod>,
    /// Only these periods, each named by the `period_key` its deadline has in an earlier
    /// answer for this trigger; without `period_keys`, every period that runs from the
    /// event is computed. A key the court's rules do not have for it is a 400.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_items = 50))]
    pub period_keys: Option<Vec<String>>,
    /// Periods a court order sets, computed under the same rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(max_items = 20))]
    pub custom_periods: Option<Vec<CustomPeriod>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CustomPeriod {
    // `label` and `citation`: something besides spaces, and no control characters
    // (`char::is_control`: they are printed in answers and calendars).
    /// What the deadline is for, e.g. "Opposition to the motion to compel".
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 200,
            pattern = "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$"
        )
    )]
    pub label: String,
    /// 1–3650 days, or 1–8760 hours (the schema's maximum is the hours'; more than
    /// 3650 days is a 400).
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 8760))]
    pub amount: u32,
    pub unit: PeriodUnit,
    pub direction: Direction,
    /// True when the period runs from service of a paper, so Rule 6(d)'s three days are
    /// added after service by mail, by leaving it with the clerk, or by other consented
    /// means. Only for a period counted `after` its event (else a 400).
    #[serde(default)]
    pub runs_from_service: bool,
    /// What sets it, e.g. "Order of 3 March 2026, ECF No. 41".
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 300,
            pattern = "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$"
        )
    )]
    pub citation: String,
}

/// The answer: each deadline with its date and trail.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeadlineResponse {
    pub district_id: String,
    pub judge_slug: String,
    pub trigger: Trigger,
    pub trigger_date: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger_time: Option<String>,
    pub service_method: ServiceMethod,
    pub deadlines: Vec<Deadline>,
    pub meta: DeadlineMeta,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
// Its `Option`s are written as `null`, not left out.
#[cfg_attr(feature = "js", tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DeadlineMeta {
    pub engine_version: String,
    pub rules_version: String,
    /// The state whose legal holidays counted (forward periods only), and its statute;
    /// `null` when they are not encoded.
    pub state_holidays: Option<String>,
    /// What the answer cannot know, in plain words.
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
// Its `Option`s are written as `null`, not left out.
#[cfg_attr(feature = "js", tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Deadline {
    /// The period's key; `custom-N` for the request's own N-th period.
    pub period_key: String,
    pub label: String,
    pub layer: PeriodLayer,
    pub citation: String,
    pub source_url: Option<String>,
    pub amount: u32,
    pub unit: PeriodUnit,
    pub direction: Direction,
    /// The last day (YYYY-MM-DD).
    pub due_date: String,
    /// For periods in hours: the time on `due_date` (HH:MM).
    pub due_time: Option<String>,
    /// Each step of the computation, in order.
    pub trail: Vec<Step>,
}

/// What a step of the computation did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum StepKind {
    /// The period and where it comes from.
    Period,
    /// The day of the event is not counted.
    ExcludeEventDay,
    /// The days or hours counted, landing on a day.
    Count,
    /// A day the period cannot end on, passed over.
    Skip,
    /// The clerk's office was inaccessible: the time is extended.
    Inaccessible,
    /// Rule 6(d)'s three added days.
    AddServiceDays,
    /// Rule 6(d) considered and not applied.
    NoServiceDays,
    /// The result, and when the last day ends.
    LastDay,
}

/// Why a day was passed over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum SkipReason {
    Saturday,
    Sunday,
    /// A day set aside by statute for observing a federal legal holiday (6(a)(6)(A)).
    FederalHoliday,
    /// A day the President declared a holiday (6(a)(6)(B)).
    PresidentialHoliday,
    /// A day the state declares a holiday (6(a)(6)(C), forward periods only).
    StateHoliday,
    /// The clerk's office was closed (6(a)(3)).
    ClerksOfficeClosed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
// Its `Option`s are written as `null`, not left out.
#[cfg_attr(feature = "js", tsify(missing_as_null))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Step {
    pub step: StepKind,
    /// The day the step concerns or lands on.
    pub date: Option<String>,
    /// For periods in hours: the time on `date`.
    pub time: Option<String>,
    pub reason: Option<SkipReason>,
    /// The holiday or closure, by name.
    pub holiday: Option<String>,
    pub explanation: String,
    /// The rule paragraph behind the step.
    pub citation: String,
    pub source_url: Option<String>,
}
