//! The `Host` header's form, read once for the wire's rule (`wire.rs`, loopback names only
//! unless told otherwise) and MCP's (`mcp/gate.rs`, DNS rebinding).

use axum::http::uri::Authority;

/// The name and port of a `Host` header value of the form RFC 9110 §7.2 gives,
/// `uri-host [ ":" port ]`: the name lower-cased, without an IPv6 literal's brackets or a
/// trailing dot. `None` for anything else: user info (`evil.example@127.0.0.1`), a port that is
/// not digits within 16 bits (`localhost:abc`, `127.0.0.1:99999`, `localhost:`), no name.
/// Browsers never send those; a rule that read a name out of them would be guessing.
pub(crate) fn parse(value: &str) -> Option<(String, Option<u16>)> {
    let authority: Authority = value.parse().ok()?;
    let port = match value.strip_prefix(authority.host())? {
        "" => None,
        rest => {
            let digits = rest.strip_prefix(':')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some(digits.parse::<u16>().ok()?)
        }
    };
    let name = authority.host().trim_start_matches('[').trim_end_matches(']').trim_end_matches('.').to_ascii_lowercase();
    (!name.is_empty()).then_some((name, port))
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn host_values_of_rfc_9110_s_form_and_nothing_else() {
        assert_eq!(parse("LocalHost.:8788"), Some(("localhost".into(), Some(8788))));
        assert_eq!(parse("[::1]"), Some(("::1".into(), None)));
        assert_eq!(parse("[::1]:1"), Some(("::1".into(), Some(1))));
        assert_eq!(parse("mcp.example"), Some(("mcp.example".into(), None)));
        for malformed in ["", ":80", "127.0.0.1:99999", "localhost:abc", "localhost:", "localhost:+80", "evil.example@127.0.0.1:8789", "a b", "[::1"] {
            assert_eq!(parse(malformed), None, "{malformed}");
        }
    }
}
