//! `trove-host mcp`: toolkits served to MCP clients, over stdio (default) or streamable HTTP.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use trove_host_server::mcp::{McpHttpOptions, McpOptions, McpServer};

use crate::serve::{termination, LimitArgs, Serving};
use crate::usage;

#[derive(clap::Args)]
pub struct McpArgs {
    /// Toolkit directories (or entry files). With more than one, tool names are
    /// <toolkit-id>__<tool>.
    #[arg(required = true)]
    toolkits: Vec<PathBuf>,
    /// Who every call is made as.
    #[command(flatten)]
    caller: crate::caller::CallerArgs,
    /// Serve over streamable HTTP at http://ADDR/mcp instead of stdio (ADDR: IP:PORT,
    /// localhost:PORT or PORT; default 127.0.0.1:8789; port 0: any free port, printed on stderr).
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8789", value_parser = crate::serve::listen_address)]
    http: Option<SocketAddr>,
    /// With --http: require `Authorization: Bearer <token>`, the token being this file's
    /// content (trimmed). Required to listen beyond loopback.
    #[arg(long, value_name = "FILE", requires = "http")]
    token_file: Option<PathBuf>,
    /// With --http: a browser origin allowed besides loopback ones, as scheme://host[:port|:*]
    /// (no port: the scheme's default). Repeatable; any other Origin gets 403.
    #[arg(long = "allow-origin", value_name = "ORIGIN", requires = "http", value_parser = trove_host_server::mcp::allowed_origin)]
    allow_origins: Vec<String>,
    /// With --http: a Host header value allowed besides loopback names and the listening
    /// address. Repeatable; any other Host gets 403.
    #[arg(long = "allow-host", value_name = "HOST", requires = "http", value_parser = trove_host_server::mcp::allowed_host)]
    allow_hosts: Vec<String>,
    /// Seconds in-flight calls get to finish after SIGTERM or Ctrl-C (with --http).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    grace: f64,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    stores: crate::serve::StoreArgs,
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
    let caller = match args.caller.parse() {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let token = match args.token_file.as_deref().map(read_token).transpose() {
        Ok(t) => t,
        Err(e) => return usage(e),
    };
    let Serving { host, load, env, grace } = match Serving::start(&args.limits, &args.stores, args.grace, Vec::new()) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let options = McpOptions { user_id: caller.user, scopes: caller.scopes, config: caller.config, ..McpOptions::default() };
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
    let shutdown = running.shutdown().await;
    if shutdown != trove_host_server::Shutdown::Drained {
        tracing::warn!(target: "trove::mcp", "{shutdown}");
    }
    ExitCode::SUCCESS
}
