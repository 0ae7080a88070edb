//! Cassettes without secrets: what `call --record` writes and what replay reads back.
//!
//! A recorded exchange holds whatever crossed the wire, secrets included (an API key in a
//! query string, a token in a response body). Before a cassette is written, every form of
//! every secret the toolkit resolved (and every minted OAuth token) is replaced by a
//! placeholder, `{{secret:NAME}}` or `{{secret:NAME:FORM}}` for an encoded form
//! ([`crate::redact::SecretForm`]); on replay the placeholders are expanded with the values
//! the secrets have *now*, before requests are matched, so a cassette recorded with one key
//! replays with another and never holds either.

use serde_json::Value;

use super::replay::{Exchange, RecordedResponse};
use crate::redact::{expand_placeholders, placeholder_names, Redactor};

fn map_strings(exchange: Exchange, f: &dyn Fn(&str) -> String) -> Exchange {
    let Exchange { mut request, response } = exchange;
    request.url = f(&request.url);
    request.body = request.body.map(|b| f(&b));
    request.body_base64 = request.body_base64.map(|b| f(&b));
    let response = match response {
        RecordedResponse::Http { status, headers, body, body_base64, url } => RecordedResponse::Http {
            status,
            headers: headers
                .into_iter()
                .map(|(k, v)| {
                    let v = match v {
                        Value::String(s) => Value::String(f(&s)),
                        Value::Array(items) => Value::Array(
                            items.into_iter().map(|i| i.as_str().map(|s| Value::String(f(s))).unwrap_or(i)).collect(),
                        ),
                        other => other,
                    };
                    (k, v)
                })
                .collect(),
            body: body.map(|b| f(&b)),
            // A secret's bytes inside a binary body show in its base64 as one of the offset
            // forms the redactor knows (`SecretForm::Base64At`).
            body_base64: body_base64.map(|b| f(&b)),
            url: url.map(|u| f(&u)),
        },
        network => network,
    };
    Exchange { request, response }
}

/// `exchanges` with every known form of every value `redactor` holds replaced by its
/// placeholder, in URLs (the request's, a redirect's final one), request bodies, response
/// headers and response bodies.
pub fn scrub(exchanges: Vec<Exchange>, redactor: &Redactor) -> Vec<Exchange> {
    exchanges.into_iter().map(|e| map_strings(e, &|s| redactor.placeholders_str(s))).collect()
}

/// `exchanges` with each placeholder replaced by `value_of(NAME)` in its form; placeholders of
/// names `value_of` does not know stay as they are (the request then fails to match, and the
/// mismatch shows the placeholder).
pub fn expand(exchanges: Vec<Exchange>, value_of: &dyn Fn(&str) -> Option<String>) -> Vec<Exchange> {
    exchanges.into_iter().map(|e| map_strings(e, &|s| expand_placeholders(s, value_of))).collect()
}

/// The secret names `exchanges`' placeholders refer to, in first-seen order (what a front-end
/// must resolve before it can replay them).
pub fn secret_names(exchanges: &[Exchange]) -> Vec<String> {
    let text = serde_json::to_string(exchanges).unwrap_or_default();
    placeholder_names(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scrub_then_expand_is_the_identity_and_leaves_no_secret() {
        let exchanges: Vec<Exchange> = serde_json::from_value(json!([{
            "request": { "method": "POST", "url": "https://api.example.com/v1?key=k3y-Value%2F1", "body": "{\"token\":\"k3y-Value/1\"}" },
            "response": { "status": 200, "headers": { "x-echo": "k3y-Value/1", "set-cookie": ["a=azN5LVZhbHVlLzE=", "b=2"] }, "body": "access: tok-123456789" }
        }]))
        .expect("cassette");
        let mut redactor = Redactor::default();
        redactor.add_named("API_KEY", "k3y-Value/1");
        redactor.add_named("oauth-token", "tok-123456789");
        let scrubbed = scrub(exchanges.clone(), &redactor);
        let text = serde_json::to_string(&scrubbed).expect("JSON");
        for leaked in ["k3y-Value", "azN5LVZhbHVlLzE", "tok-123456789"] {
            assert!(!text.contains(leaked), "{leaked} left in {text}");
        }
        assert_eq!(secret_names(&scrubbed), vec!["API_KEY".to_owned(), "oauth-token".to_owned()]);
        let values = |n: &str| match n {
            "API_KEY" => Some("k3y-Value/1".to_owned()),
            "oauth-token" => Some("tok-123456789".to_owned()),
            _ => None,
        };
        assert_eq!(expand(scrubbed, &values), exchanges);
    }

    #[test]
    fn a_json_body_may_be_a_json_value() {
        let exchanges: Vec<Exchange> = serde_json::from_value(json!([{
            "request": { "method": "POST", "url": "https://api.example.com/", "body": { "a": [1, 2] } },
            "response": { "status": 200, "body": { "ok": true } }
        }]))
        .expect("cassette");
        assert_eq!(exchanges[0].request.body.as_deref(), Some("{\"a\":[1,2]}"));
        match &exchanges[0].response {
            RecordedResponse::Http { body, .. } => assert_eq!(body.as_deref(), Some("{\"ok\":true}")),
            other => panic!("{other:?}"),
        }
    }
}
