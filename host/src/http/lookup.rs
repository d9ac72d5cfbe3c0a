//! Finding what a request names — judge and compliance profile — with the API's
//! errors. (The district is found through `ApiKey::court`, which also applies the plan.)

use super::error::ApiError;
use crate::store::catalogue::{Catalogue, CompiledProfile, Judge};
use crate::store::courts::Court;
use courtrules_engine::EngineError;
use courtrules_engine::model::{COURT_JUDGE_SLUG, FieldError};

/// The judge on a court's roster (404 if absent). `None` when the court has no
/// roster at all, or for `court` (the court-wide rules, which name no judge): then the
/// profile decides.
pub fn judge<'c>(catalogue: &'c Catalogue, court: &Court, judge_slug: &str) -> Result<Option<&'c Judge>, ApiError> {
    let roster = catalogue.judges(&court.district_id);
    if roster.is_empty() || judge_slug == COURT_JUDGE_SLUG {
        return Ok(None);
    }
    match roster.iter().find(|judge| judge.slug == judge_slug) {
        Some(judge) => Ok(Some(judge)),
        None => {
            Err(ApiError::JudgeNotFound { district_id: court.district_id.clone(), judge_slug: judge_slug.to_owned() })
        }
    }
}

/// The court's compliance profile (422 if it has none).
pub fn profile<'c>(catalogue: &'c Catalogue, court: &Court) -> Result<&'c CompiledProfile, ApiError> {
    catalogue.profile(&court.district_id).ok_or_else(|| ApiError::NoProfile(Box::new(court.clone())))
}

/// Why a request could not be routed to a profile.
pub enum Miss {
    /// The ids it routes by are missing or not strings; validation will say why.
    Unroutable,
    Error(ApiError),
}

impl From<ApiError> for Miss {
    fn from(error: ApiError) -> Self {
        Miss::Error(error)
    }
}

impl Miss {
    /// Validation outranks the lookup: the engine's problems if it found any, else the
    /// lookup's own error.
    pub fn after_validation(self, details: Vec<FieldError>) -> ApiError {
        if !details.is_empty() {
            return validation(details);
        }
        match self {
            Miss::Error(error) => error,
            Miss::Unroutable => ApiError::Internal(anyhow::anyhow!("the engine accepted a request it cannot route")),
        }
    }
}

/// A 400 carrying the engine's details, with the engine's own summary line.
pub fn validation(details: Vec<FieldError>) -> ApiError {
    ApiError::Validation { error: EngineError::InvalidRequest { details: details.clone() }.message(), details }
}

/// Maps an error the engine reported to the API's.
pub fn engine_error(error: EngineError) -> ApiError {
    match error {
        EngineError::InvalidRequest { details } => validation(details),
        EngineError::JudgeNotFound { district_id, judge_slug } => ApiError::JudgeNotFound { district_id, judge_slug },
        other => ApiError::Internal(anyhow::anyhow!("engine: {}", crate::sandbox::describe(&other))),
    }
}
