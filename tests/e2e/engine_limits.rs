//! The engine's sandbox end to end: a request that makes the wasm engine exceed its
//! memory cap or its epoch deadline gets a clean JSON error, and the server goes on
//! answering — the failed instance is dropped, the next request gets a healthy one.

mod common;

use common::{Server, Test, check_request};
use serde_json::Value;

struct Servers {
    /// A 2 MiB memory cap (the module starts at about 1.1 MiB).
    memory: Server,
    /// A 20 ms deadline: a normal check takes well under a millisecond.
    deadline: Server,
    /// A deadline of 0: every engine call is interrupted at once.
    zero: Server,
}

fn main() -> std::process::ExitCode {
    common::run(
        || {
            let big_bodies = ["--body-limit-bytes", "64000000"];
            let memory =
                std::thread::spawn(move || Server::start(&[&big_bodies[..], &["--engine-memory-mib", "2"]].concat()));
            let deadline = std::thread::spawn(move || {
                Server::start(
                    &[&big_bodies[..], &["--engine-deadline-ms", "20", "--engine-memory-mib", "1024"]].concat(),
                )
            });
            let zero = Server::start(&["--engine-deadline-ms", "0", "--engine-instances", "2"]);
            Servers { memory: memory.join().unwrap(), deadline: deadline.join().unwrap(), zero }
        },
        TESTS,
    )
}

const TESTS: &[Test<Servers>] = &[
    ("request_over_the_memory_cap_is_413_and_the_next_request_succeeds", memory_cap),
    ("request_over_the_deadline_is_503_and_the_next_request_succeeds", deadline),
    ("zero_deadline_answers_503_every_time_and_never_hangs", zero_deadline),
];

/// A valid-JSON body the engine must read whole before it can reject it: an unknown
/// field holding `elements` numbers.
fn heavy_request(elements: usize) -> Vec<u8> {
    let mut body = String::with_capacity(elements * 2 + 16);
    body.push_str("{\"padding\":[");
    for index in 0..elements {
        body.push_str(if index == 0 { "1" } else { ",1" });
    }
    body.push_str("]}");
    body.into_bytes()
}

fn assert_engine_error(status: u16, body: &Value, expected: u16, words: &str) {
    assert_eq!(status, expected, "{body}");
    assert!(body["error"].as_str().unwrap().contains(words), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#engine-limits"), "{body}");
    assert!(body["suggestion"].as_str().is_some());
}

fn assert_healthy(server: &Server) {
    let reply = server.check(server.key(), &check_request());
    assert_eq!(reply.expect(200)["summary"]["status"], "COMPLIANT");
    let rules = server.get("/api/v1/rules?district_id=edny&judge_slug=avery-sample", Some(server.key()));
    rules.expect(200);
}

fn memory_cap(servers: &Servers) {
    let server = &servers.memory;
    assert_healthy(server);
    // 1.5 MB of string: the engine's copy of the input alone passes 2 MiB.
    let body = format!("{{\"padding\":\"{}\"}}", "a".repeat(1_500_000));
    for _ in 0..3 {
        let reply = server.post_json("/api/v1/check", Some(server.key()), body.as_bytes());
        assert_engine_error(reply.status, &reply.json, 413, "memory limit");
        assert_healthy(server);
    }
    assert!(server.log().contains("engine call failed"), "the trap is not logged");
}

fn deadline(servers: &Servers) {
    let server = &servers.deadline;
    assert_healthy(server);
    // Four million numbers take the engine far longer than 20 ms to read.
    let body = heavy_request(4_000_000);
    let reply = server.post_json("/api/v1/check", Some(server.key()), &body);
    assert_engine_error(reply.status, &reply.json, 503, "deadline");
    assert_healthy(server);
    assert!(server.log().contains("deadline"), "the overrun is not logged");
}

fn zero_deadline(servers: &Servers) {
    let server = &servers.zero;
    // More calls than the two instances: a failed call must give its permit back.
    for _ in 0..6 {
        let reply = server.check(server.key(), &check_request());
        assert_engine_error(reply.status, &reply.json, 503, "deadline");
        let reply = server.get("/api/v1/rules?district_id=edny&judge_slug=avery-sample", Some(server.key()));
        assert_engine_error(reply.status, &reply.json, 503, "deadline");
    }
    // What needs no engine call still works.
    server.get("/api/v1/judges?district_id=edny", Some(server.key())).expect(200);
    server.get("/openapi.json", None).expect(200);
}
