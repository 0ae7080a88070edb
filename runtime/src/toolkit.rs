//! A loaded toolkit: one isolate with the toolkit's module graph evaluated, its tool list and
//! manifest, ready for many calls.
//!
//! A `Toolkit` is one **instance** of a toolkit: it owns its isolate, so it is `!Send` and
//! lives on the thread that loaded it. Embedders and servers use [`crate::Host`], whose pool
//! keeps instances on worker threads; the parity runner and single-shot tools use a
//! `Toolkit` directly.
//!
//! Loading creates the isolate once; [`Toolkit::call`] reuses it, so module-level state
//! carries over between calls (like a Worker) and isolate creation is never on the per-call
//! path. Per-call state goes into `OpState` as a [`CallState`] for exactly one call. Limits
//! are enforced by the process's [`Supervisor`] (wall clock, CPU time) and the engine's
//! near-heap-limit callback; an instance that broke one reports it through
//! [`Toolkit::retire_reason`] so a pool can discard it.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

use deno_core::{v8, JsRuntime, PollEventLoopOptions};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport};
use trove_host_ops::egress::tokens::TokenCache;
use trove_host_ops::egress::{OAuthClient, Transport};
use trove_host_ops::manifest::ManifestPolicy;
use trove_host_ops::{CallEnv, CallRecord, CallState, Ledger, ToolCall, ToolkitScope};

use crate::envelope::{Envelope, ErrorCode};
use crate::isolate::{new_isolate, HostFunctions, IsolateUnsound};
use crate::loader::ToolkitLoader;
use crate::modules::ModuleSources;
use crate::supervisor::{stop, Supervisor, ThreadCpuClock, Watch, WatchGuard};

/// The result of a call: the envelope (contract §4) and what the call did.
#[derive(Debug, Clone, Serialize)]
pub struct CallOutcome {
    /// `{ ok: true, result, structuredContent? }` or `{ ok: false, error, retryable, code }`.
    pub envelope: Envelope,
    /// Egress requests, platform callbacks and log lines of the call.
    pub record: CallRecord,
}

impl CallOutcome {
    /// Whether the envelope says `ok: true`.
    pub fn is_ok(&self) -> bool {
        self.envelope.is_ok()
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
    /// `message` is the thrown error's message (the SDK's exact text). Shown as
    /// `<at or entry>: <message>`.
    #[error("{}: {message}", at.as_deref().unwrap_or(entry))]
    Threw {
        /// The entry file.
        entry: String,
        /// Where it was thrown, `<file>:<line>:<column>` (1-based, the `.ts` line): the
        /// innermost stack frame in one of the toolkit's own files, which may be a helper module
        /// the entry imports. `None` when no frame is (a limit stopped the load).
        at: Option<String>,
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

/// `<id>@<12 hex digits of SHA-256 of the toolkit's location>`, the location from
/// [`data_location`] (see [`Toolkit::bind_namespace_to_location`]).
pub fn location_namespace(id: &str, location: &Path) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(location.to_string_lossy().as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("{id}@{hex}")
}

/// Where a toolkit named by `path` lives, for keying its persistent data
/// ([`location_namespace`]): the path as named, made absolute, with the folders above its last
/// component resolved but not that component itself. So a link that is re-pointed to a new
/// release (`current -> releases/v2`) keeps the data it had (review 58: it moved the toolkit to
/// a new namespace on every deploy). A directory's own entry file named directly
/// (`kit/extension.ts`) is the directory; any other entry file is itself, so two single-file
/// toolkits in one folder that claim the same id do not share their data (review 58: both were
/// keyed by the folder). A path named without links has the canonical directory's location, as
/// before.
///
/// # Errors
/// [`LoadError::NotFound`] when `path` or the folder holding it cannot be resolved.
pub fn data_location(path: &Path) -> Result<PathBuf, LoadError> {
    let not_found = |e: std::io::Error| LoadError::NotFound(format!("{}: {e}", path.display()));
    let named = std::path::absolute(path).map_err(not_found)?;
    let (_, entry) = find_entry(&named)?;
    let named = match named.parent() {
        // `kit/extension.ts` is the toolkit `kit` when `kit` would pick that file itself.
        Some(folder) if named.is_file() && find_entry(folder).is_ok_and(|(_, own)| own == entry) => folder.to_path_buf(),
        _ => named,
    };
    match (named.parent(), named.file_name()) {
        (Some(folder), Some(name)) => Ok(folder.canonicalize().map_err(not_found)?.join(name)),
        // `/`, or a path that ends in `..`: nothing to keep unresolved.
        _ => named.canonicalize().map_err(not_found),
    }
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
    /// Each tool's own keys, in the order of `tools`.
    #[serde(default, rename = "toolKeys")]
    tool_keys: Vec<Vec<String>>,
}

/// Warns of each key of the declaration or of a tool that looks like a misspelling of one the
/// host reads ([`trove_host_ops::manifest::likely_typos`]): unknown keys are allowed, so
/// `secret: [...]` would otherwise declare no secrets without a word. The toolkit still loads.
fn warn_of_likely_typos(shown: &str, described: &Described) {
    use trove_host_ops::manifest::{likely_typos, DECLARATION_KEYS, TOOL_KEYS};
    let id = described.manifest.get("id").and_then(Value::as_str).unwrap_or_default();
    // The manifest is the declaration without `tools` and `auth`, plus the host's `generated`.
    let mut keys: Vec<&str> = described.manifest.as_object().map(|m| m.keys().map(String::as_str).filter(|k| *k != "generated").collect()).unwrap_or_default();
    keys.push("tools");
    if !described.auth.is_null() {
        keys.push("auth");
    }
    for (key, meant) in likely_typos(&keys, &DECLARATION_KEYS) {
        tracing::warn!(target: "trove::runtime", toolkit = %id, "{shown}: defineToolkit: the config's key {key:?} is ignored: did you mean {meant:?}?");
    }
    let tools = described.tools.as_array().map(Vec::as_slice).unwrap_or_default();
    for (tool, keys) in tools.iter().zip(&described.tool_keys) {
        let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        for (key, meant) in likely_typos(&keys, &TOOL_KEYS) {
            tracing::warn!(target: "trove::runtime", toolkit = %id, "{shown}: defineToolkit: tool {name:?}'s key {key:?} is ignored: did you mean {meant:?}?");
        }
    }
}

/// The policy fields of a description: `secrets`, `egress`, `scopes` (from the manifest) and
/// `auth`. Instances 2..N of a toolkit must declare exactly these as the first did; the rest
/// (names, descriptions, tool schemas, whose defaults may be computed when the toolkit loads)
/// may differ.
/// The lists are compared as the sets that are enforced: order, duplicates and an absent list
/// (`[]`) make no difference.
fn policy_of(described: &Described) -> Value {
    let set = |key: &str| {
        let mut entries: Vec<&str> =
            described.manifest.get(key).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        entries.sort_unstable();
        entries.dedup();
        Value::from(entries)
    };
    serde_json::json!({ "secrets": set("secrets"), "egress": set("egress"), "scopes": set("scopes"), "auth": described.auth })
}

/// The policy fields that differ between `first` and `now` ([`policy_of`]): "egress",
/// "secrets and auth", ...
fn policy_differences(first: &Value, now: &Value) -> String {
    let parts: Vec<&str> =
        ["egress", "secrets", "scopes", "auth"].into_iter().filter(|key| first.get(key) != now.get(key)).collect();
    match parts.as_slice() {
        [] => "its policy".to_owned(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

static CALL_IDS: AtomicU64 = AtomicU64::new(1);

/// The message of a call ended by its [`CallEnv::cancel`] token.
pub const CANCELLED: &str = "tool call cancelled";

/// The envelope's message for a handler whose promise can never settle: it is pending and
/// nothing is left that could settle it (no timer, no pending op). A handler that keeps a
/// timer or a request going ends at the wall-clock limit instead.
pub const NEVER_SETTLED: &str = "the handler's promise never settled (nothing was left to run)";

/// Limits on a toolkit's isolate. A call that exceeds one fails with a `TOOL_ERROR`
/// envelope naming the limit; the host and other toolkits are unaffected, and a pool discards
/// the instance (see [`Toolkit::retire_reason`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IsolateLimits {
    /// Longest one call (or the toolkit's load) may take, wall clock, JavaScript and awaited
    /// ops together. Default 60 s. Envelope: `tool timed out after <s> s` (retryable).
    pub call_timeout: Duration,
    /// Most CPU time one call may use on its isolate's thread (a busy loop, with or without
    /// `await` in it). Default 30 s. Envelope: `tool exceeded its CPU-time limit (<s> s)`.
    pub cpu_time: Duration,
    /// Heap ceiling of the isolate, in bytes. Default 256 MiB. Envelope: `tool exceeded its
    /// memory limit`.
    pub max_heap_bytes: usize,
}

impl Default for IsolateLimits {
    fn default() -> Self {
        Self { call_timeout: Duration::from_secs(60), cpu_time: Duration::from_secs(30), max_heap_bytes: 256 * 1024 * 1024 }
    }
}

/// How an instance is made, beyond its path and limits.
#[derive(Clone, Default)]
pub struct InstanceOptions {
    /// The limits.
    pub limits: IsolateLimits,
    /// Where modules come from (the host's transpile cache and the toolkit's snapshot).
    pub sources: ModuleSources,
    /// Another instance of the same toolkit whose namespace, redaction set and OAuth token
    /// cache this one shares (instances 2..N of a pool).
    pub sibling: Option<ToolkitScope>,
    /// Egress for calls whose [`CallEnv::transport`] is `None`, as
    /// [`Transport::for_instance`] gives it for this instance (a network transport gives a
    /// client of the instance's own). Default: a network transport of this instance's own,
    /// made on first use.
    pub network: Option<Arc<dyn Transport>>,
    /// The workspace root relative imports may reach. Default: found from the toolkit's
    /// directory by [`crate::loader::workspace_root`].
    pub workspace_root: Option<PathBuf>,
}

/// One loaded instance of a toolkit. Not `Send`: it owns its isolate; use it from the thread
/// that loaded it (or hold many through [`crate::Host`]).
pub struct Toolkit {
    runtime: JsRuntime,
    limits: IsolateLimits,
    stopped: Arc<AtomicU8>,
    cpu_clock: Option<ThreadCpuClock>,
    network: Option<Arc<dyn Transport>>,
    retire: Option<String>,
    /// Whether [`Toolkit::warm`] has run.
    warmed: bool,
    functions: HostFunctions,
    definition: v8::Global<v8::Value>,
    tools: Value,
    manifest: Value,
    scope: ToolkitScope,
    entry: PathBuf,
    root: PathBuf,
    /// [`data_location`] of the path the toolkit was loaded from.
    location: PathBuf,
}

/// deno_core's message when the module graph's evaluation waits on a promise nothing left to run
/// can settle.
const STALLED_AWAIT: &str = "Top-level await promise never resolved";

/// The engine's words for an import that names an export its module does not have.
const MISSING_EXPORT: &str = "does not provide an export named";

/// deno_core's message for an exception without its `Uncaught ` (or `Uncaught (in promise) `).
fn uncaught(exception_message: &str) -> &str {
    exception_message.trim_start_matches("Uncaught (in promise) ").trim_start_matches("Uncaught ")
}

fn js_error_to_load(entry: &Path, err: deno_core::error::CoreError) -> LoadError {
    match *err.0 {
        deno_core::error::CoreErrorKind::Js(js) if js.message.is_none() && js.exception_message.ends_with(STALLED_AWAIT) => {
            let (at, message) = stalled_await(&js);
            LoadError::Threw { entry: entry.display().to_string(), at, message, stack: None }
        }
        deno_core::error::CoreErrorKind::Js(js) => LoadError::Threw {
            entry: entry.display().to_string(),
            at: thrown_at(&js),
            message: match &js.message {
                // An Error made without a message (`Object.create(Error.prototype)`): its name.
                Some(message) if message.is_empty() => uncaught(&js.exception_message).to_owned(),
                Some(message) => message.clone(),
                // `throw "text"` (or any value that is not an Error): it has no stack, so no line.
                // The value as the bootstrap shows it (JSON, a string quoted: `thrownAtLoad` in
                // js/bootstrap.js), else deno_core's `String(value)`.
                None => {
                    let value = uncaught(&js.exception_message);
                    // Named after the entry, but any module of its graph may have thrown it
                    // (reviews 55 and 61: a helper module's throw read as the entry's own).
                    format!("threw {value} while the toolkit's modules were evaluated (this file or a module it imports: a value that is not an Error carries no stack to tell which, or the line)")
                }
            },
            stack: js.stack.clone(),
        },
        other => LoadError::Module(other.to_string()),
    }
}

/// Where a load stalled on a top-level `await` (nothing was thrown), and what to say. The engine
/// places the stalled `await` from its bytecode, which misses an `await` whose operand is a
/// call (`await new Promise(…)`: it says 1:1); so the file's own top-level awaits decide: the
/// engine's place when it is one of them, else the only one, else each of them (review 45).
fn stalled_await(error: &deno_core::error::JsError) -> (Option<String>, String) {
    let what = "a top-level await never settled: nothing left to run can settle the promise it waits for".to_owned();
    let Some((path, line, column)) = toolkit_frame(error) else { return (None, what) };
    let awaits = match (deno_core::ModuleSpecifier::from_file_path(&path), crate::loader::read_module_file(&path)) {
        (Ok(specifier), Ok(source)) => crate::transpile::top_level_awaits(&specifier, deno_ast::MediaType::from_path(&path), source),
        _ => Vec::new(),
    };
    let shown = |(line, column): (usize, usize)| format!("{}:{line}:{column}", path.display());
    let engine = (line as usize, column as usize);
    match awaits.as_slice() {
        [only] if !awaits.contains(&engine) => (Some(shown(*only)), what),
        [_, _, ..] if !awaits.contains(&engine) => {
            let each: Vec<String> = awaits.iter().map(|(l, c)| format!("{l}:{c}")).collect();
            (Some(path.display().to_string()), format!("{what} (one of the top-level awaits at {})", each.join(", ")))
        }
        _ => (Some(shown(engine)), what),
    }
}

/// `<file>:<line>:<column>` of the innermost frame of `error`'s stack in a toolkit file (a
/// `file:` module; the SDK's and the host's modules are not). Frames are source-mapped.
fn thrown_at(error: &deno_core::error::JsError) -> Option<String> {
    toolkit_frame(error).map(|(path, line, column)| format!("{}:{line}:{column}", path.display()))
}

/// The file, line and column of the innermost frame of `error`'s stack in a toolkit file.
fn toolkit_frame(error: &deno_core::error::JsError) -> Option<(PathBuf, i64, i64)> {
    error.frames.iter().find_map(|frame| {
        let url = deno_core::ModuleSpecifier::parse(frame.file_name.as_deref()?).ok()?;
        Some((url.to_file_path().ok()?, frame.line_number?, frame.column_number?))
    })
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
        Self::load_instance(path, InstanceOptions { limits, ..InstanceOptions::default() }).await
    }

    /// Loads one instance with explicit [`InstanceOptions`] (what [`crate::Host`]'s pool does).
    ///
    /// # Errors
    /// [`LoadError`]: no entry file, a module that cannot be resolved or transpiled, an error
    /// thrown at import (every problem `defineToolkit` found), a limit hit while loading, or
    /// (with `sibling`) a toolkit whose id differs from its sibling's.
    pub async fn load_instance(path: &Path, options: InstanceOptions) -> Result<Self, LoadError> {
        let InstanceOptions { limits, sources, sibling, network, workspace_root } = options;
        let network = network.map(|n| n.for_instance().unwrap_or(n));
        let mut phase = crate::phase::Phases::start();
        let (root, entry) = find_entry(path)?;
        let location = data_location(path)?;
        let chosen = workspace_root.is_none();
        let workspace = workspace_root.unwrap_or_else(|| crate::loader::workspace_root(&root));
        if chosen && crate::loader::too_wide(&workspace) {
            return Err(LoadError::NotFound(format!(
                "{}: a toolkit's folder may not be your home folder or the file system's root (a toolkit could import anything in it); move it into a folder of its own, or name its root with --root",
                root.display()
            )));
        }
        let graph_sources = sources.clone();
        let loader = ToolkitLoader::new(&workspace, &entry, sources).map_err(LoadError::NotFound)?;
        // Only when the module graph cannot be resolved, read or linked: a loader of its own to
        // find every problem in it, not just the one the engine stopped at.
        let graph = || ToolkitLoader::new(&workspace, &entry, graph_sources.clone()).ok();
        let entry_url = loader.entry().clone();
        phase.end("find the entry and workspace");
        let mut runtime = new_isolate(loader, limits.max_heap_bytes).map_err(LoadError::Module)?;
        runtime.op_state().borrow_mut().put(trove_host_ops::LoadingToolkit(entry.display().to_string()));
        phase.end("create the isolate (restored from the startup snapshot, or bootstrapped from source: web APIs, crypto, fetch classes, Intl, ops, zod, the SDK module) and start it");
        // Near the heap ceiling, stop the running script instead of letting the engine abort.
        let stopped = Arc::new(AtomicU8::new(stop::NONE));
        {
            // Near the ceiling, stop the running script; the headroom returned only lets it
            // unwind. A pool then discards the isolate: it is never given a bigger heap to go on.
            let stop_at_heap = {
                let handle = runtime.v8_isolate().thread_safe_handle();
                let stopped = stopped.clone();
                move || {
                    let _ = stopped.compare_exchange(stop::NONE, stop::HEAP, Ordering::SeqCst, Ordering::SeqCst);
                    handle.terminate_execution();
                }
            };
            let heap_stop = stop_at_heap.clone();
            runtime.add_near_heap_limit_callback(move |current, initial| {
                heap_stop();
                // Room to unwind, once: never past 1.25x the ceiling however often this fires
                // (a builtin that allocates in a native loop does not poll the interrupt, so it
                // would otherwise raise the limit again and again). Past it, allocations fail
                // with the engine's out-of-memory error.
                current.max(initial.saturating_add(initial / 4))
            });
            // `Blob` bytes live outside the engine's heap: past the same ceiling, the same stop.
            let blobs = runtime.op_state().borrow().borrow::<Arc<crate::blob_store::CountedBlobStore>>().clone();
            blobs.set_ceiling(limits.max_heap_bytes, stop_at_heap);
        }
        let cpu_clock = ThreadCpuClock::current();
        let shown = entry.display().to_string();
        let watch = Supervisor::global().watch(Watch {
            isolate: runtime.v8_isolate().thread_safe_handle(),
            stopped: stopped.clone(),
            deadline: Instant::now() + limits.call_timeout,
            cpu: cpu_clock.map(|c| (c, limits.cpu_time)),
            cancel: None,
        });
        let evaluated = tokio::time::timeout(limits.call_timeout, Self::evaluate(&mut runtime, &entry, &entry_url, &mut phase, &stopped, &graph)).await;
        drop(watch);
        let stopped_by = stopped.swap(stop::NONE, Ordering::SeqCst);
        let stop_message = |what: &str| {
            LoadError::Threw { entry: shown.clone(), at: None, message: what.to_owned(), stack: None }
        };
        let (definition, described) = match (evaluated, stopped_by) {
            (_, stop::HEAP) => return Err(stop_message(&format!("the toolkit exceeded its memory limit ({} bytes) while loading", limits.max_heap_bytes))),
            (_, stop::CPU) => {
                return Err(stop_message(&format!("the toolkit exceeded its CPU-time limit ({} s) while loading", limits.cpu_time.as_secs_f64())))
            }
            (Err(_), _) | (_, stop::TIMEOUT) => {
                return Err(stop_message(&format!("the toolkit did not finish loading within {} s", limits.call_timeout.as_secs_f64())))
            }
            (Ok(result), _) => result?,
        };
        let functions = runtime.op_state().borrow().borrow::<HostFunctions>().clone();
        let described: Described =
            serde_json::from_str(&described).map_err(|e| {
                // A lone UTF-16 surrogate (half of an emoji) in a name, a description or a
                // schema: a tool advertised with U+FFFD in its place could not be called by
                // that name, so the toolkit does not load.
                let why = if trove_host_ops::js_json::from_js_json::<Value>(&described).is_ok() {
                    "a tool's name, description or schema holds a string with a lone UTF-16 surrogate (half of a surrogate pair), which JSON cannot carry".to_owned()
                } else {
                    e.to_string()
                };
                LoadError::Module(format!("{shown}: bad description: {why}"))
            })?;
        if sibling.is_none() {
            // Once per toolkit, not once per instance of a pool.
            warn_of_likely_typos(&shown, &described);
        }
        let declared = Arc::new(policy_of(&described));
        let tool_problems = crate::describe::tool_list_problems(&described.tools);
        if !tool_problems.is_empty() {
            return Err(LoadError::Module(format!("{shown}: the tool list is invalid:\n  {}", tool_problems.join("\n  "))));
        }
        // The enforced policy is built from the manifest JSON that `manifest` shows, and every
        // policy field is checked again here: toolkit code shares the isolate with defineToolkit.
        let p = ManifestPolicy::from_json(&described.manifest, &described.auth).map_err(|problems| {
            LoadError::Module(format!("{shown}: the manifest's policy is invalid:\n  {}", problems.join("\n  ")))
        })?;
        let oauth = p.auth.map(|config| Arc::new(OAuthClient { config, cache: TokenCache::default() }));
        let mut scope = ToolkitScope::new(p.id, p.secrets, p.egress, oauth);
        scope.scopes = Arc::new(p.scopes.into_iter().collect());
        scope.declared = declared.clone();
        if let Some(sibling) = sibling {
            if sibling.id != scope.id {
                return Err(LoadError::Module(format!(
                    "{shown}: the toolkit's id changed from {:?} to {:?} since it was loaded",
                    sibling.id, scope.id
                )));
            }
            if sibling.declared != declared {
                return Err(LoadError::Module(format!(
                    "{shown}: this instance declares other {} than the toolkit's first instance: the toolkit's top-level code must declare the same policy every time it runs (each instance of a pool runs it again)",
                    policy_differences(&sibling.declared, &declared)
                )));
            }
            scope.namespace = sibling.namespace;
            scope.redactor = sibling.redactor;
            if scope.oauth.is_some() {
                scope.oauth = sibling.oauth;
            }
        }
        {
            let state = runtime.op_state();
            let mut state = state.borrow_mut();
            state.try_take::<trove_host_ops::LoadingToolkit>();
            state.put(scope.clone());
        }
        Ok(Self {
            runtime,
            limits,
            stopped,
            cpu_clock,
            network,
            retire: None,
            functions,
            warmed: false,
            definition,
            tools: described.tools,
            manifest: described.manifest,
            scope,
            entry,
            root,
            location,
        })
    }

    /// Evaluates the entry module and asks the bootstrap to describe its default export.
    /// Returns the definition and the description JSON.
    async fn evaluate(
        runtime: &mut JsRuntime,
        entry: &Path,
        entry_url: &deno_core::ModuleSpecifier,
        phase: &mut crate::phase::Phases,
        stopped: &AtomicU8,
        graph: &dyn Fn() -> Option<ToolkitLoader>,
    ) -> Result<(v8::Global<v8::Value>, String), LoadError> {
        let id = runtime.load_main_es_module(entry_url).await.map_err(|e| match js_error_to_load(entry, e) {
            LoadError::Module(first) => {
                let problems = graph().map(|g| g.graph_problems()).unwrap_or_default();
                LoadError::Module(if problems.is_empty() { first } else { problems.join("\n") })
            }
            LoadError::Threw { entry: shown, at, message, stack } if message.contains(MISSING_EXPORT) => {
                let place = crate::loader::shown_path(Path::new(at.as_deref().unwrap_or(&shown)));
                let place = place.as_str();
                let first = format!("{place}: {message}");
                let mut problems = graph().map(|g| g.link_problems()).unwrap_or_default();
                // The engine decides that the graph does not link; the walk only finds the rest.
                // Its own line and column for a re-export can be a guess (1:1), so its file and
                // message decide whether the walk found the same import (review 64: the same
                // message from another file did not), and the walk's place is the one shown.
                let file = place.rsplitn(3, ':').nth(2).unwrap_or(place);
                if problems.iter().any(|p| p.starts_with(&format!("{file}:")) && p.ends_with(&format!(": {message}"))) {
                    LoadError::Module(problems.join("\n"))
                } else if problems.is_empty() {
                    LoadError::Threw { entry: shown, at, message, stack }
                } else {
                    problems.insert(0, first);
                    LoadError::Module(problems.join("\n"))
                }
            }
            other => other,
        })?;
        phase.end("read and transpile the toolkit's modules");
        // The event loop turns until the modules have evaluated, not until it is idle: a
        // timer the toolkit's top level keeps running (an interval) must not hold the load, as
        // it does not under Node. It runs on during calls.
        let mut evaluated = std::pin::pin!(runtime.mod_evaluate(id));
        // The event loop first: it reports a module's exception as the JavaScript error it is.
        let to_load = |e| js_error_to_load(entry, e);
        // Once the supervisor has stopped the script at a limit, the event loop is not turned
        // again: deno_core would find the module's evaluation pending with no top-level await
        // and print ten "retrying" warnings about an await the toolkit does not have. The
        // caller names the limit.
        let stopped_at_limit = || LoadError::Module(format!("{}: stopped at a limit while loading", entry.display()));
        std::future::poll_fn(|cx| {
            if stopped.load(Ordering::SeqCst) != stop::NONE {
                return Poll::Ready(Err(stopped_at_limit()));
            }
            match runtime.poll_event_loop(cx, PollEventLoopOptions::default()) {
                Poll::Ready(Err(e)) => Poll::Ready(Err(to_load(e))),
                // Idle, so nothing is left that could settle a pending top-level await.
                Poll::Ready(Ok(())) => Poll::Ready(match evaluated.as_mut().poll(cx) {
                    Poll::Ready(done) => done.map_err(to_load),
                    Poll::Pending => Err(LoadError::Module(format!("{}: a top-level await never settled", entry.display()))),
                }),
                Poll::Pending => evaluated.as_mut().poll(cx).map(|done| done.map_err(to_load)),
            }
        })
        .await?;
        phase.end("evaluate the toolkit's modules");

        let functions = runtime.op_state().borrow().borrow::<HostFunctions>().clone();
        let namespace = runtime.get_module_namespace(id).map_err(|e| LoadError::Module(e.to_string()))?;
        let definition = {
            deno_core::scope!(scope, runtime);
            let ns = v8::Local::new(scope, namespace);
            let key = v8::String::new(scope, "default").expect("string");
            let definition = ns.get(scope, key.into()).unwrap_or_else(|| v8::undefined(scope).into());
            v8::Global::new(scope, definition)
        };
        let pending = runtime.call_with_args(&functions.describe, std::slice::from_ref(&definition));
        let described = runtime
            .with_event_loop_promise(pending, PollEventLoopOptions::default())
            .await
            .map_err(|e| js_error_to_load(entry, e))?;
        let described = {
            deno_core::scope!(scope, runtime);
            v8::Local::new(scope, described).to_rust_string_lossy(scope)
        };
        phase.end("describe the toolkit (tool list, JSON Schemas, manifest)");
        Ok((definition, described))
    }

    /// The toolkit's manifest id.
    pub fn id(&self) -> &str {
        &self.scope.id
    }

    /// A snapshot of every secret value this instance has resolved (in any call), with its
    /// name: to redact what is printed about its calls, or scrub a cassette.
    pub fn redactor(&self) -> trove_host_ops::redact::Redactor {
        self.scope.redactor.lock().expect("redactor").clone()
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

    /// What the manifest grants this toolkit, shared by its instances (namespace, redaction
    /// set, OAuth token cache): pass it as [`InstanceOptions::sibling`] to load another
    /// instance of the same toolkit.
    pub fn scope(&self) -> &ToolkitScope {
        &self.scope
    }

    /// The toolkit's directory (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Collects the isolate's garbage and hands freed memory back to the system: what loading
    /// (parsing, transpiling, bootstrapping) left behind would otherwise stay resident in this
    /// thread's allocator arena for the instance's whole life.
    pub fn release_memory(&mut self) {
        self.runtime.v8_isolate().low_memory_notification();
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only returns free memory to the system; it has no preconditions.
        unsafe {
            libc::malloc_trim(0);
        }
    }

    /// Why this instance must not serve another call, if it must not: it hit a limit (the
    /// script was interrupted mid-way, so module state may be half-updated) or its stack
    /// overflowed. A pool discards such an instance and starts a fresh one.
    pub fn retire_reason(&self) -> Option<&str> {
        self.retire.as_deref()
    }

    /// Keys the toolkit's persistent data by where it was loaded from:
    /// `<id>@<first 12 hex digits of SHA-256 of its location>` ([`data_location`]). The CLI
    /// does this so that a toolkit claiming another's id cannot read its secrets, cache or
    /// documents.
    pub fn bind_namespace_to_location(&mut self) {
        self.scope.namespace = location_namespace(&self.scope.id, &self.location);
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

    /// The transport for a call whose env names none: the instance's network transport.
    fn default_transport(&mut self) -> Result<Arc<dyn Transport>, String> {
        if let Some(n) = &self.network {
            return Ok(n.clone());
        }
        let n: Arc<dyn Transport> = Arc::new(NetworkTransport::new(NetworkOptions::default())?);
        self.network = Some(n.clone());
        Ok(n)
    }

    /// Like [`Self::call`] for a call given as raw JSON (any value: a malformed call gets the
    /// `BAD_REQUEST` envelope, as on the wire).
    pub async fn call_json(&mut self, call: Value, env: CallEnv) -> CallOutcome {
        let mut phase = crate::phase::Phases::start();
        let outcome = self.call_json_inner(call, env).await;
        phase.end("the call");
        outcome
    }

    async fn call_json_inner(&mut self, mut call: Value, mut env: CallEnv) -> CallOutcome {
        let ledger = Arc::new(Ledger::with_redactor(self.scope.redactor.clone()));
        if env.transport.is_none() {
            match self.default_transport() {
                Ok(t) => env.transport = Some(t),
                Err(e) => {
                    tracing::error!(target: "trove::runtime", "no network transport: {e}");
                    return CallOutcome { envelope: Envelope::failure("tool failed", ErrorCode::ToolError, false), record: ledger.take() };
                }
            }
        }
        if let Some(transport) = &env.transport {
            for (name, value) in transport.secret_values() {
                ledger.add_secret_value(&name, &value);
            }
        }
        let cancel = env.cancel.clone();
        if cancel.as_ref().is_some_and(|c| c.is_cancelled()) {
            return CallOutcome { envelope: Envelope::failure(CANCELLED, ErrorCode::ToolError, false), record: ledger.take() };
        }
        let tool = call.get("tool").and_then(Value::as_str).unwrap_or_default().to_owned();
        let user_id = user_identity(call.get("userId"));
        let asked: Vec<String> = call
            .get("scopes")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        // Rust decides the grant (host rule, contract §5); the bootstrap sees only what is granted.
        let scopes = self.scope.grant(&asked);
        if let Some(obj) = call.as_object_mut() {
            if obj.contains_key("scopes") {
                obj.insert("scopes".into(), Value::from(scopes.clone()));
            }
            // The platform's credential stays in Rust (`env` holds the callbacks made with it):
            // the call object is an ordinary one to JavaScript, whose getters a toolkit can plant
            // on `Object.prototype` and so read what the call carries (review 27).
            obj.remove("ctxToken");
            obj.remove("callbackBase");
        }
        let call_id = format!("c{}", CALL_IDS.fetch_add(1, Ordering::Relaxed));
        ledger.label(&self.scope.id, &tool, &call_id);
        self.runtime.op_state().borrow_mut().put(CallState {
            call_id: call_id.clone(),
            tool: tool.clone(),
            user_id,
            scopes,
            env,
            ledger: ledger.clone(),
            ended: Default::default(),
        });
        let span = tracing::debug_span!("call", toolkit = %self.scope.id, tool = %tool, call_id = %call_id);
        let _enter = span.enter();
        // The supervisor interrupts a runaway script (wall clock, CPU time); the tokio timeout
        // ends a call that waits forever without running any JavaScript.
        let watch = self.supervise(cancel.clone());
        let stopped = self.stopped.clone();
        let limit = self.limits.call_timeout;
        // `to_string` through `Display` writes piece by piece through a formatter: several times
        // the cost of serde_json's own writer (callgrind).
        let run = self.run(serde_json::to_string(&call).expect("a JSON value is JSON"));
        let cancelled = async {
            match &cancel {
                Some(token) => token.cancelled().await,
                None => std::future::pending().await,
            }
        };
        // A call awaiting I/O or a timer ends here; a running script is interrupted by the
        // supervisor, which watches the same token and the same deadline.
        let result = tokio::select! {
            r = tokio::time::timeout(limit, run) => match r {
                Ok(r) => r,
                Err(_) => {
                    let _ = stopped.compare_exchange(stop::NONE, stop::TIMEOUT, Ordering::SeqCst, Ordering::SeqCst);
                    Err("the handler's promise never settled".into())
                }
            },
            () = cancelled => {
                let _ = stopped.compare_exchange(stop::NONE, stop::CANCELLED, Ordering::SeqCst, Ordering::SeqCst);
                Err("the call was cancelled".into())
            }
        };
        drop(watch);
        if let Some(state) = self.runtime.op_state().borrow_mut().try_take::<CallState>() {
            state.ended.cancel();
        }
        let stopped = self.stopped.swap(stop::NONE, Ordering::SeqCst);
        if stopped != stop::NONE {
            self.runtime.v8_isolate().cancel_terminate_execution();
        }
        if let Some(IsolateUnsound(why)) = self.runtime.op_state().borrow_mut().try_take::<IsolateUnsound>() {
            self.retire.get_or_insert(why);
        }
        let limits = self.limits;
        let envelope = match (result, stopped) {
            (_, stop::TIMEOUT) => {
                tracing::error!(target: "trove::runtime", toolkit = %self.scope.id, tool = %tool, "call stopped after {:?}", limits.call_timeout);
                self.retire.get_or_insert_with(|| "it was stopped at its time limit".into());
                Envelope::failure(format!("tool timed out after {} s", limits.call_timeout.as_secs_f64()), ErrorCode::ToolError, true)
            }
            (_, stop::CPU) => {
                tracing::error!(target: "trove::runtime", toolkit = %self.scope.id, tool = %tool, "call stopped at its CPU-time limit ({:?})", limits.cpu_time);
                self.retire.get_or_insert_with(|| "it was stopped at its CPU-time limit".into());
                Envelope::failure(format!("tool exceeded its CPU-time limit ({} s)", limits.cpu_time.as_secs_f64()), ErrorCode::ToolError, false)
            }
            (_, stop::CANCELLED) => {
                tracing::info!(target: "trove::runtime", toolkit = %self.scope.id, tool = %tool, "call cancelled: its caller stopped waiting (a client that went away, or a server that is shutting down)");
                // Its pending requests and timers live in this isolate: discarding it ends them.
                self.retire.get_or_insert_with(|| "its call was cancelled".into());
                Envelope::failure(CANCELLED, ErrorCode::ToolError, false)
            }
            (_, stop::HEAP) => {
                tracing::error!(target: "trove::runtime", toolkit = %self.scope.id, tool = %tool, "call stopped at the heap limit ({} bytes)", limits.max_heap_bytes);
                self.retire.get_or_insert_with(|| "it hit its heap ceiling".into());
                Envelope::failure("tool exceeded its memory limit", ErrorCode::ToolError, false)
            }
            (Ok(envelope), _) => envelope,
            (Err(detail), _) => {
                tracing::error!(target: "trove::runtime", toolkit = %self.scope.id, tool = %tool, "call failed in the host: {}", ledger.redact_str(&detail));
                // The host's own call code failed in this isolate (a built-in it uses replaced
                // by the toolkit, say): every later call would fail the same way, whoever made
                // it (found by a hostile review). The next call gets a fresh instance.
                self.retire.get_or_insert_with(|| "the host's call code failed in it".into());
                Envelope::failure("tool failed", ErrorCode::ToolError, false)
            }
        };
        CallOutcome { envelope, record: ledger.take() }
    }

    /// Ends the settled call's timers (the bootstrap's `end`). By now the event loop's last
    /// turn has run every microtask queued when the call's promise settled, so a timer a
    /// fire-and-forget promise chain started after the handler returned is ended too. An
    /// instance whose `end` fails (a terminated script) is not given another call.
    fn end_call(&mut self) {
        let ended = {
            deno_core::scope!(scope, &mut self.runtime);
            v8::tc_scope!(let scope, scope);
            let end = v8::Local::new(scope, &self.functions.end);
            let this = v8::undefined(scope).into();
            end.call(scope, this, &[]).is_some()
        };
        // A limit that stopped the call (its script terminated, so `end` cannot run either)
        // retires the instance with its own reason once the call is answered.
        if !ended && self.stopped.load(Ordering::SeqCst) == stop::NONE {
            self.retire.get_or_insert_with(|| "its call's timers could not be ended".into());
        }
    }

    /// Clears the stop flag and has the supervisor watch this isolate from now until the guard
    /// is dropped: the call's wall clock and CPU time (and `cancel`, if given).
    fn supervise(&mut self, cancel: Option<tokio_util::sync::CancellationToken>) -> WatchGuard {
        self.stopped.store(stop::NONE, Ordering::SeqCst);
        Supervisor::global().watch(Watch {
            isolate: self.runtime.v8_isolate().thread_safe_handle(),
            stopped: self.stopped.clone(),
            deadline: Instant::now() + self.limits.call_timeout,
            cpu: self.cpu_clock.map(|c| (c, self.limits.cpu_time)),
            cancel,
        })
    }

    /// Whether [`Self::warm`] has something to do: the toolkit declares egress (so its calls
    /// may `ctx.fetch`) and the fetch classes are not loaded yet.
    pub fn wants_warming(&self) -> bool {
        !self.warmed && self.manifest.get("egress").and_then(Value::as_array).is_some_and(|hosts| !hosts.is_empty())
    }

    /// Loads the scripts behind `ctx.fetch`'s `Response` now (the bootstrap's `warm`), so the
    /// first call that fetches does not parse them (about 43 ms on a release build; measured in
    /// docs/performance.md). It touches no global and runs on primordials only, under the same
    /// wall-clock, CPU-time and heap limits as a call. Call it only between calls: a pool's
    /// instance does while it has nothing else to do.
    ///
    /// Returns whether the scripts loaded. If they did not (a limit stopped it, or it threw),
    /// the instance is not trusted with another call ([`Self::retire_reason`]): deno_core does
    /// not run a script whose first run failed again.
    pub fn warm(&mut self) -> bool {
        self.warmed = true;
        let watch = self.supervise(None);
        let threw = {
            deno_core::scope!(scope, &mut self.runtime);
            v8::tc_scope!(let scope, scope);
            let warm = v8::Local::new(scope, &self.functions.warm);
            let this = v8::undefined(scope).into();
            match warm.call(scope, this, &[]) {
                Some(_) => None,
                None => Some(scope.exception().map(|e| e.to_rust_string_lossy(scope)).unwrap_or_default()),
            }
        };
        drop(watch);
        let stopped = self.stopped.swap(stop::NONE, Ordering::SeqCst);
        if stopped != stop::NONE {
            self.runtime.v8_isolate().cancel_terminate_execution();
        }
        let failed = match (stopped, threw) {
            (stop::NONE, None) => return true,
            (stop::HEAP, _) => "it hit its heap ceiling".to_owned(),
            (stop::NONE, Some(detail)) => format!("it threw: {detail}"),
            (_, _) => "a limit stopped it".to_owned(),
        };
        tracing::warn!(target: "trove::runtime", toolkit = %self.scope.id, "could not load the fetch classes ahead of use ({failed}); retiring the instance");
        self.retire.get_or_insert_with(|| format!("loading the fetch classes ahead of use failed: {failed}"));
        false
    }

    async fn run(&mut self, call_json: String) -> Result<Envelope, String> {
        // The host's `call` is an async function: it returns a promise and never throws (a
        // thrown handler becomes an envelope). Its promise is polled for its state between turns
        // of the event loop, rather than through `JsRuntime::call_with_args`, which makes two
        // callback functions per call to watch it (about 5% of a warm call on QuickJS).
        let promise = {
            deno_core::scope!(scope, &mut self.runtime);
            v8::tc_scope!(let scope, scope);
            let arg = v8::String::new(scope, &call_json).ok_or("call too large")?;
            let function = v8::Local::new(scope, &self.functions.call);
            let definition = v8::Local::new(scope, &self.definition);
            let this = v8::undefined(scope).into();
            match function.call(scope, this, &[definition, arg.into()]) {
                Some(value) => match v8::Local::<v8::Promise>::try_from(value) {
                    Ok(promise) => v8::Global::new(scope, promise),
                    Err(_) => return Err("the host's call function returned no promise".into()),
                },
                None if scope.is_execution_terminating() => return Err("execution terminated".into()),
                None => {
                    let detail = scope.exception().map(|e| e.to_rust_string_lossy(scope)).unwrap_or_default();
                    return Err(format!("the host's call function threw: {detail}"));
                }
            }
        };
        let settled = |runtime: &mut JsRuntime| -> Option<Result<String, String>> {
            deno_core::scope!(scope, runtime);
            let promise = v8::Local::new(scope, &promise);
            match promise.state() {
                v8::PromiseState::Pending => None,
                v8::PromiseState::Fulfilled => Some(Ok(promise.result(scope).to_rust_string_lossy(scope))),
                v8::PromiseState::Rejected => {
                    Some(Err(format!("the host's call function rejected: {}", promise.result(scope).to_rust_string_lossy(scope))))
                }
            }
        };
        /// How the event loop ended for this call.
        enum Ended {
            /// The host's call promise settled (its envelope's JSON, or why it rejected).
            Settled(Result<String, String>),
            /// The event loop failed (an uncaught exception in a timer, or a terminated script)
            /// with the handler still running.
            LoopFailed(String),
            /// Nothing is left to run and the handler has not settled: it never will.
            Stalled,
        }
        let stopped = self.stopped.clone();
        let runtime = &mut self.runtime;
        // The promise settles only while the event loop runs its scripts (the host's `call` is
        // an async function and awaits at once), so it is looked at after each turn, not before.
        let ended = std::future::poll_fn(|cx| {
            match runtime.poll_event_loop(cx, PollEventLoopOptions::default()) {
                Poll::Ready(Err(e)) => Poll::Ready(Ended::LoopFailed(e.to_string())),
                Poll::Ready(Ok(())) => Poll::Ready(settled(runtime).map_or(Ended::Stalled, Ended::Settled)),
                // This turn may have settled it while other work (a timer) is still pending.
                Poll::Pending => match settled(runtime) {
                    Some(done) => Poll::Ready(Ended::Settled(done)),
                    // A script this turn ran was stopped at a limit (the heap ceiling, the CPU
                    // time) where the event loop does not report it (in a promise reaction, say):
                    // the call is over, though a timer it left would keep the loop waiting until
                    // the time limit (found by a hostile review). The caller answers with the
                    // limit's reason.
                    None if stopped.load(Ordering::SeqCst) != stop::NONE => {
                        Poll::Ready(Ended::LoopFailed("execution terminated at a limit".into()))
                    }
                    None => Poll::Pending,
                },
            }
        })
        .await;
        match ended {
            Ended::Settled(done) => {
                self.end_call();
                match done {
                    Ok(text) => Envelope::from_json_str(&text).map_err(|e| format!("malformed envelope ({e})")),
                    Err(e) => Err(e),
                }
            }
            // The handler is still running, with its ctx live: a later call, another user's,
            // would run the rest of it. A script stopped at a limit gets its reason from the
            // caller instead.
            Ended::LoopFailed(e) => {
                if self.stopped.load(Ordering::SeqCst) == stop::NONE {
                    self.retire.get_or_insert_with(|| "an uncaught exception ended its event loop mid-call".into());
                }
                Err(e)
            }
            // Answer now rather than hold the instance until the time limit. The instance is
            // left mid-call (its handler's promise, its frozen clock, its timer tracking): a later
            // call could settle that promise inside its own, so the instance is replaced.
            Ended::Stalled => {
                // (A script stopped at a limit may stall too, its reason given by the caller.)
                if self.stopped.load(Ordering::SeqCst) == stop::NONE {
                    self.retire.get_or_insert_with(|| "its handler never settled".into());
                }
                Ok(Envelope::failure(NEVER_SETTLED, ErrorCode::ToolError, false))
            }
        }
    }
}

/// Whose call it is, for `ctx.cache` and the knowledge base, from the call's `userId` (what
/// `ctx.userId` is: the wire takes any JSON there, as the SDK does). A string is itself, and a
/// call without one is `""` (as [`ToolCall`]'s default). Any other value is its JSON text behind
/// `"\0j"` (a number written as JavaScript sees it: `1.0` is `1`), and a string that itself
/// starts with NUL is behind `"\0s"`: the three kinds never meet, so `{"a":1}` and `{"b":2}`,
/// or `{"a":1}` and the string `"\u0000j{\"a\":1}"`, are not one user (reviews 33 and 34).
fn user_identity(user_id: Option<&Value>) -> String {
    match user_id {
        None => String::new(),
        Some(Value::String(id)) if id.starts_with('\0') => format!("\0s{id}"),
        Some(Value::String(id)) => id.clone(),
        Some(Value::Number(n)) => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 => format!("\0j{}", f as i64),
            _ => format!("\0j{n}"),
        },
        Some(other) => format!("\0j{other}"),
    }
}
