"""N.D. Tex. local civil rules (district module; see README.md in this folder).

Quoted from the court's own per-rule web pages (txnd.uscourts.gov). The court notes that its
HTML rules are a retyped convenience version and that the printer-friendly PDF is official; the
PDF itself was not available. The consolidated Civil Rules page read is headed "Effective
September 1, 2023". LR 7.2(f) (generative-AI disclosure), which appears on the newer LR 7.2 page,
is left out because its effective date could not be confirmed (see GAPS).
"""

DISTRICT_ID = "txnd"
NAME = "U.S. District Court for the Northern District of Texas"

_URL = "https://www.txnd.uscourts.gov/civil-rules"

LR_7_1_INTRO = (
    "Unless specifically controlled by another local civil rule or otherwise directed by the presiding judge, motion "
    "practice is controlled by subsection (h) of this rule. In addition, the parties must comply with the following:"
)
LR_7_1_A = (
    "Before filing a motion, an attorney for the moving party must confer with an attorney for each party affected by "
    "the requested relief to determine whether the motion is opposed. Conferences are not required for motions to "
    "dismiss, motions for judgment on the pleadings, motions for summary judgment, motions for new trial, or when a "
    "conference is not possible."
)
LR_7_1_B_1 = (
    "Each motion for which a conference is required must include a certificate of conference indicating that the "
    "motion is unopposed or opposed."
)
LR_7_1_B_2 = (
    "If a motion is opposed, the certificate must state that a conference was held, indicate the date of conference "
    "and the identities of the attorneys conferring, and explain why agreement could not be reached."
)
LR_7_1_B_3 = (
    "If a conference was not held, the certificate must explain why it was not possible to confer, in which event the "
    "motion will be presumed to be opposed."
)

LR_7_2_A_FONT = "The font size must be 12-point or larger."
LR_7_2_A_SPACING = (
    "The text must be double-spaced, but quotations more than two lines long may be indented and single-spaced. "
    "Headings and footnotes may be single-spaced."
)
LR_7_2_A_MARGINS = "Margins must be at least one inch on all four sides."
LR_7_2_A = " ".join([
    "A brief must be printed, typewritten, or presented in some other legible form.",
    "The brief must be on an 8\u00bd-by-11 inch page.",
    LR_7_2_A_FONT,
    LR_7_2_A_SPACING,
    LR_7_2_A_MARGINS,
    "Page numbers may be placed in the margins, but no text may appear there.",
])
LR_7_2_C_BRIEF = (
    "Unless another local civil rule provides otherwise, a brief must not exceed 25 pages (excluding the table of "
    "contents and table of authorities)."
)
LR_7_2_C_REPLY = "A reply brief must not exceed 10 pages."
LR_7_2_C_LEAVE = (
    "Permission to file a brief in excess of these page limitations will be granted by the presiding judge only for "
    "extraordinary and compelling reasons."
)
# LR 7.2(c) and LR 56.5(b) leave out only the two tables; the request's page_count leaves out all front and back
# matter (GAPS). Said in the summary of every page limit.
COURT_COUNT = (
    " The court counts every page but the tables of contents and authorities (a signature page and certificates "
    "count); the check compares body pages, so a pass within a few pages of the limit needs the court's count "
    "confirmed."
)
LR_7_2_D = "A brief in excess of 10 pages must contain:"
LR_7_2_D_1 = "(1) a table of contents with page references; and"
LR_7_2_D_2 = (
    "(2) an alphabetically arranged table of cases, statutes, and other authorities cited, with page references to the "
    "location of all citations."
)

LR_56_5_A = (
    "A summary judgment motion and a response must be accompanied by a brief that sets forth the argument and "
    "authorities on which the party relies in support of or opposition to a motion, and must contain the matters "
    "required by LR 56.3(a) or LR 56.4(a) if the party has opted to comply with those rules by including the required "
    "matters in its brief. Notwithstanding LR 5.1(c), the brief must be filed as a separate document from the motion or "
    "response that it supports."
)
LR_56_5_B = (
    "The requirements of LR 7.2 apply to briefs filed pursuant to LR 56.5(a), except that, excluding the table of "
    "contents and table of authorities, the length of a principal brief must not exceed 50 pages and a reply brief must "
    "not exceed 25 pages."
)
LR_56_5_B_JUDGE = (
    "The presiding judge, by order or other appropriate notice issued in a civil action, may restrict the length of "
    "briefs to fewer pages than are permitted by this rule."
)

DOCUMENT = {
    "file": "txnd-local-civil-rules-excerpt.pdf",
    "title": "Local Civil Rules of the U.S. District Court for the Northern District of Texas (excerpt)",
    "official_title": "Local Civil Rules of the United States District Court for the Northern District of Texas",
    "short_title": "N.D. Tex. Local Civil Rules",
    "scope": "LR 7.1 (conference), LR 7.2 (form, length, tables) and LR 56.5 (summary-judgment briefs) only; the page limits are compared with body pages, but the court counts every page except the tables of contents and authorities (a signature page and certificates count), so a brief within a limit here may still be over it by the court's count",
    "source_url": _URL,
    "version": "html-2023-09-01",
    # The per-rule pages quoted carry no date; the LR 7.2 page already includes a later subsection (f)
    # whose effective date is unconfirmed, so no effective date is asserted for the quoted text.
    "effective_date": None,
    # The newest dated edition statement read on the court's site ("Effective September 1, 2023").
    "as_of": "2023-09-01",
    "read_from": [
        {
            "url": "https://www.txnd.uscourts.gov/motion-practice",
            "what": "the court's page for Civil Rule 7.1 (Motion Practice), stored copy, undated (header names "
                    "David C. Godbey as Chief Judge)",
        },
        {
            "url": "https://www.txnd.uscourts.gov/briefs",
            "what": "the court's page for Civil Rule 7.2 (Briefs), stored copy, undated; includes subsection (f) on "
                    "generative artificial intelligence",
        },
        {
            "url": "https://www.txnd.uscourts.gov/requirement-brief-briefing-requirements",
            "what": "the court's page for Civil Rule 56.5 (Requirement of Brief; Briefing Requirements), stored copy, "
                    "undated (header names Reed O'Connor as Chief Judge)",
        },
        {
            "url": "https://www.txnd.uscourts.gov/civil-rules",
            "what": "the court's consolidated Civil Rules page, stored copy, headed 'Effective September 1, 2023' "
                    "(only its opening rules were available)",
        },
        {
            "url": "https://www.txnd.uscourts.gov/rules-and-orders",
            "what": "the court's Rules and Orders page: the HTML rules are a retyped convenience version; the "
                    "printer-friendly versions are official (not available here)",
        },
    ],
    "blocks": [
        ("h", "LR 7.1 Motion Practice"),
        ("p", LR_7_1_INTRO),
        ("p", "(a) Conference - " + LR_7_1_A),
        ("p", "(b) Certificate of Conference."),
        ("p", "(1) " + LR_7_1_B_1),
        ("p", "(2) " + LR_7_1_B_2),
        ("p", "(3) " + LR_7_1_B_3),
        ("note", "[...] (LR 7.1(c) to (i) omitted)"),
        ("h", "LR 7.2 Briefs"),
        ("p", "(a) General Form. " + LR_7_2_A),
        ("note", "[...] (LR 7.2(b) omitted)"),
        ("p", "(c) Length. " + " ".join([LR_7_2_C_BRIEF, LR_7_2_C_REPLY, LR_7_2_C_LEAVE])),
        ("p", "(d) Table of Contents and Authorities. " + LR_7_2_D),
        ("p", LR_7_2_D_1),
        ("p", LR_7_2_D_2),
        ("note", "[...] (LR 7.2(e) and (f) omitted)"),
        ("h", "LR 56.5 Requirement of Brief; Briefing Requirements"),
        ("p", "(a) Brief Required. " + LR_56_5_A),
        ("p", "(b) Length of Briefs. " + " ".join([LR_56_5_B, LR_56_5_B_JUDGE])),
        ("note", "[...]"),
    ],
}

BRIEF_SCOPES = ["brief_support", "brief_opposition", "brief_reply", "reconsideration_support", "reconsideration_reply"]
# Every motion type except summary judgment, whose brief lengths LR 56.5(b) sets.
NOT_RULE_56 = [
    "Rule_12", "Rule_50", "Rule_59", "Rule_60", "Daubert", "TRO", "preliminary_injunction", "reconsideration",
    "discovery", "motion_to_amend", "motion_in_limine", "general",
]
# LR 7.1(a) exempts motions to dismiss, for judgment on the pleadings, for summary judgment and for new trial.
# Rule_12 and Rule_59 are left out because those motion types are mostly exempt (see GAPS for 12(e)/(f), 59(e)).
CONFERENCE_REQUIRED = [
    "Rule_50", "Rule_60", "Daubert", "TRO", "preliminary_injunction", "reconsideration", "discovery",
    "motion_to_amend", "motion_in_limine", "general",
]

RULES = [
    {
        "rule_key": "Structure:certificate-of-conference",
        "category": "STRUCTURE",
        "citation": "N.D. Tex. LR 7.1(a)-(b)",
        "label": "Certificate of conference",
        "summary": "Before filing most motions the movant's lawyer must confer with each affected party, and the motion "
                   "must carry a certificate of conference saying whether it is opposed (and, if opposed, when the "
                   "conference took place, who took part and why no agreement was reached). Not needed for motions to "
                   "dismiss, for judgment on the pleadings, for summary judgment or for new trial, or where conferring "
                   "was impossible; the certificate belongs in the motion, so confirm where it is.",
        "severity": "WARNING",
        "applies_to": {
            "document_scopes": ["brief_support", "reconsideration_support"],
            "motion_types": CONFERENCE_REQUIRED,
            "filing_roles": ["movant"],
        },
        "params": {"required_fields": ["has_conferral_certification"], "on_missing": "ACTION_REQUIRED"},
        "source_text": "(1) " + LR_7_1_B_1 + " (2) " + LR_7_1_B_2,
    },
    {
        "rule_key": "Reference:conference-duty",
        "category": "PROCEDURE",
        "citation": "N.D. Tex. LR 7.1(a)",
        "label": "Duty to confer before filing a motion",
        "summary": "Confer with counsel for every party affected by the relief sought before filing, to learn whether the "
                   "motion is opposed. If no conference could be held, the certificate must say why and the motion is "
                   "treated as opposed.",
        "severity": "INFO",
        "applies_to": {"motion_types": CONFERENCE_REQUIRED, "filing_roles": ["movant"]},
        "source_text": LR_7_1_A,
    },
    {
        "rule_key": "PageLimit:brief",
        "category": "PAGE_LIMIT",
        "citation": "N.D. Tex. LR 7.2(c)",
        "label": "Length of briefs",
        "summary": "A brief supporting or opposing a motion may not exceed 25 pages, not counting the tables of contents "
                   "and authorities; more pages need the presiding judge's leave, given only for extraordinary and "
                   "compelling reasons." + COURT_COUNT,
        "severity": "CRITICAL",
        "applies_to": {
            "document_scopes": ["brief_support", "brief_opposition", "reconsideration_support"],
            "motion_types": NOT_RULE_56,
        },
        "params": {"max_pages": 25},
        "source_text": LR_7_2_C_BRIEF,
    },
    {
        "rule_key": "PageLimit:reply",
        "category": "PAGE_LIMIT",
        "citation": "N.D. Tex. LR 7.2(c)",
        "label": "Length of reply briefs",
        "summary": "A reply brief may not exceed 10 pages unless the presiding judge grants leave." + COURT_COUNT,
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": ["brief_reply", "reconsideration_reply"], "motion_types": NOT_RULE_56},
        "params": {"max_pages": 10},
        "source_text": LR_7_2_C_REPLY,
    },
    {
        "rule_key": "PageLimit:summary-judgment-brief",
        "category": "PAGE_LIMIT",
        "citation": "N.D. Tex. LR 56.5(b)",
        "label": "Length of summary-judgment briefs",
        "summary": "On summary judgment, the movant's and the respondent's principal briefs may run to 50 pages, tables of "
                   "contents and authorities excluded; the presiding judge may set a lower limit in the case." + COURT_COUNT,
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": ["brief_support", "brief_opposition"], "motion_types": ["Rule_56"]},
        "params": {"max_pages": 50},
        "source_text": LR_56_5_B,
    },
    {
        "rule_key": "PageLimit:summary-judgment-reply",
        "category": "PAGE_LIMIT",
        "citation": "N.D. Tex. LR 56.5(b)",
        "label": "Length of summary-judgment replies",
        "summary": "A reply brief on summary judgment may run to 25 pages, tables excluded, unless the presiding judge has "
                   "set a lower limit." + COURT_COUNT,
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": ["brief_reply"], "motion_types": ["Rule_56"]},
        "params": {"max_pages": 25},
        "source_text": LR_56_5_B,
    },
    {
        "rule_key": "Structure:toc-toa",
        "category": "STRUCTURE",
        "citation": "N.D. Tex. LR 7.2(d)",
        "label": "Tables of contents and authorities",
        "summary": "Any brief longer than 10 pages needs a table of contents with page references and an alphabetical "
                   "table of the cases, statutes and other authorities cited, showing every page where each is cited. "
                   "This applies to summary-judgment briefs too (LR 56.5(b)).",
        "severity": "WARNING",
        "applies_to": {"document_scopes": BRIEF_SCOPES},
        "params": {"required_fields": ["has_toc", "has_toa"], "min_pages": 11},
        "source_text": " ".join([LR_7_2_D, LR_7_2_D_1, LR_7_2_D_2]),
    },
    {
        "rule_key": "Format:body-font",
        "category": "FORMAT",
        "citation": "N.D. Tex. LR 7.2(a)",
        "label": "Type size",
        "summary": "Briefs must be set in type of at least 12 points.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": BRIEF_SCOPES},
        "params": {"min_font_pt": 12},
        "source_text": LR_7_2_A_FONT,
    },
    {
        "rule_key": "Format:line-spacing",
        "category": "FORMAT",
        "citation": "N.D. Tex. LR 7.2(a)",
        "label": "Line spacing",
        "summary": "Brief text is double-spaced; only indented quotations over two lines, headings and footnotes may be "
                   "single-spaced.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": BRIEF_SCOPES},
        "params": {"line_spacing": "double"},
        "source_text": LR_7_2_A_SPACING,
    },
    {
        "rule_key": "Format:margins",
        "category": "FORMAT",
        "citation": "N.D. Tex. LR 7.2(a)",
        "label": "Margins",
        "summary": "Every side of a brief page needs a margin of one inch or more; only page numbers may sit in it.",
        "severity": "WARNING",
        "applies_to": {"document_scopes": BRIEF_SCOPES},
        "params": {"min_margin_inches": 1},
        "source_text": LR_7_2_A_MARGINS,
    },
    {
        "rule_key": "Reference:summary-judgment-separate-brief",
        "category": "PROCEDURE",
        "citation": "N.D. Tex. LR 56.5(a)",
        "label": "Separate summary-judgment brief",
        "summary": "A summary-judgment motion and the response to it each need a brief with the party's argument and "
                   "authorities, filed as a document separate from the motion or response.",
        "severity": "INFO",
        "applies_to": {"motion_types": ["Rule_56"]},
        "source_text": LR_56_5_A,
    },
]

GAPS = [
    {
        "provision": "LR 7.2(f) Disclosure of Use of Generative Artificial Intelligence",
        "reason": "Read on the court's LR 7.2 page, but its effective date could not be confirmed from the court "
                  "(third-party trackers give different dates), so it cannot be dated consistently with this excerpt; "
                  "there is also no section flag for an AI-use disclosure. Left out.",
    },
    {
        "provision": "LR 7.1(a) exemptions that the motion_type values cannot express",
        "reason": "Motions to dismiss and for judgment on the pleadings are exempt, but Rule_12 also covers 12(e) and "
                  "12(f) motions, which are not; motions for new trial are exempt, but Rule_59 also covers 59(e) motions "
                  "to alter or amend, which are not. Rule_12 and Rule_59 were therefore left out of the certificate "
                  "rule; separate motion types (motion_to_dismiss, judgment_on_pleadings, new_trial) would be needed. A "
                  "request without a motion_type does not match the certificate rule either.",
    },
    {
        "provision": "LR 7.2(c) and LR 56.5(b) page limits for requests without a motion_type",
        "reason": "Because summary-judgment briefs have their own limits, the 25/10-page limits are restricted to the "
                  "other motion types; a request with no motion_type is not checked against either limit.",
    },
    {
        "provision": "The pages LR 7.2(c) and LR 56.5(b) count",
        "reason": "The limits exclude only the table of contents and the table of authorities, so the court counts the "
                  "caption, signature page, certificates of service and conference and any other back matter. The "
                  "request's page_count is body pages only (front and back matter excluded) and the request has no "
                  "field for the pages the court counts, so the check compares body pages with the limit: a brief over "
                  "the limit in body pages is over it by the court's count too (a true FAIL), but a pass may be wrong "
                  "by the number of back-matter pages (25 body pages and a signature page and two certificates are 28 "
                  "by the court's count). The layer's scope and each limit's summary say so. Counting what the court "
                  "counts, or answering ACTION_REQUIRED within a margin of the limit, needs an engine change (a page "
                  "count with back matter, or a PageLimit parameter for it); none was made in the data.",
    },
    {
        "provision": "Footnote type size under LR 7.2(a)",
        "reason": "LR 7.2(a) sets a single 12-point minimum and does not mention footnote size separately; whether it "
                  "reaches footnotes is not stated, so no footnote rule is encoded.",
    },
    {
        "provision": "LR 7.1(c)-(i) (proposed order, brief requirement, response and reply times, motions not needing "
                     "briefs) and LR 10.1 (Required Form)",
        "reason": "Only LR 7.1's opening paragraph and (a)-(b), and part of (c)-(d), were read on the court's page; "
                  "LR 10.1 was seen only on a third-party site. Not encoded.",
    },
    {
        "provision": "Official PDF edition and effective date",
        "reason": "The court says its HTML rules are a retyped convenience copy and the printer-friendly PDF is official; "
                  "the PDF was not available. as_of is the 'Effective September 1, 2023' heading of the court's Civil "
                  "Rules page; the quoted per-rule pages are undated and the LR 7.2 page already contains the later "
                  "subsection (f).",
    },
    {
        "provision": "Word limits, certificate of compliance, pre-motion conference",
        "reason": "None in the rules read: N.D. Tex. limits are by page, and no local rule read requires a pre-motion "
                  "conference or letter.",
    },
]
