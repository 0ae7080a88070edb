//! `trove-host mcp` over stdio: the client starts the binary, as Claude Desktop or the MCP
//! Inspector would.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::{assert_standard_answers, assert_tools_match, cli_binary, drive, fixture, only_session, repo_root, standard_steps, PROBE_TOKEN};

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

/// `trove-host list <toolkit>`.
fn list(toolkit: &Path) -> Vec<Value> {
    let out = trove_host_tests::run_cli(&["list", &toolkit.display().to_string()], &[], None);
    assert!(out.status.success(), "list {}: {}", toolkit.display(), String::from_utf8_lossy(&out.stderr));
    let listed: Value = serde_json::from_slice(&out.stdout).expect("list prints JSON");
    listed.as_array().expect("a tool list").clone()
}

/// `tools/list` of `trove-host mcp <toolkits>` against each toolkit's `trove-host list`.
fn assert_lists_match(toolkits: &[PathBuf]) {
    let out = drive(&json!({ "transport": stdio(toolkits), "steps": [{ "op": "list" }] }));
    let session = only_session(&out);
    let listed: Vec<(String, Vec<Value>)> = toolkits
        .iter()
        .map(|toolkit| {
            let out = trove_host_tests::run_cli(&["manifest", &toolkit.display().to_string()], &[], None);
            let manifest: Value = serde_json::from_slice(&out.stdout).expect("manifest prints JSON");
            (manifest["id"].as_str().expect("id").to_owned(), list(toolkit))
        })
        .collect();
    assert_tools_match(&session["results"][0]["result"]["tools"], &listed);
}

fn example_toolkits() -> Vec<PathBuf> {
    ["quakefeed", "skyward", "hackernews"].iter().map(|t| repo_root().join("toolkits").join(t)).collect()
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
    let corpus = std::env::var_os("TROVE_CONFORMANCE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("..").join("shared").join("conformance"));
    let dir = corpus.join("toolkits");
    if !dir.is_dir() {
        return trove_host_tests::missing_prerequisite(&format!("no conformance corpus at {} (set TROVE_CONFORMANCE_CORPUS)", corpus.display()));
    }
    let mut toolkits: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("read the corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('_')))
        .collect();
    toolkits.sort();
    assert_eq!(toolkits.len(), 11, "the corpus has 11 toolkits: {toolkits:?}");
    assert_lists_match(&toolkits);
}

#[test]
fn http_beyond_loopback_needs_a_token() {
    let out = trove_host_tests::run_cli(&["mcp", "toolkits/quakefeed", "--http", "0.0.0.0:0"], &[], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("refusing to serve MCP on 0.0.0.0:0 without a bearer token (--token-file)"),
        "{stderr}"
    );
}

#[test]
fn a_token_an_http_header_cannot_carry_is_refused() {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mcp-token-non-ascii");
    std::fs::write(&file, "t\u{f6}k\u{e9}n-0123456789abcdef\n").expect("write the token file");
    let out = trove_host_tests::run_cli(&["mcp", "toolkits/quakefeed", "--http", "127.0.0.1:0", "--token-file", &file.display().to_string()], &[], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("must hold one token of visible ASCII characters"), "{stderr}");
}
