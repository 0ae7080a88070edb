//! Writing and reading back an entry of a disk cache (`cacache`), for the transpiled-module
//! cache ([`crate::modules`]), the startup snapshot ([`crate::snapshot`], which a one-shot command maps:
//! [`map`]) and the extension scripts' bytecode ([`crate::code_cache`]).
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

/// The bytes cached under `key` in `dir`, mapped read-only from the entry's content file rather
/// than copied into memory (for the startup snapshot: 1.8 MB that a copy first zeroes, then
/// fills, on every cold start). `Ok(None)` when there is no such entry, or when its writer
/// recorded no size (then [`read`] it); `Err(reason)` as [`read`]: a content file missing,
/// larger than `max_bytes` bytes, of another size than its index records, or failing its
/// checksum, which is checked over the whole mapping before it is returned.
///
/// The mapping shows the file as it is on disk for as long as it lives, and the checksum is
/// checked once, here. cacache never changes a content file in place (a rewrite makes a new
/// file and renames it over the old one, which leaves a mapping of the old one intact), but
/// whoever can write the cache could write into one (what is read afterwards is unchecked) or
/// truncate it (reading a mapped page past a file's new end kills the process, `SIGBUS`). Only
/// for a short-lived process and a cache trusted as the binary is
/// ([`crate::snapshot::map_cached`]).
pub(crate) fn map(dir: &Path, key: &str, max_bytes: usize) -> Result<Option<memmap2::Mmap>, String> {
    let meta = match cacache::metadata_sync(dir, key) {
        Ok(Some(meta)) if meta.size > 0 => meta,
        Ok(_) => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    if meta.size > max_bytes {
        return Err(format!("{} bytes, more than the {max_bytes} expected", meta.size));
    }
    let path = content_path(dir, &meta.integrity);
    let file = std::fs::File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let len = file.metadata().map_err(|e| format!("{}: {e}", path.display()))?.len();
    if len != meta.size as u64 {
        return Err(format!("{len} bytes where the index records {}", meta.size));
    }
    // SAFETY: the file is mapped read-only and never written through the mapping; what another
    // process could do to it is in this function's documentation.
    let mapped = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| format!("{}: {e}", path.display()))?;
    meta.integrity.check(&mapped[..]).map_err(|e| e.to_string())?;
    Ok(Some(mapped))
}

/// Where cacache 13 keeps the content of an entry with `integrity` (its private
/// `content::path::content_path`): `content-v2/<algorithm>/<hex[0..2]>/<hex[2..4]>/<hex[4..]>`.
/// A test writes an entry and finds its file here, so another layout fails that test, not a run.
fn content_path(dir: &Path, integrity: &cacache::Integrity) -> std::path::PathBuf {
    let (algorithm, hex) = integrity.to_hex();
    dir.join("content-v2").join(algorithm.to_string()).join(&hex[0..2]).join(&hex[2..4]).join(&hex[4..])
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

    #[test]
    fn a_mapped_entry_is_the_written_bytes_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("trove-host-disk-entry-map-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let bytes: Vec<u8> = (0..100_000u32).flat_map(|i| i.to_le_bytes()).collect();
        write(&dir, "k", &bytes).unwrap();
        assert_eq!(&map(&dir, "k", 1 << 20).unwrap().expect("an entry")[..], &bytes[..]);
        assert!(map(&dir, "missing", 1 << 20).unwrap().is_none());
        assert!(map(&dir, "k", 1000).unwrap_err().contains("more than"), "a ceiling below the entry's size");
        // Without a recorded size there is nothing to check a mapping's length against: read it.
        cacache::write_sync(&dir, "unsized", b"twelve bytes").unwrap();
        assert!(map(&dir, "unsized", 1 << 20).unwrap().is_none());

        let meta = cacache::metadata_sync(&dir, "k").unwrap().unwrap();
        let file = content_path(&dir, &meta.integrity);
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "cacache keeps the content where content_path says");
        let mut damaged = bytes.clone();
        damaged[200_000] ^= 1;
        std::fs::remove_file(&file).unwrap();
        std::fs::write(&file, &damaged).unwrap();
        assert!(map(&dir, "k", 1 << 20).is_err(), "the same size, another checksum");
        std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
        let short = map(&dir, "k", 1 << 20).unwrap_err();
        assert!(short.contains("399999 bytes where the index records 400000"), "{short}");
        std::fs::remove_file(&file).unwrap();
        assert!(map(&dir, "k", 1 << 20).is_err(), "a content file that is gone");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
