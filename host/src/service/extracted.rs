//! Raw extracted rules with provenance, filtered and searched in full text. No conflict
//! resolution: each rule as extracted.

use super::{Caller, Error, Service, lookup};
use crate::keys::Plan;
use crate::store::extracted::{self, ExtractedRule, RuleSearch};
use courtrules_engine::model::{COURT_JUDGE_SLUG, FieldError};
use serde::Serialize;
use utoipa::ToSchema;

/// Rules returned when no limit is given.
pub const DEFAULT_LIMIT: usize = 100;
/// The most rules one answer holds.
pub const MAX_LIMIT: usize = 500;

/// What is asked for; every filter optional (the REST query and the MCP tool's arguments
/// are read and checked by `http::extracted_rules`, then made into this).
#[derive(Clone, Debug, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// Only this court's rules (default: every court the caller may query).
    pub district_id: Option<String>,
    /// Only this judge's rules; `court` for court-level rules only.
    pub judge_slug: Option<String>,
    /// With `judge_slug`: also the court-level rules of the judge's court (default true).
    pub include_court_rules: Option<bool>,
    pub logic_type: Option<String>,
    pub workflow_phase: Option<String>,
    pub case_type: Option<String>,
    /// Full-text search over the rules' text.
    pub q: Option<String>,
    /// At most this many (1–500, default 100).
    #[schemars(range(min = 1, max = MAX_LIMIT))]
    pub limit: Option<usize>,
}

#[derive(Serialize, ToSchema)]
pub struct ExtractedRulesResponse {
    pub rules: Vec<ExtractedRule>,
    pub meta: ExtractedRulesMeta,
}

/// The number returned, the number matched, the limit, and the filters applied.
#[derive(Serialize, ToSchema)]
pub struct ExtractedRulesMeta {
    /// Rules returned (at most `limit`).
    pub total: u32,
    /// Rules that matched the search; more than `total` when `limit` cut the answer.
    pub matched: u32,
    pub limit: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub district_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_slug: Option<String>,
    /// Present when `judge_slug` is given (whether court-level rules were added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub include_court_rules: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logic_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workflow_phase: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
}

/// The rules: best match first with `q`, otherwise by court and source order.
pub async fn search(service: &Service, caller: &Caller, search: Search) -> Result<ExtractedRulesResponse, Error> {
    let catalogue = service.catalogue();
    let include_court_rules = search.include_court_rules.unwrap_or(true);
    let limit = search.limit.unwrap_or(DEFAULT_LIMIT);
    let districts = match (&search.district_id, &caller.plan) {
        (Some(district_id), _) => {
            let court = lookup::court(service, &catalogue, caller, district_id)?;
            // A judge not in the court is a 404, as everywhere (the court's own rules would
            // read as that judge's), unless rules read from their practices name them there.
            if let Some(judge) = search.judge_slug.as_deref()
                && !extracted::districts_of_judge(&service.db, judge).await?.contains(&court.district_id)
            {
                lookup::judge(&catalogue, court, judge)?;
            }
            Some(vec![court.district_id.clone()])
        }
        (None, Plan::All) => None,
        (None, Plan::Districts(districts)) => Some(districts.iter().cloned().collect()),
    };
    // A judge's court-level rules: those of the district asked for, or else of every
    // district whose roster or rules name the judge.
    let court_rules_of = match search.judge_slug.as_deref() {
        Some(judge) if include_court_rules && judge != COURT_JUDGE_SLUG => match &search.district_id {
            Some(district_id) => vec![district_id.clone()],
            None => {
                let mut courts: Vec<String> = catalogue
                    .courts()
                    .filter(|court| catalogue.judges(&court.district_id).iter().any(|j| j.slug == judge))
                    .map(|court| court.district_id.clone())
                    .collect();
                courts.extend(extracted::districts_of_judge(&service.db, judge).await?);
                courts.sort();
                courts.dedup();
                courts
            }
        },
        _ => Vec::new(),
    };
    let query = RuleSearch {
        districts,
        judge_slug: search.judge_slug.clone(),
        court_rules_of,
        logic_type: search.logic_type.clone(),
        workflow_phase: search.workflow_phase.clone(),
        case_type: search.case_type.clone(),
        terms: search.q.as_deref().map(extracted::parse_terms).unwrap_or_default(),
        limit,
    };
    let extracted::Found { rules, matched } = extracted::search(&service.db, &query).await?;
    if matched == 0 {
        miscased_filters(service, &search).await?;
    }
    let meta = ExtractedRulesMeta {
        total: rules.len() as u32,
        matched: matched as u32,
        limit: limit as u32,
        include_court_rules: search.judge_slug.as_ref().map(|_| include_court_rules),
        district_id: search.district_id,
        judge_slug: search.judge_slug,
        logic_type: search.logic_type,
        workflow_phase: search.workflow_phase,
        case_type: search.case_type,
        q: search.q,
    };
    Ok(ExtractedRulesResponse { rules, meta })
}

/// The 400 for a filter that matched nothing because its case differs from a value the
/// rules hold (`courtesycopyrule`, `filing`): filters are matched exactly, so it could
/// never match. Another value that matches nothing is an empty answer: the values are
/// not a closed list (the spec gives examples, among them kinds no rule has yet).
async fn miscased_filters(service: &Service, search: &Search) -> Result<(), Error> {
    let filters = [
        ("logic_type", &search.logic_type, extracted::Held::LogicType),
        ("workflow_phase", &search.workflow_phase, extracted::Held::WorkflowPhase),
        ("case_type", &search.case_type, extracted::Held::CaseType),
    ];
    let mut problems = Vec::new();
    for (name, value, held) in filters {
        let Some(value) = value else { continue };
        let mut values = extracted::held_values(&service.db, held).await?;
        if held == extracted::Held::CaseType {
            values.push(GENERAL_CASE_TYPE.to_owned());
            values.sort();
            values.dedup();
        }
        if values.contains(value) {
            continue;
        }
        if let Some(meant) = values.iter().find(|held| held.eq_ignore_ascii_case(value)) {
            problems.push(FieldError::new(
                name,
                format!(
                    "`{value}` matches no rule: values are matched exactly, case included; did you mean `{meant}`? \
                     The rules hold: {}",
                    values.join(", ")
                ),
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let error = courtrules_engine::validate::summary("the query is invalid", &problems);
    Err(Error::Validation { error, details: problems })
}

/// The case type a rule for every kind of case may be limited to.
const GENERAL_CASE_TYPE: &str = "general";
