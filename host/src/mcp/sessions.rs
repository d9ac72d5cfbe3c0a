//! The MCP sessions over HTTP: rmcp's in-memory sessions, each bound to the key that
//! opened it, and bounded in number. An open session holds memory (~50 KB) until it
//! is closed (`DELETE /mcp`) or has gone 5 minutes without a request, so without a
//! bound any key could exhaust the server's memory with `initialize` alone.
//!
//! - Per key: a key with `per_key` sessions open that opens another closes its oldest
//!   (a client that forgets to close its sessions keeps working; only it loses one).
//! - In all: with `total` sessions open, `initialize` is refused with a 503 until one
//!   closes.
//! - A session is its key's: a request of another key naming it is answered as for an
//!   unknown session (404), so a session id that leaks lets no one else use or close it.

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::session::{SessionId, SessionManager};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The bounds on open sessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionLimits {
    /// Sessions one key may have open; opening one more closes its oldest.
    pub per_key: usize,
    /// Sessions open in all; past it, `initialize` is refused (503).
    pub total: usize,
}

impl SessionLimits {
    pub const DEFAULT_PER_KEY: usize = 16;
    pub const DEFAULT_TOTAL: usize = 2000;
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits { per_key: Self::DEFAULT_PER_KEY, total: Self::DEFAULT_TOTAL }
    }
}

/// Whether a new session may be opened.
pub enum Admission {
    Admitted,
    /// The 503 to answer.
    Refused(axum::response::Response),
}

/// Who opened each session, and when (a sequence number).
#[derive(Default)]
struct Owners {
    sessions: HashMap<String, (String, u64)>,
    next: u64,
}

/// rmcp's local session manager, and each session's key. (A session that closed —
/// `DELETE`, or 5 minutes idle — is forgotten here when the next one opens.)
pub struct Sessions {
    inner: Arc<LocalSessionManager>,
    limits: SessionLimits,
    owners: Mutex<Owners>,
}

impl Sessions {
    pub fn new(inner: Arc<LocalSessionManager>, limits: SessionLimits) -> Sessions {
        Sessions {
            inner,
            limits: SessionLimits { per_key: limits.per_key.max(1), total: limits.total.max(1) },
            owners: Mutex::default(),
        }
    }

    fn owners(&self) -> std::sync::MutexGuard<'_, Owners> {
        self.owners.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether session `id` may be used by `key_id`: an unknown id may (the transport
    /// answers it), another key's may not.
    pub fn belongs_to(&self, id: &str, key_id: &str) -> bool {
        self.owners().sessions.get(id).is_none_or(|(owner, _)| owner == key_id)
    }

    /// Whether `key_id` may open a session; closes its oldest when it has its limit open.
    pub async fn admit(&self, key_id: &str) -> Admission {
        self.forget_closed().await;
        let oldest = {
            let owners = self.owners();
            let mine: Vec<(&String, u64)> = owners
                .sessions
                .iter()
                .filter(|(_, (owner, _))| owner == key_id)
                .map(|(id, (_, at))| (id, *at))
                .collect();
            if mine.len() >= self.limits.per_key {
                mine.iter().min_by_key(|(_, at)| *at).map(|(id, _)| (*id).clone())
            } else if owners.sessions.len() >= self.limits.total {
                return Admission::Refused(super::http::too_many_sessions(self.limits.total));
            } else {
                None
            }
        };
        if let Some(oldest) = oldest {
            tracing::info!(key_id, session = %oldest, "closing the key's oldest MCP session for a new one");
            self.owners().sessions.remove(&oldest);
            let _ = self.inner.close_session(&SessionId::from(oldest)).await;
        }
        Admission::Admitted
    }

    /// Forgets the sessions the transport has closed.
    async fn forget_closed(&self) {
        let known: Vec<String> = self.owners().sessions.keys().cloned().collect();
        for id in known {
            if !self.inner.has_session(&SessionId::from(id.as_str())).await.unwrap_or(false) {
                self.owners().sessions.remove(&id);
            }
        }
    }

    /// Session `id` was opened by `key_id`.
    pub fn opened(&self, id: &str, key_id: &str) {
        let mut owners = self.owners();
        let at = owners.next;
        owners.next += 1;
        owners.sessions.insert(id.to_owned(), (key_id.to_owned(), at));
    }

    #[cfg(test)]
    fn open(&self) -> usize {
        self.owners().sessions.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_key_at_its_limit_loses_its_oldest_session_and_the_total_is_a_hard_limit() {
        let manager = Arc::new(LocalSessionManager::default());
        let sessions = Sessions::new(Arc::clone(&manager), SessionLimits { per_key: 2, total: 3 });
        let mut transports = Vec::new();
        let open = |key: &'static str| {
            let (sessions, manager) = (&sessions, Arc::clone(&manager));
            async move {
                let admitted = matches!(sessions.admit(key).await, Admission::Admitted);
                let (id, transport) = manager.create_session().await.unwrap();
                sessions.opened(&id, key);
                (admitted, id, transport)
            }
        };
        let (first, a1, transport) = open("a").await;
        transports.push(transport);
        let (second, a2, transport) = open("a").await;
        transports.push(transport);
        assert!(first && second);
        assert!(sessions.belongs_to(&a1, "a") && !sessions.belongs_to(&a1, "b") && sessions.belongs_to("unknown", "b"));
        // A third for `a` closes `a1`, its oldest.
        let (third, _, transport) = open("a").await;
        transports.push(transport);
        assert!(third);
        assert!(!manager.has_session(&a1).await.unwrap() && manager.has_session(&a2).await.unwrap());
        assert_eq!(sessions.open(), 2);
        let (fourth, _, transport) = open("b").await;
        transports.push(transport);
        assert!(fourth);
        // Three open in all: `c` is refused; `a`, at its own limit, replaces its oldest.
        assert!(matches!(sessions.admit("c").await, Admission::Refused(_)));
        assert!(matches!(sessions.admit("a").await, Admission::Admitted));
        assert!(!manager.has_session(&a2).await.unwrap());
    }
}
