//! Deadlines after an event, computed by the engine from the district's time rules.
//! Order of errors, as for a check: the request's own problems (validation) → district
//! (unknown, not accessible) → judge → compliance profile (the time rules come with it);
//! then the engine's answer.

use super::lookup;
use super::{Caller, Error, Service};
use crate::sandbox::{Due, Op};
use crate::store::time_rules;
use courtrules_engine::model::{COURT_JUDGE_SLUG, FieldError};
use serde::Deserialize;
use std::sync::Arc;

/// The engine's `DeadlineResponse` JSON for a `DeadlineRequest` JSON, byte for byte
/// what the browser build of the engine computes from the same time rules.
pub async fn deadlines(service: &Service, caller: &Caller, request: Vec<u8>) -> Result<Vec<u8>, Error> {
    let details: Vec<FieldError> =
        match service.sandbox.call(Op::ValidateDeadlineRequest { request: request.clone() }, Due::Request).await? {
            Ok(details) => serde_json::from_slice(&details).map_err(anyhow::Error::from)?,
            Err(error) => return Err(Error::from_engine(error)),
        };
    if !details.is_empty() {
        return Err(Error::invalid(details));
    }
    let route: Route = serde_json::from_slice(&request).map_err(anyhow::Error::from)?;
    let judge = route.judge_slug.as_deref().unwrap_or(COURT_JUDGE_SLUG);
    let rules = rules_of(service, caller, &route.district_id, judge).await?;
    service.sandbox.call(Op::Deadlines { rules, request }, Due::Request).await?.map_err(Error::from_engine)
}

/// A district's time rules (JSON), for computing its deadlines elsewhere (the browser,
/// the npm package): the same document the server computes from.
pub async fn time_rules(service: &Service, caller: &Caller, district_id: &str) -> Result<Vec<u8>, Error> {
    Ok(rules_of(service, caller, district_id, COURT_JUDGE_SLUG).await?.to_vec())
}

async fn rules_of(service: &Service, caller: &Caller, district_id: &str, judge: &str) -> Result<Arc<[u8]>, Error> {
    let catalogue = service.catalogue();
    let court = lookup::court(service, &catalogue, caller, district_id)?;
    lookup::judge(&catalogue, court, judge)?;
    lookup::profile(&catalogue, court)?;
    match time_rules::stored(service.db.pool(), &court.district_id).await? {
        Some(document) => Ok(document.into()),
        None => Err(Error::NoProfile(Box::new(court.clone()))),
    }
}

/// What a valid request routes by.
#[derive(Deserialize)]
struct Route {
    district_id: String,
    #[serde(default)]
    judge_slug: Option<String>,
}
