//! Per-call state: what differs from one call to the next, in one place.
//!
//! The runtime puts a [`CallState`] into the isolate's `OpState` when a call starts and
//! takes it out when the call ends; ops read it from there and nowhere else, so nothing of
//! one call is visible to the next (contract §5; architecture: "per-call state in one place").
//! The toolkit-wide [`ToolkitScope`] (from the manifest) stays for the toolkit's lifetime.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::cache::{CacheScope, CacheStore};
use crate::clock::{Clock, SystemClock};
use crate::egress::{Egress, EgressBudgets, EgressPolicy, OAuthClient, Transport};
use crate::ledger::Ledger;
use crate::secrets::{EnvSecrets, SecretAccess, SecretProvider};
use crate::trove::{TroveCaller, TroveClient};

/// The providers an embedder chooses for a call. The manifest decides the policy; these
/// decide where values come from. A toolkit can neither narrow the checks nor widen these.
#[derive(Clone)]
pub struct CallEnv {
    /// `ctx.now()`. Default: the system clock.
    pub clock: Arc<dyn Clock>,
    /// `ctx.secret`. Default: environment variables `TROVE_SECRET_<NAME>`.
    pub secrets: Arc<dyn SecretProvider>,
    /// Where `ctx.fetch` goes after the policy allows it (network or replay).
    pub transport: Arc<dyn Transport>,
    /// The call's egress limits (timeouts, body caps, request counts). Default:
    /// [`EgressBudgets::default`].
    pub budgets: EgressBudgets,
    /// `ctx.trove`'s backend, when the call's scopes grant it. `None`: `ctx.trove` calls fail.
    pub trove: Option<Arc<dyn TroveClient>>,
    /// `ctx.cache`'s store. `None`: the toolkit sees no `ctx.cache` (absent is normal).
    pub cache: Option<Arc<dyn CacheStore>>,
}

impl CallEnv {
    /// Environment secrets, the system clock, no knowledge base, and `transport`.
    pub fn new(transport: Arc<dyn Transport>) -> Self {
        Self { clock: Arc::new(SystemClock), secrets: Arc::new(EnvSecrets::new()), transport, budgets: EgressBudgets::default(), trove: None, cache: None }
    }
}

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
    /// Manifest `auth`, with this instance's token cache.
    pub oauth: Option<Arc<OAuthClient>>,
    /// Every secret value this toolkit instance has resolved, in any call (redacted in all
    /// later calls too).
    pub redactor: Arc<std::sync::Mutex<crate::redact::Redactor>>,
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
            oauth,
            redactor: Arc::default(),
        }
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
    /// The call's scopes (`trove:search`, `trove:ingest`).
    pub scopes: Vec<String>,
    /// The providers.
    pub env: CallEnv,
    /// What the call did.
    pub ledger: Arc<Ledger>,
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
            transport: self.env.transport.clone(),
            oauth: scope.oauth.clone(),
            secrets: self.secrets(scope),
            ledger: self.ledger.clone(),
            budgets: self.env.budgets,
        }
    }

    /// Whether the call's scopes grant `ctx.trove` (contract §5).
    pub fn has_trove_scope(&self) -> bool {
        self.scopes.iter().any(|s| s == "trove:search" || s == "trove:ingest")
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
