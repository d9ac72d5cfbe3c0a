//! The server under hostile clients, end to end: slow and idle sockets, the connection
//! cap, oversized and ambiguous request heads, forged request ids, floods of unknown
//! fields and parameters, repeated keys, security headers, failed keys in the log, the
//! first key kept out of the output, and the per-key upload quota.
//!
//! Two servers: `tight` has a one-second header-read timeout and room for eight
//! connections, and is only spoken to over plain sockets; `server` has the default
//! connection settings and a 1 MiB upload quota.

mod common;

use base64::Engine as _;
use common::{Reply, Server, Test, check_request, header_in};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

struct Servers {
    tight: Server,
    server: Server,
}

const HEADER_TIMEOUT: Duration = Duration::from_secs(1);
const MAX_CONNECTIONS: usize = 8;

fn main() -> std::process::ExitCode {
    common::run(
        || Servers {
            tight: Server::start(&[
                "--header-read-timeout-ms",
                &HEADER_TIMEOUT.as_millis().to_string(),
                "--max-connections",
                &MAX_CONNECTIONS.to_string(),
            ]),
            server: Server::start(&["--upload-quota-mib", "1", "--refresh-ms", "100"]),
        },
        TESTS,
    )
}

const TESTS: &[Test<Servers>] = &[
    ("a_half_sent_header_is_cut_off_after_the_timeout", half_sent_header_is_cut_off),
    ("an_idle_keep_alive_connection_is_closed", idle_keep_alive_is_closed),
    ("past_the_connection_cap_clients_wait_and_then_get_in", connection_cap_then_in),
    ("a_long_uri_is_a_json_414", long_uri_is_json_414),
    ("large_headers_are_a_json_431", large_headers_are_json_431),
    ("two_authorization_or_content_length_headers_are_a_400", repeated_headers_are_400),
    ("only_plain_request_ids_are_kept", only_plain_request_ids_are_kept),
    ("a_path_that_is_not_utf8_is_a_json_400_without_errors_logged", non_utf8_path_is_400),
    ("the_index_rejects_unknown_parameters", index_rejects_unknown_parameters),
    ("thousands_of_unknown_parameters_list_fifty", unknown_parameters_list_fifty),
    ("a_flood_of_unknown_fields_lists_fifty", unknown_fields_list_fifty),
    ("a_repeated_key_is_a_400_naming_it_on_every_body", repeated_key_is_400),
    ("a_byte_order_mark_before_a_json_body_is_ignored_on_every_body", byte_order_mark_is_ignored),
    ("security_headers_are_on_every_response", security_headers_everywhere),
    ("a_304_for_the_app_page_keeps_its_stored_policy", not_modified_keeps_the_page_policy),
    ("failed_keys_are_logged_by_id_only", failed_keys_are_logged_by_id),
    ("the_first_key_is_written_to_a_private_file_not_printed", first_key_in_private_file),
    ("uploads_past_the_quota_are_refused_with_403", upload_quota),
    ("uploads_sent_at_once_never_take_a_key_past_its_quota", concurrent_uploads_keep_to_the_quota),
];

fn address(server: &Server) -> String {
    server.base.strip_prefix("http://").expect("an http base").to_owned()
}

fn connect(server: &Server) -> TcpStream {
    let stream = TcpStream::connect(address(server)).expect("a connection");
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    stream
}

/// Waits for the server to close `stream` (reads until end of file, discarding what
/// comes) and returns how long that took.
fn time_until_closed(stream: &mut TcpStream) -> Duration {
    let started = Instant::now();
    let mut sink = [0u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return started.elapsed(),
            Ok(_) => {}
            Err(error)
                if error.kind() == std::io::ErrorKind::WouldBlock || error.kind() == std::io::ErrorKind::TimedOut =>
            {
                panic!("the server kept the connection open for {:?}", started.elapsed())
            }
            // A reset also ends the connection.
            Err(_) => return started.elapsed(),
        }
    }
}

/// Sends raw bytes and reads the whole answer (the request should say
/// `Connection: close`): status, head and body.
fn raw(server: &Server, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut stream = connect(server);
    let _ = stream.write_all(request);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let split = response.windows(4).position(|window| window == b"\r\n\r\n").expect("a response head");
    let head = String::from_utf8_lossy(&response[..split]).into_owned();
    let status = head.split_whitespace().nth(1).and_then(|code| code.parse().ok()).expect("a status line");
    (status, head, response[split + 4..].to_vec())
}

fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

fn json(body: &[u8]) -> Value {
    serde_json::from_slice(body).unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(body)))
}

fn half_sent_header_is_cut_off(servers: &Servers) {
    let mut sockets: Vec<TcpStream> = (0..MAX_CONNECTIONS)
        .map(|_| {
            let mut stream = connect(&servers.tight);
            stream.write_all(b"GET /api/v1 HTTP/1.1\r\nHost: x\r\nX-a: ").unwrap();
            stream
        })
        .collect();
    for stream in &mut sockets {
        let waited = time_until_closed(stream);
        assert!(waited < HEADER_TIMEOUT * 5, "a half-sent header held a connection for {waited:?}");
    }
    // And the server still answers.
    let (status, _, _) = raw(&servers.tight, b"GET /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
}

fn idle_keep_alive_is_closed(servers: &Servers) {
    let mut stream = connect(&servers.tight);
    stream.write_all(b"GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    // Read the answer (its length is in Content-Length), then stay idle.
    let mut response = Vec::new();
    let mut buffer = [0u8; 65536];
    loop {
        let read = stream.read(&mut buffer).expect("the answer");
        assert!(read > 0, "the server closed a keep-alive connection before answering");
        response.extend_from_slice(&buffer[..read]);
        if let Some(split) = response.windows(4).position(|window| window == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&response[..split]).into_owned();
            let length: usize = header(&head, "content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
            if response.len() >= split + 4 + length {
                break;
            }
        }
    }
    let waited = time_until_closed(&mut stream);
    assert!(waited < HEADER_TIMEOUT * 5, "an idle keep-alive connection stayed open for {waited:?}");
}

fn connection_cap_then_in(servers: &Servers) {
    // Fill every slot with a connection that sends nothing.
    let _silent: Vec<TcpStream> = (0..MAX_CONNECTIONS).map(|_| connect(&servers.tight)).collect();
    std::thread::sleep(Duration::from_millis(200));
    // The next client is accepted only once a slot frees: the silent ones time out.
    let started = Instant::now();
    let (status, _, _) = raw(&servers.tight, b"GET /openapi.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let waited = started.elapsed();
    assert_eq!(status, 200);
    assert!(waited >= HEADER_TIMEOUT / 2, "the cap did not hold: answered after {waited:?} with every slot taken");
    assert!(waited < HEADER_TIMEOUT * 5, "waited {waited:?} for a slot");
}

fn long_uri_is_json_414(servers: &Servers) {
    let path = format!("/api/v1/courts?{}", "a=1&".repeat(2_500));
    let reply = servers.server.get(&path, Some(servers.server.key()));
    let body = reply.expect(414);
    assert!(body["error"].as_str().unwrap().contains("8192-byte limit"), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#request-head-refused"), "{body}");
}

fn large_headers_are_json_431(servers: &Servers) {
    let big = "x".repeat(20 * 1024);
    let request = format!("GET /api/v1 HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\nConnection: close\r\n\r\n");
    let (status, head, body) = raw(&servers.server, request.as_bytes());
    assert_eq!(status, 431, "{head}");
    let body = json(&body);
    assert!(body["error"].as_str().unwrap().contains("16384-byte limit"), "{body}");
    assert!(body["suggestion"].is_string() && body["docs_url"].is_string(), "{body}");
}

fn repeated_headers_are_400(servers: &Servers) {
    let key = servers.server.key();
    let request = format!(
        "GET /api/v1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\nAuthorization: Bearer crk_0_0\r\n\
         Connection: close\r\n\r\n"
    );
    let (status, _, body) = raw(&servers.server, request.as_bytes());
    assert_eq!(status, 400);
    let body = json(&body);
    assert_eq!(body["error"], "the Authorization header was sent more than once");
    // The body every 400 has (the OpenAPI's `ValidationErrorBody`): `details` name the header.
    assert_eq!(
        body["details"],
        json!([{"path": "Authorization", "message": "appears more than once; send the header once"}])
    );
    let fields: Vec<&str> = body.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(fields, ["details", "docs_url", "error"], "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#request-head-refused"), "{body}");
    // Two Content-Length headers that disagree are refused by the HTTP parser itself,
    // before the application: a 400 without a body (documented). Two that agree are
    // one length, and the request is read.
    let payload = check_request().to_string();
    let lengths = |first: usize, second: usize| {
        format!(
            "POST /api/v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n\
             Content-Type: application/json\r\nContent-Length: {first}\r\nContent-Length: {second}\r\n\
             Connection: close\r\n\r\n{payload}"
        )
    };
    let (status, _, _) = raw(&servers.server, lengths(payload.len(), payload.len() - 1).as_bytes());
    assert_eq!(status, 400);
    let (status, _, _) = raw(&servers.server, lengths(payload.len(), payload.len()).as_bytes());
    assert_eq!(status, 200);
}

fn request_id_of(server: &Server, id: &str) -> String {
    let request = format!("GET /openapi.json HTTP/1.1\r\nHost: x\r\nX-Request-Id: {id}\r\nConnection: close\r\n\r\n");
    let (status, head, _) = raw(server, request.as_bytes());
    assert_eq!(status, 200);
    header(&head, "x-request-id").expect("an X-Request-Id on every response").to_owned()
}

fn only_plain_request_ids_are_kept(servers: &Servers) {
    assert_eq!(request_id_of(&servers.server, "trace-42.a:b_c"), "trace-42.a:b_c");
    let forged = "x\" level=ERROR msg=\"forged";
    for id in [forged, &"a".repeat(65), "two words"] {
        let echoed = request_id_of(&servers.server, id);
        assert_ne!(echoed, id);
        assert_eq!(echoed.len(), 36, "a fresh UUID replaces {id:?}: {echoed}");
    }
    assert!(!servers.server.log().contains("forged"), "a client's id reached the log");
}

fn non_utf8_path_is_400(servers: &Servers) {
    let reply = servers.server.get("/docs/%ff%fe", None);
    let body = reply.expect(400);
    assert_eq!(body["details"][0]["path"], "name", "{body}");
    let reply = servers.server.get("/api/v1/courts/%ff", Some(servers.server.key()));
    reply.expect(400);
    assert!(!servers.server.log().contains("ERROR"), "errors logged:\n{}", servers.server.log());
}

fn index_rejects_unknown_parameters(servers: &Servers) {
    let reply = servers.server.get("/api/v1?verbose=1", Some(servers.server.key()));
    let body = reply.expect(400);
    assert_eq!(body["error"], "the query is invalid (1 problem)");
    assert_eq!(body["details"][0]["path"], "verbose");
}

fn unknown_parameters_list_fifty(servers: &Servers) {
    // As many distinct names as fit under the URI limit.
    let query: Vec<String> = (0..900).map(|i| format!("p{i}=1")).collect();
    let reply = servers.server.get(&format!("/api/v1/courts?{}", query.join("&")), Some(servers.server.key()));
    let body = reply.expect(400);
    assert_eq!(body["error"], "the query is invalid (900 problems; the first 50 are listed)");
    let details = body["details"].as_array().unwrap();
    assert_eq!(details.len(), 51);
    assert_eq!(details[50]["message"], "… and 850 more problems not listed");
}

fn unknown_fields_list_fifty(servers: &Servers) {
    let mut request = check_request();
    // As many as fit under the 1 MiB body limit.
    for i in 0..50_000 {
        request[format!("unknown_{i:05}")] = json!(1);
    }
    let reply = servers.server.check(servers.server.key(), &request);
    let body = reply.expect(400);
    assert_eq!(body["error"], "the request is invalid (50000 problems; the first 50 are listed)");
    assert_eq!(body["details"].as_array().unwrap().len(), 51);
    assert!(reply.text.len() < 16 * 1024, "a {}-byte answer", reply.text.len());
}

fn repeated_key_is_400(servers: &Servers) {
    let key = servers.server.key();
    let text = check_request().to_string();
    for (field, twice) in [
        ("district_id", text.replacen("\"district_id\":", "\"district_id\":\"sdny\",\"district_id\":", 1)),
        ("judge_slug", text.replacen("\"judge_slug\":", "\"judge_slug\":\"x\",\"judge_slug\":", 1)),
        ("document.word_count", text.replacen("\"word_count\":", "\"word_count\":1,\"word_count\":", 1)),
    ] {
        assert_ne!(twice, text, "the test body must hold {field}");
        let reply = servers.server.post_json("/api/v1/check", Some(key), twice.as_bytes());
        let body = reply.expect(400);
        assert_eq!(body["details"][0]["path"], field, "{body}");
        assert_eq!(body["details"][0]["message"], "appears more than once; give each field once");
    }
    let classify = r#"{"judge_slug":"avery-sample","district_id":"edny","district_id":"sdny","pdf_base64":"JVBERi0="}"#;
    let reply = servers.server.post_json("/api/v1/classify", Some(key), classify.as_bytes());
    let body = reply.expect(400);
    assert_eq!(body["details"][0]["path"], "district_id", "{body}");
    assert!(!servers.server.log().contains("ERROR"), "errors logged:\n{}", servers.server.log());
}

/// RFC 8259 lets a parser ignore a UTF-8 byte-order mark before JSON; every endpoint
/// taking a body does (as the CLI and MCP over stdio do), rather than answering "expected
/// value at line 1 column 1".
fn byte_order_mark_is_ignored(servers: &Servers) {
    let key = servers.server.key();
    let with_bom = |body: &[u8]| [b"\xEF\xBB\xBF".as_slice(), body].concat();
    let text = check_request().to_string();
    let plain = servers.server.post_json("/api/v1/check", Some(key), text.as_bytes());
    let marked = servers.server.post_json("/api/v1/check", Some(key), &with_bom(text.as_bytes()));
    assert_eq!(marked.expect(200), plain.expect(200), "the same check, mark or not");
    // The other bodies are read past the mark too: their problems are their fields'.
    for path in ["/api/v1/classify", "/api/v1/deadlines"] {
        let reply = servers.server.post_json(path, Some(key), &with_bom(b"{}"));
        let body = reply.expect(400);
        assert_ne!(body["error"], "the request body is not valid JSON", "{path}: {body}");
        assert!(body["details"].as_array().unwrap().iter().all(|d| d["path"] != ""), "{path}: {body}");
    }
    // A mark and nothing else is no JSON at all.
    let reply = servers.server.post_json("/api/v1/check", Some(key), &with_bom(b""));
    assert_eq!(reply.expect(400)["error"], "the request body is not valid JSON", "{}", reply.text);
}

fn security_headers_everywhere(servers: &Servers) {
    let server = &servers.server;
    let replies: Vec<(&str, Reply)> = vec![
        ("/", server.get("/", None)),
        ("/docs/errors", server.get("/docs/errors", None)),
        ("/api/v1", server.get("/api/v1", Some(server.key()))),
        ("/api/v1 without a key", server.get("/api/v1", None)),
        ("/openapi.json", server.get("/openapi.json", None)),
    ];
    for (path, reply) in &replies {
        assert_eq!(reply.header("x-content-type-options"), Some("nosniff"), "{path}");
        assert_eq!(reply.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(reply.header("referrer-policy"), Some("no-referrer"), "{path}");
        let policy = reply.header("content-security-policy").unwrap_or_else(|| panic!("no CSP on {path}"));
        assert!(policy.contains("frame-ancestors 'none'"), "{path}: {policy}");
    }
    // The app's page: its inline module script is allowed by its hash, nothing else inline.
    let (_, page) = &replies[0];
    if page.status == 200 {
        let policy = page.header("content-security-policy").unwrap();
        assert!(policy.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-"), "{policy}");
        assert!(!policy.contains("script-src 'self' 'unsafe-inline'"), "{policy}");
    }
    let (_, json_reply) = &replies[2];
    assert_eq!(json_reply.header("content-security-policy"), Some("default-src 'none'; frame-ancestors 'none'"));
}

/// A browser revalidates `/` on every visit after the first (`Cache-Control: no-cache`)
/// and copies the 304's headers onto the page it stored. So a 304 must not carry the
/// non-HTML policy, which would block the app's scripts, styles and wasm; it carries none,
/// and the page keeps the policy it was served with. A small built app of its own, so the
/// test does not depend on Trunk having run.
fn not_modified_keeps_the_page_policy(_: &Servers) {
    let web = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(
        web.path().join("index.html"),
        "<!doctype html><title>app</title><script>window.started = true;</script><script type=module src=/app.js></script>",
    )
    .unwrap();
    std::fs::write(web.path().join("app.js"), "export {};").unwrap();
    let server = Server::start(&["--web-dir", web.path().to_str().unwrap()]);
    let key = server.key();
    for (path, html) in [("/", true), ("/app.js", false)] {
        let (status, headers, _) = server.get_bytes(path, key, &[]);
        assert_eq!(status, 200, "{path}");
        let policy = header_in(&headers, "content-security-policy").unwrap_or_else(|| panic!("no CSP on {path}"));
        assert_eq!(policy.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-"), html, "{path}: {policy}");
        let last_modified =
            header_in(&headers, "last-modified").unwrap_or_else(|| panic!("no Last-Modified on {path}"));
        let (status, headers, body) = server.get_bytes(path, key, &[("If-Modified-Since", last_modified)]);
        assert_eq!(status, 304, "{path} revalidated");
        assert!(body.is_empty(), "{path}: a 304 with a body");
        let policies: Vec<_> =
            headers.iter().filter(|(n, _)| n.eq_ignore_ascii_case("content-security-policy")).collect();
        assert!(policies.is_empty(), "{path}: the 304 carries {policies:?}");
        assert_eq!(header_in(&headers, "x-content-type-options"), Some("nosniff"), "{path}");
        let cache = if html { "no-cache" } else { "public, max-age=31536000, immutable" };
        assert_eq!(header_in(&headers, "cache-control"), Some(cache), "{path}");
    }
}

fn failed_keys_are_logged_by_id(servers: &Servers) {
    let server = &servers.server;
    let id = "0123456789ab";
    let secret = "fe".repeat(32);
    let token = format!("crk_{id}_{secret}");
    for _ in 0..3 {
        server.get("/api/v1", Some(&token)).expect(403);
    }
    let log = server.log();
    assert!(log.contains("refused an API key") && log.contains(id), "no log line for the failed key:\n{log}");
    assert!(!log.contains(&secret), "the secret was logged");
}

fn first_key_in_private_file(servers: &Servers) {
    let server = &servers.server;
    // Beside an SQLite database; in the working folder with PostgreSQL.
    let folder = if common::postgres_server().is_some() { "" } else { "var" };
    let path = server.workspace.dir.path().join(folder).join("first-api-key");
    let text = std::fs::read_to_string(&path).expect("the first key's file beside the database");
    assert_eq!(text.trim(), server.key());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
    }
    assert!(!server.log().contains(server.key()), "the key is in the server's log");
}

/// A new key whose `classify` group may send 1,000 requests a minute.
fn key_with_room(server: &Server, name: &str) -> String {
    let key = server.workspace.create_key(name, "all");
    let id = key.split('_').nth(1).unwrap().to_owned();
    let output = server.workspace.cli(&["keys", "limits", &id, "--group", "classify", "--per-minute", "1000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    key
}

/// A fixture PDF (53,087 bytes) and a classify request carrying it.
fn quota_upload() -> (Vec<u8>, String) {
    let pdf = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/pdf/memo_opposition_rule56.pdf"))
        .expect("a fixture PDF");
    let body = json!({
        "judge_slug": "avery-sample", "district_id": "edny", "filename": "memo_opposition_rule56.pdf",
        "pdf_base64": base64::engine::general_purpose::STANDARD.encode(&pdf),
    })
    .to_string();
    (pdf, body)
}

fn upload_quota(servers: &Servers) {
    let server = &servers.server;
    let key = key_with_room(server, "quota");
    let (pdf, body) = quota_upload();
    let quota = 1024 * 1024;
    let fit = quota / pdf.len();
    for i in 0..fit {
        let reply = server.post_json("/api/v1/classify", Some(&key), body.as_bytes());
        // The raised limit takes up to a refresh interval to apply; a 429 before it is retried.
        if reply.status == 429 {
            std::thread::sleep(Duration::from_secs(2));
            server.post_json("/api/v1/classify", Some(&key), body.as_bytes()).expect(200);
        } else {
            assert_eq!(reply.status, 200, "upload {i}: {}", reply.text);
        }
    }
    let reply = server.post_json("/api/v1/classify", Some(&key), body.as_bytes());
    let refused = reply.expect(403);
    assert_eq!(refused["quota_bytes"], quota as u64);
    assert_eq!(refused["used_bytes"], (fit * pdf.len()) as u64);
    assert!(refused["docs_url"].as_str().unwrap().ends_with("#upload-quota"), "{refused}");
    // What is stored, to the byte (19 uploads are 1,008,653 bytes: "0 MiB" in whole MiB).
    let used = fit * pdf.len();
    let error = refused["error"].as_str().unwrap();
    let grouped = |n: usize| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(digit);
        }
        out
    };
    assert!(error.contains(&format!("{} bytes stored", grouped(used))), "{error}");
    assert!(error.contains("quota of 1 MiB (1,048,576 bytes)"), "{error}");
    assert!(!error.contains("(0 MiB"), "{error}");
    // Another key has a quota of its own.
    server.post_json("/api/v1/classify", Some(server.key()), body.as_bytes()).expect(200);
}

/// Uploads sent at the same moment: the quota is decided in the transaction that
/// stores each one, so exactly as many as fit are kept and every other one is refused
/// with the quota's 403 — the key never has more than its quota stored.
fn concurrent_uploads_keep_to_the_quota(servers: &Servers) {
    const AT_ONCE: usize = 30;
    let server = &servers.server;
    let key = key_with_room(server, "quota-at-once");
    // The raised limit applies within a refresh interval (100 ms).
    std::thread::sleep(Duration::from_secs(1));
    let (pdf, body) = quota_upload();
    let quota = 1024 * 1024;
    let fit = quota / pdf.len();
    assert!(AT_ONCE > fit);
    let replies = common::post_json_at_once(&[server], "/api/v1/classify", &key, body.as_bytes(), AT_ONCE);
    let mut stored = 0;
    for reply in &replies {
        match reply.status {
            200 => stored += 1,
            403 => {
                let refused = &reply.json;
                assert!(refused["docs_url"].as_str().unwrap().ends_with("#upload-quota"), "{refused}");
                assert_eq!(refused["quota_bytes"], quota as u64);
                let used = refused["used_bytes"].as_u64().unwrap() as usize;
                assert!(used <= quota && used + pdf.len() > quota, "{refused}");
            }
            status => panic!("{status}: {}", reply.text),
        }
    }
    assert_eq!(stored, fit, "{stored} of {AT_ONCE} uploads sent at once were stored; {fit} fit the quota");
    let after = server.post_json("/api/v1/classify", Some(&key), body.as_bytes());
    assert_eq!(after.expect(403)["used_bytes"], (fit * pdf.len()) as u64, "what the key has stored");
}
