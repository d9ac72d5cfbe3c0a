//! `/mcp`: the tool server over streamable HTTP, on the API's own listener. The route
//! authenticates the bearer key first (401/403 with the API's JSON bodies, as every
//! endpoint) and hands it to the tools in the request's extensions. It then reads the
//! body within the route's body limit (room for `classify_document`'s largest PDF in
//! base64, as `/classify`), so a body over it gets the API's 413 (the tool server itself
//! would answer a failed read with a bare 500).
//!
//! The tool server (`rmcp`) refuses what the transport does not allow — a `Host` not
//! naming this server, a missing `Accept`, an unknown session, a body that is not one
//! JSON-RPC message — with a line of plain text. Each such answer is given its own
//! words here, as a JSON body (`docs/mcp.md`, "Errors over HTTP"): the service's error
//! body for HTTP-level refusals, a JSON-RPC error (`-32700`, `-32600`, `-32602`) for a
//! body that is not a message this server reads. None of them is logged as a fault of
//! the server.

use super::CourtrulesMcp;
use super::jsonrpc::{classify_message, error_answer, misfits_its_method};
use super::sessions::{Refused, Sessions};
use crate::http::AppState;
use crate::http::auth::ApiKey;
use crate::http::error::ApiError;
use crate::http::extract::{read_body, without_bom};
use crate::service::error::ErrorBody;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::model::ProtocolVersion;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::sync::Arc;

pub const PATH: &str = "/mcp";

/// The headers of the streamable HTTP transport (which CORS lets a browser client send,
/// and read the first of): the session id, the protocol version, and the last event seen
/// when resuming a stream.
pub const SESSION_ID: HeaderName = HeaderName::from_static("mcp-session-id");
pub const PROTOCOL_VERSION: HeaderName = HeaderName::from_static("mcp-protocol-version");
pub const LAST_EVENT_ID: HeaderName = HeaderName::from_static("last-event-id");

/// Whether `path` is the tool server's: `/mcp` only (a path below it is no route).
pub fn is_mcp_path(path: &str) -> bool {
    path == PATH
}

/// What the `/mcp` route shares: the API's state and the open sessions.
#[derive(Clone)]
struct Route {
    state: AppState,
    sessions: Arc<Sessions>,
}

/// The `/mcp` route.
pub fn router(state: AppState) -> Router {
    let limits = state.config.mcp_sessions;
    let for_tools = state.clone();
    let mut config = StreamableHttpServerConfig::default()
        // The route reads the body within its own limit first (room for the largest PDF
        // `classify_document` takes, in base64): the tool server must not refuse less.
        .with_max_request_body_bytes(state.config.classify_body_limit_bytes());
    // Requests must name this server (DNS-rebinding protection): its public host too.
    if let Some(host) = state.config.public_url.split("://").nth(1).map(|rest| rest.split('/').next().unwrap_or(rest)) {
        config.allowed_hosts.push(host.to_owned());
        config.allowed_hosts.push(host.split(':').next().unwrap_or(host).to_owned());
    }
    let manager = Arc::new(LocalSessionManager::default());
    let sessions = Arc::new(Sessions::new(Arc::clone(&manager), limits));
    let tools = StreamableHttpService::new(move || Ok(CourtrulesMcp::for_http(for_tools.clone())), manager, config);
    let route = Route { state, sessions };
    // `/mcp` itself: a path below it is the API's 404, as any unknown route is.
    Router::new().route_service(PATH, tools).layer(middleware::from_fn_with_state(route, authenticate))
}

async fn authenticate(State(route): State<Route>, mut request: Request, next: Next) -> Response {
    let key = match ApiKey::authenticate(request.headers(), &route.state).await {
        Ok(key) => key,
        Err(error) => return error.into_response(),
    };
    let key_id = key.caller.key_id.clone();
    request.extensions_mut().insert(key);
    // The body is already limited (`guard::body_limit`); reading it here turns going
    // over the limit into the API's 413.
    let (parts, body) = request.into_parts();
    let bytes = match read_body(Request::from_parts(parts.clone(), body)).await {
        Ok(bytes) => bytes,
        Err(ApiError::PayloadTooLarge { limit_bytes }) => {
            return ApiError::McpTooLarge { limit_bytes, max_pdf_bytes: route.state.config.classify_max_pdf_bytes }
                .into_response();
        }
        Err(error) => return error.into_response(),
    };
    // A message starting with a byte-order mark is read without it, as every JSON body is.
    let (bytes, mut parts) = (without_bom(bytes), parts);
    if parts.headers.contains_key(header::CONTENT_LENGTH) {
        parts.headers.insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    }
    // A session is its key's: another key's use of it is answered as an unknown session.
    let session = parts.headers.get(SESSION_ID).and_then(|value| value.to_str().ok()).map(str::to_owned);
    if let Some(session) = &session
        && (!route.sessions.belongs_to(session, &key_id)
            || (parts.method == Method::DELETE && !route.sessions.known(session)))
    {
        return unknown_session(session);
    }
    // A request for a method of MCP whose params do not fit it: rmcp would read it as a
    // custom request (answering "method not found", or, for `initialize`, asking for a
    // session), so it is answered here as the invalid params it is.
    if parts.method == Method::POST && misfits_its_method(&bytes) {
        return not_a_message(&bytes);
    }
    let opens_session = parts.method == Method::POST && session.is_none() && is_initialize(&bytes);
    // Held until the transport has answered: the place is counted meanwhile.
    let reservation = match opens_session {
        true => match route.sessions.admit(&key_id).await {
            Ok(reservation) => Some(reservation),
            Err(Refused::KeyOpening { per_key }) => return too_many_opening(per_key),
            Err(Refused::Full { total }) => return too_many_sessions(total),
        },
        false => None,
    };
    let response = next.run(Request::from_parts(parts.clone(), Body::from(bytes.clone()))).await;
    if let Some(reservation) = reservation
        && let Some(id) = response.headers().get(SESSION_ID).and_then(|value| value.to_str().ok())
    {
        reservation.opened(id);
    }
    // The transport answers a session closed with 202; MCP clients expect 200 or 204 (the
    // Python SDK logs any other status as "Session termination failed").
    if parts.method == Method::DELETE && response.status() == StatusCode::ACCEPTED {
        return StatusCode::NO_CONTENT.into_response();
    }
    in_own_words(response, &parts, &bytes).await
}

/// Whether the body is an `initialize` request (which opens a session).
fn is_initialize(body: &[u8]) -> bool {
    serde_json::from_slice::<serde_json::Value>(body)
        .is_ok_and(|message| message.get("method").and_then(serde_json::Value::as_str) == Some("initialize"))
}

/// The 404 of an unknown (or expired, or closed, or another key's) session.
fn unknown_session(id: &str) -> Response {
    let id: String = id.chars().take(80).collect();
    transport_error(
        StatusCode::NOT_FOUND,
        format!("no MCP session `{id}`: it is unknown, or it has expired or been closed"),
        "Start a new session: send `initialize` without an Mcp-Session-Id header (an MCP client does this on a 404). \
         A session closes after 5 minutes without a request."
            .into(),
    )
}

/// The 503 of `initialize` while the key has its limit of sessions being opened at once
/// (none of them open yet, so there is no oldest to close for another).
fn too_many_opening(per_key: usize) -> Response {
    let mut response = transport_error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("this key is opening {per_key} MCP sessions at once, its limit; no other can be opened now"),
        "Retry in a second, once those have opened; a key may have this many sessions open, and opening one more \
         closes its oldest."
            .into(),
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(1));
    response
}

/// The 503 of `initialize` while the server has its limit of sessions open.
fn too_many_sessions(total: usize) -> Response {
    let mut response = transport_error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("the server has {total} MCP sessions open, its limit; no new session can be opened now"),
        "Retry in a minute: a session closes when its client ends it (DELETE /mcp) or after 5 minutes without \
         a request."
            .into(),
    );
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(60));
    response
}

/// A refusal of the tool server's transport, as the service's general error body.
fn transport_error(status: StatusCode, error: String, suggestion: String) -> Response {
    let body = ErrorBody { error, suggestion, docs_url: errors_url() };
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body.to_json()).into_response()
}

/// Where the `/mcp` errors are described.
pub fn errors_url() -> String {
    crate::service::error::docs_page_url("mcp", "errors-over-http")
}

/// The answer, with a refusal of the tool server's transport (plain text) in words of
/// this service; every other answer as it is.
async fn in_own_words(response: Response, request: &axum::http::request::Parts, body: &Bytes) -> Response {
    let status = response.status();
    // 405 (with its Allow header) and 500 are left to `guard::json_errors`: the first is
    // the API's own "method not allowed", the second a fault of the server.
    if !status.is_client_error() || crate::http::guard::is_json(&response) || status == StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let (parts, answer) = response.into_parts();
    let text = axum::body::to_bytes(answer, 64 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_owned();
    let host = request.headers.get(header::HOST).map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
    let mut fixed = match status {
        StatusCode::FORBIDDEN if text.contains("Host") => transport_error(
            status,
            format!("the Host header `{}` does not name this server", host.unwrap_or_default()),
            "Send MCP requests to this server's own address: a loopback host (localhost, 127.0.0.1, ::1) or the host \
             of the server's --public-url. Other hosts are refused, to guard against DNS rebinding."
                .into(),
        ),
        StatusCode::BAD_REQUEST if text.contains("Host header") => transport_error(
            status,
            "the Host header is missing or malformed".into(),
            "Send a Host header naming this server (an HTTP client does this on its own).".into(),
        ),
        StatusCode::NOT_ACCEPTABLE => {
            let (wanted, header) = if request.method == Method::GET {
                ("text/event-stream", "Accept: text/event-stream")
            } else {
                ("both application/json and text/event-stream", "Accept: application/json, text/event-stream")
            };
            transport_error(
                status,
                format!("an MCP {} request must accept {wanted}", request.method),
                format!("Send `{header}`, as the streamable HTTP transport requires (MCP client libraries do)."),
            )
        }
        StatusCode::NOT_FOUND if text.contains("Session not found") => {
            let id = request.headers.get(SESSION_ID).and_then(|value| value.to_str().ok()).unwrap_or_default();
            unknown_session(id)
        }
        StatusCode::BAD_REQUEST if text.contains("Session ID is required") => transport_error(
            status,
            "this request needs an Mcp-Session-Id header: only `initialize` opens a session without one".into(),
            "Send `initialize` first, then the Mcp-Session-Id header of its answer with every later request.".into(),
        ),
        StatusCode::BAD_REQUEST if text.contains("MCP-Protocol-Version") => {
            let versions: Vec<&str> = ProtocolVersion::KNOWN_VERSIONS.iter().map(|version| version.as_str()).collect();
            let sent = request.headers.get(PROTOCOL_VERSION).map(|value| String::from_utf8_lossy(value.as_bytes()));
            transport_error(
                status,
                format!(
                    "the MCP-Protocol-Version header `{}` is not a version this server speaks",
                    sent.unwrap_or_default()
                ),
                format!(
                    "Send the version the `initialize` answer named, or none; the versions known: {}.",
                    versions.join(", ")
                ),
            )
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE if text.starts_with("fail to deserialize") => not_a_message(body),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType.into_response(),
        StatusCode::PAYLOAD_TOO_LARGE => {
            // Not reached while the route's own limit is the smaller one.
            transport_error(status, text, "Send a smaller body.".into())
        }
        _ => {
            let error =
                if text.is_empty() { format!("the MCP transport refused the request ({status})") } else { text };
            transport_error(status, error, "See docs/mcp.md for what the streamable HTTP transport expects.".into())
        }
    };
    // Keep the transport's headers (e.g. Allow).
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fixed.headers_mut().entry(name).or_insert(value.clone());
        }
    }
    fixed
}

/// The JSON-RPC error for a body that is not one JSON-RPC message this server reads
/// (HTTP 400): `-32700` when it is not JSON, `-32600` when it is no JSON-RPC 2.0
/// message, `-32602` when it is a request whose parameters do not fit its method.
fn not_a_message(body: &[u8]) -> Response {
    let (code, id, message) = classify_message(body);
    let suggestion = "Send one JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\" and a \"method\") per POST, as an MCP client does.";
    let error = error_answer(code, id, message, suggestion, errors_url());
    let mut response = (StatusCode::BAD_REQUEST, axum::Json(error)).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_mcp_route_is_the_mcp_route() {
        assert!(is_mcp_path("/mcp"));
        assert!(!is_mcp_path("/mcp/") && !is_mcp_path("/mcp/anything/here"));
        assert!(!is_mcp_path("/mcpx") && !is_mcp_path("/api/v1/check"));
    }

    /// A key opening too many sessions may retry in a second; a full server, in a minute.
    #[test]
    fn a_refused_session_is_a_503_saying_when_to_retry() {
        for (response, retry) in [(too_many_opening(2), "1"), (too_many_sessions(3), "60")] {
            assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(response.headers()[header::RETRY_AFTER], retry);
        }
    }

    /// The `docs_url` of the `/mcp` errors lands on a section of docs/mcp.md.
    #[test]
    fn the_errors_section_exists() {
        assert!(include_str!("../../../docs/mcp.md").contains("\n## Errors over HTTP\n"));
        assert!(errors_url().ends_with("/docs/mcp#errors-over-http"));
    }
}
