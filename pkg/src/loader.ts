// Loading one of the engine's wasm-bindgen modules in a browser or bundler, shared by the
// entries `courtrules` (the check module) and `courtrules/classify` (the document
// module): `init` fetches and instantiates it once — every caller gets the same promise,
// and after a failure (a network error, say) the next call tries again —, `initSync`
// instantiates it from bytes, and `engine` hands its exports out once it is loaded.

import type { EngineError } from "./engine-types.js";

/**
 * Where `init` loads a module from: its URL (a string or a `URL`), a `Request` or a
 * `Response` (`fetch(url)`, or the promise of it), its bytes, or a compiled
 * `WebAssembly.Module`. The glue takes the same, declared with the DOM library's names
 * (`RequestInfo`, `BufferSource`, `WebAssembly.Module`); declared here without them, so
 * that a project compiled without the DOM library type-checks the package.
 */
export type InitInput = string | URL | Request | Response | ArrayBuffer | ArrayBufferView | WasmModule;
/** What `initSync` instantiates a module from: its bytes or a compiled `WebAssembly.Module`. */
export type SyncInitInput = ArrayBuffer | ArrayBufferView | WasmModule;
/** A compiled `WebAssembly.Module`: an opaque object (the DOM library declares an empty interface). */
export type WasmModule = object;

/** The two functions wasm-bindgen's `--target web` glue gives each module. */
interface Glue<Input, SyncInput> {
  init(options?: { module_or_path: Input | Promise<Input> }): Promise<unknown>;
  initSync(options: { module: SyncInput }): unknown;
}

export interface Loader<Exports, Input, SyncInput> {
  /**
   * Loads the module once. While a load is under way, a call without an argument, or with
   * the one that load was given, gets its promise; another argument is refused (the load
   * under way would silently win). Once loaded, every call resolves at once.
   */
  init(input?: Input | Promise<Input>): Promise<void>;
  initSync(module: SyncInput): void;
  /** The module's exports; throws an `invalid_input` EngineError before it is loaded. */
  engine(): Exports;
}

/** `entry` is the package entry that loads the module, `what` the module, for messages. */
export function loader<Exports, Input, SyncInput>(
  exports: Exports,
  glue: Glue<Input, SyncInput>,
  entry: string,
  what: string,
): Loader<Exports, Input, SyncInput> {
  let loading: Promise<void> | undefined;
  let loadingFrom: unknown; // the argument of the load under way (undefined: the default URL)
  let loaded = false;
  return {
    init(input) {
      if (loading !== undefined && !loaded && input !== undefined && !sameSource(input, loadingFrom)) {
        const from = loadingFrom === undefined ? "its default URL" : "the source given first";
        return Promise.reject(
          new Error(
            `${entry}: init() was given another source while ${what} is still loading from ${from}; ` +
              "await that load first (init() without an argument shares it), or give the source to the first call",
          ),
        );
      }
      if (loading === undefined) {
        loadingFrom = input;
        loading = glue.init(input === undefined ? undefined : { module_or_path: input }).then(
          () => {
            loaded = true;
          },
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        );
      }
      return loading;
    },
    initSync(module) {
      glue.initSync({ module });
      loaded = true;
    },
    engine() {
      if (!loaded) {
        // The error the engine's functions throw (as the drafting app's document loader does).
        throw { kind: "invalid_input", message: `${entry}: ${what} is not loaded yet; \`await init()\` first` } satisfies EngineError;
      }
      return exports;
    },
  };
}

/** Whether two `init` arguments name the same source: the same value, or the same URL text. */
function sameSource(a: unknown, b: unknown): boolean {
  const text = (input: unknown) => (typeof input === "string" || input instanceof URL ? String(input) : input);
  return text(a) === text(b);
}
