//! Text recognition of scanned pages: Tesseract (Debian's `tesseract-ocr` with
//! `tesseract-ocr-eng`) as a child process, the page image on its standard input and
//! the text on its standard output. The image comes from the engine's `scan_image`
//! (PGM, PPM, PBM, JPEG or JPEG 2000, which Tesseract's image library reads from
//! memory); the text goes back to the engine's `classify` as `ocr_pages`.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Instant;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;
use tokio::sync::{Semaphore, SemaphorePermit};

/// The engine accepts at most this much recognised text per page
/// (`MAX_OCR_TEXT_BYTES` in `engine/src/classify/limits.rs`).
const MAX_TEXT_BYTES: usize = 1 << 20;

pub struct Ocr {
    program: PathBuf,
    language: String,
    /// Pages being read at once, across all requests: a page holds its worker from the
    /// extraction of its image to the end of its Tesseract process, so at most this many
    /// page images (up to the engine's `MAX_OCR_PIXELS`, 16 megapixels, each; a JPEG up
    /// to `MAX_STORED_OCR_PIXELS`) and Tesseract processes are in memory.
    workers: Semaphore,
}

#[derive(Debug, thiserror::Error)]
pub enum OcrError {
    /// Tesseract could not be started (not installed?): the server's fault, not the
    /// document's.
    #[error("text recognition is not available on this server: {0}")]
    Unavailable(String),
    #[error("text recognition did not finish in time")]
    TimedOut,
    /// Tesseract ran and could not read the image.
    #[error("{0}")]
    Failed(String),
}

impl Ocr {
    pub fn new(program: PathBuf, workers: usize) -> Ocr {
        Ocr { program, language: "eng".into(), workers: Semaphore::new(workers.max(1)) }
    }

    /// `tesseract --version`'s first line, or why it cannot run.
    pub async fn version(&self) -> Result<String, OcrError> {
        let output =
            Command::new(&self.program).arg("--version").stdin(Stdio::null()).output().await.map_err(|error| {
                OcrError::Unavailable(format!("could not run `{}`: {error}", self.program.display()))
            })?;
        let text = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
        Ok(text.lines().next().unwrap_or("").trim().to_owned())
    }

    /// A worker, to hold while the page's image is extracted and recognised. The wait
    /// counts against `until`.
    pub async fn worker(&self, until: Instant) -> Result<SemaphorePermit<'_>, OcrError> {
        tokio::time::timeout_at(until.into(), self.workers.acquire())
            .await
            .map_err(|_| OcrError::TimedOut)?
            .map_err(|_| OcrError::Unavailable("shutting down".into()))
    }

    /// The text of one page image: its lines, top to bottom, separated by `\n`, read
    /// on the `worker` the caller holds. Past `until` the process is killed.
    pub async fn recognize(
        &self,
        _worker: &SemaphorePermit<'_>,
        image: Vec<u8>,
        until: Instant,
    ) -> Result<String, OcrError> {
        tokio::time::timeout_at(until.into(), self.run(image)).await.map_err(|_| OcrError::TimedOut)?
    }

    async fn run(&self, image: Vec<u8>) -> Result<String, OcrError> {
        let mut child = Command::new(&self.program)
            .args(["stdin", "stdout", "-l", &self.language])
            // One thread per page: Tesseract's OpenMP threads spin, and on a small
            // machine two single-threaded pages beat one page on two threads (2 s
            // against 7 s for a 300 dpi letter page on two cores).
            .env("OMP_THREAD_LIMIT", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Dropped when the time runs out: the process goes with it.
            .kill_on_drop(true)
            .spawn()
            .map_err(|error| OcrError::Unavailable(format!("could not run `{}`: {error}", self.program.display())))?;
        let mut stdin = child.stdin.take().expect("a piped stdin");
        let feed = async move {
            // Tesseract may stop reading early (an image it cannot decode); its exit
            // status says so.
            let _ = stdin.write_all(&image).await;
        };
        let ((), output) = tokio::join!(feed, child.wait_with_output());
        let output = output.map_err(|error| OcrError::Failed(format!("tesseract: {error}")))?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let reason = stderr.lines().find(|line| !line.trim().is_empty()).unwrap_or("no message");
            return Err(OcrError::Failed(format!("tesseract failed ({}): {}", output.status, reason.trim())));
        }
        Ok(page_text(&output.stdout))
    }
}

/// Tesseract's output as the engine's `ocr_pages` text: the form feed that ends a page
/// removed, at most `MAX_TEXT_BYTES` (cut at a line break).
fn page_text(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout).replace('\u{c}', "");
    if text.len() <= MAX_TEXT_BYTES {
        return text;
    }
    let cut = text[..text.floor_char_boundary(MAX_TEXT_BYTES)].rfind('\n').unwrap_or(0);
    text[..cut].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_text_drops_the_form_feed_and_stays_under_the_engine_limit() {
        assert_eq!(page_text(b"ARGUMENT\n\nThe motion\n\x0c"), "ARGUMENT\n\nThe motion\n");
        let long = "word ".repeat(100).trim_end().to_owned() + "\n";
        let text = page_text(long.repeat(3_000).as_bytes());
        assert!(text.len() <= MAX_TEXT_BYTES && text.ends_with("word"), "{}", text.len());
    }
}
