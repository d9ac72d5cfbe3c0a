//! Several servers on one PostgreSQL database, as a deployment behind a load balancer
//! runs them, and the same answers from both backends. Needs a PostgreSQL server
//! (`COURTRULES_TEST_POSTGRES`, set by `./scripts/test`'s PostgreSQL pass); without one
//! it says it was skipped — unless `COURTRULES_REQUIRE_POSTGRES` is set, when that is a
//! failure.

mod common;

use base64::Engine as _;
use common::{Reply, Server, Test, Workspace, check_request};
use serde_json::{Value, json};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

/// Two servers sharing a database and a data pack (a copy this test may change), and a
/// third on SQLite with the repository's data pack.
struct Replicas {
    a: Server,
    b: Server,
    sqlite: Server,
    /// The data pack copy `a` and `b` seed from.
    data: tempfile::TempDir,
}

const REFRESH_MS: u64 = 200;

fn main() -> std::process::ExitCode {
    if common::postgres_server().is_none() {
        if std::env::var_os("COURTRULES_REQUIRE_POSTGRES").is_some() {
            eprintln!("COURTRULES_REQUIRE_POSTGRES is set but COURTRULES_TEST_POSTGRES names no PostgreSQL server");
            return std::process::ExitCode::FAILURE;
        }
        println!("skipped: these tests need PostgreSQL (COURTRULES_TEST_POSTGRES); ./scripts/test provides one");
        return std::process::ExitCode::SUCCESS;
    }
    common::run(
        || {
            let data = tempfile::tempdir().expect("a temporary directory");
            copy_folder(&common::repo_data(), data.path());
            let shared = Arc::new(Workspace::with_data(data.path().to_owned()));
            let refresh = REFRESH_MS.to_string();
            let a = Server::start_in(Arc::clone(&shared), &["--refresh-ms", &refresh]);
            let b = Server::start_in(shared, &["--refresh-ms", &refresh]);
            let sqlite = Server::start_in(Arc::new(Workspace::sqlite()), &[]);
            Replicas { a, b, sqlite, data }
        },
        TESTS,
    )
}

const TESTS: &[Test<Replicas>] = &[
    ("both_backends_answer_byte_for_byte", both_backends_answer_byte_for_byte),
    ("rate_limits_are_exact_across_two_servers", rate_limits_are_exact_across_two_servers),
    ("a_key_revoked_through_one_is_refused_by_the_other", a_key_revoked_is_refused_by_the_other),
    ("a_seed_reaches_both_servers", a_seed_reaches_both_servers),
    ("uploads_through_either_server_are_in_the_shared_database", uploads_are_shared),
    ("uploads_sent_at_once_through_two_servers_never_pass_the_quota", upload_quota_across_servers),
    ("a_layer_accepted_or_withdrawn_through_one_applies_on_the_other", layers_reach_the_other),
];

/// Polls `server`'s check until its coverage level is `level`; the time it took.
fn until_level(server: &Server, key: &str, request: &Value, level: &str, since: Instant) -> Duration {
    loop {
        let reply = server.check(key, request);
        if reply.expect(200)["meta"]["coverage"]["level"] == level {
            return since.elapsed();
        }
        assert!(since.elapsed() < Duration::from_secs(10), "still not {level}: {}", reply.json["meta"]["coverage"]);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Two more servers on the shared database, each with a 1 MiB upload quota: uploads of
/// one key sent at once through both are decided in the database, so the key ends with
/// exactly as many stored as fit, and the others refused with the quota's 403.
fn upload_quota_across_servers(replicas: &Replicas) {
    const AT_ONCE: usize = 30;
    let args = ["--upload-quota-mib", "1", "--refresh-ms", "100"];
    let first = Server::start_in(Arc::clone(&replicas.a.workspace), &args);
    let second = Server::start_in(Arc::clone(&replicas.a.workspace), &args);
    let key = key(replicas, "quota-replicas");
    let id = key.split('_').nth(1).unwrap().to_owned();
    let output = replicas.a.workspace.cli(&["keys", "limits", &id, "--group", "classify", "--per-minute", "1000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::thread::sleep(Duration::from_secs(1));
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/pdf/memo_opposition_rule56.pdf");
    let pdf = std::fs::read(fixture).unwrap();
    let body = json!({
        "judge_slug": "avery-sample",
        "district_id": "edny",
        "pdf_base64": base64::engine::general_purpose::STANDARD.encode(&pdf),
    })
    .to_string();
    let quota = 1024 * 1024;
    let fit = quota / pdf.len();
    let replies = common::post_json_at_once(&[&first, &second], "/api/v1/classify", &key, body.as_bytes(), AT_ONCE);
    let statuses: Vec<u16> = replies.iter().map(|reply| reply.status).collect();
    assert!(statuses.iter().all(|status| [200, 403].contains(status)), "{statuses:?}");
    for reply in replies.iter().filter(|reply| reply.status == 403) {
        assert_eq!(reply.json["quota_bytes"], quota as u64, "{}", reply.text);
        assert!(reply.json["used_bytes"].as_u64().unwrap() <= quota as u64, "{}", reply.text);
    }
    assert_eq!(statuses.iter().filter(|status| **status == 200).count(), fit, "{statuses:?}");
    let after = first.post_json("/api/v1/classify", Some(&key), body.as_bytes());
    assert_eq!(after.expect(403)["used_bytes"], (fit * pdf.len()) as u64);
}

fn layers_reach_the_other(replicas: &Replicas) {
    let key = key(replicas, "layers");
    let request = common::with("/document/page_count", json!(20));
    // Both servers answer (and remember) that the organisation has no layer.
    let reply = replicas.b.check(&key, &request);
    let published = reply.expect(200).clone();
    let published_text = reply.text.clone();
    assert_ne!(published["meta"]["coverage"]["level"], "organisation");
    replicas.a.check(&key, &request).expect(200);
    let source = "https://courtrules.example/sample-orders/avery-sample";
    let body = json!({
        "title": "Individual Practices of Judge Avery Sample",
        "source_url": source,
        "rules": [{
            "rule_key": "PageLimit:memoranda",
            "category": "PAGE_LIMIT",
            "citation": "Individual Practices of Judge Avery Sample § 3.A",
            "label": "Memorandum length",
            "summary": "Memoranda in support and in opposition may not exceed 15 pages.",
            "severity": "CRITICAL",
            "applies_to": {"document_scopes": ["brief_support", "brief_opposition"]},
            "params": {"max_pages": 15},
            "source_text": "Memoranda of law in support of and in opposition to motions are limited to 15 pages.",
            "source_url": source,
        }],
    });
    let path = "/api/v1/standing-order-layers/edny/avery-sample";
    replicas.a.post_json(&format!("{path}/versions"), Some(&key), body.to_string().as_bytes()).expect(201);
    let accepted = Instant::now();
    // The server that accepted it applies it at once; the other within a refresh.
    assert_eq!(replicas.a.check(&key, &request).expect(200)["meta"]["coverage"]["level"], "organisation");
    let took = until_level(&replicas.b, &key, &request, "organisation", accepted);
    println!("the other server applies an accepted layer {} ms later (refresh {REFRESH_MS} ms)", took.as_millis());
    assert!(took < Duration::from_millis(REFRESH_MS + 800), "took {took:?}");

    let agent = ureq::Agent::new_with_defaults();
    let reply = agent.delete(replicas.b.url(path)).header("Authorization", format!("Bearer {key}")).call();
    assert_eq!(reply.map(|reply| reply.status().as_u16()).unwrap_or(0), 200, "withdrawn through the other server");
    let withdrawn = Instant::now();
    let took =
        until_level(&replicas.a, &key, &request, published["meta"]["coverage"]["level"].as_str().unwrap(), withdrawn);
    println!("and a withdrawal {} ms later", took.as_millis());
    assert!(took < Duration::from_millis(REFRESH_MS + 800), "took {took:?}");
    assert_eq!(replicas.a.check(&key, &request).text, published_text, "the published order again, byte for byte");
}

fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A key for all districts, made with the CLI against the shared database.
fn key(replicas: &Replicas, name: &str) -> String {
    replicas.a.workspace.create_key(name, "all")
}

fn both_backends_answer_byte_for_byte(replicas: &Replicas) {
    let (postgres, sqlite) = (&replicas.a, &replicas.sqlite);
    let (postgres_key, sqlite_key) = (key(replicas, "compare"), sqlite.key().to_owned());
    let gets = [
        "/api/v1/courts",
        "/api/v1/courts?limit=500",
        "/api/v1/courts/edny",
        "/api/v1/courts/nyed",
        "/api/v1/judges?district_id=edny",
        "/api/v1/judges?district_id=sdny",
        "/api/v1/rules?district_id=edny&judge_slug=avery-sample",
        "/api/v1/profile?district_id=edny&judge_slug=avery-sample",
        "/api/v1/profile?district_id=sdny&judge_slug=ronnie-abrams",
        "/api/v1/courts/edny/holidays?year=2025",
        "/api/v1/courts/sdny/holidays?year=2021",
        "/api/v1/holidays?year=2026",
        "/api/v1/courts/sdny/time-rules",
        "/api/v1/documents?district_id=sdny",
        "/api/v1/documents?district_id=edny",
        "/api/v1/extracted-rules?limit=500",
        "/api/v1/extracted-rules?district_id=edny&judge_slug=avery-sample",
        "/api/v1/extracted-rules?case_type=commercial&limit=500",
        "/api/v1/extracted-rules?logic_type=FilingTimingRule",
        "/api/v1/extracted-rules?q=%22notice%20of%20motion%22&district_id=sdny",
        "/api/v1/extracted-rules?district_id=nowhere",
        "/api/v1/judges?district_id=nowhere",
    ];
    let mut compared = 0;
    for path in gets {
        let (one, other) = (postgres.get(path, Some(&postgres_key)), sqlite.get(path, Some(&sqlite_key)));
        let refusal = path.contains("nowhere") || path.contains("courts?limit") || path.ends_with("/nyed");
        assert!(refusal || one.status == 200, "{path}: {} {}", one.status, one.text);
        assert_same(path, (&one, &postgres.base), (&other, &sqlite.base));
        compared += 1;
    }
    let deadlines = json!({"district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2026-12-24"});
    let posts = [
        ("/api/v1/check", check_request()),
        ("/api/v1/check", common::with("/document/page_count", json!(31))),
        ("/api/v1/check", common::with("/district_id", json!("nowhere"))),
        ("/api/v1/deadlines", deadlines),
    ];
    for (path, body) in posts {
        let body = body.to_string();
        let one = postgres.post_json(path, Some(&postgres_key), body.as_bytes());
        let other = sqlite.post_json(path, Some(&sqlite_key), body.as_bytes());
        assert_same(path, (&one, &postgres.base), (&other, &sqlite.base));
        compared += 1;
    }
    // The full-text search matches the same rules on both (the ranking may order
    // equally good matches differently: docs/server.md).
    for q in ["courtesy%20copies", "numbered%20lines", "page%20limit", "pre-motion%20conference"] {
        let path = format!("/api/v1/extracted-rules?q={q}&limit=500");
        let ids = |reply: &Reply| -> Vec<String> {
            let mut ids: Vec<String> = reply.expect(200)["rules"]
                .as_array()
                .unwrap_or_else(|| panic!("{path}: no rules: {}", reply.text))
                .iter()
                .map(|rule| rule["rule_id"].as_str().unwrap_or_default().to_owned())
                .collect();
            ids.sort();
            ids
        };
        let (one, other) = (ids(&postgres.get(&path, Some(&postgres_key))), ids(&sqlite.get(&path, Some(&sqlite_key))));
        assert_eq!(one, other, "{path}: PostgreSQL and SQLite match different rules");
        assert!(!one.is_empty(), "{path}: nothing matched");
    }
    println!("{compared} answers identical on PostgreSQL and SQLite");
}

/// The same status and body bytes, but for the server's own address in links.
fn assert_same(path: &str, (one, one_base): (&Reply, &str), (other, other_base): (&Reply, &str)) {
    assert_eq!(one.status, other.status, "{path}: PostgreSQL {} vs SQLite {}: {}", one.status, other.status, one.text);
    assert_eq!(one.text.replace(one_base, "BASE"), other.text.replace(other_base, "BASE"), "{path}: the bodies differ");
}

fn rate_limits_are_exact_across_two_servers(replicas: &Replicas) {
    let key = key(replicas, "spread");
    let barrier = Arc::new(Barrier::new(100));
    let body = check_request().to_string();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..100)
            .map(|i| {
                let (barrier, key, body) = (Arc::clone(&barrier), key.clone(), body.clone());
                let server = if i % 2 == 0 { &replicas.a } else { &replicas.b };
                scope.spawn(move || {
                    barrier.wait();
                    server.post_json("/api/v1/check", Some(&key), body.as_bytes()).status
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().unwrap()).collect()
    });
    let admitted = statuses.iter().filter(|&&status| status == 200).count();
    let refused = statuses.iter().filter(|&&status| status == 429).count();
    assert_eq!((admitted, refused), (60, 40), "statuses: {statuses:?}");
    // Either server now refuses the key, and counts the same remaining slots.
    for server in [&replicas.a, &replicas.b] {
        let reply = server.post_json("/api/v1/check", Some(&key), body.as_bytes());
        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(reply.header("x-ratelimit-remaining"), Some("0"));
    }
}

fn a_key_revoked_is_refused_by_the_other(replicas: &Replicas) {
    let key = key(replicas, "revoked");
    let id = key.split('_').nth(1).unwrap().to_owned();
    // Both servers know the key (and have it cached).
    for server in [&replicas.a, &replicas.b] {
        server.get("/api/v1/courts/edny", Some(&key)).expect(200);
    }
    let output = replicas.a.workspace.cli(&["keys", "revoke", &id]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let revoked = Instant::now();
    // Each server learns of it at its own next refresh (they poll independently).
    let refused_after = |server: &Server| loop {
        let reply = server.get("/api/v1/courts/edny", Some(&key));
        if reply.status != 200 {
            assert!(matches!(reply.status, 401 | 403), "{}: {}", reply.status, reply.text);
            break revoked.elapsed();
        }
        assert!(revoked.elapsed() < Duration::from_secs(10), "a server still admits a revoked key");
        std::thread::sleep(Duration::from_millis(10));
    };
    let by_other = refused_after(&replicas.b);
    println!("refused by the other server {} ms after `keys revoke` (refresh {REFRESH_MS} ms)", by_other.as_millis());
    let by_both = refused_after(&replicas.a).max(by_other);
    // One refresh interval, and a margin for a busy machine.
    assert!(by_other < Duration::from_millis(REFRESH_MS + 800), "took {by_other:?}");
    assert!(by_both < Duration::from_millis(REFRESH_MS + 800), "took {by_both:?} for both servers");
}

fn a_seed_reaches_both_servers(replicas: &Replicas) {
    let key = key(replicas, "seed");
    let path = replicas.data.path().join("courts/courts.json");
    let mut courts: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let court = courts["courts"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|court| court["district_id"] == "akd")
        .expect("the District of Alaska in the catalogue");
    let renamed = "U.S. District Court for the District of Alaska (renamed by the replicas test)";
    court["name"] = json!(renamed);
    std::fs::write(&path, serde_json::to_vec_pretty(&courts).unwrap()).unwrap();
    let output = replicas.a.workspace.cli(&["seed"]);
    assert!(output.status.success(), "seed: {}", String::from_utf8_lossy(&output.stderr));
    let seeded = Instant::now();
    for server in [&replicas.a, &replicas.b] {
        loop {
            let reply = server.get("/api/v1/courts/akd", Some(&key));
            if reply.expect(200)["name"] == renamed {
                break;
            }
            assert!(seeded.elapsed() < Duration::from_secs(10), "a server still serves the old name: {}", reply.text);
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    println!("both servers serve the seeded change {} ms after `seed`", seeded.elapsed().as_millis());
}

fn uploads_are_shared(replicas: &Replicas) {
    let key = key(replicas, "uploads");
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/pdf/declaration_1746.pdf");
    let mut pdf = std::fs::read(fixture).unwrap();
    pdf.extend_from_slice(b"\n% replicas\n");
    let body = json!({
        "judge_slug": "avery-sample",
        "district_id": "edny",
        "pdf_base64": base64::engine::general_purpose::STANDARD.encode(&pdf),
        "filename": "shared.pdf",
    })
    .to_string();
    for server in [&replicas.a, &replicas.b] {
        server.post_json("/api/v1/classify", Some(&key), body.as_bytes()).expect(200);
    }
    let output = replicas.b.workspace.cli(&["uploads", "list", "--limit", "1000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let key_id = key.split('_').nth(1).unwrap();
    let ids: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|row| row["key_id"] == key_id)
        .map(|row| row["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ids.len(), 2, "one upload through each server");
    for id in &ids {
        let output = replicas.a.workspace.cli(&["uploads", "get", id]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        assert_eq!(output.stdout, pdf, "upload {id}: the stored bytes differ");
    }
}
