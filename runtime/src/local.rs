//! The local providers: what a call that does not come from the platform gets, written once
//! for every front-end that runs toolkits on a user's machine (`call`, `serve`, `mcp`, `test`).
//!
//! - secrets: `TROVE_SECRET_<NAME>` from the environment first, then the OS keyring (kernel
//!   keyutils on Linux), keyed by the toolkit's namespace;
//! - `ctx.cache`: SQLite in `$TROVE_HOST_HOME/cache.sqlite` (a damaged file is moved aside and
//!   an empty cache made; off, with a warning, if it cannot be opened), or in memory, or on a
//!   Redis server several hosts share ([`CacheBackend`]);
//! - OAuth tokens: each toolkit's own, in memory, or shared through Redis and sealed with the
//!   operator's key ([`StoreOptions::token_cache`]);
//! - `ctx.trove`: the local knowledge base `$TROVE_HOST_HOME/kb.sqlite`, opened on first use.
//!
//! A call that carries `ctxToken` and `callbackBase` resolves secrets and `ctx.trove` through the
//! platform's callbacks instead ([`CallEnv::for_platform`], contract §5), but only when its
//! `callbackBase` is one the operator named ([`LocalProviders::with_platforms`], `serve
//! --platform URL`): otherwise any client could make the host POST a token and a secret name to
//! any address it likes, internal ones included.

use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use trove_host_ops::cache::{CacheLimits, CacheStore, MemoryCache, RedisCache, SqliteCache};
use trove_host_ops::egress::tokens::{RedisTokens, TokenSealer, TokenStore};
use trove_host_ops::redis_store::{RedisOptions, RedisStore};
use trove_host_ops::kb::LocalKnowledgeBase;
use trove_host_ops::secrets::{EnvSecrets, KeyringSecrets, SecretChain, SecretProvider};
use trove_host_ops::trove::TroveClient;
use trove_host_ops::{CallEnv, ToolCall};

use crate::home::DataHome;

/// Where `ctx.cache` lives (`--cache`). Its `Debug` never shows a password.
#[derive(Clone, Default, PartialEq, Eq)]
pub enum CacheBackend {
    /// `sqlite` (default): `$TROVE_HOST_HOME/cache.sqlite`, outlives the process.
    #[default]
    Sqlite,
    /// `memory`: in-process, gone with the process.
    Memory,
    /// `off`: the toolkit sees no `ctx.cache`.
    Off,
    /// `redis://[user:password@]host[:port][/db]` or `rediss://…`: shared by every host that
    /// names the same server; Redis keeps the TTLs.
    Redis(String),
}

impl std::fmt::Debug for CacheBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Sqlite => f.write_str("Sqlite"),
            Self::Memory => f.write_str("Memory"),
            Self::Off => f.write_str("Off"),
            Self::Redis(url) => f.debug_tuple("Redis").field(&trove_host_ops::redis_store::redact_url(url)).finish(),
        }
    }
}

impl FromStr for CacheBackend {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "sqlite" => Ok(Self::Sqlite),
            "memory" => Ok(Self::Memory),
            "off" => Ok(Self::Off),
            url if url.starts_with("redis://") || url.starts_with("rediss://") => Ok(Self::Redis(url.to_owned())),
            other => Err(format!(
                "{:?} is not a cache: use sqlite, memory, off, redis://HOST:PORT/DB or rediss://HOST:PORT/DB",
                trove_host_ops::redis_store::redact_url(other)
            )),
        }
    }
}

/// The stores of a local run. Its `Debug` never shows the token key.
#[derive(Clone, Default)]
pub struct StoreOptions {
    /// Where `ctx.cache` lives.
    pub cache: CacheBackend,
    /// A Redis URL where OAuth tokens are shared between hosts (`--token-cache`). `None`: each
    /// toolkit mints and keeps its own.
    pub token_cache: Option<String>,
    /// The key that seals shared tokens (`TROVE_HOST_TOKEN_KEY`: 32 bytes, base64 or hex);
    /// required with [`Self::token_cache`].
    pub token_key: Option<String>,
    /// Timeouts of the Redis commands.
    pub redis: RedisOptions,
}

impl std::fmt::Debug for StoreOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreOptions")
            .field("cache", &self.cache)
            .field("token_cache", &self.token_cache.as_deref().map(trove_host_ops::redis_store::redact_url))
            .field("token_key", &self.token_key.as_ref().map(|_| "[redacted]"))
            .field("redis", &self.redis)
            .finish()
    }
}

/// The providers of a local run. Cheap to clone.
#[derive(Clone)]
pub struct LocalProviders {
    secrets: Arc<dyn SecretProvider>,
    cache: Option<Arc<dyn CacheStore>>,
    tokens: Option<Arc<dyn TokenStore>>,
    home: Option<DataHome>,
    /// The knowledge base, made on the first call that asks for a scope.
    kb: Arc<OnceLock<Result<Arc<LocalKnowledgeBase>, String>>>,
    /// Whether that knowledge base is an empty one in memory ([`Self::with_memory_knowledge_base`]).
    kb_in_memory: bool,
    platforms: Arc<Vec<String>>,
}

/// `base` without trailing slashes, for comparing callback bases.
/// A callback base as the URL parser reads it (scheme and host in lower case, a default port
/// dropped, dot segments resolved), without trailing slashes; the text itself, trimmed, when it
/// is not a URL. Two bases the parser reads as one are one platform (`HTTP://…` was refused
/// for the `http://…` the operator named; review 17).
fn normalise_base(base: &str) -> String {
    let parsed = url::Url::parse(base).map(|u| u.to_string());
    parsed.as_deref().unwrap_or(base).trim_end_matches('/').to_owned()
}

impl LocalProviders {
    /// Environment then keyring secrets, and the stores under [`DataHome`]. A store that cannot
    /// be opened is left out with a warning (the cache is best effort).
    pub fn open() -> Self {
        Self::open_with(&StoreOptions::default()).expect("the default stores are opened best effort")
    }

    /// Environment then keyring secrets, and the stores `stores` names. A SQLite cache that
    /// cannot be opened is left out with a warning; a Redis server is not connected until the
    /// first call uses it (and is best effort from then on).
    ///
    /// # Errors
    /// A Redis URL that is not one, or `token_cache` without a valid `token_key`.
    pub fn open_with(stores: &StoreOptions) -> Result<Self, String> {
        let home = match DataHome::resolve() {
            Ok(h) => Some(h),
            Err(e) => {
                tracing::warn!(target: "trove::runtime", "ctx.cache and the local knowledge base are off: {e}");
                None
            }
        };
        let mut redis: Option<(String, RedisStore)> = None;
        let mut redis_for = |url: &str| -> Result<RedisStore, String> {
            match &redis {
                Some((u, store)) if u == url => Ok(store.clone()),
                _ => {
                    let store = RedisStore::new(url, stores.redis.clone())?;
                    redis = Some((url.to_owned(), store.clone()));
                    Ok(store)
                }
            }
        };
        let cache = match &stores.cache {
            CacheBackend::Off => None,
            CacheBackend::Memory => Some(Arc::new(MemoryCache::new(CacheLimits::default())) as Arc<dyn CacheStore>),
            CacheBackend::Redis(url) => Some(Arc::new(RedisCache::new(redis_for(url)?, CacheLimits::default())) as Arc<dyn CacheStore>),
            CacheBackend::Sqlite => home.as_ref().and_then(|h| match SqliteCache::open(&h.cache_file(), CacheLimits::default()) {
                Ok(c) => Some(Arc::new(c) as Arc<dyn CacheStore>),
                Err(e) => {
                    tracing::warn!(target: "trove::runtime", "ctx.cache is off: {e}");
                    None
                }
            }),
        };
        let tokens = match (&stores.token_cache, &stores.token_key) {
            (None, _) => None,
            (Some(_), None) => {
                return Err("a shared token cache needs TROVE_HOST_TOKEN_KEY (32 random bytes, base64: `openssl rand -base64 32`), the same on every host".into())
            }
            (Some(url), Some(key)) => {
                let sealer = TokenSealer::from_key_text(key).map_err(|e| format!("TROVE_HOST_TOKEN_KEY: {e}"))?;
                Some(Arc::new(RedisTokens::new(redis_for(url)?, sealer)) as Arc<dyn TokenStore>)
            }
        };
        Ok(Self {
            secrets: Arc::new(SecretChain::new(vec![Arc::new(EnvSecrets::new()), Arc::new(KeyringSecrets)])),
            cache,
            tokens,
            home,
            kb: Arc::default(),
            kb_in_memory: false,
            platforms: Arc::default(),
        })
    }

    /// The platform callback bases calls may name (`callbackBase`, compared without trailing
    /// slashes). A call naming any other is refused; with none, every call carrying callbacks
    /// is refused.
    pub fn with_platforms(mut self, bases: impl IntoIterator<Item = String>) -> Self {
        self.platforms = Arc::new(bases.into_iter().map(|b| normalise_base(&b)).collect());
        self
    }

    /// These providers with an empty knowledge base in memory instead of the one under
    /// [`DataHome`] (`call --replay`: a replay's documents must not outlive it). It is made on
    /// first use, as the one on disk is opened: a call that asks for no scope never pays for
    /// SQLite's set-up.
    pub fn with_memory_knowledge_base(mut self) -> Self {
        self.kb = Arc::default();
        self.kb_in_memory = true;
        self
    }

    /// The local knowledge base, opened (or, with [`Self::with_memory_knowledge_base`], made in
    /// memory) on first use.
    ///
    /// # Errors
    /// No data directory, the SQLite file cannot be opened, or SQLite cannot make one in memory.
    pub fn knowledge_base(&self) -> Result<Arc<LocalKnowledgeBase>, String> {
        self.kb
            .get_or_init(|| {
                if self.kb_in_memory {
                    return LocalKnowledgeBase::in_memory().map(Arc::new);
                }
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
    /// The call carries only one of `ctxToken` and `callbackBase` (or one empty), its
    /// `callbackBase` is not one of [`Self::with_platforms`]'s, the callback client cannot
    /// start, or the knowledge base cannot be opened.
    pub fn env(&self, call: &ToolCall) -> Result<CallEnv, String> {
        // Half a platform call (a token without a base, or either empty) is not a local call:
        // run on this host's own secrets, a platform bug that dropped one tenant's token would
        // hand that tenant the operator's credentials (review 19).
        if !call.has_callbacks() && (call.ctx_token.is_some() || call.callback_base.is_some()) {
            return Err("the call carries ctxToken or callbackBase but not both (non-empty): refused, as neither a platform call \
                        nor a local one"
                .into());
        }
        let mut env = if call.has_callbacks() {
            let base = normalise_base(call.callback_base.as_deref().unwrap_or_default());
            let Some(platform) = self.platforms.iter().find(|p| **p == base) else {
                // Logged at error on every such call: never with the password the URL may carry
                // (review 48).
                let shown = trove_host_ops::redis_store::redact_url(&base);
                return Err(format!(
                    "the call's callbackBase {shown:?} is not a platform this host was given (serve --platform URL)"
                ));
            };
            // The callbacks go to the base the operator named (as the parser reads it),
            // whatever spelling of it the call used.
            CallEnv::for_platform_at(platform, call.ctx_token.as_deref().unwrap_or_default())?
        } else {
            let mut env = CallEnv { secrets: self.secrets.clone(), ..CallEnv::default() };
            if call.scopes.as_ref().is_some_and(|s| !s.is_empty()) {
                env.trove = Some(self.knowledge_base()? as Arc<dyn TroveClient>);
            }
            env
        };
        env.cache = self.cache.clone();
        env.tokens = self.tokens.clone();
        Ok(env)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_options_never_debug_print_a_secret() {
        let stores = StoreOptions {
            cache: "redis://:pw-in-url@10.0.0.5:6379/0".parse().unwrap(),
            token_cache: Some("redis://:pw-in-url@10.0.0.5:6379/1".into()),
            token_key: Some("the-token-key".into()),
            redis: RedisOptions::default(),
        };
        let shown = format!("{stores:?}");
        assert!(!shown.contains("pw-in-url") && !shown.contains("the-token-key"), "{shown}");
        assert!(shown.contains("10.0.0.5:6379/0") && shown.contains("[redacted]"), "{shown}");
        assert_eq!("nope".parse::<CacheBackend>().err().unwrap(), "\"nope\" is not a cache: use sqlite, memory, off, redis://HOST:PORT/DB or rediss://HOST:PORT/DB");
    }

    #[test]
    fn callback_bases_compare_as_the_url_parser_reads_them() {
        assert_eq!(normalise_base("HTTP://Platform.Example:80/api/"), "http://platform.example/api");
        assert_eq!(normalise_base("http://platform.example/api/x/.."), "http://platform.example/api");
        assert_ne!(normalise_base("http://platform.example/api/.."), normalise_base("http://platform.example/api"));
        assert_ne!(normalise_base("http://platform.example:8080/api"), normalise_base("http://platform.example/api"));
        assert_eq!(normalise_base("not a url/"), "not a url");
    }

    /// The refusal is logged at error on every such call: never with the URL's password
    /// (review 48).
    #[test]
    fn a_refused_callback_base_is_named_without_its_password() {
        let providers = LocalProviders {
            secrets: Arc::new(trove_host_ops::secrets::MemorySecrets::default()),
            cache: None,
            tokens: None,
            home: None,
            kb: Arc::default(),
            kb_in_memory: false,
            platforms: Arc::default(),
        }
        .with_platforms(["https://platform.example/api".to_owned()]);
        let mut call = ToolCall::new("t", serde_json::json!({}), "u");
        call.ctx_token = Some("token".into());
        call.callback_base = Some("https://admin:hunter2-pw@elsewhere.example/api".into());
        let error = providers.env(&call).err().expect("refused");
        assert!(!error.contains("hunter2-pw"), "{error}");
        assert!(error.contains("elsewhere.example/api") && error.contains("is not a platform"), "{error}");
    }
}
