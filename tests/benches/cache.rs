//! Cache benchmark (issue #12): `get` and `put` latency of the three `ctx.cache` stores
//! (memory, SQLite, Redis on loopback) measured in one run, interleaved so no store is
//! favoured by running first, with each store's figures as a ratio to the memory store's; and
//! plain redis-rs `GET`/`SET` on the same server (no store layer: no thread hop, no timeout,
//! no bookkeeping script) as the baseline of what the Redis store adds.
//!
//! `cargo bench -p trove-host-tests --bench cache`. Needs `redis-server` (installed by
//! `scripts/install-build-deps`; the Redis rows are skipped, and said so, without it).
//! `CACHE_BENCH_OPS` (default 5000) sets the operations per store and kind.

use std::sync::Arc;
use std::time::{Duration, Instant};

use trove_host_ops::cache::{CacheLimits, CacheScope, CacheStore, MemoryCache, RedisCache, SqliteCache};
use trove_host_ops::redis_store::{RedisOptions, RedisStore};
use trove_host_tests::RedisServer;

fn percentile_us(sorted: &[Duration], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e6
}

/// Plain redis-rs on the caller's runtime: `SET key value PX ttl` and `GET key`.
struct PlainRedis(tokio::sync::Mutex<redis::aio::ConnectionManager>);

#[async_trait::async_trait]
impl CacheStore for PlainRedis {
    async fn get(&self, _scope: &CacheScope, key: &str, _now: chrono::DateTime<chrono::Utc>) -> Option<String> {
        let mut c = self.0.lock().await.clone();
        redis::cmd("GET").arg(key).query_async(&mut c).await.ok().flatten()
    }

    async fn put(&self, _scope: &CacheScope, key: &str, value: &str, ttl: Duration, _now: chrono::DateTime<chrono::Utc>) -> Result<(), trove_host_ops::cache::CacheError> {
        let mut c = self.0.lock().await.clone();
        redis::cmd("SET").arg(key).arg(value).arg("PX").arg(ttl.as_millis() as u64).query_async::<()>(&mut c).await.map_err(|e| trove_host_ops::cache::CacheError::Store(e.to_string()))
    }

    fn limits(&self) -> CacheLimits {
        CacheLimits::default()
    }
}

struct Series {
    name: &'static str,
    store: Arc<dyn CacheStore>,
    gets: Vec<Duration>,
    puts: Vec<Duration>,
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let ops: usize = std::env::var("CACHE_BENCH_OPS").ok().and_then(|v| v.parse().ok()).unwrap_or(5000);
    let dir = std::env::temp_dir().join(format!("trove-cache-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let limits = CacheLimits::default();
    let mut series = vec![
        Series { name: "memory", store: Arc::new(MemoryCache::new(limits)), gets: Vec::new(), puts: Vec::new() },
        Series { name: "sqlite", store: Arc::new(SqliteCache::open(&dir.join("cache.sqlite"), limits).unwrap()), gets: Vec::new(), puts: Vec::new() },
    ];
    let redis = match RedisServer::start() {
        Ok(server) => {
            let store = RedisStore::new(&server.url(0), RedisOptions::default()).unwrap();
            series.push(Series { name: "redis", store: Arc::new(RedisCache::new(store, limits)), gets: Vec::new(), puts: Vec::new() });
            let plain = redis::aio::ConnectionManager::new(redis::Client::open(server.url(1)).unwrap()).await.unwrap();
            series.push(Series { name: "redis-rs", store: Arc::new(PlainRedis(tokio::sync::Mutex::new(plain))), gets: Vec::new(), puts: Vec::new() });
            Some(server)
        }
        Err(e) => {
            println!("(redis rows skipped: {e})");
            None
        }
    };
    let scope = CacheScope { toolkit: "bench@0000".into(), user: "user-1".into() };
    let value = "v".repeat(256);
    let ttl = Duration::from_secs(3600);
    // Warm up each store (connections, statements, the Lua script) outside the figures.
    for s in &series {
        for i in 0..100 {
            s.store.put(&scope, &format!("warm{i}"), &value, ttl, chrono::Utc::now()).await.unwrap();
            assert!(s.store.get(&scope, &format!("warm{i}"), chrono::Utc::now()).await.is_some(), "{} must hit", s.name);
        }
    }
    // Interleaved: operation i of every store, in a rotating order, before operation i + 1.
    for i in 0..ops {
        let key = format!("key{}", i % 1000);
        let n = series.len();
        for j in 0..n {
            let s = &mut series[(i + j) % n];
            let started = Instant::now();
            s.store.put(&scope, &key, &value, ttl, chrono::Utc::now()).await.unwrap();
            s.puts.push(started.elapsed());
            let started = Instant::now();
            let hit = s.store.get(&scope, &key, chrono::Utc::now()).await;
            s.gets.push(started.elapsed());
            assert!(hit.is_some(), "{} must hit", s.name);
        }
    }
    println!("ctx.cache stores, {ops} puts and {ops} gets each (256-byte values), interleaved; µs");
    println!("(redis-rs: plain GET/SET on the same server, the baseline of the redis store)");
    println!("{:<8} {:>10} {:>10} {:>10} {:>10} {:>12} {:>12}", "store", "get p50", "get p99", "put p50", "put p99", "get/memory", "put/memory");
    let mut baseline = None;
    for s in &mut series {
        s.gets.sort();
        s.puts.sort();
        let (g50, g99, p50, p99) = (percentile_us(&s.gets, 0.5), percentile_us(&s.gets, 0.99), percentile_us(&s.puts, 0.5), percentile_us(&s.puts, 0.99));
        let (bg, bp) = *baseline.get_or_insert((g50, p50));
        println!("{:<8} {g50:>10.1} {g99:>10.1} {p50:>10.1} {p99:>10.1} {:>11.1}× {:>11.1}×", s.name, g50 / bg, p50 / bp);
    }
    drop(redis);
    let _ = std::fs::remove_dir_all(&dir);
}
