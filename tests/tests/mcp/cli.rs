//! The `trove-host mcp --http` binary, end to end: the flags it reads (bound URL on stderr,
//! bearer token from a file, the caller's user and scopes) and the ones it refuses.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use crate::{cli_binary, drive, fixture, only_session, repo_root};

/// A running `trove-host` (killed when dropped) and the URL it printed.
struct Running {
    _process: trove_host_tests::KilledOnDrop,
    url: String,
}

/// Starts `trove-host args…` and waits for its `trove-host: MCP on <url>` line on stderr.
fn start(args: &[&str], home: &std::path::Path) -> Running {
    let mut child = Command::new(cli_binary())
        .args(args)
        .current_dir(repo_root())
        .env_remove("RUST_LOG")
        .env("TROVE_HOST_HOME", home)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run trove-host");
    let stderr = child.stderr.take().expect("stderr");
    let (url, printed) = mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(at) = line.strip_prefix("trove-host: MCP on ") {
                let _ = url.send(Ok(at.to_owned()));
            }
            seen.push_str(&line);
            seen.push('\n');
        }
        let _ = url.send(Err(seen));
    });
    let mut running = Running { _process: trove_host_tests::KilledOnDrop(child), url: String::new() };
    match printed.recv_timeout(Duration::from_secs(120)) {
        Ok(Ok(url)) => running.url = url,
        Ok(Err(stderr)) => panic!("trove-host ended without serving:\n{stderr}"),
        Err(_) => panic!("trove-host printed no URL within 2 minutes"),
    }
    running
}

#[test]
fn the_binary_serves_http_to_a_client_with_its_token() {
    const TOKEN: &str = "mcp-cli-token-7f3a9c2e51d04b68";
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-cli-http-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let token_file = dir.join("token");
    std::fs::write(&token_file, format!("{TOKEN}\n")).expect("write the token file");
    #[cfg(unix)]
    std::fs::set_permissions(&token_file, std::os::unix::fs::PermissionsExt::from_mode(0o600)).expect("chmod 600");
    let (echo, vault) = (fixture("echo").display().to_string(), fixture("vault").display().to_string());
    let token_path = token_file.display().to_string();
    let args = ["mcp", &echo, &vault, "--http", "127.0.0.1:0", "--token-file", &token_path, "--user", "mcp-user", "--scope", "trove:search"];
    let running = start(&args, &dir.join("home"));
    assert!(running.url.starts_with("http://127.0.0.1:") && running.url.ends_with("/mcp"), "{}", running.url);

    let transport = |headers: Value| json!({ "kind": "http", "url": running.url, "headers": headers });
    let out = drive(&json!({
        "transport": transport(json!({ "Authorization": format!("Bearer {TOKEN}") })),
        "steps": [
            { "op": "list" },
            { "op": "call", "name": "echo__echo", "arguments": { "n": 3, "tag": "t" } },
            { "op": "call", "name": "vault__has_trove", "arguments": {} }
        ]
    }));
    let session = only_session(&out);
    let names: Vec<&str> = session["results"][0]["result"]["tools"].as_array().expect("tools").iter().filter_map(|t| t["name"].as_str()).collect();
    assert!(names.contains(&"echo__echo") && names.contains(&"vault__has_trove"), "{names:?}");
    // --user is every call's ctx.userId; --scope trove:search gives the vault (which declares it) ctx.trove.
    assert_eq!(session["results"][1]["result"]["content"], json!([{ "type": "text", "text": "mcp-user:t:3" }]), "{session}");
    assert_eq!(session["results"][2]["result"]["content"], json!([{ "type": "text", "text": "true" }]), "{session}");

    for headers in [json!({}), json!({ "Authorization": "Bearer not-the-token" })] {
        let out = drive(&json!({ "transport": transport(headers.clone()), "steps": [] }));
        assert_eq!(out["sessions"][0]["connect"]["error"]["code"], json!(401), "{headers}: {out}");
    }
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
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

/// What one `trove-host mcp <toolkit>` over stdio wrote: its stdout's JSON messages, its stdout
/// and stderr as text, and its exit status.
struct StdioSession {
    messages: Vec<Value>,
    stdout: String,
    stderr: String,
    status: std::process::ExitStatus,
}

/// Starts `trove-host mcp <toolkit>` with `env`, writes `lines` to its stdin at once (a client
/// that pipelines), closes it, and reads everything the process writes until it exits.
fn stdio_session(name: &str, toolkit: &str, env: &[(&str, &str)], lines: &[Value]) -> StdioSession {
    use std::io::{Read, Write};
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-{name}-{}", std::process::id()));
    let mut child = Command::new(cli_binary())
        .args(["mcp", &fixture(toolkit).display().to_string()])
        .current_dir(repo_root())
        .env_remove("RUST_LOG")
        .env("TROVE_HOST_HOME", &home)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run trove-host mcp");
    let mut stdin = child.stdin.take().expect("stdin");
    let all: String = lines.iter().map(|line| format!("{line}\n")).collect();
    stdin.write_all(all.as_bytes()).expect("write to trove-host mcp");
    drop(stdin);
    let mut stdout = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut stdout).expect("read stdout");
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("read stderr");
    let status = child.wait().expect("wait for trove-host mcp");
    let _ = std::fs::remove_dir_all(&home);
    let messages = stdout.lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
    StdioSession { messages, stdout, stderr, status }
}

/// `initialize` (id 1) and `notifications/initialized`, as a client opens a session.
fn opening() -> [Value; 2] {
    [
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } } }),
        json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }),
    ]
}

/// A client that closes stdin has cancelled nothing (MCP cancels with
/// `notifications/cancelled`): the call it sent runs to its end, its result is written, and
/// the process exits 0 after it. A call longer than rmcp's own wait on a closed input (about
/// 5 s) was cut off before (found by a hostile review).
#[test]
fn closing_stdin_lets_the_running_call_answer() {
    let [initialize, initialized] = opening();
    let call = json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": { "name": "slow", "arguments": { "ms": 6500 } } });
    let StdioSession { messages, stdout, stderr, status } = stdio_session("stdin-close", "echo", &[], &[initialize, initialized, call]);
    let answer = messages
        .iter()
        .find(|message| message["id"] == json!(2))
        .unwrap_or_else(|| panic!("no answer to the call\nstdout:\n{stdout}\nstderr:\n{stderr}"));
    assert_eq!(answer["result"]["content"][0]["text"], json!("slept 6500 ms"), "{answer}\n{stderr}");
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("cancelled"), "{stderr}");
}

/// A client that pipelines (`printf '…' | trove-host mcp`, as the README shows) sends
/// `logging/setLevel` and the `tools/call` behind it without waiting for the first answer;
/// rmcp runs the two concurrently. The call's lines still go out as notifications, before its
/// result (review 61, F1: none were sent). Reading the level as each line is written was not
/// enough: in a CI run the call's first line was written before the level's task ran. The
/// reader of stdin now applies the level as it reads the request.
#[test]
fn a_call_pipelined_behind_set_level_sends_its_log_lines() {
    let [initialize, initialized] = opening();
    let lines = [
        initialize,
        initialized,
        json!({ "jsonrpc": "2.0", "id": 2, "method": "logging/setLevel", "params": { "level": "debug" } }),
        json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": { "name": "secret_log", "arguments": {} } }),
    ];
    let env = [("TROVE_SECRET_PROBE_TOKEN", crate::PROBE_TOKEN)];
    let StdioSession { messages, stdout, stderr, status } = stdio_session("pipelined", "mcp-probe", &env, &lines);
    let answered = messages.iter().position(|m| m["id"] == json!(3)).unwrap_or_else(|| panic!("no answer to the call\n{stdout}\n{stderr}"));
    assert_eq!(messages[answered]["result"]["isError"], json!(false), "{stdout}");
    let logs: Vec<&Value> = messages[..answered].iter().filter(|m| m["method"] == json!("notifications/message")).map(|m| &m["params"]).collect();
    assert_eq!(
        logs,
        [
            &json!({ "level": "info", "logger": "mcp-probe", "data": ["token is", "[redacted]"] }),
            &json!({ "level": "warning", "logger": "mcp-probe", "data": "console sees [redacted]" })
        ],
        "{stdout}\n{stderr}"
    );
    assert_eq!(status.code(), Some(0), "{stderr}");
}

/// Two `logging/setLevel` requests pipelined one after the other take effect in the order sent
/// (rmcp's tasks for them ran in either order: review 62), so the call behind them, at `debug`
/// after `error`, sends both its lines.
#[test]
fn pipelined_set_levels_take_effect_in_the_order_sent() {
    let [initialize, initialized] = opening();
    let lines = [
        initialize,
        initialized,
        json!({ "jsonrpc": "2.0", "id": 2, "method": "logging/setLevel", "params": { "level": "error" } }),
        json!({ "jsonrpc": "2.0", "id": 3, "method": "logging/setLevel", "params": { "level": "debug" } }),
        json!({ "jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": { "name": "secret_log", "arguments": {} } }),
    ];
    let env = [("TROVE_SECRET_PROBE_TOKEN", crate::PROBE_TOKEN)];
    let StdioSession { messages, stdout, stderr, status } = stdio_session("pipelined-levels", "mcp-probe", &env, &lines);
    let answered = messages.iter().position(|m| m["id"] == json!(4)).unwrap_or_else(|| panic!("no answer to the call\n{stdout}\n{stderr}"));
    let levels: Vec<&Value> =
        messages[..answered].iter().filter(|m| m["method"] == json!("notifications/message")).map(|m| &m["params"]["level"]).collect();
    assert_eq!(levels, [&json!("info"), &json!("warning")], "{stdout}\n{stderr}");
    for id in [2, 3] {
        let answer = messages.iter().find(|m| m["id"] == json!(id)).unwrap_or_else(|| panic!("no answer to {id}\n{stdout}"));
        assert_eq!(answer["result"], json!({}), "{answer}");
    }
    assert_eq!(status.code(), Some(0), "{stderr}");
}
