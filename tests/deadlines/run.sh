#!/usr/bin/env bash
# Deadlines against an independent implementation (tests/deadlines/differential.py, with
# python-holidays) and the iCalendar answer through the `icalendar` parser: starts the
# real server on a free port with a fresh SQLite database and a key.
#
#   tests/deadlines/run.sh [REQUESTS]   # target/release/courtrules; .tools/venv with scripts/requirements-test.txt
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${COURTRULES_BIN:-$ROOT/target/release/courtrules}"
VENV="${VENV:-$ROOT/.tools/venv}"
[ -x "$BIN" ] || { echo "no server binary at $BIN (cargo build --release -p courtrules)" >&2; exit 2; }
"$VENV/bin/python" -c 'import holidays, icalendar' 2>/dev/null \
  || { echo "no holidays/icalendar in $VENV (pip install -r scripts/requirements-test.txt)" >&2; exit 2; }

# shellcheck source=../../scripts/lib/server.sh
source "$ROOT/scripts/lib/server.sh"
server_workspace
export RUST_LOG="${RUST_LOG:-warn}"
KEY="$("$BIN" "${STORAGE[@]}" keys create --name deadline-tests | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"
[ -n "$KEY" ] || { echo "keys create printed no key" >&2; exit 1; }
# The test makes a few hundred requests in a minute or two.
"$BIN" "${STORAGE[@]}" keys limits "$(echo "$KEY" | cut -d_ -f2)" --group deadlines --per-minute 100000 >/dev/null
server_start "$BIN"

mkdir -p "$ROOT/test-artifacts/deadlines"
"$VENV/bin/python" "$ROOT/tests/deadlines/differential.py" "$BASE" "$KEY" "${1:-300}" | tee "$WORK/differential.log"
tail -n 1 "$WORK/differential.log" > "$ROOT/test-artifacts/deadlines/differential.json"
