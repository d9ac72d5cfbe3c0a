"""The source documents behind courtrules' legal data, as text.

Every document here becomes one PDF in data/documents/ (see build_documents.py).
Official rule texts are reproduced verbatim, and only as far as their wording could
be confirmed against stored copies of the official text; an omission inside a
provision is marked "[...]". The sample standing orders are fictional: their text is
ours, and every page of their PDFs says so.

A document is a dict:
  file            file name under data/documents/
  title           title shown in the index and on the first page
  kind            frcp | local_rules | standing_order | court_rules | statute
  district_id     court id (None for the FRCP, which apply in every district)
  judge_slug      judge slug for standing orders, None for court-level documents
  source_url      official address of the document (for samples: a .example address)
  version         label of the document version (changes whenever the text changes)
  retrieved_date  YYYY-MM-DD
  sample          True for demonstration data
  official_title  the official name of the body of rules (excerpts only)
  intro           first-page sentence replacing "reproduced from <source_url>", for an excerpt whose
                  text was not read at source_url (None: the standard sentence); its blocks then end
                  with a "Read from:" note naming the copies read
  blocks          list of ("h", heading) / ("p", paragraph) / ("note", small print)
"""

from __future__ import annotations

import importlib
import pkgutil
import uuid
from pathlib import Path

# Fixed namespace for every courtrules legal-data UUID (documents, versions, rules).
NAMESPACE = uuid.UUID("6f1c2a52-3d0e-5b7c-9a41-2e8f0c7d5b13")


def document_id(file: str) -> str:
    """Stable id of a document: uuid5 of the namespace and the file name."""
    return str(uuid.uuid5(NAMESPACE, "document:" + file))


def version_id(doc: dict) -> str:
    """Stable id of one version of a document's text."""
    return str(uuid.uuid5(NAMESPACE, f"document-version:{doc['file']}@{doc['version']}"))

RETRIEVED = "2026-11-22"
# The district modules (districts/*.py) were compiled on this day from stored copies of the
# courts' own pages; each module's DOCUMENT["read_from"] says which.
DISTRICTS_RETRIEVED = "2026-11-24"
# Second compilation of the same day: Fed. R. Civ. P. 5(d)(1)(B), 5(d)(3)(C) and Local Civil
# Rule 56.2 added to the FRCP and Local Civil Rules excerpts, so their version labels change.
REVISION_2 = "retrieved-" + RETRIEVED + "-rev2"
# The FRCP and joint Local Civil Rules excerpts no longer claim to be copied from the official pages:
# their first page and a closing "Read from:" note say where the wording was read (below). The
# quoted text is unchanged; the PDFs are not, so their version labels change.
REVISION_3 = "retrieved-" + RETRIEVED + "-rev3"
# The day the copies named in the "Read from:" notes of the FRCP and joint-rules excerpts were
# looked up and compared with the quoted text.
PROVENANCE_CHECKED = "2026-11-28"

FRCP_URL = "https://www.uscourts.gov/rules-policies/current-rules-practice-procedure/federal-rules-civil-procedure"
EDNY_LOCAL_RULES_URL = "https://www.nyed.uscourts.gov/local-rules"
SDNY_LOCAL_RULES_URL = "https://www.nysd.uscourts.gov/rules"
NY_UNIFORM_RULES_URL = "https://ww2.nycourts.gov/rules/trialcourts/202.shtml"
NY_CPLR_URL = "https://www.nysenate.gov/legislation/laws/CVP"
CA_RULES_URL = "https://courts.ca.gov/cms/rules/index"
CA_CCP_1005_URL = "https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CCP&sectionNum=1005"
SAMPLE_ORDERS_URL = "https://courtrules.example/sample-orders/"

SAMPLE_STAMP = "SAMPLE \u2014 demonstration data; not an order of any court"

OMITTED = "[...]"


# --------------------------------------------------------------------------- FRCP

FRCP_BLOCKS = [
    ("h", "Rule 5. Serving and Filing Pleadings and Other Papers"),
    ("p", "(a) Service: When Required."),
    ("p", "(1) In General. Unless these rules provide otherwise, each of the following papers must be served on every party:"),
    ("p", "(A) an order stating that service is required;"),
    ("p", "(B) a pleading filed after the original complaint, unless the court orders otherwise under Rule 5(c) because there are numerous defendants;"),
    ("p", "(C) a discovery paper required to be served on a party, unless the court orders otherwise;"),
    ("p", "(D) a written motion, except one that may be heard ex parte; and"),
    ("p", "(E) a written notice, appearance, demand, or offer of judgment, or any similar paper."),
    ("note", OMITTED),
    ("p", "(d) Filing."),
    ("p", "(1) Required Filings; Certificate of Service."),
    ("note", OMITTED),
    ("p", "(B) Certificate of Service. No certificate of service is required when a paper is served by filing it with the court\u2019s electronic-filing system. When a paper that is required to be served is served by other means:"),
    ("p", "(i) if the paper is filed, a certificate of service must be filed with it or within a reasonable time after service; and"),
    ("p", "(ii) if the paper is not filed, a certificate of service need not be filed unless filing is required by court order or by local rule."),
    ("note", OMITTED),
    ("p", "(3) Electronic Filing and Signing."),
    ("note", OMITTED),
    ("p", "(C) Signing. A filing made through a person\u2019s electronic-filing account and authorized by that person, together with that person\u2019s name on a signature block, constitutes the person\u2019s signature."),
    ("note", OMITTED),
    ("h", "Rule 5.2. Privacy Protection For Filings Made with the Court"),
    ("p", "(a) Redacted Filings. Unless the court orders otherwise, in an electronic or paper filing with the court that contains an individual\u2019s social-security number, taxpayer-identification number, or birth date, the name of an individual known to be a minor, or a financial-account number, a party or nonparty making the filing may include only:"),
    ("p", "(1) the last four digits of the social-security number and taxpayer-identification number;"),
    ("p", "(2) the year of the individual\u2019s birth;"),
    ("p", "(3) the minor\u2019s initials; and"),
    ("p", "(4) the last four digits of the financial-account number."),
    ("note", OMITTED),
    ("h", "Rule 7. Pleadings Allowed; Form of Motions and Other Papers"),
    ("note", OMITTED),
    ("p", "(b) Motions and Other Papers."),
    ("p", "(1) In General. A request for a court order must be made by motion. The motion must:"),
    ("p", "(A) be in writing unless made during a hearing or trial;"),
    ("p", "(B) state with particularity the grounds for seeking the order; and"),
    ("p", "(C) state the relief sought."),
    ("p", "(2) Form. The rules governing captions and other matters of form in pleadings apply to motions and other papers."),
    ("h", "Rule 10. Form of Pleadings"),
    ("p", "(a) Caption; Names of Parties. Every pleading must have a caption with the court\u2019s name, a title, a file number, and a Rule 7(a) designation. The title of the complaint must name all the parties; the title of other pleadings, after naming the first party on each side, may refer generally to other parties."),
    ("note", OMITTED),
    ("h", "Rule 11. Signing Pleadings, Motions, and Other Papers; Representations to the Court; Sanctions"),
    ("p", "(a) Signature. Every pleading, written motion, and other paper must be signed by at least one attorney of record in the attorney\u2019s name\u2014or by a party personally if the party is unrepresented. The paper must state the signer\u2019s address, e-mail address, and telephone number. Unless a rule or statute specifically states otherwise, a pleading need not be verified or accompanied by an affidavit. The court must strike an unsigned paper unless the omission is promptly corrected after being called to the attorney\u2019s or party\u2019s attention."),
    ("note", OMITTED),
    ("h", "Rule 15. Amended and Supplemental Pleadings"),
    ("note", OMITTED),
    ("p", "(a)(2) Other Amendments. In all other cases, a party may amend its pleading only with the opposing party\u2019s written consent or the court\u2019s leave. The court should freely give leave when justice so requires."),
    ("note", OMITTED),
    ("h", "Rule 26. Duty to Disclose; General Provisions Governing Discovery"),
    ("note", OMITTED),
    ("p", "(c) Protective Orders. (1) In General. " + OMITTED + " The motion must include a certification that the movant has in good faith conferred or attempted to confer with other affected parties in an effort to resolve the dispute without court action. " + OMITTED),
    ("note", OMITTED),
    ("h", "Rule 37. Failure to Make Disclosures or to Cooperate in Discovery; Sanctions"),
    ("p", "(a) Motion for an Order Compelling Disclosure or Discovery."),
    ("p", "(1) In General. On notice to other parties and all affected persons, a party may move for an order compelling disclosure or discovery. The motion must include a certification that the movant has in good faith conferred or attempted to confer with the person or party failing to make disclosure or discovery in an effort to obtain it without court action."),
    ("note", OMITTED),
    ("h", "Rule 56. Summary Judgment"),
    ("p", "(a) Motion for Summary Judgment or Partial Summary Judgment. A party may move for summary judgment, identifying each claim or defense\u2014or the part of each claim or defense\u2014on which summary judgment is sought. The court shall grant summary judgment if the movant shows that there is no genuine dispute as to any material fact and the movant is entitled to judgment as a matter of law. The court should state on the record the reasons for granting or denying the motion."),
    ("note", OMITTED),
    ("p", "(c) Procedures."),
    ("p", "(1) Supporting Factual Positions. A party asserting that a fact cannot be or is genuinely disputed must support the assertion by:"),
    ("p", "(A) citing to particular parts of materials in the record, including depositions, documents, electronically stored information, affidavits or declarations, stipulations (including those made for purposes of the motion only), admissions, interrogatory answers, or other materials; or"),
    ("p", "(B) showing that the materials cited do not establish the absence or presence of a genuine dispute, or that an adverse party cannot produce admissible evidence to support the fact."),
    ("note", OMITTED),
    ("p", "(4) Affidavits or Declarations. An affidavit or declaration used to support or oppose a motion must be made on personal knowledge, set out facts that would be admissible in evidence, and show that the affiant or declarant is competent to testify on the matters stated."),
    ("note", OMITTED),
]


# Where the FRCP wording was read. The official uscourts.gov page and the Cornell LII per-rule
# pages were not among the stored copies; the wording is that of a transcription of the official
# edition (see also data/deadlines/frcp.json, gaps). The profiles still cite the official and LII
# addresses: that is where a reader verifies the text.
FRCP_EDITION = "as amended through December 1, 2024"
FRCP_INTRO = (
    "Excerpt of the Federal Rules of Civil Procedure, " + FRCP_EDITION + ", compiled " + RETRIEVED + ". "
    "Not copied from the official page: the wording is that of a transcription of the official uscourts.gov "
    "edition, compared with third-party copies (see \u201cRead from\u201d at the end); the official uscourts.gov "
    "and Cornell LII pages were not among the copies read. Verify the text at " + FRCP_URL + ". "
    "Official text as far as it could be confirmed, reproduced verbatim; omitted text is marked " + OMITTED + "."
)
FRCP_READ_FROM = (
    "Read from: the transcription of the official uscourts.gov edition of the Federal Rules of Civil Procedure, "
    + FRCP_EDITION + " (the edition\u2019s PDF: https://www.uscourts.gov/file/78323/download), at "
    "https://github.com/ctiblier/federal-rules (src/content/civil/rule-<number>/current.md). It gives every "
    "provision quoted here word for word, except that its Rule 5(d)(3)(C) reads \u201celectronicfiling\u201d, a hyphen "
    "lost at a line break; \u201celectronic-filing\u201d is the spelling of Rule 5(d)(1)(B) in the same transcription. "
    "Compared on " + PROVENANCE_CHECKED + " with third-party copies: Rule 5.2(a) at http://www.pacer.gov/privacy/cv.html "
    "and in a copy of the U.S. Code appendix \u201ccurrent through P.L. 118-107\u201d "
    "(https://d1tvxue8o4w0fl.cloudfront.net/statute/united-states-code/title-28-appendix/federal-rules-of-civil-procedure/"
    "title-ii-commencing-an-action-service-of-process-pleadings-motions-and-orders/"
    "rule-52-privacy-protection-for-filings-made-with-the-court); Rule 11(a) in a copy of the official edition at "
    "https://yourlegallegup.com/blog/rule-11-federal-rules-civil-procedure/; the second sentence of Rule 37(a)(1) as "
    "court orders quote it (https://print.casetext.com/case/lauren-v-nellis-2, D. Nev. 2011). The other provisions "
    "were not compared with a second copy. Where to verify: " + FRCP_URL + " and the per-rule pages under "
    "https://www.law.cornell.edu/rules/frcp/."
)


# -------------------------------------------------- Joint Local Civil Rules (S.D.N.Y./E.D.N.Y.)

# Local Civil Rule 56.2: only the text in force before the July 1, 2024 revision of the joint
# rules could be confirmed, and only as court opinions quote it. Every word below is in those
# quotations: the opening clause as Carzoglio v. Paul quotes it (it breaks off in the name of
# the notice), the end of the sentence as Lifchits quotes it (which replaces "Fed. R. Civ. P."
# by a bracketed paraphrase, left out here). The name of the notice is left out because the two
# quotations capitalize it differently; the form notice that follows the sentence is left out.
LR_56_2_PROVENANCE = (
    "Text as in force before July 1, 2024, quoted from the court opinions that quote it: Carzoglio v. Paul, "
    "No. 17 Civ. 3651 (NSR) (S.D.N.Y. Oct. 6, 2022), and Lifchits v. Integon National Insurance Co. "
    "(E.D.N.Y. 2023). The text as revised with effect from July 1, 2024 could not be confirmed."
)
LR_56_2_TEXT = (
    "Any represented party moving for summary judgment against a party proceeding pro se shall serve and file as a "
    "separate document, together with the papers in support of the motion, the following " + OMITTED + " with the "
    "full texts of " + OMITTED + " 56 and Local Civil Rule 56.1 attached. " + OMITTED
)

# Where the joint rules' wording was read: third-party copies only. Neither court's own rule pages
# nor an official copy of the edition carrying the current word limits were among the stored copies.
def joint_rules_intro(court_url):
    return (
        "Excerpt of the Local Rules of the United States District Courts for the Southern and Eastern Districts of "
        "New York (Local Civil Rules), compiled " + RETRIEVED + ". Not copied from the court\u2019s page: the wording "
        "was read in third-party copies of the rules (see \u201cRead from\u201d at the end) and could not be confirmed "
        "against the courts\u2019 own text; the effective date of the edition quoted was not confirmed. Verify the "
        "text at " + court_url + ". Reproduced verbatim from those copies; omitted text is marked " + OMITTED + "."
    )


def joint_rules_read_from(court_url):
    return (
        "Read from: third-party copies, not the courts\u2019 pages. Local Civil Rule 6.3 at "
        "https://www.courtrules.net/courts/federal/southern-district-new-york/local-rules/568; Local Civil Rule 7.1 "
        "(opening, (a), (b), first paragraph of (c)) at "
        "https://www.courtrules.net/courts/federal/eastern-district-new-york/local-rules/2333; Local Civil Rule "
        "56.1(a)\u2013(d) at https://www.courtrules.net/courts/federal/eastern-district-new-york/local-rules/2299 "
        "(courtrules.net, a third-party site; its pages carry no date). The word limits of 6.3 and 7.1(c) are also "
        "given by a third-party summary, https://lawsnap.com/courts/ny-sd/at-a-glance/ (\u201cCurrent through May 20, "
        "2026\u201d). Local Civil Rule 56.2: the court opinions named beside it. Looked up again on "
        + PROVENANCE_CHECKED + ". Where to verify: " + court_url + "."
    )


JOINT_LOCAL_RULES_BLOCKS = [
    ("h", "Local Civil Rule 6.3. Motions for Reconsideration"),
    ("p", "Unless otherwise provided by the court or by statute or rule (such as Fed. R. Civ. P. 50, 52, and 59), a notice of motion for reconsideration must be served within 14 days after the entry of the court\u2019s order being challenged. There must be served with the notice of motion a memorandum setting forth concisely the matters or controlling decisions which the moving party believes the court has overlooked. The time periods for the service of any answering and reply memoranda are governed by Local Civil Rule 6.1(a) or (b). No party is to file an affidavit unless directed by the court. Unless otherwise provided by the court, the length limitations for filings under this rule are as follows: if filed by an attorney or prepared with a computer, briefs in support of and in response to a motion may not exceed 3,500 words, and reply briefs may not exceed 1,750 words; if filed by a party who is not represented by an attorney and handwritten or prepared with a typewriter, briefs in support of and in response to a motion may not exceed 10 pages, and reply briefs may not exceed five pages. These limits do not include the caption, any index, table of contents, table of authorities, signature blocks, or any required certificates, but do include material contained in footnotes or endnotes. If a brief is filed by an attorney or prepared with a computer, the party must also provide a certificate of compliance as required by Local Civil Rule 7.1(c). To the extent the court permits a party to submit briefs longer than these limits, and expresses those limits in pages, each additional page must not contain more than 350 additional words if the brief is filed by an attorney or prepared with a computer."),
    ("h", "Local Civil Rule 7.1. Form and Length of Briefs, Motions, and Other Papers"),
    ("p", "Except for letter-motions as permitted by this or any other Rule, or as otherwise directed by the court:"),
    ("p", "(a) Content of Motion Papers. All motions must include the following motion papers:"),
    ("p", "(1) A notice of motion, or an order to show cause signed by the court, which must specify the applicable rules or statutes pursuant to which the motion is brought, and must specify the relief sought by the motion;"),
    ("p", "(2) A memorandum of law, setting forth the cases and other authorities relied on in support of the motion, and divided, under appropriate headings, into as many parts as there are issues to be determined;"),
    ("p", "(3) Supporting affidavits and exhibits thereto containing any factual information and portions of the record necessary for the decision of the motion; and"),
    ("p", "(4) All oppositions and replies with respect to motions must comply with subsections (a)(2) and (3), and an opposing party who seeks relief that goes beyond the denial of the motion must also comply with subsection (a)(1)."),
    ("p", "(b) Formatting Requirements for All Papers. The typeface, margins, and spacing of all documents presented for filing must meet the following requirements:"),
    ("p", "(1) all text must be 12-point type or larger, except for text in footnotes which may be 10-point type;"),
    ("p", "(2) all documents must have at least one-inch margins on all sides;"),
    ("p", "(3) all text must be double-spaced, except for headings, text in footnotes, or block quotations, which may be single-spaced."),
    ("p", "(c) Length of Memoranda of Law. If filed by an attorney or prepared with a computer, briefs in support of and in response to a motion (except for motions for reconsideration) may not exceed 8,750 words, and reply briefs may not exceed 3,500 words."),
    ("note", OMITTED),
    ("h", "Local Civil Rule 56.1. Statements of Material Facts on Motion for Summary Judgment"),
    ("p", "(a) Unless the court orders otherwise, on motion or on its own, any motion for summary judgment under Fed. R. Civ. P. 56 must be accompanied by a separate, short, and concise statement, in numbered paragraphs, of the material facts as to which the moving party contends there is no genuine issue to be tried. Failure to submit such a statement may constitute grounds for denial of the motion. This rule does not apply to claims brought under the Administrative Procedure Act or the Freedom of Information Act."),
    ("p", "(b) The papers opposing a motion for summary judgment must include a correspondingly numbered paragraph admitting or denying, and otherwise responding to, each numbered paragraph in the statement of the moving party, and if necessary, additional paragraphs containing a separate, short and concise statement of additional material facts as to which it is contended that there exists a genuine issue to be tried."),
    ("p", "(c) Each numbered paragraph in the statement of material facts set forth in the statement required to be served by the moving party will be deemed to be admitted for purposes of the motion unless specifically denied and controverted by a correspondingly numbered paragraph in the statement required to be served by the opposing party."),
    ("p", "(d) Each statement by the movant or opponent under Rule 56.1(a) and (b), including each statement denying and controverting any statement of material fact, must be followed by citation to evidence that would be admissible and set forth as required by Fed. R. Civ. P. 56(c)."),
    ("note", OMITTED),
    ("h", "Local Civil Rule 56.2"),
    ("note", LR_56_2_PROVENANCE),
    ("p", LR_56_2_TEXT),
]


# ------------------------------------------------- New York: 22 NYCRR Part 202 and the CPLR

NY_UNIFORM_RULES_BLOCKS = [
    ("h", "Section 202.5. Papers Filed in Court"),
    ("p", "(a) Index Number; Form; Label."),
    ("p", "(1) The party filing the first paper in an action, upon payment of the proper fee, shall obtain from the county clerk an index number, which shall be affixed to the paper. The party causing the first paper to be filed shall communicate in writing the county clerk\u2019s index number forthwith to all other parties to the action. Thereafter such number shall appear on the outside cover and first page to the right of the caption of every paper tendered for filing in the action. Each such cover and first page also shall contain an indication of the county of venue and a brief description of the nature of the paper and, where the case has been assigned to an individual judge, shall contain the name of the assigned judge to the right of the caption. In addition to complying with the provisions of CPLR 2101, every paper filed in court shall have annexed thereto appropriate proof of service on all parties where required, and if typewritten, shall have at least double space between each line, except for quotations and the names and addresses of attorneys appearing in the action, and shall have at least one-inch margins. In addition, every paper filed in court, other than an exhibit or printed form, shall contain writing on one side only, except that papers that are fastened on the side may contain writing on both sides, and shall contain print no smaller than 12-point, or 8 1/2 x 11 inch paper, bearing margins no smaller than one inch. The print size of footnotes shall be no smaller than 10 point. Papers that are stapled or bound securely shall not be rejected for filing simply because they are not bound with a backer of any kind."),
    ("p", "(2) Unless otherwise directed by the court, each electronically-submitted memorandum of law, affidavit and affirmation, exceeding 4500 words, which was prepared with the use of a computer software program, shall include bookmarks " + OMITTED),
    ("note", OMITTED),
    ("h", "Section 202.8-b. Length of Papers"),
    ("p", "(a) Where prepared by use of a computer, unless otherwise permitted by the court:"),
    ("p", "(i) affidavits, affirmations, briefs and memoranda of law in chief shall be limited to 7,000 words each;"),
    ("p", "(ii) reply affidavits, affirmations, and memoranda shall be no more than 4,200 words and shall not contain any arguments that do not respond or relate to those made in the memoranda in chief."),
    ("p", "(b) For purposes of paragraph (a) above, the word count shall exclude the caption, table of contents, table of authorities, and signature block."),
    ("p", "(c) Every brief, memorandum, affirmation, and affidavit which was prepared by use of a computer shall include on a page attached to the end of the applicable document, a certification by the counsel who has filed the document setting forth the number of words in the document and certifying that the document complies with the word count limit. The counsel certifying compliance may rely on the word count of the word-processing system used to prepare the document."),
    ("p", "(d) Where typewritten or handwritten, affidavits, affirmations, briefs and memoranda of law in chief shall be limited to 20 pages each; and reply affidavits, affirmations, and memoranda shall be limited to 10 pages each and shall not contain any arguments that do not respond or relate to those made in the memoranda in chief."),
    ("note", OMITTED),
    ("h", "Section 202.70. Rules of the Commercial Division of the Supreme Court"),
    ("note", OMITTED),
    ("p", "(g) Rule 17. Length of Papers. Unless otherwise permitted by the court: (i) briefs or memoranda of law shall be limited to 7,000 words each; (ii) reply memoranda shall be no more than 4,200 words and shall not contain any arguments that do not respond or relate to those made in the memoranda in chief; (iii) affidavits and affirmations shall be limited to 7,000 words each. The word count shall exclude the caption, table of contents, table of authorities, and signature block. Every brief, memorandum, affirmation, and affidavit shall include, on a page attached to the end of the applicable document, a certification by the counsel who has filed the document describing the number of words in the document. That certification by counsel certifies that the document complies with the word count limit. The counsel certifying compliance may rely on the word count of the word-processing system used to prepare the document."),
    ("note", OMITTED),
]

NY_CPLR_BLOCKS = [
    ("h", "Rule 2101. Form of papers."),
    ("note", OMITTED),
    ("p", "(c) Caption. Each paper served or filed shall begin with a caption setting forth the name of the court, the venue, the title of the action, the nature of the paper and the index number of the action if one has been assigned. In a summons, a complaint or a judgment the title shall include the names of all parties, but in all other papers it shall be sufficient to state the name of the first named party on each side with an appropriate indication of any omissions."),
    ("p", "(d) Indorsement by attorney. Each paper served or filed shall be indorsed with the name, address and telephone number of the attorney for the party serving or filing the paper, or if the party does not appear by attorney, with the name, address and telephone number of the party."),
    ("note", OMITTED),
    ("h", "Rule 2214. Motion papers; service; time."),
    ("p", "(a) Notice of motion. A notice of motion shall specify the time and place of the hearing on the motion, the supporting papers upon which the motion is based, the relief demanded and the grounds therefor. Relief in the alternative or of several different types may be demanded."),
    ("p", "(b) Time for service of notice and affidavits. A notice of motion and supporting affidavits shall be served at least eight days before the time at which the motion is noticed to be heard. Answering affidavits shall be served at least two days before such time. Answering affidavits and any notice of cross-motion, with supporting papers, if any, shall be served at least seven days before such time if a notice of motion served at least sixteen days before such time so demands; whereupon any reply or responding affidavits shall be served at least one day before such time."),
    ("note", OMITTED),
]


# ----------------------------------------------------------- California Rules of Court

CA_RULES_BLOCKS = [
    ("h", "Rule 2.104. Font size; printing"),
    ("p", "Unless otherwise specified in these rules, all papers filed must be prepared using a font size not smaller than 12 points. All papers not filed electronically must be printed or typewritten or be prepared by a photocopying or other duplication process that will produce clear and permanent copies equally as legible as printing."),
    ("h", "Rule 2.108. Spacing and numbering of lines"),
    ("p", "The spacing and numbering of lines on a page must be as follows:"),
    ("p", "(1) The lines on each page must be one and one-half spaced or double-spaced and numbered consecutively."),
    ("p", "(2) Descriptions of real property may be single-spaced."),
    ("note", OMITTED),
    ("h", "Rule 3.1110. General format"),
    ("p", "(a) Notice of motion"),
    ("p", "A notice of motion must state in the opening paragraph the nature of the order being sought and the grounds for issuance of the order."),
    ("p", "(b) Date of hearing and other information"),
    ("p", "The first page of each paper must specify immediately below the number of the case:"),
    ("p", "(1) The date, time, and location, if ascertainable, of any scheduled hearing and the name of the hearing judge, if ascertainable;"),
    ("p", "(2) The nature or title of any attached document other than an exhibit;"),
    ("p", "(3) The date of filing of the action; and"),
    ("p", "(4) The trial date, if set."),
    ("p", "(c) Pagination of documents"),
    ("p", "Documents must be consecutively paginated. The page numbering must begin with the first page and use only Arabic numerals (e.g., 1, 2, 3). The page number may be suppressed and need not appear on the first page."),
    ("p", "(d) Reference to previously filed papers"),
    ("p", "Any paper previously filed must be referred to by date of execution and title."),
    ("p", "(e) Binding"),
    ("p", "For motions filed on paper, all pages of each document and exhibit must be attached together at the top by a method that permits pages to be easily turned and the entire content of each page to be read."),
    ("note", OMITTED),
    ("h", "Rule 3.1113. Memorandum"),
    ("p", "(a) Memorandum in support of motion"),
    ("p", "A party filing a motion, except for a motion listed in rule 3.1114, must serve and file a supporting memorandum. The court may construe the absence of a memorandum as an admission that the motion or special demurrer is not meritorious and cause for its denial and, in the case of a demurrer, as a waiver of all grounds not supported."),
    ("p", "(b) Contents of memorandum"),
    ("p", "The memorandum must contain a statement of facts, a concise statement of the law, evidence and arguments relied on, and a discussion of the statutes, cases, and textbooks cited in support of the position advanced."),
    ("p", "(c) Case citation format"),
    ("p", "A case citation must include the official report volume and page number and year of decision. The court must not require any other form of citation."),
    ("p", "(d) Length of memorandum"),
    ("p", "Except in a summary judgment or summary adjudication motion, no opening or responding memorandum may exceed 15 pages. In a summary judgment or summary adjudication motion, no opening or responding memorandum may exceed 20 pages. No reply or closing memorandum may exceed 10 pages. The page limit does not include the caption page, the notice of motion and motion, exhibits, declarations, attachments, the table of contents, the table of authorities, or the proof of service."),
    ("p", "(e) Application to file longer memorandum"),
    ("p", "A party may apply to the court ex parte but with written notice of the application to the other parties, at least 24 hours before the memorandum is due, for permission to file a longer memorandum. The application must state reasons why the argument cannot be made within the stated limit."),
    ("p", "(f)"),
    ("p", "A memorandum that exceeds 10 pages must include a table of contents and a table of authorities. A memorandum that exceeds 15 pages must also include an opening summary of argument."),
    ("p", "(g)"),
    ("p", "A memorandum that exceeds the page limits of these rules must be filed and considered in the same manner as a late-filed paper."),
    ("note", OMITTED),
]


CA_CCP_1005_BLOCKS = [
    ("h", "Section 1005."),
    ("note", OMITTED),
    ("p", "(b) Unless otherwise ordered or specifically provided by law, all moving and supporting papers shall be served and filed at least 16 court days before the hearing. The moving and supporting papers served shall be a copy of the papers filed or to be filed with the court. " + OMITTED),
    ("note", OMITTED),
]


# ------------------------------------------------------------------ Sample standing orders
#
# Fictional judges and fictional orders: demonstration data only. The provisions are
# written in the style of common individual practices; none is any real judge's text.

SAMPLE_JUDGES = [
    {
        "slug": "avery-sample",
        "name": "Avery Sample",
        "judge_type": "district",
        "order_title": "Individual Practices of Judge Avery Sample (sample data)",
        "blocks": [
            ("h", "1. Communications with Chambers"),
            ("p", "1.A. Letters. Except as otherwise provided below, communications with chambers shall be by letter filed on ECF. Letters may not exceed three pages."),
            ("h", "2. Pre-Motion Conferences"),
            ("p", "2.A. Pre-Motion Conference Required. A party intending to move to dismiss under Rule 12 or for summary judgment under Rule 56 must first request a pre-motion conference by letter of no more than three pages setting out the basis for the anticipated motion. This requirement does not apply to parties proceeding pro se."),
            ("h", "3. Motions"),
            ("p", "3.A. Page Limits. Unless prior permission has been granted, memoranda of law in support of and in opposition to motions are limited to 25 pages, and reply memoranda are limited to 10 pages."),
            ("p", "3.B. Tables. Any memorandum of law of ten pages or more must include a table of contents and a table of authorities."),
            ("p", "3.C. Courtesy Copies. One courtesy copy of any motion paper of twenty pages or more shall be delivered to chambers, marked as a courtesy copy, on the day it is filed."),
        ],
    },
    {
        "slug": "blake-example",
        "name": "Blake Example",
        "judge_type": "district",
        "order_title": "Individual Practices of Judge Blake Example (sample data)",
        "blocks": [
            ("h", "1. Letters"),
            ("p", "1.A. Length. Letters to the Court, including letter-motions, may not exceed two pages, exclusive of exhibits."),
            ("h", "2. Motions"),
            ("p", "2.A. Briefing Schedule. Do not file a motion on ECF until the Court has set a briefing schedule. A party wishing to make a motion shall first file a letter proposing a schedule agreed with all other parties."),
            ("p", "2.B. Bundling. The parties shall serve, but not file, motion papers as they are completed. On the day the motion is fully briefed, the moving party shall file all motion papers on ECF together."),
            ("p", "2.C. Courtesy Copies. The moving party shall deliver two courtesy copies of the complete set of motion papers to chambers on the day the motion is fully briefed."),
        ],
    },
    {
        "slug": "casey-placeholder",
        "name": "Casey Placeholder",
        "judge_type": "magistrate",
        "order_title": "Individual Practices of Magistrate Judge Casey Placeholder (sample data)",
        "blocks": [
            ("h", "1. Discovery Disputes"),
            ("p", "1.A. Letter First. No discovery motion may be filed until the dispute has been presented to the Court by letter and the Court has held a conference or directed formal briefing."),
            ("p", "1.B. Length of Discovery Letters. A letter raising a discovery dispute may not exceed three pages, exclusive of exhibits. A response, if any, may not exceed three pages and shall be filed within three business days."),
            ("h", "2. Courtesy Copies"),
            ("p", "2.A. Courtesy copies are not required for letters. For any other submission of fifteen pages or more, one courtesy copy shall be delivered to chambers."),
        ],
    },
    {
        "slug": "drew-specimen",
        "name": "Drew Specimen",
        "judge_type": "senior",
        "order_title": "Individual Practices of Senior Judge Drew Specimen (sample data)",
        "blocks": [
            ("h", "1. Motions"),
            ("p", "1.A. Word Limits. Unless prior permission has been granted, memoranda of law in support of and in opposition to motions may not exceed 7,000 words, and reply memoranda may not exceed 2,800 words."),
            ("p", "1.B. Tables. Any memorandum of law of fifteen pages or more must include a table of contents and a table of authorities."),
            ("p", "1.C. Pre-Motion Conference. A pre-motion conference is required before any motion for summary judgment under Rule 56. Parties proceeding pro se are exempt from this requirement."),
        ],
    },
    {
        "slug": "emery-demo",
        "name": "Emery Demo",
        "judge_type": "district",
        "order_title": "Individual Practices of Judge Emery Demo (sample data)",
        "blocks": [
            ("h", "1. Motions"),
            ("p", "1.A. Page Limits. Unless prior permission has been granted, memoranda of law in support of and in opposition to motions are limited to 20 pages, and reply memoranda are limited to 8 pages."),
            ("p", "1.B. Courtesy Copies. Courtesy copies of all motion papers, regardless of length, shall be delivered to chambers by mail or hand delivery within one business day of filing."),
        ],
    },
]

# A sixth sample judge has no individual practices: only the FRCP and the local rules
# apply before that judge.
SAMPLE_JUDGE_WITHOUT_ORDER = {"slug": "finley-fictional", "name": "Finley Fictional", "judge_type": "district"}


def _excerpt(file, title, kind, district_id, source_url, version, official_title, blocks, intro=None, read_from=None):
    """An excerpt document. `intro` replaces the standard first-page sentence ("reproduced from <source_url>")
    when the text was not read at source_url; `read_from` is then the closing note saying where it was read."""
    if read_from is not None:
        blocks = list(blocks) + [("note", read_from)]
    return {
        "file": file,
        "title": title,
        "kind": kind,
        "district_id": district_id,
        "judge_slug": None,
        "source_url": source_url,
        "version": version,
        "retrieved_date": RETRIEVED,
        "sample": False,
        "official_title": official_title,
        "intro": intro,
        "blocks": blocks,
    }


def district_modules():
    """The modules of districts/ (one per profiled district outside the joint New York rules), by id."""
    folder = Path(__file__).resolve().parent / "districts"
    names = sorted(info.name for info in pkgutil.iter_modules([str(folder)]))
    return [importlib.import_module(f"districts.{name}") for name in names]


def district_document(module):
    """The excerpt document of a district module, in the shape of `documents()`."""
    doc = module.DOCUMENT
    read_from = "; ".join(f"{read['url']} ({read['what']})" for read in doc["read_from"])
    return {
        "file": doc["file"],
        "title": doc["title"],
        "kind": "local_rules",
        "district_id": module.DISTRICT_ID,
        "judge_slug": None,
        "source_url": doc["source_url"],
        "version": doc["version"],
        "retrieved_date": DISTRICTS_RETRIEVED,
        "sample": False,
        "official_title": doc["official_title"],
        "intro": None,
        "blocks": list(doc["blocks"]) + [("note", "Read from: " + read_from)],
    }


def documents():
    """Every document, in index order."""
    docs = [
        _excerpt(
            "frcp-excerpt.pdf",
            "Federal Rules of Civil Procedure (excerpt)",
            "frcp",
            None,
            FRCP_URL,
            REVISION_3,
            "the Federal Rules of Civil Procedure",
            FRCP_BLOCKS,
            intro=FRCP_INTRO,
            read_from=FRCP_READ_FROM,
        ),
        _excerpt(
            "edny-local-civil-rules-excerpt.pdf",
            "Local Civil Rules of the S.D.N.Y. and E.D.N.Y. as published by the E.D.N.Y. (excerpt)",
            "local_rules",
            "edny",
            EDNY_LOCAL_RULES_URL,
            REVISION_3,
            "the Local Rules of the United States District Courts for the Southern and Eastern Districts of New York (Local Civil Rules)",
            JOINT_LOCAL_RULES_BLOCKS,
            intro=joint_rules_intro(EDNY_LOCAL_RULES_URL),
            read_from=joint_rules_read_from(EDNY_LOCAL_RULES_URL),
        ),
        _excerpt(
            "sdny-local-civil-rules-excerpt.pdf",
            "Local Civil Rules of the S.D.N.Y. and E.D.N.Y. as published by the S.D.N.Y. (excerpt)",
            "local_rules",
            "sdny",
            SDNY_LOCAL_RULES_URL,
            REVISION_3,
            "the Local Rules of the United States District Courts for the Southern and Eastern Districts of New York (Local Civil Rules)",
            JOINT_LOCAL_RULES_BLOCKS,
            intro=joint_rules_intro(SDNY_LOCAL_RULES_URL),
            read_from=joint_rules_read_from(SDNY_LOCAL_RULES_URL),
        ),
        _excerpt(
            "ny-uniform-civil-rules-202-excerpt.pdf",
            "Uniform Civil Rules for the Supreme Court and the County Court, 22 NYCRR Part 202 (excerpt)",
            "court_rules",
            "ny-supreme-court-new-york-county",
            NY_UNIFORM_RULES_URL,
            "retrieved-" + RETRIEVED,
            "the Uniform Civil Rules for the Supreme Court and the County Court (22 NYCRR Part 202)",
            NY_UNIFORM_RULES_BLOCKS,
        ),
        _excerpt(
            "ny-cplr-motion-papers-excerpt.pdf",
            "New York Civil Practice Law and Rules, Rules 2101 and 2214 (excerpt)",
            "statute",
            "ny-supreme-court-new-york-county",
            NY_CPLR_URL,
            "retrieved-" + RETRIEVED,
            "the New York Civil Practice Law and Rules",
            NY_CPLR_BLOCKS,
        ),
        _excerpt(
            "ca-rules-of-court-excerpt.pdf",
            "California Rules of Court, rules 2.104, 2.108, 3.1110 and 3.1113 (excerpt)",
            "court_rules",
            "ca-superior-court-county-of-los-angeles",
            CA_RULES_URL,
            "retrieved-" + RETRIEVED,
            "the California Rules of Court",
            CA_RULES_BLOCKS,
        ),
        _excerpt(
            "ca-ccp-1005-excerpt.pdf",
            "California Code of Civil Procedure section 1005 (excerpt)",
            "statute",
            "ca-superior-court-county-of-los-angeles",
            CA_CCP_1005_URL,
            "retrieved-" + RETRIEVED,
            "the California Code of Civil Procedure",
            CA_CCP_1005_BLOCKS,
        ),
    ]
    docs.extend(district_document(module) for module in district_modules())
    for judge in SAMPLE_JUDGES:
        docs.append(
            {
                "file": f"sample-order-{judge['slug']}.pdf",
                "title": judge["order_title"],
                "kind": "standing_order",
                "district_id": "edny",
                "judge_slug": judge["slug"],
                "source_url": SAMPLE_ORDERS_URL + judge["slug"],
                "version": "sample-1",
                "retrieved_date": RETRIEVED,
                "sample": True,
                "official_title": None,
                "intro": None,
                "blocks": judge["blocks"],
            }
        )
    return docs
