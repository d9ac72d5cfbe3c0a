//! `GET /api/v1/extracted-rules`: raw extracted rules with provenance, filtered and
//! searched in full text (`service::extracted`).

use super::AppState;
use super::auth::ApiKey;
use super::error::{ApiError, ForbiddenBody};
use super::query::{Integer, Query, Text, query_params};
use crate::service::error::{ErrorBody, NotFoundBody, ValidationErrorBody};
use crate::service::extracted::{self, ExtractedRulesResponse, MAX_LIMIT, Search};
use axum::Json;
use axum::extract::State;

query_params! {
    /// The query of `/extracted-rules`; also the arguments of the MCP tool
    /// `search_extracted_rules`.
    #[derive(schemars::JsonSchema)]
    #[schemars(deny_unknown_fields)]
    pub struct ExtractedRulesQuery {
        /// Only this court's rules (default: every court the key may query).
        #[param(example = "edny")]
        pub district_id: Option<Text<120>>,
        /// Only this judge's (calendar's, department's, courtroom's) rules; `court` for
        /// court-level rules only.
        #[param(example = "avery-sample")]
        pub judge_slug: Option<Text<120>>,
        /// With `judge_slug`: also the court-level rules of the judge's court (default true).
        pub include_court_rules: Option<bool>,
        /// Only rules of this kind, matched exactly (case-sensitive), e.g. `PageLimitRule`,
        /// `WordLimitRule`, `FormattingRule`, `MotionPapersRule`, `CourtesyCopyRule`,
        /// `FilingTimingRule`, `ElectronicFilingRule`, `ServiceRule`.
        #[param(example = "CourtesyCopyRule")]
        pub logic_type: Option<Text<120>>,
        /// Only rules of this stage of a case, matched exactly (case-sensitive, in capitals),
        /// e.g. `MOTION_PRACTICE`, `FILING`, `DISCOVERY`, `CASE_INITIATION`.
        #[param(example = "FILING")]
        pub workflow_phase: Option<Text<120>>,
        /// Rules for this case type, matched exactly (case-sensitive, lower case), e.g.
        /// `civil`, `commercial`, together with the rules without a case-type limit.
        #[param(example = "civil")]
        pub case_type: Option<Text<120>>,
        /// Full-text search over summary, source text, tags, structured data and citation:
        /// every word must match (stemmed); `"quoted words"` must appear as a phrase.
        /// Punctuation is ignored; a `q` without letters or digits does not filter.
        #[param(example = "courtesy copies")]
        pub q: Option<Text<500>>,
        /// Most rules returned (default 100).
        pub limit: Option<Integer<1, { MAX_LIMIT as i64 }>>,
    }
}

impl From<ExtractedRulesQuery> for Search {
    fn from(query: ExtractedRulesQuery) -> Self {
        Search {
            district_id: query.district_id.map(Text::into_string),
            judge_slug: query.judge_slug.map(Text::into_string),
            include_court_rules: query.include_court_rules,
            logic_type: query.logic_type.map(Text::into_string),
            workflow_phase: query.workflow_phase.map(Text::into_string),
            case_type: query.case_type.map(Text::into_string),
            q: query.q.map(Text::into_string),
            limit: query.limit.map(|limit| limit.get() as usize),
        }
    }
}

/// Search extracted filing rules (state and federal courts) with provenance
#[utoipa::path(
    get,
    path = "/api/v1/extracted-rules",
    tag = "rules",
    params(ExtractedRulesQuery),
    responses(
        (status = 200, description = "The rules: best match first with `q`, otherwise by court and source order", body = ExtractedRulesResponse),
        (status = 400, description = "A parameter is malformed, out of range or unknown", body = ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key, or district outside the key's plan", body = ForbiddenBody),
        (status = 404, description = "Unknown district, or judge not in the district", body = NotFoundBody),
    ),
    security(("bearer" = []))
)]
pub async fn extracted_rules(
    State(state): State<AppState>,
    key: ApiKey,
    Query(query): Query<ExtractedRulesQuery>,
) -> Result<Json<ExtractedRulesResponse>, ApiError> {
    Ok(Json(extracted::search(&state.service, &key.caller, query.into()).await?))
}
