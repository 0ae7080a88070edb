//! The `trove-host` command line: help, `list`, `manifest`, `call` (exit codes 0/1/2, stdout
//! only the envelope, logs on stderr, `--args-file`, `--replay`, `--now`, env secrets).
//! The binary is found (and built on first use) by `trove_host_tests::cli_binary`.

use std::path::PathBuf;
use std::process::Output;
use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::{fixture, scratch_toolkit};

fn trove_host(args: &[&str]) -> Output {
    trove_host_with(args, &[])
}

fn trove_host_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    // ctx.cache and the local knowledge base go to a scratch home, never the user's.
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    let home = HOME.get_or_init(|| scratch_toolkit("cli-home", &[(".keep", "")]));
    let home = home.to_str().expect("UTF-8 path");
    let mut all = vec![("TROVE_HOST_HOME", home)];
    all.extend_from_slice(env);
    trove_host_tests::run_cli(args, &all, None)
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// stdout parsed as one JSON document (fails if anything else is printed there).
fn stdout_json(out: &Output) -> Value {
    serde_json::from_str(&stdout(out))
        .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}):\n{}\nstderr:\n{}", stdout(out), stderr(out)))
}

fn envelopes() -> String {
    fixture("envelopes").display().to_string()
}

#[test]
fn help_lists_every_subcommand_and_flag() {
    let out = trove_host(&["--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let help = stdout(&out);
    // The "Commands:" section, up to the next blank line.
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for sub in ["list", "manifest", "call", "serve", "conformance"] {
        assert!(commands.contains(&sub), "--help should list `{sub}`:\n{help}");
    }
    // Every listed subcommand has its own help.
    for sub in commands.iter().filter(|c| **c != "help") {
        let out = trove_host(&[sub, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{sub} --help: {}", stderr(&out));
        assert!(stdout(&out).contains("Usage: trove-host"), "{sub} --help:\n{}", stdout(&out));
    }
    assert!(help.contains("TROVE_SECRET_"), "--help should say where secrets come from:\n{help}");

    let out = trove_host(&["call", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for flag in ["--args", "--args-file", "--user", "--scope", "--config", "--replay", "--now"] {
        assert!(help.contains(flag), "call --help should list {flag}:\n{help}");
    }
    let out = trove_host(&["conformance", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = stdout(&out);
    for flag in ["--results", "--verbose"] {
        assert!(help.contains(flag), "conformance --help should list {flag}:\n{help}");
    }
}

#[test]
fn list_prints_the_tool_list_as_json() {
    let out = trove_host(&["list", &envelopes()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let tools = stdout_json(&out);
    let names: Vec<&str> = tools.as_array().expect("an array").iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(
        names,
        ["echo", "text_only", "with_structured", "typed_ok", "typed_bad", "typed_plain", "fail_retryable", "fail_final", "crash", "bad_return", "chatty"]
    );
    assert_eq!(tools[0]["inputSchema"]["type"], json!("object"));
    assert_eq!(tools[0]["inputSchema"]["additionalProperties"], json!(false));
    assert_eq!(tools[0]["annotations"], json!({ "readOnlyHint": true, "destructiveHint": false, "openWorldHint": false }));
    assert!(tools[3].get("outputSchema").is_some());
}

#[test]
fn manifest_prints_the_manifest_as_json() {
    let out = trove_host(&["manifest", &envelopes()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out),
        json!({
            "id": "envelopes",
            "name": "Envelopes",
            "description": "Every result envelope shape of contract section 4.",
            "icon": "✉️",
            "version": "1.0.0",
            "generated": true
        })
    );
}

#[test]
fn call_exits_0_for_ok_true() {
    let out = trove_host(&["call", &envelopes(), "text_only", "--args", "{}"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout_json(&out), json!({ "ok": true, "result": { "text": "plain string" } }));
}

#[test]
fn call_exits_1_for_ok_false() {
    let out = trove_host(&["call", &envelopes(), "fail_final"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout_json(&out), json!({ "ok": false, "error": "No such thing.", "retryable": false, "code": "TOOL_ERROR" }));

    let out = trove_host(&["call", &envelopes(), "echo", "--args", "{}"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_json(&out)["code"], json!("INVALID_PARAMS"));
}

#[test]
fn call_exits_2_for_load_and_usage_errors() {
    let missing = fixture("loading/does-not-exist").display().to_string();
    let cases: [(&str, Vec<&str>); 4] = [
        ("load error", vec!["call", &missing, "ping"]),
        ("a toolkit that fails validation", vec!["call", "PLACEHOLDER", "ping"]),
        ("bad --args JSON", vec!["call", "ENVELOPES", "echo", "--args", "{not json"]),
        ("bad --now", vec!["call", "ENVELOPES", "text_only", "--now", "yesterday"]),
    ];
    let invalid = scratch_toolkit(
        "cli-invalid",
        &[(
            "extension.ts",
            "import { defineToolkit } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'Nope', name: 'n', description: 'd', icon: 'i', version: '1', tools: [] });\n",
        )],
    )
    .display()
    .to_string();
    let envelopes = envelopes();
    for (what, args) in cases {
        let args: Vec<&str> = args
            .into_iter()
            .map(|a| match a {
                "PLACEHOLDER" => invalid.as_str(),
                "ENVELOPES" => envelopes.as_str(),
                a => a,
            })
            .collect();
        let out = trove_host(&args);
        assert_eq!(out.status.code(), Some(2), "{what}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{what}: nothing on stdout");
        assert!(stderr(&out).contains("trove-host:"), "{what}: the reason goes to stderr: {}", stderr(&out));
    }
    // The load error carries defineToolkit's message.
    let out = trove_host(&["list", &invalid]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("defineToolkit: Nope has an invalid declaration:"), "{}", stderr(&out));
    // A flag's message says what is wrong with the value given.
    for (timeout, says) in [
        ("0", "--timeout must be a positive number of seconds, got 0"),
        ("1e100", "--timeout is too large: 1e100 seconds (at most 1e9)"),
        // Past 9.2e18 seconds the deadline overflowed the clock and the call panicked.
        ("1e19", "--timeout is too large: 1e19 seconds (at most 1e9)"),
        ("1e-10", "--timeout is too small: 1e-10 seconds (at least 1e-9)"),
    ] {
        let out = trove_host(&["call", &envelopes, "text_only", "--timeout", timeout]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(says), "{timeout}: {}", stderr(&out));
    }
}

#[test]
fn local_time_is_utc_whatever_the_shells_zone() {
    let toolkit = scratch_toolkit(
        "cli-zone",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'zone', name: 'Zone', description: 'd', icon: 'x', version: '1.0.0', egress: [],\n\
             tools: [tool({ name: 'now', description: 'd', input: z.object({}), handler: async () =>\n\
             [new Date(0).getHours(), new Date(0).toString(), new Date(0).toLocaleTimeString('en-US')].join(' | ') })] });\n",
        )],
    );
    let out = trove_host_with(&["call", toolkit.to_str().unwrap(), "now"], &[("TZ", "Asia/Tokyo")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out)["result"]["text"],
        "0 | Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time) | 12:00:00 AM",
        "Date's local time and Intl's zone agree"
    );
}

#[test]
fn logs_go_to_stderr_and_stdout_is_only_the_envelope() {
    let out = trove_host(&["call", &envelopes(), "chatty"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The whole of stdout is the envelope.
    assert_eq!(stdout_json(&out), json!({ "ok": true, "result": { "text": "done" } }));
    assert!(!stdout(&out).contains("chatty"), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(err.contains("hello from chatty"), "ctx.log goes to stderr:\n{err}");
    assert!(err.contains("console line from chatty"), "console goes to stderr:\n{err}");

    // A crash's detail goes to stderr too, never into the envelope.
    let out = trove_host(&["call", &envelopes(), "crash"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout_json(&out), json!({ "ok": false, "error": "tool failed", "retryable": false, "code": "TOOL_ERROR" }));
    assert!(stderr(&out).contains("kaboom"), "{}", stderr(&out));
}

#[test]
fn args_file_works() {
    let dir = scratch_toolkit("cli-args", &[("args.json", "{ \"name\": \"from file\" }")]);
    let file = dir.join("args.json").display().to_string();
    let out = trove_host(&["call", &envelopes(), "echo", "--args-file", &file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout_json(&out), json!({ "ok": true, "result": { "text": "{\"name\":\"from file\",\"count\":3}" } }));

    let out = trove_host(&["call", &envelopes(), "echo", "--args-file", "/nonexistent/args.json"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_now_and_env_secrets() {
    // The README's offline example: a secret from TROVE_SECRET_<NAME>, a cassette and a clock.
    let out = trove_host_with(
        &[
            "call",
            "toolkits/skyward",
            "picture_of_the_day",
            "--args",
            "{}",
            "--replay",
            "toolkits/skyward/replay/apod-today.json",
            "--now",
            "2026-11-29T03:30:00Z",
        ],
        &[("TROVE_SECRET_NASA_API_KEY", "DEMO-nasa-key-0000")],
    );
    assert_eq!(out.status.code(), Some(0), "{}\n{}", stdout(&out), stderr(&out));
    assert_eq!(stdout_json(&out)["ok"], json!(true));
    assert!(!stdout(&out).contains("DEMO-nasa-key-0000"));

    // Without the secret the same call fails with requireSecret's message.
    let out = trove_host(&[
        "call",
        "toolkits/skyward",
        "picture_of_the_day",
        "--replay",
        "toolkits/skyward/replay/none.json",
        "--now",
        "2026-11-29T03:30:00Z",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out)["error"],
        json!("NASA_API_KEY is not set. Run `trove secret set <server> NASA_API_KEY --from-stdin`.")
    );
    // The envelope is the SDK's; stderr says how to give this command the secret (review 15).
    assert!(
        stderr(&out).contains("hint: store NASA_API_KEY with `trove-host secret set toolkits/skyward NASA_API_KEY`, or set TROVE_SECRET_NASA_API_KEY for one run"),
        "{}",
        stderr(&out)
    );
}

/// `serve`: SIGTERM starts the grace period, and a second signal ends the process at once with
/// status 130 (review 48: the second one was ignored until the grace period ran out, so only
/// SIGKILL was left).
#[cfg(unix)]
#[test]
fn a_second_signal_ends_serve_at_once() {
    use std::io::{BufRead, BufReader, Write as _};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let home = scratch_toolkit("cli-signal-home", &[(".keep", "")]);
    let echo = fixture("echo").display().to_string();
    let child = Command::new(trove_host_tests::cli_binary())
        .args(["serve", &echo, "--listen", "127.0.0.1:0", "--grace", "120"])
        .env_remove("RUST_LOG")
        .env("TROVE_HOST_HOME", &home)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run trove-host serve");
    let mut running = trove_host_tests::KilledOnDrop(child);
    let mut lines = BufReader::new(running.0.stderr.take().expect("stderr")).lines();
    let addr = loop {
        let line = lines.next().expect("serve ended without listening").expect("stderr line");
        if let Some(at) = line.strip_prefix("trove-host: listening on http://") {
            break at.to_owned();
        }
    };
    std::thread::spawn(move || for _ in lines.by_ref() {});
    // A call that runs past the signals, so that the grace period has something to wait for.
    let mut slow = std::net::TcpStream::connect(&addr).expect("connect");
    let body = json!({ "tool": "slow", "args": { "ms": 60000 }, "userId": "u" }).to_string();
    let request = format!("POST /echo HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}", body.len());
    slow.write_all(request.as_bytes()).expect("send the call");
    std::thread::sleep(Duration::from_millis(500));
    let pid = libc::pid_t::try_from(running.0.id()).expect("pid");
    // SAFETY: `kill` with a child's pid and a signal number has no memory effects.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    std::thread::sleep(Duration::from_millis(500));
    assert!(running.0.try_wait().expect("wait").is_none(), "serve waits for the call in flight after one signal");
    // SAFETY: as above.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = running.0.try_wait().expect("wait") {
            break status;
        }
        assert!(asked.elapsed() < Duration::from_secs(10), "serve still running 10 s after a second SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(130), "{status:?}");
    drop(slow);
}
