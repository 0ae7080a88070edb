//! trove-host patch 23: the Function constructor's compiled sources.
//!
//! `new Function(...)` made QuickJS parse its source text every time. zod compiles a parser
//! per object schema that way, from the same text in every process and in every isolate of a
//! process: 8 of the 141 million instructions of a cold trove-host call. `quickjs.c`
//! (`v82jsc_eval_function_source`) now asks this cache first and hands it what it compiled:
//!
//! - in memory, for the process (a server's later isolates), up to [`MEMORY_BUDGET`] bytes;
//! - on disk, in the bytecode cache directory of the module cache (`V82JSC_BC_CACHE_DIR`,
//!   off with `V82JSC_NO_BC_CACHE`), at most [`DISK_STORES_PER_PROCESS`] new entries and
//!   [`DISK_BYTES_PER_PROCESS`] bytes a process, each file checksummed (`bc_store`/`bc_load`,
//!   patch 21): a toolkit that makes endless distinct functions cannot fill the disk (a hostile
//!   review wrote 757 MB in one call through the first version's limits).
//!
//! Sources over [`MAX_SOURCE_BYTES`] (zod's are a few KiB) are compiled as before, neither
//! looked up nor serialised.
//!
//! An entry is found by its file name (the caller's, which the code is compiled under) and its
//! whole source, compared byte for byte: a hash picks the file, never decides the match, so a
//! source made to collide with another's hash gets its own bytecode or none.

use rustc_hash::FxHashMap as HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::module::{bc_load, bc_store, fast_content_hash, versioned_bc_seed};

/// Bytes of source and bytecode the in-memory cache holds at most; past it new entries are not
/// kept (a toolkit making endless distinct functions must not grow the process).
const MEMORY_BUDGET: usize = 16 << 20;
/// New disk entries one process writes at most.
const DISK_STORES_PER_PROCESS: usize = 64;
/// Bytes of new disk entries one process writes at most.
const DISK_BYTES_PER_PROCESS: usize = 2 << 20;
/// Sources longer than this are compiled every time (quickjs.c does not ask the cache).
const MAX_SOURCE_BYTES: usize = 64 << 10;

/// One entry: file name, source, bytecode.
type Entry = (Box<[u8]>, Box<[u8]>, Arc<[u8]>);

/// [`disk_key`] → the entries with that key (one, but for a collision).
#[derive(Default)]
struct Memory {
  entries: HashMap<u64, Vec<Entry>>,
  bytes: usize,
}

fn memory() -> &'static Mutex<Memory> {
  static MEMORY: OnceLock<Mutex<Memory>> = OnceLock::new();
  MEMORY.get_or_init(Mutex::default)
}

fn remember(filename: &[u8], source: &[u8], bytecode: Arc<[u8]>) {
  let mut memory = memory().lock().unwrap_or_else(|p| p.into_inner());
  let size = filename.len() + source.len() + bytecode.len();
  if memory.bytes + size > MEMORY_BUDGET {
    return;
  }
  let same_key = memory.entries.entry(disk_key(filename, source)).or_default();
  if !same_key.iter().any(|(f, s, _)| **f == *filename && **s == *source) {
    same_key.push((Box::from(filename), Box::from(source), bytecode));
    memory.bytes += size;
  }
}

/// The disk cache's key of an entry: a hash of its file name and source (which picks the
/// file; the file holds both, compared in full on reading).
fn disk_key(filename: &[u8], source: &[u8]) -> u64 {
  const SEED: u64 = 0x4e46_5352_4332_3301; // "FNSRC23"
  let seed = fast_content_hash(versioned_bc_seed(SEED), filename);
  fast_content_hash(seed, source)
}

/// A disk entry: `[filename length u64 LE][source length u64 LE][filename][source][bytecode]`.
fn disk_entry(filename: &[u8], source: &[u8], bytecode: &[u8]) -> Vec<u8> {
  let mut entry = Vec::with_capacity(16 + filename.len() + source.len() + bytecode.len());
  entry.extend_from_slice(&(filename.len() as u64).to_le_bytes());
  entry.extend_from_slice(&(source.len() as u64).to_le_bytes());
  entry.extend_from_slice(filename);
  entry.extend_from_slice(source);
  entry.extend_from_slice(bytecode);
  entry
}

/// The bytecode of a disk entry read for (`filename`, `source`), if it is theirs.
fn disk_bytecode<'a>(entry: &'a [u8], filename: &[u8], source: &[u8]) -> Option<&'a [u8]> {
  let names = entry.get(..16)?;
  let filename_len = usize::try_from(u64::from_le_bytes(names[..8].try_into().ok()?)).ok()?;
  let source_len = usize::try_from(u64::from_le_bytes(names[8..].try_into().ok()?)).ok()?;
  let rest = &entry[16..];
  let (stored_filename, rest) = rest.split_at_checked(filename_len)?;
  let (stored_source, bytecode) = rest.split_at_checked(source_len)?;
  (stored_filename == filename && stored_source == source && !bytecode.is_empty()).then_some(bytecode)
}

fn lookup_bytecode(filename: &[u8], source: &[u8]) -> Option<Arc<[u8]>> {
  let key = disk_key(filename, source);
  {
    let memory = memory().lock().unwrap_or_else(|p| p.into_inner());
    let same_key = memory.entries.get(&key).map(Vec::as_slice).unwrap_or_default();
    if let Some((_, _, bytecode)) = same_key.iter().find(|(f, s, _)| **f == *filename && **s == *source) {
      return Some(bytecode.clone());
    }
  }
  let entry = bc_load(key)?;
  let bytecode: Arc<[u8]> = Arc::from(disk_bytecode(&entry, filename, source)?);
  remember(filename, source, bytecode.clone());
  Some(bytecode)
}

unsafe extern "C" fn lookup(
  filename: *const u8,
  filename_len: usize,
  source: *const u8,
  source_len: usize,
  len: *mut usize,
) -> *mut u8 {
  // SAFETY: quickjs.c passes its file name and source strings with their lengths.
  let (filename, source) =
    unsafe { (std::slice::from_raw_parts(filename, filename_len), std::slice::from_raw_parts(source, source_len)) };
  match lookup_bytecode(filename, source) {
    Some(bytecode) => {
      // SAFETY: `len` is quickjs.c's out-parameter.
      unsafe { *len = bytecode.len() };
      // Handed to C until `release` gives it back.
      Arc::into_raw(bytecode) as *const u8 as *mut u8
    }
    None => std::ptr::null_mut(),
  }
}

unsafe extern "C" fn release(bytes: *mut u8, len: usize) {
  // SAFETY: `bytes` and `len` are what `lookup` returned: an `Arc<[u8]>` of `len` bytes.
  drop(unsafe { Arc::from_raw(std::ptr::slice_from_raw_parts(bytes as *const u8, len)) });
}

unsafe extern "C" fn store(
  filename: *const u8,
  filename_len: usize,
  source: *const u8,
  source_len: usize,
  bytes: *const u8,
  len: usize,
) {
  if len == 0 {
    return;
  }
  // SAFETY: quickjs.c passes its strings and the bytecode it wrote, with their lengths.
  let (filename, source, bytecode) = unsafe {
    (
      std::slice::from_raw_parts(filename, filename_len),
      std::slice::from_raw_parts(source, source_len),
      std::slice::from_raw_parts(bytes, len),
    )
  };
  remember(filename, source, Arc::from(bytecode));
  let entry = disk_entry(filename, source, bytecode);
  static STORES: AtomicUsize = AtomicUsize::new(0);
  static BYTES: AtomicUsize = AtomicUsize::new(0);
  if STORES.fetch_add(1, Ordering::Relaxed) < DISK_STORES_PER_PROCESS
    && BYTES.fetch_add(entry.len(), Ordering::Relaxed) + entry.len() <= DISK_BYTES_PER_PROCESS
  {
    bc_store(disk_key(filename, source), &entry);
  }
}

#[repr(C)]
struct V82jscFunctionSourceCache {
  lookup: unsafe extern "C" fn(*const u8, usize, *const u8, usize, *mut usize) -> *mut u8,
  release: unsafe extern "C" fn(*mut u8, usize),
  store: unsafe extern "C" fn(*const u8, usize, *const u8, usize, *const u8, usize),
  max_source_len: usize,
}

static CACHE: V82jscFunctionSourceCache =
  V82jscFunctionSourceCache { lookup, release, store, max_source_len: MAX_SOURCE_BYTES };

unsafe extern "C" {
  fn v82jsc_set_function_source_cache(cache: *const V82jscFunctionSourceCache);
}

/// Makes every runtime's Function constructor use this cache (once per process).
pub(crate) fn install() {
  static INSTALLED: std::sync::Once = std::sync::Once::new();
  // SAFETY: `CACHE` lives for the process; its functions are thread-safe.
  INSTALLED.call_once(|| unsafe { v82jsc_set_function_source_cache(&CACHE) });
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn a_disk_entry_is_taken_only_for_its_own_file_name_and_source() {
    let entry = disk_entry(b"ext:zod.js", b"(function anonymous(a\n) {\nreturn a\n})", b"\x01bytecode");
    assert_eq!(disk_bytecode(&entry, b"ext:zod.js", b"(function anonymous(a\n) {\nreturn a\n})"), Some(&b"\x01bytecode"[..]));
    assert_eq!(disk_bytecode(&entry, b"ext:other.js", b"(function anonymous(a\n) {\nreturn a\n})"), None);
    assert_eq!(disk_bytecode(&entry, b"ext:zod.js", b"(function anonymous(a\n) {\nreturn b\n})"), None);
    for cut in 0..entry.len() - 9 {
      assert_eq!(disk_bytecode(&entry[..cut], b"ext:zod.js", b"(function anonymous(a\n) {\nreturn a\n})"), None, "cut at {cut}");
    }
    let mut lying = entry.clone();
    lying[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_eq!(disk_bytecode(&lying, b"ext:zod.js", b"(function anonymous(a\n) {\nreturn a\n})"), None);
  }
}
