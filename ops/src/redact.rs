//! Redaction: every resolved secret value becomes `[redacted]` (contract §5, `log`).

use base64::Engine as _;
use serde_json::Value;

/// The replacement for a secret value.
pub const REDACTED: &str = "[redacted]";

/// A form a secret value takes in transit or in printed output. [`SecretForm::encode`] is the
/// one definition of each form: the redactor finds them, and a cassette's placeholders
/// (`{{secret:NAME:form}}`) are turned back into them on replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecretForm {
    /// The value itself (placeholder `{{secret:NAME}}`).
    Raw,
    /// Standard base64 with padding.
    Base64,
    /// Standard base64 without padding.
    Base64NoPad,
    /// URL-safe base64 without padding.
    Base64Url,
    /// `application/x-www-form-urlencoded` (spaces as `+`).
    Form,
    /// `%XX` for every byte outside RFC 3986's unreserved set.
    Percent,
    /// Inside a JSON string (`JSON.stringify`'s escaping, without the quotes).
    Json,
    /// Inside a string `console.*` prints within an object (`\'`, `\n`).
    Console,
    /// Line `n` (0-based, trimmed) of a multi-line value (a PEM key).
    Line(usize),
}

impl SecretForm {
    /// The forms of a single-line value, in the order the redactor adds them.
    const ENCODINGS: [SecretForm; 8] = [
        Self::Raw,
        Self::Base64,
        Self::Base64NoPad,
        Self::Base64Url,
        Self::Form,
        Self::Percent,
        Self::Json,
        Self::Console,
    ];

    /// `value` in this form; `None` for a line number the value does not have.
    pub fn encode(self, value: &str) -> Option<String> {
        use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
        Some(match self {
            Self::Raw => value.to_owned(),
            Self::Base64 => STANDARD.encode(value),
            Self::Base64NoPad => STANDARD.encode(value).trim_end_matches('=').to_owned(),
            Self::Base64Url => URL_SAFE_NO_PAD.encode(value),
            Self::Form => url::form_urlencoded::byte_serialize(value.as_bytes()).collect(),
            Self::Percent => percent_encode(value),
            Self::Json => {
                let json = serde_json::to_string(value).unwrap_or_default();
                json.get(1..json.len().saturating_sub(1)).unwrap_or_default().to_owned()
            }
            Self::Console => value
                .replace('\\', "\\\\")
                .replace('\'', "\\'")
                .replace('\n', "\\n")
                .replace('\r', "\\r")
                .replace('\t', "\\t"),
            Self::Line(n) => value.lines().nth(n)?.trim().to_owned(),
        })
    }

    /// The suffix of this form's placeholder (`{{secret:NAME:<suffix>}}`; empty for raw).
    pub fn suffix(self) -> String {
        match self {
            Self::Raw => String::new(),
            Self::Base64 => ":base64".into(),
            Self::Base64NoPad => ":base64-nopad".into(),
            Self::Base64Url => ":base64url".into(),
            Self::Form => ":form".into(),
            Self::Percent => ":percent".into(),
            Self::Json => ":json".into(),
            Self::Console => ":console".into(),
            Self::Line(n) => format!(":line{n}"),
        }
    }

    /// The form a placeholder suffix names (the inverse of [`SecretForm::suffix`]).
    pub fn from_suffix(suffix: &str) -> Option<Self> {
        if let Some(n) = suffix.strip_prefix(":line") {
            return n.parse().ok().map(Self::Line);
        }
        Self::ENCODINGS.into_iter().find(|f| f.suffix() == suffix)
    }
}

/// One form of one secret value, as the redactor looks for it.
#[derive(Debug, Clone)]
struct Known {
    text: String,
    /// The secret's name (`None` when the value was added without one).
    name: Option<String>,
    form: SecretForm,
}

/// The set of secret values resolved so far, each with the forms it can take.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    known: Vec<Known>,
}

impl Redactor {
    /// Adds a value with no name (see [`Redactor::add_named`]).
    pub fn add(&mut self, value: &str) {
        self.add_form_set(None, value);
    }

    /// Adds secret `name`'s `value` and the forms it takes in transit and in printed output
    /// ([`SecretForm`]): standard and URL-safe base64 (with and without padding),
    /// percent-encoding and form encoding, JSON string escaping (`"` `\\` control characters,
    /// as `JSON.stringify` writes them), the escaping `console.*` uses for strings inside
    /// objects (`\\'`, `\\n`), and, for a multi-line value (a PEM key), each line. Empty values
    /// are ignored (they would match everywhere); derived forms shorter than 8 characters are
    /// skipped as too likely to occur by chance. `name` is what a cassette's placeholder says.
    pub fn add_named(&mut self, name: &str, value: &str) {
        self.add_form_set(Some(name), value);
    }

    fn add_form_set(&mut self, name: Option<&str>, value: &str) {
        if value.is_empty() {
            return;
        }
        let mut forms: Vec<SecretForm> = SecretForm::ENCODINGS.to_vec();
        if value.contains('\n') {
            forms.extend((0..value.lines().count()).map(SecretForm::Line));
        }
        for form in forms {
            let Some(text) = form.encode(value) else { continue };
            if form != SecretForm::Raw && text.len() < 8 {
                continue;
            }
            match self.known.iter_mut().find(|k| k.text == text) {
                // A form first seen without a name gets the name when one is known.
                Some(k) => {
                    if k.name.is_none() {
                        k.name = name.map(str::to_owned);
                        k.form = form;
                    }
                }
                None => self.known.push(Known { text, name: name.map(str::to_owned), form }),
            }
        }
        // Longest first, so a secret that contains another is replaced whole.
        self.known.sort_by_key(|k| std::cmp::Reverse(k.text.len()));
    }

    /// Whether no value has been resolved (then text passes through untouched).
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// `text` with every occurrence of every value replaced by [`REDACTED`].
    pub fn redact_str(&self, text: &str) -> String {
        self.replace_with(text, |_| REDACTED.to_owned())
    }

    /// `text` with every occurrence of every named value's forms replaced by a placeholder
    /// `{{secret:NAME}}` (raw) or `{{secret:NAME:FORM}}` ([`SecretForm::suffix`]), which
    /// [`expand_placeholders`] turns back into the current value; values without a name become
    /// [`REDACTED`]. What a cassette holds instead of a secret.
    pub fn placeholders_str(&self, text: &str) -> String {
        self.replace_with(text, |k| match &k.name {
            Some(name) => format!("{{{{secret:{name}{}}}}}", k.form.suffix()),
            None => REDACTED.to_owned(),
        })
    }

    fn replace_with(&self, text: &str, with: impl Fn(&Known) -> String) -> String {
        let mut out = text.to_owned();
        for k in &self.known {
            if out.contains(k.text.as_str()) {
                out = out.replace(k.text.as_str(), &with(k));
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

/// The secret names `text`'s placeholders (`{{secret:NAME}}`, `{{secret:NAME:FORM}}`) refer to.
pub fn placeholder_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{secret:") {
        let after = &rest[start + "{{secret:".len()..];
        let Some(end) = after.find("}}") else { break };
        let name = after[..end].split(':').next().unwrap_or_default();
        if !name.is_empty() && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
        rest = &after[end..];
    }
    names
}

/// `text` with each placeholder whose secret `value_of` knows replaced by that value in the
/// placeholder's form; unknown names and forms are left as they are (so a replay that lacks a
/// secret fails to match, naming the placeholder).
pub fn expand_placeholders(text: &str, value_of: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{secret:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + "{{secret:".len()..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = &after[..end];
        let (name, suffix) = match inner.find(':') {
            Some(i) => (&inner[..i], &inner[i..]),
            None => (inner, ""),
        };
        let expanded = SecretForm::from_suffix(suffix).and_then(|form| value_of(name).and_then(|v| form.encode(&v)));
        match expanded {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[start..start + "{{secret:".len() + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
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
    fn placeholders_round_trip_every_form() {
        let value = "pp client/9+\"x'";
        let mut r = Redactor::default();
        r.add_named("API_KEY", value);
        let forms: Vec<String> = SecretForm::ENCODINGS.iter().filter_map(|f| f.encode(value)).collect();
        let text = forms.join(" | ");
        let scrubbed = r.placeholders_str(&text);
        for form in &forms {
            assert!(!scrubbed.contains(form.as_str()), "{form:?} left in {scrubbed}");
        }
        assert!(scrubbed.contains("{{secret:API_KEY}}"), "{scrubbed}");
        assert_eq!(placeholder_names(&scrubbed), vec!["API_KEY".to_owned()]);
        let back = expand_placeholders(&scrubbed, &|n| (n == "API_KEY").then(|| value.to_owned()));
        assert_eq!(back, text);
        // An unknown secret leaves its placeholder.
        assert_eq!(expand_placeholders("k={{secret:OTHER:base64}}", &|_| None), "k={{secret:OTHER:base64}}");
    }

    #[test]
    fn a_short_secret_round_trips_in_a_cassette() {
        let mut r = Redactor::default();
        r.add_named("UID", "42");
        let scrubbed = r.placeholders_str("/users/42?n=420");
        assert_eq!(scrubbed, "/users/{{secret:UID}}?n={{secret:UID}}0");
        assert_eq!(expand_placeholders(&scrubbed, &|_| Some("42".into())), "/users/42?n=420");
    }

    #[test]
    fn longest_value_first() {
        let mut r = Redactor::default();
        r.add("abc");
        r.add("abcdef");
        assert_eq!(r.redact_str("abcdef abc"), "[redacted] [redacted]");
    }
}
