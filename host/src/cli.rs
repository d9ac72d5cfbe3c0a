//! The `courtrules` command line: serve, migrate, seed, keys, check.

use crate::catalogue::{Catalogue, Live};
use crate::db::Db;
use crate::http::auth::ApiKey;
use crate::http::{self, AppState, HttpConfig};
use crate::keys::{self, Plan};
use crate::rate_limit::{self, Group};
use crate::sandbox::{Limits, Op, Sandbox};
use crate::seed;
use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use courtrules_engine::model::{CheckResponse, ComplianceStatus};
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
        }
    }

    /// For one-shot commands: a pre-initialized module would be built for nothing.
    fn one_shot_limits(&self) -> Limits {
        Limits { pre_initialize: false, ..self.limits() }
    }
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
    /// Largest request body, in bytes.
    #[arg(long, env = "COURTRULES_BODY_LIMIT_BYTES", default_value_t = 1024 * 1024)]
    body_limit_bytes: usize,
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
    let is_check = matches!(cli.command, Command::Check { .. });
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
    }
}

async fn open(storage: &StorageArgs) -> anyhow::Result<Db> {
    let db = Db::connect(&storage.database_url).await?;
    db.migrate().await?;
    Ok(db)
}

async fn serve(storage: &StorageArgs, args: ServeArgs) -> anyhow::Result<ExitCode> {
    let sandbox = Sandbox::new(args.engine.limits())?;
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
        request_timeout: Duration::from_millis(args.request_timeout_ms),
        web_dir: args.web_dir.clone(),
        rate_window: Duration::from_millis(args.rate_window_ms.max(1)),
    };
    let state = AppState::new(db.clone(), Arc::clone(&sandbox), Arc::clone(&catalogue), config, engine_version);
    spawn_refresher(state.clone(), Duration::from_millis(args.refresh_ms.max(10)));
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
    let answer = sandbox.run_trusted(Op::EngineVersion)?;
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
