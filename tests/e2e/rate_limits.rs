//! Rate limits end to end: the real binary, keys and limits made with the CLI, and
//! HTTP. Two servers: one with the real one-minute window (exactness under
//! concurrency, headers, limits changed from the CLI) and one with a four-second window,
//! so the sliding-window test need not wait minutes. Every test uses keys of its own.

mod common;

use common::{Reply, Server, Test, check_request};
use serde_json::Value;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

struct Limits {
    /// One-minute window; picks up `keys limits` within 100 ms.
    server: Server,
    /// A four-second window.
    fast: Server,
}

const FAST_WINDOW: Duration = Duration::from_secs(4);

fn main() -> std::process::ExitCode {
    common::run(
        || Limits {
            server: Server::start(&["--refresh-ms", "100"]),
            fast: Server::start(&["--refresh-ms", "100", "--rate-window-ms", &FAST_WINDOW.as_millis().to_string()]),
        },
        TESTS,
    )
}

const TESTS: &[Test<Limits>] = &[
    ("parallel_checks_admit_exactly_the_limit", parallel_checks_admit_exactly_the_limit),
    ("rejected_requests_get_429_with_retry_after_and_the_spec_body", rejected_requests_get_429),
    ("headers_on_200_4xx_and_429", headers_on_200_4xx_and_429),
    ("no_headers_without_a_known_key_or_on_public_routes", no_headers_without_a_known_key),
    ("groups_and_keys_are_counted_apart", groups_and_keys_are_counted_apart),
    ("limits_are_raised_and_reset_from_the_cli", limits_are_raised_and_reset_from_the_cli),
    ("keys_limits_refuses_unknown_groups_keys_and_zero", keys_limits_refuses_bad_input),
    ("the_window_slides_over_its_boundary", the_window_slides_over_its_boundary),
];

fn now_epoch() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn number(reply: &Reply, name: &str) -> u64 {
    reply
        .header(name)
        .unwrap_or_else(|| panic!("no {name} on a {} response", reply.status))
        .parse()
        .unwrap_or_else(|_| panic!("{name} is not a number"))
}

/// A fresh key (all districts), and its id.
fn key(server: &Server, name: &str) -> (String, String) {
    let key = server.workspace.create_key(name, "all");
    let id = key.split('_').nth(1).unwrap().to_owned();
    (key, id)
}

/// `keys limits ID --group GROUP --per-minute N`, then a pause for the server's refresh.
fn set_limit(server: &Server, id: &str, group: &str, per_minute: u32) {
    let output =
        server.workspace.cli(&["keys", "limits", id, "--group", group, "--per-minute", &per_minute.to_string()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::thread::sleep(Duration::from_millis(400));
}

fn parallel_checks_admit_exactly_the_limit(limits: &Limits) {
    let server = &limits.server;
    let (key, _) = key(server, "parallel");
    let barrier = Arc::new(Barrier::new(100));
    let replies: Vec<Reply> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..100)
            .map(|_| {
                let barrier = Arc::clone(&barrier);
                let key = key.clone();
                scope.spawn(move || {
                    barrier.wait();
                    server.check(&key, &check_request())
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().unwrap()).collect()
    });
    let admitted: Vec<&Reply> = replies.iter().filter(|reply| reply.status == 200).collect();
    let limited: Vec<&Reply> = replies.iter().filter(|reply| reply.status == 429).collect();
    assert_eq!(admitted.len(), 60, "statuses: {:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    assert_eq!(limited.len(), 40);
    // Exact: each admitted request saw a different count of remaining slots.
    let mut remaining: Vec<u64> = admitted.iter().map(|reply| number(reply, "x-ratelimit-remaining")).collect();
    remaining.sort();
    assert_eq!(remaining, (0..60).collect::<Vec<u64>>());
    for reply in limited {
        let retry_after = number(reply, "retry-after");
        assert!((1..=60).contains(&retry_after), "Retry-After {retry_after}");
        assert_eq!(number(reply, "x-ratelimit-remaining"), 0);
        assert_eq!(number(reply, "x-ratelimit-limit"), 60);
    }
    // And the next one is still refused.
    assert_eq!(server.check(&key, &check_request()).status, 429);
}

fn rejected_requests_get_429(limits: &Limits) {
    let server = &limits.server;
    let (key, id) = key(server, "rejected");
    set_limit(server, &id, "courts", 2);
    for _ in 0..2 {
        server.get("/api/v1/courts/edny", Some(&key)).expect(200);
    }
    let reply = server.get("/api/v1/courts/edny", Some(&key));
    let body = reply.expect(429);
    let mut fields: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort();
    assert_eq!(fields, vec!["contact", "docs_url", "error", "suggestion"]);
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#rate-limits"));
    assert!(body["contact"].as_str().unwrap().contains('@'));
    assert!(body["error"].as_str().unwrap().contains("courts"));
    let retry_after = number(&reply, "retry-after");
    assert!((58..=60).contains(&retry_after), "the first request frees its slot a minute after it: {retry_after}");
    // The reset is when that slot frees, in Unix seconds.
    let reset = number(&reply, "x-ratelimit-reset");
    let now = now_epoch();
    assert!(reset >= now + 57 && reset <= now + 61, "reset {reset}, now {now}");
    // Rejected requests do not count: the reset stays where it was.
    let again = server.get("/api/v1/courts/edny", Some(&key));
    assert_eq!(again.status, 429);
    assert_eq!(number(&again, "x-ratelimit-reset"), reset);
}

fn headers_on_200_4xx_and_429(limits: &Limits) {
    let server = &limits.server;
    let (key, id) = key(server, "headers");
    let narrow = server.workspace.create_key("headers-sdny", "sdny");
    let mut bad = check_request();
    bad["document"]["page_count"] = Value::from(0);
    let mut unknown = check_request();
    unknown["district_id"] = Value::from("nowhere");
    let cases: Vec<(Reply, u16)> = vec![
        (server.check(&key, &check_request()), 200),
        (server.check(&key, &bad), 400),
        (server.check(&key, &unknown), 404),
        (server.check(&narrow, &check_request()), 403),
        (server.post("/api/v1/check", Some(&key), Some("text/plain"), b"{}"), 415),
        (server.get("/api/v1/judges?district_id=edny", Some(&key)), 200),
        (server.get("/api/v1/judges", Some(&key)), 400),
        (server.get("/api/v1/rules?district_id=cand&judge_slug=x", Some(&key)), 422),
        (server.get("/api/v1/courts/nowhere", Some(&key)), 404),
        (server.get("/api/v1/holidays?limit=0", Some(&key)), 400),
        (server.get("/api/v1/extracted-rules", Some(&key)), 200),
        (server.get("/api/v1/documents?district_id=edny", Some(&key)), 200),
        (server.get("/api/v1/profile?district_id=edny&judge_slug=avery-sample", Some(&key)), 200),
        (server.get("/api/v1", Some(&key)), 200),
    ];
    let now = now_epoch();
    for (reply, status) in &cases {
        assert_eq!(reply.status, *status, "{}", reply.text);
        let limit = number(reply, "x-ratelimit-limit");
        let remaining = number(reply, "x-ratelimit-remaining");
        let reset = number(reply, "x-ratelimit-reset");
        assert!(remaining < limit, "remaining {remaining} of {limit}");
        assert!(reset >= now && reset <= now + 61, "reset {reset}");
    }
    // Counting is per key and group: this key's four /check calls used four of its sixty.
    assert_eq!(number(&cases[4].0, "x-ratelimit-remaining"), 56);
    assert_eq!(number(&cases[6].0, "x-ratelimit-remaining"), 298);
    // And the 429 itself.
    set_limit(server, &id, "holidays", 1);
    let reply = server.get("/api/v1/holidays?year=2025", Some(&key));
    assert_eq!(reply.status, 429, "{}", reply.text);
    assert_eq!(number(&reply, "x-ratelimit-limit"), 1);
    assert_eq!(number(&reply, "x-ratelimit-remaining"), 0);
    assert!(number(&reply, "x-ratelimit-reset") >= now);
    assert!(number(&reply, "retry-after") >= 1);
}

fn no_headers_without_a_known_key(limits: &Limits) {
    let server = &limits.server;
    let forged = format!("crk_000000000000_{}", "0".repeat(64));
    for reply in [
        server.get("/api/v1/courts", None),
        server.get_with_authorization("/api/v1/courts", "Basic x"),
        server.get("/api/v1/courts", Some(&forged)),
        server.get("/openapi.json", None),
        server.get("/docs/errors", None),
    ] {
        assert!(reply.header("x-ratelimit-limit").is_none(), "{} {}", reply.status, reply.text);
    }
    // Public routes are never limited.
    for _ in 0..3 {
        assert_eq!(server.get("/openapi.json", None).status, 200);
    }
}

fn groups_and_keys_are_counted_apart(limits: &Limits) {
    let server = &limits.server;
    let (first, first_id) = key(server, "apart-1");
    let (second, _) = key(server, "apart-2");
    set_limit(server, &first_id, "judges", 1);
    server.get("/api/v1/judges?district_id=edny", Some(&first)).expect(200);
    assert_eq!(server.get("/api/v1/judges?district_id=edny", Some(&first)).status, 429);
    // Another group of the same key, and the same group of another key, are open.
    server.get("/api/v1/rules?district_id=edny&judge_slug=avery-sample", Some(&first)).expect(200);
    server.get("/api/v1/judges?district_id=edny", Some(&second)).expect(200);
    // /courts and /courts/{id} are one group; /courts/{id}/holidays is the holidays group.
    let (third, third_id) = key(server, "apart-3");
    set_limit(server, &third_id, "courts", 1);
    server.get("/api/v1/courts/sdny", Some(&third)).expect(200);
    assert_eq!(server.get("/api/v1/courts", Some(&third)).status, 429);
    server.get("/api/v1/courts/sdny/holidays", Some(&third)).expect(200);
}

fn limits_are_raised_and_reset_from_the_cli(limits: &Limits) {
    let server = &limits.server;
    let (key, id) = key(server, "raised");
    set_limit(server, &id, "check", 600);
    let reply = server.check(&key, &check_request());
    assert_eq!(number(&reply, "x-ratelimit-limit"), 600);
    let output = server.workspace.cli(&["keys", "limits", &id]);
    let listing = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        listing.lines().any(|line| line.starts_with("check") && line.contains("600") && line.contains("set")),
        "{listing}"
    );
    assert!(
        listing.lines().any(|line| line.starts_with("classify") && line.contains(" 5") && line.contains("default"))
    );
    let output = server.workspace.cli(&["keys", "limits", &id, "--group", "all", "--reset"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::thread::sleep(Duration::from_millis(400));
    let reply = server.check(&key, &check_request());
    assert_eq!(number(&reply, "x-ratelimit-limit"), 60);
    assert_eq!(number(&reply, "x-ratelimit-remaining"), 58, "the admissions made under the raised limit still count");
}

fn keys_limits_refuses_bad_input(limits: &Limits) {
    let workspace = &limits.server.workspace;
    let (_, id) = key(&limits.server, "refused");
    for args in [
        vec!["keys", "limits", &id, "--group", "everything", "--per-minute", "5"],
        vec!["keys", "limits", "000000000000", "--group", "check", "--per-minute", "5"],
        vec!["keys", "limits", &id, "--group", "check", "--per-minute", "0"],
        vec!["keys", "limits", &id, "--group", "check"],
        vec!["keys", "limits", &id, "--per-minute", "5"],
    ] {
        let output = workspace.cli(&args);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(!output.stderr.is_empty());
    }
}

fn the_window_slides_over_its_boundary(limits: &Limits) {
    let server = &limits.fast;
    let (key, id) = key(server, "sliding");
    set_limit(server, &id, "courts", 3);
    let call = || server.get("/api/v1/courts/edny", Some(&key)).status;
    let started = Instant::now();
    let at = |offset_ms: u64| {
        let target = started + Duration::from_millis(offset_ms);
        std::thread::sleep(target.saturating_duration_since(Instant::now()));
    };
    // t = 0: two admitted.
    assert_eq!((call(), call()), (200, 200));
    assert!(started.elapsed() < Duration::from_millis(400), "the machine is too slow for this test's margins");
    // t = 2 s: one more fills the window; the next is refused until t = 4 s.
    at(2000);
    assert_eq!(call(), 200);
    let refused = server.get("/api/v1/courts/edny", Some(&key));
    assert_eq!(refused.status, 429);
    // About two seconds until the slot of t = 0 frees (rounded up).
    let retry_after = number(&refused, "retry-after");
    assert!((2..=3).contains(&retry_after), "Retry-After {retry_after}");
    // t = 4.5 s: the two from t = 0 have left the window, the one from t = 2 s has not.
    // A fixed four-second bucket would have reset here and admitted three.
    at(4500);
    assert_eq!((call(), call(), call()), (200, 200, 429));
    // t = 6.5 s: the one from t = 2 s has left too; the two from t = 4.5 s remain.
    at(6500);
    assert_eq!((call(), call()), (200, 429));
}
