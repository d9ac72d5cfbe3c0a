//! The guards every request passes before it reaches a route, and the headers every
//! response leaves with:
//!
//! - `check_head`: a request head larger than any client of this API needs (a URI over
//!   8 KiB, headers over 16 KiB), or one whose meaning depends on which copy of a header
//!   is read (two `Authorization` headers), is refused with its JSON error before any
//!   work. (Two `Content-Length` headers never get here: hyper folds equal ones into
//!   one and refuses unequal ones itself.)
//! - `clean_request_id`: a client's `X-Request-Id` is logged and echoed, so only a
//!   short, plain one is kept; any other is replaced by a fresh id.
//! - `body_limit`: the body limit of the route (the configured one, or the one for
//!   documents: `/classify`'s, also the drafts' and `/mcp`'s, whose `classify_document`
//!   carries a PDF as `/classify` does).
//! - `json_errors`: an error a layer answers on its own (body limit, time-out, axum's
//!   rejections) becomes the matching JSON body.
//! - `security_headers`: `nosniff`, no framing, no referrer, and a Content-Security-
//!   Policy (the drafting app's for HTML, "nothing" for everything else).

use super::classify;
use super::error::ApiError;
use super::extract::BodyLimit;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use courtrules_engine::model::FieldError;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The longest request target (path and query) accepted.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes (names and values) accepted.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Refuses an oversized or ambiguous request head (see the module documentation).
pub async fn check_head(request: Request, next: Next) -> Response {
    match head_problem(&request) {
        Some(error) => error.into_response(),
        None => next.run(request).await,
    }
}

fn head_problem(request: &Request) -> Option<ApiError> {
    let uri_bytes = request.uri().path_and_query().map_or(0, |target| target.as_str().len());
    if uri_bytes > MAX_URI_BYTES {
        return Some(ApiError::UriTooLong { limit_bytes: MAX_URI_BYTES });
    }
    let header_bytes: usize = request.headers().iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
    if header_bytes > MAX_HEADER_BYTES {
        return Some(ApiError::HeadersTooLarge { limit_bytes: MAX_HEADER_BYTES });
    }
    let authorizations = request.headers().get_all(header::AUTHORIZATION).iter().count();
    (authorizations > 1).then_some(ApiError::RepeatedHeader("Authorization"))
}

/// Keeps a client's `X-Request-Id` only when it is one short, plain token (at most 64
/// letters, digits, `.`, `_`, `:` or `-`); otherwise removes it, so the layer that sets
/// request ids makes a fresh one. What is logged and echoed is then never the client's
/// arbitrary text.
pub async fn clean_request_id(mut request: Request, next: Next) -> Response {
    let ids = request.headers().get_all(&REQUEST_ID);
    let mut values = ids.iter();
    let acceptable = match (values.next(), values.next()) {
        (None, _) => true,
        (Some(value), None) => is_plain_id(value),
        (Some(_), Some(_)) => false,
    };
    if !acceptable {
        request.headers_mut().remove(&REQUEST_ID);
    }
    next.run(request).await
}

fn is_plain_id(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    (1..=64).contains(&bytes.len())
        && bytes.iter().all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b':' | b'-'))
}

/// The body limits: one for every route, and a larger one for `/classify`, which
/// carries a PDF.
#[derive(Clone, Copy)]
pub struct BodyLimits {
    pub default: usize,
    pub classify: usize,
}

/// Refuses a body over its route's limit: the route's body extractor answers 413 when
/// reading passes the limit, or at once when `Content-Length` already says so. The
/// limit in force is put in the request extensions (`BodyLimit`) for the 413 body.
///
/// A declared oversize body is not answered here but replaced by one that fails on its
/// first read: the route then authenticates and counts the request first, as for any
/// other problem with a body (docs/errors.md, "Order of checks"), and the client's bytes
/// are still never read.
pub async fn body_limit(State(limits): State<BodyLimits>, mut request: Request, next: Next) -> Response {
    // Documents (PDFs to classify, practices to read) get the larger limit; so does the
    // MCP tool server, whose `classify_document` carries a PDF in base64 as /classify does.
    let path = request.uri().path();
    let is_classify =
        [classify::PATH, super::layers::DRAFTS_PATH].contains(&path) || crate::mcp::http::is_mcp_path(path);
    let limit = if is_classify { limits.classify } else { limits.default };
    let declared =
        request.headers().get(header::CONTENT_LENGTH).and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    request.extensions_mut().insert(BodyLimit(limit));
    if declared.is_some_and(|length| length > limit as u64) {
        // One byte against a limit of none: the first read is a length-limit error.
        let over = http_body_util::Limited::new(http_body_util::Full::new(axum::body::Bytes::from_static(b" ")), 0);
        return next.run(request.map(|_| Body::new(over))).await;
    }
    next.run(request.map(|body| Body::new(http_body_util::Limited::new(body, limit)))).await
}

/// Whether a response's body is JSON (already one of the API's error bodies, when it is
/// an error).
pub fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"))
}

/// The safety net: an error response from a layer that answers on its own (body
/// limit, time-out, an axum rejection) becomes the matching JSON error body.
pub async fn json_errors(State(BodyLimit(limit)): State<BodyLimit>, request: Request, next: Next) -> Response {
    let method = request.method().to_string();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let error = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge { limit_bytes: limit },
        StatusCode::SERVICE_UNAVAILABLE | StatusCode::REQUEST_TIMEOUT => ApiError::Timeout,
        StatusCode::NOT_FOUND => ApiError::RouteNotFound(format!("{method} {path}")),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed { method, path },
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType,
        // axum's rejections say in a line of plain text what could not be read.
        StatusCode::BAD_REQUEST => {
            let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_owned();
            let text = if text.is_empty() { "the request could not be read".to_owned() } else { text };
            ApiError::invalid("the request could not be read (1 problem)", vec![FieldError::new("", text)])
        }
        other => {
            tracing::error!(%other, %method, %path, "an error response without a JSON body");
            ApiError::from(anyhow::anyhow!("{other} without a JSON body from {method} {path}"))
        }
    };
    let mut fixed = error.into_response();
    // Keep the status the layer chose, and its headers (e.g. CORS, Allow).
    *fixed.status_mut() = status;
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fixed.headers_mut().entry(name).or_insert(value.clone());
        }
    }
    fixed
}

/// The Content-Security-Policy values: the drafting app's (for HTML) and the one for
/// everything else.
#[derive(Clone)]
pub struct SecurityHeaders {
    index: PathBuf,
    /// The app's policy, and the `index.html` (modified, length) it was made for: an app
    /// rebuilt while the server runs has inline scripts of other hashes.
    html_policy: Arc<Mutex<(Option<FileVersion>, HeaderValue)>>,
}

/// When a file was last changed, and its length (a change within the file system's
/// timestamp resolution still changes the length, mostly).
type FileVersion = (SystemTime, u64);

/// JSON, PDFs, scripts and the like are never documents to render: nothing may load
/// from them, and nothing may frame them.
const NON_HTML_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

impl SecurityHeaders {
    /// The app's policy: its own scripts, styles and module only, plus the inline scripts
    /// of `index.html` (Trunk's loader and the page's own two, each allowed by its hash,
    /// read from `web_dir`, again whenever the file changes), WebAssembly compilation, and
    /// requests to this origin. The documentation pages carry their own `<style>`, hence
    /// inline styles.
    pub fn for_app(web_dir: &Path) -> SecurityHeaders {
        let index = web_dir.join("index.html");
        let policy = app_policy(&index);
        SecurityHeaders { html_policy: Arc::new(Mutex::new((file_version(&index), policy))), index }
    }

    fn html_policy(&self) -> HeaderValue {
        let version = file_version(&self.index);
        let mut cached = self.html_policy.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if cached.0 != version {
            *cached = (version, app_policy(&self.index));
        }
        cached.1.clone()
    }
}

fn file_version(path: &Path) -> Option<FileVersion> {
    let metadata = std::fs::metadata(path).ok()?;
    Some((metadata.modified().ok()?, metadata.len()))
}

fn app_policy(index: &Path) -> HeaderValue {
    let index = std::fs::read_to_string(index).unwrap_or_default();
    let hashes: String = inline_scripts(&index)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(" 'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
        })
        .collect();
    let policy = format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{hashes}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'"
    );
    HeaderValue::try_from(policy).expect("the policy is plain ASCII")
}

/// The text of each `<script>` element without a `src` in an HTML page. A script's text
/// ends at the first `</script>`, as an HTML parser reads it; a `<script` inside it (in
/// a comment, say) is text, not another element.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    let mut rest = html;
    std::iter::from_fn(move || {
        loop {
            let (_, after_open) = rest.split_once("<script")?;
            let (attributes, after) = after_open.split_once('>')?;
            let (text, after_close) = after.split_once("</script>")?;
            rest = after_close;
            if !attributes.contains("src=") {
                return Some(text);
            }
        }
    })
}

/// Adds the security headers to every response.
pub async fn security_headers(State(headers): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("text/html"));
    let policy = if is_html { headers.html_policy() } else { HeaderValue::from_static(NON_HTML_POLICY) };
    // A 304 has no body and no Content-Type, but a browser copies its headers onto the
    // response it stored: the non-HTML policy on a 304 for `/` would block the app's own
    // scripts on every visit after the first. A 304 keeps the stored response's policy.
    let not_modified = response.status() == StatusCode::NOT_MODIFIED;
    let set = response.headers_mut();
    if not_modified {
        set.remove(header::CONTENT_SECURITY_POLICY);
    } else {
        set.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    set.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    set.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    set.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// While the server shuts down, every response asks the client to close the connection
/// (hyper then closes it once the response is written), so keep-alive clients move to
/// another server instead of finding their connection closed under a request.
pub async fn close_when_draining(
    State(draining): State<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    if draining.load(std::sync::atomic::Ordering::SeqCst) {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_request_ids_are_kept() {
        for id in ["abc", "0f8c2b1e-4a6d-4c1b-9a35-7d2e8f9a1b2c", "trace.1:span_2", &"a".repeat(64)] {
            assert!(is_plain_id(&HeaderValue::from_str(id).unwrap()), "{id}");
        }
        for id in ["", "two words", "x\" level=ERROR msg=\"forged", &"a".repeat(65), "naïve"] {
            let Ok(value) = HeaderValue::from_bytes(id.as_bytes()) else { continue };
            assert!(!is_plain_id(&value), "{id}");
        }
    }

    #[test]
    fn inline_scripts_are_found_and_scripts_with_src_are_not() {
        let html = "<script src=\"/a.js\"></script><script type=\"module\">\nimport x;\n</script><p>";
        assert_eq!(inline_scripts(html).collect::<Vec<_>>(), ["\nimport x;\n"]);
    }

    #[test]
    fn the_apps_policy_follows_index_html_rebuilt_while_the_server_runs() {
        let dir = tempfile::tempdir().unwrap();
        let index = dir.path().join("index.html");
        let hash = |script: &str| base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script.as_bytes()));
        std::fs::write(&index, "<script>start();</script>").unwrap();
        let headers = SecurityHeaders::for_app(dir.path());
        let policy = |headers: &SecurityHeaders| headers.html_policy().to_str().unwrap().to_owned();
        assert!(policy(&headers).contains(&hash("start();")));
        std::fs::write(&index, "<script>start_again();</script>").unwrap();
        let rebuilt = policy(&headers);
        assert!(rebuilt.contains(&hash("start_again();")) && !rebuilt.contains(&hash("start();")), "{rebuilt}");
    }

    #[test]
    fn a_script_that_mentions_script_elements_is_one_script() {
        let html = "<script data-js=\"/a.js\">// its <script> element\nrun();</script><script>b();</script>";
        assert_eq!(inline_scripts(html).collect::<Vec<_>>(), ["// its <script> element\nrun();", "b();"]);
    }
}
