//! Issue #9, part 3: what a call accumulates outside the isolate's heap is bounded. A handler
//! that logs 1 MiB 1,500 times (1.5 GiB of log) runs through the real CLI; the process's peak
//! resident memory stays under a stated bound, the call still answers, and its log ends with
//! the truncation marker.

use std::time::Duration;

use serde_json::Value;

use crate::fixture;

/// The bound: the debug binary's own footprint, one 256 MiB isolate heap at most, and the
/// capped log (1 MiB).
const PEAK_RSS_BOUND_MIB: u64 = 400;

/// Runs the CLI with `args`, sampling its peak resident set (VmHWM) until it exits.
fn run_measured(args: &[&str]) -> (std::process::Output, u64) {
    let mut child = std::process::Command::new(trove_host_tests::cli_binary())
        .args(args)
        .env("RUST_LOG", "off")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run trove-host");
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0;
    // Drain the pipes on threads so a chatty child never blocks.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut v).unwrap();
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut v).unwrap();
        v
    });
    loop {
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            if let Some(kib) = text.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|n| n.parse::<u64>().ok()) {
                peak_kib = peak_kib.max(kib);
            }
        }
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = child.wait().unwrap();
    (std::process::Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() }, peak_kib / 1024)
}

#[test]
fn a_log_flood_keeps_host_memory_bounded() {
    let flood = fixture("flood");
    // Past the budget a line is dropped before JavaScript formats it, so the flood also ends
    // in about a second instead of running into the CPU-time limit.
    for (via_console, times) in [(false, 1500), (true, 1500)] {
        let args = format!(r#"{{"kib":1024,"times":{times},"console":{via_console}}}"#);
        let (out, peak_mib) = run_measured(&["call", flood.to_str().unwrap(), "flood", "--args", &args]);
        eprintln!("log flood (1 MiB x {times} via {}): peak RSS {peak_mib} MiB", if via_console { "console.log" } else { "ctx.log" });
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(envelope["result"]["text"], format!("logged {times} lines"));
        assert!(peak_mib < PEAK_RSS_BOUND_MIB, "peak RSS {peak_mib} MiB is over the {PEAK_RSS_BOUND_MIB} MiB bound");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn the_log_ends_with_one_truncation_marker() {
    let mut toolkit = crate::load(&fixture("flood")).await;
    let outcome = crate::call(&mut toolkit, "flood", serde_json::json!({ "kib": 100, "times": 30 })).await;
    assert_eq!(outcome.envelope.json()["result"]["text"], "logged 30 lines");
    // 64 KiB per line at most, 1 MiB in all: 100 KiB lines are cut, and only 16 fit.
    let logs = &outcome.record.logs;
    assert_eq!(logs.len(), 17, "16 kept lines and the marker");
    let first = logs[0][0].as_str().unwrap();
    assert!(first.ends_with("… [line truncated: 102404 bytes]"), "{}", &first[first.len() - 60..]);
    assert!(first.len() < 70 * 1024);
    // The 14 lines past the budget are dropped before they are formatted: their string
    // arguments are what they count.
    assert_eq!(logs[16], serde_json::json!(["[log truncated: 14 lines, 1433600 bytes dropped]"]));
}
