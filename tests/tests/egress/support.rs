//! The hostile suite's world: real servers on loopback and a test-only resolver.
//!
//! - **upstream**: HTTPS on `127.0.0.1:U` with a self-signed certificate (rcgen) for every
//!   `*.trove.test` name the suite uses, trusted through `NetworkOptions::extra_roots_pem`.
//!   It speaks just enough HTTP/1.1 (keep-alive, content-length or chunked bodies) and serves
//!   the routes below; it counts requests per path and the peak of requests in flight.
//! - **forbidden**: plain TCP on port `P` of `127.0.0.1`, `127.0.0.2` and `[::1]`, one accept
//!   counter for all. Every attack URL names port `P`, so a request that got past the
//!   boundary, whatever address it was steered to, lands here and is counted. The count is
//!   read with [`Forbidden::settled_accepts`], after a marker connection to each address has
//!   been accepted, so a connection still waiting in a backlog is counted too.
//! - **resolver**: answers per name from a table (fixed records, or a sequence to simulate
//!   rebinding) and records every name it was asked. Only `127.0.0.1` is permitted through
//!   `permit_address_for_tests`; every other answer must be refused by the vetting resolver.
//!
//! Routes: `/ok`, `/echo` (method, headers, body as JSON), `/redirect?status=S&to=URL`,
//! `/loop`, `/chain/N`, `/gzip?n=N` (`n` bytes of `a`, gzip-encoded when the request accepts
//! gzip), `/big?n=N[&chunked=1]` (writes in 16 KiB pieces and records how much
//! of the body went out before the client closed: [`UpstreamState::bodies_sent`]), `/close`
//! (`connection: close`), `/slow`, `/hang` + `/hang-started` + `/hang-closed` (the abort
//! probe; [`UpstreamState::hangs_closed_by_client`]), `/token` and `/api` (OAuth).

use std::collections::{HashMap, HashSet};
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{json, Value};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Notify;
use tokio_rustls::rustls;
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport, Resolver};
use trove_host_ops::egress::EgressBudgets;
use trove_host_ops::CallEnv;

/// The names in the certificate (and so the names a TLS connection can succeed for).
pub const CERT_NAMES: &[&str] = &[
    "api.trove.test",
    "cdn.trove.test",
    "auth.trove.test",
    "rebind.trove.test",
    "ports.trove.test",
    "dflt.trove.test",
];

/// The contract's messages.
pub const PRIVATE: &str = "Refusing egress to a private, loopback, or link-local address.";
pub const MALFORMED: &str = "Refusing to fetch a malformed URL.";
pub fn not_allowed(host: &str) -> String {
    format!("Egress to \"{host}\" is not in the server's egress allowlist.")
}
pub fn scheme(s: &str) -> String {
    format!("Refusing non-HTTP(S) egress ({s}).")
}
pub const NON_HTTPS: &str = "Refusing non-HTTPS egress (http:).";

struct Cert {
    pem: String,
    chain: Vec<rustls::pki_types::CertificateDer<'static>>,
    key_der: Vec<u8>,
}

fn cert() -> &'static Cert {
    static CERT: OnceLock<Cert> = OnceLock::new();
    CERT.get_or_init(|| {
        let names: Vec<String> = CERT_NAMES.iter().map(|s| (*s).to_owned()).collect();
        let ck = rcgen::generate_simple_self_signed(names).expect("self-signed certificate");
        Cert { pem: ck.cert.pem(), chain: vec![ck.cert.der().clone()], key_der: ck.key_pair.serialize_der() }
    })
}

/// The PEM of the upstream's certificate (for `extra_roots_pem`).
pub fn cert_pem() -> Vec<u8> {
    cert().pem.clone().into_bytes()
}

fn tls_acceptor() -> tokio_rustls::TlsAcceptor {
    let c = cert();
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(c.key_der.clone().into());
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_no_client_auth()
        .with_single_cert(c.chain.clone(), key)
        .expect("server certificate");
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}

/// How `/token` answers.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenMode {
    /// `{"access_token": "t<n>", "expires_in": 3600}` where n counts mints.
    Ok,
    /// This status, empty body.
    Status(u16),
    /// 200 without `access_token`.
    NoToken,
    /// 302 to this URL.
    Redirect(String),
}

/// How long `/hang` waits for its client to go away before it gives up and closes itself.
pub const HANG_LIMIT: Duration = Duration::from_secs(20);

/// How much of one `/big` body the upstream wrote before the exchange ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodySent {
    /// The body's size (`n`).
    pub size: usize,
    /// Body bytes handed to the connection (the kernel's buffers included) before a write
    /// failed because the client had closed it, or all of them.
    pub written: usize,
    /// Whether the whole body (and its end) was written.
    pub finished: bool,
}

/// What the upstream saw.
#[derive(Default)]
pub struct UpstreamState {
    hits: Mutex<HashMap<String, usize>>,
    requests: Mutex<Vec<Value>>,
    in_flight: AtomicUsize,
    peak: AtomicUsize,
    /// TCP connections accepted.
    pub connections: AtomicUsize,
    hang_started: AtomicBool,
    hang_closed: AtomicBool,
    hang_notify: Notify,
    /// `/hang` requests whose client closed the connection, and those the upstream gave up
    /// on itself after [`HANG_LIMIT`].
    hangs_closed_by_client: AtomicUsize,
    hangs_given_up: AtomicUsize,
    /// One entry per `/big` request, once its handler has ended.
    bodies: Mutex<Vec<BodySent>>,
    /// `/token` behaviour.
    pub token_mode: Mutex<Option<TokenMode>>,
    /// `/api` answers 401 to this many requests first.
    pub api_unauthorized: AtomicUsize,
}

impl UpstreamState {
    /// Requests seen on `path` (without query).
    pub fn hits(&self, path: &str) -> usize {
        self.hits.lock().unwrap().get(path).copied().unwrap_or(0)
    }
    /// Every request seen (method, path, headers).
    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().unwrap().clone()
    }
    /// Total requests seen.
    pub fn total(&self) -> usize {
        self.hits.lock().unwrap().values().sum()
    }
    /// Most requests in flight at once.
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// Waits (10 s at most) until `n` `/hang` requests have ended, and returns how many of
    /// them ended because the client closed the connection (the rest: the upstream gave up
    /// after [`HANG_LIMIT`], or they have not ended yet).
    pub async fn hangs_closed_by_client(&self, n: usize) -> usize {
        let ended = || self.hangs_closed_by_client.load(Ordering::SeqCst) + self.hangs_given_up.load(Ordering::SeqCst);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while ended() < n && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.hangs_closed_by_client.load(Ordering::SeqCst)
    }

    /// Waits (10 s at most) until `n` `/big` requests have ended; returns what each sent.
    pub async fn bodies_sent(&self, n: usize) -> Vec<BodySent> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while self.bodies.lock().unwrap().len() < n && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        self.bodies.lock().unwrap().clone()
    }
}

/// The HTTPS upstream.
pub struct Upstream {
    pub port: u16,
    pub state: Arc<UpstreamState>,
}

impl Upstream {
    pub async fn start() -> Self {
        Self::start_with(tls_acceptor()).await
    }

    /// The same server presenting another certificate (the TLS-verification tests).
    pub async fn start_with(acceptor: tokio_rustls::TlsAcceptor) -> Self {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("bind upstream");
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(UpstreamState::default());
        let st = state.clone();
        tokio::spawn(async move {
            loop {
                let Ok((tcp, _)) = listener.accept().await else { return };
                st.connections.fetch_add(1, Ordering::SeqCst);
                let _ = tcp.set_nodelay(true);
                let acceptor = acceptor.clone();
                let st = st.clone();
                tokio::spawn(async move {
                    if let Ok(tls) = acceptor.accept(tcp).await {
                        let _ = serve(tls, st, port).await;
                    }
                });
            }
        });
        Self { port, state }
    }

    /// `https://<host>:<U><path>`.
    pub fn url(&self, host: &str, path: &str) -> String {
        format!("https://{host}:{}{path}", self.port)
    }
}

struct Request {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

async fn read_request<S: AsyncRead + Unpin>(s: &mut S, buf: &mut Vec<u8>) -> io::Result<Option<Request>> {
    let head_end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let mut chunk = [0u8; 4096];
        let n = s.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    buf.drain(..head_end + 4);
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_owned();
    let target = first.next().unwrap_or_default().to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':').map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned())))
        .collect();
    let len = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0usize);
    while buf.len() < len {
        let mut chunk = [0u8; 4096];
        let n = s.read(&mut chunk).await?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = buf.drain(..len).collect();
    Ok(Some(Request { method, target, headers, body }))
}

fn query(target: &str) -> HashMap<String, String> {
    let q = target.split_once('?').map(|(_, q)| q).unwrap_or("");
    url::form_urlencoded::parse(q.as_bytes()).into_owned().collect()
}

async fn respond<S: AsyncWrite + Unpin>(
    s: &mut S,
    status: u16,
    headers: &[(&str, String)],
    body: &[u8],
) -> io::Result<()> {
    let mut head = format!("HTTP/1.1 {status} X\r\ncontent-length: {}\r\n", body.len());
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    let mut message = head.into_bytes();
    message.extend_from_slice(body);
    s.write_all(&message).await?;
    s.flush().await
}

async fn serve<S: AsyncRead + AsyncWrite + Unpin>(mut s: S, st: Arc<UpstreamState>, port: u16) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(req) = read_request(&mut s, &mut buf).await? {
        let path = req.target.split('?').next().unwrap_or_default().to_owned();
        *st.hits.lock().unwrap().entry(path.clone()).or_default() += 1;
        st.requests.lock().unwrap().push(json!({
            "method": req.method,
            "path": req.target,
            "headers": req.headers.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
        }));
        let now = st.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        st.peak.fetch_max(now, Ordering::SeqCst);
        let q = query(&req.target);
        let result = route(&mut s, &st, &req, &path, &q, port).await;
        st.in_flight.fetch_sub(1, Ordering::SeqCst);
        if !result? {
            return Ok(());
        }
    }
    Ok(())
}

/// Serves one request; `Ok(false)` closes the connection.
async fn route<S: AsyncRead + AsyncWrite + Unpin>(
    s: &mut S,
    st: &UpstreamState,
    req: &Request,
    path: &str,
    q: &HashMap<String, String>,
    port: u16,
) -> io::Result<bool> {
    match path {
        "/ok" => respond(s, 200, &[], b"ok").await?,
        "/echo" => {
            let body = json!({
                "method": req.method,
                "headers": req.headers.iter().cloned().collect::<HashMap<_, _>>(),
                "body": String::from_utf8_lossy(&req.body),
            });
            respond(s, 200, &[("content-type", "application/json".into())], body.to_string().as_bytes()).await?
        }
        "/redirect" => {
            let status = q.get("status").and_then(|v| v.parse().ok()).unwrap_or(302);
            let to = q.get("to").cloned().unwrap_or_default();
            respond(s, status, &[("location", to)], b"").await?
        }
        "/loop" => respond(s, 302, &[("location", "/loop".into())], b"").await?,
        p if p.starts_with("/chain/") => {
            let n: usize = p["/chain/".len()..].parse().unwrap_or(0);
            if n == 0 {
                respond(s, 200, &[], b"end").await?
            } else {
                respond(s, 302, &[("location", format!("/chain/{}", n - 1))], b"").await?
            }
        }
        "/big" => {
            let n: usize = q.get("n").and_then(|v| v.parse().ok()).unwrap_or(0);
            let mut written = 0;
            let sent = send_big(s, n, q.contains_key("chunked"), &mut written).await;
            st.bodies.lock().unwrap().push(BodySent { size: n, written, finished: sent.is_ok() });
            sent?
        }
        "/close" => {
            respond(s, 200, &[("connection", "close".into())], b"closing").await?;
            return Ok(false);
        }
        "/slow" => {
            tokio::time::sleep(Duration::from_millis(40)).await;
            respond(s, 200, &[], b"slow").await?
        }
        "/gzip" => {
            // `n` bytes of `a`, gzip-encoded when the request accepts gzip.
            let n: usize = q.get("n").and_then(|v| v.parse().ok()).unwrap_or(0);
            let text = vec![b'a'; n];
            let accepts = req.headers.iter().any(|(k, v)| k == "accept-encoding" && v.contains("gzip"));
            if accepts {
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                std::io::Write::write_all(&mut encoder, &text)?;
                respond(s, 200, &[("content-encoding", "gzip".into())], &encoder.finish()?).await?
            } else {
                respond(s, 200, &[], &text).await?
            }
        }
        "/hang" => {
            st.hang_started.store(true, Ordering::SeqCst);
            st.hang_notify.notify_waiters();
            // Never answer; wait for the client to go away (or HANG_LIMIT, a bound, not a check).
            let mut one = [0u8; 1];
            match tokio::time::timeout(HANG_LIMIT, s.read(&mut one)).await {
                Ok(Ok(0) | Err(_)) => st.hangs_closed_by_client.fetch_add(1, Ordering::SeqCst),
                _ => st.hangs_given_up.fetch_add(1, Ordering::SeqCst),
            };
            st.hang_closed.store(true, Ordering::SeqCst);
            st.hang_notify.notify_waiters();
            return Ok(false);
        }
        "/hang-started" => {
            wait_for(st, &st.hang_started).await;
            respond(s, 200, &[], b"started").await?
        }
        "/hang-closed" => {
            wait_for(st, &st.hang_closed).await;
            let seen = if st.hang_closed.load(Ordering::SeqCst) { "closed" } else { "open" };
            respond(s, 200, &[], seen.as_bytes()).await?
        }
        "/token" => {
            let mode = st.token_mode.lock().unwrap().clone().unwrap_or(TokenMode::Ok);
            match mode {
                TokenMode::Ok => {
                    let n = st.hits("/token");
                    let body = json!({ "access_token": format!("t{n}"), "expires_in": 3600 });
                    respond(s, 200, &[("content-type", "application/json".into())], body.to_string().as_bytes()).await?
                }
                TokenMode::Status(code) => respond(s, code, &[], b"").await?,
                TokenMode::NoToken => respond(s, 200, &[], br#"{"token_type":"bearer"}"#).await?,
                TokenMode::Redirect(to) => respond(s, 302, &[("location", to)], b"").await?,
            }
        }
        "/api" => {
            let left = st.api_unauthorized.load(Ordering::SeqCst);
            if left > 0 {
                st.api_unauthorized.store(left - 1, Ordering::SeqCst);
                respond(s, 401, &[], b"unauthorized").await?
            } else {
                let auth = req.headers.iter().find(|(k, _)| k == "authorization").map(|(_, v)| v.clone());
                respond(s, 200, &[], auth.unwrap_or_default().as_bytes()).await?
            }
        }
        _ => {
            let _ = port;
            respond(s, 404, &[], b"no such route").await?
        }
    }
    Ok(true)
}

/// `/big`'s answer: `n` bytes of `x`, with a `content-length` or chunked, written 16 KiB at a
/// time; `written` counts the body bytes the connection took before a write failed.
async fn send_big<S: AsyncWrite + Unpin>(s: &mut S, n: usize, chunked: bool, written: &mut usize) -> io::Result<()> {
    let head = if chunked {
        "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n".to_owned()
    } else {
        format!("HTTP/1.1 200 OK\r\ncontent-length: {n}\r\n\r\n")
    };
    s.write_all(head.as_bytes()).await?;
    let piece = vec![b'x'; 16 * 1024];
    while *written < n {
        let k = (n - *written).min(piece.len());
        if chunked {
            s.write_all(format!("{k:x}\r\n").as_bytes()).await?;
        }
        s.write_all(&piece[..k]).await?;
        if chunked {
            s.write_all(b"\r\n").await?;
        }
        *written += k;
    }
    if chunked {
        s.write_all(b"0\r\n\r\n").await?;
    }
    s.flush().await
}

async fn wait_for(st: &UpstreamState, flag: &AtomicBool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !flag.load(Ordering::SeqCst) && tokio::time::Instant::now() < deadline {
        let _ = tokio::time::timeout(Duration::from_millis(50), st.hang_notify.notified()).await;
    }
}

/// Plain TCP listeners on one port of several loopback addresses, counting accepts.
pub struct Forbidden {
    pub port: u16,
    accepts: Arc<AtomicUsize>,
    /// The addresses listened on (`[::1]` only where it could be bound).
    addrs: Vec<SocketAddr>,
    /// Marker connections (by their local address) not yet accepted. The listeners accept
    /// them without counting them.
    markers: Arc<Mutex<HashSet<SocketAddr>>>,
}

impl Forbidden {
    pub async fn start() -> Self {
        let accepts = Arc::new(AtomicUsize::new(0));
        let markers: Arc<Mutex<HashSet<SocketAddr>>> = Arc::default();
        for _ in 0..20 {
            let first = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).await.expect("bind forbidden");
            let port = first.local_addr().unwrap().port();
            let Ok(second) = TcpListener::bind((Ipv4Addr::new(127, 0, 0, 2), port)).await else { continue };
            let mut listeners = vec![first, second];
            if let Ok(v6) = TcpListener::bind((Ipv6Addr::LOCALHOST, port)).await {
                listeners.push(v6);
            }
            let addrs = listeners.iter().map(|l| l.local_addr().unwrap()).collect();
            for l in listeners {
                let accepts = accepts.clone();
                let markers = markers.clone();
                tokio::spawn(async move {
                    while let Ok((sock, peer)) = l.accept().await {
                        if !markers.lock().unwrap().remove(&peer) {
                            accepts.fetch_add(1, Ordering::SeqCst);
                        }
                        drop(sock);
                    }
                });
            }
            return Self { port, accepts, addrs, markers };
        }
        panic!("no port free on both 127.0.0.1 and 127.0.0.2");
    }

    /// Connections accepted so far, without waiting for those still in a listener's backlog
    /// (a client's `connect` returns once the kernel completed the handshake, before the
    /// listener's task has accepted the connection). Tests read [`Self::settled_accepts`].
    pub fn accepts(&self) -> usize {
        self.accepts.load(Ordering::SeqCst)
    }

    /// Connections accepted, once every connection made before this call has been accepted:
    /// a marker connection goes to each listening address, and the count is read when the
    /// listener has accepted its marker. A listener accepts in arrival order, so everything
    /// queued before the marker was accepted (and counted) first. Markers are not counted.
    pub async fn settled_accepts(&self) -> usize {
        let mut pending = Vec::new();
        for addr in &self.addrs {
            let socket = (if addr.is_ipv4() { TcpSocket::new_v4() } else { TcpSocket::new_v6() }).expect("marker socket");
            socket.bind(SocketAddr::new(addr.ip(), 0)).expect("bind the marker");
            let local = socket.local_addr().expect("the marker's address");
            self.markers.lock().unwrap().insert(local);
            let stream = socket.connect(*addr).await.expect("marker connection to the forbidden listener");
            pending.push((local, stream));
        }
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while pending.iter().any(|(local, _)| self.markers.lock().unwrap().contains(local)) {
            assert!(tokio::time::Instant::now() < deadline, "the forbidden listener did not accept its marker connection within 10 s");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        self.accepts()
    }
}

/// How the test resolver answers one name.
#[derive(Clone, Debug)]
pub enum Answer {
    /// The same records every time.
    Fixed(Vec<IpAddr>),
    /// The n-th lookup gets the n-th records (the last repeats): DNS rebinding.
    Sequence(Vec<Vec<IpAddr>>),
}

/// A resolver from a table; unknown names fail like NXDOMAIN. Records every lookup.
#[derive(Default)]
pub struct TestResolver {
    table: Mutex<HashMap<String, (Answer, usize)>>,
    asked: Mutex<Vec<String>>,
}

impl TestResolver {
    pub fn set(&self, name: &str, answer: Answer) {
        self.table.lock().unwrap().insert(name.to_owned(), (answer, 0));
    }
    /// Every name looked up, in order.
    pub fn asked(&self) -> Vec<String> {
        self.asked.lock().unwrap().clone()
    }
}

#[async_trait]
impl Resolver for TestResolver {
    async fn lookup(&self, host: &str) -> io::Result<Vec<IpAddr>> {
        self.asked.lock().unwrap().push(host.to_owned());
        let mut table = self.table.lock().unwrap();
        let Some((answer, n)) = table.get_mut(host) else {
            return Err(io::Error::new(io::ErrorKind::NotFound, format!("NXDOMAIN {host}")));
        };
        *n += 1;
        Ok(match answer {
            Answer::Fixed(a) => a.clone(),
            Answer::Sequence(seq) => seq[(*n - 1).min(seq.len() - 1)].clone(),
        })
    }
}

pub fn ip(s: &str) -> IpAddr {
    s.parse().unwrap()
}

/// The permitted stand-in for a public address: the upstream's loopback address.
pub const PUBLIC: &str = "127.0.0.1";
/// A private address with the forbidden listener on it.
pub const PRIVATE_IP: &str = "127.0.0.2";

/// One test's servers, resolver and transport.
pub struct World {
    pub upstream: Upstream,
    pub forbidden: Forbidden,
    pub resolver: Arc<TestResolver>,
    pub transport: Arc<NetworkTransport>,
}

impl World {
    pub async fn new() -> Self {
        let upstream = Upstream::start().await;
        let forbidden = Forbidden::start().await;
        let resolver = Arc::new(TestResolver::default());
        let public = Answer::Fixed(vec![ip(PUBLIC)]);
        for name in ["api.trove.test", "cdn.trove.test", "auth.trove.test", "evil.trove.test", "ports.trove.test", "dflt.trove.test"] {
            resolver.set(name, public.clone());
        }
        resolver.set("private.trove.test", Answer::Fixed(vec![ip(PRIVATE_IP)]));
        resolver.set("mixed.trove.test", Answer::Fixed(vec![ip(PUBLIC), ip(PRIVATE_IP)]));
        resolver.set("mixed-rev.trove.test", Answer::Fixed(vec![ip(PRIVATE_IP), ip(PUBLIC)]));
        resolver.set("mapped.trove.test", Answer::Fixed(vec![ip("::ffff:127.0.0.2")]));
        resolver.set("zero.trove.test", Answer::Fixed(vec![ip("0.0.0.0")]));
        resolver.set("v6loop.trove.test", Answer::Fixed(vec![ip("::1")]));
        let mut many: Vec<IpAddr> = (0..15).map(|_| ip(PUBLIC)).collect();
        many.push(ip("127.255.255.254"));
        resolver.set("many.trove.test", Answer::Fixed(many));
        resolver.set("rebind.trove.test", Answer::Sequence(vec![vec![ip(PUBLIC)], vec![ip(PRIVATE_IP)]]));
        let world = |transport| Self { upstream, forbidden, resolver: resolver.clone(), transport };
        let transport = Arc::new(NetworkTransport::new(network_options(&resolver)).expect("transport"));
        world(transport)
    }

    /// The network settings of this world (its resolver, its root, its one permitted
    /// address), for a `Host` of its own.
    pub fn network_options(&self) -> NetworkOptions {
        network_options(&self.resolver)
    }

    /// A URL on the forbidden port.
    pub fn forbidden_url(&self, host: &str, path: &str) -> String {
        format!("https://{host}:{}{path}", self.forbidden.port)
    }

    /// `https://api.trove.test:U/redirect?status=302&to=<to>`.
    pub fn redirect_to(&self, to: &str) -> String {
        self.redirect_with(302, to)
    }

    pub fn redirect_with(&self, status: u16, to: &str) -> String {
        let to: String = url::form_urlencoded::byte_serialize(to.as_bytes()).collect();
        self.upstream.url("api.trove.test", &format!("/redirect?status={status}&to={to}"))
    }

    pub fn env(&self) -> CallEnv {
        CallEnv::new(self.transport.clone())
    }

    pub fn env_with(&self, budgets: EgressBudgets) -> CallEnv {
        let mut env = self.env();
        env.budgets = budgets;
        env
    }
}

fn network_options(resolver: &Arc<TestResolver>) -> NetworkOptions {
    let mut options = NetworkOptions::default();
    options.resolver = resolver.clone();
    options.extra_roots_pem = vec![cert_pem()];
    options.permit_address_for_tests(ip(PUBLIC))
}

/// `tests/fixtures/egress-probe`.
pub fn probe_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures").join("egress-probe")
}

/// The probe with another egress list and/or an `auth` block, written to a scratch folder.
pub fn probe_variant(tag: &str, egress: Option<&str>, auth: Option<&str>) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let mut src = std::fs::read_to_string(probe_dir().join("extension.ts")).unwrap();
    if let Some(list) = egress {
        let start = src.find("egress: [").unwrap();
        let end = src.find("] /*__EGRESS__*/").unwrap() + "] /*__EGRESS__*/".len();
        src.replace_range(start..end, &format!("egress: {list}"));
    }
    if let Some(auth) = auth {
        src = src.replace("/*__AUTH__*/", &format!("auth: {auth},"));
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("egress-probes")
        .join(format!("{tag}-{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst)));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("extension.ts"), src).unwrap();
    dir
}

/// The probe with an OAuth client-credentials `auth` minting at `token_url` for
/// `api.trove.test` on `token_url`'s port (the one upstream serves every name; the Bearer goes
/// only where the URL's host, port included, is `apiHost`), allowlisting `api`, `cdn` and
/// `auth.trove.test`, and declaring the two credential secrets ([`oauth_secrets`] holds their
/// values).
pub fn oauth_probe_dir(token_url: &str) -> PathBuf {
    let api_host = match reqwest::Url::parse(token_url).ok().and_then(|u| u.port()) {
        Some(port) => format!("api.trove.test:{port}"),
        None => "api.trove.test".to_owned(),
    };
    let auth = format!(
        "{{ type: 'oauth2_client_credentials', tokenUrl: '{token_url}', clientIdSecret: 'EGRESS_CLIENT_ID', clientSecretSecret: 'EGRESS_CLIENT_SECRET', apiHost: '{api_host}' }}"
    );
    let src = probe_variant("oauth", Some("['api.trove.test', 'cdn.trove.test', 'auth.trove.test']"), Some(&auth));
    let entry = src.join("extension.ts");
    let text = std::fs::read_to_string(&entry).unwrap().replace(
        "version: '1.0.0',",
        "version: '1.0.0',\n  secrets: ['EGRESS_CLIENT_ID', 'EGRESS_CLIENT_SECRET'],",
    );
    std::fs::write(&entry, text).unwrap();
    src
}

/// The OAuth probe's credentials (`client-1` / `shh`), in memory: tests run in parallel, so
/// never the process environment.
pub fn oauth_secrets() -> trove_host::MemorySecrets {
    let mut secrets = trove_host::MemorySecrets::new();
    secrets.set("egress-probe", "EGRESS_CLIENT_ID", Some("client-1".into()));
    secrets.set("egress-probe", "EGRESS_CLIENT_SECRET", Some("shh".into()));
    secrets
}

pub async fn load(path: &std::path::Path) -> Toolkit {
    match Toolkit::load(path).await {
        Ok(t) => t,
        Err(e) => panic!("{} did not load: {e}", path.display()),
    }
}

pub async fn probe() -> Toolkit {
    load(&probe_dir()).await
}

pub async fn call(toolkit: &mut Toolkit, env: CallEnv, tool: &str, args: Value) -> CallOutcome {
    toolkit.call(&ToolCall::new(tool, args, "hostile"), env).await
}

/// Asserts a `ToolError` envelope with exactly `message` (non-retryable unless said).
#[track_caller]
pub fn assert_tool_error(outcome: &CallOutcome, message: &str, retryable: bool) {
    let e = &outcome.envelope.json();
    assert_eq!(e["ok"], json!(false), "expected a refusal, got {e}");
    assert_eq!(e["error"], json!(message), "envelope {e}");
    assert_eq!(e["retryable"], json!(retryable), "envelope {e}");
    assert_eq!(e["code"], json!("TOOL_ERROR"), "envelope {e}");
}

/// The probe reports any non-`ToolError` as the text `threw <name>: <message>`.
#[track_caller]
pub fn assert_threw(outcome: &CallOutcome, thrown: &str) {
    let e = &outcome.envelope.json();
    assert_eq!(e["ok"], json!(true), "the probe reports throws as text: {e}");
    assert_eq!(e["result"]["text"], json!(format!("threw {thrown}")), "envelope {e}");
}

/// The probe's structured result.
pub fn result(outcome: &CallOutcome) -> Value {
    assert_eq!(outcome.envelope.json()["ok"], json!(true), "expected success: {}", outcome.envelope);
    outcome.envelope.json()["result"]["structured"].clone()
}

/// Runs `tool(args)` on the probe and asserts the exact refusal and that nothing reached the
/// forbidden listener.
pub async fn refused(w: &World, tool: &str, args: Value, message: &str) -> CallOutcome {
    let mut tk = probe().await;
    let out = call(&mut tk, w.env(), tool, args).await;
    assert_tool_error(&out, message, false);
    assert_eq!(w.forbidden.settled_accepts().await, 0, "a connection reached the forbidden listener");
    out
}

/// `refused` for `ctx.fetch(url)`.
pub async fn fetch_refused(w: &World, url: &str, message: &str) -> CallOutcome {
    refused(w, "fetch", json!({ "url": url }), message).await
}

/// `ctx.fetch(url)` must succeed; returns the probe's result.
pub async fn fetch_ok(w: &World, tk: &mut Toolkit, url: &str, init: Value) -> Value {
    let args = if init.is_null() { json!({ "url": url }) } else { json!({ "url": url, "init": init }) };
    let out = call(tk, w.env(), "fetch", args).await;
    assert!(out.envelope.json()["result"]["structured"].is_object(), "expected a response for {url}: {}", out.envelope);
    result(&out)
}

/// `ctx.fetch(url, init)` on a fresh probe with `env`.
pub async fn fetch_with(env: CallEnv, url: &str, init: Value) -> CallOutcome {
    let mut tk = probe().await;
    let args = if init.is_null() { json!({ "url": url }) } else { json!({ "url": url, "init": init }) };
    call(&mut tk, env, "fetch", args).await
}
