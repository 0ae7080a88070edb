//! `trove-host mcp`: toolkits served to MCP clients, over stdio (default) or streamable HTTP.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use trove_host::local::LocalProviders;
use trove_host::{Host, LoadOptions, Namespace};
use trove_host_server::mcp::{McpHttpOptions, McpOptions, McpServer};

use crate::serve::{termination, LimitArgs};
use crate::{parse_json, usage};

#[derive(clap::Args)]
pub struct McpArgs {
    /// Toolkit directories (or entry files). With more than one, tool names are
    /// <toolkit-id>__<tool>.
    #[arg(required = true)]
    toolkits: Vec<PathBuf>,
    /// The user every call is made as (ctx.userId).
    #[arg(long, value_name = "ID", default_value = "local-user")]
    user: String,
    /// A scope asked for every call (trove:search, trove:ingest); granted where the manifest
    /// declares it too. Repeatable.
    #[arg(long = "scope", value_name = "S")]
    scopes: Vec<String>,
    /// The toolkits' settings (ctx.config) as a JSON object.
    #[arg(long, value_name = "JSON")]
    config: Option<String>,
    /// Serve over streamable HTTP at http://ADDR/mcp instead of stdio (ADDR default
    /// 127.0.0.1:8789; port 0: any free port, printed on stderr).
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8789")]
    http: Option<SocketAddr>,
    /// With --http: require `Authorization: Bearer <token>`, the token being this file's
    /// content (trimmed). Required to listen beyond loopback.
    #[arg(long, value_name = "FILE", requires = "http")]
    token_file: Option<PathBuf>,
    /// With --http: a browser origin allowed besides loopback ones, as scheme://host[:port|:*].
    /// Repeatable; any other Origin gets 403.
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http")]
    allow_origins: Vec<String>,
    /// With --http: a Host header value allowed besides loopback names and the listening
    /// address. Repeatable; any other Host gets 403.
    #[arg(long = "allow-host", value_name = "HOST", requires = "http")]
    allow_hosts: Vec<String>,
    /// Seconds in-flight calls get to finish after SIGTERM or Ctrl-C (with --http).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    grace: f64,
    #[command(flatten)]
    limits: LimitArgs,
}

fn read_token(path: &std::path::Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read --token-file {}: {e}", path.display()))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(format!("--token-file {} is empty", path.display()));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(format!(
            "--token-file {} must hold one token of visible ASCII characters (no spaces, line breaks or other characters an HTTP header cannot carry)",
            path.display()
        ));
    }
    if token.len() < 16 {
        tracing::warn!(target: "trove::mcp", "the token in --token-file {} has only {} characters; a random one of 32 or more is safer", path.display(), token.len());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = std::fs::metadata(path) {
            if meta.permissions().mode() & 0o077 != 0 {
                tracing::warn!(target: "trove::mcp", "--token-file {} can be read by other users (chmod 600 it)", path.display());
            }
        }
    }
    Ok(token.to_owned())
}

pub async fn mcp(args: McpArgs) -> ExitCode {
    let config = match args.limits.host_config() {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let settings = match args.config.as_deref().map(|c| parse_json("--config", c)).transpose() {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    if let Some(c) = settings.as_ref().filter(|c| !c.is_object()) {
        return usage(format!("--config must be a JSON object of settings, got {c}"));
    }
    if let Some(unknown) = args.scopes.iter().find(|s| !trove_host_ops::manifest::KNOWN_SCOPES.contains(&s.as_str())) {
        return usage(format!("--scope {unknown:?} is not a scope (known: {})", trove_host_ops::manifest::KNOWN_SCOPES.join(", ")));
    }
    let token = match args.token_file.as_deref().map(read_token).transpose() {
        Ok(t) => t,
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
    let env: Arc<dyn trove_host_server::EnvSource> = Arc::new(LocalProviders::open());
    let options = McpOptions { user_id: args.user, scopes: args.scopes, config: settings, ..McpOptions::default() };
    let server = match McpServer::load(&host, args.toolkits, &load, env, options).await {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let Some(listen) = args.http else {
        return match server.serve_stdio().await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("trove-host: {e}");
                ExitCode::from(1)
            }
        };
    };
    if token.is_some() && listen.ip().is_unspecified() && args.allow_hosts.is_empty() {
        return usage(format!(
            "--http {listen} listens on every address, but clients send the name they reach it by as Host, and only loopback names are allowed: add --allow-host NAME for each (e.g. --allow-host mcp.example.internal)"
        ));
    }
    let http = McpHttpOptions {
        listen,
        bearer_token: token,
        allowed_origins: args.allow_origins,
        allowed_hosts: args.allow_hosts,
        grace,
        ..McpHttpOptions::default()
    };
    let running = match server.start_http(http).await {
        Ok(r) => r,
        Err(e) => return usage(e),
    };
    eprintln!("trove-host: MCP on {}", running.url());
    termination().await;
    tracing::info!(target: "trove::mcp", "shutting down");
    if let trove_host_server::Shutdown::Forced { in_flight } = running.shutdown().await {
        tracing::warn!(target: "trove::mcp", "the grace period ran out with {in_flight} call(s) in flight; they were stopped");
    }
    ExitCode::SUCCESS
}
