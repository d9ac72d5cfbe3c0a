//! The engine for JavaScript — browsers and Node, through the `courtrules` npm package:
//! wasm-bindgen exports over the JSON door in `ffi`, a few lines per operation, so
//! JavaScript gets the same answers and the same errors as the server, byte for byte.
//!
//! - Inputs are JavaScript values turned into JSON text by the JavaScript engine's own
//!   `JSON.stringify`: exactly the bytes the REST client would send for the same value
//!   (`undefined` members are left out, as over HTTP).
//! - Outputs are plain objects (`serde_wasm_bindgen`'s JSON-compatible serializer)
//!   decoded from the bytes `ffi` produced, so `check` and `checkJson` cannot differ.
//! - Failures are thrown as the `EngineError` object (`{kind, ...}`).
//!
//! TypeScript types (`CheckRequest`, `CheckResponse`, `Profile`, `EngineError`,
//! `ClassifyOutcome`, …) are derived with tsify from the model, so they cannot drift
//! from the engine.

use crate::error::EngineError;
use crate::ffi;
use crate::model::{CheckResponse, ClassifyOutcome, FieldError, LayeredRules, Profile};
use serde::Serialize;
use serde::de::DeserializeOwned;
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
    typed::<CheckResponse>(answer.as_bytes())
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
    typed::<Vec<FieldError>>(&ffi::validate_json(json_text(&request, "request")?.as_bytes()))
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
    typed::<LayeredRules>(&answer)
}

/// Analyses a PDF on this machine — it is never uploaded — as `POST /api/v1/classify`
/// does: `response` is that endpoint's body (its `check_request` fills a check request),
/// `scanned_pages` the pages without a text layer, and `unread_pages` those of them
/// whose words are missing (there is no text recognition here). Throws an
/// `EngineError` when the bytes are not a readable PDF or the hints are invalid.
#[wasm_bindgen(unchecked_return_type = "ClassifyOutcome")]
pub fn classify(
    #[wasm_bindgen(js_name = pdfBytes)] pdf_bytes: &[u8],
    #[wasm_bindgen(unchecked_param_type = "ClassifyHints")] hints: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let hints = match hints {
        Some(hints) => json_text(&hints, "hints")?,
        None => String::new(),
    };
    typed::<ClassifyOutcome>(&ffi::classify_json(pdf_bytes, hints.as_bytes()).map_err(thrown)?)
}

/// Reads a judge's individual practices or standing order on this machine — it is
/// never uploaded — and proposes standing-order rules, each with the sentence it came
/// from, as `POST /api/v1/standing-order-drafts` does. `document` is a PDF's bytes, or
/// UTF-8 text (a form feed between pages). Throws an `EngineError` for a file that cannot
/// be read or invalid options.
#[wasm_bindgen(js_name = extractStandingOrder, unchecked_return_type = "Extraction")]
pub fn extract_standing_order(
    document: &[u8],
    #[wasm_bindgen(unchecked_param_type = "IngestOptions")] options: JsValue,
) -> Result<JsValue, JsValue> {
    let options = json_text(&options, "options")?;
    typed::<crate::model::Extraction>(&ffi::extract_json(options.as_bytes(), document).map_err(thrown)?)
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
    typed::<crate::model::DeadlineResponse>(&ffi::deadlines_json(rules.as_bytes(), request.as_bytes()).map_err(thrown)?)
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

#[wasm_bindgen]
extern "C" {
    /// The JavaScript engine's `JSON.stringify`.
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify, catch)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
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

/// The JSON text of a JavaScript value, as `JSON.stringify` writes it; `what` names the
/// argument in the error when the value has no JSON form (e.g. `undefined`, a cycle).
fn json_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    match json_stringify(value).ok().and_then(|text| text.as_string()) {
        Some(text) => Ok(text),
        None => Err(invalid(what, &format!("the {what} must be a JSON value (an object)"))),
    }
}

fn invalid(path: &str, message: &str) -> JsValue {
    let details = vec![FieldError::new(path, message)];
    thrown(match path {
        "profile" => EngineError::InvalidProfile { details },
        _ => EngineError::InvalidRequest { details },
    })
}

/// Decodes an answer of `ffi` into its type and hands it to JavaScript as plain objects.
fn typed<T: Serialize + DeserializeOwned>(json: &[u8]) -> Result<JsValue, JsValue> {
    let value: T = serde_json::from_slice(json).expect("ffi answers decode into their own types");
    Ok(to_js(&value))
}

fn text(json: Vec<u8>) -> Result<String, JsValue> {
    Ok(String::from_utf8(json).expect("serde_json writes UTF-8"))
}

fn thrown(error: EngineError) -> JsValue {
    to_js(&error)
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).expect("engine types serialize to JavaScript")
}
