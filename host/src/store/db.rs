//! Storage through sqlx's `Any` driver. Queries elsewhere are portable SQL (`$n`
//! placeholders, TEXT and INTEGER columns, `ON CONFLICT` upserts); everything that
//! differs between backends — URLs, connection set-up, migrations — is in this file.

use anyhow::{Context, bail};
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, AssertSqlSafe, Executor};
use std::path::Path;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
}

#[derive(Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
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
        let (backend, url) = if let Some(path) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            (Backend::Sqlite, sqlite_url(path)?)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            bail!("PostgreSQL is not built into this version of courtrules yet; use a sqlite:// URL")
        } else {
            bail!("unsupported database URL `{url}`: expected sqlite://PATH")
        };
        let pool = AnyPoolOptions::new()
            .max_connections(4)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets the CLI write (keys, seed) while a server reads.
                        connection.execute("PRAGMA journal_mode = WAL").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .with_context(|| format!("could not open the database {url}"))?;
        Ok(Db { pool, backend })
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Applies the migrations that have not run yet.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await.context("could not migrate the database")?,
        }
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

// ---- full-text search of extracted rules ----------------------------------------
//
// SQLite: an FTS5 table (`extracted_rules_fts`, porter + unicode61 tokenizer) written
// by the seeder and ranked with bm25. PostgreSQL will keep a generated `tsvector`
// column on `extracted_rules` instead (so `replace_search_index` does nothing there)
// and match it with `plainto_tsquery`/`phraseto_tsquery`, ranked by `ts_rank`; both
// functions below keep their signatures.

/// A value bound to a query built at run time.
enum Bind {
    Text(String),
    Integer(i64),
}

impl Db {
    /// Rewrites the full-text index of the extracted rules, inside the seeding
    /// transaction that rewrote the rules.
    pub async fn replace_search_index(
        &self,
        tx: &mut sqlx::AnyConnection,
        documents: &[crate::extracted::SearchDocument],
    ) -> anyhow::Result<()> {
        match self.backend {
            Backend::Sqlite => {
                sqlx::query("DELETE FROM extracted_rules_fts").execute(&mut *tx).await?;
                for document in documents {
                    sqlx::query(
                        "INSERT INTO extracted_rules_fts (rule_id, summary, source_text, tags, structured, citation)
                         VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(&document.rule_id)
                    .bind(&document.summary)
                    .bind(&document.source_text)
                    .bind(&document.tags)
                    .bind(&document.structured)
                    .bind(&document.citation)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        Ok(())
    }

    /// The extracted rules a search selects: best match first when it has terms,
    /// otherwise by district and file order; at most `search.limit`.
    pub async fn search_extracted_rules(
        &self,
        search: &crate::extracted::RuleSearch,
    ) -> anyhow::Result<Vec<crate::extracted::RuleRow>> {
        let mut binds = Vec::new();
        let mut placeholder = |value: Bind| {
            binds.push(value);
            format!("${}", binds.len())
        };
        let mut sql = String::new();
        let mut order = String::from("r.district_id, r.position");
        if !search.terms.is_empty() {
            match self.backend {
                Backend::Sqlite => {
                    // Every term a quoted FTS5 string: words, or a phrase of words.
                    let query: Vec<String> =
                        search.terms.iter().map(|words| format!("\"{}\"", words.join(" "))).collect();
                    let query = placeholder(Bind::Text(query.join(" ")));
                    sql.push_str(&format!(
                        "WITH hits AS (SELECT rule_id, bm25(extracted_rules_fts) AS score FROM extracted_rules_fts
                                       WHERE extracted_rules_fts MATCH {query}) "
                    ));
                }
            }
            order = format!("hits.score, {order}");
        }
        sql.push_str(&format!("SELECT {} FROM extracted_rules r ", crate::extracted::RULE_COLUMNS));
        if !search.terms.is_empty() {
            sql.push_str("JOIN hits ON hits.rule_id = r.rule_id ");
        }
        let mut conditions: Vec<String> = Vec::new();
        let list = |values: &[String], placeholder: &mut dyn FnMut(Bind) -> String| -> String {
            let items: Vec<String> = values.iter().map(|value| placeholder(Bind::Text(value.clone()))).collect();
            if items.is_empty() { "NULL".to_owned() } else { items.join(", ") }
        };
        if let Some(districts) = &search.districts {
            conditions.push(format!("r.district_id IN ({})", list(districts, &mut placeholder)));
        }
        if let Some(judge) = &search.judge_slug {
            let judge = placeholder(Bind::Text(judge.clone()));
            if search.court_rules_of.is_empty() {
                conditions.push(format!("r.judge_slug = {judge}"));
            } else {
                let courts = list(&search.court_rules_of, &mut placeholder);
                conditions.push(format!(
                    "(r.judge_slug = {judge} OR (r.judge_slug = 'court' AND r.district_id IN ({courts})))"
                ));
            }
        }
        if let Some(logic_type) = &search.logic_type {
            conditions.push(format!("r.logic_type = {}", placeholder(Bind::Text(logic_type.clone()))));
        }
        if let Some(phase) = &search.workflow_phase {
            conditions.push(format!("r.workflow_phase = {}", placeholder(Bind::Text(phase.clone()))));
        }
        if let Some(case_type) = &search.case_type {
            let case_type = placeholder(Bind::Text(case_type.clone()));
            conditions.push(format!(
                "(NOT EXISTS (SELECT 1 FROM extracted_rule_case_types c WHERE c.rule_id = r.rule_id)
                  OR EXISTS (SELECT 1 FROM extracted_rule_case_types c
                             WHERE c.rule_id = r.rule_id AND c.case_type IN ({case_type}, 'general')))"
            ));
        }
        if !conditions.is_empty() {
            sql.push_str(&format!("WHERE {} ", conditions.join(" AND ")));
        }
        let limit = placeholder(Bind::Integer(search.limit as i64));
        sql.push_str(&format!("ORDER BY {order} LIMIT {limit}"));
        let mut query = sqlx::query_as::<_, crate::extracted::RuleRow>(AssertSqlSafe(sql));
        for bind in binds {
            query = match bind {
                Bind::Text(text) => query.bind(text),
                Bind::Integer(number) => query.bind(number),
            };
        }
        Ok(query.fetch_all(&self.pool).await?)
    }
}
