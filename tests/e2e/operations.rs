//! What operators rely on, end to end against the real binary: the public health probes
//! (`/healthz`, `/readyz`) and the Prometheus metrics at `/metrics` — requests counted by
//! route template and status, engine call times, the instance pools, 429s by group —
//! and the server's logs as JSON lines carrying each request's id.

mod common;

use common::{Reply, Server, Test, check_request};
use std::time::Duration;

fn main() -> std::process::ExitCode {
    common::run(|| Server::start(&["--refresh-ms", "100", "--log-format", "json"]), TESTS)
}

const TESTS: &[Test<Server>] = &[
    ("healthz_answers_without_a_key", healthz_answers_without_a_key),
    ("readyz_reports_database_engine_and_data", readyz_reports_database_engine_and_data),
    ("metrics_count_requests_by_route_template_and_status", metrics_count_requests_by_route_template_and_status),
    ("metrics_time_engine_calls_and_show_the_pools", metrics_time_engine_calls_and_show_the_pools),
    ("metrics_count_rate_limit_rejections_by_group", metrics_count_rate_limit_rejections_by_group),
    ("logs_are_json_lines_with_the_request_id", logs_are_json_lines_with_the_request_id),
];

fn logs_are_json_lines_with_the_request_id(server: &Server) {
    // A refused key is logged (at `warn`, which the tests' RUST_LOG keeps).
    let token = format!("crk_0123456789ab_{}", "ab".repeat(32));
    let reply = server.get_with_authorization_and_id("/api/v1/courts/edny", &format!("Bearer {token}"), "ops-log-42");
    assert_eq!(reply.status, 403, "{}", reply.text);
    assert_eq!(reply.header("x-request-id"), Some("ops-log-42"));
    std::thread::sleep(Duration::from_millis(100));
    let log = server.log();
    let lines: Vec<serde_json::Value> = log
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("a log line that is not JSON: {line}")))
        .collect();
    let line = lines
        .iter()
        .find(|line| line["span"]["request_id"] == "ops-log-42")
        .unwrap_or_else(|| panic!("no log line with the request id:\n{log}"));
    assert_eq!(line["span"]["path"], "/api/v1/courts/edny");
    assert_eq!(line["level"], "WARN");
    assert!(line["timestamp"].is_string() && line["fields"]["message"].is_string(), "{line}");
}

/// The value of one series in a scrape (`name{labels}` exactly as exposed), if present.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok())
}

fn scrape(server: &Server) -> String {
    let reply = server.get("/metrics", None);
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(reply.content_type.starts_with("text/plain; version=0.0.4"), "{}", reply.content_type);
    reply.text
}

fn healthz_answers_without_a_key(server: &Server) {
    let reply = server.get("/healthz", None);
    assert_eq!(reply.expect(200), &serde_json::json!({"status": "ok"}));
    assert!(reply.header("x-ratelimit-limit").is_none(), "probes are not rate-limited");
}

fn readyz_reports_database_engine_and_data(server: &Server) {
    let reply = server.get("/readyz", None);
    assert_eq!(
        reply.expect(200),
        &serde_json::json!({"status": "ready", "database": "ok", "engine": "ok", "data": "ok", "server": "ok"})
    );
}

fn metrics_count_requests_by_route_template_and_status(server: &Server) {
    let series = r#"courtrules_http_requests_total{method="GET",route="/api/v1/courts/{district_id}",status="200"}"#;
    let before = sample(&scrape(server), series).unwrap_or(0.0);
    for id in ["edny", "sdny", "nhd"] {
        server.get(&format!("/api/v1/courts/{id}"), Some(server.key())).expect(200);
    }
    server.get("/api/v1/courts/edny", None).expect(401);
    let unique = "/no-such-path-7f3a9c";
    assert_eq!(server.get(unique, None).status, 404);

    let after = scrape(server);
    assert_eq!(sample(&after, series), Some(before + 3.0), "three 200s under the template:\n{after}");
    let refused = r#"courtrules_http_requests_total{method="GET",route="/api/v1/courts/{district_id}",status="401"}"#;
    assert!(sample(&after, refused).is_some_and(|n| n >= 1.0), "the 401 is counted");
    assert!(
        sample(&after, r#"courtrules_http_requests_total{method="GET",route="unmatched",status="404"}"#)
            .is_some_and(|n| n >= 1.0)
    );
    assert!(!after.contains(unique), "a raw path never becomes a label");
    let histogram =
        r#"courtrules_http_request_duration_seconds_count{method="GET",route="/api/v1/courts/{district_id}"}"#;
    assert!(sample(&after, histogram).is_some_and(|n| n >= 4.0), "latencies are observed");
}

fn metrics_time_engine_calls_and_show_the_pools(server: &Server) {
    let series = r#"courtrules_engine_call_duration_seconds_count{op="check"}"#;
    let before = sample(&scrape(server), series).unwrap_or(0.0);
    server.check(server.key(), &check_request()).expect(200);
    let after = scrape(server);
    assert_eq!(sample(&after, series), Some(before + 1.0), "{after}");
    for pool in ["request", "document"] {
        let size = sample(&after, &format!(r#"courtrules_sandbox_instances{{pool="{pool}"}}"#));
        assert!(size.is_some_and(|n| n >= 1.0), "{pool} pool size");
        let in_use = sample(&after, &format!(r#"courtrules_sandbox_instances_in_use{{pool="{pool}"}}"#));
        assert_eq!(in_use, Some(0.0), "{pool}: nothing running between requests");
    }
}

fn metrics_count_rate_limit_rejections_by_group(server: &Server) {
    let key = server.workspace.create_key("metrics-limited", "all");
    let id = key.split('_').nth(1).unwrap().to_owned();
    let output = server.workspace.cli(&["keys", "limits", &id, "--group", "holidays", "--per-minute", "1"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::thread::sleep(Duration::from_millis(400));

    let series = r#"courtrules_rate_limit_rejections_total{group="holidays"}"#;
    let before = scrape(server);
    assert!(
        sample(&before, r#"courtrules_rate_limit_rejections_total{group="check"}"#).is_some(),
        "every group listed"
    );
    let before = sample(&before, series).unwrap_or(0.0);
    let replies: Vec<Reply> = (0..3).map(|_| server.get("/api/v1/holidays", Some(&key))).collect();
    let refused = replies.iter().filter(|reply| reply.status == 429).count();
    assert_eq!(refused, 2, "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    assert_eq!(sample(&scrape(server), series), Some(before + 2.0));
}
