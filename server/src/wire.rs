//! The Trove wire over HTTP (contract §4): an axum [`Router`] that serves each loaded toolkit at
//! `/<toolkit-id>` (and at `/` when exactly one toolkit is served).
//!
//! | request | answer |
//! |---|---|
//! | `GET` | 200 `{ "tools": [...] }` (the tool list exactly as the SDK serves it) |
//! | `POST` a call | 200 with the call's envelope (a malformed call gets the SDK's `BAD_REQUEST`) |
//! | `POST` bad JSON | 200 `BAD_REQUEST` `invalid JSON body` |
//! | `POST` a body over the limit | 413 `BAD_REQUEST` `request body exceeds <n> bytes` |
//! | `POST` while the toolkit is overloaded or cannot start | 503, `retry-after: 1`, retryable `TOOL_ERROR` |
//! | `POST` still running when a shutdown's grace period runs out | 503, `retry-after: 1`, retryable `TOOL_ERROR` ([`STOPPED_MESSAGE`]) |
//! | `POST` whose answer finds no room: the answers their clients have not yet read hold the answer budget ([`ANSWER_BUDGET_BYTES`]) | 503, `retry-after: 1`, retryable `TOOL_ERROR` ([`UNREAD_ANSWERS_MESSAGE`]) |
//! | any other method | 405 `BAD_REQUEST` `method not allowed` (`allow: GET, POST`) |
//! | a path that names no served toolkit | 404 `BAD_REQUEST` naming the served paths |
//! | an HTTP/1.1 request without a `Host` header (RFC 9112 §3.2) | 400 `BAD_REQUEST` |
//! | a request from a web page (an `Origin` header), or, on a loopback address, for a host name that is not local | 403 `BAD_REQUEST` |
//!
//! The last row keeps web pages out: without it any page the user visits could make the browser
//! `POST` calls (a form or `fetch` with `no-cors` needs no preflight) that run with the user's
//! local secrets, and a DNS-rebinding page could read the answers too. Wire clients (the platform,
//! `curl`, SDKs) send no `Origin`; a browser always sends one on a cross-origin `POST`.
//!
//! The body is parsed with serde_json before it reaches the runtime (a leading byte order mark
//! dropped, as the SDK's `request.json()` drops it), so the bodies that `JSON.parse` takes and
//! serde_json refuses, a lone UTF-16 surrogate escape (`"\ud800"`), a number beyond f64
//! (`1e400`) and arrays or objects nested more than 128 deep, are answered `invalid JSON body`
//! where the SDK would parse them.
//!
//! Every envelope the server makes itself is an [`Envelope::failure`]; everything else comes
//! from the runtime. Each `POST` (and each refused request) writes one access-log line, target
//! `trove::access`, level info: toolkit, tool, user, `ok` or the failure code, HTTP status and
//! duration. Arguments, bodies and provider values are never logged.

use std::collections::BTreeMap;
use std::fmt;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::http::header::{ALLOW, HOST, ORIGIN, RETRY_AFTER};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::{Json, Router};
use serde::{Deserialize as _, Serialize};
use serde_json::Value;
use trove_host::{CallError, Envelope, ErrorCode, ToolkitHandle};
use tokio_util::sync::CancellationToken;
use trove_host_ops::{CallEnv, ToolCall};

pub use crate::body::{ANSWER_BUDGET_BYTES, BODY_BUDGET_BYTES, BODY_READ_TIMEOUT};
use crate::body::{read_body, AnswerBudget, BodyBudget, BodyError};
use crate::serve::ServeOptions;
use crate::env::EnvSource;

/// The default limit on a call's body: 1 MiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 1024 * 1024;

/// Longest tool name or user id written to the access log (the rest is cut).
const LOGGED_FIELD_CHARS: usize = 128;

/// The toolkits a server serves, by manifest id. Read on every request, so a reload
/// ([`Registry::insert`] of a new handle for the same id) takes effect for the next call while
/// calls in flight finish on the handle they started with. `Send + Sync`.
#[derive(Default)]
pub struct Registry {
    toolkits: RwLock<BTreeMap<String, ToolkitHandle>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Serves `handle` at `/<its id>`; returns the handle it replaces, if any.
    pub fn insert(&self, handle: ToolkitHandle) -> Option<ToolkitHandle> {
        self.write().insert(handle.id().to_owned(), handle)
    }

    /// The handle served as `id`.
    pub fn get(&self, id: &str) -> Option<ToolkitHandle> {
        self.read().get(id).cloned()
    }

    /// The served ids, sorted.
    pub fn ids(&self) -> Vec<String> {
        self.read().keys().cloned().collect()
    }

    /// The served handles, sorted by id.
    pub fn handles(&self) -> Vec<ToolkitHandle> {
        self.read().values().cloned().collect()
    }

    /// How many toolkits are served.
    pub fn len(&self) -> usize {
        self.read().len()
    }

    /// Whether no toolkit is served.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The handle, when exactly one toolkit is served (it is then also served at `/`).
    fn only(&self) -> Option<ToolkitHandle> {
        let toolkits = self.read();
        if toolkits.len() == 1 {
            toolkits.values().next().cloned()
        } else {
            None
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, BTreeMap<String, ToolkitHandle>> {
        // A panic while holding the lock cannot leave the map half-written (insert is one call).
        self.toolkits.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, BTreeMap<String, ToolkitHandle>> {
        self.toolkits.write().unwrap_or_else(|e| e.into_inner())
    }
}

impl fmt::Debug for Registry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry").field("ids", &self.ids()).finish()
    }
}

#[derive(Clone)]
struct WireState {
    registry: Arc<Registry>,
    env: Arc<dyn EnvSource>,
    max_body_bytes: usize,
    body_timeout: std::time::Duration,
    in_flight: Arc<AtomicUsize>,
    local_hosts_only: bool,
    /// What the bodies being received may hold at once ([`BODY_BUDGET_BYTES`]).
    body_budget: BodyBudget,
    /// What the answers not yet taken by their clients may hold at once
    /// ([`ANSWER_BUDGET_BYTES`]).
    answers: AnswerBudget,
    /// Cancelled when a shutdown's grace period has run out: the calls still running are
    /// answered 503 (retryable) instead of having their connections cut.
    stopping: CancellationToken,
}

/// The wire router for the toolkits in `registry`, with per-call providers from `env` and call
/// bodies limited to `max_body_bytes`. Mount it in an axum app of your own, or let
/// [`crate::Server`] serve it. It refuses requests that carry an `Origin` header (web pages);
/// the check of the `Host` header that [`crate::Server`] adds on a loopback address is the
/// embedder's to make.
pub fn router(registry: Arc<Registry>, env: Arc<dyn EnvSource>, max_body_bytes: usize) -> Router {
    let options = ServeOptions { max_body_bytes, ..ServeOptions::default() };
    router_counting(registry, env, &options, Arc::default(), false, CancellationToken::new())
}

/// [`router`] with `options`' limits, counting the calls in flight in `in_flight` (for
/// shutdown's report), with `local_hosts_only` refusing a `Host` header that does not name this
/// machine's loopback, and answering the calls still running 503 once `stopping` is cancelled.
pub(crate) fn router_counting(
    registry: Arc<Registry>,
    env: Arc<dyn EnvSource>,
    options: &ServeOptions,
    in_flight: Arc<AtomicUsize>,
    local_hosts_only: bool,
    stopping: CancellationToken,
) -> Router {
    let state = WireState {
        registry,
        env,
        max_body_bytes: options.max_body_bytes,
        body_timeout: options.body_timeout,
        in_flight,
        local_hosts_only,
        body_budget: BodyBudget::new(options.max_body_bytes),
        answers: AnswerBudget::new(options.answer_budget_bytes),
        stopping,
    };
    Router::new()
        // `/`, and every other path that names no toolkit: the only one served, else a 404.
        .route("/{id}", any(at_id))
        // A client whose base URL ends in `/` asks for `/<id>/`: the same toolkit.
        .route("/{id}/", any(at_id))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(state.clone(), refuse_web_pages))
        .with_state(state)
}

/// Answers 403 to what a browser sends on a web page's behalf (see the module docs).
async fn refuse_web_pages(State(state): State<WireState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let refused = if request.version() == axum::http::Version::HTTP_11 && !headers.contains_key(HOST) {
        // RFC 9112 §3.2: an HTTP/1.1 request without a Host header is answered 400 (review 33).
        Some((StatusCode::BAD_REQUEST, "a request must carry a host header".to_owned()))
    } else if headers.contains_key(ORIGIN) {
        Some((StatusCode::FORBIDDEN, "requests from web pages (with an Origin header) are refused".to_owned()))
    } else if headers.get_all(HOST).iter().nth(1).is_some() {
        // As the MCP gate: which of several a later reader takes is not ours to guess.
        Some((StatusCode::FORBIDDEN, "a request may carry one host header, not several".to_owned()))
    } else if state.local_hosts_only {
        // An absolute-form target (`GET http://name/x`) names the host the request is for, and
        // RFC 9112 §3.2.2 has it override `Host`: both must name the loopback (review 38).
        let target = request.uri().authority().map(|a| a.as_str().to_owned());
        let refused = headers.get(HOST).map(|host| String::from_utf8_lossy(host.as_bytes()).into_owned()).into_iter().chain(target);
        refused.filter(|name| !is_local_host(name)).next().map(|name| {
            (StatusCode::FORBIDDEN, format!("host {name:?} is refused: this server answers only to localhost"))
        })
    } else {
        None
    };
    let Some((status, message)) = refused else { return next.run(request).await };
    let started = Instant::now();
    let envelope = Envelope::failure(message, ErrorCode::BadRequest, false);
    let id = served_id(request.uri().path());
    access(state.registry.get(id).as_ref(), &CallFields::default(), &envelope, status, started);
    (status, Json(envelope)).into_response()
}

/// Whether a `Host` header value (`name[:port]`, [`crate::host_header::parse`]) names the
/// loopback ([`is_loopback_name`]).
fn is_local_host(value: &str) -> bool {
    crate::host_header::parse(value).is_some_and(|(name, _)| is_loopback_name(&name))
}

/// Whether a host name (no port; an IPv6 address without brackets) names the loopback:
/// `localhost`, `*.localhost`, `127.x.x.x` or `::1`. The wire's and MCP's one rule.
pub(crate) fn is_loopback_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost") || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

async fn at_id(State(state): State<WireState>, request: Request) -> Response {
    let id = served_id(request.uri().path());
    match state.registry.get(id) {
        Some(handle) => toolkit(&state, handle, request).await,
        None => not_found(State(state), request).await,
    }
}

/// The toolkit id a path `/<id>` or `/<id>/` names. The raw segment: a served id is
/// `[a-z0-9-]+`, so anything percent-encoded (`/%74k`) names no toolkit.
fn served_id(path: &str) -> &str {
    let id = path.strip_prefix('/').unwrap_or(path);
    id.strip_suffix('/').unwrap_or(id)
}

/// A path that names no served toolkit. With one toolkit served, it is that toolkit's: contract
/// §4's wire answers `GET` on any path with the tool list and `POST` with the envelope, as the
/// SDK's fetch handler does (review 45, R45-10). With several, a 404 envelope naming the paths.
async fn not_found(State(state): State<WireState>, request: Request) -> Response {
    if let Some(handle) = state.registry.only() {
        return toolkit(&state, handle, request).await;
    }
    let started = Instant::now();
    let served: Vec<String> = state.registry.ids().iter().map(|id| format!("/{id}")).collect();
    let served = if served.is_empty() { "no toolkits".to_owned() } else { served.join(", ") };
    let path: String = request.uri().path().chars().take(200).collect();
    let envelope = Envelope::failure(
        format!("no toolkit at {path:?}; this server serves {served}"),
        ErrorCode::BadRequest,
        false,
    );
    access(None, &CallFields::default(), &envelope, StatusCode::NOT_FOUND, started);
    (StatusCode::NOT_FOUND, Json(envelope)).into_response()
}

#[derive(Serialize)]
struct ToolList<'a> {
    tools: &'a Value,
}

async fn toolkit(state: &WireState, handle: ToolkitHandle, request: Request) -> Response {
    match *request.method() {
        Method::GET => {
            tracing::debug!(target: "trove::access", toolkit = %handle.id(), "tool list");
            Json(ToolList { tools: handle.tools_json() }).into_response()
        }
        Method::POST => {
            // The call runs on a task of its own, which ends when the client goes away (hyper
            // drops this handler when the connection closes): see `Abandoned`.
            let counted = InFlight::enter(&state.in_flight);
            let state = state.clone();
            let call_handle = handle.clone();
            let stopping = state.stopping.clone();
            let answers = state.answers.clone();
            let started = Instant::now();
            // The call's tool and user, once its body is read: the access line of a call the
            // shutdown stops names them too.
            let seen = Arc::new(std::sync::Mutex::new(CallFields::default()));
            let seen_by_call = seen.clone();
            let mut task = tokio::spawn(async move {
                let _counted = counted;
                let (fields, answer) = call(&state, &call_handle, request, &seen_by_call).await;
                access(Some(&call_handle), &fields, answer.envelope(), answer.status(), started);
                answer
            });
            let mut abandoned = Abandoned { task: Some(task.abort_handle()), handle: handle.clone(), seen: seen.clone(), started };
            let answer = tokio::select! {
                joined = &mut task => match joined {
                    Ok(answer) => {
                        let status = answer.status();
                        match answers.hold(answer.into_response()).await {
                            Some(response) => response,
                            None => {
                                tracing::warn!(
                                    target: "trove::serve",
                                    toolkit = %handle.id(),
                                    "a call's answer (status {status}) was not sent: the answers other clients have not read hold the server's answer budget"
                                );
                                Answer::Unavailable(Envelope::failure(UNREAD_ANSWERS_MESSAGE, ErrorCode::ToolError, true)).into_response()
                            }
                        }
                    }
                    Err(e) => {
                        tracing::error!(target: "trove::serve", toolkit = %handle.id(), "a call's task ended abnormally: {e}");
                        let envelope = Envelope::failure("tool failed", ErrorCode::ToolError, false);
                        (StatusCode::INTERNAL_SERVER_ERROR, Json(envelope)).into_response()
                    }
                },
                () = stopping.cancelled() => {
                    let answer = Answer::Unavailable(Envelope::failure(STOPPED_MESSAGE, ErrorCode::ToolError, true));
                    let fields = seen.lock().map(|f| f.clone()).unwrap_or_default();
                    access(Some(&handle), &fields, answer.envelope(), answer.status(), started);
                    answer.into_response()
                }
            };
            abandoned.task = None;
            answer
        }
        _ => {
            let started = Instant::now();
            let envelope = Envelope::failure("method not allowed", ErrorCode::BadRequest, false);
            access(Some(&handle), &CallFields::default(), &envelope, StatusCode::METHOD_NOT_ALLOWED, started);
            (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, HeaderValue::from_static("GET, POST"))], Json(envelope)).into_response()
        }
    }
}

/// A `POST` whose client went away before its answer: hyper drops the handler when the
/// connection closes, and this ends the call's task with it. A call still queued leaves the
/// queue at once (its place and its admission permit go to the next caller); one an instance
/// is running finishes there, unanswered (docs/host.md, "A call", 5–6). Before, the task ran
/// on: five clients that gave up on queued calls made a live one wait for all five, and a
/// retrying proxy ran a call twice (review 48). The access line says `status=499` (the client
/// closed the request, as nginx writes it).
struct Abandoned {
    /// The call's task, until the handler has its answer.
    task: Option<tokio::task::AbortHandle>,
    handle: ToolkitHandle,
    seen: Arc<std::sync::Mutex<CallFields>>,
    started: Instant,
}

/// The access line's status of a call whose client went away.
const CLIENT_CLOSED: u16 = 499;

impl Drop for Abandoned {
    fn drop(&mut self) {
        let Some(task) = self.task.take() else { return };
        if task.is_finished() {
            return;
        }
        task.abort();
        let fields = self.seen.lock().map(|f| f.clone()).unwrap_or_default();
        let envelope = Envelope::failure("the client closed the connection before the answer", ErrorCode::ToolError, true);
        let status = StatusCode::from_u16(CLIENT_CLOSED).unwrap_or(StatusCode::BAD_REQUEST);
        access(Some(&self.handle), &fields, &envelope, status, self.started);
    }
}

/// The answer (503, retryable) to a call still running when the server stops at the end of
/// its grace period.
pub const STOPPED_MESSAGE: &str = "the server stopped before the call finished (its shutdown grace period ran out)";

/// The answer (503, retryable) to a call whose answer found no room in [`ANSWER_BUDGET_BYTES`]
/// (`crate::body`): the call ran, but its answer is not sent.
pub const UNREAD_ANSWERS_MESSAGE: &str =
    "the server is holding too many answers its clients have not read; the call ran, but its answer could not be sent";

/// What a `POST` is answered with.
enum Answer {
    /// 200 (the call's envelope, or bad JSON), 413.
    Plain(StatusCode, Envelope),
    /// 503 with `retry-after`.
    Unavailable(Envelope),
}

impl Answer {
    fn envelope(&self) -> &Envelope {
        match self {
            Self::Plain(_, e) | Self::Unavailable(e) => e,
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::Plain(status, _) => *status,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        match self {
            Self::Plain(status, envelope) => (status, Json(envelope)).into_response(),
            Self::Unavailable(envelope) => {
                (StatusCode::SERVICE_UNAVAILABLE, [(RETRY_AFTER, HeaderValue::from_static("1"))], Json(envelope)).into_response()
            }
        }
    }
}

/// The call's tool and user, for the access log (when they are strings).
#[derive(Default, Clone)]
struct CallFields {
    tool: Option<String>,
    user: Option<String>,
}

/// Reads, parses and runs one call; `seen` gets its tool and user as soon as they are read.
async fn call(state: &WireState, handle: &ToolkitHandle, request: Request, seen: &std::sync::Mutex<CallFields>) -> (CallFields, Answer) {
    let mut fields = CallFields::default();
    // A body must arrive within the body timeout: one that trickles in (or stops short of its
    // content-length) would otherwise hold a connection, its buffer and the shutdown's grace.
    let (parts, body) = request.into_parts();
    let body = match tokio::time::timeout(state.body_timeout, read_body(&parts.headers, body, state.max_body_bytes, &state.body_budget)).await {
        Err(_) => {
            let message = format!("the request body did not arrive within {} s", state.body_timeout.as_secs_f64());
            return (fields, Answer::Plain(StatusCode::REQUEST_TIMEOUT, Envelope::failure(message, ErrorCode::BadRequest, false)));
        }
        Ok(Ok(body)) => body,
        Ok(Err(BodyError::TooLarge)) => {
            let message = format!("request body exceeds {} bytes", state.max_body_bytes);
            return (fields, Answer::Plain(StatusCode::PAYLOAD_TOO_LARGE, Envelope::failure(message, ErrorCode::BadRequest, false)));
        }
        Ok(Err(BodyError::Read(reason))) => {
            tracing::debug!(target: "trove::serve", toolkit = %handle.id(), "cannot read a request body: {reason}");
            let envelope = Envelope::failure("cannot read the request body", ErrorCode::BadRequest, false);
            return (fields, Answer::Plain(StatusCode::BAD_REQUEST, envelope));
        }
    };
    // A leading UTF-8 byte order mark is dropped, as `Request.json()`'s UTF-8 decode drops it.
    let text = body.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(&body);
    let Ok(raw) = serde_json::from_slice::<Value>(text) else {
        return (fields, Answer::Plain(StatusCode::OK, Envelope::failure("invalid JSON body", ErrorCode::BadRequest, false)));
    };
    // Whole: the access log redacts before it cuts, so a secret across the cut is not left
    // half written (hostile review).
    fields.tool = raw.get("tool").and_then(Value::as_str).map(str::to_owned);
    fields.user = raw.get("userId").and_then(Value::as_str).map(str::to_owned);
    if let Ok(mut seen) = seen.lock() {
        *seen = fields.clone();
    }
    // A call the runtime will run gets its providers; any other value goes to the runtime
    // without them, which answers it with the SDK's `BAD_REQUEST`.
    let env = match runnable_call(&raw) {
        Some(parsed) => match state.env.env(handle, &parsed) {
            Ok(env) => env,
            Err(reason) => {
                tracing::error!(
                    target: "trove::serve",
                    toolkit = %handle.id(),
                    tool = %Shown(fields.tool.as_deref()),
                    "the call's providers failed: {}",
                    handle.redact(&reason)
                );
                let envelope = Envelope::failure("tool failed", ErrorCode::ToolError, false);
                return (fields, Answer::Plain(StatusCode::OK, envelope));
            }
        },
        None => CallEnv::default(),
    };
    match handle.call_json(raw, env).await {
        Ok(outcome) => (fields, Answer::Plain(StatusCode::OK, outcome.envelope)),
        Err(error) => {
            match &error {
                CallError::Overloaded { .. } => {
                    tracing::warn!(target: "trove::serve", toolkit = %handle.id(), "{error}");
                }
                CallError::Unavailable { .. } | CallError::Stuck { .. } => {
                    tracing::error!(target: "trove::serve", toolkit = %handle.id(), "{error}");
                }
            }
            (fields, Answer::Unavailable(error.envelope()))
        }
    }
}

/// The call as the [`EnvSource`] sees it, when the runtime will run it: an object whose `tool`
/// is a string (anything else gets `BAD_REQUEST`, contract §4). The SDK checks nothing else, so
/// a call whose other fields have the wrong type (`"userId": 5`) runs too; it must not run
/// with [`CallEnv::default`] (the host's network instead of the embedder's transport), so such
/// fields are read the way the runtime reads them: a non-string `userId` as `""`, `scopes` as
/// its strings, a non-string `ctxToken`/`callbackBase` as absent.
fn runnable_call(raw: &Value) -> Option<ToolCall> {
    let object = raw.as_object()?;
    let tool = object.get("tool")?.as_str()?;
    if let Ok(call) = ToolCall::deserialize(raw) {
        return Some(call);
    }
    let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
    let args = object.get("args").cloned().unwrap_or(Value::Null);
    let mut call = ToolCall::new(tool, args, text("userId").unwrap_or_default());
    call.ctx_token = text("ctxToken");
    call.callback_base = text("callbackBase");
    call.scopes = object
        .get("scopes")
        .and_then(Value::as_array)
        .map(|scopes| scopes.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect());
    call.config = object.get("config").filter(|c| !c.is_null()).cloned();
    Some(call)
}

/// `s` cut to [`LOGGED_FIELD_CHARS`] characters, or just past a `[redacted]` marker the cut
/// would split.
fn shorten(s: &str) -> String {
    let Some((cut, _)) = s.char_indices().nth(LOGGED_FIELD_CHARS) else {
        return s.to_owned();
    };
    let marker = trove_host_ops::redact::REDACTED;
    let end = s
        .match_indices(marker)
        .map(|(at, m)| (at, at + m.len()))
        .find(|&(start, end)| start < cut && cut < end)
        .map_or(cut, |(_, end)| end);
    s[..end].to_owned()
}

/// A logged string field: quoted and escaped (no control characters reach the log), `-` when
/// absent.
struct Shown<'a>(Option<&'a str>);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(s) => write!(f, "{s:?}"),
            None => f.write_str("-"),
        }
    }
}

/// `ok` or the failure's code (`TOOL_ERROR`, …).
fn outcome(envelope: &Envelope) -> String {
    match envelope.code() {
        None => "ok".to_owned(),
        Some(code) => serde_json::to_value(code).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default(),
    }
}

/// The access-log line of one request. The call's own fields are redacted like every other line
/// about the toolkit's calls: a user id or tool name that holds a secret value of 8 bytes or
/// more the toolkit has resolved is not written out (shorter values are not looked for in these
/// client-sent fields, or one tenant's one-letter secret would garble every tenant's line).
fn access(handle: Option<&ToolkitHandle>, fields: &CallFields, envelope: &Envelope, status: StatusCode, started: Instant) {
    let duration_ms = (started.elapsed().as_secs_f64() * 10_000.0).round() / 10.0;
    // Redacted first, then cut: a value that crosses the cut is still found whole.
    let redacted = |field: &Option<String>| match (handle, field) {
        (Some(h), Some(text)) => Some(shorten(&h.redact_field(text))),
        (_, field) => field.as_deref().map(shorten),
    };
    let (tool, user) = (redacted(&fields.tool), redacted(&fields.user));
    tracing::info!(
        target: "trove::access",
        toolkit = handle.map_or("-", |h| h.id()),
        tool = %Shown(tool.as_deref()),
        user = %Shown(user.as_deref()),
        outcome = %outcome(envelope),
        status = status.as_u16(),
        duration_ms,
        "call"
    );
}

/// Counts a call in flight for as long as it lives.
pub(crate) struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    pub(crate) fn enter(counter: &Arc<AtomicUsize>) -> Self {
        counter.fetch_add(1, Ordering::SeqCst);
        Self(counter.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::is_local_host;

    #[test]
    fn local_host_names() {
        for local in ["localhost", "localhost:8788", "LOCALHOST.", "app.localhost:1", "127.0.0.1:8788", "127.1.2.3", "[::1]:8788", "[::1]"] {
            assert!(is_local_host(local), "{local}");
        }
        for other in [
            "example.com",
            "example.com:8788",
            "localhost.example.com",
            "10.0.0.1:8788",
            "[::2]:80",
            "0.0.0.0",
            "",
            "127.0.0.1.nip.io",
            "localhost:abc",
            "evil.example@localhost",
        ] {
            assert!(!is_local_host(other), "{other}");
        }
    }
}

#[cfg(test)]
mod runnable {
    use serde_json::json;

    use super::runnable_call;

    #[test]
    fn only_calls_the_runtime_will_run_get_providers() {
        for malformed in [json!([1]), json!("x"), json!(null), json!({ "tool": 7 }), json!({ "args": {} })] {
            assert!(runnable_call(&malformed).is_none(), "{malformed}");
        }
        let odd = runnable_call(&json!({ "tool": "t", "args": { "a": 1 }, "userId": 5, "ctxToken": 1, "callbackBase": "https://p",
                                         "scopes": ["trove:search", 3], "config": null }))
        .expect("runnable");
        assert_eq!((odd.tool.as_str(), &odd.args, odd.user_id.as_str()), ("t", &json!({ "a": 1 }), ""));
        assert_eq!((odd.ctx_token, odd.callback_base.as_deref()), (None, Some("https://p")));
        assert_eq!(odd.scopes, Some(vec!["trove:search".to_owned()]));
        assert_eq!(odd.config, None);
        let typed = runnable_call(&json!({ "tool": "t", "userId": "u", "scopes": ["trove:ingest"], "config": { "k": 1 } })).unwrap();
        assert_eq!((typed.user_id.as_str(), typed.config), ("u", Some(json!({ "k": 1 }))));
    }
}
