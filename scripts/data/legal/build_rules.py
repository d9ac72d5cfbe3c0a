#!/usr/bin/env python3
"""Build the compliance profiles and the extracted-rule files.

Writes:
  data/profiles/<district_id>.json        one compliance profile per district (docs/profile-format.md):
                                          edny and sdny (the joint Local Civil Rules, below) and every
                                          module of districts/
  data/extracted_rules/<district_id>.json raw rules with provenance (spec: "Extracted rule")

Every source_text below is a verbatim quotation of a document built by
build_documents.py (engine/tests/source_documents.rs proves it against the PDFs);
every summary is ours. Real judges come from the rosters in data/rosters/ (each with its
source and date); sample judges and their orders are fictional and marked `sample: true`.

Usage:
    python3 scripts/data/legal/build_rules.py           # writes the JSON files
    python3 scripts/data/legal/build_rules.py --check   # exit 1 if any file is stale
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import sources  # noqa: E402
from sources import NAMESPACE, version_id  # noqa: E402

REPO = Path(__file__).resolve().parents[3]

PROFILE_VERSION = "2026.11.29.12"
PROFILE_FORMAT_VERSION = 2
CORNELL = "https://www.law.cornell.edu/rules/frcp/rule_"

MOTION_BRIEFS = ["brief_support", "brief_opposition", "brief_reply", "reconsideration_support", "reconsideration_reply"]
# Every paper but an affidavit or declaration, which its declarant signs (the signature rules).
NOT_AFFIDAVITS = MOTION_BRIEFS + ["letter", "discovery_letter", "proposed_findings", "settlement_statement",
                                  "objection_response", "rule_56_1_statement"]
# The papers that can be a discovery motion itself, which Rules 26(c)(1) and 37(a)(1) say must include the
# conferral certification: the motion and its memorandum, or a letter-motion where the court takes discovery
# motions by letter. Not a declaration or affidavit filed with it, nor the other side's papers.
DISCOVERY_MOTION_PAPERS = ["brief_support", "letter", "discovery_letter"]
# The papers the caption rule reaches. Rule 10(a) speaks of pleadings ("Every pleading must have a caption"), and
# Rule 7(b)(2) carries "the rules governing captions and other matters of form in pleadings" to "motions and other
# papers": the papers of a motion (its memoranda, affidavits and declarations, statements of material facts,
# proposed findings, objections and responses). Not a letter to the court (a pre-motion letter, a discovery letter),
# whose form the courts that take letters set as a letter's, nor a settlement statement, which is given to the
# judge for a settlement conference rather than filed as a paper of the case; whether "other papers" reaches them
# the text does not settle, so the caption check is not applied to them (data/README.md, known gaps).
CAPTIONED_PAPERS = MOTION_BRIEFS + ["proposed_findings", "affidavit", "objection_response", "rule_56_1_statement"]

# ------------------------------------------------------------------ quotations
# FRCP (Cornell LII gives each rule its own address; the FRCP excerpt document holds them all).

FRCP_5_A_1 = (
    "(1) In General. Unless these rules provide otherwise, each of the following papers must be served on every party: "
    "(A) an order stating that service is required; "
    "(B) a pleading filed after the original complaint, unless the court orders otherwise under Rule 5(c) because there are numerous defendants; "
    "(C) a discovery paper required to be served on a party, unless the court orders otherwise; "
    "(D) a written motion, except one that may be heard ex parte; and "
    "(E) a written notice, appearance, demand, or offer of judgment, or any similar paper."
)
FRCP_5_D_1_B = (
    "(B) Certificate of Service. No certificate of service is required when a paper is served by filing it with the "
    "court\u2019s electronic-filing system. When a paper that is required to be served is served by other means: "
    "(i) if the paper is filed, a certificate of service must be filed with it or within a reasonable time after "
    "service; and "
    "(ii) if the paper is not filed, a certificate of service need not be filed unless filing is required by court "
    "order or by local rule."
)
FRCP_5_D_3_C = (
    "(C) Signing. A filing made through a person\u2019s electronic-filing account and authorized by that person, "
    "together with that person\u2019s name on a signature block, constitutes the person\u2019s signature."
)
FRCP_5_2_A = (
    "(a) Redacted Filings. Unless the court orders otherwise, in an electronic or paper filing with the court that contains "
    "an individual\u2019s social-security number, taxpayer-identification number, or birth date, the name of an individual "
    "known to be a minor, or a financial-account number, a party or nonparty making the filing may include only: "
    "(1) the last four digits of the social-security number and taxpayer-identification number; "
    "(2) the year of the individual\u2019s birth; "
    "(3) the minor\u2019s initials; and "
    "(4) the last four digits of the financial-account number."
)
FRCP_7_B_1 = (
    "(1) In General. A request for a court order must be made by motion. The motion must: "
    "(A) be in writing unless made during a hearing or trial; "
    "(B) state with particularity the grounds for seeking the order; and "
    "(C) state the relief sought."
)
FRCP_7_B_2 = "(2) Form. The rules governing captions and other matters of form in pleadings apply to motions and other papers."
FRCP_10_A = (
    "(a) Caption; Names of Parties. Every pleading must have a caption with the court\u2019s name, a title, a file number, "
    "and a Rule 7(a) designation."
)
FRCP_11_A = (
    "(a) Signature. Every pleading, written motion, and other paper must be signed by at least one attorney of record in "
    "the attorney\u2019s name\u2014or by a party personally if the party is unrepresented. The paper must state the signer\u2019s "
    "address, e-mail address, and telephone number."
)
FRCP_15_A_2 = (
    "In all other cases, a party may amend its pleading only with the opposing party\u2019s written consent or the court\u2019s "
    "leave. The court should freely give leave when justice so requires."
)
FRCP_26_C_1 = (
    "The motion must include a certification that the movant has in good faith conferred or attempted to confer with other "
    "affected parties in an effort to resolve the dispute without court action."
)
FRCP_37_A_1 = (
    "(1) In General. On notice to other parties and all affected persons, a party may move for an order compelling "
    "disclosure or discovery. The motion must include a certification that the movant has in good faith conferred or "
    "attempted to confer with the person or party failing to make disclosure or discovery in an effort to obtain it "
    "without court action."
)
FRCP_56_A = (
    "(a) Motion for Summary Judgment or Partial Summary Judgment. A party may move for summary judgment, identifying each "
    "claim or defense\u2014or the part of each claim or defense\u2014on which summary judgment is sought. The court shall grant "
    "summary judgment if the movant shows that there is no genuine dispute as to any material fact and the movant is "
    "entitled to judgment as a matter of law."
)
FRCP_56_C_1 = (
    "(1) Supporting Factual Positions. A party asserting that a fact cannot be or is genuinely disputed must support the "
    "assertion by: (A) citing to particular parts of materials in the record, including depositions, documents, "
    "electronically stored information, affidavits or declarations, stipulations (including those made for purposes of "
    "the motion only), admissions, interrogatory answers, or other materials; or (B) showing that the materials cited do "
    "not establish the absence or presence of a genuine dispute, or that an adverse party cannot produce admissible "
    "evidence to support the fact."
)
FRCP_56_C_4 = (
    "(4) Affidavits or Declarations. An affidavit or declaration used to support or oppose a motion must be made on "
    "personal knowledge, set out facts that would be admissible in evidence, and show that the affiant or declarant is "
    "competent to testify on the matters stated."
)

# Local Civil Rules (joint rules of the S.D.N.Y. and the E.D.N.Y.).

LR_7_1_A_1 = (
    "(a) Content of Motion Papers. All motions must include the following motion papers: (1) A notice of motion, or an "
    "order to show cause signed by the court, which must specify the applicable rules or statutes pursuant to which the "
    "motion is brought, and must specify the relief sought by the motion;"
)
LR_7_1_A_2 = (
    "(2) A memorandum of law, setting forth the cases and other authorities relied on in support of the motion, and "
    "divided, under appropriate headings, into as many parts as there are issues to be determined;"
)
LR_7_1_A_3 = (
    "(3) Supporting affidavits and exhibits thereto containing any factual information and portions of the record "
    "necessary for the decision of the motion; and"
)
LR_7_1_A_4 = (
    "(4) All oppositions and replies with respect to motions must comply with subsections (a)(2) and (3), and an opposing "
    "party who seeks relief that goes beyond the denial of the motion must also comply with subsection (a)(1)."
)
LR_7_1_B_1 = (
    "(b) Formatting Requirements for All Papers. The typeface, margins, and spacing of all documents presented for filing "
    "must meet the following requirements: (1) all text must be 12-point type or larger, except for text in footnotes "
    "which may be 10-point type;"
)
LR_7_1_B_1_FOOTNOTES = "(1) all text must be 12-point type or larger, except for text in footnotes which may be 10-point type;"
LR_7_1_B_2 = "(2) all documents must have at least one-inch margins on all sides;"
LR_7_1_B_3 = (
    "(3) all text must be double-spaced, except for headings, text in footnotes, or block quotations, which may be "
    "single-spaced."
)
LR_7_1_C = (
    "(c) Length of Memoranda of Law. If filed by an attorney or prepared with a computer, briefs in support of and in "
    "response to a motion (except for motions for reconsideration) may not exceed 8,750 words, and reply briefs may not "
    "exceed 3,500 words."
)
LR_6_3_TIMING = (
    "Unless otherwise provided by the court or by statute or rule (such as Fed. R. Civ. P. 50, 52, and 59), a notice of "
    "motion for reconsideration must be served within 14 days after the entry of the court\u2019s order being challenged. "
    "There must be served with the notice of motion a memorandum setting forth concisely the matters or controlling "
    "decisions which the moving party believes the court has overlooked."
)
LR_6_3_NO_AFFIDAVIT = "No party is to file an affidavit unless directed by the court."
LR_6_3_WORDS = (
    "Unless otherwise provided by the court, the length limitations for filings under this rule are as follows: if filed "
    "by an attorney or prepared with a computer, briefs in support of and in response to a motion may not exceed 3,500 "
    "words, and reply briefs may not exceed 1,750 words;"
)
LR_6_3_PAGES = (
    "if filed by a party who is not represented by an attorney and handwritten or prepared with a typewriter, briefs in "
    "support of and in response to a motion may not exceed 10 pages, and reply briefs may not exceed five pages."
)
LR_6_3_CERTIFICATE = (
    "If a brief is filed by an attorney or prepared with a computer, the party must also provide a certificate of "
    "compliance as required by Local Civil Rule 7.1(c)."
)
LR_56_1_A = (
    "(a) Unless the court orders otherwise, on motion or on its own, any motion for summary judgment under Fed. R. Civ. P. "
    "56 must be accompanied by a separate, short, and concise statement, in numbered paragraphs, of the material facts as "
    "to which the moving party contends there is no genuine issue to be tried. Failure to submit such a statement may "
    "constitute grounds for denial of the motion. This rule does not apply to claims brought under the Administrative "
    "Procedure Act or the Freedom of Information Act."
)
LR_56_1_B = (
    "(b) The papers opposing a motion for summary judgment must include a correspondingly numbered paragraph admitting or "
    "denying, and otherwise responding to, each numbered paragraph in the statement of the moving party, and if "
    "necessary, additional paragraphs containing a separate, short and concise statement of additional material facts as "
    "to which it is contended that there exists a genuine issue to be tried."
)
LR_56_1_C = (
    "(c) Each numbered paragraph in the statement of material facts set forth in the statement required to be served by "
    "the moving party will be deemed to be admitted for purposes of the motion unless specifically denied and "
    "controverted by a correspondingly numbered paragraph in the statement required to be served by the opposing party."
)
LR_56_1_D = (
    "(d) Each statement by the movant or opponent under Rule 56.1(a) and (b), including each statement denying and "
    "controverting any statement of material fact, must be followed by citation to evidence that would be admissible and "
    "set forth as required by Fed. R. Civ. P. 56(c)."
)

# Text before the July 1, 2024 revision, with the omissions the excerpt marks (sources.py).
LR_56_2 = sources.LR_56_2_TEXT


def rule(key, category, citation, label, summary, severity, source_text, source_url, applies_to=None, params=None):
    out = {
        "rule_key": key,
        "category": category,
        "citation": citation,
        "label": label,
        "summary": summary,
        "severity": severity,
    }
    if applies_to:
        out["applies_to"] = applies_to
    if params:
        out["params"] = params
    out["source_text"] = source_text
    out["source_url"] = source_url
    return out


def frcp(n):
    return CORNELL + n


# ------------------------------------------------------------------ layer 1: FRCP

NATIONAL = [
    rule("Privacy:ssn-tin", "PRIVACY", "Fed. R. Civ. P. 5.2(a)(1)", "Redaction of Social Security and taxpayer numbers",
         "A filing may show only the last four digits of a Social Security or taxpayer-identification number.",
         "CRITICAL", FRCP_5_2_A, frcp("5.2"), params={"forbidden_fields": ["contains_full_ssn"]}),
    rule("Privacy:birth-date", "PRIVACY", "Fed. R. Civ. P. 5.2(a)(2)", "Redaction of birth dates",
         "A filing may show only the year of a person's birth, not the full date.",
         "CRITICAL", FRCP_5_2_A, frcp("5.2"), params={"forbidden_fields": ["contains_full_dob"]}),
    rule("Privacy:minor-name", "PRIVACY", "Fed. R. Civ. P. 5.2(a)(3)", "Redaction of minors' names",
         "A filing may identify a person known to be a minor only by initials.",
         "CRITICAL", FRCP_5_2_A, frcp("5.2"), params={"forbidden_fields": ["contains_minor_full_name"]}),
    rule("Privacy:financial-account", "PRIVACY", "Fed. R. Civ. P. 5.2(a)(4)", "Redaction of financial-account numbers",
         "A filing may show only the last four digits of a financial-account number.",
         "CRITICAL", FRCP_5_2_A, frcp("5.2"), params={"forbidden_fields": ["contains_full_financial_account"]}),
    rule("Caption:caption", "CAPTION", "Fed. R. Civ. P. 10(a), 7(b)(2)", "Caption",
         "The caption must give the court's name, the title of the action, the file (docket) number and what the paper is. "
         "Rule 10(a) sets this for pleadings; Rule 7(b)(2) applies it to motions and other papers, so it is checked on "
         "the papers of a motion. Letters to the court and settlement statements are not checked.",
         "WARNING", FRCP_10_A, frcp("10"),
         applies_to={"document_scopes": CAPTIONED_PAPERS},
         params={"required_fields": ["has_court_name", "has_case_title", "has_docket_number", "has_document_designation"]}),
    rule("Signature:signature-block", "SIGNATURE", "Fed. R. Civ. P. 11(a)", "Signature",
         "The paper must be signed by an attorney of record (or by the party if unrepresented) and give the signer's name, "
         "address, e-mail address and telephone number. A firm name is not required. An affidavit or declaration is "
         "signed by its declarant, who need not be a lawyer: this check does not apply to it.",
         "CRITICAL", FRCP_11_A, frcp("11"),
         applies_to={"document_scopes": NOT_AFFIDAVITS},
         params={"required_fields": ["present", "has_attorney_name", "has_address", "has_email", "has_phone"]}),
    rule("Reference:motion-in-writing", "PROCEDURE", "Fed. R. Civ. P. 7(b)(1)", "Motions: writing, grounds, relief",
         "A request for a court order is made by motion, in writing unless made at a hearing or trial, stating its grounds "
         "with particularity and the relief sought. Where a local rule requires a notice of motion (as Local Civil Rule "
         "7.1(a)(1) of the S.D.N.Y. and E.D.N.Y. does), the check enforces that rule.",
         "INFO", FRCP_7_B_1, frcp("7")),
    rule("Reference:motion-form", "CAPTION", "Fed. R. Civ. P. 7(b)(2)", "Form of motions",
         "Captions and the other rules of form for pleadings apply to motions and other papers too.",
         "INFO", FRCP_7_B_2, frcp("7")),
    rule("Reference:service-of-motions", "PROCEDURE", "Fed. R. Civ. P. 5(a)(1)(D)", "Service of written motions",
         "Every written motion (other than one that may be heard ex parte) must be served on every party.",
         "INFO", FRCP_5_A_1, frcp("5")),
    rule("Structure:certificate-of-service", "STRUCTURE", "Fed. R. Civ. P. 5(d)(1)(B)", "Certificate of service",
         "Service through the court's electronic-filing system needs no certificate of service; a paper served any "
         "other way (as on a pro se party, who is usually not an electronic-filing user) needs one, filed with the "
         "paper or within a reasonable time after service. Include it, or confirm it will be filed.",
         "WARNING", FRCP_5_D_1_B, frcp("5"),
         applies_to={"opposing_party_pro_se": True},
         params={"required_fields": ["has_certificate_of_service"], "on_missing": "ACTION_REQUIRED"}),
    rule("Signature:electronic-signature", "SIGNATURE", "Fed. R. Civ. P. 5(d)(3)(C)", "Electronic signature",
         "A paper filed through a person's electronic-filing account, with the person's authority, is signed by the "
         "filing together with the person's name in the signature block (\"/s/ Name\"). Applies to electronic "
         "filers; a pro se party files on paper unless a court order or local rule allows otherwise. An affidavit or "
         "declaration carries its declarant's signature, not the filer's: this check does not apply to it.",
         "WARNING", FRCP_5_D_3_C, frcp("5"),
         applies_to={"filer_pro_se": False, "document_scopes": NOT_AFFIDAVITS},
         params={"required_fields": ["is_electronic_signature"]}),
    rule("Structure:conferral-protective-order", "STRUCTURE", "Fed. R. Civ. P. 26(c)(1)",
         "Conferral certification: protective orders",
         "A motion for a protective order must certify that the movant conferred, or tried to confer, in good faith with "
         "the other affected parties to resolve the dispute without the court. Confirm the certification if the "
         "discovery motion seeks a protective order.",
         "WARNING", FRCP_26_C_1, frcp("26"),
         applies_to={"document_scopes": DISCOVERY_MOTION_PAPERS, "motion_types": ["discovery"],
                     "filing_roles": ["movant"]},
         params={"required_fields": ["has_conferral_certification"], "on_missing": "ACTION_REQUIRED"}),
    rule("Structure:conferral-compel", "STRUCTURE", "Fed. R. Civ. P. 37(a)(1)", "Conferral certification: motions to compel",
         "A motion to compel disclosure or discovery must certify that the movant conferred, or tried to confer, in good "
         "faith with the party that failed to disclose or respond, to get the material without the court. Confirm the "
         "certification if the discovery motion seeks to compel: the motion type \"discovery\" does not say whether it "
         "does.",
         "CRITICAL", FRCP_37_A_1, frcp("37"),
         applies_to={"document_scopes": DISCOVERY_MOTION_PAPERS, "motion_types": ["discovery"],
                     "filing_roles": ["movant"]},
         params={"required_fields": ["has_conferral_certification"], "on_missing": "ACTION_REQUIRED"}),
    rule("Reference:summary-judgment-motion", "PROCEDURE", "Fed. R. Civ. P. 56(a)", "Motion for summary judgment",
         "The motion must identify each claim or defense (or part of one) on which summary judgment is sought; it is "
         "granted only if there is no genuine dispute of material fact and the movant is entitled to judgment as a "
         "matter of law.",
         "INFO", FRCP_56_A, frcp("56"), applies_to={"motion_types": ["Rule_56"]}),
    rule("Reference:supporting-factual-positions", "PROCEDURE", "Fed. R. Civ. P. 56(c)(1)", "Supporting factual positions",
         "Each assertion that a fact is or is not genuinely disputed must cite particular materials in the record, or "
         "show that the cited materials do not establish the point. Some districts' local rules (such as Local Civil Rule "
         "56.1 of the S.D.N.Y. and E.D.N.Y.) put these citations in a separate statement of material facts.",
         "INFO", FRCP_56_C_1, frcp("56"), applies_to={"motion_types": ["Rule_56"]}),
    rule("Reference:summary-judgment-affidavits", "PROCEDURE", "Fed. R. Civ. P. 56(c)(4)", "Affidavits on summary judgment",
         "Affidavits or declarations for or against summary judgment must rest on personal knowledge, set out admissible "
         "facts, and show the declarant is competent to testify to them.",
         "INFO", FRCP_56_C_4, frcp("56"), applies_to={"motion_types": ["Rule_56"]}),
    rule("Reference:leave-to-amend", "PROCEDURE", "Fed. R. Civ. P. 15(a)(2)", "Amendment with consent or leave",
         "Outside the amendments allowed as a matter of course, a pleading may be amended only with the other side's "
         "written consent or the court's leave, which should be freely given when justice so requires.",
         "INFO", FRCP_15_A_2, frcp("15"), applies_to={"motion_types": ["motion_to_amend"]}),
]

# ------------------------------------------------------------------ layer 2: local rules

LR_URL = sources.EDNY_LOCAL_RULES_URL
SUPPORT_OPPOSITION = ["brief_support", "brief_opposition"]
# Local Civil Rule 56.1(a): "This rule does not apply to claims brought under the Administrative Procedure Act or
# the Freedom of Information Act."
NOT_56_1 = ["administrative_procedure_act", "freedom_of_information_act"]
# Local Civil Rule 7.1 opens "Except for letter-motions as permitted by this or any other Rule, or as otherwise
# directed by the court:", so its formatting requirements (7.1(b)) are for every paper but a letter. A letter that
# is not a letter-motion is not told apart from one (data/README.md, known gaps).
NOT_LETTERS = MOTION_BRIEFS + ["proposed_findings", "affidavit", "settlement_statement", "objection_response",
                               "rule_56_1_statement"]


def local_rules(url):
    return [
        rule("Structure:notice-of-motion", "STRUCTURE", "Local Civil Rule 7.1(a)(1)", "Notice of motion",
             "A motion needs a notice of motion (or an order to show cause signed by the court) naming the rules or "
             "statutes it is brought under and the relief it seeks. Letter-motions where permitted are excepted. A notice "
             "filed as its own paper cannot be seen in the memorandum: confirm it is filed with the motion.",
             "CRITICAL", LR_7_1_A_1, url,
             applies_to={"document_scopes": ["brief_support", "reconsideration_support"], "filing_roles": ["movant"]},
             params={"required_fields": ["has_notice_of_motion"], "on_missing": "ACTION_REQUIRED"}),
        rule("Structure:memorandum-of-law", "STRUCTURE", "Local Civil Rule 7.1(a)(2)", "Memorandum of law",
             "A motion needs a memorandum of law setting out the authorities relied on, divided under headings into one "
             "part per issue.",
             "CRITICAL", LR_7_1_A_2, url,
             applies_to={"document_scopes": ["brief_support", "reconsideration_support"], "filing_roles": ["movant"]},
             params={"required_fields": ["has_memorandum_of_law"]}),
        rule("Structure:supporting-affidavits", "STRUCTURE", "Local Civil Rule 7.1(a)(3)", "Supporting affidavits",
             "Facts and parts of the record the motion depends on must come in supporting affidavits with exhibits. "
             "Needed only when the motion relies on facts outside the record already before the court: confirm.",
             "WARNING", LR_7_1_A_3, url,
             applies_to={"document_scopes": ["brief_support"], "filing_roles": ["movant"]},
             params={"required_fields": ["has_supporting_affidavits"], "on_missing": "ACTION_REQUIRED"}),
        rule("Structure:opposition-papers", "STRUCTURE", "Local Civil Rule 7.1(a)(4)", "Opposition and reply papers",
             "Oppositions and replies need a memorandum of law (and affidavits for any facts they rely on); an opponent "
             "seeking relief beyond denial of the motion also needs a notice of motion.",
             "CRITICAL", LR_7_1_A_4, url,
             applies_to={"document_scopes": ["brief_opposition", "brief_reply"], "filing_roles": ["opponent", "reply"]},
             params={"required_fields": ["has_memorandum_of_law"]}),
        rule("Format:body-font", "FORMAT", "Local Civil Rule 7.1(b)(1)", "Type size",
             "All text must be at least 12-point. Rule 7.1 excepts letter-motions, so letters are not checked.",
             "WARNING", LR_7_1_B_1, url, applies_to={"document_scopes": NOT_LETTERS}, params={"min_font_pt": 12}),
        rule("Format:footnote-font", "FORMAT", "Local Civil Rule 7.1(b)(1)", "Footnote type size",
             "Footnote text may be smaller than body text, but not below 10-point. Letters (Rule 7.1 excepts "
             "letter-motions) are not checked.",
             "WARNING", LR_7_1_B_1_FOOTNOTES, url, applies_to={"document_scopes": NOT_LETTERS},
             params={"min_footnote_font_pt": 10}),
        rule("Format:margins", "FORMAT", "Local Civil Rule 7.1(b)(2)", "Margins",
             "Every page needs margins of at least one inch on all sides. Letters (Rule 7.1 excepts letter-motions) "
             "are not checked.",
             "WARNING", LR_7_1_B_2, url, applies_to={"document_scopes": NOT_LETTERS}, params={"min_margin_inches": 1}),
        rule("Format:line-spacing", "FORMAT", "Local Civil Rule 7.1(b)(3)", "Line spacing",
             "Text must be double-spaced; headings, footnotes and block quotations may be single-spaced. Letters "
             "(Rule 7.1 excepts letter-motions) are not checked.",
             "WARNING", LR_7_1_B_3, url, applies_to={"document_scopes": NOT_LETTERS}, params={"line_spacing": "double"}),
        rule("WordLimit:memorandum", "WORD_LIMIT", "Local Civil Rule 7.1(c)", "Length of memoranda of law",
             "A brief in support of or in opposition to a motion (other than for reconsideration) may not exceed 8,750 "
             "words, footnotes included; caption, tables, signature block and certificates do not count.",
             "CRITICAL", LR_7_1_C, url,
             applies_to={"document_scopes": SUPPORT_OPPOSITION, "pro_se_handwritten": False}, params={"max_words": 8750}),
        rule("WordLimit:reply", "WORD_LIMIT", "Local Civil Rule 7.1(c)", "Length of reply memoranda",
             "A reply brief may not exceed 3,500 words.",
             "CRITICAL", LR_7_1_C, url,
             applies_to={"document_scopes": ["brief_reply"], "pro_se_handwritten": False}, params={"max_words": 3500}),
        rule("Structure:certificate-of-compliance", "STRUCTURE", "Local Civil Rule 7.1(c); Local Civil Rule 6.3",
             "Certificate of compliance",
             "A brief filed by an attorney, or prepared with a computer (by anyone, an unrepresented party included), "
             "must include a certificate of compliance with the word limit, stating the word count. Only an "
             "unrepresented party's handwritten or typewritten brief is exempt.",
             "WARNING", LR_6_3_CERTIFICATE, url,
             applies_to={"document_scopes": MOTION_BRIEFS, "pro_se_handwritten": False},
             params={"required_fields": ["has_certificate_of_compliance"]}),
        rule("WordCount:certificate", "WORD_LIMIT", "Local Civil Rule 7.1(c); Local Civil Rule 6.3",
             "Word count stated in the certificate",
             "The word count stated in the certificate of compliance should match the brief. The rules set no "
             "tolerance: the 5% allowed here is courtrules' own, so that word processors' small differences in "
             "counting do not fail a correct certificate.",
             "WARNING", LR_6_3_CERTIFICATE, url,
             applies_to={"document_scopes": MOTION_BRIEFS, "pro_se_handwritten": False},
             params={"max_deviation_pct": 5}),
        rule("WordLimit:reconsideration", "WORD_LIMIT", "Local Civil Rule 6.3", "Length of reconsideration briefs",
             "A brief in support of a motion for reconsideration may not exceed 3,500 words.",
             "CRITICAL", LR_6_3_WORDS, url,
             applies_to={"document_scopes": ["reconsideration_support"], "pro_se_handwritten": False},
             params={"max_words": 3500}),
        rule("WordLimit:reconsideration-brief-support", "WORD_LIMIT", "Local Civil Rule 6.3",
             "Length of briefs supporting reconsideration",
             "A brief in support of a motion for reconsideration may not exceed 3,500 words (Local Civil Rule 7.1(c)'s "
             "8,750 words exclude motions for reconsideration).",
             "CRITICAL", LR_6_3_WORDS, url,
             applies_to={"document_scopes": ["brief_support"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": False},
             params={"max_words": 3500}),
        rule("WordLimit:reconsideration-opposition", "WORD_LIMIT", "Local Civil Rule 6.3",
             "Length of briefs opposing reconsideration",
             "A brief opposing a motion for reconsideration may not exceed 3,500 words.",
             "CRITICAL", LR_6_3_WORDS, url,
             applies_to={"document_scopes": ["brief_opposition"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": False},
             params={"max_words": 3500}),
        rule("WordLimit:reconsideration-reply", "WORD_LIMIT", "Local Civil Rule 6.3", "Length of reconsideration replies",
             "A reply brief on a motion for reconsideration may not exceed 1,750 words.",
             "CRITICAL", LR_6_3_WORDS, url,
             applies_to={"document_scopes": ["reconsideration_reply"], "pro_se_handwritten": False},
             params={"max_words": 1750}),
        rule("WordLimit:reconsideration-brief-reply", "WORD_LIMIT", "Local Civil Rule 6.3",
             "Length of reply briefs on reconsideration",
             "A reply brief on a motion for reconsideration may not exceed 1,750 words, not the 3,500 Local Civil Rule "
             "7.1(c) allows other replies.",
             "CRITICAL", LR_6_3_WORDS, url,
             applies_to={"document_scopes": ["brief_reply"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": False},
             params={"max_words": 1750}),
        rule("PageLimit:reconsideration", "PAGE_LIMIT", "Local Civil Rule 6.3",
             "Length of reconsideration briefs (unrepresented party, handwritten or typewritten)",
             "An unrepresented party's handwritten or typewritten brief in support of reconsideration may not exceed "
             "10 pages.",
             "CRITICAL", LR_6_3_PAGES, url,
             applies_to={"document_scopes": ["reconsideration_support"], "pro_se_handwritten": True},
             params={"max_pages": 10}),
        rule("PageLimit:reconsideration-brief-support", "PAGE_LIMIT", "Local Civil Rule 6.3",
             "Length of briefs supporting reconsideration (unrepresented party, handwritten or typewritten)",
             "An unrepresented party's handwritten or typewritten brief supporting a motion for reconsideration may "
             "not exceed 10 pages.",
             "CRITICAL", LR_6_3_PAGES, url,
             applies_to={"document_scopes": ["brief_support"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": True},
             params={"max_pages": 10}),
        rule("PageLimit:reconsideration-opposition", "PAGE_LIMIT", "Local Civil Rule 6.3",
             "Length of briefs opposing reconsideration (unrepresented party, handwritten or typewritten)",
             "An unrepresented party's handwritten or typewritten brief opposing reconsideration may not exceed 10 "
             "pages.",
             "CRITICAL", LR_6_3_PAGES, url,
             applies_to={"document_scopes": ["brief_opposition"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": True},
             params={"max_pages": 10}),
        rule("PageLimit:reconsideration-reply", "PAGE_LIMIT", "Local Civil Rule 6.3",
             "Length of reconsideration replies (unrepresented party, handwritten or typewritten)",
             "An unrepresented party's handwritten or typewritten reply on reconsideration may not exceed five pages.",
             "CRITICAL", LR_6_3_PAGES, url,
             applies_to={"document_scopes": ["reconsideration_reply"], "pro_se_handwritten": True},
             params={"max_pages": 5}),
        rule("PageLimit:reconsideration-brief-reply", "PAGE_LIMIT", "Local Civil Rule 6.3",
             "Length of reply briefs on reconsideration (unrepresented party, handwritten or typewritten)",
             "An unrepresented party's handwritten or typewritten reply brief on a motion for reconsideration may not "
             "exceed five pages.",
             "CRITICAL", LR_6_3_PAGES, url,
             applies_to={"document_scopes": ["brief_reply"], "motion_types": ["reconsideration"],
                         "pro_se_handwritten": True},
             params={"max_pages": 5}),
        rule("Reference:reconsideration-timing", "PROCEDURE", "Local Civil Rule 6.3", "Time to move for reconsideration",
             "Serve the notice of motion for reconsideration, with a memorandum identifying what the court overlooked, "
             "within 14 days after the order is entered, unless the court or a statute or rule provides otherwise.",
             "WARNING", LR_6_3_TIMING, url, applies_to={"motion_types": ["reconsideration"]}),
        rule("Reference:reconsideration-no-affidavits", "PROCEDURE", "Local Civil Rule 6.3", "No affidavits on reconsideration",
             "Do not file affidavits on a motion for reconsideration unless the court directs it.",
             "INFO", LR_6_3_NO_AFFIDAVIT, url, applies_to={"motion_types": ["reconsideration"]}),
        rule("Structure:56.1-statement", "STRUCTURE", "Local Civil Rule 56.1(a)",
             "Separate statement of material facts accompanying the motion",
             "A summary-judgment motion must come with a separate, short statement of the undisputed material facts in "
             "numbered paragraphs; without it the motion may be denied. The rule does not apply to claims under the "
             "Administrative Procedure Act or the Freedom of Information Act. Filed as its own paper, the statement cannot "
             "be seen in the memorandum: confirm it is filed with the motion. Checked on the memorandum, not on the "
             "statement itself.",
             "CRITICAL", LR_56_1_A, url,
             applies_to={"document_scopes": ["brief_support"], "motion_types": ["Rule_56"], "filing_roles": ["movant"],
                         "except_claims_under": NOT_56_1},
             params={"required_fields": ["has_56_1_statement"], "on_missing": "ACTION_REQUIRED"}),
        rule("Structure:56.1-counterstatement", "STRUCTURE", "Local Civil Rule 56.1(b)", "Counterstatement of material facts",
             "Papers opposing summary judgment must answer each numbered paragraph of the movant's statement, admitting "
             "or denying it, and may add paragraphs of facts said to be genuinely disputed. Filed as its own paper, the "
             "counterstatement cannot be seen in the memorandum: confirm it is filed with the opposition. Checked on "
             "the memorandum, not on the counterstatement itself.",
             "CRITICAL", LR_56_1_B, url,
             applies_to={"document_scopes": ["brief_opposition"], "motion_types": ["Rule_56"],
                         "filing_roles": ["opponent"], "except_claims_under": NOT_56_1},
             params={"required_fields": ["has_56_1_counterstatement"], "on_missing": "ACTION_REQUIRED"}),
        rule("Structure:56.1-numbered-paragraphs", "STRUCTURE", "Local Civil Rule 56.1(c)", "Numbered paragraphs",
             "Rule 56.1 statements are set out in numbered paragraphs; a movant's paragraph not specifically denied by a "
             "correspondingly numbered paragraph is deemed admitted.",
             "CRITICAL", LR_56_1_C, url,
             applies_to={"document_scopes": ["rule_56_1_statement"], "except_claims_under": NOT_56_1},
             params={"required_fields": ["has_numbered_paragraphs"]}),
        rule("Reference:56.1-citations", "PROCEDURE", "Local Civil Rule 56.1(d)", "Citations to admissible evidence",
             "Every statement of fact, and every denial, in a Rule 56.1 statement must cite admissible evidence.",
             "WARNING", LR_56_1_D, url,
             applies_to={"document_scopes": ["rule_56_1_statement"], "except_claims_under": NOT_56_1}),
        rule("Structure:pro-se-sj-notice", "STRUCTURE", "Local Civil Rule 56.2",
             "Notice to pro se litigant opposing summary judgment (text before the 2024 restyling)",
             "A represented party moving for summary judgment against a party who has no lawyer must serve and file, "
             "as a separate document with the motion papers, the rule's notice to the pro se litigant, with the full "
             "texts of Fed. R. Civ. P. 56 and Local Civil Rule 56.1 attached. Being a separate document, it cannot be seen "
             "in the other papers: confirm it is filed and served.",
             "CRITICAL", LR_56_2, url,
             applies_to={"motion_types": ["Rule_56"], "filing_roles": ["movant"], "filer_pro_se": False,
                         "opposing_party_pro_se": True},
             params={"required_fields": ["has_pro_se_sj_notice"], "on_missing": "ACTION_REQUIRED"}),
    ]



# ------------------------------------------------------------------ layer 3: sample judges


def sample_text(slug, prefix):
    """The paragraph of a sample order that starts with `prefix` (section number)."""
    judge = next(j for j in sources.SAMPLE_JUDGES if j["slug"] == slug)
    for kind, text in judge["blocks"]:
        if kind == "p" and text.startswith(prefix + ". "):
            return text
    raise KeyError(f"{slug}: no paragraph {prefix}")


def sample_rule(slug, section, key, category, label, summary, severity, applies_to=None, params=None):
    judge = next(j for j in sources.SAMPLE_JUDGES if j["slug"] == slug)
    order_name = judge["order_title"].replace(" (sample data)", "")
    return rule(key, category, f"Sample {order_name} \u00a7 {section}", label, summary, severity,
                sample_text(slug, section), sources.SAMPLE_ORDERS_URL + slug, applies_to, params)


# A pre-motion conference is owed before the motion's own papers: not the letter that asks for it, not
# the reply (the filer's reply is `filing_role: reply`; a reply marked `movant` is not the motion), and not
# a motion for reconsideration, which is not a motion to dismiss or for summary judgment whatever ruling
# it asks the court to revisit.
MOTION_PAPERS = ["brief_support", "affidavit", "rule_56_1_statement"]
# "Any motion paper": the papers of a motion, not a letter to chambers.
ALL_MOTION_PAPERS = MOTION_BRIEFS + ["affidavit", "rule_56_1_statement"]
DISPOSITIVE_MOVANT_REPRESENTED = {"motion_types": ["Rule_12", "Rule_56"], "filing_roles": ["movant"], "filer_pro_se": False,
                                  "document_scopes": MOTION_PAPERS}

SAMPLE_RULES = {
    "avery-sample": [
        sample_rule("avery-sample", "1.A", "PageLimit:letter", "PAGE_LIMIT", "Letter length",
                    "Letters to the court may not exceed three pages.", "CRITICAL",
                    {"document_scopes": ["letter", "discovery_letter"]}, {"max_pages": 3}),
        sample_rule("avery-sample", "2.A", "Pmc:dispositive-motions", "PMC", "Pre-motion conference",
                    "Before moving to dismiss (Rule 12) or for summary judgment (Rule 56), request a pre-motion "
                    "conference by letter of up to three pages. Parties proceeding pro se are exempt.", "CRITICAL",
                    DISPOSITIVE_MOVANT_REPRESENTED),
        sample_rule("avery-sample", "3.A", "PageLimit:memorandum", "PAGE_LIMIT", "Memorandum length",
                    "Memoranda in support of or opposing a motion are limited to 25 pages unless permission was granted "
                    "in advance.", "CRITICAL", {"document_scopes": SUPPORT_OPPOSITION}, {"max_pages": 25}),
        sample_rule("avery-sample", "3.A", "PageLimit:reply", "PAGE_LIMIT", "Reply length",
                    "Reply memoranda are limited to 10 pages.", "CRITICAL",
                    {"document_scopes": ["brief_reply"]}, {"max_pages": 10}),
        sample_rule("avery-sample", "3.B", "Structure:toc-toa", "STRUCTURE", "Tables of contents and authorities",
                    "A memorandum of 10 pages or more needs a table of contents and a table of authorities.", "WARNING",
                    {"document_scopes": MOTION_BRIEFS}, {"required_fields": ["has_toc", "has_toa"], "min_pages": 10}),
        sample_rule("avery-sample", "3.C", "CourtesyCopy:long-papers", "COURTESY_COPY", "Courtesy copies",
                    "Deliver one marked courtesy copy to chambers, on the day of filing, of any motion paper of 20 "
                    "pages or more.", "INFO", {"document_scopes": ALL_MOTION_PAPERS}, {"min_pages": 20}),
    ],
    "blake-example": [
        sample_rule("blake-example", "1.A", "PageLimit:letter", "PAGE_LIMIT", "Letter length",
                    "Letters, including letter-motions, may not exceed two pages (exhibits excluded).", "CRITICAL",
                    {"document_scopes": ["letter", "discovery_letter"]}, {"max_pages": 2}),
        sample_rule("blake-example", "2.A", "FilingGate:briefing-schedule", "FILING_GATE", "Briefing schedule first",
                    "Do not file the motion on ECF until the court sets a briefing schedule; first file a letter "
                    "proposing a schedule agreed with the other parties.", "CRITICAL",
                    {"document_scopes": ["brief_support", "reconsideration_support"], "filing_roles": ["movant"]}),
        sample_rule("blake-example", "2.B", "Bundling:motion-papers", "BUNDLING", "Bundle motion papers",
                    "Serve motion papers as they are completed but do not file them; the movant files the whole set on "
                    "ECF on the day the motion is fully briefed.", "WARNING",
                    {"document_scopes": ALL_MOTION_PAPERS}),
        sample_rule("blake-example", "2.C", "CourtesyCopy:motion-papers", "COURTESY_COPY", "Courtesy copies",
                    "The movant delivers two courtesy copies of the complete motion papers to chambers on the day the "
                    "motion is fully briefed.", "INFO",
                    {"document_scopes": ALL_MOTION_PAPERS}),
    ],
    "casey-placeholder": [
        sample_rule("casey-placeholder", "1.A", "FilingGate:discovery-letter-first", "FILING_GATE",
                    "Discovery disputes by letter first",
                    "Do not file a discovery motion until the dispute has been raised by letter and the court has held a "
                    "conference or directed formal briefing.", "CRITICAL",
                    {"document_scopes": ["brief_support"], "motion_types": ["discovery"], "filing_roles": ["movant"]}),
        sample_rule("casey-placeholder", "1.B", "PageLimit:letter", "PAGE_LIMIT", "Discovery letter length",
                    "A discovery-dispute letter, and any response, may not exceed three pages (exhibits excluded).",
                    "CRITICAL", {"document_scopes": ["discovery_letter"]}, {"max_pages": 3}),
        sample_rule("casey-placeholder", "2.A", "CourtesyCopy:long-submissions", "COURTESY_COPY", "Courtesy copies",
                    "Deliver one courtesy copy of any submission other than a letter that runs 15 pages or more.", "INFO",
                    {"document_scopes": MOTION_BRIEFS + ["affidavit", "rule_56_1_statement", "proposed_findings",
                                                         "settlement_statement", "objection_response"]},
                    {"min_pages": 15}),
    ],
    "drew-specimen": [
        sample_rule("drew-specimen", "1.A", "WordLimit:memorandum", "WORD_LIMIT", "Memorandum length",
                    "Memoranda in support of or opposing a motion may not exceed 7,000 words (below the district's "
                    "8,750).", "CRITICAL", {"document_scopes": SUPPORT_OPPOSITION}, {"max_words": 7000}),
        sample_rule("drew-specimen", "1.A", "WordLimit:reply", "WORD_LIMIT", "Reply length",
                    "Reply memoranda may not exceed 2,800 words (below the district's 3,500).", "CRITICAL",
                    {"document_scopes": ["brief_reply"]}, {"max_words": 2800}),
        sample_rule("drew-specimen", "1.B", "Structure:toc-toa", "STRUCTURE", "Tables of contents and authorities",
                    "A memorandum of 15 pages or more needs a table of contents and a table of authorities.", "WARNING",
                    {"document_scopes": MOTION_BRIEFS}, {"required_fields": ["has_toc", "has_toa"], "min_pages": 15}),
        sample_rule("drew-specimen", "1.C", "Pmc:summary-judgment", "PMC", "Pre-motion conference",
                    "A pre-motion conference is required before moving for summary judgment. Parties proceeding pro se "
                    "are exempt.", "CRITICAL",
                    {"motion_types": ["Rule_56"], "filing_roles": ["movant"], "filer_pro_se": False,
                     "document_scopes": MOTION_PAPERS}),
    ],
    "emery-demo": [
        sample_rule("emery-demo", "1.A", "PageLimit:memorandum", "PAGE_LIMIT", "Memorandum length",
                    "Memoranda in support of or opposing a motion are limited to 20 pages unless permission was granted "
                    "in advance.", "CRITICAL", {"document_scopes": SUPPORT_OPPOSITION}, {"max_pages": 20}),
        sample_rule("emery-demo", "1.A", "PageLimit:reply", "PAGE_LIMIT", "Reply length",
                    "Reply memoranda are limited to 8 pages.", "CRITICAL",
                    {"document_scopes": ["brief_reply"]}, {"max_pages": 8}),
        sample_rule("emery-demo", "1.B", "CourtesyCopy:all-motion-papers", "COURTESY_COPY", "Courtesy copies",
                    "Deliver courtesy copies of all motion papers, whatever their length, within one business day of "
                    "filing.", "INFO",
                    {"document_scopes": ALL_MOTION_PAPERS}),
    ],
}


def sample_judges():
    out = []
    for judge in sources.SAMPLE_JUDGES:
        out.append({
            "slug": judge["slug"],
            "name": judge["name"],
            "judge_type": judge["judge_type"],
            "sample": True,
            "standing_order": {
                "title": judge["order_title"],
                "source_url": sources.SAMPLE_ORDERS_URL + judge["slug"],
                "sample": True,
                "rules": SAMPLE_RULES[judge["slug"]],
            },
        })
    bare = sources.SAMPLE_JUDGE_WITHOUT_ORDER
    out.append({"slug": bare["slug"], "name": bare["name"], "judge_type": bare["judge_type"], "sample": True})
    return out


ROSTERS = REPO / "data" / "rosters"


def roster(district_id):
    """The roster file of a district (data/rosters/<id>.json), or None."""
    path = ROSTERS / f"{district_id}.json"
    return json.loads(path.read_text()) if path.exists() else None


def roster_judges(district_id):
    """The real judges of a district, as the profile carries them: who they are and where their page is.
    Their sources and dates stay in the roster file, which the server seeds beside the profile."""
    data = roster(district_id)
    if data is None:
        return []
    out = []
    for judge in data["judges"]:
        entry = {"slug": judge["slug"], "name": judge["name"], "judge_type": judge["judge_type"]}
        if judge.get("profile_url"):
            entry["profile_url"] = judge["profile_url"]
        out.append(entry)
    return out


# Layer 1 is the same in every district.
NATIONAL_LAYER = {
    "title": "Federal Rules of Civil Procedure",
    "short_title": "FRCP",
    "source_url": sources.FRCP_URL,
    # The official page is where a reader verifies the text; it is not where the text was read. The
    # wording is that of a transcription of the official edition as amended through December 1, 2024
    # (sources.FRCP_READ_FROM), so the layer claims no later date than that edition: in force from
    # 2024-12-01, confirmed as of 2024-12-01. The later amendments (December 1, 2025: Rules 16 and 26,
    # new Rule 16.1) are not read in an official copy; see data/README.md.
    "effective_date": "2024-12-01",
    "as_of": "2024-12-01",
    "rules": NATIONAL,
}

JOINT_RULES_TITLE = "Local Civil Rules of the United States District Courts for the Southern and Eastern Districts of New York"


def joint_local_layer(url):
    # No effective date or as-of date: the edition carrying the 2025 word limits could not be dated
    # from an official copy (data/README.md, known gaps).
    return {
        "title": JOINT_RULES_TITLE,
        "short_title": "Local Civil Rules of the S.D.N.Y. and E.D.N.Y.",
        "scope": "Local Civil Rules 6.3, 7.1 (without the page limits of 7.1(c) for a pro se party's handwritten or typewritten papers, which are not encoded), 56.1 and 56.2 only",
        "source_url": url,
        "rules": local_rules(url),
    }


def profile_of(district_id, name, local, judges):
    return {
        "format_version": PROFILE_FORMAT_VERSION,
        "profile_version": PROFILE_VERSION,
        "district": {"district_id": district_id, "name": name},
        "national": NATIONAL_LAYER,
        "local": local,
        "judges": judges,
    }


def district_local_layer(module):
    """The local layer of a district module (districts/<id>.py)."""
    doc = module.DOCUMENT
    rules = []
    for r in module.RULES:
        rules.append(rule(r["rule_key"], r["category"], r["citation"], r["label"], r["summary"], r["severity"],
                          r["source_text"], r.get("source_url", doc["source_url"]), r.get("applies_to"),
                          r.get("params")))
    layer = {"title": doc["official_title"], "short_title": doc["short_title"], "scope": doc["scope"],
             "source_url": doc["source_url"]}
    if doc.get("effective_date"):
        layer["effective_date"] = doc["effective_date"]
    layer["as_of"] = doc["as_of"]
    layer["rules"] = rules
    return layer


def profiles():
    """Every profile, by district id."""
    out = {
        "edny": profile_of("edny", "U.S. District Court for the Eastern District of New York",
                           joint_local_layer(LR_URL), roster_judges("edny") + sample_judges()),
        "sdny": profile_of("sdny", "U.S. District Court for the Southern District of New York",
                           joint_local_layer(sources.SDNY_LOCAL_RULES_URL), roster_judges("sdny")),
    }
    for module in sources.district_modules():
        out[module.DISTRICT_ID] = profile_of(module.DISTRICT_ID, module.NAME, district_local_layer(module),
                                             roster_judges(module.DISTRICT_ID))
    return out


# ------------------------------------------------------------------ extracted rules

DOCS = {doc["file"]: doc for doc in sources.documents()}


def extracted(district_id, judge_slug, doc_file, key, citation, logic_type, phase, severity, source_text, summary,
              tags, structured=None, case_types=None, source_url=None, source_url_key=None):
    doc = DOCS[doc_file]
    structured_data = {"logic_type": logic_type, "description": summary}
    structured_data.update(structured or {})
    out = {
        "rule_id": str(uuid.uuid5(NAMESPACE, f"extracted-rule:{district_id}/{judge_slug}/{key}")),
        "district_id": district_id,
        "judge_slug": judge_slug,
        "source_url": source_url or doc["source_url"],
        "source_url_key": source_url_key or doc_file.removesuffix(".pdf"),
        "document_version_id": version_id(doc),
        "doc_kind": doc["kind"],
        "logic_type": logic_type,
        "workflow_phase": phase,
        "case_types": case_types or [],
        "content": {
            "source_text": source_text,
            "summary": summary,
            "rule_tags": tags,
            "workflow_phase": phase,
            "visual_severity": severity,
            "structured_data": structured_data,
            "citation_source": {"section": citation},
        },
    }
    return out


def federal_court_rules(district_id, doc_file):
    civil = ["civil"]
    e = lambda *a, **k: extracted(district_id, "court", doc_file, *a, case_types=civil, **k)  # noqa: E731
    return [
        e("lcvr-7.1-a-1", "Local Civil Rule 7.1(a)(1)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_7_1_A_1,
          "Every motion needs a notice of motion (or an order to show cause) naming the rules relied on and the relief sought.",
          ["motion", "notice_of_motion"], {"required_document": "notice_of_motion"}),
        e("lcvr-7.1-a-2", "Local Civil Rule 7.1(a)(2)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_7_1_A_2,
          "Every motion needs a memorandum of law, divided under headings by issue.",
          ["motion", "memorandum_of_law"], {"required_document": "memorandum_of_law"}),
        e("lcvr-7.1-a-3", "Local Civil Rule 7.1(a)(3)", "MotionPapersRule", "MOTION_PRACTICE", "WARNING", LR_7_1_A_3,
          "Facts the motion depends on come in supporting affidavits with exhibits.",
          ["motion", "affidavits", "exhibits"], {"required_document": "supporting_affidavits", "when": "factual matters"}),
        e("lcvr-7.1-a-4", "Local Civil Rule 7.1(a)(4)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_7_1_A_4,
          "Oppositions and replies need a memorandum (and affidavits for facts); an opponent seeking further relief also needs a notice of motion.",
          ["motion", "opposition", "reply"], {"required_document": "memorandum_of_law", "filing_roles": ["opponent", "reply"]}),
        e("lcvr-7.1-b-1", "Local Civil Rule 7.1(b)(1)", "FormattingRule", "FILING", "WARNING", LR_7_1_B_1,
          "All text at least 12-point; footnotes at least 10-point.",
          ["format", "font_size"], {"min_font_pt": 12, "min_footnote_font_pt": 10}),
        e("lcvr-7.1-b-2", "Local Civil Rule 7.1(b)(2)", "FormattingRule", "FILING", "WARNING", LR_7_1_B_2,
          "At least one-inch margins on all sides.", ["format", "margins"], {"min_margin_inches": 1}),
        e("lcvr-7.1-b-3", "Local Civil Rule 7.1(b)(3)", "FormattingRule", "FILING", "WARNING", LR_7_1_B_3,
          "Double spacing, except headings, footnotes and block quotations.", ["format", "line_spacing"],
          {"line_spacing": "double"}),
        e("lcvr-7.1-c", "Local Civil Rule 7.1(c)", "WordLimitRule", "MOTION_PRACTICE", "CRITICAL", LR_7_1_C,
          "Briefs in support or opposition: 8,750 words; replies: 3,500 words (attorney-filed or computer-prepared).",
          ["word_limit", "memorandum_of_law"], {"max_words": 8750, "max_words_reply": 3500}),
        e("lcvr-6.3-timing", "Local Civil Rule 6.3", "FilingTimingRule", "MOTION_PRACTICE", "CRITICAL", LR_6_3_TIMING,
          "Serve a motion for reconsideration, with its memorandum, within 14 days after the order is entered.",
          ["reconsideration", "deadline"], {"days": 14, "trigger": "entry of the order challenged", "action": "serve notice of motion"}),
        e("lcvr-6.3-words", "Local Civil Rule 6.3", "WordLimitRule", "MOTION_PRACTICE", "CRITICAL", LR_6_3_WORDS,
          "Reconsideration briefs: 3,500 words; replies: 1,750 words.", ["reconsideration", "word_limit"],
          {"max_words": 3500, "max_words_reply": 1750}),
        e("lcvr-6.3-pages", "Local Civil Rule 6.3", "PageLimitRule", "MOTION_PRACTICE", "CRITICAL", LR_6_3_PAGES,
          "Unrepresented parties' handwritten or typewritten reconsideration briefs: 10 pages; replies: 5 pages.",
          ["reconsideration", "page_limit", "pro_se"], {"max_pages": 10, "max_pages_reply": 5, "filer": "unrepresented party"}),
        e("lcvr-6.3-certificate", "Local Civil Rule 6.3", "CertificationRule", "MOTION_PRACTICE", "WARNING",
          LR_6_3_CERTIFICATE,
          "Attorney-filed or computer-prepared briefs carry a certificate of compliance under Local Civil Rule 7.1(c).",
          ["certificate_of_compliance", "word_limit"], {"certificate": "compliance with word limit"}),
        e("lcvr-6.3-no-affidavits", "Local Civil Rule 6.3", "MotionPapersRule", "MOTION_PRACTICE", "INFO",
          LR_6_3_NO_AFFIDAVIT, "No affidavits on reconsideration unless the court directs.",
          ["reconsideration", "affidavits"], {"prohibited_document": "affidavit"}),
        e("lcvr-56.1-a", "Local Civil Rule 56.1(a)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_56_1_A,
          "A summary-judgment motion needs a separate statement of undisputed material facts in numbered paragraphs.",
          ["summary_judgment", "56.1_statement"], {"required_document": "rule_56_1_statement"}),
        e("lcvr-56.1-b", "Local Civil Rule 56.1(b)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_56_1_B,
          "The opposition answers each numbered paragraph and may add disputed facts.",
          ["summary_judgment", "56.1_counterstatement"], {"required_document": "rule_56_1_counterstatement"}),
        e("lcvr-56.1-c", "Local Civil Rule 56.1(c)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_56_1_C,
          "Facts not specifically controverted by a numbered paragraph are deemed admitted.",
          ["summary_judgment", "deemed_admitted"], {"consequence": "deemed admitted"}),
        e("lcvr-56.1-d", "Local Civil Rule 56.1(d)", "MotionPapersRule", "MOTION_PRACTICE", "WARNING", LR_56_1_D,
          "Each statement or denial must cite admissible evidence.", ["summary_judgment", "citations"],
          {"requirement": "citation to admissible evidence"}),
        e("lcvr-56.2", "Local Civil Rule 56.2", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", LR_56_2,
          "A represented movant for summary judgment against a pro se party serves and files, as a separate document, "
          "the notice to the pro se litigant with the texts of Fed. R. Civ. P. 56 and Local Civil Rule 56.1 attached "
          "(text before the July 1, 2024 revision).",
          ["summary_judgment", "pro_se", "notice"],
          {"required_document": "notice_to_pro_se_litigant", "filing_roles": ["movant"], "movant": "represented",
           "opposing_party": "pro se", "text_version": "before 2024-07-01"}),
    ]


SAMPLE_LOGIC = {
    "PAGE_LIMIT": "PageLimitRule", "WORD_LIMIT": "WordLimitRule", "STRUCTURE": "DocumentRequirementRule",
    "PMC": "PreMotionConferenceRule", "FILING_GATE": "FilingGateRule", "BUNDLING": "BundlingRule",
    "COURTESY_COPY": "CourtesyCopyRule",
}


def sample_extracted():
    out = []
    for judge in sources.SAMPLE_JUDGES:
        slug = judge["slug"]
        doc_file = f"sample-order-{slug}.pdf"
        for r in SAMPLE_RULES[slug]:
            structured = dict(r.get("params", {}))
            structured["sample"] = True
            if r.get("applies_to"):
                structured["applies_to"] = r["applies_to"]
            phase = "DISCOVERY" if "discovery" in r["rule_key"] else ("FILING" if r["category"] in
                                                                     ("COURTESY_COPY", "BUNDLING", "FILING_GATE") else "MOTION_PRACTICE")
            out.append(extracted(
                "edny", slug, doc_file, r["rule_key"], r["citation"], SAMPLE_LOGIC[r["category"]], phase,
                r["severity"], r["source_text"], r["summary"], ["sample", r["category"].lower()], structured,
                source_url_key=f"sample-order-{slug}",
            ))
    return out


NY = "ny-supreme-court-new-york-county"
NY_202 = "ny-uniform-civil-rules-202-excerpt.pdf"
NY_CPLR = "ny-cplr-motion-papers-excerpt.pdf"

NY_202_5_INDEX = (
    "Thereafter such number shall appear on the outside cover and first page to the right of the caption of every paper "
    "tendered for filing in the action. Each such cover and first page also shall contain an indication of the county of "
    "venue and a brief description of the nature of the paper and, where the case has been assigned to an individual "
    "judge, shall contain the name of the assigned judge to the right of the caption."
)
NY_202_5_SERVICE = (
    "In addition to complying with the provisions of CPLR 2101, every paper filed in court shall have annexed thereto "
    "appropriate proof of service on all parties where required, and if typewritten, shall have at least double space "
    "between each line, except for quotations and the names and addresses of attorneys appearing in the action, and "
    "shall have at least one-inch margins."
)
NY_202_5_PRINT = (
    "In addition, every paper filed in court, other than an exhibit or printed form, shall contain writing on one side "
    "only, except that papers that are fastened on the side may contain writing on both sides, and shall contain print no "
    "smaller than 12-point, or 8 1/2 x 11 inch paper, bearing margins no smaller than one inch. The print size of "
    "footnotes shall be no smaller than 10 point."
)
NY_202_5_BOOKMARKS = (
    "Unless otherwise directed by the court, each electronically-submitted memorandum of law, affidavit and affirmation, "
    "exceeding 4500 words, which was prepared with the use of a computer software program, shall include bookmarks"
)
NY_202_8B_A = (
    "(a) Where prepared by use of a computer, unless otherwise permitted by the court: (i) affidavits, affirmations, "
    "briefs and memoranda of law in chief shall be limited to 7,000 words each; (ii) reply affidavits, affirmations, and "
    "memoranda shall be no more than 4,200 words and shall not contain any arguments that do not respond or relate to "
    "those made in the memoranda in chief."
)
NY_202_8B_B = (
    "(b) For purposes of paragraph (a) above, the word count shall exclude the caption, table of contents, table of "
    "authorities, and signature block."
)
NY_202_8B_C = (
    "(c) Every brief, memorandum, affirmation, and affidavit which was prepared by use of a computer shall include on a "
    "page attached to the end of the applicable document, a certification by the counsel who has filed the document "
    "setting forth the number of words in the document and certifying that the document complies with the word count "
    "limit."
)
NY_202_8B_D = (
    "(d) Where typewritten or handwritten, affidavits, affirmations, briefs and memoranda of law in chief shall be "
    "limited to 20 pages each; and reply affidavits, affirmations, and memoranda shall be limited to 10 pages each"
)
NY_RULE_17_LIMITS = (
    "Unless otherwise permitted by the court: (i) briefs or memoranda of law shall be limited to 7,000 words each; (ii) "
    "reply memoranda shall be no more than 4,200 words and shall not contain any arguments that do not respond or relate "
    "to those made in the memoranda in chief; (iii) affidavits and affirmations shall be limited to 7,000 words each."
)
NY_RULE_17_CERT = (
    "Every brief, memorandum, affirmation, and affidavit shall include, on a page attached to the end of the applicable "
    "document, a certification by the counsel who has filed the document describing the number of words in the document."
)
NY_CPLR_2101_C = (
    "(c) Caption. Each paper served or filed shall begin with a caption setting forth the name of the court, the venue, "
    "the title of the action, the nature of the paper and the index number of the action if one has been assigned."
)
NY_CPLR_2101_D = (
    "(d) Indorsement by attorney. Each paper served or filed shall be indorsed with the name, address and telephone "
    "number of the attorney for the party serving or filing the paper, or if the party does not appear by attorney, with "
    "the name, address and telephone number of the party."
)
NY_CPLR_2214_A = (
    "(a) Notice of motion. A notice of motion shall specify the time and place of the hearing on the motion, the "
    "supporting papers upon which the motion is based, the relief demanded and the grounds therefor."
)
NY_CPLR_2214_B = (
    "(b) Time for service of notice and affidavits. A notice of motion and supporting affidavits shall be served at least "
    "eight days before the time at which the motion is noticed to be heard. Answering affidavits shall be served at least "
    "two days before such time."
)
NY_CPLR_2214_B_DEMAND = (
    "Answering affidavits and any notice of cross-motion, with supporting papers, if any, shall be served at least seven "
    "days before such time if a notice of motion served at least sixteen days before such time so demands; whereupon any "
    "reply or responding affidavits shall be served at least one day before such time."
)

NYCRR = "https://ww2.nycourts.gov/rules/trialcourts/202.shtml"


def ny_rules():
    e202 = lambda *a, **k: extracted(NY, "court", NY_202, *a, **k)  # noqa: E731
    ecplr = lambda *a, **k: extracted(NY, "court", NY_CPLR, *a, **k)  # noqa: E731
    return [
        e202("22-nycrr-202.5-a-1-index", "22 NYCRR 202.5(a)(1)", "CaptionRule", "FILING", "WARNING", NY_202_5_INDEX,
             "Put the index number, county of venue, a description of the paper and (if assigned) the judge's name on the cover and first page.",
             ["caption", "index_number"], {"required_elements": ["index_number", "county_of_venue", "nature_of_paper", "assigned_judge"]}),
        e202("22-nycrr-202.5-a-1-service-spacing", "22 NYCRR 202.5(a)(1)", "FormattingRule", "FILING", "WARNING",
             NY_202_5_SERVICE,
             "Annex proof of service where required; typewritten papers are double-spaced with one-inch margins.",
             ["format", "line_spacing", "margins", "proof_of_service"], {"line_spacing": "double", "min_margin_inches": 1}),
        e202("22-nycrr-202.5-a-1-print", "22 NYCRR 202.5(a)(1)", "FormattingRule", "FILING", "WARNING", NY_202_5_PRINT,
             "Print at least 12-point (footnotes 10-point) on 8\u00bd x 11 paper with one-inch margins, one side only unless side-fastened.",
             ["format", "font_size"], {"min_font_pt": 12, "min_footnote_font_pt": 10, "paper": "8.5x11in"}),
        e202("22-nycrr-202.5-a-2", "22 NYCRR 202.5(a)(2)", "ElectronicFilingRule", "FILING", "INFO", NY_202_5_BOOKMARKS,
             "E-filed memoranda, affidavits and affirmations over 4,500 words need bookmarks.",
             ["e_filing", "bookmarks"], {"min_words": 4500}),
        e202("22-nycrr-202.8-b-a", "22 NYCRR 202.8-b(a)", "WordLimitRule", "MOTION_PRACTICE", "CRITICAL", NY_202_8B_A,
             "Computer-prepared papers in chief: 7,000 words each; replies: 4,200 words and only responsive arguments.",
             ["word_limit"], {"max_words": 7000, "max_words_reply": 4200}),
        e202("22-nycrr-202.8-b-b", "22 NYCRR 202.8-b(b)", "WordLimitRule", "MOTION_PRACTICE", "INFO", NY_202_8B_B,
             "Caption, tables and signature block do not count toward the word limit.", ["word_limit", "word_count"],
             {"excluded": ["caption", "table_of_contents", "table_of_authorities", "signature_block"]}),
        e202("22-nycrr-202.8-b-c", "22 NYCRR 202.8-b(c)", "CertificationRule", "MOTION_PRACTICE", "WARNING", NY_202_8B_C,
             "Counsel must attach a word-count certification to each computer-prepared brief, memorandum, affirmation and affidavit.",
             ["certificate_of_compliance", "word_count"], {"certificate": "word count"}),
        e202("22-nycrr-202.8-b-d", "22 NYCRR 202.8-b(d)", "PageLimitRule", "MOTION_PRACTICE", "CRITICAL", NY_202_8B_D,
             "Typewritten or handwritten papers in chief: 20 pages each; replies: 10 pages.", ["page_limit"],
             {"max_pages": 20, "max_pages_reply": 10}),
        e202("22-nycrr-202.70-g-17-limits", "22 NYCRR 202.70(g), Commercial Division Rule 17", "WordLimitRule",
             "MOTION_PRACTICE", "CRITICAL", NY_RULE_17_LIMITS,
             "Commercial Division: briefs 7,000 words, replies 4,200 words, affidavits and affirmations 7,000 words.",
             ["word_limit", "commercial_division"], {"max_words": 7000, "max_words_reply": 4200}, case_types=["commercial"]),
        e202("22-nycrr-202.70-g-17-certification", "22 NYCRR 202.70(g), Commercial Division Rule 17", "CertificationRule",
             "MOTION_PRACTICE", "WARNING", NY_RULE_17_CERT,
             "Commercial Division: attach counsel's word-count certification at the end of each brief, memorandum, affirmation and affidavit.",
             ["certificate_of_compliance", "commercial_division"], {"certificate": "word count"}, case_types=["commercial"]),
        ecplr("cplr-2101-c", "CPLR 2101(c)", "CaptionRule", "FILING", "WARNING", NY_CPLR_2101_C,
              "Each paper begins with a caption naming the court, venue, title of the action, nature of the paper and index number.",
              ["caption"], {"required_elements": ["court", "venue", "title", "nature_of_paper", "index_number"]},
              source_url="https://www.nysenate.gov/legislation/laws/CVP/2101"),
        ecplr("cplr-2101-d", "CPLR 2101(d)", "SignatureRule", "FILING", "WARNING", NY_CPLR_2101_D,
              "Each paper is indorsed with the attorney's (or self-represented party's) name, address and telephone number.",
              ["signature", "indorsement"], {"required_elements": ["name", "address", "telephone"]},
              source_url="https://www.nysenate.gov/legislation/laws/CVP/2101"),
        ecplr("cplr-2214-a", "CPLR 2214(a)", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL", NY_CPLR_2214_A,
              "The notice of motion states the hearing time and place, the supporting papers, the relief demanded and the grounds.",
              ["notice_of_motion"], {"required_document": "notice_of_motion"},
              source_url="https://www.nysenate.gov/legislation/laws/CVP/2214"),
        ecplr("cplr-2214-b", "CPLR 2214(b)", "FilingTimingRule", "MOTION_PRACTICE", "CRITICAL", NY_CPLR_2214_B,
              "Serve the notice of motion and supporting affidavits at least 8 days before the return date; answering affidavits at least 2 days before.",
              ["deadline", "service"], {"days": 8, "answering_days": 2, "direction": "before return date"},
              source_url="https://www.nysenate.gov/legislation/laws/CVP/2214"),
        ecplr("cplr-2214-b-demand", "CPLR 2214(b)", "FilingTimingRule", "MOTION_PRACTICE", "WARNING", NY_CPLR_2214_B_DEMAND,
              "If a notice of motion served 16 days ahead so demands, answering papers are due 7 days and replies 1 day before the return date.",
              ["deadline", "service", "cross_motion"], {"notice_days": 16, "answering_days": 7, "reply_days": 1},
              source_url="https://www.nysenate.gov/legislation/laws/CVP/2214"),
    ]


CA = "ca-superior-court-county-of-los-angeles"
CA_DOC = "ca-rules-of-court-excerpt.pdf"


def crc(rule_no):
    title = "two" if rule_no.startswith("2.") else "three"
    return f"https://courts.ca.gov/cms/rules/index/{title}/rule{rule_no.replace('.', '_')}"


CA_2_104 = (
    "Unless otherwise specified in these rules, all papers filed must be prepared using a font size not smaller than 12 "
    "points."
)
CA_2_108 = "(1) The lines on each page must be one and one-half spaced or double-spaced and numbered consecutively."
CA_3_1110_A = (
    "A notice of motion must state in the opening paragraph the nature of the order being sought and the grounds for "
    "issuance of the order."
)
CA_3_1110_B = (
    "The first page of each paper must specify immediately below the number of the case: (1) The date, time, and "
    "location, if ascertainable, of any scheduled hearing and the name of the hearing judge, if ascertainable; (2) The "
    "nature or title of any attached document other than an exhibit; (3) The date of filing of the action; and (4) The "
    "trial date, if set."
)
CA_3_1110_C = (
    "Documents must be consecutively paginated. The page numbering must begin with the first page and use only Arabic "
    "numerals (e.g., 1, 2, 3)."
)
CA_3_1110_E = (
    "For motions filed on paper, all pages of each document and exhibit must be attached together at the top by a method "
    "that permits pages to be easily turned and the entire content of each page to be read."
)
CA_3_1113_A = "A party filing a motion, except for a motion listed in rule 3.1114, must serve and file a supporting memorandum."
CA_3_1113_B = (
    "The memorandum must contain a statement of facts, a concise statement of the law, evidence and arguments relied on, "
    "and a discussion of the statutes, cases, and textbooks cited in support of the position advanced."
)
CA_3_1113_C = "A case citation must include the official report volume and page number and year of decision."
CA_3_1113_D = (
    "Except in a summary judgment or summary adjudication motion, no opening or responding memorandum may exceed 15 "
    "pages. In a summary judgment or summary adjudication motion, no opening or responding memorandum may exceed 20 "
    "pages. No reply or closing memorandum may exceed 10 pages."
)
CA_3_1113_D_EXCLUDED = (
    "The page limit does not include the caption page, the notice of motion and motion, exhibits, declarations, "
    "attachments, the table of contents, the table of authorities, or the proof of service."
)
CA_3_1113_E = (
    "A party may apply to the court ex parte but with written notice of the application to the other parties, at least 24 "
    "hours before the memorandum is due, for permission to file a longer memorandum."
)
CA_3_1113_F = (
    "A memorandum that exceeds 10 pages must include a table of contents and a table of authorities. A memorandum that "
    "exceeds 15 pages must also include an opening summary of argument."
)
CA_3_1113_G = (
    "A memorandum that exceeds the page limits of these rules must be filed and considered in the same manner as a "
    "late-filed paper."
)


CA_CCP_1005_B = (
    "(b) Unless otherwise ordered or specifically provided by law, all moving and supporting papers shall be served and "
    "filed at least 16 court days before the hearing."
)


def ca_rules():
    def e(key, section, rule_no, *a, **k):
        return extracted(CA, "court", CA_DOC, key, section, *a, source_url=crc(rule_no), **k)

    return [
        e("crc-2.104", "Cal. Rules of Court, rule 2.104", "2.104", "FormattingRule", "FILING", "WARNING", CA_2_104,
          "Papers filed must use at least 12-point type.", ["format", "font_size"], {"min_font_pt": 12}),
        e("crc-2.108-1", "Cal. Rules of Court, rule 2.108(1)", "2.108", "FormattingRule", "FILING", "WARNING", CA_2_108,
          "Lines must be one-and-a-half or double spaced and numbered consecutively.", ["format", "line_spacing", "line_numbers"],
          {"line_spacing": "one_and_a_half", "numbered_lines": True}),
        e("crc-3.1110-a", "Cal. Rules of Court, rule 3.1110(a)", "3.1110", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL",
          CA_3_1110_A, "The notice of motion's opening paragraph states the order sought and the grounds.",
          ["notice_of_motion"], {"required_document": "notice_of_motion"}),
        e("crc-3.1110-b", "Cal. Rules of Court, rule 3.1110(b)", "3.1110", "CaptionRule", "MOTION_PRACTICE", "WARNING",
          CA_3_1110_B, "Below the case number on the first page: hearing date, time, place and judge; title of attached documents; filing date; trial date.",
          ["caption", "hearing_information"], {"required_elements": ["hearing_date", "hearing_judge", "attached_documents", "filing_date", "trial_date"]}),
        e("crc-3.1110-c", "Cal. Rules of Court, rule 3.1110(c)", "3.1110", "FormattingRule", "FILING", "INFO", CA_3_1110_C,
          "Paginate consecutively from the first page with Arabic numerals.", ["format", "pagination"], {"pagination": "arabic, consecutive"}),
        e("crc-3.1110-e", "Cal. Rules of Court, rule 3.1110(e)", "3.1110", "FormattingRule", "FILING", "INFO", CA_3_1110_E,
          "Paper filings are attached together at the top so pages turn easily.", ["format", "binding", "paper_filing"],
          {"binding": "top"}),
        e("crc-3.1113-a", "Cal. Rules of Court, rule 3.1113(a)", "3.1113", "MotionPapersRule", "MOTION_PRACTICE", "CRITICAL",
          CA_3_1113_A, "A moving party must serve and file a supporting memorandum (except for motions listed in rule 3.1114).",
          ["memorandum_of_points_and_authorities"], {"required_document": "memorandum"}),
        e("crc-3.1113-b", "Cal. Rules of Court, rule 3.1113(b)", "3.1113", "MotionPapersRule", "MOTION_PRACTICE", "WARNING",
          CA_3_1113_B, "The memorandum states the facts, the law, the evidence and arguments, and discusses the authorities cited.",
          ["memorandum_of_points_and_authorities", "contents"], {"required_sections": ["facts", "law", "argument"]}),
        e("crc-3.1113-c", "Cal. Rules of Court, rule 3.1113(c)", "3.1113", "FormattingRule", "MOTION_PRACTICE", "INFO",
          CA_3_1113_C, "Cite cases by official report volume, page and year.", ["citation_format"],
          {"citation_format": "official reports"}),
        e("crc-3.1113-d", "Cal. Rules of Court, rule 3.1113(d)", "3.1113", "PageLimitRule", "MOTION_PRACTICE", "CRITICAL",
          CA_3_1113_D, "Opening and responding memoranda: 15 pages (20 on summary judgment); replies: 10 pages.",
          ["page_limit"], {"max_pages": 15, "max_pages_summary_judgment": 20, "max_pages_reply": 10}),
        e("crc-3.1113-d-excluded", "Cal. Rules of Court, rule 3.1113(d)", "3.1113", "PageLimitRule", "MOTION_PRACTICE", "INFO",
          CA_3_1113_D_EXCLUDED, "Caption page, notice, exhibits, declarations, attachments, tables and proof of service do not count.",
          ["page_limit", "page_count"], {"excluded": ["caption_page", "notice_of_motion", "exhibits", "declarations",
                                                      "attachments", "table_of_contents", "table_of_authorities", "proof_of_service"]}),
        e("crc-3.1113-e", "Cal. Rules of Court, rule 3.1113(e)", "3.1113", "PageLimitRule", "MOTION_PRACTICE", "INFO",
          CA_3_1113_E, "Apply ex parte, with written notice, at least 24 hours before the due date to file a longer memorandum.",
          ["page_limit", "ex_parte", "deadline"], {"hours_before_due": 24}),
        e("crc-3.1113-f", "Cal. Rules of Court, rule 3.1113(f)", "3.1113", "DocumentRequirementRule", "MOTION_PRACTICE",
          "WARNING", CA_3_1113_F, "Over 10 pages: table of contents and table of authorities; over 15 pages: also an opening summary of argument.",
          ["table_of_contents", "table_of_authorities"], {"min_pages_exclusive": 10, "summary_of_argument_over_pages": 15}),
        e("crc-3.1113-g", "Cal. Rules of Court, rule 3.1113(g)", "3.1113", "PageLimitRule", "MOTION_PRACTICE", "WARNING",
          CA_3_1113_G, "An over-length memorandum is treated like a late-filed paper.", ["page_limit", "late_filing"],
          {"consequence": "treated as late-filed"}),
        extracted(CA, "court", "ca-ccp-1005-excerpt.pdf", "ccp-1005-b", "Cal. Code Civ. Proc. \u00a7 1005(b)",
                  "FilingTimingRule", "MOTION_PRACTICE", "CRITICAL", CA_CCP_1005_B,
                  "Serve and file the moving and supporting papers at least 16 court days before the hearing, unless "
                  "ordered or provided otherwise (service by mail or overnight delivery adds time).",
                  ["deadline", "notice_of_motion", "court_days"],
                  {"days": 16, "day_type": "court_days", "direction": "before hearing"}),
    ]


KIND_LOGIC = {
    "PageLimit": "PageLimitRule", "WordLimit": "WordLimitRule", "WordCount": "CertificationRule",
    "Format": "FormattingRule", "Structure": "DocumentRequirementRule", "Pmc": "PreMotionConferenceRule",
    "FilingGate": "FilingGateRule", "Bundling": "BundlingRule", "CourtesyCopy": "CourtesyCopyRule",
    "Reference": "ProceduralRule",
}


def district_extracted(module):
    """The court-level extracted rules of a district module: its local layer, with provenance."""
    out = []
    for r in module.RULES:
        kind = r["rule_key"].split(":", 1)[0]
        structured = dict(r.get("params", {}))
        if r.get("applies_to"):
            structured["applies_to"] = r["applies_to"]
        phase = "FILING" if r["category"] == "FORMAT" else "MOTION_PRACTICE"
        out.append(extracted(
            module.DISTRICT_ID, "court", module.DOCUMENT["file"], r["rule_key"], r["citation"], KIND_LOGIC[kind], phase,
            r["severity"], r["source_text"], r["summary"], [r["category"].lower()], structured, case_types=["civil"],
            source_url=r.get("source_url"),
        ))
    return out


def extracted_files():
    files = {
        "edny": federal_court_rules("edny", "edny-local-civil-rules-excerpt.pdf") + sample_extracted(),
        "sdny": federal_court_rules("sdny", "sdny-local-civil-rules-excerpt.pdf"),
        NY: ny_rules(),
        CA: ca_rules(),
    }
    for module in sources.district_modules():
        files[module.DISTRICT_ID] = district_extracted(module)
    return files


def dump(value) -> bytes:
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode()


def build() -> dict[Path, bytes]:
    files = {REPO / "data" / "profiles" / f"{district_id}.json": dump(p) for district_id, p in profiles().items()}
    for district_id, rules in extracted_files().items():
        files[REPO / "data" / "extracted_rules" / f"{district_id}.json"] = dump(
            {"schema_version": 1, "district_id": district_id, "rules": rules}
        )
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if any output is stale")
    args = parser.parse_args()
    files = build()
    stale = [path for path, data in files.items() if not path.exists() or path.read_bytes() != data]
    # A district whose module was removed leaves files no longer generated.
    orphans = [path for folder in ("profiles", "extracted_rules") for path in (REPO / "data" / folder).glob("*.json")
               if path not in files]
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(REPO)}", file=sys.stderr)
        for path in orphans:
            print(f"no longer generated: {path.relative_to(REPO)}", file=sys.stderr)
        return 1 if stale or orphans else 0
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for path in orphans:
        path.unlink()
    print(f"wrote {len(files)} files ({len(stale)} changed, {len(orphans)} removed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
