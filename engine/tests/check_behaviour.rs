//! The check behaviours the spec and the engine issue require, each in a test named
//! after it, against the test profile in `support/`.

mod support;

use courtrules_engine::check;
use courtrules_engine::model::{Category, CheckResponse, ComplianceStatus, Layer, ResultStatus, Severity};
use serde_json::json;
use support::{full_document, profile, request};

fn run(patch: impl FnOnce(&mut serde_json::Value)) -> CheckResponse {
    check(&profile(), &request(patch)).expect("check runs")
}

fn result<'r>(response: &'r CheckResponse, rule_key: &str) -> &'r courtrules_engine::model::CheckResult {
    response
        .results
        .iter()
        .find(|r| r.rule_key == rule_key)
        .unwrap_or_else(|| panic!("no result for {rule_key}: {:#?}", response.results))
}

fn has_result(response: &CheckResponse, rule_key: &str) -> bool {
    response.results.iter().any(|r| r.rule_key == rule_key)
}

fn categories_run(response: &CheckResponse) -> Vec<Category> {
    let mut categories: Vec<Category> = response.results.iter().map(|r| r.category).collect();
    categories.dedup();
    categories
}

#[test]
fn only_page_and_word_counts_run_the_count_and_standing_order_checks_and_skip_the_rest() {
    let response = run(|r| r["document"]["page_count"] = json!(12));
    let categories = categories_run(&response);
    for expected in [
        Category::WordLimit,
        Category::Pmc,
        Category::FilingGate,
        Category::Bundling,
        Category::CourtesyCopy,
        Category::PageLimit,
    ] {
        assert!(categories.contains(&expected), "{expected} did not run: {categories:?}");
    }
    for absent in [Category::Format, Category::Caption, Category::Signature, Category::Privacy, Category::Structure] {
        assert!(!categories.contains(&absent), "{absent} ran without its section");
    }
    // Skipped: 4 format, 2 privacy, caption, signature, the certificate word count,
    // notice of motion, affidavits, tables of contents (12 pages ≥ 10).
    let skipped: Vec<&str> = response.meta.skipped.iter().map(|s| s.rule_key.as_str()).collect();
    assert_eq!(response.meta.checks_skipped as usize, skipped.len());
    for key in [
        "Format:body_font_size",
        "Format:footnote_font_size",
        "Format:margins",
        "Format:line_spacing",
        "Privacy:ssn",
        "Privacy:birth_date",
        "Caption:elements",
        "Signature:elements",
        "WordCount:certificate",
        "Structure:notice_of_motion",
        "Structure:affidavits",
        "Structure:tables",
    ] {
        assert!(skipped.contains(&key), "{key} not counted as skipped: {skipped:?}");
    }
    assert_eq!(response.meta.checks_skipped, 12);
    assert_eq!(response.meta.checks_run as usize, response.results.len());
}

#[test]
fn skipped_checks_name_the_field_they_need() {
    let response = run(|_| {});
    let needs = |key: &str| response.meta.skipped.iter().find(|s| s.rule_key == key).map(|s| s.needs.clone());
    assert_eq!(needs("Format:margins").as_deref(), Some("document.format.margin_inches"));
    assert_eq!(needs("Caption:elements").as_deref(), Some("document.caption"));
    assert_eq!(needs("WordCount:certificate").as_deref(), Some("document.sections.certificate_word_count"));
}

#[test]
fn a_rule_for_the_paper_but_limited_to_motion_types_needs_the_motion_when_none_is_named() {
    // The judge's pre-motion conference rule, made a rule for supporting briefs of Rule 12
    // and Rule 56 motions (as a district's brief page limits are).
    let mut value = support::profile_value();
    let judge = value["judges"].as_array_mut().unwrap().iter_mut().find(|j| j["slug"] == "judge-strict").unwrap();
    let rules = judge["standing_order"]["rules"].as_array_mut().unwrap();
    let pmc = rules.iter_mut().find(|rule| rule["rule_key"] == "Pmc:dispositive").unwrap();
    pmc["applies_to"]["document_scopes"] = json!(["brief_support"]);
    let profile = courtrules_engine::ffi::parse_profile(value.to_string().as_bytes()).unwrap();
    let unnamed = request(|request| {
        request.as_object_mut().unwrap().remove("motion_type");
    });
    let response = check(&profile, &unnamed).unwrap();
    // Without the motion it is neither passed nor failed, but said to need it.
    assert!(!has_result(&response, "Pmc:dispositive"), "{:#?}", response.results);
    let needs = |key: &str| response.meta.skipped.iter().find(|s| s.rule_key == key).map(|s| s.needs.clone());
    assert_eq!(needs("Pmc:dispositive").as_deref(), Some("motion_type"));
    // A rule for a motion whatever the paper (a discovery motion's conferral) is not.
    assert_eq!(needs("Structure:conferral"), None);
    assert_eq!(response.meta.checks_skipped as usize, response.meta.skipped.len());
    // Named, the rule runs as before.
    let named = check(&profile, &request(|_| {})).unwrap();
    assert!(has_result(&named, "Pmc:dispositive"));
    assert!(named.meta.skipped.iter().all(|s| s.needs != "motion_type"));
}

#[test]
fn pmc_completed_true_gives_a_pmc_pass() {
    let response = run(|r| r["pmc_completed"] = json!(true));
    let pmc = result(&response, "Pmc:dispositive");
    assert_eq!((pmc.category, pmc.status), (Category::Pmc, ResultStatus::Pass));
}

#[test]
fn pmc_completed_false_gives_a_pmc_fail_and_non_compliant() {
    let response = run(|r| r["pmc_completed"] = json!(false));
    let pmc = result(&response, "Pmc:dispositive");
    assert_eq!((pmc.status, pmc.severity), (ResultStatus::Fail, Severity::Critical));
    assert_eq!(response.summary.status, ComplianceStatus::NonCompliant);
}

#[test]
fn pmc_does_not_apply_to_pro_se_filers_or_other_motions_or_opponents() {
    let pro_se = run(|r| {
        r["pmc_completed"] = json!(false);
        r["is_pro_se"] = json!(true);
    });
    assert!(!has_result(&pro_se, "Pmc:dispositive"));
    let daubert = run(|r| {
        r["pmc_completed"] = json!(false);
        r["motion_type"] = json!("Daubert");
    });
    assert!(!has_result(&daubert, "Pmc:dispositive"));
    let no_motion = run(|r| {
        r["pmc_completed"] = json!(false);
        r.as_object_mut().unwrap().remove("motion_type");
    });
    assert!(!has_result(&no_motion, "Pmc:dispositive"));
    let opponent = run(|r| {
        r["pmc_completed"] = json!(false);
        r["filing_role"] = json!("opponent");
        r["document_scope"] = json!("brief_opposition");
    });
    assert!(!has_result(&opponent, "Pmc:dispositive"));
}

#[test]
fn page_count_above_the_judges_limit_is_a_critical_page_limit_failure() {
    let response = run(|r| r["document"]["page_count"] = json!(21));
    let page = result(&response, "PageLimit:memorandum");
    assert_eq!(
        (page.category, page.severity, page.status, page.layer),
        (Category::PageLimit, Severity::Critical, ResultStatus::Fail, Layer::StandingOrder)
    );
    assert_eq!(page.source, "Strict Order 2.A");
    assert_eq!(response.summary.status, ComplianceStatus::NonCompliant);
}

#[test]
fn page_limit_at_the_limit_passes_and_one_over_fails() {
    let at = run(|r| r["document"]["page_count"] = json!(20));
    assert_eq!(result(&at, "PageLimit:memorandum").status, ResultStatus::Pass);
    let over = run(|r| r["document"]["page_count"] = json!(21));
    assert_eq!(result(&over, "PageLimit:memorandum").status, ResultStatus::Fail);
    assert!(result(&over, "PageLimit:memorandum").message.contains("Cut 1 page"));
}

#[test]
fn the_judges_page_limit_beats_the_district_default_even_for_pro_se_filers() {
    // The district default (25 pages, pro se filers) and the judge's limit (20 pages)
    // share a rule key: the judge's replaces it.
    let response = run(|r| {
        r["is_pro_se"] = json!(true);
        r["document"]["page_count"] = json!(22);
    });
    let limits: Vec<_> = response.results.iter().filter(|r| r.category == Category::PageLimit).collect();
    assert_eq!(limits.len(), 1, "{limits:#?}");
    assert_eq!((limits[0].status, limits[0].layer), (ResultStatus::Fail, Layer::StandingOrder));
}

#[test]
fn a_judge_without_a_standing_order_gets_the_district_default() {
    let response = run(|r| {
        r["judge_slug"] = json!("judge-plain");
        r["is_pro_se"] = json!(true);
        r["document"]["page_count"] = json!(25);
    });
    let page = result(&response, "PageLimit:memorandum");
    assert_eq!((page.status, page.layer), (ResultStatus::Pass, Layer::LocalRules));
    let over = run(|r| {
        r["judge_slug"] = json!("judge-plain");
        r["is_pro_se"] = json!(true);
        r["document"]["page_count"] = json!(26);
    });
    assert_eq!(result(&over, "PageLimit:memorandum").status, ResultStatus::Fail);
    // Represented filers have no page limit before this judge, only the word limit.
    let represented = run(|r| {
        r["judge_slug"] = json!("judge-plain");
        r["document"]["page_count"] = json!(40);
    });
    assert!(!represented.results.iter().any(|r| r.category == Category::PageLimit));
    for category in [Category::Pmc, Category::Bundling, Category::FilingGate, Category::CourtesyCopy] {
        assert!(!represented.results.iter().any(|r| r.category == category));
    }
}

#[test]
fn a_later_layer_beats_an_earlier_one_of_a_singular_kind_even_with_another_key() {
    // Give the judge's page limit its own key: the district default still yields,
    // because only the latest layer's page limits count for one filing.
    let mut value = support::profile_value();
    value["judges"][0]["standing_order"]["rules"][0]["rule_key"] = json!("PageLimit:judge_memorandum");
    let profile = courtrules_engine::ffi::parse_profile(value.to_string().as_bytes()).unwrap();
    let response = check(
        &profile,
        &request(|r| {
            r["is_pro_se"] = json!(true);
            r["document"]["page_count"] = json!(22);
        }),
    )
    .unwrap();
    let limits: Vec<&str> =
        response.results.iter().filter(|r| r.category == Category::PageLimit).map(|r| r.rule_key.as_str()).collect();
    assert_eq!(limits, ["PageLimit:judge_memorandum"]);
}

#[test]
fn within_one_layer_the_limit_for_fewer_motions_then_fewer_papers_governs() {
    // "Memoranda: 25 pages; on summary judgment, 35" (and "letters 3 pages; discovery
    // letters 5"), in one standing order, as an ingested layer reads them.
    let mut value = support::profile_value();
    let rules = value["judges"][0]["standing_order"]["rules"].as_array_mut().unwrap();
    let limit = |key: &str, applies_to: serde_json::Value, pages: u32| {
        json!({"rule_key": key, "category": "PAGE_LIMIT", "citation": "Test Order § 2", "label": "l",
               "summary": "s", "severity": "CRITICAL", "applies_to": applies_to, "params": {"max_pages": pages},
               "source_text": "t", "source_url": "https://courtrules.example/order"})
    };
    rules.push(limit(
        "PageLimit:sj",
        json!({"document_scopes": ["brief_support", "brief_opposition"], "motion_types": ["Rule_56"]}),
        35,
    ));
    rules.push(limit("PageLimit:letters", json!({"document_scopes": ["letter", "discovery_letter"]}), 3));
    rules.push(limit("PageLimit:discovery-letters", json!({"document_scopes": ["discovery_letter"]}), 5));
    let profile = courtrules_engine::ffi::parse_profile(value.to_string().as_bytes()).unwrap();
    let limits = |patch: &dyn Fn(&mut serde_json::Value)| -> Vec<(String, ResultStatus)> {
        let response = check(&profile, &request(|r| patch(r))).unwrap();
        response
            .results
            .iter()
            .filter(|r| r.category == Category::PageLimit)
            .map(|r| (r.rule_key.clone(), r.status))
            .collect()
    };
    let key = |k: &str| k.to_owned();
    // Summary judgment: 30 pages are within its own 35, whatever the 25 for memoranda.
    let sj = limits(&|r| {
        r["motion_type"] = json!("Rule_56");
        r["document"]["page_count"] = json!(30);
    });
    assert_eq!(sj, [(key("PageLimit:sj"), ResultStatus::Pass)]);
    // Another motion: the 25 pages.
    let rule_12 = limits(&|r| r["document"]["page_count"] = json!(30));
    assert_eq!(rule_12, [(key("PageLimit:memorandum"), ResultStatus::Fail)]);
    // No motion named: the general limit is checked, the one for some motions awaits it.
    let unnamed = check(
        &profile,
        &request(|r| {
            r.as_object_mut().unwrap().remove("motion_type");
            r["document"]["page_count"] = json!(30);
        }),
    )
    .unwrap();
    assert!(unnamed.results.iter().any(|r| r.rule_key == "PageLimit:memorandum" && r.status == ResultStatus::Fail));
    assert!(unnamed.meta.skipped.iter().any(|s| s.rule_key == "PageLimit:sj"), "{:?}", unnamed.meta.skipped);
    // Fewer papers govern: a 4-page discovery letter is within its own 5 pages, whatever
    // the 3 for letters; a letter has only the 3.
    let letter = |scope: &str| {
        limits(&|r| {
            r["document_scope"] = json!(scope);
            r.as_object_mut().unwrap().remove("motion_type");
            r["document"]["page_count"] = json!(4);
        })
    };
    assert_eq!(letter("discovery_letter"), [(key("PageLimit:discovery-letters"), ResultStatus::Pass)]);
    assert_eq!(letter("letter"), [(key("PageLimit:letters"), ResultStatus::Fail)]);
    // With a motion named, a limit for some motions still comes first, then papers: a
    // reply on summary judgment has no limit of its own here, so the 25 for memoranda
    // (support, opposition, reply) is not displaced by the summary-judgment 35 either.
    let reply = limits(&|r| {
        r["document_scope"] = json!("brief_reply");
        r["motion_type"] = json!("Rule_56");
        r["document"]["page_count"] = json!(30);
    });
    assert_eq!(reply.len(), 1, "{reply:?}");
}

#[test]
fn word_limits_come_from_the_local_rule() {
    let at = run(|r| r["document"]["word_count"] = json!(8750));
    let rule = result(&at, "WordLimit:memorandum");
    assert_eq!(
        (rule.status, rule.layer, rule.source.as_str()),
        (ResultStatus::Pass, Layer::LocalRules, "Test Rule L1(c)")
    );
    let over = run(|r| r["document"]["word_count"] = json!(8751));
    assert_eq!(result(&over, "WordLimit:memorandum").status, ResultStatus::Fail);
}

#[test]
fn reply_word_limit_is_3500() {
    let reply = |words: u32| {
        run(move |r| {
            r["document_scope"] = json!("brief_reply");
            r["filing_role"] = json!("reply");
            r["document"]["word_count"] = json!(words);
            r["document"]["page_count"] = json!(5);
        })
    };
    assert_eq!(result(&reply(3500), "WordLimit:reply").status, ResultStatus::Pass);
    assert_eq!(result(&reply(3501), "WordLimit:reply").status, ResultStatus::Fail);
    assert!(!has_result(&reply(3500), "WordLimit:memorandum"));
}

#[test]
fn certificate_word_count_more_than_five_percent_apart_is_a_warning_failure() {
    let with_certificate = |stated: u32| {
        run(move |r| {
            r["document"]["word_count"] = json!(6000);
            r["document"]["page_count"] = json!(9);
            r["document"]["sections"] =
                json!({"has_certificate_of_compliance": true, "certificate_word_count": stated});
        })
    };
    // 5% of 6,000 is 300.
    assert_eq!(result(&with_certificate(6300), "WordCount:certificate").status, ResultStatus::Pass);
    assert_eq!(result(&with_certificate(5700), "WordCount:certificate").status, ResultStatus::Pass);
    let off = with_certificate(6301);
    let finding = result(&off, "WordCount:certificate");
    assert_eq!(
        (finding.status, finding.severity, finding.category),
        (ResultStatus::Fail, Severity::Warning, Category::WordLimit)
    );
    assert_eq!(off.summary.warnings, 1);
}

#[test]
fn format_checks_at_the_threshold_pass_and_just_below_fail() {
    let format = |body: f64, footnote: f64, margin: f64, spacing: &str| {
        let spacing = spacing.to_owned();
        run(move |r| {
            r["document"]["format"] = json!({"primary_font_size_pt": body, "footnote_font_size_pt": footnote, "margin_inches": margin, "line_spacing": spacing});
        })
    };
    let ok = format(12.0, 10.0, 1.0, "double");
    for key in ["Format:body_font_size", "Format:footnote_font_size", "Format:margins", "Format:line_spacing"] {
        assert_eq!(result(&ok, key).status, ResultStatus::Pass, "{key}");
    }
    let bad = format(11.5, 9.5, 0.75, "one_and_a_half");
    for key in ["Format:body_font_size", "Format:footnote_font_size", "Format:margins", "Format:line_spacing"] {
        assert_eq!(result(&bad, key).status, ResultStatus::Fail, "{key}");
    }
    assert!(result(&bad, "Format:margins").message.contains("0.75 inch"));
}

#[test]
fn a_partial_format_object_runs_what_it_can_and_skips_the_rest() {
    let response = run(|r| r["document"]["format"] = json!({"primary_font_size_pt": 12}));
    assert_eq!(result(&response, "Format:body_font_size").status, ResultStatus::Pass);
    assert!(response.meta.skipped.iter().any(|s| s.needs == "document.format.margin_inches"));
}

#[test]
fn caption_lacking_elements_fails_and_names_them() {
    let response = run(|r| {
        r["document"]["caption"] = json!({"present": true, "has_court_name": true, "has_case_title": true});
    });
    let caption = result(&response, "Caption:elements");
    assert_eq!(caption.status, ResultStatus::Fail);
    assert_eq!(caption.message, "The caption lacks the file number and the paper's designation.");
    let absent = run(|r| r["document"]["caption"] = json!({"present": false}));
    assert_eq!(result(&absent, "Caption:elements").message, "The paper has no caption.");
}

#[test]
fn signature_block_needs_name_address_email_and_phone() {
    let response = run(|r| {
        r["document"]["signature_block"] =
            json!({"present": true, "has_attorney_name": true, "has_address": true, "has_email": true});
    });
    let signature = result(&response, "Signature:elements");
    assert_eq!(signature.status, ResultStatus::Fail);
    assert!(signature.message.contains("telephone"));
}

#[test]
fn privacy_flags_fail_their_rules() {
    let response = run(|r| r["document"]["privacy"] = json!({"contains_full_ssn": true}));
    assert_eq!(result(&response, "Privacy:ssn").status, ResultStatus::Fail);
    assert_eq!(result(&response, "Privacy:birth_date").status, ResultStatus::Pass);
}

#[test]
fn courtesy_copy_filing_gate_and_bundling_are_action_items() {
    let response = run(|r| r["document"]["page_count"] = json!(12));
    for key in ["CourtesyCopy:long", "FilingGate:briefing_schedule", "Bundling:motions"] {
        assert_eq!(result(&response, key).status, ResultStatus::ActionRequired, "{key}");
    }
    assert_eq!(response.summary.action_items, 3);
    assert_eq!(response.summary.status, ComplianceStatus::Review);
}

#[test]
fn courtesy_copies_below_their_page_threshold_do_not_apply() {
    let response = run(|r| r["document"]["page_count"] = json!(9));
    assert!(!has_result(&response, "CourtesyCopy:long"));
    assert!(!response.meta.skipped.iter().any(|s| s.rule_key == "Structure:tables"));
}

#[test]
fn a_complete_filing_before_a_judge_without_orders_is_compliant() {
    let response = run(|r| {
        r["judge_slug"] = json!("judge-plain");
        r["document"] = full_document();
    });
    assert_eq!(response.summary.status, ComplianceStatus::Compliant, "{:#?}", response.results);
    assert_eq!(response.summary.failures, 0);
    assert_eq!(response.summary.action_items, 0);
    assert_eq!(response.summary.passes as usize, response.results.len());
    assert_eq!(response.meta.checks_skipped, 0);
}

#[test]
fn summary_counts_follow_the_spec_derivation() {
    let response = run(|r| {
        r["pmc_completed"] = json!(false);
        r["document"] = full_document();
        r["document"]["page_count"] = json!(30);
        r["document"]["sections"]["certificate_word_count"] = json!(9000);
    });
    let count = |status| response.results.iter().filter(|r| r.status == status).count() as u32;
    let summary = &response.summary;
    assert_eq!(summary.failures, count(ResultStatus::Fail));
    assert_eq!(summary.passes, count(ResultStatus::Pass));
    assert_eq!(summary.action_items, count(ResultStatus::ActionRequired));
    let warning_failures =
        response.results.iter().filter(|r| r.status == ResultStatus::Fail && r.severity == Severity::Warning).count()
            as u32;
    assert_eq!(summary.warnings, warning_failures);
    assert_eq!(summary.warnings, 1);
    assert_eq!(summary.failures, 3, "{:#?}", response.results);
    assert_eq!(summary.status, ComplianceStatus::NonCompliant);
}

#[test]
fn results_are_ordered_by_status_severity_category_layer_and_key() {
    let response = run(|r| {
        r["pmc_completed"] = json!(false);
        r["document"] = full_document();
        r["document"]["page_count"] = json!(30);
        r["document"]["format"]["margin_inches"] = json!(0.5);
    });
    let keys: Vec<_> =
        response.results.iter().map(|r| (r.status, r.severity, r.category, r.layer, r.rule_key.clone())).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(response.results[0].status, ResultStatus::Fail);
    assert_eq!(response.results.last().unwrap().status, ResultStatus::Pass);
}

#[test]
fn every_result_cites_its_rule_and_layer() {
    let response = run(|r| r["document"] = full_document());
    let profile = support::profile_value();
    for result in &response.results {
        assert!(!result.source.is_empty());
        let layer_rules = match result.layer {
            Layer::Frcp => &profile["national"]["rules"],
            Layer::LocalRules => &profile["local"]["rules"],
            Layer::StandingOrder => &profile["judges"][0]["standing_order"]["rules"],
        };
        let rule = layer_rules.as_array().unwrap().iter().find(|rule| rule["rule_key"] == result.rule_key.as_str());
        let rule = rule.unwrap_or_else(|| panic!("{} not in layer {}", result.rule_key, result.layer));
        assert_eq!(rule["citation"], result.source.as_str());
    }
}

#[test]
fn structure_rules_follow_motion_role_and_pro_se_conditions() {
    let movant_56 = run(|r| {
        r["motion_type"] = json!("Rule_56");
        r["opposing_party_pro_se"] = json!(true);
        r["document"] = full_document();
    });
    assert_eq!(result(&movant_56, "Structure:statement_56_1").status, ResultStatus::Fail);
    assert_eq!(result(&movant_56, "Structure:pro_se_sj_notice").status, ResultStatus::Fail);
    assert_eq!(result(&movant_56, "Structure:certificate_of_service").status, ResultStatus::Pass);
    let represented_opponent = run(|r| {
        r["motion_type"] = json!("Rule_56");
        r["document"] = full_document();
    });
    assert!(!has_result(&represented_opponent, "Structure:pro_se_sj_notice"));
    assert!(!has_result(&represented_opponent, "Structure:certificate_of_service"));
}

#[test]
fn a_missing_affidavit_is_an_item_to_confirm_not_a_failure() {
    let response = run(|r| {
        r["document"] = full_document();
        r["document"]["sections"]["has_supporting_affidavits"] = json!(false);
    });
    assert_eq!(result(&response, "Structure:affidavits").status, ResultStatus::ActionRequired);
}

#[test]
fn tables_of_contents_are_required_only_for_long_briefs() {
    let long = run(|r| {
        r["document"] = full_document();
        r["document"]["page_count"] = json!(10);
        r["document"]["sections"]["has_toa"] = json!(false);
    });
    let tables = result(&long, "Structure:tables");
    assert_eq!(tables.status, ResultStatus::Fail);
    assert!(tables.message.starts_with("Missing a table of authorities (required for papers of 10 pages or more)"));
    let short = run(|r| {
        r["document"] = full_document();
        r["document"]["page_count"] = json!(9);
        r["document"]["sections"]["has_toa"] = json!(false);
    });
    assert!(!has_result(&short, "Structure:tables"));
}

#[test]
fn reference_rules_are_never_checked() {
    let response = run(|r| r["document"] = full_document());
    assert!(!has_result(&response, "Reference:timing"));
}

#[test]
fn unknown_judge_and_other_district_are_errors() {
    let profile = profile();
    let error = check(&profile, &request(|r| r["judge_slug"] = json!("nobody"))).unwrap_err();
    assert!(matches!(error, courtrules_engine::EngineError::JudgeNotFound { .. }));
    let error = check(&profile, &request(|r| r["district_id"] = json!("elsewhere"))).unwrap_err();
    assert!(matches!(error, courtrules_engine::EngineError::DistrictMismatch { .. }));
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let profile = profile();
    let request = serde_json::to_vec(&support::request_value()).unwrap();
    let first = courtrules_engine::ffi::check_json(&profile, &request).unwrap();
    for _ in 0..10 {
        assert_eq!(courtrules_engine::ffi::check_json(&profile, &request).unwrap(), first);
    }
}
