//! trove-host's front-ends for clients: serves loaded toolkits over the Trove wire (contract §4)
//! on HTTP, with the platform's callbacks (contract §5) answered per call, and to MCP clients
//! over stdio or streamable HTTP ([`mcp`]).
//!
//! ```text
//!   client ──HTTP──▶ accept loop (hyper, graceful drain)        serve.rs
//!                      ▼
//!                    wire router: /<toolkit-id>  GET tools, POST call   wire.rs
//!                      │  EnvSource::env(handle, call) ─▶ CallEnv       env.rs
//!                      ▼
//!                    ToolkitHandle::call_json ─▶ envelope (trove_host's pool)
//!   --watch: notify ─▶ debounce ─▶ Host::load ─▶ swap the handle in     watch.rs
//! ```
//!
//! The server only translates between HTTP and [`trove_host::ToolkitHandle`]: every envelope
//! comes from the runtime, or is built with [`trove_host::Envelope::failure`] for what never
//! reaches it (bad JSON, a body too large, an overloaded pool).
//!
//! A small server, end to end (this example runs as a doctest): one toolkit served on a free
//! loopback port, its upstream answered from a cassette, and one call over real HTTP.
//!
//! ```
//! # #[tokio::main(flavor = "multi_thread", worker_threads = 2)]
//! # async fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use tokio::io::{AsyncReadExt, AsyncWriteExt};
//! use trove_host::{CallEnv, FixedClock, Host, HostConfig, LoadOptions, ReplayTransport, ToolCall, ToolkitHandle};
//! use trove_host_server::{ServeOptions, Server};
//!
//! let host = Host::new(HostConfig::default())?;
//! // Per-call providers: here every call's egress is served from the same cassette, at the
//! // instant it was recorded.
//! let cassette = std::fs::read_to_string("../toolkits/quakefeed/replay/recent.json")?;
//! let recorded = "2026-11-29T12:00:00Z".parse()?;
//! let env = move |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> {
//!     let exchanges = serde_json::from_str(&cassette).map_err(|e| e.to_string())?;
//!     let mut env = CallEnv::new(Arc::new(ReplayTransport::new(exchanges)));
//!     env.clock = Arc::new(FixedClock(recorded));
//!     Ok(env)
//! };
//! let options = ServeOptions { listen: "127.0.0.1:0".parse()?, ..ServeOptions::default() };
//! let running =
//!     Server::start(host, vec!["../toolkits/quakefeed".into()], LoadOptions::default(), Arc::new(env), options).await?;
//!
//! let body = r#"{"tool":"recent_quakes","args":{"minMagnitude":2.5},"userId":"u1"}"#;
//! let mut socket = tokio::net::TcpStream::connect(running.local_addr()).await?;
//! socket
//!     .write_all(format!("POST /quakefeed HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len()).as_bytes())
//!     .await?;
//! let mut answer = String::new();
//! socket.read_to_string(&mut answer).await?;
//! assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
//! assert!(answer.contains(r#""ok":true"#), "{answer}");
//! running.shutdown().await;
//! # Ok(()) }
//! ```
//!
//! `trove-host serve` is the same with [`trove_host::local::LocalProviders`] as the
//! [`EnvSource`] (environment and keyring secrets, the local cache and knowledge base, the
//! platform's callbacks for `--platform` URLs).

mod body;
mod env;
mod host_header;
pub mod mcp;
mod serve;
mod watch;
pub mod wire;

pub use env::EnvSource;
pub use serve::{load_toolkits, serve, RunningServer, ServeError, ServeOptions, Server, Shutdown, ToolkitLoadError, WRITE_TIMEOUT};
pub use wire::{router, Registry, ANSWER_BUDGET_BYTES, BODY_BUDGET_BYTES, BODY_READ_TIMEOUT, DEFAULT_MAX_BODY_BYTES};
