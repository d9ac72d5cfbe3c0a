//! Organisations' private standing-order layers: the drafts the extractor proposed from
//! a judge's document, and the versions of each accepted layer. Every query is scoped
//! by organisation, so one organisation's ids name nothing for another.

use super::db::{Db, Lock, Watched, bump_version};
use crate::keys::now;
use courtrules_engine::model::{Extraction, OrganisationLayer, StandingOrder};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DraftStatus {
    /// Waiting for review.
    Proposed,
    /// A layer version was made from it.
    Accepted,
    Rejected,
}

impl DraftStatus {
    fn parse(text: &str) -> DraftStatus {
        match text {
            "accepted" => DraftStatus::Accepted,
            "rejected" => DraftStatus::Rejected,
            _ => DraftStatus::Proposed,
        }
    }
}

/// A document read for an organisation, and what the extractor proposed from it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Draft {
    /// `draft_` and 32 hex digits.
    pub id: String,
    pub district_id: String,
    pub judge_slug: String,
    pub status: DraftStatus,
    pub filename: Option<String>,
    /// SHA-256 of the document read (hex).
    pub source_sha256: String,
    /// The key that sent the document.
    pub created_by: String,
    pub created_at: String,
    /// Who accepted or rejected it, and when.
    pub decided_by: Option<String>,
    pub decided_at: Option<String>,
    pub extraction: Extraction,
}

/// One version of an organisation's layer for a judge.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LayerVersion {
    pub organisation_id: String,
    pub district_id: String,
    pub judge_slug: String,
    pub version: u32,
    /// True when this version withdrew the layer (no private layer applies).
    pub withdrawn: bool,
    /// The draft it was accepted from, when it came from one.
    pub draft_id: Option<String>,
    /// The key (or, from the command line, the person) that accepted it.
    pub accepted_by: String,
    pub accepted_at: String,
    /// The standing order (its `organisation` field set); null when withdrawn.
    pub standing_order: Option<StandingOrder>,
}

/// A version without its rules, for lists.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct VersionSummary {
    pub version: u32,
    pub withdrawn: bool,
    pub title: Option<String>,
    pub rules: u32,
    pub draft_id: Option<String>,
    pub accepted_by: String,
    pub accepted_at: String,
}

type VersionRow = (String, String, String, i64, Option<String>, Option<String>, String, String);

const VERSION_COLUMNS: &str =
    "organisation_id, district_id, judge_slug, version, standing_order, draft_id, accepted_by, accepted_at";

fn version_of(row: VersionRow) -> anyhow::Result<LayerVersion> {
    let (organisation_id, district_id, judge_slug, version, order, draft_id, accepted_by, accepted_at) = row;
    let standing_order = match order {
        Some(json) => Some(serde_json::from_str::<StandingOrder>(&json)?),
        None => None,
    };
    Ok(LayerVersion {
        organisation_id,
        district_id,
        judge_slug,
        version: u32::try_from(version)?,
        withdrawn: standing_order.is_none(),
        draft_id,
        accepted_by,
        accepted_at,
        standing_order,
    })
}

type DraftRow =
    (String, String, String, String, Option<String>, String, String, String, String, Option<String>, Option<String>);

const DRAFT_COLUMNS: &str = "id, district_id, judge_slug, status, filename, source_sha256, extraction, created_by, \
                             created_at, decided_by, decided_at";

fn draft_of(row: DraftRow) -> anyhow::Result<Draft> {
    let (id, district_id, judge_slug, status, filename, source_sha256, extraction, created_by, created_at, by, at) =
        row;
    Ok(Draft {
        id,
        district_id,
        judge_slug,
        status: DraftStatus::parse(&status),
        filename,
        source_sha256,
        created_by,
        created_at,
        decided_by: by,
        decided_at: at,
        extraction: serde_json::from_str(&extraction)?,
    })
}

pub struct NewDraft<'a> {
    pub organisation_id: &'a str,
    pub district_id: &'a str,
    pub judge_slug: &'a str,
    pub filename: Option<&'a str>,
    pub source_sha256: &'a str,
    pub extraction_json: &'a [u8],
    pub created_by: &'a str,
}

pub async fn create_draft(db: &Db, new: NewDraft<'_>) -> anyhow::Result<Draft> {
    let id = format!("draft_{}", crate::hex::random(16)?);
    let extraction = std::str::from_utf8(new.extraction_json)?;
    sqlx::query(
        "INSERT INTO standing_order_drafts (id, organisation_id, district_id, judge_slug, status, filename, \
         source_sha256, extraction, created_by, created_at) VALUES ($1, $2, $3, $4, 'proposed', $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(new.organisation_id)
    .bind(new.district_id)
    .bind(new.judge_slug)
    .bind(new.filename)
    .bind(new.source_sha256)
    .bind(extraction)
    .bind(new.created_by)
    .bind(now())
    .execute(db.pool())
    .await?;
    draft(db, new.organisation_id, &id).await?.ok_or_else(|| anyhow::anyhow!("the draft just stored is missing"))
}

/// The organisation's draft with this id (`None` for another organisation's).
pub async fn draft(db: &Db, organisation_id: &str, id: &str) -> anyhow::Result<Option<Draft>> {
    let row: Option<DraftRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {DRAFT_COLUMNS} FROM standing_order_drafts WHERE organisation_id = $1 AND id = $2"
    )))
    .bind(organisation_id)
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    row.map(draft_of).transpose()
}

/// What deciding on a draft came to.
pub enum Decided<T> {
    Done(T),
    /// No such draft for this organisation.
    Missing,
    /// Already accepted or rejected (its status), or for another judge.
    Conflict(String),
}

pub async fn reject_draft(db: &Db, organisation_id: &str, id: &str, by: &str) -> anyhow::Result<Decided<Draft>> {
    let updated = sqlx::query(
        "UPDATE standing_order_drafts SET status = 'rejected', decided_by = $1, decided_at = $2 \
         WHERE organisation_id = $3 AND id = $4 AND status = 'proposed'",
    )
    .bind(by)
    .bind(now())
    .bind(organisation_id)
    .bind(id)
    .execute(db.pool())
    .await?
    .rows_affected();
    let found = draft(db, organisation_id, id).await?;
    Ok(match (updated, found) {
        (_, None) => Decided::Missing,
        (1, Some(draft)) => Decided::Done(draft),
        (_, Some(draft)) => Decided::Conflict(format!("the draft is already {}", status_name(draft.status))),
    })
}

/// Removes a draft still proposed, as if it had never been: `courtrules ingest --accept`
/// stores its draft to accept it, and removes it again when the acceptance fails.
pub async fn discard_draft(db: &Db, organisation_id: &str, id: &str) -> anyhow::Result<()> {
    sqlx::query("DELETE FROM standing_order_drafts WHERE organisation_id = $1 AND id = $2 AND status = 'proposed'")
        .bind(organisation_id)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

fn status_name(status: DraftStatus) -> &'static str {
    match status {
        DraftStatus::Proposed => "proposed",
        DraftStatus::Accepted => "accepted",
        DraftStatus::Rejected => "rejected",
    }
}

pub struct NewVersion<'a> {
    pub organisation_id: &'a str,
    pub district_id: &'a str,
    pub judge_slug: &'a str,
    /// `None` withdraws the layer.
    pub standing_order: Option<StandingOrder>,
    pub draft_id: Option<&'a str>,
    pub accepted_by: &'a str,
}

/// Stores the next version of a layer (and marks its draft accepted), in one
/// transaction; versions are numbered under a lock so two servers never give the same
/// number.
pub async fn add_version(db: &Db, new: NewVersion<'_>) -> anyhow::Result<Decided<LayerVersion>> {
    let mut tx = db.begin_write().await?;
    db.lock(&mut tx, Lock::Layers).await?;
    // Write first: on SQLite a transaction that reads and then writes fails at once when
    // another one wrote meanwhile ("database is locked"); one that starts by writing waits
    // its turn (busy timeout). The row exists for every key's organisation.
    sqlx::query("UPDATE organisations SET name = name WHERE id = $1")
        .bind(new.organisation_id)
        .execute(&mut *tx)
        .await?;
    if let Some(draft_id) = new.draft_id {
        let row: Option<(String, String, String)> = sqlx::query_as(
            "SELECT status, district_id, judge_slug FROM standing_order_drafts WHERE organisation_id = $1 AND id = $2",
        )
        .bind(new.organisation_id)
        .bind(draft_id)
        .fetch_optional(&mut *tx)
        .await?;
        match row {
            None => return Ok(Decided::Missing),
            Some((status, _, _)) if status != "proposed" => {
                return Ok(Decided::Conflict(format!("the draft is already {status}")));
            }
            Some((_, district, judge)) if district != new.district_id || judge != new.judge_slug => {
                return Ok(Decided::Conflict(format!("the draft is for {district}/{judge}")));
            }
            Some(_) => {}
        }
    }
    // The latest version, and its order (none: a withdrawal).
    let latest: Option<(i64, Option<String>)> = sqlx::query_as(
        "SELECT version, standing_order FROM organisation_layers WHERE organisation_id = $1 \
         AND district_id = $2 AND judge_slug = $3 ORDER BY version DESC LIMIT 1",
    )
    .bind(new.organisation_id)
    .bind(new.district_id)
    .bind(new.judge_slug)
    .fetch_optional(&mut *tx)
    .await?;
    // Withdrawing needs a layer in force, decided under the lock: of two withdrawals at
    // once, the second finds the first's version and is refused.
    if new.standing_order.is_none() && latest.as_ref().is_none_or(|(_, order)| order.is_none()) {
        return Ok(Decided::Missing);
    }
    let version = latest.map_or(0, |(version, _)| version) + 1;
    let accepted_at = now();
    let order = new.standing_order.map(|mut order| {
        order.organisation = Some(OrganisationLayer {
            organisation_id: new.organisation_id.to_owned(),
            version: version as u32,
            accepted_by: new.accepted_by.to_owned(),
            accepted_at: accepted_at.clone(),
        });
        order
    });
    let order_json = order.as_ref().map(serde_json::to_string).transpose()?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO organisation_layers ({VERSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    )))
    .bind(new.organisation_id)
    .bind(new.district_id)
    .bind(new.judge_slug)
    .bind(version)
    .bind(order_json)
    .bind(new.draft_id)
    .bind(new.accepted_by)
    .bind(&accepted_at)
    .execute(&mut *tx)
    .await?;
    if let Some(draft_id) = new.draft_id {
        // Only a draft still proposed: the status read above is no lock, and on
        // PostgreSQL (READ COMMITTED) a reject (`reject_draft`, which takes no lock) may
        // have committed since. This update waits for a concurrent one on the same row
        // and then sees its outcome, so of an accept and a reject exactly one decides the
        // draft; the other is a conflict, and this transaction (the version) is rolled
        // back when `tx` is dropped.
        let updated = sqlx::query(
            "UPDATE standing_order_drafts SET status = 'accepted', decided_by = $1, decided_at = $2 \
             WHERE organisation_id = $3 AND id = $4 AND status = 'proposed'",
        )
        .bind(new.accepted_by)
        .bind(&accepted_at)
        .bind(new.organisation_id)
        .bind(draft_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated != 1 {
            let status: Option<(String,)> =
                sqlx::query_as("SELECT status FROM standing_order_drafts WHERE organisation_id = $1 AND id = $2")
                    .bind(new.organisation_id)
                    .bind(draft_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            drop(tx);
            return Ok(match status {
                None => Decided::Missing,
                Some((status,)) => Decided::Conflict(format!("the draft is already {status}")),
            });
        }
    }
    // Servers cache the layers in force; this tells the others to drop theirs.
    bump_version(&mut tx, Watched::Layers).await?;
    tx.commit().await?;
    let stored = self::version(db, new.organisation_id, new.district_id, new.judge_slug, version as u32).await?;
    Ok(Decided::Done(stored.ok_or_else(|| anyhow::anyhow!("the version just stored is missing"))?))
}

/// The version in force: the latest, unless it withdrew the layer.
pub async fn active(
    db: &Db,
    organisation_id: &str,
    district_id: &str,
    judge_slug: &str,
) -> anyhow::Result<Option<LayerVersion>> {
    let row: Option<VersionRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM organisation_layers WHERE organisation_id = $1 AND district_id = $2 \
         AND judge_slug = $3 ORDER BY version DESC LIMIT 1"
    )))
    .bind(organisation_id)
    .bind(district_id)
    .bind(judge_slug)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(version_of).transpose()?.filter(|version| !version.withdrawn))
}

pub async fn version(
    db: &Db,
    organisation_id: &str,
    district_id: &str,
    judge_slug: &str,
    version: u32,
) -> anyhow::Result<Option<LayerVersion>> {
    let row: Option<VersionRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM organisation_layers WHERE organisation_id = $1 AND district_id = $2 \
         AND judge_slug = $3 AND version = $4"
    )))
    .bind(organisation_id)
    .bind(district_id)
    .bind(judge_slug)
    .bind(i64::from(version))
    .fetch_optional(db.pool())
    .await?;
    row.map(version_of).transpose()
}

/// Every version of the organisation's layer for a judge, newest first.
pub async fn versions(
    db: &Db,
    organisation_id: &str,
    district_id: &str,
    judge_slug: &str,
) -> anyhow::Result<Vec<LayerVersion>> {
    let rows: Vec<VersionRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM organisation_layers WHERE organisation_id = $1 AND district_id = $2 \
         AND judge_slug = $3 ORDER BY version DESC"
    )))
    .bind(organisation_id)
    .bind(district_id)
    .bind(judge_slug)
    .fetch_all(db.pool())
    .await?;
    rows.into_iter().map(version_of).collect()
}

/// The latest version of each of the organisation's layers.
pub async fn latest(db: &Db, organisation_id: &str) -> anyhow::Result<Vec<LayerVersion>> {
    let rows: Vec<VersionRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {VERSION_COLUMNS} FROM organisation_layers l WHERE organisation_id = $1 \
         AND version = (SELECT MAX(version) FROM organisation_layers m \
         WHERE m.organisation_id = l.organisation_id AND m.district_id = l.district_id \
         AND m.judge_slug = l.judge_slug) ORDER BY district_id, judge_slug"
    )))
    .bind(organisation_id)
    .fetch_all(db.pool())
    .await?;
    rows.into_iter().map(version_of).collect()
}

impl LayerVersion {
    pub fn summary(&self) -> VersionSummary {
        VersionSummary {
            version: self.version,
            withdrawn: self.withdrawn,
            title: self.standing_order.as_ref().map(|order| order.title.clone()),
            rules: self.standing_order.as_ref().map_or(0, |order| order.rules.len() as u32),
            draft_id: self.draft_id.clone(),
            accepted_by: self.accepted_by.clone(),
            accepted_at: self.accepted_at.clone(),
        }
    }
}
