//! `/healthz`, `/readyz` and `/metrics`, for load balancers, orchestrators and
//! Prometheus: public (a probe has no key) and cheap (no rate limit; readiness costs one
//! `SELECT 1` and one engine call).
//!
//! - `/healthz`: the process answers HTTP. Nothing else is looked at, so a slow
//!   database never gets a live server restarted.
//! - `/readyz`: this replica can answer requests: the database answers, the engine
//!   answers a call, and the data pack is seeded (the catalogue has a court with a
//!   compliance profile). 503 names what is not ready, so traffic goes elsewhere.

use super::AppState;
use crate::sandbox::{Due, Op};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use std::time::Duration;
use utoipa::ToSchema;

/// How long a readiness probe waits for the database or the engine.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok`.
    #[schema(example = "ok")]
    pub status: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct Readiness {
    /// `ready`, or `not_ready` when any check is not `ok`.
    #[schema(example = "ready")]
    pub status: &'static str,
    /// `ok`, or what is wrong with the database.
    pub database: String,
    /// `ok`, or what is wrong with the engine.
    pub engine: String,
    /// `ok`, or that the data pack is not seeded.
    pub data: String,
    /// `ok`, or that the server is shutting down (and so takes no new clients).
    pub server: String,
}

/// The process is alive
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "service",
    responses((status = 200, description = "The server answers", body = Health))
)]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// This replica is ready for traffic: database, engine and data
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "service",
    responses(
        (status = 200, description = "Ready", body = Readiness),
        (status = 503, description = "Not ready; each check says what is wrong", body = Readiness),
    )
)]
pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    let service = &state.service;
    let database = match tokio::time::timeout(PROBE_TIMEOUT, sqlx::query("SELECT 1").execute(service.db.pool())).await {
        Ok(Ok(_)) => "ok".to_owned(),
        // Once, as the database worded it (sqlx's text repeats it, "at line N" added).
        Ok(Err(error)) => {
            format!("the database did not answer: {}", crate::store::db::error_chain(&anyhow::Error::from(error)))
        }
        // Whether every connection is busy (the pool is exhausted) or the database itself
        // is slow is what an operator needs to know next.
        Err(_) => {
            let pool = service.db.pool();
            format!(
                "the database did not answer within {} s ({} of at most {} connections open, {} idle)",
                PROBE_TIMEOUT.as_secs(),
                pool.size(),
                pool.options().get_max_connections(),
                pool.num_idle()
            )
        }
    };
    let engine = match tokio::time::timeout(PROBE_TIMEOUT, service.sandbox.call(Op::EngineVersion, Due::Request)).await
    {
        Ok(Ok(Ok(_))) => "ok".to_owned(),
        Ok(Ok(Err(error))) => format!("the engine refused the call: {error}"),
        Ok(Err(error)) => format!("the engine is not available: {error}"),
        Err(_) => format!("the engine did not answer within {} s", PROBE_TIMEOUT.as_secs()),
    };
    let catalogue = service.catalogue();
    let data = if catalogue.courts().any(|court| catalogue.profile(&court.district_id).is_some()) {
        "ok".to_owned()
    } else {
        "no compliance profile is seeded (run `courtrules seed`)".to_owned()
    };
    let server = if state.draining.load(std::sync::atomic::Ordering::SeqCst) {
        "shutting down: finishing the requests in flight".to_owned()
    } else {
        "ok".to_owned()
    };
    let ready = [&database, &engine, &data, &server].iter().all(|check| *check == "ok");
    let status = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(Readiness { status: if ready { "ready" } else { "not_ready" }, database, engine, data, server }))
}

/// Prometheus metrics (text format): requests by route and status, latencies, engine calls, the engine's instance pools, rate-limit rejections
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "service",
    responses((status = 200, description = "The Prometheus text exposition format", content_type = "text/plain"))
)]
pub async fn metrics(State(state): State<AppState>) -> Response {
    let metrics = crate::metrics::get();
    for (pool, in_use, size) in state.service.sandbox.pools() {
        metrics.instances_in_use.with_label_values(&[pool]).set(in_use as i64);
        metrics.instances.with_label_values(&[pool]).set(size as i64);
    }
    crate::metrics::response(metrics)
}
