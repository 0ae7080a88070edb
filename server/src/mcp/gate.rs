//! The MCP endpoint's DNS-rebinding rule (the MCP transport specification's): which `Host` and
//! `Origin` a request may carry. [`Gate::refusal`] alone decides it; `http.rs` asks it first,
//! before the bearer token, the session limit or rmcp see the request, and rmcp's own check is
//! off.
//!
//! - **Host**: a loopback name (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`, any port, as
//!   the wire's rule), the listening address, or an allowed `name[:port]` (no port: any).
//! - **Origin**: absent (not from a browser), an `http://` loopback origin (any port), or an
//!   allowed `scheme://host[:port|:*]`; an entry without a port means the scheme's default
//!   port, as an origin without one does (RFC 6454), and `:*` any port. `null` is refused.

use std::net::IpAddr;

use axum::http::header::{HOST, ORIGIN};
use axum::http::uri::{Authority, Uri};
use axum::http::HeaderMap;

use crate::wire::is_loopback_name;

/// The `Host` and `Origin` values an endpoint accepts.
#[derive(Debug, Clone)]
pub(crate) struct Gate {
    hosts: Vec<(String, Option<u16>)>,
    origins: Vec<AllowedOrigin>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct AllowedOrigin {
    scheme: String,
    host: String,
    /// `None`: any port (`:*`).
    port: Option<u16>,
}

/// `scheme://host[:port]` lower-cased, brackets off an IPv6 host; `None` for anything else
/// (a path, user info, no scheme).
fn parse_origin(value: &str) -> Option<(String, String, Option<u16>)> {
    let uri: Uri = value.trim().parse().ok()?;
    let scheme = uri.scheme_str()?.to_ascii_lowercase();
    let authority = uri.authority()?;
    if authority.as_str().contains('@') || !matches!(uri.path(), "" | "/") || uri.query().is_some() {
        return None;
    }
    Some((scheme, host_name(authority), authority.port_u16()))
}

fn host_name(authority: &Authority) -> String {
    authority.host().trim_start_matches('[').trim_end_matches(']').trim_end_matches('.').to_ascii_lowercase()
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

/// Checks an `--allow-origin` entry, `scheme://host[:port|:*]`: the entry itself, or why it
/// cannot match any browser's `Origin` (no scheme, a path, user info, a wildcard in the host:
/// origins are matched whole, so `https://*.example.com` would match nothing).
///
/// # Errors
/// A sentence naming what is wrong, for the CLI's usage error (exit 2).
pub fn allowed_origin(entry: &str) -> Result<String, String> {
    parse_allowed_origin(entry).map(|_| entry.to_owned())
}

/// Checks an `--allow-host` entry, `name[:port]` (no port: any): the entry itself, or why not.
///
/// # Errors
/// A sentence naming what is wrong, for the CLI's usage error (exit 2).
pub fn allowed_host(entry: &str) -> Result<String, String> {
    parse_allowed_host(entry).map(|_| entry.to_owned())
}

fn parse_allowed_host(entry: &str) -> Result<(String, Option<u16>), String> {
    crate::host_header::parse(entry.trim()).ok_or_else(|| format!("{entry:?} is not a host name with an optional port (name[:port])"))
}

fn parse_allowed_origin(entry: &str) -> Result<AllowedOrigin, String> {
    let refused = || format!("{entry:?} is not an origin: scheme://host[:port|:*], as a browser sends it (https://app.example.com)");
    let (base, any_port) = match entry.trim().strip_suffix(":*") {
        Some(base) => (base, true),
        None => (entry.trim(), false),
    };
    let (scheme, host, port) = parse_origin(base).ok_or_else(refused)?;
    if any_port && port.is_some() {
        return Err(refused());
    }
    if host.contains('*') {
        return Err(format!("{entry:?}: an origin is matched whole, so a wildcard in its host matches nothing; list each origin"));
    }
    let port = if any_port { None } else { port.or_else(|| default_port(&scheme)) };
    Ok(AllowedOrigin { scheme, host, port })
}

impl Gate {
    /// Accepts loopback hosts and `http://` loopback origins, the `listening` address, and
    /// `hosts` and `origins` besides (entries [`allowed_host`] or [`allowed_origin`] refuse are
    /// logged and ignored: the CLI refuses them before, with exit 2).
    pub(crate) fn new(listening: IpAddr, hosts: &[String], origins: &[String]) -> Self {
        let mut allowed_hosts = vec![(listening.to_string(), None)];
        for entry in hosts {
            match parse_allowed_host(entry) {
                Ok(name_and_port) => allowed_hosts.push(name_and_port),
                Err(why) => tracing::warn!(target: "trove::mcp", "ignoring allowed host {entry:?}: {why}"),
            }
        }
        let mut allowed_origins = Vec::new();
        for entry in origins {
            match parse_allowed_origin(entry) {
                Ok(origin) => allowed_origins.push(origin),
                Err(why) => tracing::warn!(target: "trove::mcp", "ignoring allowed origin {entry:?}: {why}"),
            }
        }
        Self { hosts: allowed_hosts, origins: allowed_origins }
    }

    /// Why a request with `headers` is refused (403), or `None`. More than one `Host` or
    /// `Origin` line is refused whatever they say: which one a later reader takes is not ours
    /// to guess.
    pub(crate) fn refusal(&self, headers: &HeaderMap) -> Option<String> {
        for name in [HOST, ORIGIN] {
            if headers.get_all(&name).iter().nth(1).is_some() {
                return Some(format!("a request may carry one {name} header, not several"));
            }
        }
        let host = headers.get(HOST).map(|h| h.to_str().map(str::to_owned));
        let Some(Ok(host)) = host else { return Some("a request needs a Host header of visible ASCII".to_owned()) };
        if !self.host_allowed(&host) {
            return Some(format!("Host {host:?} is not allowed (loopback names, the listening address and --allow-host ones are)"));
        }
        let origin = headers.get(ORIGIN)?;
        let allowed = origin.to_str().ok().and_then(parse_origin).is_some_and(|(scheme, host, port)| self.origin_allowed(&scheme, &host, port));
        (!allowed).then(|| {
            format!("Origin {:?} is not allowed (http:// loopback ones and --allow-origin ones are)", String::from_utf8_lossy(origin.as_bytes()))
        })
    }

    /// Why a request whose target is in absolute form (`POST http://name/mcp`) is refused (403),
    /// or `None`: the target's authority names the host the request is for (RFC 9112 §3.2.2,
    /// over `Host`), so it must be allowed as a `Host` is (review 38).
    pub(crate) fn target_refusal(&self, authority: Option<&str>) -> Option<String> {
        let authority = authority?;
        (!self.host_allowed(authority)).then(|| {
            format!("the request's target names host {authority:?}, which is not allowed (loopback names, the listening address and --allow-host ones are)")
        })
    }

    fn host_allowed(&self, value: &str) -> bool {
        let Some((name, port)) = crate::host_header::parse(value) else { return false };
        is_loopback_name(&name)
            || self.hosts.iter().any(|(allowed, allowed_port)| *allowed == name && allowed_port.is_none_or(|p| Some(p) == port))
    }

    fn origin_allowed(&self, scheme: &str, host: &str, port: Option<u16>) -> bool {
        if scheme == "http" && is_loopback_name(host) {
            return true;
        }
        let port = port.or_else(|| default_port(scheme));
        self.origins.iter().any(|o| o.scheme == scheme && o.host == host && o.port.is_none_or(|p| Some(p) == port))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::{allowed_host, allowed_origin, Gate};

    /// An `--allow-origin` or `--allow-host` value that could match nothing is refused with why
    /// (the CLI exits 2), where it was logged and ignored, and the server started without it
    /// (review 45, R45-05).
    #[test]
    fn entries_that_match_nothing_are_refused_with_why() {
        for fine in ["https://app.example.com", "http://localhost:3000", "https://app.example.com:*", "http://[::1]:8080"] {
            assert_eq!(allowed_origin(fine).as_deref(), Ok(fine), "{fine}");
        }
        for (refused, why) in [
            ("app.example.com", "is not an origin"),
            ("https://app.example.com/path", "is not an origin"),
            ("https://user@app.example.com", "is not an origin"),
            ("https://app.example.com:443:*", "is not an origin"),
            ("https://*.example.com", "a wildcard in its host matches nothing"),
        ] {
            let error = allowed_origin(refused).unwrap_err();
            assert!(error.contains(why) && error.contains(refused), "{refused}: {error}");
        }
        assert_eq!(allowed_host("api.example.com:8080").as_deref(), Ok("api.example.com:8080"));
        assert!(allowed_host("https://api.example.com").unwrap_err().contains("name[:port]"));
    }

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("host", host.parse().unwrap());
        if let Some(o) = origin {
            h.insert("origin", o.parse().unwrap());
        }
        h
    }

    fn gate() -> Gate {
        Gate::new(
            "10.0.0.5".parse().unwrap(),
            &["mcp.example".into(), "pinned.example:8789".into()],
            &["https://app.example".into(), "http://dev.example:*".into(), "https://port.example:8443".into()],
        )
    }

    #[test]
    fn hosts() {
        let g = gate();
        for ok in ["localhost:8789", "127.0.0.1:1", "[::1]:8789", "app.localhost", "10.0.0.5:8789", "MCP.example:1", "pinned.example:8789"] {
            assert_eq!(g.refusal(&headers(ok, None)), None, "{ok}");
        }
        for refused in [
            "evil.example",
            "10.0.0.6:8789",
            "pinned.example:8790",
            "pinned.example",
            "localhost.evil.example",
            "",
            // Not Host values at all, though they name a loopback host.
            "127.0.0.1:99999",
            "localhost:abc",
            "localhost:",
            "localhost:+80",
            "evil.example@127.0.0.1:8789",
        ] {
            assert!(g.refusal(&headers(refused, None)).is_some(), "{refused}");
        }
        assert!(g.refusal(&HeaderMap::new()).is_some(), "no Host");
        assert_eq!(g.target_refusal(None), None, "an origin-form target");
        assert_eq!(g.target_refusal(Some("127.0.0.1:8788")), None);
        assert!(g.target_refusal(Some("evil.com")).is_some(), "an absolute-form target naming another host");
        let mut two = headers("localhost", None);
        two.append("host", "evil.example".parse().unwrap());
        assert!(g.refusal(&two).is_some(), "two Host lines");
    }

    #[test]
    fn several_origins_are_refused_whatever_they_say() {
        let g = gate();
        for (first, second) in [("http://localhost", "http://evil.example"), ("http://evil.example", "http://localhost"), ("http://localhost", "http://localhost")] {
            let mut h = headers("localhost", Some(first));
            h.append("origin", second.parse().unwrap());
            assert!(g.refusal(&h).is_some(), "{first} then {second}");
        }
    }

    #[test]
    fn origins() {
        let g = gate();
        for ok in [
            "http://localhost:6274",
            "http://127.0.0.1",
            "http://[::1]:3000",
            "https://app.example",
            "https://app.example:443",
            "http://dev.example:1234",
            "https://port.example:8443",
        ] {
            assert_eq!(g.refusal(&headers("localhost", Some(ok))), None, "{ok}");
        }
        for refused in [
            "http://evil.example",
            "https://localhost:6274",
            "https://app.example:8443",
            "http://app.example",
            "https://dev.example:1234",
            "https://port.example",
            "null",
            "http://localhost.evil.example",
            "http://localhost:6274/path",
            "",
        ] {
            assert!(g.refusal(&headers("localhost", Some(refused))).is_some(), "{refused}");
        }
    }
}
