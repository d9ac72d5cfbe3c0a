#!/bin/sh
# Seeds the fuzz corpora: classify with the PDF fixtures and the hostile corpus; ingest
# with the practices evaluation set (text and PDF) and the sample standing orders.
set -e
here=$(dirname "$0")
mkdir -p "$here/corpus/classify" "$here/corpus/ingest"
for f in "$here"/../tests/fixtures/pdf/*.pdf "$here"/../tests/fixtures/hostile/*.pdf; do
    # a leading steering byte (see fuzz_targets/classify.rs) of 0: default hints
    { printf '\000'; cat "$f"; } > "$here/corpus/classify/$(basename "$f")"
done
for f in "$here"/../tests/fixtures/ingest/*/*.txt "$here"/../tests/fixtures/ingest/*/*.pdf \
         "$here"/../data/documents/sample-order-*.pdf; do
    [ -e "$f" ] && cp "$f" "$here/corpus/ingest/"
done
