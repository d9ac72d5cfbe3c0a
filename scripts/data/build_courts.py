#!/usr/bin/env python3
"""Build data/courts/courts.json: the court catalogue served by GET /api/v1/courts.

Two inputs:

1. The 94 U.S. district courts, from the hand-maintained table FEDERAL_DISTRICTS
   below (28 U.S.C. §§ 81-131 for the districts, 28 U.S.C. § 41 for the circuits,
   48 U.S.C. §§ 1424, 1611 and 1821 for the territorial courts of Guam, the Virgin
   Islands and the Northern Mariana Islands). Where courts-db knows the court, its
   id, citation string and URL are attached for provenance.
2. Current state courts from the Free Law Project's courts-db (PyPI package
   ``courts-db``, BSD-2-Clause), read from the JSON file bundled in the package.
   The selection rules are in ``select_state_courts`` and documented in
   data/README.md. Names are corrected by NAME_OVERRIDES and VA_CITY_CIRCUIT_COURTS;
   a court whose id a rename changed keeps its old id in ``former_ids`` (FORMER_IDS).

The coverage overlay data/courts/coverage.json (hand-maintained) says which courts
are ``live``; every other court is ``coming_soon``.

The output is deterministic: same courts-db version + same overlay -> byte-identical
JSON (sorted courts, sorted keys, no timestamps).

Usage:
    pip install courts-db==0.10.27
    python3 scripts/data/build_courts.py            # writes data/courts/courts.json
    python3 scripts/data/build_courts.py --check    # exit 1 if the file is stale
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.resources
import json
import re
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "data" / "courts" / "courts.json"
COVERAGE = REPO / "data" / "courts" / "coverage.json"

# The courts-db release this data was built from. A different installed version is an
# error (pass --allow-other-version to rebuild from it deliberately, then review the diff).
COURTS_DB_VERSION = "0.10.27"

# ---------------------------------------------------------------------------
# Federal district courts
# ---------------------------------------------------------------------------

# (district_id, name after "U.S. District Court for the " or a full name, circuit,
#  state/territory postal code, aliases, courts-db id)
# District ids follow PACER/CourtListener ("cand", "nysd", ...) except the four
# New York districts, which use the colloquial edny/sdny/ndny/wdny; the PACER
# spelling is kept as an alias.
_USDC = "U.S. District Court for the "
FEDERAL_DISTRICTS: list[tuple[str, str, str, str, list[str], str]] = [
    # 1st Circuit
    ("med", _USDC + "District of Maine", "1st", "ME", [], "med"),
    ("mad", _USDC + "District of Massachusetts", "1st", "MA", [], "mad"),
    ("nhd", _USDC + "District of New Hampshire", "1st", "NH", [], "nhd"),
    ("rid", _USDC + "District of Rhode Island", "1st", "RI", [], "rid"),
    ("prd", _USDC + "District of Puerto Rico", "1st", "PR", [], "prd"),
    # 2nd Circuit
    ("ctd", _USDC + "District of Connecticut", "2nd", "CT", [], "ctd"),
    ("edny", _USDC + "Eastern District of New York", "2nd", "NY", ["nyed"], "nyed"),
    ("ndny", _USDC + "Northern District of New York", "2nd", "NY", ["nynd"], "nynd"),
    ("sdny", _USDC + "Southern District of New York", "2nd", "NY", ["nysd"], "nysd"),
    ("wdny", _USDC + "Western District of New York", "2nd", "NY", ["nywd"], "nywd"),
    ("vtd", _USDC + "District of Vermont", "2nd", "VT", [], "vtd"),
    # 3rd Circuit
    ("ded", _USDC + "District of Delaware", "3rd", "DE", [], "ded"),
    ("njd", _USDC + "District of New Jersey", "3rd", "NJ", [], "njd"),
    ("paed", _USDC + "Eastern District of Pennsylvania", "3rd", "PA", [], "paed"),
    ("pamd", _USDC + "Middle District of Pennsylvania", "3rd", "PA", [], "pamd"),
    ("pawd", _USDC + "Western District of Pennsylvania", "3rd", "PA", [], "pawd"),
    ("vid", "District Court of the Virgin Islands", "3rd", "VI", [], "vid"),
    # 4th Circuit
    ("mdd", _USDC + "District of Maryland", "4th", "MD", [], "mdd"),
    ("nced", _USDC + "Eastern District of North Carolina", "4th", "NC", [], "nced"),
    ("ncmd", _USDC + "Middle District of North Carolina", "4th", "NC", [], "ncmd"),
    ("ncwd", _USDC + "Western District of North Carolina", "4th", "NC", [], "ncwd"),
    ("scd", _USDC + "District of South Carolina", "4th", "SC", [], "scd"),
    ("vaed", _USDC + "Eastern District of Virginia", "4th", "VA", [], "vaed"),
    ("vawd", _USDC + "Western District of Virginia", "4th", "VA", [], "vawd"),
    ("wvnd", _USDC + "Northern District of West Virginia", "4th", "WV", [], "wvnd"),
    ("wvsd", _USDC + "Southern District of West Virginia", "4th", "WV", [], "wvsd"),
    # 5th Circuit
    ("laed", _USDC + "Eastern District of Louisiana", "5th", "LA", [], "laed"),
    ("lamd", _USDC + "Middle District of Louisiana", "5th", "LA", [], "lamd"),
    ("lawd", _USDC + "Western District of Louisiana", "5th", "LA", [], "lawd"),
    ("msnd", _USDC + "Northern District of Mississippi", "5th", "MS", [], "msnd"),
    ("mssd", _USDC + "Southern District of Mississippi", "5th", "MS", [], "mssd"),
    ("txed", _USDC + "Eastern District of Texas", "5th", "TX", [], "txed"),
    ("txnd", _USDC + "Northern District of Texas", "5th", "TX", [], "txnd"),
    ("txsd", _USDC + "Southern District of Texas", "5th", "TX", [], "txsd"),
    ("txwd", _USDC + "Western District of Texas", "5th", "TX", [], "txwd"),
    # 6th Circuit
    ("kyed", _USDC + "Eastern District of Kentucky", "6th", "KY", [], "kyed"),
    ("kywd", _USDC + "Western District of Kentucky", "6th", "KY", [], "kywd"),
    ("mied", _USDC + "Eastern District of Michigan", "6th", "MI", [], "mied"),
    ("miwd", _USDC + "Western District of Michigan", "6th", "MI", [], "miwd"),
    ("ohnd", _USDC + "Northern District of Ohio", "6th", "OH", [], "ohnd"),
    ("ohsd", _USDC + "Southern District of Ohio", "6th", "OH", [], "ohsd"),
    ("tned", _USDC + "Eastern District of Tennessee", "6th", "TN", [], "tned"),
    ("tnmd", _USDC + "Middle District of Tennessee", "6th", "TN", [], "tnmd"),
    ("tnwd", _USDC + "Western District of Tennessee", "6th", "TN", [], "tnwd"),
    # 7th Circuit
    ("ilcd", _USDC + "Central District of Illinois", "7th", "IL", [], "ilcd"),
    ("ilnd", _USDC + "Northern District of Illinois", "7th", "IL", [], "ilnd"),
    ("ilsd", _USDC + "Southern District of Illinois", "7th", "IL", [], "ilsd"),
    ("innd", _USDC + "Northern District of Indiana", "7th", "IN", [], "innd"),
    ("insd", _USDC + "Southern District of Indiana", "7th", "IN", [], "insd"),
    ("wied", _USDC + "Eastern District of Wisconsin", "7th", "WI", [], "wied"),
    ("wiwd", _USDC + "Western District of Wisconsin", "7th", "WI", [], "wiwd"),
    # 8th Circuit
    ("ared", _USDC + "Eastern District of Arkansas", "8th", "AR", [], "ared"),
    ("arwd", _USDC + "Western District of Arkansas", "8th", "AR", [], "arwd"),
    ("iand", _USDC + "Northern District of Iowa", "8th", "IA", [], "iand"),
    ("iasd", _USDC + "Southern District of Iowa", "8th", "IA", [], "iasd"),
    ("mnd", _USDC + "District of Minnesota", "8th", "MN", [], "mnd"),
    ("moed", _USDC + "Eastern District of Missouri", "8th", "MO", [], "moed"),
    ("mowd", _USDC + "Western District of Missouri", "8th", "MO", [], "mowd"),
    ("ned", _USDC + "District of Nebraska", "8th", "NE", [], "ned"),
    ("ndd", _USDC + "District of North Dakota", "8th", "ND", [], "ndd"),
    ("sdd", _USDC + "District of South Dakota", "8th", "SD", [], "sdd"),
    # 9th Circuit
    ("akd", _USDC + "District of Alaska", "9th", "AK", [], "akd"),
    ("azd", _USDC + "District of Arizona", "9th", "AZ", [], "azd"),
    ("cacd", _USDC + "Central District of California", "9th", "CA", [], "cacd"),
    ("caed", _USDC + "Eastern District of California", "9th", "CA", [], "caed"),
    ("cand", _USDC + "Northern District of California", "9th", "CA", [], "cand"),
    ("casd", _USDC + "Southern District of California", "9th", "CA", [], "casd"),
    ("gud", "District Court of Guam", "9th", "GU", [], "gud"),
    ("hid", _USDC + "District of Hawaii", "9th", "HI", [], "hid"),
    ("idd", _USDC + "District of Idaho", "9th", "ID", [], "idd"),
    ("mtd", _USDC + "District of Montana", "9th", "MT", [], "mtd"),
    ("nmid", "District Court for the Northern Mariana Islands", "9th", "MP", [], "nmid"),
    ("nvd", _USDC + "District of Nevada", "9th", "NV", [], "nvd"),
    ("ord", _USDC + "District of Oregon", "9th", "OR", [], "ord"),
    ("waed", _USDC + "Eastern District of Washington", "9th", "WA", [], "waed"),
    ("wawd", _USDC + "Western District of Washington", "9th", "WA", [], "wawd"),
    # 10th Circuit
    ("cod", _USDC + "District of Colorado", "10th", "CO", [], "cod"),
    ("ksd", _USDC + "District of Kansas", "10th", "KS", [], "ksd"),
    ("nmd", _USDC + "District of New Mexico", "10th", "NM", [], "nmd"),
    ("oked", _USDC + "Eastern District of Oklahoma", "10th", "OK", [], "oked"),
    ("oknd", _USDC + "Northern District of Oklahoma", "10th", "OK", [], "oknd"),
    ("okwd", _USDC + "Western District of Oklahoma", "10th", "OK", [], "okwd"),
    ("utd", _USDC + "District of Utah", "10th", "UT", [], "utd"),
    ("wyd", _USDC + "District of Wyoming", "10th", "WY", [], "wyd"),
    # 11th Circuit
    ("almd", _USDC + "Middle District of Alabama", "11th", "AL", [], "almd"),
    ("alnd", _USDC + "Northern District of Alabama", "11th", "AL", [], "alnd"),
    ("alsd", _USDC + "Southern District of Alabama", "11th", "AL", [], "alsd"),
    ("flmd", _USDC + "Middle District of Florida", "11th", "FL", [], "flmd"),
    ("flnd", _USDC + "Northern District of Florida", "11th", "FL", [], "flnd"),
    ("flsd", _USDC + "Southern District of Florida", "11th", "FL", [], "flsd"),
    ("gamd", _USDC + "Middle District of Georgia", "11th", "GA", [], "gamd"),
    ("gand", _USDC + "Northern District of Georgia", "11th", "GA", [], "gand"),
    ("gasd", _USDC + "Southern District of Georgia", "11th", "GA", [], "gasd"),
    # D.C. Circuit
    ("dcd", _USDC + "District of Columbia", "D.C.", "DC", [], "dcd"),
]

# ---------------------------------------------------------------------------
# States and territories: courts-db `location` -> USPS code
# ---------------------------------------------------------------------------

STATE_CODES: dict[str, str] = {
    "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR",
    "California": "CA", "Colorado": "CO", "Connecticut": "CT", "Delaware": "DE",
    "Florida": "FL", "Georgia": "GA", "Hawaii": "HI", "Idaho": "ID",
    "Illinois": "IL", "Indiana": "IN", "Iowa": "IA", "Kansas": "KS",
    "Kentucky": "KY", "Louisiana": "LA", "Maine": "ME", "Maryland": "MD",
    "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN", "Mississippi": "MS",
    "Missouri": "MO", "Montana": "MT", "Nebraska": "NE", "Nevada": "NV",
    "New Hampshire": "NH", "New Jersey": "NJ", "New Mexico": "NM", "New York": "NY",
    "North Carolina": "NC", "North Dakota": "ND", "Ohio": "OH", "Oklahoma": "OK",
    "Oregon": "OR", "Pennsylvania": "PA", "Rhode Island": "RI", "South Carolina": "SC",
    "South Dakota": "SD", "Tennessee": "TN", "Texas": "TX", "Utah": "UT",
    "Vermont": "VT", "Virginia": "VA", "Washington": "WA", "West Virginia": "WV",
    "Wisconsin": "WI", "Wyoming": "WY",
    # D.C. and the territories are "state" courts in courts-db and carry their USPS code.
    "Washington D.C.": "DC", "Puerto Rico": "PR", "Guam": "GU",
    "Virgin Islands": "VI", "American Samoa": "AS", "Northern Mariana Islands": "MP",
}

# Full jurisdiction names used when shortening ids ("New York Supreme Court" -> "supreme-court").
JURISDICTION_NAMES: dict[str, str] = {code: name for name, code in STATE_CODES.items()}
JURISDICTION_NAMES["DC"] = "District of Columbia"

# ---------------------------------------------------------------------------
# State-court selection
# ---------------------------------------------------------------------------

KEEP_TYPES = {"trial", "appellate", "trial & iac"}

# Bodies that courts-db lists but that are not courts one files in.
NON_COURT = re.compile(
    r"\b(board|commission|commissioner|department|bureau|panel|committee|conference|"
    r"agency|office|attorney general|reports?|council)\b",
    re.IGNORECASE,
)

# Limited-jurisdiction local courts (municipal, town and village, police, mayor's,
# magistrate, small claims, juvenile, probate/surrogate's/orphans', family, problem-solving,
# county courts of limited jurisdiction). "X County Court of Common Pleas" is a
# general-jurisdiction court and is kept.
LIMITED_JURISDICTION = re.compile(
    r"municipal|justice court|justices? of the peace|\bjustice\b|town court|village court|"
    r"police court|mayor|magistrate|small claims|juvenile|children|probate|surrogate|"
    r"orphan|family court|drug court|mental health|city court|alderman|recorder|"
    r"insolvency|traffic|\bcounty courts?\b(?! of common pleas)",
    re.IGNORECASE,
)

# A county sub-location of an appellate court ("Court of Appeals of Ohio, Third District,
# Allen County") is not a separate court.
COUNTY_SUFFIX = re.compile(r", [A-Za-z .'-]+ County$")

# courts-db records excluded by hand, with the reason. Only clear cases: misspellings
# that duplicate a correctly spelled record, counties that do not exist, and courts
# abolished long ago whose courts-db record has no end date.
EXCLUDE: dict[str, str] = {
    "ohctcomplboss": "'Boss County' does not exist in Ohio; duplicate of Ross County (ohctcomplross)",
    "ohctcomplclarke": "Ohio has Clark County, not Clarke; duplicate of ohctcomplclark",
    "ohctcomplgalia": "misspelling of Gallia; duplicate of ohctcomplgallia",
    "ohctcomplgreen": "misspelling of Greene; duplicate of ohctcomplgreene",
    "ohctcompltascar": "misspelling of Tuscarawas; duplicate of ohctcompltuscar",
    "ohiodistct": "Ohio's district courts were abolished in 1883",
    "ohsuperctcinci": "the Superior Court of Cincinnati no longer exists",
    "ohiosuperct": "Ohio has no superior courts today",
    "conncirct": "Connecticut's Circuit Court was abolished in the 1970s (merged into the Superior Court)",
    "vtdistct": "Vermont's District Court was merged into the Superior Court in 2011",
    "cnmitrialct": "former name of the Commonwealth Superior Court (cnmisuperct)",
    "wvctcl": "replaced by the West Virginia Legislative Claims Commission, not a court",
    "pactcomplgreen": "misspelling of Greene; duplicate of pactcomplgreene",
    "pactcomplharris": "Harrisburg is a city, not a county; Dauphin County is pactcompldauphi",
    "pactcomplsunder": "misspelling of Snyder; duplicate of pactcomplsnyder",
    "pactcomplsynder": "misspelling of Snyder; duplicate of pactcomplsnyder",
    "pactcomplwycomi": "misspelling of Lycoming; duplicate of pactcompllycomi",
    "pacirct": "Pennsylvania has no circuit courts today",
    "vachanct": "Virginia's chancery courts were merged into the circuit courts",
    "vachanctnorf": "Virginia's chancery courts were merged into the circuit courts",
    "vachanctrich": "Virginia's chancery courts were merged into the circuit courts",
    "ctchansc": "South Carolina's Court of Chancery was abolished in the nineteenth century",
    "superctsc": "South Carolina has no superior court today",
    "lasuperct": "Louisiana's superior court was abolished in the nineteenth century",
    "delgensess": "Delaware's Court of General Sessions was replaced by the Superior Court",
    "colctyctmeyer": "'Meyer County' does not exist in Colorado",
    "gasuperctclark": "Georgia has Clarke County, not Clark; duplicate of gasuperctclarke",
    "dccrimct": "no separate criminal court exists in D.C. today; the Superior Court hears criminal cases",
    "nyprobsolvct": "a family of court parts (drug, mental-health ... courts), not one court",
}

# Display-name corrections (typos in courts-db, missing "County", official names).
# The id is derived from the corrected name.
NAME_OVERRIDES: dict[str, str] = {
    "calsuppctla": "Superior Court of California, County of Los Angeles",
    "calsuppctsf": "Superior Court of California, County of San Francisco",
    "nysupctnewyork": "New York Supreme Court, New York County",
    "nysupctoneida": "New York Supreme Court, Oneida County",
    "nysupctulster": "New York Supreme Court, Ulster County",
    "nysupctsntlw": "New York Supreme Court, St. Lawrence County",
    "nysupctstbn": "New York Supreme Court, Steuben County",
    "nysupctalbany": "New York Supreme Court, Albany County",
    "nysupctctrgs": "New York Supreme Court, Cattaraugus County",
    "nysupctcayuga": "New York Supreme Court, Cayuga County",
    "nysupctchenango": "New York Supreme Court, Chenango County",
    "nysupctclinton": "New York Supreme Court, Clinton County",
    "nysupctkings": "New York Supreme Court, Kings County",
    "nysupctniagra": "New York Supreme Court, Niagara County",
    "nysupctren": "New York Supreme Court, Rensselaer County",
    "nysupctqueens": "New York Supreme Court, Queens County",
    "nysupctwster": "New York Supreme Court, Westchester County",
    "nyappdiv": "Appellate Division of the Supreme Court of New York",
    "nycrimctbronx": "Criminal Court of the City of New York, Bronx County",
    "nycrimctkings": "Criminal Court of the City of New York, Kings County",
    "nycrimctnyc": "Criminal Court of the City of New York, New York County",
    "nycrimctqueens": "Criminal Court of the City of New York, Queens County",
    "nycrimctrichm": "Criminal Court of the City of New York, Richmond County",
    "texapp": "Texas Courts of Appeals",
    "md": "Supreme Court of Maryland",
    "mdctspecapp": "Appellate Court of Maryland",
    "washsuperct": "Washington Superior Court",
    "pactcomplallegh": "Allegheny County Court of Common Pleas",
    "gasuperctserive": "Screven County Superior Court, Ga.",
    "gasupercttallia": "Taliaferro County Superior Court, Ga.",
    # Virginia circuit courts that serve a county together with an independent city
    # (courts-db garbles the pairs; Va. Code § 17.1-500 and the clerks' own usage):
    # - courts-db "Williamsburg and James County Circuit Court": the court is for the City
    #   of Williamsburg and James City County (§ 17.1-500; courts-db's own regex lists
    #   "Williamsburg and James City County Circuit Court").
    "vaccwilliams": "Williamsburg and James City County Circuit Court",
    # - courts-db "York County Poquoson County Circuit Court": York County and the City of
    #   Poquoson share one circuit court; its clerk calls it the "York County-Poquoson
    #   Circuit Court" (ypcircuitcourt.com). Poquoson is a city, not a county.
    "vaccyork": "York County-Poquoson Circuit Court",
    # - courts-db "Wise & Norton County Circuit Court": Wise County and the City of Norton
    #   share one circuit court and clerk ("Clerk of Court for Wise County & the city of
    #   Norton"); Norton is a city, not a county.
    "vaccwise": "Wise County and City of Norton Circuit Court",
    # County spellings: the official names are "DeSoto County", Florida (the Twelfth Judicial
    # Circuit, jud12.flcourts.org, and the county's clerk spell it so) and "McLean County",
    # Kentucky (KRS 23A.020). The id of the McLean court does not change (ids are lower case).
    "flacirct12des": "Circuit Court of the 12th Judicial Circuit of Florida, DeSoto County",
    "kycirctmclean": "McLean Circuit Court, Kentucky",
}

# Virginia's independent cities that have a circuit court of their own. Va. Code § 17.1-500
# establishes a circuit court for every county, for the City of Williamsburg and James City
# County, and for the Cities of Alexandria, Bristol, Buena Vista, Charlottesville, Chesapeake,
# Colonial Heights, Danville, Fredericksburg, Hampton, Hopewell, Lynchburg, Martinsville,
# Newport News, Norfolk, Petersburg, Portsmouth, Radford, Richmond, Roanoke, Salem, Staunton,
# Suffolk, Virginia Beach, Waynesboro and Winchester. courts-db names the city courts
# "<City> County Circuit Court", but these are cities, not counties. They are named as
# Virginia's Judicial System (vacourts.gov) names them: "<City> Circuit Court" ("Chesapeake
# Circuit Court", "Norfolk Circuit Court", "Virginia Beach Circuit Court").
# Not listed: Richmond and Roanoke, which courts-db already names "Richmond City Circuit
# Court" and "Roanoke City Circuit Court" (vacourts' form where a county has the same name),
# and Williamsburg, whose court it shares with James City County (NAME_OVERRIDES).
# The other independent cities share the circuit court of a county and have no record here.
# courts-db id -> city. The build fails if a record is missing or its courts-db name does not
# begin with the city's name.
VA_CITY_CIRCUIT_COURTS: dict[str, str] = {
    # courts-db "Alexandria County Circuit Court": Alexandria County was renamed Arlington
    # County in 1920 (Arlington County Circuit Court is vaccarlington). This open-ended record
    # (regex "Alexandria (County)? ?Circuit Court", citation "Alexandria Cir. Ct.") is the
    # circuit court of the City of Alexandria.
    "vaccalexandria": "Alexandria",
    "vaccbristol": "Bristol",
    "vaccbuenavista": "Buena Vista",
    "vacccharlottesv": "Charlottesville",
    "vaccchesapeake": "Chesapeake",
    "vacccolonialh": "Colonial Heights",
    "vaccdanville": "Danville",
    "vaccfredericksb": "Fredericksburg",
    "vacchampton": "Hampton",
    "vacchopewell": "Hopewell",
    "vacclynchburg": "Lynchburg",
    "vaccmartinsvill": "Martinsville",
    "vaccnewportnew": "Newport News",
    # courts-db "Norfolk County Circuit Court": Norfolk County merged with the City of South
    # Norfolk in 1963 to form the City of Chesapeake (Chesapeake Circuit Court is
    # vaccchesapeake). This open-ended record (regex "Norfolk (County)? ?Circuit Court",
    # citation "Norfolk Cir. Ct.") is the circuit court of the City of Norfolk.
    "vaccnorfolk": "Norfolk",
    "vaccpetersburg": "Petersburg",
    "vaccportsmouth": "Portsmouth",
    "vaccradford": "Radford",
    "vaccsalem": "Salem",
    "vaccstaunton": "Staunton",
    "vaccsuffolk": "Suffolk",
    "vaccvabeach": "Virginia Beach",
    "vaccwaynesboro": "Waynesboro",
    "vaccwinchester": "Winchester",
}

# Ids the catalogue published before a court was renamed (NAME_OVERRIDES,
# VA_CITY_CIRCUIT_COURTS), so that an old id keeps naming the same court: courts-db id ->
# former district_ids. Written out, not recomputed, so that they never move. A former id is
# never the id or alias of any court (the build checks). Add the old id here whenever a
# rename changes an id.
FORMER_IDS: dict[str, list[str]] = {
    # Virginia independent-city circuit courts (VA_CITY_CIRCUIT_COURTS), renamed in 2026-11.
    "vaccalexandria": ["va-alexandria-county-circuit-court"],
    "vaccbristol": ["va-bristol-county-circuit-court"],
    "vaccbuenavista": ["va-buena-vista-county-circuit-court"],
    "vacccharlottesv": ["va-charlottesville-county-circuit-court"],
    "vaccchesapeake": ["va-chesapeake-county-circuit-court"],
    "vacccolonialh": ["va-colonial-heights-county-circuit-court"],
    "vaccdanville": ["va-danville-county-circuit-court"],
    "vaccfredericksb": ["va-fredericksburg-county-circuit-court"],
    "vacchampton": ["va-hampton-county-circuit-court"],
    "vacchopewell": ["va-hopewell-county-circuit-court"],
    "vacclynchburg": ["va-lynchburg-county-circuit-court"],
    "vaccmartinsvill": ["va-martinsville-county-circuit-court"],
    "vaccnewportnew": ["va-newport-news-county-circuit-court"],
    "vaccnorfolk": ["va-norfolk-county-circuit-court"],
    "vaccpetersburg": ["va-petersburg-county-circuit-court"],
    "vaccportsmouth": ["va-portsmouth-county-circuit-court"],
    "vaccradford": ["va-radford-county-circuit-court"],
    "vaccsalem": ["va-salem-county-circuit-court"],
    "vaccstaunton": ["va-staunton-county-circuit-court"],
    "vaccsuffolk": ["va-suffolk-county-circuit-court"],
    "vaccvabeach": ["va-beach-county-circuit-court"],
    "vaccwaynesboro": ["va-waynesboro-county-circuit-court"],
    "vaccwinchester": ["va-winchester-county-circuit-court"],
    # Virginia county-and-city circuit courts (NAME_OVERRIDES), renamed in 2026-11.
    "vaccwilliams": ["va-williamsburg-and-james-county-circuit-court"],
    "vaccwise": ["va-wise-and-norton-county-circuit-court"],
    "vaccyork": ["va-york-county-poquoson-county-circuit-court"],
    # "De Soto" -> "DeSoto" (NAME_OVERRIDES), renamed in 2026-11.
    "flacirct12des": ["fl-circuit-court-of-the-12th-judicial-circuit-de-soto-county"],
}


def state_court_name(court: dict) -> str:
    """The catalogue name of a courts-db record: NAME_OVERRIDES, then the Virginia
    independent-city rule (VA_CITY_CIRCUIT_COURTS), else the courts-db name."""
    if court["id"] in NAME_OVERRIDES:
        return NAME_OVERRIDES[court["id"]]
    city = VA_CITY_CIRCUIT_COURTS.get(court["id"])
    if city is not None:
        return f"{city} Circuit Court"
    return court["name"]


def is_open(court: dict) -> bool:
    """True when one of the court's date ranges has no end (courts-db: still sitting)."""
    return any(r.get("end") is None for r in court.get("dates") or [])


def is_current(court: dict, by_id: dict[str, dict]) -> bool:
    """Current = open itself and every ancestor (``parent`` chain) open too.

    courts-db leaves many historical child records without an end date while the
    parent record is closed (e.g. Ohio's circuit courts, abolished 1912)."""
    seen = set()
    node: dict | None = court
    while node is not None and node["id"] not in seen:
        seen.add(node["id"])
        if not is_open(node):
            return False
        node = by_id.get(node.get("parent") or "")
    return True


def ancestors(court: dict, by_id: dict[str, dict]):
    seen = {court["id"]}
    node = by_id.get(court.get("parent") or "")
    while node is not None and node["id"] not in seen:
        seen.add(node["id"])
        yield node
        node = by_id.get(node.get("parent") or "")


def select_state_courts(records: list[dict]) -> list[dict]:
    """Apply the documented selection rules; returns courts-db records."""
    by_id = {c["id"]: c for c in records}

    step1 = [
        c for c in records
        if c.get("system") == "state"                      # state, D.C. and territorial courts
        and c.get("location") in STATE_CODES                # tied to one state/territory
        and is_current(c, by_id)                            # no end date, nor on any ancestor
        and c.get("active") is not False
        and (c.get("type") or "") in KEEP_TYPES             # trial and appellate courts
        and not NON_COURT.search(c["name"])                 # not boards, agencies, AG reports
        and not LIMITED_JURISDICTION.search(c["name"])      # not limited-jurisdiction local courts
        and c["id"] not in EXCLUDE                          # hand-checked exclusions
    ]
    kept = {c["id"] for c in step1}

    # Drop county sub-locations of appellate courts.
    def is_appellate_location(c: dict) -> bool:
        return bool(COUNTY_SUFFIX.search(c["name"])) and any(
            a.get("type") == "appellate" and a["id"] in kept for a in ancestors(c, by_id)
        )

    step2 = [c for c in step1 if not is_appellate_location(c)]

    # Keep leaves only: a record that is the parent of another kept record is a grouping
    # ("New York Supreme Court" over its 62 county courts), not the court one files in.
    parents = {c.get("parent") for c in step2 if c.get("parent")}
    return [c for c in step2 if c["id"] not in parents]


# ---------------------------------------------------------------------------
# Ids
# ---------------------------------------------------------------------------


# Places whose name begins with their state's name: a leading state name that is part of
# such a place name is not dropped ("Virginia Beach Circuit Court" ->
# "va-virginia-beach-circuit-court", not "va-beach-circuit-court").
PLACES_NAMED_FOR_STATE: dict[str, tuple[str, ...]] = {
    "VA": ("virginia-beach-",),
}


def slugify(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = text.lower().replace("&", " and ")
    text = re.sub(r"['\u2019]", "", text)
    text = re.sub(r"[^a-z0-9]+", "-", text)
    return text.strip("-")


def state_court_id(name: str, code: str) -> str:
    """``<state code>-<hyphenated name without the state's own name>``.

    "New York Supreme Court, New York County" -> "ny-supreme-court-new-york-county"
    "Supreme Court of Pennsylvania"           -> "pa-supreme-court"
    "Burke County Superior Court, Ga."        -> "ga-burke-county-superior-court"
    "Virginia Beach Circuit Court"            -> "va-virginia-beach-circuit-court"
    """
    slug = slugify(name)
    state = slugify(JURISDICTION_NAMES[code])
    lc = code.lower()
    dotted = "-".join(lc)  # "N.Y." -> "n-y"
    # "... of [the] [State|Commonwealth of] <state>", unless it names a county called
    # <state> ("new-york-county") or sits in "City of New York".
    slug = re.sub(
        rf"(?<!city)-of-(?:the-)?(?:(?:state|commonwealth)-of-(?:the-)?)?{state}(?=-|$)(?!-county(?!-of))",
        "",
        slug,
    )
    if (slug.startswith(state + "-") and not slug.startswith(state + "-county")
            and not slug.startswith(PLACES_NAMED_FOR_STATE.get(code, ()))):
        slug = slug[len(state) + 1:]
    for suffix in (state, lc, dotted):
        if slug.endswith("-" + suffix):
            slug = slug[: -len(suffix) - 1]
    if slug.startswith("the-"):
        slug = slug[4:]
    return f"{lc}-{slug}"


# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------


def none_if_empty(value):
    return value if value not in ("", None) else None


def load_courts_db(allow_other_version: bool) -> tuple[list[dict], str, str]:
    try:
        version = importlib.metadata.version("courts-db")
    except importlib.metadata.PackageNotFoundError:
        sys.exit("courts-db is not installed: pip install courts-db==" + COURTS_DB_VERSION)
    if version != COURTS_DB_VERSION and not allow_other_version:
        sys.exit(
            f"courts-db {version} is installed but this data is pinned to {COURTS_DB_VERSION}; "
            f"pip install courts-db=={COURTS_DB_VERSION}, or pass --allow-other-version and "
            "update COURTS_DB_VERSION after reviewing the diff"
        )
    raw = (importlib.resources.files("courts_db") / "data" / "courts.json").read_bytes()
    return json.loads(raw), version, hashlib.sha256(raw).hexdigest()


def build(allow_other_version: bool = False) -> str:
    records, version, sha256 = load_courts_db(allow_other_version)
    by_id = {c["id"]: c for c in records}
    coverage = json.loads(COVERAGE.read_text(encoding="utf-8"))
    live = set(coverage["live"])

    courts: list[dict] = []
    for district_id, name, circuit, state, aliases, cdb_id in FEDERAL_DISTRICTS:
        cdb = by_id.get(cdb_id)
        courts.append({
            "district_id": district_id,
            "name": name,
            "kind": "federal_district",
            "circuit": circuit,
            "state": state,
            "aliases": sorted(aliases),
            "former_ids": [],
            "courts_db_id": cdb_id if cdb else None,
            "citation_string": none_if_empty(cdb.get("citation_string")) if cdb else None,
            "url": none_if_empty(cdb.get("court_url")) if cdb else None,
        })

    selected = select_state_courts(records)
    selected_ids = {c["id"] for c in selected}
    for cdb_id, city in sorted(VA_CITY_CIRCUIT_COURTS.items()):
        if cdb_id not in selected_ids:
            sys.exit(f"VA_CITY_CIRCUIT_COURTS: {cdb_id} is not a selected courts-db record; review the table")
        if not by_id[cdb_id]["name"].startswith(city + " "):
            sys.exit(f"VA_CITY_CIRCUIT_COURTS: {cdb_id} is {by_id[cdb_id]['name']!r}, not a court of "
                     f"{city}; review the table")
    stale = sorted(set(FORMER_IDS) - selected_ids)
    if stale:
        sys.exit(f"FORMER_IDS lists courts-db records that are not in the catalogue: {stale}")

    state_rows = []
    for c in selected:
        code = STATE_CODES[c["location"]]
        name = state_court_name(c)
        state_rows.append({
            "district_id": state_court_id(name, code),
            "name": name,
            "kind": "state",
            "circuit": None,
            "state": code,
            "aliases": [],
            "former_ids": sorted(FORMER_IDS.get(c["id"], [])),
            "courts_db_id": c["id"],
            "citation_string": none_if_empty(c.get("citation_string")),
            "url": none_if_empty(c.get("court_url")),
        })
    # Two records that shorten to the same id both get their courts-db id appended.
    seen: dict[str, int] = {}
    for row in state_rows:
        seen[row["district_id"]] = seen.get(row["district_id"], 0) + 1
    for row in state_rows:
        if seen[row["district_id"]] > 1:
            row["district_id"] = f"{row['district_id']}-{slugify(row['courts_db_id'])}"
    courts.extend(state_rows)

    for court in courts:
        court["status"] = "live" if court["district_id"] in live else "coming_soon"

    ids = [c["district_id"] for c in courts]
    # Ids, aliases and former ids share one namespace: each names exactly one court.
    names_in_use = (ids + [a for c in courts for a in c["aliases"]]
                    + [f for c in courts for f in c["former_ids"]])
    if len(set(names_in_use)) != len(names_in_use):
        dupes = sorted({i for i in names_in_use if names_in_use.count(i) > 1})
        sys.exit(f"duplicate district ids, aliases or former ids: {dupes}")
    bad_former = sorted(
        f for c in courts for f in c["former_ids"]
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", f)
        or (c["kind"] == "state" and not f.startswith(c["state"].lower() + "-"))
    )
    if bad_former:
        sys.exit(f"former ids must be well-formed (state courts: with their state's prefix): {bad_former}")
    missing = sorted(live - set(ids))
    if missing:
        sys.exit(f"coverage.json lists live courts that are not in the catalogue: {missing}")

    kind_order = {"federal_district": 0, "state": 1}
    courts.sort(key=lambda c: (kind_order[c["kind"]], c["district_id"]))

    doc = {
        "schema_version": 1,
        "source": {
            "generator": "scripts/data/build_courts.py",
            "federal_districts": (
                "Hand-maintained table in the generator: 28 U.S.C. §§ 81-131 (districts), "
                "28 U.S.C. § 41 (circuits), 48 U.S.C. §§ 1424, 1611, 1821 (territorial courts)."
            ),
            "state_courts": "Selected from courts-db; selection rules in data/README.md.",
            "coverage": "data/courts/coverage.json (hand-maintained list of live courts).",
            "courts_db": {
                "package": "courts-db",
                "version": version,
                "courts_json_sha256": sha256,
                "license": "BSD-2-Clause",
                "copyright": "Copyright (c) 2020, Free Law Project",
                "url": "https://github.com/freelawproject/courts-db",
                "pypi": "https://pypi.org/project/courts-db/",
            },
        },
        "attribution": (
            "State-court records (names, courts-db ids, citation strings, URLs) and the "
            "courts-db cross-references of federal courts are derived from courts-db by "
            "Free Law Project, used under the BSD 2-Clause License; see data/courts/NOTICE.md."
        ),
        "counts": {
            "total": len(courts),
            "federal_district": sum(c["kind"] == "federal_district" for c in courts),
            "state": sum(c["kind"] == "state" for c in courts),
            "live": sum(c["status"] == "live" for c in courts),
        },
        "courts": courts,
    }
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if courts.json is not up to date")
    parser.add_argument("--allow-other-version", action="store_true",
                        help="build from an installed courts-db other than the pinned one")
    args = parser.parse_args()
    text = build(args.allow_other_version)
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            sys.exit(f"{OUT.relative_to(REPO)} is out of date; run scripts/data/build_courts.py")
        print(f"{OUT.relative_to(REPO)} is up to date")
        return
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    counts = json.loads(text)["counts"]
    print(f"wrote {OUT.relative_to(REPO)}: {counts}")


if __name__ == "__main__":
    main()
