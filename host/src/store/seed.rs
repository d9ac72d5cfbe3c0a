//! Imports the data pack (`data/courts/courts.json`, `data/profiles/*.json`,
//! `data/rosters/*.json`, `data/holidays/`, `data/documents/`, `data/extracted_rules/`)
//! into the database.
//! Idempotent: rows are compared first and only differences are written, so a second
//! run changes nothing and an edited file updates exactly its rows (holidays, documents
//! and extracted rules are each rewritten whole when anything in them changed).

use crate::catalogue::{describe_engine_error, read_profile};
use crate::db::{Db, Watched, bump_version};
use crate::sandbox::{OwnedOp, Sandbox};
use crate::{documents, extracted, holidays, rosters};
use anyhow::{Context, bail};
use courtrules_engine::model::{Profile, Rule};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Deserialize)]
struct CourtsFile {
    courts: Vec<CourtRecord>,
}

/// One court of `courts.json` (see `data/README.md`).
#[derive(Clone, Debug, PartialEq, Deserialize, sqlx::FromRow)]
struct CourtRecord {
    district_id: String,
    name: String,
    kind: String,
    circuit: Option<String>,
    state: Option<String>,
    status: String,
    #[serde(default)]
    #[sqlx(skip)]
    aliases: Vec<String>,
    /// Ids the court had before a rename; they answer as the court.
    #[serde(default)]
    #[sqlx(skip)]
    former_ids: Vec<String>,
    courts_db_id: Option<String>,
    citation_string: Option<String>,
    url: Option<String>,
}

/// What a run changed.
#[derive(Debug, Default)]
pub struct SeedReport {
    pub courts_added: usize,
    pub courts_changed: usize,
    pub courts_removed: usize,
    pub courts_total: usize,
    /// `(district_id, what happened)` per profile.
    pub profiles: Vec<(String, &'static str)>,
    /// `(dataset, entries, rewritten)` for holidays, documents and extracted rules.
    pub datasets: Vec<(&'static str, usize, bool)>,
}

impl SeedReport {
    pub fn changed(&self) -> bool {
        self.courts_added + self.courts_changed + self.courts_removed > 0
            || self.profiles.iter().any(|(_, outcome)| *outcome != "unchanged")
            || self.datasets.iter().any(|(_, _, rewritten)| *rewritten)
    }
}

pub async fn seed(
    db: &Db,
    sandbox: &Arc<Sandbox>,
    data_dir: &Path,
    progress: &mut dyn FnMut(String),
) -> anyhow::Result<SeedReport> {
    let courts_path = data_dir.join("courts/courts.json");
    progress(format!("reading {}", courts_path.display()));
    let text = std::fs::read(&courts_path).with_context(|| format!("could not read {}", courts_path.display()))?;
    let file: CourtsFile =
        serde_json::from_slice(&text).with_context(|| format!("{} is not a court catalogue", courts_path.display()))?;
    let courts: BTreeMap<String, CourtRecord> =
        file.courts.into_iter().map(|court| (court.district_id.clone(), court)).collect();

    let profiles = read_profiles(sandbox, data_dir, progress).await?;
    for (path, profile) in &profiles {
        if !courts.contains_key(&profile.district.district_id) {
            bail!("{}: district `{}` is not in courts.json", path.display(), profile.district.district_id);
        }
    }
    let known: BTreeSet<&str> = courts.keys().map(String::as_str).collect();
    progress(format!("reading {}", data_dir.join("holidays").display()));
    let stored_holidays = holidays::read_data_pack(data_dir, &known)?;
    progress(format!("reading {} (checking every file's SHA-256)", data_dir.join("documents").display()));
    let documents = documents::read_data_pack(data_dir, &known)?;
    let versions: BTreeSet<String> = documents.iter().map(|seed| seed.document.version_id.clone()).collect();
    progress(format!("reading {}", data_dir.join("extracted_rules").display()));
    let extracted_rules = extracted::read_data_pack(data_dir, &known, &versions)?;
    progress(format!("reading {}", data_dir.join("rosters").display()));
    let rosters = rosters::read_data_pack(data_dir, &profiles)?;

    // Read what is stored before writing anything: the comparison is against the
    // committed state.
    let existing = existing_courts(db).await?;
    let mut stored_profiles = BTreeMap::new();
    for (_, profile) in &profiles {
        let district = &profile.district.district_id;
        stored_profiles.insert(district.clone(), read_profile(db, district).await?);
    }
    let stored: Vec<(String,)> =
        sqlx::query_as("SELECT district_id FROM compliance_profiles").fetch_all(db.pool()).await?;

    let mut report = SeedReport { courts_total: courts.len(), ..SeedReport::default() };
    let mut tx = db.pool().begin().await?;
    for (id, court) in &courts {
        match existing.get(id) {
            Some(old) if old == court => continue,
            Some(_) => report.courts_changed += 1,
            None => report.courts_added += 1,
        }
        write_court(&mut tx, court).await?;
    }
    for id in existing.keys().filter(|id| !courts.contains_key(*id)) {
        sqlx::query("DELETE FROM courts WHERE district_id = $1").bind(id).execute(&mut *tx).await?;
        report.courts_removed += 1;
    }
    progress(format!(
        "courts: {} in the catalogue ({} added, {} changed, {} removed)",
        report.courts_total, report.courts_added, report.courts_changed, report.courts_removed
    ));

    let mut shipped = BTreeSet::new();
    for (_, profile) in &profiles {
        let district = profile.district.district_id.clone();
        let outcome = match stored_profiles.remove(&district).flatten() {
            Some(stored) if stored == *profile => "unchanged",
            Some(_) => "updated",
            None => "added",
        };
        if outcome != "unchanged" {
            write_profile(&mut tx, profile).await?;
        }
        let rules = profile.national.rules.len()
            + profile.local.rules.len()
            + profile
                .judges
                .iter()
                .filter_map(|judge| judge.standing_order.as_ref())
                .map(|o| o.rules.len())
                .sum::<usize>();
        progress(format!(
            "profile {district} ({}): {outcome}; {rules} rules, {} judges",
            profile.profile_version,
            profile.judges.len()
        ));
        report.profiles.push((district.clone(), outcome));
        shipped.insert(district);
    }
    for (district,) in stored.into_iter().filter(|(district,)| !shipped.contains(district)) {
        if courts.contains_key(&district) {
            remove_profile(&mut tx, &district).await?;
        }
        progress(format!("profile {district}: removed (no longer in the data pack)"));
        report.profiles.push((district, "removed"));
    }

    let datasets = [
        ("holidays", stored_holidays.len(), holidays::sync(&mut tx, &stored_holidays).await?),
        ("documents", documents.len(), documents::sync(&mut tx, &documents).await?),
        ("extracted rules", extracted_rules.len(), extracted::sync(db, &mut tx, &extracted_rules).await?),
        ("roster entries", rosters.len(), rosters::sync(&mut tx, &rosters).await?),
    ];
    for (name, entries, rewritten) in datasets {
        progress(format!("{name}: {entries} ({})", if rewritten { "updated" } else { "unchanged" }));
        report.datasets.push((name, entries, rewritten));
    }

    if report.changed() {
        bump_version(&mut tx, Watched::Catalogue).await?;
    }
    tx.commit().await?;
    Ok(report)
}

/// Reads and validates every `profiles/*.json` with the wasm engine, in name order.
async fn read_profiles(
    sandbox: &Arc<Sandbox>,
    data_dir: &Path,
    progress: &mut dyn FnMut(String),
) -> anyhow::Result<Vec<(PathBuf, Profile)>> {
    let paths = json_files(&data_dir.join("profiles"))?;
    let mut profiles = Vec::with_capacity(paths.len());
    for path in paths {
        progress(format!("reading {}", path.display()));
        let bytes: Arc<[u8]> =
            std::fs::read(&path).with_context(|| format!("could not read {}", path.display()))?.into();
        if let Err(error) = sandbox.call_trusted(OwnedOp::ValidateProfile { profile: Arc::clone(&bytes) }).await? {
            bail!("{}: {}", path.display(), describe_engine_error(&error));
        }
        let profile: Profile = serde_json::from_slice(&bytes).with_context(|| format!("{}", path.display()))?;
        profiles.push((path, profile));
    }
    Ok(profiles)
}

/// Reads a JSON file of the data pack.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let bytes = std::fs::read(path).with_context(|| format!("could not read {}", path.display()))?;
    serde_json::from_slice(&bytes).with_context(|| format!("{} is not in the expected format", path.display()))
}

/// The `*.json` files of a folder in name order (none when it does not exist).
pub(crate) fn json_files(dir: &Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    let mut paths = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|path| path.extension().is_some_and(|extension| extension == "json"))
            .collect(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(error).with_context(|| format!("could not list {}", dir.display())),
    };
    paths.sort();
    Ok(paths)
}

async fn existing_courts(db: &Db) -> anyhow::Result<BTreeMap<String, CourtRecord>> {
    let rows: Vec<CourtRecord> = sqlx::query_as(
        "SELECT district_id, name, kind, circuit, state, status, courts_db_id, citation_string, url FROM courts",
    )
    .fetch_all(db.pool())
    .await?;
    let mut courts: BTreeMap<String, CourtRecord> =
        rows.into_iter().map(|court| (court.district_id.clone(), court)).collect();
    let aliases: Vec<(String, String, String)> =
        sqlx::query_as("SELECT alias, district_id, kind FROM court_aliases ORDER BY alias")
            .fetch_all(db.pool())
            .await?;
    for (alias, district, kind) in aliases {
        if let Some(court) = courts.get_mut(&district) {
            if kind == FORMER_ID { court.former_ids.push(alias) } else { court.aliases.push(alias) }
        }
    }
    Ok(courts)
}

async fn write_court(tx: &mut sqlx::AnyConnection, court: &CourtRecord) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO courts (district_id, name, kind, circuit, state, status, courts_db_id, citation_string, url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (district_id) DO UPDATE SET name = excluded.name, kind = excluded.kind,
             circuit = excluded.circuit, state = excluded.state, status = excluded.status,
             courts_db_id = excluded.courts_db_id, citation_string = excluded.citation_string, url = excluded.url",
    )
    .bind(&court.district_id)
    .bind(&court.name)
    .bind(&court.kind)
    .bind(&court.circuit)
    .bind(&court.state)
    .bind(&court.status)
    .bind(&court.courts_db_id)
    .bind(&court.citation_string)
    .bind(&court.url)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM court_aliases WHERE district_id = $1").bind(&court.district_id).execute(&mut *tx).await?;
    let names =
        court.aliases.iter().map(|alias| (alias, ALIAS)).chain(court.former_ids.iter().map(|id| (id, FORMER_ID)));
    for (name, kind) in names.collect::<BTreeMap<_, _>>() {
        sqlx::query("INSERT INTO court_aliases (alias, district_id, kind) VALUES ($1, $2, $3)")
            .bind(name)
            .bind(&court.district_id)
            .bind(kind)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// `court_aliases.kind`: another spelling of the id (404 naming the id), or an id the
/// court had before a rename (answers as the court).
pub(crate) const ALIAS: &str = "alias";
pub(crate) const FORMER_ID: &str = "former_id";

/// Deletes a district's profile rows and the roster that came with them.
async fn remove_profile(tx: &mut sqlx::AnyConnection, district: &str) -> anyhow::Result<()> {
    let statements = [
        "DELETE FROM rules WHERE district_id = $1",
        "DELETE FROM standing_orders WHERE district_id = $1",
        "DELETE FROM rule_layers WHERE district_id = $1",
        "DELETE FROM compliance_profiles WHERE district_id = $1",
        "DELETE FROM judges WHERE district_id = $1",
    ];
    for statement in statements {
        sqlx::query(statement).bind(district).execute(&mut *tx).await?;
    }
    Ok(())
}

/// Replaces a district's profile rows. Judges are upserted so columns the profile does
/// not carry (bio, chambers, and the roster's title, source and date) survive a re-import.
async fn write_profile(tx: &mut sqlx::AnyConnection, profile: &Profile) -> anyhow::Result<()> {
    let district = profile.district.district_id.as_str();
    let statements = [
        "DELETE FROM rules WHERE district_id = $1",
        "DELETE FROM standing_orders WHERE district_id = $1",
        "DELETE FROM rule_layers WHERE district_id = $1",
    ];
    for statement in statements {
        sqlx::query(statement).bind(district).execute(&mut *tx).await?;
    }
    sqlx::query(
        "INSERT INTO compliance_profiles (district_id, format_version, profile_version, district_name)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (district_id) DO UPDATE SET format_version = excluded.format_version,
             profile_version = excluded.profile_version, district_name = excluded.district_name",
    )
    .bind(district)
    .bind(i64::from(profile.format_version))
    .bind(&profile.profile_version)
    .bind(&profile.district.name)
    .execute(&mut *tx)
    .await?;
    for (name, layer) in [("national", &profile.national), ("local", &profile.local)] {
        sqlx::query(
            "INSERT INTO rule_layers (district_id, layer, title, short_title, scope, source_url, effective_date, as_of)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(district)
        .bind(name)
        .bind(&layer.title)
        .bind(&layer.short_title)
        .bind(&layer.scope)
        .bind(&layer.source_url)
        .bind(&layer.effective_date)
        .bind(&layer.as_of)
        .execute(&mut *tx)
        .await?;
        write_rules(tx, district, name, "", &layer.rules).await?;
    }

    let kept: BTreeSet<&str> = profile.judges.iter().map(|judge| judge.slug.as_str()).collect();
    let stored: Vec<(String,)> =
        sqlx::query_as("SELECT slug FROM judges WHERE district_id = $1").bind(district).fetch_all(&mut *tx).await?;
    for (slug,) in stored.into_iter().filter(|(slug,)| !kept.contains(slug.as_str())) {
        sqlx::query("DELETE FROM judges WHERE district_id = $1 AND slug = $2")
            .bind(district)
            .bind(slug)
            .execute(&mut *tx)
            .await?;
    }
    for (position, judge) in profile.judges.iter().enumerate() {
        sqlx::query(
            "INSERT INTO judges (district_id, slug, name, judge_type, profile_url, sample, position)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (district_id, slug) DO UPDATE SET name = excluded.name, judge_type = excluded.judge_type,
                 profile_url = excluded.profile_url, sample = excluded.sample, position = excluded.position",
        )
        .bind(district)
        .bind(&judge.slug)
        .bind(&judge.name)
        .bind(judge.judge_type.map(|judge_type| judge_type.as_str()))
        .bind(&judge.profile_url)
        .bind(i64::from(judge.sample))
        .bind(position as i64)
        .execute(&mut *tx)
        .await?;
        if let Some(order) = &judge.standing_order {
            sqlx::query(
                "INSERT INTO standing_orders (district_id, judge_slug, title, source_url, effective_date, as_of, sample)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(district)
            .bind(&judge.slug)
            .bind(&order.title)
            .bind(&order.source_url)
            .bind(&order.effective_date)
            .bind(&order.as_of)
            .bind(i64::from(order.sample))
            .execute(&mut *tx)
            .await?;
            write_rules(tx, district, "standing_order", &judge.slug, &order.rules).await?;
        }
    }
    Ok(())
}

async fn write_rules(
    tx: &mut sqlx::AnyConnection,
    district: &str,
    layer: &str,
    judge_slug: &str,
    rules: &[Rule],
) -> anyhow::Result<()> {
    for (position, rule) in rules.iter().enumerate() {
        let applies_to = rule.applies_to.as_ref().map(serde_json::to_string).transpose()?;
        let params = (!rule.params.is_empty()).then(|| serde_json::to_string(&rule.params)).transpose()?;
        sqlx::query(
            "INSERT INTO rules (district_id, layer, judge_slug, position, rule_key, category, citation, label, summary,
                                severity, applies_to, params, source_text, source_url)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(district)
        .bind(layer)
        .bind(judge_slug)
        .bind(position as i64)
        .bind(&rule.rule_key)
        .bind(rule.category.as_str())
        .bind(&rule.citation)
        .bind(&rule.label)
        .bind(&rule.summary)
        .bind(rule.severity.as_str())
        .bind(applies_to)
        .bind(params)
        .bind(&rule.source_text)
        .bind(&rule.source_url)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}
