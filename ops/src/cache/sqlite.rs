//! The persistent store: one SQLite file (the CLI's default, `$TROVE_HOST_HOME/cache.sqlite`).
//! Beyond the total size, expired entries go first, then the oldest stored.

use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

use super::{expiry, CacheError, CacheLimits, CacheScope, CacheStore};

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

#[async_trait::async_trait]
impl CacheStore for SqliteCache {
    async fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
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

    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
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

