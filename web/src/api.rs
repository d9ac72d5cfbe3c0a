//! The courtrules API, same origin as the page: `fetch` with the user's key.

use serde_json::Value;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Headers, RequestInit, Response};

/// An answer that is not a success, or no answer at all.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// 0 when the server could not be reached.
    pub status: u16,
    /// The body's `error` (and `suggestion`), or what went wrong: for a developer, not
    /// shown as it is (the API's words name commands and headers; see [`ApiError::in_words`]).
    pub message: String,
    /// The `details` of a 400: `[{path, message}]`.
    pub details: Vec<(String, String)>,
    /// A 429's `Retry-After`, in seconds.
    pub retry_after: Option<u32>,
    /// The server refused the key itself (401, or a 403 about the key), rather than, say,
    /// a court the key may not use (also a 403).
    pub key_refused: bool,
}

/// What the app says when the server refuses the key, next to the key field.
pub const KEY_REFUSED: &str = "The server refused this API key: it may be mistyped, or no longer valid. Paste a \
                               valid key and choose Use key; ask whoever runs courtrules for your firm if you need a new one.";

impl ApiError {
    /// The failure in plain words for the lawyer: no status code, path or command.
    pub fn in_words(&self) -> String {
        match self.status {
            _ if self.key_refused => "The server refused the API key; paste a valid key above.".into(),
            0 => "The server could not be reached; check the connection.".into(),
            // A success the page could not read (`app::unexpected`).
            200..=299 => "The server's answer could not be read by this page; if this goes on, report it.".into(),
            403 => "This API key may not be used for this court.".into(),
            429 => format!("Too many requests; try again in {}.", self.wait()),
            500..=599 => "The server had a problem; try again in a moment.".into(),
            _ => "The server did not accept the request; if this goes on, report it.".into(),
        }
    }

    /// How long to wait before asking again, in words: "60 s".
    fn wait(&self) -> String {
        match self.retry_after {
            Some(seconds) => format!("{seconds} s"),
            None => "a minute".into(),
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

/// `GET /api/v1/judges` of a court.
pub fn judges_path(district_id: &str) -> String {
    format!("/api/v1/judges{}", query(&[("district_id", district_id)]))
}

/// `GET /api/v1/courts/{district_id}/time-rules`.
pub fn time_rules_path(district_id: &str) -> String {
    format!("/api/v1/courts/{}/time-rules", String::from(js_sys::encode_uri_component(district_id)))
}

/// `GET /api/v1/profile` of a court's judge.
pub fn profile_path(district_id: &str, judge_slug: &str) -> String {
    format!("/api/v1/profile{}", query(&[("district_id", district_id), ("judge_slug", judge_slug)]))
}

/// `?name=value&…`, encoded.
pub fn query(pairs: &[(&str, &str)]) -> String {
    let pairs: Vec<String> = pairs
        .iter()
        .map(|(name, value)| format!("{name}={}", String::from(js_sys::encode_uri_component(value))))
        .collect();
    format!("?{}", pairs.join("&"))
}

/// Where GETs started before the app needed them wait to be taken, each answer read
/// whole: `window.__courtrulesStarted = { key, requests: { [path]: Promise<{status,
/// retryAfter, text}> } }`. The inline script in web/index.html starts the app's first
/// requests there while the wasm is still loading; [`start_early`] does the same once the
/// app runs. Reading the bodies there too means the app finds its first answers ready:
/// its start (courts → judges → rules) runs on without waiting for the network between
/// steps.
const STARTED: &str = "__courtrulesStarted";

/// Starts a GET of each of `paths` with `api_key` now, for [`get`] to take later (once)
/// instead of asking again; a path already started with this key is left as it is.
pub fn start_early(paths: &[String], api_key: &str) {
    let Some(window) = web_sys::window() else { return };
    let existing = js_sys::Reflect::get(&window, &STARTED.into()).unwrap_or(JsValue::UNDEFINED);
    let same_key = existing.is_object()
        && js_sys::Reflect::get(&existing, &"key".into()).ok().and_then(|k| k.as_string()).as_deref() == Some(api_key);
    let requests = if same_key {
        js_sys::Reflect::get(&existing, &"requests".into()).unwrap_or(JsValue::UNDEFINED)
    } else {
        let started = js_sys::Object::new();
        let requests = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&started, &"key".into(), &JsValue::from_str(api_key));
        let _ = js_sys::Reflect::set(&started, &"requests".into(), &requests);
        let _ = js_sys::Reflect::set(&window, &STARTED.into(), &started);
        requests.into()
    };
    let Ok(headers) = Headers::new() else { return };
    if headers.set("Authorization", &format!("Bearer {api_key}")).is_err() {
        return;
    }
    let init = RequestInit::new();
    init.set_headers(&headers);
    for path in paths {
        let path = JsValue::from_str(path);
        if js_sys::Reflect::has(&requests, &path).unwrap_or(true) {
            continue;
        }
        let Some(path_text) = path.as_string() else { continue };
        let fetched = window.fetch_with_str_and_init(&path_text, &init);
        let promise = wasm_bindgen_futures::future_to_promise(async move { Ok(read(fetched).await?.to_js()) });
        // Handled, so an unused failure is not reported; `get` still sees it.
        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_| {});
        let _ = promise.catch(&ignore);
        ignore.forget();
        let _ = js_sys::Reflect::set(&requests, &path, &promise);
    }
}

/// Waits until the answers started early for `paths` have arrived (or failed), or
/// `limit_ms` have passed; at once when none of them was started.
pub async fn started_answers(paths: &[String], limit_ms: i32) {
    let Some(window) = web_sys::window() else { return };
    let requests = js_sys::Reflect::get(&window, &STARTED.into())
        .ok()
        .filter(JsValue::is_object)
        .and_then(|started| js_sys::Reflect::get(&started, &"requests".into()).ok())
        .filter(JsValue::is_object);
    let Some(requests) = requests else { return };
    let waited = js_sys::Array::new();
    for path in paths {
        if let Ok(promise) = js_sys::Reflect::get(&requests, &JsValue::from_str(path))
            && promise.is_object()
        {
            waited.push(&promise);
        }
    }
    if waited.length() == 0 {
        return;
    }
    let answers = js_sys::Promise::all_settled(&waited);
    let timer = js_sys::Promise::new(&mut |resolve, _| {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, limit_ms);
    });
    let _ = JsFuture::from(js_sys::Promise::race(&js_sys::Array::of2(&answers, &timer))).await;
}

/// The GET of `path` with `api_key` started early, if there is one; taken once.
fn take_started(path: &str, api_key: &str) -> Option<js_sys::Promise> {
    let window = web_sys::window()?;
    let started = js_sys::Reflect::get(&window, &STARTED.into()).ok().filter(|s| s.is_object())?;
    if js_sys::Reflect::get(&started, &"key".into()).ok()?.as_string()? != api_key {
        return None;
    }
    let requests: js_sys::Object = js_sys::Reflect::get(&started, &"requests".into()).ok()?.dyn_into().ok()?;
    let path = JsValue::from_str(path);
    let promise = js_sys::Reflect::get(&requests, &path).ok()?.dyn_into::<js_sys::Promise>().ok()?;
    let _ = js_sys::Reflect::delete_property(&requests, &path);
    Some(promise)
}

/// What the app needs of an answer, read whole.
struct Answer {
    status: u16,
    retry_after: Option<String>,
    text: String,
}

impl Answer {
    /// As the early requests hold it (see [`STARTED`]).
    fn to_js(&self) -> JsValue {
        let object = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&object, &"status".into(), &JsValue::from(self.status));
        let retry_after = self.retry_after.as_deref().map_or(JsValue::NULL, JsValue::from_str);
        let _ = js_sys::Reflect::set(&object, &"retryAfter".into(), &retry_after);
        let _ = js_sys::Reflect::set(&object, &"text".into(), &JsValue::from_str(&self.text));
        object.into()
    }

    fn from_js(object: &JsValue) -> Answer {
        let field = |name: &str| js_sys::Reflect::get(object, &name.into()).unwrap_or(JsValue::UNDEFINED);
        Answer {
            status: field("status").as_f64().map_or(0, |status| status as u16),
            retry_after: field("retryAfter").as_string(),
            text: field("text").as_string().unwrap_or_default(),
        }
    }
}

/// Waits for a `fetch` and reads its body.
async fn read(fetched: js_sys::Promise) -> Result<Answer, JsValue> {
    let response: Response = JsFuture::from(fetched).await?.dyn_into()?;
    let text = JsFuture::from(response.text()?).await?.as_string().unwrap_or_default();
    Ok(Answer { status: response.status(), retry_after: response.headers().get("Retry-After").ok().flatten(), text })
}

async fn send(method: &str, path: &str, api_key: &str, body: Option<&str>) -> Result<String, ApiError> {
    // A failed fetch rejects with a TypeError, which JSON writes as `{}`: its message is
    // the one thing worth keeping (for a developer; the page says it in words).
    let unreachable = |error: JsValue| ApiError {
        status: 0,
        message: format!(
            "the server could not be reached ({})",
            error.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default()
        ),
        details: Vec::new(),
        retry_after: None,
        key_refused: false,
    };
    // An early request that got no answer (the network was down then) is asked again
    // now rather than reported: the app asks when it is ready to use the answer.
    // One that has not answered within the time limit (a server that took the
    // connection and hangs) is asked again too, this time with the limit.
    let started = match (method == "GET").then(|| take_started(path, api_key)).flatten() {
        Some(started) => JsFuture::from(within_limit(started))
            .await
            .ok()
            .filter(JsValue::is_object)
            .map(|answer| Answer::from_js(&answer)),
        None => None,
    };
    let answer = match started {
        Some(answer) => answer,
        None => {
            let headers = Headers::new().map_err(unreachable)?;
            headers.set("Authorization", &format!("Bearer {api_key}")).map_err(unreachable)?;
            let init = RequestInit::new();
            init.set_method(method);
            if let Some(body) = body {
                headers.set("Content-Type", "application/json").map_err(unreachable)?;
                init.set_body(&JsValue::from_str(body));
            }
            init.set_headers(&headers);
            // A server that takes the connection and never answers is told as one that
            // cannot be reached (and asked again as such), not waited for for ever. The
            // signal also stops the reading of a body that stalls.
            if let Some(signal) = time_limit() {
                let _ = js_sys::Reflect::set(&init, &"signal".into(), &signal);
            }
            let window = web_sys::window().expect("the app runs in a window");
            read(window.fetch_with_str_and_init(path, &init)).await.map_err(unreachable)?
        }
    };
    if (200..300).contains(&answer.status) {
        return Ok(answer.text);
    }
    Err(error_from(answer.status, &answer.text, answer.retry_after))
}

/// How long a request may go unanswered before it is given up as unreachable.
pub const TIME_LIMIT_MS: u32 = 20_000;

/// `AbortSignal.timeout(TIME_LIMIT_MS)`, where the browser has it (reached through
/// `Reflect`, as web-sys has it behind a feature).
fn time_limit() -> Option<JsValue> {
    let class = js_sys::Reflect::get(&js_sys::global(), &"AbortSignal".into()).ok().filter(JsValue::is_function)?;
    let timeout: js_sys::Function = js_sys::Reflect::get(&class, &"timeout".into()).ok()?.dyn_into().ok()?;
    timeout.call1(&class, &JsValue::from(TIME_LIMIT_MS)).ok()
}

/// `promise`, or `undefined` once TIME_LIMIT_MS have passed without it settling.
fn within_limit(promise: js_sys::Promise) -> js_sys::Promise {
    let timer = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, TIME_LIMIT_MS as i32);
        }
    });
    js_sys::Promise::race(&js_sys::Array::of2(&promise, &timer))
}

/// The spec's error body (`error`, `suggestion`, `details`), kept for a developer; what
/// the page shows is [`ApiError::in_words`], or the `details` in the fields' words.
fn error_from(status: u16, text: &str, retry_after: Option<String>) -> ApiError {
    let body: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let mut message = body["error"].as_str().map(str::to_owned).unwrap_or_else(|| format!("HTTP {status}"));
    if let Some(suggestion) = body["suggestion"].as_str() {
        message = format!("{message}. {suggestion}");
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
    // A 403 is about the key when its documentation is the authentication section; a key
    // that may not use a court gets a 403 too (`#district-not-accessible`).
    let about_key = body["docs_url"].as_str().is_some_and(|url| url.ends_with("#authentication"));
    ApiError {
        status,
        message,
        details,
        retry_after: retry_after.filter(|_| status == 429).and_then(|seconds| seconds.trim().parse().ok()),
        key_refused: status == 401 || (status == 403 && about_key),
    }
}
