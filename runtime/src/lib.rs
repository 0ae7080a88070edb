//! # trove-host
//!
//! Runs `@ontrove/extend` TypeScript toolkits unchanged in a deno_core isolate (QuickJS by
//! default, V8 with the `v8` feature), with every member of `ctx` a Rust op so the toolkit's
//! boundaries (egress, secrets, scopes) are enforced in Rust.
//!
//! ## Embedding
//!
//! A server holds one [`Host`] (`Send + Sync + Clone`), loads toolkits into
//! [`ToolkitHandle`]s and calls them from any tokio task:
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall};
//!
//! let host = Host::new(HostConfig::default())?;
//! let quakes = host.load("toolkits/quakefeed".as_ref(), LoadOptions::default()).await?;
//! for tool in quakes.tools() {
//!     println!("{}: {}", tool.name, tool.description);
//! }
//! // A call from the platform: secrets and ctx.trove through its callbacks (contract §5).
//! let mut call = ToolCall::new("recent_quakes", serde_json::json!({}), "user-1");
//! call.ctx_token = Some("ctx-token".into());
//! call.callback_base = Some("https://trove.example/api".into());
//! let env = CallEnv::for_platform(&call)?;
//! let outcome = quakes.call(call, env).await?;
//! println!("{}", outcome.envelope);
//! # Ok(()) }
//! ```
//!
//! ## Server architecture
//!
//! ```text
//!  HTTP / MCP front-end (translates only)          embedder code
//!            \                                       /
//!             ▼                                     ▼
//!   Host ── shared: limits, module cache, network settings, supervisor
//!     │  load(path) ─▶ ToolkitHandle (tools, manifest; Send + Sync + Clone)
//!     │  handle.call(ToolCall, CallEnv) ─▶ Result<CallOutcome, CallError>
//!     ▼
//!   pool per toolkit: admission (bounded queue) ▶ FIFO slots ▶ idle instance or a new one
//!     ▼
//!   instance thread: one JsRuntime (isolate), one current-thread tokio runtime and its own
//!   HTTP client (egress never leaves the thread), calls one at a time; retired and replaced
//!   after a limit (wall clock, CPU, heap) or a stack overflow
//!     ▼
//!   ops (trove_host_ops): egress policy ▶ transport; secrets; log; clock; cache; trove
//! ```
//!
//! - Isolates are never created per call once a pool is warm; a pool's instances share the
//!   transpiled modules of its first instance.
//! - Every isolate starts from the process's startup snapshot ([`snapshot`]): the bootstrap
//!   (web APIs, Intl, zod, the SDK module) is run once, when the snapshot is made, and restored
//!   after. An embedder's first isolate makes it in memory (a few hundred milliseconds) unless
//!   [`snapshot::set_cache_dir`] names where to keep it between runs, as the CLI does.
//! - Module state is per instance (like Workers behind a load balancer): consecutive calls
//!   may see different instances.
//! - One supervisor thread per process enforces wall-clock and CPU-time limits by
//!   interrupting the isolate; no thread is spawned per call.
//! - The host's time zone is UTC (`Intl`'s default). The engine's `Date` takes its local time
//!   from the process's `TZ`: run an embedding process with `TZ=UTC`, as the CLI pins it.
//! - An embedder gets no secret source unless it picks one ([`CallEnv::default`] has none;
//!   [`CallEnv::for_platform`] uses the platform callbacks).
//!
//! ## Several hosts
//!
//! Behind a load balancer, hosts share `ctx.cache` and minted OAuth tokens through one Redis
//! (`docs/deploy.md`); everything else stays per host. An embedder puts the shared stores in
//! each call's [`CallEnv`]:
//!
//! ```no_run
//! # fn demo() -> Result<(), String> {
//! use std::sync::Arc;
//! use trove_host::{CacheLimits, CallEnv, RedisCache, RedisOptions, RedisStore, RedisTokens, TokenSealer};
//!
//! // One store (one connection, its own I/O thread) for both; nothing connects until used.
//! let redis = RedisStore::new("redis://10.0.0.5:6379/0", RedisOptions::default())?;
//! let cache = Arc::new(RedisCache::new(redis.clone(), CacheLimits::default()));
//! let sealer = TokenSealer::from_key_text(&std::env::var("TROVE_HOST_TOKEN_KEY").map_err(|e| e.to_string())?)?;
//! let tokens = Arc::new(RedisTokens::new(redis, sealer));
//! let env = CallEnv { cache: Some(cache), tokens: Some(tokens), ..CallEnv::default() };
//! # let _ = env; Ok(()) }
//! ```
//!
//! A single [`Toolkit`] (one instance, `!Send`) is what the pool holds; the parity runner and
//! one-shot tools may use it directly.

mod blob_store;
mod build_id;
pub mod cases;
mod code_cache;
mod compression;
pub mod conformance;
pub mod describe;
mod disk_entry;
mod extension_sources;
pub mod envelope;
pub mod home;
pub mod host;
pub mod isolate;
mod links;
pub mod loader;
pub mod local;
pub mod modules;
mod phase;
pub mod pool;
mod queue;
/// Applied by the build (`build.rs` includes it); here for its tests.
#[cfg(test)]
mod script_patches;
pub mod snapshot;
mod supervisor;
pub mod toolkit;
pub mod transpile;
mod worker;

pub use describe::{Manifest, ToolInfo};
pub use envelope::{Envelope, ErrorCode, Failure, Success, ToolResult};
pub use host::{Host, HostConfig, LoadOptions, Namespace, ToolkitHandle};
pub use pool::{CallError, PoolConfig, PoolStats};
pub use toolkit::{find_entry, CallOutcome, InstanceOptions, IsolateLimits, LoadError, Toolkit};
pub use trove_host_ops::cache::{CacheLimits, CacheStore, MemoryCache, RedisCache, SqliteCache};
pub use trove_host_ops::clock::{Clock, FixedClock, SystemClock};
pub use trove_host_ops::egress::tokens::{RedisTokens, TokenSealer, TokenStore};
pub use trove_host_ops::redis_store::{RedisOptions, RedisStore};
pub use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport};
pub use trove_host_ops::egress::replay::ReplayTransport;
pub use trove_host_ops::egress::{EgressBudgets, Transport};
pub use trove_host_ops::secrets::{EnvSecrets, KeyringSecrets, MemorySecrets, SecretChain, SecretProvider};
pub use trove_host_ops::{CallEnv, CallRecord, ToolCall};
