//! Creating an isolate: a deno_core `JsRuntime` with the web-platform extensions, the
//! `@ontrove/extend/toolkit` module, Intl, and `ctx`'s ops.
//!
//! Extension order matters (each depends on the ones before it): deno_webidl, deno_web,
//! deno_crypto, deno_fetch (JS classes only: its network ops are unreachable, no global
//! `fetch` is installed), the deno_net stand-in, trove_intl, trove_ops, and `trove` (the
//! bootstrap and the toolkit module, from `js/`).

use std::borrow::Cow;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, LazyLock, Mutex};

use deno_core::{op2, v8, Extension, ExtensionFileSource, ExtensionFileSourceCode, JsRuntime, OpState, RuntimeOptions};
use trove_host_ops::egress::op_trove_request_body_check;

use crate::loader::ToolkitLoader;

deno_core::extension!(
    trove,
    deps = [deno_webidl, deno_web, deno_crypto, deno_fetch, trove_intl, trove_ops],
    // `op_trove_request_body_check` lives with the egress budgets it reads.
    ops = [
        op_trove_register_host, op_trove_isolate_unsound, op_trove_sdk_exports, op_trove_is_tool_name, op_trove_request_body_check,
        crate::compression::op_trove_compression_new, crate::compression::op_trove_compression_write,
        crate::compression::op_trove_compression_finish, crate::compression::op_trove_compression_close,
    ],
    esm_entry_point = "ext:trove/bootstrap.js",
    esm = [dir "../js", "bootstrap.js", "node_errors.js", "node20.js", "toolkit.js", "host.js", "vendor/zod.js"],
    // Loaded on first use: the caps on crypto.subtle's work, with deno_crypto's script
    // (js/bootstrap.js `cryptoScript`); the console's Node format specifiers, with the console;
    // zod's message locales other than English, when a toolkit
    // first calls one (`z.locales.de()`, see js/build-zod.mjs); CompressionStream and
    // DecompressionStream, on first use of either (their codecs: crate::compression).
    lazy_loaded_esm = [dir "../js", "crypto_limits.js", "console_format.js", "compression.js", "vendor/zod-locales.js"],
    options = { blob_store: Arc<crate::blob_store::CountedBlobStore> },
    state = |state, options| {
        state.put(options.blob_store);
    },
    docs = "The isolate's bootstrap (web globals) and the @ontrove/extend/toolkit module."
);

/// deno_fetch's `Request` loads `ext:deno_net/02_tls.js`; this stands in for the networking
/// extension, which a toolkit isolate does not load (see `js/shims/02_tls.js`).
mod net_shim {
    deno_core::extension!(deno_net, lazy_loaded_js = [dir "../js/shims", "02_tls.js"]);
}

/// The host's functions from the bootstrap (`js/bootstrap.js`, `js/host.js`): how the runtime
/// reads a loaded toolkit and runs calls. Held only in `OpState`; no global exposes them to
/// toolkit code.
#[derive(Clone)]
pub struct HostFunctions {
    /// `describe(definition, entry) -> JSON string` (throws if `definition` is not one).
    pub describe: v8::Global<v8::Function>,
    /// `call(definition, callJson) -> Promise<JSON string>` (the envelope). Runs the call under
    /// its own async context, which owns the timers its code starts.
    pub call: v8::Global<v8::Function>,
    /// `end()`: ends the running call's timers. The runtime calls it once the call's promise
    /// has settled and the microtasks queued by then have run, so a timer started by a promise
    /// chain the handler left running ends with the call too.
    pub end: v8::Global<v8::Function>,
    /// `warm()`: loads the scripts behind `ctx.fetch`'s `Response` (about 43 ms of parsing on
    /// a release build) without touching any global. Run only between calls.
    pub warm: v8::Global<v8::Function>,
}

/// Called once by the bootstrap to hand the host's functions to Rust.
#[op2]
fn op_trove_register_host(
    state: &mut OpState,
    #[scoped] describe: v8::Global<v8::Function>,
    #[scoped] call: v8::Global<v8::Function>,
    #[scoped] end: v8::Global<v8::Function>,
    #[scoped] warm: v8::Global<v8::Function>,
) {
    state.put(HostFunctions { describe, call, end, warm });
}

/// The public exports of `@ontrove/extend/toolkit` ([`crate::loader::SDK_EXPORTS`]), for the
/// bootstrap to freeze.
#[op2]
#[serde]
fn op_trove_sdk_exports() -> Vec<&'static str> {
    crate::loader::SDK_EXPORTS.to_vec()
}

/// Whether `name` is a tool name ([`crate::describe::is_tool_name`]): `defineToolkit` asks
/// instead of keeping the rule itself.
#[op2(fast)]
fn op_trove_is_tool_name(#[string] name: &str) -> bool {
    crate::describe::is_tool_name(name)
}

/// Set in `OpState` when the bootstrap saw something that leaves the isolate unfit for another
/// call (a handler whose stack overflowed); the runtime takes it after the call and retires
/// the instance.
#[derive(Debug, Clone)]
pub struct IsolateUnsound(pub String);

/// The bootstrap reports that this isolate should be discarded after the current call.
#[op2(fast)]
fn op_trove_isolate_unsound(state: &mut OpState, #[string] why: &str) {
    if !state.has::<IsolateUnsound>() {
        state.put(IsolateUnsound(why.to_owned()));
    }
}

/// The engine's stack-trace hook, guarded: deno_core's callback casts every call site to an
/// object and panics otherwise, and a panic cannot unwind through the engine's C frames, so it
/// aborts the whole process. Under QuickJS the call sites are built with `Array.prototype`
/// methods a toolkit can replace (`Array.prototype.map = …` then `new Error().stack`), so a
/// list that is not all objects gets a plain `name: message` trace instead, as does a trace
/// asked for while the isolate is being stopped.
fn guarded_prepare_stack_trace<'s, 'i>(
    scope: &mut v8::PinScope<'s, 'i>,
    error: v8::Local<'s, v8::Value>,
    callsites: v8::Local<'s, v8::Array>,
) -> v8::Local<'s, v8::Value> {
    // A trace asked for while the isolate is being stopped (a limit was broken) cannot read its
    // call sites: deno_core's formatter would print "Failed to create JsStackFrame … This is a bug
    // in deno" to stderr for each (review 47).
    let sound = !scope.is_execution_terminating()
        && (0..callsites.length()).all(|i| callsites.get_index(scope, i).is_some_and(|v| v.is_object()));
    if sound {
        return deno_core::error::prepare_stack_trace_callback(scope, error, callsites);
    }
    let text = error.to_string(scope).map(|s| s.to_rust_string_lossy(scope)).unwrap_or_else(|| "Error".into());
    v8::String::new(scope, &text).map(Into::into).unwrap_or_else(|| v8::undefined(scope).into())
}

/// A new isolate whose module loader serves `loader`'s toolkit, with a heap ceiling of
/// `max_heap_bytes` (bytes), ready for the toolkit's modules: restored from the process's
/// startup snapshot ([`crate::snapshot`]) when there is one, else bootstrapped from source,
/// then started (`start` in `js/bootstrap.js`), the same way either way.
///
/// # Errors
/// The bootstrap's `start` threw (a heap ceiling too small for the bootstrap itself).
pub fn new_isolate(mut loader: ToolkitLoader, max_heap_bytes: usize) -> Result<JsRuntime, String> {
    let mut phase = crate::phase::Phases::start();
    configure_engine();
    let snapshot = crate::snapshot::StartupSnapshot::get();
    phase.end("  of which: read (or make) the startup snapshot");
    if let Some(snapshot) = snapshot {
        loader.set_code_cache(snapshot.code_cache());
    }
    let options = RuntimeOptions {
        module_loader: Some(Rc::new(loader)),
        create_params: Some(v8::CreateParams::default().heap_limits(0, max_heap_bytes)),
        ..Default::default()
    };
    let mut runtime = match snapshot {
        // The engine rebuilds each of the snapshot's modules when it is first used (v8x patch
        // 67): a toolkit's import of the SDK rebuilds the SDK's module, not all of deno's.
        Some(snapshot) => JsRuntime::new(snapshot.runtime_options(options)),
        None => JsRuntime::new(RuntimeOptions { extensions: extensions(), ..options }),
    };
    runtime.v8_isolate().set_prepare_stack_trace_callback(guarded_prepare_stack_trace);
    phase.end("  of which: create the isolate (restore the snapshot, or run the bootstrap)");
    start(&mut runtime, snapshot.is_some())?;
    phase.end("  of which: start it (globals, built-ins, host functions)");
    Ok(runtime)
}

/// The engine flags (V8's syntax, which v8x reads) every isolate of the process is made under.
/// `--no-harmony-temporal`: Node 20, where toolkits run under the SDK, has no `Temporal`, and
/// without the flag the engine evaluates a Temporal polyfill into every context (about 1.1 MB
/// resident per isolate, and part of the startup snapshot's object graph) that the bootstrap
/// then had to hide again.
/// `--stack-size=7168` (KiB): a QuickJS frame takes several times the stack of a V8 one, and at
/// V8's 1 MiB default a recursive function overflowed at about 1,450 calls where Node 20 makes
/// about 12,500 (a recursive `z.lazy` schema validated about 264 levels against Node's 1,400;
/// review 24); at 7 MiB it makes about 10,000. An instance thread has 8 MiB; the engine never takes more than the thread that
/// creates an isolate has left, less a margin (v8x patch 39), so a smaller thread still gets a
/// RangeError, never a crash.
pub(crate) const ENGINE_FLAGS: &[&str] = &["--no-harmony-temporal", "--stack-size=7168"];

/// Sets up the engine's platform and hands it [`ENGINE_FLAGS`], once per process, before the
/// first isolate (ordinary or snapshotting) is made. On QuickJS the flags go in after deno_core's
/// own (`init_platform` sets `--harmony-temporal`, among others), so ours win: v8x reads them
/// when each context is made. V8 (`--features v8`, untested here) refuses flags once it is
/// initialised, so there they go in first and deno_core's `--harmony-temporal` wins. A flag the
/// engine does not know is a build defect: it panics.
pub(crate) fn configure_engine() {
    static CONFIGURED: std::sync::Once = std::sync::Once::new();
    CONFIGURED.call_once(|| {
        // deno_core puts the engine in a deterministic mode (a fixed random seed for every later
        // isolate's `Math.random`) when the first runtime of a process is a snapshotting one, so
        // the platform is set up for ordinary runtimes first.
        #[cfg(not(feature = "v8"))]
        JsRuntime::init_platform(None);
        // deno_core's convention: the first argument is the program's name.
        let args = std::iter::once("trove-host").chain(ENGINE_FLAGS.iter().copied()).map(String::from).collect();
        let unknown = deno_core::v8_set_flags(args);
        assert!(unknown.len() <= 1, "the engine does not know the flags {:?}", &unknown[1..]);
        #[cfg(feature = "v8")]
        JsRuntime::init_platform(None);
    });
}

/// Runs the bootstrap's `start` (it removes itself from the global first), telling it whether
/// the isolate was `restored` from the startup snapshot.
fn start(runtime: &mut JsRuntime, restored: bool) -> Result<(), String> {
    let script = if restored { "globalThis.__troveStart(true)" } else { "globalThis.__troveStart(false)" };
    runtime
        .execute_script("ext:trove/start", script)
        .map(drop)
        .map_err(|e| format!("the isolate's bootstrap failed to start: {e}"))
}

/// The isolate's extensions, in dependency order, each with the process's one copy of its
/// JavaScript files ([`share_sources`]). The startup snapshot is made from these
/// ([`crate::snapshot`]).
pub(crate) fn extensions() -> Vec<Extension> {
    extensions_unread().into_iter().map(share_sources).collect()
}

/// [`extensions`] as their `init()`s give them, with each file's contents taken from the binary
/// ([`crate::extension_sources`]); a file the build did not find is named by its path, not read yet.
pub(crate) fn extensions_unread() -> Vec<Extension> {
    // The isolate's Blob store, counted against its heap ceiling (`blob_store.rs`); the `trove`
    // extension puts it in `OpState` too, where `Toolkit::load_instance` sets the ceiling.
    let blob_store = Arc::new(crate::blob_store::CountedBlobStore::default());
    let extensions = vec![
        deno_webidl::deno_webidl::init(),
        deno_web::deno_web::init(
            blob_store.clone(),
            None,
            false,
            deno_web::InMemoryBroadcastChannel::default(),
        ),
        deno_crypto::deno_crypto::init(None),
        deno_fetch::deno_fetch::init(deno_fetch::Options::default()),
        net_shim::deno_net::init(),
        trove_host_intl::trove_intl::init(),
        trove_host_ops::trove_ops::init(),
        trove::init(blob_store),
    ];
    extensions.into_iter().map(crate::extension_sources::built_in).collect()
}

/// Hands `extension` the process's one copy of each of its JavaScript files that is not built
/// into the binary ([`crate::extension_sources`]: only when the build could not find it).
///
/// deno_core 0.413 names every extension file by its path on the build machine
/// (`ExtensionFileSourceCode::LoadedFromFsDuringSnapshot`) and, without a startup snapshot,
/// reads it from disk into a string of its own for every new runtime, which keeps it for the
/// runtime's life (lazily loaded scripts are compiled from it on first use): about 1.4 MB per
/// isolate, most of it deno_web, deno_fetch and deno_crypto scripts a toolkit may never load.
/// Each file is read once per process here and every isolate gets the same `Arc<str>`. A file
/// that cannot be read is left as it was, so deno_core reports it as it always has.
fn share_sources(mut extension: Extension) -> Extension {
    static SOURCES: LazyLock<Mutex<HashMap<&'static str, Arc<str>>>> = LazyLock::new(Default::default);
    let mut sources = SOURCES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for files in crate::extension_sources::file_lists_mut(&mut extension) {
        let shared: Vec<ExtensionFileSource> = files
            .iter()
            .map(|file| {
                #[allow(deprecated, reason = "the variant deno_core 0.413's include macros produce")]
                let ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(path) = file.code else {
                    return file.clone();
                };
                let code = match sources.get(path) {
                    Some(code) => code.clone(),
                    None => match std::fs::read_to_string(path) {
                        Ok(text) => sources.entry(path).or_insert_with(|| text.into()).clone(),
                        Err(_) => return file.clone(),
                    },
                };
                ExtensionFileSource::new_computed(file.specifier, code)
            })
            .collect();
        *files = Cow::Owned(shared);
    }
    extension
}
