//! Every shipped compliance profile follows the profile format: it validates against the
//! JSON Schema in `docs/profile-format.schema.json` and passes the engine's own
//! `validate_profile`, and the two agree on what the format is.

use courtrules_engine::ffi::parse_profile;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(repo_root().join("docs/profile-format.schema.json")).unwrap();
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).expect("the profile schema is a valid JSON Schema")
}

fn shipped_profiles() -> Vec<PathBuf> {
    let dir = repo_root().join("data/profiles");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries.map(|entry| entry.unwrap().path()).filter(|p| p.extension().is_some_and(|e| e == "json")).collect()
        })
        .unwrap_or_default();
    paths.sort();
    paths
}

#[test]
fn shipped_profiles_follow_the_schema_and_the_engine_reads_them() {
    let schema = schema();
    let profiles = shipped_profiles();
    assert!(!profiles.is_empty(), "no profiles under data/profiles");
    for path in profiles {
        let bytes = std::fs::read(&path).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let schema_errors: Vec<String> =
            schema.iter_errors(&value).map(|error| format!("{} at {}", error, error.instance_path())).collect();
        assert!(schema_errors.is_empty(), "{}: schema errors:\n{}", path.display(), schema_errors.join("\n"));
        if let Err(error) = parse_profile(&bytes) {
            panic!("{}: the engine refuses it: {error:?}", path.display());
        }
    }
}

#[test]
fn the_schema_rejects_what_the_engine_rejects() {
    let schema = schema();
    let base = serde_json::json!({
        "format_version": 2,
        "profile_version": "test",
        "district": {"district_id": "edny", "name": "Test"},
        "national": {"title": "t", "source_url": "https://example.com", "rules": []},
        "local": {"title": "t", "source_url": "https://example.com", "rules": [{
            "rule_key": "PageLimit:memorandum", "category": "PAGE_LIMIT", "citation": "c", "label": "l",
            "summary": "s", "severity": "CRITICAL", "params": {"max_pages": 25},
            "source_text": "t", "source_url": "https://example.com"
        }]},
        "judges": [{"slug": "a-judge", "name": "A Judge"}]
    });
    assert!(schema.is_valid(&base));
    assert!(parse_profile(base.to_string().as_bytes()).is_ok());
    let broken = [
        ("/local/rules/0/params", serde_json::json!({"max_words": 25})),
        ("/local/rules/0/params", serde_json::json!({})),
        ("/local/rules/0/category", serde_json::json!("WORD_LIMIT")),
        ("/local/rules/0/rule_key", serde_json::json!("Pages:memorandum")),
        ("/format_version", serde_json::json!(1)),
        ("/local/rules/0/category", serde_json::json!("COVERAGE")),
        ("/local/rules/0/applies_to", serde_json::json!({"except_claims_under": []})),
        ("/local/rules/0/applies_to", serde_json::json!({"except_claims_under": ["clean_air_act"]})),
        ("/local/as_of", serde_json::json!("24 November 2026")),
        ("/judges/0/slug", serde_json::json!("court")),
        ("/judges/0/profile_url", serde_json::json!("www.example.com")),
    ];
    for (pointer, replacement) in broken {
        let mut profile = base.clone();
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        profile.pointer_mut(parent).unwrap().as_object_mut().unwrap().insert(key.to_owned(), replacement.clone());
        assert!(!schema.is_valid(&profile), "schema accepts {pointer} = {replacement}");
        assert!(parse_profile(profile.to_string().as_bytes()).is_err(), "engine accepts {pointer} = {replacement}");
    }
}

/// N.D. Tex.'s brief limit is 25 pages, or 50 for summary judgment (LR 7.2(c), 56.5(b)):
/// a brief of unnamed motion cannot be checked against either, and must say so rather
/// than pass over both (it answered `REVIEW` with no word of the page limit).
#[test]
fn a_brief_without_its_motion_names_the_page_limits_it_could_not_check() {
    let bytes = std::fs::read(repo_root().join("data/profiles/txnd.json")).unwrap();
    let profile = parse_profile(&bytes).unwrap();
    let request = |motion: Option<&str>| {
        let mut value = serde_json::json!({
            "judge_slug": "court", "district_id": "txnd", "document_scope": "brief_support",
            "is_pro_se": false, "pmc_completed": true, "opposing_party_pro_se": false, "filing_role": "movant",
            "document": {"page_count": 100, "word_count": 40000}
        });
        if let Some(motion) = motion {
            value["motion_type"] = motion.into();
        }
        courtrules_engine::parse_request(value.to_string().as_bytes()).unwrap()
    };
    let unnamed = courtrules_engine::check(&profile, &request(None)).unwrap();
    let needing: Vec<&str> =
        unnamed.meta.skipped.iter().filter(|s| s.needs == "motion_type").map(|s| s.rule_key.as_str()).collect();
    assert!(
        needing.contains(&"PageLimit:brief") && needing.contains(&"PageLimit:summary-judgment-brief"),
        "{needing:?}"
    );
    for motion in ["general", "Rule_56"] {
        let named = courtrules_engine::check(&profile, &request(Some(motion))).unwrap();
        assert_eq!(named.summary.status, courtrules_engine::model::ComplianceStatus::NonCompliant, "{motion}");
        assert!(named.meta.skipped.iter().all(|s| s.needs != "motion_type"), "{motion}");
    }
}
