"""D.N.H. local civil rules (district module; see README.md in this folder).

Quoted from the court's own per-rule web pages (nhd.uscourts.gov, "book/export/html/<n>" and
"content/..." pages). Those pages carry no date of their own except amendment notes on some
rules; the court's page for LR 1.1 (same site) states the edition: "Effective January 1, 1996,
as amended December 1, 2017." That is the only dated statement of the edition read on the
court's site, so it is `as_of`. A third-party copy of an edition "As Amended Through December 1,
2018" exists, so the court has amended its rules since; whether any quoted provision changed
after December 1, 2017 could not be checked against the court's current text (see GAPS).
LR 7.1(e) (reply and surreply memoranda) could not be read and is left out.
"""

DISTRICT_ID = "nhd"
NAME = "U.S. District Court for the District of New Hampshire"

# LR 1.2(a) names the court's web site as where the rules are published; the rules' index page itself
# was not read.
_URL = "https://www.nhd.uscourts.gov/"
_LR_1_1 = "https://www.nhd.uscourts.gov/book/export/html/703"
_LR_5_1 = "https://www.nhd.uscourts.gov/book/export/html/764"
_LR_7_1 = "https://www.nhd.uscourts.gov/book/export/html/788"
_LR_7_2 = "https://www.nhd.uscourts.gov/book/export/html/808"

LR_1_1_B = "Effective January 1, 1996, as amended December 1, 2017."
LR_1_1_G_FILINGS = (
    "\"Filings\" means pleadings, motions, or other documents; \"initial filings\" means the pleading or other "
    "document which initiates an action."
)

LR_5_1_A = (
    "Filings shall be on 8 1/2 x 11 inch paper of good quality; be plainly typewritten, printed, or prepared by a "
    "clearly legible duplication process in a font size no smaller than ten (10) characters per inch or, if a "
    "proportionately spaced font is used, no less than twelve (12) point; have no less than one (1) inch margins; be "
    "consecutively numbered in the bottom center of each page; and be double spaced except for quoted material."
)
LR_5_1_A_FOOTNOTES = "Footnotes shall be used sparingly."

LR_7_1_A_1 = (
    "All motions must contain the word \"motion\" in the title. Filers shall not combine multiple motions seeking "
    "separate and distinct relief into a single filing. Separate motions must be filed. Objections to pending motions "
    "and affirmative motions for relief shall not be combined in one filing."
)
LR_7_1_A_2 = (
    "Every motion and objection shall be accompanied by a memorandum with citations to supporting authorities or a "
    "statement explaining why a memorandum is unnecessary."
)
LR_7_1_A_2_FACTS = (
    "Every motion and objection which require consideration of facts not in the record shall be accompanied by "
    "affidavits or other documents showing those facts."
)
LR_7_1_A_3 = (
    "Except by prior leave of the court, no memorandum in support of, or in opposition to, a nondispositive motion "
    "shall exceed fifteen (15) pages and no memorandum in support of, or in opposition to, a dispositive motion shall "
    "exceed twenty-five (25) pages."
)
LR_7_1_B = (
    "Except as otherwise required by law or order of the court, every objection, except objections to summary "
    "judgment motions, shall be filed within fourteen (14) days from the date the motion is served. Objections to "
    "summary judgment motions shall be filed within thirty (30) days from the date the motion is served. The court "
    "shall deem waived any objection not filed in accordance with this rule."
)
LR_7_1_C_CERTIFY = (
    "Any party filing a motion other than a dispositive motion shall certify to the court that a good faith attempt "
    "has been made to obtain concurrence in the relief sought."
)
LR_7_1_C_REST = (
    "If the moving party has obtained concurrence, a statement of concurrence shall be included in the body of the "
    "motion so the court may consider it without delay. If concurrence has been obtained, the motion shall also "
    "contain the words \"assented-to\" in its title."
)
LR_7_1_C_EXCEPTION = (
    "The requirements of this subsection shall not apply to motions involving an incarcerated pro se litigant."
)

LR_7_2_D = (
    "A motion to reconsider an interlocutory order of the court, meaning a motion other than one governed by Fed. R. "
    "Civ. P. 59 or 60, shall demonstrate that the order was based on a manifest error of fact or law and shall be "
    "filed within fourteen (14) days from the date of the order unless the party seeking reconsideration shows cause "
    "for not filing within that time."
)
LR_7_2_D_CAUSE = (
    "Cause for not filing within fourteen (14) days from the date of the order includes newly available material "
    "evidence and an intervening change in the governing legal standard."
)

DOCUMENT = {
    "file": "nhd-local-civil-rules-excerpt.pdf",
    "title": "Local Rules of the U.S. District Court for the District of New Hampshire (excerpt)",
    "official_title": "Local Rules of the United States District Court for the District of New Hampshire",
    "short_title": "D.N.H. Local Rules",
    "scope": "LR 5.1(a) (form of papers) and LR 7.1-7.2 (motions) only; reply and surreply memoranda (LR 7.1(e)) are not length-checked, as their text was not read; the LR 7.1 page limits and concurrence certification are checked only for motions whose dispositive character is clear (summary judgment and judgment as a matter of law; discovery motions and motions in limine); memoranda on other motions (Rule 12, Rule 59 and 60, injunctions, reconsideration, Daubert, motions to amend, general), or whose motion type is not given, are checked against the dispositive cap, 25 pages, only, which is the limit only if the motion is dispositive: a nondispositive motion's memorandum is limited to 15",
    "source_url": _URL,
    "version": "site-2017-12-01",
    # LR 1.1(b) states the edition's date, but the quoted per-rule pages are undated and may belong to a
    # different state of the site, so no effective date is asserted for the quoted text.
    "effective_date": None,
    # The court's own dated statement of the edition on its site (LR 1.1(b) page).
    "as_of": "2017-12-01",
    "read_from": [
        {
            "url": "http://www.nhd.uscourts.gov/book/export/html/703",
            "what": "the court's page for Part I (LR 1.1 General Rules), stored copy: LR 1.1(b) 'Effective January 1, "
                    "1996, as amended December 1, 2017'; LR 1.1(g) definitions (used to date the edition and for "
                    "the meaning of 'filings')",
        },
        {
            "url": "http://www.nhd.uscourts.gov/book/export/html/764",
            "what": "the court's page for LR 5.1 (Format and Service of Filings), stored copy, undated; read through "
                    "LR 5.1(c)",
        },
        {
            "url": "http://www.nhd.uscourts.gov/book/export/html/788",
            "what": "the court's page for LR 7.1 (Motions), stored copy, undated; read through LR 7.1(c) and the "
                    "opening words of (d); the rest of the page (including (e), reply and surreply memoranda, and any "
                    "amendment note) was not available",
        },
        {
            "url": "http://www.nhd.uscourts.gov/book/export/html/808",
            "what": "the court's page for LR 7.2 (Specified Motions), stored copy, undated; read through LR 7.2(d)",
        },
        {
            "url": "http://www.nhd.uscourts.gov/content/d-motions-reconsideration",
            "what": "the court's page for LR 7.2(d) (Motions for Reconsideration), stored copy, undated; same text as "
                    "on the LR 7.2 page",
        },
        {
            "url": "http://www.nhd.uscourts.gov/book/export/html/728",
            "what": "the court's page for LR 1.2 (Availability; Amendments of Local Rules), stored copy: the rules are "
                    "published on the court's web site (used only for DOCUMENT.source_url)",
        },
    ],
    "blocks": [
        ("h", "1.1 General Rules"),
        ("note", "[...]"),
        ("p", "(b) Effective Date"),
        ("p", LR_1_1_B),
        ("note", "[...] (LR 1.1(c) to (f) and the other definitions of (g) omitted)"),
        ("p", LR_1_1_G_FILINGS),
        ("note", "[...]"),
        ("h", "5.1 Format and Service of Filings"),
        ("p", "(a) Size and Format"),
        ("p", LR_5_1_A + " " + LR_5_1_A_FOOTNOTES),
        ("note", "[...] (LR 5.1(a)(1) to (c) and the rest of LR 5.1 omitted)"),
        ("h", "7.1 Motions"),
        ("p", "(a) Form"),
        ("p", "(1) Title and Content"),
        ("p", LR_7_1_A_1),
        ("p", "(2) Memorandum and Supporting Documents"),
        ("p", LR_7_1_A_2 + " " + LR_7_1_A_2_FACTS),
        ("p", "(3) Length of Memorandum"),
        ("p", LR_7_1_A_3),
        ("p", "(b) Time for Response"),
        ("p", LR_7_1_B),
        ("p", "(c) Concurrence"),
        ("p", " ".join([LR_7_1_C_CERTIFY, LR_7_1_C_REST, LR_7_1_C_EXCEPTION])),
        ("note", "[...] (LR 7.1(d) to the end of LR 7.1 omitted)"),
        ("h", "7.2 Specified Motions"),
        ("note", "[...] (LR 7.2(a) to (c) omitted)"),
        ("p", "(d) Motions for Reconsideration"),
        ("p", LR_7_2_D + " " + LR_7_2_D_CAUSE),
        ("note", "[...]"),
    ],
}

# A memorandum in support of a motion for reconsideration is a memorandum in support of a motion (LR 7.1(a)(3));
# reply memoranda are not encoded (GAPS).
MEMORANDUM_SCOPES = ["brief_support", "brief_opposition", "reconsideration_support"]
# Motion types the service can treat as dispositive / nondispositive without guessing. D.N.H. does not
# define "dispositive" in the text read; motion types whose character depends on the particular motion
# (Rule_12, Rule_59, Rule_60, TRO, preliminary_injunction, reconsideration, Daubert, motion_to_amend,
# general) are left out of both lists (see GAPS).
DISPOSITIVE = ["Rule_56", "Rule_50"]
NONDISPOSITIVE = ["discovery", "motion_in_limine"]


def _memorandum_page_limit(key, label, summary, motion_types, max_pages):
    """A page limit of LR 7.1(a)(3) on memoranda for and against the given motions (None: any motion)."""
    applies_to = {"document_scopes": MEMORANDUM_SCOPES}
    if motion_types is not None:
        applies_to["motion_types"] = motion_types
    return {
        "rule_key": f"PageLimit:{key}",
        "category": "PAGE_LIMIT",
        "citation": "D.N.H. LR 7.1(a)(3)",
        "label": label,
        "summary": summary,
        "severity": "CRITICAL",
        "applies_to": applies_to,
        "params": {"max_pages": max_pages},
        "source_text": LR_7_1_A_3,
        "source_url": _LR_7_1,
    }


RULES = [
    _memorandum_page_limit(
        "dispositive-memorandum",
        "Length of memoranda on dispositive motions",
        "On a dispositive motion (here: summary judgment or judgment as a matter of law), the supporting "
        "memorandum and the memorandum opposing it are capped at 25 pages unless the court gave leave "
        "beforehand. The rule does not say which pages count; the check compares body pages.",
        DISPOSITIVE,
        25,
    ),
    _memorandum_page_limit(
        "nondispositive-memorandum",
        "Length of memoranda on nondispositive motions",
        "On a nondispositive motion (here: discovery motions and motions in limine), a memorandum for or "
        "against the motion may run to 15 pages at most without the court's prior leave. Which pages count "
        "is not stated; the check compares body pages.",
        NONDISPOSITIVE,
        15,
    ),
    _memorandum_page_limit(
        "memorandum-outer-bound",
        "Length of memoranda: the 25-page dispositive cap as an outer bound (15 pages if nondispositive)",
        "Whichever of the rule's two caps governs (25 pages on a dispositive motion, 15 on a "
        "nondispositive one), a memorandum for or against a motion may not run past 25 pages without "
        "the court's prior leave. Where the motion is summary judgment, judgment as a matter of law, a "
        "discovery motion or a motion in limine, its own cap is checked instead. For other motions (a "
        "motion to amend, a Rule 12 motion, a preliminary injunction, …), whose character the motion type "
        "does not settle and the rule's text does not define, and when no motion type is given, only the "
        "outer 25 pages are checked, so a pass says only that the memorandum is within 25: it is still "
        "over the limit if the motion is nondispositive and the memorandum runs past 15. The check "
        "compares body pages.",
        None,
        25,
    ),
    {
        "rule_key": "Structure:concurrence-certification",
        "category": "STRUCTURE",
        "citation": "D.N.H. LR 7.1(c)",
        "label": "Certification of attempt to obtain concurrence",
        "summary": "A party filing a nondispositive motion must certify that it tried in good faith to get the other "
                   "side's agreement to the relief; if agreement was reached, the motion must say so in its body and "
                   "add \"assented-to\" to its title. Not required for motions involving an incarcerated pro se "
                   "litigant. The certification belongs in the motion itself, so confirm it is there.",
        "severity": "WARNING",
        "applies_to": {
            "document_scopes": ["brief_support"],
            "motion_types": NONDISPOSITIVE,
            "filing_roles": ["movant"],
        },
        "params": {"required_fields": ["has_conferral_certification"], "on_missing": "ACTION_REQUIRED"},
        "source_text": LR_7_1_C_CERTIFY,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Format:body-font",
        "category": "FORMAT",
        "citation": "D.N.H. LR 5.1(a)",
        "label": "Type size",
        "summary": "Every filing must use type of at least 12 points if the font is proportional; a fixed-width font "
                   "may be no denser than 10 characters to the inch (12-point Courier meets this).",
        "severity": "WARNING",
        "params": {"min_font_pt": 12},
        "source_text": LR_5_1_A,
        "source_url": _LR_5_1,
    },
    {
        "rule_key": "Format:margins",
        "category": "FORMAT",
        "citation": "D.N.H. LR 5.1(a)",
        "label": "Margins",
        "summary": "Every filing needs margins of at least one inch.",
        "severity": "WARNING",
        "params": {"min_margin_inches": 1},
        "source_text": LR_5_1_A,
        "source_url": _LR_5_1,
    },
    {
        "rule_key": "Format:line-spacing",
        "category": "FORMAT",
        "citation": "D.N.H. LR 5.1(a)",
        "label": "Line spacing",
        "summary": "Filings are double-spaced; only quoted material may be set otherwise. Pages are numbered at the "
                   "bottom center.",
        "severity": "WARNING",
        "params": {"line_spacing": "double"},
        "source_text": LR_5_1_A,
        "source_url": _LR_5_1,
    },
    {
        "rule_key": "Reference:memorandum-required",
        "category": "PROCEDURE",
        "citation": "D.N.H. LR 7.1(a)(2)",
        "label": "Memorandum with every motion and objection",
        "summary": "Each motion and each objection needs an accompanying memorandum citing authority, or a statement of "
                   "why none is needed; facts outside the record must be shown by affidavits or other documents.",
        "severity": "INFO",
        "applies_to": {"document_scopes": MEMORANDUM_SCOPES},
        "source_text": LR_7_1_A_2 + " " + LR_7_1_A_2_FACTS,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:separate-motions",
        "category": "PROCEDURE",
        "citation": "D.N.H. LR 7.1(a)(1)",
        "label": "One motion per filing",
        "summary": "Put \"motion\" in the title, file separate motions for separate and distinct relief, and do not "
                   "fold a motion for affirmative relief into an objection to another motion.",
        "severity": "INFO",
        "source_text": LR_7_1_A_1,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:objection-timing",
        "category": "PROCEDURE",
        "citation": "D.N.H. LR 7.1(b)",
        "label": "Time to object to a motion",
        "summary": "Unless law or a court order says otherwise, an objection is due 14 days after service of the motion, "
                   "or 30 days for a summary-judgment motion; a late objection is treated as waived.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": ["brief_opposition"]},
        "source_text": LR_7_1_B,
        "source_url": _LR_7_1,
    },
    {
        "rule_key": "Reference:reconsideration-timing",
        "category": "PROCEDURE",
        "citation": "D.N.H. LR 7.2(d)",
        "label": "Reconsideration of interlocutory orders",
        "summary": "A motion to reconsider an interlocutory order (not one under Rule 59 or 60) must show a manifest "
                   "error of fact or law and be filed within 14 days of the order, unless cause is shown, such as newly "
                   "available material evidence or a change in the governing legal standard.",
        "severity": "WARNING",
        "applies_to": {"motion_types": ["reconsideration"]},
        "source_text": LR_7_2_D + " " + LR_7_2_D_CAUSE,
        "source_url": _LR_7_2,
    },
]

GAPS = [
    {
        "provision": "Currency of the quoted text (edition after December 1, 2017)",
        "reason": "The court's LR 1.1 page read says the rules are 'as amended December 1, 2017', and the quoted "
                  "LR 5.1, 7.1 and 7.2 pages are undated. A third-party copy of an edition 'As Amended Through "
                  "December 1, 2018' exists (cover only read), so later amendments were made; whether any of them "
                  "changed LR 5.1(a), 7.1(a)-(c) or 7.2(d) could not be checked against the court's current text. "
                  "as_of is therefore December 1, 2017, and no effective_date is asserted.",
    },
    {
        "provision": "LR 7.1(e) Reply and surreply memoranda (length and timing of replies)",
        "reason": "Only the first part of the court's LR 7.1 page (through (c)) could be read; the reply/surreply "
                  "provision was seen only in a 2001 proposed amendment (10-page reply on dispositive motions), which is "
                  "superseded and not a source. Searched again on 2026-11-29 after a user asked for a reply limit "
                  "(recalled as 10 pages): the stored copies of the court's LR 7.1 pages (book/export/html/788 and "
                  "/705) still break off at (d), and no court text, opinion or current copy quoting LR 7.1(e) was "
                  "found (only the 2001 proposal in N.H. Bar News, and a 2014 N.H. Bar News summary whose "
                  "readable part stops at LR 7.1(b); neither is the court's text). No reply limit is encoded, so replies are not length-checked; the "
                  "layer's scope says so in every answer.",
    },
    {
        "provision": "LR 7.1(a)(3) and LR 7.1(c) for motion types whose dispositive character depends on the motion",
        "reason": "The rule turns on 'dispositive' vs 'nondispositive' motions, which the text read does not define. "
                  "Summary judgment and judgment as a matter of law are treated as dispositive, discovery motions and "
                  "motions in limine as nondispositive. Rule_12 (a 12(b)(6) or 12(c) motion is dispositive, a 12(e) or "
                  "12(f) motion is not), Rule_59, Rule_60, TRO, preliminary_injunction, reconsideration, Daubert, "
                  "motion_to_amend and general were left out of both page limits and the concurrence rule (a "
                  "motion to amend is usually called nondispositive, but whether its denial, e.g. for futility, "
                  "disposes of a claim is disputed, and the court's text read does not say; so it is not classed "
                  "nondispositive here either): their "
                  "memoranda, and those of requests without a motion_type, are checked against the 25-page outer "
                  "bound only (a rule for every motion, true whichever cap governs, displaced by the dispositive or "
                  "nondispositive cap where the motion type names one), so one of 16 to 25 pages on a "
                  "nondispositive motion passes. A request condition such as 'dispositive: true/false' (or finer "
                  "motion types) would be needed.",
    },
    {
        "provision": "LR 7.1(c) exception for motions involving an incarcerated pro se litigant",
        "reason": "The request has filer_pro_se and opposing_party_pro_se, but no flag for incarceration, and the "
                  "exception does not reach non-incarcerated pro se parties; the concurrence rule is therefore "
                  "ACTION_REQUIRED rather than FAIL and its summary states the exception. A condition such as "
                  "'party_incarcerated_pro_se' would be needed.",
    },
    {
        "provision": "LR 5.1(a) fixed-width alternative ('no smaller than ten (10) characters per inch')",
        "reason": "The request has a point size but no typeface or characters-per-inch field, so the fixed-width "
                  "alternative is checked as 12 points (the size at which Courier runs 10 characters per inch). LR "
                  "5.1(a) sets no separate footnote size ('Footnotes shall be used sparingly'), so no footnote-size "
                  "rule is encoded.",
    },
    {
        "provision": "LR 56.1 (summary judgment: statement of material facts)",
        "reason": "The court's LR 56.1 page was not found in the stored copies; nothing encoded.",
    },
    {
        "provision": "Word limits, certificate of compliance, tables of contents/authorities, pre-motion conference",
        "reason": "None found in the provisions read: LR 7.1(a)(3) is a page limit only. The rest of the Local Rules "
                  "was not read, so this is not a finding that they are silent.",
    },
]
