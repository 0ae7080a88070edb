//! Contract §1: what a toolkit may import, how its entry file is found, and how loading
//! failures are reported (naming the specifier, the importing file, or the thrown message).

use serde_json::json;
use trove_host::{InstanceOptions, LoadError, Toolkit};

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

/// A top-level `await` that nothing can settle fails the load saying so, at the `await`: not
/// "threw … (not an Error)" at 1:1, which the engine gave for an `await` of a call (review 45,
/// R45-07a). With several top-level awaits the engine cannot place, each is named.
#[tokio::test(flavor = "current_thread")]
async fn a_top_level_await_that_never_settles_is_named_where_it_waits() {
    const NEVER: &str = "a top-level await never settled: nothing left to run can settle the promise it waits for";
    for (tag, body, at) in [
        ("tla-call", "await new Promise<void>(() => {});\n", "2:1"),
        ("tla-name", "const ready = new Promise<void>(() => {});\n\n  await ready;\n", "4:3"),
        ("tla-for", "const never = { [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<number>>(() => {}) }) };\nfor await (const x of never) void x;\n", "3:1"),
    ] {
        let source = VALID_TAIL.replacen('\n', &format!("\n{body}"), 1);
        let dir = scratch_toolkit(tag, &[("extension.ts", &source)]);
        let (_, text) = load_failure(&dir).await;
        assert_eq!(text, format!("{}:{at}: {NEVER}", dir.join("extension.ts").display()), "{tag}");
    }
    let source = VALID_TAIL.replacen('\n', "\nawait Promise.resolve();\nif (Math.random() < 2) await Promise.race([new Promise(() => {})]);\n", 1);
    let dir = scratch_toolkit("tla-two", &[("extension.ts", &source)]);
    let (_, text) = load_failure(&dir).await;
    assert_eq!(text, format!("{}: {NEVER} (one of the top-level awaits at 2:1, 3:24)", dir.join("extension.ts").display()));
}

/// The engine stops at the first bad import; the load error lists every one in the graph, each
/// at its file, line and column, so a user fixes them in one go (review 25). Imports that
/// transpiling removes (type-only ones) are not problems and are not listed.
#[tokio::test(flavor = "current_thread")]
async fn every_bad_import_of_the_graph_is_listed_with_its_line() {
    let dir = scratch_toolkit(
        "bad-imports",
        &[
            (
                "extension.ts",
                &format!(
                    "import type {{ T }} from 'node:types-only';\n\
                     import {{ helper }} from './helper.ts';\n\
                     import fs from 'node:fs';\n\
                     export * from './gone.ts';\n\
                     import data from './d.txt';\n\
                     import cfg from './helper.ts' with {{ type: 'json' }};\n\
                     void fs; void data; void cfg; void helper; export type U = T;\n{VALID_TAIL}"
                ),
            ),
            ("helper.ts", "import { Foo } from 'only-types';\nimport 'lodash';\nimport './extension.ts';\nexport const helper = (x: Foo) => x;\n"),
            ("d.txt", "{}"),
        ],
    );
    let (error, text) = load_failure(&dir).await;
    assert!(matches!(error, LoadError::Module(_)), "{error:?}");
    let (entry, helper) = (dir.join("extension.ts").display().to_string(), dir.join("helper.ts").display().to_string());
    let only = "a toolkit may import only '@ontrove/extend/toolkit' and relative files of its own";
    let expected = [
        format!("{entry}:3:16: Cannot import \"node:fs\": {only}"),
        format!("{entry}:4:15: Cannot import \"./gone.ts\": {} does not exist", dir.join("gone.ts").display()),
        format!("{entry}:6:17: Cannot import \"./helper.ts\" with {{ type: 'json' }}: it is not a .json file"),
        format!("{helper}:2:8: Cannot import \"lodash\": {only}"),
        format!("{entry}:5:18: Cannot load {}: only .ts, .mts, .js, .mjs and .json modules are supported", dir.join("d.txt").display()),
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), expected, "{text}");
}

/// The engine stops linking at the first import of a name its module does not export; the load
/// names every one (a name only a type uses is not imported once transpiled, as under Node).
#[tokio::test(flavor = "current_thread")]
async fn every_import_of_a_missing_export_is_listed_with_its_line() {
    let dir = scratch_toolkit(
        "missing-exports",
        &[
            (
                "extension.ts",
                &format!(
                    "import {{ z as zod, nope }} from '@ontrove/extend/toolkit';\n\
                     import {{ type T, a, b as bee, unusedAlso }} from './lib.ts';\n\
                     import def from './lib.ts';\n\
                     import data from './data.json';\n\
                     export {{ q, shared }} from './lib.ts';\n\
                     const t: T = 1; void t; void zod; void nope; void a; void bee; void def; void data;\n{VALID_TAIL}"
                ),
            ),
            ("lib.ts", "export * from './more.ts';\nexport type T = number;\nexport const a = 1;\nexport { gone as b } from './more.ts';\n"),
            ("more.ts", "export const shared = 2;\nexport default 3;\n"),
            ("data.json", "{\"k\": 1}"),
        ],
    );
    let (error, text) = load_failure(&dir).await;
    assert!(matches!(error, LoadError::Module(_)), "{error:?}");
    let (entry, lib) = (dir.join("extension.ts").display().to_string(), dir.join("lib.ts").display().to_string());
    let expected = [
        format!("{entry}:1:20: The requested module '@ontrove/extend/toolkit' does not provide an export named 'nope'"),
        format!("{entry}:3:8: The requested module './lib.ts' does not provide an export named 'default'"),
        format!("{entry}:5:10: The requested module './lib.ts' does not provide an export named 'q'"),
        format!("{lib}:4:10: The requested module './more.ts' does not provide an export named 'gone'"),
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), expected, "{text}");
}

/// Toolkits bundled for the Node SDK (esbuild) may import `./util` for `./util.ts`, `./lib` for
/// `./lib/index.ts`, and JSON files, with `with { type: 'json' }` or without (review 24).
#[tokio::test(flavor = "current_thread")]
async fn extensionless_imports_and_json_files_load_as_esbuild_finds_them() {
    let dir = scratch_toolkit(
        "esbuild-style",
        &[
            (
                "extension.ts",
                "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
                 import { twice } from './util';\n\
                 import { label } from './lib';\n\
                 import codes from './codes.json';\n\
                 import attributed from './codes.json' with { type: 'json' };\n\
                 export default defineToolkit({ id: 'esbuild-style', name: 'E', description: 'E.', icon: 'e', version: '1.0.0',\n\
                   tools: [tool({ name: 'ping', description: 'Ping.', input: z.object({}), handler: async () =>\n\
                     [twice(2), label, codes.ok, attributed.ok, Object.getPrototypeOf(codes.weird) === Object.prototype, Object.keys(codes.weird).join()].join(' ') })] });\n",
            ),
            ("util.ts", "export const twice = (n: number): number => n * 2;\n"),
            ("lib/index.ts", "export const label = 'lib';\n"),
            ("codes.json", r#"{ "ok": "yes", "weird": { "__proto__": { "x": 1 } } }"#),
        ],
    );
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "ping", json!({})).await;
    assert_eq!(outcome.envelope.json(), json!({ "ok": true, "result": { "text": "4 lib yes yes true __proto__" } }));

    // A bad JSON file is named with its line; a folder without an index says so.
    let dir = scratch_toolkit(
        "esbuild-style-bad",
        &[
            ("extension.ts", &format!("import bad from './bad.json';\nimport './folder';\nvoid bad;\n{VALID_TAIL}")),
            ("bad.json", "{\n  \"a\": 1,\n}\n"),
            ("folder/readme.md", "no index here"),
        ],
    );
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains(&format!("{}: key must be a string at line 3 column 1", dir.join("bad.json").display())), "{text}");
    assert!(text.contains(&format!("Cannot import \"./folder\": {} is a folder with no index.ts or index.js", dir.join("folder").display())), "{text}");
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
async fn a_throw_in_a_helper_at_import_names_the_helper_and_its_line() {
    // Before, both were reported against extension.ts with no line (review 15).
    let dir = scratch_toolkit(
        "throws-in-helper",
        &[
            ("extension.ts", &format!("import {{ y }} from './lib.ts';\nvoid y;\n{VALID_TAIL}")),
            ("lib.ts", "export const x = 1;\nconst obj: any = undefined;\nexport const y = obj.field;\n"),
        ],
    );
    let (err, text) = load_failure(&dir).await;
    assert!(err.message().contains("undefined"), "{err:?}");
    let at = format!("{}:3:", dir.join("lib.ts").display());
    assert!(text.starts_with(&at), "should start with {at}: {text}");
    // A circular import read before it is initialised: the line in the module that read it
    // (b imports a, which imports b back and reads it first).
    let dir = scratch_toolkit(
        "throws-circular",
        &[
            ("extension.ts", &format!("import {{ b }} from './b.ts';\nvoid b;\n{VALID_TAIL}")),
            ("a.ts", "import { b } from './b.ts';\nexport const a = 'a' + b;\n"),
            ("b.ts", "import { a } from './a.ts';\nexport const b = a.length;\n"),
        ],
    );
    let (_, text) = load_failure(&dir).await;
    assert!(text.starts_with(&format!("{}:2:", dir.join("a.ts").display())), "{text}");
    // A value that is not an Error has no stack: the load says what was thrown and why no line
    // (before: "Uncaught (in promise) plain string", review 16), a string quoted.
    let dir = scratch_toolkit("throws-string", &[("extension.ts", &format!("throw 'plain string';\n{VALID_TAIL}"))]);
    let (_, text) = load_failure(&dir).await;
    assert!(
        text.ends_with("threw \"plain string\" while the toolkit's modules were evaluated (this file or a module it imports: a value that is not an Error carries no stack to tell which, or the line)"),
        "{text}"
    );
    assert!(!text.contains("Uncaught"), "{text}");
    // An object as JSON, not `[object Object]` (review 61, F2), from a helper module too; an
    // object JSON cannot show, and a value with its own `toString`, as deno_core words them.
    for (thrown, shown) in [
        ("{ code: 'E_BAD', message: 'config broken', at: [1, 2] }", r#"threw {"code":"E_BAD","message":"config broken","at":[1,2]} while"#),
        ("42", "threw 42 while"),
        ("10n", "threw 10n while"),
        (
            "(() => { const e = new Error('settings.json is missing'); Object.setPrototypeOf(e, Object.prototype); return e; })()",
            r#"threw {"message":"settings.json is missing"} while"#,
        ),
        ("null", "threw null while"),
        ("(() => { const o: any = {}; o.self = o; return o; })()", "threw [object Object] while"),
        ("{ toString() { return 'told'; }, toJSON() { throw new Error('no'); } }", "threw told while"),
        ("'x'.repeat(5000)", &format!("threw \"{}… while", "x".repeat(1999))),
    ] {
        let dir = scratch_toolkit(
            "throws-object",
            &[("extension.ts", &format!("import './lib.ts';\n{VALID_TAIL}")), ("lib.ts", &format!("throw {thrown};\n"))],
        );
        let (_, text) = load_failure(&dir).await;
        assert!(text.contains(shown), "{thrown}: {text}");
        assert!(!text.contains("Uncaught"), "{text}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_thrown_value_without_a_string_form_fails_the_load_and_the_process_lives_on() {
    // Each made the engine binding's message of the exception null and the host panic
    // (exit 101, review 25).
    for thrown in [
        "Object.create(null)",
        "(() => { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; })()",
        "{ toString() { throw new Error('no'); } }",
    ] {
        let dir = scratch_toolkit("throws-odd", &[("extension.ts", &format!("{VALID_TAIL}\nthrow {thrown};\n"))]);
        let (err, text) = load_failure(&dir).await;
        assert!(matches!(err, LoadError::Threw { .. }), "{thrown}: {err:?}");
        assert!(text.contains(&dir.join("extension.ts").display().to_string()), "{thrown}: {text}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_helper_that_is_a_pipe_or_too_large_fails_the_load_naming_it() {
    // A named pipe blocked the load forever, beyond every limit; a sparse 1 GiB file was read
    // whole (review 25).
    let dir = scratch_toolkit("odd-files", &[("extension.ts", &format!("import './pipe.ts';\n{VALID_TAIL}"))]);
    let pipe = dir.join("pipe.ts");
    let c_path = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0, "mkfifo");
    let started = std::time::Instant::now();
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains(&pipe.display().to_string()) && text.contains("not a regular file"), "{text}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "the load waited on the pipe");

    let dir = scratch_toolkit("odd-files-big", &[("extension.ts", &format!("import './big.ts';\n{VALID_TAIL}"))]);
    let big = std::fs::File::create(dir.join("big.ts")).unwrap();
    big.set_len(33 * 1024 * 1024).unwrap();
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains("big.ts") && text.contains("larger than the 32 MiB a module may be"), "{text}");
}

#[tokio::test(flavor = "current_thread")]
async fn a_helper_nested_too_deeply_fails_its_load_naming_it_and_the_process_lives_on() {
    // 20,000 `+` in a row overflowed swc's stack and aborted the process (review 15).
    let deep = format!("export const d = \"ab\"{};\n", " + \"ab\"".repeat(20_000));
    let dir = scratch_toolkit(
        "deep-helper",
        &[("extension.ts", &format!("import {{ d }} from './deep.ts';\nvoid d;\n{VALID_TAIL}")), ("deep.ts", &deep)],
    );
    let (_, text) = load_failure(&dir).await;
    assert!(text.contains(&format!("{}: nests about 20001 levels deep at line 1, column ", dir.join("deep.ts").display())), "{text}");
    assert!(text.contains("the limit is 10000"), "{text}");
    // The same process loads a healthy toolkit afterwards.
    let fine = scratch_toolkit("deep-helper-after", &[("extension.ts", VALID_TAIL)]);
    Toolkit::load(&fine).await.expect("loads");
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

/// A toolkit at `toolkits/<id>/` whose entry is `entry` (extension.ts or server.ts) and imports
/// `import`, exporting a tool `which` that answers with the imported `shared`.
fn kit_importing(id: &str, import: &str) -> String {
    format!(
        "import {{ shared }} from '{import}';\n\
         import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: '{id}', name: 'Probe', description: 'Probe.', icon: '🧪', version: '1.0.0',\n\
           tools: [tool({{ name: 'which', description: 'Which.', input: z.object({{}}), handler: async () => shared }})] }});\n"
    )
}

/// A workspace (`<case>/ws`, marked by its `package.json`) with three toolkits sharing
/// `toolkits/lib/http.ts` under a plain name, and a file outside it (`<case>/outside.ts`).
fn workspace_case(tag: &str, extra: &[(&str, &str)]) -> std::path::PathBuf {
    let mut files: Vec<(&str, String)> = vec![
        ("outside.ts", "export const shared = 'stolen from outside the workspace';\n".into()),
        ("ws/package.json", "{ \"private\": true }\n".into()),
        ("ws/toolkits/lib/http.ts", "export const shared = 'from lib';\n".into()),
        ("ws/toolkits/alpha/extension.ts", kit_importing("alpha", "../lib/http.ts")),
        ("ws/toolkits/beta/server.ts", kit_importing("beta", "../lib/http.js")),
        ("ws/toolkits/gamma/extension.ts", kit_importing("gamma", "./nested/more.ts")),
        ("ws/toolkits/gamma/nested/more.ts", "export { shared } from '../../lib/http.ts';\n".into()),
        // A toolkit's own tsconfig.json (as `trove-host new` writes) does not cut it off.
        ("ws/toolkits/gamma/tsconfig.json", "{}\n".into()),
    ];
    files.extend(extra.iter().map(|(p, c)| (*p, (*c).to_owned())));
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, c)| (*p, c.as_str())).collect();
    scratch_toolkit(tag, &refs)
}

#[tokio::test(flavor = "current_thread")]
async fn toolkits_of_a_workspace_share_a_plainly_named_lib_folder() {
    let case = workspace_case("workspace", &[]);
    for id in ["alpha", "beta", "gamma"] {
        let mut toolkit = load(&case.join("ws/toolkits").join(id)).await;
        assert_eq!(toolkit.id(), id);
        let outcome = call(&mut toolkit, "which", json!({})).await;
        assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "from lib" } }), "{id}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn escapes_from_the_workspace_are_refused_naming_the_file() {
    let case = workspace_case("workspace-escape", &[]);
    let outside = case.join("outside.ts").display().to_string();
    // `../../../outside.ts` from ws/toolkits/kit; an absolute path (even to a file inside).
    let inside_absolute = case.join("ws/toolkits/lib/http.ts").display().to_string();
    for (tag, specifier) in [("dotdot", "../../../outside.ts"), ("absolute", outside.as_str()), ("absolute-inside", inside_absolute.as_str())] {
        let kit = case.join("ws/toolkits").join(format!("kit-{tag}"));
        std::fs::create_dir_all(&kit).unwrap();
        std::fs::write(kit.join("extension.ts"), kit_importing("escape", specifier)).unwrap();
        let (_, text) = load_failure(&kit).await;
        assert!(text.contains(&format!("\"{specifier}\"")), "error should name {specifier:?}: {text}");
        assert!(text.contains(&kit.join("extension.ts").display().to_string()), "error should name the importer: {text}");
    }
    // Whether a file outside exists cannot be told from the error (`import()` at run time
    // reaches the loader too): a missing and an existing file get the same refusal.
    for (tag, specifier) in [("exists", "../../../outside.ts"), ("missing", "../../../nothing-here.ts")] {
        let kit = case.join("ws/toolkits").join(format!("probe-{tag}"));
        std::fs::create_dir_all(&kit).unwrap();
        std::fs::write(kit.join("extension.ts"), kit_importing("probe", specifier)).unwrap();
        let (_, text) = load_failure(&kit).await;
        assert!(text.contains("is outside the toolkit's workspace root"), "{tag}: {text}");
        assert!(!text.contains("does not exist"), "{tag}: {text}");
    }
    let kit = case.join("ws/toolkits/kit-dotdot");
    let (_, text) = load_failure(&kit).await;
    assert!(text.contains("outside the toolkit's workspace root"), "{text}");
    assert!(text.contains(&case.join("ws").display().to_string()), "the message names the root: {text}");
}

/// Hidden files and folders of the workspace (`.config/gcloud/…json`, `.docker/config.json`)
/// hold tools' settings and credentials, never a toolkit's helpers: importing them is refused,
/// also through a link, while a toolkit that itself sits in a hidden folder loads (review 46).
#[cfg(unix)]
#[tokio::test(flavor = "current_thread")]
async fn hidden_files_of_the_workspace_are_not_importable() {
    let case = workspace_case(
        "workspace-hidden",
        &[
            ("ws/.config/gcloud/credentials.json", "{ \"private_key\": \"k\" }\n"),
            ("ws/toolkits/lib/.env.ts", "export const shared = 'a dotfile';\n"),
            ("ws/toolkits/creds/extension.ts", &kit_importing("creds", "../../.config/gcloud/credentials.json")),
            ("ws/toolkits/dotfile/extension.ts", &kit_importing("dotfile", "../lib/.env.ts")),
            ("ws/toolkits/linked/extension.ts", &kit_importing("linked", "../lib/settings.json")),
            ("ws/.hidden-kits/own/extension.ts", &kit_importing("own", "./helper.ts")),
            ("ws/.hidden-kits/own/helper.ts", "export const shared = 'its own helper';\n"),
            // A hidden folder of the same name as one on its way in, elsewhere: not its own.
            ("ws/.hidden-kits/own/peek.ts", "export { shared } from '../../toolkits/.hidden-kits/x.ts';\n"),
            ("ws/toolkits/.hidden-kits/x.ts", "export const shared = 'not its own';\n"),
            ("ws/.hidden-kits/peeking/extension.ts", &kit_importing("peeking", "../own/peek.ts")),
        ],
    );
    std::os::unix::fs::symlink(case.join("ws/.config/gcloud/credentials.json"), case.join("ws/toolkits/lib/settings.json")).unwrap();
    for (id, what) in [("creds", "hidden"), ("dotfile", "hidden"), ("linked", "symbolic link")] {
        let (_, text) = load_failure(&case.join("ws/toolkits").join(id)).await;
        assert!(text.contains(what), "{id}: {text}");
        assert!(!text.contains("private_key"), "{id}: {text}");
    }
    let (_, text) = load_failure(&case.join("ws/.hidden-kits/peeking")).await;
    assert!(text.contains("hidden") && text.contains("toolkits/.hidden-kits/x.ts"), "{text}");
    let mut own = load(&case.join("ws/.hidden-kits/own")).await;
    assert_eq!(call(&mut own, "which", json!({})).await.envelope, json!({ "ok": true, "result": { "text": "its own helper" } }));
}

#[cfg(unix)]
#[tokio::test(flavor = "current_thread")]
async fn a_symlink_out_of_the_workspace_is_refused() {
    let case = workspace_case(
        "workspace-symlink",
        &[("ws/toolkits/delta/extension.ts", &kit_importing("delta", "../lib/leak.ts")), ("elsewhere/x.ts", "export const shared = 'via a linked folder';\n")],
    );
    // A file link and a folder link inside the workspace, both pointing out of it.
    std::os::unix::fs::symlink(case.join("outside.ts"), case.join("ws/toolkits/lib/leak.ts")).unwrap();
    let (_, text) = load_failure(&case.join("ws/toolkits/delta")).await;
    assert!(text.contains("\"../lib/leak.ts\""), "{text}");
    assert!(!text.contains(&case.join("outside.ts").display().to_string()), "never names where the link leads: {text}");
    assert!(text.contains("reached through a symbolic link that leads outside the toolkit's workspace root"), "{text}");

    std::os::unix::fs::symlink(case.join("elsewhere"), case.join("ws/toolkits/linked")).unwrap();
    // A link to nothing, beside the link to a file.
    std::os::unix::fs::symlink(case.join("nothing-here.ts"), case.join("ws/toolkits/lib/dangling.ts")).unwrap();
    // Links to a fixed path used as a folder: one to a file that exists, one to nothing.
    std::os::unix::fs::symlink(case.join("outside.ts"), case.join("ws/toolkits/lib/to-file")).unwrap();
    std::os::unix::fs::symlink(case.join("no-such-file"), case.join("ws/toolkits/lib/to-nothing")).unwrap();
    // Through a folder link, a file outside that exists, one that does not, one in a folder that
    // does not, and through a file link, a target that exists and one that does not: one answer
    // for all, so a toolkit shipping links cannot probe the machine's files (hostile review).
    let mut answers = Vec::new();
    for (tag, specifier) in
        [("exists", "../linked/x.ts"), ("missing", "../linked/nothing.ts"), ("missing-dir", "../linked/no/dir.ts"), ("file-link", "../lib/leak.ts"), ("dangling", "../lib/dangling.ts"), ("via-file", "../lib/to-file/x.ts"), ("via-nothing", "../lib/to-nothing/x.ts"),
         // The names an extensionless or `.js` import also tries (review 26: `./no` for a link
         // to nothing answered "does not exist" where `./yes` for a link out answered this).
         ("file-link-bare", "../lib/leak"), ("dangling-bare", "../lib/dangling"), ("dangling-js", "../lib/dangling.js")]
    {
        let kit = case.join("ws/toolkits").join(format!("epsilon-{tag}"));
        std::fs::create_dir_all(&kit).unwrap();
        std::fs::write(kit.join("extension.ts"), kit_importing("epsilon", specifier)).unwrap();
        let (_, text) = load_failure(&kit).await;
        assert!(text.contains(&format!("\"{specifier}\"")), "{tag}: {text}");
        assert!(!text.contains("does not exist") && !text.contains(&case.join("elsewhere").display().to_string()), "{tag}: {text}");
        answers.push(text.replace(&format!("epsilon-{tag}"), "epsilon").replace(specifier, "SPEC").replace(&specifier[3..], "SPEC"));
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:#?}");

    // A link that stays inside the workspace is fine.
    std::os::unix::fs::symlink(case.join("ws/toolkits/lib/http.ts"), case.join("ws/toolkits/lib/alias.ts")).unwrap();
    let kit = case.join("ws/toolkits/zeta");
    std::fs::create_dir_all(&kit).unwrap();
    std::fs::write(kit.join("extension.ts"), kit_importing("zeta", "../lib/alias.ts")).unwrap();
    let mut toolkit = load(&kit).await;
    assert_eq!(call(&mut toolkit, "which", json!({})).await.envelope, json!({ "ok": true, "result": { "text": "from lib" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn an_explicit_root_narrows_or_widens_the_workspace() {
    let case = workspace_case("workspace-root", &[]);
    let alpha = case.join("ws/toolkits/alpha");
    // Narrowed to the toolkit's own folder: the shared lib is outside.
    let options = InstanceOptions { workspace_root: Some(alpha.clone()), ..InstanceOptions::default() };
    let err = Toolkit::load_instance(&alpha, options).await.err().expect("must not load");
    assert!(err.to_string().contains("\"../lib/http.ts\""), "{err}");
    // A toolkit outside the root named is refused as a whole.
    let options = InstanceOptions { workspace_root: Some(case.join("ws/toolkits/lib")), ..InstanceOptions::default() };
    let err = Toolkit::load_instance(&alpha, options).await.err().expect("must not load");
    assert!(err.to_string().contains("outside the workspace root"), "{err}");
}

#[tokio::test(flavor = "current_thread")]
async fn an_underscore_shared_folder_still_loads() {
    // The corpus's layout: toolkits/_shared beside toolkits/<id>, under toolkits/tsconfig.json.
    let case = scratch_toolkit(
        "sibling-shared",
        &[("tsconfig.json", "{}\n"), ("_shared/x.ts", "export const shared = 'from _shared';\n"), ("kit/extension.ts", &kit_importing("sibling-probe", "../_shared/x.ts"))],
    );
    let mut toolkit = load(&case.join("kit")).await;
    let outcome = call(&mut toolkit, "which", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "from _shared" } }));
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

/// zod is bundled with its names kept, also where bundling renamed a function to avoid a clash
/// (`z.string` was `string2`): what a toolkit can read of them is what it reads under Node (these
/// strings are Node 20 with zod 4.4.3).
#[tokio::test(flavor = "current_thread")]
async fn zods_names_read_as_under_node() {
    let body = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
export default defineToolkit({ id: 'names', name: 'Names', description: 'Names.', icon: 'x', version: '1.0.0',\n\
  tools: [tool({ name: 'names', description: 'Names.', input: z.object({}), handler: async () => {\n\
    let thrown = '';\n\
    try { z.string().refine(async () => true).parse('x'); } catch (e: any) { thrown = e.constructor.name; }\n\
    return [thrown, z.function.name, z.locales.de.name, z.locales.de.length, new z.ZodError([]).name,\n\
      z.string.name, z.enum.name, z.iso.datetime.name, z.locales.en.name].join(' ');\n\
  } })] });\n";
    let dir = scratch_toolkit("zod-names", &[("extension.ts", body)]);
    let mut t = load(&dir).await;
    let o = call(&mut t, "names", json!({})).await;
    assert_eq!(o.envelope.json()["result"]["text"], "$ZodAsyncError _function default 0 ZodError string _enum datetime default");
}

/// `z` and the namespaces under it (`z.core`, `z.core.util`, `z.locales`, `z.regexes`) behave as
/// the module namespace objects they are under Node: each export a data property, not
/// configurable, of an object that cannot be extended, with a null prototype and the tag
/// `Module`; assigning, adding or deleting throws. js/build-zod.mjs rewrites esbuild's
/// getter-per-export objects into this once zod has evaluated (one closure per export cost every
/// instance ~0.3 MiB). The expected line is Node 20 with zod 4.4.3, except where one attribute
/// shows: Node reports `writable: true` for an export it will not let you assign; an ordinary
/// object cannot do both, so here it is `false`, and the namespace is therefore frozen.
#[tokio::test(flavor = "current_thread")]
async fn zods_namespaces_behave_as_under_node() {
    let body = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
const t = (f: () => void) => { try { f(); return 'ok'; } catch (e: any) { return e.constructor.name; } };\n\
const d = (o: any, k: string) => { const x = Object.getOwnPropertyDescriptor(o, k)!; return [typeof x.value, x.writable, x.enumerable, x.configurable, 'get' in x].join(); };\n\
export default defineToolkit({ id: 'ns', name: 'Namespaces', description: 'Namespaces.', icon: 'x', version: '1.0.0',\n\
  tools: [tool({ name: 'ns', description: 'Namespaces.', input: z.object({}), handler: async () => {\n\
    const zz: any = z;\n\
    return [\n\
      d(z, 'string'), d(z.core, '$ZodType'), d(z.core.util, 'normalizeParams'), d(z.locales, 'de'),\n\
      Object.isExtensible(z), Object.isExtensible(z.core),\n\
      t(() => { zz.string = 1; }), t(() => { zz.extraThing = 1; }), t(() => { delete zz.string; }),\n\
      typeof z.string, Object.keys(z).includes('object'), Object.keys(z.core).length > 100,\n\
      JSON.stringify(Object.keys(z.regexes).slice(0, 3)),\n\
      z.object({ a: z.string() }).safeParse({ a: 1 }).success,\n\
      Object.getPrototypeOf(z) === null, Object.prototype.toString.call(z.core), t(() => String(z)), Object.isFrozen(z),\n\
      JSON.stringify(Object.getOwnPropertyDescriptor(z, Symbol.toStringTag)), Reflect.ownKeys(z.locales).at(-1)!.toString(),\n\
    ].join(' | ');\n\
  } })] });\n";
    let dir = scratch_toolkit("zod-namespaces", &[("extension.ts", body)]);
    let mut t = load(&dir).await;
    let o = call(&mut t, "ns", json!({})).await;
    let node = "function,true,true,false,false | function,true,true,false,false | function,true,true,false,false | \
        function,true,true,false,false | false | false | TypeError | TypeError | TypeError | function | true | true | \
        [\"base64\",\"base64url\",\"bigint\"] | false | true | [object Module] | TypeError | false | \
        {\"value\":\"Module\",\"writable\":false,\"enumerable\":false,\"configurable\":false} | Symbol(Symbol.toStringTag)";
    let here = node.replace("function,true,", "function,false,").replace("TypeError | false |", "TypeError | true |");
    assert_eq!(o.envelope.json()["result"]["text"], here);
}

/// Each instance of a pool runs the toolkit's top level again: one that declares another policy
/// (egress, secrets, scopes, auth) than the first instance (which is what `manifest` and `GET`
/// show) does not load, so every instance enforces what is shown. A tool schema whose default
/// is computed at load may differ.
#[tokio::test(flavor = "current_thread")]
async fn an_instance_that_declares_differently_from_the_first_does_not_load() {
    let body = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
const host = `h${Math.random().toString(36).slice(2, 10)}.example.com`;\n\
export default defineToolkit({ id: 'shifty', name: 'Shifty', description: 'Shifty.', icon: 'x', version: '1.0.0', egress: [host],\n\
  tools: [tool({ name: 't', description: 'T.', input: z.object({}), handler: async () => host })] });\n";
    let dir = scratch_toolkit("shifty", &[("extension.ts", body)]);
    let first = load(&dir).await;
    let sibling = InstanceOptions { sibling: Some(first.scope().clone()), ..InstanceOptions::default() };
    let err = Toolkit::load_instance(&dir, sibling).await.err().expect("must not load");
    let text = err.to_string();
    assert!(
        text.contains("this instance declares other egress than the toolkit's first instance"),
        "{text}"
    );

    // The same policy written in another order, with a duplicate, loads as a sibling.
    let reordered = scratch_toolkit(
        "reordered",
        &[(
            "extension.ts",
            &body.replace("egress: [host]", "egress: ['b.example.com', 'a.example.com', 'a.example.com']"),
        )],
    );
    let first = load(&reordered).await;
    // Instance 2 reads the file again (no module snapshot here), now in another order.
    std::fs::write(reordered.join("extension.ts"), body.replace("egress: [host]", "egress: ['a.example.com', 'b.example.com']")).unwrap();
    let sibling = InstanceOptions { sibling: Some(first.scope().clone()), ..InstanceOptions::default() };
    Toolkit::load_instance(&reordered, sibling).await.expect("the same egress set loads");

    // One that declares the same policy loads as a sibling, though its schema's default differs.
    let steady = scratch_toolkit(
        "steady",
        &[(
            "extension.ts",
            &body
                .replace("Math.random().toString(36).slice(2, 10)", "'steady'")
                .replace("z.object({})", "z.object({ at: z.number().default(() => Math.random()) })"),
        )],
    );
    let first = load(&steady).await;
    let sibling = InstanceOptions { sibling: Some(first.scope().clone()), ..InstanceOptions::default() };
    Toolkit::load_instance(&steady, sibling).await.expect("the same declaration loads");
}

/// zod's message locales other than English load on first use (js/build-zod.mjs); each gives
/// the messages it gives under Node (these strings are Node 20 with zod 4.4.3).
#[tokio::test(flavor = "current_thread")]
async fn zod_locales_load_on_first_use_and_speak_their_language() {
    let body = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
export default defineToolkit({ id: 'locales', name: 'Locales', description: 'Locales.', icon: 'x', version: '1.0.0',\n\
  tools: [tool({ name: 'say', description: 'Says.', input: z.object({ lang: z.string() }), handler: async ({ lang }) => {\n\
    // The locales module reads no global when it loads: a replaced one cannot break it.\n\
    const saved = Number;\n\
    (globalThis as any).Number = undefined;\n\
    try { z.locales.fr(); } finally { (globalThis as any).Number = saved; }\n\
    z.config((z.locales as any)[lang]());\n\
    const said = z.string().min(3).safeParse('a').error!.issues[0].message;\n\
    z.config(z.locales.en());\n\
    return `${Object.keys(z.locales).length} ${said}`;\n\
  } })] });\n";
    let dir = scratch_toolkit("zod-locales", &[("extension.ts", body)]);
    let mut t = load(&dir).await;
    for (lang, said) in [
        ("de", "52 Zu klein: erwartet, dass string >=3 Zeichen hat"),
        ("ja", "52 \u{5c0f}\u{3055}\u{3059}\u{304e}\u{308b}\u{5024}: string\u{306f}3\u{6587}\u{5b57}\u{4ee5}\u{4e0a}\u{3067}\u{3042}\u{308b}\u{5fc5}\u{8981}\u{304c}\u{3042}\u{308a}\u{307e}\u{3059}"),
        ("en", "52 Too small: expected string to have >=3 characters"),
    ] {
        let o = call(&mut t, "say", json!({ "lang": lang })).await;
        assert_eq!(o.envelope.json()["result"]["text"], said, "{lang}");
    }
}

/// zod's builder methods (`optional`, `min`, …) are installed on a schema class's prototype by
/// the first instance; js/build-zod.mjs makes the method literal only then (`lazyMethodGroups`).
/// Every instance behaves as under Node (the expected line is Node 20 with zod 4.4.3): first and
/// later instances, a detached method, own keys once a method is touched, a prototype's getter,
/// and a toolkit whose `WeakMap.prototype.get` answers `0` for a missing key, which zod's own
/// check reads as "not installed" (a guard in front of the call read it as an answer: review 63).
#[tokio::test(flavor = "current_thread")]
async fn zod_builder_methods_behave_as_under_node_on_every_instance() {
    let body = r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({ id: 'zm', name: 'zm', description: 'zm', icon: 'x', version: '1.0.0', tools: [tool({ name: 'run', description: 'run', input: z.object({}), handler: async () => {
  const out: any[] = [];
  const wmGet = WeakMap.prototype.get;
  WeakMap.prototype.get = function (this: any, k: any) { const v = wmGet.call(this, k); return v === undefined ? 0 : v; };
  try {
    const a = z.cuid2(), b = z.cuid2();
    out.push(Object.keys(a).length === Object.keys(b).length, typeof a.optional, Object.keys(a).includes('optional'));
    const opt = b.optional;
    out.push(Object.keys(b).includes('optional'), opt().safeParse(undefined).success, opt === b.optional);
    const n = z.int().min(2).max(5);
    out.push(n.safeParse(3).success, n.safeParse(9).error!.issues[0].code, n.minValue, n.maxValue);
    const o = z.looseObject({ s: z.string().trim().toLowerCase() }).extend({ k: z.array(z.number()).nonempty() });
    out.push(JSON.stringify(o.parse({ s: ' AB ', k: [1], x: 1 })), JSON.stringify(z.toJSONSchema(o.pick({ k: true }))));
    const p = Object.getPrototypeOf(z.string());
    out.push(typeof p.max, Object.getOwnPropertyDescriptor(p, 'max')?.enumerable, 'get' in (Object.getOwnPropertyDescriptor(p, 'max') ?? {}));
  } finally {
    WeakMap.prototype.get = wmGet;
  }
  return JSON.stringify(out);
} })] });
"#;
    let dir = scratch_toolkit("zod-methods", &[("extension.ts", body)]);
    let mut t = load(&dir).await;
    let o = call(&mut t, "run", json!({})).await;
    assert_eq!(o.envelope.json()["result"]["text"], r#"[true,"function",true,true,true,true,true,"too_big",2,5,"{\"s\":\"ab\",\"k\":[1],\"x\":1}","{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\"properties\":{\"k\":{\"minItems\":1,\"type\":\"array\",\"items\":{\"type\":\"number\"}}},\"required\":[\"k\"],\"additionalProperties\":{}}","function",true,false]"#, "{}", o.envelope.json());
}

#[tokio::test(flavor = "current_thread")]
async fn a_toolkit_whose_top_level_keeps_a_timer_loads_and_its_timer_runs_during_calls() {
    // As under Node: module evaluation finishes although a top-level interval keeps running.
    let body = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
let ticks = 0;\n\
setInterval(() => { ticks += 1; }, 1);\n\
export default defineToolkit({ id: 'ticker', name: 'Ticker', description: 'Counts.', icon: 'x', version: '1.0.0',\n\
  tools: [tool({ name: 'ticks', description: 'Ticks.', input: z.object({}), handler: async () => {\n\
    const before = ticks;\n\
    await new Promise((r) => setTimeout(r, 30));\n\
    return ticks > before ? 'ticking' : `stuck at ${ticks}`;\n\
  } })] });\n";
    let dir = scratch_toolkit("top-level-interval", &[("extension.ts", body)]);
    let loaded = tokio::time::timeout(std::time::Duration::from_secs(20), Toolkit::load(&dir)).await;
    let mut toolkit = loaded.expect("loading waited for a timer that never ends").expect("load");
    let out = call(&mut toolkit, "ticks", json!({})).await;
    assert_eq!(out.envelope.json()["result"]["text"], "ticking", "{}", out.envelope);
}

#[tokio::test(flavor = "current_thread")]
async fn a_top_level_await_that_never_settles_fails_the_load_naming_it() {
    let dir = scratch_toolkit(
        "stalled-await",
        &[("extension.ts", &format!("{VALID_TAIL}\nawait new Promise(() => {{}});\n"))],
    );
    let loaded = tokio::time::timeout(std::time::Duration::from_secs(20), load_failure(&dir)).await;
    let (_, text) = loaded.expect("a stalled top-level await hung the load");
    assert!(text.to_lowercase().contains("top-level await"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_load_names_the_files_it_read_and_looked_for() {
    // What `serve --watch` watches after a failed reload: the helper the edit imports before
    // it exists, one that does not transpile, and never a path outside the workspace.
    let case = workspace_case(
        "load-files",
        &[
            ("ws/toolkits/missing/extension.ts", &kit_importing("missing", "../lib2/deep/version.ts")),
            ("ws/toolkits/broken/extension.ts", &kit_importing("broken", "../lib/broken.ts")),
            ("ws/toolkits/lib/broken.ts", "export const shared = 'x' +;\n"),
            ("ws/toolkits/escape/extension.ts", &kit_importing("escape", "../../../elsewhere.ts")),
        ],
    );
    let host = trove_host::Host::new(trove_host::HostConfig::default()).unwrap();
    let kits = case.join("ws/toolkits");
    let files = |kit: &'static str| {
        let host = host.clone();
        let path = kits.join(kit);
        async move {
            let (loaded, files) = host.load_with_files(&path, trove_host::LoadOptions::default()).await;
            assert!(loaded.is_err(), "{kit} should not load");
            files
        }
    };
    assert_eq!(files("missing").await, vec![kits.join("lib2/deep/version.ts"), kits.join("missing/extension.ts")]);
    assert_eq!(files("broken").await, vec![kits.join("broken/extension.ts"), kits.join("lib/broken.ts")]);
    assert_eq!(files("escape").await, vec![kits.join("escape/extension.ts")], "nothing outside the workspace");

    let (loaded, files) = host.load_with_files(&kits.join("alpha"), trove_host::LoadOptions::default()).await;
    let alpha = loaded.expect("alpha loads");
    assert_eq!(files, vec![kits.join("alpha/extension.ts"), kits.join("lib/http.ts")]);
    assert_eq!(alpha.module_files(), files);
    assert!(alpha.missed_files().is_empty());
}

/// A module without a toolkit as its default export is named once, with what it must do
/// (review 28: the file was named twice).
#[tokio::test(flavor = "current_thread")]
async fn a_module_without_a_default_toolkit_is_named_once() {
    let dir = scratch_toolkit(
        "named-export",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export const toolkit = defineToolkit({ id: 'n', name: 'N', description: 'd', icon: 'i', version: '1.0.0',\n\
               tools: [tool({ name: 't', description: 'd', input: z.object({}), handler: async () => 'x' })] });\n",
        )],
    );
    let (_, text) = load_failure(&dir).await;
    let entry = dir.join("extension.ts").display().to_string();
    assert_eq!(text.matches(&entry).count(), 1, "{text}");
    assert!(text.contains("must `export default defineToolkit({...})` from '@ontrove/extend/toolkit'"), "{text}");
}

/// A toolkit whose own folder is the user's home folder does not load (review 56): it would be
/// its own workspace root, and every file in home importable (`~/work/creds.json`).
#[test]
fn a_toolkit_whose_folder_is_home_does_not_load() {
    let source = format!("import creds from './work/creds.json';\nvoid creds;\n{VALID_TAIL}");
    let home = scratch_toolkit("home-kit", &[("extension.ts", &source), ("work/creds.json", "{\"secret\": 1}")]);
    let out = trove_host_tests::run_cli(&["list", home.to_str().unwrap()], &[("HOME", home.to_str().unwrap())], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("a toolkit's folder may not be your home folder"), "{stderr}");
    // The same folder under another home loads.
    let out = trove_host_tests::run_cli(&["list", home.to_str().unwrap()], &[], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
