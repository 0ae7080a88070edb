//! The probe served by an `McpServer` in a test process (its secret in memory, its egress
//! reaching a silent TLS upstream on loopback through the test-only resolver, which the
//! `trove-host` binary never can), and the cancellation scenario both transports run with it.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use async_trait::async_trait;
use serde_json::{json, Value};
use tokio::io::AsyncReadExt;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, MemorySecrets, NetworkOptions, NetworkTransport, ToolCall, ToolkitHandle};
use trove_host_ops::egress::network::Resolver;
use trove_host_server::mcp::{McpOptions, McpServer};

use crate::{fixture, PROBE_TOKEN};

/// The name the probe's `hang` tool fetches.
pub const UPSTREAM: &str = "upstream.mcp.test";

/// A TLS server for [`UPSTREAM`] that reads a request and never answers, and records when
/// the client closed the connection.
pub struct SilentUpstream {
    pub port: u16,
    pub cert_pem: Vec<u8>,
    pub requested: Arc<AtomicBool>,
    closed_at: Arc<Mutex<Option<SystemTime>>>,
}

impl SilentUpstream {
    pub async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let (acceptor, cert_pem) = trove_host_tests::self_signed_tls(&[UPSTREAM]);
        let requested = Arc::new(AtomicBool::new(false));
        let closed_at = Arc::new(Mutex::new(None));
        let (r, c) = (requested.clone(), closed_at.clone());
        tokio::spawn(async move {
            loop {
                let Ok((tcp, _)) = listener.accept().await else { return };
                let (acceptor, r, c) = (acceptor.clone(), r.clone(), c.clone());
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(tcp).await else { return };
                    let mut seen = Vec::new();
                    let mut buf = [0u8; 4096];
                    loop {
                        match tls.read(&mut buf).await {
                            Ok(0) | Err(_) => break,
                            Ok(n) => {
                                seen.extend_from_slice(&buf[..n]);
                                if seen.windows(4).any(|w| w == b"\r\n\r\n") {
                                    r.store(true, Ordering::SeqCst);
                                }
                            }
                        }
                    }
                    if r.load(Ordering::SeqCst) {
                        c.lock().expect("closed_at").get_or_insert(SystemTime::now());
                    }
                });
            }
        });
        Self { port, cert_pem, requested, closed_at }
    }

    /// The URL the probe's `hang` tool is given.
    pub fn url(&self) -> String {
        format!("https://{UPSTREAM}:{}/hang", self.port)
    }

    /// When the connection that carried the request was closed, waiting up to `patience`.
    pub async fn closed_at(&self, patience: Duration) -> Option<SystemTime> {
        let deadline = tokio::time::Instant::now() + patience;
        loop {
            if let Some(at) = *self.closed_at.lock().expect("closed_at") {
                return Some(at);
            }
            if tokio::time::Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Answers [`UPSTREAM`] with 127.0.0.1, nothing else.
struct LoopbackResolver;

#[async_trait]
impl Resolver for LoopbackResolver {
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        if host.trim_end_matches('.') == UPSTREAM {
            Ok(vec![IpAddr::V4(Ipv4Addr::LOCALHOST)])
        } else {
            Err(std::io::Error::new(std::io::ErrorKind::NotFound, format!("no test record for {host}")))
        }
    }
}

/// The probe loaded into an `McpServer` with `mcp`, its secret in memory and, given the
/// certificate of a [`SilentUpstream`], its egress reaching it.
pub async fn probe_server(mcp: McpOptions, upstream_cert: Option<Vec<u8>>) -> McpServer {
    let mut network = NetworkOptions::default();
    if let Some(cert) = upstream_cert {
        network.resolver = Arc::new(LoopbackResolver);
        network.extra_roots_pem = vec![cert];
        network = network.permit_address_for_tests(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    let transport = Arc::new(NetworkTransport::new(network).expect("network transport"));
    let mut secrets = MemorySecrets::new();
    secrets.set("mcp-probe", "PROBE_TOKEN", Some(PROBE_TOKEN.to_owned()));
    let secrets = Arc::new(secrets);
    let env = move |_: &ToolkitHandle, _: &ToolCall| -> Result<CallEnv, String> {
        let mut env = CallEnv::new(transport.clone());
        env.secrets = secrets.clone();
        Ok(env)
    };
    let host = Host::new(HostConfig::default()).expect("host");
    McpServer::load(&host, vec![fixture("mcp-probe")], &LoadOptions::default(), Arc::new(env), mcp).await.expect("the probe loads")
}

/// A call to `hang` cancelled after a second, then the session kept open three more seconds
/// (so only the cancellation, not the session's end, can close the upstream's connection
/// meanwhile), then another call.
pub fn cancellation_steps(upstream: &SilentUpstream) -> Value {
    json!([
        { "op": "call", "name": "hang", "arguments": { "url": upstream.url() }, "cancelAfterMs": 1000 },
        { "op": "sleep", "ms": 3000 },
        { "op": "call", "name": "echo", "arguments": { "session": 1, "i": 1 } }
    ])
}

/// What [`cancellation_steps`] must show: the cancelled call got no result, the upstream's
/// connection closed within 1.5 s of the cancellation and before the session ended, and the
/// next call was served.
pub async fn assert_the_cancellation_closed_the_upstream(session: &Value, upstream: &SilentUpstream) {
    let cancelled = &session["results"][0];
    assert!(cancelled.get("error").is_some(), "the cancelled call got a result: {cancelled}");
    assert!(upstream.requested.load(Ordering::SeqCst), "the upstream never saw the request");
    let cancelled_at = cancelled["at"].as_f64().expect("when the call was cancelled");
    let closing = session["closing"].as_f64().expect("when the session began to end");
    let closed_at = upstream.closed_at(Duration::from_secs(10)).await.expect("the upstream's connection was never closed");
    let closed_at = closed_at.duration_since(UNIX_EPOCH).expect("after 1970").as_secs_f64() * 1e3;
    assert!(
        closed_at - cancelled_at < 1500.0 && closed_at < closing,
        "the upstream's connection closed {:.0} ms after the cancellation and {:.0} ms before the session began to end: \
         the cancellation did not close it",
        closed_at - cancelled_at,
        closing - closed_at
    );
    // The next call is served (by a new instance: the cancelled one was discarded).
    assert_eq!(session["results"][1]["result"]["content"][0]["text"], json!("local-user:1:1"), "{session}");
}
