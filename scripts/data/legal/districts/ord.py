"""D. Or.: Local Rules of Civil Procedure of the United States District Court for the District of Oregon.

Quoted from the court's own per-rule web pages (ord.uscourts.gov). Each page is headed with the
date on which the court's site served it: LR 7 on March 29, 2024 (an undated print view of the same
article shows the same text), LR 10 on June 18, 2024, LR 1 on February 17, 2025. LR 1-2 says the
effective date of each rule is given in its amendment history, which sits at the foot of each page
and could not be read; effective_date is therefore unset and as_of is the earliest serving date that
covers all the quoted text. Only the start of each page could be read, so LR 7-1(d) onwards and all
of LR 7-2 (length of memoranda, certificate of compliance) are listed in GAPS, not encoded.
"""

DISTRICT_ID = "ord"
NAME = "U.S. District Court for the District of Oregon"

_INDEX_URL = "https://ord.uscourts.gov/index.php/rules-orders-and-notices/local-rules/civil-procedure"
_LR_1_URL = (
    "https://www.ord.uscourts.gov/index.php/rules-orders-and-notices/local-rules/civil-procedure/"
    "1983-lr-01-scope-and-purpose"
)
_LR_7_URL = (
    "https://www.ord.uscourts.gov/index.php/rules-orders-and-notices/local-rules/civil-procedure/1192-2014-lr-7/"
    "1987-lr-07-motions-practice-2"
)
_LR_7_PRINT_URL = (
    "https://ord.uscourts.gov/index.php/rules-orders-and-notices/local-rules/civil-procedure/"
    "1987-lr-07-motions-practice?tmpl=component&print=1&layout=default"
)
_LR_10_URL = (
    "https://ord.uscourts.gov/index.php/rules-orders-and-notices/local-rules/civil-procedure/"
    "1989-lr-10-form-of-pleadings-and-other-documents"
)

LR_1_2 = "The amendment history for each rule provides the most recent effective date."

LR_7_1_A_INTRO = (
    "Except for motions for temporary restraining orders, the first paragraph of every motion must certify that:"
)
LR_7_1_A_GOOD_FAITH = (
    "In compliance with this Rule, the parties made a good faith effort through personal or telephone conferences to "
    "resolve the dispute and have been unable to do so; or"
)
LR_7_1_A_REFUSED = "The opposing party willfully refused to confer; or"
LR_7_1_A_PRISONER = "The moving party or opposing party is a prisoner not represented by counsel."
LR_7_1_A_DISPOSITIVE = (
    "When conferring about a dispositive motion, the parties must discuss each claim, defense, or issue that is the "
    "subject of the proposed motion."
)
LR_7_1_A_DENY = "The Court may deny any motion that fails to meet this certification requirement."
LR_7_1_A_UNOPPOSED = (
    "A party filing a motion should state \"UNOPPOSED\" in the caption if the other parties to the action do not "
    "oppose the motion."
)
LR_7_1_A_CERTIFY = " ".join([LR_7_1_A_INTRO, LR_7_1_A_GOOD_FAITH, LR_7_1_A_REFUSED, LR_7_1_A_PRISONER])

LR_7_1_B = (
    "Every motion must concisely state the relief sought and be stated in a separate section under the heading "
    "\"Motion.\" Motions may not be combined with any response, reply, or other pleading."
)
LR_7_1_C_REQUIRED = "Every motion must be supported by a legal memorandum."
LR_7_1_C_COMBINED = "The legal memorandum must be combined in a single document with the motion."
LR_7_1_C_TABLES = (
    "A legal memorandum exceeding 20 pages must have a table of contents and a table of cases and authorities with "
    "page references."
)

LR_10_1_A = (
    "Pleadings and other documents must be typewritten, neatly printed, or otherwise legibly reproduced, using blue or "
    "black ink."
)
LR_10_1_B = (
    "Pleadings and other documents must be double-spaced except for the identification of counsel, title of the case, "
    "footnotes, quotations, and exhibits."
)
LR_10_1_C = "Typewritten materials, including footnotes and endnotes, must use no smaller than a 12-point font."
LR_10_1_D = "Pleadings and other documents must have one inch margins on the top, bottom, left, and right sides."

# Every motion type the request knows except TRO (LR 7-1(a) exempts only motions for temporary restraining orders).
ALL_BUT_TRO = [
    "Rule_12", "Rule_56", "Rule_50", "Rule_59", "Rule_60", "Daubert", "preliminary_injunction", "reconsideration",
    "discovery", "motion_to_amend", "motion_in_limine", "general",
]
MOTION_SCOPES = ["brief_support", "reconsideration_support"]

DOCUMENT = {
    "file": "ord-local-civil-rules-excerpt.pdf",
    "title": "Local Rules of Civil Procedure of the U.S. District Court for the District of Oregon (excerpt)",
    "official_title": "Local Rules of Civil Procedure",
    "short_title": "D. Or. Local Rules of Civil Procedure",
    "scope": "LR 7-1 (conferral, tables) and LR 10-1 (form of papers) only; memorandum length (LR 7-2) is not encoded",
    "source_url": _INDEX_URL,
    "version": "served-2024-03-29-to-2025-02-17",
    "effective_date": None,
    "as_of": "2024-03-29",
    "read_from": [
        {
            "url": _LR_7_URL,
            "what": "The court's page of LR 7 (Motions Practice), headed with the serving date 'Friday, March 29, 2024' "
                    "(Chief Judge Michael McShane); source of the LR 7-1(a)-(c) text. Readable only to the middle of "
                    "LR 7-1(c). The address sits under a site category labelled '2014-lr-7', but the article is the "
                    "same one (id 1987) as the court's current LR 7 page, and its text matches the print view below.",
        },
        {
            "url": _LR_7_PRINT_URL,
            "what": "The court's print view of the same LR 7 article, undated; same text, readable to the heading of "
                    "LR 7-1(d) ('Limitatio...'), which confirms the last sentence of LR 7-1(c).",
        },
        {
            "url": _LR_10_URL,
            "what": "The court's page of LR 10 (Form of Pleadings and Other Documents), headed with the serving date "
                    "'Tuesday, June 18, 2024'; source of the LR 10-1(a)-(d) text (read through LR 10-1(f)).",
        },
        {
            "url": _LR_1_URL,
            "what": "The court's page of LR 1 (Scope and Purpose), headed with the serving date 'Monday, February 17, "
                    "2025'; LR 1-2 says each rule's amendment history gives its most recent effective date.",
        },
    ],
    "blocks": [
        ("h", "LR 1 - Scope and Purpose"),
        ("h", "LR 1-2 Effective Date"),
        ("p", LR_1_2),
        ("note", "[...]"),
        ("h", "LR 7 - Motions Practice"),
        ("h", "LR 7-1 Motions Practice - Generally"),
        ("h", "(a) Certification Requirements"),
        ("note", "[The court's page sets out the parts of LR 7-1(a) as numbered lists; they are reproduced here as "
                 "paragraphs.]"),
        ("p", LR_7_1_A_CERTIFY),
        ("p", LR_7_1_A_DISPOSITIVE),
        ("p", LR_7_1_A_DENY),
        ("p", LR_7_1_A_UNOPPOSED),
        ("note", "[...] [Practice Tips omitted]"),
        ("h", "(b) Separately Stated Motion"),
        ("p", LR_7_1_B),
        ("h", "(c) Supporting Memoranda (See Fed. R. Civ. P. 7(b))"),
        ("p", " ".join([LR_7_1_C_REQUIRED, LR_7_1_C_COMBINED, LR_7_1_C_TABLES])),
        ("note", "[...] [LR 7-1(d) and the rest of LR 7, including LR 7-2, were not available in the copies read]"),
        ("h", "LR 10 - Form of Pleadings and Other Documents"),
        ("h", "LR 10-1 Format Requirements"),
        ("h", "(a) Legibility"),
        ("p", LR_10_1_A),
        ("h", "(b) Line Spacing"),
        ("p", LR_10_1_B),
        ("h", "(c) Minimum Type Size for Text, Footnotes, and Endnotes"),
        ("p", LR_10_1_C),
        ("h", "(d) Page Margins"),
        ("p", LR_10_1_D),
        ("note", "[...]"),
    ],
}

RULES = [
    {
        "rule_key": "Structure:conferral-certification",
        "category": "STRUCTURE",
        "citation": "D. Or. LR 7-1(a)",
        "label": "Conferral certification in the first paragraph",
        "summary": "Every motion other than one for a temporary restraining order must open with a certification that "
                   "the parties tried in good faith, by phone or in person, to resolve the dispute and could not; or "
                   "that the other side willfully refused to confer; or that a party is an unrepresented prisoner. "
                   "The court may deny a motion without it.",
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": MOTION_SCOPES, "motion_types": ALL_BUT_TRO, "filing_roles": ["movant"]},
        "params": {"required_fields": ["has_conferral_certification"]},
        "source_text": LR_7_1_A_CERTIFY + " " + LR_7_1_A_DISPOSITIVE + " " + LR_7_1_A_DENY,
        "source_url": _LR_7_URL,
    },
    {
        "rule_key": "Reference:dispositive-conferral-scope",
        "category": "PROCEDURE",
        "citation": "D. Or. LR 7-1(a)",
        "label": "What to cover when conferring on a dispositive motion",
        "summary": "Before a dispositive motion, the conference has to go through every claim, defense or issue the "
                   "motion will raise, not just the motion as a whole.",
        "severity": "INFO",
        "applies_to": {"motion_types": ["Rule_12", "Rule_56"], "filing_roles": ["movant"]},
        "source_text": LR_7_1_A_DISPOSITIVE,
        "source_url": _LR_7_URL,
    },
    {
        "rule_key": "Reference:separately-stated-motion",
        "category": "PROCEDURE",
        "citation": "D. Or. LR 7-1(b)",
        "label": "Motion stated in its own section",
        "summary": "Set out the relief sought, briefly, in a section of its own headed \"Motion\"; a motion may not be "
                   "folded into a response, reply or other pleading.",
        "severity": "INFO",
        "applies_to": {"document_scopes": MOTION_SCOPES},
        "source_text": LR_7_1_B,
        "source_url": _LR_7_URL,
    },
    {
        "rule_key": "Reference:motion-and-memorandum-one-document",
        "category": "PROCEDURE",
        "citation": "D. Or. LR 7-1(c)",
        "label": "Motion and memorandum in one document",
        "summary": "Each motion needs a supporting legal memorandum, and the two are filed together as one document, "
                   "not as separate filings.",
        "severity": "INFO",
        "applies_to": {"document_scopes": MOTION_SCOPES},
        "source_text": LR_7_1_C_REQUIRED + " " + LR_7_1_C_COMBINED,
        "source_url": _LR_7_URL,
    },
    {
        "rule_key": "Structure:toc-toa",
        "category": "STRUCTURE",
        "citation": "D. Or. LR 7-1(c)",
        "label": "Tables of contents and authorities",
        "summary": "A supporting memorandum longer than 20 pages needs a table of contents and a table of cases and "
                   "authorities, both with page references. The court's page count may include pages the body-page "
                   "count here leaves out, so a memorandum near 20 body pages may already need the tables.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": MOTION_SCOPES},
        "params": {"required_fields": ["has_toc", "has_toa"], "min_pages": 21},
        "source_text": LR_7_1_C_TABLES,
        "source_url": _LR_7_URL,
    },
    {
        "rule_key": "Format:line-spacing",
        "category": "FORMAT",
        "citation": "D. Or. LR 10-1(b)",
        "label": "Line spacing",
        "summary": "Filed papers are double-spaced; counsel's identification, the case title, footnotes, quotations and "
                   "exhibits may be set closer.",
        "severity": "WARNING",
        "params": {"line_spacing": "double"},
        "source_text": LR_10_1_B,
        "source_url": _LR_10_URL,
    },
    {
        "rule_key": "Format:body-font",
        "category": "FORMAT",
        "citation": "D. Or. LR 10-1(c)",
        "label": "Type size",
        "summary": "Typed text must be at least 12-point.",
        "severity": "WARNING",
        "params": {"min_font_pt": 12},
        "source_text": LR_10_1_C,
        "source_url": _LR_10_URL,
    },
    {
        "rule_key": "Format:footnote-font",
        "category": "FORMAT",
        "citation": "D. Or. LR 10-1(c)",
        "label": "Type size of footnotes and endnotes",
        "summary": "Footnotes and endnotes get no smaller type: 12-point at least, the same as the body text.",
        "severity": "WARNING",
        "params": {"min_footnote_font_pt": 12},
        "source_text": LR_10_1_C,
        "source_url": _LR_10_URL,
    },
    {
        "rule_key": "Format:margins",
        "category": "FORMAT",
        "citation": "D. Or. LR 10-1(d)",
        "label": "Margins",
        "summary": "Leave a one-inch margin on all four sides of each page.",
        "severity": "WARNING",
        "params": {"min_margin_inches": 1},
        "source_text": LR_10_1_D,
        "source_url": _LR_10_URL,
    },
]

GAPS = [
    {
        "provision": "LR 7-2 (length of legal memoranda; certificate of compliance) and LR 7-1(d) onwards",
        "reason": "Not readable: every stored copy of the LR 7 page breaks off in LR 7-1(c) or at the heading of "
                  "LR 7-1(d). No length limit is checked for D. Or. memoranda. (If, as the rule is commonly described, "
                  "it sets a word limit with a page alternative, that would in any case need the brief's rule on "
                  "alternatives before it could be encoded.)",
    },
    {
        "provision": "Effective date and amendment history of LR 1, LR 7 and LR 10",
        "reason": "LR 1-2 says each rule's amendment history gives its latest effective date, but the histories at the "
                  "foot of the pages were not readable. The text is dated only by the serving dates printed on the "
                  "court's pages (LR 7: 2024-03-29; LR 10: 2024-06-18); as_of is the earlier of the two and "
                  "effective_date is unset. A later amendment cannot be ruled out.",
    },
    {
        "provision": "LR 7-1(a) conferral certification: motions without a stated motion type",
        "reason": "The rule covers every motion except a TRO motion; the engine matches motion_types only when the "
                  "request names one, so a request without a motion type is not checked for the certification.",
    },
    {
        "provision": "LR 7-1(a) 'UNOPPOSED' in the caption",
        "reason": "Applies only when no party opposes the motion; the request has no field saying whether a motion is "
                  "opposed, and the caption flags do not include such a designation. Not encoded.",
    },
    {
        "provision": "LR 7-1(c) tables of contents and authorities for response and reply memoranda",
        "reason": "The sentence sits in LR 7-1(c) ('Supporting Memoranda'); whether the court applies it to response "
                  "and reply memoranda was not confirmed in the text read, so the check is limited to memoranda "
                  "supporting a motion.",
    },
    {
        "provision": "LR 10-1 form rules for handwritten papers",
        "reason": "LR 10-1(c) sets the type size for 'typewritten materials'; LR 10-1(a) allows neatly printed papers. "
                  "The type-size checks are applied without a condition on how the paper was produced; a handwritten "
                  "paper that states no type size is not affected, but one that does may be flagged.",
    },
]
