//! Per-call state: what differs from one call to the next, in one place.
//!
//! The runtime puts a [`CallState`] into the isolate's `OpState` when a call starts and
//! takes it out when the call ends; ops read it from there and nowhere else, so nothing of
//! one call is visible to the next (contract §5; architecture: "per-call state in one place").
//! The toolkit-wide [`ToolkitScope`] (from the manifest) stays for the toolkit's lifetime.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::cache::{CacheScope, CacheStore};
use crate::egress::tokens::TokenStore;
use crate::clock::{Clock, SystemClock};
use crate::egress::{Egress, EgressBudgets, EgressPolicy, OAuthClient, Transport};
use crate::ledger::Ledger;
use crate::log::LogSink;
use crate::callback::PlatformCallbacks;
use crate::secrets::{MemorySecrets, SecretAccess, SecretProvider};
use crate::trove::{TroveCaller, TroveClient};

/// A call, as the Trove server sends it (contract §4):
/// `{ tool, args, ctxToken?, callbackBase?, userId, scopes?, config? }`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    /// The tool's name.
    pub tool: String,
    /// Arguments (parsed with the tool's input schema). May be `null`.
    #[serde(default)]
    pub args: serde_json::Value,
    /// The platform's short-lived token for remote callbacks (contract §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ctx_token: Option<String>,
    /// Base URL of the platform's `/internal/*` callbacks (contract §5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_base: Option<String>,
    /// The caller's user id (`ctx.userId`).
    #[serde(default)]
    pub user_id: String,
    /// The scopes the platform grants the call (`trove:search`, `trove:ingest`). The host
    /// grants only those the manifest declares too (see [`ToolkitScope::grant`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scopes: Option<Vec<String>>,
    /// The user's settings for this toolkit (`ctx.config`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Value>,
}

impl ToolCall {
    /// A call of `tool` with `args` by `user_id`, no scopes, no config, no callbacks.
    pub fn new(tool: impl Into<String>, args: serde_json::Value, user_id: impl Into<String>) -> Self {
        Self { tool: tool.into(), args, ctx_token: None, callback_base: None, user_id: user_id.into(), scopes: None, config: None }
    }

    /// Whether the call carries both `ctxToken` and `callbackBase`, i.e. comes from the
    /// platform, whose callbacks then answer `ctx.secret` and `ctx.trove` (contract §5).
    pub fn has_callbacks(&self) -> bool {
        self.ctx_token.as_deref().is_some_and(|t| !t.is_empty()) && self.callback_base.as_deref().is_some_and(|b| !b.is_empty())
    }
}

/// The providers an embedder chooses for a call. The manifest decides the policy; these
/// decide where values come from. A toolkit can neither narrow the checks nor widen these.
///
/// [`CallEnv::default`] is the least an embedder can give: the system clock, **no** secrets
/// (every declared secret reads as unset; the process environment is a CLI choice, never a
/// library default), the host's shared network transport, no cache and no knowledge base.
#[derive(Clone)]
pub struct CallEnv {
    /// `ctx.now()`. Default: the system clock.
    pub clock: Arc<dyn Clock>,
    /// `ctx.secret`. Default: none (every declared name is unset).
    pub secrets: Arc<dyn SecretProvider>,
    /// Where `ctx.fetch` goes after the policy allows it (network or replay). `None`: the
    /// host's shared network transport (one reqwest client and resolver per host).
    pub transport: Option<Arc<dyn Transport>>,
    /// The call's egress limits (timeouts, body caps, request counts). Default:
    /// [`EgressBudgets::default`].
    pub budgets: EgressBudgets,
    /// `ctx.trove`'s backend, when the call's scopes grant it. `None`: `ctx.trove` calls fail.
    pub trove: Option<Arc<dyn TroveClient>>,
    /// `ctx.cache`'s store. `None`: the toolkit sees no `ctx.cache` (absent is normal).
    pub cache: Option<Arc<dyn CacheStore>>,
    /// Where OAuth tokens minted for the manifest's `auth` are kept, when several hosts share
    /// them ([`crate::egress::tokens::RedisTokens`]). `None` (default): each toolkit keeps its
    /// own, in memory.
    pub tokens: Option<Arc<dyn TokenStore>>,
    /// Freeze the toolkit's own clock reads for the call: `Date.now()` and a no-argument
    /// `new Date()` return [`CallEnv::clock`]'s instant (read once, when the call starts), as a
    /// test runner's fake clock does (`--freeze-time`; a case's `"freezeTime": true`). `Date`
    /// with arguments, `Date.parse`, `Date.UTC`, timers and `performance.now()` are untouched.
    /// Default: `false`.
    pub freeze_time: bool,
    /// Keep each `ctx.fetch`'s request and final response in the call's record
    /// ([`crate::CallRecord::exchanges`]) to write a cassette (`call --record`). Default: `false`.
    pub record_exchanges: bool,
    /// Ends the call early when cancelled (an MCP client's `notifications/cancelled`): a call
    /// awaiting `ctx.fetch` or a timer ends at once, a running script within the supervisor's
    /// tick (10 ms), with the `TOOL_ERROR` envelope `tool call cancelled`. Its instance is then
    /// discarded (its module state may be mid-update), which drops its pending requests: the
    /// upstream sees the connection close. A token cancelled before the call starts skips it.
    /// Default: `None`.
    pub cancel: Option<tokio_util::sync::CancellationToken>,
    /// Receives each of the call's log lines as it is written (redacted, within the log budget),
    /// besides the call's record and the host's log. Default: `None`.
    pub log_sink: Option<Arc<dyn LogSink>>,
}

impl Default for CallEnv {
    fn default() -> Self {
        Self {
            clock: Arc::new(SystemClock),
            secrets: Arc::new(MemorySecrets::new()),
            transport: None,
            budgets: EgressBudgets::default(),
            trove: None,
            cache: None,
            tokens: None,
            freeze_time: false,
            record_exchanges: false,
            cancel: None,
            log_sink: None,
        }
    }
}

impl CallEnv {
    /// [`CallEnv::default`] with egress through `transport` (a replay cassette, a network
    /// transport of the embedder's own).
    pub fn new(transport: Arc<dyn Transport>) -> Self {
        Self { transport: Some(transport), ..Self::default() }
    }

    /// The environment for a call that came from the platform: `ctx.secret` and `ctx.trove`
    /// are answered by the platform's callbacks (`POST {callbackBase}/internal/secret` and
    /// `/internal/trove`, contract §5) with the call's own `ctxToken`; everything else is
    /// [`CallEnv::default`].
    ///
    /// # Errors
    /// The call lacks `ctxToken` or `callbackBase`, or the callback HTTP client cannot start.
    pub fn for_platform(call: &ToolCall) -> Result<Self, String> {
        let (Some(base), Some(token)) = (call.callback_base.as_deref(), call.ctx_token.as_deref()) else {
            return Err("the call carries no ctxToken and callbackBase".into());
        };
        Self::for_platform_at(base, token)
    }

    /// [`Self::for_platform`] with the platform's base URL and the call's token given apart
    /// (a host that vetted the call's `callbackBase` against the platforms it serves passes the
    /// one it matched).
    ///
    /// # Errors
    /// The callback HTTP client cannot start.
    pub fn for_platform_at(base: &str, token: &str) -> Result<Self, String> {
        let callbacks = Arc::new(PlatformCallbacks::new(base, token)?);
        Ok(Self { secrets: callbacks.clone(), trove: Some(callbacks), ..Self::default() })
    }
}

/// The toolkit whose modules an isolate is evaluating, as its entry file is shown (`/kits/quake/
/// extension.ts`): what labels a line its top-level code logs before `defineToolkit` has given
/// it an id (`toolkit=<entry> source="console (while loading)"`). The runtime puts it in the
/// op state when a load starts and takes it out once the [`ToolkitScope`] is there.
#[derive(Debug, Clone)]
pub struct LoadingToolkit(pub String);

/// What the manifest says about one loaded toolkit; lives as long as the toolkit.
#[derive(Debug, Clone)]
pub struct ToolkitScope {
    /// Manifest `id`.
    pub id: String,
    /// Where the toolkit's persistent data lives: keyring entries, cache entries and
    /// knowledge-base documents are keyed by it. Defaults to `id`; the CLI binds it to the
    /// toolkit's location (`<id>@<hash of its directory>`) so another toolkit that claims the
    /// same id cannot read them.
    pub namespace: String,
    /// Manifest `secrets`: the only names `ctx.secret` may read.
    pub secrets: Arc<BTreeSet<String>>,
    /// Manifest `egress`.
    pub egress: Arc<EgressPolicy>,
    /// Manifest `scopes`: the most a call can be granted (**host** rule, contract §5).
    pub scopes: Arc<BTreeSet<String>>,
    /// Manifest `auth`, with this instance's token cache.
    pub oauth: Option<Arc<OAuthClient>>,
    /// Every secret value this toolkit instance has resolved, in any call (redacted in all
    /// later calls too).
    pub redactor: Arc<std::sync::Mutex<crate::redact::Redactor>>,
    /// The policy this scope was built from (`{ secrets, egress, scopes, auth }` as the
    /// manifest declared them), `null` until the runtime sets it: an instance 2..N of the
    /// toolkit must declare exactly the same, or what is shown would not be what every
    /// instance enforces.
    pub declared: Arc<serde_json::Value>,
}

impl ToolkitScope {
    /// The scope of toolkit `id` with its declared `secrets`, `egress` policy and `oauth`; the
    /// namespace is `id` and the redaction set starts empty.
    pub fn new(id: String, secrets: BTreeSet<String>, egress: EgressPolicy, oauth: Option<Arc<OAuthClient>>) -> Self {
        Self {
            namespace: id.clone(),
            id,
            secrets: Arc::new(secrets),
            egress: Arc::new(egress),
            scopes: Arc::default(),
            oauth,
            redactor: Arc::default(),
            declared: Arc::default(),
        }
    }

    /// The scopes a call is granted: those it asks for that the manifest declares too.
    /// **host** rule (contract §5): `ctx.trove` exists only when the call's scopes include
    /// `trove:search`/`trove:ingest` **and** the manifest declares that scope, so a platform
    /// bug or a forged call cannot widen a toolkit's grant. Order and duplicates as asked.
    pub fn grant(&self, asked: &[String]) -> Vec<String> {
        asked.iter().filter(|s| self.scopes.contains(s.as_str())).cloned().collect()
    }
}

/// The state of the call in progress, as the ops see it.
pub struct CallState {
    /// Unique id of this call (in every log event).
    pub call_id: String,
    /// The tool being called.
    pub tool: String,
    /// The call's user id.
    pub user_id: String,
    /// The scopes granted to the call ([`ToolkitScope::grant`]: asked by the call and
    /// declared by the manifest).
    pub scopes: Vec<String>,
    /// The providers (the runtime has filled in `transport`).
    pub env: CallEnv,
    /// What the call did.
    pub ledger: Arc<Ledger>,
    /// Cancelled by the runtime when the call ends (its handler settled, or it was stopped):
    /// a `ctx.fetch` the handler left in flight or queued is dropped at the isolate's next turn
    /// of its event loop (its next call) or with the isolate, instead of being sent or finished
    /// inside a later call, perhaps another user's. Its promise rejects with a TypeError.
    pub ended: std::rc::Rc<deno_core::CancelHandle>,
}

impl CallState {
    /// Secret access for this call under `scope`'s declarations.
    pub fn secrets(&self, scope: &ToolkitScope) -> SecretAccess {
        SecretAccess {
            toolkit: scope.namespace.clone(),
            declared: scope.secrets.clone(),
            provider: self.env.secrets.clone(),
            ledger: self.ledger.clone(),
        }
    }

    /// The egress pipeline for this call under `scope`'s policy.
    pub fn egress(&self, scope: &ToolkitScope) -> Egress {
        Egress {
            policy: scope.egress.clone(),
            transport: self.env.transport.clone().expect("the runtime fills in the transport before a call starts"),
            oauth: scope.oauth.clone(),
            shared_tokens: self.env.tokens.clone(),
            secrets: self.secrets(scope),
            user_id: self.user_id.clone(),
            ledger: self.ledger.clone(),
            budgets: self.env.budgets,
            record_exchanges: self.env.record_exchanges,
        }
    }

    /// Whether the call's granted scopes give it `ctx.trove` (contract §5, **host**: granted
    /// means asked by the call and declared by the manifest).
    pub fn has_trove_scope(&self) -> bool {
        crate::trove::grants_trove(&self.scopes)
    }

    /// This call's cache namespace.
    pub fn cache_scope(&self, scope: &ToolkitScope) -> CacheScope {
        CacheScope { toolkit: scope.namespace.clone(), user: self.user_id.clone() }
    }

    /// Who is calling, for the knowledge base.
    pub fn trove_caller(&self, scope: &ToolkitScope) -> TroveCaller {
        TroveCaller { toolkit: scope.namespace.clone(), user_id: self.user_id.clone() }
    }
}
