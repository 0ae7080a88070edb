//! Builds the extensions' JavaScript into the library (`OUT_DIR/extension_sources.rs`, read by
//! `src/extension_sources.rs`).
//!
//! deno_core 0.413's `extension!` names every JavaScript file of an extension by its path on
//! the build machine and leaves it there: deno expects a snapshot made at build time, which
//! holds the files' code. trove-host makes its snapshot at run time, so without this table a
//! process reads about 1.4 MB of deno_web, deno_fetch, deno_crypto and deno_webidl scripts (and
//! our own) from the build tree at every start, and a binary moved to another machine, or run
//! after the Cargo registry is cleaned, has no scripts at all.
//!
//! The table holds every `.js` file in the root of those four crates (found with `cargo
//! metadata`, offline, or else from `Cargo.lock` in the Cargo registry) and in our own extensions' folders, keyed by the path the extension
//! gives (its `..` steps resolved). A 7-bit ASCII file is built in as deno's own
//! `ascii_str_include!` builds one (checked while compiling, handed to the engine without a
//! copy), any other as text. A file missing from the table is read from disk as before;
//! `every_extension_file_is_built_in` (src/extension_sources.rs) fails when one is. A digest
//! of every path and contents is built in too, for the startup snapshot's cache key. A few of
//! deno's scripts are built in changed (`src/script_patches.rs`, included here too).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "src/script_patches.rs"]
#[allow(dead_code, reason = "the library reads the table's documentation; the build applies it")]
mod script_patches;

/// The crates whose extensions this library runs, with their scripts in their root folder.
const DENO_CRATES: [&str; 4] = ["deno_webidl", "deno_web", "deno_crypto", "deno_fetch"];

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by Cargo"));
    println!("cargo:rerun-if-changed=build.rs");
    // Where our extensions are declared: a file added to one is looked for again.
    for declaration in ["src/isolate.rs", "../ops/src/extension.rs", "../intl/src/ext.rs"] {
        println!("cargo:rerun-if-changed={declaration}");
    }
    // Another version of a deno crate is another folder.
    println!("cargo:rerun-if-changed=../Cargo.lock");

    let mut files: Vec<String> = Vec::new();
    // Our own: the SDK module and bootstrap (not js/'s npm folders), the ops' and Intl's files,
    // named from the workspace's folder without `..` (as `extension_sources::contents` looks
    // them up).
    let root = manifest_dir.parent().expect("runtime/ is in the workspace's folder");
    let js = root.join("js");
    collect(&js, false, &mut files);
    for dir in [js.join("vendor"), js.join("shims"), root.join("ops/src"), root.join("intl/src")] {
        collect(&dir, true, &mut files);
    }
    match deno_crate_dirs(&manifest_dir).or_else(|why| registry_crate_dirs(root).map_err(|also| format!("{why}; {also}"))) {
        Ok(dirs) => dirs.iter().for_each(|dir| collect(dir, false, &mut files)),
        Err(why) => println!(
            "cargo:warning=deno's extension scripts are not built into trove-host ({why}); it reads them from the Cargo registry at run time, without the changes of runtime/src/script_patches.rs"
        ),
    }
    files.sort();
    files.dedup();

    // 7-bit ASCII files as the engine's external one-byte strings (`ascii_str_include!` checks
    // that while compiling), others as text that a process copies once.
    let mut statics = String::new();
    let mut table = String::from("/// (path the extension gives, its contents), sorted by path.\npub(crate) static BUILT_IN: &[(&str, Built)] = &[\n");
    let mut digest = std::hash::DefaultHasher::new();
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by Cargo"));
    for (index, file) in files.iter().enumerate() {
        println!("cargo:rerun-if-changed={file}");
        let mut bytes = std::fs::read(file).unwrap_or_default();
        // A changed script is built in from a copy in OUT_DIR, under its own path as the key.
        let mut source = file.clone();
        match script_patches::patched(file, &String::from_utf8_lossy(&bytes)) {
            Ok(None) => {}
            Ok(Some(text)) => {
                let copy = out_dir.join(format!("patched-{index}-{}", Path::new(file).file_name().and_then(|n| n.to_str()).unwrap_or("script.js")));
                std::fs::write(&copy, &text).expect("OUT_DIR is writable");
                bytes = text.into_bytes();
                source = copy.to_str().expect("UTF-8 paths").to_owned();
            }
            Err(why) => panic!("{why}"),
        }
        (file, &bytes).hash(&mut digest);
        if bytes.is_ascii() {
            table.push_str(&format!("    ({file:?}, Built::Ascii(::deno_core::ascii_str_include!({source:?}))),\n"));
        } else {
            statics.push_str(&format!("static SHARED_{index}: ::std::sync::OnceLock<::std::sync::Arc<str>> = ::std::sync::OnceLock::new();\n"));
            table.push_str(&format!("    ({file:?}, Built::Text(include_str!({source:?}), &SHARED_{index})),\n"));
        }
    }
    table.push_str("];\n");
    table.insert_str(0, &statics);
    table.push_str(&format!(
        "/// A digest of every path and contents in [`BUILT_IN`], made by the build: what the startup\n\
         /// snapshot's cache key counts them by.\npub(crate) const DIGEST: u64 = {:#x};\n",
        digest.finish()
    ));
    std::fs::write(out_dir.join("extension_sources.rs"), table).expect("OUT_DIR is writable");
}

/// The `.js` files in `dir` (and its sub-folders when `deep`).
fn collect(dir: &Path, deep: bool, into: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if deep {
                collect(&path, deep, into);
            }
        } else if path.extension().is_some_and(|ext| ext == "js") {
            into.push(path.to_str().expect("UTF-8 paths").to_owned());
        }
    }
}

/// The folders of [`DENO_CRATES`] this build uses, when `cargo metadata` cannot tell: each
/// crate's version from `Cargo.lock`, in the Cargo registry's source folder
/// (`$CARGO_HOME/registry/src/<index>/<name>-<version>`). `cargo metadata --offline` describes
/// every package of the lock file, so it fails on a machine that has fetched only what this
/// build needs (the README's first `cargo run`, before any `cargo test` fetched the dev- and
/// other platforms' dependencies); Cargo has fetched these crates before it runs this script,
/// as the library depends on them.
fn registry_crate_dirs(workspace: &Path) -> Result<Vec<PathBuf>, String> {
    let lock = std::fs::read_to_string(workspace.join("Cargo.lock")).map_err(|e| format!("Cargo.lock: {e}"))?;
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let indexes: Vec<PathBuf> = std::fs::read_dir(cargo_home.join("registry/src"))
        .map_err(|e| format!("{}: {e}", cargo_home.join("registry/src").display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    let mut dirs = Vec::new();
    for name in DENO_CRATES {
        // `[[package]]` blocks: `name = "…"` then `version = "…"`.
        let versions: Vec<&str> = lock
            .split("[[package]]")
            .filter(|block| block.lines().any(|line| line.trim() == format!("name = \"{name}\"")))
            .filter_map(|block| block.lines().find_map(|line| line.trim().strip_prefix("version = \"")?.strip_suffix('"')))
            .collect();
        let [version] = versions.as_slice() else {
            return Err(format!("{} versions of {name} in Cargo.lock", versions.len()));
        };
        let folder = format!("{name}-{version}");
        let found: Vec<PathBuf> = indexes.iter().map(|index| index.join(&folder)).filter(|dir| dir.join("Cargo.toml").is_file()).collect();
        match found.as_slice() {
            [one] => dirs.push(one.clone()),
            none_or_many => return Err(format!("{} folders {folder} in the Cargo registry", none_or_many.len())),
        }
    }
    Ok(dirs)
}

/// The folders of [`DENO_CRATES`] this build uses, from `cargo metadata` (offline: the build has
/// already fetched them).
fn deno_crate_dirs(manifest_dir: &Path) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = std::env::var("TARGET").expect("set by Cargo");
    let output = Command::new(cargo)
        .current_dir(manifest_dir)
        .args(["metadata", "--format-version", "1", "--offline", "--filter-platform", &target])
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo metadata: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let mut dirs = Vec::new();
    for name in DENO_CRATES {
        let manifests: Vec<&str> = metadata["packages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|package| package["name"] == name)
            .filter_map(|package| package["manifest_path"].as_str())
            .collect();
        match manifests.as_slice() {
            [one] => dirs.push(Path::new(one).parent().expect("a manifest is in a folder").to_path_buf()),
            none_or_many => return Err(format!("{} versions of {name} in the build", none_or_many.len())),
        }
    }
    Ok(dirs)
}
