//! The GNU build ID of the running program: the linker's hash of the linked executable
//! (`.note.gnu.build-id`), read from the program's own loaded image. The startup snapshot's
//! cache key counts the executable by it ([`crate::snapshot`]): it changes with every change
//! to the code or the data built in, and, unlike `/proc/self/exe`, it is the program's own
//! under a tool such as valgrind (where `/proc/self/exe` is the tool).

/// The main program's build ID (20 bytes from lld's and GNU ld's default SHA-1), or `None` when
/// it has none (linked with `--build-id=none`) or the platform has no `dl_iterate_phdr`.
#[cfg(target_os = "linux")]
pub(crate) fn of_this_program() -> Option<Vec<u8>> {
    /// Called by `dl_iterate_phdr` for each loaded object, the main program first: reads its
    /// `PT_NOTE` segments and stops there.
    unsafe extern "C" fn main_program(info: *mut libc::dl_phdr_info, _size: usize, out: *mut libc::c_void) -> libc::c_int {
        // SAFETY: `dl_iterate_phdr` passes a valid `info` for the duration of the call, and `out`
        // is the `Option<Vec<u8>>` below; the notes are mapped, read-only, for as long as the
        // program runs.
        unsafe {
            let out = &mut *out.cast::<Option<Vec<u8>>>();
            let info = &*info;
            for index in 0..usize::from(info.dlpi_phnum) {
                let header = &*info.dlpi_phdr.add(index);
                if header.p_type != libc::PT_NOTE {
                    continue;
                }
                let start = (info.dlpi_addr as usize).wrapping_add(header.p_vaddr as usize) as *const u8;
                let notes = std::slice::from_raw_parts(start, header.p_memsz as usize);
                if let Some(id) = gnu_build_id(notes, (header.p_align as usize).max(4)) {
                    *out = Some(id.to_vec());
                    break;
                }
            }
        }
        1
    }
    let mut out: Option<Vec<u8>> = None;
    // SAFETY: the callback matches the signature `dl_iterate_phdr` expects and `out` outlives it.
    unsafe { libc::dl_iterate_phdr(Some(main_program), (&raw mut out).cast()) };
    out
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn of_this_program() -> Option<Vec<u8>> {
    None
}

/// The description of the `NT_GNU_BUILD_ID` note (owner `GNU`) in a note segment whose entries
/// are padded to `align` bytes; `None` when there is none or the segment is malformed.
fn gnu_build_id(notes: &[u8], align: usize) -> Option<&[u8]> {
    use object::elf::{FileHeader64, ELF_NOTE_GNU, NT_GNU_BUILD_ID};
    use object::read::elf::NoteIterator;
    use object::NativeEndian;
    let mut iter = NoteIterator::<FileHeader64<NativeEndian>>::new(NativeEndian, align as u64, notes).ok()?;
    while let Ok(Some(note)) = iter.next() {
        if note.n_type(NativeEndian) == NT_GNU_BUILD_ID && note.name() == ELF_NOTE_GNU {
            return Some(note.desc());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_id_is_found_among_other_notes() {
        let mut notes = Vec::new();
        // An ABI tag note (type 1), then the build ID (type 3), 4-byte aligned.
        for (kind, desc) in [(1u32, &[0u8, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0][..]), (3, &[0xab; 20][..])] {
            notes.extend_from_slice(&4u32.to_ne_bytes());
            notes.extend_from_slice(&(desc.len() as u32).to_ne_bytes());
            notes.extend_from_slice(&kind.to_ne_bytes());
            notes.extend_from_slice(b"GNU\0");
            notes.extend_from_slice(desc);
        }
        assert_eq!(gnu_build_id(&notes, 4), Some(&[0xab; 20][..]));
        assert_eq!(gnu_build_id(&notes[..notes.len() - 1], 4), None, "a truncated note is not read");
        assert_eq!(gnu_build_id(&notes[..16], 4), None);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn this_program_has_one() {
        let id = of_this_program().expect("the test binary's build ID (Rust links with --build-id on Linux)");
        assert!(id.len() >= 8, "{id:?}");
        assert_eq!(of_this_program(), Some(id), "the same on every read");
    }
}
