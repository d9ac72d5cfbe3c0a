//! The tools' JSON Schemas where a REST endpoint already has one: taken from the
//! OpenAPI document (which utoipa generates from the very Rust types that serve the
//! endpoint), so a tool and its endpoint cannot describe their answers differently.
//! The enforcement tools, which have no endpoint, derive theirs with schemars.

use rmcp::model::JsonObject;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, LazyLock};

/// Every component schema of the OpenAPI document, by name.
static COMPONENTS: LazyLock<BTreeMap<String, Value>> = LazyLock::new(|| {
    let document = serde_json::to_value(crate::http::openapi::document("http://localhost")).unwrap_or_default();
    match document.pointer("/components/schemas") {
        Some(Value::Object(schemas)) => schemas.iter().map(|(name, schema)| (name.clone(), schema.clone())).collect(),
        _ => BTreeMap::new(),
    }
});

const COMPONENT_PREFIX: &str = "#/components/schemas/";

/// The component `name` as a self-contained JSON Schema (2020-12): the schemas it
/// refers to, directly or not, go into `$defs`.
pub fn component(name: &str) -> Arc<JsonObject> {
    let mut wanted = vec![name.to_owned()];
    let mut seen = BTreeSet::new();
    // Whether the root refers to itself, directly or not: then it is in `$defs` too.
    let mut recursive = false;
    while let Some(next) = wanted.pop() {
        if seen.insert(next.clone())
            && let Some(schema) = COMPONENTS.get(&next)
        {
            let before = wanted.len();
            references(schema, &mut wanted);
            recursive |= wanted[before..].iter().any(|found| found == name);
        }
    }
    let mut root = match COMPONENTS.get(name).map(rewritten) {
        Some(Value::Object(root)) => root,
        // Only reached if a name below is misspelt; the unit test catches that.
        _ => Map::from_iter([("type".to_owned(), Value::from("object"))]),
    };
    let defs: Map<String, Value> = seen
        .iter()
        .filter(|other| recursive || other.as_str() != name)
        .filter_map(|other| Some((other.clone(), rewritten(COMPONENTS.get(other)?))))
        .collect();
    if !defs.is_empty() {
        root.insert("$defs".to_owned(), Value::Object(defs));
    }
    hoist_descriptions(&mut root);
    // Every tool answers a JSON object, and MCP before SEP-2106 wants an output schema of
    // type object (rmcp drops others for such clients): say so where a component is a
    // `oneOf` of objects.
    root.entry("type").or_insert_with(|| Value::from("object"));
    root.insert("$schema".to_owned(), Value::from("https://json-schema.org/draft/2020-12/schema"));
    Arc::new(root)
}

/// `schema` (derived with schemars) with each `(property, component)`'s property
/// described by that OpenAPI component instead: the enums the service enforces
/// (`DocumentScope`, `MotionType`) where the Rust argument is a plain string. The
/// property stays optional (`null` allowed) and keeps its description.
pub fn with_components(mut schema: Arc<JsonObject>, fields: &[(&str, &str)]) -> Arc<JsonObject> {
    let object = Arc::make_mut(&mut schema);
    for (field, name) in fields {
        let Some(Value::Object(property)) = object.get_mut("properties").and_then(|all| all.get_mut(*field)) else {
            continue;
        };
        let mut inlined = component(name).as_ref().clone();
        inlined.remove("$schema");
        // Only a self-contained enum is inlined (a misspelt name would not be one).
        let Some(Value::Array(values)) = inlined.get_mut("enum") else { continue };
        let nullable = property.get("type").and_then(Value::as_array).is_some_and(|types| types.contains(&Value::Null))
            || property.get("type") == Some(&Value::from(vec!["string", "null"]));
        if nullable {
            values.push(Value::Null);
            inlined.insert("type".into(), Value::from(vec!["string", "null"]));
        }
        if let Some(description) = property.get("description").cloned() {
            inlined.insert("description".into(), description);
        }
        *property = inlined;
    }
    schema
}

/// `schema` with each `(property, description)`'s property described where the schema
/// it came from (an OpenAPI component) leaves it undescribed: an assistant reads the
/// descriptions to know what to pass.
pub fn with_descriptions(schema: Arc<JsonObject>, fields: &[(&str, &str)]) -> Arc<JsonObject> {
    describe(schema, fields, false)
}

/// `schema` with each `(property, description)`'s description replaced by the tool's own:
/// where the component's, written for the REST API, would not name the tool an assistant
/// calls (`search_judges` for a judge's slug).
pub fn with_tool_descriptions(schema: Arc<JsonObject>, fields: &[(&str, &str)]) -> Arc<JsonObject> {
    describe(schema, fields, true)
}

/// Each `(property, description)`'s description set: in place of the component's when
/// `replace`, else only where it has none.
fn describe(mut schema: Arc<JsonObject>, fields: &[(&str, &str)], replace: bool) -> Arc<JsonObject> {
    let object = Arc::make_mut(&mut schema);
    for (field, description) in fields {
        if let Some(Value::Object(property)) = object.get_mut("properties").and_then(|all| all.get_mut(*field))
            && (replace || !property.contains_key("description"))
        {
            property.insert("description".to_owned(), Value::from(*description));
        }
    }
    schema
}

/// `schema` with each `(property, values)`'s property limited to those values: arguments
/// the service reads as one of a list it keeps rather than an OpenAPI enum. An optional
/// property keeps `null`.
pub fn with_enums(mut schema: Arc<JsonObject>, fields: &[(&str, &[&str])]) -> Arc<JsonObject> {
    let object = Arc::make_mut(&mut schema);
    for (field, values) in fields {
        if let Some(Value::Object(property)) = object.get_mut("properties").and_then(|all| all.get_mut(*field)) {
            let mut allowed: Vec<Value> = values.iter().map(|value| Value::from(*value)).collect();
            let nullable =
                property.get("type").and_then(Value::as_array).is_some_and(|types| types.contains(&Value::Null));
            if nullable {
                allowed.push(Value::Null);
            }
            property.insert("enum".to_owned(), Value::Array(allowed));
        }
    }
    schema
}

/// Each property of `schema` (and of the schemas inside it) described where an assistant
/// looks: at the property. utoipa puts an optional field's description beside its `$ref`,
/// in a branch of the property's `oneOf` (`motion_type`).
fn hoist_descriptions(schema: &mut Map<String, Value>) {
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for property in properties.values_mut() {
            let Value::Object(property) = property else { continue };
            if property.contains_key("description") {
                continue;
            }
            let found = match property.get_mut("oneOf") {
                Some(Value::Array(branches)) => {
                    branches.iter_mut().find_map(|branch| branch.as_object_mut()?.remove("description"))
                }
                _ => None,
            };
            if let Some(description) = found {
                property.insert("description".to_owned(), description);
            }
        }
    }
    for value in schema.values_mut() {
        match value {
            Value::Object(inner) => hoist_descriptions(inner),
            Value::Array(items) => items.iter_mut().filter_map(Value::as_object_mut).for_each(hoist_descriptions),
            _ => {}
        }
    }
}

/// The component names `schema` refers to.
fn references(schema: &Value, found: &mut Vec<String>) {
    match schema {
        Value::Object(object) => {
            if let Some(Value::String(reference)) = object.get("$ref")
                && let Some(name) = reference.strip_prefix(COMPONENT_PREFIX)
            {
                found.push(name.to_owned());
            }
            object.values().for_each(|value| references(value, found));
        }
        Value::Array(items) => items.iter().for_each(|value| references(value, found)),
        _ => {}
    }
}

/// `schema` with its references pointing into `$defs`.
fn rewritten(schema: &Value) -> Value {
    match schema {
        Value::Object(object) => Value::Object(
            object
                .iter()
                .map(|(key, value)| match (key.as_str(), value) {
                    ("$ref", Value::String(reference)) => match reference.strip_prefix(COMPONENT_PREFIX) {
                        Some(name) => (key.clone(), Value::from(format!("#/$defs/{name}"))),
                        None => (key.clone(), value.clone()),
                    },
                    _ => (key.clone(), rewritten(value)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(rewritten).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tool has an input and an output schema, each self-contained (every
    /// reference resolves inside it) and each a real description (not the fallback of a
    /// misspelt component name).
    #[test]
    fn every_tool_has_complete_schemas() {
        let tools = crate::mcp::CourtrulesMcp::tool_router().list_all();
        assert_eq!(tools.len(), 12);
        for tool in tools {
            let output = tool.output_schema.clone().unwrap_or_else(|| panic!("{}: no output schema", tool.name));
            for (which, schema) in [("input", tool.input_schema.clone()), ("output", output)] {
                let schema = Value::Object(schema.as_ref().clone());
                let mut refs = Vec::new();
                references(&schema, &mut refs);
                assert!(refs.is_empty(), "{} {which}: references left at components: {refs:?}", tool.name);
                assert!(
                    schema.get("properties").is_some() || schema.get("oneOf").is_some(),
                    "{} {which}: describes nothing: {schema}",
                    tool.name
                );
                let text = schema.to_string();
                for reference in text.split("\"#/$defs/").skip(1) {
                    let target = reference.split('"').next().unwrap_or_default();
                    assert!(
                        schema["$defs"].get(target).is_some(),
                        "{} {which}: `#/$defs/{target}` does not resolve",
                        tool.name
                    );
                }
            }
        }
    }

    #[test]
    fn judge_rules_filters_are_the_enforced_enums() {
        let tools = crate::mcp::CourtrulesMcp::tool_router().list_all();
        let rules = tools.iter().find(|tool| tool.name == "get_judge_rules").unwrap();
        for (field, value) in [("document_scope", "brief_support"), ("motion_type", "Rule_12")] {
            let values = rules.input_schema["properties"][field]["enum"].as_array().cloned().unwrap_or_default();
            assert!(values.contains(&Value::from(value)) && values.contains(&Value::Null), "{field}: {values:?}");
        }
    }

    /// `list_courts` says every filter it takes, the status as its three values.
    #[test]
    fn list_courts_filters_are_described() {
        let tools = crate::mcp::CourtrulesMcp::tool_router().list_all();
        let courts = tools.iter().find(|tool| tool.name == "list_courts").unwrap();
        let properties = courts.input_schema["properties"].as_object().unwrap();
        assert_eq!(properties.keys().collect::<Vec<_>>(), ["checkable", "q", "state", "status"]);
        assert!(properties.values().all(|property| property["description"].is_string()), "{properties:?}");
        let status = serde_json::to_string(&properties["status"]).unwrap();
        for value in ["\"live\"", "\"coming_soon\"", "\"preview\""] {
            assert!(status.contains(value), "{status}");
        }
    }

    /// Every tool's court and judge arguments say what they take.
    #[test]
    fn court_and_judge_arguments_are_described() {
        for tool in crate::mcp::CourtrulesMcp::tool_router().list_all() {
            for field in ["district_id", "judge_slug"] {
                if let Some(property) = tool.input_schema.get("properties").and_then(|all| all.get(field)) {
                    assert!(property.get("description").is_some_and(Value::is_string), "{}.{field}", tool.name);
                }
            }
        }
    }

    /// An optional field described beside its `$ref` is described at the property, once.
    #[test]
    fn optional_references_are_described_at_the_property() {
        let schema = component("CheckRequest");
        let motion = &schema["properties"]["motion_type"];
        assert!(motion["description"].as_str().is_some_and(|said| said.contains("motion")), "{motion}");
        let branches = motion["oneOf"].as_array().expect("an optional reference is a oneOf");
        assert!(branches.iter().all(|branch| branch.get("description").is_none()), "{motion}");
        // A described `$ref` that is not optional keeps its description where it is.
        assert!(
            schema["properties"]["filing_role"]["description"].as_str().is_some_and(|said| said.contains("`reply`"))
        );
    }

    #[test]
    fn nested_references_are_gathered() {
        let schema = component("CheckResponse");
        let defs = schema.get("$defs").and_then(Value::as_object).expect("CheckResponse refers to other schemas");
        assert!(defs.len() > 1, "{:?}", defs.keys().collect::<Vec<_>>());
        assert_eq!(schema.get("type"), Some(&Value::from("object")));
    }
}
