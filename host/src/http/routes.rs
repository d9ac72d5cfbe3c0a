//! The route table: every endpoint once, with who may call it. The router, the OpenAPI
//! document's paths and the rate-limit groups are all built from this one list, so a
//! route cannot be served without being described, or described without being served,
//! or reach a handler without its key check and rate limit.
//!
//! To add an endpoint: a handler with its `#[utoipa::path]` (method, path, parameters,
//! answers) in the resource's file under `http/`, a service function under `service/`,
//! and one line here.

use super::{AppState, check, classify, courts, deadlines, docs, documents, extracted_rules, holidays, index, judges};
use super::{health, layers, profile, rules};
use crate::rate_limit::Group;
use utoipa_axum::router::UtoipaMethodRouter;
use utoipa_axum::routes;

/// Who may call a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone: the OpenAPI document, the documentation and the health probes.
    Public,
    /// A valid API key, counted against the key's limit for this group.
    Key(Group),
}

/// One route: its handler with its OpenAPI operation (`utoipa_axum::routes!`), and
/// its access.
pub struct Route {
    pub handler: UtoipaMethodRouter<AppState>,
    pub access: Access,
}

/// Every route.
pub fn table() -> Vec<Route> {
    let key = |handler, group| Route { handler, access: Access::Key(group) };
    let public = |handler| Route { handler, access: Access::Public };
    vec![
        key(routes!(index::service_index), Group::Index),
        key(routes!(check::check), Group::Check),
        key(routes!(classify::classify), Group::Classify),
        key(routes!(deadlines::deadlines), Group::Deadlines),
        key(routes!(deadlines::time_rules), Group::Deadlines),
        key(routes!(rules::rules), Group::Rules),
        key(routes!(judges::judges), Group::Judges),
        key(routes!(profile::profile), Group::Profile),
        key(routes!(courts::courts), Group::Courts),
        key(routes!(courts::court), Group::Courts),
        key(routes!(holidays::holidays), Group::Holidays),
        key(routes!(holidays::court_holidays), Group::Holidays),
        key(routes!(extracted_rules::extracted_rules), Group::ExtractedRules),
        key(routes!(documents::documents), Group::Documents),
        key(routes!(documents::pdf), Group::Documents),
        // Reading a document is the classifier's kind of work, and counts against it.
        key(routes!(layers::propose), Group::Classify),
        key(routes!(layers::draft), Group::Layers),
        key(routes!(layers::reject), Group::Layers),
        key(routes!(layers::accept), Group::Layers),
        key(routes!(layers::list), Group::Layers),
        key(routes!(layers::history, layers::withdraw), Group::Layers),
        key(routes!(layers::version), Group::Layers),
        public(routes!(super::openapi_json)),
        public(routes!(health::healthz)),
        public(routes!(health::readyz)),
        public(routes!(health::metrics)),
        public(routes!(docs::index)),
        public(routes!(docs::document)),
    ]
}

impl Route {
    /// The route's path templates (one per `#[utoipa::path]`).
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.handler.1.paths.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_route_is_described_and_its_access_matches_its_description() {
        let document = serde_json::to_value(super::super::openapi::document("http://127.0.0.1:8080")).unwrap();
        let mut served = BTreeSet::new();
        for route in table() {
            for path in route.paths() {
                let operations =
                    document["paths"][path].as_object().unwrap_or_else(|| panic!("{path} is not described"));
                // One method per path, but for a resource read and withdrawn at one path.
                assert!((1..=2).contains(&operations.len()), "{path}");
                for (method, operation) in operations {
                    let secured = operation["security"].as_array().is_some_and(|security| !security.is_empty());
                    assert_eq!(secured, route.access != Access::Public, "{method} {path}: security vs access");
                    if secured {
                        let retry_after = &operation["responses"]["429"]["headers"]["Retry-After"];
                        assert!(retry_after.is_object(), "{method} {path} answers no 429 with Retry-After");
                    }
                }
                assert!(served.insert(path.to_owned()), "{path} is in the table twice");
            }
        }
        let described: BTreeSet<String> = document["paths"].as_object().unwrap().keys().cloned().collect();
        assert_eq!(described, served, "the document describes exactly the routes served");
        assert!(served.contains(classify::PATH), "the body limit of {} names a route", classify::PATH);
    }

    #[test]
    fn every_rest_rate_limit_group_has_a_route() {
        let used: BTreeSet<Group> = table()
            .iter()
            .filter_map(|route| match route.access {
                Access::Key(group) => Some(group),
                Access::Public => None,
            })
            .collect();
        // The MCP server's tool calls count against `mcp` (crate::mcp), not a REST route.
        let rest: BTreeSet<Group> = Group::ALL.into_iter().filter(|group| *group != Group::Mcp).collect();
        assert_eq!(used, rest, "a group no route counts against");
    }
}
