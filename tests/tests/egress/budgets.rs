//! Per-call budgets (`CallEnv::budgets`): response and request body caps, request count,
//! concurrency, total timeout; and `AbortSignal` cancelling the Rust request.

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use trove_host_ops::egress::EgressBudgets;

use super::support::*;

fn budgets() -> EgressBudgets {
    EgressBudgets::default()
}

/// A body far larger than what loopback sockets can buffer between the two ends (a few MiB),
/// so that how much of it the upstream could write shows whether the client stopped reading.
const HUGE: usize = 64 * 1024 * 1024;

/// The upstream's record of the one `/big` body of a refused request: it could not finish,
/// and it wrote at most a quarter of the body before the client closed the connection (what
/// the sockets' buffers hold). A cap that read the whole body and refused afterwards would
/// let it write all of it.
async fn assert_body_cut_short(w: &World) {
    let sent = w.upstream.state.bodies_sent(1).await;
    assert_eq!(sent.len(), 1, "one /big request, ended: {sent:?}");
    let BodySent { size, written, finished } = sent[0];
    assert!(!finished, "the upstream wrote the whole {size}-byte body: the client read it all");
    assert!(written <= size / 4, "the upstream wrote {written} of {size} bytes before the client closed the connection");
}

/// A `content-length` over the cap: refused on the head, the body never read.
#[tokio::test]
async fn response_cap_with_content_length() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_response_bytes: 1000, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", &format!("/big?n={HUGE}")), Value::Null).await;
    assert_tool_error(&out, "Upstream response exceeded the 1000-byte limit.", false);
    assert_body_cut_short(&w).await;
}

/// No `content-length`: the body is counted while it streams and the request stops at the
/// cap, closing the connection: the 64 MiB body is never read, let alone held.
#[tokio::test]
async fn response_cap_while_streaming_chunked() {
    let w = World::new().await;
    let env = w.env_with(EgressBudgets { max_response_bytes: 64 * 1024, ..budgets() });
    let out = fetch_with(env, &w.upstream.url("api.trove.test", &format!("/big?n={HUGE}&chunked=1")), Value::Null).await;
    assert_tool_error(&out, "Upstream response exceeded the 65536-byte limit.", false);
    assert_body_cut_short(&w).await;
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
/// and the SDK's retryable mapping for `ctx.fetchJson`. Each call ends at the 300 ms budget,
/// far before `/hang` gives up by itself ([`HANG_LIMIT`], 20 s), and the upstream sees the
/// client close the connection: the request is ended, not left running behind a settled
/// promise.
#[tokio::test]
async fn total_timeout() {
    let w = World::new().await;
    let mut tk = probe().await;
    let b = EgressBudgets { total_timeout: Duration::from_millis(300), ..budgets() };
    // Generous for a loaded debug build, and still a quarter of HANG_LIMIT.
    let bound = Duration::from_secs(5);

    let started = Instant::now();
    let out = call(&mut tk, w.env_with(b), "fetch", json!({ "url": w.upstream.url("api.trove.test", "/hang") })).await;
    let took = started.elapsed();
    assert_threw(&out, "TypeError: fetch failed");
    assert!(took >= b.total_timeout && took < bound, "ctx.fetch ended after {took:?} (budget 300 ms)");
    assert_eq!(w.upstream.state.hangs_closed_by_client(1).await, 1, "the upstream saw the connection closed");

    let started = Instant::now();
    let out = call(&mut tk, w.env_with(b), "json", json!({ "url": w.upstream.url("api.trove.test", "/hang") })).await;
    let took = started.elapsed();
    assert_tool_error(&out, "Upstream request failed; try again shortly.", true);
    assert!(took >= b.total_timeout && took < bound, "ctx.fetchJson ended after {took:?} (budget 300 ms)");
    assert_eq!(w.upstream.state.hangs_closed_by_client(2).await, 2, "the upstream saw both connections closed");
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

/// A fetch the handler leaves in flight when it returns ends with its call (`CallState::ended`):
/// once the instance runs again (its next call), the request is dropped, so the upstream sees its
/// connection close, and it never finishes, or is recorded, inside the later call.
#[tokio::test]
async fn a_fetch_left_in_flight_ends_with_its_call() {
    let w = World::new().await;
    let mut tk = probe().await;
    let u = |p: &str| w.upstream.url("api.trove.test", p);
    let out = call(&mut tk, w.env(), "abandon", json!({ "hang": u("/hang"), "started": u("/hang-started") })).await;
    assert_eq!(out.envelope.json()["result"]["text"], json!("returned with a fetch in flight"), "{}", out.envelope);
    let next = call(&mut tk, w.env(), "fetch", json!({ "url": u("/echo") })).await;
    assert_eq!(result(&next)["status"], json!(200), "{}", next.envelope);
    assert_eq!(w.upstream.state.hangs_closed_by_client(1).await, 1, "the left request's connection was closed");
    let urls: Vec<&str> = next.record.requests.iter().map(|r| r.url.as_str()).collect();
    assert_eq!(urls, vec![u("/echo")], "the later call records only its own request");
}
