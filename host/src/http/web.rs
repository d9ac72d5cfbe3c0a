//! The drafting app at `/`: the static files Trunk builds into `web/dist`, served by
//! the same origin as the API so the app needs no CORS. Everything under `/api/`, and
//! every method but GET and HEAD, keeps the API's JSON 404.

use super::AppState;
use super::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::ServeDir;

pub async fn app_or_not_found(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    let is_page_request = matches!(*request.method(), Method::GET | Method::HEAD)
        && !path.starts_with("/api/")
        && path != "/api"
        && !path.contains("/.");
    let path = path.as_str();
    if !is_page_request {
        return super::route_not_found(request).await.into_response();
    }
    let web_dir = &state.config.web_dir;
    if !web_dir.join("index.html").is_file() {
        return ApiError::RouteNotFound(format!(
            "{} {} (the drafting app is not built: run `scripts/run`, or `trunk build --release`)",
            request.method(),
            path
        ))
        .into_response();
    }
    let is_index = path == "/" || path == "/index.html";
    // Trunk's post-build hook (web/document-module.mjs) writes `.br` (brotli 11) and `.gz`
    // (gzip -9) next to every .js, .wasm and .css: those are sent as they are, with the
    // original file's Content-Type and `Vary: Accept-Encoding`, and the CompressionLayer
    // leaves a response that has a Content-Encoding alone. Anything else (index.html, the
    // icon, a client that accepts neither) is the file itself, compressed by that layer
    // when the client accepts gzip.
    let served = ServeDir::new(web_dir)
        .append_index_html_on_directories(true)
        .precompressed_br()
        .precompressed_gzip()
        .oneshot(request)
        .await;
    let mut response = match served {
        Ok(response) if response.status().is_success() || response.status().is_redirection() => {
            response.into_response()
        }
        Ok(_) | Err(_) => {
            return ApiError::RouteNotFound(format!("GET {path}")).into_response();
        }
    };
    // Trunk names every asset by its content hash, so only index.html may change
    // under the same address.
    let cache = if is_index { "no-cache" } else { "public, max-age=31536000, immutable" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}
