//! TLS verification: the upstream presents a certificate that must not be accepted (one that
//! does not name the requested host, one whose root is not trusted, one that has expired).
//! Each is the suite's real TLS server on loopback (`Upstream::start_with`) reached through a
//! `NetworkTransport` with the usual test resolver and roots: no verification is switched off
//! anywhere. Each asserts that `ctx.fetch` fails as a network failure (`TypeError: fetch
//! failed`, the detail going to the host's log only), that the client did connect but the
//! upstream saw no HTTP request (a failed handshake never reaches HTTP), that the transport's
//! own error names the certificate problem (so the test fails for the reason it names), and
//! that the same server, without the defect, answers.

use std::sync::Arc;

use serde_json::{json, Value};
use tokio_rustls::rustls;
use trove_host_ops::egress::network::NetworkTransport;
use trove_host_ops::egress::{EgressBudgets, HttpRequest, Transport, TransportError};
use trove_host_ops::CallEnv;

use super::support::*;

/// A transport like the world's (its resolver, its root, its one permitted address) that also
/// trusts `roots` (PEM).
fn transport_trusting(w: &World, roots: &[&[u8]]) -> Arc<NetworkTransport> {
    let mut options = w.network_options();
    options.extra_roots_pem.extend(roots.iter().map(|pem| pem.to_vec()));
    Arc::new(NetworkTransport::new(options).expect("transport"))
}

/// Certificate parameters for `names` with the subject `CN=<subject>`, valid from
/// `not_before` to `not_after`. Each certificate gets a subject of its own: rcgen's default is
/// the same for all, the world's root included, and a root is looked up by subject.
fn params(names: &[&str], subject: &str, not_before: (i32, u8, u8), not_after: (i32, u8, u8)) -> rcgen::CertificateParams {
    let mut params = rcgen::CertificateParams::new(names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>()).expect("names");
    params.distinguished_name = rcgen::DistinguishedName::new();
    params.distinguished_name.push(rcgen::DnType::CommonName, subject);
    params.not_before = rcgen::date_time_ymd(not_before.0, not_before.1, not_before.2);
    params.not_after = rcgen::date_time_ymd(not_after.0, not_after.1, not_after.2);
    params
}

const CURRENT: ((i32, u8, u8), (i32, u8, u8)) = ((2000, 1, 1), (2100, 1, 1));

/// A server configuration presenting `cert` (signed for `key`).
fn acceptor(cert: &rcgen::Certificate, key: &rcgen::KeyPair) -> tokio_rustls::TlsAcceptor {
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("protocol versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .expect("server certificate");
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}

/// A self-signed certificate from `params` (its own root): the server configuration that
/// presents it, and its PEM (to trust it).
fn self_signed(params: rcgen::CertificateParams) -> (tokio_rustls::TlsAcceptor, Vec<u8>) {
    let key = rcgen::KeyPair::generate().expect("key pair");
    let cert = params.self_signed(&key).expect("certificate");
    (acceptor(&cert, &key), cert.pem().into_bytes())
}

/// `ctx.fetch(url)` through `transport` fails as a network failure after a TCP connection
/// that never carried an HTTP request; sending the same request on the transport directly
/// fails with a detail containing `reason` (rustls's name for the certificate problem).
async fn assert_handshake_refused(transport: &Arc<NetworkTransport>, server: &Upstream, url: &str, reason: &str) {
    let out = fetch_with(CallEnv::new(transport.clone()), url, Value::Null).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert_eq!(server.state.connections.load(std::sync::atomic::Ordering::SeqCst), 1, "the client reached the upstream once");
    assert_eq!(server.state.total(), 0, "the upstream saw an HTTP request: {:?}", server.state.requests());

    let request = HttpRequest {
        method: "GET".into(),
        url: url.parse().expect("URL"),
        headers: Vec::new(),
        body: None,
        budgets: EgressBudgets::default(),
    };
    match transport.send(request).await {
        Err(TransportError::Network(detail)) => assert!(detail.contains(reason), "expected {reason:?} in {detail:?}"),
        Err(other) => panic!("expected a network failure naming {reason:?}, got {other}"),
        Ok(response) => panic!("expected a network failure naming {reason:?}, got status {}", response.status),
    }
    assert_eq!(server.state.total(), 0, "the upstream saw an HTTP request: {:?}", server.state.requests());
}

/// `ctx.fetch(url)` through `transport` answers 200 `ok`.
async fn assert_served(transport: &Arc<NetworkTransport>, url: &str) {
    let out = fetch_with(CallEnv::new(transport.clone()), url, Value::Null).await;
    assert_eq!(result(&out)["status"], json!(200), "{}", out.envelope);
    assert_eq!(result(&out)["body"], json!("ok"), "{}", out.envelope);
}

/// The certificate names `cdn.trove.test` only and is trusted; `api.trove.test` resolves to
/// the same server. The name check alone refuses it.
#[tokio::test]
async fn certificate_not_naming_the_requested_host_is_refused_before_any_request() {
    let w = World::new().await;
    let (acceptor, pem) = self_signed(params(&["cdn.trove.test"], "cdn only", CURRENT.0, CURRENT.1));
    let server = Upstream::start_with(acceptor).await;
    let transport = transport_trusting(&w, &[&pem]);
    assert_handshake_refused(&transport, &server, &server.url("api.trove.test", "/ok"), "certificate not valid for name \"api.trove.test\"").await;
    assert_served(&transport, &server.url("cdn.trove.test", "/ok")).await;
    assert_eq!(server.state.hits("/ok"), 1);
}

/// The certificate names `api.trove.test` and is in date, but was issued by a CA that is not
/// among the transport's trusted roots (the bundled ones and the world's test root).
#[tokio::test]
async fn certificate_from_an_untrusted_root_is_refused_before_any_request() {
    let w = World::new().await;
    let mut ca_params = params(&[], "Untrusted Test CA", CURRENT.0, CURRENT.1);
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca_key = rcgen::KeyPair::generate().expect("key pair");
    let ca = ca_params.self_signed(&ca_key).expect("CA certificate");
    let key = rcgen::KeyPair::generate().expect("key pair");
    let leaf = params(&["api.trove.test"], "api leaf", CURRENT.0, CURRENT.1).signed_by(&key, &ca, &ca_key).expect("certificate");
    let server = Upstream::start_with(acceptor(&leaf, &key)).await;
    let url = server.url("api.trove.test", "/ok");
    assert_handshake_refused(&w.transport, &server, &url, "UnknownIssuer").await;
    assert_served(&transport_trusting(&w, &[ca.pem().as_bytes()]), &url).await;
    assert_eq!(server.state.hits("/ok"), 1);
}

/// The certificate names `api.trove.test` and is trusted, but expired on 2001-01-01. The
/// control is the same kind of certificate valid until 2100.
#[tokio::test]
async fn expired_certificate_is_refused_before_any_request() {
    let w = World::new().await;
    let (acceptor, expired_pem) = self_signed(params(&["api.trove.test"], "expired", (2000, 1, 1), (2001, 1, 1)));
    let expired = Upstream::start_with(acceptor).await;
    let (acceptor, current_pem) = self_signed(params(&["api.trove.test"], "current", CURRENT.0, CURRENT.1));
    let current = Upstream::start_with(acceptor).await;
    let transport = transport_trusting(&w, &[&expired_pem, &current_pem]);
    assert_handshake_refused(&transport, &expired, &expired.url("api.trove.test", "/ok"), "certificate expired").await;
    assert_served(&transport, &current.url("api.trove.test", "/ok")).await;
    assert_eq!(current.state.hits("/ok"), 1);
}
