//! `/mcp`: the tool server over streamable HTTP, on the API's own listener. The route
//! authenticates the bearer key first (401/403 with the API's JSON bodies, as every
//! endpoint) and hands it to the tools in the request's extensions. It then reads the
//! body within the API's body limit, so a body over it gets the API's 413 (the tool
//! server itself would answer a failed read with a bare 500).

use super::CourtrulesMcp;
use crate::http::AppState;
use crate::http::auth::ApiKey;
use crate::http::extract::read_body;
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

pub const PATH: &str = "/mcp";

/// The `/mcp` route.
pub fn router(state: AppState) -> Router {
    let for_tools = state.clone();
    let mut config = StreamableHttpServerConfig::default();
    // Requests must name this server (DNS-rebinding protection): its public host too.
    if let Some(host) = state.config.public_url.split("://").nth(1).map(|rest| rest.split('/').next().unwrap_or(rest)) {
        config.allowed_hosts.push(host.to_owned());
        config.allowed_hosts.push(host.split(':').next().unwrap_or(host).to_owned());
    }
    let tools = StreamableHttpService::new(
        move || Ok(CourtrulesMcp::for_http(for_tools.clone())),
        LocalSessionManager::default().into(),
        config,
    );
    Router::new().nest_service(PATH, tools).layer(middleware::from_fn_with_state(state, authenticate))
}

async fn authenticate(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let key = match ApiKey::authenticate(request.headers(), &state).await {
        Ok(key) => key,
        Err(error) => return error.into_response(),
    };
    request.extensions_mut().insert(key);
    // The body is already limited (`guard::body_limit`); reading it here turns going
    // over the limit into the API's 413.
    let (parts, body) = request.into_parts();
    match read_body(Request::from_parts(parts.clone(), body)).await {
        Ok(bytes) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        Err(error) => error.into_response(),
    }
}
