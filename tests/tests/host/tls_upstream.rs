//! A real HTTPS server on `127.0.0.1:443` that serves a cassette in order (through the host's
//! own `ReplayTransport`, so matching and responses are exactly the replay semantics),
//! with a self-signed certificate for the names it impersonates, and the network transport
//! that reaches it: a test-only resolver answers those names with `127.0.0.1`, and only that
//! address is permitted past the vetting resolver (`permit_address_for_tests`). Scheme,
//! allowlist and every other address rule stay in force.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport, Resolver};
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::egress::{EgressBudgets, HttpRequest, Transport};

/// The cassette being served.
type State = Mutex<Arc<ReplayTransport>>;

/// The server; [`Self::load`] gives it the next example's exchanges. Tests that use one take
/// turns: the accept loop holds port 443 until its task is dropped.
pub struct CassetteServer {
    state: Arc<State>,
    hosts: Vec<String>,
    cert_pem: Vec<u8>,
    task: tokio::task::JoinHandle<()>,
}

/// The bound socket and the turn that allowed it, in that order: fields drop in declaration
/// order, so the socket is closed before the next test may bind the port. (Releasing the turn
/// first let the next test's bind race the aborted task's socket: `EADDRINUSE` on CI.)
struct Port443 {
    listener: tokio::net::TcpListener,
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

impl Drop for CassetteServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Port 443, one test at a time.
static PORT_443: std::sync::OnceLock<Arc<tokio::sync::Mutex<()>>> = std::sync::OnceLock::new();

/// Answers every name with `127.0.0.1`.
struct LoopbackResolver(Vec<String>);

#[async_trait]
impl Resolver for LoopbackResolver {
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        let host = host.trim_end_matches('.');
        if self.0.iter().any(|h| h == host) {
            Ok(vec![IpAddr::V4(Ipv4Addr::LOCALHOST)])
        } else {
            Err(std::io::Error::new(std::io::ErrorKind::NotFound, format!("no test record for {host}")))
        }
    }
}

impl CassetteServer {
    /// Starts the server for `hosts`, or says why port 443 cannot be bound (e.g. not root).
    pub async fn start(hosts: &[&str]) -> Result<Self, String> {
        let turn = PORT_443.get_or_init(Arc::default).clone().lock_owned().await;
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 443))
            .await
            .map_err(|e| format!("cannot bind 127.0.0.1:443 ({e}): run as root or with CAP_NET_BIND_SERVICE"))?;
        let port = Port443 { listener, _turn: turn };
        let names: Vec<String> = hosts.iter().map(|h| (*h).to_owned()).collect();
        let (acceptor, cert_pem) = trove_host_tests::self_signed_tls(hosts);
        let state: Arc<State> = Arc::new(Mutex::new(Arc::new(ReplayTransport::new(Vec::new()))));
        let shared = state.clone();
        let task = tokio::spawn(async move {
            let port = port; // the whole value, turn included, lives and dies with the task
            loop {
                let Ok((tcp, _)) = port.listener.accept().await else { return };
                let (acceptor, state) = (acceptor.clone(), shared.clone());
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(tcp).await else { return };
                    let service = hyper::service::service_fn(move |req| answer(state.clone(), req));
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(tls), service)
                        .await;
                });
            }
        });
        Ok(Self { state, hosts: names, cert_pem, task })
    }

    /// Network settings that reach this server for its host names (for a `Host`).
    pub fn network_options(&self) -> NetworkOptions {
        let mut options = NetworkOptions::default();
        options.resolver = Arc::new(LoopbackResolver(self.hosts.clone()));
        options.extra_roots_pem = vec![self.cert_pem.clone()];
        options.permit_address_for_tests(IpAddr::V4(Ipv4Addr::LOCALHOST))
    }

    /// The network transport that reaches this server for its host names.
    pub fn transport(&self) -> NetworkTransport {
        NetworkTransport::new(self.network_options()).expect("network transport")
    }

    /// Serves `exchanges` next, in order.
    pub fn load(&self, exchanges: Vec<Exchange>) {
        *self.state.lock().unwrap() = Arc::new(ReplayTransport::new(exchanges));
    }

    /// Mismatches since [`Self::load`], and how many exchanges were never requested.
    pub fn finish(&self) -> (Vec<String>, usize) {
        let replay = self.state.lock().unwrap().clone();
        (replay.failures(), replay.remaining().len())
    }
}

async fn answer(state: Arc<State>, req: Request<Incoming>) -> Result<Response<Full<Bytes>>, std::io::Error> {
    let method = req.method().as_str().to_owned();
    let host = req.headers().get("host").and_then(|h| h.to_str().ok()).unwrap_or_default().to_owned();
    let target = req.uri().path_and_query().map(|p| p.as_str()).unwrap_or("/").to_owned();
    let url = url::Url::parse(&format!("https://{host}{target}")).map_err(std::io::Error::other)?;
    let body = req.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
    let request = HttpRequest {
        method,
        url,
        headers: Vec::new(),
        body: (!body.is_empty()).then_some(body),
        budgets: EgressBudgets::default(),
    };
    let replay = state.lock().unwrap().clone();
    // A scripted network error (or a mismatch) drops the connection without answering.
    let recorded = replay.send(request).await.map_err(std::io::Error::other)?;
    let mut response = Response::builder().status(recorded.status);
    for (name, value) in recorded.headers {
        response = response.header(name, value);
    }
    Ok(response.body(Full::new(recorded.body)).expect("response"))
}
