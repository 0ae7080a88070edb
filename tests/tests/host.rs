//! Issue #2's acceptance checks, as one integration-test binary (each test binary links
//! QuickJS and swc, so they share one): parity with the conformance corpus, `defineToolkit`
//! validation (§2), result envelopes (§4), module loading (§1), web globals (§1), egress
//! refusals (§6), the CLI, and the example toolkits' expected envelopes.
//!
//! Fixture toolkits live in `tests/fixtures/<name>/`; toolkits that differ by one line (the
//! validation and bad-import cases) are written to a scratch directory under
//! the target directory's `tmp` by [`scratch_toolkit`].

mod host {
    pub mod author;
    pub mod cli;
    pub mod conformance;
    pub mod egress_rules;
    pub mod engine;
    pub mod envelopes;
    pub mod examples;
    pub mod flood;
    pub mod globals;
    pub mod leaks;
    pub mod limits;
    pub mod loading;
    pub mod record;
    pub mod tamper;
    pub mod tls_upstream;
    pub mod snapshot;
    pub mod validation;
}

use std::path::Path;
use std::sync::Arc;

use serde_json::{json, Value};
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::CallEnv;

pub use trove_host_tests::{fixture, repo_root};

/// Loads a toolkit that must load.
pub async fn load(path: &Path) -> Toolkit {
    match Toolkit::load(path).await {
        Ok(t) => t,
        Err(e) => panic!("{} did not load: {e}", path.display()),
    }
}

/// A call environment whose egress is served by `exchanges` (conformance `http` format).
pub fn replay_env(exchanges: Value) -> (CallEnv, Arc<ReplayTransport>) {
    let exchanges: Vec<Exchange> = serde_json::from_value(exchanges).expect("exchanges in the replay format");
    let replay = Arc::new(ReplayTransport::new(exchanges));
    (CallEnv::new(replay.clone()), replay)
}

/// Calls `tool` with `args` and no network at all (an empty cassette).
pub async fn call(toolkit: &mut Toolkit, tool: &str, args: Value) -> CallOutcome {
    let (env, _) = replay_env(json!([]));
    toolkit.call(&ToolCall::new(tool, args, "test-user"), env).await
}

/// The failure envelope of contract §4.
pub fn failure(error: &str, code: &str, retryable: bool) -> Value {
    json!({ "ok": false, "error": error, "retryable": retryable, "code": code })
}

pub use trove_host_tests::scratch_toolkit;
