//! The command line end to end: `check` exit codes and output, `seed` idempotency and
//! how a running server picks up a re-seed, `keys`, `migrate`, and the first-start key.

mod common;

use common::{Server, Test, Workspace, check_request, with};
use serde_json::{Value, json};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server on a private copy of the data pack, so tests can edit the data.
struct Cli {
    server: Server,
}

fn main() -> std::process::ExitCode {
    common::run(
        || {
            let copy = tempfile::tempdir().unwrap().keep();
            for part in ["courts", "profiles", "deadlines", "holidays"] {
                copy_dir(&common::repo_data().join(part), &copy.join(part));
            }
            add_test_closure(&copy);
            Cli { server: Server::start_in(Arc::new(Workspace::with_data(copy)), &[]) }
        },
        TESTS,
    )
}

const TESTS: &[Test<Cli>] = &[
    ("check_exits_0_when_compliant", check_exits_0_when_compliant),
    ("check_exits_1_for_review_and_non_compliant", check_exits_1_for_review_and_non_compliant),
    ("check_exits_2_on_errors_and_prints_the_error_body", check_exits_2_on_errors),
    ("check_prints_the_same_bytes_as_the_server", check_prints_the_same_bytes_as_the_server),
    ("check_keeps_the_compiled_engine_in_its_cache", check_keeps_the_compiled_engine_in_its_cache),
    ("checks_started_together_on_an_empty_cache_compile_once", checks_started_together_compile_once),
    ("seed_is_idempotent", seed_is_idempotent),
    ("a_reseed_reaches_the_running_server", a_reseed_reaches_the_running_server),
    ("a_changed_data_pack_is_seeded_again_by_the_next_command", a_changed_data_pack_is_seeded_again),
    ("keys_create_list_revoke", keys_create_list_revoke),
    ("migrate_creates_the_default_database", migrate_creates_the_default_database),
    ("a_database_url_naming_no_usable_file_is_an_error_at_once", a_database_url_naming_no_usable_file),
    ("only_a_first_start_prints_a_key", only_a_first_start_prints_a_key),
    ("enforcement_import_checks_copies_and_seeds", enforcement_import_checks_copies_and_seeds),
    ("deadlines_prints_the_same_bytes_as_the_server", deadlines_prints_the_same_bytes_as_the_server),
    ("judges_prints_the_same_bytes_as_the_server", judges_prints_the_same_bytes_as_the_server),
    ("ingest_refuses_an_empty_document_and_an_empty_layer", ingest_refuses_an_empty_document_and_an_empty_layer),
    ("output_nobody_reads_ends_the_command_quietly", output_nobody_reads_ends_the_command_quietly),
    ("output_to_a_full_disk_is_an_error_that_says_so", output_to_a_full_disk_is_an_error_that_says_so),
    ("docs_list_every_environment_variable", docs_list_every_environment_variable),
    ("commands_started_together_on_a_new_database_all_answer", commands_started_together_on_a_new_database),
    ("keys_create_revokes_a_key_whose_secret_cannot_be_shown", keys_create_revokes_a_key_whose_secret_is_lost),
    ("help_does_not_show_the_database_password", help_does_not_show_the_database_password),
    ("ingest_stores_nothing_unless_a_layer_is_accepted", ingest_stores_nothing_unless_a_layer_is_accepted),
    ("endless_input_is_refused_at_the_servers_limits", endless_input_is_refused_at_the_servers_limits),
    ("messages_to_a_full_disk_are_not_a_panic", messages_to_a_full_disk_are_not_a_panic),
    ("classify_without_tesseract_says_how_to_point_at_it", classify_without_tesseract_says_how_to_point_at_it),
    ("standard_output_holds_one_thing", standard_output_holds_one_thing),
    ("smaller_faults_of_the_command_line", smaller_faults_of_the_command_line),
    ("ingest_with_an_unknown_organisation_prints_the_error_body", ingest_with_an_unknown_organisation),
    ("classify_and_ingest_check_names_as_the_api_does", classify_and_ingest_check_names_as_the_api_does),
    ("problems_are_named_on_standard_error_with_their_flags", problems_are_named_with_their_flags),
    ("a_command_run_elsewhere_says_where_the_data_pack_is", a_command_run_elsewhere_names_the_data_dir),
    ("setup_failures_print_an_error_body", setup_failures_print_an_error_body),
    ("ingest_checks_source_url_and_title_as_the_api_does", ingest_checks_source_url_and_title_as_the_api_does),
    ("classify_check_of_an_unsupported_document_prints_an_error_body", classify_check_of_an_unsupported_document),
    ("classify_check_says_the_classifiers_warnings_on_standard_error", classify_check_says_the_warnings),
    ("classify_without_court_says_the_request_names_none", classify_without_court_says_the_request_names_none),
    ("errors_name_the_file_they_are_about", errors_name_the_file_they_are_about),
    ("an_unusable_engine_cache_is_said_once", an_unusable_engine_cache_is_said_once),
    ("classify_out_of_time_names_the_option_not_the_server", classify_out_of_time_names_the_option),
    ("classify_flags_for_check_alone_say_so_without_check", classify_flags_for_check_alone),
];

/// A closure of the S.D.N.Y. clerk's office on Friday 2021-11-26, as a court would order
/// it (test data: the data pack holds no court closure it could confirm).
fn add_test_closure(data: &Path) {
    let path = data.join("holidays/closures.json");
    let mut closures: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    closures["closures"].as_array_mut().unwrap().push(json!({
        "district_id": "sdny", "calendar_year": 2021, "holiday_date": "2021-11-26",
        "holiday_name": "Clerk's office closed (test data)", "kind": "court_closure",
        "authority": "Order closing the clerk's office (test data)",
        "source_url": "https://courtrules.example/test-data/closure", "source_is_official": false,
        "references": [], "note": "Test data.", "last_checked_at": "2026-11-27T00:00:00Z"
    }));
    std::fs::write(&path, serde_json::to_string_pretty(&closures).unwrap()).unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        } else if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        }
    }
}

fn write_request(cli: &Cli, name: &str, request: &Value) -> PathBuf {
    let path = cli.server.workspace.dir.path().join(name);
    std::fs::write(&path, request.to_string()).unwrap();
    path
}

fn check(cli: &Cli, path: &Path) -> (i32, Value, Output) {
    let output = cli.server.workspace.cli(&["check", path.to_str().unwrap()]);
    let body = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    (output.status.code().expect("an exit code"), body, output)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn check_exits_0_when_compliant(cli: &Cli) {
    let (code, body, output) = check(cli, &write_request(cli, "compliant.json", &check_request()));
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(body["summary"]["status"], "COMPLIANT");
}

/// By default REVIEW and NON_COMPLIANT both exit 1; `--fail-on non-compliant` (a hook
/// that stops only a filing breaking a rule) lets a REVIEW exit 0, its answer unchanged.
fn check_exits_1_for_review_and_non_compliant(cli: &Cli) {
    let review = write_request(cli, "review.json", &with("/judge_slug", json!("blake-example")));
    let long = write_request(cli, "long.json", &with("/document/page_count", json!(30)));
    let (code, body, _) = check(cli, &review);
    assert_eq!((code, body["summary"]["status"].as_str()), (1, Some("REVIEW")));
    let (code, body, _) = check(cli, &long);
    assert_eq!((code, body["summary"]["status"].as_str()), (1, Some("NON_COMPLIANT")));

    let workspace = &cli.server.workspace;
    for (file, fail_on, status, expected) in [
        (&review, "review", "REVIEW", 1),
        (&review, "non-compliant", "REVIEW", 0),
        (&long, "non-compliant", "NON_COMPLIANT", 1),
    ] {
        let output = workspace.cli(&["check", "--fail-on", fail_on, file.to_str().unwrap()]);
        let body: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!((output.status.code(), body["summary"]["status"].as_str()), (Some(expected), Some(status)));
    }
    let unknown = workspace.cli(&["check", "--fail-on", "warning", review.to_str().unwrap()]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("[possible values: review, non-compliant]"), "{}", stderr(&unknown));
}

fn check_exits_2_on_errors(cli: &Cli) {
    let (code, body, _) = check(cli, &write_request(cli, "invalid.json", &with("/document/page_count", json!(0))));
    assert_eq!(code, 2);
    assert_eq!(body["details"][0]["path"], "document.page_count");
    let (code, body, _) = check(cli, &write_request(cli, "unknown.json", &with("/district_id", json!("nowhere"))));
    assert_eq!(code, 2);
    assert_eq!(body, json!({"error": "unknown district `nowhere`"}));
    let ny = "ny-supreme-court-new-york-county";
    let (code, body, _) = check(cli, &write_request(cli, "no-profile.json", &with("/district_id", json!(ny))));
    assert_eq!((code, body["district"]["district_id"].as_str()), (2, Some(ny)));
    let malformed = cli.server.workspace.dir.path().join("malformed.json");
    std::fs::write(&malformed, "{\"judge_slug\":").unwrap();
    let (code, body, _) = check(cli, &malformed);
    assert_eq!((code, body["error"].as_str()), (2, Some("the request body is not valid JSON")));
    let (code, _, output) = check(cli, Path::new("/nonexistent/request.json"));
    assert_eq!(code, 2);
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not read"));
}

/// Runs a command with `input` on its standard input.
fn with_stdin(cli: &Cli, args: &[&str], input: &[u8]) -> Output {
    let mut child = cli
        .server
        .workspace
        .command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input).unwrap();
    child.wait_with_output().unwrap()
}

fn check_prints_the_same_bytes_as_the_server(cli: &Cli) {
    let request = with("/judge_slug", json!("blake-example"));
    let over_http = cli.server.check(cli.server.key(), &request);
    assert_eq!(over_http.status, 200);
    let output = with_stdin(cli, &["check", "-"], request.to_string().as_bytes());
    assert_eq!(stdout(&output).trim_end(), over_http.text);

    // A request file saved with a byte order mark (as Windows Notepad saves UTF-8) is
    // read as the same request.
    let path = cli.server.workspace.dir.path().join("with-bom.json");
    std::fs::write(&path, [&b"\xEF\xBB\xBF"[..], request.to_string().as_bytes()].concat()).unwrap();
    let output = cli.server.workspace.cli(&["check", path.to_str().unwrap()]);
    assert_eq!(stdout(&output).trim_end(), over_http.text, "{}", String::from_utf8_lossy(&output.stderr));

    // `classify -` reads the PDF from standard input, as `check -` reads its request.
    let pdf = std::fs::read(common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf")).unwrap();
    let output = with_stdin(cli, &["classify", "-"], &pdf);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let classified: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(classified["classification"]["document_scope"], "brief_support", "{classified}");
}

/// The compiled engine is kept between runs: the first `check` writes one
/// `engine-*.cwasm`, the second loads that file (it is not written again) and prints the
/// same bytes; a file of garbage, and one damaged in the middle at the same length (which
/// wasmtime ran: "Illegal instruction" on every run), are compiled again and replaced
/// with a warning; the default folder is `$XDG_CACHE_HOME/courtrules`; an empty setting
/// writes nothing anywhere. (Four compilations: about 4 s on two idle cores.)
fn check_keeps_the_compiled_engine_in_its_cache(cli: &Cli) {
    use std::os::unix::fs::MetadataExt;
    let request = write_request(cli, "cached.json", &check_request());
    let scratch = tempfile::tempdir().unwrap();
    // HOME and XDG_CACHE_HOME in the scratch folder, so a cache written where it should
    // not be is seen.
    let run = |cache: Option<&Path>, xdg: &Path| {
        let mut command = cli.server.workspace.command();
        command.env("HOME", scratch.path().join("home")).env("XDG_CACHE_HOME", xdg);
        match cache {
            Some(dir) => command.env("COURTRULES_ENGINE_CACHE_DIR", dir),
            None => command.env_remove("COURTRULES_ENGINE_CACHE_DIR"),
        };
        let output = command.args(["check", request.to_str().unwrap()]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        output.stdout
    };
    let compiled = |dir: &Path| -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
        let mut files: Vec<PathBuf> = entries.map(|entry| entry.unwrap().path()).collect();
        files.sort();
        files
    };
    let unused_xdg = scratch.path().join("xdg-unused");

    let cache = scratch.path().join("cache");
    let first = run(Some(&cache), &unused_xdg);
    let files = compiled(&cache);
    assert_eq!(files.len(), 1, "{files:?}");
    let name = files[0].file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("engine-") && name.ends_with(".cwasm"), "{name}");
    let written = std::fs::metadata(&files[0]).unwrap();
    assert!(written.len() > 1024 * 1024, "{} bytes", written.len());
    assert_eq!(std::fs::metadata(&cache).unwrap().mode() & 0o777, 0o700);
    assert_eq!(written.mode() & 0o777, 0o600);

    let second = run(Some(&cache), &unused_xdg);
    assert_eq!(String::from_utf8_lossy(&second), String::from_utf8_lossy(&first));
    assert_eq!(std::fs::metadata(&files[0]).unwrap().ino(), written.ino(), "the cached file is loaded, not rewritten");

    let garbage = b"not a compiled module";
    std::fs::write(&files[0], garbage).unwrap();
    let third = run(Some(&cache), &unused_xdg);
    assert_eq!(String::from_utf8_lossy(&third), String::from_utf8_lossy(&first));
    assert_eq!(compiled(&cache), files);
    let replaced = std::fs::read(&files[0]).unwrap();
    assert!(replaced.len() > 1024 * 1024 && replaced != garbage, "the garbage was replaced");
    let replaced = std::fs::metadata(&files[0]).unwrap().ino();
    run(Some(&cache), &unused_xdg);
    assert_eq!(std::fs::metadata(&files[0]).unwrap().ino(), replaced, "the replacement loads");

    // 10 KB overwritten 40% into the file, the length kept: as the report that found it.
    let mut damaged = std::fs::read(&files[0]).unwrap();
    let at = damaged.len() * 2 / 5;
    damaged[at..at + 10 * 1024].fill(0xff);
    std::fs::write(&files[0], &damaged).unwrap();
    let mut command = cli.server.workspace.command();
    command.env("COURTRULES_ENGINE_CACHE_DIR", &cache).args(["check", request.to_str().unwrap()]);
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&first));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("WARN") && errors.contains("its checksum does not match"), "{errors}");
    assert_eq!(compiled(&cache), files, "replaced, no lock or temporary file left");
    let repaired = std::fs::read(&files[0]).unwrap();
    assert!(repaired.len() == damaged.len() && repaired != damaged, "the damaged file was replaced");
    let repaired = std::fs::metadata(&files[0]).unwrap().ino();
    run(Some(&cache), &unused_xdg);
    assert_eq!(std::fs::metadata(&files[0]).unwrap().ino(), repaired, "the replacement loads");

    // The default folder: a copy of the file there is loaded (and nothing written).
    let default = scratch.path().join("xdg/courtrules");
    std::fs::create_dir_all(&default).unwrap();
    let copy = default.join(files[0].file_name().unwrap());
    std::fs::copy(&files[0], &copy).unwrap();
    let copied = std::fs::metadata(&copy).unwrap().ino();
    assert_eq!(run(None, &scratch.path().join("xdg")), first);
    assert_eq!(compiled(&default), std::slice::from_ref(&copy), "the default folder is $XDG_CACHE_HOME/courtrules");
    assert_eq!(std::fs::metadata(&copy).unwrap().ino(), copied, "the file in the default folder was loaded");

    let off = scratch.path().join("xdg-off");
    assert_eq!(run(Some(Path::new("")), &off), first);
    assert!(!off.exists() && !scratch.path().join("home").exists(), "an empty setting writes no cache");
    assert!(!unused_xdg.exists());
}

/// Commands started together with no compiled engine in the cache compile it once: the
/// first takes the module's lock, the others wait for it and load what it wrote (all
/// compiling at once took 17 s for 8 commands on two cores, against 3.5 s one by one).
fn checks_started_together_compile_once(cli: &Cli) {
    let request = write_request(cli, "together.json", &check_request());
    let scratch = tempfile::tempdir().unwrap();
    let cache = scratch.path().join("cache");
    let started = std::time::Instant::now();
    let children: Vec<_> = (0..4)
        .map(|_| {
            cli.server
                .workspace
                .command()
                .env("COURTRULES_ENGINE_CACHE_DIR", &cache)
                .env("RUST_LOG", "warn,courtrules::sandbox::compiled=debug")
                .args(["check", request.to_str().unwrap()])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = children.into_iter().map(|child| child.wait_with_output().unwrap()).collect();
    let elapsed = started.elapsed();
    let mut compiled = 0;
    for output in &outputs {
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{errors}");
        assert_eq!(output.stdout, outputs[0].stdout);
        assert!(!errors.contains("WARN"), "{errors}");
        compiled += errors.matches("engine module compiled").count();
    }
    let all: Vec<_> = outputs.iter().map(|output| String::from_utf8_lossy(&output.stderr)).collect();
    assert_eq!(compiled, 1, "compiled once in {elapsed:?}: {all:#?}");
    let mut names: Vec<_> =
        std::fs::read_dir(&cache).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names.len(), 1, "one module, no lock or temporary file left: {names:?}");
    assert!(names[0].starts_with("engine-") && names[0].ends_with(".cwasm"), "{names:?}");
}

fn seed_is_idempotent(cli: &Cli) {
    let output = cli.server.workspace.cli(&["seed"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = stdout(&output);
    assert!(text.contains("(0 added, 0 changed, 0 removed)"), "{text}");
    assert!(text.contains("profile edny") && text.contains("unchanged"), "{text}");
    assert!(text.contains("nothing changed"), "{text}");
}

fn edit_json(path: &Path, edit: impl FnOnce(&mut Value)) {
    let mut value: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    edit(&mut value);
    std::fs::write(path, serde_json::to_vec_pretty(&value).unwrap()).unwrap();
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn a_reseed_reaches_the_running_server(cli: &Cli) {
    let data = &cli.server.workspace.data_dir;
    let profile = data.join("profiles/edny.json");
    let original = std::fs::read(&profile).unwrap();
    // Judge Avery Sample's memorandum limit drops from 25 pages to 10.
    edit_json(&profile, |profile| {
        let judge = profile["judges"].as_array_mut().unwrap().iter_mut().find(|j| j["slug"] == "avery-sample").unwrap();
        let rules = judge["standing_order"]["rules"].as_array_mut().unwrap();
        let rule = rules.iter_mut().find(|rule| rule["rule_key"] == "PageLimit:memorandum").unwrap();
        rule["params"]["max_pages"] = json!(10);
    });
    let courts = data.join("courts/courts.json");
    let original_courts = std::fs::read(&courts).unwrap();
    edit_json(&courts, |file| {
        let courts = file["courts"].as_array_mut().unwrap();
        let court = courts.iter_mut().find(|c| c["district_id"] == "ny-supreme-court-new-york-county").unwrap();
        court["name"] = json!("Renamed County Court");
    });

    let output = cli.server.workspace.cli(&["seed"]);
    let text = stdout(&output);
    assert!(text.contains("(0 added, 1 changed, 0 removed)") && text.contains("updated"), "{text}");
    wait_for("the new page limit", || {
        let body = cli.server.check(cli.server.key(), &check_request()).json;
        body["summary"]["status"] == "NON_COMPLIANT"
    });
    wait_for("the new court name", || {
        let request = with("/district_id", json!("ny-supreme-court-new-york-county"));
        cli.server.check(cli.server.key(), &request).json["district"]["name"] == "Renamed County Court"
    });

    std::fs::write(&profile, original).unwrap();
    std::fs::write(&courts, original_courts).unwrap();
    assert!(cli.server.workspace.cli(&["seed"]).status.success());
    wait_for("the original page limit", || {
        cli.server.check(cli.server.key(), &check_request()).json["summary"]["status"] == "COMPLIANT"
    });
}

/// A `git pull` of new rules, then a check: it answers from the new rules, not from the
/// database seeded from the old ones; a second check seeds nothing.
fn a_changed_data_pack_is_seeded_again(cli: &Cli) {
    let profile = cli.server.workspace.data_dir.join("profiles/edny.json");
    let original = std::fs::read(&profile).unwrap();
    let request = write_request(cli, "changed-pack.json", &check_request());
    let (code, body, output) = check(cli, &request);
    assert_eq!((code, body["summary"]["status"].as_str()), (0, Some("COMPLIANT")), "{}", stderr(&output));
    assert!(!stderr(&output).contains("seed:"), "{}", stderr(&output));

    // Judge Avery Sample's memorandum limit drops from 25 pages to 10.
    edit_json(&profile, |profile| {
        let judge = profile["judges"].as_array_mut().unwrap().iter_mut().find(|j| j["slug"] == "avery-sample").unwrap();
        let rules = judge["standing_order"]["rules"].as_array_mut().unwrap();
        let rule = rules.iter_mut().find(|rule| rule["rule_key"] == "PageLimit:memorandum").unwrap();
        rule["params"]["max_pages"] = json!(10);
    });
    let (code, body, output) = check(cli, &request);
    let said = stderr(&output);
    std::fs::write(&profile, original).unwrap();
    assert_eq!((code, body["summary"]["status"].as_str()), (1, Some("NON_COMPLIANT")), "{said}");
    assert!(said.contains("has changed since this database was seeded from it; seeding again"), "{said}");
    // One line of it, not each step of the seed.
    assert_eq!(said.lines().filter(|line| line.contains("seed:")).count(), 1, "{said}");

    // Put back: seeded again once, then not at all.
    let (code, _, output) = check(cli, &request);
    assert_eq!(code, 0, "{}", stderr(&output));
    assert!(stderr(&output).contains("seeding again"), "{}", stderr(&output));
    let (code, _, output) = check(cli, &request);
    assert_eq!(code, 0, "{}", stderr(&output));
    assert!(!stderr(&output).contains("seed:"), "{}", stderr(&output));
}

fn keys_create_list_revoke(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let output = workspace.cli(&["keys", "create", "--name", "bad", "--districts", "edny,atlantis"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("atlantis"));
    // A name that would break `keys list`'s table (a line break) or flood it is refused.
    let long = "n".repeat(101);
    for (name, why) in [("two\nlines", "control character"), (long.as_str(), "at most 100")] {
        let output = workspace.cli(&["keys", "create", "--name", name]);
        assert_eq!(output.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&output.stderr).contains(why), "{}", String::from_utf8_lossy(&output.stderr));
    }
    let key = workspace.create_key("two-districts", "sdny,edny");
    let id = key.split('_').nth(1).unwrap().to_owned();
    let listed = stdout(&workspace.cli(&["keys", "list"]));
    let line = listed.lines().find(|line| line.starts_with(&id)).expect("the key is listed");
    assert!(line.contains("two-districts") && line.contains("edny,sdny") && line.contains("active"), "{line}");
    assert!(!listed.contains(&key), "keys list shows a secret");
    assert!(workspace.cli(&["keys", "revoke", &id]).status.success());
    // Again: it says so, and changes nothing.
    let again = workspace.cli(&["keys", "revoke", &id]);
    assert!(again.status.success());
    assert!(stdout(&again).starts_with(&format!("Key {id} was already revoked (at ")), "{}", stdout(&again));
    let listed = stdout(&workspace.cli(&["keys", "list"]));
    assert!(listed.lines().any(|line| line.starts_with(&id) && line.contains("revoked")), "{listed}");
    assert_eq!(workspace.cli(&["keys", "revoke", "000000000000"]).status.code(), Some(1));
}

fn migrate_creates_the_default_database(_cli: &Cli) {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(common::BINARY)
        .current_dir(dir.path())
        .env_remove("DATABASE_URL")
        .arg("migrate")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(dir.path().join("var/courtrules.db").is_file());
}

/// A file that is not an SQLite database is reported at once and said to be so (the
/// pool retried it for 30 s, then said only that it timed out); a URL with no file is
/// refused rather than "migrated" into a database that vanishes with the command.
fn a_database_url_naming_no_usable_file(_cli: &Cli) {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("notes.db");
    let notes = "these are a lawyer's notes, not a database\n".repeat(200);
    std::fs::write(&junk, &notes).unwrap();
    let url = format!("sqlite://{}", junk.display());
    for url in [url.as_str(), "sqlite://", "sqlite:", "sqlite::memory:"] {
        let started = Instant::now();
        let output = Command::new(common::BINARY)
            .current_dir(dir.path())
            .env_remove("DATABASE_URL")
            .args(["--database-url", url, "keys", "list"])
            .output()
            .unwrap();
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{url}: {errors}");
        assert!(started.elapsed() < Duration::from_secs(10), "{url}: took {:?}", started.elapsed());
        assert!(errors.contains("SQLite database") || errors.contains("names no file"), "{url}: {errors}");
        assert!(!errors.contains("timed out"), "{url}: {errors}");
    }
    assert_eq!(std::fs::read_to_string(&junk).unwrap(), notes, "the file is left as it was");
}

fn only_a_first_start_prints_a_key(_cli: &Cli) {
    let workspace = Arc::new(Workspace::new());
    let first = Server::start_in(Arc::clone(&workspace), &[]);
    let key = first.key().to_owned();
    drop(first);
    let second = Server::start_in(Arc::clone(&workspace), &[]);
    assert_eq!(second.first_key, None);
    second.get("/api/v1/judges?district_id=edny", Some(&key)).expect(200);
}

/// `enforcement import`: a CSV file in the documented format is checked (every problem
/// named, nothing copied while there is one), copied into the data pack and seeded; a
/// second import of the same file changes nothing; an id already in the pack is refused.
fn enforcement_import_checks_copies_and_seeds(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let header = "id,agency,jurisdiction,date,respondent,industry,violation,penalty_amount,penalty_currency,\
                  status,risk_level,source_url,source_title,search_terms,contract_impact,as_of";
    let row = |id: &str, jurisdiction: &str| {
        format!(
            "{id},Test Agency (test data),{jurisdiction},2024-05-06,Example Respondent (test data),retail,\
             test data,1000,USD,final,low,https://agency.example/release,Release,\"audit rights; breach notice\",\
             test data,2026-11-24"
        )
    };
    let file = workspace.dir.path().join("more-actions.csv");
    let installed = workspace.data_dir.join("enforcement/more-actions.csv");

    std::fs::write(&file, format!("{header}\n{}\n{}\n", row("test-one", "US-NY"), row("test-two", "Germany"))).unwrap();
    let output = workspace.cli(&["enforcement", "import", file.to_str().unwrap()]);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{errors}");
    assert!(errors.contains("line 3: `jurisdiction` `Germany`"), "{errors}");
    assert!(!installed.exists(), "a file with problems is not copied");

    std::fs::write(&file, format!("{header}\n{}\n{}\n", row("test-one", "US-NY"), row("test-two", "DE"))).unwrap();
    let output = workspace.cli(&["enforcement", "import", "--dry-run", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout(&output).contains("2 actions (DE 1, US-NY 1)"), "{}", stdout(&output));
    assert!(!installed.exists(), "a dry run copies nothing");

    let output = workspace.cli(&["enforcement", "import", file.to_str().unwrap()]);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(installed.exists(), "{text}");
    // This workspace's data pack has no other enforcement file.
    assert!(text.contains("enforcement actions: 2 (updated)"), "{text}");
    assert!(text.contains("the database was updated"), "{text}");

    let output = workspace.cli(&["enforcement", "import", file.to_str().unwrap()]);
    assert!(output.status.success(), "importing the same file again: {}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout(&output).contains("nothing changed"), "{}", stdout(&output));

    let clash = workspace.dir.path().join("clash.csv");
    std::fs::write(&clash, format!("{header}\n{}\n", row("test-one", "US-NY"))).unwrap();
    let output = workspace.cli(&["enforcement", "import", clash.to_str().unwrap()]);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && errors.contains("already in the data pack: test-one"), "{errors}");

    // Another file that happens to share the installed one's name, without its actions:
    // refused, naming what it would remove, unless --replace says so.
    let elsewhere = workspace.dir.path().join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let namesake = elsewhere.join("more-actions.csv");
    std::fs::write(&namesake, format!("{header}\n{}\n", row("test-three", "US-CA"))).unwrap();
    let output = workspace.cli(&["enforcement", "import", namesake.to_str().unwrap()]);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{errors}");
    assert!(errors.contains("2 of its 2 actions") && errors.contains("test-one, test-two"), "{errors}");
    assert!(std::fs::read_to_string(&installed).unwrap().contains("test-one"), "the pack's file is kept");
    let output = workspace.cli(&["enforcement", "import", "--replace", namesake.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout(&output).contains("enforcement actions: 1 (updated)"), "{}", stdout(&output));

    // A file with no actions is refused: nothing to import.
    let empty = workspace.dir.path().join("empty.csv");
    std::fs::write(&empty, format!("{header}\n")).unwrap();
    let output = workspace.cli(&["enforcement", "import", empty.to_str().unwrap()]);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && errors.contains("no enforcement actions"), "{errors}");
}

/// `ingest`: an empty document is an error, not a draft with nothing in it; and
/// `--accept` with no rule to accept stores nothing (an empty layer would set the
/// judge's order aside and check nothing: every brief would pass).
fn ingest_refuses_an_empty_document_and_an_empty_layer(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let output = workspace.cli(&["keys", "create", "--name", "ingest-empty"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let key = common::key_in(&stdout(&output)).expect("a key");
    let organisation = format!("org_{}", key.split('_').nth(1).unwrap());
    let accept = ["--accept", "--organisation", organisation.as_str()];
    // `ingest` of a file holding `content`, with `extra` flags: the exit status 2, and
    // the error body (the last line of standard output).
    let refused = |name: &str, content: &[u8], extra: &[&str]| -> Value {
        let path = workspace.dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        let mut args = vec!["ingest", path.to_str().unwrap()];
        args.extend(["--district", "edny", "--judge", "avery-sample", "--source-url", "https://court.example/p"]);
        args.extend(extra);
        let output = workspace.cli(&args);
        assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stderr));
        let text = stdout(&output);
        serde_json::from_str(text.lines().last().unwrap_or_default()).expect("the error body, last on standard output")
    };

    let body = refused("empty-practices.txt", b" \n\n", &accept);
    assert!(body["details"][0]["message"].as_str().unwrap().contains("is empty"), "{body}");

    // A text file that is not UTF-8 is said to be unreadable text, not a PDF.
    let body = refused("latin1-practices.txt", b"Memoranda are limited to 25 pages, \xA7 2.A.\n", &[]);
    assert!(body["error"].as_str().unwrap().starts_with("the text cannot be read"), "{body}");
    assert!(!body["suggestion"].as_str().unwrap().contains("password"), "{body}");

    let body = refused("no-rules.txt", b"Judge Avery Sample sits in Courtroom 4 of the courthouse.\n", &accept);
    assert_eq!(body["details"][0]["path"], "rules", "{body}");
    assert!(body["details"][0]["message"].as_str().unwrap().contains("nothing to accept"), "{body}");

    let layers = cli.server.get("/api/v1/standing-order-layers", Some(&key)).expect(200).clone();
    assert_eq!(layers["layers"], json!([]), "nothing stored: {layers}");
}

/// `deadlines`: the server's bytes, from a request file or from flags; iCalendar with
/// `--ics`; an invalid request exits 2 with the 400 body naming the field.
/// The slugs `--judge` takes, found without a server; an unknown court is the API's 404
/// body, with its suggestion.
fn judges_prints_the_same_bytes_as_the_server(cli: &Cli) {
    let output = cli.server.workspace.cli(&["judges", "--district", "edny"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let over_http = cli.server.get("/api/v1/judges?district_id=edny", Some(cli.server.key()));
    assert_eq!(over_http.status, 200, "{}", over_http.text);
    assert_eq!(stdout(&output).trim_end(), over_http.text);
    let answer: Value = serde_json::from_str(&over_http.text).unwrap();
    assert!(answer["judges"].as_array().unwrap().iter().any(|judge| judge["slug"] == "margo-k-brodie"), "{answer}");

    let output = cli.server.workspace.cli(&["judges", "--district", "nyed"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let body: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(body["error"].as_str().unwrap().contains("did you mean `edny`?"), "{body}");
}

fn deadlines_prints_the_same_bytes_as_the_server(cli: &Cli) {
    let request = json!({"district_id": "sdny", "trigger": "entry_of_judgment", "trigger_date": "2021-11-12",
                         "service_method": "mail"});
    let path = write_request(cli, "deadlines.json", &request);
    let from_file = cli.server.workspace.cli(&["deadlines", path.to_str().unwrap()]);
    assert!(from_file.status.success(), "{}", String::from_utf8_lossy(&from_file.stderr));
    let over_http = cli.server.post_json("/api/v1/deadlines", Some(cli.server.key()), request.to_string().as_bytes());
    assert_eq!(over_http.status, 200, "{}", over_http.text);
    assert_eq!(stdout(&from_file).trim_end(), over_http.text);
    let answer: Value = serde_json::from_str(&over_http.text).unwrap();
    // The court closed its clerk's office on 2021-11-26 (test data): the fee motion's 14
    // days end the next accessible day that is not a weekend (Rule 6(a)(3)(A)); the closure
    // is the court's own, listed with its holidays, not with another court's.
    let holidays = |court: &str| {
        cli.server
            .get(&format!("/api/v1/courts/{court}/holidays?year=2021"), Some(cli.server.key()))
            .expect(200)
            .clone()
    };
    let closed = |body: &Value| body["holidays"].as_array().unwrap().iter().any(|h| h["holiday_date"] == "2021-11-26");
    assert!(closed(&holidays("sdny")) && !closed(&holidays("edny")));
    let fees =
        answer["deadlines"].as_array().unwrap().iter().find(|d| d["period_key"] == "frcp-54-d-2-b-i-attorneys-fees");
    assert_eq!(fees.unwrap()["due_date"], "2021-11-29", "{answer}");

    let from_flags = cli.server.workspace.cli(&[
        "deadlines",
        "--district",
        "sdny",
        "--trigger",
        "entry_of_judgment",
        "--date",
        "2021-11-12",
        "--service",
        "mail",
    ]);
    assert_eq!(stdout(&from_flags), stdout(&from_file));

    let ics = cli.server.workspace.cli(&["deadlines", "--ics", path.to_str().unwrap()]);
    let text = stdout(&ics);
    assert!(text.starts_with("BEGIN:VCALENDAR\r\n") && text.contains("DTSTART;VALUE=DATE:20211129"), "{text}");

    // A period in hours is due at a time of the court's day, and no court has a time zone
    // in the data: an all-day event with the time in words, not a "floating" time each
    // calendar would place in its own zone. Each computation's events have UIDs of their
    // own: a period that runs from service, counted after another way of service, is
    // another computation; one that does not is the same, whatever the service.
    let timed = |service: &str| {
        let request = json!({"district_id": "sdny", "trigger": "hearing", "trigger_date": "2021-11-12",
                             "trigger_time": "16:30", "service_method": service,
                             "custom_periods": [{"label": "Reply", "amount": 48, "unit": "hours",
                                                 "direction": "after", "citation": "Order ¶ 3"},
                                                {"label": "Opposition", "amount": 14, "unit": "days",
                                                 "direction": "after", "citation": "Order ¶ 4",
                                                 "runs_from_service": true}]});
        let path = write_request(cli, &format!("timed-{service}.json"), &request);
        let output = cli.server.workspace.cli(&["deadlines", "--ics", path.to_str().unwrap()]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        stdout(&output).replace("\r\n ", "")
    };
    let (electronic, mail) = (timed("electronic"), timed("mail"));
    assert!(electronic.contains("DTSTART;VALUE=DATE:20211115\r\n"), "{electronic}");
    assert!(electronic.contains("SUMMARY:Due by 16:30 court time: Reply (Order ¶ 3)"), "{electronic}");
    assert!(!electronic.lines().any(|line| line.starts_with("DTSTART:")), "no floating time: {electronic}");
    let uids = |calendar: &str| -> Vec<String> {
        calendar.lines().filter(|line| line.starts_with("UID:custom-")).map(str::to_owned).collect()
    };
    let [reply, opposition]: [String; 2] = uids(&electronic).try_into().unwrap();
    let [mailed_reply, mailed_opposition]: [String; 2] = uids(&mail).try_into().unwrap();
    assert!(reply.contains("48-hours") && opposition.contains("14-days"), "{electronic}");
    assert_eq!(reply, mailed_reply, "not from service: one event however served");
    assert_ne!(opposition, mailed_opposition, "from service: another computation");
    assert_eq!(uids(&electronic), uids(&timed("electronic")), "the same computation, the same UIDs");

    // No deadline follows a motion's filing: no calendar (it would hold no event), the
    // reason on stderr, nothing in the file stdout is redirected to.
    let empty = cli.server.workspace.cli(&[
        "deadlines",
        "--ics",
        "--district",
        "sdny",
        "--trigger",
        "motion_filed",
        "--date",
        "2021-11-12",
    ]);
    assert_eq!(empty.status.code(), Some(2));
    assert!(empty.stdout.is_empty(), "{}", stdout(&empty));
    let said = String::from_utf8_lossy(&empty.stderr);
    assert!(said.contains("no deadline follows this event") && said.contains("no-calendar-events"), "{said}");

    let bad =
        cli.server.workspace.cli(&["deadlines", "--district", "sdny", "--trigger", "lunch", "--date", "2021-11-12"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stdout(&bad).contains("\"path\":\"trigger\""), "{}", stdout(&bad));
}

/// docs/server.md's configuration table names exactly the environment variables the
/// program reads (as its `--help` shows them), each beside its flag.
fn docs_list_every_environment_variable(_: &Cli) {
    let commands: &[&[&str]] = &[
        &[],
        &["serve"],
        &["migrate"],
        &["seed"],
        &["check"],
        &["classify"],
        &["deadlines"],
        &["mcp"],
        &["keys", "create"],
        &["uploads", "prune"],
        &["enforcement", "import"],
    ];
    let mut from_help = std::collections::BTreeMap::new();
    for command in commands {
        let output = std::process::Command::new(common::BINARY).args(*command).arg("--help").output().unwrap();
        assert!(output.status.success(), "{command:?} --help: {}", String::from_utf8_lossy(&output.stderr));
        // An option's block starts with its flag and ends with `[env: NAME=…]`.
        let mut flag = String::new();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let trimmed = line.trim_start();
            if let Some(option) = trimmed.split_whitespace().find(|word| word.starts_with("--"))
                && trimmed.starts_with('-')
            {
                flag = option.trim_end_matches(',').to_owned();
            }
            if let Some((_, rest)) = line.split_once("[env: ") {
                let name = rest.split(['=', ']']).next().unwrap().to_owned();
                from_help.insert(name, flag.clone());
            }
        }
    }
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/server.md")).unwrap();
    let mut from_docs = std::collections::BTreeMap::new();
    for row in docs.lines().filter(|line| line.starts_with("| `--")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let flag = cells[1].trim_matches('`').split('`').next().unwrap().to_owned();
        let env = cells[2].trim_matches('`');
        if env != "—" {
            from_docs.insert(env.to_owned(), flag);
        }
    }
    assert!(from_help.len() >= 30 && from_help["DATABASE_URL"] == "--database-url", "{from_help:?}");
    assert_eq!(from_docs, from_help, "docs/server.md's configuration table and the program's flags differ");
}

/// A command's output piped to a reader that has gone (`courtrules check f.json | head`,
/// the reader done early): the command ends as `cat` or `grep` would, by SIGPIPE,
/// without writing anything more — `println!` and `eprintln!` used to panic (status 101,
/// a backtrace on standard error).
fn output_nobody_reads_ends_the_command_quietly(cli: &Cli) {
    let request = write_request(cli, "piped.json", &check_request());
    let start = |args: &[&str], stdout: Stdio, stderr: Stdio| {
        cli.server.workspace.command().args(args).stdout(stdout).stderr(stderr).spawn().expect("courtrules starts")
    };
    // A pipe whose reader is gone before the command starts: closing the reader after the
    // start raced the command, which could write into the pipe's buffer first and exit 2.
    let readerless = || {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        Stdio::from(writer)
    };
    // Standard output's reader gone before the response is written.
    let child = start(&["check", request.to_str().unwrap()], readerless(), Stdio::piped());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.signal(), Some(libc::SIGPIPE), "{:?}: {stderr}", output.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Standard error's reader gone before the error is said.
    let mut child = start(&["check", "/nonexistent/request.json"], Stdio::null(), readerless());
    assert_eq!(child.wait().unwrap().signal(), Some(libc::SIGPIPE));
}

/// Output sent to a full disk (`/dev/full`): the command fails with its error status and
/// says that standard output could not be written, instead of panicking.
fn output_to_a_full_disk_is_an_error_that_says_so(cli: &Cli) {
    let request = write_request(cli, "full-disk.json", &check_request());
    for (args, status) in [(vec!["check", request.to_str().unwrap()], 2), (vec!["keys", "list"], 1)] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let output = cli.server.workspace.command().args(&args).stdout(full).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(stderr.contains("could not write to standard output: No space left on device"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// Waits for a child at most `limit`, killing it past that (a command that reads an
/// endless input would otherwise never end).
fn wait_at_most(mut child: std::process::Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().ok();
            let output = child.wait_with_output().unwrap();
            panic!("still running after {limit:?}: {}", String::from_utf8_lossy(&output.stderr));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// One number from the workspace's database (`SELECT count(*) …`).
fn count_in_database(workspace: &Workspace, sql: &str) -> i64 {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        sqlx::any::install_default_drivers();
        let mut connection =
            <sqlx::AnyConnection as sqlx::Connection>::connect(&workspace.database_url()).await.unwrap();
        let (count,): (i64,) =
            sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned())).fetch_one(&mut connection).await.unwrap();
        count
    })
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full")
}

/// Several commands started at once on a database that does not exist yet (a script
/// running `courtrules check` in parallel, replicas starting together): each migrates
/// and seeds in turn, and every one answers — they used to fail in the migrations
/// ("table courts already exists") or in the seed's busy timeout.
fn commands_started_together_on_a_new_database(_cli: &Cli) {
    for _ in 0..2 {
        let workspace = Workspace::new();
        let request = workspace.dir.path().join("request.json");
        std::fs::write(&request, check_request().to_string()).unwrap();
        let children: Vec<_> = (0..6)
            .map(|_| {
                let command = &mut workspace.command();
                command.args(["check", request.to_str().unwrap()]).stdout(Stdio::piped()).stderr(Stdio::piped());
                command.spawn().unwrap()
            })
            .collect();
        for child in children {
            let output = wait_at_most(child, Duration::from_secs(120));
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            let body: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(body["summary"]["status"], "COMPLIANT");
            // A seed is one line on standard error, not each of its steps.
            let seeding = stderr(&output).lines().filter(|line| line.starts_with("seed:")).count();
            assert!(seeding <= 1, "{}", stderr(&output));
        }
    }
}

/// `keys create` whose output cannot be written (a full disk, a reader gone): nobody
/// has the secret, so the key is revoked and the message says so.
fn keys_create_revokes_a_key_whose_secret_is_lost(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let full =
        workspace.command().args(["keys", "create", "--name", "lost-to-a-full-disk"]).stdout(dev_full()).output();
    let output = full.unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("could not be shown, so it was revoked"), "{}", stderr(&output));
    assert!(stderr(&output).contains("could not write to standard output"), "{}", stderr(&output));

    let mut child = workspace
        .command()
        .args(["keys", "create", "--name", "lost-to-a-closed-pipe"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{:?}: {}", output.status, stderr(&output));
    assert!(stderr(&output).contains("so it was revoked"), "{}", stderr(&output));

    let listed = stdout(&workspace.cli(&["keys", "list"]));
    for name in ["lost-to-a-full-disk", "lost-to-a-closed-pipe"] {
        let line = listed.lines().find(|line| line.contains(name)).unwrap_or_else(|| panic!("{name}: {listed}"));
        assert!(line.contains("revoked") && !line.contains("active"), "{line}");
    }
}

/// A database URL in the environment may hold a password: `--help` names the variable
/// without its value.
fn help_does_not_show_the_database_password(_cli: &Cli) {
    for args in [&["--help"][..], &["check", "--help"], &["serve", "--help"], &["keys", "list", "-h"]] {
        let output = Command::new(common::BINARY)
            .env("DATABASE_URL", "postgres://admin:S3cret@db.example/courtrules")
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let help = stdout(&output);
        assert!(help.contains("DATABASE_URL"), "{args:?}: {help}");
        assert!(!help.contains("S3cret") && !help.contains("admin"), "{args:?} shows the URL: {help}");
    }
}

/// `ingest` without `--accept` stores nothing, with or without an organisation (as it
/// says); with `--accept`, a failure leaves no draft behind, and success stores the
/// draft, accepted, and the version.
fn ingest_stores_nothing_unless_a_layer_is_accepted(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let output = workspace.cli(&["keys", "create", "--name", "ingest-nothing-stored"]);
    let key = common::key_in(&stdout(&output)).expect("a key");
    let organisation = format!("org_{}", key.split('_').nth(1).unwrap());
    let drafts = || {
        let sql = format!("SELECT count(*) FROM standing_order_drafts WHERE organisation_id = '{organisation}'");
        count_in_database(workspace, &sql)
    };
    let practices = workspace.dir.path().join("one-rule-practices.txt");
    std::fs::write(&practices, "INDIVIDUAL PRACTICES OF JUDGE AVERY SAMPLE\n\nLetters shall not exceed three pages.\n")
        .unwrap();
    let ingest = |file: &Path, extra: &[&str]| {
        let mut args = vec!["ingest", file.to_str().unwrap(), "--district", "edny", "--judge", "avery-sample"];
        args.extend(["--source-url", "https://court.example/practices"]);
        args.extend(extra);
        workspace.cli(&args)
    };

    let output = ingest(&practices, &["--organisation", &organisation]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("Nothing stored. Add --accept to"), "{}", stderr(&output));
    // One rule is "1 proposed rule".
    assert!(stdout(&output).lines().next().unwrap().ends_with(" — 1 proposed rule"), "{}", stdout(&output));
    assert_eq!(drafts(), 0, "a review stored a draft");

    let nothing = workspace.dir.path().join("nothing-to-accept.txt");
    std::fs::write(&nothing, "The Court is in Courtroom 4.\n").unwrap();
    let output = ingest(&nothing, &["--accept", "--organisation", &organisation]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(drafts(), 0, "a failed --accept left its draft");

    let output = ingest(&practices, &["--accept", "--organisation", &organisation]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).contains("(1 rule, by command line"), "{}", stderr(&output));
    let accepted = "SELECT count(*) FROM standing_order_drafts WHERE organisation_id = '{o}' AND status = 'accepted'";
    assert_eq!(count_in_database(workspace, &accepted.replace("{o}", &organisation)), 1);
    assert_eq!(drafts(), 1);
}

/// An input without end (`/dev/zero`, `yes |`) or merely huge is refused once it passes
/// the limit the server puts on the same request (1 MiB of JSON, a 22 MiB PDF, 2 MiB of a
/// practices document's text): exit 2,
/// the `payload-too-large` body — not gigabytes of memory.
fn endless_input_is_refused_at_the_servers_limits(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let refused = |output: &Output, limit: usize| {
        assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(&format!("is larger than {limit} bytes")), "{body}");
        assert!(body["docs_url"].as_str().unwrap().ends_with("#payload-too-large"), "{body}");
    };
    let spawn = |args: &[&str]| {
        workspace.command().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).stdin(Stdio::null()).spawn()
    };
    let json_limit = 1024 * 1024;
    let pdf_limit = 22 * 1024 * 1024;
    let limit = Duration::from_secs(60);
    refused(&wait_at_most(spawn(&["check", "/dev/zero"]).unwrap(), limit), json_limit);
    refused(&wait_at_most(spawn(&["deadlines", "/dev/zero"]).unwrap(), limit), json_limit);
    refused(&wait_at_most(spawn(&["classify", "/dev/zero"]).unwrap(), limit), pdf_limit);
    // Not a PDF, so text: the server's 2 MiB for `text` (a practices PDF may be 22 MiB).
    let text_limit = 2 * 1024 * 1024;
    let ingest = ["ingest", "/dev/zero", "--district", "edny", "--judge", "avery-sample"];
    refused(&wait_at_most(spawn(&ingest).unwrap(), limit), text_limit);
    let long_text = workspace.dir.path().join("practices.txt");
    std::fs::write(&long_text, "The page limit is 25 pages.\n".repeat(text_limit / 20)).unwrap();
    let ingest = ["ingest", long_text.to_str().unwrap(), "--district", "edny", "--judge", "avery-sample"];
    refused(&wait_at_most(spawn(&ingest).unwrap(), limit), text_limit);

    // `yes | courtrules check -`: standard input that never ends.
    let mut child = workspace
        .command()
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let line = b"y\n".repeat(4096);
        while std::io::Write::write_all(&mut stdin, &line).is_ok() {}
    });
    refused(&wait_at_most(child, limit), json_limit);
    feeder.join().unwrap();

    // A request of exactly the limit is read (and is then invalid JSON, not too large).
    let path = workspace.dir.path().join("exactly-the-limit.json");
    std::fs::write(&path, vec![b' '; json_limit]).unwrap();
    let (code, body, _) = check(cli, &path);
    assert_eq!((code, body["error"].as_str()), (2, Some("the request body is not valid JSON")), "{body}");
}

/// Messages written to a standard error that cannot be written (a full disk) are
/// dropped, not a panic (status 101): the exit status still tells.
fn messages_to_a_full_disk_are_not_a_panic(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let invalid = write_request(cli, "invalid-to-full.json", &with("/document/page_count", json!(0)));
    let output = workspace.command().args(["check", invalid.to_str().unwrap()]).stderr(dev_full()).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
    assert_eq!(body["details"][0]["path"], "document.page_count");

    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf");
    let args = ["classify", pdf.to_str().unwrap(), "--district", "edny", "--judge", "avery-sample", "--check"];
    let output = workspace.command().args(args).args(["--role", "movant"]).stderr(dev_full()).output().unwrap();
    assert!(matches!(output.status.code(), Some(0 | 1)), "{:?}", output.status);
    let checked: Value = serde_json::from_slice(&output.stdout).expect("the check");
    assert!(checked["summary"]["status"].is_string(), "{checked}");

    for args in [&["keys", "revoke", "000000000000"][..], &["check", "/nonexistent/request.json"]] {
        let output = workspace.command().args(args).stderr(dev_full()).output().unwrap();
        assert!(matches!(output.status.code(), Some(1 | 2)), "{args:?}: {:?}", output.status);
    }
}

/// A scanned page and no Tesseract: the command line names the program and the option
/// that points at it, not the server's "retry later".
fn classify_without_tesseract_says_how_to_point_at_it(cli: &Cli) {
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_scanned_page.pdf");
    let output =
        cli.server.workspace.cli(&["classify", pdf.to_str().unwrap(), "--tesseract", "/nonexistent/tesseract"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
    assert!(body["error"].as_str().unwrap().contains("/nonexistent/tesseract"), "{body}");
    assert!(body["suggestion"].as_str().unwrap().contains("--tesseract PATH"), "{body}");
    assert!(!body["suggestion"].as_str().unwrap().contains("Retry"), "{body}");
    assert!(body["scanned_pages"].is_array(), "{body}");
    assert!(stderr(&output).contains("the Tesseract program cannot be run"), "{}", stderr(&output));

    // One scanned page past a limit of none is "1 page has", not "1 pages have".
    let output = cli.server.workspace.cli(&["classify", pdf.to_str().unwrap(), "--ocr-max-pages", "0"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("1 page has no text layer; at most 0 are recognised"), "{}", stderr(&output));
}

/// What a script reads from standard output is one thing: the answer, or the error
/// body — never an error body inside a calendar file, nor a review followed by an error.
fn standard_output_holds_one_thing(cli: &Cli) {
    let workspace = &cli.server.workspace;
    // `deadlines --ics > case.ics`: an error goes to standard error only.
    let bad =
        workspace.cli(&["deadlines", "--ics", "--district", "sdny", "--trigger", "lunch", "--date", "2021-11-12"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stdout(&bad), "", "an error in the calendar file");
    assert!(stderr(&bad).contains("\"path\":\"trigger\""), "{}", stderr(&bad));
    let missing = workspace.cli(&["deadlines", "--ics", "/nonexistent/deadlines.json"]);
    assert_eq!((missing.status.code(), stdout(&missing).as_str()), (Some(2), ""));
    assert!(stderr(&missing).contains("could not read /nonexistent/deadlines.json"), "{}", stderr(&missing));

    // `ingest --accept` that fails: the error body alone.
    let output = workspace.cli(&["keys", "create", "--name", "one-thing"]);
    let key = common::key_in(&stdout(&output)).expect("a key");
    let organisation = format!("org_{}", key.split('_').nth(1).unwrap());
    let path = workspace.dir.path().join("no-rule.txt");
    std::fs::write(&path, "The Court is nice.\n").unwrap();
    let output = workspace.cli(&[
        "ingest",
        path.to_str().unwrap(),
        "--district",
        "edny",
        "--judge",
        "avery-sample",
        "--source-url",
        "https://court.example/practices",
        "--accept",
        "--organisation",
        &organisation,
    ]);
    assert_eq!(output.status.code(), Some(2));
    let body: Value = serde_json::from_slice(&output.stdout).expect("standard output is the error body alone");
    assert_eq!(body["details"][0]["path"], "rules", "{body}");

    // `check` of a file it cannot read prints the error body, as for its other errors.
    let folder = workspace.dir.path().join("a-folder.json");
    std::fs::create_dir_all(&folder).unwrap();
    for path in [Path::new("/nonexistent/request.json"), folder.as_path()] {
        let (code, body, output) = check(cli, path);
        assert_eq!(code, 2, "{}", stderr(&output));
        let message = body["details"][0]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(&format!("could not read {}", path.display())), "{body}");
        assert!(stderr(&output).contains("could not read"), "{}", stderr(&output));
    }
}

/// The smaller faults: a district id in capitals, `uploads get` of an unknown id (exit 1
/// as README says for every command but the four), and options without help.
fn smaller_faults_of_the_command_line(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let output = workspace.cli(&["keys", "create", "--name", "capitals", "--districts", "EDNY,atlantis"]);
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(errors.contains("EDNY (did you mean edny?)") && errors.contains("atlantis"), "{errors}");
    assert!(!errors.contains("is the database seeded"), "{errors}");

    let output = workspace.cli(&["uploads", "get", "nothing-by-this-id"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stderr(&output).contains("there is no upload `nothing-by-this-id`"), "{}", stderr(&output));

    for (args, option) in [
        (&["check", "-h"][..], "<FILE>"),
        (&["keys", "create", "-h"], "--name <NAME>"),
        (&["uploads", "get", "-h"], "--output <OUTPUT>"),
        (&["uploads", "list", "-h"], "--limit <LIMIT>"),
        (&["uploads", "prune", "-h"], "--older-than-days <OLDER_THAN_DAYS>"),
    ] {
        let output = Command::new(common::BINARY).args(args).output().unwrap();
        let help = stdout(&output);
        let lines: Vec<&str> = help.lines().collect();
        let at = lines.iter().position(|line| line.trim_start().starts_with(option));
        let at = at.unwrap_or_else(|| panic!("{args:?}: no {option}: {help}"));
        // The help follows on the same line, or (when it does not fit) on the next.
        let mut text = lines[at].split_once(option).unwrap().1.to_owned();
        if let Some(next) = lines.get(at + 1).filter(|line| !line.trim_start().starts_with('-')) {
            text.push_str(next);
        }
        assert!(text.split_whitespace().count() >= 3, "{args:?}: {option} has no help: {help}");
    }
}

/// `ingest` naming an organisation there is not: exit 2, the error body on standard
/// output (docs/ingest.md: "standard output holds the error body alone"), with or
/// without `--accept`, and nothing stored.
fn ingest_with_an_unknown_organisation(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let path = workspace.dir.path().join("unknown-organisation.txt");
    std::fs::write(&path, "Letters shall not exceed three pages.\n").unwrap();
    for accept in [true, false] {
        let mut args = vec!["ingest", path.to_str().unwrap(), "--district", "edny", "--judge", "avery-sample"];
        args.extend(["--source-url", "https://court.example/practices", "--organisation", "org_doesnotexist"]);
        if accept {
            args.push("--accept");
        }
        let output = workspace.cli(&args);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("standard output is the error body");
        assert_eq!(body["details"][0]["path"], "organisation", "{body}");
        assert!(body["details"][0]["message"].as_str().unwrap().contains("org_doesnotexist"), "{body}");
        assert!(stderr(&output).contains("organisation (--organisation): no organisation `org_doesnotexist`"));
    }
    let drafts = "SELECT count(*) FROM standing_order_drafts WHERE organisation_id = 'org_doesnotexist'";
    assert_eq!(count_in_database(workspace, drafts), 0);
}

/// `classify --district --judge --filename` and `ingest --district --judge` check the
/// names as the API does: the same 400 body, before any lookup (`EDNY` is not "unknown").
fn classify_and_ingest_check_names_as_the_api_does(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_scanned_page.pdf");
    let long = "a".repeat(304);
    let cases: [(&str, &str, Option<&str>); 4] = [
        ("EDNY", "avery-sample", None),
        ("edny", "Avery Sample", None),
        ("", "avery-sample", None),
        ("edny", "avery-sample", Some(long.as_str())),
    ];
    for (district, judge, filename) in cases {
        let mut args = vec!["classify", pdf.to_str().unwrap(), "--district", district, "--judge", judge];
        let mut request = json!({"district_id": district, "judge_slug": judge, "pdf_base64": "JVBERi0xLjcK"});
        if let Some(filename) = filename {
            args.extend(["--filename", filename]);
            request["filename"] = json!(filename);
        } else {
            request["filename"] = json!("memo_scanned_page.pdf");
        }
        let over_http =
            cli.server.post_json("/api/v1/classify", Some(cli.server.key()), request.to_string().as_bytes());
        assert_eq!(over_http.status, 400, "{}", over_http.text);
        let output = workspace.cli(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert_eq!(without_docs_url(body), without_docs_url(over_http.json.clone()), "{args:?}");
        let field = over_http.json["details"][0]["path"].as_str().unwrap().to_owned();
        assert!(stderr(&output).contains(&format!("{field} (--")), "{args:?}: {}", stderr(&output));
    }

    let practices = workspace.dir.path().join("names-practices.txt");
    std::fs::write(&practices, "Letters shall not exceed three pages.\n").unwrap();
    let output =
        workspace.cli(&["ingest", practices.to_str().unwrap(), "--district", "EDNY", "--judge", "avery-sample"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
    assert_eq!(body["details"][0]["path"], "district_id", "{body}");
    assert_eq!(body["details"][0]["message"], "must contain only lowercase letters, digits, hyphens and underscores");
    assert!(stderr(&output).contains("district_id (--district): must contain only"), "{}", stderr(&output));
}

/// An error body without its `docs_url`, whose address is the server's own.
fn without_docs_url(mut body: Value) -> Value {
    assert!(body.as_object_mut().expect("an error body").remove("docs_url").is_some(), "{body}");
    body
}

/// Standard error names each problem — with the flag that gave the field, for a request
/// built from flags — and a 404's suggestion; standard output is the API's body as is.
fn problems_are_named_with_their_flags(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let flags = ["--district", "sdny", "--trigger", "service_of_motion", "--date", "2021-11-12", "--time", "25:00"];
    let mut args = vec!["deadlines"];
    args.extend(flags);
    args.extend(["--service", "carrier-pigeon"]);
    let output = workspace.cli(&args);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let request = json!({
        "district_id": "sdny", "trigger": "service_of_motion", "trigger_date": "2021-11-12",
        "trigger_time": "25:00", "service_method": "carrier-pigeon"
    });
    let over_http = cli.server.post_json("/api/v1/deadlines", Some(cli.server.key()), request.to_string().as_bytes());
    assert_eq!(over_http.status, 400, "{}", over_http.text);
    let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
    assert_eq!(body["docs_url"], "http://127.0.0.1:8080/docs/errors#validation", "serve's default address");
    assert_eq!(without_docs_url(body), without_docs_url(over_http.json.clone()), "standard output is the API's body");
    // `docs_url` points at the server named as `serve` takes it.
    let pointed = workspace.command().env("COURTRULES_PUBLIC_URL", "https://rules.firm.example/").args(&args).output();
    let pointed: Value = serde_json::from_slice(&pointed.expect("the binary runs").stdout).expect("the error body");
    assert_eq!(pointed["docs_url"], "https://rules.firm.example/docs/errors#validation", "{pointed}");
    let errors = stderr(&output);
    assert!(errors.contains("trigger_time (--time): must be"), "{errors}");
    assert!(errors.contains("service_method (--service): must be"), "{errors}");

    // A request file names the API's fields alone.
    let path = write_request(cli, "bad-time.json", &request);
    let output = workspace.cli(&["deadlines", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("trigger_time: must be"), "{}", stderr(&output));
    let (code, _, output) = check(cli, &write_request(cli, "zero-pages.json", &with("/document/page_count", json!(0))));
    assert_eq!(code, 2);
    assert!(stderr(&output).contains("(1 problem): document.page_count: "), "{}", stderr(&output));

    // A former district id: the suggestion stays on the line.
    let output =
        workspace.cli(&["deadlines", "--district", "nyed", "--trigger", "service_of_motion", "--date", "2021-11-12"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("did you mean `edny`?"), "{}", stderr(&output));
}

/// `check` run from another folder, with the default data pack and database (both
/// relative): the message names `--data-dir`, and no database is left behind.
fn a_command_run_elsewhere_names_the_data_dir(cli: &Cli) {
    let dir = tempfile::tempdir().unwrap();
    let request = write_request(cli, "elsewhere.json", &check_request());
    let output = Command::new(common::BINARY)
        .current_dir(dir.path())
        .env_remove("DATABASE_URL")
        .env_remove("COURTRULES_DATA_DIR")
        .env("COURTRULES_ENGINE_CACHE_DIR", common::engine_cache_dir())
        .args(["check", request.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let errors = stderr(&output);
    assert!(errors.contains("--data-dir") && errors.contains("COURTRULES_DATA_DIR"), "{errors}");
    assert!(errors.contains("./var/courtrules.db"), "{errors}");
    assert!(!dir.path().join("var").exists(), "a database was left behind");
}

/// A command that cannot set itself up — run from a folder without the data pack, or
/// given a file that is not a database — prints an error body on standard output all
/// the same (the API's 500 `internal-error`, with the reason), exits 2, and says why on
/// standard error; so does an unreadable input, and `deadlines` given nothing to ask.
fn setup_failures_print_an_error_body(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let elsewhere = tempfile::tempdir().unwrap();
    let junk = elsewhere.path().join("notes.db");
    std::fs::write(&junk, "a lawyer's notes, not a database\n".repeat(100)).unwrap();
    let junk_url = format!("sqlite://{}", junk.display());
    let request = write_request(cli, "setup.json", &check_request());
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf");
    let practices = workspace.dir.path().join("setup-practices.txt");
    std::fs::write(&practices, "Letters shall not exceed three pages.\n").unwrap();
    let (request, pdf, practices) = (request.to_str().unwrap(), pdf.to_str().unwrap(), practices.to_str().unwrap());
    let deadlines = ["deadlines", "--district", "sdny", "--trigger", "entry_of_judgment", "--date", "2021-11-12"];
    let commands: [&[&str]; 4] = [
        &["check", request],
        &["classify", pdf, "--district", "edny", "--judge", "avery-sample"],
        &deadlines,
        &["ingest", practices, "--district", "edny", "--judge", "avery-sample"],
    ];
    // In another folder: the defaults, ./data and ./var/courtrules.db, name nothing there.
    let run = |storage: &[&str], args: &[&str]| {
        Command::new(common::BINARY)
            .current_dir(elsewhere.path())
            .env_remove("DATABASE_URL")
            .env_remove("COURTRULES_DATA_DIR")
            .env("RUST_LOG", "warn")
            .env("COURTRULES_ENGINE_CACHE_DIR", common::engine_cache_dir())
            .args(storage)
            .args(args)
            .output()
            .unwrap()
    };
    let data_dir = workspace.data_dir.to_str().unwrap();
    let setups: [(&[&str], &str); 2] =
        [(&[], "--data-dir"), (&["--database-url", &junk_url, "--data-dir", data_dir], "SQLite database")];
    for (storage, why) in setups {
        for args in commands {
            let output = run(storage, args);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
            let body: Value = serde_json::from_slice(&output.stdout)
                .unwrap_or_else(|_| panic!("{args:?}: no error body on standard output: {}", stderr(&output)));
            assert!(body["error"].as_str().unwrap().contains(why), "{args:?}: {body}");
            assert!(body["suggestion"].is_string(), "{args:?}: {body}");
            assert!(body["docs_url"].as_str().unwrap().ends_with("#internal-error"), "{args:?}: {body}");
            assert!(stderr(&output).contains(&format!("error: {}", body["error"].as_str().unwrap())), "{args:?}");
        }
        // `deadlines --ics > case.ics`: the body goes to standard error, not into the file.
        let output = run(storage, &[&deadlines[..], &["--ics"]].concat());
        assert_eq!((output.status.code(), stdout(&output).as_str()), (Some(2), ""), "{}", stderr(&output));
        assert!(stderr(&output).contains("#internal-error"), "{}", stderr(&output));
    }
    assert!(!elsewhere.path().join("var").exists(), "a database was left behind");
    assert_eq!(std::fs::read(&junk).unwrap(), "a lawyer's notes, not a database\n".repeat(100).as_bytes());

    // An input that cannot be read: the 400 body naming the file, for each command.
    let missing = "/nonexistent/input";
    for args in [
        &["check", missing][..],
        &["classify", missing],
        &["deadlines", missing],
        &["ingest", missing, "--district", "edny", "--judge", "avery-sample"],
    ] {
        let output = workspace.cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert_eq!(body["details"][0]["path"], "", "{args:?}: {body}");
        assert!(body["details"][0]["message"].as_str().unwrap().starts_with("could not read /nonexistent/input"));
        assert!(stderr(&output).contains("error: could not read /nonexistent/input"), "{}", stderr(&output));
    }

    // `deadlines` with neither a request file nor the flags: a 400 saying what to give.
    let output = workspace.cli(&["deadlines"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
    assert_eq!(body["details"][0]["message"], "give a request file, or --district, --trigger and --date", "{body}");
}

/// `ingest --source-url --title` are checked as `POST /api/v1/standing-order-drafts`
/// checks `source_url` and `title`: the same 400 body, before any lookup (an unknown
/// district is not reached), each problem named with its flag on standard error.
fn ingest_checks_source_url_and_title_as_the_api_does(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let text = "Letters shall not exceed three pages.\n";
    let practices = workspace.dir.path().join("source-and-title.txt");
    std::fs::write(&practices, text).unwrap();
    let long_url = format!("https://court.example/{}", "a".repeat(2000));
    let wide_title = "é".repeat(200); // 200 characters, 400 bytes: over the API's 300 bytes
    // A key of its own: drafts count against the `classify` group's 5 a minute.
    let key = workspace.create_key("source-and-title", "all");
    let cases: [(&str, &str, Option<&str>); 3] = [
        ("nowhere", "ftp://court.example/practices", None),
        ("edny", "https://court.example/practices", Some(wide_title.as_str())),
        ("edny", long_url.as_str(), Some("  ")),
    ];
    for (district, source_url, title) in cases {
        let mut args = vec!["ingest", practices.to_str().unwrap(), "--district", district, "--judge", "avery-sample"];
        args.extend(["--source-url", source_url]);
        let mut request = json!({"district_id": district, "judge_slug": "avery-sample", "text": text,
                                 "source_url": source_url});
        if let Some(title) = title {
            args.extend(["--title", title]);
            request["title"] = json!(title);
        }
        let over_http =
            cli.server.post_json("/api/v1/standing-order-drafts", Some(&key), request.to_string().as_bytes());
        assert_eq!(over_http.status, 400, "{}", over_http.text);
        let output = workspace.cli(&args);
        assert_eq!(output.status.code(), Some(2), "{district} {title:?}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert_eq!(without_docs_url(body), without_docs_url(over_http.json.clone()), "{district} {title:?}");
        for detail in over_http.json["details"].as_array().unwrap() {
            let field = detail["path"].as_str().unwrap();
            let flag = if field == "title" { "--title" } else { "--source-url" };
            let named = format!("{field} ({flag}): {}", detail["message"].as_str().unwrap());
            assert!(stderr(&output).contains(&named), "{named}: {}", stderr(&output));
        }
    }
}

/// `classify --check` of a document that is not a supported filing makes no check: it
/// prints an error body (a 400, as `/check` answers a request without the document's
/// fields), never the classification a script would read as a check response.
fn classify_check_of_an_unsupported_document(cli: &Cli) {
    let newsletter = common::repo_data().join("../tests/fixtures/pdf/nonlegal_newsletter.pdf");
    let output = cli.server.workspace.classify_check_as_movant(&newsletter);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let body: Value = serde_json::from_slice(&output.stdout).expect("one error body on standard output");
    let mut fields: Vec<&String> = body.as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(fields, ["details", "docs_url", "error"], "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("the document is not supported"), "{body}");
    assert!(body["docs_url"].as_str().unwrap().ends_with("#validation"), "{body}");
    let reason = body["details"][0]["message"].as_str().unwrap();
    assert!(reason.contains("does not look like a court filing") && reason.contains("without --check"), "{body}");
    let said = format!("error: {}: the document is not supported", newsletter.display());
    assert!(stderr(&output).contains(&said), "{}", stderr(&output));
}

/// `classify --check` prints the check on standard output, which has no room for the
/// classifier's warnings: each is said on standard error, naming the file, before the
/// check (without --check they are in the classification's `warnings`).
fn classify_check_says_the_warnings(cli: &Cli) {
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf");
    let pdf = pdf.to_str().unwrap();
    let caption = "The caption names district `edny`, but the request is for `sdny`.";
    let classified = cli.server.workspace.cli(&["classify", pdf, "--district", "sdny", "--judge", "court"]);
    assert_eq!(classified.status.code(), Some(0), "{}", stderr(&classified));
    let classified: Value = serde_json::from_slice(&classified.stdout).expect("the classification");
    assert_eq!(classified["warnings"], json!([caption]), "{classified}");

    let args = ["classify", pdf, "--district", "sdny", "--judge", "court", "--check", "--role", "movant"];
    let output = cli.server.workspace.cli(&args);
    assert!(matches!(output.status.code(), Some(0 | 1)), "{}", stderr(&output));
    let checked: Value = serde_json::from_slice(&output.stdout).expect("standard output is the check alone");
    assert!(checked["summary"]["status"].is_string(), "{checked}");
    let errors = stderr(&output);
    let warning = format!("warning: {pdf}: {caption}");
    assert!(errors.lines().any(|line| line == warning), "{errors}");
    let (said, checking) = (errors.find(&warning).unwrap(), errors.find("; checking").expect("classified as …"));
    assert!(said < checking, "the warning comes before the check: {errors}");
}

/// Without --district and --judge the classification's check request names neither
/// (`""`): standard error says so and which options fill them; with them, nothing is said.
fn classify_without_court_says_the_request_names_none(cli: &Cli) {
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf");
    let pdf = pdf.to_str().unwrap();
    let output = cli.server.workspace.cli(&["classify", pdf]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let classified: Value = serde_json::from_slice(&output.stdout).expect("the classification alone");
    assert_eq!(classified["check_request"]["district_id"], "", "{classified}");
    let note = format!(
        "note: {pdf}: the check request's district_id and judge_slug are empty; give --district and --judge to fill them"
    );
    assert!(stderr(&output).lines().any(|line| line == note), "{}", stderr(&output));
    let output = cli.server.workspace.cli(&["classify", pdf, "--district", "edny", "--judge", "court"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("note:"), "{}", stderr(&output));
}

/// A failure of `check` or `classify` names the file on standard error (`error: FILE:
/// …`), so that a loop over many files says which one failed; standard output keeps the
/// API's body. An empty file is said to be empty.
fn errors_name_the_file_they_are_about(cli: &Cli) {
    let workspace = &cli.server.workspace;
    let dir = workspace.dir.path();
    let malformed = dir.join("named-malformed.json");
    std::fs::write(&malformed, "{\"judge_slug\":").unwrap();
    let no_judge = write_request(cli, "named-no-judge.json", &with("/judge_slug", json!("no-such-judge")));
    let not_a_pdf = dir.join("named-not-a-pdf.pdf");
    std::fs::write(&not_a_pdf, "a letter, not a PDF\n").unwrap();
    let cases: [(&[&str], &Path, &str, &str); 4] = [
        (&["check"], &malformed, "the request body is not valid JSON: ", "the request body is not valid JSON"),
        (&["check"], &no_judge, "judge `no-such-judge` is not on the roster", "judge `no-such-judge` is not on"),
        (&["classify"], &not_a_pdf, "the PDF cannot be analysed: ", "the PDF cannot be analysed"),
        (
            &["classify", "--district", "edny", "--judge", "avery-sample"],
            &not_a_pdf,
            "the PDF cannot be analysed: ",
            "the PDF cannot be analysed",
        ),
    ];
    for (args, file, message, body_error) in cases {
        let file = file.to_str().unwrap();
        let output = workspace.cli(&[&args[..1], &[file], &args[1..]].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?} {file}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert!(body["error"].as_str().unwrap().starts_with(body_error), "{body}");
        assert!(!body["error"].as_str().unwrap().contains(file), "the body is the API's: {body}");
        let named = format!("error: {file}: {message}");
        assert!(stderr(&output).contains(&named), "{named}: {}", stderr(&output));
    }
    // A problem with a flag: the file, then the field and its flag.
    let output = workspace.cli(&["classify", not_a_pdf.to_str().unwrap(), "--district", "EDNY", "--judge", "a"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let named =
        format!("error: {}: the request is invalid (1 problem): district_id (--district): ", not_a_pdf.display());
    assert!(stderr(&output).contains(&named), "{}", stderr(&output));

    // An empty file, or empty standard input: said to be empty, in the message and in
    // the body's problem (as a file that cannot be read is).
    let empty_json = dir.join("named-empty.json");
    std::fs::write(&empty_json, "").unwrap();
    let empty_pdf = dir.join("named-empty.pdf");
    std::fs::write(&empty_pdf, "").unwrap();
    let bom_only = dir.join("named-bom-only.json");
    std::fs::write(&bom_only, b"\xEF\xBB\xBF").unwrap();
    let (json, pdf, bom) = (empty_json.to_str().unwrap(), empty_pdf.to_str().unwrap(), bom_only.to_str().unwrap());
    let cases: [(Output, String); 6] = [
        (workspace.cli(&["check", json]), format!("{json} is empty: there is no request to read")),
        (workspace.cli(&["check", bom]), format!("{bom} is empty: there is no request to read")),
        (workspace.cli(&["classify", pdf]), format!("{pdf} is empty: there is no PDF to classify")),
        (workspace.classify_check_as_movant(&empty_pdf), format!("{pdf} is empty: there is no PDF to classify")),
        (with_stdin(cli, &["check", "-"], b""), "standard input is empty: there is no request to read".to_owned()),
        (workspace.cli(&["deadlines", json]), format!("{json} is empty: there is no request to read")),
    ];
    for (output, message) in cases {
        assert_eq!(output.status.code(), Some(2), "{message}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert_eq!(body["details"], json!([{"path": "", "message": message}]), "{body}");
        assert!(body["docs_url"].as_str().unwrap().ends_with("#validation"), "{body}");
        assert!(stderr(&output).contains(&format!("error: {message}")), "{}", stderr(&output));
        assert!(!stderr(&output).contains("EOF while parsing"), "{}", stderr(&output));
    }
}

/// A compiled-engine cache folder that cannot be used (a regular file in its place, a
/// file where a parent folder should be), or none at all (no home), makes every command
/// compile the engine, which takes seconds: the command says so once, on standard error,
/// naming the folder and why (or why there is none), and answers as ever.
/// A check that answered (exit 0) and said one thing of the compiled-engine cache: that
/// line, and all it wrote to standard error.
fn the_cache_warning(output: &Output) -> (String, String) {
    assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
    let errors = stderr(output);
    let warnings: Vec<&str> = errors.lines().filter(|line| line.contains("compiled-engine cache")).collect();
    assert_eq!(warnings.len(), 1, "said once: {errors}");
    (warnings[0].to_owned(), errors)
}

fn an_unusable_engine_cache_is_said_once(cli: &Cli) {
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("cache-is-a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let under_a_file = file.join("courtrules");
    let request = write_request(cli, "unusable-cache.json", &check_request());
    let cases = [(&file, "is not a folder"), (&under_a_file, "cannot be created (Not a directory")];
    for (dir, why) in cases {
        let output = cli
            .server
            .workspace
            .command()
            .env("COURTRULES_ENGINE_CACHE_DIR", dir)
            .args(["check", request.to_str().unwrap()])
            .output()
            .unwrap();
        let (warning, errors) = the_cache_warning(&output);
        let said = format!("warning: the compiled-engine cache folder {} {why}", dir.display());
        assert!(warning.starts_with(&said), "{said}: {errors}");
        assert!(warning.contains("--engine-cache-dir"), "{errors}");
    }
    // No folder named and no home to keep one in (HOME and XDG_CACHE_HOME unset, as under
    // some service managers): said too, with how to name one.
    let output = cli
        .server
        .workspace
        .command()
        .env_remove("COURTRULES_ENGINE_CACHE_DIR")
        .env_remove("HOME")
        .env_remove("XDG_CACHE_HOME")
        .args(["check", request.to_str().unwrap()])
        .output()
        .unwrap();
    let (warning, errors) = the_cache_warning(&output);
    assert!(
        warning.starts_with(
            "warning: there is no compiled-engine cache folder: neither XDG_CACHE_HOME nor HOME is set to an \
             absolute path, so the engine is compiled on every run"
        ),
        "{errors}"
    );
    assert!(warning.contains("--engine-cache-dir") && warning.contains("COURTRULES_ENGINE_CACHE_DIR"));
    // A usable folder, or none: nothing said.
    let output = cli.server.workspace.cli(&["check", request.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("compiled-engine cache"), "{}", stderr(&output));
    let output = cli
        .server
        .workspace
        .command()
        .env("COURTRULES_ENGINE_CACHE_DIR", "")
        .args(["check", request.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("compiled-engine cache"), "{}", stderr(&output));
}

/// A classification out of time on the command line names the option that sets the
/// time (`--classify-budget-ms`), not "this server".
fn classify_out_of_time_names_the_option(cli: &Cli) {
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_scanned_page.pdf");
    let pdf = pdf.to_str().unwrap();
    for args in [&["classify", pdf, "--classify-budget-ms", "100"][..], &["classify", pdf, "--classify-budget-ms", "1"]]
    {
        let output = cli.server.workspace.cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        let body: Value = serde_json::from_slice(&output.stdout).expect("the error body");
        assert!(body["docs_url"].as_str().unwrap().ends_with("#classification-failed"), "{body}");
        let suggestion = body["suggestion"].as_str().unwrap();
        assert!(suggestion.contains("--classify-budget-ms"), "{body}");
        assert!(!body.to_string().contains("this server"), "{body}");
        assert!(!stderr(&output).contains("this server"), "{}", stderr(&output));
        assert!(stderr(&output).contains(&format!("error: {pdf}: ")), "{}", stderr(&output));
    }
}

/// The filer's facts (--pro-se, --pmc-completed, --opposing-pro-se, --role) are read
/// only with --check: given without it, a usage error (exit 2, as clap's) that says so,
/// not one listing the --check flag among "required arguments".
fn classify_flags_for_check_alone(cli: &Cli) {
    let pdf = common::repo_data().join("../tests/fixtures/pdf/memo_support_rule12.pdf");
    let pdf = pdf.to_str().unwrap();
    let cases: [(&[&str], &str); 3] = [
        (&["--pro-se"], "--pro-se is only read with --check"),
        (&["--fail-on", "non-compliant"], "--fail-on is only read with --check"),
        (&["--role", "movant", "--opposing-pro-se"], "--opposing-pro-se, --role are only read with --check"),
    ];
    for (flags, said) in cases {
        let output = cli.server.workspace.cli(&[&["classify", pdf][..], flags].concat());
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {}", stderr(&output));
        assert_eq!(stdout(&output), "", "{flags:?}");
        let errors = stderr(&output);
        assert!(errors.contains(said), "{flags:?}: {errors}");
        assert!(!errors.contains("required arguments"), "{flags:?}: {errors}");
        assert!(errors.contains("Usage: courtrules classify"), "{flags:?}: {errors}");
    }
    // With --check, --fail-on is read: a REVIEW exits 0 with `non-compliant`.
    let args = ["classify", pdf, "--check", "--district", "edny", "--judge", "court", "--role", "movant"];
    let output = cli.server.workspace.cli(&[&args[..], &["--fail-on", "non-compliant"]].concat());
    let body: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    assert_eq!((output.status.code(), body["summary"]["status"].as_str()), (Some(0), Some("REVIEW")));
    // With --check, the flags it needs are still clap's to name.
    let output = cli.server.workspace.cli(&["classify", pdf, "--check", "--pro-se"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("--district"), "{}", stderr(&output));
}
