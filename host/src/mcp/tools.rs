//! The tools. Each reads its arguments (every problem named, as the REST API's 400
//! does), finds the caller, and calls the service function its REST endpoint calls.

use super::schemas::{component, with_components, with_descriptions, with_enums, with_tool_descriptions};
use super::{CourtrulesMcp, answer, answer_bytes, failure, service_error};
use crate::http::extracted_rules::ExtractedRulesQuery;
use crate::http::judges::JudgesQuery;
use crate::http::profile::ProfileQuery;
use crate::http::query::{self, Integer, QueryParams, Text, query_params};
use crate::rate_limit::Group;
use crate::service::courts::CourtFilter;
use crate::service::{self, Error};
use crate::store::courts::CourtStatus;
use crate::store::enforcement::{self, EnforcementList, Filter, INDUSTRIES, RISK_LEVELS, Stats};
use courtrules_engine::calendar::{Date, FIRST_YEAR, LAST_YEAR};
use courtrules_engine::model::FieldError;
use rmcp::handler::server::common::{schema_for_output, schema_for_type};
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Extensions, JsonObject, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;

query_params! {
    /// The arguments of `list_courts`: each optional, each narrowing the list.
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct CourtsQuery {
        /// `true`: only the courts whose filings can be checked now (live, with a
        /// compliance profile), a few instead of about 1,000; `false`: only the others.
        pub checkable: Option<bool>,
        /// `live`, `coming_soon` or `preview`.
        pub status: Option<CourtStatus>,
        /// A state's or territory's two-letter USPS code (any case), e.g. `NY`.
        pub state: Option<Text<2>>,
        /// Words (any case), each in the court's name or `district_id`, e.g.
        /// `southern new york` or `ilnd`.
        pub q: Option<Text<200>>,
    }
}

/// A court's status as an argument: `live`, `coming_soon` or `preview`.
impl query::Param for CourtStatus {
    fn parse(text: &str) -> Result<Self, String> {
        serde_json::from_value(serde_json::Value::from(text))
            .map_err(|_| format!("`{text}` is not one of live, coming_soon, preview"))
    }
}

impl From<CourtsQuery> for CourtFilter {
    fn from(query: CourtsQuery) -> Self {
        CourtFilter {
            checkable: query.checkable,
            status: query.status,
            state: query.state.map(|state| state.to_ascii_uppercase()),
            words: query.q.map_or_else(Vec::new, |q| q.split_whitespace().map(str::to_lowercase).collect()),
        }
    }
}

query_params! {
    /// The arguments of `get_judge_rules`: read by the service as `GET /api/v1/rules`
    /// reads its query (the same rules, the same words).
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct JudgeRules {
        /// The court, e.g. `edny` (see `list_courts`).
        #[schemars(regex(pattern = r"^[a-z0-9_-]{1,120}$"))]
        pub district_id: String,
        /// A judge of the court (see `search_judges`), or `court` for the court's own rules
        /// without a judge's standing order.
        #[schemars(regex(pattern = r"^[a-z0-9_-]{1,120}$"))]
        pub judge_slug: String,
        /// Only the rules for this kind of paper, e.g. `brief_support`.
        pub document_scope: Option<String>,
        /// Only the rules for this motion, e.g. `Rule_12`.
        pub motion_type: Option<String>,
    }
}

query_params! {
    /// The arguments of `get_holidays`: `district_id` as `GET /api/v1/holidays` reads it,
    /// `year` as both holiday endpoints read it.
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct Holidays {
        /// The court, e.g. `sdny` (see `list_courts`).
        pub district_id: Text<120>,
        /// A calendar year (default: this year and the next).
        pub year: Option<Integer<{ FIRST_YEAR as i64 }, { LAST_YEAR as i64 }>>,
    }
}

/// The enforcement filters read as one of a list the service keeps.
const ENFORCEMENT_ENUMS: &[(&str, &[&str])] = &[("industry", INDUSTRIES), ("risk_level", RISK_LEVELS)];

/// The most `search_enforcement_actions` answers at once, and its default.
const ENFORCEMENT_MAX_LIMIT: i64 = 200;
const ENFORCEMENT_DEFAULT_LIMIT: u32 = 50;

query_params! {
    /// The arguments of `search_enforcement_actions`.
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct EnforcementSearch {
        /// An ISO 3166 code (any case): a country (`CA`, `FR`, `AU`, `HK`, …), a U.S. state
        /// (`US-CA`, `US-NJ`, …) or `EU` (the EU's own bodies, not its member states' authorities:
        /// ask for `FR`, `SE`, … for those). A country's code also matches its
        /// subdivisions: `US` is every U.S. state's actions.
        pub jurisdiction: Option<String>,
        /// One of the documented industries, e.g. `health`, `advertising_technology`.
        pub industry: Option<String>,
        /// `critical`, `high`, `medium` or `low`.
        pub risk_level: Option<String>,
        /// Actions on or after this date (YYYY-MM-DD). To poll, pass the newest date you
        /// have seen with `after_id`, the id of the last action you have seen of that date.
        pub date_from: Option<String>,
        /// With `date_from`: only the actions of that date after this one (by id), and
        /// those of later dates.
        pub after_id: Option<String>,
        /// Actions on or before this date (YYYY-MM-DD).
        pub date_to: Option<String>,
        /// Words (any case), each in the action's respondent, agency, violation, search
        /// terms or contract impact, e.g. `cookies` or `children health`.
        pub q: Option<Text<200>>,
        /// At most this many (1–200, default 50), oldest first; `more` says whether
        /// others match past them.
        pub limit: Option<Integer<1, { ENFORCEMENT_MAX_LIMIT }>>,
    }
}

query_params! {
    /// The filters of `get_enforcement_stats`: those of `search_enforcement_actions`, with
    /// no `limit` (every matching action is counted).
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct EnforcementStatsFilter {
        /// An ISO 3166 code (any case): a country (`CA`, `FR`, …), a U.S. state (`US-CA`) or
        /// `EU`. A country's code also matches its subdivisions.
        pub jurisdiction: Option<String>,
        /// One of the documented industries, e.g. `health`, `advertising_technology`.
        pub industry: Option<String>,
        /// `critical`, `high`, `medium` or `low`.
        pub risk_level: Option<String>,
        /// Actions on or after this date (YYYY-MM-DD); with `after_id`, only those after
        /// that action of this date.
        pub date_from: Option<String>,
        /// With `date_from`: only the actions of that date after this one (by id).
        pub after_id: Option<String>,
        /// Actions on or before this date (YYYY-MM-DD).
        pub date_to: Option<String>,
        /// Words (any case), each in the action's respondent, agency, violation, search
        /// terms or contract impact.
        pub q: Option<Text<200>>,
    }
}

impl From<EnforcementStatsFilter> for EnforcementSearch {
    fn from(filter: EnforcementStatsFilter) -> Self {
        let EnforcementStatsFilter { jurisdiction, industry, risk_level, date_from, after_id, date_to, q } = filter;
        EnforcementSearch { jurisdiction, industry, risk_level, date_from, after_id, date_to, q, limit: None }
    }
}

/// The schema of `classify_document`'s arguments; `/classify`'s own reader
/// (`crate::http::classify::parse`) reads them, so both name the same problems.
#[derive(JsonSchema)]
#[schemars(deny_unknown_fields)]
#[allow(dead_code)]
pub struct ClassifyDocument {
    /// The court, e.g. `edny` (see `list_courts`).
    #[schemars(regex(pattern = r"^[a-z0-9_-]{1,120}$"))]
    pub district_id: String,
    /// A judge of the court (see `search_judges`), or `court` for the court's own rules.
    #[schemars(regex(pattern = r"^[a-z0-9_-]{1,120}$"))]
    pub judge_slug: String,
    /// The PDF, base64-encoded (at most 22 MiB once decoded, by default).
    pub pdf_base64: String,
    /// The original file name; a descriptive one strengthens the classification.
    #[schemars(length(max = 255))]
    pub filename: Option<String>,
}

query_params! {
    /// The argument of `get_enforcement_details`.
    #[derive(JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct EnforcementId {
        /// The action's id, from `search_enforcement_actions`.
        pub id: Text<120>,
    }
}

/// A tool's input schema: that of its arguments' type (for a REST query, the very
/// declaration its endpoint reads), without the type's own description, which speaks of
/// the Rust type (the tool's description speaks of the tool).
fn input<T: JsonSchema + 'static>() -> std::sync::Arc<JsonObject> {
    let mut schema = schema_for_type::<T>();
    std::sync::Arc::make_mut(&mut schema).remove("description");
    schema
}

/// Reads a tool's arguments as the REST API reads the query parameters they stand for
/// (`crate::http::query`): every problem, each at its argument in the words of the REST
/// API's 400 — an argument missing ("is required"), empty ("must not be empty"), too long,
/// of the wrong JSON type, out of its bounds (those its schema states), or unknown. A
/// number with no fraction (`10.0`) is the integer it equals, as JSON Schema counts it.
fn arguments<T: QueryParams>(arguments: JsonObject) -> Result<T, CallToolResult> {
    query::read_arguments(&arguments).map_err(invalid_query)
}

/// The tool error for problems with a tool's arguments: the body of the query's 400, in
/// a tool's words ("the arguments are invalid (2 problems)").
fn invalid_query(problems: Vec<FieldError>) -> CallToolResult {
    // At most `MAX_LISTED` problems are listed; the summary counts them all.
    let details = courtrules_engine::validate::limit(problems);
    let error = courtrules_engine::validate::summary("the arguments are invalid", &details);
    service_error(Error::Validation { error, details })
}

/// The enforcement tools' arguments as a filter, or the tool error naming every problem
/// with them at once: those of reading them (type, bounds, an argument the tool does not
/// take) and those of their values (a date, a list's value, a code), each at its argument.
fn enforcement_arguments<T>(args: JsonObject) -> Result<Filter, CallToolResult>
where
    T: QueryParams + Into<EnforcementSearch>,
{
    let mut problems = match query::read_arguments::<T>(&args) {
        Ok(search) => return enforcement_filter(search.into()),
        Err(problems) => problems,
    };
    // The values are checked as well; one already refused (of the wrong type) is read as
    // "" here, its problem already named.
    let value = |name: &str| match args.get(name) {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => Some(value.as_str().unwrap_or_default().to_owned()),
    };
    let search = EnforcementSearch {
        jurisdiction: value("jurisdiction"),
        industry: value("industry"),
        risk_level: value("risk_level"),
        date_from: value("date_from"),
        after_id: value("after_id"),
        date_to: value("date_to"),
        // Words have no problems of their value.
        q: None,
        limit: None,
    };
    let named: Vec<String> = problems.iter().map(|problem| problem.path.clone()).collect();
    problems.extend(filter_problems(&search).into_iter().filter(|problem| !named.contains(&problem.path)));
    Err(invalid_query(problems))
}

/// The enforcement filters as the store reads them, or the tool error naming each
/// problem with their values.
fn enforcement_filter(search: EnforcementSearch) -> Result<Filter, CallToolResult> {
    let problems = filter_problems(&search);
    if !problems.is_empty() {
        return Err(invalid_query(problems));
    }
    let limit = search.limit.map_or(ENFORCEMENT_DEFAULT_LIMIT, |limit| limit.get() as u32);
    Ok(Filter {
        id: None,
        // Codes are stored in capitals; `us-ca` is `US-CA`.
        jurisdiction: search.jurisdiction.map(|code| code.to_ascii_uppercase()),
        industry: search.industry,
        risk_level: search.risk_level,
        date_from: search.date_from,
        after_id: search.after_id,
        date_to: search.date_to,
        words: search.q.map_or_else(Vec::new, |q| q.split_whitespace().map(str::to_lowercase).collect()),
        limit: Some(limit),
    })
}

/// Problems with the values of optional enforcement filters, each at its argument.
fn filter_problems(search: &EnforcementSearch) -> Vec<FieldError> {
    let mut problems = Vec::new();
    for (name, date) in [("date_from", &search.date_from), ("date_to", &search.date_to)] {
        if let Some(date) = date
            && Date::parse(date).is_none()
        {
            problems.push(FieldError::new(name, format!("must be a date YYYY-MM-DD, got `{date}`")));
        }
    }
    for (name, value, allowed) in
        [("industry", &search.industry, INDUSTRIES), ("risk_level", &search.risk_level, RISK_LEVELS)]
    {
        if let Some(value) = value
            && !allowed.contains(&value.as_str())
        {
            problems.push(FieldError::new(name, format!("`{value}` is not one of {}", allowed.join(", "))));
        }
    }
    if let Some(code) = &search.jurisdiction
        && !enforcement::is_jurisdiction(&code.to_ascii_uppercase())
    {
        problems.push(FieldError::new(
            "jurisdiction",
            format!("must be an ISO 3166 code such as `CA`, `US`, `US-CA` or `EU`, got `{code}`"),
        ));
    }
    // Both dates readable and in the wrong order: nothing could match, so say so rather
    // than answer an empty list.
    if let (Some(from), Some(to)) = (search.date_from.as_deref(), search.date_to.as_deref())
        && let (Some(first), Some(last)) = (Date::parse(from), Date::parse(to))
        && first > last
    {
        problems.push(FieldError::new("date_to", format!("is before `date_from` ({from}): no action could match")));
    }
    if search.after_id.is_some() && search.date_from.is_none() {
        problems.push(FieldError::new("after_id", "needs `date_from`: the date of that action"));
    }
    problems
}

/// `?`-like early return for a tool error.
macro_rules! or_return {
    ($result:expr) => {
        match $result {
            Ok(value) => value,
            Err(tool_error) => return Ok(tool_error),
        }
    };
}

#[tool_router(vis = "pub(super)")]
impl CourtrulesMcp {
    #[tool(
        description = "The courts courtrules knows, with their status (live, coming soon or preview), and the districts this key may query. A court has rules to check against (check_compliance, compute_deadlines) when it is live and its record has `judges_profiled` (present, even 0, only for a court with a compliance profile). Without arguments the list is every court, about 1,000 (~180 KB): narrow it with `checkable: true` (the courts whose filings can be checked), `state`, `status` or `q` (words of the court's name). `meta` counts the whole catalogue, whatever the filter; its `accessible_districts` are those of the listed courts that this key may query (`checkable` does not look at the key's plan: a court missing from `accessible_districts` answers the other tools with a 403).",
        input_schema = input::<CourtsQuery>(),
        output_schema = component("CourtsResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list_courts(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let filter = CourtFilter::from(or_return!(arguments::<CourtsQuery>(args)));
        let caller = or_return!(self.caller(&extensions).await);
        answer(&service::courts::courts_matching(&self.service, &caller, &filter))
    }

    #[tool(
        description = "The judges of a court (its roster), each with whether courtrules has their standing order, and which are sample (fictional) judges.",
        input_schema = input::<JudgesQuery>(),
        output_schema = component("JudgesResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_judges(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let JudgesQuery { district_id } = or_return!(arguments(args));
        let caller = or_return!(self.caller(&extensions).await);
        match service::courts::judges(&self.service, &caller, &district_id) {
            Ok(judges) => answer(&judges),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "The rules that apply before a judge, layer by layer (FRCP, the district's local rules, the judge's standing order), each citing its source; optionally only those for one kind of paper or motion.",
        input_schema = with_components(
            input::<JudgeRules>(),
            &[("document_scope", "DocumentScope"), ("motion_type", "MotionType")]
        ),
        output_schema = component("RulesAnswer"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_judge_rules(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let JudgeRules { district_id, judge_slug, document_scope, motion_type } = or_return!(arguments(args));
        let caller = or_return!(self.caller(&extensions).await);
        let mut query = vec![("district_id".to_owned(), district_id), ("judge_slug".to_owned(), judge_slug)];
        query.extend(document_scope.map(|scope| ("document_scope".to_owned(), scope)));
        query.extend(motion_type.map(|motion| ("motion_type".to_owned(), motion)));
        match service::rules::rules(&self.service, &caller, &query).await {
            Ok(rules) => answer(&rules),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "A judge's compliance profile in the profile format (the district's layers and the judge's standing order), for checking offline with the courtrules engine. Large (tens of KB for one judge): to answer a question about the rules, get_judge_rules or check_compliance say it in less.",
        input_schema = input::<ProfileQuery>(),
        output_schema = component("Profile"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_compliance_profile(
        &self,
        extensions: Extensions,
        args: JsonObject,
    ) -> Result<CallToolResult, ErrorData> {
        let ProfileQuery { district_id, judge_slug } = or_return!(arguments(args));
        let caller = or_return!(self.caller(&extensions).await);
        match service::profile::profile(&self.service, &caller, &district_id, &judge_slug).await {
            Ok(profile) => answer(&profile),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "The deadlines that follow an event in a case (service of a motion, entry of judgment, a hearing, …) under Fed. R. Civ. P. 6 and the court's local rules — each with its date and the trail of the computation (the day excluded, each weekend, legal holiday (federal, presidential or the state's) or clerk's-office closure passed over, Rule 6(d)'s added days), each step citing its rule paragraph. Each deadline has a period_key: pass some as period_keys to compute only those periods. Read meta.notes before answering: it names the periods the court's rules set that are not encoded (often the local times to oppose and to reply to a motion), which the answer does not list — never offer another period's date as one of those. The same answer, byte for byte, as POST /api/v1/deadlines.",
        input_schema = with_tool_descriptions(
            with_descriptions(
                component("DeadlineRequest"),
                &[("district_id", "The court, e.g. `sdny` (see `list_courts`): its local rules and calendar apply.")]
            ),
            &[(
                "judge_slug",
                "A judge of the court (see `search_judges`), for the standing order's periods; `court` (the default) for the court-wide periods only."
            )]
        ),
        output_schema = component("DeadlineResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn compute_deadlines(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let caller = or_return!(self.caller(&extensions).await);
        // The engine reads (and validates) the request as the REST endpoint does, a
        // number with no fraction (`7.0`) as the integer it equals.
        let request = serde_json::to_vec(&args).map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        match service::deadlines::deadlines(&self.service, &caller, request).await {
            Ok(bytes) => answer_bytes(bytes),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "Checks a described filing against the judge's rules with the courtrules engine and returns the verdict with every result citing its rule — the same answer, byte for byte, as POST /api/v1/check. The arguments are a check request: judge_slug, district_id, document_scope, motion_type, is_pro_se, pmc_completed, opposing_party_pro_se, filing_role (`reply` for the movant's reply papers, not `movant`), document {page_count, word_count, …}. document_scope decides which limits apply: a reply brief is `brief_reply`, whatever filing_role says. word_count 0 is read as a paper of no words: when the user does not know the count, ask (or classify the PDF) rather than guess. Without motion_type the rules for some motions are not checked (meta.skipped lists them). classify_document drafts a request from a PDF.",
        input_schema = with_tool_descriptions(
            with_descriptions(
                component("CheckRequest"),
                &[("district_id", "The court, e.g. `edny` (see `list_courts`); the judge's court.")]
            ),
            &[(
                "judge_slug",
                "A judge of the court (see `search_judges`), or `court` for the court's own rules only: the only choice in a district without a roster, as most are."
            )]
        ),
        output_schema = component("CheckResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn check_compliance(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let caller = or_return!(self.caller(&extensions).await);
        // The engine reads (and validates) the request as the REST endpoint does.
        let request = serde_json::to_vec(&args).map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        match service::check::check(&self.service, &caller, request).await {
            Ok(bytes) => answer_bytes(bytes),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "A court's holidays for a year: the federal legal public holidays and the closures the court or the President ordered (state courts: their own calendars), each with its source. Not listed: the legal holidays of the state where a federal court sits (Rule 6(a)(6)(C), e.g. Lincoln's Birthday for S.D.N.Y.), which compute_deadlines also passes over for periods counted forward, its trail naming each day it skips.",
        input_schema = input::<Holidays>(),
        output_schema = component("HolidaysResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_holidays(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        let Holidays { district_id, year } = or_return!(arguments(args));
        let caller = or_return!(self.caller(&extensions).await);
        let year = year.map(|year| year.get() as i32);
        let filters = service::holidays::Filters { year, from: None, to: None, limit: None };
        match service::holidays::court_holidays(&self.service, &caller, &district_id, filters) {
            Ok(holidays) => answer(&holidays),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "Reads a filing's PDF (base64) with the courtrules engine: the document type, its counts and sections, its format, and a check request lacking only the filer's facts — as POST /api/v1/classify. Add filing_role, is_pro_se, pmc_completed and opposing_party_pro_se to that check_request before passing it to check_compliance. Counts against the key's classify limit too.",
        input_schema = input::<ClassifyDocument>(),
        output_schema = component("Classification"),
        // Not read-only: the PDF is kept as an upload, as /classify keeps it.
        annotations(read_only_hint = false, destructive_hint = false, open_world_hint = false)
    )]
    async fn classify_document(&self, extensions: Extensions, args: JsonObject) -> Result<CallToolResult, ErrorData> {
        // The REST endpoint's own reading of the body: base64, sizes, every problem named.
        let body = serde_json::to_vec(&args).map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        let request = match crate::http::classify::parse(&body, self.max_pdf_bytes()) {
            Ok(request) => request,
            Err(problems) => return Ok(service_error(Error::invalid(problems))),
        };
        let caller = or_return!(self.caller_counted(&extensions, &[Group::Mcp, Group::Classify]).await);
        let input = service::classify::Input {
            pdf: request.pdf_base64,
            district_id: request.district_id,
            judge_slug: request.judge_slug,
            filename: request.filename,
        };
        match service::classify::classify(&self.service, &caller, input).await {
            Ok(classified) => answer_bytes(classified.response),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "Rules extracted from courts' own documents (local rules, standing orders), each with its source text and document, for courts without a compliance profile too. Filter by court, judge, logic type, workflow phase, case type, or full-text `q`. About 1 KB a rule (100 by default): narrow with district_id or q, or a small limit; meta.matched says how many matched, meta.total how many came back.",
        input_schema = input::<ExtractedRulesQuery>(),
        output_schema = component("ExtractedRulesResponse"),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_extracted_rules(
        &self,
        extensions: Extensions,
        args: JsonObject,
    ) -> Result<CallToolResult, ErrorData> {
        // The REST endpoint's query: its limits, its bounds, its default.
        let search: ExtractedRulesQuery = or_return!(arguments(args));
        let caller = or_return!(self.caller(&extensions).await);
        match service::extracted::search(&self.service, &caller, search.into()).await {
            Ok(rules) => answer(&rules),
            Err(error) => Ok(service_error(error)),
        }
    }

    #[tool(
        description = "Public privacy and data-protection enforcement actions, oldest first, each with its agency's own source: data-protection authorities of Canada, Hong Kong, Australia, New Zealand and European countries (Sweden, France, Finland, Ireland, Norway, Poland, Belgium, Germany, Lithuania, the Netherlands), and U.S. state attorneys general and privacy agencies (California, New Jersey, Nevada and others). No U.S. federal (FTC, HHS) or UK ICO actions yet. get_enforcement_stats counts them by jurisdiction. Filter by jurisdiction (ISO 3166 code; `US` is every U.S. state), industry, risk level, dates and words `q` (each in the respondent, agency, violation, search terms or contract impact, e.g. `cookies`). To poll on a schedule, pass the newest date and id you have seen as date_from and after_id: you get only what is new. At most `limit` actions come back (50 by default, about 1 KB each), `count` is how many did, and `more` is true when others match past them (ask again from the last one's date and id); get_enforcement_stats says how many match.",
        input_schema = with_enums(input::<EnforcementSearch>(), ENFORCEMENT_ENUMS),
        output_schema = schema_for_output::<EnforcementList>(),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_enforcement_actions(
        &self,
        extensions: Extensions,
        args: JsonObject,
    ) -> Result<CallToolResult, ErrorData> {
        let filter = or_return!(enforcement_arguments::<EnforcementSearch>(args));
        let _caller = or_return!(self.caller(&extensions).await);
        match enforcement::search(&self.service.db, &filter).await {
            Ok(list) => answer(&list),
            Err(error) => Ok(service_error(Error::Internal(error))),
        }
    }

    #[tool(
        description = "One enforcement action in full, with search_terms (the contract clauses to review because of it) and contract_impact (what to check in vendor agreements).",
        input_schema = input::<EnforcementId>(),
        output_schema = schema_for_output::<enforcement::EnforcementAction>(),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_enforcement_details(
        &self,
        extensions: Extensions,
        args: JsonObject,
    ) -> Result<CallToolResult, ErrorData> {
        let id = or_return!(arguments::<EnforcementId>(args)).id.into_string();
        let _caller = or_return!(self.caller(&extensions).await);
        match enforcement::find(&self.service.db, &id).await {
            Ok(Some(action)) => answer(&action),
            Ok(None) => Ok(failure(
                format!("no enforcement action with id `{id}`"),
                "Use an id from search_enforcement_actions, which lists the actions with their ids.".into(),
                crate::service::error::docs_page_url("mcp", "enforcement-action-not-found"),
            )),
            Err(error) => Ok(service_error(Error::Internal(error))),
        }
    }

    #[tool(
        description = "Counts of the enforcement actions by jurisdiction, agency, industry, year and risk level (with the same filters as search_enforcement_actions).",
        input_schema = with_enums(input::<EnforcementStatsFilter>(), ENFORCEMENT_ENUMS),
        output_schema = schema_for_output::<Stats>(),
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_enforcement_stats(
        &self,
        extensions: Extensions,
        args: JsonObject,
    ) -> Result<CallToolResult, ErrorData> {
        let filter = Filter { limit: None, ..or_return!(enforcement_arguments::<EnforcementStatsFilter>(args)) };
        let _caller = or_return!(self.caller(&extensions).await);
        match enforcement::stats(&self.service.db, &filter).await {
            Ok(stats) => answer(&stats),
            Err(error) => Ok(service_error(Error::Internal(error))),
        }
    }
}

#[tool_handler]
impl ServerHandler for CourtrulesMcp {
    /// A tool call, over HTTP within the server's request time limit
    /// (`--request-timeout-ms`), as a REST request is: its answer streams after the
    /// HTTP response began, so the API's own time-out does not bound it.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let router = Self::tool_router();
        if router.get(&request.name).is_none() {
            return Err(unknown_tool(&request.name, &router.list_all()));
        }
        let call = router.call(ToolCallContext::new(self, request, context));
        match self.time_limit() {
            Some(limit) => match tokio::time::timeout(limit, call).await {
                Ok(answer) => answer,
                Err(_) => Ok(super::timed_out().into()),
            },
            None => call.await,
        }
    }

    fn get_info(&self) -> ServerConfig {
        // The server's own name and version (rmcp's default names rmcp itself).
        let server = rmcp::model::Implementation::new("courtrules", env!("CARGO_PKG_VERSION"));
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(server)
            .with_instructions(
                "courtrules: which court rules apply to a filing before a judge, and whether it complies \
             (check_compliance), each answer citing its rule; and public privacy enforcement actions.",
            )
    }
}

/// The `-32602` of a call naming no tool of this server (rmcp's own says only "tool not
/// found"): the name called, and the tools there are, in the message and in `data`.
fn unknown_tool(name: &str, tools: &[rmcp::model::Tool]) -> ErrorData {
    let name: String = name.chars().take(80).collect();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    ErrorData::invalid_params(
        format!("Unknown tool: `{name}`; this server's tools are {}", names.join(", ")),
        Some(serde_json::json!({ "tools": names })),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn an_unknown_tool_is_named_with_the_tools_there_are() {
        let tools = CourtrulesMcp::tool_router().list_all();
        let error = unknown_tool("get_rules", &tools);
        assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
        assert!(
            error.message.starts_with("Unknown tool: `get_rules`; this server's tools are check_compliance, ")
                && error.message.contains(", list_courts, ")
                && error.message.ends_with("search_judges"),
            "{}",
            error.message
        );
        assert_eq!(error.data.unwrap()["tools"].as_array().map(Vec::len), Some(tools.len()));
        assert_eq!(tools.len(), 12);
    }

    /// The problems a tool's arguments have, as `(path, message)`, read from the tool
    /// error's text (the REST API's 400 body).
    fn problems<T: QueryParams>(value: Value) -> Vec<(String, String)> {
        let Err(refused) = arguments::<T>(value.as_object().unwrap().clone()) else { panic!("{value} was taken") };
        let result = serde_json::to_value(&refused).unwrap();
        assert_eq!(result["isError"], true);
        let body: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
        let details = body["details"].as_array().unwrap_or_else(|| panic!("no details: {body}"));
        details.iter().map(|d| (d["path"].as_str().unwrap().into(), d["message"].as_str().unwrap().into())).collect()
    }

    fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
        expected.iter().map(|(path, message)| (path.to_string(), message.to_string())).collect()
    }

    /// The arguments meet the REST query's rules, each problem named in its words.
    #[test]
    fn empty_and_long_text_arguments_are_refused_as_the_rest_api_refuses_them() {
        let empty = json!({"district_id": "sdny", "judge_slug": "", "logic_type": "", "workflow_phase": "",
                           "case_type": "", "q": ""});
        let expected = ["judge_slug", "logic_type", "workflow_phase", "case_type", "q"];
        let expected: Vec<(&str, &str)> = expected.iter().map(|name| (*name, "must not be empty")).collect();
        assert_eq!(problems::<ExtractedRulesQuery>(empty), pairs(&expected));

        let long = json!({"district_id": "x".repeat(121), "q": "q".repeat(501), "limit": 501});
        assert_eq!(
            problems::<ExtractedRulesQuery>(long),
            pairs(&[
                ("district_id", "must be at most 120 characters"),
                ("q", "must be at most 500 characters"),
                ("limit", "must be between 1 and 500, got 501"),
            ])
        );
        assert!(arguments::<ExtractedRulesQuery>(json!({"q": "q".repeat(500)}).as_object().unwrap().clone()).is_ok());

        for tool_problems in
            [problems::<JudgesQuery>(json!({"district_id": ""})), problems::<Holidays>(json!({"district_id": ""}))]
        {
            assert_eq!(tool_problems, pairs(&[("district_id", "must not be empty")]));
        }
        assert_eq!(
            problems::<ProfileQuery>(json!({"district_id": "d".repeat(2_000_000), "judge_slug": ""})),
            pairs(&[("judge_slug", "must not be empty"), ("district_id", "must be at most 120 characters")])
        );
    }

    /// The body is the REST query's 400 in a tool's words: "the arguments are invalid".
    #[test]
    fn bad_arguments_are_the_query_s_400() {
        for refused in [
            arguments::<JudgesQuery>(json!({"district_id": ""}).as_object().unwrap().clone()).err().unwrap(),
            arguments::<CourtsQuery>(json!({"a": 1, "b": 2}).as_object().unwrap().clone()).err().unwrap(),
            enforcement_filter(EnforcementSearch::from(EnforcementStatsFilter {
                jurisdiction: None,
                industry: Some("x".into()),
                risk_level: None,
                date_from: None,
                after_id: None,
                date_to: None,
                q: None,
            }))
            .err()
            .unwrap(),
        ] {
            let result = serde_json::to_value(&refused).unwrap();
            let body: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
            let said = body["error"].as_str().unwrap();
            assert!(
                said == "the arguments are invalid (1 problem)" || said == "the arguments are invalid (2 problems)",
                "{body}"
            );
        }
    }

    /// Every problem at once: missing, of the wrong type, out of bounds, unknown.
    #[test]
    fn every_problem_with_the_arguments_is_named_in_the_rest_api_words() {
        assert_eq!(
            problems::<JudgeRules>(json!({"motion_type": 5, "extra": 1})),
            pairs(&[
                ("district_id", "is required"),
                ("judge_slug", "is required"),
                ("motion_type", "must be a string, got 5"),
                ("extra", "unknown argument; this tool takes district_id, judge_slug, document_scope, motion_type"),
            ])
        );
        assert_eq!(
            problems::<ExtractedRulesQuery>(json!({"include_court_rules": "yes", "limit": "5", "district_id": null})),
            pairs(&[
                ("include_court_rules", "must be `true` or `false`, got the string \"yes\""),
                ("limit", "must be an integer, got the string \"5\""),
            ])
        );
        assert_eq!(
            problems::<CourtsQuery>(json!({"a": 1, "checkable": "yes"})),
            pairs(&[
                ("checkable", "must be `true` or `false`, got the string \"yes\""),
                ("a", "unknown argument; this tool takes checkable, status, state, q"),
            ])
        );
        assert_eq!(problems::<EnforcementId>(json!({"id": null})), pairs(&[("id", "is required")]));
    }

    /// The enforcement tools name a value's problem with the others, not after them.
    #[test]
    fn enforcement_arguments_name_every_problem_at_once() {
        let refused = |value: Value| {
            let Err(result) = enforcement_arguments::<EnforcementSearch>(value.as_object().unwrap().clone()) else {
                panic!("{value} was taken")
            };
            let result = serde_json::to_value(&result).unwrap();
            let body: Value = serde_json::from_str(result["content"][0]["text"].as_str().unwrap()).unwrap();
            let details = body["details"].as_array().unwrap().iter();
            details
                .map(|d| (d["path"].as_str().unwrap().to_owned(), d["message"].as_str().unwrap().to_owned()))
                .collect()
        };
        let reversed = refused(json!({"date_from": "2024-05-01", "date_to": "2024-04-30"}));
        assert_eq!(reversed, pairs(&[("date_to", "is before `date_from` (2024-05-01): no action could match")]));
        let said: Vec<(String, String)> = refused(json!({"limit": 0, "risk_level": "extreme"}));
        assert_eq!(
            said,
            pairs(&[
                ("limit", "must be between 1 and 200, got 0"),
                ("risk_level", "`extreme` is not one of critical, high, medium, low"),
            ])
        );
        // A value of the wrong type is named once, and `after_id` still sees its date.
        let said = refused(json!({"date_from": 5, "after_id": "x", "industry": "none", "colour": 1}));
        let paths: Vec<&str> = said.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(paths, ["date_from", "colour", "industry"], "{said:?}");
        assert!(
            enforcement_arguments::<EnforcementStatsFilter>(json!({"risk_level": "high"}).as_object().unwrap().clone())
                .is_ok()
        );
    }

    /// The bounds checked are the schema's, which the tools advertise.
    #[test]
    fn integer_arguments_are_bounded_as_their_schema_says() {
        let bounds = |schema: std::sync::Arc<JsonObject>, name: &str| {
            let property = &schema["properties"][name];
            (property["minimum"].as_i64(), property["maximum"].as_i64())
        };
        assert_eq!(bounds(input::<Holidays>(), "year"), (Some(1971), Some(9999)));
        assert_eq!(bounds(input::<EnforcementSearch>(), "limit"), (Some(1), Some(200)));
        assert_eq!(bounds(input::<ExtractedRulesQuery>(), "limit"), (Some(1), Some(500)));

        let year = |value: Value| {
            arguments::<Holidays>(json!({"district_id": "sdny", "year": value}).as_object().unwrap().clone())
                .map(|h| h.year.map(Integer::get))
        };
        assert_eq!(year(json!(2026.0)).ok(), Some(Some(2026)));
        assert_eq!(year(json!(null)).ok(), Some(None));
        for (value, said) in [
            (json!(1970), "must be between 1971 and 9999, got 1970"),
            (json!(2026.5), "must be an integer, got `2026.5`"),
            (json!("2026"), "must be an integer, got the string \"2026\""),
        ] {
            let with_year = json!({"district_id": "sdny", "year": value});
            assert_eq!(problems::<Holidays>(with_year), pairs(&[("year", said)]), "{value}");
        }
    }

    /// The input schemas state the limits the arguments are read with, describe each
    /// argument, and carry no note about the Rust types.
    #[test]
    fn input_schemas_state_the_limits_and_describe_each_argument() {
        let schema = input::<ExtractedRulesQuery>();
        assert_eq!(schema.get("description"), None);
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(
            (schema["properties"]["q"]["minLength"].as_u64(), schema["properties"]["q"]["maxLength"].as_u64()),
            (Some(1), Some(500))
        );
        assert_eq!(schema["properties"]["district_id"]["maxLength"], 120);
        for name in ["district_id", "judge_slug", "logic_type", "workflow_phase", "case_type", "q", "limit"] {
            assert!(schema["properties"][name]["description"].is_string(), "{name}");
        }
        assert!(schema["properties"]["logic_type"]["description"].as_str().unwrap().contains("case-sensitive"));
        for (schema, names) in [
            (input::<JudgesQuery>(), &["district_id"][..]),
            (input::<ProfileQuery>(), &["district_id", "judge_slug"][..]),
            (input::<JudgeRules>(), &["district_id", "judge_slug"][..]),
            (input::<Holidays>(), &["district_id"][..]),
        ] {
            assert_eq!(schema["required"].as_array().map(Vec::len), Some(names.len()));
            for name in names {
                assert!(schema["properties"][name]["description"].is_string(), "{name}");
            }
        }
        for schema in [input::<ProfileQuery>(), input::<JudgeRules>()] {
            assert!(schema["properties"]["judge_slug"]["description"].as_str().unwrap().contains("`court`"));
        }
        // The limits the service reads them with: slugs, the enforcement lists, an id.
        for schema in [input::<JudgeRules>(), input::<ClassifyDocument>()] {
            for name in ["district_id", "judge_slug"] {
                assert_eq!(schema["properties"][name]["pattern"], "^[a-z0-9_-]{1,120}$", "{name}");
            }
        }
        assert_eq!(input::<ClassifyDocument>()["properties"]["filename"]["maxLength"], 255);
        assert_eq!(input::<EnforcementId>()["properties"]["id"]["maxLength"], 120);
        for schema in [
            with_enums(input::<EnforcementSearch>(), ENFORCEMENT_ENUMS),
            with_enums(input::<EnforcementStatsFilter>(), ENFORCEMENT_ENUMS),
        ] {
            let risk = schema["properties"]["risk_level"]["enum"].as_array().cloned().unwrap_or_default();
            assert_eq!(risk, [json!("critical"), json!("high"), json!("medium"), json!("low")]);
            let industries = schema["properties"]["industry"]["enum"].as_array().map_or(0, Vec::len);
            assert_eq!(industries, INDUSTRIES.len());
        }
    }
}
