#!/usr/bin/env bash
# Precision and recall of the standing-order extractor per rule kind, on the labelled
# evaluation set in tests/fixtures/ingest (dev: the documents the patterns were tuned
# on; test: held out). `--verbose` lists every miss and false proposal.
#   bench/ingest-eval.sh [dev|test] [--verbose]
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo run --release -q -p courtrules-engine --example ingest_eval -- "$@"
