//! What a loaded toolkit declares, typed: its tool list and manifest (contract §3).
//!
//! The host keeps the JSON exactly as the bootstrap produced it (what `list`, `manifest` and
//! the wire's `GET` print) and these typed views beside it for Rust callers.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One entry of the tool list: `{ name, title?, description, inputSchema, outputSchema?,
/// annotations, alwaysOn?, mutating? }` (contract §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolInfo {
    /// `^[a-zA-Z0-9_-]+$`, unique in the toolkit.
    pub name: String,
    /// Display title, when authored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the tool does.
    pub description: String,
    /// Draft-7 JSON Schema of the arguments (an object schema).
    pub input_schema: Value,
    /// Draft-7 JSON Schema of `structured`, when the tool declares `output`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    /// `readOnlyHint`, `destructiveHint`, `openWorldHint`, `idempotentHint`, …
    #[serde(default)]
    pub annotations: Map<String, Value>,
    /// Whether the tool is always offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub always_on: Option<bool>,
    /// Whether the tool changes something.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mutating: Option<bool>,
}

/// The manifest: the toolkit's config without `tools` and `auth`, plus `generated: true`
/// (contract §3). Fields the host does not interpret are kept in `other`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// `^[a-z0-9-]+$`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What the toolkit is for.
    pub description: String,
    /// Version (`^\d+\.\d+\.\d+(-[\w.]+)?$`).
    pub version: String,
    /// Declared secret names: the only ones `ctx.secret` may read.
    #[serde(default)]
    pub secrets: Vec<String>,
    /// The egress allowlist: host names, optionally with `:port`.
    #[serde(default)]
    pub egress: Vec<String>,
    /// Declared scopes (`trove:search`, `trove:ingest`): the most a call can be granted.
    #[serde(default)]
    pub scopes: Vec<String>,
    /// `icon`, `visibility`, `config`, `generated` and anything else the config carried.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}
