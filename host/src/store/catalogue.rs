//! The courts, rosters, compliance profiles and stored holidays, read from the
//! database into one immutable snapshot. Requests look districts, judges and profiles
//! up here, so the check path does no I/O; a server swaps in a new snapshot when the
//! data changes.

use super::courts::{self, Court, OtherName};
use super::db::{Db, Watched};
use super::holidays::{self, StoredHoliday};
use super::profiles;
use crate::sandbox::{self, Due, Op, Sandbox};
use anyhow::{Context, anyhow};
use courtrules_engine::model::{CoverageLevel, JudgeType, Profile};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

#[derive(Clone, Debug)]
pub struct Judge {
    pub slug: String,
    pub name: String,
    pub judge_type: Option<JudgeType>,
    /// The court's title for the judge ("Chief Judge"), from the roster.
    pub title: Option<String>,
    pub bio: Option<String>,
    pub chambers: Option<String>,
    pub profile_url: Option<String>,
    pub has_profile: bool,
    /// Fictional demonstration data.
    pub sample: bool,
    /// Where the judge's membership and status were read, and as of when (roster judges).
    pub source: Option<String>,
    pub as_of: Option<String>,
}

impl Judge {
    /// As the engine derives it from the profile (`JudgeProfile::coverage_level`).
    pub fn coverage_level(&self) -> CoverageLevel {
        CoverageLevel::of(self.sample, self.has_profile)
    }
}

/// A district's compliance profile: typed for trimming, and serialized once — the
/// exact bytes every engine call gets, so warm instances keep it parsed.
pub struct CompiledProfile {
    pub profile: Profile,
    pub bytes: Arc<[u8]>,
}

impl CompiledProfile {
    /// The profile with `judges` trimmed to one judge, copying only that judge: what a
    /// client needs to check before that judge offline.
    pub fn one_judge(&self, judge_slug: &str) -> Profile {
        let profile = &self.profile;
        Profile {
            format_version: profile.format_version,
            profile_version: profile.profile_version.clone(),
            district: profile.district.clone(),
            national: profile.national.clone(),
            local: profile.local.clone(),
            judges: profile.judges.iter().filter(|judge| judge.slug == judge_slug).cloned().collect(),
        }
    }
}

#[derive(Default)]
pub struct Catalogue {
    courts: BTreeMap<String, Court>,
    /// Other spellings of an id (`nyed` → `edny`): not ids, answered with a 404 naming the id.
    aliases: HashMap<String, String>,
    /// Ids a court had before a rename: they answer as the court.
    former_ids: HashMap<String, String>,
    judges: HashMap<String, Vec<Judge>>,
    profiles: HashMap<String, CompiledProfile>,
    /// Stored holidays by court (`*federal*` for closures of every federal court).
    holidays: BTreeMap<String, Vec<StoredHoliday>>,
}

/// A row of the judges with their standing-order flag.
#[derive(sqlx::FromRow)]
struct JudgeRow {
    district_id: String,
    slug: String,
    name: String,
    judge_type: Option<String>,
    title: Option<String>,
    bio: Option<String>,
    chambers: Option<String>,
    profile_url: Option<String>,
    has_profile: i64,
    sample: i64,
    source: Option<String>,
    as_of: Option<String>,
}

impl Catalogue {
    /// Reads everything, building and validating (in the wasm engine) every profile.
    pub async fn load(db: &Db, sandbox: &Arc<Sandbox>) -> anyhow::Result<Catalogue> {
        let mut catalogue = Catalogue::default();
        let records = courts::stored(&mut *db.pool().acquire().await?).await?;
        for (name, district_id, kind) in courts::other_names_by_kind(db.pool()).await? {
            let names = match kind {
                OtherName::FormerId => &mut catalogue.former_ids,
                OtherName::Alias => &mut catalogue.aliases,
            };
            names.insert(name, district_id);
        }
        let judges: Vec<JudgeRow> = sqlx::query_as(
            "SELECT j.district_id, j.slug, j.name, j.judge_type, j.title, j.bio, j.chambers, j.profile_url,
                    CASE WHEN s.judge_slug IS NULL THEN 0 ELSE 1 END AS has_profile, j.sample, j.source, j.as_of
             FROM judges j LEFT JOIN standing_orders s ON s.district_id = j.district_id AND s.judge_slug = j.slug
             ORDER BY j.district_id, j.position, j.slug",
        )
        .fetch_all(db.pool())
        .await?;
        for row in judges {
            catalogue.judges.entry(row.district_id).or_default().push(Judge {
                judge_type: row.judge_type.as_deref().map(profiles::parse_judge_type).transpose()?,
                slug: row.slug,
                name: row.name,
                title: row.title,
                bio: row.bio,
                chambers: row.chambers,
                profile_url: row.profile_url,
                has_profile: row.has_profile != 0,
                sample: row.sample != 0,
                source: row.source,
                as_of: row.as_of,
            });
        }
        for district_id in profiles::stored_districts(db.pool()).await? {
            let profile = profiles::read(&mut *db.pool().acquire().await?, &district_id)
                .await?
                .context("a listed profile vanished")?;
            let compiled = compile(sandbox, profile).await.with_context(|| format!("the {district_id} profile"))?;
            catalogue.profiles.insert(district_id, compiled);
        }
        for holiday in holidays::stored_rows(db.pool()).await? {
            catalogue.holidays.entry(holiday.district_id.clone()).or_default().push(holiday);
        }
        for (district_id, record) in records {
            // Sample judges sit on no court: they count nowhere.
            let real: Vec<&Judge> =
                catalogue.judges.get(&district_id).into_iter().flatten().filter(|judge| !judge.sample).collect();
            let has_profile = catalogue.profiles.contains_key(&district_id);
            let judges_mapped = (!real.is_empty()).then_some(real.len() as u32);
            let judges_profiled = (has_profile && record.status == courts::CourtStatus::Live)
                .then(|| real.iter().filter(|judge| judge.has_profile).count() as u32);
            catalogue.courts.insert(district_id, record.court(judges_mapped, judges_profiled));
        }
        Ok(catalogue)
    }

    /// The court with this id, or with this former id (a renamed court answers to both).
    pub fn court(&self, district_id: &str) -> Option<&Court> {
        self.courts.get(district_id).or_else(|| self.former_ids.get(district_id).and_then(|id| self.courts.get(id)))
    }

    /// Every court, by `district_id`.
    pub fn courts(&self) -> impl Iterator<Item = &Court> {
        self.courts.values()
    }

    /// The stored holidays (closures and state calendars), by court.
    pub fn stored_holidays(&self) -> &BTreeMap<String, Vec<StoredHoliday>> {
        &self.holidays
    }

    /// The court an alias names (`nyed` → `edny`).
    pub fn alias_of(&self, id: &str) -> Option<&str> {
        self.aliases.get(id).map(String::as_str)
    }

    /// The roster of a district; empty when the court has no judge data.
    pub fn judges(&self, district_id: &str) -> &[Judge] {
        self.judges.get(district_id).map_or(&[], Vec::as_slice)
    }

    pub fn profile(&self, district_id: &str) -> Option<&CompiledProfile> {
        self.profiles.get(district_id)
    }
}

/// Serializes a profile and has the wasm engine validate exactly those bytes.
pub async fn compile(sandbox: &Arc<Sandbox>, profile: Profile) -> anyhow::Result<CompiledProfile> {
    let bytes: Arc<[u8]> = serde_json::to_vec(&profile)?.into();
    let answer = sandbox.call(Op::ValidateProfile { profile: Arc::clone(&bytes) }, Due::Trusted).await?;
    if let Err(error) = answer {
        return Err(anyhow!("the engine refuses the profile: {}", sandbox::describe(&error)));
    }
    Ok(CompiledProfile { profile, bytes })
}

/// The snapshot a server answers from, replaced whole when the data changes.
pub struct Live {
    current: RwLock<(i64, Arc<Catalogue>)>,
}

impl Live {
    pub async fn load(db: &Db, sandbox: &Arc<Sandbox>) -> anyhow::Result<Live> {
        let version = db.version(Watched::Catalogue).await?;
        let catalogue = Catalogue::load(db, sandbox).await?;
        Ok(Live { current: RwLock::new((version, Arc::new(catalogue))) })
    }

    pub fn get(&self) -> Arc<Catalogue> {
        Arc::clone(&self.current.read().expect("catalogue lock").1)
    }

    /// Reloads when another process (or this one) changed the data since the last load.
    pub async fn refresh(&self, db: &Db, sandbox: &Arc<Sandbox>) -> anyhow::Result<bool> {
        let version = db.version(Watched::Catalogue).await?;
        if version == self.current.read().expect("catalogue lock").0 {
            return Ok(false);
        }
        let catalogue = Catalogue::load(db, sandbox).await?;
        *self.current.write().expect("catalogue lock") = (version, Arc::new(catalogue));
        Ok(true)
    }
}
