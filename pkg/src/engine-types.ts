// The engine's types (CheckRequest, CheckResponse, Profile, EngineError, …), generated from
// the Rust model by tsify, as every entry takes them. They come from the Node build's
// declarations, which are the browser build's without its loader (`InitInput`, `InitOutput`,
// `SyncInitInput`): those name the DOM library's types (`RequestInfo`, `BufferSource`,
// `WebAssembly`), and a project compiled without that library (a Node one: `"lib":
// ["ES2022"]` and `@types/node`) could not type-check them. The package declares its own
// `InitInput` and `SyncInitInput` (`loader.ts`).

export type * from "../wasm/check/node/courtrules_check.js";
