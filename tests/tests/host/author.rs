//! Issue #8, the author's loop through the command line: `new` → `test` (diffs, `--update`,
//! `--filter`), `call --record-case`, `--freeze-time` in `call`, `test` and `conformance`,
//! `test --against-node` with the stand-in package, and the rough edges (exit 3 for a
//! cassette mismatch, unknown tools listed, `--timeout`, `--now` examples, exact envelopes in
//! `--results`).

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{json, Value};

use crate::{fixture, repo_root, scratch_toolkit};

fn run(args: &[&str]) -> Output {
    static HOME: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let home = HOME.get_or_init(|| scratch_toolkit("author-home", &[(".keep", "")]));
    trove_host_tests::run_cli(args, &[("TROVE_HOST_HOME", home.to_str().unwrap()), ("NO_COLOR", "1")], None)
}

fn text(out: &Output) -> String {
    format!("--- stdout\n{}--- stderr\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

#[test]
fn a_new_toolkit_type_checks_and_passes_its_tests_offline() {
    let dir = scratch_toolkit("new-toolkit", &[(".keep", "")]).join("weather-now");
    let out = run(&["new", s(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let out = run(&["test", s(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed, 0 failed"), "{}", text(&out));
    let manifest = run(&["manifest", s(&dir)]);
    assert_eq!(serde_json::from_slice::<Value>(&manifest.stdout).unwrap()["id"], "weather-now");

    // tsc, pinned in js/parity (scripts/install-build-deps installs it), with no zod anywhere.
    let tsc = repo_root().join("js/parity/node_modules/typescript/bin/tsc");
    assert!(tsc.is_file(), "{} is missing: run scripts/install-node-deps", tsc.display());
    let checked = std::process::Command::new("node").arg(&tsc).arg("-p").arg(&dir).output().expect("run tsc");
    assert!(checked.status.success(), "tsc: {}", text(&checked));
    // The example toolkits type-check against the same declarations.
    let examples = std::process::Command::new("node").arg(&tsc).arg("-p").arg(repo_root().join("toolkits")).output().expect("run tsc");
    assert!(examples.status.success(), "tsc -p toolkits: {}", text(&examples));
    // The declarations have teeth: a field the input does not have is a type error.
    let entry = dir.join("extension.ts");
    let source = std::fs::read_to_string(&entry).unwrap();
    std::fs::write(&entry, source.replacen("handler: async (", "handler: async (__probe: { nope: number }, _c: unknown, ", 0) + "\nconst broken: number = 'not a number';\n").unwrap();
    let checked = std::process::Command::new("node").arg(&tsc).arg("-p").arg(&dir).output().expect("run tsc");
    assert!(!checked.status.success(), "a type error must fail tsc: {}", text(&checked));

    // A name that cannot be an id, and a directory that is not empty.
    let out = run(&["new", s(&dir.with_file_name("Bad_Name"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("^[a-z0-9-]+$"), "{}", text(&out));
    let out = run(&["new", s(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("not empty"), "{}", text(&out));
}

#[test]
fn a_broken_case_fails_with_a_diff_and_update_round_trips() {
    let original = repo_root().join("toolkits/quakefeed/tests/examples.json");
    let dir = scratch_toolkit("update", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let mut cases = read(&original);
    let good = cases.clone();
    cases[0]["expect"]["result"]["text"] = json!("a deliberately wrong text");
    cases[1]["expectRequests"][0]["headers"]["accept"] = json!("text/plain");
    std::fs::write(&file, serde_json::to_string_pretty(&cases).unwrap()).unwrap();
    let quakefeed = repo_root().join("toolkits/quakefeed");

    let out = run(&["test", s(&quakefeed), s(&file)]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains(&format!("FAIL  {}", good[0]["name"].as_str().unwrap())), "{shown}");
    assert!(shown.contains("envelope (- expected, + actual)"), "{shown}");
    assert!(shown.contains("-    \"text\": \"a deliberately wrong text\""), "the expected side of the diff: {shown}");
    assert!(shown.contains("requests (- expected, + actual)"), "{shown}");
    assert!(shown.contains("-      \"accept\": \"text/plain\""), "{shown}");
    assert!(shown.contains("+      \"accept\": \"application/json\""), "{shown}");
    assert!(shown.contains(&format!("{} passed, 2 failed", good.as_array().unwrap().len() - 2)), "{shown}");

    // --filter runs only the matching cases.
    let name = good[2]["name"].as_str().unwrap();
    // A case file with no matching case is not even named (review 28).
    let unmatched = repo_root().join("toolkits/skyward/tests/examples.json");
    let out = run(&["test", s(&quakefeed), s(&file), s(&unmatched), "--filter", name]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed, 0 failed"), "{}", text(&out));
    assert!(!text(&out).contains("skyward"), "{}", text(&out));

    // --update rewrites exactly the broken expectations, and then everything passes.
    let out = run(&["test", s(&quakefeed), s(&file), "--update"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 updated"), "{}", text(&out));
    assert_eq!(read(&file), good, "--update restores the recorded expectations");
    let out = run(&["test", s(&quakefeed), s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// Review 40: a failing case whose result is a long array kept `test` diffing for minutes (Myers'
/// diff is quadratic in the lines that differ; 60,000 items took 35 s), outside `--timeout`, and
/// printed every line and every problem. The diff has a deadline, and both lists are cut.
#[test]
fn a_huge_failing_case_prints_a_bounded_report() {
    let dir = scratch_toolkit(
        "bigdiff",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'bigdiff', name: 'B', description: 'b', icon: 'x', version: '1.0.0',
  tools: [tool({ name: 'list', description: 'a long list', input: z.object({ n: z.number() }),
    handler: async ({ n }) => ({ text: 'x', structured: { a: Array.from({ length: n }, (_, i) => 'r' + i) } }) })],
});
",
        )],
    );
    let n = 60_000;
    let expect = json!({ "ok": true, "result": { "text": "x", "structured": { "a": (0..n).map(|i| format!("e{i}")).collect::<Vec<_>>() } } });
    let case = json!([{ "name": "big", "call": { "tool": "list", "args": { "n": n }, "userId": "u" }, "secrets": {}, "now": "2026-01-01T00:00:00Z", "http": [], "expect": expect }]);
    let file = dir.join("big.json");
    std::fs::write(&file, case.to_string()).unwrap();
    let out = run(&["test", s(&dir), s(&file)]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(shown.contains("envelope/result/structured/a/0: expected \"e0\", got \"r0\""), "{}", &shown[..shown.len().min(2000)]);
    assert!(shown.contains(&format!("… {} more problems not shown", n - 200)), "{}", &shown[..shown.len().min(2000)]);
    assert!(shown.contains("more lines of this diff not shown"), "{}", &shown[shown.len().saturating_sub(2000)..]);
    assert!(shown.lines().count() < 500, "{} lines", shown.lines().count());
    assert!(shown.contains("0 passed, 1 failed"), "{}", &shown[shown.len().saturating_sub(2000)..]);
}

/// A text of many lines that differs in one shows that line, line by line, under the JSON diff;
/// and no line of the report runs on past a few hundred characters (before, a 40-line text was
/// two whole lines to compare by eye, and a long one a line of 355,000 characters; review 45,
/// R45-03).
#[test]
fn a_long_text_that_differs_shows_the_line_that_changed() {
    let dir = scratch_toolkit(
        "linediff",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'linediff', name: 'L', description: 'l', icon: 'x', version: '1.0.0',
  tools: [tool({ name: 'lines', description: 'many lines', input: z.object({}),
    handler: async () => Array.from({ length: 40 }, (_, i) => i === 22 ? 'line 23 changed' : `line ${i + 1}`).join('\\n') + '\\n' + 'y'.repeat(5000) })],
});
",
        )],
    );
    let expected: Vec<String> = (1..=40).map(|i| format!("line {i}")).collect();
    let text_expected = format!("{}\n{}", expected.join("\n"), "y".repeat(5000));
    let case = json!([{ "name": "lines", "call": { "tool": "lines", "args": {}, "userId": "u" }, "secrets": {}, "now": "2026-01-01T00:00:00Z",
                        "http": [], "expect": { "ok": true, "result": { "text": text_expected } } }]);
    let file = dir.join("lines.json");
    std::fs::write(&file, case.to_string()).unwrap();
    let out = run(&["test", s(&dir), s(&file)]);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(shown.contains("envelope/result/text line by line"), "{shown}");
    let lines: Vec<&str> = shown.lines().map(str::trim).collect();
    assert!(lines.contains(&"-line 23") && lines.contains(&"+line 23 changed"), "{shown}");
    assert!(!lines.contains(&"-line 22") && lines.contains(&"line 22"), "unchanged lines are context: {shown}");
    let longest = shown.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest < 400, "a line of {longest} characters");
    assert!(shown.contains("more characters)"), "{shown}");
}

#[test]
fn parallel_recordings_into_one_file_each_keep_their_case() {
    // Six at once: before, each read the file, appended and wrote it back, and the last writer
    // won (review 15 kept 5, 2 and 5 of 6).
    let dir = scratch_toolkit("record-case-parallel", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let echo = fixture("echo");
    let runs: Vec<_> = (0..6)
        .map(|i| {
            let (file, echo) = (file.clone(), echo.clone());
            std::thread::spawn(move || {
                let name = format!("case_{i}");
                run(&["call", s(&echo), "echo", "--args", r#"{"n":1,"tag":"t"}"#, "--record-case", s(&file), "--name", &name, "--now", "2026-11-29T12:00:00Z"])
            })
        })
        .collect();
    for out in runs {
        let out = out.join().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    }
    let mut names: Vec<String> = read(&file).as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_owned()).collect();
    names.sort();
    assert_eq!(names, (0..6).map(|i| format!("case_{i}")).collect::<Vec<_>>());
}

#[test]
fn a_recording_made_while_test_update_runs_is_kept() {
    // `test --update` read the file, ran its cases and wrote back what it had read: a case
    // `call --record-case` appended meanwhile was lost (review 16). Both writers now edit the
    // file under its lock, so both edits survive in either order; the slow case makes the
    // recording land while the update's cases run.
    use std::io::BufRead;
    let dir = scratch_toolkit("update-while-recording", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let echo = fixture("echo");
    let slow = json!([{ "name": "slow", "call": { "tool": "slow", "args": { "ms": 1500 } }, "now": "2026-11-29T12:00:00Z", "expect": { "ok": false } }]);
    std::fs::write(&file, slow.to_string()).unwrap();
    let home = dir.join("home");
    let mut update = std::process::Command::new(trove_host_tests::cli_binary())
        .args(["test", s(&echo), s(&file), "--update"])
        .env("TROVE_HOST_HOME", &home)
        .env("NO_COLOR", "1")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run trove-host test");
    // Its first line (the file's name) comes once it has read the file.
    let mut lines = std::io::BufReader::new(update.stdout.take().unwrap()).lines();
    let header = lines.next().expect("a line").unwrap();
    assert!(header.contains("cases.json"), "{header}");
    let out = run(&["call", s(&echo), "echo", "--args", r#"{"n":1,"tag":"t"}"#, "--record-case", s(&file), "--name", "added", "--now", "2026-11-29T12:00:00Z"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let rest: Vec<String> = lines.map(Result::unwrap).collect();
    assert!(update.wait().unwrap().success(), "{rest:?}");
    assert!(rest.iter().any(|l| l.contains("updated slow")), "{rest:?}");
    let cases = read(&file);
    let names: Vec<&str> = cases.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["slow", "added"], "{cases:#}");
    assert_eq!(cases[0]["expect"], json!({ "ok": true, "result": { "text": "slept 1500 ms" } }), "the update is applied too");
}

#[test]
fn test_update_leaves_a_case_that_was_edited_while_it_ran() {
    // It wrote the old call's answer into the edited case, and counted it updated (review 18);
    // then it compared only the call, so an edited clock or cassette got the old answer too,
    // and a dropped update still exited 0 (review 19).
    use std::io::BufRead;
    let dir = scratch_toolkit("update-while-editing", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let case = |ms: u64, now: &str| json!([{ "name": "slow", "call": { "tool": "slow", "args": { "ms": ms } }, "now": now, "expect": { "ok": false } }]);
    for edited in [case(7, "2026-11-29T12:00:00Z"), case(1500, "2026-12-01T08:00:00Z")] {
        std::fs::write(&file, case(1500, "2026-11-29T12:00:00Z").to_string()).unwrap();
        let mut update = std::process::Command::new(trove_host_tests::cli_binary())
            .args(["test", s(&fixture("echo")), s(&file), "--update"])
            .env("TROVE_HOST_HOME", dir.join("home"))
            .env("NO_COLOR", "1")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("run trove-host test");
        let mut lines = std::io::BufReader::new(update.stdout.take().unwrap()).lines();
        assert!(lines.next().expect("a line").unwrap().contains("cases.json"));
        std::fs::write(&file, edited.to_string()).unwrap();
        let rest: Vec<String> = lines.map(Result::unwrap).collect();
        assert_eq!(update.wait().unwrap().code(), Some(1), "a dropped update fails the run: {rest:?}");
        assert!(rest.iter().any(|l| l.contains("case \"slow\" was edited") && l.contains("its update was dropped")), "{rest:?}");
        let summary = rest.last().expect("a summary");
        assert!(!summary.contains("updated") && summary.contains("1 failed"), "a dropped update is not counted: {summary}");
        assert_eq!(read(&file), edited, "the edited case is left as edited");
    }
}

#[test]
fn record_case_appends_a_complete_case_that_test_passes() {
    let dir = scratch_toolkit("record-case", &[(".keep", "")]);
    let file = dir.join("tests/echo.json");
    let echo = fixture("echo");
    let args = [
        "call", s(&echo), "echo", "--args", r#"{"n":7,"tag":"hello"}"#, "--user", "ada", "--record-case", s(&file), "--name", "hello_ada",
        "--now", "2026-11-29T12:00:00Z",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let cases = read(&file);
    let case = &cases[0];
    assert_eq!(case["name"], "hello_ada");
    assert_eq!(case["call"]["args"], json!({ "n": 7, "tag": "hello" }));
    assert_eq!(case["now"], "2026-11-29T12:00:00.000Z");
    assert_eq!(case["expect"], serde_json::from_slice::<Value>(&out.stdout).unwrap(), "the envelope the live call printed");
    for field in ["expectRequests", "expectCallbacks", "expectLogs", "http"] {
        assert!(case[field].is_array(), "{field} is written: {case}");
    }
    // The same name twice is refused before anything runs; another name appends.
    let out = run(&args);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("already has a case named \"hello_ada\""), "{}", text(&out));
    let mut again = args.to_vec();
    again[10] = "hello_again";
    assert_eq!(run(&again).status.code(), Some(0));
    assert_eq!(read(&file).as_array().unwrap().len(), 2);
    let out = run(&["test", s(&echo), s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 passed, 0 failed"), "{}", text(&out));
}

#[test]
fn a_recording_whose_requests_failed_on_the_network_writes_nothing_unless_asked() {
    // `.test` names never resolve (RFC 2606), so the recorder's requests fail on the network
    // here as they would on a machine that is offline.
    let dir = scratch_toolkit("record-offline", &[(".keep", "")]);
    let file = dir.join("tests/lookup.json");
    let cassette = dir.join("lookup.cassette.json");
    let home = dir.join("home");
    let recorder = fixture("recorder");
    let record = |extra: &[&str]| {
        let mut args = vec!["call", s(&recorder), "lookup", "--args", r#"{"q":"tides"}"#, "--now", "2026-11-29T12:00:00Z"];
        args.extend_from_slice(extra);
        trove_host_tests::run_cli(&args, &[("TROVE_HOST_HOME", s(&home)), ("NO_COLOR", "1"), ("TROVE_SECRET_API_KEY", "k-123")], None)
    };
    let out = record(&["--record-case", s(&file), "--name", "offline", "--record", s(&cassette)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("1 request(s) failed on the network, so nothing was recorded"), "{}", text(&out));
    assert!(!file.exists() && !cassette.exists(), "nothing is written");
    let out = record(&["--record-case", s(&file), "--name", "outage", "--keep-network-failures"]);
    assert!(text(&out).contains("appended case \"outage\""), "{}", text(&out));
    let cases = read(&file);
    assert_eq!(cases[0]["http"][0]["response"], json!({ "networkError": true }), "{cases}");
    assert_eq!(cases[0]["expect"]["error"], "Upstream request failed; try again shortly.");
}

#[test]
fn a_recording_that_does_not_replay_names_the_causes_that_apply() {
    // Review 17, M4 and L9: every mismatch was blamed on "stand-in secrets" and a too-short
    // test key, for toolkits that declare no secrets too, where a warm ctx.cache (the replay
    // has none), the clock or parallel requests were the cause.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'unsteady', name: 'U', description: 'U.', icon: '🔁', version: '1.0.0',\n\
          secrets: [], egress: ['api.example.test'],\n\
          tools: [\n\
            tool({ name: 'seed', description: 'Warm the cache.', input: z.object({}), handler: async (_a, ctx) => {\n\
              await ctx.cache?.put('feed', 'cached', 3600); return 'seeded'; } }),\n\
            tool({ name: 'feed', description: 'Cache first.', input: z.object({}), handler: async (_a, ctx) => {\n\
              const hit = await ctx.cache?.get('feed'); if (hit) return `from cache: ${hit}`;\n\
              try { await ctx.fetch('https://api.example.test/feed'); return 'fetched'; } catch (e) { return 'upstream failed'; } } }),\n\
            tool({ name: 'since', description: 'The clock in a URL.', input: z.object({}), handler: async (_a, ctx) => {\n\
              try { await ctx.fetch(`https://api.example.test/items?since=${Date.now()}`); return 'fetched'; } catch (e) { return 'failed'; } } }),\n\
            tool({ name: 'stamp', description: 'The clock in the result.', input: z.object({}), handler: async () => String(Date.now()) }),\n\
          ] });\n";
    let dir = scratch_toolkit("record-causes", &[("extension.ts", source)]);
    let home = dir.join("home");
    let file = dir.join("tests/cases.json");
    let call = |tool: &str, extra: &[&str]| {
        let mut args = vec!["call", s(&dir), tool, "--keep-network-failures"];
        args.extend_from_slice(extra);
        trove_host_tests::run_cli(&args, &[("TROVE_HOST_HOME", s(&home)), ("NO_COLOR", "1")], None)
    };
    let stderr = |out: &Output| String::from_utf8_lossy(&out.stderr).into_owned();

    assert_eq!(call("seed", &[]).status.code(), Some(0));
    let out = call("feed", &["--record-case", s(&file), "--name", "feed"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let said = stderr(&out);
    assert!(said.contains("the recorded case did not replay identically, so it was not appended"), "{said}");
    assert!(said.contains("unexpected request GET https://api.example.test/feed"), "the problem is listed: {said}");
    assert!(said.contains("a ctx.cache hit in the live call skips requests") && said.contains("`--cache off`"), "{said}");
    assert!(said.contains("`--freeze-time`"), "{said}");
    assert!(!said.contains("secret"), "no secrets are declared, none is blamed: {said}");
    assert!(!file.exists());
    // The flag it names records the case.
    let out = call("feed", &["--record-case", s(&file), "--name", "feed", "--cache", "off"]);
    assert!(stderr(&out).contains("appended case \"feed\""), "{}", text(&out));

    let out = call("since", &["--record-case", s(&file), "--name", "since"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let said = stderr(&out);
    assert!(said.contains("did not replay identically") && said.contains("record with `--freeze-time`"), "{said}");
    assert!(!said.contains("secret"), "{said}");
    let out = call("since", &["--record-case", s(&file), "--name", "since", "--freeze-time"]);
    assert!(stderr(&out).contains("appended case \"since\""), "{}", text(&out));

    // An envelope that differs is appended with a warning, which asks about secrets only when
    // the toolkit declares some.
    let out = call("stamp", &["--record-case", s(&file), "--name", "stamp"]);
    let said = stderr(&out);
    assert!(said.contains("warning: the replayed envelope differs from the live one") && said.contains("`--freeze-time`"), "{said}");
    assert!(!said.contains("secret"), "{said}");
    assert!(said.contains("appended case \"stamp\""), "{said}");
}

#[test]
fn freeze_time_makes_a_clock_reading_toolkit_replay_identically() {
    let author = fixture("author");
    let call = |extra: &[&str]| {
        let mut args = vec!["call", s(&author), "stamp", "--now", "2026-11-29T12:00:00Z"];
        args.extend_from_slice(extra);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    let frozen = call(&["--freeze-time"]);
    assert_eq!(frozen["result"]["text"], "Sunday, November 29, 2026 (2026-11-29T12:00:00.000Z, 1795953600000)");
    assert_eq!(call(&["--freeze-time"]), frozen, "identical on replay");
    assert_ne!(call(&[])["result"]["text"], frozen["result"]["text"], "without it the real clock shows");

    // In `test`: the fixture's case sets "freezeTime": true.
    let out = run(&["test", s(&author)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));

    // In `conformance`: a corpus holding the same toolkit and case file.
    let corpus = scratch_toolkit(
        "freeze-corpus",
        &[
            ("toolkits/author/extension.ts", &std::fs::read_to_string(author.join("extension.ts")).unwrap()),
            ("cases/author.json", &std::fs::read_to_string(author.join("tests/author.json")).unwrap()),
        ],
    );
    for (kind, command) in [("tools", "list"), ("manifest", "manifest")] {
        let out = run(&[command, s(&author)]);
        std::fs::create_dir_all(corpus.join("golden")).unwrap();
        std::fs::write(corpus.join(format!("golden/author.{kind}.json")), &out.stdout).unwrap();
    }
    let results = corpus.join("results.json");
    let out = run(&["conformance", s(&corpus), "--results", s(&results)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("4 passed, 0 failed"), "{}", text(&out));
    // --results carries envelopes exactly: the one-character secret "k" mangles nothing.
    let results = read(&results);
    let whoami = results.as_array().unwrap().iter().find(|r| r["name"] == "whoami_one_character_secret").unwrap();
    assert_eq!(whoami["envelope"], json!({ "ok": true, "result": { "text": "ok", "structured": { "ok": true, "known": true } } }));
    assert_eq!(whoami["logs"], json!([["user id", "[redacted]"]]), "logs keep the SDK's redaction");

    // Without freezeTime the same case fails: the flag is what makes it replayable.
    let mut cases = read(&corpus.join("cases/author.json"));
    cases[0].as_object_mut().unwrap().remove("freezeTime");
    std::fs::write(corpus.join("cases/author.json"), cases.to_string()).unwrap();
    let out = run(&["conformance", s(&corpus)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

#[test]
fn a_cassette_mismatch_is_a_host_failure_with_exit_status_3() {
    let out = run(&[
        "call", "toolkits/quakefeed", "recent_quakes", "--replay", "toolkits/skyward/replay/apod-today.json", "--now", "2026-11-29T12:00:00Z",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(text(&out).contains("replay mismatch (a host failure, not the upstream's)"), "{}", text(&out));
}

/// A case file that cannot be read (a misspelt field) is one failure among the others: the files
/// after it still run, the summary is printed, and the exit status is 1, where the run stopped
/// at it with exit 2 and never ran the rest (review 45, R45-04).
#[test]
fn a_malformed_case_file_is_one_failure_and_the_rest_still_run() {
    let echo = fixture("echo");
    let dir = scratch_toolkit("author-malformed", &[(".keep", "")]);
    let call = json!({ "tool": "nope", "args": {} });
    let unknown = json!({ "ok": false, "error": "unknown tool \"nope\"", "retryable": false, "code": "UNKNOWN_TOOL" });
    let files = [
        ("a.json", json!([{ "name": "a", "now": "2026-01-01T00:00:00Z", "call": call, "expect": { "ok": true } }])),
        ("b.json", json!([{ "name": "b", "now": "2026-01-01T00:00:00Z", "call": call, "expectLog": [] }])),
        ("c.json", json!([{ "name": "c", "now": "2026-01-01T00:00:00Z", "call": call, "expect": unknown }])),
    ];
    let mut args = vec!["test".to_owned(), s(&echo).to_owned()];
    for (name, cases) in &files {
        std::fs::write(dir.join(name), cases.to_string()).unwrap();
        args.push(s(&dir.join(name)).to_owned());
    }
    let out = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(stdout.contains("FAIL  the case file cannot be read") && stdout.contains("expectLog"), "{}", text(&out));
    assert!(stdout.contains("ok    c"), "the file after it ran: {}", text(&out));
    assert!(stdout.contains("1 passed, 2 failed"), "{}", text(&out));
}

#[test]
fn small_rough_edges() {
    // An unknown tool: the SDK's envelope on stdout, the toolkit's tools on stderr.
    let out = run(&["call", "toolkits/quakefeed", "nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("quakefeed has no tool \"nope\"; its tools: recent_quakes, quake_details"), "{}", text(&out));
    // --now shows an example of what it wants.
    let out = run(&["call", "toolkits/quakefeed", "recent_quakes", "--now", "yesterday"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("for example 2026-11-29T12:00:00Z"), "{}", text(&out));
    // --timeout bounds the call; a promise that can never settle says so.
    let faults = fixture("faults");
    let started = std::time::Instant::now();
    let out = run(&["call", s(&faults), "hang", "--timeout", "1"]);
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap()["error"], "tool timed out after 1 s", "{}", text(&out));
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    // A handler's uncaught error: its source-mapped stack in the host log at debug level.
    let envelopes = fixture("envelopes");
    let out = trove_host_tests::run_cli(&["call", s(&envelopes), "crash"], &[("RUST_LOG", "trove=debug")], None);
    let stack_line = format!("at Object.handler ({}:77:", url_of(&envelopes.join("extension.ts")));
    assert!(text(&out).contains(&stack_line), "expected {stack_line:?} in the debug log: {}", text(&out));
    let quiet = run(&["call", s(&envelopes), "crash"]);
    assert!(!text(&quiet).contains(&stack_line), "only at debug level: {}", text(&quiet));
    // Each cause under it, as Node's console prints them.
    let caused = scratch_toolkit(
        "author-cause",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'caused', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
               tools: [tool({ name: 'crash', description: 'Throws with causes.', input: z.object({}), handler: async () => {\n\
                 throw new Error('outer', { cause: new Error('middle', { cause: 'root reason' }) });\n\
               } })] });\n",
        )],
    );
    let out = trove_host_tests::run_cli(&["call", s(&caused), "crash"], &[("RUST_LOG", "trove=debug")], None);
    for line in ["Error: outer", "[cause]: Error: middle", "[cause]: root reason"] {
        assert!(text(&out).contains(line), "expected {line:?} in the debug log: {}", text(&out));
    }
    let out = run(&["call", s(&faults), "never"]);
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap()["error"], "the handler's promise never settled (nothing was left to run)");
}

fn url_of(path: &Path) -> String {
    format!("file://{}", path.canonicalize().unwrap().display())
}

/// Builds the stand-in `@ontrove/extend` package (our js/ module, packaged) into `dir`.
fn standin(dir: &Path) {
    let built = std::process::Command::new("node")
        .arg(repo_root().join("js/parity/build-standin.mjs"))
        .arg(dir)
        .output()
        .expect("run node");
    assert!(built.status.success(), "build-standin: {} (run scripts/install-node-deps)", text(&built));
}

#[test]
fn against_node_agrees_on_the_examples_and_the_corpus_and_reports_an_injected_difference() {
    let scratch = scratch_toolkit("against-node", &[(".keep", "")]);
    let package = scratch.join("standin");
    standin(&package);
    let mut suites: Vec<(PathBuf, Option<PathBuf>)> =
        ["quakefeed", "skyward", "hackernews"].iter().map(|t| (repo_root().join("toolkits").join(t), None)).collect();
    let corpus = repo_root().join("../shared/conformance");
    if corpus.join("cases").is_dir() {
        for entry in std::fs::read_dir(corpus.join("cases")).unwrap() {
            let file = entry.unwrap().path();
            let id = file.file_stem().unwrap().to_str().unwrap().to_owned();
            suites.push((corpus.join("toolkits").join(id), Some(file)));
        }
    } else {
        trove_host_tests::missing_prerequisite(&format!("no conformance corpus at {}: only the examples are compared", corpus.display()));
    }
    for (toolkit, file) in &suites {
        let mut args = vec!["test", s(toolkit), "--against-node", s(&package)];
        if let Some(file) = file {
            args.insert(2, s(file));
        }
        let out = run(&args);
        let shown = text(&out);
        assert_eq!(out.status.code(), Some(0), "{shown}");
        assert!(shown.contains(" same, 0 differ"), "{shown}");
    }
    // What trove-host's own cassettes and answers hold, which Node must read alike (review 24):
    // a `bodyBase64` body, a redirect's final `url`, and an answer with a lone surrogate.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'node-reads', name: 'N', description: 'N.', icon: 'n', version: '1.0.0',\n\
          egress: ['api.example.test'],\n\
          tools: [\n\
            tool({ name: 'cut', description: 'Cut.', input: z.object({ title: z.string() }), handler: async ({ title }) => title.slice(0, 6) }),\n\
            tool({ name: 'bytes', description: 'Bytes.', input: z.object({}), handler: async (_a, ctx) => {\n\
              const res = await ctx.fetch('https://api.example.test/b');\n\
              return Array.from(new Uint8Array(await res.arrayBuffer())).join(','); } }),\n\
            tool({ name: 'hop', description: 'Hop.', input: z.object({}), handler: async (_a, ctx) => {\n\
              const res = await ctx.fetch('https://api.example.test/start');\n\
              return `${res.url} ${res.redirected}`; } }),\n\
            tool({ name: 'env', description: 'Env.', input: z.object({}), handler: async () => String((globalThis as any).process?.env?.TROVE_SECRET_PROBE) }),\n\
          ] });\n";
    let call = |tool: &str, args: Value| json!({ "tool": tool, "args": args, "userId": "u", "scopes": [], "config": {} });
    let cases = json!([
        { "name": "cut", "call": call("cut", json!({ "title": "hello\u{1F600} world" })), "secrets": {}, "now": "2026-01-05T00:00:00Z", "http": [],
          "expect": { "ok": true, "result": { "text": "hello\u{FFFD}" } } },
        { "name": "bytes", "call": call("bytes", json!({})), "secrets": {}, "now": "2026-01-05T00:00:00Z",
          "http": [{ "request": { "method": "GET", "url": "https://api.example.test/b" },
                     "response": { "status": 200, "bodyBase64": "//4A" } }],
          "expect": { "ok": true, "result": { "text": "255,254,0" } } },
        { "name": "hop", "call": call("hop", json!({})), "secrets": {}, "now": "2026-01-05T00:00:00Z",
          "http": [{ "request": { "method": "GET", "url": "https://api.example.test/start" },
                     "response": { "status": 200, "body": "x", "url": "https://api.example.test/final" } }],
          "expect": { "ok": true, "result": { "text": "https://api.example.test/final true" } } },
        // Node gets none of the `TROVE_SECRET_*` variables `call` reads secrets from (review 46).
        { "name": "env", "call": call("env", json!({})), "secrets": {}, "now": "2026-01-05T00:00:00Z", "http": [],
          "expect": { "ok": true, "result": { "text": "undefined" } } },
    ]);
    let reads = scratch_toolkit("node-reads", &[("extension.ts", source), ("tests/cases.json", &cases.to_string())]);
    let home = scratch.join("home");
    let out = trove_host_tests::run_cli(
        &["test", s(&reads), "--against-node", s(&package)],
        &[("TROVE_HOST_HOME", s(&home)), ("NO_COLOR", "1"), ("TROVE_SECRET_PROBE", "sk-in-the-environment")],
        None,
    );
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(shown.contains("4 same, 0 differ"), "{shown}");

    // A toolkit both refuse at load (zod cannot describe a date in JSON Schema): the test fails,
    // and the comparison says Node refuses it too, rather than the Node runner's usage text
    // (review 28).
    let refused = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'refused', name: 'R', description: 'R.', icon: 'r', version: '1.0.0',\n\
          tools: [tool({ name: 'when', description: 'W.', input: z.object({ at: z.coerce.date() }), handler: async ({ at }) => at.toISOString() })] });\n";
    let one = json!([{ "name": "one", "call": call("when", json!({ "at": "2026-01-01" })), "secrets": {}, "now": "2026-01-05T00:00:00Z", "http": [],
                       "expect": { "ok": true } }]);
    let refused = scratch_toolkit("node-refuses", &[("extension.ts", refused), ("tests/cases.json", &one.to_string())]);
    let out = run(&["test", s(&refused), "--against-node", s(&package)]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains("the toolkit does not load under Node either") && shown.contains("1 same, 0 differ"), "{shown}");
    assert!(!shown.contains("usage") && !shown.contains("Node runner"), "{shown}");

    // Inject a difference: the stand-in's default user agent, changed.
    let bundle = package.join("toolkit.js");
    let source = std::fs::read_to_string(&bundle).unwrap();
    assert!(source.contains("(+https://ontrove.sh)"));
    std::fs::write(&bundle, source.replace("(+https://ontrove.sh)", "(+https://changed.invalid)")).unwrap();
    let out = run(&["test", "toolkits/quakefeed", "--against-node", s(&package)]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains("differ  recent_defaults"), "{shown}");
    assert!(shown.contains("requests/0/headers/user-agent"), "{shown}");
}

#[test]
fn replay_fills_in_only_the_secrets_the_manifest_declares() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'echo-body', name: 'Echo', description: 'Echo.', icon: '🔁', version: '1.0.0',\n\
          secrets: ['API_KEY'], egress: ['api.example.test'],\n\
          tools: [tool({ name: 'get', description: 'Get.', input: z.object({}), handler: async (_a, ctx) => {\n\
            const key = await ctx.requireSecret('API_KEY');\n\
            const res = await ctx.fetch(`https://api.example.test/x?k=${encodeURIComponent(key)}`);\n\
            return res.text(); } })] });\n";
    let cassette = json!([{
        "request": { "method": "GET", "url": "https://api.example.test/x?k={{secret:API_KEY:percent}}" },
        "response": { "status": 200, "body": "{{secret:API_KEY}} and {{secret:UNDECLARED}}" }
    }]);
    let dir = scratch_toolkit("replay-declared", &[("extension.ts", source), ("cassette.json", &cassette.to_string())]);
    let out = trove_host_tests::run_cli(
        &["call", s(&dir), "get", "--replay", s(&dir.join("cassette.json"))],
        &[("TROVE_SECRET_API_KEY", "declared/value"), ("TROVE_SECRET_UNDECLARED", "must-not-leak")],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["result"]["text"], "declared/value and {{secret:UNDECLARED}}", "{}", text(&out));
}

#[test]
fn replay_messages_show_placeholders_never_the_filled_in_secret() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'ph', name: 'P', description: 'P.', icon: '🔁', version: '1.0.0',\n\
          secrets: ['A'], egress: ['api.example.test'],\n\
          tools: [tool({ name: 'go', description: 'Go.', input: z.object({ q: z.string() }), handler: async ({ q }, ctx) => {\n\
            try { await ctx.fetch(`https://api.example.test/x?q=${q}`); return 'fetched'; } catch (e) { return String(e); } } })] });\n";
    let cassette = json!([{
        "request": { "method": "GET", "url": "https://api.example.test/x?q={{secret:A}}" },
        "response": { "status": 200, "body": "x" }
    }]);
    let dir = scratch_toolkit("replay-message", &[("extension.ts", source), ("cassette.json", &cassette.to_string())]);
    let out = trove_host_tests::run_cli(
        &["call", s(&dir), "go", "--args", r#"{"q":"beta"}"#, "--replay", s(&dir.join("cassette.json"))],
        &[("TROVE_SECRET_A", "alpha-very-secret-value")],
        None,
    );
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(3), "{shown}");
    assert!(!shown.contains("alpha-very-secret-value"), "the secret leaked: {shown}");
    assert!(shown.contains("q={{secret:A}}"), "the mismatch shows the placeholder: {shown}");
}

#[test]
fn record_refuses_to_overwrite_or_append_to_the_wrong_kind_of_file() {
    let dir = scratch_toolkit("record-files", &[(".keep", "")]);
    let echo = fixture("echo");
    let case_file = dir.join("cases.json");
    std::fs::write(&case_file, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z","expect":{}}]"#).unwrap();
    let before = std::fs::read_to_string(&case_file).unwrap();
    let out = run(&["call", s(&echo), "echo", "--args", r#"{"n":1,"tag":"x"}"#, "--record", s(&case_file)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("not a cassette"), "{}", text(&out));
    assert_eq!(std::fs::read_to_string(&case_file).unwrap(), before, "left as it was");

    let cassette = repo_root().join("toolkits/quakefeed/replay/recent.json");
    let copy = dir.join("cassette.json");
    std::fs::copy(&cassette, &copy).unwrap();
    let out = run(&["call", s(&echo), "echo", "--args", r#"{"n":1,"tag":"x"}"#, "--record-case", s(&copy), "--name", "x"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("is not a case file"), "{}", text(&out));
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&cassette).unwrap());
}

#[test]
fn case_files_get_precise_errors_and_update_keeps_matchers_that_still_match() {
    let echo = fixture("echo");
    let dir = scratch_toolkit("case-errors", &[(".keep", "")]);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z"},{"name":"b","call":{},"now":null}]"#).unwrap();
    // A file that does not match the format is a failing file (exit 1, review 45), with why.
    let out = run(&["test", s(&echo), s(&bad)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("[1].now: invalid type: null"), "{}", text(&out));
    // A secret that is neither a string nor null is a format error, never an unset secret.
    let num = dir.join("num.json");
    std::fs::write(&num, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z","secrets":{"PORT_KEY":12345}}]"#).unwrap();
    let out = run(&["test", s(&echo), s(&num)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("[0].secrets.PORT_KEY: invalid type: integer `12345`, expected a string"), "{}", text(&out));
    let dup = dir.join("dup.json");
    std::fs::write(&dup, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z"},{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z"}]"#).unwrap();
    let out = run(&["test", s(&echo), s(&dup)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("two cases are named \"a\""), "{}", text(&out));
    // An emptied file tests nothing: a failure.
    let empty = dir.join("empty.json");
    std::fs::write(&empty, "[]").unwrap();
    let out = run(&["test", s(&echo), s(&empty)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("empty.json holds no cases"), "{}", text(&out));
    // A `now` that is not RFC 3339 is a format error like any other, not a failing case.
    let when = dir.join("when.json");
    std::fs::write(&when, r#"[{"name":"a","call":{"tool":"echo"},"now":"yesterday"}]"#).unwrap();
    let out = run(&["test", s(&echo), s(&when)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains(r#"in case "a": [0].now: "yesterday" is not an RFC 3339 instant"#), "{}", text(&out));
    let one = dir.join("one.json");
    std::fs::write(&one, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z"}]"#).unwrap();
    let out = run(&["test", s(&echo), s(&one), "--filter", "nothing-matches-this"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    // A secret the toolkit does not declare (a misspelt name, most often) is pointed out.
    let typo = dir.join("typo.json");
    std::fs::write(&typo, r#"[{"name":"a","call":{"tool":"echo"},"now":"2026-01-01T00:00:00Z","secrets":{"NOT_DECLARED":"x"}}]"#).unwrap();
    let out = run(&["test", s(&echo), s(&typo)]);
    assert!(
        text(&out).contains(r#"warning: case "a" gives the secret "NOT_DECLARED", which the toolkit does not declare"#),
        "{}",
        text(&out)
    );
    // A declared secret the case leaves out runs as not set, and says so: the corpus format
    // (and the Node run of --against-node) reads it as undeclared (review 19).
    let skyward = repo_root().join("toolkits/skyward");
    let omitted = dir.join("omitted.json");
    std::fs::write(&omitted, r#"[{"name":"a","call":{"tool":"picture_of_the_day","args":{}},"now":"2026-01-01T00:00:00Z","secrets":{}}]"#).unwrap();
    let out = run(&["test", s(&skyward), s(&omitted)]);
    assert!(
        text(&out).contains(r#"warning: case "a" does not list the secret "NASA_API_KEY", which the toolkit declares; it runs as not set"#),
        "{}",
        text(&out)
    );
    let listed = run(&["test", s(&skyward), s(&skyward.join("tests"))]);
    assert!(!text(&listed).contains("does not list the secret"), "{}", text(&listed));

    // A case with no `expect` at all fails, and --update writes it; a matcher that still
    // matches survives an update of a sibling field.
    let file = dir.join("update.json");
    let case = json!([{
        "name": "m", "call": { "tool": "echo", "args": { "n": 1, "tag": "x" }, "userId": "u" }, "now": "2026-01-01T00:00:00Z",
        "expect": { "ok": true, "result": { "text": { "$regex": "^u:" }, "structured": { "user": "WRONG", "args": { "n": 1, "tag": "x" } } } }
    }, {
        "name": "bare", "call": { "tool": "echo", "args": { "n": 2, "tag": "y" }, "userId": "u" }, "now": "2026-01-01T00:00:00Z"
    }]);
    std::fs::write(&file, case.to_string()).unwrap();
    let out = run(&["test", s(&echo), s(&file)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out).contains("envelope: the case has no `expect` yet (`test --update` writes"), "{}", text(&out));
    let out = run(&["test", s(&echo), s(&file), "--update"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // The diff it prints is what it writes: the matcher that still matches is no difference,
    // so the text it matched is not shown in its place (review 45, R45-09).
    assert!(text(&out).contains(r#"+      "user": "u""#), "{}", text(&out));
    assert!(!text(&out).contains(r#""text": "u:x:1""#), "{}", text(&out));
    let updated = read(&file);
    assert_eq!(updated[0]["expect"]["result"]["text"], json!({ "$regex": "^u:" }), "{updated}");
    assert_eq!(updated[0]["expect"]["result"]["structured"]["user"], "u");
    assert_eq!(updated[1]["expect"]["result"]["text"], "u:y:2");
    assert_eq!(run(&["test", s(&echo), s(&file)]).status.code(), Some(0));
}

#[test]
fn test_runs_many_case_files_in_one_process() {
    // Each file gets a fresh instance on a thread of its own: a long run must not exhaust one
    // thread's isolates (it failed at the 45th file).
    let case = json!([{ "name": "one", "call": { "tool": "echo", "args": { "n": 1, "tag": "x" }, "userId": "u" }, "now": "2026-01-01T00:00:00Z",
        "expect": { "ok": true, "result": { "text": "u:x:1", "structured": { "user": "u", "args": { "n": 1, "tag": "x" } } }} }]);
    let files: Vec<(String, String)> = (0..60).map(|i| (format!("tests/c{i:02}.json"), case.to_string())).collect();
    let mut all: Vec<(&str, &str)> = files.iter().map(|(p, c)| (p.as_str(), c.as_str())).collect();
    let source = std::fs::read_to_string(fixture("echo").join("extension.ts")).unwrap();
    all.push(("extension.ts", &source));
    let dir = scratch_toolkit("many-files", &all);
    let out = run(&["test", s(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("60 passed, 0 failed"), "{}", text(&out));
}

#[test]
fn a_frozen_date_keeps_its_identity_and_a_toolkits_own_date_stays() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        const Saved = Date;\n\
        export default defineToolkit({ id: 'dates', name: 'D', description: 'D.', icon: '📅', version: '1.0.0',\n\
          tools: [tool({ name: 'probe', description: 'Probe.', input: z.object({}), handler: async () => {\n\
            const d = new Date();\n\
            return JSON.stringify({ iso: d.toISOString(), ctor: d.constructor === Date, proto: Date.prototype.constructor === Date,\n\
              saved: Saved === globalThis.Date ? 'same' : 'swapped' }); } }),\n\
            tool({ name: 'replace', description: 'Replace.', input: z.object({}), handler: async () => {\n\
              (globalThis as any).Date = class Mine extends Saved {}; return 'replaced'; } }),\n\
            tool({ name: 'which', description: 'Which.', input: z.object({}), handler: async () => Date.name })] });\n";
    let dir = scratch_toolkit("frozen-identity", &[("extension.ts", source)]);
    let out = run(&["call", s(&dir), "probe", "--now", "2026-11-29T12:00:00Z", "--freeze-time"]);
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    let probe: Value = serde_json::from_str(envelope["result"]["text"].as_str().unwrap()).unwrap();
    assert_eq!(probe, json!({ "iso": "2026-11-29T12:00:00.000Z", "ctor": true, "proto": true, "saved": "swapped" }));
    // A Date the toolkit assigns during a frozen call is its own: not undone afterwards.
    // (One instance serves both calls: `serve`-style state through a case file.)
    let cases = json!([
        { "name": "replace", "call": { "tool": "replace", "args": {}, "userId": "u" }, "now": "2026-11-29T12:00:00Z", "freezeTime": true,
          "expect": { "ok": true, "result": { "text": "replaced" } } },
        { "name": "which", "call": { "tool": "which", "args": {}, "userId": "u" }, "now": "2026-11-29T12:00:00Z",
          "expect": { "ok": true, "result": { "text": "Mine" } } }
    ]);
    std::fs::write(dir.join("cases.json"), cases.to_string()).unwrap();
    let out = run(&["test", s(&dir), s(&dir.join("cases.json"))]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn a_case_that_never_settled_leaves_no_frozen_clock_or_state_to_the_next() {
    // The handler never settles under a frozen clock: its instance is left mid-call (the
    // frozen `Date` installed, the handler's promise still pending). The next case in the file
    // gets a fresh instance: the real clock, fresh module state.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        let calls = 0;\n\
        export default defineToolkit({ id: 'stuck', name: 'S', description: 'S.', icon: '🧊', version: '1.0.0',\n\
          tools: [tool({ name: 'never', description: 'Never.', input: z.object({}), handler: () => { calls++; return new Promise(() => {}); } }),\n\
            tool({ name: 'clock', description: 'Clock.', input: z.object({}), handler: async () =>\n\
              `${Date.now() === Date.UTC(2020, 0, 1) ? 'frozen' : 'live'} after ${calls} calls` })] });\n";
    let dir = scratch_toolkit("never-settled-case", &[("extension.ts", source)]);
    let cases = json!([
        { "name": "never", "call": { "tool": "never", "args": {}, "userId": "u" }, "now": "2020-01-01T00:00:00Z", "freezeTime": true,
          "expect": { "ok": false, "error": "the handler's promise never settled (nothing was left to run)", "retryable": false, "code": "TOOL_ERROR" } },
        { "name": "clock", "call": { "tool": "clock", "args": {}, "userId": "u" }, "now": "2020-01-01T00:00:00Z",
          "expect": { "ok": true, "result": { "text": "live after 0 calls" } } }
    ]);
    std::fs::write(dir.join("cases.json"), cases.to_string()).unwrap();
    let out = run(&["test", s(&dir), s(&dir.join("cases.json"))]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// A case's secrets are stand-ins its file holds, so a failure report shows them: a short one
/// (`"v"`) once blanked out every `v` of the report, its own words included.
#[test]
fn a_failure_report_shows_a_short_stand_in_secret_as_it_is() {
    let vault = fixture("vault");
    let dir = scratch_toolkit("short-secret-report", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let case = json!([{
        "name": "reads", "call": { "tool": "read", "args": { "name": "API_TOKEN" }, "userId": "u" },
        "now": "2026-01-01T00:00:00Z", "secrets": { "API_TOKEN": "v", "OPTIONAL_KEY": null },
        "expect": { "ok": true, "result": { "text": "stale" } }
    }]);
    std::fs::write(&file, case.to_string()).unwrap();
    let out = run(&["test", s(&vault), s(&file)]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(shown.contains(r#"envelope/result/text: expected "stale", got "value of length 1""#), "{shown}");
    assert!(!shown.contains("[redacted]"), "{shown}");
}

/// `test --timeout` bounds each case; `--update` of a case that hit a limit says so.
#[test]
fn test_timeout_bounds_a_case_and_update_says_a_limit_was_recorded() {
    let faults = fixture("faults");
    let dir = scratch_toolkit("test-timeout", &[(".keep", "")]);
    let file = dir.join("cases.json");
    let case = json!([{ "name": "hang", "call": { "tool": "hang", "args": {}, "userId": "u" }, "now": "2026-01-01T00:00:00Z" }]);
    std::fs::write(&file, case.to_string()).unwrap();
    let started = std::time::Instant::now();
    let out = run(&["test", s(&faults), s(&file), "--timeout", "0.5", "--update"]);
    let shown = text(&out);
    assert!(started.elapsed() < std::time::Duration::from_secs(30), "the 60 s default applied: {shown}");
    assert_eq!(out.status.code(), Some(0), "{shown}");
    assert!(shown.contains("note: this case hit a limit ("), "{shown}");
    assert_eq!(read(&file)[0]["expect"]["ok"], json!(false), "{}", read(&file));
    let out = run(&["test", s(&faults), s(&file), "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("--timeout must be a positive number of seconds"), "{}", text(&out));
}

/// A top-level busy loop stopped at the load's limit gives the limit's message alone: deno_core
/// once printed ten warnings about a top-level await the toolkit does not have before it.
#[test]
fn a_load_stopped_at_its_limit_says_only_that() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\nfor (;;) {}\n\
        export default defineToolkit({ id: 'loop', name: 'L', description: 'd', icon: 'i', version: '1.0.0',\n\
        tools: [tool({ name: 'x', description: 'd', input: z.object({}), handler: async () => 'x' })] });\n";
    let dir = scratch_toolkit("load-loop", &[("extension.ts", source)]);
    let out = run(&["call", s(&dir), "x", "--timeout", "1"]);
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(2), "{shown}");
    assert!(shown.contains("did not finish loading within 1 s"), "{shown}");
    assert!(!shown.contains("retrying event loop iteration"), "{shown}");
}

/// `new` names what is wrong with DIR, and `new .` in an empty folder takes the folder's name.
#[test]
fn new_names_what_is_wrong_with_dir_and_takes_an_empty_folder_s_name() {
    let dir = scratch_toolkit("new-dir-kinds", &[("afile", "x")]);
    let out = run(&["new", s(&dir.join("afile"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("already exists and is not a directory"), "{}", text(&out));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling")).unwrap();
        let out = run(&["new", s(&dir.join("dangling"))]);
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out).contains("is a symbolic link to nothing"), "{}", text(&out));
    }
    let empty = dir.join("empty-kit");
    std::fs::create_dir(&empty).unwrap();
    let out = std::process::Command::new(trove_host_tests::cli_binary()).args(["new", "."]).current_dir(&empty).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(std::fs::read_to_string(empty.join("extension.ts")).unwrap().contains("id: 'empty-kit'"));
}


#[test]
fn a_replayed_call_answers_from_its_cassette_never_from_the_persistent_cache() {
    // Review 22: `call --replay` read and wrote `$TROVE_HOST_HOME/cache.sqlite`, so a second
    // replay was answered from the first one's entry, and a live call would have been too.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'rates', name: 'R', description: 'R.', icon: '💱', version: '1.0.0',\n\
          egress: ['rates.example.test'],\n\
          tools: [tool({ name: 'rate', description: 'Rate.', input: z.object({}), handler: async (_a, ctx) => {\n\
            const hit = await ctx.cache?.get('rate');\n\
            if (hit) return `${hit} (cached)`;\n\
            const { rate } = await ctx.fetchJson('https://rates.example.test/eur');\n\
            await ctx.cache?.put('rate', String(rate), 3600);\n\
            return String(rate); } })] });\n";
    let cassette = |rate: u32| json!([{ "request": { "method": "GET", "url": "https://rates.example.test/eur" }, "response": { "status": 200, "body": { "rate": rate } } }]);
    let dir = scratch_toolkit("replay-cache", &[("extension.ts", source), ("a.json", &cassette(42).to_string()), ("b.json", &cassette(43).to_string())]);
    let home = dir.join("home");
    let call = |file: &str| {
        trove_host_tests::run_cli(&["call", s(&dir), "rate", "--replay", s(&dir.join(file))], &[("TROVE_HOST_HOME", s(&home))], None)
    };
    for (file, rate) in [("a.json", "42"), ("b.json", "43"), ("a.json", "42")] {
        let out = call(file);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(envelope["result"]["text"], rate, "{file}: {}", text(&out));
    }
    assert!(!home.join("cache.sqlite").exists(), "a replay never opens the persistent cache");
}

#[test]
fn a_replay_whose_cassette_holds_exchanges_never_requested_exits_3() {
    // Review 22: the README promises exit 3 when a cassette does not match the requests made;
    // one the toolkit stopped making only printed a line and exited 0.
    let exchange = |path: &str| json!({ "request": { "method": "GET", "url": format!("https://earthquake.usgs.gov{path}") }, "response": { "status": 200, "body": "{}" } });
    let recorded = read(&repo_root().join("toolkits/quakefeed/replay/recent.json"));
    let mut more = recorded.as_array().unwrap().clone();
    more.push(exchange("/fdsnws/event/1/query?never=asked"));
    let dir = scratch_toolkit("replay-unused", &[("cassette.json", &Value::Array(more).to_string())]);
    let out = run(&[
        "call", "toolkits/quakefeed", "recent_quakes", "--args", r#"{"minMagnitude":2.5}"#, "--replay", s(&dir.join("cassette.json")),
        "--now", "2026-11-29T12:00:00Z",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["ok"], true, "the call itself answered: {}", text(&out));
    assert!(text(&out).contains("1 recorded exchange(s) were never requested, first: GET https://earthquake.usgs.gov/fdsnws/event/1/query?never=asked"), "{}", text(&out));
}

#[test]
fn a_replayed_call_that_fails_before_its_requests_exits_1_and_says_so() {
    // Review 61 (F11): a call that failed before its requests (an unset secret, bad arguments)
    // exited 3, "replay mismatch", which reads as a broken cassette; its envelope says why.
    let out = run(&[
        "call", "toolkits/quakefeed", "recent_quakes", "--args", r#"{"minMagnitude":"high"}"#, "--replay",
        "toolkits/quakefeed/replay/recent.json", "--now", "2026-11-29T12:00:00Z",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["code"], "INVALID_PARAMS", "{}", text(&out));
    assert!(text(&out).contains("the call failed (ok: false) without requesting 1 recorded exchange(s), first: GET https://earthquake.usgs.gov/"), "{}", text(&out));
    assert!(!text(&out).contains("replay mismatch"), "{}", text(&out));
}

#[test]
fn a_recorded_case_holds_no_part_of_a_secret_and_null_for_one_the_call_did_not_have() {
    // Review 22: a JSON-valued secret's short members and numbers were written to the case as
    // they were, and a secret the live call did not have got a stand-in, so the case replayed
    // another call.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'keys', name: 'K', description: 'K.', icon: '🔑', version: '1.0.0',\n\
          secrets: ['SA', 'API_KEY'],\n\
          tools: [tool({ name: 'who', description: 'Who.', input: z.object({}), handler: async (_a, ctx) => {\n\
            const sa = JSON.parse(await ctx.requireSecret('SA'));\n\
            const key = await ctx.secret('API_KEY');\n\
            return `${typeof sa.user} ${typeof sa.pin} ${key ? 'key set' : 'no key configured'}`; } })] });\n";
    let dir = scratch_toolkit("record-secrets", &[("extension.ts", source)]);
    let file = dir.join("tests/who.json");
    let sa = r#"{"user":"alice","password":"hunter2","pin":482913,"private_key":"-----BEGIN KEY-----abcdef"}"#;
    let out = trove_host_tests::run_cli(
        &["call", s(&dir), "who", "--record-case", s(&file), "--name", "who", "--now", "2026-11-29T12:00:00Z"],
        &[("TROVE_HOST_HOME", s(&dir.join("home"))), ("TROVE_SECRET_SA", sa)],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let written = std::fs::read_to_string(&file).unwrap();
    for real in ["alice", "hunter2", "482913", "abcdef"] {
        assert!(!written.contains(real), "{real} is in the case file: {written}");
    }
    let case = &read(&file)[0];
    assert_eq!(case["secrets"]["API_KEY"], Value::Null, "{case}");
    assert_eq!(case["expect"]["result"]["text"], "string number no key configured", "{case}");
    let out = run(&["test", s(&dir), s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn a_recorded_case_replays_the_knowledge_base_s_answers() {
    // Review 22: the live call's `ctx.trove` answers were not written to the case, so its
    // replay had no script to answer from and nothing was appended.
    let dir = scratch_toolkit("record-trove", &[(".keep", "")]);
    let vault = fixture("vault");
    let home = dir.join("home");
    let env = [("TROVE_HOST_HOME", s(&home)), ("NO_COLOR", "1")];
    let out = trove_host_tests::run_cli(
        &["call", s(&vault), "save", "--scope", "trove:ingest", "--args", r#"{"title":"Tidal notes","text":"Flow in narrow straits."}"#],
        &env,
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let file = dir.join("find.json");
    let out = trove_host_tests::run_cli(
        &["call", s(&vault), "find", "--scope", "trove:search", "--args", r#"{"query":"straits"}"#, "--record-case", s(&file), "--name", "find_straits"],
        &env,
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let case = &read(&file)[0];
    let script = case["trove"].as_array().expect("a trove script");
    assert_eq!(script.iter().map(|c| c["operation"].as_str().unwrap()).collect::<Vec<_>>(), ["search", "getDocument"], "{case}");
    assert_eq!(script[0]["variables"]["query"], "straits");
    assert_eq!(case["expect"]["result"]["text"], "1 hit(s): Tidal notes", "{case}");
    // It replays from the script alone: `test` has no knowledge base but the case's.
    std::fs::remove_dir_all(&home).unwrap();
    let out = run(&["test", s(&vault), s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn a_recorded_case_s_knowledge_base_script_holds_no_secret() {
    // Review 23: the `trove` script was written as the knowledge base answered, so a document
    // or a search that held a secret the call resolved went into the case file as it was.
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'notes', name: 'N', description: 'N.', icon: '🗒', version: '1.0.0',\n\
          secrets: ['KEY'], scopes: ['trove:search', 'trove:ingest'],\n\
          tools: [\n\
            tool({ name: 'save', description: 'Save.', input: z.object({ text: z.string() }), handler: async ({ text }, ctx) => {\n\
              await ctx.trove!.ingest([{ title: 'Keys', text }]); return 'saved'; } }),\n\
            tool({ name: 'find', description: 'Find.', input: z.object({}), handler: async (_a, ctx) => {\n\
              const key = await ctx.requireSecret('KEY');\n\
              const hits = await ctx.trove!.search(`keys ${key}`, { limit: 1 });\n\
              const doc = hits.length ? await ctx.trove!.getDocument(hits[0].id) : null;\n\
              return `${hits.length} hit(s); the document holds the key: ${String(doc?.text ?? '').includes(key)}`; } }),\n\
          ] });\n";
    let dir = scratch_toolkit("record-trove-secret", &[("extension.ts", source)]);
    let key = "sk-live-0123456789abcdef";
    let home = dir.join("home");
    let env = [("TROVE_HOST_HOME", s(&home)), ("NO_COLOR", "1"), ("TROVE_SECRET_KEY", key)];
    let saved = format!(r#"{{"text":"keys: the endpoint is https://api.example.test/?key={key}"}}"#);
    let out = trove_host_tests::run_cli(&["call", s(&dir), "save", "--scope", "trove:ingest", "--args", &saved], &env, None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let file = dir.join("find.json");
    let out = trove_host_tests::run_cli(
        &["call", s(&dir), "find", "--scope", "trove:search", "--record-case", s(&file), "--name", "find"],
        &env,
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("the document holds the key: true"), "{}", text(&out));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(!written.contains(key), "the key is in the case file: {written}");
    assert!(written.contains("{{secret:KEY}}"), "a placeholder stands where it was: {written}");
    let case = &read(&file)[0];
    assert_eq!(case["expect"]["result"]["text"], "1 hit(s); the document holds the key: true", "{case}");
    let out = run(&["test", s(&dir), s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// A case that leaves a member of its call out leaves it out of the call, as the corpus's
/// `{ "userId": call.userId, … }` does (review 55): `ctx.userId` is `undefined`, as under
/// `serve` and the SDK, not `null`; a case that sets it to `null` gets `null`.
#[test]
fn a_case_without_a_user_id_calls_without_one() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'who', name: 'W', description: 'W.', icon: 'w', version: '1.0.0',\n\
          tools: [tool({ name: 'who', description: 'W.', input: z.object({}), async handler(_a, ctx) {\n\
            return `${typeof ctx.userId} ${JSON.stringify(ctx.userId)}`; } })] });\n";
    let cases = json!([
        { "name": "absent", "now": "2026-11-29T12:00:00Z", "call": { "tool": "who", "args": {} }, "expect": { "ok": true, "result": { "text": "undefined undefined" } } },
        { "name": "null", "now": "2026-11-29T12:00:00Z", "call": { "tool": "who", "args": {}, "userId": null }, "expect": { "ok": true, "result": { "text": "object null" } } },
        { "name": "set", "now": "2026-11-29T12:00:00Z", "call": { "tool": "who", "args": {}, "userId": "u1" }, "expect": { "ok": true, "result": { "text": "string \"u1\"" } } }
    ]);
    let dir = scratch_toolkit("who", &[("extension.ts", source), ("cases.json", &cases.to_string())]);
    let out = run(&["test", s(&dir), s(&dir.join("cases.json"))]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("3 passed, 0 failed"), "{}", text(&out));
}

/// `test`'s line-by-line diff writes a toolkit's text as the host's log does (review 55): a raw
/// `\r` let the text overwrite the report's own line on a terminal, and U+2028 could start a
/// new one.
#[test]
fn the_line_diff_escapes_what_a_terminal_would_act_on() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'crlf', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
          tools: [tool({ name: 'a', description: 'A.', input: z.object({}), async handler() {\n\
            return 'first line\\nsecond\\rPASS\\nthird\\u2028fourth'; } })] });\n";
    let cases = json!([{ "name": "c", "now": "2026-11-29T12:00:00Z", "call": { "tool": "a", "args": {} }, "expect": { "ok": true, "result": { "text": "first line\nsecond\nthird" } } }]);
    let dir = scratch_toolkit("crlf", &[("extension.ts", source), ("cases.json", &cases.to_string())]);
    let out = run(&["test", s(&dir), s(&dir.join("cases.json"))]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(!report.contains('\r') && !report.contains('\u{2028}'), "{report:?}");
    assert!(report.contains("+second\\r\n") && report.contains("+third\\u{2028}fourth"), "{report}");
}
