//! trove-host's front-end for clients: serves loaded toolkits over the Trove wire (contract §4)
//! on HTTP, with the platform's callbacks (contract §5) answered per call.
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
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use trove_host::{local::LocalProviders, Host, HostConfig, LoadOptions, Namespace};
//! use trove_host_server::{ServeOptions, Server};
//!
//! let host = Host::new(HostConfig::default())?;
//! let load = LoadOptions { namespace: Namespace::Location, ..LoadOptions::default() };
//! let running = Server::start(
//!     host,
//!     vec!["toolkits/quakefeed".into()],
//!     load,
//!     Arc::new(LocalProviders::open()),
//!     ServeOptions::default(),
//! )
//! .await?;
//! println!("serving on http://{}/quakefeed", running.local_addr());
//! running.shutdown().await;
//! # Ok(()) }
//! ```

mod env;
mod serve;
mod watch;
pub mod wire;

pub use env::EnvSource;
pub use serve::{serve, RunningServer, ServeError, ServeOptions, Server, Shutdown, ToolkitLoadError};
pub use wire::{router, Registry, DEFAULT_MAX_BODY_BYTES};
