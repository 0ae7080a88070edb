//! The parity suite: runs a conformance corpus (`toolkits/`, `cases/`, `golden/`, `invalid/`,
//! see its README) and compares every answer with the Node SDK's.
//!
//! One loaded [`Toolkit`] per case file, cases in order (module state carries over), each case
//! with its own scripted `http` exchanges ([`ReplayTransport`]), `trove` answers
//! ([`ScriptedTrove`]), secrets ([`MemorySecrets`]) and `now` ([`FixedClock`]). Where a case
//! has `hostExpect`/`hostExpectRequests`, trove-host must give those instead.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::secrets::MemorySecrets;
use trove_host_ops::trove::{ScriptedTrove, ScriptedTroveCall};
use trove_host_ops::{CallEnv, CallbackRecord};

use crate::toolkit::{CallOutcome, Toolkit};

/// One case of a case file (the corpus's `case.schema.json`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Case {
    /// Unique within the file.
    pub name: String,
    /// `{tool, args, userId, scopes, config}`.
    pub call: Value,
    /// Secret name → value (`null`: declared but unset).
    pub secrets: Map<String, Value>,
    /// What `ctx.now()` returns.
    pub now: String,
    /// Scripted upstream exchanges.
    pub http: Vec<Exchange>,
    /// Scripted `ctx.trove` answers.
    #[serde(default)]
    pub trove: Vec<ScriptedTroveCall>,
    /// The SDK's envelope.
    pub expect: Value,
    /// The SDK's egress requests.
    pub expect_requests: Vec<Value>,
    /// The SDK's platform callbacks.
    pub expect_callbacks: Vec<Value>,
    /// The SDK's log lines.
    pub expect_logs: Vec<Value>,
    /// trove-host's envelope where it is stricter than the SDK.
    #[serde(default)]
    pub host_expect: Option<Value>,
    /// trove-host's egress requests where it is stricter than the SDK.
    #[serde(default)]
    pub host_expect_requests: Option<Vec<Value>>,
}

/// What trove-host did for one case (the `--results` file's entries).
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    /// Toolkit id (case file name).
    pub toolkit: String,
    /// Case name.
    pub name: String,
    /// The envelope.
    pub envelope: Value,
    /// Egress requests.
    pub requests: Value,
    /// Platform callbacks.
    pub callbacks: Value,
    /// Log lines.
    pub logs: Value,
}

/// The outcome of a corpus run.
#[derive(Debug, Default)]
pub struct Report {
    /// Checks that passed (cases, tool lists, manifests, invalid toolkits).
    pub passed: usize,
    /// Checks that failed.
    pub failed: usize,
    /// Every case's result, in corpus order.
    pub results: Vec<CaseResult>,
    /// One line per failed check, saying what differed.
    pub failures: Vec<String>,
}

impl Report {
    fn check(&mut self, what: String, problems: Vec<String>, verbose: bool) {
        if problems.is_empty() {
            self.passed += 1;
            if verbose {
                eprintln!("ok    {what}");
            }
        } else {
            self.failed += 1;
            let line = format!("FAIL  {what}\n      {}", problems.join("\n      "));
            eprintln!("{line}");
            self.failures.push(line);
        }
    }
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

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", path.display()))
}

/// A call environment scripted the way case files (and the example toolkits' `examples.json`)
/// describe one: `secrets` (name → value, `null` = declared but unset) for toolkit `id`, a
/// clock stopped at `now` (RFC 3339), and `transport` for egress.
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
    let now = chrono::DateTime::parse_from_rfc3339(now).map_err(|e| format!("now {now:?} is not RFC 3339: {e}"))?;
    let mut env = CallEnv::new(transport);
    env.secrets = Arc::new(store);
    env.clock = Arc::new(FixedClock(now.with_timezone(&chrono::Utc)));
    Ok(env)
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

/// Runs one case against `toolkit` and returns the result and its problems.
pub async fn run_case(toolkit: &mut Toolkit, case: &Case) -> (CaseResult, Vec<String>) {
    let id = toolkit.id().to_owned();
    let replay = Arc::new(ReplayTransport::new(case.http.clone()));
    let trove = Arc::new(ScriptedTrove::new(case.trove.clone()));
    let mut problems = Vec::new();
    let mut env = scripted_env(&id, &case.secrets, &case.now, replay.clone()).unwrap_or_else(|e| {
        problems.push(e);
        CallEnv::new(replay.clone())
    });
    env.trove = Some(trove.clone());
    let call = case_call(case);
    let CallOutcome { envelope, record } = toolkit.call_json(call, env).await;
    let envelope = envelope.json();
    let requests = serde_json::to_value(&record.requests).expect("JSON");
    let callbacks = serde_json::to_value(&record.callbacks).expect("JSON");
    let logs = Value::Array(record.logs.clone());

    compare("envelope", case.host_expect.as_ref().unwrap_or(&case.expect), &envelope, &mut problems);
    let expected_requests = Value::Array(case.host_expect_requests.clone().unwrap_or_else(|| case.expect_requests.clone()));
    compare("requests", &expected_requests, &requests, &mut problems);
    compare("logs", &Value::Array(case.expect_logs.clone()), &logs, &mut problems);

    // Trove calls exactly and in order; secrets as the set of distinct names read.
    let expected_trove: Vec<Value> = case.expect_callbacks.iter().filter(|c| c["kind"] == "trove").cloned().collect();
    let actual_trove: Vec<Value> = record
        .callbacks
        .iter()
        .filter(|c| matches!(c, CallbackRecord::Trove { .. }))
        .map(|c| serde_json::to_value(c).expect("JSON"))
        .collect();
    compare("callbacks(trove)", &Value::Array(expected_trove), &Value::Array(actual_trove), &mut problems);
    let expected_secrets: BTreeSet<&str> =
        case.expect_callbacks.iter().filter(|c| c["kind"] == "secret").filter_map(|c| c["name"].as_str()).collect();
    let actual_secrets: BTreeSet<&str> = record
        .callbacks
        .iter()
        .filter_map(|c| match c {
            CallbackRecord::Secret { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    if expected_secrets != actual_secrets {
        problems.push(format!("callbacks(secret): expected {expected_secrets:?}, got {actual_secrets:?}"));
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
    // What is written to disk (`--results`) is redacted like every other host output.
    let result = CaseResult {
        toolkit: id,
        name: case.name.clone(),
        envelope: toolkit.redact_json(envelope),
        requests: toolkit.redact_json(requests),
        callbacks: toolkit.redact_json(callbacks),
        logs: toolkit.redact_json(logs),
    };
    (result, problems)
}

/// Runs the whole corpus at `corpus`. Errors only when the corpus itself cannot be read.
pub async fn run_corpus(corpus: &Path, verbose: bool) -> Result<Report, String> {
    let mut report = Report::default();
    let cases_dir = corpus.join("cases");
    let mut files: Vec<_> = std::fs::read_dir(&cases_dir)
        .map_err(|e| format!("cannot read {}: {e}", cases_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for file in files {
        let id = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        let cases: Vec<Case> = serde_json::from_value(read_json(&file)?)
            .map_err(|e| format!("{} does not match the case schema: {e}", file.display()))?;
        let mut toolkit = match Toolkit::load(&corpus.join("toolkits").join(&id)).await {
            Ok(t) => t,
            Err(e) => {
                for case in &cases {
                    report.check(format!("{id}/{}", case.name), vec![format!("toolkit did not load: {e}")], verbose);
                }
                continue;
            }
        };
        for (kind, actual) in [("tools", toolkit.tools().clone()), ("manifest", toolkit.manifest().clone())] {
            let golden = corpus.join("golden").join(format!("{id}.{kind}.json"));
            let mut problems = Vec::new();
            match read_json(&golden) {
                Ok(expected) => compare(kind, &expected, &actual, &mut problems),
                Err(e) => problems.push(e),
            }
            report.check(format!("{id} {kind} golden"), problems, verbose);
        }
        for case in &cases {
            let (result, problems) = run_case(&mut toolkit, case).await;
            report.results.push(result);
            report.check(format!("{id}/{}", case.name), problems, verbose);
        }
    }
    let invalid_golden = corpus.join("golden").join("invalid.json");
    if invalid_golden.exists() {
        let expected = read_json(&invalid_golden)?;
        let Value::Object(expected) = expected else {
            return Err(format!("{} is not an object", invalid_golden.display()));
        };
        for (name, want) in expected {
            let want = want["error"].as_str().unwrap_or_default().to_owned();
            let problems = match Toolkit::load(&corpus.join("invalid").join(&name)).await {
                Ok(_) => vec!["loaded, but must fail to load".to_owned()],
                Err(e) if e.message() == want => vec![],
                Err(e) => vec![format!("expected load error {want:?}, got {:?}", e.message())],
            };
            report.check(format!("invalid/{name}"), problems, verbose);
        }
    }
    Ok(report)
}
