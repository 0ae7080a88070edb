//! The replay transport: recorded exchanges served in order instead of the network.
//!
//! A cassette is a JSON array in the format of a conformance case's `http` field:
//!
//! ```json
//! [{ "request":  { "method": "GET", "url": "https://api.example.com/v1/x", "body": "optional" },
//!    "response": { "status": 200, "headers": { "set-cookie": ["a=1", "b=2"] }, "body": "…" } },
//!  { "request":  { "method": "GET", "url": "https://api.example.com/down" },
//!    "response": { "networkError": true } }]
//! ```
//!
//! A body that is not UTF-8 text (an image, a protobuf) is written `"bodyBase64": "…"` (standard
//! base64, padded) instead of `"body"`, in a request or a response: recording keeps its bytes,
//! and replay serves and compares exactly those bytes. An exchange has one or the other.
//!
//! The i-th request must have the i-th entry's method (case-insensitive) and URL (compared
//! after WHATWG normalisation) and, when the entry has a `body`, exactly that body. Anything
//! else fails loudly: the toolkit's fetch rejects and [`ReplayTransport::failures`] says why.
//! Egress rules still apply before a request reaches the cassette.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Mutex;

use async_trait::async_trait;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine as _;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use url::Url;

use super::transport::{HttpRequest, HttpResponse, Transport, TransportError};

/// One recorded exchange. A member a cassette does not define is refused (a misspelt `body`
/// would otherwise weaken the match without a word).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Exchange {
    /// What the toolkit must send.
    pub request: RecordedRequest,
    /// What it gets back.
    pub response: RecordedResponse,
}

/// The expected request of an [`Exchange`].
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecordedRequest {
    /// HTTP method, compared case-insensitively.
    pub method: String,
    /// URL, compared after WHATWG normalisation.
    pub url: String,
    /// When present, the raw request body must equal it. In a file it may be a string or any
    /// JSON value (then its compact JSON text is the body).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "body_text")]
    pub body: Option<String>,
    /// When present, the request body's bytes, base64 (for a body that is not UTF-8): they must
    /// be equal. Not with `body`.
    #[serde(default, rename = "bodyBase64", skip_serializing_if = "Option::is_none")]
    pub body_base64: Option<String>,
}

impl RecordedRequest {
    /// What a cassette records of a request: `body` when it is UTF-8 text, else `bodyBase64`.
    pub fn of(method: &str, url: &str, body: Option<&[u8]>) -> Self {
        let (body, body_base64) = split_body(body);
        Self { method: method.to_owned(), url: url.to_owned(), body, body_base64 }
    }
}

/// A body as a cassette holds it: `(Some(text), None)` when it is UTF-8, `(None,
/// Some(base64))` when not, `(None, None)` for none.
fn split_body(body: Option<&[u8]>) -> (Option<String>, Option<String>) {
    match body {
        None => (None, None),
        Some(bytes) => match std::str::from_utf8(bytes) {
            Ok(text) => (Some(text.to_owned()), None),
            Err(_) => (None, Some(BASE64.encode(bytes))),
        },
    }
}

/// A `bodyBase64` member's bytes. Errors say it is not base64 (checked when served: secret
/// placeholders in it are filled in first).
fn base64_body(text: &str) -> Result<Vec<u8>, String> {
    BASE64.decode(text.trim()).map_err(|e| format!("its bodyBase64 is not base64 ({e})"))
}

/// The response of an [`Exchange`]: a real response, or a network failure. Read from a file
/// through [`ResponseFile`], which names what is wrong with one that fits neither.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(untagged, try_from = "ResponseFile")]
pub enum RecordedResponse {
    /// `{ "networkError": true }`: the fetch rejects with `TypeError("fetch failed")`.
    NetworkError {
        /// Always `true`.
        #[serde(rename = "networkError")]
        network_error: bool,
    },
    /// `{ status, headers, body }`; a header value may be a list (several lines).
    Http {
        /// Status code.
        status: u16,
        /// Header name → value or list of values.
        #[serde(default)]
        headers: serde_json::Map<String, serde_json::Value>,
        /// Body text; `null` for none. In a file it may be a string or any JSON value (then
        /// its compact JSON text is the body).
        #[serde(default, deserialize_with = "body_text")]
        body: Option<String>,
        /// The body's bytes, base64, for a body that is not UTF-8 (not with `body`).
        #[serde(default, rename = "bodyBase64", skip_serializing_if = "Option::is_none")]
        body_base64: Option<String>,
        /// The final URL, when the live request was redirected to it (trove-host's recording;
        /// the corpus's format has no such member). Replay answers with it as `response.url`
        /// and `redirected` true; an absolute URL.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        url: Option<String>,
    },
}

/// A cassette's `response` as written: every member it may have, checked by
/// [`RecordedResponse::try_from`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResponseFile {
    #[serde(rename = "networkError")]
    network_error: Option<bool>,
    status: Option<u16>,
    headers: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(default, deserialize_with = "body_text")]
    body: Option<String>,
    #[serde(rename = "bodyBase64")]
    body_base64: Option<String>,
    url: Option<String>,
}

impl TryFrom<ResponseFile> for RecordedResponse {
    type Error = String;

    /// `{ "networkError": true }` (no status), or a `status` that fetch can hand a toolkit
    /// (200–599: the conformance schema's range; `new Response` refuses others) with header
    /// names and values HTTP can carry.
    fn try_from(file: ResponseFile) -> Result<Self, String> {
        match (file.network_error, file.status) {
            // The corpus's schema lets a network error carry headers or a body; they are never
            // served.
            (Some(true), None) => Ok(Self::NetworkError { network_error: true }),
            (Some(true), Some(_)) => Err("a response with \"networkError\": true has no status".into()),
            (Some(false), _) => Err("\"networkError\" is true or absent (a response that did not fail has a status)".into()),
            (None, None) => Err("a response has a \"status\" (or is { \"networkError\": true })".into()),
            (None, Some(status)) => {
                if file.body.is_some() && file.body_base64.is_some() {
                    return Err("a response has \"body\" or \"bodyBase64\", not both".into());
                }
                if !(200..=599).contains(&status) {
                    return Err(format!("status {status} is not one fetch gives a toolkit (200 to 599)"));
                }
                let headers = file.headers.unwrap_or_default();
                for (name, value) in &headers {
                    if reqwest::header::HeaderName::from_bytes(name.as_bytes()).is_err() {
                        return Err(format!("header name {name:?} is not a valid HTTP header name"));
                    }
                    let values = match value {
                        serde_json::Value::Array(values) => values.iter().collect(),
                        one => vec![one],
                    };
                    for value in values {
                        if reqwest::header::HeaderValue::from_str(&json_text(value)).is_err() {
                            return Err(format!("header {name:?} has a value HTTP cannot carry (a line break or control character)"));
                        }
                    }
                }
                if let Some(url) = &file.url {
                    // Placeholders may stand for a secret in it; they are filled in when served.
                    if url::Url::parse(url).is_err() {
                        return Err(format!("the response's \"url\" {url:?} is not an absolute URL"));
                    }
                }
                Ok(Self::Http { status, headers, body: file.body, body_base64: file.body_base64, url: file.url })
            }
        }
    }
}

impl RecordedResponse {
    /// What a cassette records of `response`: status, headers (a repeated name becomes a list)
    /// and the body: as text when it is UTF-8, else its bytes as `bodyBase64`; and
    /// `redirected_to`, the final URL when the request was redirected.
    pub fn of(response: &HttpResponse, redirected_to: Option<&str>) -> Self {
        let mut headers = serde_json::Map::new();
        for (name, value) in &response.headers {
            let name = name.to_ascii_lowercase();
            match headers.get_mut(&name) {
                None => {
                    headers.insert(name, serde_json::Value::String(value.clone()));
                }
                Some(serde_json::Value::Array(list)) => list.push(serde_json::Value::String(value.clone())),
                Some(first) => {
                    let first = first.take();
                    headers.insert(name, serde_json::Value::Array(vec![first, serde_json::Value::String(value.clone())]));
                }
            }
        }
        let (body, body_base64) = split_body((!response.body.is_empty()).then_some(&response.body[..]));
        Self::Http { status: response.status, headers, body, body_base64, url: redirected_to.map(str::to_owned) }
    }
}

/// A body given as a string, or as any other JSON value (its compact JSON text).
fn body_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s),
        Some(other) => Some(other.to_string()),
    })
}

/// Serves a cassette's exchanges in order. Thread-safe; one instance per call (or per run).
///
/// Each queued exchange is kept twice: as served (secret placeholders filled in) and as
/// written in the cassette. Messages about a mismatch, and [`Self::remaining`], show the
/// exchange as written, so a secret filled in never reaches a log, an error or the toolkit.
#[derive(Debug)]
pub struct ReplayTransport {
    /// `(served, as written)`.
    queue: Mutex<VecDeque<(Exchange, Exchange)>>,
    failures: Mutex<Vec<String>>,
    /// The values filled in for placeholders, by name ([`Transport::secret_values`]).
    filled: Vec<(String, String)>,
}

impl ReplayTransport {
    /// A transport serving `exchanges` in order.
    pub fn new(exchanges: Vec<Exchange>) -> Self {
        Self { queue: Mutex::new(exchanges.into_iter().map(|e| (e.clone(), e)).collect()), failures: Mutex::default(), filled: Vec::new() }
    }

    /// Reads a cassette file. Errors name the file and what was wrong with it. Secret
    /// placeholders (`{{secret:NAME}}`) are left as they are: see [`Self::from_file_with`].
    pub fn from_file(path: &Path) -> Result<Self, String> {
        Ok(Self::new(read_cassette(path)?))
    }

    /// A transport serving `exchanges` with every secret placeholder a recorded cassette holds
    /// (`{{secret:NAME}}`, `{{secret:NAME:FORM}}`) replaced by `value_of(NAME)` in that form
    /// (see [`super::cassette::expand`]), so requests carrying today's secret match.
    pub fn with_secrets(exchanges: Vec<Exchange>, value_of: &dyn Fn(&str) -> Option<String>) -> Self {
        let filled = super::cassette::secret_names(&exchanges).into_iter().filter_map(|name| value_of(&name).map(|value| (name, value))).collect();
        let served = super::cassette::expand(exchanges.clone(), value_of);
        Self { queue: Mutex::new(served.into_iter().zip(exchanges).collect()), failures: Mutex::default(), filled }
    }

    /// Every mismatch so far (unexpected request, wrong method, URL or body), in order.
    pub fn failures(&self) -> Vec<String> {
        self.failures.lock().expect("replay lock").clone()
    }

    /// Exchanges not yet served (a scripted request that was never made), as the cassette
    /// writes them (placeholders, not secrets): for messages.
    pub fn remaining(&self) -> Vec<Exchange> {
        self.queue.lock().expect("replay lock").iter().map(|(_, shown)| shown.clone()).collect()
    }

    /// Exchanges not yet served, as they would be served (placeholders filled in): for
    /// serving them elsewhere (a test upstream, another implementation). Never print these.
    pub fn remaining_served(&self) -> Vec<Exchange> {
        self.queue.lock().expect("replay lock").iter().map(|(served, _)| served.clone()).collect()
    }

    fn fail(&self, message: String) -> TransportError {
        self.failures.lock().expect("replay lock").push(message.clone());
        TransportError::ReplayMismatch(message)
    }
}

/// The largest cassette read, in bytes (1 GiB).
const MAX_CASSETTE_BYTES: u64 = 1 << 30;

/// Reads a cassette file (a JSON array of exchanges). Errors name the file and what was wrong.
pub fn read_cassette(path: &Path) -> Result<Vec<Exchange>, String> {
    let text = crate::regular_file::read_regular_text(path, MAX_CASSETTE_BYTES)
        .map_err(|e| format!("cannot read replay file {}: {e}", path.display()))?;
    // A byte order mark, as an editor may write one.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    serde_json::from_str(text).map_err(|e| {
        // serde reports the first mismatch it meets, which for a file that is not JSON at all
        // (`{` alone) is "invalid type": say what is wrong with the text first.
        match serde_json::from_str::<serde::de::IgnoredAny>(text) {
            Err(syntax) => format!("replay file {} is not valid JSON: {syntax}", path.display()),
            Ok(_) => format!("replay file {} is not a list of exchanges: {e}", path.display()),
        }
    })
}

fn normalise(url: &str) -> String {
    Url::parse(url).map(|u| u.to_string()).unwrap_or_else(|_| url.to_owned())
}

#[async_trait]
impl Transport for ReplayTransport {
    fn secret_values(&self) -> Vec<(String, String)> {
        self.filled.clone()
    }

    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let got = format!("{} {}", request.method, request.url);
        let next = self.queue.lock().expect("replay lock").pop_front();
        let Some((exchange, shown)) = next else {
            return Err(self.fail(format!("unexpected request {got}: the cassette has no more exchanges")));
        };
        let want = &exchange.request;
        if !want.method.eq_ignore_ascii_case(&request.method)
            || normalise(&want.url) != request.url.as_str()
        {
            return Err(self.fail(format!(
                "unexpected request {got}: the cassette expects {} {}",
                shown.request.method.to_ascii_uppercase(),
                normalise(&shown.request.url)
            )));
        }
        if let Some(encoded) = &want.body_base64 {
            let bytes = base64_body(encoded).map_err(|e| self.fail(format!("the cassette's exchange for {got}: {e}")))?;
            let sent = request.body.as_deref().unwrap_or_default();
            if sent != bytes.as_slice() {
                return Err(self.fail(format!(
                    "request {got} has a body of {} bytes other than the cassette's {} (bodyBase64)",
                    sent.len(),
                    bytes.len()
                )));
            }
        }
        if let Some(body) = &want.body {
            // Byte for byte: a body that is not UTF-8 is recorded as `bodyBase64`, so a text
            // body no longer matches bytes that only read alike as lossy text (review 22).
            let sent = request.body.as_deref().unwrap_or_default();
            let same = sent == body.as_bytes()
                || std::str::from_utf8(sent).is_ok_and(|text| same_multipart(request.header("content-type"), text, body));
            if !same {
                let expected = shown.request.body.as_deref().unwrap_or_default();
                return Err(self.fail(match std::str::from_utf8(sent) {
                    Ok(text) => format!("request {got} has body {text:?}; the cassette expects {expected:?}"),
                    // Lossy text of it could read as the expected body and explain nothing.
                    Err(_) => format!(
                        "request {got} has a body of {} bytes that is not UTF-8 text; the cassette expects {expected:?} \
                         (recorded again, such a body is written as bodyBase64)",
                        sent.len()
                    ),
                }));
            }
        }
        // The response's bytes, decoded before any is served.
        let bytes = match &exchange.response {
            RecordedResponse::Http { body_base64: Some(encoded), .. } => {
                base64_body(encoded).map_err(|e| self.fail(format!("the cassette's answer to {got}: {e}")))?
            }
            RecordedResponse::Http { body: Some(body), .. } => body.clone().into_bytes(),
            _ => Vec::new(),
        };
        if bytes.len() > request.budgets.max_response_bytes {
            return Err(TransportError::BodyTooLarge(request.budgets.max_response_bytes));
        }
        match exchange.response {
            RecordedResponse::NetworkError { .. } => {
                Err(TransportError::Network("replayed network error".into()))
            }
            RecordedResponse::Http { status, headers, url, .. } => {
                let url = match url {
                    None => None,
                    Some(url) => Some(url::Url::parse(&url).map_err(|_| {
                        self.fail(format!("the cassette's answer to {got} has a \"url\" that is not an absolute URL once filled in"))
                    })?),
                };
                let mut lines = Vec::new();
                for (name, value) in headers {
                    match value {
                        serde_json::Value::Array(values) => {
                            for v in values {
                                lines.push((name.clone(), json_text(&v)));
                            }
                        }
                        v => lines.push((name, json_text(&v))),
                    }
                }
                Ok(HttpResponse {
                    status,
                    status_text: String::new(),
                    headers: lines,
                    body: Bytes::from(bytes),
                    url,
                })
            }
        }
    }

    fn follows_redirects(&self) -> bool {
        false
    }
}

/// Whether `sent` and `recorded` are the same `multipart/form-data` body but for its boundary,
/// which `FormData` draws at random for every request. Only for a request whose `content-type`
/// is `multipart/form-data` with a `boundary` of at least 16 characters that `sent` opens
/// with; and only the delimiter lines change (`--<boundary>` at the start and after each CR
/// LF, as RFC 2046 places them), so a field's value is compared as it is (a hostile review
/// matched `--7\r\npay 7 EUR` against `--5\r\npay 5 EUR` when every `5` was replaced).
fn same_multipart(content_type: Option<&str>, sent: &str, recorded: &str) -> bool {
    const MIN_BOUNDARY: usize = 16;
    let Some(now) = content_type.and_then(multipart_boundary) else { return false };
    let opens = |body: &str| -> Option<String> {
        let line = body.strip_prefix("--")?.split("\r\n").next()?;
        (line.len() >= MIN_BOUNDARY && line.len() <= 200).then(|| line.to_owned())
    };
    match (opens(sent), opens(recorded)) {
        (Some(opened), Some(then)) if opened == now => {
            let delimiters = |body: &str, boundary: &str, with: &str| {
                let rest = body.strip_prefix(&format!("--{boundary}")).unwrap_or(body);
                format!("--{with}{}", rest.replace(&format!("\r\n--{boundary}"), &format!("\r\n--{with}")))
            };
            delimiters(recorded, &then, &now) == sent
        }
        _ => false,
    }
}

/// The `boundary` parameter of a `multipart/form-data` content type (quotes removed).
fn multipart_boundary(content_type: &str) -> Option<&str> {
    let mut parts = content_type.split(';');
    if !parts.next()?.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    parts.find_map(|p| {
        let (name, value) = p.split_once('=')?;
        name.trim().eq_ignore_ascii_case("boundary").then(|| value.trim().trim_matches('"'))
    })
}

fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(method: &str, url: &str, body: Option<&[u8]>) -> HttpRequest {
        HttpRequest {
            method: method.into(),
            url: Url::parse(url).unwrap(),
            headers: Vec::new(),
            body: body.map(Bytes::copy_from_slice),
            budgets: super::super::budget::EgressBudgets::default(),
        }
    }

    /// Review 22: bodies were recorded with `from_utf8_lossy`, so an image came back as other
    /// bytes, and replay matched any request body with the same shape of bad sequences.
    #[tokio::test(flavor = "current_thread")]
    async fn a_body_that_is_not_utf8_is_recorded_and_replayed_byte_for_byte() {
        let png: &[u8] = &[0x89, b'P', b'N', b'G', 0xff, 0xfe, 0x00, 0x80, 0x81];
        let upload: &[u8] = &[0xff, 0xfe, 0x01];
        let recorded = Exchange {
            request: RecordedRequest::of("POST", "https://img.example/up", Some(upload)),
            response: RecordedResponse::of(&HttpResponse { status: 200, status_text: String::new(), headers: Vec::new(), body: Bytes::from_static(png), url: None }, None),
        };
        let text = serde_json::to_string(&[&recorded]).unwrap();
        assert!(text.contains(r#""bodyBase64":"//4B""#) && text.contains(r#""bodyBase64":"iVBOR//+AICB""#), "{text}");
        let exchanges: Vec<Exchange> = serde_json::from_str(&text).unwrap();
        assert_eq!(exchanges[0], recorded, "the cassette reads back as written");

        let replay = ReplayTransport::new(exchanges.clone());
        let answer = replay.send(request("POST", "https://img.example/up", Some(upload))).await.unwrap();
        assert_eq!(&answer.body[..], png);
        // Other bytes that read alike as lossy text do not match.
        let replay = ReplayTransport::new(exchanges);
        assert!(replay.send(request("POST", "https://img.example/up", Some(&[0x80, 0x81, 0x01]))).await.is_err());
        assert!(replay.failures()[0].contains("has a body of 3 bytes other than the cassette's 3 (bodyBase64)"), "{:?}", replay.failures());

        // A text body matches its own bytes only, not others that read alike as lossy text.
        let lossy: Vec<Exchange> = serde_json::from_value(serde_json::json!([
            { "request": { "method": "POST", "url": "https://img.example/up", "body": "\u{fffd}\u{fffd}" }, "response": { "status": 200 } }
        ]))
        .unwrap();
        for other in [&[0xff, 0xfe][..], &[0x80, 0x81]] {
            let replay = ReplayTransport::new(lossy.clone());
            assert!(replay.send(request("POST", "https://img.example/up", Some(other))).await.is_err(), "{other:?}");
            assert!(replay.failures()[0].contains("has a body of 2 bytes that is not UTF-8 text"), "{:?}", replay.failures());
        }
        let replay = ReplayTransport::new(lossy);
        assert!(replay.send(request("POST", "https://img.example/up", Some("\u{fffd}\u{fffd}".as_bytes()))).await.is_ok());

        // Text stays text.
        let text_exchange = RecordedRequest::of("POST", "https://img.example/up", Some(b"{\"a\":1}"));
        assert_eq!((text_exchange.body.as_deref(), text_exchange.body_base64), (Some("{\"a\":1}"), None));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_bad_body_base64_fails_the_request_naming_it() {
        let exchanges: Vec<Exchange> = serde_json::from_value(serde_json::json!([
            { "request": { "method": "GET", "url": "https://a.example/" }, "response": { "status": 200, "bodyBase64": "not base64!" } }
        ]))
        .unwrap();
        let replay = ReplayTransport::new(exchanges);
        assert!(replay.send(request("GET", "https://a.example/", None)).await.is_err());
        assert!(replay.failures()[0].contains("its bodyBase64 is not base64"), "{:?}", replay.failures());
    }

    /// `FormData` draws a new boundary for every request: a recorded multipart body matches
    /// the same fields under another boundary, and nothing else.
    #[test]
    fn a_multipart_body_matches_under_another_boundary() {
        let body = |b: &str, value: &str| format!("--{b}\r\nContent-Disposition: form-data; name=\"q\"\r\n\r\n{value}\r\n--{b}--\r\n");
        let (old, new) = ("----formdata-undici-0123456789", "----formdata-undici-9876543210");
        let ct = format!("multipart/form-data; boundary={new}");
        let recorded = body(old, "hello");
        assert!(same_multipart(Some(&ct), &body(new, "hello"), &recorded));
        assert!(same_multipart(Some(&format!("Multipart/Form-Data; boundary=\"{new}\"")), &body(new, "hello"), &recorded));
        assert!(!same_multipart(Some(&ct), &body(new, "other"), &recorded), "another value");
        assert!(!same_multipart(None, &body(new, "hello"), &recorded), "no content type");
        assert!(!same_multipart(Some("multipart/form-data; boundary=elsewhere-0000000000"), &body(new, "hello"), &recorded), "the body opens with another boundary");
        assert!(!same_multipart(Some("text/plain"), &body(new, "hello"), &recorded));
        assert!(!same_multipart(Some(&ct), "q=hello", &recorded));
        // A value that holds the old boundary is compared as it is.
        let with_old = body(old, &format!("see {old}"));
        assert!(!same_multipart(Some(&ct), &body(new, &format!("see {new}")), &with_old));
        assert!(same_multipart(Some(&ct), &body(new, &format!("see {old}")), &with_old));
        // Short boundaries are not taken for FormData's.
        assert!(!same_multipart(Some("multipart/form-data; boundary=7"), "--7\r\npay 7 EUR to acct 77", "--5\r\npay 5 EUR to acct 55"));
    }

    /// A file that is not JSON is called that, with where; valid JSON of the wrong shape is
    /// called not a list of exchanges (the review found `{` reported as "invalid type: map").
    #[test]
    fn a_bad_cassette_names_what_is_wrong() {
        let dir = std::env::temp_dir().join(format!("replay-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (text, expected) in [
            ("{", "is not valid JSON: EOF while parsing an object at line 2 column 0"),
            ("[{\"request\": ", "is not valid JSON: EOF while parsing a value"),
            ("{\"a\": 1}", "is not a list of exchanges: invalid type: map, expected a sequence"),
            ("[]", ""),
            ("\u{feff}[]", ""),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/", "bdy": "x"}, "response": {"status": 200}}]"#, "unknown field `bdy`"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 200, "header": {}}}]"#, "unknown field `header`"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"networkError": false}}]"#, "\"networkError\" is true or absent"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {}}]"#, "a response has a \"status\""),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 700}}]"#, "status 700 is not one fetch gives a toolkit (200 to 599)"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 103}}]"#, "status 103 is not one fetch gives a toolkit"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"networkError": true, "headers": {}, "body": null}}]"#, ""),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"networkError": true, "status": 200}}]"#, "has no status"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 200, "headers": {"x": "a\r\nset-cookie: b=1"}}}]"#, "header \"x\" has a value HTTP cannot carry"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 200, "headers": {"bad name": "v"}}}]"#, "header name \"bad name\" is not a valid HTTP header name"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 200, "headers": {"a": ["1", "2"]}, "body": {"k": 1}}}, {"request": {"method": "GET", "url": "https://a.example/"}, "response": {"networkError": true}}]"#, ""),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/"}, "response": {"status": 200, "body": "x", "bodyBase64": "eA=="}}]"#, "not both"),
            (r#"[{"request": {"method": "GET", "url": "https://a.example/", "bodyBase64": "eA=="}, "response": {"status": 200, "bodyBase64": "eA=="}}]"#, ""),
        ] {
            let path = dir.join("cassette.json");
            std::fs::write(&path, format!("{text}\n")).unwrap();
            match read_cassette(&path) {
                Ok(_) => assert!(expected.is_empty(), "{text}: read, expected {expected:?}"),
                Err(message) => assert!(!expected.is_empty() && message.contains(expected), "{text}: {message}"),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
