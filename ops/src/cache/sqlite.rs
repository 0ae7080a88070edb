//! The persistent store: one SQLite file (the CLI's default, `$TROVE_HOST_HOME/cache.sqlite`).
//! Each toolkit has the whole budget ([`CacheLimits::max_total_bytes`]) to itself: beyond it,
//! its own expired entries go first, then its own oldest stored.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

use super::{expiry, CacheError, CacheLimits, CacheScope, CacheStore};

/// The revision of the file's schema this build writes (`PRAGMA user_version`):
/// - 0: earlier builds; each toolkit's total weighed an entry's key and value.
/// - 1: it weighs the user id too, as the in-memory store does: a caller choosing huge user ids
///   (`serve` takes the call's) cannot store more than the budget.
const SCHEMA_VERSION: i64 = 1;

/// What an entry weighs against its toolkit's budget, in bytes (`OLD.` or `NEW.` prefixed).
macro_rules! weight {
    ($row:literal) => {
        concat!(
            "length(CAST(", $row, "user_id AS BLOB)) + length(CAST(", $row, "key AS BLOB)) + length(CAST(", $row, "value AS BLOB))"
        )
    };
}

/// Brings a file written by an earlier build to [`SCHEMA_VERSION`] ([`crate::sqlite::migrate`]):
/// the triggers that keep each toolkit's total are made again with today's weight, and the
/// totals recomputed from the table. A file from a later build is left as it is (its triggers
/// keep its totals).
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    crate::sqlite::migrate(
        conn,
        SCHEMA_VERSION,
        concat!(
            "DROP TRIGGER IF EXISTS cache_toolkit_size_insert;
             DROP TRIGGER IF EXISTS cache_toolkit_size_update;
             DROP TRIGGER IF EXISTS cache_toolkit_size_delete;
             CREATE TRIGGER cache_toolkit_size_insert AFTER INSERT ON cache_entries BEGIN
               INSERT INTO cache_toolkit_size (toolkit, bytes) VALUES (NEW.toolkit, ", weight!("NEW."), ")
                 ON CONFLICT (toolkit) DO UPDATE SET bytes = bytes + excluded.bytes;
             END;
             CREATE TRIGGER cache_toolkit_size_update AFTER UPDATE ON cache_entries BEGIN
               UPDATE cache_toolkit_size SET bytes = bytes - (", weight!("OLD."), ") WHERE toolkit = OLD.toolkit;
               UPDATE cache_toolkit_size SET bytes = bytes + (", weight!("NEW."), ") WHERE toolkit = NEW.toolkit;
             END;
             CREATE TRIGGER cache_toolkit_size_delete AFTER DELETE ON cache_entries BEGIN
               UPDATE cache_toolkit_size SET bytes = bytes - (", weight!("OLD."), ") WHERE toolkit = OLD.toolkit;
             END;
             DELETE FROM cache_toolkit_size;
             INSERT INTO cache_toolkit_size (toolkit, bytes) SELECT toolkit, SUM(", weight!(""), ") FROM cache_entries GROUP BY toolkit;"
        ),
    )
}

/// A persistent cache in one SQLite file.
pub struct SqliteCache {
    pub(super) conn: Mutex<Connection>,
    limits: CacheLimits,
    path: PathBuf,
    /// The file `conn` opened (device, inode), to tell whether the file at `path` is still the
    /// one found damaged, or one another process has already made in its place. Locked only
    /// while `conn` is.
    file: Mutex<Option<(u64, u64)>>,
}

/// The device and inode of the file at `path`, if there is one.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}


impl SqliteCache {
    /// Opens (creating if needed) the cache at `path`.
    ///
    /// A file SQLite finds damaged (not a database, or corrupt: a disk that failed, a copy cut
    /// short) is moved aside to `<path>.damaged` ([`crate::sqlite::move_aside`]) and an empty
    /// cache made in its place, with a warning: a cache is never the source of truth, and
    /// without this every later run would go without `ctx.cache`. (Two processes that find the
    /// same damaged file at once may both move a file aside; the second may move the first's
    /// new, empty cache; the first opens the file then at the path at its next operation,
    /// [`Self::follow`]. A cache can afford that.)
    ///
    /// Damage SQLite finds only later (a corrupt page that opening never reads) is handled the
    /// same way when a `get` or `put` meets it ([`Self::recover`]): before, every later `put`
    /// failed with "database disk image is malformed", run after run (review 43).
    ///
    /// # Errors
    /// Naming the file: a folder or file that cannot be made or written, a damaged file that
    /// cannot be moved, or a store that fails again after the move.
    pub fn open(path: &Path, limits: CacheLimits) -> Result<Self, String> {
        match Self::open_file(path, limits) {
            Err(e) if e.damaged => {
                let aside = crate::sqlite::move_aside(path)?;
                tracing::warn!(
                    target: "trove::runtime",
                    "{e}: the damaged file is now {} and an empty cache is made in its place",
                    aside.display()
                );
                Self::open_file(path, limits).map_err(String::from)
            }
            other => other.map_err(String::from),
        }
    }

    fn open_file(path: &Path, limits: CacheLimits) -> Result<Self, crate::sqlite::OpenError> {
        let conn = Self::connect(path)?;
        Ok(Self { conn: Mutex::new(conn), limits, path: path.to_owned(), file: Mutex::new(identity(path)) })
    }

    /// Opens the file at `path` and brings its schema to this build's.
    fn connect(path: &Path) -> Result<Connection, crate::sqlite::OpenError> {
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
             -- What earlier builds kept: one total for the whole file (an index by age and three
             -- triggers each write paid for); the budget is per toolkit now.
             DROP TRIGGER IF EXISTS cache_size_insert;
             DROP TRIGGER IF EXISTS cache_size_update;
             DROP TRIGGER IF EXISTS cache_size_delete;
             DROP TABLE IF EXISTS cache_size;
             DROP INDEX IF EXISTS cache_entries_stored;
             -- The total bytes of each toolkit's entries (every user's), kept by triggers in the
             -- same transaction as each write (so processes sharing the file agree), instead of
             -- summing the table on every put. The budget is each toolkit's, so one toolkit
             -- cannot evict another's entries (as in the Redis store). The triggers come from
             -- `migrate`.
             CREATE TABLE IF NOT EXISTS cache_toolkit_size (toolkit TEXT PRIMARY KEY, bytes INTEGER NOT NULL);
             CREATE INDEX IF NOT EXISTS cache_entries_toolkit_stored ON cache_entries(toolkit, stored_at);",
        )?;
        migrate(&conn).map_err(|e| crate::sqlite::OpenError::sqlite(format!("cannot prepare cache {}: {e}", path.display()), &e))?;
        Ok(conn)
    }

    /// After SQLite said the open file is damaged (`error`, from a `get` or a `put`): moves it
    /// aside as [`Self::open`] does and puts a connection to a new, empty cache in `conn`'s
    /// place. Returns whether `conn` is now a new cache, to try the operation once more on.
    ///
    /// The file is moved only if it is still the one `conn` opened: when another process sharing
    /// the file met the damage first and has already made a new cache in its place, that cache
    /// is opened, not moved aside; if that process is still making it (a lock SQLite does not
    /// wait for), opening is tried again ([`Self::reconnect`]). Failing to move or open
    /// leaves `conn` as it was (and the operation's error stands), with a warning naming why.
    fn recover(&self, conn: &mut Connection, error: &rusqlite::Error) -> bool {
        let mut file = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let path = &self.path;
        if *file == identity(path) {
            match crate::sqlite::move_aside(path) {
                Ok(aside) => tracing::warn!(
                    target: "trove::runtime",
                    "cache {}: {error}: the damaged file is now {} and an empty cache is made in its place",
                    path.display(),
                    aside.display()
                ),
                Err(e) => {
                    tracing::warn!(target: "trove::runtime", "cache {}: {error}, and {e}", path.display());
                    return false;
                }
            }
        }
        match Self::reconnect(path) {
            Ok(new) => {
                *conn = new;
                *file = identity(path);
                true
            }
            Err(e) => {
                tracing::warn!(target: "trove::runtime", "cache {}: {error}, and the new cache failed: {e}", path.display());
                false
            }
        }
    }

    /// Opens the file at `path` again, waiting a little while another process holds a lock
    /// SQLite does not wait for: another process that met damage at the same moment may be
    /// making the new file, and its schema takes such a lock (review 44 saw "database is
    /// locked" within 0.3 ms). Five waits at most, 155 ms in all, on a path only a replaced
    /// file takes.
    fn reconnect(path: &Path) -> Result<Connection, crate::sqlite::OpenError> {
        let mut opened = Self::connect(path);
        for wait_ms in [5, 10, 20, 40, 80] {
            match &opened {
                Err(e) if e.busy => {
                    std::thread::sleep(std::time::Duration::from_millis(wait_ms));
                    opened = Self::connect(path);
                }
                _ => break,
            }
        }
        opened
    }

    /// Before an operation: when the file at `path` is no longer the one `conn` opened (another
    /// process moved a damaged file aside and made a new cache, or a user removed the file to
    /// empty the cache), opens the file now there, so that every process sharing the path uses
    /// the same cache. Before, a long-running `serve` went on reading and writing the file moved
    /// aside, and answered with values a `call` had already replaced in the new one (review 44,
    /// R44-06). One `stat` per operation. Failing to open keeps the old connection, with a
    /// warning; the next operation tries again.
    fn follow(&self, conn: &mut Connection) {
        let mut file = self.file.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = identity(&self.path);
        if now == *file {
            return;
        }
        match Self::reconnect(&self.path) {
            Ok(new) => {
                tracing::info!(target: "trove::runtime", "cache {}: the file was replaced; the new one is opened", self.path.display());
                *conn = new;
                *file = identity(&self.path);
            }
            Err(e) => tracing::warn!(target: "trove::runtime", "cache {}: the file was replaced, and opening the new one failed: {e}", self.path.display()),
        }
    }

    /// The total weight (user id, key and value bytes) of every toolkit's entries, as the
    /// triggers keep it.
    pub fn total_bytes(&self) -> Result<u64, String> {
        let conn = self.conn.lock().map_err(|_| "cache lock poisoned".to_owned())?;
        conn.query_row("SELECT COALESCE(SUM(bytes), 0) FROM cache_toolkit_size", [], |r| r.get::<_, i64>(0))
            .map(|b| b as u64)
            .map_err(|e| e.to_string())
    }

    /// The weight (user id, key and value bytes) of `toolkit`'s entries (every user's), as the
    /// triggers keep it.
    pub fn toolkit_bytes(&self, toolkit: &str) -> Result<u64, String> {
        let conn = self.conn.lock().map_err(|_| "cache lock poisoned".to_owned())?;
        Self::toolkit_total(&conn, toolkit).map(|b| b as u64).map_err(|e| e.to_string())
    }

    fn toolkit_total(conn: &Connection, toolkit: &str) -> rusqlite::Result<i64> {
        conn.query_row("SELECT bytes FROM cache_toolkit_size WHERE toolkit = ?1", params![toolkit], |r| r.get(0)).optional().map(|b| b.unwrap_or(0))
    }

    /// Keeps `toolkit`'s entries within [`CacheLimits::max_total_bytes`]: its expired entries
    /// go first, then its oldest stored. Other toolkits' entries are never touched.
    fn evict(conn: &Connection, limits: &CacheLimits, toolkit: &str, now: DateTime<Utc>) -> rusqlite::Result<()> {
        if (Self::toolkit_total(conn, toolkit)? as u64) <= limits.max_total_bytes {
            return Ok(());
        }
        conn.execute("DELETE FROM cache_entries WHERE toolkit = ?1 AND expires_at <= ?2", params![toolkit, now.timestamp_millis()])?;
        // One at a time, oldest first: reading the total is O(1), so there is no need to
        // delete in batches (which dropped more than needed).
        while (Self::toolkit_total(conn, toolkit)? as u64) > limits.max_total_bytes {
            let removed = conn.execute(
                "DELETE FROM cache_entries WHERE rowid IN (SELECT rowid FROM cache_entries WHERE toolkit = ?1 ORDER BY stored_at ASC LIMIT 1)",
                params![toolkit],
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
    /// A miss when the entry is absent, expired, or SQLite cannot read it. A damaged file is
    /// replaced by an empty cache ([`Self::recover`]): the entry is a miss either way.
    async fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
        let mut conn = self.conn.lock().ok()?;
        self.follow(&mut conn);
        let found = conn
            .query_row(
                "SELECT value FROM cache_entries WHERE toolkit = ?1 AND user_id = ?2 AND key = ?3 AND expires_at > ?4",
                params![scope.toolkit, scope.user, key, now.timestamp_millis()],
                |r| r.get(0),
            )
            .optional();
        match found {
            Ok(value) => value,
            Err(e) => {
                if crate::sqlite::is_damage(&e) {
                    self.recover(&mut *conn, &e);
                }
                None
            }
        }
    }

    /// Stores the entry, then keeps the toolkit's budget ([`Self::evict`]), in one transaction.
    /// On a damaged file the cache is made again ([`Self::recover`]) and the `put` tried once
    /// more on it.
    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
        let mut conn = self.conn.lock().map_err(|_| CacheError::Store("cache lock poisoned".into()))?;
        self.follow(&mut conn);
        let write = |conn: &mut Connection| -> rusqlite::Result<()> {
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO cache_entries (toolkit, user_id, key, value, expires_at, stored_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                 ON CONFLICT (toolkit, user_id, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, stored_at = excluded.stored_at",
                params![scope.toolkit, scope.user, key, value, expiry(now, ttl), now.timestamp_millis()],
            )?;
            Self::evict(&tx, &self.limits, &scope.toolkit, now)?;
            tx.commit()
        };
        match write(&mut *conn) {
            Err(e) if crate::sqlite::is_damage(&e) && self.recover(&mut *conn, &e) => write(&mut *conn),
            other => other,
        }
        .map_err(|e| CacheError::Store(e.to_string()))
    }

    fn limits(&self) -> CacheLimits {
        self.limits
    }
}

