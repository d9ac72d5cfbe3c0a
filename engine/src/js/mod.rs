//! The engine for JavaScript — browsers and Node, through the `courtrules` npm package:
//! wasm-bindgen exports over the JSON door in `ffi`, a few lines per operation, so
//! JavaScript gets the same answers and the same errors as the server, byte for byte.
//!
//! - Inputs are JavaScript values turned into JSON text by the JavaScript engine's own
//!   `JSON.stringify`: exactly the bytes the REST client would send for the same value
//!   (`undefined` members are left out, as over HTTP).
//! - Outputs are plain objects: the bytes `ffi` produced, read by the JavaScript
//!   engine's own `JSON.parse`, so `check` answers the same JSON value as `checkJson`
//!   (stringified again it may differ in how numbers are written — `12.0` becomes `12` —
//!   so bytes are compared with the `*Json` functions), and the module carries no code to
//!   decode its own answers (most of a module's size is serde code).
//! - Failures are thrown as the `EngineError` object (`{kind, ...}`).
//!
//! TypeScript types (`CheckRequest`, `CheckResponse`, `Profile`, `EngineError`,
//! `ClassifyOutcome`, …) are derived with tsify from the model, so they cannot drift
//! from the engine.
//!
//! Two sets of exports, one wasm-bindgen module each (see the features in Cargo.toml):
//! `check` (check, validate, rules, deadlines) and `document` (classify, standing-order
//! extraction, which carry the PDF reader).

use crate::error::EngineError;
use crate::model::FieldError;
use wasm_bindgen::prelude::*;

#[cfg(feature = "js-check")]
mod check;
#[cfg(feature = "js-document")]
mod document;

#[wasm_bindgen]
extern "C" {
    /// The JavaScript engine's `JSON.stringify`.
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify, catch)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;

    /// The JavaScript engine's `JSON.parse`.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &str) -> JsValue;
}

/// The JSON text of a JavaScript value, as `JSON.stringify` writes it; `what` names the
/// argument in the error when the value has no JSON form (e.g. `undefined`, a cycle).
pub(crate) fn json_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    match json_stringify(value).ok().and_then(|text| text.as_string()) {
        Some(text) => Ok(text),
        None => Err(invalid(what, &format!("the {what} must be a JSON value (an object)"))),
    }
}

pub(crate) fn invalid(path: &str, message: &str) -> JsValue {
    let details = vec![FieldError::new(path, message)];
    thrown(match path {
        "profile" => EngineError::InvalidProfile { details },
        _ => EngineError::InvalidRequest { details },
    })
}

/// An answer of `ffi` as plain JavaScript objects (its type is declared at the export).
pub(crate) fn typed(json: &[u8]) -> Result<JsValue, JsValue> {
    Ok(parsed(json))
}

pub(crate) fn thrown(error: EngineError) -> JsValue {
    parsed(&crate::ffi::to_json(&error))
}

/// An answer of `ffi` as JSON text.
pub(crate) fn text(json: Vec<u8>) -> Result<String, JsValue> {
    // (`unwrap_or_else` rather than `expect`, which would carry the error's `Debug` code.)
    Ok(String::from_utf8(json).unwrap_or_else(|_| unreachable!("serde_json writes UTF-8")))
}

fn parsed(json: &[u8]) -> JsValue {
    // `ffi` writes JSON with serde_json, which is always UTF-8.
    json_parse(std::str::from_utf8(json).unwrap_or_else(|_| unreachable!("serde_json writes UTF-8")))
}
