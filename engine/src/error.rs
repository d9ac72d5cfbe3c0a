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
    /// The judge is not on the district's roster.
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
                format!("judge `{judge_slug}` is not on the roster of district `{district_id}`")
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
