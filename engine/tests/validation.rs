//! `validate`: every problem at once, as dotted paths with messages that say what is
//! allowed.

mod support;

use courtrules_engine::model::FieldError;
use courtrules_engine::{parse_request, validate};
use serde_json::json;
use support::request_value;

fn problems(patch: impl FnOnce(&mut serde_json::Value)) -> Vec<FieldError> {
    let mut value = request_value();
    patch(&mut value);
    validate(&value)
}

fn paths(errors: &[FieldError]) -> Vec<&str> {
    errors.iter().map(|e| e.path.as_str()).collect()
}

#[test]
fn a_valid_request_has_no_problems() {
    assert_eq!(problems(|_| {}), vec![]);
    assert!(parse_request(request_value().to_string().as_bytes()).is_ok());
}

#[test]
fn missing_required_fields_are_each_named() {
    let errors = validate(&json!({"document": {}}));
    assert_eq!(
        paths(&errors),
        [
            "judge_slug",
            "district_id",
            "document_scope",
            "is_pro_se",
            "pmc_completed",
            "opposing_party_pro_se",
            "filing_role",
            "document.page_count",
            "document.word_count"
        ]
    );
    assert!(errors.iter().all(|e| e.message == "is required"));
}

#[test]
fn page_count_below_one_and_negative_word_count_are_rejected() {
    let errors = problems(|r| {
        r["document"]["page_count"] = json!(0);
        r["document"]["word_count"] = json!(-5);
    });
    assert_eq!(
        errors,
        [
            FieldError::new("document.page_count", "must be at least 1, got 0"),
            FieldError::new("document.word_count", "must be at least 0, got -5"),
        ]
    );
}

#[test]
fn wrong_types_say_what_was_expected_and_what_came() {
    let errors = problems(|r| {
        r["is_pro_se"] = json!("yes");
        r["document"]["page_count"] = json!(12.5);
        r["document"]["word_count"] = json!("6000");
        r["document"]["format"] = json!({"margin_inches": "one"});
    });
    assert_eq!(
        errors,
        [
            FieldError::new("is_pro_se", "must be true or false, got a string"),
            FieldError::new("document.page_count", "must be an integer, got 12.5"),
            FieldError::new("document.word_count", "must be an integer, got a string"),
            FieldError::new("document.format.margin_inches", "must be a number, got a string"),
        ]
    );
}

#[test]
fn whole_numbers_written_with_a_fraction_are_integers() {
    // JSON Schema (and so the OpenAPI document) reads 12.0 as the integer 12.
    let mut value = request_value();
    value["document"]["page_count"] = json!(12.0);
    value["document"]["word_count"] = json!(4000.0);
    assert_eq!(validate(&value), vec![]);
    let request = parse_request(value.to_string().as_bytes()).expect("12.0 pages is 12 pages");
    assert_eq!((request.document.page_count, request.document.word_count), (12, 4000));
    value["document"]["page_count"] = json!(0.0);
    assert_eq!(paths(&validate(&value)), ["document.page_count"]);
    assert!(parse_request(value.to_string().as_bytes()).is_err());
}

#[test]
fn an_array_is_not_an_object_even_in_field_order() {
    // serde alone would read `[null, null]` as a Format's first two fields.
    let mut value = request_value();
    value["document"]["format"] = json!([null, null]);
    let errors = parse_request(value.to_string().as_bytes()).unwrap_err();
    assert_eq!(paths(&errors), ["document.format"]);
    let fields = ["avery-sample", "edny", "brief_support"];
    let errors = parse_request(json!(fields).to_string().as_bytes()).unwrap_err();
    assert_eq!(paths(&errors), [""]);
    // A bracket inside a string is just text.
    let mut value = request_value();
    value["judge_slug"] = json!("[x]");
    assert_eq!(paths(&parse_request(value.to_string().as_bytes()).unwrap_err()), ["judge_slug"]);
}

#[test]
fn unknown_enum_values_list_the_allowed_values() {
    let errors = problems(|r| {
        r["document_scope"] = json!("brief");
        r["motion_type"] = json!("rule_12");
        r["document"]["format"] = json!({"line_spacing": "triple"});
    });
    assert_eq!(paths(&errors), ["document_scope", "motion_type", "document.format.line_spacing"]);
    assert!(
        errors[0].message.starts_with("`brief` is not an allowed value; allowed values: brief_support, brief_reply,")
    );
    assert!(errors[1].message.contains("Rule_12"));
    assert_eq!(errors[2].message, "`triple` is not an allowed value; allowed values: single, one_and_a_half, double");
}

#[test]
fn unknown_fields_are_named_with_their_path() {
    let errors = problems(|r| {
        r["judge"] = json!("x");
        r["document"]["pages"] = json!(3);
        r["document"]["caption"] = json!({"present": true, "has_seal": true});
    });
    // Known fields first (nested problems included), then the unknown ones at that level.
    assert_eq!(paths(&errors), ["document.caption.has_seal", "document.pages", "judge"]);
    assert!(errors[2].message.starts_with("unknown field; allowed fields here: judge_slug, district_id"));
}

#[test]
fn non_positive_format_numbers_are_rejected() {
    let errors = problems(|r| r["document"]["format"] = json!({"margin_inches": 0, "primary_font_size_pt": -12}));
    assert_eq!(
        errors,
        [
            FieldError::new("document.format.primary_font_size_pt", "must be greater than 0, got -12"),
            FieldError::new("document.format.margin_inches", "must be greater than 0, got 0"),
        ]
    );
}

#[test]
fn null_reads_as_absent_for_optional_fields_but_flags_must_be_booleans() {
    assert_eq!(problems(|r| r["motion_type"] = json!(null)), vec![]);
    assert_eq!(problems(|r| r["document"]["caption"] = json!(null)), vec![]);
    let errors = problems(|r| r["document"]["caption"] = json!({"present": null}));
    assert_eq!(errors, [FieldError::new("document.caption.present", "must be true or false, got null")]);
    let errors = problems(|r| r["is_pro_se"] = json!(null));
    assert_eq!(errors, [FieldError::new("is_pro_se", "is required")]);
}

#[test]
fn slugs_must_be_url_safe() {
    let errors = problems(|r| {
        r["judge_slug"] = json!("Judge Strict");
        r["district_id"] = json!("");
    });
    assert_eq!(
        errors,
        [
            FieldError::new("judge_slug", "must contain only lowercase letters, digits, hyphens and underscores"),
            FieldError::new("district_id", "must not be empty"),
        ]
    );
}

#[test]
fn a_body_that_is_not_an_object_is_one_problem_at_the_root() {
    assert_eq!(validate(&json!([1, 2])), [FieldError::new("", "the request body must be a JSON object, got an array")]);
}

#[test]
fn parse_request_reports_the_same_problems_as_validate() {
    let mut value = request_value();
    value["document"]["page_count"] = json!(0);
    value["colour"] = json!("blue");
    let from_parse = parse_request(value.to_string().as_bytes()).unwrap_err();
    assert_eq!(from_parse, validate(&value));
    let not_json = parse_request(b"{\"judge_slug\": ").unwrap_err();
    assert_eq!(not_json.len(), 1);
    assert!(not_json[0].message.starts_with("the request body is not valid JSON"));
}

#[test]
fn integers_beyond_u32_are_rejected_not_wrapped() {
    let errors = problems(|r| r["document"]["word_count"] = json!(5_000_000_000u64));
    assert_eq!(errors, [FieldError::new("document.word_count", "must be at most 4294967295, got 5000000000")]);
    // Past u64 and past any integer type, written out or as an exponent: still out of
    // range, said with the number as written (not saturated, not "must be an integer").
    let parsed = |text: &str| validate(&serde_json::from_str::<serde_json::Value>(text).unwrap());
    let mut value = request_value();
    value["document"]["word_count"] = json!("WORDS");
    let template = value.to_string();
    for (written, message) in [
        ("18446744073709551616", "must be at most 4294967295, got 1.8446744073709552e+19"),
        ("1e20", "must be at most 4294967295, got 1e+20"),
        ("-1e20", "must be at least 0, got -1e+20"),
        ("-100000000000000000000", "must be at least 0, got -1e+20"),
    ] {
        let errors = parsed(&template.replace("\"WORDS\"", written));
        assert_eq!(errors, [FieldError::new("document.word_count", message)], "{written}");
    }
}

#[test]
fn a_key_given_twice_is_named_not_silently_resolved() {
    // A parse keeps one of the two values, and which one depends on the parser.
    let text = request_value().to_string();
    let twice = text.replacen("\"district_id\":", "\"district_id\":\"sdny\",\"district_id\":", 1);
    let errors = parse_request(twice.as_bytes()).unwrap_err();
    assert_eq!(errors, [FieldError::new("district_id", "appears more than once; give each field once")]);
    let nested = text.replacen("\"page_count\":", "\"page_count\":3,\"page_count\":", 1);
    assert_eq!(paths(&parse_request(nested.as_bytes()).unwrap_err()), ["document.page_count"]);
    let validated: Vec<FieldError> =
        serde_json::from_slice(&courtrules_engine::ffi::validate_json(twice.as_bytes())).unwrap();
    assert_eq!(paths(&validated), ["district_id"]);
}

#[test]
fn a_flood_of_problems_lists_fifty_and_counts_the_rest() {
    let mut value = request_value();
    for i in 0..80_000 {
        value[format!("unknown_{i:05}")] = json!(1);
    }
    let errors = parse_request(value.to_string().as_bytes()).unwrap_err();
    assert_eq!(errors.len(), courtrules_engine::validate::MAX_LISTED + 1);
    assert_eq!(errors[0].path, "unknown_00000");
    assert_eq!(errors.last().unwrap(), &FieldError::new("", "… and 79950 more problems not listed"));
    let summary = courtrules_engine::EngineError::InvalidRequest { details: errors }.message();
    assert_eq!(summary, "the request is invalid (80000 problems; the first 50 are listed)");
    let one = courtrules_engine::EngineError::InvalidRequest { details: problems(|r| r["colour"] = json!(1)) };
    assert_eq!(one.message(), "the request is invalid (1 problem)");
}
