//! `serve --watch`: reloads a served toolkit when files under its directory change, and swaps the
//! new version into the [`Registry`] so the next call uses it.
//!
//! - Each toolkit's directory is watched recursively; a module it loaded from elsewhere in its
//!   workspace (a shared helper, e.g. `../lib/http.ts`) through the folder it is in, not
//!   recursively (that folder may be the whole workspace, build folders and all).
//! - After every successful reload the watched folders follow the new module graph: a helper
//!   imported by the edit is watched from then on, and a folder no toolkit imports from any
//!   more is no longer watched. After a failed one, what it read or looked for is watched too
//!   (besides what the last successful load read), so writing or fixing the helper the edit
//!   imports reloads the toolkit; a folder that does not exist yet is watched for through its
//!   nearest existing parent. Only files inside the workspace are ever looked for (the loader
//!   refuses the rest before it looks), so nothing outside it is watched.
//! - A watched folder that is removed or replaced (`rm -rf lib && mkdir lib`, or its parent
//!   renamed away, which the OS reports to no watch) is watched again, and the toolkits that
//!   read from it reload: checked on every event and every [`RECHECK`]. Every [`RECHECK`]
//!   too, a toolkit reloads if a file it read has changed (modification time or length) since
//!   just before it read it, event or not: one can be lost in a race with a replacement, and a
//!   reload can read a file its writer had not finished.
//! - A toolkit given as a link that is re-pointed (`ln -sfn releases/v2 current`) reloads from
//!   its new target, checked every [`RECHECK`]; after the reload the new target's folder is the
//!   one watched.
//! - Changes are debounced: a toolkit reloads once its files have been quiet for
//!   [`DEBOUNCE`]. Hidden files and editor backups (`.x.swp`, `x~`) are ignored.
//! - Each toolkit reloads on a task of its own: one whose new top level runs long holds up
//!   neither the others' reloads nor the watching; a toolkit changed again while it loads
//!   reloads once more after.
//! - A reload is a full [`Host::load`] (unchanged files come from the host's transpile cache).
//!   If it fails, or the id changed, the previous version keeps serving and the error is
//!   logged once: not again until its text changes or a reload succeeds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use notify::event::{AccessKind, AccessMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use trove_host::{Host, LoadOptions, ToolkitHandle};

use crate::serve::ServeError;
use crate::wire::Registry;

/// Quiet time after the last change before a toolkit reloads.
pub(crate) const DEBOUNCE: Duration = Duration::from_millis(200);

/// How often the watched folders are checked against the file system ([`Reloader::recheck`]),
/// besides on every event: some replacements send none.
const RECHECK: Duration = Duration::from_secs(1);

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
    /// The wall-clock time just before it was loaded: a file of [`Self::modules`] written since
    /// may have changed after the load read it, and reloads the toolkit once.
    pub loaded_since: SystemTime,
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
                let files = outside_files(&watched.root, &watched.modules);
                let stamps = restamp(&[], &watched.modules, watched.loaded_since);
                let resolved = std::fs::canonicalize(&watched.source).ok();
                Entry { watched, loaded_files: files.clone(), files, last_error: None, stamps, resolved }
            })
            .collect();
        let mut reloader = Reloader { host, load, registry, entries, watcher, watching: BTreeMap::new(), unwatchable: None };
        reloader.sync_watches().map_err(|(path, reason)| ServeError::Watch { path, reason })?;
        Ok(Self { task: tokio::spawn(reloader.run(rx)) })
    }
}

/// The files outside a toolkit's directory `root` that it read or looked for (`files`): its
/// shared helpers, and helpers a failed load did not find. Files inside `root` are covered by
/// its recursive watch.
fn outside_files(root: &Path, files: &[PathBuf]) -> Vec<PathBuf> {
    let outside: BTreeSet<PathBuf> = files.iter().filter(|f| !f.starts_with(root)).cloned().collect();
    outside.into_iter().collect()
}

/// The watches for toolkits at `roots` that also read or looked for `files` outside them: each
/// root recursively (unless it is inside another root), and for each file the folder it is in,
/// or, when that folder does not exist yet, its nearest existing ancestor (a helper's folder
/// an edit imports before it is made), never recursively, unless a root's watch covers it. A
/// recursive watch of a helper's folder could be the whole workspace with its build folders.
fn covering(roots: impl IntoIterator<Item = PathBuf>, files: impl IntoIterator<Item = PathBuf>) -> BTreeMap<PathBuf, RecursiveMode> {
    let roots: BTreeSet<PathBuf> = roots.into_iter().collect();
    let mut cover: BTreeMap<PathBuf, RecursiveMode> = BTreeMap::new();
    for root in roots {
        // Sorted, so a folder's ancestors come before it.
        if !cover.keys().any(|w| root.starts_with(w)) {
            cover.insert(root, RecursiveMode::Recursive);
        }
    }
    for file in files {
        if cover.iter().any(|(w, mode)| *mode == RecursiveMode::Recursive && file.starts_with(w)) {
            continue;
        }
        if let Some(folder) = file.ancestors().skip(1).find(|a| a.is_dir()) {
            cover.entry(folder.to_path_buf()).or_insert(RecursiveMode::NonRecursive);
        }
    }
    cover
}

/// A folder's identity on its file system: (device, inode) where the platform has them. A
/// folder replaced at the same path has another.
type FolderId = (u64, u64);

/// The identity of the folder at `dir` now; `None` when there is none.
fn folder_id(dir: &Path) -> Option<FolderId> {
    let meta = std::fs::metadata(dir).ok().filter(std::fs::Metadata::is_dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        // No identity to compare: only a folder that is gone counts as replaced.
        let _ = meta;
        Some((0, 0))
    }
}

/// A folder being watched.
struct Watch {
    mode: RecursiveMode,
    /// [`folder_id`] when the watch was made.
    id: Option<FolderId>,
}

struct Entry {
    watched: Watched,
    /// The files outside its directory it read or looked for ([`outside_files`]): as of the
    /// last successful load, and after a failed one, those too.
    files: Vec<PathBuf>,
    /// [`Self::files`] as of the last successful load: a failed reload adds its own to these,
    /// not to the last failure's, so failures in a row do not pile up watches.
    loaded_files: Vec<PathBuf>,
    /// The last reload error logged (cleared by a successful reload).
    last_error: Option<String>,
    /// Every file the last load read or looked for, and its [`stamp`] as of just before that
    /// load: a file whose stamp differs now changed after it was read, whether or not an event
    /// said so ([`Reloader::run`] compares every [`RECHECK`]).
    stamps: Vec<(PathBuf, Option<Stamp>)>,
    /// Where [`Watched::source`] resolved (through links) when it last loaded: a link re-pointed
    /// since (`ln -sfn releases/v2 current`) reloads the toolkit from its new target, whose
    /// folder is then watched instead (review 20).
    resolved: Option<PathBuf>,
}

/// What tells a file's content changed without reading it: its modification and status-change
/// times, inode and length. The status-change time moves with every write and rename and
/// cannot be set back, so a file replaced by one with an older modification time (`mv`, `cp
/// -p`, `rsync -t`) still reads as changed (review 23).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    modified: SystemTime,
    changed: SystemTime,
    inode: u64,
    len: u64,
}

/// How far a file's times may lag the clock: the kernel stamps files from a coarse
/// clock (one scheduler tick, 1 to 10 ms), so a file written just after a load started can
/// carry a time a little before it.
const MTIME_LAG: Duration = Duration::from_millis(20);

/// `path`'s [`Stamp`] now; `None` when it does not exist (or cannot be read).
fn stamp(path: &Path) -> Option<Stamp> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    let changed = SystemTime::UNIX_EPOCH
        .checked_add(Duration::new(u64::try_from(meta.ctime()).ok()?, u32::try_from(meta.ctime_nsec()).ok()?))?;
    Some(Stamp { modified: meta.modified().ok()?, changed, inode: meta.ino(), len: meta.len() })
}

/// The files of `stamps` (stamped before a load), and the files a load read or looked for that
/// were not among them, stamped now. A file first seen by this load was not stamped before it:
/// if it was written since `since` (the wall-clock time the load started), it may have changed
/// after the load read it, so it is recorded as unknown (`None` when it exists), which the next
/// [`RECHECK`] reads as a change (the toolkit reloads once more, stamping it first; review 21)
/// unless the file holds the text the served version read ([`still_as_stamped`]).
fn restamp(before: &[(PathBuf, Option<Stamp>)], files: &[PathBuf], since: SystemTime) -> Vec<(PathBuf, Option<Stamp>)> {
    let since = since.checked_sub(MTIME_LAG).unwrap_or(since);
    files
        .iter()
        .map(|file| match before.iter().find(|(known, _)| known == file) {
            Some((_, stamped)) => (file.clone(), *stamped),
            None => (file.clone(), stamp(file).filter(|now| now.changed < since)),
        })
        .collect()
}

/// Whether `file` is as it was when stamped `then`. A file stamped as unknown (written about
/// when the load read it, see [`restamp`]) that holds the text the served version read is
/// stamped now instead: so a toolkit written just before `serve --watch` started (`trove-host
/// new x && trove-host serve x --watch`) is not reloaded for nothing (review 45, R45-08). It is
/// stamped before it is read, so a write after that read still shows as a change.
fn still_as_stamped(file: &Path, then: &mut Option<Stamp>, served: Option<&ToolkitHandle>) -> bool {
    let now = stamp(file);
    if now == *then {
        return true;
    }
    if then.is_none() && now.is_some() && served.is_some_and(|handle| handle.reads_as_loaded(file)) {
        *then = now;
        return true;
    }
    false
}

impl Entry {
    /// Whether a change at `path` may change this toolkit: a file under its directory, one of
    /// the files outside it that it read or looked for, or a folder on the way to one of those
    /// (made, so a helper's new folder is seen).
    fn covers(&self, path: &Path) -> bool {
        let inside = path.strip_prefix(&self.watched.root).is_ok_and(|rel| {
            let hidden = rel.components().any(|c| matches!(c, Component::Normal(n) if n.to_string_lossy().starts_with('.')));
            let backup = rel.file_name().is_some_and(|n| n.to_string_lossy().ends_with('~'));
            !hidden && !backup
        });
        inside || self.files.iter().any(|file| file.starts_with(path))
    }

    /// Whether this toolkit reads from the folder `dir`: it is, or is under, the toolkit's
    /// directory, or one of its files outside it is under it.
    fn reads_from(&self, dir: &Path) -> bool {
        dir.starts_with(&self.watched.root) || self.watched.root.starts_with(dir) || self.files.iter().any(|f| f.starts_with(dir))
    }

    fn failed(&mut self, error: String) {
        if self.last_error.as_deref() != Some(error.as_str()) {
            tracing::error!(
                target: "trove::serve",
                toolkit = %self.watched.id,
                "reloading {} failed; still serving the previous version: {}",
                self.watched.source.display(),
                // The message quotes what the toolkit threw, which must not start a line of
                // the host's log (review 21).
                trove_host_ops::log::continuation_indented(&error)
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

/// What a reload's task loaded, for [`Reloader::finish_reload`].
struct Loaded {
    /// The toolkit's index in [`Reloader::entries`].
    entry: usize,
    started: Instant,
    /// The wall-clock time the load started (see [`restamp`]).
    since: SystemTime,
    /// Its files' stamps as of just before the load.
    before: Vec<(PathBuf, Option<Stamp>)>,
    /// Where its source resolved just before the load.
    resolved: Option<PathBuf>,
    loaded: Result<trove_host::ToolkitHandle, trove_host::LoadError>,
    /// The files the load read or looked for.
    files: Vec<PathBuf>,
}

struct Reloader {
    host: Host,
    load: LoadOptions,
    registry: Arc<Registry>,
    entries: Vec<Entry>,
    watcher: RecommendedWatcher,
    /// The folders watched now, and how: [`covering`] the entries' folders.
    watching: BTreeMap<PathBuf, Watch>,
    /// The folder [`Self::recheck`] last could not watch, and why: warned about once, not on
    /// every recheck, until it is watched again or the reason changes (review 20).
    unwatchable: Option<(PathBuf, String)>,
}

impl Reloader {
    /// Makes the watched folders those the entries need now: stops watching the folders no
    /// longer needed, then watches the new ones (in that order, so that a folder now covered by
    /// a new parent's recursive watch is not left unwatched by removing its old watch).
    ///
    /// # Errors
    /// The first folder that cannot be watched, and why (the others are still tried).
    fn sync_watches(&mut self) -> Result<(), (PathBuf, String)> {
        let wanted = covering(
            self.entries.iter().map(|e| e.watched.root.clone()),
            self.entries.iter().flat_map(|e| e.files.iter().cloned()),
        );
        let gone: Vec<PathBuf> =
            self.watching.iter().filter(|(dir, watch)| wanted.get(*dir) != Some(&watch.mode)).map(|(dir, _)| dir.clone()).collect();
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
            // Read before the watch is made: if the folder is replaced in between, the next
            // recheck sees the identity differ and watches again (read after, it never would).
            let id = folder_id(&dir);
            match self.watcher.watch(&dir, mode) {
                Ok(()) => {
                    self.watching.insert(dir, Watch { mode, id });
                }
                Err(e) => {
                    first_error.get_or_insert((dir, e.to_string()));
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    /// Checks the watched folders against the file system, and watches again the ones that are
    /// gone or replaced: removed (the OS drops the watch), or another folder now at their path
    /// (`rm -rf lib && mkdir lib`, as code generators do, or a parent renamed away, which leaves
    /// the watch on the old folder and sends no event at all). Also watches a folder that now
    /// exists on the way to a helper that did not (its parent was watched instead).
    ///
    /// Returns the folders watched anew: what changed in them before the watch may have been
    /// missed, so the toolkits that read from them must reload (a hostile review found edits of
    /// a replaced helper folder ignored for good; the test suite caught the same race once).
    fn recheck(&mut self) -> Vec<PathBuf> {
        let stale: Vec<PathBuf> =
            self.watching.iter().filter(|(dir, watch)| folder_id(dir) != watch.id).map(|(dir, _)| dir.clone()).collect();
        for dir in &stale {
            let _ = self.watcher.unwatch(dir);
            self.watching.remove(dir);
        }
        let before: BTreeSet<PathBuf> = self.watching.keys().cloned().collect();
        self.sync_watches_or_warn();
        self.watching.keys().filter(|dir| !before.contains(*dir)).cloned().collect()
    }

    /// [`Self::sync_watches`], warning about a folder that cannot be watched once, not on every
    /// try, until it is watched again or the reason changes (reviews 20 and 21).
    fn sync_watches_or_warn(&mut self) {
        match self.sync_watches() {
            Err(failure) if self.unwatchable.as_ref() != Some(&failure) => {
                let (path, reason) = &failure;
                tracing::warn!(
                    target: "trove::serve",
                    "cannot watch {}: {reason}; changes there will not reload until it can be (tried again every {} s)",
                    path.display(),
                    RECHECK.as_secs()
                );
                self.unwatchable = Some(failure);
            }
            Err(_) => {}
            Ok(()) => {
                if let Some((path, _)) = self.unwatchable.take() {
                    tracing::info!(target: "trove::serve", "watching {} again", path.display());
                }
            }
        }
    }

    /// Marks dirty the toolkits that read from, or live under, a folder in `anew` (from
    /// [`Self::recheck`]); whether any was.
    fn mark_rewatched(&self, anew: &[PathBuf], dirty: &mut BTreeSet<usize>) -> bool {
        let mut touched = false;
        for (i, entry) in self.entries.iter().enumerate() {
            if anew.iter().any(|dir| entry.reads_from(dir)) {
                dirty.insert(i);
                touched = true;
            }
        }
        touched
    }

    async fn run(mut self, mut events: mpsc::UnboundedReceiver<notify::Result<Event>>) {
        // Each reload loads on a task of its own, so a toolkit whose new top level runs long
        // holds up neither the others' reloads nor the watching (review 20). A toolkit that
        // changes again while it loads reloads once more after.
        let (loaded_tx, mut loaded_rx) = mpsc::unbounded_channel::<Loaded>();
        let mut loading: BTreeSet<usize> = BTreeSet::new();
        let mut dirty: BTreeSet<usize> = BTreeSet::new();
        let mut deadline: Option<tokio::time::Instant> = None;
        let mut last_watch_error: Option<String> = None;
        let mut recheck = tokio::time::interval_at(tokio::time::Instant::now() + RECHECK, RECHECK);
        recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
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
                        let anew = self.recheck();
                        let mut touched = self.mark_rewatched(&anew, &mut dirty);
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
                _ = recheck.tick() => {
                    let anew = self.recheck();
                    let mut touched = self.mark_rewatched(&anew, &mut dirty);
                    // An event can be lost in a race with a folder's replacement, or a reload
                    // can read a file its writer had not finished: a file whose stamp moved
                    // since it was read reloads its toolkit anyway.
                    for (i, entry) in self.entries.iter_mut().enumerate() {
                        // Stamped afresh when its load ends, which then looks again.
                        if loading.contains(&i) {
                            continue;
                        }
                        let moved = std::fs::canonicalize(&entry.watched.source).ok().is_some_and(|now| entry.resolved.as_ref() != Some(&now));
                        let served = self.registry.get(&entry.watched.id);
                        if moved || entry.stamps.iter_mut().any(|(file, then)| !still_as_stamped(file, then, served.as_ref())) {
                            touched |= dirty.insert(i);
                        }
                    }
                    if touched && deadline.is_none() {
                        deadline = Some(tokio::time::Instant::now() + DEBOUNCE);
                    }
                }
                () = quiet => {
                    deadline = None;
                    // One still loading reloads again once it has finished.
                    let (later, now): (BTreeSet<usize>, BTreeSet<usize>) = std::mem::take(&mut dirty).into_iter().partition(|i| loading.contains(i));
                    dirty = later;
                    for i in now {
                        loading.insert(i);
                        self.start_reload(i, loaded_tx.clone());
                    }
                }
                Some(done) = loaded_rx.recv() => {
                    let i = done.entry;
                    loading.remove(&i);
                    self.finish_reload(done);
                    if dirty.contains(&i) && deadline.is_none() {
                        deadline = Some(tokio::time::Instant::now() + DEBOUNCE);
                    }
                }
            }
        }
    }

    /// Starts loading toolkit `i` again on a task of its own, which sends what it loaded to
    /// `done` (for [`Self::finish_reload`]).
    fn start_reload(&self, i: usize, done: mpsc::UnboundedSender<Loaded>) {
        let entry = &self.entries[i];
        // Stamped before the load reads them: a write during the load shows as a change.
        let before: Vec<(PathBuf, Option<Stamp>)> = entry.stamps.iter().map(|(file, _)| (file.clone(), stamp(file))).collect();
        let resolved = std::fs::canonicalize(&entry.watched.source).ok();
        let (host, source, load) = (self.host.clone(), entry.watched.source.clone(), self.load.clone());
        tokio::spawn(async move {
            let (started, since) = (Instant::now(), SystemTime::now());
            let (loaded, files) = host.load_with_files(&source, load).await;
            let _ = done.send(Loaded { entry: i, started, since, before, resolved, loaded, files });
        });
    }

    /// Serves what a reload loaded, or logs why it did not load, and watches what it read.
    fn finish_reload(&mut self, done: Loaded) {
        let Loaded { entry: i, started, since, before, resolved, loaded, files } = done;
        let entry = &mut self.entries[i];
        let id = entry.watched.id.clone();
        entry.stamps = restamp(&before, &files, since);
        // Tried, loaded or not: a failed load watches the files it read at the new target.
        entry.resolved = resolved;
        match loaded {
            Ok(new) if new.id() != id => entry.failed(format!(
                "{}: the toolkit's id changed from {id:?} to {:?}; restart the server to serve it under its new id",
                new.entry().display(),
                new.id()
            )),
            Ok(new) => {
                let tools = new.tools().len();
                // Its source may be a link re-pointed to another folder, watched from now on.
                entry.watched.root = new.root().to_path_buf();
                // The edit may have added or dropped imports of helpers outside the toolkit's
                // folder: watch what the new version reads.
                entry.files = outside_files(&entry.watched.root, &files);
                entry.loaded_files = entry.files.clone();
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
                let mut watched = entry.loaded_files.clone();
                watched.extend(outside_files(&entry.watched.root, &files));
                entry.files = outside_files(&entry.watched.root, &watched);
                entry.failed(error.to_string());
            }
        }
        self.sync_watches_or_warn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_are_watched_recursively_and_helpers_through_their_folder_alone() {
        let base = std::env::temp_dir().join(format!("trove-watch-cover-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        for dir in ["kits/echo/sub", "kits/lib"] {
            std::fs::create_dir_all(base.join(dir)).unwrap();
        }
        let at = |p: &str| base.join(p);
        let cover = covering(
            [at("kits/echo")],
            [at("kits/lib/http.ts"), at("kits/util.ts"), at("kits/lib2/deep/version.ts"), at("kits/echo/new/x.ts")],
        );
        assert_eq!(
            cover.into_iter().collect::<Vec<_>>(),
            vec![
                // util.ts at the workspace's top, and lib2/deep (absent) through it: the folder
                // alone, never the whole workspace.
                (at("kits"), RecursiveMode::NonRecursive),
                // echo/new/x.ts is inside echo's recursive watch.
                (at("kits/echo"), RecursiveMode::Recursive),
                (at("kits/lib"), RecursiveMode::NonRecursive),
            ]
        );
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn a_change_counts_for_the_toolkit_s_files_and_the_folders_on_the_way_to_a_missing_one() {
        let root = PathBuf::from("/w/kits/echo");
        let files = vec![PathBuf::from("/w/kits/lib/http.ts"), PathBuf::from("/w/kits/lib2/deep/h.ts")];
        let entry = Entry {
            watched: Watched { id: "echo".into(), source: root.clone(), root: root.clone(), modules: vec![], loaded_since: SystemTime::now() },
            loaded_files: files.clone(),
            files,
            last_error: None,
            stamps: vec![],
            resolved: None,
        };
        assert!(entry.covers(Path::new("/w/kits/echo/extension.ts")));
        assert!(entry.covers(Path::new("/w/kits/lib/http.ts")));
        assert!(!entry.covers(Path::new("/w/kits/lib/other.ts")), "another file beside a helper");
        assert!(entry.covers(Path::new("/w/kits/lib2")), "the helper's folder being made");
        assert!(entry.covers(Path::new("/w/kits/lib2/deep/h.ts")));
        assert!(!entry.covers(Path::new("/w/kits/other/x.ts")));
        assert!(!entry.covers(Path::new("/w/kits/echo/.x.swp")));
    }

    #[test]
    fn a_file_first_seen_by_a_load_and_written_during_it_reads_as_changed() {
        let dir = std::env::temp_dir().join(format!("trove-host-restamp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (old, new, known, missing) = (dir.join("old.ts"), dir.join("new.ts"), dir.join("known.ts"), dir.join("missing.ts"));
        std::fs::write(&old, "export const a = 1;").unwrap();
        std::fs::write(&known, "export const k = 1;").unwrap();
        let known_then = stamp(&known);
        // The load starts well after `old` was written, then `new` is written while it runs.
        let since = SystemTime::now() + 2 * MTIME_LAG;
        std::thread::sleep(3 * MTIME_LAG);
        std::fs::write(&new, "export const b = 2;").unwrap();
        std::fs::write(&known, "export const k = 22;").unwrap();
        // Replaced during the load by a file dated an hour back (`mv`, `cp -p`, `rsync -t`).
        let replaced = dir.join("replaced.ts");
        let staged = dir.join("staged.ts");
        std::fs::write(&staged, "export const r = 2;").unwrap();
        let an_hour_ago = SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options().write(true).open(&staged).unwrap().set_modified(an_hour_ago).unwrap();
        std::fs::rename(&staged, &replaced).unwrap();
        let files = [old.clone(), new.clone(), known.clone(), missing.clone(), replaced.clone()];
        let stamps = restamp(&[(known.clone(), known_then)], &files, since);
        let changed = |file: &PathBuf| stamps.iter().any(|(f, then)| f == file && stamp(f) != *then);
        assert!(!changed(&old), "written before the load: stamped as it is");
        assert!(changed(&new), "first seen by this load and written during it: read as changed");
        assert!(changed(&known), "stamped before the load: the write during it shows");
        assert!(!changed(&missing), "missing then and now");
        assert!(changed(&replaced), "replaced during the load by an older file: read as changed");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
