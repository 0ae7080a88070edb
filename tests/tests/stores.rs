//! Issue #4's acceptance checks: secrets (declared, undeclared, unset; namespaced; the real
//! kernel keyring through the CLI), redaction in every sink, `ctx.cache` (hit, miss, limits,
//! persistence across two CLI runs), `ctx.trove` (present by scope, ingest then search, per
//! user), and the platform callbacks' request bodies against a real HTTP server on loopback.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde_json::{json, Value};
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::cache::{CacheLimits, MemoryCache};
use trove_host_ops::callback::PlatformCallbacks;
use trove_host_ops::egress::replay::ReplayTransport;
use trove_host_ops::kb::LocalKnowledgeBase;
use trove_host_ops::secrets::{MemorySecrets, SecretError, SecretProvider};
use trove_host_ops::CallEnv;
use trove_host_tests::{cli_binary, fixture, run_cli};

const TOKEN: &str = "tok-S3CRET value/42";

fn env_with(secrets: impl SecretProvider + 'static) -> CallEnv {
    let mut env = CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
    env.secrets = Arc::new(secrets);
    env
}

fn vault_secrets() -> MemorySecrets {
    let mut s = MemorySecrets::new();
    s.set("vault", "API_TOKEN", Some(TOKEN.into())).set("vault", "OPTIONAL_KEY", None);
    s
}

async fn call(toolkit: &mut Toolkit, tool: &str, args: Value, env: CallEnv) -> CallOutcome {
    toolkit.call(&ToolCall::new(tool, args, "alice"), env).await
}

fn text(outcome: &CallOutcome) -> String {
    assert_eq!(outcome.envelope.json()["ok"], true, "{}", outcome.envelope);
    outcome.envelope.json()["result"]["text"].as_str().expect("text").to_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("stores-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Every form a secret value could leak in.
fn leaked_forms(value: &str) -> Vec<String> {
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD.encode(value);
    vec![value.to_owned(), b64.trim_end_matches('=').to_owned(), "tok-S3CRET%20value%2F42".to_owned()]
}

/// Records which names a provider was asked for.
#[derive(Clone, Default)]
struct Asked(Arc<Mutex<Vec<String>>>, MemorySecrets);

#[async_trait]
impl SecretProvider for Asked {
    async fn get(&self, toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        self.0.lock().unwrap().push(name.to_owned());
        self.1.get(toolkit, name).await
    }
}

#[tokio::test(flavor = "current_thread")]
async fn secret_declared_unset_undeclared() {
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let asked = Asked(Arc::default(), vault_secrets());
    let read = |name: &str| json!({ "name": name });

    let o = call(&mut vault, "read", read("API_TOKEN"), env_with(asked.clone())).await;
    assert_eq!(text(&o), format!("value of length {}", TOKEN.len()));
    let o = call(&mut vault, "read", read("OPTIONAL_KEY"), env_with(asked.clone())).await;
    assert_eq!(text(&o), "undefined");
    let o = call(&mut vault, "read", read("NOT_DECLARED"), env_with(asked.clone())).await;
    assert_eq!(text(&o), "rejected: ctx.secret callback failed: 404 secret not declared");
    assert_eq!(
        serde_json::to_value(&o.record.callbacks).unwrap(),
        json!([{ "kind": "secret", "name": "NOT_DECLARED" }]),
        "the attempt is recorded as a callback"
    );
    // An undeclared name is refused before any provider is asked.
    assert_eq!(*asked.0.lock().unwrap(), vec!["API_TOKEN".to_owned(), "OPTIONAL_KEY".to_owned()]);

    // An undeclared name gets the same "is not set" as an unset one (the conformance corpus's
    // secrets table); a provider failure does not (below).
    for name in ["OPTIONAL_KEY", "NOT_DECLARED"] {
        let o = call(&mut vault, "require", read(name), env_with(asked.clone())).await;
        assert_eq!(
            o.envelope,
            json!({ "ok": false, "error": format!("{name} is not set. Run `trove secret set <server> {name} --from-stdin`."),
                    "retryable": false, "code": "TOOL_ERROR" })
        );
    }
}

/// A provider that cannot be read (a keyring entry without read permission, a platform
/// callback that fails).
struct Unreadable;

#[async_trait]
impl SecretProvider for Unreadable {
    async fn get(&self, _toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        Err(SecretError::Provider(format!("keyring: cannot read the secret {name}: permission denied")))
    }
}

#[tokio::test(flavor = "current_thread")]
async fn require_secret_reports_a_provider_failure_not_unset() {
    // Review 17, M5: requireSecret turned every rejection into "<NAME> is not set. Run `trove
    // secret set …`", telling the user to set a secret that is set, and logged nothing.
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let cause = "ctx.secret callback failed: keyring: cannot read the secret API_TOKEN: permission denied";
    let o = call(&mut vault, "read", json!({ "name": "API_TOKEN" }), env_with(Unreadable)).await;
    assert_eq!(text(&o), format!("rejected: {cause}"), "ctx.secret rejects with the cause");
    let o = call(&mut vault, "require", json!({ "name": "API_TOKEN" }), env_with(Unreadable)).await;
    assert_eq!(o.envelope.json()["error"], "tool failed", "{}", o.envelope);
    assert_eq!(o.record.logs[0], json!(["handler error", format!("Error: {cause}")]), "the cause is in the call's log");
}

#[tokio::test(flavor = "current_thread")]
async fn secrets_are_namespaced_by_toolkit() {
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let mut other = MemorySecrets::new();
    other.set("another-toolkit", "API_TOKEN", Some(TOKEN.into()));
    let o = call(&mut vault, "read", json!({ "name": "API_TOKEN" }), env_with(other)).await;
    assert_eq!(text(&o), "undefined", "another toolkit's value is not visible");
}

#[tokio::test(flavor = "current_thread")]
async fn redaction_in_ctx_log_and_handler_error() {
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let o = call(&mut vault, "leak", json!({}), env_with(vault_secrets())).await;
    assert_eq!(o.envelope.json()["error"], "tool failed");
    let logs = serde_json::to_string(&o.record.logs).unwrap();
    for form in leaked_forms(TOKEN) {
        assert!(!logs.contains(&form), "{form:?} leaked into {logs}");
    }
    assert_eq!(o.record.logs[0], json!(["bare", "[redacted]"]));
    assert_eq!(o.record.logs[1], json!([{ "nested": { "[redacted]": ["x[redacted]y"] } }]));
    assert_eq!(o.record.logs[2], json!(["base64", "[redacted]", "percent", "[redacted]"]));
    assert_eq!(o.record.logs[3], json!(["handler error", "Error: failed with [redacted]"]));
}

#[test]
fn redaction_in_cli_logs_console_and_tracing() {
    let home = scratch("redact");
    let out = run_cli(
        &["call", "tests/fixtures/vault", "leak"],
        &[("TROVE_SECRET_API_TOKEN", TOKEN), ("TROVE_HOST_HOME", home.to_str().unwrap()), ("RUST_LOG", "trove=debug")],
        None,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    for form in leaked_forms(TOKEN) {
        assert!(!stderr.contains(&form), "{form:?} leaked into stderr:\n{stderr}");
        assert!(!stdout.contains(&form), "{form:?} leaked into stdout");
    }
    assert!(stderr.contains("console [redacted]"), "console.log line is redacted, not dropped:\n{stderr}");
    assert!(stderr.contains("console error [redacted]"), "console.error line:\n{stderr}");
    assert!(stderr.contains("failed with [redacted]"), "handler error line:\n{stderr}");
    // Its bytes as an ArrayBuffer (spaced hex) and a Uint8Array (decimal columns), and the
    // start of it left before a cut string's `... N more characters`.
    let spaced_hex = TOKEN.bytes().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
    let decimal = TOKEN.bytes().take(3).map(|b| b.to_string()).collect::<Vec<_>>().join(", ");
    for (leak, what) in [(spaced_hex.as_str(), "spaced hex"), (decimal.as_str(), "decimal bytes"), (&TOKEN[..9], "a cut string's tail")] {
        assert!(!stderr.contains(leak), "{what} {leak:?} leaked into stderr:\n{stderr}");
    }
    assert!(stderr.contains("[Uint8Contents]: <[redacted]>"), "the buffer line is redacted, not dropped:\n{stderr}");
    // 10,000 characters printed: 9,990 of padding and the value's first ten.
    // Quoted as Node quotes a string inside a value (single quotes).
    let cut = format!("[redacted]'... {} more characters", TOKEN.len() - 10);
    assert!(stderr.contains(&cut), "{cut} missing from:\n{stderr}");
}

#[test]
fn cache_persists_across_two_cli_runs_per_user() {
    let home = scratch("cache");
    let env = [("TROVE_HOST_HOME", home.to_str().unwrap())];
    let run = |user: &str| {
        let out = run_cli(&["call", "tests/fixtures/vault", "counter", "--user", user], &env, None);
        let envelope: Value = serde_json::from_slice(&out.stdout).expect("envelope");
        envelope["result"]["text"].as_str().unwrap_or_default().to_owned()
    };
    assert_eq!(run("alice"), "1");
    assert_eq!(run("alice"), "2", "the second process sees the first one's entry");
    assert_eq!(run("bob"), "1", "another user has their own entries");
    assert!(home.join("cache.sqlite").is_file());
}

#[tokio::test(flavor = "current_thread")]
async fn cache_absent_present_and_limits() {
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let o = call(&mut vault, "counter", json!({}), env_with(MemorySecrets::new())).await;
    assert_eq!(text(&o), "no cache", "no store: ctx.cache is absent");
    counts_hits_misses_and_limits(&mut vault, Arc::new(MemoryCache::new(CacheLimits::default()))).await;
}

/// The vault's `counter` through `cache`: a miss, a hit, another key's miss, and the size
/// limit every store shares.
async fn counts_hits_misses_and_limits(vault: &mut Toolkit, cache: Arc<dyn trove_host_ops::cache::CacheStore>) {
    let with_cache = || {
        let mut env = env_with(MemorySecrets::new());
        env.cache = Some(cache.clone());
        env
    };
    assert_eq!(text(&call(vault, "counter", json!({}), with_cache()).await), "1");
    assert_eq!(text(&call(vault, "counter", json!({}), with_cache()).await), "2", "hit");
    assert_eq!(text(&call(vault, "counter", json!({ "key": "other" }), with_cache()).await), "1", "miss");
    assert_eq!(
        text(&call(vault, "cache_misuse", json!({}), with_cache()).await),
        "rejected: ctx.cache: value is larger than 1048576 bytes",
        "the same limits whatever the store"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn trove_present_only_with_scope() {
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let dir = scratch("trove-scope");
    let kb = Arc::new(LocalKnowledgeBase::open(&dir.join("kb.sqlite")).unwrap());
    for (scopes, expected) in [(vec![], "false"), (vec!["trove:search"], "true"), (vec!["trove:ingest"], "true"), (vec!["other"], "false")] {
        let mut env = env_with(MemorySecrets::new());
        env.trove = Some(kb.clone());
        let mut c = ToolCall::new("has_trove", json!({}), "alice");
        c.scopes = Some(scopes.iter().map(|s| s.to_string()).collect());
        assert_eq!(text(&vault.call(&c, env).await), expected, "scopes {scopes:?}");
    }
}

/// **host** rule (contract §5): writing to the knowledge base needs `trove:ingest`, granted by
/// the call **and** declared by the manifest. A toolkit that declares only `trove:search` is
/// listed read-only (contract §3) and never writes, whatever the call asks; a call granted only
/// `trove:search` cannot write either. Reading is allowed by either scope, as under the SDK.
#[tokio::test(flavor = "current_thread")]
async fn ingest_needs_trove_ingest_granted_and_declared() {
    let dir = scratch("trove-ingest");
    let kb = Arc::new(LocalKnowledgeBase::open(&dir.join("kb.sqlite")).unwrap());
    let with = |scopes: &[&str], tool: &str, args: Value| {
        let mut env = env_with(MemorySecrets::new());
        env.trove = Some(kb.clone());
        let mut c = ToolCall::new(tool, args, "alice");
        c.scopes = Some(scopes.iter().map(|s| s.to_string()).collect());
        (c, env)
    };
    let doc = json!({ "title": "Tidal energy notes", "text": "Flow in narrow straits." });
    let find = json!({ "query": "straits" });
    let refused = |outcome: &CallOutcome, needs: &str| {
        let envelope = outcome.envelope.json();
        assert_eq!((&envelope["ok"], &envelope["code"]), (&json!(false), &json!("TOOL_ERROR")), "{envelope}");
        let logs = serde_json::to_string(&outcome.record.logs).unwrap();
        assert!(logs.contains(&format!("ctx.trove callback failed: 403 ingest needs the {needs} scope")), "{logs}");
    };

    // The manifest declares both; the call is granted only trove:search.
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let (c, env) = with(&["trove:search"], "save", doc.clone());
    refused(&vault.call(&c, env).await, "trove:ingest");
    let (c, env) = with(&["trove:search"], "find", find.clone());
    assert_eq!(text(&vault.call(&c, env).await), "no hits", "nothing was written");

    // The manifest declares only trove:search: a call asking for both still cannot write.
    let home = scratch("trove-ingest-readonly");
    let source = std::fs::read_to_string(fixture("vault").join("extension.ts")).unwrap();
    let narrowed = source.replace("scopes: ['trove:search', 'trove:ingest']", "scopes: ['trove:search']");
    assert_ne!(narrowed, source, "the fixture's scopes line moved");
    std::fs::write(home.join("extension.ts"), narrowed).unwrap();
    let mut reader = Toolkit::load(&home).await.expect("load the narrowed vault");
    assert_eq!(reader.tools()[0]["annotations"]["readOnlyHint"], json!(true), "listed read-only");
    let (c, env) = with(&["trove:search", "trove:ingest"], "save", doc.clone());
    refused(&reader.call(&c, env).await, "trove:ingest");

    // Granted trove:ingest: it writes, and reading back needs no second scope.
    let (c, env) = with(&["trove:ingest"], "save", doc);
    assert_eq!(text(&vault.call(&c, env).await), "ingested 1");
    let (c, env) = with(&["trove:ingest"], "find", find);
    assert_eq!(text(&vault.call(&c, env).await), "1 hit(s): Tidal energy notes");
}

#[test]
fn kb_ingest_then_search_through_the_cli() {
    let home = scratch("kb");
    let env = [("TROVE_HOST_HOME", home.to_str().unwrap())];
    let call = |tool: &str, args: Value, user: &str, scope: &str| {
        let a = args.to_string();
        let out = run_cli(&["call", "tests/fixtures/vault", tool, "--args", &a, "--user", user, "--scope", scope], &env, None);
        serde_json::from_slice::<Value>(&out.stdout).expect("envelope")
    };
    let saved = call("save", json!({ "title": "Tidal energy notes", "text": "Flow in narrow straits." }), "alice", "trove:ingest");
    assert_eq!(saved["result"]["text"], "ingested 1");
    let found = call("find", json!({ "query": "straits" }), "alice", "trove:search");
    assert_eq!(found["result"]["text"], "1 hit(s): Tidal energy notes", "{found}");
    assert_eq!(found["structuredContent"], Value::Null, "no output schema");
    assert_eq!(found["result"]["structured"]["doc"]["text"], "Flow in narrow straits.");
    assert_eq!(found["result"]["structured"]["doc"]["tags"], json!(["note"]));
    let other = call("find", json!({ "query": "straits" }), "bob", "trove:search");
    assert_eq!(other["result"]["text"], "no hits", "bob cannot read alice's documents");

    let out = run_cli(&["kb", "search", "tidal", "--user", "alice"], &env, None);
    let hits: Value = serde_json::from_slice(&out.stdout).expect("kb search JSON");
    assert_eq!(hits[0]["title"], "Tidal energy notes");
    let out = run_cli(&["kb", "list", "--user", "bob"], &env, None);
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), json!([]));
    let out = run_cli(&["kb", "list"], &env, None);
    let all: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(all[0]["userId"], "alice");
    assert!(all[0]["toolkit"].as_str().unwrap().starts_with("vault@"), "bound to the toolkit's location: {all}");
}

/// The vault fixture copied elsewhere: same id, another location (an impostor).
fn impostor_copy(home: &std::path::Path) -> PathBuf {
    let dir = home.join("impostor");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture("vault").join("extension.ts"), dir.join("extension.ts")).unwrap();
    dir
}

#[test]
fn another_toolkit_claiming_the_same_id_sees_no_cache_or_documents() {
    let home = scratch("impostor");
    let impostor = impostor_copy(&home);
    let env = [("TROVE_HOST_HOME", home.to_str().unwrap())];
    let run = |dir: &str, tool: &str, args: &str, scope: Option<&str>| {
        let mut argv = vec!["call", dir, tool, "--args", args];
        argv.extend(scope.map(|s| ["--scope", s]).into_iter().flatten());
        let out = run_cli(&argv, &env, None);
        serde_json::from_slice::<Value>(&out.stdout).expect("envelope")["result"]["text"].clone()
    };
    let imp = impostor.to_str().unwrap();
    assert_eq!(run("tests/fixtures/vault", "counter", "{}", None), "1");
    assert_eq!(run(imp, "counter", "{}", None), "1", "the impostor has its own cache");
    assert_eq!(run("tests/fixtures/vault", "save", r#"{"title":"Mine","text":"private notes"}"#, Some("trove:ingest")), "ingested 1");
    assert_eq!(run(imp, "find", r#"{"query":"private"}"#, Some("trove:search")), "no hits", "nor the real one's documents");
}

/// What keys a toolkit's data is where it was named from (review 58): two single-file toolkits
/// in one folder that claim the same id each have their own (they shared the folder's, so one
/// read the other's cache); a folder and its own entry file named directly are one toolkit; and
/// a link re-pointed to a new release keeps the link's data (it moved to the release's).
#[test]
fn data_belongs_to_the_path_a_toolkit_is_named_by() {
    let home = scratch("location");
    let env = [("TROVE_HOST_HOME", home.to_str().unwrap())];
    let source = fixture("vault").join("extension.ts");
    let place = |path: &std::path::Path| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::copy(&source, path).unwrap();
    };
    let counter = |path: &std::path::Path| {
        let out = run_cli(&["call", path.to_str().unwrap(), "counter"], &env, None);
        let envelope: Value = serde_json::from_slice(&out.stdout).expect("envelope");
        envelope["result"]["text"].as_str().unwrap_or_default().to_owned()
    };
    let kits = home.join("kits");
    place(&kits.join("good.ts"));
    place(&kits.join("evil.ts"));
    assert_eq!(counter(&kits.join("good.ts")), "1");
    assert_eq!(counter(&kits.join("good.ts")), "2");
    assert_eq!(counter(&kits.join("evil.ts")), "1", "a second file in the folder has its own entries");

    place(&kits.join("vault").join("extension.ts"));
    assert_eq!(counter(&kits.join("vault")), "1");
    assert_eq!(counter(&kits.join("vault").join("extension.ts")), "2", "a folder's own entry file is the folder");
    assert_eq!(counter(&kits.join("vault").join(".").join("..").join("vault")), "3", "however the path is spelt");

    place(&home.join("releases/v1/extension.ts"));
    place(&home.join("releases/v2/extension.ts"));
    let current = home.join("current");
    std::os::unix::fs::symlink("releases/v1", &current).unwrap();
    assert_eq!(counter(&current), "1");
    std::fs::remove_file(&current).unwrap();
    std::os::unix::fs::symlink("releases/v2", &current).unwrap();
    assert_eq!(counter(&current), "2", "a re-pointed link keeps its data");
    assert_eq!(counter(&home.join("releases/v2")), "1", "the release named directly is another location");
}

/// The platform for these tests: answers secrets and trove operations (and fails getDocument).
fn platform() -> trove_host_tests::Platform {
    trove_host_tests::Platform::start(|path, body| match (path, body["name"].as_str(), body["operation"].as_str()) {
        ("/internal/secret", Some("API_TOKEN"), _) => (200, json!({ "value": "remote-value" }).to_string()),
        ("/internal/secret", Some(_), _) => (200, json!({ "value": null }).to_string()),
        ("/internal/trove", _, Some("ingest")) => (200, json!({ "data": { "ingested": 1 } }).to_string()),
        ("/internal/trove", _, Some("search")) => {
            (200, json!({ "data": [{ "id": "d1", "title": "Remote doc", "snippet": "", "score": 1.0 }] }).to_string())
        }
        ("/internal/trove", _, Some("getDocument")) => (500, "document store down".to_owned()),
        _ => (404, "not found".to_owned()),
    })
}

#[tokio::test(flavor = "current_thread")]
async fn remote_callbacks_speak_the_contract() {
    let platform = platform();
    let callbacks = Arc::new(PlatformCallbacks::new(&platform.base, "ctx-token-7").expect("client"));
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    let env = || {
        let mut env = CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())));
        env.secrets = callbacks.clone();
        env.trove = Some(callbacks.clone());
        env
    };
    let read = |name: &str| json!({ "name": name });
    assert_eq!(text(&call(&mut vault, "read", read("API_TOKEN"), env()).await), "value of length 12");
    assert_eq!(text(&call(&mut vault, "read", read("OPTIONAL_KEY"), env()).await), "undefined");
    assert_eq!(
        text(&call(&mut vault, "read", read("UNDECLARED"), env()).await),
        "rejected: ctx.secret callback failed: 404 secret not declared"
    );
    let mut save = ToolCall::new("save", json!({ "title": "T", "text": "body" }), "alice");
    save.scopes = Some(vec!["trove:ingest".into()]);
    assert_eq!(text(&vault.call(&save, env()).await), "ingested 1");
    let mut find = ToolCall::new("find", json!({ "query": "remote" }), "alice");
    find.scopes = Some(vec!["trove:search".into()]);
    let failed = vault.call(&find, env()).await;
    assert_eq!(failed.envelope.json()["error"], "tool failed");
    assert_eq!(failed.record.logs[0], json!(["handler error", "Error: ctx.trove callback failed: 500 document store down"]));

    let bodies = platform.seen.lock().unwrap().clone();
    assert_eq!(
        bodies,
        vec![
            ("/internal/secret".to_owned(), json!({ "ctxToken": "ctx-token-7", "name": "API_TOKEN" })),
            ("/internal/secret".to_owned(), json!({ "ctxToken": "ctx-token-7", "name": "OPTIONAL_KEY" })),
            (
                "/internal/trove".to_owned(),
                json!({ "ctxToken": "ctx-token-7", "operation": "ingest",
                        "variables": { "documents": [{ "title": "T", "text": "body", "tags": ["note"] }] } })
            ),
            (
                "/internal/trove".to_owned(),
                json!({ "ctxToken": "ctx-token-7", "operation": "search", "variables": { "query": "remote", "limit": 5 } })
            ),
            (
                "/internal/trove".to_owned(),
                json!({ "ctxToken": "ctx-token-7", "operation": "getDocument", "variables": { "id": "d1" } })
            ),
        ],
        "an undeclared name never reaches the platform"
    );
}

/// The OS keyring for real: the kernel keyring (keyutils), in a fresh session keyring made by
/// `keyctl session` so the test neither needs nor touches the caller's keys.
#[test]
fn keyring_secret_set_list_call_rm() {
    let home = scratch("keyring");
    let bin = cli_binary().display().to_string();
    let value_file = home.join("value");
    std::fs::write(&value_file, "kr-S3CRET-1234\n").unwrap();
    let script = format!(
        "set -e
         B='{bin}'
         $B secret set tests/fixtures/vault API_TOKEN --from-stdin < '{vf}'
         echo '--list'; $B secret list tests/fixtures/vault
         echo '--call'; $B call tests/fixtures/vault read --args '{{\"name\":\"API_TOKEN\"}}'
         echo '--impostor'; $B call '{impostor}' read --args '{{\"name\":\"API_TOKEN\"}}'
         echo '--empty env'; TROVE_SECRET_API_TOKEN= $B secret list tests/fixtures/vault
         TROVE_SECRET_API_TOKEN= $B call tests/fixtures/vault read --args '{{\"name\":\"API_TOKEN\"}}'
         echo '--rm'; $B secret rm tests/fixtures/vault API_TOKEN
         echo '--list'; $B secret list tests/fixtures/vault
         echo '--unreadable'; $B secret set tests/fixtures/vault API_TOKEN --from-stdin < '{vf}'
         KEY=$(keyctl show @s | grep 'keyring:API_TOKEN@trove-host:' | head -1 | awk '{{print $1}}')
         keyctl setperm \"$KEY\" 0x01010000
         $B secret rm tests/fixtures/vault API_TOKEN
         echo '--list'; $B secret list tests/fixtures/vault",
        vf = value_file.display(),
        impostor = impostor_copy(&home).display()
    );
    let out = std::process::Command::new("keyctl")
        .args(["session", "-", "sh", "-c", &script])
        .current_dir(trove_host_tests::repo_root())
        .env("TROVE_HOST_HOME", &home)
        .env_remove("TROVE_SECRET_API_TOKEN")
        .output()
        .expect("keyctl (package keyutils) must be installed: scripts/install-build-deps");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(!stdout.contains("kr-S3CRET-1234") && !stderr.contains("kr-S3CRET-1234"), "the value is never printed");
    let sections: Vec<&str> = stdout.split("--").collect();
    assert!(sections[1].contains("\"set (keyring)\""), "{stdout}");
    assert!(sections[2].contains("value of length 14"), "the trailing newline is dropped: {stdout}");
    assert!(sections[3].contains("\"undefined\""), "a copy at another location claiming id vault reads nothing: {stdout}");
    // An empty TROVE_SECRET_<NAME> is not set: the keyring's value is read, and listed (review 17, L1).
    assert!(sections[4].contains("\"set (keyring)\"") && sections[4].contains("value of length 14"), "{stdout}");
    assert!(sections[6].contains("\"unset\""), "{stdout}");
    // A key made unreadable is unlinked from the session and the persistent keyring; `rm` said
    // it removed it and left it in the persistent one (review 17, M6).
    assert!(sections[8].contains("\"unset\""), "{stdout}");
    let names: BTreeSet<&str> = ["API_TOKEN", "OPTIONAL_KEY"].into();
    for name in names {
        assert!(sections[1].contains(name), "list shows every declared name: {stdout}");
    }
}

/// The keyring where the process does not possess its session keyring (a container whose
/// processes fall back to the user-session keyring, as this repository's CI containers do): the
/// store adds the key, then fails to link it into the persistent keyring. A failed `set` must
/// leave the secret unset (not an unreadable key that fails every call), and `rm` must remove
/// such a leftover. Where the keyring works, `set` simply works and the test says so. (The
/// secret is the toolkit's first: in such a process only the store's first entry sees the
/// user-session keyring; it joins a session keyring of its own for the next ones.)
#[test]
fn keyring_set_that_fails_leaves_nothing_and_rm_removes_a_leftover() {
    let home = scratch("keyring-fail");
    let dir = home.join("vault");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture("vault").join("extension.ts"), dir.join("extension.ts")).unwrap();
    let bin = cli_binary();
    let run = |args: &[&str], stdin: &str| {
        use std::io::Write as _;
        let mut child = std::process::Command::new(&bin)
            .args(args)
            .env("TROVE_HOST_HOME", &home)
            .env_remove("TROVE_SECRET_API_TOKEN")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run the CLI");
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let d = dir.to_str().unwrap();
    let state = || {
        let (code, stdout, stderr) = run(&["secret", "list", d], "");
        assert_eq!(code, Some(0), "{stderr}");
        let rows: Value = serde_json::from_str(&stdout).unwrap();
        rows.as_array().unwrap().iter().find(|r| r["name"] == "API_TOKEN").unwrap()["state"].as_str().unwrap().to_owned()
    };
    assert_eq!(state(), "unset");
    // Over the kernel's limit for one key: said as such, not as "no usable keyring".
    let (code, _, stderr) = run(&["secret", "set", d, "API_TOKEN", "--from-stdin"], &"y".repeat(32_768));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot store API_TOKEN: the value is too large for the OS keyring (32768 bytes; at most 32,767 on Linux keyutils)"), "{stderr}");
    assert!(!stderr.contains("no usable OS keyring"), "{stderr}");
    let (code, _, stderr) = run(&["secret", "set", d, "API_TOKEN", "--from-stdin"], "kr-half-written\n");
    if code == Some(0) {
        eprintln!("the OS keyring works here; the failed-set path is not exercised");
        assert_eq!(state(), "set (keyring)");
        assert_eq!(run(&["secret", "rm", d, "API_TOKEN"], "").0, Some(0));
        return;
    }
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("cannot store API_TOKEN") && stderr.contains("nothing was stored"), "{stderr}");
    assert_eq!(state(), "unset", "a failed set leaves the secret unset");
    let (code, stdout, stderr) = run(&["call", d, "read", "--args", r#"{"name":"API_TOKEN"}"#], "");
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("\"undefined\""), "the secret still reads as unset: {stdout}");

    // A leftover as an earlier version left it: a key in the user-session keyring that the
    // store's process cannot search. Its description is the keyutils store's
    // (`keyring:<user>@<service>`). Not asked of the store in this process: the store joins a
    // session keyring, and the CLI processes started after would then inherit it.
    let namespace = {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let mut toolkit = runtime.block_on(Toolkit::load(&dir)).expect("load the copy");
        toolkit.bind_namespace_to_location();
        toolkit.namespace().to_owned()
    };
    let description = format!("keyring:API_TOKEN@{}", trove_host_ops::secrets::keyring::service_name(&namespace));
    let mut padd = std::process::Command::new("keyctl")
        .args(["padd", "user", &description, "@us"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("keyctl (package keyutils) must be installed: scripts/install-build-deps");
    {
        use std::io::Write as _;
        padd.stdin.take().unwrap().write_all(b"kr-left-behind").unwrap();
    }
    if !padd.wait().unwrap().success() {
        // No user-session keyring to plant in: the leftover this part is about cannot arise.
        eprintln!("keyctl padd @us failed; the leftover-key path is not exercised");
        return;
    }
    let poisoned = state();
    assert!(poisoned.starts_with("unknown (cannot read the secret API_TOKEN of toolkit vault@"), "{poisoned}");
    assert!(poisoned.contains("secret rm"), "says how to get past it: {poisoned}");
    let (code, _, stderr) = run(&["secret", "rm", d, "API_TOKEN"], "");
    assert_eq!(code, Some(0), "rm removes what a failed set left: {stderr}");
    assert_eq!(state(), "unset");
}

/// Redis options for tests whose subject is not the command timeout: one that a loaded CI
/// machine cannot hit by accident (a timed-out put is dropped, by design).
fn patient() -> trove_host_ops::redis_store::RedisOptions {
    trove_host_ops::redis_store::RedisOptions { command_timeout: std::time::Duration::from_secs(5), ..Default::default() }
}

/// `ctx.cache` on Redis (issue #12) through the vault toolkit, and the store's own rules: the
/// same limits as every store, and a per-namespace size budget that evicts within one toolkit's
/// entries and never another's.
#[tokio::test(flavor = "current_thread")]
async fn redis_cache_limits_and_namespace_budget() {
    use trove_host_ops::cache::{CacheScope, CacheStore, RedisCache};
    use trove_host_ops::redis_store::RedisStore;
    let redis = match trove_host_tests::RedisServer::start() {
        Ok(r) => r,
        Err(e) => return trove_host_tests::missing_prerequisite(&e),
    };
    let store = RedisStore::new(&redis.url(0), patient()).unwrap();
    let mut vault = Toolkit::load(&fixture("vault")).await.expect("load vault");
    counts_hits_misses_and_limits(&mut vault, Arc::new(RedisCache::new(store.clone(), CacheLimits::default()))).await;

    // A budget of six entries' worth per namespace: ten entries leave six, the ones nearest to
    // expiry gone first; the other namespace's entry is untouched.
    let (tk, other) = (CacheScope { toolkit: "tk".into(), user: "u".into() }, CacheScope { toolkit: "other".into(), user: "u".into() });
    let value = "x".repeat(500);
    let each = RedisCache::entry_bytes(&tk, "k0", &value);
    let small = RedisCache::new(store, CacheLimits { max_total_bytes: 6 * each, ..CacheLimits::default() });
    let now = chrono::Utc::now();
    small.put(&other, "keep", "v", std::time::Duration::from_secs(1), now).await.unwrap();
    for i in 0..10u64 {
        small.put(&tk, &format!("k{i}"), &value, std::time::Duration::from_secs(100 + i), now).await.unwrap();
    }
    let mut kept = Vec::new();
    for i in 0..10 {
        if small.get(&tk, &format!("k{i}"), now).await.is_some() {
            kept.push(i);
        }
    }
    assert_eq!(kept, vec![4, 5, 6, 7, 8, 9], "the entries nearest to expiry were evicted");
    let total = redis.command(0, &["HGET", &format!("{}:#sizes", RedisCache::prefix("tk")), "#total"]).unwrap();
    assert_eq!(total, (6 * each).to_string());
    assert_eq!(small.get(&other, "keep", now).await.as_deref(), Some("v"), "another namespace keeps its entry");

    // An entry larger than the whole budget is dropped, and takes an older value with it.
    let tiny = RedisCache::new(RedisStore::new(&redis.url(0), patient()).unwrap(), CacheLimits { max_total_bytes: 600, ..CacheLimits::default() });
    tiny.put(&tk, "k9", &"y".repeat(600), std::time::Duration::from_secs(60), now).await.unwrap();
    assert_eq!(small.get(&tk, "k9", now).await, None, "an entry that cannot fit is not stored, nor its older value kept");
}

/// An entry something else sharing the database wrote is a miss for its reader and nothing
/// else, whether it is not UTF-8 (it was a failed command, counted as Redis being down, so every
/// user's reads missed until the next probe: review 17), larger than a value may be, or not a
/// string. The size is checked in Redis before anything is sent: a plain `GET` handed a toolkit
/// 96 MiB (review 40), and a larger one outlasted the command timeout and counted as an outage.
#[tokio::test(flavor = "current_thread")]
async fn a_foreign_entry_is_a_miss_not_an_outage() {
    use trove_host_ops::cache::{CacheScope, CacheStore, RedisCache};
    use trove_host_ops::redis_store::RedisStore;
    let redis = match trove_host_tests::RedisServer::start() {
        Ok(r) => r,
        Err(e) => return trove_host_tests::missing_prerequisite(&e),
    };
    let cache = RedisCache::new(RedisStore::new(&redis.url(0), patient()).unwrap(), CacheLimits::default());
    let (mallory, alice) = (CacheScope { toolkit: "tk".into(), user: "mallory".into() }, CacheScope { toolkit: "tk".into(), user: "alice".into() });
    let now = chrono::Utc::now();
    cache.put(&alice, "a", "alice's", std::time::Duration::from_secs(60), now).await.unwrap();
    let max = CacheLimits::default().max_value_bytes;
    let fill = |n: usize| format!("redis.call('SET', KEYS[1], string.rep('x', {n})) return 1");
    redis.command(0, &["EVAL", &fill(max + 1), "1", &RedisCache::entry_key(&mallory, "big")]).unwrap();
    redis.command(0, &["EVAL", &fill(max), "1", &RedisCache::entry_key(&mallory, "fits")]).unwrap();
    redis.command(0, &["HSET", &RedisCache::entry_key(&mallory, "hash"), "f", "v"]).unwrap();
    let not_utf8 = "redis.call('SET', KEYS[1], string.char(255, 254, 0)) return 1";
    redis.command(0, &["EVAL", not_utf8, "1", &RedisCache::entry_key(&mallory, "bad")]).unwrap();
    assert_eq!(cache.get(&mallory, "bad", now).await, None, "not UTF-8");
    assert_eq!(cache.get(&mallory, "big", now).await, None, "one byte over a value's limit");
    assert_eq!(cache.get(&mallory, "fits", now).await.map(|v| v.len()), Some(max), "a value of the limit itself is read");
    assert_eq!(cache.get(&mallory, "hash", now).await, None);
    assert_eq!(cache.get(&alice, "a", now).await.as_deref(), Some("alice's"), "the cache is still up for everyone");
}

/// `rediss://`: the store speaks TLS and verifies the server's certificate against the roots
/// it is given (`--redis-ca-file`). Without them, the self-signed server is refused. (rustls
/// needs a process-wide provider, which the store installs: without it every connection
/// attempt panicked on the store's thread.)
#[tokio::test(flavor = "current_thread")]
async fn redis_cache_over_tls_with_its_roots_only() {
    use trove_host_ops::cache::{CacheScope, CacheStore, RedisCache};
    use trove_host_ops::redis_store::{RedisOptions, RedisStore};
    let redis = match trove_host_tests::RedisServer::start_tls() {
        Ok(r) => r,
        Err(e) => return trove_host_tests::missing_prerequisite(&e),
    };
    let scope = CacheScope { toolkit: "tk".into(), user: "u".into() };
    let options = RedisOptions { command_timeout: std::time::Duration::from_secs(2), ..RedisOptions::default() };
    let untrusted = RedisCache::new(RedisStore::new(&redis.tls_url(0), options.clone()).unwrap(), CacheLimits::default());
    untrusted.put(&scope, "k", "not verified", std::time::Duration::from_secs(60), chrono::Utc::now()).await.unwrap();
    assert_eq!(redis.command(0, &["EXISTS", "trove:cache:{tk}:u:k"]).unwrap(), "0", "an unverified server gets nothing");

    let trusted = RedisOptions { tls_root_pem: Some(redis.tls_root_pem()), ..options };
    let cache = RedisCache::new(RedisStore::new(&redis.tls_url(0), trusted).unwrap(), CacheLimits::default());
    cache.put(&scope, "k", "over tls", std::time::Duration::from_secs(60), chrono::Utc::now()).await.unwrap();
    assert_eq!(cache.get(&scope, "k", chrono::Utc::now()).await.as_deref(), Some("over tls"));
    assert_eq!(redis.command(0, &["GET", "trove:cache:{tk}:u:k"]).unwrap(), "over tls", "stored through the TLS port");
}

/// A Redis that died after working is dialled at most about once a second, not once per
/// command (redis-rs's connection manager alone reconnects on every failed command).
#[tokio::test(flavor = "current_thread")]
async fn a_dead_redis_is_not_dialled_per_command() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use trove_host_ops::cache::{CacheScope, CacheStore, RedisCache};
    use trove_host_ops::redis_store::RedisStore;
    let mut redis = match trove_host_tests::RedisServer::start() {
        Ok(r) => r,
        Err(e) => return trove_host_tests::missing_prerequisite(&e),
    };
    let cache = RedisCache::new(RedisStore::new(&redis.url(0), patient()).unwrap(), CacheLimits::default());
    let scope = CacheScope { toolkit: "tk".into(), user: "u".into() };
    cache.put(&scope, "k", "v", std::time::Duration::from_secs(60), chrono::Utc::now()).await.unwrap();
    assert_eq!(cache.get(&scope, "k", chrono::Utc::now()).await.as_deref(), Some("v"), "connected");
    // The server dies; in its place, a listener that accepts and closes at once, counting.
    let port = redis.port();
    redis.kill();
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).expect("the port is free again");
    let accepts = Arc::new(AtomicUsize::new(0));
    let counted = accepts.clone();
    std::thread::spawn(move || {
        for conn in listener.incoming() {
            counted.fetch_add(1, Ordering::SeqCst);
            drop(conn);
        }
    });
    let started = std::time::Instant::now();
    for _ in 0..40 {
        assert_eq!(cache.get(&scope, "k", chrono::Utc::now()).await, None);
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    let seconds = started.elapsed().as_secs_f64();
    let dials = accepts.load(Ordering::SeqCst);
    // One attempt a second (each may retry once), plus the manager's own reconnect at the drop.
    assert!(dials as f64 <= 2.0 * (seconds + 1.0) + 1.0, "{dials} connections in {seconds:.1} s for 40 commands");
}

/// A full Redis (`maxmemory`, `noeviction`) refuses the put script instead of letting it write
/// past the limit; the put is dropped and the call still succeeds.
#[tokio::test(flavor = "current_thread")]
async fn a_full_redis_refuses_puts() {
    use trove_host_ops::cache::{CacheScope, CacheStore, RedisCache};
    use trove_host_ops::redis_store::RedisStore;
    let redis = match trove_host_tests::RedisServer::start() {
        Ok(r) => r,
        Err(e) => return trove_host_tests::missing_prerequisite(&e),
    };
    redis.command(0, &["CONFIG", "SET", "maxmemory-policy", "noeviction"]).unwrap();
    let info = redis.command(0, &["INFO", "memory"]).unwrap();
    let used_memory: u64 = info.lines().find_map(|l| l.strip_prefix("used_memory:")).and_then(|v| v.trim().parse().ok()).unwrap();
    redis.command(0, &["CONFIG", "SET", "maxmemory", &(used_memory + 512 * 1024).to_string()]).unwrap();
    let cache = RedisCache::new(RedisStore::new(&redis.url(0), patient()).unwrap(), CacheLimits::default());
    let scope = CacheScope { toolkit: "tk".into(), user: "u".into() };
    let value = "z".repeat(300 * 1024);
    for i in 0..8 {
        cache.put(&scope, &format!("k{i}"), &value, std::time::Duration::from_secs(60), chrono::Utc::now()).await.unwrap();
    }
    let info = redis.command(0, &["INFO", "memory"]).unwrap();
    let after: u64 = info.lines().find_map(|l| l.strip_prefix("used_memory:")).and_then(|v| v.trim().parse().ok()).unwrap();
    assert!(after < used_memory + 1024 * 1024, "Redis stayed near its limit: {after} bytes used, limit {}", used_memory + 512 * 1024);
    let stored = (0..8).filter(|i| redis.command(0, &["EXISTS", &format!("trove:cache:{{tk}}:u:k{i}")]).unwrap() == "1").count();
    assert!(stored < 8, "not every put was stored past the limit");
}
