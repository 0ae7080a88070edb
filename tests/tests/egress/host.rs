//! Egress through a `Host`'s own network settings (a call whose `CallEnv` names none): the
//! same policy holds, the request goes out from the instance's own client, and it keeps working
//! after the embedder dropped its `Host` (a `ToolkitHandle` keeps the host's parts alive).

use serde_json::json;
use trove_host::{CallEnv, Host, HostConfig, LoadOptions, ToolCall};

use super::support::*;

#[tokio::test]
async fn a_handle_reaches_the_network_through_its_host_after_the_host_is_dropped() {
    let w = World::new().await;
    let host = Host::new(HostConfig { network: w.network_options(), ..HostConfig::default() }).unwrap();
    let probe = host.load(&probe_dir(), LoadOptions::default()).await.unwrap();
    drop(host);
    let url = w.upstream.url("api.trove.test", "/ok");
    let out = probe.call(ToolCall::new("fetch", json!({ "url": url }), "u"), CallEnv::default()).await.unwrap();
    assert_eq!(result(&out)["status"], json!(200), "{}", out.envelope);
    assert_eq!(w.upstream.state.hits("/ok"), 1);
    // The policy is the same as with any other transport: a private name is refused after DNS.
    let private = w.forbidden_url("private.trove.test", "/");
    let out = probe.call(ToolCall::new("fetch", json!({ "url": private }), "u"), CallEnv::default()).await.unwrap();
    assert_tool_error(&out, "Refusing egress to a private, loopback, or link-local address.", false);
    assert_eq!(w.forbidden.settled_accepts().await, 0);
}
