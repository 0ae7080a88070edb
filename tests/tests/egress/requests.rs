//! What WHATWG fetch refuses to build, `ctx.fetch` refuses too (before anything is recorded
//! or sent), decided in JavaScript for the `TypeError` and again in Rust (`Egress::fetch`),
//! which does not trust the op's caller; forbidden request headers never reach the wire as
//! the toolkit set them; and a streamed request body is cut at the call's cap while it is read.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::{json, Value};
use trove_host_ops::egress::{EgressBudgets, EgressPolicy, FetchError, FetchRequest};
use trove_host_ops::{CallState, Ledger, ToolkitScope};

use super::support::*;

/// `ctx.fetch(url, init)` on the probe must throw `thrown` and send nothing.
async fn fetch_throws(w: &World, init: Value, thrown: &str) {
    let out = fetch_with(w.env(), &w.upstream.url("api.trove.test", "/echo"), init.clone()).await;
    assert_threw(&out, thrown);
    assert!(out.record.requests.is_empty(), "{init}: nothing is recorded: {:?}", out.record.requests);
    assert_eq!(w.upstream.state.total(), 0, "{init}: nothing reached the upstream");
}

/// A header list that never went through `Headers` (the toolkit replaced its iterator) is
/// checked in Rust: the same `TypeError`s, and nothing recorded or sent.
#[tokio::test]
async fn a_header_list_that_skipped_headers_is_checked_in_rust() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    for (name, value, thrown) in [
        ("bad name", "x", "TypeError: Invalid header name: \"bad name\""),
        ("x-crlf", "a\r\nInjected: 1", "TypeError: Invalid header value: \"a\r\nInjected: 1\""),
        ("x-wide", "a\u{100}b", "TypeError: Invalid header value: \"a\u{100}b\""),
    ] {
        let mut tk = probe().await;
        let out = call(&mut tk, w.env(), "forged-headers", json!({ "url": url, "name": name, "value": value })).await;
        assert_threw(&out, thrown);
        assert!(out.record.requests.is_empty(), "{name}: nothing is recorded: {:?}", out.record.requests);
    }
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
}

#[tokio::test]
async fn a_method_that_is_not_a_token_is_a_type_error() {
    let w = World::new().await;
    for method in ["GET / HTTP/1.1\r\nX-Evil: 1", "GET /", "", "PÖST", "GET\0"] {
        let message = format!("TypeError: '{method}' is not a valid HTTP method.");
        fetch_throws(&w, json!({ "method": method }), &message).await;
    }
}

#[tokio::test]
async fn forbidden_methods_are_a_type_error() {
    let w = World::new().await;
    for method in ["CONNECT", "trace", "Track"] {
        fetch_throws(&w, json!({ "method": method }), &format!("TypeError: '{method}' HTTP method is unsupported.")).await;
    }
}

#[tokio::test]
async fn a_body_with_get_or_head_is_a_type_error() {
    let w = World::new().await;
    for method in ["GET", "get", "HEAD", "head"] {
        let init = json!({ "method": method, "body": "x" });
        fetch_throws(&w, init, "TypeError: Request with GET/HEAD method cannot have body.").await;
    }
    // No method at all is GET; an empty string is a body too.
    fetch_throws(&w, json!({ "body": "" }), "TypeError: Request with GET/HEAD method cannot have body.").await;
}

#[tokio::test]
async fn an_unknown_redirect_mode_is_a_type_error_not_a_network_failure() {
    let w = World::new().await;
    for mode in ["nope", "FOLLOW", ""] {
        let message = format!("TypeError: Request constructor: {mode} is not an accepted type. Expected one of follow, manual, error.");
        fetch_throws(&w, json!({ "redirect": mode }), &message).await;
    }
    // The valid modes still work.
    let mut tk = probe().await;
    for mode in ["follow", "manual", "error"] {
        let r = fetch_ok(&w, &mut tk, &w.upstream.url("api.trove.test", "/ok"), json!({ "redirect": mode })).await;
        assert_eq!(r["status"], 200, "{mode}");
    }
}

/// The same checks in Rust, with no JavaScript in front: `Egress::fetch` refuses before
/// recording or sending.
#[tokio::test]
async fn egress_fetch_decides_the_request_checks_itself() {
    let w = World::new().await;
    let scope = ToolkitScope::new("egress-probe".into(), BTreeSet::new(), EgressPolicy::from_manifest(["api.trove.test"]), None);
    let url = w.upstream.url("api.trove.test", "/echo");
    let cases: Vec<(FetchRequest, String)> = vec![
        (
            FetchRequest { url: url.clone(), method: "GET / HTTP/1.1\r\nX-Evil: 1".into(), ..Default::default() },
            "'GET / HTTP/1.1\r\nX-Evil: 1' is not a valid HTTP method.".into(),
        ),
        (FetchRequest { url: url.clone(), method: "connect".into(), ..Default::default() }, "'connect' HTTP method is unsupported.".into()),
        (FetchRequest { url: url.clone(), method: "TRACE".into(), ..Default::default() }, "'TRACE' HTTP method is unsupported.".into()),
        (
            FetchRequest { url: url.clone(), method: "get".into(), body: Some("x".into()), ..Default::default() },
            "Request with GET/HEAD method cannot have body.".into(),
        ),
        (
            FetchRequest { url: url.clone(), method: "HEAD".into(), body: Some("".into()), ..Default::default() },
            "Request with GET/HEAD method cannot have body.".into(),
        ),
        (
            FetchRequest { url: url.clone(), method: "GET".into(), redirect: Some("nope".into()), ..Default::default() },
            "Request constructor: nope is not an accepted type. Expected one of follow, manual, error.".into(),
        ),
        // What `Headers` refuses, for a header list that did not come through it.
        (
            FetchRequest { url: url.clone(), method: "GET".into(), headers: vec![("bad name".into(), "x".into())], ..Default::default() },
            "Invalid header name: \"bad name\"".into(),
        ),
        (
            FetchRequest { url: url.clone(), method: "GET".into(), headers: vec![("x-crlf".into(), "a\r\nInjected: 1".into())], ..Default::default() },
            "Invalid header value: \"a\r\nInjected: 1\"".into(),
        ),
        (
            FetchRequest { url: url.clone(), method: "GET".into(), headers: vec![("x-wide".into(), "a\u{100}b".into())], ..Default::default() },
            "Invalid header value: \"a\u{100}b\"".into(),
        ),
        (
            FetchRequest { url: url.clone(), method: "GET".into(), headers: vec![("x-padded".into(), " v".into())], ..Default::default() },
            "Invalid header value: \" v\"".into(),
        ),
    ];
    for (req, message) in cases {
        let ledger = Arc::new(Ledger::default());
        let state = CallState {
            call_id: "rust".into(),
            tool: "fetch".into(),
            user_id: "rust".into(),
            scopes: vec![],
            env: w.env(),
            ledger: ledger.clone(),
            ended: Default::default(),
        };
        let shown = format!("{req:?}");
        match state.egress(&scope).fetch(req).await {
            Err(FetchError::Type(m)) => assert_eq!(m, message, "{shown}"),
            Err(other) => panic!("{shown}: expected TypeError({message:?}), got {other:?}"),
            Ok(r) => panic!("{shown}: expected TypeError({message:?}), got HTTP {}", r.response.status),
        }
        assert!(ledger.take().requests.is_empty(), "{shown}: nothing is recorded");
    }
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
}

/// The upstream's `/echo` of one `ctx.fetch`: (headers as the upstream saw them, the call's
/// ledger record of the request).
async fn echo(w: &World, init: Value) -> (Value, Value) {
    let out = fetch_with(w.env(), &w.upstream.url("api.trove.test", "/echo"), init).await;
    let r = result(&out);
    assert_eq!(r["status"], 200, "{r}");
    let echoed: Value = serde_json::from_str(r["body"].as_str().unwrap()).unwrap();
    assert_eq!(out.record.requests.len(), 1);
    (echoed, serde_json::to_value(&out.record.requests[0]).unwrap())
}

#[tokio::test]
async fn a_toolkit_set_host_header_does_not_reach_the_wire() {
    let w = World::new().await;
    let (echoed, recorded) = echo(&w, json!({ "headers": { "host": "evil.example", "x-kept": "1" } })).await;
    let host = format!("api.trove.test:{}", w.upstream.port);
    assert_eq!(echoed["headers"]["host"], json!(host), "{echoed}");
    assert_eq!(echoed["headers"]["x-kept"], "1", "{echoed}");
    // The ledger keeps the request as the toolkit wrote it (the parity suite compares it).
    assert_eq!(recorded["headers"]["host"], "evil.example", "{recorded}");
}

#[tokio::test]
async fn framing_connection_and_proxy_headers_do_not_reach_the_wire() {
    let w = World::new().await;
    let headers = json!({
        "content-length": "999",
        "transfer-encoding": "gzip",
        "connection": "x-smuggled",
        "x-smuggled": "kept (a normal header)",
        "keep-alive": "timeout=999",
        "upgrade": "websocket",
        "te": "trailers",
        "trailer": "x-late",
        "expect": "100-continue",
        "proxy-authorization": "Basic Zm9vOmJhcg==",
        "Proxy-Connection": "keep-alive",
    });
    let (echoed, recorded) = echo(&w, json!({ "method": "POST", "body": "hello", "headers": headers })).await;
    let seen = &echoed["headers"];
    assert_eq!(echoed["body"], "hello", "{echoed}");
    assert_eq!(seen["content-length"], "5", "{echoed}");
    for name in ["transfer-encoding", "keep-alive", "upgrade", "te", "trailer", "expect", "proxy-authorization", "proxy-connection"] {
        assert!(seen.get(name).is_none(), "{name} reached the wire: {echoed}");
    }
    assert_ne!(seen["connection"], "x-smuggled", "{echoed}");
    assert_eq!(seen["x-smuggled"], "kept (a normal header)", "{echoed}");
    assert_eq!(recorded["headers"]["proxy-authorization"], "Basic Zm9vOmJhcg==", "{recorded}");
}

/// A `ReadableStream` body is read chunk by chunk and cut at the cap: the stream is not
/// drained (64 chunks of 16 KiB offered, the cap is 1000 bytes), nothing is sent, and the
/// error is the budget's.
#[tokio::test]
async fn a_streamed_body_stops_at_the_request_body_cap() {
    let w = World::new().await;
    let mut tk = probe().await;
    let env = w.env_with(EgressBudgets { max_request_body_bytes: 1000, ..EgressBudgets::default() });
    let args = json!({ "url": w.upstream.url("api.trove.test", "/echo"), "chunks": 64, "size": 16384 });
    let r = result(&call(&mut tk, env, "stream", args).await);
    assert_eq!(r["threw"], "ToolError: Request body exceeded the 1000-byte limit. (retryable: false)", "{r}");
    assert!(r["pulled"].as_u64().unwrap() <= 2, "the stream was read past the cap: {r}");
    assert_eq!(w.upstream.state.total(), 0, "nothing was sent");
}

#[tokio::test]
async fn a_streamed_body_within_the_cap_is_sent_whole() {
    let w = World::new().await;
    let mut tk = probe().await;
    let env = w.env_with(EgressBudgets { max_request_body_bytes: 30, ..EgressBudgets::default() });
    let args = json!({ "url": w.upstream.url("api.trove.test", "/echo"), "chunks": 3, "size": 10 });
    let r = result(&call(&mut tk, env, "stream", args).await);
    assert_eq!(r["status"], 200, "{r}");
    assert_eq!(r["pulled"], 3, "{r}");
    let echoed: Value = serde_json::from_str(r["body"].as_str().unwrap()).unwrap();
    assert_eq!(echoed["body"], "x".repeat(30), "{echoed}");
}

/// The `Response` of a `ctx.fetch` is a fetched response as Node's fetch (undici) gives one:
/// type `basic`, immutable headers (a `TypeError` on `set`), and a body that reads as a
/// stream, through a clone and as text. trove-host builds it from the op's outcome without
/// the `Response` constructor (issue #11), so this pins what a toolkit can observe of it.
#[tokio::test]
async fn a_fetched_response_is_what_fetch_gives_in_node() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "response", json!({ "url": url })).await;
    let r = result(&out);
    assert_eq!(r["isResponse"], true, "{r}");
    assert_eq!(r["type"], "basic", "{r}");
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["status"], 200, "{r}");
    assert_eq!(r["url"], json!(url), "{r}");
    assert_eq!(r["redirected"], false, "{r}");
    assert_eq!(r["contentType"], "application/json", "{r}");
    assert_eq!(r["headerNames"], json!(["content-length", "content-type"]), "{r}");
    assert_eq!(r["headerSet"], "threw TypeError", "{r}");
    assert_eq!(r["bodyUsed"], true, "{r}");
    let streamed: Value = serde_json::from_str(r["streamed"].as_str().unwrap()).unwrap();
    assert_eq!(streamed["method"], "GET", "{r}");
    assert_eq!(r["cloneText"], r["streamed"], "{r}");
}

/// How `ctx.fetch` fails is part of what a toolkit sees: a URL the egress rules refuse throws
/// at once (as the SDK's `ctx.fetch` does), and everything decided after the URL (the
/// Request constructor's `TypeError`s, an `init` whose getter throws) comes as a promise that
/// rejects, as it would from an async `fetch`; nothing is sent in either case.
#[tokio::test]
async fn a_refused_url_throws_at_once_and_a_bad_init_rejects() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let cases = [
        (json!({ "url": "https://not-declared.example/x" }), "threw ToolError: "),
        (json!({ "url": url, "init": { "method": "CONNECT" } }), "rejected TypeError: 'CONNECT' HTTP method is unsupported."),
        (json!({ "url": url, "throwingGetter": "method" }), "rejected RangeError: method getter"),
        (json!({ "url": url, "throwingGetter": "headers" }), "rejected RangeError: headers getter"),
        (json!({ "url": url, "throwingGetter": "signal" }), "rejected RangeError: signal getter"),
        (json!({ "url": url, "throwingGetter": "signal.aborted" }), "rejected RangeError: signal.aborted getter"),
        (json!({ "url": url, "init": { "signal": 5 } }), "rejected TypeError: "),
    ];
    refused_before_sending(&w, cases).await;
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
    // And the same tool reports a success as one, so the cases above are not vacuous.
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "settles", json!({ "url": url })).await;
    assert_eq!(out.envelope.json()["result"]["text"], json!("resolved 200"), "{}", out.envelope);
}

/// Runs the probe's `settles` tool with each case's arguments: its text starts with the case's
/// expected prefix, and the call recorded no request.
async fn refused_before_sending<const N: usize>(w: &World, cases: [(Value, &str); N]) {
    for (args, expected) in cases {
        let mut tk = probe().await;
        let out = call(&mut tk, w.env(), "settles", args.clone()).await;
        let text = out.envelope.json()["result"]["text"].as_str().unwrap_or_default().to_owned();
        assert!(text.starts_with(expected), "{args}: {text:?}, expected {expected:?}…");
        assert!(out.record.requests.is_empty(), "{args}: nothing is recorded: {:?}", out.record.requests);
    }
}

/// `init` is read as Node 20's fetch (undici, what the SDK runs on) reads it, for contract §6's
/// "standard fetch semantics": a value that is not an object rejects with a TypeError, and so
/// do `redirect: null`, `headers: null` and a signal that is not one; each member is read once,
/// in undici's order. A duck-typed signal is taken, as undici takes it (with or without a
/// `removeEventListener`); one whose `addEventListener` throws rejects with that error, and one
/// that aborts inside it rejects with its reason, sending nothing. `fetchJson` reports the URL's
/// refusal before anything `init` does wrong. Nothing refused reaches the upstream.
#[tokio::test]
async fn init_is_read_once_each_and_refused_as_node_refuses_it() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let refused = [
        (json!({ "url": url, "initValue": 5 }), "rejected TypeError: "),
        (json!({ "url": url, "initValue": "abc" }), "rejected TypeError: "),
        (json!({ "url": url, "init": { "redirect": null } }), "rejected TypeError: "),
        (json!({ "url": url, "init": { "headers": null } }), "rejected TypeError: "),
        (json!({ "url": url, "init": { "signal": {} } }), "rejected TypeError: "),
        (json!({ "url": url, "signal": "throwingListener" }), "rejected RangeError: addEventListener"),
        // Its listener runs inside `addEventListener`: the handle is closed before the op runs,
        // and the op answers "aborted" rather than sending without a signal.
        (json!({ "url": url, "signal": "abortsAtOnce" }), "rejected RangeError: at once"),
        (json!({ "url": url, "abortedRequest": true }), "rejected RangeError: request aborted"),
        // fetchJson: the URL's refusal first, whatever `init` is; then `init`'s TypeErrors, as
        // the SDK's "request failed".
        (json!({ "url": "https://not-declared.example/x", "json": true, "initValue": 5 }), "rejected ToolError: Egress to \"not-declared.example\" is not in"),
        (json!({ "url": url, "json": true, "initValue": 5 }), "rejected ToolError: Upstream request failed"),
        (json!({ "url": url, "json": true, "init": { "headers": null } }), "rejected ToolError: Upstream request failed"),
    ];
    refused_before_sending(&w, refused).await;
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
    let taken = [
        (json!({ "url": url, "initValue": null }), "resolved 200"),
        (json!({ "url": url, "signal": "duck" }), "resolved 200"),
        // No `removeEventListener` (undici does not ask for one): the promise still settles.
        (json!({ "url": url, "signal": "duckNoRemove" }), "resolved 200"),
        // `signal: null` replaces the Request's aborted signal, as in Node.
        (json!({ "url": url, "abortedRequest": true, "init": { "signal": null } }), "resolved 200"),
        (
            json!({ "url": url, "readOrder": true, "init": { "method": "GET", "redirect": "follow" } }),
            "read method,headers,body,referrer,referrerPolicy,mode,credentials,cache,redirect,integrity,keepalive,signal,window,duplex,dispatcher; resolved 200",
        ),
    ];
    for (args, expected) in taken {
        let mut tk = probe().await;
        let out = call(&mut tk, w.env(), "settles", args.clone()).await;
        assert_eq!(out.envelope.json()["result"]["text"], json!(expected), "{args}: {}", out.envelope);
    }
    assert_eq!(w.upstream.state.total(), 5, "each accepted request reached the upstream once");
}

/// The probe's `settles` text for each case (exactly), with nothing recorded for a refusal
/// (any text but `resolved …`).
async fn settles_exactly<const N: usize>(w: &World, cases: [(Value, &str); N]) {
    for (args, expected) in cases {
        let mut tk = probe().await;
        let out = call(&mut tk, w.env(), "settles", args.clone()).await;
        assert_eq!(out.envelope.json()["result"]["text"], json!(expected), "{args}: {}", out.envelope);
        if !expected.contains("resolved") {
            assert!(out.record.requests.is_empty(), "{args}: nothing is recorded: {:?}", out.record.requests);
        }
    }
}

/// The rest of `init` (referrer, referrerPolicy, mode, credentials, cache, integrity,
/// keepalive, window, duplex, dispatcher) is read and refused as Node 20's fetch (undici 6.24)
/// refuses it: each message and its order below is what Node 20.20 answered for the same
/// `init` (all rejections, none thrown), and nothing refused reaches the upstream. Before,
/// `ctx.fetch` read none of these members and sent every one of these requests.
#[tokio::test]
async fn the_other_init_members_are_refused_as_node_20_refuses_them() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let enum_refusal = |value: &str, allowed: &str| {
        format!("rejected TypeError: Request constructor: {value} is not an accepted type. Expected one of {allowed}.")
    };
    let modes = "navigate, same-origin, no-cors, cors";
    let policies = ", no-referrer, no-referrer-when-downgrade, same-origin, origin, strict-origin, origin-when-cross-origin, strict-origin-when-cross-origin, unsafe-url";
    let caches = "default, no-store, reload, no-cache, force-cache, only-if-cached";
    let stream_mode = "rejected TypeError: If request is made from ReadableStream, mode should be \"same-origin\" or \"cors\"";
    let cases = [
        (json!({ "url": url, "init": { "window": {} } }), "rejected TypeError: 'window' option 'client' must be null".to_owned()),
        (json!({ "url": url, "init": { "window": 1 } }), "rejected TypeError: 'window' option 'client' must be null".into()),
        (json!({ "url": url, "init": { "mode": "navigate" } }), "rejected TypeError: Request constructor: invalid request mode navigate.".into()),
        (json!({ "url": url, "init": { "mode": "bogus" } }), enum_refusal("bogus", modes)),
        (json!({ "url": url, "init": { "mode": null } }), enum_refusal("null", modes)),
        (json!({ "url": url, "init": { "cache": "only-if-cached" } }), "rejected TypeError: 'only-if-cached' can be set only with 'same-origin' mode".into()),
        (json!({ "url": url, "init": { "cache": "only-if-cached", "mode": "cors" } }), "rejected TypeError: 'only-if-cached' can be set only with 'same-origin' mode".into()),
        (json!({ "url": url, "init": { "cache": "bogus" } }), enum_refusal("bogus", caches)),
        (json!({ "url": url, "init": { "credentials": "x" } }), enum_refusal("x", "omit, same-origin, include")),
        (json!({ "url": url, "init": { "referrerPolicy": "bogus" } }), enum_refusal("bogus", policies)),
        (json!({ "url": url, "init": { "referrer": "http://[bad" } }), "rejected TypeError: Referrer \"http://[bad\" is not a valid URL.".into()),
        (json!({ "url": url, "init": { "referrer": "foo" } }), "rejected TypeError: Referrer \"foo\" is not a valid URL.".into()),
        (json!({ "url": url, "init": { "referrer": null } }), "rejected TypeError: Referrer \"null\" is not a valid URL.".into()),
        (json!({ "url": url, "init": { "duplex": "full" } }), enum_refusal("full", "half")),
        (json!({ "url": url, "init": { "duplex": null } }), enum_refusal("null", "half")),
        (json!({ "url": url, "init": { "method": "PUT", "mode": "no-cors" } }), "rejected TypeError: 'PUT is unsupported in no-cors mode.".into()),
        (json!({ "url": url, "init": { "method": "delete", "mode": "no-cors" } }), "rejected TypeError: 'DELETE is unsupported in no-cors mode.".into()),
        (json!({ "url": url, "init": { "method": "P\u{100}ST" } }), "rejected TypeError: Cannot convert argument to a ByteString because the character at index 1 has a value of 256 which is greater than 255.".into()),
        (json!({ "url": url, "symbolIn": "mode" }), "rejected TypeError: Request constructor: init.mode is a symbol, which cannot be converted to a DOMString.".into()),
        (json!({ "url": url, "symbolIn": "method" }), "rejected TypeError: Request constructor: init.method is a symbol, which cannot be converted to a DOMString.".into()),
        (json!({ "url": url, "initValue": 5 }), "rejected TypeError: Request constructor: Expected 5 to be one of: Null, Undefined, Object.".into()),
        // A ReadableStream body: `duplex` is required, `keepalive` is refused, a used stream is
        // refused, and only `same-origin` or `cors` take one.
        (json!({ "url": url, "init": { "method": "POST" }, "streamBody": "fresh" }), "rejected TypeError: RequestInit: duplex option is required when sending a body.".into()),
        (json!({ "url": url, "init": { "method": "POST", "keepalive": true, "duplex": "half" }, "streamBody": "fresh" }), "rejected TypeError: keepalive".into()),
        (json!({ "url": url, "init": { "method": "POST", "keepalive": true }, "streamBody": "fresh" }), "rejected TypeError: keepalive".into()),
        (json!({ "url": url, "init": { "method": "POST", "duplex": "half" }, "streamBody": "locked" }), "rejected TypeError: Response body object should not be disturbed or locked".into()),
        (json!({ "url": url, "init": { "method": "POST", "duplex": "half" }, "streamBody": "read" }), "rejected TypeError: Response body object should not be disturbed or locked".into()),
        (json!({ "url": url, "init": { "method": "POST", "mode": "no-cors", "duplex": "half" }, "streamBody": "fresh" }), stream_mode.into()),
        (json!({ "url": url, "init": { "method": "POST", "mode": "no-cors" }, "streamBody": "fresh" }), "rejected TypeError: RequestInit: duplex option is required when sending a body.".into()),
        // A dispatcher Node cannot dispatch with is a network failure, after every TypeError.
        (json!({ "url": url, "init": { "dispatcher": {} } }), "rejected TypeError: fetch failed".into()),
        (json!({ "url": url, "init": { "dispatcher": 1 } }), "rejected TypeError: fetch failed".into()),
        (json!({ "url": url, "init": { "dispatcher": {}, "method": "CONNECT" } }), "rejected TypeError: 'CONNECT' HTTP method is unsupported.".into()),
        (json!({ "url": url, "init": { "dispatcher": {}, "method": "POST" }, "streamBody": "fresh" }), "rejected TypeError: RequestInit: duplex option is required when sending a body.".into()),
        // The order of the checks, where more than one applies.
        (json!({ "url": url, "init": { "window": 1, "referrer": "::" } }), "rejected TypeError: 'window' option 'client' must be null".into()),
        // Not Node's order (Node 20 gives the window's message): `Headers` checks a name as
        // `init.headers` is read here (docs/javascript.md).
        (json!({ "url": url, "init": { "headers": { "bad name": "x" }, "window": 1 } }), "rejected TypeError: Invalid header name: \"bad name\"".into()),
        (json!({ "url": url, "init": { "referrer": "::", "mode": "navigate" } }), "rejected TypeError: Referrer \"::\" is not a valid URL.".into()),
        (json!({ "url": url, "init": { "mode": "navigate", "method": "CONNECT" } }), "rejected TypeError: Request constructor: invalid request mode navigate.".into()),
        (json!({ "url": url, "init": { "mode": "navigate", "body": "x" } }), "rejected TypeError: Request constructor: invalid request mode navigate.".into()),
        (json!({ "url": url, "init": { "cache": "only-if-cached", "method": "CONNECT" } }), "rejected TypeError: 'only-if-cached' can be set only with 'same-origin' mode".into()),
        (json!({ "url": url, "init": { "cache": "only-if-cached", "redirect": "bogus" } }), enum_refusal("bogus", "follow, manual, error")),
        (json!({ "url": url, "init": { "mode": "bogus", "redirect": "bogus" } }), enum_refusal("bogus", modes)),
        (json!({ "url": url, "init": { "method": "CONNECT", "signal": {} } }), "rejected TypeError: 'CONNECT' HTTP method is unsupported.".into()),
        (json!({ "url": url, "init": { "signal": {}, "mode": "no-cors", "method": "PUT" } }), "rejected TypeError: Failed to construct 'Request': member signal is not of type AbortSignal.".into()),
        (json!({ "url": url, "init": { "mode": "no-cors", "method": "PUT", "body": "x" } }), "rejected TypeError: 'PUT is unsupported in no-cors mode.".into()),
        (json!({ "url": url, "init": { "body": "x", "window": {} } }), "rejected TypeError: 'window' option 'client' must be null".into()),
        // A failed conversion stops the reading: nothing after `mode` is read.
        (
            json!({ "url": url, "readOrder": true, "init": { "mode": "bogus", "window": {} } }),
            format!("read method,headers,body,referrer,referrerPolicy,mode; {}", enum_refusal("bogus", modes)),
        ),
        (
            json!({ "url": url, "readOrder": true, "init": { "window": {} } }),
            "read method,headers,body,referrer,referrerPolicy,mode,credentials,cache,redirect,integrity,keepalive,signal,window,duplex,dispatcher; rejected TypeError: 'window' option 'client' must be null".into(),
        ),
    ];
    for (args, expected) in cases {
        settles_exactly(&w, [(args, expected.as_str())]).await;
    }
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
}

/// What Node 20's fetch takes of those members, `ctx.fetch` takes too: each request is sent.
#[tokio::test]
async fn the_other_init_members_node_20_takes_are_taken() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let taken = [
        json!({ "mode": "cors" }),
        json!({ "mode": "same-origin" }),
        json!({ "mode": "no-cors" }),
        json!({ "mode": "no-cors", "method": "POST", "body": "x" }),
        json!({ "mode": "no-cors", "method": "head" }),
        json!({ "cache": "only-if-cached", "mode": "same-origin" }),
        json!({ "cache": "no-store", "credentials": "omit", "referrerPolicy": "" }),
        json!({ "referrer": "" }),
        json!({ "referrer": "about:client" }),
        json!({ "referrer": "https://other.example/a?b", "referrerPolicy": "unsafe-url" }),
        json!({ "keepalive": true }),
        json!({ "keepalive": "x", "method": "POST", "body": "x" }),
        json!({ "window": null }),
        json!({ "duplex": "half" }),
        json!({ "integrity": "junk" }),
        json!({ "priority": "bogus" }),
    ];
    let n = taken.len();
    for init in taken {
        settles_exactly(&w, [(json!({ "url": url, "init": init }), "resolved 200")]).await;
    }
    // A stream body with `duplex: "half"`, in `cors` (the default) or `same-origin` mode.
    settles_exactly(&w, [(json!({ "url": url, "init": { "method": "POST", "duplex": "half" }, "streamBody": "fresh" }), "resolved 200")]).await;
    settles_exactly(&w, [(json!({ "url": url, "init": { "method": "POST", "duplex": "half", "mode": "same-origin" }, "streamBody": "fresh" }), "resolved 200")]).await;
    assert_eq!(w.upstream.state.total(), n + 2, "each request reached the upstream once");
}

/// `init.integrity` is checked against the final response's body as Node 20's fetch checks it
/// (Subresource Integrity: the strongest of sha256/384/512, base64 or base64url, padding
/// optional): a mismatch is a network failure, `TypeError: fetch failed`, once the response has
/// come; metadata with no known hash passes; a response without a body (HEAD, 204) fails any
/// integrity. Before, `ctx.fetch` ignored `integrity` and resolved every one of these.
#[tokio::test]
async fn integrity_is_checked_against_the_response_body() {
    let w = World::new().await;
    let ok = w.upstream.url("api.trove.test", "/ok");
    let chain = w.upstream.url("api.trove.test", "/chain/1");
    let ok256 = "sha256-Jok2eyBcFs4y7UIAlCuLix4mLfxw2byfvHfElpmk8d8=";
    let ok512 = "sha512-n7u7Wg8yn5eC4jVvpB2Jz5s2lDJ8GpNNavKp3y1/k2zoNxf7UTGWpM5VSEcXCM1xNMKumbPDV7yrsur8e5t1cA==";
    let cases = [
        (json!({ "url": ok, "init": { "integrity": ok256 } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": ok512 } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": ok256.trim_end_matches('=') } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": ok256.replace("sha256", "SHA256") } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": format!("sha256-AAAA {ok512}") } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": "md5-AAAA" } }), "resolved 200"),
        (json!({ "url": chain, "init": { "integrity": "sha256-Nh5I0DCPIOMtul+1Yyi68Y1y7wzLQ7hPXCYtKmofxsg=" } }), "resolved 200"),
        (json!({ "url": ok, "init": { "integrity": "sha256-AAAA" } }), "rejected TypeError: fetch failed"),
        (json!({ "url": ok, "init": { "integrity": format!("{ok256} sha512-AAAA") } }), "rejected TypeError: fetch failed"),
        (json!({ "url": ok, "init": { "integrity": "sha256-" } }), "rejected TypeError: fetch failed"),
        (json!({ "url": ok, "init": { "integrity": "junk", "method": "HEAD" } }), "rejected TypeError: fetch failed"),
        // A Request's own integrity (a hostile review found it ignored), unless init gives one.
        (json!({ "url": ok, "asRequest": { "integrity": "sha256-AAAA" } }), "rejected TypeError: fetch failed"),
        (json!({ "url": ok, "asRequest": { "integrity": ok256 } }), "resolved 200"),
        (json!({ "url": ok, "asRequest": { "integrity": "sha256-AAAA" }, "init": { "integrity": ok256 } }), "resolved 200"),
    ];
    let n = cases.len();
    for (args, expected) in cases {
        let mut tk = probe().await;
        let out = call(&mut tk, w.env(), "settles", args.clone()).await;
        assert_eq!(out.envelope.json()["result"]["text"], json!(expected), "{args}: {}", out.envelope);
    }
    // Every one was sent: the check is on the response.
    assert_eq!(w.upstream.state.total(), n + 1, "each request reached the upstream (the chain twice)");
}

/// The host's fetch path never hands a toolkit its promises: with `Promise.prototype.then` and
/// `Promise[Symbol.species]` replaced, a fetch with a body (read, then sent) never calls the
/// toolkit's `then`, gives a plain `Promise`, and the response is the upstream's, not one the
/// toolkit could swap in. A species getter that throws makes the fetch reject, never throw.
#[tokio::test]
async fn a_toolkit_that_replaces_then_and_species_sees_none_of_the_host_s_promises() {
    let w = World::new().await;
    let url = w.upstream.url("api.trove.test", "/echo");
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "hijack", json!({ "url": url })).await;
    assert_eq!(
        out.envelope.json()["result"]["text"],
        json!("resolved, a Promise, 200, body has hello: true, replaced then called: 0"),
        "{}",
        out.envelope
    );
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "hijack", json!({ "url": url, "speciesThrows": true })).await;
    let text = out.envelope.json()["result"]["text"].as_str().unwrap_or_default().to_owned();
    assert!(text.starts_with("rejected RangeError, a Promise, no response"), "{}", out.envelope);
}
