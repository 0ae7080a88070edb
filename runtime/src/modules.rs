//! Transpiled modules, shared between isolates: a host-wide cache keyed by content hash, and a
//! per-toolkit snapshot so every instance of a loaded toolkit runs the same code.
//!
//! Instance 1 of a toolkit reads and transpiles its files; instances 2..N are served from the
//! toolkit's [`ModuleSnapshot`] without touching the disk, so they run exactly what the handle's
//! tool list describes even if the files change meanwhile. Reloading a toolkit (`serve
//! --watch`) takes a fresh snapshot and re-transpiles only files whose content changed
//! ([`ModuleCache`], keyed by SHA-256 of specifier, media type and source).
//!
//! The cache may have a disk tier ([`ModuleCache::with_disk`]; the CLI puts it under
//! `$XDG_CACHE_HOME/trove-host/transpiled`), so a one-shot `trove-host call` does not run swc
//! on files it transpiled before. Entries are stored through `cacache`, which checks each
//! entry's SHA-256 integrity on read; an entry also records its own key. A corrupt, truncated
//! or mismatched entry is never used: it is logged, transpiled afresh and written again. A
//! stale entry cannot be found, since the key covers the source, the specifier, the media type
//! and [`DISK_FORMAT`] (the host's version).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use deno_ast::MediaType;
use deno_core::ModuleSpecifier;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::transpile::{transpile, Transpiled};

/// Most entries the host-wide cache keeps; past it the cache starts over (a long `--watch`
/// session must not grow without bound).
const MAX_ENTRIES: usize = 4096;

/// The largest disk entry read back (bytes): a transpiled module and its source map, in JSON.
const MAX_DISK_ENTRY_BYTES: usize = 64 << 20;

/// What a disk entry's key covers besides the module: the host's version and the transpile
/// settings' revision (bump it when `transpile`'s options change), so a host never reads what
/// another version wrote.
pub const DISK_FORMAT: &str = concat!("trove-host ", env!("CARGO_PKG_VERSION"), "; transpile v1");

/// Host-wide cache of transpiled modules, keyed by content hash, optionally backed by a
/// directory on disk. `Send + Sync`.
#[derive(Debug, Default)]
pub struct ModuleCache {
    entries: Mutex<HashMap<[u8; 32], Arc<Transpiled>>>,
    disk: Option<PathBuf>,
}

/// A transpiled module as stored on disk.
#[derive(Serialize, Deserialize)]
struct DiskEntry {
    /// The key the entry was written under (checked on read).
    key: String,
    code: String,
    source_map: Option<String>,
}

impl ModuleCache {
    /// A cache whose entries are also kept in `dir` (created when first written), across
    /// processes. Several processes may share `dir`.
    pub fn with_disk(dir: PathBuf) -> Self {
        Self { entries: Mutex::default(), disk: Some(dir) }
    }

    /// The transpiled form of `source` (a cache hit when the same file with the same content
    /// was transpiled before, in this process or, with a disk tier, in an earlier one).
    ///
    /// # Errors
    /// swc's diagnostic (file and line) for a syntax error. Disk problems are never errors:
    /// an entry that cannot be read or written is logged and the module transpiled.
    pub fn transpile(&self, specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Arc<Transpiled>, String> {
        let key = cache_key(specifier, media_type, &source);
        if let Some(hit) = self.entries.lock().expect("module cache").get(&key) {
            return Ok(hit.clone());
        }
        let out = match self.read_disk(&key, specifier) {
            Some(found) => Arc::new(found),
            None => {
                let fresh = transpile(specifier, media_type, source)?;
                self.write_disk(&key, specifier, &fresh);
                Arc::new(fresh)
            }
        };
        let mut entries = self.entries.lock().expect("module cache");
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, out.clone());
        Ok(out)
    }

    /// The disk entry for `key`, if there is one that passes its integrity check and records
    /// the same key.
    fn read_disk(&self, key: &[u8; 32], specifier: &ModuleSpecifier) -> Option<Transpiled> {
        let dir = self.disk.as_ref()?;
        let hex = hex_key(key);
        let bytes = match crate::disk_entry::read(dir, &hex, MAX_DISK_ENTRY_BYTES) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return None,
            Err(e) => {
                tracing::warn!(module = %specifier, dir = %dir.display(), "transpile cache entry unreadable ({e}); transpiling afresh");
                return None;
            }
        };
        match serde_json::from_slice::<DiskEntry>(&bytes) {
            Ok(entry) if entry.key == hex => {
                Some(Transpiled { code: entry.code, source_map: entry.source_map.map(String::into_bytes) })
            }
            _ => {
                tracing::warn!(module = %specifier, dir = %dir.display(), "transpile cache entry does not match its key; transpiling afresh");
                None
            }
        }
    }

    fn write_disk(&self, key: &[u8; 32], specifier: &ModuleSpecifier, module: &Transpiled) {
        let Some(dir) = &self.disk else { return };
        let source_map = match module.source_map.as_ref().map(|m| String::from_utf8(m.clone())) {
            Some(Ok(map)) => Some(map),
            Some(Err(_)) => return,
            None => None,
        };
        let hex = hex_key(key);
        let entry = DiskEntry { key: hex.clone(), code: module.code.clone(), source_map };
        let bytes = serde_json::to_vec(&entry).expect("a disk entry serialises");
        if let Err(e) = crate::disk_entry::write(dir, &hex, &bytes) {
            tracing::debug!(module = %specifier, dir = %dir.display(), "transpile cache not written: {e}");
        }
    }

    /// How many transpiled modules are cached.
    pub fn len(&self) -> usize {
        self.entries.lock().expect("module cache").len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// SHA-256 of [`DISK_FORMAT`], the specifier, the media type and the source.
fn cache_key(specifier: &ModuleSpecifier, media_type: MediaType, source: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(DISK_FORMAT.as_bytes());
    hasher.update([0]);
    hasher.update(specifier.as_str().as_bytes());
    hasher.update([0]);
    hasher.update(media_type.as_ts_extension().as_bytes());
    hasher.update([0]);
    hasher.update(source.as_bytes());
    hasher.finalize().into()
}

fn hex_key(key: &[u8; 32]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// Most files a [`ModuleSnapshot`] remembers as missed: `import()` of made-up names at run time
/// must not grow it without bound.
const MAX_MISSED: usize = 256;

/// The modules one loaded toolkit ran, by specifier: filled by its first instance, read by
/// the rest. Also the files its loader looked for and could not use (missing, unreadable, not
/// valid TypeScript): a watcher of a failed load must see them appear or change.
#[derive(Debug, Default)]
pub struct ModuleSnapshot {
    modules: Mutex<HashMap<ModuleSpecifier, Arc<Transpiled>>>,
    missed: Mutex<BTreeSet<PathBuf>>,
    /// The xxh3-128 hash of each file's text as the loader read it: it tells a change from no
    /// change for a watcher, where the file's writer is the toolkit's author, and costs a cold
    /// call next to nothing (SHA-256 here was 0.5% of one).
    read: Mutex<HashMap<PathBuf, u128>>,
}

impl ModuleSnapshot {
    /// The module recorded for `specifier`, if an earlier instance loaded it.
    pub fn get(&self, specifier: &ModuleSpecifier) -> Option<Arc<Transpiled>> {
        self.modules.lock().expect("module snapshot").get(specifier).cloned()
    }

    /// The files of the modules recorded (canonical paths, sorted; the SDK module is virtual
    /// and not among them): what a toolkit's code was read from, for a watcher.
    pub fn files(&self) -> Vec<std::path::PathBuf> {
        let mut files: Vec<_> =
            self.modules.lock().expect("module snapshot").keys().filter_map(|s| s.to_file_path().ok()).collect();
        files.sort();
        files
    }

    /// Records that the loader looked for `path` and could not use it (the first
    /// [`MAX_MISSED`] such paths are kept).
    pub fn record_missed(&self, path: &Path) {
        let mut missed = self.missed.lock().expect("module snapshot");
        if missed.len() < MAX_MISSED {
            missed.insert(path.to_path_buf());
        }
    }

    /// The files the loader looked for and could not use (absolute, sorted; canonical when
    /// they exist): a missing helper, or one that did not read or transpile.
    pub fn missed(&self) -> Vec<PathBuf> {
        self.missed.lock().expect("module snapshot").iter().cloned().collect()
    }

    /// Records that the loader read `text` from `path` (the first read wins, as with
    /// [`Self::record`]).
    pub fn record_read(&self, path: &Path, text: &str) {
        self.read.lock().expect("module snapshot").entry(path.to_path_buf()).or_insert_with(|| xxhash_rust::xxh3::xxh3_128(text.as_bytes()));
    }

    /// Whether `text` is what the loader read from `path`: `false` when it did not read `path`.
    /// How a watcher tells a file written just before the load (whose times cannot say whether
    /// it was written before or after the load read it) from one changed since (review 45).
    pub fn read_as(&self, path: &Path, text: &str) -> bool {
        self.read.lock().expect("module snapshot").get(path).is_some_and(|read| *read == xxhash_rust::xxh3::xxh3_128(text.as_bytes()))
    }

    /// Records what `specifier` loaded as (the first record wins).
    pub fn record(&self, specifier: &ModuleSpecifier, module: Arc<Transpiled>) -> Arc<Transpiled> {
        self.modules.lock().expect("module snapshot").entry(specifier.clone()).or_insert(module).clone()
    }

    /// How many modules are recorded.
    pub fn len(&self) -> usize {
        self.modules.lock().expect("module snapshot").len()
    }

    /// Whether nothing is recorded yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where an isolate's loader gets its modules: the host's cache and the toolkit's snapshot.
#[derive(Debug, Clone, Default)]
pub struct ModuleSources {
    /// Host-wide, by content hash.
    pub cache: Arc<ModuleCache>,
    /// This loaded toolkit's modules.
    pub snapshot: Arc<ModuleSnapshot>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("trove-host-modules-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn module() -> (ModuleSpecifier, MediaType, String) {
        (ModuleSpecifier::parse("file:///toolkit/extension.ts").unwrap(), MediaType::TypeScript, "export const n: number = 1;\n".to_owned())
    }

    /// Plants a disk entry for `module()` whose code is `code` (as another process would have).
    fn plant(dir: &std::path::Path, code: &str) {
        plant_recording(dir, None, code);
    }

    /// [`plant`], with the entry recording `recorded_key` instead of its own key.
    fn plant_recording(dir: &std::path::Path, recorded_key: Option<&str>, code: &str) {
        let (specifier, media_type, source) = module();
        let hex = hex_key(&cache_key(&specifier, media_type, &source));
        let key = recorded_key.map_or_else(|| hex.clone(), str::to_owned);
        let entry = DiskEntry { key, code: code.to_owned(), source_map: None };
        cacache::write_sync(dir, &hex, serde_json::to_vec(&entry).unwrap()).unwrap();
    }

    #[test]
    fn a_second_process_reads_the_disk_entry_instead_of_transpiling() {
        let dir = scratch("hit");
        let (specifier, media_type, source) = module();
        let first = ModuleCache::with_disk(dir.clone()).transpile(&specifier, media_type, source.clone()).unwrap();
        assert!(first.code.contains("export const n = 1"), "{}", first.code);
        assert!(!first.code.contains("number"), "types are stripped: {}", first.code);
        // What a later process finds on disk is what it runs: plant a marker under the key.
        plant(&dir, "export const n = 'from disk';");
        let second = ModuleCache::with_disk(dir.clone()).transpile(&specifier, media_type, source).unwrap();
        assert_eq!(second.code, "export const n = 'from disk';");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_entry_is_never_run_but_transpiled_afresh_and_rewritten() {
        let dir = scratch("corrupt");
        let (specifier, media_type, source) = module();
        plant(&dir, "export const n = 'planted';");
        // Flip the stored content on disk (a bad sector, a half-written file).
        let mut corrupted = 0;
        for file in walk(&dir.join("content-v2")) {
            let mut bytes = std::fs::read(&file).unwrap();
            let at = bytes.len() / 2;
            bytes[at] ^= 0x20;
            std::fs::write(&file, bytes).unwrap();
            corrupted += 1;
        }
        assert_eq!(corrupted, 1, "one content file");
        let out = ModuleCache::with_disk(dir.clone()).transpile(&specifier, media_type, source.clone()).unwrap();
        assert!(out.code.contains("export const n = 1"), "transpiled afresh, not the corrupt entry: {}", out.code);
        // And rewritten: the next process reads a good entry.
        let again = cacache::read_sync(&dir, hex_key(&cache_key(&specifier, media_type, &source))).unwrap();
        let entry: DiskEntry = serde_json::from_slice(&again).unwrap();
        assert_eq!(entry.code, out.code);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_entry_under_another_key_is_not_used() {
        let dir = scratch("mismatch");
        let (specifier, media_type, source) = module();
        plant_recording(&dir, Some("someone else"), "export const n = 'wrong';");
        let out = ModuleCache::with_disk(dir.clone()).transpile(&specifier, media_type, source).unwrap();
        assert!(out.code.contains("export const n = 1"), "{}", out.code);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_changed_source_is_a_different_key() {
        let dir = scratch("stale");
        let (specifier, media_type, _) = module();
        plant(&dir, "export const n = 'old';");
        let out = ModuleCache::with_disk(dir.clone()).transpile(&specifier, media_type, "export const n: number = 2;\n".to_owned()).unwrap();
        assert!(out.code.contains("export const n = 2"), "{}", out.code);
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else {
                out.push(path);
            }
        }
        out
    }
}
