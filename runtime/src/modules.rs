//! Transpiled modules, shared between isolates: a host-wide cache keyed by content hash, and a
//! per-toolkit snapshot so every instance of a loaded toolkit runs the same code.
//!
//! Instance 1 of a toolkit reads and transpiles its files; instances 2..N are served from the
//! toolkit's [`ModuleSnapshot`] without touching the disk, so they run exactly what the handle's
//! tool list describes even if the files change meanwhile. Reloading a toolkit (`serve
//! --watch`) takes a fresh snapshot and re-transpiles only files whose content changed
//! ([`ModuleCache`], keyed by SHA-256 of specifier, media type and source).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use deno_ast::MediaType;
use deno_core::ModuleSpecifier;
use sha2::{Digest, Sha256};

use crate::transpile::{transpile, Transpiled};

/// Most entries the host-wide cache keeps; past it the cache starts over (a long `--watch`
/// session must not grow without bound).
const MAX_ENTRIES: usize = 4096;

/// Host-wide cache of transpiled modules, keyed by content hash. `Send + Sync`.
#[derive(Debug, Default)]
pub struct ModuleCache {
    entries: Mutex<HashMap<[u8; 32], Arc<Transpiled>>>,
}

impl ModuleCache {
    /// The transpiled form of `source` (a cache hit when the same file with the same content
    /// was transpiled before).
    ///
    /// # Errors
    /// swc's diagnostic (file and line) for a syntax error.
    pub fn transpile(&self, specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Arc<Transpiled>, String> {
        let mut hasher = Sha256::new();
        hasher.update(specifier.as_str().as_bytes());
        hasher.update([0]);
        hasher.update(media_type.as_ts_extension().as_bytes());
        hasher.update([0]);
        hasher.update(source.as_bytes());
        let key: [u8; 32] = hasher.finalize().into();
        if let Some(hit) = self.entries.lock().expect("module cache").get(&key) {
            return Ok(hit.clone());
        }
        let out = Arc::new(transpile(specifier, media_type, source)?);
        let mut entries = self.entries.lock().expect("module cache");
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, out.clone());
        Ok(out)
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

/// The modules one loaded toolkit ran, by specifier: filled by its first instance, read by
/// the rest.
#[derive(Debug, Default)]
pub struct ModuleSnapshot {
    modules: Mutex<HashMap<ModuleSpecifier, Arc<Transpiled>>>,
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
