//! Link settings for the `trove-host` binary that make a cold process cheaper (issue #11;
//! docs/performance.md, "The binary's own pages"). Neither changes what the program does.
//!
//! - `--symbol-ordering-file=startup-order.txt`: the functions a cold `call` or `list` runs
//!   (scripts/startup-order) placed together at the front of the code, so a process maps the
//!   few megabytes it runs instead of pages spread over the whole 34 MB text section.
//! - `-z pack-relative-relocs` (RELR): the binary's 106,000 relative relocations as a bitmap
//!   of 37 KB instead of a 2.5 MB table the dynamic loader reads at every start. A RELR binary
//!   needs glibc 2.36 or later, so it is used only when building on such a system for itself.
//!
//! Both are options of LLVM's linker, which rustc uses by default on x86_64 Linux from 1.90.
//! With an older rustc, another target, a linker chosen in the Cargo configuration or
//! `RUSTFLAGS`, or `TROVE_HOST_PLAIN_LINK=1`, the binary is linked as Cargo would.

use std::ffi::{c_char, CStr};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=startup-order.txt");
    for var in ["TROVE_HOST_PLAIN_LINK", "CARGO_ENCODED_RUSTFLAGS", "RUSTC_LINKER"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    if var("TROVE_HOST_PLAIN_LINK") == "1" || var("TARGET") != "x86_64-unknown-linux-gnu" {
        return;
    }
    if let Some(why) = plain_link_reason() {
        println!("cargo:warning=trove-host is linked without its start-up layout: {why} (docs/performance.md)");
        return;
    }
    let order = std::path::Path::new(&var("CARGO_MANIFEST_DIR")).join("startup-order.txt");
    if order.is_file() {
        println!("cargo:rustc-link-arg-bin=trove-host=-Wl,--symbol-ordering-file={}", order.display());
        // A name the build no longer has (after a toolchain or dependency upgrade) is skipped;
        // scripts/startup-order makes the list again.
        println!("cargo:rustc-link-arg-bin=trove-host=-Wl,--no-warn-symbol-ordering");
    }
    if var("HOST") == var("TARGET") && glibc_at_least(2, 36) {
        println!("cargo:rustc-link-arg-bin=trove-host=-Wl,-z,pack-relative-relocs");
    }
}

fn var(name: &str) -> String {
    std::env::var(name).unwrap_or_default()
}

/// Why an x86_64 Linux build is linked without the options above, if it is.
fn plain_link_reason() -> Option<String> {
    // A linker or linker flavour chosen by the user may not be LLVM's.
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    let chosen = ["-fuse-ld", "linker=", "linker-flavor", "linker-features", "link-self-contained"];
    if !var("RUSTC_LINKER").is_empty() || flags.split('\u{1f}').any(|f| chosen.iter().any(|c| f.contains(c))) {
        return Some("a linker is chosen in the Cargo configuration or RUSTFLAGS".into());
    }
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(rustc).arg("-vV").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let release = version.as_deref().and_then(|v| v.lines().find_map(|l| l.strip_prefix("release: "))).unwrap_or("");
    let mut parts = release.split(|c: char| !c.is_ascii_digit()).filter_map(|p| p.parse::<u32>().ok());
    match (parts.next(), parts.next()) {
        (Some(major), Some(minor)) if (major, minor) >= (1, 90) => None,
        _ => Some(format!("rustc {release:?} links with the system's linker, not LLVM's")),
    }
}

/// Whether the C library this build script runs on is glibc `major.minor` or later.
fn glibc_at_least(major: u32, minor: u32) -> bool {
    extern "C" {
        fn gnu_get_libc_version() -> *const c_char;
    }
    // SAFETY: glibc returns a static NUL-terminated string; the host is x86_64-linux-gnu
    // (checked by the caller: HOST == TARGET).
    let version = unsafe { CStr::from_ptr(gnu_get_libc_version()) }.to_string_lossy().into_owned();
    let mut parts = version.split('.').filter_map(|p| p.parse::<u32>().ok());
    matches!((parts.next(), parts.next()), (Some(a), Some(b)) if (a, b) >= (major, minor))
}
