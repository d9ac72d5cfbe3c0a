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

/// A new session's place, held from `initialize`'s admission until the transport has
/// opened it (`opened`) or failed to (dropped): counted against both bounds meanwhile,
/// so `initialize`s racing on one key cannot open more than its bound.
pub struct Reservation<'a> {
    sessions: &'a Sessions,
    key_id: String,
    held: bool,
}

impl Reservation<'_> {
    /// The transport opened session `id` for this reservation's key.
    pub fn opened(mut self, id: &str) {
        let mut owners = self.sessions.owners();
        owners.release(&self.key_id);
        let at = owners.next;
        owners.next += 1;
        owners.sessions.insert(id.to_owned(), (self.key_id.clone(), at));
        self.held = false;
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if self.held {
            self.sessions.owners().release(&self.key_id);
        }
    }
}

/// Who opened each session, and when (a sequence number); and the sessions being opened,
/// by key.
#[derive(Default)]
struct Owners {
    sessions: HashMap<String, (String, u64)>,
    next: u64,
    opening: HashMap<String, usize>,
}

impl Owners {
    fn release(&mut self, key_id: &str) {
        if let Some(count) = self.opening.get_mut(key_id) {
            *count -= 1;
            if *count == 0 {
                self.opening.remove(key_id);
            }
        }
    }

    /// The key's sessions, open and being opened.
    fn of_key(&self, key_id: &str) -> usize {
        self.sessions.values().filter(|(owner, _)| owner == key_id).count()
            + self.opening.get(key_id).copied().unwrap_or(0)
    }

    /// Every session, open and being opened.
    fn in_all(&self) -> usize {
        self.sessions.len() + self.opening.values().sum::<usize>()
    }

    fn at_a_bound(&self, key_id: &str, limits: SessionLimits) -> bool {
        self.of_key(key_id) >= limits.per_key || self.in_all() >= limits.total
    }
}

/// What `admit` decided, the lock held.
enum Decision {
    /// Reserved; close this session of the key's first (its oldest, at its bound).
    Reserved { close: Option<String> },
    /// The key has its bound of sessions being opened right now.
    KeyOpening,
    /// The server has its bound of sessions open.
    Full,
}

/// Why a new session cannot be opened now (the transport answers each with a 503).
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The key is opening `per_key` sessions at once, its bound.
    KeyOpening { per_key: usize },
    /// The server has `total` sessions open, its bound.
    Full { total: usize },
}

/// rmcp's local session manager, and each session's key. (A session that closed —
/// `DELETE`, or 5 minutes idle — is forgotten here when a bound is next reached.)
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

    /// Whether a session of this id was opened here (and not yet forgotten).
    pub fn known(&self, id: &str) -> bool {
        self.owners().sessions.contains_key(id)
    }

    /// Whether session `id` may be used by `key_id`: an unknown id may (the transport
    /// answers it), another key's may not.
    pub fn belongs_to(&self, id: &str, key_id: &str) -> bool {
        self.owners().sessions.get(id).is_none_or(|(owner, _)| owner == key_id)
    }

    /// A place for a new session of `key_id`, or why there is none. At its bound, the
    /// key's oldest session is closed for the new one.
    pub async fn admit(&self, key_id: &str) -> Result<Reservation<'_>, Refused> {
        if self.owners().at_a_bound(key_id, self.limits) {
            // The sessions the transport has closed since may make room.
            self.forget_closed().await;
        }
        match self.reserve(key_id) {
            Decision::Reserved { close } => {
                if let Some(oldest) = close {
                    tracing::info!(key_id, session = %oldest, "closing the key's oldest MCP session for a new one");
                    let _ = self.inner.close_session(&SessionId::from(oldest)).await;
                }
                Ok(Reservation { sessions: self, key_id: key_id.to_owned(), held: true })
            }
            Decision::KeyOpening => Err(Refused::KeyOpening { per_key: self.limits.per_key }),
            Decision::Full => Err(Refused::Full { total: self.limits.total }),
        }
    }

    /// Reserves a place for `key_id` when the bounds allow, the decision and the
    /// reservation under one lock; a key at its bound gives up its oldest open session
    /// (taken out of the map here, closed by the caller).
    fn reserve(&self, key_id: &str) -> Decision {
        let mut owners = self.owners();
        let close = if owners.of_key(key_id) >= self.limits.per_key {
            let oldest = owners
                .sessions
                .iter()
                .filter(|(_, (owner, _))| owner == key_id)
                .min_by_key(|(_, (_, at))| *at)
                .map(|(id, _)| id.clone());
            let Some(oldest) = oldest else {
                return Decision::KeyOpening;
            };
            owners.sessions.remove(&oldest);
            Some(oldest)
        } else if owners.in_all() >= self.limits.total {
            return Decision::Full;
        } else {
            None
        };
        *owners.opening.entry(key_id.to_owned()).or_default() += 1;
        Decision::Reserved { close }
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
                let reservation = sessions.admit(key).await;
                let admitted = reservation.is_ok();
                let (id, transport) = manager.create_session().await.unwrap();
                if let Ok(reservation) = reservation {
                    reservation.opened(&id);
                }
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
        assert_eq!(sessions.admit("c").await.err(), Some(Refused::Full { total: 3 }));
        assert!(sessions.admit("a").await.is_ok());
        assert!(!manager.has_session(&a2).await.unwrap());
    }

    /// Sessions being opened count against both bounds until the transport has opened
    /// them, and a place the transport never used is given back.
    #[tokio::test]
    async fn sessions_being_opened_count_until_they_open_or_fail() {
        let manager = Arc::new(LocalSessionManager::default());
        let sessions = Sessions::new(Arc::clone(&manager), SessionLimits { per_key: 2, total: 3 });
        let first = sessions.admit("a").await.ok().unwrap();
        let second = sessions.admit("a").await.ok().unwrap();
        // Neither has opened: no oldest to close, so a third waits its turn.
        assert_eq!(sessions.admit("a").await.err(), Some(Refused::KeyOpening { per_key: 2 }));
        // `b`'s one place is the last of the three in all; `c` finds the server full.
        let b = sessions.admit("b").await.ok().unwrap();
        assert_eq!(sessions.admit("c").await.err(), Some(Refused::Full { total: 3 }));
        // The transport failed `b`'s initialize: its place is free again.
        drop(b);
        let c = sessions.admit("c").await.ok().unwrap();
        let (id, _transport) = manager.create_session().await.unwrap();
        first.opened(&id);
        assert!(sessions.belongs_to(&id, "a") && !sessions.belongs_to(&id, "c"));
        drop((second, c));
        assert_eq!(sessions.open(), 1);
        assert_eq!(sessions.owners().in_all(), 1);
    }
}
