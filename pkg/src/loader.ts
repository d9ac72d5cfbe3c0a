// Loading one of the engine's wasm-bindgen modules in a browser or bundler, shared by the
// entries `courtrules` (the check module) and `courtrules/classify` (the document
// module): `init` fetches and instantiates it once — every caller gets the same promise,
// and after a failure (a network error, say) the next call tries again —, `initSync`
// instantiates it from bytes, and `engine` hands its exports out once it is loaded.

/** The two functions wasm-bindgen's `--target web` glue gives each module. */
interface Glue<Input, SyncInput> {
  init(options?: { module_or_path: Input | Promise<Input> }): Promise<unknown>;
  initSync(options: { module: SyncInput }): unknown;
}

export interface Loader<Exports, Input, SyncInput> {
  init(input?: Input | Promise<Input>): Promise<void>;
  initSync(module: SyncInput): void;
  /** The module's exports; throws `notLoaded` before it is loaded. */
  engine(): Exports;
}

export function loader<Exports, Input, SyncInput>(
  exports: Exports,
  glue: Glue<Input, SyncInput>,
  notLoaded: string,
): Loader<Exports, Input, SyncInput> {
  let loading: Promise<void> | undefined;
  let loaded = false;
  return {
    init(input) {
      loading ??= glue.init(input === undefined ? undefined : { module_or_path: input }).then(
        () => {
          loaded = true;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    initSync(module) {
      glue.initSync({ module });
      loaded = true;
    },
    engine() {
      if (!loaded) throw new Error(notLoaded);
      return exports;
    },
  };
}
