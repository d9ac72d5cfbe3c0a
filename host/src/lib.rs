//! courtrules: the edge server and CLI around the compliance engine. The engine runs
//! as WebAssembly inside wasmtime (`sandbox`); everything else here is storage,
//! HTTP, authentication and the command line.

pub mod classify;
pub mod cli;
pub mod hex;
pub mod http;
pub mod keys;
pub mod ocr;
pub mod rate_limit;
pub mod sandbox;
pub mod store;
pub mod uploads;
