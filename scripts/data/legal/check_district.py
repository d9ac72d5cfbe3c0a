#!/usr/bin/env python3
"""Check a district module of scripts/data/legal/districts/ (see its README.md).

Catches, before anything is generated: missing or misspelt fields, rule kinds and
parameters the engine does not know, applies_to values outside the check request's
enums, summaries copied from the quotation, and quotations that are not in the excerpt.

Usage:
    python3 scripts/data/legal/check_district.py scripts/data/legal/districts/txnd.py [...]
Exit status 1 when any module has a problem.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

DOCUMENT_SCOPES = {
    "brief_support", "brief_reply", "brief_opposition", "reconsideration_support", "reconsideration_reply", "letter",
    "discovery_letter", "proposed_findings", "affidavit", "settlement_statement", "objection_response",
    "rule_56_1_statement",
}
MOTION_TYPES = {
    "Rule_12", "Rule_56", "Rule_50", "Rule_59", "Rule_60", "Daubert", "TRO", "preliminary_injunction",
    "reconsideration", "discovery", "motion_to_amend", "motion_in_limine", "general",
}
FILING_ROLES = {"movant", "opponent", "reply"}
CLAIM_STATUTES = {"administrative_procedure_act", "freedom_of_information_act"}
SEVERITIES = {"CRITICAL", "WARNING", "INFO"}
CATEGORIES = {
    "PAGE_LIMIT", "WORD_LIMIT", "FORMAT", "CAPTION", "SIGNATURE", "PRIVACY", "STRUCTURE", "PMC", "FILING_GATE",
    "BUNDLING", "COURTESY_COPY", "PROCEDURE",
}
SECTION_FLAGS = {
    "has_toc", "has_toa", "has_certificate_of_compliance", "has_certificate_of_service", "has_numbered_paragraphs",
    "has_56_1_statement", "has_56_1_counterstatement", "has_proposed_amended_pleading", "has_verbatim_discovery_text",
    "has_conferral_certification", "has_notice_of_motion", "has_memorandum_of_law", "has_supporting_affidavits",
    "has_pro_se_sj_notice",
}
CAPTION_FLAGS = {"present", "has_court_name", "has_case_title", "has_docket_number", "has_document_designation"}
SIGNATURE_FLAGS = {
    "present", "has_attorney_name", "has_firm_name", "has_address", "has_email", "has_phone", "is_electronic_signature",
}
PRIVACY_FLAGS = {"contains_full_ssn", "contains_full_dob", "contains_minor_full_name", "contains_full_financial_account"}

# kind -> (category or None for any, required params, optional params)
KINDS = {
    "PageLimit": ("PAGE_LIMIT", {"max_pages"}, set()),
    "WordLimit": ("WORD_LIMIT", {"max_words"}, set()),
    "WordCount": ("WORD_LIMIT", {"max_deviation_pct"}, set()),
    "Format": ("FORMAT", set(), {"min_font_pt", "min_footnote_font_pt", "min_margin_inches", "line_spacing"}),
    "Caption": ("CAPTION", {"required_fields"}, set()),
    "Signature": ("SIGNATURE", {"required_fields"}, set()),
    "Privacy": ("PRIVACY", {"forbidden_fields"}, set()),
    "Structure": ("STRUCTURE", {"required_fields"}, {"min_pages", "on_missing"}),
    "Pmc": ("PMC", set(), set()),
    "FilingGate": ("FILING_GATE", set(), set()),
    "Bundling": ("BUNDLING", set(), set()),
    "CourtesyCopy": ("COURTESY_COPY", set(), {"min_pages"}),
    "Reference": (None, set(), set()),
}
FLAGS_OF = {"Caption": CAPTION_FLAGS, "Signature": SIGNATURE_FLAGS, "Structure": SECTION_FLAGS}
APPLIES_TO = {
    "document_scopes": DOCUMENT_SCOPES,
    "motion_types": MOTION_TYPES,
    "filing_roles": FILING_ROLES,
    "except_claims_under": CLAIM_STATUTES,
    "filer_pro_se": bool,
    "opposing_party_pro_se": bool,
    "pro_se_handwritten": bool,
    "handwritten_or_typewritten": bool,
}
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
KEY = re.compile(r"^[A-Za-z]+:[A-Za-z0-9_.()-]+$")
DOCUMENT_FIELDS = {
    "file", "title", "official_title", "short_title", "scope", "source_url", "version", "effective_date", "as_of",
    "read_from", "blocks",
}
RULE_FIELDS = {
    "rule_key", "category", "citation", "label", "summary", "severity", "applies_to", "params", "source_text", "source_url",
}
REQUIRED_RULE_FIELDS = RULE_FIELDS - {"applies_to", "params", "source_url"}

FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u00a0": " ",
    "\u00ad": "",
})


def normalize(text: str) -> str:
    """As engine/tests/source_documents.rs compares: quotes and dashes folded, whitespace collapsed."""
    return " ".join(text.translate(FOLD).split())


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def court_names() -> dict[str, str]:
    courts = json.loads((REPO / "data/courts/courts.json").read_text())["courts"]
    return {court["district_id"]: court["name"] for court in courts}


def check_applies_to(where: str, applies: object, problems: list[str]) -> None:
    if not isinstance(applies, dict) or not applies:
        problems.append(f"{where}: applies_to must be a non-empty object (leave it out to apply always)")
        return
    for field, value in applies.items():
        allowed = APPLIES_TO.get(field)
        if allowed is None:
            problems.append(f"{where}: applies_to.{field} is not a condition the engine knows ({sorted(APPLIES_TO)})")
        elif allowed is bool:
            if not isinstance(value, bool):
                problems.append(f"{where}: applies_to.{field} must be true or false")
        elif not isinstance(value, list) or not value:
            problems.append(f"{where}: applies_to.{field} must be a non-empty list")
        else:
            for item in value:
                if item not in allowed:
                    problems.append(f"{where}: applies_to.{field} has `{item}`, not one of {sorted(allowed)}")


def check_params(where: str, kind: str, params: dict, problems: list[str]) -> None:
    _, required, optional = KINDS[kind]
    for name in required - params.keys():
        problems.append(f"{where}: {kind} needs params.{name}")
    for name in params.keys() - required - optional:
        problems.append(f"{where}: {kind} does not read params.{name}")
    if kind == "Format" and len(params) != 1:
        problems.append(f"{where}: a Format rule has exactly one of {sorted(optional)}")
    for name in ("max_pages", "max_words", "min_pages"):
        if name in params and (not isinstance(params[name], int) or isinstance(params[name], bool) or params[name] < 1):
            problems.append(f"{where}: params.{name} must be a whole number of at least 1")
    for name in ("min_font_pt", "min_footnote_font_pt", "min_margin_inches", "max_deviation_pct"):
        if name in params and (not isinstance(params[name], (int, float)) or params[name] <= 0):
            problems.append(f"{where}: params.{name} must be a positive number")
    if "line_spacing" in params and params["line_spacing"] not in {"single", "one_and_a_half", "double"}:
        problems.append(f"{where}: params.line_spacing must be single, one_and_a_half or double")
    if "on_missing" in params and params["on_missing"] not in {"FAIL", "ACTION_REQUIRED"}:
        problems.append(f"{where}: params.on_missing must be FAIL or ACTION_REQUIRED")
    flags = FLAGS_OF.get(kind)
    if flags is not None:
        for flag in params.get("required_fields", []):
            if flag not in flags:
                problems.append(f"{where}: `{flag}` is not a flag of the {kind} check ({sorted(flags)})")
    if kind == "Privacy":
        for flag in params.get("forbidden_fields", []):
            if flag not in PRIVACY_FLAGS:
                problems.append(f"{where}: `{flag}` is not a privacy flag")


def check_module(path: Path) -> list[str]:
    problems: list[str] = []
    module = load(path)
    for name in ("DISTRICT_ID", "NAME", "DOCUMENT", "RULES", "GAPS"):
        if not hasattr(module, name):
            problems.append(f"missing {name}")
    if problems:
        return problems
    names = court_names()
    if module.DISTRICT_ID != path.stem:
        problems.append(f"DISTRICT_ID `{module.DISTRICT_ID}` differs from the file name `{path.stem}`")
    if names.get(module.DISTRICT_ID) != module.NAME:
        problems.append(f"NAME must be the courts.json name: {names.get(module.DISTRICT_ID)!r}")

    doc = module.DOCUMENT
    for field in DOCUMENT_FIELDS - doc.keys():
        problems.append(f"DOCUMENT needs `{field}`")
    for field in doc.keys() - DOCUMENT_FIELDS:
        problems.append(f"DOCUMENT has an unknown field `{field}`")
    if doc.get("file") != f"{module.DISTRICT_ID}-local-civil-rules-excerpt.pdf":
        problems.append(f"DOCUMENT.file must be {module.DISTRICT_ID}-local-civil-rules-excerpt.pdf")
    for field in ("effective_date", "as_of"):
        value = doc.get(field)
        if value is not None and not DATE.match(str(value)):
            problems.append(f"DOCUMENT.{field} must be YYYY-MM-DD or None")
    if not doc.get("as_of"):
        problems.append("DOCUMENT.as_of is required: the date the quoted text is confirmed in force")
    if not str(doc.get("source_url", "")).startswith("https://"):
        problems.append("DOCUMENT.source_url must be the court's https address")
    reads = doc.get("read_from") or []
    if not reads or not all(isinstance(r, dict) and r.get("url") and r.get("what") for r in reads):
        problems.append("DOCUMENT.read_from needs at least one {url, what}")
    blocks = doc.get("blocks") or []
    for index, block in enumerate(blocks):
        if not (isinstance(block, tuple) and len(block) == 2 and block[0] in {"h", "p", "note"} and block[1].strip()):
            problems.append(f"DOCUMENT.blocks[{index}] must be ('h'|'p'|'note', text)")
    excerpt = normalize(" ".join(text for kind, text in blocks if kind != "note"))
    # The engine's test compares against the PDF's text in reading order: a quotation may not
    # run across an omission.
    segments = []
    current: list[str] = []
    for kind, text in blocks:
        if kind == "note":
            segments.append(normalize(" ".join(current)))
            current = []
        else:
            current.append(text)
    segments.append(normalize(" ".join(current)))

    keys = set()
    for index, rule in enumerate(module.RULES):
        where = f"RULES[{index}] ({rule.get('rule_key', '?')})"
        for field in REQUIRED_RULE_FIELDS - rule.keys():
            problems.append(f"{where}: needs `{field}`")
        for field in rule.keys() - RULE_FIELDS:
            problems.append(f"{where}: unknown field `{field}`")
        key = rule.get("rule_key", "")
        if not KEY.match(key):
            problems.append(f"{where}: rule_key must be <Kind>:<name>")
            continue
        if key in keys:
            problems.append(f"{where}: duplicate rule_key")
        keys.add(key)
        kind = key.split(":", 1)[0]
        if kind not in KINDS:
            problems.append(f"{where}: unknown kind `{kind}` ({sorted(KINDS)})")
            continue
        category = KINDS[kind][0]
        if rule.get("category") not in CATEGORIES:
            problems.append(f"{where}: unknown category `{rule.get('category')}`")
        elif category is not None and rule["category"] != category:
            problems.append(f"{where}: a {kind} rule has category {category}")
        if rule.get("severity") not in SEVERITIES:
            problems.append(f"{where}: severity must be one of {sorted(SEVERITIES)}")
        check_params(where, kind, rule.get("params") or {}, problems)
        if kind in {"Reference", "Pmc", "FilingGate", "Bundling"} and rule.get("params"):
            problems.append(f"{where}: a {kind} rule takes no params")
        if "applies_to" in rule:
            check_applies_to(where, rule["applies_to"], problems)
        quote = normalize(rule.get("source_text", ""))
        if not quote:
            problems.append(f"{where}: source_text is empty")
        elif quote not in excerpt:
            problems.append(f"{where}: source_text is not in DOCUMENT.blocks (after folding quotes and whitespace)")
        elif "[...]" not in quote and not any(quote in segment for segment in segments):
            problems.append(f"{where}: source_text runs across an omission note")
        if "source_url" in rule and not str(rule["source_url"]).startswith("https://"):
            problems.append(f"{where}: source_url must be the court's own https address of the provision")
        summary = normalize(rule.get("summary", ""))
        if summary and len(summary) > 40 and summary in excerpt:
            problems.append(f"{where}: the summary is copied from the rule text; write it in our own words")
    for index, gap in enumerate(module.GAPS):
        if not (isinstance(gap, dict) and gap.get("provision") and gap.get("reason")):
            problems.append(f"GAPS[{index}] needs provision and reason")
    return problems


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    failed = False
    for name in argv:
        path = Path(name)
        try:
            problems = check_module(path)
        except Exception as error:  # a module that does not even import
            problems = [f"could not load: {error!r}"]
        if problems:
            failed = True
            print(f"{path}: {len(problems)} problem(s)")
            for problem in problems:
                print(f"  - {problem}")
        else:
            module = load(path)
            print(f"{path}: ok ({len(module.RULES)} rules, {len(module.GAPS)} gaps, as of {module.DOCUMENT['as_of']})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
