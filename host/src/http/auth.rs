//! `Authorization: Bearer <key>`: the `ApiKey` extractor. A handler that takes an
//! `ApiKey` only runs for a valid key, and district lookups need the key's plan, so
//! no handler can skip either check. The rate-limit middleware authenticates first (it
//! counts per key) and hands the key on in the request's extensions; the extractor
//! takes it from there, or authenticates itself where no middleware ran.

use super::AppState;
use super::error::{AccessDenied, ApiError};
use crate::keys::{self, Plan, StoredKey};
use crate::rate_limit::KeyLimits;
use crate::store::catalogue::Catalogue;
use crate::store::courts::Court;
use crate::store::db::{Db, Watched};
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use std::collections::HashMap;
use std::sync::RwLock;

/// The caller: a valid, unrevoked key and its plan.
#[derive(Clone, Debug)]
pub struct ApiKey {
    pub id: String,
    pub plan: Plan,
    pub limits: KeyLimits,
}

impl ApiKey {
    /// Full access, for the offline CLI.
    pub fn local() -> ApiKey {
        ApiKey { id: "local".into(), plan: Plan::All, limits: KeyLimits::default() }
    }

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
        let key = state.keys.find(&state.db, id).await?.ok_or(ApiError::InvalidKey)?;
        if key.revoked || !key.matches(secret) {
            return Err(ApiError::InvalidKey);
        }
        Ok(ApiKey { id: key.id, plan: key.plan, limits: key.limits })
    }

    /// The districts this key may query: every known one for the `all` plan.
    pub fn accessible_districts(&self, catalogue: &Catalogue) -> Vec<String> {
        match &self.plan {
            Plan::All => catalogue.courts().map(|court| court.district_id.clone()).collect(),
            Plan::Districts(districts) => districts.iter().cloned().collect(),
        }
    }

    /// The court with this id (or a former id of it), if it exists (404) and the plan
    /// includes it (403).
    pub fn court<'c>(&self, catalogue: &'c Catalogue, district_id: &str, contact: &str) -> Result<&'c Court, ApiError> {
        let Some(court) = catalogue.court(district_id) else {
            return Err(ApiError::UnknownDistrict {
                district_id: district_id.to_owned(),
                alias_of: catalogue.alias_of(district_id).map(str::to_owned),
            });
        };
        // A former id (a renamed court) answers as the court, under the court's own id.
        if !self.plan.allows(&court.district_id) {
            let accessible = match &self.plan {
                Plan::All => Vec::new(),
                Plan::Districts(districts) => districts.iter().cloned().collect(),
            };
            return Err(ApiError::DistrictNotAccessible(Box::new(AccessDenied {
                court: court.clone(),
                accessible,
                contact: contact.to_owned(),
            })));
        }
        Ok(court)
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
