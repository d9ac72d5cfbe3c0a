//! PDFs sent to classification, kept for quality improvement (the spec): the bytes once
//! per SHA-256 (`upload_files`), each upload's metadata (`uploads`) and the answer it
//! got (`classifications`) — all in the database, so every server sharing it sees every
//! upload, and no replica holds state of its own that a load balancer could split.
//!
//! Durability: the three rows are written in one transaction, and the answer is sent
//! only after it commits (SQLite in WAL mode with `synchronous = FULL`, PostgreSQL's
//! default `fsync`), so an acknowledged upload survives the process being killed, and
//! a killed request leaves nothing half-written.
//!
//! Storing and pruning exclude each other where they could interleave (PostgreSQL:
//! a shared advisory lock for storing, an exclusive one for pruning; SQLite has one
//! writer at a time), so pruning never removes the bytes of an upload being committed.
//!
//! The per-key quota is decided in the transaction that stores the upload: the key's
//! stored bytes are summed and the upload inserted only if the sum stays within the
//! quota, one upload of a key at a time (PostgreSQL: an advisory lock per key, taken
//! before the sum; SQLite: the one writer). So uploads sent at once — to one server or
//! to several sharing the database — never take a key past its quota together.
//!
//! Earlier versions kept the bytes as files under `--uploads-dir`
//! (`<dir>/<first two hex digits>/<sha256>.pdf`); `import_files` moves any such file
//! into the database at start.

use crate::store::db::{Backend, Db, Lock};
use anyhow::Context;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

pub struct Uploads {
    /// Where versions before the bytes moved into the database kept them.
    files_dir: PathBuf,
    /// Uploads older than this are removed by `prune`.
    retention: Duration,
    /// The bytes one key may have stored within the retention period (`None`: no limit).
    quota_bytes: Option<u64>,
}

/// One upload to store.
pub struct NewUpload<'a> {
    pub pdf: &'a [u8],
    pub filename: Option<&'a str>,
    pub key_id: &'a str,
    pub district_id: &'a str,
    pub judge_slug: &'a str,
}

/// An upload as stored.
#[derive(Debug, Serialize)]
pub struct StoredUpload {
    pub id: String,
    pub sha256: String,
    pub byte_size: i64,
    pub filename: Option<String>,
    pub key_id: String,
    pub district_id: String,
    pub judge_slug: String,
    pub created_at: String,
    /// The engine version of its classification, if it has one.
    pub engine_version: Option<String>,
}

/// What `store` came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Stored {
    /// Stored, with its id and the PDF's SHA-256.
    Stored { id: String, sha256: String },
    /// Not stored: the key's uploads within the retention period (`used_bytes`) and this
    /// one would pass its quota.
    OverQuota { used_bytes: u64 },
}

/// What `prune` removed.
#[derive(Debug, Default)]
pub struct PruneReport {
    pub uploads: u64,
    /// Stored PDFs (one per distinct content) no remaining upload names.
    pub files: u64,
    pub bytes: u64,
}

impl Uploads {
    pub fn new(files_dir: PathBuf, retention: Duration, quota_bytes: Option<u64>) -> Uploads {
        Uploads { files_dir, retention, quota_bytes }
    }

    pub fn quota_bytes(&self) -> Option<u64> {
        self.quota_bytes
    }

    /// The bytes of the uploads `key_id` sent within the retention period (what its
    /// quota counts: each upload, even of a file already stored).
    pub async fn used_by(&self, db: &Db, key_id: &str) -> anyhow::Result<u64> {
        let mut connection = db.pool().acquire().await?;
        self.used_in(&mut connection, key_id).await
    }

    /// `used_by`, on a connection (inside a transaction).
    async fn used_in(&self, connection: &mut sqlx::AnyConnection, key_id: &str) -> anyhow::Result<u64> {
        let cutoff = cutoff(self.retention);
        let (used,): (i64,) = sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(byte_size), 0) AS BIGINT) FROM uploads WHERE key_id = $1 AND created_at > $2",
        )
        .bind(key_id)
        .bind(&cutoff)
        .fetch_one(connection)
        .await?;
        Ok(u64::try_from(used).unwrap_or(0))
    }

    pub fn retention(&self) -> Duration {
        self.retention
    }

    /// Stores a classified upload: its bytes (once per content), the upload and its
    /// classification, in one transaction — unless the key's quota would be passed,
    /// decided in the same transaction (`OverQuota`, nothing stored).
    pub async fn store(
        &self,
        db: &Db,
        upload: NewUpload<'_>,
        engine_version: &str,
        response: &[u8],
    ) -> anyhow::Result<Stored> {
        let sha256 = crate::hex::encode(&Sha256::digest(upload.pdf));
        let id = crate::hex::random(16)?;
        let now = timestamp(SystemTime::now());
        let response = std::str::from_utf8(response).context("the classification is not UTF-8")?;
        let mut tx = db.begin_write().await?;
        db.lock_shared(&mut tx, Lock::Uploads).await?;
        if let Some(quota_bytes) = self.quota_bytes {
            // One upload of this key at a time from here to the commit, so the sum read
            // next counts every upload of the key committed before this one. SQLite's
            // write transaction (`BEGIN IMMEDIATE`) already is the only writer;
            // PostgreSQL takes a lock named by the key (the two-number form, which
            // never meets the one-number locks of `Lock`), and reads after it are
            // fresh (read committed).
            if db.backend() == Backend::Postgres {
                sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                    .bind(QUOTA_LOCK_CLASS)
                    .bind(quota_lock_id(upload.key_id))
                    .execute(&mut *tx)
                    .await?;
            }
            let used_bytes = self.used_in(&mut tx, upload.key_id).await?;
            if used_bytes.saturating_add(upload.pdf.len() as u64) > quota_bytes {
                tx.rollback().await?;
                return Ok(Stored::OverQuota { used_bytes });
            }
        }
        sqlx::query("INSERT INTO upload_files (sha256, bytes) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING")
            .bind(&sha256)
            .bind(upload.pdf)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO uploads (id, sha256, byte_size, filename, key_id, district_id, judge_slug, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&id)
        .bind(&sha256)
        .bind(upload.pdf.len() as i64)
        .bind(upload.filename)
        .bind(upload.key_id)
        .bind(upload.district_id)
        .bind(upload.judge_slug)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO classifications (upload_id, sha256, engine_version, response, created_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&id)
        .bind(&sha256)
        .bind(engine_version)
        .bind(response)
        .bind(&now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Stored::Stored { id, sha256 })
    }

    /// Removes uploads older than `older_than` with their classifications, and the
    /// stored PDFs no remaining upload names, in one transaction.
    pub async fn prune(&self, db: &Db, older_than: Duration) -> anyhow::Result<PruneReport> {
        let cutoff = cutoff(older_than);
        let mut tx = db.begin_write().await?;
        db.lock(&mut tx, Lock::Uploads).await?;
        sqlx::query("DELETE FROM classifications WHERE upload_id IN (SELECT id FROM uploads WHERE created_at <= $1)")
            .bind(&cutoff)
            .execute(&mut *tx)
            .await?;
        let removed = sqlx::query("DELETE FROM uploads WHERE created_at <= $1").bind(&cutoff).execute(&mut *tx).await?;
        const UNNAMED: &str = "FROM upload_files WHERE sha256 NOT IN (SELECT sha256 FROM uploads)";
        let (files, bytes): (i64, i64) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*), CAST(COALESCE(SUM(LENGTH(bytes)), 0) AS BIGINT) {UNNAMED}"
        )))
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(sqlx::AssertSqlSafe(format!("DELETE {UNNAMED}"))).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(PruneReport { uploads: removed.rows_affected(), files: files.max(0) as u64, bytes: bytes.max(0) as u64 })
    }

    /// The most recent uploads, newest first.
    pub async fn list(&self, db: &Db, limit: u32) -> anyhow::Result<Vec<StoredUpload>> {
        type Row = (String, String, i64, Option<String>, String, String, String, String, Option<String>);
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT u.id, u.sha256, u.byte_size, u.filename, u.key_id, u.district_id, u.judge_slug, u.created_at,
                    c.engine_version
             FROM uploads u LEFT JOIN classifications c ON c.upload_id = u.id
             ORDER BY u.created_at DESC, u.id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(db.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(id, sha256, byte_size, filename, key_id, district_id, judge_slug, created_at, engine_version)| {
                StoredUpload {
                    id,
                    sha256,
                    byte_size,
                    filename,
                    key_id,
                    district_id,
                    judge_slug,
                    created_at,
                    engine_version,
                }
            })
            .collect())
    }

    /// The PDF an upload sent, or `None` if there is no such upload.
    pub async fn pdf(&self, db: &Db, upload_id: &str) -> anyhow::Result<Option<Vec<u8>>> {
        let row: Option<(Vec<u8>,)> =
            sqlx::query_as("SELECT f.bytes FROM uploads u JOIN upload_files f ON f.sha256 = u.sha256 WHERE u.id = $1")
                .bind(upload_id)
                .fetch_optional(db.pool())
                .await?;
        Ok(row.map(|(bytes,)| bytes))
    }

    /// Moves the files an earlier version kept under the uploads folder into the
    /// database: each file an upload names whose bytes are not stored yet (checked
    /// against its name), then removes the folder's PDFs. Returns how many were moved.
    pub async fn import_files(&self, db: &Db) -> anyhow::Result<u64> {
        if !self.files_dir.is_dir() {
            return Ok(0);
        }
        let missing: Vec<(String,)> = sqlx::query_as(
            "SELECT DISTINCT sha256 FROM uploads WHERE sha256 NOT IN (SELECT sha256 FROM upload_files) ORDER BY sha256",
        )
        .fetch_all(db.pool())
        .await?;
        let mut moved = 0;
        for (sha256,) in missing {
            let path = self.files_dir.join(sha256.get(..2).unwrap_or("")).join(format!("{sha256}.pdf"));
            let Ok(bytes) = fs::read(&path) else { continue };
            if crate::hex::encode(&Sha256::digest(&bytes)) != sha256 {
                tracing::warn!(path = %path.display(), "an old upload file does not match its name; left in place");
                continue;
            }
            sqlx::query("INSERT INTO upload_files (sha256, bytes) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING")
                .bind(&sha256)
                .bind(&bytes)
                .execute(db.pool())
                .await?;
            moved += 1;
        }
        remove_stored_files(&self.files_dir, db).await?;
        Ok(moved)
    }
}

/// The first number of the per-key quota locks ("quot").
const QUOTA_LOCK_CLASS: i32 = 0x71756f74;

/// The second: the key's id, hashed to 32 bits (two keys sharing a number only wait
/// for each other).
fn quota_lock_id(key_id: &str) -> i32 {
    let digest = Sha256::digest(key_id.as_bytes());
    i32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// Removes the PDFs under the old uploads folder whose bytes the database now holds.
async fn remove_stored_files(dir: &Path, db: &Db) -> anyhow::Result<()> {
    let stored: Vec<(String,)> = sqlx::query_as("SELECT sha256 FROM upload_files").fetch_all(db.pool()).await?;
    for (sha256,) in stored {
        let path = dir.join(sha256.get(..2).unwrap_or("")).join(format!("{sha256}.pdf"));
        if path.exists() {
            fs::remove_file(&path).with_context(|| format!("could not remove {}", path.display()))?;
        }
    }
    Ok(())
}

/// The time `age` ago, no earlier than 1970 (uploads are all later, and a retention
/// of a century or more means "keep everything"), as stored timestamps are written.
fn cutoff(age: Duration) -> String {
    let time = SystemTime::now().checked_sub(age).filter(|time| *time >= SystemTime::UNIX_EPOCH);
    timestamp(time.unwrap_or(SystemTime::UNIX_EPOCH))
}

fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn database() -> (tempfile::TempDir, Db) {
        let folder = tempfile::tempdir().unwrap();
        let db = Db::open(&format!("sqlite://{}", folder.path().join("u.db").display())).await.unwrap();
        (folder, db)
    }

    fn upload(pdf: &[u8]) -> NewUpload<'_> {
        NewUpload { pdf, filename: Some("a.pdf"), key_id: "k", district_id: "edny", judge_slug: "j" }
    }

    /// The id and SHA-256 of an upload that was stored.
    fn stored(result: Stored) -> (String, String) {
        match result {
            Stored::Stored { id, sha256 } => (id, sha256),
            Stored::OverQuota { used_bytes } => panic!("refused at {used_bytes} bytes"),
        }
    }

    #[tokio::test]
    async fn an_upload_past_the_quota_is_refused_in_the_transaction_that_would_store_it() {
        let (folder, db) = database().await;
        let uploads = Uploads::new(folder.path().join("files"), Duration::from_secs(60), Some(20));
        stored(uploads.store(&db, upload(b"%PDF-1.7 12"), "v", b"{}").await.unwrap());
        let refused = uploads.store(&db, upload(b"%PDF-1.7 over"), "v", b"{}").await.unwrap();
        assert_eq!(refused, Stored::OverQuota { used_bytes: 11 });
        assert_eq!(uploads.used_by(&db, "k").await.unwrap(), 11, "nothing of the refused upload is stored");
        let (rows,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM classifications").fetch_one(db.pool()).await.unwrap();
        assert_eq!(rows, 1);
        // Exactly up to the quota fits; another key has a quota of its own.
        stored(uploads.store(&db, upload(b"%PDF-1.7x"), "v", b"{}").await.unwrap());
        let other = NewUpload { key_id: "other", ..upload(b"%PDF-1.7 other key") };
        stored(uploads.store(&db, other, "v", b"{}").await.unwrap());
    }

    #[tokio::test]
    async fn one_copy_of_the_bytes_per_content_and_pruning_removes_what_no_upload_names() {
        let (folder, db) = database().await;
        let uploads = Uploads::new(folder.path().join("files"), Duration::from_secs(60), None);
        let (first, _) = stored(uploads.store(&db, upload(b"%PDF-1.7 a"), "v", b"{}").await.unwrap());
        let (second, _) = stored(uploads.store(&db, upload(b"%PDF-1.7 a"), "v", b"{}").await.unwrap());
        uploads.store(&db, upload(b"%PDF-1.7 bb"), "v", b"{}").await.unwrap();
        assert_eq!(uploads.pdf(&db, &first).await.unwrap().as_deref(), Some(&b"%PDF-1.7 a"[..]));
        assert_eq!(uploads.pdf(&db, &second).await.unwrap().as_deref(), Some(&b"%PDF-1.7 a"[..]));
        let (files,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM upload_files").fetch_one(db.pool()).await.unwrap();
        assert_eq!(files, 2);
        let report = uploads.prune(&db, Duration::ZERO).await.unwrap();
        assert_eq!((report.uploads, report.files, report.bytes), (3, 2, 21));
        assert_eq!(uploads.pdf(&db, &first).await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_retention_reaching_before_1970_keeps_everything() {
        // A century, and the most days the command line takes: the cutoff is 1970, not
        // a date the timestamp formatting cannot write (it panicked).
        let (folder, db) = database().await;
        for days in [36_500, u64::MAX / 86_400 + 1] {
            let retention = Duration::from_secs(days.saturating_mul(86_400));
            let uploads = Uploads::new(folder.path().join("files"), retention, Some(1 << 20));
            uploads.store(&db, upload(b"%PDF-1.7 kept"), "v", b"{}").await.unwrap();
            assert!(uploads.used_by(&db, "k").await.unwrap() > 0);
            let report = uploads.prune(&db, retention).await.unwrap();
            assert_eq!(report.uploads, 0, "{days} days");
        }
    }

    #[tokio::test]
    async fn files_an_earlier_version_kept_move_into_the_database() {
        let (folder, db) = database().await;
        let dir = folder.path().join("files");
        let uploads = Uploads::new(dir.clone(), Duration::from_secs(60), None);
        let (id, sha256) = stored(uploads.store(&db, upload(b"%PDF old"), "v", b"{}").await.unwrap());
        // As an earlier version left it: the file on disk, no bytes in the database.
        sqlx::query("DELETE FROM upload_files").execute(db.pool()).await.unwrap();
        let path = dir.join(&sha256[..2]).join(format!("{sha256}.pdf"));
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, b"%PDF old").unwrap();
        assert_eq!(uploads.import_files(&db).await.unwrap(), 1);
        assert_eq!(uploads.pdf(&db, &id).await.unwrap().as_deref(), Some(&b"%PDF old"[..]));
        assert!(!path.exists());
        assert_eq!(uploads.import_files(&db).await.unwrap(), 0);
    }
}
