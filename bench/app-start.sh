#!/usr/bin/env bash
# The drafting app's first visit to its first result, many loads, builds taking turns
# (bench/app-start.mjs, which says what is measured). Builds the release server and the
# app first when they are missing; installs Chromium and playwright-core as the browser
# tests do.
#
#   bench/app-start.sh                                            # web/dist, 25 loads
#   bench/app-start.sh --app <old dist> --label before --app web/dist --label after
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/common.sh"
cd "$ROOT"
ensure_browser
[ -x target/release/courtrules ] || cargo build --release --locked -p courtrules
[ -f web/dist/index.html ] || { ensure_wasm_tools; trunk build --release --locked; }
exec node bench/app-start.mjs "$@"
