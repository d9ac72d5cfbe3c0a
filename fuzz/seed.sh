#!/bin/sh
# Seeds the classify fuzz corpus with the PDF fixtures and the hostile corpus.
set -e
here=$(dirname "$0")
mkdir -p "$here/corpus/classify"
for f in "$here"/../tests/fixtures/pdf/*.pdf "$here"/../tests/fixtures/hostile/*.pdf; do
    # a leading steering byte (see fuzz_targets/classify.rs) of 0: default hints
    { printf '\000'; cat "$f"; } > "$here/corpus/classify/$(basename "$f")"
done
