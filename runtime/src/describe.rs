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
    /// Display title, when authored as a string. The SDK does not check a title's type and lists
    /// any value (contract §2); a title that is not a string is `None` here, and `list` and the
    /// wire still show it as authored (they show the toolkit's own tool list).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "string_or_none")]
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

/// A string as `Some`, any other JSON value as `None`.
fn string_or_none<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(deserializer)? {
        Value::String(text) => Some(text),
        _ => None,
    })
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

/// `^[a-zA-Z0-9_-]+$`: a tool name (contract §2). `defineToolkit` asks this (through the op
/// `op_trove_is_tool_name`) and the runtime checks every loaded tool list with it.
pub fn is_tool_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Every problem of a described tool list (contract §2 and §3), checked again at load: toolkit
/// code shares the isolate with `defineToolkit` and could have changed what the bootstrap
/// described. Empty when it is a non-empty array of objects with unique, valid names and
/// non-empty descriptions.
pub fn tool_list_problems(tools: &Value) -> Vec<String> {
    let Some(entries) = tools.as_array().filter(|t| !t.is_empty()) else {
        return vec![format!("tools must be a non-empty array, got {tools}")];
    };
    let mut problems = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let Some(tool) = entry.as_object() else {
            problems.push(format!("tool {i} is not an object"));
            continue;
        };
        match tool.get("name").and_then(Value::as_str) {
            Some(name) if is_tool_name(name) => {
                if !seen.insert(name) {
                    problems.push(format!("duplicate tool name {:?}", name));
                }
            }
            other => problems.push(format!(
                "tool name {} must match /^[a-zA-Z0-9_-]+$/",
                other.map_or_else(|| "(missing)".to_owned(), |n| format!("{n:?}"))
            )),
        }
        if !tool.get("description").and_then(Value::as_str).is_some_and(|d| !d.trim().is_empty()) {
            problems.push(format!("tool {i} needs a description"));
        }
    }
    problems
}

#[cfg(test)]
mod tool_list_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_valid_list_has_no_problems_and_each_bad_entry_is_named() {
        assert!(tool_list_problems(&json!([{ "name": "a-b_1", "description": "d" }])).is_empty());
        assert_eq!(tool_list_problems(&json!("x")), [r#"tools must be a non-empty array, got "x""#]);
        assert_eq!(
            tool_list_problems(&json!([{ "name": "../a b", "description": "d" }, { "name": "t", "description": " " }, { "name": "t", "description": "d" }, 3])),
            [
                r#"tool name "../a b" must match /^[a-zA-Z0-9_-]+$/"#,
                "tool 1 needs a description",
                r#"duplicate tool name "t""#,
                "tool 3 is not an object",
            ]
        );
    }
}
