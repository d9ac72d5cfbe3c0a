//! Starts the real `courtrules` binary on a free port with a temporary database and
//! working directory, and talks HTTP to it.

#![allow(dead_code)] // each test file uses its own part of the helpers

use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, mpsc};
use std::time::Duration;

pub const BINARY: &str = env!("CARGO_BIN_EXE_courtrules");

pub fn repo_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
}

/// The compiled-engine cache the tests' processes share: inside the target folder, so
/// tests leave nothing in the home folder, and every process after the first loads the
/// engine instead of compiling it.
pub fn engine_cache_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("engine-cache")
}

/// A temporary working directory with its own SQLite database, pointed at the
/// repository's data pack.
pub struct Workspace {
    pub dir: tempfile::TempDir,
    pub data_dir: PathBuf,
    /// SQLite even when the tests run against PostgreSQL (to compare the two).
    sqlite_only: bool,
}

impl Workspace {
    pub fn new() -> Workspace {
        Workspace::with_data(repo_data())
    }

    pub fn with_data(data_dir: PathBuf) -> Workspace {
        Workspace { dir: tempfile::tempdir().expect("a temporary directory"), data_dir, sqlite_only: false }
    }

    /// A workspace on SQLite whatever `COURTRULES_TEST_POSTGRES` says.
    pub fn sqlite() -> Workspace {
        Workspace { sqlite_only: true, ..Workspace::new() }
    }

    /// An SQLite file in the workspace; or, when `COURTRULES_TEST_POSTGRES` names a
    /// PostgreSQL server (`postgres://USER@HOST:PORT`, as `./scripts/test` sets for its
    /// PostgreSQL pass), a database of the workspace's own there (created by the first
    /// command that opens it).
    pub fn database_url(&self) -> String {
        match postgres_server().filter(|_| !self.sqlite_only) {
            Some(server) => format!("{server}/{}", self.postgres_database()),
            None => format!("sqlite://{}", self.dir.path().join("var/courtrules.db").display()),
        }
    }

    /// The workspace's PostgreSQL database name: from its unique folder name.
    fn postgres_database(&self) -> String {
        let folder = self.dir.path().file_name().map(|name| name.to_string_lossy().to_lowercase()).unwrap_or_default();
        let folder: String = folder.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        format!("courtrules_test_{folder}")
    }

    /// The binary with this workspace's database and data, run in its directory.
    pub fn command(&self) -> Command {
        let mut command = Command::new(BINARY);
        command
            .current_dir(self.dir.path())
            .env_remove("DATABASE_URL")
            .env_remove("COURTRULES_ADDR")
            .env("RUST_LOG", "warn")
            .env("COURTRULES_ENGINE_CACHE_DIR", engine_cache_dir())
            .arg("--database-url")
            .arg(self.database_url())
            .arg("--data-dir")
            .arg(&self.data_dir);
        command
    }

    /// Runs a CLI command to completion.
    pub fn cli(&self, args: &[&str]) -> Output {
        self.command().args(args).output().expect("the courtrules binary runs")
    }

    /// `classify FILE --check` as the movant before E.D.N.Y.'s sample Judge Avery Sample.
    pub fn classify_check_as_movant(&self, file: &std::path::Path) -> Output {
        let file = file.to_str().unwrap();
        self.cli(&["classify", file, "--district", "edny", "--judge", "avery-sample", "--check", "--role", "movant"])
    }

    /// `keys create`, returning the printed key.
    pub fn create_key(&self, name: &str, districts: &str) -> String {
        let output = self.cli(&["keys", "create", "--name", name, "--districts", districts]);
        assert!(output.status.success(), "keys create failed: {}", String::from_utf8_lossy(&output.stderr));
        key_in(&String::from_utf8_lossy(&output.stdout)).expect("keys create prints the key")
    }
}

/// The PostgreSQL server the tests run against, if they do (`COURTRULES_TEST_POSTGRES`).
pub fn postgres_server() -> Option<String> {
    std::env::var("COURTRULES_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty())
        .map(|url| url.trim_end_matches('/').to_owned())
}

/// The first `crk_…` token in some output.
pub fn key_in(text: &str) -> Option<String> {
    text.split_whitespace().find(|word| word.starts_with("crk_")).map(|word| word.trim_matches('\'').to_owned())
}

/// The key in the file a server names when it did not print its first key (its
/// output is not a terminal), checking that only the owner may read the file.
fn first_key_file(line: &str) -> Option<String> {
    let path = line.split_once("the key was written to ")?.1.split(" (readable by this user only)").next()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path).expect("the first key's file").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "{path} is readable by others");
    }
    key_in(&std::fs::read_to_string(path).expect("the first key's file"))
}

/// POSTs the same JSON body `count` times at the same moment (threads released
/// together), the i-th to `servers[i % servers.len()]`; the replies, in that order.
pub fn post_json_at_once(servers: &[&Server], path: &str, key: &str, body: &[u8], count: usize) -> Vec<Reply> {
    let barrier = std::sync::Barrier::new(count);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..count)
            .map(|index| {
                let (barrier, server) = (&barrier, servers[index % servers.len()]);
                scope.spawn(move || {
                    barrier.wait();
                    server.post_json(path, Some(key), body)
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().expect("a request thread")).collect()
    })
}

/// A running server; killed when dropped.
pub struct Server {
    pub workspace: Arc<Workspace>,
    pub base: String,
    /// The key the server printed, if it printed one (only on a first start).
    pub first_key: Option<String>,
    child: Child,
    agent: ureq::Agent,
}

/// A fresh server with two keys: the one it printed on first start (plan: all
/// districts) and one made with `keys create --districts sdny`.
pub struct TwoKeys {
    pub server: Server,
    pub all: String,
    pub sdny_only: String,
}

impl TwoKeys {
    pub fn start(sdny_key_name: &str) -> TwoKeys {
        let server = Server::start(&[]);
        let sdny_only = server.workspace.create_key(sdny_key_name, "sdny");
        TwoKeys { all: server.key().to_owned(), sdny_only, server }
    }
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        Server::start_in(Arc::new(Workspace::new()), extra)
    }

    /// Starts a server in a workspace that may have been used before (its database
    /// stays when the server stops).
    pub fn start_in(workspace: Arc<Workspace>, extra: &[&str]) -> Server {
        let log = std::fs::File::create(workspace.dir.path().join("server.log")).expect("a log file");
        let mut child = workspace
            .command()
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::from(log))
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (lines, received) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let mut first_key = None;
        let base = loop {
            let line = match received.recv_timeout(Duration::from_secs(120)) {
                Ok(line) => line,
                Err(_) => {
                    let _ = child.kill();
                    let log = std::fs::read_to_string(workspace.dir.path().join("server.log")).unwrap_or_default();
                    panic!("the server did not start; its log:\n{log}");
                }
            };
            if first_key.is_none() {
                first_key = key_in(&line).or_else(|| first_key_file(&line));
            }
            if let Some(address) = line.strip_prefix("courtrules listening on ") {
                break address.trim().to_owned();
            }
        };
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)))
            .build()
            .into();
        Server { workspace, base, first_key, child, agent }
    }

    /// The key printed on first start.
    pub fn key(&self) -> &str {
        self.first_key.as_deref().expect("a fresh server prints a key")
    }

    /// The server process's id (for `/proc/<pid>/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn get(&self, path: &str, key: Option<&str>) -> Reply {
        let mut request = self.agent.get(self.url(path));
        if let Some(key) = key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        Reply::from(request.call())
    }

    /// A GET whose body is kept as bytes (a PDF), with extra request headers.
    pub fn get_bytes(&self, path: &str, key: &str, headers: &[(&str, &str)]) -> (u16, Vec<(String, String)>, Vec<u8>) {
        let mut request = self.agent.get(self.url(path)).header("Authorization", format!("Bearer {key}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut response = request.call().expect("the server answers");
        let headers = response
            .headers()
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or("").to_owned()))
            .collect();
        let body = response.body_mut().with_config().limit(64 * 1024 * 1024).read_to_vec().unwrap_or_default();
        (response.status().as_u16(), headers, body)
    }

    /// A GET with a raw Authorization header value.
    pub fn get_with_authorization(&self, path: &str, authorization: &str) -> Reply {
        Reply::from(self.agent.get(self.url(path)).header("Authorization", authorization).call())
    }

    /// A GET with a raw Authorization header value and an `X-Request-Id`.
    pub fn get_with_authorization_and_id(&self, path: &str, authorization: &str, request_id: &str) -> Reply {
        let request = self.agent.get(self.url(path)).header("Authorization", authorization);
        Reply::from(request.header("X-Request-Id", request_id).call())
    }

    /// POSTs JSON bytes as `application/json`.
    pub fn post_json(&self, path: &str, key: Option<&str>, body: &[u8]) -> Reply {
        self.post(path, key, Some("application/json"), body)
    }

    pub fn post(&self, path: &str, key: Option<&str>, content_type: Option<&str>, body: &[u8]) -> Reply {
        let mut request = self.agent.post(self.url(path));
        if let Some(key) = key {
            request = request.header("Authorization", format!("Bearer {key}"));
        }
        if let Some(content_type) = content_type {
            request = request.content_type(content_type);
        }
        Reply::from(request.send(body))
    }

    /// POSTs JSON bytes as `application/json` with extra request headers.
    pub fn post_json_with(&self, path: &str, key: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut request = self.agent.post(self.url(path)).header("Authorization", format!("Bearer {key}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Reply::from(request.content_type("application/json").send(body))
    }

    pub fn check(&self, key: &str, request: &Value) -> Reply {
        self.post_json("/api/v1/check", Some(key), request.to_string().as_bytes())
    }

    /// Sends a POST over a plain socket and reads whatever the server answers, even
    /// if it stops reading the body early (as it does past the body limit, where an
    /// HTTP client library would report the broken pipe instead of the answer).
    pub fn post_raw(&self, path: &str, key: &str, body: &[u8]) -> (u16, Value) {
        let reply = self.post_raw_reply(path, Some(key), body);
        (reply.status, reply.json)
    }

    /// `post_raw` with an optional key, answering the whole reply (headers too).
    pub fn post_raw_reply(&self, path: &str, key: Option<&str>, body: &[u8]) -> Reply {
        use std::io::{Read, Write};
        let address = self.base.strip_prefix("http://").expect("an http base");
        let mut stream = std::net::TcpStream::connect(address).expect("a connection");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let authorization = key.map(|key| format!("Authorization: Bearer {key}\r\n")).unwrap_or_default();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {address}\r\n{authorization}\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let _ = stream.write_all(head.as_bytes()).and_then(|_| stream.write_all(body));
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let text = String::from_utf8_lossy(&response);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.split("\r\n");
        let status = lines.next().and_then(|line| line.split_whitespace().nth(1)?.parse().ok()).expect("a status line");
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
            .collect();
        let content_type = header_in(&headers, "content-type").unwrap_or_default().to_owned();
        let json = serde_json::from_str(body).unwrap_or(Value::Null);
        Reply { status, content_type, headers, text: body.to_owned(), json }
    }

    /// Sends SIGTERM and waits (at most `within`) for the process to exit.
    pub fn terminate(&mut self, within: Duration) -> std::process::ExitStatus {
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().expect("kill runs");
        assert!(sent.success(), "could not send SIGTERM");
        let started = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                return status;
            }
            assert!(started.elapsed() < within, "the server did not exit within {within:?} of SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the process outright (SIGKILL), as a crash or the OOM killer would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.workspace.dir.path().join("server.log")).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, headers and the body as JSON (`Value::Null` if it is not).
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub headers: Vec<(String, String)>,
    pub text: String,
    pub json: Value,
}

/// The first header called `name` (in any case) among `headers`, as `get_bytes` returns them.
pub fn header_in<'h>(headers: &'h [(String, String)], name: &str) -> Option<&'h str> {
    headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        header_in(&self.headers, name)
    }

    /// Asserts the status and that the body is JSON, showing the body if not.
    pub fn expect(&self, status: u16) -> &Value {
        assert_eq!(self.status, status, "unexpected status; body: {}", self.text);
        assert!(self.content_type.starts_with("application/json"), "not JSON ({}): {}", self.content_type, self.text);
        &self.json
    }
}

impl From<Result<ureq::http::Response<ureq::Body>, ureq::Error>> for Reply {
    fn from(result: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Self {
        let mut response = result.expect("the server answers");
        let status = response.status().as_u16();
        let headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or("").to_owned()))
            .collect();
        let content_type =
            headers.iter().find(|(name, _)| name == "content-type").map(|(_, value)| value.clone()).unwrap_or_default();
        let text = response.body_mut().with_config().limit(64 * 1024 * 1024).read_to_string().unwrap_or_default();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Reply { status, content_type, headers, text, json }
    }
}

/// A valid check request for the E.D.N.Y. sample judge Avery Sample (standing-order
/// memorandum limit 25 pages, courtesy copies from 20 pages, PMC for Rule 12/56).
pub fn check_request() -> Value {
    serde_json::json!({
        "judge_slug": "avery-sample",
        "district_id": "edny",
        "document_scope": "brief_support",
        "motion_type": "Rule_56",
        "is_pro_se": false,
        "pmc_completed": true,
        "opposing_party_pro_se": false,
        "filing_role": "movant",
        "document": {"page_count": 12, "word_count": 4000}
    })
}

/// `check_request()` with the field at `pointer` set (or added) to `value`.
pub fn with(pointer: &str, value: Value) -> Value {
    let mut request = check_request();
    let (parent, name) = pointer.rsplit_once('/').expect("a JSON pointer");
    let object = request.pointer_mut(parent).and_then(Value::as_object_mut);
    object.unwrap_or_else(|| panic!("no object at {parent:?}")).insert(name.to_owned(), value);
    request
}

/// One named end-to-end test against a shared fixture (a running server).
pub type Test<F> = (&'static str, fn(&F));

/// Runs the tests one after another against one fixture — one server per file, and
/// the server is stopped when the run ends, pass or fail. Arguments that are not
/// flags filter tests by name, as `cargo test NAME` does.
pub fn run<F>(fixture: impl FnOnce() -> F, tests: &[Test<F>]) -> std::process::ExitCode {
    let filters: Vec<String> = std::env::args().skip(1).filter(|arg| !arg.starts_with('-')).collect();
    let selected: Vec<&Test<F>> = tests
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    if selected.is_empty() {
        println!("no tests selected");
        return std::process::ExitCode::SUCCESS;
    }
    let fixture = fixture();
    let mut failed = Vec::new();
    println!("\nrunning {} tests", selected.len());
    for (name, test) in selected.iter().copied() {
        let started = std::time::Instant::now();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| test(&fixture)));
        let elapsed = started.elapsed().as_millis();
        match outcome {
            Ok(()) => println!("test {name} ... ok ({elapsed} ms)"),
            Err(_) => {
                println!("test {name} ... FAILED ({elapsed} ms)");
                failed.push(*name);
            }
        }
    }
    drop(fixture);
    if failed.is_empty() {
        println!("\ntest result: ok. {} passed", selected.len());
        std::process::ExitCode::SUCCESS
    } else {
        println!(
            "\ntest result: FAILED. {} passed; {} failed: {}",
            selected.len() - failed.len(),
            failed.len(),
            failed.join(", ")
        );
        std::process::ExitCode::FAILURE
    }
}
