//! Two `trove-host serve` processes sharing one Redis (`--cache redis://…`), as two hosts
//! behind a load balancer: an entry put through one is read through the other, users and
//! toolkits stay apart, TTLs are Redis's, and a Redis that dies or hangs never fails or holds up
//! a call (issue #12). The Redis is the test's own ([`RedisServer`]), on a free loopback port.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use trove_host_tests::{cli_binary, missing_prerequisite, RedisServer};

use crate::{client, copy_toolkit, fixture, post, scratch};

/// The command timeout of the outage test's hosts.
const REDIS_TIMEOUT: Duration = Duration::from_millis(200);
/// The command timeout of hosts whose test is not about it: one a loaded CI machine cannot hit
/// by accident (a timed-out put is dropped, by design).
const PATIENT: Duration = Duration::from_secs(5);

/// One `trove-host serve` process and what it wrote to stderr.
struct ServeProcess {
    _process: trove_host_tests::KilledOnDrop,
    addr: String,
    stderr: Arc<Mutex<Vec<String>>>,
}

impl ServeProcess {
    fn start(home: &Path, cache: &str, timeout: Duration, toolkits: &[&PathBuf]) -> Self {
        let mut cmd = Command::new(cli_binary());
        cmd.args(["serve", "--listen", "127.0.0.1:0", "--cache", cache])
            .args(["--redis-timeout-ms", &timeout.as_millis().to_string()])
            .args(toolkits.iter().map(|t| t.as_os_str()))
            .env("TROVE_HOST_HOME", home)
            .env("RUST_LOG", "warn,trove=info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("start trove-host serve");
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let lines = BufReader::new(child.stderr.take().expect("stderr"));
        let seen = stderr.clone();
        std::thread::spawn(move || {
            for line in lines.lines().map_while(Result::ok) {
                if let Some(addr) = line.strip_prefix("trove-host: listening on http://") {
                    let _ = tx.send(addr.to_owned());
                }
                seen.lock().unwrap().push(line);
            }
        });
        let addr = rx.recv_timeout(Duration::from_secs(120)).unwrap_or_else(|_| panic!("serve did not start: {:?}", stderr.lock().unwrap()));
        Self { _process: trove_host_tests::KilledOnDrop(child), addr, stderr }
    }

    async fn call(&self, toolkit: &str, tool: &str, args: Value, user: &str) -> (Value, Duration) {
        let started = Instant::now();
        let reply = post(&client(), &format!("http://{}/{toolkit}", self.addr), &json!({ "tool": tool, "args": args, "userId": user })).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.body["ok"], json!(true), "the call must succeed whatever Redis does: {}", reply.body);
        (reply.body["result"]["structured"].clone(), started.elapsed())
    }

    async fn put(&self, toolkit: &str, user: &str, key: &str, value: &str, ttl: f64) -> Duration {
        let (r, took) = self.call(toolkit, "put", json!({ "key": key, "value": value, "ttlSeconds": ttl }), user).await;
        assert_eq!(r["stored"], json!(true));
        took
    }

    async fn get(&self, toolkit: &str, user: &str, key: &str) -> (Value, Duration) {
        let (r, took) = self.call(toolkit, "get", json!({ "key": key }), user).await;
        (r["value"].clone(), took)
    }

    fn warnings(&self, containing: &str) -> usize {
        self.stderr.lock().unwrap().iter().filter(|l| l.contains(containing)).count()
    }
}


/// The cache probe, and a copy of it that claims another id (a second toolkit).
fn toolkits(tag: &str) -> (PathBuf, PathBuf) {
    let other = scratch(&format!("{tag}-other")).join("cache-probe-2");
    copy_toolkit(&fixture("cache-probe"), &other, &[("id: 'cache-probe'", "id: 'cache-probe-2'")]);
    (fixture("cache-probe"), other)
}

#[tokio::test]
async fn two_hosts_share_entries_and_never_cross_users_or_toolkits() {
    let redis = match RedisServer::start() {
        Ok(r) => r,
        Err(e) => return missing_prerequisite(&e),
    };
    let (probe, other) = toolkits("share");
    let a = ServeProcess::start(&scratch("share-a"), &redis.url(2), PATIENT, &[&probe, &other]);
    let b = ServeProcess::start(&scratch("share-b"), &redis.url(2), PATIENT, &[&probe, &other]);

    a.put("cache-probe", "alice", "city", "Lisbon", 3600.0).await;
    assert_eq!(b.get("cache-probe", "alice", "city").await.0, json!("Lisbon"), "put through A, read through B");
    assert_eq!(b.get("cache-probe", "bob", "city").await.0, Value::Null, "another user");
    assert_eq!(b.get("cache-probe-2", "alice", "city").await.0, Value::Null, "another toolkit");
    b.put("cache-probe-2", "alice", "city", "Porto", 3600.0).await;
    assert_eq!(a.get("cache-probe", "alice", "city").await.0, json!("Lisbon"), "the other toolkit's put did not overwrite");
    assert_eq!(a.get("cache-probe-2", "alice", "city").await.0, json!("Porto"));

    // The TTL is Redis's: the key carries it, and Redis (not the host) makes it go.
    a.put("cache-probe", "alice", "short", "soon gone", 1.0).await;
    assert_eq!(b.get("cache-probe", "alice", "short").await.0, json!("soon gone"));
    let keys = redis_keys(&redis, 2);
    let short = keys.iter().find(|k| k.ends_with(":alice:short")).unwrap_or_else(|| panic!("no entry key among {keys:?}"));
    let pttl: i64 = redis_in(&redis, 2, &["PTTL", short]).parse().unwrap();
    assert!((1..=1000).contains(&pttl), "Redis holds the TTL: PTTL {pttl}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(redis_in(&redis, 2, &["EXISTS", short]), "0", "Redis expired the key itself");
    assert_eq!(b.get("cache-probe", "alice", "short").await.0, Value::Null);
}

/// Redis killed mid-run: every call still succeeds, as a miss, and none waits much longer
/// than the command timeout; Redis back: hits resume without restarting the hosts. A hung
/// Redis (SIGSTOP) is the same: calls answer within the timeout.
#[tokio::test]
async fn redis_down_or_hung_costs_misses_not_calls() {
    let mut redis = match RedisServer::start() {
        Ok(r) => r,
        Err(e) => return missing_prerequisite(&e),
    };
    let (probe, _) = toolkits("outage");
    let a = ServeProcess::start(&scratch("outage-a"), &redis.url(0), REDIS_TIMEOUT, &[&probe]);
    let b = ServeProcess::start(&scratch("outage-b"), &redis.url(0), REDIS_TIMEOUT, &[&probe]);
    // Shared before the outage (retried: on a loaded machine a 200 ms command may time out,
    // and then the host waits a second before it reconnects).
    eventually_shared(&a, &b, "before").await;

    // A call's own overhead (an HTTP round trip, an isolate) is far below this slack.
    let bound = REDIS_TIMEOUT + Duration::from_millis(800);
    let outage = "is unavailable";
    let warned_before = a.warnings(outage);
    redis.kill();
    for i in 0..10 {
        let host = if i % 2 == 0 { &a } else { &b };
        let took = host.put("cache-probe", "u", "k", "during", 3600.0).await;
        let (value, took_get) = host.get("cache-probe", "u", "k").await;
        assert_eq!(value, Value::Null, "a miss while Redis is down");
        assert!(took < bound && took_get < bound, "call {i} waited {took:?}/{took_get:?} (bound {bound:?})");
    }
    assert_eq!(a.warnings(outage) - warned_before, 1, "one warning per outage: {:?}", a.stderr.lock().unwrap());

    redis.restart().expect("Redis restarts on its port");
    // The hosts reconnect by themselves (attempts are spaced by a second).
    eventually_shared(&a, &b, "after").await;

    redis.pause();
    let took = a.put("cache-probe", "u", "k", "hung", 3600.0).await;
    let (value, took_get) = b.get("cache-probe", "u", "k").await;
    redis.resume();
    assert_eq!(value, Value::Null, "a hung Redis is a miss");
    assert!(took < bound && took_get < bound, "a hung Redis held a call up: {took:?}/{took_get:?} (bound {bound:?})");
}

/// Puts `value` through `a` until `b` reads it (10 s at most).
async fn eventually_shared(a: &ServeProcess, b: &ServeProcess, value: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        a.put("cache-probe", "u", "k", value, 3600.0).await;
        if b.get("cache-probe", "u", "k").await.0 == json!(value) {
            return;
        }
        assert!(Instant::now() < deadline, "{value:?} put through one host was not read through the other within 10 s");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn redis_in(redis: &RedisServer, db: u8, args: &[&str]) -> String {
    redis.command(db, args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn redis_keys(redis: &RedisServer, db: u8) -> Vec<String> {
    redis_in(redis, db, &["KEYS", "*"]).lines().map(str::to_owned).collect()
}

/// Bad store flags stop the command with exit 2 and a message naming what is wrong, never
/// echoing a password or the token key.
#[test]
fn bad_store_flags_are_named_without_their_secrets() {
    let probe = fixture("cache-probe");
    let probe = probe.to_str().unwrap();
    let home = scratch("bad-flags");
    let home = home.to_str().unwrap();
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["call", probe, "get", "--args", r#"{"key":"k"}"#];
        all.extend_from_slice(args);
        let mut env = env.to_vec();
        env.push(("TROVE_HOST_HOME", home));
        let out = trove_host_tests::run_cli(&all, &env, None);
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (code, err) = run(&["--cache", "redis://:s3cretpw@127.0.0.1:notaport/0"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is not a Redis URL") && !err.contains("s3cretpw"), "{err}");
    let (code, err) = run(&["--cache", "http://user:s3cretpw@cache.example/"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is not a cache") && !err.contains("s3cretpw"), "{err}");
    let (code, err) = run(&["--token-cache", "redis://127.0.0.1:1/0"], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a shared token cache needs TROVE_HOST_TOKEN_KEY"), "{err}");
    let short = "c2hvcnQta2V5LW9mLTE4LWJ5dGVz";
    let (code, err) = run(&["--token-cache", "redis://127.0.0.1:1/0"], &[("TROVE_HOST_TOKEN_KEY", short)]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("TROVE_HOST_TOKEN_KEY: the token key must be 32 bytes, this one is 21") && !err.contains(short), "{err}");
    let (code, err) = run(&["--redis-timeout-ms", "0"], &[]);
    assert_eq!((code, err.trim_end()), (Some(2), "trove-host: --redis-timeout-ms must be between 1 and 60000, got 0"));
}
