//! `trove-host`: run an `@ontrove/extend` toolkit from the command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use serde_json::Value;
use trove_host::home::DataHome;
use trove_host::local::LocalProviders;
use trove_host::{FixedClock, Host, HostConfig, LoadOptions, Namespace, PoolConfig, ReplayTransport, ToolCall, Toolkit};
use trove_host_ops::kb::LocalKnowledgeBase;
use trove_host_ops::secrets::{EnvSecrets, KeyringSecrets};

/// Exit code for a load or usage error.
const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "trove-host",
    version,
    about = "Run @ontrove/extend TypeScript toolkits in a sandboxed isolate, with egress, secrets and scopes enforced in Rust.",
    long_about = None,
    after_help = "A <TOOLKIT> is a directory holding extension.ts (or server.ts), or an entry file.\n\
                  Secrets: environment variables TROVE_SECRET_<NAME> first, then the OS keyring\n\
                  (see `trove-host secret`). ctx.cache and the local knowledge base live in\n\
                  $TROVE_HOST_HOME (default ~/.local/share/trove-host).\n\
                  Logs go to stderr; set RUST_LOG (e.g. RUST_LOG=trove=debug) to change how much."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the toolkit's tool list (JSON).
    List {
        /// Toolkit directory or entry file.
        toolkit: PathBuf,
    },
    /// Print the toolkit's manifest (JSON).
    Manifest {
        /// Toolkit directory or entry file.
        toolkit: PathBuf,
    },
    /// Call a tool and print the result envelope (JSON). Exit 0 for ok:true, 1 for ok:false,
    /// 2 for a load or usage error.
    Call(CallArgs),
    /// Serve toolkits on the Trove wire over HTTP: each at /<toolkit-id> (and at / when only
    /// one is served). GET -> {tools}; POST a call -> its envelope.
    Serve(ServeArgs),
    /// Store, list or remove a toolkit's secrets in the OS keyring.
    #[command(subcommand)]
    Secret(SecretCommand),
    /// Look at what toolkits stored in the local knowledge base (ctx.trove.ingest).
    #[command(subcommand)]
    Kb(KbCommand),
    /// Run a conformance corpus (toolkits/, cases/, golden/, invalid/) and print
    /// "N passed, M failed". Exit 0 only when every check passes.
    Conformance {
        /// The corpus directory (e.g. ../shared/conformance).
        corpus: PathBuf,
        /// Write every case's {toolkit, name, envelope, requests, callbacks, logs} to FILE.
        #[arg(long, value_name = "FILE")]
        results: Option<PathBuf>,
        /// Print every check, not only failures.
        #[arg(long, short)]
        verbose: bool,
    },
}

#[derive(Subcommand)]
enum SecretCommand {
    /// Store a secret. Reads the value from stdin with --from-stdin; otherwise prompts
    /// without echo on a terminal.
    Set {
        /// The toolkit's directory (or entry file). NAME must be one it declares; the value is
        /// stored for the toolkit at that location.
        toolkit: String,
        /// The secret's name, as the manifest declares it.
        name: String,
        /// Read the value from standard input (a trailing newline is dropped).
        #[arg(long)]
        from_stdin: bool,
    },
    /// List the toolkit's declared secrets and whether each is set (never the values).
    List {
        /// The toolkit's directory (its manifest says which names it declares).
        toolkit: PathBuf,
    },
    /// Remove a stored secret.
    Rm {
        /// The toolkit's directory (or entry file).
        toolkit: String,
        /// The secret's name.
        name: String,
    },
}

#[derive(Subcommand)]
enum KbCommand {
    /// Full-text search of a user's documents.
    Search {
        /// The query (free text).
        query: String,
        /// Whose documents.
        #[arg(long, default_value = "local-user")]
        user: String,
        /// Only documents this toolkit (manifest id) stored.
        #[arg(long)]
        toolkit: Option<String>,
        /// Most hits to show.
        #[arg(long, default_value_t = 10)]
        limit: u64,
    },
    /// List stored documents, newest first.
    List {
        /// Only this user's documents.
        #[arg(long)]
        user: Option<String>,
        /// Only documents this toolkit (manifest id) stored.
        #[arg(long)]
        toolkit: Option<String>,
    },
}

#[derive(clap::Args)]
struct CallArgs {
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
    /// The caller's user id.
    #[arg(long, value_name = "ID", default_value = "local-user")]
    user: String,
    /// A scope granted to the call (trove:search, trove:ingest); repeatable.
    #[arg(long = "scope", value_name = "S")]
    scopes: Vec<String>,
    /// The toolkit's settings (ctx.config) as a JSON object.
    #[arg(long, value_name = "JSON")]
    config: Option<String>,
    /// Serve egress from a replay file (a JSON list of recorded exchanges) instead of the network.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// What ctx.now() returns (RFC 3339), instead of the system clock.
    #[arg(long, value_name = "RFC3339")]
    now: Option<String>,
}

#[derive(clap::Args)]
struct ServeArgs {
    /// Toolkit directories (or entry files).
    #[arg(required = true)]
    toolkits: Vec<PathBuf>,
    /// Address to listen on (port 0: any free port; the chosen address is printed).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8788")]
    listen: std::net::SocketAddr,
    /// Reload a toolkit when its files change (the previous version keeps serving if the new
    /// one fails to load).
    #[arg(long)]
    watch: bool,
    /// Seconds in-flight calls get to finish after SIGTERM or Ctrl-C.
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    grace: f64,
    /// A platform whose callbacks calls may use (`callbackBase`, e.g.
    /// https://trove.example/api); repeatable. A call naming any other is refused.
    #[arg(long = "platform", value_name = "URL")]
    platforms: Vec<String>,
    /// Largest accepted request body, in bytes (larger: 413).
    #[arg(long, value_name = "BYTES", default_value_t = trove_host_server::DEFAULT_MAX_BODY_BYTES)]
    max_body: usize,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Limits and pool sizes shared by the commands that hold a `Host`.
#[derive(clap::Args)]
struct LimitArgs {
    /// Wall-clock limit of one call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
    /// CPU-time limit of one call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30.0)]
    cpu_time: f64,
    /// Heap ceiling of each isolate, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 256)]
    max_heap_mib: usize,
    /// Warm instances kept per toolkit.
    #[arg(long, value_name = "N", default_value_t = 1)]
    min_instances: usize,
    /// Most instances (concurrent calls) per toolkit (default: the number of CPUs, at least 2).
    #[arg(long, value_name = "N")]
    max_instances: Option<usize>,
    /// Most calls waiting per toolkit before calls are refused with 503.
    #[arg(long, value_name = "N", default_value_t = 256)]
    max_queued: usize,
    /// Seconds an idle instance above the warm minimum is kept.
    #[arg(long, value_name = "SECS", default_value_t = 300.0)]
    idle_timeout: f64,
}

impl LimitArgs {
    /// The host settings these flags describe.
    fn host_config(&self) -> Result<HostConfig, String> {
        let secs = |name: &str, v: f64| {
            std::time::Duration::try_from_secs_f64(v)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| format!("--{name} must be a positive number of seconds, got {v}"))
        };
        let defaults = PoolConfig::default();
        let pool = PoolConfig {
            min_instances: self.min_instances,
            max_instances: self.max_instances.unwrap_or(defaults.max_instances).max(1),
            max_queued: self.max_queued,
            idle_timeout: secs("idle-timeout", self.idle_timeout)?,
        };
        if pool.min_instances > pool.max_instances {
            return Err(format!("--min-instances {} is more than --max-instances {}", pool.min_instances, pool.max_instances));
        }
        let limits = trove_host::IsolateLimits {
            call_timeout: secs("timeout", self.timeout)?,
            cpu_time: secs("cpu-time", self.cpu_time)?,
            max_heap_bytes: self.max_heap_mib.max(16) * 1024 * 1024,
        };
        Ok(HostConfig { limits, pool, ..HostConfig::default() })
    }
}

/// Resolves when the process gets SIGTERM or Ctrl-C (SIGINT).
async fn termination() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(target: "trove::serve", "cannot listen for SIGTERM: {e}");
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn serve(args: ServeArgs) -> ExitCode {
    let config = match args.limits.host_config() {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let Some(grace) = std::time::Duration::try_from_secs_f64(args.grace).ok() else {
        return usage(format!("--grace must be a number of seconds, got {}", args.grace));
    };
    let host = match Host::new(config) {
        Ok(h) => h,
        Err(e) => return usage(format!("cannot start the host: {e}")),
    };
    // Data (keyring, cache, documents) belongs to each toolkit's location, as with `call`.
    let load = LoadOptions { namespace: Namespace::Location, ..LoadOptions::default() };
    let env: Arc<dyn trove_host_server::EnvSource> = Arc::new(LocalProviders::open().with_platforms(args.platforms));
    let options = trove_host_server::ServeOptions {
        listen: args.listen,
        watch: args.watch,
        grace,
        max_body_bytes: args.max_body,
        ..trove_host_server::ServeOptions::default()
    };
    let running = match trove_host_server::Server::start(host, args.toolkits, load, env, options).await {
        Ok(r) => r,
        Err(e) => return usage(e),
    };
    eprintln!("trove-host: listening on http://{}", running.local_addr());
    termination().await;
    tracing::info!(target: "trove::serve", "shutting down");
    match running.shutdown().await {
        trove_host_server::Shutdown::Drained => ExitCode::SUCCESS,
        trove_host_server::Shutdown::Forced { in_flight } => {
            tracing::warn!(target: "trove::serve", "the grace period ran out with {in_flight} call(s) in flight; they were stopped");
            ExitCode::SUCCESS
        }
    }
}

fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("trove-host: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// Prints `value` as pretty JSON on stdout; a closed pipe (`| head`) is not an error.
fn print_json(value: &Value) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", serde_json::to_string_pretty(value).expect("JSON"));
}

fn parse_json(what: &str, text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{what} is not valid JSON: {e}"))
}

fn load_failed(path: &std::path::Path, e: &trove_host::LoadError) -> ExitCode {
    eprintln!("trove-host: cannot load {}:\n{}", path.display(), e);
    if let trove_host::LoadError::Threw { stack: Some(stack), .. } = e {
        tracing::debug!(target: "trove::runtime", "{stack}");
    }
    ExitCode::from(EXIT_USAGE)
}

async fn load(path: &std::path::Path) -> Result<Toolkit, ExitCode> {
    Toolkit::load(path).await.map_err(|e| load_failed(path, &e))
}

async fn call(args: CallArgs) -> ExitCode {
    let call_args = match (&args.args, &args.args_file) {
        (Some(text), _) => parse_json("--args", text),
        (None, Some(file)) => std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read --args-file {}: {e}", file.display()))
            .and_then(|t| parse_json(&format!("--args-file {}", file.display()), &t)),
        (None, None) => Ok(serde_json::json!({})),
    };
    let call_args = match call_args {
        Ok(v) => v,
        Err(e) => return usage(e),
    };
    let config = match args.config.as_deref().map(|c| parse_json("--config", c)).transpose() {
        Ok(Some(c)) if !c.is_object() => return usage(format!("--config must be a JSON object of settings, got {c}")),
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    if let Some(unknown) = args.scopes.iter().find(|s| !trove_host_ops::manifest::KNOWN_SCOPES.contains(&s.as_str())) {
        return usage(format!(
            "--scope {unknown:?} is not a scope (known: {})",
            trove_host_ops::manifest::KNOWN_SCOPES.join(", ")
        ));
    }
    let now = match args.now.as_deref().map(chrono::DateTime::parse_from_rfc3339).transpose() {
        Ok(n) => n,
        Err(e) => return usage(format!("--now is not an RFC 3339 instant: {e}")),
    };
    let replay = match args.replay.as_deref().map(ReplayTransport::from_file).transpose() {
        Ok(r) => r.map(Arc::new),
        Err(e) => return usage(e),
    };
    let mut call = ToolCall::new(args.tool, call_args, args.user);
    call.scopes = Some(args.scopes);
    call.config = config;
    let local = LocalProviders::open();
    let mut env = match local.env(&call) {
        Ok(env) => env,
        Err(e) => return usage(e),
    };
    if let Some(replay) = &replay {
        env.transport = Some(replay.clone());
    }
    if let Some(now) = now {
        env.clock = Arc::new(FixedClock(now.with_timezone(&chrono::Utc)));
    }
    // The same Host and pool that `serve` uses, with one instance: this process makes one call.
    let host = match Host::new(HostConfig::default()) {
        Ok(h) => h,
        Err(e) => return usage(format!("cannot start the host: {e}")),
    };
    let one = PoolConfig { min_instances: 1, max_instances: 1, ..PoolConfig::default() };
    // Keyring entries, cache and documents belong to this toolkit's location, not to whatever
    // id a toolkit claims.
    let options = LoadOptions { namespace: Namespace::Location, pool: Some(one), ..LoadOptions::default() };
    let toolkit = match host.load(&args.toolkit, options).await {
        Ok(t) => t,
        Err(e) => return load_failed(&args.toolkit, &e),
    };
    let outcome = match toolkit.call(call, env).await {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    print_json(&outcome.envelope.json());
    let mut ok = outcome.is_ok();
    if let Some(replay) = &replay {
        for failure in replay.failures() {
            eprintln!("trove-host: replay: {}", toolkit.redact(&failure));
            ok = false;
        }
        let left = replay.remaining();
        if !left.is_empty() {
            eprintln!(
                "trove-host: replay: {} recorded exchange(s) were never requested, first: {} {}",
                left.len(),
                left[0].request.method,
                toolkit.redact(&left[0].request.url)
            );
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

/// The toolkit a `secret` command is about: it must be named by its directory (or entry
/// file), because stored secrets belong to the toolkit's location, not to the id it claims.
/// Returns its namespace, id and declared secret names.
async fn secret_owner(arg: &str) -> Result<(String, String, Vec<String>), ExitCode> {
    let path = std::path::Path::new(arg);
    if !path.exists() {
        return Err(usage(format!(
            "{arg:?} is not a toolkit directory: name the toolkit by its directory (secrets are stored for the toolkit at that location, so another toolkit claiming the same id cannot read them)"
        )));
    }
    let mut toolkit = load(path).await?;
    toolkit.bind_namespace_to_location();
    let declared = toolkit.manifest()["secrets"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    Ok((toolkit.namespace().to_owned(), toolkit.id().to_owned(), declared))
}

fn read_secret_value(name: &str, from_stdin: bool) -> Result<String, String> {
    use std::io::{IsTerminal, Read};
    if !from_stdin && std::io::stdin().is_terminal() {
        return rpassword::prompt_password(format!("{name}: ")).map_err(|e| format!("cannot read the value: {e}"));
    }
    let mut value = String::new();
    std::io::stdin().read_to_string(&mut value).map_err(|e| format!("cannot read the value from stdin: {e}"))?;
    let value = value.strip_suffix('\n').map(|v| v.strip_suffix('\r').unwrap_or(v)).unwrap_or(&value).to_owned();
    Ok(value)
}

async fn secret(command: SecretCommand) -> ExitCode {
    match command {
        SecretCommand::Set { toolkit, name, from_stdin } => {
            let (namespace, id, declared) = match secret_owner(&toolkit).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            if !declared.contains(&name) {
                return usage(format!("{id} does not declare a secret named {name} (it declares: {})", declared.join(", ")));
            }
            let value = match read_secret_value(&name, from_stdin) {
                Ok(v) if !v.is_empty() => v,
                Ok(_) => return usage("the value is empty"),
                Err(e) => return usage(e),
            };
            match KeyringSecrets::set(&namespace, &name, &value) {
                Ok(()) => {
                    eprintln!("stored {name} for {id} in the OS keyring");
                    ExitCode::SUCCESS
                }
                Err(e) => usage(e),
            }
        }
        SecretCommand::List { toolkit } => {
            let (namespace, _, declared) = match secret_owner(&toolkit.to_string_lossy()).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            let env = EnvSecrets::new();
            let mut rows = Vec::new();
            for name in &declared {
                let state = if std::env::var_os(env.variable(name)).is_some() {
                    "set (environment)".to_owned()
                } else {
                    match KeyringSecrets::get_blocking(&namespace, name) {
                        Ok(Some(_)) => "set (keyring)".to_owned(),
                        Ok(None) => "unset".to_owned(),
                        Err(e) => format!("unknown ({e})"),
                    }
                };
                rows.push(serde_json::json!({ "name": name, "state": state }));
            }
            print_json(&Value::Array(rows));
            ExitCode::SUCCESS
        }
        SecretCommand::Rm { toolkit, name } => {
            let (namespace, id, _) = match secret_owner(&toolkit).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            match KeyringSecrets::remove(&namespace, &name) {
                Ok(true) => {
                    eprintln!("removed {name} for {id}");
                    ExitCode::SUCCESS
                }
                Ok(false) => {
                    eprintln!("{name} was not stored for {id}");
                    ExitCode::from(1)
                }
                Err(e) => usage(e),
            }
        }
    }
}

fn kb(command: KbCommand) -> ExitCode {
    let kb = match DataHome::resolve().and_then(|h| LocalKnowledgeBase::open(&h.kb_file())) {
        Ok(kb) => kb,
        Err(e) => return usage(e),
    };
    match command {
        KbCommand::Search { query, user, toolkit, limit } => match kb.search_in(&user, toolkit.as_deref(), &query, Some(limit), None) {
            Ok(hits) => {
                print_json(&Value::Array(hits));
                ExitCode::SUCCESS
            }
            Err(e) => usage(e),
        },
        KbCommand::List { user, toolkit } => match kb.list(user.as_deref(), toolkit.as_deref()) {
            Ok(docs) => {
                let rows: Vec<Value> = docs
                    .into_iter()
                    .map(|(user, d)| {
                        let mut v = serde_json::to_value(d).expect("JSON");
                        v["userId"] = Value::String(user);
                        v
                    })
                    .collect();
                print_json(&Value::Array(rows));
                ExitCode::SUCCESS
            }
            Err(e) => usage(e),
        },
    }
}

async fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::List { toolkit } => match load(&toolkit).await {
            Ok(t) => {
                print_json(t.tools());
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Manifest { toolkit } => match load(&toolkit).await {
            Ok(t) => {
                print_json(t.manifest());
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Call(args) => call(args).await,
        Command::Serve(args) => serve(args).await,
        Command::Secret(command) => secret(command).await,
        Command::Kb(command) => kb(command),
        Command::Conformance { corpus, results, verbose } => {
            match trove_host::conformance::run_corpus(&corpus, verbose).await {
                Ok(report) => {
                    if let Some(path) = results {
                        let text = serde_json::to_string_pretty(&report.results).expect("JSON");
                        if let Err(e) = std::fs::write(&path, text) {
                            return usage(format!("cannot write {}: {e}", path.display()));
                        }
                    }
                    println!("{} passed, {} failed", report.passed, report.failed);
                    if report.failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) }
                }
                Err(e) => usage(e),
            }
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Toolkit log lines are the point of `call`; in a conformance run they are noise (the
    // results file has them), so only the host's own warnings show there.
    let default_filter = match cli.command {
        Command::Conformance { .. } => "warn,trove::toolkit=off,trove::egress=off",
        _ => "warn,trove=info",
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default_filter.into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()) && std::env::var_os("NO_COLOR").is_none())
        .with_target(false)
        .init();
    // A one-shot command wants no threads to start. A server's JavaScript runs on the instances'
    // own threads, so HTTP needs only half the cores: measured on 2 cores, one worker thread
    // serves 14-16k calls/s at 8 clients where two (fighting the instances for the cores, with
    // a wake-up per hand-off) served 8k.
    let rt = match cli.command {
        Command::Serve(_) => {
            let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
            tokio::runtime::Builder::new_multi_thread().worker_threads((cpus / 2).max(1)).enable_all().build()
        }
        _ => tokio::runtime::Builder::new_current_thread().enable_all().build(),
    }
    .expect("tokio runtime");
    rt.block_on(run(cli))
}
