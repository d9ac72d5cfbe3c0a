#!/usr/bin/env bash
# Load test of POST /api/v1/check: builds the release binary, starts it on loopback
# with a fresh database and key, and runs wrk (installed from Debian if missing).
#
#   bench/load.sh                      # bench/requests/full.json, 30 s, 64 connections
#   REQUEST=counts-only DURATION=10s CONNECTIONS=16 bench/load.sh
#   KEYS=1 bench/load.sh               # every request with one key (default 16 keys in turn)
#   DATABASE=postgres bench/load.sh    # on a throwaway PostgreSQL cluster (scripts/lib/postgres.sh)
#   DATABASE=postgres REPLICAS=2 bench/load.sh   # two servers on one database, half the
#                                                # connections each (one wrk per server)
#
# Reports throughput and p50/p90/p99 latency as wrk measured them (per server).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUEST="${REQUEST:-full}"
DURATION="${DURATION:-30s}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
DATABASE="${DATABASE:-sqlite}"
REPLICAS="${REPLICAS:-1}"
KEYS="${KEYS:-16}"
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
case "$DATABASE" in
  sqlite) ;;
  postgres)
    source "$ROOT/scripts/lib/common.sh"
    source "$ROOT/scripts/lib/postgres.sh"
    start_test_postgres
    SERVER_DATABASE_URL="$COURTRULES_TEST_POSTGRES/courtrules_load"
    ;;
  *) echo "DATABASE is sqlite or postgres" >&2; exit 2 ;;
esac
server_workspace
trap 'server_cleanup; if [ "$DATABASE" = postgres ]; then stop_test_postgres; fi' EXIT
echo "==> Starting $REPLICAS server(s) on loopback ($DATABASE, fresh database)"
BASES=()
for _ in $(seq 1 "$REPLICAS"); do
  server_start "$ROOT/target/release/courtrules"
  BASES+=("$BASE")
  [ -n "${KEY:-}" ] || KEY="$FIRST_KEY"
done
[ -n "$KEY" ] || { echo "the server printed no key" >&2; exit 1; }
# The load test measures the check path, not the rate limit (60 /check a minute per key):
# KEYS keys (the first the server made, the others `keys create`), each with its limit
# raised so every request is admitted — and counted, in the shared log on PostgreSQL.
BIN="$ROOT/target/release/courtrules"
ALL_KEYS="$KEY"
for n in $(seq 2 "$KEYS"); do
  made="$("$BIN" "${STORAGE[@]}" keys create --name "load-$n" --districts all | grep -o 'crk_[0-9a-f]*_[0-9a-f]*' | head -1)"
  ALL_KEYS="$ALL_KEYS,$made"
done
for key in ${ALL_KEYS//,/ }; do
  "$BIN" "${STORAGE[@]}" keys limits "$(echo "$key" | cut -d_ -f2)" --group check --per-minute 1000000000 >/dev/null
done
sleep 1.2  # the servers pick up key changes within --refresh-ms (1 s)

STATUS="$(curl -s -o "$WORK/first.json" -w '%{http_code}' -H "Authorization: Bearer $KEY" \
  -H 'Content-Type: application/json' --data-binary "@$BODY" "$BASE/api/v1/check")"
[ "$STATUS" = 200 ] || { echo "the request does not check (HTTP $STATUS):" >&2; cat "$WORK/first.json" >&2; exit 1; }

PER_SERVER=$(( CONNECTIONS / REPLICAS ))
echo "==> wrk: $REQUEST request, $DURATION, $CONNECTIONS connections over $REPLICAS server(s), $THREADS threads each, $KEYS keys, $(nproc) cores"
WRK_PIDS=()
for base in "${BASES[@]}"; do
  COURTRULES_KEYS="$ALL_KEYS" CHECK_BODY="$BODY" wrk -t"$THREADS" -c"$PER_SERVER" -d"$DURATION" \
    -s "$ROOT/bench/check.lua" "$base/api/v1/check" >"$WORK/wrk.$(basename "$base")" &
  WRK_PIDS+=($!)
done
wait "${WRK_PIDS[@]}"
total=0
for base in "${BASES[@]}"; do
  echo "--- $base"
  cat "$WORK/wrk.$(basename "$base")"
  total=$(( total + $(awk '/^throughput/ {print $2}' "$WORK/wrk.$(basename "$base")") ))
done
echo "==> total throughput $total requests/s ($DATABASE, $REPLICAS server(s), $KEYS keys)"
