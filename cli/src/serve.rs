//! `trove-host serve`: toolkits on the Trove wire over HTTP, and the limit flags every
//! command holding a `Host` shares.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use trove_host::local::LocalProviders;
use trove_host::{Host, HostConfig, LoadOptions, Namespace, PoolConfig};

use crate::usage;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Toolkit directories (or entry files).
    #[arg(required = true)]
    toolkits: Vec<PathBuf>,
    /// Address to listen on: IP:PORT, localhost:PORT or PORT (on 127.0.0.1); port 0: any free
    /// port, the chosen address is printed.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8788", value_parser = listen_address)]
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
    #[arg(long = "platform", value_name = "URL", value_parser = platform_url)]
    platforms: Vec<String>,
    /// Largest accepted request body, in bytes (larger: 413).
    #[arg(long, value_name = "BYTES", default_value_t = trove_host_server::DEFAULT_MAX_BODY_BYTES)]
    max_body: usize,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    stores: StoreArgs,
}

/// Where `ctx.cache` and OAuth tokens live: shared by `call`, `serve` and `mcp`.
#[derive(clap::Args)]
pub struct StoreArgs {
    /// Where ctx.cache lives: sqlite ($TROVE_HOST_HOME/cache.sqlite), memory, off, or a Redis
    /// server several hosts share (redis://HOST:PORT/DB, rediss:// for TLS).
    // Parsed in `providers`, not by clap: clap's error would echo a password in the URL.
    #[arg(long, value_name = "STORE", default_value = "sqlite")]
    cache: String,
    /// Share minted OAuth tokens between hosts through this Redis server (redis://…), sealed
    /// with the key in the environment variable TROVE_HOST_TOKEN_KEY (32 random bytes, base64
    /// or hex: `openssl rand -base64 32`, the same on every host). Default: each host mints its
    /// own.
    #[arg(long, value_name = "REDIS_URL")]
    token_cache: Option<String>,
    /// Longest a Redis command may take before the cache misses (or the write is dropped), in
    /// milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 250)]
    redis_timeout_ms: u64,
    /// For rediss://: trust the root certificates in this PEM file instead of the system's
    /// (a private CA's).
    #[arg(long, value_name = "FILE")]
    redis_ca_file: Option<std::path::PathBuf>,
}

impl StoreArgs {
    /// The local providers with these stores.
    pub fn providers(&self) -> Result<LocalProviders, String> {
        LocalProviders::open_with(&self.options()?)
    }

    /// These options, checked (the cache's name or URL, the Redis timeout, the CA file read).
    fn options(&self) -> Result<trove_host::local::StoreOptions, String> {
        if !(1..=60_000).contains(&self.redis_timeout_ms) {
            return Err(format!("--redis-timeout-ms must be between 1 and 60000, got {}", self.redis_timeout_ms));
        }
        let stores = trove_host::local::StoreOptions {
            cache: self.cache.parse::<trove_host::local::CacheBackend>().map_err(|e| format!("--cache: {e}"))?,
            token_cache: self.token_cache.clone(),
            // Only from the environment: a flag would show the key in `ps`.
            token_key: self.token_cache.as_ref().and_then(|_| std::env::var("TROVE_HOST_TOKEN_KEY").ok()),
            redis: trove_host_ops::redis_store::RedisOptions {
                command_timeout: std::time::Duration::from_millis(self.redis_timeout_ms),
                tls_root_pem: match &self.redis_ca_file {
                    Some(file) => Some(std::fs::read(file).map_err(|e| format!("cannot read --redis-ca-file {}: {e}", file.display()))?),
                    None => None,
                },
                ..Default::default()
            },
        };
        Ok(stores)
    }

    /// These stores for a replayed call: an empty in-process `ctx.cache` (or none with `--cache
    /// off`) and OAuth tokens kept in the process. A replay answers from its cassette alone:
    /// with the persistent cache it was answered from an earlier call's entries, and left the
    /// cassette's answers there for later live calls to serve (review 22).
    ///
    /// # Errors
    /// What [`Self::providers`] would say of these options (a bad `--cache`, an unreadable
    /// `--redis-ca-file`): they are checked, though not used (review 23).
    pub fn for_replay(&self) -> Result<Self, String> {
        self.options()?;
        let cache = if self.cache_is_off() { "off" } else { "memory" };
        Ok(Self { cache: cache.into(), token_cache: None, redis_timeout_ms: self.redis_timeout_ms, redis_ca_file: None })
    }

    /// Whether `--cache off` was given: calls get no `ctx.cache`.
    pub fn cache_is_off(&self) -> bool {
        self.cache == "off"
    }
}

/// The smallest `--max-heap-mib` taken: below it an isolate cannot even start.
pub const MIN_HEAP_MIB: usize = 16;

/// Limits and pool sizes shared by the commands that hold a `Host`.
#[derive(clap::Args)]
pub struct LimitArgs {
    /// Wall-clock limit of one call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    timeout: f64,
    /// CPU-time limit of one call, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30.0)]
    cpu_time: f64,
    /// Heap ceiling of each isolate, in MiB (at least 16).
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

/// The longest duration a flag takes, in seconds (about 31 years): a deadline that far ahead
/// still fits the clock's arithmetic (a `--timeout` near `u64::MAX` seconds overflowed it).
pub const MAX_SECONDS: f64 = 1e9;

/// `--<name> <v>` as a duration: a number of seconds from one nanosecond to [`MAX_SECONDS`].
///
/// An address to listen on, as `--listen` and `mcp --http` take it: `IP:PORT`
/// (`[::1]:8788` for IPv6), `localhost:PORT`, or `PORT` alone; the last two on 127.0.0.1.
/// Other names are refused rather than resolved: which of a name's addresses to listen on is
/// the operator's choice, and a server bound to the wrong one is reachable where it should not be.
///
/// # Errors
/// A message naming the value and the forms taken.
pub fn listen_address(value: &str) -> Result<std::net::SocketAddr, String> {
    use std::net::{Ipv4Addr, SocketAddr};
    if let Ok(addr) = value.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let port = match value.split_once(':') {
        Some((name, port)) if name.eq_ignore_ascii_case("localhost") => port,
        _ => value,
    };
    match port.parse::<u16>() {
        Ok(number) if port.bytes().all(|b| b.is_ascii_digit()) => Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, number))),
        _ => Err(format!("{value:?} is not an address to listen on: give IP:PORT (e.g. 127.0.0.1:8788 or [::1]:8788), localhost:PORT or PORT")),
    }
}

/// # Errors
/// A message naming the flag and the value, for zero, a negative number, NaN, a value under a
/// nanosecond or one over [`MAX_SECONDS`].
pub fn positive_seconds(name: &str, v: f64) -> Result<std::time::Duration, String> {
    if v > MAX_SECONDS {
        return Err(format!("--{name} is too large: {v:e} seconds (at most {MAX_SECONDS:e})"));
    }
    match std::time::Duration::try_from_secs_f64(v) {
        Ok(d) if !d.is_zero() => Ok(d),
        _ if v > 0.0 => Err(format!("--{name} is too small: {v:e} seconds (at least 1e-9)")),
        _ => Err(format!("--{name} must be a positive number of seconds, got {v}")),
    }
}

impl LimitArgs {
    /// The host settings these flags describe.
    pub fn host_config(&self) -> Result<HostConfig, String> {
        let secs = positive_seconds;
        let defaults = PoolConfig::default();
        // A value the host cannot honour is refused, not quietly changed (review 55: `--max-heap-mib
        // 8` ran with 16 MiB and `--max-instances 0` with one instance, without a word).
        if self.max_instances == Some(0) {
            return Err("--max-instances must be at least 1, got 0".into());
        }
        if self.max_heap_mib < MIN_HEAP_MIB {
            return Err(format!(
                "--max-heap-mib must be at least {MIN_HEAP_MIB} (an isolate's start-up alone needs several MiB), got {}",
                self.max_heap_mib
            ));
        }
        let max_heap_bytes = self
            .max_heap_mib
            .checked_mul(1024 * 1024)
            .ok_or_else(|| format!("--max-heap-mib is too large: {}", self.max_heap_mib))?;
        let pool = PoolConfig {
            min_instances: self.min_instances,
            max_instances: self.max_instances.unwrap_or(defaults.max_instances),
            max_queued: self.max_queued,
            idle_timeout: secs("idle-timeout", self.idle_timeout)?,
            warm_when_idle: defaults.warm_when_idle,
            max_stuck: defaults.max_stuck,
        };
        if pool.min_instances > pool.max_instances {
            return Err(format!("--min-instances {} is more than --max-instances {}", pool.min_instances, pool.max_instances));
        }
        let limits = trove_host::IsolateLimits {
            call_timeout: secs("timeout", self.timeout)?,
            cpu_time: secs("cpu-time", self.cpu_time)?,
            max_heap_bytes,
        };
        Ok(HostConfig { limits, pool, transpile_cache: trove_host::home::transpile_cache_dir(), ..HostConfig::default() })
    }
}

/// Resolves when the process gets SIGTERM or Ctrl-C (SIGINT). From then on, a second one ends
/// the process at once with status 130, without waiting for the calls in flight: an operator
/// who cannot wait out the grace period has a way out short of SIGKILL (review 48: the second
/// signal was ignored).
pub async fn termination() {
    signal().await;
    tokio::spawn(async {
        signal().await;
        tracing::warn!(target: "trove::serve", "a second signal: exiting now, without waiting for the calls in flight");
        std::process::exit(130);
    });
}

/// Resolves at the next SIGTERM or Ctrl-C (SIGINT).
async fn signal() {
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

/// What every serving command (`serve`, `mcp`) starts with: a `Host` with the limit flags,
/// toolkits' data bound to their location (as with `call`), and the local providers.
pub struct Serving {
    pub host: Host,
    pub load: LoadOptions,
    pub env: Arc<dyn trove_host_server::EnvSource>,
    pub grace: std::time::Duration,
}

impl Serving {
    /// # Errors
    /// A limit flag or `--grace` is out of range, or the host cannot start.
    pub fn start(limits: &LimitArgs, stores: &StoreArgs, grace: f64, platforms: Vec<String>) -> Result<Self, String> {
        let config = limits.host_config()?;
        if grace > MAX_SECONDS {
            return Err(format!("--grace is too large: {grace:e} seconds (at most {MAX_SECONDS:e})"));
        }
        let grace = std::time::Duration::try_from_secs_f64(grace).map_err(|_| format!("--grace must be a number of seconds, got {grace}"))?;
        let host = Host::new(config).map_err(|e| format!("cannot start the host: {e}"))?;
        // Data (keyring, cache, documents) belongs to each toolkit's location, as with `call`.
        let load = LoadOptions { namespace: Namespace::Location, ..LoadOptions::default() };
        let env = Arc::new(stores.providers()?.with_platforms(platforms));
        Ok(Self { host, load, env, grace })
    }
}

pub async fn serve(args: ServeArgs) -> ExitCode {
    let Serving { host, load, env, grace } = match Serving::start(&args.limits, &args.stores, args.grace, args.platforms) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
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
    if !running.local_addr().ip().is_loopback() {
        // The wire has no authentication of its own (docs/deploy.md): said at start, where an
        // operator who meant loopback sees it (review 55).
        tracing::warn!(
            target: "trove::serve",
            "listening beyond loopback: anyone who reaches {} can call every toolkit served, with this host's secrets, cache and knowledge base; put it behind an authenticating proxy or a private network (docs/deploy.md)",
            running.local_addr()
        );
    }
    termination().await;
    tracing::info!(target: "trove::serve", "shutting down");
    match running.shutdown().await {
        trove_host_server::Shutdown::Drained => ExitCode::SUCCESS,
        forced @ trove_host_server::Shutdown::Forced { .. } => {
            tracing::warn!(target: "trove::serve", "{forced}");
            ExitCode::SUCCESS
        }
    }
}


#[cfg(test)]
mod tests {
    use super::listen_address;

    #[test]
    fn listen_addresses_are_ip_and_port_localhost_and_port_or_a_port() {
        for (given, meant) in [("127.0.0.1:8788", "127.0.0.1:8788"), ("[::1]:0", "[::1]:0"), ("0.0.0.0:1", "0.0.0.0:1"), ("8789", "127.0.0.1:8789"), ("LocalHost:0", "127.0.0.1:0")] {
            assert_eq!(listen_address(given), Ok(meant.parse().unwrap()), "{given}");
        }
        for refused in ["example.com:80", "+80", "70000", "localhost:", "localhost", "", "127.0.0.1"] {
            let error = listen_address(refused).unwrap_err();
            assert!(error.contains("IP:PORT") && error.contains(&format!("{refused:?}")), "{refused}: {error}");
        }
    }
}

/// `--platform`'s value: an `http:` or `https:` URL with a host, refused at start rather than
/// failing every callback later (`localhost:8080` parses as a URL of scheme `localhost`).
fn platform_url(text: &str) -> Result<String, String> {
    match url::Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host().is_some() => Ok(text.to_owned()),
        Ok(_) | Err(_) => Err(format!("{text:?} is not an http:// or https:// URL (e.g. https://trove.example/api)")),
    }
}

#[cfg(test)]
mod platform_tests {
    #[test]
    fn a_platform_is_an_http_url_with_a_host() {
        assert_eq!(super::platform_url("https://trove.example/api").as_deref(), Ok("https://trove.example/api"));
        assert!(super::platform_url("http://127.0.0.1:8080").is_ok());
        for bad in ["localhost:8080", "trove.example/api", "ftp://trove.example/", "file:///tmp/x", ""] {
            let refused = super::platform_url(bad).unwrap_err();
            assert!(refused.contains("is not an http:// or https:// URL"), "{bad}: {refused}");
        }
    }
}

#[cfg(test)]
mod limit_tests {
    use super::LimitArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        limits: LimitArgs,
    }

    fn config(args: &[&str]) -> Result<trove_host::HostConfig, String> {
        let cli = Cli::try_parse_from(std::iter::once("serve").chain(args.iter().copied())).map_err(|e| e.to_string())?;
        cli.limits.host_config()
    }

    /// Review 55: a limit the host cannot honour is refused with the flag's name, not quietly
    /// raised (`--max-heap-mib 8` ran with 16 MiB, `--max-instances 0` with one instance).
    #[test]
    fn limits_the_host_cannot_honour_are_refused_not_changed() {
        for (args, says) in [
            (&["--max-heap-mib", "8"][..], "--max-heap-mib must be at least 16"),
            (&["--max-heap-mib", "0"][..], "--max-heap-mib must be at least 16"),
            (&["--max-heap-mib", "18446744073709551615"][..], "--max-heap-mib is too large"),
            (&["--max-instances", "0"][..], "--max-instances must be at least 1, got 0"),
        ] {
            let refused = config(args).err().unwrap_or_default();
            assert!(refused.contains(says), "{args:?}: {refused:?}");
        }
        let taken = config(&["--max-heap-mib", "16", "--max-instances", "1"]).expect("the smallest values taken");
        assert_eq!(taken.limits.max_heap_bytes, 16 << 20);
        assert_eq!(taken.pool.max_instances, 1);
    }
}
