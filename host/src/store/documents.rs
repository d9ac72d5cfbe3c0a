//! Source documents: the PDFs behind the rules (`data/documents/index.json` and its
//! files). Metadata in `documents`, the bytes once per SHA-256 in `document_files`, so
//! every server sharing the database serves the same files; each file's SHA-256 is
//! checked against the index when it is seeded.

use super::datapack::read_json;
use super::db::Db;
use anyhow::{Context, bail};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::AssertSqlSafe;
use std::collections::BTreeSet;
use std::path::Path;

/// A document's metadata (a row of `documents`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Document {
    pub id: String,
    pub title: String,
    /// `frcp`, `local_rules`, `court_rules`, `statute` or `standing_order`.
    pub kind: String,
    /// `None` for the national rules, which every federal court applies.
    pub district_id: Option<String>,
    /// `None` for a court-level document.
    pub judge_slug: Option<String>,
    pub source_url: String,
    pub version_id: String,
    pub retrieved_date: String,
    pub sha256: String,
    pub page_count: i64,
    pub byte_size: i64,
    pub file_name: String,
    /// Demonstration data (the sample standing orders).
    pub sample: bool,
}

/// `documents` as stored: flags are 0/1 integers.
#[derive(sqlx::FromRow)]
struct DocumentRow {
    id: String,
    title: String,
    kind: String,
    district_id: Option<String>,
    judge_slug: Option<String>,
    source_url: String,
    version_id: String,
    retrieved_date: String,
    sha256: String,
    page_count: i64,
    byte_size: i64,
    file_name: String,
    sample: i64,
}

impl From<DocumentRow> for Document {
    fn from(row: DocumentRow) -> Document {
        Document {
            id: row.id,
            title: row.title,
            kind: row.kind,
            district_id: row.district_id,
            judge_slug: row.judge_slug,
            source_url: row.source_url,
            version_id: row.version_id,
            retrieved_date: row.retrieved_date,
            sha256: row.sha256,
            page_count: row.page_count,
            byte_size: row.byte_size,
            file_name: row.file_name,
            sample: row.sample != 0,
        }
    }
}

const COLUMNS: &str = "id, title, kind, district_id, judge_slug, source_url, version_id, retrieved_date, sha256, \
                       page_count, byte_size, file_name, sample";

/// A document to seed: its metadata and its bytes.
pub struct SeedDocument {
    pub document: Document,
    pub bytes: Vec<u8>,
}

#[derive(Deserialize)]
struct IndexFile {
    documents: Vec<IndexEntry>,
}

#[derive(Deserialize)]
struct IndexEntry {
    id: String,
    title: String,
    kind: String,
    district_id: Option<String>,
    judge_slug: Option<String>,
    source_url: String,
    version_id: String,
    retrieved_date: String,
    sha256: String,
    page_count: u32,
    file: String,
    sample: bool,
}

/// Reads `documents/index.json` and every file it lists, refusing a file whose
/// SHA-256 is not the one the index records.
pub fn read_data_pack(data_dir: &Path, known_courts: &BTreeSet<&str>) -> anyhow::Result<Vec<SeedDocument>> {
    let dir = data_dir.join("documents");
    let index_path = dir.join("index.json");
    if !index_path.exists() {
        return Ok(Vec::new());
    }
    let index: IndexFile = read_json(&index_path)?;
    let mut ids = BTreeSet::new();
    let mut documents = Vec::with_capacity(index.documents.len());
    for entry in index.documents {
        let at = || format!("{}: document {} ({})", index_path.display(), entry.id, entry.file);
        if !ids.insert(entry.id.clone()) {
            bail!("{}: the id is used twice", at());
        }
        let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
        if entry.file.is_empty() || !entry.file.chars().all(plain) || entry.file.starts_with('.') {
            bail!("{}: `file` must be a plain file name (letters, digits, `.-_`) in the documents folder", at());
        }
        if let Some(district) = &entry.district_id
            && !known_courts.contains(district.as_str())
        {
            bail!("{}: `{district}` is not a court in courts.json", at());
        }
        let path = dir.join(&entry.file);
        let bytes = std::fs::read(&path).with_context(|| format!("could not read {}", path.display()))?;
        let sha256 = crate::hex::encode(&Sha256::digest(&bytes));
        if sha256 != entry.sha256.to_ascii_lowercase() {
            bail!("{}: the file's SHA-256 is {sha256}, the index says {}", at(), entry.sha256);
        }
        if !bytes.starts_with(b"%PDF-") {
            bail!("{}: not a PDF", at());
        }
        documents.push(SeedDocument {
            document: Document {
                id: entry.id,
                title: entry.title,
                kind: entry.kind,
                district_id: entry.district_id,
                judge_slug: entry.judge_slug,
                source_url: entry.source_url,
                version_id: entry.version_id,
                retrieved_date: entry.retrieved_date,
                sha256,
                page_count: i64::from(entry.page_count),
                byte_size: bytes.len() as i64,
                file_name: entry.file,
                sample: entry.sample,
            },
            bytes,
        });
    }
    Ok(documents)
}

/// Replaces the stored documents when the data pack's differ; true when it wrote.
pub async fn sync(tx: &mut sqlx::AnyConnection, wanted: &[SeedDocument]) -> anyhow::Result<bool> {
    let stored: Vec<DocumentRow> =
        sqlx::query_as(AssertSqlSafe(format!("SELECT {COLUMNS} FROM documents ORDER BY position")))
            .fetch_all(&mut *tx)
            .await?;
    let stored: Vec<Document> = stored.into_iter().map(Document::from).collect();
    let (files,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM document_files").fetch_one(&mut *tx).await?;
    let wanted_files: BTreeSet<&str> = wanted.iter().map(|seed| seed.document.sha256.as_str()).collect();
    let same = stored.len() == wanted.len()
        && stored.iter().zip(wanted).all(|(stored, seed)| *stored == seed.document)
        && files as usize == wanted_files.len();
    if same {
        return Ok(false);
    }
    sqlx::query("DELETE FROM documents").execute(&mut *tx).await?;
    sqlx::query("DELETE FROM document_files").execute(&mut *tx).await?;
    let mut written = BTreeSet::new();
    for (position, seed) in wanted.iter().enumerate() {
        let document = &seed.document;
        if written.insert(document.sha256.as_str()) {
            sqlx::query("INSERT INTO document_files (sha256, bytes) VALUES ($1, $2)")
                .bind(&document.sha256)
                .bind(&seed.bytes)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(AssertSqlSafe(format!(
            "INSERT INTO documents (position, {COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
        )))
        .bind(position as i64)
        .bind(&document.id)
        .bind(&document.title)
        .bind(&document.kind)
        .bind(&document.district_id)
        .bind(&document.judge_slug)
        .bind(&document.source_url)
        .bind(&document.version_id)
        .bind(&document.retrieved_date)
        .bind(&document.sha256)
        .bind(document.page_count)
        .bind(document.byte_size)
        .bind(&document.file_name)
        .bind(i64::from(document.sample))
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// The documents behind a court's rules, or one judge's: the national rules (federal
/// courts only), the court's own documents, and the judge's standing order.
pub async fn behind(
    db: &Db,
    district_id: &str,
    federal: bool,
    judge_slug: Option<&str>,
) -> anyhow::Result<Vec<Document>> {
    let documents: Vec<DocumentRow> = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM documents
         WHERE (district_id IS NULL AND $1 = 1)
            OR (district_id = $2 AND (judge_slug IS NULL OR judge_slug = $3))
         ORDER BY position"
    )))
    .bind(i64::from(federal))
    .bind(district_id)
    .bind(judge_slug.unwrap_or(""))
    .fetch_all(db.pool())
    .await?;
    Ok(documents.into_iter().map(Document::from).collect())
}

/// A document's metadata, without its bytes.
pub async fn find(db: &Db, id: &str) -> anyhow::Result<Option<Document>> {
    let row: Option<DocumentRow> =
        sqlx::query_as(AssertSqlSafe(format!("SELECT {COLUMNS} FROM documents WHERE id = $1")))
            .bind(id)
            .fetch_optional(db.pool())
            .await?;
    Ok(row.map(Document::from))
}

/// The bytes of a document's file.
pub async fn bytes(db: &Db, sha256: &str) -> anyhow::Result<Option<Vec<u8>>> {
    let row: Option<(Vec<u8>,)> = sqlx::query_as("SELECT bytes FROM document_files WHERE sha256 = $1")
        .bind(sha256)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(|(bytes,)| bytes))
}
