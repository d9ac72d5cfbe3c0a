//! `POST /api/v1/classify` and `courtrules classify` end to end: the real binary, real
//! Tesseract, the PDF fixtures against their ground truth over HTTP, request errors,
//! the hostile corpus against the live server (status, time, memory), the stored
//! uploads, and the command line.
//!
//! Two servers: `server` with default flags, whose key may make 1,000 classify calls a
//! minute (`keys limits`) so the fixture runs are not throttled — the default limit of 5
//! is tested with a key of its own — and `limited`, with no Tesseract and a
//! 200,000-byte PDF limit.

mod common;
#[path = "../support/ground_truth.rs"]
mod ground_truth;

use base64::Engine as _;
use common::{Reply, Server, Test, Workspace, check_request};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

struct Servers {
    server: Server,
    /// `server`'s first key, with its classify limit raised to 1,000 a minute.
    key: String,
    /// `--tesseract /nonexistent/tesseract --classify-max-pdf-bytes 200000`.
    limited: Server,
    limited_key: String,
}

const LIMITED_MAX_PDF_BYTES: usize = 200_000;

fn main() -> std::process::ExitCode {
    common::run(
        || {
            let limited = std::thread::spawn(|| {
                Server::start(&[
                    "--refresh-ms",
                    "100",
                    "--tesseract",
                    "/nonexistent/tesseract",
                    "--classify-max-pdf-bytes",
                    &LIMITED_MAX_PDF_BYTES.to_string(),
                ])
            });
            let server = Server::start(&["--refresh-ms", "100"]);
            let limited = limited.join().unwrap();
            let key = raise_classify_limit(&server);
            let limited_key = raise_classify_limit(&limited);
            Servers { server, key, limited, limited_key }
        },
        TESTS,
    )
}

const TESTS: &[Test<Servers>] = &[
    ("every_fixture_over_http_matches_its_ground_truth", every_fixture_matches_its_ground_truth),
    ("check_request_carries_the_requests_judge_and_is_accepted_by_check", check_request_completes_the_flow),
    ("a_scanned_page_is_read_by_tesseract_and_joins_the_counts", a_scanned_page_is_read_by_tesseract),
    ("scanned_pages_tesseract_cannot_read_are_422_with_scanned_pages", unreadable_scanned_pages_are_422),
    ("without_tesseract_a_scanned_page_is_an_error_listing_scanned_pages", without_tesseract_scanned_pages_fail),
    ("the_sixth_classify_in_a_minute_is_429_with_retry_after", the_sixth_classify_in_a_minute_is_429),
    ("missing_authorization_is_401_and_a_bad_key_403", missing_authorization_is_401),
    ("pdf_base64_that_is_not_base64_is_400_at_pdf_base64", pdf_base64_not_base64_is_400),
    ("missing_wrong_and_unknown_fields_are_400_naming_each_path", missing_and_unknown_fields_are_400),
    ("a_body_that_is_not_json_or_not_sent_as_json_gets_a_json_error", bodies_not_json_get_json_errors),
    ("unknown_district_404_judge_not_in_district_404_no_profile_422", lookup_errors),
    ("a_pdf_over_the_size_limit_is_400_and_a_body_over_it_413", a_pdf_over_the_size_limit),
    ("a_file_that_is_not_a_pdf_is_422_saying_so", a_non_pdf_is_422),
    ("a_pdf_past_the_engines_operator_limit_is_422_naming_it_with_no_second_pass", too_many_operators_is_422),
    ("a_huge_scanned_page_image_is_read_reduced_within_the_workers", a_huge_scanned_image_is_reduced),
    ("hostile_corpus_gets_4xx_in_time_in_bounded_memory_and_no_rows", hostile_corpus),
    ("uploads_are_stored_listed_fetched_and_pruned", uploads_are_stored_listed_and_pruned),
    ("cli_classify_prints_the_servers_classification", cli_classify_prints_the_classification),
    ("cli_classify_check_runs_the_flow_and_exits_by_compliance", cli_classify_check),
    ("cli_classify_of_a_non_pdf_exits_2_with_an_error", cli_classify_errors),
    ("text_recognition_out_of_time_is_an_error_listing_scanned_pages", recognition_out_of_time),
    ("format_extraction_out_of_time_classifies_again_without_format", format_extraction_out_of_time),
];

// ---------------------------------------------------------------------------------------
// Helpers

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

fn fixture_path(name: &str) -> PathBuf {
    fixtures_dir().join("pdf").join(format!("{name}.pdf"))
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(fixture_path(name)).unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn ground_truth() -> Value {
    let text = std::fs::read_to_string(fixtures_dir().join("pdf/ground_truth.json")).expect("ground truth");
    serde_json::from_str(&text).expect("ground truth is JSON")
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A classify request body.
fn request(judge: &str, district: &str, pdf: &[u8], filename: &str) -> Value {
    json!({"judge_slug": judge, "district_id": district, "pdf_base64": base64(pdf), "filename": filename})
}

fn classify(server: &Server, key: &str, body: &Value) -> (Reply, Duration) {
    let started = Instant::now();
    let reply = server.post_json("/api/v1/classify", Some(key), body.to_string().as_bytes());
    (reply, started.elapsed())
}

/// Classifies a fixture for the E.D.N.Y. sample judge under its own file name.
fn classify_fixture(server: &Server, key: &str, name: &str) -> (Reply, Duration) {
    classify(server, key, &request("avery-sample", "edny", &fixture(name), &format!("{name}.pdf")))
}

/// Raises the server's first key to 1,000 classify calls a minute with `keys limits`
/// and waits until the server applies it (each probe is a cheap 400 that counts).
fn raise_classify_limit(server: &Server) -> String {
    let key = server.key().to_owned();
    let id = key.split('_').nth(1).unwrap().to_owned();
    let output = server.workspace.cli(&["keys", "limits", &id, "--group", "classify", "--per-minute", "1000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // Four probes at most: the default limit is five.
    for _ in 0..4 {
        std::thread::sleep(Duration::from_millis(300));
        let reply = server.post_json("/api/v1/classify", Some(&key), b"{}");
        if reply.header("x-ratelimit-limit") == Some("1000") {
            return key;
        }
    }
    panic!("the server did not pick up the raised classify limit");
}

/// The general error body: `error`, `suggestion`, `docs_url` (anchor checked).
fn general_error<'r>(reply: &'r Reply, status: u16, anchor: &str) -> &'r Value {
    let body = reply.expect(status);
    for field in ["error", "suggestion", "docs_url"] {
        assert!(body[field].as_str().is_some_and(|text| !text.is_empty()), "no `{field}` in {body}");
    }
    assert!(body["docs_url"].as_str().unwrap().ends_with(&format!("/docs/errors#{anchor}")), "{body}");
    body
}

/// A 400 validation body; its detail paths, in order.
fn validation_paths(reply: &Reply) -> Vec<String> {
    let body = reply.expect(400);
    assert!(body["error"].as_str().is_some_and(|text| !text.is_empty()), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#validation"), "{body}");
    let details = body["details"].as_array().unwrap_or_else(|| panic!("no details in {body}"));
    for detail in details {
        assert!(detail["message"].as_str().is_some_and(|text| !text.is_empty()), "{body}");
    }
    details.iter().map(|detail| detail["path"].as_str().unwrap().to_owned()).collect()
}

fn message_at<'v>(body: &'v Value, path: &str) -> &'v str {
    body["details"]
        .as_array()
        .and_then(|details| details.iter().find(|detail| detail["path"] == path))
        .and_then(|detail| detail["message"].as_str())
        .unwrap_or_else(|| panic!("no detail at {path:?} in {body}"))
}

/// `uploads list` of a server's workspace (same database and uploads folder).
fn uploads(workspace: &Workspace) -> Vec<Value> {
    let output = workspace.cli(&["uploads", "list", "--limit", "100000"]);
    assert!(output.status.success(), "uploads list: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// `uploads get ID`: the stored PDF, or `None` when there is no such upload (exit 1, as
/// for every command but `check`'s family: README, "Exit codes").
fn stored_pdf(workspace: &Workspace, id: &str) -> Option<Vec<u8>> {
    let output = workspace.cli(&["uploads", "get", id]);
    match output.status.code() {
        Some(0) => Some(output.stdout),
        Some(1) => None,
        _ => panic!("uploads get: {}", String::from_utf8_lossy(&output.stderr)),
    }
}

/// `VmRSS` and `VmHWM` of a process, in KiB.
fn memory_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc/<pid>/status");
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {name} in /proc/{pid}/status"))
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

// ---------------------------------------------------------------------------------------
// 1. The fixtures over HTTP

/// Mirrors `engine/tests/classify_fixtures.rs` over HTTP: every mismatch is collected
/// and reported together, with a table of expected and found values and the latency.
fn every_fixture_matches_its_ground_truth(servers: &Servers) {
    let truth = ground_truth();
    let fixtures = truth["fixtures"].as_object().unwrap();
    // Every PDF in the folder has its ground truth, and every entry its PDF.
    let on_disk: BTreeSet<String> = std::fs::read_dir(fixtures_dir().join("pdf"))
        .unwrap()
        .filter_map(|entry| entry.unwrap().file_name().to_str()?.strip_suffix(".pdf").map(str::to_owned))
        .collect();
    assert_eq!(on_disk, fixtures.keys().cloned().collect::<BTreeSet<_>>(), "fixture PDFs and ground truth differ");

    let mut problems = Vec::new();
    let mut table = vec![format!(
        "{:<28} {:>9} {:>9} {:>11} {:<34} {:<40} {:>8}",
        "fixture", "body", "found", "words/found", "scope/motion", "found", "ms"
    )];
    for (name, t) in fixtures {
        let (reply, elapsed) = classify_fixture(&servers.server, &servers.key, name);
        let mut fail = |what: String| problems.push(format!("{name}: {what}"));
        if reply.status != 200 {
            fail(format!("status {}: {}", reply.status, reply.text));
            continue;
        }
        assert!(reply.content_type.starts_with("application/json"), "{name}: {}", reply.content_type);
        let r = &reply.json;

        problems.extend(ground_truth::problems(t, r, "avery-sample").into_iter().map(|what| format!("{name}: {what}")));
        let (pca, c) = (&r["page_count_analysis"], &r["classification"]);

        table.push(format!(
            "{:<28} {:>9} {:>9} {:>11} {:<34} {:<40} {:>8}",
            name,
            t["body_page_count"].to_string(),
            pca["body_page_count"].to_string(),
            format!("{}/{}", t["word_count"], r["document"]["word_count"]),
            format!("{}/{}", t["document_scope"], t["motion_type"]),
            format!(
                "{}/{} {}",
                c.get("document_scope").unwrap_or(&Value::Null),
                c.get("motion_type").unwrap_or(&Value::Null),
                c["confidence"]
            ),
            elapsed.as_millis()
        ));
    }
    println!("{}", table.join("\n"));
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// The spec's flow: classify, add the four filer facts to `check_request`, call check.
fn check_request_completes_the_flow(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    // Another judge of the district: the check request names the request's judge.
    let body = request("blake-example", "edny", &fixture("reply_rule12"), "reply_rule12.pdf");
    let (reply, _) = classify(server, key, &body);
    let response = reply.expect(200);
    let mut completed = response["check_request"].clone();
    assert_eq!(
        (completed["judge_slug"].as_str(), completed["district_id"].as_str()),
        (Some("blake-example"), Some("edny"))
    );
    let object = completed.as_object_mut().unwrap();
    object.insert("is_pro_se".into(), json!(false));
    object.insert("pmc_completed".into(), json!(true));
    object.insert("opposing_party_pro_se".into(), json!(false));
    object.insert("filing_role".into(), json!("reply"));
    let checked = server.check(key, &completed);
    let result = checked.expect(200);
    assert!(matches!(result["summary"]["status"].as_str(), Some("COMPLIANT" | "REVIEW" | "NON_COMPLIANT")), "{result}");
    // The check ran on the extracted counts: the reply's 2,176 words against the limit.
    let results = result["results"].as_array().unwrap();
    assert!(
        results.iter().any(|result| result["category"] == "WORD_LIMIT"
            && result["message"].as_str().is_some_and(|message| message.contains("2,176 words"))),
        "{result}"
    );

    // An unsupported document has nothing to check: no check_request at all.
    let (reply, _) = classify_fixture(server, key, "nonlegal_newsletter");
    let response = reply.expect(200);
    assert_eq!(response["classification"]["supported"], false);
    assert!(response.get("check_request").is_none(), "{response}");
}

// ---------------------------------------------------------------------------------------
// 2. Scanned pages and text recognition

fn a_scanned_page_is_read_by_tesseract(servers: &Servers) {
    let truth = ground_truth();
    let t = &truth["fixtures"]["memo_scanned_page"];
    assert_eq!(t["scanned_pages"], json!([3]), "the fixture's scanned page");
    // The same fixture's text-layer pages alone, for comparison: a text-only fixture of
    // similar size.
    let (text_only, text_elapsed) = classify_fixture(&servers.server, &servers.key, "format_control_12pt_1in");
    text_only.expect(200);
    let (reply, elapsed) = classify_fixture(&servers.server, &servers.key, "memo_scanned_page");
    let r = reply.expect(200);
    println!(
        "memo_scanned_page (page 3 by Tesseract): {} ms; a text-layer fixture of similar size: {} ms",
        elapsed.as_millis(),
        text_elapsed.as_millis()
    );
    let pca = &r["page_count_analysis"];
    assert_eq!(pca["total_pdf_pages"], t["total_pdf_pages"], "{r}");
    assert_eq!(pca["body_page_count"], t["body_page_count"], "{r}");
    assert_eq!(r["document"]["page_count"], t["body_page_count"]);
    // The recognised text joins the count: within 1% of the ground truth (1,231), and
    // well above the text layer alone (878).
    let expected = t["word_count"].as_f64().unwrap();
    let text_layer_only = t["word_count_text_layer_only"].as_f64().unwrap();
    let words = r["document"]["word_count"].as_f64().unwrap();
    assert!((words - expected).abs() <= expected * 0.01, "with OCR: {words} vs {expected}");
    let page_words = t["scanned_page_body_words"].as_f64().unwrap();
    assert!(words - text_layer_only >= page_words * 0.95, "the page's words ({page_words}) did not join: {words}");
    assert_eq!(r["classification"]["document_scope"], t["document_scope"]);
    assert_eq!(r["classification"]["motion_type"], t["motion_type"]);
    assert_eq!(r["classification"]["supported"], true);
    assert_eq!(r["check_request"]["document"]["word_count"], r["document"]["word_count"]);
    // The answer says which page was recognised, and that its counts are approximate.
    let warnings = r["warnings"].as_array().unwrap_or_else(|| panic!("no warnings in {r}"));
    assert!(
        warnings.iter().any(|w| w.as_str().is_some_and(|w| w.contains("Page 3") && w.contains("text recognition"))),
        "{warnings:?}"
    );
    // Recognised lines do not feed format detection: still measured from the text layer.
    let margins = &r["format_detection"]["margins_per_side"];
    for side in ["top", "bottom", "left", "right"] {
        let e = t["format"]["margins_per_side"][side].as_f64().unwrap();
        assert!((margins[side].as_f64().unwrap() - e).abs() <= 0.1, "{side}: {margins}");
    }
}

/// Pages Tesseract (or the engine's image extraction) cannot read: the document's
/// fault, 422, with the pages listed 1-based.
fn unreadable_scanned_pages_are_422(servers: &Servers) {
    for (file, reason) in [("image_bomb_scanned_page.pdf", "too large"), ("image_corrupt_jpeg.pdf", "tesseract")] {
        let pdf = std::fs::read(fixtures_dir().join("hostile").join(file)).unwrap();
        let (reply, _) = classify(&servers.server, &servers.key, &request("avery-sample", "edny", &pdf, file));
        let body = general_error(&reply, 422, "unreadable-scanned-pages");
        assert_eq!(body["scanned_pages"], json!([1]), "{file}: {body}");
        assert_eq!(body["unreadable_pages"], json!([1]), "{file}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains("page 1") && error.contains(reason), "{file}: {error}");
    }
}

/// The spec: "When a scanned page cannot be read, the error body includes
/// `scanned_pages`". With Tesseract missing the server, not the document, is at fault:
/// 502 ("classification failed … upstream error"), and the body still lists the pages.
fn without_tesseract_scanned_pages_fail(servers: &Servers) {
    let (limited, key) = (&servers.limited, &servers.limited_key);
    let before = uploads(&limited.workspace).len();
    let (reply, _) = classify_fixture(limited, key, "memo_scanned_page");
    let body = general_error(&reply, 502, "classification-failed");
    assert_eq!(body["scanned_pages"], json!([3]), "{body}");
    assert_eq!(body["unreadable_pages"], json!([3]), "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("page 3") && error.contains("text recognition"), "{error}");
    // The server's own paths stay in its log.
    assert!(!reply.text.contains("/nonexistent"), "{}", reply.text);
    assert_eq!(uploads(&limited.workspace).len(), before, "a failed classification left an upload");
    // A PDF with a text layer needs no recognition: it is classified as usual.
    let (reply, _) = classify_fixture(limited, key, "memo_support_rule12");
    assert_eq!(reply.expect(200)["page_count_analysis"]["body_page_count"], 19);
}

// ---------------------------------------------------------------------------------------
// Rate limit

fn the_sixth_classify_in_a_minute_is_429(servers: &Servers) {
    let server = &servers.server;
    let key = server.workspace.create_key("classify-default-limit", "all");
    let body = request("avery-sample", "edny", &fixture("blank_template"), "blank_template.pdf");
    for expected_remaining in (0..5).rev() {
        let (reply, _) = classify(server, &key, &body);
        reply.expect(200);
        assert_eq!(reply.header("x-ratelimit-limit"), Some("5"));
        assert_eq!(reply.header("x-ratelimit-remaining"), Some(expected_remaining.to_string().as_str()));
    }
    let (reply, _) = classify(server, &key, &body);
    let body = general_error(&reply, 429, "rate-limits");
    assert!(body["error"].as_str().unwrap().contains("classify"), "{body}");
    assert!(body["contact"].as_str().is_some_and(|contact| contact.contains('@')), "{body}");
    let retry_after: u64 = reply.header("retry-after").expect("Retry-After").parse().expect("seconds");
    assert!((1..=60).contains(&retry_after), "Retry-After {retry_after}");
    assert_eq!(reply.header("x-ratelimit-remaining"), Some("0"));
    // Other keys are counted apart.
    classify(server, &servers.key, &request("avery-sample", "edny", &fixture("blank_template"), "b.pdf")).0.expect(200);
}

// ---------------------------------------------------------------------------------------
// 3. Request errors

fn valid_body() -> Value {
    request("avery-sample", "edny", &fixture("blank_template"), "blank_template.pdf")
}

fn missing_authorization_is_401(servers: &Servers) {
    let server = &servers.server;
    let body = valid_body().to_string();
    let reply = server.post_json("/api/v1/classify", None, body.as_bytes());
    let error = general_error(&reply, 401, "authentication");
    assert!(error["error"].as_str().unwrap().contains("missing"), "{error}");
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    let forged = format!("crk_000000000000_{}", "0".repeat(64));
    general_error(&server.post_json("/api/v1/classify", Some(&forged), body.as_bytes()), 403, "authentication");
}

fn pdf_base64_not_base64_is_400(servers: &Servers) {
    let server = &servers.server;
    let cases = [
        ("%%% not base64 %%%", "not base64"),
        ("JVBERi0xLjcK!", "not base64"),
        ("JVBER", "length"),
        ("JV=BERi0x", "padding"),
        ("", "empty"),
        (" \n ", "empty"),
    ];
    for (text, words) in cases {
        let mut body = valid_body();
        body["pdf_base64"] = json!(text);
        let (reply, _) = classify(server, &servers.key, &body);
        assert_eq!(validation_paths(&reply), ["pdf_base64"], "{text:?}: {}", reply.text);
        let message = message_at(&reply.json, "pdf_base64");
        assert!(message.contains(words), "{text:?}: {message}");
    }
    let mut body = valid_body();
    body["pdf_base64"] = json!(42);
    let (reply, _) = classify(server, &servers.key, &body);
    assert_eq!(validation_paths(&reply), ["pdf_base64"]);
    assert!(message_at(&reply.json, "pdf_base64").contains("string"));
    // Validation comes before the lookups: bad base64 for an unknown district is a 400.
    let mut body = valid_body();
    body["pdf_base64"] = json!("%%%");
    body["district_id"] = json!("nowhere");
    assert_eq!(validation_paths(&classify(server, &servers.key, &body).0), ["pdf_base64"]);
    // Base64 as mail and browsers write it (line breaks, a data URL) is accepted.
    let encoded = base64(&fixture("blank_template"));
    let wrapped: Vec<&str> = encoded.as_bytes().chunks(76).map(|line| std::str::from_utf8(line).unwrap()).collect();
    for text in [wrapped.join("\r\n"), format!("data:application/pdf;base64,{encoded}")] {
        let mut body = valid_body();
        body["pdf_base64"] = json!(text);
        classify(server, &servers.key, &body).0.expect(200);
    }
}

fn missing_and_unknown_fields_are_400(servers: &Servers) {
    let server = &servers.server;
    let pdf = base64(&fixture("blank_template"));
    let cases: Vec<(Value, Vec<&str>)> = vec![
        (json!({}), vec!["judge_slug", "district_id", "pdf_base64"]),
        (json!({"judge_slug": "avery-sample", "district_id": "edny"}), vec!["pdf_base64"]),
        (json!({"district_id": "edny", "pdf_base64": pdf}), vec!["judge_slug"]),
        (json!({"judge_slug": "avery-sample", "pdf_base64": pdf}), vec!["district_id"]),
        (
            json!({"judge_slug": "avery-sample", "district_id": "edny", "pdf_base64": pdf, "colour": "blue"}),
            vec!["colour"],
        ),
        (
            json!({"filename": 3, "judge_slug": "Avery Sample", "district_id": 7, "zeta": 1, "alpha": null}),
            vec!["judge_slug", "district_id", "pdf_base64", "filename", "alpha", "zeta"],
        ),
        (
            json!({"judge_slug": null, "district_id": "edny", "pdf_base64": pdf, "filename": "x".repeat(256)}),
            vec!["judge_slug", "filename"],
        ),
    ];
    for (body, expected) in cases {
        let (reply, _) = classify(server, &servers.key, &body);
        let paths = validation_paths(&reply);
        assert_eq!(paths, expected, "{}", reply.text);
        if expected.contains(&"colour") {
            assert!(message_at(&reply.json, "colour").contains("unknown field"), "{}", reply.text);
        }
        if body.get("judge_slug").is_none() {
            assert_eq!(message_at(&reply.json, "judge_slug"), "is required");
        }
    }
}

fn bodies_not_json_get_json_errors(servers: &Servers) {
    let server = &servers.server;
    for body in [&b"not json"[..], b"", b"{\"judge_slug\":", b"%PDF-1.7\n"] {
        let reply = server.post_json("/api/v1/classify", Some(&servers.key), body);
        assert_eq!(validation_paths(&reply), [""], "{}", reply.text);
        assert_eq!(reply.json["error"], "the request body is not valid JSON");
    }
    for body in [&b"[1]"[..], b"\"JVBERi0x\"", b"null"] {
        let reply = server.post_json("/api/v1/classify", Some(&servers.key), body);
        assert_eq!(validation_paths(&reply), [""], "{}", reply.text);
    }
    let body = valid_body().to_string();
    for content_type in [None, Some("text/plain"), Some("application/pdf"), Some("multipart/form-data; boundary=x")] {
        let reply = server.post("/api/v1/classify", Some(&servers.key), content_type, body.as_bytes());
        general_error(&reply, 415, "unsupported-media-type");
    }
    // A raw PDF body is refused the same way, with JSON.
    let reply =
        server.post("/api/v1/classify", Some(&servers.key), Some("application/pdf"), &fixture("blank_template"));
    general_error(&reply, 415, "unsupported-media-type");
    let reply =
        server.post("/api/v1/classify", Some(&servers.key), Some("application/json; charset=utf-8"), body.as_bytes());
    reply.expect(200);
}

fn lookup_errors(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    let pdf = fixture("blank_template");
    // Unknown district: 404, `error` only (the spec's body).
    let (reply, _) = classify(server, key, &request("avery-sample", "nowhere", &pdf, "x.pdf"));
    let body = reply.expect(404);
    assert_eq!(body.as_object().unwrap().keys().collect::<Vec<_>>(), ["error"], "{body}");
    assert!(body["error"].as_str().unwrap().contains("nowhere"));
    // A judge not in the district: 404 pointing at the judge list.
    let (reply, _) = classify(server, key, &request("judge-nobody", "edny", &pdf, "x.pdf"));
    let body = general_error(&reply, 404, "judge-not-found");
    assert!(body["suggestion"].as_str().unwrap().contains("/api/v1/judges?district_id=edny"), "{body}");
    // A live court without a compliance profile: 422. The New York County Supreme Court is
    // live (its rules are served) and has no profile in the data pack.
    let ny = "ny-supreme-court-new-york-county";
    assert!(!common::repo_data().join(format!("profiles/{ny}.json")).exists());
    assert_eq!(server.get(&format!("/api/v1/courts/{ny}"), Some(key)).expect(200)["status"], "live");
    let (reply, _) = classify(server, key, &request("any-judge", ny, &pdf, "x.pdf"));
    let body = general_error(&reply, 422, "no-compliance-profile");
    assert_eq!(body["district"]["district_id"], ny);
    assert_eq!(body["district"]["status"], "live");
    // S.D.N.Y. now has one: its court-wide rules classify.
    let (reply, _) = classify(server, key, &request("court", "sdny", &pdf, "x.pdf"));
    reply.expect(200);
    // A key whose plan leaves the district out: 403 with the structured body.
    let edny_only = server.workspace.create_key("edny-only", "edny");
    let (reply, _) = classify(server, &edny_only, &request("any-judge", "sdny", &pdf, "x.pdf"));
    let body = reply.expect(403);
    assert_eq!(body["district"]["district_id"], "sdny", "{body}");
    assert_eq!(body["accessible_districts"], json!(["edny"]), "{body}");
}

fn a_pdf_over_the_size_limit(servers: &Servers) {
    let (limited, key) = (&servers.limited, &servers.limited_key);
    // A real PDF padded with trailing line breaks to exactly the limit is classified…
    let mut pdf = fixture("memo_support_rule12");
    pdf.resize(LIMITED_MAX_PDF_BYTES, b'\n');
    classify(limited, key, &request("avery-sample", "edny", &pdf, "at-the-limit.pdf")).0.expect(200);
    // …and one byte more is refused at `pdf_base64`, saying why.
    pdf.push(b'\n');
    let (reply, _) = classify(limited, key, &request("avery-sample", "edny", &pdf, "over-the-limit.pdf"));
    assert_eq!(validation_paths(&reply), ["pdf_base64"], "{}", reply.text);
    let message = message_at(&reply.json, "pdf_base64");
    assert!(message.contains("too large") && message.contains(&LIMITED_MAX_PDF_BYTES.to_string()), "{message}");
    // A body over the route's own limit is refused from its Content-Length: 413, JSON.
    let huge = request("avery-sample", "edny", &vec![b'%'; 2 * 1024 * 1024], "huge.pdf");
    let (status, body) = limited.post_raw("/api/v1/classify", key, huge.to_string().as_bytes());
    assert_eq!(status, 413, "{body}");
    assert!(body["error"].as_str().is_some_and(|error| error.contains("/classify")), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#payload-too-large"), "{body}");
    let suggestion = body["suggestion"].as_str().unwrap_or_default();
    assert!(suggestion.contains(&format!("at most {LIMITED_MAX_PDF_BYTES} bytes")), "{body}");
    // The default server takes the same 2 MiB PDF (limit 22 MiB) past the size checks:
    // it is refused only for not being a PDF.
    let (reply, _) = classify(&servers.server, &servers.key, &huge);
    general_error(&reply, 422, "unreadable-pdf");
}

fn a_non_pdf_is_422(servers: &Servers) {
    let png = std::fs::read(fixtures_dir().join("hostile/png_renamed.pdf")).unwrap();
    let cases: [(&str, &[u8]); 4] = [
        ("notes.txt", b"These are my notes, not a PDF.\n"),
        ("download.pdf", b"<html><body><h1>404 Not Found</h1></body></html>\n"),
        ("scan.pdf", &png),
        ("memo.docx", b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00word/document.xml"),
    ];
    for (filename, bytes) in cases {
        let (reply, _) = classify(&servers.server, &servers.key, &request("avery-sample", "edny", bytes, filename));
        let body = general_error(&reply, 422, "unreadable-pdf");
        assert!(body["error"].as_str().unwrap().contains("not a PDF"), "{filename}: {body}");
        // the suggestion fits the cause: no password to remove
        let suggestion = body["suggestion"].as_str().unwrap();
        assert!(suggestion.contains("this file is not one") && !suggestion.contains("password"), "{body}");
    }
}

/// A 4 KB PDF whose 20 pages paint form XObjects 840,000 times each (2.5 million
/// operators a page, under the per-page limit) used to run out of the 15 s format
/// budget, run again without format detection and end in a 502 "retry later". Now the
/// document's operator limit refuses it in the first call: a 422 naming the operators,
/// whose suggestion does not invite a retry — and no second pass (the server logs one
/// when the format budget runs out).
fn too_many_operators_is_422(servers: &Servers) {
    let file = "form_fanout_every_page.pdf";
    let pdf = std::fs::read(fixtures_dir().join("hostile").join(file)).unwrap();
    let (reply, elapsed) = classify(&servers.server, &servers.key, &request("avery-sample", "edny", &pdf, file));
    println!("{file}: {} in {} ms", reply.status, elapsed.as_millis());
    let body = general_error(&reply, 422, "unreadable-pdf");
    assert_eq!(
        body["error"],
        "the PDF cannot be analysed: page 3: the document's content runs more than 6,000,000 operators by this page, \
         too many to analyse (a filing's page runs a few thousand)"
    );
    let suggestion = body["suggestion"].as_str().unwrap();
    assert!(suggestion.contains("will be refused again"), "{suggestion}");
    assert!(!suggestion.to_lowercase().contains("retry") && !suggestion.contains("password"), "{suggestion}");
    assert!(!servers.server.log().contains("ran out of its format budget"), "a second pass was made");
}

/// A scanned page of 7,900 × 7,900 pixels (62 M, ~1 GB in Tesseract) is handed to text
/// recognition reduced to 3,950 × 3,950: it is read (an image with no text read is a
/// 422), and the answer says so.
fn a_huge_scanned_image_is_reduced(servers: &Servers) {
    let pdf = huge_scan_pdf();
    let (reply, elapsed) = classify(&servers.server, &servers.key, &request("avery-sample", "edny", &pdf, "scan.pdf"));
    println!("a 7,900 × 7,900 scanned page: {} in {} ms", reply.status, elapsed.as_millis());
    let r = reply.expect(200);
    let warnings = r["warnings"].as_array().unwrap();
    assert!(warnings.iter().any(|w| w.as_str().unwrap().contains("Page 1 was read by text recognition")), "{r}");
}

/// One letter page painted with a 7,900 × 7,900 1-bit image (a 1,000 dpi scan) of a few
/// lines of large block letters, uncompressed (7.8 MB).
fn huge_scan_pdf() -> Vec<u8> {
    const SIDE: usize = 7_900;
    let row = SIDE.div_ceil(8);
    let mut bits = vec![0xFFu8; row * SIDE];
    // 5 × 7 glyphs, each cell 40 pixels: dark (0) cells on white (1)
    let glyphs: [(char, [&str; 7]); 8] = [
        ('T', ["11111", "00100", "00100", "00100", "00100", "00100", "00100"]),
        ('H', ["10001", "10001", "10001", "11111", "10001", "10001", "10001"]),
        ('E', ["11111", "10000", "10000", "11110", "10000", "10000", "11111"]),
        ('C', ["01110", "10001", "10000", "10000", "10000", "10001", "01110"]),
        ('O', ["01110", "10001", "10001", "10001", "10001", "10001", "01110"]),
        ('U', ["10001", "10001", "10001", "10001", "10001", "10001", "01110"]),
        ('R', ["11110", "10001", "10001", "11110", "10100", "10010", "10001"]),
        (' ', ["00000", "00000", "00000", "00000", "00000", "00000", "00000"]),
    ];
    let cell = 40;
    let text = ["THE COURT", "THE COURT", "THE COURT", "THE COURT", "THE COURT", "THE COURT"];
    for (l, line) in text.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let shape = glyphs.iter().find(|(g, _)| *g == ch).unwrap().1;
            for (gy, pattern) in shape.iter().enumerate() {
                for (gx, on) in pattern.chars().enumerate() {
                    if on != '1' {
                        continue;
                    }
                    for y in 0..cell {
                        for x in 0..cell {
                            let px = 800 + c * 6 * cell + gx * cell + x;
                            let py = 800 + l * 10 * cell + gy * cell + y;
                            bits[py * row + px / 8] &= !(0x80 >> (px % 8));
                        }
                    }
                }
            }
        }
    }
    let image = bits;
    let content = b"q 612 0 0 792 0 0 cm /Im0 Do Q";
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>".to_vec(),
    ];
    let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
    stream.extend_from_slice(content);
    stream.extend_from_slice(b"\nendstream");
    objects.push(stream);
    let mut stream = format!(
        "<< /Type /XObject /Subtype /Image /Width {SIDE} /Height {SIDE} /ColorSpace /DeviceGray /BitsPerComponent 1 \
         /Length {} >>\nstream\n",
        image.len()
    )
    .into_bytes();
    stream.extend_from_slice(&image);
    stream.extend_from_slice(b"\nendstream");
    objects.push(stream);
    let mut pdf = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        pdf.extend_from_slice(object);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes(),
    );
    pdf
}

// ---------------------------------------------------------------------------------------
// 4. The hostile corpus against the live server

/// Per request. The engine's own runs of the corpus take well under a second in all;
/// the bound is generous for a loaded two-core machine.
const HOSTILE_DEADLINE: Duration = Duration::from_secs(20);
/// The sandbox caps one classify (or page-image) call at 256 MiB of wasm memory, and
/// the corpus is sent one file at a time, so at most one such call runs at once.
const CLASSIFY_MEMORY_CAP_KIB: u64 = 256 * 1024;
/// The host's own share of a request beside the engine's: the largest body (5.6 MB of
/// base64), its JSON value, the decoded PDF and the engine's copy, the tokio buffers.
const HOST_SLACK_KIB: u64 = 64 * 1024;

fn hostile_corpus(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    let dir = fixtures_dir().join("hostile");
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let files = manifest["files"].as_array().unwrap();
    let listed: BTreeSet<&str> = files.iter().map(|file| file["file"].as_str().unwrap()).collect();
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".pdf"))
        .collect();
    assert_eq!(on_disk.iter().map(String::as_str).collect::<BTreeSet<_>>(), listed, "manifest and folder differ");

    let rows_before: BTreeSet<String> =
        uploads(&server.workspace).iter().map(|row| row["id"].as_str().unwrap().to_owned()).collect();
    let pid = server.pid();
    // Peak memory of the corpus alone: `5` in clear_refs resets VmHWM to the current RSS.
    let reset = std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok();
    let (rss_before, _) = memory_kib(pid);

    let mut problems = Vec::new();
    let mut answered_200 = BTreeSet::new();
    let mut refused = Vec::new();
    let mut slowest = (String::new(), Duration::ZERO);
    let mut peak_kib = 0;
    for entry in files {
        let name = entry["file"].as_str().unwrap();
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert_eq!(sha256(&bytes), entry["sha256"].as_str().unwrap(), "{name} differs from the manifest");
        let (reply, elapsed) = classify(server, key, &request("avery-sample", "edny", &bytes, name));
        let (_, hwm) = memory_kib(pid);
        peak_kib = peak_kib.max(hwm);
        if elapsed > slowest.1 {
            slowest = (name.to_owned(), elapsed);
        }
        if elapsed > HOSTILE_DEADLINE {
            problems.push(format!(
                "{name}: {} ms, over the {} s deadline",
                elapsed.as_millis(),
                HOSTILE_DEADLINE.as_secs()
            ));
        }
        let ok_allowed = entry["expect"] == "client_error_or_ok";
        match reply.status {
            400..=499 => {
                if !reply.content_type.starts_with("application/json")
                    || reply.json["error"].as_str().is_none_or(str::is_empty)
                {
                    problems.push(format!("{name}: {} without a JSON error body: {}", reply.status, reply.text));
                }
                refused.push(sha256(&bytes));
            }
            200 if ok_allowed => {
                // A sane answer: a classification with counts.
                let r = &reply.json;
                if !r["classification"]["confidence"].is_string() || !r["document"]["page_count"].is_u64() {
                    problems.push(format!("{name}: a 200 that is not a classification: {}", reply.text));
                }
                answered_200.insert(sha256(&bytes));
            }
            status => problems.push(format!("{name} ({}): status {status}: {}", entry["expect"], reply.text)),
        }
    }
    let (rss_after, hwm_after) = memory_kib(pid);
    peak_kib = peak_kib.max(hwm_after);
    println!(
        "hostile corpus: {} files; slowest {} in {} ms; server RSS {} MiB before, peak {} MiB{}, {} MiB after; {} answered 200",
        files.len(),
        slowest.0,
        slowest.1.as_millis(),
        rss_before / 1024,
        peak_kib / 1024,
        if reset { "" } else { " (lifetime peak: clear_refs unavailable)" },
        rss_after / 1024,
        answered_200.len()
    );
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    let bound = rss_before + CLASSIFY_MEMORY_CAP_KIB + HOST_SLACK_KIB;
    assert!(peak_kib <= bound, "peak RSS {peak_kib} KiB over the bound {bound} KiB");
    assert!(rss_after <= rss_before + HOST_SLACK_KIB, "RSS grew from {rss_before} to {rss_after} KiB");

    // Refused requests left no row and no file; the 200s were stored.
    let rows = uploads(&server.workspace);
    let new_rows: Vec<&Value> = rows.iter().filter(|row| !rows_before.contains(row["id"].as_str().unwrap())).collect();
    let new_shas: BTreeSet<String> = new_rows.iter().map(|row| row["sha256"].as_str().unwrap().to_owned()).collect();
    assert_eq!(new_rows.len(), answered_200.len(), "one row per 200 answer");
    assert_eq!(new_shas, answered_200);
    for sha in &refused {
        assert!(!new_shas.contains(sha), "a refused PDF has a row");
    }

    // The server is still well: a normal classify and a check.
    let (reply, _) = classify_fixture(server, key, "memo_opposition_rule56");
    assert_eq!(reply.expect(200)["page_count_analysis"]["body_page_count"], 23);
    server.check(key, &check_request()).expect(200);
}

// ---------------------------------------------------------------------------------------
// 5. Durable storage

fn uploads_are_stored_listed_and_pruned(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    let key_id = key.split('_').nth(1).unwrap();
    // A PDF no other test sends: a fixture with three more trailing line breaks.
    let mut pdf = fixture("declaration_1746");
    pdf.extend_from_slice(b"\n\n\n");
    let sha = sha256(&pdf);
    let rows_of = |sha: &str| -> Vec<Value> {
        uploads(&server.workspace).into_iter().filter(|row| row["sha256"] == sha).collect()
    };
    assert!(rows_of(&sha).is_empty());

    let body = request("blake-example", "edny", &pdf, "decl-smith.pdf");
    let (first, _) = classify(server, key, &body);
    first.expect(200);
    let rows = rows_of(&sha);
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    assert_eq!(row["byte_size"], pdf.len());
    assert_eq!(row["filename"], "decl-smith.pdf");
    assert_eq!(row["key_id"], key_id);
    assert_eq!((row["district_id"].as_str(), row["judge_slug"].as_str()), (Some("edny"), Some("blake-example")));
    assert!(row["engine_version"].as_str().is_some_and(|version| !version.is_empty()), "{row}");
    let first_id = row["id"].as_str().unwrap().to_owned();
    assert_eq!(stored_pdf(&server.workspace, &first_id).expect("the stored PDF"), pdf, "the stored bytes differ");

    // The same PDF again: a second row, whose bytes are the same.
    classify(server, key, &body).0.expect(200);
    let rows = rows_of(&sha);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_ne!(rows[0]["id"], rows[1]["id"]);
    for row in &rows {
        assert_eq!(stored_pdf(&server.workspace, row["id"].as_str().unwrap()).as_deref(), Some(&pdf[..]));
    }

    // Pruning everything older than 0 days removes the uploads and their PDFs.
    let output = server.workspace.cli(&["uploads", "prune", "--older-than-days", "0"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("pruned "), "{}", stdout(&output));
    assert!(uploads(&server.workspace).is_empty(), "rows left after pruning");
    assert_eq!(stored_pdf(&server.workspace, &first_id), None, "the PDF is still there after pruning");
}

// ---------------------------------------------------------------------------------------
// 6. The command line

fn cli_classify_prints_the_classification(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    let path = fixture_path("memo_support_rule12");
    let path = path.to_str().unwrap();
    let output = server.workspace.cli(&["classify", path]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("the classification as JSON");
    assert_eq!(printed["classification"]["document_scope"], "brief_support");
    assert_eq!(printed["classification"]["motion_type"], "Rule_12");
    assert_eq!(printed["page_count_analysis"]["body_page_count"], 19);
    assert_eq!(printed["document"]["word_count"], 6589);
    // With the district and judge, the same bytes as the server's answer.
    let output = server.workspace.cli(&["classify", path, "--district", "edny", "--judge", "avery-sample"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let (reply, _) = classify_fixture(server, key, "memo_support_rule12");
    reply.expect(200);
    assert_eq!(stdout(&output).trim_end(), reply.text);
}

fn cli_classify_check(servers: &Servers) {
    let (server, key) = (&servers.server, &servers.key);
    let path = fixture_path("memo_support_rule12");
    let args = ["classify", path.to_str().unwrap(), "--district", "edny", "--judge", "avery-sample", "--check"];
    // A Rule 12 memorandum for the movant with no pre-motion conference: the judge
    // requires one, so NON_COMPLIANT, exit 1.
    let output = server.workspace.cli(&[&args[..], &["--role", "movant"]].concat());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("a check response");
    assert_eq!(printed["summary"]["status"], "NON_COMPLIANT", "{printed}");
    let results = printed["results"].as_array().unwrap();
    assert!(results.iter().any(|result| result["category"] == "PMC" && result["status"] == "FAIL"), "{printed}");
    assert!(results.iter().any(|result| result["category"] == "PAGE_LIMIT" && result["status"] == "PASS"), "{printed}");
    // The flow over HTTP gives the same bytes: classify, add the four facts, check.
    let (reply, _) = classify_fixture(server, key, "memo_support_rule12");
    let mut completed = reply.expect(200)["check_request"].clone();
    let facts =
        json!({"is_pro_se": false, "pmc_completed": false, "opposing_party_pro_se": false, "filing_role": "movant"});
    completed.as_object_mut().unwrap().extend(facts.as_object().unwrap().clone());
    let checked = server.check(key, &completed);
    checked.expect(200);
    assert_eq!(stdout(&output).trim_end(), checked.text);

    // A reply in further support with the conference held: COMPLIANT, exit 0.
    let path = fixture_path("reply_rule12");
    let output = server.workspace.cli(&[
        "classify",
        path.to_str().unwrap(),
        "--district",
        "edny",
        "--judge",
        "avery-sample",
        "--check",
        "--role",
        "reply",
        "--pmc-completed",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}\n{}", stderr(&output), stdout(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("a check response");
    assert_eq!(printed["summary"]["status"], "COMPLIANT", "{printed}");
}

/// `courtrules classify FILE --district edny --judge avery-sample --check --role movant`.
fn cli_classify_errors(servers: &Servers) {
    let workspace = &servers.server.workspace;
    let not_pdf = workspace.dir.path().join("notes.pdf");
    std::fs::write(&not_pdf, "These are my notes, not a PDF.\n").unwrap();
    let output = workspace.cli(&["classify", not_pdf.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(stderr(&output).contains("not a PDF"), "{}", stderr(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("the error body on stdout");
    assert!(printed["error"].as_str().unwrap().contains("not a PDF"), "{printed}");
    // The same with --check: no check is made.
    let output = workspace.classify_check_as_movant(&not_pdf);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    // A file that is not there.
    let missing = workspace.dir.path().join("missing.pdf");
    let output = workspace.cli(&["classify", missing.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("could not read"), "{}", stderr(&output));
    // An unsupported document: nothing to check, exit 2 with the reason.
    let newsletter = fixture_path("nonlegal_newsletter");
    let output = workspace.classify_check_as_movant(&newsletter);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(stderr(&output).contains("not supported"), "{}", stderr(&output));
    // A judge not in the district: the server's 404 body, exit 2.
    let memo = fixture_path("memo_support_rule12");
    let output = workspace.cli(&["classify", memo.to_str().unwrap(), "--district", "edny", "--judge", "judge-nobody"]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("the error body on stdout");
    assert!(printed["error"].as_str().unwrap().contains("judge-nobody"), "{printed}");
}

/// Text recognition takes over a second a page; with a 300 ms budget the scanned page
/// cannot be read in time, and the error still lists it (the spec), as a 502.
fn recognition_out_of_time(servers: &Servers) {
    let workspace = &servers.server.workspace;
    let scanned = fixture_path("memo_scanned_page");
    let output = workspace.cli(&["classify", scanned.to_str().unwrap(), "--classify-budget-ms", "300"]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("the error body on stdout");
    assert_eq!(printed["scanned_pages"], json!([3]), "{printed}");
    assert_eq!(printed["unreadable_pages"], json!([3]), "{printed}");
    assert!(printed["error"].as_str().unwrap().contains("did not finish within the 0.3 s time limit"), "{printed}");
    assert!(printed["docs_url"].as_str().unwrap().ends_with("#classification-failed"), "{printed}");
}

/// The format budget (the spec's 15 s) shortened to 1 ms: format extraction runs out of
/// time, the PDF is classified again without it, and the answer says so — everything
/// else as with the full budget.
fn format_extraction_out_of_time(servers: &Servers) {
    let workspace = &servers.server.workspace;
    let memo = fixture_path("memo_opposition_rule56");
    let memo = memo.to_str().unwrap();
    let full = workspace.cli(&["classify", memo]);
    assert_eq!(full.status.code(), Some(0), "{}", stderr(&full));
    let full: Value = serde_json::from_str(&stdout(&full)).expect("the classification as JSON");
    assert_ne!(full["format_detection"]["confidence_reason"], "Format extraction was skipped.", "{full}");

    let short = workspace.cli(&["classify", memo, "--classify-format-budget-ms", "1"]);
    assert_eq!(short.status.code(), Some(0), "{}", stderr(&short));
    assert!(stderr(&short).contains("ran out of its format budget"), "{}", stderr(&short));
    let short: Value = serde_json::from_str(&stdout(&short)).expect("the classification as JSON");
    let skipped = "Format extraction did not complete within its time limit, so format checks are skipped.";
    assert_eq!(short["format_detection"]["warning"], skipped, "{short}");
    assert!(short["warnings"].as_array().unwrap().iter().any(|warning| warning == skipped), "{short}");
    for part in ["classification", "page_count_analysis"] {
        assert_eq!(short[part], full[part], "{part} does not depend on format extraction");
    }
    // The check request carries no `format`, so the format checks are skipped rather
    // than run on guesses; the rest of the document is the same.
    let mut document = full["document"].clone();
    assert!(document.as_object_mut().unwrap().remove("format").is_some(), "{full}");
    assert_eq!(short["document"], document);
}
