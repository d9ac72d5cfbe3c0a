//! The HTTP API: one router merged from one module per resource, the shared state,
//! and the tower-http stack around it.

pub mod auth;
pub mod check;
pub mod classify;
pub mod courts;
pub mod deadlines;
pub mod docs;
pub mod documents;
pub mod error;
pub mod extract;
pub mod extracted_rules;
pub mod guard;
pub mod health;
pub mod holidays;
pub mod index;
pub mod judges;
pub mod layers;
pub mod openapi;
pub mod profile;
pub mod query;
pub mod rate_limit;
pub mod routes;
pub mod rules;
pub mod web;

use crate::rate_limit::Limiter;
use crate::service::Service;
use auth::KeyCache;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use error::ApiError;
use extract::BodyLimit;
use guard::{BodyLimits, REQUEST_ID};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tower_http::LatencyUnit;
use tower_http::compression::predicate::{NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, DefaultPredicate};
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnFailure, DefaultOnResponse, TraceLayer};

/// Settings of the HTTP layer.
#[derive(Clone, Debug)]
pub struct HttpConfig {
    /// The address clients reach this server at (for `docs_url` and the index).
    pub public_url: String,
    pub body_limit_bytes: usize,
    /// Largest PDF `/classify` accepts, decoded.
    pub classify_max_pdf_bytes: usize,
    pub request_timeout: Duration,
    /// The drafting app's files (Trunk's output), served at `/`.
    pub web_dir: std::path::PathBuf,
    /// Length of the rate-limit window (a minute; shorter only in tests).
    pub rate_window: Duration,
    /// The bounds on open MCP sessions (`/mcp`).
    pub mcp_sessions: crate::mcp::sessions::SessionLimits,
}

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// What the handlers share: the service they adapt, and the HTTP layer's own state.
pub struct Shared {
    pub service: Service,
    pub keys: KeyCache,
    pub limiter: Limiter,
    pub config: HttpConfig,
    pub index: index::ServiceIndex,
    pub openapi_json: Vec<u8>,
    /// Set when the server is shutting down (`server::connections`): not ready, and
    /// every response closes its connection.
    pub draining: Arc<AtomicBool>,
}

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(service: Service, config: HttpConfig) -> Self {
        let openapi = openapi::document(&config.public_url);
        let index = index::build(&openapi, &config.public_url, service.engine_version.clone());
        let openapi_json = serde_json::to_vec(&openapi).expect("the OpenAPI document serializes");
        let limiter = Limiter::for_database(config.rate_window, &service.db);
        AppState(Arc::new(Shared {
            service,
            keys: KeyCache::default(),
            limiter,
            config,
            index,
            openapi_json,
            draining: Arc::new(AtomicBool::new(false)),
        }))
    }
}

pub fn router(state: AppState) -> Router {
    let config = state.config.clone();
    let request_id = REQUEST_ID;
    let security = guard::SecurityHeaders::for_app(&config.web_dir);
    let draining = Arc::clone(&state.draining);
    // Each route with its key check and rate limit (`routes::table`).
    let mcp = crate::mcp::http::router(state.clone());
    let api = Router::new()
        .merge(api_routes(Some(&state)).split_for_parts().0)
        .fallback(web::app_or_not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        // The MCP tool server (`crate::mcp`), behind the same guards and headers.
        .merge(mcp);
    // Outermost first: request id (a client's own only when plain), security headers,
    // tracing, CORS and compression see every response, including the JSON errors made
    // from the inner layers' bare ones. `check_head` refuses oversized or ambiguous
    // heads before any work; `body_limit` enforces the body limits (the configured one,
    // and /classify's own); axum's own 2 MiB default is switched off so there is one
    // limit per route. (The `guard` module says why each exists.)
    let limits = BodyLimits { default: config.body_limit_bytes, classify: config.classify_body_limit_bytes() };
    api.layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(limits, guard::body_limit))
        .layer(middleware::from_fn(guard::check_head))
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, config.request_timeout))
        .layer(middleware::from_fn_with_state(BodyLimit(config.body_limit_bytes), guard::json_errors))
        // PDFs are compressed already, and keep their Content-Length this way.
        .layer(
            CompressionLayer::new()
                .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("application/pdf"))),
        )
        .layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::any())
                // Every method a route takes (DELETE: withdrawing a layer, ending an MCP
                // session), and the headers a client sends (If-None-Match: revalidating a
                // document's PDF; those of the MCP streamable HTTP transport, so a browser
                // MCP client can use the session it opens).
                .allow_methods([Method::GET, Method::HEAD, Method::POST, Method::DELETE, Method::OPTIONS])
                .allow_headers([
                    header::AUTHORIZATION,
                    header::CONTENT_TYPE,
                    header::IF_NONE_MATCH,
                    request_id.clone(),
                    crate::mcp::http::SESSION_ID,
                    crate::mcp::http::PROTOCOL_VERSION,
                    crate::mcp::http::LAST_EVENT_ID,
                ])
                .expose_headers([
                    request_id.clone(),
                    crate::mcp::http::SESSION_ID,
                    rate_limit::LIMIT,
                    rate_limit::REMAINING,
                    rate_limit::RESET,
                    header::RETRY_AFTER,
                    header::ETAG,
                ])
                .max_age(Duration::from_secs(600)),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let id = request
                        .extensions()
                        .get::<RequestId>()
                        .and_then(|id| id.header_value().to_str().ok())
                        .unwrap_or("-");
                    // At ERROR level so the span is enabled whatever `RUST_LOG` keeps: a
                    // warning logged during the request still carries its id.
                    tracing::error_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
                })
                // One line per answered request: the access log, with status and latency.
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO).latency_unit(LatencyUnit::Millis))
                // A 5xx answer at WARN, not tower-http's ERROR: a load balancer's `/readyz`
                // probe of a draining or unready replica is a 503 every few seconds, and
                // the faults behind a 500 are logged at ERROR where they happen.
                .on_failure(DefaultOnFailure::new().level(tracing::Level::WARN).latency_unit(LatencyUnit::Millis)),
        )
        .layer(middleware::from_fn_with_state(security, guard::security_headers))
        .layer(middleware::from_fn_with_state(draining, guard::close_when_draining))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .layer(middleware::from_fn(guard::clean_request_id))
        // Outermost, so every answer is counted as the client got it. (Router layers wrap
        // each route, so the route's template is known here.)
        .layer(middleware::from_fn(crate::metrics::record_http))
}

/// The routes of the table (`routes::table`), as a router and the paths of the
/// OpenAPI document. With a state, every route that takes a key gets the rate-limit
/// middleware for its group (which authenticates first).
pub fn api_routes(state: Option<&AppState>) -> utoipa_axum::router::OpenApiRouter<AppState> {
    let mut all = utoipa_axum::router::OpenApiRouter::new();
    for route in routes::table() {
        let mut router = utoipa_axum::router::OpenApiRouter::new().routes(route.handler);
        if let (Some(state), routes::Access::Key(group)) = (state, route.access) {
            let limited = rate_limit::Limited { state: state.clone(), group };
            router = router.route_layer(middleware::from_fn_with_state(limited, rate_limit::enforce));
        }
        all = all.merge(router);
    }
    all
}

/// The OpenAPI 3.1 description of this API
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "service",
    responses((status = 200, description = "This document", content_type = "application/json"))
)]
pub async fn openapi_json(State(state): State<AppState>) -> Response {
    json_response(state.openapi_json.clone())
}

pub(crate) async fn route_not_found(request: Request) -> ApiError {
    ApiError::RouteNotFound(format!("{} {}", request.method(), request.uri().path()))
}

async fn method_not_allowed(request: Request) -> ApiError {
    ApiError::MethodNotAllowed { method: request.method().to_string(), path: request.uri().path().to_owned() }
}

/// Already-serialized JSON (the engine's answers are returned byte for byte).
pub fn json_response(body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
}

impl HttpConfig {
    /// `/classify`'s body limit: room for the largest PDF in base64 (a third larger)
    /// and the rest of the request (line breaks, `filename`).
    pub fn classify_body_limit_bytes(&self) -> usize {
        self.classify_max_pdf_bytes.div_ceil(3) * 4 + 1024 * 1024
    }
}
