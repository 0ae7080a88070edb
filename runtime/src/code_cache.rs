//! Compiled bytecode of the extension scripts that the startup snapshot does not hold (deno's
//! lazily loaded scripts: `URL`, `Headers`, the console, streams, crypto …), so that an isolate
//! that first needs one reads its bytecode instead of parsing it (issue #11).
//!
//! deno_core compiles a lazily loaded script with `ScriptCompiler::CompileFunction` and asks the
//! module loader for a code cache first ([`deno_core::ModuleLoader::get_code_cache`]); with none,
//! it compiles the source and hands back what the engine made of it
//! ([`deno_core::ModuleLoader::code_cache_ready`]). The engine (v8x on QuickJS, patch 20 in
//! `third_party/v8x/TROVE-PATCHES.md`) makes that cache from the function's bytecode and takes one
//! back only when it carries this engine build's tag, the key of the very source being compiled
//! and a payload that matches its checksum; anything else is rejected and the source compiled.
//!
//! - **Where it is kept.** In memory for the process (every later isolate of a server reads it
//!   from there), and, when the snapshot has a cache directory, on disk beside it (`scripts/` in
//!   the snapshot's directory, a `cacache` index), so the next process starts from it too.
//! - **When it is stale.** Entries are keyed by the startup snapshot's key (which covers the
//!   executable and every extension file), the script's specifier and an xxh3 hash of its
//!   source: a rebuilt binary or an edited script misses and compiles again. Entries of
//!   snapshots no longer kept are removed when a new snapshot is written.
//! - **When it is damaged.** A disk entry is checked against its checksum (xxh3) and recorded size
//!   before it is used, and the engine checks its own; one that fails either is compiled from
//!   source and written again, never run. As with the snapshot, the checksums catch damage, not
//!   forgery: the cache is trusted as the binary is (the CLI keeps it in the user's own cache
//!   directory).

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use deno_core::SourceCodeCacheInfo;

/// The largest script bytecode read back from disk (bytes); a bigger entry is not one of ours.
const MAX_SCRIPT_BYTECODE: usize = 16 << 20;

/// The bytecode of the lazily loaded extension scripts for one startup snapshot: a memory tier
/// for the process and an optional disk tier. Shared by every isolate restored from that
/// snapshot (`Send + Sync`).
pub struct ScriptCodeCache {
    /// The startup snapshot's key: entries of another build never match.
    snapshot_key: String,
    /// `cacache` directory of the disk tier, `None` for memory only.
    dir: Option<PathBuf>,
    /// The classic scripts it keeps (deno_core asks about lazily loaded ES modules too, whose
    /// bytecode the engine caches its own way).
    scripts: HashSet<&'static str>,
    /// Specifier → (source hash, bytecode).
    memory: Mutex<HashMap<String, (u64, Arc<[u8]>)>>,
}

impl ScriptCodeCache {
    /// A cache of the classic `scripts` (specifiers) for the snapshot keyed `snapshot_key`, kept
    /// on disk under `dir` when given.
    pub(crate) fn new(snapshot_key: String, dir: Option<PathBuf>, scripts: impl IntoIterator<Item = &'static str>) -> Self {
        Self { snapshot_key, dir, scripts: scripts.into_iter().collect(), memory: Mutex::new(HashMap::new()) }
    }

    /// The disk tier's directory for a snapshot cache directory.
    pub(crate) fn dir_beside(snapshot_dir: &Path) -> PathBuf {
        snapshot_dir.join("scripts")
    }

    /// What deno_core asks before compiling `specifier`: the source's hash (which
    /// [`Self::put`] gets back) and the bytecode cached for exactly this source, if any; `None`
    /// for a specifier that is not one of the cache's scripts.
    pub fn get(&self, specifier: &str, source: &str) -> Option<SourceCodeCacheInfo> {
        if !self.scripts.contains(specifier) {
            return None;
        }
        tracing::trace!(target: "trove::runtime::scripts", specifier, "lazily loaded script");
        let hash = xxhash_rust::xxh3::xxh3_64(source.as_bytes());
        let data = self.lookup(specifier, hash).map(|bytes| Cow::Owned(bytes.to_vec()));
        Some(SourceCodeCacheInfo { hash, data })
    }

    /// Keeps the engine's bytecode of `specifier` compiled from the source hashed `hash`.
    pub fn put(&self, specifier: &str, hash: u64, bytecode: &[u8]) {
        if !self.scripts.contains(specifier) {
            return;
        }
        let bytes: Arc<[u8]> = Arc::from(bytecode);
        self.memory.lock().unwrap_or_else(|e| e.into_inner()).insert(specifier.to_owned(), (hash, bytes));
        if let Some(dir) = &self.dir {
            let key = self.disk_key(specifier, hash);
            if let Err(e) = crate::disk_entry::write(dir, &key, &disk_payload(&key, bytecode)) {
                tracing::debug!(dir = %dir.display(), specifier, "script bytecode not cached on disk: {e}");
            }
        }
    }

    fn lookup(&self, specifier: &str, hash: u64) -> Option<Arc<[u8]>> {
        let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((cached_hash, bytes)) = memory.get(specifier) {
            return (*cached_hash == hash).then(|| bytes.clone());
        }
        let dir = self.dir.as_ref()?;
        let key = self.disk_key(specifier, hash);
        match crate::disk_entry::read(dir, &key, MAX_SCRIPT_BYTECODE) {
            Ok(Some(payload)) => {
                let Some(bytecode) = payload.strip_prefix(key.as_bytes()).and_then(|rest| rest.strip_prefix(b"\n")) else {
                    tracing::debug!(dir = %dir.display(), specifier, "script bytecode written for another entry; compiling it again");
                    return None;
                };
                let bytes: Arc<[u8]> = bytecode.into();
                memory.insert(specifier.to_owned(), (hash, bytes.clone()));
                Some(bytes)
            }
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(dir = %dir.display(), specifier, "script bytecode unreadable ({e}); compiling it again");
                None
            }
        }
    }

    fn disk_key(&self, specifier: &str, hash: u64) -> String {
        format!("{}/{specifier}/{hash:016x}", self.snapshot_key)
    }
}

/// What a disk entry holds: its own key, a newline, then the bytecode. `cacache` addresses
/// content by its hash, so without the key two builds whose engine made the same bytecode of a
/// script would share one content file, and pruning the older build would take the kept one's
/// bytecode with it (it then warned and compiled the script again in every process). With it,
/// every entry's content is its own, and an entry is read back only under the key it was
/// written for.
fn disk_payload(key: &str, bytecode: &[u8]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(key.len() + 1 + bytecode.len());
    payload.extend_from_slice(key.as_bytes());
    payload.push(b'\n');
    payload.extend_from_slice(bytecode);
    payload
}

/// Removes the disk entries under `dir` that belong to none of the snapshots `kept` (keys),
/// with their content (no other entry shares it: [`disk_payload`]).
pub(crate) fn prune(dir: &Path, kept: &[String]) {
    for entry in cacache::list_sync(dir).filter_map(Result::ok) {
        let owner = entry.key.split('/').next().unwrap_or_default();
        if !kept.iter().any(|key| key == owner) {
            if let Err(e) = cacache::RemoveOpts::new().remove_fully(true).remove_sync(dir, &entry.key) {
                tracing::debug!(dir = %dir.display(), "old script bytecode was not removed: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCRIPTS: [&str; 2] = ["ext:x/a.js", "ext:x/b.js"];

    #[test]
    fn only_its_scripts_are_cached() {
        let cache = ScriptCodeCache::new("snap".into(), None, SCRIPTS);
        assert!(cache.get("ext:x/module.js", "source").is_none(), "an ES module is not asked about");
        cache.put("ext:x/module.js", 1, b"placeholder");
        assert!(cache.memory.lock().unwrap().is_empty());
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("trove-host-code-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn bytecode_is_found_only_for_the_source_it_was_made_from() {
        let dir = temp_dir("keys");
        let cache = ScriptCodeCache::new("snap-a".into(), Some(dir.clone()), SCRIPTS);
        let info = cache.get("ext:x/a.js", "source one").unwrap();
        assert!(info.data.is_none());
        cache.put("ext:x/a.js", info.hash, b"bytecode one");
        assert_eq!(cache.get("ext:x/a.js", "source one").unwrap().data.as_deref(), Some(&b"bytecode one"[..]));
        assert!(cache.get("ext:x/a.js", "source two").unwrap().data.is_none(), "an edited script misses");
        assert!(cache.get("ext:x/b.js", "source one").unwrap().data.is_none(), "another script misses");

        // The next process: from disk, for the same snapshot only.
        let again = ScriptCodeCache::new("snap-a".into(), Some(dir.clone()), SCRIPTS);
        assert_eq!(again.get("ext:x/a.js", "source one").unwrap().data.as_deref(), Some(&b"bytecode one"[..]));
        let rebuilt = ScriptCodeCache::new("snap-b".into(), Some(dir.clone()), SCRIPTS);
        assert!(rebuilt.get("ext:x/a.js", "source one").unwrap().data.is_none(), "another build misses");

        prune(&dir, &["snap-b".into()]);
        let pruned = ScriptCodeCache::new("snap-a".into(), Some(dir.clone()), SCRIPTS);
        assert!(pruned.get("ext:x/a.js", "source one").unwrap().data.is_none(), "pruned with its snapshot");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Two builds that made the same bytecode of a script keep a content file each, so pruning
    /// the older one leaves the kept one's entry readable. (They shared one, and pruning took
    /// the kept build's bytecode: it warned and compiled the script again in every process.)
    #[test]
    fn pruning_a_build_keeps_the_bytecode_of_a_kept_build_that_made_the_same() {
        let dir = temp_dir("shared");
        for snapshot in ["snap-old", "snap-kept"] {
            let cache = ScriptCodeCache::new(snapshot.into(), Some(dir.clone()), SCRIPTS);
            let hash = cache.get("ext:x/a.js", "source").unwrap().hash;
            cache.put("ext:x/a.js", hash, b"the same bytecode");
        }
        assert_eq!(walk(&dir.join("content-v2")).len(), 2, "a content file for each entry");
        prune(&dir, &["snap-kept".into()]);
        let kept = ScriptCodeCache::new("snap-kept".into(), Some(dir.clone()), SCRIPTS);
        assert_eq!(kept.get("ext:x/a.js", "source").unwrap().data.as_deref(), Some(&b"the same bytecode"[..]));
        let old = ScriptCodeCache::new("snap-old".into(), Some(dir.clone()), SCRIPTS);
        assert!(old.get("ext:x/a.js", "source").unwrap().data.is_none(), "the old build's entry is gone");
        assert_eq!(walk(&dir.join("content-v2")).len(), 1, "with its content");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An entry is used only under the key it was written for: content written for another key
    /// (or by an older version without the key) is a miss, not bytecode.
    #[test]
    fn an_entry_written_for_another_key_is_not_used() {
        let dir = temp_dir("other-key");
        let cache = ScriptCodeCache::new("snap".into(), Some(dir.clone()), SCRIPTS);
        let hash = cache.get("ext:x/a.js", "source").unwrap().hash;
        let key = cache.disk_key("ext:x/a.js", hash);
        crate::disk_entry::write(&dir, &key, &disk_payload("snap/ext:x/b.js/0", b"b's bytecode")).unwrap();
        let again = ScriptCodeCache::new("snap".into(), Some(dir.clone()), SCRIPTS);
        assert!(again.get("ext:x/a.js", "source").unwrap().data.is_none());
        crate::disk_entry::write(&dir, &key, b"bytecode with no key").unwrap();
        let again = ScriptCodeCache::new("snap".into(), Some(dir.clone()), SCRIPTS);
        assert!(again.get("ext:x/a.js", "source").unwrap().data.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_disk_entry_is_not_used() {
        let dir = temp_dir("damaged");
        let cache = ScriptCodeCache::new("snap".into(), Some(dir.clone()), SCRIPTS);
        let hash = cache.get("ext:x/a.js", "source").unwrap().hash;
        cache.put("ext:x/a.js", hash, b"twelve bytes");
        let content = walk(&dir.join("content-v2"));
        assert_eq!(content.len(), 1);
        // The same size, one bit different.
        let mut bytes = std::fs::read(&content[0]).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        std::fs::remove_file(&content[0]).unwrap();
        std::fs::write(&content[0], bytes).unwrap();
        let again = ScriptCodeCache::new("snap".into(), Some(dir.clone()), SCRIPTS);
        assert!(again.get("ext:x/a.js", "source").unwrap().data.is_none(), "same size, another checksum");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut files = vec![];
        let mut dirs = vec![dir.to_path_buf()];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() { dirs.push(path) } else { files.push(path) }
            }
        }
        files
    }
}
