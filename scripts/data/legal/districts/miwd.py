"""W.D. Mich.: Local Civil Rules of the United States District Court for the Western District of Michigan.

Quoted from the court's own web pages (miwd.uscourts.gov). The per-rule page of LCivR 7.2 is
undated; the edition is dated by the court's Local Civil Rules page, whose LCivR 1.3 says the
rules "include amendments through January 1, 2019" (the court's per-section page of LCivR 1.5
likewise shows "Date Last Modified: January 1, 2019"). Only the start of each page could be read,
so LCivR 7.2(c) (replies), 7.3 (nondispositive motions), the conferral rule of LCivR 7.1(d) and
the form-of-papers rules are listed in GAPS, not encoded.
"""

DISTRICT_ID = "miwd"
NAME = "U.S. District Court for the Western District of Michigan"

_INDEX_URL = "https://www.miwd.uscourts.gov/court-info/local-rules-and-orders/local-civil-rules"
_LCIVR_7_2_URL = "https://www.miwd.uscourts.gov/content/lcivr-72-dispositive-motions"

LCIVR_1_3 = (
    "Amendments - These rules may be amended by a majority vote of the district judges in conformity with Rule 83 of "
    "the Federal Rules of Civil Procedure. These rules include amendments through January 1, 2019."
)

LCIVR_7_2_A = (
    "Definition - Dispositive motions are motions for injunctive relief, for judgment on the pleadings, for summary "
    "judgment, to dismiss or to permit maintenance of a class action, to dismiss for failure to state a claim upon "
    "which relief can be granted, to involuntarily dismiss an action, and other dispositive motions as defined by law. "
    "Motions for dismissal as a sanction pursuant to Federal Rules of Civil Procedure 16 or 37 shall be subject to the "
    "briefing schedule for nondispositive motions."
)
LCIVR_7_2_B_I_WORDS = (
    "Briefs filed in support of or in opposition to a dispositive motion that are produced on a computer shall not "
    "exceed ten thousand eight hundred (10,800) words, to include headings, footnotes, citations and quotations. Not "
    "to be included in the word count limit are the case caption, cover sheets, any table of contents, any table of "
    "authorities, the signature block, attachments, exhibits, and affidavits."
)
LCIVR_7_2_B_I_PAGES = (
    "Any such brief that is hand-written or produced on a typewriter shall not exceed twenty-five (25) pages in length, "
    "similarly including and excluding items previously identified."
)
LCIVR_7_2_B_I = "Length - " + LCIVR_7_2_B_I_WORDS + " " + LCIVR_7_2_B_I_PAGES
LCIVR_7_2_B_II_TEXT = (
    "The brief must be accompanied by a certificate of compliance, indicating the number of words in the document as "
    "defined by LCivR 7.2(b)(i), as well as the name and version of the word processing software that was used to "
    "generate the word count. The word count provided by the word processing software used to create the brief may be "
    "relied upon for purposes of the certificate of compliance."
)
LCIVR_7_2_B_II = "Certificate of compliance - " + LCIVR_7_2_B_II_TEXT

# LCivR 7.2(a): motions for injunctive relief, for judgment on the pleadings, for summary judgment, to dismiss.
DISPOSITIVE = ["Rule_12", "Rule_56", "TRO", "preliminary_injunction"]
SUPPORT_OPPOSITION = ["brief_support", "brief_opposition"]

DOCUMENT = {
    "file": "miwd-local-civil-rules-excerpt.pdf",
    "title": "Local Civil Rules of the U.S. District Court for the Western District of Michigan (excerpt)",
    "official_title": "Local Civil Rules",
    "short_title": "W.D. Mich. LCivR",
    "scope": "LCivR 7.2(b) (briefs supporting or opposing dispositive motions) only; reply briefs (LCivR 7.2(c)) and briefs on nondispositive motions (LCivR 7.3) are not length-checked, as their text was not read",
    "source_url": _INDEX_URL,
    "version": "amendments-through-2019-01-01",
    "effective_date": None,
    "as_of": "2019-01-01",
    "read_from": [
        {
            "url": "https://www.miwd.uscourts.gov/content/lcivr-72-dispositive-motions",
            "what": "The court's page of LCivR 7.2 (Dispositive motions), undated; source of the LCivR 7.2(a) and "
                    "7.2(b)(i)-(ii) text. Only the start of the page (to the middle of (b)(iii)) was readable.",
        },
        {
            "url": "https://www.miwd.uscourts.gov/court-info/local-rules-and-orders/local-civil-rules",
            "what": "The court's Local Civil Rules page (whole rules on one page); only LCivR 1.1-1.6 was readable. "
                    "LCivR 1.3 states that the rules 'include amendments through January 1, 2019': the date used for "
                    "as_of.",
        },
        {
            "url": "https://www.miwd.uscourts.gov/15-scope-cv",
            "what": "The court's per-section page of LCivR 1.5, marked 'Date Last Modified: January 1, 2019'; "
                    "corroborates the edition date. Not quoted.",
        },
        {
            "url": "https://www.miwd.uscourts.gov/content/lcivr-71-motions-general",
            "what": "The court's page of LCivR 7.1 (Motions in general), undated; read to (c) only. Not quoted (see "
                    "GAPS).",
        },
    ],
    "blocks": [
        ("h", "LCivR 1.3 Amendments"),
        ("p", LCIVR_1_3),
        ("note", "[...] [The court's page numbers the parts of LCivR 7.2 as list items; they are (a), (b), (b)(i) and "
                 "(b)(ii) in the rule's own cross-reference to LCivR 7.2(b)(i).]"),
        ("h", "LCivR 7.2 Dispositive motions"),
        ("p", LCIVR_7_2_A),
        ("h", "Briefs"),
        ("p", LCIVR_7_2_B_I),
        ("p", LCIVR_7_2_B_II),
        ("note", "[...] [LCivR 7.2(b)(iii) Courtesy copy and the rest of LCivR 7.2, including (c) on reply briefs, were "
                 "not available in the copy read]"),
    ],
}

RULES = [
    {
        "rule_key": "WordLimit:dispositive-brief",
        "category": "WORD_LIMIT",
        "citation": "W.D. Mich. LCivR 7.2(b)(i)",
        "label": "Length of briefs on dispositive motions",
        "summary": "A computer-prepared brief supporting or opposing a dispositive motion (to dismiss, for judgment on "
                   "the pleadings, for summary judgment, for injunctive relief) is capped at 10,800 words. Headings, "
                   "footnotes, citations and quotations count; caption, cover sheets, tables, signature block and "
                   "attachments do not.",
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION, "motion_types": DISPOSITIVE, "handwritten_or_typewritten": False},
        "params": {"max_words": 10800},
        "source_text": LCIVR_7_2_B_I_WORDS,
        "source_url": _LCIVR_7_2_URL,
    },
    {
        "rule_key": "PageLimit:dispositive-brief-handwritten",
        "category": "PAGE_LIMIT",
        "citation": "W.D. Mich. LCivR 7.2(b)(i)",
        "label": "Length of handwritten or typewritten briefs on dispositive motions",
        "summary": "A handwritten or typewritten brief supporting or opposing a dispositive motion may run to 25 pages "
                   "at most; the caption, cover sheets, tables, signature block and attachments are left out of the "
                   "count, much as the body-page count here does.",
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION, "motion_types": DISPOSITIVE, "handwritten_or_typewritten": True},
        "params": {"max_pages": 25},
        "source_text": LCIVR_7_2_B_I_PAGES,
        "source_url": _LCIVR_7_2_URL,
    },
    {
        "rule_key": "Structure:certificate-of-compliance",
        "category": "STRUCTURE",
        "citation": "W.D. Mich. LCivR 7.2(b)(ii)",
        "label": "Certificate of compliance",
        "summary": "A computer-prepared brief on a dispositive motion needs a certificate of compliance giving its word "
                   "count and the name and version of the word processor that produced the count.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION, "motion_types": DISPOSITIVE, "handwritten_or_typewritten": False},
        "params": {"required_fields": ["has_certificate_of_compliance"]},
        "source_text": LCIVR_7_2_B_II_TEXT,
        "source_url": _LCIVR_7_2_URL,
    },
    {
        "rule_key": "WordCount:certificate",
        "category": "WORD_LIMIT",
        "citation": "W.D. Mich. LCivR 7.2(b)(ii)",
        "label": "Word count stated in the certificate",
        "summary": "The word count in the certificate of compliance should match the brief. The rule sets no tolerance "
                   "(it lets filers rely on their word processor's count); the 5% allowed here is courtrules' own.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": SUPPORT_OPPOSITION, "motion_types": DISPOSITIVE, "handwritten_or_typewritten": False},
        "params": {"max_deviation_pct": 5},
        "source_text": LCIVR_7_2_B_II_TEXT,
        "source_url": _LCIVR_7_2_URL,
    },
]

GAPS = [
    {
        "provision": "LCivR 7.2(c) (reply briefs on dispositive motions) and LCivR 7.3 (nondispositive motions: length "
                     "of briefs and replies, certificate of compliance)",
        "reason": "Not readable: the LCivR 7.2 page could be read only to (b)(iii), and no court page of LCivR 7.3 was "
                  "found in the stored copies. Searched again on 2026-11-29 after a user asked for a reply limit "
                  "(recalled as 4,300 words): the stored copy of the court's LCivR 7.2 page still breaks off in "
                  "(b)(iii), the Local Civil Rules page in LCivR 1, and no court text or opinion quoting LCivR "
                  "7.2(c) or 7.3 was found. No limit is checked for replies or for briefs on nondispositive "
                  "motions, and the layer's scope says so in every answer. The 10,800-word limit of 7.2(b)(i) is "
                  "deliberately not applied to reply briefs: it is written for briefs 'in support of or in "
                  "opposition to' a dispositive motion, replies are said to have their own provision, LCivR "
                  "7.2(c), whose text was not read, and whether 10,800 words binds a reply at all cannot be told "
                  "from the text read.",
    },
    {
        "provision": "LCivR 7.2(a) 'other dispositive motions as defined by law', motions to permit maintenance of a "
                     "class action, and motions to involuntarily dismiss",
        "reason": "The limits are applied only to the Rule 12, Rule 56, TRO and preliminary-injunction motion types. "
                  "Class-certification and involuntary-dismissal motions have no motion type here. A Rule_50 motion "
                  "(judgment as a matter of law) has one, but LCivR 7.2(a)'s list does not name it, and whether it "
                  "is among the 'other dispositive motions as defined by law' depends on law the text does not "
                  "quote; the LCivR 7.2(b) limits are not applied to these motions, so a Rule_50 brief gets no length "
                  "check. "
                  "Conversely, the Rule_12 type also covers Rule 12 motions that are not dispositive (e.g. to strike), "
                  "which LCivR 7.2 would not govern; a motion-type condition narrower than Rule_12 would be needed.",
    },
    {
        "provision": "LCivR 7.2(b)(ii) certificate for handwritten or typewritten briefs",
        "reason": "The text does not expressly exempt them, but the certificate must name the word-processing software "
                  "that produced the count, which presupposes a computer-prepared brief; the check is limited "
                  "accordingly.",
    },
    {
        "provision": "LCivR 7.1(d) (attempt to obtain concurrence; certificate for nondispositive motions)",
        "reason": "The LCivR 7.1 page could be read only through the start of 7.1(c); the conferral provision was not "
                  "read in the court's text. Not encoded.",
    },
    {
        "provision": "LCivR 7.1(b) limits on exhibits and attachments (200 pages per party, or 500 pages jointly)",
        "reason": "Read on the court's LCivR 7.1 page, but the request has no field for the length of exhibits, so it "
                  "cannot be checked. Not encoded.",
    },
    {
        "provision": "Form of papers (type size, margins, line spacing) and tables of contents/authorities",
        "reason": "No W.D. Mich. local-rule text on these was read. Not encoded; their absence here is not a finding "
                  "that the rules are silent on them.",
    },
    {
        "provision": "Edition and currency",
        "reason": "The LCivR 7.2 page is undated. The only dated statement of the edition is LCivR 1.3 on the court's "
                  "Local Civil Rules page ('amendments through January 1, 2019'), corroborated by the LCivR 1.5 page; "
                  "when the stored copies were taken is unknown, so a later amendment of LCivR 7.2 cannot be ruled out. "
                  "as_of is therefore 2019-01-01 and effective_date is left unset (the statement gives the date of the "
                  "latest amendments included, not the edition's effective date).",
    },
]
