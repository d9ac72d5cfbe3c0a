//! The courtrules API, same origin as the page: `fetch` with the user's key.

use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Headers, RequestInit, Response};

/// An answer that is not a success, or no answer at all.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// 0 when the server could not be reached.
    pub status: u16,
    /// The body's `error` (and `suggestion`), or what went wrong.
    pub message: String,
    /// The `details` of a 400: `[{path, message}]`.
    pub details: Vec<(String, String)>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.status {
            0 => write!(f, "{}", self.message),
            status => write!(f, "{} ({status})", self.message),
        }
    }
}

pub async fn get(path: &str, api_key: &str) -> Result<String, ApiError> {
    send("GET", path, api_key, None).await
}

/// POSTs `body` as it is: the server receives exactly these bytes.
pub async fn post_json(path: &str, api_key: &str, body: &str) -> Result<String, ApiError> {
    send("POST", path, api_key, Some(body)).await
}

/// `?name=value&…`, encoded.
pub fn query(pairs: &[(&str, &str)]) -> String {
    let pairs: Vec<String> = pairs
        .iter()
        .map(|(name, value)| format!("{name}={}", String::from(js_sys::encode_uri_component(value))))
        .collect();
    format!("?{}", pairs.join("&"))
}

async fn send(method: &str, path: &str, api_key: &str, body: Option<&str>) -> Result<String, ApiError> {
    let unreachable = |error: JsValue| ApiError {
        status: 0,
        message: format!(
            "the server could not be reached: {}",
            js_sys::JSON::stringify(&error).map(String::from).unwrap_or_default()
        ),
        details: Vec::new(),
    };
    let headers = Headers::new().map_err(unreachable)?;
    headers.set("Authorization", &format!("Bearer {api_key}")).map_err(unreachable)?;
    let init = RequestInit::new();
    init.set_method(method);
    if let Some(body) = body {
        headers.set("Content-Type", "application/json").map_err(unreachable)?;
        init.set_body(&JsValue::from_str(body));
    }
    init.set_headers(&headers);
    let window = web_sys::window().expect("the app runs in a window");
    let response: Response = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let text = JsFuture::from(response.text().map_err(unreachable)?)
        .await
        .map_err(unreachable)?
        .as_string()
        .unwrap_or_default();
    if response.ok() {
        return Ok(text);
    }
    Err(error_from(response.status(), &text, response.headers().get("Retry-After").ok().flatten()))
}

/// The spec's error body (`error`, `suggestion`, `details`) as something to show.
fn error_from(status: u16, text: &str, retry_after: Option<String>) -> ApiError {
    let body: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let mut message = body["error"].as_str().map(str::to_owned).unwrap_or_else(|| format!("HTTP {status}"));
    if let Some(suggestion) = body["suggestion"].as_str() {
        message = format!("{message}. {suggestion}");
    }
    if let Some(seconds) = retry_after.filter(|_| status == 429) {
        message = format!("{message} (try again in {seconds} s)");
    }
    let details = body["details"]
        .as_array()
        .map(|details| {
            details
                .iter()
                .map(|d| (d["path"].as_str().unwrap_or("").to_owned(), d["message"].as_str().unwrap_or("").to_owned()))
                .collect()
        })
        .unwrap_or_default();
    ApiError { status, message, details }
}
