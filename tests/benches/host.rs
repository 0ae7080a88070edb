//! Host benchmark (issue #7): warm call latency through the embedding API and over the wire,
//! wire throughput at 1/8/64 concurrent clients, and resident memory per additional warm
//! instance, side by side in one run with the same toolkit under Node 20 and under Bun
//! (our own `js/` SDK module bundled by esbuild: `bench/js/`). Issue #11's warm-call figures
//! too: a catalog-style call (quakefeed `recent_quakes`: input, response and output schemas, one
//! replayed `fetchJson`) against the same bundle under Node and Bun, and resident memory over
//! 100,000 warm calls of one instance.
//!
//! `HOST_BENCH_ONLY=direct|memory|catalog|flat|wire` runs one section.
//!
//! `cargo bench -p trove-host-tests --bench host`. Needs `scripts/install-bench-deps` and
//! `node bench/js/build.mjs` for the Node/Bun columns (skipped, and said so, without them).
//! `HOST_BENCH_CALLS` (default 20000) sets the direct calls, `HOST_BENCH_SECS` (default 3)
//! each throughput run, `HOST_BENCH_CATALOG_CALLS` (default 3000) the catalog-style calls,
//! `HOST_BENCH_FLAT_CALLS` (default 100000) the calls after the first 1,000 whose resident
//! memory is watched. `TROVE_HOST_BIN_COMPARE=path` adds a second `trove-host serve` row, served
//! by that build, to the wire section (to compare two builds in one run).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, PoolConfig, ToolCall};
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::replay::{read_cassette, Exchange, ReplayTransport};
use trove_host_tests::{cli_binary, repo_root};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile_us(sorted: &[Duration], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e6
}

/// Resident set size of this process, in bytes.
fn rss_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("resident pages");
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as u64
}

struct Js {
    node: PathBuf,
    bun: Option<PathBuf>,
    dist: PathBuf,
}

/// The Node/Bun baselines, if installed and built.
fn js() -> Option<Js> {
    let root = repo_root();
    let dist = root.join("bench/js/dist");
    if !dist.join("echo.mjs").is_file() {
        println!("(node/bun baselines skipped: run scripts/install-bench-deps && node bench/js/build.mjs)");
        return None;
    }
    let bun = root.join("bench/js/node_modules/@oven/bun-linux-x64/bin/bun");
    Some(Js {
        node: "node".into(),
        bun: bun.is_file().then_some(bun),
        dist,
    })
}

fn run_json(program: &Path, args: &[&str]) -> Value {
    let out = Command::new(program)
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("run the JS baseline");
    assert!(
        out.status.success(),
        "{} {:?} failed: {}",
        program.display(),
        args,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap_or_default()).expect("the baseline prints JSON")
}

/// `bench/js/direct.mjs` with `args`, under Node and (when installed) Bun: `(runtime, its JSON)`.
fn direct_baselines(js: &Js, args: &[&str]) -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    for (name, program) in [("node", Some(js.node.clone())), ("bun", js.bun.clone())] {
        let Some(program) = program else { continue };
        let mut full = vec!["bench/js/direct.mjs"];
        full.extend_from_slice(args);
        out.push((name, run_json(&program, &full)));
    }
    out
}

/// The echo toolkit loaded with exactly `instances` warm instances (min = max).
async fn echo_pool(host: &Host, echo_dir: &Path, instances: usize) -> trove_host::ToolkitHandle {
    let pool = PoolConfig { min_instances: instances, max_instances: instances, ..PoolConfig::default() };
    host.load(echo_dir, LoadOptions { pool: Some(pool), ..LoadOptions::default() }).await.unwrap()
}

const ECHO_ARGS: &str = r#"{"text":"hello","user":"bob"}"#;

const QUAKE_ARGS: &str = r#"{"minMagnitude":2.5}"#;
const QUAKE_NOW: &str = "2026-11-29T12:00:00Z";

/// quakefeed's `recent_quakes` env: its cassette served from the start, the clock at QUAKE_NOW.
fn quake_env(exchanges: &[Exchange]) -> CallEnv {
    let mut env = CallEnv::new(Arc::new(ReplayTransport::new(exchanges.to_vec())));
    env.clock = Arc::new(FixedClock(QUAKE_NOW.parse().unwrap()));
    env
}

fn print_series(name: &str, samples: &mut [Duration], note: &str) -> f64 {
    samples.sort();
    let p50 = percentile_us(samples, 0.5);
    println!("{name:<24} {p50:>10.1} {:>10.1}   {note}", percentile_us(samples, 0.99));
    p50
}

/// Warm calls of the catalog-style tool on one instance (`Toolkit::call`) and through `Host`,
/// beside Node and Bun running the same bundle against the same cassette.
async fn catalog(host: &Host, root: &Path, js: Option<&Js>, calls: usize) {
    let dir = root.join("toolkits/quakefeed");
    let exchanges = read_cassette(&dir.join("replay/recent.json")).unwrap();
    let args: Value = serde_json::from_str(QUAKE_ARGS).unwrap();
    println!("\n## catalog-style warm call, no HTTP (quakefeed recent_quakes: input, response and output schemas, one replayed fetchJson; {calls} calls)");
    println!("{:<24} {:>10} {:>10}", "", "p50 µs", "p99 µs");
    let mut one = trove_host::Toolkit::load(&dir).await.unwrap();
    let mut first = None;
    let mut samples = Vec::with_capacity(calls);
    for i in 0..(calls + calls / 10) {
        let call = ToolCall::new("recent_quakes", args.clone(), "bob");
        let env = quake_env(&exchanges);
        let t = Instant::now();
        let out = one.call(&call, env).await;
        let d = t.elapsed();
        assert!(out.is_ok(), "{}", out.envelope);
        let text = out.envelope.to_string();
        assert_eq!(first.get_or_insert_with(|| text.clone()), &text, "the envelope changed between calls");
        if i >= calls / 10 {
            samples.push(d);
        }
    }
    let direct = print_series("trove-host Toolkit::call", &mut samples, "(one instance on the caller's thread)");
    let pool = host
        .load(&dir, LoadOptions { pool: Some(PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() }), ..LoadOptions::default() })
        .await
        .unwrap();
    let mut samples = Vec::with_capacity(calls);
    for i in 0..(calls + calls / 10) {
        let call = ToolCall::new("recent_quakes", args.clone(), "bob");
        let env = quake_env(&exchanges);
        let t = Instant::now();
        let out = pool.call(call, env).await.unwrap();
        let d = t.elapsed();
        assert!(out.is_ok(), "{}", out.envelope);
        if i >= calls / 10 {
            samples.push(d);
        }
    }
    print_series("trove-host Host::call", &mut samples, "");
    let Some(js) = js else { return };
    let bundle = js.dist.join("quakefeed.mjs");
    let cassette = dir.join("replay/recent.json");
    let n = calls.to_string();
    for (name, v) in direct_baselines(js, &[
        bundle.to_str().unwrap(),
        "--tool",
        "recent_quakes",
        "--args",
        QUAKE_ARGS,
        "--cassette",
        cassette.to_str().unwrap(),
        "--now",
        QUAKE_NOW,
        "--user",
        "bob",
        "--calls",
        &n,
    ]) {
        let p50 = v["p50_us"].as_f64().unwrap();
        println!(
            "{:<24} {:>10.1} {:>10.1}   (trove-host Toolkit::call / {name} = {:.2}x)",
            format!("{name} handle()"),
            p50,
            v["p99_us"].as_f64().unwrap(),
            direct / p50
        );
    }
}

/// `calls` warm echo calls on one instance; resident memory after the first 1,000 and at
/// checkpoints after, as growth against the first.
async fn flat(echo_dir: &Path, args: &Value, calls: usize) {
    println!("\n## resident memory over {calls} warm echo calls on one instance (after the first 1,000)");
    let mut one = trove_host::Toolkit::load(echo_dir).await.unwrap();
    let mut base = 0u64;
    let checkpoint = (calls / 5).max(1);
    println!("{:>10} {:>12} {:>10}", "calls", "RSS MiB", "growth");
    for i in 1..=(1_000 + calls) {
        let out = one.call(&ToolCall::new("echo", args.clone(), "bob"), CallEnv::default()).await;
        assert!(out.is_ok(), "{}", out.envelope);
        if i == 1_000 {
            base = rss_bytes();
            println!("{:>10} {:>12.2} {:>10}", i, base as f64 / 1048576.0, "(base)");
        } else if i > 1_000 && (i - 1_000) % checkpoint == 0 {
            let now = rss_bytes();
            println!("{:>10} {:>12.2} {:>+9.1}%", i, now as f64 / 1048576.0, (now as f64 / base as f64 - 1.0) * 100.0);
        }
    }
}

/// A server process that printed `listening <port>` (or the trove-host line) on its output.
struct Served {
    _process: trove_host_tests::KilledOnDrop,
    port: u16,
}

fn spawn_server(mut cmd: Command) -> Served {
    let mut child = cmd
        .current_dir(repo_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the server");
    let (tx, rx) = std::sync::mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let tx = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                // `listening 8788` (bench/js) or `trove-host: listening on http://127.0.0.1:8788`.
                if let Some(port) = line
                    .rsplit([' ', ':'])
                    .next()
                    .and_then(|p| p.trim_end_matches('/').parse::<u16>().ok())
                {
                    if line.contains("listening") {
                        let _ = tx.send(port);
                    }
                }
            }
        });
    }
    let port = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the server said where it listens");
    Served { _process: trove_host_tests::KilledOnDrop(child), port }
}

/// Closed-loop load: `clients` tasks each POSTing the echo call back to back for `secs`.
/// Returns (requests per second, p50 µs, p99 µs).
async fn load(port: u16, path: &str, clients: usize, secs: u64) -> (f64, f64, f64) {
    let url = format!("http://127.0.0.1:{port}{path}");
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(clients)
        .build()
        .unwrap();
    let body = json!({ "tool": "echo", "args": { "text": "hello", "user": "bob" }, "userId": "u" })
        .to_string();
    // Warm-up: every connection once.
    for _ in 0..clients.min(16) {
        let r = client.post(&url).body(body.clone()).send().await.unwrap();
        assert!(r.status().is_success());
    }
    let stop = Arc::new(AtomicBool::new(false));
    let count = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (client, url, body, stop, count) = (
            client.clone(),
            url.clone(),
            body.clone(),
            stop.clone(),
            count.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut samples = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let t = Instant::now();
                let r = client.post(&url).body(body.clone()).send().await.unwrap();
                let ok = r.status().is_success();
                let text = r.text().await.unwrap();
                assert!(ok && text.contains("\"ok\":true"), "{text}");
                samples.push(t.elapsed());
                count.fetch_add(1, Ordering::Relaxed);
            }
            samples
        }));
    }
    let start = Instant::now();
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stop.store(true, Ordering::Relaxed);
    let mut samples = Vec::new();
    for t in tasks {
        samples.extend(t.await.unwrap());
    }
    let elapsed = start.elapsed().as_secs_f64();
    samples.sort();
    (
        count.load(Ordering::Relaxed) as f64 / elapsed,
        percentile_us(&samples, 0.5),
        percentile_us(&samples, 0.99),
    )
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let calls = env_usize("HOST_BENCH_CALLS", 20_000);
    let secs = env_usize("HOST_BENCH_SECS", 3) as u64;
    let root = repo_root();
    let echo_dir = root.join("bench/js/echo");
    let js = js();
    // HOST_BENCH_ONLY=direct|memory|catalog|flat|wire runs one section.
    let only = std::env::var("HOST_BENCH_ONLY").unwrap_or_default();
    let run = |section: &str| only.is_empty() || only == section;
    println!("host bench: {calls} warm calls per direct series, {secs} s per throughput run");

    // 1. Warm call through Host (no HTTP), sequential.
    let host = Host::new(HostConfig::default()).unwrap();
    let echo = echo_pool(&host, &echo_dir, 1).await;
    let args: Value = serde_json::from_str(ECHO_ARGS).unwrap();
    if run("direct") {
        let mut samples = Vec::with_capacity(calls);
        for i in 0..(calls + calls / 10) {
            let call = ToolCall::new("echo", args.clone(), "bob");
            let t = Instant::now();
            let out = echo.call(call, CallEnv::default()).await.unwrap();
            let d = t.elapsed();
            assert!(out.is_ok(), "{}", out.envelope);
            if i >= calls / 10 {
                samples.push(d);
            }
        }
        samples.sort();
        let host_p50 = percentile_us(&samples, 0.5);
        println!("\n## warm call, no HTTP (echo)");
        println!("{:<24} {:>10} {:>10}", "", "p50 µs", "p99 µs");
        println!(
            "{:<24} {:>10.1} {:>10.1}",
            "trove-host Host::call",
            host_p50,
            percentile_us(&samples, 0.99)
        );
        if let Some(js) = &js {
            let bundle = js.dist.join("echo.mjs");
            let bundle = bundle.to_str().unwrap();
            let n = calls.to_string();
            for (name, v) in direct_baselines(js, &[
                bundle,
                "--tool",
                "echo",
                "--args",
                ECHO_ARGS,
                "--calls",
                &n,
            ]) {
                let p50 = v["p50_us"].as_f64().unwrap();
                println!(
                    "{:<24} {:>10.1} {:>10.1}   (trove-host / {name} = {:.2}x)",
                    format!("{name} handle()"),
                    p50,
                    v["p99_us"].as_f64().unwrap(),
                    host_p50 / p50
                );
            }
        }
        // The same calls on one instance on this thread (no pool, no thread hop): what the JS and
        // the op path cost without the pool's hand-off.
        let mut one = trove_host::Toolkit::load(&echo_dir).await.unwrap();
        let mut samples = Vec::with_capacity(calls);
        for i in 0..(calls + calls / 10) {
            let call = ToolCall::new("echo", args.clone(), "bob");
            let t = Instant::now();
            let out = one.call(&call, CallEnv::default()).await;
            let d = t.elapsed();
            assert!(out.is_ok(), "{}", out.envelope);
            if i >= calls / 10 {
                samples.push(d);
            }
        }
        samples.sort();
        println!(
            "{:<24} {:>10.1} {:>10.1}   (no pool: one instance on the caller's thread)",
            "trove-host Toolkit::call",
            percentile_us(&samples, 0.5),
            percentile_us(&samples, 0.99)
        );
    }

    // 2. Resident memory per additional warm instance.
    if run("memory") {
        let extra = 16;
        let before = rss_bytes();
        let pool = echo_pool(&host, &echo_dir, extra).await;
        // Let the warm minimum start (one after another), then make every instance answer once.
        while pool.stats().idle < extra {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let mut joins = Vec::new();
        for _ in 0..extra {
            let pool = pool.clone();
            let args = args.clone();
            joins.push(tokio::spawn(async move {
                let out = pool
                    .call(ToolCall::new("echo", args, "bob"), CallEnv::default())
                    .await
                    .unwrap();
                assert!(out.is_ok());
            }));
        }
        for j in joins {
            j.await.unwrap();
        }
        while pool.stats().live < extra || pool.stats().idle < extra {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // At rest: an instance hands back what loading left behind once it has been idle for
        // a quarter of a second (runtime/src/worker.rs, WARM_WHEN_IDLE).
        tokio::time::sleep(Duration::from_millis(600)).await;
        let per_instance = (rss_bytes().saturating_sub(before)) as f64 / extra as f64;
        println!("\n## resident memory per additional warm instance (echo, {extra} instances)");
        println!("{:<24} {:>8.2} MiB", "trove-host", per_instance / 1048576.0);
        if let Some(js) = &js {
            let bundle = js.dist.join("echo.mjs");
            let k = extra.to_string();
            for (name, v) in direct_baselines(js, &[
                bundle.to_str().unwrap(),
                "--tool",
                "echo",
                "--args",
                ECHO_ARGS,
                "--instances",
                &k,
            ]) {
                let b = v["bytes_per_instance"].as_f64().unwrap();
                println!(
                    "{:<24} {:>8.2} MiB   (trove-host / {name} = {:.2}x)",
                    name,
                    b / 1048576.0,
                    per_instance / b
                );
            }
        }
        drop(pool);
    }

    // 3. A catalog-style call (issue #11): an input schema, one replayed `fetchJson` with a
    //    response schema, an output schema (quakefeed `recent_quakes` from its cassette).
    if run("catalog") {
        catalog(&host, &root, js.as_ref(), env_usize("HOST_BENCH_CATALOG_CALLS", 3000)).await;
    }

    // 4. Resident memory over many warm calls on one instance (issue #11: flat within ±5%
    //    after the first 1,000).
    if run("flat") {
        flat(&echo_dir, &args, env_usize("HOST_BENCH_FLAT_CALLS", 100_000)).await;
    }

    // 5. The wire: the same echo toolkit served by `trove-host serve`, node:http and Bun.serve.
    if !run("wire") {
        return;
    }
    println!("\n## the wire (POST echo, keep-alive, closed loop; client in this process)");
    let mut servers: Vec<(String, Served, &str)> = Vec::new();
    // TROVE_HOST_BIN_COMPARE=path also serves with another build, in the same run (an A/B).
    let mut builds = vec![("trove-host serve".to_owned(), cli_binary().to_path_buf())];
    if let Some(other) = std::env::var_os("TROVE_HOST_BIN_COMPARE") {
        builds.push(("trove-host (compare)".to_owned(), other.into()));
    }
    for (name, bin) in builds {
        let mut serve = Command::new(bin);
        serve
            .args(["serve", "--listen", "127.0.0.1:0", echo_dir.to_str().unwrap()])
            .env("RUST_LOG", "warn,trove::access=info");
        servers.push((name, spawn_server(serve), "/echo"));
    }
    if let Some(js) = &js {
        let bundle = js.dist.join("echo.mjs");
        for (name, program) in [("node", Some(js.node.clone())), ("bun", js.bun.clone())] {
            let Some(program) = program else { continue };
            let mut cmd = Command::new(program);
            cmd.args(["bench/js/serve.mjs", bundle.to_str().unwrap(), "0"]);
            servers.push((format!("{name} serve.mjs"), spawn_server(cmd), "/"));
        }
    }
    println!(
        "{:<20} {:>8} {:>12} {:>10} {:>10}",
        "", "clients", "req/s", "p50 µs", "p99 µs"
    );
    let mut at8 = Vec::new();
    for clients in [1usize, 8, 64] {
        for (name, server, path) in &servers {
            let (rps, p50, p99) = load(server.port, path, clients, secs).await;
            println!("{name:<20} {clients:>8} {rps:>12.0} {p50:>10.1} {p99:>10.1}");
            if clients == 8 {
                at8.push((name.clone(), rps));
            }
        }
    }
    if let Some((_, ours)) = at8.first().cloned() {
        for (name, rps) in at8.iter().skip(1) {
            println!(
                "throughput at 8 clients, trove-host / {name} = {:.2}x",
                ours / rps
            );
        }
    }
}
