//! Opening the SQLite files of the persistent stores ([`crate::cache`], [`crate::kb`]).

use std::path::Path;

use rusqlite::Connection;

/// Opens (creating the file and its directory if needed) the SQLite database at `path` in WAL
/// mode and applies `schema` (idempotent DDL). Errors name `what` and the file.
///
/// What it creates only its owner can read: folders `0700`, the file `0600` (SQLite gives its
/// `-wal` and `-shm` files the database's mode). The cache holds tokens a toolkit minted and
/// private answers, the knowledge base a user's documents; made under the umask (`0644`), any
/// other account on the machine could read them (review 22). An existing file that others can
/// read (made by an earlier version) is made `0600` too, with its `-wal` and `-shm`, and the
/// host's log says so once (review 23); an existing folder keeps its mode.
///
/// # Errors
/// [`OpenError`]: the message names `what` and the file; `damaged` says whether SQLite found the
/// file is not a database or is corrupt (`SQLITE_NOTADB`, `SQLITE_CORRUPT`), as opposed to a
/// folder it cannot write, a lock held too long or a full disk.
pub fn open(path: &Path, what: &str, schema: &str) -> Result<Connection, OpenError> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .map_err(|e| OpenError::other(format!("cannot create {}: {e}", dir.display())))?;
    }
    // Made here, not by SQLite, so it is never readable by others, even for a moment.
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(path)
        .map_err(|e| OpenError::other(format!("cannot open {what} {}: {e}", path.display())))?;
    owner_only(path, what);
    let conn = Connection::open(path).map_err(|e| OpenError::sqlite(format!("cannot open {what} {}: {e}", path.display()), &e))?;
    conn.execute_batch("PRAGMA journal_mode=WAL;")
        .and_then(|()| conn.execute_batch(schema))
        .map_err(|e| OpenError::sqlite(format!("cannot prepare {what} {}: {e}", path.display()), &e))?;
    Ok(conn)
}

/// Why [`open`] failed.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct OpenError {
    /// What failed, naming the store and its file.
    pub message: String,
    /// SQLite read the file and found it is not a database, or a damaged one.
    pub damaged: bool,
    /// Another connection held a lock SQLite would not wait for (`SQLITE_BUSY`, `SQLITE_LOCKED`):
    /// opening again a moment later may succeed.
    pub busy: bool,
}

impl OpenError {
    fn other(message: String) -> Self {
        Self { message, damaged: false, busy: false }
    }

    /// `message` for SQLite's error `e`, damaged when SQLite says so.
    pub fn sqlite(message: String, e: &rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
        let damaged = is_damage(e);
        let busy = matches!(e.sqlite_error_code(), Some(DatabaseBusy | DatabaseLocked));
        Self { message, damaged, busy }
    }
}

/// SQLite found the file is not a database, or a damaged one (`SQLITE_NOTADB`,
/// `SQLITE_CORRUPT`), whether on opening it or reading a page later.
pub fn is_damage(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    matches!(e.sqlite_error_code(), Some(NotADatabase | DatabaseCorrupt))
}

impl From<OpenError> for String {
    fn from(e: OpenError) -> String {
        e.message
    }
}

/// Renames the database at `path`, with its `-wal`, `-shm` and `-journal` files, to
/// `<path>.damaged` (and `.damaged-wal`, …), replacing what an earlier move left there, so that
/// a new store can be made at `path` and the old file is still there to look at. Returns the
/// new name.
///
/// # Errors
/// The rename's, naming both files.
pub fn move_aside(path: &Path) -> Result<std::path::PathBuf, String> {
    let with = |base: &Path, suffix: &str| {
        let mut name = base.as_os_str().to_owned();
        name.push(suffix);
        std::path::PathBuf::from(name)
    };
    let aside = with(path, ".damaged");
    for suffix in ["-wal", "-shm", "-journal", ""] {
        let (from, to) = (with(path, suffix), with(&aside, suffix));
        match std::fs::rename(&from, &to) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let _ = std::fs::remove_file(&to);
            }
            Err(e) => return Err(format!("cannot move {} to {}: {e}", from.display(), to.display())),
        }
    }
    Ok(aside)
}

/// Brings a file written by an earlier build to schema revision `version` (`PRAGMA
/// user_version`) by running `script`, in one transaction taken before the revision is read
/// again, so two processes opening the same old file migrate it once. A file at `version` or a
/// later one is left as it is, and opening it takes no write lock.
///
/// # Errors
/// SQLite's, from the transaction or `script`; then nothing of `script` is applied.
pub fn migrate(conn: &Connection, version: i64, script: &str) -> rusqlite::Result<()> {
    let current = |conn: &Connection| conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0));
    if current(conn)? >= version {
        return Ok(());
    }
    let tx = rusqlite::Transaction::new_unchecked(conn, rusqlite::TransactionBehavior::Immediate)?;
    // Again inside the transaction: another process may have migrated it meanwhile.
    if current(&tx)? < version {
        tx.execute_batch(script)?;
        tx.pragma_update(None, "user_version", version)?;
    }
    tx.commit()
}

/// Makes `path` and its SQLite companions readable by their owner only, if others can read
/// them (a file this process does not own stays as it is: only its owner may change its mode).
fn owner_only(path: &Path, what: &str) {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let companions = ["", "-wal", "-shm", "-journal"].map(|suffix| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        std::path::PathBuf::from(name)
    });
    let mut tightened = false;
    for file in companions {
        let Ok(meta) = std::fs::metadata(&file) else { continue };
        if meta.mode() & 0o077 != 0 {
            tightened |= std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).is_ok();
        }
    }
    if tightened {
        tracing::warn!(target: "trove::runtime", "{what} {} could be read by other accounts: it is now readable by its owner only (0600)", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_store_it_creates_only_its_owner_can_read() {
        let base = std::env::temp_dir().join(format!("trove-host-sqlite-mode-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let file = base.join("home/store.sqlite");
        let conn = open(&file, "the test store", "CREATE TABLE IF NOT EXISTS t (v TEXT);").unwrap();
        conn.execute("INSERT INTO t VALUES ('private')", []).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&base.join("home")), 0o700);
        assert_eq!(mode(&base), 0o700);
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(&base.join("home/store.sqlite-wal")), 0o600, "SQLite's own files take the database's mode");
        // An existing file others can read (an earlier version made it 0644) is made private,
        // with its companions, and opens again with its data.
        drop(conn);
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
        std::fs::write(base.join("home/store.sqlite-shm"), b"").unwrap();
        std::fs::set_permissions(base.join("home/store.sqlite-shm"), std::fs::Permissions::from_mode(0o644)).unwrap();
        let conn = open(&file, "the test store", "CREATE TABLE IF NOT EXISTS t (v TEXT);").unwrap();
        assert_eq!(conn.query_row("SELECT v FROM t", [], |r| r.get::<_, String>(0)).unwrap(), "private");
        assert_eq!(mode(&file), 0o600);
        assert_eq!(mode(&base.join("home/store.sqlite-shm")), 0o600);
        let _ = std::fs::remove_dir_all(&base);
    }
}
