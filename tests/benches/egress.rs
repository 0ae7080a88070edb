//! Egress benchmark (issue #3): `ctx.fetch` through the whole op path against a plain
//! reqwest client fetching the same local TLS upstream, in one run, with p50/p90 and their
//! ratio. Also the Rust `Egress::fetch` layer alone (no isolate, no JavaScript), to separate
//! the boundary's cost from the isolate's. And the same call through a `Host` (the pool, as
//! `serve` and `mcp` run it: the call on an instance thread, the request from that instance's
//! own client), to show what the hand-offs between threads add.
//!
//! Two calls are timed: the probe's `fetch` (one `ctx.fetch`, then status, url, a header and
//! the body as text) and `parallel` with one URL (one `ctx.fetch`, status only); `parallel`
//! with no URL is the call's fixed cost, so the difference of the last two is one `ctx.fetch`.
//! Beside wall time each series prints the CPU time of the bench's thread, where the call, its
//! JavaScript and its request all run: a call that waits on a socket is not idle, it computes.
//! The last pair (an empty call after the thread slept 1 ms, and the same call again right
//! after) shows what a wake-up on cold caches costs on the machine, which is what a call pays
//! after its request comes back and a plain client barely does.
//!
//! `cargo bench -p trove-host-tests --bench egress` (add `--profile dev` to skip a release
//! build of QuickJS and swc; the figures then compare debug builds of both sides).
//! `EGRESS_BENCH_N` sets the iterations per series (default 400). `EGRESS_BENCH_ONLY` (a
//! comma-separated subset of `plain,egress,whole,only,host,empty,sleep`) runs only those series,
//! for a profiler: the instructions of one series are the difference of two runs with
//! different `EGRESS_BENCH_N` (`valgrind --tool=callgrind`), its network tasks included.

#[allow(dead_code)]
#[path = "../tests/egress/support.rs"]
mod support;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use support::*;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall};
use trove_host_ops::egress::{EgressPolicy, FetchRequest};
use trove_host_ops::{CallState, Ledger, ToolkitScope};

/// The `p` quantile of a sorted series; zero for a series `EGRESS_BENCH_ONLY` left out.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// CPU time the calling thread has used so far (`CLOCK_THREAD_CPUTIME_ID`).
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid out pointer; this clock always exists on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// One series: wall time per sample and, when the work runs on this thread, its CPU time.
#[derive(Default)]
struct Series {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
}

impl Series {
    /// Times `f`, wall clock and this thread's CPU clock.
    async fn time<T>(&mut self, keep: bool, f: impl std::future::Future<Output = T>) -> T {
        let (c, t) = (thread_cpu(), Instant::now());
        let out = f.await;
        if keep {
            self.wall.push(t.elapsed());
            self.cpu.push(thread_cpu() - c);
        }
        out
    }
}

/// Prints a series; returns its wall p50 and p90 and its CPU p50.
fn report(name: &str, mut s: Series, on_this_thread: bool) -> (Duration, Duration, Duration) {
    s.wall.sort();
    s.cpu.sort();
    let (p50, p90) = (percentile(&s.wall, 0.5), percentile(&s.wall, 0.9));
    let cpu50 = percentile(&s.cpu, 0.5);
    let cpu = if on_this_thread { format!("{cpu50:>9.1?}") } else { format!("{:>9}", "(elsewhere)") };
    println!("{name:<34} n={:<5} p50={:>9.1?} p90={:>9.1?} cpu p50={cpu}", s.wall.len(), p50, p90);
    (p50, p90, cpu50)
}

async fn run(w: World) {
    let n: usize = std::env::var("EGRESS_BENCH_N").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let warm = 50;
    let only_series = std::env::var("EGRESS_BENCH_ONLY").ok();
    let wanted = |name: &str| only_series.as_deref().is_none_or(|list| list.split(',').any(|s| s.trim() == name));
    let url = w.upstream.url("api.trove.test", "/ok");

    // Plain reqwest: same TLS upstream, same root, name pinned to the same address.
    let plain = reqwest::Client::builder()
        .use_rustls_tls()
        .add_root_certificate(reqwest::Certificate::from_pem(&cert_pem()).unwrap())
        .resolve("api.trove.test", SocketAddr::new(ip(PUBLIC), 0))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let plain_once = || async {
        let r = plain.get(&url).send().await.unwrap();
        assert_eq!(r.bytes().await.unwrap().as_ref(), b"ok");
    };

    // The Rust egress layer alone: policy, budgets, ledger, vetted DNS, redirect loop.
    let scope = ToolkitScope::new(
        "egress-probe".into(),
        BTreeSet::new(),
        EgressPolicy::from_manifest(["api.trove.test"]),
        None,
    );
    let egress_once = || async {
        let state = CallState {
            call_id: "bench".into(),
            tool: "fetch".into(),
            user_id: "bench".into(),
            scopes: vec![],
            env: w.env(),
            ledger: Arc::new(Ledger::default()),
            ended: Default::default(),
        };
        let egress = state.egress(&scope);
        let req = FetchRequest { url: url.clone(), method: "GET".into(), ..Default::default() };
        let r = egress.fetch(req).await.unwrap();
        assert_eq!(r.response.body.as_ref(), b"ok");
    };

    // The whole path: a tool call whose handler does one ctx.fetch and reads the response
    // (status, url, a header, the body as text), as the probe's `fetch` tool does.
    let mut toolkit = probe().await;
    let call = ToolCall::new("fetch", json!({ "url": url }), "bench");
    // One ctx.fetch and nothing else: `parallel` with one URL reads only the status. The same
    // tool with no URL is the call's fixed cost, so the difference is one ctx.fetch.
    let fetch_only = ToolCall::new("parallel", json!({ "urls": [url] }), "bench");
    let nothing = ToolCall::new("parallel", json!({ "urls": [] }), "bench");
    // The same call through a Host's pool, with the host's own network transport.
    let host = Host::new(HostConfig { network: w.network_options(), ..HostConfig::default() }).unwrap();
    let pooled = host.load(&probe_dir(), LoadOptions::default()).await.unwrap();

    let ok = |out: &trove_host::CallOutcome| assert_eq!(out.envelope.json()["ok"], true, "{}", out.envelope);
    // Interleave the series so drift (other work on the machine) hits all of them alike, and
    // rotate which goes first in each round, so no series always runs right after the same
    // other one (on a connection, a cache or a scheduler state that series left warm).
    let [mut plain, mut egress, mut whole, mut only, mut via_host, mut empty]: [Series; 6] = Default::default();
    const SERIES: usize = 6;
    for i in 0..warm + n {
        let keep = i >= warm;
        for step in 0..SERIES {
            const NAMES: [&str; SERIES] = ["plain", "egress", "whole", "only", "host", "empty"];
            if !wanted(NAMES[(i + step) % SERIES]) {
                continue;
            }
            match (i + step) % SERIES {
                0 => plain.time(keep, plain_once()).await,
                1 => egress.time(keep, egress_once()).await,
                2 => ok(&whole.time(keep, toolkit.call(&call, w.env())).await),
                3 => ok(&only.time(keep, toolkit.call(&fetch_only, w.env())).await),
                4 => ok(&via_host.time(keep, async { pooled.call(call.clone(), CallEnv::default()).await.unwrap() }).await),
                _ => ok(&empty.time(keep, toolkit.call(&nothing, w.env())).await),
            }
        }
    }
    // The same empty call after the thread has slept 1 ms, as it does while a request is out,
    // and again right after that (caches warm). What a call does after a wake-up runs on caches
    // that other work, or the hypervisor, evicted meanwhile: this pair shows what that costs.
    let [mut after_sleep, mut again]: [Series; 2] = Default::default();
    for i in (0..warm + n).filter(|_| wanted("sleep")) {
        std::thread::sleep(Duration::from_millis(1));
        ok(&after_sleep.time(i >= warm, toolkit.call(&nothing, w.env())).await);
        ok(&again.time(i >= warm, toolkit.call(&nothing, w.env())).await);
    }
    assert_eq!(w.forbidden.accepts(), 0);
    println!("upstream connections: {}", w.upstream.state.connections.load(std::sync::atomic::Ordering::SeqCst));

    for (i, chunk) in whole.wall.chunks(100).enumerate() {
        let mut c = chunk.to_vec();
        c.sort();
        println!("  ctx.fetch call, samples {}..{}: p50 {:.1?}", i * 100, i * 100 + c.len(), c[c.len() / 2]);
    }
    println!("egress benchmark: GET {url} (TLS 1.3, keep-alive, 2-byte body), {n} samples per series");
    println!("(cpu: CPU time of the bench's thread, where the call, its JavaScript and its request run)");
    let (plain50, plain90, plain_cpu) = report("plain reqwest", plain, true);
    let (eg50, eg90, _) = report("Egress::fetch (Rust layer)", egress, true);
    let (call50, call90, _) = report("ctx.fetch call (fetch + read all)", whole, true);
    let (only50, only90, only_cpu) = report("ctx.fetch call (fetch only)", only, true);
    let (host50, host90, _) = report("ctx.fetch call (all) via Host", via_host, false);
    let (empty50, _, empty_cpu) = report("tool call without fetch", empty, true);
    let (_, _, slept_cpu) = report("the same, after 1 ms asleep", after_sleep, true);
    let (_, _, again_cpu) = report("the same, right after that", again, true);
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!("ratio Egress::fetch / reqwest:         p50 {:.2}x  p90 {:.2}x", ratio(eg50, plain50), ratio(eg90, plain90));
    println!("ratio call (fetch + read) / reqwest:   p50 {:.2}x  p90 {:.2}x", ratio(call50, plain50), ratio(call90, plain90));
    println!("ratio call (fetch only) / reqwest:     p50 {:.2}x  p90 {:.2}x", ratio(only50, plain50), ratio(only90, plain90));
    println!("ratio call via Host / reqwest:         p50 {:.2}x  p90 {:.2}x", ratio(host50, plain50), ratio(host90, plain90));
    let fetch_in_call = only50.saturating_sub(empty50);
    println!(
        "one ctx.fetch inside a call (fetch-only call p50 - empty call p50) = {:.1?}: {:.2}x reqwest p50",
        fetch_in_call,
        ratio(fetch_in_call, plain50)
    );
    println!(
        "CPU p50: reqwest {:.1?}, one ctx.fetch in a call {:.1?} ({:.2}x); empty call after 1 ms asleep {:.1?}, right after it {:.1?} ({:.2}x)",
        plain_cpu,
        only_cpu.saturating_sub(empty_cpu),
        ratio(only_cpu.saturating_sub(empty_cpu), plain_cpu),
        slept_cpu,
        again_cpu,
        ratio(slept_cpu, again_cpu)
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    // The servers run on their own thread and runtime, like a real upstream: sharing the
    // client's current-thread runtime would charge the server's work to whichever series
    // polls the runtime the most (the isolate's event loop).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            tx.send(World::new().await).unwrap();
            std::future::pending::<()>().await;
        });
    });
    let world = rx.recv().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(run(world));
}
