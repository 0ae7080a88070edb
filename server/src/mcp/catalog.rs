//! The MCP tool list of a set of served toolkits: each toolkit's tools (contract §3) as MCP
//! tools, named `<toolkit-id>__<tool>` when more than one toolkit is served and by their own
//! name otherwise, and the reverse lookup a `tools/call` needs.

use std::collections::BTreeMap;

use rmcp::model::Tool;
use serde_json::{Map, Value};
use trove_host::ToolkitHandle;

/// What separates a toolkit's id from a tool's name when several toolkits are served. Toolkit
/// ids are `^[a-z0-9-]+$` (contract §3), so the first `__` of a name always ends the id.
pub const TOOLKIT_SEPARATOR: &str = "__";

/// The `_meta` key under which a tool's `alwaysOn` is listed (MCP has no field for it).
pub const META_ALWAYS_ON: &str = "dev.ontrove/alwaysOn";
/// The `_meta` key under which a tool's `mutating` is listed.
pub const META_MUTATING: &str = "dev.ontrove/mutating";

/// The served toolkits' tools by MCP name.
#[derive(Clone)]
pub struct Catalog {
    /// MCP name → (toolkit, the toolkit's own tool name).
    by_name: BTreeMap<String, (ToolkitHandle, String)>,
    /// The list, in served order (toolkits as given, tools as each declares them).
    tools: Vec<Tool>,
}

impl Catalog {
    /// The catalog of `toolkits` (ids already known to be distinct).
    pub fn new(toolkits: &[ToolkitHandle]) -> Self {
        let prefixed = toolkits.len() > 1;
        let mut by_name = BTreeMap::new();
        let mut tools = Vec::new();
        for handle in toolkits {
            let Some(list) = handle.tools_json().as_array() else { continue };
            for entry in list {
                let Some(name) = entry.get("name").and_then(Value::as_str) else { continue };
                let mcp_name = if prefixed { format!("{}{TOOLKIT_SEPARATOR}{name}", handle.id()) } else { name.to_owned() };
                tools.push(mcp_tool(&mcp_name, entry));
                by_name.insert(mcp_name, (handle.clone(), name.to_owned()));
            }
        }
        Self { by_name, tools }
    }

    /// Every tool, as `tools/list` answers.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// The toolkit and tool an MCP name stands for.
    pub fn resolve(&self, mcp_name: &str) -> Option<(&ToolkitHandle, &str)> {
        self.by_name.get(mcp_name).map(|(handle, tool)| (handle, tool.as_str()))
    }
}

/// One entry of a toolkit's tool list (`trove-host list`) as an MCP tool named `mcp_name`:
/// `title`, `description`, `inputSchema`, `outputSchema` and `annotations` as listed (MCP
/// knows the annotation hints `title`, `readOnlyHint`, `destructiveHint`, `idempotentHint`
/// and `openWorldHint`; other annotation keys have no place in an MCP tool and are left out),
/// `alwaysOn` and `mutating` under `_meta` ([`META_ALWAYS_ON`], [`META_MUTATING`]).
pub fn mcp_tool(mcp_name: &str, entry: &Value) -> Tool {
    let mut tool = Map::new();
    tool.insert("name".into(), Value::from(mcp_name));
    for key in ["title", "description", "inputSchema", "outputSchema", "annotations"] {
        if let Some(value) = entry.get(key) {
            tool.insert(key.into(), value.clone());
        }
    }
    let mut meta = Map::new();
    if let Some(v) = entry.get("alwaysOn") {
        meta.insert(META_ALWAYS_ON.into(), v.clone());
    }
    if let Some(v) = entry.get("mutating") {
        meta.insert(META_MUTATING.into(), v.clone());
    }
    if !meta.is_empty() {
        tool.insert("_meta".into(), Value::Object(meta));
    }
    serde_json::from_value(Value::Object(tool.clone())).unwrap_or_else(|e| {
        // The SDK does not check a title's or an annotation's type (contract §2), and MCP types
        // them: drop only what does not fit, so that one such value neither hides the tool's
        // schemas nor makes a client reject the whole list.
        tracing::warn!(target: "trove::mcp", tool = %mcp_name, "tool entry does not map to an MCP tool ({e}); listing it without the fields that do not fit");
        fit_to_mcp(&mut tool);
        serde_json::from_value(Value::Object(tool)).unwrap_or_else(|_| {
            let description = entry.get("description").and_then(Value::as_str).unwrap_or_default().to_owned();
            let mut schema = Map::new();
            schema.insert("type".into(), Value::from("object"));
            Tool::new(mcp_name.to_owned(), description, schema)
        })
    })
}

/// Removes from an MCP tool's fields the values MCP types otherwise: a `title` that is not a
/// string, annotation hints that are not booleans (and an annotation `title` that is not a
/// string), an `outputSchema` that is not an object; an `inputSchema` that is not an object
/// becomes `{"type": "object"}`.
fn fit_to_mcp(tool: &mut Map<String, Value>) {
    if tool.get("title").is_some_and(|t| !t.is_string()) {
        tool.remove("title");
    }
    if tool.get("outputSchema").is_some_and(|s| !s.is_object()) {
        tool.remove("outputSchema");
    }
    if !tool.get("inputSchema").is_some_and(Value::is_object) {
        tool.insert("inputSchema".into(), serde_json::json!({ "type": "object" }));
    }
    match tool.get_mut("annotations") {
        Some(Value::Object(annotations)) => annotations.retain(|key, value| match key.as_str() {
            "title" => value.is_string(),
            "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint" => value.is_boolean(),
            _ => true,
        }),
        Some(_) => {
            tool.remove("annotations");
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_value_mcp_types_otherwise_is_dropped_alone() {
        let entry = json!({
            "name": "badann",
            "title": 42,
            "description": "Annotations of the wrong type.",
            "inputSchema": { "type": "object", "properties": { "n": { "type": "number" } } },
            "annotations": { "readOnlyHint": "yes", "openWorldHint": true, "idempotentHint": 1 },
        });
        let listed = serde_json::to_value(mcp_tool("badann", &entry)).unwrap();
        assert_eq!(listed["inputSchema"], entry["inputSchema"], "{listed}");
        assert_eq!(listed["annotations"], json!({ "openWorldHint": true }), "{listed}");
        assert_eq!(listed.get("title"), None, "{listed}");
        assert_eq!(listed["description"], entry["description"]);
    }

    #[test]
    fn a_listed_tool_keeps_its_schemas_annotations_and_extra_fields() {
        let entry = json!({
            "name": "recent",
            "title": "Recent",
            "description": "Recent quakes.",
            "inputSchema": { "type": "object", "properties": { "n": { "type": "number" } } },
            "outputSchema": { "type": "object" },
            "annotations": { "readOnlyHint": true, "openWorldHint": true },
            "alwaysOn": true,
            "mutating": false
        });
        let tool = serde_json::to_value(mcp_tool("quakes__recent", &entry)).unwrap();
        assert_eq!(
            tool,
            json!({
                "name": "quakes__recent",
                "title": "Recent",
                "description": "Recent quakes.",
                "inputSchema": { "type": "object", "properties": { "n": { "type": "number" } } },
                "outputSchema": { "type": "object" },
                "annotations": { "readOnlyHint": true, "openWorldHint": true },
                "_meta": { "dev.ontrove/alwaysOn": true, "dev.ontrove/mutating": false }
            })
        );
    }

    #[test]
    fn a_tool_without_title_output_or_extras_lists_only_what_it_has() {
        let entry = json!({ "name": "t", "description": "d", "inputSchema": { "type": "object" }, "annotations": {} });
        let tool = serde_json::to_value(mcp_tool("t", &entry)).unwrap();
        assert_eq!(tool, json!({ "name": "t", "description": "d", "inputSchema": { "type": "object" }, "annotations": {} }));
    }
}
