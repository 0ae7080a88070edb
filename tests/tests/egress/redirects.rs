//! Redirects: followed by trove-host's own loop, every hop checked like a first request
//! (scheme, allowlist, literal and resolved address), 20 hops at most, `manual` and `error`
//! modes, credentials dropped on a cross-origin hop.

use serde_json::{json, Value};

use super::support::*;

refuses!(redirect_to_loopback_literal, |w| w.redirect_to(&w.forbidden_url("127.0.0.1", "/")), PRIVATE);
refuses!(redirect_to_decimal_loopback, |w| w.redirect_to(&w.forbidden_url("2130706433", "/")), PRIVATE);
refuses!(redirect_to_mapped_ipv6, |w| w.redirect_to(&w.forbidden_url("[::ffff:127.0.0.2]", "/")), PRIVATE);
// No listener can run at the metadata address (nor may anything here reach it): this one, like
// the `file:` and malformed targets below, relies on the exact message.
refuses!(redirect_to_metadata, |w| w.redirect_to("http://169.254.169.254/latest/meta-data/"), PRIVATE);
refuses!(redirect_to_localhost, |w| w.redirect_to(&w.forbidden_url("localhost", "/")), PRIVATE);
refuses!(redirect_to_http, |w| w.redirect_to(&format!("http://api.trove.test:{}/", w.forbidden.port)), NON_HTTPS);
refuses!(redirect_to_other_host, |w| w.redirect_to(&w.forbidden_url("evil.trove.test", "/")), not_allowed("evil.trove.test"));
refuses!(redirect_protocol_relative, |w| w.redirect_to(&format!("//evil.trove.test:{}/", w.forbidden.port)), not_allowed("evil.trove.test"));
refuses!(redirect_userinfo_confusion, |w| w.redirect_to(&w.forbidden_url("api.trove.test@evil.trove.test", "/")), not_allowed("evil.trove.test"));
refuses!(redirect_backslash_confusion, |w| w.redirect_to(&format!("https://evil.trove.test:{}\\@api.trove.test/", w.forbidden.port)), not_allowed("evil.trove.test"));
refuses!(redirect_to_trailing_dot, |w| w.redirect_to(&w.forbidden_url("api.trove.test.", "/")), not_allowed("api.trove.test."));
refuses!(redirect_to_file_scheme, |w| w.redirect_to("file:///etc/passwd"), scheme("file:"));
refuses!(redirect_to_private_dns, |w| w.redirect_to(&w.forbidden_url("private.trove.test", "/")), PRIVATE);
refuses!(redirect_to_mixed_dns, |w| w.redirect_to(&w.forbidden_url("mixed.trove.test", "/")), PRIVATE);
refuses!(redirect_307_keeps_checks, |w| w.redirect_with(307, &w.forbidden_url("127.0.0.1", "/")), PRIVATE);
refuses!(redirect_308_keeps_checks, |w| w.redirect_with(308, &w.forbidden_url("evil.trove.test", "/")), not_allowed("evil.trove.test"));
refuses!(redirect_303_keeps_checks, |w| w.redirect_with(303, &w.forbidden_url("0x7f.1", "/")), PRIVATE);
refuses!(redirect_malformed_location, |w| w.redirect_to("https://[::1"), MALFORMED);

/// A chain of allowed hops that ends on a forbidden one is refused at that hop.
#[tokio::test]
async fn redirect_chain_ending_private() {
    let w = World::new().await;
    let last = w.redirect_to(&w.forbidden_url("127.0.0.1", "/"));
    let middle = w.redirect_to(&last.replace("api.trove.test", "cdn.trove.test"));
    fetch_refused(&w, &w.redirect_to(&middle), PRIVATE).await;
    assert_eq!(w.upstream.state.hits("/redirect"), 3);
}

/// Rebinding through a redirect: the hop's name now resolves private.
#[tokio::test]
async fn redirect_to_rebinding_name() {
    let w = World::new().await;
    refused(
        &w,
        "sequence",
        json!({ "requests": [
            { "url": w.upstream.url("rebind.trove.test", "/close") },
            { "url": w.redirect_to(&w.forbidden_url("rebind.trove.test", "/")) },
        ]}),
        PRIVATE,
    )
    .await;
}

/// A hop to a URL with credentials is a network error, as in fetch; nothing is sent to it.
#[tokio::test]
async fn redirect_to_userinfo_url() {
    let w = World::new().await;
    let target = format!("https://user:pw@cdn.trove.test:{}/echo", w.upstream.port);
    let out = fetch_with(w.env(), &w.redirect_to(&target), Value::Null).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert_eq!(w.upstream.state.hits("/echo"), 0);
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// A redirect loop stops after 20 hops (21 requests) with a network error.
#[tokio::test]
async fn redirect_loop_stops_at_twenty_hops() {
    let w = World::new().await;
    let out = fetch_with(w.env(), &w.upstream.url("api.trove.test", "/loop"), Value::Null).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert_eq!(w.upstream.state.hits("/loop"), 21);
}

/// 21 hops fail; 20 hops succeed (the limit is the fetch standard's).
#[tokio::test]
async fn redirect_hop_limit_is_exactly_twenty() {
    let w = World::new().await;
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), "fetch", json!({ "url": w.upstream.url("api.trove.test", "/chain/21") })).await;
    assert_threw(&out, "TypeError: fetch failed");
    let r = fetch_ok(&w, &mut tk, &w.upstream.url("api.trove.test", "/chain/20"), Value::Null).await;
    assert_eq!(r["body"], "end");
    assert_eq!(r["redirected"], true);
}

/// `redirect: 'manual'` hands the 3xx to the toolkit and does not touch the target.
#[tokio::test]
async fn redirect_manual_does_not_follow() {
    let w = World::new().await;
    let target = w.forbidden_url("127.0.0.1", "/");
    let out = fetch_with(w.env(), &w.redirect_to(&target), json!({ "redirect": "manual" })).await;
    let r = result(&out);
    assert_eq!(r["status"], 302);
    assert_eq!(r["location"], json!(target));
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// `redirect: 'error'` fails on the first 3xx without following it.
#[tokio::test]
async fn redirect_error_mode_fails() {
    let w = World::new().await;
    let out = fetch_with(w.env(), &w.redirect_to(&w.upstream.url("api.trove.test", "/ok")), json!({ "redirect": "error" })).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert_eq!(w.upstream.state.hits("/ok"), 0);
}

fn echoed_headers(r: &Value) -> Value {
    let body: Value = serde_json::from_str(r["body"].as_str().unwrap()).unwrap();
    body["headers"].clone()
}

/// Credentials set by the toolkit (`authorization`, `cookie`) are dropped on a cross-host
/// hop, kept on a same-origin one.
#[tokio::test]
async fn credentials_dropped_cross_host() {
    let w = World::new().await;
    let mut tk = probe().await;
    let init = json!({ "headers": { "authorization": "Bearer secret-1", "cookie": "sid=secret-2", "x-keep": "1" } });
    let cross = w.redirect_to(&w.upstream.url("cdn.trove.test", "/echo"));
    let h = echoed_headers(&fetch_ok(&w, &mut tk, &cross, init.clone()).await);
    assert!(h.get("authorization").is_none() && h.get("cookie").is_none(), "leaked: {h}");
    assert_eq!(h["x-keep"], "1");
    let same = w.redirect_to(&w.upstream.url("api.trove.test", "/echo"));
    let h = echoed_headers(&fetch_ok(&w, &mut tk, &same, init).await);
    assert_eq!(h["authorization"], "Bearer secret-1");
    assert_eq!(h["cookie"], "sid=secret-2");
}

/// 303 turns a POST into a GET without its body.
#[tokio::test]
async fn see_other_drops_the_body() {
    let w = World::new().await;
    let mut tk = probe().await;
    let url = w.redirect_with(303, &w.upstream.url("api.trove.test", "/echo"));
    let r = fetch_ok(&w, &mut tk, &url, json!({ "method": "POST", "body": "secret-form" })).await;
    let body: Value = serde_json::from_str(r["body"].as_str().unwrap()).unwrap();
    assert_eq!(body["method"], "GET");
    assert_eq!(body["body"], "");
}
