//! `serve --watch`: reloads a served toolkit when files under its directory change, and swaps the
//! new version into the [`Registry`] so the next call uses it.
//!
//! - Each toolkit's directory is watched recursively, and so is the folder of every module it
//!   loaded from elsewhere in its workspace (shared helpers, e.g. `../lib/http.ts`).
//! - After every successful reload the watched folders follow the new module graph: a helper
//!   imported by the edit is watched from then on, and a folder no toolkit imports from any
//!   more is no longer watched. After a failed one, the folders of what it read or looked for
//!   are watched too, so writing or fixing the helper the edit imports reloads the toolkit; a
//!   folder that does not exist yet is watched for through its nearest existing parent (not
//!   recursively).
//! - Changes are debounced: a toolkit reloads once its files have been quiet for
//!   [`DEBOUNCE`]. Hidden files and editor backups (`.x.swp`, `x~`) are ignored.
//! - A reload is a full [`Host::load`] (unchanged files come from the host's transpile cache).
//!   If it fails, or the id changed, the previous version keeps serving and the error is
//!   logged once: not again until its text changes or a reload succeeds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use trove_host::{Host, LoadOptions};

use crate::serve::ServeError;
use crate::wire::Registry;

/// Quiet time after the last change before a toolkit reloads.
pub(crate) const DEBOUNCE: Duration = Duration::from_millis(200);

/// A served toolkit to watch.
pub(crate) struct Watched {
    /// Its manifest id (what it is served as).
    pub id: String,
    /// The path it was loaded from (reloaded from the same).
    pub source: PathBuf,
    /// Its directory (canonical).
    pub root: PathBuf,
    /// The files its modules were read from, and those its loader looked for and missed
    /// ([`trove_host::ToolkitHandle::module_files`], [`trove_host::ToolkitHandle::missed_files`]).
    pub modules: Vec<PathBuf>,
}

/// Watches files while it lives; dropping it stops watching and reloading.
pub(crate) struct Watcher {
    /// The reloader; it owns the OS watcher, so aborting it stops watching too.
    task: JoinHandle<()>,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Watcher {
    /// Starts watching `toolkits`; reloads go into `registry`.
    pub(crate) fn start(host: Host, load: LoadOptions, registry: Arc<Registry>, toolkits: Vec<Watched>) -> Result<Self, ServeError> {
        let (tx, rx) = mpsc::unbounded_channel();
        let watcher = notify::recommended_watcher(move |event| {
            let _ = tx.send(event);
        })
        .map_err(|e| ServeError::Watch { path: PathBuf::from("."), reason: e.to_string() })?;
        let entries: Vec<Entry> = toolkits
            .into_iter()
            .map(|watched| {
                let dirs = dirs_of(&watched.root, &watched.modules);
                Entry { watched, dirs, last_error: None }
            })
            .collect();
        let mut reloader = Reloader { host, load, registry, entries, watcher, watching: BTreeMap::new() };
        reloader.sync_watches().map_err(|(path, reason)| ServeError::Watch { path, reason })?;
        Ok(Self { task: tokio::spawn(reloader.run(rx)) })
    }
}

/// The folders to watch for a toolkit at `root` whose modules are `modules`: `root` itself and
/// the folder of every module outside it.
fn dirs_of(root: &Path, modules: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = vec![root.to_path_buf()];
    dirs.extend(shared_dirs(root, modules));
    dirs
}

/// The watches that cover every one of `dirs`: each folder that exists recursively, unless a
/// folder above it is watched already (a folder inside another needs no watch of its own); for
/// a folder that does not exist yet (a helper's folder an edit imports before it is made), its
/// nearest existing ancestor, not recursively, to see it appear. A recursive watch of that
/// ancestor could be a whole checkout with its build folders.
fn covering(dirs: impl IntoIterator<Item = PathBuf>) -> BTreeMap<PathBuf, RecursiveMode> {
    let (present, absent): (BTreeSet<PathBuf>, BTreeSet<PathBuf>) = dirs.into_iter().partition(|d| d.is_dir());
    let mut cover: BTreeMap<PathBuf, RecursiveMode> = BTreeMap::new();
    for dir in present {
        // Sorted, so a folder's ancestors come before it.
        if !cover.keys().any(|w| dir.starts_with(w)) {
            cover.insert(dir, RecursiveMode::Recursive);
        }
    }
    for dir in absent {
        if cover.iter().any(|(w, mode)| *mode == RecursiveMode::Recursive && dir.starts_with(w)) {
            continue;
        }
        if let Some(anchor) = dir.ancestors().skip(1).find(|a| a.is_dir()) {
            cover.entry(anchor.to_path_buf()).or_insert(RecursiveMode::NonRecursive);
        }
    }
    cover
}

/// The folders of the modules a toolkit loaded from outside its own directory (the shared
/// helpers of its workspace), without repeats.
fn shared_dirs(root: &Path, modules: &[PathBuf]) -> Vec<PathBuf> {
    let dirs: BTreeSet<PathBuf> =
        modules.iter().filter(|m| !m.starts_with(root)).filter_map(|m| m.parent().map(Path::to_path_buf)).collect();
    dirs.into_iter().collect()
}

struct Entry {
    watched: Watched,
    /// Its directory and the shared folders beside it.
    dirs: Vec<PathBuf>,
    /// The last reload error logged (cleared by a successful reload).
    last_error: Option<String>,
}

impl Entry {
    /// Whether a change at `path` may change this toolkit: a file under one of its folders, or
    /// a folder on the way to one of them (made, so a helper's new folder is seen).
    fn covers(&self, path: &Path) -> bool {
        self.dirs.iter().any(|dir| {
            let inside = path.strip_prefix(dir).is_ok_and(|rel| {
                let hidden = rel.components().any(|c| matches!(c, Component::Normal(n) if n.to_string_lossy().starts_with('.')));
                let backup = rel.file_name().is_some_and(|n| n.to_string_lossy().ends_with('~'));
                !hidden && !backup
            });
            inside || dir.starts_with(path)
        })
    }

    fn failed(&mut self, error: String) {
        if self.last_error.as_deref() != Some(error.as_str()) {
            tracing::error!(
                target: "trove::serve",
                toolkit = %self.watched.id,
                "reloading {} failed; still serving the previous version: {error}",
                self.watched.source.display()
            );
            self.last_error = Some(error);
        }
    }
}

/// Whether an event may mean a file's content changed (reads and opens do not).
fn changes_content(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        _ => true,
    }
}

struct Reloader {
    host: Host,
    load: LoadOptions,
    registry: Arc<Registry>,
    entries: Vec<Entry>,
    watcher: RecommendedWatcher,
    /// The folders watched now, and how: [`covering`] the entries' folders.
    watching: BTreeMap<PathBuf, RecursiveMode>,
}

impl Reloader {
    /// Makes the watched folders those the entries need now: stops watching the folders no
    /// longer needed, then watches the new ones (in that order, so that a folder now covered by
    /// a new parent's recursive watch is not left unwatched by removing its old watch).
    ///
    /// # Errors
    /// The first folder that cannot be watched, and why (the others are still tried).
    fn sync_watches(&mut self) -> Result<(), (PathBuf, String)> {
        let wanted = covering(self.entries.iter().flat_map(|e| e.dirs.iter().cloned()));
        let gone: Vec<PathBuf> =
            self.watching.iter().filter(|(dir, mode)| wanted.get(*dir) != Some(*mode)).map(|(dir, _)| dir.clone()).collect();
        for dir in gone {
            // A folder that was deleted may already be unwatched; nothing to undo then.
            let _ = self.watcher.unwatch(&dir);
            self.watching.remove(&dir);
        }
        let mut first_error = None;
        for (dir, mode) in wanted {
            if self.watching.contains_key(&dir) {
                continue;
            }
            match self.watcher.watch(&dir, mode) {
                Ok(()) => {
                    self.watching.insert(dir, mode);
                }
                Err(e) => {
                    first_error.get_or_insert((dir, e.to_string()));
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    async fn run(mut self, mut events: mpsc::UnboundedReceiver<notify::Result<Event>>) {
        let mut dirty: BTreeSet<usize> = BTreeSet::new();
        let mut deadline: Option<tokio::time::Instant> = None;
        let mut last_watch_error: Option<String> = None;
        loop {
            let quiet = async {
                match deadline {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                event = events.recv() => match event {
                    None => return,
                    Some(Ok(event)) => {
                        if !changes_content(&event.kind) {
                            continue;
                        }
                        let mut touched = false;
                        for (i, entry) in self.entries.iter().enumerate() {
                            if event.paths.iter().any(|p| entry.covers(p)) {
                                dirty.insert(i);
                                touched = true;
                            }
                        }
                        if touched {
                            deadline = Some(tokio::time::Instant::now() + DEBOUNCE);
                        }
                    }
                    Some(Err(e)) => {
                        let text = e.to_string();
                        if last_watch_error.as_deref() != Some(text.as_str()) {
                            tracing::warn!(target: "trove::serve", "file watching: {text}");
                            last_watch_error = Some(text);
                        }
                    }
                },
                () = quiet => {
                    deadline = None;
                    for i in std::mem::take(&mut dirty) {
                        self.reload(i).await;
                    }
                }
            }
        }
    }

    async fn reload(&mut self, i: usize) {
        let started = Instant::now();
        let entry = &mut self.entries[i];
        let id = entry.watched.id.clone();
        let (loaded, files) = self.host.load_with_files(&entry.watched.source, self.load.clone()).await;
        match loaded {
            Ok(new) if new.id() != id => entry.failed(format!(
                "{}: the toolkit's id changed from {id:?} to {:?}; restart the server to serve it under its new id",
                new.entry().display(),
                new.id()
            )),
            Ok(new) => {
                let tools = new.tools().len();
                // The edit may have added or dropped imports of helpers outside the toolkit's
                // folder: watch what the new version reads.
                entry.dirs = dirs_of(&entry.watched.root, &files);
                self.registry.insert(new);
                entry.last_error = None;
                tracing::info!(
                    target: "trove::serve",
                    toolkit = %id,
                    "reloaded {} ({tools} tools) in {} ms",
                    entry.watched.source.display(),
                    started.elapsed().as_millis()
                );
            }
            Err(error) => {
                // The fix may be in a helper only this attempt imports, or one that does not
                // exist yet: watch what it read and looked for, besides what was watched.
                let mut dirs = std::mem::take(&mut entry.dirs);
                dirs.extend(dirs_of(&entry.watched.root, &files));
                dirs.sort();
                dirs.dedup();
                entry.dirs = dirs;
                entry.failed(error.to_string());
            }
        }
        if let Err((path, reason)) = self.sync_watches() {
            tracing::warn!(
                target: "trove::serve",
                toolkit = %id,
                "cannot watch {}: {reason}; changes there will not reload {id}",
                path.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covering_watches_present_folders_recursively_and_absent_ones_through_a_parent() {
        let base = std::env::temp_dir().join(format!("trove-watch-cover-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        for dir in ["kits/echo/sub", "kits/lib"] {
            std::fs::create_dir_all(base.join(dir)).unwrap();
        }
        let at = |p: &str| base.join(p);
        let cover = covering([at("kits/echo"), at("kits/echo/sub"), at("kits/lib"), at("kits/lib2/deep"), at("kits/echo/new")]);
        assert_eq!(
            cover.into_iter().collect::<Vec<_>>(),
            vec![
                // lib2/deep does not exist: its nearest existing parent, alone.
                (at("kits"), RecursiveMode::NonRecursive),
                // echo/sub and echo/new (absent) are inside echo's recursive watch.
                (at("kits/echo"), RecursiveMode::Recursive),
                (at("kits/lib"), RecursiveMode::Recursive),
            ]
        );
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn a_folder_made_on_the_way_to_a_missing_helper_counts_as_a_change() {
        let root = PathBuf::from("/w/kits/echo");
        let entry = Entry {
            watched: Watched { id: "echo".into(), source: root.clone(), root: root.clone(), modules: vec![] },
            dirs: vec![root.clone(), PathBuf::from("/w/kits/lib2/deep")],
            last_error: None,
        };
        assert!(entry.covers(Path::new("/w/kits/echo/extension.ts")));
        assert!(entry.covers(Path::new("/w/kits/lib2")), "the helper's folder being made");
        assert!(entry.covers(Path::new("/w/kits/lib2/deep/h.ts")));
        assert!(!entry.covers(Path::new("/w/kits/other/x.ts")));
        assert!(!entry.covers(Path::new("/w/kits/echo/.x.swp")));
    }
}
