#!/usr/bin/env bash
# A page that embeds the npm package: load → first check result, and the first classify of
# a ~20-page PDF, in Chromium, unthrottled and on "Fast 3G" with a 4× slower CPU
# (bench/package-load.mjs, which says what is measured). Builds the release server and the
# package first when they are missing; installs Chromium and playwright-core as the
# browser tests do.
#
#   bench/package-load.sh              # 7 loads per condition
#   bench/package-load.sh --runs 15
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/prepare.sh"
bench_browser_and_server
if [ ! -f pkg/dist/index.js ] || [ ! -f pkg/wasm/check/web/courtrules_check_bg.wasm ]; then
  ensure_wasm_tools
  source "$ROOT/scripts/lib/build.sh"
  build_pkg
fi
exec node bench/package-load.mjs "$@"
