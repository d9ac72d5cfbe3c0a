# Builds what the service serves and ships: the host binary (which builds and embeds the
# engine's wasm core module itself), the drafting app (Trunk → web/dist), and the npm
# package (wasm-pack → pkg/wasm, tsc → pkg/dist).

build_release() {
  step "Building courtrules (release; the engine's wasm module is built and embedded)"
  cargo build --release --locked -p courtrules
}

# What scripts/test builds instead: the server and every Rust test in one build. The
# tests' dev-dependencies turn on features of shared dependencies (serde_json, hashbrown,
# regex…), so a `cargo build -p courtrules` followed by `cargo test --workspace` compiled
# most of the dependency tree twice (about 10 minutes on 2 cores), and a `cargo test -p
# courtrules` a third time. Here everything is built once, with the workspace's features;
# the suites then only run what is built, and target/release/courtrules is the binary the
# end-to-end tests start.
build_for_tests() {
  step "Building courtrules and every Rust test (release; the engine's wasm module is built and embedded)"
  cargo test --release --locked --workspace --no-run
}

build_web() {
  step "Building the drafting app (trunk build --release → web/dist)"
  trunk build --release --locked
}

build_pkg() {
  if [ ! -d "$ROOT/pkg/node_modules/typescript" ] || [ ! -d "$ROOT/pkg/node_modules/openapi-typescript" ] || [ ! -d "$ROOT/pkg/node_modules/esbuild" ]; then
    step "Installing the npm package's build dependencies (npm ci)"
    npm ci --silent --no-audit --no-fund --prefix "$ROOT/pkg" >/dev/null
  fi
  step "Building the npm package (wasm-pack for web and Node → pkg/wasm, pkg/dist)"
  npm --prefix "$ROOT/pkg" run --silent build
}
