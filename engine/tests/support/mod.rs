//! The test profile and request builders shared by the engine's tests.
//!
//! The profile (`tests/corpus/profiles/test-district.json`, also used by the golden
//! corpus) belongs to a fictional district (`test-district`) and its rules cite
//! fictional provisions ("Test Rule …"): it exists to exercise every kind of rule and
//! every layer interaction, not to describe any real court.

#![allow(dead_code)]

use courtrules_engine::model::{CheckRequest, Profile};
use serde_json::{Value, json};

/// The test profile, from `tests/corpus/profiles/test-district.json`.
pub fn profile_value() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/profiles/test-district.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("test profile")).expect("test profile is JSON")
}

pub fn profile() -> Profile {
    courtrules_engine::ffi::parse_profile(profile_value().to_string().as_bytes()).expect("the test profile is valid")
}

/// A minimal valid request: a memorandum in support of a Rule 12 motion, counts only.
pub fn request_value() -> Value {
    json!({
        "judge_slug": "judge-strict",
        "district_id": "test-district",
        "document_scope": "brief_support",
        "motion_type": "Rule_12",
        "is_pro_se": false,
        "pmc_completed": true,
        "opposing_party_pro_se": false,
        "filing_role": "movant",
        "document": {"page_count": 18, "word_count": 6000}
    })
}

pub fn request(patch: impl FnOnce(&mut Value)) -> CheckRequest {
    let mut value = request_value();
    patch(&mut value);
    courtrules_engine::parse_request(value.to_string().as_bytes()).expect("the test request is valid")
}

pub fn full_document() -> Value {
    json!({
        "page_count": 18,
        "word_count": 6000,
        "caption": {"present": true, "has_court_name": true, "has_case_title": true, "has_docket_number": true, "has_document_designation": true},
        "signature_block": {"present": true, "has_attorney_name": true, "has_firm_name": true, "has_address": true, "has_email": true, "has_phone": true, "is_electronic_signature": true},
        "sections": {"has_toc": true, "has_toa": true, "has_certificate_of_compliance": true, "has_certificate_of_service": true,
                     "has_notice_of_motion": true, "has_memorandum_of_law": true, "has_supporting_affidavits": true,
                     "certificate_word_count": 6000},
        "format": {"primary_font_size_pt": 12, "footnote_font_size_pt": 10, "margin_inches": 1.0, "line_spacing": "double"},
        "privacy": {"contains_full_ssn": false, "contains_full_dob": false, "contains_minor_full_name": false, "contains_full_financial_account": false}
    })
}
