//! The platform's callbacks (contract §5) through a served toolkit: a call that carries
//! `ctxToken` and `callbackBase` gets its secrets and `ctx.trove` from a real loopback HTTP
//! server playing the platform, through `LocalProviders` as the server's `EnvSource`.

use std::sync::Arc;

use serde_json::{json, Value};
use trove_host::local::LocalProviders;
use trove_host::LoadOptions;

use crate::{client, fixture, init_logs, local, post, start, url};

/// The platform for these tests: answers secrets and every trove operation.
fn platform() -> trove_host_tests::Platform {
    trove_host_tests::Platform::start(|path, body| {
        let (status, answer) = match (path, body["name"].as_str(), body["operation"].as_str()) {
            // A platform whose registry lags the manifest, and echoes the token it was given.
            ("/internal/secret", Some(_), _) if body["ctxToken"] == "lagging-token" => (404, json!("secret not declared for lagging-token")),
            // Review 33: answers too long to take.
            ("/internal/secret", Some(_), _) if body["ctxToken"] == "huge-answer" => (200, json!({ "value": "a".repeat(20_000_000) })),
            ("/internal/secret", Some(_), _) if body["ctxToken"] == "long-secret" => (200, json!({ "value": "b".repeat(100 * 1024) })),
            ("/internal/secret", Some("API_TOKEN"), _) => (200, json!({ "value": "remote-value" })),
            ("/internal/secret", Some(_), _) => (200, json!({ "value": null })),
            ("/internal/trove", _, Some("ingest")) => (200, json!({ "data": { "ingested": 1 } })),
            ("/internal/trove", _, Some("search")) => {
                (200, json!({ "data": [{ "id": "d1", "title": "Remote doc", "snippet": "tides", "score": 0.75 }] }))
            }
            ("/internal/trove", _, Some("getDocument")) => (200, json!({ "data": { "id": "d1", "title": "Remote doc", "text": "Tides." } })),
            _ => (404, json!("not found")),
        };
        (status, answer.to_string())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn platform_callbacks_carry_the_calls_token() {
    init_logs();
    let platform = platform();
    let running = start(
        vec![fixture("vault"), fixture("echo")],
        LoadOptions::default(),
        Arc::new(LocalProviders::open().with_platforms([platform.base.clone()])),
        local(),
    )
    .await;
    let http = client();
    let from_platform = |tool: &str, args: Value, scopes: &[&str]| {
        json!({ "tool": tool, "args": args, "userId": "alice", "ctxToken": "ctx-token-9", "callbackBase": platform.base, "scopes": scopes })
    };
    let text = |reply: &crate::Reply| {
        assert_eq!(reply.status, 200);
        assert_eq!(reply.body["ok"], true, "{}", reply.body);
        reply.body["result"]["text"].as_str().unwrap().to_owned()
    };
    let vault = url(&running, "vault");

    let read = |name: &str| from_platform("read", json!({ "name": name }), &[]);
    assert_eq!(text(&post(&http, &vault, &read("API_TOKEN")).await), "value of length 12");
    assert_eq!(text(&post(&http, &vault, &read("OPTIONAL_KEY")).await), "undefined");
    assert_eq!(
        text(&post(&http, &vault, &read("UNDECLARED")).await),
        "rejected: ctx.secret callback failed: 404 secret not declared"
    );
    let save = from_platform("save", json!({ "title": "T", "text": "body" }), &["trove:ingest"]);
    assert_eq!(text(&post(&http, &vault, &save).await), "ingested 1");
    let find = post(&http, &vault, &from_platform("find", json!({ "query": "tides" }), &["trove:search"])).await;
    assert_eq!(
        find.body,
        json!({ "ok": true, "result": { "text": "1 hit(s): Remote doc", "structured": {
            "hits": [{ "id": "d1", "title": "Remote doc", "snippet": "tides", "score": 0.75 }],
            "doc": { "id": "d1", "title": "Remote doc", "text": "Tides." } } } })
    );
    assert_eq!(text(&post(&http, &vault, &from_platform("has_trove", json!({}), &["trove:search"])).await), "true");

    // echo's manifest declares no scopes: the call's scope grants nothing, and the platform
    // hears nothing.
    let echo = url(&running, "echo");
    assert_eq!(text(&post(&http, &echo, &from_platform("has_trove", json!({}), &["trove:search", "trove:ingest"])).await), "false");

    let seen = platform.seen.lock().unwrap().clone();
    assert_eq!(
        seen,
        vec![
            ("/internal/secret".to_owned(), json!({ "ctxToken": "ctx-token-9", "name": "API_TOKEN" })),
            ("/internal/secret".to_owned(), json!({ "ctxToken": "ctx-token-9", "name": "OPTIONAL_KEY" })),
            (
                "/internal/trove".to_owned(),
                json!({ "ctxToken": "ctx-token-9", "operation": "ingest",
                        "variables": { "documents": [{ "title": "T", "text": "body", "tags": ["note"] }] } })
            ),
            (
                "/internal/trove".to_owned(),
                json!({ "ctxToken": "ctx-token-9", "operation": "search", "variables": { "query": "tides", "limit": 5 } })
            ),
            ("/internal/trove".to_owned(), json!({ "ctxToken": "ctx-token-9", "operation": "getDocument", "variables": { "id": "d1" } })),
        ],
        "exactly these bodies; an undeclared secret is never asked for"
    );

    // A callbackBase the operator did not name: refused before any request leaves the host
    // (otherwise any client could make it POST a token and a secret name anywhere).
    let elsewhere = self::platform();
    let mut foreign = read("API_TOKEN");
    foreign["callbackBase"] = json!(elsewhere.base);
    let refused = post(&http, &vault, &foreign).await;
    assert_eq!(refused.body, json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" }));
    assert!(elsewhere.seen.lock().unwrap().is_empty(), "the unnamed platform heard nothing");
    // The named one spelt otherwise (scheme in capitals, a trailing slash) is the same URL to
    // the parser and is served (it was refused as text; review 17).
    let heard = platform.seen.lock().unwrap().len();
    let mut spelt = read("API_TOKEN");
    spelt["callbackBase"] = json!(format!("{}/", platform.base.replacen("http://", "HTTP://", 1)));
    assert_eq!(text(&post(&http, &vault, &spelt).await), "value of length 12");
    assert_eq!(platform.seen.lock().unwrap().len(), heard + 1);

    // Half a platform call (a token without a base, either empty) runs on neither the
    // platform's secrets nor this host's own: refused (review 19).
    let heard = platform.seen.lock().unwrap().len();
    for (token, base) in [(json!(""), json!(platform.base)), (json!("ctx-token-9"), json!("")), (json!("ctx-token-9"), Value::Null)] {
        let mut half = read("API_TOKEN");
        half["ctxToken"] = token;
        half["callbackBase"] = base;
        let refused = post(&http, &vault, &half).await;
        assert_eq!(refused.body, json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" }), "{half}");
    }
    assert_eq!(platform.seen.lock().unwrap().len(), heard, "the platform heard nothing of them");

    // The platform answers 404 for a name the manifest declares (its registry lags): to
    // requireSecret that is "not set", as for an undeclared name; ctx.secret rejects with the
    // platform's words, the echoed token redacted (review 19).
    let lagging = |tool: &str| {
        let mut call = from_platform(tool, json!({ "name": "API_TOKEN" }), &[]);
        call["ctxToken"] = json!("lagging-token");
        call
    };
    assert_eq!(
        post(&http, &vault, &lagging("require")).await.body,
        json!({ "ok": false, "error": "API_TOKEN is not set. Run `trove secret set <server> API_TOKEN --from-stdin`.", "retryable": false, "code": "TOOL_ERROR" })
    );
    assert_eq!(text(&post(&http, &vault, &lagging("read")).await), "rejected: ctx.secret callback failed: 404 \"secret not declared for [redacted]\"");
    running.shutdown().await;
}

/// A platform that answers a secret too long to take (20 MB, or a 100 KiB value) fails that
/// read, with a message that says so, and the server goes on: before, the answer was read
/// whole and every encoding of the value joined the redaction set, which took gigabytes
/// outside every call limit and left the call unanswered (review 33, HIGH).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_platform_answer_too_long_fails_the_read_and_the_server_goes_on() {
    init_logs();
    let platform = platform();
    let running = start(
        vec![fixture("vault")],
        LoadOptions::default(),
        Arc::new(LocalProviders::open().with_platforms([platform.base.clone()])),
        local(),
    )
    .await;
    let http = client();
    let vault = url(&running, "vault");
    let read = |token: &str| {
        json!({ "tool": "read", "args": { "name": "API_TOKEN" }, "userId": "alice", "ctxToken": token, "callbackBase": platform.base })
    };
    let text = |reply: crate::Reply| reply.body["result"]["text"].as_str().unwrap_or_default().to_owned();
    assert_eq!(
        text(post(&http, &vault, &read("huge-answer")).await),
        "rejected: ctx.secret callback failed: /internal/secret: the answer is longer than 524288 bytes"
    );
    assert_eq!(
        text(post(&http, &vault, &read("long-secret")).await),
        "rejected: ctx.secret callback failed: the value of API_TOKEN is 102400 bytes, over this host's limit of 65536"
    );
    assert_eq!(text(post(&http, &vault, &read("ctx-token-9")).await), "value of length 12");
}
