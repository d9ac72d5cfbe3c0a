//! The check module's exports: check, validate, rules, deadlines.

use super::{invalid, json_text, text, thrown, typed};
use crate::ffi;
use crate::model::Profile;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Checks a described filing against a compliance profile (as `POST /api/v1/check`).
/// Throws an `EngineError` when the profile or the request is invalid or the judge is
/// not in the profile.
#[wasm_bindgen(unchecked_return_type = "CheckResponse")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "Profile")] profile: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CheckRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    let answer = check_json(&json_text(&profile, "profile")?, &json_text(&request, "request")?)?;
    typed(answer.as_bytes())
}

/// `check` over JSON text: the exact bytes the server answers `POST /api/v1/check` with.
#[wasm_bindgen(js_name = checkJson)]
pub fn check_json(
    #[wasm_bindgen(js_name = profileJson)] profile_json: &str,
    #[wasm_bindgen(js_name = requestJson)] request_json: &str,
) -> Result<String, JsValue> {
    let profile = parsed_profile(profile_json)?;
    text(ffi::check_json(&profile, request_json.as_bytes()).map_err(thrown)?)
}

/// Every problem with a check request, each `{path, message}` as in the server's 400
/// body; empty when the request is valid.
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(#[wasm_bindgen(unchecked_param_type = "CheckRequest")] request: JsValue) -> Result<JsValue, JsValue> {
    typed(&ffi::validate_json(json_text(&request, "request")?.as_bytes()))
}

/// The rules that apply to a judge, grouped by layer (as `GET /api/v1/rules`),
/// optionally narrowed by `{document_scope, motion_type}`.
#[wasm_bindgen(js_name = resolveRules, unchecked_return_type = "LayeredRules")]
pub fn resolve_rules(
    #[wasm_bindgen(unchecked_param_type = "Profile")] profile: JsValue,
    #[wasm_bindgen(js_name = judgeSlug)] judge_slug: &str,
    #[wasm_bindgen(unchecked_param_type = "RulesFilter")] filter: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let profile = parsed_profile(&json_text(&profile, "profile")?)?;
    let mut query = match filter {
        None => serde_json::Map::new(),
        Some(filter) => match serde_json::from_str(&json_text(&filter, "filter")?) {
            Ok(serde_json::Value::Object(filter)) => filter,
            _ => return Err(invalid("filter", "the filter must be an object: {document_scope?, motion_type?}")),
        },
    };
    query.insert("judge_slug".into(), judge_slug.into());
    let answer = ffi::resolve_rules_json(&profile, &ffi::to_json(&query)).map_err(thrown)?;
    typed(&answer)
}

/// The deadlines that follow an event, as `POST /api/v1/deadlines` computes them, from
/// the district's time rules (`GET /api/v1/courts/{district_id}/time-rules`): each with
/// its date and the trail of the computation. Throws an `EngineError` for an invalid
/// request (every problem, by path) or time rules.
#[wasm_bindgen(unchecked_return_type = "DeadlineResponse")]
pub fn deadlines(
    #[wasm_bindgen(js_name = timeRules, unchecked_param_type = "TimeRules")] time_rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DeadlineRequest")] request: JsValue,
) -> Result<JsValue, JsValue> {
    let rules = json_text(&time_rules, "timeRules")?;
    let request = json_text(&request, "request")?;
    typed(&ffi::deadlines_json(rules.as_bytes(), request.as_bytes()).map_err(thrown)?)
}

/// `deadlines` over JSON text: the same bytes as the server's answer.
#[wasm_bindgen(js_name = deadlinesJson)]
pub fn deadlines_json(
    #[wasm_bindgen(js_name = timeRulesJson)] time_rules_json: &str,
    #[wasm_bindgen(js_name = requestJson)] request_json: &str,
) -> Result<String, JsValue> {
    let answer = ffi::deadlines_json(time_rules_json.as_bytes(), request_json.as_bytes()).map_err(thrown)?;
    String::from_utf8(answer).map_err(|error| invalid("request", &error.to_string()))
}

/// The engine's version (the crate version).
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    crate::ENGINE_VERSION.to_string()
}

thread_local! {
    /// The last profile parsed, with its JSON text. Parsing a profile costs more than a
    /// check against it, and live checks pass the same profile again and again; equal
    /// text gives an equal profile, so the cache never shows in an answer.
    static LAST_PROFILE: RefCell<Option<(String, Rc<Profile>)>> = const { RefCell::new(None) };
}

fn parsed_profile(json: &str) -> Result<Rc<Profile>, JsValue> {
    LAST_PROFILE.with_borrow_mut(|last| {
        if let Some((text, profile)) = last.as_ref()
            && text == json
        {
            return Ok(Rc::clone(profile));
        }
        let profile = Rc::new(ffi::parse_profile(json.as_bytes()).map_err(thrown)?);
        *last = Some((json.to_owned(), Rc::clone(&profile)));
        Ok(profile)
    })
}
