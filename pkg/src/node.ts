// The `courtrules` package for Node: the engine's check module (`--target nodejs`),
// loaded synchronously on import, and the REST client. Same API as `index.ts` (whose
// declarations describe both); `init()` is there so code runs unchanged in browsers.
// The document module (`classify-node.ts`) is loaded by the first `classify` or
// `extractStandingOrder`.

import { createRequire } from "node:module";
import type * as Check from "../wasm/check/node/courtrules_check.js";
import type * as Document from "../wasm/document/node/courtrules_document.js";

export * from "./client.js";

const wasm = createRequire(import.meta.url)("../wasm/check/node/courtrules_check.js") as typeof Check;

/** The check module is loaded on import in Node; this resolves at once. */
export async function init(_input?: unknown): Promise<void> {}
/** The check module is loaded on import in Node; this does nothing. */
export function initSync(_module?: unknown): void {}

export const { check, checkJson, validate, resolveRules, deadlines, deadlinesJson, engineVersion } = wasm;

/** Analyses a PDF, as in browsers (see index.ts); loads the document module the first time. */
export async function classify(...args: Parameters<typeof Document.classify>): Promise<ReturnType<typeof Document.classify>> {
  return (await import("./classify-node.js")).classify(...args);
}
/** Reads a judge's practices, as in browsers (see index.ts); loads the document module the first time. */
export async function extractStandingOrder(
  ...args: Parameters<typeof Document.extractStandingOrder>
): Promise<ReturnType<typeof Document.extractStandingOrder>> {
  return (await import("./classify-node.js")).extractStandingOrder(...args);
}
