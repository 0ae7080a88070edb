//! The [`Transport`] trait: how a vetted request reaches an upstream (the network, or a
//! replay cassette), and the request/response shapes every transport speaks.

use async_trait::async_trait;
use bytes::Bytes;
use url::Url;

use super::budget::EgressBudgets;

/// One HTTP request, after the egress policy has allowed its URL.
#[derive(Debug, Clone)]
pub struct HttpRequest {
    /// Upper-case method, e.g. `GET`.
    pub method: String,
    /// The URL (already checked by [`crate::egress::EgressPolicy`]).
    pub url: Url,
    /// Header lines in order; names as the toolkit wrote them (HTTP is case-insensitive).
    pub headers: Vec<(String, String)>,
    /// The body bytes, if any.
    pub body: Option<Bytes>,
    /// The call's budgets (connect timeout, response cap) for the transport to enforce.
    pub budgets: EgressBudgets,
}

impl HttpRequest {
    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// One HTTP response as the transport received it.
#[derive(Debug, Clone)]
pub struct HttpResponse {
    /// Status code, e.g. `200`.
    pub status: u16,
    /// Reason phrase (may be empty).
    pub status_text: String,
    /// Header lines in order; repeated names (e.g. `set-cookie`) stay separate lines.
    pub headers: Vec<(String, String)>,
    /// The whole body (already capped by the call's budget).
    pub body: Bytes,
    /// The URL the response came from, when a transport answers for a whole redirect chain:
    /// a cassette exchange recorded from a live request that was redirected
    /// ([`crate::egress::replay::RecordedResponse::Http`]'s `url`). The toolkit then sees it
    /// as `response.url`, with `redirected` true. `None` from the network, where each hop is
    /// a response of its own.
    pub url: Option<url::Url>,
}

impl HttpResponse {
    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Why a transport could not produce a response.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TransportError {
    /// DNS, connect, TLS or protocol failure. The toolkit sees `TypeError("fetch failed")`;
    /// the detail goes to the host's log only.
    #[error("network failure: {0}")]
    Network(String),
    /// A resolved address is in a blocked range (DNS rebinding, mixed answers): the
    /// private-address refusal of contract §6.
    #[error("Refusing egress to a private, loopback, or link-local address.")]
    BlockedAddress,
    /// The response body exceeded the call's budget (bytes).
    #[error("Upstream response exceeded the {0}-byte limit.")]
    BodyTooLarge(usize),
    /// The request did not finish within the call's budget.
    #[error("Upstream request timed out.")]
    Timeout,
    /// A replay cassette did not hold this request next. Fails the call loudly.
    #[error("replay: {0}")]
    ReplayMismatch(String),
}

/// Something that carries a vetted request to an upstream.
///
/// Implementations: [`crate::egress::network::NetworkTransport`] (reqwest, addresses vetted
/// after DNS) and [`crate::egress::replay::ReplayTransport`] (a cassette, served in order).
#[async_trait]
pub trait Transport: Send + Sync {
    /// Sends one request and returns the response without following redirects.
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError>;

    /// Whether [`crate::egress::Egress`] follows redirects on top of this transport. A replay
    /// cassette records what `ctx.fetch` returned, so it serves 3xx responses as they are.
    fn follows_redirects(&self) -> bool {
        true
    }

    /// The secret values this transport writes into the responses it serves, by name (a replay
    /// cassette's `{{secret:NAME}}` placeholders, filled in): a toolkit sees them without asking
    /// `ctx.secret`, so a call redacts them from the moment it starts, as if it had read them.
    /// Default: none.
    fn secret_values(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The transport one toolkit instance should use for its calls, made when the instance
    /// is: `None` to share this one. [`crate::egress::network::NetworkTransport`] answers with
    /// a client of the instance's own, so its requests run on the instance's thread, with no
    /// hand-off to another runtime and back (issue #11).
    fn for_instance(&self) -> Option<std::sync::Arc<dyn Transport>> {
        None
    }
}

/// Runs another transport's requests on a given tokio runtime (the host's I/O runtime).
///
/// A toolkit instance drives its own single-threaded runtime only while it has a call, so a
/// pooled connection opened on one instance's runtime would stall when another instance reuses
/// it. Sending every request from one long-lived runtime lets callers on any runtime share one
/// client (one connection pool, one resolver). Toolkit instances do not send their own calls'
/// requests through it: [`Transport::for_instance`] gives each a client of its own, on its own
/// thread, which saves a hand-off to this runtime and back per request. Dropping the returned future (an aborted `ctx.fetch`,
/// a call that timed out) aborts the request on that runtime, so the upstream sees the
/// connection close.
pub struct SpawnedTransport {
    inner: std::sync::Arc<dyn Transport>,
    runtime: tokio::runtime::Handle,
}

impl SpawnedTransport {
    /// `inner`'s requests, sent from `runtime`.
    pub fn new(inner: std::sync::Arc<dyn Transport>, runtime: tokio::runtime::Handle) -> Self {
        Self { inner, runtime }
    }
}

/// Aborts a spawned task when dropped before it finished.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

#[async_trait]
impl Transport for SpawnedTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let inner = self.inner.clone();
        let mut task = AbortOnDrop(self.runtime.spawn(async move { inner.send(request).await }));
        match (&mut task.0).await {
            Ok(answer) => answer,
            Err(e) => Err(TransportError::Network(format!("the request task ended: {e}"))),
        }
    }

    fn follows_redirects(&self) -> bool {
        self.inner.follows_redirects()
    }

    fn secret_values(&self) -> Vec<(String, String)> {
        self.inner.secret_values()
    }

    /// An instance has a runtime of its own to send from: it gets `inner`'s transport for an
    /// instance, not the hop to the shared runtime.
    fn for_instance(&self) -> Option<std::sync::Arc<dyn Transport>> {
        self.inner.for_instance()
    }
}
