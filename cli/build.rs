//! Link settings for the `trove-host` binary that make a cold process cheaper (issue #11;
//! docs/performance.md, "The binary's own pages"). Neither changes what the program does.
//!
//! - `-z pack-relative-relocs` (RELR): the binary's 106,000 relative relocations as a bitmap
//!   of 37 KB instead of a 2.5 MB table the dynamic loader reads at every start.
//! - `--symbol-ordering-file=startup-order.txt`: the functions a cold `call` or `list` runs
//!   (scripts/startup-order) placed together at the front of the code, so a process maps the
//!   few megabytes it runs instead of pages spread over the whole 34 MB text section.
//!
//! Both are options of LLVM's linker, which Rust uses by default on x86_64 Linux; on other
//! targets, or with `TROVE_HOST_PLAIN_LINK=1` (for a toolchain set up with another linker),
//! the binary is linked as Cargo would.

fn main() {
    println!("cargo:rerun-if-changed=startup-order.txt");
    println!("cargo:rerun-if-env-changed=TROVE_HOST_PLAIN_LINK");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let lld_by_default =
        var("CARGO_CFG_TARGET_ARCH") == "x86_64" && var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    if !lld_by_default || var("TROVE_HOST_PLAIN_LINK") == "1" {
        return;
    }
    let order = std::path::Path::new(&var("CARGO_MANIFEST_DIR")).join("startup-order.txt");
    println!("cargo:rustc-link-arg-bin=trove-host=-Wl,-z,pack-relative-relocs");
    if !order.is_file() {
        return; // scripts/startup-order makes it, from a binary linked without it
    }
    println!("cargo:rustc-link-arg-bin=trove-host=-Wl,--symbol-ordering-file={}", order.display());
    // A name the current build does not have (after a toolchain or dependency upgrade) is
    // skipped; scripts/startup-order makes the list again.
    println!("cargo:rustc-link-arg-bin=trove-host=-Wl,--no-warn-symbol-ordering");
}
