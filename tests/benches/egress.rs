//! Egress benchmark (issue #3): `ctx.fetch` through the whole op path against a plain
//! reqwest client fetching the same local TLS upstream, in one run, with p50/p90 and their
//! ratio. Also the Rust `Egress::fetch` layer alone (no isolate, no JavaScript), to separate
//! the boundary's cost from the isolate's. And the same call through a `Host` (the pool, as
//! `serve` and `mcp` run it: the call on an instance thread, the request from that instance's
//! own client), to show what the hand-offs between threads add.
//!
//! `cargo bench -p trove-host-tests --bench egress` (add `--profile dev` to skip a release
//! build of QuickJS and swc; the figures then compare debug builds of both sides).
//! `EGRESS_BENCH_N` sets the iterations per series (default 400).

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

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn report(name: &str, mut samples: Vec<Duration>) -> (Duration, Duration) {
    samples.sort();
    let (p50, p90) = (percentile(&samples, 0.5), percentile(&samples, 0.9));
    println!("{name:<28} n={:<5} p50={:>9.1?} p90={:>9.1?}", samples.len(), p50, p90);
    (p50, p90)
}

async fn run(w: World) {
    let n: usize = std::env::var("EGRESS_BENCH_N").ok().and_then(|v| v.parse().ok()).unwrap_or(400);
    let warm = 50;
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
        };
        let egress = state.egress(&scope);
        let req = FetchRequest { url: url.clone(), method: "GET".into(), ..Default::default() };
        let r = egress.fetch(req).await.unwrap();
        assert_eq!(r.response.body.as_ref(), b"ok");
    };

    // The whole path: a tool call whose handler does one ctx.fetch.
    let mut toolkit = probe().await;
    let call = ToolCall::new("fetch", json!({ "url": url }), "bench");
    // The same call through a Host's pool, with the host's own network transport.
    let host = Host::new(HostConfig { network: w.network_options(), ..HostConfig::default() }).unwrap();
    let pooled = host.load(&probe_dir(), LoadOptions::default()).await.unwrap();

    // Interleave the series so drift (other work on the machine) hits all of them alike, and
    // rotate which goes first in each round, so no series always runs right after the same
    // other one (on a connection, a cache or a scheduler state that series left warm).
    let (mut t_plain, mut t_egress, mut t_op, mut t_call, mut t_host) = (vec![], vec![], vec![], vec![], vec![]);
    for i in 0..warm + n {
        let (mut d_plain, mut d_egress, mut d_call, mut d_host) = (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for step in 0..4 {
            match (i + step) % 4 {
                0 => {
                    let t = Instant::now();
                    plain_once().await;
                    d_plain = t.elapsed();
                }
                1 => {
                    let t = Instant::now();
                    egress_once().await;
                    d_egress = t.elapsed();
                }
                2 => {
                    let t = Instant::now();
                    let out = toolkit.call(&call, w.env()).await;
                    d_call = t.elapsed();
                    assert_eq!(out.envelope.json()["ok"], true, "{}", out.envelope);
                }
                _ => {
                    let t = Instant::now();
                    let out = pooled.call(call.clone(), CallEnv::default()).await.unwrap();
                    d_host = t.elapsed();
                    assert_eq!(out.envelope.json()["ok"], true, "{}", out.envelope);
                }
            }
        }
        if i >= warm {
            t_plain.push(d_plain);
            t_egress.push(d_egress);
            t_call.push(d_call);
            t_host.push(d_host);
        }
    }
    // The isolate's fixed cost of a call with no egress at all, to separate it out.
    let nothing = ToolCall::new("parallel", json!({ "urls": [] }), "bench");
    for i in 0..warm + n {
        let t = Instant::now();
        let out = toolkit.call(&nothing, w.env()).await;
        let d = t.elapsed();
        assert_eq!(out.envelope.json()["ok"], true);
        if i >= warm {
            t_op.push(d);
        }
    }
    assert_eq!(w.forbidden.accepts(), 0);
    println!("upstream connections: {}", w.upstream.state.connections.load(std::sync::atomic::Ordering::SeqCst));

    for (i, chunk) in t_call.chunks(100).enumerate() {
        let mut c = chunk.to_vec();
        c.sort();
        println!("  ctx.fetch call, samples {}..{}: p50 {:.1?}", i * 100, i * 100 + c.len(), c[c.len() / 2]);
    }
    println!("egress benchmark: GET {url} (TLS 1.3, keep-alive, 2-byte body), {n} samples per series");
    let (plain50, plain90) = report("plain reqwest", t_plain);
    let (eg50, eg90) = report("Egress::fetch (Rust layer)", t_egress);
    let (call50, call90) = report("ctx.fetch tool call (whole)", t_call);
    let (host50, host90) = report("the same call via Host", t_host);
    let (empty50, _) = report("tool call without fetch", t_op);
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!("ratio Egress::fetch / reqwest:   p50 {:.2}x  p90 {:.2}x", ratio(eg50, plain50), ratio(eg90, plain90));
    println!("ratio ctx.fetch call / reqwest:  p50 {:.2}x  p90 {:.2}x", ratio(call50, plain50), ratio(call90, plain90));
    println!("ratio call via Host / reqwest:   p50 {:.2}x  p90 {:.2}x", ratio(host50, plain50), ratio(host90, plain90));
    let fetch_in_call = call50.saturating_sub(empty50);
    println!(
        "ctx.fetch inside a call (call p50 - empty call p50) = {:.1?}: {:.2}x reqwest p50",
        fetch_in_call,
        ratio(fetch_in_call, plain50)
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
