//! The drafting pre-check app: the courtrules engine compiled into the page. A lawyer
//! describes a filing (or drops a PDF, analysed in the page) and sees the engine's
//! results as they type, with no request to the server; "Check on server" then runs
//! the authoritative check and shows that both agree. Built by Trunk (`Trunk.toml`).
//!
//! Natively the crate is only its form model, so `cargo test -p courtrules-web` tests it.

#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

mod form;
mod pdf;

#[cfg(target_arch = "wasm32")]
mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod deadlines;

fn main() {
    #[cfg(target_arch = "wasm32")]
    app::start();
}
