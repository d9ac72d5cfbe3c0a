#!/usr/bin/env bash
# The API against its own OpenAPI document: starts the real server (release build by
# default) on a free port with a fresh SQLite database, checks /openapi.json with
# openapi-spec-validator, then runs schemathesis over every operation with every check.
#
#   tests/schemathesis/run.sh                       # target/release/courtrules, 100 examples per operation
#   COURTRULES_BIN=target/debug/courtrules SCHEMATHESIS_EXAMPLES=100 tests/schemathesis/run.sh
#
# Needs the Python tools of scripts/requirements-test.txt in .tools/venv (scripts/test
# creates it; by hand: python3 -m venv .tools/venv && .tools/venv/bin/pip install -r
# scripts/requirements-test.txt). The key it makes has every rate limit raised, so the run
# is not throttled; 429 handling has its own end-to-end tests (tests/e2e/rate_limits.rs).
# Settings and the reason for each: tests/schemathesis/schemathesis.toml.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${COURTRULES_BIN:-$ROOT/target/release/courtrules}"
VENV="${VENV:-$ROOT/.tools/venv}"
EXAMPLES="${SCHEMATHESIS_EXAMPLES:-100}"
SEED="${SCHEMATHESIS_SEED:-20261122}"

[ -x "$BIN" ] || { echo "no server binary at $BIN (cargo build --release -p courtrules)" >&2; exit 2; }
for tool in openapi-spec-validator schemathesis; do
  [ -x "$VENV/bin/$tool" ] || { echo "no $tool in $VENV (pip install -r scripts/requirements-test.txt)" >&2; exit 2; }
done

# shellcheck source=../../scripts/lib/server.sh
source "$ROOT/scripts/lib/server.sh"
server_workspace
export RUST_LOG="${RUST_LOG:-warn}"

echo "==> A key for schemathesis, every rate limit raised"
KEY="$("$BIN" "${STORAGE[@]}" keys create --name schemathesis | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"
[ -n "$KEY" ] || { echo "keys create printed no key" >&2; exit 1; }
KEY_ID="$(echo "$KEY" | cut -d_ -f2)"
"$BIN" "${STORAGE[@]}" keys limits "$KEY_ID" --group all --per-minute 1000000 >/dev/null

echo "==> Starting the server (fresh database in $WORK)"
server_start "$BIN"

echo "==> openapi-spec-validator $BASE/openapi.json"
curl -sf "$BASE/openapi.json" -o "$WORK/openapi.json"
"$VENV/bin/openapi-spec-validator" "$WORK/openapi.json"

echo "==> schemathesis: every operation, every check, $EXAMPLES examples each, seed $SEED"
status=0
# Run from the temporary folder: schemathesis keeps its state in ./.schemathesis.
cd "$WORK"
"$VENV/bin/schemathesis" --config-file "$ROOT/tests/schemathesis/schemathesis.toml" \
  run "$BASE/openapi.json" \
  --header "Authorization: Bearer $KEY" \
  --checks all \
  --max-examples "$EXAMPLES" \
  --seed "$SEED" \
  --generation-database none \
  --request-timeout 30 \
  --no-color || status=$?
if [ "$status" != 0 ]; then
  echo "schemathesis failed (exit $status); the server's log:" >&2
  tail -50 "$WORK/server.0.log" >&2
  exit "$status"
fi
