//! `docs/checks.md` lists every check and every rule of the shipped profiles. Its tables
//! are generated from the engine's check catalogue and the profiles, so this test fails
//! when either changes without the document; `COURTRULES_BLESS=1` rewrites the generated
//! parts.

use courtrules_engine::checks::{CATALOGUE, needs_of};
use courtrules_engine::ffi::parse_profile;
use courtrules_engine::model::{Layer, Profile, Rule};
use courtrules_engine::resolve::applies_to_labels;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn catalogue_table() -> String {
    let mut out = String::from("| Rule kind | Category | Reads from the request | Parameters |\n|---|---|---|---|\n");
    for info in CATALOGUE {
        let category = info.kind.category().map_or("any".to_owned(), |c| format!("`{c}`"));
        let needs = if info.needs.is_empty() { "—".to_owned() } else { code_list(info.needs) };
        let params = if info.params.is_empty() { "—".to_owned() } else { code_list(info.params) };
        writeln!(out, "| `{}` | {category} | {needs} | {params} |", info.kind.as_str()).unwrap();
    }
    out
}

fn code_list(items: &[&str]) -> String {
    items.iter().map(|item| format!("`{item}`")).collect::<Vec<_>>().join(", ")
}

fn rule_row(out: &mut String, layer: Layer, rule: &Rule) {
    let applies =
        rule.applies_to.as_ref().map(applies_to_labels).map_or("always".to_owned(), |labels| labels.join(", "));
    let needs = needs_of(rule);
    let needs = if rule.rule_key.starts_with("Reference:") {
        "not checked".to_owned()
    } else if needs.is_empty() {
        "—".to_owned()
    } else {
        code_list(&needs)
    };
    writeln!(
        out,
        "| `{}` | `{}` | {} | {} | {} | {} | {} |",
        rule.rule_key, rule.category, rule.citation, layer, applies, needs, rule.severity
    )
    .unwrap();
}

const HEADER: &str =
    "| Rule key | Category | Citation | Layer | Applies when | Needs | Severity |\n|---|---|---|---|---|---|---|\n";

/// The national layer once (it is the same in every profile), then each district's local
/// layer and the judges whose standing orders are encoded.
fn profile_tables(profiles: &[Profile]) -> String {
    let national = &profiles[0].national;
    let mut out = format!("### {} (every district)\n\n{HEADER}", national.title);
    for rule in &national.rules {
        rule_row(&mut out, Layer::Frcp, rule);
    }
    for profile in profiles {
        assert_eq!(&profile.national, national, "{}: the national layer differs", profile.district.district_id);
        write!(
            out,
            "\n### {} (`{}`): {}\n\n{HEADER}",
            profile.district.name, profile.district.district_id, profile.local.title
        )
        .unwrap();
        for rule in &profile.local.rules {
            rule_row(&mut out, Layer::LocalRules, rule);
        }
        let (with_orders, without): (Vec<_>, Vec<_>) =
            profile.judges.iter().partition(|judge| judge.standing_order.is_some());
        let real_without = without.iter().filter(|judge| !judge.sample).count();
        let roster = match real_without {
            0 if profile.judges.iter().all(|judge| judge.sample) => {
                "No roster: check with `judge_slug` `court` (the court-wide rules).".to_owned()
            }
            count => format!(
                "{count} judges on the roster without encoded standing orders (coverage `district`): only the \
                 national and local layers apply, and every check adds an action item to read the judge's \
                 individual practices."
            ),
        };
        write!(out, "\n{roster}\n").unwrap();
        for judge in with_orders.iter().chain(without.iter().filter(|judge| judge.sample)) {
            let sample = if judge.sample { " — sample data, a fictional judge" } else { "" };
            write!(out, "\n#### Judge {} (`{}`){sample}\n\n", judge.name, judge.slug).unwrap();
            match &judge.standing_order {
                None => out.push_str("No standing-order rules: only the national and local layers apply.\n"),
                Some(order) => {
                    out.push_str(HEADER);
                    for rule in &order.rules {
                        rule_row(&mut out, Layer::StandingOrder, rule);
                    }
                }
            }
        }
    }
    out
}

/// Every shipped profile, in district order.
fn shipped_profiles() -> Vec<Profile> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(repo_root().join("data/profiles"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
        .collect();
    paths.sort();
    paths.iter().map(|path| parse_profile(&std::fs::read(path).unwrap()).unwrap()).collect()
}

/// Replaces the text between `<!-- generated:NAME -->` and `<!-- end:NAME -->`.
fn splice(document: &str, name: &str, content: &str) -> String {
    let start_marker = format!("<!-- generated:{name} -->\n");
    let end_marker = format!("<!-- end:{name} -->");
    let start = document.find(&start_marker).unwrap_or_else(|| panic!("docs/checks.md lacks {start_marker}"))
        + start_marker.len();
    let end = document.find(&end_marker).unwrap_or_else(|| panic!("docs/checks.md lacks {end_marker}"));
    format!("{}{content}{}", &document[..start], &document[end..])
}

#[test]
fn checks_md_lists_every_check_and_every_shipped_rule() {
    let path = repo_root().join("docs/checks.md");
    let document = std::fs::read_to_string(&path).unwrap();
    let expected =
        splice(&splice(&document, "catalogue", &catalogue_table()), "profiles", &profile_tables(&shipped_profiles()));
    if std::env::var_os("COURTRULES_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    } else {
        assert!(document == expected, "docs/checks.md is out of date: run with COURTRULES_BLESS=1 and review the diff");
    }
}
