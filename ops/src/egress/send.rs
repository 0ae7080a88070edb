//! [`Egress::fetch`]: one `ctx.fetch` from policy check to response, following redirects
//! hop by hop, attaching OAuth tokens and recording the request in the call's ledger.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use deno_core::{op2, OpState};
use url::Url;

use super::budget::{self, EgressBudgets};
use super::oauth::{messages, parse_token_response, OAuthClientCredentials};
use super::tokens::{TokenCache, TokenKey, TokenStore};
use super::policy::{EgressEntry, EgressPolicy, EgressRefusal};
use super::replay::{Exchange, RecordedRequest, RecordedResponse};
use super::transport::{HttpRequest, HttpResponse, Transport, TransportError};
use crate::ledger::{EgressRecord, Ledger};
use crate::secrets::SecretAccess;

/// The `user-agent` added when a request has none (contract §5).
pub const DEFAULT_USER_AGENT: &str = "@ontrove/extend/toolkit (+https://ontrove.sh)";

/// Most redirect hops followed for one request (the fetch standard's limit).
pub const MAX_REDIRECTS: usize = 20;

/// `init.redirect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RedirectMode {
    /// Follow 3xx hops, each checked like a first request (default).
    #[default]
    Follow,
    /// Return the 3xx response to the toolkit as it is.
    Manual,
    /// Fail on a 3xx.
    Error,
}

impl RedirectMode {
    /// Parses `follow`, `manual` or `error`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "follow" => Some(Self::Follow),
            "manual" => Some(Self::Manual),
            "error" => Some(Self::Error),
            _ => None,
        }
    }
}

/// A request as `ctx.fetch` hands it to Rust.
#[derive(Debug, Clone, Default)]
pub struct FetchRequest {
    /// The URL as the toolkit wrote it (parsed and checked here).
    pub url: String,
    /// Method as written; standard methods are upper-cased as fetch does.
    pub method: String,
    /// Header lines (names lower case, as `Headers` iterates them).
    pub headers: Vec<(String, String)>,
    /// Body bytes.
    pub body: Option<Bytes>,
    /// `init.redirect`, when the toolkit set it.
    pub redirect: Option<String>,
    /// The `content-type` fetch would add for this body type when none is set (e.g.
    /// `text/plain;charset=UTF-8` for a string). Sent on the wire, not recorded.
    pub default_content_type: Option<String>,
}

/// The response handed back to `ctx.fetch`.
#[derive(Debug, Clone)]
pub struct FetchResponse {
    /// The final hop's response.
    pub response: HttpResponse,
    /// URL of the final hop.
    pub url: String,
    /// Whether at least one redirect was followed.
    pub redirected: bool,
}

/// How a fetch failed, and so what the toolkit sees.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FetchError {
    /// Contract §6 refusal: a non-retryable `ToolError` with this message.
    #[error("{0}")]
    Refused(#[from] EgressRefusal),
    /// A `ToolError` with this message and retry flag (OAuth mint failures, budgets).
    #[error("{message}")]
    Tool {
        /// The message the toolkit sees.
        message: String,
        /// Its `retryable` flag.
        retryable: bool,
    },
    /// A network failure: `TypeError("fetch failed")`; the detail is for the host's log.
    #[error("fetch failed")]
    Network(String),
    /// A replay cassette mismatch: `TypeError` with this message; fails the call loudly.
    #[error("{0}")]
    Replay(String),
    /// A `TypeError` with this message, as WHATWG fetch throws it (e.g. a URL with
    /// credentials).
    #[error("{0}")]
    Type(String),
}

/// The failure of an OAuth request whose client credential could not be had: unset, the
/// contract's non-retryable "is not set" `ToolError`; unreadable (the provider failed), a
/// network failure (`TypeError: fetch failed`) whose detail, the provider's error, goes to the
/// host's log, as `ctx.secret`'s rejection does for `requireSecret`.
fn unreadable(e: Result<String, crate::secrets::SecretError>, tool: impl Fn(String, bool) -> FetchError) -> FetchError {
    match e {
        Ok(not_set) => tool(not_set, false),
        Err(cause) => FetchError::Network(format!("the OAuth client credential could not be read: {cause}")),
    }
}

/// A recorded request that ended without an answer a cassette can hold, said in the host's log
/// ([`Ledger::warn_unrecorded`]) when dropped armed (`request` set).
struct Unrecorded<'a> {
    ledger: &'a Ledger,
    request: Option<&'a RecordedRequest>,
    why: &'static str,
}

impl Drop for Unrecorded<'_> {
    fn drop(&mut self) {
        if let Some(r) = self.request {
            self.ledger.warn_unrecorded(&r.method, &r.url, self.why);
        }
    }
}

/// What fetch throws for a URL with userinfo (undici's message, without echoing the URL and
/// so the credentials).
pub const CREDENTIALS_MESSAGE: &str = "Request cannot be constructed from a URL that includes credentials";

/// What fetch throws for a method that is not an HTTP token (undici's message).
pub fn invalid_method_message(method: &str) -> String {
    format!("'{method}' is not a valid HTTP method.")
}

/// What fetch throws for `CONNECT`, `TRACE` or `TRACK` (undici's message).
pub fn forbidden_method_message(method: &str) -> String {
    format!("'{method}' HTTP method is unsupported.")
}

/// What fetch throws for a body on a `GET` or `HEAD` request.
pub const GET_HEAD_BODY_MESSAGE: &str = "Request with GET/HEAD method cannot have body.";

/// What fetch throws for an `init.redirect` that is not `follow`, `manual` or `error` (undici's
/// WebIDL enum conversion's message, [`super::init::invalid_enum_message`]).
pub fn invalid_redirect_message(mode: &str) -> String {
    super::init::invalid_enum_message("redirect", mode).unwrap_or_default()
}

/// What fetch throws for a request header name that is not an HTTP token (deno_fetch's
/// `Headers` message).
pub fn invalid_header_name_message(name: &str) -> String {
    format!("Invalid header name: \"{name}\"")
}

/// What fetch throws for a request header value that is not a header value (deno_fetch's
/// `Headers` message).
pub fn invalid_header_value_message(value: &str) -> String {
    format!("Invalid header value: \"{value}\"")
}

/// Whether `text` is an HTTP token (RFC 9110 `token`: `tchar`s, at least one): a method or a
/// header name.
fn is_token(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// Whether `value` is a header value as `Headers` leaves one (Fetch standard): code points up
/// to U+00FF only (a `ByteString`), no NUL, CR or LF, and no leading or trailing space or tab
/// (`Headers` trims them).
fn is_header_value(value: &str) -> bool {
    value.chars().all(|c| c <= '\u{ff}' && !matches!(c, '\0' | '\r' | '\n'))
        && !value.starts_with([' ', '\t'])
        && !value.ends_with([' ', '\t'])
}

/// The `Headers` class's checks on each request header: the name a token, the value a header
/// value. `ctx.fetch` builds its header list through deno_fetch's `Headers`, which throws
/// these `TypeError`s first; a list that reaches the op some other way (a replaced iterator, a
/// hand-made list) is decided here, since the op does not trust JavaScript.
///
/// # Errors
/// [`FetchError::Type`] with `Headers`' message for the first bad name or value.
pub fn check_request_headers(headers: &[(String, String)]) -> Result<(), FetchError> {
    for (name, value) in headers {
        if !is_token(name) {
            return Err(FetchError::Type(invalid_header_name_message(name)));
        }
        if !is_header_value(value) {
            return Err(FetchError::Type(invalid_header_value_message(value)));
        }
    }
    Ok(())
}

/// The WHATWG Request constructor's method checks: a token, and not a forbidden method.
pub(crate) fn check_method_token(method: &str) -> Result<(), FetchError> {
    if !is_token(method) {
        return Err(FetchError::Type(invalid_method_message(method)));
    }
    if ["CONNECT", "TRACE", "TRACK"].iter().any(|m| m.eq_ignore_ascii_case(method)) {
        return Err(FetchError::Type(forbidden_method_message(method)));
    }
    Ok(())
}

/// The WHATWG Request constructor's checks on a request's shape, in its order: the
/// `redirect` mode, the method (a token, not forbidden), and no body on `GET`/`HEAD`.
/// Returns the mode, or the `TypeError` fetch would throw. Decided here only: `ctx.fetch`
/// asks through `op_trove_request_check` before reading a body, and [`Egress::fetch`] decides
/// again (the op does not trust JavaScript).
///
/// # Errors
/// [`FetchError::Type`] with fetch's message.
pub fn check_request_shape(method: &str, redirect: Option<&str>, has_body: bool) -> Result<RedirectMode, FetchError> {
    let mode = match redirect {
        None => RedirectMode::Follow,
        Some(m) => RedirectMode::parse(m).ok_or_else(|| FetchError::Type(invalid_redirect_message(m)))?,
    };
    check_method_token(method)?;
    if has_body && matches!(normalise_method(method).as_str(), "GET" | "HEAD") {
        return Err(FetchError::Type(GET_HEAD_BODY_MESSAGE.into()));
    }
    Ok(mode)
}

/// Request headers a toolkit may not set on the wire: framing and connection management are
/// the transport's (a toolkit-set `host`, `content-length` or `transfer-encoding` could
/// desynchronise the upstream or a proxy), and `proxy-*` is for proxies. They are dropped
/// before the transport; the ledger keeps the request as the toolkit wrote it.
const FORBIDDEN_REQUEST_HEADERS: [&str; 9] =
    ["host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer", "expect"];

/// Whether `name` is a forbidden request header (see [`FORBIDDEN_REQUEST_HEADERS`]) or `proxy-*`.
pub fn is_forbidden_request_header(name: &str) -> bool {
    FORBIDDEN_REQUEST_HEADERS.iter().any(|h| h.eq_ignore_ascii_case(name))
        || name.get(..6).is_some_and(|p| p.eq_ignore_ascii_case("proxy-"))
}

/// `ctx.fetch`'s running check of a streamed (`ReadableStream`) request body, called per
/// chunk with the bytes read so far: the refusal message once they exceed the call's
/// `max_request_body_bytes`, else `null`. JavaScript stops reading there, so a stream is never
/// buffered past the cap; [`Egress::fetch`] checks the whole body again.
#[op2]
#[string]
pub fn op_trove_request_body_check(state: &mut OpState, size: f64) -> Option<String> {
    let limit = state
        .try_borrow::<crate::call::CallState>()
        .map(|c| c.env.budgets.max_request_body_bytes)
        .unwrap_or_else(|| EgressBudgets::default().max_request_body_bytes);
    // NaN (not a byte count) counts as over.
    let within = size <= limit as f64;
    (!within).then(|| budget::messages::request_too_large(limit))
}

fn has_credentials(url: &Url) -> bool {
    !url.username().is_empty() || url.password().is_some()
}

impl From<TransportError> for FetchError {
    fn from(e: TransportError) -> Self {
        match e {
            TransportError::BlockedAddress => Self::Refused(EgressRefusal::PrivateAddress),
            TransportError::BodyTooLarge(n) => Self::Tool { message: budget::messages::response_too_large(n), retryable: false },
            TransportError::Timeout => Self::Network("timed out".into()),
            TransportError::Network(d) => Self::Network(d),
            TransportError::ReplayMismatch(m) => Self::Replay(format!("replay: {m}")),
        }
    }
}

/// A toolkit's `auth` together with its token cache.
#[derive(Debug)]
pub struct OAuthClient {
    /// The manifest's `auth`.
    pub config: OAuthClientCredentials,
    /// Tokens this toolkit (all its instances) minted or found in the shared store
    /// ([`crate::CallEnv::tokens`]): the first place a token is looked for.
    pub cache: TokenCache,
}

/// Everything one call's `ctx.fetch` needs.
#[derive(Clone)]
pub struct Egress {
    /// The manifest's egress policy.
    pub policy: Arc<EgressPolicy>,
    /// Network or replay.
    pub transport: Arc<dyn Transport>,
    /// The manifest's `auth`, if any.
    pub oauth: Option<Arc<OAuthClient>>,
    /// Where minted tokens are shared between hosts (second tier after
    /// [`OAuthClient::cache`]); `None`: each host mints its own.
    pub shared_tokens: Option<Arc<dyn TokenStore>>,
    /// Secret reads (for OAuth), recorded and redacted like the toolkit's own.
    pub secrets: SecretAccess,
    /// The calling user (`ctx.userId`): OAuth tokens are kept per user ([`TokenKey`]).
    pub user_id: String,
    /// The call's ledger (also holds the call's budget usage).
    pub ledger: Arc<Ledger>,
    /// The call's limits.
    pub budgets: EgressBudgets,
    /// Record each fetch's request and final response in the ledger, for a cassette.
    pub record_exchanges: bool,
}

/// Longest a host waits for another host's mint of the same token before minting its own;
/// also the lease of a mint claim.
pub const MINT_WAIT: Duration = Duration::from_secs(5);
/// How often a waiting host looks for the token another host is minting.
const MINT_POLL: Duration = Duration::from_millis(25);

pub(crate) fn normalise_method(m: &str) -> String {
    const STANDARD: [&str; 6] = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];
    STANDARD.iter().find(|s| s.eq_ignore_ascii_case(m)).map(|s| (*s).to_owned()).unwrap_or_else(|| m.to_owned())
}

fn has_header(headers: &[(String, String)], name: &str) -> bool {
    headers.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
}

fn set_header(headers: &mut Vec<(String, String)>, name: &str, value: String) {
    headers.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
    headers.push((name.to_owned(), value));
}

fn record_of(method: &str, url: &Url, headers: &[(String, String)], body: Option<&Bytes>, redirect: Option<&str>) -> EgressRecord {
    let mut map: BTreeMap<String, String> = BTreeMap::new();
    for (k, v) in headers {
        map.entry(k.to_ascii_lowercase())
            .and_modify(|cur| {
                cur.push_str(", ");
                cur.push_str(v);
            })
            .or_insert_with(|| v.clone());
    }
    EgressRecord {
        method: method.to_owned(),
        url: url.to_string(),
        headers: map,
        body: body.map(|b| String::from_utf8_lossy(b).into_owned()),
        redirect: redirect.map(str::to_owned),
    }
}

impl Egress {
    /// Runs one `ctx.fetch`: checks the URL (contract §6) and what the WHATWG Request
    /// constructor and `Headers` refuse (`init.redirect`, the method, a body with GET/HEAD, a
    /// header name or value: `TypeError`s, before anything is recorded or sent), adds the default user agent and the OAuth Bearer
    /// (only for `apiHost`), records the request, drops forbidden request headers from the wire
    /// copy, sends it through the transport following redirects as `init.redirect` says, and on
    /// a 401/403 from `apiHost` evicts the token, mints once and retries once.
    ///
    /// Budgets: the request body cap is checked first; then the call waits for one of its
    /// concurrency slots; from there the whole fetch (hops, mint, body) runs under the total
    /// timeout, and every request put on the wire counts against the call's request budget.
    pub async fn fetch(&self, req: FetchRequest) -> Result<FetchResponse, FetchError> {
        let url = self.policy.check_url(&req.url)?;
        // Decided as the client would connect: reqwest would turn userinfo into a Basic
        // `authorization` header; WHATWG fetch refuses such a URL outright, and so do we.
        if has_credentials(&url) {
            return Err(FetchError::Type(CREDENTIALS_MESSAGE.into()));
        }
        // The Request constructor's checks, decided here too (the op does not trust
        // JavaScript), before anything is recorded or sent.
        let mode = check_request_shape(&req.method, req.redirect.as_deref(), req.body.is_some())?;
        check_request_headers(&req.headers)?;
        let limit = self.budgets.max_request_body_bytes;
        if req.body.as_ref().is_some_and(|b| b.len() > limit) {
            return Err(FetchError::Tool { message: budget::messages::request_too_large(limit), retryable: false });
        }
        let _slot = self.ledger.egress_usage().slot(self.budgets.max_concurrent).await;
        let total = self.budgets.total_timeout;
        match tokio::time::timeout(total, self.fetch_admitted(url, req, mode)).await {
            Ok(result) => result,
            Err(_) => Err(FetchError::Network(format!("timed out after {total:?} (total_timeout budget)"))),
        }
    }

    async fn fetch_admitted(&self, url: Url, req: FetchRequest, mode: RedirectMode) -> Result<FetchResponse, FetchError> {
        let method = normalise_method(&req.method);
        let mut headers = req.headers.clone();
        if !has_header(&headers, "user-agent") {
            headers.push(("user-agent".into(), DEFAULT_USER_AGENT.into()));
        }
        let oauth = self.oauth.as_ref().filter(|o| is_api_host(&url, &o.config.api_host));
        let mut client_id = None;
        if let Some(o) = oauth {
            let (key, token) = self.token(o).await?;
            set_header(&mut headers, "authorization", format!("Bearer {token}"));
            client_id = Some((key, token));
        }
        let send = |headers: Vec<(String, String)>| {
            self.ledger.record_request(record_of(&method, &url, &headers, req.body.as_ref(), req.redirect.as_deref()));
            let mut wire = headers;
            wire.retain(|(k, _)| !is_forbidden_request_header(k));
            if let (Some(ct), true) = (&req.default_content_type, req.body.is_some()) {
                if !has_header(&wire, "content-type") {
                    wire.push(("content-type".into(), ct.clone()));
                }
            }
            self.send_recorded(
                HttpRequest { method: method.clone(), url: url.clone(), headers: wire, body: req.body.clone(), budgets: self.budgets },
                mode,
            )
        };
        let first = send(headers.clone()).await?;
        match (oauth, client_id) {
            (Some(o), Some((key, rejected))) if matches!(first.response.status, 401 | 403) => {
                // Evict and re-mint once; a token another host minted since is kept (and used
                // instead of minting).
                o.cache.evict(&key, &rejected).await;
                if let Some(shared) = &self.shared_tokens {
                    shared.evict(&key, &rejected).await;
                }
                let (_, token) = self.token(o).await?;
                set_header(&mut headers, "authorization", format!("Bearer {token}"));
                send(headers).await
            }
            _ => Ok(first),
        }
    }

    /// [`Self::send_following`], recording the exchange (the request as made, the response
    /// `ctx.fetch` returns) when the call records a cassette. A network failure is recorded as
    /// `{networkError: true}`; a refusal on a redirect hop is not recorded (a cassette cannot
    /// express it), and says so in the host's log.
    async fn send_recorded(&self, request: HttpRequest, mode: RedirectMode) -> Result<FetchResponse, FetchError> {
        if !self.record_exchanges {
            return self.send_following(request, mode).await;
        }
        let slot = self.ledger.reserve_exchange();
        let recorded = RecordedRequest::of(&request.method, request.url.as_str(), request.body.as_deref());
        // Says so in the host's log if the toolkit aborts the request (this future is dropped)
        // before it ends: a replay of the cassette then meets one request more than it holds.
        let mut unfinished = Unrecorded { ledger: &self.ledger, request: Some(&recorded), why: "the toolkit aborted it" };
        let result = self.send_following(request, mode).await;
        let response = match &result {
            Ok(fetched) => Some(RecordedResponse::of(&fetched.response, fetched.redirected.then_some(fetched.url.as_str()))),
            Err(FetchError::Network(_)) => Some(RecordedResponse::NetworkError { network_error: true }),
            Err(other) => {
                unfinished.why = match other {
                    FetchError::Refused(_) => "it was refused on a redirect",
                    _ => "it ended in a way a cassette cannot hold",
                };
                None
            }
        };
        // Without a response, `unfinished` says so as it goes.
        let Some(response) = response else { return result };
        unfinished.request = None;
        drop(unfinished);
        self.ledger.record_exchange(slot, Exchange { request: recorded, response });
        result
    }

    /// Sends `request`, following redirects (each hop checked like a first request).
    async fn send_following(&self, mut request: HttpRequest, mode: RedirectMode) -> Result<FetchResponse, FetchError> {
        let mut redirected = false;
        for hop in 0..=MAX_REDIRECTS {
            let max = self.budgets.max_requests;
            if !self.ledger.egress_usage().take_request(max) {
                return Err(FetchError::Tool { message: budget::messages::too_many_requests(max), retryable: false });
            }
            let mut response = self.transport.send(request.clone()).await?;
            if let Some(url) = response.url.take().filter(|url| *url != request.url) {
                // The transport answered for a whole redirect chain (a replayed cassette). Its
                // last hop meets the same checks a live hop meets below, so a cassette cannot
                // hand a toolkit a redirect the network would have refused (review 55: to a
                // link-local address, or to a host since dropped from the manifest's `egress`).
                // With `redirect: 'manual'` no hop is followed live, so none is checked (the
                // cassette cannot hold the 3xx itself; review 56); a final URL that is the
                // request's own is no redirect at all.
                if mode == RedirectMode::Error {
                    return Err(FetchError::Network(format!("redirect from {} with redirect: 'error'", request.url)));
                }
                if mode == RedirectMode::Follow {
                    self.policy.check_parsed(&url)?;
                    if has_credentials(&url) {
                        return Err(FetchError::Network(format!("redirect from {} to a URL with credentials", request.url)));
                    }
                }
                return Ok(FetchResponse { response, url: url.to_string(), redirected: true });
            }
            let is_redirect = matches!(response.status, 301 | 302 | 303 | 307 | 308);
            if !is_redirect || mode == RedirectMode::Manual || !self.transport.follows_redirects() {
                return Ok(FetchResponse { response, url: request.url.to_string(), redirected });
            }
            if mode == RedirectMode::Error {
                return Err(FetchError::Network(format!("redirect from {} with redirect: 'error'", request.url)));
            }
            let Some(location) = response.header("location") else {
                return Ok(FetchResponse { response, url: request.url.to_string(), redirected });
            };
            if hop == MAX_REDIRECTS {
                return Err(FetchError::Network(format!("more than {MAX_REDIRECTS} redirects")));
            }
            let next = request.url.join(location).map_err(|_| EgressRefusal::MalformedUrl)?;
            self.policy.check_parsed(&next)?;
            if has_credentials(&next) {
                return Err(FetchError::Network(format!("redirect from {} to a URL with credentials", request.url)));
            }
            if (response.status == 303 && request.method != "HEAD")
                || (matches!(response.status, 301 | 302) && request.method == "POST")
            {
                request.method = "GET".into();
                request.body = None;
                request.headers.retain(|(k, _)| {
                    !["content-type", "content-length", "content-encoding", "content-language", "content-location"]
                        .iter()
                        .any(|h| k.eq_ignore_ascii_case(h))
                });
            }
            if next.origin() != request.url.origin() {
                // Credentials never cross to another origin (as browsers do).
                request.headers.retain(|(k, _)| {
                    !["authorization", "cookie", "proxy-authorization"].iter().any(|h| k.eq_ignore_ascii_case(h))
                });
            }
            request.url = next;
            redirected = true;
        }
        unreachable!("the loop returns by the last hop")
    }

    /// A live token for `o`: the client id is read every time (tokens are kept per user and
    /// client id, [`TokenKey`]); the client secret only when minting. Looked up in the toolkit's own tokens, then
    /// in the shared store when the call has one ([`crate::CallEnv::tokens`]), where one host
    /// mints while the others wait for its token (at most [`MINT_WAIT`]); a host that cannot
    /// get the claim in time, or whose store is unreachable, mints its own.
    async fn token(&self, o: &OAuthClient) -> Result<(TokenKey, String), FetchError> {
        let tool = |message: String, retryable: bool| FetchError::Tool { message, retryable };
        let client_id = self.secrets.require(&o.config.client_id_secret).await.map_err(|e| unreadable(e, tool))?;
        let key = TokenKey::new(&self.secrets.toolkit, &self.user_id, &o.config, &client_id);
        if let Some((token, _)) = o.cache.get(&key).await {
            return Ok((key, token));
        }
        let Some(shared) = self.shared_tokens.as_deref() else {
            let (token, lifetime) = self.mint(o, &client_id).await?;
            o.cache.put(&key, &token, lifetime).await;
            return Ok((key, token));
        };
        let waiting_since = tokio::time::Instant::now();
        let claimed = loop {
            if let Some((token, left)) = shared.get(&key).await {
                // Minted by another host: a credential, redacted like the toolkit's secrets.
                self.ledger.add_secret_value(crate::ledger::OAUTH_TOKEN_NAME, &token);
                o.cache.put(&key, &token, left).await;
                return Ok((key, token));
            }
            if shared.claim_mint(&key, MINT_WAIT).await {
                // The host that held the claim may have stored its token and let go between
                // the look above and this claim: look once more, or this host mints a second
                // token over it (seen as two mints for four hosts under load).
                if shared.get(&key).await.is_some() {
                    shared.release_mint(&key).await;
                    continue;
                }
                break true;
            }
            if waiting_since.elapsed() >= MINT_WAIT {
                break false;
            }
            tokio::time::sleep(MINT_POLL).await;
        };
        let minted = self.mint(o, &client_id).await;
        if let Ok((token, lifetime)) = &minted {
            o.cache.put(&key, token, *lifetime).await;
            shared.put(&key, token, *lifetime).await;
        }
        if claimed {
            shared.release_mint(&key).await;
        }
        minted.map(|(token, _)| (key, token))
    }

    /// Mints a token: `POST tokenUrl` through the egress checks. Returns it and how long to
    /// keep it ([`parse_token_response`]: `expires_in`, default 3600 s, less the margin).
    async fn mint(&self, o: &OAuthClient, client_id: &str) -> Result<(String, Duration), FetchError> {
        let tool = |message: String, retryable: bool| FetchError::Tool { message, retryable };
        let client_secret = self.secrets.require(&o.config.client_secret_secret).await.map_err(|e| unreadable(e, tool))?;
        let url = self.policy.check_url(&o.config.token_url)?;
        if has_credentials(&url) {
            return Err(FetchError::Type(CREDENTIALS_MESSAGE.into()));
        }
        let headers = vec![
            ("authorization".to_owned(), OAuthClientCredentials::basic_authorization(client_id, &client_secret)),
            ("content-type".to_owned(), "application/x-www-form-urlencoded".to_owned()),
        ];
        let body = Bytes::from(o.config.form_body());
        self.ledger.record_request(record_of("POST", &url, &headers, Some(&body), None));
        let request = HttpRequest { method: "POST".into(), url, headers, body: Some(body), budgets: self.budgets };
        let response = self.send_recorded(request, RedirectMode::Follow).await?.response;
        match response.status {
            200..=299 => {}
            400 | 401 | 403 => return Err(tool(messages::REJECTED.into(), false)),
            429 | 500..=599 => return Err(tool(messages::UNAVAILABLE.into(), true)),
            s => return Err(tool(format!("OAuth token endpoint returned HTTP {s}."), false)),
        }
        let Some((token, lifetime)) = parse_token_response(&response.body) else {
            return Err(tool(messages::NO_TOKEN.into(), true));
        };
        // A token is a credential: kept out of logs and cassettes like a secret.
        self.ledger.add_secret_value(crate::ledger::OAUTH_TOKEN_NAME, &token);
        Ok((token, lifetime))
    }
}

/// Whether `url` is at `api_host` (`host` or `host:port`, as an egress entry is written), where
/// an OAuth block's Bearer token goes. Contract §5: "only when the URL's host equals apiHost",
/// and a URL's `host` carries its port when it is not the scheme's default: the token for
/// `api.example.com` does not go to `https://api.example.com:4444/`, another service on the
/// same machine (review 46). A port of 443 written out is the default one.
fn is_api_host(url: &Url, api_host: &str) -> bool {
    EgressEntry::parse(api_host)
        .is_some_and(|api| url.host_str() == Some(api.host.as_str()) && url.port_or_known_default() == Some(api.port.unwrap_or(443)))
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bearer_goes_to_the_api_host_on_its_port_only() {
        let at = |url: &str, api_host: &str| is_api_host(&Url::parse(url).unwrap(), api_host);
        assert!(at("https://api.example.com/v1", "api.example.com"));
        assert!(at("https://api.example.com:443/v1", "api.example.com"));
        assert!(at("https://API.Example.com/v1", "api.example.com"), "the URL parser lower-cases the host");
        assert!(!at("https://api.example.com:4444/v1", "api.example.com"), "another port is another service");
        assert!(!at("https://evil.example.com/v1", "api.example.com"));
        assert!(at("https://api.example.com:8443/v1", "api.example.com:8443"));
        assert!(!at("https://api.example.com/v1", "api.example.com:8443"));
        assert!(at("https://api.example.com/v1", "api.example.com:443"));
        assert!(!at("https://api.example.com/v1", "api.example.com:x"), "not a host");
    }
}
