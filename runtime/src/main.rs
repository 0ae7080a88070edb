//! `trove-host`: run an `@ontrove/extend` toolkit from the command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand};
use serde_json::Value;
use trove_host::{Toolkit, ToolCall};
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::network::{NetworkOptions, NetworkTransport};
use trove_host_ops::egress::replay::ReplayTransport;
use trove_host_ops::egress::Transport;
use trove_host_ops::CallEnv;

/// Exit code for a load or usage error.
const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "trove-host",
    version,
    about = "Run @ontrove/extend TypeScript toolkits in a sandboxed isolate, with egress, secrets and scopes enforced in Rust.",
    long_about = None,
    after_help = "A <TOOLKIT> is a directory holding extension.ts (or server.ts), or an entry file.\n\
                  Secrets come from environment variables TROVE_SECRET_<NAME>.\n\
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

fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("trove-host: {message}");
    ExitCode::from(EXIT_USAGE)
}

fn print_json(value: &Value) {
    println!("{}", serde_json::to_string_pretty(value).expect("JSON"));
}

fn parse_json(what: &str, text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{what} is not valid JSON: {e}"))
}

async fn load(path: &std::path::Path) -> Result<Toolkit, ExitCode> {
    Toolkit::load(path).await.map_err(|e| {
        eprintln!("trove-host: cannot load {}:\n{}", path.display(), e);
        if let trove_host::LoadError::Threw { stack: Some(stack), .. } = &e {
            tracing::debug!(target: "trove::runtime", "{stack}");
        }
        ExitCode::from(EXIT_USAGE)
    })
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
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let now = match args.now.as_deref().map(chrono::DateTime::parse_from_rfc3339).transpose() {
        Ok(n) => n,
        Err(e) => return usage(format!("--now is not an RFC 3339 instant: {e}")),
    };
    let replay = match args.replay.as_deref().map(ReplayTransport::from_file).transpose() {
        Ok(r) => r.map(Arc::new),
        Err(e) => return usage(e),
    };
    let mut toolkit = match load(&args.toolkit).await {
        Ok(t) => t,
        Err(code) => return code,
    };
    let transport: Arc<dyn Transport> = match &replay {
        Some(r) => r.clone(),
        None => match NetworkTransport::new(NetworkOptions::default()) {
            Ok(n) => Arc::new(n),
            Err(e) => return usage(e),
        },
    };
    let mut env = CallEnv::new(transport);
    if let Some(now) = now {
        env.clock = Arc::new(FixedClock(now.with_timezone(&chrono::Utc)));
    }
    let mut call = ToolCall::new(args.tool, call_args, args.user);
    call.scopes = Some(args.scopes);
    call.config = config;
    let outcome = toolkit.call(&call, env).await;
    print_json(&outcome.envelope);
    let mut ok = outcome.is_ok();
    if let Some(replay) = &replay {
        for failure in replay.failures() {
            eprintln!("trove-host: replay: {failure}");
            ok = false;
        }
        let left = replay.remaining();
        if !left.is_empty() {
            eprintln!(
                "trove-host: replay: {} recorded exchange(s) were never requested, first: {} {}",
                left.len(),
                left[0].request.method,
                left[0].request.url
            );
        }
    }
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
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
        .with_target(false)
        .init();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio runtime");
    rt.block_on(run(cli))
}
