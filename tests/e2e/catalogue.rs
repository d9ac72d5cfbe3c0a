//! The catalogue end to end: courts, holidays, extracted rules, source documents and
//! `/rules` for a court without a compliance profile — the real binary, a fresh SQLite
//! database seeded from the repository's data pack, keys made with the CLI, and HTTP.

mod common;

use common::{Reply, Test, header_in};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;

/// The server, its first key (all districts) and a key for `sdny` only.
type Catalogue = common::TwoKeys;

fn main() -> std::process::ExitCode {
    common::run(|| common::TwoKeys::start("catalogue-sdny"), TESTS)
}

const TESTS: &[Test<Catalogue>] = &[
    ("courts_lists_every_court_with_meta", courts_lists_every_court_with_meta),
    ("court_fields_are_the_specs_and_counts_only_where_there_is_data", court_fields_follow_the_spec),
    ("accessible_districts_is_the_keys_plan", accessible_districts_is_the_keys_plan),
    ("one_court_is_200_or_403_outside_the_plan_or_404_unknown", one_court_is_200_403_or_404),
    ("courts_take_no_parameters_and_need_a_key", courts_take_no_parameters_and_need_a_key),
    ("saturday_holidays_are_observed_friday_and_sunday_holidays_monday", weekend_holidays_are_observed),
    ("juneteenth_is_a_holiday_from_2021_only", juneteenth_is_a_holiday_from_2021_only),
    ("new_years_day_2022_is_observed_on_2021_12_31", new_years_day_2022_is_observed_on_2021_12_31),
    ("closures_from_closures_json_apply_to_their_courts", closures_apply_to_their_courts),
    ("state_courts_have_their_own_calendar", state_courts_have_their_own_calendar),
    ("inauguration_day_only_for_the_district_of_columbia", inauguration_day_only_for_dcd),
    ("holidays_have_the_specs_fields_sorted_by_date", holidays_have_the_specs_fields),
    ("holidays_default_to_this_year_and_next", holidays_default_to_this_year_and_next),
    ("holiday_filters_combine_and_limit_bounds_the_answer", holiday_filters_and_limit),
    ("holiday_parameters_out_of_range_or_malformed_are_400", holiday_parameters_are_checked),
    ("holidays_follow_the_plan_and_know_the_courts", holidays_follow_the_plan),
    ("extracted_rules_have_the_specs_shape", extracted_rules_have_the_specs_shape),
    ("extracted_rules_filter_by_district_judge_and_court_rules", extracted_rules_filter_by_district_and_judge),
    ("extracted_rules_filter_by_logic_type_phase_and_case_type", extracted_rules_filter_by_type_phase_case),
    ("full_text_search_finds_a_phrase_from_a_source_text", full_text_search_finds_a_phrase),
    ("full_text_search_covers_tags_and_structured_data", full_text_search_covers_tags_and_structured_data),
    ("full_text_search_splits_citations_into_words_on_both_databases", full_text_search_splits_citations),
    ("extracted_rules_limit_and_parameters_are_checked", extracted_rules_parameters_are_checked),
    ("extracted_rules_follow_the_plan", extracted_rules_follow_the_plan),
    ("rules_of_a_live_court_without_a_profile_come_from_its_sources", rules_without_a_profile_come_from_sources),
    ("documents_list_the_sources_behind_a_judges_rules", documents_list_the_sources),
    ("every_profiled_district_is_live_and_says_so", every_profiled_district_is_live_and_says_so),
    ("rosters_are_real_dated_and_sample_judges_kept_apart", rosters_are_real_dated_and_sample_judges_kept_apart),
    ("a_former_id_answers_as_the_renamed_court", a_former_id_answers_as_the_renamed_court),
    ("documents_need_a_district_and_a_judge_of_it", documents_need_a_district_and_a_judge_of_it),
    ("pdf_bytes_match_their_sha256", pdf_bytes_match_their_sha256),
    ("pdf_revalidates_with_its_etag", pdf_revalidates_with_its_etag),
    ("pdf_errors_are_json", pdf_errors_are_json),
    ("openapi_describes_the_catalogue_with_bounds", openapi_describes_the_catalogue),
];

fn get(api: &Catalogue, path: &str) -> Reply {
    api.server.get(path, Some(&api.all))
}

fn ok(api: &Catalogue, path: &str) -> Value {
    get(api, path).expect(200).clone()
}

fn paths(body: &Value) -> Vec<&str> {
    body["details"].as_array().expect("details").iter().map(|detail| detail["path"].as_str().unwrap()).collect()
}

fn general_error(reply: &Reply, status: u16) -> &Value {
    let body = reply.expect(status);
    for field in ["error", "suggestion", "docs_url"] {
        assert!(body[field].as_str().is_some_and(|text| !text.is_empty()), "no `{field}` in {body}");
    }
    body
}

// ---- courts ----------------------------------------------------------------------

fn courts(api: &Catalogue) -> Value {
    ok(api, "/api/v1/courts")
}

/// The shipped roster of a district (`data/rosters/<id>.json`).
fn roster(district: &str) -> Value {
    let path = common::repo_data().join(format!("rosters/{district}.json"));
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn roster_len(district: &str) -> usize {
    roster(district)["judges"].as_array().unwrap().len()
}

/// The districts with a shipped compliance profile.
fn profiled_districts() -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(common::repo_data().join("profiles"))
        .unwrap()
        .map(|entry| entry.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    ids
}

fn every_profiled_district_is_live_and_says_so(api: &Catalogue) {
    let body = courts(api);
    let profiled = profiled_districts();
    assert!(profiled.len() >= 9, "{profiled:?}");
    for id in &profiled {
        let court = body["courts"].as_array().unwrap().iter().find(|c| c["district_id"] == id.as_str()).unwrap();
        assert_eq!(court["status"], "live", "{court}");
        assert_eq!(court["judges_profiled"], 0, "{court}");
    }
}

fn rosters_are_real_dated_and_sample_judges_kept_apart(api: &Catalogue) {
    for district in ["edny", "sdny"] {
        let body = ok(api, &format!("/api/v1/judges?district_id={district}"));
        let judges = body["judges"].as_array().unwrap();
        let shipped = roster(district);
        let real: Vec<&Value> = judges.iter().filter(|judge| judge["sample"] == false).collect();
        assert_eq!(real.len(), roster_len(district));
        for (served, file) in real.iter().zip(shipped["judges"].as_array().unwrap()) {
            assert_eq!(served["slug"], file["slug"]);
            assert_eq!(served["name"], file["name"]);
            assert_eq!(served["judge_type"], file["judge_type"]);
            assert_eq!(served["source"], file["source"], "{served}");
            assert_eq!(served["as_of"], file["as_of"], "{served}");
            assert_eq!(served["profile_url"], file.get("profile_url").cloned().unwrap_or(Value::Null));
            assert_eq!(served["coverage_level"], "district");
            assert!(served["source"].as_str().unwrap().starts_with("http"), "{served}");
        }
        assert_eq!(body["meta"]["total"], roster_len(district));
        assert_eq!(body["meta"]["profiled"], 0);
        assert_eq!(body["meta"]["roster_as_of"], shipped["as_of"]);
        for kind in ["district", "senior", "magistrate"] {
            assert!(real.iter().any(|judge| judge["judge_type"] == kind), "{district} has no {kind} judge");
        }
    }
    let edny = ok(api, "/api/v1/judges?district_id=edny");
    let samples: Vec<&Value> =
        edny["judges"].as_array().unwrap().iter().filter(|judge| judge["sample"] == true).collect();
    assert_eq!(samples.len(), 6);
    assert_eq!(edny["meta"]["sample"], 6);
    for judge in samples {
        assert_eq!(judge["coverage_level"], "sample");
        assert_eq!(judge["source"], Value::Null);
    }
    let chief = &edny["judges"][0];
    assert_eq!((chief["slug"].as_str(), chief["title"].as_str()), (Some("margo-k-brodie"), Some("Chief Judge")));
    // A district with a profile but no roster lists nobody; its court-wide rules answer to `court`.
    let ilnd = ok(api, "/api/v1/judges?district_id=ilnd");
    assert_eq!(ilnd["judges"], json!([]));
    let rules = ok(api, "/api/v1/rules?district_id=ilnd&judge_slug=court");
    assert!(rules["meta"]["coverage_note"].as_str().unwrap().contains("N.D. Ill. Local Rules"), "{rules}");
}

fn a_former_id_answers_as_the_renamed_court(api: &Catalogue) {
    let renamed = ok(api, "/api/v1/courts/va-virginia-beach-circuit-court");
    assert_eq!(renamed["name"], "Virginia Beach Circuit Court");
    let old = ok(api, "/api/v1/courts/va-beach-county-circuit-court");
    assert_eq!(old, renamed, "the old id answers as the court, under its new id");
    let holidays = ok(api, "/api/v1/courts/va-beach-county-circuit-court/holidays");
    assert_eq!(holidays["meta"]["district_id"], "va-virginia-beach-circuit-court");
    // Every endpoint taking the court as a query parameter echoes the id it found, too.
    for path in [
        "/api/v1/holidays?district_id=va-beach-county-circuit-court",
        "/api/v1/holidays?district_id=va-beach-county-circuit-court&year=2026",
    ] {
        assert_eq!(ok(api, path)["meta"]["district_id"], "va-virginia-beach-circuit-court", "{path}");
    }
    let judges = ok(api, "/api/v1/judges?district_id=va-beach-county-circuit-court");
    assert_eq!(judges["district_id"], "va-virginia-beach-circuit-court");
    // Aliases stay what they were: another spelling, 404 naming the id.
    get(api, "/api/v1/courts/nyed").expect(404);
}

fn courts_lists_every_court_with_meta(api: &Catalogue) {
    let body = courts(api);
    let list = body["courts"].as_array().unwrap();
    let shipped: Value =
        serde_json::from_slice(&std::fs::read(common::repo_data().join("courts/courts.json")).unwrap()).unwrap();
    assert_eq!(list.len(), shipped["courts"].as_array().unwrap().len(), "the whole catalogue in one response");
    assert!(list.len() > 900);
    let meta = &body["meta"];
    assert_eq!(meta["total_districts"], list.len());
    let mapped: Vec<u64> = list.iter().filter_map(|court| court["judges_mapped"].as_u64()).collect();
    assert_eq!(meta["districts_with_data"], mapped.iter().filter(|n| **n > 0).count());
    assert_eq!(meta["total_judges_mapped"], mapped.iter().sum::<u64>());
    // Real rosters only: sample judges sit on no court and are not counted.
    assert_eq!(meta["total_judges_mapped"], roster_len("edny") + roster_len("sdny"));
    let ids: Vec<&str> = list.iter().map(|court| court["district_id"].as_str().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "courts are listed by district_id");
    let federal = list.iter().filter(|court| court["circuit"].is_string()).count();
    assert_eq!(federal, 94, "the 94 federal district courts");
}

fn court_fields_follow_the_spec(api: &Catalogue) {
    let body = courts(api);
    let find = |id: &str| body["courts"].as_array().unwrap().iter().find(|c| c["district_id"] == id).unwrap().clone();
    let edny = find("edny");
    assert_eq!(
        edny,
        json!({"district_id": "edny", "name": "U.S. District Court for the Eastern District of New York",
               "circuit": "2nd", "state": "NY", "status": "live", "judges_mapped": roster_len("edny"),
               "judges_profiled": 0})
    );
    assert_eq!(find("sdny")["judges_mapped"], roster_len("sdny"));
    // Live with a profile but no roster: profiled count only.
    let ilnd = find("ilnd");
    assert_eq!(ilnd["status"], "live");
    assert!(ilnd.get("judges_mapped").is_none(), "{ilnd}");
    assert_eq!(ilnd["judges_profiled"], 0);
    // Live without a profile or a roster: neither count.
    let state_live = find("ny-supreme-court-new-york-county");
    assert!(state_live.get("judges_mapped").is_none() && state_live.get("judges_profiled").is_none());
    let state = find("ny-supreme-court-new-york-county");
    assert_eq!(state["circuit"], Value::Null);
    assert_eq!(state["state"], "NY");
    assert_eq!(find("cand")["status"], "coming_soon");
    let allowed: BTreeSet<&str> =
        ["district_id", "name", "circuit", "state", "status", "judges_mapped", "judges_profiled"].into();
    for court in body["courts"].as_array().unwrap() {
        for key in court.as_object().unwrap().keys() {
            assert!(allowed.contains(key.as_str()), "unexpected field {key} in {court}");
        }
        assert!(["live", "coming_soon", "preview"].contains(&court["status"].as_str().unwrap()));
    }
}

fn accessible_districts_is_the_keys_plan(api: &Catalogue) {
    let all = courts(api);
    let accessible = all["meta"]["accessible_districts"].as_array().unwrap();
    assert_eq!(accessible.len(), all["courts"].as_array().unwrap().len(), "the `all` plan reaches every court");
    let sdny = api.server.get("/api/v1/courts", Some(&api.sdny_only)).expect(200).clone();
    assert_eq!(sdny["meta"]["accessible_districts"], json!(["sdny"]));
    // Any valid key lists every court.
    assert_eq!(sdny["courts"].as_array().unwrap().len(), all["courts"].as_array().unwrap().len());
}

fn one_court_is_200_403_or_404(api: &Catalogue) {
    let edny = ok(api, "/api/v1/courts/edny");
    assert_eq!(edny["judges_mapped"], roster_len("edny"));
    let state = ok(api, "/api/v1/courts/ca-superior-court-county-of-los-angeles");
    assert_eq!(state["status"], "live");
    // Known, outside the plan: 403 with the structured body, never 404.
    let reply = api.server.get("/api/v1/courts/edny", Some(&api.sdny_only));
    let body = general_error(&reply, 403);
    assert_eq!(body["district"]["district_id"], "edny");
    assert_eq!(body["district"]["judges_mapped"], roster_len("edny"));
    assert_eq!(body["accessible_districts"], json!(["sdny"]));
    assert!(body["contact"].as_str().unwrap().contains('@'));
    api.server.get("/api/v1/courts/sdny", Some(&api.sdny_only)).expect(200);
    // Unknown for every key: 404 with only `error`.
    for key in [&api.all, &api.sdny_only] {
        let body = api.server.get("/api/v1/courts/nowhere", Some(key)).expect(404).clone();
        assert_eq!(body.as_object().unwrap().keys().collect::<Vec<_>>(), vec!["error"]);
    }
    // An alias is not an id; the answer names the id.
    let body = get(api, "/api/v1/courts/nyed").expect(404).clone();
    assert!(body["error"].as_str().unwrap().contains("`edny`"), "{body}");
    // A path that is not UTF-8 once decoded is a 400 naming the parameter.
    let body = get(api, "/api/v1/courts/%FF%FE").expect(400).clone();
    assert_eq!(paths(&body), vec!["district_id"]);
}

fn courts_take_no_parameters_and_need_a_key(api: &Catalogue) {
    let body = get(api, "/api/v1/courts?status=live").expect(400).clone();
    assert_eq!(paths(&body), vec!["status"]);
    for path in ["/api/v1/courts", "/api/v1/courts/edny", "/api/v1/holidays", "/api/v1/extracted-rules"] {
        let reply = api.server.get(path, None);
        general_error(&reply, 401);
        assert!(reply.header("x-ratelimit-limit").is_none(), "a 401 has no key to count against");
    }
}

// ---- holidays --------------------------------------------------------------------

/// `(holiday_date, holiday_name)` of a holidays answer.
fn days(body: &Value) -> Vec<(String, String)> {
    body["holidays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["holiday_date"].as_str().unwrap().to_owned(), h["holiday_name"].as_str().unwrap().to_owned()))
        .collect()
}

fn has(body: &Value, date: &str, name: &str) -> bool {
    days(body).iter().any(|(d, n)| d == date && n.starts_with(name))
}

fn weekend_holidays_are_observed(api: &Catalogue) {
    let y2021 = ok(api, "/api/v1/courts/edny/holidays?year=2021");
    // Independence Day 2021 was a Sunday → Monday 5 July; Christmas 2021 a Saturday → Friday 24 December.
    assert!(has(&y2021, "2021-07-05", "Independence Day (observed)"), "{:?}", days(&y2021));
    assert!(has(&y2021, "2021-12-24", "Christmas Day (observed)"));
    let y2020 = ok(api, "/api/v1/courts/edny/holidays?year=2020");
    // Independence Day 2020 was a Saturday → Friday 3 July.
    assert!(has(&y2020, "2020-07-03", "Independence Day (observed)"));
    let y2023 = ok(api, "/api/v1/courts/edny/holidays?year=2023");
    // New Year's Day 2023 was a Sunday → Monday 2 January.
    assert!(has(&y2023, "2023-01-02", "New Year's Day (observed)"));
    // A weekday holiday keeps its own date and name.
    assert!(has(&y2023, "2023-07-04", "Independence Day"));
    assert!(days(&y2023).iter().all(|(date, _)| date != "2023-01-01"));
    // Monday holidays: Thanksgiving is the fourth Thursday.
    assert!(has(&y2023, "2023-11-23", "Thanksgiving Day"));
    assert_eq!(y2023["meta"]["total"], 11);
}

fn juneteenth_is_a_holiday_from_2021_only(api: &Catalogue) {
    let juneteenth = |year: u32| {
        let body = ok(api, &format!("/api/v1/courts/edny/holidays?year={year}"));
        days(&body).into_iter().filter(|(_, name)| name.starts_with("Juneteenth")).collect::<Vec<_>>()
    };
    assert!(juneteenth(2019).is_empty());
    assert!(juneteenth(2020).is_empty());
    // 19 June 2021 was a Saturday, 2022 a Sunday, 2024 a Wednesday.
    assert_eq!(juneteenth(2021)[0].0, "2021-06-18");
    assert_eq!(juneteenth(2022)[0].0, "2022-06-20");
    assert_eq!(juneteenth(2024)[0].0, "2024-06-19");
}

fn new_years_day_2022_is_observed_on_2021_12_31(api: &Catalogue) {
    let body = ok(api, "/api/v1/courts/sdny/holidays?year=2022");
    let first = &body["holidays"][0];
    assert_eq!(first["holiday_date"], "2021-12-31");
    assert_eq!(first["calendar_year"], 2022);
    assert_eq!(first["holiday_name"], "New Year's Day (observed)");
    // It belongs to 2022, not 2021…
    let y2021 = ok(api, "/api/v1/courts/sdny/holidays?year=2021");
    assert!(!has(&y2021, "2021-12-31", "New Year"));
    // …but a date range over 31 December 2021 finds it.
    let range = ok(api, "/api/v1/courts/sdny/holidays?date_from=2021-12-31&date_to=2021-12-31");
    assert_eq!(days(&range), vec![("2021-12-31".to_owned(), "New Year's Day (observed)".to_owned())]);
}

fn closures_apply_to_their_courts(api: &Catalogue) {
    // A court's own closure applies to that court only: tests/e2e/cli.rs, on a data pack
    // with one (the shipped pack holds none it could confirm).
    // A presidential closure: every federal court.
    for court in ["edny", "sdny", "cand", "dcd"] {
        let body = ok(api, &format!("/api/v1/courts/{court}/holidays?date_from=2025-01-09&date_to=2025-01-09"));
        assert_eq!(days(&body).len(), 1, "{court}: {:?}", days(&body));
        assert!(days(&body)[0].1.contains("Jimmy Carter"));
        assert!(body["holidays"][0]["source_url"].as_str().unwrap().starts_with("https://www.govinfo.gov/"));
    }
    let state =
        ok(api, "/api/v1/courts/ny-supreme-court-new-york-county/holidays?date_from=2025-01-09&date_to=2025-01-09");
    assert!(days(&state).is_empty(), "a presidential closure is not a state-court holiday");
}

fn state_courts_have_their_own_calendar(api: &Catalogue) {
    let ny = ok(api, "/api/v1/courts/ny-supreme-court-new-york-county/holidays?year=2025");
    assert!(has(&ny, "2025-02-12", "Lincoln's Birthday"));
    assert!(has(&ny, "2025-11-04", "Election Day"));
    assert_eq!(ny["meta"]["total"], 13);
    assert!(ny["holidays"].as_array().unwrap().iter().all(|h| h["district_id"] == "ny-supreme-court-new-york-county"));
    let ca = ok(api, "/api/v1/courts/ca-superior-court-county-of-los-angeles/holidays?year=2026");
    assert!(has(&ca, "2026-03-31", "Cesar Chavez Day"));
    assert!(has(&ca, "2026-11-27", "Day After Thanksgiving"));
    // A state court without a stored calendar has no holidays rather than federal ones.
    let none = ok(api, "/api/v1/courts/pa-supreme-court/holidays?year=2025");
    assert_eq!(none["meta"]["total"], 0);
}

fn inauguration_day_only_for_dcd(api: &Catalogue) {
    let dcd = ok(api, "/api/v1/courts/dcd/holidays?year=2025");
    assert!(has(&dcd, "2025-01-20", "Inauguration Day"));
    let edny = ok(api, "/api/v1/courts/edny/holidays?year=2025");
    assert!(!days(&edny).iter().any(|(_, name)| name.starts_with("Inauguration")));
    // 20 January 2013 was a Sunday: observed Monday the 21st.
    assert!(has(&ok(api, "/api/v1/courts/dcd/holidays?year=2013"), "2013-01-21", "Inauguration Day"));
}

fn holidays_have_the_specs_fields(api: &Catalogue) {
    let body = ok(api, "/api/v1/holidays?date_from=2025-01-01&date_to=2025-12-31&limit=500");
    let holidays = body["holidays"].as_array().unwrap();
    assert_eq!(holidays.len(), 500);
    let fields: BTreeSet<&str> =
        ["district_id", "calendar_year", "holiday_date", "holiday_name", "source_url", "last_checked_at"].into();
    for holiday in holidays {
        assert_eq!(holiday.as_object().unwrap().keys().map(String::as_str).collect::<BTreeSet<_>>(), fields);
        assert!(holiday["source_url"].as_str().unwrap().starts_with("http"));
        assert!(holiday["last_checked_at"].as_str().unwrap().ends_with('Z'));
    }
    let order: Vec<(String, String)> = holidays
        .iter()
        .map(|h| (h["holiday_date"].as_str().unwrap().into(), h["district_id"].as_str().unwrap().into()))
        .collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted, "by date, then court");
    let computed = ok(api, "/api/v1/courts/edny/holidays?year=2024");
    assert_eq!(
        computed["holidays"][0]["source_url"],
        "https://www.opm.gov/policy-data-oversight/pay-leave/federal-holidays/"
    );
}

fn holidays_default_to_this_year_and_next(api: &Catalogue) {
    let seconds = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let year = courtrules_engine::calendar::Date::from_days_since_epoch((seconds / 86_400) as i64).year;
    let body = ok(api, "/api/v1/courts/edny/holidays");
    let meta = &body["meta"];
    assert_eq!(meta["date_from"], format!("{year}-01-01"));
    assert_eq!(meta["date_to"], format!("{}-12-31", year + 1));
    assert_eq!(meta["year"], Value::Null);
    assert_eq!(meta["limit"], 100);
    assert_eq!(meta["district_id"], "edny");
    for holiday in body["holidays"].as_array().unwrap() {
        let date = holiday["holiday_date"].as_str().unwrap();
        assert!(date >= &format!("{year}-01-01")[..] && date <= &format!("{}-12-31", year + 1)[..], "{date}");
    }
    assert!(body["holidays"].as_array().unwrap().len() >= 22);
}

fn holiday_filters_and_limit(api: &Catalogue) {
    let body = ok(api, "/api/v1/holidays?district_id=sdny&year=2025&date_from=2025-06-01&date_to=2025-12-31&limit=3");
    assert_eq!(
        body["meta"],
        json!({"total": 3, "matched": 9, "district_id": "sdny", "year": 2025, "limit": 3,
                                     "date_from": "2025-06-01", "date_to": "2025-12-31"})
    );
    assert_eq!(
        days(&body).into_iter().map(|(date, _)| date).collect::<Vec<_>>(),
        vec!["2025-06-19", "2025-07-04", "2025-09-01"]
    );
    // Without district_id: every court the key may query, the limit applied after sorting.
    let body = ok(api, "/api/v1/holidays?date_from=2025-01-01&date_to=2025-01-01&limit=500");
    let courts: BTreeSet<&str> =
        body["holidays"].as_array().unwrap().iter().map(|h| h["district_id"].as_str().unwrap()).collect();
    assert_eq!(courts.len(), 94 + 2, "every federal court and the two state calendars");
    assert!(courts.contains("ny-supreme-court-new-york-county"));
    assert_eq!(body["meta"]["matched"], body["meta"]["total"], "nothing cut");
    // A limit that cuts the answer says so: `total` is the number returned (the spec's
    // meta), `matched` the number that matched.
    let body = ok(api, "/api/v1/holidays?year=2026&limit=500");
    assert_eq!(body["meta"]["total"], 500);
    let matched = body["meta"]["matched"].as_u64().unwrap();
    let whole = ok(api, "/api/v1/holidays?year=2026&date_from=2026-01-01&date_to=2026-01-31&limit=500");
    assert!(matched > 94 * 11, "every federal court's eleven, and more: {matched}");
    let january = whole["meta"]["matched"].as_u64().unwrap();
    assert_eq!(january, whole["holidays"].as_array().unwrap().len() as u64);
    let per_court = ok(api, "/api/v1/holidays?district_id=sdny&year=2026&limit=1");
    assert_eq!((per_court["meta"]["total"].as_u64(), per_court["meta"]["matched"].as_u64()), (Some(1), Some(11)));
    // An open end is bounded by the limit.
    let body = ok(api, "/api/v1/courts/edny/holidays?date_from=2030-01-01&limit=500");
    assert_eq!(body["meta"]["total"], 500);
    // …and counted to the calendar's last year: eleven holidays a year, 2030–9999.
    let matched = body["meta"]["matched"].as_u64().unwrap();
    assert!((11 * 7970..=12 * 7970).contains(&matched), "{matched}");
    assert_eq!(body["meta"]["date_to"], Value::Null);
    // A range after its end is empty, not an error.
    let body = ok(api, "/api/v1/courts/edny/holidays?date_from=2025-12-31&date_to=2025-01-01");
    assert_eq!(body["meta"]["total"], 0);
}

fn holiday_parameters_are_checked(api: &Catalogue) {
    let cases: &[(&str, &[&str])] = &[
        ("limit=501", &["limit"]),
        ("limit=0", &["limit"]),
        ("limit=ten", &["limit"]),
        ("year=1970", &["year"]),
        ("year=10000", &["year"]),
        ("year=20x5", &["year"]),
        ("date_from=2025-02-30", &["date_from"]),
        ("date_to=25-01-01", &["date_to"]),
        ("district_id=", &["district_id"]),
        ("colour=red", &["colour"]),
        ("year=1&limit=-1&date_from=x&unknown=1", &["year", "date_from", "limit", "unknown"]),
    ];
    for (query, expected) in cases {
        let body = get(api, &format!("/api/v1/holidays?{query}")).expect(400).clone();
        assert_eq!(paths(&body), *expected, "{query}: {body}");
        assert!(body["docs_url"].as_str().unwrap().ends_with("#validation"));
    }
    // The per-court path has no district_id parameter.
    let body = get(api, "/api/v1/courts/edny/holidays?district_id=edny&limit=600").expect(400).clone();
    assert_eq!(paths(&body), vec!["limit", "district_id"]);
    ok(api, "/api/v1/holidays?limit=500&year=1971");
    ok(api, "/api/v1/holidays?limit=1&year=9999");
}

fn holidays_follow_the_plan(api: &Catalogue) {
    let body = api.server.get("/api/v1/holidays?year=2021", Some(&api.sdny_only)).expect(200).clone();
    assert!(body["holidays"].as_array().unwrap().iter().all(|h| h["district_id"] == "sdny"));
    assert_eq!(body["meta"]["total"], 11, "the 11 federal holidays of 2021");
    let reply = api.server.get("/api/v1/holidays?district_id=edny", Some(&api.sdny_only));
    assert_eq!(general_error(&reply, 403)["district"]["district_id"], "edny");
    let reply = api.server.get("/api/v1/courts/edny/holidays", Some(&api.sdny_only));
    general_error(&reply, 403);
    assert_eq!(get(api, "/api/v1/holidays?district_id=nowhere").expect(404).as_object().unwrap().len(), 1);
    assert_eq!(get(api, "/api/v1/courts/nowhere/holidays").expect(404).as_object().unwrap().len(), 1);
}

// ---- extracted rules ---------------------------------------------------------------

fn rules_of(body: &Value) -> &Vec<Value> {
    body["rules"].as_array().expect("rules")
}

fn shipped_rules(district: &str) -> Vec<Value> {
    let path = common::repo_data().join(format!("extracted_rules/{district}.json"));
    let file: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    file["rules"].as_array().unwrap().clone()
}

fn extracted_rules_have_the_specs_shape(api: &Catalogue) {
    let body = ok(api, "/api/v1/extracted-rules?district_id=sdny");
    let shipped = shipped_rules("sdny");
    assert_eq!(rules_of(&body).len(), shipped.len());
    // Raw rules, in source order, exactly as extracted.
    assert_eq!(rules_of(&body), &shipped);
    for rule in rules_of(&body) {
        for field in [
            "rule_id",
            "district_id",
            "judge_slug",
            "source_url",
            "source_url_key",
            "document_version_id",
            "doc_kind",
            "logic_type",
            "workflow_phase",
        ] {
            assert!(rule[field].is_string(), "{field} in {rule}");
        }
        let content = &rule["content"];
        for field in ["source_text", "summary", "workflow_phase", "visual_severity"] {
            assert!(content[field].is_string(), "content.{field} in {rule}");
        }
        assert!(content["rule_tags"].is_array());
        assert!(
            content["structured_data"]["logic_type"].is_string()
                && content["structured_data"]["description"].is_string()
        );
    }
    assert_eq!(
        body["meta"],
        json!({"total": shipped.len(), "matched": shipped.len(), "limit": 100, "district_id": "sdny"})
    );
}

fn extracted_rules_filter_by_district_and_judge(api: &Catalogue) {
    let judges = |body: &Value| {
        rules_of(body).iter().map(|r| r["judge_slug"].as_str().unwrap().to_owned()).collect::<BTreeSet<_>>()
    };
    // The judge's rules and, by default, the court-level rules of the judge's court.
    let with_court = ok(api, "/api/v1/extracted-rules?district_id=edny&judge_slug=avery-sample");
    assert_eq!(judges(&with_court), ["avery-sample".to_owned(), "court".to_owned()].into());
    assert_eq!(with_court["meta"]["include_court_rules"], true);
    let own = ok(api, "/api/v1/extracted-rules?district_id=edny&judge_slug=avery-sample&include_court_rules=false");
    assert_eq!(judges(&own), ["avery-sample".to_owned()].into());
    assert_eq!(own["meta"]["include_court_rules"], false);
    let court = rules_of(&with_court).len() - rules_of(&own).len();
    assert_eq!(court, shipped_rules("edny").iter().filter(|r| r["judge_slug"] == "court").count());
    // Without a district: the court-level rules of the judge's own court only.
    let anywhere = ok(api, "/api/v1/extracted-rules?judge_slug=avery-sample");
    assert!(rules_of(&anywhere).iter().all(|r| r["district_id"] == "edny"));
    assert_eq!(rules_of(&anywhere).len(), rules_of(&with_court).len());
    // `court`: court-level rules only.
    let court_only = ok(api, "/api/v1/extracted-rules?district_id=edny&judge_slug=court");
    assert_eq!(judges(&court_only), ["court".to_owned()].into());
    // include_court_rules alone changes nothing and is not echoed.
    let all_edny = ok(api, "/api/v1/extracted-rules?district_id=edny&include_court_rules=false");
    assert_eq!(rules_of(&all_edny).len(), shipped_rules("edny").len());
    assert!(all_edny["meta"].get("include_court_rules").is_none());
    // A judge with no rules: nothing of theirs, but the court's.
    let none =
        ok(api, "/api/v1/extracted-rules?district_id=edny&judge_slug=finley-fictional&include_court_rules=false");
    assert_eq!(none["meta"]["total"], 0);
    // A judge of another court, or none: 404 as on /rules, not the court's rules as theirs.
    for judge in ["laura-taylor-swain", "nobody"] {
        let reply = get(api, &format!("/api/v1/extracted-rules?district_id=edny&judge_slug={judge}"));
        let body = general_error(&reply, 404);
        assert!(body["error"].as_str().unwrap().contains(judge), "{body}");
    }
}

fn extracted_rules_filter_by_type_phase_case(api: &Catalogue) {
    let body = ok(api, "/api/v1/extracted-rules?logic_type=FilingTimingRule");
    assert!(!rules_of(&body).is_empty());
    assert!(rules_of(&body).iter().all(|r| r["logic_type"] == "FilingTimingRule"));
    assert_eq!(body["meta"]["logic_type"], "FilingTimingRule");
    let districts: BTreeSet<&str> = rules_of(&body).iter().map(|r| r["district_id"].as_str().unwrap()).collect();
    assert!(districts.len() >= 3, "federal and state rules: {districts:?}");
    let body =
        ok(api, "/api/v1/extracted-rules?workflow_phase=FILING&district_id=ca-superior-court-county-of-los-angeles");
    assert!(!rules_of(&body).is_empty() && rules_of(&body).iter().all(|r| r["workflow_phase"] == "FILING"));
    // case_type: rules limited to it, and rules without a case-type limit.
    let body = ok(api, "/api/v1/extracted-rules?case_type=commercial&limit=500");
    assert_eq!(body["meta"]["case_type"], "commercial");
    let limits: BTreeSet<String> = rules_of(&body).iter().map(|r| r["case_types"].to_string()).collect();
    assert_eq!(limits, [r#"["commercial"]"#.to_owned(), "[]".to_owned()].into());
    let civil = ok(api, "/api/v1/extracted-rules?case_type=civil&district_id=ny-supreme-court-new-york-county");
    assert!(
        rules_of(&civil).iter().all(|r| r["case_types"] == json!([])),
        "Commercial Division rules are not civil-wide"
    );
    let no_match = ok(api, "/api/v1/extracted-rules?logic_type=NoSuchRule");
    assert_eq!(no_match["meta"]["total"], 0);
    // A kind the spec names that no rule has yet is an empty answer too.
    assert_eq!(ok(api, "/api/v1/extracted-rules?logic_type=FilingFeeRule")["meta"]["total"], 0);
    // A value in another case than the rules' could never match (filters are exact): a 400
    // naming the filter and the value meant, every such filter at once.
    let body = get(api, "/api/v1/extracted-rules?logic_type=courtesycopyrule&workflow_phase=filing&case_type=Civil")
        .expect(400)
        .clone();
    assert_eq!(paths(&body), ["logic_type", "workflow_phase", "case_type"], "{body}");
    let said = |index: usize| body["details"][index]["message"].as_str().unwrap().to_owned();
    assert!(said(0).contains("did you mean `CourtesyCopyRule`?") && said(0).contains("FilingTimingRule"), "{body}");
    assert!(said(1).contains("did you mean `FILING`?") && said(1).contains("MOTION_PRACTICE"), "{body}");
    assert!(said(2).contains("did you mean `civil`?"), "{body}");
    assert_eq!(body["error"], "the query is invalid (3 problems)");
    // Beside a filter that matches, or a district without such rules, the exact value is fine.
    assert_eq!(get(api, "/api/v1/extracted-rules?workflow_phase=FILING&logic_type=BundlingRule").status, 200);
}

fn full_text_search_finds_a_phrase(api: &Catalogue) {
    // A phrase quoted from one rule's source text finds that rule.
    let rule = shipped_rules("ny-supreme-court-new-york-county")
        .into_iter()
        .find(|r| r["logic_type"] == "ElectronicFilingRule")
        .unwrap();
    let text = rule["content"]["source_text"].as_str().unwrap();
    let phrase: Vec<&str> = text.split_whitespace().take(6).collect();
    let q = format!("\"{}\"", phrase.join(" "));
    let encoded: String = q.bytes().map(|b| format!("%{b:02X}")).collect();
    let body = ok(api, &format!("/api/v1/extracted-rules?q={encoded}"));
    let ids: Vec<&str> = rules_of(&body).iter().map(|r| r["rule_id"].as_str().unwrap()).collect();
    assert!(ids.contains(&rule["rule_id"].as_str().unwrap()), "{q} → {ids:?}");
    assert_eq!(body["meta"]["q"], q);
    // Words of a phrase out of order do not match it as a phrase.
    let body = ok(api, "/api/v1/extracted-rules?q=%22motion%20of%20notice%22");
    assert_eq!(body["meta"]["total"], 0);
    let body = ok(api, "/api/v1/extracted-rules?q=%22notice%20of%20motion%22&district_id=sdny");
    assert!(rules_of(&body).iter().any(|r| r["content"]["source_text"].as_str().unwrap().contains("notice of motion")));
    // Every word must match, stemmed: "copies" finds "copy".
    let body = ok(api, "/api/v1/extracted-rules?q=courtesy%20copies");
    assert!(!rules_of(&body).is_empty());
    assert!(rules_of(&body).iter().all(|r| r["logic_type"] == "CourtesyCopyRule"), "{body}");
    // Search-engine syntax is just words.
    for q in ["NEAR(", "%22", "*", "a%20OR", "-x", "%5E", "%00"] {
        ok(api, &format!("/api/v1/extracted-rules?q={q}"));
    }
}

fn full_text_search_covers_tags_and_structured_data(api: &Catalogue) {
    // `numbered_lines` appears only as a structured-data key of one California rule.
    let body = ok(api, "/api/v1/extracted-rules?q=numbered%20lines");
    assert!(rules_of(&body).iter().any(|r| r["content"]["structured_data"].get("numbered_lines").is_some()), "{body}");
    // A tag.
    let body = ok(api, "/api/v1/extracted-rules?q=font_size&district_id=ca-superior-court-county-of-los-angeles");
    assert!(
        rules_of(&body).iter().any(|r| r["content"]["rule_tags"].as_array().unwrap().contains(&json!("font_size")))
    );
}

/// The words of a rule's full-text index as the server builds it (summary, source text,
/// tags, structured data and citation, keys and values), split as `q` is split: at every
/// character that is neither a letter nor a digit, lowercased.
fn indexed_words(rule: &Value) -> BTreeSet<String> {
    fn flatten(value: &Value, out: &mut String) {
        match value {
            Value::Object(map) => map.iter().for_each(|(key, value)| {
                out.push_str(key);
                out.push(' ');
                flatten(value, out);
            }),
            Value::Array(items) => items.iter().for_each(|item| flatten(item, out)),
            Value::String(text) => {
                out.push_str(text);
                out.push(' ');
            }
            Value::Null => {}
            other => {
                out.push_str(&other.to_string());
                out.push(' ');
            }
        }
    }
    let content = &rule["content"];
    let mut text = String::new();
    for field in ["summary", "source_text", "rule_tags", "structured_data", "citation_source"] {
        flatten(&content[field], &mut text);
    }
    text.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).map(str::to_lowercase).collect()
}

fn full_text_search_splits_citations(api: &Catalogue) {
    // Citations are searched as their words (`Rule 7.1` is `rule`, `7` and `1`), and the
    // index is split the same way on both databases: PostgreSQL's own parser keeps `7.1`,
    // `D.N.H.` or `1/2` as one token, which found nothing (docs/server.md, PostgreSQL).
    let mut shipped = Vec::new();
    for entry in std::fs::read_dir(common::repo_data().join("extracted_rules")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|extension| extension == "json") {
            let file: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
            shipped.extend(
                file["rules"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|rule| (rule["rule_id"].as_str().unwrap().to_owned(), indexed_words(rule))),
            );
        }
    }
    assert!(shipped.len() < 500, "one page holds every rule");
    // On PostgreSQL, an SQLite server seeded from the same data pack to compare with.
    let sqlite = common::postgres_server()
        .map(|_| common::Server::start_in(std::sync::Arc::new(common::Workspace::sqlite()), &[]));
    let found = |server: &common::Server, key: &str, q: &str| -> BTreeSet<String> {
        let encoded: String = q.bytes().map(|b| format!("%{b:02X}")).collect();
        let body = server.get(&format!("/api/v1/extracted-rules?q={encoded}&limit=500"), Some(key)).expect(200).clone();
        assert_eq!(body["meta"]["total"], rules_of(&body).len(), "{q}: {}", body["meta"]);
        rules_of(&body).iter().map(|rule| rule["rule_id"].as_str().unwrap().to_owned()).collect()
    };
    for q in ["Rule 7.1", "D.N.H.", "N.D. Ill.", "1/2"] {
        let words: Vec<String> =
            q.split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).map(str::to_lowercase).collect();
        // Every rule with all the words as they are is found (stemming may add more, as
        // `rules` for `rule`)…
        let with_words: BTreeSet<String> = shipped
            .iter()
            .filter(|(_, indexed)| words.iter().all(|word| indexed.contains(word)))
            .map(|(id, _)| id.clone())
            .collect();
        assert!(!with_words.is_empty(), "the data pack cites {q}");
        let hits = found(&api.server, &api.all, q);
        let missing: Vec<&String> = with_words.difference(&hits).collect();
        assert!(
            missing.is_empty(),
            "q={q}: {} rules found, {} have its words; missing {missing:?}",
            hits.len(),
            with_words.len()
        );
        // …and nothing without a word of the same stem (here: beginning alike).
        for id in &hits {
            let (_, indexed) = shipped.iter().find(|(rule_id, _)| rule_id == id).expect("a shipped rule");
            let stem = |word: &String| word.chars().take(3).collect::<String>();
            assert!(
                words.iter().all(|word| indexed.iter().any(|indexed| indexed.starts_with(&stem(word)))),
                "q={q} found {id}, which lacks one of {words:?}"
            );
        }
        // The same rules on both databases.
        if let Some(sqlite) = &sqlite {
            assert_eq!(hits, found(sqlite, sqlite.key(), q), "q={q}: PostgreSQL's rules against SQLite's");
        }
    }
}

fn extracted_rules_parameters_are_checked(api: &Catalogue) {
    assert_eq!(ok(api, "/api/v1/extracted-rules")["meta"]["limit"], 100);
    let body = ok(api, "/api/v1/extracted-rules?limit=2");
    assert_eq!(rules_of(&body).len(), 2);
    // `total` is the number returned; `matched` says how many there were.
    let every = ok(api, "/api/v1/extracted-rules?limit=500");
    let all = rules_of(&every).len();
    assert!(all > 2);
    assert_eq!(
        (every["meta"]["total"].as_u64(), every["meta"]["matched"].as_u64()),
        (Some(all as u64), Some(all as u64))
    );
    assert_eq!((body["meta"]["total"].as_u64(), body["meta"]["matched"].as_u64()), (Some(2), Some(all as u64)));
    let searched = ok(api, "/api/v1/extracted-rules?q=courtesy&limit=1");
    let found = ok(api, "/api/v1/extracted-rules?q=courtesy&limit=500");
    assert_eq!(searched["meta"]["matched"].as_u64(), Some(rules_of(&found).len() as u64));
    assert!(rules_of(&found).len() > 1, "{found}");
    assert_eq!(ok(api, "/api/v1/extracted-rules?limit=500")["meta"]["limit"], 500);
    let cases: &[(&str, &[&str])] = &[
        ("limit=501", &["limit"]),
        ("limit=0", &["limit"]),
        ("limit=1.5", &["limit"]),
        ("include_court_rules=yes", &["include_court_rules"]),
        ("q=", &["q"]),
        ("judge=x", &["judge"]),
        ("district_id=&logic_type=", &["district_id", "logic_type"]),
    ];
    for (query, expected) in cases {
        let body = get(api, &format!("/api/v1/extracted-rules?{query}")).expect(400).clone();
        assert_eq!(paths(&body), *expected, "{query}: {body}");
    }
    let long = "a".repeat(501);
    assert_eq!(paths(get(api, &format!("/api/v1/extracted-rules?q={long}")).expect(400)), vec!["q"]);
}

fn extracted_rules_follow_the_plan(api: &Catalogue) {
    let body = api.server.get("/api/v1/extracted-rules", Some(&api.sdny_only)).expect(200).clone();
    assert!(rules_of(&body).iter().all(|r| r["district_id"] == "sdny"));
    assert_eq!(rules_of(&body).len(), shipped_rules("sdny").len());
    let reply = api.server.get("/api/v1/extracted-rules?district_id=edny", Some(&api.sdny_only));
    assert_eq!(general_error(&reply, 403)["district"]["district_id"], "edny");
    assert_eq!(get(api, "/api/v1/extracted-rules?district_id=nowhere").expect(404).as_object().unwrap().len(), 1);
}

fn rules_without_a_profile_come_from_sources(api: &Catalogue) {
    let ny = "ny-supreme-court-new-york-county";
    let body = ok(api, &format!("/api/v1/rules?district_id={ny}&judge_slug=any-judge"));
    assert_eq!(body["judge"], json!({"slug": "any-judge", "name": null}));
    let court = body["rules"]["court"].as_array().unwrap();
    assert_eq!(court.len(), shipped_rules(ny).len());
    assert!(body["rules"]["judge"].as_array().unwrap().is_empty());
    assert_eq!(body["meta"], json!({"total_rules": court.len(), "compliance_profile": false}));
    for (rule, shipped) in court.iter().zip(shipped_rules(ny)) {
        assert_eq!(rule["source_text"], shipped["content"]["source_text"], "each rule quotes its source");
        assert_eq!(rule["citation"], shipped["content"]["citation_source"]["section"]);
        assert_eq!(rule["rule_id"], shipped["rule_id"]);
    }
    // Query validation is the engine's, as for profiled courts.
    let body =
        get(api, &format!("/api/v1/rules?district_id={ny}&judge_slug=x&document_scope=brief")).expect(400).clone();
    assert_eq!(paths(&body), vec!["document_scope"]);
    // Another state court too.
    let ca = ok(api, "/api/v1/rules?district_id=ca-superior-court-county-of-los-angeles&judge_slug=dept-1");
    assert_eq!(
        ca["rules"]["court"].as_array().unwrap().len(),
        shipped_rules("ca-superior-court-county-of-los-angeles").len()
    );
    // Compliance checks still need a profile.
    let mut request = common::check_request();
    request["district_id"] = json!(ny);
    general_error(&api.server.check(&api.all, &request), 422);
    // Outside the plan: 403 before anything else.
    let reply = api.server.get("/api/v1/rules?district_id=edny&judge_slug=avery-sample", Some(&api.sdny_only));
    general_error(&reply, 403);
    api.server.get("/api/v1/rules?district_id=sdny&judge_slug=court", Some(&api.sdny_only)).expect(200);
}

// ---- documents ---------------------------------------------------------------------

fn documents(api: &Catalogue, query: &str) -> Value {
    ok(api, &format!("/api/v1/documents?{query}"))
}

fn kinds(body: &Value) -> Vec<&str> {
    body["documents"].as_array().unwrap().iter().map(|d| d["kind"].as_str().unwrap()).collect()
}

fn documents_list_the_sources(api: &Catalogue) {
    let body = documents(api, "district_id=edny&judge_slug=avery-sample");
    assert_eq!(kinds(&body), vec!["frcp", "local_rules", "standing_order"]);
    assert_eq!(body["district_id"], "edny");
    assert_eq!(body["judge_slug"], "avery-sample");
    assert_eq!(body["meta"]["total"], 3);
    let order = &body["documents"][2];
    assert_eq!(order["judge_slug"], "avery-sample");
    assert_eq!(order["sample"], true);
    for document in body["documents"].as_array().unwrap() {
        for field in ["id", "title", "kind", "source_url", "version_id", "retrieved_date", "sha256", "pdf_url"] {
            assert!(document[field].is_string(), "{field} in {document}");
        }
        assert!(document["page_count"].as_u64().unwrap() >= 1);
        assert_eq!(document["pdf_url"], format!("/api/v1/documents/{}/pdf", document["id"].as_str().unwrap()));
    }
    // The court's documents only, without a judge.
    assert_eq!(kinds(&documents(api, "district_id=edny")), vec!["frcp", "local_rules"]);
    // A judge on the roster without an encoded order, `court`, and anyone in a district without a roster.
    assert_eq!(kinds(&documents(api, "district_id=sdny&judge_slug=jesse-m-furman")), vec!["frcp", "local_rules"]);
    assert_eq!(kinds(&documents(api, "district_id=sdny&judge_slug=court")), vec!["frcp", "local_rules"]);
    assert_eq!(kinds(&documents(api, "district_id=txnd&judge_slug=someone")), vec!["frcp", "local_rules"]);
    // A state court: its rules and statutes, no federal rules.
    assert_eq!(kinds(&documents(api, "district_id=ny-supreme-court-new-york-county")), vec!["court_rules", "statute"]);
    // Every extracted rule's document version is among its court's documents.
    let mut districts = profiled_districts();
    districts
        .extend(["ny-supreme-court-new-york-county".to_owned(), "ca-superior-court-county-of-los-angeles".to_owned()]);
    for district in &districts {
        let district = district.as_str();
        let listed: Vec<Value> = [documents(api, &format!("district_id={district}"))]
            .into_iter()
            .chain(
                ["avery-sample", "blake-example", "casey-placeholder", "drew-specimen", "emery-demo"]
                    .iter()
                    .filter(|_| district == "edny")
                    .map(|judge| documents(api, &format!("district_id=edny&judge_slug={judge}"))),
            )
            .collect();
        let versions: BTreeSet<&str> = listed
            .iter()
            .flat_map(|body| body["documents"].as_array().unwrap())
            .map(|d| d["version_id"].as_str().unwrap())
            .collect();
        for rule in shipped_rules(district) {
            assert!(
                versions.contains(rule["document_version_id"].as_str().unwrap()),
                "{district}: {}",
                rule["rule_id"]
            );
        }
    }
}

fn documents_need_a_district_and_a_judge_of_it(api: &Catalogue) {
    assert_eq!(paths(get(api, "/api/v1/documents").expect(400)), vec!["district_id"]);
    assert_eq!(
        paths(get(api, "/api/v1/documents?district_id=edny&judge_slug=&x=1").expect(400)),
        vec!["judge_slug", "x"]
    );
    let reply = get(api, "/api/v1/documents?district_id=edny&judge_slug=judge-nobody");
    assert!(general_error(&reply, 404)["suggestion"].as_str().unwrap().contains("/api/v1/judges?district_id=edny"));
    assert_eq!(get(api, "/api/v1/documents?district_id=nowhere").expect(404).as_object().unwrap().len(), 1);
    let reply = api.server.get("/api/v1/documents?district_id=edny", Some(&api.sdny_only));
    general_error(&reply, 403);
}

fn every_document(api: &Catalogue) -> Vec<Value> {
    let mut all: Vec<Value> = Vec::new();
    for query in [
        "district_id=edny&judge_slug=avery-sample",
        "district_id=edny&judge_slug=blake-example",
        "district_id=sdny",
        "district_id=ny-supreme-court-new-york-county",
        "district_id=ca-superior-court-county-of-los-angeles",
    ] {
        for document in documents(api, query)["documents"].as_array().unwrap() {
            if !all.iter().any(|known| known["id"] == document["id"]) {
                all.push(document.clone());
            }
        }
    }
    all
}

fn pdf_bytes_match_their_sha256(api: &Catalogue) {
    let documents = every_document(api);
    assert!(documents.len() >= 8);
    for document in documents {
        let (status, headers, bytes) = api.server.get_bytes(document["pdf_url"].as_str().unwrap(), &api.all, &[]);
        assert_eq!(status, 200, "{document}");
        assert_eq!(header_in(&headers, "content-type"), Some("application/pdf"));
        assert!(bytes.starts_with(b"%PDF-"));
        let sha256: String = Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(sha256, document["sha256"].as_str().unwrap(), "{}", document["title"]);
        assert_eq!(header_in(&headers, "etag"), Some(format!("\"{sha256}\"").as_str()));
        assert_eq!(header_in(&headers, "content-length"), Some(bytes.len().to_string().as_str()));
        assert_eq!(bytes.len() as u64, document["byte_size"].as_u64().unwrap());
        let disposition = header_in(&headers, "content-disposition").unwrap();
        assert!(disposition.starts_with("attachment; filename=\"") && disposition.ends_with(".pdf\""), "{disposition}");
        assert!(header_in(&headers, "x-ratelimit-remaining").is_some());
    }
    // What the server holds is what the data pack ships.
    let index: Value =
        serde_json::from_slice(&std::fs::read(common::repo_data().join("documents/index.json")).unwrap()).unwrap();
    let frcp = index["documents"].as_array().unwrap().iter().find(|d| d["kind"] == "frcp").unwrap();
    let (_, _, bytes) =
        api.server.get_bytes(&format!("/api/v1/documents/{}/pdf", frcp["id"].as_str().unwrap()), &api.all, &[]);
    let file = std::fs::read(common::repo_data().join("documents").join(frcp["file"].as_str().unwrap())).unwrap();
    assert!(bytes == file, "the FRCP excerpt differs from data/documents");
}

fn pdf_revalidates_with_its_etag(api: &Catalogue) {
    let document = &documents(api, "district_id=sdny")["documents"][0];
    let path = document["pdf_url"].as_str().unwrap();
    let etag = format!("\"{}\"", document["sha256"].as_str().unwrap());
    let (status, headers, bytes) = api.server.get_bytes(path, &api.all, &[("If-None-Match", &etag)]);
    assert_eq!(status, 304);
    assert!(bytes.is_empty());
    assert_eq!(header_in(&headers, "etag"), Some(etag.as_str()));
    let (status, _, bytes) = api.server.get_bytes(path, &api.all, &[("If-None-Match", "\"something-else\"")]);
    assert_eq!(status, 200);
    assert!(!bytes.is_empty());
}

fn pdf_errors_are_json(api: &Catalogue) {
    let reply = get(api, "/api/v1/documents/00000000-0000-0000-0000-000000000000/pdf");
    assert!(general_error(&reply, 404)["docs_url"].as_str().unwrap().ends_with("#document-not-found"));
    general_error(&get(api, "/api/v1/documents/not-an-id/pdf"), 404);
    // The E.D.N.Y. documents are outside an S.D.N.Y. plan; the national rules are not.
    let edny = documents(api, "district_id=edny&judge_slug=avery-sample");
    for document in edny["documents"].as_array().unwrap() {
        let reply = api.server.get(document["pdf_url"].as_str().unwrap(), Some(&api.sdny_only));
        if document["district_id"].is_null() {
            assert_eq!(reply.status, 200);
        } else {
            assert_eq!(general_error(&reply, 403)["district"]["district_id"], "edny");
        }
    }
    assert_eq!(paths(get(api, "/api/v1/documents/x/pdf?download=1").expect(400)), vec!["download"]);
}

fn openapi_describes_the_catalogue(api: &Catalogue) {
    let doc = api.server.get("/openapi.json", None).expect(200).clone();
    for path in [
        "/api/v1/courts",
        "/api/v1/courts/{district_id}",
        "/api/v1/courts/{district_id}/holidays",
        "/api/v1/holidays",
        "/api/v1/extracted-rules",
        "/api/v1/documents",
        "/api/v1/documents/{id}/pdf",
    ] {
        let get = &doc["paths"][path]["get"];
        assert!(get.is_object(), "{path} is not described");
        assert_eq!(get["security"], json!([{"bearer": []}]), "{path}");
        let too_many = &get["responses"]["429"];
        assert!(too_many["headers"]["Retry-After"].is_object(), "{path}: no 429 with Retry-After");
        assert!(get["responses"]["200"]["headers"]["X-RateLimit-Remaining"].is_object(), "{path}");
    }
    let parameter = |path: &str, name: &str| -> Value {
        doc["paths"][path]["get"]["parameters"].as_array().unwrap().iter().find(|p| p["name"] == name).unwrap().clone()
    };
    assert_eq!(parameter("/api/v1/holidays", "limit")["schema"]["maximum"], 500);
    assert_eq!(parameter("/api/v1/holidays", "limit")["schema"]["minimum"], 1);
    assert_eq!(parameter("/api/v1/courts/{district_id}/holidays", "year")["schema"]["minimum"], 1971);
    assert_eq!(parameter("/api/v1/extracted-rules", "limit")["schema"]["maximum"], 500);
    assert_eq!(parameter("/api/v1/documents", "district_id")["required"], true);
    for schema in [
        "CourtsResponse",
        "HolidaysResponse",
        "ExtractedRulesResponse",
        "DocumentsResponse",
        "RateLimitBody",
        "SourceRules",
    ] {
        assert!(doc["components"]["schemas"][schema].is_object(), "no {schema} schema");
    }
    assert_eq!(
        doc["paths"]["/api/v1/documents/{id}/pdf"]["get"]["responses"]["200"]["content"]
            .as_object()
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        vec!["application/pdf"]
    );
}
