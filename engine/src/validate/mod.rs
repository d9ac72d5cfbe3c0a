//! Request validation: every problem at once, each as a dotted path and a message.
//!
//! The same code answers the server's 400 bodies and the browser's inline errors, so
//! both reject the same inputs with the same words. Validation walks the JSON value
//! against a field table that mirrors `model::request`; a request that passes it
//! deserializes into `CheckRequest`.

mod duplicate_keys;
mod limit;

pub use duplicate_keys::duplicate_keys;
pub use limit::{MAX_LISTED, count, limit, summary};

use crate::model::{CheckRequest, ClaimStatute, DocumentScope, FieldError, FilingRole, LineSpacing, MotionType};
use serde::de::Error as _;
use serde_json::{Map, Value};

/// What a field holds.
enum Kind {
    /// A non-empty identifier of lowercase letters, digits, `-` and `_`.
    Slug,
    Bool,
    /// A whole number between `min` and `u32::MAX`.
    Integer {
        min: u64,
    },
    /// A number greater than zero.
    PositiveNumber,
    Enum(&'static [&'static str]),
    /// A list of values of an enumeration.
    EnumList(&'static [&'static str]),
    Object(&'static [Field]),
}

struct Field {
    name: &'static str,
    kind: Kind,
    required: bool,
    /// Whether `null` reads as "absent" (true for the fields that are `Option`s in the
    /// model; a flag inside a sub-object must be true or false if it is given).
    nullable: bool,
}

const fn required(name: &'static str, kind: Kind) -> Field {
    Field { name, kind, required: true, nullable: false }
}

const fn optional(name: &'static str, kind: Kind) -> Field {
    Field { name, kind, required: false, nullable: true }
}

/// An optional boolean flag of a document sub-object.
const fn flag(name: &'static str) -> Field {
    Field { name, kind: Kind::Bool, required: false, nullable: false }
}

const CAPTION: &[Field] = &[
    flag("present"),
    flag("has_court_name"),
    flag("has_case_title"),
    flag("has_docket_number"),
    flag("has_document_designation"),
];

const SIGNATURE_BLOCK: &[Field] = &[
    flag("present"),
    flag("has_attorney_name"),
    flag("has_firm_name"),
    flag("has_address"),
    flag("has_email"),
    flag("has_phone"),
    flag("is_electronic_signature"),
];

const SECTIONS: &[Field] = &[
    flag("has_toc"),
    flag("has_toa"),
    flag("has_certificate_of_compliance"),
    flag("has_certificate_of_service"),
    flag("has_numbered_paragraphs"),
    flag("has_56_1_statement"),
    flag("has_56_1_counterstatement"),
    flag("has_proposed_amended_pleading"),
    flag("has_verbatim_discovery_text"),
    flag("has_conferral_certification"),
    flag("has_notice_of_motion"),
    flag("has_memorandum_of_law"),
    flag("has_supporting_affidavits"),
    flag("has_pro_se_sj_notice"),
    optional("certificate_word_count", Kind::Integer { min: 0 }),
];

const FORMAT: &[Field] = &[
    optional("primary_font_size_pt", Kind::PositiveNumber),
    optional("footnote_font_size_pt", Kind::PositiveNumber),
    optional("margin_inches", Kind::PositiveNumber),
    optional("line_spacing", Kind::Enum(LineSpacing::NAMES)),
];

const PRIVACY: &[Field] = &[
    flag("contains_full_ssn"),
    flag("contains_full_dob"),
    flag("contains_minor_full_name"),
    flag("contains_full_financial_account"),
];

const DOCUMENT: &[Field] = &[
    required("page_count", Kind::Integer { min: 1 }),
    required("word_count", Kind::Integer { min: 0 }),
    flag("handwritten_or_typewritten"),
    optional("caption", Kind::Object(CAPTION)),
    optional("signature_block", Kind::Object(SIGNATURE_BLOCK)),
    optional("sections", Kind::Object(SECTIONS)),
    optional("format", Kind::Object(FORMAT)),
    optional("privacy", Kind::Object(PRIVACY)),
];

const CHECK_REQUEST: &[Field] = &[
    required("judge_slug", Kind::Slug),
    required("district_id", Kind::Slug),
    required("document_scope", Kind::Enum(DocumentScope::NAMES)),
    optional("motion_type", Kind::Enum(MotionType::NAMES)),
    required("is_pro_se", Kind::Bool),
    required("pmc_completed", Kind::Bool),
    required("opposing_party_pro_se", Kind::Bool),
    required("filing_role", Kind::Enum(FilingRole::NAMES)),
    optional("claims_under", Kind::EnumList(ClaimStatute::NAMES)),
    required("document", Kind::Object(DOCUMENT)),
];

/// The path of the request body itself, for problems that concern all of it.
pub const ROOT_PATH: &str = "";

/// Every problem with a check request, in field order (unknown fields after the known
/// ones, alphabetically), at most `MAX_LISTED` of them (`limit`). Empty when the request
/// is valid.
pub fn validate(request: &Value) -> Vec<FieldError> {
    limit(every_problem(request))
}

/// `validate` before `limit`, for callers that add problems of their own first.
fn every_problem(request: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    match request {
        Value::Object(object) => walk(object, CHECK_REQUEST, "", &mut errors),
        other => errors.push(FieldError::new(
            ROOT_PATH,
            format!("the request body must be a JSON object, got {}", describe(other)),
        )),
    }
    errors
}

/// `validate` over JSON text: repeated keys (which a parse would silently resolve), then
/// the value's problems; or the reason the text is not JSON.
pub fn validate_text(bytes: &[u8]) -> Vec<FieldError> {
    let value: Value = match serde_json::from_slice(bytes) {
        Ok(value) => value,
        Err(error) => {
            return vec![FieldError::new(ROOT_PATH, format!("the request body is not valid JSON: {error}"))];
        }
    };
    let mut errors = duplicate_keys(bytes);
    errors.extend(every_problem(&value));
    limit(errors)
}

/// Parses and validates a check request from JSON bytes.
///
/// Valid requests take the fast path (one typed parse); only an invalid request pays for
/// the full walk that names every problem.
pub fn parse_request(bytes: &[u8]) -> Result<CheckRequest, Vec<FieldError>> {
    // serde reads a JSON array as a struct's fields in order, so a body holding an array
    // goes the walk's way, which names an array where an object belongs. (The one array
    // field, `claims_under`, is rare enough that its requests may take the walk too.)
    let typed_error = match (!has_array(bytes)).then(|| serde_json::from_slice::<CheckRequest>(bytes)) {
        Some(Ok(request)) if semantic_errors_absent(&request) => return Ok(request),
        Some(Err(error)) => Some(error),
        _ => None,
    };
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|error| vec![FieldError::new(ROOT_PATH, format!("the request body is not valid JSON: {error}"))])?;
    let mut errors = duplicate_keys(bytes);
    errors.extend(every_problem(&value));
    let errors = limit(errors);
    if errors.is_empty() {
        // The walk reads `12.0` as the integer 12 (as JSON Schema, and so the OpenAPI
        // document, does); serde's typed parse wants it written `12`. A request the fast
        // path skipped (it holds an array) is parsed here for the first time.
        let mut normalized = value.clone();
        let renumbered = integral_numbers_as_integers(&mut normalized);
        if (renumbered || typed_error.is_none())
            && let Ok(request) = read_typed(&normalized)
            && semantic_errors_absent(&request)
        {
            return Ok(request);
        }
    }
    Err(errors_or_fallback(errors, || typed_error.or_else(|| read_typed(&value).err())))
}

/// The typed parse of a request the walk has read as a value. Through its JSON text,
/// with the same parser as the fast path: reading the value itself would bring a second
/// copy of every request type's parser (serde_json's `Value` deserializer) into the
/// browser's check module, ~14 KB. The error, when there is one, is about the value, so
/// it carries no position in text the caller never wrote.
fn read_typed(value: &Value) -> Result<CheckRequest, serde_json::Error> {
    serde_json::from_slice(&crate::ffi::to_json(value))
        .map_err(|error| serde_json::Error::custom(without_position(&error)))
}

/// serde_json's message without the line and column it appends: for text the caller did
/// not write, where a position would point nowhere they can look.
pub(crate) fn without_position(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    match message.strip_suffix(&position) {
        Some(bare) => bare.to_owned(),
        None => message,
    }
}

/// Whether JSON text holds an array (a `[` outside strings).
fn has_array(bytes: &[u8]) -> bool {
    let (mut in_string, mut escaped) = (false, false);
    for &byte in bytes {
        match (in_string, escaped, byte) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (false, _, b'"') => in_string = true,
            (false, _, b'[') => return true,
            _ => {}
        }
    }
    false
}

/// Rewrites every number written with a zero fraction (`12.0`) as an integer; true when
/// there was one. Harmless for the fields that take any number: they read integers too.
pub(crate) fn integral_numbers_as_integers(value: &mut Value) -> bool {
    match value {
        Value::Number(number) if !number.is_i64() && !number.is_u64() => {
            match number.as_f64().filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x <= u64::MAX as f64) {
                Some(x) => {
                    *number = serde_json::Number::from(x as u64);
                    true
                }
                None => false,
            }
        }
        Value::Array(items) => {
            items.iter_mut().fold(false, |changed, item| integral_numbers_as_integers(item) | changed)
        }
        Value::Object(object) => {
            object.values_mut().fold(false, |changed, item| integral_numbers_as_integers(item) | changed)
        }
        _ => false,
    }
}

/// The checks the typed parse cannot express (it already enforces types, enums and
/// unknown fields).
fn semantic_errors_absent(request: &CheckRequest) -> bool {
    request.document.page_count >= 1
        && slug_problem(&request.judge_slug).is_none()
        && slug_problem(&request.district_id).is_none()
        && request.document.format.as_ref().is_none_or(|format| {
            [format.primary_font_size_pt, format.footnote_font_size_pt, format.margin_inches]
                .into_iter()
                .flatten()
                .all(|value| value > 0.0 && value.is_finite())
        })
}

/// The walk and the typed parse must agree; if the walk found nothing but the typed
/// parse failed anyway (e.g. a duplicate key), report the parser's own words.
fn errors_or_fallback(
    errors: Vec<FieldError>,
    typed_error: impl FnOnce() -> Option<serde_json::Error>,
) -> Vec<FieldError> {
    if !errors.is_empty() {
        return errors;
    }
    match typed_error() {
        Some(error) => vec![FieldError::new(ROOT_PATH, error.to_string())],
        None => vec![FieldError::new(ROOT_PATH, "the request could not be read")],
    }
}

fn walk(object: &Map<String, Value>, fields: &[Field], prefix: &str, errors: &mut Vec<FieldError>) {
    for field in fields {
        let path = join(prefix, field.name);
        match object.get(field.name) {
            None | Some(Value::Null) if field.required => errors.push(FieldError::new(path, "is required")),
            None => {}
            Some(Value::Null) if field.nullable => {}
            Some(value) => check_value(value, &field.kind, &path, errors),
        }
    }
    let mut unknown: Vec<&String> =
        object.keys().filter(|key| !fields.iter().any(|field| field.name == key.as_str())).collect();
    if unknown.is_empty() {
        return;
    }
    crate::sort::sort_by(&mut unknown, |a, b| a.cmp(b));
    let allowed: Vec<&str> = fields.iter().map(|field| field.name).collect();
    let message = format!("unknown field; allowed fields here: {}", allowed.join(", "));
    for key in unknown {
        errors.push(FieldError::new(join(prefix, key), message.clone()));
    }
}

fn check_value(value: &Value, kind: &Kind, path: &str, errors: &mut Vec<FieldError>) {
    let problem = match (kind, value) {
        (Kind::Slug, Value::String(text)) => slug_problem(text).map(str::to_owned),
        (Kind::Slug, other) => Some(format!("must be a string, got {}", describe(other))),
        (Kind::Bool, Value::Bool(_)) => None,
        (Kind::Bool, other) => Some(format!("must be true or false, got {}", describe(other))),
        (Kind::Integer { min }, Value::Number(number)) => integer_problem(number, *min),
        (Kind::Integer { .. }, other) => Some(format!("must be an integer, got {}", describe(other))),
        (Kind::PositiveNumber, Value::Number(number)) => match number.as_f64() {
            Some(x) if x > 0.0 && x.is_finite() => None,
            _ => Some(format!("must be greater than 0, got {number}")),
        },
        (Kind::PositiveNumber, other) => Some(format!("must be a number, got {}", describe(other))),
        (Kind::Enum(allowed), Value::String(text)) if allowed.contains(&text.as_str()) => None,
        (Kind::Enum(allowed), Value::String(text)) => {
            Some(format!("`{text}` is not an allowed value; allowed values: {}", allowed.join(", ")))
        }
        (Kind::Enum(allowed), other) => Some(format!("must be one of {}, got {}", allowed.join(", "), describe(other))),
        (Kind::EnumList(allowed), Value::Array(items)) => {
            for (index, item) in items.iter().enumerate() {
                check_value(item, &Kind::Enum(allowed), &format!("{path}[{index}]"), errors);
            }
            None
        }
        (Kind::EnumList(allowed), other) => {
            Some(format!("must be a list of values among {}, got {}", allowed.join(", "), describe(other)))
        }
        (Kind::Object(fields), Value::Object(object)) => {
            walk(object, fields, path, errors);
            None
        }
        (Kind::Object(_), other) => Some(format!("must be an object, got {}", describe(other))),
    };
    if let Some(message) = problem {
        errors.push(FieldError::new(path, message));
    }
}

fn integer_problem(number: &serde_json::Number, min: u64) -> Option<String> {
    // A whole number written with a fraction (`12.0`) is still that integer.
    let whole = number.as_f64().filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x <= u64::MAX as f64).map(|x| x as u64);
    if let Some(value) = number.as_u64().or(whole) {
        if value < min {
            return Some(format!("must be at least {min}, got {value}"));
        }
        if value > u64::from(u32::MAX) {
            // As written: `value` saturates for numbers past u64's range.
            return Some(format!("must be at most {}, got {number}", u32::MAX));
        }
        return None;
    }
    if number.as_i64().is_some() {
        return Some(format!("must be at least {min}, got {number}"));
    }
    // A whole number too large for any integer type (`1e20`, or 100000000000000000000
    // written out) is out of range, not a fraction.
    match number.as_f64() {
        Some(x) if x.fract() == 0.0 && x > 0.0 => Some(format!("must be at most {}, got {number}", u32::MAX)),
        Some(x) if x.fract() == 0.0 && x < 0.0 => Some(format!("must be at least {min}, got {number}")),
        _ => Some(format!("must be an integer, got {number}")),
    }
}

/// Why a string is not a usable slug, if it is not.
pub fn slug_problem(text: &str) -> Option<&'static str> {
    if text.is_empty() {
        return Some("must not be empty");
    }
    if text.len() > 120 {
        return Some("must be at most 120 characters");
    }
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if !text.chars().all(allowed) {
        return Some("must contain only lowercase letters, digits, hyphens and underscores");
    }
    None
}

/// `prefix.name`, or `name` at the top.
pub(crate) fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() { name.to_owned() } else { format!("{prefix}.{name}") }
}

/// A JSON value's type, as validation messages name it ("a string", "an array").
pub fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

const RULES_QUERY: &[Field] = &[
    required("judge_slug", Kind::Slug),
    optional("district_id", Kind::Slug),
    optional("document_scope", Kind::Enum(DocumentScope::NAMES)),
    optional("motion_type", Kind::Enum(MotionType::NAMES)),
];

/// Every problem with a rules query (`judge_slug`, optional `district_id`,
/// `document_scope`, `motion_type`), with the query parameter names as paths.
pub fn validate_rules_query(query: &Value) -> Vec<FieldError> {
    let mut errors = Vec::new();
    match query {
        Value::Object(object) => walk(object, RULES_QUERY, "", &mut errors),
        other => {
            errors.push(FieldError::new(ROOT_PATH, format!("the query must be a JSON object, got {}", describe(other))))
        }
    }
    limit(errors)
}
