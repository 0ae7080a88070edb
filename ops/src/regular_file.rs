//! Reading a file the user named (a module, a case file, a cassette) only when it is a regular
//! file: opened without blocking, so a named pipe or a device cannot stall the command where no
//! time limit reaches, and checked through the handle opened, so it cannot be swapped in between
//! (reviews 9 and 38).

use std::io::Read as _;
use std::path::Path;

/// The bytes of the regular file at `path`, at most `max` of them.
///
/// # Errors
/// `not a regular file` (a directory, a named pipe, a device, a socket), `larger than <max>
/// bytes` of kind [`std::io::ErrorKind::FileTooLarge`] (checked before reading and while
/// reading, as the file may grow), or the I/O error.
pub fn read_regular(path: &Path, max: u64) -> std::io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, nix::libc::O_NONBLOCK);
    let file = options.open(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let too_big = || std::io::Error::new(std::io::ErrorKind::FileTooLarge, format!("larger than {max} bytes"));
    if metadata.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Like [`read_regular`], as UTF-8 text.
///
/// # Errors
/// Those of [`read_regular`], and `stream did not contain valid UTF-8`.
pub fn read_regular_text(path: &Path, max: u64) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, max)?)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "stream did not contain valid UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_pipe_is_refused_at_once_and_a_regular_file_is_read() {
        let dir = std::env::temp_dir().join(format!("trove-regular-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("cases.json");
        let _ = std::fs::remove_file(&fifo);
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { nix::libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // Nothing writes to the pipe: a blocking open would wait for ever.
        assert_eq!(read_regular(&fifo, 1024).unwrap_err().to_string(), "not a regular file");
        assert_eq!(read_regular(&dir, 1024).unwrap_err().to_string(), "not a regular file");
        let file = dir.join("ok.json");
        std::fs::write(&file, "[1]").unwrap();
        assert_eq!(read_regular_text(&file, 3).unwrap(), "[1]");
        let too_big = read_regular(&file, 2).unwrap_err();
        assert_eq!((too_big.kind(), too_big.to_string().as_str()), (std::io::ErrorKind::FileTooLarge, "larger than 2 bytes"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
