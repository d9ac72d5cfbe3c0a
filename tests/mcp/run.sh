#!/usr/bin/env bash
# The MCP tool server against the official Python MCP SDK (`mcp` on PyPI): starts the real
# server on a free port with a fresh SQLite database, makes a key, and runs
# tests/mcp/client.py over streamable HTTP (/mcp) and over stdio (`courtrules mcp`), then
# tests/mcp/stdio_lines.py: raw lines over stdio that no SDK would send.
#
#   tests/mcp/run.sh        # target/release/courtrules; needs .tools/venv with scripts/requirements-test.txt
#
# Prints the tool-call latency over HTTP (median, p90, max) as JSON at the end, and
# writes it to test-artifacts/mcp/latency.json.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="${COURTRULES_BIN:-$ROOT/target/release/courtrules}"
VENV="${VENV:-$ROOT/.tools/venv}"
[ -x "$BIN" ] || { echo "no server binary at $BIN (cargo build --release -p courtrules)" >&2; exit 2; }
"$VENV/bin/python" -c 'import mcp' 2>/dev/null || { echo "no mcp in $VENV (pip install -r scripts/requirements-test.txt)" >&2; exit 2; }

# shellcheck source=../../scripts/lib/server.sh
source "$ROOT/scripts/lib/server.sh"
server_workspace
export RUST_LOG="${RUST_LOG:-warn}"

KEY="$("$BIN" "${STORAGE[@]}" keys create --name mcp-tests | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"
[ -n "$KEY" ] || { echo "keys create printed no key" >&2; exit 1; }
LIMITED="$("$BIN" "${STORAGE[@]}" keys create --name mcp-limited | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"
"$BIN" "${STORAGE[@]}" keys limits "$(echo "$LIMITED" | cut -d_ -f2)" --group mcp --per-minute 3 >/dev/null
server_start "$BIN"
# (After the server has seeded the districts a plan names.)
EDNY="$("$BIN" "${STORAGE[@]}" keys create --name mcp-edny --districts edny | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"

mkdir -p "$ROOT/test-artifacts/mcp"
"$VENV/bin/python" "$ROOT/tests/mcp/client.py" "$BASE" "$KEY" "$BIN" "sqlite://$WORK/courtrules.db" "$ROOT/data" "$LIMITED" \
  | tee "$WORK/client.log"
tail -n 1 "$WORK/client.log" > "$ROOT/test-artifacts/mcp/latency.json"
"$VENV/bin/python" "$ROOT/tests/mcp/stdio_lines.py" "$BIN" "sqlite://$WORK/courtrules.db" "$ROOT/data" "$KEY" "$EDNY"
