//! The `trove_ops` deno_core extension: every member of `ctx` as a Rust op.
//!
//! The JavaScript half of each capability sits beside its Rust (`egress/fetch.js`, `log.js`,
//! `secrets/secret.js`, `trove.js`, and `tool_error.js` which they throw) and is loaded as
//! `ext:trove_ops/<path>`; `js/toolkit.js` builds `ctx` from them. They import the ops from
//! `ext:core/ops`; toolkit code
//! cannot reach them (the module loader refuses `ext:` specifiers and the bootstrap removes
//! `Deno`). Each op reads the call in progress from `OpState` ([`CallState`]) and the
//! toolkit's manifest-derived [`ToolkitScope`]; with no call in progress an op fails.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use deno_core::{op2, CancelFuture, CancelHandle, JsBuffer, OpState, Resource, ToJsBuffer};
use deno_error::JsErrorBox;
use serde::Serialize;

use crate::cache::{CacheScope, CacheStore};
use crate::call::{CallState, ToolkitScope};
use crate::egress::{FetchError, FetchRequest};
use crate::trove::TroveOperation;

deno_core::extension!(
    trove_ops,
    ops = [
        op_trove_now,
        op_trove_frozen_now,
        op_trove_log,
        op_trove_console,
        op_trove_log_open,
        op_trove_log_dropped,
        op_trove_handler_stack,
        op_trove_holds_secret,
        op_trove_secret,
        op_trove_require_secret,
        op_trove_egress_check,
        op_trove_request_check,
        op_trove_request_member,
        op_trove_integrity_check,
        op_trove_fetch,
        op_trove_fetch_cancel_handle,
        op_trove_kb,
        op_trove_declaration_problems,
        op_trove_has_trove,
        op_trove_has_cache,
        op_trove_cache_get,
        op_trove_cache_put,
    ],
    // Each capability's JavaScript beside its Rust (as deno's ext/fetch keeps 26_fetch.js
    // beside lib.rs); `@ontrove/extend/toolkit` (js/toolkit.js) assembles ctx from them.
    esm = [dir "src", "clock.js", "tool_error.js", "log.js", "egress/fetch.js", "secrets/secret.js", "trove.js"],
    docs = "ctx as Rust ops: clock, log, secrets, egress, knowledge base."
);

fn no_call() -> JsErrorBox {
    JsErrorBox::generic("ctx is only usable while its tool call is running")
}

/// `ctx.now()`: milliseconds since the Unix epoch from the call's clock.
#[op2(fast)]
pub fn op_trove_now(state: &mut OpState) -> Result<f64, JsErrorBox> {
    let call = state.try_borrow::<CallState>().ok_or_else(no_call)?;
    Ok(call.env.clock.now().timestamp_millis() as f64)
}

/// With a frozen clock ([`crate::CallEnv::freeze_time`]), the instant `Date.now()` and a
/// no-argument `new Date()` return during the call (ms since the Unix epoch); else `null`.
#[op2]
pub fn op_trove_frozen_now(state: &mut OpState) -> Result<Option<f64>, JsErrorBox> {
    let call = state.try_borrow::<CallState>().ok_or_else(no_call)?;
    Ok(call.env.freeze_time.then(|| call.env.clock.now().timestamp_millis() as f64))
}

/// `ctx.log(...)`: `args_json` is the JSON array of the line's projected arguments. The line
/// is redacted, kept in the call's ledger and emitted as one tracing event.
#[op2(fast)]
pub fn op_trove_log(state: &mut OpState, #[string] level: &str, #[string] args_json: &str) -> Result<(), JsErrorBox> {
    let scope_id = state.try_borrow::<ToolkitScope>().map(|s| s.id.clone()).unwrap_or_default();
    let call = state.try_borrow::<CallState>().ok_or_else(no_call)?;
    // Decided on the size before the line is parsed: a flood costs no host memory.
    if call.ledger.admit_log(args_json.len()) == crate::ledger::LogAdmission::Drop {
        return Ok(());
    }
    let args: serde_json::Value =
        crate::js_json::from_js_json(args_json).map_err(|e| JsErrorBox::type_error(format!("log line is not JSON: {e}")))?;
    let line = call.ledger.record_log(args);
    crate::log::emit(level, &scope_id, &call.tool, &call.call_id, "ctx.log", &line.to_string());
    if let Some(sink) = &call.env.log_sink {
        sink.line(crate::log::LogLevel::from_name(level), &line);
    }
    Ok(())
}

/// Whether the call's log budget has room for another line ([`crate::ledger::RecordLimits`]);
/// `true` outside a call. `ctx.log` and `console.*` ask before formatting a line.
#[op2(fast)]
pub fn op_trove_log_open(state: &mut OpState) -> bool {
    state.try_borrow::<CallState>().is_none_or(|call| call.ledger.log_open())
}

/// A line dropped unformatted because the log budget is spent; `chars` is the length of its
/// string arguments.
#[op2(fast)]
pub fn op_trove_log_dropped(state: &mut OpState, chars: f64) {
    if let Some(call) = state.try_borrow::<CallState>() {
        call.ledger.count_dropped(chars.max(0.0) as usize);
    }
}

/// Whose code wrote a console line, as the bootstrap's async context tells
/// ([`op_trove_console`]'s `owner`): the running call's.
pub const CONSOLE_CALL: u32 = 0;
/// A console line from code of a call that has ended, run on inside a later call (a promise
/// chain it left waiting).
pub const CONSOLE_ENDED_CALL: u32 = 1;
/// A console line from code that belongs to no call: the toolkit's module code, such as a timer
/// its top level started, which runs while a call turns the event loop.
pub const CONSOLE_MODULE: u32 = 2;

/// `console.*`: already-formatted text, redacted, emitted as tracing and into the running call's
/// log. `owner` ([`CONSOLE_CALL`], [`CONSOLE_ENDED_CALL`], [`CONSOLE_MODULE`]) says whose code
/// wrote it: a line that is not the running call's is attributed to no call (no tool, no call
/// id, not in the call's log sink), but it counts against the running call's log budget and
/// line cap, and is redacted with its secrets, like any line written while that call runs
/// (hostile review 64: a top-level interval's line was labelled as the running call's).
/// Outside a call a line is attributed to no tool, and before the toolkit has an id to its
/// entry file ([`crate::call::LoadingToolkit`]).
#[op2(fast)]
pub fn op_trove_console(state: &mut OpState, #[string] level: &str, #[string] text: &str, #[smi] owner: u32) {
    let scope_id = state.try_borrow::<ToolkitScope>().map(|s| s.id.clone()).unwrap_or_default();
    match state.try_borrow::<CallState>() {
        Some(call) => {
            if call.ledger.admit_log(text.len()) == crate::ledger::LogAdmission::Drop {
                return;
            }
            let text = call.ledger.cap_line(call.ledger.redact_str(text));
            match owner {
                CONSOLE_CALL => {
                    crate::log::emit(level, &scope_id, &call.tool, &call.call_id, "console", &text);
                    if let Some(sink) = &call.env.log_sink {
                        sink.line(crate::log::LogLevel::from_name(level), &serde_json::Value::String(text));
                    }
                }
                CONSOLE_ENDED_CALL => crate::log::emit(level, &scope_id, "", "", "console (a call that has ended)", &text),
                _ => crate::log::emit(level, &scope_id, "", "", "console", &text),
            }
        }
        None => match state.try_borrow::<crate::call::LoadingToolkit>() {
            // Top-level code, before the toolkit has an id: named by its entry file.
            Some(loading) if scope_id.is_empty() => crate::log::emit(level, &loading.0, "", "", "console (while loading)", text),
            _ => crate::log::emit(level, &scope_id, "", "", "console", text),
        },
    }
}

/// The stack of an error a handler threw (source-mapped), for the host log at debug level
/// (`RUST_LOG=trove=debug`), redacted with the call's secrets. Not part of the call's log lines.
#[op2(fast)]
pub fn op_trove_handler_stack(state: &mut OpState, #[string] stack: &str) {
    let scope_id = state.try_borrow::<ToolkitScope>().map(|s| s.id.clone()).unwrap_or_default();
    if let Some(call) = state.try_borrow::<CallState>() {
        let stack = call.ledger.redact_str(stack);
        crate::log::emit("debug", &scope_id, &call.tool, &call.call_id, "handler stack", &stack);
    }
}

/// Whether `text` holds a whole form of a secret value the running call itself has resolved
/// ([`crate::ledger::Ledger::holds_call_secret`]; `false` outside a call). The caller sees the
/// answer (the message quotes the text or not), so values of other calls and parts of values
/// never count (review 19: they made it an oracle for another tenant's secret). `JSON.parse` asks before it quotes 20 characters of
/// malformed text in its error message (js/node20.js): the redactor finds whole values, not a
/// window of one, so such text is not quoted at all (**host**; a hostile review logged the first
/// 10 characters of a key parsed as a JSON credential).
#[op2(fast)]
pub fn op_trove_holds_secret(state: &mut OpState, #[string] text: &str) -> bool {
    state.try_borrow::<CallState>().is_some_and(|call| call.ledger.holds_call_secret(text))
}

fn call_parts(state: &Rc<RefCell<OpState>>) -> Result<(crate::secrets::SecretAccess, crate::egress::Egress), JsErrorBox> {
    let state = state.borrow();
    let scope = state.try_borrow::<ToolkitScope>().ok_or_else(no_call)?;
    let call = state.try_borrow::<CallState>().ok_or_else(no_call)?;
    Ok((call.secrets(scope), call.egress(scope)))
}

/// `ctx.secret(name)`: the value, `null` when declared but unset; rejects with
/// `ctx.secret callback failed: 404 secret not declared` for an undeclared name.
#[op2]
#[string]
pub async fn op_trove_secret(state: Rc<RefCell<OpState>>, #[string] name: String) -> Result<Option<String>, JsErrorBox> {
    let (secrets, _) = call_parts(&state)?;
    secrets.read(&name).await.map_err(|e| JsErrorBox::generic(e.to_string()))
}

/// What `ctx.requireSecret(name)` gets from [`op_trove_require_secret`]: `{ outcome: "value",
/// value }`, or `{ outcome: "notSet", message }` with the contract's non-retryable "is not set"
/// message, which the JavaScript throws as a `ToolError`.
#[derive(Serialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum JsRequiredSecret {
    /// The secret's value (non-empty).
    Value {
        /// The value.
        value: String,
    },
    /// Unset, empty or undeclared (the reference SDK answers an undeclared name as unset).
    NotSet {
        /// `<NAME> is not set. Run \`trove secret set <server> <NAME> --from-stdin\`.`
        message: String,
    },
}

/// `ctx.requireSecret(name)` ([`crate::secrets::SecretAccess::require`], where the rule lives:
/// which failures are "not set" and which are the provider's). A provider failure (an
/// unreadable keyring entry, a failing `/internal/secret`) rejects with its message, as
/// `ctx.secret` does, instead of asking the user to set a secret that is set.
#[op2]
#[serde]
pub async fn op_trove_require_secret(state: Rc<RefCell<OpState>>, #[string] name: String) -> Result<JsRequiredSecret, JsErrorBox> {
    let (secrets, _) = call_parts(&state)?;
    match secrets.require(&name).await {
        Ok(value) => Ok(JsRequiredSecret::Value { value }),
        Err(Ok(message)) => Ok(JsRequiredSecret::NotSet { message }),
        Err(Err(cause)) => Err(JsErrorBox::generic(cause.to_string())),
    }
}

/// The URL-only egress rules (contract §6), run synchronously so `ctx.fetch` can throw
/// before it returns a promise, as the SDK does. Returns the refusal message or `null`.
#[op2]
#[string]
pub fn op_trove_egress_check(state: &mut OpState, #[string] url: &str) -> Option<String> {
    let scope = state.try_borrow::<ToolkitScope>()?;
    scope.egress.check_url(url).err().map(|r| r.to_string())
}

/// The check fetch's WebIDL conversion makes on one `init` member as `ctx.fetch` reads it
/// ([`crate::egress::init::check_init_member`]: the method a `ByteString`, an enumerated
/// member one of its values), asked before the next member is read. Returns the message or
/// `null`.
#[op2]
#[string]
pub fn op_trove_request_member(#[string] member: &str, #[string] value: &str) -> Option<String> {
    crate::egress::init::check_init_member(member, value).err().map(|e| e.to_string())
}

/// The Request constructor's checks on a request and the rest of its `init`
/// ([`crate::egress::init::check_request_init`]), asked before the body is read so the
/// `TypeError` comes first, as fetch's does. Returns the `TypeError`'s message (for a
/// `dispatcher`, the network failure's `fetch failed`, after every other check), or `null`.
/// `stream_body` is 0 without a `ReadableStream` body, 1 with one, 2 with a locked or read one.
#[op2]
#[string]
#[allow(clippy::too_many_arguments, reason = "one argument per member of fetch's init; see op_trove_fetch")]
pub fn op_trove_request_check(
    #[string] method: &str,
    #[string] redirect: Option<String>,
    has_body: bool,
    window: bool,
    #[string] referrer: Option<String>,
    #[string] mode: Option<String>,
    #[string] cache: Option<String>,
    bad_signal: bool,
    #[smi] stream_body: u32,
    keepalive: bool,
    duplex: bool,
    dispatcher: bool,
) -> Option<String> {
    let init = crate::egress::init::RequestInit {
        method,
        redirect: redirect.as_deref(),
        has_body,
        window,
        referrer: referrer.as_deref(),
        mode: mode.as_deref(),
        cache: cache.as_deref(),
        bad_signal,
        stream_body: stream_body != 0,
        stream_unusable: stream_body == 2,
        keepalive,
        duplex,
        dispatcher,
    };
    crate::egress::init::check_request_init(&init).err().map(|e| e.to_string())
}

/// fetch's check of a response body against `init.integrity`
/// ([`crate::egress::init::check_integrity`]), asked by `ctx.fetch` once the response has
/// come, when the toolkit set one. Returns the failure's message (`fetch failed`, a network
/// error as in Node) or `null`. Not a part of [`op_trove_fetch`]: an async op takes at most
/// eight arguments here (deno_core's async stubs on the engine).
#[op2]
#[string]
pub fn op_trove_integrity_check(
    state: &mut OpState,
    #[string] integrity: &str,
    #[string] method: &str,
    #[smi] status: u32,
    #[buffer] body: &[u8],
) -> Option<String> {
    let status = u16::try_from(status).unwrap_or(0);
    let failure = crate::egress::init::check_integrity(integrity, method, status, body).err()?;
    if let (FetchError::Network(detail), Some(call)) = (&failure, state.try_borrow::<CallState>()) {
        // As op_trove_fetch logs a network failure (the detail is the host's, not the toolkit's).
        tracing::warn!(target: "trove::egress", tool = %call.tool, call_id = %call.call_id, detail = %detail, "fetch failed");
    }
    Some(failure.to_string())
}

/// What `ctx.fetch` gets back: a response, or how to fail.
#[derive(Serialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum JsFetchOutcome {
    /// A response (any status).
    #[serde(rename_all = "camelCase")]
    Response {
        status: u16,
        status_text: String,
        headers: Vec<(String, String)>,
        body: ToJsBuffer,
        url: String,
        redirected: bool,
    },
    /// Throw `ToolError(message, { retryable })`.
    ToolError { message: String, retryable: bool },
    /// Throw `TypeError(message)` (network failure: `fetch failed`).
    TypeError { message: String },
    /// The toolkit's `AbortSignal` fired and the Rust request was dropped (the JavaScript
    /// side has already rejected with the signal's reason).
    Aborted,
}

/// The Rust half of a `ctx.fetch`'s `AbortSignal`: closing the resource (`core.tryClose`,
/// which `ctx.fetch` does on `abort`) cancels the in-flight request, dropping its connection.
struct FetchCancel(Rc<CancelHandle>);

impl Resource for FetchCancel {
    fn name(&self) -> std::borrow::Cow<'_, str> {
        "troveFetchCancel".into()
    }

    fn close(self: Rc<Self>) {
        self.0.cancel();
    }
}

/// A cancel handle for one `ctx.fetch` with an `AbortSignal`; returns its resource id.
#[op2(fast)]
#[smi]
pub fn op_trove_fetch_cancel_handle(state: &mut OpState) -> u32 {
    state.resource_table.add(FetchCancel(CancelHandle::new_rc()))
}

/// `ctx.fetch`: the whole egress pipeline ([`crate::egress::Egress::fetch`]).
///
/// The request comes as separate arguments, not one object: reading an object's fields through
/// serde cost about 18 K instructions a fetch on QuickJS, more than the policy checks (issue
/// #11). `headers` are `[name, value]` pairs as `Headers` normalised them (Rust checks them
/// again); `body` is read only when `has_body`; `cancel_rid` is a
/// [`op_trove_fetch_cancel_handle`] resource, or -1 without an `AbortSignal`; a handle already
/// closed (its signal aborted) answers `Aborted` without sending anything.
#[op2]
#[serde]
#[allow(clippy::too_many_arguments, reason = "one argument per field of fetch's request; see above")]
pub async fn op_trove_fetch(
    state: Rc<RefCell<OpState>>,
    #[string] url: String,
    #[string] method: String,
    #[serde] headers: Vec<(String, String)>,
    #[string] redirect: Option<String>,
    #[string] default_content_type: Option<String>,
    has_body: bool,
    #[buffer] body: JsBuffer,
    #[smi] cancel_rid: i32,
) -> Result<JsFetchOutcome, JsErrorBox> {
    let (_, egress) = call_parts(&state)?;
    // A signal's handle that is gone was closed by its abort before the op ran (a listener that
    // fired at once): the request is aborted, never sent as one without a signal.
    let cancel = match u32::try_from(cancel_rid) {
        Err(_) => None,
        Ok(rid) => match state.borrow().resource_table.get::<FetchCancel>(rid) {
            Ok(resource) => Some(resource.0.clone()),
            Err(_) => return Ok(JsFetchOutcome::Aborted),
        },
    };
    let (tool, call_id, ended) = {
        let s = state.borrow();
        let c = s.try_borrow::<CallState>().ok_or_else(no_call)?;
        (c.tool.clone(), c.call_id.clone(), c.ended.clone())
    };
    let req = FetchRequest {
        url,
        method,
        headers,
        body: has_body.then(|| bytes::Bytes::copy_from_slice(&body)),
        redirect,
        default_content_type,
    };
    let send = async {
        match cancel {
            Some(handle) => egress.fetch(req).or_cancel(handle).await.ok(),
            None => Some(egress.fetch(req).await),
        }
    };
    // The call that made the request ended with it still pending ([`CallState::ended`]).
    let Ok(sent) = send.or_cancel(ended).await else {
        return Ok(JsFetchOutcome::TypeError { message: "the call that made this request has ended".into() });
    };
    let Some(result) = sent else {
        return Ok(JsFetchOutcome::Aborted);
    };
    Ok(match result {
        Ok(r) => JsFetchOutcome::Response {
            status: r.response.status,
            status_text: r.response.status_text,
            headers: r.response.headers,
            body: r.response.body.to_vec().into(),
            url: r.url,
            redirected: r.redirected,
        },
        Err(FetchError::Refused(r)) => JsFetchOutcome::ToolError { message: r.to_string(), retryable: false },
        Err(FetchError::Tool { message, retryable }) => JsFetchOutcome::ToolError { message, retryable },
        Err(FetchError::Network(detail)) => {
            tracing::warn!(target: "trove::egress", tool = %tool, call_id = %call_id, detail = %egress.ledger.redact_str(&detail), "fetch failed");
            JsFetchOutcome::TypeError { message: "fetch failed".into() }
        }
        Err(FetchError::Type(message)) => JsFetchOutcome::TypeError { message },
        Err(FetchError::Replay(message)) => {
            let message = egress.ledger.redact_str(&message);
            tracing::error!(target: "trove::egress", tool = %tool, call_id = %call_id, "{message}");
            JsFetchOutcome::TypeError { message }
        }
    })
}

/// `ctx.trove.<operation>(variables)`: only when the call's granted scopes allow that operation
/// ([`TroveOperation::allowed_by`]).
#[op2]
#[serde]
pub async fn op_trove_kb(
    state: Rc<RefCell<OpState>>,
    #[string] operation: String,
    #[serde] variables: serde_json::Value,
) -> Result<serde_json::Value, JsErrorBox> {
    let (client, caller, ledger, granted) = {
        let s = state.borrow();
        let scope = s.try_borrow::<ToolkitScope>().ok_or_else(no_call)?;
        let call = s.try_borrow::<CallState>().ok_or_else(no_call)?;
        if !call.has_trove_scope() {
            return Err(JsErrorBox::generic("ctx.trove callback failed: 403 scope not granted"));
        }
        (call.env.trove.clone(), call.trove_caller(scope), call.ledger.clone(), call.scopes.clone())
    };
    // Recorded as asked, allowed or not (as secret reads are).
    ledger.record_trove(&operation, variables.clone());
    // Refused as the platform refuses what a call's token does not allow (a 403), before any
    // backend sees it: the local knowledge base, or the platform itself.
    match TroveOperation::parse(&operation) {
        None => return Err(JsErrorBox::generic(format!("ctx.trove callback failed: 400 unknown operation {operation:?}"))),
        Some(op) if !op.allowed_by(&granted) => {
            let needs = op.needs().unwrap_or("trove:search");
            return Err(JsErrorBox::generic(format!("ctx.trove callback failed: 403 {operation} needs the {needs} scope")));
        }
        Some(_) => {}
    }
    let client = client.ok_or_else(|| JsErrorBox::generic("ctx.trove callback failed: no knowledge base is configured"))?;
    client.call(&caller, &operation, variables).await.map_err(|e| JsErrorBox::generic(e.to_string()))
}

/// Every manifest-level problem of the declaration `defineToolkit` was given
/// ([`crate::manifest::declaration_text_problems`]): the bootstrap asks instead of keeping
/// rules of its own. `keys[i]`'s value is `texts[i]`, JSON text.
#[op2]
#[serde]
pub fn op_trove_declaration_problems(#[serde] keys: Vec<String>, #[serde] texts: Vec<String>) -> Vec<String> {
    let fields: Vec<(String, String)> = keys.into_iter().zip(texts).collect();
    crate::manifest::declaration_text_problems(&fields)
}

/// Whether the call in progress gets `ctx.trove`: Rust decides (asked by the call **and**
/// declared by the manifest, contract §5 **host**); the bootstrap only asks.
#[op2(fast)]
pub fn op_trove_has_trove(state: &mut OpState) -> bool {
    state.try_borrow::<CallState>().is_some_and(|c| c.has_trove_scope())
}

/// Whether the call has a cache (`ctx.cache` is absent otherwise).
#[op2(fast)]
pub fn op_trove_has_cache(state: &mut OpState) -> bool {
    state.try_borrow::<CallState>().is_some_and(|c| c.env.cache.is_some())
}

/// The call's cache and its scope, or `None` when the call has no cache.
fn call_cache(state: &Rc<RefCell<OpState>>) -> Result<Option<(Arc<dyn CacheStore>, CacheScope)>, JsErrorBox> {
    let state = state.borrow();
    let scope = state.try_borrow::<ToolkitScope>().ok_or_else(no_call)?;
    let call = state.try_borrow::<CallState>().ok_or_else(no_call)?;
    Ok(call.env.cache.clone().map(|cache| (cache, call.cache_scope(scope))))
}

/// `ctx.cache.get(key)`: the live value or `null` (also `null` without a cache, and when the
/// store cannot answer: the cache is best effort).
#[op2]
#[string]
pub async fn op_trove_cache_get(state: Rc<RefCell<OpState>>, #[string] key: String) -> Result<Option<String>, JsErrorBox> {
    let Some((cache, scope)) = call_cache(&state)? else { return Ok(None) };
    Ok(cache.get(&scope, &key, chrono::Utc::now()).await)
}

/// `ctx.cache.put(key, value, ttlSeconds)`: rejects for a bad key, an oversize value or a
/// non-positive TTL (limits in [`crate::cache::CacheLimits`], checked here for every store).
#[op2]
pub async fn op_trove_cache_put(
    state: Rc<RefCell<OpState>>,
    #[string] key: String,
    #[string] value: String,
    ttl_seconds: f64,
) -> Result<(), JsErrorBox> {
    let Some((cache, scope)) = call_cache(&state)? else { return Ok(()) };
    let ttl = crate::cache::validate_put(&cache.limits(), &key, &value, ttl_seconds).map_err(|e| JsErrorBox::type_error(e.to_string()))?;
    cache.put(&scope, &key, &value, ttl, chrono::Utc::now()).await.map_err(|e| JsErrorBox::generic(e.to_string()))
}
