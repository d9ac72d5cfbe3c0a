//! Storage through sqlx's `Any` driver. Queries elsewhere are portable SQL (`$n`
//! placeholders, TEXT and INTEGER columns, `ON CONFLICT` upserts); what differs between
//! backends is here — URLs, connection set-up, migrations — and, for full-text search,
//! in `extracted.rs`. SQLite is the one backend today.

use anyhow::{Context, bail};
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};
use std::path::Path;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
}

/// The kinds of data whose changes running servers watch (see `data_versions`).
#[derive(Clone, Copy, Debug)]
pub enum Watched {
    Catalogue,
    Keys,
}

impl Watched {
    fn name(self) -> &'static str {
        match self {
            Watched::Catalogue => "catalogue",
            Watched::Keys => "keys",
        }
    }
}

impl Db {
    /// Opens the database, creating an SQLite file (and its folder) if needed.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let url = if let Some(path) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            sqlite_url(path)?
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            bail!("PostgreSQL is not built into this version of courtrules yet; use a sqlite:// URL")
        } else {
            bail!("unsupported database URL `{url}`: expected sqlite://PATH")
        };
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    // WAL lets the CLI write (keys, seed) while a server reads.
                    connection.execute("PRAGMA journal_mode = WAL").await?;
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .with_context(|| format!("could not open the database {url}"))?;
        Ok(Db { pool })
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

    /// Applies the migrations that have not run yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        SQLITE_MIGRATIONS.run(&self.pool).await.context("could not migrate the database")?;
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

/// `sqlite://PATH` with the file's folder created and `mode=rwc` so the file is too.
fn sqlite_url(rest: &str) -> anyhow::Result<String> {
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let parent = Path::new(path).parent().filter(|parent| !parent.as_os_str().is_empty());
    if let Some(parent) = parent.filter(|_| path != ":memory:") {
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
