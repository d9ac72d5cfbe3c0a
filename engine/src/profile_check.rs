//! `validate_profile`: a compliance profile must follow the profile format before the
//! engine reads it. The JSON Schema in `docs/profile-format.schema.json` states the
//! same constraints for other tools; tests hold the two and the shipped data together.

use crate::checks::CATALOGUE;
use crate::model::{
    AppliesTo, COURT_JUDGE_SLUG, Caption, Category, FieldError, PROFILE_FORMAT_VERSION, Privacy, Profile, ResultStatus,
    Rule, RuleKind, RuleLayer, RuleParams, Sections, SignatureBlock, StandingOrder,
};
use crate::validate::slug_problem;
use std::collections::BTreeSet;

/// Every way the profile departs from the format. Empty when it is sound.
pub fn validate_profile(profile: &Profile) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if profile.format_version != PROFILE_FORMAT_VERSION {
        errors.push(FieldError::new(
            "format_version",
            format!("this engine reads format version {PROFILE_FORMAT_VERSION}, got {}", profile.format_version),
        ));
    }
    require_text(&mut errors, "profile_version", &profile.profile_version);
    if let Some(problem) = slug_problem(&profile.district.district_id) {
        errors.push(FieldError::new("district.district_id", problem));
    }
    require_text(&mut errors, "district.name", &profile.district.name);
    check_layer_header(&mut errors, "national", &profile.national);
    check_layer(&mut errors, "national", &profile.national.rules);
    check_layer_header(&mut errors, "local", &profile.local);
    check_layer(&mut errors, "local", &profile.local.rules);
    let mut slugs = BTreeSet::new();
    for (index, judge) in profile.judges.iter().enumerate() {
        let path = format!("judges[{index}]");
        if let Some(problem) = slug_problem(&judge.slug) {
            errors.push(FieldError::new(format!("{path}.slug"), problem));
        }
        if !slugs.insert(judge.slug.as_str()) {
            errors.push(FieldError::new(format!("{path}.slug"), format!("duplicate judge slug `{}`", judge.slug)));
        }
        if judge.slug == COURT_JUDGE_SLUG {
            errors.push(FieldError::new(
                format!("{path}.slug"),
                format!("`{COURT_JUDGE_SLUG}` is reserved for the court-wide rules and names no judge"),
            ));
        }
        require_text(&mut errors, &format!("{path}.name"), &judge.name);
        if let Some(url) = &judge.profile_url {
            check_url(&mut errors, &format!("{path}.profile_url"), url);
        }
        if let Some(order) = &judge.standing_order {
            require_text(&mut errors, &format!("{path}.standing_order.title"), &order.title);
            check_url(&mut errors, &format!("{path}.standing_order.source_url"), &order.source_url);
            check_date(&mut errors, &format!("{path}.standing_order.effective_date"), order.effective_date.as_deref());
            check_date(&mut errors, &format!("{path}.standing_order.as_of"), order.as_of.as_deref());
            check_layer(&mut errors, &format!("{path}.standing_order"), &order.rules);
        }
    }
    errors
}

/// The constraints on one standing order, on its own (an organisation's layer before it
/// is accepted); paths are relative to the order.
pub fn validate_standing_order(order: &StandingOrder) -> Vec<FieldError> {
    let mut errors = Vec::new();
    require_text(&mut errors, "title", &order.title);
    check_url(&mut errors, "source_url", &order.source_url);
    check_date(&mut errors, "effective_date", order.effective_date.as_deref());
    check_date(&mut errors, "as_of", order.as_of.as_deref());
    check_layer(&mut errors, "", &order.rules);
    for error in &mut errors {
        if let Some(rest) = error.path.strip_prefix('.') {
            error.path = rest.to_string();
        }
    }
    errors
}

fn check_layer_header(errors: &mut Vec<FieldError>, path: &str, layer: &RuleLayer) {
    require_text(errors, &format!("{path}.title"), &layer.title);
    for (field, text) in [("short_title", &layer.short_title), ("scope", &layer.scope)] {
        if let Some(text) = text {
            require_text(errors, &format!("{path}.{field}"), text);
        }
    }
    check_url(errors, &format!("{path}.source_url"), &layer.source_url);
    check_date(errors, &format!("{path}.effective_date"), layer.effective_date.as_deref());
    check_date(errors, &format!("{path}.as_of"), layer.as_of.as_deref());
}

/// A date must be written `YYYY-MM-DD` (a real calendar date), as every date of the data is.
fn check_date(errors: &mut Vec<FieldError>, path: &str, date: Option<&str>) {
    let Some(date) = date else { return };
    if crate::calendar::Date::parse(date).is_none() {
        errors.push(FieldError::new(path, format!("must be a date written YYYY-MM-DD, got `{date}`")));
    }
}

fn check_layer(errors: &mut Vec<FieldError>, layer_path: &str, rules: &[Rule]) {
    let mut keys = BTreeSet::new();
    for (index, rule) in rules.iter().enumerate() {
        let path = || format!("{layer_path}.rules[{index}]");
        if !keys.insert(rule.rule_key.as_str()) {
            errors.push(FieldError::new(
                format!("{}.rule_key", path()),
                format!("duplicate rule key `{}`", rule.rule_key),
            ));
        }
        // Paths are only spelled out when something is wrong: this runs for every rule
        // of every profile the engine reads.
        let mut found = Vec::new();
        check_rule(&mut found, "", rule);
        errors
            .extend(found.into_iter().map(|error| FieldError::new(format!("{}{}", path(), error.path), error.message)));
    }
}

fn check_rule(errors: &mut Vec<FieldError>, path: &str, rule: &Rule) {
    let Some(kind) = rule.kind() else {
        let kinds: Vec<&str> = RuleKind::ALL.iter().map(|kind| kind.as_str()).collect();
        errors.push(FieldError::new(
            format!("{path}.rule_key"),
            format!("must be `<RuleKind>:<name>` with a RuleKind among {}", kinds.join(", ")),
        ));
        return;
    };
    if rule.category == Category::Coverage {
        errors.push(FieldError::new(
            format!("{path}.category"),
            "COVERAGE is the category of the engine's own coverage results, not of a rule",
        ));
    }
    if let Some(category) = kind.category()
        && category != rule.category
    {
        errors.push(FieldError::new(
            format!("{path}.category"),
            format!("a {} rule has category {category}, got {}", kind.as_str(), rule.category),
        ));
    }
    for (field, text) in [
        ("citation", &rule.citation),
        ("label", &rule.label),
        ("summary", &rule.summary),
        ("source_text", &rule.source_text),
    ] {
        if text.trim().is_empty() {
            errors.push(FieldError::new(format!("{path}.{field}"), "must not be empty"));
        }
    }
    check_url(errors, &format!("{path}.source_url"), &rule.source_url);
    if let Some(applies) = &rule.applies_to {
        check_applies_to(errors, &format!("{path}.applies_to"), applies);
    }
    if !rule.params.is_empty() || kind != RuleKind::Reference {
        check_params(errors, &format!("{path}.params"), kind, &rule.params);
    }
}

fn check_applies_to(errors: &mut Vec<FieldError>, path: &str, applies: &AppliesTo) {
    let empty_lists = [
        ("document_scopes", applies.document_scopes.as_ref().is_some_and(Vec::is_empty)),
        ("motion_types", applies.motion_types.as_ref().is_some_and(Vec::is_empty)),
        ("filing_roles", applies.filing_roles.as_ref().is_some_and(Vec::is_empty)),
        ("except_claims_under", applies.except_claims_under.as_ref().is_some_and(Vec::is_empty)),
    ];
    for (field, empty) in empty_lists {
        if empty {
            errors.push(FieldError::new(format!("{path}.{field}"), "must list at least one value, or be left out"));
        }
    }
    if *applies == AppliesTo::default() {
        errors.push(FieldError::new(path, "must state at least one condition, or be left out"));
    }
}

/// Whether a rule of `kind` with `params` would pass the profile's validation (the
/// practices reader proposes only rules that a layer would take).
#[cfg(feature = "document")]
pub(crate) fn params_are_valid(kind: RuleKind, params: &RuleParams) -> bool {
    let mut errors = Vec::new();
    check_params(&mut errors, "params", kind, params);
    errors.is_empty()
}

fn check_params(errors: &mut Vec<FieldError>, path: &str, kind: RuleKind, params: &RuleParams) {
    let present = present_params(params);
    let allowed: &[&str] = CATALOGUE.iter().find(|info| info.kind == kind).map_or(&[], |info| info.params);
    for name in &present {
        if !allowed.contains(name) {
            errors.push(FieldError::new(
                format!("{path}.{name}"),
                format!("a {} rule does not take `{name}`", kind.as_str()),
            ));
        }
    }
    let mut require = |name: &str| {
        if !present.contains(&name) {
            errors.push(FieldError::new(format!("{path}.{name}"), format!("a {} rule needs `{name}`", kind.as_str())));
        }
    };
    match kind {
        RuleKind::PageLimit => require("max_pages"),
        RuleKind::WordLimit => require("max_words"),
        RuleKind::WordCount => require("max_deviation_pct"),
        RuleKind::Caption | RuleKind::Signature | RuleKind::Structure => require("required_fields"),
        RuleKind::Privacy => require("forbidden_fields"),
        RuleKind::Format => {
            let aspects = present.iter().filter(|name| allowed.contains(name)).count();
            if aspects != 1 {
                errors.push(FieldError::new(
                    path,
                    "a Format rule sets exactly one of min_font_pt, min_footnote_font_pt, min_margin_inches, line_spacing",
                ));
            }
        }
        RuleKind::Pmc | RuleKind::FilingGate | RuleKind::Bundling | RuleKind::CourtesyCopy | RuleKind::Reference => {}
    }
    let known_flags: &[&str] = match kind {
        RuleKind::Caption => Caption::FLAGS,
        RuleKind::Signature => SignatureBlock::FLAGS,
        RuleKind::Structure => Sections::FLAGS,
        _ => &[],
    };
    if !params.required_fields.is_empty() {
        check_flag_names(errors, &format!("{path}.required_fields"), &params.required_fields, known_flags);
    }
    if !params.forbidden_fields.is_empty() {
        check_flag_names(errors, &format!("{path}.forbidden_fields"), &params.forbidden_fields, Privacy::FLAGS);
    }
    for (name, value) in
        [("max_pages", params.max_pages), ("max_words", params.max_words), ("min_pages", params.min_pages)]
    {
        if value == Some(0) {
            errors.push(FieldError::new(format!("{path}.{name}"), "must be at least 1"));
        }
    }
    let numbers = [
        ("max_deviation_pct", params.max_deviation_pct),
        ("min_font_pt", params.min_font_pt),
        ("min_footnote_font_pt", params.min_footnote_font_pt),
        ("min_margin_inches", params.min_margin_inches),
    ];
    for (name, value) in numbers {
        if value.is_some_and(|x| !(x.is_finite() && x > 0.0)) {
            errors.push(FieldError::new(format!("{path}.{name}"), "must be a number greater than 0"));
        }
    }
    if params.on_missing == Some(ResultStatus::Pass) {
        errors.push(FieldError::new(format!("{path}.on_missing"), "must be FAIL or ACTION_REQUIRED"));
    }
}

fn check_flag_names(errors: &mut Vec<FieldError>, path: &str, names: &[String], known: &[&str]) {
    for (index, name) in names.iter().enumerate() {
        if !known.contains(&name.as_str()) {
            errors.push(FieldError::new(
                format!("{path}[{index}]"),
                format!("`{name}` is not a flag this rule can read; known flags: {}", known.join(", ")),
            ));
        }
    }
}

/// The names of the parameters a rule sets.
fn present_params(params: &RuleParams) -> Vec<&'static str> {
    let mut names = Vec::new();
    let mut note = |name: &'static str, set: bool| {
        if set {
            names.push(name);
        }
    };
    note("max_pages", params.max_pages.is_some());
    note("max_words", params.max_words.is_some());
    note("max_deviation_pct", params.max_deviation_pct.is_some());
    note("min_font_pt", params.min_font_pt.is_some());
    note("min_footnote_font_pt", params.min_footnote_font_pt.is_some());
    note("min_margin_inches", params.min_margin_inches.is_some());
    note("line_spacing", params.line_spacing.is_some());
    note("required_fields", !params.required_fields.is_empty());
    note("forbidden_fields", !params.forbidden_fields.is_empty());
    note("min_pages", params.min_pages.is_some());
    note("on_missing", params.on_missing.is_some());
    names
}

fn require_text(errors: &mut Vec<FieldError>, path: &str, text: &str) {
    if text.trim().is_empty() {
        errors.push(FieldError::new(path, "must not be empty"));
    }
}

fn check_url(errors: &mut Vec<FieldError>, path: &str, url: &str) {
    if let Some(problem) = crate::model::address_problem(url) {
        errors.push(FieldError::new(path, problem));
    }
}
