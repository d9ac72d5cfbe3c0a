//! A judge's compliance profile, as the engine consumes it: the district's profile
//! trimmed to the one judge, so a client can check offline with the same engine. The
//! format is `docs/profile-format.md`.

use super::{Caller, Error, Service, lookup};
use courtrules_engine::model::Profile;

pub async fn profile(
    service: &Service,
    caller: &Caller,
    district_id: &str,
    judge_slug: &str,
) -> Result<Profile, Error> {
    let catalogue = service.catalogue();
    let compiled = lookup::judge_profile(service, &catalogue, caller, district_id, judge_slug)?;
    if let Some(own) = super::layers::own_profile(service, caller, compiled, district_id, judge_slug).await? {
        return Ok(own);
    }
    Ok(compiled.one_judge(judge_slug))
}
