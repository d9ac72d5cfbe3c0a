"""D. Idaho local civil rules (district module; see README.md in this folder).

Quoted from the court's own per-rule web page for Dist. Idaho Loc. Civ. R. 7.1 ("District Local
Rule Civ 7.1 (Civil) [v. 4]", served by the court's Content_Fetcher system at idp.uscourts.gov, a
host of the District of Idaho's site). Only the opening of that page could be read: LR 7.1(a) and
the first sentence of LR 7.1(b)(1). The page carries no date of its own.

Dating: the court's own pages state the edition of the local rules it links to. Its "District
Self Representation (Pro Se)" resources page (id.uscourts.gov, page banner "FRIDAY, JUNE 14, 2024")
lists the District Local Civil Rules, including "Motion Practice", under "Revised and adopted
January 2, 2024"; its local-rules announcement page (id.uscourts.gov, Archived_Redlined_Rules.cfm)
says "Revised and adopted January 2, 2025". Which of those editions the stored LR 7.1 page belongs
to cannot be seen on the page, so as_of is the January 2, 2024 edition statement (read on a page
dated June 14, 2024), and whether the January 2, 2025 revision touched LR 7.1 is listed in GAPS.
The court's judges' motion-practice pages (undated) refer to the same "20 page limit for briefs,
Dist. Idaho Loc. R. 7.1(b)(1)"; they are corroboration only and are not quoted.
"""

DISTRICT_ID = "idd"
NAME = "U.S. District Court for the District of Idaho"

_URL = "https://www.id.uscourts.gov/"
_LR_7_1 = "https://idp.uscourts.gov/Content_Fetcher/index.cfml/District_Local_Rule_Civ_7.1_3864.htm?Content_ID=3864"

LR_7_1_A_2_LIMIT = (
    "No memorandum of points and authorities in support of or in opposition to a motion may exceed twenty (20) pages "
    "in length, nor may a reply brief exceed ten (10) pages in length, without express leave of the Court which will "
    "be granted only under unusual circumstances."
)
LR_7_1_A_2_FONTS = (
    "The use of small fonts and/or minimal spacing to comply with the page limitation is not acceptable."
)
LR_7_1_A_3 = (
    "Documents submitted in response to, in support of, or in opposition to other documents must be clearly labeled "
    "with the docket number of the motion in the caption."
)
LR_7_1_A_5 = (
    "Any party, either proposing or opposing a motion or other application, who does not intend to urge or oppose the "
    "same must immediately notify opposing counsel and the Clerk of Court by filing a pleading titled "
    "\u201cNon-Opposition to Motion.\u201d"
)
LR_7_1_B_1 = (
    "Each motion, other than a routine or uncontested matter, must be accompanied by a separate brief, not to exceed "
    "twenty (20) pages, containing all of the reasons and points and authorities relied upon by the moving party."
)

DOCUMENT = {
    "file": "idd-local-civil-rules-excerpt.pdf",
    "title": "Local Civil Rules of the U.S. District Court for the District of Idaho (excerpt)",
    "official_title": "District Local Civil Rules",
    "short_title": "D. Idaho Loc. Civ. R.",
    "scope": "Loc. Civ. R. 7.1(a)-(b) (motion papers and brief length) only; the form of papers is not encoded",
    "source_url": _URL,
    "version": "site-lr7.1-v4-2024-01-02",
    # The per-rule page states no effective date, and the edition statements read belong to index
    # pages, not to the quoted text; no effective date is asserted.
    "effective_date": None,
    # The court's dated statement of the edition its rule pages belonged to, on a page dated June 14, 2024.
    "as_of": "2024-01-02",
    "read_from": [
        {
            "url": _LR_7_1,
            "what": "the court's page 'District Local Rule Civ 7.1 (Civil) [v. 4]' (Motion Practice), stored copy, "
                    "undated; read through LR 7.1(a)(6) and the first sentence of LR 7.1(b)(1) only",
        },
        {
            "url": "https://www.id.uscourts.gov/district/pro_se/Resources.cfm",
            "what": "the court's 'District Self Representation (Pro Se)' resources page, stored copy with page banner "
                    "'FRIDAY, JUNE 14, 2024': lists the District Local Civil Rules (including 'Motion Practice') as "
                    "'Revised and adopted January 2, 2024' (used only to date the edition)",
        },
        {
            "url": "https://www.id.uscourts.gov/district/forms_fees_rules/Archived_Redlined_Rules.cfm",
            "what": "the court's announcement page 'Local Rules of Civil and Criminal Practice, Revised and adopted "
                    "January 2, 2025' (opening only; which rules changed could not be read)",
        },
        {
            "url": "https://idd.uscourts.gov/print_content.cfml?ID=1025&O=1633&S=Motion+Practices&T=U.S.+Magistrate+Judge+Debora+K.+Grasham",
            "what": "a magistrate judge's motion-practice page on the court's site, undated: refers to the '20 page "
                    "limit for briefs, Dist. Idaho Loc. R. 7.1(b)(1)' (corroboration only; not quoted)",
        },
    ],
    "blocks": [
        ("h", "District Local Rule Civ 7.1 (Civil) \u2014 Motion Practice"),
        ("p", "(a) General Requirements."),
        ("note", "[...] (LR 7.1(a)(1) omitted)"),
        ("p", "(2) " + LR_7_1_A_2_LIMIT + " " + LR_7_1_A_2_FONTS),
        ("p", "(3) " + LR_7_1_A_3),
        ("note", "[...] (LR 7.1(a)(4) omitted)"),
        ("p", "(5) " + LR_7_1_A_5),
        ("note", "[...] (LR 7.1(a)(6) omitted)"),
        ("p", "(b) Requirements for Submission--Moving Party."),
        ("p", "(1) " + LR_7_1_B_1),
        ("note", "[...] (the rest of LR 7.1(b)(1) and the remainder of LR 7.1 could not be read)"),
    ],
}

SUPPORT_OPPOSITION = ["brief_support", "brief_opposition", "reconsideration_support"]
REPLIES = ["brief_reply", "reconsideration_reply"]

RULES = [
    {
        "rule_key": "PageLimit:memorandum",
        "category": "PAGE_LIMIT",
        "citation": "D. Idaho Loc. Civ. R. 7.1(a)(2), 7.1(b)(1)",
        "label": "Length of supporting and opposing memoranda",
        "summary": "A memorandum for or against any motion is capped at 20 pages; going over needs the court's express "
                   "leave, which is given only in unusual circumstances. The rule does not say which pages count; the "
                   "check compares body pages.",
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION},
        "params": {"max_pages": 20},
        "source_text": LR_7_1_A_2_LIMIT,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "PageLimit:reply",
        "category": "PAGE_LIMIT",
        "citation": "D. Idaho Loc. Civ. R. 7.1(a)(2)",
        "label": "Length of reply briefs",
        "summary": "A reply brief may run to 10 pages at most unless the court expressly allows more. Which pages count "
                   "is not stated; the check compares body pages.",
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": REPLIES},
        "params": {"max_pages": 10},
        "source_text": LR_7_1_A_2_LIMIT,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:no-squeezing",
        "category": "FORMAT",
        "citation": "D. Idaho Loc. Civ. R. 7.1(a)(2)",
        "label": "No shrinking type or spacing to fit the page limit",
        "summary": "Reducing the type size or tightening line spacing to get under the page limit is not permitted. The "
                   "rule read sets no numeric type size or spacing, so nothing is measured here.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION + REPLIES},
        "source_text": LR_7_1_A_2_FONTS,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:separate-brief",
        "category": "PROCEDURE",
        "citation": "D. Idaho Loc. Civ. R. 7.1(b)(1)",
        "label": "Separate supporting brief",
        "summary": "Except for routine or uncontested matters, a motion must come with its own separate brief setting out "
                   "every reason and authority the movant relies on.",
        "severity": "INFO",
        "applies_to": {"document_scopes": ["brief_support", "reconsideration_support"], "filing_roles": ["movant"]},
        "source_text": LR_7_1_B_1,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:docket-number-in-caption",
        "category": "CAPTION",
        "citation": "D. Idaho Loc. Civ. R. 7.1(a)(3)",
        "label": "Motion's docket number in the caption",
        "summary": "Papers filed for or against a motion, or in answer to another filing, must show the docket number of "
                   "the motion they concern in their caption.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": ["brief_opposition", "brief_reply", "reconsideration_reply"]},
        "source_text": LR_7_1_A_3,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:non-opposition",
        "category": "PROCEDURE",
        "citation": "D. Idaho Loc. Civ. R. 7.1(a)(5)",
        "label": "Notice of non-opposition",
        "summary": "A party that decides not to press, or not to contest, a motion must tell opposing counsel and the Clerk "
                   "at once by filing a paper titled \"Non-Opposition to Motion\".",
        "severity": "INFO",
        "source_text": LR_7_1_A_5,
        "source_url": _LR_7_1,
    },
]

GAPS = [
    {
        "provision": "Currency of the quoted LR 7.1 text (edition of January 2, 2025)",
        "reason": "The LR 7.1 page read is undated ('[v. 4]'). The court's resources page dated June 14, 2024 shows "
                  "the rules as 'Revised and adopted January 2, 2024', and its announcement page says the rules were "
                  "'Revised and adopted January 2, 2025'; which rules the 2025 revision changed could not be read. "
                  "as_of is therefore January 2, 2024 and no effective_date is asserted; whether LR 7.1(a)(2) or "
                  "(b)(1) changed on January 2, 2025 was not checked.",
    },
    {
        "provision": "LR 7.1(b)(1) (rest), 7.1(b)(2)-(3), 7.1(c) and later parts (summary-judgment statements, response "
                     "and reply timing, hearings)",
        "reason": "Only the opening of the court's LR 7.1 page came back from the stored copy; the text after the first "
                  "sentence of LR 7.1(b)(1) could not be read. Nothing from it is encoded.",
    },
    {
        "provision": "Loc. Civ. R. 5.2 (general format of documents: type size, margins, spacing)",
        "reason": "The court's page for LR 5.2 was not found in the stored copies (only an old third-party copy of a "
                  "superseded Rule 5.1, which is not a source). No type-size, margin or spacing rule is encoded; LR "
                  "7.1(a)(2)'s bar on small fonts and minimal spacing is shown as a reference only, since it sets no "
                  "number.",
    },
    {
        "provision": "Loc. Civ. R. 37.1 (meet-and-confer before discovery motions) and any other conferral certification",
        "reason": "The court's LR 37.1 page was not found in the stored copies; no conferral requirement is encoded.",
    },
    {
        "provision": "Word limits, certificate of compliance, tables of contents/authorities, pre-motion conference",
        "reason": "None appears in the part of LR 7.1 read, which sets page limits only. The rest of the Local Rules "
                  "was not read, so this is not a finding that they are silent.",
    },
    {
        "provision": "Which pages count toward the LR 7.1 page limits",
        "reason": "The part of LR 7.1 read does not say which pages count (e.g. caption, tables, signature); the check "
                  "compares body pages, which may be more lenient than the court's practice.",
    },
]
