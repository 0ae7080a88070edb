//! `trove-host call`: one call of one tool, its envelope on stdout; live, replayed from a
//! cassette, or recorded into one (`--record`) or into a test case (`--record-case`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use serde_json::{json, Map, Value};
use trove_host::cases::{raw_cases, rewrite_case_file, run_case, update_case, Case};
use trove_host::{Envelope, FixedClock, Host, HostConfig, InstanceOptions, LoadOptions, Namespace, PoolConfig, ReplayTransport, ToolCall, Toolkit};
use trove_host_ops::egress::cassette;
use trove_host_ops::trove::RecordingTrove;
use trove_host_ops::egress::replay::{read_cassette, RecordedResponse};

use crate::{load_failed, parse_json, parse_now, print_json, usage, EXIT_HOST_FAILURE};

#[derive(clap::Args)]
pub struct CallArgs {
    /// Toolkit directory or entry file.
    toolkit: PathBuf,
    /// The tool's name.
    tool: String,
    /// Arguments as JSON (default: {}).
    #[arg(long, value_name = "JSON", conflicts_with = "args_file")]
    args: Option<String>,
    /// Read the arguments' JSON from a file.
    #[arg(long, value_name = "FILE")]
    args_file: Option<PathBuf>,
    #[command(flatten)]
    caller: crate::caller::CallerArgs,
    /// Serve egress from a replay file (a cassette: a JSON list of recorded exchanges) instead
    /// of the network. Its {{secret:NAME}} placeholders get the secrets' current values.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "record_case"])]
    replay: Option<PathBuf>,
    /// Make the call against the real network (through the egress policy) and write what it
    /// exchanged to FILE as a cassette, every secret value replaced by {{secret:NAME}}.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Make the call against the real network and append it to the case file FILE as a
    /// complete test case (call, cassette, expectations) named --name.
    #[arg(long, value_name = "FILE", requires = "name")]
    record_case: Option<PathBuf>,
    /// With --record or --record-case: record requests that failed on the network as such
    /// (a case about an outage). Without it, a recording in which any request failed on the
    /// network writes nothing and exits 1: run offline, it would pin the outage as expected.
    #[arg(long)]
    keep_network_failures: bool,
    /// The name of the case --record-case appends (unique in the file).
    #[arg(long, value_name = "NAME", requires = "record_case")]
    name: Option<String>,
    /// What ctx.now() returns (RFC 3339, e.g. 2026-11-29T12:00:00Z), instead of the system clock.
    #[arg(long, value_name = "RFC3339")]
    now: Option<String>,
    /// Date.now() and a no-argument new Date() return the --now instant (else the time the call
    /// starts) for the whole call, as a test runner's fake clock does.
    #[arg(long)]
    freeze_time: bool,
    /// Wall-clock limit of the call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
    /// The workspace root relative imports may reach (default: the nearest folder above the
    /// toolkit holding package.json, tsconfig.json, deno.json or .git, else its parent).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    #[command(flatten)]
    stores: crate::serve::StoreArgs,
}

/// The call's inputs, parsed.
struct Parsed {
    call: ToolCall,
    now: Option<chrono::DateTime<chrono::Utc>>,
    host: HostConfig,
}

fn parse(args: &CallArgs) -> Result<Parsed, String> {
    let call_args = match (&args.args, &args.args_file) {
        (Some(text), _) => parse_json("--args", text)?,
        (None, Some(file)) => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read --args-file {}: {e}", file.display()))?;
            parse_json(&format!("--args-file {}", file.display()), &text)?
        }
        (None, None) => json!({}),
    };
    let caller = args.caller.parse()?;
    let now = args.now.as_deref().map(|n| parse_now("--now", n)).transpose()?;
    let timeout = crate::serve::positive_seconds("timeout", args.timeout)?;
    let mut host = HostConfig { transpile_cache: trove_host::home::transpile_cache_dir(), ..HostConfig::default() };
    host.limits.call_timeout = timeout;
    let mut call = ToolCall::new(args.tool.clone(), call_args, caller.user);
    call.scopes = Some(caller.scopes);
    call.config = caller.config;
    Ok(Parsed { call, now, host })
}

pub async fn call(args: CallArgs) -> ExitCode {
    let Parsed { call, now, host } = match parse(&args) {
        Ok(p) => p,
        Err(e) => return usage(e),
    };
    let recording = args.record.is_some() || args.record_case.is_some();
    // A recorded case replays at the instant it was recorded: the clock is fixed either way.
    let now = if recording || args.freeze_time { Some(now.unwrap_or_else(chrono::Utc::now)) } else { now };
    if let Some(file) = args.record.as_ref().filter(|f| f.exists()) {
        // Re-recording a cassette replaces it; anything else is not ours to overwrite.
        if let Err(e) = read_cassette(file) {
            return usage(format!("--record {}: the file exists and is not a cassette, so it is not overwritten ({e})", file.display()));
        }
    }
    if let (Some(file), Some(name)) = (&args.record_case, &args.name) {
        // Refuse before going to the network.
        if let Err(e) = raw_cases(file).and_then(|cases| match cases.iter().any(|c| c["name"] == name.as_str()) {
            true => Err(format!("{} already has a case named {name:?}", file.display())),
            false => Ok(()),
        }) {
            return usage(e);
        }
    }

    // The same Host and pool that `serve` uses, with one instance: this process makes one call.
    let host = match Host::new(host) {
        Ok(h) => h,
        Err(e) => return usage(format!("cannot start the host: {e}")),
    };
    // No warming while idle: the process exits after its one call.
    let one = PoolConfig { min_instances: 1, max_instances: 1, warm_when_idle: None, ..PoolConfig::default() };
    // Keyring entries, cache and documents belong to this toolkit's location, not to whatever
    // id a toolkit claims.
    let options = LoadOptions { namespace: Namespace::Location, pool: Some(one), root: args.root.clone(), ..LoadOptions::default() };
    let toolkit = match host.load(&args.toolkit, options).await {
        Ok(t) => t,
        Err(e) => return load_failed(&args.toolkit, &e),
    };
    if !toolkit.tools().iter().any(|t| t.name == call.tool) {
        let names: Vec<&str> = toolkit.tools().iter().map(|t| t.name.as_str()).collect();
        eprintln!("trove-host: {} has no tool {:?}; its tools: {}", toolkit.id(), call.tool, names.join(", "));
    }

    let replay_stores;
    let stores = match args.replay {
        Some(_) => {
            replay_stores = match args.stores.for_replay() {
                Ok(stores) => stores,
                Err(e) => return usage(e),
            };
            &replay_stores
        }
        None => &args.stores,
    };
    let local = match stores.providers() {
        // A replay's documents, like its cache entries, must not outlive it (review 23).
        Ok(local) if args.replay.is_some() => local.with_memory_knowledge_base(),
        Ok(local) => local,
        Err(e) => return usage(e),
    };
    let mut env = match local.env(&call) {
        Ok(env) => env,
        Err(e) => return usage(e),
    };
    // Kept to tell, when recording a case, which declared secrets the live call had.
    let secrets = env.secrets.clone();
    // A recorded case replays the knowledge base's answers as its cassette replays the
    // network's (review 22: a call that used `ctx.trove` could not be recorded).
    let trove_recording = match (&args.record_case, env.trove.take()) {
        (Some(_), Some(kb)) => {
            let recording = Arc::new(RecordingTrove::new(kb));
            env.trove = Some(recording.clone());
            Some(recording)
        }
        (_, kb) => {
            env.trove = kb;
            None
        }
    };
    let replay = match &args.replay {
        Some(file) => {
            let exchanges = match read_cassette(file) {
                Ok(e) => e,
                Err(e) => return usage(e),
            };
            // The cassette's placeholders get the current values of the secrets the manifest
            // declares, read up front; a placeholder naming anything else stays as written (a
            // cassette must not pull an undeclared TROVE_SECRET_* into the toolkit's view).
            let declared = &toolkit.manifest().secrets;
            let mut values = Map::new();
            for name in cassette::secret_names(&exchanges).into_iter().filter(|n| declared.contains(n)) {
                if let Ok(Some(v)) = env.secrets.get(toolkit.namespace(), &name).await {
                    values.insert(name, Value::String(v));
                }
            }
            let value_of = |n: &str| values.get(n).and_then(Value::as_str).map(str::to_owned);
            Some(Arc::new(ReplayTransport::with_secrets(exchanges, &value_of)))
        }
        None => None,
    };
    if let Some(replay) = &replay {
        env.transport = Some(replay.clone());
    }
    if let Some(now) = now {
        env.clock = Arc::new(FixedClock(now));
    }
    env.freeze_time = args.freeze_time;
    env.record_exchanges = recording;

    let outcome = match toolkit.call(call.clone(), env).await {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    print_json(&outcome.envelope.json());
    let mut status = if outcome.is_ok() { ExitCode::SUCCESS } else { ExitCode::from(1) };
    // The envelope says what the SDK says (the platform's `trove secret set`); the hint says how
    // to give this command the secret.
    if let Envelope::Err(failure) = &outcome.envelope {
        let declared = toolkit.manifest_json()["secrets"].as_array().cloned().unwrap_or_default();
        if let Some(name) = declared.iter().filter_map(Value::as_str).find(|n| failure.error.starts_with(&format!("{n} is not set. Run `trove secret set"))) {
            eprintln!(
                "trove-host: hint: store {name} with `trove-host secret set {} {name}`, or set TROVE_SECRET_{name} for one run",
                args.toolkit.display()
            );
        }
    }

    if let Some(replay) = &replay {
        let failures = replay.failures();
        for failure in &failures {
            eprintln!("trove-host: replay mismatch (a host failure, not the upstream's): {}", toolkit.redact(failure));
        }
        let left = replay.remaining();
        // A call that failed (`ok: false`) and asked the cassette for nothing it did not hold
        // left requests unmade because it failed: its envelope says why (an unset secret, bad
        // arguments, a refused host), and the exit status stays the call's own 1 (review 61,
        // F11: exit 3 read as a broken cassette).
        let ended_early = failures.is_empty() && !outcome.is_ok();
        if !left.is_empty() {
            let what = if ended_early { "the call failed (ok: false) without requesting" } else { "replay mismatch:" };
            eprintln!(
                "trove-host: {what} {} recorded exchange(s){}, first: {} {}",
                left.len(),
                if ended_early { "" } else { " were never requested" },
                left[0].request.method,
                toolkit.redact(&left[0].request.url)
            );
        }
        // Otherwise exit 3: the toolkit did not make the requests the cassette holds (as
        // `test` fails a case that leaves exchanges unused; review 22).
        if !failures.is_empty() || (!left.is_empty() && !ended_early) {
            status = ExitCode::from(EXIT_HOST_FAILURE);
        }
    }

    let exchanges = cassette::scrub(outcome.record.exchanges.clone(), &toolkit.redactor());
    if recording {
        let failed = exchanges.iter().filter(|e| matches!(e.response, RecordedResponse::NetworkError { .. })).count();
        if failed > 0 && !args.keep_network_failures {
            eprintln!(
                "trove-host: {failed} request(s) failed on the network, so nothing was recorded (is the network up?); \
                 pass --keep-network-failures to record them as failures"
            );
            return ExitCode::from(1);
        }
        if failed > 0 {
            eprintln!("trove-host: warning: {failed} request(s) failed on the network; the recording replays those failures");
        }
    }
    if let Some(file) = &args.record {
        let text = serde_json::to_string_pretty(&exchanges).expect("JSON") + "\n";
        if let Err(e) = std::fs::write(file, text) {
            return usage(format!("cannot write {}: {e}", file.display()));
        }
        eprintln!("trove-host: recorded {} exchange(s) to {}", exchanges.len(), file.display());
    }
    if let (Some(file), Some(name)) = (&args.record_case, &args.name) {
        let mut had = Vec::new();
        for name in &toolkit.manifest().secrets {
            // One that cannot be read counts as set: its stand-in is never its value.
            let value = match secrets.get(toolkit.namespace(), name).await {
                Ok(value) => value,
                Err(_) => Some(String::new()),
            };
            had.push((name.clone(), value));
        }
        let live = toolkit.redactor();
        let recorded = RecordedCall {
            toolkit: &args.toolkit,
            root: args.root.clone(),
            name,
            call: &call,
            now: now.expect("fixed when recording"),
            freeze_time: args.freeze_time,
            cache_off: args.stores.cache_is_off(),
            secrets: had,
            exchanges,
            // Scrubbed as the cassette is: a document or a variable may hold a secret (review 23).
            trove: trove_recording
                .map(|r| r.script())
                .unwrap_or_default()
                .into_iter()
                .map(|mut call| {
                    trove_host_ops::trove::map_json_strings(&mut call, &|s| live.placeholders_str(s));
                    call
                })
                .collect(),
            redactor: live,
        };
        match append_case(file, recorded, &outcome.envelope.json()).await {
            Ok(()) => eprintln!("trove-host: appended case {name:?} to {}", file.display()),
            Err(e) => {
                eprintln!("trove-host: {e}");
                return ExitCode::from(1);
            }
        }
    }
    // The process ends next, which frees the isolate wholesale: tearing its heap down object by
    // object first was 4% of a cold call's instructions (clang's `-disable-free` for the same
    // reason). Everything the call wrote is written by now.
    std::mem::forget((toolkit, host));
    status
}

/// A live call, recorded, to be written as a case.
struct RecordedCall<'a> {
    toolkit: &'a Path,
    root: Option<PathBuf>,
    name: &'a str,
    call: &'a ToolCall,
    now: chrono::DateTime<chrono::Utc>,
    freeze_time: bool,
    /// `--cache off`: the live call had no `ctx.cache` either.
    cache_off: bool,
    /// Each declared secret and the value the live call had for it (`None`: not set), for the
    /// case's `secrets`: a stand-in of its shape, or `null`. Never written.
    secrets: Vec<(String, Option<String>)>,
    /// Scrubbed: placeholders instead of secret values.
    exchanges: Vec<trove_host_ops::egress::replay::Exchange>,
    /// The knowledge base's answers, as a case's `trove` script (scrubbed).
    trove: Vec<Value>,
    /// The live call's redactor: what the replay's messages must not show either.
    redactor: trove_host_ops::redact::Redactor,
}

/// The value a recorded case gives secret `name`: never the real one (that stays in the
/// keyring); the cassette's placeholders are filled in with it on replay.
fn stand_in(name: &str) -> String {
    format!("recorded-stand-in-for-{name}")
}

/// The stand-in of the member at JSON `pointer` of secret `name`: letters, digits, `-` and
/// `_` only, which no encoding the redactor knows changes. The live member may have needed
/// none, so its placeholder is the raw form, and a stand-in that `URLSearchParams` encodes
/// (the `/` of a pointer) would not match on replay (review 23).
fn member_stand_in(name: &str, pointer: &str) -> String {
    let path: String = pointer.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '-' }).collect();
    format!("{}{path}", stand_in(name))
}

/// Why the replay of a recorded case may differ from the live call: the causes that can apply
/// to this recording, one line each, never none. The replay has no `ctx.cache`, stand-in
/// secrets, the recorded instant and the cassette's order.
fn replay_causes(r: &RecordedCall<'_>) -> Vec<&'static str> {
    let mut causes = Vec::new();
    if !r.cache_off {
        causes.push(
            "a ctx.cache hit in the live call skips requests (or changes the result) that the replay, which has no cache, \
             makes: record with `--cache off`",
        );
    }
    if !r.freeze_time {
        causes.push("the toolkit reads the clock itself (Date.now(), new Date()) instead of ctx.now(): record with `--freeze-time`");
    }
    if !r.secrets.is_empty() {
        causes.push(
            "a secret (or a member of a JSON secret) short or common enough to occur elsewhere in a URL or body, or a number, \
             cannot be told apart from its stand-in there: record with a longer test key",
        );
    }
    let values: Vec<&String> = r.secrets.iter().filter_map(|(_, v)| v.as_ref()).filter(|v| !v.is_empty()).collect();
    if values.iter().enumerate().any(|(i, v)| values[..i].contains(v)) {
        causes.push("two declared secrets have the same value, so a recording cannot tell which one a request used: record with different values");
    }
    causes.push(
        "a request ended without an answer a cassette can hold (the toolkit aborted it, or a redirect was refused): \
         the host's log above says \"not recorded in the cassette\" for it",
    );
    causes.push("the toolkit uses something else that differs between runs (Math.random(), crypto.randomUUID(), …)");
    causes
}

/// Builds the case (call, stand-in secrets, cassette), replays it on a fresh instance to fill
/// in its expectations, and appends it to `file`.
async fn append_case(file: &Path, r: RecordedCall<'_>, live_envelope: &Value) -> Result<(), String> {
    let causes = replay_causes(&r).join("\n  - ");
    let declares_secrets = !r.secrets.is_empty();
    let secrets: Map<String, Value> = r
        .secrets
        .iter()
        .map(|(n, value)| {
            // One the live call did not have is not set in the case either (`null`, as the
            // corpus writes it): a stand-in would replay another call (review 22).
            let Some(value) = value else { return (n.clone(), Value::Null) };
            // A JSON secret (a service-account key) gets a stand-in of the same shape, so the
            // toolkit still parses it and the cassette's member placeholders fill from it.
            let json = trove_host_ops::redact::json_stand_in(value, |pointer| member_stand_in(n, pointer));
            (n.clone(), Value::String(json.unwrap_or_else(|| stand_in(n))))
        })
        .collect();
    let mut case = json!({
        "name": r.name,
        "description": format!("recorded by `trove-host call --record-case` at {}", chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        "call": { "tool": r.call.tool, "args": r.call.args, "userId": r.call.user_id, "scopes": r.call.scopes.clone().unwrap_or_default(), "config": r.call.config.clone().unwrap_or_else(|| json!({})) },
        "secrets": secrets,
        "now": r.now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "http": r.exchanges,
        "expect": Value::Null,
    });
    if !r.trove.is_empty() {
        case["trove"] = Value::Array(r.trove.clone());
    }
    if r.freeze_time {
        case["freezeTime"] = Value::Bool(true);
    }
    let parsed: Case = serde_json::from_value(case.clone()).map_err(|e| format!("the recorded case is malformed: {e}"))?;
    let options = InstanceOptions { workspace_root: r.root.clone(), ..InstanceOptions::default() };
    let mut fresh = Toolkit::load_instance(r.toolkit, options).await.map_err(|e| e.to_string())?;
    let (result, problems) = run_case(&mut fresh, &parsed).await;
    update_case(&mut case, &result);
    let unclean: Vec<String> =
        // The replay knows only stand-ins; a mismatch may quote what the live call sent.
        problems.iter().filter(|p| p.starts_with("http:") || p.starts_with("trove:")).map(|p| r.redactor.redact_str(&fresh.redact(p))).collect();
    if !unclean.is_empty() {
        return Err(format!(
            "the recorded case did not replay identically, so it was not appended:\n  {}\nlikely causes:\n  - {causes}",
            unclean.join("\n  ")
        ));
    }
    if &result.envelope != live_envelope {
        // Appended all the same: its expectation is the replay's envelope, which `test` checks.
        let secret = if declares_secrets { "\n  - the result shows a secret (the replay has its stand-in)" } else { "" };
        eprintln!(
            "trove-host: warning: the replayed envelope differs from the live one; the case expects the replayed one\n\
             likely causes:{secret}\n  - {causes}"
        );
    }
    rewrite_case_file(file, |cases| {
        // Checked before the call too; again here, under the lock, for a parallel recording
        // that took the name.
        if cases.iter().any(|c| c["name"] == r.name) {
            return Err(format!("{} already has a case named {:?}", file.display(), r.name));
        }
        cases.push(case);
        Ok(())
    })
}
