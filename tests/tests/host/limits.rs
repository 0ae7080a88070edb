//! Isolate limits: a runaway loop, a call that never settles and a heap hog each fail with an
//! envelope, and the same toolkit answers the next call (module state intact).

use std::sync::Arc;
use std::time::{Duration, Instant};

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

    // The heap ceiling, not the call timeout, ends the hog: the memory-limit envelope, well
    // before the 1.5 s wall-clock limit (96 MiB fills in a fraction of it), so a ceiling that
    // no longer held would show as a timeout, not pass as one.
    let started = Instant::now();
    let hog = run(&mut t, "hog").await;
    let took = started.elapsed();
    assert_eq!(hog, json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" }));
    assert!(took < limits.call_timeout, "the hog ran for {took:?}, not stopped by the heap ceiling before the {:?} timeout", limits.call_timeout);
    assert_eq!(run(&mut t, "ok").await["result"]["text"], "call 4", "usable after exhausting the heap");
}
