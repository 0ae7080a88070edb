//! The extensions' JavaScript, built into the library by `build.rs` (issue #11).
//!
//! deno_core 0.413's `extension!` names each JavaScript file of an extension by its path on the
//! build machine (`ExtensionFileSourceCode::LoadedFromFsDuringSnapshot`), for a snapshot made at
//! build time. trove-host makes its snapshot at run time, so [`built_in`] gives each such file
//! its contents from the binary instead: no process reads the build tree (about 1.4 MB, 60
//! files, at every start), and a binary moved to another machine still has its scripts.
//! deno_core then hands them to the engine as external one-byte strings, without a copy.

use std::borrow::Cow;

use deno_core::{Extension, ExtensionFileSource, ExtensionFileSourceCode, FastStaticString};

include!(concat!(env!("OUT_DIR"), "/extension_sources.rs"));

/// The built-in contents of the file an extension names by `path` (compared with its `..`
/// steps resolved) and whether they are 7-bit ASCII, or `None` when the build did not find it
/// (it is then read from disk).
pub(crate) fn contents(path: &str) -> Option<(&'static str, bool)> {
    let key = crate::lexical_path::normalise(path);
    let at = BUILT_IN.binary_search_by(|(built, _, _)| (*built).cmp(key.as_str())).ok()?;
    let (_, code, ascii) = BUILT_IN[at];
    Some((code, ascii))
}

/// Whether `code` is one of the table's contents (the same bytes in the binary, not a copy):
/// [`DIGEST`] stands for it in a cache key.
pub(crate) fn is_from_table(code: &str) -> bool {
    BUILT_IN.iter().any(|(_, built, _)| std::ptr::eq(built.as_ptr(), code.as_ptr()) && built.len() == code.len())
}

/// `extension` with each file the build found given its built-in contents; the others as they
/// were.
pub(crate) fn built_in(mut extension: Extension) -> Extension {
    let replace = |files: &mut Cow<'static, [ExtensionFileSource]>| {
        let built: Vec<ExtensionFileSource> = files.iter().map(from_binary).collect();
        *files = Cow::Owned(built);
    };
    replace(&mut extension.js_files);
    replace(&mut extension.esm_files);
    replace(&mut extension.lazy_loaded_js_files);
    replace(&mut extension.lazy_loaded_esm_files);
    extension
}

/// `file` as built in: an external one-byte string of the binary's bytes when they are ASCII
/// (checked by the build), a copy of them otherwise (the engine's one-byte strings are Latin-1;
/// deno_core makes a two-byte string of such a file).
fn from_binary(file: &ExtensionFileSource) -> ExtensionFileSource {
    #[allow(deprecated, reason = "the variant deno_core 0.413's include macros produce")]
    let ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(path) = file.code else {
        return file.clone();
    };
    match contents(path) {
        Some((code, true)) => {
            // SAFETY: the build checked that `code` is 7-bit ASCII; it is far below the
            // engine's longest string.
            let code = unsafe { FastStaticString::create_external_onebyte_const_unchecked_in_release(code.as_bytes()) };
            // Leaked once per file and process: a few bytes, the contents are the binary's.
            ExtensionFileSource::new(file.specifier, FastStaticString::new(Box::leak(Box::new(code))))
        }
        Some((code, false)) => ExtensionFileSource::new_computed(file.specifier, code.into()),
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
            let files = [&extension.js_files, &extension.esm_files, &extension.lazy_loaded_js_files, &extension.lazy_loaded_esm_files];
            for file in files.into_iter().flat_map(|files| files.iter()) {
                #[allow(deprecated, reason = "the variant a file not built in keeps")]
                if matches!(file.code, ExtensionFileSourceCode::LoadedFromFsDuringSnapshot(_)) {
                    missing.push(format!("{} ({:?})", file.specifier, file.code));
                }
            }
        }
        assert!(missing.is_empty(), "read from disk at run time, not built in (runtime/build.rs): {missing:#?}");
    }

    #[test]
    fn a_built_in_file_has_the_contents_of_the_file_on_disk() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../js/toolkit.js");
        let on_disk = std::fs::read_to_string(path).unwrap();
        assert_eq!(contents(path), Some((on_disk.as_str(), on_disk.is_ascii())));
        let (_, ascii) = contents(concat!(env!("CARGO_MANIFEST_DIR"), "/../intl/src/intl.js")).expect("built in");
        assert!(!ascii, "intl.js writes '∞' (a file that is not ASCII is built in as a copy)");
        assert_eq!(contents(concat!(env!("CARGO_MANIFEST_DIR"), "/../js/no-such-file.js")), None);
    }
}
