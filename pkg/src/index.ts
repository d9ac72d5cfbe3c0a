// The `courtrules` package for browsers and bundlers: the engine (wasm-bindgen, `--target
// web`) and the REST client. Load the engine once with `await init()`.
//
// Node resolves the package to `node.ts` instead, which has the same API.

import initWasm, * as wasm from "../wasm/web/courtrules_engine.js";

// Every engine type (CheckRequest, CheckResponse, Profile, EngineError, …), generated
// from the Rust model by tsify.
export type * from "../wasm/web/courtrules_engine.js";
export * from "./client.js";

let loading: Promise<void> | undefined;
let loaded = false;

/**
 * Loads the engine's WebAssembly; call it once and await it before using the engine.
 * By default the `.wasm` file next to the package's glue is fetched; pass a URL,
 * `Response`, bytes or a compiled `WebAssembly.Module` to load it from elsewhere.
 */
export function init(input?: wasm.InitInput | Promise<wasm.InitInput>): Promise<void> {
  loading ??= initWasm(input === undefined ? undefined : { module_or_path: input }).then(() => {
    loaded = true;
  });
  return loading;
}

/** Loads the engine from bytes or a compiled module, synchronously. */
export function initSync(module: wasm.SyncInitInput): void {
  wasm.initSync({ module });
  loaded = true;
}

function engine(): typeof wasm {
  if (!loaded) throw new Error("courtrules: the engine is not loaded yet; `await init()` first");
  return wasm;
}

/** Checks a described filing against a compliance profile, as `POST /api/v1/check` does. Throws an `EngineError`. */
export const check: typeof wasm.check = (profile, request) => engine().check(profile, request);
/** `check` over JSON text: the exact bytes the server answers with. Throws an `EngineError`. */
export const checkJson: typeof wasm.checkJson = (profile, request) => engine().checkJson(profile, request);
/** Every problem with a check request (`[{path, message}]`, empty when valid). */
export const validate: typeof wasm.validate = (request) => engine().validate(request);
/** The rules that apply to a judge, grouped by layer, as `GET /api/v1/rules` answers. Throws an `EngineError`. */
export const resolveRules: typeof wasm.resolveRules = (profile, judgeSlug, filter) =>
  engine().resolveRules(profile, judgeSlug, filter);
/**
 * Analyses a PDF on this machine (it is never uploaded), as `POST /api/v1/classify`
 * does: `response` is that endpoint's body; pages without a text layer are listed in
 * `scanned_pages`, and those whose words are missing (no text recognition here) in
 * `unread_pages`. Throws an `EngineError`.
 */
export const classify: typeof wasm.classify = (pdfBytes, hints) => engine().classify(pdfBytes, hints);
/**
 * Reads a judge's individual practices or standing order on this machine (it is never
 * uploaded) and proposes standing-order rules in the profile format, each with the
 * sentence it came from (page, character span, section) and a confidence, plus the
 * sentences that read as rules but matched no pattern (`not_understood`) — as
 * `POST /api/v1/standing-order-drafts` does. `document` is a PDF's bytes or UTF-8 text
 * (a form feed between pages); `options.source_url` is where the judge publishes it.
 * Throws an `EngineError`.
 */
export const extractStandingOrder: typeof wasm.extractStandingOrder = (document, options) =>
  engine().extractStandingOrder(document, options);
/**
 * The deadlines that follow an event, as `POST /api/v1/deadlines` computes them, from the
 * district's time rules (`client.timeRules(districtId)`): each with its date and the trail
 * of the computation. Throws an `EngineError` (`invalid_request` naming every field).
 */
export const deadlines: typeof wasm.deadlines = (timeRules, request) => engine().deadlines(timeRules, request);
/** `deadlines` over JSON text: the exact bytes the server answers with. Throws an `EngineError`. */
export const deadlinesJson: typeof wasm.deadlinesJson = (timeRules, request) => engine().deadlinesJson(timeRules, request);
/** The engine's version. */
export const engineVersion: typeof wasm.engineVersion = () => engine().engineVersion();
