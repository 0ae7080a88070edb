//! The startup snapshot: the heap the extensions' bootstrap leaves, made once and restored into
//! every new isolate instead of running the bootstrap again (issue #11).
//!
//! Running the bootstrap (deno_web, deno_crypto, deno_fetch's classes, Intl, zod, the SDK
//! module) was most of a cold `trove-host call`. The engine (v8x on QuickJS) can serialise a
//! context's object graph and read it back, which deno_core exposes as
//! [`deno_core::JsRuntimeForSnapshot`] and [`RuntimeOptions::startup_snapshot`].
//!
//! - **Where it comes from.** The first isolate of a process asks [`StartupSnapshot::get`]: the
//!   snapshot is read from the disk cache ([`set_cache_dir`]; the CLI uses
//!   [`crate::home::snapshot_cache_dir`]) or, when there is none yet, made (a few hundred
//!   milliseconds, on a thread of its own) and written there. Every later isolate of the
//!   process restores the same bytes.
//! - **When it is stale.** Its key covers this crate's version, the running executable (its
//!   GNU build ID, else its path, size and modification time), and every extension's name, op
//!   names and JavaScript files: those built into the binary ([`crate::extension_sources`]) by
//!   a digest the build made of them, any other by its contents. A rebuilt binary or an edited
//!   extension file gets a new entry; the cache keeps the three newest.
//! - **When it is damaged.** Each entry is checked against its checksum (xxh3) and the size its
//!   index records before it is used; one that fails is made again, never run. The checksum
//!   catches damage, not forgery: whoever can write the cache can run code in every isolate, so
//!   it is trusted as the binary is (the CLI keeps it in the user's own cache directory).
//! - **When it cannot be kept.** A cache directory that cannot be written would have every process
//!   make the snapshot and throw it away (half a second each): the process warns once and
//!   bootstraps its isolates from source instead.
//! - **What it cannot carry** (v8x 149.4.0-rc.4, measured with probes):
//!   - A restored isolate gets the engine's built-in objects afresh: what the bootstrap changes
//!     on them (`Date.prototype.toLocaleString`, what Node 20 lacks), every global, and the host
//!     functions handed to Rust are installed per isolate by the bootstrap's `start`, which both
//!     ways of making an isolate run (see `js/bootstrap.js`).
//!   - The engine finds a built-in function by its native implementation, which a few share
//!     (`String.prototype.toString` and `valueOf`): `start` puts names and `TypeError`'s
//!     prototype right.
//!   - deno_core's op classes (deno_crypto's `Crypto`, `CryptoKey`, `SubtleCrypto`) are made
//!     from native templates whose class name is not restored: the bootstrap names them, their
//!     methods and their `Symbol.toStringTag` when a toolkit first reads them. Their native
//!     methods come back without a `prototype` object (as in Node), and the built-ins'
//!     `get [Symbol.species]` accessors as one shared function (the same behaviour).
//!   - An object with internal slots (a `Map`, `Set`, `WeakMap`, `Date`, `RegExp`, typed array,
//!     boxed primitive) made while the bootstrap runs comes back with its contents but with the
//!     built-in prototype, not its own: a primordial `SafeWeakMap` made then is a `WeakMap`
//!     whose methods a toolkit can replace. Such objects are used only through the uncurried
//!     primordials (`WeakMapPrototypeGet(map, key)`), as deno_core's own are.
//!   - An instance of a subclass of `Error` made while the bootstrap runs cannot be written at
//!     all: the engine aborts the process. The bootstrap makes none; the tests make a snapshot.
//!
//!   A test compares, property by property, the global object graph a toolkit sees in an isolate
//!   restored from the snapshot with one bootstrapped from source.
//! - **Turning it off.** `TROVE_HOST_SNAPSHOT=0` makes every isolate run the bootstrap from
//!   source (to compare the two, or to rule the snapshot out).

use std::borrow::Cow;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use deno_core::{Extension, ExtensionFileSource, ExtensionFileSourceCode, RuntimeOptions};

use crate::code_cache::ScriptCodeCache;

/// A startup snapshot and the sources of the extension scripts it does not hold (those no
/// bootstrap step loads: deno_core reads them from these tables when a toolkit first needs
/// one). Leaked: one per process, alive as long as its isolates.
pub struct StartupSnapshot {
    blob: &'static [u8],
    residual_js: &'static [(&'static str, &'static str)],
    residual_esm: &'static [(&'static str, &'static str)],
    /// The bytecode of the residual scripts, once compiled ([`crate::code_cache`]).
    code_cache: ScriptCodeCache,
}

static CACHE_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
static SNAPSHOT: OnceLock<Option<StartupSnapshot>> = OnceLock::new();

/// Where the process keeps its startup snapshot between runs (a `cacache` directory), or
/// `None` to make it in memory once per process (the default for an embedder). Call it before
/// the first isolate is made; a later call changes nothing and returns `false`.
pub fn set_cache_dir(dir: Option<PathBuf>) -> bool {
    CACHE_DIR.set(dir).is_ok()
}

static MAP_CACHED: AtomicBool = AtomicBool::new(false);

/// Whether a snapshot read from the cache directory is mapped from its file (`true`) instead of
/// copied into memory (`false`, the default). Mapping spares a cold one-shot process a zeroed
/// 1.8 MB buffer and a copy (0.7–1.3 ms and about 420 page faults of a cold `call`,
/// docs/performance.md, "The forty-fourth session"). But a mapping shows the file as it is now,
/// and the checksum is checked once: bytes written into the file in place afterwards reach the
/// next isolate restored from it unchecked (review 62: a `serve` that mapped it aborted at its
/// next new instance). So only for a process that makes its isolates at once and exits, as the
/// CLI's `call`, `list` and `manifest` do. Call it before the first isolate is made.
pub fn map_cached(map: bool) {
    MAP_CACHED.store(map, Ordering::Relaxed);
}

impl StartupSnapshot {
    /// The process's snapshot: made or read on the first call (which may take a few hundred
    /// milliseconds when there is no cached one), then the same for every isolate. `None` when
    /// `TROVE_HOST_SNAPSHOT=0` or when it could not be made or kept (each isolate then runs the
    /// bootstrap from source; the reason is logged once). A server may call it at start-up, so
    /// its first request does not wait for the snapshot to be made.
    pub fn get() -> Option<&'static StartupSnapshot> {
        SNAPSHOT
            .get_or_init(|| {
                if std::env::var_os("TROVE_HOST_SNAPSHOT").is_some_and(|v| v == "0") {
                    return None;
                }
                let dir = CACHE_DIR.get_or_init(|| None).clone();
                match Self::load(dir.as_deref()) {
                    Ok(snapshot) => Some(snapshot),
                    Err(e) => {
                        tracing::warn!("no startup snapshot ({e}); every isolate runs the bootstrap from source");
                        None
                    }
                }
            })
            .as_ref()
    }

    /// The bytecode cache of the scripts this snapshot leaves to be loaded lazily.
    pub(crate) fn code_cache(&'static self) -> &'static ScriptCodeCache {
        &self.code_cache
    }

    /// `options` with this snapshot, the extensions as a restore wants them (their ops and
    /// state, none of their files: the snapshot holds what ran, the tables what did not).
    pub(crate) fn runtime_options(&self, options: RuntimeOptions) -> RuntimeOptions {
        let extensions = crate::isolate::extensions_unread()
            .into_iter()
            .map(|mut extension| {
                for files in crate::extension_sources::file_lists_mut(&mut extension) {
                    *files = Cow::Borrowed(&[]);
                }
                extension.esm_entry_point = None;
                extension
            })
            .collect();
        RuntimeOptions {
            extensions,
            startup_snapshot: Some(self.blob),
            residual_lazy_js_sources: self.residual_js,
            residual_lazy_esm_sources: self.residual_esm,
            ..options
        }
    }

    fn load(dir: Option<&Path>) -> Result<Self, String> {
        let extensions = crate::isolate::extensions_unread();
        let (residual_js, residual_esm) = residual_sources(&extensions)?;
        let key = cache_key(&extensions)?;
        let blob: &'static [u8] = match dir.and_then(|dir| read_cached(dir, &key)) {
            Some(blob) => blob,
            None => {
                // Made and thrown away by every process (half a second each) is worse than no
                // snapshot: with a cache that cannot be written, bootstrap from source.
                if let Some(dir) = dir {
                    writable(dir).map_err(|e| format!("the snapshot cache {} cannot be written ({e})", dir.display()))?;
                }
                let blob = make()?;
                if let Some(dir) = dir {
                    write_cached(dir, &key, &blob);
                }
                Box::leak(blob)
            }
        };
        let scripts = residual_js.iter().map(|(specifier, _)| *specifier);
        let code_cache = ScriptCodeCache::new(key, dir.map(ScriptCodeCache::dir_beside), scripts);
        Ok(Self { blob, residual_js, residual_esm, code_cache })
    }
}

/// Whether a file can be made in `dir` (made if missing).
fn writable(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let probe = dir.join(format!(".writable-{}", std::process::id()));
    std::fs::write(&probe, b"")?;
    std::fs::remove_file(&probe)
}

/// Runs the bootstrap in a snapshotting runtime and serialises what it left. On a thread of its
/// own: the engine keeps per-thread state while it writes a snapshot.
fn make() -> Result<Box<[u8]>, String> {
    // Before the snapshotting runtime: the platform is set up for ordinary runtimes (see there).
    crate::isolate::configure_engine();
    let made = std::thread::Builder::new()
        .name("trove-snapshot".into())
        .spawn(|| {
            std::panic::catch_unwind(|| {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
                let _entered = runtime.enter();
                let creator = deno_core::JsRuntimeForSnapshot::new(RuntimeOptions {
                    extensions: crate::isolate::extensions(),
                    ..Default::default()
                });
                creator.snapshot()
            })
            .map_err(|panic| {
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "the bootstrap panicked".to_owned())
            })
        })
        .map_err(|e| format!("cannot start the snapshot thread: {e}"))?;
    made.join().map_err(|_| "the snapshot thread panicked".to_owned())?
}

/// The lazily loaded scripts and modules of `extensions`, sorted by specifier as deno_core
/// looks them up. deno_core reads them as 7-bit ASCII; a file that is not is refused here.
#[allow(clippy::type_complexity)]
fn residual_sources(
    extensions: &[Extension],
) -> Result<(&'static [(&'static str, &'static str)], &'static [(&'static str, &'static str)]), String> {
    let mut js = Vec::new();
    let mut esm = Vec::new();
    for extension in extensions {
        for (files, into) in [(&extension.lazy_loaded_js_files, &mut js), (&extension.lazy_loaded_esm_files, &mut esm)] {
            for file in files.iter() {
                into.push((file.specifier, static_source(file)?));
            }
        }
    }
    js.sort_unstable_by_key(|(specifier, _)| *specifier);
    esm.sort_unstable_by_key(|(specifier, _)| *specifier);
    Ok((Box::leak(js.into_boxed_slice()), Box::leak(esm.into_boxed_slice())))
}

/// The source of `file` as a `'static` 7-bit ASCII string (what deno_core's residual tables
/// take): a file built into the binary as it is there, untouched (about 1 MB of deno's
/// scripts, which a copy or a scan would read into memory at every start; a `FastStaticString`
/// is ASCII by construction), any other read, checked and leaked once.
#[allow(deprecated, reason = "`IncludedInBinary` is how `include_js_files!` builds a file")]
fn static_source(file: &ExtensionFileSource) -> Result<&'static str, String> {
    match &file.code {
        ExtensionFileSourceCode::IncludedInBinary(code) | ExtensionFileSourceCode::LoadedFromMemoryDuringSnapshot(code) => {
            Ok(code.as_str())
        }
        _ => {
            let code = file.load().map_err(|e| format!("cannot read {}: {e}", file.specifier))?;
            if !code.as_str().is_ascii() {
                return Err(format!("{} is not 7-bit ASCII", file.specifier));
            }
            Ok(Box::leak(code.as_str().to_owned().into_boxed_str()))
        }
    }
}

/// Whether `file`'s contents are the binary's own copy from the table of built-in extension
/// files, which [`crate::extension_sources::DIGEST`] counts in a cache key.
#[allow(deprecated, reason = "`IncludedInBinary` is how a built-in file is handed to deno_core")]
fn from_table(file: &ExtensionFileSource) -> bool {
    matches!(&file.code, ExtensionFileSourceCode::IncludedInBinary(code) if crate::extension_sources::is_from_table(code.as_str()))
}

/// The snapshot's cache key (hex): what it was made from and what will read it (see the module
/// docs). The executable counts by its GNU build ID ([`crate::build_id`]), or by its path, size
/// and modification time when it has none; the extension files built into it by the digest
/// the build made of them, and any other file by its contents.
fn cache_key(extensions: &[Extension]) -> Result<String, String> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    "trove-host startup snapshot 2".hash(&mut hasher);
    env!("CARGO_PKG_VERSION").hash(&mut hasher);
    crate::isolate::ENGINE_FLAGS.hash(&mut hasher);
    crate::extension_sources::DIGEST.hash(&mut hasher);
    match crate::build_id::of_this_program() {
        Some(id) => id.hash(&mut hasher),
        None => {
            if let Ok(exe) = std::env::current_exe() {
                exe.hash(&mut hasher);
                if let Ok(meta) = std::fs::metadata(&exe) {
                    meta.len().hash(&mut hasher);
                    meta.modified().ok().hash(&mut hasher);
                }
            }
        }
    }
    for extension in extensions {
        extension.name.hash(&mut hasher);
        for op in extension.ops.iter() {
            op.name.hash(&mut hasher);
        }
        for file in crate::extension_sources::files(extension) {
            file.specifier.hash(&mut hasher);
            if from_table(file) {
                continue;
            }
            let code = file.load().map_err(|e| format!("cannot read {}: {e}", file.specifier))?;
            code.as_str().hash(&mut hasher);
        }
    }
    Ok(format!("startup-snapshot-{:032x}", hasher.digest128()))
}

/// The largest snapshot read back (bytes); a bigger entry is not one of ours.
const MAX_SNAPSHOT_BYTES: usize = 64 << 20;

/// How many snapshots a cache keeps (one per build that uses it, newest first: a release and a
/// debug build side by side do not evict each other).
const KEPT_SNAPSHOTS: usize = 3;

/// The cached snapshot under `key`, if there is one that passes its checksum (which catches a
/// damaged entry, not a forged one: the cache is trusted as the binary is) and its recorded size,
/// never past [`MAX_SNAPSHOT_BYTES`]. Read into memory, or, when [`map_cached`] asked for it,
/// mapped from its file and kept mapped for the process (its isolates restore from it).
fn read_cached(dir: &Path, key: &str) -> Option<&'static [u8]> {
    let read = || crate::disk_entry::read(dir, key, MAX_SNAPSHOT_BYTES).map(|found| found.map(|bytes| &*Box::leak(bytes.into_boxed_slice())));
    let found = match MAP_CACHED.load(Ordering::Relaxed) {
        true => match crate::disk_entry::map(dir, key, MAX_SNAPSHOT_BYTES) {
            Ok(Some(mapped)) => Ok(Some(&Box::leak(Box::new(mapped))[..])),
            // An entry without a recorded size (none of ours writes one): read.
            Ok(None) => read(),
            Err(e) => Err(e),
        },
        false => read(),
    };
    match found {
        Ok(found) => found,
        Err(e) => {
            tracing::warn!(dir = %dir.display(), "startup snapshot unreadable ({e}); making it again");
            None
        }
    }
}

/// Writes `blob` under `key`, then removes all but the [`KEPT_SNAPSHOTS`] newest entries.
fn write_cached(dir: &Path, key: &str, blob: &[u8]) {
    if let Err(e) = crate::disk_entry::write(dir, key, blob) {
        tracing::warn!(dir = %dir.display(), "startup snapshot not cached ({e}); the next run makes it again");
        return;
    }
    let mut entries: Vec<_> = cacache::list_sync(dir).filter_map(Result::ok).collect();
    entries.sort_by(|a, b| b.time.cmp(&a.time));
    for old in entries.iter().skip(KEPT_SNAPSHOTS).filter(|entry| entry.key != key) {
        if let Err(e) = cacache::RemoveOpts::new().remove_fully(true).remove_sync(dir, &old.key) {
            tracing::debug!(dir = %dir.display(), "an old startup snapshot was not removed: {e}");
        }
    }
    let kept: Vec<String> = entries.iter().take(KEPT_SNAPSHOTS).map(|entry| entry.key.clone()).chain([key.to_owned()]).collect();
    crate::code_cache::prune(&ScriptCodeCache::dir_beside(dir), &kept);
}

#[cfg(test)]
mod tests {
    use deno_core::ExtensionFileSource;

    use super::*;

    /// One extension with one ES module read from `path`.
    fn extension(path: &'static str) -> Vec<Extension> {
        vec![Extension {
            name: "keyed",
            esm_files: Cow::Owned(vec![ExtensionFileSource::loaded_during_snapshot("ext:keyed/mod.js", path)]),
            ..Default::default()
        }]
    }

    #[test]
    fn the_key_is_stable_and_follows_the_extension_files_contents() {
        let dir = std::env::temp_dir().join(format!("trove-snapshot-key-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("mod.js");
        std::fs::write(&file, "export const a = 1;\n").unwrap();
        let path: &'static str = Box::leak(file.to_str().unwrap().to_owned().into_boxed_str());

        let key = |extensions: &[Extension]| cache_key(extensions).unwrap();
        let before = key(&extension(path));
        assert_eq!(before, key(&extension(path)), "the same inputs give the same key");
        let all = crate::isolate::extensions_unread();
        assert_eq!(key(&all), key(&crate::isolate::extensions_unread()));

        // The same size and modification time: the contents decide.
        let modified = std::fs::metadata(&file).unwrap().modified().unwrap();
        std::fs::write(&file, "export const a = 2;\n").unwrap();
        std::fs::File::options().write(true).open(&file).unwrap().set_modified(modified).unwrap();
        assert_ne!(before, key(&extension(path)), "an edited file gives another key");
        let mut renamed = extension(path);
        renamed[0].name = "other";
        assert_ne!(key(&extension(path)), key(&renamed), "another extension gives another key");
        let lazy = |code: &str| {
            let mut extensions = extension(path);
            let file = ExtensionFileSource::new_computed("ext:keyed/lazy.js", code.into());
            extensions[0].lazy_loaded_js_files = Cow::Owned(vec![file]);
            key(&extensions)
        };
        assert_ne!(lazy("a"), lazy("b"), "a lazily loaded file counts by its contents too");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_lazily_loaded_file_is_ascii_and_sorted() {
        let (js, esm) = residual_sources(&crate::isolate::extensions_unread()).expect("the residual tables");
        assert!(js.iter().any(|(s, _)| *s == "ext:deno_web/06_streams.js"), "deno_web's streams load lazily");
        assert!(esm.iter().any(|(s, _)| *s == "ext:trove_intl/collator.js"), "the collator loads lazily");
        for table in [js, esm] {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0), "deno_core looks specifiers up by binary search");
        }
    }
}
