//! `ctx.trove`: the caller's knowledge base behind one trait (contract §5).
//!
//! `search(query, opts)` sends `{query, ...opts}`, `getDocument(id)` sends `{id}`,
//! `ingest(docs)` sends `{documents: docs}`; the client answers with `data`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::{json, Value};

/// Who is asking: the call's user and toolkit (a client keys its storage by both).
#[derive(Debug, Clone)]
pub struct TroveCaller {
    /// The toolkit's manifest id.
    pub toolkit: String,
    /// The call's user id.
    pub user_id: String,
}

/// A failed knowledge-base call. The toolkit's promise rejects with
/// `Error("ctx.trove callback failed: <status>[ <body, ≤200 chars>]")`.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum TroveError {
    /// The platform answered a non-2xx status.
    #[error("ctx.trove callback failed: {status}{}", body_suffix(.body))]
    Status {
        /// HTTP status.
        status: u16,
        /// Response body (cut to 200 characters in the message).
        body: String,
    },
    /// The call is not allowed or the backend failed before answering.
    #[error("ctx.trove callback failed: {0}")]
    Other(String),
}

fn body_suffix(body: &str) -> String {
    if body.is_empty() {
        String::new()
    } else {
        format!(" {}", body.chars().take(200).collect::<String>())
    }
}

/// One of `ctx.trove`'s operations, by the name the platform callback gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TroveOperation {
    /// `search(query, opts)`: reads.
    Search,
    /// `getDocument(id)`: reads.
    GetDocument,
    /// `ingest(docs)`: writes.
    Ingest,
}

impl TroveOperation {
    /// The operation called `name` (`search`, `getDocument`, `ingest`), or `None`.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "search" => Some(Self::Search),
            "getDocument" => Some(Self::GetDocument),
            "ingest" => Some(Self::Ingest),
            _ => None,
        }
    }

    /// The scope the operation needs, when one particular scope does: `trove:ingest` for
    /// `ingest`. Reading (`search`, `getDocument`) is allowed by either scope, as under the SDK,
    /// which forwards every operation whenever the call has either (the conformance corpus's
    /// shelfmark searches with `trove:ingest` alone).
    pub fn needs(self) -> Option<&'static str> {
        match self {
            Self::Ingest => Some("trove:ingest"),
            Self::Search | Self::GetDocument => None,
        }
    }

    /// Whether a call granted `granted` (asked by the call **and** declared by the manifest,
    /// [`crate::call::ToolkitScope::grant`]) may run this operation. **host** rule (contract §5):
    /// a toolkit whose manifest does not declare `trove:ingest` is listed read-only (contract §3)
    /// and never writes, whatever the call or the platform says.
    pub fn allowed_by(self, granted: &[String]) -> bool {
        match self.needs() {
            Some(scope) => granted.iter().any(|s| s == scope),
            None => grants_trove(granted),
        }
    }
}

/// Whether scopes `granted` to a call give it `ctx.trove` at all: either of the known scopes
/// (contract §5; granted means asked by the call and declared by the manifest, **host**).
pub fn grants_trove(granted: &[String]) -> bool {
    granted.iter().any(|s| crate::manifest::KNOWN_SCOPES.contains(&s.as_str()))
}

/// A knowledge-base backend: `search`, `getDocument` or `ingest`, by operation name.
#[async_trait]
pub trait TroveClient: Send + Sync {
    /// Runs `operation` with `variables` for `caller`; returns the response's `data`.
    async fn call(&self, caller: &TroveCaller, operation: &str, variables: Value) -> Result<Value, TroveError>;
}

/// One scripted answer, in the conformance cases' `trove[i]` format.
#[derive(Debug, Clone, Deserialize)]
pub struct ScriptedTroveCall {
    /// The operation the i-th call must use.
    pub operation: String,
    /// When present, what it must send (JSON equality).
    #[serde(default)]
    pub variables: Option<Value>,
    /// `{ data }`, or `{ status, body }` for a failure.
    pub response: ScriptedTroveResponse,
}

impl ScriptedTroveCall {
    /// This call with `f` applied to every string it sends or answers (`variables`, `data`,
    /// the failure's `body`; not object keys): how a recorded case's secret placeholders
    /// (`{{secret:NAME}}`) are filled in with the case's secrets before it is replayed, as its
    /// cassette's are.
    pub fn map_strings(mut self, f: &dyn Fn(&str) -> String) -> Self {
        if let Some(variables) = self.variables.as_mut() {
            map_json_strings(variables, f);
        }
        map_json_strings(&mut self.response.data, f);
        self.response.body = self.response.body.map(|b| f(&b));
        self.response.error = self.response.error.map(|e| f(&e));
        self
    }
}

/// Applies `f` to every string value in `value` (object keys are left as they are).
pub fn map_json_strings(value: &mut Value, f: &dyn Fn(&str) -> String) {
    match value {
        Value::String(text) => *text = f(text),
        Value::Array(items) => items.iter_mut().for_each(|item| map_json_strings(item, f)),
        Value::Object(members) => members.values_mut().for_each(|member| map_json_strings(member, f)),
        _ => {}
    }
}

/// The answer of a [`ScriptedTroveCall`].
#[derive(Debug, Clone, Deserialize)]
pub struct ScriptedTroveResponse {
    /// HTTP status (default 200).
    #[serde(default)]
    pub status: Option<u16>,
    /// Response body text, for failures.
    #[serde(default)]
    pub body: Option<String>,
    /// `data` handed to the toolkit.
    #[serde(default)]
    pub data: Value,
    /// A failure before any answer (the backend's own message, no status): the toolkit sees
    /// `ctx.trove callback failed: <error>`. trove-host's extension of the corpus format, which
    /// `call --record-case` writes for such a failure.
    #[serde(default)]
    pub error: Option<String>,
}

/// Answers `ctx.trove` calls from a script, in order (tests and the parity suite).
#[derive(Debug, Default)]
pub struct ScriptedTrove {
    queue: Mutex<VecDeque<ScriptedTroveCall>>,
    failures: Mutex<Vec<String>>,
}

impl ScriptedTrove {
    /// A client answering `script` in order.
    pub fn new(script: Vec<ScriptedTroveCall>) -> Self {
        Self { queue: Mutex::new(script.into()), failures: Mutex::default() }
    }

    /// Mismatches so far (unexpected operation or variables).
    pub fn failures(&self) -> Vec<String> {
        self.failures.lock().expect("trove script").clone()
    }

    /// Scripted calls never made.
    pub fn remaining(&self) -> usize {
        self.queue.lock().expect("trove script").len()
    }
}

#[async_trait]
impl TroveClient for ScriptedTrove {
    async fn call(&self, _caller: &TroveCaller, operation: &str, variables: Value) -> Result<Value, TroveError> {
        let next = self.queue.lock().expect("trove script").pop_front();
        let fail = |m: String| {
            self.failures.lock().expect("trove script").push(m.clone());
            TroveError::Other(m)
        };
        let Some(step) = next else {
            return Err(fail(format!("unexpected trove call {operation}: the script has no more answers")));
        };
        if step.operation != operation {
            return Err(fail(format!("trove call {operation}: the script expects {}", step.operation)));
        }
        if let Some(want) = &step.variables {
            if want != &variables {
                return Err(fail(format!("trove call {operation} sent {variables}; the script expects {want}")));
            }
        }
        if let Some(message) = step.response.error {
            return Err(TroveError::Other(message));
        }
        let status = step.response.status.unwrap_or(200);
        if !(200..300).contains(&status) {
            return Err(TroveError::Status { status, body: step.response.body.unwrap_or_default() });
        }
        Ok(step.response.data)
    }
}

/// Passes every call to another client and keeps what it answered, in the order asked, as a
/// [`ScriptedTroveCall`] script (`{operation, variables, response: {data}}`, or `{status,
/// body}` for a failure, `{error}` for one without a status): what `call --record-case` writes
/// as a case's `trove`, so that the case replays the knowledge base's answers as its cassette
/// replays the network's (review 22). The caller scrubs secrets from the script before
/// writing it ([`map_json_strings`]).
pub struct RecordingTrove {
    inner: Arc<dyn TroveClient>,
    script: Mutex<Vec<Value>>,
}

impl RecordingTrove {
    /// A client that records what `inner` answers.
    pub fn new(inner: Arc<dyn TroveClient>) -> Self {
        Self { inner, script: Mutex::default() }
    }

    /// The calls so far, as a case's `trove` script.
    pub fn script(&self) -> Vec<Value> {
        self.script.lock().expect("trove recording").clone()
    }
}

#[async_trait]
impl TroveClient for RecordingTrove {
    async fn call(&self, caller: &TroveCaller, operation: &str, variables: Value) -> Result<Value, TroveError> {
        let answer = self.inner.call(caller, operation, variables.clone()).await;
        let response = match &answer {
            Ok(data) => json!({ "data": data }),
            Err(TroveError::Status { status, body }) => json!({ "status": status, "body": body }),
            Err(TroveError::Other(message)) => json!({ "error": message }),
        };
        self.script.lock().expect("trove recording").push(json!({ "operation": operation, "variables": variables, "response": response }));
        answer
    }
}
