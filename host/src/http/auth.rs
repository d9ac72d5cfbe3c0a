//! `Authorization: Bearer <key>`: the `ApiKey` extractor. A handler that takes an
//! `ApiKey` only runs for a valid key, and the service's calls need the key's
//! `Caller` (its plan), so no handler can skip either check. The rate-limit middleware authenticates first (it
//! counts per key) and hands the key on in the request's extensions; the extractor
//! takes it from there, or authenticates itself where no middleware ran.

use super::AppState;
use super::error::ApiError;
use crate::keys::{self, StoredKey};
use crate::rate_limit::KeyLimits;
use crate::service::Caller;
use crate::store::db::{Db, Watched};
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use std::collections::{HashMap, HashSet};
use std::sync::RwLock;

/// The caller: a valid, unrevoked key, with its plan and its rate limits.
#[derive(Clone, Debug)]
pub struct ApiKey {
    /// The key's id and plan, as the service sees the caller.
    pub caller: Caller,
    pub limits: KeyLimits,
}

impl ApiKey {
    /// The key an `Authorization` header presents: 401 when the header is missing or
    /// not `Bearer <key>`, 403 when the key is unknown or revoked.
    pub async fn authenticate(headers: &HeaderMap, state: &AppState) -> Result<ApiKey, ApiError> {
        let header = headers.get(AUTHORIZATION).ok_or(ApiError::Unauthenticated("missing Authorization header"))?;
        let malformed = || ApiError::Unauthenticated("malformed Authorization header: expected `Bearer <API key>`");
        let header = header.to_str().map_err(|_| malformed())?;
        let (scheme, token) = header.split_once(' ').ok_or_else(malformed)?;
        let token = token.trim();
        if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() || token.contains(char::is_whitespace) {
            return Err(malformed());
        }
        let Some((id, secret)) = keys::parse_token(token) else {
            tracing::warn!("refused an API key that is not in the key format");
            return Err(ApiError::InvalidKey);
        };
        // Only the key's id is logged: never the secret.
        let Some(key) = state.keys.find(&state.service.db, id).await? else {
            tracing::warn!(key_id = id, "refused an API key: no such key");
            return Err(ApiError::InvalidKey);
        };
        if key.revoked || !key.matches(secret) {
            let why = if key.revoked { "revoked" } else { "wrong secret" };
            tracing::warn!(key_id = id, why, "refused an API key");
            return Err(ApiError::InvalidKey);
        }
        let caller = Caller { key_id: key.id, plan: key.plan, organisation_id: Some(key.organisation_id) };
        Ok(ApiKey { caller, limits: key.limits })
    }
}

impl FromRequestParts<AppState> for ApiKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match parts.extensions.get::<ApiKey>() {
            Some(key) => Ok(key.clone()),
            None => ApiKey::authenticate(&parts.headers, state).await,
        }
    }
}

/// Keys seen so far, and ids looked up and not found, both dropped whenever any key
/// changes (`data_versions.keys`), so a revocation by the CLI reaches a running server
/// within one refresh interval. Remembering the misses means a client that repeats a
/// key that does not exist costs no database lookup after the first.
#[derive(Default)]
pub struct KeyCache {
    inner: RwLock<Cached>,
}

#[derive(Default)]
struct Cached {
    version: i64,
    keys: HashMap<String, StoredKey>,
    missing: HashSet<String>,
}

/// Ids remembered as missing; past this the set starts again (ids are random, so a
/// flood of new ones would otherwise grow it without end).
const MAX_MISSING: usize = 10_000;

impl KeyCache {
    async fn find(&self, db: &Db, id: &str) -> anyhow::Result<Option<StoredKey>> {
        let seen = {
            let inner = self.inner.read().expect("key cache lock");
            if let Some(key) = inner.keys.get(id) {
                return Ok(Some(key.clone()));
            }
            if inner.missing.contains(id) {
                return Ok(None);
            }
            inner.version
        };
        let key = keys::find(db, id).await?;
        let mut inner = self.inner.write().expect("key cache lock");
        // A refresh in the meantime means the answer just read may already be stale.
        if inner.version == seen {
            match &key {
                Some(key) => {
                    inner.keys.insert(id.to_owned(), key.clone());
                }
                None => {
                    if inner.missing.len() >= MAX_MISSING {
                        inner.missing.clear();
                    }
                    inner.missing.insert(id.to_owned());
                }
            }
        }
        Ok(key)
    }

    /// Clears the cache if the keys changed since it was filled.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<()> {
        let version = db.version(Watched::Keys).await?;
        let mut inner = self.inner.write().expect("key cache lock");
        if inner.version != version {
            *inner = Cached { version, ..Cached::default() };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Plan;

    /// A miss is remembered: the same id is not looked up again until the keys change.
    #[tokio::test]
    async fn a_missing_id_is_looked_up_once_until_the_keys_change() {
        let folder = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", folder.path().join("keys.db").display())).await.unwrap();
        db.migrate().await.unwrap();
        let cache = KeyCache::default();
        cache.refresh(&db).await.unwrap();
        let made = keys::create(&db, "later", Plan::All, None).await.unwrap();
        let (id, _) = keys::parse_token(&made.token).unwrap();
        // Made after the last refresh; the first lookup finds it in the database.
        assert!(cache.find(&db, id).await.unwrap().is_some());
        let missing = "00000000abcd";
        assert!(cache.find(&db, missing).await.unwrap().is_none());
        // The row appears behind the cache's back (no version bump): still a miss, so the
        // database was not asked.
        sqlx::query("UPDATE api_keys SET id = $1 WHERE id = $2")
            .bind(missing)
            .bind(id)
            .execute(db.pool())
            .await
            .unwrap();
        assert!(cache.find(&db, missing).await.unwrap().is_none());
        // Once the keys' version moves, the cache starts over.
        let mut connection = db.pool().acquire().await.unwrap();
        crate::store::db::bump_version(&mut connection, Watched::Keys).await.unwrap();
        drop(connection);
        cache.refresh(&db).await.unwrap();
        assert!(cache.find(&db, missing).await.unwrap().is_some());
    }
}
