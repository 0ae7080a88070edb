//! Contract §6 as a toolkit sees it: the refusal messages of `ctx.fetch` for
//! `egress: ['api.example.com', 'mirror.example.net:8443']` (fixtures/egress), the host's
//! stricter rules, synchronous refusals, the default user agent, and loud replay mismatches.

use serde_json::{json, Value};
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::egress::DEFAULT_USER_AGENT;

use crate::{failure, fixture, load, replay_env};

const PRIVATE: &str = "Refusing egress to a private, loopback, or link-local address.";
const MALFORMED: &str = "Refusing to fetch a malformed URL.";

fn not_allowlisted(host: &str) -> String {
    format!("Egress to \"{host}\" is not in the server's egress allowlist.")
}

async fn probe() -> Toolkit {
    load(&fixture("egress")).await
}

/// Calls `tool` with `args` against `exchanges`; checks the cassette saw no mismatch and was
/// used up.
async fn run(toolkit: &mut Toolkit, tool: &str, args: Value, exchanges: Value) -> CallOutcome {
    let (env, replay) = replay_env(exchanges);
    let outcome = toolkit.call(&ToolCall::new(tool, args, "u"), env).await;
    assert!(replay.failures().is_empty(), "{tool} {}: replay failures {:?}", outcome.envelope, replay.failures());
    assert!(replay.remaining().is_empty(), "{tool}: exchanges left unused");
    outcome
}

fn ok_exchange(url: &str) -> Value {
    json!([{ "request": { "method": "GET", "url": url }, "response": { "status": 200, "headers": {}, "body": "ok" } }])
}

/// Asserts `url` is refused with `message` before anything reaches the transport.
async fn assert_refused(toolkit: &mut Toolkit, url: &str, message: &str) {
    let outcome = run(toolkit, "get", json!({ "url": url }), json!([])).await;
    assert_eq!(outcome.envelope, failure(message, "TOOL_ERROR", false), "url {url:?}");
    assert!(outcome.record.requests.is_empty(), "{url:?} was recorded as sent");
}

#[tokio::test(flavor = "current_thread")]
async fn malformed_urls() {
    let mut toolkit = probe().await;
    for url in ["not a url", "https://", "//api.example.com/x", "http://[::1"] {
        assert_refused(&mut toolkit, url, MALFORMED).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn non_http_schemes() {
    let mut toolkit = probe().await;
    assert_refused(&mut toolkit, "ftp://api.example.com/file.txt", "Refusing non-HTTP(S) egress (ftp:).").await;
    assert_refused(&mut toolkit, "file:///etc/passwd", "Refusing non-HTTP(S) egress (file:).").await;
    assert_refused(&mut toolkit, "data:text/plain,hi", "Refusing non-HTTP(S) egress (data:).").await;
}

#[tokio::test(flavor = "current_thread")]
async fn private_loopback_and_link_local_literals() {
    let mut toolkit = probe().await;
    for url in [
        "https://127.0.0.1/",
        "https://127.1/",
        "https://2130706433/",
        "https://0x7f.0.0.1/",
        "https://[::1]/",
        "https://[::ffff:127.0.0.1]/",
        "https://[::ffff:a9fe:a9fe]/",
        "https://169.254.169.254/latest/meta-data/",
        "https://10.0.0.5/",
        "https://192.168.1.1:8443/",
        "https://localhost/",
        "https://api.localhost/",
        // Private beats the host's https-only rule: the SDK's message wins.
        "http://127.0.0.1/",
    ] {
        assert_refused(&mut toolkit, url, PRIVATE).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn hosts_not_on_the_allowlist() {
    let mut toolkit = probe().await;
    assert_refused(&mut toolkit, "https://evil.example.org/steal", &not_allowlisted("evil.example.org")).await;
    assert_refused(&mut toolkit, "https://example.com/", &not_allowlisted("example.com")).await;
    assert_refused(&mut toolkit, "https://sub.api.example.com/", &not_allowlisted("sub.api.example.com")).await;
    assert_refused(&mut toolkit, "https://api.example.com.evil.net/", &not_allowlisted("api.example.com.evil.net")).await;
    // Not allowlisted and http: the SDK's allowlist message comes first.
    assert_refused(&mut toolkit, "http://evil.example.org/", &not_allowlisted("evil.example.org")).await;
    // A trailing dot is not the entry (the SDK compares the WHATWG hostname as it is), and
    // `localhost.` is not `localhost` to the SDK, so its allowlist message wins.
    assert_refused(&mut toolkit, "https://api.example.com./", &not_allowlisted("api.example.com.")).await;
    assert_refused(&mut toolkit, "https://LOCALHOST./", &not_allowlisted("localhost.")).await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_port_entry_matches_only_that_port() {
    let mut toolkit = probe().await;
    assert_refused(&mut toolkit, "https://mirror.example.net/", &not_allowlisted("mirror.example.net")).await;
    assert_refused(&mut toolkit, "https://mirror.example.net:9443/", &not_allowlisted("mirror.example.net")).await;
    let url = "https://mirror.example.net:8443/pkg";
    let outcome = run(&mut toolkit, "get", json!({ "url": url }), ok_exchange(url)).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "200 ok" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn an_entry_without_a_port_matches_any_port_and_case() {
    let mut toolkit = probe().await;
    for (url, served) in [
        ("https://api.example.com/v1/x?y=1", "https://api.example.com/v1/x?y=1"),
        ("https://api.example.com:8443/v1", "https://api.example.com:8443/v1"),
        ("https://API.Example.COM/v1", "https://api.example.com/v1"),
    ] {
        let outcome = run(&mut toolkit, "get", json!({ "url": url }), ok_exchange(served)).await;
        assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "200 ok" } }), "{url}");
        assert_eq!(outcome.record.requests.len(), 1);
        assert_eq!(outcome.record.requests[0].url, served);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn host_rule_http_is_refused_even_when_allowlisted() {
    let mut toolkit = probe().await;
    assert_refused(&mut toolkit, "http://api.example.com/v1", "Refusing non-HTTPS egress (http:).").await;
    assert_refused(&mut toolkit, "http://mirror.example.net:8443/", "Refusing non-HTTPS egress (http:).").await;
}

#[tokio::test(flavor = "current_thread")]
async fn host_rule_an_empty_egress_list_refuses_everything() {
    let mut toolkit = load(&fixture("no-egress")).await;
    assert_refused(&mut toolkit, "https://api.example.com/", &not_allowlisted("api.example.com")).await;
    assert_refused(&mut toolkit, "https://example.com:8443/x", &not_allowlisted("example.com")).await;
    // The SDK's own rules still come first.
    assert_refused(&mut toolkit, "https://10.1.2.3/", PRIVATE).await;
    // What the SDK would let through with no list, the host refuses as private.
    assert_refused(&mut toolkit, "https://localhost./", PRIVATE).await;
    assert_refused(&mut toolkit, "ftp://example.com/", "Refusing non-HTTP(S) egress (ftp:).").await;
    assert_refused(&mut toolkit, "nope", MALFORMED).await;
}

#[tokio::test(flavor = "current_thread")]
async fn refusals_are_thrown_synchronously() {
    let mut toolkit = probe().await;
    // A `.catch()` on the promise does not see a refusal: it reaches the envelope.
    let outcome = run(&mut toolkit, "lenient", json!({ "url": "https://127.0.0.1/" }), json!([])).await;
    assert_eq!(outcome.envelope, failure(PRIVATE, "TOOL_ERROR", false));
    let outcome = run(&mut toolkit, "sync_probe", json!({ "url": "https://evil.example.org/" }), json!([])).await;
    assert_eq!(
        outcome.envelope.json()["result"]["text"],
        json!(format!("threw synchronously: ToolError: {}", not_allowlisted("evil.example.org")))
    );

    // A network failure is asynchronous: the promise rejects and `.catch()` sees it.
    let network_error = json!([{ "request": { "method": "GET", "url": "https://api.example.com/down" }, "response": { "networkError": true } }]);
    let outcome = run(&mut toolkit, "lenient", json!({ "url": "https://api.example.com/down" }), network_error.clone()).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "caught: fetch failed" } }));
    let outcome = run(&mut toolkit, "sync_probe", json!({ "url": "https://api.example.com/down" }), network_error).await;
    assert_eq!(outcome.envelope.json()["result"]["text"], json!("returned a promise, rejected: TypeError: fetch failed"));
}

#[tokio::test(flavor = "current_thread")]
async fn the_default_user_agent_is_added_and_a_callers_wins() {
    let mut toolkit = probe().await;
    let url = "https://api.example.com/ua";
    let outcome = run(&mut toolkit, "get", json!({ "url": url }), ok_exchange(url)).await;
    assert_eq!(outcome.record.requests[0].headers.get("user-agent").map(String::as_str), Some(DEFAULT_USER_AGENT));
    assert_eq!(DEFAULT_USER_AGENT, "@ontrove/extend/toolkit (+https://ontrove.sh)");

    let outcome = run(&mut toolkit, "get", json!({ "url": url, "userAgent": "probe/1.0" }), ok_exchange(url)).await;
    assert_eq!(outcome.record.requests[0].headers.get("user-agent").map(String::as_str), Some("probe/1.0"));
}

#[tokio::test(flavor = "current_thread")]
async fn a_replay_mismatch_fails_loudly() {
    let mut toolkit = probe().await;
    // The cassette expects /a; the toolkit asks for /b.
    let (env, replay) = replay_env(ok_exchange("https://api.example.com/a"));
    let outcome = toolkit.call(&ToolCall::new("get", json!({ "url": "https://api.example.com/b" }), "u"), env).await;
    assert_eq!(outcome.envelope, failure("tool failed", "TOOL_ERROR", false));
    let failures = replay.failures();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].contains("https://api.example.com/b") && failures[0].contains("https://api.example.com/a"), "{failures:?}");

    // A request after the cassette ran out.
    let (env, replay) = replay_env(json!([]));
    let outcome = toolkit.call(&ToolCall::new("get", json!({ "url": "https://api.example.com/c" }), "u"), env).await;
    assert_eq!(outcome.envelope, failure("tool failed", "TOOL_ERROR", false));
    assert_eq!(replay.failures().len(), 1, "{:?}", replay.failures());
    assert!(replay.failures()[0].contains("https://api.example.com/c"));

    // A different method is a mismatch too.
    let (env, replay) = replay_env(json!([{ "request": { "method": "POST", "url": "https://api.example.com/a" }, "response": { "status": 200, "headers": {}, "body": "" } }]));
    let outcome = toolkit.call(&ToolCall::new("get", json!({ "url": "https://api.example.com/a" }), "u"), env).await;
    assert_eq!(outcome.envelope, failure("tool failed", "TOOL_ERROR", false));
    assert_eq!(replay.failures().len(), 1);
}

/// A cassette's redirect (an exchange whose response names the final `url`) meets the checks a
/// live hop meets (review 55): a final URL at a link-local address, on a host the manifest does
/// not allow, over http or with credentials is refused with the words the network would give,
/// where the replay handed the toolkit the body as if it had been fetched. An allowed one still
/// replays, `redirected` and all.
#[tokio::test(flavor = "current_thread")]
async fn a_replayed_redirect_meets_the_policy_of_a_live_hop() {
    let mut toolkit = probe().await;
    let redirected_to = |to: &str| {
        json!([{ "request": { "method": "GET", "url": "https://api.example.com/file" },
                 "response": { "status": 200, "url": to, "headers": {}, "body": "served" } }])
    };
    for (to, message) in [
        ("https://169.254.169.254/latest/meta-data/", PRIVATE.to_owned()),
        ("https://cdn.example.net/file", not_allowlisted("cdn.example.net")),
        ("http://api.example.com/file", "Refusing non-HTTPS egress (http:).".to_owned()),
    ] {
        let outcome = run(&mut toolkit, "lenient", json!({ "url": "https://api.example.com/file" }), redirected_to(to)).await;
        assert_eq!(outcome.envelope.json()["result"]["text"], format!("caught: {message}"), "{to}: {}", outcome.envelope);
    }
    let outcome = run(&mut toolkit, "lenient", json!({ "url": "https://api.example.com/file" }), redirected_to("https://u:p@api.example.com/file")).await;
    // As a live hop to such a URL: a network failure, not a refusal of the policy.
    assert_eq!(outcome.envelope.json()["result"]["text"], "caught: fetch failed", "{}", outcome.envelope);
    let outcome = run(&mut toolkit, "get", json!({ "url": "https://api.example.com/file" }), redirected_to("https://mirror.example.net:8443/file")).await;
    assert_eq!(outcome.envelope.json()["result"]["text"], "200 served", "{}", outcome.envelope);
}

/// What is not a followed redirect is not checked as one (review 56): with `redirect: 'manual'`
/// no hop is followed live, so a cassette's final URL is handed over as before (the cassette
/// cannot hold the 3xx itself), and a final URL that is the request's own is no redirect.
#[tokio::test(flavor = "current_thread")]
async fn a_replayed_response_that_is_no_followed_redirect_is_not_checked_as_one() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'manual-hops', name: 'M', description: 'M.', icon: 'm', version: '1.0.0', egress: ['api.example.com'],\n\
          tools: [tool({ name: 'get', description: 'G.', input: z.object({ redirect: z.enum(['follow', 'manual', 'error']) }), handler: async ({ redirect }, ctx) => {\n\
            try { const res = await ctx.fetch('https://api.example.com/file', { redirect }); return `${res.status} ${res.redirected} ${await res.text()}`; }\n\
            catch (e: any) { return `caught: ${e.message}`; } } })] });\n";
    let dir = crate::scratch_toolkit("manual-hops", &[("extension.ts", source)]);
    let mut toolkit = load(&dir).await;
    let answered = |to: &str| {
        json!([{ "request": { "method": "GET", "url": "https://api.example.com/file" },
                 "response": { "status": 200, "url": to, "headers": {}, "body": "served" } }])
    };
    for (redirect, to, said) in [
        ("manual", "https://169.254.169.254/latest/", "200 true served"),
        ("follow", "https://api.example.com/file", "200 false served"),
        ("error", "https://api.example.com/file", "200 false served"),
        ("follow", "https://169.254.169.254/latest/", &format!("caught: {PRIVATE}")),
    ] {
        let outcome = run(&mut toolkit, "get", json!({ "redirect": redirect }), answered(to)).await;
        assert_eq!(outcome.envelope.json()["result"]["text"], *said, "{redirect} to {to}: {}", outcome.envelope);
    }
}
