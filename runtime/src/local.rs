//! The local providers: what a call that does not come from the platform gets, written once
//! for every front-end that runs toolkits on a user's machine (`call`, `serve`, `mcp`, `test`).
//!
//! - secrets: `TROVE_SECRET_<NAME>` from the environment first, then the OS keyring (kernel
//!   keyutils on Linux), keyed by the toolkit's namespace;
//! - `ctx.cache`: SQLite in `$TROVE_HOST_HOME/cache.sqlite` (off, with a warning, if it cannot
//!   be opened);
//! - `ctx.trove`: the local knowledge base `$TROVE_HOST_HOME/kb.sqlite`, opened on first use.
//!
//! A call that carries `ctxToken` and `callbackBase` resolves secrets and `ctx.trove` through the
//! platform's callbacks instead ([`CallEnv::for_platform`], contract §5), but only when its
//! `callbackBase` is one the operator named ([`LocalProviders::with_platforms`], `serve
//! --platform URL`): otherwise any client could make the host POST a token and a secret name to
//! any address it likes, internal ones included.

use std::sync::{Arc, OnceLock};

use trove_host_ops::cache::{CacheLimits, CacheStore, SqliteCache};
use trove_host_ops::kb::LocalKnowledgeBase;
use trove_host_ops::secrets::{EnvSecrets, KeyringSecrets, SecretChain, SecretProvider};
use trove_host_ops::trove::TroveClient;
use trove_host_ops::{CallEnv, ToolCall};

use crate::home::DataHome;

/// The providers of a local run. Cheap to clone.
#[derive(Clone)]
pub struct LocalProviders {
    secrets: Arc<dyn SecretProvider>,
    cache: Option<Arc<dyn CacheStore>>,
    home: Option<DataHome>,
    kb: Arc<OnceLock<Result<Arc<LocalKnowledgeBase>, String>>>,
    platforms: Arc<Vec<String>>,
}

/// `base` without trailing slashes, for comparing callback bases.
fn normalise_base(base: &str) -> &str {
    base.trim_end_matches('/')
}

impl LocalProviders {
    /// Environment then keyring secrets, and the stores under [`DataHome`]. A store that cannot
    /// be opened is left out with a warning (the cache is best effort).
    pub fn open() -> Self {
        let home = match DataHome::resolve() {
            Ok(h) => Some(h),
            Err(e) => {
                tracing::warn!(target: "trove::runtime", "ctx.cache and the local knowledge base are off: {e}");
                None
            }
        };
        let cache = home.as_ref().and_then(|h| match SqliteCache::open(&h.cache_file(), CacheLimits::default()) {
            Ok(c) => Some(Arc::new(c) as Arc<dyn CacheStore>),
            Err(e) => {
                tracing::warn!(target: "trove::runtime", "ctx.cache is off: {e}");
                None
            }
        });
        Self {
            secrets: Arc::new(SecretChain::new(vec![Arc::new(EnvSecrets::new()), Arc::new(KeyringSecrets)])),
            cache,
            home,
            kb: Arc::default(),
            platforms: Arc::default(),
        }
    }

    /// The platform callback bases calls may name (`callbackBase`, compared without trailing
    /// slashes). A call naming any other is refused; with none, every call carrying callbacks
    /// is refused.
    pub fn with_platforms(mut self, bases: impl IntoIterator<Item = String>) -> Self {
        self.platforms = Arc::new(bases.into_iter().map(|b| normalise_base(&b).to_owned()).collect());
        self
    }

    /// The local knowledge base, opened on first use.
    ///
    /// # Errors
    /// No data directory, or the SQLite file cannot be opened.
    pub fn knowledge_base(&self) -> Result<Arc<LocalKnowledgeBase>, String> {
        self.kb
            .get_or_init(|| {
                let home = self.home.as_ref().ok_or("no data directory; set TROVE_HOST_HOME")?;
                LocalKnowledgeBase::open(&home.kb_file()).map(Arc::new)
            })
            .clone()
    }

    /// The environment for `call`: the platform's callbacks when the call carries them (and
    /// names a platform this host was given), otherwise the local secrets and, when the call
    /// asks for a scope, the local knowledge base. The clock is the system's and egress goes to
    /// the host's network; callers replace either (`--now`, `--replay`).
    ///
    /// # Errors
    /// The call's `callbackBase` is not one of [`Self::with_platforms`]'s, the callback client
    /// cannot start, or the knowledge base cannot be opened.
    pub fn env(&self, call: &ToolCall) -> Result<CallEnv, String> {
        let mut env = if call.has_callbacks() {
            let base = normalise_base(call.callback_base.as_deref().unwrap_or_default());
            if !self.platforms.iter().any(|p| p == base) {
                return Err(format!(
                    "the call's callbackBase {base:?} is not a platform this host was given (serve --platform URL)"
                ));
            }
            CallEnv::for_platform(call)?
        } else {
            let mut env = CallEnv { secrets: self.secrets.clone(), ..CallEnv::default() };
            if call.scopes.as_ref().is_some_and(|s| !s.is_empty()) {
                env.trove = Some(self.knowledge_base()? as Arc<dyn TroveClient>);
            }
            env
        };
        env.cache = self.cache.clone();
        Ok(env)
    }
}
