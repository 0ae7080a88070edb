//! Contract §1: the web globals real toolkits use, probed from inside tools of
//! `fixtures/globals`; and the host rule that no global `fetch` (nor host internals) exist.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bytes::Bytes;
use serde_json::{json, Value};
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::egress::{HttpRequest, HttpResponse, Transport, TransportError};
use trove_host_ops::CallEnv;

use crate::{call, fixture, load, replay_env};

async fn globals() -> Toolkit {
    load(&fixture("globals")).await
}

fn structured(outcome: &CallOutcome) -> &Value {
    assert_eq!(outcome.envelope["ok"], json!(true), "{}", outcome.envelope);
    &outcome.envelope["result"]["structured"]
}

#[tokio::test(flavor = "current_thread")]
async fn headers_get_set_cookie_returns_each_line() {
    let mut toolkit = globals().await;
    let (env, replay) = replay_env(json!([{
        "request": { "method": "GET", "url": "https://api.example.com/login" },
        "response": {
            "status": 200,
            "headers": { "content-type": "text/plain", "set-cookie": ["a=1; Path=/", "b=2; HttpOnly"] },
            "body": "hi"
        }
    }]));
    let outcome = toolkit
        .call(&ToolCall::new("fetch_info", json!({ "url": "https://api.example.com/login" }), "u"), env)
        .await;
    assert_eq!(
        structured(&outcome),
        &json!({ "status": 200, "location": null, "setCookies": ["a=1; Path=/", "b=2; HttpOnly"], "body": "hi" })
    );
    assert!(replay.failures().is_empty() && replay.remaining().is_empty());
}

/// A transport that follows redirects like the network one (unlike a replay cassette, which
/// serves what `ctx.fetch` returned): `/start` redirects to `/final`.
#[derive(Default)]
struct RedirectingTransport {
    seen: Mutex<Vec<String>>,
}

#[async_trait]
impl Transport for RedirectingTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let url = request.url.to_string();
        self.seen.lock().unwrap().push(url.clone());
        let header = |k: &str, v: &str| (k.to_owned(), v.to_owned());
        match url.as_str() {
            "https://api.example.com/start" => Ok(HttpResponse {
                status: 302,
                status_text: "Found".into(),
                headers: vec![header("location", "/final"), header("set-cookie", "sid=abc; Path=/")],
                body: Bytes::new(),
            }),
            "https://api.example.com/final" => Ok(HttpResponse {
                status: 200,
                status_text: "OK".into(),
                headers: vec![header("content-type", "text/plain")],
                body: Bytes::from_static(b"final page"),
            }),
            other => Err(TransportError::Network(format!("unexpected {other}"))),
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn redirect_manual_returns_the_3xx_with_its_location() {
    let mut toolkit = globals().await;
    let args = json!({ "url": "https://api.example.com/start", "manual": true });

    let transport = Arc::new(RedirectingTransport::default());
    let outcome = toolkit.call(&ToolCall::new("fetch_info", args, "u"), CallEnv::new(transport.clone())).await;
    assert_eq!(
        structured(&outcome),
        &json!({ "status": 302, "location": "/final", "setCookies": ["sid=abc; Path=/"], "body": "" })
    );
    assert_eq!(*transport.seen.lock().unwrap(), vec!["https://api.example.com/start"]);
    assert_eq!(outcome.record.requests.len(), 1);
    assert_eq!(outcome.record.requests[0].redirect.as_deref(), Some("manual"));

    // The control: without `redirect: 'manual'` the same transport's redirect is followed.
    let transport = Arc::new(RedirectingTransport::default());
    let args = json!({ "url": "https://api.example.com/start" });
    let outcome = toolkit.call(&ToolCall::new("fetch_info", args, "u"), CallEnv::new(transport.clone())).await;
    assert_eq!(structured(&outcome), &json!({ "status": 200, "location": null, "setCookies": [], "body": "final page" }));
    assert_eq!(*transport.seen.lock().unwrap(), vec!["https://api.example.com/start", "https://api.example.com/final"]);
    assert_eq!(outcome.record.requests[0].redirect, None);
}

#[tokio::test(flavor = "current_thread")]
async fn crypto_subtle_hmac_sha256_matches_rfc_4231() {
    let mut toolkit = globals().await;
    // RFC 4231, test case 2.
    let outcome = call(&mut toolkit, "hmac", json!({ "key": "Jefe", "data": "what do ya want for nothing?" })).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn abort_signal_timeout_aborts_a_set_timeout_wait() {
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "timeout", json!({})).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "aborted: TimeoutError", "structured": { "aborted": true } } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn intl_formats_as_node_prints() {
    // Expected strings as Node 20.20.2 prints them (`node -e`), including the plain U+0020
    // before "AM" in format().
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "intl", json!({})).await;
    assert_eq!(structured(&outcome), &json!({ "date": "Sun, Mar 8, 1:30 AM", "number": "1,234.5", "usd": "$1,234.50" }));
}

#[tokio::test(flavor = "current_thread")]
async fn no_global_fetch_deno_or_bootstrap() {
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "typeofs", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "fetch": "undefined",
            "Deno": "undefined",
            "__bootstrap": "undefined",
            "Headers": "function",
            "Response": "function",
            "URL": "function",
            "structuredClone": "function",
            "randomUUID": "function"
        })
    );
}
