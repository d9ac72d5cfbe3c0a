//! Standard output for the commands, without `println!`'s panic.
//!
//! `println!` panics when a write fails, and the commands' output is often piped or
//! redirected: `courtrules keys list | head -1`, `courtrules check filing.json | jq`,
//! a report sent to a full disk. So:
//! - a reader that goes away ends a one-shot command the way it ends `cat` or `grep`:
//!   quietly, by SIGPIPE (status 141 in the shell), whichever of standard output and
//!   standard error it was reading (`end_quietly_when_the_reader_goes`). The HTTP server and
//!   the MCP server are not ended that way: a log reader going away must not stop them;
//! - any other failed write (a full disk, an I/O error) is an error that says it was
//!   standard output that failed (`line`, `text`, `bytes`), and the command exits with its
//!   error status;
//! - messages go to standard error (`message`), and a failure to write one is ignored:
//!   there is nowhere left to say it, and the command's exit status still tells
//!   (`eprintln!` panicked, exit 101).

use anyhow::Context;
use std::fmt::Display;
use std::io::Write;

/// Writes `text` and a newline to standard output.
pub fn line(text: impl Display) -> anyhow::Result<()> {
    write(|out| writeln!(out, "{text}"))
}

/// Writes `text` to standard output as it is.
pub fn text(text: impl Display) -> anyhow::Result<()> {
    write(|out| write!(out, "{text}"))
}

/// Writes `bytes` (a PDF, for example) to standard output.
pub fn bytes(bytes: &[u8]) -> anyhow::Result<()> {
    write(|out| out.write_all(bytes))
}

/// The context of a failed write to standard output: a command that fails so has nothing
/// more to print there (`cli::filing::answered` tells it from other failures by it).
pub const STDOUT_FAILED: &str = "could not write to standard output";

fn write(body: impl FnOnce(&mut std::io::StdoutLock<'static>) -> std::io::Result<()>) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    body(&mut out).and_then(|()| out.flush()).context(STDOUT_FAILED)
}

/// Writes `text` and a newline to standard error — a message, an error, progress —
/// ignoring a failed write.
pub fn message(text: impl Display) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}").and_then(|()| err.flush());
}

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: a write to a
/// pipe nobody reads any more then ends the process instead of failing (and, in
/// `println!` or `eprintln!`, panicking). For one-shot commands only (see above).
pub fn end_quietly_when_the_reader_goes() {
    #[cfg(unix)]
    // SAFETY: called at the start of `main`, before any other thread exists, and
    // `SIG_DFL` installs no handler of ours: nothing runs in signal context.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A progress line of a longer step (seeding): as `line`, but a failed write is left to
/// the step's last line, written with `line`, to report.
pub fn progress(text: impl Display) {
    let _ = line(text);
}
