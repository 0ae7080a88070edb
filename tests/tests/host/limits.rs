//! Isolate limits: a runaway loop, a call that never settles and a heap hog each fail with an
//! envelope, and the same toolkit answers the next call (module state intact).

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use trove_host::{IsolateLimits, ToolCall, Toolkit};
use trove_host_ops::egress::replay::ReplayTransport;
use trove_host_ops::CallEnv;

use crate::fixture;

fn env() -> CallEnv {
    CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())))
}

async fn run(t: &mut Toolkit, tool: &str) -> serde_json::Value {
    t.call(&ToolCall::new(tool, json!({}), "u"), env()).await.envelope.json()
}

#[tokio::test(flavor = "current_thread")]
async fn runaway_calls_fail_and_the_isolate_recovers() {
    let limits = IsolateLimits { call_timeout: Duration::from_millis(1500), max_heap_bytes: 96 * 1024 * 1024, ..IsolateLimits::default() };
    let mut t = Toolkit::load_with(&fixture("runaway"), limits).await.expect("load runaway");
    assert_eq!(run(&mut t, "ok").await["result"]["text"], "call 1");

    let spin = run(&mut t, "spin").await;
    assert_eq!(spin, json!({ "ok": false, "error": "tool timed out after 1.5 s", "retryable": true, "code": "TOOL_ERROR" }));
    assert_eq!(run(&mut t, "ok").await["result"]["text"], "call 2", "usable after a runaway loop");

    let hang = run(&mut t, "hang").await;
    assert_eq!(hang["error"], "tool timed out after 1.5 s");
    assert_eq!(run(&mut t, "ok").await["result"]["text"], "call 3", "usable after a call that never settled");

    let hog = run(&mut t, "hog").await;
    assert_eq!(hog["ok"], false, "{hog}");
    assert_eq!(hog["code"], "TOOL_ERROR");
    assert_eq!(run(&mut t, "ok").await["result"]["text"], "call 4", "usable after exhausting the heap");
}
