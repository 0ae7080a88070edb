//! Secrets: providers behind one trait, read lazily, only for declared names (contract §5).
//!
//! A toolkit reads a secret with `ctx.secret(name)`; the op asks [`SecretAccess::read`], which
//! refuses a name the manifest does not declare **before** any lookup, asks the call's
//! [`SecretProvider`] under the toolkit's namespace (its id, or for the CLI its id bound to its
//! location, so a toolkit claiming another's id does not read its secrets), and adds
//! every non-empty value to the call's redaction set.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use async_trait::async_trait;

use crate::ledger::Ledger;

pub mod keyring;

pub use self::keyring::KeyringSecrets;

/// Where secret values come from. Implementations are keyed by toolkit id and secret name.
#[async_trait]
pub trait SecretProvider: Send + Sync {
    /// The value of `name` for `toolkit`, or `None` when it is not set.
    /// Errors are provider failures (a store that cannot be reached), not "unset".
    async fn get(&self, toolkit: &str, name: &str) -> Result<Option<String>, SecretError>;
}

/// A secret read that did not produce a value.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum SecretError {
    /// The manifest does not declare this name. The toolkit sees
    /// `Error('ctx.secret callback failed: 404 secret not declared')` (contract §5).
    #[error("ctx.secret callback failed: 404 secret not declared")]
    NotDeclared,
    /// The provider failed; the message names the provider and the cause.
    #[error("ctx.secret callback failed: {0}")]
    Provider(String),
    /// The platform answered `/internal/secret` with 404: the name is not declared where the
    /// platform looks (contract §5: "non-2xx for an undeclared name"), which may lag the
    /// manifest. `ctx.secret` rejects with the platform's words (`404 secret not declared`);
    /// `requireSecret` answers "is not set", as for a name this host knows is undeclared.
    #[error("ctx.secret callback failed: {0}")]
    UndeclaredByPlatform(String),
}

/// Secrets from environment variables `TROVE_SECRET_<NAME>` (the CLI's default provider). An
/// empty variable (`TROVE_SECRET_X=`, as `X=${X}` leaves it in CI) counts as not set, so the
/// next provider is asked: a secret cannot be stored empty either.
#[derive(Debug, Default, Clone)]
pub struct EnvSecrets {
    prefix: Option<String>,
}

impl EnvSecrets {
    /// Reads `TROVE_SECRET_<NAME>`.
    pub fn new() -> Self {
        Self::default()
    }

    /// The environment variable that holds `name`.
    pub fn variable(&self, name: &str) -> String {
        format!("{}{name}", self.prefix.as_deref().unwrap_or("TROVE_SECRET_"))
    }

    /// The value of `name`: `None` when its variable is absent, empty or not UTF-8.
    pub fn value(&self, name: &str) -> Option<String> {
        std::env::var(self.variable(name)).ok().filter(|v| !v.is_empty())
    }
}

#[async_trait]
impl SecretProvider for EnvSecrets {
    async fn get(&self, _toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        Ok(self.value(name))
    }
}

/// An in-memory map, for embedders and tests: `(toolkit id, name) → value`. A `None` value
/// means "known but unset".
#[derive(Debug, Default, Clone)]
pub struct MemorySecrets {
    values: HashMap<(String, String), Option<String>>,
}

impl MemorySecrets {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets `name` for `toolkit` (`None` = declared but unset).
    pub fn set(&mut self, toolkit: &str, name: &str, value: Option<String>) -> &mut Self {
        self.values.insert((toolkit.to_owned(), name.to_owned()), value);
        self
    }
}

#[async_trait]
impl SecretProvider for MemorySecrets {
    async fn get(&self, toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        Ok(self.values.get(&(toolkit.to_owned(), name.to_owned())).cloned().flatten())
    }
}

/// Several providers asked in order; the first that has a value wins.
///
/// The CLI's chain is `[EnvSecrets, KeyringSecrets]`: an environment variable overrides the
/// stored value for one run. A provider failure stops the chain (a store that cannot be
/// read is reported, not silently skipped).
#[derive(Clone, Default)]
pub struct SecretChain {
    providers: Vec<Arc<dyn SecretProvider>>,
}

impl SecretChain {
    /// A chain asking `providers` in order.
    pub fn new(providers: Vec<Arc<dyn SecretProvider>>) -> Self {
        Self { providers }
    }
}

#[async_trait]
impl SecretProvider for SecretChain {
    async fn get(&self, toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        for p in &self.providers {
            if let Some(v) = p.get(toolkit, name).await? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }
}

/// The longest secret value a call takes, in bytes (64 KiB: a PEM private key or a service
/// account's JSON is a few KiB). A longer value from any provider fails the read: each value
/// joins the call's redaction set in several encodings, and a platform answering a secret of
/// 20 MB made that take gigabytes outside every call limit (review 33).
pub const MAX_SECRET_BYTES: usize = 64 * 1024;

/// A toolkit's view of secrets during one call: the manifest's declared names, the call's
/// provider, and the call's ledger (which records reads and collects redaction values).
#[derive(Clone)]
pub struct SecretAccess {
    pub(crate) toolkit: String,
    pub(crate) declared: Arc<BTreeSet<String>>,
    pub(crate) provider: Arc<dyn SecretProvider>,
    pub(crate) ledger: Arc<Ledger>,
}

impl SecretAccess {
    /// Reads `name`: refused unless declared; `Ok(None)` when declared but unset. A non-empty
    /// value joins the call's redaction set before it is returned.
    pub async fn read(&self, name: &str) -> Result<Option<String>, SecretError> {
        self.ledger.record_secret_read(name);
        if !self.declared.contains(name) {
            return Err(SecretError::NotDeclared);
        }
        let value = self.provider.get(&self.toolkit, name).await?;
        if let Some(v) = value.as_ref().filter(|v| v.len() > MAX_SECRET_BYTES) {
            return Err(SecretError::Provider(format!(
                "the value of {name} is {} bytes, over this host's limit of {MAX_SECRET_BYTES}",
                v.len()
            )));
        }
        if let Some(v) = &value {
            self.ledger.add_secret_value(name, v);
        }
        Ok(value)
    }

    /// Like `ctx.requireSecret`: the value, or why there is none.
    ///
    /// # Errors
    /// `Err(Ok(message))` with the contract's "is not set" message when `name` is unset (or
    /// undeclared, as the reference SDK answers); `Err(Err(cause))` when the provider failed
    /// (an unreadable keyring entry, a failing platform callback): not "unset", which would ask
    /// the user to set a secret that is set (review 17).
    pub async fn require(&self, name: &str) -> Result<String, Result<String, SecretError>> {
        match self.read(name).await {
            Ok(Some(v)) if !v.is_empty() => Ok(v),
            Ok(_) | Err(SecretError::NotDeclared | SecretError::UndeclaredByPlatform(_)) => Err(Ok(not_set_message(name))),
            Err(cause) => Err(Err(cause)),
        }
    }
}

/// The `requireSecret` failure (contract §5): ``<NAME> is not set. Run `trove secret set <server> <NAME> --from-stdin`.``
pub fn not_set_message(name: &str) -> String {
    format!("{name} is not set. Run `trove secret set <server> {name} --from-stdin`.")
}
