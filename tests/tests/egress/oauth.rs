//! OAuth2 client credentials (contract §5): the token request goes through the same egress
//! checks, the Bearer goes only to `apiHost` (and not across a redirect), one re-mint on
//! 401/403, mint failures mapped as the contract says.

use std::sync::atomic::Ordering;

use base64::Engine as _;
use serde_json::json;
use trove_host_ops::egress::EgressBudgets;

use super::support::*;

async fn oauth_probe(token_url: &str) -> trove_host::Toolkit {
    load(&oauth_probe_dir(token_url)).await
}

/// The client credentials come from an in-memory store (no process environment: tests run in
/// parallel, and an embedder's call has no secret source unless it picks one).
fn env(w: &World) -> trove_host_ops::CallEnv {
    let mut env = w.env();
    env.secrets = std::sync::Arc::new(oauth_secrets());
    env
}

async fn call_api(w: &World, tk: &mut trove_host::Toolkit, url: &str) -> trove_host::CallOutcome {
    call(tk, env(w), "fetch", json!({ "url": url })).await
}

/// The message a probe whose `tokenUrl` is `token_url` fails to load with (host rule: a token
/// request the egress policy refuses makes the toolkit unusable, so it is a load problem, not
/// a surprise at every call).
async fn token_url_load_error(token_url: &str) -> String {
    match trove_host::Toolkit::load(&oauth_probe_dir(token_url)).await {
        Ok(_) => panic!("a toolkit minting at {token_url} loaded"),
        Err(e) => e.to_string(),
    }
}

#[tokio::test]
async fn token_url_private_literal() {
    let w = World::new().await;
    let url = w.forbidden_url("127.0.0.1", "/token");
    let message = token_url_load_error(&url).await;
    assert!(message.contains(&format!("auth.tokenUrl \"{url}\" is refused: {PRIVATE}")), "{message}");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

#[tokio::test]
async fn token_url_not_allowlisted() {
    let w = World::new().await;
    let url = w.forbidden_url("evil.trove.test", "/token");
    let message = token_url_load_error(&url).await;
    assert!(message.contains(&format!("auth.tokenUrl \"{url}\" is refused: {}", not_allowed("evil.trove.test"))), "{message}");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

#[tokio::test]
async fn token_url_http() {
    let w = World::new().await;
    let url = format!("http://auth.trove.test:{}/token", w.forbidden.port);
    let message = token_url_load_error(&url).await;
    assert!(message.contains(&format!("auth.tokenUrl \"{url}\" is refused: {NON_HTTPS}")), "{message}");
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

/// The token endpoint redirects the credentials POST to a private address.
#[tokio::test]
async fn token_endpoint_redirects_to_private() {
    let w = World::new().await;
    *w.upstream.state.token_mode.lock().unwrap() = Some(TokenMode::Redirect(w.forbidden_url("127.0.0.1", "/steal")));
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let out = call_api(&w, &mut tk, &w.upstream.url("api.trove.test", "/api")).await;
    assert_tool_error(&out, PRIVATE, false);
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}

fn authorization_seen(w: &World, path: &str) -> Vec<Option<String>> {
    w.upstream
        .state
        .requests()
        .iter()
        .filter(|r| r["path"].as_str().unwrap().starts_with(path))
        .map(|r| {
            r["headers"].as_array().unwrap().iter().find(|h| h[0] == "authorization").map(|h| h[1].as_str().unwrap().to_owned())
        })
        .collect()
}

/// The Bearer goes to `apiHost` only: not to another allowlisted host, and not across a
/// redirect from `apiHost` to it. One mint serves both calls (cached per client id).
#[tokio::test]
async fn bearer_only_for_api_host() {
    let w = World::new().await;
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let out = call_api(&w, &mut tk, &w.upstream.url("api.trove.test", "/api")).await;
    assert_eq!(result(&out)["body"], "Bearer t1");
    let out = call_api(&w, &mut tk, &w.upstream.url("cdn.trove.test", "/echo")).await;
    assert_eq!(result(&out)["status"], 200);
    let hop = w.upstream.url("api.trove.test", &format!("/redirect?to={}", url_encode(&w.upstream.url("cdn.trove.test", "/echo"))));
    let out = call_api(&w, &mut tk, &hop).await;
    assert_eq!(result(&out)["status"], 200);
    assert_eq!(authorization_seen(&w, "/echo"), vec![None, None], "no Bearer off apiHost");
    assert_eq!(authorization_seen(&w, "/redirect"), vec![Some("Bearer t1".to_owned())]);
    assert_eq!(w.upstream.state.hits("/token"), 1, "the token is cached");
}

/// A kept token goes only to the user whose call minted it: another user (another tenant under
/// `serve --platform`, whose secrets are its own) who names the same client id with a guessed
/// client secret mints with those credentials, which the endpoint then judges, and never gets
/// the first user's token (review 27). The client secret is still read only to mint.
#[tokio::test]
async fn a_token_is_kept_per_user() {
    let w = World::new().await;
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let api = w.upstream.url("api.trove.test", "/api");
    let out = call_api(&w, &mut tk, &api).await;
    assert_eq!(result(&out)["body"], "Bearer t1");
    let mut guessing = w.env();
    let mut secrets = trove_host::MemorySecrets::new();
    secrets.set("egress-probe", "EGRESS_CLIENT_ID", Some("client-1".into()));
    secrets.set("egress-probe", "EGRESS_CLIENT_SECRET", Some("a guess".into()));
    guessing.secrets = std::sync::Arc::new(secrets);
    let out = tk.call(&trove_host::ToolCall::new("fetch", json!({ "url": api }), "mallory"), guessing).await;
    assert_eq!(result(&out)["body"], "Bearer t2", "not the token the first user's secret minted");
    let basic = |pair: &str| format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(pair));
    assert_eq!(authorization_seen(&w, "/token"), vec![Some(basic("client-1:shh")), Some(basic("client-1:a guess"))]);
    // The first user's token is still its own, reused without reading the client secret.
    let out = call_api(&w, &mut tk, &api).await;
    assert_eq!(result(&out)["body"], "Bearer t1");
    assert_eq!(w.upstream.state.hits("/token"), 2);
}

fn url_encode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// 401 from `apiHost`: evict, mint once more, retry once.
#[tokio::test]
async fn remint_once_on_401() {
    let w = World::new().await;
    w.upstream.state.api_unauthorized.store(1, Ordering::SeqCst);
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let out = call_api(&w, &mut tk, &w.upstream.url("api.trove.test", "/api")).await;
    assert_eq!(result(&out)["body"], "Bearer t2");
    assert_eq!(w.upstream.state.hits("/token"), 2);
    assert_eq!(w.upstream.state.hits("/api"), 2);
    // A second 401 after the re-mint is the toolkit's to see: no third mint.
    w.upstream.state.api_unauthorized.store(2, Ordering::SeqCst);
    let out = call_api(&w, &mut tk, &w.upstream.url("api.trove.test", "/api")).await;
    assert_eq!(result(&out)["status"], 401);
    assert_eq!(w.upstream.state.hits("/token"), 3);
}

async fn mint_failure(mode: TokenMode, message: &str, retryable: bool) {
    let w = World::new().await;
    *w.upstream.state.token_mode.lock().unwrap() = Some(mode);
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let out = call_api(&w, &mut tk, &w.upstream.url("api.trove.test", "/api")).await;
    assert_tool_error(&out, message, retryable);
    assert_eq!(w.upstream.state.hits("/api"), 0, "no request without a token");
}

#[tokio::test]
async fn mint_rejected() {
    mint_failure(TokenMode::Status(401), "OAuth client credentials were rejected (check the configured secrets).", false).await;
}

#[tokio::test]
async fn mint_unavailable() {
    mint_failure(TokenMode::Status(503), "OAuth token endpoint is temporarily unavailable.", true).await;
}

#[tokio::test]
async fn mint_without_token() {
    mint_failure(TokenMode::NoToken, "OAuth token endpoint returned no access_token.", true).await;
}

/// Token mints count against the call's request budget.
#[tokio::test]
async fn mint_counts_against_the_budget() {
    let w = World::new().await;
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let mut env = env(&w);
    env.budgets = EgressBudgets { max_requests: 1, ..EgressBudgets::default() };
    let out = call(&mut tk, env, "fetch", json!({ "url": w.upstream.url("api.trove.test", "/api") })).await;
    assert_tool_error(&out, "Egress budget exhausted: a call may send at most 1 requests.", false);
    assert_eq!(w.upstream.state.hits("/token"), 1);
    assert_eq!(w.upstream.state.hits("/api"), 0);
}

/// Every read fails (an unreadable keyring entry, a failing platform callback).
struct Unreadable;

#[async_trait::async_trait]
impl trove_host_ops::secrets::SecretProvider for Unreadable {
    async fn get(&self, _toolkit: &str, name: &str) -> Result<Option<String>, trove_host_ops::secrets::SecretError> {
        Err(trove_host_ops::secrets::SecretError::Provider(format!("keyring: cannot read {name}: permission denied")))
    }
}

/// A client credential that cannot be read is not "unset" (which would ask the user to set a
/// secret that is set; review 17): the fetch fails as a network failure would, no token is
/// minted, and an unset one is still the contract's "is not set".
#[tokio::test]
async fn an_unreadable_client_credential_is_not_reported_unset() {
    let w = World::new().await;
    let mut tk = oauth_probe(&w.upstream.url("auth.trove.test", "/token")).await;
    let mut unreadable = w.env();
    unreadable.secrets = std::sync::Arc::new(Unreadable);
    let out = call(&mut tk, unreadable, "fetch", json!({ "url": w.upstream.url("api.trove.test", "/api") })).await;
    assert_threw(&out, "TypeError: fetch failed");
    let mut unset = w.env();
    unset.secrets = std::sync::Arc::new(trove_host::MemorySecrets::new());
    let out = call(&mut tk, unset, "fetch", json!({ "url": w.upstream.url("api.trove.test", "/api") })).await;
    assert_tool_error(&out, "EGRESS_CLIENT_ID is not set. Run `trove secret set <server> EGRESS_CLIENT_ID --from-stdin`.", false);
    assert_eq!((w.upstream.state.hits("/token"), w.upstream.state.hits("/api")), (0, 0));
}
