//! The courtrules engine: which rules apply to a filing before a judge, and whether the
//! filing complies, decided deterministically and citing the rule behind every answer.
//!
//! Pure: no I/O, no clock, no randomness, no global state. The same source compiles to
//! a native library, to a `wasm32-unknown-unknown` core module for the wasmtime host
//! (see `abi`), and, with the `js` feature, to wasm-bindgen exports for browsers and npm.

pub mod calendar;
pub mod check;
pub mod checks;
#[cfg(feature = "document")]
pub mod classify;
pub mod coverage;
pub mod deadlines;
pub mod error;
pub mod ffi;
#[cfg(feature = "document")]
pub mod ingest;
pub mod model;
pub mod profile_check;
pub mod resolve;
mod sort;
pub mod validate;

#[cfg(all(target_arch = "wasm32", feature = "abi"))]
mod abi;
#[cfg(feature = "js")]
mod js;

pub use check::{check, summarize};
#[cfg(feature = "document")]
pub use classify::{classify, scan_image};
pub use deadlines::deadlines;
pub use error::EngineError;
#[cfg(feature = "document")]
pub use ingest::{extract_pdf, extract_text};
pub use profile_check::validate_profile;
pub use resolve::{applicable_rules, resolve_layers, resolve_rules};
pub use validate::{parse_request, validate};

/// The engine's version, reported by the host's service index.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// getrandom's "custom" backend for the wasm builds (`.cargo/config.toml`): zeros. The
/// only randomness lopdf asks for while reading is the padding of a recomputed
/// password hash, which it then ignores; the engine stays deterministic and its module
/// imports nothing.
///
/// # Safety
/// getrandom calls it with a writable range of `len` bytes.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
unsafe extern "Rust" fn __getrandom_v03_custom(dest: *mut u8, len: usize) -> Result<(), getrandom::Error> {
    unsafe { std::ptr::write_bytes(dest, 0, len) };
    Ok(())
}
