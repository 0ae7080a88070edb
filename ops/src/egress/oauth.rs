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

/// The token endpoint's JSON answer.
#[derive(Debug, Deserialize)]
pub(crate) struct TokenResponse {
    #[serde(default)]
    pub access_token: Option<String>,
    #[serde(default)]
    pub expires_in: Option<f64>,
}
