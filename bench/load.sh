#!/usr/bin/env bash
# Load test of POST /api/v1/check: builds the release binary, starts it on loopback
# with a fresh database and key, and runs wrk (installed from Debian if missing).
#
#   bench/load.sh                      # bench/requests/full.json, 30 s, 64 connections
#   REQUEST=counts-only DURATION=10s CONNECTIONS=16 bench/load.sh
#
# Reports throughput and p50/p90/p99 latency as wrk measured them.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUEST="${REQUEST:-full}"
DURATION="${DURATION:-30s}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
BODY="$ROOT/bench/requests/$REQUEST.json"
[ -f "$BODY" ] || { echo "no request $BODY" >&2; exit 2; }

if ! command -v wrk >/dev/null; then
  echo "==> Installing wrk (Debian package)"
  as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi

echo "==> Building courtrules (release)"
(cd "$ROOT" && cargo build --release --locked -p courtrules)

# shellcheck source=../scripts/lib/server.sh
source "$ROOT/scripts/lib/server.sh"
server_workspace
echo "==> Starting the server on loopback (fresh database in $WORK)"
server_start "$ROOT/target/release/courtrules"
KEY="$FIRST_KEY"
[ -n "$KEY" ] || { echo "the server printed no key" >&2; exit 1; }
# The load test measures the check path, not the rate limit (60 /check a minute per key):
# raise this key's limit so every request is admitted and counted.
"$ROOT/target/release/courtrules" "${STORAGE[@]}" \
  keys limits "$(echo "$KEY" | cut -d_ -f2)" --group check --per-minute 1000000000 >/dev/null
sleep 1.2  # the server picks up key changes within --refresh-ms (1 s)

STATUS="$(curl -s -o "$WORK/first.json" -w '%{http_code}' -H "Authorization: Bearer $KEY" \
  -H 'Content-Type: application/json' --data-binary "@$BODY" "$BASE/api/v1/check")"
[ "$STATUS" = 200 ] || { echo "the request does not check (HTTP $STATUS):" >&2; cat "$WORK/first.json" >&2; exit 1; }

echo "==> wrk: $REQUEST request, $DURATION, $CONNECTIONS connections, $THREADS threads, $(nproc) cores"
COURTRULES_KEY="$KEY" CHECK_BODY="$BODY" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" \
  -s "$ROOT/bench/check.lua" "$BASE/api/v1/check"
