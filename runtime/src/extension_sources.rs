//! The extensions' JavaScript, built into the library by `build.rs` (issue #11).
//!
//! deno_core 0.413's `extension!` names each JavaScript file of an extension by its path on the
//! build machine (`ExtensionFileSourceCode::LoadedFromFsDuringSnapshot`), for a snapshot made at
//! build time. trove-host makes its snapshot at run time, so [`built_in`] gives each such file
//! its contents from the binary instead: no process reads the build tree (about 1.4 MB, 60
//! files, at every start), and a binary moved to another machine still has its scripts.
//! deno_core then hands them to the engine as external one-byte strings, without a copy.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use deno_core::{Extension, ExtensionFileSource, ExtensionFileSourceCode, FastStaticString};

/// A file's contents as the build put them into the binary.
pub(crate) enum Built {
    /// 7-bit ASCII (checked while compiling): handed to the engine as it is in the binary.
    Ascii(FastStaticString),
    /// Other text, with the process's one copy of it (the engine's one-byte strings hold Latin-1
    /// only; deno_core makes a two-byte string of such a file), made on first use.
    Text(&'static str, &'static OnceLock<Arc<str>>),
}

include!(concat!(env!("OUT_DIR"), "/extension_sources.rs"));

/// The built-in contents of the file an extension names by `path` (compared with its `..`
/// steps resolved), or `None` when the build did not find it (it is then read from disk).
pub(crate) fn contents(path: &str) -> Option<&'static Built> {
    // `…/runtime/../js/toolkit.js` as the build wrote it: `…/js/toolkit.js`.
    let key = deno_path_util::normalize_path(Cow::Borrowed(std::path::Path::new(path)));
    let key = key.to_str()?;
    let at = BUILT_IN.binary_search_by(|(built, _)| (*built).cmp(key)).ok()?;
    Some(&BUILT_IN[at].1)
}

/// Whether `code` is one of the table's one-byte contents (the same bytes in the binary, not a
/// copy): [`DIGEST`] stands for it in a cache key.
pub(crate) fn is_from_table(code: &str) -> bool {
    BUILT_IN.iter().any(|(_, built)| match built {
        Built::Ascii(built) => std::ptr::eq(built.as_str().as_ptr(), code.as_ptr()) && built.as_str().len() == code.len(),
        Built::Text(..) => false,
    })
}

/// One of an extension's file lists, as deno_core keeps them.
pub(crate) type FileList = Cow<'static, [ExtensionFileSource]>;

/// Every file list of `extension`: classic scripts, ES modules, and both kinds loaded lazily.
/// With [`files`] beside it, the only place that names all four, so no caller can forget one.
pub(crate) fn file_lists_mut(extension: &mut Extension) -> [&mut FileList; 4] {
    [
        &mut extension.js_files,
        &mut extension.esm_files,
        &mut extension.lazy_loaded_js_files,
        &mut extension.lazy_loaded_esm_files,
    ]
}

/// Every file of `extension`, in the order of [`file_lists_mut`].
pub(crate) fn files(extension: &Extension) -> impl Iterator<Item = &ExtensionFileSource> {
    let lists = [&extension.js_files, &extension.esm_files, &extension.lazy_loaded_js_files, &extension.lazy_loaded_esm_files];
    lists.into_iter().flat_map(|files| files.iter())
}

/// `extension` with each file the build found given its built-in contents; the others as they
/// were. Called for every new isolate: it allocates nothing but the new file lists.
pub(crate) fn built_in(mut extension: Extension) -> Extension {
    for files in file_lists_mut(&mut extension) {
        let built: Vec<ExtensionFileSource> = files.iter().map(from_binary).collect();
        *files = Cow::Owned(built);
    }
    extension
}

fn from_binary(file: &ExtensionFileSource) -> ExtensionFileSource {
    #[allow(deprecated, reason = "the variant deno_core 0.413's include macros produce")]
    let ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(path) = file.code else {
        return file.clone();
    };
    match contents(path) {
        Some(Built::Ascii(code)) => ExtensionFileSource::new(file.specifier, *code),
        Some(Built::Text(text, shared)) => {
            ExtensionFileSource::new_computed(file.specifier, shared.get_or_init(|| Arc::from(*text)).clone())
        }
        None => file.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_extension_file_is_built_in() {
        let mut missing = Vec::new();
        for extension in crate::isolate::extensions_unread() {
            for file in files(&extension) {
                #[allow(deprecated, reason = "the variant a file not built in keeps")]
                if matches!(file.code, ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(_)) {
                    missing.push(format!("{} ({:?})", file.specifier, file.code));
                }
            }
        }
        assert!(missing.is_empty(), "read from disk at run time, not built in (runtime/build.rs): {missing:#?}");
    }

    /// Each isolate asks for the extensions again: the files must come out the same, never a
    /// new allocation (a leak per isolate in a server that replaces instances).
    #[test]
    fn every_isolate_gets_the_same_bytes_not_a_new_copy() {
        #[allow(deprecated, reason = "the variants a built-in file has")]
        fn texts(extensions: &[Extension]) -> Vec<(*const u8, usize)> {
            extensions
                .iter()
                .flat_map(files)
                .map(|file| match &file.code {
                    ExtensionFileSourceCode::IncludedInBinary(code) => (code.as_str().as_ptr(), code.as_str().len()),
                    ExtensionFileSourceCode::Computed(code) => (code.as_ptr(), code.len()),
                    other => panic!("{} is {other:?}", file.specifier),
                })
                .collect()
        }
        let first = texts(&crate::isolate::extensions_unread());
        assert!(first.len() > 40, "{}", first.len());
        assert_eq!(first, texts(&crate::isolate::extensions_unread()));
    }

    #[test]
    fn a_built_in_file_has_the_contents_of_the_file_on_disk() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../js/toolkit.js");
        let on_disk = std::fs::read_to_string(path).unwrap();
        assert!(matches!(contents(path), Some(Built::Ascii(code)) if code.as_str() == on_disk));
        let intl = concat!(env!("CARGO_MANIFEST_DIR"), "/../intl/src/intl.js");
        let on_disk = std::fs::read_to_string(intl).unwrap();
        assert!(
            matches!(contents(intl), Some(Built::Text(text, _)) if *text == on_disk),
            "intl.js writes '∞': a file that is not ASCII is built in as text"
        );
        assert!(contents(concat!(env!("CARGO_MANIFEST_DIR"), "/../js/no-such-file.js")).is_none());
    }
}
