"""E.D. Mich.: Local Rules of the United States District Court for the Eastern District of Michigan.

Quoted from the court's own per-rule web pages (mied.uscourts.gov, "localRuleView"). Each page is
headed with the date on which the court's site served it; the copies read were served between
March 28, 2024 and January 16, 2025 and show the same text where they overlap. Only the start of
each page could be read (LR 5.1(a)-(c) and LR 7.1(a)(1)-(2)), so the brief-length limits of
LR 7.1(d)(3) and everything later in LR 7.1 are listed in GAPS, not encoded.
"""

DISTRICT_ID = "mied"
NAME = "U.S. District Court for the Eastern District of Michigan"

_LR_5_1_URL = "https://www.mied.uscourts.gov/altindex.cfm?pagefunction=localruleView&lrnumber=LR5.1"
_LR_7_1_URL = "https://www.mied.uscourts.gov/altindex.cfm?pagefunction=localRuleView&lrnumber=LR7.1"

LR_5_1_A = "(a) Papers presented for filing must comply with the following:"
LR_5_1_A_2_SPACING = (
    "All papers must be on 8 \u00bd x 11 inch white paper of good quality, plainly typewritten, printed, or prepared "
    "by a clearly legible duplication process, and double-spaced, except for quoted material and footnotes."
)
LR_5_1_A_2_MARGINS = "Margins must be at least one inch on the top, sides, and bottom."
LR_5_1_A_2 = " ".join([
    "(2) Format.",
    LR_5_1_A_2_SPACING,
    LR_5_1_A_2_MARGINS,
    "Each page must be numbered consecutively.",
    "This subsection does not apply to exhibits submitted for filing and documents filed in removed actions before "
    "removal from the state courts.",
])
LR_5_1_A_3_TEXT = (
    "Except for standard preprinted forms that are in general use, type size of all text and footnotes must be no "
    "smaller than 10-1/2 characters per inch (non-proportional) or 14 point (proportional)."
)
LR_5_1_A_3 = "(3) Type Size. " + LR_5_1_A_3_TEXT

LR_7_1_A_1_DISCOVERY = (
    "Before filing a motion relating to discovery, the movant must comply with Federal Rule of Civil Procedure 37(a)(1)."
)
LR_7_1_A_1_ASCERTAIN = (
    "Otherwise, the movant must ascertain before filing whether the contemplated motion or request under Federal Rule "
    "of Civil Procedure 6(b)(1)(A) will be opposed."
)
LR_7_1_A_1_CONFER = (
    "To accomplish this, the movant must confer with the other parties and other persons entitled to be heard on the "
    "motion in good faith and in a manner that reasonably explains the basis for the motion and allows for an "
    "interactive process aimed at reaching agreement on the matter or those aspects of the matter that can be resolved "
    "without court intervention, given the nature of the contemplated motion."
)
LR_7_1_A_1_TIMING = (
    "The conference must be held sufficiently in advance of filing the motion to allow a good faith interactive "
    "exchange aimed at resolving the matter."
)
LR_7_1_A_1_STIPULATION = (
    "If the movant obtains concurrence, the parties or other persons involved may make the subject matter of the "
    "contemplated motion or request a matter of record by stipulated order."
)
LR_7_1_A_1 = " ".join([
    "(1)", LR_7_1_A_1_DISCOVERY, LR_7_1_A_1_ASCERTAIN, LR_7_1_A_1_CONFER, LR_7_1_A_1_TIMING, LR_7_1_A_1_STIPULATION,
])
LR_7_1_A_2_LEAD = "If concurrence is not obtained, the motion or request must state:"
LR_7_1_A_2_A = (
    "(A) there was a conference between attorneys or unrepresented parties and other persons entitled to be heard on "
    "the motion in which the movant explained the nature of the motion or request and its legal basis and requested "
    "but did not obtain concurrence in the relief sought;"
)
LR_7_1_A_2_B = (
    "(B) despite reasonable and timely efforts specified in the motion or request, the movant was unable to conduct a "
    "conference; or"
)
LR_7_1_A_2_C = (
    "(C) concurrence in the motion has not been sought because of the emergent nature of the relief requested in the "
    "motion; or"
)
LR_7_1_A_2_D = (
    "(D) concurrence in the motion has not been sought because the movant or nonmovant is an incarcerated prisoner "
    "proceeding pro se."
)
LR_7_1_A_2_STATEMENT = " ".join([LR_7_1_A_2_LEAD, LR_7_1_A_2_A, LR_7_1_A_2_B, LR_7_1_A_2_C, LR_7_1_A_2_D])

DOCUMENT = {
    "file": "mied-local-civil-rules-excerpt.pdf",
    "title": "Local Rules of the U.S. District Court for the Eastern District of Michigan (excerpt)",
    "official_title": "Local Rules of the United States District Court for the Eastern District of Michigan",
    "short_title": "E.D. Mich. Local Rules",
    "scope": "LR 5.1(a) (form of papers) and LR 7.1(a) (concurrence) only; brief length (LR 7.1(d)) is not encoded",
    "source_url": _LR_7_1_URL,
    "version": "mied-site-2024-12-04",
    "effective_date": None,
    "as_of": "2024-12-04",
    "read_from": [
        {
            "url": "http://www.mied.uscourts.gov/altindex.cfm?pagefunction=localRuleView&lrnumber=LR7.1",
            "what": "The court's page of LR 7.1 (Motion Practice), headed with the serving date 'Wednesday, December 04, "
                    "2024'; source of the LR 7.1(a)(1)-(2) text. Only the start of the page (through the beginning of "
                    "(a)(3)) was readable.",
        },
        {
            "url": "http://www.mied.uscourts.gov/altindex.cfm?pagefunction=localruleView&lrnumber=LR7.1",
            "what": "Two further stored copies of the same LR 7.1 page, headed 'Thursday, March 28, 2024' (address with "
                    "lrnumber=lr7.1) and 'Monday, October 07, 2024'; same LR 7.1(a)(1)-(2) text.",
        },
        {
            "url": "http://www.mied.uscourts.gov/altindex.cfm?pagefunction=localruleView&lrnumber=LR5.1",
            "what": "The court's page of LR 5.1 (Filing of Papers), headed with the serving date 'Thursday, January 16, "
                    "2025'; source of the LR 5.1(a)(2)-(3) text. Only LR 5.1(a)-(c) was readable.",
        },
        {
            "url": "http://www.mied.uscourts.gov/altindex.cfm?pagefunction=localRuleView&lrnumber=LR83.1",
            "what": "The court's page of LR 83.1 (amendments take effect on the first day of the month after adoption "
                    "unless ordered otherwise; page dated October 1, 2022). Read for context only; it does not date "
                    "LR 5.1 or LR 7.1.",
        },
        {
            "url": "http://www.mied.uscourts.gov/Rules/ruleviewer.cfm?n=LR%207.1",
            "what": "An older court page of LR 7.1 (from the rules set 'current as of July 1, 2014'), with the earlier, "
                    "shorter wording of LR 7.1(a). Superseded; not quoted.",
        },
    ],
    "blocks": [
        ("h", "LR 5.1: Filing of Papers"),
        ("p", LR_5_1_A),
        ("note", "[...] [(a)(1) Required Information omitted]"),
        ("p", LR_5_1_A_2),
        ("p", LR_5_1_A_3),
        ("note", "[...] [LR 5.1(b) and the rest of the rule omitted]"),
        ("h", "LR 7.1: Motion Practice"),
        ("h", "(a) Seeking Concurrence in Motions and Requests."),
        ("p", LR_7_1_A_1),
        ("p", "(2) " + LR_7_1_A_2_LEAD),
        ("p", LR_7_1_A_2_A),
        ("p", LR_7_1_A_2_B),
        ("p", LR_7_1_A_2_C),
        ("p", LR_7_1_A_2_D),
        ("note", "[...] [LR 7.1(a)(3) and the rest of LR 7.1 were not available in the copies read]"),
    ],
}

RULES = [
    {
        "rule_key": "Format:body-font",
        "category": "FORMAT",
        "citation": "E.D. Mich. LR 5.1(a)(3)",
        "label": "Type size",
        "summary": "Body text must be set in at least 14-point type when a proportional font is used (a monospaced font "
                   "may instead run no more than 10\u00bd characters per inch, which this check cannot tell apart). "
                   "Standard preprinted forms are exempt.",
        "severity": "WARNING",
        "params": {"min_font_pt": 14},
        "source_text": LR_5_1_A_3_TEXT,
        "source_url": _LR_5_1_URL,
    },
    {
        "rule_key": "Format:footnote-font",
        "category": "FORMAT",
        "citation": "E.D. Mich. LR 5.1(a)(3)",
        "label": "Footnote type size",
        "summary": "Footnotes get no reduction: they too must be at least 14-point in a proportional font (or no more "
                   "than 10\u00bd characters per inch in a monospaced one).",
        "severity": "WARNING",
        "params": {"min_footnote_font_pt": 14},
        "source_text": LR_5_1_A_3_TEXT,
        "source_url": _LR_5_1_URL,
    },
    {
        "rule_key": "Format:line-spacing",
        "category": "FORMAT",
        "citation": "E.D. Mich. LR 5.1(a)(2)",
        "label": "Line spacing",
        "summary": "Filed papers must be double-spaced; only quotations and footnotes may be single-spaced.",
        "severity": "WARNING",
        "params": {"line_spacing": "double"},
        "source_text": LR_5_1_A_2_SPACING,
        "source_url": _LR_5_1_URL,
    },
    {
        "rule_key": "Format:margins",
        "category": "FORMAT",
        "citation": "E.D. Mich. LR 5.1(a)(2)",
        "label": "Margins",
        "summary": "Leave at least a one-inch margin at the top, bottom and both sides of every page.",
        "severity": "WARNING",
        "params": {"min_margin_inches": 1},
        "source_text": LR_5_1_A_2_MARGINS,
        "source_url": _LR_5_1_URL,
    },
    {
        "rule_key": "Structure:concurrence-statement",
        "category": "STRUCTURE",
        "citation": "E.D. Mich. LR 7.1(a)(2)",
        "label": "Statement on seeking concurrence",
        "summary": "Unless the other side has concurred, the motion itself must say how concurrence was sought: that a "
                   "conference was held and concurrence refused, that reasonable and timely efforts to hold one failed "
                   "(describing them), or that it was not sought because the relief is emergent or a party is an "
                   "incarcerated pro se prisoner. The statement belongs in the motion, not necessarily in the brief, so "
                   "confirm it is there.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": ["brief_support", "reconsideration_support"], "filing_roles": ["movant"]},
        "params": {"required_fields": ["has_conferral_certification"], "on_missing": "ACTION_REQUIRED"},
        "source_text": LR_7_1_A_2_STATEMENT,
        "source_url": _LR_7_1_URL,
    },
    {
        "rule_key": "Reference:concurrence-conference",
        "category": "PROCEDURE",
        "citation": "E.D. Mich. LR 7.1(a)(1)",
        "label": "Conference before filing a motion",
        "summary": "Before filing, the movant must find out whether the motion will be opposed by conferring in good "
                   "faith with everyone entitled to be heard, explaining its basis and leaving enough time for a real "
                   "exchange aimed at agreement. Discovery motions follow the conferral rule of Fed. R. Civ. P. "
                   "37(a)(1) instead.",
        "severity": "INFO",
        "source_text": " ".join([LR_7_1_A_1_DISCOVERY, LR_7_1_A_1_ASCERTAIN, LR_7_1_A_1_CONFER, LR_7_1_A_1_TIMING]),
        "source_url": _LR_7_1_URL,
    },
]

GAPS = [
    {
        "provision": "LR 7.1(d)(3) (length of briefs; judges' guidelines on the court's site refer to a 25-page limit "
                     "and to ex parte applications for longer briefs)",
        "reason": "The court's LR 7.1 page could be read only up to the start of LR 7.1(a)(3); the length provision "
                  "lies further down and no other court copy of its wording was found. Judges' practice guidelines on "
                  "the court's site mention the 25-page limit but do not quote the rule and are not the rule. Not "
                  "encoded: no page limit for E.D. Mich. is checked.",
    },
    {
        "provision": "LR 7.1(a)(3) (sanctions for unreasonable withholding of consent and for violating the rule)",
        "reason": "Cut off mid-sentence in the copy read, so the possible sanctions (and whether they include denial or "
                  "striking) could not be confirmed. The concurrence-statement rule is therefore WARNING, not "
                  "CRITICAL.",
    },
    {
        "provision": "LR 7.1(a) as applied to discovery motions",
        "reason": "LR 7.1(a)(1) sends discovery motions to Fed. R. Civ. P. 37(a)(1); whether the LR 7.1(a)(2) statement "
                  "is also required for them is not clear from the text read. The encoded rule is not limited by "
                  "motion type and asks for confirmation (ACTION_REQUIRED) rather than failing.",
    },
    {
        "provision": "LR 5.1(a)(3) monospaced alternative (10\u00bd characters per inch)",
        "reason": "The request cannot say whether the font is proportional or monospaced, so only the 14-point minimum "
                  "for proportional type is checked; a monospaced paper meeting 10\u00bd cpi may be flagged. The "
                  "rules are WARNING only.",
    },
    {
        "provision": "The rest of LR 7.1 (briefs required and permitted, time for responses and replies, any "
                     "tables of contents/authorities, motions for reconsideration)",
        "reason": "Not readable in the stored copies of the court's page. Not encoded; their absence here is not a "
                  "finding that the Local Rules are silent on them.",
    },
    {
        "provision": "Word limits, certificate of compliance, pre-motion conference",
        "reason": "No E.D. Mich. local-rule text on these was read. Not encoded.",
    },
    {
        "provision": "Edition and effective date",
        "reason": "The per-rule pages carry the date on which the site served them, not the date the wording took "
                  "effect; the amendment date printed at the foot of each rule page was not reachable. effective_date "
                  "is left unset. as_of is the serving date of the LR 7.1 page (2024-12-04), the earlier of the two "
                  "newest copies used; the LR 5.1 page was served on 2025-01-16.",
    },
]
