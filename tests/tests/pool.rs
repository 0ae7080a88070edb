//! The warm pool through the embedding API, and hostile handlers against it: a caller that stops
//! waiting does not cost the pool its instance or let it exceed `max_instances`; instances
//! beyond the warm minimum end after the idle timeout; prototype pollution cannot abort the
//! process; a call's timers end with it; a builtin's allocation loop is held to the heap
//! ceiling; an instance stuck in native code is abandoned and replaced.

use std::time::{Duration, Instant};

use serde_json::json;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, PoolConfig, ToolCall, ToolkitHandle};
use trove_host_tests::{fixture, scratch_toolkit};

async fn echo(pool: PoolConfig) -> ToolkitHandle {
    let host = Host::new(HostConfig::default()).unwrap();
    host.load(&fixture("echo"), LoadOptions { pool: Some(pool), ..LoadOptions::default() }).await.unwrap()
}

fn slow(ms: u64) -> ToolCall {
    ToolCall::new("slow", json!({ "ms": ms }), "u")
}

async fn settle(handle: &ToolkitHandle, live: usize, idle: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while handle.stats().live != live || handle.stats().idle != idle {
        assert!(Instant::now() < deadline, "pool never settled at live {live}, idle {idle}: {:?}", handle.stats());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_that_stops_waiting_does_not_cost_the_pool_its_instance() {
    let echo = echo(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, ..PoolConfig::default() }).await;
    for _ in 0..3 {
        let gave_up = tokio::time::timeout(Duration::from_millis(100), echo.call(slow(400), CallEnv::default())).await;
        assert!(gave_up.is_err(), "the caller gave up before the answer");
    }
    // The first call given up on was already on the instance: it runs to the end and holds the
    // only slot meanwhile, so the next two gave up while waiting for it and never ran.
    for _ in 0..3 {
        let t = Instant::now();
        let out = echo.call(slow(0), CallEnv::default()).await.unwrap();
        assert!(out.is_ok(), "{}", out.envelope);
        assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    }
    settle(&echo, 1, 1).await;
    let stats = echo.stats();
    assert_eq!((stats.started, stats.live, stats.retired), (1, 1, 0), "{stats:?}");
    assert_eq!(stats.calls, 4, "one abandoned call ran to its end, the other two never started");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_beyond_the_warm_minimum_end_when_idle() {
    let config = PoolConfig { min_instances: 1, max_instances: 3, max_queued: 8, idle_timeout: Duration::from_millis(300), ..PoolConfig::default() };
    let echo = echo(config).await;
    // Each call outlasts an instance's start by far, even on a loaded CI machine. With 200 ms
    // calls, a CI run on 2026-12-06 saw two instances started, not three: the first call can
    // end, and its instance take the third, before the pool has counted three calls waiting.
    let calls = (0..3).map(|_| echo.call(slow(1000), CallEnv::default()));
    for out in futures::future::join_all(calls).await {
        assert!(out.unwrap().is_ok());
    }
    assert_eq!(echo.stats().started, 3, "three concurrent calls grew the pool to three instances");
    settle(&echo, 1, 1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_calls_run_first_in_first_out() {
    // One instance, five calls queued behind a slow one: they run in the order they came.
    let echo = echo(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, ..PoolConfig::default() }).await;
    let order = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut calls = Vec::new();
    for i in 0..6 {
        let (echo, order) = (echo.clone(), order.clone());
        let ms = if i == 0 { 300 } else { 10 };
        calls.push(tokio::spawn(async move {
            let out = echo.call(slow(ms), CallEnv::default()).await.unwrap();
            assert!(out.is_ok(), "{}", out.envelope);
            order.lock().unwrap().push(i);
        }));
        // Each call is queued before the next is made.
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for call in calls {
        call.await.unwrap();
    }
    assert_eq!(*order.lock().unwrap(), vec![0, 1, 2, 3, 4, 5]);
    let stats = echo.stats();
    assert_eq!((stats.started, stats.live, stats.calls, stats.retired), (1, 1, 6, 0), "{stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_instance_of_a_toolkit_with_egress_loads_the_fetch_classes_before_its_first_call() {
    // Parsing the fetch classes' scripts on first use costs tens of milliseconds (43 ms on a
    // release build, more on a debug one); an instance that has been idle loaded them already.
    let host = Host::new(HostConfig::default()).unwrap();
    let warm = host.load(&fixture("warm"), LoadOptions::default()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let out = warm.call(ToolCall::new("first_response", json!({}), "u"), CallEnv::default()).await.unwrap();
    let trove_host::Envelope::Ok(ok) = &out.envelope else { panic!("{}", out.envelope) };
    assert_eq!(ok.result.text, "made");
    let structured = ok.result.structured.as_ref().expect("structured");
    let first_ms = structured["firstMs"].as_f64().unwrap();
    assert!(first_ms < 10.0, "the first Response took {first_ms} ms: the instance was not warmed");
    assert_eq!(structured["responseIsGlobal"], json!(true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_that_stops_waiting_for_a_queued_call_frees_its_place_in_the_queue() {
    // Room for one running call and one waiting.
    let echo = echo(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 1, ..PoolConfig::default() }).await;
    let running = tokio::spawn({
        let echo = echo.clone();
        async move { echo.call(slow(600), CallEnv::default()).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let gave_up = tokio::time::timeout(Duration::from_millis(100), echo.call(slow(0), CallEnv::default())).await;
    assert!(gave_up.is_err(), "the queued caller gave up");
    // Its place is free again: this call is queued, not refused, and runs after the first.
    let next = echo.call(slow(0), CallEnv::default()).await.expect("admitted, not overloaded");
    assert!(next.is_ok(), "{}", next.envelope);
    assert!(running.await.unwrap().unwrap().is_ok());
    let stats = echo.stats();
    assert_eq!((stats.calls, stats.overloaded), (2, 0), "the call given up on never ran: {stats:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loading_the_fetch_classes_between_calls_is_held_to_a_calls_limits() {
    // deno's scripts run the toolkit's replaced array iterator as they load; armed, it spins.
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits { call_timeout: Duration::from_secs(2), cpu_time: Duration::from_secs(1), max_heap_bytes: 64 << 20 };
    let pool = PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, ..PoolConfig::default() };
    let hostile = host.load(&fixture("warm-hostile"), LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap();
    let call = |tool: &str| hostile.call(ToolCall::new(tool, json!({}), "u"), CallEnv::default());
    assert_eq!(text(&call("arm").await.unwrap()), "armed");
    // Idle: the instance loads the fetch classes, spins, is stopped at its CPU limit and retired;
    // a call made meanwhile waits for its replacement instead of forever.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let hello = tokio::time::timeout(Duration::from_secs(20), call("hello")).await.expect("answered, not stuck behind the spin");
    assert_eq!(text(&hello.unwrap()), "hello");
    assert_eq!(hostile.stats().retired, 1, "{:?}", hostile.stats());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pool_told_not_to_warm_leaves_an_idle_instance_alone() {
    // The CLI's `call` (one call, then exit): `warm_when_idle: None`. The same armed toolkit as
    // above, idle long enough for a warming instance to spin to its CPU limit and be retired
    // (250 ms, then 1 s): nothing loads the fetch classes, so nothing spins.
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits { call_timeout: Duration::from_secs(2), cpu_time: Duration::from_secs(1), max_heap_bytes: 64 << 20 };
    let pool = PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, warm_when_idle: None, ..PoolConfig::default() };
    let hostile = host.load(&fixture("warm-hostile"), LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap();
    let call = |tool: &str| hostile.call(ToolCall::new(tool, json!({}), "u"), CallEnv::default());
    assert_eq!(text(&call("arm").await.unwrap()), "armed");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let stats = hostile.stats();
    assert_eq!((stats.started, stats.retired, stats.calls), (1, 0, 1), "{stats:?}");
}

fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).and_then(|p| p.parse().ok()).expect("resident pages");
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64
}

async fn hostile() -> ToolkitHandle {
    hostile_within(Duration::from_secs(1)).await
}

/// The `hostile` fixture with a call time (wall and CPU) of `limit`.
async fn hostile_within(limit: Duration) -> ToolkitHandle {
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits {
        call_timeout: limit,
        cpu_time: limit,
        max_heap_bytes: 64 * 1024 * 1024,
    };
    let pool = PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, ..PoolConfig::default() };
    host.load(&fixture("hostile"), LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap()
}

fn text(outcome: &trove_host::CallOutcome) -> String {
    match &outcome.envelope {
        trove_host::Envelope::Ok(ok) => ok.result.text.clone(),
        failed => panic!("expected success: {failed}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_polluted_array_prototype_does_not_abort_the_process() {
    // deno_core's stack-trace hook panicked on a call site that is not an object, and a panic
    // cannot unwind through the engine's C frames: the whole process aborted. (The engine no
    // longer builds the call sites with `Array.prototype.map`; a setter on an index of every
    // array still leaves a hole among them, and the guarded hook answers `name: message`.)
    let hostile = hostile().await;
    let out = hostile.call(ToolCall::new("pollute", json!({}), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&out), "stack: Error: boom");
    // The process is alive and answers. (The toolkit broke its own instance's `Array.prototype`,
    // which the SDK's own code on that instance then trips over: module state is per instance.)
    let next = hostile.call(ToolCall::new("wait", json!({}), "v"), CallEnv::default()).await.unwrap();
    assert_eq!(next.envelope.json(), json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" }));
    // That instance is then replaced: the host's own call code failed in it, and every later
    // call, whoever made it, would have failed the same way (a hostile review).
    let after = hostile.call(ToolCall::new("wait", json!({}), "w"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&after), "waited for w");
    assert_eq!(hostile.stats().retired, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timers_a_call_leaves_behind_end_with_it() {
    let hostile = hostile().await;
    let left = hostile.call(ToolCall::new("leave_timers", json!({}), "alice"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&left), "left timers behind");
    // Bob's call runs on the same instance for 300 ms: alice's timeout (50 ms) and interval
    // (10 ms) would have thrown and logged inside it.
    let bob = hostile.call(ToolCall::new("wait", json!({}), "bob"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&bob), "waited for bob");
    assert!(bob.record.logs.is_empty(), "nothing of alice's call logs into bob's: {:?}", bob.record.logs);
    assert_eq!(hostile.stats().retired, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_allocation_inside_a_builtin_is_held_to_the_heap_ceiling() {
    // The near-heap-limit callback used to double the limit each time it fired; a builtin's
    // native loop never polls the interrupt, so 2e8 elements took the process past 3 GB.
    let hostile = hostile().await;
    let before = rss_bytes();
    let out = hostile.call(ToolCall::new("big_array", json!({ "n": 200_000_000 }), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(out.envelope.json(), json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" }));
    let grew = rss_bytes().saturating_sub(before);
    assert!(grew < 512 * 1024 * 1024, "the process grew {} MiB for a 64 MiB ceiling", grew >> 20);
    let next = hostile.call(ToolCall::new("big_array", json!({ "n": 10 }), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&next), "length 10");
    assert_eq!(hostile.stats().retired, 1, "the instance that hit the ceiling was replaced");
}

/// A builtin that walks an array-like element by element in native code is stopped at the call's
/// limit, as a JavaScript loop is (v8x patch 44: each slow element access polls the interrupt).
/// Before, nothing stopped it: the call was answered at its limit plus `STUCK_GRACE` and the
/// abandoned thread spun, holding its heap, until the process exited (review 37). The same for
/// `ctx.log` of a sparse array, whose projection walks every index.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_builtin_s_native_loop_ends_at_the_call_s_limit() {
    let hostile = hostile().await;
    for (n, tool) in ["native_spin", "log_sparse"].into_iter().enumerate() {
        let t = Instant::now();
        let out = hostile.call(ToolCall::new(tool, json!({}), "u"), CallEnv::default()).await.unwrap();
        let error = out.envelope.json()["error"].as_str().unwrap_or_default().to_owned();
        assert!(error == "tool timed out after 1 s" || error == "tool exceeded its CPU-time limit (1 s)", "{tool}: {:?}", out.envelope);
        let waited = t.elapsed();
        assert!(waited < Duration::from_secs(1) + trove_host::pool::STUCK_GRACE / 2, "{tool}: {waited:?}");
        // Interrupted mid-call: replaced, and the toolkit answers again on a fresh instance.
        let next = hostile.call(ToolCall::new("wait", json!({}), "v"), CallEnv::default()).await.unwrap();
        assert_eq!(text(&next), "waited for v");
        assert_eq!(hostile.stats().retired, n as u64 + 1);
    }
}

/// Held by the tests that look at `trove-offthread` threads, which would see each other's.
static OFF_THREAD_TESTS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Takes [`OFF_THREAD_TESTS`] once no off-thread work of an earlier test is running (a dropped
/// pool's instances finish theirs).
async fn alone_off_the_thread() -> tokio::sync::MutexGuard<'static, ()> {
    let guard = OFF_THREAD_TESTS.lock().await;
    let until = Instant::now() + Duration::from_secs(60);
    while threads_named("trove-offthread").iter().any(|(state, _)| *state == 'R') {
        assert!(Instant::now() < until, "an earlier test's off-thread work never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    guard
}

/// The threads of this process named `name`, with their scheduling state (`R` running) and nice
/// value, from `/proc/self/task/*/stat`.
fn threads_named(name: &str) -> Vec<(char, i64)> {
    let mut found = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim_end() != name {
            continue;
        }
        let stat = std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
        // After the parenthesised name: state, then 15 fields up to nice (stat(5) fields 3 and 19).
        let Some(rest) = stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect::<Vec<_>>()) else { continue };
        if rest.len() > 16 {
            found.push((rest[0].chars().next().unwrap_or('?'), rest[16].parse().unwrap_or(0)));
        }
    }
    found
}

/// `crypto.subtle` work runs on the instance's off-thread worker, beyond every limit of the call,
/// and cannot be stopped. A call that starts a derivation and hits its limit used to leave it
/// running beside a fresh instance with a fresh cap: six timed-out calls kept a core busy for
/// seconds after their answers, and slowed another toolkit's calls fourfold (review 38). Now the
/// retired instance keeps its place until its work has ended, so a toolkit's work off the threads
/// is bounded by its instances, and that work runs at the lowest CPU priority.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crypto_work_a_retired_instance_left_holds_its_place_at_the_lowest_priority() {
    let _alone = alone_off_the_thread().await;
    let hostile = hostile().await;
    let out = hostile.call(ToolCall::new("orphan_derivation", json!({}), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(out.envelope.json()["error"], "tool timed out after 1 s", "{:?}", out.envelope);
    assert_eq!(hostile.stats().retired, 1);
    // A call meanwhile waits for an instance at most its own limit (review 39: it waited for
    // minutes, as long as work that no limit stops).
    let t = Instant::now();
    let queued = hostile.call(ToolCall::new("wait", json!({}), "w"), CallEnv::default()).await.unwrap();
    assert_eq!(
        queued.envelope.json(),
        json!({ "ok": false, "error": "tool timed out after 1 s waiting for a free instance", "retryable": true, "code": "TOOL_ERROR" })
    );
    assert!(t.elapsed() < Duration::from_millis(1500), "{:?}", t.elapsed());
    // The derivation (seconds of SHA-512) is still running: its thread is at nice 19, and the
    // pool (at most one instance) has not started a replacement beside it.
    let mut seen_running = false;
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        let threads = threads_named("trove-offthread");
        if !threads.iter().any(|(state, _)| *state == 'R') {
            break;
        }
        seen_running = true;
        assert!(threads.iter().all(|(_, nice)| *nice == 19), "{threads:?}");
        let stats = hostile.stats();
        assert_eq!((stats.started, stats.live), (1, 1), "a replacement started while the retired instance's work ran: {stats:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(seen_running, "the derivation ended before the call's limit: make it longer");
    // Once it has ended, the replacement answers.
    let next = hostile.call(ToolCall::new("wait", json!({}), "v"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&next), "waited for v");
    assert_eq!((hostile.stats().started, hostile.stats().retired), (2, 1));
}

/// An instance evicted when idle with work it started off the thread still running is counted
/// until that work ends: evicted instances' derivations used to pile up beside the instances
/// started after them, past `max_instances` (review 39).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_evicted_when_idle_is_counted_until_its_work_off_the_thread_ends() {
    let _alone = alone_off_the_thread().await;
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits { call_timeout: Duration::from_secs(1), cpu_time: Duration::from_secs(1), max_heap_bytes: 64 * 1024 * 1024 };
    let pool = PoolConfig { min_instances: 1, max_instances: 2, max_queued: 8, idle_timeout: Duration::from_millis(200), warm_when_idle: None, max_stuck: 2 };
    let kit = host.load(&fixture("hostile"), LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap();
    let started = |slow_first: bool| {
        let kit = kit.clone();
        async move {
            let first = kit.call(ToolCall::new(if slow_first { "wait" } else { "start_derivation" }, json!({}), "a"), CallEnv::default());
            let second = kit.call(ToolCall::new("start_derivation", json!({}), "b"), CallEnv::default());
            let (a, b) = futures::join!(first, second);
            (a.unwrap(), b.unwrap())
        }
    };
    let (a, b) = started(true).await;
    assert_eq!((text(&a), text(&b)), ("waited for a".to_owned(), "started".to_owned()));
    assert_eq!(kit.stats().started, 2, "two calls at once grew the pool to two");
    // One instance is evicted once idle; its derivation (seconds of SHA-512) keeps it counted,
    // so two more calls at once find no room for a third instance.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(threads_named("trove-offthread").iter().any(|(state, _)| *state == 'R'), "a derivation is still running");
    let stats = kit.stats();
    assert_eq!((stats.live, stats.idle), (2, 1), "{stats:?}");
    let _ = started(false).await;
    let stats = kit.stats();
    assert_eq!(stats.started, 2, "no instance started beside the draining one: {stats:?}");
    assert!(stats.live <= 2, "{stats:?}");
}

/// The heap ceiling reached inside native code that goes on allocating (deno's console
/// formatting an object of 300,000 keys) is answered at once with the memory limit (review 37:
/// each refused allocation measured the whole heap, so the call never ended; then, measured no
/// more, the op's error could not be made and the process aborted).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heap_ceiling_reached_inside_the_console_ends_the_call() {
    // A time limit far past what filling the heap takes, even in an unoptimised build on a slow
    // machine (CI's debug build took over 1 s): the call must end on the heap ceiling, not on time.
    let limit = Duration::from_secs(30);
    let hostile = hostile_within(limit).await;
    let t = Instant::now();
    let out = hostile.call(ToolCall::new("console_big", json!({}), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(out.envelope.json(), json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" }));
    assert!(t.elapsed() < limit, "{:?}", t.elapsed());
    let next = hostile.call(ToolCall::new("wait", json!({}), "v"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&next), "waited for v");
    assert_eq!(hostile.stats().retired, 1);
}

/// A heap ceiling reached in a promise reaction, with a timer the call left pending: the event
/// loop does not report the stopped script, and the timer kept it waiting, so the call was
/// answered (`tool exceeded its memory limit`) only at its time limit (found by a hostile review).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_heap_ceiling_reached_after_an_await_is_answered_at_once() {
    let dir = scratch_toolkit(
        "heap-after-await",
        &[(
            "extension.ts",
            r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'heap-after-await', name: 'Heap after await', description: 'Leaves a timer, awaits, fills the heap.', icon: 'bug', version: '1.0.0', egress: [],
  tools: [tool({ name: 'bomb', description: 'Fills the heap after an await.', input: z.object({}),
    handler: async () => {
      setTimeout(() => {}, 1_000_000);
      await Promise.resolve();
      const keep: string[] = [];
      for (let i = 0; ; i++) keep.push(`${i}`.padStart(1024, 'x'));
    } })],
});
"#,
        )],
    );
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits {
        call_timeout: Duration::from_secs(600),
        cpu_time: Duration::from_secs(600),
        max_heap_bytes: 32 * 1024 * 1024,
    };
    let pool = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    let bomb = host.load(&dir, LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap();
    let call = bomb.call(ToolCall::new("bomb", json!({}), "u"), CallEnv::default());
    let out = tokio::time::timeout(Duration::from_secs(120), call)
        .await
        .expect("answered long before the 600 s time limit")
        .unwrap();
    assert_eq!(out.envelope.json(), json!({ "ok": false, "error": "tool exceeded its memory limit", "retryable": false, "code": "TOOL_ERROR" }));
    assert_eq!(bomb.stats().retired, 1);
}

/// A secret provider whose read blocks the instance's thread in native code until released: an
/// embedder's store that hangs (a keyring waiting on a desktop prompt), which no interrupt
/// reaches.
struct BlockingSecrets(std::sync::Arc<(std::sync::Mutex<bool>, std::sync::Condvar)>);

#[async_trait::async_trait]
impl trove_host_ops::secrets::SecretProvider for BlockingSecrets {
    async fn get(&self, _toolkit: &str, _name: &str) -> Result<Option<String>, trove_host_ops::secrets::SecretError> {
        let (released, wake) = &*self.0;
        let mut released = released.lock().unwrap();
        while !*released {
            released = wake.wait(released).unwrap();
        }
        Ok(Some("v".into()))
    }
}

/// An instance stuck in native code past its call's limit plus `STUCK_GRACE` is abandoned, and
/// replaced only while fewer than `max_stuck` are stuck: at that many, the toolkit's calls are
/// refused with `CallError::Stuck` (they fed it one more thread each: review 53's spinning
/// formatter left one per call under `serve`) until a stuck thread ends, when the pool starts
/// an instance again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_stuck_in_native_code_are_capped_and_counted_until_they_end() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'stuck-secret', name: 'S', description: 'S.', icon: 's', version: '1.0.0', secrets: ['KEY'],\n\
          tools: [\n\
            tool({ name: 'read', description: 'R.', input: z.object({}), handler: async (_i, ctx) => `read ${await ctx.secret('KEY')}` }),\n\
            tool({ name: 'hello', description: 'H.', input: z.object({}), handler: async () => 'hello' }),\n\
          ] });\n";
    let dir = scratch_toolkit("stuck-secret", &[("extension.ts", source)]);
    let host = Host::new(HostConfig::default()).unwrap();
    let limits = trove_host::IsolateLimits { call_timeout: Duration::from_secs(1), ..trove_host::IsolateLimits::default() };
    let pool = PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, max_stuck: 1, ..PoolConfig::default() };
    let toolkit = host.load(&dir, LoadOptions { limits: Some(limits), pool: Some(pool), ..LoadOptions::default() }).await.unwrap();
    let gate = std::sync::Arc::new((std::sync::Mutex::new(false), std::sync::Condvar::new()));
    let blocking = CallEnv { secrets: std::sync::Arc::new(BlockingSecrets(gate.clone())), ..CallEnv::default() };

    let out = toolkit.call(ToolCall::new("read", json!({}), "u"), blocking).await.unwrap();
    assert_eq!(out.envelope.json()["error"], "tool timed out after 1 s", "{}", out.envelope);
    let stats = toolkit.stats();
    assert_eq!((stats.stuck, stats.live, stats.retired), (1, 0, 1), "{stats:?}");

    // At `max_stuck`: refused at once, and not run.
    let refused = toolkit.call(ToolCall::new("hello", json!({}), "u"), CallEnv::default()).await.unwrap_err();
    assert!(matches!(refused, trove_host::CallError::Stuck { stuck: 1, .. }), "{refused:?}");
    assert!(refused.to_string().contains("1 of its instances are stuck in native code"), "{refused}");
    assert_eq!(toolkit.stats().calls, 0);

    // The store answers: the stuck thread ends, and the pool starts an instance again.
    *gate.0.lock().unwrap() = true;
    gate.1.notify_all();
    let deadline = Instant::now() + Duration::from_secs(20);
    while toolkit.stats().stuck != 0 || toolkit.stats().idle != 1 {
        assert!(Instant::now() < deadline, "the pool never took the stuck thread's end: {:?}", toolkit.stats());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let hello = toolkit.call(ToolCall::new("hello", json!({}), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(text(&hello), "hello");
}
