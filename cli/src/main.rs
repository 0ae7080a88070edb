//! `trove-host`: run an `@ontrove/extend` toolkit from the command line.

//!
//! Each command is a module that only translates: flags become a `Host`, `LoadOptions`,
//! `CallEnv` or case files for the runtime, and what comes back is printed.

mod call;
mod caller;
mod kb;
mod mcp;
mod new;
mod secret;
mod serve;
mod test;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::Value;
use trove_host::Toolkit;

use call::CallArgs;
use kb::KbCommand;
use secret::SecretCommand;
use serve::ServeArgs;

/// Exit code for a load or usage error.
const EXIT_USAGE: u8 = 2;
/// Exit code for a failure of the host rather than of the tool: a cassette that does not match
/// the requests the toolkit made.
const EXIT_HOST_FAILURE: u8 = 3;

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
    /// 2 for a load or usage error, 3 when a --replay cassette does not match.
    Call(CallArgs),
    /// Run a toolkit's test cases (default: <TOOLKIT>/tests/*.json) and print
    /// "N passed, M failed", with a diff for each failure. Exit 1 on any failure.
    Test(test::TestArgs),
    /// Scaffold a new toolkit in DIR (its name is the toolkit id): extension.ts with one tool,
    /// tsconfig.json with the SDK's type declarations, and tests/ with one case and its cassette.
    New(new::NewArgs),
    /// Serve toolkits on the Trove wire over HTTP: each at /<toolkit-id> (and at every other path when only
    /// one is served). GET -> {tools}; POST a call -> its envelope.
    Serve(ServeArgs),
    /// Serve toolkits to MCP clients (tools/list, tools/call) over stdio, or over streamable
    /// HTTP at http://ADDR/mcp with --http.
    Mcp(mcp::McpArgs),
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
    eprintln!("trove-host: cannot load {}:\n{}", trove_host::loader::shown_path(path), e);
    if let trove_host::LoadError::Threw { stack: Some(stack), .. } = e {
        tracing::debug!(target: "trove::runtime", "{stack}");
    }
    ExitCode::from(EXIT_USAGE)
}

/// Parses an RFC 3339 instant given as `flag`; the error shows an example.
fn parse_now(flag: &str, text: &str) -> Result<chrono::DateTime<chrono::Utc>, String> {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&chrono::Utc))
        .map_err(|e| format!("{flag} {text:?} is not an RFC 3339 instant ({e}); for example 2026-11-29T12:00:00Z or 2026-11-29T07:00:00-05:00"))
}

async fn load(path: &std::path::Path) -> Result<Toolkit, ExitCode> {
    let cache = match trove_host::home::transpile_cache_dir() {
        Some(dir) => trove_host::modules::ModuleCache::with_disk(dir),
        None => trove_host::modules::ModuleCache::default(),
    };
    let sources = trove_host::modules::ModuleSources { cache: std::sync::Arc::new(cache), ..Default::default() };
    let options = trove_host::InstanceOptions { sources, ..Default::default() };
    Toolkit::load_instance(path, options).await.map_err(|e| load_failed(path, &e))
}

async fn run(cli: Cli) -> ExitCode {
    match cli.command {
        // As `call` (cli/src/call.rs): the process's exit frees the isolate, not a teardown.
        Command::List { toolkit } => match load(&toolkit).await {
            Ok(t) => {
                print_json(t.tools());
                std::mem::forget(t);
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Manifest { toolkit } => match load(&toolkit).await {
            Ok(t) => {
                print_json(t.manifest());
                std::mem::forget(t);
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Call(args) => call::call(args).await,
        Command::Test(args) => test::test(args).await,
        Command::New(args) => new::new(args),
        Command::Serve(args) => serve::serve(args).await,
        Command::Mcp(args) => mcp::mcp(args).await,
        Command::Secret(command) => secret::secret(command).await,
        Command::Kb(command) => kb::kb(command),
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
    let started = std::time::Instant::now();
    // The host's time zone is UTC (Intl's default, docs/javascript.md), but the engine's `Date`
    // takes its local time (`getHours`, `toString`) from the process's zone: pinned here, before
    // any thread starts, so both agree whatever `TZ` the shell has.
    std::env::set_var("TZ", "UTC");
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve(_) | Command::Mcp(_)) {
        one_heap();
    }
    if matches!(
        cli.command,
        Command::List { .. } | Command::Manifest { .. } | Command::Call(_) | Command::Test(_) | Command::Conformance { .. }
    ) {
        isolate_heap();
    }
    // Toolkit log lines are the point of `call`; in a conformance run they are noise (the
    // results file has them), so only the host's own warnings show there.
    let default_filter = match cli.command {
        Command::Conformance { .. } | Command::Test(_) => "warn,trove::toolkit=off,trove::egress=off",
        // rmcp reports a client's mistakes (an unknown tool) as warnings: they are the client's.
        Command::Mcp(_) => "warn,rmcp=error,trove=info",
        _ => "warn,trove=info",
    };
    let mut filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default_filter.into());
    if matches!(cli.command, Command::Mcp(_)) && std::env::var_os("RUST_LOG").is_some() {
        // rmcp logs whole requests and results below warn, and a result is the toolkit's text,
        // which nothing redacts: whatever RUST_LOG asks, secrets stay out of the host's log.
        filter = filter.add_directive("rmcp=warn".parse().expect("a directive"));
    }
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()) && std::env::var_os("NO_COLOR").is_none())
        .with_target(false)
        .init();
    // Every command that makes an isolate restores it from the startup snapshot, kept between
    // runs in the user's cache (made by the first run after a build).
    trove_host::snapshot::set_cache_dir(trove_host::home::snapshot_cache_dir());
    // One isolate, made at once, and the process exits: the snapshot is mapped rather than copied
    // (a server's or a test run's is copied: a file written into in place while mapped would
    // reach its later isolates unchecked).
    if matches!(cli.command, Command::List { .. } | Command::Manifest { .. } | Command::Call(_)) {
        trove_host::snapshot::map_cached(true);
    }
    // A one-shot command wants no threads to start. A server's JavaScript runs on the instances'
    // own threads, so HTTP needs only half the cores: measured on 2 cores, one worker thread
    // serves 14-16k calls/s at 8 clients where two (fighting the instances for the cores, with
    // a wake-up per hand-off) served 8k.
    let rt = match cli.command {
        Command::Serve(_) | Command::Mcp(_) => {
            let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
            tokio::runtime::Builder::new_multi_thread().worker_threads((cpus / 2).max(1)).enable_all().build()
        }
        _ => tokio::runtime::Builder::new_current_thread().enable_all().build(),
    }
    .expect("tokio runtime");
    // Phase events (`RUST_LOG=trove::phase=debug`, read by `scripts/bench-cold --phases`): the
    // runtime reports its own phases; these are what `main` adds around them.
    tracing::debug!(target: "trove::phase", phase = "parse the command line, set up logging, start the async runtime", us = started.elapsed().as_micros() as u64);
    let ran = std::time::Instant::now();
    let code = rt.block_on(run(cli));
    tracing::debug!(target: "trove::phase", phase = "the command (load and call, printing)", us = ran.elapsed().as_micros() as u64);
    let ending = std::time::Instant::now();
    drop(rt);
    tracing::debug!(target: "trove::phase", phase = "stop the async runtime", us = ending.elapsed().as_micros() as u64);
    tracing::debug!(target: "trove::phase", phase = "main, in all", us = started.elapsed().as_micros() as u64);
    code
}

/// Makes every thread of a one-shot command allocate from glibc's main heap, before any thread
/// starts. The isolate runs on a thread of its own, and glibc gives such a thread a heap that it
/// grows a page or two at a time, one `mprotect` each: a cold `call` made about 1,100 of them
/// while restoring the startup snapshot. The main heap grows by `brk` with a 128 KiB pad, about
/// 50 times. A cold `call`'s CPU time: 25.3 → 23.1 ms (docs/performance.md, "One heap for a
/// one-shot command"). A server keeps the per-thread heaps: its instances allocate at once, on
/// threads of their own, and would contend for one lock.
fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` only sets a limit glibc reads when a thread first allocates; no other
    // thread exists yet (called right after the command line is parsed, before any runtime).
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// The main heap a one-shot command's isolate grows to: 5.5–6.1 MB of `brk` for a cold `call` or
/// `list` of each example toolkit (measured with `strace -e brk`, 2026-12-05). With the startup
/// snapshot mapped rather than read into the heap (2026-12-07) each still outgrows 5 MiB, and
/// none 6 MiB.
const ISOLATE_HEAP: usize = 6 << 20;

/// Grows the main heap by [`ISOLATE_HEAP`] at once and makes it resident in one system call
/// (`MADV_POPULATE_WRITE`, Linux 5.14), instead of one page fault per page as the restore of the
/// startup snapshot first writes each: a cold `call` took about 2,930 faults, 1,550 of them in
/// the heap, at about 1.5 µs each on the build machine (docs/performance.md, "The heap made
/// resident at once"). glibc keeps the pad (`M_TOP_PAD`) above the heap's top from then on, so a
/// `free` does not hand the pages back. A kernel without `MADV_POPULATE_WRITE` refuses it and the
/// pages fault in one by one as before. Called after [`one_heap`], before any thread starts.
fn isolate_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `sbrk(0)` only reads the break; `mallopt` sets glibc's pad for the next growth; the
    // blocks are freed at once; `madvise` touches only pages glibc has just mapped for its heap
    // (between the old and the new break), which hold no data yet.
    unsafe {
        const PAGE: usize = 4096;
        let start = libc::sbrk(0) as usize;
        libc::mallopt(libc::M_TOP_PAD, ISOLATE_HEAP as libc::c_int);
        // Blocks below glibc's mmap threshold (128 KiB) until one no longer fits above the
        // heap's top: the heap then grows by it plus the pad, in one `brk`.
        let mut held = [std::ptr::null_mut(); 4];
        for slot in &mut held {
            *slot = std::hint::black_box(libc::malloc(96 << 10));
            if libc::sbrk(0) as usize != start {
                break;
            }
        }
        for p in held {
            libc::free(p);
        }
        let end = libc::sbrk(0) as usize;
        let from = (start + PAGE - 1) & !(PAGE - 1);
        if start != usize::MAX && end > from {
            libc::madvise(from as *mut libc::c_void, end - from, libc::MADV_POPULATE_WRITE);
        }
    }
}
