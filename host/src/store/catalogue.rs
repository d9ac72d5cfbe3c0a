//! The courts, rosters, compliance profiles and stored holidays, read from the
//! database into one immutable snapshot. Requests look districts, judges and profiles up here, so the
//! check path does no I/O; a server swaps in a new snapshot when the data changes.

use crate::db::{Db, Watched};
use crate::holidays::{self, StoredHoliday};
use crate::sandbox::{OwnedOp, Sandbox};
use anyhow::{Context, anyhow};
use courtrules_engine::model::{
    Category, CoverageLevel, District, JudgeProfile, JudgeType, Profile, Rule, RuleLayer, Severity, StandingOrder,
};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

#[derive(Clone, Debug)]
pub struct Court {
    pub district_id: String,
    pub name: String,
    pub kind: String,
    pub circuit: Option<String>,
    pub state: Option<String>,
    pub status: String,
    /// Real judges on the roster (sample judges are not counted); `None` when the court
    /// has no judge data.
    pub judges_mapped: Option<u32>,
    /// Real judges with standing-order profiles; only for live courts with a profile.
    pub judges_profiled: Option<u32>,
}

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

impl Catalogue {
    /// Reads everything, building and validating (in the wasm engine) every profile.
    pub async fn load(db: &Db, sandbox: &Arc<Sandbox>) -> anyhow::Result<Catalogue> {
        let mut catalogue = Catalogue::default();
        let courts: Vec<CourtRow> =
            sqlx::query_as("SELECT district_id, name, kind, circuit, state, status FROM courts ORDER BY district_id")
                .fetch_all(db.pool())
                .await?;
        let aliases: Vec<(String, String, String)> =
            sqlx::query_as("SELECT alias, district_id, kind FROM court_aliases").fetch_all(db.pool()).await?;
        for (alias, district_id, kind) in aliases {
            let names = if kind == crate::seed::FORMER_ID { &mut catalogue.former_ids } else { &mut catalogue.aliases };
            names.insert(alias, district_id);
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
                judge_type: row.judge_type.as_deref().map(parse_judge_type).transpose()?,
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
        let profiled: Vec<(String,)> =
            sqlx::query_as("SELECT district_id FROM compliance_profiles ORDER BY district_id")
                .fetch_all(db.pool())
                .await?;
        for (district_id,) in profiled {
            let profile = read_profile(db, &district_id).await?.context("a listed profile vanished")?;
            let compiled = compile(sandbox, profile).await.with_context(|| format!("the {district_id} profile"))?;
            catalogue.profiles.insert(district_id, compiled);
        }
        for holiday in holidays::stored_rows(db.pool()).await? {
            catalogue.holidays.entry(holiday.district_id.clone()).or_default().push(holiday);
        }
        for (district_id, name, kind, circuit, state, status) in courts {
            // Sample judges sit on no court: they count nowhere.
            let real: Vec<&Judge> =
                catalogue.judges.get(&district_id).into_iter().flatten().filter(|judge| !judge.sample).collect();
            let has_profile = catalogue.profiles.contains_key(&district_id);
            let court = Court {
                judges_mapped: (!real.is_empty()).then_some(real.len() as u32),
                judges_profiled: (has_profile && status == "live")
                    .then(|| real.iter().filter(|judge| judge.has_profile).count() as u32),
                district_id: district_id.clone(),
                name,
                kind,
                circuit,
                state,
                status,
            };
            catalogue.courts.insert(district_id, court);
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
    let answer = sandbox.call_trusted(OwnedOp::ValidateProfile { profile: Arc::clone(&bytes) }).await?;
    if let Err(error) = answer {
        return Err(anyhow!("the engine refuses the profile: {}", describe_engine_error(&error)));
    }
    Ok(CompiledProfile { profile, bytes })
}

/// An engine error with its details, for logs and the CLI.
pub fn describe_engine_error(error: &courtrules_engine::EngineError) -> String {
    use courtrules_engine::EngineError::*;
    match error {
        InvalidRequest { details } | InvalidProfile { details } => {
            let lines: Vec<String> = details.iter().map(|d| format!("{}: {}", d.path, d.message)).collect();
            format!("{} — {}", error.message(), lines.join("; "))
        }
        other => other.message(),
    }
}

type CourtRow = (String, String, String, Option<String>, Option<String>, String);

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
#[derive(sqlx::FromRow)]
struct RuleRow {
    layer: String,
    judge_slug: String,
    rule_key: String,
    category: String,
    citation: String,
    label: String,
    summary: String,
    severity: String,
    applies_to: Option<String>,
    params: Option<String>,
    source_text: String,
    source_url: String,
}
#[derive(Clone, sqlx::FromRow)]
struct LayerRow {
    layer: String,
    title: String,
    short_title: Option<String>,
    scope: Option<String>,
    source_url: String,
    effective_date: Option<String>,
    as_of: Option<String>,
}

#[derive(sqlx::FromRow)]
struct ProfileJudgeRow {
    slug: String,
    name: String,
    judge_type: Option<String>,
    sample: i64,
    profile_url: Option<String>,
}

#[derive(sqlx::FromRow)]
struct OrderRow {
    judge_slug: String,
    title: String,
    source_url: String,
    effective_date: Option<String>,
    as_of: Option<String>,
    sample: i64,
}

/// The compliance profile of a district as stored, or `None` if it has none.
pub async fn read_profile(db: &Db, district_id: &str) -> anyhow::Result<Option<Profile>> {
    let header: Option<(i64, String, String)> = sqlx::query_as(
        "SELECT format_version, profile_version, district_name FROM compliance_profiles WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_optional(db.pool())
    .await?;
    let Some((format_version, profile_version, district_name)) = header else { return Ok(None) };
    let layers: Vec<LayerRow> = sqlx::query_as(
        "SELECT layer, title, short_title, scope, source_url, effective_date, as_of FROM rule_layers WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_all(db.pool())
    .await?;
    let rules: Vec<RuleRow> = sqlx::query_as(
        "SELECT layer, judge_slug, rule_key, category, citation, label, summary, severity, applies_to, params,
                source_text, source_url
         FROM rules WHERE district_id = $1 ORDER BY layer, judge_slug, position",
    )
    .bind(district_id)
    .fetch_all(db.pool())
    .await?;
    let mut by_owner: BTreeMap<(String, String), Vec<Rule>> = BTreeMap::new();
    for row in rules {
        let key = &row.rule_key;
        let rule = Rule {
            category: Category::parse(&row.category).ok_or_else(|| anyhow!("rule {key}: unknown category"))?,
            severity: Severity::parse(&row.severity).ok_or_else(|| anyhow!("rule {key}: unknown severity"))?,
            applies_to: row.applies_to.as_deref().map(serde_json::from_str).transpose()?,
            params: row.params.as_deref().map(serde_json::from_str).transpose()?.unwrap_or_default(),
            rule_key: row.rule_key,
            citation: row.citation,
            label: row.label,
            summary: row.summary,
            source_text: row.source_text,
            source_url: row.source_url,
        };
        by_owner.entry((row.layer, row.judge_slug)).or_default().push(rule);
    }
    let mut layer = |name: &str| -> anyhow::Result<RuleLayer> {
        let row = layers
            .iter()
            .find(|row| row.layer == name)
            .cloned()
            .ok_or_else(|| anyhow!("the {district_id} profile has no {name} layer"))?;
        let rules = by_owner.remove(&(name.to_owned(), String::new())).unwrap_or_default();
        Ok(RuleLayer {
            title: row.title,
            short_title: row.short_title,
            scope: row.scope,
            source_url: row.source_url,
            effective_date: row.effective_date,
            as_of: row.as_of,
            rules,
        })
    };
    let national = layer("national")?;
    let local = layer("local")?;
    let judges: Vec<ProfileJudgeRow> = sqlx::query_as(
        "SELECT slug, name, judge_type, sample, profile_url FROM judges WHERE district_id = $1 ORDER BY position, slug",
    )
    .bind(district_id)
    .fetch_all(db.pool())
    .await?;
    let orders: Vec<OrderRow> = sqlx::query_as(
        "SELECT judge_slug, title, source_url, effective_date, as_of, sample FROM standing_orders WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_all(db.pool())
    .await?;
    let mut orders: HashMap<String, StandingOrder> = orders
        .into_iter()
        .map(|row| {
            let rules = by_owner.remove(&("standing_order".to_owned(), row.judge_slug.clone())).unwrap_or_default();
            let order = StandingOrder {
                title: row.title,
                source_url: row.source_url,
                effective_date: row.effective_date,
                as_of: row.as_of,
                sample: row.sample != 0,
                rules,
            };
            (row.judge_slug, order)
        })
        .collect();
    let judges = judges
        .into_iter()
        .map(|row| {
            Ok(JudgeProfile {
                standing_order: orders.remove(&row.slug),
                judge_type: row.judge_type.as_deref().map(parse_judge_type).transpose()?,
                sample: row.sample != 0,
                profile_url: row.profile_url,
                slug: row.slug,
                name: row.name,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Some(Profile {
        format_version: u32::try_from(format_version)?,
        profile_version,
        district: District { district_id: district_id.to_owned(), name: district_name },
        national,
        local,
        judges,
    }))
}

fn parse_judge_type(text: &str) -> anyhow::Result<JudgeType> {
    JudgeType::parse(text).ok_or_else(|| anyhow!("unknown judge type `{text}`"))
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
