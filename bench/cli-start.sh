#!/usr/bin/env bash
# How long one-shot commands take from process start to exit: `courtrules check` of a
# request (bench/requests/full.json) and `courtrules classify` of the 29-page opposition
# memorandum (tests/fixtures/pdf/memo_opposition_rule56.pdf), each in three ways:
#
#   off   no compiled-engine cache (COURTRULES_ENGINE_CACHE_DIR=''): the engine's module
#         is compiled at every start, as before the cache existed;
#   cold  an empty cache folder for each run: compiled, then written to the cache;
#   warm  the cache holds the compiled module: it is loaded, not compiled.
#
# Builds nothing: it runs target/release/courtrules (build it first with
# `cargo build --release -p courtrules`; COURTRULES_BIN=path runs another binary).
# Uses hyperfine when it is on PATH, else times N runs of each (default 10) with
# `date +%s%N` and prints min / median / max in ms. The database is a seeded SQLite file
# in a temporary folder, removed at the end. The load average is printed first and last:
# on 2 cores, anything else running moves the cold figures most.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${COURTRULES_BIN:-$ROOT/target/release/courtrules}"
N="${N:-10}"
if [[ ! -x "$BIN" ]]; then
    echo "no $BIN: build it first with cargo build --release -p courtrules" >&2
    exit 2
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
REQUEST="$ROOT/bench/requests/full.json"
MEMO="$ROOT/tests/fixtures/pdf/memo_opposition_rule56.pdf"
BASE=("$BIN" --database-url "sqlite://$WORK/courtrules.db" --data-dir "$ROOT/data")

# Seeding is not what is measured: done once, and it fills the warm cache.
COURTRULES_ENGINE_CACHE_DIR="$WORK/warm" "${BASE[@]}" seed >/dev/null

echo "load before: $(uptime)"
echo "binary: $BIN; runs: ${N}"

# One command under one cache mode; its exit status must be 0 or 1 (1: the check's
# answer is REVIEW or NON_COMPLIANT, not an error).
run_once() {
    local mode="$1"
    shift
    local dir=""
    case "$mode" in
        cold) dir="$WORK/cold" ;;
        warm) dir="$WORK/warm" ;;
    esac
    local status=0
    COURTRULES_ENGINE_CACHE_DIR="$dir" "${BASE[@]}" "$@" >/dev/null 2>"$WORK/stderr" || status=$?
    if ((status > 1)); then
        echo "$* failed (exit $status):" >&2
        cat "$WORK/stderr" >&2
        exit 1
    fi
}

measure() {
    local label="$1" mode="$2"
    shift 2
    if command -v hyperfine >/dev/null; then
        local dir="" prepare="true"
        case "$mode" in
            cold) dir="$WORK/cold"; prepare="rm -rf $WORK/cold" ;;
            warm) dir="$WORK/warm" ;;
        esac
        COURTRULES_ENGINE_CACHE_DIR="$dir" hyperfine --style basic --runs "$N" --warmup 1 -i \
            --prepare "$prepare" -n "$label $mode" "$(printf '%q ' "${BASE[@]}" "$@")"
        return
    fi
    rm -rf "$WORK/cold"
    run_once "$mode" "$@" # warm-up, not counted
    local times=()
    for ((i = 0; i < N; i++)); do
        rm -rf "$WORK/cold" # an empty cache for each cold run (not timed)
        local started ended
        started=$(date +%s%N)
        run_once "$mode" "$@"
        ended=$(date +%s%N)
        times+=("$(((ended - started) / 1000000))")
    done
    local sorted
    mapfile -t sorted < <(printf '%s\n' "${times[@]}" | sort -n)
    printf '%-9s %-5s min %6d ms  median %6d ms  max %6d ms\n' \
        "$label" "$mode" "${sorted[0]}" "${sorted[$(((N - 1) / 2))]}" "${sorted[$((N - 1))]}"
}

for mode in off cold warm; do
    measure check "$mode" check "$REQUEST"
done
for mode in off cold warm; do
    measure classify "$mode" classify "$MEMO"
done
echo "load after: $(uptime)"
