#!/usr/bin/env python3
"""Build the source-document PDFs in data/documents/ and their index.

Every document in sources.py becomes one PDF. Excerpts of official rules say on their
first page what they are ("Excerpt of <official title>, reproduced from <official URL>,
retrieved <date>"), or, for an excerpt whose text was not read at the official address
(the FRCP and the joint S.D.N.Y./E.D.N.Y. rules), where it was read, with a closing
"Read from:" note (the document's `intro`); the sample standing orders carry the sample
stamp on every page.

The output is deterministic: reportlab's invariant mode fixes the creation date and
document id, so the same sources give byte-identical PDFs, and index.json lists each
file's sha256 and page count. CI never runs this script: the PDFs are committed.

Usage:
    pip install -r scripts/data/legal/requirements.txt
    python3 scripts/data/legal/build_documents.py           # writes data/documents/
    python3 scripts/data/legal/build_documents.py --check   # exit 1 if anything is stale
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import sources  # noqa: E402
from sources import document_id, version_id  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
OUT = REPO / "data" / "documents"

STYLES = {
    "title": ParagraphStyle("title", fontName="Helvetica-Bold", fontSize=14, leading=18, spaceAfter=6),
    "intro": ParagraphStyle("intro", fontName="Helvetica-Oblique", fontSize=9, leading=12, spaceAfter=10),
    "h": ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=11, leading=14, spaceBefore=10, spaceAfter=4),
    "p": ParagraphStyle("p", fontName="Times-Roman", fontSize=11, leading=14, spaceAfter=5, alignment=TA_LEFT),
    "note": ParagraphStyle("note", fontName="Times-Italic", fontSize=9, leading=12, spaceAfter=5),
}


def first_page_intro(doc: dict) -> str:
    if doc["sample"]:
        return (
            f"{sources.SAMPLE_STAMP}. This document was written for courtrules as demonstration data. "
            "Judge and order are fictional; no court issued it."
        )
    if doc.get("intro"):
        return doc["intro"]
    return (
        f"Excerpt of {doc['official_title']}, reproduced from {doc['source_url']}, "
        f"retrieved {doc['retrieved_date']}. Official text, reproduced verbatim; "
        f"omitted text is marked {sources.OMITTED}."
    )


def render(doc: dict) -> bytes:
    buffer = io.BytesIO()
    pdf = SimpleDocTemplate(
        buffer,
        pagesize=LETTER,
        leftMargin=inch,
        rightMargin=inch,
        topMargin=inch,
        bottomMargin=inch,
        title=doc["title"],
        author="courtrules" if doc["sample"] else "courtrules (reproduction of an official text)",
        subject=doc["source_url"],
        creator="scripts/data/legal/build_documents.py",
        invariant=1,
    )

    def stamp(canvas, _document):
        canvas.saveState()
        if doc["sample"]:
            canvas.setFont("Helvetica-Bold", 9)
            canvas.drawCentredString(LETTER[0] / 2, LETTER[1] - 0.6 * inch, sources.SAMPLE_STAMP)
            canvas.drawCentredString(LETTER[0] / 2, 0.45 * inch, sources.SAMPLE_STAMP)
        canvas.setFont("Helvetica", 8)
        canvas.drawRightString(LETTER[0] - inch, 0.65 * inch, f"Page {canvas.getPageNumber()}")
        canvas.restoreState()

    story = [
        Paragraph(escape(doc["title"]), STYLES["title"]),
        Paragraph(escape(first_page_intro(doc)), STYLES["intro"]),
        Spacer(1, 4),
    ]
    for kind, text in doc["blocks"]:
        story.append(Paragraph(escape(text), STYLES[kind]))
    pdf.build(story, onFirstPage=stamp, onLaterPages=stamp)
    return buffer.getvalue()


def page_count(pdf: bytes) -> int:
    # One page object ("/Type /Page", not "/Type /Pages") per page.
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


def build() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    entries = []
    for doc in sources.documents():
        pdf = render(doc)
        files[doc["file"]] = pdf
        entries.append(
            {
                "id": document_id(doc["file"]),
                "title": doc["title"],
                "kind": doc["kind"],
                "district_id": doc["district_id"],
                "judge_slug": doc["judge_slug"],
                "source_url": doc["source_url"],
                "version_id": version_id(doc),
                "retrieved_date": doc["retrieved_date"],
                "sha256": hashlib.sha256(pdf).hexdigest(),
                "page_count": page_count(pdf),
                "file": doc["file"],
                "sample": doc["sample"],
            }
        )
    index = {
        "schema_version": 1,
        "generator": "scripts/data/legal/build_documents.py",
        "documents": entries,
    }
    files["index.json"] = (json.dumps(index, indent=2, ensure_ascii=False) + "\n").encode()
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if data/documents/ is stale")
    args = parser.parse_args()
    files = build()
    stale = [name for name, data in files.items() if not (OUT / name).exists() or (OUT / name).read_bytes() != data]
    # A document whose source was removed leaves a PDF no longer generated.
    orphans = sorted(path.name for path in OUT.glob("*.pdf") if path.name not in files)
    if args.check:
        for name in stale:
            print(f"stale: data/documents/{name}", file=sys.stderr)
        for name in orphans:
            print(f"no longer generated: data/documents/{name}", file=sys.stderr)
        return 1 if stale or orphans else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (OUT / name).write_bytes(data)
    for name in orphans:
        (OUT / name).unlink()
    print(f"wrote {len(files)} files to {OUT.relative_to(REPO)} ({len(stale)} changed, {len(orphans)} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
