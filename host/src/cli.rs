//! The `courtrules` command line: serve, migrate, seed, keys, check, classify, uploads.

use crate::classify::{self, Classifier};
use crate::http::auth::ApiKey;
use crate::http::{self, AppState, HttpConfig};
use crate::keys::{self, Plan};
use crate::ocr::Ocr;
use crate::rate_limit::{self, Group};
use crate::sandbox::{Due, Limits, Op, Sandbox};
use crate::store::catalogue::{Catalogue, Live};
use crate::store::db::Db;
use crate::store::seed;
use crate::uploads::Uploads;
use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use courtrules_engine::model::{CheckResponse, ClassifyHints, ComplianceStatus};
use std::io::Read;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

#[derive(Parser)]
#[command(name = "courtrules", version, about = "Court filing rules and compliance checks")]
struct Cli {
    #[command(flatten)]
    storage: StorageArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Args)]
struct StorageArgs {
    /// Database URL; the SQLite file and its folder are created if missing.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://./var/courtrules.db", global = true)]
    database_url: String,
    /// The data pack to seed from (courts/courts.json, profiles/*.json).
    #[arg(long, env = "COURTRULES_DATA_DIR", default_value = "./data", global = true)]
    data_dir: PathBuf,
}

#[derive(Args, Clone)]
struct EngineArgs {
    /// Memory cap of one engine instance, in MiB.
    #[arg(long, env = "COURTRULES_ENGINE_MEMORY_MIB", default_value_t = 64)]
    engine_memory_mib: usize,
    /// Time limit of one engine call, in milliseconds (0 interrupts every call).
    #[arg(long, env = "COURTRULES_ENGINE_DEADLINE_MS", default_value_t = 1000)]
    engine_deadline_ms: u64,
    /// Engine instances, and so engine calls that run at once; more calls wait.
    #[arg(long, env = "COURTRULES_ENGINE_INSTANCES", default_value_t = 8)]
    engine_instances: u32,
    /// An instance whose memory grew past this many MiB is replaced after its call.
    #[arg(long, env = "COURTRULES_ENGINE_RECYCLE_MIB", default_value_t = 16)]
    engine_recycle_mib: usize,
}

impl EngineArgs {
    fn limits(&self) -> Limits {
        Limits {
            memory_bytes: self.engine_memory_mib * 1024 * 1024,
            deadline: Duration::from_millis(self.engine_deadline_ms),
            instances: self.engine_instances,
            recycle_bytes: self.engine_recycle_mib * 1024 * 1024,
            pre_initialize: true,
            ..Limits::default()
        }
    }

    /// For one-shot commands: a pre-initialized module would be built for nothing.
    fn one_shot_limits(&self) -> Limits {
        Limits { pre_initialize: false, ..self.limits() }
    }
}

/// Classification: the engine's document calls, the whole pipeline's time, and text
/// recognition.
#[derive(Args, Clone)]
struct ClassifyArgs {
    /// Memory cap of one classify or page-image engine call, in MiB (413 beyond).
    #[arg(long, env = "COURTRULES_CLASSIFY_MEMORY_MIB", default_value_t = 256)]
    classify_memory_mib: usize,
    /// Classify engine calls running at once (each may use the whole memory cap).
    #[arg(long, env = "COURTRULES_CLASSIFY_INSTANCES", default_value_t = 2)]
    classify_instances: u32,
    /// Format extraction's time limit in ms (the spec's 15 s): past it, the PDF is
    /// classified again without format detection, and a warning says so.
    #[arg(long, env = "COURTRULES_CLASSIFY_FORMAT_BUDGET_MS", default_value_t = 15_000)]
    classify_format_budget_ms: u64,
    /// Time limit of a whole classification in ms — engine calls and text
    /// recognition (502 beyond). Keep it below --request-timeout-ms.
    #[arg(long, env = "COURTRULES_CLASSIFY_BUDGET_MS", default_value_t = 25_000)]
    classify_budget_ms: u64,
    /// Most pages without a text layer recognised per document (422 beyond).
    #[arg(long, env = "COURTRULES_OCR_MAX_PAGES", default_value_t = 10)]
    ocr_max_pages: usize,
    /// Tesseract processes running at once.
    #[arg(long, env = "COURTRULES_OCR_WORKERS", default_value_t = 2)]
    ocr_workers: usize,
    /// The Tesseract program (Debian: tesseract-ocr and tesseract-ocr-eng).
    #[arg(long, env = "COURTRULES_TESSERACT", default_value = "tesseract")]
    tesseract: PathBuf,
}

impl ClassifyArgs {
    /// The engine limits with this document-call cap and count.
    fn limits(&self, limits: Limits) -> Limits {
        Limits {
            document_memory_bytes: self.classify_memory_mib * 1024 * 1024,
            document_instances: self.classify_instances,
            document_deadline: Duration::from_millis(self.classify_format_budget_ms),
            ..limits
        }
    }

    fn classifier(&self, sandbox: &Arc<Sandbox>) -> Classifier {
        let settings = classify::Settings {
            format_budget: Duration::from_millis(self.classify_format_budget_ms),
            budget: Duration::from_millis(self.classify_budget_ms),
            max_ocr_pages: self.ocr_max_pages,
        };
        Classifier::new(Arc::clone(sandbox), Arc::new(Ocr::new(self.tesseract.clone(), self.ocr_workers)), settings)
    }
}

/// Where uploads sent to classification are kept, and for how long.
#[derive(Args, Clone)]
struct UploadArgs {
    /// Folder of the uploaded PDFs (content-addressed files; metadata in the database).
    #[arg(long, env = "COURTRULES_UPLOADS_DIR", default_value = "./var/uploads")]
    uploads_dir: PathBuf,
    /// Uploads older than this many days are removed (by the server at start and
    /// daily, and by `uploads prune`).
    #[arg(long, env = "COURTRULES_UPLOAD_RETENTION_DAYS", default_value_t = 30)]
    upload_retention_days: u64,
}

impl UploadArgs {
    fn uploads(&self) -> Uploads {
        Uploads::new(self.uploads_dir.clone(), days(self.upload_retention_days))
    }
}

fn days(days: u64) -> Duration {
    Duration::from_secs(days.saturating_mul(24 * 60 * 60))
}

#[derive(Subcommand)]
enum Command {
    /// Migrate, seed the data pack, and serve the API.
    Serve(ServeArgs),
    /// Apply the database migrations.
    Migrate,
    /// Import the data pack into the database (idempotent).
    Seed {
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Create, list and revoke API keys.
    Keys {
        #[command(subcommand)]
        command: KeysCommand,
    },
    /// Check a filing described in FILE.json (`-` for stdin) offline, with the same
    /// engine; prints the response. Exit 0 compliant, 1 review or non-compliant, 2 error.
    Check {
        file: PathBuf,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Classify FILE.pdf offline, with the same engine and text recognition as the
    /// server; prints the classification. With --check (and --district, --judge,
    /// --role), completes its check request with the filer's facts and prints the check:
    /// exit 0 compliant, 1 review or non-compliant, 2 error or unsupported document.
    Classify(ClassifyCommand),
    /// The uploads kept from classification: list them, or prune old ones.
    Uploads {
        #[command(subcommand)]
        command: UploadsCommand,
        #[command(flatten)]
        uploads: UploadArgs,
    },
}

#[derive(Args)]
struct ClassifyCommand {
    /// The PDF.
    file: PathBuf,
    /// The district the filing is for (copied into the check request).
    #[arg(long, requires = "judge")]
    district: Option<String>,
    /// The judge, a slug from the district's roster.
    #[arg(long, requires = "district")]
    judge: Option<String>,
    /// The file name the classifier is told (default: FILE's own name).
    #[arg(long)]
    filename: Option<String>,
    /// Run the check on the classified document.
    #[arg(long, requires_all = ["district", "role"])]
    check: bool,
    /// With --check: the filing party is pro se.
    #[arg(long, requires = "check")]
    pro_se: bool,
    /// With --check: a pre-motion conference was completed for this motion.
    #[arg(long, requires = "check")]
    pmc_completed: bool,
    /// With --check: the opposing party is pro se.
    #[arg(long, requires = "check")]
    opposing_pro_se: bool,
    /// With --check: the filer's role.
    #[arg(long, value_parser = ["movant", "opponent", "reply"], requires = "check")]
    role: Option<String>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    classify: ClassifyArgs,
}

#[derive(Subcommand)]
enum UploadsCommand {
    /// The most recent uploads, newest first, one JSON object a line.
    List {
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// Remove uploads older than the retention period (or --older-than-days), then
    /// files no upload names (left by a crash).
    Prune {
        #[arg(long)]
        older_than_days: Option<u64>,
    },
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the chosen address is printed).
    #[arg(long, env = "COURTRULES_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The address clients reach the server at, used in `docs_url` and the index
    /// (default: http://<listening address>).
    #[arg(long, env = "COURTRULES_PUBLIC_URL")]
    public_url: Option<String>,
    /// Contact named in "district not accessible" errors.
    #[arg(long, env = "COURTRULES_CONTACT", default_value = "access@courtrules.example")]
    contact: String,
    /// Largest request body, in bytes (`/classify` has its own limit).
    #[arg(long, env = "COURTRULES_BODY_LIMIT_BYTES", default_value_t = 1024 * 1024)]
    body_limit_bytes: usize,
    /// Largest PDF `/classify` accepts, in bytes once decoded; its body limit follows
    /// (base64 is a third larger, plus 1 MiB).
    #[arg(long, env = "COURTRULES_CLASSIFY_MAX_PDF_BYTES", default_value_t = 22 * 1024 * 1024)]
    classify_max_pdf_bytes: usize,
    /// Time limit of a whole request, in milliseconds.
    #[arg(long, env = "COURTRULES_REQUEST_TIMEOUT_MS", default_value_t = 30_000)]
    request_timeout_ms: u64,
    /// How often to look for data or key changes made by other processes, in ms.
    #[arg(long, env = "COURTRULES_REFRESH_MS", default_value_t = 1000)]
    refresh_ms: u64,
    /// The built drafting app (Trunk's output) to serve at `/`.
    #[arg(long, env = "COURTRULES_WEB_DIR", default_value = "./web/dist")]
    web_dir: PathBuf,
    /// Length of the rate-limit window in ms. Limits are per minute; tests shorten the
    /// window so they need not wait a minute. Not for production use.
    #[arg(long, default_value_t = 60_000, hide = true)]
    rate_window_ms: u64,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    classify: ClassifyArgs,
    #[command(flatten)]
    uploads: UploadArgs,
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Create a key and print it (the only time it is shown).
    Create {
        #[arg(long)]
        name: String,
        /// `all`, or a comma-separated list of district ids.
        #[arg(long, default_value = "all")]
        districts: String,
    },
    /// List keys (never their secrets).
    List,
    /// Revoke a key by its id (see `keys list`).
    Revoke { id: String },
    /// Show a key's rate limits, or change them for one group (or `all`):
    /// `keys limits ID --group check --per-minute 600`; `--reset` restores the default.
    Limits {
        id: String,
        /// classify, check, courts, judges, rules, holidays, extracted_rules, profile,
        /// documents, index — or `all`.
        #[arg(long, requires = "change")]
        group: Option<String>,
        /// Requests per minute (sliding window) for the group.
        #[arg(long, group = "change", requires = "group")]
        per_minute: Option<u32>,
        /// Back to the group's default limit.
        #[arg(long, group = "change", requires = "group")]
        reset: bool,
    },
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_tracing();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: could not start the runtime: {error}");
            return ExitCode::from(2);
        }
    };
    let is_check = matches!(cli.command, Command::Check { .. } | Command::Classify(_));
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(if is_check { 2 } else { 1 })
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi).init();
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let storage = cli.storage;
    match cli.command {
        Command::Serve(args) => serve(&storage, args).await,
        Command::Migrate => {
            open(&storage).await?;
            println!("migrations applied to {}", storage.database_url);
            Ok(ExitCode::SUCCESS)
        }
        Command::Seed { engine } => {
            let db = open(&storage).await?;
            let sandbox = Sandbox::new(engine.one_shot_limits())?;
            let report = seed::seed(&db, &sandbox, &storage.data_dir, &mut |line| println!("seed: {line}")).await?;
            println!(
                "seed: {}",
                if report.changed() { "done, the database was updated" } else { "done, nothing changed" }
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Keys { command } => {
            let db = open(&storage).await?;
            keys_command(&db, command).await
        }
        Command::Check { file, engine } => check(&storage, &file, engine).await,
        Command::Classify(command) => classify_command(&storage, command).await,
        Command::Uploads { command, uploads } => {
            let db = open(&storage).await?;
            uploads_command(&db, &uploads.uploads(), command).await
        }
    }
}

async fn open(storage: &StorageArgs) -> anyhow::Result<Db> {
    let db = Db::connect(&storage.database_url).await?;
    db.migrate().await?;
    Ok(db)
}

async fn serve(storage: &StorageArgs, args: ServeArgs) -> anyhow::Result<ExitCode> {
    let sandbox = Sandbox::new(args.classify.limits(args.engine.limits()))?;
    let engine_version = engine_version(&sandbox)?;
    let db = open(storage).await?;
    seed::seed(&db, &sandbox, &storage.data_dir, &mut |line| tracing::info!("seed: {line}")).await?;
    if keys::count_active(&db).await? == 0 {
        let key = keys::create(&db, "local", Plan::All).await?;
        announce_first_key(&key.token, &args);
    }
    let catalogue = Arc::new(Live::load(&db, &sandbox).await?);

    let listener =
        tokio::net::TcpListener::bind(args.addr).await.with_context(|| format!("could not listen on {}", args.addr))?;
    let local = listener.local_addr()?;
    let public_url = args.public_url.clone().unwrap_or_else(|| format!("http://{local}"));
    http::error::set_public_url(&public_url);
    let config = HttpConfig {
        public_url: public_url.clone(),
        contact: args.contact.clone(),
        body_limit_bytes: args.body_limit_bytes,
        classify_max_pdf_bytes: args.classify_max_pdf_bytes,
        request_timeout: Duration::from_millis(args.request_timeout_ms),
        web_dir: args.web_dir.clone(),
        rate_window: Duration::from_millis(args.rate_window_ms.max(1)),
    };
    let classifier = Arc::new(args.classify.classifier(&sandbox));
    match classifier.ocr().version().await {
        Ok(version) => tracing::info!(%version, "text recognition ready"),
        Err(error) => tracing::warn!(%error, "scanned pages cannot be classified"),
    }
    let uploads = Arc::new(args.uploads.uploads());
    let classify = (classifier, Arc::clone(&uploads));
    let state =
        AppState::new(db.clone(), Arc::clone(&sandbox), Arc::clone(&catalogue), classify, config, engine_version);
    spawn_refresher(state.clone(), Duration::from_millis(args.refresh_ms.max(10)));
    spawn_pruner(db.clone(), uploads);
    let limits = sandbox.limits();
    tracing::info!(
        memory_mib = limits.memory_bytes / (1024 * 1024),
        deadline_ms = limits.deadline.as_millis() as u64,
        instances = limits.instances,
        "engine ready"
    );
    println!("courtrules listening on http://{local}");
    axum::serve(listener, http::router(state)).with_graceful_shutdown(shutdown()).await?;
    Ok(ExitCode::SUCCESS)
}

fn announce_first_key(token: &str, args: &ServeArgs) {
    let base = args.public_url.clone().unwrap_or_else(|| format!("http://{}", args.addr));
    println!(
        "\n=====================================================================\n\
         No API key existed, so one was created (name `local`, all districts).\n\
         It is shown only this once; keep it:\n\n    {token}\n\n\
         Try it:\n    curl -H 'Authorization: Bearer {token}' {base}/api/v1\n\
         More keys: courtrules keys create --name NAME [--districts edny,sdny]\n\
         =====================================================================\n"
    );
}

/// Picks up `seed` and `keys` changes made by other processes.
fn spawn_refresher(state: AppState, every: Duration) {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            if let Err(error) = state.keys.refresh(&state.db).await {
                tracing::warn!(error = format!("{error:#}"), "could not refresh the key cache");
            }
            state.limiter.sweep();
            match state.catalogue.refresh(&state.db, &state.sandbox).await {
                Ok(true) => tracing::info!("the data changed; catalogue reloaded"),
                Ok(false) => {}
                Err(error) => tracing::error!(
                    error = format!("{error:#}"),
                    "could not reload the catalogue; serving the previous one"
                ),
            }
        }
    });
}

/// Removes uploads past their retention period: at start, then daily.
fn spawn_pruner(db: Db, uploads: Arc<Uploads>) {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(Duration::from_secs(24 * 60 * 60));
        loop {
            ticker.tick().await;
            match uploads.prune(&db, uploads.retention()).await {
                Ok(report) => tracing::info!(
                    uploads = report.uploads,
                    files = report.files,
                    bytes = report.bytes,
                    retention_days = uploads.retention().as_secs() / 86_400,
                    "old uploads pruned"
                ),
                Err(error) => tracing::error!(error = format!("{error:#}"), "could not prune old uploads"),
            }
        }
    });
}

async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
    tracing::info!("shutting down");
}

fn engine_version(sandbox: &Sandbox) -> anyhow::Result<String> {
    let answer = sandbox.call_blocking(&Op::EngineVersion, Due::Trusted)?;
    let bytes = answer.map_err(|error| anyhow::anyhow!("engine_version: {error}"))?;
    Ok(serde_json::from_slice(&bytes)?)
}

async fn keys_command(db: &Db, command: KeysCommand) -> anyhow::Result<ExitCode> {
    match command {
        KeysCommand::Create { name, districts } => {
            let plan = Plan::parse(&districts)?;
            if let Plan::Districts(ids) = &plan {
                let known: Vec<(String,)> =
                    sqlx::query_as("SELECT district_id FROM courts").fetch_all(db.pool()).await?;
                let unknown: Vec<&str> =
                    ids.iter().filter(|id| !known.iter().any(|(known,)| known == *id)).map(String::as_str).collect();
                if !unknown.is_empty() {
                    bail!(
                        "unknown district(s): {} (is the database seeded? run `courtrules seed`)",
                        unknown.join(", ")
                    );
                }
            }
            let key = keys::create(db, &name, plan).await?;
            println!(
                "Created key {} \"{}\" (districts: {}). It is shown only this once:",
                key.id,
                name.trim(),
                key.plan
            );
            println!("{}", key.token);
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::List => {
            let keys = keys::list(db).await?;
            println!("{:<14} {:<20} {:<24} {:<22} STATUS", "ID", "NAME", "DISTRICTS", "CREATED");
            for key in keys {
                let status = key.revoked_at.map_or("active".to_owned(), |at| format!("revoked {at}"));
                println!(
                    "{:<14} {:<20} {:<24} {:<22} {status}",
                    key.id,
                    key.name,
                    key.plan.to_string(),
                    key.created_at
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::Limits { id, group, per_minute, reset } => {
            if let Some(group) = group {
                let groups: Vec<Group> = match group.as_str() {
                    "all" => Group::ALL.to_vec(),
                    name => vec![Group::parse(name).with_context(|| {
                        let names: Vec<&str> = Group::ALL.iter().map(|group| group.name()).collect();
                        format!("unknown group `{name}`; groups: {}, or all", names.join(", "))
                    })?],
                };
                let per_window = if reset { None } else { per_minute };
                if !rate_limit::set_key_limits(db, &id, &groups, per_window).await? {
                    bail!("no key with id `{id}` (see `courtrules keys list`)");
                }
            }
            let Some(key) = keys::find(db, &id).await? else {
                bail!("no key with id `{id}` (see `courtrules keys list`)");
            };
            println!("{:<16} {:>12}  SOURCE", "GROUP", "PER MINUTE");
            for group in Group::ALL {
                let source = if key.limits.is_default(group) { "default" } else { "set for this key" };
                println!("{:<16} {:>12}  {source}", group.name(), key.limits.limit(group));
            }
            Ok(ExitCode::SUCCESS)
        }
        KeysCommand::Revoke { id } => {
            if keys::revoke(db, &id).await? {
                println!("Revoked key {id}.");
                Ok(ExitCode::SUCCESS)
            } else {
                bail!("no key with id `{id}` (see `courtrules keys list`)")
            }
        }
    }
}

/// The offline check: same resolution order and engine as `POST /api/v1/check`.
async fn check(storage: &StorageArgs, file: &Path, engine: EngineArgs) -> anyhow::Result<ExitCode> {
    let body = if file == Path::new("-") {
        let mut body = Vec::new();
        std::io::stdin().read_to_end(&mut body)?;
        body
    } else {
        std::fs::read(file).with_context(|| format!("could not read {}", file.display()))?
    };
    let sandbox = Sandbox::new(engine.one_shot_limits())?;
    let db = open(storage).await?;
    let (courts,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM courts").fetch_one(db.pool()).await?;
    if courts == 0 {
        seed::seed(&db, &sandbox, &storage.data_dir, &mut |line| eprintln!("seed: {line}")).await?;
    }
    let catalogue = Catalogue::load(&db, &sandbox).await?;
    let checked = match http::extract::require_json_syntax(&body) {
        Ok(()) => http::check::run(&sandbox, &catalogue, &ApiKey::local(), "", body).await,
        Err(error) => Err(error),
    };
    match checked {
        Ok(response) => {
            println!("{}", String::from_utf8_lossy(&response));
            let parsed: CheckResponse = serde_json::from_slice(&response)?;
            Ok(ExitCode::from(if parsed.summary.status == ComplianceStatus::Compliant { 0 } else { 1 }))
        }
        Err(error) => {
            println!("{}", String::from_utf8_lossy(&error.body()));
            eprintln!("error: {error}");
            Ok(ExitCode::from(2))
        }
    }
}

async fn uploads_command(db: &Db, uploads: &Uploads, command: UploadsCommand) -> anyhow::Result<ExitCode> {
    match command {
        UploadsCommand::List { limit } => {
            for upload in uploads.list(db, limit).await? {
                println!("{}", serde_json::to_string(&upload)?);
            }
        }
        UploadsCommand::Prune { older_than_days } => {
            let older_than = older_than_days.map_or(uploads.retention(), days);
            let report = uploads.prune(db, older_than).await?;
            println!(
                "pruned {} uploads older than {} days; removed {} files ({} bytes)",
                report.uploads,
                older_than.as_secs() / 86_400,
                report.files,
                report.bytes
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The offline classification: the server's lookups (when a district is given), its
/// sandbox and text recognition; then, with `--check`, the client's part of the spec's
/// flow — the four filer facts added to the check request — and the check.
async fn classify_command(storage: &StorageArgs, command: ClassifyCommand) -> anyhow::Result<ExitCode> {
    let pdf = std::fs::read(&command.file).with_context(|| format!("could not read {}", command.file.display()))?;
    let sandbox = Sandbox::new(command.classify.limits(command.engine.one_shot_limits()))?;
    let catalogue = match &command.district {
        Some(_) => {
            let db = open(storage).await?;
            let (courts,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM courts").fetch_one(db.pool()).await?;
            if courts == 0 {
                seed::seed(&db, &sandbox, &storage.data_dir, &mut |line| eprintln!("seed: {line}")).await?;
            }
            Some(Catalogue::load(&db, &sandbox).await?)
        }
        None => None,
    };
    let fail = |error: http::error::ApiError| {
        println!("{}", String::from_utf8_lossy(&error.body()));
        eprintln!("error: {error}");
        Ok(ExitCode::from(2))
    };
    let (district_id, judge_slug) =
        (command.district.clone().unwrap_or_default(), command.judge.clone().unwrap_or_default());
    if let Some(catalogue) = &catalogue {
        let found = ApiKey::local().court(catalogue, &district_id, "").and_then(|court| {
            http::lookup::judge(catalogue, court, &judge_slug)?;
            http::lookup::profile(catalogue, court)
        });
        if let Err(error) = found {
            return fail(error);
        }
    }
    let filename =
        command.filename.clone().or_else(|| command.file.file_name().map(|name| name.to_string_lossy().into_owned()));
    let hints = ClassifyHints { judge_slug, district_id, filename, ..ClassifyHints::default() };
    let classifier = command.classify.classifier(&sandbox);
    let classified = match classifier.classify(pdf.into(), hints).await {
        Ok(classified) => classified,
        Err(error) => return fail(http::classify::api_error(error)),
    };
    if !command.check {
        println!("{}", String::from_utf8_lossy(&classified.response));
        return Ok(ExitCode::SUCCESS);
    }
    let response: serde_json::Value = serde_json::from_slice(&classified.response)?;
    let Some(serde_json::Value::Object(mut request)) = response.get("check_request").cloned() else {
        println!("{}", String::from_utf8_lossy(&classified.response));
        let reasoning = response["classification"]["reasoning"].as_str().unwrap_or("");
        eprintln!(
            "error: the document is not supported (confidence {}): {reasoning} — no check was made",
            response["classification"]["confidence"].as_str().unwrap_or("low")
        );
        return Ok(ExitCode::from(2));
    };
    let described = |name: &str| response["classification"][name].as_str().unwrap_or("none").to_owned();
    eprintln!(
        "classified as {} / {} ({} confidence); checking",
        described("document_scope"),
        described("motion_type"),
        described("confidence")
    );
    request.insert("is_pro_se".into(), command.pro_se.into());
    request.insert("pmc_completed".into(), command.pmc_completed.into());
    request.insert("opposing_party_pro_se".into(), command.opposing_pro_se.into());
    request.insert("filing_role".into(), command.role.clone().unwrap_or_default().into());
    let catalogue = catalogue.expect("--check requires --district");
    let body = serde_json::to_vec(&request)?;
    match http::check::run(&sandbox, &catalogue, &ApiKey::local(), "", body).await {
        Ok(response) => {
            println!("{}", String::from_utf8_lossy(&response));
            let parsed: CheckResponse = serde_json::from_slice(&response)?;
            Ok(ExitCode::from(if parsed.summary.status == ComplianceStatus::Compliant { 0 } else { 1 }))
        }
        Err(error) => fail(error),
    }
}
