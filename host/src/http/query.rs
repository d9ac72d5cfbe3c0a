//! Checking a GET endpoint's query parameters: every problem is collected and answered
//! at once as a 400 whose `details` name the parameters (the same body as the engine's
//! validation errors).

use super::error::ApiError;
use super::extract::QueryPairs;
use axum::extract::rejection::RawPathParamsRejection;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use courtrules_engine::calendar::Date;
use courtrules_engine::model::FieldError;

/// The parameters of one request, read one by one; `finish` answers the 400.
pub struct Params<'q> {
    query: &'q QueryPairs,
    problems: Vec<FieldError>,
    /// Parameters the endpoint does not take, reported after the others.
    unknown: Vec<FieldError>,
}

impl<'q> Params<'q> {
    /// Starts reading; a parameter not in `known` is a problem.
    pub fn new(query: &'q QueryPairs, known: &[&str]) -> Params<'q> {
        let mut unknown: Vec<FieldError> = Vec::new();
        let message = if known.is_empty() {
            "unknown parameter; this endpoint takes none".to_owned()
        } else {
            format!("unknown parameter; this endpoint takes {}", known.join(", "))
        };
        for (name, _) in &query.0 {
            if !known.contains(&name.as_str()) && !unknown.iter().any(|problem| problem.path == *name) {
                unknown.push(FieldError::new(name, message.clone()));
            }
        }
        Params { query, problems: Vec::new(), unknown }
    }

    /// A text parameter; given but empty is a problem.
    pub fn text(&mut self, name: &str, max_chars: usize) -> Option<&'q str> {
        let value = self.query.get(name)?;
        if value.is_empty() {
            self.problems.push(FieldError::new(name, "must not be empty"));
            return None;
        }
        if value.chars().count() > max_chars {
            self.problems.push(FieldError::new(name, format!("must be at most {max_chars} characters")));
            return None;
        }
        Some(value)
    }

    /// A required text parameter.
    pub fn required_text(&mut self, name: &str, max_chars: usize) -> Option<&'q str> {
        if self.query.get(name).is_none() {
            self.problems.push(FieldError::new(name, "is required"));
            return None;
        }
        self.text(name, max_chars)
    }

    /// An integer within `min..=max`.
    pub fn integer(&mut self, name: &str, min: i64, max: i64) -> Option<i64> {
        let value = self.query.get(name)?;
        match value.parse::<i64>() {
            Ok(number) if (min..=max).contains(&number) => Some(number),
            Ok(number) => {
                self.problems.push(FieldError::new(name, format!("must be between {min} and {max}, got {number}")));
                None
            }
            Err(_) => {
                self.problems.push(FieldError::new(name, format!("must be an integer, got `{value}`")));
                None
            }
        }
    }

    /// A date `YYYY-MM-DD`.
    pub fn date(&mut self, name: &str) -> Option<Date> {
        let value = self.query.get(name)?;
        let date = Date::parse(value);
        if date.is_none() {
            self.problems.push(FieldError::new(name, format!("must be a date YYYY-MM-DD, got `{value}`")));
        }
        date
    }

    /// `true` or `false`.
    pub fn boolean(&mut self, name: &str) -> Option<bool> {
        match self.query.get(name)? {
            "true" => Some(true),
            "false" => Some(false),
            other => {
                self.problems.push(FieldError::new(name, format!("must be `true` or `false`, got `{other}`")));
                None
            }
        }
    }

    /// Adds a problem found by the caller.
    pub fn problem(&mut self, name: &str, message: impl Into<String>) {
        self.problems.push(FieldError::new(name, message));
    }

    /// The 400 when anything was wrong.
    pub fn finish(mut self) -> Result<(), ApiError> {
        self.problems.append(&mut self.unknown);
        if self.problems.is_empty() {
            return Ok(());
        }
        let count = self.problems.len();
        Err(ApiError::Validation {
            error: format!("the query is invalid ({count} {})", if count == 1 { "problem" } else { "problems" }),
            details: self.problems,
        })
    }
}

/// The parameters in a route's path (`{district_id}`, `{id}`), percent-decoded. A value
/// that is not UTF-8 once decoded is a 400 naming the parameter, not axum's plain text.
pub struct PathParams(Vec<(String, String)>);

impl PathParams {
    pub fn get(&self, name: &str) -> &str {
        self.0.iter().find(|(key, _)| key == name).map_or("", |(_, value)| value.as_str())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PathParams {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match RawPathParams::from_request_parts(parts, state).await {
            Ok(params) => {
                Ok(PathParams(params.iter().map(|(key, value)| (key.to_owned(), value.to_owned())).collect()))
            }
            Err(RawPathParamsRejection::InvalidUtf8InPathParam(rejection)) => {
                let text = rejection.body_text();
                let key = text.split('`').nth(1).unwrap_or("").to_owned();
                Err(ApiError::Validation {
                    error: "the path is invalid (1 problem)".into(),
                    details: vec![FieldError::new(key, "is not valid UTF-8 once percent-decoded")],
                })
            }
            Err(other) => Err(ApiError::Internal(anyhow::anyhow!("path parameters: {}", other.body_text()))),
        }
    }
}
