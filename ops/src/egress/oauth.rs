//! OAuth2 client credentials for a toolkit's `auth` (contract §5, `fetch`).
//!
//! The token is minted by `POST tokenUrl` with HTTP Basic `clientId:clientSecret` and the
//! form `grant_type=client_credentials[&scope=…]`, through the same egress checks as any
//! request; cached per client id until `expires_in` (default 3600 s) − 60 s; attached as
//! `Authorization: Bearer` only when the request's host equals `apiHost`.

use std::time::Duration;

use base64::Engine as _;
use serde::Deserialize;

/// The manifest's `auth` block.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OAuthClientCredentials {
    /// Must be `oauth2_client_credentials`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Token endpoint URL.
    pub token_url: String,
    /// Name of the secret holding the client id.
    pub client_id_secret: String,
    /// Name of the secret holding the client secret.
    pub client_secret_secret: String,
    /// The host that receives the Bearer token (exact match).
    pub api_host: String,
    /// Optional `scope` form field.
    #[serde(default)]
    pub scope: Option<String>,
}

/// The mint failures of contract §5 (messages the toolkit sees).
pub(crate) mod messages {
    /// The mint answered 400/401/403 (non-retryable).
    pub const REJECTED: &str = "OAuth client credentials were rejected (check the configured secrets).";
    /// The mint answered 429 or 5xx (retryable).
    pub const UNAVAILABLE: &str = "OAuth token endpoint is temporarily unavailable.";
    /// The mint answered 2xx without an `access_token` (retryable).
    pub const NO_TOKEN: &str = "OAuth token endpoint returned no access_token.";
}

impl OAuthClientCredentials {
    /// The form body of the mint request.
    pub fn form_body(&self) -> String {
        let mut form = url::form_urlencoded::Serializer::new(String::new());
        form.append_pair("grant_type", "client_credentials");
        if let Some(scope) = &self.scope {
            form.append_pair("scope", scope);
        }
        form.finish()
    }

    /// The `Authorization: Basic …` value for a client id and secret.
    pub fn basic_authorization(client_id: &str, client_secret: &str) -> String {
        let raw = format!("{client_id}:{client_secret}");
        format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(raw))
    }
}

/// Seconds of `expires_in` a cached token gives up, so it is never used at the edge.
pub const EXPIRY_MARGIN: Duration = Duration::from_secs(60);

/// The longest a minted token is kept, whatever its `expires_in` says (365 days): the SDK
/// keeps a token with `expires_in: 1e12` for ever; the host's caches need a time they can add
/// to a clock.
pub const MAX_TOKEN_LIFETIME: Duration = Duration::from_secs(365 * 24 * 3600);

/// The token endpoint's JSON answer as the SDK reads it (`response.text()` then `JSON.parse`,
/// then `access_token`
/// when it is a non-empty string, `expires_in` when it is a number, else 3600): the token and
/// how long to keep it (`expires_in` less [`EXPIRY_MARGIN`], at most [`MAX_TOKEN_LIFETIME`];
/// zero, so never reused, when that is not positive). A duplicate member counts as its last
/// occurrence, as in `JSON.parse`; `"expires_in": "3599"` (Azure AD v1) is not a number, so
/// the token is kept for the default. `None` when there is no usable token.
///
/// Not as `JSON.parse`: a body holding a number JSON cannot carry as a double (`1e400`) or a
/// lone surrogate escape is not JSON to the host (serde_json), so it has no token.
pub(crate) fn parse_token_response(body: &[u8]) -> Option<(String, Duration)> {
    // `response.text()`: a leading byte order mark dropped, bytes that are not UTF-8 as U+FFFD.
    let text = String::from_utf8_lossy(body.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(body));
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    let token = value.get("access_token")?.as_str().filter(|t| !t.is_empty())?.to_owned();
    let expires_in = match value.get("expires_in") {
        Some(serde_json::Value::Number(n)) => n.as_f64().unwrap_or(3600.0),
        _ => 3600.0,
    };
    let lifetime = Duration::try_from_secs_f64(expires_in).unwrap_or(if expires_in > 0.0 { MAX_TOKEN_LIFETIME } else { Duration::ZERO });
    Some((token, lifetime.min(MAX_TOKEN_LIFETIME).saturating_sub(EXPIRY_MARGIN)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(body: &str) -> Option<(String, u64)> {
        parse_token_response(body.as_bytes()).map(|(t, d)| (t, d.as_secs()))
    }

    #[test]
    fn token_responses_read_as_the_sdk_reads_them() {
        assert_eq!(parse(r#"{"access_token":"a","expires_in":120}"#), Some(("a".into(), 60)));
        assert_eq!(parse(r#"{"access_token":"a"}"#), Some(("a".into(), 3540)), "default 3600 s");
        // Azure AD v1 sends expires_in as a string: not a number, so the default.
        assert_eq!(parse(r#"{"token_type":"Bearer","expires_in":"3599","access_token":"a"}"#), Some(("a".into(), 3540)));
        assert_eq!(parse(r#"{"access_token":"a","expires_in":null}"#), Some(("a".into(), 3540)));
        // JSON.parse keeps a duplicate member's last value.
        assert_eq!(parse(r#"{"access_token":"old","expires_in":10,"access_token":"new","expires_in":600}"#), Some(("new".into(), 540)));
        // Under the margin, or negative: never reused.
        assert_eq!(parse(r#"{"access_token":"a","expires_in":30}"#), Some(("a".into(), 0)));
        assert_eq!(parse(r#"{"access_token":"a","expires_in":-5}"#), Some(("a".into(), 0)));
        // Huge: kept for the longest the host keeps a token.
        assert_eq!(parse(r#"{"access_token":"a","expires_in":1e300}"#), Some(("a".into(), MAX_TOKEN_LIFETIME.as_secs() - 60)));
        // As response.text() decodes: a byte order mark dropped, a byte that is not UTF-8 replaced.
        assert_eq!(parse("\u{feff}{\"access_token\":\"a\"}"), Some(("a".into(), 3540)));
        assert_eq!(parse_token_response(b"{\"access_token\":\"a\",\"note\":\"\xff\"}").map(|(t, _)| t), Some("a".into()));
        for no_token in [r#"{"access_token":""}"#, r#"{"access_token":5}"#, r#"{}"#, "[]", "not json", r#""a""#] {
            assert_eq!(parse(no_token), None, "{no_token}");
        }
    }
}
