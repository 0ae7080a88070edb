//! Serving toolkits over HTTP (`trove-host serve`): loads them, binds, runs the accept loop
//! under the wire router, reloads them on change (`--watch`) and shuts down gracefully.
//!
//! - [`Server::start`] loads every toolkit first (all failures reported together), refuses two
//!   toolkits with the same id, binds, and returns a [`RunningServer`].
//! - [`RunningServer::shutdown`] stops accepting, lets the calls in flight finish within
//!   [`ServeOptions::grace`], then stops every connection that is left.
//! - [`serve`] does both around a shutdown future (e.g. Ctrl-C).
//!
//! The accept loop is hyper's HTTP/1.1 (keep-alive, a 30 s limit on reading a request's
//! headers) with one task per connection; the router is [`crate::wire`].

use std::fmt;
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::{JoinHandle, JoinSet};
use trove_host::{Host, LoadError, LoadOptions, ToolkitHandle};

use crate::env::EnvSource;
use crate::watch::{Watched, Watcher};
use crate::wire::{router_counting, Registry, ANSWER_BUDGET_BYTES, BODY_READ_TIMEOUT, DEFAULT_MAX_BODY_BYTES};

/// Longest time a client may take to send a request's headers (also ends idle keep-alive
/// connections).
const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How a server listens and behaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// Where to listen. Default `127.0.0.1:8788`; port 0 picks a free port
    /// ([`RunningServer::local_addr`] tells which).
    pub listen: SocketAddr,
    /// Reload a toolkit when files under its directory (or a folder it imports modules from,
    /// as its imports stand after the latest successful load) change. Default off.
    pub watch: bool,
    /// How long [`RunningServer::shutdown`] lets calls in flight finish. Default 10 s.
    pub grace: Duration,
    /// Largest call body accepted (413 beyond). Default 1 MiB.
    pub max_body_bytes: usize,
    /// How long a call's body may take to arrive (408 beyond). Default 30 s.
    pub body_timeout: Duration,
    /// How long a write may wait for its client to read before the connection is closed.
    /// Default [`WRITE_TIMEOUT`] (30 s).
    pub write_timeout: Duration,
    /// What the answers not yet taken by their clients may hold at once; an answer that finds
    /// no room gets a retryable 503. Default [`crate::wire::ANSWER_BUDGET_BYTES`] (256 MiB).
    pub answer_budget_bytes: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 8788)),
            watch: false,
            grace: Duration::from_secs(10),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            body_timeout: BODY_READ_TIMEOUT,
            write_timeout: WRITE_TIMEOUT,
            answer_budget_bytes: ANSWER_BUDGET_BYTES,
        }
    }
}

/// One toolkit that did not load.
#[derive(Debug, Clone)]
pub struct ToolkitLoadError {
    /// The path as given to [`Server::start`].
    pub path: PathBuf,
    /// Why (names the file and every problem).
    pub error: LoadError,
}

impl fmt::Display for ToolkitLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = self.error.to_string();
        let path = self.path.display().to_string();
        // Most load errors name the file already; say which toolkit only when they do not.
        if message.contains(path.trim_end_matches('/')) {
            f.write_str(&message)
        } else {
            write!(f, "{path}: {message}")
        }
    }
}

/// Why a server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The list of toolkits is empty.
    #[error("no toolkits to serve")]
    NoToolkits,
    /// Toolkits did not load; every failure is listed.
    #[error("{} of the toolkits did not load:{}", .0.len(), list(.0))]
    Load(Vec<ToolkitLoadError>),
    /// Two or more toolkits have the same manifest id (each is served at `/<id>`).
    #[error("toolkits {} all have the id {id:?}; each toolkit is served under its id (at /<id> by `serve`, as <id>__<tool> by `mcp`), so ids must differ", joined(.paths))]
    DuplicateId {
        /// The shared id.
        id: String,
        /// The toolkits that have it, as given.
        paths: Vec<PathBuf>,
    },
    /// The address cannot be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The OS error.
        source: std::io::Error,
    },
    /// An MCP endpoint was asked to listen beyond loopback without a bearer token: its tools
    /// run with the user's secrets.
    #[error("refusing to serve MCP on {addr} without a bearer token (--token-file): it is not a loopback address, and the tools run with your secrets")]
    PublicWithoutToken {
        /// The address.
        addr: SocketAddr,
    },
    /// `watch` is on and a directory cannot be watched.
    #[error("cannot watch {}: {reason}", .path.display())]
    Watch {
        /// The directory.
        path: PathBuf,
        /// The watcher's error.
        reason: String,
    },
}

fn list(errors: &[ToolkitLoadError]) -> String {
    errors.iter().map(|e| format!("\n  {}", e.to_string().replace('\n', "\n  "))).collect()
}

fn joined(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}

/// How a shutdown ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shutdown {
    /// Every call in flight finished within the grace period.
    Drained,
    /// The grace period ran out; the connections left (with `in_flight` calls) were closed.
    /// Those calls still run to their end on their instances (each within its call timeout);
    /// their answers go nowhere.
    Forced {
        /// Calls still running when the grace period ran out.
        in_flight: usize,
    },
}

impl std::fmt::Display for Shutdown {
    /// The operator's line: `every call in flight finished`, or what the grace period cut. With
    /// no call in flight, what held it was a connection: a request still arriving, an MCP event
    /// stream (review 48: the line said "0 call(s) in flight; they were stopped").
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Drained => f.write_str("every call in flight finished"),
            Self::Forced { in_flight: 0 } => {
                f.write_str("the grace period ran out with no call in flight; the connections still open (a request still arriving, an event stream) were closed")
            }
            Self::Forced { in_flight } => write!(f, "the grace period ran out with {in_flight} call(s) in flight; they were stopped"),
        }
    }
}

/// Starts servers: see [`Server::start`].
#[derive(Debug, Clone, Copy)]
pub struct Server;

impl Server {
    /// Loads every toolkit in `toolkits` into `host` with `load`, then serves them on
    /// `options.listen`, each at `/<id>` (and at `/` when there is exactly one), with per-call
    /// providers from `env`. Returns once the server accepts connections.
    ///
    /// # Errors
    /// [`ServeError::NoToolkits`]; [`ServeError::Load`] listing every toolkit that did not load
    /// (each message names the file); [`ServeError::DuplicateId`]; [`ServeError::Bind`];
    /// [`ServeError::Watch`] when `options.watch` is on and a directory cannot be watched.
    pub async fn start(
        host: Host,
        toolkits: Vec<PathBuf>,
        load: LoadOptions,
        env: Arc<dyn EnvSource>,
        options: ServeOptions,
    ) -> Result<RunningServer, ServeError> {
        let loaded_since = std::time::SystemTime::now();
        let handles = load_toolkits(&host, toolkits, &load).await?;

        let registry = Arc::new(Registry::new());
        for (_, handle) in &handles {
            registry.insert(handle.clone());
        }
        let listener =
            TcpListener::bind(options.listen).await.map_err(|source| ServeError::Bind { addr: options.listen, source })?;
        let local_addr = listener.local_addr().map_err(|source| ServeError::Bind { addr: options.listen, source })?;
        let watcher = if options.watch {
            let watched = handles
                .iter()
                .map(|(path, handle)| Watched {
                    id: handle.id().to_owned(),
                    source: path.clone(),
                    root: handle.root().to_path_buf(),
                    modules: [handle.module_files(), handle.missed_files()].concat(),
                    loaded_since,
                })
                .collect();
            Some(Watcher::start(host.clone(), load, registry.clone(), watched)?)
        } else {
            None
        };

        let in_flight = Arc::new(AtomicUsize::new(0));
        // On a loopback address only local clients can connect, so a request naming another
        // host came through a browser that a page re-pointed at 127.0.0.1 (DNS rebinding).
        let local_hosts_only = local_addr.ip().is_loopback();
        let stopping = tokio_util::sync::CancellationToken::new();
        let router = router_counting(registry.clone(), env, &options, in_flight.clone(), local_hosts_only, stopping.clone());
        let (stop, stopped) = oneshot::channel();
        let task = tokio::spawn(accept_loop(listener, router, stopped, options.grace, options.write_timeout, in_flight, stopping));
        for (_, handle) in &handles {
            tracing::info!(
                target: "trove::serve",
                toolkit = %handle.id(),
                "serving {} ({} tools) at http://{local_addr}/{}{}",
                handle.entry().display(),
                handle.tools().len(),
                handle.id(),
                if handles.len() == 1 { " and at every other path" } else { "" },
            );
        }
        Ok(RunningServer { local_addr, registry, stop: Some(stop), task: Some(task), watcher })
    }
}

/// A server that is accepting connections. Dropping it without [`Self::shutdown`] also stops
/// accepting (the calls in flight then finish in the background).
pub struct RunningServer {
    local_addr: SocketAddr,
    registry: Arc<Registry>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Shutdown>>,
    watcher: Option<Watcher>,
}

impl fmt::Debug for RunningServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunningServer").field("local_addr", &self.local_addr).field("toolkits", &self.registry).finish()
    }
}

impl RunningServer {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The handle served as `id` now (after `--watch` reloads, the latest one).
    pub fn toolkit(&self, id: &str) -> Option<ToolkitHandle> {
        self.registry.get(id)
    }

    /// The served toolkits, by id.
    pub fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// Stops accepting connections (and watching files), lets the calls in flight finish
    /// within the grace period, closes every connection left, and returns how that went.
    pub async fn shutdown(mut self) -> Shutdown {
        drop(self.watcher.take());
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let task = self.task.take().expect("a running server has its task until shutdown");
        task.await.unwrap_or(Shutdown::Forced { in_flight: 0 })
    }
}

/// Loads and serves `toolkits` (see [`Server::start`]) until `shutdown` resolves, then shuts
/// down gracefully (see [`RunningServer::shutdown`]).
///
/// # Errors
/// As [`Server::start`].
pub async fn serve(
    host: Host,
    toolkits: Vec<PathBuf>,
    load: LoadOptions,
    env: Arc<dyn EnvSource>,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<Shutdown, ServeError> {
    let running = Server::start(host, toolkits, load, env, options).await?;
    shutdown.await;
    tracing::info!(target: "trove::serve", "shutting down");
    let outcome = running.shutdown().await;
    if let Shutdown::Forced { in_flight } = outcome {
        tracing::warn!(target: "trove::serve", "the grace period ran out with {in_flight} call(s) in flight; they were stopped");
    }
    Ok(outcome)
}

/// Loads every toolkit of `toolkits` into `host`, all at once, for a front-end that serves them
/// together (`serve`, `mcp`).
///
/// # Errors
/// [`ServeError::NoToolkits`]; [`ServeError::Load`] listing every toolkit that did not load;
/// [`ServeError::DuplicateId`] when two have the same id.
pub async fn load_toolkits(host: &Host, toolkits: Vec<PathBuf>, load: &LoadOptions) -> Result<Vec<(PathBuf, ToolkitHandle)>, ServeError> {
    if toolkits.is_empty() {
        return Err(ServeError::NoToolkits);
    }
    let loaded = futures::future::join_all(toolkits.iter().map(|path| host.load(path, load.clone()))).await;
    let mut handles: Vec<(PathBuf, ToolkitHandle)> = Vec::new();
    let mut failed = Vec::new();
    for (path, result) in toolkits.into_iter().zip(loaded) {
        match result {
            Ok(handle) => handles.push((path, handle)),
            Err(error) => failed.push(ToolkitLoadError { path, error }),
        }
    }
    if !failed.is_empty() {
        return Err(ServeError::Load(failed));
    }
    for (i, (_, handle)) in handles.iter().enumerate() {
        let same: Vec<PathBuf> =
            handles.iter().filter(|(_, other)| other.id() == handle.id()).map(|(path, _)| path.clone()).collect();
        if same.len() > 1 && handles.iter().position(|(_, h)| h.id() == handle.id()) == Some(i) {
            return Err(ServeError::DuplicateId { id: handle.id().to_owned(), paths: same });
        }
    }
    Ok(handles)
}

/// How long a write to a connection may wait for its client to read before the connection is
/// closed: 30 s, as a request body's [`crate::wire::BODY_READ_TIMEOUT`]. The wait starts again
/// with every write that goes through, so a slow client is not cut off, only one that stopped
/// reading (review 58: a client that sent calls and read none of the answers kept them in
/// memory for as long as it kept its connections). Both HTTP front-ends' connections have it.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// How long, once the grace period has run out, the calls still running have to write their
/// 503 before their connections are closed.
pub(crate) const STOPPED_ANSWER_TIME: Duration = Duration::from_millis(500);

/// Accepts connections (each with `write_timeout`, [`WRITE_TIMEOUT`]) until `stop` fires (or its sender is dropped), then drains.
pub(crate) async fn accept_loop(
    listener: TcpListener,
    router: Router,
    mut stop: oneshot::Receiver<()>,
    grace: Duration,
    write_timeout: Duration,
    in_flight: Arc<AtomicUsize>,
    stopping: tokio_util::sync::CancellationToken,
) -> Shutdown {
    let graceful = GracefulShutdown::new();
    let mut connections = JoinSet::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(HEADER_READ_TIMEOUT).keep_alive(true);
    loop {
        tokio::select! {
            biased;
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _peer)) => {
                    let _ = stream.set_nodelay(true);
                    let mut stream = tokio_io_timeout::TimeoutStream::new(stream);
                    stream.set_write_timeout(Some(write_timeout));
                    let service = TowerToHyperService::new(router.clone());
                    let connection = graceful.watch(http.serve_connection(TokioIo::new(Box::pin(stream)), service));
                    connections.spawn(async move {
                        if let Err(e) = connection.await {
                            tracing::debug!(target: "trove::serve", "connection ended: {e}");
                        }
                    });
                }
                Err(e) => {
                    // Out of file descriptors, or a connection reset before it was accepted:
                    // back off briefly rather than spin.
                    tracing::warn!(target: "trove::serve", "cannot accept a connection: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
    drop(listener);
    // Connections first; then the calls counted in flight (a call whose client has gone is not
    // counted: its task ended with its connection, see `wire::Abandoned`).
    let drained = async {
        graceful.shutdown().await;
        while in_flight.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    let outcome = match tokio::time::timeout(grace, drained).await {
        Ok(()) => Shutdown::Drained,
        Err(_) => {
            let in_flight = in_flight.load(Ordering::SeqCst);
            // The calls left are answered 503 (retryable), not cut off: their connections get
            // a moment to write that before every connection left is closed.
            stopping.cancel();
            let _ = tokio::time::timeout(STOPPED_ANSWER_TIME, async { while connections.join_next().await.is_some() {} }).await;
            connections.abort_all();
            Shutdown::Forced { in_flight }
        }
    };
    while connections.join_next().await.is_some() {}
    outcome
}

#[cfg(test)]
mod tests {
    use super::Shutdown;

    #[test]
    fn a_forced_shutdown_with_no_call_in_flight_says_what_held_it() {
        assert_eq!(
            Shutdown::Forced { in_flight: 0 }.to_string(),
            "the grace period ran out with no call in flight; the connections still open (a request still arriving, an event stream) were closed"
        );
        assert_eq!(Shutdown::Forced { in_flight: 2 }.to_string(), "the grace period ran out with 2 call(s) in flight; they were stopped");
    }
}
