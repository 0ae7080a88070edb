//! The log sink: one `tracing` event per line, with toolkit, tool and call id, and the call's
//! own [`LogSink`] when its embedder gave one ([`crate::CallEnv::log_sink`]).
//!
//! Lines arrive already redacted (see [`crate::redact`]). Target `trove::toolkit`; level from
//! the call (`log`/`info` → INFO, `warn` → WARN, `error` → ERROR, `debug` → DEBUG).

use serde_json::Value;

/// The level of a toolkit's log line, as the JavaScript side names it (`console.warn`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogLevel {
    /// `console.debug`, a handler's stack.
    Debug,
    /// `ctx.log`, `console.log`, `console.info`.
    Info,
    /// `console.warn`.
    Warn,
    /// `console.error`.
    Error,
}

impl LogLevel {
    /// The level named `name` (`error`, `warn`, `debug`; anything else is `Info`).
    pub fn from_name(name: &str) -> Self {
        match name {
            "error" => Self::Error,
            "warn" => Self::Warn,
            "debug" => Self::Debug,
            _ => Self::Info,
        }
    }
}

/// Receives each log line of a call as it is written, already redacted and within the call's
/// log budget ([`crate::ledger::RecordLimits`]): to stream a call's log to its client (MCP
/// `notifications/message`). Called on the instance's thread while the call runs, so it must
/// return quickly (queue the line, do not send it inline).
pub trait LogSink: Send + Sync {
    /// One line: for `ctx.log`, the JSON array of its arguments; for `console.*`, the
    /// formatted text as a JSON string.
    fn line(&self, level: LogLevel, line: &Value);
}

impl<F: Fn(LogLevel, &Value) + Send + Sync> LogSink for F {
    fn line(&self, level: LogLevel, line: &Value) {
        self(level, line)
    }
}

/// Emits one line. `source` is `ctx.log`, `console` or `handler stack`.
///
/// A line that spans lines (a stack, a printed object, or text a caller chose) has each line
/// after its first indented, and a carriage return written `\r`: toolkit text can never begin
/// a line of the host's log, where it could pass for the host's own (an access-log line of
/// another toolkit, say; review 20).
pub fn emit(level: &str, toolkit: &str, tool: &str, call_id: &str, source: &str, line: &str) {
    let indented;
    let line = if line.contains(['\n', '\r']) {
        indented = continuation_indented(line);
        indented.as_str()
    } else {
        line
    };
    match level {
        "error" => tracing::error!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "warn" => tracing::warn!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "debug" => tracing::debug!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        _ => tracing::info!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
    }
}

/// `text` with every line after the first indented by four spaces, and each carriage return not
/// followed by a line feed written `\r` (a terminal would go back over the line with it).
fn continuation_indented(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\\r").replace('\n', "\n    ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toolkit_text_never_starts_a_line_of_the_host_s_log() {
        let forged = "asked for weather\n2026-12-04T14:00:00.000000Z  INFO call toolkit=\"bank\"\r\nnext\rover";
        let shown = continuation_indented(forged);
        assert_eq!(
            shown,
            "asked for weather\n    2026-12-04T14:00:00.000000Z  INFO call toolkit=\"bank\"\n    next\\rover"
        );
        assert!(shown.lines().skip(1).all(|l| l.starts_with("    ")), "{shown}");
    }
}
