//! A call's envelope (contract §4) as an MCP `tools/call` result.
//!
//! | envelope | MCP result |
//! |---|---|
//! | `{ ok: true, result: { text }, structuredContent? }` | `content: [{ type: "text", text }]`, `structuredContent` when the envelope has it |
//! | `{ ok: false, error, code, retryable }` | `isError: true`, `content: [{ type: "text", text: error }]`, `_meta: { "dev.ontrove/code": code, "dev.ontrove/retryable": retryable }` |
//!
//! A failed call is a tool result, not a JSON-RPC error, whatever its code: `INVALID_PARAMS`
//! included, so that the model reads the message and can correct its arguments (the MCP
//! specification's "tool execution errors"). Only what never reaches a toolkit (an unknown tool
//! name, params that are not a `tools/call`) is a JSON-RPC error.

use rmcp::model::{CallToolResult, ContentBlock, MetaObject};
use serde_json::{Map, Value};
use trove_host::Envelope;

/// The `_meta` key of a failed call's envelope `code` (`TOOL_ERROR`, `INVALID_PARAMS`, …).
pub const META_CODE: &str = "dev.ontrove/code";
/// The `_meta` key of a failed call's envelope `retryable`.
pub const META_RETRYABLE: &str = "dev.ontrove/retryable";

/// The size a result takes on the wire, in bytes: its text as a JSON string (escapes included:
/// a control character is six bytes there) plus its structured content as JSON. A failure's is
/// its message's.
pub fn result_bytes(envelope: &Envelope) -> usize {
    match envelope {
        Envelope::Ok(ok) => json_len(&ok.result.text).saturating_sub(2) + ok.structured_content.as_ref().map_or(0, json_len),
        Envelope::Err(failure) => json_len(&failure.error).saturating_sub(2),
    }
}

/// How many bytes serde_json writes for `value` (a string's quotes included), counted without
/// keeping them.
fn json_len(value: &(impl serde::Serialize + ?Sized)) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 += bytes.len();
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, value).map_or(0, |()| count.0)
}

/// The MCP result of `envelope`.
pub fn call_result(envelope: &Envelope) -> CallToolResult {
    match envelope {
        Envelope::Ok(ok) => {
            let mut result = CallToolResult::success(vec![ContentBlock::text(ok.result.text.clone())]);
            result.structured_content = ok.structured_content.clone();
            result
        }
        Envelope::Err(failure) => {
            let mut result = CallToolResult::error(vec![ContentBlock::text(failure.error.clone())]);
            let mut meta = Map::new();
            meta.insert(META_CODE.into(), serde_json::to_value(failure.code).expect("a code is JSON"));
            meta.insert(META_RETRYABLE.into(), Value::Bool(failure.retryable));
            result.meta = Some(MetaObject(meta));
            result
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use trove_host::ErrorCode;

    fn wire(envelope: &str) -> Value {
        serde_json::to_value(call_result(&Envelope::from_json_str(envelope).unwrap())).unwrap()
    }

    #[test]
    fn text_only_success_has_one_text_block_and_no_structured_content() {
        let r = wire(r#"{"ok":true,"result":{"text":"hi"}}"#);
        assert_eq!(r["content"], json!([{ "type": "text", "text": "hi" }]));
        assert!(r.get("structuredContent").is_none(), "{r}");
        assert!(r.get("isError").is_none() || r["isError"] == json!(false), "{r}");
    }

    #[test]
    fn structured_success_carries_structured_content_even_null() {
        let r = wire(r#"{"ok":true,"result":{"text":"t","structured":{"a":1}},"structuredContent":{"a":1}}"#);
        assert_eq!(r["structuredContent"], json!({ "a": 1 }));
        let r = wire(r#"{"ok":true,"result":{"text":"t","structured":null},"structuredContent":null}"#);
        assert_eq!(r.get("structuredContent"), Some(&Value::Null), "{r}");
    }

    #[test]
    fn result_bytes_count_text_and_structured_content() {
        let e = Envelope::from_json_str(r#"{"ok":true,"result":{"text":"abc","structured":{"a":1}},"structuredContent":{"a":1}}"#).unwrap();
        assert_eq!(result_bytes(&e), 3 + r#"{"a":1}"#.len());
        assert_eq!(result_bytes(&Envelope::text("hello")), 5);
    }

    #[test]
    fn result_bytes_count_the_text_as_json_writes_it() {
        for text in ["\u{1}\u{1f}", "\"\\\n\t\r\u{8}\u{c}", "é日\u{2028}", "plain"] {
            let written = serde_json::to_string(text).unwrap().len() - 2;
            assert_eq!(result_bytes(&Envelope::text(text)), written, "{text:?}");
            let failure = Envelope::failure(text, ErrorCode::ToolError, false);
            assert_eq!(result_bytes(&failure), written, "{text:?}");
        }
        assert_eq!(result_bytes(&Envelope::text(&"\u{1}".repeat(1000))), 6000);
    }

    #[test]
    fn failure_is_an_error_result_with_code_and_retryable_in_meta() {
        let e = Envelope::failure("Invalid arguments: n: Expected number", ErrorCode::InvalidParams, false);
        let r = serde_json::to_value(call_result(&e)).unwrap();
        assert_eq!(r["isError"], json!(true));
        assert_eq!(r["content"], json!([{ "type": "text", "text": "Invalid arguments: n: Expected number" }]));
        assert_eq!(r["_meta"], json!({ "dev.ontrove/code": "INVALID_PARAMS", "dev.ontrove/retryable": false }));
        let r = serde_json::to_value(call_result(&Envelope::failure("upstream 503", ErrorCode::ToolError, true))).unwrap();
        assert_eq!(r["_meta"]["dev.ontrove/retryable"], json!(true));
    }
}
