//! The MCP tool server: the service's answers as Model Context Protocol tools, for AI
//! assistants. One more adapter over the service layer (`crate::service`), beside the
//! HTTP handlers and the CLI: every tool calls the same service function the REST
//! endpoint does, so the answers cannot disagree (`check_compliance` returns the very
//! bytes of `POST /api/v1/check`).
//!
//! Two transports: streamable HTTP at `/mcp` on `courtrules serve` (the caller is the
//! bearer key the `/mcp` route authenticated), and stdio (`courtrules mcp`, the key given
//! at start). Over HTTP each tool call counts against the key's `mcp` rate limit (and
//! `classify_document` against its `classify` limit too), and is bounded by the server's
//! `--request-timeout-ms`. Over stdio the server is the operator's own process, started
//! by the assistant for one user: the key is checked once for its plan (the districts it
//! may query), but its rate limits are not applied and calls have no time limit beyond
//! the engine's own.
//!
//! Bad arguments are tool errors (`isError`) whose text is the REST API's own error body
//! — a validation error names the argument, as the 400 does; where that body's
//! suggestion names a REST endpoint that has a tool, the tool is named instead.

pub mod http;
mod jsonrpc;
mod schemas;
pub mod sessions;
pub mod stdio;
mod tools;

use crate::http::AppState;
use crate::rate_limit::Group;
use crate::service::{Caller, Error, Service};
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock, Extensions};

/// Who calls, and how their calls are counted.
#[derive(Clone)]
enum Access {
    /// Over HTTP: the key authenticated by the `/mcp` route, found in each request.
    Http { state: AppState },
    /// Over stdio: the key given at start, for the whole session.
    Fixed(Caller),
}

/// The largest PDF `classify_document` takes over stdio (the server's default for
/// `/classify`; over HTTP the server's own `--classify-max-pdf-bytes`).
const STDIO_MAX_PDF_BYTES: usize = 22 * 1024 * 1024;

/// The longest message line the stdio transport reads: room for the largest PDF in
/// base64 (a third larger) and the rest of the call, as `/classify`'s (and `/mcp`'s)
/// body limit. rmcp's default (16 MiB) would refuse a call with a 13 MiB PDF.
pub const STDIO_MAX_LINE_BYTES: usize = STDIO_MAX_PDF_BYTES.div_ceil(3) * 4 + 1024 * 1024;

/// The tool server.
#[derive(Clone)]
pub struct CourtrulesMcp {
    service: Service,
    access: Access,
}

impl CourtrulesMcp {
    /// For the stdio transport: every call is made as `caller`.
    pub fn for_caller(service: Service, caller: Caller) -> Self {
        CourtrulesMcp { service, access: Access::Fixed(caller) }
    }

    /// The largest PDF `classify_document` takes.
    fn max_pdf_bytes(&self) -> usize {
        match &self.access {
            Access::Http { state } => state.config.classify_max_pdf_bytes,
            Access::Fixed(_) => STDIO_MAX_PDF_BYTES,
        }
    }

    /// The time limit of a tool call: the server's request time-out over HTTP; none over
    /// stdio (the engine's own deadline still bounds each call into it).
    fn time_limit(&self) -> Option<std::time::Duration> {
        match &self.access {
            Access::Http { state } => Some(state.config.request_timeout),
            Access::Fixed(_) => None,
        }
    }

    fn for_http(state: AppState) -> Self {
        CourtrulesMcp { service: state.service.clone(), access: Access::Http { state } }
    }

    /// The caller of this tool call, admitted by its rate limit; or the tool error.
    async fn caller(&self, extensions: &Extensions) -> Result<Caller, CallToolResult> {
        self.caller_counted(extensions, &[Group::Mcp]).await
    }

    /// The caller, admitted by each of `groups` (a classification also counts against
    /// the key's `classify` limit, so the tool is no way around it).
    async fn caller_counted(&self, extensions: &Extensions, groups: &[Group]) -> Result<Caller, CallToolResult> {
        match &self.access {
            Access::Fixed(caller) => Ok(caller.clone()),
            Access::Http { state } => {
                let key = extensions
                    .get::<axum::http::request::Parts>()
                    .and_then(|parts| parts.extensions.get::<crate::http::auth::ApiKey>())
                    .ok_or_else(|| {
                        failure(
                            "no API key came with this call".into(),
                            "Send `Authorization: Bearer <API key>` with every request to /mcp.".into(),
                            crate::service::error::docs_url("authentication"),
                        )
                    })?;
                for group in groups {
                    let decision = state
                        .limiter
                        .admit(&key.caller.key_id, *group, key.limits.limit(*group))
                        .await
                        .map_err(|error| service_error(error.into()))?;
                    if !decision.admitted {
                        // The REST API's 429 body: error, suggestion, docs_url, contact.
                        let refusal = crate::http::error::ApiError::RateLimited {
                            group: *group,
                            limit: decision.limit,
                            window: crate::http::rate_limit::describe(state.limiter.window()),
                            retry_after_seconds: decision.retry_after_seconds,
                            contact: state.service.contact.clone(),
                        };
                        // Without the REST body's pointer to the `Retry-After` header,
                        // which a tool caller does not see: the seconds are in the words.
                        let body = String::from_utf8_lossy(&refusal.rate_limit_body("")).into_owned();
                        return Err(CallToolResult::error(vec![ContentBlock::text(body)]));
                    }
                }
                Ok(key.caller.clone())
            }
        }
    }
}

/// The tool error of a call that passed the server's time limit: the REST API's 503 body.
fn timed_out() -> CallToolResult {
    let body = crate::http::error::ApiError::Timeout.body();
    CallToolResult::error(vec![ContentBlock::text(String::from_utf8_lossy(&body).into_owned())])
}

/// A tool error of the tool server's own, in the general body every other has:
/// `{error, suggestion, docs_url}`.
fn failure(error: String, suggestion: String, docs_url: String) -> CallToolResult {
    let body = crate::service::error::ErrorBody { error, suggestion, docs_url }.to_json();
    CallToolResult::error(vec![ContentBlock::text(String::from_utf8_lossy(&body).into_owned())])
}

/// The service's error as a tool error: the REST API's body for it, as text, a
/// validation error's in the words of a tool call (`in_tool_words`).
fn service_error(error: Error) -> CallToolResult {
    let body = crate::http::error::ApiError::Service(in_tool_words(error)).body();
    CallToolResult::error(vec![ContentBlock::text(naming_tools(&String::from_utf8_lossy(&body)))])
}

/// A validation error of the service (a check request, the rules query read by the
/// engine) as a tool call meets it: the tool's arguments are what is invalid ("the
/// arguments are invalid (2 problems)", not the REST API's "the query is invalid" or "the
/// request is invalid"), and an argument the tool does not take is "unknown argument; this
/// tool takes …", not a parameter of an endpoint. The problems and their paths are the
/// REST API's, found by the same code. (Arguments the tools read themselves are worded
/// so already: `query::read_arguments`, `tools::invalid_query`.)
fn in_tool_words(error: Error) -> Error {
    let Error::Validation { error, details } = error else { return error };
    let error = ["the query is invalid", "the request is invalid"]
        .iter()
        .find_map(|rest_words| error.strip_prefix(rest_words))
        .map_or(error.clone(), |count| format!("the arguments are invalid{count}"));
    let details = details
        .into_iter()
        .map(|mut detail| {
            if let Some(names) = detail.message.strip_prefix("unknown parameter; this endpoint takes") {
                detail.message = format!("unknown argument; this tool takes{names}");
            }
            detail
        })
        .collect();
    Error::Validation { error, details }
}

/// An error body's text with the REST endpoints that have a tool named as the tool: an
/// assistant calls tools, not URLs. (`GET /api/v1/judges?district_id=edny` becomes
/// "the search_judges tool with district_id `edny`".)
fn naming_tools(body: &str) -> String {
    const ENDPOINTS: [(&str, &str); 2] = [
        ("GET /api/v1/judges?district_id=", "search_judges"),
        ("GET /api/v1/extracted-rules?district_id=", "search_extracted_rules"),
    ];
    let mut text = String::with_capacity(body.len());
    let mut rest = body;
    // The earliest endpoint named in what is left, each time.
    while let Some((at, endpoint, tool)) = ENDPOINTS
        .iter()
        .filter_map(|(endpoint, tool)| rest.find(endpoint).map(|at| (at, *endpoint, *tool)))
        .min_by_key(|(at, _, _)| *at)
    {
        text.push_str(&rest[..at]);
        let after = &rest[at + endpoint.len()..];
        let end = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).unwrap_or(after.len());
        // At the start of a sentence (or of the text) the tool's name starts one.
        let before = text.trim_end();
        let article = if before.is_empty() || before.ends_with(['.', '"', ':']) { "The" } else { "the" };
        text.push_str(&format!("{article} {tool} tool with district_id `{}`", &after[..end]));
        rest = &after[end..];
    }
    text.push_str(rest);
    text
}

/// A JSON answer: as text, and as structured content for the tool's output schema.
fn answer<T: serde::Serialize>(value: &T) -> Result<CallToolResult, ErrorData> {
    let text = serde_json::to_vec(value).map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
    answer_bytes(text)
}

/// An answer the service already wrote as JSON bytes (the REST body): the text is those
/// very bytes.
fn answer_bytes(bytes: Vec<u8>) -> Result<CallToolResult, ErrorData> {
    let internal = |error: &dyn std::fmt::Display| ErrorData::internal_error(error.to_string(), None);
    let structured: serde_json::Value = serde_json::from_slice(&bytes).map_err(|error| internal(&error))?;
    let text = String::from_utf8(bytes).map_err(|error| internal(&error))?;
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(structured);
    Ok(result)
}

#[cfg(test)]
mod tests {
    /// The rate limit's refusal tells a tool caller the seconds to wait, not a header it
    /// cannot see; the REST API's 429 keeps its words.
    #[test]
    fn the_rate_limit_refusal_names_no_header() {
        let refusal = crate::http::error::ApiError::RateLimited {
            group: crate::rate_limit::Group::Mcp,
            limit: 3,
            window: "minute".into(),
            retry_after_seconds: 60,
            contact: "access@courtrules.example".into(),
        };
        let rest = String::from_utf8_lossy(&refusal.body()).into_owned();
        assert!(rest.contains("Wait at least 60 s (the Retry-After header) before retrying"), "{rest}");
        let tool = String::from_utf8_lossy(&refusal.rate_limit_body("")).into_owned();
        let body: serde_json::Value = serde_json::from_str(&tool).unwrap();
        let suggestion = body["suggestion"].as_str().unwrap();
        assert!(suggestion.starts_with("Wait at least 60 s before retrying"), "{suggestion}");
        assert!(!tool.contains("Retry-After"), "{tool}");
    }

    #[test]
    fn suggestions_name_the_tool_instead_of_the_endpoint() {
        let body =
            r#"{"suggestion":"List the district's judges with GET /api/v1/judges?district_id=edny and use a slug"}"#;
        assert_eq!(
            super::naming_tools(body),
            r#"{"suggestion":"List the district's judges with the search_judges tool with district_id `edny` and use a slug"}"#
        );
        let body = r#"{"suggestion":"exists for `cand` yet. GET /api/v1/extracted-rules?district_id=cand lists the rules read from its published orders, if any; GET /api/v1/judges?district_id=cand lists its judges."}"#;
        assert_eq!(
            super::naming_tools(body),
            r#"{"suggestion":"exists for `cand` yet. The search_extracted_rules tool with district_id `cand` lists the rules read from its published orders, if any; the search_judges tool with district_id `cand` lists its judges."}"#
        );
    }
}
