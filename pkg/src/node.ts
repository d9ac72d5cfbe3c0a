// The `courtrules` package for Node: the engine's `--target nodejs` build, loaded
// synchronously on import, and the REST client. Same API as `index.ts` (whose
// declarations describe both); `init()` is there so code runs unchanged in browsers.

import { createRequire } from "node:module";
import type * as Wasm from "../wasm/node/courtrules_engine.js";

export * from "./client.js";

const wasm = createRequire(import.meta.url)("../wasm/node/courtrules_engine.js") as typeof Wasm;

/** The engine is loaded on import in Node; this resolves at once. */
export async function init(_input?: unknown): Promise<void> {}
/** The engine is loaded on import in Node; this does nothing. */
export function initSync(_module?: unknown): void {}

export const {
  check,
  checkJson,
  validate,
  resolveRules,
  classify,
  extractStandingOrder,
  deadlines,
  deadlinesJson,
  engineVersion,
} = wasm;
