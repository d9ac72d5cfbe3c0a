//! The server: start-up (engine, database, data pack, first key, catalogue), the HTTP
//! API on its listener (`connections`: timeouts and a connection cap), and the
//! background work — picking up changes other processes make, pruning old uploads —
//! until a shutdown signal.

mod connections;

pub use connections::ConnectionLimits;

use crate::classifier::Classifier;
use crate::http::{self, AppState, HttpConfig};
use crate::keys::{self, Plan};
use crate::out;
use crate::sandbox::Sandbox;
use crate::service::{self, Service};
use crate::store::catalogue::Live;
use crate::store::db::{self, Db};
use crate::store::seed;
use crate::uploads::Uploads;
use anyhow::Context;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What `courtrules serve` is told.
pub struct Settings {
    pub database_url: String,
    /// The data pack seeded at start.
    pub data_dir: PathBuf,
    /// Where to listen (port 0 picks a free port; the chosen address is printed).
    pub addr: SocketAddr,
    /// The address clients reach the server at (default: http://<listening address>).
    pub public_url: Option<String>,
    /// Where to ask for access to more districts.
    pub contact: String,
    pub body_limit_bytes: usize,
    pub classify_max_pdf_bytes: usize,
    pub request_timeout: Duration,
    pub web_dir: PathBuf,
    pub rate_window: Duration,
    /// How often to look for data or key changes made by other processes.
    pub refresh: Duration,
    pub connections: ConnectionLimits,
    /// Where the first API key is written when the output is not a terminal (default:
    /// `first-api-key` beside the SQLite database).
    pub first_key_file: Option<PathBuf>,
    /// Bounds on the MCP sessions open over HTTP.
    pub mcp_sessions: crate::mcp::sessions::SessionLimits,
}

/// Starts everything and serves until SIGINT or SIGTERM.
pub async fn serve(
    settings: Settings,
    sandbox: Arc<Sandbox>,
    classifier: Classifier,
    uploads: Uploads,
) -> anyhow::Result<()> {
    let engine_version = sandbox.engine_version()?;
    let db = Db::open(&settings.database_url).await?;
    seed::seed(&db, &sandbox, &settings.data_dir, &mut |line| tracing::info!("seed: {line}")).await?;
    // Only on a database that never had a key: once every key is revoked, a restart must
    // not mint an all-districts key of its own (`courtrules keys create` makes the next).
    if keys::count_all(&db).await? == 0 {
        let key = keys::create(&db, "local", Plan::All, None).await?;
        if let Err(error) = hand_over_first_key(&key.token, &settings) {
            return Err(withdraw_first_key(&db, &key, error).await);
        }
    }
    let catalogue = Arc::new(Live::load(&db, &sandbox).await?);

    let listener = tokio::net::TcpListener::bind(settings.addr)
        .await
        .with_context(|| format!("could not listen on {}", settings.addr))?;
    let local = listener.local_addr()?;
    let public_url = settings.public_url.clone().unwrap_or_else(|| format!("http://{local}"));
    service::error::set_public_url(&public_url);
    match classifier.ocr().version().await {
        Ok(version) => tracing::info!(%version, "text recognition ready"),
        Err(error) => tracing::warn!(%error, "scanned pages cannot be classified"),
    }
    match uploads.import_files(&db).await {
        Ok(0) => {}
        Ok(moved) => tracing::info!(moved, "uploaded PDFs kept as files moved into the database"),
        Err(error) => tracing::warn!(error = format!("{error:#}"), "could not move old upload files"),
    }
    let uploads = Arc::new(uploads);
    let service = Service::new(service::Parts {
        db: db.clone(),
        sandbox: Arc::clone(&sandbox),
        catalogue,
        classifier: Some(Arc::new(classifier)),
        uploads: Some(Arc::clone(&uploads)),
        contact: settings.contact.clone(),
        engine_version,
        layers: Default::default(),
    });
    let config = HttpConfig {
        public_url,
        body_limit_bytes: settings.body_limit_bytes,
        classify_max_pdf_bytes: settings.classify_max_pdf_bytes,
        request_timeout: settings.request_timeout,
        web_dir: settings.web_dir.clone(),
        rate_window: settings.rate_window,
        mcp_sessions: settings.mcp_sessions,
    };
    let state = AppState::new(service, config);
    spawn_refresher(state.clone(), settings.refresh);
    spawn_pruner(db, uploads);
    let limits = sandbox.limits();
    tracing::info!(
        memory_mib = limits.memory_bytes / (1024 * 1024),
        deadline_ms = limits.deadline.as_millis() as u64,
        instances = limits.instances,
        "engine ready"
    );
    out::line(format_args!("courtrules listening on http://{local}"))?;
    let draining = Arc::clone(&state.draining);
    connections::serve(listener, http::router(state), settings.connections, shutdown(), draining).await?;
    Ok(())
}

/// Undoes the first key when nobody got its secret (the file could not be written, the
/// output was closed): it is deleted with the organisation made for it, as if it had
/// never been, so that the next start — the cause fixed — creates one again; failing
/// that it is revoked. The error says which.
async fn withdraw_first_key(db: &Db, key: &keys::NewKey, error: anyhow::Error) -> anyhow::Error {
    let id = &key.id;
    match delete_key(db, key).await {
        Ok(()) => error.context(format!(
            "the first API key (id {id}) was created but could not be handed over, so it was removed again; nothing \
             was kept, and the next start creates a key anew"
        )),
        Err(delete_error) => match keys::revoke(db, id).await {
            Ok(_) => error.context(format!(
                "the first API key (id {id}) was created but could not be handed over, so it was revoked (removing \
                 it failed: {}); create a key with `courtrules keys create --name NAME`",
                db::error_chain(&delete_error)
            )),
            Err(revoke_error) => error.context(format!(
                "the first API key (id {id}) was created but could not be handed over, and revoking it failed ({}): \
                 revoke it with `courtrules keys revoke {id}`",
                db::error_chain(&revoke_error)
            )),
        },
    }
}

/// Deletes a key nobody has used, and the organisation `keys::create` made for it.
async fn delete_key(db: &Db, key: &keys::NewKey) -> anyhow::Result<()> {
    let mut tx = db.begin_write().await?;
    sqlx::query("DELETE FROM api_key_districts WHERE key_id = $1").bind(&key.id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM api_keys WHERE id = $1").bind(&key.id).execute(&mut *tx).await?;
    if key.organisation_id == format!("org_{}", key.id) {
        sqlx::query("DELETE FROM organisations WHERE id = $1").bind(&key.organisation_id).execute(&mut *tx).await?;
    }
    db::bump_version(&mut tx, db::Watched::Keys).await?;
    tx.commit().await?;
    Ok(())
}

/// Hands the first key to the person who started the server: on a terminal, printed
/// once; otherwise (a service manager's journal, a CI log, output sent to a file) it
/// would end up in logs, so it goes to a file only its owner can read, and the output
/// says where.
fn hand_over_first_key(token: &str, settings: &Settings) -> anyhow::Result<()> {
    let base = settings.public_url.clone().unwrap_or_else(|| format!("http://{}", settings.addr));
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        out::line(format_args!(
            "\n=====================================================================\n\
             No API key existed, so one was created (name `local`, all districts).\n\
             It is shown only this once; keep it:\n\n    {token}\n\n\
             Try it:\n    curl -H 'Authorization: Bearer {token}' {base}/api/v1\n\
             More keys: courtrules keys create --name NAME [--districts edny,sdny]\n\
             =====================================================================\n"
        ))?;
        return Ok(());
    }
    let path = settings.first_key_file.clone().unwrap_or_else(|| first_key_file_beside(&settings.database_url));
    // Named in full, so the message is right whatever folder it is read from.
    let path = std::path::absolute(&path).unwrap_or(path);
    write_private(&path, &format!("{token}\n"))
        .with_context(|| format!("could not write the first API key to {}", path.display()))?;
    out::line(format_args!(
        "No API key existed, so one was created (name `local`, all districts). The output is not a \
         terminal, so the key was written to {} (readable by this user only) instead of printed.",
        path.display()
    ))?;
    Ok(())
}

/// `first-api-key` in the SQLite database's folder (the working folder for PostgreSQL).
fn first_key_file_beside(database_url: &str) -> PathBuf {
    let path = database_url.strip_prefix("sqlite://").or_else(|| database_url.strip_prefix("sqlite:"));
    let folder = path
        .map(|path| path.split('?').next().unwrap_or(path))
        .and_then(|path| std::path::Path::new(path).parent().map(std::path::Path::to_path_buf))
        .filter(|folder| !folder.as_os_str().is_empty());
    folder.unwrap_or_default().join("first-api-key")
}

/// Writes `text` to a file that only its owner may read or write.
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    // An existing file keeps its mode when opened; make sure of it.
    #[cfg(unix)]
    file.set_permissions(<std::fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o600))?;
    file.write_all(text.as_bytes())
}

/// Picks up `seed`, `keys` and layer changes made by other processes.
fn spawn_refresher(state: AppState, every: Duration) {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(every);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let service = &state.service;
        // A database error once, as the command line shows it (`db::error_chain`).
        loop {
            ticker.tick().await;
            if let Err(error) = state.keys.refresh(&service.db).await {
                tracing::warn!(error = db::error_chain(&error), "could not refresh the key cache");
            }
            if let Err(error) = service.layers.refresh(&service.db).await {
                tracing::warn!(error = db::error_chain(&error), "could not refresh the layer cache");
            }
            if let Err(error) = state.limiter.sweep().await {
                tracing::warn!(error = db::error_chain(&error), "could not sweep the rate-limit log");
            }
            match service.catalogue.refresh(&service.db, &service.sandbox).await {
                Ok(true) => tracing::info!("the data changed; catalogue reloaded"),
                Ok(false) => {}
                Err(error) => tracing::error!(
                    error = db::error_chain(&error),
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
