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
use std::time::Duration;

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
    /// The URL as messages show it (`redact_password`).
    shown: std::sync::Arc<str>,
}

/// Why an SQLite file could not be read, in the user's terms: SQLite says "unable to
/// open database file" or "attempt to write a readonly database" for a file or folder
/// that cannot be written (it writes its journal beside the file), which is not a
/// question of what the file is.
fn open_failure(sqlite_error: &str, file_exists: bool) -> &'static str {
    let read_only = sqlite_error.contains("readonly") || sqlite_error.contains("read-only");
    if read_only || (file_exists && sqlite_error.contains("unable to open")) {
        "it cannot be written here (the file or its folder is read-only), and the commands write to it \
         (migrations, seeding, rate limits): give a writable file with --database-url"
    } else if sqlite_error.contains("unable to open") {
        "the file cannot be created (does its folder exist, and may it be written?)"
    } else {
        "is it an SQLite database?"
    }
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
            if let Err(error) = probe.execute("SELECT count(*) FROM sqlite_master").await {
                let why = open_failure(&error.to_string(), Path::new(file).exists());
                return Err(anyhow::Error::new(error).context(format!("could not open the database {url}: {why}")));
            }
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
            Ok(Db { pool, backend: Backend::Sqlite, setup_lock_file, shown: url.into() })
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            check_postgres_url(url)?;
            let shown = redact_password(url);
            let connecting = async {
                if !Any::database_exists(url).await.with_context(|| format!("could not reach PostgreSQL at {shown}"))? {
                    // Servers started together may all find it missing: one creates it, and
                    // the others' `CREATE DATABASE` fails because it now exists — which is fine.
                    if let Err(error) = Any::create_database(url).await
                        && !Any::database_exists(url).await.unwrap_or(false)
                    {
                        return Err(error).with_context(|| format!("could not create the database {shown}"));
                    }
                }
                AnyPoolOptions::new()
                    .max_connections(POSTGRES_CONNECTIONS)
                    .acquire_timeout(POSTGRES_ACQUIRE_TIMEOUT)
                    .connect(url)
                    .await
                    .with_context(|| format!("could not open the database {shown}"))
            };
            // sqlx sets no time limit on connecting: an address that accepts the TCP
            // connection and never answers (a firewall, another program on the port, a
            // stopped process) would hang `serve`, `migrate` and `keys` for ever.
            let pool = match tokio::time::timeout(POSTGRES_CONNECT_TIMEOUT, connecting).await {
                Ok(pool) => pool?,
                Err(_) => bail!(
                    "could not reach PostgreSQL at {shown}: it did not answer within {} s (is it PostgreSQL \
                     listening at that address, and reachable from here?)",
                    POSTGRES_CONNECT_TIMEOUT.as_secs()
                ),
            };
            Ok(Db { pool, backend: Backend::Postgres, setup_lock_file: None, shown: shown.into() })
        } else {
            bail!(
                "unsupported database URL `{}`: expected sqlite://PATH or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE",
                redact_password(url)
            )
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

    /// The current counter of one kind of data. Servers read it every `--refresh-ms`, so
    /// when the database cannot be reached, this is where the log says why.
    pub async fn version(&self, watched: Watched) -> anyhow::Result<i64> {
        let version: Option<(i64,)> = match sqlx::query_as("SELECT version FROM data_versions WHERE name = $1")
            .bind(watched.name())
            .fetch_optional(&self.pool)
            .await
        {
            Ok(version) => version,
            Err(error) => return Err(self.diagnose(error).await),
        };
        Ok(version.map_or(0, |(version,)| version))
    }

    /// An error of the pool, with the reason when it is only "pool timed out": sqlx keeps
    /// retrying a refused connection until the acquire timeout and then reports the
    /// timeout alone, so one connection is tried here to learn what the database says.
    pub async fn diagnose(&self, error: sqlx::Error) -> anyhow::Error {
        if !matches!(error, sqlx::Error::PoolTimedOut) {
            return error.into();
        }
        let shown = &self.shown;
        let options = self.pool.connect_options();
        match tokio::time::timeout(POSTGRES_ACQUIRE_TIMEOUT, sqlx::ConnectOptions::connect(&*options)).await {
            // sqlx's own "pool timed out" is left out: these say what it meant.
            Ok(Ok(connection)) => {
                connection.close().await.ok();
                anyhow::anyhow!(
                    "no connection to the database {shown} was free within {} s (the database answers; every \
                     connection of this server was busy)",
                    POSTGRES_ACQUIRE_TIMEOUT.as_secs()
                )
            }
            Ok(Err(connect_error)) => {
                anyhow::Error::from(connect_error).context(format!("could not connect to the database {shown}"))
            }
            Err(_) => anyhow::anyhow!(
                "could not connect to the database {shown}: it did not answer within {} s",
                POSTGRES_ACQUIRE_TIMEOUT.as_secs()
            ),
        }
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

/// How long a query waits for a connection of the pool before it fails. sqlx's default
/// (30 s) equals the default request time limit (`--request-timeout-ms`), so with
/// PostgreSQL down every request hung until the request timed out, and its answer (a
/// 503 `timeout`) blamed the request; after 5 s the query fails and the request is
/// answered the documented 500 `internal error`, the log saying why (`Db::diagnose`).
/// A query holds a connection for milliseconds, so a healthy server waiting 5 s for
/// one of its 16 is already far beyond its capacity.
pub const POSTGRES_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// How long opening a PostgreSQL database (checking it exists, creating it, the pool's
/// first connection) may take before the command gives up and says the database did not
/// answer.
pub const POSTGRES_CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// What a URL whose user name, password or database name holds one of `#@/?%` unencoded
/// must be told.
const PERCENT_ENCODE_HINT: &str = "a `#`, `@`, `/`, `?` or `%` in the user name, password or database name must be \
                                   percent-encoded (`%23`, `%40`, `%2F`, `%3F`, `%25`)";

/// Refuses, before anything echoes or uses it, a PostgreSQL URL that does not parse or
/// that parses into something else than written: a `#` in a password starts a fragment
/// (and `postgres://u:12#3@host/db` would connect to host `u`, port 12), a `/` ends the
/// host early. The message shows the URL redacted and says to percent-encode.
fn check_postgres_url(url: &str) -> anyhow::Result<()> {
    let shown = redact_password(url);
    let error = match url::Url::parse(url) {
        Ok(parsed) if parsed_as_written(&parsed) => return Ok(()),
        Ok(_) => None,
        Err(error) => Some(error),
    };
    // The parser's own complaint ("invalid port number" for `u:secret#pw@host`) would
    // mislead when the user name or password is the cause.
    let credentials = url.split_once("://").and_then(|(_, rest)| rest.rsplit_once('@')).map(|(before, _)| before);
    match error {
        Some(error) if !credentials.is_some_and(|credentials| credentials.contains(['#', '/', '?'])) => {
            bail!("the database URL {shown} is not valid ({error}); {PERCENT_ENCODE_HINT}")
        }
        _ => bail!(
            "the database URL {shown} is not valid: it has a `#`, `/` or `?` before its last `@`; {PERCENT_ENCODE_HINT}"
        ),
    }
}

/// The URL as messages and logs may show it: the password replaced by `***`, and so is
/// the value of any query parameter named like `password` (`?password=`,
/// `?sslpassword=`, `?passwd=`). A URL that does not parse as written (or parses with a `#`
/// fragment or an `@` in its path: a password's unencoded `#` or `/`) shows nothing
/// between `://` and its last `@`.
pub fn redact_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed_as_written(&parsed) => {
            if parsed.password().is_some() {
                let _ = parsed.set_password(Some("***"));
            }
            redact_query(parsed.as_ref())
        }
        _ => {
            let (scheme, rest) = match url.find("://") {
                Some(at) => url.split_at(at + 3),
                None => url.split_at(url.find(':').map_or(0, |at| at + 1)),
            };
            match rest.rfind('@') {
                Some(at) => redact_query(&format!("{scheme}***{}", &rest[at..])),
                None => redact_query(url),
            }
        }
    }
}

/// Whether a database URL that parsed means what it says: no `#` fragment and no `@`
/// in the path, which are a password's (or database name's) unencoded `#` or `/`.
fn parsed_as_written(parsed: &url::Url) -> bool {
    parsed.fragment().is_none() && !parsed.path().contains('@')
}

/// The values of a URL's query parameters whose name holds `passw` (`password`,
/// `sslpassword`, a misspelt `passwd`) replaced by `***`.
fn redact_query(url: &str) -> String {
    // Everything after the `?` counts as the query: a password's unencoded `#` would
    // otherwise end it, and the rest of the password be shown.
    let Some((head, query)) = url.split_once('?') else { return url.to_owned() };
    let pairs: Vec<String> = query
        .split('&')
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let decoded: String = url::form_urlencoded::parse(name.as_bytes()).map(|(name, _)| name).collect();
            if decoded.to_ascii_lowercase().contains("passw") && !value.is_empty() {
                format!("{name}=***")
            } else {
                pair.to_owned()
            }
        })
        .collect();
    format!("{head}?{}", pairs.join("&"))
}

/// What a query that got no connection in time is logged with.
const POOL_TIMED_OUT: &str = "no database connection came free in time (the database is down or unreachable, or every \
                              connection of this server is busy: the server's refresh log says which)";

/// An error and its causes as `{error:#}` joins them, except that an error PostgreSQL
/// or SQLite returned is shown once, as the database worded it, and a cause that only
/// repeats the end of the one before is left out: sqlx's wording includes its source's
/// ("error returned from database: X at line 334: X at line 334", the line being in
/// PostgreSQL's C source; "error communicating with database: Connection refused (os
/// error 111): Connection refused (os error 111)").
pub fn error_chain(error: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        if let Some(sqlx::Error::Database(database)) = cause.downcast_ref::<sqlx::Error>() {
            parts.push(database.message().to_owned());
            break;
        }
        // sqlx's words read as a pool too small; mostly the database is down.
        let text = if matches!(cause.downcast_ref::<sqlx::Error>(), Some(sqlx::Error::PoolTimedOut)) {
            POOL_TIMED_OUT.to_owned()
        } else {
            cause.to_string()
        };
        if !parts.last().is_some_and(|last| last.ends_with(&text)) {
            parts.push(text);
        }
    }
    parts.join(": ")
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

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite's words for a file on a read-only disk (a shared, mounted database, as a
    /// user met it) are not "is it an SQLite database?".
    #[test]
    fn a_database_that_cannot_be_written_is_said_to_be_read_only() {
        let read_only =
            open_failure("error returned from database: (code: 8) attempt to write a readonly database", true);
        assert!(read_only.starts_with("it cannot be written here") && read_only.contains("--database-url"));
        assert_eq!(
            open_failure("error returned from database: (code: 14) unable to open database file", true),
            read_only
        );
        assert!(
            open_failure("(code: 14) unable to open database file", false).starts_with("the file cannot be created")
        );
        assert_eq!(open_failure("(code: 26) file is not a database", true), "is it an SQLite database?");
    }

    #[test]
    fn the_password_is_redacted() {
        assert_eq!(redact_password("postgres://u:secret@127.0.0.1:5432/db"), "postgres://u:***@127.0.0.1:5432/db");
        assert_eq!(redact_password("postgresql://u:p%23w@db.example/x"), "postgresql://u:***@db.example/x");
        // No password: unchanged.
        assert_eq!(redact_password("postgres://u@127.0.0.1:5432/db"), "postgres://u@127.0.0.1:5432/db");
        assert_eq!(redact_password("sqlite://./var/courtrules.db"), "sqlite://./var/courtrules.db");
        // Any scheme, as `unsupported database URL` shows it.
        assert_eq!(redact_password("mysql://root:topsecret@127.0.0.1/x"), "mysql://root:***@127.0.0.1/x");
        // An `@` in the password, unencoded: the last `@` ends it.
        assert!(!redact_password("postgres://u:p@ss@host/db").contains("ss"));
    }

    #[test]
    fn a_password_query_parameter_is_redacted() {
        assert_eq!(
            redact_password("postgres://u@127.0.0.1/db?password=secret&sslmode=disable"),
            "postgres://u@127.0.0.1/db?password=***&sslmode=disable"
        );
        assert_eq!(
            redact_password("postgres://u:a@h/db?sslmode=require&PassWord=b&sslpassword=c&application_name=x"),
            "postgres://u:***@h/db?sslmode=require&PassWord=***&sslpassword=***&application_name=x"
        );
        // Named with percent-encoding; and a `#` in the value is the value's.
        assert_eq!(redact_password("postgres://h/db?pass%77ord=x%20y"), "postgres://h/db?pass%77ord=***");
        assert_eq!(redact_password("postgres://h/db?password=ab#cd"), "postgres://h/db?password=***");
        assert_eq!(redact_password("postgres://h:99999/db?password=secret"), "postgres://h:99999/db?password=***");
        // sqlx ignores `passwd`, but it is a password all the same.
        assert_eq!(redact_password("postgres://h/db?passwd=secret&x=1"), "postgres://h/db?passwd=***&x=1");
    }

    #[test]
    fn a_url_that_does_not_parse_shows_no_credentials() {
        for (url, shown) in [
            ("postgres://u:secret#pw@127.0.0.1:5432/db", "postgres://***@127.0.0.1:5432/db"),
            ("postgres://u:secret@127.0.0.1:99999/db", "postgres://***@127.0.0.1:99999/db"),
            // These parse, but not as written: host `u`, port 12.
            ("postgres://u:12#secret@127.0.0.1/db", "postgres://***@127.0.0.1/db"),
            ("postgres://u:12/secret@127.0.0.1/db", "postgres://***@127.0.0.1/db"),
            ("mysql:root:secret@127.0.0.1/x", "mysql:***@127.0.0.1/x"),
            ("root:secret@127.0.0.1", "root:***@127.0.0.1"),
        ] {
            assert_eq!(redact_password(url), shown, "{url}");
        }
    }

    #[test]
    fn a_postgres_url_not_parsed_as_written_is_refused_with_a_hint() {
        for url in [
            "postgres://u:secret#pw@127.0.0.1:5432/db",
            "postgres://u:12#secret@127.0.0.1/db",
            "postgres://u:12/secret@127.0.0.1/db",
            "postgres://u:secret@127.0.0.1:99999/db",
        ] {
            let message = format!("{:#}", check_postgres_url(url).unwrap_err());
            assert!(!message.contains("secret") && !message.contains("u:12"), "{message}");
            assert!(message.contains("must be percent-encoded"), "{message}");
        }
        let message = format!("{:#}", check_postgres_url("postgres://u:secret@127.0.0.1:99999/db").unwrap_err());
        assert!(message.contains("invalid port number"), "{message}");
        // Not "invalid port number" when the password is the cause.
        let message = format!("{:#}", check_postgres_url("postgres://u:secret#pw@127.0.0.1:5432/db").unwrap_err());
        assert!(
            !message.contains("port") && message.contains("has a `#`, `/` or `?` before its last `@`"),
            "{message}"
        );
        check_postgres_url("postgres://u:p%23w@127.0.0.1:5432/db?sslmode=disable").unwrap();
        check_postgres_url("postgresql://u@localhost/db").unwrap();
    }

    #[tokio::test]
    async fn a_refused_url_is_reported_redacted() {
        let message = format!("{:#}", Db::connect("mysql://root:topsecret@127.0.0.1/x").await.err().unwrap());
        assert!(message.contains("mysql://root:***@127.0.0.1/x") && !message.contains("topsecret"), "{message}");
        let message = format!("{:#}", Db::connect("postgres://u:top#secret@127.0.0.1:5432/db").await.err().unwrap());
        assert!(!message.contains("secret") && message.contains("percent-encoded"), "{message}");
    }

    /// A database error as sqlx reports one from PostgreSQL: its text and, like
    /// `PgDatabaseError`, the line of PostgreSQL's source that raised it.
    #[derive(Debug)]
    struct FakeDatabaseError;

    impl std::fmt::Display for FakeDatabaseError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("password authentication failed for user \"courtrules\" at line 334")
        }
    }

    impl std::error::Error for FakeDatabaseError {}

    impl sqlx::error::DatabaseError for FakeDatabaseError {
        fn message(&self) -> &str {
            "password authentication failed for user \"courtrules\""
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    #[test]
    fn a_database_error_is_shown_once() {
        let error = anyhow::Error::from(sqlx::Error::Database(Box::new(FakeDatabaseError)))
            .context("could not reach PostgreSQL at postgres://courtrules:***@127.0.0.1:5432/x");
        assert_eq!(
            error_chain(&error),
            "could not reach PostgreSQL at postgres://courtrules:***@127.0.0.1:5432/x: password authentication failed \
             for user \"courtrules\""
        );
        // Other errors as `{:#}`.
        let error = anyhow::anyhow!("inner").context("outer");
        assert_eq!(error_chain(&error), format!("{error:#}"));
        let error = anyhow::Error::from(sqlx::Error::PoolTimedOut).context("could not refresh");
        assert_eq!(error_chain(&error), format!("could not refresh: {POOL_TIMED_OUT}"));
        // An I/O error, which sqlx words as its source.
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        let error = anyhow::Error::from(sqlx::Error::Io(refused)).context("could not reach PostgreSQL");
        assert_eq!(
            error_chain(&error),
            "could not reach PostgreSQL: error communicating with database: connection refused"
        );
    }
}
