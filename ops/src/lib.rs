//! # trove-host-ops: the Rust side of a toolkit's `ctx`
//!
//! Every member of `ctx` a toolkit can touch (contract §5) is an op in the [`trove_ops`]
//! extension, and every op reaches the world only through the policies here:
//!
//! | `ctx` member | module | boundary |
//! |---|---|---|
//! | `fetch`, `fetchJson` | [`egress`] | https only, exact allowlist, addresses vetted after DNS and on every redirect (§6) |
//! | `secret`, `requireSecret` | [`secrets`], [`callback`] | declared names only, read lazily, namespaced by toolkit |
//! | `log`, `console` | [`log`], [`redact`] | every resolved secret value becomes `[redacted]` |
//! | `now` | [`clock`] | injectable |
//! | `trove` | [`trove`], [`kb`], [`callback`] | only when the call's scopes grant it; keyed by user and toolkit |
//! | `cache` | [`cache`] | keyed by user and toolkit; size-bounded, best effort |
//!
//! Per-call state lives in one [`call::CallState`] in the isolate's `OpState`; what a call did
//! comes back as a [`ledger::CallRecord`].

pub mod cache;
pub mod call;
pub mod callback;
pub mod clock;
pub mod egress;
pub mod extension;
pub mod js_json;
pub mod kb;
pub mod ledger;
pub mod log;
pub mod manifest;
pub mod redact;
pub mod redis_store;
pub mod regular_file;
pub mod secrets;
mod sqlite;
pub mod trove;

pub use call::{CallEnv, CallState, LoadingToolkit, ToolCall, ToolkitScope};
pub use extension::trove_ops;
pub use ledger::{CallRecord, CallbackRecord, EgressRecord, Ledger};
