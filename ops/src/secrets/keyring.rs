//! Secrets in the OS credential store, through `keyring-core`.
//!
//! On Linux the store is the kernel keyring (keyutils: headless, per user, in memory until
//! reboot). Entries are namespaced by the toolkit's namespace (see `ToolkitScope::namespace`;
//! the CLI binds it to the toolkit's location): service `trove-host:<namespace>`, user `<NAME>`.
//!
//! A store that half works is not left half written. The keyutils store adds the key to the
//! session keyring and then links it into the user's persistent keyring; where the process does
//! not possess its session keyring (a container whose processes fall back to the user-session
//! keyring), the add succeeds and the link fails, and the key would stay behind, unreadable,
//! turning "unset" into a read error. [`KeyringSecrets::set`] therefore removes what a failed
//! store left, and [`KeyringSecrets::remove`] removes such a leftover too.

use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use keyring_core::{CredentialStore, Entry, Error as KeyringError};

use super::{SecretError, SecretProvider};

/// The largest value the Linux kernel keyring stores in one key (a "user" key's payload limit).
pub const MAX_VALUE_BYTES: usize = 32_767;

/// The service name of `toolkit`'s entries.
pub fn service_name(toolkit: &str) -> String {
    format!("trove-host:{toolkit}")
}

/// Why [`KeyringSecrets::set`] did not store a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// The value is larger than the OS keyring holds (the keyring itself may work).
    #[error("cannot store {name}: the value is too large for the OS keyring ({bytes} bytes; at most 32,767 on Linux keyutils)")]
    TooLarge {
        /// The secret's name.
        name: String,
        /// The value's length in bytes.
        bytes: usize,
    },
    /// The OS keyring cannot be used here.
    #[error("cannot store {name}: {reason}{}", if *.left_behind { "; a copy may be left in the session keyring (`trove-host secret rm` removes it)" } else { "; nothing was stored" })]
    Unavailable {
        /// The secret's name.
        name: String,
        /// The store's error.
        reason: String,
        /// Whether what the store added half way could not be removed.
        left_behind: bool,
    },
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

    /// Where the kernel keyring store keeps `entry`: the session keyring it adds to (resolved
    /// when the entry was made, before the store joined the persistent keyring, which gives
    /// the process a session keyring of its own where it had none) and the key's description.
    fn kernel_key(entry: &Entry) -> Option<leftover::KernelKey> {
        #[cfg(target_os = "linux")]
        {
            entry
                .as_any()
                .downcast_ref::<linux_keyutils_keyring_store::Cred>()
                .map(|c| leftover::KernelKey { keyrings: std::iter::once(c.session).chain(c.persistent).collect(), description: c.description.clone() })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = entry;
            None
        }
    }

    /// Stores `value` as `name` for `toolkit`. When the store fails, whatever it had already
    /// added is removed (best effort), so a failed `set` leaves the secret as it was: unset.
    ///
    /// # Errors
    /// [`SetError::TooLarge`] for a value the OS keyring cannot hold (checked first);
    /// [`SetError::Unavailable`] when the keyring cannot be used.
    pub fn set(toolkit: &str, name: &str, value: &str) -> Result<(), SetError> {
        if cfg!(target_os = "linux") && value.len() > MAX_VALUE_BYTES {
            return Err(SetError::TooLarge { name: name.to_owned(), bytes: value.len() });
        }
        let entry = Self::entry(toolkit, name)
            .map_err(|reason| SetError::Unavailable { name: name.to_owned(), reason, left_behind: false })?;
        entry.set_password(value).map_err(|e| {
            let left_behind = Self::kernel_key(&entry).is_some_and(|key| {
                key.unlink();
                key.present()
            });
            SetError::Unavailable { name: name.to_owned(), reason: e.to_string(), left_behind }
        })
    }

    /// Reads `name` for `toolkit`; `Ok(None)` when it is not stored.
    ///
    /// # Errors
    /// The keyring's error, naming the secret, the toolkit and how to get past it.
    pub fn get_blocking(toolkit: &str, name: &str) -> Result<Option<String>, String> {
        match Self::entry(toolkit, name)?.get_password() {
            Ok(v) => Ok(Some(v)),
            Err(KeyringError::NoEntry) => Ok(None),
            Err(e) => Err(format!(
                "cannot read the secret {name} of toolkit {toolkit} from the OS keyring: {e}. `trove-host secret rm <toolkit> {name}` removes what is stored; TROVE_SECRET_{name} in the environment overrides it"
            )),
        }
    }

    /// Removes `name` for `toolkit`; `Ok(false)` when it was not stored. A key the store
    /// cannot reach (left by a `set` that failed half way) is unlinked from the session
    /// keyring directly.
    ///
    /// # Errors
    /// The keyring's error when the key is there and cannot be removed either way.
    pub fn remove(toolkit: &str, name: &str) -> Result<bool, String> {
        let entry = Self::entry(toolkit, name)?;
        match entry.delete_credential() {
            Ok(()) => Ok(true),
            Err(KeyringError::NoEntry) => Ok(false),
            // A key that cannot be invalidated (one the process may not search: an unreadable
            // key) is unlinked from both keyrings, and only then said to be removed.
            Err(e) => match Self::kernel_key(&entry) {
                Some(key) if key.unlink() && !key.present() => Ok(true),
                _ => Err(format!("cannot remove {name}: {e}")),
            },
        }
    }
}

/// A key in the session keyring found by listing the keyring (which needs only the keyring's
/// own permissions), not by searching (which needs possession of the key: the store's process
/// loses it when it joins the persistent keyring, see the module docs).
mod leftover {
    /// A kernel key: the keyrings it may be linked in and its description.
    pub(super) struct KernelKey {
        /// The session keyring the store adds it to, and the persistent one it links it into
        /// (a key unlinked from the session alone stayed in the persistent keyring, and `secret
        /// rm` said it was removed; review 17).
        #[cfg(target_os = "linux")]
        pub keyrings: Vec<linux_keyutils::KeyRing>,
        /// Its description.
        pub description: String,
    }

    #[cfg(target_os = "linux")]
    impl KernelKey {
        /// The user keys with this description linked in each keyring, with the keyring.
        fn find(&self) -> Vec<(linux_keyutils::KeyRing, linux_keyutils::Key)> {
            use linux_keyutils::KeyType;
            let mut found = Vec::new();
            for keyring in &self.keyrings {
                let Ok(links) = keyring.get_links(4096) else { continue };
                found.extend(
                    links
                        .iter()
                        .filter_map(|node| node.as_key())
                        .filter(|key| key.metadata().is_ok_and(|m| m.get_type() == KeyType::User && m.get_description() == self.description))
                        .map(|key| (*keyring, key)),
                );
            }
            found
        }

        /// Unlinks every such key from every keyring; whether any was.
        pub(super) fn unlink(&self) -> bool {
            self.find().into_iter().filter(|(keyring, key)| keyring.unlink_key(*key).is_ok()).count() > 0
        }

        /// Whether the keyring still links such a key.
        pub(super) fn present(&self) -> bool {
            !self.find().is_empty()
        }
    }

    #[cfg(not(target_os = "linux"))]
    impl KernelKey {
        pub(super) fn unlink(&self) -> bool {
            false
        }

        pub(super) fn present(&self) -> bool {
            false
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
