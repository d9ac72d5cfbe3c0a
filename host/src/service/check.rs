//! Checking a described filing against its judge's rules. Order of errors: the
//! request's own problems (validation) → district (unknown, not accessible) → judge →
//! compliance profile; then the engine's answer.

use super::lookup::{self, Miss};
use super::{Caller, Error, Service, layers};
use crate::sandbox::{Due, Op};
use crate::store::catalogue::{Catalogue, CompiledProfile};
use serde::Deserialize;
use std::sync::Arc;

/// The engine's `CheckResponse` JSON for a `CheckRequest` JSON, byte for byte what the
/// browser build of the engine computes. `request` must be JSON (any JSON: the engine
/// says what is wrong with it).
pub async fn check(service: &Service, caller: &Caller, request: Vec<u8>) -> Result<Vec<u8>, Error> {
    let catalogue = service.catalogue();
    let (profile, district_id, judge_slug) = match find_profile(service, &catalogue, caller, &request) {
        Ok(found) => found,
        Err(miss) => return Err(miss.refuse(service, Op::Validate { request }).await),
    };
    // The caller's organisation's own standing-order layer for the judge, if it has one.
    let bytes = match layers::own_profile_bytes(service, caller, profile, &district_id, &judge_slug).await? {
        Some(own) => own,
        None => Arc::clone(&profile.bytes),
    };
    // The engine validates again here; a valid request pays for one engine call.
    service.sandbox.call(Op::Check { profile: bytes, request }, Due::Request).await?.map_err(Error::from_engine)
}

/// The two ids a check request routes by, when they are strings.
#[derive(Deserialize)]
struct Route {
    #[serde(default)]
    district_id: Option<serde_json::Value>,
    #[serde(default)]
    judge_slug: Option<serde_json::Value>,
}

fn find_profile<'c>(
    service: &Service,
    catalogue: &'c Catalogue,
    caller: &Caller,
    request: &[u8],
) -> Result<(&'c CompiledProfile, String, String), Miss> {
    let route: Route = serde_json::from_slice(request).unwrap_or(Route { district_id: None, judge_slug: None });
    let (Some(serde_json::Value::String(district_id)), Some(serde_json::Value::String(judge_slug))) =
        (route.district_id, route.judge_slug)
    else {
        return Err(Miss::Unroutable);
    };
    let profile = lookup::judge_profile(service, catalogue, caller, &district_id, &judge_slug)?;
    Ok((profile, district_id, judge_slug))
}

/// A validation error for a body that is not JSON at all (what to check before
/// `check`, which takes any JSON).
pub fn require_json(bytes: &[u8]) -> Result<(), Error> {
    serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map(|_| ()).map_err(|error| Error::Validation {
        error: "the request body is not valid JSON".into(),
        details: vec![courtrules_engine::model::FieldError::new("", error.to_string())],
    })
}
