//! The platform's remote callbacks (contract §5), for calls that carry `callbackBase` and
//! `ctxToken`:
//!
//! - `POST {callbackBase}/internal/secret` `{ ctxToken, name }` → `200 { value: string | null }`
//!   (non-2xx for an undeclared name);
//! - `POST {callbackBase}/internal/trove` `{ ctxToken, operation, variables }` → `200 { data }`.
//!
//! The platform is not a toolkit upstream: these requests do not go through the toolkit's
//! egress policy, and the token is never visible to toolkit code.

use std::time::Duration;

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::secrets::{SecretError, SecretProvider};
use crate::trove::{TroveCaller, TroveClient, TroveError};

/// The longest `/internal/secret` answer read, in bytes: room for the longest secret value
/// ([`crate::secrets::MAX_SECRET_BYTES`]) written with a JSON escape for every byte.
pub const MAX_SECRET_ANSWER_BYTES: usize = 8 * crate::secrets::MAX_SECRET_BYTES;

/// The longest `/internal/trove` answer read, in bytes: as much as `ctx.fetch` reads of an
/// upstream's (`Budget::max_response_bytes`, 10 MiB).
pub const MAX_TROVE_ANSWER_BYTES: usize = 10 * 1024 * 1024;

/// A client for one call's platform callbacks.
#[derive(Debug, Clone)]
pub struct PlatformCallbacks {
    base: String,
    token: String,
    client: reqwest::Client,
}

impl PlatformCallbacks {
    /// Callbacks under `callback_base` (e.g. `https://trove.example/api`) with the call's
    /// `ctx_token`. Errors if the HTTP client cannot start.
    pub fn new(callback_base: &str, ctx_token: &str) -> Result<Self, String> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot start the callback client: {e}"))?;
        Ok(Self { base: callback_base.trim_end_matches('/').to_owned(), token: ctx_token.to_owned(), client })
    }

    /// Like [`Self::new`] with extra trusted roots (PEM), for a platform with a private CA.
    pub fn with_roots(callback_base: &str, ctx_token: &str, roots_pem: &[Vec<u8>]) -> Result<Self, String> {
        let mut builder = reqwest::Client::builder().timeout(Duration::from_secs(30)).redirect(reqwest::redirect::Policy::none());
        for pem in roots_pem {
            builder = builder.add_root_certificate(reqwest::Certificate::from_pem(pem).map_err(|e| e.to_string())?);
        }
        let client = builder.build().map_err(|e| format!("cannot start the callback client: {e}"))?;
        Ok(Self { base: callback_base.trim_end_matches('/').to_owned(), token: ctx_token.to_owned(), client })
    }

    /// `text` (a platform's error body, which the toolkit sees in its rejection) with the call's
    /// `ctxToken` replaced by `[redacted]` in every form the redactor knows (raw, JSON-escaped,
    /// percent-encoded, base64…) and JSON-escaped with `\/` for `/` as PHP's `json_encode`
    /// writes it: a platform that echoes the token it refused must not hand it to toolkit code
    /// (reviews 19 and 20).
    fn without_token(&self, text: &str) -> String {
        if self.token.is_empty() {
            return text.to_owned();
        }
        let mut redactor = crate::redact::Redactor::default();
        redactor.add(&self.token);
        // The JSON encoders' own escapes beyond the redactor's forms (review 21): Python's
        // default (non-ASCII as `\uxxxx`), PHP's (that, and `/` as `\/`), Go's (`<`, `>`, `&`
        // as `\u003c`…).
        let python = json_escaped(&self.token, |c| !c.is_ascii());
        for variant in [python.replace('/', "\\/"), python, json_escaped(&self.token, |c| matches!(c, '<' | '>' | '&'))] {
            if variant != self.token {
                redactor.add(&variant);
            }
        }
        redactor.redact_str(text)
    }

    /// POSTs `body` to `{base}{path}`; returns the status and body text, read up to
    /// `max_bytes` (a longer answer is an error, and what was read is dropped: a platform that
    /// answers without end would otherwise fill the host's memory outside every call limit;
    /// review 33). A failure's message carries its causes (`…: operation timed out`), not
    /// reqwest's summary alone.
    async fn post(&self, path: &str, body: Value, max_bytes: usize) -> Result<(u16, String), String> {
        let mut response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .map_err(|e| format!("{path}: {}", with_causes(&e)))?;
        let status = response.status().as_u16();
        let too_long = || format!("{path}: the answer is longer than {max_bytes} bytes");
        if response.content_length().is_some_and(|n| n > max_bytes as u64) {
            return Err(too_long());
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| format!("{path}: {}", with_causes(&e)))? {
            if bytes.len() + chunk.len() > max_bytes {
                return Err(too_long());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok((status, String::from_utf8_lossy(&bytes).into_owned()))
    }
}

/// `text` as the inside of a JSON string: `"`, `\\` and control characters escaped, and each
/// character `escape` picks written as `\uxxxx` (UTF-16 units, lower-case hex).
fn json_escaped(text: &str, escape: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || escape(c) => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// `e` and each error in its source chain, joined by `: ` (reqwest's own text is only
/// "error sending request for url (…)", whether the platform refused or timed out; review 19).
fn with_causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let line = cause.to_string();
        if !text.contains(&line) {
            text.push_str(": ");
            text.push_str(&line);
        }
        source = cause.source();
    }
    text
}

#[derive(Deserialize)]
struct SecretAnswer {
    value: Option<String>,
}

#[derive(Deserialize)]
struct TroveAnswer {
    #[serde(default)]
    data: Value,
}

#[async_trait]
impl SecretProvider for PlatformCallbacks {
    async fn get(&self, _toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        let (status, text) = self
            .post("/internal/secret", json!({ "ctxToken": self.token, "name": name }), MAX_SECRET_ANSWER_BYTES)
            .await
            .map_err(SecretError::Provider)?;
        if !(200..300).contains(&status) {
            let text: String = self.without_token(&text).chars().take(200).collect();
            let message = format!("{status}{}{text}", if text.is_empty() { "" } else { " " });
            return Err(if status == 404 { SecretError::UndeclaredByPlatform(message) } else { SecretError::Provider(message) });
        }
        let answer: SecretAnswer =
            serde_json::from_str(&text).map_err(|e| SecretError::Provider(format!("malformed answer: {e}")))?;
        Ok(answer.value)
    }
}

#[async_trait]
impl TroveClient for PlatformCallbacks {
    async fn call(&self, _caller: &TroveCaller, operation: &str, variables: Value) -> Result<Value, TroveError> {
        let (status, text) = self
            .post(
                "/internal/trove",
                json!({ "ctxToken": self.token, "operation": operation, "variables": variables }),
                MAX_TROVE_ANSWER_BYTES,
            )
            .await
            .map_err(TroveError::Other)?;
        if !(200..300).contains(&status) {
            return Err(TroveError::Status { status, body: self.without_token(&text) });
        }
        let answer: TroveAnswer = serde_json::from_str(&text).map_err(|e| TroveError::Other(format!("malformed answer: {e}")))?;
        Ok(answer.data)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_platform_body_loses_the_token_in_the_forms_an_echo_writes_it() {
        // Review 20: a platform echoing the token JSON-escaped (`\/` from PHP's json_encode, `\"`
        // and `\\` from any encoder) handed it to the toolkit.
        let token = r#"tok/aBcD+"quoted"\back/0123456789<é>&"#;
        let callbacks = PlatformCallbacks::new("http://127.0.0.1:9/api", token).unwrap();
        let json = serde_json::to_string(token).unwrap();
        let php = json.replace('/', "\\/").replace('é', "\\u00e9");
        let python = json.replace('é', "\\u00e9");
        let go = json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
        for body in [format!("bad token {token}"), format!(r#"{{"token":{json}}}"#), format!(r#"{{"token":{php}}}"#), python, go] {
            let shown = callbacks.without_token(&body);
            assert!(!shown.contains("aBcD") && shown.contains("[redacted]"), "{body} -> {shown}");
        }
        assert_eq!(callbacks.without_token("nothing to hide"), "nothing to hide");
    }
}
