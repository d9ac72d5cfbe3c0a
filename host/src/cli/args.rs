//! The options the commands share: the engine's limits, classification, uploads, and
//! `serve`'s own.

use crate::classifier::{self, Classifier};
use crate::mcp::sessions::SessionLimits;
use crate::ocr::Ocr;
use crate::sandbox::{self, Limits, Sandbox};
use crate::server;
use crate::uploads::Uploads;
use clap::Args;
use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// `serve`'s default largest request body (`--body-limit-bytes`); the offline commands
/// read no more of a JSON request (`check`, `deadlines`).
pub(super) const BODY_LIMIT_BYTES: usize = 1024 * 1024;

/// `serve`'s default largest PDF for `/classify` (`--classify-max-pdf-bytes`); the
/// offline commands read no larger document (`classify`, `ingest`).
pub(super) const CLASSIFY_MAX_PDF_BYTES: usize = 22 * 1024 * 1024;

#[derive(Args, Clone)]
pub(super) struct EngineArgs {
    /// Memory cap of one engine instance, in MiB.
    #[arg(long, env = "COURTRULES_ENGINE_MEMORY_MIB", default_value_t = 64)]
    pub(super) engine_memory_mib: usize,
    /// Time limit of one engine call, in milliseconds (0 interrupts every call).
    #[arg(long, env = "COURTRULES_ENGINE_DEADLINE_MS", default_value_t = 1000)]
    pub(super) engine_deadline_ms: u64,
    /// Engine instances, and so engine calls that run at once; more calls wait.
    #[arg(long, env = "COURTRULES_ENGINE_INSTANCES", default_value_t = 8)]
    pub(super) engine_instances: u32,
    /// An instance whose memory grew past this many MiB is replaced after its call.
    #[arg(long, env = "COURTRULES_ENGINE_RECYCLE_MIB", default_value_t = 16)]
    pub(super) engine_recycle_mib: usize,
    /// Folder where the compiled engine is kept between runs, so that a command starts
    /// without compiling it (default: $XDG_CACHE_HOME/courtrules, else
    /// $HOME/.cache/courtrules). Empty ('') turns the cache off.
    #[arg(long, env = "COURTRULES_ENGINE_CACHE_DIR", value_name = "DIR")]
    pub(super) engine_cache_dir: Option<OsString>,
}

impl EngineArgs {
    /// The engine's limits, for the servers (`serve`, `mcp`): an unusable cache folder
    /// is logged as a warning.
    pub(super) fn limits(&self) -> Limits {
        self.limits_warning(|why| tracing::warn!("{why}"))
    }

    /// The limits, an unusable cache folder (or none, when no folder is named and there
    /// is no home to keep one in) said once with `warn` (see `cache_problem`).
    fn limits_warning(&self, warn: impl FnOnce(String)) -> Limits {
        let module_cache = self.module_cache();
        static CHECKED: std::sync::Once = std::sync::Once::new();
        let every_run = "so the engine is compiled on every run (a second or more each time); name a folder you \
                         can write with --engine-cache-dir (or COURTRULES_ENGINE_CACHE_DIR), or '' to turn the \
                         cache off";
        match &module_cache {
            Ok(Some(dir)) => CHECKED.call_once(|| {
                if let Some(why) = cache_problem(dir) {
                    warn(format!("the compiled-engine cache folder {} {why}, {every_run}", dir.display()))
                }
            }),
            Ok(None) => {}
            Err(why) => {
                CHECKED.call_once(|| warn(format!("there is no compiled-engine cache folder: {why}, {every_run}")))
            }
        }
        Limits {
            memory_bytes: self.engine_memory_mib * 1024 * 1024,
            deadline: Duration::from_millis(self.engine_deadline_ms),
            instances: self.engine_instances,
            recycle_bytes: self.engine_recycle_mib * 1024 * 1024,
            pre_initialize: true,
            module_cache: module_cache.ok().flatten(),
            ..Limits::default()
        }
    }

    /// The compiled-module cache folder: the one given, none if given empty, else the
    /// user's cache folder; if there is none (no home), why.
    fn module_cache(&self) -> Result<Option<PathBuf>, &'static str> {
        match &self.engine_cache_dir {
            Some(dir) if dir.is_empty() => Ok(None),
            Some(dir) => Ok(Some(PathBuf::from(dir))),
            None => sandbox::default_module_cache().map(Some),
        }
    }

    /// For one-shot commands: a pre-initialized module would be built for nothing. An
    /// unusable cache folder is said on standard error (`warning: …`).
    pub(super) fn one_shot_limits(&self) -> Limits {
        let limits = self.limits_warning(|why| crate::out::message(format_args!("warning: {why}")));
        Limits { pre_initialize: false, ..limits }
    }
}

/// Why the compiled-engine cache folder cannot keep the compiled engine, if it cannot:
/// it cannot be created (a regular file is in the way, a parent cannot be written), or
/// it cannot be written. The engine then compiles the module on every start, which is
/// not an error (`sandbox::compiled`) but makes every command slow, so the commands say
/// it once. (A folder that is another user's, or that others may write to, is refused
/// by the sandbox, which logs why.)
fn cache_problem(dir: &std::path::Path) -> Option<String> {
    match std::fs::metadata(dir) {
        Ok(metadata) if !metadata.is_dir() => return Some("is not a folder".to_owned()),
        Ok(_) => {}
        Err(_) => {
            // Created as the sandbox creates it (0700), and so found at once; else why not
            // (a file where a parent folder should be: "Not a directory").
            if let Err(error) = crate::sandbox::create_module_cache_dir(dir) {
                return Some(format!("cannot be created ({error})"));
            }
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        // SAFETY: `path` is a NUL-terminated string that outlives the call; access(2)
        // only reads it.
        if unsafe { libc::access(path.as_ptr(), libc::W_OK | libc::X_OK) } != 0 {
            return Some(format!("cannot be written ({})", std::io::Error::last_os_error()));
        }
    }
    None
}

/// Classification: the engine's document calls, the whole pipeline's time, and text
/// recognition.
#[derive(Args, Clone)]
pub(super) struct ClassifyArgs {
    /// Memory cap of one classify or page-image engine call, in MiB (413 beyond).
    #[arg(long, env = "COURTRULES_CLASSIFY_MEMORY_MIB", default_value_t = 256)]
    pub(super) classify_memory_mib: usize,
    /// Classify engine calls running at once (each may use the whole memory cap).
    #[arg(long, env = "COURTRULES_CLASSIFY_INSTANCES", default_value_t = 2)]
    pub(super) classify_instances: u32,
    /// Format extraction's time limit in ms (the spec's 15 s): past it, the PDF is
    /// classified again without format detection, and a warning says so.
    #[arg(long, env = "COURTRULES_CLASSIFY_FORMAT_BUDGET_MS", default_value_t = 15_000)]
    pub(super) classify_format_budget_ms: u64,
    /// Time limit of a whole classification in ms — engine calls and text
    /// recognition (502 beyond). Keep it below --request-timeout-ms.
    #[arg(long, env = "COURTRULES_CLASSIFY_BUDGET_MS", default_value_t = 25_000)]
    pub(super) classify_budget_ms: u64,
    /// Most pages without a text layer recognised per document (422 beyond).
    #[arg(long, env = "COURTRULES_OCR_MAX_PAGES", default_value_t = 10)]
    pub(super) ocr_max_pages: usize,
    /// Pages read by text recognition at once, across requests: each holds its page image
    /// and a Tesseract process, so this bounds their memory.
    #[arg(long, env = "COURTRULES_OCR_WORKERS", default_value_t = 2)]
    pub(super) ocr_workers: usize,
    /// The Tesseract program, a name looked up in PATH or a path (Debian: tesseract-ocr
    /// and tesseract-ocr-eng).
    #[arg(long, env = "COURTRULES_TESSERACT", default_value = "tesseract")]
    pub(super) tesseract: PathBuf,
}

impl ClassifyArgs {
    /// The engine limits with this document-call cap and count.
    pub(super) fn limits(&self, limits: Limits) -> Limits {
        Limits {
            document_memory_bytes: self.classify_memory_mib * 1024 * 1024,
            document_instances: self.classify_instances,
            document_deadline: Duration::from_millis(self.classify_format_budget_ms),
            ..limits
        }
    }

    pub(super) fn classifier(&self, sandbox: &Arc<Sandbox>) -> Classifier {
        let settings = classifier::Settings {
            format_budget: Duration::from_millis(self.classify_format_budget_ms),
            budget: Duration::from_millis(self.classify_budget_ms),
            max_ocr_pages: self.ocr_max_pages,
        };
        Classifier::new(Arc::clone(sandbox), Arc::new(Ocr::new(self.tesseract.clone(), self.ocr_workers)), settings)
    }
}

/// Where uploads sent to classification are kept, and for how long.
#[derive(Args, Clone)]
pub(super) struct UploadArgs {
    /// Folder where earlier versions kept uploaded PDFs as files; any found there
    /// are moved into the database at start (uploads are now stored in the database).
    #[arg(long, env = "COURTRULES_UPLOADS_DIR", default_value = "./var/uploads")]
    pub(super) uploads_dir: PathBuf,
    /// Uploads older than this many days are removed (by the server at start and
    /// daily, and by `uploads prune`).
    #[arg(long, env = "COURTRULES_UPLOAD_RETENTION_DAYS", default_value_t = 30)]
    pub(super) upload_retention_days: u64,
    /// Mebibytes of PDFs one key may send to `/classify` within the retention period;
    /// past it, `/classify` answers 403 until older uploads expire. 0: no limit.
    #[arg(long, env = "COURTRULES_UPLOAD_QUOTA_MIB", default_value_t = 1024)]
    pub(super) upload_quota_mib: u64,
}

impl UploadArgs {
    pub(super) fn uploads(&self) -> Uploads {
        let quota = (self.upload_quota_mib > 0).then(|| self.upload_quota_mib.saturating_mul(1024 * 1024));
        Uploads::new(self.uploads_dir.clone(), days(self.upload_retention_days), quota)
    }
}

pub(super) fn days(days: u64) -> Duration {
    Duration::from_secs(days.saturating_mul(24 * 60 * 60))
}

#[derive(Args)]
pub(super) struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the chosen address is printed).
    #[arg(long, env = "COURTRULES_ADDR", default_value = "127.0.0.1:8080")]
    pub(super) addr: SocketAddr,
    /// The address clients reach the server at, used in `docs_url` and the index
    /// (default: http://<listening address>).
    #[arg(long, env = "COURTRULES_PUBLIC_URL")]
    pub(super) public_url: Option<String>,
    /// Contact named in "district not accessible" errors.
    #[arg(long, env = "COURTRULES_CONTACT", default_value = DEFAULT_CONTACT)]
    pub(super) contact: String,
    /// Largest request body, in bytes (`/classify` has its own limit).
    #[arg(long, env = "COURTRULES_BODY_LIMIT_BYTES", default_value_t = BODY_LIMIT_BYTES)]
    pub(super) body_limit_bytes: usize,
    /// Largest PDF `/classify` accepts, in bytes once decoded; its body limit follows
    /// (base64 is a third larger, plus 1 MiB).
    #[arg(long, env = "COURTRULES_CLASSIFY_MAX_PDF_BYTES", default_value_t = CLASSIFY_MAX_PDF_BYTES)]
    pub(super) classify_max_pdf_bytes: usize,
    /// Time limit of a whole request, in milliseconds.
    #[arg(long, env = "COURTRULES_REQUEST_TIMEOUT_MS", default_value_t = 30_000)]
    pub(super) request_timeout_ms: u64,
    /// How often to look for data or key changes made by other processes, in ms.
    #[arg(long, env = "COURTRULES_REFRESH_MS", default_value_t = 1000)]
    pub(super) refresh_ms: u64,
    /// Time a client has to send a request's headers, in ms; also how long an idle
    /// keep-alive connection stays open.
    #[arg(long, env = "COURTRULES_HEADER_READ_TIMEOUT_MS", default_value_t = 10_000)]
    pub(super) header_read_timeout_ms: u64,
    /// After SIGTERM or SIGINT, how long the server keeps accepting connections (in
    /// ms) while `/readyz` answers 503 and every response closes its connection, so a
    /// load balancer can move clients away; then requests in flight finish (bounded by
    /// the request timeout) and it exits.
    #[arg(long, env = "COURTRULES_SHUTDOWN_GRACE_MS", default_value_t = 1000)]
    pub(super) shutdown_grace_ms: u64,
    /// Connections open at once; past it, new clients wait to be accepted.
    #[arg(long, env = "COURTRULES_MAX_CONNECTIONS", default_value_t = 1024)]
    pub(super) max_connections: usize,
    /// MCP sessions one key may have open over HTTP at once; opening one more closes
    /// that key's oldest.
    #[arg(long, env = "COURTRULES_MCP_SESSIONS_PER_KEY", default_value_t = SessionLimits::DEFAULT_PER_KEY)]
    pub(super) mcp_sessions_per_key: usize,
    /// MCP sessions open over HTTP at once in all; past it, `initialize` is refused (503
    /// with Retry-After) until one closes or expires.
    #[arg(long, env = "COURTRULES_MCP_MAX_SESSIONS", default_value_t = SessionLimits::DEFAULT_TOTAL)]
    pub(super) mcp_max_sessions: usize,
    /// Where to write the first API key when the output is not a terminal (default:
    /// `first-api-key` beside the SQLite database). On a terminal it is printed once.
    #[arg(long, env = "COURTRULES_FIRST_KEY_FILE")]
    pub(super) first_key_file: Option<PathBuf>,
    /// The built drafting app (Trunk's output) to serve at `/`.
    #[arg(long, env = "COURTRULES_WEB_DIR", default_value = "./web/dist")]
    pub(super) web_dir: PathBuf,
    /// Length of the rate-limit window in ms. Limits are per minute; tests shorten the
    /// window so they need not wait a minute. Not for production use.
    #[arg(long, default_value_t = 60_000, hide = true)]
    pub(super) rate_window_ms: u64,
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    #[command(flatten)]
    pub(super) classify: ClassifyArgs,
    #[command(flatten)]
    pub(super) uploads: UploadArgs,
}

impl ServeArgs {
    /// The server's settings, with the database and data pack it serves.
    pub(super) fn settings(&self, database_url: String, data_dir: PathBuf) -> server::Settings {
        server::Settings {
            database_url,
            data_dir,
            addr: self.addr,
            public_url: self.public_url.clone(),
            contact: self.contact.clone(),
            body_limit_bytes: self.body_limit_bytes,
            classify_max_pdf_bytes: self.classify_max_pdf_bytes,
            request_timeout: Duration::from_millis(self.request_timeout_ms),
            web_dir: self.web_dir.clone(),
            rate_window: Duration::from_millis(self.rate_window_ms.max(1)),
            refresh: Duration::from_millis(self.refresh_ms.max(10)),
            connections: server::ConnectionLimits {
                header_read_timeout: Duration::from_millis(self.header_read_timeout_ms.max(1)),
                max_connections: self.max_connections.max(1),
                grace: Duration::from_millis(self.shutdown_grace_ms),
                drain: Duration::from_millis(self.request_timeout_ms),
            },
            first_key_file: self.first_key_file.clone(),
            mcp_sessions: SessionLimits { per_key: self.mcp_sessions_per_key, total: self.mcp_max_sessions },
        }
    }
}

/// Whom "district not accessible" errors name by default (`--contact`).
const DEFAULT_CONTACT: &str = "access@courtrules.example";

/// `mcp`: the tool server over stdio.
#[derive(Args)]
pub(super) struct McpArgs {
    /// The API key the tools act as (its plan limits the districts).
    #[arg(long, env = "COURTRULES_API_KEY", hide_env_values = true)]
    pub(super) key: String,
    /// The address of your `courtrules serve`, where `docs_url` in errors points: its
    /// --public-url (default: http://127.0.0.1:8080, serve's own default).
    #[arg(long, env = "COURTRULES_PUBLIC_URL")]
    pub(super) public_url: Option<String>,
    /// Contact named in "district not accessible" errors.
    #[arg(long, env = "COURTRULES_CONTACT", default_value = DEFAULT_CONTACT)]
    pub(super) contact: String,
    #[command(flatten)]
    pub(super) engine: EngineArgs,
    #[command(flatten)]
    pub(super) classify: ClassifyArgs,
}
