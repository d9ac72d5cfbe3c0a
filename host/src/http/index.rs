//! `GET /api/v1`: the service index — name, version, where the docs are, and every
//! endpoint, read from the OpenAPI document so the two cannot disagree.

use super::AppState;
use super::auth::ApiKey;
use super::query::{NoParams, Query};
use crate::service::error::ErrorBody;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Clone, Serialize, ToSchema)]
pub struct ServiceIndex {
    pub name: String,
    /// `<major>.<minor>.<patch>`, below 1.0 for now.
    pub version: String,
    /// Version of the compliance engine (the wasm module) answering checks.
    pub engine_version: String,
    /// The human documentation.
    pub docs: String,
    /// The OpenAPI 3.1 description (public).
    pub openapi: String,
    pub endpoints: Vec<Endpoint>,
}

#[derive(Clone, Serialize, ToSchema)]
pub struct Endpoint {
    pub method: String,
    pub path: String,
    pub summary: String,
    /// Whether the endpoint needs `Authorization: Bearer <API key>`.
    pub authenticated: bool,
}

/// The service index
#[utoipa::path(
    get,
    path = "/api/v1",
    tag = "service",
    responses(
        (status = 200, description = "Name, version, documentation and endpoints", body = ServiceIndex),
        (status = 400, description = "A query parameter was given (this endpoint takes none)", body = crate::service::error::ValidationErrorBody),
        (status = 401, description = "Missing or malformed Authorization header", body = ErrorBody),
        (status = 403, description = "Invalid key", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn service_index(State(state): State<AppState>, _key: ApiKey, _: Query<NoParams>) -> Json<ServiceIndex> {
    Json(state.index.clone())
}

/// Builds the index from the OpenAPI document.
pub fn build(openapi: &utoipa::openapi::OpenApi, public_url: &str, engine_version: String) -> ServiceIndex {
    let base = public_url.trim_end_matches('/');
    let mut endpoints = Vec::new();
    for (path, item) in &openapi.paths.paths {
        let operations = [("GET", &item.get), ("POST", &item.post), ("PUT", &item.put), ("DELETE", &item.delete)];
        for (method, operation) in operations {
            if let Some(operation) = operation {
                endpoints.push(Endpoint {
                    method: method.into(),
                    path: path.clone(),
                    summary: operation.summary.clone().unwrap_or_default(),
                    authenticated: operation.security.as_ref().is_some_and(|security| !security.is_empty()),
                });
            }
        }
    }
    ServiceIndex {
        name: "courtrules".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        engine_version,
        docs: format!("{base}/docs"),
        openapi: format!("{base}/openapi.json"),
        endpoints,
    }
}
