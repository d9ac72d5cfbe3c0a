//! The query parameters of GET endpoints, described once per endpoint.
//!
//! `query_params!` declares an endpoint's query as a struct whose field types say how
//! each parameter is read (`Text<120>`, `Integer<1, 500>`, `QueryDate`, `bool`; in an
//! `Option` when it may be left out). The one declaration is at once
//! - the extractor (`Query<T>`): every problem is collected and answered at once as a
//!   400 naming the parameters, with parameters the endpoint does not take reported
//!   after the others;
//! - the OpenAPI description (`IntoParams`, from the same fields, doc comments and
//!   types: the limits a type checks are the limits its schema states).
//!
//! Queries compose: `Query<(A, B)>` reads both, and takes the parameters of both.
//!
//! The MCP tools read their arguments (a JSON object) with the same declarations
//! (`read_arguments`): each value is the parameter's text, so a tool argument meets the
//! same rules as the query parameter and its problems are named in the same words. A
//! query struct that also derives `schemars::JsonSchema` is its tool's input schema: the
//! types' schemas there state the limits they check, as in the OpenAPI document.

use super::error::ApiError;
use super::extract::QueryPairs;
use axum::extract::rejection::RawPathParamsRejection;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use courtrules_engine::calendar::Date;
use courtrules_engine::model::FieldError;
use serde_json::Value;
use std::borrow::Cow;
use std::ops::Deref;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};

/// Declares an endpoint's query (see the module documentation).
macro_rules! query_params {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$field_meta:meta])* pub $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        pub struct $name {
            $( $(#[$field_meta])* #[param(inline)] pub $field: $ty, )*
        }

        impl $crate::http::query::QueryParams for $name {
            fn names() -> Vec<&'static str> {
                vec![$(stringify!($field)),*]
            }

            fn read(params: &mut $crate::http::query::Params<'_>) -> Option<Self> {
                // Every field is read before any is unwrapped: all problems are found.
                $( let $field = <$ty as $crate::http::query::Field>::read(params, stringify!($field)); )*
                Some($name { $( $field: $field?, )* })
            }
        }
    };
}
pub(crate) use query_params;

/// A query an endpoint takes.
pub trait QueryParams: Sized {
    /// Its parameter names, in the order problems are reported.
    fn names() -> Vec<&'static str>;
    /// Reads every parameter; `None` when `params` has recorded a problem.
    fn read(params: &mut Params<'_>) -> Option<Self>;
}

/// The query of an endpoint that takes no parameters.
#[derive(Debug)]
pub struct NoParams;

impl QueryParams for NoParams {
    fn names() -> Vec<&'static str> {
        Vec::new()
    }

    fn read(_: &mut Params<'_>) -> Option<Self> {
        Some(NoParams)
    }
}

impl<A: QueryParams, B: QueryParams> QueryParams for (A, B) {
    fn names() -> Vec<&'static str> {
        let mut names = A::names();
        names.extend(B::names());
        names
    }

    fn read(params: &mut Params<'_>) -> Option<Self> {
        let (a, b) = (A::read(params), B::read(params));
        Some((a?, b?))
    }
}

/// The extractor: a valid query of type `T`, or the 400 listing every problem.
pub struct Query<T>(pub T);

impl<T: QueryParams, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let pairs = QueryPairs::from_request_parts(parts, state).await?;
        let names = T::names();
        let mut params = Params::new(&pairs, &names);
        let read = T::read(&mut params);
        params.finish()?;
        read.map(Query).ok_or_else(|| anyhow::anyhow!("a query field failed without saying why").into())
    }
}

/// Where the parameters' values come from.
enum Source<'q> {
    /// A request's query string.
    Query(&'q QueryPairs),
    /// An MCP tool's arguments.
    Arguments(&'q serde_json::Map<String, Value>),
}

/// The parameters of one request as they are read; `finish` answers the 400.
pub struct Params<'q> {
    source: Source<'q>,
    problems: Vec<FieldError>,
    /// Parameters the endpoint does not take, reported after the others.
    unknown: Vec<FieldError>,
}

impl<'q> Params<'q> {
    /// Starts reading; a parameter not in `known` is a problem.
    pub fn new(query: &'q QueryPairs, known: &[&str]) -> Params<'q> {
        Params::of(Source::Query(query), known)
    }

    fn of(source: Source<'q>, known: &[&str]) -> Params<'q> {
        let mut unknown: Vec<FieldError> = Vec::new();
        // A tool's arguments are named as a tool's, a query's parameters as an endpoint's.
        let what_takes = match source {
            Source::Query(_) => "unknown parameter; this endpoint takes",
            Source::Arguments(_) => "unknown argument; this tool takes",
        };
        let message =
            if known.is_empty() { format!("{what_takes} none") } else { format!("{what_takes} {}", known.join(", ")) };
        // Each unknown name once, found in linear time: a long URL may hold thousands.
        let mut seen = std::collections::HashSet::new();
        let names: Box<dyn Iterator<Item = &String>> = match &source {
            Source::Query(query) => Box::new(query.0.iter().map(|(name, _)| name)),
            Source::Arguments(arguments) => Box::new(arguments.keys()),
        };
        for name in names {
            if !known.contains(&name.as_str()) && seen.insert(name.as_str()) {
                unknown.push(FieldError::new(name, message.clone()));
            }
        }
        Params { source, problems: Vec::new(), unknown }
    }

    /// The parameter's text as given (`QueryPairs` refuses a repeated name; a JSON object
    /// has none), `T`'s reading of a JSON value; `None` when it is not given (or, in a JSON
    /// object, `null`).
    fn text<T: Param>(&self, name: &str) -> Option<Result<Cow<'q, str>, String>> {
        match self.source {
            Source::Query(query) => query.get(name).map(|text| Ok(Cow::Borrowed(text))),
            Source::Arguments(arguments) => match arguments.get(name) {
                None | Some(Value::Null) => None,
                Some(value) => Some(T::text_of(value)),
            },
        }
    }

    fn problem(&mut self, name: &str, message: impl Into<String>) {
        self.problems.push(FieldError::new(name, message));
    }

    /// Every problem found, the unknown parameters last.
    fn problems(mut self) -> Vec<FieldError> {
        self.problems.append(&mut self.unknown);
        self.problems
    }

    /// The 400 when anything was wrong.
    pub fn finish(self) -> Result<(), ApiError> {
        let problems = self.problems();
        if problems.is_empty() {
            return Ok(());
        }
        // At most `MAX_LISTED` problems are listed, as in the engine's answers.
        let problems = courtrules_engine::validate::limit(problems);
        Err(ApiError::invalid(courtrules_engine::validate::summary("the query is invalid", &problems), problems))
    }
}

/// Reads an MCP tool's arguments as the query `T`: every problem, in the words of the
/// query's 400 (the unknown arguments last), or the query.
pub fn read_arguments<T: QueryParams>(arguments: &serde_json::Map<String, Value>) -> Result<T, Vec<FieldError>> {
    let names = T::names();
    let mut params = Params::of(Source::Arguments(arguments), &names);
    let read = T::read(&mut params);
    let problems = params.problems();
    match read {
        Some(read) if problems.is_empty() => Ok(read),
        // A field that failed recorded its problem.
        _ => Err(problems),
    }
}

/// A JSON value as a problem names it.
fn described(value: &Value) -> String {
    match value {
        Value::String(text) => format!("the string {}", Value::from(text.as_str())),
        Value::Bool(flag) => format!("`{flag}`"),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
        other => other.to_string(),
    }
}

/// A parameter's type: how its text is read. (Its schema is its `utoipa::PartialSchema`.)
pub trait Param: Sized {
    /// The value, or what is wrong with the text.
    fn parse(text: &str) -> Result<Self, String>;

    /// The text of a JSON value given for the parameter (an MCP tool's argument), or what
    /// is wrong with it: a string, unless the type takes another JSON type.
    fn text_of(value: &Value) -> Result<Cow<'_, str>, String> {
        match value {
            Value::String(text) => Ok(Cow::Borrowed(text)),
            other => Err(format!("must be a string, got {}", described(other))),
        }
    }
}

/// A field of a query: a required parameter (`T`) or an optional one (`Option<T>`).
pub trait Field: Sized {
    /// The value; `None` after recording a problem with it.
    fn read(params: &mut Params<'_>, name: &str) -> Option<Self>;
}

impl<T: Param> Field for T {
    fn read(params: &mut Params<'_>, name: &str) -> Option<Self> {
        match Option::<T>::read(params, name)? {
            Some(value) => Some(value),
            None => {
                params.problem(name, "is required");
                None
            }
        }
    }
}

impl<T: Param> Field for Option<T> {
    fn read(params: &mut Params<'_>, name: &str) -> Option<Self> {
        let text = match params.text::<T>(name) {
            None => return Some(None),
            Some(Ok(text)) => text,
            Some(Err(message)) => {
                params.problem(name, message);
                return None;
            }
        };
        match T::parse(&text) {
            Ok(value) => Some(Some(value)),
            Err(message) => {
                params.problem(name, message);
                None
            }
        }
    }
}

/// Text of 1 to `MAX` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text<const MAX: usize>(String);

impl<const MAX: usize> Text<MAX> {
    pub fn into_string(self) -> String {
        self.0
    }
}

impl<const MAX: usize> Deref for Text<MAX> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl<const MAX: usize> Param for Text<MAX> {
    fn parse(text: &str) -> Result<Self, String> {
        if text.is_empty() {
            return Err("must not be empty".into());
        }
        if text.chars().count() > MAX {
            return Err(format!("must be at most {MAX} characters"));
        }
        Ok(Text(text.to_owned()))
    }
}

impl<const MAX: usize> utoipa::PartialSchema for Text<MAX> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).max_length(Some(MAX)).into()
    }
}

impl<const MAX: usize> utoipa::ToSchema for Text<MAX> {}

impl<const MAX: usize> schemars::JsonSchema for Text<MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Text{MAX}").into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "minLength": 1, "maxLength": MAX})
    }
}

/// Any text, empty too: a parameter the service reads (and refuses) itself.
impl Param for String {
    fn parse(text: &str) -> Result<Self, String> {
        Ok(text.to_owned())
    }
}

/// An integer in `MIN..=MAX`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Integer<const MIN: i64, const MAX: i64>(i64);

impl<const MIN: i64, const MAX: i64> Integer<MIN, MAX> {
    pub fn get(self) -> i64 {
        self.0
    }
}

impl<const MIN: i64, const MAX: i64> Param for Integer<MIN, MAX> {
    fn parse(text: &str) -> Result<Self, String> {
        match text.parse::<i64>() {
            Ok(number) if (MIN..=MAX).contains(&number) => Ok(Integer(number)),
            Ok(number) => Err(format!("must be between {MIN} and {MAX}, got {number}")),
            Err(_) => Err(format!("must be an integer, got `{text}`")),
        }
    }

    /// A JSON number; one with no fraction (`10.0`) is the integer it equals, as JSON
    /// Schema counts it.
    fn text_of(value: &Value) -> Result<Cow<'_, str>, String> {
        match value {
            Value::Number(number) => match number.as_f64() {
                Some(float) if number.as_i64().is_none() && float.fract() == 0.0 && float.abs() < 1e18 => {
                    Ok(Cow::Owned((float as i64).to_string()))
                }
                _ => Ok(Cow::Owned(number.to_string())),
            },
            other => Err(format!("must be an integer, got {}", described(other))),
        }
    }
}

impl<const MIN: i64, const MAX: i64> utoipa::PartialSchema for Integer<MIN, MAX> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(MIN as f64)).maximum(Some(MAX as f64)).into()
    }
}

impl<const MIN: i64, const MAX: i64> utoipa::ToSchema for Integer<MIN, MAX> {}

impl<const MIN: i64, const MAX: i64> schemars::JsonSchema for Integer<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Integer{MIN}To{MAX}").into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "integer", "minimum": MIN, "maximum": MAX})
    }
}

/// A date `YYYY-MM-DD`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueryDate(pub Date);

impl Param for QueryDate {
    fn parse(text: &str) -> Result<Self, String> {
        Date::parse(text).map(QueryDate).ok_or_else(|| format!("must be a date YYYY-MM-DD, got `{text}`"))
    }
}

impl utoipa::PartialSchema for QueryDate {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))).into()
    }
}

impl utoipa::ToSchema for QueryDate {}

impl Param for bool {
    fn parse(text: &str) -> Result<Self, String> {
        match text {
            "true" => Ok(true),
            "false" => Ok(false),
            other => Err(format!("must be `true` or `false`, got `{other}`")),
        }
    }

    fn text_of(value: &Value) -> Result<Cow<'_, str>, String> {
        match value {
            Value::Bool(flag) => Ok(Cow::Borrowed(if *flag { "true" } else { "false" })),
            other => Err(format!("must be `true` or `false`, got {}", described(other))),
        }
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
                Err(ApiError::invalid(
                    "the path is invalid (1 problem)",
                    vec![FieldError::new(key, "is not valid UTF-8 once percent-decoded")],
                ))
            }
            Err(other) => Err(anyhow::anyhow!("path parameters: {}", other.body_text()).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    query_params! {
        /// A query for the tests.
        pub struct Example {
            pub name: Text<5>,
            pub count: Option<Integer<1, 10>>,
            pub day: Option<QueryDate>,
            pub flag: Option<bool>,
        }
    }

    fn read<T: QueryParams>(query: &str) -> Result<T, Vec<(String, String)>> {
        let pairs = QueryPairs(serde_urlencoded::from_str(query).unwrap());
        let names = T::names();
        let mut params = Params::new(&pairs, &names);
        let read = T::read(&mut params);
        match params.finish() {
            Ok(()) => Ok(read.unwrap()),
            Err(ApiError::Service(crate::service::Error::Validation { details, .. })) => {
                Err(details.into_iter().map(|detail| (detail.path, detail.message)).collect())
            }
            Err(other) => panic!("{other}"),
        }
    }

    #[test]
    fn a_valid_query_is_read_into_its_fields() {
        let example: Example = read("name=ab&count=3&day=2026-01-02&flag=false").unwrap();
        assert_eq!((&*example.name, example.count.map(Integer::get)), ("ab", Some(3)));
        assert_eq!((example.day.map(|day| day.0.to_string()), example.flag), (Some("2026-01-02".into()), Some(false)));
        let example: Example = read("name=abcde").unwrap();
        assert_eq!((example.count, example.day, example.flag), (None, None, None));
    }

    #[test]
    fn every_problem_is_reported_in_field_order_then_unknown_parameters() {
        let problems = read::<Example>("zzz=1&count=11&day=2026-13-01&flag=yes").unwrap_err();
        let expected = [
            ("name", "is required"),
            ("count", "must be between 1 and 10, got 11"),
            ("day", "must be a date YYYY-MM-DD, got `2026-13-01`"),
            ("flag", "must be `true` or `false`, got `yes`"),
            ("zzz", "unknown parameter; this endpoint takes name, count, day, flag"),
        ];
        let expected: Vec<(String, String)> = expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        assert_eq!(problems, expected);
        assert_eq!(read::<Example>("name=&count=x").unwrap_err()[0].1, "must not be empty");
        assert_eq!(read::<Example>("name=abcdef").unwrap_err()[0].1, "must be at most 5 characters");
        assert_eq!(read::<Example>("name=a&count=x").unwrap_err()[0].1, "must be an integer, got `x`");
    }

    #[test]
    fn one_problem_is_one_problem_and_a_query_without_parameters_takes_none() {
        let pairs = QueryPairs(vec![("a".into(), "1".into())]);
        let params = Params::new(&pairs, &NoParams::names());
        let Err(ApiError::Service(crate::service::Error::Validation { error, details })) = params.finish() else {
            panic!("an unknown parameter is a problem")
        };
        assert_eq!(error, "the query is invalid (1 problem)");
        assert_eq!(details[0].message, "unknown parameter; this endpoint takes none");
    }

    #[test]
    fn thousands_of_unknown_parameters_are_named_once_and_listed_up_to_fifty() {
        // Each name twice: 13,500 distinct names in 27,000 pairs.
        let pairs: Vec<(String, String)> = (0..27_000).map(|i| (format!("p{}", i % 13_500), "1".into())).collect();
        let pairs = QueryPairs(pairs);
        let params = Params::new(&pairs, &NoParams::names());
        let Err(ApiError::Service(crate::service::Error::Validation { error, details })) = params.finish() else {
            panic!("unknown parameters are problems")
        };
        assert_eq!(error, "the query is invalid (13500 problems; the first 50 are listed)");
        assert_eq!(details.len(), 51);
        assert_eq!((details[0].path.as_str(), details[49].path.as_str()), ("p0", "p49"));
        assert_eq!(details[50].message, "… and 13450 more problems not listed");
    }

    #[test]
    fn the_schema_states_the_limits_the_type_checks() {
        use utoipa::IntoParams;
        let parameters = Example::into_params(|| None);
        let json = serde_json::to_value(&parameters).unwrap();
        assert_eq!(json[0]["name"], "name");
        assert_eq!(json[0]["required"], true);
        assert_eq!(json[0]["schema"]["maxLength"], 5);
        assert_eq!(json[0]["schema"]["minLength"], 1);
        assert_eq!(json[1]["required"], false);
        assert_eq!(
            (json[1]["schema"]["minimum"].as_f64(), json[1]["schema"]["maximum"].as_f64()),
            (Some(1.0), Some(10.0))
        );
        assert_eq!(json[2]["schema"]["format"], "date");
        assert_eq!(json[3]["schema"]["type"], "boolean");
    }
}
