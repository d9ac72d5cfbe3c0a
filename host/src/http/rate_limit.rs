//! The rate-limit middleware, run on every route that takes a key (`routes::table`
//! gives each its group): it authenticates the caller (limits are per key), admits or
//! rejects the request in the route's group (`crate::rate_limit`), and puts `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
//! `X-RateLimit-Reset` on whatever the route answers — 200, 4xx or the 429 itself.
//! Authentication failures (401, 403 for an unknown key) carry none: there is no key
//! to count against.

use super::AppState;
use super::auth::ApiKey;
use super::error::ApiError;
use crate::rate_limit::{Decision, Group};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

pub const LIMIT: HeaderName = HeaderName::from_static("x-ratelimit-limit");
pub const REMAINING: HeaderName = HeaderName::from_static("x-ratelimit-remaining");
pub const RESET: HeaderName = HeaderName::from_static("x-ratelimit-reset");

/// The middleware's state: the app's, and the route's group.
#[derive(Clone)]
pub struct Limited {
    pub state: AppState,
    pub group: Group,
}

pub async fn enforce(State(Limited { state, group }): State<Limited>, mut request: Request, next: Next) -> Response {
    let key = match ApiKey::authenticate(request.headers(), &state).await {
        Ok(key) => key,
        Err(error) => return error.into_response(),
    };
    let decision = match state.limiter.admit(&key.caller.key_id, group, key.limits.limit(group)).await {
        Ok(decision) => decision,
        Err(error) => {
            tracing::error!(error = crate::store::db::error_chain(&error), "could not reach the rate-limit log");
            return ApiError::Service(crate::service::error::Error::Internal(error)).into_response();
        }
    };
    let mut response = if decision.admitted {
        request.extensions_mut().insert(key);
        next.run(request).await
    } else {
        ApiError::RateLimited {
            group,
            limit: decision.limit,
            window: describe(state.limiter.window()),
            retry_after_seconds: decision.retry_after_seconds,
            contact: state.service.contact.clone(),
        }
        .into_response()
    };
    set_headers(response.headers_mut(), &decision);
    response
}

fn set_headers(headers: &mut HeaderMap, decision: &Decision) {
    headers.insert(LIMIT, HeaderValue::from(decision.limit));
    headers.insert(REMAINING, HeaderValue::from(decision.remaining));
    headers.insert(RESET, HeaderValue::from(decision.reset_epoch_seconds));
}

/// "minute" for the real window; the length otherwise (a test server's short one).
pub(crate) fn describe(window: Duration) -> String {
    if window == Duration::from_secs(60) { "minute".into() } else { format!("{} ms", window.as_millis()) }
}
