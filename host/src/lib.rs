//! courtrules: the edge server and CLI around the compliance engine. The engine runs
//! as WebAssembly inside wasmtime (`sandbox`); the use cases are `service`, over the
//! data layer (`store`); the HTTP API (`http`) and the command line (`cli`) are thin
//! adapters over the service, and `server` starts the HTTP API. `docs/architecture.md`
//! draws the picture.

pub mod classifier;
pub mod cli;
pub mod hex;
pub mod http;
pub mod ics;
pub mod keys;
pub mod mcp;
pub mod metrics;
pub mod ocr;
pub mod out;
pub mod rate_limit;
pub mod sandbox;
pub mod server;
pub mod service;
pub mod store;
pub mod uploads;
