//! The ledger of one call: what it sent, read and logged, and the values it must redact.
//!
//! Ops append to it; the runtime hands it back with the envelope ([`CallRecord`]) so the CLI,
//! embedders and the parity suite can see every egress request, platform callback and log
//! line of the call.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use serde_json::Value;

use crate::egress::replay::Exchange;
use crate::egress::EgressUsage;
use crate::redact::Redactor;

/// One egress request as the toolkit made it (after the SDK-equivalent defaults were added),
/// in the parity suite's projection: header names lower-cased and sorted, repeated names
/// joined with `", "`, body as text.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EgressRecord {
    /// Upper-case method.
    pub method: String,
    /// `href` of the URL.
    pub url: String,
    /// Header name (lower case) → value.
    pub headers: std::collections::BTreeMap<String, String>,
    /// Body as text, or `null`.
    pub body: Option<String>,
    /// `init.redirect`, only when the toolkit set it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect: Option<String>,
}

/// One platform callback (`/internal/secret` or `/internal/trove`) the call made.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum CallbackRecord {
    /// `ctx.secret(name)` (or a read the host made for OAuth).
    Secret {
        /// The secret's name.
        name: String,
    },
    /// `ctx.trove.<operation>(…)`.
    Trove {
        /// `search`, `getDocument` or `ingest`.
        operation: String,
        /// What was sent.
        variables: Value,
    },
}

/// Everything one call did, handed back with its envelope.
#[derive(Debug, Clone, Default, Serialize)]
pub struct CallRecord {
    /// Egress requests in order.
    pub requests: Vec<EgressRecord>,
    /// Platform callbacks in order.
    pub callbacks: Vec<CallbackRecord>,
    /// `ctx.log` lines in order, each the JSON array of its (redacted) arguments.
    pub logs: Vec<Value>,
    /// With [`crate::CallEnv::record_exchanges`]: each `ctx.fetch` (and OAuth mint) as a
    /// cassette exchange, the request as made and the response `ctx.fetch` returned (after
    /// redirects), **with secret values in them**: scrub with
    /// [`crate::egress::cassette::scrub`] before writing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exchanges: Vec<Exchange>,
}

/// The placeholder name of a minted OAuth access token in a cassette (`{{secret:oauth-token}}`;
/// never a manifest secret name, which is upper case).
pub const OAUTH_TOKEN_NAME: &str = "oauth-token";

/// How much one call may accumulate outside the isolate's heap (the isolate has its own
/// ceiling; these keep a call that floods its log from growing the host instead). Beyond
/// them, log lines are dropped and the call's log ends with one
/// `[log truncated: N lines, M bytes dropped]` line; callback records beyond the cap are
/// counted, not kept. Egress records are bounded by the egress budget's request count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordLimits {
    /// Log lines (`ctx.log` and `console.*`) kept per call. Default 1,000.
    pub max_log_lines: usize,
    /// Bytes of log lines kept per call (their JSON text). Default 1 MiB.
    pub max_log_bytes: usize,
    /// Bytes of one log line; a longer line is cut, ending `… [line truncated: N bytes]`.
    /// Default 64 KiB.
    pub max_line_bytes: usize,
    /// Platform callback records (secret reads, `ctx.trove` calls) kept per call. Default 10,000.
    pub max_callbacks: usize,
}

impl Default for RecordLimits {
    fn default() -> Self {
        Self { max_log_lines: 1_000, max_log_bytes: 1024 * 1024, max_line_bytes: 64 * 1024, max_callbacks: 10_000 }
    }
}

/// What happens to a log line offered to the ledger ([`Ledger::admit_log`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogAdmission {
    /// Keep (and print) it.
    Keep,
    /// The call's log budget is spent: drop it.
    Drop,
}

/// Lines and bytes dropped so far.
#[derive(Debug, Default)]
struct Dropped {
    lines: usize,
    bytes: usize,
    callbacks: usize,
}

/// The mutable per-call ledger shared by the call's ops.
#[derive(Debug, Default)]
pub struct Ledger {
    record: Mutex<CallRecord>,
    redactor: Arc<Mutex<Redactor>>,
    egress_usage: EgressUsage,
    limits: RecordLimits,
    /// Log lines admitted (kept or about to be) and their bytes.
    log_usage: Mutex<(usize, usize)>,
    dropped: Mutex<Dropped>,
    /// Cassette exchanges by the order their requests were issued ([`Self::reserve_exchange`]).
    exchange_slots: Mutex<Vec<Option<Exchange>>>,
    /// The values this call resolved, in order, and a redaction set of them made when first
    /// asked for ([`Self::holds_call_secret`]; dropped when a value is added).
    call_values: Mutex<(Vec<(String, String)>, Option<Redactor>)>,
    /// Which call this is (`toolkit`, `tool`, `call_id`), for the ledger's own warnings, so
    /// they carry the fields every other line about the call carries ([`Ledger::label`]).
    label: std::sync::OnceLock<[String; 3]>,
}

impl Ledger {
    /// A ledger whose redaction set is `redactor`, shared with the toolkit: a value resolved in
    /// one call stays redacted in every later call of the same toolkit instance (a toolkit may
    /// keep a secret in module state and log it later).
    pub fn with_redactor(redactor: Arc<Mutex<Redactor>>) -> Self {
        Self { redactor, ..Self::default() }
    }

    /// Records an egress request.
    pub fn record_request(&self, r: EgressRecord) {
        self.record.lock().expect("ledger").requests.push(r);
    }

    /// Records a secret read (declared or not).
    pub fn record_secret_read(&self, name: &str) {
        self.record_callback(CallbackRecord::Secret { name: name.to_owned() });
    }

    /// Records a knowledge-base call.
    pub fn record_trove(&self, operation: &str, variables: Value) {
        self.record_callback(CallbackRecord::Trove { operation: operation.to_owned(), variables });
    }

    fn record_callback(&self, record: CallbackRecord) {
        let mut kept = self.record.lock().expect("ledger");
        if kept.callbacks.len() < self.limits.max_callbacks {
            kept.callbacks.push(record);
        } else {
            self.dropped.lock().expect("ledger").callbacks += 1;
        }
    }

    /// Names the call the ledger belongs to (once; a later label is ignored).
    pub fn label(&self, toolkit: &str, tool: &str, call_id: &str) {
        let _ = self.label.set([toolkit.to_owned(), tool.to_owned(), call_id.to_owned()]);
    }

    /// One warning of the ledger's own, with the call's fields when it has been labelled.
    fn warn(&self, line: &str) {
        let [toolkit, tool, call_id] = self.label.get().map(|l| [l[0].as_str(), l[1].as_str(), l[2].as_str()]).unwrap_or(["-"; 3]);
        crate::log::emit("warn", toolkit, tool, call_id, "host", line);
    }

    /// Says in the host's log that a request of a call recording a cassette is not in it
    /// (`why`: aborted by the toolkit, refused on a redirect, …), so that whoever replays the
    /// cassette knows why the replay meets one request more than it holds.
    pub fn warn_unrecorded(&self, method: &str, url: &str, why: &str) {
        self.warn(&self.unrecorded_line(method, url, why));
    }

    /// [`Self::warn_unrecorded`]'s line, its URL redacted: a query string may carry a secret
    /// (before, the line for a refused redirect hop wrote the URL as it was).
    fn unrecorded_line(&self, method: &str, url: &str, why: &str) -> String {
        let url = self.redact_str(url);
        format!("not recorded in the cassette: {method} {url}: {why}; a replay will meet one request more than the cassette holds")
    }

    /// Whether a log line of about `bytes` bytes fits the call's log budget
    /// ([`RecordLimits`]); a dropped line is counted for the truncation marker.
    pub fn admit_log(&self, bytes: usize) -> LogAdmission {
        let mut usage = self.log_usage.lock().expect("ledger");
        let bytes_kept = bytes.min(self.limits.max_line_bytes);
        if usage.0 >= self.limits.max_log_lines || usage.1 + bytes_kept > self.limits.max_log_bytes {
            self.count_dropped(bytes);
            return LogAdmission::Drop;
        }
        usage.0 += 1;
        usage.1 += bytes_kept;
        LogAdmission::Keep
    }

    /// Whether the call's log budget has room for another line (lines and bytes both under
    /// their limits). JavaScript asks before it formats a line, so a flood past the budget
    /// costs neither host memory nor formatting time.
    pub fn log_open(&self) -> bool {
        let usage = self.log_usage.lock().expect("ledger");
        usage.0 < self.limits.max_log_lines && usage.1 < self.limits.max_log_bytes
    }

    /// Counts a line dropped before it was formatted; `bytes` is the length of its string
    /// arguments (what the marker's byte count then reports for it).
    pub fn count_dropped(&self, bytes: usize) {
        let mut dropped = self.dropped.lock().expect("ledger");
        if dropped.lines == 0 {
            self.warn("the call's log budget is spent; further lines are dropped");
        }
        dropped.lines += 1;
        dropped.bytes += bytes;
    }

    /// `text` cut to the longest-line limit, on a character boundary, with a note of how long
    /// it was.
    pub fn cap_line(&self, text: String) -> String {
        let max = self.limits.max_line_bytes;
        if text.len() <= max {
            return text;
        }
        let mut cut = max;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}… [line truncated: {} bytes]", &text[..cut], text.len())
    }

    /// Adds secret `name`'s resolved value to the redaction set (`name` is what a recorded
    /// cassette's placeholder says; minted OAuth tokens use [`OAUTH_TOKEN_NAME`]).
    pub fn add_secret_value(&self, name: &str, value: &str) {
        self.redactor.lock().expect("ledger").add_named(name, value);
        let mut call_values = self.call_values.lock().expect("ledger");
        call_values.0.push((name.to_owned(), value.to_owned()));
        call_values.1 = None;
    }

    /// Whether `text` holds a whole form of a value **this call** resolved
    /// ([`Redactor::holds_whole_form`]), for a choice the caller sees the outcome of
    /// (`JSON.parse`'s message quoting the text or not). Neither values other calls resolved
    /// (another tenant's) nor parts of values count: either made the answer an oracle a caller
    /// could read another tenant's secret through, a character at a time (review 19).
    pub fn holds_call_secret(&self, text: &str) -> bool {
        self.with_call_redactor(|call| call.holds_whole_form(text))
    }

    /// `f` of a redaction set of the values this call resolved (made when first asked for).
    fn with_call_redactor<R>(&self, f: impl FnOnce(&Redactor) -> R) -> R {
        let mut guard = self.call_values.lock().expect("ledger");
        let (values, made) = &mut *guard;
        f(made.get_or_insert_with(|| {
            let mut redactor = Redactor::default();
            for (name, value) in values.iter() {
                redactor.add_named(name, value);
            }
            redactor
        }))
    }

    /// Takes the next place in the cassette for a request about to be sent, so that exchanges
    /// are written in the order their requests were issued, which is the order a replay
    /// matches them in, not the order they completed (parallel fetches of a `Promise.all`
    /// complete in any order; review 17). Filled by [`Self::record_exchange`]; a place never
    /// filled (a request that ended in a refusal a cassette cannot express) is left out.
    pub fn reserve_exchange(&self) -> usize {
        let mut slots = self.exchange_slots.lock().expect("ledger");
        slots.push(None);
        slots.len() - 1
    }

    /// Records what one `ctx.fetch` (or OAuth mint) sent and got, for a cassette
    /// ([`crate::CallEnv::record_exchanges`]), at the place [`Self::reserve_exchange`] gave.
    pub fn record_exchange(&self, slot: usize, exchange: Exchange) {
        if let Some(place) = self.exchange_slots.lock().expect("ledger").get_mut(slot) {
            *place = Some(exchange);
        }
    }

    /// `text` with every resolved value replaced by `[redacted]` (without copying the set); at a
    /// `console.*` cut, the start of a value only if this call resolved it
    /// ([`Redactor::redact_call_str`]).
    pub fn redact_str(&self, text: &str) -> String {
        self.with_call_redactor(|call| self.redactor.lock().expect("ledger").redact_call_str(text, call))
    }

    /// A snapshot of the redaction set.
    pub fn redactor(&self) -> Redactor {
        self.redactor.lock().expect("ledger").clone()
    }

    /// Redacts and records a `ctx.log` line (admitted by [`Self::admit_log`]); returns the
    /// redacted line. A line longer than [`RecordLimits::max_line_bytes`] is kept as one
    /// string, cut ([`Self::cap_line`]).
    pub fn record_log(&self, args: Value) -> Value {
        let mut line = self.with_call_redactor(|call| self.redactor.lock().expect("ledger").redact_call_json(args, call));
        let text = line.to_string();
        if text.len() > self.limits.max_line_bytes {
            line = Value::Array(vec![Value::String(self.cap_line(text))]);
        }
        self.record.lock().expect("ledger").logs.push(line.clone());
        line
    }

    /// How much of its egress budget the call has used.
    pub fn egress_usage(&self) -> &EgressUsage {
        &self.egress_usage
    }

    /// Takes the record out (at the end of the call). When lines were dropped, the log ends
    /// with one `[log truncated: N lines, M bytes dropped]` line.
    pub fn take(&self) -> CallRecord {
        let mut record = std::mem::take(&mut *self.record.lock().expect("ledger"));
        record.exchanges.extend(std::mem::take(&mut *self.exchange_slots.lock().expect("ledger")).into_iter().flatten());
        let dropped = std::mem::take(&mut *self.dropped.lock().expect("ledger"));
        if dropped.lines > 0 {
            let marker = format!("[log truncated: {} lines, {} bytes dropped]", dropped.lines, dropped.bytes);
            self.warn(&marker);
            record.logs.push(Value::Array(vec![Value::String(marker)]));
        }
        if dropped.callbacks > 0 {
            self.warn(&format!("{} platform callback record(s) past the cap were not kept", dropped.callbacks));
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whether_text_holds_a_secret_is_decided_on_this_call_s_whole_values() {
        let shared = Arc::new(Mutex::new(Redactor::default()));
        let earlier = Ledger::with_redactor(shared.clone());
        earlier.add_secret_value("API_KEY", "sk-live-TENANT-A-0123");
        let ledger = Ledger::with_redactor(shared);
        // Another call's value: redacted in this call's lines, but no answer about it.
        assert!(ledger.redact_str("x sk-live-TENANT-A-0123 y").contains("[redacted]"));
        assert!(!ledger.holds_call_secret("x sk-live-TENANT-A-0123 y"));
        ledger.add_secret_value("API_KEY", "sk-live-TENANT-B-4567");
        assert!(ledger.holds_call_secret("{\"k\": \"sk-live-TENANT-B-4567\"}"));
        assert!(!ledger.holds_call_secret("sk-live-TENANT-B-456"), "a part of a value is not the value");
        // The start of a value before a console cut marker is redacted in a line, but is not a
        // whole value: no answer (review 19 read a secret through this, one guess at a time).
        let guess = format!("{}sk-l'... 5 more characters", "x".repeat(10_000));
        assert!(ledger.redact_str(&guess).contains("[redacted]"));
        assert!(!ledger.holds_call_secret(&guess));
    }

    /// At a `console.*` cut, the start of a value counts only if this call resolved it: a caller
    /// who can put text in a line and read the line told, from `[redacted]` or not, whether its
    /// guess began another tenant's secret, a character at a time (review 46).
    #[test]
    fn at_a_cut_only_this_call_s_values_count() {
        let shared = Arc::new(Mutex::new(Redactor::default()));
        let alice = Ledger::with_redactor(shared.clone());
        alice.add_secret_value("API_KEY", "sk-live-Zq8Lm2Xv9RqPw4Tn");
        let at_cut = |guess: &str| format!("{{ query: '{}{guess}'... 7 more characters }}", "x".repeat(10_000));
        assert!(alice.redact_str(&at_cut("sk-live-Zq8")).contains("[redacted]"), "her own value's start");
        let bob = Ledger::with_redactor(shared);
        for guess in ["sk-live-Z", "sk-live-Zq8", "sk-live-Zq8Lm2Xv9RqPw4T"] {
            assert_eq!(bob.redact_str(&at_cut(guess)), at_cut(guess), "another call's value: no answer");
            assert_eq!(bob.record_log(Value::String(at_cut(guess))), Value::String(at_cut(guess)));
        }
        // The whole value is still redacted in bob's lines.
        assert!(bob.redact_str("k=sk-live-Zq8Lm2Xv9RqPw4Tn").ends_with("k=[redacted]"));
        bob.add_secret_value("API_KEY", "sk-live-Bb0bB0bB0bB0bB0b");
        assert!(bob.redact_str(&at_cut("sk-live-Bb0")).contains("[redacted]"));
        assert_eq!(bob.redact_str(&at_cut("sk-live-Zq8")), at_cut("sk-live-Zq8"));
    }

    #[test]
    fn the_unrecorded_request_line_redacts_its_url() {
        let ledger = Ledger::default();
        ledger.add_secret_value("API_KEY", "k3y-0f-the-live-call");
        let line = ledger.unrecorded_line("GET", "https://api.example/v1?key=k3y-0f-the-live-call", "the toolkit aborted it");
        assert_eq!(
            line,
            "not recorded in the cassette: GET https://api.example/v1?key=[redacted]: the toolkit aborted it; a replay will meet one request more than the cassette holds"
        );
    }
}
