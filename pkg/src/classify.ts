// `courtrules/classify` for browsers and bundlers: the engine's document module —
// classify and standing-order extraction, with the PDF reader — on its own. The main
// entry's `classify` and `extractStandingOrder` load it by themselves; import it
// directly to load it ahead of time, from a URL of your choosing, or to call it
// synchronously once loaded.
//
// Node resolves this entry to `classify-node.ts`, which has the same API.

import initWasm, * as wasm from "../wasm/document/web/courtrules_document.js";
import { loader, type InitInput, type SyncInitInput } from "./loader.js";
import { documentFunctions } from "./document-functions.js";

export type { DocumentBytes } from "./arguments.js";
export type { InitInput, SyncInitInput } from "./loader.js";

const documentModule = loader(wasm, { init: initWasm, initSync: wasm.initSync }, "courtrules/classify", "the document module");

/**
 * Loads the document module; await it before reading documents. By default the `.wasm`
 * file next to the glue is fetched; pass a URL, `Response`, bytes or a compiled
 * `WebAssembly.Module` to load it from elsewhere. Calling it again returns the same
 * promise (after a failure, it tries again); while it is loading, a call with another
 * argument is refused.
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void> {
  return documentModule.init(input);
}

/** Loads the document module from bytes or a compiled module, synchronously. */
export function initSync(module: SyncInitInput): void {
  documentModule.initSync(module);
}

const engine = (): typeof wasm => documentModule.engine();
const api = documentFunctions(engine);

/** As the main entry's `classify`, synchronously, once `init()` has resolved. Throws an `EngineError`. */
export const classify = api.classify;
/** `classify` as JSON text: the exact bytes the engine wrote (`hintsJson` may be ""). Throws an `EngineError`. */
export const classifyJson = api.classifyJson;
/** As the main entry's `extractStandingOrder`, synchronously, once `init()` has resolved. Throws an `EngineError`. */
export const extractStandingOrder = api.extractStandingOrder;
/** `extractStandingOrder` as JSON text: the exact bytes the engine wrote. Throws an `EngineError`. */
export const extractStandingOrderJson = api.extractStandingOrderJson;
