//! Finding what a request names — district, judge, compliance profile — with the
//! service's errors, and the rule that a request's own problems outrank them.

use super::error::{AccessDenied, Error};
use super::{Caller, Service};
use crate::keys::Plan;
use crate::sandbox::{Due, Op};
use crate::store::catalogue::{Catalogue, CompiledProfile, Judge};
use crate::store::courts::Court;
use courtrules_engine::model::{COURT_JUDGE_SLUG, FieldError};

/// The court with this id (or a former id of it), if it exists (`UnknownDistrict`)
/// and the caller's plan includes it (`DistrictNotAccessible`). A former id (a renamed
/// court) answers as the court, under the court's own id.
pub fn court<'c>(
    service: &Service,
    catalogue: &'c Catalogue,
    caller: &Caller,
    district_id: &str,
) -> Result<&'c Court, Error> {
    let Some(court) = catalogue.court(district_id) else {
        return Err(Error::UnknownDistrict {
            district_id: district_id.to_owned(),
            did_you_mean: catalogue
                .alias_of(district_id)
                .map(str::to_owned)
                .or_else(|| case_of(catalogue, district_id))
                .or_else(|| reordered(catalogue, district_id)),
        });
    };
    if !caller.plan.allows(&court.district_id) {
        let accessible = match &caller.plan {
            Plan::All => Vec::new(),
            Plan::Districts(districts) => districts.iter().cloned().collect(),
        };
        let contact = service.contact.clone();
        return Err(Error::DistrictNotAccessible(Box::new(AccessDenied { court: court.clone(), accessible, contact })));
    }
    Ok(court)
}

/// The court an id with capitals names once lower-cased (`EDNY`, `NYED`): ids are
/// lower-case, so it stays unknown, but its error points at the id ("did you mean
/// `edny`?"), as for an alias.
fn case_of(catalogue: &Catalogue, district_id: &str) -> Option<String> {
    let lower = district_id.to_ascii_lowercase();
    if lower == district_id {
        return None;
    }
    match catalogue.court(&lower) {
        Some(court) => Some(court.district_id.clone()),
        None => catalogue.alias_of(&lower).map(str::to_owned),
    }
}

/// The one court whose id has the same letters in another order (`ndil` → `ilnd`,
/// `dnh` → `nhd`): federal ids join a state and a district in either order, and people
/// write them both ways. None when no id or several ids match.
fn reordered(catalogue: &Catalogue, district_id: &str) -> Option<String> {
    let letters = |id: &str| {
        let mut letters: Vec<char> = id.to_ascii_lowercase().chars().collect();
        letters.sort_unstable();
        letters
    };
    if district_id.len() < 3 || district_id.len() > 8 {
        return None;
    }
    let wanted = letters(district_id);
    only_one(catalogue.courts().filter(|court| letters(&court.district_id) == wanted))
        .map(|court| court.district_id.clone())
}

/// The one item, if there is exactly one: a guess at what was meant is offered only when
/// nothing else fits as well.
fn only_one<T>(mut items: impl Iterator<Item = T>) -> Option<T> {
    match (items.next(), items.next()) {
        (Some(item), None) => Some(item),
        _ => None,
    }
}

/// The judge on a court's roster (`JudgeNotFound` if absent). `None` when the court has
/// no roster at all, or for `court` (the court-wide rules, which name no judge): then
/// the profile decides.
pub fn judge<'c>(catalogue: &'c Catalogue, court: &Court, judge_slug: &str) -> Result<Option<&'c Judge>, Error> {
    let roster = catalogue.judges(&court.district_id);
    if roster.is_empty() || judge_slug == COURT_JUDGE_SLUG {
        return Ok(None);
    }
    match roster.iter().find(|judge| judge.slug == judge_slug) {
        Some(judge) => Ok(Some(judge)),
        None => Err(Error::JudgeNotFound {
            district_id: court.district_id.clone(),
            judge_slug: judge_slug.to_owned(),
            did_you_mean: judge_meant(roster.iter().map(|judge| judge.slug.as_str()), judge_slug),
        }),
    }
}

/// The one slug of `roster` that `given` names by its last words (`brodie`, `k-brodie`
/// for `margo-k-brodie`); `None` when none or several do.
fn judge_meant<'r>(roster: impl Iterator<Item = &'r str>, given: &str) -> Option<String> {
    if given.is_empty() {
        return None;
    }
    let tail = format!("-{given}");
    only_one(roster.filter(|slug| slug.ends_with(&tail))).map(str::to_owned)
}

/// The court's compliance profile (`NoProfile` if it has none).
pub fn profile<'c>(catalogue: &'c Catalogue, court: &Court) -> Result<&'c CompiledProfile, Error> {
    catalogue.profile(&court.district_id).ok_or_else(|| Error::NoProfile(Box::new(court.clone())))
}

/// District, judge and profile in turn: what a check, a rules query or a
/// classification routes by.
pub fn judge_profile<'c>(
    service: &Service,
    catalogue: &'c Catalogue,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
) -> Result<&'c CompiledProfile, Error> {
    let court = court(service, catalogue, caller, district_id)?;
    judge(catalogue, court, judge_slug)?;
    profile(catalogue, court)
}

/// Why a request could not be routed to a profile.
pub enum Miss {
    /// The ids it routes by are missing or not strings; validation will say why.
    Unroutable,
    Error(Error),
}

impl From<Error> for Miss {
    fn from(error: Error) -> Self {
        Miss::Error(error)
    }
}

impl Miss {
    /// The answer to a request that routed nowhere. Validation outranks the lookup (an
    /// invalid request for an unknown district is a validation error), so the engine
    /// validates it with `validate`, the request's own validate operation; only this
    /// path pays for a separate validate call.
    pub async fn refuse(self, service: &Service, validate: Op) -> Error {
        let details = match service.sandbox.call(validate, Due::Request).await {
            Ok(Ok(details)) => match serde_json::from_slice(&details) {
                Ok(details) => details,
                Err(error) => return Error::Internal(error.into()),
            },
            Ok(Err(error)) => return Error::from_engine(error),
            Err(error) => return Error::from(error),
        };
        self.after_validation(details)
    }

    /// Validation outranks the lookup: the engine's problems if it found any, else the
    /// lookup's own error. A district id refused for its form (`EDNY`) whose court the
    /// lookup could name keeps that hint, so `/check` and `/rules` say "did you mean
    /// `edny`?" as the endpoints that only look the court up do.
    pub fn after_validation(self, mut details: Vec<FieldError>) -> Error {
        if !details.is_empty() {
            if let Miss::Error(Error::UnknownDistrict { did_you_mean: Some(meant), .. }) = &self {
                for detail in details.iter_mut().filter(|detail| detail.path == "district_id") {
                    detail.message.push_str(&super::error::meant_hint(meant));
                }
            }
            return Error::invalid(details);
        }
        match self {
            Miss::Error(error) => error,
            Miss::Unroutable => Error::Internal(anyhow::anyhow!("the engine accepted a request it cannot route")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::judge_meant;

    #[test]
    fn a_judge_named_by_the_last_words_of_their_slug_is_suggested_when_only_one_fits() {
        let roster = ["margo-k-brodie", "brian-m-cogan", "frederic-block", "nina-gershon", "john-doe", "jane-doe"];
        let meant = |given| judge_meant(roster.into_iter(), given);
        assert_eq!(meant("brodie").as_deref(), Some("margo-k-brodie"));
        assert_eq!(meant("k-brodie").as_deref(), Some("margo-k-brodie"));
        assert_eq!(meant("block").as_deref(), Some("frederic-block"));
        // Two judges named Doe, none named Smith, and no guessing from a fragment.
        assert_eq!(meant("doe"), None);
        assert_eq!(meant("smith"), None);
        assert_eq!(meant("rodie"), None);
        assert_eq!(meant(""), None);
    }
}
