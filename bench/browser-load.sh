#!/usr/bin/env bash
# The drafting app's load and first-PDF times in Chromium, unthrottled and on "Fast 3G"
# with a 4× slower CPU (bench/browser-load.mjs, which says what is measured). Builds the
# release server and the app first when they are missing; installs Chromium and
# playwright-core as the browser tests do.
#
#   bench/browser-load.sh                               # web/dist, 5 loads per condition
#   bench/browser-load.sh --runs 7 --before <old dist>  # and an earlier build, to compare
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/prepare.sh"
bench_browser_and_server
bench_app
exec node bench/browser-load.mjs "$@"
