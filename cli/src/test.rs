//! `trove-host test`: a toolkit's case files (the conformance case format), run as
//! `conformance` runs them (one fresh instance per file, cases in order), with a diff for each
//! failure; `--update` rewrites expectations, `--against-node` compares with the Node SDK.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anstyle::{AnsiColor, Style};
use serde::Deserialize;
use serde_json::Value;
use trove_host::cases::{case_files_in, case_replay, compare_with_reference, keep_matching_matchers, read_case_file, read_json, rewrite_case_file, run_file, update_case, Case, CaseResult, ReferenceAnswer};
use trove_host::{find_entry, InstanceOptions};

use crate::usage;

#[derive(clap::Args)]
pub struct TestArgs {
    /// Toolkit directory or entry file.
    toolkit: PathBuf,
    /// Case files to run (default: every <TOOLKIT>/tests/*.json).
    case_files: Vec<PathBuf>,
    /// Run only the cases whose name (or file/name) contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Rewrite each failing case's expect, expectRequests, expectCallbacks and expectLogs from
    /// what trove-host did (review the diff before committing, as with snapshot tests).
    #[arg(long)]
    update: bool,
    /// Also run the cases through Node with the @ontrove/extend package at PKG_DIR
    /// (js/parity/run-node.mjs) and print, per case, where the two answers differ.
    #[arg(long, value_name = "PKG_DIR")]
    against_node: Option<PathBuf>,
    /// The workspace root relative imports may reach (default: found from the toolkit).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Wall-clock limit of each case's call, in seconds (as `call --timeout`).
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
}

const RED: Style = AnsiColor::Red.on_default();
const GREEN: Style = AnsiColor::Green.on_default();
const YELLOW: Style = AnsiColor::Yellow.on_default();
const BOLD: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();

/// Prints one line on stdout (colour stripped when stdout is not a terminal or NO_COLOR is set).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(anstream::stdout(), $($arg)*);
    }};
}

/// One case file's cases as run.
struct Ran {
    file: PathBuf,
    cases: Vec<Case>,
    /// `(index in the file, result, problems)` for the cases that ran.
    results: Vec<(usize, CaseResult, Vec<String>)>,
}

/// The case files `test` runs when none are named: `<toolkit dir>/tests/*.json`, sorted.
fn default_case_files(toolkit: &Path) -> Result<Vec<PathBuf>, String> {
    let (dir, _) = find_entry(toolkit).map_err(|e| e.to_string())?;
    let tests = dir.join("tests");
    let files = case_files_in(&tests).map_err(|e| format!("no case files given, and {e}"))?;
    if files.is_empty() {
        return Err(format!("no case files in {} (record one with `trove-host call … --record-case FILE --name NAME`)", tests.display()));
    }
    Ok(files)
}

/// How long one diff may take to find the fewest changes; past it, `similar` gives a coarser
/// but still correct diff. Myers' diff is quadratic in the lines that differ: a case of 150,000
/// items kept `test` diffing for minutes, outside every `--timeout` (review 40).
const DIFF_DEADLINE: std::time::Duration = std::time::Duration::from_millis(500);

/// The most lines a diff prints, and the most problems a failing case lists; the rest are
/// counted.
const MOST_LINES_SHOWN: usize = 200;

/// A unified diff of two JSON values, pretty-printed, with `-` (expected) red and `+`
/// (actual) green ([`print_line_diff`]), then one of each pair of differing strings of several
/// lines (at most ten).
fn print_diff(what: &str, expected: &Value, actual: &Value) {
    let expected_text = serde_json::to_string_pretty(expected).expect("JSON");
    let actual_text = serde_json::to_string_pretty(actual).expect("JSON");
    out!("      {BOLD}{what}{BOLD:#} {DIM}(- expected, + actual){DIM:#}");
    print_line_diff(&expected_text, &actual_text);
    // A string of several lines is one JSON line above: its own lines are diffed too, so that
    // the one line that changed in a 40-line text shows (review 45, R45-03).
    let mut strings = Vec::new();
    differing_texts(what, expected, actual, &mut strings);
    for (path, expected, actual) in strings.into_iter().take(10) {
        out!("      {BOLD}{path}{BOLD:#} {DIM}line by line (- expected, + actual){DIM:#}");
        print_line_diff(expected, actual);
    }
}

/// The strings of several lines that differ between `expected` and `actual` at the same place
/// (objects by key, arrays by index), with their paths.
fn differing_texts<'a>(path: &str, expected: &'a Value, actual: &'a Value, out: &mut Vec<(String, &'a str, &'a str)>) {
    match (expected, actual) {
        (Value::String(e), Value::String(a)) if e != a && (e.contains('\n') || a.contains('\n')) => out.push((path.to_owned(), e, a)),
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                if let Some(av) = a.get(k) {
                    differing_texts(&format!("{path}/{k}"), ev, av, out);
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                differing_texts(&format!("{path}/{i}"), ev, av, out);
            }
        }
        _ => {}
    }
}

/// The most characters of one line a report prints; the rest are counted.
const MOST_CHARS_SHOWN: usize = 300;

/// `line`, cut at [`MOST_CHARS_SHOWN`] characters with a count of what was left out: a 355,000
/// character line made the report unreadable (review 45, R45-03).
fn shortened(line: &str) -> std::borrow::Cow<'_, str> {
    match line.char_indices().nth(MOST_CHARS_SHOWN) {
        Some((cut, _)) => format!("{}{DIM}… ({} more characters){DIM:#}", &line[..cut], line[cut..].chars().count()).into(),
        None => line.into(),
    }
}

/// A unified diff of two texts, line by line: found within [`DIFF_DEADLINE`], at most
/// [`MOST_LINES_SHOWN`] lines, each shortened to [`MOST_CHARS_SHOWN`] characters.
fn print_line_diff(expected: &str, actual: &str) {
    let diff = similar::TextDiff::configure()
        .deadline(std::time::Instant::now() + DIFF_DEADLINE)
        .diff_lines(expected, actual);
    let mut shown = 0;
    let mut left = 0;
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        if shown >= MOST_LINES_SHOWN {
            left += hunk.iter_changes().count();
            continue;
        }
        out!("      {DIM}{}{DIM:#}", hunk.header());
        for change in hunk.iter_changes() {
            if shown >= MOST_LINES_SHOWN {
                left += 1;
                continue;
            }
            shown += 1;
            let line = change.to_string_lossy();
            // A toolkit's text, written as the host's log writes it: a `\r` or U+2028 in it would
            // let it overwrite the report's own lines on a terminal (review 55).
            let line = trove_host_ops::log::continuation_indented(line.trim_end_matches('\n'));
            let line = shortened(&line);
            match change.tag() {
                similar::ChangeTag::Delete => out!("      {RED}-{line}{RED:#}"),
                similar::ChangeTag::Insert => out!("      {GREEN}+{line}{GREEN:#}"),
                similar::ChangeTag::Equal => out!("       {line}"),
            }
        }
    }
    if left > 0 {
        out!("      {DIM}… {left} more lines of this diff not shown{DIM:#}");
    }
}

/// The problems, then a diff of each part (envelope, requests, callbacks, logs) they concern.
/// Shown as they are: a case's secrets are stand-ins its file holds (`record-case` never writes
/// a real one), and redacting a short stand-in (`"ok"`) would blank it out of the expected side,
/// JSON keys and the report's own words.
fn print_failure(case: &Case, result: &CaseResult, problems: &[String]) {
    for p in problems.iter().take(MOST_LINES_SHOWN) {
        // A problem quotes the toolkit's text as JSON, which leaves U+2028 as it is.
        out!("      {}", shortened(&trove_host_ops::log::continuation_indented(p)));
    }
    if problems.len() > MOST_LINES_SHOWN {
        out!("      {DIM}… {} more problems not shown{DIM:#}", problems.len() - MOST_LINES_SHOWN);
    }
    let expected_requests = case.host_expect_requests.as_ref().or(case.expect_requests.as_ref());
    let parts: [(&str, Option<Value>, &Value); 4] = [
        ("envelope", Some(case.host_expect.clone().unwrap_or_else(|| case.expect.clone())), &result.envelope),
        ("requests", expected_requests.map(|r| Value::Array(r.clone())), &result.requests),
        ("callbacks", case.expect_callbacks.as_ref().map(|c| Value::Array(c.clone())), &result.callbacks),
        ("logs", case.expect_logs.as_ref().map(|l| Value::Array(l.clone())), &result.logs),
    ];
    for (what, expected, actual) in parts {
        if let Some(expected) = expected.filter(|_| problems.iter().any(|p| p.starts_with(what))) {
            print_diff(what, &expected, &keep_matching_matchers(&expected, actual));
        }
    }
}

fn matches_filter(filter: Option<&str>, file: &Path, name: &str) -> bool {
    let Some(filter) = filter else { return true };
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    name.contains(filter) || format!("{stem}/{name}").contains(filter)
}

pub async fn test(args: TestArgs) -> ExitCode {
    if let Some(package) = &args.against_node {
        // Checked before anything runs.
        match read_json(&package.join("package.json")) {
            Ok(manifest) if manifest["name"] == "@ontrove/extend" => {}
            Ok(manifest) => {
                eprintln!("trove-host: warning: {} is the package {}, not @ontrove/extend", package.display(), manifest["name"]);
            }
            Err(e) => return usage(format!("--against-node {}: not a package directory ({e})", package.display())),
        }
    }
    let timeout = match crate::serve::positive_seconds("timeout", args.timeout) {
        Ok(t) => t,
        Err(e) => return usage(e),
    };
    let files = if args.case_files.is_empty() {
        match default_case_files(&args.toolkit) {
            Ok(f) => f,
            Err(e) => return usage(e),
        }
    } else {
        args.case_files.clone()
    };
    let (mut passed, mut failed, mut updated, mut selected_total) = (0usize, 0usize, 0usize, 0usize);
    let mut runs = Vec::new();
    // Case files whose run could not load the toolkit: Node is asked whether it loads it.
    let mut not_loaded = Vec::new();
    for file in &files {
        // A file that cannot be read (a typo in a field name, bad JSON) is one failure: the
        // other files still run and the summary is printed (review 45, R45-04).
        let read = read_case_file(file).and_then(|cases| match read_json(file)? {
            Value::Array(raw) => Ok((cases, raw)),
            _ => Err(format!("{} is not a JSON array of cases", file.display())),
        });
        let (cases, mut raw) = match read {
            Ok(read) => read,
            Err(e) => {
                out!("{BOLD}{}{BOLD:#}", file.display());
                out!("  {RED}FAIL{RED:#}  the case file cannot be read: {e}");
                failed += 1;
                selected_total += 1;
                continue;
            }
        };
        let select = |c: &Case| matches_filter(args.filter.as_deref(), file, &c.name);
        if args.filter.is_some() && !cases.iter().any(select) {
            // Nothing of this file is asked for: not even its name is printed.
            continue;
        }
        let shown = file.display();
        out!("{BOLD}{shown}{BOLD:#}");
        let mut options = InstanceOptions { workspace_root: args.root.clone(), ..InstanceOptions::default() };
        options.limits.call_timeout = timeout;
        let run = match run_file(&args.toolkit, options, &cases, &select) {
            Ok(run) => run,
            Err(e) => {
                let selected = cases.iter().filter(|c| select(c)).count();
                out!("  {RED}FAIL{RED:#}  the toolkit did not load: {e}");
                not_loaded.push(file.clone());
                failed += selected.max(1);
                selected_total += selected;
                continue;
            }
        };
        // Names of the cases whose expectations this run rewrites, with their results.
        let mut rewrites = Vec::new();
        for (index, result, problems) in &run.results {
            let case = &cases[*index];
            for name in case.secrets.keys().filter(|name| !run.declared_secrets.contains(*name)) {
                let declared: Vec<&str> = run.declared_secrets.iter().map(String::as_str).collect();
                out!(
                    "  {YELLOW}warning:{YELLOW:#} case {:?} gives the secret {name:?}, which the toolkit does not declare (it declares: {}); the toolkit can never read it",
                    case.name,
                    if declared.is_empty() { "none".to_owned() } else { declared.join(", ") }
                );
            }
            // The corpus format reads a name absent from `secrets` as undeclared (the Node run
            // of `--against-node` does too); the host, which has the manifest, runs it as not set.
            for name in run.declared_secrets.iter().filter(|name| !case.secrets.contains_key(*name)) {
                out!(
                    "  {YELLOW}warning:{YELLOW:#} case {:?} does not list the secret {name:?}, which the toolkit declares; it runs as not set (write \"{name}\": null in its secrets to say so: --against-node reads a name left out as undeclared)",
                    case.name
                );
            }
            // A cassette or scripted answer that does not fit is not an expectation to rewrite.
            let script_problems = problems.iter().any(|p| p.starts_with("http:") || p.starts_with("trove:"));
            if args.update && !script_problems && update_case(&mut raw[*index], result) {
                // Differing or absent expectations are rewritten; matching ones stay as written.
                // With what it ran (the call, cassette, clock, secrets…): a case edited
                // meanwhile is not given an expectation from its old inputs.
                rewrites.push((case.name.as_str(), case_inputs(&raw[*index]), result));
                updated += 1;
                out!("  {GREEN}updated{GREEN:#} {}", case.name);
                if let Some((_, why)) = run.limited.iter().find(|(i, _)| i == index) {
                    out!("      note: this case hit a limit ({why}); its expectation now records that, not an answer");
                }
                print_failure(case, result, problems);
            } else if problems.is_empty() {
                passed += 1;
                out!("  {GREEN}ok{GREEN:#}    {}", case.name);
            } else {
                failed += 1;
                out!("  {RED}FAIL{RED:#}  {}", case.name);
                print_failure(case, result, problems);
            }
        }
        if let Some(stopped) = &run.stopped {
            let after = &cases[stopped.after].name;
            out!("  {RED}FAIL{RED:#}  no fresh instance could be loaded after {after:?} left its own untrusted: {}", stopped.error);
            for index in &stopped.not_run {
                out!("  {RED}FAIL{RED:#}  {} (did not run)", cases[*index].name);
            }
            failed += stopped.not_run.len();
            selected_total += stopped.not_run.len();
        }
        selected_total += run.results.len();
        if !rewrites.is_empty() {
            // Applied to the file as it is now, under its lock: a case another writer appended
            // while these ran (`call --record-case`) is kept.
            let rewritten = rewrite_case_file(file, |now| {
                let mut gone = Vec::new();
                for (name, ran, result) in &rewrites {
                    match now.iter_mut().find(|c| c["name"] == *name) {
                        Some(case) if case_inputs(case) == *ran => {
                            update_case(case, result);
                        }
                        Some(_) => gone.push((*name, "was edited")),
                        None => gone.push((*name, "left")),
                    }
                }
                Ok(gone)
            });
            match rewritten {
                Ok(gone) => {
                    // Its expectation is still the old one (or none): counted as failed, so a
                    // script that runs `--update` notices (review 19).
                    updated -= gone.len();
                    failed += gone.len();
                    for (name, why) in gone {
                        out!("  {RED}FAIL{RED:#}  case {name:?} {why} in {} while the cases ran; its update was dropped (run `test --update` again)", file.display());
                    }
                }
                Err(e) => return usage(e),
            }
        }
        runs.push(Ran { file: file.clone(), cases, results: run.results });
    }
    if selected_total == 0 && args.filter.is_some() {
        out!("{RED}no case matches --filter {:?}{RED:#}", args.filter.as_deref().unwrap_or_default());
        return ExitCode::from(1);
    }
    let mut status = if failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) };
    if updated > 0 {
        out!("{passed} passed, {failed} failed, {updated} updated");
    } else {
        out!("{passed} passed, {failed} failed");
    }
    if let Some(package) = &args.against_node {
        match against_node(&args.toolkit, package, &runs, &not_loaded) {
            Ok(0) => {}
            Ok(_) => status = ExitCode::from(1),
            Err(e) => return usage(e),
        }
    }
    status
}

/// What `js/parity/run-node.mjs` prints.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NodeRun {
    runtime: String,
    package: String,
    files: Vec<NodeFile>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct NodeFile {
    #[serde(default)]
    load_error: Option<String>,
    #[serde(default)]
    cases: Vec<ReferenceAnswer>,
}

/// The runner script: `$TROVE_HOST_NODE_RUNNER`, else `js/parity/run-node.mjs` of the source
/// tree this binary was built from.
fn node_runner() -> PathBuf {
    std::env::var_os("TROVE_HOST_NODE_RUNNER")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../js/parity/run-node.mjs"))
}

/// Runs every case file through Node and prints, per case, where Node's answer and
/// trove-host's differ; for each file in `not_loaded` (trove-host could not load the toolkit
/// for it), whether Node loads it. Returns how many cases (and such files) differ.
fn against_node(toolkit: &Path, package: &Path, runs: &[Ran], not_loaded: &[PathBuf]) -> Result<usize, String> {
    if runs.is_empty() && not_loaded.is_empty() {
        out!("against Node: nothing to compare (no case file)");
        return Ok(0);
    }
    let runner = node_runner();
    let node = std::env::var_os("TROVE_HOST_NODE").unwrap_or_else(|| "node".into());
    let mut command = std::process::Command::new(&node);
    command.arg(&runner).arg("--package").arg(package).arg("--toolkit").arg(toolkit);
    // Node runs the toolkit with none of trove-host's walls; at least the secrets `call` would
    // take from the environment are not in its reach: a case's secrets are in the case (review 46).
    for (name, _) in std::env::vars_os() {
        if name.to_str().is_some_and(|n| n.starts_with("TROVE_SECRET_")) {
            command.env_remove(&name);
        }
    }
    // Node gets each case's cassette with its secret placeholders already filled in (the
    // cassette format is decided here, once): copies of the case files in a scratch folder.
    // A folder of its own (a name no other account can guess or make first, mode 0700): the
    // copies hold the case's secret values.
    let scratch = tempfile::Builder::new()
        .prefix("trove-host-parity-")
        .tempdir()
        .map_err(|e| format!("cannot create a scratch folder in {}: {e}", std::env::temp_dir().display()))?;
    for (n, run) in runs.iter().enumerate() {
        let mut raw = match read_json(&run.file)? {
            Value::Array(raw) => raw,
            _ => return Err(format!("{} is not a JSON array of cases", run.file.display())),
        };
        for (value, case) in raw.iter_mut().zip(&run.cases) {
            value["http"] = serde_json::to_value(case_replay(case).remaining_served()).expect("JSON");
        }
        let copy = scratch.path().join(format!("{n}-{}", run.file.file_name().and_then(|f| f.to_str()).unwrap_or("cases.json")));
        std::fs::write(&copy, serde_json::to_string(&raw).expect("JSON")).map_err(|e| format!("cannot write {}: {e}", copy.display()))?;
        command.arg(copy);
    }
    // Their cases never ran here: Node gets them as they are written, and only its load matters.
    command.args(not_loaded);
    let output = command
        .stderr(std::process::Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {} {}: {e} (is Node.js installed?)", node.to_string_lossy(), runner.display()))?;
    if !output.status.success() {
        return Err(format!("the Node runner {} failed ({})", runner.display(), output.status));
    }
    // Node writes a lone surrogate (a string cut inside an emoji) as an escape serde_json
    // refuses: read as JSON from JavaScript, each is U+FFFD (review 24).
    let node_run: NodeRun = trove_host_ops::js_json::from_js_json(&String::from_utf8_lossy(&output.stdout))
        .map_err(|e| format!("the Node runner printed something that is not its JSON report: {e}"))?;
    if node_run.files.len() != runs.len() + not_loaded.len() {
        return Err(format!("the Node runner reported {} case files, not {}", node_run.files.len(), runs.len() + not_loaded.len()));
    }
    out!("{BOLD}against {} ({}){BOLD:#}  {DIM}expected = trove-host, got = Node{DIM:#}", node_run.package, node_run.runtime);
    let (mut same, mut differ) = (0usize, 0usize);
    for (run, node_file) in runs.iter().zip(&node_run.files) {
        for (index, host, _) in &run.results {
            let case = &run.cases[*index];
            let problems = match (&node_file.load_error, node_file.cases.iter().find(|a| a.name == case.name)) {
                (Some(error), _) => vec![format!("the toolkit did not load under Node: {error}")],
                (None, None) => vec!["Node did not run this case".to_owned()],
                (None, Some(answer)) => compare_with_reference(case, answer, host),
            };
            if problems.is_empty() {
                same += 1;
                out!("  {GREEN}same{GREEN:#}    {}", case.name);
            } else {
                differ += 1;
                out!("  {RED}differ{RED:#}  {}", case.name);
                for p in problems {
                    out!("      {p}");
                }
            }
        }
    }
    for (file, node_file) in not_loaded.iter().zip(&node_run.files[runs.len()..]) {
        match &node_file.load_error {
            Some(error) => {
                same += 1;
                out!("  {GREEN}same{GREEN:#}    {}: the toolkit does not load under Node either: {error}", file.display());
            }
            None => {
                differ += 1;
                out!("  {RED}differ{RED:#}  {}: the toolkit loads under Node", file.display());
            }
        }
    }
    out!("{same} same, {differ} differ");
    Ok(differ)
}

/// What a case runs on: the case without its expectations (`expect*`, `hostExpect*`), so an
/// update computed from one version of a case is never written onto another (its call, its
/// cassette, `now`, `secrets`, … edited while the cases ran; review 19).
fn case_inputs(case: &Value) -> Value {
    match case {
        Value::Object(fields) => Value::Object(
            fields.iter().filter(|(k, _)| !k.starts_with("expect") && !k.starts_with("hostExpect")).map(|(k, v)| (k.clone(), v.clone())).collect(),
        ),
        other => other.clone(),
    }
}
