//! Where the CLI keeps what outlives a run: the `ctx.cache` store and the local knowledge base
//! (its data directory), and the transpiled toolkit modules (its cache directory).
//!
//! `$TROVE_HOST_HOME` if set, else the platform's data directory for trove-host (on Linux
//! `$XDG_DATA_HOME/trove-host` or `~/.local/share/trove-host`).

use std::path::PathBuf;

/// The CLI's data directory.
#[derive(Debug, Clone)]
pub struct DataHome(PathBuf);

impl DataHome {
    /// Resolves the directory (not created until a store opens a file in it).
    pub fn resolve() -> Result<Self, String> {
        if let Some(dir) = std::env::var_os("TROVE_HOST_HOME") {
            return Ok(Self(PathBuf::from(dir)));
        }
        directories::ProjectDirs::from("sh", "ontrove", "trove-host")
            .map(|d| Self(d.data_dir().to_path_buf()))
            .ok_or_else(|| "cannot find a home directory; set TROVE_HOST_HOME".to_owned())
    }

    /// The directory.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }

    /// The persistent `ctx.cache` file.
    pub fn cache_file(&self) -> PathBuf {
        self.0.join("cache.sqlite")
    }

    /// The local knowledge base file.
    pub fn kb_file(&self) -> PathBuf {
        self.0.join("kb.sqlite")
    }
}

/// Where the CLI keeps transpiled toolkit modules between runs: `$TROVE_HOST_CACHE_DIR` if
/// set, else the platform's cache directory for trove-host (on Linux
/// `$XDG_CACHE_HOME/trove-host` or `~/.cache/trove-host`), with `transpiled` appended. `None`
/// without a home directory (the CLI then caches in memory only). Deleting it is always safe.
pub fn transpile_cache_dir() -> Option<PathBuf> {
    Some(cache_base()?.join("transpiled"))
}

/// Where the CLI keeps the startup snapshot between runs ([`crate::snapshot::set_cache_dir`]):
/// the same base as [`transpile_cache_dir`], with `snapshot` appended. Deleting it is always
/// safe (the next run makes it again).
pub fn snapshot_cache_dir() -> Option<PathBuf> {
    Some(cache_base()?.join("snapshot"))
}

fn cache_base() -> Option<PathBuf> {
    Some(match std::env::var_os("TROVE_HOST_CACHE_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => directories::ProjectDirs::from("sh", "ontrove", "trove-host")?.cache_dir().to_path_buf(),
    })
}
