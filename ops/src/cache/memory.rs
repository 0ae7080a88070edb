//! The in-process store (moka): bounded by size, gone with the process.

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::{expiry, CacheError, CacheLimits, CacheScope, CacheStore};

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

#[async_trait::async_trait]
impl CacheStore for MemoryCache {
    async fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
        let k = (scope.clone(), key.to_owned());
        let entry = self.entries.get(&k)?;
        if entry.expires_at > now.timestamp_millis() {
            Some(entry.value)
        } else {
            self.entries.invalidate(&k);
            None
        }
    }

    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
        self.entries.insert((scope.clone(), key.to_owned()), MemoryEntry { value: value.to_owned(), expires_at: expiry(now, ttl) });
        Ok(())
    }

    fn limits(&self) -> CacheLimits {
        self.limits
    }
}

