//! Redaction: every resolved secret value becomes `[redacted]` (contract §5, `log`).

use serde_json::Value;

/// The replacement for a secret value.
pub const REDACTED: &str = "[redacted]";

/// The set of secret values resolved during one call.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    values: Vec<String>,
}

impl Redactor {
    /// Adds a value (empty values are ignored: they would match everywhere).
    pub fn add(&mut self, value: &str) {
        if !value.is_empty() && !self.values.iter().any(|v| v == value) {
            self.values.push(value.to_owned());
            // Longest first, so a secret that contains another is replaced whole.
            self.values.sort_by_key(|v| std::cmp::Reverse(v.len()));
        }
    }

    /// Whether no value has been resolved (then text passes through untouched).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// `text` with every occurrence of every value replaced.
    pub fn redact_str(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for v in &self.values {
            if out.contains(v.as_str()) {
                out = out.replace(v.as_str(), REDACTED);
            }
        }
        out
    }

    /// Redacts every string and every object key in `value`, recursively.
    pub fn redact_json(&self, value: Value) -> Value {
        if self.is_empty() {
            return value;
        }
        match value {
            Value::String(s) => Value::String(self.redact_str(&s)),
            Value::Array(items) => Value::Array(items.into_iter().map(|v| self.redact_json(v)).collect()),
            Value::Object(map) => Value::Object(
                map.into_iter().map(|(k, v)| (self.redact_str(&k), self.redact_json(v))).collect(),
            ),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn redacts_substrings_keys_and_nesting() {
        let mut r = Redactor::default();
        r.add("s3cr3t");
        r.add("");
        let v = r.redact_json(json!(["token=s3cr3t", {"s3cr3t": ["x s3cr3t y"]}, 4]));
        assert_eq!(v, json!(["token=[redacted]", {"[redacted]": ["x [redacted] y"]}, 4]));
    }

    #[test]
    fn longest_value_first() {
        let mut r = Redactor::default();
        r.add("abc");
        r.add("abcdef");
        assert_eq!(r.redact_str("abcdef abc"), "[redacted] [redacted]");
    }
}
