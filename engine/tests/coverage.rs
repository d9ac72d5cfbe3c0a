//! Every answer says what it covered: the coverage level of the judge, the layers
//! applied with their sources and dates, and — for a judge whose individual practices
//! are not encoded — one action item pointing at them. Also the conditions that let the
//! local rules say exactly whom they bind (pro se handwritten papers, excepted claims).

mod support;

use courtrules_engine::ffi::parse_profile;
use courtrules_engine::model::{
    COURT_JUDGE_SLUG, Category, CheckResponse, ComplianceStatus, CoverageLevel, Layer, Profile, ResultStatus,
    RulesFilter, Severity,
};
use courtrules_engine::{check, parse_request, resolve_rules};
use serde_json::{Value, json};

/// The test profile with dated layers, a real judge whose practices are not encoded
/// (with and without a page), and a real judge with an encoded order.
fn profile() -> Profile {
    let mut value = support::profile_value();
    value["national"]["short_title"] = json!("Test National");
    value["national"]["effective_date"] = json!("2025-12-01");
    value["national"]["as_of"] = json!("2026-11-24");
    value["local"]["scope"] = json!("Test Rules 1-9 only");
    let judges = value["judges"].as_array_mut().unwrap();
    let strict_order = judges[0]["standing_order"].clone();
    judges.push(json!({"slug": "real-district", "name": "Dana Real", "judge_type": "district",
                       "profile_url": "https://court.example/judges/dana-real"}));
    judges.push(json!({"slug": "real-magistrate", "name": "Lee Real", "judge_type": "magistrate"}));
    let mut full = json!({"slug": "real-full", "name": "Kim Real", "judge_type": "district",
                          "standing_order": strict_order});
    full["standing_order"]["sample"] = json!(false);
    full["standing_order"]["as_of"] = json!("2026-10-01");
    judges.push(full);
    parse_profile(value.to_string().as_bytes()).expect("the coverage test profile is valid")
}

fn run_on(profile: &Profile, patch: impl FnOnce(&mut Value)) -> CheckResponse {
    check(profile, &support::request(patch)).expect("check runs")
}

fn run(patch: impl FnOnce(&mut Value)) -> CheckResponse {
    run_on(&profile(), patch)
}

fn practices_items(response: &CheckResponse) -> Vec<&courtrules_engine::model::CheckResult> {
    response.results.iter().filter(|result| result.category == Category::Coverage).collect()
}

#[test]
fn a_district_level_judge_gets_one_action_item_naming_the_judges_page() {
    let response = run(|r| r["judge_slug"] = json!("real-district"));
    let items = practices_items(&response);
    assert_eq!(items.len(), 1, "{:#?}", response.results);
    let item = items[0];
    assert_eq!(
        (item.status, item.severity, item.layer),
        (ResultStatus::ActionRequired, Severity::Warning, Layer::StandingOrder)
    );
    assert_eq!(item.rule_key, "Coverage:individual-practices");
    assert!(item.message.starts_with("Judge Dana Real's individual practices are not encoded"), "{}", item.message);
    assert!(item.message.contains("https://court.example/judges/dana-real"), "{}", item.message);
    assert_eq!(item.source, "Judge Dana Real's individual practices (not encoded)");
    // Never a clean bill of health: the verdict is at best REVIEW.
    assert_eq!(response.summary.status, ComplianceStatus::Review);
    assert_eq!(response.meta.checks_run as usize, response.results.len());
    assert_eq!(response.meta.coverage.level, CoverageLevel::District);
    assert_eq!(response.meta.coverage.practices_url.as_deref(), Some("https://court.example/judges/dana-real"));
}

#[test]
fn a_judge_without_a_known_page_is_sent_to_the_courts_website() {
    let response = run(|r| r["judge_slug"] = json!("real-magistrate"));
    let item = practices_items(&response)[0];
    assert!(item.message.starts_with("Magistrate Judge Lee Real's individual practices"), "{}", item.message);
    assert!(item.message.contains("on the court's website"), "{}", item.message);
    assert!(
        response.meta.coverage_note.ends_with(
            "Not encoded: Magistrate Judge Lee Real's individual practices \u{2014} read them before filing."
        ),
        "{}",
        response.meta.coverage_note
    );
}

#[test]
fn a_judge_with_an_encoded_order_has_no_coverage_item_and_the_note_names_the_order() {
    let response = run(|r| r["judge_slug"] = json!("real-full"));
    assert!(practices_items(&response).is_empty());
    assert_eq!(response.meta.coverage.level, CoverageLevel::Full);
    assert_eq!(response.meta.coverage.layers.len(), 3);
    let note = &response.meta.coverage_note;
    assert!(note.contains("current as of 2026-10-01"), "{note}");
    assert!(!note.contains("Not encoded"), "{note}");
}

#[test]
fn a_sample_judge_is_said_to_be_sample_data() {
    let response = run(|r| r["judge_slug"] = json!("judge-plain"));
    assert!(practices_items(&response).is_empty());
    assert_eq!(response.meta.coverage.level, CoverageLevel::Sample);
    assert!(
        response.meta.coverage_note.contains("is sample data: a fictional judge"),
        "{}",
        response.meta.coverage_note
    );
    let strict = run(|r| r["judge_slug"] = json!("judge-strict"));
    assert!(strict.meta.coverage_note.contains("(sample data: a fictional order"), "{}", strict.meta.coverage_note);
}

#[test]
fn the_note_names_each_layer_with_its_scope_dates_and_source() {
    let note = run(|r| r["judge_slug"] = json!("real-district")).meta.coverage_note;
    assert!(
        note.starts_with(
            "Applied: Test National (in force from 2025-12-01; current as of 2026-11-24; courtrules.example) + \
             Test Local Rules (Test Rules 1-9 only; date not confirmed; courtrules.example). Not encoded: Judge Dana Real's"
        ),
        "{note}"
    );
}

#[test]
fn court_checks_the_court_wide_rules_for_the_assigned_judge() {
    let response = run(|r| r["judge_slug"] = json!(COURT_JUDGE_SLUG));
    assert_eq!(response.judge.slug, COURT_JUDGE_SLUG);
    let item = practices_items(&response)[0];
    assert!(item.message.starts_with("The assigned judge's individual practices are not encoded"), "{}", item.message);
    // The judge's own page limit (judge-strict's) does not apply; the district's word limit does.
    assert!(
        response
            .results
            .iter()
            .all(|result| result.layer != Layer::StandingOrder || result.category == Category::Coverage)
    );
    assert!(response.results.iter().any(|result| result.rule_key == "WordLimit:memorandum"));
}

#[test]
fn the_rules_view_carries_the_same_coverage() {
    let profile = profile();
    let rules = resolve_rules(&profile, "real-district", &RulesFilter::default()).unwrap();
    let checked = run_on(&profile, |r| r["judge_slug"] = json!("real-district"));
    assert_eq!(rules.meta.coverage_note, checked.meta.coverage_note);
    assert_eq!(rules.meta.coverage, checked.meta.coverage);
    assert!(resolve_rules(&profile, COURT_JUDGE_SLUG, &RulesFilter::default()).is_ok());
}

/// The test profile with one more local rule, limited as given.
fn with_rule(applies_to: Value) -> Profile {
    let mut value = support::profile_value();
    value["local"]["rules"].as_array_mut().unwrap().push(json!({
        "rule_key": "PageLimit:handwritten", "category": "PAGE_LIMIT", "citation": "Test Rule 99", "label": "l",
        "summary": "s", "severity": "CRITICAL", "applies_to": applies_to, "params": {"max_pages": 5},
        "source_text": "t", "source_url": "https://courtrules.example/local"
    }));
    parse_profile(value.to_string().as_bytes()).unwrap()
}

fn applies(profile: &Profile, patch: impl FnOnce(&mut Value)) -> bool {
    run_on(profile, |r| {
        r["judge_slug"] = json!("judge-plain");
        r["document_scope"] = json!("letter");
        patch(r)
    })
    .results
    .iter()
    .any(|result| result.rule_key == "PageLimit:handwritten")
}

#[test]
fn pro_se_handwritten_needs_both_a_pro_se_filer_and_a_handwritten_paper() {
    let rule = with_rule(json!({"pro_se_handwritten": true}));
    assert!(applies(&rule, |r| {
        r["is_pro_se"] = json!(true);
        r["document"]["handwritten_or_typewritten"] = json!(true);
    }));
    assert!(!applies(&rule, |r| r["is_pro_se"] = json!(true)), "a computer-prepared pro se paper");
    assert!(
        !applies(&rule, |r| r["document"]["handwritten_or_typewritten"] = json!(true)),
        "a lawyer's typewritten paper"
    );
    let otherwise = with_rule(json!({"pro_se_handwritten": false}));
    assert!(applies(&otherwise, |r| r["is_pro_se"] = json!(true)));
    assert!(!applies(&otherwise, |r| {
        r["is_pro_se"] = json!(true);
        r["document"]["handwritten_or_typewritten"] = json!(true);
    }));
}

#[test]
fn handwritten_or_typewritten_looks_at_the_paper_whoever_files_it() {
    let rule = with_rule(json!({"handwritten_or_typewritten": true}));
    assert!(applies(&rule, |r| r["document"]["handwritten_or_typewritten"] = json!(true)));
    assert!(!applies(&rule, |_| {}), "the flag defaults to false");
}

#[test]
fn excepted_claims_take_a_rule_out_only_when_every_claim_is_excepted() {
    let rule = with_rule(json!({"except_claims_under": ["administrative_procedure_act"]}));
    assert!(applies(&rule, |_| {}), "no claims_under: the rule applies");
    assert!(applies(&rule, |r| r["claims_under"] = json!([])));
    assert!(!applies(&rule, |r| r["claims_under"] = json!(["administrative_procedure_act"])));
    assert!(
        applies(&rule, |r| r["claims_under"] = json!(["administrative_procedure_act", "freedom_of_information_act"]))
    );
}

#[test]
fn the_new_request_fields_are_validated_by_name() {
    let problems = |patch: Value| {
        let mut request = support::request_value();
        for (key, value) in patch.as_object().unwrap() {
            if key == "document" {
                for (field, inner) in value.as_object().unwrap() {
                    request["document"][field] = inner.clone();
                }
            } else {
                request[key] = value.clone();
            }
        }
        parse_request(request.to_string().as_bytes()).unwrap_err()
    };
    let details = problems(json!({"claims_under": ["clean_air_act"]}));
    assert_eq!(details[0].path, "claims_under[0]");
    assert!(details[0].message.contains("administrative_procedure_act"), "{}", details[0].message);
    assert_eq!(problems(json!({"claims_under": "administrative_procedure_act"}))[0].path, "claims_under");
    assert_eq!(
        problems(json!({"document": {"handwritten_or_typewritten": "yes"}}))[0].path,
        "document.handwritten_or_typewritten"
    );
}
