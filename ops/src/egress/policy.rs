//! The egress policy: contract §6 ("Egress"), decided on the URL alone.
//!
//! [`EgressPolicy::check_url`] applies, in the contract's order, the Node SDK's rules
//! (malformed URL, scheme, private address literal, allowlist) and then the **host** rules
//! (https only, empty allowlist means no egress). Every rule that can be decided from the URL
//! string is decided here, so `ctx.fetch` can throw synchronously as the SDK does; the
//! addresses a name resolves to are vetted again at connect time by
//! [`crate::egress::address`].

use std::fmt;
use std::net::IpAddr;

use url::{Host, Url};

use super::address::{is_refused_ip, is_sdk_blocked_ip, own_addresses};

/// Why a request was refused. `Display` gives the contract's exact message (§6), which is
/// what the toolkit sees as a non-retryable `ToolError`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EgressRefusal {
    /// The URL did not parse (WHATWG rules). "Refusing to fetch a malformed URL."
    MalformedUrl,
    /// A scheme other than `http:`/`https:`, e.g. `ftp:`. Carries the scheme with its colon.
    NonHttpScheme(String),
    /// `localhost`, `*.localhost`, or an address in a blocked range (literal, or resolved).
    PrivateAddress,
    /// The host is not an exact entry of the manifest's `egress` list (or the list is empty).
    /// Carries the URL's host name.
    NotAllowlisted(String),
    /// **host**: `http:` is refused; only `https:` leaves.
    NonHttps(String),
}

impl fmt::Display for EgressRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MalformedUrl => f.write_str("Refusing to fetch a malformed URL."),
            Self::NonHttpScheme(s) => write!(f, "Refusing non-HTTP(S) egress ({s})."),
            Self::PrivateAddress => {
                f.write_str("Refusing egress to a private, loopback, or link-local address.")
            }
            Self::NotAllowlisted(h) => {
                write!(f, "Egress to \"{h}\" is not in the server's egress allowlist.")
            }
            Self::NonHttps(s) => write!(f, "Refusing non-HTTPS egress ({s})."),
        }
    }
}

impl std::error::Error for EgressRefusal {}

/// One entry of a manifest's `egress` list: a lower-case host name and an optional port.
/// `api.example.com` matches that name on any port; `api.example.com:8443` only that port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EgressEntry {
    /// Lower-case host name, no trailing dot.
    pub host: String,
    /// `Some(p)` when the entry names a port.
    pub port: Option<u16>,
}

impl EgressEntry {
    /// Parses `host` or `host:port`: the SDK's pattern `^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$`
    /// (contract §2), with a port that fits in 16 bits (**host**). Returns `None` for anything
    /// else.
    pub fn parse(entry: &str) -> Option<Self> {
        let (host, port) = match entry.rsplit_once(':') {
            Some((h, p)) if (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()) => (h, Some(p.parse::<u16>().ok()?)),
            Some(_) => return None,
            None => (entry, None),
        };
        let label = |l: &str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        let valid = host.contains('.') && host.split('.').all(label);
        valid.then(|| Self { host: host.to_owned(), port })
    }
}

/// The egress allowlist and rules of one toolkit, built from its manifest.
///
/// The manifest decides this policy; nothing at call time can widen it.
#[derive(Debug, Clone, Default)]
pub struct EgressPolicy {
    entries: Vec<EgressEntry>,
}

impl EgressPolicy {
    /// Builds the policy from a manifest's `egress` list. Entries that are not bare host names
    /// are ignored here (`defineToolkit` has already refused them at load).
    pub fn from_manifest<'a>(egress: impl IntoIterator<Item = &'a str>) -> Self {
        Self { entries: egress.into_iter().filter_map(EgressEntry::parse).collect() }
    }

    /// The parsed allowlist entries.
    pub fn entries(&self) -> &[EgressEntry] {
        &self.entries
    }

    /// Parses `url` as the WHATWG URL parser does and applies every rule of contract §6 that
    /// the URL alone decides, in the contract's order: malformed, scheme, private literal,
    /// allowlist, then the host rules (`http:` refused, empty allowlist refuses everything).
    ///
    /// Returns the parsed URL (what the transport will connect to) or the refusal.
    pub fn check_url(&self, url: &str) -> Result<Url, EgressRefusal> {
        let parsed = Url::parse(url).map_err(|_| EgressRefusal::MalformedUrl)?;
        self.check_parsed(&parsed)?;
        Ok(parsed)
    }

    /// [`Self::check_url`] for an already parsed URL (used for redirect hops).
    ///
    /// The host name is compared exactly as the WHATWG parser leaves it (lower case,
    /// punycode, IPv4 canonicalised, **trailing dot kept**): `api.example.com.` is not the entry
    /// `api.example.com`, as in the SDK, so a trailing dot can never widen the allowlist.
    pub fn check_parsed(&self, url: &Url) -> Result<(), EgressRefusal> {
        let scheme = url.scheme();
        if scheme != "http" && scheme != "https" {
            return Err(EgressRefusal::NonHttpScheme(format!("{scheme}:")));
        }
        let host = url.host().ok_or(EgressRefusal::MalformedUrl)?;
        let (hostname, address) = match &host {
            Host::Domain(d) => {
                let d = d.to_ascii_lowercase();
                if d == "localhost" || d.ends_with(".localhost") {
                    return Err(EgressRefusal::PrivateAddress);
                }
                (d, None)
            }
            Host::Ipv4(ip) => (ip.to_string(), Some(IpAddr::V4(*ip))),
            Host::Ipv6(ip) => (format!("[{ip}]"), Some(IpAddr::V6(*ip))),
        };
        if address.is_some_and(is_sdk_blocked_ip) {
            return Err(EgressRefusal::PrivateAddress);
        }
        // The SDK allows an empty list to mean "anything"; the host rule (checked below) does
        // not, so an empty list refuses with the allowlist message.
        if !self.entries.is_empty() && !self.allows(&hostname, url.port()) {
            return Err(EgressRefusal::NotAllowlisted(display_hostname(url)));
        }
        // **host** rules, after every SDK rule so a URL the SDK refuses gets the SDK's message.
        if scheme == "http" {
            return Err(EgressRefusal::NonHttps("http:".into()));
        }
        // IPv4-compatible, NAT64 and 6to4 wrappers of a blocked IPv4 address, IPv6 multicast,
        // `localhost.`-style names the SDK's literal comparison lets through, and an address of
        // the machine's own (an IP literal is connected to without a lookup, so the vetting
        // resolver never sees it).
        let bare = hostname.strip_suffix('.').unwrap_or(&hostname);
        let refused = |ip: IpAddr| is_refused_ip(ip, &own_addresses());
        if address.is_some_and(refused) || bare == "localhost" || bare.ends_with(".localhost") {
            return Err(EgressRefusal::PrivateAddress);
        }
        if self.entries.is_empty() {
            return Err(EgressRefusal::NotAllowlisted(display_hostname(url)));
        }
        Ok(())
    }

    /// Whether `hostname` (as the WHATWG parser leaves it) with the URL's explicit `port` (None
    /// for the scheme's default, as WHATWG URLs drop default ports) is an allowlist entry.
    pub(crate) fn allows(&self, hostname: &str, port: Option<u16>) -> bool {
        self.entries.iter().any(|e| {
            e.host == hostname
                && match e.port {
                    None => true,
                    Some(p) => port == Some(p),
                }
        })
    }
}

/// The host name as the toolkit's URL spells it (WHATWG `hostname`), for messages.
fn display_hostname(url: &Url) -> String {
    url.host_str().unwrap_or_default().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(entries: &[&str]) -> EgressPolicy {
        EgressPolicy::from_manifest(entries.iter().copied())
    }

    fn refusal(p: &EgressPolicy, url: &str) -> String {
        p.check_url(url).expect_err(url).to_string()
    }

    const PRIVATE: &str = "Refusing egress to a private, loopback, or link-local address.";

    /// Host names may hold digits, hyphens and dots; anything else is not an entry (issue #13,
    /// a cargo-mutants survivor: `||` → `&&` between the digit and hyphen rules).
    #[test]
    fn entries_take_lowercase_letters_digits_hyphens_and_dots() {
        assert!(EgressEntry::parse("s3.eu-west-1.amazonaws.com").is_some());
        assert!(EgressEntry::parse("api2.example.com:8443").is_some());
        assert!(EgressEntry::parse("my-api.example.com").is_some());
        assert!(EgressEntry::parse("API.example.com").is_none());
        assert!(EgressEntry::parse("api_1.example.com").is_none());
        assert!(EgressEntry::parse("localhost").is_none());
        for refused in ["a..example.com", ".example.com", "example.com.", "api.example.com:+80", "api.example.com:", "api.example.com:123456", "api.example.com:65536"] {
            assert!(EgressEntry::parse(refused).is_none(), "{refused}");
        }
        assert_eq!(EgressEntry::parse("api.example.com:65535").and_then(|e| e.port), Some(65535));
    }

    #[test]
    fn allowlisted_https_passes() {
        let p = policy(&["api.example.com"]);
        assert!(p.check_url("https://api.example.com/x?y=1").is_ok());
        assert!(p.check_url("https://API.Example.COM/").is_ok(), "case-insensitive");
        assert!(p.check_url("https://api.example.com:8443/").is_ok(), "entry without port: any port");
    }

    #[test]
    fn port_entry_matches_only_that_port() {
        let p = policy(&["mirror.example.net:8443"]);
        assert!(p.check_url("https://mirror.example.net:8443/").is_ok());
        assert_eq!(
            refusal(&p, "https://mirror.example.net/"),
            "Egress to \"mirror.example.net\" is not in the server's egress allowlist."
        );
    }

    #[test]
    fn sdk_messages_in_sdk_order() {
        let p = policy(&["api.example.com"]);
        assert_eq!(refusal(&p, "not a url"), "Refusing to fetch a malformed URL.");
        assert_eq!(refusal(&p, "ftp://api.example.com/"), "Refusing non-HTTP(S) egress (ftp:).");
        assert_eq!(refusal(&p, "https://127.0.0.1/"), PRIVATE);
        assert_eq!(refusal(&p, "https://[::1]/"), PRIVATE);
        assert_eq!(refusal(&p, "https://10.0.0.5/"), PRIVATE, "private before allowlist");
        assert_eq!(refusal(&p, "https://169.254.169.254/latest"), PRIVATE);
        assert_eq!(refusal(&p, "https://[::ffff:169.254.169.254]/"), PRIVATE);
        assert_eq!(refusal(&p, "https://[::ffff:a9fe:a9fe]/"), PRIVATE);
        assert_eq!(refusal(&p, "https://2130706433/"), PRIVATE);
        assert_eq!(refusal(&p, "https://localhost/"), PRIVATE);
        assert_eq!(refusal(&p, "https://db.localhost/"), PRIVATE);
        assert_eq!(
            refusal(&p, "https://example.com/"),
            "Egress to \"example.com\" is not in the server's egress allowlist."
        );
    }

    #[test]
    fn host_rules_come_after_sdk_rules() {
        let p = policy(&["api.example.com"]);
        assert_eq!(refusal(&p, "http://api.example.com/"), "Refusing non-HTTPS egress (http:).");
        // Not allowlisted and http: the SDK's allowlist message wins.
        assert_eq!(
            refusal(&p, "http://other.example.com/"),
            "Egress to \"other.example.com\" is not in the server's egress allowlist."
        );
        let empty = policy(&[]);
        assert_eq!(
            refusal(&empty, "https://api.example.com/"),
            "Egress to \"api.example.com\" is not in the server's egress allowlist."
        );
        assert_eq!(refusal(&empty, "https://10.1.2.3/"), PRIVATE);
    }

    #[test]
    fn alternate_ipv4_spellings_are_canonicalised() {
        let p = policy(&["api.example.com"]);
        for u in [
            "https://127.1/",
            "https://0x7f.0.0.1/",
            "https://0177.0.0.1/",
            "https://0x7f000001/",
            "https://127.0.0.1./",
            "https://0/",
        ] {
            assert_eq!(refusal(&p, u), PRIVATE, "{u}");
        }
    }

    #[test]
    fn trailing_dot_is_not_the_entry() {
        let p = policy(&["api.example.com"]);
        assert_eq!(
            refusal(&p, "https://api.example.com./"),
            "Egress to \"api.example.com.\" is not in the server's egress allowlist."
        );
        assert_eq!(refusal(&policy(&[]), "https://localhost./"), PRIVATE);
    }

    #[test]
    fn host_only_wrappers_come_after_the_allowlist() {
        let p = policy(&["api.example.com"]);
        assert_eq!(
            refusal(&p, "https://[64:ff9b::7f00:1]/"),
            "Egress to \"[64:ff9b::7f00:1]\" is not in the server's egress allowlist."
        );
        let empty = policy(&[]);
        for u in ["https://[64:ff9b::7f00:1]/", "https://[::7f00:1]/", "https://[2002:7f00:1::]/", "https://[ff02::1]/"] {
            assert_eq!(refusal(&empty, u), PRIVATE, "{u}");
        }
    }

    #[test]
    fn entries_parse() {
        assert_eq!(
            EgressEntry::parse("a.b:443"),
            Some(EgressEntry { host: "a.b".into(), port: Some(443) })
        );
        assert_eq!(EgressEntry::parse("localhost"), None);
        assert_eq!(EgressEntry::parse("*.substack.com"), None);
        assert_eq!(EgressEntry::parse("https://feeds.example.org/rss"), None);
    }
}
