//! Case files: scripted calls with their expected answers, in the conformance corpus's format
//! (`../shared/conformance/case.schema.json`), as `conformance` and `test` run them.
//!
//! A case file is a JSON array of cases. One loaded [`Toolkit`] instance runs a whole file,
//! cases in order (module state carries over, as in one warm isolate, until a case leaves the
//! instance untrusted and a fresh one takes over, as in a pool); each case gets its own
//! scripted `http` exchanges ([`ReplayTransport`], secret placeholders expanded with the case's
//! `secrets`), `trove` answers ([`ScriptedTrove`]), secrets ([`MemorySecrets`]) and `now`
//! ([`FixedClock`]; with `"freezeTime": true` the toolkit's own `Date` reads too).
//!
//! [`run_case`] compares what trove-host did with the case's expectations; [`update_case`]
//! rewrites the expectations that differ (`test --update`).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{json, Map, Value};
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::redact::expand_placeholders;
use trove_host_ops::secrets::MemorySecrets;
use trove_host_ops::trove::{ScriptedTrove, ScriptedTroveCall};
use trove_host_ops::CallEnv;

use crate::toolkit::{CallOutcome, InstanceOptions, Toolkit};

/// One case of a case file (the corpus's `case.schema.json`). A field the schema does not
/// list is an error, not ignored: a misspelt `expectLogs` must not quietly stop checking logs.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Case {
    /// Unique within the file.
    pub name: String,
    /// What the case checks (free text; not used).
    #[serde(default)]
    pub description: Option<String>,
    /// `{tool, args, userId, scopes, config}`: an object with no other member, `userId` a
    /// string, `scopes` an array of strings, `config` an object (each may be absent or `null`;
    /// `tool` and `args` may be anything, as the corpus passes a number to provoke
    /// `BAD_REQUEST`). A misspelt member (`confg`) is a format error, not a call without config
    /// (review 22).
    #[serde(deserialize_with = "call_object")]
    pub call: Value,
    /// Secret name → value (`null`: declared but unset; anything else is a format error, not
    /// an unset secret). Default: none.
    #[serde(default)]
    pub secrets: BTreeMap<String, Option<String>>,
    /// What `ctx.now()` returns (RFC 3339).
    pub now: String,
    /// Scripted upstream exchanges (a cassette; `{{secret:NAME}}` placeholders are filled in
    /// from `secrets`). Default: none.
    #[serde(default)]
    pub http: Vec<Exchange>,
    /// Scripted `ctx.trove` answers.
    #[serde(default)]
    pub trove: Vec<ScriptedTroveCall>,
    /// JSON Pointer (into `{expect, expectRequests, expectCallbacks, expectLogs}`) → regex: a
    /// record of where the expectations hold `{"$regex": …}` matchers (documentation; the
    /// matchers in place are what is compared).
    #[serde(default)]
    pub matchers: BTreeMap<String, String>,
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

/// The members a case's `call` may have.
const CALL_MEMBERS: [&str; 5] = ["tool", "args", "userId", "scopes", "config"];

/// A case's `call`, checked as [`Case::call`] says.
fn call_object<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
    use serde::de::Error;
    let value = Value::deserialize(deserializer)?;
    let Value::Object(members) = &value else {
        return Err(D::Error::custom("a call is an object: {\"tool\", \"args\", \"userId\", \"scopes\", \"config\"}"));
    };
    for (key, member) in members {
        let fits = match key.as_str() {
            "tool" | "args" => true,
            "userId" => member.is_string() || member.is_null(),
            "scopes" => member.is_null() || member.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            "config" => member.is_object() || member.is_null(),
            other => return Err(D::Error::unknown_field(other, &CALL_MEMBERS)),
        };
        if !fits {
            let wanted = match key.as_str() {
                "userId" => "a string",
                "scopes" => "an array of strings",
                _ => "an object",
            };
            return Err(D::Error::custom(format!("call.{key} is {member}, not {wanted}")));
        }
    }
    Ok(value)
}

/// The fields of a case that hold expectations, where `{"$regex": …}` matchers may appear.
const EXPECTATION_FIELDS: [&str; 6] = ["expect", "expectRequests", "expectCallbacks", "expectLogs", "hostExpect", "hostExpectRequests"];

/// Reads a case file. Errors name the file, the case and the field that is wrong (e.g.
/// `cases.json does not match the case format, in case "b": [3].now: invalid type: null,
/// expected a string`), including a field the case format does not have, a `now` that is not
/// RFC 3339, and a `{"$regex": …}` matcher that is not a string or not a valid regex; also a
/// file with no cases, and two cases of one name.
pub fn read_case_file(path: &Path) -> Result<Vec<Case>, String> {
    let cases = read_cases(path)?;
    if cases.is_empty() {
        // An emptied or truncated file would otherwise pass, testing nothing.
        return Err(format!("{} holds no cases (a case file is a non-empty array of cases)", path.display()));
    }
    Ok(cases)
}

/// [`read_case_file`], but a file with no cases is not an error: the conformance corpus lists
/// it with everything else it misses, at once.
pub(crate) fn read_cases(path: &Path) -> Result<Vec<Case>, String> {
    let value = read_json(path)?;
    // The name of case `index`, as written, to say which case an error is in.
    let case_name = |index: usize| -> String {
        match value.get(index).and_then(|c| c.get("name")).and_then(Value::as_str) {
            Some(name) => format!("in case {name:?}"),
            None => format!("in case [{index}]"),
        }
    };
    let cases: Vec<Case> = serde_path_to_error::deserialize(&value).map_err(|e| {
        let at = e.path().to_string();
        let which = match e.path().iter().next() {
            Some(serde_path_to_error::Segment::Seq { index }) => format!(", {}", case_name(*index)),
            _ => String::new(),
        };
        format!("{} does not match the case format{which}: {at}: {}", path.display(), e.into_inner())
    })?;
    let mut names = BTreeSet::new();
    for (index, case) in cases.iter().enumerate() {
        if !names.insert(case.name.as_str()) {
            return Err(format!("{}: two cases are named {:?} (names are unique within a file)", path.display(), case.name));
        }
        if let Err(e) = chrono::DateTime::parse_from_rfc3339(&case.now) {
            return Err(format!(
                "{} does not match the case format, {}: [{index}].now: {:?} is not an RFC 3339 instant (e.g. 2026-11-29T12:00:00Z): {e}",
                path.display(),
                case_name(index),
                case.now
            ));
        }
    }
    for (index, case) in value.as_array().into_iter().flatten().enumerate() {
        let mut problems = Vec::new();
        for field in EXPECTATION_FIELDS {
            if let Some(expected) = case.get(field) {
                matcher_problems(field, expected, &mut problems);
            }
        }
        if !problems.is_empty() {
            return Err(format!("{} has a broken matcher, {}: {}", path.display(), case_name(index), problems.join("; ")));
        }
    }
    Ok(cases)
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

/// The largest case file read, in bytes (1 GiB: far past any recorded suite, short of what
/// would exhaust memory reading it).
const MAX_CASE_FILE_BYTES: u64 = 1 << 30;

/// Reads a JSON file, after a byte order mark if it starts with one (as an editor may write
/// one; cassettes are read the same way). Errors name the file.
pub fn read_json(path: &Path) -> Result<Value, String> {
    let text = trove_host_ops::regular_file::read_regular_text(path, MAX_CASE_FILE_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(without_bom(&text)).map_err(|e| format!("{} is not JSON: {e}", path.display()))
}

fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The cases `file` holds as JSON values, in order (none when it does not exist yet), for a
/// writer that must keep every field as written.
///
/// # Errors
/// When the file cannot be read or is not a JSON array of objects each with a `name` and a
/// `call`; the message names the file.
pub fn raw_cases(file: &Path) -> Result<Vec<Value>, String> {
    if !file.exists() {
        return Ok(Vec::new());
    }
    match read_json(file)? {
        Value::Array(cases) if cases.iter().all(|c| c.get("name").is_some() && c.get("call").is_some()) => Ok(cases),
        _ => Err(format!("{} is not a case file (a JSON array of cases, each with a name and a call)", file.display())),
    }
}

/// Rewrites case file `file` under a lock, as `call --record-case` (appending) and
/// `test --update` (rewriting expectations) do: `edit` gets the cases the file holds now
/// (none when it does not exist yet), read after the lock is taken, and returns what the caller
/// wants back; the cases it leaves are written whole beside the file and renamed over it.
///
/// - The file is resolved through symbolic links first, so every writer, by whatever path,
///   takes the same lock and a link stays a link; a link that resolves to nothing is an error.
/// - The new file keeps the old one's permissions.
/// - The lock is an exclusive advisory lock on the file's folder (`flock`), held until the
///   new text is in place: two writers in parallel each keep their edit (before, the last
///   writer's list replaced the other's).
/// - A reader, or a crash, never sees half a file.
///
/// # Errors
/// A message naming the file when it cannot be resolved, locked, read, is not an array of
/// cases each with a `name` and a `call`, or cannot be written; or `edit`'s own error, in which
/// case nothing is written.
pub fn rewrite_case_file<R>(file: &Path, edit: impl FnOnce(&mut Vec<Value>) -> Result<R, String>) -> Result<R, String> {
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let target = match std::fs::canonicalize(file) {
        Ok(target) => target,
        // A link to nothing (or a loop of links): writing the file's path would replace the
        // link with a file of its own (review 19).
        Err(e) if std::fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_symlink()) => {
            let to = std::fs::read_link(file).map(|t| t.display().to_string()).unwrap_or_default();
            return Err(format!("{} is a symbolic link to {to}, which cannot be resolved ({e}): create the file it names first", file.display()));
        }
        Err(_) => std::fs::canonicalize(dir)
            .map_err(|e| format!("cannot resolve {}: {e}", dir.display()))?
            .join(file.file_name().ok_or_else(|| format!("{} names no file", file.display()))?),
    };
    let folder = target.parent().unwrap_or(Path::new("/"));
    // Released when `_lock` closes, after the rename.
    let _lock = std::fs::File::open(folder)
        .and_then(|handle| handle.lock().map(|()| handle))
        .map_err(|e| format!("cannot lock {} to rewrite {}: {e}", folder.display(), file.display()))?;
    let mut cases = raw_cases(&target)?;
    let written = written_members(&target)?;
    let answer = edit(&mut cases)?;
    let text = case_file_text(&cases, &written);
    let text = keep_layout(&std::fs::read(&target).unwrap_or_default(), text);
    let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("cases");
    let partial = folder.join(format!(".{name}.{}.partial", std::process::id()));
    // The new file keeps the old one's permissions (a case file made private stays so).
    let keep_mode = |()| match std::fs::metadata(&target) {
        Ok(old) => std::fs::set_permissions(&partial, old.permissions()),
        Err(_) => Ok(()),
    };
    std::fs::write(&partial, text).and_then(keep_mode).and_then(|()| std::fs::rename(&partial, &target)).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        format!("cannot write {}: {e}", file.display())
    })?;
    Ok(answer)
}

/// Each case's members as written in `file` (by case name, then member name), so that a rewrite
/// writes back what it did not change as it was: a number JSON can hold and an `f64` cannot (a
/// 20-digit id in a cassette body) keeps its digits, and a hand-formatted member keeps its
/// layout (review 19). Empty when the file does not exist.
fn written_members(file: &Path) -> Result<HashMap<String, HashMap<String, Box<RawValue>>>, String> {
    if !file.exists() {
        return Ok(HashMap::new());
    }
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let cases: Vec<HashMap<String, Box<RawValue>>> =
        serde_json::from_str(without_bom(&text)).map_err(|e| format!("{} is not a case file: {e}", file.display()))?;
    Ok(cases
        .into_iter()
        .filter_map(|case| {
            let name = serde_json::from_str::<String>(case.get("name")?.get()).ok()?;
            Some((name, case))
        })
        .collect())
}

/// Whether the first line of `old` (a file's bytes) ends with CR LF, as an editor tells a file's
/// line endings (a rewrite keeps them: review 21 found a CRLF file's changed members written
/// with LF alone).
fn crlf_file(old: &[u8]) -> bool {
    old.iter().position(|b| *b == b'\n').is_some_and(|at| at > 0 && old[at - 1] == b'\r')
}

/// `text` with the line endings ([`crlf_file`]) and the byte order mark (review 23) of `old`,
/// the file it replaces (empty when there was none).
fn keep_layout(old: &[u8], text: String) -> String {
    let text = if crlf_file(old) { with_crlf(&text) } else { text };
    if old.starts_with("\u{feff}".as_bytes()) {
        format!("\u{feff}{text}")
    } else {
        text
    }
}

/// `text` with every line ending CR LF. A JSON string holds no raw CR or LF, so every line
/// break in a case file's text is layout, whether written afresh or kept from the old file.
fn with_crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The text of a case file holding `cases`, laid out as `serde_json::to_string_pretty` lays
/// it out, except that a member equal to the one `written` holds for the same case is written
/// with its old text.
fn case_file_text(cases: &[Value], written: &HashMap<String, HashMap<String, Box<RawValue>>>) -> String {
    if cases.is_empty() {
        return "[]\n".into();
    }
    let mut text = String::from("[\n");
    for (i, case) in cases.iter().enumerate() {
        let Value::Object(members) = case else { unreachable!("raw_cases holds objects only") };
        let old = case.get("name").and_then(Value::as_str).and_then(|name| written.get(name));
        text.push_str("  {\n");
        for (j, (key, value)) in members.iter().enumerate() {
            let kept = old
                .and_then(|old| old.get(key))
                .filter(|raw| serde_json::from_str::<Value>(raw.get()).is_ok_and(|was| was == *value))
                .map(|raw| raw.get().to_owned());
            // A string holds no raw line break, so indenting after each one indents lines only.
            let member = kept.unwrap_or_else(|| serde_json::to_string_pretty(value).expect("JSON").replace('\n', "\n    "));
            text.push_str(&format!("    {}: {member}", Value::String(key.clone())));
            text.push_str(if j + 1 < members.len() { ",\n" } else { "\n" });
        }
        text.push_str(if i + 1 < cases.len() { "  },\n" } else { "  }\n" });
    }
    text.push_str("]\n");
    text
}

/// Whether `object` is a matcher: `{"$regex": …}` and nothing else.
fn is_matcher(object: &Map<String, Value>) -> bool {
    object.len() == 1 && object.contains_key("$regex")
}

/// The regex of the matcher at `path` whose `$regex` is `pattern`. Errors (`path: …`) when
/// `pattern` is not a string or not a valid regex: a broken matcher is a mistake in the case,
/// never a match (nor a plain mismatch).
fn matcher_regex(path: &str, pattern: &Value) -> Result<regex::Regex, String> {
    let Value::String(pattern) = pattern else {
        return Err(format!("{path}: the $regex matcher is not a string: {pattern}"));
    };
    regex::Regex::new(pattern).map_err(|e| {
        // The regex crate's message spans lines (the pattern, a caret, then `error: …`); the
        // last line says what is wrong, which is what fits on a problem line.
        let message = e.to_string();
        let last = message.lines().last().unwrap_or_default();
        format!("{path}: the $regex matcher /{pattern}/ is not a valid regex: {}", last.strip_prefix("error: ").unwrap_or(last))
    })
}

/// Pushes a `path: …` line for each broken `{"$regex": …}` matcher in `expected` (see
/// [`matcher_regex`]).
fn matcher_problems(path: &str, expected: &Value, out: &mut Vec<String>) {
    match expected {
        Value::Object(e) if is_matcher(e) => {
            if let Err(problem) = matcher_regex(path, &e["$regex"]) {
                out.push(problem);
            }
        }
        Value::Object(e) => e.iter().for_each(|(k, v)| matcher_problems(&format!("{path}/{k}"), v, out)),
        Value::Array(e) => e.iter().enumerate().for_each(|(i, v)| matcher_problems(&format!("{path}/{i}"), v, out)),
        _ => {}
    }
}

/// Compares `actual` with `expected` (JSON equality, key order ignored, numbers by value; an
/// expected `{"$regex": p}` matches a string matching `p`). Differences are pushed as
/// `path: …` lines: a missing or unexpected key, a different number of items, a different
/// value, a string the matcher does not match, and a matcher that is itself broken (`p` not a
/// string, or not a valid regex), which matches nothing.
pub fn compare(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(e), _) if is_matcher(e) => match matcher_regex(path, &e["$regex"]) {
            Ok(regex) => {
                if !actual.as_str().is_some_and(|s| regex.is_match(s)) {
                    out.push(format!("{path}: expected a string matching /{}/, got {actual}", regex.as_str()));
                }
            }
            Err(problem) => out.push(problem),
        },
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
    secrets: &BTreeMap<String, Option<String>>,
    now: &str,
    transport: Arc<dyn trove_host_ops::egress::Transport>,
) -> Result<CallEnv, String> {
    let mut store = MemorySecrets::new();
    for (name, value) in secrets {
        store.set(id, name, value.clone());
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
    ReplayTransport::with_secrets(case.http.clone(), &|name| case.secrets.get(name).cloned().flatten())
}

/// The call a case makes, as the platform would send it (contract §4): the case's `tool`,
/// `args`, `userId`, `scopes` and `config`, with a `ctxToken` and `callbackBase` (the case's
/// scripted secrets and `trove` answers stand in for the callbacks). A member the case leaves
/// out is left out of the call, as the corpus's `{ "userId": call.userId, … }` leaves it
/// `undefined` (review 55: `ctx.userId` was `null` under `test`, `undefined` under `serve` and
/// the SDK); one the case sets to `null` stays `null`.
pub fn case_call(case: &Case) -> Value {
    let c = &case.call;
    let mut call = serde_json::Map::new();
    for member in ["tool", "args"] {
        if let Some(value) = c.get(member) {
            call.insert(member.to_owned(), value.clone());
        }
    }
    call.insert("ctxToken".to_owned(), json!("conformance-token"));
    call.insert("callbackBase".to_owned(), json!("https://callback.invalid"));
    for member in ["userId", "scopes", "config"] {
        if let Some(value) = c.get(member) {
            call.insert(member.to_owned(), value.clone());
        }
    }
    Value::Object(call)
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
    // Its secret placeholders filled in from the case's secrets, as its cassette's are.
    let value_of = |name: &str| case.secrets.get(name).cloned().flatten();
    let script = case.trove.iter().cloned().map(|call| call.map_strings(&|s| expand_placeholders(s, &value_of))).collect();
    let trove = Arc::new(ScriptedTrove::new(script));
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

    match case.host_expect.as_ref().unwrap_or(&case.expect) {
        Value::Null => problems.push("envelope: the case has no `expect` yet (`test --update` writes the envelope it got)".into()),
        expected => compare("envelope", expected, &result.envelope, &mut problems),
    }
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
/// problems, in order. Nothing in it is redacted beyond the log lines (every log line is):
/// a case's secrets are the stand-ins its file holds, so showing them discloses nothing.
#[derive(Debug)]
pub struct FileRun {
    /// `(index in the file, result, problems)` for each case that ran.
    pub results: Vec<(usize, CaseResult, Vec<String>)>,
    /// `(index in the file, why)` for each case that left its instance untrusted (it hit a
    /// limit, or its handler never settled): its envelope records that, not an answer.
    pub limited: Vec<(usize, String)>,
    /// Set when a case left its instance untrusted and no fresh one could be loaded (the
    /// toolkit's files changed meanwhile): the cases after it did not run.
    pub stopped: Option<Stopped>,
    /// The secrets the toolkit declares (its manifest's `secrets`): a case's `secrets` entry
    /// not among them is one the toolkit can never read (often a misspelt name).
    pub declared_secrets: Arc<BTreeSet<String>>,
}

/// Why the rest of a case file did not run (see [`FileRun::stopped`]).
#[derive(Debug)]
pub struct Stopped {
    /// Index in the file of the last case that ran.
    pub after: usize,
    /// Indexes in the file of the selected cases that did not run.
    pub not_run: Vec<usize>,
    /// Why no fresh instance could be loaded.
    pub error: crate::toolkit::LoadError,
}

/// Runs the cases of one case file for which `select` is true, in order, on a fresh instance
/// of the toolkit at `toolkit` (replaced by another after a case that leaves it untrusted: a
/// limit hit, a handler that never settled, as a pool replaces it), on a thread of its own (an
/// isolate lives on the thread that made it, and one thread can make only so many in its
/// life: a run of hundreds of files must not exhaust it).
///
/// # Errors
/// The toolkit does not load.
pub fn run_file(
    toolkit: &Path,
    options: InstanceOptions,
    cases: &[Case],
    select: &(dyn Fn(&Case) -> bool + Sync),
) -> Result<FileRun, crate::toolkit::LoadError> {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio runtime");
                runtime.block_on(async {
                    let mut instance = Toolkit::load_instance(toolkit, options.clone()).await?;
                    let declared_secrets = instance.scope().secrets.clone();
                    let mut results = Vec::new();
                    let mut limited = Vec::new();
                    let mut selected = cases.iter().enumerate().filter(|(_, c)| select(c)).peekable();
                    while let Some((index, case)) = selected.next() {
                        let (result, problems) = run_case(&mut instance, case).await;
                        results.push((index, result, problems));
                        if let Some(reason) = instance.retire_reason() {
                            limited.push((index, reason.to_owned()));
                        }
                        // As a pool does: an instance that hit a limit, or whose handler never
                        // settled, is not trusted with the next case. Its successor shares its
                        // namespace and the secrets it resolved, as siblings do.
                        if instance.retire_reason().is_some() && selected.peek().is_some() {
                            let sibling = InstanceOptions { sibling: Some(instance.scope().clone()), ..options.clone() };
                            match Toolkit::load_instance(toolkit, sibling).await {
                                Ok(next) => instance = next,
                                // The cases run so far keep their results; the rest did not run.
                                Err(error) => {
                                    let not_run = selected.map(|(i, _)| i).collect();
                                    let stopped = Some(Stopped { after: index, not_run, error });
                                    return Ok(FileRun { results, limited, stopped, declared_secrets });
                                }
                            }
                        }
                    }
                    Ok(FileRun { results, limited, stopped: None, declared_secrets })
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
/// today's UUID). What `test --update` writes, and so the actual side of the diff `test`
/// prints: a matcher that still matches is no difference (review 45, R45-09).
pub fn keep_matching_matchers(expected: &Value, actual: &Value) -> Value {
    match (expected, actual) {
        (Value::Object(e), _) if is_matcher(e) => {
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
        (_, Value::Object(e)) if is_matcher(e) => expected.clone(),
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh folder under the system's temp dir, removed (with its contents) when dropped.
    pub(crate) struct Scratch(pub PathBuf);

    impl Scratch {
        pub(crate) fn new(name: &str) -> Self {
            static NEXT: AtomicUsize = AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let dir = std::env::temp_dir().join(format!("trove-host-{name}-{}-{n}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("create a scratch folder");
            Self(dir)
        }

        /// Writes `text` to `relative` (parent folders made as needed) and returns its path.
        pub(crate) fn write(&self, relative: &str, text: &str) -> PathBuf {
            let path = self.0.join(relative);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("create folders");
            std::fs::write(&path, text).expect("write a scratch file");
            path
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The problems `compare` finds.
    fn problems(path: &str, expected: Value, actual: Value) -> Vec<String> {
        let mut out = Vec::new();
        compare(path, &expected, &actual, &mut out);
        out
    }

    #[test]
    fn equal_values_have_no_problems_whatever_the_key_order_or_number_spelling() {
        assert_eq!(problems("envelope", json!({ "a": 1, "b": [1.0, "x"] }), json!({ "b": [1, "x"], "a": 1.0 })), Vec::<String>::new());
    }

    #[test]
    fn a_missing_key_is_reported_with_its_expected_value() {
        assert_eq!(
            problems("envelope", json!({ "ok": true, "result": { "text": "hi", "structured": { "n": 1 } } }), json!({ "ok": true, "result": { "text": "hi" } })),
            vec![r#"envelope/result/structured: missing (expected {"n":1})"#]
        );
    }

    #[test]
    fn an_extra_key_is_reported_with_its_value() {
        assert_eq!(
            problems("envelope", json!({ "ok": true, "result": { "text": "hi" } }), json!({ "ok": true, "result": { "text": "hi" }, "structuredContent": { "n": 1 } })),
            vec![r#"envelope/structuredContent: unexpected {"n":1}"#]
        );
    }

    #[test]
    fn a_different_array_length_is_reported_with_both_lengths() {
        assert_eq!(
            problems("requests", json!([{ "method": "GET" }, { "method": "POST" }]), json!([{ "method": "GET" }])),
            vec![r#"requests: expected 2 items, got 1: [{"method":"GET"}]"#]
        );
    }

    #[test]
    fn a_different_number_is_reported() {
        assert_eq!(problems("envelope", json!({ "count": 1.5 }), json!({ "count": 2 })), vec!["envelope/count: expected 1.5, got 2"]);
        assert_eq!(problems("envelope", json!({ "count": 3 }), json!({ "count": "3" })), vec![r#"envelope/count: expected 3, got "3""#]);
    }

    #[test]
    fn a_regex_miss_is_reported_with_the_pattern() {
        let uuid = json!({ "$regex": "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$" });
        assert_eq!(problems("requests/0/headers/idempotency-key", uuid.clone(), json!("5f0c6a1e-8a9b-4c3d-9e2f-0123456789ab")), Vec::<String>::new());
        assert_eq!(
            problems("requests/0/headers/idempotency-key", uuid.clone(), json!("not-a-uuid")),
            vec![r#"requests/0/headers/idempotency-key: expected a string matching /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, got "not-a-uuid""#]
        );
        assert_eq!(
            problems("envelope/id", json!({ "$regex": "^a" }), json!(7)),
            vec!["envelope/id: expected a string matching /^a/, got 7"]
        );
    }

    #[test]
    fn log_lines_out_of_order_are_reported_line_by_line() {
        assert_eq!(
            problems("logs", json!([["fetching", { "page": 1 }], ["done"]]), json!([["done"], ["fetching", { "page": 1 }]])),
            vec![r#"logs/0: expected 2 items, got 1: ["done"]"#, r#"logs/1: expected 1 items, got 2: ["fetching",{"page":1}]"#]
        );
        assert_eq!(
            problems("logs", json!([["fetching"], ["done"]]), json!([["done"], ["fetching"]])),
            vec![r#"logs/0/0: expected "fetching", got "done""#, r#"logs/1/0: expected "done", got "fetching""#]
        );
    }

    #[test]
    fn a_regex_matcher_that_is_not_a_string_is_a_broken_matcher_that_matches_nothing() {
        for actual in [json!("anything"), json!(5), json!(null), json!({ "$regex": 5 })] {
            assert_eq!(
                problems("envelope/result/text", json!({ "$regex": 5 }), actual),
                vec!["envelope/result/text: the $regex matcher is not a string: 5"]
            );
        }
        assert_eq!(problems("x", json!({ "$regex": null }), json!("")), vec!["x: the $regex matcher is not a string: null"]);
    }

    #[test]
    fn an_invalid_regex_pattern_is_reported_as_such_not_as_a_mismatch() {
        assert_eq!(
            problems("envelope/result/text", json!({ "$regex": "(unclosed" }), json!("(unclosed")),
            vec!["envelope/result/text: the $regex matcher /(unclosed/ is not a valid regex: unclosed group"]
        );
    }

    #[test]
    fn an_object_with_more_than_the_regex_key_is_compared_as_an_object() {
        assert_eq!(
            problems("e", json!({ "$regex": 5, "other": 1 }), json!({ "$regex": 5 })),
            vec!["e/other: missing (expected 1)"]
        );
    }

    /// A case with every field the corpus's `case.schema.json` lists.
    fn full_case() -> Value {
        json!({
            "name": "everything",
            "description": "uses every field of the case format",
            "call": { "tool": "t", "args": {}, "userId": "u", "scopes": [], "config": {} },
            "secrets": { "KEY": "k", "UNSET": null },
            "now": "2026-11-29T12:00:00Z",
            "http": [{ "request": { "method": "GET", "url": "https://api.example.org/x" }, "response": { "status": 200, "headers": {}, "body": "{}" } }],
            "trove": [{ "operation": "search", "variables": { "query": "q" }, "response": { "data": [] } }],
            "matchers": { "/expect/result/text": "^id-" },
            "expect": { "ok": true, "result": { "text": { "$regex": "^id-" } } },
            "expectRequests": [],
            "expectCallbacks": [],
            "expectLogs": [["line"]],
            "hostExpect": { "ok": true, "result": { "text": "id-1" } },
            "hostExpectRequests": [],
            "freezeTime": true
        })
    }

    #[test]
    fn read_case_file_accepts_every_field_of_the_case_format() {
        let dir = Scratch::new("cases-full");
        let file = dir.write("cases.json", &json!([full_case(), { "name": "minimal", "call": {}, "now": "2026-11-29T12:00:00Z" }]).to_string());
        let cases = read_case_file(&file).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(cases.len(), 2);
        let case = &cases[0];
        assert_eq!(case.description.as_deref(), Some("uses every field of the case format"));
        assert_eq!(case.matchers.get("/expect/result/text").map(String::as_str), Some("^id-"));
        assert!(case.freeze_time);
        assert_eq!((case.http.len(), case.trove.len()), (1, 1));
        assert_eq!(case.expect_logs, Some(vec![json!(["line"])]));
        assert!(case.host_expect.is_some() && case.host_expect_requests.is_some());
        assert!(!cases[1].freeze_time && cases[1].description.is_none() && cases[1].expect_logs.is_none());
    }

    #[test]
    fn read_case_file_refuses_an_unknown_field_naming_the_file_the_case_and_the_field() {
        let dir = Scratch::new("cases-unknown");
        let mut misspelt = full_case();
        misspelt["name"] = json!("logs_misspelt");
        let logs = misspelt.as_object_mut().unwrap().remove("expectLogs").unwrap();
        misspelt["expectLog"] = logs;
        let file = dir.write("cases.json", &json!([full_case(), misspelt]).to_string());
        assert_eq!(
            read_case_file(&file).unwrap_err(),
            format!(
                "{} does not match the case format, in case \"logs_misspelt\": [1].expectLog: unknown field `expectLog`, expected one of \
                 `name`, `description`, `call`, `secrets`, `now`, `http`, `trove`, `matchers`, `expect`, `expectRequests`, \
                 `expectCallbacks`, `expectLogs`, `hostExpect`, `hostExpectRequests`, `freezeTime`",
                file.display()
            )
        );
    }

    #[test]
    fn read_case_file_names_the_case_of_a_wrong_field() {
        let dir = Scratch::new("cases-null-now");
        let file = dir.write("cases.json", r#"[{"name":"a","call":{},"now":"2026-01-01T00:00:00Z"},{"name":"b","call":{},"now":null}]"#);
        assert_eq!(
            read_case_file(&file).unwrap_err(),
            format!("{} does not match the case format, in case \"b\": [1].now: invalid type: null, expected a string", file.display())
        );
    }

    #[test]
    fn read_case_file_checks_a_case_s_call_as_the_corpus_schema_does() {
        // Review 22: a misspelt member of `call` was ignored, and the case passed while testing
        // a call without that config.
        let dir = Scratch::new("cases-call");
        let with_call = |call: Value| {
            let mut case = full_case();
            case["call"] = call;
            dir.write("cases.json", &json!([case]).to_string())
        };
        let refused = |call: Value| read_case_file(&with_call(call)).unwrap_err();
        assert!(
            refused(json!({ "tool": "t", "confg": {} }))
                .contains("[0].call: unknown field `confg`, expected one of `tool`, `args`, `userId`, `scopes`, `config`"),
            "{}",
            refused(json!({ "tool": "t", "confg": {} }))
        );
        assert!(refused(json!({ "tool": "t", "userId": 5 })).contains("[0].call: call.userId is 5, not a string"));
        assert!(refused(json!({ "tool": "t", "scopes": "trove:search" })).contains("call.scopes is \"trove:search\", not an array of strings"));
        assert!(refused(json!({ "tool": "t", "config": [] })).contains("call.config is [], not an object"));
        assert!(refused(json!("t")).contains("[0].call: a call is an object"));
        // The corpus's own shapes: a number for `tool` (to provoke BAD_REQUEST), null args,
        // members left out or null.
        for call in [
            json!({ "tool": 5, "args": null, "userId": "u", "scopes": [], "config": {} }),
            json!({ "tool": "t" }),
            json!({ "tool": "t", "userId": null, "scopes": null, "config": null }),
        ] {
            assert!(read_case_file(&with_call(call.clone())).is_ok(), "{call}");
        }
    }

    #[test]
    fn a_case_file_saved_with_a_byte_order_mark_is_read_and_rewritten() {
        let dir = Scratch::new("cases-bom");
        let file = dir.write("cases.json", &format!("\u{feff}{}", json!([full_case()])));
        assert_eq!(read_case_file(&file).unwrap().len(), 1);
        rewrite_case_file(&file, |cases| {
            cases[0]["expect"] = json!({ "ok": true });
            Ok(())
        })
        .expect("rewritten");
        assert_eq!(read_case_file(&file).unwrap()[0].expect, json!({ "ok": true }));
        assert!(std::fs::read_to_string(&file).unwrap().starts_with('\u{feff}'), "the rewrite keeps the mark");
    }

    #[test]
    fn read_case_file_refuses_a_broken_matcher_naming_the_case_and_where_it_is() {
        let dir = Scratch::new("cases-matchers");
        let mut case = full_case();
        case["expectRequests"] = json!([{ "method": "GET", "url": "u", "headers": { "idempotency-key": { "$regex": 5 } }, "body": null }]);
        let file = dir.write("not-a-string.json", &json!([case]).to_string());
        assert_eq!(
            read_case_file(&file).unwrap_err(),
            format!(
                "{} has a broken matcher, in case \"everything\": expectRequests/0/headers/idempotency-key: the $regex matcher is not a string: 5",
                file.display()
            )
        );

        let mut case = full_case();
        case["expectLogs"] = json!([["id", { "$regex": "[z-a]" }]]);
        case["hostExpect"] = json!({ "ok": true, "result": { "text": { "$regex": "(" } } });
        let file = dir.write("invalid.json", &json!([case]).to_string());
        assert_eq!(
            read_case_file(&file).unwrap_err(),
            format!(
                "{} has a broken matcher, in case \"everything\": expectLogs/0/1: the $regex matcher /[z-a]/ is not a valid regex: \
                 invalid character class range, the start must be <= the end; \
                 hostExpect/result/text: the $regex matcher /(/ is not a valid regex: unclosed group",
                file.display()
            )
        );
    }
}

#[cfg(test)]
mod rewrite_tests {
    use super::tests::Scratch;
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_rewritten_case_file_keeps_its_mode_and_a_dangling_link_is_refused() {
        // Review 19: the rewrite made a private (600) case file 644, and wrote a file of its own
        // over a link whose target did not exist yet.
        let dir = Scratch::new("rewrite");
        let file = dir.write("cases.json", r#"[{"name": "a", "call": {"tool": "t"}}]"#);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        rewrite_case_file(&file, |cases| {
            cases.push(json!({ "name": "b", "call": { "tool": "t" } }));
            Ok(())
        })
        .expect("rewritten");
        assert_eq!(std::fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(raw_cases(&file).unwrap().len(), 2);

        let link = dir.0.join("linked.json");
        std::os::unix::fs::symlink(dir.0.join("shared/cases.json"), &link).unwrap();
        let refused = rewrite_case_file(&link, |_| Ok(())).unwrap_err();
        assert!(refused.contains("is a symbolic link to") && refused.contains("shared/cases.json"), "{refused}");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is left a link");
        let looped = dir.0.join("loop.json");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        assert!(rewrite_case_file(&looped, |_| Ok(())).is_err());
    }

    #[test]
    fn a_rewrite_writes_what_it_did_not_change_as_it_was() {
        // Review 19: `test --update` turned a 30-digit id in a cassette body into 1.2345678901234568e29.
        let dir = Scratch::new("rewrite-raw");
        let original = r#"[{"name": "a", "call": {"tool": "t"},
  "http": [{"request": {"url": "https://api.example.com/"}, "response": {"status": 200, "body": {"id": 123456789012345678901234567890, "list": [1,2,3]}}}]},
 {"name": "b", "call": {"tool": "t", "args": {"n": 1.50}}}]"#;
        let file = dir.write("cases.json", original);
        rewrite_case_file(&file, |cases| {
            cases[0]["expect"] = json!({ "ok": true, "result": "x" });
            cases[1]["call"]["args"]["n"] = json!(2);
            cases.push(json!({ "name": "c", "call": { "tool": "t" } }));
            Ok(())
        })
        .expect("rewritten");
        let text = std::fs::read_to_string(&file).unwrap();
        // Left alone: written as it was, digits and layout.
        assert!(text.contains(r#"{"id": 123456789012345678901234567890, "list": [1,2,3]}"#), "{text}");
        assert!(text.contains(r#""name": "a""#) && !text.contains("e29"), "{text}");
        // Changed or new: laid out as `to_string_pretty` lays it out, at the member's depth.
        assert!(text.contains("    \"expect\": {\n      \"ok\": true,\n      \"result\": \"x\"\n    }"), "{text}");
        assert!(text.contains(r#""n": 2"#) && !text.contains("1.50"), "{text}");
        let cases = raw_cases(&file).unwrap();
        assert_eq!(cases.len(), 3);
        assert_eq!(cases[0]["expect"]["result"], "x");
        assert_eq!(cases[2]["name"], "c");

        // A file the host wrote itself comes back byte for byte as `to_string_pretty` writes it.
        let cases = json!([{ "name": "a", "call": { "tool": "t", "args": { "q": [1, { "r": null }] } }, "expect": { "ok": true } }]);
        let pretty = serde_json::to_string_pretty(&cases).unwrap() + "\n";
        let file = dir.write("pretty.json", &pretty);
        rewrite_case_file(&file, |_| Ok(())).expect("rewritten");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), pretty);
        rewrite_case_file(&file, |cases| {
            cases[0]["expect"]["ok"] = json!(false);
            Ok(())
        })
        .expect("rewritten");
        let mut changed = cases.clone();
        changed[0]["expect"]["ok"] = json!(false);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), serde_json::to_string_pretty(&changed).unwrap() + "\n");
    }

    #[test]
    fn a_rewrite_keeps_a_crlf_file_s_line_endings() {
        let dir = Scratch::new("rewrite-crlf");
        let original = "[\r\n  {\r\n    \"name\": \"a\",\r\n    \"call\": {\"tool\": \"t\",\r\n      \"args\": {}}\r\n  }\r\n]\r\n";
        let file = dir.write("cases.json", original);
        rewrite_case_file(&file, |cases| {
            cases[0]["expect"] = json!({ "ok": true, "result": "x" });
            Ok(())
        })
        .expect("rewritten");
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.replace("\r\n", "").contains('\n'), "every line ends CR LF: {text:?}");
        assert!(!text.replace("\r\n", "").contains('\r'), "no doubled CR: {text:?}");
        assert!(text.contains("\"call\": {\"tool\": \"t\",\r\n      \"args\": {}}"), "kept as written: {text:?}");
        assert!(text.contains("\"expect\": {\r\n      \"ok\": true,"), "{text:?}");
        assert_eq!(raw_cases(&file).unwrap()[0]["expect"]["result"], "x");

        // An LF file stays LF.
        let file = dir.write("lf.json", "[{\"name\": \"a\", \"call\": {\"tool\": \"t\"}}]\n");
        rewrite_case_file(&file, |cases| {
            cases[0]["expect"] = json!({ "ok": true });
            Ok(())
        })
        .expect("rewritten");
        assert!(!std::fs::read_to_string(&file).unwrap().contains('\r'));
    }
}

#[cfg(test)]
mod run_file_tests {
    use super::tests::Scratch;
    use super::*;

    #[test]
    fn a_fresh_instance_that_does_not_load_keeps_the_results_so_far_and_names_the_cases_not_run() {
        let dir = Scratch::new("stopped");
        // Every load declares another host, so no second instance loads (the instances of a
        // toolkit must declare the same policy); the first case leaves its instance untrusted.
        dir.write(
            "varies/extension.ts",
            r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'varies', name: 'Varies', description: 'Declares another host on every load.', version: '1.0.0', icon: 'shuffle',
  egress: [`h${Math.floor(Math.random() * 1e12)}.example.com`],
  tools: [
    tool({ name: 'hang', description: 'Never settles.', input: z.object({}), handler: () => new Promise<string>(() => {}) }),
    tool({ name: 'hello', description: 'Says hello.', input: z.object({}), handler: async () => 'hello' }),
  ],
});
"#,
        );
        let call = |tool: &str| json!({ "tool": tool, "args": {}, "userId": "u" });
        let file = dir.write(
            "cases.json",
            &json!([
                { "name": "hello first", "call": call("hello"), "now": "2026-11-29T12:00:00Z", "expect": { "ok": true, "result": { "text": "hello" } } },
                { "name": "hangs", "call": call("hang"), "now": "2026-11-29T12:00:00Z" },
                { "name": "skipped by the filter", "call": call("hello"), "now": "2026-11-29T12:00:00Z" },
                { "name": "hello after", "call": call("hello"), "now": "2026-11-29T12:00:00Z" },
            ])
            .to_string(),
        );
        let cases = read_case_file(&file).unwrap();
        let select = |c: &Case| c.name != "skipped by the filter";
        let run = run_file(&dir.0.join("varies"), InstanceOptions::default(), &cases, &select).unwrap_or_else(|e| panic!("{e}"));
        let ran: Vec<_> = run.results.iter().map(|(i, result, _)| (*i, result.envelope["ok"].clone())).collect();
        assert_eq!(ran, vec![(0, json!(true)), (1, json!(false))], "both cases before the failed load keep their results");
        let stopped = run.stopped.expect("the file stopped");
        assert_eq!((stopped.after, stopped.not_run), (1, vec![3]));
        let error = stopped.error.to_string();
        assert!(error.contains("egress"), "names what differs: {error}");
    }
}
