//! The network transport: reqwest over rustls, with every resolved address vetted.
//!
//! DNS answers go through [`VettingResolver`]: if **any** address a name resolves to is in a
//! blocked range, the whole lookup fails closed with the private-address refusal, so DNS
//! rebinding and mixed public/private answers never reach a socket; reqwest then connects only
//! to the addresses that were vetted. Redirects are never followed here: [`crate::egress::Egress`]
//! follows them hop by hop through the policy.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use bytes::{Bytes, BytesMut};
use futures::StreamExt;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use super::address::is_blocked_ip;
use super::transport::{HttpRequest, HttpResponse, Transport, TransportError};

/// Looks up the addresses of a host name. The system resolver in production; tests supply
/// their own (a test-only resolver, never a disabled policy).
#[async_trait]
pub trait Resolver: Send + Sync {
    /// All addresses of `host`, in preference order.
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>>;
}

/// The operating system's resolver (`getaddrinfo` through tokio).
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemResolver;

#[async_trait]
impl Resolver for SystemResolver {
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        Ok(tokio::net::lookup_host((host, 0)).await?.map(|a| a.ip()).collect())
    }
}

/// Marker error: a resolved address was blocked (reported as the private-address refusal).
#[derive(Debug, thiserror::Error)]
#[error("resolved address {0} is in a blocked range")]
struct BlockedAddress(IpAddr);

/// Wraps a [`Resolver`] so reqwest only ever sees vetted addresses.
struct VettingResolver {
    inner: Arc<dyn Resolver>,
    permitted: Arc<Vec<IpAddr>>,
}

impl Resolve for VettingResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let inner = self.inner.clone();
        let permitted = self.permitted.clone();
        Box::pin(async move {
            let addrs = inner.lookup(name.as_str()).await?;
            if addrs.is_empty() {
                return Err(format!("{} has no addresses", name.as_str()).into());
            }
            if let Some(bad) = addrs.iter().find(|ip| is_blocked_ip(**ip) && !permitted.contains(ip)) {
                return Err(Box::new(BlockedAddress(*bad)) as Box<dyn std::error::Error + Send + Sync>);
            }
            let vetted: Addrs = Box::new(addrs.into_iter().map(|ip| SocketAddr::new(ip, 0)));
            Ok(vetted)
        })
    }
}

/// Settings of a [`NetworkTransport`].
#[derive(Clone)]
pub struct NetworkOptions {
    /// Name lookups. Default: [`SystemResolver`].
    pub resolver: Arc<dyn Resolver>,
    /// Extra trusted root certificates (PEM), besides the bundled Mozilla roots.
    pub extra_roots_pem: Vec<Vec<u8>>,
    /// TCP connect timeout. Default 10 s.
    pub connect_timeout: Duration,
    /// Whole-request timeout (connect, send, receive the body). Default 30 s.
    pub request_timeout: Duration,
    /// Largest response body accepted, in bytes; larger bodies fail the request. Default 10 MiB.
    pub max_response_bytes: usize,
    permitted: Vec<IpAddr>,
}

impl Default for NetworkOptions {
    fn default() -> Self {
        Self {
            resolver: Arc::new(SystemResolver),
            extra_roots_pem: Vec::new(),
            connect_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_response_bytes: 10 * 1024 * 1024,
            permitted: Vec::new(),
        }
    }
}

impl NetworkOptions {
    /// **Tests only.** Lets the vetting resolver pass exactly `ip` (e.g. the `127.0.0.1` of a
    /// loopback TLS server a test-only resolver points an allowlisted name at). The URL rules
    /// and every other range stay in force. Exists only with the `test-support` feature.
    #[cfg(feature = "test-support")]
    pub fn permit_address_for_tests(mut self, ip: IpAddr) -> Self {
        self.permitted.push(ip);
        self
    }
}

/// Sends requests over the network with reqwest (rustls, no redirects, vetted DNS).
#[derive(Clone)]
pub struct NetworkTransport {
    client: reqwest::Client,
    max_response_bytes: usize,
}

impl NetworkTransport {
    /// Builds the client. Errors if a root certificate does not parse or TLS cannot start.
    pub fn new(options: NetworkOptions) -> Result<Self, String> {
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .dns_resolver(Arc::new(VettingResolver {
                inner: options.resolver.clone(),
                permitted: Arc::new(options.permitted.clone()),
            }))
            .connect_timeout(options.connect_timeout)
            .timeout(options.request_timeout)
            .https_only(true)
            .no_proxy()
            .use_rustls_tls();
        for pem in &options.extra_roots_pem {
            let cert = reqwest::Certificate::from_pem(pem).map_err(|e| format!("bad root certificate: {e}"))?;
            builder = builder.add_root_certificate(cert);
        }
        let client = builder.build().map_err(|e| format!("cannot start the HTTP client: {e}"))?;
        Ok(Self { client, max_response_bytes: options.max_response_bytes })
    }
}

fn classify(err: &reqwest::Error) -> TransportError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if e.is::<BlockedAddress>() {
            return TransportError::BlockedAddress;
        }
        source = e.source();
    }
    if err.is_timeout() {
        return TransportError::Timeout;
    }
    let mut detail = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(e) = source {
        detail.push_str(": ");
        detail.push_str(&e.to_string());
        source = e.source();
    }
    TransportError::Network(detail)
}

#[async_trait]
impl Transport for NetworkTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let method = reqwest::Method::from_bytes(request.method.as_bytes())
            .map_err(|_| TransportError::Network(format!("invalid method {:?}", request.method)))?;
        let mut builder = self.client.request(method, request.url.clone());
        for (k, v) in &request.headers {
            builder = builder.header(k.as_str(), v.as_str());
        }
        if let Some(body) = request.body {
            builder = builder.body(body);
        }
        let response = builder.send().await.map_err(|e| classify(&e))?;
        let status = response.status();
        let headers = response
            .headers()
            .iter()
            .map(|(k, v)| (k.as_str().to_owned(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
            .collect();
        if response.content_length().is_some_and(|n| n as usize > self.max_response_bytes) {
            return Err(TransportError::BodyTooLarge(self.max_response_bytes));
        }
        let mut body = BytesMut::new();
        let mut stream = response.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| classify(&e))?;
            if body.len() + chunk.len() > self.max_response_bytes {
                return Err(TransportError::BodyTooLarge(self.max_response_bytes));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(HttpResponse {
            status: status.as_u16(),
            status_text: status.canonical_reason().unwrap_or_default().to_owned(),
            headers,
            body: Bytes::from(body),
        })
    }
}
