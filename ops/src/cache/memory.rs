//! The in-process store (moka): bounded by size per toolkit, gone with the process.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::{expiry, CacheError, CacheLimits, CacheScope, CacheStore};

#[derive(Clone)]
struct MemoryEntry {
    value: String,
    expires_at: i64,
}

/// One toolkit's entries, keyed by (user id, key), weighed by user id + key + value bytes.
type ToolkitEntries = moka::sync::Cache<(String, String), MemoryEntry>;

/// An in-memory cache (moka). Each toolkit has its own bound of
/// [`CacheLimits::max_total_bytes`], as in the SQLite and Redis stores, so one toolkit writing
/// past it evicts only its own entries (moka's TinyLFU policy picks which); expired entries are
/// never returned.
pub struct MemoryCache {
    toolkits: RwLock<HashMap<String, Arc<ToolkitEntries>>>,
    limits: CacheLimits,
}

impl MemoryCache {
    /// An empty cache with `limits`.
    pub fn new(limits: CacheLimits) -> Self {
        Self { toolkits: RwLock::new(HashMap::new()), limits }
    }

    /// Runs moka's pending maintenance (evictions), for tests that check the bound.
    pub fn run_pending_tasks(&self) {
        for entries in self.toolkits.read().unwrap_or_else(|e| e.into_inner()).values() {
            entries.run_pending_tasks();
        }
    }

    /// Bytes (user ids + keys + values) held for `toolkit` after pending maintenance, for tests
    /// and metrics.
    pub fn toolkit_bytes(&self, toolkit: &str) -> u64 {
        self.existing(toolkit).map_or(0, |entries| {
            entries.run_pending_tasks();
            entries.weighted_size()
        })
    }

    fn existing(&self, toolkit: &str) -> Option<Arc<ToolkitEntries>> {
        self.toolkits.read().unwrap_or_else(|e| e.into_inner()).get(toolkit).cloned()
    }

    fn entries(&self, toolkit: &str) -> Arc<ToolkitEntries> {
        if let Some(entries) = self.existing(toolkit) {
            return entries;
        }
        let mut toolkits = self.toolkits.write().unwrap_or_else(|e| e.into_inner());
        let max = self.limits.max_total_bytes;
        toolkits
            .entry(toolkit.to_owned())
            .or_insert_with(|| {
                Arc::new(
                    moka::sync::Cache::builder()
                        .max_capacity(max)
                        // The user id is held in every entry's key too: a call with a 1 MB
                        // user id and a 1-byte value must not be weighed as 1 byte.
                        .weigher(|k: &(String, String), v: &MemoryEntry| {
                            u32::try_from(k.0.len() + k.1.len() + v.value.len()).unwrap_or(u32::MAX)
                        })
                        .build(),
                )
            })
            .clone()
    }
}

#[async_trait::async_trait]
impl CacheStore for MemoryCache {
    async fn get(&self, scope: &CacheScope, key: &str, now: DateTime<Utc>) -> Option<String> {
        let entries = self.existing(&scope.toolkit)?;
        let k = (scope.user.clone(), key.to_owned());
        let entry = entries.get(&k)?;
        if entry.expires_at > now.timestamp_millis() {
            Some(entry.value)
        } else {
            entries.invalidate(&k);
            None
        }
    }

    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, now: DateTime<Utc>) -> Result<(), CacheError> {
        self.entries(&scope.toolkit).insert((scope.user.clone(), key.to_owned()), MemoryEntry { value: value.to_owned(), expires_at: expiry(now, ttl) });
        Ok(())
    }

    fn limits(&self) -> CacheLimits {
        self.limits
    }
}
