//! Issue #9, part 1, through the real CLI path: a toolkit prints its secret in every encoding
//! one built-in call produces (ctx.log, console.*, an error's message, a network error's
//! detail in the host log); none of them reaches stderr, while the envelope stays verbatim.

use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use serde_json::Value;

use crate::fixture;

const SECRET: &str = "hunter2 Pa$$w0rd!(x)*";
const PIN: &str = "90817263545";

/// The characters of base64(prefix + SECRET) that depend on SECRET alone.
fn base64_core(encoded: &str, prefix_len: usize) -> String {
    encoded[(8 * prefix_len).div_ceil(6)..(8 * (prefix_len + SECRET.len())) / 6].to_owned()
}

/// What must never appear, computed here independently of the redactor.
fn forbidden() -> Vec<(&'static str, String)> {
    let hex: String = SECRET.bytes().map(|b| format!("{b:02x}")).collect();
    vec![
        ("raw", SECRET.to_owned()),
        ("encodeURIComponent", "hunter2%20Pa%24%24w0rd!(x)*".to_owned()),
        ("encodeURI / URL href", "hunter2%20Pa$$w0rd!(x)*".to_owned()),
        ("URLSearchParams", "hunter2+Pa%24%24w0rd%21%28x%29*".to_owned()),
        ("hex", hex.clone()),
        ("HEX", hex.to_uppercase()),
        ("base64 at 0", base64_core(&STANDARD.encode(SECRET), 0)),
        ("base64 at 1", base64_core(&STANDARD.encode(format!("x{SECRET}")), 1)),
        ("base64 at 2", base64_core(&STANDARD.encode(format!("xy{SECRET}")), 2)),
        ("basic auth", base64_core(&STANDARD.encode(format!("apiuser@example.com:{SECRET}")), "apiuser@example.com:".len())),
        ("error's base64", base64_core(&STANDARD.encode(format!("u:{SECRET}")), 2)),
        ("base64url", base64_core(&URL_SAFE_NO_PAD.encode(format!("ab{SECRET}")), 2)),
        ("JSON escaped", "hunter2 Pa$$w0rd!(x)*".to_owned()),
        ("a number", PIN.to_owned()),
    ]
}

#[test]
fn no_encoding_of_a_secret_reaches_the_host_log() {
    let leaky = fixture("leaky");
    let env = [("TROVE_SECRET_S", SECRET), ("TROVE_SECRET_PIN", PIN), ("RUST_LOG", "trove=debug")];
    for tool in ["encodings", "crash"] {
        let out = trove_host_tests::run_cli(&["call", leaky.to_str().unwrap(), tool], &env, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("[redacted]"), "{tool}: {stderr}");
        for (what, text) in forbidden() {
            assert!(!stderr.contains(&text), "{tool}: the secret as {what} ({text}) is in the host log:\n{stderr}");
        }
        if tool == "encodings" {
            // The network error's detail (reqwest's "error sending request for url (…)") is there,
            // redacted.
            assert!(stderr.contains("error sending request for url (https://api.leaky.invalid/v1?key=[redacted])"), "{stderr}");
            // The envelope carries what the handler returned, verbatim.
            let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
            let forms: Value = serde_json::from_str(envelope["result"]["text"].as_str().unwrap()).unwrap();
            assert_eq!(forms["raw"], SECRET);
            assert_eq!(forms["encodeURIComponent"], "hunter2%20Pa%24%24w0rd!(x)*");
        }
    }
}

/// A scratch toolkit `name` declaring `secrets`, with one tool, `go`, that reads each into a
/// constant named as the secret in lower case (`Q` → `q`), runs `body`, and answers `done`.
fn secrets_toolkit(name: &str, secrets: &[&str], body: &str) -> std::path::PathBuf {
    let declared = secrets.iter().map(|s| format!("'{s}'")).collect::<Vec<_>>().join(", ");
    let reads: String = secrets.iter().map(|s| format!("const {} = await ctx.requireSecret('{s}'); ", s.to_lowercase())).collect();
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: 'secrets', name: 'S', description: 'S.', icon: '🧪', version: '1.0.0', secrets: [{declared}],\n\
           tools: [tool({{ name: 'go', description: 'Go.', input: z.object({{}}), handler: async (_a, ctx) => {{\n\
             {reads}\n{body}\nreturn 'done'; }} }})] }});\n"
    );
    crate::scratch_toolkit(name, &[("extension.ts", source.as_str())])
}

/// `console.*` quotes a string inside an object with the first of `"`, `'` and `` ` `` it does
/// not hold, escaping that quote, `\` and control characters; and `btoa` encodes a value with
/// a letter like `ä` as Latin-1, not UTF-8. Neither form was redacted (review 17). A symbol's
/// description is written as it is (review 56).
#[test]
fn quoted_console_forms_and_latin1_base64_are_redacted() {
    use base64::engine::general_purpose::STANDARD;
    const QUOTES: &str = "ab'c\"d\\efgh-1234";
    const CONTROL: &str = "abcd\u{1b}efgh-1234";
    const LATIN1: &str = "Pässwort-Geheim-2024";
    let kit = secrets_toolkit(
        "console-quoted-secrets",
        &["Q", "C", "L"],
        "console.log('obj', { s: q }); console.log('hdr', new Headers({ authorization: 'Bearer ' + q }));\n\
         console.log('ctl', { c }); console.log('arr', [c, q]); console.log('sym', Symbol(c), [Symbol(q)]);\n\
         console.log('auth', 'Basic ' + btoa('alice:' + l)); ctx.log('token', btoa(l)); console.log({ hex: Array.from(l, (ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('') });",
    );
    let env = [("TROVE_SECRET_Q", QUOTES), ("TROVE_SECRET_C", CONTROL), ("TROVE_SECRET_L", LATIN1)];
    let out = trove_host_tests::run_cli(&["call", kit.to_str().unwrap(), "go"], &env, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let latin1: Vec<u8> = LATIN1.chars().map(|c| u8::try_from(u32::from(c)).unwrap()).collect();
    let basic = STANDARD.encode([b"alice:".as_slice(), &latin1].concat());
    let forbidden = [
        ("backtick-quoted", "ab'c\"d\\\\efgh-1234".to_owned()),
        ("an escaped control character", "abcd\\x1Befgh-1234".to_owned()),
        // A symbol's description (review 56): deno quoted it in its own escaping; Node writes it
        // as it is, which the log then escapes.
        ("in deno's escaping", "abcd\\x1befgh-1234".to_owned()),
        ("a symbol's description, as the log escapes it", "abcd\\u{1b}efgh-1234".to_owned()),
        ("btoa of Latin-1", STANDARD.encode(&latin1).trim_end_matches('=').to_owned()),
        ("btoa of Latin-1 after 'alice:'", basic[8..8 + (8 * latin1.len()) / 6].to_owned()),
        ("Latin-1 hex", latin1.iter().map(|b| format!("{b:02x}")).collect::<String>()),
    ];
    for (what, text) in forbidden {
        assert!(!stderr.contains(&text), "the secret {what} ({text}) is in the host log:\n{stderr}");
    }
    assert!(stderr.matches("[redacted]").count() >= 8, "{stderr}");
}

/// A secret in a console format string with more arguments was printed after substitution
/// (`%%` as `%`, `%s` as the next argument), a form redaction cannot know; `escape()` of an ASCII
/// value, and a value percent-encoded twice (a URL in a URL's query), were not redacted either
/// (review 35), nor were `console.assert`'s message and `console.timeLog`'s label (review 36).
/// A format that holds no secret is still substituted as Node does.
#[test]
fn format_strings_escape_and_urls_in_urls_keep_a_secret_out_of_the_log() {
    const PERCENT: &str = "hunter2%%LongPass%sword99";
    const ASCII: &str = "P@ssw0rd!Summer2024";
    let kit = secrets_toolkit(
        "format-string-secrets",
        &["P", "A"],
        "console.log('login with ' + p, { attempt: 1 }); console.warn(p, 'rejected'); console.error('%s:' + p, 'x', 'y');\n\
         console.log('plain %s and %d%%', 'text', 42);\n\
         console.assert(false, 'assert ' + p, 'x'); console.time(p); console.timeLog(p, 'y');\n\
         ctx.log('escaped', escape(a)); console.log('escaped ' + escape(a));\n\
         ctx.log('next', 'https://a.example/?next=' + encodeURIComponent('https://b.example/cb?key=' + encodeURIComponent(a)));",
    );
    let env = [("TROVE_SECRET_P", PERCENT), ("TROVE_SECRET_A", ASCII)];
    let out = trove_host_tests::run_cli(&["call", kit.to_str().unwrap(), "go"], &env, None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for leaked in ["LongPass", "Summer2024", "P@ssw0rd"] {
        assert!(!stderr.contains(leaked), "{leaked} is in the host log:\n{stderr}");
    }
    assert!(stderr.contains("login with [redacted] { attempt: 1 }"), "{stderr}");
    assert!(stderr.contains("[redacted] rejected"), "{stderr}");
    assert!(stderr.contains("plain text and 42%"), "a format without a secret is substituted: {stderr}");
    assert!(stderr.contains("Assertion failed: assert [redacted] x"), "{stderr}");
    assert!(stderr.matches("[redacted]").count() >= 6, "{stderr}");
}

/// The requests and logs of `conformance --results` hold no secret in any encoding (an OAuth
/// mint's `Basic` header encodes `id:secret`, so the secret sits mid-string), while the
/// envelopes there are exactly what the handlers returned.
#[test]
fn results_files_hold_no_encoded_secret_and_verbatim_envelopes() {
    let corpus = crate::repo_root().join("../shared/conformance");
    if !corpus.join("cases").is_dir() {
        return trove_host_tests::missing_prerequisite(&format!("no conformance corpus at {}", corpus.display()));
    }
    let results = crate::scratch_toolkit("results-leaks", &[(".keep", "")]).join("results.json");
    let out = trove_host_tests::run_cli(&["conformance", corpus.to_str().unwrap(), "--results", results.to_str().unwrap()], &[], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let results: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let mut checked = 0;
    for file in std::fs::read_dir(corpus.join("cases")).unwrap() {
        let file = file.unwrap().path();
        let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for case in &cases {
            let result = results.iter().find(|r| r["name"] == case["name"] && r["toolkit"] == file.file_stem().unwrap().to_str().unwrap()).unwrap();
            let mut differences = Vec::new();
            trove_host::cases::compare("envelope", case.get("hostExpect").unwrap_or(&case["expect"]), &result["envelope"], &mut differences);
            assert!(differences.is_empty(), "envelopes are verbatim: {differences:?}");
            let written = format!("{}{}", result["requests"], result["logs"]);
            let secrets: Vec<&str> = case["secrets"].as_object().unwrap().values().filter_map(Value::as_str).filter(|s| s.len() >= 8).collect();
            for secret in &secrets {
                assert!(!written.contains(secret), "{}: {secret} in {written}", case["name"]);
                // Mid-string base64, as in `Basic base64(id:secret)`: the characters that
                // depend on the secret alone, at each alignment.
                for prefix in ["", "x", "xy"] {
                    let encoded = STANDARD.encode(format!("{prefix}{secret}"));
                    let core = &encoded[(8 * prefix.len()).div_ceil(6)..(8 * (prefix.len() + secret.len())) / 6];
                    assert!(!written.contains(core), "{}: {secret} as base64 ({core}) in {written}", case["name"]);
                }
                checked += 1;
            }
        }
    }
    // Every secret of 8 characters or more that the corpus's cases set: all of them, exactly.
    assert_eq!(checked, 65, "secrets checked");
}

/// `JSON.parse` of a secret that is not JSON (a key kept where a JSON credential was expected)
/// quotes none of it in its message: V8 quotes up to 20 characters around the bad token, a
/// window the redactor cannot recognise as the secret (found by a hostile review). Text that
/// holds no secret is quoted as V8 quotes it.
#[test]
fn json_parse_errors_quote_no_window_of_a_secret() {
    const KEY: &str = "Zq8Lm2Xv9Rt4Np7Wk3Hs6Jd1Fb5Gc0Ty";
    let kit = crate::scratch_toolkit(
        "json-parse-secret",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, ToolError, z } from '@ontrove/extend/toolkit';\n\
             const message = (text: string) => { try { JSON.parse(text); return 'parsed'; } catch (e) { return (e as Error).message; } };\n\
             export default defineToolkit({ id: 'jsonsecret', name: 'J', description: 'J.', icon: '🧪', version: '1.0.0', secrets: ['SERVICE_ACCOUNT'],\n\
               tools: [tool({ name: 'go', description: 'Go.', input: z.object({}), handler: async (_a, ctx) => {\n\
                 const key = (await ctx.requireSecret('SERVICE_ACCOUNT')) as string;\n\
                 const plain = message('Zebra crossing at the corner');\n\
                 const inside = message('{\"key\": ' + key + '}');\n\
                 ctx.log('inside', inside);\n\
                 ctx.log('body', await new Response(key).json().catch((e) => e.message));\n\
                 console.error('plain', plain);\n\
                 JSON.parse(key);\n\
                 throw new ToolError(plain);\n\
               } })] });\n",
        )],
    );
    let out = trove_host_tests::run_cli(&["call", kit.to_str().unwrap(), "go"], &[("TROVE_SECRET_SERVICE_ACCOUNT", KEY)], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    for start in 0..=KEY.len() - 6 {
        let window = &KEY[start..start + 6];
        assert!(!stderr.contains(window) && !stdout.contains(window), "{window} of the secret is out:\n{stderr}\n{stdout}");
    }
    assert!(stderr.contains(r#"Unexpected token 'Z', \"[redacted]\" is not valid JSON"#), "{stderr}");
    assert!(stderr.contains(r#"["inside","Unexpected token 'Z', \"[redacted]\" is not valid JSON"]"#), "the secret inside a larger text: {stderr}");
    // Response.json() parses with the same JSON.parse, as undici does under Node.
    assert!(stderr.contains(r#"["body","Unexpected token 'Z', \"[redacted]\" is not valid JSON"]"#), "{stderr}");
    // Text without a secret: V8's own excerpt.
    assert!(stderr.contains(r#"plain Unexpected token 'Z', "Zebra cros"... is not valid JSON"#), "{stderr}");
}

/// A replayed cassette's placeholders are filled in with the secrets' values, which the toolkit
/// can read in a response without ever asking `ctx.secret`: they are redacted all the same
/// (found by a hostile review: its `ctx.log` printed the key, raw and as base64).
#[test]
fn secrets_a_replayed_response_carries_are_redacted_unread() {
    const KEY: &str = "sk-live-Zq8Lm2Xv9Rt4Np7";
    let kit = crate::scratch_toolkit(
        "replay-secret-unread",
        &[
            (
                "extension.ts",
                "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
                 export default defineToolkit({ id: 'casleak', name: 'C', description: 'C.', icon: '🧪', version: '1.0.0',\n\
                   egress: ['api.example.com'], secrets: ['API_KEY'],\n\
                   tools: [tool({ name: 'go', description: 'Go.', input: z.object({}), handler: async (_a, ctx) => {\n\
                     const r = await ctx.fetch('https://api.example.com/echo');\n\
                     ctx.log('upstream said', await r.text(), r.headers.get('x-echo'));\n\
                     return 'done';\n\
                   } })] });\n",
            ),
            (
                "cassette.json",
                r#"[{"request":{"method":"GET","url":"https://api.example.com/echo"},
                    "response":{"status":200,"headers":{"x-echo":"{{secret:API_KEY:base64}}"},"body":"next=https://api.example.com/p2?key={{secret:API_KEY}}"}}]"#,
            ),
        ],
    );
    let cassette = kit.join("cassette.json");
    let out = trove_host_tests::run_cli(
        &["call", kit.to_str().unwrap(), "go", "--replay", cassette.to_str().unwrap()],
        &[("TROVE_SECRET_API_KEY", KEY)],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(r#"["upstream said","next=https://api.example.com/p2?key=[redacted]","[redacted]"]"#), "{stderr}");
    assert!(!stderr.contains(KEY) && !stderr.contains(&STANDARD.encode(KEY)), "{stderr}");
}
