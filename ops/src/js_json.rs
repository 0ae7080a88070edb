//! JSON text that JavaScript made (`JSON.stringify` in the isolate), read in Rust.
//!
//! `JSON.stringify` writes a lone UTF-16 surrogate, which a JavaScript string may hold and a
//! Rust string cannot, as an escape (`"\ud800"`, ECMA-262 well-formed `JSON.stringify`).
//! serde_json refuses such an escape, so a tool that returned or logged a string with one (a
//! string cut in the middle of an emoji, say) failed its call with a "malformed envelope" or a
//! "log line is not JSON" error, where the SDK under Node answers. Here each lone surrogate
//! reads as U+FFFD, as V8 turns one into UTF-8 (`String::WriteUtf8` with
//! `REPLACE_INVALID_UTF8`).

use std::borrow::Cow;

use serde::de::DeserializeOwned;

/// `text` (JSON from the isolate) as a `T`, each lone surrogate escape read as U+FFFD.
///
/// # Errors
/// As `serde_json::from_str` for the text with its lone surrogates replaced: `text` is not
/// JSON, or not a `T`.
pub fn from_js_json<T: DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    match serde_json::from_str(text) {
        Ok(value) => Ok(value),
        Err(error) => match replace_lone_surrogates(text) {
            Cow::Owned(fixed) => serde_json::from_str(&fixed),
            Cow::Borrowed(_) => Err(error),
        },
    }
}

/// The four hex digits at `at`, as a code unit.
fn hex4(bytes: &[u8], at: usize) -> Option<u32> {
    let digits = bytes.get(at..at + 4)?;
    digits.iter().try_fold(0, |unit, &d| Some(unit * 16 + char::from(d).to_digit(16)?))
}

const HIGH: std::ops::Range<u32> = 0xD800..0xDC00;
const LOW: std::ops::Range<u32> = 0xDC00..0xE000;

/// `text` with every `\uXXXX` escape inside a JSON string that is a lone surrogate (a high one
/// not followed by a low one, or a low one alone) replaced by `\ufffd`. Borrowed when there is
/// none. Escaped backslashes (`\\ud800` is a backslash and text) are left as they are.
fn replace_lone_surrogates(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let (mut copied, mut i, mut in_string) = (0, 0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                in_string = !in_string;
                i += 1;
            }
            b'\\' if in_string => {
                let unit = if bytes.get(i + 1) == Some(&b'u') { hex4(bytes, i + 2) } else { None };
                let Some(unit) = unit else {
                    i += 2; // any other escape, `\"` and `\\` among them
                    continue;
                };
                let paired = HIGH.contains(&unit)
                    && bytes.get(i + 6..i + 8) == Some(b"\\u")
                    && hex4(bytes, i + 8).is_some_and(|next| LOW.contains(&next));
                if paired {
                    i += 12;
                } else if HIGH.contains(&unit) || LOW.contains(&unit) {
                    out.push_str(&text[copied..i]);
                    out.push_str("\\ufffd");
                    i += 6;
                    copied = i;
                } else {
                    i += 6;
                }
            }
            _ => i += 1,
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    #[test]
    fn lone_surrogates_read_as_replacement_characters() {
        let read = |text: &str| from_js_json::<Value>(text).unwrap();
        assert_eq!(read(r#"["a\ud800b"]"#), json!(["a\u{fffd}b"]));
        assert_eq!(read(r#"["\udc00"]"#), json!(["\u{fffd}"]));
        assert_eq!(read(r#"{"t":"x\ud83d"}"#), json!({"t": "x\u{fffd}"}), "a high surrogate at the end");
        assert_eq!(read(r#"["\ud83d\ud83d\ude00"]"#), json!(["\u{fffd}😀"]), "a high one before a pair");
        assert_eq!(read(r#"{"\ud800":1}"#), json!({"\u{fffd}": 1}), "in a key");
    }

    #[test]
    fn well_formed_text_is_read_as_serde_json_reads_it() {
        for text in [r#"["\ud83d\ude00"]"#, r#"["\u00e9\"\\u","\\ud800"]"#, r#"{"a":[1,"\n"]}"#] {
            assert_eq!(from_js_json::<Value>(text).unwrap(), serde_json::from_str::<Value>(text).unwrap(), "{text}");
            assert!(matches!(replace_lone_surrogates(text), Cow::Borrowed(_)), "{text} was rewritten");
        }
    }

    #[test]
    fn bad_json_is_still_an_error() {
        assert!(from_js_json::<Value>(r#"["\ud800"#).is_err());
        assert!(from_js_json::<Value>("nope").is_err());
        assert!(from_js_json::<Value>(r#"["\uZZZZ"]"#).is_err());
    }
}
