//! `trove-host serve` (the `trove-host-server` crate) against a real server on 127.0.0.1 over
//! real HTTP: wire parity with the conformance corpus and the wire's own errors
//! ([`serve::wire`]), the platform callbacks ([`serve::callbacks`]), concurrency and overload
//! ([`serve::load`]), isolate faults next to healthy calls ([`serve::faults`]), and starting,
//! shutting down and `--watch` ([`serve::lifecycle`]).
//!
//! Fixture toolkits: `tests/fixtures/{echo,faults,import-throws,vault}`; copies that differ in
//! one line are written under `CARGO_TARGET_TMPDIR` by [`copy_toolkit`]. Log lines of the whole
//! test binary are captured ([`logs`]) so tests can check what the server logs.

mod serve {
    pub mod callbacks;
    pub mod faults;
    pub mod lifecycle;
    pub mod load;
    pub mod shared_cache;
    pub mod wire;
}

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ReplayTransport, ToolCall, ToolkitHandle};
use trove_host_server::{EnvSource, RunningServer, ServeOptions, Server};

pub use trove_host_tests::{fixture, repo_root};

/// Every log line the test binary wrote (all tests; filter by something unique).
pub fn logs() -> Vec<String> {
    let buffer = capture().lock().unwrap();
    String::from_utf8_lossy(&buffer).lines().map(str::to_owned).collect()
}

fn capture() -> &'static Mutex<Vec<u8>> {
    static LOGS: OnceLock<Mutex<Vec<u8>>> = OnceLock::new();
    LOGS.get_or_init(Mutex::default)
}

struct CaptureWriter;

impl Write for CaptureWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        capture().lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Installs the log capture (info and above, every target) once for the binary.
pub fn init_logs() {
    static INIT: OnceLock<()> = OnceLock::new();
    INIT.get_or_init(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_writer(|| CaptureWriter)
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .finish();
        tracing::subscriber::set_global_default(subscriber).expect("one global subscriber");
        // LocalProviders keeps its stores under TROVE_HOST_HOME: a scratch directory, set before
        // any thread reads the environment for it.
        std::env::set_var("TROVE_HOST_HOME", scratch("home"));
    });
}

/// A fresh scratch directory `serve-<name>` under `CARGO_TARGET_TMPDIR`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Copies the toolkit directory `from` to `to` with each `(old, new)` replaced in its `.ts`
/// files (every replacement must apply).
pub fn copy_toolkit(from: &Path, to: &Path, replace: &[(&str, &str)]) {
    std::fs::create_dir_all(to).expect("toolkit dir");
    let mut applied = vec![false; replace.len()];
    for entry in std::fs::read_dir(from).expect("read fixture") {
        let path = entry.expect("entry").path();
        let mut text = std::fs::read_to_string(&path).expect("read fixture file");
        for (i, (old, new)) in replace.iter().enumerate() {
            if text.contains(old) {
                text = text.replace(old, new);
                applied[i] = true;
            }
        }
        std::fs::write(to.join(path.file_name().expect("name")), text).expect("write copy");
    }
    assert!(applied.iter().all(|a| *a), "not every replacement applied in {}", from.display());
}

/// Serialises the tests that load the machine or measure time (the parity run, 1,000
/// concurrent calls, overload, faults, shutdown), so that one does not skew another's timing on
/// a small machine. Hold the guard for the whole test.
pub async fn exclusive() -> tokio::sync::MutexGuard<'static, ()> {
    static LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    LOCK.lock().await
}

/// A host with default settings (each test's toolkits bring their own limits and pools).
pub fn host() -> Host {
    Host::new(HostConfig::default()).expect("host")
}

/// Options for a test server: 127.0.0.1, a free port.
pub fn local() -> ServeOptions {
    ServeOptions { listen: SocketAddr::from(([127, 0, 0, 1], 0)), ..ServeOptions::default() }
}

/// An [`EnvSource`] with no providers and no egress (a replay with nothing scripted).
pub fn no_egress() -> Arc<dyn EnvSource> {
    Arc::new(|_: &ToolkitHandle, _: &ToolCall| Ok(CallEnv::new(Arc::new(ReplayTransport::new(Vec::new())))))
}

/// Starts a server that must start.
pub async fn start(toolkits: Vec<PathBuf>, load: LoadOptions, env: Arc<dyn EnvSource>, options: ServeOptions) -> RunningServer {
    init_logs();
    match Server::start(host(), toolkits, load, env, options).await {
        Ok(running) => running,
        Err(e) => panic!("the server did not start: {e}"),
    }
}

/// An HTTP answer: status, headers, the body as JSON, and how long it took.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
    pub elapsed: Duration,
}

/// An HTTP client for test servers (no proxy from the environment).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().expect("client")
}

/// Sends `method url` with `body` and reads the answer as JSON.
pub async fn send(client: &reqwest::Client, method: reqwest::Method, url: &str, body: Option<String>) -> Reply {
    let started = Instant::now();
    let mut request = client.request(method.clone(), url);
    if let Some(body) = body {
        request = request.header("content-type", "application/json").body(body);
    }
    let response = request.send().await.unwrap_or_else(|e| panic!("{method} {url}: {e}"));
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap_or_else(|e| panic!("{method} {url}: body: {e}"));
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{method} {url}: not JSON ({e}): {text}"));
    Reply { status, headers, body, elapsed: started.elapsed() }
}

/// `POST url` with the JSON `call`.
pub async fn post(client: &reqwest::Client, url: &str, call: &Value) -> Reply {
    send(client, reqwest::Method::POST, url, Some(call.to_string())).await
}

/// `GET url`.
pub async fn get(client: &reqwest::Client, url: &str) -> Reply {
    send(client, reqwest::Method::GET, url, None).await
}

/// `http://<addr>/<path>`.
pub fn url(running: &RunningServer, path: &str) -> String {
    format!("http://{}/{}", running.local_addr(), path.trim_start_matches('/'))
}
