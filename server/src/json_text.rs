//! JSON text as clients send it, made readable by serde_json where `JSON.parse` (the SDK's
//! parser) would read it: for the MCP stdio transport ([`crate::mcp`]) and the Trove wire
//! ([`crate::wire`]).

/// Replaces, in place, each lone surrogate escape inside the JSON strings of `line` with
/// `\ufffd` (the same length); a pair (`\ud83d\ude00`) and every other byte are left alone.
pub(crate) fn repair_lone_surrogates(line: &mut [u8]) {
    fn unit(bytes: &[u8], at: usize) -> Option<u16> {
        let escape = bytes.get(at..at + 6)?;
        if escape[0] != b'\\' || escape[1] != b'u' {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(&escape[2..]).ok()?, 16).ok()
    }
    let high = 0xD800..0xDC00;
    let low = 0xDC00..0xE000;
    let mut in_string = false;
    let mut i = 0;
    while i < line.len() {
        match line[i] {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                match unit(line, i) {
                    Some(u) if high.contains(&u) && unit(line, i + 6).is_some_and(|next| low.contains(&next)) => i += 12,
                    Some(u) if high.contains(&u) || low.contains(&u) => {
                        line[i + 2..i + 6].copy_from_slice(b"fffd");
                        i += 6;
                    }
                    Some(_) => i += 6,
                    // Any other escape is two bytes (`\"`, `\\`, `\n`…).
                    None => i += 2,
                }
                continue;
            }
            // A line break ends a message; a string cannot hold one raw.
            b'\n' => in_string = false,
            _ => {}
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogate_escapes_become_the_replacement_character() {
        let repaired = |text: &str| {
            let mut bytes = text.as_bytes().to_vec();
            repair_lone_surrogates(&mut bytes);
            String::from_utf8(bytes).unwrap()
        };
        assert_eq!(repaired(r#"{"a":"hi \ud83d"}"#), r#"{"a":"hi \ufffd"}"#);
        assert_eq!(repaired(r#"{"a":"\uDE00 x \ud83d\u0041"}"#), r#"{"a":"\ufffd x \ufffd\u0041"}"#);
        // Pairs, other escapes, an escaped backslash before `u`, and text outside strings stay.
        for kept in [r#"{"a":"\ud83d\ude00"}"#, r#"{"a":"\\ud83d \" \n \u00e9"}"#, r#"{"\ud83d\udE00":1}"#, r#"{"a":"x"} \ud83d"#] {
            assert_eq!(repaired(kept), kept);
        }
        let fixed = repaired(r#"{"a":"cut \ud83d","b":["\udc00"]}"#);
        assert_eq!(serde_json::from_str::<serde_json::Value>(&fixed).unwrap()["a"], "cut \u{fffd}");
    }
}
