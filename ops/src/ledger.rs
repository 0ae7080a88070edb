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

/// The mutable per-call ledger shared by the call's ops.
#[derive(Debug, Default)]
pub struct Ledger {
    record: Mutex<CallRecord>,
    redactor: Arc<Mutex<Redactor>>,
    egress_usage: EgressUsage,
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
        self.record.lock().expect("ledger").callbacks.push(CallbackRecord::Secret { name: name.to_owned() });
    }

    /// Records a knowledge-base call.
    pub fn record_trove(&self, operation: &str, variables: Value) {
        self.record
            .lock()
            .expect("ledger")
            .callbacks
            .push(CallbackRecord::Trove { operation: operation.to_owned(), variables });
    }

    /// Adds secret `name`'s resolved value to the redaction set (`name` is what a recorded
    /// cassette's placeholder says; minted OAuth tokens use [`OAUTH_TOKEN_NAME`]).
    pub fn add_secret_value(&self, name: &str, value: &str) {
        self.redactor.lock().expect("ledger").add_named(name, value);
    }

    /// Records what one `ctx.fetch` (or OAuth mint) sent and got, for a cassette
    /// ([`crate::CallEnv::record_exchanges`]).
    pub fn record_exchange(&self, exchange: Exchange) {
        self.record.lock().expect("ledger").exchanges.push(exchange);
    }

    /// A snapshot of the redaction set.
    pub fn redactor(&self) -> Redactor {
        self.redactor.lock().expect("ledger").clone()
    }

    /// Redacts and records a `ctx.log` line; returns the redacted line.
    pub fn record_log(&self, args: Value) -> Value {
        let line = self.redactor().redact_json(args);
        self.record.lock().expect("ledger").logs.push(line.clone());
        line
    }

    /// How much of its egress budget the call has used.
    pub fn egress_usage(&self) -> &EgressUsage {
        &self.egress_usage
    }

    /// Takes the record out (at the end of the call).
    pub fn take(&self) -> CallRecord {
        std::mem::take(&mut *self.record.lock().expect("ledger"))
    }
}
