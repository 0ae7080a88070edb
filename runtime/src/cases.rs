//! Case files: scripted calls with their expected answers, in the conformance corpus's format
//! (`../shared/conformance/case.schema.json`), as `conformance` and `test` run them.
//!
//! A case file is a JSON array of cases. One loaded [`Toolkit`] instance runs a whole file,
//! cases in order (module state carries over, as in one warm isolate); each case gets its own
//! scripted `http` exchanges ([`ReplayTransport`], secret placeholders expanded with the case's
//! `secrets`), `trove` answers ([`ScriptedTrove`]), secrets ([`MemorySecrets`]) and `now`
//! ([`FixedClock`]; with `"freezeTime": true` the toolkit's own `Date` reads too).
//!
//! [`run_case`] compares what trove-host did with the case's expectations; [`update_case`]
//! rewrites the expectations that differ (`test --update`).

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::secrets::MemorySecrets;
use trove_host_ops::trove::{ScriptedTrove, ScriptedTroveCall};
use trove_host_ops::CallEnv;

use crate::toolkit::{CallOutcome, Toolkit};

/// One case of a case file (the corpus's `case.schema.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Case {
    /// Unique within the file.
    pub name: String,
    /// `{tool, args, userId, scopes, config}`.
    pub call: Value,
    /// Secret name → value (`null`: declared but unset). Default: none.
    #[serde(default)]
    pub secrets: Map<String, Value>,
    /// What `ctx.now()` returns (RFC 3339).
    pub now: String,
    /// Scripted upstream exchanges (a cassette; `{{secret:NAME}}` placeholders are filled in
    /// from `secrets`). Default: none.
    #[serde(default)]
    pub http: Vec<Exchange>,
    /// Scripted `ctx.trove` answers.
    #[serde(default)]
    pub trove: Vec<ScriptedTroveCall>,
    /// The expected envelope (the SDK's). Absent: `null`, which no envelope matches (`test
    /// --update` writes it).
    #[serde(default)]
    pub expect: Value,
    /// The expected egress requests. Absent: not checked (`test --update` writes it).
    #[serde(default)]
    pub expect_requests: Option<Vec<Value>>,
    /// The expected platform callbacks. Absent: not checked.
    #[serde(default)]
    pub expect_callbacks: Option<Vec<Value>>,
    /// The expected log lines. Absent: not checked.
    #[serde(default)]
    pub expect_logs: Option<Vec<Value>>,
    /// trove-host's envelope where it is stricter than the SDK.
    #[serde(default)]
    pub host_expect: Option<Value>,
    /// trove-host's egress requests where it is stricter than the SDK.
    #[serde(default)]
    pub host_expect_requests: Option<Vec<Value>>,
    /// `Date.now()` and a no-argument `new Date()` return `now` for the whole call
    /// ([`CallEnv::freeze_time`]).
    #[serde(default)]
    pub freeze_time: bool,
}

/// What trove-host did for one case, exactly (nothing redacted: compare and update with it;
/// redact before printing or writing anything but the envelope).
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    /// Toolkit id.
    pub toolkit: String,
    /// Case name.
    pub name: String,
    /// The envelope, exactly as returned.
    pub envelope: Value,
    /// Egress requests.
    pub requests: Value,
    /// Platform callbacks.
    pub callbacks: Value,
    /// Log lines (redacted by the SDK's rule, as every log line is).
    pub logs: Value,
}

/// Reads a case file. Errors name the file, the case and the field that is wrong (e.g.
/// `cases.json: [3].now: invalid type: null, expected a string`).
pub fn read_case_file(path: &Path) -> Result<Vec<Case>, String> {
    let value = read_json(path)?;
    serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        format!("{} does not match the case format: {at}: {}", path.display(), e.into_inner())
    })
}

/// The case files in `dir`: its `*.json` files, sorted by name.
///
/// # Errors
/// `dir` cannot be read.
pub fn case_files_in(dir: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// Reads a JSON file. Errors name the file.
pub fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", path.display()))
}

/// Compares `actual` with `expected` (JSON equality, key order ignored, numbers by value; an
/// expected `{"$regex": p}` matches a string matching `p`). Differences are pushed as
/// `path: …` lines.
pub fn compare(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), _) if e.len() == 1 && e.contains_key("$regex") => {
            let pattern = e["$regex"].as_str().unwrap_or_default();
            let ok = actual.as_str().is_some_and(|s| regex::Regex::new(pattern).map(|r| r.is_match(s)).unwrap_or(false));
            if !ok {
                out.push(format!("{path}: expected a string matching /{pattern}/, got {actual}"));
            }
        }
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                match a.get(k) {
                    Some(av) => compare(&format!("{path}/{k}"), ev, av, out),
                    None => out.push(format!("{path}/{k}: missing (expected {ev})")),
                }
            }
            for k in a.keys().filter(|k| !e.contains_key(*k)) {
                out.push(format!("{path}/{k}: unexpected {}", a[k]));
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                out.push(format!("{path}: expected {} items, got {}: {actual}", e.len(), a.len()));
                return;
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                compare(&format!("{path}/{i}"), ev, av, out);
            }
        }
        (Value::Number(e), Value::Number(a)) if e.as_f64() == a.as_f64() => {}
        _ if expected == actual => {}
        _ => out.push(format!("{path}: expected {expected}, got {actual}")),
    }
}

/// A call environment scripted the way case files describe one: `secrets` (name → value,
/// `null` = declared but unset) for toolkit `id`, a clock stopped at `now` (RFC 3339), and
/// `transport` for egress.
///
/// # Errors
/// `now` is not RFC 3339.
pub fn scripted_env(
    id: &str,
    secrets: &Map<String, Value>,
    now: &str,
    transport: Arc<dyn trove_host_ops::egress::Transport>,
) -> Result<CallEnv, String> {
    let mut store = MemorySecrets::new();
    for (name, value) in secrets {
        store.set(id, name, value.as_str().map(str::to_owned));
    }
    let now = chrono::DateTime::parse_from_rfc3339(now)
        .map_err(|e| format!("now {now:?} is not an RFC 3339 instant (e.g. 2026-11-29T12:00:00Z): {e}"))?;
    let mut env = CallEnv::new(transport);
    env.secrets = Arc::new(store);
    env.clock = Arc::new(FixedClock(now.with_timezone(&chrono::Utc)));
    Ok(env)
}

/// The case's cassette, with its secret placeholders filled in from the case's `secrets`.
pub fn case_replay(case: &Case) -> ReplayTransport {
    ReplayTransport::with_secrets(case.http.clone(), &|name| case.secrets.get(name).and_then(Value::as_str).map(str::to_owned))
}

/// The call a case makes, as the platform would send it (contract §4): the case's `tool`,
/// `args`, `userId`, `scopes` and `config`, with a `ctxToken` and `callbackBase` (the case's
/// scripted secrets and `trove` answers stand in for the callbacks).
pub fn case_call(case: &Case) -> Value {
    let c = &case.call;
    json!({
        "tool": c.get("tool").cloned().unwrap_or(Value::Null),
        "args": c.get("args").cloned().unwrap_or(Value::Null),
        "ctxToken": "conformance-token",
        "callbackBase": "https://callback.invalid",
        "userId": c.get("userId").cloned().unwrap_or(Value::Null),
        "scopes": c.get("scopes").cloned().unwrap_or(Value::Null),
        "config": c.get("config").cloned().unwrap_or(Value::Null),
    })
}

/// The callbacks as compared: trove calls exactly and in order; secrets as the set of
/// distinct names read (how often the SDK re-reads one is not part of the contract).
fn compare_callbacks(expected: &[Value], actual: &Value, problems: &mut Vec<String>) {
    let actual = actual.as_array().cloned().unwrap_or_default();
    let trove = |list: &[Value]| -> Vec<Value> { list.iter().filter(|c| c["kind"] == "trove").cloned().collect() };
    compare("callbacks(trove)", &Value::Array(trove(expected)), &Value::Array(trove(&actual)), problems);
    let secrets = |list: &[Value]| -> BTreeSet<String> {
        list.iter().filter(|c| c["kind"] == "secret").filter_map(|c| c["name"].as_str().map(str::to_owned)).collect()
    };
    let (want, got) = (secrets(expected), secrets(&actual));
    if want != got {
        problems.push(format!("callbacks(secret): expected {want:?}, got {got:?}"));
    }
}

/// Runs one case against `toolkit` and returns what it did and how that differs from the
/// case's expectations (one line per difference; empty when the case passes).
pub async fn run_case(toolkit: &mut Toolkit, case: &Case) -> (CaseResult, Vec<String>) {
    let id = toolkit.id().to_owned();
    let replay = Arc::new(case_replay(case));
    let trove = Arc::new(ScriptedTrove::new(case.trove.clone()));
    let mut problems = Vec::new();
    let mut env = scripted_env(&id, &case.secrets, &case.now, replay.clone()).unwrap_or_else(|e| {
        problems.push(e);
        CallEnv::new(replay.clone())
    });
    env.trove = Some(trove.clone());
    env.freeze_time = case.freeze_time;
    let CallOutcome { envelope, record } = toolkit.call_json(case_call(case), env).await;
    let result = CaseResult {
        toolkit: id,
        name: case.name.clone(),
        envelope: envelope.json(),
        requests: serde_json::to_value(&record.requests).expect("JSON"),
        callbacks: serde_json::to_value(&record.callbacks).expect("JSON"),
        logs: Value::Array(record.logs.clone()),
    };

    compare("envelope", case.host_expect.as_ref().unwrap_or(&case.expect), &result.envelope, &mut problems);
    if let Some(expected) = case.host_expect_requests.as_ref().or(case.expect_requests.as_ref()) {
        compare("requests", &Value::Array(expected.clone()), &result.requests, &mut problems);
    }
    if let Some(expected) = &case.expect_logs {
        compare("logs", &Value::Array(expected.clone()), &result.logs, &mut problems);
    }
    if let Some(expected) = &case.expect_callbacks {
        compare_callbacks(expected, &result.callbacks, &mut problems);
    }
    for f in replay.failures() {
        problems.push(format!("http: {f}"));
    }
    let left = replay.remaining();
    if !left.is_empty() && case.host_expect_requests.is_none() {
        problems.push(format!("http: {} scripted exchange(s) never requested, first {} {}", left.len(), left[0].request.method, left[0].request.url));
    }
    for f in trove.failures() {
        problems.push(format!("trove: {f}"));
    }
    if trove.remaining() > 0 {
        problems.push(format!("trove: {} scripted answer(s) never used", trove.remaining()));
    }
    (result, problems)
}

/// What running one case file gave: each selected case's index in the file, result and
/// problems, in order, and the secrets the instance resolved (to redact what is shown).
#[derive(Debug)]
pub struct FileRun {
    /// `(index in the file, result, problems)` for each case that ran.
    pub results: Vec<(usize, CaseResult, Vec<String>)>,
    /// Every secret value the instance resolved.
    pub redactor: trove_host_ops::redact::Redactor,
}

/// Runs the cases of one case file for which `select` is true, in order, on a fresh instance
/// of the toolkit at `toolkit`, on a thread of its own (an isolate lives on the thread that
/// made it, and one thread can make only so many in its life: a run of hundreds of files must
/// not exhaust it).
///
/// # Errors
/// The toolkit does not load.
pub fn run_file(
    toolkit: &Path,
    options: crate::toolkit::InstanceOptions,
    cases: &[Case],
    select: &(dyn Fn(&Case) -> bool + Sync),
) -> Result<FileRun, crate::toolkit::LoadError> {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio runtime");
                runtime.block_on(async {
                    let mut instance = Toolkit::load_instance(toolkit, options).await?;
                    let mut results = Vec::new();
                    for (index, case) in cases.iter().enumerate().filter(|(_, c)| select(c)) {
                        let (result, problems) = run_case(&mut instance, case).await;
                        results.push((index, result, problems));
                    }
                    Ok(FileRun { results, redactor: instance.redactor() })
                })
            })
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Rewrites `case` (one case object of a case file, as read) so its expectations are what
/// trove-host did (`result`): each of `expect`, `expectRequests`, `expectCallbacks` and
/// `expectLogs` that differs is replaced (`hostExpect`/`hostExpectRequests` instead, where the
/// case has them); expectations that still match, `$regex` matchers included, are kept as
/// written. Returns whether anything changed.
pub fn update_case(case: &mut Value, result: &CaseResult) -> bool {
    let Some(obj) = case.as_object_mut() else { return false };
    let envelope_key = if obj.contains_key("hostExpect") { "hostExpect" } else { "expect" };
    let requests_key = if obj.contains_key("hostExpectRequests") { "hostExpectRequests" } else { "expectRequests" };
    let mut changed = false;
    for (key, actual) in [(envelope_key, &result.envelope), (requests_key, &result.requests), ("expectLogs", &result.logs)] {
        let mut problems = Vec::new();
        match obj.get(key) {
            Some(expected) => compare(key, expected, actual, &mut problems),
            None => problems.push(format!("{key}: absent")),
        }
        if !problems.is_empty() {
            let updated = match obj.get(key) {
                Some(expected) => keep_matching_matchers(expected, actual),
                None => actual.clone(),
            };
            obj.insert(key.to_owned(), updated);
            changed = true;
        }
    }
    let mut problems = Vec::new();
    match obj.get("expectCallbacks").and_then(Value::as_array) {
        Some(expected) => compare_callbacks(expected, &result.callbacks, &mut problems),
        None => problems.push("absent".into()),
    }
    if !problems.is_empty() {
        obj.insert("expectCallbacks".into(), result.callbacks.clone());
        changed = true;
    }
    changed
}

/// `actual`, except where `expected` has a `{"$regex": p}` matcher that `actual`'s value
/// there still matches: the matcher is kept (a rewrite must not turn a UUID matcher into
/// today's UUID).
fn keep_matching_matchers(expected: &Value, actual: &Value) -> Value {
    match (expected, actual) {
        (Value::Object(e), _) if e.len() == 1 && e.contains_key("$regex") => {
            let mut problems = Vec::new();
            compare("", expected, actual, &mut problems);
            if problems.is_empty() { expected.clone() } else { actual.clone() }
        }
        (Value::Object(e), Value::Object(a)) => Value::Object(
            a.iter().map(|(k, v)| (k.clone(), e.get(k).map_or_else(|| v.clone(), |ev| keep_matching_matchers(ev, v)))).collect(),
        ),
        (Value::Array(e), Value::Array(a)) if e.len() == a.len() => {
            Value::Array(e.iter().zip(a).map(|(ev, av)| keep_matching_matchers(ev, av)).collect())
        }
        _ => actual.clone(),
    }
}

/// Another implementation's answer to a case: the Node SDK's, as `js/parity/run-node.mjs`
/// prints it (`{name, envelope, requests, callbacks, logs, problems}`; `logs` is `null` when
/// that implementation's log lines could not be observed).
#[derive(Debug, Clone, Deserialize)]
pub struct ReferenceAnswer {
    /// The case's name.
    pub name: String,
    /// The envelope (`null` when its `handle()` itself threw).
    pub envelope: Value,
    /// Egress requests.
    #[serde(default)]
    pub requests: Value,
    /// Platform callbacks.
    #[serde(default)]
    pub callbacks: Value,
    /// Log lines, when observable.
    #[serde(default)]
    pub logs: Option<Value>,
    /// What went wrong in its scripted run (an unexpected request, an unused exchange).
    #[serde(default)]
    pub problems: Vec<String>,
}

/// `actual` with the `{"$regex": p}` matchers of `expected` put in at the same places: what
/// two runs that both match an expectation (a random UUID, a timestamp) are compared against.
pub fn with_matchers(actual: &Value, expected: &Value) -> Value {
    match (actual, expected) {
        (_, Value::Object(e)) if e.len() == 1 && e.contains_key("$regex") => expected.clone(),
        (Value::Object(a), Value::Object(e)) => {
            Value::Object(a.iter().map(|(k, v)| (k.clone(), e.get(k).map_or_else(|| v.clone(), |ev| with_matchers(v, ev)))).collect())
        }
        (Value::Array(a), Value::Array(e)) if a.len() == e.len() => {
            Value::Array(a.iter().zip(e).map(|(av, ev)| with_matchers(av, ev)).collect())
        }
        _ => actual.clone(),
    }
}

/// Where trove-host's answer to `case` (`host`) and a reference implementation's differ.
///
/// Where the case says trove-host is stricter (`hostExpect`, `hostExpectRequests`), the
/// reference is held to the SDK's `expect`/`expectRequests` instead of to trove-host's answer;
/// callbacks compare as in [`run_case`] (trove calls in order, secrets as a set of names);
/// logs only when the reference could observe them.
pub fn compare_with_reference(case: &Case, reference: &ReferenceAnswer, host: &CaseResult) -> Vec<String> {
    let mut problems: Vec<String> = reference.problems.iter().map(|p| format!("reference run: {p}")).collect();
    match &case.host_expect {
        Some(_) => compare("envelope (reference vs expect)", &case.expect, &reference.envelope, &mut problems),
        None => compare("envelope", &with_matchers(&host.envelope, &case.expect), &reference.envelope, &mut problems),
    }
    match (&case.host_expect_requests, &case.expect_requests) {
        (Some(_), Some(sdk)) => compare("requests (reference vs expectRequests)", &Value::Array(sdk.clone()), &reference.requests, &mut problems),
        (Some(_), None) => {}
        (None, Some(sdk)) => compare("requests", &with_matchers(&host.requests, &Value::Array(sdk.clone())), &reference.requests, &mut problems),
        (None, None) => compare("requests", &host.requests, &reference.requests, &mut problems),
    }
    compare_callbacks(host.callbacks.as_array().map(Vec::as_slice).unwrap_or_default(), &reference.callbacks, &mut problems);
    if let Some(logs) = &reference.logs {
        let expected = match &case.expect_logs {
            Some(sdk) => with_matchers(&host.logs, &Value::Array(sdk.clone())),
            None => host.logs.clone(),
        };
        compare("logs", &expected, logs, &mut problems);
    }
    problems
}
