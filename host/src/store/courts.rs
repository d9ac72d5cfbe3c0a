//! Courts: the catalogue's records (`data/courts/courts.json`, the `courts` and
//! `court_aliases` tables) and the court as requests see it.

use super::datapack::read_json;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use utoipa::ToSchema;

/// `live`: rules are served. `coming_soon`: mapped, no rules yet. `preview`: judge data
/// exists but the court is not open through the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
#[schemars(inline)]
pub enum CourtStatus {
    Live,
    ComingSoon,
    Preview,
}

/// A federal district court, or a state (or territorial) court.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CourtKind {
    FederalDistrict,
    State,
}

/// A court as requests see it: its catalogue record and its roster counts.
#[derive(Clone, Debug)]
pub struct Court {
    pub district_id: String,
    pub name: String,
    pub kind: CourtKind,
    pub circuit: Option<String>,
    pub state: Option<String>,
    pub status: CourtStatus,
    /// Real judges on the roster (sample judges are not counted); `None` when the court
    /// has no judge data.
    pub judges_mapped: Option<u32>,
    /// Real judges with standing-order profiles; only for live courts with a profile.
    pub judges_profiled: Option<u32>,
}

impl Court {
    pub fn is_federal(&self) -> bool {
        self.kind == CourtKind::FederalDistrict
    }

    /// Whether a filing in this court can be checked now: it is live and has a compliance
    /// profile (`judges_profiled` is present only then).
    pub fn is_checkable(&self) -> bool {
        self.status == CourtStatus::Live && self.judges_profiled.is_some()
    }
}

/// How an other name of a court answers (`court_aliases.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum OtherName {
    /// Another spelling that is not an id (`nyed` for `edny`): answered with a 404 that
    /// names the id.
    Alias,
    /// An id the court had before a rename: it answers as the court.
    FormerId,
}

impl OtherName {
    pub fn as_str(self) -> &'static str {
        match self {
            OtherName::Alias => "alias",
            OtherName::FormerId => "former_id",
        }
    }

    fn parse(text: &str) -> OtherName {
        if text == OtherName::FormerId.as_str() { OtherName::FormerId } else { OtherName::Alias }
    }
}

/// One court of `courts.json` (see `data/README.md`), and as stored.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct CourtRecord {
    pub district_id: String,
    pub name: String,
    pub kind: CourtKind,
    pub circuit: Option<String>,
    pub state: Option<String>,
    pub status: CourtStatus,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Ids the court had before a rename; they answer as the court.
    #[serde(default)]
    pub former_ids: Vec<String>,
    pub courts_db_id: Option<String>,
    pub citation_string: Option<String>,
    pub url: Option<String>,
}

#[derive(Deserialize)]
struct CourtsFile {
    courts: Vec<CourtRecord>,
}

/// Reads `courts/courts.json`, by `district_id`.
pub fn read_data_pack(data_dir: &Path) -> anyhow::Result<BTreeMap<String, CourtRecord>> {
    let file: CourtsFile = read_json(&data_dir.join("courts/courts.json"))?;
    Ok(file.courts.into_iter().map(|court| (court.district_id.clone(), court)).collect())
}

/// A row of `courts`.
#[derive(sqlx::FromRow)]
struct CourtRow {
    district_id: String,
    name: String,
    kind: String,
    circuit: Option<String>,
    state: Option<String>,
    status: String,
    courts_db_id: Option<String>,
    citation_string: Option<String>,
    url: Option<String>,
}

/// A row of `court_aliases`.
#[derive(sqlx::FromRow)]
struct OtherNameRow {
    alias: String,
    district_id: String,
    kind: String,
}

impl CourtStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CourtStatus::Live => "live",
            CourtStatus::ComingSoon => "coming_soon",
            CourtStatus::Preview => "preview",
        }
    }

    fn parse(text: &str) -> anyhow::Result<CourtStatus> {
        [CourtStatus::Live, CourtStatus::ComingSoon, CourtStatus::Preview]
            .into_iter()
            .find(|status| status.as_str() == text)
            .with_context(|| format!("unknown court status `{text}`"))
    }
}

impl CourtKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CourtKind::FederalDistrict => "federal_district",
            CourtKind::State => "state",
        }
    }

    fn parse(text: &str) -> anyhow::Result<CourtKind> {
        [CourtKind::FederalDistrict, CourtKind::State]
            .into_iter()
            .find(|kind| kind.as_str() == text)
            .with_context(|| format!("unknown court kind `{text}`"))
    }
}

/// Every stored court with its other names, by `district_id`.
pub async fn stored(connection: &mut sqlx::AnyConnection) -> anyhow::Result<BTreeMap<String, CourtRecord>> {
    let rows: Vec<CourtRow> = sqlx::query_as(
        "SELECT district_id, name, kind, circuit, state, status, courts_db_id, citation_string, url FROM courts",
    )
    .fetch_all(&mut *connection)
    .await?;
    let mut courts = BTreeMap::new();
    for row in rows {
        let record = CourtRecord {
            kind: CourtKind::parse(&row.kind)?,
            status: CourtStatus::parse(&row.status)?,
            district_id: row.district_id,
            name: row.name,
            circuit: row.circuit,
            state: row.state,
            aliases: Vec::new(),
            former_ids: Vec::new(),
            courts_db_id: row.courts_db_id,
            citation_string: row.citation_string,
            url: row.url,
        };
        courts.insert(record.district_id.clone(), record);
    }
    for name in other_names(&mut *connection).await? {
        if let Some(court) = courts.get_mut(&name.district_id) {
            match OtherName::parse(&name.kind) {
                OtherName::FormerId => court.former_ids.push(name.alias),
                OtherName::Alias => court.aliases.push(name.alias),
            }
        }
    }
    Ok(courts)
}

/// Every other name of a court: `(name, district_id, kind)`, by name.
pub async fn other_names_by_kind<'c, E>(executor: E) -> anyhow::Result<Vec<(String, String, OtherName)>>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows = other_names(executor).await?;
    Ok(rows.into_iter().map(|row| (row.alias, row.district_id, OtherName::parse(&row.kind))).collect())
}

async fn other_names<'c, E>(executor: E) -> anyhow::Result<Vec<OtherNameRow>>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    Ok(sqlx::query_as("SELECT alias, district_id, kind FROM court_aliases ORDER BY alias").fetch_all(executor).await?)
}

/// Writes a court and replaces its other names.
pub async fn write(tx: &mut sqlx::AnyConnection, court: &CourtRecord) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO courts (district_id, name, kind, circuit, state, status, courts_db_id, citation_string, url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (district_id) DO UPDATE SET name = excluded.name, kind = excluded.kind,
             circuit = excluded.circuit, state = excluded.state, status = excluded.status,
             courts_db_id = excluded.courts_db_id, citation_string = excluded.citation_string, url = excluded.url",
    )
    .bind(&court.district_id)
    .bind(&court.name)
    .bind(court.kind.as_str())
    .bind(&court.circuit)
    .bind(&court.state)
    .bind(court.status.as_str())
    .bind(&court.courts_db_id)
    .bind(&court.citation_string)
    .bind(&court.url)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM court_aliases WHERE district_id = $1").bind(&court.district_id).execute(&mut *tx).await?;
    let names = court
        .aliases
        .iter()
        .map(|alias| (alias, OtherName::Alias))
        .chain(court.former_ids.iter().map(|id| (id, OtherName::FormerId)));
    for (name, kind) in names.collect::<BTreeMap<_, _>>() {
        sqlx::query("INSERT INTO court_aliases (alias, district_id, kind) VALUES ($1, $2, $3)")
            .bind(name)
            .bind(&court.district_id)
            .bind(kind.as_str())
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Deletes a court (its other names, roster and profile go with it).
pub async fn delete(tx: &mut sqlx::AnyConnection, district_id: &str) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM courts WHERE district_id = $1").bind(district_id).execute(&mut *tx).await?;
    Ok(())
}

/// The court as requests see it, from its stored record and roster counts.
impl CourtRecord {
    pub fn court(&self, judges_mapped: Option<u32>, judges_profiled: Option<u32>) -> Court {
        Court {
            district_id: self.district_id.clone(),
            name: self.name.clone(),
            kind: self.kind,
            circuit: self.circuit.clone(),
            state: self.state.clone(),
            status: self.status,
            judges_mapped,
            judges_profiled,
        }
    }
}
