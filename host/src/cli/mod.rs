//! The `courtrules` command line: serve, migrate, seed, keys, check, classify, mcp,
//! uploads.
//! Each command is a thin adapter: the server is `crate::server`, checks and
//! classifications are `crate::service`'s.

mod args;
mod deadlines;
mod enforcement;
mod filing;
mod ingest;
mod input;
mod judges;
mod keys;
mod mcp;
mod uploads;

use crate::out;
use crate::sandbox::Sandbox;
use crate::server;
use crate::store::db::{self, Db};
use crate::store::seed;
use args::{EngineArgs, ServeArgs, UploadArgs};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "courtrules", version, about = "Court filing rules and compliance checks")]
struct Cli {
    #[command(flatten)]
    storage: StorageArgs,
    /// Log lines as text, or as JSON objects one a line (for a log collector): each
    /// line of a request's work carries its method, path and request id.
    #[arg(long, env = "COURTRULES_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    log_format: LogFormat,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[derive(Args)]
struct StorageArgs {
    /// Database URL; the SQLite file and its folder are created if missing. Its value
    /// from the environment is not shown here: a PostgreSQL URL may hold a password.
    #[arg(
        long,
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = "sqlite://./var/courtrules.db",
        global = true
    )]
    database_url: String,
    /// The data pack to seed from (courts/courts.json, profiles/*.json).
    #[arg(long, env = "COURTRULES_DATA_DIR", default_value = "./data", global = true)]
    data_dir: PathBuf,
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
        command: keys::KeysCommand,
    },
    /// Check a filing described in FILE.json (`-` for stdin) offline, with the same
    /// engine; prints the response. Exit 0 compliant, 1 review or non-compliant (with
    /// --fail-on non-compliant: 1 non-compliant only), 2 error.
    Check {
        /// The check request: a JSON file as the body of POST /api/v1/check, or `-`
        /// for standard input.
        file: PathBuf,
        /// Which verdict exits 1: `review` (REVIEW or NON_COMPLIANT) or `non-compliant`
        /// (NON_COMPLIANT only; a REVIEW's action items are still in the answer).
        #[arg(long, value_enum, value_name = "VERDICT", default_value_t)]
        fail_on: filing::FailOn,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// The deadlines after an event (Fed. R. Civ. P. 6), offline, with the same engine
    /// and data as the server: its JSON answer, or --ics for iCalendar. Exit 0, or 2
    /// with the error body.
    Deadlines(deadlines::DeadlinesCommand),
    /// A court's judges offline (`--judge` takes their slugs): the same JSON as GET
    /// /api/v1/judges. Exit 0, or 2 with the error body.
    Judges {
        /// The court, e.g. `edny`.
        #[arg(long)]
        district: String,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Classify FILE.pdf offline, with the same engine and text recognition as the
    /// server; prints the classification. With --check (and --district, --judge,
    /// --role), completes its check request with the filer's facts and prints the check:
    /// exit 0 compliant, 1 review or non-compliant (see --fail-on), 2 error or unsupported
    /// document.
    Classify(filing::ClassifyCommand),
    /// Read a judge's individual practices (PDF or text) into proposed standing-order
    /// rules; with --accept, make them an organisation's layer for that judge.
    Ingest(ingest::IngestCommand),
    /// The MCP tool server over stdio (for assistants that start it as a process); the
    /// calls are made as the key in COURTRULES_API_KEY.
    Mcp(args::McpArgs),
    /// Load more enforcement actions (JSON or CSV) into the data pack and the database.
    Enforcement {
        #[command(subcommand)]
        command: enforcement::EnforcementCommand,
    },
    /// The uploads kept from classification: list them, or prune old ones.
    Uploads {
        #[command(subcommand)]
        command: uploads::UploadsCommand,
        #[command(flatten)]
        uploads: UploadArgs,
    },
}

impl Command {
    /// The one-shot commands that answer as the API does: an error body on standard
    /// output for every failure, exit 2, and `docs_url` at COURTRULES_PUBLIC_URL.
    fn acts_as_the_api(&self) -> bool {
        matches!(
            self,
            Command::Check { .. }
                | Command::Classify(_)
                | Command::Deadlines(_)
                | Command::Ingest(_)
                | Command::Judges { .. }
        )
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Classify(command) = &cli.command {
        let flags = command.check_only_flags();
        if !flags.is_empty() {
            // A usage error as clap's own (its usage line, exit 2), in words that call
            // the flags flags.
            let mut cli = <Cli as clap::CommandFactory>::command();
            cli.build();
            let classify = cli.find_subcommand_mut("classify").expect("the classify command");
            let (flags, are) = (flags.join(", "), if flags.len() == 1 { "is" } else { "are" });
            let message = format!(
                "{flags} {are} only read with --check (which needs --district, --judge and --role): add --check, \
                 or leave {flags} out"
            );
            classify.error(clap::error::ErrorKind::MissingRequiredArgument, message).exit();
        }
    }
    // A closed pipe ends a one-shot command quietly; the servers keep running (`crate::out`).
    // So does `keys create`: a key whose secret could not be shown is revoked, which it
    // cannot be once SIGPIPE has ended the process.
    let creates_a_key = matches!(cli.command, Command::Keys { command: keys::KeysCommand::Create { .. } });
    if !matches!(cli.command, Command::Serve(_) | Command::Mcp { .. }) && !creates_a_key {
        out::end_quietly_when_the_reader_goes();
    }
    init_tracing(cli.log_format);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            out::message(format_args!("error: could not start the runtime: {error}"));
            return ExitCode::from(2);
        }
    };
    let is_check = cli.command.acts_as_the_api();
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(error) => {
            // `{error:#}`, but a database's error shown once (`db::error_chain`).
            out::message(format_args!("error: {}", db::error_chain(&error)));
            ExitCode::from(if is_check { 2 } else { 1 })
        }
    }
}

/// Logs to standard error, filtered by `RUST_LOG` (default `info`, sqlx's own at `warn`,
/// and its connect-option parser's at `error`: its warnings quote URL parameters whole).
fn init_tracing(format: LogFormat) {
    // sqlx logs the database URL's parameters it does not know with their values in
    // clear (`ignoring unrecognized connect parameter key=sslpassword value=…`), and a
    // malformed pgpass line whole: its `options` module is heard only for errors. RUST_LOG
    // replaces this filter (docs/server.md).
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,sqlx_postgres::options=error"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logs.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())).init(),
        // The request span's fields (method, path, request_id) on every line, flat.
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(false).init(),
    }
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let storage = cli.storage;
    // The commands that act as the API point their error bodies' `docs_url` at the
    // server named as `serve` and `mcp` take it (`mcp` also from its flag).
    if cli.command.acts_as_the_api()
        && let Some(public_url) = std::env::var("COURTRULES_PUBLIC_URL").ok().filter(|url| !url.trim().is_empty())
    {
        crate::service::error::set_public_url(&public_url);
    }
    match cli.command {
        Command::Serve(args) => {
            let sandbox = Sandbox::new(args.classify.limits(args.engine.limits()))?;
            let classifier = args.classify.classifier(&sandbox);
            let settings = args.settings(storage.database_url, storage.data_dir);
            server::serve(settings, sandbox, classifier, args.uploads.uploads()).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Migrate => {
            Db::open(&storage.database_url).await?;
            out::line(format_args!("migrations applied to {}", db::redact_password(&storage.database_url)))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Seed { engine } => {
            seed_and_report(&storage.database_url, &storage.data_dir, &engine).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Keys { command } => keys::run(&Db::open(&storage.database_url).await?, command).await,
        // The commands that act as the API print an error body for every failure.
        Command::Check { file, fail_on, engine } => {
            filing::answered(filing::check(&storage, &file, engine, fail_on).await, false)
        }
        Command::Classify(command) => filing::answered(filing::classify(&storage, command).await, false),
        Command::Ingest(command) => filing::answered(ingest::run(&storage, command).await, false),
        Command::Deadlines(command) => {
            let ics = command.ics;
            filing::answered(deadlines::run(&storage, command).await, ics)
        }
        Command::Judges { district, engine } => filing::answered(judges::run(&storage, &district, engine).await, false),
        Command::Mcp(args) => mcp::run(&storage, args).await,
        Command::Enforcement { command } => enforcement::run(&storage.database_url, &storage.data_dir, command).await,
        Command::Uploads { command, uploads } => {
            uploads::run(&Db::open(&storage.database_url).await?, &uploads.uploads(), command).await
        }
    }
}

/// Seeds the database from the data pack, each step and the outcome on standard output
/// (`seed`, and `enforcement import` after it has copied its file in).
async fn seed_and_report(database_url: &str, data_dir: &std::path::Path, engine: &EngineArgs) -> anyhow::Result<()> {
    let db = Db::open(database_url).await?;
    let sandbox = Sandbox::new(engine.one_shot_limits())?;
    let report = seed::seed(&db, &sandbox, data_dir, &mut |line| out::progress(format_args!("seed: {line}"))).await?;
    out::line(format_args!(
        "seed: {}",
        if report.changed() { "done, the database was updated" } else { "done, nothing changed" }
    ))
}
