//! Where minted OAuth tokens are kept between calls ([`TokenStore`]), and the rule that uses
//! them lives in one place: [`crate::egress::Egress`]'s token step (contract §5, `fetch`).
//!
//! - [`TokenCache`]: one toolkit's own tokens, in memory (like the SDK's module-level cache);
//!   always the first tier;
//! - [`RedisTokens`]: tokens shared by every host that names the same Redis
//!   (`--token-cache redis://…`), the second tier, so N hosts reuse one minted token per client
//!   id until its expiry margin instead of each minting its own. A token found there is kept in
//!   the first tier for the rest of its life, so a call does not ask Redis every time, and a
//!   Redis outage costs each host at most one mint. Values are sealed with AES-256-GCM under a
//!   key the operator provides ([`TokenSealer`], `TROVE_HOST_TOKEN_KEY`); Redis keys are HMACs,
//!   so neither a token nor a client id is ever in Redis in the clear.
//!
//! A [`TokenKey`] names one token: the toolkit's namespace, the calling user, the token URL,
//! the `scope` and the client id. The namespace is part of it so that a toolkit that knows
//! another's (often public) client id cannot borrow the token that toolkit's client secret
//! minted; the user, so that another user (a tenant of `serve --platform`, whose secrets are its
//! own) who names the same client id with a guessed client secret cannot borrow it either
//! (review 27). The client secret itself is read only to mint, as the SDK reads it (contract §5:
//! a call that reuses a token asks the platform for the client id alone), which is why the
//! user, not the secret, keeps tokens apart.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use aes_gcm::aead::{Aead, KeyInit, OsRng, Payload};
use aes_gcm::{AeadCore, Aes256Gcm, Nonce};
use base64::Engine as _;
use hmac::Mac as _;

use super::oauth::OAuthClientCredentials;
use crate::redis_store::RedisStore;

/// One token's identity: whose (toolkit and user), from which endpoint, for which scope and
/// client id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenKey {
    /// The toolkit's namespace ([`crate::ToolkitScope::namespace`]).
    pub namespace: String,
    /// The calling user (`ctx.userId`): a user is handed only tokens its own calls minted.
    pub user_id: String,
    /// The manifest's `auth.tokenUrl`.
    pub token_url: String,
    /// The manifest's `auth.scope` (empty when absent).
    pub scope: String,
    /// The value of the client id secret.
    pub client_id: String,
}

impl TokenKey {
    /// The key of `client_id`'s token for `auth`, for `user_id`'s calls in `namespace`.
    pub fn new(namespace: &str, user_id: &str, auth: &OAuthClientCredentials, client_id: &str) -> Self {
        Self {
            namespace: namespace.to_owned(),
            user_id: user_id.to_owned(),
            token_url: auth.token_url.clone(),
            scope: auth.scope.clone().unwrap_or_default(),
            client_id: client_id.to_owned(),
        }
    }
}

/// A store of minted tokens. Every method is best effort: a store that cannot answer misses,
/// drops the write, and lets the caller mint (a shared store that is down costs one mint per
/// host, never a failed call).
#[async_trait::async_trait]
pub trait TokenStore: Send + Sync {
    /// The live token of `key`, if any, and how long it has left.
    async fn get(&self, key: &TokenKey) -> Option<(String, Duration)>;
    /// Keeps `token` for `lifetime` (the endpoint's `expires_in` less
    /// [`super::oauth::EXPIRY_MARGIN`]; zero: not kept).
    async fn put(&self, key: &TokenKey, token: &str, lifetime: Duration);
    /// Forgets `key`'s token if it is still `token` (after the API host answered 401/403 to
    /// it), so that of several hosts rejected at once, only the first forgets, and the token
    /// another has minted since is kept.
    async fn evict(&self, key: &TokenKey, token: &str);
    /// Claims the right to mint `key`'s token for at most `lease`: `false` while another host
    /// (or call) holds the claim. A store that cannot tell says `true`.
    async fn claim_mint(&self, key: &TokenKey, lease: Duration) -> bool;
    /// Gives up a claim made by [`Self::claim_mint`].
    async fn release_mint(&self, key: &TokenKey);
}

/// Tokens minted by one toolkit instance (shared with its sibling instances in a pool), in
/// memory. Lives as long as the toolkit; a new toolkit starts empty.
#[derive(Debug, Default)]
pub struct TokenCache {
    tokens: Mutex<HashMap<TokenKey, (String, Instant)>>,
}

#[async_trait::async_trait]
impl TokenStore for TokenCache {
    async fn get(&self, key: &TokenKey) -> Option<(String, Duration)> {
        let tokens = self.tokens.lock().expect("token cache");
        let now = Instant::now();
        tokens.get(key).filter(|(_, until)| now < *until).map(|(t, until)| (t.clone(), *until - now))
    }

    async fn put(&self, key: &TokenKey, token: &str, lifetime: Duration) {
        let until = Instant::now() + lifetime;
        self.tokens.lock().expect("token cache").insert(key.clone(), (token.to_owned(), until));
    }

    async fn evict(&self, key: &TokenKey, token: &str) {
        let mut tokens = self.tokens.lock().expect("token cache");
        if tokens.get(key).is_some_and(|(t, _)| t == token) {
            tokens.remove(key);
        }
    }

    async fn claim_mint(&self, _key: &TokenKey, _lease: Duration) -> bool {
        true
    }

    async fn release_mint(&self, _key: &TokenKey) {}
}

/// Seals tokens for a shared store: AES-256-GCM with a fresh 96-bit nonce per value and the
/// Redis key as associated data (a sealed value moved to another key does not open), and
/// HMAC-SHA-256 names for the keys. Both subkeys are HKDF-SHA-256 expansions of the operator's
/// 32-byte key.
pub struct TokenSealer {
    cipher: Aes256Gcm,
    naming: [u8; 32],
}

/// The version prefix of a sealed value.
const SEALED_V1: &[u8] = b"t1";

impl TokenSealer {
    /// A sealer for the operator's key: 32 bytes, written as base64 (standard or URL-safe,
    /// padded or not) or as 64 hex digits, e.g. the output of `openssl rand -base64 32`.
    ///
    /// # Errors
    /// The text is neither, or does not hold exactly 32 bytes (the message says which, never
    /// the key).
    pub fn from_key_text(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let engines = [
            base64::engine::general_purpose::STANDARD,
            base64::engine::general_purpose::STANDARD_NO_PAD,
            base64::engine::general_purpose::URL_SAFE,
            base64::engine::general_purpose::URL_SAFE_NO_PAD,
        ];
        // Hex first: 64 hex digits are also valid base64 (of 48 bytes).
        let bytes = (text.len() >= 32)
            .then(|| hex::decode(text).ok())
            .flatten()
            .or_else(|| engines.iter().find_map(|e| e.decode(text).ok()))
            .ok_or("the token key is neither base64 nor hex; make one with `openssl rand -base64 32`")?;
        let key: [u8; 32] = bytes.as_slice().try_into().map_err(|_| {
            format!("the token key must be 32 bytes, this one is {}; make one with `openssl rand -base64 32`", bytes.len())
        })?;
        Ok(Self::from_key(&key))
    }

    /// A sealer for a 32-byte key.
    pub fn from_key(key: &[u8; 32]) -> Self {
        let hk = hkdf::Hkdf::<sha2::Sha256>::new(Some(b"trove-host token store"), key);
        let mut sealing = [0u8; 32];
        let mut naming = [0u8; 32];
        hk.expand(b"seal v1", &mut sealing).expect("32 bytes is a valid HKDF length");
        hk.expand(b"name v1", &mut naming).expect("32 bytes is a valid HKDF length");
        Self { cipher: Aes256Gcm::new(&sealing.into()), naming }
    }

    /// The Redis key of `key`'s token: `trove:oauth:<hex HMAC>`.
    pub fn redis_key(&self, key: &TokenKey) -> String {
        let mut mac = <hmac::Hmac<sha2::Sha256> as hmac::Mac>::new_from_slice(&self.naming).expect("any key length");
        for part in [&key.namespace, &key.user_id, &key.token_url, &key.scope, &key.client_id] {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        format!("trove:oauth:{}", hex::encode(mac.finalize().into_bytes()))
    }

    /// `token` sealed for the Redis key `aad`.
    pub fn seal(&self, aad: &str, token: &str) -> Vec<u8> {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let sealed = self.cipher.encrypt(&nonce, Payload { msg: token.as_bytes(), aad: aad.as_bytes() }).expect("AES-GCM seals any token");
        [SEALED_V1, nonce.as_slice(), &sealed].concat()
    }

    /// The token in `value`, if it was sealed by this key for `aad`.
    pub fn open(&self, aad: &str, value: &[u8]) -> Option<String> {
        let rest = value.strip_prefix(SEALED_V1)?;
        if rest.len() < 12 {
            return None;
        }
        let (nonce, sealed) = rest.split_at(12);
        let plain = self.cipher.decrypt(Nonce::from_slice(nonce), Payload { msg: sealed, aad: aad.as_bytes() }).ok()?;
        String::from_utf8(plain).ok()
    }
}

/// Compare-and-delete: `DEL KEYS[1]` only while it holds `ARGV[1]`.
const DELETE_IF: &str = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/// Tokens shared through Redis by every host that names it (see the module docs).
pub struct RedisTokens {
    store: RedisStore,
    sealer: TokenSealer,
    /// This host's claim marker (random per process), so a host releases only its own claim.
    holder: String,
    delete_if: ::redis::Script,
}

impl RedisTokens {
    /// Tokens on `store`, sealed by `sealer`.
    pub fn new(store: RedisStore, sealer: TokenSealer) -> Self {
        let holder = base64::engine::general_purpose::STANDARD_NO_PAD.encode(Aes256Gcm::generate_nonce(&mut OsRng));
        Self { store, sealer, holder, delete_if: ::redis::Script::new(DELETE_IF) }
    }

    /// The sealed value at `redis_key` and its time to live in ms (negative: none).
    async fn raw(&self, redis_key: &str) -> Option<(Vec<u8>, i64)> {
        let k = redis_key.to_owned();
        let (value, ttl) = self
            .store
            .run(move |mut c| async move {
                ::redis::pipe().cmd("GET").arg(&k).cmd("PTTL").arg(&k).query_async::<(Option<Vec<u8>>, i64)>(&mut c).await
            })
            .await
            .ok()?;
        value.map(|v| (v, ttl))
    }

    async fn delete_if(&self, redis_key: String, expected: Vec<u8>) {
        let script = self.delete_if.clone();
        let _ = self
            .store
            .run(move |mut c| async move { script.key(redis_key).arg(expected).invoke_async::<i64>(&mut c).await })
            .await;
    }
}

#[async_trait::async_trait]
impl TokenStore for RedisTokens {
    async fn get(&self, key: &TokenKey) -> Option<(String, Duration)> {
        let k = self.sealer.redis_key(key);
        let (value, ttl_ms) = self.raw(&k).await?;
        let token = self.sealer.open(&k, &value).map(|t| (t, Duration::from_millis(ttl_ms.max(0) as u64)));
        if token.is_none() {
            tracing::warn!(target: "trove::redis", "an OAuth token in Redis does not open with this host's TROVE_HOST_TOKEN_KEY (do all hosts share one key?); minting a new one");
        }
        token
    }

    async fn put(&self, key: &TokenKey, token: &str, lifetime: Duration) {
        let ms = lifetime.as_millis() as u64;
        if ms == 0 {
            return;
        }
        let k = self.sealer.redis_key(key);
        let sealed = self.sealer.seal(&k, token);
        let _ = self
            .store
            .run(move |mut c| async move { ::redis::cmd("SET").arg(k).arg(sealed).arg("PX").arg(ms).query_async::<()>(&mut c).await })
            .await;
    }

    async fn evict(&self, key: &TokenKey, token: &str) {
        let k = self.sealer.redis_key(key);
        let Some((value, _)) = self.raw(&k).await else { return };
        if self.sealer.open(&k, &value).as_deref() == Some(token) {
            self.delete_if(k, value).await;
        }
    }

    async fn claim_mint(&self, key: &TokenKey, lease: Duration) -> bool {
        let k = format!("{}:mint", self.sealer.redis_key(key));
        let holder = self.holder.clone();
        let ms = lease.as_millis().max(1) as u64;
        let claimed = self
            .store
            .run(move |mut c| async move {
                ::redis::cmd("SET").arg(k).arg(holder).arg("NX").arg("PX").arg(ms).query_async::<Option<String>>(&mut c).await
            })
            .await;
        // Unreachable: mint (one per host during an outage, as without a shared store).
        claimed.map_or(true, |answer| answer.is_some())
    }

    async fn release_mint(&self, key: &TokenKey) {
        let k = format!("{}:mint", self.sealer.redis_key(key));
        self.delete_if(k, self.holder.clone().into_bytes()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ns: &str, client: &str) -> TokenKey {
        key_of_user(ns, client, "u1")
    }

    fn key_of_user(ns: &str, client: &str, user: &str) -> TokenKey {
        let auth = OAuthClientCredentials {
            kind: "oauth2_client_credentials".into(),
            token_url: "https://auth.example/token".into(),
            client_id_secret: "ID".into(),
            client_secret_secret: "SECRET".into(),
            api_host: "api.example".into(),
            scope: None,
        };
        TokenKey::new(ns, user, &auth, client)
    }

    #[test]
    fn key_text_is_base64_or_hex_of_32_bytes() {
        let b64 = base64::engine::general_purpose::STANDARD.encode([7u8; 32]);
        let hex: String = [7u8; 32].iter().map(|b| format!("{b:02x}")).collect();
        let a = TokenSealer::from_key_text(&b64).unwrap();
        let b = TokenSealer::from_key_text(&format!(" {hex}\n")).unwrap();
        assert_eq!(a.redis_key(&key("tk", "id")), b.redis_key(&key("tk", "id")), "the same key either way");
        let short = base64::engine::general_purpose::STANDARD.encode([7u8; 16]);
        assert_eq!(
            TokenSealer::from_key_text(&short).err().unwrap(),
            "the token key must be 32 bytes, this one is 16; make one with `openssl rand -base64 32`"
        );
        assert!(TokenSealer::from_key_text("not a key!").is_err());
        assert_eq!(
            TokenSealer::from_key_text(&hex[..62]).err().unwrap(),
            "the token key must be 32 bytes, this one is 31; make one with `openssl rand -base64 32`",
            "hex one byte short is named as such"
        );
    }

    #[test]
    fn sealed_tokens_open_only_with_their_key_and_redis_key() {
        let sealer = TokenSealer::from_key(&[1; 32]);
        let k = sealer.redis_key(&key("tk", "id"));
        let sealed = sealer.seal(&k, "tok-secret-123");
        assert!(!sealed.windows(b"tok-secret-123".len()).any(|w| w == b"tok-secret-123"), "not in the clear");
        assert_ne!(sealed, sealer.seal(&k, "tok-secret-123"), "a fresh nonce each time");
        assert_eq!(sealer.open(&k, &sealed).as_deref(), Some("tok-secret-123"));
        let other_key = sealer.redis_key(&key("tk", "id2"));
        assert_eq!(sealer.open(&other_key, &sealed), None, "moved to another key");
        assert_eq!(TokenSealer::from_key(&[2; 32]).open(&k, &sealed), None, "another operator key");
        let mut flipped = sealed.clone();
        *flipped.last_mut().unwrap() ^= 1;
        assert_eq!(sealer.open(&k, &flipped), None, "tampered");
    }

    #[test]
    fn redis_keys_hide_client_ids_and_separate_namespaces() {
        let sealer = TokenSealer::from_key(&[1; 32]);
        let k = sealer.redis_key(&key("tk", "client-abc"));
        assert!(k.starts_with("trove:oauth:") && !k.contains("client-abc") && !k.contains("tk"), "{k}");
        assert_ne!(k, sealer.redis_key(&key("other", "client-abc")), "namespaces never share a token");
        assert_ne!(k, sealer.redis_key(&key_of_user("tk", "client-abc", "u2")), "nor do users");
        // Length-prefixed parts: moving a character between fields changes the key.
        let a = TokenKey { namespace: "ab".into(), user_id: "u".into(), token_url: "c".into(), scope: String::new(), client_id: "x".into() };
        let b = TokenKey { namespace: "a".into(), user_id: "u".into(), token_url: "bc".into(), scope: String::new(), client_id: "x".into() };
        assert_ne!(sealer.redis_key(&a), sealer.redis_key(&b));
    }

    #[tokio::test]
    async fn the_memory_store_evicts_only_the_rejected_token() {
        let cache = TokenCache::default();
        let k = key("tk", "id");
        cache.put(&k, "new", Duration::from_secs(60)).await;
        cache.evict(&k, "old").await;
        assert_eq!(cache.get(&k).await.map(|(t, _)| t).as_deref(), Some("new"), "a newer token survives a late eviction");
        cache.evict(&k, "new").await;
        assert_eq!(cache.get(&k).await, None);
        cache.put(&k, "gone", Duration::ZERO).await;
        assert_eq!(cache.get(&k).await, None, "a zero lifetime is never reused");
    }
}
