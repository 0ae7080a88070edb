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
/// after its first indented, and every other character a terminal or log shipper may break a
/// line at written as an escape ([`continuation_indented`]): toolkit text can never begin a
/// line of the host's log, where it could pass for the host's own (an access-log line of
/// another toolkit, say; reviews 20 and 21).
pub fn emit(level: &str, toolkit: &str, tool: &str, call_id: &str, source: &str, line: &str) {
    let line = continuation_indented(line);
    match level {
        "error" => tracing::error!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "warn" => tracing::warn!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        "debug" => tracing::debug!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
        _ => tracing::info!(target: "trove::toolkit", toolkit, tool, call_id, source, "{line}"),
    }
}

/// `text` as one record of the host's log: every line after the first indented by four spaces
/// (`\r\n` read as `\n`), and every other control character but tab, and the Unicode line and
/// paragraph separators, written as an escape (`\r`, `\u{b}`, `\u{2028}`…), since a terminal
/// or a log shipper may start a line at any of them. The bidirectional embeddings, overrides
/// and isolates (U+202A–U+202E, U+2066–U+2069) are escaped too: a viewer would show the rest of
/// the host's line (its `toolkit=`, `call_id=` fields) reordered (review 25). Borrowed when
/// there is none.
pub fn continuation_indented(text: &str) -> std::borrow::Cow<'_, str> {
    let breaks = |c: char| {
        (c.is_control() && c != '\t')
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(breaks) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => out.push_str("\n    "),
            '\r' => out.push_str("\\r"),
            c if breaks(c) => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
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
        // Every other character a reader may break a line at (review 21).
        assert_eq!(
            continuation_indented("a\u{b}b\u{c}c\u{1e}d\u{85}e\u{2028}f\u{2029}g\0h\ti"),
            "a\\u{b}b\\u{c}c\\u{1e}d\\u{85}e\\u{2028}f\\u{2029}g\\u{0}h\ti"
        );
        assert!(matches!(continuation_indented("plain\ttext"), std::borrow::Cow::Borrowed(_)));
        // Bidirectional controls would reorder the rest of the host's line (review 25); the
        // marks that only set a direction (U+200F) stay, as right-to-left text uses them.
        assert_eq!(
            continuation_indented("ok \u{202e}\"=di_llac\u{2066}x\u{2069}\u{200f}"),
            "ok \\u{202e}\"=di_llac\\u{2066}x\\u{2069}\u{200f}"
        );
    }
}
