//! `trove-host mcp` over stdio: the client starts the binary, as Claude Desktop or the MCP
//! Inspector would; for cancellation, this test binary serving the probe as `trove-host mcp`
//! does, its egress reaching a loopback upstream.

use std::path::PathBuf;

use serde_json::{json, Value};
use trove_host_server::mcp::McpOptions;

use crate::mcp::probe::{assert_the_cancellation_closed_the_upstream, cancellation_steps, probe_server, SilentUpstream};
use crate::{
    assert_standard_answers, assert_tools_match, cli_binary, conformance_toolkits, drive, drive_async, example_toolkits, fixture,
    listed, only_session, repo_root, standard_steps, PROBE_TOKEN,
};

/// A stdio transport that starts `trove-host mcp <toolkits>` with the probe's secret in its
/// environment and a data folder of its own.
fn stdio(toolkits: &[PathBuf]) -> Value {
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcp-stdio-home");
    let mut args = vec![json!("mcp")];
    args.extend(toolkits.iter().map(|t| json!(t.display().to_string())));
    json!({
        "kind": "stdio",
        "command": cli_binary().display().to_string(),
        "args": args,
        "env": { "TROVE_SECRET_PROBE_TOKEN": PROBE_TOKEN, "TROVE_HOST_HOME": home.display().to_string(), "RUST_LOG": "warn,trove=info" },
        "cwd": repo_root().display().to_string()
    })
}

#[test]
fn every_kind_of_answer_over_stdio() {
    let out = drive(&json!({ "transport": stdio(&[fixture("mcp-probe")]), "logLevel": "debug", "steps": standard_steps() }));
    let session = only_session(&out);
    assert_standard_answers(session);
    // The server's own log (stderr) has the secret redacted too.
    let stderr = session["stderr"].as_str().unwrap_or_default();
    assert!(stderr.contains("console sees [redacted]"), "{stderr}");
    assert!(!stderr.contains(PROBE_TOKEN), "{stderr}");
}

#[test]
fn without_a_log_level_no_log_notifications_are_sent() {
    let steps = json!([{ "op": "call", "name": "secret_log", "arguments": {} }]);
    let out = drive(&json!({ "transport": stdio(&[fixture("mcp-probe")]), "steps": steps }));
    let session = only_session(&out);
    assert_eq!(session["results"][0]["result"]["isError"], json!(false), "{session}");
    assert_eq!(session["logs"], json!([]));
}

#[test]
fn a_level_above_a_line_filters_it_out() {
    let steps = json!([{ "op": "call", "name": "secret_log", "arguments": {} }]);
    let out = drive(&json!({ "transport": stdio(&[fixture("mcp-probe")]), "logLevel": "warning", "steps": steps }));
    let session = only_session(&out);
    assert_eq!(session["logs"], json!([{ "level": "warning", "logger": "mcp-probe", "data": "console sees [redacted]" }]));
}

/// `tools/list` of `trove-host mcp <toolkits>` against each toolkit's `trove-host list`.
fn assert_lists_match(toolkits: &[PathBuf]) {
    let out = drive(&json!({ "transport": stdio(toolkits), "steps": [{ "op": "list" }] }));
    let session = only_session(&out);
    assert_tools_match(&session["results"][0]["result"]["tools"], &listed(toolkits));
}

#[test]
fn one_toolkit_lists_bare_names() {
    assert_lists_match(&[repo_root().join("toolkits").join("quakefeed")]);
}

#[test]
fn several_toolkits_list_prefixed_names() {
    let mut toolkits = example_toolkits();
    toolkits.push(fixture("mcp-probe"));
    assert_lists_match(&toolkits);
}

#[test]
fn the_conformance_toolkits_list_as_they_do_with_list() {
    match conformance_toolkits() {
        Ok(toolkits) => assert_lists_match(&toolkits),
        Err(reason) => trove_host_tests::missing_prerequisite(&reason),
    }
}

/// Set (to the upstream's certificate) in this test binary when the client below starts it
/// as the stdio server.
const SERVE_PROBE: &str = "TROVE_MCP_TEST_SERVE_PROBE_TRUSTING";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_call_over_stdio_closes_its_upstream_connection() {
    if let Some(cert) = std::env::var_os(SERVE_PROBE) {
        let cert = std::fs::read(cert).expect("the upstream's certificate");
        return probe_server(McpOptions::default(), Some(cert)).await.serve_stdio().await.expect("the stdio session");
    }
    let upstream = SilentUpstream::start().await;
    let cert = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-stdio-upstream-{}.pem", std::process::id()));
    std::fs::write(&cert, &upstream.cert_pem).expect("write the certificate");
    // This test again, in a process of its own. The harness prints a line or two of its own on
    // stdout before the test runs; the client skips lines that are not JSON-RPC.
    let test = format!("{}::cancelling_a_call_over_stdio_closes_its_upstream_connection", module_path!().split_once("::").unwrap().1);
    let transport = json!({
        "kind": "stdio",
        "command": std::env::current_exe().expect("this test binary").display().to_string(),
        "args": [test, "--exact", "--test-threads=1", "--quiet"],
        "env": { SERVE_PROBE: cert.display().to_string(), "RUST_LOG": "warn" },
        "cwd": repo_root().display().to_string()
    });
    let out = drive_async(json!({ "transport": transport, "steps": cancellation_steps(&upstream) })).await;
    let _ = std::fs::remove_file(&cert);
    assert_the_cancellation_closed_the_upstream(only_session(&out), &upstream).await;
}
