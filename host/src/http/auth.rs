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
use std::collections::HashMap;
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
        let (id, secret) = keys::parse_token(token).ok_or(ApiError::InvalidKey)?;
        let key = state.keys.find(&state.service.db, id).await?.ok_or(ApiError::InvalidKey)?;
        if key.revoked || !key.matches(secret) {
            return Err(ApiError::InvalidKey);
        }
        Ok(ApiKey { caller: Caller { key_id: key.id, plan: key.plan }, limits: key.limits })
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

/// Keys seen so far, dropped whenever any key changes (`data_versions.keys`), so a
/// revocation by the CLI reaches a running server within one refresh interval.
#[derive(Default)]
pub struct KeyCache {
    inner: RwLock<(i64, HashMap<String, StoredKey>)>,
}

impl KeyCache {
    async fn find(&self, db: &Db, id: &str) -> anyhow::Result<Option<StoredKey>> {
        let seen = {
            let inner = self.inner.read().expect("key cache lock");
            if let Some(key) = inner.1.get(id) {
                return Ok(Some(key.clone()));
            }
            inner.0
        };
        let key = keys::find(db, id).await?;
        if let Some(key) = &key {
            let mut inner = self.inner.write().expect("key cache lock");
            // A refresh in the meantime means the row just read may already be stale.
            if inner.0 == seen {
                inner.1.insert(id.to_owned(), key.clone());
            }
        }
        Ok(key)
    }

    /// Clears the cache if the keys changed since it was filled.
    pub async fn refresh(&self, db: &Db) -> anyhow::Result<()> {
        let version = db.version(Watched::Keys).await?;
        let mut inner = self.inner.write().expect("key cache lock");
        if inner.0 != version {
            *inner = (version, HashMap::new());
        }
        Ok(())
    }
}
