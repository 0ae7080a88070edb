//! Secrets in the OS credential store, through `keyring-core`.
//!
//! On Linux the store is the kernel keyring (keyutils: headless, per user, in memory until
//! reboot). Entries are namespaced by the toolkit's namespace (see `ToolkitScope::namespace`;
//! the CLI binds it to the toolkit's location): service `trove-host:<namespace>`, user `<NAME>`.

use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use keyring_core::{CredentialStore, Entry, Error as KeyringError};

use super::{SecretError, SecretProvider};

/// The service name of `toolkit`'s entries.
pub fn service_name(toolkit: &str) -> String {
    format!("trove-host:{toolkit}")
}

fn store() -> Result<Arc<CredentialStore>, String> {
    static STORE: OnceLock<Result<Arc<CredentialStore>, String>> = OnceLock::new();
    STORE
        .get_or_init(|| {
            #[cfg(target_os = "linux")]
            {
                linux_keyutils_keyring_store::Store::new()
                    .map(|s| s as Arc<CredentialStore>)
                    .map_err(|e| format!("the kernel keyring is not available: {e}"))
            }
            #[cfg(not(target_os = "linux"))]
            {
                Err("no OS credential store is configured for this platform".to_owned())
            }
        })
        .clone()
}

/// The OS credential store, keyed by toolkit namespace and secret name.
#[derive(Debug, Default, Clone, Copy)]
pub struct KeyringSecrets;

impl KeyringSecrets {
    fn entry(toolkit: &str, name: &str) -> Result<Entry, String> {
        Entry::new_in_store(&store()?, &service_name(toolkit), name).map_err(|e| e.to_string())
    }

    /// Stores `value` as `name` for `toolkit`.
    pub fn set(toolkit: &str, name: &str, value: &str) -> Result<(), String> {
        Self::entry(toolkit, name)?.set_password(value).map_err(|e| format!("cannot store {name}: {e}"))
    }

    /// Reads `name` for `toolkit`; `Ok(None)` when it is not stored.
    pub fn get_blocking(toolkit: &str, name: &str) -> Result<Option<String>, String> {
        match Self::entry(toolkit, name)?.get_password() {
            Ok(v) => Ok(Some(v)),
            Err(KeyringError::NoEntry) => Ok(None),
            Err(e) => Err(format!("cannot read {name}: {e}")),
        }
    }

    /// Removes `name` for `toolkit`; `Ok(false)` when it was not stored.
    pub fn remove(toolkit: &str, name: &str) -> Result<bool, String> {
        match Self::entry(toolkit, name)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(KeyringError::NoEntry) => Ok(false),
            Err(e) => Err(format!("cannot remove {name}: {e}")),
        }
    }
}

#[async_trait]
impl SecretProvider for KeyringSecrets {
    async fn get(&self, toolkit: &str, name: &str) -> Result<Option<String>, SecretError> {
        let (toolkit, name) = (toolkit.to_owned(), name.to_owned());
        tokio::task::spawn_blocking(move || Self::get_blocking(&toolkit, &name))
            .await
            .map_err(|e| SecretError::Provider(format!("keyring: {e}")))?
            .map_err(|e| SecretError::Provider(format!("keyring: {e}")))
    }
}
