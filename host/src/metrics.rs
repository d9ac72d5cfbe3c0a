//! Prometheus metrics (the `prometheus` crate's registry and text format), served at
//! `GET /metrics`. One process-wide registry: the HTTP layer, the sandbox and the rate
//! limiter record into it from wherever they run, and a scrape reads it.
//!
//! Series (all prefixed `courtrules_`):
//! - `http_requests_total{route,method,status}` and
//!   `http_request_duration_seconds{route,method}`: `route` is the route's template
//!   (`/api/v1/courts/{district_id}`), `unmatched` for paths no route has, so a flood
//!   of random paths cannot grow the series;
//! - `engine_call_duration_seconds{op}`: each engine call, queueing excluded;
//! - `sandbox_instances_in_use{pool}`, `sandbox_instances{pool}` and
//!   `sandbox_waiting_calls{pool}`: the engine's instance pools (`request`, and
//!   `document`: the classify queue);
//! - `rate_limit_rejections_total{group}`: 429s by rate-limit group.

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus::{HistogramOpts, HistogramVec, IntCounterVec, IntGaugeVec, Opts, Registry, TextEncoder};
use std::sync::LazyLock;
use std::time::Instant;

pub struct Metrics {
    registry: Registry,
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    engine_duration: HistogramVec,
    pub instances_in_use: IntGaugeVec,
    pub instances: IntGaugeVec,
    pub waiting_calls: IntGaugeVec,
    rate_limited: IntCounterVec,
}

/// Latency buckets from 100 µs (an engine check) to 30 s (a classify with OCR).
const BUCKETS: &[f64] =
    &[0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn get() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new_custom(Some("courtrules".into()), None).expect("a valid prefix");
        let counter = |name: &str, help: &str, labels: &[&str]| {
            let metric = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid counter");
            registry.register(Box::new(metric.clone())).expect("registered once");
            metric
        };
        let gauge = |name: &str, help: &str, labels: &[&str]| {
            let metric = IntGaugeVec::new(Opts::new(name, help), labels).expect("a valid gauge");
            registry.register(Box::new(metric.clone())).expect("registered once");
            metric
        };
        let histogram = |name: &str, help: &str, labels: &[&str]| {
            let opts = HistogramOpts::new(name, help).buckets(BUCKETS.to_vec());
            let metric = HistogramVec::new(opts, labels).expect("a valid histogram");
            registry.register(Box::new(metric.clone())).expect("registered once");
            metric
        };
        Metrics {
            rate_limited: counter("rate_limit_rejections_total", "Requests refused with 429", &["group"]),
            http_requests: counter("http_requests_total", "HTTP requests answered", &["route", "method", "status"]),
            http_duration: histogram(
                "http_request_duration_seconds",
                "Time to answer an HTTP request",
                &["route", "method"],
            ),
            engine_duration: histogram("engine_call_duration_seconds", "Time of one engine call", &["op"]),
            instances_in_use: gauge("sandbox_instances_in_use", "Engine instances running a call", &["pool"]),
            instances: gauge("sandbox_instances", "Engine instances that may run at once", &["pool"]),
            waiting_calls: gauge("sandbox_waiting_calls", "Engine calls waiting for an instance", &["pool"]),
            registry,
        }
    }

    pub fn engine_call(&self, op: &str, started: Instant) {
        self.engine_duration.with_label_values(&[op]).observe(started.elapsed().as_secs_f64());
    }

    pub fn rate_limited(&self, group: &str) {
        self.rate_limited.with_label_values(&[group]).inc();
    }

    /// Starts the 429 count of each of `groups` at 0, so a dashboard's rate is 0 rather
    /// than missing until a first refusal (the rate limiter names its groups).
    pub fn rate_limit_groups<'a>(&self, groups: impl IntoIterator<Item = &'a str>) {
        for group in groups {
            self.rate_limited.with_label_values(&[group]);
        }
    }

    /// The text exposition format.
    pub fn render(&self) -> String {
        TextEncoder::new().encode_to_string(&self.registry.gather()).expect("metrics encode as text")
    }
}

/// Middleware: counts and times every answer, by route template, method and status.
pub async fn record_http(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", |path| path.as_str()).to_owned();
    let method = request.method().as_str().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    let metrics = get();
    metrics.http_duration.with_label_values(&[&route, &method]).observe(started.elapsed().as_secs_f64());
    metrics.http_requests.with_label_values(&[&route, &method, response.status().as_str()]).inc();
    response
}

/// `GET /metrics`: the body of a Prometheus scrape.
pub fn response(metrics: &Metrics) -> Response {
    let content_type = HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8");
    ([(header::CONTENT_TYPE, content_type)], metrics.render()).into_response()
}
