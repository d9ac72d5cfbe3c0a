//! A small test profile and request builders shared by the engine's tests.
//!
//! The profile belongs to a fictional district (`test-district`) and its rules cite
//! fictional provisions ("Test Rule …"): it exists to exercise every kind of rule and
//! every layer interaction, not to describe any real court.

#![allow(dead_code)]

use courtrules_engine::model::{CheckRequest, Profile};
use serde_json::{Value, json};

pub fn rule(key: &str, category: &str, citation: &str, params: Value, applies_to: Option<Value>) -> Value {
    let mut rule = json!({
        "rule_key": key,
        "category": category,
        "citation": citation,
        "label": format!("Label of {citation}"),
        "summary": format!("Summary of {citation}."),
        "severity": "CRITICAL",
        "params": params,
        "source_text": format!("Text of {citation}."),
        "source_url": "https://courtrules.example/test-rules",
    });
    if let Some(applies_to) = applies_to {
        rule["applies_to"] = applies_to;
    }
    rule
}

pub fn with_severity(mut rule: Value, severity: &str) -> Value {
    rule["severity"] = json!(severity);
    rule
}

pub fn profile_value() -> Value {
    let briefs = json!({"document_scopes": ["brief_support", "brief_opposition"]});
    let replies = json!({"document_scopes": ["brief_reply"]});
    let national = vec![
        rule("Privacy:ssn", "PRIVACY", "Test Rule N1", json!({"forbidden_fields": ["contains_full_ssn"]}), None),
        rule("Privacy:birth_date", "PRIVACY", "Test Rule N2", json!({"forbidden_fields": ["contains_full_dob"]}), None),
        rule(
            "Caption:elements",
            "CAPTION",
            "Test Rule N3",
            json!({"required_fields": ["has_court_name", "has_case_title", "has_docket_number", "has_document_designation"]}),
            None,
        ),
        rule(
            "Signature:elements",
            "SIGNATURE",
            "Test Rule N4",
            json!({"required_fields": ["has_attorney_name", "has_address", "has_email", "has_phone"]}),
            None,
        ),
        rule(
            "Structure:certificate_of_service",
            "STRUCTURE",
            "Test Rule N5",
            json!({"required_fields": ["has_certificate_of_service"]}),
            Some(json!({"opposing_party_pro_se": true})),
        ),
        rule(
            "Structure:conferral",
            "STRUCTURE",
            "Test Rule N6",
            json!({"required_fields": ["has_conferral_certification"]}),
            Some(json!({"motion_types": ["discovery"], "filing_roles": ["movant"]})),
        ),
        rule("Reference:timing", "PROCEDURE", "Test Rule N7", json!({}), None),
    ];
    let local = vec![
        rule("WordLimit:memorandum", "WORD_LIMIT", "Test Rule L1(c)", json!({"max_words": 8750}), Some(briefs.clone())),
        rule(
            "WordLimit:reply",
            "WORD_LIMIT",
            "Test Rule L1(c) reply",
            json!({"max_words": 3500}),
            Some(replies.clone()),
        ),
        rule(
            "PageLimit:memorandum",
            "PAGE_LIMIT",
            "Test Rule L1(c) pro se",
            json!({"max_pages": 25}),
            Some(json!({"document_scopes": ["brief_support", "brief_opposition"], "filer_pro_se": true})),
        ),
        rule(
            "PageLimit:letter",
            "PAGE_LIMIT",
            "Test Rule L2",
            json!({"max_pages": 3}),
            Some(json!({"document_scopes": ["letter"]})),
        ),
        with_severity(
            rule(
                "WordCount:certificate",
                "WORD_LIMIT",
                "Test Rule L1(c) certificate",
                json!({"max_deviation_pct": 5}),
                Some(briefs.clone()),
            ),
            "WARNING",
        ),
        rule("Format:body_font_size", "FORMAT", "Test Rule L3(1)", json!({"min_font_pt": 12}), None),
        rule(
            "Format:footnote_font_size",
            "FORMAT",
            "Test Rule L3(1) footnotes",
            json!({"min_footnote_font_pt": 10}),
            None,
        ),
        rule("Format:margins", "FORMAT", "Test Rule L3(2)", json!({"min_margin_inches": 1.0}), None),
        rule("Format:line_spacing", "FORMAT", "Test Rule L3(3)", json!({"line_spacing": "double"}), None),
        rule(
            "Structure:notice_of_motion",
            "STRUCTURE",
            "Test Rule L4(a)(1)",
            json!({"required_fields": ["has_notice_of_motion"]}),
            Some(json!({"document_scopes": ["brief_support"], "filing_roles": ["movant"]})),
        ),
        with_severity(
            rule(
                "Structure:affidavits",
                "STRUCTURE",
                "Test Rule L4(a)(3)",
                json!({"required_fields": ["has_supporting_affidavits"], "on_missing": "ACTION_REQUIRED"}),
                Some(json!({"document_scopes": ["brief_support"], "filing_roles": ["movant"]})),
            ),
            "WARNING",
        ),
        rule(
            "Structure:statement_56_1",
            "STRUCTURE",
            "Test Rule L5(a)",
            json!({"required_fields": ["has_56_1_statement"]}),
            Some(json!({"motion_types": ["Rule_56"], "filing_roles": ["movant"]})),
        ),
        rule(
            "Structure:pro_se_sj_notice",
            "STRUCTURE",
            "Test Rule L6",
            json!({"required_fields": ["has_pro_se_sj_notice"]}),
            Some(json!({"motion_types": ["Rule_56"], "filing_roles": ["movant"], "opposing_party_pro_se": true})),
        ),
    ];
    let strict_order = json!({
        "title": "Test order of Judge Strict (test data)",
        "source_url": "https://courtrules.example/test-orders/strict",
        "sample": true,
        "rules": [
            rule("PageLimit:memorandum", "PAGE_LIMIT", "Strict Order 2.A", json!({"max_pages": 20}), Some(briefs.clone())),
            rule("PageLimit:reply", "PAGE_LIMIT", "Strict Order 2.A reply", json!({"max_pages": 8}), Some(replies.clone())),
            rule(
                "Pmc:dispositive",
                "PMC",
                "Strict Order 3.A",
                json!({}),
                Some(json!({"motion_types": ["Rule_12", "Rule_56"], "filing_roles": ["movant"], "filer_pro_se": false})),
            ),
            rule("Bundling:motions", "BUNDLING", "Strict Order 3.B", json!({}), Some(briefs.clone())),
            rule("FilingGate:briefing_schedule", "FILING_GATE", "Strict Order 3.C", json!({}), Some(json!({"filing_roles": ["movant"]}))),
            with_severity(rule("CourtesyCopy:long", "COURTESY_COPY", "Strict Order 1.D", json!({"min_pages": 10}), None), "INFO"),
            with_severity(
                rule(
                    "Structure:tables",
                    "STRUCTURE",
                    "Strict Order 2.B",
                    json!({"required_fields": ["has_toc", "has_toa"], "min_pages": 10}),
                    Some(json!({"document_scopes": ["brief_support", "brief_opposition", "brief_reply"]})),
                ),
                "WARNING",
            ),
        ],
    });
    json!({
        "format_version": 1,
        "profile_version": "test-1",
        "district": {"district_id": "test-district", "name": "Test District (test data)"},
        "national": {"title": "Test National Rules", "source_url": "https://courtrules.example/national", "rules": national},
        "local": {"title": "Test Local Rules", "source_url": "https://courtrules.example/local", "rules": local},
        "judges": [
            {"slug": "judge-strict", "name": "Judge Strict", "judge_type": "district", "sample": true, "standing_order": strict_order},
            {"slug": "judge-plain", "name": "Judge Plain", "judge_type": "magistrate", "sample": true},
        ],
    })
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
