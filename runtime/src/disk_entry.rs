//! Writing and reading back an entry of a disk cache (`cacache`), for the transpiled-module
//! cache ([`crate::modules`]), the startup snapshot ([`crate::snapshot`]) and the extension
//! scripts' bytecode ([`crate::code_cache`]).
//!
//! `cacache::read_sync` reads a content file to its end before it checks it, so a content file
//! that never ends (replaced by a link to `/dev/zero`) would be read until memory runs out. This
//! reads no further than the size the entry's index records (when its writer recorded one), and
//! never past a ceiling, then checks the checksum of what it read.

use std::io::Read;
use std::path::Path;

/// Writes `bytes` under `key` in `dir`, recording their size and an xxh3 checksum (a
/// damaged entry is for [`read`] to catch, not a forged one: xxh3 is fast, not cryptographic).
pub(crate) fn write(dir: &Path, key: &str, bytes: &[u8]) -> Result<(), cacache::Error> {
    let mut writer = cacache::WriteOpts::new().algorithm(cacache::Algorithm::Xxh3).size(bytes.len()).open_sync(dir, key)?;
    std::io::Write::write_all(&mut writer, bytes).map_err(|e| cacache::Error::IoError(e, "writing".into()))?;
    writer.commit().map(drop)
}

/// The bytes cached under `key` in `dir`: `Ok(None)` when there is no such entry;
/// `Err(reason)` when there is one that cannot be used (unreadable, larger than `max_bytes`
/// bytes, shorter or longer than its index records, or failing its checksum).
pub(crate) fn read(dir: &Path, key: &str, max_bytes: usize) -> Result<Option<Vec<u8>>, String> {
    // The recorded size, when the writer gave one (`cacache::write_sync` records none: 0).
    let recorded = match cacache::metadata_sync(dir, key) {
        Ok(Some(meta)) => (meta.size > 0).then_some(meta.size),
        Ok(None) => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let limit = recorded.unwrap_or(max_bytes);
    if limit > max_bytes {
        return Err(format!("{limit} bytes, more than the {max_bytes} expected"));
    }
    let reader = cacache::SyncReader::open(dir, key).map_err(|e| e.to_string())?;
    let mut bytes = Vec::with_capacity(recorded.unwrap_or(0));
    let mut limited = reader.take(limit as u64 + 1);
    limited.read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    match recorded {
        Some(size) if bytes.len() != size => return Err(format!("{} bytes where the index records {size}", bytes.len())),
        None if bytes.len() > max_bytes => return Err(format!("more than the {max_bytes} bytes expected")),
        _ => {}
    }
    limited.into_inner().check().map_err(|e| e.to_string())?;
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_content_file_is_refused_not_read_to_its_end() {
        let dir = std::env::temp_dir().join(format!("trove-host-disk-entry-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // Without a recorded size (what `cacache::write_sync` writes), the ceiling bounds the read.
        cacache::write_sync(&dir, "unsized", b"twelve bytes").unwrap();
        assert_eq!(read(&dir, "unsized", 1 << 20).unwrap().as_deref(), Some(&b"twelve bytes"[..]));
        assert!(read(&dir, "unsized", 4).unwrap_err().contains("more than"), "a ceiling below the entry's size");
        let _ = std::fs::remove_dir_all(&dir);
        let mut writer = cacache::WriteOpts::new().size(12).open_sync(&dir, "k").unwrap();
        std::io::Write::write_all(&mut writer, b"twelve bytes").unwrap();
        writer.commit().unwrap();
        assert_eq!(read(&dir, "k", 1 << 20).unwrap().as_deref(), Some(&b"twelve bytes"[..]));
        assert_eq!(read(&dir, "missing", 1 << 20).unwrap(), None);
        assert!(read(&dir, "k", 4).unwrap_err().contains("more than"), "a ceiling below the entry's size");

        let mut files = vec![];
        let mut dirs = vec![dir.join("content-v2")];
        while let Some(d) = dirs.pop() {
            for entry in std::fs::read_dir(d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() { dirs.push(path) } else { files.push(path) }
            }
        }
        assert_eq!(files.len(), 1);
        std::fs::remove_file(&files[0]).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &files[0]).unwrap();
        let refused = read(&dir, "k", 1 << 20).unwrap_err();
        assert!(refused.contains("13 bytes where the index records 12"), "{refused}");

        std::fs::remove_file(&files[0]).unwrap();
        std::fs::write(&files[0], b"twelve bytez").unwrap();
        assert!(read(&dir, "k", 1 << 20).is_err(), "the same size, another checksum");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
