//! Proves that a warm toolkit does not leak: 10,000 sequential calls through one `Host`, and
//! the process's resident memory after the first 1,000 grows by no more than 10% (issue #7);
//! that calls which read error stacks and fail leave nothing behind; that an instance
//! discarded after a fault gives its memory back; that the native objects behind
//! `CryptoKey`s are freed once their keys are; and that WebAssembly memory counts against the
//! heap ceiling and goes with its isolate.
//!
//! Its own test binary, so no other test's allocations move the figure; the tests take turns.

use std::sync::Arc;

use serde_json::json;
use trove_host::{FixedClock, Host, HostConfig, LoadOptions, PoolConfig, ReplayTransport, ToolCall, ToolkitHandle};
use trove_host_ops::egress::replay::Exchange;
use trove_host_tests::{repo_root, scratch_toolkit};

/// Resident set size of this process, in bytes (`/proc/self/statm`).
fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).expect("resident pages");
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64
}

/// Makes `total` calls of `tool` with no arguments, each of which must fail, and answers how
/// much the process's resident memory grew after the first `warmup`, in bytes.
async fn growth_over_failing_calls(handle: &ToolkitHandle, tool: &str, warmup: usize, total: usize) -> i64 {
    let mut after_warmup = 0;
    for i in 0..total {
        let env = trove_host::CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
        let outcome = handle.call(ToolCall::new(tool, json!({}), "user"), env).await.expect("not overloaded");
        assert!(!outcome.is_ok(), "call {i} should fail: {}", outcome.envelope);
        if i + 1 == warmup {
            after_warmup = rss_bytes();
        }
    }
    rss_bytes() as i64 - after_warmup as i64
}

/// One test at a time: each reads the process's resident memory.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_sequential_calls_keep_memory_flat() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let root = repo_root().join("toolkits/quakefeed");
    let exchanges: Vec<Exchange> =
        serde_json::from_str(&std::fs::read_to_string(root.join("replay/recent.json")).unwrap()).unwrap();
    let host = Host::new(HostConfig::default()).unwrap();
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let quakes = host.load(&root, LoadOptions { pool: Some(one), ..LoadOptions::default() }).await.unwrap();
    let now = chrono::DateTime::parse_from_rfc3339("2026-11-29T12:00:00Z").unwrap().with_timezone(&chrono::Utc);
    let call_once = |i: usize| {
        let quakes = quakes.clone();
        let mut env = trove_host::CallEnv::new(Arc::new(ReplayTransport::new(exchanges.clone())));
        env.clock = Arc::new(FixedClock(now));
        let call = ToolCall::new("recent_quakes", json!({ "minMagnitude": 2.5 }), format!("user-{i}"));
        async move { quakes.call(call, env).await.expect("not overloaded") }
    };
    let mut after_warmup = 0;
    for i in 0..10_000 {
        let outcome = call_once(i).await;
        assert!(outcome.is_ok(), "call {i}: {}", outcome.envelope);
        if i == 999 {
            after_warmup = rss_bytes();
        }
    }
    let after = rss_bytes();
    let growth = after as f64 / after_warmup as f64 - 1.0;
    eprintln!(
        "soak: RSS after 1,000 calls {:.1} MiB, after 10,000 {:.1} MiB ({:+.1}%)",
        after_warmup as f64 / 1048576.0,
        after as f64 / 1048576.0,
        growth * 100.0
    );
    assert!(growth <= 0.10, "resident memory grew {:.1}% from call 1,000 to call 10,000", growth * 100.0);
    assert_eq!(quakes.stats().retired, 0);
    assert_eq!(quakes.stats().calls, 10_000);
}

/// A tool that reads twenty error stacks and then throws a plain `Error` (whose stack the SDK
/// reads again for the host log). The engine binding kept a copy of every static string the
/// stack formatter made and a new private symbol per read, for the isolate's life: about 4 KB a
/// read, 80 MiB over these 1,000 calls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_calls_that_read_error_stacks_keep_memory_flat() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let dir = scratch_toolkit(
        "soak-stacks",
        &[(
            "extension.ts",
            r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'stacks', name: 'Stacks', description: 'Reads error stacks, then fails.', icon: 'bug', version: '1.0.0', egress: [],
  tools: [tool({ name: 'fail', description: 'Fails.', input: z.object({}),
    handler: async () => {
      for (let i = 0; i < 20; i++) new Error('boom').stack;
      throw new Error('a bug in the handler');
    } })],
});
"#,
        )],
    );
    let host = Host::new(HostConfig::default()).unwrap();
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let stacks = host.load(&dir, LoadOptions { pool: Some(one), ..LoadOptions::default() }).await.unwrap();
    let growth = growth_over_failing_calls(&stacks, "fail", 100, 1_100).await;
    eprintln!("soak: failing calls that read stacks: RSS grew {:.1} MiB over 1,000 calls", growth as f64 / 1048576.0);
    assert!(growth < 12 << 20, "resident memory grew {:.1} MiB over 1,000 failing calls", growth as f64 / 1048576.0);
    assert_eq!(stacks.stats().retired, 0);
}

/// Each call of the faults fixture's `recurse` overflows the stack, so its instance is
/// discarded and a new one started. A discarded isolate's runtime was freed with its context
/// still referenced from outside the heap (the engine binding's handles and templates), so the
/// whole heap stayed: about 0.5 MB per discarded instance, 30 MB over these 60 (v8x patch 30).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discarded_instances_give_their_memory_back() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let host = Host::new(HostConfig::default()).unwrap();
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let faults = host
        .load(&repo_root().join("tests/fixtures/faults"), LoadOptions { pool: Some(one), ..LoadOptions::default() })
        .await
        .unwrap();
    let growth = growth_over_failing_calls(&faults, "recurse", 20, 80).await;
    eprintln!("soak: 60 discarded instances: RSS grew {:.1} MiB", growth as f64 / 1048576.0);
    assert_eq!(faults.stats().retired, 80, "{:?}", faults.stats());
    assert!(growth < 8 << 20, "resident memory grew {:.1} MiB over 60 discarded instances", growth as f64 / 1048576.0);
}

/// A toolkit that imports `count` HMAC keys of 4 KiB per call and keeps none; `then: "recurse"`
/// overflows the stack afterwards, so the instance is discarded with the keys' objects alive.
const KEYS: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'keys', name: 'Keys', description: 'Imports keys and drops them.', icon: 'key', version: '1.0.0', egress: [],
  tools: [tool({ name: 'import', description: 'Imports count keys.', input: z.object({ count: z.number(), then: z.string() }),
    handler: async ({ count, then }) => {
      const raw = new Uint8Array(4096).fill(9);
      for (let i = 0; i < count; i++) {
        await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      }
      if (then === 'recurse') { const down = (k: number): number => down(k + 1) + 1; down(0); }
      return 'imported';
    } })],
});
"#;

/// Each `CryptoKey` is a native object the engine binding's cppgc stand-in keeps in a
/// per-thread table, with its key material. Nothing freed those objects: the stand-in collected
/// only when a test asked, and not when the isolate was disposed. Each key kept about 6 KiB in a
/// warm instance (93 MB over these 150 calls; each call slower, scanning the table), and about
/// 4 KiB in a discarded one (75 MB over these 60) (v8x patch 31).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_native_objects_behind_crypto_keys_are_freed() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let dir = scratch_toolkit("soak-keys", &[("extension.ts", KEYS)]);
    let host = Host::new(HostConfig::default()).unwrap();
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let keys = host.load(&dir, LoadOptions { pool: Some(one), ..LoadOptions::default() }).await.unwrap();
    let call = |count: usize, then: &str| {
        let keys = keys.clone();
        let call = ToolCall::new("import", json!({ "count": count, "then": then }), "user");
        async move {
            let env = trove_host::CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
            keys.call(call, env).await.expect("not overloaded")
        }
    };
    for (count, then, warmup, total, ok) in [(100, "keep", 100, 250, true), (300, "recurse", 20, 80, false)] {
        let mut after_warmup = 0;
        for i in 0..total {
            let outcome = call(count, then).await;
            assert_eq!(outcome.is_ok(), ok, "call {i} ({then}): {}", outcome.envelope);
            if i + 1 == warmup {
                after_warmup = rss_bytes();
            }
        }
        let growth = rss_bytes() as i64 - after_warmup as i64;
        let calls = total - warmup;
        eprintln!("soak: {calls} calls that import {count} keys ({then}): RSS grew {:.1} MiB", growth as f64 / 1048576.0);
        assert!(growth < 32 << 20, "resident memory grew {:.1} MiB over {calls} calls ({then})", growth as f64 / 1048576.0);
    }
}

/// A toolkit whose one call instantiates a module declaring a linear memory of `mib` MiB
/// (`(module (memory (export "m") N))`, built here) and writes every byte of it, keeping the
/// instance in module state, as a toolkit caching a WebAssembly library would.
const WASM_MEMORY: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
const kept: unknown[] = [];
export default defineToolkit({
  id: 'wasm-memory', name: 'Wasm memory', description: 'Holds WebAssembly memory.', icon: 'cpu', version: '1.0.0', egress: [],
  tools: [tool({ name: 'grab', description: 'Instantiates a module with mib MiB of memory.', input: z.object({ mib: z.number() }),
    handler: async ({ mib }) => {
      const leb: number[] = [];
      for (let v = mib * 16; ; ) { const b = v & 0x7f; v >>>= 7; if (v) leb.push(b | 0x80); else { leb.push(b); break; } }
      const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 2 + leb.length, 1, 0, ...leb, 7, 5, 1, 1, 0x6d, 2, 0]);
      const { instance } = await WebAssembly.instantiate(bytes);
      new Uint8Array((instance.exports.m as WebAssembly.Memory).buffer).fill(1);
      kept.push(instance);
      return `holding ${kept.length * mib} MiB`;
    } })],
});
"#;

/// The engine's WebAssembly runtime maps linear memory outside the JS heap: a module declaring
/// 200 MiB passed any heap ceiling (a toolkit held 1,000 MiB under a 256 MiB ceiling), and its
/// instances were never freed, even with their isolate (v8x patch 32). Now the memory counts
/// against the ceiling: the call that would cross it fails naming the memory limit, its
/// instance is replaced, and the replaced one's memory is given back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webassembly_memory_counts_against_the_heap_ceiling_and_goes_with_its_isolate() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let dir = scratch_toolkit("soak-wasm-memory", &[("extension.ts", WASM_MEMORY)]);
    let host = Host::new(HostConfig::default()).unwrap();
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let wasm = host.load(&dir, LoadOptions { pool: Some(one), ..LoadOptions::default() }).await.unwrap();
    let ceiling_mib = trove_host::IsolateLimits::default().max_heap_bytes >> 20;
    let mut held = 0;
    // Resident memory after the 2nd and the 6th replacement: the same point of the cycle.
    let (mut failures, mut after_second, mut after_sixth) = (0, 0, 0);
    while failures < 6 {
        let env = trove_host::CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
        let outcome = wasm.call(ToolCall::new("grab", json!({ "mib": 32 }), "user"), env).await.expect("not overloaded");
        if outcome.is_ok() {
            held += 32;
            // The engine's hard limit is the ceiling plus an eighth, room to unwind in.
            assert!(held <= ceiling_mib + ceiling_mib / 8, "{held} MiB held under a {ceiling_mib} MiB ceiling: {}", outcome.envelope);
            continue;
        }
        let envelope = serde_json::to_value(&outcome.envelope).unwrap();
        assert_eq!(envelope["error"], "tool exceeded its memory limit", "{envelope}");
        held = 0;
        failures += 1;
        // The replaced instance is disposed on its worker after the answer is sent.
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        match failures {
            2 => after_second = rss_bytes(),
            6 => after_sixth = rss_bytes(),
            _ => {}
        }
    }
    assert_eq!(wasm.stats().retired, 6, "{:?}", wasm.stats());
    let growth = after_sixth as i64 - after_second as i64;
    eprintln!("soak: 4 instances replaced at the ceiling holding WebAssembly memory: RSS grew {:.1} MiB", growth as f64 / 1048576.0);
    assert!(growth < 24 << 20, "resident memory grew {:.1} MiB over 4 replaced instances", growth as f64 / 1048576.0);
}
