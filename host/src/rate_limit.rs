//! Rate limits: per API key and endpoint group, over a true sliding window.
//!
//! Each key and group has a log of the times its admitted requests arrived. A request
//! is admitted when fewer than `limit` admissions lie within the last window length;
//! then its arrival time joins the log. Nothing is bucketed, so no burst of twice the
//! limit can straddle a bucket boundary: any window-long interval holds at most `limit`
//! admitted requests. Rejected requests are not logged, so a client that waits the
//! `Retry-After` it was given is admitted.
//!
//! Where the log lives depends on the deployment, so that admissions are exact in both:
//! - one server on SQLite: in this process, behind one mutex;
//! - servers sharing PostgreSQL: in the `rate_limit_log` table, one admission at a time
//!   per key and group (a transaction-scoped advisory lock, in one database function
//!   call), timed by the database's clock so that replicas whose clocks differ still
//!   agree on the window.
//!
//! Both decide with the same function (`decide`) over the log's times.

use crate::store::db::{Backend, Db, Watched, bump_version};
use anyhow::bail;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The endpoint groups limits are counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    Classify,
    Check,
    Courts,
    Judges,
    Rules,
    Holidays,
    ExtractedRules,
    Profile,
    Documents,
    Index,
    /// `POST /deadlines` and the time rules.
    Deadlines,
    /// Tool calls to the MCP server (`/mcp`, `courtrules mcp` counts none).
    Mcp,
    /// An organisation's standing-order drafts and layers (reading a document counts
    /// against `classify`).
    Layers,
}

impl Group {
    pub const ALL: [Group; 13] = [
        Group::Classify,
        Group::Check,
        Group::Courts,
        Group::Judges,
        Group::Rules,
        Group::Holidays,
        Group::ExtractedRules,
        Group::Profile,
        Group::Documents,
        Group::Index,
        Group::Deadlines,
        Group::Mcp,
        Group::Layers,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Group::Classify => "classify",
            Group::Check => "check",
            Group::Courts => "courts",
            Group::Judges => "judges",
            Group::Rules => "rules",
            Group::Holidays => "holidays",
            Group::ExtractedRules => "extracted_rules",
            Group::Profile => "profile",
            Group::Documents => "documents",
            Group::Index => "index",
            Group::Deadlines => "deadlines",
            Group::Mcp => "mcp",
            Group::Layers => "layers",
        }
    }

    pub fn parse(name: &str) -> Option<Group> {
        Group::ALL.into_iter().find(|group| group.name() == name)
    }

    /// Requests per minute a key gets unless `keys limits` raised (or lowered) it. The
    /// first five are the spec's; the others are ours (`docs/server.md` says why).
    pub fn default_limit(self) -> u32 {
        match self {
            Group::Classify => 5,
            Group::Check => 60,
            Group::Courts | Group::Judges | Group::Rules => 300,
            Group::Holidays | Group::Index => 300,
            Group::ExtractedRules | Group::Profile => 120,
            Group::Documents => 60,
            // As many as checks: a deadline is computed about as often as a brief checked.
            Group::Deadlines => 60,
            // A conversation with an assistant makes a few calls per question.
            Group::Mcp => 120,
            // Reviewing a layer is a person's work: a few calls a minute.
            Group::Layers => 60,
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A key's own limits, where they differ from the defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyLimits(BTreeMap<Group, u32>);

impl KeyLimits {
    pub fn limit(&self, group: Group) -> u32 {
        self.0.get(&group).copied().unwrap_or_else(|| group.default_limit())
    }

    pub fn is_default(&self, group: Group) -> bool {
        !self.0.contains_key(&group)
    }
}

/// What the limiter decided about one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub admitted: bool,
    pub limit: u32,
    /// Requests the key may still make in the window after this one.
    pub remaining: u32,
    /// Unix time (seconds, rounded up) at which the oldest request now counted leaves
    /// the window and so frees a slot.
    pub reset_epoch_seconds: u64,
    /// For a rejected request: whole seconds until a slot is free (at least 1).
    pub retry_after_seconds: u64,
}

/// The sliding log of admissions, in this process or in the shared database.
pub struct Limiter {
    window: Duration,
    /// Times are kept as milliseconds on the monotonic clock since `started`, so a
    /// change of the wall clock cannot open or close a window.
    started: Instant,
    started_epoch_ms: u64,
    logs: Mutex<HashMap<(String, Group), VecDeque<u64>>>,
    /// The database holding the log when servers share one (PostgreSQL).
    shared: Option<Db>,
}

impl Limiter {
    /// A limiter whose log is in this process.
    pub fn new(window: Duration) -> Limiter {
        crate::metrics::get().rate_limit_groups(Group::ALL.map(Group::name));
        let started_epoch_ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64);
        Limiter {
            window: window.max(Duration::from_millis(1)),
            started: Instant::now(),
            started_epoch_ms,
            logs: Mutex::new(HashMap::new()),
            shared: None,
        }
    }

    /// The limiter for servers using `db`: the log in the database when it is one that
    /// several servers can share, in this process otherwise.
    pub fn for_database(window: Duration, db: &Db) -> Limiter {
        let shared = (db.backend() == Backend::Postgres).then(|| db.clone());
        Limiter { shared, ..Limiter::new(window) }
    }

    pub fn window(&self) -> Duration {
        self.window
    }

    /// Admits or rejects one request of `key_id` in `group`, now.
    pub async fn admit(&self, key_id: &str, group: Group, limit: u32) -> anyhow::Result<Decision> {
        let decision = match &self.shared {
            Some(db) => self.admit_shared(db, key_id, group, limit).await?,
            None => self.admit_at(key_id, group, limit, self.started.elapsed().as_millis() as u64),
        };
        if !decision.admitted {
            crate::metrics::get().rate_limited(group.name());
        }
        Ok(decision)
    }

    fn admit_at(&self, key_id: &str, group: Group, limit: u32, now: u64) -> Decision {
        let window = self.window.as_millis() as u64;
        let mut logs = self.logs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let log = logs.entry((key_id.to_owned(), group)).or_default();
        // An admission at time t counts while now < t + window.
        while log.front().is_some_and(|&oldest| oldest + window <= now) {
            log.pop_front();
        }
        let decision = decide(Window::of(log, limit), limit, now, window, self.started_epoch_ms);
        if decision.admitted {
            log.push_back(now);
        }
        decision
    }

    /// One admission against the table, in one round trip: the database function
    /// `courtrules_admit` (migrations/postgres/0009) takes an advisory lock on the key and
    /// group — so concurrent admissions, from any server, happen one after another —
    /// logs the request if fewer than `limit` are in the window, and returns the window
    /// as it found it; the decision and headers are computed here from that.
    async fn admit_shared(&self, db: &Db, key_id: &str, group: Group, limit: u32) -> anyhow::Result<Decision> {
        let window = self.window.as_millis() as i64;
        let (now, in_window, frees_slot): (i64, i64, Option<i64>) =
            sqlx::query_as("SELECT now_ms, in_window, frees_slot_ms FROM courtrules_admit($1, $2, $3, $4)")
                .bind(key_id)
                .bind(group.name())
                .bind(i64::from(limit))
                .bind(window)
                .fetch_one(db.pool())
                .await?;
        let window =
            Window { admitted: in_window.max(0) as usize, frees_slot: frees_slot.map(|time| time.max(0) as u64) };
        Ok(decide(window, limit, now.max(0) as u64, self.window.as_millis() as u64, 0))
    }

    /// Drops the logs whose admissions have all left the window (called periodically,
    /// so keys that stopped calling do not hold memory or rows).
    pub async fn sweep(&self) -> anyhow::Result<()> {
        if let Some(db) = &self.shared {
            sqlx::query(
                "DELETE FROM rate_limit_log
                 WHERE admitted_at_ms <= CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT) - $1",
            )
            .bind(self.window.as_millis() as i64)
            .execute(db.pool())
            .await?;
            return Ok(());
        }
        let now = self.started.elapsed().as_millis() as u64;
        let window = self.window.as_millis() as u64;
        let mut logs = self.logs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        logs.retain(|_, log| log.back().is_some_and(|&newest| newest + window > now));
        Ok(())
    }
}

/// What a decision needs to know of the window (its admissions that have not left it).
struct Window {
    /// How many it holds before this request.
    admitted: usize,
    /// When the next slot frees: the oldest admission plus the window length marks it.
    /// Which admission that is depends on the outcome — the oldest when this request is
    /// admitted; when refused, the one whose departure brings the window under the
    /// limit (the limit-th newest: with limits lowered the window may hold more).
    frees_slot: Option<u64>,
}

impl Window {
    /// The window of an in-process log (times ascending, those that left it dropped).
    fn of(log: &VecDeque<u64>, limit: u32) -> Window {
        let index = if log.len() < limit as usize { 0 } else { log.len() - limit as usize };
        Window { admitted: log.len(), frees_slot: log.get(index).copied() }
    }
}

/// Decides one request at `now` (milliseconds; `epoch_ms` is the Unix time of time 0):
/// admitted when the window holds fewer than `limit` admissions.
fn decide(window: Window, limit: u32, now: u64, window_ms: u64, epoch_ms: u64) -> Decision {
    let admitted = (window.admitted as u64) < u64::from(limit);
    let after = window.admitted + usize::from(admitted);
    // Admitted into an empty window, this request is itself the oldest.
    let frees_at = window.frees_slot.map_or(now, |oldest| oldest) + window_ms;
    Decision {
        admitted,
        limit,
        remaining: limit.saturating_sub(after as u32),
        reset_epoch_seconds: (epoch_ms + frees_at).div_ceil(1000),
        retry_after_seconds: if admitted { 0 } else { frees_at.saturating_sub(now).div_ceil(1000).max(1) },
    }
}

/// The limits stored for a key (rows of `api_key_limits`).
pub async fn key_limits(db: &Db, key_id: &str) -> anyhow::Result<KeyLimits> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT route_group, per_window FROM api_key_limits WHERE key_id = $1")
            .bind(key_id)
            .fetch_all(db.pool())
            .await?;
    let mut limits = BTreeMap::new();
    for (name, per_window) in rows {
        // A group this version does not know (written by a newer one) is ignored.
        if let Some(group) = Group::parse(&name) {
            limits.insert(group, u32::try_from(per_window).unwrap_or(u32::MAX));
        }
    }
    Ok(KeyLimits(limits))
}

/// Sets (`Some`) or resets to the default (`None`) a key's limit for some groups.
/// False when there is no such key.
pub async fn set_key_limits(db: &Db, key_id: &str, groups: &[Group], per_window: Option<u32>) -> anyhow::Result<bool> {
    if per_window == Some(0) {
        bail!("--per-minute must be at least 1 (revoke the key to block it)");
    }
    let mut tx = db.begin_write().await?;
    let exists: Option<(String,)> =
        sqlx::query_as("SELECT id FROM api_keys WHERE id = $1").bind(key_id).fetch_optional(&mut *tx).await?;
    if exists.is_none() {
        return Ok(false);
    }
    for group in groups {
        sqlx::query("DELETE FROM api_key_limits WHERE key_id = $1 AND route_group = $2")
            .bind(key_id)
            .bind(group.name())
            .execute(&mut *tx)
            .await?;
        if let Some(per_window) = per_window {
            sqlx::query("INSERT INTO api_key_limits (key_id, route_group, per_window) VALUES ($1, $2, $3)")
                .bind(key_id)
                .bind(group.name())
                .bind(i64::from(per_window))
                .execute(&mut *tx)
                .await?;
        }
    }
    // Servers drop their key caches on this, so the new limits apply within a refresh.
    bump_version(&mut tx, Watched::Keys).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limiter(window_ms: u64) -> Limiter {
        Limiter::new(Duration::from_millis(window_ms))
    }

    #[test]
    fn admits_up_to_the_limit_within_a_window() {
        let limiter = limiter(1000);
        let decisions: Vec<Decision> = (0..4).map(|i| limiter.admit_at("k", Group::Check, 3, 10 * i)).collect();
        assert_eq!(decisions.iter().filter(|d| d.admitted).count(), 3);
        assert_eq!(decisions.iter().map(|d| d.remaining).collect::<Vec<_>>(), vec![2, 1, 0, 0]);
        let rejected = decisions[3];
        // The first admission (t = 0) frees its slot at t = 1000: 970 ms away.
        assert_eq!(rejected.retry_after_seconds, 1);
    }

    #[test]
    fn the_window_slides_rather_than_resetting() {
        let limiter = limiter(1000);
        // Two at t=0, one at t=600: full. A fixed one-second bucket would reopen at
        // t=1000 for three more; the sliding window frees only the two from t=0.
        assert!(limiter.admit_at("k", Group::Courts, 3, 0).admitted);
        assert!(limiter.admit_at("k", Group::Courts, 3, 0).admitted);
        assert!(limiter.admit_at("k", Group::Courts, 3, 600).admitted);
        assert!(!limiter.admit_at("k", Group::Courts, 3, 999).admitted);
        assert!(limiter.admit_at("k", Group::Courts, 3, 1000).admitted);
        assert!(limiter.admit_at("k", Group::Courts, 3, 1001).admitted);
        let third = limiter.admit_at("k", Group::Courts, 3, 1002);
        assert!(!third.admitted, "the request from t=600 still counts until t=1600");
        assert_eq!(third.retry_after_seconds, 1);
        assert!(limiter.admit_at("k", Group::Courts, 3, 1600).admitted);
    }

    #[test]
    fn keys_and_groups_are_counted_apart() {
        let limiter = limiter(60_000);
        assert!(limiter.admit_at("a", Group::Check, 1, 0).admitted);
        assert!(!limiter.admit_at("a", Group::Check, 1, 1).admitted);
        assert!(limiter.admit_at("b", Group::Check, 1, 1).admitted);
        assert!(limiter.admit_at("a", Group::Courts, 1, 1).admitted);
    }

    #[test]
    fn retry_after_counts_whole_seconds_to_the_freed_slot() {
        let limiter = limiter(60_000);
        assert!(limiter.admit_at("k", Group::Classify, 1, 0).admitted);
        let rejected = limiter.admit_at("k", Group::Classify, 1, 15_500);
        assert_eq!(rejected.retry_after_seconds, 45);
        assert_eq!(rejected.remaining, 0);
    }

    #[test]
    fn a_lowered_limit_waits_until_the_log_is_under_it() {
        let limiter = limiter(1000);
        for t in 0..5 {
            assert!(limiter.admit_at("k", Group::Check, 10, t * 100).admitted);
        }
        // Limit now 2: the log holds five (t = 0 … 400); the four up to t = 300 must leave.
        let rejected = limiter.admit_at("k", Group::Check, 2, 500);
        assert!(!rejected.admitted);
        assert_eq!(rejected.retry_after_seconds, 1); // 800 ms
        assert!(!limiter.admit_at("k", Group::Check, 2, 1199).admitted);
        assert!(limiter.admit_at("k", Group::Check, 2, 1300).admitted);
    }

    #[test]
    fn sweeping_forgets_idle_keys_only() {
        let limiter = limiter(1);
        limiter.admit_at("idle", Group::Check, 5, 0);
        std::thread::sleep(Duration::from_millis(5));
        tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(limiter.sweep()).unwrap();
        assert!(limiter.logs.lock().unwrap().is_empty());
    }

    #[test]
    fn every_group_has_a_name_that_parses_back() {
        for group in Group::ALL {
            assert_eq!(Group::parse(group.name()), Some(group));
        }
    }
}
