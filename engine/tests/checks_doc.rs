//! `docs/checks.md` lists every check and every rule of the shipped E.D.N.Y. profile.
//! Its tables are generated from the engine's check catalogue and the profile, so this
//! test fails when either changes without the document; `COURTRULES_BLESS=1` rewrites
//! the generated parts.

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

fn profile_tables(profile: &Profile) -> String {
    let header =
        "| Rule key | Category | Citation | Layer | Applies when | Needs | Severity |\n|---|---|---|---|---|---|---|\n";
    let mut out = format!("### National and local rules ({})\n\n{header}", profile.district.name);
    for rule in &profile.national.rules {
        rule_row(&mut out, Layer::Frcp, rule);
    }
    for rule in &profile.local.rules {
        rule_row(&mut out, Layer::LocalRules, rule);
    }
    for judge in &profile.judges {
        let sample = if judge.sample { " — sample data, a fictional judge" } else { "" };
        write!(out, "\n### Judge {} (`{}`){sample}\n\n", judge.name, judge.slug).unwrap();
        match &judge.standing_order {
            None => out.push_str("No standing-order rules: only the national and local layers apply.\n"),
            Some(order) => {
                out.push_str(header);
                for rule in &order.rules {
                    rule_row(&mut out, Layer::StandingOrder, rule);
                }
            }
        }
    }
    out
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
    let profile = parse_profile(&std::fs::read(repo_root().join("data/profiles/edny.json")).unwrap()).unwrap();
    let expected = splice(&splice(&document, "catalogue", &catalogue_table()), "edny", &profile_tables(&profile));
    if std::env::var_os("COURTRULES_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    } else {
        assert!(document == expected, "docs/checks.md is out of date: run with COURTRULES_BLESS=1 and review the diff");
    }
}
