//! Toolkits served to MCP clients (`trove-host mcp`), on rmcp, the official Rust MCP SDK.
//!
//! ```text
//!   MCP client ──stdio or streamable HTTP (rmcp)──▶ McpSession (one per client)   session.rs
//!       tools/list ◀── Catalog: each toolkit's tool list, mapped                   catalog.rs
//!       tools/call ──▶ EnvSource::env + cancel token + log sink ─▶ ToolkitHandle::call
//!                  ◀── envelope ─▶ CallToolResult                                   result.rs
//!   stdio only: lone surrogates repaired, stdin's end held back until no call runs  stdio.rs
//!   HTTP only: Origin/Host checks (403) first                                      gate.rs
//!              bearer token (401), Mcp-Session-Id                                 http.rs
//! ```
//!
//! The MCP front-end only translates, like the Trove wire: a call runs through the toolkit's
//! warm pool with the same egress, secret and scope rules as every other call, and its
//! envelope becomes the MCP result ([`result`]). What MCP adds to a call:
//!
//! - **Cancellation**: `notifications/cancelled` trips the call's
//!   [`trove_host::CallEnv::cancel`] token; the call ends at once (`tool call cancelled`), its
//!   pending `ctx.fetch` requests are dropped in Rust (the upstream sees the connection close)
//!   and its instance is replaced.
//! - **Logs**: once the client has set a level (`logging/setLevel`), each `ctx.log` and
//!   `console.*` line of its calls at that level or above is sent as a
//!   `notifications/message` (`logger`: the toolkit id; `data`: for `ctx.log` the array of its
//!   arguments, for `console.*` the text), redacted as everywhere, before the call's result.
//!
//! Every call of a server is made as one user ([`McpOptions`]): an MCP server runs for the
//! person whose client started it.
//!
//! A server answering one MCP client over HTTP, end to end (runs as a doctest):
//!
//! ```
//! # #[tokio::main(flavor = "multi_thread", worker_threads = 2)]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall, ToolkitHandle};
//! use trove_host_server::mcp::{McpHttpOptions, McpOptions, McpServer};
//!
//! let host = Host::new(HostConfig::default())?;
//! // Per-call providers: no secrets, the host's network transport.
//! let env = |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> { Ok(CallEnv::default()) };
//! let server = McpServer::load(&host, vec!["../toolkits/quakefeed".into()], &LoadOptions::default(), Arc::new(env), McpOptions::default()).await?;
//! assert!(server.tools().iter().any(|t| t.name == "recent_quakes"));
//! let running = server.start_http(McpHttpOptions { listen: "127.0.0.1:0".parse()?, ..McpHttpOptions::default() }).await?;
//! assert!(running.url().ends_with("/mcp"));
//! running.shutdown().await;
//! # Ok(()) }
//! ```

mod catalog;
mod gate;
mod http;
pub mod result;
mod session;
mod stdio;

use std::path::PathBuf;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use rmcp::ServiceExt;
use serde_json::Value;
use trove_host::{Host, LoadOptions, ToolkitHandle};

pub use gate::{allowed_host, allowed_origin};
pub use catalog::{mcp_tool, Catalog, META_ALWAYS_ON, META_MUTATING, TOOLKIT_SEPARATOR};
pub use http::{McpHttpOptions, RunningMcpHttp, DEFAULT_MAX_SESSIONS, DEFAULT_MCP_LISTEN, MCP_PATH};
pub use rmcp::model::Tool;

use crate::env::EnvSource;
use crate::serve::{load_toolkits, ServeError};

/// Who the calls of an MCP server are made as.
#[derive(Debug, Clone, PartialEq)]
pub struct McpOptions {
    /// `ctx.userId` of every call. Default `local-user` (as `trove-host call`).
    pub user_id: String,
    /// The scopes asked for every call (granted only where the manifest declares them too).
    /// Default: none.
    pub scopes: Vec<String>,
    /// `ctx.config` of every call (a JSON object). Default: none (`{}` to the toolkit).
    pub config: Option<Value>,
    /// Largest result a call may give a client, in bytes (its text plus its structured
    /// content as JSON); a larger one becomes the `TOOL_ERROR` result `tool result too large
    /// (N bytes; the limit is M)`. Default 8 MiB: under the 10 MiB message limit of the MCP
    /// TypeScript SDK's stdio transport, which drops the whole session on a larger message.
    pub max_result_bytes: usize,
}

/// The default [`McpOptions::max_result_bytes`]: 8 MiB.
pub const DEFAULT_MAX_RESULT_BYTES: usize = 8 * 1024 * 1024;

impl Default for McpOptions {
    fn default() -> Self {
        Self { user_id: "local-user".into(), scopes: Vec::new(), config: None, max_result_bytes: DEFAULT_MAX_RESULT_BYTES }
    }
}

/// Loaded toolkits ready to serve MCP clients. Cheap to clone.
#[derive(Clone)]
pub struct McpServer {
    inner: Arc<Inner>,
}

struct Inner {
    catalog: Catalog,
    env: Arc<dyn EnvSource>,
    options: McpOptions,
    toolkits: Vec<ToolkitHandle>,
    /// Calls running now (shutdown waits for them within its grace period).
    in_flight: Arc<AtomicUsize>,
    /// Cancelled when an HTTP endpoint's shutdown grace period has run out: the calls still
    /// running are answered with [`crate::wire::STOPPED_MESSAGE`] (retryable), as `serve`
    /// answers them, rather than left without an answer when their streams close.
    stopping: tokio_util::sync::CancellationToken,
}

/// Why an MCP session over stdio ended badly.
#[derive(Debug, thiserror::Error)]
pub enum McpError {
    /// The client did not complete `initialize`.
    #[error("the MCP client did not initialize: {0}")]
    Initialize(String),
    /// The session failed after it started.
    #[error("the MCP session failed: {0}")]
    Session(String),
}

impl McpServer {
    /// Serves `toolkits` (ids distinct) with per-call providers from `env`.
    ///
    /// # Errors
    /// [`ServeError::NoToolkits`] for an empty list; [`ServeError::DuplicateId`].
    pub fn new(toolkits: Vec<ToolkitHandle>, env: Arc<dyn EnvSource>, options: McpOptions) -> Result<Self, ServeError> {
        if toolkits.is_empty() {
            return Err(ServeError::NoToolkits);
        }
        for (i, handle) in toolkits.iter().enumerate() {
            if toolkits[..i].iter().any(|other| other.id() == handle.id()) {
                let paths = toolkits.iter().filter(|h| h.id() == handle.id()).map(|h| h.root().to_path_buf()).collect();
                return Err(ServeError::DuplicateId { id: handle.id().to_owned(), paths });
            }
        }
        let catalog = Catalog::new(&toolkits);
        Ok(Self { inner: Arc::new(Inner { catalog, env, options, toolkits, in_flight: Arc::default(), stopping: Default::default() }) })
    }

    /// Loads `toolkits` into `host` (every failure listed) and serves them.
    ///
    /// # Errors
    /// As [`load_toolkits`].
    pub async fn load(
        host: &Host,
        toolkits: Vec<PathBuf>,
        load: &LoadOptions,
        env: Arc<dyn EnvSource>,
        options: McpOptions,
    ) -> Result<Self, ServeError> {
        let handles = load_toolkits(host, toolkits, load).await?.into_iter().map(|(_, h)| h).collect();
        Self::new(handles, env, options)
    }

    /// The tools as `tools/list` answers: each toolkit's list ([`ToolkitHandle::tools_json`]),
    /// named `<toolkit-id>__<tool>` when more than one toolkit is served.
    pub fn tools(&self) -> &[Tool] {
        self.inner.catalog.tools()
    }

    /// The served toolkits, as given.
    pub fn toolkits(&self) -> &[ToolkitHandle] {
        &self.inner.toolkits
    }

    /// Serves one client on this process's stdin and stdout until it closes stdin and every
    /// call it made has answered (closing stdin cancels nothing: each call runs to its end or
    /// its limit, and its result is still written).
    ///
    /// # Errors
    /// [`McpError`] when the client does not initialize or the session fails.
    pub async fn serve_stdio(&self) -> Result<(), McpError> {
        let (stdin, stdout) = rmcp::transport::stdio_pipes();
        // A client that pipelines (`printf '…' | trove-host mcp`) gets its `logging/setLevel`
        // applied before the calls it sent behind it start.
        let level = Arc::default();
        let read_level = Arc::clone(&level);
        let stdin = stdio::LoneSurrogates::new(stdin).on_line(move |line| session::read_set_level(line, &read_level));
        let stdin = stdio::EndAfterCalls::new(stdin, self.inner.in_flight.clone());
        let running = session::McpSession::with_level_from_input(self.clone(), level)
            .serve((stdin, stdout))
            .await
            .map_err(|e| McpError::Initialize(e.to_string()))?;
        running.waiting().await.map(|_| ()).map_err(|e| McpError::Session(e.to_string()))
    }

    /// Starts serving clients over streamable HTTP (see [`McpHttpOptions`]).
    ///
    /// # Errors
    /// [`ServeError::Bind`]; [`ServeError::PublicWithoutToken`] for a non-loopback address
    /// without a bearer token.
    pub async fn start_http(&self, options: McpHttpOptions) -> Result<RunningMcpHttp, ServeError> {
        http::start(self, options).await
    }

    pub(crate) fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    pub(crate) fn env_source(&self) -> &Arc<dyn EnvSource> {
        &self.inner.env
    }

    /// Calls running now, over every transport.
    pub fn in_flight_calls(&self) -> usize {
        self.inner.in_flight.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub(crate) fn in_flight(&self) -> &Arc<AtomicUsize> {
        &self.inner.in_flight
    }

    pub(crate) fn stopping(&self) -> &tokio_util::sync::CancellationToken {
        &self.inner.stopping
    }

    pub(crate) fn options(&self) -> &McpOptions {
        &self.inner.options
    }

    /// The `instructions` of `initialize`: what is served.
    pub(crate) fn instructions(&self) -> String {
        let names: Vec<String> =
            self.inner.toolkits.iter().map(|h| format!("{} ({})", h.manifest().name, h.id())).collect();
        format!(
            "Tools of the @ontrove/extend toolkits {}, run by trove-host: each call's network access, secrets and scopes are limited to what its toolkit's manifest declares.",
            names.join(", ")
        )
    }
}
