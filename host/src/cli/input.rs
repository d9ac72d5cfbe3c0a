//! What a one-shot command reads: a file, or standard input for `-` — at most as many
//! bytes as the server would take in a request (an endless input, `/dev/zero` or
//! `yes |`, is refused when it passes the limit instead of filling the memory).

use crate::http::extract::UTF8_BOM;
use crate::service::Error;
use crate::service::error::ErrorBody;
use courtrules_engine::model::FieldError;
use std::io::Read;
use std::path::Path;

/// Why an input could not be read, as the error body the commands print.
#[derive(Debug)]
pub(super) enum InputError {
    /// Missing, a folder, not readable, or empty.
    Unreadable(String),
    /// Larger than the limit.
    TooLarge { message: String, suggestion: String },
}

impl InputError {
    /// The JSON error body: the validation body naming the problem, or the API's
    /// `payload-too-large` body.
    pub(super) fn body(&self) -> Vec<u8> {
        match self {
            InputError::Unreadable(message) => Error::invalid(vec![FieldError::new("", message.clone())]).body(),
            InputError::TooLarge { message, suggestion } => {
                ErrorBody::new(message.clone(), suggestion.clone(), "payload-too-large").to_json()
            }
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Unreadable(message) | InputError::TooLarge { message, .. } => f.write_str(message),
        }
    }
}

/// What is read, for the messages: "a check request", "a PDF".
#[derive(Clone, Copy)]
pub(super) struct Limit {
    pub(super) bytes: usize,
    pub(super) what: &'static str,
    pub(super) suggestion: &'static str,
    /// What an empty input lacks: "there is no request to read".
    pub(super) nothing: &'static str,
}

/// A check or deadline request, as large as the server takes one.
pub(super) const JSON_REQUEST: Limit = Limit {
    bytes: super::args::BODY_LIMIT_BYTES,
    what: "a request",
    suggestion: "Give a smaller request: check and deadline requests describe a filing, they do not carry it.",
    nothing: "there is no request to read",
};

/// A PDF to classify, as large as the server's `/classify` takes one.
pub(super) const PDF: Limit = Limit {
    bytes: super::args::CLASSIFY_MAX_PDF_BYTES,
    what: "a PDF to classify",
    suggestion: "Give a smaller PDF (the server's /classify takes none larger either).",
    nothing: "there is no PDF to classify",
};

/// A judge's practices as a PDF, as large as the server takes a PDF.
pub(super) const DOCUMENT: Limit = Limit {
    bytes: super::args::CLASSIFY_MAX_PDF_BYTES,
    what: "a judge's practices document",
    suggestion: "Give the judge's practices document itself: it is tens of pages, not megabytes.",
    nothing: "there is no document to read",
};

/// A judge's practices as text, as large as the server takes `text`.
pub(super) const TEXT_DOCUMENT: Limit = Limit {
    bytes: crate::service::layers::MAX_TEXT_BYTES,
    what: "a judge's practices document as text",
    suggestion: "Give the judge's practices document itself: it is tens of pages, not megabytes.",
    nothing: "there is no document to read",
};

/// The bytes of `file`, or of standard input when it is `-`, refused past `limit`, and
/// when there are none (an empty file is said to be empty, not reported as the JSON
/// that ends too soon or the PDF without a header it would otherwise be read as).
pub(super) fn read(file: &Path, limit: Limit) -> Result<Vec<u8>, InputError> {
    read_choosing(file, |_| limit)
}

/// As `read`, with the limit chosen by the input's first bytes (enough to tell a PDF,
/// `%PDF-`, from text).
pub(super) fn read_choosing(file: &Path, choose: impl Fn(&[u8]) -> Limit) -> Result<Vec<u8>, InputError> {
    let name = name(file);
    let unreadable = |error: std::io::Error| InputError::Unreadable(format!("could not read {name}: {error}"));
    let mut reader: Box<dyn Read> = if file == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        // A folder opens, and fails only when read ("Is a directory"), which says it.
        Box::new(std::fs::File::open(file).map_err(unreadable)?)
    };
    let mut bytes = Vec::new();
    (&mut reader).take(5).read_to_end(&mut bytes).map_err(unreadable)?;
    let limit = choose(&bytes);
    // One byte past the limit tells a file of exactly the limit from a larger one.
    let rest = (limit.bytes + 1).saturating_sub(bytes.len()) as u64;
    reader.take(rest).read_to_end(&mut bytes).map_err(unreadable)?;
    within(file, &bytes, limit)?;
    if bytes.is_empty() {
        return Err(empty(file, limit));
    }
    Ok(bytes)
}

/// An input with nothing in it (or only a byte order mark), said to be empty.
fn empty(file: &Path, limit: Limit) -> InputError {
    InputError::Unreadable(format!("{} is empty: {}", name(file), limit.nothing))
}

/// `bytes`, read from `file`, refused past `limit`.
fn within(file: &Path, bytes: &[u8], limit: Limit) -> Result<(), InputError> {
    if bytes.len() <= limit.bytes {
        return Ok(());
    }
    Err(InputError::TooLarge {
        message: format!(
            "{} is larger than {} bytes ({}), the most {} may be",
            name(file),
            limit.bytes,
            mebibytes(limit.bytes),
            limit.what
        ),
        suggestion: limit.suggestion.to_owned(),
    })
}

/// A JSON request file: as `read`, without the byte order mark some Windows editors
/// (Notepad) put at the start of a UTF-8 file, which no JSON parser takes.
pub(super) fn read_json(file: &Path, limit: Limit) -> Result<Vec<u8>, InputError> {
    let mut bytes = read(file, limit)?;
    if bytes.starts_with(UTF8_BOM) {
        bytes.drain(..UTF8_BOM.len());
        if bytes.is_empty() {
            return Err(empty(file, limit));
        }
    }
    Ok(bytes)
}

/// How `file` is named in messages.
pub(super) fn name(file: &Path) -> String {
    if file == Path::new("-") { "standard input".to_owned() } else { file.display().to_string() }
}

/// `1 MiB`, `22 MiB`, `1.5 MiB`.
fn mebibytes(bytes: usize) -> String {
    let mib = bytes as f64 / (1024.0 * 1024.0);
    if mib.fract() == 0.0 { format!("{mib:.0} MiB") } else { format!("{mib:.1} MiB") }
}
