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
}
