//! OAuth tokens shared through Redis (`--token-cache`, issue #12): four hosts, each a `Host`
//! with its own network client, its own toolkit instance and its own Redis connection, call an
//! OAuth toolkit against the loopback token server. They mint once until expiry, re-mint once
//! after a 401, and what Redis holds is sealed, never the token in the clear.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use serde_json::json;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall, ToolkitHandle};
use trove_host_ops::egress::tokens::{RedisTokens, TokenKey, TokenSealer, TokenStore};
use trove_host_ops::redis_store::{RedisOptions, RedisStore};
use trove_host_tests::{missing_prerequisite, RedisServer};

use super::support::*;

const KEY: [u8; 32] = [42; 32];

/// One host: a `Host` on the world's network, the OAuth probe loaded into it, and a token store
/// on its own connection to `redis_url`.
struct OneHost {
    _host: Host,
    toolkit: ToolkitHandle,
    tokens: Arc<dyn TokenStore>,
}

async fn hosts(w: &World, redis_url: &str, n: usize) -> Vec<OneHost> {
    let probe = oauth_probe_dir(&w.upstream.url("auth.trove.test", "/token"));
    let mut all = Vec::new();
    for _ in 0..n {
        let host = Host::new(HostConfig { network: w.network_options(), ..HostConfig::default() }).unwrap();
        let toolkit = host.load(&probe, LoadOptions::default()).await.unwrap();
        // A patient timeout: what is tested is the coordination, and a command that times out
        // on a loaded machine would (rightly) make a host mint its own.
        let store = RedisStore::new(redis_url, RedisOptions { command_timeout: std::time::Duration::from_secs(5), ..RedisOptions::default() }).unwrap();
        let tokens = Arc::new(RedisTokens::new(store, TokenSealer::from_key(&KEY))) as Arc<dyn TokenStore>;
        all.push(OneHost { _host: host, toolkit, tokens });
    }
    all
}

impl OneHost {
    /// `fetch <apiHost>/api`: returns the `Authorization` the API saw.
    async fn call_api(&self, w: &World) -> String {
        let env = CallEnv { secrets: Arc::new(oauth_secrets()), tokens: Some(self.tokens.clone()), ..CallEnv::default() };
        let call = ToolCall::new("fetch", json!({ "url": w.upstream.url("api.trove.test", "/api") }), "u");
        let out = self.toolkit.call(call, env).await.unwrap();
        let e = out.envelope.json();
        assert_eq!(e["ok"], json!(true), "{e}");
        assert_eq!(e["result"]["structured"]["status"], 200, "{e}");
        e["result"]["structured"]["body"].as_str().unwrap().to_owned()
    }
}

#[tokio::test]
async fn four_hosts_mint_once_and_remint_once_after_a_401() {
    let redis = match RedisServer::start() {
        Ok(r) => r,
        Err(e) => return missing_prerequisite(&e),
    };
    let w = World::new().await;
    let fleet = hosts(&w, &redis.url(0), 4).await;

    // All four at once, none holding a token: one mints, the others wait for its token.
    let first = futures::future::join_all(fleet.iter().map(|h| h.call_api(&w))).await;
    assert_eq!(first, vec!["Bearer t1"; 4]);
    assert_eq!(w.upstream.state.hits("/token"), 1, "one mint for four hosts");
    for h in &fleet {
        assert_eq!(h.call_api(&w).await, "Bearer t1");
    }
    assert_eq!(w.upstream.state.hits("/token"), 1, "reused until expiry");

    // The API rejects t1 at one host: it evicts t1 and mints t2, once.
    w.upstream.state.api_unauthorized.store(1, Ordering::SeqCst);
    assert_eq!(fleet[0].call_api(&w).await, "Bearer t2");
    assert_eq!(w.upstream.state.hits("/token"), 2, "one re-mint after the 401");
    // Each other host, rejected in turn with the t1 it kept, finds t2 in Redis instead of
    // minting (its eviction of t1 never removes t2).
    for h in &fleet[1..] {
        w.upstream.state.api_unauthorized.store(1, Ordering::SeqCst);
        assert_eq!(h.call_api(&w).await, "Bearer t2");
    }
    assert_eq!(w.upstream.state.hits("/token"), 2, "still one re-mint for four hosts");

    // What Redis holds: one sealed value under an HMAC name, nothing in the clear.
    let keys: Vec<String> = redis.command(0, &["KEYS", "*"]).unwrap().lines().map(str::to_owned).collect();
    assert_eq!(keys.len(), 1, "one token, no claim left behind: {keys:?}");
    assert!(!keys[0].contains("client-1") && !keys[0].contains("egress-probe"), "{}", keys[0]);
    let sealer = TokenSealer::from_key(&KEY);
    let token_key = TokenKey {
        namespace: "egress-probe".into(),
        user_id: "u".into(),
        token_url: w.upstream.url("auth.trove.test", "/token"),
        scope: String::new(),
        client_id: "client-1".into(),
    };
    assert_eq!(keys[0], sealer.redis_key(&token_key));
    let stored = redis.get_bytes(0, &keys[0]).expect("the token is stored");
    assert_ne!(stored, b"t2", "not the token in the clear");
    assert_eq!(stored.len(), 2 + 12 + "t2".len() + 16, "version, nonce, ciphertext, tag");
    assert_eq!(sealer.open(&keys[0], &stored).as_deref(), Some("t2"), "sealed with the operator's key");
    assert_eq!(TokenSealer::from_key(&[7; 32]).open(&keys[0], &stored), None, "another key cannot open it");
    let ttl: i64 = redis.command(0, &["PTTL", &keys[0]]).unwrap().parse().unwrap();
    assert!(ttl > (3600 - 60 - 10) * 1000 && ttl <= (3600 - 60) * 1000, "kept until expires_in less the margin: PTTL {ttl}");
}

/// Redis unreachable: each host mints its own token, and every call still succeeds.
#[tokio::test]
async fn without_redis_each_host_mints_its_own() {
    let w = World::new().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let fleet = hosts(&w, &format!("redis://127.0.0.1:{port}/0"), 2).await;
    assert_eq!(fleet[0].call_api(&w).await, "Bearer t1");
    assert_eq!(fleet[1].call_api(&w).await, "Bearer t2", "the second host could not see the first's token");
    assert_eq!(fleet[0].call_api(&w).await, "Bearer t1", "each host keeps the token it minted");
    assert_eq!(w.upstream.state.hits("/token"), 2, "one mint per host while Redis is down");
}

/// A shared store where another host's token appears between this host's first look and its
/// claim (the other host stored it and let go of its claim in between).
struct StoredWhileClaiming {
    looks: std::sync::atomic::AtomicUsize,
}

#[async_trait::async_trait]
impl TokenStore for StoredWhileClaiming {
    async fn get(&self, _key: &TokenKey) -> Option<(String, std::time::Duration)> {
        let look = self.looks.fetch_add(1, Ordering::SeqCst);
        (look > 0).then(|| ("t-of-another-host".to_owned(), std::time::Duration::from_secs(600)))
    }
    async fn put(&self, _key: &TokenKey, _token: &str, _lifetime: std::time::Duration) {}
    async fn evict(&self, _key: &TokenKey, _token: &str) {}
    async fn claim_mint(&self, _key: &TokenKey, _lease: std::time::Duration) -> bool {
        true
    }
    async fn release_mint(&self, _key: &TokenKey) {}
}

#[tokio::test]
async fn a_token_stored_just_before_the_claim_is_used_not_minted_over() {
    let w = World::new().await;
    let probe = oauth_probe_dir(&w.upstream.url("auth.trove.test", "/token"));
    let host = Host::new(HostConfig { network: w.network_options(), ..HostConfig::default() }).unwrap();
    let one = OneHost {
        toolkit: host.load(&probe, LoadOptions::default()).await.unwrap(),
        _host: host,
        tokens: Arc::new(StoredWhileClaiming { looks: Default::default() }),
    };
    assert_eq!(one.call_api(&w).await, "Bearer t-of-another-host");
    assert_eq!(w.upstream.state.hits("/token"), 0, "no second mint over another host's token");
}
