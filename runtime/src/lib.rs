//! # trove-host
//!
//! Runs `@ontrove/extend` TypeScript toolkits unchanged in a deno_core isolate (QuickJS by
//! default, V8 with the `v8` feature), with every member of `ctx` a Rust op so the toolkit's
//! boundaries (egress, secrets, scopes) are enforced in Rust.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use trove_host::{Toolkit, ToolCall};
//! use trove_host_ops::egress::replay::ReplayTransport;
//! use trove_host_ops::CallEnv;
//!
//! let mut toolkit = Toolkit::load("toolkits/quakefeed".as_ref()).await?;
//! println!("{}", toolkit.tools());
//! let env = CallEnv::new(Arc::new(ReplayTransport::from_file("toolkits/quakefeed/replay/recent.json".as_ref())?));
//! let outcome = toolkit.call(&ToolCall::new("recent_quakes", serde_json::json!({}), "user-1"), env).await;
//! println!("{}", outcome.envelope);
//! # Ok(()) }
//! ```
//!
//! Data flows one way: a [`ToolCall`] enters [`Toolkit::call`], the isolate runs the
//! toolkit's handler, the handler's `ctx` calls Rust ops ([`trove_host_ops`]), and ops reach
//! the network only through the manifest's policy.

pub mod conformance;
pub mod home;
pub mod isolate;
pub mod loader;
pub mod toolkit;
pub mod transpile;

pub use toolkit::{find_entry, CallOutcome, IsolateLimits, LoadError, ToolCall, Toolkit};
