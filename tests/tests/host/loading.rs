//! Contract §1: what a toolkit may import, how its entry file is found, and how loading
//! failures are reported (naming the specifier, the importing file, or the thrown message).

use serde_json::json;
use trove_host::{LoadError, Toolkit};

use crate::{call, fixture, load, scratch_toolkit};

const VALID_TAIL: &str = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
export default defineToolkit({ id: 'loader-probe', name: 'Probe', description: 'Probe.', icon: '🧪', version: '1.0.0',\n\
  tools: [tool({ name: 'ping', description: 'Ping.', input: z.object({}), handler: async () => 'pong' })] });\n";

/// Loads `dir`, which must fail; returns the error's full text.
async fn load_failure(dir: &std::path::Path) -> (LoadError, String) {
    match Toolkit::load(dir).await {
        Ok(_) => panic!("{} loaded, but must fail", dir.display()),
        Err(e) => {
            let text = e.to_string();
            (e, text)
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn bad_specifiers_fail_at_load_naming_specifier_and_importer() {
    let elsewhere = fixture("envelopes/extension.ts").canonicalize().expect("fixture exists");
    let absolute = elsewhere.display().to_string();
    for specifier in ["node:fs", "lodash", "https://esm.sh/x", "ext:core/ops", "ext:trove/toolkit.js", absolute.as_str()] {
        let source = format!("import * as forbidden from '{specifier}';\nvoid forbidden;\n{VALID_TAIL}");
        let dir = scratch_toolkit("bad-import", &[("extension.ts", &source)]);
        let (_, text) = load_failure(&dir).await;
        let importer = dir.join("extension.ts").display().to_string();
        assert!(text.contains(&format!("\"{specifier}\"")), "error should name {specifier:?}: {text}");
        assert!(text.contains(&importer), "error should name the importing file {importer}: {text}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_bad_specifier_in_a_helper_names_the_helper() {
    let dir = scratch_toolkit(
        "bad-import-helper",
        &[
            ("extension.ts", &format!("import './helper.ts';\n{VALID_TAIL}")),
            ("helper.ts", "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"),
        ],
    );
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains("\"node:fs\""), "{text}");
    assert!(text.contains(&dir.join("helper.ts").display().to_string()), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn relative_import_escaping_the_tree_fails() {
    // <case>/outside.ts exists, but the toolkit is <case>/toolkits/kit: `../../outside.ts` leaves
    // both the toolkit and its sibling folders.
    let case = scratch_toolkit(
        "escape",
        &[
            ("outside.ts", "export const stolen = 'nope';\n"),
            ("toolkits/kit/extension.ts", &format!("import {{ stolen }} from '../../outside.ts';\nvoid stolen;\n{VALID_TAIL}")),
        ],
    );
    let kit = case.join("toolkits/kit");
    let (_, text) = load_failure(&kit).await;
    assert!(text.contains("\"../../outside.ts\""), "{text}");
    assert!(text.contains(&kit.join("extension.ts").display().to_string()), "{text}");
    assert!(text.contains("outside the toolkit"), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn missing_relative_file_fails_naming_it() {
    let dir = scratch_toolkit("missing-file", &[("extension.ts", &format!("import './nope.ts';\n{VALID_TAIL}"))]);
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains("\"./nope.ts\""), "{text}");
    assert!(text.contains(&dir.join("extension.ts").display().to_string()), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn js_suffix_sibling_shared_folder_enum_and_satisfies_work() {
    // shared-user imports `./util.js` (naming util.ts, which declares an enum and uses
    // `satisfies`) and `../_shared/greet.ts` (a sibling helper folder).
    let mut toolkit = load(&fixture("loading/shared-user")).await;
    assert_eq!(toolkit.id(), "shared-user");
    let outcome = call(&mut toolkit, "greet", json!({ "name": "Ada", "grumpy": true })).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "Hello, Ada (grumpy)" } }));
    let outcome = call(&mut toolkit, "greet", json!({ "name": "Bo" })).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "Hello, Bo (happy)" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn a_toolkit_that_throws_at_import_fails_with_its_message() {
    let dir = scratch_toolkit(
        "throws",
        &[("extension.ts", &format!("{VALID_TAIL}\nthrow new Error('WIDGET_URL must be configured before import');\n"))],
    );
    let (err, text) = load_failure(&dir).await;
    assert!(matches!(err, LoadError::Threw { .. }), "{err:?}");
    assert_eq!(err.message(), "WIDGET_URL must be configured before import");
    assert!(text.contains(&dir.join("extension.ts").display().to_string()), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn a_syntax_error_names_the_file() {
    let dir = scratch_toolkit(
        "syntax",
        &[
            ("extension.ts", &format!("import {{ broken }} from './broken.ts';\nvoid broken;\n{VALID_TAIL}")),
            ("broken.ts", "export const broken = ;\n"),
        ],
    );
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains(&dir.join("broken.ts").display().to_string()), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn a_module_without_a_default_definition_fails() {
    let dir = scratch_toolkit("no-default", &[("extension.ts", "export const notAToolkit = 1;\n")]);
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains(&dir.join("extension.ts").display().to_string()), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn server_ts_is_the_fallback_entry() {
    let mut toolkit = load(&fixture("loading/legacy-server")).await;
    assert_eq!(toolkit.id(), "legacy-server");
    assert!(toolkit.entry().ends_with("server.ts"), "{}", toolkit.entry().display());
    let outcome = call(&mut toolkit, "ping", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "pong from server.ts" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn extension_ts_wins_over_server_ts() {
    let dir = scratch_toolkit(
        "both-entries",
        &[("extension.ts", VALID_TAIL), ("server.ts", "throw new Error('server.ts must not be loaded');\n")],
    );
    let toolkit = load(&dir).await;
    assert!(toolkit.entry().ends_with("extension.ts"));
}

#[tokio::test(flavor = "current_thread")]
async fn an_entry_file_path_works() {
    let mut toolkit = load(&fixture("loading/entry-file/main.ts")).await;
    assert_eq!(toolkit.id(), "entry-file");
    let outcome = call(&mut toolkit, "ping", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "pong from main.ts" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn a_directory_without_an_entry_is_a_clear_error() {
    let dir = fixture("loading/_shared");
    let (err, text) = load_failure(&dir).await;
    assert!(matches!(err, LoadError::NotFound(_)), "{err:?}");
    assert!(text.contains("no extension.ts or server.ts"), "{text}");
    assert!(text.contains(&dir.display().to_string()), "{text}");

    let missing = fixture("loading/does-not-exist");
    let (err, text) = load_failure(&missing).await;
    assert!(matches!(err, LoadError::NotFound(_)), "{err:?}");
    assert!(text.contains("does-not-exist"), "{text}");
}

/// `<case>/kit` imports `../<specifier>`: only sibling folders named `_*` are shared folders.
fn sibling_case(tag: &str, import: &str) -> std::path::PathBuf {
    let case = scratch_toolkit(
        tag,
        &[
            ("_shared/x.ts", "export const shared = 'from _shared';\n"),
            ("other-toolkit/x.ts", "export const shared = 'from another toolkit';\n"),
            ("app/config.js", "export const shared = 'from the app config';\n"),
            (
                "kit/extension.ts",
                &format!(
                    "import {{ shared }} from '{import}';\n\
                     import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
                     export default defineToolkit({{ id: 'sibling-probe', name: 'Probe', description: 'Probe.', icon: '🧪', version: '1.0.0',\n\
                       tools: [tool({{ name: 'which', description: 'Which.', input: z.object({{}}), handler: async () => shared }})] }});\n"
                ),
            ),
        ],
    );
    case.join("kit")
}

#[tokio::test(flavor = "current_thread")]
async fn an_underscore_sibling_folder_is_importable() {
    let kit = sibling_case("sibling-shared", "../_shared/x.ts");
    let mut toolkit = load(&kit).await;
    let outcome = call(&mut toolkit, "which", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "from _shared" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn other_sibling_folders_are_refused() {
    for specifier in ["../other-toolkit/x.ts", "../app/config.js"] {
        let kit = sibling_case("sibling-other", specifier);
        let (_, text) = load_failure(&kit).await;
        assert!(text.contains(&format!("\"{specifier}\"")), "error should name {specifier:?}: {text}");
        assert!(text.contains(&kit.join("extension.ts").display().to_string()), "{text}");
        assert!(text.contains("outside the toolkit"), "{text}");
    }
}

/// An `input` that has `safeParse` (all contract §2 asks) but is not a zod schema cannot be
/// listed; the load error names the tool.
#[tokio::test(flavor = "current_thread")]
async fn a_non_zod_input_schema_fails_naming_the_tool() {
    let source = "import { defineToolkit, tool } from '@ontrove/extend/toolkit';\n\
        const input = { safeParse: (v: unknown) => ({ success: true, data: v }) };\n\
        export default defineToolkit({ id: 'non-zod', name: 'Probe', description: 'Probe.', icon: '🧪', version: '1.0.0',\n\
          tools: [tool({ name: 'lookup', description: 'Lookup.', input: input as never, handler: async () => 'x' })] });\n";
    let dir = scratch_toolkit("non-zod-input", &[("extension.ts", source)]);
    let (_, text) = load_failure(&dir).await;
    assert!(
        text.contains("defineToolkit: tool \"lookup\" input schema cannot be converted to JSON Schema: "),
        "{text}"
    );
}
