//! A loaded toolkit: one isolate with the toolkit's module graph evaluated, its tool list and
//! manifest, ready for many calls.
//!
//! Loading creates the isolate once; [`Toolkit::call`] reuses it, so module-level state
//! carries over between calls (like a Worker) and isolate creation is never on the per-call
//! path. Per-call state goes into `OpState` as a [`CallState`] for exactly one call.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use deno_core::{v8, JsRuntime, PollEventLoopOptions};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use trove_host_ops::egress::oauth::TokenCache;
use trove_host_ops::egress::OAuthClient;
use trove_host_ops::manifest::ManifestPolicy;
use trove_host_ops::{CallEnv, CallRecord, CallState, Ledger, ToolkitScope};

use crate::isolate::{new_isolate, HostDoor};
use crate::loader::ToolkitLoader;

/// A call, as the Trove server sends it (contract §4).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    /// The tool's name.
    pub tool: String,
    /// Arguments (parsed with the tool's input schema). May be `null`.
    #[serde(default)]
    pub args: Value,
    /// The platform's short-lived token for remote callbacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ctx_token: Option<String>,
    /// Base URL of the platform's `/internal/*` callbacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_base: Option<String>,
    /// The caller's user id.
    #[serde(default)]
    pub user_id: String,
    /// The call's scopes (`trove:search`, `trove:ingest`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scopes: Option<Vec<String>>,
    /// The user's settings for this toolkit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<Value>,
}

impl ToolCall {
    /// A call of `tool` with `args` by `user_id`, no scopes, no config.
    pub fn new(tool: impl Into<String>, args: Value, user_id: impl Into<String>) -> Self {
        Self { tool: tool.into(), args, ctx_token: None, callback_base: None, user_id: user_id.into(), scopes: None, config: None }
    }
}

/// The result of a call: the envelope (contract §4) and what the call did.
#[derive(Debug, Clone, Serialize)]
pub struct CallOutcome {
    /// `{ ok: true, result, structuredContent? }` or `{ ok: false, error, retryable, code }`.
    pub envelope: Value,
    /// Egress requests, platform callbacks and log lines of the call.
    pub record: CallRecord,
}

impl CallOutcome {
    /// Whether the envelope says `ok: true`.
    pub fn is_ok(&self) -> bool {
        self.envelope.get("ok") == Some(&Value::Bool(true))
    }
}

/// Why a toolkit did not load. `Display` gives a message naming the file and every problem.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LoadError {
    /// The path is not a toolkit (no such file, no `extension.ts`/`server.ts`).
    #[error("{0}")]
    NotFound(String),
    /// Resolving, reading or transpiling a module failed (bad specifier, syntax error).
    #[error("{0}")]
    Module(String),
    /// The toolkit threw while it was imported, e.g. `defineToolkit` refused the config.
    /// `message` is the thrown error's message (the SDK's exact text).
    #[error("{entry}: {message}")]
    Threw {
        /// The entry file.
        entry: String,
        /// The thrown error's message.
        message: String,
        /// The JavaScript stack, source-mapped to the `.ts` lines.
        stack: Option<String>,
    },
}

impl LoadError {
    /// The bare message (for `Threw`, exactly what the toolkit threw).
    pub fn message(&self) -> &str {
        match self {
            Self::NotFound(m) | Self::Module(m) => m,
            Self::Threw { message, .. } => message,
        }
    }
}

/// `<id>@<12 hex digits of SHA-256 of the canonical directory>` (see
/// [`Toolkit::bind_namespace_to_location`]).
pub fn location_namespace(id: &str, root: &Path) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(root.to_string_lossy().as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("{id}@{hex}")
}

/// Finds a toolkit's entry file: `path` itself if it is a file, else `extension.ts`, else
/// `server.ts` inside it. Returns `(root directory, entry file)`, both canonical.
pub fn find_entry(path: &Path) -> Result<(PathBuf, PathBuf), LoadError> {
    let canonical = path
        .canonicalize()
        .map_err(|e| LoadError::NotFound(format!("{}: {e}", path.display())))?;
    if canonical.is_file() {
        let root = canonical.parent().expect("a file has a parent").to_path_buf();
        return Ok((root, canonical));
    }
    for name in ["extension.ts", "server.ts"] {
        let candidate = canonical.join(name);
        if candidate.is_file() {
            return Ok((canonical, candidate));
        }
    }
    Err(LoadError::NotFound(format!("{}: no extension.ts or server.ts in this directory", path.display())))
}

#[derive(Deserialize)]
struct Described {
    tools: Value,
    manifest: Value,
    #[serde(default)]
    auth: Value,
}

static CALL_IDS: AtomicU64 = AtomicU64::new(1);

/// Limits on a toolkit's isolate. A call that exceeds them fails with a `TOOL_ERROR`
/// envelope; the host and other toolkits are unaffected.
#[derive(Debug, Clone, Copy)]
pub struct IsolateLimits {
    /// Longest one call may take, JavaScript and awaited ops together. A synchronous runaway
    /// loop is interrupted (QuickJS's interrupt handler; V8's `TerminateExecution`). Default 60 s.
    pub call_timeout: Duration,
    /// Heap ceiling of the isolate, in bytes. Default 256 MiB.
    pub max_heap_bytes: usize,
}

impl Default for IsolateLimits {
    fn default() -> Self {
        Self { call_timeout: Duration::from_secs(60), max_heap_bytes: 256 * 1024 * 1024 }
    }
}

/// Interrupts a synchronous runaway script after a timeout, from another thread (the event
/// loop cannot run while JavaScript spins). Disarmed when dropped.
struct Watchdog {
    done: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watchdog {
    fn arm(runtime: &mut JsRuntime, stopped: &Arc<AtomicU8>, timeout: Duration) -> Self {
        let (done, done_rx) = std::sync::mpsc::channel::<()>();
        let handle = runtime.v8_isolate().thread_safe_handle();
        let stopped = stopped.clone();
        let thread = std::thread::spawn(move || {
            if done_rx.recv_timeout(timeout) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                stopped.store(STOPPED_TIMEOUT, Ordering::SeqCst);
                handle.terminate_execution();
            }
        });
        Self { done: Some(done), thread: Some(thread) }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.done.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Checks the envelope's shape (contract §4) before it leaves the host: toolkit code runs in
/// the same isolate as the code that builds it.
fn check_envelope(v: &Value) -> Result<(), String> {
    let obj = v.as_object().ok_or("not an object")?;
    match obj.get("ok") {
        Some(Value::Bool(true)) => {
            let result = obj.get("result").and_then(Value::as_object).ok_or("result is not an object")?;
            if !result.get("text").is_some_and(Value::is_string) {
                return Err("result.text is not a string".into());
            }
            if result.keys().any(|k| k != "text" && k != "structured") {
                return Err("result has keys other than text and structured".into());
            }
            if obj.keys().any(|k| !["ok", "result", "structuredContent"].contains(&k.as_str())) {
                return Err("unexpected keys in a success envelope".into());
            }
        }
        Some(Value::Bool(false)) => {
            if !obj.get("error").is_some_and(Value::is_string) || !obj.get("retryable").is_some_and(Value::is_boolean) {
                return Err("error or retryable has the wrong type".into());
            }
            let code = obj.get("code").and_then(Value::as_str).unwrap_or_default();
            if !["INVALID_PARAMS", "UNKNOWN_TOOL", "TOOL_ERROR", "BAD_REQUEST"].contains(&code) {
                return Err(format!("unknown code {code:?}"));
            }
            if obj.len() != 4 {
                return Err("unexpected keys in a failure envelope".into());
            }
        }
        _ => return Err("ok is not a boolean".into()),
    }
    Ok(())
}

/// Why the watchdog stopped a call (stored in an `AtomicU8`).
const STOPPED_NONE: u8 = 0;
const STOPPED_TIMEOUT: u8 = 1;
const STOPPED_HEAP: u8 = 2;

/// A loaded toolkit. Not `Send`: it owns its isolate; use it from the thread that loaded it.
pub struct Toolkit {
    runtime: JsRuntime,
    limits: IsolateLimits,
    stopped: Arc<AtomicU8>,
    door: HostDoor,
    definition: v8::Global<v8::Value>,
    tools: Value,
    manifest: Value,
    scope: ToolkitScope,
    entry: PathBuf,
    root: PathBuf,
}

fn js_error_to_load(entry: &Path, err: deno_core::error::CoreError) -> LoadError {
    match *err.0 {
        deno_core::error::CoreErrorKind::Js(js) => LoadError::Threw {
            entry: entry.display().to_string(),
            message: js.message.clone().unwrap_or_else(|| js.exception_message.clone()),
            stack: js.stack.clone(),
        },
        other => LoadError::Module(other.to_string()),
    }
}

impl Toolkit {
    /// Loads the toolkit at `path` (a directory with `extension.ts`/`server.ts`, or an entry
    /// file): creates its isolate, transpiles and evaluates its module graph, and reads its
    /// tool list and manifest. Fails with every problem `defineToolkit` found.
    pub async fn load(path: &Path) -> Result<Self, LoadError> {
        Self::load_with(path, IsolateLimits::default()).await
    }

    /// [`Self::load`] with explicit [`IsolateLimits`].
    pub async fn load_with(path: &Path, limits: IsolateLimits) -> Result<Self, LoadError> {
        let (root, entry) = find_entry(path)?;
        let loader = ToolkitLoader::new(root.clone(), &entry).map_err(LoadError::NotFound)?;
        let entry_url = loader.entry().clone();
        let mut runtime = new_isolate(loader, limits.max_heap_bytes);
        // Near the heap ceiling, stop the running script instead of letting the engine abort.
        let stopped = Arc::new(AtomicU8::new(STOPPED_NONE));
        {
            let handle = runtime.v8_isolate().thread_safe_handle();
            let stopped = stopped.clone();
            runtime.add_near_heap_limit_callback(move |current, _initial| {
                stopped.store(STOPPED_HEAP, Ordering::SeqCst);
                handle.terminate_execution();
                current.saturating_mul(2)
            });
        }
        let shown = entry.display().to_string();
        let watchdog = Watchdog::arm(&mut runtime, &stopped, limits.call_timeout);
        let evaluated = tokio::time::timeout(limits.call_timeout, Self::evaluate(&mut runtime, &entry, &entry_url, &shown)).await;
        drop(watchdog);
        let stop = stopped.swap(STOPPED_NONE, Ordering::SeqCst);
        let stop_message = |what: &str| {
            LoadError::Threw { entry: shown.clone(), message: what.to_owned(), stack: None }
        };
        let (definition, described) = match (evaluated, stop) {
            (_, STOPPED_HEAP) => return Err(stop_message(&format!("the toolkit exceeded its memory limit ({} bytes) while loading", limits.max_heap_bytes))),
            (Err(_), _) | (_, STOPPED_TIMEOUT) => {
                return Err(stop_message(&format!("the toolkit did not finish loading within {} s", limits.call_timeout.as_secs_f64())))
            }
            (Ok(result), _) => result?,
        };
        let door = runtime.op_state().borrow().borrow::<HostDoor>().clone();
        let described: Described =
            serde_json::from_str(&described).map_err(|e| LoadError::Module(format!("{shown}: bad description: {e}")))?;
        // The enforced policy is built from the manifest JSON that `manifest` shows, and every
        // policy field is checked again here: toolkit code shares the isolate with defineToolkit.
        let p = ManifestPolicy::from_json(&described.manifest, &described.auth).map_err(|problems| {
            LoadError::Module(format!("{shown}: the manifest's policy is invalid:\n  {}", problems.join("\n  ")))
        })?;
        let oauth = p.auth.map(|config| Arc::new(OAuthClient { config, cache: TokenCache::default() }));
        let scope = ToolkitScope::new(p.id, p.secrets, p.egress, oauth);
        runtime.op_state().borrow_mut().put(scope.clone());
        Ok(Self { runtime, limits, stopped, door, definition, tools: described.tools, manifest: described.manifest, scope, entry, root })
    }

    /// Evaluates the entry module and asks the bootstrap to describe its default export.
    /// Returns the definition and the description JSON.
    async fn evaluate(
        runtime: &mut JsRuntime,
        entry: &Path,
        entry_url: &deno_core::ModuleSpecifier,
        shown: &str,
    ) -> Result<(v8::Global<v8::Value>, String), LoadError> {
        let id = runtime.load_main_es_module(entry_url).await.map_err(|e| js_error_to_load(entry, e))?;
        let evaluated = runtime.mod_evaluate(id);
        runtime.run_event_loop(PollEventLoopOptions::default()).await.map_err(|e| js_error_to_load(entry, e))?;
        evaluated.await.map_err(|e| js_error_to_load(entry, e))?;

        let door = runtime.op_state().borrow().borrow::<HostDoor>().clone();
        let namespace = runtime.get_module_namespace(id).map_err(|e| LoadError::Module(e.to_string()))?;
        let (definition, name) = {
            deno_core::scope!(scope, runtime);
            let ns = v8::Local::new(scope, namespace);
            let key = v8::String::new(scope, "default").expect("string");
            let definition = ns.get(scope, key.into()).unwrap_or_else(|| v8::undefined(scope).into());
            let name = v8::String::new(scope, shown).expect("string");
            (v8::Global::new(scope, definition), v8::Global::new(scope, v8::Local::<v8::Value>::from(name)))
        };
        let pending = runtime.call_with_args(&door.describe, &[definition.clone(), name]);
        let described = runtime
            .with_event_loop_promise(pending, PollEventLoopOptions::default())
            .await
            .map_err(|e| js_error_to_load(entry, e))?;
        let described = {
            deno_core::scope!(scope, runtime);
            v8::Local::new(scope, described).to_rust_string_lossy(scope)
        };
        Ok((definition, described))
    }

    /// The toolkit's manifest id.
    pub fn id(&self) -> &str {
        &self.scope.id
    }

    /// `text` with every secret value this toolkit instance has resolved (in any call) replaced
    /// by `[redacted]`: for anything the host prints or writes about the toolkit's calls.
    pub fn redact(&self, text: &str) -> String {
        self.scope.redactor.lock().expect("redactor").redact_str(text)
    }

    /// [`Self::redact`] for every string and key of a JSON value.
    pub fn redact_json(&self, value: Value) -> Value {
        self.scope.redactor.lock().expect("redactor").redact_json(value)
    }

    /// The namespace of the toolkit's persistent data (keyring, cache, knowledge base).
    pub fn namespace(&self) -> &str {
        &self.scope.namespace
    }

    /// Keys the toolkit's persistent data by where it was loaded from:
    /// `<id>@<first 12 hex digits of SHA-256 of the toolkit's canonical directory>`. The CLI
    /// does this so that a toolkit claiming another's id cannot read its secrets, cache or
    /// documents.
    pub fn bind_namespace_to_location(&mut self) {
        self.scope.namespace = location_namespace(&self.scope.id, &self.root);
        self.runtime.op_state().borrow_mut().put(self.scope.clone());
    }

    /// The entry file this toolkit was loaded from.
    pub fn entry(&self) -> &Path {
        &self.entry
    }

    /// The tool list (contract §3): `[{ name, description, inputSchema, annotations, … }]`.
    pub fn tools(&self) -> &Value {
        &self.tools
    }

    /// The manifest (contract §3): the config without `tools` and `auth`, plus `generated: true`.
    pub fn manifest(&self) -> &Value {
        &self.manifest
    }

    /// Runs one call with `env`'s providers and returns its envelope and record.
    pub async fn call(&mut self, call: &ToolCall, env: CallEnv) -> CallOutcome {
        let raw = serde_json::to_value(call).expect("a ToolCall is JSON");
        self.call_json(raw, env).await
    }

    /// Like [`Self::call`] for a call given as raw JSON (any value: a malformed call gets the
    /// `BAD_REQUEST` envelope, as on the wire).
    pub async fn call_json(&mut self, call: Value, env: CallEnv) -> CallOutcome {
        let ledger = Arc::new(Ledger::with_redactor(self.scope.redactor.clone()));
        let tool = call.get("tool").and_then(Value::as_str).unwrap_or_default().to_owned();
        let user_id = call.get("userId").and_then(Value::as_str).unwrap_or_default().to_owned();
        let scopes = call
            .get("scopes")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        let call_id = format!("c{}", CALL_IDS.fetch_add(1, Ordering::Relaxed));
        self.runtime.op_state().borrow_mut().put(CallState {
            call_id: call_id.clone(),
            tool: tool.clone(),
            user_id,
            scopes,
            env,
            ledger: ledger.clone(),
        });
        let span = tracing::info_span!("call", toolkit = %self.scope.id, tool = %tool, call_id = %call_id);
        let _enter = span.enter();
        // Two guards on time: a watchdog thread interrupts a synchronous runaway loop (the
        // event loop cannot run then), and a tokio timeout ends a call that waits forever.
        self.stopped.store(STOPPED_NONE, Ordering::SeqCst);
        let watchdog = Watchdog::arm(&mut self.runtime, &self.stopped, self.limits.call_timeout);
        let result = match tokio::time::timeout(self.limits.call_timeout, self.run(call.to_string())).await {
            Ok(r) => r,
            Err(_) => {
                self.stopped.store(STOPPED_TIMEOUT, Ordering::SeqCst);
                Err("the call did not finish in time".into())
            }
        };
        drop(watchdog);
        self.runtime.op_state().borrow_mut().try_take::<CallState>();
        let stopped = self.stopped.swap(STOPPED_NONE, Ordering::SeqCst);
        if stopped != STOPPED_NONE {
            self.runtime.v8_isolate().cancel_terminate_execution();
        }
        let envelope = match (result, stopped) {
            (_, STOPPED_TIMEOUT) => {
                tracing::error!(target: "trove::runtime", "call stopped after {:?}", self.limits.call_timeout);
                serde_json::json!({ "ok": false, "error": format!("tool timed out after {} s", self.limits.call_timeout.as_secs_f64()),
                                    "retryable": true, "code": "TOOL_ERROR" })
            }
            (_, STOPPED_HEAP) => {
                tracing::error!(target: "trove::runtime", "call stopped at the heap limit ({} bytes)", self.limits.max_heap_bytes);
                serde_json::json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" })
            }
            (Ok(envelope), _) => envelope,
            (Err(detail), _) => {
                tracing::error!(target: "trove::runtime", "call failed in the host: {}", ledger.redactor().redact_str(&detail));
                serde_json::json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" })
            }
        };
        CallOutcome { envelope, record: ledger.take() }
    }

    async fn run(&mut self, call_json: String) -> Result<Value, String> {
        let arg = {
            deno_core::scope!(scope, &mut self.runtime);
            let s = v8::String::new(scope, &call_json).ok_or("call too large")?;
            v8::Global::new(scope, v8::Local::<v8::Value>::from(s))
        };
        let pending = self.runtime.call_with_args(&self.door.call, &[self.definition.clone(), arg]);
        let value = self
            .runtime
            .with_event_loop_promise(pending, PollEventLoopOptions::default())
            .await
            .map_err(|e| e.to_string())?;
        let text = {
            deno_core::scope!(scope, &mut self.runtime);
            v8::Local::new(scope, value).to_rust_string_lossy(scope)
        };
        let envelope: Value = serde_json::from_str(&text).map_err(|e| format!("envelope is not JSON: {e}"))?;
        check_envelope(&envelope).map_err(|e| format!("malformed envelope ({e})"))?;
        Ok(envelope)
    }
}
