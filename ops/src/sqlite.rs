//! Opening the SQLite files of the persistent stores ([`crate::cache`], [`crate::kb`]).

use std::path::Path;

use rusqlite::Connection;

/// Opens (creating the file and its directory if needed) the SQLite database at `path` in WAL
/// mode and applies `schema` (idempotent DDL). Errors name `what` and the file.
pub fn open(path: &Path, what: &str, schema: &str) -> Result<Connection, String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let conn = Connection::open(path).map_err(|e| format!("cannot open {what} {}: {e}", path.display()))?;
    conn.execute_batch("PRAGMA journal_mode=WAL;")
        .and_then(|()| conn.execute_batch(schema))
        .map_err(|e| format!("cannot prepare {what} {}: {e}", path.display()))?;
    Ok(conn)
}
