//! Shared helpers for trove-host's integration tests: where the repository is, and the
//! `trove-host` binary (which belongs to another package, so Cargo does not set
//! `CARGO_BIN_EXE_trove-host` for these tests).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The repository root (the workspace).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace").to_path_buf()
}

/// `tests/fixtures/<name>`.
pub fn fixture(name: &str) -> PathBuf {
    repo_root().join("tests").join("fixtures").join(name)
}

/// The `trove-host` binary, built on first use with `cargo build -p trove-host-cli --bin
/// trove-host` into the target directory the calling test binary was built in (a no-op when
/// it is up to date).
pub fn cli_binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        // The test executable is <target>/<profile>/deps/<name>-<hash>.
        let exe = std::env::current_exe().expect("current exe");
        let profile_dir = exe.parent().and_then(Path::parent).expect("<target>/<profile>/deps");
        let target_dir = profile_dir.parent().expect("<target>");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut build = Command::new(cargo);
        build.current_dir(repo_root()).args(["build", "--quiet", "-p", "trove-host-cli", "--bin", "trove-host"]);
        build.env("CARGO_TARGET_DIR", target_dir);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            build.arg("--release");
        }
        let status = build.status().expect("run cargo build");
        assert!(status.success(), "cargo build -p trove-host-cli failed");
        let bin = profile_dir.join(format!("trove-host{}", std::env::consts::EXE_SUFFIX));
        assert!(bin.is_file(), "{} was not built", bin.display());
        bin
    })
}

/// Runs `trove-host args…` from the repository root with extra environment `env` (and
/// without the caller's `RUST_LOG`), waiting for it to finish.
pub fn run_cli(args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut cmd = Command::new(cli_binary());
    cmd.args(args).current_dir(repo_root()).env_remove("RUST_LOG");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("run trove-host");
    let mut input = child.stdin.take().expect("stdin");
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).expect("write stdin");
    }
    drop(input);
    child.wait_with_output().expect("wait for trove-host")
}

/// For a test whose prerequisite is missing (the conformance corpus, port 443): under `CI=true`
/// (or `CI=1`) the test fails with `reason`, which names the prerequisite; elsewhere this prints
/// `skipped: <test>: <reason>` to stderr and the test returns. Rust's harness cannot mark a
/// test ignored at run time, so outside CI a skipped test is still counted as passed; in CI it
/// never passes without running. Use as `return missing_prerequisite(&reason);`.
#[track_caller]
pub fn missing_prerequisite(reason: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("this test");
    if std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1") {
        panic!("{test}: missing prerequisite (CI is set, so this fails instead of skipping): {reason}");
    }
    eprintln!("skipped: {test}: {reason}");
}

/// A TLS server configuration for a self-signed certificate naming `names`, and that
/// certificate's PEM (for a client's `extra_roots_pem`).
pub fn self_signed_tls(names: &[&str]) -> (tokio_rustls::TlsAcceptor, Vec<u8>) {
    use tokio_rustls::rustls;
    let ck = rcgen::generate_simple_self_signed(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>()).expect("certificate");
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(ck.key_pair.serialize_der().into());
    let config = rustls::ServerConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_no_client_auth()
        .with_single_cert(vec![ck.cert.der().clone()], key)
        .expect("server certificate");
    (tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config)), ck.cert.pem().into_bytes())
}

/// Runs an MCP scenario through a real MCP client, the official TypeScript SDK's `Client`
/// (`js/mcp-client/drive.mjs`; its scenario format is documented there), and returns what it
/// printed: `{ sessions: [{ connect, results, logs, stderr? }] }`.
///
/// # Panics
/// The SDK is not installed (`scripts/install-node-deps`), `node` cannot run, or the client
/// fails or prints no JSON.
pub fn mcp_drive(scenario: &serde_json::Value) -> serde_json::Value {
    use std::io::Write;
    let dir = repo_root().join("js").join("mcp-client");
    let sdk = dir.join("node_modules").join("@modelcontextprotocol").join("sdk").join("package.json");
    assert!(sdk.is_file(), "{} is missing: run scripts/install-node-deps", sdk.display());
    let mut child = Command::new("node")
        .arg(dir.join("drive.mjs"))
        .current_dir(repo_root())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run node (scripts/install-build-deps installs it)");
    child.stdin.take().expect("stdin").write_all(scenario.to_string().as_bytes()).expect("write the scenario");
    let out = child.wait_with_output().expect("wait for the MCP client");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "the MCP client failed ({}):\n{}\n{stdout}", out.status, String::from_utf8_lossy(&out.stderr));
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("the MCP client printed no JSON ({e}):\n{stdout}"))
}

/// A real HTTP server on loopback playing the Trove platform (contract §5's callbacks): it
/// records every request's path and JSON body, in order, and answers with `answer(path, body)`
/// (status, body text).
pub struct Platform {
    /// `http://127.0.0.1:<port>`: what a call's `callbackBase` names.
    pub base: String,
    /// `(path, body)` of every request so far.
    pub seen: std::sync::Arc<std::sync::Mutex<Vec<(String, serde_json::Value)>>>,
}

impl Platform {
    /// Starts the server on a free loopback port (it runs until the test process ends).
    pub fn start(answer: impl Fn(&str, &serde_json::Value) -> (u16, String) + Send + 'static) -> Self {
        let server = tiny_http::Server::http("127.0.0.1:0").expect("bind");
        let base = format!("http://{}", server.server_addr().to_ip().expect("ip"));
        let seen: std::sync::Arc<std::sync::Mutex<Vec<(String, serde_json::Value)>>> = Default::default();
        let record = seen.clone();
        std::thread::spawn(move || {
            for mut request in server.incoming_requests() {
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(request.as_reader(), &mut text);
                let body: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
                let path = request.url().to_owned();
                record.lock().unwrap().push((path.clone(), body.clone()));
                let (status, text) = answer(&path, &body);
                let _ = request.respond(tiny_http::Response::from_string(text).with_status_code(status));
            }
        });
        Self { base, seen }
    }
}
