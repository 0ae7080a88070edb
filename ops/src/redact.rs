//! Redaction: every resolved secret value becomes `[redacted]` (contract §5, `log`).

use base64::Engine as _;
use serde_json::Value;

/// The replacement for a secret value.
pub const REDACTED: &str = "[redacted]";

/// The set of secret values resolved during one call.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    values: Vec<String>,
}

impl Redactor {
    /// Adds a value and the forms it takes in transit and in printed output: standard and
    /// URL-safe base64 (with and without padding), percent-encoding, JSON string escaping
    /// (`"` `\\` control characters, as `JSON.stringify` writes them), the escaping
    /// `console.*` uses for strings inside objects (`\\'`, `\\n`), and, for a multi-line
    /// value (a PEM key), each line. Empty values are ignored (they would match everywhere);
    /// derived forms shorter than 8 characters are skipped as too likely to occur by chance.
    pub fn add(&mut self, value: &str) {
        if value.is_empty() {
            return;
        }
        let b64 = base64::engine::general_purpose::STANDARD.encode(value);
        let json = serde_json::to_string(value).unwrap_or_default();
        let json = json.get(1..json.len().saturating_sub(1)).unwrap_or_default().to_owned();
        let inspect = value.replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n").replace('\r', "\\r").replace('\t', "\\t");
        let mut forms = vec![
            b64.clone(),
            b64.trim_end_matches('=').to_owned(),
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value),
            url::form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>(),
            percent_encode(value),
            json,
            inspect,
        ];
        if value.contains('\n') {
            forms.extend(value.lines().map(|l| l.trim().to_owned()));
        }
        self.push(value.to_owned());
        for form in forms {
            if form.len() >= 8 {
                self.push(form);
            }
        }
        // Longest first, so a secret that contains another is replaced whole.
        self.values.sort_by_key(|v| std::cmp::Reverse(v.len()));
    }

    fn push(&mut self, form: String) {
        if !self.values.contains(&form) {
            self.values.push(form);
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

/// Bytes RFC 3986 does not leave unreserved (everything but `A-Z a-z 0-9 - . _ ~`).
const NOT_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `%XX` for every byte outside RFC 3986's unreserved set.
fn percent_encode(value: &str) -> String {
    percent_encoding::utf8_percent_encode(value, NOT_UNRESERVED).to_string()
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
    fn encoded_forms_are_redacted() {
        let mut r = Redactor::default();
        r.add("pp-client:pp-secret/9+");
        let b64 = base64::engine::general_purpose::STANDARD.encode("pp-client:pp-secret/9+");
        assert_eq!(r.redact_str(&format!("Basic {b64}")), "Basic [redacted]");
        assert_eq!(r.redact_str("q=pp-client%3App-secret%2F9%2B"), "q=[redacted]");
        let mut spaced = Redactor::default();
        spaced.add("pp client/9");
        assert_eq!(spaced.redact_str("q=pp+client%2F9"), "q=[redacted]", "form encoding");
        assert_eq!(spaced.redact_str("q=pp%20client%2F9"), "q=[redacted]", "percent encoding");
    }

    #[test]
    fn escaped_and_multiline_forms_are_redacted() {
        let mut r = Redactor::default();
        r.add("tok-ABC\"def\\xyz");
        assert_eq!(r.redact_str(r#"{"tok":"tok-ABC\"def\\xyz"}"#), r#"{"tok":"[redacted]"}"#, "JSON-escaped");
        let mut pem = Redactor::default();
        pem.add("-----BEGIN KEY-----\nMIIBsecretline1\nMIIBsecretline2\n-----END KEY-----");
        assert_eq!(pem.redact_str("{ pem: '-----BEGIN KEY-----\\nMIIBsecretline1\\nMIIB"), "{ pem: '[redacted]\\n[redacted]\\nMIIB");
        assert_eq!(pem.redact_str("line: MIIBsecretline2"), "line: [redacted]");
        let mut q = Redactor::default();
        q.add("it's-a-secret");
        assert_eq!(q.redact_str("{ k: 'it\\'s-a-secret' }"), "{ k: '[redacted]' }", "console's single-quote escaping");
    }

    #[test]
    fn longest_value_first() {
        let mut r = Redactor::default();
        r.add("abc");
        r.add("abcdef");
        assert_eq!(r.redact_str("abcdef abc"), "[redacted] [redacted]");
    }
}
