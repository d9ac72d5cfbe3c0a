//! Reading the data pack (`data/`): its JSON files, in a fixed order, with errors that
//! name the file. What each file holds is read by its resource's module.

use anyhow::Context;
use std::path::{Path, PathBuf};

/// Reads one JSON file of the data pack.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let bytes = std::fs::read(path).with_context(|| format!("could not read {}", path.display()))?;
    serde_json::from_slice(&bytes).with_context(|| format!("{} is not in the expected format", path.display()))
}

/// The `*.json` files of a folder in name order (none when it does not exist).
pub fn json_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    files_ending(dir, &["json"])
}

/// The files of a folder with one of `extensions`, in name order (none when it does not
/// exist).
pub fn files_ending(dir: &Path, extensions: &[&str]) -> anyhow::Result<Vec<PathBuf>> {
    let mut paths = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|path| path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)))
            .collect(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(error).with_context(|| format!("could not list {}", dir.display())),
    };
    paths.sort();
    Ok(paths)
}
