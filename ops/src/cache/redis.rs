//! The shared store: `ctx.cache` on a Redis server that several hosts name
//! (`--cache redis://…`), so an entry put through one host is read through any other.
//!
//! Layout (one toolkit namespace `ns`, percent-encoded, in a hash tag so that a namespace's keys
//! share a cluster slot):
//!
//! - `trove:cache:{ns}:<user>:<key>`: the value, with Redis's own TTL (`SET … PX`);
//! - `trove:cache:{ns}:#index`: sorted set of the namespace's entry keys, scored by expiry (ms);
//! - `trove:cache:{ns}:#sizes`: hash of entry key → bytes (key + value), and `#total`.
//!
//! A put runs one Lua script, so the bookkeeping is atomic: forget entries Redis has expired,
//! then while the entry would take the namespace over its budget
//! ([`CacheLimits::max_total_bytes`], counted as an estimate of Redis memory:
//! [`RedisCache::entry_bytes`]) delete the entry nearest to expiry, then store it. Each put
//! does at most [`MAX_STEPS`] of each, so no put holds the (single-threaded, shared) server for
//! long; one that would need more is dropped. Time is Redis's (`TIME`), so hosts with skewed
//! clocks agree, and Redis refuses the script when it is out of memory. Needs Redis 7 (the
//! script's `#!lua` line). The user and the namespace are percent-encoded (`:`, `{`, `}`, `#`,
//! `%`, space and controls), so no user id or toolkit id can spell another's key.
//!
//! Best effort ([`crate::redis_store`]): an unreachable or slow server makes `get` a miss and
//! `put` a dropped write, within the store's command timeout; the host logs one warning per
//! outage.

use std::time::Duration;

use chrono::{DateTime, Utc};
use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use super::{CacheError, CacheLimits, CacheScope, CacheStore};
use crate::redis_store::RedisStore;

/// What is percent-encoded in the namespace and user parts of a key.
const KEY_PART: &AsciiSet = &CONTROLS.add(b':').add(b'{').add(b'}').add(b'#').add(b'%').add(b' ');

/// Entries a put may expire or evict at most, so one put never holds Redis (single-threaded,
/// shared by every host) for long; a put that would need more is dropped.
const MAX_STEPS: u32 = 128;

/// Bytes an entry is counted for beyond its value: its Redis key three times (the entry, its
/// index member, its size field) and this much of Redis's own per-entry overhead.
const ENTRY_OVERHEAD: usize = 256;

/// The put script (see the module docs). KEYS: entry, index, sizes. ARGV: value, ttl ms,
/// budget bytes, entry bytes, bookkeeping ttl ms, most steps. Returns the namespace's total
/// bytes, or -1 when the entry did not fit (it is then removed: a dropped put never leaves an
/// older value behind). The `#!lua` line makes Redis refuse the script when it is out of
/// memory (`maxmemory`), and the clock is Redis's (`TIME`), never a host's.
const PUT: &str = r"#!lua
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local steps = tonumber(ARGV[6])
local function forget(member)
  local size = tonumber(redis.call('HGET', KEYS[3], member) or '0')
  redis.call('HDEL', KEYS[3], member)
  redis.call('ZREM', KEYS[2], member)
  if size > 0 then redis.call('HINCRBY', KEYS[3], '#total', -size) end
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, steps)) do forget(member) end
forget(KEYS[1])
local size = tonumber(ARGV[4])
local budget = tonumber(ARGV[3])
local total = tonumber(redis.call('HGET', KEYS[3], '#total') or '0')
local evicted = 0
while total + size > budget and evicted < steps do
  local nearest = redis.call('ZRANGE', KEYS[2], 0, 0)
  if #nearest == 0 then break end
  redis.call('DEL', nearest[1])
  forget(nearest[1])
  evicted = evicted + 1
  total = tonumber(redis.call('HGET', KEYS[3], '#total') or '0')
end
if total + size > budget then
  redis.call('DEL', KEYS[1])
  return -1
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), KEYS[1])
redis.call('HSET', KEYS[3], KEYS[1], size)
total = redis.call('HINCRBY', KEYS[3], '#total', size)
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return total
";

/// The get script. KEYS: entry. ARGV: the most bytes a value may have. Returns the value, or
/// nil when there is none, it is not a string, or it is larger than that (something else
/// sharing the database wrote it: review 40 was handed 96 MiB, and a 300 MiB read outlasted the
/// command timeout and counted as an outage). The size is checked in Redis, so such a value
/// never crosses the network. `no-writes`: it runs under `maxmemory` and on a replica.
const GET: &str = r"#!lua flags=no-writes
if redis.call('TYPE', KEYS[1]).ok ~= 'string' then return false end
if redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then return false end
return redis.call('GET', KEYS[1])
";

/// `ctx.cache` on a shared Redis server.
pub struct RedisCache {
    store: RedisStore,
    limits: CacheLimits,
    get: ::redis::Script,
    put: ::redis::Script,
}

impl RedisCache {
    /// A cache on `store` with `limits` (`max_total_bytes` is the budget of each toolkit
    /// namespace). Nothing is connected until the first command.
    pub fn new(store: RedisStore, limits: CacheLimits) -> Self {
        Self { store, limits, get: ::redis::Script::new(GET), put: ::redis::Script::new(PUT) }
    }

    /// The Redis key of `key` in `scope`.
    pub fn entry_key(scope: &CacheScope, key: &str) -> String {
        format!("{}:{}:{key}", Self::prefix(&scope.toolkit), utf8_percent_encode(&scope.user, KEY_PART))
    }

    /// The bytes `value` under `key` in `scope` counts against the namespace's budget: an
    /// estimate of the memory it takes in Redis ([`ENTRY_OVERHEAD`]).
    pub fn entry_bytes(scope: &CacheScope, key: &str, value: &str) -> u64 {
        (3 * Self::entry_key(scope, key).len() + value.len() + ENTRY_OVERHEAD) as u64
    }

    /// The keys of a namespace start with this (hash tag included).
    pub fn prefix(namespace: &str) -> String {
        format!("trove:cache:{{{}}}", utf8_percent_encode(namespace, KEY_PART))
    }
}

#[async_trait::async_trait]
impl CacheStore for RedisCache {
    async fn get(&self, scope: &CacheScope, key: &str, _now: DateTime<Utc>) -> Option<String> {
        let k = Self::entry_key(scope, key);
        let script = self.get.clone();
        let max = self.limits.max_value_bytes;
        // Read as bytes: an entry that is not UTF-8, not a string or larger than a value may be
        // (something else sharing the database wrote it) is a miss, not a failed command, which
        // would count as Redis being down and make every user's reads miss until the next probe
        // (reviews 17 and 40).
        let bytes = self
            .store
            .run(move |mut c| async move { script.key(k).arg(max).invoke_async::<Option<Vec<u8>>>(&mut c).await })
            .await
            .ok()
            .flatten()?;
        String::from_utf8(bytes).ok()
    }

    async fn put(&self, scope: &CacheScope, key: &str, value: &str, ttl: Duration, _now: DateTime<Utc>) -> Result<(), CacheError> {
        let prefix = Self::prefix(&scope.toolkit);
        let keys = [Self::entry_key(scope, key), format!("{prefix}:#index"), format!("{prefix}:#sizes")];
        let value = value.to_owned();
        let args = [
            ttl.as_millis().max(1) as i64,
            i64::try_from(self.limits.max_total_bytes).unwrap_or(i64::MAX),
            Self::entry_bytes(scope, key, &value) as i64,
            (self.limits.max_ttl + Duration::from_secs(24 * 3600)).as_millis() as i64,
            i64::from(MAX_STEPS),
        ];
        let script = self.put.clone();
        let stored = self
            .store
            .run(move |mut c| async move {
                let mut invocation = script.prepare_invoke();
                invocation.key(&keys[0]).key(&keys[1]).key(&keys[2]).arg(value);
                for a in args {
                    invocation.arg(a);
                }
                invocation.invoke_async::<i64>(&mut c).await
            })
            .await;
        // Dropped when Redis cannot take it: the store has logged the outage.
        drop(stored);
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

    /// A user id (or namespace) holding the separators cannot reach another scope's key.
    #[test]
    fn keys_of_different_scopes_never_coincide() {
        let pairs = [
            (scope("tk", "a:b"), "c", scope("tk", "a"), "b:c"),
            (scope("tk:x", "u"), "k", scope("tk", "x:u"), "k"),
            (scope("tk}", "u"), "k", scope("tk", "}:u"), "k"),
            (scope("tk", "#index"), "k", scope("tk", "%23index"), "k"),
        ];
        for (a, ka, b, kb) in pairs {
            assert_ne!(RedisCache::entry_key(&a, ka), RedisCache::entry_key(&b, kb), "{a:?} {ka} vs {b:?} {kb}");
        }
        assert_eq!(RedisCache::entry_key(&scope("quakes@1f2e", "user 1"), "feed:day"), "trove:cache:{quakes@1f2e}:user%201:feed:day");
    }
}
