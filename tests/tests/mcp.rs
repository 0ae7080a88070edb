//! `trove-host mcp` (the `trove-host-server` crate's `mcp` module) driven by a **real MCP
//! client**: the official TypeScript SDK's `Client` (npm `@modelcontextprotocol/sdk`, pinned in
//! `js/mcp-client`, installed by `scripts/install-node-deps`), through `js/mcp-client/drive.mjs`.
//!
//! - [`mcp::stdio`]: the `trove-host mcp` binary started by the client over stdio: every kind
//!   of answer, and tool lists against `trove-host list` for the example and conformance
//!   toolkits; and cancellation closing the upstream's connection, with this test binary as
//!   the stdio server (so its egress can reach a loopback upstream).
//! - [`mcp::http`]: an `McpServer` in this process over streamable HTTP (so its egress can
//!   reach a loopback upstream through the test-only resolver): sessions, tool lists against
//!   `trove-host list`, cancellation that closes the upstream's connection, Host, Origin and
//!   bearer-token checks and their order, 50 sessions × 20 calls.
//! - [`mcp::cli`]: the `trove-host mcp --http` binary: a client with its bearer token, and
//!   the flags it refuses.
//! - [`mcp::probe`]: the probe served in a test process, and the cancellation scenario.
//!
//! Fixtures: `tests/fixtures/mcp-probe`; `echo` and `vault` for the binary over HTTP.

mod mcp {
    pub mod cli;
    pub mod http;
    pub mod probe;
    pub mod stdio;
}

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

pub use trove_host_tests::{cli_binary, fixture, repo_root};

/// The secret the probe reads (stand-in value, long enough that its encodings are redacted).
pub const PROBE_TOKEN: &str = "s3cr3t-probe-token-value";

/// Runs `scenario` through the MCP client ([`trove_host_tests::mcp_drive`]).
pub fn drive(scenario: &Value) -> Value {
    trove_host_tests::mcp_drive(scenario)
}

/// [`drive`] from async code.
pub async fn drive_async(scenario: Value) -> Value {
    tokio::task::spawn_blocking(move || drive(&scenario)).await.expect("the MCP client's thread")
}

/// The one session of a scenario's output, which must have connected.
pub fn only_session(out: &Value) -> &Value {
    let sessions = out["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 1, "{out}");
    let session = &sessions[0];
    assert_eq!(session["connect"]["ok"], json!(true), "did not connect: {session}");
    session
}

/// The steps every transport runs against the probe (after `initialize` and
/// `logging/setLevel debug`), checked by [`assert_standard_answers`].
pub fn standard_steps() -> Value {
    json!([
        { "op": "call", "name": "echo", "arguments": { "session": 7, "i": 3 } },
        { "op": "call", "name": "weather", "arguments": { "city": "Oslo" } },
        { "op": "call", "name": "fail", "arguments": {} },
        { "op": "call", "name": "echo", "arguments": { "session": "seven" } },
        { "op": "call", "name": "fetch_elsewhere" },
        { "op": "call", "name": "secret_log", "arguments": {} },
        { "op": "call", "name": "no_such_tool", "arguments": {} },
        { "op": "request", "method": "tools/call", "params": { "name": 5 } },
        { "op": "request", "method": "tools/call", "params": { "name": "echo", "arguments": "x" } },
        { "op": "request", "method": "logging/setLevel", "params": { "level": "loud" } }
    ])
}

/// What [`standard_steps`] must get back, whatever the transport.
pub fn assert_standard_answers(session: &Value) {
    let connect = &session["connect"];
    assert_eq!(connect["serverInfo"]["name"], json!("trove-host"), "{connect}");
    assert!(connect["capabilities"]["tools"].is_object(), "{connect}");
    assert!(connect["capabilities"]["logging"].is_object(), "{connect}");
    let results = session["results"].as_array().expect("results");
    assert_eq!(results.len(), 10, "{session}");
    let result = |i: usize| {
        let r = &results[i];
        assert!(r.get("error").is_none(), "step {i} got a protocol error: {r}");
        &r["result"]
    };

    // A text result: one text block, no structured content, not an error.
    assert_eq!(result(0)["content"], json!([{ "type": "text", "text": "local-user:7:3" }]));
    assert!(result(0).get("structuredContent").is_none(), "{}", result(0));
    assert_ne!(result(0)["isError"], json!(true));

    // A structured result: the text, and the envelope's structuredContent.
    assert_eq!(result(1)["content"], json!([{ "type": "text", "text": "Oslo: 21 °C" }]));
    assert_eq!(result(1)["structuredContent"], json!({ "city": "Oslo", "celsius": 21 }));

    // A ToolError: a tool result with isError, its message, and the envelope's code/retryable.
    assert_eq!(result(2)["isError"], json!(true));
    assert_eq!(result(2)["content"], json!([{ "type": "text", "text": "the upstream said no" }]));
    assert_eq!(result(2)["_meta"], json!({ "dev.ontrove/code": "TOOL_ERROR", "dev.ontrove/retryable": true }));

    // Arguments the input schema refuses: a tool result (the model can correct itself).
    assert_eq!(result(3)["isError"], json!(true));
    assert_eq!(result(3)["_meta"]["dev.ontrove/code"], json!("INVALID_PARAMS"));
    // The contract's message (§4): every issue, `<path>: <message>` joined by `; `.
    assert_eq!(
        result(3)["content"],
        json!([{ "type": "text", "text": "invalid arguments for \"echo\": session: Invalid input: expected number, received string; i: Invalid input: expected number, received undefined" }])
    );

    // An egress refusal: the contract's message, decided in Rust before any network.
    assert_eq!(result(4)["isError"], json!(true));
    assert_eq!(
        result(4)["content"],
        json!([{ "type": "text", "text": "Egress to \"undeclared.mcp.test\" is not in the server's egress allowlist." }])
    );
    assert_eq!(result(4)["_meta"], json!({ "dev.ontrove/code": "TOOL_ERROR", "dev.ontrove/retryable": false }));

    // A secret read: the result says it was read; the log notifications have it redacted.
    assert_eq!(result(5)["content"], json!([{ "type": "text", "text": format!("token of length {}", PROBE_TOKEN.len()) }]));
    assert_eq!(
        session["logs"],
        json!([
            { "level": "info", "logger": "mcp-probe", "data": ["token is", "[redacted]"] },
            { "level": "warning", "logger": "mcp-probe", "data": "console sees [redacted]" }
        ])
    );
    assert!(!session.to_string().contains(PROBE_TOKEN), "the secret reached the client: {session}");

    // An unknown tool: a JSON-RPC error (invalid params), not a tool result.
    let unknown = &results[6];
    assert_eq!(unknown["error"]["code"], json!(-32602), "{unknown}");
    assert!(unknown["error"]["message"].as_str().is_some_and(|m| m.ends_with("Unknown tool: no_such_tool")), "{unknown}");

    // Params that are not the method's at all: invalid params too (not rmcp's method not
    // found), saying what did not fit.
    for (i, method, why) in [
        (7, "tools/call", "invalid type: integer `5`, expected a string"),
        (8, "tools/call", "invalid type: string \"x\", expected a map"),
        (9, "logging/setLevel", "unknown variant `loud`"),
    ] {
        let r = &results[i];
        assert_eq!(r["error"]["code"], json!(-32602), "step {i}: {r}");
        let message = r["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(&format!("invalid params for {method}: {why}")), "step {i}: {r}");
    }
}

/// A `tools/list` answer is each toolkit's own list (`listed`: toolkit id and its `list`
/// entries, in served order), named `<id>__<tool>` when there are several: every MCP field
/// equal, `alwaysOn`/`mutating` in `_meta`, nothing else added.
pub fn assert_tools_match(tools: &Value, listed: &[(String, Vec<Value>)]) {
    let tools = tools.as_array().expect("tools/list");
    let mut expected = Vec::new();
    for (id, entries) in listed {
        for entry in entries {
            let name = entry["name"].as_str().expect("name");
            let name = if listed.len() > 1 { format!("{id}__{name}") } else { name.to_owned() };
            expected.push((name, entry));
        }
    }
    assert_eq!(tools.len(), expected.len(), "tools/list has {} tools, list {}", tools.len(), expected.len());
    for (tool, (name, entry)) in tools.iter().zip(&expected) {
        assert_eq!(tool["name"], json!(name), "{tool}");
        for key in ["title", "description", "inputSchema", "outputSchema", "annotations"] {
            assert_eq!(tool.get(key), entry.get(key), "{name}: {key} differs\n mcp:  {tool}\n list: {entry}");
        }
        let mut meta = serde_json::Map::new();
        if let Some(v) = entry.get("alwaysOn") {
            meta.insert("dev.ontrove/alwaysOn".into(), v.clone());
        }
        if let Some(v) = entry.get("mutating") {
            meta.insert("dev.ontrove/mutating".into(), v.clone());
        }
        assert_eq!(tool.get("_meta"), (!meta.is_empty()).then_some(&Value::Object(meta)), "{name}: _meta");
        let extra: Vec<&String> = tool
            .as_object()
            .expect("a tool")
            .keys()
            .filter(|k| !["name", "title", "description", "inputSchema", "outputSchema", "annotations", "_meta"].contains(&k.as_str()))
            .collect();
        assert!(extra.is_empty(), "{name}: fields list does not have: {extra:?}");
    }
}

/// `trove-host list <toolkit>`.
fn list(toolkit: &Path) -> Vec<Value> {
    let out = trove_host_tests::run_cli(&["list", &toolkit.display().to_string()], &[], None);
    assert!(out.status.success(), "list {}: {}", toolkit.display(), String::from_utf8_lossy(&out.stderr));
    let listed: Value = serde_json::from_slice(&out.stdout).expect("list prints JSON");
    listed.as_array().expect("a tool list").clone()
}

/// Each toolkit's id (`trove-host manifest`) and tool list (`trove-host list`), for
/// [`assert_tools_match`].
pub fn listed(toolkits: &[PathBuf]) -> Vec<(String, Vec<Value>)> {
    toolkits
        .iter()
        .map(|toolkit| {
            let out = trove_host_tests::run_cli(&["manifest", &toolkit.display().to_string()], &[], None);
            let manifest: Value = serde_json::from_slice(&out.stdout).expect("manifest prints JSON");
            (manifest["id"].as_str().expect("id").to_owned(), list(toolkit))
        })
        .collect()
}

/// The example toolkits.
pub fn example_toolkits() -> Vec<PathBuf> {
    ["quakefeed", "skyward", "hackernews"].iter().map(|t| repo_root().join("toolkits").join(t)).collect()
}

/// The conformance corpus's 11 toolkits (`TROVE_CONFORMANCE_CORPUS`, default
/// `../shared/conformance`), or why there are none (for [`trove_host_tests::missing_prerequisite`]).
pub fn conformance_toolkits() -> Result<Vec<PathBuf>, String> {
    let corpus = std::env::var_os("TROVE_CONFORMANCE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("..").join("shared").join("conformance"));
    let dir = corpus.join("toolkits");
    if !dir.is_dir() {
        return Err(format!("no conformance corpus at {} (set TROVE_CONFORMANCE_CORPUS)", corpus.display()));
    }
    let mut toolkits: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('_')))
        .collect();
    toolkits.sort();
    assert_eq!(toolkits.len(), 11, "the corpus has 11 toolkits: {toolkits:?}");
    Ok(toolkits)
}
