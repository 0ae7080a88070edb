//! The log sink: one `tracing` event per line, with toolkit, tool and call id.
//!
//! Lines arrive already redacted (see [`crate::redact`]). Target `trove::toolkit`; level from
//! the call (`log`/`info` → INFO, `warn` → WARN, `error` → ERROR, `debug` → DEBUG).

/// Emits one line. `source` is `ctx.log`, `console` or `handler stack`.
pub fn emit(level: &str, toolkit: &str, tool: &str, call_id: &str, source: &str, line: &str) {
    match level {
        "error" => tracing::error!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "warn" => tracing::warn!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "debug" => tracing::debug!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        _ => tracing::info!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
    }
}
