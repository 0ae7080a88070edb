//! Per-call budgets (`CallEnv::budgets`): response and request body caps, request count,
//! concurrency, total timeout; and `AbortSignal` cancelling the Rust request.

use std::time::Duration;

use serde_json::{json, Value};
use trove_host_ops::egress::EgressBudgets;

use super::support::*;

fn budgets() -> EgressBudgets {
    EgressBudgets::default()
}

#[tokio::test]
async fn response_cap_with_content_length() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_response_bytes: 1000, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", "/big?n=5000"), Value::Null).await;
    assert_tool_error(&out, "Upstream response exceeded the 1000-byte limit.", false);
}

/// No `content-length`: the body is counted while it streams and the request stops at the
/// cap (the 4 MiB body is never held).
#[tokio::test]
async fn response_cap_while_streaming_chunked() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_response_bytes: 64 * 1024, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", "/big?n=4194304&chunked=1"), Value::Null).await;
    assert_tool_error(&out, "Upstream response exceeded the 65536-byte limit.", false);
}

#[tokio::test]
async fn response_at_the_cap_passes() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_response_bytes: 1000, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", "/big?n=1000&chunked=1"), Value::Null).await;
    assert_eq!(result(&out)["body"].as_str().unwrap().len(), 1000);
}

#[tokio::test]
async fn request_body_cap() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_request_body_bytes: 100, ..budgets() });
    let body = "x".repeat(101);
    let out = fetch_with(env, &w.upstream.url("api.trove.test", "/echo"), json!({ "method": "POST", "body": body })).await;
    assert_tool_error(&out, "Request body exceeded the 100-byte limit.", false);
    assert_eq!(w.upstream.state.total(), 0, "nothing was sent");
}

#[tokio::test]
async fn request_count_cap() {
    let w = World::new().await;
    let mut tk = probe().await;
    let ok = w.upstream.url("api.trove.test", "/ok");
    let requests: Vec<Value> = (0..4).map(|_| json!({ "url": ok })).collect();
    let env = w.env_with(EgressBudgets { max_requests: 3, ..budgets() });
    let out = call(&mut tk, env, "sequence", json!({ "requests": requests })).await;
    assert_tool_error(&out, "Egress budget exhausted: a call may send at most 3 requests.", false);
    assert_eq!(w.upstream.state.hits("/ok"), 3);
    // The budget is per call: the next call starts from zero.
    let env = w.env_with(EgressBudgets { max_requests: 3, ..budgets() });
    let out = call(&mut tk, env, "sequence", json!({ "requests": requests[..3] })).await;
    assert_eq!(out.envelope.json()["ok"], true, "{}", out.envelope);
}

/// Redirect hops are requests too: a long chain cannot multiply one `ctx.fetch`.
#[tokio::test]
async fn request_count_includes_redirect_hops() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_requests: 3, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", "/chain/5"), Value::Null).await;
    assert_tool_error(&out, "Egress budget exhausted: a call may send at most 3 requests.", false);
    assert_eq!(w.upstream.state.total(), 3);
}

/// More requests than the concurrency budget wait for a slot: the upstream never sees more
/// than the budget in flight, and every request completes.
#[tokio::test]
async fn concurrency_cap() {
    let w = World::new().await;
    let mut tk = probe().await;
    let urls: Vec<String> = (0..8).map(|_| w.upstream.url("api.trove.test", "/slow")).collect();
    let env = w.env_with(EgressBudgets { max_concurrent: 2, ..budgets() });
    let out = call(&mut tk, env, "parallel", json!({ "urls": urls })).await;
    assert_eq!(result(&out), json!([200, 200, 200, 200, 200, 200, 200, 200]));
    assert_eq!(w.upstream.state.hits("/slow"), 8);
    assert!(w.upstream.state.peak() <= 2, "peak in flight {}", w.upstream.state.peak());
}

/// The total timeout ends a request that never answers: a network failure for `ctx.fetch`,
/// and the SDK's retryable mapping for `ctx.fetchJson`.
#[tokio::test]
async fn total_timeout() {
    let w = World::new().await;
    let mut tk = probe().await;
    let b = EgressBudgets { total_timeout: Duration::from_millis(300), ..budgets() };
    let out = call(&mut tk, w.env_with(b), "fetch", json!({ "url": w.upstream.url("api.trove.test", "/hang") })).await;
    assert_threw(&out, "TypeError: fetch failed");
    let out = call(&mut tk, w.env_with(b), "json", json!({ "url": w.upstream.url("api.trove.test", "/hang") })).await;
    assert_tool_error(&out, "Upstream request failed; try again shortly.", true);
}

/// `AbortSignal` cancels the Rust request: the upstream sees the hanging request's
/// connection close (not only the JavaScript promise rejecting).
#[tokio::test]
async fn abort_signal_cancels_the_rust_request() {
    let w = World::new().await;
    let mut tk = probe().await;
    let u = |p: &str| w.upstream.url("api.trove.test", p);
    let out = call(&mut tk, w.env(), "abort", json!({ "hang": u("/hang"), "started": u("/hang-started"), "closed": u("/hang-closed") })).await;
    assert_eq!(result(&out), json!({ "settled": "rejected: AbortError", "upstream": "closed" }));
}
