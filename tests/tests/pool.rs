//! The warm pool through the embedding API: a caller that stops waiting does not cost the pool
//! its instance or let it exceed `max_instances`; a retired instance is replaced in the
//! background; instances beyond the warm minimum end after the idle timeout.

use std::time::{Duration, Instant};

use serde_json::json;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, PoolConfig, ToolCall, ToolkitHandle};
use trove_host_tests::fixture;

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
    let config = PoolConfig { min_instances: 1, max_instances: 3, max_queued: 8, idle_timeout: Duration::from_millis(300) };
    let echo = echo(config).await;
    let calls = (0..3).map(|_| echo.call(slow(200), CallEnv::default()));
    for out in futures::future::join_all(calls).await {
        assert!(out.unwrap().is_ok());
    }
    assert_eq!(echo.stats().started, 3, "three concurrent calls grew the pool to three instances");
    settle(&echo, 1, 1).await;
}
