//! Issue #8: record → replay against a real TLS upstream on loopback. The live call goes
//! through the full egress policy (a test-only resolver; no rule disabled); the cassette it
//! records holds placeholders, never the secret in any form the redactor knows; replaying it
//! gives the same envelope, with the recorded key or with a rotated one.

use std::sync::Arc;

use serde_json::{json, Value};
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, MemorySecrets, ReplayTransport, ToolCall};
use trove_host_ops::egress::cassette;
use trove_host_ops::egress::replay::Exchange;
use trove_host_ops::redact::SecretForm;

use crate::fixture;

const LIVE_KEY: &str = "live-K3y/with+chars";
const ROTATED_KEY: &str = "rotated-K3y/other+chars";

/// What the upstream expects and answers for `key`.
fn upstream_script(key: &str) -> Vec<Exchange> {
    let query = url::form_urlencoded::Serializer::new(String::new()).append_pair("q", "tides").append_pair("key", key).finish();
    let b64 = base64_of(key);
    serde_json::from_value(json!([
        { "request": { "method": "GET", "url": format!("https://api.recorder.test/v1/search?{query}") },
          "response": { "status": 200, "headers": { "content-type": "application/json" }, "body": json!({ "echo": key, "hits": 3 }).to_string() } },
        { "request": { "method": "POST", "url": "https://api.recorder.test/v1/log", "body": json!({ "q": "tides", "token": key, "b64": b64 }).to_string() },
          "response": { "status": 204, "headers": {} } }
    ]))
    .expect("script")
}

fn base64_of(text: &str) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(text)
}

fn env_with_key(key: &str) -> CallEnv {
    let mut secrets = MemorySecrets::new();
    secrets.set("recorder", "API_KEY", Some(key.to_owned()));
    CallEnv { secrets: Arc::new(secrets), ..CallEnv::default() }
}

#[tokio::test(flavor = "current_thread")]
async fn a_recorded_cassette_replays_identically_and_holds_no_secret() {
    let server = match super::tls_upstream::CassetteServer::start(&["api.recorder.test"]).await {
        Ok(server) => server,
        Err(reason) => return trove_host_tests::missing_prerequisite(&reason),
    };
    server.load(upstream_script(LIVE_KEY));
    let host = Host::new(HostConfig { network: server.network_options(), ..HostConfig::default() }).expect("host");
    let toolkit = host.load(&fixture("recorder"), LoadOptions::default()).await.expect("loads");
    let call = ToolCall::new("lookup", json!({ "q": "tides" }), "u1");

    // Live, through the policy and the TLS server, recording.
    let mut env = env_with_key(LIVE_KEY);
    env.record_exchanges = true;
    let live = toolkit.call(call.clone(), env).await.expect("ran");
    assert_eq!(live.envelope.json(), json!({ "ok": true, "result": { "text": "3 hits; echo matches; logged 204" } }));
    assert_eq!(server.finish(), (Vec::new(), 0), "the live upstream saw exactly its script");
    assert_eq!(live.record.exchanges.len(), 2);

    let recorded = cassette::scrub(live.record.exchanges.clone(), &toolkit.redactor());
    let text = serde_json::to_string(&recorded).expect("JSON");
    for form in [SecretForm::Raw, SecretForm::Base64, SecretForm::Base64NoPad, SecretForm::Base64Url, SecretForm::Form, SecretForm::Percent, SecretForm::Json, SecretForm::Console] {
        let encoded = form.encode(LIVE_KEY).expect("a form");
        assert!(!text.contains(&encoded), "the cassette holds the key as {form:?} ({encoded}): {text}");
    }
    assert!(text.contains("{{secret:API_KEY:form}}"), "the query string's key is a placeholder: {text}");
    assert!(text.contains("{{secret:API_KEY:base64}}"), "the body's base64 key is a placeholder: {text}");
    assert_eq!(cassette::secret_names(&recorded), vec!["API_KEY".to_owned()]);
    // The written file reads back as a cassette.
    let reread: Vec<Exchange> = serde_json::from_str(&serde_json::to_string_pretty(&recorded).unwrap()).expect("a cassette");
    assert_eq!(reread, recorded);

    // Replayed with today's key, recorded or rotated: the same envelope, every exchange used.
    for key in [LIVE_KEY, ROTATED_KEY] {
        let replay = Arc::new(ReplayTransport::with_secrets(reread.clone(), &|n| (n == "API_KEY").then(|| key.to_owned())));
        let mut env = env_with_key(key);
        env.transport = Some(replay.clone());
        let replayed = toolkit.call(call.clone(), env).await.expect("ran");
        assert_eq!(replayed.envelope.json(), live.envelope.json(), "replayed with {key}");
        assert_eq!(replay.failures(), Vec::<String>::new());
        assert!(replay.remaining().is_empty());
    }

    // Without the secret's value the placeholder stays, and the request does not match.
    let replay = Arc::new(ReplayTransport::with_secrets(reread, &|_| None));
    let mut env = env_with_key(LIVE_KEY);
    env.transport = Some(replay.clone());
    let unmatched = toolkit.call(call, env).await.expect("ran");
    assert_eq!(unmatched.envelope.json()["ok"], Value::Bool(false));
    assert!(replay.failures()[0].contains("{{secret:API_KEY:form}}"), "{:?}", replay.failures());
}

/// Answers request `i` of `n` after `(n - i) × 40 ms`: parallel requests complete in the
/// reverse of the order they were sent.
struct ReversingTransport {
    sent: std::sync::atomic::AtomicU64,
    n: u64,
}

#[async_trait::async_trait]
impl trove_host_ops::egress::Transport for ReversingTransport {
    async fn send(&self, request: trove_host_ops::egress::HttpRequest) -> Result<trove_host_ops::egress::HttpResponse, trove_host_ops::egress::TransportError> {
        let i = self.sent.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        tokio::time::sleep(std::time::Duration::from_millis(40 * (self.n - i))).await;
        Ok(trove_host_ops::egress::HttpResponse {
            status: 200,
            status_text: "OK".into(),
            headers: Vec::new(),
            body: bytes::Bytes::from(request.url.to_string()),
            url: None,
        })
    }
}

#[tokio::test(flavor = "current_thread")]
async fn parallel_fetches_are_recorded_in_the_order_they_were_issued() {
    // A cassette replays in the order requests are issued; they were recorded in the order
    // they completed, so a `Promise.all` recording did not replay (review 17).
    let urls: Vec<String> = ["a", "b", "c", "d"].iter().map(|p| format!("https://api.trove.test/{p}")).collect();
    let mut toolkit = crate::load(&fixture("egress-probe")).await;
    let transport = Arc::new(ReversingTransport { sent: Default::default(), n: urls.len() as u64 });
    let mut env = CallEnv::new(transport);
    env.record_exchanges = true;
    let outcome = toolkit.call(&ToolCall::new("parallel", json!({ "urls": urls }), "u"), env).await;
    assert!(outcome.is_ok(), "{}", outcome.envelope);
    let recorded: Vec<&str> = outcome.record.exchanges.iter().map(|e| e.request.url.as_str()).collect();
    assert_eq!(recorded, urls, "issue order");
    // And the recording replays.
    let replay = Arc::new(ReplayTransport::new(outcome.record.exchanges.clone()));
    let again = toolkit.call(&ToolCall::new("parallel", json!({ "urls": urls }), "u"), CallEnv::new(replay.clone())).await;
    assert_eq!(again.envelope, outcome.envelope);
    assert!(replay.failures().is_empty() && replay.remaining().is_empty(), "{:?}", replay.failures());
}

/// Review 22: a body that is not UTF-8 was recorded with `from_utf8_lossy`, so an image came
/// back from its cassette as other bytes. Recorded through the real TLS upstream, it is now
/// written as `bodyBase64` and replays byte for byte, request and response.
#[tokio::test(flavor = "current_thread")]
async fn a_binary_body_is_recorded_and_replayed_byte_for_byte() {
    use base64::Engine as _;
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
    let server = match super::tls_upstream::CassetteServer::start(&["img.recorder.test"]).await {
        Ok(server) => server,
        Err(reason) => return trove_host_tests::missing_prerequisite(&reason),
    };
    let image: &[u8] = &[0x89, b'P', b'N', b'G', 0xff, 0xfe, 0x00, 0x80];
    let upload: &[u8] = &[0xff, 0xfe, 0x01];
    server.load(
        serde_json::from_value(json!([{
            "request": { "method": "POST", "url": "https://img.recorder.test/up", "bodyBase64": b64(upload) },
            "response": { "status": 200, "headers": { "content-type": "image/png" }, "bodyBase64": b64(image) }
        }]))
        .expect("script"),
    );
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'bytes', name: 'B', description: 'B.', icon: '🖼', version: '1.0.0',\n\
          egress: ['img.recorder.test'],\n\
          tools: [tool({ name: 'up', description: 'Up.', input: z.object({}), handler: async (_a, ctx) => {\n\
            const res = await ctx.fetch('https://img.recorder.test/up', { method: 'POST', body: new Uint8Array([0xff, 0xfe, 0x01]) });\n\
            return Array.from(new Uint8Array(await res.arrayBuffer())).join(','); } })] });\n";
    let dir = crate::scratch_toolkit("record-binary", &[("extension.ts", source)]);
    let host = Host::new(HostConfig { network: server.network_options(), ..HostConfig::default() }).expect("host");
    let toolkit = host.load(&dir, LoadOptions::default()).await.expect("loads");
    let call = ToolCall::new("up", json!({}), "u1");

    let mut env = CallEnv::default();
    env.record_exchanges = true;
    let live = toolkit.call(call.clone(), env).await.expect("ran");
    assert_eq!(live.envelope.json(), json!({ "ok": true, "result": { "text": "137,80,78,71,255,254,0,128" } }));
    assert_eq!(server.finish(), (Vec::new(), 0), "the upload reached the upstream byte for byte");

    let recorded = cassette::scrub(live.record.exchanges.clone(), &toolkit.redactor());
    let text = serde_json::to_string_pretty(&recorded).expect("JSON");
    assert!(text.contains(&format!("\"bodyBase64\": \"{}\"", b64(image))), "{text}");
    assert!(text.contains(&format!("\"bodyBase64\": \"{}\"", b64(upload))), "{text}");
    let reread: Vec<Exchange> = serde_json::from_str(&text).expect("a cassette");
    let replay = Arc::new(ReplayTransport::new(reread));
    let env = CallEnv { transport: Some(replay.clone()), ..CallEnv::default() };
    let replayed = toolkit.call(call, env).await.expect("ran");
    assert_eq!(replayed.envelope.json(), live.envelope.json());
    assert_eq!(replay.failures(), Vec::<String>::new());
}

#[tokio::test(flavor = "current_thread")]
async fn a_redirected_request_replays_with_its_final_url() {
    let server = match super::tls_upstream::CassetteServer::start(&["hop.recorder.test"]).await {
        Ok(server) => server,
        Err(reason) => return trove_host_tests::missing_prerequisite(&reason),
    };
    let final_url = format!("https://hop.recorder.test/final?key={LIVE_KEY}");
    server.load(
        serde_json::from_value(json!([
            { "request": { "method": "GET", "url": "https://hop.recorder.test/start" },
              "response": { "status": 302, "headers": { "location": format!("/final?key={LIVE_KEY}") } } },
            { "request": { "method": "GET", "url": final_url },
              "response": { "status": 200, "headers": { "content-type": "text/plain" }, "body": "landed" } }
        ]))
        .expect("script"),
    );
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'recorder', name: 'H', description: 'H.', icon: '↪', version: '1.0.0',\n\
          egress: ['hop.recorder.test'], secrets: ['API_KEY'],\n\
          tools: [tool({ name: 'go', description: 'Go.', input: z.object({}), handler: async (_a, ctx) => {\n\
            await ctx.requireSecret('API_KEY');\n\
            const res = await ctx.fetch('https://hop.recorder.test/start');\n\
            return { text: 'ok', structured: { url: res.url, redirected: res.redirected, body: await res.text() } }; } })] });\n";
    let dir = crate::scratch_toolkit("record-redirect", &[("extension.ts", source)]);
    let host = Host::new(HostConfig { network: server.network_options(), ..HostConfig::default() }).expect("host");
    let toolkit = host.load(&dir, LoadOptions::default()).await.expect("loads");
    let call = ToolCall::new("go", json!({}), "u1");

    let mut env = env_with_key(LIVE_KEY);
    env.record_exchanges = true;
    let live = toolkit.call(call.clone(), env).await.expect("ran");
    let seen = json!({ "url": final_url, "redirected": true, "body": "landed" });
    assert_eq!(live.envelope.json()["result"]["structured"], seen, "{}", live.envelope);
    assert_eq!(server.finish(), (Vec::new(), 0), "both hops reached the upstream");

    // One exchange for the one `ctx.fetch`, its final URL recorded without the key.
    let recorded = cassette::scrub(live.record.exchanges.clone(), &toolkit.redactor());
    let text = serde_json::to_string(&recorded).expect("JSON");
    assert!(!text.contains(LIVE_KEY), "{text}");
    assert!(text.contains("\"url\":\"https://hop.recorder.test/final?key={{secret:API_KEY"), "{text}");
    let reread: Vec<Exchange> = serde_json::from_str(&text).expect("a cassette");
    assert_eq!(reread.len(), 1, "{text}");

    let env = env_with_key(LIVE_KEY);
    let replay = Arc::new(ReplayTransport::new(cassette::expand(reread, &|_| Some(LIVE_KEY.to_owned()))));
    let env = CallEnv { transport: Some(replay.clone()), ..env };
    let replayed = toolkit.call(call, env).await.expect("ran");
    assert_eq!(replayed.envelope.json(), live.envelope.json());
    assert_eq!(replay.failures(), Vec::<String>::new());
}
