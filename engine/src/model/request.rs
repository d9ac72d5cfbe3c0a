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
    /// A judge of the given district.
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub judge_slug: String,
    #[cfg_attr(feature = "openapi", schema(pattern = "^[a-z0-9_-]{1,120}$"))]
    pub district_id: String,
    pub document_scope: DocumentScope,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion_type: Option<MotionType>,
    /// Whether the filing party is pro se.
    pub is_pro_se: bool,
    /// Whether a pre-motion conference was completed for this motion.
    pub pmc_completed: bool,
    /// True triggers the notices owed to a pro se opponent.
    pub opposing_party_pro_se: bool,
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
    /// Words in the body, at least 0.
    #[cfg_attr(feature = "openapi", schema(format = "uint32", maximum = 4294967295_u64))]
    pub word_count: u32,
    /// True when the paper is handwritten or typewritten rather than prepared with a
    /// computer (some limits differ for such papers of unrepresented parties). Default false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub handwritten_or_typewritten: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Caption>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature_block: Option<SignatureBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sections: Option<Sections>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privacy: Option<Privacy>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Caption {
    pub present: bool,
    pub has_court_name: bool,
    pub has_case_title: bool,
    pub has_docket_number: bool,
    pub has_document_designation: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignatureBlock {
    pub present: bool,
    pub has_attorney_name: bool,
    pub has_firm_name: bool,
    pub has_address: bool,
    pub has_email: bool,
    pub has_phone: bool,
    pub is_electronic_signature: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Sections {
    pub has_toc: bool,
    pub has_toa: bool,
    pub has_certificate_of_compliance: bool,
    pub has_certificate_of_service: bool,
    pub has_numbered_paragraphs: bool,
    pub has_56_1_statement: bool,
    pub has_56_1_counterstatement: bool,
    pub has_proposed_amended_pleading: bool,
    pub has_verbatim_discovery_text: bool,
    pub has_conferral_certification: bool,
    pub has_notice_of_motion: bool,
    pub has_memorandum_of_law: bool,
    pub has_supporting_affidavits: bool,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub primary_font_size_pt: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub footnote_font_size_pt: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(exclusive_minimum = 0.0))]
    pub margin_inches: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line_spacing: Option<LineSpacing>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[cfg_attr(feature = "js", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Privacy {
    pub contains_full_ssn: bool,
    pub contains_full_dob: bool,
    pub contains_minor_full_name: bool,
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
