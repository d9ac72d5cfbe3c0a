//! What a one-shot command reads: a file, or standard input for `-`.

use anyhow::Context;
use std::io::Read;
use std::path::Path;

/// The bytes of `file`, or of standard input when it is `-`.
pub(super) fn read(file: &Path) -> anyhow::Result<Vec<u8>> {
    if file == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).context("could not read standard input")?;
        return Ok(bytes);
    }
    std::fs::read(file).with_context(|| format!("could not read {}", file.display()))
}

/// A JSON request file: as `read`, without the byte order mark some Windows editors
/// (Notepad) put at the start of a UTF-8 file, which no JSON parser takes.
pub(super) fn read_json(file: &Path) -> anyhow::Result<Vec<u8>> {
    let mut bytes = read(file)?;
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    Ok(bytes)
}

/// How `file` is named in messages.
pub(super) fn name(file: &Path) -> String {
    if file == Path::new("-") { "standard input".to_owned() } else { file.display().to_string() }
}
