//! The golden corpus's files (`tests/corpus/*.json`), in name order. Shared by the
//! engine's native corpus test and the server's wasm corpus test, so both run the same
//! cases.

use std::path::{Path, PathBuf};

/// The repository root, for a test crate one folder below it (`engine/`, `host/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every case file, sorted by name.
pub fn case_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repo_root().join("tests/corpus"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    paths
}
