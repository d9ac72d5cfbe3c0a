// The `courtrules` package for browsers and bundlers: the engine's check module
// (wasm-bindgen, `--target web`) and the REST client. Load the check module once with
// `await init()`.
//
// Reading documents (`classify`, `extractStandingOrder`) needs the PDF reader, which
// lives in a second, larger module: it is imported (`./classify.js`, the
// `courtrules/classify` entry) and loaded the first time a document is read, so pages
// that only check never download it, and bundlers put it in a chunk of its own.
//
// Node resolves the package to `node.ts` instead, which has the same API.

import initWasm, * as wasm from "../wasm/check/web/courtrules_check.js";
import { loader, type InitInput, type SyncInitInput } from "./loader.js";
import type { DocumentBytes } from "./arguments.js";
import { checkFunctions } from "./check-functions.js";
import type { ClassifyHints, ClassifyOutcome, Extraction, IngestOptions } from "./engine-types.js";

// Every engine type (CheckRequest, CheckResponse, Profile, EngineError, …), generated
// from the Rust model by tsify (without the DOM library's names: see engine-types.ts).
export type * from "./engine-types.js";
export * from "./client.js";
export type { DocumentBytes } from "./arguments.js";
export type { InitInput, SyncInitInput } from "./loader.js";

const checkModule = loader(wasm, { init: initWasm, initSync: wasm.initSync }, "courtrules", "the engine");

/**
 * Loads the engine's check module; call it once and await it before checking.
 * By default the `.wasm` file next to the package's glue is fetched; pass a URL,
 * `Response`, bytes or a compiled `WebAssembly.Module` to load it from elsewhere.
 * Calling it again returns the same promise (after a failure, it tries again); while it
 * is loading, a call with another argument is refused.
 * (The document module is loaded by the first `classify`; to load it from elsewhere,
 * call `init` of `courtrules/classify` first.)
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void> {
  return checkModule.init(input);
}

/** Loads the check module from bytes or a compiled module, synchronously. */
export function initSync(module: SyncInitInput): void {
  checkModule.initSync(module);
}

const engine = (): typeof wasm => checkModule.engine();
const api = checkFunctions(engine);

/** Checks a described filing against a compliance profile, as `POST /api/v1/check` does. Throws an `EngineError`. */
export const check = api.check;
/** `check` over JSON text: the exact bytes the server answers with. Throws an `EngineError`. */
export const checkJson = api.checkJson;
/**
 * Every problem with a check request (`[{path, message}]`, empty when valid). It takes
 * anything (form data not yet checked); a missing request is read as `null`.
 */
export const validate = api.validate;
/** The rules that apply to a judge, grouped by layer, as `GET /api/v1/rules` answers; `filter` is optional. Throws an `EngineError`. */
export const resolveRules = api.resolveRules;
/** The document module, loaded on first use (once; a failed load is tried again next time). */
async function documentModule(): Promise<typeof import("./classify.js")> {
  const module = await import("./classify.js");
  await module.init();
  return module;
}

/**
 * Analyses a PDF on this machine (it is never uploaded), as `POST /api/v1/classify`
 * does: `response` is that endpoint's body; pages without a text layer are listed in
 * `scanned_pages`, and those whose words are missing (no text recognition here) in
 * `unread_pages`. Loads the document module the first time. Rejects with an
 * `EngineError`.
 */
export async function classify(pdfBytes: DocumentBytes, hints?: ClassifyHints | null): Promise<ClassifyOutcome> {
  return (await documentModule()).classify(pdfBytes, hints);
}
/**
 * Reads a judge's individual practices or standing order on this machine (it is never
 * uploaded) and proposes standing-order rules in the profile format, each with the
 * sentence it came from (page, character span, section) and a confidence, plus the
 * sentences that read as rules but matched no pattern (`not_understood`) — as
 * `POST /api/v1/standing-order-drafts` does. `document` is a PDF's bytes or UTF-8 text
 * (a form feed between pages); `options.source_url` is where the judge publishes it.
 * Loads the document module the first time. Rejects with an `EngineError`.
 */
export async function extractStandingOrder(document: DocumentBytes | string, options: IngestOptions): Promise<Extraction> {
  return (await documentModule()).extractStandingOrder(document, options);
}
/**
 * The deadlines that follow an event, as `POST /api/v1/deadlines` computes them, from the
 * district's time rules (`client.timeRules(districtId)`): each with its date and the trail
 * of the computation. Throws an `EngineError` (`invalid_request` naming every field).
 */
export const deadlines = api.deadlines;
/** `deadlines` over JSON text: the exact bytes the server answers with. Throws an `EngineError`. */
export const deadlinesJson = api.deadlinesJson;
/** The engine's version. */
export const engineVersion = api.engineVersion;
