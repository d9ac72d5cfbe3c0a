#!/usr/bin/env bash
# The drafting app's first visit to its first result, many loads, builds taking turns
# (bench/app-start.mjs, which says what is measured). Builds the release server and the
# app first when they are missing; installs Chromium and playwright-core as the browser
# tests do.
#
#   bench/app-start.sh                                            # web/dist, 25 loads
#   bench/app-start.sh --app <old dist> --label before --app web/dist --label after
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/prepare.sh"
bench_browser_and_server
bench_app
exec node bench/app-start.mjs "$@"
