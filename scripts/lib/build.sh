# Builds what the service serves: the host binary (which builds and embeds the engine's
# wasm core module itself) and, when present, the browser app and the npm package.

build_release() {
  step "Building courtrules (release)"
  cargo build --release --locked -p courtrules
}
