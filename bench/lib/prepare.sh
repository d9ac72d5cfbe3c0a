# What the browser benchmarks' scripts (bench/*-load.sh, bench/app-start.sh) need before
# they run: Chromium and playwright-core as the browser tests install them, and the release
# server; `bench_app` also builds the drafting app when it is missing. Sourced: it leaves
# the shell in the repository's root.
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/common.sh"
cd "$ROOT"

bench_browser_and_server() {
  ensure_browser
  [ -x target/release/courtrules ] || cargo build --release --locked -p courtrules
}

bench_app() {
  [ -f web/dist/index.html ] || { ensure_wasm_tools; trunk build --release --locked; }
}
