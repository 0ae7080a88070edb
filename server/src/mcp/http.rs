//! MCP over streamable HTTP (`trove-host mcp --http`): rmcp's streamable HTTP service at
//! [`MCP_PATH`], behind a bearer-token check, on the same accept loop as the Trove wire.
//!
//! - **Sessions** are rmcp's (`Mcp-Session-Id`, issued at `initialize`, ended by `DELETE`),
//!   one [`super::session::McpSession`] each.
//! - **DNS rebinding** (the MCP transport specification's rule, [`super::gate`]): a request
//!   whose `Origin` is not allowed gets 403, as does one whose `Host` is not; loopback origins
//!   (any port) and hosts are always allowed, others only when listed ([`McpHttpOptions`]). A
//!   request without `Origin` (not from a browser) passes. This is checked first, on every
//!   request of every session: a foreign page gets 403, never a 401 or 503 that would tell it
//!   more.
//! - **Bearer token**: with [`McpHttpOptions::bearer_token`], every request must carry
//!   `Authorization: Bearer <token>` (compared in constant time), else 401 with
//!   `WWW-Authenticate: Bearer`. The tools run with the user's secrets, so on a shared machine
//!   no other user may call them; listening on an address other than loopback without a
//!   token is refused ([`ServeError::PublicWithoutToken`]).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::gate::Gate;
use super::session::McpSession;
use super::McpServer;
use crate::serve::{accept_loop, ServeError, Shutdown};
use crate::body::{read_body, AnswerBudget, BodyBudget, BodyError, ANSWER_BUDGET_BYTES};
use crate::wire::{InFlight, BODY_READ_TIMEOUT};

/// Where the MCP endpoint is served (as in the specification's examples).
pub const MCP_PATH: &str = "/mcp";

/// The default address of `trove-host mcp --http`: `127.0.0.1:8789`, next to `serve`'s 8788.
pub const DEFAULT_MCP_LISTEN: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST), 8789);

/// How the MCP HTTP endpoint listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpHttpOptions {
    /// Where to listen. Default [`DEFAULT_MCP_LISTEN`]; port 0 picks a free port.
    pub listen: SocketAddr,
    /// Require `Authorization: Bearer <token>` on every request. Default: none (allowed only on
    /// a loopback address).
    pub bearer_token: Option<String>,
    /// Browser origins allowed besides loopback ones, as `scheme://host[:port|:*]`
    /// (`https://app.example:443`; without a port, the scheme's default one). Default: none.
    pub allowed_origins: Vec<String>,
    /// `Host` header values allowed besides loopback names and the listening address
    /// (`mcp.example`, `mcp.example:8789`). Default: none.
    pub allowed_hosts: Vec<String>,
    /// How long [`RunningMcpHttp::shutdown`] lets calls in flight finish. Default 10 s.
    pub grace: Duration,
    /// Most sessions open at once; an `initialize` beyond gets 503 (a session costs about
    /// 60 KB until its client ends it or it has been idle for rmcp's 5 minutes). Default 1,000.
    pub max_sessions: usize,
    /// How long a POST's body may take to arrive once its head has; 408 after it. Default
    /// [`BODY_READ_TIMEOUT`] (30 s), as `serve`'s.
    pub body_timeout: Duration,
    /// What the answers not yet taken by their clients may hold at once; an answer that finds
    /// no room is cut off (its connection closed). Default [`ANSWER_BUDGET_BYTES`] (256 MiB), as
    /// `serve`'s.
    pub answer_budget_bytes: usize,
}

/// The default [`McpHttpOptions::max_sessions`].
pub const DEFAULT_MAX_SESSIONS: usize = 1000;

impl Default for McpHttpOptions {
    fn default() -> Self {
        Self {
            listen: DEFAULT_MCP_LISTEN,
            bearer_token: None,
            allowed_origins: Vec::new(),
            allowed_hosts: Vec::new(),
            grace: Duration::from_secs(10),
            max_sessions: DEFAULT_MAX_SESSIONS,
            body_timeout: BODY_READ_TIMEOUT,
            answer_budget_bytes: ANSWER_BUDGET_BYTES,
        }
    }
}

/// An MCP endpoint that is accepting connections.
pub struct RunningMcpHttp {
    local_addr: SocketAddr,
    sessions: CancellationToken,
    /// The server's: cancelled when the grace period runs out (see [`Self::shutdown`]).
    stopping: CancellationToken,
    in_flight: Arc<AtomicUsize>,
    grace: Duration,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Shutdown>>,
}

impl RunningMcpHttp {
    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The endpoint's URL: `http://<addr>/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}{MCP_PATH}", self.local_addr)
    }

    /// Stops accepting, lets calls in flight finish and their answers be written within the
    /// grace period; answers the calls still running then with a retryable `TOOL_ERROR`
    /// ([`crate::wire::STOPPED_MESSAGE`], as `serve` answers them 503), and gives those answers a
    /// moment to be written; then ends every session (and its event stream) and closes what is
    /// left.
    pub async fn shutdown(mut self) -> Shutdown {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // Sessions hold their event streams open; they end once the calls have (or the grace
        // period has run out, when the accept loop closes every connection anyway).
        let deadline = tokio::time::Instant::now() + self.grace;
        while self.in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        // Counted here, when the grace period ends: the accept loop's own count races with the
        // answers below (with `--grace 0` it reported 0 calls for a call it stopped).
        let stopped = self.in_flight.load(Ordering::SeqCst);
        if stopped > 0 {
            self.stopping.cancel();
            let answered = tokio::time::Instant::now() + crate::serve::STOPPED_ANSWER_TIME;
            while self.in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < answered {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        self.sessions.cancel();
        let task = self.task.take().expect("a running endpoint has its task until shutdown");
        let outcome = task.await.unwrap_or(Shutdown::Forced { in_flight: stopped });
        match outcome {
            Shutdown::Forced { in_flight } => Shutdown::Forced { in_flight: in_flight.max(stopped) },
            Shutdown::Drained if stopped > 0 => Shutdown::Forced { in_flight: stopped },
            drained => drained,
        }
    }
}

impl Drop for RunningMcpHttp {
    fn drop(&mut self) {
        self.sessions.cancel();
    }
}

/// Starts the endpoint for `server`.
pub(crate) async fn start(server: &McpServer, options: McpHttpOptions) -> Result<RunningMcpHttp, ServeError> {
    if options.bearer_token.is_none() && !options.listen.ip().is_loopback() {
        return Err(ServeError::PublicWithoutToken { addr: options.listen });
    }
    let listener =
        TcpListener::bind(options.listen).await.map_err(|source| ServeError::Bind { addr: options.listen, source })?;
    let local_addr = listener.local_addr().map_err(|source| ServeError::Bind { addr: options.listen, source })?;
    let sessions = CancellationToken::new();
    let gate = Arc::new(Gate::new(local_addr.ip(), &options.allowed_hosts, &options.allowed_origins));
    // The gate decides Host and Origin, before anything else (see the module docs).
    let config = StreamableHttpServerConfig::default()
        .disable_allowed_hosts()
        .disable_allowed_origins()
        .with_cancellation_token(sessions.child_token());
    let max_body = config.max_request_body_bytes;
    let for_sessions = server.clone();
    let manager = Arc::new(LocalSessionManager::default());
    let service = StreamableHttpService::new(move || Ok(McpSession::new(for_sessions.clone())), manager.clone(), config);
    // POST exchanges whose answer has not been written yet: shutdown waits for them (the
    // answer to a call travels on its POST's own event stream, which ends after it).
    let exchanges = Arc::new(AtomicUsize::new(0));
    let mut router = Router::new()
        .route_service(MCP_PATH, service)
        .layer(axum::middleware::from_fn_with_state(
            SessionLimit { manager, max: options.max_sessions, opening: Arc::new(tokio::sync::Mutex::new(())), max_body, body_timeout: options.body_timeout, body_budget: BodyBudget::new(max_body) },
            limit_sessions,
        ))
        .layer(axum::middleware::from_fn_with_state(exchanges.clone(), count_exchanges))
        // Answers (JSON responses and event streams) come out of one budget, as `serve`'s do.
        .layer(axum::middleware::map_response_with_state(AnswerBudget::new(options.answer_budget_bytes), meter_answers));
    if let Some(token) = options.bearer_token.clone() {
        router = router.layer(axum::middleware::from_fn_with_state(Arc::<str>::from(token), require_bearer));
    }
    // The outermost layer: runs first.
    let router = router.layer(axum::middleware::from_fn_with_state(gate, refuse_foreign));
    let (stop, stopped) = oneshot::channel();
    let in_flight = exchanges;
    let stopping = server.stopping().clone();
    let task = tokio::spawn(accept_loop(listener, router, stopped, options.grace, crate::serve::WRITE_TIMEOUT, in_flight.clone(), stopping.clone()));
    tracing::info!(target: "trove::mcp", "MCP endpoint at http://{local_addr}{MCP_PATH} ({} tools)", server.catalog().tools().len());
    Ok(RunningMcpHttp { local_addr, sessions, stopping, in_flight, grace: options.grace, stop: Some(stop), task: Some(task) })
}

/// 403 for a request whose `Host` or `Origin` the gate refuses.
async fn refuse_foreign(State(gate): State<Arc<Gate>>, request: Request, next: Next) -> Response {
    match gate.refusal(request.headers()).or_else(|| gate.target_refusal(request.uri().authority().map(|a| a.as_str()))) {
        None => next.run(request).await,
        Some(reason) => {
            tracing::warn!(target: "trove::mcp", "refused a {} request: {reason}", request.method());
            (StatusCode::FORBIDDEN, format!("Forbidden: {reason}")).into_response()
        }
    }
}

/// Counts a POST from its arrival until its response body has been written (or dropped).
async fn count_exchanges(State(counter): State<Arc<AtomicUsize>>, request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    let guard = InFlight::enter(&counter);
    let (parts, body) = next.run(request).await.into_parts();
    let body = futures::StreamExt::inspect(body.into_data_stream(), move |_| {
        let _ = &guard;
    });
    Response::from_parts(parts, axum::body::Body::from_stream(body))
}

/// What [`limit_sessions`] needs.
#[derive(Clone)]
struct SessionLimit {
    manager: Arc<LocalSessionManager>,
    /// The most sessions open at once.
    max: usize,
    /// Lets one request at a time open a session.
    opening: Arc<tokio::sync::Mutex<()>>,
    /// The largest request body, in bytes (rmcp's own limit).
    max_body: usize,
    /// How long a body may take to arrive ([`McpHttpOptions::body_timeout`]).
    body_timeout: Duration,
    /// What the bodies being received may hold at once, as `serve`'s
    /// ([`crate::wire::BODY_BUDGET_BYTES`]; review 58: 150 stalled 4 MiB bodies held 641 MiB).
    body_budget: BodyBudget,
}

/// Reads every POST's body first, within `body_timeout` (408 after it; 413 past `max_body`),
/// then answers 503 for an `initialize` without `Mcp-Session-Id` (it would open a session) while
/// `max` are open. Such requests go one at a time, from the count to the new session's
/// registration, so concurrent ones cannot all see room for one more.
///
/// A client that sends its body slowly (a laptop asleep mid-request) holds nothing but its own
/// connection, for at most `body_timeout`, and only one that initializes waits for the lock, so
/// requests of the stateless protocol (2026-07-28, no session id) run side by side. Before, every
/// POST without a session id took the lock before its body was read and kept it until rmcp
/// answered: one stalled `initialize` kept every new client out, and stateless tool calls ran one
/// at a time (review 48); and a POST with a session id had its body read by rmcp, with no limit
/// on how long it took, while shutdown waited for it.
async fn limit_sessions(State(limit): State<SessionLimit>, request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    let in_session = request.headers().contains_key("mcp-session-id");
    let (parts, body) = request.into_parts();
    let max_body = limit.max_body;
    let read = tokio::time::timeout(limit.body_timeout, read_body(&parts.headers, body, max_body, &limit.body_budget));
    let bytes = match read.await {
        Ok(Ok(bytes)) => axum::body::Bytes::from(bytes),
        Ok(Err(BodyError::TooLarge)) => {
            return (StatusCode::PAYLOAD_TOO_LARGE, format!("the request body is over {max_body} bytes")).into_response();
        }
        Ok(Err(BodyError::Read(e))) => return (StatusCode::BAD_REQUEST, format!("the request body could not be read: {e}")).into_response(),
        Err(_) => {
            let message = format!("the request body did not arrive within {} s", limit.body_timeout.as_secs_f64());
            return (StatusCode::REQUEST_TIMEOUT, message).into_response();
        }
    };
    let opens = !in_session && initializes(&bytes);
    let request = Request::from_parts(parts, axum::body::Body::from(bytes));
    if !opens {
        return next.run(request).await;
    }
    let _one_at_a_time = limit.opening.lock().await;
    let max = limit.max;
    if limit.manager.sessions.read().await.len() >= max {
        tracing::warn!(target: "trove::mcp", "refused a new session: {max} are open");
        return (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "5")], "too many MCP sessions are open; end one (DELETE) or try again later")
            .into_response();
    }
    next.run(request).await
}

/// Whether a JSON-RPC message (or batch) holds an `initialize` request. A body that is not JSON
/// counts as one: rmcp answers it at once, under the lock as before.
fn initializes(body: &[u8]) -> bool {
    let is_initialize = |message: &serde_json::Value| message.get("method").and_then(serde_json::Value::as_str) == Some("initialize");
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Array(batch)) => batch.iter().any(is_initialize),
        Ok(message) => is_initialize(&message),
        Err(_) => true,
    }
}

/// Every response's body, metered out of the endpoint's answer budget
/// ([`McpHttpOptions::answer_budget_bytes`]).
async fn meter_answers(State(budget): State<AnswerBudget>, response: Response) -> Response {
    let (parts, body) = response.into_parts();
    Response::from_parts(parts, budget.meter(body))
}

/// 401 unless the request carries `Authorization: Bearer <token>`.
async fn require_bearer(State(token): State<Arc<str>>, request: Request, next: Next) -> Response {
    // The scheme is case-insensitive (RFC 7235 §2.1); the token is compared as bytes.
    let presented = request.headers().get(header::AUTHORIZATION).map(|v| v.as_bytes()).and_then(|v| {
        let (scheme, rest) = v.split_at_checked(6)?;
        (scheme.eq_ignore_ascii_case(b"bearer") && rest.first().is_some_and(|c| *c == b' ' || *c == b'\t')).then(|| rest.trim_ascii())
    });
    match presented {
        Some(p) if constant_time_eq::constant_time_eq(p, token.as_bytes()) => next.run(request).await,
        Some(_) => unauthorized("the bearer token is wrong"),
        None => unauthorized("this endpoint needs Authorization: Bearer <token> (the token in the server's --token-file)"),
    }
}

fn unauthorized(message: &'static str) -> Response {
    (StatusCode::UNAUTHORIZED, [(header::WWW_AUTHENTICATE, "Bearer")], message).into_response()
}
