#!/usr/bin/env python3
"""Sanity checks for data/courts/courts.json and the holiday data (standard library only).

Run: python3 scripts/data/check_courts.py        (exit status 0 = all checks passed)
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
COURTS = REPO / "data" / "courts" / "courts.json"
COVERAGE = REPO / "data" / "courts" / "coverage.json"
HOLIDAYS = REPO / "data" / "holidays"

ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
CIRCUITS = {"1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "D.C."}
# 50 states, D.C. and the territories that have courts in the catalogue (USPS codes).
STATE_CODES = {
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ",
    "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT",
    "VA", "WA", "WV", "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP",
}
STATUSES = {"live", "coming_soon", "preview"}
FIELDS = {"district_id", "name", "kind", "circuit", "state", "status", "aliases",
          "former_ids", "courts_db_id", "citation_string", "url"}

failures: list[str] = []
passed = 0


def check(condition: bool, message: str) -> None:
    global passed
    if condition:
        passed += 1
    else:
        failures.append(message)


def check_courts() -> set[str]:
    doc = json.loads(COURTS.read_text(encoding="utf-8"))
    courts = doc["courts"]
    ids = [c["district_id"] for c in courts]

    check(all(set(c) == FIELDS for c in courts),
          f"every court has exactly the fields {sorted(FIELDS)}")
    fed = [c for c in courts if c["kind"] == "federal_district"]
    state = [c for c in courts if c["kind"] == "state"]
    check(len(fed) == 94, f"94 federal district courts (found {len(fed)})")
    check(len({c["district_id"] for c in fed}) == len(fed), "federal district ids are unique")
    check(len(fed) + len(state) == len(courts), "every court is federal_district or state")
    bad_ids = [i for i in ids if not ID_RE.match(i)]
    check(not bad_ids, f"ids match {ID_RE.pattern} (bad: {bad_ids[:5]})")
    aliases = [a for c in courts for a in c["aliases"]]
    bad_aliases = [a for a in aliases if not ID_RE.match(a)]
    check(not bad_aliases, f"aliases match {ID_RE.pattern} (bad: {bad_aliases[:5]})")
    check(all(isinstance(c["former_ids"], list) and all(isinstance(f, str) for f in c["former_ids"])
              for c in courts), "former_ids is a list of strings on every court")
    check(all(c["former_ids"] == sorted(set(c["former_ids"])) for c in courts),
          "former_ids are sorted and without repeats")
    former = [f for c in courts for f in c["former_ids"]]
    bad_former = [f for f in former if not ID_RE.match(f)]
    check(not bad_former, f"former ids match {ID_RE.pattern} (bad: {bad_former[:5]})")
    bad_prefix = [f for c in state for f in c["former_ids"] if not f.startswith(c["state"].lower() + "-")]
    check(not bad_prefix, f"state courts' former ids begin with their state's code (bad: {bad_prefix[:5]})")
    names = Counter(ids + aliases + former)
    dupes = sorted(n for n, k in names.items() if k > 1)
    check(not dupes, f"no duplicate ids, aliases or former ids across the catalogue (dupes: {dupes[:10]})")
    check(ids == sorted(ids, key=lambda i: (i not in {c['district_id'] for c in fed}, i)),
          "courts are sorted: federal districts first, then by district_id")

    for want in ("edny", "sdny", "ndny", "wdny"):
        check(want in ids, f"New York district '{want}' present")
    edny = next((c for c in courts if c["district_id"] == "edny"), {})
    check(edny.get("aliases") == ["nyed"], "edny has alias nyed")

    check(all(c["circuit"] in CIRCUITS for c in fed), "every federal court has a valid circuit")
    check(Counter(c["circuit"] for c in fed)["D.C."] == 1, "exactly one court in the D.C. Circuit")
    check(all(c["state"] in STATE_CODES for c in fed), "every federal court has a valid state code")
    check(all(c["circuit"] is None for c in state), "every state court has circuit null")
    bad_state = [c["district_id"] for c in state if c["state"] not in STATE_CODES]
    check(not bad_state, f"every state court has a valid state code (bad: {bad_state[:5]})")
    check(all(c["district_id"].startswith(c["state"].lower() + "-") for c in state),
          "state court ids begin with their state's two-letter code")
    check(all(c["courts_db_id"] for c in state), "every state court records its courts_db_id")
    check(all(c["status"] in STATUSES for c in courts), "status is live, coming_soon or preview")
    check(not any(c["status"] == "preview" for c in courts), "no invented preview courts")
    check(all(isinstance(c["name"], str) and c["name"].strip() for c in courts), "every court has a name")

    coverage = json.loads(COVERAGE.read_text(encoding="utf-8"))
    live = set(coverage["live"])
    check(live <= set(ids), f"every live court is in the catalogue (missing: {sorted(live - set(ids))})")
    actual_live = {c["district_id"] for c in courts if c["status"] == "live"}
    check(actual_live == live, "status live exactly for the courts in coverage.json")
    check({"edny", "sdny"} <= live, "edny and sdny are live")

    counts = doc.get("counts", {})
    check(counts.get("total") == len(courts) and counts.get("state") == len(state)
          and counts.get("federal_district") == len(fed), "counts block matches the data")
    src = doc.get("source", {}).get("courts_db", {})
    check(bool(src.get("version")) and bool(src.get("license")) and bool(src.get("url")),
          "source block records courts-db version, licence and URL")
    check((REPO / "data" / "courts" / "NOTICE.md").exists(), "data/courts/NOTICE.md exists")
    return set(ids)


def valid_date(text: str) -> bool:
    try:
        return dt.date.fromisoformat(text).isoformat() == text
    except (TypeError, ValueError):
        return False


def check_holidays(ids: set[str]) -> None:
    closures = json.loads((HOLIDAYS / "closures.json").read_text(encoding="utf-8"))
    for entry in closures["closures"]:
        where = f"closures.json {entry.get('holiday_date')} {entry.get('district_id')}"
        check(entry.get("district_id") == "*federal*" or entry.get("district_id") in ids,
              f"{where}: district_id is '*federal*' or a known court")
        check(valid_date(entry.get("holiday_date")), f"{where}: holiday_date is YYYY-MM-DD")
        check(entry.get("calendar_year") == int(entry["holiday_date"][:4]),
              f"{where}: calendar_year matches holiday_date")
        check(str(entry.get("source_url", "")).startswith("https://")
              or str(entry.get("source_url", "")).startswith("http://"),
              f"{where}: has a source_url")
        check(bool(entry.get("holiday_name")), f"{where}: has a holiday_name")

    for path in sorted((HOLIDAYS / "state").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        did = doc.get("district_id")
        check(did == path.stem, f"{path.name}: district_id matches the file name")
        check(did in ids, f"{path.name}: district_id is a court in courts.json")
        dates = [h["holiday_date"] for h in doc["holidays"]]
        check(len(dates) == len(set(dates)), f"{path.name}: no duplicate dates")
        check(dates == sorted(dates), f"{path.name}: holidays sorted by date")
        for h in doc["holidays"]:
            where = f"{path.name} {h.get('holiday_date')}"
            check(valid_date(h.get("holiday_date")), f"{where}: holiday_date is YYYY-MM-DD")
            check(h.get("calendar_year") == int(h["holiday_date"][:4]),
                  f"{where}: calendar_year matches holiday_date")
            check(str(h.get("source_url", "")).startswith("http"), f"{where}: has a source_url")
            check(bool(h.get("holiday_name")), f"{where}: has a holiday_name")
            check(dt.date.fromisoformat(h["holiday_date"]).weekday() < 5
                  or "saturday" in h.get("note", "").lower(),
                  f"{where}: a weekend date carries a note explaining it")
        years = {h["calendar_year"] for h in doc["holidays"]}
        check({2025, 2026, 2027} <= years, f"{path.name}: covers 2025, 2026 and 2027")


def main() -> None:
    ids = check_courts()
    check_holidays(ids)
    for message in failures:
        print(f"FAIL: {message}")
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
