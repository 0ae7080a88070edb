//! The network transport: reqwest over rustls, with every resolved address vetted.
//!
//! DNS answers go through [`VettingResolver`]: if **any** address a name resolves to is in a
//! blocked range, the whole lookup fails closed with the private-address refusal, so DNS
//! rebinding and mixed public/private answers never reach a socket; reqwest then connects only
//! to the addresses that were vetted. Redirects are never followed here: [`crate::egress::Egress`]
//! follows them hop by hop through the policy.

use std::net::{IpAddr, SocketAddr};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use bytes::{Bytes, BytesMut};
use futures::StreamExt;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use super::address::{is_refused_ip, own_addresses};
use super::transport::{HttpRequest, HttpResponse, Transport, TransportError};

/// Looks up the addresses of a host name. The system resolver in production; tests supply
/// their own (a test-only resolver, never a disabled policy).
#[async_trait]
pub trait Resolver: Send + Sync {
    /// All addresses of `host`, in preference order. `host` is the URL's host name, lower
    /// case, without a trailing dot; it must be resolved as an absolute name (no search
    /// domains), since that is the name the allowlist matched.
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>>;
}

/// The operating system's resolver (`getaddrinfo` through tokio).
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemResolver;

#[async_trait]
impl Resolver for SystemResolver {
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        // Looked up as an absolute name (`api.example.com.`), so resolv.conf search domains
        // never turn an allowlisted name into `api.example.com.corp.internal`.
        let absolute = if host.ends_with('.') { host.to_owned() } else { format!("{host}.") };
        let addrs = tokio::net::lookup_host((absolute.as_str(), 0)).await?;
        Ok(addrs.map(|a| a.ip()).collect())
    }
}

/// A resolver that asks the given name servers directly over DNS (UDP, then TCP), with no
/// search domains and no `/etc/hosts`: for an operator who names the resolvers egress must use,
/// and for tests that answer through a DNS server on loopback rather than a stand-in resolver.
/// Every answer is still vetted like the system resolver's ([`NetworkOptions::resolver`]).
pub struct NameserverResolver {
    inner: hickory_resolver::TokioResolver,
}

impl NameserverResolver {
    /// A resolver asking the servers at `servers` (`ip:port`), in order.
    pub fn new(servers: &[SocketAddr]) -> Self {
        use hickory_resolver::config::{NameServerConfig, NameServerConfigGroup, ResolverConfig, ResolverOpts};
        use hickory_resolver::proto::xfer::Protocol;
        let mut group = NameServerConfigGroup::new();
        for addr in servers {
            group.push(NameServerConfig::new(*addr, Protocol::Udp));
            group.push(NameServerConfig::new(*addr, Protocol::Tcp));
        }
        let config = ResolverConfig::from_parts(None, Vec::new(), group);
        let mut options = ResolverOpts::default();
        options.ndots = 0;
        options.use_hosts_file = hickory_resolver::config::ResolveHosts::Never;
        options.cache_size = 0;
        let inner = hickory_resolver::Resolver::builder_with_config(config, hickory_resolver::name_server::TokioConnectionProvider::default())
            .with_options(options)
            .build();
        Self { inner }
    }
}

#[async_trait]
impl Resolver for NameserverResolver {
    async fn lookup(&self, host: &str) -> std::io::Result<Vec<IpAddr>> {
        let absolute = if host.ends_with('.') { host.to_owned() } else { format!("{host}.") };
        let found = self.inner.lookup_ip(absolute.as_str()).await.map_err(|e| std::io::Error::new(std::io::ErrorKind::NotFound, e.to_string()))?;
        Ok(found.iter().collect())
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
            // The policy refuses trailing-dot names before they get here (they match no
            // entry); strip one anyway so a name never resolves differently from how it matched.
            let host = name.as_str().strip_suffix('.').unwrap_or(name.as_str());
            let addrs = inner.lookup(host).await?;
            if addrs.is_empty() {
                return Err(format!("{} has no addresses", name.as_str()).into());
            }
            if let Some(bad) = first_refused(&addrs, &own_addresses(), &permitted) {
                return Err(Box::new(BlockedAddress(bad)) as Box<dyn std::error::Error + Send + Sync>);
            }
            let vetted: Addrs = Box::new(addrs.into_iter().map(|ip| SocketAddr::new(ip, 0)));
            Ok(vetted)
        })
    }
}

/// The first of `addrs` egress may not reach ([`is_refused_ip`]): one in a blocked range or one
/// of this machine's own addresses (`own`: a public address of the host's own interface reaches
/// its services as loopback does, **host**), unless a test permitted it.
fn first_refused(addrs: &[IpAddr], own: &[IpAddr], permitted: &[IpAddr]) -> Option<IpAddr> {
    addrs.iter().copied().find(|ip| is_refused_ip(*ip, own) && !permitted.contains(ip))
}

/// Settings of a [`NetworkTransport`]. The per-call limits (timeouts, body caps) are not
/// here: they come with each request from the call's [`EgressBudgets`].
#[derive(Clone)]
pub struct NetworkOptions {
    /// Name lookups. Default: [`SystemResolver`].
    pub resolver: Arc<dyn Resolver>,
    /// Extra trusted root certificates (PEM), besides the bundled Mozilla roots.
    pub extra_roots_pem: Vec<Vec<u8>>,
    permitted: Vec<IpAddr>,
}

impl Default for NetworkOptions {
    fn default() -> Self {
        Self { resolver: Arc::new(SystemResolver), extra_roots_pem: Vec::new(), permitted: Vec::new() }
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
///
/// reqwest's connect timeout is a client setting, so one client is kept per distinct
/// `connect_timeout` budget (in practice one); they share the vetting resolver.
#[derive(Clone)]
pub struct NetworkTransport {
    options: NetworkOptions,
    roots: Vec<reqwest::Certificate>,
    clients: Arc<Mutex<HashMap<Duration, reqwest::Client>>>,
}

impl NetworkTransport {
    /// Checks the extra root certificates; the HTTP client (TLS roots, connection pool) is
    /// built on the first request, so a call replayed from a cassette never pays for it
    /// (issue #11). Errors if a root certificate does not parse; a TLS back-end that cannot
    /// start fails that first request instead.
    pub fn new(options: NetworkOptions) -> Result<Self, String> {
        let roots = options
            .extra_roots_pem
            .iter()
            .map(|pem| reqwest::Certificate::from_pem(pem).map_err(|e| format!("bad root certificate: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { options, roots, clients: Arc::default() })
    }

    /// The same settings with a client map of its own (empty: its clients are made on its
    /// first request). A client's pooled connections are driven by the runtime that opened
    /// them, so each instance thread keeps its own.
    fn fresh(&self) -> Self {
        Self { options: self.options.clone(), roots: self.roots.clone(), clients: Arc::default() }
    }

    fn client(&self, connect_timeout: Duration) -> Result<reqwest::Client, String> {
        let mut clients = self.clients.lock().expect("client map");
        if let Some(c) = clients.get(&connect_timeout) {
            return Ok(c.clone());
        }
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .dns_resolver(Arc::new(VettingResolver {
                inner: self.options.resolver.clone(),
                permitted: Arc::new(self.options.permitted.clone()),
            }))
            .connect_timeout(connect_timeout)
            .https_only(true)
            .no_proxy()
            .use_rustls_tls();
        for cert in &self.roots {
            builder = builder.add_root_certificate(cert.clone());
        }
        let client = builder.build().map_err(|e| format!("cannot start the HTTP client: {e}"))?;
        clients.insert(connect_timeout, client.clone());
        Ok(client)
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
        let budgets = request.budgets;
        let client = self.client(budgets.connect_timeout).map_err(TransportError::Network)?;
        let mut builder = client.request(method, request.url.clone()).timeout(budgets.total_timeout);
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
        if response.content_length().is_some_and(|n| n as usize > budgets.max_response_bytes) {
            return Err(TransportError::BodyTooLarge(budgets.max_response_bytes));
        }
        let mut body = BytesMut::new();
        let mut stream = response.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| classify(&e))?;
            if body.len() + chunk.len() > budgets.max_response_bytes {
                return Err(TransportError::BodyTooLarge(budgets.max_response_bytes));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(HttpResponse {
            status: status.as_u16(),
            status_text: status.canonical_reason().unwrap_or_default().to_owned(),
            headers,
            body: Bytes::from(body),
            url: None,
        })
    }

    /// A client of the instance's own: a toolkit instance drives its runtime only while it has
    /// a call, and then its requests, their connections and their wake-ups all stay on its
    /// thread. Its pooled connections wait, unpolled, between its calls; hyper retries a
    /// request whose pooled connection turns out closed before it was sent.
    fn for_instance(&self) -> Option<Arc<dyn Transport>> {
        Some(Arc::new(self.fresh()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_of_the_machine_itself_is_refused_like_loopback() {
        let public: IpAddr = "203.0.113.7".parse().unwrap();
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        // A public address is reached, unless the machine has it on an interface of its own.
        assert_eq!(first_refused(&[public], &[], &[]), None);
        assert_eq!(first_refused(&[other, public], &[loopback, public], &[]), Some(public));
        // Written as IPv6 (mapped, NAT64 or 6to4), it is the same address (review 21).
        for wrapped in ["::ffff:203.0.113.7", "64:ff9b::cb00:7107", "2002:cb00:7107::1"] {
            let wrapped: IpAddr = wrapped.parse().unwrap();
            assert_eq!(first_refused(&[wrapped], &[public], &[]), Some(wrapped));
            assert_eq!(first_refused(&[wrapped], &[], &[]), None);
        }
        // Blocked ranges are refused whatever the interfaces; a test may permit one address.
        assert_eq!(first_refused(&[public, loopback], &[], &[]), Some(loopback));
        assert_eq!(first_refused(&[loopback], &[loopback], &[loopback]), None);
    }

    #[test]
    fn the_machine_s_own_addresses_are_read_from_its_interfaces() {
        // Every Linux machine (and network namespace) has its loopback interface.
        let own = own_addresses();
        assert!(own.contains(&IpAddr::from([127, 0, 0, 1])), "{own:?}");
    }
}
