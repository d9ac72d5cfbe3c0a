//! Imports the data pack (`data/courts/courts.json`, `data/profiles/*.json`,
//! `data/rosters/*.json`, `data/holidays/`, `data/documents/`, `data/extracted_rules/`,
//! `data/enforcement/`, `data/deadlines/`)
//! into the database.
//! Idempotent: rows are compared first and only differences are written, so a second
//! run changes nothing and an edited file updates exactly its rows (holidays, documents
//! and extracted rules are each rewritten whole when anything in them changed).

use super::courts::{self, CourtRecord};
use super::db::{Db, Lock, Watched, bump_version};
use super::{documents, enforcement, extracted, holidays, profiles, rosters, time_rules};
use crate::sandbox::{self, Due, Op, Sandbox};
use anyhow::bail;
use courtrules_engine::model::Profile;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// The whole data pack, read and checked against itself before anything is written.
struct DataPack {
    courts: BTreeMap<String, CourtRecord>,
    profiles: Vec<(PathBuf, Profile)>,
    holidays: Vec<holidays::StoredHoliday>,
    documents: Vec<documents::SeedDocument>,
    extracted_rules: Vec<extracted::ExtractedRule>,
    rosters: Vec<rosters::RosterEntry>,
    enforcement: Vec<enforcement::EnforcementAction>,
    time_rules: BTreeMap<String, courtrules_engine::model::TimeRules>,
}

impl DataPack {
    async fn read(sandbox: &Arc<Sandbox>, data_dir: &Path, progress: &mut dyn FnMut(String)) -> anyhow::Result<Self> {
        progress(format!("reading {}", data_dir.join("courts/courts.json").display()));
        let courts = courts::read_data_pack(data_dir)?;
        let profiles = profiles::read_data_pack(sandbox, data_dir, progress).await?;
        for (path, profile) in &profiles {
            if !courts.contains_key(&profile.district.district_id) {
                bail!("{}: district `{}` is not in courts.json", path.display(), profile.district.district_id);
            }
        }
        let known: BTreeSet<&str> = courts.keys().map(String::as_str).collect();
        progress(format!("reading {}", data_dir.join("holidays").display()));
        let holidays = holidays::read_data_pack(data_dir, &known)?;
        progress(format!("reading {} (checking every file's SHA-256)", data_dir.join("documents").display()));
        let documents = documents::read_data_pack(data_dir, &known)?;
        let versions: BTreeSet<String> = documents.iter().map(|seed| seed.document.version_id.clone()).collect();
        progress(format!("reading {}", data_dir.join("extracted_rules").display()));
        let extracted_rules = extracted::read_data_pack(data_dir, &known, &versions)?;
        progress(format!("reading {}", data_dir.join("rosters").display()));
        let rosters = rosters::read_data_pack(data_dir, &profiles)?;
        progress(format!("reading {}", data_dir.join("enforcement").display()));
        let enforcement = enforcement::read_data_pack(data_dir)?;
        progress(format!("reading {}", data_dir.join("deadlines").display()));
        let districts: Vec<(String, String)> = profiles
            .iter()
            .map(|(_, profile)| {
                let id = profile.district.district_id.clone();
                let state = courts.get(&id).and_then(|court| court.state.clone()).unwrap_or_default();
                (id, state)
            })
            .collect();
        let time_rules = time_rules::read_data_pack(data_dir, &districts, &holidays)?;
        for (district, rules) in &time_rules {
            let bytes: Arc<[u8]> = courtrules_engine::ffi::to_json(rules).into();
            if let Err(error) = sandbox.call(Op::ValidateTimeRules { rules: bytes }, Due::Trusted).await? {
                bail!("the time rules of {district} (data/deadlines, data/holidays): {}", sandbox::describe(&error));
            }
        }
        Ok(DataPack { courts, profiles, holidays, documents, extracted_rules, rosters, enforcement, time_rules })
    }
}

pub async fn seed(
    db: &Db,
    sandbox: &Arc<Sandbox>,
    data_dir: &Path,
    progress: &mut dyn FnMut(String),
) -> anyhow::Result<SeedReport> {
    // Taken before the files are read: one changed while they are read makes the next
    // command seed again rather than trust what it saw half-way.
    let fingerprint = fingerprint(data_dir)?;
    let pack = DataPack::read(sandbox, data_dir, progress).await?;
    let courts = &pack.courts;

    // Processes sharing a database that start together seed one at a time: the second
    // waits here, then compares against what the first committed (and usually finds
    // nothing to change). On SQLite the wait is for a lock file (`setup_lock`): waiting
    // in `BEGIN IMMEDIATE` would end after SQLite's 5 s busy timeout, which a first seed
    // can outlast; on PostgreSQL it is the advisory lock below.
    let _setup = db.setup_lock().await?;
    let mut tx = db.begin_write().await?;
    db.lock(&mut tx, Lock::Seed).await?;
    // Read what is stored before writing anything: the comparison is against the
    // committed state.
    let existing = courts::stored(&mut tx).await?;
    let mut stored_profiles = BTreeMap::new();
    for (_, profile) in &pack.profiles {
        let district = &profile.district.district_id;
        stored_profiles.insert(district.clone(), profiles::read(&mut tx, district).await?);
    }
    let stored = profiles::stored_districts(&mut *tx).await?;

    let mut report = SeedReport { courts_total: courts.len(), ..SeedReport::default() };
    for (id, court) in courts {
        match existing.get(id) {
            Some(old) if old == court => continue,
            Some(_) => report.courts_changed += 1,
            None => report.courts_added += 1,
        }
        courts::write(&mut tx, court).await?;
    }
    for id in existing.keys().filter(|id| !courts.contains_key(*id)) {
        courts::delete(&mut tx, id).await?;
        report.courts_removed += 1;
    }
    progress(format!(
        "courts: {} in the catalogue ({} added, {} changed, {} removed)",
        report.courts_total, report.courts_added, report.courts_changed, report.courts_removed
    ));

    let mut shipped = BTreeSet::new();
    for (_, profile) in &pack.profiles {
        let district = profile.district.district_id.clone();
        let outcome = match stored_profiles.remove(&district).flatten() {
            Some(stored) if stored == *profile => "unchanged",
            Some(_) => "updated",
            None => "added",
        };
        if outcome != "unchanged" {
            profiles::write(&mut tx, profile).await?;
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
    for district in stored.into_iter().filter(|district| !shipped.contains(district)) {
        if courts.contains_key(&district) {
            profiles::remove(&mut tx, &district).await?;
        }
        progress(format!("profile {district}: removed (no longer in the data pack)"));
        report.profiles.push((district, "removed"));
    }

    let datasets = [
        ("holidays", pack.holidays.len(), holidays::sync(&mut tx, &pack.holidays).await?),
        ("documents", pack.documents.len(), documents::sync(&mut tx, &pack.documents).await?),
        ("extracted rules", pack.extracted_rules.len(), extracted::sync(&mut tx, &pack.extracted_rules).await?),
        ("roster entries", pack.rosters.len(), rosters::sync(&mut tx, &pack.rosters).await?),
        ("enforcement actions", pack.enforcement.len(), enforcement::sync(&mut tx, &pack.enforcement).await?),
        ("time rules", pack.time_rules.len(), time_rules::sync(&mut tx, &pack.time_rules).await?),
    ];
    for (name, entries, rewritten) in datasets {
        progress(format!("{name}: {entries} ({})", if rewritten { "updated" } else { "unchanged" }));
        report.datasets.push((name, entries, rewritten));
    }

    if report.changed() {
        bump_version(&mut tx, Watched::Catalogue).await?;
    }
    sqlx::query(
        "INSERT INTO seeded_data_pack (id, fingerprint) VALUES (1, $1) \
         ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
    )
    .bind(&fingerprint)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(report)
}

/// The fingerprint of the data pack the database was last seeded from, if any.
pub async fn seeded_fingerprint(db: &Db) -> anyhow::Result<Option<String>> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT fingerprint FROM seeded_data_pack WHERE id = 1").fetch_optional(db.pool()).await?;
    Ok(row.map(|(fingerprint,)| fingerprint))
}

/// A fingerprint of the data folder: the SHA-256 of every file's path (relative to
/// the folder, in order), length and modification time. Reading metadata rather than
/// contents keeps it under a millisecond for a one-shot command; an edit, a copied
/// file or a `git pull` changes a length or a time. (A file rewritten with the same
/// length and its old time set back is not seen: `courtrules seed` reads everything.)
pub fn fingerprint(data_dir: &Path) -> anyhow::Result<String> {
    use sha2::{Digest, Sha256};
    let mut files = Vec::new();
    let mut folders = vec![data_dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder)
            .map_err(|error| anyhow::anyhow!("could not read the data folder {}: {error}", folder.display()))?;
        for entry in entries {
            let path = entry?.path();
            let metadata = std::fs::metadata(&path)?;
            if metadata.is_dir() {
                folders.push(path);
            } else {
                let relative = path.strip_prefix(data_dir).unwrap_or(&path).to_path_buf();
                let modified = metadata
                    .modified()
                    .ok()
                    .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |since| since.as_nanos());
                files.push((relative, metadata.len(), modified));
            }
        }
    }
    files.sort();
    let mut hash = Sha256::new();
    for (path, length, modified) in &files {
        hash.update(path.to_string_lossy().as_bytes());
        hash.update([0]);
        hash.update(length.to_le_bytes());
        hash.update(modified.to_le_bytes());
    }
    Ok(format!("{:x}", hash.finalize()))
}
