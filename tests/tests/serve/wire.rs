//! The Trove wire (contract §4) over HTTP: every conformance case answered over the wire exactly
//! as the parity runner's direct call answers it, every tool list as its golden, and the
//! wire's own answers (bad JSON, 405, 413, 404, a failing `EnvSource`) as full envelopes.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use trove_host::cases::{case_call, case_replay, compare, run_case, scripted_env, with_matchers, Case};
use trove_host::{CallEnv, LoadOptions, PoolConfig, ReplayTransport, ToolCall, Toolkit, ToolkitHandle};
use trove_host_ops::trove::ScriptedTrove;
use trove_host_server::{EnvSource, ServeOptions};

use crate::{client, exclusive, fixture, get, init_logs, local, logs, no_egress, post, repo_root, send, start, url};

/// Hands out the scripted environment of the next case, in order.
#[derive(Default)]
struct Scripted {
    queue: Mutex<VecDeque<CallEnv>>,
}

impl EnvSource for Scripted {
    fn env(&self, _toolkit: &ToolkitHandle, _call: &ToolCall) -> Result<CallEnv, String> {
        self.queue.lock().unwrap().pop_front().ok_or_else(|| "no scripted environment left".to_owned())
    }
}

/// Where the conformance corpus is (it may be absent).
fn corpus() -> PathBuf {
    std::env::var_os("TROVE_CONFORMANCE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/conformance"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_conformance_case_answers_over_the_wire_as_directly() {
    let _alone = exclusive().await;
    init_logs();
    let corpus = corpus();
    if !corpus.join("cases").is_dir() {
        return trove_host_tests::missing_prerequisite(&format!("no conformance corpus at {} (set TROVE_CONFORMANCE_CORPUS)", corpus.display()));
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let http = client();
    let mut failures: Vec<String> = Vec::new();
    let mut direct_notes: Vec<String> = Vec::new();
    let mut cases_run = 0;
    for file in files {
        let id = file.file_stem().unwrap().to_str().unwrap().to_owned();
        let cases: Vec<Case> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let dir = corpus.join("toolkits").join(&id);

        // What the parity runner gets, on a directly loaded instance. On a thread of its own with
        // a current-thread runtime, as the runner runs it: deno_core spawns its op driver's task
        // on the runtime that drives the isolate, and that task shares `Rc`s with the isolate's
        // thread, so a multi-thread runtime (this test's) could run it on another worker thread
        // (CI saw "RefCell already borrowed" in the op driver).
        let direct = {
            let (id, dir, cases) = (id.clone(), dir.clone(), cases.clone());
            std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async {
                    let mut toolkit = Toolkit::load(&dir).await.unwrap_or_else(|e| panic!("{id} did not load: {e}"));
                    let mut direct = Vec::new();
                    for case in &cases {
                        direct.push(run_case(&mut toolkit, case).await);
                    }
                    direct
                })
            })
            .join()
            .expect("the direct run")
        };
        for (case, (_, problems)) in cases.iter().zip(&direct) {
            if !problems.is_empty() {
                direct_notes.push(format!("{id}/{}: {}", case.name, problems.join("; ")));
            }
        }

        // The same over the wire: one instance, so module state carries over in order.
        let scripted = Arc::new(Scripted::default());
        let load = LoadOptions {
            pool: Some(PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() }),
            ..LoadOptions::default()
        };
        let running = start(vec![dir], load, scripted.clone(), local()).await;
        let at = url(&running, &id);

        let listed = get(&http, &at).await;
        assert_eq!(listed.status, 200, "GET {at}");
        let golden: Value =
            serde_json::from_str(&std::fs::read_to_string(corpus.join("golden").join(format!("{id}.tools.json"))).unwrap()).unwrap();
        let mut problems = Vec::new();
        compare("GET", &json!({ "tools": golden }), &listed.body, &mut problems);
        if !problems.is_empty() {
            failures.push(format!("{id} GET: {}", problems.join("; ")));
        }
        let at_root = get(&http, &url(&running, "/")).await;
        assert_eq!(at_root.body, listed.body, "one toolkit is also served at /");

        for (case, (direct_result, direct_problems)) in cases.iter().zip(&direct) {
            let call = case_call(case);
            let replay = Arc::new(case_replay(case));
            let trove = Arc::new(ScriptedTrove::new(case.trove.clone()));
            // The server asks for providers only for a call the runtime will run.
            if call["tool"].is_string() {
                let mut env = scripted_env(&id, &case.secrets, &case.now, replay.clone()).expect("scripted env");
                env.trove = Some(trove.clone());
                scripted.queue.lock().unwrap().push_back(env);
            }
            let reply = post(&http, &at, &call).await;
            let mut problems = Vec::new();
            if reply.status != 200 {
                problems.push(format!("status {}", reply.status));
            }
            let expected = with_matchers(&direct_result.envelope, case.host_expect.as_ref().unwrap_or(&case.expect));
            compare("envelope", &expected, &reply.body, &mut problems);
            // The scripted upstream and trove were used as in the direct run.
            let mut scripted_use: Vec<String> = replay.failures().into_iter().map(|f| format!("http: {f}")).collect();
            let left = replay.remaining();
            if !left.is_empty() && case.host_expect_requests.is_none() {
                scripted_use.push(format!(
                    "http: {} scripted exchange(s) never requested, first {} {}",
                    left.len(),
                    left[0].request.method,
                    left[0].request.url
                ));
            }
            scripted_use.extend(trove.failures().into_iter().map(|f| format!("trove: {f}")));
            if trove.remaining() > 0 {
                scripted_use.push(format!("trove: {} scripted answer(s) never used", trove.remaining()));
            }
            let direct_use: Vec<String> =
                direct_problems.iter().filter(|p| p.starts_with("http: ") || p.starts_with("trove: ")).cloned().collect();
            if scripted_use != direct_use {
                problems.push(format!("scripted exchanges: over the wire {scripted_use:?}, directly {direct_use:?}"));
            }
            if !problems.is_empty() {
                failures.push(format!("{id}/{}: {}", case.name, problems.join("; ")));
            }
            cases_run += 1;
        }
        assert!(scripted.queue.lock().unwrap().is_empty(), "{id}: a scripted environment was never asked for");
        running.shutdown().await;
    }
    if !direct_notes.is_empty() {
        eprintln!("NOTE: the direct parity run itself reported (not this test's concern):\n  {}", direct_notes.join("\n  "));
    }
    assert!(failures.is_empty(), "{} wire answer(s) differ from the direct ones:\n  {}", failures.len(), failures.join("\n  "));
    assert_eq!(cases_run, 120, "cases run (the corpus has exactly 120)");
}

fn failure(error: &str, code: &str) -> Value {
    json!({ "ok": false, "error": error, "retryable": false, "code": code })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wires_own_answers_are_contract_envelopes() {
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");

    let call = json!({ "tool": "echo", "args": { "n": 1, "tag": "t" }, "userId": "u1" });
    let ok = post(&http, &at, &call).await;
    assert_eq!((ok.status, &ok.body), (200, &json!({ "ok": true, "result": { "text": "u1:t:1", "structured": { "user": "u1", "args": { "n": 1, "tag": "t" } } } })));
    assert_eq!(ok.headers["content-type"], "application/json");
    assert_eq!(post(&http, &url(&running, "/"), &call).await.body, ok.body, "one toolkit is also served at /");

    // Malformed calls reach the runtime, which answers as the SDK does.
    for malformed in [json!([1, 2]), json!("echo"), json!(null), json!({ "tool": 7 }), json!({ "args": {} })] {
        let reply = post(&http, &at, &malformed).await;
        assert_eq!((reply.status, &reply.body), (200, &failure("malformed tool call", "BAD_REQUEST")), "{malformed}");
    }
    let unknown = post(&http, &at, &json!({ "tool": "nope", "args": {}, "userId": "u" })).await;
    assert_eq!((unknown.status, &unknown.body), (200, &failure("unknown tool \"nope\"", "UNKNOWN_TOOL")));
    let invalid = post(&http, &at, &json!({ "tool": "echo", "args": { "n": "x", "tag": "t" }, "userId": "u" })).await;
    assert_eq!(invalid.status, 200);
    assert_eq!(invalid.body["code"], "INVALID_PARAMS", "{}", invalid.body);

    // What never reaches the runtime.
    for bad in ["{", "", "not json", "{\"tool\":\"echo\",}"] {
        let reply = send(&http, reqwest::Method::POST, &at, Some(bad.to_owned())).await;
        assert_eq!((reply.status, &reply.body), (200, &failure("invalid JSON body", "BAD_REQUEST")), "{bad:?}");
    }
    for method in [reqwest::Method::PUT, reqwest::Method::DELETE, reqwest::Method::PATCH, reqwest::Method::OPTIONS] {
        let reply = send(&http, method.clone(), &at, Some("{}".into())).await;
        assert_eq!((reply.status, &reply.body), (405, &failure("method not allowed", "BAD_REQUEST")), "{method}");
        assert_eq!(reply.headers["allow"], "GET, POST");
    }
    let too_large = failure("request body exceeds 1048576 bytes", "BAD_REQUEST");
    let big = format!("{{\"tool\":\"echo\",\"args\":{{\"tag\":\"{}\"}}}}", "x".repeat(2 * 1024 * 1024));
    let reply = send(&http, reqwest::Method::POST, &at, Some(big.clone())).await;
    assert_eq!((reply.status, &reply.body), (413, &too_large), "2 MiB with a content-length");
    // The same without a content-length (chunked): refused once 1 MiB has arrived.
    let chunks = futures::stream::iter(big.into_bytes().chunks(64 * 1024).map(|c| Ok::<_, std::io::Error>(c.to_vec())).collect::<Vec<_>>());
    let response = http.post(&at).body(reqwest::Body::wrap_stream(chunks)).send().await.expect("chunked POST");
    assert_eq!(response.status().as_u16(), 413);
    assert_eq!(serde_json::from_str::<Value>(&response.text().await.unwrap()).unwrap(), too_large, "chunked 2 MiB");
    // Exactly the limit is fine (and is then just bad JSON).
    let reply = send(&http, reqwest::Method::POST, &at, Some(" ".repeat(1024 * 1024))).await;
    assert_eq!((reply.status, &reply.body), (200, &failure("invalid JSON body", "BAD_REQUEST")));

    // A base URL that ends in `/`: the same toolkit.
    let plain = post(&http, &at, &call).await;
    let slashed = post(&http, &url(&running, "echo/"), &call).await;
    assert_eq!((slashed.status, &slashed.body), (plain.status, &plain.body), "POST /echo/");
    assert_eq!(get(&http, &url(&running, "echo/")).await.body, get(&http, &at).await.body, "GET /echo/");
    // With one toolkit served, every path is its, as contract §4's wire (the SDK's fetch handler)
    // answers: not a served id's spelling, percent-encoded letters, two slashes (review 45,
    // R45-10). With several, such a path is a 404 (lifecycle.rs).
    let listed = get(&http, &at).await.body;
    for path in ["nope", "echo/tools", "Echo", "echo%2F", "%65cho", "echo//", "nope/", "api/v1/tools"] {
        let reply = post(&http, &url(&running, path), &call).await;
        assert_eq!((reply.status, &reply.body), (plain.status, &plain.body), "POST {path}");
        let listing = get(&http, &url(&running, path)).await;
        assert_eq!((listing.status, &listing.body), (200, &listed), "GET {path}");
    }
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_env_source_fails_only_that_call_and_logs_why() {
    let env: Arc<dyn EnvSource> = Arc::new(|_: &ToolkitHandle, call: &ToolCall| {
        if call.user_id == "denied" {
            Err("the provider store for user denied is unreachable".to_owned())
        } else {
            Ok(CallEnv::new(Arc::new(ReplayTransport::new(Vec::new()))))
        }
    });
    let running = start(vec![fixture("echo")], LoadOptions::default(), env, local()).await;
    let http = client();
    let at = url(&running, "echo");
    let denied = post(&http, &at, &json!({ "tool": "echo", "args": { "n": 1, "tag": "t" }, "userId": "denied" })).await;
    assert_eq!((denied.status, &denied.body), (200, &json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" })));
    let fine = post(&http, &at, &json!({ "tool": "echo", "args": { "n": 2, "tag": "t" }, "userId": "allowed" })).await;
    assert_eq!(fine.body["ok"], true, "{}", fine.body);
    assert!(
        logs().iter().any(|l| l.contains("trove::serve") && l.contains("the provider store for user denied is unreachable")),
        "the reason is logged"
    );
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_access_line_per_call_without_arguments() {
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let marker = "ARG-MARKER-5f1d";
    let reply = post(&http, &at, &json!({ "tool": "echo", "args": { "n": 7, "tag": marker }, "userId": "access-user-1" })).await;
    assert_eq!(reply.body["ok"], true);
    post(&http, &at, &json!({ "tool": "nope", "args": { "tag": marker }, "userId": "access-user-1" })).await;
    send(&http, reqwest::Method::POST, &at, Some(format!("{{\"{marker}\""))).await;

    let lines: Vec<String> = logs().into_iter().filter(|l| l.contains("trove::access")).collect();
    let mine: Vec<&String> = lines.iter().filter(|l| l.contains("user=\"access-user-1\"")).collect();
    assert_eq!(mine.len(), 2, "{mine:#?}");
    assert!(mine[0].contains("INFO"), "{}", mine[0]);
    for (line, tool, outcome) in [(mine[0], "echo", "ok"), (mine[1], "nope", "UNKNOWN_TOOL")] {
        for field in ["toolkit=\"echo\"".to_owned(), format!("tool=\"{tool}\""), format!("outcome={outcome}"), "status=200".to_owned(), "duration_ms=".to_owned()] {
            assert!(line.contains(&field), "{field} missing from {line}");
        }
    }
    assert!(
        lines.iter().any(|l| l.contains("outcome=BAD_REQUEST") && l.contains("tool=-") && l.contains("user=-")),
        "bad JSON is logged too"
    );
    let everything = logs().join("\n");
    assert!(!everything.contains(marker), "arguments and bodies are never logged");
    running.shutdown().await;
}

/// The access line is about the toolkit's calls like any other line: a secret value the call
/// resolved does not reach it through the user id (or the tool name) the caller sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_access_line_redacts_what_the_call_resolved() {
    const SECRET: &str = "acc3ss-S3CRET-7781";
    /// API_TOKEN for whichever namespace asks.
    struct Token;
    #[async_trait::async_trait]
    impl trove_host_ops::secrets::SecretProvider for Token {
        async fn get(&self, _toolkit: &str, name: &str) -> Result<Option<String>, trove_host_ops::secrets::SecretError> {
            Ok(match name {
                "API_TOKEN" => Some(SECRET.to_owned()),
                // One tenant's own, one letter long (review 17).
                "OPTIONAL_KEY" => Some("e".to_owned()),
                _ => None,
            })
        }
    }
    let secret = SECRET;
    let env: Arc<dyn EnvSource> = Arc::new(move |_: &ToolkitHandle, _: &ToolCall| {
        let mut env = CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
        env.secrets = Arc::new(Token);
        Ok(env)
    });
    let running = start(vec![fixture("vault")], LoadOptions::default(), env, local()).await;
    let http = client();
    let at = url(&running, "vault");
    let user = format!("who {secret}");
    let reply = post(&http, &at, &json!({ "tool": "read", "args": { "name": "API_TOKEN" }, "userId": user })).await;
    assert_eq!(reply.body["ok"], true, "{}", reply.body);
    let lines: Vec<String> = logs().into_iter().filter(|l| l.contains("trove::access") && l.contains("toolkit=\"vault\"")).collect();
    assert!(lines.iter().any(|l| l.contains("user=\"who [redacted]\"")), "{lines:#?}");
    // A value across the cut at 128 characters is redacted before the field is cut (it was
    // cut first, and the start of the value was logged).
    let long = format!("{}{secret}", "u".repeat(120));
    let reply = post(&http, &at, &json!({ "tool": "read", "args": { "name": "API_TOKEN" }, "userId": long })).await;
    assert_eq!(reply.body["ok"], true, "{}", reply.body);
    let shown = format!("user=\"{}[redacted]\"", "u".repeat(120));
    let lines: Vec<String> = logs().into_iter().filter(|l| l.contains("trove::access") && l.contains("toolkit=\"vault\"")).collect();
    assert!(lines.iter().any(|l| l.contains(&shown)), "{lines:#?}");
    assert!(!logs().join("\n").contains(&secret[..6]), "no start of the value is in any line");
    // A one-letter secret resolved by one call does not garble the access lines of later ones.
    let reply = post(&http, &at, &json!({ "tool": "read", "args": { "name": "OPTIONAL_KEY" }, "userId": "mallory" })).await;
    assert_eq!(reply.body["ok"], true, "{}", reply.body);
    let reply = post(&http, &at, &json!({ "tool": "read", "args": { "name": "API_TOKEN" }, "userId": "frederick" })).await;
    assert_eq!(reply.body["ok"], true, "{}", reply.body);
    let lines: Vec<String> = logs().into_iter().filter(|l| l.contains("trove::access") && l.contains("toolkit=\"vault\"")).collect();
    assert!(lines.iter().any(|l| l.contains("user=\"frederick\"") && l.contains("tool=\"read\"")), "{lines:#?}");
    running.shutdown().await;
}

/// The host's own lines about a call (its log budget spent, its log cut) name the toolkit, the
/// tool and the call as the toolkit's lines do, whatever the log filter (the review found them
/// bare under `serve`'s default filter, which leaves the call's span out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_s_lines_about_a_call_name_it() {
    let running = start(vec![fixture("flood")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let reply = post(&http, &url(&running, "flood"), &json!({ "tool": "flood", "args": { "kib": 100, "times": 30 }, "userId": "u" })).await;
    assert_eq!(reply.body["result"]["text"], "logged 30 lines", "{}", reply.body);
    running.shutdown().await;
    let lines: Vec<String> = logs().into_iter().filter(|l| l.contains("log budget is spent") || l.contains("[log truncated:")).collect();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    for line in &lines {
        for field in ["toolkit=\"flood\"", "tool=\"flood\"", "call_id=\"c", "source=\"host\""] {
            assert!(line.contains(field), "{field} missing from {line}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_pages_are_refused() {
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let call = json!({ "tool": "echo", "args": { "n": 1, "tag": "t" }, "userId": "u" }).to_string();
    let answer = |request: reqwest::RequestBuilder| async move {
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        (status, serde_json::from_str::<Value>(&response.text().await.unwrap()).unwrap())
    };

    // A page's cross-origin POST (a form, or fetch with no-cors) carries an Origin.
    let from_page = answer(http.post(&at).header("origin", "https://evil.example").header("content-type", "text/plain").body(call.clone())).await;
    assert_eq!(from_page, (403, failure("requests from web pages (with an Origin header) are refused", "BAD_REQUEST")));
    // A DNS-rebinding page reaches 127.0.0.1 under its own name.
    let port = running.local_addr().port();
    let rebound = answer(http.post(&at).header("host", format!("evil.example:{port}")).body(call.clone())).await;
    assert_eq!(rebound, (403, failure(&format!("host \"evil.example:{port}\" is refused: this server answers only to localhost"), "BAD_REQUEST")));
    let rebound_get = answer(http.get(&at).header("host", "evil.example")).await;
    assert_eq!(rebound_get.0, 403);

    // Two Host lines, the first local: refused whichever a proxy in front would read.
    let twice = answer(http.post(&at).header("host", format!("localhost:{port}")).header("host", "evil.example").body(call.clone())).await;
    assert_eq!(twice, (403, failure("a request may carry one host header, not several", "BAD_REQUEST")));

    // Local names are fine.
    for host in [format!("localhost:{port}"), format!("127.0.0.1:{port}"), "localhost".to_owned()] {
        let (status, body) = answer(http.post(&at).header("host", host.clone()).body(call.clone())).await;
        assert_eq!((status, &body["ok"]), (200, &json!(true)), "{host}: {body}");
    }

    // An absolute-form target names the host the request is for, over `Host` (RFC 9112 §3.2.2):
    // a foreign one is refused even beside a local `Host` (review 38); a local one is served.
    let raw = |target: String| async move {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let mut stream = tokio::net::TcpStream::connect(running_addr(port)).await.unwrap();
        let request = format!("GET {target} HTTP/1.1\r\nhost: localhost:{port}\r\nconnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        answer
    };
    let foreign = raw("http://evil.example/echo".to_owned()).await;
    assert!(foreign.starts_with("HTTP/1.1 403"), "{foreign}");
    assert!(foreign.contains(r#"host \"evil.example\" is refused"#), "{foreign}");
    let local = raw(format!("http://localhost:{port}/echo")).await;
    assert!(local.starts_with("HTTP/1.1 200"), "{local}");
    running.shutdown().await;
}

fn running_addr(port: u16) -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], port))
}


#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runnable_call_with_odd_fields_still_gets_the_servers_providers() {
    // The SDK runs a call whose `userId` is not a string; it must not escape the EnvSource (and
    // with it the embedder's transport and secrets) by doing so.
    let asked: Arc<Mutex<Vec<ToolCall>>> = Arc::default();
    let seen = asked.clone();
    let env: Arc<dyn EnvSource> = Arc::new(move |_: &ToolkitHandle, call: &ToolCall| {
        seen.lock().unwrap().push(call.clone());
        Ok(CallEnv::new(Arc::new(ReplayTransport::new(Vec::new()))))
    });
    let running = start(vec![fixture("echo")], LoadOptions::default(), env, local()).await;
    let http = client();
    let at = url(&running, "echo");
    let reply = post(&http, &at, &json!({ "tool": "echo", "args": { "n": 1, "tag": "t" }, "userId": 5, "scopes": "trove:search" })).await;
    assert_eq!(reply.body, json!({ "ok": true, "result": { "text": "5:t:1", "structured": { "user": 5, "args": { "n": 1, "tag": "t" } } } }));
    let malformed = post(&http, &at, &json!({ "tool": 5 })).await;
    assert_eq!(malformed.body, failure("malformed tool call", "BAD_REQUEST"));
    let asked = asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1, "asked once, for the runnable call only: {asked:?}");
    assert_eq!((asked[0].tool.as_str(), asked[0].user_id.as_str(), &asked[0].scopes), ("echo", "", &None));
    running.shutdown().await;
}

/// A `userId` that is not a string reaches the toolkit as it is (as under the SDK), and is a user
/// of its own for `ctx.cache`: before, every such id, a missing one and `""` shared one bucket,
/// so what user `{"a":1}` put, user `{"b":2}` read (review 33).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_ids_that_are_not_strings_do_not_share_a_cache() {
    let cache: Arc<dyn trove_host_ops::cache::CacheStore> =
        Arc::new(trove_host_ops::cache::MemoryCache::new(trove_host_ops::cache::CacheLimits::default()));
    let env: Arc<dyn EnvSource> = Arc::new(move |_: &ToolkitHandle, _: &ToolCall| {
        let mut env = CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
        env.cache = Some(cache.clone());
        Ok(env)
    });
    let running = start(vec![fixture("cache-probe")], LoadOptions::default(), env, local()).await;
    let http = client();
    let at = url(&running, "cache-probe");
    let put = json!({ "tool": "put", "args": { "key": "k", "value": "of {a:1}" }, "userId": { "a": 1 } });
    assert_eq!(post(&http, &at, &put).await.body["result"]["text"], "stored");
    let mut answers = Vec::new();
    // Review 34: a string that looks like the key an object is kept under is not that object.
    for user in [json!({ "a": 1 }), json!({ "b": 2 }), json!(null), json!(""), json!("{\"a\":1}"), json!(1), json!("\u{0}j{\"a\":1}"), json!("\u{0}{\"a\":1}")] {
        let reply = post(&http, &at, &json!({ "tool": "get", "args": { "key": "k" }, "userId": user })).await;
        answers.push(reply.body["result"]["text"].as_str().unwrap_or_default().to_owned());
    }
    let missing = post(&http, &at, &json!({ "tool": "get", "args": { "key": "k" } })).await;
    answers.push(missing.body["result"]["text"].as_str().unwrap_or_default().to_owned());
    assert_eq!(answers, ["of {a:1}", "(miss)", "(miss)", "(miss)", "(miss)", "(miss)", "(miss)", "(miss)", "(miss)"]);
    // One number, as JavaScript sees it, is one user.
    let put = json!({ "tool": "put", "args": { "key": "n", "value": "of 1" }, "userId": 1 });
    assert_eq!(post(&http, &at, &put).await.body["result"]["text"], "stored");
    let get = post(&http, &at, &serde_json::from_str::<Value>(r#"{"tool":"get","args":{"key":"n"},"userId":1.0}"#).unwrap()).await;
    assert_eq!(get.body["result"]["text"], "of 1");
    running.shutdown().await;
}

/// Bodies the SDK's `JSON.parse` takes and serde_json does not (the call is parsed in Rust
/// first): a lone UTF-16 surrogate escape, a number beyond f64 (`JSON.parse` gives `Infinity`)
/// and nesting past 128 levels. They are answered `invalid JSON body`; everything else parses
/// as in JS, a leading byte order mark included (the SDK's `request.json()` drops it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_the_sdk_would_take_but_rust_does_not() {
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let deep = format!(r#"{{"tool":"echo","args":{{"n":1,"tag":"t","x":{}{}}},"userId":"u"}}"#, "[".repeat(128), "]".repeat(128));
    for body in [r#"{"tool":"echo","args":{"n":1,"tag":"\ud800"},"userId":"u"}"#, r#"{"tool":"echo","args":{"n":1e400,"tag":"t"},"userId":"u"}"#, deep.as_str()] {
        let reply = send(&http, reqwest::Method::POST, &at, Some(body.to_owned())).await;
        assert_eq!((reply.status, &reply.body), (200, &failure("invalid JSON body", "BAD_REQUEST")), "{body}");
    }
    let bom = format!("\u{feff}{}", r#"{"tool":"echo","args":{"n":3,"tag":"bom"},"userId":"u"}"#);
    let reply = send(&http, reqwest::Method::POST, &at, Some(bom)).await;
    assert_eq!(reply.body["result"]["text"], "u:bom:3", "{}", reply.body);
    // A `__proto__` key is just a key, as with JSON.parse.
    let body = r#"{"tool":"echo","args":{"n":1,"tag":"t","__proto__":{"n":2}},"userId":"u"}"#;
    let reply = send(&http, reqwest::Method::POST, &at, Some(body.to_owned())).await;
    assert_eq!(reply.body["result"]["text"], "u:t:1");
    running.shutdown().await;
}

/// A body that stops short of its content-length (or trickles in) is answered 408 after the
/// body timeout instead of holding its connection, its buffer and the shutdown's grace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_never_arrives_is_answered_408() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let options = ServeOptions { body_timeout: std::time::Duration::from_millis(500), ..local() };
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), options).await;
    let mut socket = tokio::net::TcpStream::connect(running.local_addr()).await.unwrap();
    let started = std::time::Instant::now();
    socket
        .write_all(b"POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-length: 100\r\n\r\n{\"tool\":\"echo\"")
        .await
        .unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), socket.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        answer.contains(r#"{"ok":false,"error":"the request body did not arrive within 0.5 s","retryable":false,"code":"BAD_REQUEST"}"#),
        "{answer}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    running.shutdown().await;
}

/// Raw HTTP/1.1 exchanges a client library would not send (review 33): a request without a
/// `Host` header is 400 (RFC 9112 §3.2), and a body declared far past the limit is 413 at once,
/// without waiting for bytes that may never come (before: 5 s, the drain's time).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_host_is_400_and_a_huge_declared_body_is_413_at_once() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let exchange = |request: &'static [u8]| {
        let addr = running.local_addr();
        async move {
            let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
            socket.write_all(request).await.unwrap();
            let mut answer = vec![0u8; 4096];
            let n = tokio::time::timeout(std::time::Duration::from_secs(10), socket.read(&mut answer)).await.unwrap().unwrap();
            String::from_utf8_lossy(&answer[..n]).into_owned()
        }
    };
    let call = br#"{"tool":"echo","args":{"n":1,"tag":"t"},"userId":"u"}"#;
    let mut no_host = b"POST /echo HTTP/1.1\r\ncontent-length: 53\r\n\r\n".to_vec();
    no_host.extend_from_slice(call);
    let no_host: &'static [u8] = Box::leak(no_host.into_boxed_slice());
    let answer = exchange(no_host).await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains(r#"{"ok":false,"error":"a request must carry a host header","retryable":false,"code":"BAD_REQUEST"}"#), "{answer}");
    let started = std::time::Instant::now();
    let answer = exchange(b"POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-length: 99999999999\r\n\r\nabc").await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "{:?}", started.elapsed());
    running.shutdown().await;
}
