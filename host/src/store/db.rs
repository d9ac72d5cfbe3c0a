//! Storage through sqlx's `Any` driver, on SQLite (one server, the default) or
//! PostgreSQL (several servers sharing one database). Queries elsewhere are portable
//! SQL (`$n` placeholders, TEXT and 64-bit INTEGER columns, `ON CONFLICT` upserts);
//! what differs between backends is here — URLs, connection set-up, migrations, the
//! locks that serialize seeding and rate-limit admissions — and, for full-text search,
//! in `extracted.rs`. Each backend has its own migrations folder
//! (`migrations/sqlite`, `migrations/postgres`); `docs/decisions.md` says why.

use anyhow::{Context, bail};
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{MigrateDatabase, Migrator};
use sqlx::{Any, AnyPool, Connection, Executor};
use std::path::{Path, PathBuf};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// The database product behind a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// SQLite: the file other processes on the same database lock while they migrate
    /// or seed (`setup_lock`).
    setup_lock_file: Option<PathBuf>,
}

/// Held while a process migrates or seeds an SQLite database (see `Db::setup_lock`);
/// released when dropped.
pub struct SetupLock(#[allow(dead_code)] Option<std::fs::File>);

/// Names of the PostgreSQL advisory locks (transaction-scoped) the backend takes.
#[derive(Clone, Copy)]
pub enum Lock {
    /// One `seed` at a time: replicas starting together seed one after another.
    Seed,
    /// Storing uploads (shared) against pruning them (exclusive).
    Uploads,
    /// Numbering the versions of organisations' standing-order layers.
    Layers,
}

impl Lock {
    fn id(self) -> i64 {
        match self {
            Lock::Seed => 0x636f_7572_7473_6564,    // "courtsed"
            Lock::Uploads => 0x636f_7572_7475_706c, // "courtupl"
            Lock::Layers => 0x636f_7572_746c_6179,  // "courtlay"
        }
    }
}

/// The kinds of data whose changes running servers watch (see `data_versions`).
#[derive(Clone, Copy, Debug)]
pub enum Watched {
    Catalogue,
    Keys,
    /// Organisations' standing-order layers (a version accepted or withdrawn).
    Layers,
}

impl Watched {
    fn name(self) -> &'static str {
        match self {
            Watched::Catalogue => "catalogue",
            Watched::Keys => "keys",
            Watched::Layers => "layers",
        }
    }
}

impl Db {
    /// Opens the database: an SQLite file (and its folder) is created if needed, and so
    /// is a PostgreSQL database the server's role may create (as `sqlx database create`
    /// would); the server itself must be running.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        if let Some(path) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            let url = sqlite_url(path)?;
            let file = path.split_once('?').map_or(path, |(file, _)| file);
            let setup_lock_file = Some(PathBuf::from(format!("{file}-lock")));
            // One connection first, so a file that is not an SQLite database (or cannot
            // be opened) is reported at once: the pool would retry it for its whole
            // acquire timeout (30 s) and then report only that it timed out.
            let mut probe = sqlx::AnyConnection::connect(&url)
                .await
                .with_context(|| format!("could not open the database {url}"))?;
            probe
                .execute("SELECT count(*) FROM sqlite_master")
                .await
                .with_context(|| format!("could not open the database {url}: is it an SQLite database?"))?;
            // A new file is switched to WAL once, by one process: the switch needs an
            // exclusive lock that SQLite does not wait for, so processes opening a new
            // database together (`courtrules check` run in parallel) would otherwise fail
            // with "database is locked" as each connection of theirs tried it.
            let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode").fetch_one(&mut probe).await?;
            if !mode.eq_ignore_ascii_case("wal") {
                let _lock = setup_lock(setup_lock_file.as_deref()).await?;
                probe
                    .execute("PRAGMA journal_mode = WAL")
                    .await
                    .with_context(|| format!("could not open the database {url}"))?;
            }
            probe.close().await.ok();
            let pool = AnyPoolOptions::new()
                .max_connections(4)
                .after_connect(move |connection, _| {
                    Box::pin(async move {
                        // WAL lets the CLI write (keys, seed) while a server reads; FULL
                        // makes every commit durable before it returns (uploads, keys).
                        connection.execute("PRAGMA journal_mode = WAL").await?;
                        connection.execute("PRAGMA synchronous = FULL").await?;
                        Ok(())
                    })
                })
                .connect(&url)
                .await
                .with_context(|| format!("could not open the database {url}"))?;
            Ok(Db { pool, backend: Backend::Sqlite, setup_lock_file })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let shown = redact_password(url);
            if !Any::database_exists(url).await.with_context(|| format!("could not reach PostgreSQL at {shown}"))? {
                // Servers started together may all find it missing: one creates it, and
                // the others' `CREATE DATABASE` fails because it now exists — which is fine.
                if let Err(error) = Any::create_database(url).await
                    && !Any::database_exists(url).await.unwrap_or(false)
                {
                    return Err(error).with_context(|| format!("could not create the database {shown}"));
                }
            }
            let pool = AnyPoolOptions::new()
                .max_connections(POSTGRES_CONNECTIONS)
                .connect(url)
                .await
                .with_context(|| format!("could not open the database {shown}"))?;
            Ok(Db { pool, backend: Backend::Postgres, setup_lock_file: None })
        } else {
            bail!("unsupported database URL `{url}`: expected sqlite://PATH or postgres://USER@HOST[:PORT]/DATABASE")
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Takes a transaction-scoped lock, exclusive, that other processes sharing the
    /// database wait for. On SQLite there is one writer at a time anyway, so this does
    /// nothing (seeding, which must not wait within SQLite's busy timeout for another
    /// process's seed, takes `setup_lock` before its transaction).
    pub async fn lock(&self, tx: &mut sqlx::AnyConnection, lock: Lock) -> anyhow::Result<()> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(lock.id()).execute(tx).await?;
        }
        Ok(())
    }

    /// The same lock, shared: holders of the shared lock exclude only the exclusive one.
    pub async fn lock_shared(&self, tx: &mut sqlx::AnyConnection, lock: Lock) -> anyhow::Result<()> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_advisory_xact_lock_shared($1)").bind(lock.id()).execute(tx).await?;
        }
        Ok(())
    }

    /// Opens the database and applies the migrations that have not run yet.
    pub async fn open(url: &str) -> anyhow::Result<Db> {
        let db = Db::connect(url).await?;
        db.migrate().await?;
        Ok(db)
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Starts a transaction that writes. On SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`), waiting for another process's writer within the busy timeout: a
    /// deferred transaction that reads first and writes after another process (a server
    /// beside `courtrules keys …`) has committed fails at once with "database is locked"
    /// (SQLITE_BUSY_SNAPSHOT in WAL mode), which no timeout can wait out.
    pub async fn begin_write(&self) -> anyhow::Result<sqlx::Transaction<'static, Any>> {
        Ok(match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        })
    }

    /// Applies the migrations that have not run yet, one process at a time: several
    /// processes opening a new database together (servers starting, `courtrules check`
    /// run in parallel) would otherwise each apply the first migration, and all but one
    /// fail ("table courts already exists"). On PostgreSQL sqlx's migrator takes an
    /// advisory lock for the whole run and lists the applied migrations after taking
    /// it; on SQLite, which has no such lock, the process takes `setup_lock` (when a
    /// migration is pending) and the migrator, under it, finds what the process before
    /// it applied.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self.backend {
            Backend::Sqlite => {
                // Usually every migration has run: then nobody waits for the lock (a
                // server seeding holds it), and the migrator only checks the checksums.
                let _lock = if self.sqlite_migrations_pending().await? { Some(self.setup_lock().await?) } else { None };
                SQLITE_MIGRATIONS.run(&self.pool).await.context("could not migrate the database")?;
            }
            Backend::Postgres => {
                POSTGRES_MIGRATIONS.run(&self.pool).await.context("could not migrate the database")?;
            }
        }
        Ok(())
    }

    /// Whether an SQLite database lacks a migration (or the table that lists them).
    async fn sqlite_migrations_pending(&self) -> anyhow::Result<bool> {
        let listed: Option<(i64,)> =
            sqlx::query_as("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'")
                .fetch_optional(&self.pool)
                .await?;
        if listed.is_none_or(|(count,)| count == 0) {
            return Ok(true);
        }
        let applied: Vec<(i64,)> =
            sqlx::query_as("SELECT version FROM _sqlx_migrations WHERE success").fetch_all(&self.pool).await?;
        let applied: std::collections::BTreeSet<i64> = applied.into_iter().map(|(version,)| version).collect();
        Ok(SQLITE_MIGRATIONS
            .iter()
            .any(|migration| migration.migration_type.is_up_migration() && !applied.contains(&migration.version)))
    }

    /// On SQLite, waits for and takes an exclusive lock on a file beside the database
    /// (`FILE-lock`) that processes sharing it take while they migrate or seed it, so
    /// that they do so one after another rather than within SQLite's 5 s busy timeout;
    /// released when the guard is dropped. On PostgreSQL nothing (its advisory locks
    /// serialize those steps). A database whose folder is read-only gets no lock file
    /// and no lock (nothing can be migrated or seeded there anyway).
    pub async fn setup_lock(&self) -> anyhow::Result<SetupLock> {
        setup_lock(self.setup_lock_file.as_deref()).await
    }

    /// The current counter of one kind of data.
    pub async fn version(&self, watched: Watched) -> anyhow::Result<i64> {
        let version: Option<(i64,)> = sqlx::query_as("SELECT version FROM data_versions WHERE name = $1")
            .bind(watched.name())
            .fetch_optional(&self.pool)
            .await?;
        Ok(version.map_or(0, |(version,)| version))
    }
}

/// Marks a kind of data as changed, inside the transaction that changed it.
pub async fn bump_version(connection: &mut sqlx::AnyConnection, watched: Watched) -> anyhow::Result<()> {
    sqlx::query("UPDATE data_versions SET version = version + 1 WHERE name = $1")
        .bind(watched.name())
        .execute(connection)
        .await?;
    Ok(())
}

async fn setup_lock(file: Option<&Path>) -> anyhow::Result<SetupLock> {
    let Some(path) = file.map(Path::to_path_buf) else { return Ok(SetupLock(None)) };
    let file = match std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(&path) {
        Ok(file) => file,
        Err(error)
            if matches!(
                error.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            return Ok(SetupLock(None));
        }
        Err(error) => return Err(error).with_context(|| format!("could not open the lock file {}", path.display())),
    };
    tokio::task::spawn_blocking(move || -> anyhow::Result<SetupLock> {
        match file.try_lock() {
            Ok(()) => Ok(SetupLock(Some(file))),
            Err(std::fs::TryLockError::WouldBlock) => {
                tracing::info!(
                    "waiting for another process to finish migrating or seeding the database ({})",
                    path.display()
                );
                file.lock().with_context(|| format!("could not lock {}", path.display()))?;
                Ok(SetupLock(Some(file)))
            }
            Err(std::fs::TryLockError::Error(error)) => {
                Err(error).with_context(|| format!("could not lock {}", path.display()))
            }
        }
    })
    .await?
}

/// Connections per server to PostgreSQL: requests hold one only for a query or a
/// rate-limit admission, and several replicas share the server's `max_connections`.
const POSTGRES_CONNECTIONS: u32 = 16;

/// The URL with its password, if any, replaced by `***`, for messages and logs.
pub fn redact_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

/// `sqlite://PATH` with the file's folder created and `mode=rwc` so the file is too.
fn sqlite_url(rest: &str) -> anyhow::Result<String> {
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    // No file (each connection of the pool would get a database of its own, gone when
    // it closes): what was stored would vanish between commands.
    if path.is_empty() || path == ":memory:" {
        bail!("the database URL names no file: expected sqlite://PATH, e.g. sqlite://./var/courtrules.db");
    }
    let parent = Path::new(path).parent().filter(|parent| !parent.as_os_str().is_empty());
    if let Some(parent) = parent {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("could not create the database folder {}", parent.display()))?;
    }
    let query = if query.split('&').any(|pair| pair.starts_with("mode=")) {
        query.to_owned()
    } else if query.is_empty() {
        "mode=rwc".to_owned()
    } else {
        format!("{query}&mode=rwc")
    };
    Ok(format!("sqlite://{path}?{query}"))
}
