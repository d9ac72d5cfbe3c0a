//! `resolve_rules`: the `/rules` view, grouped by layer, filtered by scope and motion
//! type, computed from the same layer resolution as the checks.

mod support;

use courtrules_engine::model::{Category, DocumentScope, Layer, MotionType, RulesFilter};
use courtrules_engine::resolve_rules;

fn keys<T>(entries: &[T], key: impl Fn(&T) -> &str) -> Vec<String> {
    entries.iter().map(|e| key(e).to_owned()).collect()
}

#[test]
fn rules_are_grouped_by_layer_and_counted() {
    let view = resolve_rules(&support::profile(), "judge-strict", &RulesFilter::default()).unwrap();
    assert_eq!(view.judge.slug, "judge-strict");
    assert_eq!(view.rules.frcp.len(), 7);
    // 13 local rules, one replaced by the judge's page limit.
    assert_eq!(view.rules.local_rules.len(), 12);
    assert_eq!(view.rules.standing_order.len(), 7);
    assert_eq!(view.meta.total_rules, 26);
    assert!(!keys(&view.rules.local_rules, |r| &r.rule_key).contains(&"PageLimit:memorandum".to_owned()));
}

#[test]
fn a_standing_order_rule_names_the_rule_it_overrides() {
    let view = resolve_rules(&support::profile(), "judge-strict", &RulesFilter::default()).unwrap();
    let page = view.rules.standing_order.iter().find(|r| r.rule_key == "PageLimit:memorandum").unwrap();
    let overridden = page.overrides.as_ref().expect("overrides the district default");
    assert_eq!((overridden.layer, overridden.citation.as_str()), (Layer::LocalRules, "Test Rule L1(c) pro se"));
    assert_eq!(page.category, Category::PageLimit);
    assert_eq!(page.source, "Strict Order 2.A");
    let reply = view.rules.standing_order.iter().find(|r| r.rule_key == "PageLimit:reply").unwrap();
    assert!(reply.overrides.is_none());
}

#[test]
fn filtering_by_scope_keeps_universal_rules_and_drops_other_scopes() {
    let filter = RulesFilter { document_scope: Some(DocumentScope::Letter), motion_type: None };
    let view = resolve_rules(&support::profile(), "judge-strict", &filter).unwrap();
    let local = keys(&view.rules.local_rules, |r| &r.rule_key);
    assert!(local.contains(&"PageLimit:letter".to_owned()));
    assert!(local.contains(&"Format:margins".to_owned()), "rules without applies_to are always included");
    assert!(!local.contains(&"WordLimit:memorandum".to_owned()));
    let orders = keys(&view.rules.standing_order, |r| &r.rule_key);
    assert!(!orders.contains(&"Bundling:motions".to_owned()));
    assert!(orders.contains(&"CourtesyCopy:long".to_owned()));
}

#[test]
fn filtering_by_motion_type_drops_rules_for_other_motions() {
    let filter = RulesFilter { document_scope: None, motion_type: Some(MotionType::Discovery) };
    let view = resolve_rules(&support::profile(), "judge-strict", &filter).unwrap();
    assert!(keys(&view.rules.frcp, |r| &r.rule_key).contains(&"Structure:conferral".to_owned()));
    assert!(!keys(&view.rules.standing_order, |r| &r.rule_key).contains(&"Pmc:dispositive".to_owned()));
    let filter = RulesFilter { document_scope: None, motion_type: Some(MotionType::Rule12) };
    let view = resolve_rules(&support::profile(), "judge-strict", &filter).unwrap();
    assert!(!keys(&view.rules.frcp, |r| &r.rule_key).contains(&"Structure:conferral".to_owned()));
    assert!(keys(&view.rules.standing_order, |r| &r.rule_key).contains(&"Pmc:dispositive".to_owned()));
}

#[test]
fn applies_to_is_flattened_into_labels() {
    let view = resolve_rules(&support::profile(), "judge-strict", &RulesFilter::default()).unwrap();
    let pmc = view.rules.standing_order.iter().find(|r| r.rule_key == "Pmc:dispositive").unwrap();
    assert_eq!(pmc.applies_to.as_deref().unwrap(), ["Rule_12", "Rule_56", "movant", "filer_represented"]);
    let margins = view.rules.local_rules.iter().find(|r| r.rule_key == "Format:margins").unwrap();
    assert!(margins.applies_to.is_none());
}

#[test]
fn a_judge_without_orders_sees_only_national_and_local_rules() {
    let view = resolve_rules(&support::profile(), "judge-plain", &RulesFilter::default()).unwrap();
    assert!(view.rules.standing_order.is_empty());
    assert_eq!(view.rules.local_rules.len(), 13);
}

#[test]
fn rules_query_errors_name_the_parameter() {
    let profile = support::profile();
    let error = courtrules_engine::ffi::resolve_rules_json(
        &profile,
        br#"{"judge_slug":"judge-strict","document_scope":"memo"}"#,
    )
    .unwrap_err();
    match error {
        courtrules_engine::EngineError::InvalidRequest { details } => {
            assert_eq!(details[0].path, "document_scope");
            assert!(details[0].message.contains("brief_support"));
        }
        other => panic!("unexpected {other:?}"),
    }
    let error = courtrules_engine::ffi::resolve_rules_json(&profile, br#"{"judge_slug":"nobody"}"#).unwrap_err();
    assert!(matches!(error, courtrules_engine::EngineError::JudgeNotFound { .. }));
}
