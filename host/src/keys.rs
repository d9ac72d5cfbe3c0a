//! API keys: `crk_<id>_<secret>`. The id is public (listed, revoked by); the secret is
//! 256 random bits, kept only as its SHA-256 and compared in constant time. A plain
//! hash is enough because the secret is random, not a password someone chose.

use crate::rate_limit::{self, KeyLimits};
use crate::store::db::{Db, Watched, bump_version};
use anyhow::{Context, bail};
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fmt;
use subtle::ConstantTimeEq;

const PREFIX: &str = "crk_";
const ID_BYTES: usize = 6;
const SECRET_BYTES: usize = 32;

/// The districts a key may query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    All,
    Districts(BTreeSet<String>),
}

impl Plan {
    /// Reads `all` or a comma-separated list of district ids.
    pub fn parse(text: &str) -> anyhow::Result<Plan> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("all") {
            return Ok(Plan::All);
        }
        let districts: BTreeSet<String> =
            text.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_owned).collect();
        if districts.is_empty() {
            bail!("--districts needs `all` or a comma-separated list of district ids");
        }
        Ok(Plan::Districts(districts))
    }

    pub fn allows(&self, district_id: &str) -> bool {
        match self {
            Plan::All => true,
            Plan::Districts(districts) => districts.contains(district_id),
        }
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Plan::All => f.write_str("all"),
            Plan::Districts(districts) => f.write_str(&districts.iter().cloned().collect::<Vec<_>>().join(",")),
        }
    }
}

/// A key as the server needs it to authenticate a request.
#[derive(Clone)]
pub struct StoredKey {
    pub id: String,
    /// The organisation the key belongs to (its private layers apply to the key).
    pub organisation_id: String,
    secret_sha256: [u8; 32],
    pub plan: Plan,
    pub limits: KeyLimits,
    pub revoked: bool,
}

impl StoredKey {
    /// Whether `secret` is this key's secret, in time independent of where they differ.
    pub fn matches(&self, secret: &str) -> bool {
        bool::from(sha256(secret).ct_eq(&self.secret_sha256))
    }
}

/// A key as `keys list` shows it.
pub struct KeySummary {
    pub id: String,
    pub name: String,
    pub organisation_id: String,
    pub plan: Plan,
    pub created_at: String,
    pub revoked_at: Option<String>,
}

/// A freshly created key; `token` is shown once and stored nowhere.
pub struct NewKey {
    pub id: String,
    pub token: String,
    pub plan: Plan,
    pub organisation_id: String,
}

/// Splits a presented token into its id and secret, if it has the shape of a key.
pub fn parse_token(token: &str) -> Option<(&str, &str)> {
    let (id, secret) = token.strip_prefix(PREFIX)?.split_once('_')?;
    let hex = |text: &str, bytes: usize| text.len() == bytes * 2 && text.bytes().all(|b| b.is_ascii_hexdigit());
    (hex(id, ID_BYTES) && hex(secret, SECRET_BYTES)).then_some((id, secret))
}

/// The longest key name accepted.
const MAX_NAME_CHARS: usize = 100;

/// Creates a key in `organisation` (which must exist), or in a new organisation of its
/// own (`org_<key id>`, named after the key) when `None`.
pub async fn create(db: &Db, name: &str, plan: Plan, organisation: Option<&str>) -> anyhow::Result<NewKey> {
    if name.trim().is_empty() {
        bail!("a key needs a --name");
    }
    // The name is shown in `keys list`'s table, in logs and as an organisation's name.
    if name.chars().count() > MAX_NAME_CHARS {
        bail!("--name is {} characters long; at most {MAX_NAME_CHARS}", name.chars().count());
    }
    if name.chars().any(char::is_control) {
        bail!("--name holds a control character (a line break, a tab, …); use a name of plain characters");
    }
    let id = crate::hex::random(ID_BYTES)?;
    let secret = crate::hex::random(SECRET_BYTES)?;
    let created_at = now();
    let mut tx = db.begin_write().await?;
    let organisation_id = match organisation {
        Some(organisation) => require_organisation(&mut tx, organisation).await?,
        None => {
            let organisation_id = format!("org_{id}");
            sqlx::query("INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3)")
                .bind(&organisation_id)
                .bind(name.trim())
                .bind(&created_at)
                .execute(&mut *tx)
                .await?;
            organisation_id
        }
    };
    sqlx::query(
        "INSERT INTO api_keys (id, name, secret_sha256, all_districts, created_at, organisation_id) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(name.trim())
    .bind(crate::hex::encode(&sha256(&secret)))
    .bind(i64::from(plan == Plan::All))
    .bind(&created_at)
    .bind(&organisation_id)
    .execute(&mut *tx)
    .await?;
    if let Plan::Districts(districts) = &plan {
        for district in districts {
            sqlx::query("INSERT INTO api_key_districts (key_id, district_id) VALUES ($1, $2)")
                .bind(&id)
                .bind(district)
                .execute(&mut *tx)
                .await?;
        }
    }
    bump_version(&mut tx, Watched::Keys).await?;
    tx.commit().await?;
    Ok(NewKey { token: format!("{PREFIX}{id}_{secret}"), id, plan, organisation_id })
}

pub async fn list(db: &Db) -> anyhow::Result<Vec<KeySummary>> {
    type Row = (String, String, i64, String, Option<String>, Option<String>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, name, all_districts, created_at, revoked_at, organisation_id FROM api_keys ORDER BY created_at, id",
    )
    .fetch_all(db.pool())
    .await?;
    let mut keys = Vec::with_capacity(rows.len());
    for (id, name, all_districts, created_at, revoked_at, organisation_id) in rows {
        let plan = plan_of(db, &id, all_districts).await?;
        let organisation_id = organisation_id.unwrap_or_else(|| format!("org_{id}"));
        keys.push(KeySummary { id, name, organisation_id, plan, created_at, revoked_at });
    }
    Ok(keys)
}

/// The organisation's id, or an error naming it when there is none.
pub async fn require_organisation(connection: &mut sqlx::AnyConnection, id: &str) -> anyhow::Result<String> {
    let found: Option<(String,)> =
        sqlx::query_as("SELECT id FROM organisations WHERE id = $1").bind(id).fetch_optional(connection).await?;
    Ok(found.with_context(|| format!("no organisation `{id}` (see `courtrules keys list`)"))?.0)
}

/// What `revoke` found.
#[derive(Debug, PartialEq, Eq)]
pub enum Revocation {
    Revoked,
    /// The key had been revoked already, at this time (left as it was).
    AlreadyRevoked(String),
    NoSuchKey,
}

/// Revokes a key.
pub async fn revoke(db: &Db, id: &str) -> anyhow::Result<Revocation> {
    let mut tx = db.begin_write().await?;
    let updated = sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now())
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let found: Option<(Option<String>,)> =
        sqlx::query_as("SELECT revoked_at FROM api_keys WHERE id = $1").bind(id).fetch_optional(&mut *tx).await?;
    bump_version(&mut tx, Watched::Keys).await?;
    tx.commit().await?;
    Ok(match found {
        None => Revocation::NoSuchKey,
        Some(_) if updated > 0 => Revocation::Revoked,
        Some((at,)) => Revocation::AlreadyRevoked(at.unwrap_or_default()),
    })
}

/// Keys ever made in this database, revoked ones included (a server makes the first
/// key only when there is none).
pub async fn count_all(db: &Db) -> anyhow::Result<i64> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM api_keys").fetch_one(db.pool()).await?;
    Ok(count)
}

pub async fn find(db: &Db, id: &str) -> anyhow::Result<Option<StoredKey>> {
    let row: Option<(String, i64, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT secret_sha256, all_districts, revoked_at, organisation_id FROM api_keys WHERE id = $1")
            .bind(id)
            .fetch_optional(db.pool())
            .await?;
    let Some((stored_hash, all_districts, revoked_at, organisation_id)) = row else { return Ok(None) };
    let secret_sha256 = unhex(&stored_hash).context("a stored key hash is not hex")?;
    Ok(Some(StoredKey {
        id: id.to_owned(),
        organisation_id: organisation_id.unwrap_or_else(|| format!("org_{id}")),
        secret_sha256,
        plan: plan_of(db, id, all_districts).await?,
        limits: rate_limit::key_limits(db, id).await?,
        revoked: revoked_at.is_some(),
    }))
}

async fn plan_of(db: &Db, id: &str, all_districts: i64) -> anyhow::Result<Plan> {
    if all_districts != 0 {
        return Ok(Plan::All);
    }
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT district_id FROM api_key_districts WHERE key_id = $1 ORDER BY district_id")
            .bind(id)
            .fetch_all(db.pool())
            .await?;
    Ok(Plan::Districts(rows.into_iter().map(|(district,)| district).collect()))
}

fn sha256(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

fn unhex(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    if text.len() != 64 {
        return None;
    }
    for (index, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(index * 2..index * 2 + 2)?, 16).ok()?;
    }
    Some(out)
}

/// Now, as the database stores times: RFC 3339 UTC, whole seconds.
pub(crate) fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_has_a_hex_id_and_secret() {
        let token = format!("crk_{}_{}", "a".repeat(12), "0".repeat(64));
        assert_eq!(parse_token(&token), Some(("aaaaaaaaaaaa", "0".repeat(64).as_str())));
        assert_eq!(parse_token("crk_short_secret"), None);
        assert_eq!(parse_token(&token.replace("crk_", "key_")), None);
    }

    #[test]
    fn a_stored_key_matches_only_its_secret() {
        let key = StoredKey {
            id: "x".into(),
            organisation_id: "org_x".into(),
            secret_sha256: sha256("right"),
            plan: Plan::All,
            limits: KeyLimits::default(),
            revoked: false,
        };
        assert!(key.matches("right"));
        assert!(!key.matches("wrong"));
    }

    #[test]
    fn plans_read_all_or_a_list() {
        assert_eq!(Plan::parse("all").unwrap(), Plan::All);
        let plan = Plan::parse("sdny, edny").unwrap();
        assert!(plan.allows("edny") && !plan.allows("cand"));
        assert_eq!(plan.to_string(), "edny,sdny");
        assert!(Plan::parse(" , ").is_err());
    }
}
