//! PDFs sent to classification, kept for quality improvement (the spec): each file
//! content-addressed on disk (`<uploads dir>/<first two hex digits>/<sha256>.pdf`), its
//! metadata (`uploads`) and the answer it got (`classifications`) in the database.
//!
//! Durability, in this order: the file is written to a temporary name, flushed to disk
//! (`fsync`), renamed into place and its folder flushed; only then are both rows
//! written, in one transaction. A crash before the commit leaves at most a file no row
//! names, which `prune` removes; a row never names a missing file.
//!
//! Writers and `prune` exclude each other through a lock file in the uploads folder
//! (shared for storing, exclusive for pruning), so a file is never removed between the
//! moment a request finds it stored and the moment its row is committed — across
//! processes too (`courtrules uploads prune` next to a running server).

use crate::store::db::Db;
use anyhow::Context;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

pub struct Uploads {
    dir: PathBuf,
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
    /// Where the file is.
    pub path: PathBuf,
}

/// What `prune` removed.
#[derive(Debug, Default)]
pub struct PruneReport {
    pub uploads: u64,
    pub files: u64,
    pub bytes: u64,
}

const LOCK_FILE: &str = ".lock";

impl Uploads {
    pub fn new(dir: PathBuf, retention: Duration, quota_bytes: Option<u64>) -> Uploads {
        Uploads { dir, retention, quota_bytes }
    }

    pub fn quota_bytes(&self) -> Option<u64> {
        self.quota_bytes
    }

    /// The bytes of the uploads `key_id` sent within the retention period (what its
    /// quota counts: each upload, even of a file already stored).
    pub async fn used_by(&self, db: &Db, key_id: &str) -> anyhow::Result<u64> {
        let cutoff = timestamp(SystemTime::now().checked_sub(self.retention).unwrap_or(SystemTime::UNIX_EPOCH));
        let (used,): (i64,) =
            sqlx::query_as("SELECT COALESCE(SUM(byte_size), 0) FROM uploads WHERE key_id = $1 AND created_at > $2")
                .bind(key_id)
                .bind(&cutoff)
                .fetch_one(db.pool())
                .await?;
        Ok(u64::try_from(used).unwrap_or(0))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn retention(&self) -> Duration {
        self.retention
    }

    /// Where the file with this SHA-256 (hex) lives.
    pub fn path_of(&self, sha256: &str) -> PathBuf {
        self.dir.join(&sha256[..2]).join(format!("{sha256}.pdf"))
    }

    /// Stores a classified upload: the file durably first, then its two rows in one
    /// transaction. Returns the upload's id and SHA-256.
    pub async fn store(
        &self,
        db: &Db,
        upload: NewUpload<'_>,
        engine_version: &str,
        response: &[u8],
    ) -> anyhow::Result<(String, String)> {
        let sha256 = crate::hex::encode(&Sha256::digest(upload.pdf));
        let path = self.path_of(&sha256);
        let (dir, bytes) = (self.dir.clone(), upload.pdf.to_vec());
        let lock = tokio::task::spawn_blocking(move || -> anyhow::Result<File> {
            let lock = open_lock(&dir)?;
            lock.lock_shared().context("could not lock the uploads folder")?;
            write_durably(&path, &bytes).with_context(|| format!("could not store {}", path.display()))?;
            Ok(lock)
        })
        .await??;

        let id = crate::hex::random(16)?;
        let now = timestamp(SystemTime::now());
        let response = std::str::from_utf8(response).context("the classification is not UTF-8")?;
        let mut tx = db.pool().begin().await?;
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
        drop(lock);
        Ok((id, sha256))
    }

    /// Removes uploads older than `older_than` (rows first, in one transaction), then
    /// every file no row names and any temporary file a crash left behind.
    pub async fn prune(&self, db: &Db, older_than: Duration) -> anyhow::Result<PruneReport> {
        let dir = self.dir.clone();
        let lock = tokio::task::spawn_blocking(move || -> anyhow::Result<File> {
            let lock = open_lock(&dir)?;
            lock.lock().context("could not lock the uploads folder")?;
            Ok(lock)
        })
        .await??;
        let cutoff = timestamp(SystemTime::now().checked_sub(older_than).unwrap_or(SystemTime::UNIX_EPOCH));
        let mut tx = db.pool().begin().await?;
        sqlx::query("DELETE FROM classifications WHERE upload_id IN (SELECT id FROM uploads WHERE created_at <= $1)")
            .bind(&cutoff)
            .execute(&mut *tx)
            .await?;
        let removed = sqlx::query("DELETE FROM uploads WHERE created_at <= $1").bind(&cutoff).execute(&mut *tx).await?;
        let kept: Vec<(String,)> = sqlx::query_as("SELECT DISTINCT sha256 FROM uploads").fetch_all(&mut *tx).await?;
        tx.commit().await?;
        let kept: HashSet<String> = kept.into_iter().map(|(sha256,)| sha256).collect();
        let dir = self.dir.clone();
        let mut report = tokio::task::spawn_blocking(move || sweep(&dir, &kept)).await??;
        report.uploads = removed.rows_affected();
        drop(lock);
        Ok(report)
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
                let path = self.path_of(&sha256);
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
                    path,
                }
            })
            .collect())
    }
}

fn open_lock(dir: &Path) -> anyhow::Result<File> {
    fs::create_dir_all(dir).with_context(|| format!("could not create the uploads folder {}", dir.display()))?;
    let path = dir.join(LOCK_FILE);
    File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| format!("could not open {}", path.display()))
}

/// Writes `bytes` to `path` so that the file is either absent or whole, even across a
/// crash: a temporary file, flushed, renamed into place, and the folder flushed. A
/// file already there has these very bytes (its name is their SHA-256).
fn write_durably(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if fs::metadata(path).is_ok_and(|stored| stored.len() == bytes.len() as u64) {
        return Ok(());
    }
    let folder = path.parent().expect("a file in a folder");
    fs::create_dir_all(folder)?;
    let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("upload");
    let suffix = crate::hex::random(8).map_err(std::io::Error::other)?;
    let temporary = folder.join(format!(".{name}.{suffix}.tmp"));
    let written = (|| {
        let mut file = File::create_new(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written?;
    // The rename, and the shard folder's own entry, made durable.
    File::open(folder)?.sync_all()?;
    if let Some(root) = folder.parent() {
        File::open(root)?.sync_all()?;
    }
    Ok(())
}

/// Removes files no row names, and temporary files (with the exclusive lock held, no
/// write is under way).
fn sweep(dir: &Path, kept: &HashSet<String>) -> anyhow::Result<PruneReport> {
    let mut report = PruneReport::default();
    let Ok(shards) = fs::read_dir(dir) else { return Ok(report) };
    for shard in shards {
        let shard = shard?;
        if !shard.file_type()?.is_dir() {
            continue;
        }
        for entry in fs::read_dir(shard.path())? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let stale = match name.strip_suffix(".pdf") {
                Some(sha256) => !kept.contains(sha256),
                None => name.ends_with(".tmp"),
            };
            if stale {
                let size = entry.metadata().map(|metadata| metadata.len()).unwrap_or(0);
                fs::remove_file(entry.path())
                    .with_context(|| format!("could not remove {}", entry.path().display()))?;
                report.files += 1;
                report.bytes += size;
            }
        }
    }
    Ok(report)
}

fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_durable_write_leaves_the_file_whole_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let uploads = Uploads::new(dir.path().to_owned(), Duration::from_secs(60), None);
        let sha256 = crate::hex::encode(&Sha256::digest(b"%PDF-1.7"));
        let path = uploads.path_of(&sha256);
        write_durably(&path, b"%PDF-1.7").unwrap();
        write_durably(&path, b"%PDF-1.7").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"%PDF-1.7");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from(format!("{sha256}.pdf"))]);
    }

    #[test]
    fn the_sweep_removes_unnamed_and_temporary_files_only() {
        let dir = tempfile::tempdir().unwrap();
        let shard = dir.path().join("ab");
        fs::create_dir_all(&shard).unwrap();
        for name in ["abkept.pdf", "abgone.pdf", ".abhalf.pdf.0011.tmp"] {
            fs::write(shard.join(name), b"x").unwrap();
        }
        fs::write(dir.path().join(LOCK_FILE), b"").unwrap();
        let report = sweep(dir.path(), &HashSet::from(["abkept".to_owned()])).unwrap();
        assert_eq!((report.files, report.bytes), (2, 2));
        assert!(shard.join("abkept.pdf").exists() && dir.path().join(LOCK_FILE).exists());
    }
}
