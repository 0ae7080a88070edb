//! The link to a Redis server that several hosts share (`--cache redis://…`,
//! `--token-cache redis://…`): one connection manager on a thread of its own, every command
//! bounded by a short timeout, and one warning per outage.
//!
//! Redis holds what must be the same on every host behind a load balancer (the `ctx.cache`
//! entries of [`crate::cache::RedisCache`], the OAuth tokens of
//! [`crate::egress::tokens::RedisTokens`]); both are best effort, so a command that fails or
//! takes longer than [`RedisOptions::command_timeout`] is an `Err` the caller turns into a miss
//! or a dropped write, never a failed or stuck call.
//!
//! The connection is made on first use (a host starts while Redis is down) and re-made by
//! redis-rs's `ConnectionManager` after a failure; while no connection can be made, new
//! attempts are spaced by [`RedisOptions::reconnect_delay`] so a dead server costs a call
//! nothing but a fast `Err`.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

/// Settings of a [`RedisStore`].
#[derive(Debug, Clone, Copy)]
pub struct RedisOptions {
    /// Longest a command (connecting included) may take before it counts as failed. Default
    /// 250 ms: the cache must never make a call noticeably slower than a miss would.
    pub command_timeout: Duration,
    /// Least time between two attempts to connect while Redis is unreachable. Default 1 s.
    pub reconnect_delay: Duration,
}

impl Default for RedisOptions {
    fn default() -> Self {
        Self { command_timeout: Duration::from_millis(250), reconnect_delay: Duration::from_secs(1) }
    }
}

/// Why a command did not complete. The stores log it once per outage and go on.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RedisFailure {
    /// No answer within [`RedisOptions::command_timeout`].
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// Not connected, and the last attempt was less than [`RedisOptions::reconnect_delay`] ago.
    #[error("not connected (waiting before the next attempt)")]
    Backoff,
    /// Redis (or the connection to it) answered with an error.
    #[error("{0}")]
    Redis(String),
}

struct Slot {
    connection: Option<ConnectionManager>,
    next_attempt: Option<Instant>,
}

struct Inner {
    client: redis::Client,
    options: RedisOptions,
    /// Shown in log lines: the address without credentials.
    shown: String,
    slot: tokio::sync::Mutex<Slot>,
    down: AtomicBool,
}

/// A shared Redis server, cheap to clone. Commands run on the store's own I/O thread, so the
/// store can be used from any tokio runtime (an isolate's worker included) and its connection
/// outlives the caller's runtime.
#[derive(Clone)]
pub struct RedisStore {
    inner: Arc<Inner>,
    io: Arc<IoThread>,
}

/// The runtime that owns the connection; shut down without blocking when the last clone of
/// the store goes (it may be dropped from async code).
struct IoThread(Option<tokio::runtime::Runtime>);

impl Drop for IoThread {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

/// `url` without its user name and password, for log lines.
fn shown(info: &redis::ConnectionInfo) -> String {
    match info.addr() {
        redis::ConnectionAddr::Tcp(host, port) => format!("redis://{host}:{port}/{}", info.redis_settings().db()),
        redis::ConnectionAddr::TcpTls { host, port, .. } => format!("rediss://{host}:{port}/{}", info.redis_settings().db()),
        redis::ConnectionAddr::Unix(path) => format!("redis+unix://{}", path.display()),
        other => format!("{other}"),
    }
}

impl RedisStore {
    /// A store for the server at `url` (`redis://[user:password@]host[:port][/db]`,
    /// `rediss://…` for TLS). Nothing is connected yet.
    ///
    /// # Errors
    /// `url` is not a Redis URL, or the store's I/O thread cannot start.
    pub fn new(url: &str, options: RedisOptions) -> Result<Self, String> {
        let client = redis::Client::open(url).map_err(|e| format!("{url:?} is not a Redis URL ({e}); for example redis://127.0.0.1:6379/0"))?;
        let shown = shown(client.get_connection_info());
        let io = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("trove-redis")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the Redis I/O thread: {e}"))?;
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                options,
                shown,
                slot: tokio::sync::Mutex::new(Slot { connection: None, next_attempt: None }),
                down: AtomicBool::new(false),
            }),
            io: Arc::new(IoThread(Some(io))),
        })
    }

    /// The server's address without credentials (for log lines and docs).
    pub fn address(&self) -> &str {
        &self.inner.shown
    }

    /// The store's settings.
    pub fn options(&self) -> RedisOptions {
        self.inner.options
    }

    /// Runs `command` on a connection, within [`RedisOptions::command_timeout`] (connecting
    /// included). Logs a warning at the first failure of an outage and a notice when Redis
    /// answers again.
    ///
    /// # Errors
    /// [`RedisFailure`]: timed out, backing off between connection attempts, or Redis's error.
    pub async fn run<T, F, Fut>(&self, command: F) -> Result<T, RedisFailure>
    where
        T: Send + 'static,
        F: FnOnce(ConnectionManager) -> Fut + Send + 'static,
        Fut: Future<Output = redis::RedisResult<T>> + Send + 'static,
    {
        let inner = self.inner.clone();
        let limit = inner.options.command_timeout;
        let task = async move {
            let connection = inner.connection().await?;
            command(connection).await.map_err(|e| RedisFailure::Redis(e.to_string()))
        };
        let handle = self.io.0.as_ref().expect("the I/O runtime lives as long as the store").spawn(async move {
            tokio::time::timeout(limit, task).await.unwrap_or(Err(RedisFailure::Timeout(limit)))
        });
        let result = handle.await.unwrap_or_else(|e| Err(RedisFailure::Redis(format!("the command's task failed: {e}"))));
        self.inner.observe(&result);
        result
    }
}

impl Inner {
    async fn connection(&self) -> Result<ConnectionManager, RedisFailure> {
        let mut slot = self.slot.lock().await;
        if let Some(c) = &slot.connection {
            return Ok(c.clone());
        }
        if slot.next_attempt.is_some_and(|at| Instant::now() < at) {
            return Err(RedisFailure::Backoff);
        }
        slot.next_attempt = Some(Instant::now() + self.options.reconnect_delay);
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(self.options.command_timeout))
            .set_response_timeout(Some(self.options.command_timeout))
            .set_number_of_retries(1)
            .set_max_delay(self.options.reconnect_delay);
        let connection = ConnectionManager::new_with_config(self.client.clone(), config)
            .await
            .map_err(|e| RedisFailure::Redis(e.to_string()))?;
        slot.connection = Some(connection.clone());
        Ok(connection)
    }

    fn observe<T>(&self, result: &Result<T, RedisFailure>) {
        match result {
            Ok(_) => {
                if self.down.swap(false, Ordering::Relaxed) {
                    tracing::info!(target: "trove::redis", "Redis at {} answers again", self.shown);
                }
            }
            Err(e) => {
                if !self.down.swap(true, Ordering::Relaxed) {
                    tracing::warn!(
                        target: "trove::redis",
                        "Redis at {} is unavailable ({e}); until it answers, cache reads miss, cache writes are dropped and OAuth tokens are minted per host",
                        self.shown
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_url_is_named() {
        let e = RedisStore::new("http://127.0.0.1:6379", RedisOptions::default()).err().expect("refused");
        assert!(e.starts_with("\"http://127.0.0.1:6379\" is not a Redis URL"), "{e}");
    }

    #[test]
    fn log_lines_never_show_credentials() {
        let store = RedisStore::new("redis://admin:hunter2@127.0.0.1:6390/3", RedisOptions::default()).unwrap();
        assert_eq!(store.address(), "redis://127.0.0.1:6390/3");
    }

    /// Nothing listens: the command fails fast, and the next one backs off instead of
    /// connecting again.
    #[tokio::test]
    async fn an_unreachable_server_fails_fast_then_backs_off() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let store = RedisStore::new(&format!("redis://127.0.0.1:{port}"), RedisOptions::default()).unwrap();
        let ping = |s: RedisStore| async move {
            s.run(|mut c| async move { redis::cmd("PING").query_async::<String>(&mut c).await }).await
        };
        let started = Instant::now();
        assert!(matches!(ping(store.clone()).await, Err(RedisFailure::Redis(_) | RedisFailure::Timeout(_))));
        assert_eq!(ping(store.clone()).await, Err(RedisFailure::Backoff));
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
    }
}
