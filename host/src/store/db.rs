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
use std::path::Path;

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
}

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
            Ok(Db { pool, backend: Backend::Sqlite })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let shown = redact_password(url);
            if !Any::database_exists(url).await.with_context(|| format!("could not reach PostgreSQL at {shown}"))? {
                Any::create_database(url).await.with_context(|| format!("could not create the database {shown}"))?;
            }
            let pool = AnyPoolOptions::new()
                .max_connections(POSTGRES_CONNECTIONS)
                .connect(url)
                .await
                .with_context(|| format!("could not open the database {shown}"))?;
            Ok(Db { pool, backend: Backend::Postgres })
        } else {
            bail!("unsupported database URL `{url}`: expected sqlite://PATH or postgres://USER@HOST[:PORT]/DATABASE")
        }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Takes a transaction-scoped lock, exclusive, that other processes sharing the
    /// database wait for. On SQLite there is one writer at a time anyway, so this does
    /// nothing.
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

    /// Applies the migrations that have not run yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrations = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrations.run(&self.pool).await.context("could not migrate the database")?;
        Ok(())
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
