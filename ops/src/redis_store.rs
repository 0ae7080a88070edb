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
use std::sync::Arc;
use std::time::{Duration, Instant};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

/// Settings of a [`RedisStore`].
#[derive(Debug, Clone)]
pub struct RedisOptions {
    /// Longest a command (connecting included) may take before it counts as failed. Default
    /// 250 ms: the cache must never make a call noticeably slower than a miss would.
    pub command_timeout: Duration,
    /// Least time between two attempts to connect while Redis is unreachable. Default 1 s.
    pub reconnect_delay: Duration,
    /// For `rediss://`: the root certificates (PEM) to trust instead of the system's, e.g. a
    /// private CA's (`--redis-ca-file`). Default: the system's roots.
    pub tls_root_pem: Option<Vec<u8>>,
}

impl Default for RedisOptions {
    fn default() -> Self {
        Self { command_timeout: Duration::from_millis(250), reconnect_delay: Duration::from_secs(1), tls_root_pem: None }
    }
}

/// Why a command did not complete. The stores turn it into a miss or a dropped write.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum RedisFailure {
    /// No answer within [`RedisOptions::command_timeout`]: the connection is dropped and the
    /// store waits [`RedisOptions::reconnect_delay`] before the next attempt (a hung server
    /// costs one call per delay the timeout, the others nothing).
    #[error("no answer within {0:?}")]
    Timeout(Duration),
    /// Not connected, and the last attempt was less than [`RedisOptions::reconnect_delay`] ago.
    #[error("not connected (waiting before the next attempt)")]
    Backoff,
    /// The connection failed (refused, reset, closed): dropped, as for a timeout.
    #[error("{0}")]
    Unreachable(String),
    /// The server answered with an error (read-only replica, out of memory, no permission,
    /// a bad password): the connection is kept.
    #[error("{0}")]
    Refused(String),
}

impl RedisFailure {
    fn of(e: &redis::RedisError) -> Self {
        match e.kind() {
            redis::ErrorKind::Server(_) | redis::ErrorKind::Extension => Self::Refused(e.to_string()),
            _ => Self::Unreachable(e.to_string()),
        }
    }

    /// Whether the connection is to be dropped (and reconnecting spaced).
    fn drops_connection(&self) -> bool {
        matches!(self, Self::Timeout(_) | Self::Unreachable(_))
    }
}

/// Least time between two warnings about refused commands (the server is up, so this is no
/// outage; it may refuse every write for hours).
const REFUSAL_WARNING_EVERY: Duration = Duration::from_secs(60);

struct Slot {
    /// The connection and its generation (to drop only the one that failed).
    connection: Option<(u64, ConnectionManager)>,
    generation: u64,
    next_attempt: Option<Instant>,
}

#[derive(Default)]
struct Health {
    /// Since when no command has succeeded (`None`: healthy).
    down_since: Option<Instant>,
    /// When refused commands were last warned about.
    refusal_warned: Option<Instant>,
}

struct Inner {
    client: redis::Client,
    options: RedisOptions,
    /// Shown in log lines: the address without credentials.
    shown: String,
    slot: tokio::sync::Mutex<Slot>,
    health: std::sync::Mutex<Health>,
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

/// `url` without its user name and password, for log lines and error messages: the URL with
/// its password replaced by `***`, or only what follows its last `@` when it does not parse.
pub fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        Ok(_) => url.to_owned(),
        Err(_) => match url.rsplit_once('@') {
            Some((_, rest)) => format!("…@{rest}"),
            None => url.to_owned(),
        },
    }
}

/// The server's address for log lines (never credentials).
fn shown(info: &redis::ConnectionInfo) -> String {
    let host = |h: &str| if h.contains(':') { format!("[{h}]") } else { h.to_owned() };
    match info.addr() {
        redis::ConnectionAddr::Tcp(h, port) => format!("redis://{}:{port}/{}", host(h), info.redis_settings().db()),
        redis::ConnectionAddr::TcpTls { host: h, port, .. } => format!("rediss://{}:{port}/{}", host(h), info.redis_settings().db()),
        redis::ConnectionAddr::Unix(path) => format!("redis+unix://{}", path.display()),
        other => format!("{other}"),
    }
}

impl RedisStore {
    /// A store for the server at `url` (`redis://[user:password@]host[:port][/db]`,
    /// `rediss://…` for TLS, Redis 7 or later). Nothing is connected yet.
    ///
    /// For `rediss://`, rustls needs a process-wide crypto provider; when none is installed
    /// yet, this installs *ring*'s (the one the host's HTTP client uses).
    ///
    /// # Errors
    /// `url` is not a Redis URL (the message shows it without its password), or the store's
    /// I/O thread cannot start.
    pub fn new(url: &str, options: RedisOptions) -> Result<Self, String> {
        let not_a_url = |e: redis::RedisError| format!("{:?} is not a Redis URL ({e}); for example redis://127.0.0.1:6379/0", redact_url(url));
        let info = redis::IntoConnectionInfo::into_connection_info(url).map_err(not_a_url)?;
        let tls = matches!(info.addr(), redis::ConnectionAddr::TcpTls { .. });
        if tls {
            // Several rustls backends are linked in (ring for egress, aws-lc for deno_crypto's
            // dependencies), so rustls cannot pick one by itself.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let client = match (&options.tls_root_pem, tls) {
            (Some(pem), true) => redis::Client::build_with_tls(info, redis::TlsCertificates { client_tls: None, root_cert: Some(pem.clone()) })
                .map_err(|e| format!("the Redis TLS roots cannot be used: {e}"))?,
            _ => redis::Client::open(info).map_err(not_a_url)?,
        };
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
                slot: tokio::sync::Mutex::new(Slot { connection: None, generation: 0, next_attempt: None }),
                health: std::sync::Mutex::default(),
            }),
            io: Arc::new(IoThread(Some(io))),
        })
    }

    /// The server's address without credentials (for log lines and docs).
    pub fn address(&self) -> &str {
        &self.inner.shown
    }

    /// The store's settings.
    pub fn options(&self) -> &RedisOptions {
        &self.inner.options
    }

    /// Runs `command` on a connection, within [`RedisOptions::command_timeout`] (connecting
    /// included). A timeout or a failed connection drops the connection, and the next attempt
    /// waits [`RedisOptions::reconnect_delay`] (until then commands fail at once with
    /// [`RedisFailure::Backoff`]). Logs a warning when an outage starts and a notice when a
    /// command sent after that succeeds; refused commands are warned about once a minute.
    ///
    /// # Errors
    /// [`RedisFailure`]: timed out, backing off, unreachable, or refused by the server.
    pub async fn run<T, F, Fut>(&self, command: F) -> Result<T, RedisFailure>
    where
        T: Send + 'static,
        F: FnOnce(ConnectionManager) -> Fut + Send + 'static,
        Fut: Future<Output = redis::RedisResult<T>> + Send + 'static,
    {
        let inner = self.inner.clone();
        let started = Instant::now();
        let limit = inner.options.command_timeout;
        let handle = self.io.0.as_ref().expect("the I/O runtime lives as long as the store").spawn(async move {
            let mut generation = None;
            let attempt = async {
                let (g, connection) = inner.connection().await?;
                generation = Some(g);
                command(connection).await.map_err(|e| RedisFailure::of(&e))
            };
            let result = tokio::time::timeout(limit, attempt).await.unwrap_or(Err(RedisFailure::Timeout(limit)));
            if let (Err(e), Some(g)) = (&result, generation) {
                if e.drops_connection() {
                    inner.drop_connection(g).await;
                }
            }
            result
        });
        let result = handle.await.unwrap_or_else(|e| Err(RedisFailure::Unreachable(format!("the command's task failed: {e}"))));
        self.inner.observe(&result, started);
        result
    }
}

impl Inner {
    async fn connection(&self) -> Result<(u64, ConnectionManager), RedisFailure> {
        let mut slot = self.slot.lock().await;
        if let Some((g, c)) = &slot.connection {
            return Ok((*g, c.clone()));
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
        let connection = ConnectionManager::new_with_config(self.client.clone(), config).await.map_err(|e| match RedisFailure::of(&e) {
            // A server that refuses the handshake (a wrong password, a missing database) is
            // still not a connection.
            RedisFailure::Refused(m) => RedisFailure::Unreachable(m),
            other => other,
        })?;
        slot.generation += 1;
        slot.connection = Some((slot.generation, connection.clone()));
        Ok((slot.generation, connection))
    }

    /// Forgets connection `generation` (if it is still the current one) and spaces the next
    /// attempt, so a dead or hung server is not dialled once per command.
    async fn drop_connection(&self, generation: u64) {
        let mut slot = self.slot.lock().await;
        if slot.connection.as_ref().is_some_and(|(g, _)| *g == generation) {
            slot.connection = None;
            slot.next_attempt = Some(Instant::now() + self.options.reconnect_delay);
        }
    }

    fn observe<T>(&self, result: &Result<T, RedisFailure>, started: Instant) {
        let mut health = self.health.lock().expect("redis health");
        match result {
            Ok(_) => {
                // A command sent before the outage began says nothing about its end.
                if health.down_since.is_some_and(|since| started >= since) {
                    health.down_since = None;
                    tracing::info!(target: "trove::redis", "Redis at {} answers again", self.shown);
                }
            }
            Err(RedisFailure::Refused(e)) => {
                if health.refusal_warned.is_none_or(|at| at.elapsed() >= REFUSAL_WARNING_EVERY) {
                    health.refusal_warned = Some(Instant::now());
                    tracing::warn!(
                        target: "trove::redis",
                        "Redis at {} refused a command ({e}); cache writes (or reads) are dropped while it does (this warning repeats at most once a minute)",
                        self.shown
                    );
                }
            }
            Err(e) => {
                if health.down_since.is_none() {
                    health.down_since = Some(Instant::now());
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
    fn a_bad_url_is_named_without_its_password() {
        let e = RedisStore::new("http://127.0.0.1:6379", RedisOptions::default()).err().expect("refused");
        assert!(e.starts_with("\"http://127.0.0.1:6379\" is not a Redis URL"), "{e}");
        let e = RedisStore::new("redis://:s3cretpw@127.0.0.1:notaport/0", RedisOptions::default()).err().expect("refused");
        assert!(!e.contains("s3cretpw") && e.starts_with("\"…@127.0.0.1:notaport/0\" is not a Redis URL"), "{e}");
        assert_eq!(redact_url("redis://user:s3cretpw@10.0.0.5:6379/1"), "redis://user:***@10.0.0.5:6379/1");
    }

    #[test]
    fn log_lines_never_show_credentials() {
        let store = RedisStore::new("redis://admin:hunter2@127.0.0.1:6390/3", RedisOptions::default()).unwrap();
        assert_eq!(store.address(), "redis://127.0.0.1:6390/3");
        let v6 = RedisStore::new("redis://[::1]:6390/0", RedisOptions::default()).unwrap();
        assert_eq!(v6.address(), "redis://[::1]:6390/0");
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
        assert!(matches!(ping(store.clone()).await, Err(RedisFailure::Unreachable(_) | RedisFailure::Timeout(_))));
        assert_eq!(ping(store.clone()).await, Err(RedisFailure::Backoff));
        assert!(started.elapsed() < Duration::from_secs(1), "took {:?}", started.elapsed());
    }
}
