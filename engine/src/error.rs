//! Why an engine operation could not answer.

use crate::model::FieldError;
use crate::validate::summary;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
pub enum EngineError {
    /// The request is not a valid check request (the 400 body's `details`).
    InvalidRequest { details: Vec<FieldError> },
    /// The compliance profile does not follow the profile format.
    InvalidProfile { details: Vec<FieldError> },
    /// The judge is not in the profile: not on the district's roster, or left out of a
    /// profile trimmed to another judge (`GET /api/v1/profile?judge_slug=…`).
    JudgeNotFound { district_id: String, judge_slug: String },
    /// The request names a different district than the profile covers.
    DistrictMismatch { profile_district: String, requested_district: String },
    /// The input could not be analysed at all (e.g. bytes that are not a PDF).
    InvalidInput { message: String },
}

impl EngineError {
    pub fn message(&self) -> String {
        match self {
            EngineError::InvalidRequest { details } => summary("the request is invalid", details),
            EngineError::InvalidProfile { details } => summary("the compliance profile is invalid", details),
            EngineError::JudgeNotFound { district_id, judge_slug } => {
                // The server answers its own 404 text (host/src/service/error.rs); this one
                // is read by local callers, whose profile may be one judge's alone.
                format!(
                    "judge `{judge_slug}` is not in this profile of `{district_id}`; a profile fetched for one judge \
                     holds that judge alone: fetch the profile for this judge"
                )
            }
            EngineError::DistrictMismatch { profile_district, requested_district } => format!(
                "the request is for district `{requested_district}` but the profile covers `{profile_district}`"
            ),
            EngineError::InvalidInput { message } => message.clone(),
        }
    }
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for EngineError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge missing from a profile trimmed to another judge is the common case
    /// locally: the message says what to fetch, not that the judge is unknown.
    #[test]
    fn a_judge_not_found_says_to_fetch_that_judges_profile() {
        let error = EngineError::JudgeNotFound { district_id: "edny".into(), judge_slug: "margo-k-brodie".into() };
        assert_eq!(
            error.to_string(),
            "judge `margo-k-brodie` is not in this profile of `edny`; a profile fetched for one judge holds that \
             judge alone: fetch the profile for this judge"
        );
    }
}
