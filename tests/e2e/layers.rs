//! Organisations' private standing-order layers end to end: the real binary, keys made
//! with the CLI (each in an organisation of its own, or joined to one with
//! `--organisation`), a judge's practices document read into a draft, reviewed rules
//! accepted as versions of the organisation's layer, and the version in force enforced in
//! that organisation's `/check`, `/rules` and `/profile` — and in nobody else's.
//!
//! Runs on the workspace's database: SQLite, or PostgreSQL when
//! `COURTRULES_TEST_POSTGRES` names a server (`./scripts/test postgres`). Every test makes
//! keys (and so organisations) of its own, so the tests do not depend on one another; a
//! key may send 5 documents a minute (`classify` group), so tests that send more use
//! several keys of one organisation.

mod common;

use base64::Engine as _;
use common::{Reply, Server, Test, with};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::sync::{Arc, Barrier};
use std::time::Duration;

struct Layers {
    server: Server,
    /// For the methods `Server` has no helper for (DELETE).
    agent: ureq::Agent,
}

fn main() -> std::process::ExitCode {
    common::run(
        || {
            let agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(Duration::from_secs(60)))
                .build()
                .into();
            Layers { server: Server::start(&[]), agent }
        },
        TESTS,
    )
}

const TESTS: &[Test<Layers>] = &[
    ("a_pdf_becomes_a_draft_then_an_enforced_layer", a_pdf_becomes_an_enforced_layer),
    ("other_organisations_see_the_published_order_and_none_of_the_ids", organisations_are_isolated),
    ("versions_are_kept_and_a_withdrawal_restores_the_published_order", versions_and_withdrawal),
    ("invalid_rules_and_documents_are_400_or_422_decided_drafts_409", validation_and_conflicts),
    ("reject_takes_no_body_or_an_empty_json_object_415_or_400_otherwise", reject_takes_no_body),
    ("drafts_count_as_classify_the_rest_as_layers_and_all_need_a_key", rate_limits_and_auth),
    ("keys_list_shows_each_keys_organisation", keys_list_shows_organisations),
    (
        "a_key_reaches_only_the_layers_and_drafts_of_its_plans_districts_403_elsewhere",
        layers_and_drafts_follow_the_plan,
    ),
    ("an_unknown_district_is_404_unknown_district_on_every_layer_endpoint", unknown_district_is_404),
    (
        "concurrent_accepts_get_consecutive_versions_a_draft_is_accepted_once_and_a_layer_withdrawn_once",
        concurrent_accepts,
    ),
    ("an_accept_and_a_reject_of_one_draft_at_once_exactly_one_decides_the_other_is_409", accept_and_reject_at_once),
];

const DISTRICT: &str = "edny";
const JUDGE: &str = "avery-sample";
/// The sample judge has no page on the roster, so drafts must say where the order is.
const SOURCE: &str = "https://courtrules.example/sample-orders/avery-sample";
const DRAFTS: &str = "/api/v1/standing-order-drafts";
const LAYERS: &str = "/api/v1/standing-order-layers";

fn layer_path(judge: &str) -> String {
    format!("{LAYERS}/{DISTRICT}/{judge}")
}

fn versions_path(judge: &str) -> String {
    format!("{LAYERS}/{DISTRICT}/{judge}/versions")
}

const RULES: &str = "/api/v1/rules?district_id=edny&judge_slug=avery-sample";
const PROFILE: &str = "/api/v1/profile?district_id=edny&judge_slug=avery-sample";

/// A key made with `keys create`: the token, its id and its organisation.
struct Key {
    token: String,
    id: String,
    organisation: String,
}

impl Key {
    fn token(&self) -> Option<&str> {
        Some(&self.token)
    }
}

/// `keys create --name NAME [--organisation ORG]` (all districts).
fn create_key(layers: &Layers, name: &str, organisation: Option<&str>) -> Key {
    create_key_for(layers, name, organisation, None)
}

/// `keys create --name NAME [--organisation ORG] [--districts DISTRICTS]`.
fn create_key_for(layers: &Layers, name: &str, organisation: Option<&str>, districts: Option<&str>) -> Key {
    let mut args = vec!["keys", "create", "--name", name];
    if let Some(organisation) = organisation {
        args.extend(["--organisation", organisation]);
    }
    if let Some(districts) = districts {
        args.extend(["--districts", districts]);
    }
    let output = layers.server.workspace.cli(&args);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "keys create failed: {}", String::from_utf8_lossy(&output.stderr));
    let token = common::key_in(&stdout).expect("keys create prints the key");
    let id = token.split('_').nth(1).expect("crk_<id>_<secret>").to_owned();
    let organisation = stdout
        .split_once("organisation ")
        .and_then(|(_, rest)| rest.split(')').next())
        .unwrap_or_else(|| panic!("keys create names the organisation: {stdout}"))
        .to_owned();
    assert!(organisation.starts_with("org_"), "{stdout}");
    Key { token, id, organisation }
}

/// A key in an organisation of its own.
fn new_key(layers: &Layers, name: &str) -> Key {
    let key = create_key(layers, name, None);
    assert_eq!(key.organisation, format!("org_{}", key.id), "a new key gets an organisation of its own");
    key
}

fn post(layers: &Layers, path: &str, key: &Key, body: &Value) -> Reply {
    layers.server.post_json(path, key.token(), body.to_string().as_bytes())
}

fn get(layers: &Layers, path: &str, key: &Key) -> Reply {
    layers.server.get(path, key.token())
}

fn delete(layers: &Layers, path: &str, key: Option<&str>) -> Reply {
    let mut request = layers.agent.delete(layers.server.url(path));
    if let Some(key) = key {
        request = request.header("Authorization", format!("Bearer {key}"));
    }
    Reply::from(request.call())
}

fn sample_pdf() -> Vec<u8> {
    std::fs::read(common::repo_data().join("documents/sample-order-avery-sample.pdf")).expect("the sample PDF")
}

fn draft_of_pdf(layers: &Layers, key: &Key) -> Value {
    let body = json!({
        "district_id": DISTRICT,
        "judge_slug": JUDGE,
        "pdf_base64": base64::engine::general_purpose::STANDARD.encode(sample_pdf()),
        "filename": "sample-order-avery-sample.pdf",
        "source_url": SOURCE,
    });
    post(layers, DRAFTS, key, &body).expect(201).clone()
}

/// The practices as text: one memorandum limit (section 3.A) and one letter limit.
const PRACTICES: &str = "Individual Practices of Judge Avery Sample\n\n\
    1.A. Letters. Letters may not exceed two pages.\n\n\
    3.A. Page Limits. Memoranda of law in support of and in opposition to motions are limited to 15 pages.\n";

fn draft_of_text(layers: &Layers, key: &Key, judge: &str, text: &str) -> Value {
    let body = json!({"district_id": DISTRICT, "judge_slug": judge, "text": text, "source_url": SOURCE});
    post(layers, DRAFTS, key, &body).expect(201).clone()
}

fn proposals(draft: &Value) -> &Vec<Value> {
    draft["extraction"]["proposals"].as_array().expect("extraction.proposals")
}

/// The proposal limiting memoranda in support (the one the tests edit).
fn memorandum_proposal(draft: &Value) -> &Value {
    proposals(draft)
        .iter()
        .find(|proposal| {
            let rule = &proposal["rule"];
            rule["category"] == "PAGE_LIMIT"
                && rule["applies_to"]["document_scopes"]
                    .as_array()
                    .is_some_and(|scopes| scopes.iter().any(|scope| scope == "brief_support"))
        })
        .unwrap_or_else(|| panic!("no page-limit proposal for memoranda in support: {}", draft["extraction"]))
}

/// The draft's proposed rules as they would be accepted, the memorandum limit set to `pages`.
fn rules_with_memorandum_limit(draft: &Value, pages: u64) -> Vec<Value> {
    let key = memorandum_proposal(draft)["rule"]["rule_key"].clone();
    proposals(draft)
        .iter()
        .map(|proposal| {
            let mut rule = proposal["rule"].clone();
            if rule["rule_key"] == key {
                rule["params"]["max_pages"] = json!(pages);
            }
            rule
        })
        .collect()
}

/// A complete page-limit rule for memoranda in support and opposition.
fn memorandum_rule(pages: u64) -> Value {
    json!({
        "rule_key": "PageLimit:memoranda",
        "category": "PAGE_LIMIT",
        "citation": "Individual Practices of Judge Avery Sample § 3.A",
        "label": "Memorandum length",
        "summary": format!("Memoranda in support and in opposition may not exceed {pages} pages."),
        "severity": "CRITICAL",
        "applies_to": {"document_scopes": ["brief_support", "brief_opposition"]},
        "params": {"max_pages": pages},
        "source_text": format!("Memoranda of law in support of and in opposition to motions are limited to {pages} pages."),
        "source_url": SOURCE,
    })
}

fn version_body(rules: Vec<Value>) -> Value {
    json!({"title": "Individual Practices of Judge Avery Sample", "source_url": SOURCE, "rules": rules})
}

/// A version with one memorandum limit, accepted without a draft.
fn accept_limit(layers: &Layers, key: &Key, pages: u64) -> Value {
    post(layers, &versions_path(JUDGE), key, &version_body(vec![memorandum_rule(pages)])).expect(201).clone()
}

/// The sample check request (Rule 56 memorandum in support, movant, conference held) at
/// `pages` pages.
fn check_at(pages: u64) -> Value {
    with("/document/page_count", json!(pages))
}

fn check(layers: &Layers, key: &Key, pages: u64) -> Reply {
    let reply = layers.server.check(&key.token, &check_at(pages));
    reply.expect(200);
    reply
}

/// The check's page-limit results for memoranda (the judge's layer).
fn memorandum_results(body: &Value) -> Vec<&Value> {
    body["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|result| result["category"] == "PAGE_LIMIT" && result["layer"] == "standing_order")
        .collect()
}

fn standing_order_layer(body: &Value) -> &Value {
    body["meta"]["coverage"]["layers"]
        .as_array()
        .expect("meta.coverage.layers")
        .iter()
        .find(|layer| layer["layer"] == "standing_order")
        .unwrap_or_else(|| panic!("no standing_order layer in {}", body["meta"]["coverage"]))
}

/// An error body of the general shape, with `docs_url` ending in `#anchor`.
fn general_error<'r>(reply: &'r Reply, status: u16, anchor: &str) -> &'r Value {
    let body = reply.expect(status);
    for field in ["error", "suggestion", "docs_url"] {
        assert!(body[field].as_str().is_some_and(|text| !text.is_empty()), "no `{field}` in {body}");
    }
    let docs = body["docs_url"].as_str().unwrap();
    assert!(docs.ends_with(&format!("#{anchor}")), "docs_url {docs} is not #{anchor}");
    body
}

fn detail_paths(body: &Value) -> Vec<&str> {
    body["details"].as_array().expect("details").iter().map(|detail| detail["path"].as_str().unwrap()).collect()
}

fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).expect("random bytes");
    buffer.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn random_draft_id() -> String {
    format!("draft_{}", random_hex(16))
}

/// Whitespace runs as one space, trimmed: how the extractor writes a passage's text.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn a_pdf_becomes_an_enforced_layer(layers: &Layers) {
    let a = new_key(layers, "pdf-firm");
    let draft = draft_of_pdf(layers, &a);
    let id = draft["id"].as_str().expect("an id");
    assert!(
        id.strip_prefix("draft_").is_some_and(|hex| hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_hexdigit())),
        "{id}"
    );
    assert_eq!(draft["status"], "proposed");
    assert_eq!((&draft["district_id"], &draft["judge_slug"]), (&json!(DISTRICT), &json!(JUDGE)));
    assert_eq!(draft["filename"], "sample-order-avery-sample.pdf");
    assert_eq!(draft["created_by"], a.id.as_str());
    assert_eq!((&draft["decided_by"], &draft["decided_at"]), (&Value::Null, &Value::Null));
    let sha: String = Sha256::digest(sample_pdf()).iter().map(|byte| format!("{byte:02x}")).collect();
    assert_eq!(draft["source_sha256"], sha.as_str());
    let extraction = &draft["extraction"];
    assert!(extraction["title"].as_str().unwrap().contains("Avery Sample"), "{}", extraction["title"]);
    for field in ["pages", "not_understood"] {
        assert!(extraction[field].is_array(), "extraction.{field}");
    }
    assert!(extraction["meta"]["extractor_version"].is_string());

    // The memoranda limit of § 3.A, its sentence where the evidence says it is.
    let proposal = memorandum_proposal(&draft);
    let rule = &proposal["rule"];
    assert_eq!(rule["params"]["max_pages"], 25, "{proposal}");
    assert!(rule["citation"].as_str().unwrap().ends_with("§ 3.A"), "{proposal}");
    assert!(rule["rule_key"].as_str().unwrap().starts_with("PageLimit:"), "{proposal}");
    assert_eq!(rule["source_url"], SOURCE);
    let evidence = &proposal["evidence"];
    assert_eq!(evidence["section"], "3.A", "{proposal}");
    assert!(["high", "medium", "low"].contains(&proposal["confidence"].as_str().unwrap()));
    assert!(!proposal["reasoning"].as_str().unwrap().is_empty());
    let page = evidence["page"].as_u64().unwrap() as usize;
    let (start, end) = (evidence["start"].as_u64().unwrap() as usize, evidence["end"].as_u64().unwrap() as usize);
    let text = extraction["pages"][page - 1].as_str().expect("the evidence's page");
    // Characters, not bytes: the page has an em dash before the sentence.
    let span: String = text.chars().skip(start).take(end - start).collect();
    assert!(end > start && end <= text.chars().count(), "span {start}..{end}");
    let sentence = evidence["text"].as_str().unwrap();
    assert!(sentence.contains("25 pages"), "{sentence}");
    // `text` is the sentence with its line breaks as spaces (`Passage::text`).
    assert_eq!(collapse(&span), sentence, "evidence.text is not at [{start}, {end}) of page {page}");
    assert_eq!(span.trim(), span, "the span starts and ends at the sentence");

    // Accepted with the memoranda limit edited to 15 pages.
    let mut body = version_body(rules_with_memorandum_limit(&draft, 15));
    body["title"] = extraction["title"].clone();
    body["draft_id"] = json!(id);
    let version = post(layers, &versions_path(JUDGE), &a, &body).expect(201).clone();
    assert_eq!(version["version"], 1);
    assert_eq!(version["withdrawn"], false);
    assert_eq!(version["organisation_id"], a.organisation.as_str());
    assert_eq!((&version["district_id"], &version["judge_slug"]), (&json!(DISTRICT), &json!(JUDGE)));
    assert_eq!(version["draft_id"], id);
    assert_eq!(version["accepted_by"], a.id.as_str());
    let order = &version["standing_order"];
    assert_eq!(order["sample"], false);
    let own = json!({
        "organisation_id": a.organisation,
        "version": 1,
        "accepted_by": a.id,
        "accepted_at": version["accepted_at"],
    });
    assert_eq!(order["organisation"], own);
    let memorandum_key = memorandum_proposal(&draft)["rule"]["rule_key"].clone();
    let edited = order["rules"].as_array().unwrap().iter().find(|rule| rule["rule_key"] == memorandum_key).unwrap();
    assert_eq!(edited["params"]["max_pages"], 15);
    let stored = get(layers, &format!("{DRAFTS}/{id}"), &a).expect(200).clone();
    assert_eq!(stored["status"], "accepted");
    assert_eq!(stored["decided_by"], a.id.as_str());
    assert_eq!(stored["decided_at"], version["accepted_at"]);
    assert_eq!(stored["extraction"], draft["extraction"], "the draft keeps what was proposed");

    // A's check: 20 pages now fail the organisation's 15-page limit, citing § 3.A.
    let checked = check(layers, &a, 20).json;
    let results = memorandum_results(&checked);
    assert_eq!(results.len(), 1, "only the organisation's memoranda limit applies: {results:?}");
    let result = results[0];
    assert_eq!(result["rule_key"], memorandum_key);
    assert_eq!(result["status"], "FAIL", "{result}");
    assert!(result["source"].as_str().unwrap().ends_with("§ 3.A"), "{result}");
    assert!(result["message"].as_str().unwrap().contains("15 pages"), "{result}");
    assert_eq!(checked["summary"]["status"], "NON_COMPLIANT");
    let layer = standing_order_layer(&checked);
    assert_eq!(layer["organisation"], own);
    assert_eq!(layer["sample"], false);
    assert_eq!(layer["source_url"], SOURCE);
    let note = checked["meta"]["coverage_note"].as_str().unwrap();
    assert!(note.contains("your organisation's layer, version 1"), "{note}");

    // The rules and the profile say the same.
    let rules = get(layers, RULES, &a).expect(200).clone();
    let keys: Vec<&Value> =
        rules["rules"]["standing_order"].as_array().unwrap().iter().map(|r| &r["rule_key"]).collect();
    assert!(keys.contains(&&memorandum_key), "{keys:?}");
    assert!(!keys.contains(&&json!("PageLimit:memorandum")), "the published order is replaced: {keys:?}");
    assert_eq!(standing_order_layer(&rules)["organisation"], own);
    assert_eq!(rules["meta"]["coverage_note"], checked["meta"]["coverage_note"]);
    let profile = get(layers, PROFILE, &a).expect(200).clone();
    let judges = profile["judges"].as_array().unwrap();
    assert_eq!(judges.len(), 1);
    assert_eq!(judges[0]["standing_order"]["organisation"], own);
    assert_eq!(judges[0]["standing_order"]["rules"], order["rules"]);

    // The level: the organisation's own reading (checked last, so a failure here does
    // not hide the others).
    assert_eq!(rules["meta"]["coverage"]["level"], "organisation", "{}", rules["meta"]["coverage"]);
    assert_eq!(checked["meta"]["coverage"]["level"], "organisation", "{}", checked["meta"]["coverage"]);
}

fn organisations_are_isolated(layers: &Layers) {
    let a = new_key(layers, "iso-a");
    let b = new_key(layers, "iso-b");
    let c = new_key(layers, "iso-c");
    assert!(a.organisation != b.organisation && b.organisation != c.organisation);
    // A: a draft left for review, and a version in force (15 pages).
    let draft = draft_of_text(layers, &a, JUDGE, PRACTICES);
    let draft_id = draft["id"].as_str().unwrap().to_owned();
    accept_limit(layers, &a, 15);
    let a_check = check(layers, &a, 20);
    assert_eq!(memorandum_results(&a_check.json)[0]["status"], "FAIL", "A's layer is in force");

    // B gets the published order, byte for byte what a third organisation gets.
    let (b_check, c_check) = (check(layers, &b, 20), check(layers, &c, 20));
    assert_eq!(b_check.text, c_check.text, "B's check differs from a fresh organisation's");
    let results = memorandum_results(&b_check.json);
    assert_eq!(results.len(), 1);
    assert_eq!((&results[0]["rule_key"], &results[0]["status"]), (&json!("PageLimit:memorandum"), &json!("PASS")));
    assert_eq!(b_check.json["meta"]["coverage"]["level"], "sample");
    for layer in b_check.json["meta"]["coverage"]["layers"].as_array().unwrap() {
        assert!(layer.get("organisation").is_none(), "{layer}");
    }
    assert!(!b_check.text.contains("your organisation"), "{}", b_check.text);
    assert!(!b_check.text.contains(&a.organisation) && !b_check.text.contains(&a.id));
    for path in [RULES, PROFILE] {
        let (mine, fresh) = (get(layers, path, &b), get(layers, path, &c));
        assert_eq!(mine.status, 200, "{}", mine.text);
        assert_eq!(mine.text, fresh.text, "{path}: B's answer differs from a fresh organisation's");
        assert!(!mine.text.contains(&a.organisation), "{path}");
        assert_ne!(mine.text, get(layers, path, &a).text, "{path}: A's answer is its own");
    }

    // None of A's ids name anything for B: the same 404 as an id nobody has.
    let made_up = random_draft_id();
    let theirs = get(layers, &format!("{DRAFTS}/{draft_id}"), &b);
    let nobodys = get(layers, &format!("{DRAFTS}/{made_up}"), &b);
    general_error(&theirs, 404, "layer-not-found");
    general_error(&nobodys, 404, "layer-not-found");
    assert_eq!(theirs.text.replace(&draft_id, "ID"), nobodys.text.replace(&made_up, "ID"));
    let reject = post(layers, &format!("{DRAFTS}/{draft_id}/reject"), &b, &json!({}));
    general_error(&reject, 404, "layer-not-found");
    general_error(&post(layers, &format!("{DRAFTS}/{made_up}/reject"), &b, &json!({})), 404, "layer-not-found");
    let mut body = version_body(vec![memorandum_rule(10)]);
    body["draft_id"] = json!(draft_id);
    general_error(&post(layers, &versions_path(JUDGE), &b, &body), 404, "layer-not-found");
    assert_eq!(get(layers, LAYERS, &b).expect(200)["layers"], json!([]));
    assert_eq!(get(layers, &format!("{LAYERS}?district_id=edny"), &b).expect(200)["layers"], json!([]));
    general_error(&get(layers, &layer_path(JUDGE), &b), 404, "layer-not-found");
    for version in 1..=3 {
        general_error(&get(layers, &format!("{}/{version}", versions_path(JUDGE)), &b), 404, "layer-not-found");
    }
    general_error(&delete(layers, &layer_path(JUDGE), b.token()), 404, "layer-not-found");
    // …and B's attempts changed nothing of A's.
    assert_eq!(check(layers, &b, 20).text, c_check.text);
    assert_eq!(get(layers, &format!("{DRAFTS}/{draft_id}"), &a).expect(200)["status"], "proposed");
    assert_eq!(check(layers, &a, 20).text, a_check.text);

    // A key that joins A's organisation sees A's layer and drafts.
    let joined = create_key(layers, "iso-a-2", Some(&a.organisation));
    assert_eq!(joined.organisation, a.organisation);
    assert_eq!(check(layers, &joined, 20).text, a_check.text, "the same layer, the same answer");
    assert_eq!(get(layers, &format!("{DRAFTS}/{draft_id}"), &joined).expect(200)["id"], draft_id.as_str());
    let listed = get(layers, LAYERS, &joined).expect(200).clone();
    assert_eq!(listed["layers"].as_array().unwrap().len(), 1);
    assert_eq!(listed["layers"][0]["organisation_id"], a.organisation.as_str());
    // The draft B could not touch is still A's to accept.
    let mut body = version_body(proposals(&draft).iter().map(|proposal| proposal["rule"].clone()).collect());
    body["draft_id"] = json!(draft_id);
    let second = post(layers, &versions_path(JUDGE), &joined, &body).expect(201).clone();
    assert_eq!((&second["version"], &second["accepted_by"]), (&json!(2), &json!(joined.id)));
    assert_eq!(standing_order_layer(&check(layers, &a, 20).json)["organisation"]["version"], 2);
    assert_eq!(check(layers, &b, 20).text, c_check.text);
}

fn versions_and_withdrawal(layers: &Layers) {
    let a = new_key(layers, "versions");
    let published = new_key(layers, "versions-published");
    let first = accept_limit(layers, &a, 15);
    let second = accept_limit(layers, &a, 18);
    assert_eq!((&first["version"], &second["version"]), (&json!(1), &json!(2)));
    assert_eq!(second["draft_id"], Value::Null);

    // Version 2 in force: 16 pages pass (version 1 would fail them), 20 fail at 18.
    let at16 = check(layers, &a, 16).json;
    assert_eq!(memorandum_results(&at16)[0]["status"], "PASS", "{at16}");
    let at20 = check(layers, &a, 20).json;
    let result = memorandum_results(&at20)[0];
    assert_eq!(result["status"], "FAIL");
    assert!(result["message"].as_str().unwrap().contains("18 pages"), "{result}");
    assert_eq!(standing_order_layer(&at20)["organisation"]["version"], 2);
    assert!(at20["meta"]["coverage_note"].as_str().unwrap().contains("your organisation's layer, version 2"));

    // Earlier versions are kept, with their own rules.
    let one = get(layers, &format!("{}/1", versions_path(JUDGE)), &a).expect(200).clone();
    assert_eq!(one["version"], 1);
    assert_eq!(one["standing_order"]["rules"][0]["params"]["max_pages"], 15);
    assert_eq!(one["standing_order"]["organisation"]["version"], 1);
    assert_eq!(one, first);
    let history = get(layers, &layer_path(JUDGE), &a).expect(200).clone();
    assert_eq!((&history["district_id"], &history["judge_slug"]), (&json!(DISTRICT), &json!(JUDGE)));
    assert_eq!(history["active"], second);
    let numbers: Vec<&Value> = history["versions"].as_array().unwrap().iter().map(|v| &v["version"]).collect();
    assert_eq!(numbers, vec![&json!(2), &json!(1)], "newest first");
    let summary = &history["versions"][1];
    assert_eq!(summary["rules"], 1);
    assert_eq!(summary["withdrawn"], false);
    assert_eq!(summary["accepted_by"], a.id.as_str());
    assert_eq!(summary["title"], "Individual Practices of Judge Avery Sample");
    let listed = get(layers, LAYERS, &a).expect(200).clone();
    assert_eq!(listed["layers"], json!([second]), "the list holds the latest version of each layer");
    assert_eq!(get(layers, &format!("{LAYERS}?district_id=sdny"), &a).expect(200)["layers"], json!([]));
    general_error(&get(layers, &format!("{}/3", versions_path(JUDGE)), &a), 404, "layer-not-found");
    let reply = get(layers, &format!("{}/0", versions_path(JUDGE)), &a);
    assert_eq!(detail_paths(reply.expect(400)), vec!["version"]);

    // Withdrawn: version 3, and the published order applies again, byte for byte.
    let reply = delete(layers, &layer_path(JUDGE), a.token());
    let withdrawn = reply.expect(200).clone();
    assert_eq!(withdrawn["version"], 3);
    assert_eq!(withdrawn["withdrawn"], true);
    assert_eq!(withdrawn["standing_order"], Value::Null);
    assert_eq!(withdrawn["accepted_by"], a.id.as_str());
    for pages in [16, 20, 30] {
        assert_eq!(check(layers, &a, pages).text, check(layers, &published, pages).text, "{pages} pages");
    }
    for path in [RULES, PROFILE] {
        assert_eq!(get(layers, path, &a).text, get(layers, path, &published).text, "{path}");
    }
    let history = get(layers, &layer_path(JUDGE), &a).expect(200).clone();
    assert_eq!(history["active"], Value::Null);
    let numbers: Vec<&Value> = history["versions"].as_array().unwrap().iter().map(|v| &v["version"]).collect();
    assert_eq!(numbers, vec![&json!(3), &json!(2), &json!(1)]);
    assert_eq!((&history["versions"][0]["withdrawn"], &history["versions"][0]["rules"]), (&json!(true), &json!(0)));
    assert_eq!(get(layers, LAYERS, &a).expect(200)["layers"], json!([withdrawn]));
    assert_eq!(get(layers, &format!("{}/1", versions_path(JUDGE)), &a).expect(200).clone(), first);
    // Nothing in force to withdraw.
    general_error(&delete(layers, &layer_path(JUDGE), a.token()), 404, "layer-not-found");
    assert_eq!(get(layers, &layer_path(JUDGE), &a).expect(200)["versions"].as_array().unwrap().len(), 3);

    // A new version after the withdrawal is in force again.
    let fourth = accept_limit(layers, &a, 12);
    assert_eq!(fourth["version"], 4);
    assert_eq!(memorandum_results(&check(layers, &a, 14).json)[0]["status"], "FAIL");
}

fn validation_and_conflicts(layers: &Layers) {
    let v = new_key(layers, "validation");
    // Another key of the same organisation: a key may send 5 documents a minute.
    let v2 = create_key(layers, "validation-2", Some(&v.organisation));
    let accept = |body: &Value| post(layers, &versions_path(JUDGE), &v, body);

    // Invalid rules: each problem at its path.
    let mut zero = memorandum_rule(0);
    zero["rule_key"] = json!("PageLimit:zero");
    let body = accept(&version_body(vec![memorandum_rule(15), zero])).expect(400).clone();
    assert_eq!(detail_paths(&body), vec!["rules[1].params.max_pages"], "{body}");
    let mut unknown = memorandum_rule(15);
    unknown["rule_key"] = json!("Nonsense:memoranda");
    let body = accept(&version_body(vec![unknown])).expect(400).clone();
    let paths = detail_paths(&body);
    assert!(!paths.is_empty() && paths.iter().all(|path| path.starts_with("rules[0]")), "{body}");
    let mut category = memorandum_rule(15);
    category["category"] = json!("NONSENSE");
    let body = accept(&version_body(vec![memorandum_rule(15), category])).expect(400).clone();
    assert_eq!(detail_paths(&body), vec!["rules[1].category"], "{body}");
    let mut body = version_body(vec![memorandum_rule(15)]);
    body["source_url"] = json!("ftp://x");
    assert_eq!(detail_paths(accept(&body).expect(400)), vec!["source_url"]);
    // An address every rule would cite but no reader could follow: the engine's own check.
    for address in ["https://", "https://localhost/practices", "https://exa mple.com/practices"] {
        body["source_url"] = json!(address);
        let reply = accept(&body).expect(400).clone();
        assert_eq!(detail_paths(&reply), vec!["source_url"], "{address}: {reply}");
    }
    let mut rule = memorandum_rule(15);
    rule["source_url"] = json!("https://");
    let reply = accept(&version_body(vec![rule])).expect(400).clone();
    assert_eq!(detail_paths(&reply), vec!["rules[0].source_url"], "{reply}");
    let mut body = version_body(vec![memorandum_rule(15)]);
    body["surprise"] = json!(true);
    assert_eq!(detail_paths(accept(&body).expect(400)), vec!["surprise"]);
    let body = post(layers, &versions_path("court"), &v, &version_body(vec![memorandum_rule(15)])).expect(400).clone();
    assert_eq!(detail_paths(&body), vec!["judge_slug"]);
    general_error(&post(layers, &versions_path("nobody"), &v, &version_body(vec![])), 404, "judge-not-found");
    // No rules: it would set the published order aside and check nothing.
    let body = accept(&version_body(vec![])).expect(400).clone();
    assert_eq!(detail_paths(&body), vec!["rules"], "{body}");
    assert!(body["details"][0]["message"].as_str().unwrap().contains("withdraw"), "{body}");
    general_error(&get(layers, &layer_path(JUDGE), &v), 404, "layer-not-found");

    // Documents: one of pdf_base64 or text; bytes that are neither a PDF nor text are 422.
    let base = json!({"district_id": DISTRICT, "judge_slug": JUDGE, "source_url": SOURCE});
    let with_fields = |fields: Value| {
        let mut body = base.clone();
        body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
        body
    };
    let pdf = base64::engine::general_purpose::STANDARD.encode(sample_pdf());
    let both = post(layers, DRAFTS, &v, &with_fields(json!({"pdf_base64": pdf, "text": PRACTICES})));
    assert_eq!(detail_paths(both.expect(400)), vec!["text"], "{}", both.text);
    let neither = post(layers, DRAFTS, &v, &base);
    assert_eq!(detail_paths(neither.expect(400)), vec!["pdf_base64"], "{}", neither.text);
    let nowhere = post(layers, DRAFTS, &v, &with_fields(json!({"text": PRACTICES, "source_url": "https://"})));
    let reply = nowhere.expect(400).clone();
    assert_eq!(detail_paths(&reply), vec!["source_url"], "{reply}");
    assert!(reply["details"][0]["message"].as_str().unwrap().contains("name the site"), "{reply}");
    let garbage: Vec<u8> = (0..64u8).map(|i| 0x80 | i).collect();
    let unreadable = with_fields(json!({"pdf_base64": base64::engine::general_purpose::STANDARD.encode(garbage)}));
    let reply = post(layers, DRAFTS, &v, &unreadable);
    general_error(&reply, 422, "unreadable-pdf");

    // Text sent as a PDF is not read as text.
    let text_as_pdf = base64::engine::general_purpose::STANDARD.encode(PRACTICES.as_bytes());
    let reply = post(layers, DRAFTS, &v2, &with_fields(json!({"pdf_base64": text_as_pdf})));
    general_error(&reply, 422, "unreadable-pdf");
    // An order needs a title, as a profile's does.
    let mut untitled = version_body(vec![memorandum_rule(15)]);
    untitled["title"] = json!(" ");
    assert_eq!(detail_paths(accept(&untitled).expect(400)), vec!["title"]);

    // A text draft: "Letters may not exceed two pages." → 2 pages for letters.
    let text = "Individual Practices\n\n1. Letters. Letters may not exceed two pages.\n";
    let draft = draft_of_text(layers, &v, JUDGE, text);
    assert_eq!(
        draft["source_sha256"],
        Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect::<String>()
    );
    let pages = draft["extraction"]["pages"].as_array().expect("extraction.pages");
    assert!(pages.iter().any(|page| page.as_str().unwrap().contains("Letters may not exceed two pages.")), "{pages:?}");
    let letters = proposals(&draft)
        .iter()
        .find(|proposal| proposal["rule"]["category"] == "PAGE_LIMIT")
        .unwrap_or_else(|| panic!("no page-limit proposal: {}", draft["extraction"]));
    assert_eq!(letters["rule"]["params"]["max_pages"], 2, "{letters}");
    assert_eq!(letters["rule"]["applies_to"]["document_scopes"], json!(["letter", "discovery_letter"]), "{letters}");
    assert_eq!(letters["evidence"]["text"], "Letters may not exceed two pages.");

    // Decided drafts: rejected once, then 409 for rejecting or accepting it again.
    let rejected = post(layers, &format!("{DRAFTS}/{}/reject", draft["id"].as_str().unwrap()), &v, &json!({}));
    let rejected = rejected.expect(200).clone();
    assert_eq!((&rejected["status"], &rejected["decided_by"]), (&json!("rejected"), &json!(v.id)));
    let again = post(layers, &format!("{DRAFTS}/{}/reject", draft["id"].as_str().unwrap()), &v, &json!({}));
    general_error(&again, 409, "layer-conflict");
    let mut body = version_body(vec![letters["rule"].clone()]);
    body["draft_id"] = draft["id"].clone();
    general_error(&accept(&body), 409, "layer-conflict");
    general_error(&get(layers, &layer_path(JUDGE), &v), 404, "layer-not-found");

    // A draft read for Avery Sample cannot become Blake Example's layer.
    let draft = draft_of_text(layers, &v2, JUDGE, PRACTICES);
    let mut body = version_body(rules_with_memorandum_limit(&draft, 15));
    body["draft_id"] = draft["id"].clone();
    let other_judge = post(layers, &versions_path("blake-example"), &v2, &body);
    general_error(&other_judge, 409, "layer-conflict");
    general_error(&get(layers, &layer_path("blake-example"), &v2), 404, "layer-not-found");
    assert_eq!(
        get(layers, &format!("{DRAFTS}/{}", draft["id"].as_str().unwrap()), &v2).expect(200)["status"],
        "proposed"
    );
    // Its own judge takes it, once.
    assert_eq!(post(layers, &versions_path(JUDGE), &v2, &body).expect(201)["version"], 1);
    general_error(&post(layers, &versions_path(JUDGE), &v, &body), 409, "layer-conflict");
    general_error(
        &post(layers, &format!("{DRAFTS}/{}/reject", draft["id"].as_str().unwrap()), &v, &json!({})),
        409,
        "layer-conflict",
    );
}

fn rate_limits_and_auth(layers: &Layers) {
    let server = &layers.server;
    let r = new_key(layers, "limits");
    let draft_path = format!("{DRAFTS}/{}", random_draft_id());
    // No key: 401 on every route.
    let no_key = [
        server.post_json(DRAFTS, None, b"{}"),
        server.get(&draft_path, None),
        server.post_json(&format!("{draft_path}/reject"), None, b"{}"),
        server.post_json(&versions_path(JUDGE), None, b"{}"),
        server.get(LAYERS, None),
        server.get(&layer_path(JUDGE), None),
        server.get(&format!("{}/1", versions_path(JUDGE)), None),
        delete(layers, &layer_path(JUDGE), None),
    ];
    for reply in &no_key {
        general_error(reply, 401, "authentication");
        assert!(reply.header("x-ratelimit-limit").is_none());
    }
    let forged = format!("crk_{}_{}", random_hex(6), random_hex(32));
    assert_eq!(server.get(LAYERS, Some(&forged)).status, 403);

    let limit = |reply: &Reply| -> (u64, u64) {
        let number = |name: &str| {
            reply.header(name).unwrap_or_else(|| panic!("no {name}: {} {}", reply.status, reply.text)).parse().unwrap()
        };
        (number("x-ratelimit-limit"), number("x-ratelimit-remaining"))
    };
    // Sending a document counts against `classify` (5 a minute), even when invalid…
    let first = post(layers, DRAFTS, &r, &json!({"district_id": DISTRICT, "judge_slug": JUDGE}));
    assert_eq!(first.status, 400, "{}", first.text);
    assert_eq!(limit(&first), (5, 4));
    // …the other routes against `layers` (60 a minute).
    let others = [
        get(layers, LAYERS, &r),
        get(layers, &draft_path, &r),
        post(layers, &format!("{draft_path}/reject"), &r, &json!({})),
        post(layers, &versions_path(JUDGE), &r, &json!({})),
        get(layers, &layer_path(JUDGE), &r),
        get(layers, &format!("{}/1", versions_path(JUDGE)), &r),
        delete(layers, &layer_path(JUDGE), r.token()),
    ];
    for (index, reply) in others.iter().enumerate() {
        assert_eq!(limit(reply), (60, 59 - index as u64), "{} {}", reply.status, reply.text);
    }
    // The sixth document in the minute is refused; `layers` and `/check` are not.
    for remaining in (0..4).rev() {
        let reply = draft_of_text_reply(layers, &r);
        assert_eq!(reply.status, 201, "{}", reply.text);
        assert_eq!(limit(&reply), (5, remaining));
    }
    let refused = draft_of_text_reply(layers, &r);
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(refused.header("retry-after").is_some());
    // The same group as /classify.
    let classify = server.post_json("/api/v1/classify", r.token(), b"{}");
    assert_eq!(classify.status, 429, "{}", classify.text);
    let listed = get(layers, LAYERS, &r);
    assert_eq!(listed.status, 200);
    assert_eq!(limit(&listed), (60, 52));
    assert_eq!(server.check(&r.token, &check_at(12)).status, 200);
}

/// `reject` takes no body: none at all (with any Content-Type or none) or `{}` sent as
/// JSON; any other body is refused as every POST refuses it (415 when not sent as
/// `application/json`, 400 when not JSON), and the draft stays proposed.
fn reject_takes_no_body(layers: &Layers) {
    let k = new_key(layers, "reject-body");
    let first = draft_of_text(layers, &k, JUDGE, PRACTICES);
    let reject = format!("{DRAFTS}/{}/reject", first["id"].as_str().unwrap());
    let send = |content_type: Option<&str>, body: &[u8]| layers.server.post(&reject, k.token(), content_type, body);

    general_error(&send(Some("text/plain"), b"please reject"), 415, "unsupported-media-type");
    general_error(&send(None, b"{}"), 415, "unsupported-media-type");
    general_error(&send(Some("application/x-www-form-urlencoded"), b"reason=x"), 415, "unsupported-media-type");
    let broken = send(Some("application/json"), b"{\"reason\": ").expect(400).clone();
    assert_eq!(detail_paths(&broken), vec![""], "{broken}");
    for body in [&b"{\"reason\": \"duplicate\"}"[..], b"[]", b"null", b"\"reject\""] {
        let refused = send(Some("application/json"), body).expect(400).clone();
        assert_eq!(detail_paths(&refused), vec![""], "{refused}");
        assert!(refused["error"].as_str().unwrap().contains("no request body"), "{refused}");
    }
    assert_eq!(
        get(layers, &format!("{DRAFTS}/{}", first["id"].as_str().unwrap()), &k).expect(200)["status"],
        "proposed"
    );

    // No body, and no Content-Type: rejected.
    let rejected = send(None, b"").expect(200).clone();
    assert_eq!(rejected["status"], "rejected");
    // No body with a Content-Type (as some clients send on every POST): rejected too.
    let second = draft_of_text(layers, &k, JUDGE, PRACTICES);
    let reply = layers.server.post(
        &format!("{DRAFTS}/{}/reject", second["id"].as_str().unwrap()),
        k.token(),
        Some("text/plain"),
        b"",
    );
    assert_eq!(reply.expect(200)["status"], "rejected");
}

fn draft_of_text_reply(layers: &Layers, key: &Key) -> Reply {
    let body = json!({"district_id": DISTRICT, "judge_slug": JUDGE, "text": PRACTICES, "source_url": SOURCE});
    post(layers, DRAFTS, key, &body)
}

fn keys_list_shows_organisations(layers: &Layers) {
    let first = new_key(layers, "list-own");
    let joined = create_key(layers, "list-joined", Some(&first.organisation));
    let other = new_key(layers, "list-other");
    let output = layers.server.workspace.cli(&["keys", "list"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut lines = stdout.lines();
    let header: Vec<&str> = lines.next().expect("a header").split_whitespace().collect();
    let column = header.iter().position(|name| *name == "ORGANISATION").unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(header[0], "ID");
    let organisation_of = |id: &str| -> String {
        let row = stdout.lines().find(|line| line.split_whitespace().next() == Some(id));
        let row = row.unwrap_or_else(|| panic!("no row for {id}:\n{stdout}"));
        row.split_whitespace().nth(column).unwrap_or_else(|| panic!("{row}")).to_owned()
    };
    assert_eq!(organisation_of(&first.id), first.organisation);
    assert_eq!(organisation_of(&joined.id), first.organisation);
    assert_eq!(organisation_of(&other.id), other.organisation);
    // The server's first key has an organisation of its own too.
    let first_id = layers.server.key().split('_').nth(1).unwrap();
    assert_eq!(organisation_of(first_id), format!("org_{first_id}"));
    assert!(lines.all(|line| line.split_whitespace().nth(column).is_some_and(|org| org.starts_with("org_"))));
    // Joining an organisation that does not exist fails and makes no key.
    let output = layers.server.workspace.cli(&["keys", "create", "--name", "nowhere", "--organisation", "org_nope"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no organisation `org_nope`"));
    assert!(common::key_in(&String::from_utf8_lossy(&output.stdout)).is_none());
    let after = layers.server.workspace.cli(&["keys", "list"]);
    assert!(!String::from_utf8_lossy(&after.stdout).contains("nowhere"));
}

/// Reviewers of one organisation accepting at the same moment: every accept is stored,
/// numbered 1, 2, … with no gaps or repeats; a draft is accepted once, the others 409.
fn concurrent_accepts(layers: &Layers) {
    const PARALLEL: usize = 8;
    let owner = new_key(layers, "parallel");
    let versions = in_parallel(PARALLEL, |index| accept_limit_reply(layers, &owner, 10 + index as u64));
    let mut numbers: Vec<u64> = versions
        .iter()
        .map(|reply| {
            assert_eq!(reply.status, 201, "{}", reply.text);
            reply.json["version"].as_u64().unwrap()
        })
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=PARALLEL as u64).collect::<Vec<_>>());
    let history = get(layers, &layer_path(JUDGE), &owner).expect(200).clone();
    assert_eq!(history["versions"].as_array().unwrap().len(), PARALLEL);

    // One draft, accepted by several at once: once.
    let draft = draft_of_text(layers, &owner, JUDGE, PRACTICES);
    let mut body = version_body(rules_with_memorandum_limit(&draft, 15));
    body["draft_id"] = draft["id"].clone();
    let replies = in_parallel(PARALLEL, |_| post(layers, &versions_path(JUDGE), &owner, &body));
    let statuses: Vec<u16> = replies.iter().map(|reply| reply.status).collect();
    assert_eq!(statuses.iter().filter(|status| **status == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|status| [201, 409].contains(status)), "{statuses:?}");
    let accepted = replies.iter().find(|reply| reply.status == 201).unwrap();
    assert_eq!(accepted.json["version"], PARALLEL as u64 + 1);

    // Several withdrawals at once: one withdraws (a version), the others find nothing in force.
    let replies = in_parallel(PARALLEL, |_| delete(layers, &layer_path(JUDGE), owner.token()));
    let statuses: Vec<u16> = replies.iter().map(|reply| reply.status).collect();
    assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|status| [200, 404].contains(status)), "{statuses:?}");
    let history = get(layers, &layer_path(JUDGE), &owner).expect(200).clone();
    assert_eq!(history["versions"].as_array().unwrap().len(), PARALLEL + 2, "one withdrawal version");
    assert_eq!(history["active"], Value::Null);
}

/// The same draft accepted and rejected at the same moment, many times over: exactly one
/// of the two succeeds (201 or 200), the other is 409 `layer-conflict`, and the draft and
/// the layer agree with the winner — accepted and the version in force, or rejected and
/// no version made of it. (On PostgreSQL, a reject that committed while the accept was
/// under way used to be overwritten: both succeeded and the draft ended accepted.)
fn accept_and_reject_at_once(layers: &Layers) {
    const ROUNDS: usize = 20;
    // A key sends 5 documents a minute: the drafts are spread over keys of one organisation.
    let owner = new_key(layers, "race-owner");
    let mut keys = vec![owner];
    for index in 1..5 {
        keys.push(create_key(layers, &format!("race-{index}"), Some(&keys[0].organisation.clone())));
    }
    let mut outcomes = (0, 0);
    for round in 0..ROUNDS {
        let (author, accepter, rejecter) = (&keys[round % 5], &keys[(round + 1) % 5], &keys[(round + 2) % 5]);
        let draft = draft_of_text(layers, author, JUDGE, PRACTICES);
        let id = draft["id"].as_str().unwrap().to_owned();
        let mut body = version_body(rules_with_memorandum_limit(&draft, 10 + round as u64));
        body["draft_id"] = json!(id);
        let reject_path = format!("{DRAFTS}/{id}/reject");
        let replies = in_parallel(2, |index| match index {
            0 => post(layers, &versions_path(JUDGE), accepter, &body),
            _ => post(layers, &reject_path, rejecter, &json!({})),
        });
        let (accept, reject) = (&replies[0], &replies[1]);
        let stored = get(layers, &format!("{DRAFTS}/{id}"), author).expect(200).clone();
        // 404 until the organisation has a first version.
        let history = get(layers, &layer_path(JUDGE), author);
        assert!([200, 404].contains(&history.status), "{}", history.text);
        let history = history.json;
        let made_of_it: Vec<&Value> = history["versions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|version| version["draft_id"] == id.as_str())
            .collect();
        match (accept.status, reject.status) {
            (201, 409) => {
                general_error(reject, 409, "layer-conflict");
                assert_eq!(stored["status"], "accepted", "round {round}: {stored}");
                assert_eq!(stored["decided_by"], accepter.id.as_str(), "round {round}");
                assert_eq!(made_of_it.len(), 1, "round {round}: {history}");
                assert_eq!(history["active"]["version"], accept.json["version"], "round {round}: {history}");
                outcomes.0 += 1;
            }
            (409, 200) => {
                general_error(accept, 409, "layer-conflict");
                assert_eq!(reject.json["status"], "rejected", "round {round}");
                assert_eq!(stored["status"], "rejected", "round {round}: {stored}");
                assert_eq!(stored["decided_by"], rejecter.id.as_str(), "round {round}");
                assert!(made_of_it.is_empty(), "round {round}: a rejected draft became {made_of_it:?}");
                outcomes.1 += 1;
            }
            statuses => panic!(
                "round {round}: accept and reject answered {statuses:?}, not exactly one success: {} / {}",
                accept.text, reject.text
            ),
        }
    }
    eprintln!("accept won {} rounds, reject {}", outcomes.0, outcomes.1);
}

fn accept_limit_reply(layers: &Layers, key: &Key, pages: u64) -> Reply {
    post(layers, &versions_path(JUDGE), key, &version_body(vec![memorandum_rule(pages)]))
}

fn in_parallel<F>(count: usize, call: F) -> Vec<Reply>
where
    F: Fn(usize) -> Reply + Sync,
{
    let barrier = Arc::new(Barrier::new(count));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..count)
            .map(|index| {
                let (barrier, call) = (Arc::clone(&barrier), &call);
                scope.spawn(move || {
                    barrier.wait();
                    call(index)
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().expect("a request thread")).collect()
    })
}

/// The 403 of a district outside the key's plan: the structured body, exactly as
/// `/courts/{district}` answers the same key.
fn outside_the_plan(layers: &Layers, reply: &Reply, key: &Key, district: &str) {
    let body = general_error(reply, 403, "district-not-accessible");
    assert_eq!(body["district"]["district_id"], district, "{body}");
    assert!(body["accessible_districts"].is_array() && body["contact"].is_string(), "{body}");
    let courts = get(layers, &format!("/api/v1/courts/{district}"), key);
    assert_eq!(courts.status, 403, "{}", courts.text);
    assert_eq!(reply.text, courts.text, "the same body as /courts/{district}");
}

/// A key of an organisation whose plan leaves out a district reaches none of the
/// organisation's layers or drafts there: reading, listing, withdrawing and rejecting
/// are refused as `/check` refuses the district, and change nothing; the list without
/// `district_id` holds only the plan's districts. A key of the same organisation whose
/// plan has the district reaches them.
fn layers_and_drafts_follow_the_plan(layers: &Layers) {
    let owner = new_key(layers, "plan-owner");
    accept_limit(layers, &owner, 15);
    let draft = draft_of_text(layers, &owner, JUDGE, PRACTICES);
    let draft_path = format!("{DRAFTS}/{}", draft["id"].as_str().unwrap());
    let before = check(layers, &owner, 20).text;

    let elsewhere = create_key_for(layers, "plan-sdny", Some(&owner.organisation), Some("sdny"));
    assert_eq!(elsewhere.organisation, owner.organisation);
    let refused = [
        get(layers, &format!("{LAYERS}?district_id={DISTRICT}"), &elsewhere),
        get(layers, &layer_path(JUDGE), &elsewhere),
        get(layers, &format!("{}/1", versions_path(JUDGE)), &elsewhere),
        get(layers, &format!("{}/9", versions_path(JUDGE)), &elsewhere),
        delete(layers, &layer_path(JUDGE), elsewhere.token()),
        delete(layers, &layer_path("judge-nobody"), elsewhere.token()),
        post(layers, &versions_path(JUDGE), &elsewhere, &version_body(vec![memorandum_rule(40)])),
        get(layers, &draft_path, &elsewhere),
        post(layers, &format!("{draft_path}/reject"), &elsewhere, &json!({})),
    ];
    for reply in &refused {
        outside_the_plan(layers, reply, &elsewhere, DISTRICT);
        assert_eq!(reply.json["accessible_districts"], json!(["sdny"]));
    }
    // The list without a district holds the plan's districts only: none of the layers here.
    assert_eq!(get(layers, LAYERS, &elsewhere).expect(200)["layers"], json!([]));
    assert_eq!(get(layers, &format!("{LAYERS}?district_id=sdny"), &elsewhere).expect(200)["layers"], json!([]));
    // A draft id nobody has is still "not found", not a 403.
    general_error(&get(layers, &format!("{DRAFTS}/{}", random_draft_id()), &elsewhere), 404, "layer-not-found");

    // Nothing changed: the layer is in force, the draft still proposed, one version.
    assert_eq!(check(layers, &owner, 20).text, before);
    assert_eq!(get(layers, &draft_path, &owner).expect(200)["status"], "proposed");
    let history = get(layers, &layer_path(JUDGE), &owner).expect(200).clone();
    assert_eq!(history["versions"].as_array().unwrap().len(), 1, "{history}");
    assert_eq!(get(layers, LAYERS, &owner).expect(200)["layers"].as_array().unwrap().len(), 1);

    // A key of the organisation whose plan names the district reaches all of it.
    let here = create_key_for(layers, "plan-edny", Some(&owner.organisation), Some("sdny,edny"));
    let listed = get(layers, LAYERS, &here).expect(200).clone();
    assert_eq!(listed["layers"].as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed["layers"][0]["district_id"], DISTRICT);
    get(layers, &format!("{LAYERS}?district_id={DISTRICT}"), &here).expect(200);
    get(layers, &format!("{}/1", versions_path(JUDGE)), &here).expect(200);
    get(layers, &draft_path, &here).expect(200);
    assert_eq!(post(layers, &format!("{draft_path}/reject"), &here, &json!({})).expect(200)["status"], "rejected");
    assert_eq!(delete(layers, &layer_path(JUDGE), here.token()).expect(200)["withdrawn"], true);
}

/// A district nobody knows is the 404 every endpoint answers for it (`{error}` alone),
/// never "no layer", whatever the key's plan; a known district outside the plan is 403.
fn unknown_district_is_404(layers: &Layers) {
    let owner = new_key(layers, "unknown-district");
    let narrow = create_key_for(layers, "unknown-district-sdny", Some(&owner.organisation), Some("sdny"));
    for key in [&owner, &narrow] {
        let courts = get(layers, "/api/v1/courts/zzz", key);
        assert_eq!(courts.status, 404, "{}", courts.text);
        let replies = [
            get(layers, &format!("{LAYERS}?district_id=zzz"), key),
            get(layers, &format!("{LAYERS}/zzz/{JUDGE}"), key),
            get(layers, &format!("{LAYERS}/zzz/{JUDGE}/versions/1"), key),
            delete(layers, &format!("{LAYERS}/zzz/{JUDGE}"), key.token()),
            post(layers, &format!("{LAYERS}/zzz/{JUDGE}/versions"), key, &version_body(vec![memorandum_rule(15)])),
        ];
        for reply in &replies {
            let body = reply.expect(404);
            assert_eq!(body.as_object().unwrap().keys().collect::<Vec<_>>(), vec!["error"], "{body}");
            assert_eq!(reply.text, courts.text);
        }
    }
}
