// The `courtrules` package for Node: the engine's check module (`--target nodejs`),
// loaded synchronously on import, and the REST client. Same API as `index.ts` (whose
// declarations describe both); `init()` is there so code runs unchanged in browsers.
// The document module (`classify-node.ts`) is loaded by the first `classify` or
// `extractStandingOrder`.

import { createRequire } from "node:module";
import type * as Check from "../wasm/check/node/courtrules_check.js";
import type { ClassifyHints, ClassifyOutcome, Extraction, IngestOptions } from "./engine-types.js";
import type { DocumentBytes } from "./arguments.js";
import { checkFunctions } from "./check-functions.js";

export * from "./client.js";

const wasm = createRequire(import.meta.url)("../wasm/check/node/courtrules_check.js") as typeof Check;

/** The check module is loaded on import in Node; this resolves at once. */
export async function init(_input?: unknown): Promise<void> {}
/** The check module is loaded on import in Node; this does nothing. */
export function initSync(_module?: unknown): void {}

// The browser entry's wrappers (argument checks, optional filter) over the Node module.
export const { check, checkJson, validate, resolveRules, deadlines, deadlinesJson, engineVersion } = checkFunctions(() => wasm);

/** Analyses a PDF, as in browsers (see index.ts); loads the document module the first time. */
export async function classify(pdfBytes: DocumentBytes, hints?: ClassifyHints | null): Promise<ClassifyOutcome> {
  return (await import("./classify-node.js")).classify(pdfBytes, hints);
}
/** Reads a judge's practices, as in browsers (see index.ts); loads the document module the first time. */
export async function extractStandingOrder(document: DocumentBytes | string, options: IngestOptions): Promise<Extraction> {
  return (await import("./classify-node.js")).extractStandingOrder(document, options);
}
