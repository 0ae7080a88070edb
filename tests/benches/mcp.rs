//! MCP benchmark (issue #10): `tools/call` round-trip latency through a real MCP client (the
//! official TypeScript SDK, `js/mcp-client`) over stdio and over streamable HTTP, beside a
//! direct `ToolkitHandle::call` of the same tool, in one run; each printed as p50/p99 and as a
//! ratio to the direct call.
//!
//! `cargo bench -p trove-host-tests --bench mcp`. Needs `scripts/install-node-deps`.
//! `MCP_BENCH_CALLS` (default 2000) sets the measured calls of each transport (after 200
//! warm-up calls). The tool is `tests/fixtures/mcp-probe`'s `echo` (input schema, a string
//! result): what is measured is the front-end, not the toolkit.
//!
//! The MCP client measures each call from `callTool` to its result (`performance.now()`), so
//! the MCP figures include the client's own JSON and the SDK's validation. The stdio server is
//! this bench binary started again by the client (`TROVE_MCP_BENCH_STDIO=1`), serving the same
//! `McpServer` as `trove-host mcp` does.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall, ToolkitHandle};
use trove_host_server::mcp::{McpHttpOptions, McpOptions, McpServer};
use trove_host_tests::{fixture, mcp_drive};

const WARM_UP: usize = 200;

fn calls() -> usize {
    std::env::var("MCP_BENCH_CALLS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000)
}

async fn probe(host: &Host) -> McpServer {
    let env = |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> { Ok(CallEnv::default()) };
    McpServer::load(host, vec![fixture("mcp-probe")], &LoadOptions::default(), Arc::new(env), McpOptions::default())
        .await
        .expect("the probe loads")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// The measured calls' latencies from the MCP client's output (warm-up calls dropped), each
/// checked to have answered.
fn client_latencies(out: &Value) -> Vec<Duration> {
    let results = out["sessions"][0]["results"].as_array().expect("results");
    assert_eq!(out["sessions"][0]["connect"]["ok"], json!(true), "{out}");
    results
        .iter()
        .skip(WARM_UP)
        .map(|r| {
            assert_eq!(r["result"]["isError"], json!(false), "{r}");
            Duration::from_secs_f64(r["ms"].as_f64().expect("ms") / 1e3)
        })
        .collect()
}

fn scenario(transport: Value, n: usize) -> Value {
    json!({
        "transport": transport,
        "steps": [{ "op": "call", "name": "echo", "argsFn": "({ i }) => ({ session: 0, i })", "repeat": WARM_UP + n }]
    })
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    if std::env::var_os("TROVE_MCP_BENCH_STDIO").is_some() {
        rt.block_on(async {
            let host = Host::new(HostConfig::default()).expect("host");
            probe(&host).await.serve_stdio().await.expect("the stdio session");
        });
        return;
    }
    let n = calls();
    let rows = rt.block_on(async {
        let host = Host::new(HostConfig::default()).expect("host");
        let server = probe(&host).await;
        let handle = server.toolkits()[0].clone();

        let mut direct = Vec::with_capacity(n);
        for i in 0..WARM_UP + n {
            let call = ToolCall::new("echo", json!({ "session": 0, "i": i }), "local-user");
            let started = Instant::now();
            let outcome = handle.call(call, CallEnv::default()).await.expect("a direct call");
            let elapsed = started.elapsed();
            assert!(outcome.envelope.is_ok(), "{}", outcome.envelope.json());
            if i >= WARM_UP {
                direct.push(elapsed);
            }
        }

        let running = server.start_http(McpHttpOptions { listen: "127.0.0.1:0".parse().unwrap(), ..McpHttpOptions::default() }).await.expect("listen");
        let http = scenario(json!({ "kind": "http", "url": running.url() }), n);
        let http = client_latencies(&tokio::task::spawn_blocking(move || mcp_drive(&http)).await.expect("client"));
        running.shutdown().await;

        let exe = std::env::current_exe().expect("this bench").display().to_string();
        let stdio = scenario(json!({ "kind": "stdio", "command": exe, "args": [], "env": { "TROVE_MCP_BENCH_STDIO": "1" } }), n);
        let stdio = client_latencies(&tokio::task::spawn_blocking(move || mcp_drive(&stdio)).await.expect("client"));
        vec![("direct ToolkitHandle::call", direct), ("MCP over stdio", stdio), ("MCP over streamable HTTP", http)]
    });

    println!("tools/call round trip, tests/fixtures/mcp-probe `echo`, {n} calls each after {WARM_UP} warm-up, one client, sequential");
    println!("{:<28} {:>10} {:>10} {:>12} {:>12}", "path", "p50", "p99", "p50 ratio", "p99 ratio");
    let sorted: Vec<(&str, Vec<Duration>)> = rows
        .into_iter()
        .map(|(name, mut samples)| {
            samples.sort();
            (name, samples)
        })
        .collect();
    let (base50, base99) = (percentile(&sorted[0].1, 0.5), percentile(&sorted[0].1, 0.99));
    for (name, samples) in &sorted {
        let (p50, p99) = (percentile(samples, 0.5), percentile(samples, 0.99));
        println!(
            "{name:<28} {:>10.1?} {:>10.1?} {:>11.1}x {:>11.1}x",
            p50,
            p99,
            p50.as_secs_f64() / base50.as_secs_f64(),
            p99.as_secs_f64() / base99.as_secs_f64()
        );
    }
}
