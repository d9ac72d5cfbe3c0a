#!/usr/bin/env bash
# Runs the engine benchmarks (criterion) and prints the median of each: one full check
# natively and in wasmtime (reused and fresh instances), and classify of a 29-page
# memorandum natively and in wasmtime, and one deadline computation (S.D.N.Y., entry of
# judgment) natively and in wasmtime.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
cargo bench --locked -p courtrules-engine --bench check -- --noplot >/dev/null
cargo bench --locked -p courtrules --bench engine -- --noplot >/dev/null
python3 - <<'PY'
import json, pathlib
for estimates in sorted(pathlib.Path("target/criterion").glob("**/new/estimates.json")):
    bench = json.loads((estimates.parent / "benchmark.json").read_text())
    median = json.loads(estimates.read_text())["median"]["point_estimate"]
    unit, scale = ("ms", 1e6) if median >= 1e6 else ("µs", 1e3)
    print(f"{bench['full_id']:<70} median {median / scale:9.2f} {unit}")
PY
