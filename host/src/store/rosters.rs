//! The judge rosters of the data pack (`data/rosters/<district_id>.json`): who sits on a
//! court, with where each fact was read and as of when. The profile carries each judge's
//! name, type and page (what the engine needs); the roster adds the court's title for the
//! judge, the source and the date, which `GET /api/v1/judges` shows.

use super::datapack::{json_files, read_json};
use anyhow::bail;
use courtrules_engine::model::Profile;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct RosterFile {
    district_id: String,
    judges: Vec<RosterJudge>,
}

#[derive(Deserialize)]
struct RosterJudge {
    slug: String,
    name: String,
    title: Option<String>,
    source: String,
    as_of: String,
}

/// What the roster adds to one judge row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct RosterEntry {
    pub district_id: String,
    pub slug: String,
    pub title: Option<String>,
    pub source: Option<String>,
    pub as_of: Option<String>,
}

/// Reads every roster and checks it against the profiles: each roster judge must be a
/// judge of its district's profile under the same name (the profiles are generated from
/// the rosters, so a mismatch means a stale file).
pub fn read_data_pack(data_dir: &Path, profiles: &[(PathBuf, Profile)]) -> anyhow::Result<Vec<RosterEntry>> {
    let mut entries = Vec::new();
    for path in json_files(&data_dir.join("rosters"))? {
        let file: RosterFile = read_json(&path)?;
        let Some((_, profile)) = profiles.iter().find(|(_, profile)| profile.district.district_id == file.district_id)
        else {
            bail!("{}: district `{}` has no compliance profile in the data pack", path.display(), file.district_id);
        };
        for judge in file.judges {
            let in_profile = profile.judges.iter().find(|entry| entry.slug == judge.slug);
            if in_profile.is_none_or(|entry| entry.name != judge.name) {
                bail!(
                    "{}: judge `{}` ({}) is not in data/profiles/{}.json as written; rerun scripts/data/legal/build_rules.py",
                    path.display(),
                    judge.slug,
                    judge.name,
                    file.district_id
                );
            }
            if courtrules_engine::calendar::Date::parse(&judge.as_of).is_none() {
                bail!("{}: judge `{}`: as_of must be a date written YYYY-MM-DD", path.display(), judge.slug);
            }
            entries.push(RosterEntry {
                district_id: file.district_id.clone(),
                slug: judge.slug,
                title: judge.title,
                source: Some(judge.source),
                as_of: Some(judge.as_of),
            });
        }
    }
    Ok(entries)
}

/// Writes the roster columns of the judge rows (the profiles wrote the rows). Judges
/// without a roster entry — sample judges — keep none. Returns whether anything changed.
pub async fn sync(tx: &mut sqlx::AnyConnection, entries: &[RosterEntry]) -> anyhow::Result<bool> {
    let stored: Vec<RosterEntry> =
        sqlx::query_as("SELECT district_id, slug, title, source, as_of FROM judges").fetch_all(&mut *tx).await?;
    let wanted: BTreeMap<(&str, &str), &RosterEntry> =
        entries.iter().map(|entry| ((entry.district_id.as_str(), entry.slug.as_str()), entry)).collect();
    let mut changed = false;
    for row in &stored {
        let target = wanted.get(&(row.district_id.as_str(), row.slug.as_str()));
        let (title, source, as_of) = match target {
            Some(entry) => (entry.title.as_deref(), entry.source.as_deref(), entry.as_of.as_deref()),
            None => (None, None, None),
        };
        if (row.title.as_deref(), row.source.as_deref(), row.as_of.as_deref()) == (title, source, as_of) {
            continue;
        }
        sqlx::query("UPDATE judges SET title = $1, source = $2, as_of = $3 WHERE district_id = $4 AND slug = $5")
            .bind(title)
            .bind(source)
            .bind(as_of)
            .bind(&row.district_id)
            .bind(&row.slug)
            .execute(&mut *tx)
            .await?;
        changed = true;
    }
    Ok(changed)
}
