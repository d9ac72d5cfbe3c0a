//! `/mcp`: the tool server over streamable HTTP, on the API's own listener. The route
//! authenticates the bearer key first (401/403 with the API's JSON bodies, as every
//! endpoint) and hands it to the tools in the request's extensions. It then reads the
//! body within the API's body limit, so a body over it gets the API's 413 (the tool
//! server itself would answer a failed read with a bare 500).

use super::CourtrulesMcp;
use crate::http::AppState;
use crate::http::auth::ApiKey;
use crate::http::error::ApiError;
use crate::http::extract::BodyLimit;
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use courtrules_engine::model::FieldError;
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
    let limit = request.extensions().get::<BodyLimit>().map_or(0, |limit| limit.0);
    let (parts, body) = request.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(error) if is_over_limit(&error) => return ApiError::PayloadTooLarge { limit_bytes: limit }.into_response(),
        Err(error) => {
            let problem = FieldError::new("", format!("the body could not be read: {error}"));
            return ApiError::invalid("the request body could not be read", vec![problem]).into_response();
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// Whether reading a body failed because it passed the limit (`http_body_util::Limited`).
fn is_over_limit(error: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(error) = source {
        if error.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = error.source();
    }
    false
}
