//! What both transports answer to a message they cannot hand to the tool server: the
//! JSON-RPC 2.0 error for it, carrying the message's id when it can be read and `null`
//! when it cannot (JSON-RPC 2.0, section 5: never no `id` at all).

use crate::http::extract::UTF8_BOM;
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use serde_json::Value;

/// A JSON-RPC error answer, with the suggestion and the page describing it as `data`.
pub(super) fn error_answer(code: i64, id: Value, message: String, suggestion: &str, docs_url: String) -> Value {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message, "data": {"suggestion": suggestion, "docs_url": docs_url}},
    })
}

/// `(code, id, message)` of the JSON-RPC error for a message that could not be read:
/// `-32700` when it is not JSON serde_json reads (nested too deep, a number out of
/// range, more after the message, …: the id then found without reading the whole,
/// `top_level_id`), `-32600` when it is no
/// JSON-RPC 2.0 message, `-32602` when it is a request whose params do not fit its
/// method.
pub(super) fn classify_message(body: &[u8]) -> (i64, Value, String) {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(_) if body.iter().all(u8::is_ascii_whitespace) => {
            return (-32700, Value::Null, "Parse error: the body is empty; it must be a JSON-RPC message".into());
        }
        // Whatever stops the reading, the id is looked for without reading the whole.
        Err(error) => return (-32700, top_level_id(body).unwrap_or(Value::Null), parse_error(&error)),
    };
    let Value::Object(object) = &value else {
        let invalid = |message: &str| (-32600, Value::Null, format!("Invalid Request: {message}"));
        return match value {
            Value::Array(_) => invalid("a batch (a JSON array) is not accepted: send one message at a time"),
            _ => invalid("a JSON-RPC message is a JSON object"),
        };
    };
    let id = object.get("id").filter(|id| is_id(id)).cloned();
    let invalid = |message: &str| (-32600, id.clone().unwrap_or(Value::Null), format!("Invalid Request: {message}"));
    if object.get("jsonrpc") != Some(&Value::from("2.0")) {
        return invalid("`jsonrpc` must be \"2.0\"");
    }
    match object.get("method") {
        Some(Value::String(method)) => {
            // The message names a method but does not fit it.
            let reason = rmcp_reason(body);
            match &id {
                Some(id) => (-32602, id.clone(), format!("Invalid params for `{method}`: {reason}")),
                None if object.contains_key("id") => invalid("`id` must be a string or an integer"),
                None => invalid(&format!("not a notification this server reads (`{method}`): {reason}")),
            }
        }
        Some(_) => invalid("`method` must be a string"),
        None if object.contains_key("result") || object.contains_key("error") => {
            invalid(&format!("not a response this server reads: {}", rmcp_reason(body)))
        }
        None => invalid("a request or notification needs a `method`"),
    }
}

/// The message of the `-32700` for JSON serde_json cannot read, naming the cases a
/// client may not expect to be refused.
fn parse_error(error: &serde_json::Error) -> String {
    let said = error.to_string();
    if is_too_deep(error) {
        format!("Parse error: the message is nested deeper than the {MAX_DEPTH} levels this server reads")
    } else if said.starts_with("trailing characters") {
        format!(
            "Parse error: more follows the message ({said}): send one JSON-RPC message at a time (over stdio, one \
             a line)"
        )
    } else if said.starts_with("number out of range") {
        format!("Parse error: a number in the message is too large to read ({said}): numbers must fit a 64-bit float")
    } else {
        format!("Parse error: the message is not JSON: {said}")
    }
}

/// How deep serde_json reads nested arrays and objects; one level more is an error.
const MAX_DEPTH: usize = 127;

/// Whether reading JSON failed only because it is nested deeper than serde_json goes:
/// such a text may well be JSON, and its id can still be read (`top_level_id`).
fn is_too_deep(error: &serde_json::Error) -> bool {
    error.to_string().starts_with("recursion limit exceeded")
}

/// The ids JSON-RPC requests carry: a string or an integer.
fn is_id(id: &Value) -> bool {
    id.is_string() || id.is_i64() || id.is_u64()
}

/// The `id` member of the JSON object `text` starts with, found without reading the
/// object whole: for a message nested too deep to read, or cut off at the line limit
/// (it is found only if it comes before the cut).
pub(super) fn top_level_id(text: &[u8]) -> Option<Value> {
    let text = text.strip_prefix(UTF8_BOM).unwrap_or(text);
    let mut at = skip_space(text, 0);
    if text.get(at) != Some(&b'{') {
        return None;
    }
    at += 1;
    loop {
        let key_start = skip_space(text, at);
        let key_end = end_of_string(text, key_start)?;
        let key: String = serde_json::from_slice(&text[key_start..key_end]).ok()?;
        at = skip_space(text, key_end);
        if text.get(at) != Some(&b':') {
            return None;
        }
        let value_start = skip_space(text, at + 1);
        let value_end = end_of_value(text, value_start)?;
        if key == "id" {
            let id: Value = serde_json::from_slice(&text[value_start..value_end]).ok()?;
            return is_id(&id).then_some(id);
        }
        at = skip_space(text, value_end);
        if text.get(at) != Some(&b',') {
            return None;
        }
        at += 1;
    }
}

/// The JSON objects `text` holds one after another (`{…}{…}`: several messages on one
/// line), each found by counting brackets, as `top_level_id` reads.
pub(super) fn objects_in(text: &[u8]) -> Vec<&[u8]> {
    let mut objects = Vec::new();
    let mut at = skip_space(text, 0);
    while text.get(at) == Some(&b'{') {
        let Some(end) = end_of_value(text, at) else { break };
        objects.push(&text[at..end]);
        at = skip_space(text, end);
    }
    objects
}

fn skip_space(text: &[u8], at: usize) -> usize {
    at + text.get(at..).unwrap_or_default().iter().take_while(|byte| byte.is_ascii_whitespace()).count()
}

/// Where the string starting at `at` ends (just after its closing quote).
fn end_of_string(text: &[u8], at: usize) -> Option<usize> {
    if text.get(at) != Some(&b'"') {
        return None;
    }
    let mut at = at + 1;
    loop {
        match text.get(at)? {
            b'\\' => at += 2,
            b'"' => return Some(at + 1),
            _ => at += 1,
        }
    }
}

/// Where the value starting at `at` ends: arrays and objects are skipped by counting
/// brackets, not by recursion, so any depth is skipped.
fn end_of_value(text: &[u8], at: usize) -> Option<usize> {
    match text.get(at)? {
        b'"' => end_of_string(text, at),
        b'[' | b'{' => {
            let mut depth = 0usize;
            let mut at = at;
            loop {
                match text.get(at)? {
                    b'"' => at = end_of_string(text, at)?,
                    b'[' | b'{' => (depth, at) = (depth + 1, at + 1),
                    b']' | b'}' if depth == 1 => return Some(at + 1),
                    b']' | b'}' => (depth, at) = (depth - 1, at + 1),
                    _ => at += 1,
                }
            }
        }
        _ => {
            let length = text[at..]
                .iter()
                .take_while(|byte| !matches!(byte, b',' | b'}' | b']') && !byte.is_ascii_whitespace())
                .count();
            (length > 0).then_some(at + length)
        }
    }
}

/// Why rmcp cannot read `body` as a client message, in serde's words: for a method of
/// MCP read as a custom request, why its params do not fit the method's.
fn rmcp_reason(body: &[u8]) -> String {
    use rmcp::model::{CallToolRequestParams, InitializeRequestParams};
    let params = |body: &[u8]| {
        serde_json::from_slice::<Value>(body)
            .ok()
            .and_then(|message| message.get("params").cloned())
            .unwrap_or(Value::Null)
    };
    match serde_json::from_slice::<ClientJsonRpcMessage>(body) {
        Ok(message) => match misfit_method(&message) {
            Some("tools/call") => serde_json::from_value::<CallToolRequestParams>(params(body))
                .err()
                .map_or_else(|| "the params do not fit the method".into(), |error| error.to_string()),
            Some("initialize") => serde_json::from_value::<InitializeRequestParams>(params(body))
                .err()
                .map_or_else(|| "the params do not fit the method".into(), |error| error.to_string()),
            Some(_) => "the params do not fit the method".into(),
            None => "not accepted by the transport".into(),
        },
        Err(error) => error.to_string(),
    }
}

/// The methods of MCP a client sends, which rmcp reads into their own types; a request
/// naming one that rmcp reads as a custom request has params that do not fit it.
const MCP_METHODS: &[&str] = &[
    "initialize",
    "ping",
    "tools/call",
    "tools/list",
    "prompts/get",
    "prompts/list",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "resources/subscribe",
    "resources/unsubscribe",
    "completion/complete",
    "logging/setLevel",
];

/// The method of `message` when rmcp read it as a custom request although it names a
/// method of MCP: its params do not fit the method. rmcp would answer "method not
/// found" (or, over HTTP, ask `initialize` for a session); it is the invalid params it is.
pub(super) fn misfit_method(message: &ClientJsonRpcMessage) -> Option<&str> {
    match message {
        JsonRpcMessage::Request(request) => match &request.request {
            ClientRequest::CustomRequest(custom) if MCP_METHODS.contains(&custom.method.as_str()) => {
                Some(custom.method.as_str())
            }
            _ => None,
        },
        _ => None,
    }
}

/// Whether `body` is a request for a method of MCP whose params do not fit it.
pub(super) fn misfits_its_method(body: &[u8]) -> bool {
    serde_json::from_slice::<ClientJsonRpcMessage>(body).is_ok_and(|message| misfit_method(&message).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bodies_that_are_no_message_get_their_own_json_rpc_error() {
        let code = |body: &str| classify_message(body.as_bytes()).0;
        assert_eq!(code(""), -32700);
        assert_eq!(code("hello"), -32700);
        assert_eq!(code("{\"a\":1}"), -32600);
        assert_eq!(code("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]"), -32600);
        assert_eq!(code("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/list\"}"), -32600);
        assert_eq!(code("{\"jsonrpc\":\"2.0\",\"id\":3}"), -32600);
        let (code, id, _) = classify_message(b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{}}");
        assert_eq!((code, id), (-32602, json!(3)));
        // Such a request is read by rmcp as a custom request: answered here, not by rmcp.
        for params in [r#"{}"#, r#"{"name":5}"#, r#"{"name":"list_courts","arguments":"edny"}"#] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{params}}}"#);
            assert!(misfits_its_method(body.as_bytes()), "{body}");
            let (code, _, message) = classify_message(body.as_bytes());
            assert_eq!(code, -32602, "{body}");
            assert!(message.starts_with("Invalid params for `tools/call`: "), "{message}");
        }
        assert!(misfits_its_method(br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":1}}"#));
        let fits = br#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"list_courts"}}"#;
        assert!(!misfits_its_method(fits));
        assert!(!misfits_its_method(br#"{"jsonrpc":"2.0","id":4,"method":"vendor/thing","params":{}}"#));
    }

    /// JSON-RPC 2.0: the error carries the request's id when it can be read, else null.
    #[test]
    fn errors_carry_the_id_when_it_can_be_read() {
        let id = |body: &str| classify_message(body.as_bytes()).1;
        assert_eq!(id(r#"{"jsonrpc":"1.0","id":1,"method":"tools/list"}"#), json!(1));
        assert_eq!(id(r#"{"jsonrpc":"2.0","id":"a"}"#), json!("a"));
        assert_eq!(id(r#"{"jsonrpc":"2.0","id":"b","method":5}"#), json!("b"));
        for unreadable in [
            r#"{"a":1}"#,
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            r#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
            "5",
            "not json",
        ] {
            assert_eq!(id(unreadable), Value::Null, "{unreadable}");
        }
    }

    #[test]
    fn a_message_nested_too_deep_is_a_parse_error_with_its_id() {
        let nested = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        // serde_json's limit, as the error message states it.
        assert!(serde_json::from_str::<Value>(&nested(MAX_DEPTH)).is_ok());
        assert!(is_too_deep(&serde_json::from_str::<Value>(&nested(MAX_DEPTH + 1)).unwrap_err()));
        let deep = nested(200);
        let first = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{deep}}}"#);
        let (code, id, message) = classify_message(first.as_bytes());
        assert_eq!((code, id), (-32700, json!(1)));
        assert!(message.contains("nested deeper than the 127 levels"), "{message}");
        let last =
            format!(r#"{{"jsonrpc":"2.0","method":"ping","params":{{"a":[{deep},"]}}\"",{{}}]}}, "id" : "x\"y"}}"#);
        assert_eq!(classify_message(last.as_bytes()).1, json!("x\"y"));
        assert_eq!(classify_message(deep.as_bytes()).1, Value::Null);
    }

    /// Whatever stops serde_json, the error carries the id a scan finds (JSON-RPC 2.0:
    /// the id when it can be read), and says what stopped the reading.
    #[test]
    fn a_message_the_json_reader_cannot_read_is_a_parse_error_with_its_id() {
        for (body, id, said) in [
            (
                r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_holidays","arguments":{"year":1e400}}}"#,
                json!(9),
                "a number in the message is too large to read (number out of range at line 1 column ",
            ),
            (
                r#"{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"year":-1e400}},"id":"last"}"#,
                json!("last"),
                "number out of range",
            ),
            (
                r#"{"jsonrpc":"2.0","id":4,"method":"ping"}{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
                json!(4),
                "more follows the message (trailing characters at line 1 column 41): send one JSON-RPC message at a time",
            ),
            (r#"{"jsonrpc":"2.0","id":6,"method":"ping""#, json!(6), "the message is not JSON: EOF while parsing"),
            (r#"{"jsonrpc":"2.0","id":7,"method":"ping","params":{'x':1}}"#, json!(7), "the message is not JSON"),
            (r#"{"jsonrpc":"2.0","id":7.5,"method":"ping","params":1e400}"#, Value::Null, "number out of range"),
            ("hello", Value::Null, "the message is not JSON: expected value at line 1 column 1"),
        ] {
            let (code, found, message) = classify_message(body.as_bytes());
            assert_eq!((code, &found), (-32700, &id), "{body}");
            assert!(message.starts_with("Parse error: ") && message.contains(said), "{body}: {message}");
        }
    }

    #[test]
    fn the_messages_of_a_line_are_found_one_after_another() {
        let line = br#" {"id":4,"a":"}{"} {"id":[{}]}{"b":1"#;
        let found: Vec<&[u8]> = vec![br#"{"id":4,"a":"}{"}"#, br#"{"id":[{}]}"#];
        assert_eq!(objects_in(line), found);
        assert_eq!(objects_in(b"{\"id\":1}").len(), 1);
        assert!(objects_in(b"[{}]").is_empty() && objects_in(b"hello").is_empty());
    }

    #[test]
    fn the_id_is_read_from_the_start_of_a_message_cut_off() {
        let message =
            r#" {"jsonrpc" : "2.0", "n": -1.5e3, "t": true, "id": 42, "method":"tools/call","params":{"x":"AAAA"#;
        assert_eq!(top_level_id(message.as_bytes()), Some(json!(42)));
        assert_eq!(top_level_id(br#"{"jsonrpc":"2.0","method":"tools/call","params":{"x":"AAAA"#), None);
        assert_eq!(top_level_id(br#"{"params":{"id":1},"id":null}"#), None);
        assert_eq!(top_level_id(br#"{"id":"#), None);
        assert_eq!(top_level_id(b"[1]"), None);
        assert_eq!(top_level_id(b""), None);
    }
}
