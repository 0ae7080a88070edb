//! Faults of the engine binding (v8x, the V8 API over QuickJS) that a toolkit could meet, each
//! pinned by the toolkit-visible behaviour it broke. The binding is patched in
//! `third_party/v8x` (see its `TROVE-PATCHES.md`).

use serde_json::json;

use crate::{call, load, scratch_toolkit};

/// A toolkit that `structuredClone`s `count` freshly made plain objects and answers how many
/// clones failed and the first error.
const CLONER: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'cloner', name: 'Cloner', description: 'Clones plain objects.', icon: 'copy', version: '1.0.0', egress: [],
  tools: [tool({ name: 'clone', description: 'Clones count fresh objects.', input: z.object({ count: z.number() }),
    handler: async ({ count }) => {
      let failed = 0; let first = '';
      const keep: object[] = [];
      for (let i = 0; i < count; i++) {
        const o = { i };
        keep.push(o);
        try { structuredClone(o); } catch (e) { failed++; first ||= String(e); }
      }
      return JSON.stringify({ failed, first });
    } })],
});
"#;

/// The binding keeps, per thread, the objects that have internal fields (every context's global
/// has two) in a table keyed by address, and never forgot a dropped isolate's. A plain object
/// that a later isolate on the same thread made at a freed global's address was then taken for
/// a host object, so `structuredClone` of `{}` threw `DataCloneError: Unsupported object type`
/// (seen in CI as a conformance case failing at random). Many isolates are dropped here, on one
/// thread, and each next one clones many fresh objects.
#[tokio::test(flavor = "current_thread")]
async fn an_object_at_a_dropped_isolates_address_is_still_a_plain_object() {
    let dir = scratch_toolkit("cloner", &[("extension.ts", CLONER)]);
    let mut survivor = load(&dir).await;
    let mut failures = Vec::new();
    for round in 0..8 {
        // An isolate is made and dropped while `survivor` lives: its global's memory is freed,
        // and the survivor's next plain objects are made from that memory.
        drop(load(&dir).await);
        let answer = text(&call(&mut survivor, "clone", json!({ "count": 5000 })).await);
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap_or(json!({ "failed": -1, "first": answer }));
        if answer["failed"] != 0 {
            failures.push(format!("after dropped isolate {round}: {answer}"));
        }
    }
    assert!(failures.is_empty(), "clones of plain objects failed: {failures:#?}");
}

/// A toolkit that runs a little WebAssembly: `instantiate` answers whether the promise that
/// `WebAssembly.instantiate` returns is this realm's `Promise`, and that it resolves to a
/// module and an instance; `memories` grows one exported memory and answers the byte length
/// of another's buffer, read before the grow (whether it is unchanged), of the grown memory's
/// old buffer (detached: 0) and whether its new one is longer.
const WASM: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
// (module (memory (export "mem") 1))
const MEMORY_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 5, 3, 1, 0, 1, 7, 7, 1, 3, 109, 101, 109, 2, 0]);
export default defineToolkit({
  id: 'wasm', name: 'Wasm', description: 'Runs WebAssembly.', icon: 'cpu', version: '1.0.0', egress: [],
  tools: [
    tool({ name: 'instantiate', description: 'Instantiates an empty module.', input: z.object({}),
      handler: async () => {
        const pending = WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
        const own = pending instanceof Promise;
        const { module, instance } = await pending;
        return `${own} ${module instanceof WebAssembly.Module} ${instance instanceof WebAssembly.Instance}`;
      } }),
    tool({ name: 'sizes', description: 'Page counts and buffer lengths of declared memories.', input: z.object({}),
      handler: async () => {
        // (module (memory (export "mem") MIN MAX?) (func (export "size") (result i32) memory.size))
        const module = (min: number, max?: number) => new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0,
          5, max === undefined ? 3 : 4, 1, max === undefined ? 0 : 1, min, ...(max === undefined ? [] : [max]),
          7, 14, 2, 3, 109, 101, 109, 2, 0, 4, 115, 105, 122, 101, 0, 0, 10, 6, 1, 4, 0, 63, 0, 11]);
        const out = [];
        for (const [min, max] of [[0, undefined], [3, 3], [1, undefined]] as [number, number | undefined][]) {
          const { instance } = await WebAssembly.instantiate(module(min, max));
          const e = instance.exports as { mem: WebAssembly.Memory; size: () => number };
          out.push(`${e.size()}:${e.mem.buffer.byteLength}`);
          if (min === 1) { e.mem.grow(2); out.push(`${e.size()}:${e.mem.buffer.byteLength}`); }
        }
        const js = new WebAssembly.Memory({ initial: 1 });
        const old = js.buffer;
        js.grow(1);
        out.push(`${old.byteLength}:${js.buffer.byteLength}`);
        return out.join(' ');
      } }),
    tool({ name: 'shared', description: 'Holds count shared buffers of mib MiB.', input: z.object({ mib: z.number(), count: z.number() }),
      handler: async ({ mib, count }) => {
        const kept = [];
        for (let i = 0; i < count; i++) kept.push(new SharedArrayBuffer(mib << 20));
        return `held ${kept.length * mib} MiB`;
      } }),
    tool({ name: 'memories', description: 'Grows one of two memories.', input: z.object({}),
      handler: async () => {
        const module = new WebAssembly.Module(MEMORY_MODULE);
        const a = new WebAssembly.Instance(module).exports.mem as WebAssembly.Memory;
        const b = new WebAssembly.Instance(module).exports.mem as WebAssembly.Memory;
        const before = a.buffer;
        const length = before.byteLength;
        const grown = b.buffer;
        const grownLength = grown.byteLength;
        b.grow(1);
        return `${length > 0 && before.byteLength === length && a.buffer.byteLength === length} ${grown.byteLength} ${b.buffer.byteLength > grownLength}`;
      } }),
  ],
});
"#;

fn text(outcome: &trove_host::CallOutcome) -> String {
    let envelope = serde_json::to_value(&outcome.envelope).expect("an envelope serialises");
    envelope["result"]["text"].as_str().map(str::to_owned).unwrap_or_else(|| envelope.to_string())
}

/// The binding settled `WebAssembly.compile`/`instantiate` through one helper per thread, made
/// in the first context that asked: a second isolate on the thread got the first one's
/// promises (`instanceof Promise` false), and after the first was dropped, a freed context.
#[tokio::test(flavor = "current_thread")]
async fn webassembly_promises_belong_to_the_isolate_that_asked() {
    let dir = scratch_toolkit("wasm", &[("extension.ts", WASM)]);
    let mut first = load(&dir).await;
    assert_eq!(text(&call(&mut first, "instantiate", json!({})).await), "true true true");
    let mut second = load(&dir).await;
    assert_eq!(text(&call(&mut second, "instantiate", json!({})).await), "true true true", "beside the first");
    drop(first);
    assert_eq!(text(&call(&mut second, "instantiate", json!({})).await), "true true true", "after the first was dropped");
}

/// Growing one memory detaches that memory's old buffer (the web's rule) and no other's: the
/// binding's grow callback detached every cached buffer on the thread.
#[tokio::test(flavor = "current_thread")]
async fn growing_one_webassembly_memory_leaves_another_memorys_buffer_alone() {
    let dir = scratch_toolkit("wasm", &[("extension.ts", WASM)]);
    let mut toolkit = load(&dir).await;
    assert_eq!(text(&call(&mut toolkit, "memories", json!({})).await), "true 0 true");
}

/// A memory is as many pages as declared, as in V8 (`memory.size` and the buffer), and grows by
/// whole pages: the WebAssembly runtime inserted a 32 KiB heap of its own into every memory, so
/// `(memory 0)` was 1 page, `(memory 3 3)` 4, and a grow 1.5x. A `new WebAssembly.Memory`'s old
/// buffer is detached by a grow (TROVE-PATCHES.md, 32).
#[tokio::test(flavor = "current_thread")]
async fn webassembly_memories_are_the_pages_declared() {
    let dir = scratch_toolkit("wasm-sizes", &[("extension.ts", WASM)]);
    let mut toolkit = load(&dir).await;
    assert_eq!(text(&call(&mut toolkit, "sizes", json!({})).await), "0:0 3:196608 1:65536 3:196608 0:131072");
}

/// A `SharedArrayBuffer`'s memory is the binding's, outside the JS heap: six of 200 MiB were held
/// under a 256 MiB ceiling. It counts against the ceiling now (TROVE-PATCHES.md, 32).
#[tokio::test(flavor = "current_thread")]
async fn shared_buffers_count_against_the_heap_ceiling() {
    let dir = scratch_toolkit("wasm-shared", &[("extension.ts", WASM)]);
    let mut toolkit = load(&dir).await;
    assert_eq!(text(&call(&mut toolkit, "shared", json!({ "mib": 64, "count": 2 })).await), "held 128 MiB");
    let outcome = call(&mut toolkit, "shared", json!({ "mib": 100, "count": 6 })).await;
    let envelope = serde_json::to_value(&outcome.envelope).unwrap();
    assert_eq!(envelope["error"], "tool exceeded its memory limit", "{envelope}");
}

/// V8 gives a function made from a template with `ConstructorBehavior::Throw` no `prototype`
/// (every deno_core op is made so); the binding made a prototype object and its `constructor` for
/// each, about 530 per isolate (third_party/v8x/TROVE-PATCHES.md, 9). A constructable template's
/// functions still get one.
#[test]
fn op_functions_have_no_prototype_as_in_v8() {
    use deno_core::v8;
    fn noop(_: &mut v8::PinScope, _: v8::FunctionCallbackArguments, _: v8::ReturnValue) {}
    let mut runtime = deno_core::JsRuntime::new(Default::default());
    deno_core::scope!(scope, runtime);
    let prototype = v8::String::new(scope, "prototype").unwrap();
    let has_prototype = |behavior| {
        let template = v8::FunctionTemplate::builder(noop).constructor_behavior(behavior).build(scope);
        let function = template.get_function(scope).unwrap();
        function.has_own_property(scope, prototype.into()).unwrap()
    };
    assert!(!has_prototype(v8::ConstructorBehavior::Throw), "an op-like function has no prototype");
    assert!(has_prototype(v8::ConstructorBehavior::Allow), "a constructable one keeps its prototype");
}

/// V8 instantiates a template once per context: `GetFunction` asked again gives the same
/// function. The binding made a new function, with a new dispatch entry, every time, and QuickJS
/// keeps a native function's entry index in 16 bits: deno_core makes each cppgc wrapper (each
/// `CryptoKey`) from its class template's function, so the 32,768th key of an isolate ran
/// another entry's callback and ended its call (third_party/v8x/TROVE-PATCHES.md, 33).
#[test]
fn a_class_template_gives_one_function_per_context_and_every_instance_its_own_callback() {
    use deno_core::v8;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static MADE: AtomicUsize = AtomicUsize::new(0);
    fn construct(_: &mut v8::PinScope, _: v8::FunctionCallbackArguments, _: v8::ReturnValue) {
        MADE.fetch_add(1, Ordering::SeqCst);
    }
    let mut runtime = deno_core::JsRuntime::new(Default::default());
    deno_core::scope!(scope, runtime);
    // An instance template, as a cppgc wrapper class has, is what gave each function an entry.
    let template = v8::FunctionTemplate::new(scope, construct);
    template.instance_template(scope).set_internal_field_count(1);
    let first = template.get_function(scope).unwrap();
    let again = template.get_function(scope).unwrap();
    assert!(first.strict_equals(again.into()), "one function per template and context");
    for _ in 0..40_000 {
        let class = template.get_function(scope).unwrap();
        class.new_instance(scope, &[]).expect("constructs");
    }
    assert_eq!(MADE.load(Ordering::SeqCst), 40_000, "each construction ran the class's own callback");
}

/// A closure is made on a shape the context keeps for its kind (third_party/v8x/TROVE-PATCHES.md,
/// 12) instead of by defining `length`, `name` and `prototype` one at a time. What a toolkit can
/// see of a function must not change: the same own properties in the same order with the same
/// attributes as under V8 (Node 20, a strict-mode module), a `prototype` made on first read and
/// different for each closure, constructors that construct and arrows and methods that do not.
#[test]
fn closures_have_the_properties_v8_gives_them() {
    const SCRIPT: &str = r#"
"use strict";
const d = (f) => JSON.stringify(Object.getOwnPropertyNames(f).map((k) => [k, Object.getOwnPropertyDescriptor(f, k)])
  .map(([k, v]) => [k, v.writable, v.enumerable, v.configurable, typeof v.value === 'object' ? 'obj' : v.value]));
function named(a, b) {}
const anon = function () {};
const arrow = (x, y, z) => x;
const asyncFn = async function af(q) {};
const obj = { method(a) {}, async am() {}, *gen() {}, ['comp' + 'uted']() {} };
const out = [d(named), d(anon), d(arrow), d(asyncFn), d(obj.method), d(obj.am), d(obj.gen), d(obj.computed)];
out.push(named.prototype.constructor === named, Object.getPrototypeOf(asyncFn) === Object.getPrototypeOf(async () => {}));
out.push(new named() instanceof named);
for (const f of [arrow, obj.method, asyncFn]) { try { new f(); out.push('constructed'); } catch (e) { out.push(e.constructor.name); } }
const f2 = function () {}; delete f2.name; f2.extra = 1; out.push(d(f2));
const f3 = function () {}; f3.prototype = 5; out.push(d(f3));
const fs = []; for (let i = 0; i < 2; i++) fs.push(function () { return i; });
out.push(fs.map((f) => f()).join(), fs[0].prototype !== fs[1].prototype);
Object.freeze(fs[1]); out.push(d(fs[1]));
JSON.stringify(out)
"#;
    let mut runtime = deno_core::JsRuntime::new(Default::default());
    let value = runtime.execute_script("closures.js", SCRIPT).expect("the script runs");
    deno_core::scope!(scope, runtime);
    let value = deno_core::v8::Local::new(scope, value);
    let got: Vec<serde_json::Value> = serde_json::from_str(&value.to_rust_string_lossy(scope)).unwrap();
    // What Node 20 prints for the same module.
    let fun = |len: u32, name: &str| format!(r#"[["length",false,false,true,{len}],["name",false,false,true,"{name}"],["prototype",true,false,false,"obj"]]"#);
    let bare = |len: u32, name: &str| format!(r#"[["length",false,false,true,{len}],["name",false,false,true,"{name}"]]"#);
    let want = json!([
        fun(2, "named"), fun(0, "anon"), bare(3, "arrow"), bare(1, "af"), bare(1, "method"), bare(0, "am"),
        fun(0, "gen"), bare(0, "computed"),
        true, true, true, "TypeError", "TypeError", "TypeError",
        r#"[["length",false,false,true,0],["prototype",true,false,false,"obj"],["extra",true,true,true,1]]"#,
        r#"[["length",false,false,true,0],["name",false,false,true,"f3"],["prototype",true,false,false,5]]"#,
        "0,1", true,
        r#"[["length",false,false,false,0],["name",false,false,false,""],["prototype",false,false,false,"obj"]]"#,
    ]);
    assert_eq!(serde_json::Value::Array(got), want);
}

/// A native function prints as V8 prints one (third_party/v8x/TROVE-PATCHES.md, 19), on one
/// line, a bound function or a proxy without its name (and without running the proxy's traps),
/// and a non-function is refused in V8's words; a host function (an op, made from a
/// `FunctionTemplate`) has V8's own properties, `length` and `name`, inheriting `toString` (the
/// engine binding gave each one an own `toString`: a C function per op per isolate).
#[test]
fn native_functions_print_and_look_as_in_v8() {
    const SCRIPT: &str = r#"
"use strict";
const op = Deno.core.ops.op_print;
JSON.stringify([
  String(Math.max), String(function f() {}.bind(null)), String(Object.getOwnPropertyDescriptor(Map.prototype, 'size').get),
  String(Symbol), String(op) === `function ${op.name}() { [native code] }`,
  Object.getOwnPropertyNames(op), op.toString === Function.prototype.toString,
  Function.prototype.toString.call(new Proxy(function named() {}, { get() { throw new Error('trap'); } })),
  (() => { try { return Function.prototype.toString.call({}); } catch (e) { return `${e.constructor.name}: ${e.message}`; } })(),
])
"#;
    let mut runtime = deno_core::JsRuntime::new(Default::default());
    let value = runtime.execute_script("natives.js", SCRIPT).expect("the script runs");
    deno_core::scope!(scope, runtime);
    let value = deno_core::v8::Local::new(scope, value);
    let got: serde_json::Value = serde_json::from_str(&value.to_rust_string_lossy(scope)).unwrap();
    // All but the op's are what Node 20 prints.
    let want = json!([
        "function max() { [native code] }", "function () { [native code] }", "function get size() { [native code] }",
        "function Symbol() { [native code] }", true, ["length", "name"], true,
        "function () { [native code] }", "TypeError: Function.prototype.toString requires that 'this' be a Function",
    ]);
    assert_eq!(got, want);
}

/// Strings a tool hands to the host, in both of the engine's encodings (Latin-1 and UTF-16) and
/// with a lone surrogate (a string cut inside an emoji), reach Rust as V8 would hand them over
/// (third_party/v8x/TROVE-PATCHES.md, 14): each lone surrogate as one U+FFFD, the rest as it
/// was. A lone surrogate in the returned text or in a log line failed the call ("malformed
/// envelope", "log line is not JSON"): `JSON.stringify` writes one as an escape that serde_json
/// refuses ([`trove_host_ops::js_json`]).
#[tokio::test]
async fn strings_reach_rust_whole_and_lone_surrogates_as_replacement_characters() {
    let dir = scratch_toolkit("strings", &[("extension.ts", r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'strings', name: 'Strings', description: 'Returns and logs strings.', icon: 'type', version: '1.0.0', egress: [],
  tools: [tool({ name: 'say', description: 'Says s.', input: z.object({ s: z.string() }),
    handler: async ({ s }, ctx) => {
      const cut = '😀'.slice(0, 1);
      ctx.log(s, `é${cut}!`, '\udc00');
      return `${s}|${cut}|${s.length}`;
    } })],
});
"#)]);
    let mut toolkit = load(&dir).await;
    let s = "héllo ÿ 😀 日本";
    let outcome = call(&mut toolkit, "say", json!({ "s": s })).await;
    assert_eq!(outcome.envelope.json(), json!({ "ok": true, "result": { "text": format!("{s}|\u{fffd}|13") } }));
    assert_eq!(outcome.record.logs.len(), 1, "{:?}", outcome.record.logs);
    assert_eq!(outcome.record.logs[0], json!([s, "é\u{fffd}!", "\u{fffd}"]));
}

/// A string read into Rust reads the same whether the engine holds it flat or as a rope (a
/// concatenation, which QuickJS makes for long parts): Latin-1, UTF-16 and a lone surrogate as
/// one U+FFFD, as V8 reads them (third_party/v8x/TROVE-PATCHES.md, 14 and 15).
#[test]
fn flat_strings_and_ropes_read_the_same() {
    let mut runtime = deno_core::JsRuntime::new(Default::default());
    let cases = [
        ("'\\ud800' + 'x'.repeat(600)", format!("\u{fffd}{}", "x".repeat(600))),
        ("'\\ud800'.padEnd(601, 'x')", format!("\u{fffd}{}", "x".repeat(600))),
        ("'é'.repeat(300) + 'ÿ'.repeat(300)", format!("{}{}", "é".repeat(300), "ÿ".repeat(300))),
        ("'😀'.repeat(200) + '日本'.repeat(300)", format!("{}{}", "😀".repeat(200), "日本".repeat(300))),
        ("'' + ''", String::new()),
    ];
    for (script, want) in cases {
        let value = runtime.execute_script("strings.js", script.to_owned()).expect("the script runs");
        deno_core::scope!(scope, runtime);
        let value = deno_core::v8::Local::new(scope, value);
        let string = value.to_string(scope).expect("a string");
        assert_eq!(string.to_rust_string_lossy(scope), want, "{script}");
        assert_eq!(string.length(), want.encode_utf16().count(), "{script}: length");
    }
}

/// `ScriptCompiler::CompileFunction` takes V8's code cache (third_party/v8x/TROVE-PATCHES.md, 20),
/// as deno_core's lazily loaded extension scripts use it (runtime/src/code_cache.rs): the cache
/// the engine makes of a compiled function gives back a function that behaves, names and numbers
/// its stack lines the same, without parsing; a cache made for another source, or damaged
/// anywhere, is rejected and the source compiled instead, never run.
#[test]
fn compile_function_takes_back_its_own_code_cache_and_rejects_any_other() {
    use deno_core::v8;
    const SOURCE: &str = "\"use strict\"; return (function () { const twice = (n) => n * 2; \
        function fail() { throw new Error('from the script'); } \
        return { twice, base: __bootstrap.base, fail }; })();";
    const OTHER: &str = "\"use strict\"; return ({ twice: (n) => n * 3, base: __bootstrap.base });";

    let mut runtime = deno_core::JsRuntime::new(Default::default());
    deno_core::scope!(scope, runtime);
    // Compiles `source` (with `cache`, if any) as deno_core compiles a lazily loaded script,
    // runs it and reports (twice(21), base, the stack of `fail` if any, whether the cache was
    // rejected, the code cache of the fresh function).
    let run = |scope: &mut v8::PinScope, source: &str, cache: Option<&[u8]>| {
        let name = v8::String::new(scope, "ext:probe/lazy.js").unwrap();
        let origin = v8::ScriptOrigin::new(scope, name.into(), 0, 0, false, -1, None, false, false, false, None);
        let text = v8::String::new(scope, source).unwrap();
        let (mut source, options) = match cache {
            Some(bytes) => (
                v8::script_compiler::Source::new_with_cached_data(text, Some(&origin), v8::CachedData::new(bytes)),
                v8::script_compiler::CompileOptions::ConsumeCodeCache,
            ),
            None => (v8::script_compiler::Source::new(text, Some(&origin)), v8::script_compiler::CompileOptions::NoCompileOptions),
        };
        let param = v8::String::new(scope, "__bootstrap").unwrap();
        let function = v8::script_compiler::compile_function(
            scope,
            &mut source,
            &[param],
            &[],
            options,
            v8::script_compiler::NoCacheReason::NoReason,
        )
        .expect("it compiles");
        let rejected = source.get_cached_data().map(|data| data.rejected());
        let made = function.create_code_cache().map(|data| data.to_vec()).unwrap_or_default();
        let bootstrap = v8::Object::new(scope);
        let key = v8::String::new(scope, "base").unwrap();
        let value = v8::Integer::new(scope, 7);
        bootstrap.set(scope, key.into(), value.into());
        let undefined = v8::undefined(scope).into();
        let exports = function.call(scope, undefined, &[bootstrap.into()]).unwrap();
        let probe = v8::String::new(
            scope,
            "(e) => JSON.stringify([e.twice(21), e.base, e.fail ? (() => { try { e.fail(); } catch (x) { return x.stack.split('\\n').slice(0, 2).join(' | '); } })() : null])",
        )
        .unwrap();
        let probe = v8::Script::compile(scope, probe, None).unwrap().run(scope).unwrap();
        let probe = v8::Local::<v8::Function>::try_from(probe).unwrap();
        let answer = probe.call(scope, undefined, &[exports]).unwrap().to_rust_string_lossy(scope);
        (answer, rejected, made)
    };

    let (compiled, rejected, cache) = run(scope, SOURCE, None);
    assert_eq!(rejected, None, "no cache was offered");
    assert_eq!(
        compiled,
        r#"[42,7,"Error: from the script |     at Object.fail (ext:probe/lazy.js:1:89)"]"#,
        "the script as compiled"
    );
    assert!(cache.len() > 32, "the engine makes a cache of the function, not a placeholder ({} bytes)", cache.len());

    let (consumed, rejected, _) = run(scope, SOURCE, Some(&cache));
    assert_eq!(rejected, Some(false), "its own cache is taken");
    assert_eq!(consumed, compiled, "and behaves as the compiled source did");

    let (other, rejected, _) = run(scope, OTHER, Some(&cache));
    assert_eq!(rejected, Some(true), "a cache of another source is rejected");
    assert_eq!(other, r#"[63,7,null]"#, "and the source given is what runs");

    for at in [0, 9, 17, 25, 40, cache.len() - 1] {
        let mut damaged = cache.clone();
        damaged[at] ^= 0x55;
        let (answer, rejected, _) = run(scope, SOURCE, Some(&damaged));
        assert_eq!(rejected, Some(true), "a cache damaged at byte {at} is rejected");
        assert_eq!(answer, compiled);
    }
    for len in [0, 1, 32, cache.len() / 2] {
        let (answer, rejected, _) = run(scope, SOURCE, Some(&cache[..len]));
        assert_eq!(rejected, Some(true), "a cache cut to {len} bytes is rejected");
        assert_eq!(answer, compiled);
    }
}

/// A toolkit that clones graphs that refer back to themselves, as trees with parent links do.
const BACK_REFERENCES: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'backrefs', name: 'Back references', description: 'Clones cyclic graphs.', icon: 'copy', version: '1.0.0', egress: [],
  tools: [tool({ name: 'clone', description: 'Clones them.', input: z.object({}),
    handler: async () => {
      const root: any = { name: 'root', children: [] };
      for (const n of ['a', 'b', 'c']) root.children.push({ name: n, parent: root });
      const c = structuredClone(root);
      const o: any = {};
      o.a = o; o.b = o; o.list = [o, o];
      const d = structuredClone(o);
      // With a transferred buffer in it, as Node answers.
      const buffer = new ArrayBuffer(8);
      const holder: any = { buffer };
      holder.self = holder;
      let transferred = '';
      try { structuredClone(holder, { transfer: [buffer] }); transferred = 'cloned'; } catch (e) { transferred = (e as Error).name; }
      let none = '';
      try { (structuredClone as any)(); none = 'returned'; } catch (e) { none = `${(e as any).code} ${(e as Error).message}`; }
      let timer = '';
      try { (setTimeout as any)('globalThis.ran = 1', 0); timer = 'accepted'; } catch (e) { timer = `${(e as any).code} ${(e as Error).message}`; }
      // Review 34: the engine's graph walk (a Blob in the graph takes it) writes each object once
      // and keeps cycles; it refuses what is nested too deeply instead of overflowing the native
      // stack; getters and traps cannot make its check run without end.
      const outcome = (f: () => unknown) => { try { return String(f()); } catch (e) { return (e as Error).name; } };
      const blob = new Blob(['x']);
      let dag: any = [blob];
      for (let i = 0; i < 40; i++) dag = [dag, dag];
      const withBlob: any = { blob, dag };
      withBlob.self = withBlob;
      const walked = outcome(() => { const w = structuredClone(withBlob); return w.self === w && w.dag[0] === w.dag[1] && w.blob instanceof Blob; });
      let deep: any = [blob];
      for (let i = 0; i < 200000; i++) deep = [deep];
      const tooDeep = outcome(() => structuredClone(deep));
      let reads = 0;
      const fresh = (): any => ({ get a() { reads++; return fresh(); }, get b() { reads++; return fresh(); } });
      const getters = outcome(() => structuredClone(fresh()));
      let traps = 0;
      const proxy = new Proxy({}, { get() { traps++; return new Proxy({}, {}); }, ownKeys() { traps++; return ['x']; } });
      const proxied = outcome(() => structuredClone(proxy));
      return JSON.stringify([c.children.every((k: any) => k.parent === c), c.children[2].name,
        d.a === d && d.b === d && d.list[1] === d, transferred, none, timer,
        walked, tooDeep, `${getters} ${reads < 100000}`, `${proxied} ${traps < 5}`]);
    } })],
});
"#;

/// `structuredClone`'s check for what needs the engine's graph walk followed every reference, so
/// a graph with two references back to an ancestor took 2^200 steps: the call never returned,
/// in native code no time limit reached, and allocated without end (review 32, HIGH; v8x patch
/// 42). Node 20 clones these at once. Also Node's answers for two cases deno's web APIs answer
/// as a browser does: `structuredClone()` without a value, and a string as a timer's callback.
#[tokio::test(flavor = "current_thread")]
async fn graphs_that_refer_back_to_themselves_clone_at_once() {
    let dir = scratch_toolkit("backrefs", &[("extension.ts", BACK_REFERENCES)]);
    let mut toolkit = load(&dir).await;
    let answer = text(&call(&mut toolkit, "clone", json!({})).await);
    let answer: serde_json::Value = serde_json::from_str(&answer).unwrap_or_else(|_| panic!("{answer}"));
    assert_eq!(
        answer,
        json!([
            true,
            "c",
            true,
            "cloned",
            "ERR_MISSING_ARGS The value argument must be specified",
            "ERR_INVALID_ARG_TYPE The \"callback\" argument must be of type function. Received type string ('globalThis.ran = 1')",
            "true",
            "RangeError",
            "RangeError true",
            "DataCloneError true"
        ])
    );
}

/// `JSON.stringify` writes each ordinary object's keys as the engine's atoms and strings quoted
/// straight into its output (v8x patch 43, TROVE-PATCHES.md): every case in
/// `tests/fixtures/json-parity/cases.js` (key order, getters and `toJSON`s that change what is
/// being written, escapes, exotic objects, replacers, indentation, cycles) gives Node 20's text.
#[tokio::test(flavor = "current_thread")]
async fn json_stringify_answers_as_node_does() {
    let dir = crate::fixture("json-parity");
    let cases = dir.join("cases.js");
    let node = std::process::Command::new("node")
        .arg("--input-type=module")
        .arg("-e")
        .arg(format!("import {{ run }} from {:?}; process.stdout.write(JSON.stringify(run()));", format!("file://{}", cases.display())))
        .output()
        .expect("run node");
    assert!(node.status.success(), "node: {}", String::from_utf8_lossy(&node.stderr));
    let expected: Vec<serde_json::Value> = serde_json::from_slice(&node.stdout).unwrap();
    let mut toolkit = load(&dir).await;
    let got: Vec<serde_json::Value> = serde_json::from_str(&text(&call(&mut toolkit, "run", json!({})).await)).unwrap();
    assert_eq!(got.len(), expected.len());
    assert!(expected.len() >= 30, "the cases ran: {}", expected.len());
    for (got, expected) in got.iter().zip(&expected) {
        assert_eq!(got, expected, "case {}", expected["name"]);
    }
}

/// `new new X().m()` is `new (new X().m)()` (v8x patch 62, review 55): the parser took the `(`
/// after `.m` for a call of `m`, so TypeScript's `new (new Foo().constructor as any)()`, which
/// it writes as `new new Foo().constructor()`, threw `class constructors must be invoked with
/// 'new'`. A plain `.js` module, so no transpiler is involved; the answer is Node 20.20.2's.
#[tokio::test(flavor = "current_thread")]
async fn new_of_a_new_expressions_member_constructs_the_member() {
    let cases = "class Foo { constructor(v = 1) { this.v = v; } }\n\
        const reg = { Foo };\n\
        export function run() {\n\
          const out = [];\n\
          out.push(new new Foo().constructor().v);\n\
          out.push(new new Foo(2).constructor(3).v);\n\
          out.push(new new Date(0).constructor(5).getTime());\n\
          out.push(new (new Foo().constructor)(4).v);\n\
          out.push(new Foo(6).constructor.name);\n\
          out.push(new reg.Foo(7).v);\n\
          out.push(new new Foo(8).constructor instanceof Foo);\n\
          return out.join(' ');\n\
        }\n";
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        import { run } from './cases.js';\n\
        export default defineToolkit({ id: 'new-new', name: 'N', description: 'N.', icon: 'n', version: '1.0.0',\n\
          tools: [tool({ name: 'run', description: 'R.', input: z.object({}), handler: async () => run() })] });\n";
    let dir = scratch_toolkit("new-new", &[("extension.ts", source), ("cases.js", cases)]);
    let mut toolkit = load(&dir).await;
    assert_eq!(text(&call(&mut toolkit, "run", json!({})).await), "1 3 5 4 Foo 7 true");
}

/// A second `import()` of a module that fails to compile fails as the first did (v8x patch 63,
/// review 55): it rejected with `undefined`, so `catch (e) { e.message }` threw in the toolkit.
/// A module that throws while it is evaluated, and a missing one, were already answered alike
/// each time; all three are Node's behaviour.
#[tokio::test(flavor = "current_thread")]
async fn a_module_that_fails_to_compile_fails_every_import_alike() {
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
        export default defineToolkit({ id: 'imports', name: 'I', description: 'I.', icon: 'i', version: '1.0.0',\n\
          tools: [tool({ name: 'run', description: 'R.', input: z.object({}), handler: async () => {\n\
            const out: string[] = [];\n\
            for (const spec of ['./broken.js', './broken.js', './thrower.js', './thrower.js']) {\n\
              try { await import(spec); out.push('loaded'); } catch (e: any) { out.push(e === undefined ? 'undefined' : `${e.name}: ${e.message}`); }\n\
            }\n\
            return out.join('|'); } })] });\n";
    let dir = scratch_toolkit(
        "imports",
        &[("extension.ts", source), ("broken.js", "export default 1 +;\n"), ("thrower.js", "throw new Error('at evaluation');\n")],
    );
    let mut toolkit = load(&dir).await;
    let answer = text(&call(&mut toolkit, "run", json!({})).await);
    let parts: Vec<&str> = answer.split('|').collect();
    assert_eq!(parts.len(), 4, "{answer}");
    assert!(parts[0].starts_with("SyntaxError: "), "{answer}");
    assert_eq!(parts[1], parts[0], "{answer}");
    assert_eq!(parts[2..], ["Error: at evaluation", "Error: at evaluation"], "{answer}");
}
