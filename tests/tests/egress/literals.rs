//! Private, loopback and link-local addresses written as URL literals, in every spelling a
//! WHATWG parser accepts. Decided on the canonical address before anything is sent.

use serde_json::json;

use super::support::*;

refuses!(ipv4_loopback_dotted, |w| w.forbidden_url("127.0.0.1", "/"), PRIVATE);
refuses!(ipv4_loopback_other_127, |w| w.forbidden_url("127.0.0.2", "/"), PRIVATE);
refuses!(ipv4_short_127_1, |w| w.forbidden_url("127.1", "/"), PRIVATE);
refuses!(ipv4_decimal_dword, |w| w.forbidden_url("2130706433", "/"), PRIVATE);
refuses!(ipv4_hex_octet, |w| w.forbidden_url("0x7f.0.0.1", "/"), PRIVATE);
refuses!(ipv4_hex_dword, |w| w.forbidden_url("0x7f000001", "/"), PRIVATE);
refuses!(ipv4_octal_octet, |w| w.forbidden_url("0177.0.0.1", "/"), PRIVATE);
refuses!(ipv4_octal_dword, |w| w.forbidden_url("017700000001", "/"), PRIVATE);
refuses!(ipv4_mixed_radix, |w| w.forbidden_url("0x7f.1", "/"), PRIVATE);
refuses!(ipv4_trailing_dot, |w| w.forbidden_url("127.0.0.1.", "/"), PRIVATE);
refuses!(ipv4_zero_short, |w| w.forbidden_url("0", "/"), PRIVATE);
refuses!(ipv4_zero_dotted, |w| w.forbidden_url("0.0.0.0", "/"), PRIVATE);
refuses!(ipv4_percent_encoded_host, |w| w.forbidden_url("%31%32%37.0.0.1", "/"), PRIVATE);
refuses!(ipv4_fullwidth_digits, |w| w.forbidden_url("\u{ff11}\u{ff12}\u{ff17}.\u{ff10}.\u{ff10}.\u{ff11}", "/"), PRIVATE);
refuses!(ipv4_ideographic_full_stop, |w| w.forbidden_url("127\u{3002}0\u{3002}0\u{3002}1", "/"), PRIVATE);
refuses!(ipv6_loopback, |w| w.forbidden_url("[::1]", "/"), PRIVATE);
refuses!(ipv6_unspecified, |w| w.forbidden_url("[::]", "/"), PRIVATE);
refuses!(ipv6_loopback_long_form, |w| w.forbidden_url("[0000:0000:0000:0000:0000:0000:0000:0001]", "/"), PRIVATE);
refuses!(ipv4_mapped_dotted, |w| w.forbidden_url("[::ffff:127.0.0.1]", "/"), PRIVATE);
refuses!(ipv4_mapped_hex, |w| w.forbidden_url("[::ffff:7f00:2]", "/"), PRIVATE);
refuses!(localhost_name, |w| w.forbidden_url("localhost", "/"), PRIVATE);
refuses!(localhost_upper_case, |w| w.forbidden_url("LocalHost", "/"), PRIVATE);
refuses!(localhost_subdomain, |w| w.forbidden_url("api.localhost", "/"), PRIVATE);
// `localhost.` is not literally `localhost` for the SDK, which refuses it on the allowlist.
refuses!(localhost_trailing_dot, |w| w.forbidden_url("localhost.", "/"), not_allowed("localhost."));
refuses!(ipv6_zone_id, |w| w.forbidden_url("[fe80::1%25lo]", "/"), MALFORMED);
// Host-only wrappers: the SDK refuses these on the allowlist (an IPv6 literal is never an
// entry), so they keep the SDK's message; with an empty list they get the private message
// (see `empty_list_*` below).
refuses!(ipv4_compatible_ipv6, |w| w.forbidden_url("[::127.0.0.2]", "/"), not_allowed("[::7f00:2]"));
refuses!(nat64_wrapped_loopback, |w| w.forbidden_url("[64:ff9b::127.0.0.2]", "/"), not_allowed("[64:ff9b::7f00:2]"));
refuses!(sixto4_wrapped_loopback, |w| w.forbidden_url("[2002:7f00:2::]", "/"), not_allowed("[2002:7f00:2::]"));

// Cloud metadata and the other contract ranges (default port: nothing listens there; the
// refusal comes before any socket). These rely on the exact message alone: no listener can
// run at these addresses (and nothing here may send them a packet), so the forbidden
// listener's count of zero says nothing about them.
refuses!(metadata_aws_ipv4, |_w| "https://169.254.169.254/latest/meta-data/iam/security-credentials/".into(), PRIVATE);
refuses!(metadata_aws_http, |_w| "http://169.254.169.254/latest/meta-data/".into(), PRIVATE);
refuses!(metadata_mapped, |_w| "https://[::ffff:169.254.169.254]/".into(), PRIVATE);
refuses!(metadata_decimal, |_w| "https://2852039166/".into(), PRIVATE);
refuses!(metadata_aws_ipv6_ula, |_w| "https://[fd00:ec2::254]/latest/".into(), PRIVATE);
refuses!(metadata_alibaba_cgnat, |_w| "https://100.100.100.200/latest/meta-data/".into(), PRIVATE);
refuses!(rfc1918_ten, |_w| "https://10.0.0.1/".into(), PRIVATE);
refuses!(rfc1918_172, |_w| "https://172.31.255.254/".into(), PRIVATE);
refuses!(rfc1918_192, |_w| "https://192.168.1.1/".into(), PRIVATE);
refuses!(ietf_protocol_192_0_0, |_w| "https://192.0.0.170/".into(), PRIVATE);
refuses!(benchmark_198_18, |_w| "https://198.18.0.1/".into(), PRIVATE);
refuses!(multicast_224, |_w| "https://224.0.0.251/".into(), PRIVATE);
refuses!(broadcast, |_w| "https://255.255.255.255/".into(), PRIVATE);
refuses!(ipv6_link_local, |_w| "https://[fe80::1]/".into(), PRIVATE);

/// A toolkit with an empty `egress` list: no egress at all, and the host-only wrappers get
/// the private-address message (host rules: http, then address, then the empty list).
async fn empty_list_refuses(url: String, message: &str) {
    let w = World::new().await;
    let mut tk = load(&probe_variant("empty", Some("[]"), None)).await;
    let out = call(&mut tk, w.env(), "fetch", json!({ "url": url })).await;
    assert_tool_error(&out, message, false);
    assert_eq!(w.forbidden.settled_accepts().await, 0);
    assert_eq!(w.upstream.state.total(), 0);
}

// The `empty_list_*` URLs name addresses where no listener runs (an IPv4-compatible,
// NAT64, 6to4 or multicast IPv6 address): they rely on the exact message, and on the
// upstream seeing nothing.
#[tokio::test]
async fn empty_list_ipv4_compatible() {
    let port = 9; // never reached
    empty_list_refuses(format!("https://[::127.0.0.2]:{port}/"), PRIVATE).await;
}

#[tokio::test]
async fn empty_list_nat64() {
    empty_list_refuses("https://[64:ff9b::a9fe:a9fe]/".into(), PRIVATE).await;
}

#[tokio::test]
async fn empty_list_6to4() {
    empty_list_refuses("https://[2002:a9fe:a9fe::1]/".into(), PRIVATE).await;
}

#[tokio::test]
async fn empty_list_ipv6_multicast() {
    empty_list_refuses("https://[ff02::1]/".into(), PRIVATE).await;
}

#[tokio::test]
async fn empty_list_means_no_egress() {
    let w = World::new().await;
    let mut tk = load(&probe_variant("empty", Some("[]"), None)).await;
    let out = call(&mut tk, w.env(), "fetch", json!({ "url": w.upstream.url("api.trove.test", "/ok") })).await;
    assert_tool_error(&out, &not_allowed("api.trove.test"), false);
    assert_eq!(w.upstream.state.total(), 0, "nothing reached the upstream");
    assert!(w.resolver.asked().is_empty(), "not even a DNS lookup");
}

/// The count every refusal above reads includes connections still waiting in a listener's
/// backlog: connections made just before the read, to each address, are all counted, and the
/// marker connections that synchronise the read are not.
#[tokio::test]
async fn the_forbidden_listener_counts_connections_still_in_its_backlog() {
    let w = World::new().await;
    let mut open = Vec::new();
    for address in [PUBLIC, PRIVATE_IP] {
        for _ in 0..25 {
            open.push(tokio::net::TcpStream::connect((ip(address), w.forbidden.port)).await.expect("connect"));
        }
    }
    assert_eq!(w.forbidden.settled_accepts().await, 50);
    assert_eq!(w.forbidden.settled_accepts().await, 50, "marker connections are not counted");
}
