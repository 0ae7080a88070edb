//! Issue #9, part 2, through the real resolver path: a DNS server on loopback answers an
//! allowlisted name with an IPv6 address that carries a blocked IPv4 address (NAT64 in every
//! RFC 6052 layout and the local-use prefix, 6to4, Teredo, ISATAP), the host's
//! [`NameserverResolver`] asks it over UDP, and the vetting refuses the address with the
//! private-address message. A listener on the carried loopback address counts zero accepts,
//! and the stub saw the query (the refusal came after DNS, not from the URL).

use std::collections::HashMap;
use std::net::{Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex};

use hickory_proto::op::{Message, MessageType, ResponseCode};
use hickory_proto::rr::rdata::AAAA;
use hickory_proto::rr::{RData, Record, RecordType};
use serde_json::json;
use trove_host::{CallEnv, NetworkTransport};
use trove_host_ops::egress::network::{NameserverResolver, NetworkOptions};

use super::support::*;

/// A DNS server on 127.0.0.1 (UDP) answering AAAA questions from a table; A questions get no
/// records. Records every name asked.
struct DnsStub {
    addr: SocketAddr,
    asked: Arc<Mutex<Vec<String>>>,
}

impl DnsStub {
    async fn start(table: HashMap<String, Ipv6Addr>) -> Self {
        let socket = tokio::net::UdpSocket::bind("127.0.0.1:0").await.expect("bind DNS stub");
        let addr = socket.local_addr().unwrap();
        let asked: Arc<Mutex<Vec<String>>> = Arc::default();
        let seen = asked.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 1500];
            while let Ok((n, from)) = socket.recv_from(&mut buf).await {
                let Ok(query) = Message::from_vec(&buf[..n]) else { continue };
                let mut answer = Message::new();
                answer.set_id(query.id()).set_message_type(MessageType::Response).set_op_code(query.op_code());
                answer.set_recursion_desired(query.recursion_desired()).set_recursion_available(true);
                answer.set_response_code(ResponseCode::NoError);
                for q in query.queries() {
                    answer.add_query(q.clone());
                    let name = q.name().to_ascii().trim_end_matches('.').to_owned();
                    seen.lock().unwrap().push(name.clone());
                    if q.query_type() == RecordType::AAAA {
                        if let Some(v6) = table.get(&name) {
                            answer.add_answer(Record::from_rdata(q.name().clone(), 60, RData::AAAA(AAAA(*v6))));
                        }
                    }
                }
                let _ = socket.send_to(&answer.to_vec().unwrap(), from).await;
            }
        });
        Self { addr, asked }
    }
}

/// (what, the AAAA answer); each carries 127.0.0.2, where the forbidden listener waits, or
/// lies in the part of 64:ff9b::/32 refused whole.
const LAYOUTS: [(&str, &str); 9] = [
    ("NAT64 well-known /96", "64:ff9b::7f00:2"),
    // The last 32 bits read 8.8.8.8: a check of the last 32 bits alone lets these through.
    ("NAT64 local-use /48 layout", "64:ff9b:1:7f00:0:200:808:808"),
    ("NAT64 /32 layout", "64:ff9b:7f00:2::808:808"),
    ("NAT64 /40 layout", "64:ff9b:0:7f:0:2:808:808"),
    ("NAT64 /64 layout", "64:ff9b:0:0:7f:0:808:808"),
    ("6to4", "2002:7f00:2::1"),
    ("Teredo server", "2001:0:7f00:2::1"),
    ("Teredo client (inverted)", "2001:0:808:808:8000:f227:80ff:fffd"),
    ("ISATAP", "2606:4700::5efe:7f00:2"),
];

#[tokio::test]
async fn ipv6_answers_carrying_a_private_ipv4_are_refused_after_dns() {
    let w = World::new().await;
    let table: HashMap<String, Ipv6Addr> =
        LAYOUTS.iter().enumerate().map(|(i, (_, a))| (format!("v{i}.wrapped.trove.test"), a.parse().unwrap())).collect();
    let stub = DnsStub::start(table).await;
    let mut options = NetworkOptions::default();
    options.resolver = Arc::new(NameserverResolver::new(&[stub.addr]));
    let transport = Arc::new(NetworkTransport::new(options).expect("transport"));
    let names: Vec<String> = (0..LAYOUTS.len()).map(|i| format!("'v{i}.wrapped.trove.test'")).collect();
    let mut tk = load(&probe_variant("wrapped", Some(&format!("[{}]", names.join(", "))), None)).await;
    for (i, (what, _)) in LAYOUTS.iter().enumerate() {
        let name = format!("v{i}.wrapped.trove.test");
        let out = call(&mut tk, CallEnv::new(transport.clone()), "fetch", json!({ "url": w.forbidden_url(&name, "/") })).await;
        assert_tool_error(&out, PRIVATE, false);
        assert!(stub.asked.lock().unwrap().contains(&name), "{what}: the name was resolved through the stub");
    }
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// The same stub and resolver reach a public-looking answer: the refusals above are the
/// vetting's, not a resolver that never answers. (Its address does not route here, so the
/// fetch fails as a network error, not with the private-address message.)
#[tokio::test]
async fn a_public_ipv6_answer_passes_the_vetting() {
    let table = HashMap::from([("v0.wrapped.trove.test".to_owned(), "2606:4700:4700::1111".parse().unwrap())]);
    let stub = DnsStub::start(table).await;
    let mut options = NetworkOptions::default();
    options.resolver = Arc::new(NameserverResolver::new(&[stub.addr]));
    let transport = Arc::new(NetworkTransport::new(options).expect("transport"));
    let mut tk = load(&probe_variant("wrapped-public", Some("['v0.wrapped.trove.test']"), None)).await;
    let mut budgets = trove_host::EgressBudgets::default();
    budgets.connect_timeout = std::time::Duration::from_millis(300);
    let mut env = CallEnv::new(transport);
    env.budgets = budgets;
    let out = call(&mut tk, env, "fetch", json!({ "url": "https://v0.wrapped.trove.test/" })).await;
    assert_threw(&out, "TypeError: fetch failed");
    assert!(stub.asked.lock().unwrap().iter().any(|n| n == "v0.wrapped.trove.test"));
}
