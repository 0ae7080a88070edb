//! `ctx.cache`: a best-effort key/value cache that outlives a call, never the source of truth
//! (contract §5). Three stores behind [`CacheStore`], one file each:
//!
//! - [`SqliteCache`] (`sqlite.rs`): persistent (SQLite file), the CLI's default, so entries
//!   outlive a run;
//! - [`MemoryCache`] (`memory.rs`): in-process (moka), bounded by size per toolkit, for
//!   embedders and tests;
//! - [`RedisCache`] (`redis.rs`): shared by every host that names the same Redis, for `serve`
//!   fleets behind a load balancer; TTLs are kept by Redis itself.
//!
//! Entries are keyed by toolkit namespace **and** user id ([`CacheScope`]): one toolkit never
//! sees another's entries, one user never sees another's. [`CacheLimits`] bound key, value and
//! total size (checked once, by [`validate_put`], whatever the store).

mod memory;
mod redis;
mod sqlite;

use std::time::Duration;

use chrono::{DateTime, Utc};

pub use self::memory::MemoryCache;
pub use self::redis::RedisCache;
pub use self::sqlite::SqliteCache;

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
    /// Total bytes of one toolkit's entries, all its users' (each weighs its user id, key and
    /// value; Redis counts an estimate of its own memory); beyond it, that
    /// toolkit's entries are evicted, never another's. Every store bounds each toolkit on its
    /// own (Redis: per toolkit namespace, as many hosts and toolkits share one server).
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
    /// TTL not a positive, finite number of seconds.
    #[error("ctx.cache: ttlSeconds must be a positive, finite number of seconds")]
    BadTtl,
    /// The store failed (the cache is best effort; the toolkit may ignore this).
    #[error("ctx.cache: {0}")]
    Store(String),
}

/// A cache store. `now` is passed in so expiry is testable without sleeping; ops pass the
/// wall clock (not the call's injected clock: the cache outlives the call). A store that keeps
/// time itself (Redis) uses `now` only for its bookkeeping and lets the server expire entries.
#[async_trait::async_trait]
pub trait CacheStore: Send + Sync {
    /// The live value of `key` in `scope`, if any. A store that cannot answer misses.
    async fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String>;
    /// Stores `value` under `key` for `ttl` (already checked by [`validate_put`]).
    ///
    /// # Errors
    /// [`CacheError::Store`] when a local store fails; a shared store that is unreachable drops
    /// the write and returns `Ok` (a cache is best effort).
    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError>;
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
    // Any positive number is accepted and clamped: one too large for a Duration (1e20) to the
    // most, one below a millisecond (1e-10, which a Duration would make zero) to one, as every
    // store keeps it (review 40: SQLite and memory had it gone at once, Redis kept it 1 ms).
    Ok(Duration::try_from_secs_f64(ttl_seconds).unwrap_or(limits.max_ttl).max(Duration::from_millis(1)).min(limits.max_ttl))
}

/// When an entry put at `now` for `ttl` expires, in Unix milliseconds: the TTL rounded up to
/// a whole millisecond, so an entry put for less than one (`0.0001` s) is there for one, not
/// already gone.
pub(crate) fn expiry(now: DateTime<Utc>, ttl: Duration) -> i64 {
    let millis = ttl.as_nanos().div_ceil(1_000_000);
    now.timestamp_millis().saturating_add(millis.min(i64::MAX as u128) as i64)
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

    fn stores(dir: &std::path::Path, limits: CacheLimits) -> Vec<Box<dyn CacheStore>> {
        vec![Box::new(SqliteCache::open(&dir.join("c.sqlite"), limits).unwrap()), Box::new(MemoryCache::new(limits))]
    }

    #[tokio::test]
    async fn hit_miss_expiry_and_scopes() {
        let dir = std::env::temp_dir().join(format!("trove-cache-{}", std::process::id()));
        for store in stores(&dir, CacheLimits::default()) {
            let a = scope("tk", "alice");
            assert_eq!(store.get(&a, "k", t0()).await, None, "miss");
            store.put(&a, "k", "v", Duration::from_secs(60), t0()).await.unwrap();
            assert_eq!(store.get(&a, "k", t0()).await.as_deref(), Some("v"), "hit");
            assert_eq!(store.get(&scope("tk", "bob"), "k", t0()).await, None, "another user");
            assert_eq!(store.get(&scope("other", "alice"), "k", t0()).await, None, "another toolkit");
            let later = t0() + chrono::Duration::seconds(61);
            assert_eq!(store.get(&a, "k", later).await, None, "expired");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn sqlite_evicts_oldest_beyond_total() {
        let dir = std::env::temp_dir().join(format!("trove-cache-evict-{}", std::process::id()));
        let limits = CacheLimits { max_total_bytes: 3000, ..CacheLimits::default() };
        let store = SqliteCache::open(&dir.join("c.sqlite"), limits).unwrap();
        let s = scope("tk", "u");
        for i in 0..10 {
            let at = t0() + chrono::Duration::seconds(i);
            store.put(&s, &format!("k{i}"), &"x".repeat(500), Duration::from_secs(3600), at).await.unwrap();
        }
        let now = t0() + chrono::Duration::seconds(10);
        assert_eq!(store.get(&s, "k0", now).await, None, "oldest evicted");
        assert!(store.get(&s, "k9", now).await.is_some(), "newest kept");
        assert!(store.total_bytes().unwrap() <= 3000);
    }

    /// One toolkit writing past the budget evicts only its own entries (a hostile review
    /// flooded the shared file from one toolkit and every other toolkit's entries were gone).
    #[tokio::test]
    async fn sqlite_budget_is_per_toolkit() {
        let dir = std::env::temp_dir().join(format!("trove-cache-per-toolkit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = SqliteCache::open(&dir.join("c.sqlite"), CacheLimits { max_total_bytes: 3000, ..CacheLimits::default() }).unwrap();
        let victim = scope("victim", "alice");
        store.put(&victim, "keep", &"v".repeat(1000), Duration::from_secs(3600), t0()).await.unwrap();
        let flooder = scope("flooder", "mallory");
        for i in 0..20 {
            let at = t0() + chrono::Duration::seconds(1 + i);
            store.put(&flooder, &format!("k{i}"), &"x".repeat(900), Duration::from_secs(3600), at).await.unwrap();
        }
        let now = t0() + chrono::Duration::seconds(30);
        assert!(store.get(&victim, "keep", now).await.is_some(), "another toolkit's flood evicted this one's entry");
        assert_eq!(store.get(&flooder, "k0", now).await, None, "the flooder's oldest went");
        assert!(store.get(&flooder, "k19", now).await.is_some());
        assert!(store.toolkit_bytes("flooder").unwrap() <= 3000);
        assert_eq!(store.toolkit_bytes("victim").unwrap(), 5 + 4 + 1000, "user id, key and value");
        // A huge user id is weighed: it cannot hide a toolkit's entries from its budget.
        for i in 0..20 {
            let at = t0() + chrono::Duration::seconds(40 + i);
            store.put(&scope("tk", &format!("{i}{}", "u".repeat(900))), "k", "v", Duration::from_secs(3600), at).await.unwrap();
        }
        assert!(store.toolkit_bytes("tk").unwrap() <= 3000, "{}", store.toolkit_bytes("tk").unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The in-memory store bounds each toolkit on its own too: a flood from one toolkit leaves
    /// another's entry in place and its own total within the budget.
    #[tokio::test]
    async fn memory_budget_is_per_toolkit() {
        let store = MemoryCache::new(CacheLimits { max_total_bytes: 3000, ..CacheLimits::default() });
        let victim = scope("victim", "alice");
        store.put(&victim, "keep", &"v".repeat(1000), Duration::from_secs(3600), t0()).await.unwrap();
        // Read it so moka's frequency sketch counts it: TinyLFU may refuse a cold newcomer.
        for _ in 0..3 {
            assert!(store.get(&victim, "keep", t0()).await.is_some());
        }
        let flooder = scope("flooder", "mallory");
        for i in 0..20 {
            store.put(&flooder, &format!("k{i}"), &"x".repeat(900), Duration::from_secs(3600), t0()).await.unwrap();
            store.run_pending_tasks();
        }
        assert!(store.get(&victim, "keep", t0()).await.is_some(), "another toolkit's flood evicted this one's entry");
        assert!(store.toolkit_bytes("flooder") <= 3000, "flooder holds {}", store.toolkit_bytes("flooder"));
        assert!(store.toolkit_bytes("flooder") > 2000, "the flooder filled its own budget, not a shared one");
        assert_eq!(store.toolkit_bytes("victim"), 5 + 4 + 1000, "user id, key and value");
        assert_eq!(store.toolkit_bytes("nobody"), 0);
        // A huge user id is weighed: it cannot hide a toolkit's entries from its budget.
        let small = MemoryCache::new(CacheLimits { max_total_bytes: 3000, ..CacheLimits::default() });
        for i in 0..20 {
            small.put(&scope("tk", &format!("{i}{}", "u".repeat(900))), "k", "v", Duration::from_secs(3600), t0()).await.unwrap();
            small.run_pending_tasks();
        }
        assert!(small.toolkit_bytes("tk") <= 3000, "{}", small.toolkit_bytes("tk"));
    }

    /// A damaged cache file (not a database, or a database cut short) is moved aside and an
    /// empty cache made in its place; before, `ctx.cache` was off in every later run. A
    /// directory where the file should be is not a damaged database: it fails as before.
    #[tokio::test]
    async fn a_damaged_sqlite_file_is_moved_aside_and_the_cache_starts_empty() {
        let dir = std::env::temp_dir().join(format!("trove-cache-damaged-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.sqlite");
        let garbage = b"this is not a database, and it is long enough to read a header from".repeat(100);
        std::fs::write(&path, &garbage).unwrap();
        let store = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        let s = scope("tk", "u");
        assert_eq!(store.get(&s, "k", t0()).await, None);
        store.put(&s, "k", "v", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(store.get(&s, "k", t0()).await.as_deref(), Some("v"));
        assert_eq!(std::fs::read(dir.join("c.sqlite.damaged")).unwrap(), garbage, "the damaged file is kept to look at");
        drop(store);

        // A real cache whose pages were cut short by a bad copy: damaged too.
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.len() > 4096, "{}", bytes.len());
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.join(format!("c.sqlite{suffix}")));
        }
        std::fs::write(&path, [&bytes[..100], &vec![0xA5u8; bytes.len() - 100][..]].concat()).unwrap();
        let store = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert_eq!(store.get(&s, "k", t0()).await, None, "the new cache is empty");
        drop(store);

        // A directory where the file should be is not a damaged database: an error naming it.
        let blocked = dir.join("blocked.sqlite");
        std::fs::create_dir_all(&blocked).unwrap();
        let err = SqliteCache::open(&blocked, CacheLimits::default()).err().unwrap();
        assert!(err.contains("blocked.sqlite"), "{err}");
        assert!(blocked.is_dir() && !dir.join("blocked.sqlite.damaged").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Damage SQLite finds only after open (a b-tree page overwritten, which opening never
    /// reads) is handled as damage at open is: the file is moved aside and the `put` that met it
    /// succeeds on a new cache (before, every later `put` failed, run after run; review 43). A
    /// second store on the same file (another process) that meets the damage after the first has
    /// made a new cache opens that cache, and does not move it aside.
    #[tokio::test]
    async fn damage_found_after_open_is_moved_aside_once() {
        let dir = std::env::temp_dir().join(format!("trove-cache-damaged-late-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("c.sqlite");
        let s = scope("tk", "u");
        let store = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        for i in 0..5 {
            store.put(&s, &format!("k{i}"), "v", Duration::from_secs(60), t0()).await.unwrap();
        }
        let (root, page) = {
            let conn = store.conn.lock().unwrap();
            let root: i64 = conn.query_row("SELECT rootpage FROM sqlite_master WHERE name = 'cache_toolkit_size'", [], |r| r.get(0)).unwrap();
            (root, conn.query_row("PRAGMA page_size", [], |r| r.get::<_, i64>(0)).unwrap())
        };
        drop(store); // the last connection's close folds the WAL into the file
        let mut bytes = std::fs::read(&path).unwrap();
        let at = ((root - 1) * page) as usize;
        bytes[at..at + page as usize].fill(0xDE);
        std::fs::write(&path, &bytes).unwrap();

        let first = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        let second = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert!(!dir.join("c.sqlite.damaged").exists(), "opening does not read the damaged page");
        first.put(&s, "a", "1", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(std::fs::read(dir.join("c.sqlite.damaged")).unwrap(), bytes, "the damaged file is kept to look at");
        assert_eq!(first.get(&s, "a", t0()).await.as_deref(), Some("1"));
        assert_eq!(first.get(&s, "k1", t0()).await, None, "the new cache is empty");

        second.put(&s, "b", "2", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(std::fs::read(dir.join("c.sqlite.damaged")).unwrap(), bytes, "the new cache was not moved aside");
        assert_eq!(first.get(&s, "b", t0()).await.as_deref(), Some("2"), "both write the new cache");
        assert_eq!(second.get(&s, "a", t0()).await.as_deref(), Some("1"));
        assert_eq!(first.toolkit_bytes("tk").unwrap(), 6, "its total counts both entries (user, key and value: 3 bytes each)");
        drop((first, second));

        // A `get` that meets damage is a miss, and the file is moved aside too.
        let root = {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.query_row("SELECT rootpage FROM sqlite_master WHERE name = 'cache_entries'", [], |r| r.get::<_, i64>(0)).unwrap()
        };
        let mut bytes = std::fs::read(&path).unwrap();
        let at = ((root - 1) * page) as usize;
        bytes[at..at + page as usize].fill(0xDE);
        std::fs::write(&path, &bytes).unwrap();
        let store = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert_eq!(store.get(&s, "a", t0()).await, None);
        assert_eq!(std::fs::read(dir.join("c.sqlite.damaged")).unwrap(), bytes);
        store.put(&s, "c", "3", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(store.get(&s, "c", t0()).await.as_deref(), Some("3"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A store whose file another process replaced (moved aside after meeting damage, or a user
    /// removed it to empty the cache) opens the file now at the path at its next operation:
    /// before, a long-running `serve` went on answering from the file moved aside, with values a
    /// `call` had already replaced in the new one (review 44, R44-06).
    #[tokio::test]
    async fn a_store_follows_its_file_when_another_process_replaces_it() {
        let dir = std::env::temp_dir().join(format!("trove-cache-replaced-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("c.sqlite");
        let s = scope("tk", "u");
        let serving = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        serving.put(&s, "a", "old", Duration::from_secs(60), t0()).await.unwrap();

        crate::sqlite::move_aside(&path).unwrap();
        let other = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        other.put(&s, "a", "new", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(serving.get(&s, "a", t0()).await.as_deref(), Some("new"), "it reads the file now at the path");
        serving.put(&s, "b", "from serving", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(other.get(&s, "b", t0()).await.as_deref(), Some("from serving"), "and writes it");

        drop(other);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.join(format!("c.sqlite{suffix}")));
        }
        assert_eq!(serving.get(&s, "a", t0()).await, None, "a removed file is an empty cache");
        serving.put(&s, "c", "3", Duration::from_secs(60), t0()).await.unwrap();
        assert!(path.exists(), "the cache is made again at its path");
        let later = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert_eq!(later.get(&s, "c", t0()).await.as_deref(), Some("3"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The running total the eviction reads is the table's sum after inserts, overwrites
    /// (larger and smaller), evictions, and a reopen of a file written before it existed.
    #[tokio::test]
    async fn sqlite_total_follows_every_write() {
        let dir = std::env::temp_dir().join(format!("trove-cache-total-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("c.sqlite");
        let sum = |store: &SqliteCache| -> u64 {
            let conn = store.conn.lock().unwrap();
            conn.query_row(
                "SELECT COALESCE(SUM(length(CAST(user_id AS BLOB)) + length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))), 0) FROM cache_entries",
                [],
                |r| r.get::<_, i64>(0),
            )
            .unwrap() as u64
        };
        let store = SqliteCache::open(&path, CacheLimits { max_total_bytes: 2000, ..CacheLimits::default() }).unwrap();
        let s = scope("tk", "u");
        for (i, (key, len)) in [("a", 100), ("b", 700), ("a", 10), ("é", 300), ("b", 900), ("c", 800)].into_iter().enumerate() {
            store.put(&s, key, &"v".repeat(len), Duration::from_secs(60), t0() + chrono::Duration::seconds(i as i64)).await.unwrap();
            assert_eq!(store.total_bytes().unwrap(), sum(&store), "after put {i}");
            assert_eq!(store.toolkit_bytes("tk").unwrap(), sum(&store), "toolkit's, after put {i}");
            assert!(store.total_bytes().unwrap() <= 2000, "after put {i}");
        }
        drop(store);
        // A file from before the running totals per toolkit (with the file-wide total earlier
        // builds kept, schema revision 0): the totals are filled in from the table, the old one
        // is dropped.
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "DROP TABLE cache_toolkit_size; DROP TRIGGER cache_toolkit_size_insert; DROP TRIGGER cache_toolkit_size_update; DROP TRIGGER cache_toolkit_size_delete;
                 CREATE TABLE cache_size (id INTEGER PRIMARY KEY CHECK (id = 0), bytes INTEGER NOT NULL);
                 CREATE TRIGGER cache_size_delete AFTER DELETE ON cache_entries BEGIN UPDATE cache_size SET bytes = 0; END;
                 PRAGMA user_version = 0;",
            )
            .unwrap();
        }
        let reopened = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert_eq!(reopened.total_bytes().unwrap(), sum(&reopened));
        assert_eq!(reopened.toolkit_bytes("tk").unwrap(), sum(&reopened));
        assert!(reopened.total_bytes().unwrap() > 0);
        drop(reopened);
        // A file of the last build before the user id was weighed (revision 0): its triggers
        // are replaced and its totals recomputed, once.
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "DROP TRIGGER cache_toolkit_size_insert; DROP TRIGGER cache_toolkit_size_update; DROP TRIGGER cache_toolkit_size_delete;
                 CREATE TRIGGER cache_toolkit_size_insert AFTER INSERT ON cache_entries BEGIN
                   INSERT INTO cache_toolkit_size (toolkit, bytes) VALUES (NEW.toolkit, length(CAST(NEW.key AS BLOB)) + length(CAST(NEW.value AS BLOB)))
                     ON CONFLICT (toolkit) DO UPDATE SET bytes = bytes + excluded.bytes;
                 END;
                 UPDATE cache_toolkit_size SET bytes = (SELECT SUM(length(CAST(key AS BLOB)) + length(CAST(value AS BLOB))) FROM cache_entries);
                 PRAGMA user_version = 0;",
            )
            .unwrap();
        }
        let migrated = SqliteCache::open(&path, CacheLimits::default()).unwrap();
        assert_eq!(migrated.toolkit_bytes("tk").unwrap(), sum(&migrated), "recomputed with the user id");
        migrated.put(&scope("tk", "someone"), "k", "v", Duration::from_secs(60), t0()).await.unwrap();
        migrated.put(&scope("tk", "someone"), "k", "vv", Duration::from_secs(60), t0()).await.unwrap();
        assert_eq!(migrated.toolkit_bytes("tk").unwrap(), sum(&migrated), "the new triggers weigh the user id");
        let version: i64 = migrated.conn.lock().unwrap().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(version, 1);
        let reopened = migrated;
        let left: i64 = reopened
            .conn
            .lock()
            .unwrap()
            .query_row("SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'cache_size%'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(left, 0, "the file-wide total and its triggers are gone");
        let _ = std::fs::remove_dir_all(&dir);
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
        // Beyond what a Duration holds: clamped too, never a panic (which would abort the host).
        assert_eq!(validate_put(&l, "k", "v", 1e20).unwrap(), l.max_ttl);
        assert_eq!(validate_put(&l, "k", "v", 1e-10).unwrap(), Duration::from_millis(1));
        assert_eq!(validate_put(&l, "k", "v", 5e-324).unwrap(), Duration::from_millis(1));
        assert_eq!(validate_put(&l, "k", "v", f64::MAX).unwrap(), l.max_ttl);
        assert_eq!(validate_put(&l, "k", "v", f64::INFINITY), Err(CacheError::BadTtl));
        let t = t0();
        assert_eq!(expiry(t, Duration::from_secs_f64(0.0001)), t.timestamp_millis() + 1, "under a millisecond lives one");
        assert_eq!(expiry(t, Duration::from_millis(1500)), t.timestamp_millis() + 1500);
        assert_eq!(validate_put(&l, "k", "v", 0.0001).unwrap(), Duration::from_millis(1), "under a millisecond is one");
    }
}
