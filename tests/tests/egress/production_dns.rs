//! Issue #13, "the production DNS path": the vetting with **nothing permitted** (no
//! `permit_address_for_tests`, as in production), behind the two real resolvers the host has:
//!
//! - [`NameserverResolver`] asking a DNS server on loopback ([`DnsStub`]: UDP, and TCP after
//!   a truncated UDP answer) that answers allowlisted names with loopback and other private
//!   addresses, directly or through a CNAME;
//! - [`SystemResolver`] (`getaddrinfo`), the default of `NetworkOptions`, reached through a
//!   call without a transport of its own, i.e. exactly the toolkit's production transport.
//!
//! Each refusal must be the private-address message, which only the vetting can give for an
//! allowlisted name (the URL policy refuses such a name only by the literal `localhost`
//! rules); a DNS failure would read `TypeError: fetch failed` instead. Every URL names the
//! port of the [`Forbidden`] listener (on `127.0.0.1`, `127.0.0.2` and `[::1]`), so a request
//! that got through would be counted there; each test ends with zero accepts.
//!
//! Absolute names (`https://api.trove.test.:P/`): the URL policy compares host names as the
//! WHATWG parser leaves them, trailing dot kept, and an egress entry can never end in a dot,
//! so the absolute spelling of an allowlisted name is refused **by name** (the allowlist
//! message) before any lookup; the tests below pin that, with the resolver never asked. The
//! resolvers themselves always look names up as absolute names (`name.`, no search domains),
//! which is what the stub's query log and the hosts-file test below exercise.

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::process::Command;
use std::sync::{Arc, Mutex};

use hickory_proto::op::{Message, MessageType, ResponseCode};
use hickory_proto::rr::rdata::{A, AAAA, CNAME};
use hickory_proto::rr::{Name, RData, Record, RecordType};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use trove_host::{CallEnv, NetworkTransport};
use trove_host_ops::egress::network::{NameserverResolver, NetworkOptions, Resolver, SystemResolver};

use super::support::*;

/// How a question reached the stub.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    Udp,
    Tcp,
}

/// What the stub serves: owner name (lower case, no trailing dot) → records. A name listed
/// in `tcp_only` gets a truncated, empty answer over UDP, so the resolver must ask over TCP.
#[derive(Clone, Default)]
struct Zone {
    records: HashMap<String, Vec<RData>>,
    tcp_only: HashSet<String>,
}

impl Zone {
    fn a(mut self, name: &str, ip: &str) -> Self {
        self.records.entry(name.to_owned()).or_default().push(RData::A(A(ip.parse::<Ipv4Addr>().unwrap())));
        self
    }
    fn aaaa(mut self, name: &str, ip: &str) -> Self {
        self.records.entry(name.to_owned()).or_default().push(RData::AAAA(AAAA(ip.parse::<Ipv6Addr>().unwrap())));
        self
    }
    fn cname(mut self, name: &str, target: &str) -> Self {
        let target = Name::from_ascii(format!("{target}.")).unwrap();
        self.records.entry(name.to_owned()).or_default().push(RData::CNAME(CNAME(target)));
        self
    }
    fn tcp_only(mut self, name: &str) -> Self {
        self.tcp_only.insert(name.to_owned());
        self
    }

    /// The answer to `query` (CNAMEs followed inside the zone), recording each question.
    fn answer(&self, query: &Message, via: Via, asked: &Mutex<Vec<(String, RecordType, Via)>>) -> Message {
        let mut m = Message::new();
        m.set_id(query.id()).set_message_type(MessageType::Response).set_op_code(query.op_code());
        m.set_recursion_desired(query.recursion_desired()).set_recursion_available(true).set_authoritative(true);
        let mut code = ResponseCode::NoError;
        for q in query.queries() {
            m.add_query(q.clone());
            let name = key(q.name());
            asked.lock().unwrap().push((name.clone(), q.query_type(), via));
            if via == Via::Udp && self.tcp_only.contains(&name) {
                m.set_truncated(true);
                continue;
            }
            let (mut owner, mut owner_key) = (q.name().clone(), name);
            for _ in 0..8 {
                let Some(records) = self.records.get(&owner_key) else {
                    if owner == *q.name() {
                        code = ResponseCode::NXDomain;
                    }
                    break;
                };
                if let Some(RData::CNAME(target)) = records.iter().find(|r| matches!(r, RData::CNAME(_))) {
                    m.add_answer(Record::from_rdata(owner.clone(), 60, RData::CNAME(target.clone())));
                    owner = target.0.clone();
                    owner_key = key(&owner);
                    continue;
                }
                for r in records.iter().filter(|r| r.record_type() == q.query_type()) {
                    m.add_answer(Record::from_rdata(owner.clone(), 60, r.clone()));
                }
                break;
            }
        }
        m.set_response_code(code);
        m
    }
}

fn key(name: &Name) -> String {
    name.to_ascii().trim_end_matches('.').to_ascii_lowercase()
}

/// A DNS server on `127.0.0.1`, UDP and TCP on one port, answering from a [`Zone`].
struct DnsStub {
    addr: SocketAddr,
    asked: Arc<Mutex<Vec<(String, RecordType, Via)>>>,
}

impl DnsStub {
    async fn start(zone: Zone) -> Self {
        let (udp, tcp) = 'bind: {
            for _ in 0..20 {
                let udp = tokio::net::UdpSocket::bind("127.0.0.1:0").await.expect("bind the DNS stub (UDP)");
                if let Ok(tcp) = tokio::net::TcpListener::bind(udp.local_addr().unwrap()).await {
                    break 'bind (udp, tcp);
                }
            }
            panic!("no port free for the DNS stub on both UDP and TCP");
        };
        let addr = udp.local_addr().unwrap();
        let asked: Arc<Mutex<Vec<(String, RecordType, Via)>>> = Arc::default();
        let zone = Arc::new(zone);
        let (z, seen) = (zone.clone(), asked.clone());
        tokio::spawn(async move {
            let mut buf = [0u8; 1500];
            while let Ok((n, from)) = udp.recv_from(&mut buf).await {
                let Ok(query) = Message::from_vec(&buf[..n]) else { continue };
                let _ = udp.send_to(&z.answer(&query, Via::Udp, &seen).to_vec().unwrap(), from).await;
            }
        });
        let seen = asked.clone();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = tcp.accept().await {
                let (zone, seen) = (zone.clone(), seen.clone());
                tokio::spawn(async move {
                    loop {
                        let Ok(len) = s.read_u16().await else { return };
                        let mut buf = vec![0u8; len as usize];
                        if s.read_exact(&mut buf).await.is_err() {
                            return;
                        }
                        let Ok(query) = Message::from_vec(&buf) else { return };
                        let out = zone.answer(&query, Via::Tcp, &seen).to_vec().unwrap();
                        let mut framed = (out.len() as u16).to_be_bytes().to_vec();
                        framed.extend_from_slice(&out);
                        if s.write_all(&framed).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        Self { addr, asked }
    }

    fn asked(&self) -> Vec<(String, RecordType, Via)> {
        self.asked.lock().unwrap().clone()
    }
}

fn q(name: &str, t: RecordType, via: Via) -> (String, RecordType, Via) {
    (name.to_owned(), t, via)
}

/// `https://<host>:<forbidden port>/`.
fn forbidden_url(forbidden: &Forbidden, host: &str) -> String {
    format!("https://{host}:{}/", forbidden.port)
}

/// The production network settings with the stub as the resolver: nothing permitted, no
/// extra roots.
fn stub_env(stub: &DnsStub) -> CallEnv {
    let mut options = NetworkOptions::default();
    options.resolver = Arc::new(NameserverResolver::new(&[stub.addr]));
    CallEnv::new(Arc::new(NetworkTransport::new(options).expect("transport")))
}

/// The egress probe (whose allowlist holds every name used with the stub) fetches `host` on
/// the forbidden port through the stub; the outcome must be the private-address refusal,
/// with nothing accepted. Returns the stub's questions.
async fn refused_through_stub(zone: Zone, host: &str) -> Vec<(String, RecordType, Via)> {
    let forbidden = Forbidden::start().await;
    let stub = DnsStub::start(zone).await;
    let out = fetch_with(stub_env(&stub), &forbidden_url(&forbidden, host), serde_json::Value::Null).await;
    assert_tool_error(&out, PRIVATE, false);
    assert_eq!(forbidden.settled_accepts().await, 0, "a connection reached the forbidden listener");
    stub.asked()
}

/// `api.trove.test. A 127.0.0.1`: one question, for the absolute name with no search
/// domain, and the answer refused.
#[tokio::test]
async fn loopback_a_record_from_a_dns_server_is_refused() {
    let asked = refused_through_stub(Zone::default().a("api.trove.test", "127.0.0.1"), "api.trove.test").await;
    assert_eq!(asked, vec![q("api.trove.test", RecordType::A, Via::Udp)]);
}

/// No A record and `AAAA ::1`: the resolver asks A, then AAAA, and `::1` is refused.
#[tokio::test]
async fn ipv6_loopback_aaaa_record_from_a_dns_server_is_refused() {
    let asked = refused_through_stub(Zone::default().aaaa("v6loop.trove.test", "::1"), "v6loop.trove.test").await;
    assert_eq!(asked, vec![q("v6loop.trove.test", RecordType::A, Via::Udp), q("v6loop.trove.test", RecordType::AAAA, Via::Udp)]);
}

/// Other private answers, each on an address the forbidden listener holds: another address
/// of 127/8 next to 127.0.0.1, and the IPv4-mapped spelling of 127.0.0.2 as an AAAA record.
#[tokio::test]
async fn other_private_records_from_a_dns_server_are_refused() {
    let two = Zone::default().a("private.trove.test", "127.0.0.2").a("private.trove.test", "127.0.0.1");
    assert_eq!(refused_through_stub(two, "private.trove.test").await, vec![q("private.trove.test", RecordType::A, Via::Udp)]);
    let mapped = Zone::default().aaaa("mapped.trove.test", "::ffff:127.0.0.2");
    assert_eq!(
        refused_through_stub(mapped, "mapped.trove.test").await,
        vec![q("mapped.trove.test", RecordType::A, Via::Udp), q("mapped.trove.test", RecordType::AAAA, Via::Udp)]
    );
}

/// An allowlisted name that is a CNAME of an internal name with a loopback address: the
/// address the chain ends in is what is vetted.
#[tokio::test]
async fn cname_to_an_internal_name_with_a_loopback_address_is_refused() {
    let zone = Zone::default().cname("cdn.trove.test", "db.corp.internal").a("db.corp.internal", "127.0.0.1");
    assert_eq!(refused_through_stub(zone, "cdn.trove.test").await, vec![q("cdn.trove.test", RecordType::A, Via::Udp)]);
}

/// A truncated UDP answer: the resolver asks again over TCP, and that answer is vetted too.
#[tokio::test]
async fn loopback_answer_over_tcp_after_truncation_is_refused() {
    let zone = Zone::default().a("api.trove.test", "127.0.0.1").tcp_only("api.trove.test");
    assert_eq!(
        refused_through_stub(zone, "api.trove.test").await,
        vec![q("api.trove.test", RecordType::A, Via::Udp), q("api.trove.test", RecordType::A, Via::Tcp)]
    );
}

/// The absolute spelling of an allowlisted name is refused by name (it is not the entry),
/// before any DNS question; the same stub answers the relative spelling, which is refused by
/// address (so the stub would have been reachable).
#[tokio::test]
async fn absolute_name_is_refused_by_the_allowlist_before_dns() {
    let forbidden = Forbidden::start().await;
    let stub = DnsStub::start(Zone::default().a("api.trove.test", "127.0.0.1")).await;
    let out = fetch_with(stub_env(&stub), &forbidden_url(&forbidden, "api.trove.test."), serde_json::Value::Null).await;
    assert_tool_error(&out, &not_allowed("api.trove.test."), false);
    assert_eq!(stub.asked(), vec![], "the absolute name was refused before DNS");
    let out = fetch_with(stub_env(&stub), &forbidden_url(&forbidden, "api.trove.test"), serde_json::Value::Null).await;
    assert_tool_error(&out, PRIVATE, false);
    assert_eq!(stub.asked(), vec![q("api.trove.test", RecordType::A, Via::Udp)]);
    assert_eq!(forbidden.settled_accepts().await, 0);
}

// ---------------------------------------------------------------------------------------
// The system resolver.
//
// `SystemResolver` asks `getaddrinfo` for the absolute name (`name.`). glibc's hosts-file
// lookup compares names verbatim, so `localhost.` does NOT match the `localhost` line of
// `/etc/hosts` (checked on Debian 12, glibc 2.36: `getent ahosts localhost.` prints nothing,
// `getent ahosts localhost` prints 127.0.0.1): no name is resolved to loopback by the host's
// system resolver on a stock Debian machine without asking a DNS server. And `localhost` /
// `*.localhost` are refused by the URL policy by name, and an egress entry needs a dot, so
// they could never reach the resolver from a toolkit anyway.
//
// So the test gives the system resolver such a name itself: it re-runs itself in a private
// mount namespace (`unshare --user --map-root-user --mount`, or `--mount` alone) in which
// `/etc/hosts` is a file of its own, mapping `v4.loop.trove.test.` to 127.0.0.1 and
// `v6.loop.trove.test.` to ::1 (each line spells the name both ways; the dotted spelling is
// the one glibc matches). Nothing else changes: the same `getaddrinfo`, the same
// `NetworkOptions::default()` transport a toolkit gets when the call names none. Where no
// mount namespace can be made, the test is a missing prerequisite (it fails under CI=true).
// ---------------------------------------------------------------------------------------

const HOSTS_ENV: &str = "TROVE_TEST_PRIVATE_HOSTS";
const HOSTS: &str = "\
127.0.0.1 localhost
::1 localhost ip6-localhost ip6-loopback
127.0.0.1 v4.loop.trove.test v4.loop.trove.test.
::1 v6.loop.trove.test v6.loop.trove.test.
";

/// Names in the private `/etc/hosts` resolve to 127.0.0.1 and ::1 through `SystemResolver`;
/// a toolkit allowlisting them, on the production transport (`CallEnv::default()`: the
/// system resolver, nothing permitted), is refused with the private-address message, its
/// absolute spelling by name, and nothing reaches the listener.
#[tokio::test]
async fn system_resolver_loopback_names_are_refused() {
    if std::env::var_os(HOSTS_ENV).is_some() {
        return system_resolver_inside_the_namespace().await;
    }
    let hosts = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("production-dns-hosts-{}", std::process::id()));
    std::fs::write(&hosts, HOSTS).unwrap();
    // `sh -c SCRIPT HOSTS CMD...`: bind HOSTS over /etc/hosts, then run CMD.
    let in_namespace = |unshare: &[&str], cmd: &[&str]| {
        let mut c = Command::new("unshare");
        c.args(unshare).args(["sh", "-c", "mount --bind \"$0\" /etc/hosts && exec \"$@\""]).arg(&hosts).args(cmd);
        c
    };
    let mut tried = Vec::new();
    let mut unshare = None;
    for flags in [&["--user", "--map-root-user", "--mount"][..], &["--mount"][..]] {
        match in_namespace(flags, &["cat", "/etc/hosts"]).output() {
            Ok(out) if out.status.success() && out.stdout == HOSTS.as_bytes() => {
                unshare = Some(flags);
                break;
            }
            Ok(out) => tried.push(format!("unshare {}: {} {}", flags.join(" "), out.status, String::from_utf8_lossy(&out.stderr).trim())),
            Err(e) => tried.push(format!("unshare {}: {e}", flags.join(" "))),
        }
    }
    let Some(flags) = unshare else {
        return trove_host_tests::missing_prerequisite(&format!(
            "a private mount namespace for a hosts file of the test's own (util-linux `unshare` and `mount`, \
             user namespaces or CAP_SYS_ADMIN): {}",
            tried.join("; ")
        ));
    };
    let test = format!("{}::system_resolver_loopback_names_are_refused", module_path!().split_once("::").unwrap().1);
    let exe = std::env::current_exe().unwrap();
    let out = in_namespace(flags, &[exe.to_str().unwrap(), &test, "--exact", "--test-threads=1"]).env(HOSTS_ENV, &hosts).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "the test inside the mount namespace failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(&hosts);
}

async fn system_resolver_inside_the_namespace() {
    assert_eq!(std::fs::read_to_string("/etc/hosts").unwrap(), HOSTS, "{HOSTS_ENV} is set but /etc/hosts is not the test's");
    // The system resolver itself answers loopback for the names (so a refusal below is the
    // vetting's, not a lookup that failed).
    let v4: IpAddr = "127.0.0.1".parse().unwrap();
    let v6: IpAddr = "::1".parse().unwrap();
    assert_eq!(SystemResolver.lookup("v4.loop.trove.test").await.expect("getaddrinfo v4.loop.trove.test."), vec![v4]);
    assert_eq!(SystemResolver.lookup("v6.loop.trove.test").await.expect("getaddrinfo v6.loop.trove.test."), vec![v6]);

    let forbidden = Forbidden::start().await;
    let mut tk = load(&probe_variant("system-resolver", Some("['v4.loop.trove.test', 'v6.loop.trove.test']"), None)).await;
    for host in ["v4.loop.trove.test", "v6.loop.trove.test"] {
        let out = call(&mut tk, CallEnv::default(), "fetch", json!({ "url": forbidden_url(&forbidden, host) })).await;
        assert_tool_error(&out, PRIVATE, false);
        let absolute = format!("{host}.");
        let out = call(&mut tk, CallEnv::default(), "fetch", json!({ "url": forbidden_url(&forbidden, &absolute) })).await;
        assert_tool_error(&out, &not_allowed(&absolute), false);
    }
    assert_eq!(forbidden.settled_accepts().await, 0, "a connection reached the forbidden listener");
}
