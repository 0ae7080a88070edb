//! `serve --watch`: reloads a served toolkit when files under its directory change, and swaps the
//! new version into the [`Registry`] so the next call uses it.
//!
//! - Each toolkit's directory is watched recursively, and so is the folder of every module it
//!   loaded from elsewhere in its workspace (shared helpers, e.g. `../lib/http.ts`).
//! - Changes are debounced: a toolkit reloads once its files have been quiet for
//!   [`DEBOUNCE`]. Hidden files and editor backups (`.x.swp`, `x~`) are ignored.
//! - A reload is a full [`Host::load`] (unchanged files come from the host's transpile cache).
//!   If it fails, or the id changed, the previous version keeps serving and the error is
//!   logged once: not again until its text changes or a reload succeeds.

use std::collections::BTreeSet;
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
    /// The files its modules were read from ([`trove_host::ToolkitHandle::module_files`]).
    pub modules: Vec<PathBuf>,
}

/// Watches files while it lives; dropping it stops watching and reloading.
pub(crate) struct Watcher {
    _watcher: RecommendedWatcher,
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
        let mut watcher = notify::recommended_watcher(move |event| {
            let _ = tx.send(event);
        })
        .map_err(|e| ServeError::Watch { path: PathBuf::from("."), reason: e.to_string() })?;
        let entries: Vec<Entry> = toolkits
            .into_iter()
            .map(|watched| {
                let mut dirs = vec![watched.root.clone()];
                dirs.extend(shared_dirs(&watched.root, &watched.modules));
                Entry { watched, dirs, last_error: None }
            })
            .collect();
        let mut watching: Vec<&Path> = Vec::new();
        let all: BTreeSet<&Path> = entries.iter().flat_map(|e| e.dirs.iter().map(PathBuf::as_path)).collect();
        for dir in all {
            // A directory inside one already watched recursively needs no watch of its own.
            if watching.iter().any(|w| dir.starts_with(w)) {
                continue;
            }
            watcher
                .watch(dir, RecursiveMode::Recursive)
                .map_err(|e| ServeError::Watch { path: dir.to_path_buf(), reason: e.to_string() })?;
            watching.push(dir);
        }
        let reloader = Reloader { host, load, registry, entries };
        Ok(Self { _watcher: watcher, task: tokio::spawn(reloader.run(rx)) })
    }
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
    /// Whether a change at `path` may change this toolkit.
    fn covers(&self, path: &Path) -> bool {
        self.dirs.iter().any(|dir| {
            path.strip_prefix(dir).is_ok_and(|rel| {
                let hidden = rel.components().any(|c| matches!(c, Component::Normal(n) if n.to_string_lossy().starts_with('.')));
                let backup = rel.file_name().is_some_and(|n| n.to_string_lossy().ends_with('~'));
                !hidden && !backup
            })
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
}

impl Reloader {
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
        match self.host.load(&entry.watched.source, self.load.clone()).await {
            Ok(new) if new.id() != id => entry.failed(format!(
                "{}: the toolkit's id changed from {id:?} to {:?}; restart the server to serve it under its new id",
                new.entry().display(),
                new.id()
            )),
            Ok(new) => {
                let tools = new.tools().len();
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
            Err(error) => entry.failed(error.to_string()),
        }
    }
}
