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

/// A toolkit that recurses `depth` calls deep, plainly and through a recursive zod schema.
const DEEP: &str = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
function down(n: number): number { return n === 0 ? 0 : 1 + down(n - 1); }\n\
type Node = { child?: Node };\n\
const node: z.ZodType<Node> = z.lazy(() => z.object({ child: node.optional() }));\n\
export default defineToolkit({ id: 'deep', name: 'Deep', description: 'Recurses.', icon: 'd', version: '1.0.0', tools: [\n\
  tool({ name: 'down', description: 'd', input: z.object({ depth: z.number() }), handler: async ({ depth }) => {\n\
    try { return String(down(depth)); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }\n\
  } }),\n\
  tool({ name: 'tree', description: 'd', input: z.object({ depth: z.number() }), handler: async ({ depth }) => {\n\
    let tree: Node = {}; for (let i = 0; i < depth; i++) tree = { child: tree };\n\
    const parsed = node.safeParse(tree); return parsed.success ? 'valid' : 'invalid';\n\
  } }),\n\
] });\n";

/// Review 24: at V8's 1 MiB stack a QuickJS isolate overflowed at about 1,450 plain calls, and a
/// recursive `z.lazy` schema validated about 264 levels, where Node 20 goes to about 10,800 and
/// 1,400. A served instance now recurses about as deep as Node; past that it is a RangeError, and
/// on a thread with a small stack the engine takes only what that thread has (v8x patch 39), so
/// it is a RangeError there too, never a crash.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recursion_goes_about_as_deep_as_under_node_and_ends_in_a_range_error() {
    let dir = crate::scratch_toolkit("deep", &[("extension.ts", DEEP)]);
    let host = trove_host::Host::new(trove_host::HostConfig::default()).expect("host");
    let kit = host.load(&dir, trove_host::LoadOptions::default()).await.expect("loads");
    let call = |tool: &str, depth: u32| {
        let kit = kit.clone();
        let call = ToolCall::new(tool, json!({ "depth": depth }), "u");
        async move { kit.call(call, env()).await.expect("answered").envelope.json() }
    };
    assert_eq!(call("down", 9_000).await, json!({ "ok": true, "result": { "text": "9000" } }));
    assert_eq!(call("tree", 1_000).await, json!({ "ok": true, "result": { "text": "valid" } }));
    let overflow = call("down", 1_000_000).await;
    assert_eq!(overflow["result"]["text"], "RangeError: Maximum call stack size exceeded", "{overflow}");
    assert_eq!(call("down", 9_000).await["result"]["text"], "9000", "the instance answers after an overflow");

    // An isolate made on a thread with a 2 MiB stack (what Rust and tokio give a thread by
    // default): the overflow is still an error envelope.
    let dir = dir.clone();
    let small = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async {
                let mut t = Toolkit::load(&dir).await.expect("loads on a small stack");
                let deep = t.call(&ToolCall::new("down", json!({ "depth": 1_000_000 }), "u"), env()).await.envelope.json();
                let shallow = t.call(&ToolCall::new("down", json!({ "depth": 100 }), "u"), env()).await.envelope.json();
                (deep, shallow)
            })
        })
        .unwrap()
        .join()
        .expect("the small-stack thread did not crash");
    assert_eq!(small.0["result"]["text"], "RangeError: Maximum call stack size exceeded", "{}", small.0);
    assert_eq!(small.1["result"]["text"], "100");
}

/// Sorting an array-like whose length is 2^32 ran a native loop that never asked for the
/// interrupt, so the call's time limit did not end it and its thread spun on after the answer
/// (review 26). The loop now polls: the call ends at its limit, and the instance answers after.
#[tokio::test(flavor = "current_thread")]
async fn sorting_a_huge_array_like_ends_at_the_time_limit() {
    let limits = IsolateLimits { call_timeout: Duration::from_millis(1500), ..IsolateLimits::default() };
    let mut t = Toolkit::load_with(&crate::fixture("sort"), limits).await.expect("load sort");
    let started = Instant::now();
    let huge = run(&mut t, "huge").await;
    assert_eq!(huge, json!({ "ok": false, "error": "tool timed out after 1.5 s", "retryable": true, "code": "TOOL_ERROR" }));
    assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
    assert_eq!(run(&mut t, "events").await["result"]["text"], "LKHEBJGDIFCA IFCAJGDLKHEB 5,1,4,2,3", "usable after");
}

/// A toolkit that keeps `Blob`s in module state, and one that makes and drops them.
const BLOBS: &str = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
const kept: Blob[] = [];\n\
export default defineToolkit({ id: 'blobs', name: 'Blobs', description: 'Holds Blob data.', icon: 'b', version: '1.0.0', tools: [\n\
  tool({ name: 'keep', description: 'd', input: z.object({ mib: z.number() }), handler: async ({ mib }) => {\n\
    for (let i = 0; i < mib; i++) kept.push(new Blob([new Uint8Array(1 << 20).fill(1)]));\n\
    return `holding ${kept.length} MiB`;\n\
  } }),\n\
  tool({ name: 'churn', description: 'd', input: z.object({ mib: z.number() }), handler: async ({ mib }) => {\n\
    let seen = 0;\n\
    for (let i = 0; i < mib; i++) { seen += new Blob([new Uint8Array(1 << 20)]).size; await new Promise((r) => setTimeout(r, 0)); }\n\
    return `made ${seen >> 20} MiB`;\n\
  } }),\n\
] });\n";

/// `Blob` bytes live in Rust, outside the engine's heap: a toolkit kept 768 MiB of them under a
/// 64 MiB ceiling and a server grew without bound (review 45, R45-01). They count against the
/// ceiling now: past it, the call ends with the memory-limit envelope. `Blob`s a toolkit drops
/// are given back, so making many over a call is not held against it.
#[tokio::test(flavor = "current_thread")]
async fn blob_data_counts_against_the_heap_ceiling() {
    let dir = crate::scratch_toolkit("blobs", &[("extension.ts", BLOBS)]);
    let limits = IsolateLimits { max_heap_bytes: 64 << 20, ..IsolateLimits::default() };
    let mut t = Toolkit::load_with(&dir, limits).await.expect("load blobs");
    let call = |tool: &str, mib: u32| ToolCall::new(tool, json!({ "mib": mib }), "u");
    assert_eq!(t.call(&call("churn", 256), env()).await.envelope.json()["result"]["text"], "made 256 MiB", "dropped Blobs are given back");
    assert_eq!(t.call(&call("keep", 32), env()).await.envelope.json()["result"]["text"], "holding 32 MiB");
    let over = t.call(&call("keep", 64), env()).await.envelope.json();
    assert_eq!(over, json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" }));
}
