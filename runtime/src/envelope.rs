//! The result envelope of a call (contract §4), as one typed definition.
//!
//! ```json
//! { "ok": true,  "result": { "text": "…", "structured": {…} }, "structuredContent": {…} }
//! { "ok": false, "error": "…", "retryable": false, "code": "TOOL_ERROR" }
//! ```
//!
//! Serialising gives exactly the SDK's JSON (key order included); deserialising is also the
//! host's check of what the bootstrap handed back (toolkit code shares the isolate with the
//! code that builds the envelope), so an envelope of any other shape is refused.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A call's answer: success or failure.
#[derive(Debug, Clone, PartialEq)]
pub enum Envelope {
    /// `{ ok: true, result, structuredContent? }`.
    Ok(Success),
    /// `{ ok: false, error, retryable, code }`.
    Err(Failure),
}

/// The success half of an [`Envelope`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Success {
    /// What the handler returned (a string result becomes `{ text }`).
    pub result: ToolResult,
    /// The parsed `structured` value, when the tool declares an `output` schema.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
    pub structured_content: Option<Value>,
}

/// `{ text, structured? }`: what a handler returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolResult {
    /// The text for the model / user.
    pub text: String,
    /// Machine-readable data (kept as returned; `null` stays `null`).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "present")]
    pub structured: Option<Value>,
}

/// The failure half of an [`Envelope`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Failure {
    /// The message (a `ToolError`'s message, or one of the contract's fixed messages).
    pub error: String,
    /// Whether trying again may succeed.
    pub retryable: bool,
    /// Which kind of failure.
    pub code: ErrorCode,
}

/// The failure codes of contract §4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// The call is not an object or has no string `tool` (also: bad JSON on the wire).
    BadRequest,
    /// No tool of that name.
    UnknownTool,
    /// The arguments did not parse with the tool's input schema.
    InvalidParams,
    /// The handler failed, or the host stopped it (a limit, an overload).
    ToolError,
}

/// Every field either half of an envelope may have, read in one pass; [`Envelope`]'s
/// `Deserialize` then checks that they make exactly one of the two shapes. (Reading a `Value`
/// first and then each half from it was a second pass over a large structured result.)
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct EnvelopeFields {
    ok: bool,
    #[serde(default, deserialize_with = "some")]
    result: Option<ToolResult>,
    #[serde(default, deserialize_with = "present")]
    structured_content: Option<Value>,
    #[serde(default, deserialize_with = "some")]
    error: Option<String>,
    #[serde(default, deserialize_with = "some")]
    retryable: Option<bool>,
    #[serde(default, deserialize_with = "some")]
    code: Option<ErrorCode>,
}

/// A field that is present must hold a `T`: `null` is not its absence.
fn some<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// Reads [`EnvelopeFields`] from a JSON object only (a struct would also be read from an array).
struct FieldsVisitor;

impl<'de> serde::de::Visitor<'de> for FieldsVisitor {
    type Value = EnvelopeFields;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an envelope object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<EnvelopeFields, A::Error> {
        EnvelopeFields::deserialize(serde::de::value::MapAccessDeserializer::new(map))
    }
}

/// A field that is present deserialises to `Some`, even when it is `null`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

impl Envelope {
    /// A failure envelope.
    pub fn failure(error: impl Into<String>, code: ErrorCode, retryable: bool) -> Self {
        Self::Err(Failure { error: error.into(), retryable, code })
    }

    /// A success envelope with only text.
    pub fn text(text: impl Into<String>) -> Self {
        Self::Ok(Success { result: ToolResult { text: text.into(), structured: None }, structured_content: None })
    }

    /// Whether this is `ok: true`.
    pub fn is_ok(&self) -> bool {
        matches!(self, Self::Ok(_))
    }

    /// The failure's code, if this is a failure.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            Self::Ok(_) => None,
            Self::Err(f) => Some(f.code),
        }
    }

    /// The envelope as JSON (what the wire sends).
    pub fn json(&self) -> Value {
        serde_json::to_value(self).expect("an envelope is JSON")
    }

    /// Parses and checks an envelope's JSON text, as the isolate's `JSON.stringify` wrote it
    /// (a lone surrogate in a string reads as U+FFFD: [`trove_host_ops::js_json`]).
    ///
    /// # Errors
    /// The text is not JSON, or not exactly one of the two shapes of contract §4.
    pub fn from_json_str(text: &str) -> Result<Self, String> {
        trove_host_ops::js_json::from_js_json(text).map_err(|e| e.to_string())
    }
}

impl Serialize for Envelope {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Self::Ok(ok) => {
                let mut m = s.serialize_map(None)?;
                m.serialize_entry("ok", &true)?;
                m.serialize_entry("result", &ok.result)?;
                if let Some(v) = &ok.structured_content {
                    m.serialize_entry("structuredContent", v)?;
                }
                m.end()
            }
            Self::Err(f) => {
                let mut m = s.serialize_map(Some(4))?;
                m.serialize_entry("ok", &false)?;
                m.serialize_entry("error", &f.error)?;
                m.serialize_entry("retryable", &f.retryable)?;
                m.serialize_entry("code", &f.code)?;
                m.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = d.deserialize_map(FieldsVisitor)?;
        match f {
            EnvelopeFields { ok: true, result: Some(result), structured_content, error: None, retryable: None, code: None } => {
                Ok(Self::Ok(Success { result, structured_content }))
            }
            EnvelopeFields {
                ok: false,
                result: None,
                structured_content: None,
                error: Some(error),
                retryable: Some(retryable),
                code: Some(code),
            } => Ok(Self::Err(Failure { error, retryable, code })),
            EnvelopeFields { ok: true, .. } => {
                Err(D::Error::custom("a success envelope is `{ ok, result, structuredContent? }` and nothing else"))
            }
            EnvelopeFields { ok: false, .. } => {
                Err(D::Error::custom("a failure envelope is `{ ok, error, retryable, code }` and nothing else"))
            }
        }
    }
}

impl std::fmt::Display for Envelope {
    /// Compact JSON.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&serde_json::to_string(self).expect("an envelope is JSON"))
    }
}

impl PartialEq<Value> for Envelope {
    fn eq(&self, other: &Value) -> bool {
        &self.json() == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn round_trips_the_contracts_shapes_in_order() {
        for text in [
            r#"{"ok":true,"result":{"text":"hi"}}"#,
            r#"{"ok":true,"result":{"text":"hi","structured":null},"structuredContent":{"a":1}}"#,
            r#"{"ok":false,"error":"unknown tool \"x\"","retryable":false,"code":"UNKNOWN_TOOL"}"#,
        ] {
            let e = Envelope::from_json_str(text).expect(text);
            assert_eq!(e.to_string(), text);
        }
    }

    #[test]
    fn refuses_any_other_shape() {
        for bad in [
            json!([]),
            json!({ "ok": "yes" }),
            json!({ "ok": true, "result": { "text": 1 } }),
            json!({ "ok": true, "result": { "text": "a", "extra": 1 } }),
            json!({ "ok": true, "result": { "text": "a" }, "forged": true }),
            json!({ "ok": false, "error": "e", "retryable": false, "code": "NOPE" }),
            json!({ "ok": false, "error": "e", "retryable": false, "code": "TOOL_ERROR", "data": 1 }),
            json!({ "ok": false, "error": "e", "code": "TOOL_ERROR" }),
        ] {
            assert!(Envelope::from_json_str(&bad.to_string()).is_err(), "accepted {bad}");
        }
        // Near misses: the other half's fields, `null` for a field, an array, a repeated key.
        for bad in [
            r#"{"ok":false,"result":{"text":"a"}}"#,
            r#"{"ok":true,"ok":false,"result":{"text":"a"}}"#,
            r#"[true,{"text":"a"}]"#,
            r#"{"ok":true,"result":{"text":"a"},"error":null,"retryable":null,"code":null}"#,
            r#"{"ok":false,"result":null,"error":"e","retryable":false,"code":"TOOL_ERROR"}"#,
            r#"{"ok":true,"result":null}"#,
        ] {
            assert!(Envelope::from_json_str(bad).is_err(), "accepted {bad}");
        }
    }
}
