//! MCP over streamable HTTP, with the server in this process: its calls' egress reaches a
//! real TLS upstream on loopback through the test-only resolver (every other egress rule in
//! force), which the `trove-host` binary never can.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use reqwest::header::{ACCEPT, CONTENT_TYPE, HOST, ORIGIN};
use serde_json::{json, Value};
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall, ToolkitHandle};
use trove_host_server::mcp::{McpHttpOptions, McpOptions, McpServer, RunningMcpHttp};
use trove_host_server::ServeError;

use crate::mcp::probe::{assert_the_cancellation_closed_the_upstream, cancellation_steps, probe_server, SilentUpstream};
use crate::{
    assert_standard_answers, assert_tools_match, conformance_toolkits, drive_async, example_toolkits, fixture, listed,
    only_session, standard_steps, PROBE_TOKEN,
};

/// The probe served over HTTP with `options`, its egress reaching `upstream` (if any).
async fn serve_probe(options: McpHttpOptions, upstream: Option<&SilentUpstream>) -> (McpServer, RunningMcpHttp) {
    serve_probe_with(options, McpOptions::default(), upstream).await
}

async fn serve_probe_with(options: McpHttpOptions, mcp: McpOptions, upstream: Option<&SilentUpstream>) -> (McpServer, RunningMcpHttp) {
    let server = probe_server(mcp, upstream.map(|u| u.cert_pem.clone())).await;
    let running = server.start_http(McpHttpOptions { listen: "127.0.0.1:0".parse().unwrap(), ..options }).await.expect("listen");
    (server, running)
}

fn http(running: &RunningMcpHttp, headers: Value) -> Value {
    json!({ "kind": "http", "url": running.url(), "headers": headers })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_answer_over_http() {
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    // Log notifications travel on the session's own event stream (rmcp sends every notification
    // but progress there), not with the call's answer: give them a moment before the client ends.
    let mut steps = standard_steps();
    steps.as_array_mut().expect("steps").push(json!({ "op": "sleep", "ms": 300 }));
    let out = drive_async(json!({ "transport": http(&running, json!({})), "logLevel": "debug", "steps": steps })).await;
    let session = only_session(&out);
    assert_standard_answers(session);
    // A session of the spec's 2025-11-25 revision, identified by Mcp-Session-Id.
    assert_eq!(session["connect"]["protocolVersion"], json!("2025-11-25"), "{session}");
    assert!(session["connect"]["sessionId"].as_str().is_some_and(|id| !id.is_empty()), "{session}");
    running.shutdown().await;
}

/// `tools/list` over HTTP of `toolkits` served in this process, against each toolkit's
/// `trove-host list`.
async fn assert_http_lists_match(toolkits: Vec<std::path::PathBuf>) {
    let expected = tokio::task::spawn_blocking({
        let toolkits = toolkits.clone();
        move || listed(&toolkits)
    })
    .await
    .expect("trove-host list");
    let host = Host::new(HostConfig::default()).expect("host");
    let env = |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> { Ok(CallEnv::default()) };
    let server = McpServer::load(&host, toolkits, &LoadOptions::default(), Arc::new(env), McpOptions::default()).await.expect("load");
    let running = server.start_http(McpHttpOptions { listen: "127.0.0.1:0".parse().unwrap(), ..McpHttpOptions::default() }).await.expect("listen");
    let out = drive_async(json!({ "transport": http(&running, json!({})), "steps": [{ "op": "list" }] })).await;
    assert_tools_match(&only_session(&out)["results"][0]["result"]["tools"], &expected);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_list_over_http_is_each_toolkits_list() {
    let mut toolkits = example_toolkits();
    toolkits.push(fixture("mcp-probe"));
    assert_http_lists_match(toolkits).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_conformance_toolkits_list_over_http_as_they_do_with_list() {
    match conformance_toolkits() {
        Ok(toolkits) => assert_http_lists_match(toolkits).await,
        Err(reason) => trove_host_tests::missing_prerequisite(&reason),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_call_closes_its_upstream_connection() {
    let upstream = SilentUpstream::start().await;
    let (server, running) = serve_probe(McpHttpOptions::default(), Some(&upstream)).await;
    let out = drive_async(json!({ "transport": http(&running, json!({})), "steps": cancellation_steps(&upstream) })).await;
    assert_the_cancellation_closed_the_upstream(only_session(&out), &upstream).await;
    assert_eq!(server.toolkits()[0].stats().calls, 2, "{:?}", server.toolkits()[0].stats());
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_and_a_local_one_accepted() {
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let steps = json!([{ "op": "call", "name": "echo", "arguments": { "session": 0, "i": 0 } }]);
    let foreign = drive_async(json!({ "transport": http(&running, json!({ "Origin": "http://evil.example" })), "steps": steps })).await;
    let connect = &foreign["sessions"][0]["connect"];
    assert_eq!(connect["ok"], json!(false), "{foreign}");
    assert_eq!(connect["error"]["code"], json!(403), "{foreign}");
    let local = drive_async(json!({ "transport": http(&running, json!({ "Origin": "http://localhost:6274" })), "steps": steps })).await;
    assert_eq!(only_session(&local)["results"][0]["result"]["content"][0]["text"], json!("local-user:0:0"));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_allowed_origin_may_be_added() {
    let options = McpHttpOptions { allowed_origins: vec!["https://app.example:443".into()], ..McpHttpOptions::default() };
    let (_server, running) = serve_probe(options, None).await;
    let allowed = drive_async(json!({ "transport": http(&running, json!({ "Origin": "https://app.example" })), "steps": [] })).await;
    only_session(&allowed);
    let other_port = drive_async(json!({ "transport": http(&running, json!({ "Origin": "https://app.example:8443" })), "steps": [] })).await;
    assert_eq!(other_port["sessions"][0]["connect"]["error"]["code"], json!(403), "{other_port}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bearer_token_is_required() {
    const TOKEN: &str = "mcp-test-token-5b1d0c";
    let options = McpHttpOptions { bearer_token: Some(TOKEN.into()), ..McpHttpOptions::default() };
    let (_server, running) = serve_probe(options, None).await;
    let steps = json!([{ "op": "call", "name": "echo", "arguments": { "session": 0, "i": 1 } }]);
    for headers in [
        json!({}),
        json!({ "Authorization": "Bearer wrong-token" }),
        json!({ "Authorization": TOKEN }),
        json!({ "Authorization": format!("Bearer {}", &TOKEN[..TOKEN.len() - 1]) }),
        json!({ "Authorization": format!("Basic {TOKEN}") }),
    ] {
        let out = drive_async(json!({ "transport": http(&running, headers.clone()), "steps": steps })).await;
        let connect = &out["sessions"][0]["connect"];
        assert_eq!(connect["ok"], json!(false), "{headers}: {out}");
        assert_eq!(connect["error"]["code"], json!(401), "{headers}: {out}");
    }
    // The scheme is case-insensitive (RFC 7235).
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let out = drive_async(json!({ "transport": http(&running, json!({ "Authorization": format!("{scheme} {TOKEN}") })), "steps": steps })).await;
        assert_eq!(only_session(&out)["results"][0]["result"]["content"][0]["text"], json!("local-user:0:1"), "{scheme}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_sessions_of_twenty_calls_each_get_their_own_answers() {
    let (server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let out = drive_async(json!({
        "transport": http(&running, json!({})),
        "sessions": 50,
        "steps": [{ "op": "call", "name": "echo", "argsFn": "({ session, i }) => ({ session, i })", "repeat": 20 }]
    }))
    .await;
    let sessions = out["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 50);
    let mut ids = std::collections::BTreeSet::new();
    let mut crossed = 0;
    for (s, session) in sessions.iter().enumerate() {
        assert_eq!(session["connect"]["ok"], json!(true), "session {s}: {session}");
        ids.insert(session["connect"]["sessionId"].as_str().expect("a session id").to_owned());
        let results = session["results"].as_array().expect("results");
        assert_eq!(results.len(), 20, "session {s}");
        for (i, r) in results.iter().enumerate() {
            if r["result"]["content"][0]["text"] != json!(format!("local-user:{s}:{i}")) {
                crossed += 1;
                eprintln!("session {s} call {i} got {r}");
            }
        }
    }
    assert_eq!(ids.len(), 50, "every client has its own session");
    assert_eq!(crossed, 0, "answers crossed between sessions");
    assert_eq!(server.toolkits()[0].stats().calls, 1000);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_address_without_a_token_is_refused() {
    let host = Host::new(HostConfig::default()).expect("host");
    let env = |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> { Ok(CallEnv::default()) };
    let server = McpServer::load(&host, vec![fixture("mcp-probe")], &LoadOptions::default(), Arc::new(env), McpOptions::default())
        .await
        .expect("the probe loads");
    let refused = server.start_http(McpHttpOptions { listen: "0.0.0.0:0".parse().unwrap(), ..McpHttpOptions::default() }).await;
    assert!(matches!(refused, Err(ServeError::PublicWithoutToken { .. })), "{:?}", refused.err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_a_call_in_flight_finish_within_the_grace_period() {
    let options = McpHttpOptions { grace: Duration::from_secs(10), ..McpHttpOptions::default() };
    let (server, running) = serve_probe(options, None).await;
    let client = tokio::spawn(drive_async(json!({
        "transport": http(&running, json!({})),
        "steps": [{ "op": "call", "name": "sleep", "arguments": { "ms": 1500 } }]
    })));
    let started = Instant::now();
    while server.in_flight_calls() == 0 {
        assert!(started.elapsed() < Duration::from_secs(20), "the call never started");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let outcome = running.shutdown().await;
    assert_eq!(outcome, trove_host_server::Shutdown::Drained);
    let out = client.await.expect("the client");
    assert_eq!(out["sessions"][0]["results"][0]["result"]["content"][0]["text"], json!("slept 1500 ms"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_still_running_when_the_grace_period_ends_is_answered_retryable() {
    // Before, its stream closed without an answer and the client waited for its own timeout
    // (review 15); `serve` answers such a call 503. With no grace at all, shutdown counted 0
    // calls in flight for the call it stopped (review 16).
    for grace in [Duration::from_millis(300), Duration::ZERO] {
        let options = McpHttpOptions { grace, ..McpHttpOptions::default() };
        let (server, running) = serve_probe(options, None).await;
        let client = tokio::spawn(drive_async(json!({
            "transport": http(&running, json!({})),
            "steps": [{ "op": "call", "name": "sleep", "arguments": { "ms": 20000 }, "timeoutMs": 15000 }]
        })));
        let started = Instant::now();
        while server.in_flight_calls() == 0 {
            assert!(started.elapsed() < Duration::from_secs(20), "the call never started");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let stopping = Instant::now();
        assert_eq!(running.shutdown().await, trove_host_server::Shutdown::Forced { in_flight: 1 }, "grace {grace:?}");
        assert!(stopping.elapsed() < Duration::from_secs(5), "shutdown took {:?}", stopping.elapsed());
        let out = client.await.expect("the client");
        let result = &out["sessions"][0]["results"][0];
        assert_eq!(result["result"]["isError"], json!(true), "{out}");
        assert_eq!(result["result"]["content"][0]["text"], json!(trove_host_server::wire::STOPPED_MESSAGE), "{out}");
        assert_eq!(result["result"]["_meta"]["dev.ontrove/retryable"], json!(true), "{out}");
        assert!(result["ms"].as_f64().unwrap() < 10_000.0, "answered at once, not at the client's timeout: {out}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_over_the_limit_becomes_an_error_result() {
    let mcp = McpOptions { max_result_bytes: 1000, ..McpOptions::default() };
    let (_server, running) = serve_probe_with(McpHttpOptions::default(), mcp, None).await;
    let out = drive_async(json!({
        "transport": http(&running, json!({})),
        "steps": [
            { "op": "call", "name": "big", "arguments": { "bytes": 1000 } },
            { "op": "call", "name": "big", "arguments": { "bytes": 1001 } }
        ]
    }))
    .await;
    let session = only_session(&out);
    assert_eq!(session["results"][0]["result"]["content"][0]["text"].as_str().map(str::len), Some(1000));
    let refused = &session["results"][1]["result"];
    assert_eq!(refused["isError"], json!(true), "{refused}");
    assert_eq!(refused["content"], json!([{ "type": "text", "text": "tool result too large (1001 bytes; the limit is 1000)" }]));
    assert_eq!(refused["_meta"]["dev.ontrove/code"], json!("TOOL_ERROR"));
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_beyond_the_limit_are_refused() {
    let (_server, running) = serve_probe(McpHttpOptions { max_sessions: 2, ..McpHttpOptions::default() }, None).await;
    let out = drive_async(json!({
        "transport": http(&running, json!({})),
        "sessions": 3,
        "steps": [{ "op": "sleep", "ms": 1500 }]
    }))
    .await;
    let connects: Vec<&Value> = out["sessions"].as_array().expect("sessions").iter().map(|s| &s["connect"]).collect();
    assert_eq!(connects.iter().filter(|c| c["ok"] == json!(true)).count(), 2, "{out}");
    let refused: Vec<&&Value> = connects.iter().filter(|c| c["ok"] == json!(false)).collect();
    assert_eq!(refused.len(), 1, "{out}");
    assert_eq!(refused[0]["error"]["code"], json!(503), "{out}");
    // Ended sessions make room again.
    let again = drive_async(json!({ "transport": http(&running, json!({})), "steps": [] })).await;
    only_session(&again);
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_before_the_token_and_the_session_limit() {
    const TOKEN: &str = "mcp-test-token-order-1";
    let options = McpHttpOptions { bearer_token: Some(TOKEN.into()), max_sessions: 0, ..McpHttpOptions::default() };
    let (_server, running) = serve_probe(options, None).await;
    let code = |headers: Value| {
        let transport = http(&running, headers);
        async move {
            let out = drive_async(json!({ "transport": transport, "steps": [] })).await;
            assert_eq!(out["sessions"][0]["connect"]["ok"], json!(false), "{out}");
            out["sessions"][0]["connect"]["error"]["code"].clone()
        }
    };
    let bearer = format!("Bearer {TOKEN}");
    // A foreign page learns nothing about the token or the sessions: 403 before either.
    assert_eq!(code(json!({ "Origin": "http://evil.example" })).await, json!(403));
    assert_eq!(code(json!({ "Origin": "http://evil.example", "Authorization": bearer })).await, json!(403));
    // Without it, the token is checked next, then the session limit.
    assert_eq!(code(json!({})).await, json!(401));
    assert_eq!(code(json!({ "Authorization": bearer })).await, json!(503));
    running.shutdown().await;
}

/// A raw request to the endpoint, without an MCP client (which cannot send a foreign `Host`,
/// nor change its headers within a session).
struct Raw {
    client: reqwest::Client,
    url: String,
}

impl Raw {
    fn new(running: &RunningMcpHttp) -> Self {
        Self { client: reqwest::Client::new(), url: running.url() }
    }

    fn request(&self, method: reqwest::Method, session: Option<&str>, headers: &[(reqwest::header::HeaderName, &str)]) -> reqwest::RequestBuilder {
        let mut request = self
            .client
            .request(method, &self.url)
            .header(ACCEPT, "application/json, text/event-stream")
            .header(CONTENT_TYPE, "application/json")
            .header("mcp-protocol-version", "2025-11-25");
        if let Some(id) = session {
            request = request.header("mcp-session-id", id);
        }
        for (name, value) in headers {
            request = request.header(name.clone(), *value);
        }
        request
    }

    async fn post(&self, session: Option<&str>, headers: &[(reqwest::header::HeaderName, &str)], message: Value) -> reqwest::Response {
        self.request(reqwest::Method::POST, session, headers).body(message.to_string()).send().await.expect("POST")
    }

    /// `initialize` and `notifications/initialized`: an open session's id.
    async fn open_session(&self) -> String {
        let init = json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": { "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": { "name": "raw", "version": "1" } }
        });
        let response = self.post(None, &[], init).await;
        assert_eq!(response.status(), 200);
        let id = response.headers().get("mcp-session-id").expect("a session id").to_str().expect("ASCII").to_owned();
        let _ = response.text().await;
        let initialized = self.post(Some(&id), &[], json!({ "jsonrpc": "2.0", "method": "notifications/initialized" })).await;
        assert_eq!(initialized.status(), 202);
        id
    }
}

fn list_tools(id: u64) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": "tools/list" })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_is_refused() {
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let raw = Raw::new(&running);
    let init = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": { "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": { "name": "raw", "version": "1" } }
    });
    // A page on evil.example whose name now resolves to 127.0.0.1 (DNS rebinding) sends its own name.
    let port = running.local_addr().port().to_string();
    for host in ["evil.example".to_owned(), format!("evil.example:{port}"), format!("127.0.0.1.nip.io:{port}")] {
        let response = raw.post(None, &[(HOST, host.as_str())], init.clone()).await;
        assert_eq!(response.status(), 403, "Host {host}");
    }
    // Not Host values at all: a port out of range or not a number, user info.
    for host in [format!("localhost:{port}0000"), "localhost:abc".to_owned(), format!("evil.example@127.0.0.1:{port}")] {
        let response = raw.post(None, &[(HOST, host.as_str())], init.clone()).await;
        assert_eq!(response.status(), 403, "Host {host}");
    }
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let response = raw.post(None, &[(HOST, host.as_str())], init.clone()).await;
        assert_eq!(response.status(), 200, "Host {host}");
    }
    // The endpoint is /mcp itself, not a folder of them.
    for path in ["/mcp/", "/mcp/x"] {
        let url = format!("http://{}{path}", running.local_addr());
        let response = reqwest::Client::new()
            .post(&url)
            .header(reqwest::header::ACCEPT, "application/json, text/event-stream")
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(init.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404, "{path}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_is_refused_on_every_request_of_a_session() {
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let raw = Raw::new(&running);
    let id = raw.open_session().await;
    let foreign = [(ORIGIN, "http://evil.example")];

    let post = raw.post(Some(&id), &foreign, list_tools(2)).await.status();
    let get = raw.request(reqwest::Method::GET, Some(&id), &foreign).header(ACCEPT, "text/event-stream").send().await.expect("GET").status();
    let delete = raw.request(reqwest::Method::DELETE, Some(&id), &foreign).send().await.expect("DELETE").status();
    assert_eq!([post.as_u16(), get.as_u16(), delete.as_u16()], [403, 403, 403], "a later POST, GET, DELETE");

    // The session was open all along, and the refused DELETE did not end it.
    let post = raw.post(Some(&id), &[], list_tools(3)).await;
    assert_eq!(post.status(), 200);
    assert!(post.text().await.expect("the answer").contains("\"echo\""), "tools/list answered");
    let delete = raw.request(reqwest::Method::DELETE, Some(&id), &[(ORIGIN, "http://localhost:6274")]).send().await.expect("DELETE");
    assert!(delete.status().is_success(), "{}", delete.status());
    running.shutdown().await;
}

/// Every error line the test binary logs (for the one test that reads them).
fn error_logs() -> &'static Mutex<Vec<u8>> {
    static LOGS: OnceLock<Mutex<Vec<u8>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        struct Capture;
        impl std::io::Write for Capture {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                error_logs().lock().expect("logs").extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let subscriber = tracing_subscriber::fmt().with_writer(|| Capture).with_ansi(false).with_max_level(tracing::Level::ERROR).finish();
        tracing::subscriber::set_global_default(subscriber).expect("one global subscriber");
        Mutex::default()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_provider_failure_is_logged_with_secrets_redacted() {
    let logs = error_logs();
    // The providers give `secret_log` its secret, and fail `echo` with a reason that quotes it.
    let mut secrets = trove_host::MemorySecrets::new();
    secrets.set("mcp-probe", "PROBE_TOKEN", Some(PROBE_TOKEN.to_owned()));
    let secrets = Arc::new(secrets);
    let env = move |_: &ToolkitHandle, call: &ToolCall| -> Result<CallEnv, String> {
        if call.tool == "echo" {
            return Err(format!("the keyring refused a token starting {PROBE_TOKEN}"));
        }
        let mut env = CallEnv::default();
        env.secrets = secrets.clone();
        Ok(env)
    };
    let host = Host::new(HostConfig::default()).expect("host");
    let server = McpServer::load(&host, vec![fixture("mcp-probe")], &LoadOptions::default(), Arc::new(env), McpOptions::default())
        .await
        .expect("the probe loads");
    let running = server.start_http(McpHttpOptions { listen: "127.0.0.1:0".parse().unwrap(), ..McpHttpOptions::default() }).await.expect("listen");
    let out = drive_async(json!({
        "transport": http(&running, json!({})),
        "steps": [
            { "op": "call", "name": "secret_log", "arguments": {} },
            { "op": "call", "name": "echo", "arguments": { "session": 0, "i": 0 } }
        ]
    }))
    .await;
    let session = only_session(&out);
    assert_eq!(session["results"][1]["result"]["content"], json!([{ "type": "text", "text": "tool failed" }]), "{session}");
    running.shutdown().await;
    let logged = String::from_utf8_lossy(&logs.lock().expect("logs")).into_owned();
    let line = logged.lines().find(|l| l.contains("no providers for the call")).unwrap_or_else(|| panic!("not logged:\n{logged}"));
    assert!(line.contains("the keyring refused a token starting [redacted]"), "{line}");
    assert!(!logged.contains(PROBE_TOKEN), "the secret reached the log:\n{logged}");
}

/// A client that sends an `initialize` body slowly (a laptop asleep mid-request) holds only its
/// own connection: another client opens a session meanwhile (review 48: the session lock was
/// taken before the body was read, and held until the stalled client went away).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_initialize_does_not_keep_others_out() {
    use tokio::io::AsyncWriteExt as _;
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let addr = running.url().trim_start_matches("http://").split('/').next().expect("authority").to_owned();
    let mut stalled = tokio::net::TcpStream::connect(&addr).await.expect("connect");
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\naccept: application/json, text/event-stream\r\ncontent-type: application/json\r\n\
         mcp-protocol-version: 2025-11-25\r\ncontent-length: 200\r\n\r\n{{\"jsonrpc\""
    );
    stalled.write_all(head.as_bytes()).await.expect("send the start");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let raw = Raw::new(&running);
    let opened = tokio::time::timeout(Duration::from_secs(10), raw.open_session()).await;
    assert!(opened.is_ok(), "a second client could not open a session while the first one's body was stalled");
    drop(stalled);
    running.shutdown().await;
}

/// The bodies being received share `serve`'s budget (`BODY_BUDGET_BYTES`, 64 MiB): clients that
/// declare 4 MiB bodies (rmcp's limit) and send nothing hold all of it, so the next client waits
/// until they go away, then opens its session (review 58: each POST held up to 4 MiB for the
/// body timeout with nothing bounding the sum; 150 stalled clients held 641 MiB).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_hold_at_most_the_body_budget() {
    use std::io::Write as _;
    let (_server, running) = serve_probe(McpHttpOptions::default(), None).await;
    let addr = running.url().trim_start_matches("http://").split('/').next().expect("authority").to_owned();
    let body = 4 * 1024 * 1024;
    let stalled: Vec<std::net::TcpStream> = (0..trove_host_server::BODY_BUDGET_BYTES / body)
        .map(|_| {
            let mut stream = std::net::TcpStream::connect(&addr).expect("connect");
            let head = format!(
                "POST /mcp HTTP/1.1\r\nhost: {addr}\r\naccept: application/json, text/event-stream\r\ncontent-type: application/json\r\n\
                 mcp-protocol-version: 2025-11-25\r\ncontent-length: {body}\r\n\r\n"
            );
            stream.write_all(head.as_bytes()).expect("send the head");
            stream
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let waiting = {
        let raw = Raw::new(&running);
        tokio::spawn(async move { raw.open_session().await })
    };
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!waiting.is_finished(), "a session opened while the stalled bodies held the whole budget");
    drop(stalled);
    tokio::time::timeout(Duration::from_secs(10), waiting).await.expect("opened once the stalled clients went away").expect("the session");
    running.shutdown().await;
}

/// Answers come out of an answer budget, as `serve`'s do (review 59: 60 unread 7.9 MiB answers
/// held 530 MiB until the write timeout). With 12 MiB, a client that reads none of its 7 MiB
/// result holds 7; another 7 MiB result finds no room and its connection is closed before the
/// result is whole, while a small answer still goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unread_answers_hold_at_most_the_answer_budget() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mib = 1024 * 1024;
    let (_server, running) = serve_probe(McpHttpOptions { answer_budget_bytes: 12 * mib, ..McpHttpOptions::default() }, None).await;
    let raw = Raw::new(&running);
    let session = raw.open_session().await;
    let big = |id: u64| json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": { "name": "big", "arguments": { "bytes": 7 * mib } } });
    let addr = running.url().trim_start_matches("http://").split('/').next().expect("authority").to_owned();
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("receive buffer");
    let mut unread = socket.connect(addr.parse().expect("address")).await.expect("connect");
    let body = big(2).to_string();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\naccept: application/json, text/event-stream\r\ncontent-type: application/json\r\n\
         mcp-protocol-version: 2025-11-25\r\nmcp-session-id: {session}\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    unread.write_all(head.as_bytes()).await.expect("send the head");
    unread.write_all(body.as_bytes()).await.expect("send the call");
    // Read until the result has begun (its text is all `x`), then stop reading.
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    while !seen.windows(64).any(|w| w.iter().all(|&b| b == b'x')) {
        let n = tokio::time::timeout(Duration::from_secs(30), unread.read(&mut chunk)).await.expect("the result").expect("read");
        assert!(n > 0, "closed before the result: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&chunk[..n]);
    }
    let cut = raw.post(Some(&session), &[], big(3)).await.bytes().await;
    let cut_short = match &cut {
        Ok(bytes) => bytes.len() < 7 * mib,
        Err(_) => true,
    };
    assert!(cut_short, "a second 7 MiB result was sent whole while the unread one held the budget");
    let listed = raw.post(Some(&session), &[], list_tools(4)).await;
    assert_eq!(listed.status(), 200);
    assert!(listed.text().await.expect("the list").contains("\"big\""), "a small answer goes through");
    drop(unread);
    running.shutdown().await;
}

/// A POST inside a session whose body stops arriving is answered 408 once `body_timeout` has
/// passed, and shutdown then has nothing to wait for (review 48: rmcp read such bodies itself,
/// with no limit, and shutdown waited out its whole grace period for them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_body_in_a_session_times_out() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let options = McpHttpOptions { body_timeout: Duration::from_millis(400), grace: Duration::from_secs(20), ..McpHttpOptions::default() };
    let (_server, running) = serve_probe(options, None).await;
    let session = Raw::new(&running).open_session().await;
    let addr = running.url().trim_start_matches("http://").split('/').next().expect("authority").to_owned();
    let mut stalled = tokio::net::TcpStream::connect(&addr).await.expect("connect");
    let head = format!(
        "POST /mcp HTTP/1.1\r\nhost: {addr}\r\naccept: application/json, text/event-stream\r\ncontent-type: application/json\r\n\
         mcp-protocol-version: 2025-11-25\r\nmcp-session-id: {session}\r\ncontent-length: 200\r\n\r\n{{\"jsonrpc\""
    );
    stalled.write_all(head.as_bytes()).await.expect("send the start");
    let mut answer = vec![0; 512];
    let read = tokio::time::timeout(Duration::from_secs(10), stalled.read(&mut answer)).await.expect("answered").expect("read");
    let answer = String::from_utf8_lossy(&answer[..read]).into_owned();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let started = std::time::Instant::now();
    running.shutdown().await;
    assert!(started.elapsed() < Duration::from_secs(10), "shutdown waited {:?}", started.elapsed());
}
