//! Compressed responses. Node's `fetch` asks for `gzip, deflate, br` and decodes what comes
//! back, whoever set `accept-encoding`; so does `ctx.fetch` (reqwest's decoders). The
//! response cap counts the decoded bytes, so a small compressed body cannot unpack past it.

use serde_json::{json, Value};
use trove_host_ops::egress::EgressBudgets;

use super::support::*;

#[tokio::test]
async fn a_request_asks_for_compression_and_the_ledger_does_not_show_it() {
    let w = World::new().await;
    let out = fetch_with(w.env(), &w.upstream.url("api.trove.test", "/echo"), Value::Null).await;
    let echoed: Value = serde_json::from_str(result(&out)["body"].as_str().unwrap()).unwrap();
    let asked = echoed["headers"]["accept-encoding"].as_str().unwrap_or_default();
    for coding in ["gzip", "deflate", "br"] {
        assert!(asked.contains(coding), "accept-encoding {asked:?} lacks {coding}");
    }
    // A fetch-layer default, like `host`: the corpus's request records leave it out.
    let recorded = serde_json::to_value(&out.record.requests[0]).unwrap();
    assert_eq!(recorded["headers"].get("accept-encoding"), None, "{recorded}");
}

#[tokio::test]
async fn a_gzip_body_reaches_the_toolkit_decoded() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/gzip?n=5000");
    let out = fetch_with(w.env(), &url, Value::Null).await;
    assert_eq!(result(&out)["body"], json!(format!("{}…", "a".repeat(2000))));
    // A toolkit that asks for gzip itself gets the same text (Node decodes it too).
    let init = json!({ "headers": { "Accept-Encoding": "gzip" } });
    let out = fetch_with(w.env(), &url, init).await;
    assert_eq!(result(&out)["body"], json!(format!("{}…", "a".repeat(2000))));
}

#[tokio::test]
async fn the_response_cap_counts_decoded_bytes() {
    let w = World::new().await;
    // About 1 KiB on the wire, 1 MB decoded.
    let url = w.upstream.url("api.trove.test", "/gzip?n=1000000");
    let env = w.env_with(EgressBudgets { max_response_bytes: 64 * 1024, ..EgressBudgets::default() });
    let out = fetch_with(env, &url, Value::Null).await;
    assert_tool_error(&out, "Upstream response exceeded the 65536-byte limit.", false);
    let out = fetch_with(w.env(), &url, Value::Null).await;
    assert_eq!(result(&out)["status"], 200);
}
