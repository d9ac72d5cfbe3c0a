//! The drafting pre-check app: the courtrules engine compiled into the page. A lawyer
//! describes a filing (or drops a PDF, analysed in the page) and sees the engine's
//! results as they type, with no request to the server; "Check on server" then runs
//! the authoritative check and shows that both agree. Built by Trunk (`Trunk.toml`).
//!
//! The page loads the check engine only; the PDF reader and the standing-order
//! extractor are a second module, fetched the first time a document is read
//! (`document.rs`).
//!
//! Natively the crate is only its models (the form, PDF fill, the judge's-practices
//! proposals), so `cargo test -p courtrules-web` tests them; there the engine reads
//! documents itself.

#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

mod choices;
mod deadline_words;
mod document;
mod form;
mod pdf;
mod proposals;

#[cfg(target_arch = "wasm32")]
mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod deadlines;
#[cfg(target_arch = "wasm32")]
mod practices;

fn main() {
    #[cfg(target_arch = "wasm32")]
    app::start();
}
