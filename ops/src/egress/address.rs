//! Address vetting: which IP addresses egress may never reach (contract §6).
//!
//! The ranges are the contract's list. An IPv6 address that carries an IPv4 address a
//! network can route to is decided on the IPv4 address it carries (**host**): IPv4-mapped
//! `::ffff:a.b.c.d`, SIIT's IPv4-translated `::ffff:0:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
//! the NAT64 well-known prefix
//! `64:ff9b::/96` (RFC 6052), 6to4 `2002::/16` (RFC 3056), Teredo `2001::/32` (RFC 4380: the
//! server address and the obfuscated client address, either blocked refuses), and ISATAP
//! interface identifiers `…:0:5efe:a.b.c.d` / `…:200:5efe:a.b.c.d` (RFC 5214) under any prefix.
//! Only the first three merely wrap an IPv4 address; the others are addresses of their own, so
//! they are refused when their own range is too (an ISATAP identifier under `fd00::/8` or
//! `fe80::/10` carrying a public IPv4 address is still a local address).
//! The rest of `64:ff9b::/32`, which holds the local-use NAT64 prefix `64:ff9b:1::/48`
//! (RFC 8215, not meant for public egress) and in which RFC 6052's /32…/64 layouts could
//! place an IPv4 address outside the last 32 bits, is refused whole.

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
/// `fe80::/10` (contract §6), plus multicast `ff00::/8`, the deprecated site-local `fec0::/10`
/// (RFC 3879; still routed by Linux) and the NAT64 prefixes other than the well-known /96
/// (`64:ff9b::/32`, see the module docs) (**host**).
static BLOCKED_V6: LazyLock<Vec<Ipv6Net>> = LazyLock::new(|| {
    ["::/128", "::1/128", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8", "64:ff9b::/32"]
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
            // The contract's IPv6 list: BLOCKED_V6 without the host's multicast, site-local and
            // NAT64 entries.
            BLOCKED_V6.iter().filter(|n| ![0xff00, 0xfec0, 0x64].contains(&n.addr().segments()[0])).any(|n| n.contains(&v6))
        }
    }
}

/// Whether `ip` is in a range egress may never reach, deciding IPv6 wrappers of IPv4 on the
/// address they wrap. A superset of [`is_sdk_blocked_ip`]; every resolved address is vetted
/// with this.
pub fn is_blocked_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_blocked_v4(v4),
        IpAddr::V6(v6) => match wrapped_ipv4(v6) {
            // A pure wrapper: the IPv4 address is where the packet goes.
            Some(v4) => is_blocked_v4(v4),
            // An address of its own that may also carry IPv4 addresses (6to4, Teredo, an
            // ISATAP interface id): refused when its own range is, or any address it carries
            // is. An ISATAP id under a unique-local or link-local prefix stays local.
            None => BLOCKED_V6.iter().any(|n| n.contains(&v6)) || carried_ipv4(v6).into_iter().any(is_blocked_v4),
        },
    }
}

/// The addresses of this machine's own interfaces (`getifaddrs`), which egress never reaches
/// (**host**): a public address of the host's own interface reaches its services (a
/// `0.0.0.0`-bound one) as loopback does. Read at each use, not kept: it is asked once per
/// lookup (a new connection) or IP-literal URL, and interfaces come and go (DHCP, VPNs,
/// containers). Empty if they cannot be read (the ranges are still vetted).
pub fn own_addresses() -> Vec<IpAddr> {
    let Ok(interfaces) = nix::ifaddrs::getifaddrs() else { return Vec::new() };
    interfaces
        .filter_map(|interface| {
            let address = interface.address?;
            address
                .as_sockaddr_in()
                .map(|v4| IpAddr::V4(v4.ip()))
                .or_else(|| address.as_sockaddr_in6().map(|v6| IpAddr::V6(v6.ip())))
        })
        .collect()
}

/// Whether `ip` reaches one of `own` (the machine's addresses, [`own_addresses`]): it is one,
/// or an IPv6 address that wraps or carries one (IPv4-mapped `::ffff:a.b.c.d`, NAT64, 6to4…),
/// read as [`is_blocked_ip`] reads it (review 21: the mapped form of an own address passed).
pub fn is_own_address(ip: IpAddr, own: &[IpAddr]) -> bool {
    own.contains(&ip)
        || match ip {
            IpAddr::V4(_) => false,
            IpAddr::V6(v6) => wrapped_ipv4(v6).into_iter().chain(carried_ipv4(v6)).any(|v4| own.contains(&IpAddr::V4(v4))),
        }
}

/// Whether egress may never reach `ip`: it is in a blocked range ([`is_blocked_ip`]), it
/// reaches one of `own`, this machine's addresses ([`own_addresses`], [`is_own_address`]), or
/// the kernel delivers it (or the IPv4 address it wraps or carries) to this machine
/// ([`is_delivered_locally`]). The one rule both the policy (for an IP-literal URL) and the
/// vetting resolver (for each address a name resolves to) ask.
pub fn is_refused_ip(ip: IpAddr, own: &[IpAddr]) -> bool {
    is_blocked_ip(ip)
        || is_own_address(ip, own)
        || match ip {
            IpAddr::V4(_) => is_delivered_locally(ip),
            IpAddr::V6(v6) => {
                is_delivered_locally(ip) || wrapped_ipv4(v6).into_iter().chain(carried_ipv4(v6)).any(|v4| is_delivered_locally(IpAddr::V4(v4)))
            }
        }
}

/// Whether the kernel delivers packets for `ip` to this machine itself (**host**): its route to
/// `ip` is a local, broadcast or anycast one ([`local_route`], the routing table as `ip route get`
/// reads it), or, where netlink cannot be asked, a socket may bind to it. Both hold for the
/// interfaces' addresses and for addresses routed locally without any interface carrying them
/// (an AnyIP `ip route add local 198.51.100.0/24 dev lo`, or `ip -6 route add local … dev lo`,
/// to which IPv6 refuses a bind). Review 35 reached a service listening on `0.0.0.0:443` of the
/// host through such an address, which [`own_addresses`] does not list; review 36 the IPv6 one,
/// and the IPv4 one with `net.ipv4.ip_nonlocal_bind` set (binding then tells nothing, so it is
/// not asked). One netlink request per address, asked once per lookup (a new connection).
pub fn is_delivered_locally(ip: IpAddr) -> bool {
    if let Some(local) = local_route(ip) {
        return local;
    }
    let sysctl = match ip {
        IpAddr::V4(_) => "/proc/sys/net/ipv4/ip_nonlocal_bind",
        IpAddr::V6(_) => "/proc/sys/net/ipv6/ip_nonlocal_bind",
    };
    if std::fs::read_to_string(sysctl).is_ok_and(|v| v.trim() != "0") {
        return false;
    }
    std::net::UdpSocket::bind(std::net::SocketAddr::new(ip, 0)).is_ok()
}

/// Whether the kernel's route to `ip` delivers it here (`RTN_LOCAL`, `RTN_BROADCAST`,
/// `RTN_ANYCAST`), asked with one netlink `RTM_GETROUTE` (what `ip route get` sends). `Some(false)`
/// for any other route or none (`ENETUNREACH`); `None` when netlink cannot be asked (not Linux, a
/// sandbox without netlink sockets, an answer that does not parse).
#[cfg(target_os = "linux")]
fn local_route(ip: IpAddr) -> Option<bool> {
    use netlink_packet_core::{NetlinkHeader, NetlinkMessage, NetlinkPayload, NLM_F_REQUEST};
    use netlink_packet_route::route::{RouteAttribute, RouteMessage, RouteType};
    use netlink_packet_route::{AddressFamily, RouteNetlinkMessage};
    use netlink_sys::{protocols::NETLINK_ROUTE, Socket, SocketAddr};

    let mut route = RouteMessage::default();
    (route.header.address_family, route.header.destination_prefix_length) = match ip {
        IpAddr::V4(_) => (AddressFamily::Inet, 32),
        IpAddr::V6(_) => (AddressFamily::Inet6, 128),
    };
    route.attributes.push(RouteAttribute::Destination(ip.into()));
    let mut request = NetlinkMessage::new(NetlinkHeader::default(), NetlinkPayload::from(RouteNetlinkMessage::GetRoute(route)));
    request.header.flags = NLM_F_REQUEST;
    request.finalize();
    let mut bytes = vec![0; request.buffer_len()];
    request.serialize(&mut bytes);

    let socket = Socket::new(NETLINK_ROUTE).ok()?;
    socket.connect(&SocketAddr::new(0, 0)).ok()?;
    socket.send(&bytes, 0).ok()?;
    let mut answer = Vec::with_capacity(4096);
    socket.recv(&mut answer, 0).ok()?;
    match NetlinkMessage::<RouteNetlinkMessage>::deserialize(&answer).ok()?.payload {
        NetlinkPayload::InnerMessage(RouteNetlinkMessage::NewRoute(route)) => {
            Some(matches!(route.header.kind, RouteType::Local | RouteType::Broadcast | RouteType::Anycast))
        }
        // No route (`ENETUNREACH`): not delivered here.
        NetlinkPayload::Error(_) => Some(false),
        _ => None,
    }
}

#[cfg(not(target_os = "linux"))]
fn local_route(_ip: IpAddr) -> Option<bool> {
    None
}

fn is_blocked_v4(ip: Ipv4Addr) -> bool {
    BLOCKED_V4.iter().any(|n| n.contains(&ip))
}

/// The IPv4 address an IPv6 address only wraps (IPv4-mapped, IPv4-compatible, the NAT64
/// well-known prefix): the IPv6 form is a way of writing that IPv4 address.
fn wrapped_ipv4(v6: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = v6.segments();
    let o = v6.octets();
    let last32 = Ipv4Addr::new(o[12], o[13], o[14], o[15]);
    // IPv4-mapped ::ffff:a.b.c.d
    if s[..5] == [0, 0, 0, 0, 0] && s[5] == 0xffff {
        return Some(last32);
    }
    // SIIT's IPv4-translated ::ffff:0:a.b.c.d (RFC 2765).
    if s[..4] == [0, 0, 0, 0] && s[4] == 0xffff && s[5] == 0 {
        return Some(last32);
    }
    // IPv4-compatible ::a.b.c.d (deprecated, but resolvers and parsers accept it). `::` and
    // `::1` are decided by the IPv6 list.
    if s[..6] == [0, 0, 0, 0, 0, 0] && (s[6] != 0 || s[7] > 1) {
        return Some(last32);
    }
    // NAT64 well-known prefix 64:ff9b::/96 (the rest of 64:ff9b::/32 is refused whole).
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return Some(last32);
    }
    None
}

/// The IPv4 addresses an IPv6 address of its own carries in the layouts a network can route
/// to (see the module docs); empty when it carries none. They can overlap (a 6to4 or Teredo
/// prefix with an ISATAP interface identifier): every reading counts.
fn carried_ipv4(v6: Ipv6Addr) -> Vec<Ipv4Addr> {
    let s = v6.segments();
    let o = v6.octets();
    let mut carried = Vec::new();
    // 6to4 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
    if s[0] == 0x2002 {
        carried.push(Ipv4Addr::new(o[2], o[3], o[4], o[5]));
    }
    // Teredo 2001:0000:SSSS:SSSS:flags:port:CCCC:CCCC: the server in bits 32..64, the client
    // in the last 32 bits, inverted.
    if s[0] == 0x2001 && s[1] == 0 {
        carried.push(Ipv4Addr::new(o[4], o[5], o[6], o[7]));
        carried.push(Ipv4Addr::new(!o[12], !o[13], !o[14], !o[15]));
    }
    // ISATAP: an interface identifier 0000:5efe or 0200:5efe (u/l bit) before the IPv4.
    if (s[4] == 0 || s[4] == 0x0200) && s[5] == 0x5efe {
        carried.push(Ipv4Addr::new(o[12], o[13], o[14], o[15]));
    }
    carried
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

    /// A public IPv6 address whose low 32 bits read as a blocked IPv4 address is not a wrapper
    /// of it: only the layouts of [`embedded_ipv4`] carry one (issue #13, a cargo-mutants
    /// survivor: `&&` → `||` in the IPv4-mapped check).
    #[test]
    fn only_the_wrapper_layouts_carry_an_ipv4_address() {
        assert!(!blocked("2606:4700::ffff:7f00:1"), "::ffff: in the middle of a public address");
        assert!(!blocked("2606:4700:0:0:1:ffff:a00:1"));
    }

    /// `::a.b.c.d` (IPv4-compatible) carries `a.b.c.d` whenever the address is not `::` or `::1`,
    /// even when the top 16 bits of the IPv4 part are zero (issue #13, cargo-mutants survivors:
    /// `s[7] > 1` → `==` / `<`).
    #[test]
    fn ipv4_compatible_addresses_with_a_short_ipv4_part_are_vetted_as_ipv4() {
        for a in ["::2", "::0.0.0.255", "::0.0.255.255"] {
            assert!(blocked(a), "{a} carries an address in 0.0.0.0/8");
        }
    }

    /// The kernel's own answer to "is this address delivered here": loopback and every
    /// interface address are, a documentation address no interface or route holds is not, and
    /// each is then refused or not by [`is_refused_ip`] with no interface list at all (review 35:
    /// an AnyIP route delivers addresses that `getifaddrs` does not list).
    #[test]
    fn addresses_the_kernel_delivers_here_are_refused() {
        if std::fs::read_to_string("/proc/sys/net/ipv4/ip_nonlocal_bind").is_ok_and(|v| v.trim() != "0") {
            return eprintln!("skipped: net.ipv4.ip_nonlocal_bind lets a socket bind to any address");
        }
        assert!(is_delivered_locally("127.0.0.1".parse().unwrap()));
        assert!(is_delivered_locally("127.45.6.7".parse().unwrap()), "all of 127/8 is routed locally");
        let public_own: Vec<IpAddr> = own_addresses().into_iter().filter(|ip| ip.is_ipv4() && !is_blocked_ip(*ip)).collect();
        for ip in &public_own {
            assert!(is_delivered_locally(*ip) && is_refused_ip(*ip, &[]), "{ip} is this machine's");
        }
        let elsewhere: IpAddr = "192.0.2.77".parse().unwrap();
        if !own_addresses().contains(&elsewhere) {
            assert!(!is_delivered_locally(elsewhere) && !is_refused_ip(elsewhere, &[]));
        }
        // The routing table answers, not the bind fallback (Linux with netlink, as on CI).
        #[cfg(target_os = "linux")]
        if local_route("127.0.0.1".parse().unwrap()).is_some() {
            assert_eq!(local_route("127.0.0.1".parse().unwrap()), Some(true));
            assert_eq!(local_route("127.45.6.7".parse().unwrap()), Some(true));
            for ip in &public_own {
                assert_eq!(local_route(*ip), Some(true), "{ip}");
            }
            if !own_addresses().contains(&elsewhere) {
                assert_eq!(local_route(elsewhere), Some(false));
            }
            assert_ne!(local_route("2001:db8::77".parse().unwrap()), Some(true), "no route, or a route elsewhere");
        }
    }

    /// `blocked_ranges` (what the docs and the egress suite list) is exactly the two tables,
    /// and every address the contract names is inside one of its ranges.
    #[test]
    fn blocked_ranges_are_the_tables_and_cover_the_contracts_addresses() {
        let ranges = blocked_ranges();
        assert_eq!(ranges.len(), BLOCKED_V4.len() + BLOCKED_V6.len());
        for a in ["0.0.0.0", "10.1.2.3", "127.0.0.1", "169.254.169.254", "172.16.0.1", "192.168.1.1", "100.64.0.1", "::1", "fd00::1", "fe80::1"] {
            let ip: IpAddr = a.parse().unwrap();
            assert!(ranges.iter().any(|n| n.contains(&ip)), "{a} is in no listed range");
        }
        assert!(!ranges.iter().any(|n| n.contains(&"8.8.8.8".parse::<IpAddr>().unwrap())));
    }

    /// Issue #9, part 2: every layout that embeds a blocked IPv4 address, as a table.
    #[test]
    fn embedded_ipv4_layouts() {
        let refused = [
            ("NAT64 local-use /48 layout of 169.254.169.254", "64:ff9b:1:a9fe:a9:fe00:808:808"),
            ("NAT64 local-use, any", "64:ff9b:1::808:808"),
            ("NAT64 /32 layout inside 64:ff9b::/32", "64:ff9b:a9fe:a9fe::"),
            ("NAT64 /40 layout", "64:ff9b:0:a9:fea9:fe::"),
            ("NAT64 /56 layout", "64:ff9b:0:a9:fe:a9fe::"),
            ("NAT64 /64 layout", "64:ff9b:0:0:a9:fea9:fe00::"),
            ("NAT64 /96 of 10.0.0.1", "64:ff9b::a00:1"),
            ("6to4 of 192.168.1.1", "2002:c0a8:101::1"),
            ("Teredo server 127.0.0.1", "2001:0:7f00:1:8000:f227:f7f7:f7f7"),
            ("Teredo client 10.0.0.1 (inverted)", "2001:0:808:808:8000:f227:f5ff:fffe"),
            // A /24: the third octet decides, so each of its bits must be read inverted.
            ("Teredo client 192.0.0.8 (inverted)", "2001:0:808:808:8000:f227:3fff:fff7"),
            ("ISATAP 127.0.0.1", "2001:db8::5efe:7f00:1"),
            ("ISATAP u/l bit, 169.254.169.254", "2606:4700::200:5efe:a9fe:a9fe"),
            // A local prefix stays local whatever public IPv4 address its interface id names
            // (a hostile review reached a listener on fd00::5efe:808:808).
            ("ULA with ISATAP id of 8.8.8.8", "fd00::5efe:808:808"),
            ("ULA with ISATAP u/l id of 8.8.8.8", "fd12:3456::200:5efe:808:808"),
            ("link-local with ISATAP id of 8.8.8.8", "fe80::5efe:808:808"),
            ("multicast with ISATAP id of 8.8.8.8", "ff02::5efe:808:808"),
            ("NAT64 local-use with ISATAP id of 8.8.8.8", "64:ff9b:1::5efe:808:808"),
            ("site-local (deprecated, still routed)", "fec0::1"),
            ("SIIT IPv4-translated 127.0.0.1", "::ffff:0:7f00:1"),
            ("SIIT IPv4-translated 10.0.0.1", "::ffff:0:a00:1"),
        ];
        for (what, a) in refused {
            assert!(blocked(a), "{what}: {a} must be refused");
        }
        let allowed = [
            ("NAT64 /96 of 8.8.8.8", "64:ff9b::808:808"),
            ("SIIT IPv4-translated 8.8.8.8", "::ffff:0:808:808"),
            ("6to4 of 8.8.8.8", "2002:808:808::1"),
            ("Teredo with public server and client", "2001:0:808:808:8000:f227:f7f7:f7f7"),
            ("ISATAP of 8.8.8.8", "2001:db8::5efe:808:808"),
            ("a public address", "2606:4700:4700::1111"),
        ];
        for (what, a) in allowed {
            assert!(!blocked(a), "{what}: {a} must pass");
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// An address in one of the blocked IPv4 ranges.
        fn blocked_v4() -> impl Strategy<Value = Ipv4Addr> {
            (0..BLOCKED_V4.len(), any::<u32>()).prop_map(|(i, r)| {
                let net = BLOCKED_V4[i];
                let host_bits = 32 - u32::from(net.prefix_len());
                let mask = if host_bits == 32 { u32::MAX } else { (1u32 << host_bits) - 1 };
                Ipv4Addr::from(u32::from(net.network()) | (r & mask))
            })
        }

        fn with(prefix: [u16; 8], f: impl Fn(&mut [u8; 16])) -> IpAddr {
            let mut o = Ipv6Addr::from(prefix).octets();
            f(&mut o);
            IpAddr::V6(Ipv6Addr::from(o))
        }

        proptest! {
            #[test]
            fn every_layout_of_a_blocked_ipv4_address_is_refused(v4 in blocked_v4(), noise in any::<[u8; 16]>(), layout in 0usize..7) {
                let b = v4.octets();
                let ip = match layout {
                    0 => with([0, 0, 0, 0, 0, 0xffff, 0, 0], |o| o[12..].copy_from_slice(&b)),
                    1 => with([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], |o| o[12..].copy_from_slice(&b)),
                    2 => with([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], |o| { o[6..8].copy_from_slice(&b[..2]); o[9..11].copy_from_slice(&b[2..]); o[11..].copy_from_slice(&noise[11..]) }),
                    3 => with([0x2002, 0, 0, 0, 0, 0, 0, 0], |o| { o[2..6].copy_from_slice(&b); o[6..].copy_from_slice(&noise[6..]) }),
                    4 => with([0x2001, 0, 0, 0, 0, 0, 0, 0], |o| { o[4..8].copy_from_slice(&noise[4..8]); o[8..12].copy_from_slice(&noise[8..12]); for i in 0..4 { o[12 + i] = !b[i]; } }),
                    5 => with([0x2001, 0, 0, 0, 0, 0, 0, 0], |o| { o[4..8].copy_from_slice(&b); o[8..].copy_from_slice(&noise[8..]) }),
                    _ => with([0x2001, 0xdb8, 0, 0, 0, 0x5efe, 0, 0], |o| { o[2..8].copy_from_slice(&noise[2..8]); o[12..].copy_from_slice(&b) }),
                };
                prop_assert!(is_blocked_ip(ip), "{ip} carries {v4}");
            }

            /// An address inside a blocked IPv6 range (other than the NAT64 well-known /96,
            /// which only wraps an IPv4 address) is refused whatever its low bits say.
            #[test]
            fn every_address_of_a_blocked_ipv6_range_is_refused(i in 0..BLOCKED_V6.len(), bits in any::<u128>(), isatap in any::<bool>(), v4 in any::<u32>()) {
                let net = BLOCKED_V6[i];
                let host_bits = 128 - u32::from(net.prefix_len());
                let mask = if host_bits == 128 { u128::MAX } else { (1u128 << host_bits) - 1 };
                let mut raw = u128::from(net.network()) | (bits & mask);
                if isatap && host_bits >= 64 {
                    raw = (raw & !((1u128 << 64) - 1)) | (0x5efe_u128 << 32) | u128::from(v4);
                }
                let v6 = Ipv6Addr::from(raw);
                prop_assume!(wrapped_ipv4(v6).is_none());
                prop_assert!(is_blocked_ip(IpAddr::V6(v6)), "{v6} is in {net}");
            }
        }
    }
}
