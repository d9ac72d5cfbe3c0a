//! The HTTP API end to end: the real `courtrules` binary, a fresh SQLite database
//! seeded from the repository's data pack, keys made with the CLI, and HTTP.

mod common;

use common::{Reply, Test, check_request, with};
use courtrules_engine::model::RuleLayer;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The server, its first key (all districts) and a key for `sdny` only.
type Api = common::TwoKeys;

fn main() -> std::process::ExitCode {
    common::run(|| common::TwoKeys::start("sdny-only"), TESTS)
}

const TESTS: &[Test<Api>] = &[
    ("missing_authorization_is_401", missing_authorization_is_401),
    ("malformed_authorization_is_401", malformed_authorization_is_401),
    ("unknown_key_is_403", unknown_key_is_403),
    ("every_declared_403_of_an_invalid_key_matches_its_openapi_schema", invalid_key_403_matches_the_openapi_schema),
    ("every_api_endpoint_needs_a_key", every_api_endpoint_needs_a_key),
    ("openapi_json_needs_no_key_and_describes_the_api", openapi_json_needs_no_key_and_describes_the_api),
    ("known_district_outside_the_plan_is_403_with_the_structured_body", known_district_outside_the_plan_is_403),
    ("unknown_district_is_404_error_only", unknown_district_is_404_error_only),
    ("revoked_key_is_403", revoked_key_is_403),
    ("judge_not_in_district_is_404_pointing_at_the_judge_list", judge_not_in_district_is_404),
    ("live_court_without_a_profile_is_422", live_court_without_a_profile_is_422),
    ("validation_400_names_exact_paths", validation_400_names_exact_paths),
    ("invalid_request_for_an_unknown_district_is_400", invalid_request_for_an_unknown_district_is_400),
    ("post_without_json_content_type_is_415_json", post_without_json_content_type_is_415_json),
    ("malformed_json_is_400_json", malformed_json_is_400_json),
    ("body_over_the_limit_is_413_json", body_over_the_limit_is_413_json),
    ("unknown_routes_and_wrong_methods_answer_json", unknown_routes_and_wrong_methods_answer_json),
    ("request_id_is_generated_or_echoed", request_id_is_generated_or_echoed),
    ("cors_preflight_allows_authorization_and_content_type", cors_preflight_allows_authorization_and_content_type),
    ("only_counts_run_page_word_courtesy_pmc_gate_bundling_checks", only_counts_run_the_count_checks),
    ("completed_pmc_passes_and_missing_pmc_fails", completed_pmc_passes_and_missing_pmc_fails),
    ("page_count_over_the_judge_limit_is_critical_fail_non_compliant", page_count_over_the_limit_fails),
    (
        "courtesy_copy_filing_gate_and_bundling_are_action_items",
        courtesy_copy_filing_gate_and_bundling_are_action_items,
    ),
    ("supplied_sections_run_their_checks", supplied_sections_run_their_checks),
    ("summary_counts_match_the_results", summary_counts_match_the_results),
    ("check_is_deterministic", check_is_deterministic),
    ("judges_lists_the_roster", judges_lists_the_roster),
    ("every_check_and_rules_answer_states_its_coverage", every_answer_states_its_coverage),
    (
        "court_names_the_court_wide_rules_of_any_profiled_district",
        court_names_the_court_wide_rules_of_any_profiled_district,
    ),
    ("judges_needs_district_id", judges_needs_district_id),
    ("rules_are_grouped_by_layer_and_filtered", rules_are_grouped_by_layer_and_filtered),
    ("rules_with_a_bad_enum_is_400_with_engine_details", rules_with_a_bad_enum_is_400),
    ("profile_is_the_engine_profile_trimmed_to_the_judge", profile_is_trimmed_to_the_judge),
    ("service_index_lists_the_endpoints", service_index_lists_the_endpoints),
    ("docs_urls_open_without_a_key", docs_urls_open_without_a_key),
    ("deadlines_read_accept_with_its_q_values_and_vary_on_it", deadlines_negotiate_accept),
    ("deadlines_read_a_whole_number_written_7_0_as_7", deadlines_read_integral_floats),
    ("the_courts_errors_md_names_are_what_the_data_and_server_say", errors_md_matches_the_data),
];

fn general_error(reply: &Reply, status: u16) -> &Value {
    let body = reply.expect(status);
    for field in ["error", "suggestion", "docs_url"] {
        assert!(body[field].as_str().is_some_and(|text| !text.is_empty()), "no `{field}` in {body}");
    }
    body
}

fn paths(body: &Value) -> Vec<&str> {
    body["details"].as_array().expect("details").iter().map(|detail| detail["path"].as_str().unwrap()).collect()
}

fn missing_authorization_is_401(api: &Api) {
    let reply = api.server.get("/api/v1/judges?district_id=edny", None);
    let body = general_error(&reply, 401);
    assert!(body["error"].as_str().unwrap().contains("missing"));
    assert_eq!(reply.header("www-authenticate"), Some("Bearer"));
    let reply = api.server.post_json("/api/v1/check", None, check_request().to_string().as_bytes());
    general_error(&reply, 401);
}

fn malformed_authorization_is_401(api: &Api) {
    for header in
        ["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Token abc", &api.all, &format!("Bearer {} extra", api.all)]
    {
        let reply = api.server.get_with_authorization("/api/v1/judges?district_id=edny", header);
        general_error(&reply, 401);
    }
}

fn unknown_key_is_403(api: &Api) {
    let forged = format!("crk_000000000000_{}", "0".repeat(64));
    let mut tampered = api.all.clone();
    let last = tampered.pop().unwrap();
    tampered.push(if last == '0' { '1' } else { '0' });
    for key in ["not-a-key", forged.as_str(), tampered.as_str()] {
        let reply = api.server.get("/api/v1/judges?district_id=edny", Some(key));
        let body = general_error(&reply, 403);
        assert!(body.get("district").is_none());
    }
}

/// Every operation of /openapi.json that declares a 403 answers an invalid key with a
/// body its declared 403 schema accepts (the general body: a client generated from the
/// document must be able to read it).
fn invalid_key_403_matches_the_openapi_schema(api: &Api) {
    let doc = api.server.get("/openapi.json", None).expect(200).clone();
    let invalid = "crk_000000000000_00";
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().unwrap() {
            let Some(schema) = operation["responses"]["403"]["content"]["application/json"].get("schema") else {
                continue;
            };
            let concrete = path
                .replace("{district_id}", "edny")
                .replace("{judge_slug}", "avery-sample")
                .replace("{draft_id}", "no-such-draft")
                .replace("{version}", "1")
                .replace("{id}", "no-such-document")
                .replace("{name}", "errors");
            assert!(!concrete.contains('{'), "{path}: a path parameter the test does not fill");
            let reply = match method.as_str() {
                "get" => api.server.get(&concrete, Some(invalid)),
                "post" => api.server.post_json(&concrete, Some(invalid), b"{}"),
                "delete" => {
                    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
                    let request =
                        agent.delete(api.server.url(&concrete)).header("Authorization", format!("Bearer {invalid}"));
                    Reply::from(request.call())
                }
                other => panic!("{path}: method {other} not covered by the test"),
            };
            let body = general_error(&reply, 403);
            let errors = schema_errors(&doc, schema, body);
            assert!(errors.is_empty(), "{method} {path}: the 403 body {body} does not match {schema}: {errors:?}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} operations declare a 403");
    // The structured 403 of a district outside the plan matches the same schema (and
    // only one of its `oneOf` branches).
    let schema = &doc["paths"]["/api/v1/judges"]["get"]["responses"]["403"]["content"]["application/json"]["schema"];
    let body = api.server.get("/api/v1/judges?district_id=edny", Some(&api.sdny_only)).expect(403).clone();
    assert!(body["district"].is_object(), "{body}");
    let errors = schema_errors(&doc, schema, &body);
    assert!(errors.is_empty(), "the 403 body {body} does not match {schema}: {errors:?}");
    // What the operations declared before, the structured body alone, does not fit an
    // invalid key's 403: the fault this test is for.
    let invalid = api.server.get("/api/v1/judges?district_id=edny", Some("crk_000000000000_00")).expect(403).clone();
    let structured_only = serde_json::json!({"$ref": "#/components/schemas/DistrictNotAccessibleBody"});
    assert!(!schema_errors(&doc, &structured_only, &invalid).is_empty(), "{invalid}");
}

/// Where `value` does not match `schema`, one of /openapi.json's (its `$ref`s to
/// `#/components/schemas` resolved in the document).
fn schema_errors(doc: &Value, schema: &Value, value: &Value) -> Vec<String> {
    let mut root = schema.clone();
    root["components"] = doc["components"].clone();
    let validator = jsonschema::validator_for(&root).expect("the OpenAPI schema is a valid JSON Schema");
    validator.iter_errors(value).map(|error| format!("{error} at {}", error.instance_path())).collect()
}

fn every_api_endpoint_needs_a_key(api: &Api) {
    for path in [
        "/api/v1",
        "/api/v1/judges?district_id=edny",
        "/api/v1/rules?district_id=edny&judge_slug=avery-sample",
        "/api/v1/profile?district_id=edny&judge_slug=avery-sample",
    ] {
        general_error(&api.server.get(path, None), 401);
    }
}

fn openapi_json_needs_no_key_and_describes_the_api(api: &Api) {
    let reply = api.server.get("/openapi.json", None);
    let doc = reply.expect(200);
    assert_eq!(doc["openapi"], "3.1.0");
    for path in ["/api/v1", "/api/v1/check", "/api/v1/rules", "/api/v1/judges", "/api/v1/profile"] {
        let item = &doc["paths"][path];
        assert!(item.is_object(), "{path} is not described");
        let operation = item.as_object().unwrap().values().next().unwrap();
        assert_eq!(operation["security"], json!([{"bearer": []}]), "{path} does not name the bearer scheme");
    }
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    for public in ["/openapi.json", "/docs/{name}"] {
        assert!(doc["paths"][public]["get"].is_object(), "{public} is not described");
        assert!(doc["paths"][public]["get"].get("security").is_none(), "{public} should be public");
    }
    for schema in ["CheckRequest", "CheckResponse", "LayeredRules", "Profile", "ValidationErrorBody"] {
        assert!(doc["components"]["schemas"][schema].is_object(), "no {schema} schema");
    }
}

fn known_district_outside_the_plan_is_403(api: &Api) {
    let reply = api.server.check(&api.sdny_only, &check_request());
    let body = general_error(&reply, 403);
    assert_eq!(body["district"]["district_id"], "edny");
    assert_eq!(body["district"]["name"], "U.S. District Court for the Eastern District of New York");
    assert_eq!(body["district"]["status"], "live");
    assert_eq!(body["district"]["judges_mapped"], roster_len("edny"));
    assert_eq!(body["accessible_districts"], json!(["sdny"]));
    assert!(body["contact"].as_str().unwrap().contains('@'));
    // The same on the GET endpoints.
    for path in ["/api/v1/judges?district_id=edny", "/api/v1/rules?district_id=edny&judge_slug=avery-sample"] {
        let reply = api.server.get(path, Some(&api.sdny_only));
        assert_eq!(general_error(&reply, 403)["district"]["district_id"], "edny");
    }
    // And the plan's own district is open to the key.
    api.server.get("/api/v1/judges?district_id=sdny", Some(&api.sdny_only)).expect(200);
}

fn unknown_district_is_404_error_only(api: &Api) {
    for key in [&api.sdny_only, &api.all] {
        let reply = api.server.check(key, &with("/district_id", json!("nowhere")));
        let body = reply.expect(404);
        assert_eq!(body.as_object().unwrap().keys().collect::<Vec<_>>(), vec!["error"]);
        let reply = api.server.get("/api/v1/judges?district_id=nowhere", Some(key));
        assert_eq!(reply.expect(404).as_object().unwrap().len(), 1);
    }
    // An id that differs from a court's (or an alias's) only in case, or in the order of
    // its letters, is still unknown, but the 404 names the id, as for an alias; other
    // unknown ids get no hint.
    let cases = [
        ("/api/v1/judges?district_id=EDNY", "unknown district `EDNY`; did you mean `edny`?"),
        ("/api/v1/courts/EDNY", "unknown district `EDNY`; did you mean `edny`?"),
        ("/api/v1/courts/Sdny/holidays", "unknown district `Sdny`; did you mean `sdny`?"),
        ("/api/v1/courts/NYED", "unknown district `NYED`; did you mean `edny`?"),
        ("/api/v1/courts/nyed", "unknown district `nyed`; did you mean `edny`?"),
        // The same letters in another order: state and district written the other way.
        ("/api/v1/courts/ndil", "unknown district `ndil`; did you mean `ilnd`?"),
        ("/api/v1/judges?district_id=DNH", "unknown district `DNH`; did you mean `nhd`?"),
        ("/api/v1/courts/NOWHERE", "unknown district `NOWHERE`"),
    ];
    for (path, error) in cases {
        let reply = api.server.get(path, Some(&api.all));
        assert_eq!(*reply.expect(404), json!({"error": error}), "{path}");
    }
    // Where the id's form is checked first (a check request, /rules), `EDNY` is a 400 at
    // `district_id`, which keeps the hint.
    let lowercase = "must contain only lowercase letters, digits, hyphens and underscores; did you mean `edny`?";
    let checked = api.server.check(&api.all, &with("/district_id", json!("EDNY")));
    assert_eq!(checked.expect(400)["details"], json!([{"path": "district_id", "message": lowercase}]));
    let rules = api.server.get("/api/v1/rules?district_id=EDNY&judge_slug=avery-sample", Some(&api.all));
    assert_eq!(rules.expect(400)["details"], json!([{"path": "district_id", "message": lowercase}]));
    let unknown = api.server.check(&api.all, &with("/district_id", json!("NOWHERE")));
    assert!(!unknown.expect(400)["details"][0]["message"].as_str().unwrap().contains("did you mean"));
}

fn revoked_key_is_403(api: &Api) {
    let key = api.server.workspace.create_key("to-revoke", "all");
    api.server.get("/api/v1/judges?district_id=edny", Some(&key)).expect(200);
    let id = key.split('_').nth(1).unwrap();
    let output = api.server.workspace.cli(&["keys", "revoke", id]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    // The server notices within its refresh interval (1 s by default).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let reply = api.server.get("/api/v1/judges?district_id=edny", Some(&key));
        if reply.status == 403 {
            general_error(&reply, 403);
            break;
        }
        assert!(Instant::now() < deadline, "the revoked key still works: {}", reply.text);
        std::thread::sleep(Duration::from_millis(100));
    }
    let listed = String::from_utf8_lossy(&api.server.workspace.cli(&["keys", "list"]).stdout).to_string();
    assert!(listed.contains("to-revoke") && listed.contains("revoked"), "{listed}");
    assert!(!listed.contains(&key), "keys list shows a secret");
}

fn judge_not_in_district_is_404(api: &Api) {
    let reply = api.server.check(&api.all, &with("/judge_slug", json!("judge-nobody")));
    let body = general_error(&reply, 404);
    assert!(body["suggestion"].as_str().unwrap().contains("/api/v1/judges?district_id=edny"), "{body}");
    // Where the judge list is empty (no roster), the court-wide rules are the way on.
    assert!(body["suggestion"].as_str().unwrap().contains("judge_slug=court"), "{body}");
    let reply = api.server.get("/api/v1/rules?district_id=edny&judge_slug=judge-nobody", Some(&api.all));
    general_error(&reply, 404);
    // A judge named by the last words of their slug is named back.
    for given in ["brodie", "k-brodie"] {
        let reply = api.server.check(&api.all, &with("/judge_slug", json!(given)));
        let body = general_error(&reply, 404);
        let message = body["error"].as_str().unwrap();
        assert!(message.ends_with("; did you mean `margo-k-brodie`?"), "{body}");
    }
}

fn live_court_without_a_profile_is_422(api: &Api) {
    let reply = api.server.check(&api.all, &with("/district_id", json!("ny-supreme-court-new-york-county")));
    let body = general_error(&reply, 422);
    assert_eq!(body["district"]["district_id"], "ny-supreme-court-new-york-county");
    assert_eq!(body["district"]["status"], "live");
    assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#no-compliance-profile"));
    // `/rules` answers a live court from its source documents (tests/e2e/catalogue.rs);
    // a court that is not live has nothing to answer with.
    let reply = api.server.get("/api/v1/rules?district_id=cand&judge_slug=someone", Some(&api.all));
    assert_eq!(general_error(&reply, 422)["district"]["status"], "coming_soon");
}

fn validation_400_names_exact_paths(api: &Api) {
    let cases = [
        (with("/document/page_count", json!(0)), "document.page_count"),
        (with("/document/format", json!({"margin_inches": -1})), "document.format.margin_inches"),
        (with("/document_scope", json!("brief")), "document_scope"),
        (with("/document/colour", json!("blue")), "document.colour"),
    ];
    for (request, path) in cases {
        let reply = api.server.check(&api.all, &request);
        let body = reply.expect(400);
        assert_eq!(paths(body), vec![path], "{body}");
        assert!(body["docs_url"].as_str().unwrap().ends_with("/docs/errors#validation"));
        assert!(body["error"].as_str().is_some());
    }
    let mut unknown = check_request();
    unknown["extra"] = json!(true);
    let body = api.server.check(&api.all, &unknown).expect(400).clone();
    assert_eq!(paths(&body), vec!["extra"]);
    assert!(body["details"][0]["message"].as_str().unwrap().contains("unknown field"));
    // Every problem at once, in field order.
    let mut several = with("/document/page_count", json!(0));
    several.as_object_mut().unwrap().remove("filing_role");
    let body = api.server.check(&api.all, &several).expect(400).clone();
    assert_eq!(paths(&body), vec!["filing_role", "document.page_count"]);
}

fn invalid_request_for_an_unknown_district_is_400(api: &Api) {
    let mut request = with("/district_id", json!("nowhere"));
    request["document"]["page_count"] = json!(0);
    let body = api.server.check(&api.all, &request).expect(400).clone();
    assert_eq!(paths(&body), vec!["document.page_count"]);
    // Outside the plan too: validation comes before the district.
    let body = api.server.check(&api.sdny_only, &with("/document/page_count", json!(0))).expect(400).clone();
    assert_eq!(paths(&body), vec!["document.page_count"]);
}

fn post_without_json_content_type_is_415_json(api: &Api) {
    let body = check_request().to_string();
    for content_type in [None, Some("text/plain"), Some("application/x-www-form-urlencoded")] {
        let reply = api.server.post("/api/v1/check", Some(&api.all), content_type, body.as_bytes());
        general_error(&reply, 415);
    }
    let reply =
        api.server.post("/api/v1/check", Some(&api.all), Some("application/json; charset=utf-8"), body.as_bytes());
    reply.expect(200);
    // A compressed body is refused as such, not read as JSON that is not valid.
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    for coding in ["gzip", "br", "identity, gzip"] {
        let response = agent
            .post(api.server.url("/api/v1/check"))
            .header("Authorization", format!("Bearer {}", api.all))
            .header("Content-Type", "application/json")
            .header("Content-Encoding", coding)
            .send(body.as_bytes())
            .unwrap();
        let reply = Reply::from(Ok(response));
        let json = general_error(&reply, 415);
        assert!(json["error"].as_str().unwrap().contains("Content-Encoding"), "{json}");
        assert_eq!(reply.header("accept-encoding"), Some("identity"));
    }
}

fn malformed_json_is_400_json(api: &Api) {
    for body in [&b"{\"judge_slug\":"[..], b"", b"not json", b"{\"a\":1}}"] {
        let reply = api.server.post_json("/api/v1/check", Some(&api.all), body);
        let json = reply.expect(400);
        assert_eq!(json["error"], "the request body is not valid JSON");
        assert_eq!(paths(json), vec![""]);
    }
    // JSON that is not an object is a validation problem of the body itself.
    let body = api.server.post_json("/api/v1/check", Some(&api.all), b"[1,2]").expect(400).clone();
    assert_eq!(paths(&body), vec![""]);
}

fn body_over_the_limit_is_413_json(api: &Api) {
    let mut request = check_request();
    request["padding"] = json!("x".repeat(2 * 1024 * 1024));
    let oversize = request.to_string();
    let (status, body) = api.server.post_raw("/api/v1/check", &api.all, oversize.as_bytes());
    assert_eq!(status, 413, "{body}");
    assert!(body["error"].as_str().unwrap().contains("1048576"), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("#payload-too-large"));
    // Authentication comes first, even when Content-Length already says the body is
    // too large (docs/errors.md, "Order of checks")…
    let reply = api.server.post_raw_reply("/api/v1/check", None, oversize.as_bytes());
    assert_eq!(reply.status, 401, "{}", reply.text);
    let reply = api.server.post_raw_reply("/api/v1/check", Some("crk_000000000000_00"), oversize.as_bytes());
    assert_eq!(reply.status, 403, "{}", reply.text);
    // …and a valid key's 413 is counted, with its rate-limit headers.
    let reply = api.server.post_raw_reply("/api/v1/check", Some(&api.all), oversize.as_bytes());
    assert_eq!(reply.status, 413, "{}", reply.text);
    let remaining: u32 = reply.header("x-ratelimit-remaining").expect("rate-limit headers on a 413").parse().unwrap();
    let reply = api.server.check(&api.all, &check_request());
    let after: u32 = reply.header("x-ratelimit-remaining").unwrap().parse().unwrap();
    assert_eq!(after + 1, remaining, "the 413 counted against the key");
    // The MCP endpoint carries classify_document's PDFs, so it has /classify's limit
    // (room for a 22 MiB PDF in base64), not the 1 MiB one: a 2 MiB body is read, and
    // refused for what is wrong with the request (no `Accept` for the transport's two
    // answers), in words of its own, as a client's mistake…
    let reply = api.server.post_raw_reply("/mcp", Some(&api.all), oversize.as_bytes());
    assert_eq!(reply.status, 406, "{}", reply.text);
    assert!(reply.json["error"].as_str().unwrap().contains("must accept both"), "{}", reply.text);
    assert!(reply.json["docs_url"].as_str().unwrap().ends_with("/docs/mcp#errors-over-http"), "{}", reply.text);
    // …and a body over that limit gets the 413, naming the route's limit.
    let mut request = check_request();
    request["padding"] = json!("x".repeat(31 * 1024 * 1024));
    let reply = api.server.post_raw_reply("/mcp", Some(&api.all), request.to_string().as_bytes());
    assert_eq!(reply.status, 413, "{}", reply.text);
    assert!(reply.json["error"].as_str().unwrap().contains("limit of /mcp"), "{}", reply.text);
    assert!(reply.json["docs_url"].as_str().unwrap().ends_with("#payload-too-large"), "{}", reply.text);
}

fn unknown_routes_and_wrong_methods_answer_json(api: &Api) {
    general_error(&api.server.get("/api/v2/check", Some(&api.all)), 404);
    general_error(&api.server.get("/nothing-here", None), 404);
    general_error(&api.server.get("/api/v1/check", Some(&api.all)), 405);
    general_error(&api.server.post_json("/api/v1/judges", Some(&api.all), b"{}"), 405);
}

fn request_id_is_generated_or_echoed(api: &Api) {
    let reply = api.server.get("/api/v1/judges?district_id=edny", Some(&api.all));
    assert!(reply.header("x-request-id").is_some_and(|id| id.len() >= 16));
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let response = agent
        .get(api.server.url("/api/v1/judges?district_id=edny"))
        .header("x-request-id", "trace-me-123")
        .call()
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-123");
}

fn cors_preflight_allows_authorization_and_content_type(api: &Api) {
    // A preflight from another origin: its allowed methods and headers, lowercase.
    let preflight = |path: &str, method: &str, headers: &str| {
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let response = agent
            .options(api.server.url(path))
            .header("Origin", "https://drafting.example")
            .header("Access-Control-Request-Method", method)
            .header("Access-Control-Request-Headers", headers)
            .call()
            .unwrap();
        assert!(response.status().is_success());
        assert!(response.headers().contains_key("access-control-allow-origin"));
        let header = |name: &str| response.headers()[name].to_str().unwrap().to_lowercase();
        (header("access-control-allow-methods"), header("access-control-allow-headers"))
    };
    let (_, allowed) = preflight("/api/v1/check", "POST", "authorization,content-type");
    assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
    // A page on another origin can withdraw a layer (DELETE) and revalidate a PDF it
    // keeps (If-None-Match).
    let (methods, allowed) =
        preflight("/api/v1/standing-order-layers/edny/avery-sample", "DELETE", "authorization,if-none-match");
    assert!(methods.split(',').any(|method| method.trim() == "delete"), "{methods}");
    assert!(allowed.contains("if-none-match"), "{allowed}");
}

fn results(body: &Value) -> &Vec<Value> {
    body["results"].as_array().expect("results")
}

fn categories(body: &Value) -> Vec<&str> {
    results(body).iter().map(|result| result["category"].as_str().unwrap()).collect()
}

fn only_counts_run_the_count_checks(api: &Api) {
    // Avery Sample: page limit and PMC; Blake Example: filing gate, bundling, courtesy copy.
    let avery = api.server.check(&api.all, &check_request()).expect(200).clone();
    let blake = api.server.check(&api.all, &with("/judge_slug", json!("blake-example"))).expect(200).clone();
    let mut ran: Vec<&str> = categories(&avery).into_iter().chain(categories(&blake)).collect();
    ran.sort();
    ran.dedup();
    assert_eq!(ran, vec!["BUNDLING", "COURTESY_COPY", "FILING_GATE", "PAGE_LIMIT", "PMC", "WORD_LIMIT"]);
    for body in [&avery, &blake] {
        let skipped: Vec<&str> =
            body["meta"]["skipped"].as_array().unwrap().iter().map(|s| s["category"].as_str().unwrap()).collect();
        for category in ["STRUCTURE", "FORMAT", "PRIVACY"] {
            assert!(skipped.contains(&category), "{category} not counted as skipped: {skipped:?}");
        }
        assert_eq!(body["meta"]["checks_skipped"], skipped.len());
        assert_eq!(body["meta"]["checks_run"], results(body).len());
    }
}

fn completed_pmc_passes_and_missing_pmc_fails(api: &Api) {
    let pmc = |body: &Value| results(body).iter().find(|r| r["category"] == "PMC").expect("a PMC result").clone();
    let done = api.server.check(&api.all, &check_request()).expect(200).clone();
    assert_eq!(pmc(&done)["status"], "PASS");
    assert_eq!(done["summary"]["status"], "COMPLIANT");
    let missing = api.server.check(&api.all, &with("/pmc_completed", json!(false))).expect(200).clone();
    assert_eq!(pmc(&missing)["status"], "FAIL");
    assert_eq!(missing["summary"]["status"], "NON_COMPLIANT");
}

fn page_count_over_the_limit_fails(api: &Api) {
    let body = api.server.check(&api.all, &with("/document/page_count", json!(30))).expect(200).clone();
    let page = results(&body).iter().find(|r| r["category"] == "PAGE_LIMIT").expect("a page-limit result");
    assert_eq!(page["severity"], "CRITICAL");
    assert_eq!(page["status"], "FAIL");
    assert_eq!(page["layer"], "standing_order", "the judge's limit takes precedence");
    assert_eq!(body["summary"]["status"], "NON_COMPLIANT");
    assert_eq!(body["judge"], json!({"slug": "avery-sample", "name": "Avery Sample"}));
}

fn courtesy_copy_filing_gate_and_bundling_are_action_items(api: &Api) {
    let body = api.server.check(&api.all, &with("/judge_slug", json!("blake-example"))).expect(200).clone();
    for category in ["COURTESY_COPY", "FILING_GATE", "BUNDLING"] {
        let result =
            results(&body).iter().find(|r| r["category"] == category).unwrap_or_else(|| panic!("no {category}"));
        assert_eq!(result["status"], "ACTION_REQUIRED", "{result}");
    }
    assert_eq!(body["summary"]["status"], "REVIEW");
    assert_eq!(body["summary"]["action_items"], 3);
}

fn supplied_sections_run_their_checks(api: &Api) {
    let mut request = check_request();
    request["document"]["format"] =
        json!({"primary_font_size_pt": 10, "footnote_font_size_pt": 10, "margin_inches": 1, "line_spacing": "double"});
    request["document"]["privacy"] = json!({"contains_full_ssn": true});
    let body = api.server.check(&api.all, &request).expect(200).clone();
    let ran = categories(&body);
    assert!(ran.contains(&"FORMAT") && ran.contains(&"PRIVACY"), "{ran:?}");
    let ssn =
        results(&body).iter().find(|r| r["category"] == "PRIVACY" && r["status"] == "FAIL").expect("an SSN failure");
    assert_eq!(ssn["severity"], "CRITICAL");
    assert_eq!(body["summary"]["status"], "NON_COMPLIANT");
}

fn summary_counts_match_the_results(api: &Api) {
    for judge in
        ["avery-sample", "blake-example", "casey-placeholder", "drew-specimen", "emery-demo", "finley-fictional"]
    {
        let mut request = with("/judge_slug", json!(judge));
        request["document"]["page_count"] = json!(22);
        request["pmc_completed"] = json!(false);
        let body = api.server.check(&api.all, &request).expect(200).clone();
        let count = |status: &str| results(&body).iter().filter(|r| r["status"] == status).count();
        let summary = &body["summary"];
        assert_eq!(summary["failures"], count("FAIL"), "{judge}");
        assert_eq!(summary["passes"], count("PASS"), "{judge}");
        assert_eq!(summary["action_items"], count("ACTION_REQUIRED"), "{judge}");
        let warnings = results(&body).iter().filter(|r| r["status"] == "FAIL" && r["severity"] == "WARNING").count();
        assert_eq!(summary["warnings"], warnings, "{judge}");
        let expected = if count("FAIL") > 0 {
            "NON_COMPLIANT"
        } else if count("ACTION_REQUIRED") > 0 {
            "REVIEW"
        } else {
            "COMPLIANT"
        };
        assert_eq!(summary["status"], expected, "{judge}");
    }
}

fn check_is_deterministic(api: &Api) {
    let request = with("/judge_slug", json!("blake-example"));
    let first = api.server.check(&api.all, &request);
    let second = api.server.check(&api.all, &request);
    assert_eq!(first.status, 200);
    assert_eq!(first.text, second.text);
}

fn judges_lists_the_roster(api: &Api) {
    let body = api.server.get("/api/v1/judges?district_id=edny", Some(&api.all)).expect(200).clone();
    assert_eq!(body["district_id"], "edny");
    let judges = body["judges"].as_array().unwrap();
    let real: Vec<&Value> = judges.iter().filter(|j| j["sample"] == false).collect();
    // Sample judges are listed, marked, and counted apart.
    assert_eq!(body["meta"]["total"], real.len());
    assert_eq!(body["meta"]["total"], roster_len("edny"));
    assert_eq!(body["meta"]["sample"], judges.len() - real.len());
    assert_eq!(body["meta"]["profiled"], real.iter().filter(|j| j["has_profile"] == true).count());
    let avery = judges.iter().find(|j| j["slug"] == "avery-sample").expect("Avery Sample");
    for field in [
        "slug",
        "name",
        "has_profile",
        "judge_type",
        "bio",
        "chambers",
        "profile_url",
        "coverage_level",
        "sample",
        "source",
        "as_of",
    ] {
        assert!(avery.get(field).is_some(), "no {field}");
    }
    assert_eq!((avery["judge_type"].as_str(), avery["sample"].as_bool()), (Some("district"), Some(true)));
    assert_eq!(avery["coverage_level"], "sample");
    // A live court without judge data has an empty roster.
    let state = api.server.get("/api/v1/judges?district_id=ny-supreme-court-new-york-county", Some(&api.all));
    assert_eq!(state.expect(200)["meta"], json!({"total": 0, "profiled": 0, "sample": 0, "roster_as_of": null}));
}

fn every_answer_states_its_coverage(api: &Api) {
    // A real judge whose practices are not encoded: one action item, the verdict at best REVIEW.
    let judge = "jennifer-h-rearden";
    let mut request = with("/district_id", json!("sdny"));
    request["judge_slug"] = json!(judge);
    request["document"]["page_count"] = json!(20);
    let body = api.server.check(&api.all, &request).expect(200).clone();
    let coverage: Vec<&Value> = results(&body).iter().filter(|r| r["category"] == "COVERAGE").collect();
    assert_eq!(coverage.len(), 1, "{body}");
    assert_eq!(coverage[0]["status"], "ACTION_REQUIRED");
    assert!(coverage[0]["message"].as_str().unwrap().contains("https://nysd.uscourts.gov/hon-jennifer-h-rearden"));
    assert_ne!(body["summary"]["status"], "COMPLIANT");
    let note = body["meta"]["coverage_note"].as_str().unwrap();
    assert!(note.starts_with("Applied: FRCP (in force from 2024-12-01; current as of 2024-12-01;"), "{note}");
    assert!(note.contains("Local Civil Rules of the S.D.N.Y. and E.D.N.Y."), "{note}");
    assert!(note.contains("Not encoded: Judge Jennifer H. Rearden's individual practices"), "{note}");
    assert_eq!(body["meta"]["coverage"]["level"], "district");
    // The rules view says the same.
    let rules = api
        .server
        .get(&format!("/api/v1/rules?district_id=sdny&judge_slug={judge}"), Some(&api.all))
        .expect(200)
        .clone();
    assert_eq!(rules["meta"]["coverage_note"], body["meta"]["coverage_note"]);
    // Sample data says so.
    let avery = api.server.check(&api.all, &check_request()).expect(200).clone();
    assert!(avery["meta"]["coverage_note"].as_str().unwrap().contains("Avery Sample is sample data"), "{avery}");
    assert_eq!(avery["meta"]["coverage"]["level"], "sample");
}

fn court_names_the_court_wide_rules_of_any_profiled_district(api: &Api) {
    for district in ["edny", "sdny", "ilnd", "txnd", "mied", "miwd", "nhd", "idd", "ord"] {
        let mut request = with("/district_id", json!(district));
        request["judge_slug"] = json!("court");
        let body = api.server.check(&api.all, &request).expect(200).clone();
        assert_eq!(body["judge"]["slug"], "court", "{district}");
        assert!(body["meta"]["coverage_note"].as_str().unwrap().contains("the assigned judge's individual practices"));
        let profile = api
            .server
            .get(&format!("/api/v1/profile?district_id={district}&judge_slug=court"), Some(&api.all))
            .expect(200)
            .clone();
        assert_eq!(profile["judges"], json!([]), "{district}");
        api.server.get(&format!("/api/v1/rules?district_id={district}&judge_slug=court"), Some(&api.all)).expect(200);
    }
    // In a district without a roster, any other slug is still unknown.
    let mut request = with("/district_id", json!("ilnd"));
    request["judge_slug"] = json!("someone");
    general_error(&api.server.check(&api.all, &request), 404);
}

/// The shipped roster size of a district (`data/rosters/<id>.json`).
fn roster_len(district: &str) -> usize {
    let path = common::repo_data().join(format!("rosters/{district}.json"));
    let roster: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    roster["judges"].as_array().unwrap().len()
}

fn judges_needs_district_id(api: &Api) {
    let body = api.server.get("/api/v1/judges", Some(&api.all)).expect(400).clone();
    assert_eq!(paths(&body), vec!["district_id"]);
    assert_eq!(body["error"], "the query is invalid (1 problem)");
    // Every problem at once: an empty id, and a parameter the endpoint does not take.
    let body = api.server.get("/api/v1/judges?district_id=&judge_slug=x", Some(&api.all)).expect(400).clone();
    assert_eq!(paths(&body), vec!["district_id", "judge_slug"]);
    assert_eq!(body["error"], "the query is invalid (2 problems)");
    assert_eq!(body["details"][0]["message"], "must not be empty");
    assert_eq!(body["details"][1]["message"], "unknown parameter; this endpoint takes district_id");
    // A parameter given twice is refused, not read one way or the other; so on /rules,
    // whose query the engine validates.
    for path in [
        "/api/v1/judges?district_id=edny&district_id=sdny",
        "/api/v1/rules?district_id=edny&judge_slug=court&district_id=edny",
    ] {
        let body = api.server.get(path, Some(&api.all)).expect(400).clone();
        assert_eq!(paths(&body), vec!["district_id"], "{path}: {body}");
        assert_eq!(body["details"][0]["message"], "appears more than once; give each parameter once");
    }
}

fn rules_are_grouped_by_layer_and_filtered(api: &Api) {
    let all =
        api.server.get("/api/v1/rules?district_id=edny&judge_slug=avery-sample", Some(&api.all)).expect(200).clone();
    let count = |body: &Value, group: &str| body["rules"][group].as_array().unwrap().len();
    let total = count(&all, "frcp") + count(&all, "local_rules") + count(&all, "standing_order");
    assert_eq!(all["meta"]["total_rules"], total);
    assert_eq!(all["judge"]["slug"], "avery-sample");
    assert!(count(&all, "frcp") > 0 && count(&all, "local_rules") > 0 && count(&all, "standing_order") > 0);
    let letter = api
        .server
        .get("/api/v1/rules?district_id=edny&judge_slug=avery-sample&document_scope=letter", Some(&api.all))
        .expect(200)
        .clone();
    let keys: Vec<&str> =
        letter["rules"]["standing_order"].as_array().unwrap().iter().map(|r| r["rule_key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"PageLimit:letter") && !keys.contains(&"PageLimit:memorandum"), "{keys:?}");
    assert!(letter["meta"]["total_rules"].as_u64().unwrap() < total as u64);
}

fn rules_with_a_bad_enum_is_400(api: &Api) {
    let body = api
        .server
        .get(
            "/api/v1/rules?district_id=edny&judge_slug=avery-sample&document_scope=brief&motion_type=Rule_99",
            Some(&api.all),
        )
        .expect(400)
        .clone();
    assert_eq!(paths(&body), vec!["document_scope", "motion_type"]);
    assert!(body["details"][0]["message"].as_str().unwrap().contains("brief_support"));
    // Worded as every GET endpoint words its query's problems.
    assert_eq!(body["error"], "the query is invalid (2 problems)");
    let body = api
        .server
        .get("/api/v1/rules?district_id=edny&judge_slug=court&colour=red", Some(&api.all))
        .expect(400)
        .clone();
    assert_eq!(paths(&body), vec!["colour"]);
    assert!(
        body["details"][0]["message"].as_str().unwrap().starts_with("unknown parameter; this endpoint takes"),
        "{body}"
    );
    // Missing parameters are named too, also for an unknown district.
    let body = api.server.get("/api/v1/rules?district_id=nowhere&motion_type=bad", Some(&api.all)).expect(400).clone();
    assert_eq!(paths(&body), vec!["judge_slug", "motion_type"]);
    let body = api.server.get("/api/v1/rules?judge_slug=avery-sample", Some(&api.all)).expect(400).clone();
    assert_eq!(paths(&body), vec!["district_id"]);
}

fn profile_is_trimmed_to_the_judge(api: &Api) {
    let body =
        api.server.get("/api/v1/profile?district_id=edny&judge_slug=blake-example", Some(&api.all)).expect(200).clone();
    assert_eq!(body["format_version"], 2);
    assert_eq!(body["district"]["district_id"], "edny");
    let judges = body["judges"].as_array().unwrap();
    assert_eq!(judges.len(), 1);
    assert_eq!(judges[0]["slug"], "blake-example");
    assert!(judges[0]["standing_order"]["rules"].as_array().is_some_and(|rules| !rules.is_empty()));
    // The national and local layers whole, as in the data pack.
    let shipped: Value =
        serde_json::from_slice(&std::fs::read(common::repo_data().join("profiles/edny.json")).unwrap()).unwrap();
    let layer = |value: &Value| serde_json::from_value::<RuleLayer>(value.clone()).expect("a rule layer");
    assert!(layer(&body["national"]) == layer(&shipped["national"]), "the national layer differs from the data pack");
    assert!(layer(&body["local"]) == layer(&shipped["local"]), "the local layer differs from the data pack");
    general_error(&api.server.get("/api/v1/profile?district_id=edny&judge_slug=nobody", Some(&api.all)), 404);
    let reply =
        api.server.get("/api/v1/profile?district_id=ny-supreme-court-new-york-county&judge_slug=x", Some(&api.all));
    general_error(&reply, 422);
    let body = api.server.get("/api/v1/profile", Some(&api.all)).expect(400).clone();
    assert_eq!(paths(&body), vec!["judge_slug", "district_id"]);
    assert_eq!(body["error"], "the query is invalid (2 problems)");
    let reply = api.server.get("/api/v1/profile?district_id=edny&judge_slug=a&motion_type=x", Some(&api.all));
    let body = reply.expect(400);
    assert_eq!(paths(body), vec!["motion_type"]);
    assert_eq!(body["error"], "the query is invalid (1 problem)");
}

fn service_index_lists_the_endpoints(api: &Api) {
    let body = api.server.get("/api/v1", Some(&api.all)).expect(200).clone();
    assert_eq!(body["name"], "courtrules");
    let version = body["version"].as_str().unwrap();
    let parts: Vec<u32> = version.split('.').map(|part| part.parse().unwrap()).collect();
    assert!(parts.len() == 3 && parts[0] == 0, "version {version}");
    assert!(body["docs"].as_str().unwrap().starts_with("http"));
    let endpoints: Vec<String> = body["endpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{} {}", e["method"].as_str().unwrap(), e["path"].as_str().unwrap()))
        .collect();
    for endpoint in
        ["POST /api/v1/check", "GET /api/v1/rules", "GET /api/v1/judges", "GET /api/v1/profile", "GET /openapi.json"]
    {
        assert!(endpoints.iter().any(|known| known == endpoint), "{endpoint} not in {endpoints:?}");
    }
}

fn docs_urls_open_without_a_key(api: &Api) {
    let body = api.server.check(&api.all, &with("/document/page_count", json!(0))).expect(400).clone();
    let url = body["docs_url"].as_str().unwrap();
    let (page, anchor) = url.split_once('#').unwrap();
    let path = page.strip_prefix(&api.server.base).expect("docs_url points at this server");
    let reply = api.server.get(path, None);
    assert_eq!(reply.status, 200);
    assert!(reply.content_type.starts_with("text/html"));
    assert!(reply.text.contains(&format!("id=\"{anchor}\"")), "no #{anchor} on the page");
    assert_eq!(api.server.get("/docs/errors.md", None).status, 200);
}

/// `POST /deadlines` reads `Accept` with its q-values: the more acceptable form wins,
/// JSON on a tie or without the header, q=0 refuses a form, and neither acceptable is a
/// 406 with the general body. Every answer carries `Vary: Accept`.
fn deadlines_negotiate_accept(api: &Api) {
    const PATH: &str = "/api/v1/deadlines";
    let body = json!({"district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2021-11-12"}).to_string();
    let varies = |reply: &Reply| {
        reply.headers.iter().any(|(name, value)| {
            name.eq_ignore_ascii_case("vary") && value.split(',').any(|v| v.trim().eq_ignore_ascii_case("accept"))
        })
    };
    // No Accept header at all (a raw request): JSON.
    let bare = api.server.post_raw_reply(PATH, Some(&api.all), body.as_bytes());
    assert!(bare.expect(200)["deadlines"].is_array(), "{}", bare.text);
    assert!(varies(&bare), "{:?}", bare.headers);
    let json_text = bare.text.clone();
    let calendar = |accept: &str| {
        let reply = api.server.post_json_with(PATH, &api.all, &[("Accept", accept)], body.as_bytes());
        assert_eq!(reply.status, 200, "Accept: {accept}: {}", reply.text);
        assert!(varies(&reply), "Accept: {accept}: {:?}", reply.headers);
        reply
    };
    for accept in [
        "application/json",
        "*/*",
        "application/json, text/calendar",
        "application/json, text/calendar;q=0.1",
        "text/calendar;q=0, */*",
        "text/calendar;q=0, application/json",
        "text/calendar;q=0.5, application/*;q=0.5",
        "text/calendar;q=2",
        // No well-formed media range (docs/deadlines.md): the header is ignored.
        "garbage///",
        "a/b/c",
    ] {
        let reply = calendar(accept);
        assert!(reply.content_type.starts_with("application/json"), "Accept: {accept}: {}", reply.content_type);
        assert_eq!(reply.text, json_text, "Accept: {accept}");
    }
    for accept in ["text/calendar", "text/*", "application/json;q=0.5, text/calendar", "*/*;q=0.1, text/calendar"] {
        let reply = calendar(accept);
        assert!(reply.content_type.starts_with("text/calendar"), "Accept: {accept}: {}", reply.content_type);
        assert!(reply.text.starts_with("BEGIN:VCALENDAR"), "Accept: {accept}: {}", reply.text);
    }
    for accept in ["text/calendar;q=0", "text/html", "*/*;q=0", "application/json;q=0, text/calendar;q=0"] {
        let reply = api.server.post_json_with(PATH, &api.all, &[("Accept", accept)], body.as_bytes());
        let refused = general_error(&reply, 406);
        assert!(refused["docs_url"].as_str().unwrap().ends_with("/docs/errors#not-acceptable"), "{refused}");
        assert!(refused["error"].as_str().unwrap().contains("text/calendar"), "{refused}");
        assert!(varies(&reply), "Accept: {accept}: {:?}", reply.headers);
    }

    // No deadline follows a motion's filing: a calendar would hold no event (RFC 5545
    // wants one). JSON when the header takes it too, else 406 saying why.
    let nothing = json!({"district_id": "sdny", "trigger": "motion_filed", "trigger_date": "2021-11-12"}).to_string();
    let reply = api.server.post_json_with(PATH, &api.all, &[("Accept", "text/calendar")], nothing.as_bytes());
    let refused = general_error(&reply, 406);
    assert!(refused["docs_url"].as_str().unwrap().ends_with("/docs/errors#no-calendar-events"), "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("(the motion was filed)"), "{refused}");
    assert!(varies(&reply), "{:?}", reply.headers);
    let reply = api.server.post_json_with(
        PATH,
        &api.all,
        &[("Accept", "text/calendar, application/json;q=0.5")],
        nothing.as_bytes(),
    );
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert!(reply.content_type.starts_with("application/json"), "{}", reply.content_type);
    assert_eq!(reply.expect(200)["deadlines"], json!([]));
}

/// A period of `7.0` days is 7 days, as JSON Schema (and so /openapi.json and the MCP
/// tool's schema) counts it: the same answer, byte for byte, as `7`; `7.5` is refused.
fn deadlines_read_integral_floats(api: &Api) {
    let body = |amount: &str| {
        format!(
            r#"{{"district_id": "sdny", "trigger": "hearing", "trigger_date": "2026-03-02", "period_keys": [],
                "custom_periods": [{{"label": "Joint letter", "amount": {amount}, "unit": "days",
                                     "direction": "before", "citation": "Order of 2 February 2026"}}]}}"#
        )
    };
    let whole = api.server.post_json("/api/v1/deadlines", Some(&api.all), body("7").as_bytes());
    assert_eq!(whole.expect(200)["deadlines"][0]["due_date"], "2026-02-23", "{}", whole.text);
    let written = api.server.post_json("/api/v1/deadlines", Some(&api.all), body("7.0").as_bytes());
    assert_eq!(written.status, 200, "{}", written.text);
    assert_eq!(written.text, whole.text);
    let fraction = api.server.post_json("/api/v1/deadlines", Some(&api.all), body("7.5").as_bytes());
    let details = &fraction.expect(400)["details"];
    assert_eq!(details[0]["path"], "custom_periods[0].amount", "{}", fraction.text);
}

/// The courts docs/errors.md names: the 422 example is one `/check` really answers with
/// (the body as shown), and the courts it says have judge data are those with a roster.
fn errors_md_matches_the_data(api: &Api) {
    let errors =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/errors.md")).unwrap();
    let section = errors.split("\n## No compliance profile\n").nth(1).expect("the 422 section").split("\n## ").next();
    let example = section.unwrap().split("```json\n").nth(1).and_then(|rest| rest.split("\n```").next()).unwrap();
    let example: Value = serde_json::from_str(example).expect("the 422 example is JSON");
    let district = example["district"]["district_id"].as_str().unwrap();
    let reply = api.server.check(&api.all, &with("/district_id", json!(district)));
    let body = general_error(&reply, 422);
    for field in ["error", "suggestion", "district"] {
        assert_eq!(body[field], example[field], "docs/errors.md's 422 example, `{field}`");
    }
    let docs_url = body["docs_url"].as_str().unwrap();
    assert_eq!(&docs_url[docs_url.find("/docs/").unwrap()..], "/docs/errors#no-compliance-profile");

    // "A court without a judge roster (today every court but `edny` and `sdny`; …)".
    let claim = errors.split("(today every court but ").nth(1).expect("the judge-data claim").split(';').next();
    let named: Vec<&str> = claim.unwrap().split('`').skip(1).step_by(2).collect();
    let courts = api.server.get("/api/v1/courts", Some(&api.all)).expect(200).clone();
    assert_eq!(courts["meta"]["districts_with_data"], named.len(), "docs/errors.md names {named:?}");
    for district in named {
        let court = api.server.get(&format!("/api/v1/courts/{district}"), Some(&api.all)).expect(200).clone();
        assert!(court["judges_mapped"].as_u64().is_some_and(|n| n > 0), "{district}: {court}");
        assert_eq!(court["judges_mapped"], roster_len(district), "{district}");
    }
}
