//! Address vetting: which IP addresses egress may never reach (contract §6).
//!
//! The ranges are the contract's list; an IPv6 address that wraps an IPv4 address
//! (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96` and
//! `64:ff9b:1::/48`, 6to4 `2002::/16`) is decided on the IPv4 address it wraps (**host**).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::LazyLock;

use ipnet::{IpNet, Ipv4Net, Ipv6Net};

/// IPv4 ranges egress never reaches: contract §6 (`0/8`, `10/8`, `127/8`, `169.254/16`,
/// `172.16/12`, `192.168/16`, `100.64/10`, `192.0.0/24`, `198.18/15`, `224/3` and above).
static BLOCKED_V4: LazyLock<Vec<Ipv4Net>> = LazyLock::new(|| {
    [
        "0.0.0.0/8",
        "10.0.0.0/8",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "100.64.0.0/10",
        "192.0.0.0/24",
        "198.18.0.0/15",
        "224.0.0.0/3",
    ]
    .iter()
    .map(|s| s.parse().expect("static range"))
    .collect()
});

/// IPv6 ranges egress never reaches: `::`, `::1`, unique-local `fc00::/7`, link-local
/// `fe80::/10` (contract §6), plus multicast `ff00::/8` (**host**).
static BLOCKED_V6: LazyLock<Vec<Ipv6Net>> = LazyLock::new(|| {
    ["::/128", "::1/128", "fc00::/7", "fe80::/10", "ff00::/8"]
        .iter()
        .map(|s| s.parse().expect("static range"))
        .collect()
});

/// Whether the Node SDK refuses `ip` as a literal: the contract's IPv4 ranges, `::`, `::1`,
/// `fc00::/7`, `fe80::/10`, and IPv4-mapped `::ffff:a.b.c.d` of a blocked IPv4 address. The
/// other wrappers and IPv6 multicast are **host** rules ([`is_blocked_ip`]), checked after the
/// SDK's allowlist rule so a URL the SDK refuses keeps the SDK's message.
pub fn is_sdk_blocked_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_blocked_v4(v4),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            if s[..5] == [0, 0, 0, 0, 0] && s[5] == 0xffff {
                let o = v6.octets();
                return is_blocked_v4(Ipv4Addr::new(o[12], o[13], o[14], o[15]));
            }
            // The contract's IPv6 list: BLOCKED_V6 without the host's multicast entry.
            BLOCKED_V6.iter().filter(|n| n.addr().segments()[0] != 0xff00).any(|n| n.contains(&v6))
        }
    }
}

/// Whether `ip` is in a range egress may never reach, deciding IPv6 wrappers of IPv4 on the
/// address they wrap. A superset of [`is_sdk_blocked_ip`]; every resolved address is vetted
/// with this.
pub fn is_blocked_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_blocked_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = embedded_ipv4(v6) {
                return is_blocked_v4(v4);
            }
            BLOCKED_V6.iter().any(|n| n.contains(&v6))
        }
    }
}

fn is_blocked_v4(ip: Ipv4Addr) -> bool {
    BLOCKED_V4.iter().any(|n| n.contains(&ip))
}

/// The IPv4 address an IPv6 address carries, for the wrappers the contract names.
fn embedded_ipv4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let o = v6.octets();
    let last32 = Ipv4Addr::new(o[12], o[13], o[14], o[15]);
    // IPv4-mapped ::ffff:a.b.c.d
    if s[..5] == [0, 0, 0, 0, 0] && s[5] == 0xffff {
        return Some(last32);
    }
    // IPv4-compatible ::a.b.c.d (deprecated, but resolvers and parsers accept it). `::` and
    // `::1` are decided by the IPv6 list.
    if s[..6] == [0, 0, 0, 0, 0, 0] && (s[6] != 0 || s[7] > 1) {
        return Some(last32);
    }
    // NAT64 well-known prefix 64:ff9b::/96 and local-use 64:ff9b:1::/48.
    let nat64: Ipv6Net = "64:ff9b::/96".parse().ok()?;
    let nat64_local: Ipv6Net = "64:ff9b:1::/48".parse().ok()?;
    if nat64.contains(&v6) || nat64_local.contains(&v6) {
        return Some(last32);
    }
    // 6to4 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(o[2], o[3], o[4], o[5]));
    }
    None
}

/// Every blocked range as an [`IpNet`], for documentation and tests.
pub fn blocked_ranges() -> Vec<IpNet> {
    BLOCKED_V4
        .iter()
        .map(|n| IpNet::V4(*n))
        .chain(BLOCKED_V6.iter().map(|n| IpNet::V6(*n)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocked(s: &str) -> bool {
        is_blocked_ip(s.parse().unwrap())
    }

    #[test]
    fn contract_ranges() {
        for a in [
            "0.0.0.0", "10.1.2.3", "127.0.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255",
            "192.168.1.1", "100.64.0.1", "192.0.0.8", "198.18.0.1", "198.19.255.255", "224.0.0.1",
            "255.255.255.255", "::", "::1", "fd00::1", "fe80::1",
        ] {
            assert!(blocked(a), "{a} must be blocked");
        }
        for a in ["8.8.8.8", "172.32.0.1", "100.128.0.1", "198.20.0.1", "2606:4700::1111", "203.0.113.7"] {
            assert!(!blocked(a), "{a} must pass");
        }
    }

    #[test]
    fn sdk_subset() {
        let sdk = |a: &str| is_sdk_blocked_ip(a.parse().unwrap());
        assert!(sdk("127.0.0.1") && sdk("::ffff:10.0.0.1") && sdk("fe80::1") && sdk("::1"));
        assert!(!sdk("::127.0.0.1") && !sdk("64:ff9b::a00:1") && !sdk("2002:7f00:1::1") && !sdk("ff02::1"));
        assert!(blocked("ff02::1"));
    }

    #[test]
    fn ipv6_wrappers_of_ipv4() {
        assert!(blocked("::ffff:127.0.0.1"));
        assert!(blocked("::ffff:a9fe:a9fe"));
        assert!(blocked("::127.0.0.1"), "IPv4-compatible");
        assert!(blocked("64:ff9b::10.0.0.1"), "NAT64");
        assert!(blocked("64:ff9b:1::a00:1"), "local-use NAT64");
        assert!(blocked("2002:7f00:1::1"), "6to4 of 127.0.0.1");
        assert!(!blocked("::ffff:8.8.8.8"));
        assert!(!blocked("2002:0808:0808::1"));
    }
}
