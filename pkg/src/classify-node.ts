// `courtrules/classify` for Node: the engine's document module (`--target nodejs`),
// loaded synchronously when this entry is first imported. Same API as `classify.ts`.

import { createRequire } from "node:module";
import type * as Document from "../wasm/document/node/courtrules_document.js";
import { documentFunctions } from "./document-functions.js";

const wasm = createRequire(import.meta.url)("../wasm/document/node/courtrules_document.js") as typeof Document;

/** The document module is loaded on import in Node; this resolves at once. */
export async function init(_input?: unknown): Promise<void> {}
/** The document module is loaded on import in Node; this does nothing. */
export function initSync(_module?: unknown): void {}

// The browser entry's wrappers (argument checks, optional hints) over the Node module.
export const { classify, classifyJson, extractStandingOrder, extractStandingOrderJson } = documentFunctions(() => wasm);
