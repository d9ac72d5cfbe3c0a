//! The server's life as an operator sees it: a graceful shutdown on SIGTERM in the
//! middle of traffic (no client that reached it gets a reset connection or a cut-off
//! answer; it exits 0), and a `kill -9` in the middle of uploads and key creations
//! (everything acknowledged is there after a restart, nothing half-written is).

mod common;

use base64::Engine as _;
use common::{Server, Workspace, check_request, key_in};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn main() -> std::process::ExitCode {
    common::run(
        || (),
        &[
            ("sigterm_during_a_burst_resets_no_connection_and_exits_0", sigterm_during_a_burst),
            ("kill_9_during_uploads_and_key_creations_loses_nothing_acknowledged", kill_9_during_writes),
            ("a_restart_with_every_key_revoked_creates_no_key", every_key_revoked_then_restart),
            ("a_first_key_that_could_not_be_written_is_removed_and_made_again_next_start", first_key_not_written),
            (
                "a_database_that_accepts_and_never_answers_fails_in_bounded_time_logging_no_secret",
                database_never_answers,
            ),
        ],
    )
}

const GRACE_MS: u64 = 1500;

/// What one request came to.
#[derive(Debug)]
enum Outcome {
    Answered(u16),
    /// Refused at connect: the server no longer listens (a load balancer retries
    /// elsewhere). Not a failure.
    Refused,
    /// Anything else — a reset, a closed connection, a truncated answer.
    Broken(String),
}

fn raise_limits(workspace: &Workspace, key: &str) {
    let id = key.split('_').nth(1).unwrap();
    let output = workspace.cli(&["keys", "limits", id, "--group", "all", "--per-minute", "1000000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// One request on a fresh connection, read to the end of the answer.
fn request_on_new_connection(address: &str, head: &str, body: &[u8]) -> Outcome {
    let mut stream = match TcpStream::connect(address) {
        Ok(stream) => stream,
        Err(error) if error.kind() == ErrorKind::ConnectionRefused => return Outcome::Refused,
        Err(error) => return Outcome::Broken(format!("connect: {error}")),
    };
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    if let Err(error) = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body)) {
        return Outcome::Broken(format!("write: {error}"));
    }
    let mut answer = Vec::new();
    if let Err(error) = stream.read_to_end(&mut answer) {
        return Outcome::Broken(format!("read: {error}"));
    }
    let text = String::from_utf8_lossy(&answer);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return Outcome::Broken(format!("no complete head: {text:?}"));
    };
    let length = head
        .lines()
        .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()));
    if let Some(length) = length.and_then(|length| length.parse::<usize>().ok())
        && body.len() != length
    {
        return Outcome::Broken(format!("{} of {length} body bytes", body.len()));
    }
    match head.split_whitespace().nth(1).and_then(|code| code.parse().ok()) {
        Some(status) => Outcome::Answered(status),
        None => Outcome::Broken(format!("no status line: {head:?}")),
    }
}

fn sigterm_during_a_burst(_: &()) {
    let mut server = Server::start_in(Arc::new(Workspace::new()), &["--shutdown-grace-ms", &GRACE_MS.to_string()]);
    let key = server.key().to_owned();
    raise_limits(&server.workspace, &key);
    std::thread::sleep(Duration::from_millis(1500)); // the limits reach the server's key cache
    let address = server.base.strip_prefix("http://").unwrap().to_owned();
    let check = check_request().to_string();
    // Set when the load balancer in front has taken the server out of rotation: no
    // client opens a new connection to it after that. It happens within the grace
    // period (as an operator sets it: longer than the balancer's health-check
    // interval). A connection that reaches the kernel in the instant the server closes
    // its socket is reset by the kernel, whatever the server does; that is what the
    // grace period is there to make sure never happens.
    let out_of_rotation = Arc::new(AtomicBool::new(false));
    let outcomes: Arc<Mutex<Vec<(Instant, Outcome)>>> = Arc::default();
    let workers: Vec<_> = (0..8)
        .map(|worker| {
            let (address, key, check, out_of_rotation, outcomes) =
                (address.clone(), key.clone(), check.clone(), Arc::clone(&out_of_rotation), Arc::clone(&outcomes));
            std::thread::spawn(move || {
                // Half the workers check briefs, half read a court; each request on a
                // connection of its own, as a client behind a load balancer would.
                let (method, path, body) = if worker % 2 == 0 {
                    ("POST", "/api/v1/check", check.into_bytes())
                } else {
                    ("GET", "/api/v1/courts/edny", Vec::new())
                };
                let head = format!(
                    "{method} {path} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {key}\r\n\
                     Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                while !out_of_rotation.load(Ordering::SeqCst) {
                    let outcome = request_on_new_connection(&address, &head, &body);
                    let refused = matches!(outcome, Outcome::Refused);
                    outcomes.lock().unwrap().push((Instant::now(), outcome));
                    if refused {
                        break;
                    }
                }
            })
        })
        .collect();
    // Keep-alive clients too: a pooled connection the server closes under a request
    // would show here as a broken request.
    let keep_alive: Vec<_> = (0..2)
        .map(|_| {
            let (base, key, out_of_rotation, outcomes) =
                (server.base.clone(), key.clone(), Arc::clone(&out_of_rotation), Arc::clone(&outcomes));
            std::thread::spawn(move || {
                let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
                while !out_of_rotation.load(Ordering::SeqCst) {
                    let reply = agent
                        .get(format!("{base}/api/v1/judges?district_id=edny"))
                        .header("Authorization", format!("Bearer {key}"))
                        .call();
                    let outcome = match reply {
                        Ok(mut response) => match response.body_mut().read_to_vec() {
                            Ok(_) => Outcome::Answered(response.status().as_u16()),
                            Err(error) => Outcome::Broken(format!("body: {error}")),
                        },
                        Err(ureq::Error::Io(error)) if error.kind() == ErrorKind::ConnectionRefused => Outcome::Refused,
                        Err(ureq::Error::ConnectionFailed) => Outcome::Refused,
                        Err(error) => Outcome::Broken(format!("{error}")),
                    };
                    let refused = matches!(outcome, Outcome::Refused);
                    outcomes.lock().unwrap().push((Instant::now(), outcome));
                    if refused {
                        break;
                    }
                }
            })
        })
        .collect();

    std::thread::sleep(Duration::from_millis(700));
    let probe = server.get("/readyz", None);
    assert_eq!(probe.status, 200, "{}", probe.text);
    let signalled = Instant::now();
    let pid = server.pid().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    // During the grace period the server still answers, and says it is not ready.
    std::thread::sleep(Duration::from_millis(300));
    let probe = server.get("/readyz", None);
    assert_eq!(probe.status, 503, "{}", probe.text);
    assert!(probe.json["server"].as_str().unwrap_or_default().starts_with("shutting down"), "{}", probe.text);
    assert_eq!(probe.header("connection"), Some("close"));
    // Out of rotation half a second before the grace period ends; requests already
    // under way go on.
    std::thread::sleep(Duration::from_millis(GRACE_MS - 500).saturating_sub(signalled.elapsed()));
    out_of_rotation.store(true, Ordering::SeqCst);

    let exit = server.terminate(Duration::from_millis(GRACE_MS) + Duration::from_secs(35));
    let exited = signalled.elapsed();
    for worker in workers.into_iter().chain(keep_alive) {
        worker.join().unwrap();
    }
    let outcomes = outcomes.lock().unwrap();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut answered_after_signal = 0;
    for (at, outcome) in outcomes.iter() {
        let label = match outcome {
            Outcome::Answered(status) => {
                if *at > signalled {
                    answered_after_signal += 1;
                }
                format!("answered {status}")
            }
            Outcome::Refused => "refused at connect".to_owned(),
            Outcome::Broken(_) => "broken".to_owned(),
        };
        *counts.entry(label).or_default() += 1;
    }
    println!(
        "SIGTERM during a burst: {counts:?}; {answered_after_signal} answered after the signal; exit {exit} after {} ms",
        exited.as_millis()
    );
    let broken: Vec<&String> = outcomes
        .iter()
        .filter_map(|(_, outcome)| if let Outcome::Broken(why) = outcome { Some(why) } else { None })
        .collect();
    assert!(broken.is_empty(), "{} requests broken: {broken:?}", broken.len());
    assert_eq!(
        counts.keys().filter(|label| label.starts_with("answered") && *label != "answered 200").count(),
        0,
        "{counts:?}"
    );
    assert!(answered_after_signal > 0, "nothing was served during the grace period");
    assert!(exit.success(), "exit status {exit}");
    assert!(exited >= Duration::from_millis(GRACE_MS), "exited before the grace period ended");
}

/// A PDF of its own for each upload: a fixture with a distinct trailing comment.
fn unique_pdf(tag: &str) -> Vec<u8> {
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/pdf/declaration_1746.pdf");
    let mut pdf = std::fs::read(fixture).unwrap();
    pdf.extend_from_slice(format!("\n% {tag}\n").as_bytes());
    pdf
}

fn kill_9_during_writes(_: &()) {
    let workspace = Arc::new(Workspace::new());
    let mut server = Server::start_in(Arc::clone(&workspace), &[]);
    let key = server.key().to_owned();
    raise_limits(&workspace, &key);
    std::thread::sleep(Duration::from_millis(1500));
    let stop = Arc::new(AtomicBool::new(false));
    // Uploads: filename -> the PDF, for each one answered 200.
    let acknowledged: Arc<Mutex<BTreeMap<String, Vec<u8>>>> = Arc::default();
    let uploaders: Vec<_> = (0..4)
        .map(|worker| {
            let (base, key, stop, acknowledged) =
                (server.base.clone(), key.clone(), Arc::clone(&stop), Arc::clone(&acknowledged));
            std::thread::spawn(move || {
                let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
                for n in 0.. {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let filename = format!("burst-{worker}-{n}.pdf");
                    let pdf = unique_pdf(&filename);
                    let body = json!({
                        "judge_slug": "avery-sample", "district_id": "edny", "filename": filename,
                        "pdf_base64": base64::engine::general_purpose::STANDARD.encode(&pdf),
                    });
                    let reply = agent
                        .post(format!("{base}/api/v1/classify"))
                        .header("Authorization", format!("Bearer {key}"))
                        .content_type("application/json")
                        .send(body.to_string());
                    match reply {
                        Ok(response) if response.status() == 200 => {
                            acknowledged.lock().unwrap().insert(filename, pdf);
                        }
                        // Cut off by the kill: not acknowledged, so nothing is promised.
                        _ => break,
                    }
                }
            })
        })
        .collect();
    // Key creations: `keys create` processes, killed together with the server.
    let mut creators: Vec<(Child, String)> = Vec::new();
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(1500) {
        let name = format!("burst-key-{}", creators.len());
        let child = workspace
            .command()
            .args(["keys", "create", "--name", &name, "--districts", "edny,sdny"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        creators.push((child, name));
        std::thread::sleep(Duration::from_millis(60));
    }
    server.kill();
    for (child, _) in &mut creators {
        let _ = child.kill();
    }
    stop.store(true, Ordering::SeqCst);
    for uploader in uploaders {
        uploader.join().unwrap();
    }
    let mut created_keys = Vec::new();
    for (child, name) in creators {
        let output = child.wait_with_output().unwrap();
        if let Some(token) = key_in(&String::from_utf8_lossy(&output.stdout)) {
            created_keys.push((name, token));
        }
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(!acknowledged.is_empty(), "no upload was acknowledged before the kill");
    assert!(!created_keys.is_empty(), "no key was created before the kill");

    // Restarted on the same database: every acknowledged upload is there, whole.
    let server = Server::start_in(Arc::clone(&workspace), &[]);
    let output = workspace.cli(&["uploads", "list", "--limit", "100000"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let rows: Vec<Value> =
        String::from_utf8_lossy(&output.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    for row in &rows {
        // Nothing half-written: each upload has its classification and its bytes.
        assert!(row["engine_version"].is_string(), "an upload without its classification: {row}");
        let id = row["id"].as_str().unwrap();
        let stored = workspace.cli(&["uploads", "get", id]);
        assert!(stored.status.success(), "upload {id} has no bytes");
        assert_eq!(stored.stdout.len() as u64, row["byte_size"].as_u64().unwrap(), "upload {id}: size");
    }
    for (filename, pdf) in &acknowledged {
        let row = rows.iter().find(|row| row["filename"] == filename.as_str());
        let row = row.unwrap_or_else(|| panic!("the acknowledged upload {filename} is gone"));
        let stored = workspace.cli(&["uploads", "get", row["id"].as_str().unwrap()]);
        assert_eq!(&stored.stdout, pdf, "{filename}: the stored bytes differ");
    }
    // Every key whose creation was acknowledged works, with its whole plan.
    for (name, token) in &created_keys {
        for district in ["edny", "sdny"] {
            let reply = server.get(&format!("/api/v1/courts/{district}"), Some(token));
            assert_eq!(reply.status, 200, "key {name} for {district}: {}", reply.text);
        }
    }
    // And no key is half-made: `keys list` shows each with a plan.
    let output = workspace.cli(&["keys", "list"]);
    assert!(output.status.success());
    let listed = String::from_utf8_lossy(&output.stdout);
    for line in listed.lines().filter(|line| line.contains("burst-key-")) {
        assert!(line.contains("edny") && line.contains("sdny"), "a key without its whole plan: {line}");
    }
    println!(
        "kill -9: {} uploads acknowledged, {} stored after restart; {} keys acknowledged, {} stored",
        acknowledged.len(),
        rows.len(),
        created_keys.len(),
        listed.lines().filter(|line| line.contains("burst-key-")).count()
    );
}

/// `keys list`'s rows (without the header): (id, status).
fn listed_keys(workspace: &Workspace) -> Vec<(String, String)> {
    let output = workspace.cli(&["keys", "list"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .skip(1)
        .filter(|line| line.starts_with(|c: char| c.is_ascii_hexdigit()))
        .map(|line| {
            let id = line.split_whitespace().next().unwrap().to_owned();
            let status = if line.trim_end().ends_with("active") { "active" } else { "revoked" };
            (id, status.to_owned())
        })
        .collect()
}

/// Revoking every key and restarting must not hand out a new all-districts key: a key is
/// created only on a database that never had one.
fn every_key_revoked_then_restart(_: &()) {
    let workspace = Arc::new(Workspace::new());
    let mut server = Server::start_in(Arc::clone(&workspace), &[]);
    let first = server.key().to_owned();
    let id = first.split('_').nth(1).unwrap().to_owned();
    server.terminate(Duration::from_secs(30));
    drop(server);
    let revoked = workspace.cli(&["keys", "revoke", &id]);
    assert!(revoked.status.success(), "{}", String::from_utf8_lossy(&revoked.stderr));
    assert_eq!(listed_keys(&workspace), vec![(id.clone(), "revoked".to_owned())]);
    let server = Server::start_in(Arc::clone(&workspace), &[]);
    assert!(server.first_key.is_none(), "a restart with every key revoked created a key");
    assert_eq!(listed_keys(&workspace), vec![(id, "revoked".to_owned())], "no key was added");
    assert_eq!(server.get("/api/v1/courts/edny", Some(&first)).status, 403);
}

/// A first key whose file cannot be written is held by nobody: `serve` exits 1 saying it
/// removed the key, none is left behind, and the next start (the path fixed) makes one.
fn first_key_not_written(_: &()) {
    let workspace = Arc::new(Workspace::new());
    let missing = workspace.dir.path().join("no-such-folder/first-api-key");
    let output = workspace
        .command()
        .args(["serve", "--addr", "127.0.0.1:0", "--first-key-file"])
        .arg(&missing)
        .stdin(Stdio::null())
        .output()
        .expect("serve runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("could not be handed over, so it was removed again"), "{stderr}");
    assert!(stderr.contains("could not write the first API key to"), "{stderr}");
    assert!(key_in(&String::from_utf8_lossy(&output.stdout)).is_none() && key_in(&stderr).is_none());
    assert!(!missing.exists());
    assert_eq!(listed_keys(&workspace), vec![], "a key nobody holds was left behind");
    // The cause fixed, the next start makes the key and hands it over.
    let server = Server::start_in(Arc::clone(&workspace), &[]);
    let key = server.key().to_owned();
    assert_eq!(server.get("/api/v1/courts/edny", Some(&key)).status, 200);
    let listed = listed_keys(&workspace);
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].1, "active");
}

/// A PostgreSQL address that accepts the connection and never answers: `migrate`,
/// `keys list` and `serve` give up within the connect time limit (15 s) naming the
/// database, its password masked — and with the default log filter sqlx's warning about
/// unknown URL parameters, which shows their values, is not logged.
fn database_never_answers(_: &()) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Accepts, keeps every connection open, never writes.
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().map_while(Result::ok) {
            held.push(stream);
        }
    });
    let url =
        format!("postgres://courtrules:hunter2@127.0.0.1:{port}/courtrules?sslpassword=TOPSECRET&passwd=ALSOSECRET");
    let workspace = Workspace::new();
    let commands: [&[&str]; 3] = [&["migrate"], &["keys", "list"], &["serve", "--addr", "127.0.0.1:0"]];
    let runs: Vec<_> = commands
        .iter()
        .map(|args| {
            let mut command = Command::new(common::BINARY);
            command
                .current_dir(workspace.dir.path())
                .env_remove("RUST_LOG")
                .env("DATABASE_URL", &url)
                .env("COURTRULES_ENGINE_CACHE_DIR", common::engine_cache_dir())
                .arg("--data-dir")
                .arg(&workspace.data_dir)
                .args(*args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            (args.join(" "), Instant::now(), command.spawn().expect("the binary runs"))
        })
        .collect();
    for (name, started, mut child) in runs {
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("`{name}` still hangs after 60 s on a database that never answers");
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let elapsed = started.elapsed();
        let output = child.wait_with_output().unwrap();
        let all = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(!status.success(), "`{name}`: {all}");
        assert!(elapsed >= Duration::from_secs(14), "`{name}` gave up after {elapsed:?}: {all}");
        assert!(all.contains("did not answer within 15 s"), "`{name}`: {all}");
        assert!(all.contains(&format!("postgres://courtrules:***@127.0.0.1:{port}/courtrules")), "`{name}`: {all}");
        for secret in ["hunter2", "TOPSECRET", "ALSOSECRET"] {
            assert!(!all.contains(secret), "`{name}` showed {secret}: {all}");
        }
    }
}
