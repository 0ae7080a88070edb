//! Shared helpers for trove-host's integration tests: where the repository is, and the
//! `trove-host` binary (which belongs to another package, so Cargo does not set
//! `CARGO_BIN_EXE_trove-host` for these tests).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::sync::OnceLock;

/// The repository root (the workspace).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ is inside the workspace").to_path_buf()
}

/// Writes `files` (relative path → content) into a fresh scratch directory under the target
/// directory's `tmp` (what Cargo gives integration tests as `CARGO_TARGET_TMPDIR`) and returns
/// it. Every call gets its own directory, so tests can run in parallel.
pub fn scratch_toolkit(name: &str, files: &[(&str, &str)]) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    // The test executable is <target>/<profile>/deps/<name>-<hash>.
    let exe = std::env::current_exe().expect("current exe");
    let target_dir = exe.ancestors().nth(3).expect("<target>/<profile>/deps/<exe>");
    let dir = target_dir.join("tmp").join("scratch-toolkits").join(format!("{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, content) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a file has a parent")).expect("create scratch dir");
        std::fs::write(&path, content).expect("write scratch file");
    }
    dir.canonicalize().expect("scratch dir exists")
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

/// A `redis-server` of the test's own on a free loopback port, with no persistence, stopped
/// (killed) when dropped. For the shared-store tests (`--cache redis://…`, `--token-cache`).
pub struct RedisServer {
    port: u16,
    /// The TLS port, when started by [`RedisServer::start_tls`].
    tls_port: Option<u16>,
    dir: PathBuf,
    child: Option<std::process::Child>,
}

impl RedisServer {
    /// Starts a server, or returns why it cannot (no `redis-server` on `PATH`: install it
    /// with `scripts/install-build-deps`); pass the reason to [`missing_prerequisite`].
    ///
    /// # Errors
    /// `redis-server` is missing or did not answer `PING` within 10 s.
    pub fn start() -> Result<Self, String> {
        let dir = std::env::temp_dir().join(format!("trove-redis-{}-{}", std::process::id(), Self::next_id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Self::start_with(dir, false)
    }

    /// Starts a server that also speaks TLS (self-signed certificate) on a second port:
    /// [`Self::tls_url`]. The plain port stays open for [`Self::command`].
    ///
    /// # Errors
    /// As [`Self::start`].
    pub fn start_tls() -> Result<Self, String> {
        let dir = std::env::temp_dir().join(format!("trove-redis-{}-{}", std::process::id(), Self::next_id()));
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned(), "localhost".to_owned()]).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("tls.crt"), ck.cert.pem()).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("tls.key"), ck.key_pair.serialize_pem()).map_err(|e| e.to_string())?;
        Self::start_with(dir, true)
    }

    fn free_port() -> Result<u16, String> {
        Ok(std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| e.to_string())?.port())
    }

    fn start_with(dir: PathBuf, tls: bool) -> Result<Self, String> {
        let mut last = String::new();
        for _ in 0..5 {
            let port = Self::free_port()?;
            let tls_port = if tls { Some(Self::free_port()?) } else { None };
            let mut server = Self { port, tls_port, dir: dir.clone(), child: None };
            match server.spawn() {
                Ok(()) => return Ok(server),
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn next_id() -> usize {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        N.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    }

    fn spawn(&mut self) -> Result<(), String> {
        let mut cmd = Command::new("redis-server");
        cmd.args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]).arg("--dir").arg(&self.dir);
        if let Some(tls_port) = self.tls_port {
            cmd.args(["--tls-port", &tls_port.to_string(), "--tls-auth-clients", "no"])
                .arg("--tls-cert-file")
                .arg(self.dir.join("tls.crt"))
                .arg("--tls-key-file")
                .arg(self.dir.join("tls.key"));
        }
        let child = cmd
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run redis-server ({e}); scripts/install-build-deps installs it"))?;
        self.child = Some(child);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::time::Instant::now() < deadline {
            if self.command(0, &["PING"]).is_ok_and(|r| r == "PONG") {
                return Ok(());
            }
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                self.child = None;
                return Err(format!("redis-server exited at start ({status}); port {} taken?", self.port));
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        self.kill();
        Err(format!("redis-server on port {} did not answer PING within 10 s", self.port))
    }

    /// `redis://127.0.0.1:<port>/<db>`.
    pub fn url(&self, db: u8) -> String {
        format!("redis://127.0.0.1:{}/{db}", self.port)
    }

    /// `rediss://127.0.0.1:<tls port>/<db>`; its certificate (self-signed, for 127.0.0.1) is
    /// [`Self::tls_root_pem`].
    ///
    /// # Panics
    /// The server was not started by [`Self::start_tls`].
    pub fn tls_url(&self, db: u8) -> String {
        format!("rediss://127.0.0.1:{}/{db}", self.tls_port.expect("started with start_tls"))
    }

    /// The PEM of the TLS port's self-signed certificate, to trust as a root.
    pub fn tls_root_pem(&self) -> Vec<u8> {
        std::fs::read(self.dir.join("tls.crt")).expect("started with start_tls")
    }

    /// The plain port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Runs one command on database `db` and returns its answer as text (arrays joined by
    /// newlines, nil as `(nil)`), for tests that look at what is stored.
    ///
    /// # Errors
    /// The server did not answer.
    pub fn command(&self, db: u8, args: &[&str]) -> Result<String, String> {
        let client = redis::Client::open(self.url(db)).map_err(|e| e.to_string())?;
        let mut c = client.get_connection_with_timeout(std::time::Duration::from_secs(1)).map_err(|e| e.to_string())?;
        let mut cmd = redis::cmd(args[0]);
        for a in &args[1..] {
            cmd.arg(*a);
        }
        let value: redis::Value = cmd.query(&mut c).map_err(|e| e.to_string())?;
        Ok(Self::text(&value))
    }

    fn text(value: &redis::Value) -> String {
        match value {
            redis::Value::Nil => "(nil)".into(),
            redis::Value::Int(i) => i.to_string(),
            redis::Value::BulkString(b) => String::from_utf8_lossy(b).into_owned(),
            redis::Value::SimpleString(s) => s.clone(),
            redis::Value::Okay => "OK".into(),
            redis::Value::Array(items) | redis::Value::Set(items) => items.iter().map(Self::text).collect::<Vec<_>>().join("\n"),
            other => format!("{other:?}"),
        }
    }

    /// The raw bytes stored at `key` in database `db`, if any.
    pub fn get_bytes(&self, db: u8, key: &str) -> Option<Vec<u8>> {
        let client = redis::Client::open(self.url(db)).ok()?;
        let mut c = client.get_connection_with_timeout(std::time::Duration::from_secs(1)).ok()?;
        redis::cmd("GET").arg(key).query::<Option<Vec<u8>>>(&mut c).ok().flatten()
    }

    /// Kills the server (SIGKILL) and waits for it: what a crash looks like to clients.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server again on the same port, empty.
    ///
    /// # Errors
    /// As [`Self::start`].
    pub fn restart(&mut self) -> Result<(), String> {
        self.kill();
        self.spawn()
    }

    /// Freezes the server (SIGSTOP): connections stay open and nothing answers, what a slow or
    /// hung Redis looks like. [`Self::resume`] undoes it.
    pub fn pause(&self) {
        self.signal("-STOP");
    }

    /// Undoes [`Self::pause`] (SIGCONT).
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let pid = self.child.as_ref().expect("the server is running").id().to_string();
        let status = Command::new("kill").args([signal, &pid]).status().expect("run kill");
        assert!(status.success(), "kill {signal} {pid} failed");
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        if self.child.is_some() {
            self.resume();
        }
        self.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A child process (a server a test or bench started) that is killed and reaped when dropped,
/// so a failing assertion never leaves it running.
pub struct KilledOnDrop(pub Child);

impl Drop for KilledOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
