//! Deadlines after an event, computed by the engine from the district's time rules.
//! Order of errors, as for a check: the request's own problems (validation) → district
//! (unknown, not accessible) → judge → compliance profile (the time rules come with it);
//! then the engine's answer.

use super::lookup::{self, Miss};
use super::{Caller, Error, Service};
use crate::sandbox::{Due, Op};
use crate::store::time_rules;
use courtrules_engine::model::COURT_JUDGE_SLUG;
use serde::Deserialize;

/// The engine's `DeadlineResponse` JSON for a `DeadlineRequest` JSON, byte for byte
/// what the browser build of the engine computes from the same time rules.
pub async fn deadlines(service: &Service, caller: &Caller, request: Vec<u8>) -> Result<Vec<u8>, Error> {
    let rules = match find_rules(service, caller, &request).await {
        Ok(rules) => rules,
        Err(miss) => return Err(miss.refuse(service, Op::ValidateDeadlineRequest { request }).await),
    };
    service
        .sandbox
        .call(Op::Deadlines { rules: rules.into(), request }, Due::Request)
        .await?
        .map_err(Error::from_engine)
}

/// A district's time rules (JSON), for computing its deadlines elsewhere (the browser,
/// the npm package): the same document the server computes from.
pub async fn time_rules(service: &Service, caller: &Caller, district_id: &str) -> Result<Vec<u8>, Error> {
    rules_of(service, caller, district_id, COURT_JUDGE_SLUG).await
}

/// The time rules a request routes to, by its `district_id` and `judge_slug` (when they
/// are strings).
async fn find_rules(service: &Service, caller: &Caller, request: &[u8]) -> Result<Vec<u8>, Miss> {
    let route: Route = serde_json::from_slice(request).unwrap_or(Route { district_id: None, judge_slug: None });
    let judge = match route.judge_slug {
        None | Some(serde_json::Value::Null) => COURT_JUDGE_SLUG.to_owned(),
        Some(serde_json::Value::String(judge)) => judge,
        Some(_) => return Err(Miss::Unroutable),
    };
    let Some(serde_json::Value::String(district_id)) = route.district_id else { return Err(Miss::Unroutable) };
    Ok(rules_of(service, caller, &district_id, &judge).await?)
}

async fn rules_of(service: &Service, caller: &Caller, district_id: &str, judge: &str) -> Result<Vec<u8>, Error> {
    let catalogue = service.catalogue();
    let court = lookup::court(service, &catalogue, caller, district_id)?;
    lookup::judge(&catalogue, court, judge)?;
    lookup::profile(&catalogue, court)?;
    match time_rules::stored(service.db.pool(), &court.district_id).await? {
        Some(document) => Ok(document),
        None => Err(Error::NoProfile(Box::new(court.clone()))),
    }
}

/// The two ids a request routes by.
#[derive(Deserialize)]
struct Route {
    #[serde(default)]
    district_id: Option<serde_json::Value>,
    #[serde(default)]
    judge_slug: Option<serde_json::Value>,
}
