//! Compliance profiles: `data/profiles/*.json`, validated by the engine, stored as
//! their layers (`compliance_profiles`, `rule_layers`, `standing_orders`, `rules`) and
//! the roster they name (`judges`), and read back whole.

use super::datapack::json_files;
use crate::sandbox::{self, Op, Sandbox};
use anyhow::{Context, anyhow, bail};
use courtrules_engine::model::{
    Category, District, JudgeProfile, JudgeType, Profile, Rule, RuleLayer, Severity, StandingOrder,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads and validates every `profiles/*.json` with the wasm engine, in name order.
pub async fn read_data_pack(
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
        if let Err(error) =
            sandbox.call(Op::ValidateProfile { profile: Arc::clone(&bytes) }, sandbox::Due::Trusted).await?
        {
            bail!("{}: {}", path.display(), sandbox::describe(&error));
        }
        let profile: Profile = serde_json::from_slice(&bytes).with_context(|| format!("{}", path.display()))?;
        profiles.push((path, profile));
    }
    Ok(profiles)
}

/// The districts with a stored profile.
pub async fn stored_districts<'c, E>(executor: E) -> anyhow::Result<Vec<String>>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT district_id FROM compliance_profiles ORDER BY district_id").fetch_all(executor).await?;
    Ok(rows.into_iter().map(|(district,)| district).collect())
}

#[derive(sqlx::FromRow)]
struct HeaderRow {
    format_version: i64,
    profile_version: String,
    district_name: String,
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

#[derive(sqlx::FromRow)]
struct JudgeRow {
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
pub async fn read(connection: &mut sqlx::AnyConnection, district_id: &str) -> anyhow::Result<Option<Profile>> {
    let header: Option<HeaderRow> = sqlx::query_as(
        "SELECT format_version, profile_version, district_name FROM compliance_profiles WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_optional(&mut *connection)
    .await?;
    let Some(header) = header else { return Ok(None) };
    let layers: Vec<LayerRow> = sqlx::query_as(
        "SELECT layer, title, short_title, scope, source_url, effective_date, as_of FROM rule_layers WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_all(&mut *connection)
    .await?;
    let rules: Vec<RuleRow> = sqlx::query_as(
        "SELECT layer, judge_slug, rule_key, category, citation, label, summary, severity, applies_to, params,
                source_text, source_url
         FROM rules WHERE district_id = $1 ORDER BY layer, judge_slug, position",
    )
    .bind(district_id)
    .fetch_all(&mut *connection)
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
    let judges: Vec<JudgeRow> = sqlx::query_as(
        "SELECT slug, name, judge_type, sample, profile_url FROM judges WHERE district_id = $1 ORDER BY position, slug",
    )
    .bind(district_id)
    .fetch_all(&mut *connection)
    .await?;
    let orders: Vec<OrderRow> = sqlx::query_as(
        "SELECT judge_slug, title, source_url, effective_date, as_of, sample FROM standing_orders WHERE district_id = $1",
    )
    .bind(district_id)
    .fetch_all(&mut *connection)
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
                organisation: None,
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
        format_version: u32::try_from(header.format_version)?,
        profile_version: header.profile_version,
        district: District { district_id: district_id.to_owned(), name: header.district_name },
        national,
        local,
        judges,
    }))
}

pub fn parse_judge_type(text: &str) -> anyhow::Result<JudgeType> {
    JudgeType::parse(text).ok_or_else(|| anyhow!("unknown judge type `{text}`"))
}

/// Deletes a district's profile rows and the roster that came with them.
pub async fn remove(tx: &mut sqlx::AnyConnection, district: &str) -> anyhow::Result<()> {
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
pub async fn write(tx: &mut sqlx::AnyConnection, profile: &Profile) -> anyhow::Result<()> {
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
