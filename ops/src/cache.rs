//! `ctx.cache`: a best-effort key/value cache that outlives a call, never the source of truth
//! (contract §5). Two stores behind [`CacheStore`]:
//!
//! - [`SqliteCache`]: persistent (SQLite file), the CLI's default, so entries outlive a run;
//! - [`MemoryCache`]: in-process (moka), bounded by size, for embedders and servers.
//!
//! Entries are keyed by toolkit namespace **and** user id ([`CacheScope`]): one toolkit never
//! sees another's entries, one user never sees another's. [`CacheLimits`] bound key, value and
//! total size; when the total is exceeded, expired entries go first, then the oldest.

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

/// Whose entries: the toolkit's id and the call's user id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CacheScope {
    /// Manifest id.
    pub toolkit: String,
    /// The call's user id.
    pub user: String,
}

/// Size and time bounds of a cache. Defaults: keys ≤ 512 bytes, values ≤ 1 MiB, TTL ≤ 30
/// days, total (keys + values) ≤ 64 MiB.
#[derive(Debug, Clone, Copy)]
pub struct CacheLimits {
    /// Largest key, in bytes (UTF-8).
    pub max_key_bytes: usize,
    /// Largest value, in bytes (UTF-8).
    pub max_value_bytes: usize,
    /// Longest time to live; longer TTLs are clamped.
    pub max_ttl: Duration,
    /// Total bytes of keys and values across all scopes; beyond it, entries are evicted.
    pub max_total_bytes: u64,
}

impl Default for CacheLimits {
    fn default() -> Self {
        Self {
            max_key_bytes: 512,
            max_value_bytes: 1024 * 1024,
            max_ttl: Duration::from_secs(30 * 24 * 3600),
            max_total_bytes: 64 * 1024 * 1024,
        }
    }
}

/// Why a `put` was not stored. The toolkit's promise rejects with this message.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum CacheError {
    /// Key empty or over [`CacheLimits::max_key_bytes`].
    #[error("ctx.cache: key must be a non-empty string of at most {0} bytes")]
    BadKey(usize),
    /// Value over [`CacheLimits::max_value_bytes`].
    #[error("ctx.cache: value is larger than {0} bytes")]
    ValueTooLarge(usize),
    /// TTL not a positive number of seconds.
    #[error("ctx.cache: ttlSeconds must be a positive number")]
    BadTtl,
    /// The store failed (the cache is best effort; the toolkit may ignore this).
    #[error("ctx.cache: {0}")]
    Store(String),
}

/// A cache store. `now` is passed in so expiry is testable without sleeping; ops pass the
/// wall clock (not the call's injected clock: the cache outlives the call).
pub trait CacheStore: Send + Sync {
    /// The live value of `key` in `scope`, if any.
    fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String>;
    /// Stores `value` under `key` for `ttl`.
    fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError>;
    /// The limits this store enforces.
    fn limits(&self) -> CacheLimits;
}

/// Checks a `put` against `limits`; returns the TTL to use (clamped).
pub fn validate_put(limits: &CacheLimits, key: &str, value: &str, ttl_seconds: f64) -> Result<Duration, CacheError> {
    if key.is_empty() || key.len() > limits.max_key_bytes {
        return Err(CacheError::BadKey(limits.max_key_bytes));
    }
    if value.len() > limits.max_value_bytes {
        return Err(CacheError::ValueTooLarge(limits.max_value_bytes));
    }
    if !(ttl_seconds.is_finite() && ttl_seconds > 0.0) {
        return Err(CacheError::BadTtl);
    }
    Ok(Duration::from_secs_f64(ttl_seconds).min(limits.max_ttl))
}

fn expiry(now: DateTime<Utc>, ttl: Duration) -> i64 {
    now.timestamp_millis().saturating_add(ttl.as_millis().min(i64::MAX as u128) as i64)
}

/// A persistent cache in one SQLite file.
pub struct SqliteCache {
    conn: Mutex<Connection>,
    limits: CacheLimits,
}

impl SqliteCache {
    /// Opens (creating if needed) the cache at `path`. Errors name the file.
    pub fn open(path: &Path, limits: CacheLimits) -> Result<Self, String> {
        let conn = crate::sqlite::open(
            path,
            "cache",
            // Best effort, never the source of truth: WAL with synchronous=NORMAL never corrupts,
            // and may drop the last writes on power loss, which a cache can afford.
            "PRAGMA synchronous=NORMAL;
             CREATE TABLE IF NOT EXISTS cache_entries (
               toolkit TEXT NOT NULL, user_id TEXT NOT NULL, key TEXT NOT NULL,
               value TEXT NOT NULL, expires_at INTEGER NOT NULL, stored_at INTEGER NOT NULL,
               PRIMARY KEY (toolkit, user_id, key));
             CREATE INDEX IF NOT EXISTS cache_entries_stored ON cache_entries(stored_at);",
        )?;
        Ok(Self { conn: Mutex::new(conn), limits })
    }

    fn evict(conn: &Connection, limits: &CacheLimits, now: DateTime<Utc>) -> rusqlite::Result<()> {
        let total = |c: &Connection| -> rusqlite::Result<i64> {
            c.query_row("SELECT COALESCE(SUM(length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))), 0) FROM cache_entries", [], |r| r.get(0))
        };
        if (total(conn)? as u64) <= limits.max_total_bytes {
            return Ok(());
        }
        conn.execute("DELETE FROM cache_entries WHERE expires_at <= ?1", params![now.timestamp_millis()])?;
        while (total(conn)? as u64) > limits.max_total_bytes {
            let removed = conn.execute(
                "DELETE FROM cache_entries WHERE rowid IN (SELECT rowid FROM cache_entries ORDER BY stored_at ASC LIMIT 16)",
                [],
            )?;
            if removed == 0 {
                break;
            }
        }
        Ok(())
    }
}

impl CacheStore for SqliteCache {
    fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
        let conn = self.conn.lock().ok()?;
        conn.query_row(
            "SELECT value FROM cache_entries WHERE toolkit = ?1 AND user_id = ?2 AND key = ?3 AND expires_at > ?4",
            params![scope.toolkit, scope.user, key, now.timestamp_millis()],
            |r| r.get(0),
        )
        .optional()
        .ok()
        .flatten()
    }

    fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
        let conn = self.conn.lock().map_err(|_| CacheError::Store("cache lock poisoned".into()))?;
        conn.execute(
            "INSERT INTO cache_entries (toolkit, user_id, key, value, expires_at, stored_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (toolkit, user_id, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, stored_at = excluded.stored_at",
            params![scope.toolkit, scope.user, key, value, expiry(now, ttl), now.timestamp_millis()],
        )
        .map_err(|e| CacheError::Store(e.to_string()))?;
        Self::evict(&conn, &self.limits, now).map_err(|e| CacheError::Store(e.to_string()))
    }

    fn limits(&self) -> CacheLimits {
        self.limits
    }
}

#[derive(Clone)]
struct MemoryEntry {
    value: String,
    expires_at: i64,
}

/// An in-memory cache (moka), bounded by [`CacheLimits::max_total_bytes`]; moka evicts by
/// its TinyLFU policy when full, and expired entries are never returned.
pub struct MemoryCache {
    entries: moka::sync::Cache<(CacheScope, String), MemoryEntry>,
    limits: CacheLimits,
}

impl MemoryCache {
    /// An empty cache with `limits`.
    pub fn new(limits: CacheLimits) -> Self {
        let entries = moka::sync::Cache::builder()
            .max_capacity(limits.max_total_bytes)
            .weigher(|k: &(CacheScope, String), v: &MemoryEntry| {
                u32::try_from(k.1.len() + v.value.len()).unwrap_or(u32::MAX)
            })
            .build();
        Self { entries, limits }
    }

    /// Runs moka's pending maintenance (evictions), for tests that check the bound.
    pub fn run_pending_tasks(&self) {
        self.entries.run_pending_tasks();
    }
}

impl CacheStore for MemoryCache {
    fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
        let k = (scope.clone(), key.to_owned());
        let entry = self.entries.get(&k)?;
        if entry.expires_at > now.timestamp_millis() {
            Some(entry.value)
        } else {
            self.entries.invalidate(&k);
            None
        }
    }

    fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
        self.entries.insert((scope.clone(), key.to_owned()), MemoryEntry { value: value.to_owned(), expires_at: expiry(now, ttl) });
        Ok(())
    }

    fn limits(&self) -> CacheLimits {
        self.limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope(t: &str, u: &str) -> CacheScope {
        CacheScope { toolkit: t.into(), user: u.into() }
    }

    fn t0() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z").unwrap().with_timezone(&Utc)
    }

    fn stores(dir: &Path, limits: CacheLimits) -> Vec<Box<dyn CacheStore>> {
        vec![Box::new(SqliteCache::open(&dir.join("c.sqlite"), limits).unwrap()), Box::new(MemoryCache::new(limits))]
    }

    #[test]
    fn hit_miss_expiry_and_scopes() {
        let dir = std::env::temp_dir().join(format!("trove-cache-{}", std::process::id()));
        for store in stores(&dir, CacheLimits::default()) {
            let a = scope("tk", "alice");
            assert_eq!(store.get(&a, "k", t0()), None, "miss");
            store.put(&a, "k", "v", Duration::from_secs(60), t0()).unwrap();
            assert_eq!(store.get(&a, "k", t0()).as_deref(), Some("v"), "hit");
            assert_eq!(store.get(&scope("tk", "bob"), "k", t0()), None, "another user");
            assert_eq!(store.get(&scope("other", "alice"), "k", t0()), None, "another toolkit");
            let later = t0() + chrono::Duration::seconds(61);
            assert_eq!(store.get(&a, "k", later), None, "expired");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn sqlite_evicts_oldest_beyond_total() {
        let dir = std::env::temp_dir().join(format!("trove-cache-evict-{}", std::process::id()));
        let limits = CacheLimits { max_total_bytes: 3000, ..CacheLimits::default() };
        let store = SqliteCache::open(&dir.join("c.sqlite"), limits).unwrap();
        let s = scope("tk", "u");
        for i in 0..10 {
            let at = t0() + chrono::Duration::seconds(i);
            store.put(&s, &format!("k{i}"), &"x".repeat(500), Duration::from_secs(3600), at).unwrap();
        }
        let now = t0() + chrono::Duration::seconds(10);
        assert_eq!(store.get(&s, "k0", now), None, "oldest evicted");
        assert!(store.get(&s, "k9", now).is_some(), "newest kept");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn limits_are_enforced() {
        let l = CacheLimits::default();
        assert_eq!(validate_put(&l, "", "v", 1.0), Err(CacheError::BadKey(512)));
        assert_eq!(validate_put(&l, &"k".repeat(513), "v", 1.0), Err(CacheError::BadKey(512)));
        assert_eq!(validate_put(&l, "k", &"v".repeat(1024 * 1024 + 1), 1.0), Err(CacheError::ValueTooLarge(1024 * 1024)));
        assert_eq!(validate_put(&l, "k", "v", 0.0), Err(CacheError::BadTtl));
        assert_eq!(validate_put(&l, "k", "v", 1e12).unwrap(), l.max_ttl);
    }
}
