//! The check request (`POST /api/v1/check`), field for field as the spec names it.
//!
//! Inside the optional sub-objects every flag is optional too: a flag that is left out
//! reads as `false` ("not present"), which is the cautious reading for caption,
//! signature and section flags and the harmless one for privacy flags.

use super::enums::{ClaimStatute, DocumentScope, FilingRole, LineSpacing, MotionType};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CheckRequest {
    /// A judge of the district (its judges list gives each judge's slug), or `court` for
    /// the court's own rules only: the only choice in a district without a roster, as
    /// most are.
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub judge_slug: String,
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub district_id: String,
    pub document_scope: DocumentScope,
    /// The motion the paper belongs to (`Rule_12`, `Rule_56`, …, `general` for another
    /// motion). Leave it out only for a paper of no motion (a letter): rules for particular
    /// motions are then not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_type: Option<MotionType>,
    /// Whether the filing party is pro se.
    pub is_pro_se: bool,
    /// Whether a pre-motion conference was completed for this motion.
    pub pmc_completed: bool,
    /// True triggers the notices owed to a pro se opponent.
    pub opposing_party_pro_se: bool,
    /// Whose paper it is: `movant` for the motion's own papers (its notice, memorandum in
    /// support); `opponent` for papers opposing the motion; `reply` for the movant's reply
    /// papers (not `movant`).
    pub filing_role: FilingRole,
    /// The statutes every claim the filing addresses is brought under, when they matter
    /// to a rule (Local Civil Rule 56.1 does not apply to APA or FOIA claims). Optional.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims_under: Option<Vec<ClaimStatute>>,
    pub document: Document,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Document {
    /// Body pages: front matter (cover, contents, authorities) and back matter
    /// (certificates, signature pages) excluded. At least 1.
    #[cfg_attr(feature = "openapi", schema(format = "uint32", minimum = 1, maximum = 4294967295_u64))]
    pub page_count: u32,
    /// Words in the body, footnotes included (front and back matter excluded, as for
    /// `page_count`); at least 0.
    #[cfg_attr(feature = "openapi", schema(format = "uint32", maximum = 4294967295_u64))]
    pub word_count: u32,
    /// True when the paper is handwritten or typewritten rather than prepared with a
    /// computer (some limits differ for such papers of unrepresented parties). Default false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub handwritten_or_typewritten: bool,
    /// The caption's parts. Left out: the caption rules are skipped (`meta.skipped`).
    /// Given: a flag left out reads as false, the part missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Caption>,
    /// The signature block's parts. Left out: the signature rules are skipped. Given: a
    /// flag left out reads as false, the part missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature_block: Option<SignatureBlock>,
    /// The parts and accompanying papers the filing has. Left out: the structure rules
    /// are skipped. Given, even in part: every flag left out reads as false, that paper
    /// missing — so give every flag you know, or leave the object out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sections: Option<Sections>,
    /// Type size, margins and spacing; a value left out skips the rules that need it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// Personal identifiers in the filing (Fed. R. Civ. P. 5.2). Left out: the privacy
    /// rules are skipped; given, a flag left out reads as false (not contained).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privacy: Option<Privacy>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Caption {
    /// A caption heads the first page.
    pub present: bool,
    /// It names the court.
    pub has_court_name: bool,
    /// It gives the case's title (the parties).
    pub has_case_title: bool,
    /// It gives the docket (case) number.
    pub has_docket_number: bool,
    /// It names the paper (e.g. "Memorandum of Law in Support of …").
    pub has_document_designation: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignatureBlock {
    /// The paper is signed.
    pub present: bool,
    /// The signer's name (the attorney of record, or the party filing pro se).
    pub has_attorney_name: bool,
    /// The firm's name.
    pub has_firm_name: bool,
    /// A postal address.
    pub has_address: bool,
    /// An e-mail address.
    pub has_email: bool,
    /// A telephone number.
    pub has_phone: bool,
    /// Signed electronically ("/s/ Name").
    pub is_electronic_signature: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Sections {
    /// A table of contents.
    pub has_toc: bool,
    /// A table of authorities.
    pub has_toa: bool,
    /// A certificate of compliance with the length limit.
    pub has_certificate_of_compliance: bool,
    /// A certificate of service.
    pub has_certificate_of_service: bool,
    /// Numbered paragraphs (a statement of facts, an affidavit).
    pub has_numbered_paragraphs: bool,
    /// A statement of material facts (Local Civil Rule 56.1 and its counterparts) comes
    /// with the summary-judgment motion.
    pub has_56_1_statement: bool,
    /// A counterstatement to the movant's statement of material facts comes with the
    /// opposition.
    pub has_56_1_counterstatement: bool,
    /// The proposed amended pleading comes with a motion to amend.
    pub has_proposed_amended_pleading: bool,
    /// The discovery requests and answers in dispute are quoted word for word.
    pub has_verbatim_discovery_text: bool,
    /// A certification that the parties conferred before the motion.
    pub has_conferral_certification: bool,
    /// A notice of motion comes with the memorandum.
    pub has_notice_of_motion: bool,
    /// A memorandum of law comes with the motion.
    pub has_memorandum_of_law: bool,
    /// Affidavits or declarations in support.
    pub has_supporting_affidavits: bool,
    /// The notice owed to a pro se party opposing summary judgment (e.g. Local Civil
    /// Rule 56.2 of S.D.N.Y. and E.D.N.Y.).
    pub has_pro_se_sj_notice: bool,
    /// The word count stated in the certificate of compliance, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(format = "uint32", maximum = 4294967295_u64))]
    pub certificate_word_count: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Format {
    /// The body text's type size, in points.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub primary_font_size_pt: Option<f64>,
    /// The footnotes' type size, in points.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub footnote_font_size_pt: Option<f64>,
    /// The narrowest margin, in inches.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub margin_inches: Option<f64>,
    /// The body text's line spacing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_spacing: Option<LineSpacing>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Privacy {
    /// A full Social Security or taxpayer-identification number (not only its last four
    /// digits).
    pub contains_full_ssn: bool,
    /// A full date of birth (not only the year).
    pub contains_full_dob: bool,
    /// A minor's full name (not only the initials).
    pub contains_minor_full_name: bool,
    /// A full financial-account number (not only its last four digits).
    pub contains_full_financial_account: bool,
}

/// Gives a sub-object of the document its list of flag names and a lookup by name, so
/// profile rules can name the flags they require.
macro_rules! flag_lookup {
    ($type:ident { $($flag:ident),+ $(,)? }) => {
        impl $type {
            /// The flag names rules may refer to.
            pub const FLAGS: &'static [&'static str] = &[$(stringify!($flag)),+];

            /// The value of the flag called `name`, if there is such a flag.
            pub fn flag(&self, name: &str) -> Option<bool> {
                match name {
                    $(stringify!($flag) => Some(self.$flag),)+
                    _ => None,
                }
            }
        }
    };
}

flag_lookup!(Caption { present, has_court_name, has_case_title, has_docket_number, has_document_designation });
flag_lookup!(SignatureBlock {
    present,
    has_attorney_name,
    has_firm_name,
    has_address,
    has_email,
    has_phone,
    is_electronic_signature,
});
flag_lookup!(Sections {
    has_toc,
    has_toa,
    has_certificate_of_compliance,
    has_certificate_of_service,
    has_numbered_paragraphs,
    has_56_1_statement,
    has_56_1_counterstatement,
    has_proposed_amended_pleading,
    has_verbatim_discovery_text,
    has_conferral_certification,
    has_notice_of_motion,
    has_memorandum_of_law,
    has_supporting_affidavits,
    has_pro_se_sj_notice,
});
flag_lookup!(Privacy {
    contains_full_ssn,
    contains_full_dob,
    contains_minor_full_name,
    contains_full_financial_account
});
