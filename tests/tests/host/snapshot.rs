//! The startup snapshot (runtime/src/snapshot.rs): an isolate restored from it shows a toolkit
//! what an isolate bootstrapped from source shows (every global, read once so the lazily loaded
//! classes are there too, and instances of the web classes; accessors are compared by presence:
//! the engine restores the built-ins' shared `get [Symbol.species]` as one function); a corrupt cached snapshot is made again, never
//! run; damaged bytecode kept between runs is compiled again, never run; isolates restored in
//! one process do not share a random sequence.

use std::path::Path;
use std::process::Output;

use serde_json::{json, Value};
use trove_host::{CallEnv, ToolCall};

use crate::{load, scratch_toolkit};

/// A toolkit whose one tool returns every property reachable from `globalThis` and a few web
/// class instances (breadth first, each object once, under the first path that reaches it): its
/// attributes, and for a function its name and length; for a primitive its value; and every
/// object's prototype and `Object.prototype.toString` tag.
const WALK: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';

async function walk(): Promise<string> {
  // Every global read once first: the web globals are accessors that load their script on first
  // read, and the classes behind them (deno_crypto's are the engine's native templates) are what
  // a restore can get wrong.
  for (const k of Reflect.ownKeys(globalThis)) globalThis[k as any];
  const key = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign']);
  const seen = new Map<object, string>();
  const out: string[] = [];
  // The prototypes of async functions and generators, named before the crypto objects: the
  // walk names an object by the first path that reaches it, and the order of deno_crypto's
  // methods (not compared, below) must not decide the name a toolkit's path shows.
  const intrinsics: [object, string][] = [
    [Object.getPrototypeOf(async function () {}), 'AsyncFunction.prototype'],
    [Object.getPrototypeOf(function* () {}), 'GeneratorFunction.prototype'],
    [Object.getPrototypeOf(async function* () {}), 'AsyncGeneratorFunction.prototype'],
  ];
  const queue: [object, string][] = [[globalThis, 'globalThis'], ...intrinsics, [crypto, 'crypto'], [crypto.subtle, 'subtle'], [key, 'key'],
    [new Response('x'), 'response'], [new URL('https://a.example/'), 'url'], [new TextDecoder(), 'decoder']];
  while (queue.length > 0) {
    const [o, path] = queue.shift()!;
    if (seen.has(o)) continue;
    seen.set(o, path);
    for (const k of Reflect.ownKeys(o)) {
      const name = typeof k === 'symbol' ? `[${k.description}]` : k;
      const d = Object.getOwnPropertyDescriptor(o, k)!;
      const flags = (d.writable ? 'w' : '-') + (d.enumerable ? 'e' : '-') + (d.configurable ? 'c' : '-');
      if ('value' in d) {
        const v = d.value;
        if (v !== null && (typeof v === 'object' || typeof v === 'function')) {
          const known = seen.get(v);
          const fn = typeof v === 'function' ? ` ${v.name}/${v.length}` : '';
          out.push(`${path}.${name} ${flags} ${typeof v}${fn}${known ? ' =' + known : ''}`);
          if (!known) queue.push([v, `${path}.${name}`]);
        } else {
          out.push(`${path}.${name} ${flags} ${typeof v} ${String(v).slice(0, 40)}`);
        }
      } else {
        out.push(`${path}.${name} ${flags} accessor get:${typeof d.get} set:${typeof d.set}`);
      }
    }
    const proto = Object.getPrototypeOf(o);
    out.push(`${path} tag ${Object.prototype.toString.call(o)}`);
    if (proto !== null) {
      out.push(`${path} proto ${seen.get(proto) ?? '?'}`);
      if (!seen.has(proto)) queue.push([proto, `${path}.__proto__`]);
    }
  }
  return out.sort().join('\n');
}

export default defineToolkit({
  id: 'walk', name: 'Walk', description: 'Lists the global object graph.', icon: 'w', version: '1.0.0', egress: [],
  tools: [
    tool({ name: 'walk', description: 'The graph.', input: z.object({}), handler: async () => walk() }),
    tool({ name: 'random', description: 'Math.random().', input: z.object({}), handler: async () => String(Math.random()) }),
  ],
});
"#;

fn walk_toolkit() -> std::path::PathBuf {
    scratch_toolkit("snapshot-walk", &[("extension.ts", WALK)])
}

/// `trove-host call <toolkit> walk` with the startup snapshot kept in `cache` (or, with
/// `snapshot: false`, none); its stdout's text and its stderr.
fn walk_with(toolkit: &Path, cache: &Path, snapshot: bool) -> (String, String) {
    let cache = cache.to_str().expect("UTF-8 path");
    let toolkit = toolkit.to_str().expect("UTF-8 path");
    let out: Output = trove_host_tests::run_cli(
        &["call", toolkit, "walk"],
        &[("TROVE_HOST_CACHE_DIR", cache), ("TROVE_HOST_SNAPSHOT", if snapshot { "1" } else { "0" })],
        None,
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
    let envelope: Value = serde_json::from_slice(&out.stdout).expect("an envelope");
    let text = envelope["result"]["text"].as_str().unwrap_or_else(|| panic!("no text: {envelope}")).to_owned();
    (text, stderr)
}

/// `walk`'s lines without the inside of deno_crypto's classes, which deno_core makes from the
/// engine's native templates: restored, their native methods have no `prototype` object (as in
/// Node) and `Crypto.prototype` is not enumerable. Their names and tags are compared (below).
fn comparable(walk: &str) -> String {
    let inside = |line: &str| {
        ["globalThis.Crypto.", "globalThis.CryptoKey.", "globalThis.SubtleCrypto.", "crypto.__proto__.", "key.__proto__.", "subtle.__proto__."]
            .iter()
            .any(|prefix| line.starts_with(prefix))
    };
    walk.lines().filter(|line| !inside(line)).collect::<Vec<_>>().join("\n")
}

/// The lines of `a` and `b` that differ, for a readable failure.
fn difference(a: &str, b: &str) -> String {
    let a: std::collections::BTreeSet<&str> = a.lines().collect();
    let b: std::collections::BTreeSet<&str> = b.lines().collect();
    let only_a: Vec<&str> = a.difference(&b).copied().take(20).collect();
    let only_b: Vec<&str> = b.difference(&a).copied().take(20).collect();
    format!("only bootstrapped from source:\n  {}\nonly restored:\n  {}", only_a.join("\n  "), only_b.join("\n  "))
}

#[test]
fn a_restored_isolate_shows_a_toolkit_what_a_bootstrapped_one_shows() {
    let toolkit = walk_toolkit();
    let cache = scratch_toolkit("snapshot-cache", &[(".keep", "")]);
    let (source, _) = walk_with(&toolkit, &cache, false);
    // Made in this run (nothing cached yet), then read back from the cache.
    let (made, _) = walk_with(&toolkit, &cache, true);
    let (cached, _) = walk_with(&toolkit, &cache, true);
    let names = [
        "globalThis.Crypto w-c function Crypto/0",
        "globalThis.SubtleCrypto w-c function SubtleCrypto/0",
        "globalThis.CryptoKey w-c function CryptoKey/0",
        "crypto tag [object Crypto]",
        "subtle tag [object SubtleCrypto]",
        "key tag [object CryptoKey]",
        "crypto.__proto__.getRandomValues wec function getRandomValues/1",
    ];
    for line in names {
        for (way, walk) in [("from source", &source), ("made", &made), ("cached", &cached)] {
            assert!(walk.lines().any(|l| l == line), "{way}: the walk should list `{line}`");
        }
    }
    let (source, made, cached) = (comparable(&source), comparable(&made), comparable(&cached));
    for line in [
        "globalThis.Intl.DateTimeFormat w-c function DateTimeFormat/2",
        "globalThis.String.prototype.localeCompare w-c function localeCompare/1",
        "globalThis.String.prototype.toUpperCase w-c function toUpperCase/0",
        "globalThis.TypeError proto globalThis.Error",
        "response tag [object Response]",
    ] {
        assert!(source.lines().any(|l| l == line), "the walk should list `{line}`:\n{source}");
    }
    for gone in ["globalThis.Deno ", "globalThis.Temporal ", "globalThis.__troveStart "] {
        assert!(!made.lines().any(|l| l.starts_with(gone)), "`{gone}` must not be reachable");
    }
    for fixed in ["globalThis.__v8x_snapshot_intrinsics --- undefined", "globalThis.__v8x_snapshot_module_exports --- undefined"] {
        assert!(made.lines().any(|l| l.starts_with(fixed)), "`{fixed}`: the engine's registries are fixed as undefined");
    }
    assert!(made == source, "an isolate made with the snapshot differs:\n{}", difference(&source, &made));
    assert!(cached == source, "an isolate restored from the cached snapshot differs:\n{}", difference(&source, &cached));
}

#[test]
fn a_corrupt_cached_snapshot_is_made_again_not_run() {
    let toolkit = walk_toolkit();
    let cache = scratch_toolkit("snapshot-corrupt", &[(".keep", "")]);
    let (expected, _) = walk_with(&toolkit, &cache, true);
    // Flip every byte of the cached content (what the engine would read back unchecked).
    let mut corrupted = 0;
    let mut dirs = vec![cache.join("snapshot").join("content-v2")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let bytes: Vec<u8> = std::fs::read(&path).unwrap().iter().map(|b| !b).collect();
                std::fs::write(&path, bytes).unwrap();
                corrupted += 1;
            }
        }
    }
    assert_eq!(corrupted, 1, "one snapshot was cached");
    let (again, stderr) = walk_with(&toolkit, &cache, true);
    assert!(stderr.contains("startup snapshot unreadable"), "the corrupt entry is reported:\n{stderr}");
    assert!(again == expected, "{}", difference(&expected, &again));
    let (_, quiet) = walk_with(&toolkit, &cache, true);
    assert!(!quiet.contains("startup snapshot"), "the entry was made again:\n{quiet}");
}

/// Every file under `dir` (recursively) whose name ends with `suffix`.
fn files_under(dir: &Path, suffix: &str) -> Vec<std::path::PathBuf> {
    let mut files = vec![];
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                files.push(path);
            }
        }
    }
    files
}

/// The bytecode kept between runs (runtime/src/code_cache.rs for deno's lazily loaded scripts,
/// the engine's own cache for the toolkit's modules, third_party/v8x/TROVE-PATCHES.md 20 and 21)
/// is used by the next run, and when damaged is compiled again, never run: the engine runs any
/// bytecode it is handed.
#[test]
fn damaged_cached_bytecode_is_compiled_again_not_run() {
    let toolkit = walk_toolkit();
    let cache = scratch_toolkit("bytecode-corrupt", &[(".keep", "")]);
    let engine_cache = cache.join("engine");
    let walk = |cache: &Path| {
        let out: Output = trove_host_tests::run_cli(
            &["call", toolkit.to_str().unwrap(), "walk"],
            &[("TROVE_HOST_CACHE_DIR", cache.to_str().unwrap()), ("V82JSC_BC_CACHE_DIR", engine_cache.to_str().unwrap())],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
        let envelope: Value = serde_json::from_slice(&out.stdout).expect("an envelope");
        (envelope["result"]["text"].as_str().expect("a walk").to_owned(), stderr)
    };
    let (expected, _) = walk(&cache);
    // The walk reads every global, so every lazily loaded script was compiled and kept.
    let scripts = files_under(&cache.join("snapshot").join("scripts").join("content-v2"), "");
    assert!(scripts.len() >= 10, "the lazily loaded scripts' bytecode is kept ({} entries)", scripts.len());
    let modules = files_under(&engine_cache, ".qbc");
    assert!(!modules.is_empty(), "the toolkit's module bytecode is kept");
    // Only this user can read it: a `new Function`'s bytecode holds its source's strings, which
    // can be a secret (v8x patch 45, review 46).
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&engine_cache), 0o700);
        for module in &modules {
            assert_eq!(mode(module), 0o600, "{}", module.display());
        }
    }
    let (again, stderr) = walk(&cache);
    assert!(again == expected, "from the kept bytecode: {}", difference(&expected, &again));
    assert!(!stderr.contains("bytecode"), "{stderr}");

    // Past each file's head, so the checksums (not the format checks) are what must catch it.
    let mut damaged_modules = Vec::new();
    for path in scripts.iter().chain(&modules) {
        let mut bytes = std::fs::read(path).unwrap();
        for b in bytes.iter_mut().skip(16) {
            *b = !*b;
        }
        std::fs::remove_file(path).unwrap();
        std::fs::write(path, &bytes).unwrap();
        if modules.contains(path) {
            damaged_modules.push(bytes);
        }
    }
    let (damaged, stderr) = walk(&cache);
    assert!(stderr.contains("script bytecode unreadable"), "the damaged entries are reported:\n{stderr}");
    assert!(damaged == expected, "{}", difference(&expected, &damaged));
    let (rebuilt, quiet) = walk(&cache);
    assert!(!quiet.contains("bytecode"), "the entries were written again:\n{quiet}");
    assert!(rebuilt == expected, "{}", difference(&expected, &rebuilt));
    // The toolkit's own module is compiled in every run (the extensions' only when the snapshot
    // is made), so its entry at least was written again.
    let rewritten = modules.iter().zip(&damaged_modules).filter(|(path, damaged)| std::fs::read(path).unwrap() != **damaged).count();
    assert!(rewritten >= 1, "no damaged module bytecode was written again");

    // A file that never ends is not read to its end (it was, until memory ran out).
    for path in &modules {
        std::fs::remove_file(path).unwrap();
        std::os::unix::fs::symlink("/dev/zero", path).unwrap();
    }
    let (endless, _) = walk(&cache);
    assert!(endless == expected, "{}", difference(&expected, &endless));
    let replaced = modules.iter().filter(|path| std::fs::symlink_metadata(path).unwrap().is_file()).count();
    assert!(replaced >= 1, "the toolkit's module bytecode was written again over the link");
}

/// A toolkit that makes functions with `new Function` (as zod does for each object schema) and
/// reports what they do, say and throw.
fn function_maker() -> std::path::PathBuf {
    scratch_toolkit(
        "function-maker",
        &[(
            "extension.ts",
            r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
// A tagged template's strings are frozen, with their `raw` (from source and from bytecode).
const frozen = (s: TemplateStringsArray) => [Object.isFrozen(s), Object.isFrozen(s.raw), s.length];
export default defineToolkit({
  id: 'function-maker', name: 'Function maker', description: 'Makes functions from text.', icon: 'x', version: '1.0.0',
  tools: [
    tool({
      name: 'make',
      description: 'Makes functions with the Function constructors and reports on them.',
      input: z.object({ n: z.number().int(), label: z.string().default('x') }),
      handler: async ({ n, label }) => {
        const add = new Function('a', 'b', 'return a + b * ' + n);
        const again = new Function('a', 'b', 'return a + b * ' + n);
        const thrower = new Function('why', 'const e = new Error("boom " + why);\nthrow e;');
        let stack = '';
        try { thrower(label); } catch (e) { stack = String((e as Error).stack).split('\n').slice(0, 3).join(' | '); }
        let syntax = '';
        try { new Function('return )'); } catch (e) { syntax = (e as Error).name + ': ' + (e as Error).message; }
        const twice = await new AsyncFunction('x', 'return await x * 2')(21);
        const counted = [...new GeneratorFunction('k', 'for (let i = 0; i < k; i++) yield i')(3)];
        const tagged = new Function('tag', 'return tag`x${1}y${2}z`')(frozen);
        const inModule = frozen`a${n}b`;
        return JSON.stringify({
          sum: add(1, 2), same: again(1, 2), names: [add.name, thrower.name], text: add.toString(),
          lengths: [add.length, thrower.length], stack, syntax, twice, counted, tagged, inModule,
          protos: [Object.getPrototypeOf(add) === Function.prototype, add instanceof Function],
        });
      },
    }),
  ],
});
"#,
        )],
    )
}

/// `new Function` compiles through the engine's cache (third_party/v8x/TROVE-PATCHES.md 23):
/// the next process takes the bytecode from disk, another isolate of the same process from
/// memory, and either way each function behaves, prints and throws as when compiled from its
/// text; a damaged entry is compiled again, never run.
#[test]
fn functions_made_from_text_are_compiled_once_and_behave_the_same_from_the_cache() {
    let toolkit = function_maker();
    let cache = scratch_toolkit("function-cache", &[(".keep", "")]);
    let engine_cache = cache.join("engine");
    let make = || {
        let out: Output = trove_host_tests::run_cli(
            &["call", toolkit.to_str().unwrap(), "make", "--args", r#"{"n":3}"#],
            &[("TROVE_HOST_CACHE_DIR", cache.to_str().unwrap()), ("V82JSC_BC_CACHE_DIR", engine_cache.to_str().unwrap())],
            None,
        );
        assert_eq!(out.status.code(), Some(0), "stderr:\n{}", String::from_utf8_lossy(&out.stderr));
        let envelope: Value = serde_json::from_slice(&out.stdout).expect("an envelope");
        envelope["result"]["text"].as_str().expect("a report").to_owned()
    };
    let compiled = make();
    let report: Value = serde_json::from_str(&compiled).unwrap();
    assert_eq!(report["sum"], 7);
    assert_eq!(report["same"], 7);
    assert_eq!(report["names"], json!(["anonymous", "anonymous"]));
    assert_eq!(report["text"], "function anonymous(a,b\n) {\nreturn a + b * 3\n}");
    assert_eq!(report["lengths"], json!([2, 1]));
    assert_eq!(report["twice"], 42);
    assert_eq!(report["counted"], json!([0, 1, 2]));
    assert_eq!(report["protos"], json!([true, true]));
    assert_eq!(report["tagged"], json!([true, true, 3]));
    assert_eq!(report["inModule"], json!([true, true, 2]));
    assert!(report["syntax"].as_str().unwrap().starts_with("SyntaxError: "), "{report}");
    let stack = report["stack"].as_str().unwrap();
    assert!(stack.starts_with("Error: boom x | ") && stack.contains("anonymous"), "{stack}");
    // The module's bytecode and the functions' (theirs, zod's parser for the input schema).
    let entries = files_under(&engine_cache, ".qbc");
    assert!(entries.len() >= 5, "the functions' bytecode is kept ({} entries)", entries.len());

    let from_disk = make();
    assert!(from_disk == compiled, "from the kept bytecode: {}", difference(&compiled, &from_disk));
    // Past each file's head, so the checksum is what must catch it.
    let mut damaged = Vec::new();
    for path in &entries {
        let mut bytes = std::fs::read(path).unwrap();
        for b in bytes.iter_mut().skip(16) {
            *b = !*b;
        }
        std::fs::write(path, &bytes).unwrap();
        damaged.push(bytes);
    }
    let from_damaged = make();
    assert!(from_damaged == compiled, "with every entry damaged: {}", difference(&compiled, &from_damaged));
    let rewritten = entries.iter().zip(&damaged).filter(|(path, bytes)| std::fs::read(path).unwrap() != **bytes).count();
    assert!(rewritten >= 5, "the damaged entries were compiled and written again ({rewritten})");
}

/// The text of `tool`'s answer to `args` in each of `n` isolates of `toolkit`, one call each.
async fn answers_from_fresh_isolates(toolkit: &Path, tool: &str, args: Value, n: usize) -> Vec<String> {
    let mut texts = Vec::new();
    for _ in 0..n {
        let mut instance = load(toolkit).await;
        let out = instance.call(&ToolCall::new(tool, args.clone(), "u"), CallEnv::default()).await;
        match out.envelope {
            trove_host::Envelope::Ok(ok) => texts.push(ok.result.text),
            failed => panic!("expected success: {failed}"),
        }
    }
    texts
}

#[tokio::test(flavor = "current_thread")]
async fn functions_made_from_text_behave_the_same_in_a_second_isolate() {
    let reports = answers_from_fresh_isolates(&function_maker(), "make", json!({ "n": 5, "label": "y" }), 2).await;
    assert!(reports[0].contains(r#""sum":11"#), "{}", reports[0]);
    assert!(reports[0] == reports[1], "{}", difference(&reports[0], &reports[1]));
}

/// `Atomics.waitAsync`, which the engine adds with a script compiled once per process and read
/// back as bytecode for each later context (third_party/v8x/TROVE-PATCHES.md, 27).
fn atomics_toolkit() -> std::path::PathBuf {
    scratch_toolkit(
        "atomics",
        &[(
            "extension.ts",
            r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'atomics', name: 'Atomics', description: 'Waits on shared memory.', icon: 'x', version: '1.0.0',
  tools: [
    tool({
      name: 'wait',
      description: 'Atomics.waitAsync: not equal, timed out, and woken by notify.',
      input: z.object({}),
      handler: async () => {
        const cell = new Int32Array(new SharedArrayBuffer(4));
        const notEqual = Atomics.waitAsync(cell, 0, 1);
        const timedOut = Atomics.waitAsync(cell, 0, 0, 0);
        const waiting = Atomics.waitAsync(cell, 0, 0);
        const woken = Atomics.notify(cell, 0, 1);
        const value = waiting.async ? await waiting.value : waiting.value;
        return JSON.stringify({
          kind: typeof Atomics.waitAsync, length: Atomics.waitAsync.length,
          notEqual, timedOut, waiting: waiting.async, woken, value,
        });
      },
    }),
  ],
});
"#,
        )],
    )
}

#[tokio::test(flavor = "current_thread")]
async fn atomics_wait_async_behaves_as_under_node_in_every_isolate() {
    let answers = answers_from_fresh_isolates(&atomics_toolkit(), "wait", json!({}), 2).await;
    // Node 20's answer.
    let node = r#"{"kind":"function","length":4,"notEqual":{"async":false,"value":"not-equal"},"timedOut":{"async":false,"value":"timed-out"},"waiting":true,"woken":1,"value":"ok"}"#;
    assert_eq!(answers[0], node, "compiled");
    assert_eq!(answers[1], node, "from the process's bytecode");
}

#[tokio::test(flavor = "current_thread")]
async fn isolates_restored_in_one_process_do_not_share_a_random_sequence() {
    let mut draws = answers_from_fresh_isolates(&walk_toolkit(), "random", json!({}), 3).await;
    draws.sort();
    draws.dedup();
    assert_eq!(draws.len(), 3, "each isolate's first Math.random() differs: {draws:?}");
}

/// What `Function.prototype.toString` gives for functions of each origin, whether a
/// `[native code]` test (lodash's `isNative`, core-js) takes one of ours for a built-in, and how
/// the console prints a class from the snapshot (third_party/v8x/TROVE-PATCHES.md, 7). The host's
/// own functions keep no text whether they come from the snapshot, from source or from a script
/// loaded on first use (`URL`'s, patch 17); classes and the toolkit's functions keep theirs.
const TEXTS: &str = r#"
import { defineToolkit, tool, ToolError, z } from '@ontrove/extend/toolkit';

const native = /^function[^(]*\(\) \{\s*\[native code\]\s*\}$/;

async function own(ctx: { log: unknown }): Promise<string> {
  console.log(ToolError);
  const ours = [setTimeout, queueMicrotask, z.string, ctx.log, tool, URL.prototype.toString];
  return JSON.stringify({
    sdkFunction: String(tool), sdkClass: String(ToolError), own: String(own),
    lazyFunction: String(URL.prototype.toString), lazyClass: String(URL).slice(0, 10),
    passForNative: ours.filter((f) => native.test(String(f))).length,
    builtInIsNative: native.test(String(Math.max)),
  });
}

export default defineToolkit({
  id: 'texts', name: 'Texts', description: 'Function texts.', icon: 't', version: '1.0.0', egress: [],
  tools: [tool({ name: 'texts', description: 'The texts.', input: z.object({}), handler: async (_, ctx) => own(ctx) })],
});
"#;

#[test]
fn functions_from_the_snapshot_keep_no_text_and_classes_keep_theirs() {
    let toolkit = scratch_toolkit("snapshot-texts", &[("extension.ts", TEXTS)]);
    let cache = scratch_toolkit("snapshot-texts-cache", &[(".keep", "")]);
    let texts = |snapshot: bool| {
        let out: Output = trove_host_tests::run_cli(
            &["call", toolkit.to_str().unwrap(), "texts"],
            &[("TROVE_HOST_CACHE_DIR", cache.to_str().unwrap()), ("TROVE_HOST_SNAPSHOT", if snapshot { "1" } else { "0" })],
            None,
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "stderr:\n{stderr}");
        let envelope: Value = serde_json::from_slice(&out.stdout).expect("an envelope");
        let text = envelope["result"]["text"].as_str().unwrap_or_else(|| panic!("no text: {envelope}"));
        (serde_json::from_str::<Value>(text).expect("JSON"), stderr)
    };
    let (restored, log) = texts(true);
    assert_eq!(restored["sdkFunction"], "function tool() { /* source not kept */ }");
    assert!(restored["sdkClass"].as_str().unwrap().starts_with("class ToolError extends Error {"), "{restored}");
    assert!(restored["own"].as_str().unwrap().starts_with("async function own("), "the toolkit's text is kept: {restored}");
    assert!(log.contains("[class ToolError extends Error]"), "the console prints a class as one:\n{log}");
    let (source, _) = texts(false);
    assert_eq!(restored["lazyFunction"], "function toString() { /* source not kept */ }");
    assert_eq!(restored["lazyClass"], "class URL ");
    for same in ["sdkFunction", "sdkClass", "own", "lazyFunction", "lazyClass", "passForNative", "builtInIsNative"] {
        assert_eq!(source[same], restored[same], "`{same}` is the same either way");
    }
    assert_eq!(restored["passForNative"], 0, "none of ours passes for a built-in, as under Node");
    assert_eq!(restored["builtInIsNative"], true);
}
