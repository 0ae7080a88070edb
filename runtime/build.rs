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
//! pkgid`, offline) and in our own extensions' folders, keyed by the path the extension
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
    // A binary without them would read deno's scripts from this machine's disk at every start,
    // without the changes of src/script_patches.rs (Node's errors and body rules, among them
    // what keeps a secret out of a JSON error): it is not built at all.
    match deno_crate_dirs(&manifest_dir) {
        Ok(dirs) => dirs.iter().for_each(|dir| collect(dir, false, &mut files)),
        Err(why) => panic!("cannot find deno's extension scripts to build into trove-host: {why}"),
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

/// The folder of each of [`DENO_CRATES`] this build uses, from `cargo pkgid --offline <name>`:
/// `path+file:///…/third_party/deno_web#0.291.0` for a path dependency (deno_web, patched in the
/// workspace's `[patch.crates-io]`), `registry+https://…crates.io-index#deno_fetch@0.284.0` for
/// a crate from the registry, found in its source folder
/// (`$CARGO_HOME/registry/src/<index>/<name>-<version>`), which Cargo fills before it runs this
/// script, as the library depends on these crates. `cargo pkgid` reads only the lock file:
/// `cargo metadata --offline`, used until 2026-12-07, describes every package of it, and so
/// failed on a fresh machine whose first build (the README's `cargo run`) had fetched only the
/// CLI's own dependencies. That build then carried none of deno's scripts, nor the changes of
/// src/script_patches.rs, and read the unchanged scripts from disk at every start.
fn deno_crate_dirs(manifest_dir: &Path) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut dirs = Vec::new();
    for name in DENO_CRATES {
        let output = Command::new(&cargo)
            .current_dir(manifest_dir)
            .args(["pkgid", "--offline", name])
            .output()
            .map_err(|e| format!("cargo pkgid {name}: {e}"))?;
        if !output.status.success() {
            return Err(format!("cargo pkgid {name}: {}", String::from_utf8_lossy(&output.stderr).trim()));
        }
        let id = String::from_utf8_lossy(&output.stdout).trim().to_owned();
        dirs.push(crate_dir(name, &id)?);
    }
    Ok(dirs)
}

/// The source folder of the package `name` whose package ID (`cargo pkgid`'s answer) is `id`.
fn crate_dir(name: &str, id: &str) -> Result<PathBuf, String> {
    let unknown = || format!("cargo pkgid {name} answered {id:?}, which names no folder this build knows");
    let (source, fragment) = id.split_once('#').ok_or_else(unknown)?;
    if let Some(location) = source.strip_prefix("path+") {
        let url = url::Url::parse(location).map_err(|e| format!("{}: {e}", unknown()))?;
        return url.to_file_path().map_err(|()| unknown());
    }
    if !source.starts_with("registry+") && !source.starts_with("sparse+") {
        return Err(unknown());
    }
    // `name@version`, or the version alone when the URL's last segment is the name.
    let version = fragment.rsplit_once('@').map_or(fragment, |(_, version)| version);
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let registry = cargo_home.join("registry/src");
    let folder = format!("{name}-{version}");
    // One folder per index the machine has fetched from (crates.io over git and over the sparse
    // protocol, before and after cargo 1.85 renamed them): the same name and version is the
    // same package in each (Cargo.lock pins its checksum), so the first, in a stable order.
    let mut found: Vec<PathBuf> = std::fs::read_dir(&registry)
        .map_err(|e| format!("{}: {e}", registry.display()))?
        .filter_map(|entry| Some(entry.ok()?.path().join(&folder)))
        .filter(|dir| dir.join("Cargo.toml").is_file())
        .collect();
    found.sort();
    found.into_iter().next().ok_or_else(|| format!("no folder {folder} in {} (vendored or git sources are not looked for)", registry.display()))
}
