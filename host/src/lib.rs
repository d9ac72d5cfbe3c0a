//! courtrules: the edge server and CLI around the compliance engine. The engine runs
//! as WebAssembly inside wasmtime (`sandbox`); everything else here is storage,
//! HTTP, authentication and the command line.

pub mod catalogue;
pub mod classify;
pub mod cli;
pub mod db;
pub mod documents;
pub mod extracted;
pub mod hex;
pub mod holidays;
pub mod http;
pub mod keys;
pub mod ocr;
pub mod rate_limit;
pub mod rosters;
pub mod sandbox;
pub mod seed;
pub mod uploads;
