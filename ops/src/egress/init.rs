//! The members of fetch's `init` beyond method, headers, body and signal (`referrer`,
//! `referrerPolicy`, `mode`, `credentials`, `cache`, `integrity`, `keepalive`, `window`,
//! `duplex`, `dispatcher`), refused and checked as Node 20's fetch (undici 6) refuses and
//! checks them: decided here only; `ctx.fetch` (fetch.js) reads them and asks.

use sha2::{Digest, Sha256, Sha384, Sha512};

use super::send::{check_method_token, check_request_shape, normalise_method, FetchError};

/// The values WebIDL accepts for each enumerated member of `RequestInit`, in undici's order
/// (the order its message lists them in).
const ENUMS: [(&str, &[&str]); 6] = [
    (
        "referrerPolicy",
        &[
            "",
            "no-referrer",
            "no-referrer-when-downgrade",
            "same-origin",
            "origin",
            "strict-origin",
            "origin-when-cross-origin",
            "strict-origin-when-cross-origin",
            "unsafe-url",
        ],
    ),
    ("mode", &["navigate", "same-origin", "no-cors", "cors"]),
    ("credentials", &["omit", "same-origin", "include"]),
    ("cache", &["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"]),
    ("redirect", &["follow", "manual", "error"]),
    ("duplex", &["half"]),
];

/// What fetch throws for an enumerated member's value that is not one of its values (undici's
/// WebIDL dictionary conversion; `value` is the member converted to a string).
/// `None` when `member` is not enumerated or `value` is one of its values.
pub fn invalid_enum_message(member: &str, value: &str) -> Option<String> {
    let (_, allowed) = ENUMS.iter().find(|(m, _)| *m == member)?;
    (!allowed.contains(&value))
        .then(|| format!("Request constructor: {value} is not an accepted type. Expected one of {}.", allowed.join(", ")))
}

/// What fetch throws for a method with a UTF-16 code unit above 255 (WebIDL's `ByteString`).
fn byte_string_message(method: &str) -> Option<String> {
    let (index, unit) = method.encode_utf16().enumerate().find(|(_, u)| *u > 255)?;
    Some(format!(
        "Cannot convert argument to a ByteString because the character at index {index} has a value of {unit} which is greater than 255."
    ))
}

/// The check undici's WebIDL conversion makes on one `init` member as it reads it, before it
/// reads the next: `method` a `ByteString`, an enumerated member one of its values. `value`
/// is the member converted to a string; other members pass.
///
/// # Errors
/// [`FetchError::Type`] with fetch's message.
pub fn check_init_member(member: &str, value: &str) -> Result<(), FetchError> {
    let refusal = if member == "method" { byte_string_message(value) } else { invalid_enum_message(member, value) };
    refusal.map_or(Ok(()), |m| Err(FetchError::Type(m)))
}

/// What `ctx.fetch` read of `init` that the Request constructor checks after the conversion
/// (each already converted: strings as WebIDL makes them, `keepalive` a boolean).
#[derive(Debug, Clone, Default)]
pub struct RequestInit<'a> {
    /// The request's method (init's, or the input Request's, or `GET`).
    pub method: &'a str,
    /// `init.redirect`.
    pub redirect: Option<&'a str>,
    /// Whether the request has a body (init's, or the input Request's).
    pub has_body: bool,
    /// `init.window` was given and is neither `null` nor `undefined`.
    pub window: bool,
    /// `init.referrer`.
    pub referrer: Option<&'a str>,
    /// `init.mode`.
    pub mode: Option<&'a str>,
    /// `init.cache`.
    pub cache: Option<&'a str>,
    /// `init.signal` is given, not null, and does not look like an `AbortSignal`.
    pub bad_signal: bool,
    /// `init.body` is a `ReadableStream`.
    pub stream_body: bool,
    /// ... that is locked or has been read from.
    pub stream_unusable: bool,
    /// `init.keepalive`.
    pub keepalive: bool,
    /// `init.duplex` was given and is not null.
    pub duplex: bool,
    /// `init.dispatcher` was given and is neither `null` nor `undefined`.
    pub dispatcher: bool,
}

/// What fetch throws for a non-null `init.window`.
pub const WINDOW_MESSAGE: &str = "'window' option 'client' must be null";
/// What fetch throws for `mode: "navigate"`.
pub const NAVIGATE_MESSAGE: &str = "Request constructor: invalid request mode navigate.";
/// What fetch throws for `cache: "only-if-cached"` without `mode: "same-origin"`.
pub const ONLY_IF_CACHED_MESSAGE: &str = "'only-if-cached' can be set only with 'same-origin' mode";
/// What fetch throws for a `signal` that is not an `AbortSignal`.
pub const SIGNAL_MESSAGE: &str = "Failed to construct 'Request': member signal is not of type AbortSignal.";
/// What fetch throws for `keepalive` with a `ReadableStream` body.
pub const KEEPALIVE_STREAM_MESSAGE: &str = "keepalive";
/// What fetch throws for a `ReadableStream` body that is locked or has been read from.
pub const UNUSABLE_STREAM_MESSAGE: &str = "Response body object should not be disturbed or locked";
/// What fetch throws for a `ReadableStream` body without `duplex`.
pub const DUPLEX_MESSAGE: &str = "RequestInit: duplex option is required when sending a body.";
/// What fetch throws for a `ReadableStream` body in a mode other than `same-origin` or `cors`.
pub const STREAM_MODE_MESSAGE: &str = "If request is made from ReadableStream, mode should be \"same-origin\" or \"cors\"";

/// What fetch throws for an `init.referrer` that is not a URL.
pub fn invalid_referrer_message(referrer: &str) -> String {
    format!("Referrer \"{referrer}\" is not a valid URL.")
}

/// What fetch throws in `no-cors` mode for a method other than GET, HEAD and POST.
pub fn no_cors_method_message(method: &str) -> String {
    format!("'{method} is unsupported in no-cors mode.")
}

/// The Request constructor's checks on `init` after its conversion, in undici's order:
/// `window`, `referrer`, `mode: "navigate"`, `only-if-cached`, the method, the signal, the
/// method in `no-cors` mode, a body with GET/HEAD, then the body: a stream with `keepalive`,
/// a used stream, a stream without `duplex` or outside `same-origin`/`cors`. Last, what
/// undici does once the request is made: a `dispatcher` it cannot dispatch with is a network
/// failure (`fetch failed`); the host has one transport and takes no other.
///
/// # Errors
/// [`FetchError::Type`] with fetch's message, or [`FetchError::Network`] for a dispatcher.
pub fn check_request_init(init: &RequestInit<'_>) -> Result<(), FetchError> {
    let refuse = |m: &str| Err(FetchError::Type(m.to_owned()));
    // Converted before anything below is checked (the caller asked as it read; asked again
    // here, since this is the whole rule).
    if let Some(r) = init.redirect {
        check_init_member("redirect", r)?;
    }
    for (member, value) in [("mode", init.mode), ("cache", init.cache)] {
        if let Some(v) = value {
            check_init_member(member, v)?;
        }
    }
    if init.window {
        return refuse(WINDOW_MESSAGE);
    }
    if let Some(referrer) = init.referrer.filter(|r| !r.is_empty()) {
        if url::Url::parse(referrer).is_err() {
            return Err(FetchError::Type(invalid_referrer_message(referrer)));
        }
    }
    // A string input's fallback mode is `cors`.
    let mode = init.mode.unwrap_or("cors");
    if mode == "navigate" {
        return refuse(NAVIGATE_MESSAGE);
    }
    if init.cache == Some("only-if-cached") && mode != "same-origin" {
        return refuse(ONLY_IF_CACHED_MESSAGE);
    }
    check_method_token(init.method)?;
    if init.bad_signal {
        return refuse(SIGNAL_MESSAGE);
    }
    let method = normalise_method(init.method);
    if mode == "no-cors" && !matches!(method.as_str(), "GET" | "HEAD" | "POST") {
        return Err(FetchError::Type(no_cors_method_message(&method)));
    }
    check_request_shape(init.method, init.redirect, init.has_body)?;
    if init.stream_body {
        if init.keepalive {
            return refuse(KEEPALIVE_STREAM_MESSAGE);
        }
        if init.stream_unusable {
            return refuse(UNUSABLE_STREAM_MESSAGE);
        }
        if !init.duplex {
            return refuse(DUPLEX_MESSAGE);
        }
        if mode != "same-origin" && mode != "cors" {
            return refuse(STREAM_MODE_MESSAGE);
        }
    }
    if init.dispatcher {
        return Err(FetchError::Network("init.dispatcher: the host's transport is the only one".into()));
    }
    Ok(())
}

/// The null body statuses (Fetch standard): a response with one has no body to check.
const NULL_BODY_STATUS: [u16; 4] = [101, 204, 205, 304];

/// fetch's check of a response body against `init.integrity` (Subresource Integrity, as
/// undici 6 implements it): a non-empty `integrity` on a response without a body (a HEAD
/// request, a null body status) fails; otherwise the body must match the strongest hashes
/// listed. A failure is a network error (`TypeError: fetch failed`), as in Node.
///
/// # Errors
/// [`FetchError::Network`] when the body does not match.
pub fn check_integrity(integrity: &str, method: &str, status: u16, body: &[u8]) -> Result<(), FetchError> {
    if integrity.is_empty() {
        return Ok(());
    }
    if normalise_method(method) == "HEAD" || NULL_BODY_STATUS.contains(&status) {
        return Err(FetchError::Network("integrity: the response has no body".into()));
    }
    if bytes_match(body, integrity) {
        Ok(())
    } else {
        Err(FetchError::Network("integrity mismatch".into()))
    }
}

/// One hash of `integrity` metadata: the algorithm as written and the value, if it parsed.
struct Metadata<'a> {
    algo: &'a str,
    hash: Option<&'a str>,
}

/// undici's `parseHashWithOptions` on one space-separated token: the first `sha256-`,
/// `sha384-` or `sha512-` (any case) in it, then a base64 or base64url value, up to two `=`
/// and the token's end (or a white space). The regex is unanchored, so junk before the
/// algorithm is skipped; a value that does not parse leaves the hash out (and the check then
/// fails, as undici's does).
fn parse_token(token: &str) -> Option<Metadata<'_>> {
    let lower = token.to_ascii_lowercase();
    let at = ["sha256-", "sha384-", "sha512-"].iter().filter_map(|p| lower.find(p)).min()?;
    let algo = &token[at..at + 6];
    let rest = &token[at + 7..];
    let value_end = |allowed: &dyn Fn(u8) -> bool| rest.bytes().take_while(|b| allowed(*b)).count();
    let ends_ok = |n: usize| {
        if n == 0 {
            return false;
        }
        let after = &rest[n..];
        let pad = after.bytes().take(2).take_while(|b| *b == b'=').count();
        let tail = &after[pad..];
        tail.is_empty() || tail.starts_with(|c: char| c.is_whitespace())
    };
    let b64 = value_end(&|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/');
    let url = value_end(&|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    let hash = if ends_ok(b64) {
        Some(&rest[..b64])
    } else if ends_ok(url) {
        Some(&rest[..url])
    } else {
        None
    };
    Some(Metadata { algo, hash })
}

/// undici 6's `bytesMatch`: no tokens, or no token naming a known hash, is a match; else the
/// tokens of the strongest algorithm (compared as written, so `SHA512` is not `sha512` there)
/// are tried, and one whose value equals the body's digest (base64 without padding; `-` and
/// `_` stand for `+` and `/`) is a match.
fn bytes_match(body: &[u8], integrity: &str) -> bool {
    let mut parsed: Vec<Metadata<'_>> = integrity.split(' ').filter_map(parse_token).collect();
    if parsed.is_empty() {
        return true;
    }
    // `getStrongestMetadata`, which looks at the 4th character of each algorithm as written.
    let strength = |algo: &str| algo.as_bytes()[3];
    let mut strongest = parsed[0].algo.to_owned();
    if strength(&strongest) != b'5' {
        for m in &parsed[1..] {
            if strength(m.algo) == b'5' {
                strongest = "sha512".into();
                break;
            } else if strength(&strongest) == b'3' {
                continue;
            } else if strength(m.algo) == b'3' {
                strongest = "sha384".into();
            }
        }
    }
    if parsed.len() > 1 {
        parsed.retain(|m| m.algo == strongest);
    }
    // Each algorithm's digest once, however many tokens name it: the body may be megabytes and
    // the tokens thousands (a hostile review held one op for 5.7 s of CPU, past the call's
    // limit, with 2,000 tokens against a 4 MiB body).
    let mut digests: [Option<String>; 3] = [None, None, None];
    for m in &parsed {
        // A token without a value that parsed: undici's comparison throws there, failing the
        // fetch whatever the tokens after it say.
        let Some(expected) = m.hash else { return false };
        let algo = m.algo.to_ascii_lowercase();
        let slot = match algo.as_str() {
            "sha256" => 0,
            "sha384" => 1,
            _ => 2,
        };
        let actual = digests[slot].get_or_insert_with(|| {
            let digest = match slot {
                0 => Sha256::digest(body).to_vec(),
                1 => Sha384::digest(body).to_vec(),
                _ => Sha512::digest(body).to_vec(),
            };
            base64::Engine::encode(&base64::engine::general_purpose::STANDARD_NO_PAD, digest)
        });
        if actual.len() == expected.len()
            && actual.bytes().zip(expected.bytes()).all(|(a, e)| a == e || (a == b'+' && e == b'-') || (a == b'/' && e == b'_'))
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sri(algo: &str, body: &[u8]) -> String {
        let digest = match algo.to_ascii_lowercase().as_str() {
            "sha256" => Sha256::digest(body).to_vec(),
            "sha384" => Sha384::digest(body).to_vec(),
            _ => Sha512::digest(body).to_vec(),
        };
        format!("{algo}-{}", base64::Engine::encode(&base64::engine::general_purpose::STANDARD, digest))
    }

    /// Each case is one Node 20.20 (undici 6.24.1) answered for the body `hello`.
    #[test]
    fn integrity_matches_as_undici_decides() {
        let body = b"hello";
        let good = sri("sha256", body);
        let matches = [
            good.clone(),
            sri("sha512", body),
            sri("SHA256", body),
            good.trim_end_matches('=').to_owned(),
            good.replace('+', "-").replace('/', "_"),
            format!("x{good}"),
            "junk".into(),
            "md5-AAAA".into(),
            " ".into(),
            format!("sha256-AAAA {}", sri("sha384", body)),
        ];
        for integrity in matches {
            assert!(check_integrity(&integrity, "GET", 200, body).is_ok(), "{integrity}");
        }
        let mismatches = [
            "sha256-AAAA".to_owned(),
            "sha256-".into(),
            "sha256-abc!".into(),
            format!("{good}?foo"),
            format!("{good} sha512-AAAA"),
            format!("sha256-AAA {}", sri("SHA512", body)),
        ];
        for integrity in mismatches {
            assert!(matches!(check_integrity(&integrity, "GET", 200, body), Err(FetchError::Network(_))), "{integrity}");
        }
        // No body to check: any integrity fails; none passes.
        assert!(check_integrity("junk", "HEAD", 200, b"").is_err());
        assert!(check_integrity("junk", "GET", 204, b"").is_err());
        assert!(check_integrity("", "HEAD", 204, b"").is_ok());
        assert!(check_integrity(&sri("sha256", b""), "GET", 200, b"").is_ok());
    }

    #[test]
    fn members_are_refused_as_undici_converts_them() {
        let refused = |m: &str, v: &str| match check_init_member(m, v) {
            Err(FetchError::Type(message)) => message,
            other => panic!("{m}={v}: {other:?}"),
        };
        assert_eq!(
            refused("mode", "bogus"),
            "Request constructor: bogus is not an accepted type. Expected one of navigate, same-origin, no-cors, cors."
        );
        assert_eq!(refused("duplex", "null"), "Request constructor: null is not an accepted type. Expected one of half.");
        assert_eq!(
            refused("method", "P\u{100}ST"),
            "Cannot convert argument to a ByteString because the character at index 1 has a value of 256 which is greater than 255."
        );
        assert!(check_init_member("referrerPolicy", "").is_ok());
        assert!(check_init_member("method", "PÖST").is_ok());
        assert!(check_init_member("integrity", "anything").is_ok());
    }
}
