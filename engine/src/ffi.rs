//! The JSON-in, JSON-out door to the engine. The wasmtime ABI (`abi`), the JavaScript
//! bindings (`js`), the golden corpus and the benchmarks all go through here, so every
//! caller gets the same answers and the same errors, byte for byte.

use crate::check::check;
use crate::error::EngineError;
use crate::model::{DocumentScope, FieldError, MotionType, Profile, RulesFilter};
use crate::profile_check::validate_profile;
use crate::resolve::resolve_rules;
use crate::validate::{parse_request, validate_rules_query, validate_text};
use serde::Deserialize;

/// Reads and validates a compliance profile.
pub fn parse_profile(bytes: &[u8]) -> Result<Profile, EngineError> {
    let profile: Profile = serde_json::from_slice(bytes).map_err(|error| EngineError::InvalidProfile {
        details: vec![FieldError::new("", format!("not a compliance profile: {error}"))],
    })?;
    let details = validate_profile(&profile);
    if details.is_empty() { Ok(profile) } else { Err(EngineError::InvalidProfile { details }) }
}

/// `check` over JSON: a check request in, a check response out.
pub fn check_json(profile: &Profile, request: &[u8]) -> Result<Vec<u8>, EngineError> {
    let request = parse_request(request).map_err(|details| EngineError::InvalidRequest { details })?;
    let response = check(profile, &request)?;
    Ok(to_json(&response))
}

/// `validate` over JSON: the list of problems (empty when the request is valid).
pub fn validate_json(request: &[u8]) -> Vec<u8> {
    to_json(&validate_text(request))
}

/// `validate_rules_query` over JSON: the problems with a rules query (empty when it is
/// valid), so a caller can answer 400 before it has a profile to resolve against.
pub fn validate_rules_query_json(query: &[u8]) -> Vec<u8> {
    let details = match serde_json::from_slice::<serde_json::Value>(query) {
        Ok(value) => validate_rules_query(&value),
        Err(error) => vec![FieldError::new("", format!("the query is not valid JSON: {error}"))],
    };
    to_json(&details)
}

#[derive(Deserialize)]
struct RulesQuery {
    judge_slug: String,
    #[serde(default)]
    district_id: Option<String>,
    #[serde(default)]
    document_scope: Option<DocumentScope>,
    #[serde(default)]
    motion_type: Option<MotionType>,
}

/// `resolve_rules` over JSON: a query `{judge_slug, district_id?, document_scope?,
/// motion_type?}` in, the layered rules view out.
pub fn resolve_rules_json(profile: &Profile, query: &[u8]) -> Result<Vec<u8>, EngineError> {
    let value: serde_json::Value = serde_json::from_slice(query).map_err(|error| EngineError::InvalidRequest {
        details: vec![FieldError::new("", format!("the query is not valid JSON: {error}"))],
    })?;
    let details = validate_rules_query(&value);
    if !details.is_empty() {
        return Err(EngineError::InvalidRequest { details });
    }
    let query: RulesQuery = serde_json::from_value(value)
        .map_err(|error| EngineError::InvalidRequest { details: vec![FieldError::new("", error.to_string())] })?;
    if let Some(district) = query.district_id
        && district != profile.district.district_id
    {
        return Err(EngineError::DistrictMismatch {
            profile_district: profile.district.district_id.clone(),
            requested_district: district,
        });
    }
    let filter = RulesFilter { document_scope: query.document_scope, motion_type: query.motion_type };
    Ok(to_json(&resolve_rules(profile, &query.judge_slug, &filter)?))
}

#[cfg(feature = "document")]
/// `classify` over JSON: PDF bytes and hints (`ClassifyHints` as JSON; empty input
/// means no hints) in, a `ClassifyOutcome` out — the response body under `response`,
/// plus `scanned_pages` and `unread_pages` for the host's text-recognition round trip.
pub fn classify_json(pdf: &[u8], hints_json: &[u8]) -> Result<Vec<u8>, EngineError> {
    let hints: crate::model::ClassifyHints = if hints_json.iter().all(u8::is_ascii_whitespace) {
        crate::model::ClassifyHints::default()
    } else {
        options_from_json(hints_json, "classify hints")?
    };
    Ok(to_json(&crate::classify::classify(pdf, &hints)?))
}

#[cfg(feature = "document")]
/// Standing-order extraction over JSON: `IngestOptions` as JSON and the document — a
/// PDF when it starts with `%PDF`, UTF-8 text otherwise — in, an `Extraction` out.
pub fn extract_json(options_json: &[u8], document: &[u8]) -> Result<Vec<u8>, EngineError> {
    let options: crate::model::IngestOptions = options_from_json(options_json, "options")?;
    let extraction = if document.starts_with(b"%PDF") {
        crate::ingest::extract_pdf(document, &options)?
    } else {
        let text = std::str::from_utf8(document).map_err(|error| EngineError::InvalidInput {
            message: format!("the document is neither a PDF nor UTF-8 text ({error})"),
        })?;
        crate::ingest::extract_text(text, &options)?
    };
    Ok(to_json(&extraction))
}

#[cfg(feature = "document")]
/// Reads a small object of options (`what` names it in errors). A refusal names the field
/// in `path` (`ocr_pages[0].page`) and carries no position: the npm package writes this
/// JSON from the caller's object, so a line and column would point into text the caller
/// never saw.
fn options_from_json<T: serde::de::DeserializeOwned>(json: &[u8], what: &str) -> Result<T, EngineError> {
    let refused =
        |path: &str, message: String| EngineError::InvalidRequest { details: vec![FieldError::new(path, message)] };
    let mut reader = serde_json::Deserializer::from_slice(json);
    let error = match serde_path_to_error::deserialize::<_, T>(&mut reader) {
        Ok(options) => match reader.end() {
            Ok(()) => return Ok(options),
            Err(error) => return Err(refused("", format!("the {what} are not valid JSON: {error}"))),
        },
        Err(error) => error,
    };
    let at = error.path().to_string();
    let error = error.into_inner();
    if !error.is_data() {
        // Only text the caller wrote can be invalid JSON, so this position is theirs.
        return Err(refused("", format!("the {what} are not valid JSON: {error}")));
    }
    let message = crate::validate::without_position(&error);
    // A missing field is named by serde in backticks, at the path of its object.
    let missing = message.strip_prefix("missing field `").and_then(|rest| rest.split('`').next());
    let path = match (at.as_str(), missing) {
        (".", Some(field)) => field.to_owned(),
        (_, Some(field)) => format!("{at}.{field}"),
        (".", None) => String::new(),
        (_, None) => at,
    };
    let message = match missing {
        Some(_) => "is required".to_owned(),
        None if path.is_empty() => format!("the {what} are not valid: {message}"),
        None => message,
    };
    Err(refused(&path, message))
}

/// Reads and validates a district's time rules.
pub fn parse_time_rules(bytes: &[u8]) -> Result<crate::model::TimeRules, EngineError> {
    let rules: crate::model::TimeRules =
        serde_json::from_slice(bytes).map_err(|error| EngineError::InvalidProfile {
            details: vec![FieldError::new("", format!("not a time-rules document: {error}"))],
        })?;
    let details = crate::deadlines::validate_time_rules(&rules);
    if details.is_empty() { Ok(rules) } else { Err(EngineError::InvalidProfile { details }) }
}

/// The problems of a deadline request (empty when it is valid), so a caller can answer
/// 400 before it has the district's time rules.
pub fn validate_deadline_request_json(request: &[u8]) -> Vec<u8> {
    to_json(&crate::deadlines::parse_deadline_request(request).err().unwrap_or_default())
}

/// `deadlines` over JSON: the district's time rules and a deadline request in, the
/// deadlines with their trails out.
pub fn deadlines_json(rules: &[u8], request: &[u8]) -> Result<Vec<u8>, EngineError> {
    // The request's problems come first, as the server reports them before any lookup.
    let request = deadline_request(request)?;
    let rules = parse_time_rules(rules)?;
    Ok(to_json(&crate::deadlines::deadlines(&rules, &request)?))
}

/// `deadlines_json` against time rules already parsed (with `parse_time_rules`), for
/// callers that compute many deadlines from one district's rules (the drafting app).
pub fn deadlines_with(rules: &crate::model::TimeRules, request: &[u8]) -> Result<Vec<u8>, EngineError> {
    Ok(to_json(&crate::deadlines::deadlines(rules, &deadline_request(request)?)?))
}

fn deadline_request(request: &[u8]) -> Result<crate::model::DeadlineRequest, EngineError> {
    crate::deadlines::parse_deadline_request(request).map_err(|details| EngineError::InvalidRequest { details })
}

/// The engine's output encoding: compact JSON. Serializing our own types cannot fail.
pub fn to_json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    // Most answers are a few kilobytes: start there rather than growing from nothing.
    let mut out = Vec::with_capacity(8 * 1024);
    // (Not `expect`: that would bring serde_json's `Debug` formatting into the browser's
    // module for an error that cannot happen; `Display` is there anyway.)
    if let Err(error) = serde_json::to_writer(&mut out, value) {
        unreachable!("engine types always serialize: {error}");
    }
    out
}

#[cfg(all(test, feature = "document"))]
mod tests {
    use super::*;

    fn refusal(options: &str) -> FieldError {
        match extract_json(options.as_bytes(), b"Letters may not exceed two pages.") {
            Err(EngineError::InvalidRequest { mut details }) if details.len() == 1 => details.remove(0),
            other => panic!("{options}: {other:?}"),
        }
    }

    #[test]
    fn a_refused_option_is_named_without_a_position() {
        let error = refusal(r#"{"title":"T","source_url":5}"#);
        assert_eq!(
            (error.path.as_str(), error.message.as_str()),
            ("source_url", "invalid type: integer `5`, expected a string")
        );
        assert_eq!(refusal(r#"{"title":"T"}"#).message, "is required");
        assert_eq!(refusal(r#"{"title":"T"}"#).path, "source_url");
        assert_eq!(refusal(r#"{"source_url":"https://a.test/","x":1}"#).path, "x");
        // Written by hand over several lines, with keys that hold quotes, colons and braces.
        let error = refusal("{\n  \"source_url\": \"https://a.test/{\\\"a\\\":1}\",\n  \"title\": [\"x\"]\n}");
        assert_eq!(error.path, "title");
        assert!(!error.message.contains("line"), "{}", error.message);
        // Not an object: nothing to name.
        assert_eq!(refusal("5").path, "");
        // Text that is not JSON keeps the position, in the caller's own text.
        assert!(refusal("{\n\"source_url\": ").message.contains("line 2"));
    }

    #[test]
    fn a_refused_classify_hint_is_named() {
        let hints = br#"{"judge_slug":"a","ocr_pages":[{"page":"one","text":"x"}],"district_id":"edny"}"#;
        match classify_json(b"%PDF-1.4", hints) {
            Err(EngineError::InvalidRequest { details }) => assert_eq!(details[0].path, "ocr_pages[0].page"),
            other => panic!("{other:?}"),
        }
    }
}
