//! The embedding API: a [`Host`] that a server holds, and the [`ToolkitHandle`]s it loads.
//!
//! Shaped like wasmtime's `Engine`/`Module`/`Store`: one owner per concern.
//! - [`Host`] (`Send + Sync + Clone`) owns what is shared: the limits, the pool settings, one
//!   network transport (one reqwest client and resolver, on the host's I/O runtime) and the
//!   transpiled-module cache.
//! - [`ToolkitHandle`] (`Send + Sync + Clone`) is one loaded toolkit: its typed tool list and
//!   manifest, and a warm pool of instances on worker threads ([`crate::pool`]).
//! - [`CallEnv`] is what one call brings: clock, secrets, transport, cache, knowledge base.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde_json::Value;
use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport};
use trove_host_ops::egress::{SpawnedTransport, Transport};
use trove_host_ops::{CallEnv, ToolCall, ToolkitScope};

use crate::describe::{Manifest, ToolInfo};
use crate::modules::{ModuleCache, ModuleSnapshot, ModuleSources};
use crate::pool::{CallError, Pool, PoolConfig, PoolStats};
use crate::toolkit::{CallOutcome, InstanceOptions, IsolateLimits, LoadError};

/// Settings of a [`Host`]. `HostConfig::default()` is a sensible server: 60 s wall clock and
/// 30 s CPU per call, 256 MiB heap per isolate, 1..N warm instances per toolkit (N = CPUs),
/// 256 queued calls per toolkit, idle instances kept 5 min.
#[derive(Clone, Default)]
pub struct HostConfig {
    /// Per-call and per-isolate limits (each toolkit may override them in [`LoadOptions`]).
    pub limits: IsolateLimits,
    /// Instances and queue per toolkit (each toolkit may override it in [`LoadOptions`]).
    pub pool: PoolConfig,
    /// The shared network transport's settings (resolver, extra roots).
    pub network: NetworkOptions,
    /// A directory for the disk tier of the transpiled-module cache
    /// ([`ModuleCache::with_disk`]: integrity-checked entries keyed by content hash, shareable
    /// between processes). Default: none, modules are cached in memory only. The CLI uses
    /// [`crate::home::transpile_cache_dir`].
    pub transpile_cache: Option<PathBuf>,
}

/// How a toolkit's persistent data (keyring entries, cache entries, knowledge-base documents)
/// is keyed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Namespace {
    /// By the manifest `id` (an embedder that trusts the toolkits it loads).
    #[default]
    ManifestId,
    /// By `<id>@<hash of the toolkit's location>` ([`crate::toolkit::data_location`]: the path
    /// as named, with the folders above its last part resolved), so another toolkit claiming the
    /// same id cannot read them (what the CLI, `serve` and `mcp` use).
    Location,
}

/// Per-toolkit options of [`Host::load`].
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// How persistent data is keyed. Default: [`Namespace::ManifestId`].
    pub namespace: Namespace,
    /// Overrides the host's [`HostConfig::limits`].
    pub limits: Option<IsolateLimits>,
    /// Overrides the host's [`HostConfig::pool`].
    pub pool: Option<PoolConfig>,
    /// The workspace root relative imports may reach (`--root`). Default: the nearest
    /// ancestor holding `package.json`, `tsconfig.json`, `deno.json` or `.git`, else the
    /// toolkit's parent ([`crate::loader::workspace_root`]).
    pub root: Option<PathBuf>,
}

struct HostInner {
    config: HostConfig,
    modules: Arc<ModuleCache>,
    io: Option<tokio::runtime::Runtime>,
    network: OnceLock<Result<Arc<dyn Transport>, String>>,
}

impl Drop for HostInner {
    fn drop(&mut self) {
        // A runtime may not be dropped from async code; this is allowed anywhere.
        if let Some(io) = self.io.take() {
            io.shutdown_background();
        }
    }
}

/// The host: holds loaded toolkits' shared resources. Cheap to clone (an `Arc`).
///
/// ```no_run
/// # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
/// use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall};
///
/// let host = Host::new(HostConfig::default())?;
/// let quakes = host.load("toolkits/quakefeed".as_ref(), LoadOptions::default()).await?;
/// let call = ToolCall::new("recent_quakes", serde_json::json!({ "minMagnitude": 4 }), "user-1");
/// let outcome = quakes.call(call, CallEnv::default()).await?;
/// println!("{}", outcome.envelope);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Host {
    inner: Arc<HostInner>,
}

impl Host {
    /// A host with `config`. Starts the I/O runtime (one thread) that carries the requests of
    /// [`Self::network`]; toolkit instances send their own from their threads. No network
    /// client is made before the first real request.
    ///
    /// # Errors
    /// The I/O runtime's thread cannot start.
    pub fn new(config: HostConfig) -> Result<Self, std::io::Error> {
        let io = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("trove-io")
            .enable_all()
            .build()?;
        let modules = Arc::new(match &config.transpile_cache {
            Some(dir) => ModuleCache::with_disk(dir.clone()),
            None => ModuleCache::default(),
        });
        Ok(Self { inner: Arc::new(HostInner { config, modules, io: Some(io), network: OnceLock::new() }) })
    }

    /// The host's settings.
    pub fn config(&self) -> &HostConfig {
        &self.inner.config
    }

    /// The shared network transport, usable from any runtime (egress policy applies before
    /// it: it only carries vetted requests). Each loaded toolkit instance sends its calls'
    /// requests through a client of its own made from the same settings
    /// ([`Transport::for_instance`]), on its own thread.
    ///
    /// # Errors
    /// The HTTP client cannot start (a bad extra root certificate).
    pub fn network(&self) -> Result<Arc<dyn Transport>, String> {
        self.inner
            .network
            .get_or_init(|| {
                let network = NetworkTransport::new(self.inner.config.network.clone())?;
                let io = self.inner.io.as_ref().expect("the I/O runtime lives as long as the host").handle().clone();
                Ok(Arc::new(SpawnedTransport::new(Arc::new(network), io)) as Arc<dyn Transport>)
            })
            .clone()
    }

    /// Loads the toolkit at `path` (a directory holding `extension.ts`/`server.ts`, or an
    /// entry file): starts its first instance, reads its tool list and manifest, and starts the
    /// rest of its warm instances in the background.
    ///
    /// # Errors
    /// [`LoadError`] naming the file and every problem (see [`crate::Toolkit::load`]).
    pub async fn load(&self, path: &Path, options: LoadOptions) -> Result<ToolkitHandle, LoadError> {
        self.load_into(path, options, Arc::default()).await
    }

    /// [`Self::load`], and every file the load read or looked for, whether it loaded or not
    /// (absolute paths, sorted, no repeats; a missing helper is named where the import looked
    /// for it): what a file watcher must watch to see a failed load's fix appear.
    pub async fn load_with_files(&self, path: &Path, options: LoadOptions) -> (Result<ToolkitHandle, LoadError>, Vec<PathBuf>) {
        let modules = Arc::new(ModuleSnapshot::default());
        let loaded = self.load_into(path, options, modules.clone()).await;
        let mut files = modules.files();
        files.extend(modules.missed());
        files.sort();
        files.dedup();
        (loaded, files)
    }

    async fn load_into(&self, path: &Path, options: LoadOptions, modules: Arc<ModuleSnapshot>) -> Result<ToolkitHandle, LoadError> {
        let mut phase = crate::phase::Phases::start();
        let network = self.network().map_err(LoadError::Module)?;
        phase.end("set up the host's network transport");
        let limits = options.limits.unwrap_or(self.inner.config.limits);
        let pool_config = options.pool.unwrap_or(self.inner.config.pool);
        let instance = InstanceOptions {
            limits,
            sources: ModuleSources { cache: self.inner.modules.clone(), snapshot: modules },
            sibling: None,
            network: Some(network),
            workspace_root: options.root,
        };
        let (pool, described) =
            Pool::load(path.to_path_buf(), instance, pool_config, options.namespace == Namespace::Location).await?;
        let tools = typed_tools(&described.tools)
            .map_err(|problems| LoadError::Module(format!("{}: bad tool list: {problems}", described.entry.display())))?;
        let manifest: Manifest = serde_json::from_value(described.manifest.clone())
            .map_err(|e| LoadError::Module(format!("{}: bad manifest: {e}", described.entry.display())))?;
        Ok(ToolkitHandle {
            inner: Arc::new(HandleInner {
                _host: self.clone(),
                pool,
                tools,
                tools_json: described.tools,
                manifest,
                manifest_json: described.manifest,
                scope: described.scope,
                entry: described.entry,
                root: described.root,
            }),
        })
    }

    /// How many transpiled modules the host caches (shared by every toolkit it loaded).
    pub fn cached_modules(&self) -> usize {
        self.inner.modules.len()
    }
}

struct HandleInner {
    /// Keeps the host's shared parts (the I/O runtime that carries egress) alive as long as
    /// any handle is, even when the embedder drops its `Host`.
    _host: Host,
    pool: Pool,
    tools: Vec<ToolInfo>,
    tools_json: Value,
    manifest: Manifest,
    manifest_json: Value,
    scope: ToolkitScope,
    entry: PathBuf,
    root: PathBuf,
}

/// A loaded toolkit: its tool list, manifest and warm pool. Cheap to clone; dropping the last
/// clone lets its instances end once their calls finish.
#[derive(Clone)]
pub struct ToolkitHandle {
    inner: Arc<HandleInner>,
}

impl ToolkitHandle {
    /// The manifest `id`.
    pub fn id(&self) -> &str {
        &self.inner.manifest.id
    }

    /// The tool list (contract §3), typed.
    pub fn tools(&self) -> &[ToolInfo] {
        &self.inner.tools
    }

    /// The tool list exactly as the SDK would serve it (`GET` on the wire, `trove-host list`).
    pub fn tools_json(&self) -> &Value {
        &self.inner.tools_json
    }

    /// The manifest (contract §3), typed.
    pub fn manifest(&self) -> &Manifest {
        &self.inner.manifest
    }

    /// The manifest exactly as the SDK would produce it.
    pub fn manifest_json(&self) -> &Value {
        &self.inner.manifest_json
    }

    /// Where the toolkit's persistent data is keyed (see [`Namespace`]).
    pub fn namespace(&self) -> &str {
        &self.inner.scope.namespace
    }

    /// The entry file (canonical).
    pub fn entry(&self) -> &Path {
        &self.inner.entry
    }

    /// The toolkit's directory (canonical).
    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    /// Every file the toolkit's module graph was read from (canonical, sorted): its own, and
    /// the shared helpers it imports from its workspace. What `serve --watch` watches.
    pub fn module_files(&self) -> Vec<PathBuf> {
        self.inner.pool.module_files()
    }

    /// The files the toolkit's loader looked for and could not use (absolute, sorted): an
    /// `import()` of a helper that does not exist yet, or did not transpile. A watcher watches
    /// these too (see [`Host::load_with_files`]).
    pub fn missed_files(&self) -> Vec<PathBuf> {
        self.inner.pool.missed_files()
    }

    /// Whether `path`, one of [`Self::module_files`], holds now the text this toolkit's loader
    /// read from it (compared by hash). `false` when it was not read, or cannot be read now.
    /// What `serve --watch` asks of a file whose times cannot say whether it was written before
    /// or after the load read it.
    pub fn reads_as_loaded(&self, path: &Path) -> bool {
        self.inner.pool.sources().snapshot.read_as(path, &match crate::loader::read_module_file(path) {
            Ok(text) => text,
            Err(_) => return false,
        })
    }

    /// Runs `call` on a warm instance with `env`'s providers. The future is `Send` and may be
    /// awaited on any tokio runtime; the JavaScript runs on the instance's own thread.
    ///
    /// # Errors
    /// [`CallError::Overloaded`] when every instance is busy and the queue is full (the call
    /// did not run); [`CallError::Unavailable`] when no instance could be started. A call
    /// that ran, whatever it did, is `Ok` with its envelope.
    pub async fn call(&self, call: ToolCall, env: CallEnv) -> Result<CallOutcome, CallError> {
        let raw = serde_json::to_value(&call).expect("a ToolCall is JSON");
        self.inner.pool.call(raw, env).await
    }

    /// Like [`Self::call`] for a call given as raw JSON, as it came over the wire (a malformed
    /// call gets the `BAD_REQUEST` envelope, as from the SDK).
    ///
    /// # Errors
    /// As [`Self::call`].
    pub async fn call_json(&self, call: Value, env: CallEnv) -> Result<CallOutcome, CallError> {
        self.inner.pool.call(call, env).await
    }

    /// `text` with every secret value any instance of this toolkit has resolved replaced by
    /// `[redacted]`: for anything printed or written about its calls.
    pub fn redact(&self, text: &str) -> String {
        self.inner.scope.redactor.lock().expect("redactor").redact_str(text)
    }

    /// [`Self::redact`] for a field a client sent (a user id, a tool name), not text the
    /// toolkit wrote: only values of 8 bytes or more are looked for
    /// ([`trove_host_ops::redact::Redactor::redact_field`]), so one tenant's short secret
    /// cannot garble every tenant's access line.
    pub fn redact_field(&self, text: &str) -> String {
        self.inner.scope.redactor.lock().expect("redactor").redact_field(text)
    }

    /// A snapshot of every secret value (and minted OAuth token) any instance of this toolkit
    /// has resolved, with its name: to scrub a recorded cassette
    /// ([`trove_host_ops::egress::cassette::scrub`]) or redact anything else written about its calls.
    pub fn redactor(&self) -> trove_host_ops::redact::Redactor {
        self.inner.scope.redactor.lock().expect("redactor").clone()
    }

    /// The pool's counters.
    pub fn stats(&self) -> PoolStats {
        self.inner.pool.stats()
    }
}

/// The typed tool list of a toolkit's described `tools` (an array), or every entry that does
/// not fit, each named by its index and tool name, joined by `; `.
fn typed_tools(tools: &Value) -> Result<Vec<ToolInfo>, String> {
    let entries = tools.as_array().ok_or("the tool list is not an array")?;
    let mut typed = Vec::with_capacity(entries.len());
    let mut problems = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        match serde_json::from_value::<ToolInfo>(entry.clone()) {
            Ok(tool) => typed.push(tool),
            Err(e) => {
                let name = entry.get("name").and_then(Value::as_str).unwrap_or("?");
                problems.push(format!("tools[{index}] ({name}): {e}"));
            }
        }
    }
    if problems.is_empty() { Ok(typed) } else { Err(problems.join("; ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync_clone<T: Send + Sync + Clone>() {}

    #[test]
    fn host_and_handle_are_send_sync_clone() {
        assert_send_sync_clone::<Host>();
        assert_send_sync_clone::<ToolkitHandle>();
    }

    #[test]
    fn a_tool_list_entry_that_does_not_fit_is_named_and_a_title_of_any_type_loads() {
        let tools = serde_json::json!([
            { "name": "numtitle", "title": 42, "description": "d", "inputSchema": { "type": "object" } },
            { "name": "fine", "title": "Fine", "description": "d", "inputSchema": { "type": "object" } },
        ]);
        let typed = typed_tools(&tools).unwrap();
        assert_eq!((typed[0].title.as_deref(), typed[1].title.as_deref()), (None, Some("Fine")));
        let bad = serde_json::json!([{ "name": "a", "description": "d", "inputSchema": {} }, { "name": "b", "description": 3 }]);
        let problems = typed_tools(&bad).unwrap_err();
        assert!(problems.starts_with("tools[1] (b): "), "{problems}");
    }

    #[test]
    fn call_futures_are_send() {
        fn is_send<T: Send>(_: &T) {}
        let f = |h: ToolkitHandle| async move { h.call(ToolCall::new("t", Value::Null, "u"), CallEnv::default()).await };
        let _ = |h: ToolkitHandle| is_send(&f(h));
    }
}
