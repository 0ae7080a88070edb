//! Contract §2: `defineToolkit` validates the config when the toolkit is imported.
//! Manifest-level problems are all reported together in one message
//! `defineToolkit: <id> has an invalid declaration:\n  <p1>\n  <p2>`, with the tools' problems
//! after them; tool-level problems alone are each a line in the SDK's words (host: the SDK throws
//! at the first one found, which is the first line).
//!
//! Each case is the same valid toolkit with one part of its config overridden.

use trove_host::{LoadError, Toolkit};

use crate::{call, scratch_toolkit};

/// A valid toolkit whose config is spread with `overrides` (a JS object literal).
fn source(overrides: &str) -> String {
    format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         const ping = tool({{ name: 'ping', description: 'Ping.', input: z.object({{}}), handler: async () => 'pong' }});\n\
         export default defineToolkit({{\n\
         \x20 id: 'valid-kit', name: 'Valid kit', description: 'A valid toolkit.', icon: '🔧', version: '1.0.0',\n\
         \x20 tools: [ping],\n\
         \x20 ...({overrides}),\n\
         }});\n"
    )
}

/// The load error of the toolkit with `overrides`; panics if it loads.
async fn load_error(overrides: &str) -> String {
    let dir = scratch_toolkit("validation", &[("extension.ts", &source(overrides))]);
    match Toolkit::load(&dir).await {
        Ok(_) => panic!("a toolkit with {overrides} loaded, but must be refused"),
        Err(e @ LoadError::Threw { .. }) => e.message().to_owned(),
        Err(other) => panic!("{overrides}: expected defineToolkit to throw at import, got {other:?}"),
    }
}

/// Asserts `message` is the collected-problems message for `id` with exactly one problem line
/// per entry of `problems`, each line containing every fragment of its entry.
fn assert_problems(message: &str, id: &str, problems: &[&[&str]]) {
    let header = format!("defineToolkit: {id} has an invalid declaration:");
    let mut lines = message.split('\n');
    assert_eq!(lines.next(), Some(header.as_str()), "message: {message:?}");
    let lines: Vec<&str> = lines.collect();
    assert_eq!(lines.len(), problems.len(), "expected {} problem line(s) in {message:?}", problems.len());
    for (line, fragments) in lines.iter().zip(problems) {
        assert!(line.starts_with("  ") && !line[2..].starts_with(' '), "problem lines are indented by two spaces: {line:?}");
        for fragment in *fragments {
            assert!(line.contains(fragment), "problem line {line:?} should mention {fragment:?}");
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn the_base_declaration_is_valid() {
    // The control for every case below: only the override makes them fail.
    let dir = scratch_toolkit("validation", &[("extension.ts", &source("{ visibility: 'private', egress: ['api.example.com:8443'] }"))]);
    let mut toolkit = crate::load(&dir).await;
    assert_eq!(toolkit.id(), "valid-kit");
    let outcome = call(&mut toolkit, "ping", serde_json::json!({})).await;
    assert_eq!(outcome.envelope, serde_json::json!({ "ok": true, "result": { "text": "pong" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn bad_id() {
    let message = load_error("{ id: 'Weather_Now' }").await;
    assert_eq!(message, "defineToolkit: Weather_Now has an invalid declaration:\n  id \"Weather_Now\" must match /^[a-z0-9-]+$/");
}

#[tokio::test(flavor = "current_thread")]
async fn empty_name_description_or_icon() {
    for key in ["name", "description", "icon"] {
        let message = load_error(&format!("{{ {key}: '' }}")).await;
        assert_problems(&message, "valid-kit", &[&[key]]);
        let message = load_error(&format!("{{ {key}: '   ' }}")).await;
        assert_problems(&message, "valid-kit", &[&[key]]);
    }
}

#[tokio::test(flavor = "current_thread")]
async fn bad_version() {
    for version in ["1.0", "v1.0.0", "1.0.0-", "1.0.0.0"] {
        let message = load_error(&format!("{{ version: '{version}' }}")).await;
        assert_problems(&message, "valid-kit", &[&["version", &format!("\"{version}\"")]]);
    }
    let message = load_error("{ version: '1.0' }").await;
    assert!(message.ends_with("\n  version \"1.0\" is not a semver string"), "{message:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn bad_visibility() {
    let message = load_error("{ visibility: 'unlisted' }").await;
    assert_problems(&message, "valid-kit", &[&["visibility", "\"unlisted\""]]);
}

#[tokio::test(flavor = "current_thread")]
async fn bad_secret_name() {
    let message = load_error("{ secrets: ['API_KEY', 'api_key', '9LIVES'] }").await;
    assert_eq!(
        message,
        "defineToolkit: valid-kit has an invalid declaration:\n  \
         secrets entry \"api_key\" must be a NAME (UPPER_SNAKE_CASE)\n  \
         secrets entry \"9LIVES\" must be a NAME (UPPER_SNAKE_CASE)"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn bad_egress_entries() {
    let message = load_error(
        "{ egress: ['api.example.com', 'https://feeds.example.org/rss', '*.substack.com', 'localhost', 'API.Example.com', 'api.example.com:8443'] }",
    )
    .await;
    let problem = |entry: &str| format!("egress entry \"{entry}\" is not a bare hostname (optional :port)");
    assert_eq!(
        message,
        format!(
            "defineToolkit: valid-kit has an invalid declaration:\n  {}\n  {}\n  {}\n  {}",
            problem("https://feeds.example.org/rss"),
            problem("*.substack.com"),
            problem("localhost"),
            problem("API.Example.com"),
        )
    );
}

#[tokio::test(flavor = "current_thread")]
async fn bad_scope() {
    let message = load_error("{ scopes: ['trove:search', 'trove:write'] }").await;
    assert_problems(&message, "valid-kit", &[&["scopes", "\"trove:write\""]]);
}

#[tokio::test(flavor = "current_thread")]
async fn bad_auth_type() {
    let message = load_error(
        "{ auth: { type: 'api_key', tokenUrl: 'https://auth.example.com/token', clientIdSecret: 'ID', clientSecretSecret: 'SECRET', apiHost: 'api.example.com' } }",
    )
    .await;
    assert_problems(&message, "valid-kit", &[&["auth", "\"api_key\""]]);
}

/// **host**: an auth block that the rest of the declaration does not let work is refused at
/// load, every problem listed: its secrets must be declared, its token URL must pass egress, and
/// its API host must be allowlisted.
#[tokio::test(flavor = "current_thread")]
async fn auth_beyond_the_declared_grant() {
    let message = load_error(
        "{ secrets: ['ID'], egress: ['api.example.com'], auth: { type: 'oauth2_client_credentials', tokenUrl: 'https://evil.example.net/token', clientIdSecret: 'ID', clientSecretSecret: 'UNDECLARED', apiHost: 'other.example.com' } }",
    )
    .await;
    assert_problems(
        &message,
        "valid-kit",
        &[
            &["auth.clientSecretSecret \"UNDECLARED\" is not declared in secrets"],
            &["auth.tokenUrl \"https://evil.example.net/token\" is refused", "\"evil.example.net\" is not in the server's egress allowlist"],
            &["auth.apiHost \"other.example.com\" is not a host in egress"],
        ],
    );
    // The same block within its grant loads.
    let granted = "{ secrets: ['ID', 'SECRET'], egress: ['api.example.com', 'auth.example.com:8443'], auth: { type: 'oauth2_client_credentials', tokenUrl: 'https://auth.example.com:8443/token', clientIdSecret: 'ID', clientSecretSecret: 'SECRET', apiHost: 'api.example.com' } }";
    let dir = scratch_toolkit("validation", &[("extension.ts", &source(granted))]);
    assert_eq!(crate::load(&dir).await.id(), "valid-kit");
}

#[tokio::test(flavor = "current_thread")]
async fn bad_config_field_type() {
    let message = load_error("{ config: { region: { label: 'Region', type: 'select' }, city: { type: 'text' } } }").await;
    assert_problems(&message, "valid-kit", &[&["config", "\"region\"", "\"select\""]]);
}

#[tokio::test(flavor = "current_thread")]
async fn empty_tools() {
    let message = load_error("{ tools: [] }").await;
    assert_problems(&message, "valid-kit", &[&["tools", "non-empty"]]);
}

#[tokio::test(flavor = "current_thread")]
async fn several_manifest_problems_are_reported_together() {
    let message = load_error("{ id: 'Bad_Id', version: '1', secrets: ['lower'], egress: ['*.example.com'] }").await;
    assert_eq!(
        message,
        "defineToolkit: Bad_Id has an invalid declaration:\n  \
         id \"Bad_Id\" must match /^[a-z0-9-]+$/\n  \
         version \"1\" is not a semver string\n  \
         secrets entry \"lower\" must be a NAME (UPPER_SNAKE_CASE)\n  \
         egress entry \"*.example.com\" is not a bare hostname (optional :port)"
    );
}

// Tool-level checks: one problem is the SDK's message, without the collected-problems header.

/// Every tool-level problem is listed, each in the SDK's words, in the SDK's order (every
/// tool's checks, then the schemas of the tools that passed them): the first line is what the
/// SDK throws.
#[tokio::test(flavor = "current_thread")]
async fn several_tool_problems_are_reported_together() {
    let message = load_error(
        "{ tools: [\
           tool({ name: 'echo', description: 'Echo.', input: z.string(), handler: async (t: string) => t }), \
           ping, tool({ ...ping, description: 'Another ping.' }), \
           tool({ name: 'stats', input: z.object({}) } as any), \
           tool({ name: 'get weather', description: 'Weather.', input: z.object({}), handler: async () => 'x' })] }",
    )
    .await;
    assert_eq!(
        message,
        "defineToolkit: duplicate tool name \"ping\"\n\
         defineToolkit: tool \"stats\" needs a description\n\
         defineToolkit: tool \"stats\" needs a handler function\n\
         defineToolkit: tool name \"get weather\" must match /^[a-zA-Z0-9_-]+$/\n\
         tool \"echo\" input schema must be an object (z.object({...})), got type \"string\""
    );
}

/// A tools array of 50 million holes is not listed hole by hole (nor walked to its end): the
/// first hundred problems, then one line saying there are more.
#[tokio::test(flavor = "current_thread")]
async fn a_huge_array_of_bad_tools_lists_a_hundred_problems() {
    let message = load_error("{ tools: Object.assign([ping], { length: 5e7 }) }").await;
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), 101, "{}", &message[..message.len().min(400)]);
    // Each names its entry (review 45, R45-07: an `undefined` from a helper that forgot to return).
    assert_eq!(lines[0], "defineToolkit: every tool must be an object (use tool({...})): tools[1] is undefined");
    assert_eq!(lines[99], "defineToolkit: every tool must be an object (use tool({...})): tools[100] is undefined");
    assert_eq!(lines[100], "defineToolkit: (more tool problems not listed)");
}

/// With a declaration problem, the tools' problems are lines of the same list.
#[tokio::test(flavor = "current_thread")]
async fn tool_problems_follow_the_declaration_s() {
    let message = load_error("{ version: '1', tools: [ping, ping] }").await;
    assert_problems(&message, "valid-kit", &[&["version \"1\" is not a semver string"], &["duplicate tool name \"ping\""]]);
    assert!(!message.contains("  defineToolkit:"), "{message:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn bad_tool_name() {
    let message = load_error(
        "{ tools: [tool({ name: 'get weather', description: 'Weather.', input: z.object({}), handler: async () => 'x' })] }",
    )
    .await;
    assert!(message.starts_with("defineToolkit: "), "{message:?}");
    assert!(message.contains("\"get weather\""), "{message:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn duplicate_tool_names() {
    let message = load_error("{ tools: [ping, tool({ ...ping, description: 'Another ping.' })] }").await;
    assert_eq!(message, "defineToolkit: duplicate tool name \"ping\"");
}

#[tokio::test(flavor = "current_thread")]
async fn missing_description() {
    for description in ["undefined", "''"] {
        let message = load_error(&format!(
            "{{ tools: [tool({{ name: 'nodesc', description: {description}, input: z.object({{}}), handler: async () => 'x' }} as any)] }}"
        ))
        .await;
        assert!(message.starts_with("defineToolkit: "), "{message:?}");
        assert!(message.contains("\"nodesc\"") && message.contains("description"), "{message:?}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn missing_handler() {
    let message = load_error("{ tools: [tool({ name: 'stats', description: 'Stats.', input: z.object({}) } as any)] }").await;
    assert_eq!(message, "defineToolkit: tool \"stats\" needs a handler function");
}

#[tokio::test(flavor = "current_thread")]
async fn input_without_safe_parse() {
    let message = load_error(
        "{ tools: [tool({ name: 'raw', description: 'Raw JSON schema input.', input: { type: 'object', properties: {} }, handler: async () => 'x' } as any)] }",
    )
    .await;
    assert!(message.starts_with("defineToolkit: "), "{message:?}");
    assert!(message.contains("\"raw\"") && message.contains("input"), "{message:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn non_object_input() {
    let message = load_error(
        "{ tools: [tool({ name: 'echo', description: 'Echo.', input: z.string(), handler: async (t: string) => t })] }",
    )
    .await;
    assert_eq!(message, "tool input schema must be an object (z.object({...})), got type \"string\"");
}

/// The SDK's schema message does not name its tool; the first line stays in its words, and each
/// one after it says which tool it is about (review 25).
#[tokio::test(flavor = "current_thread")]
async fn schema_problems_after_the_first_name_their_tool() {
    let message = load_error(
        "{ tools: [tool({ name: 'alpha', description: 'A.', input: z.string(), handler: async () => 'x' }), \
                   tool({ name: 'beta', description: 'B.', input: z.object({}), output: z.array(z.string()), handler: async () => 'x' })] }",
    )
    .await;
    assert_eq!(
        message,
        "tool input schema must be an object (z.object({...})), got type \"string\"\n\
         tool \"beta\" output schema must be an object (z.object({...})), got type \"array\""
    );
}

/// A tool whose input schema has a key with a lone UTF-16 surrogate (half of an emoji) cannot be
/// called by that key over JSON, so the toolkit does not load, and says why (the SDK under Node
/// would serve it; the wire cannot carry the key).
#[tokio::test(flavor = "current_thread")]
async fn a_lone_surrogate_in_a_schema_key_is_refused_at_load() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        const key = 'k' + '😀'.slice(0, 1);\n\
        export default defineToolkit({ id: 'halves', name: 'Halves', description: 'Half an emoji.', icon: '🔧', version: '1.0.0',\n\
        \x20 tools: [tool({ name: 'ping', description: 'Ping.', input: z.object({ [key]: z.string() }), handler: async () => 'pong' })] });\n";
    let dir = scratch_toolkit("validation", &[("extension.ts", source)]);
    match Toolkit::load(&dir).await {
        Ok(_) => panic!("a toolkit with a lone surrogate in a schema key loaded"),
        Err(e) => assert!(e.to_string().contains("lone UTF-16 surrogate"), "{e}"),
    }
}

/// Unknown keys are allowed (contract §2), so a misspelt optional one drops what it meant without
/// a word: `secret` declares no secrets, `ouput` no output schema. The host warns of the likely
/// ones, once per toolkit, and loads it as the SDK would; an author's own keys pass unremarked.
#[test]
fn a_misspelt_key_is_warned_of_and_the_toolkit_still_loads() {
    let dir = scratch_toolkit(
        "validation",
        &[(
            "extension.ts",
            &source(
                "{ secret: ['API_KEY'], author: 'me', tools: [tool({ name: 'ping', description: 'Ping.', input: z.object({}), \
                 ouput: z.object({}), handler: async () => 'pong' })] }",
            ),
        )],
    );
    let entry = dir.join("extension.ts").display().to_string();
    let out = trove_host_tests::run_cli(&["list", dir.to_str().unwrap()], &[("NO_COLOR", "1")], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let warnings: Vec<&str> = stderr.lines().filter(|l| l.contains(" WARN ")).collect();
    assert_eq!(warnings.len(), 2, "{stderr}");
    assert!(warnings[0].ends_with(&format!("{entry}: defineToolkit: the config's key \"secret\" is ignored: did you mean \"secrets\"? toolkit=valid-kit")), "{stderr}");
    assert!(warnings[1].contains(&format!("{entry}: defineToolkit: tool \"ping\"'s key \"ouput\" is ignored: did you mean \"output\"?")), "{stderr}");
    let tools: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the tool list");
    assert_eq!(tools[0]["name"], "ping");
}

/// A tool's own keys go to Rust only to look for a misspelling: one JSON cannot carry (a lone
/// UTF-16 surrogate) must not stop a toolkit that loads under the SDK from loading.
#[tokio::test(flavor = "current_thread")]
async fn a_tool_key_json_cannot_carry_does_not_stop_the_load() {
    let dir = scratch_toolkit(
        "validation",
        &[("extension.ts", &source("{ tools: [tool({ name: 'ping', description: 'Ping.', input: z.object({}), handler: async () => 'pong', ['k' + '😀'.slice(0, 1)]: 1 } as any)] }"))],
    );
    let mut toolkit = crate::load(&dir).await;
    let outcome = call(&mut toolkit, "ping", serde_json::json!({})).await;
    assert_eq!(outcome.envelope, serde_json::json!({ "ok": true, "result": { "text": "pong" } }));
}
