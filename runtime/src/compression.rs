//! The Rust side of `CompressionStream` and `DecompressionStream` (`js/compression.js`): zlib's
//! three formats as Node 20 has them (`gzip`, `deflate`, `deflate-raw`), on zlib-rs through
//! flate2, with every byte they produce written into a buffer the isolate allocated.
//!
//! deno_web's own ops inflate each written chunk whole, in Rust, into a vector of their own:
//! a few megabytes of gzip became gigabytes outside the heap ceiling before any limit saw them
//! (docs/javascript.md). Here a step fills at most the one buffer it is given (16 KiB, allocated
//! by the script in the engine's heap) and returns; the script enqueues it and asks again. So the
//! heap ceiling counts every decoded byte a toolkit keeps, the CPU limit interrupts between
//! steps (each reads at most [`STEP_INPUT`] bytes), and Rust holds no more than the codecs' own
//! state, counted against the isolate's heap ceiling with its `Blob` data
//! ([`crate::blob_store::CountedBlobStore::charge`]): [`COMPRESSOR_BYTES`] or
//! [`DECOMPRESSOR_BYTES`] from a codec's first write until its stream finishes, fails, is
//! cancelled or aborted, or its isolate is dropped. (A stream a toolkit leaves unfinished is not
//! reliably collected by the engine, so its state is counted until then: a toolkit that leaks
//! one per call reaches its ceiling after thousands of calls and gets a fresh isolate, as with
//! any leak.)
//!
//! Errors are Node 20's: zlib's message (`incorrect header check`, `unexpected end of file`),
//! with its `code` and `errno`, built by the script from the class names below.

use std::cell::RefCell;
use std::sync::Arc;

use deno_core::{op2, v8, OpState};
use deno_error::JsErrorBox;
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

use crate::blob_store::CountedBlobStore;

/// What a compressor's zlib state is counted as (bytes; zlib-rs at level 6 with a 32 KiB
/// window holds about 300 KiB: window, hash chains, pending output).
pub const COMPRESSOR_BYTES: usize = 384 * 1024;

/// What a decompressor's zlib state is counted as (bytes; about 7 KiB and its 32 KiB window).
pub const DECOMPRESSOR_BYTES: usize = 48 * 1024;

/// The most input one step reads (bytes), however little it writes: a chunk of ten million
/// empty gzip members wrote nothing and held the isolate for seconds in one op (review 49).
pub const STEP_INPUT: usize = 1 << 20;

/// The most gzip members one step starts (each makes its zlib state afresh).
const STEP_MEMBERS: usize = 1024;

/// What a step answers when it read its budget without writing anything: call again.
pub const STEP_AGAIN: i32 = -1;

/// The error classes `js/compression.js` builds Node's zlib errors from: a corrupt stream
/// (`Z_DATA_ERROR`, errno -3), one that ended early (`Z_BUF_ERROR`, -5), and a zlib stream that
/// names a preset dictionary (`Z_NEED_DICT`, 2).
const DATA_ERROR: &str = "TroveZlibDataError";
const BUF_ERROR: &str = "TroveZlibBufError";
const NEED_DICT: &str = "TroveZlibNeedDictError";

/// One of the formats of the Compression Streams standard that Node 20 supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// RFC 1952, one or more members.
    Gzip,
    /// RFC 1950 (zlib's header and Adler-32 trailer).
    Deflate,
    /// RFC 1951, no header.
    DeflateRaw,
}

impl Format {
    fn parse(name: &str) -> Option<Format> {
        match name {
            "gzip" => Some(Format::Gzip),
            "deflate" => Some(Format::Deflate),
            "deflate-raw" => Some(Format::DeflateRaw),
            _ => None,
        }
    }
}

/// A codec's state counted against its isolate's ceiling: taken off when dropped.
struct Charge {
    store: Arc<CountedBlobStore>,
    bytes: usize,
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.store.discharge(self.bytes);
    }
}

/// What a decompressor has seen of its input.
struct Inflate {
    zlib: Decompress,
    /// Whether the current stream (gzip: member) has ended.
    ended: bool,
}

enum Engine {
    Deflate(Compress),
    Inflate(Inflate),
}

enum Phase {
    /// Made, nothing written yet: holds no zlib state.
    Unstarted,
    /// Working: `cursor` is how far into the chunk being written the codec has read.
    Open { engine: Engine, cursor: usize, _charge: Charge },
    /// A compressor that has written its trailer and has nothing more to give.
    Drained,
    /// Finished, failed or closed: any further use is refused.
    Done,
}

/// One `CompressionStream` or `DecompressionStream`'s codec, owned by the engine's garbage
/// collector (it goes with its stream).
pub struct Codec {
    format: Format,
    decoder: bool,
    /// Where its state is counted.
    store: Arc<CountedBlobStore>,
    phase: RefCell<Phase>,
}

// SAFETY: a Codec holds no reference to any JavaScript value, so it has nothing to trace.
unsafe impl deno_core::GarbageCollected for Codec {
    fn trace(&self, _visitor: &mut v8::cppgc::Visitor) {}

    fn get_name(&self) -> &'static std::ffi::CStr {
        c"Codec"
    }
}

impl Codec {
    /// The codec's zlib state, made on first use and counted against the isolate's ceiling.
    fn started(&self, phase: &mut Phase) {
        if !matches!(phase, Phase::Unstarted) {
            return;
        }
        let bytes = if self.decoder { DECOMPRESSOR_BYTES } else { COMPRESSOR_BYTES };
        self.store.charge(bytes);
        let charge = Charge { store: self.store.clone(), bytes };
        let level = Compression::new(6);
        let engine = match (self.format, self.decoder) {
            (Format::Gzip, false) => Engine::Deflate(Compress::new_gzip(level, 15)),
            (Format::Deflate, false) => Engine::Deflate(Compress::new(level, true)),
            (Format::DeflateRaw, false) => Engine::Deflate(Compress::new(level, false)),
            (Format::Gzip, true) => Engine::Inflate(Inflate { zlib: Decompress::new_gzip(15), ended: false }),
            (Format::Deflate, true) => Engine::Inflate(Inflate { zlib: Decompress::new(true), ended: false }),
            (Format::DeflateRaw, true) => Engine::Inflate(Inflate { zlib: Decompress::new(false), ended: false }),
        };
        *phase = Phase::Open { engine, cursor: 0, _charge: charge };
    }

    /// Reads on in `chunk` and writes into `out`: answers how many bytes it wrote, 0 once
    /// `chunk` has been read to its end and nothing more is pending (the next call then starts
    /// a new chunk), or [`STEP_AGAIN`] when it read its budget and wrote nothing. A step ends as
    /// soon as `out` is full or it has read [`STEP_INPUT`] bytes, so the caller gets at most
    /// `out.len()` bytes per call, however much `chunk` expands to, and control back soon.
    fn write(&self, chunk: &[u8], out: &mut [u8]) -> Result<i32, JsErrorBox> {
        let mut phase = self.phase.borrow_mut();
        self.started(&mut phase);
        let Phase::Open { engine, cursor, .. } = &mut *phase else {
            return Err(JsErrorBox::type_error("the compression stream is closed"));
        };
        let result = step(self.format, engine, cursor, chunk, out);
        match result {
            Ok(0) => *cursor = 0,
            Ok(_) => {}
            Err(_) => *phase = Phase::Done,
        }
        result
    }

    /// Ends the input: a compressor writes what it holds and its trailer into `out` (call
    /// again until it answers 0); a decompressor checks that its stream ended, failing with
    /// Node's `unexpected end of file` if not. Gives the codec's state back once done.
    fn finish(&self, out: &mut [u8]) -> Result<usize, JsErrorBox> {
        let mut phase = self.phase.borrow_mut();
        self.started(&mut phase);
        let outcome = match &mut *phase {
            Phase::Open { engine: Engine::Deflate(zlib), .. } => {
                let before = zlib.total_out();
                match zlib.compress(&[], out, FlushCompress::Finish) {
                    Ok(status) => Ok(((zlib.total_out() - before) as usize, status == Status::StreamEnd)),
                    Err(e) => Err(JsErrorBox::new(DATA_ERROR, e.message().unwrap_or("compression failed").to_owned())),
                }
            }
            Phase::Open { engine: Engine::Inflate(inflate), .. } if inflate.ended => Ok((0, true)),
            Phase::Open { engine: Engine::Inflate(_), .. } => Err(unexpected_end()),
            Phase::Drained => Ok((0, true)),
            Phase::Unstarted | Phase::Done => Err(JsErrorBox::type_error("the compression stream is closed")),
        };
        match outcome {
            Ok((0, true)) => {
                *phase = Phase::Done;
                Ok(0)
            }
            Ok((written, true)) => {
                *phase = Phase::Drained;
                Ok(written)
            }
            Ok((written, false)) => Ok(written),
            Err(e) => {
                *phase = Phase::Done;
                Err(e)
            }
        }
    }

    /// Drops the codec's state (the stream was cancelled or aborted).
    fn close(&self) {
        *self.phase.borrow_mut() = Phase::Done;
    }
}

/// Node's error for input that ended inside a stream (zlib's `Z_BUF_ERROR` at the end).
fn unexpected_end() -> JsErrorBox {
    JsErrorBox::new(BUF_ERROR, "unexpected end of file")
}

/// One bounded step of [`Codec::write`]: bytes written, 0 when the chunk is read and nothing is
/// pending, [`STEP_AGAIN`] when the input budget ran out first.
fn step(format: Format, engine: &mut Engine, cursor: &mut usize, chunk: &[u8], out: &mut [u8]) -> Result<i32, JsErrorBox> {
    let mut written = 0;
    let mut read = 0;
    let mut members = 0;
    while written < out.len() {
        if read >= STEP_INPUT || members >= STEP_MEMBERS {
            return Ok(if written > 0 { written as i32 } else { STEP_AGAIN });
        }
        let input = &chunk[(*cursor).min(chunk.len())..];
        let input = &input[..input.len().min(STEP_INPUT - read)];
        let mut restarted = false;
        let (consumed, produced) = match engine {
            Engine::Deflate(zlib) => {
                let (before_in, before_out) = (zlib.total_in(), zlib.total_out());
                zlib.compress(input, &mut out[written..], FlushCompress::None)
                    .map_err(|e| JsErrorBox::new(DATA_ERROR, e.message().unwrap_or("compression failed").to_owned()))?;
                ((zlib.total_in() - before_in) as usize, (zlib.total_out() - before_out) as usize)
            }
            Engine::Inflate(inflate) if inflate.ended => {
                // Node's gunzip reads a further member after one ends, but stops at a zero byte
                // (padding some writers add) and drops the rest of that chunk; the other formats
                // ignore what follows their stream.
                if format != Format::Gzip || input.first() == Some(&0) {
                    (chunk.len() - *cursor, 0)
                } else {
                    if !input.is_empty() {
                        *inflate = Inflate { zlib: Decompress::new_gzip(15), ended: false };
                        restarted = true;
                        members += 1;
                    }
                    (0, 0)
                }
            }
            Engine::Inflate(inflate) => {
                let (before_in, before_out) = (inflate.zlib.total_in(), inflate.zlib.total_out());
                let status = inflate.zlib.decompress(input, &mut out[written..], FlushDecompress::None).map_err(|e| {
                    if e.needs_dictionary().is_some() {
                        JsErrorBox::new(NEED_DICT, "Missing dictionary")
                    } else {
                        JsErrorBox::new(DATA_ERROR, e.message().unwrap_or("invalid data").to_owned())
                    }
                })?;
                inflate.ended = status == Status::StreamEnd;
                ((inflate.zlib.total_in() - before_in) as usize, (inflate.zlib.total_out() - before_out) as usize)
            }
        };
        *cursor += consumed;
        read += consumed;
        written += produced;
        // Without progress the chunk is read and nothing is pending (zlib takes input and gives
        // output while it has room for either).
        if consumed == 0 && produced == 0 && !restarted {
            break;
        }
    }
    Ok(written as i32)
}

/// A codec for `format` (`gzip`, `deflate` or `deflate-raw`), compressing or, if `decoder`,
/// decompressing; `null` for any other format (the script throws Node's `ERR_INVALID_ARG_VALUE`).
#[op2]
#[cppgc]
pub fn op_trove_compression_new(state: &mut OpState, #[string] format: &str, decoder: bool) -> Option<Codec> {
    let format = Format::parse(format)?;
    let store = state.borrow::<Arc<CountedBlobStore>>().clone();
    Some(Codec { format, decoder, store, phase: RefCell::new(Phase::Unstarted) })
}

/// Writes `chunk` through the codec into `out` ([`Codec::write`]): bytes written, 0 once the
/// chunk is read and nothing is pending, [`STEP_AGAIN`] to be called again.
///
/// # Errors
/// Node's zlib errors for corrupt input (see the module docs); a `TypeError` on a closed codec.
#[op2]
pub fn op_trove_compression_write(#[cppgc] codec: &Codec, #[anybuffer] chunk: &[u8], #[buffer] out: &mut [u8]) -> Result<i32, JsErrorBox> {
    codec.write(chunk, out)
}

/// Ends the codec's input ([`Codec::finish`]): bytes written into `out`, 0 once done.
///
/// # Errors
/// `unexpected end of file` for a decompressor whose stream did not end; as for a write.
#[op2(fast)]
pub fn op_trove_compression_finish(#[cppgc] codec: &Codec, #[buffer] out: &mut [u8]) -> Result<u32, JsErrorBox> {
    codec.finish(out).map(|n| n as u32)
}

/// Drops the codec's state (its stream was cancelled or aborted).
#[op2(fast)]
pub fn op_trove_compression_close(#[cppgc] codec: &Codec) {
    codec.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codec(format: &str, decoder: bool, store: &Arc<CountedBlobStore>) -> Codec {
        Codec { format: Format::parse(format).unwrap(), decoder, store: store.clone(), phase: RefCell::new(Phase::Unstarted) }
    }

    /// Everything `codec` gives for `chunks` then the end, in pieces of at most `piece` bytes,
    /// the largest piece, and how many steps answered [`STEP_AGAIN`].
    fn run(codec: &Codec, chunks: &[&[u8]], piece: usize) -> Result<(Vec<u8>, usize, usize), String> {
        let mut all = Vec::new();
        let (mut largest, mut again) = (0, 0);
        for chunk in chunks {
            loop {
                let mut out = vec![0; piece];
                let n = codec.write(chunk, &mut out).map_err(|e| e.to_string())?;
                if n == 0 {
                    break;
                }
                if n == STEP_AGAIN {
                    again += 1;
                    continue;
                }
                let n = n as usize;
                largest = largest.max(n);
                all.extend_from_slice(&out[..n]);
            }
        }
        loop {
            let mut out = vec![0; piece];
            let n = codec.finish(&mut out).map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            largest = largest.max(n);
            all.extend_from_slice(&out[..n]);
        }
        Ok((all, largest, again))
    }

    fn store() -> Arc<CountedBlobStore> {
        Arc::new(CountedBlobStore::default())
    }

    #[test]
    fn each_format_round_trips_in_bounded_pieces() {
        let store = store();
        let text: Vec<u8> = (0..200_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for format in ["gzip", "deflate", "deflate-raw"] {
            let (packed, _, _) = run(&codec(format, false, &store), &[&text[..70_000], &text[70_000..]], 16384).unwrap();
            assert!(packed.len() < text.len(), "{format}");
            let halves = packed.split_at(packed.len() / 3);
            let (unpacked, largest, _) = run(&codec(format, true, &store), &[halves.0, halves.1], 1000).unwrap();
            assert_eq!(unpacked, text, "{format}");
            assert_eq!(largest, 1000, "{format}: no step wrote more than its buffer");
        }
        assert_eq!(store.held(), 0, "every codec's state was taken off the count");
    }

    #[test]
    fn a_bomb_comes_out_one_buffer_at_a_time() {
        let store = store();
        let zeros = vec![0u8; 64 << 20];
        let (bomb, _, _) = run(&codec("gzip", false, &store), &[&zeros], 1 << 16).unwrap();
        assert!(bomb.len() < 100 << 10, "{}", bomb.len());
        let inflate = codec("gzip", true, &store);
        let mut out = vec![0; 16384];
        let mut total = 0;
        loop {
            let n = inflate.write(&bomb, &mut out).unwrap();
            if n == 0 {
                break;
            }
            assert!(n > 0 && out[..n as usize].iter().all(|&b| b == 0));
            total += n as usize;
        }
        assert_eq!(total, 64 << 20);
        assert_eq!(inflate.finish(&mut out).unwrap(), 0);
    }

    /// Input that writes nothing is read a budget at a time: ten thousand empty members, then a
    /// megabyte and a half of a gzip comment, each come back in several steps (review 49: one op
    /// read a chunk of ten million members for seconds).
    #[test]
    fn input_that_writes_nothing_is_read_a_budget_at_a_time() {
        let store = store();
        let (empty, _, _) = run(&codec("gzip", false, &store), &[b""], 64).unwrap();
        let members = empty.repeat(10_000);
        let (text, _, again) = run(&codec("gzip", true, &store), &[&members], 64).unwrap();
        assert_eq!((text.len(), again), (0, 9), "10,000 members, 1,024 a step");
        // A member whose header has a 1.5 MB comment (FCOMMENT), then "hi".
        let (hi, _, _) = run(&codec("deflate-raw", false, &store), &[b"hi"], 64).unwrap();
        let mut commented = vec![0x1f, 0x8b, 8, 0x10, 0, 0, 0, 0, 0, 3];
        commented.extend(std::iter::repeat_n(b'c', 1_500_000));
        commented.push(0);
        commented.extend_from_slice(&hi);
        let mut crc = flate2::Crc::new();
        crc.update(b"hi");
        commented.extend_from_slice(&crc.sum().to_le_bytes());
        commented.extend_from_slice(&2u32.to_le_bytes());
        let (text, _, again) = run(&codec("gzip", true, &store), &[&commented], 64).unwrap();
        assert_eq!((text.as_slice(), again), (&b"hi"[..], 1));
    }

    #[test]
    fn gzip_reads_every_member_and_stops_at_padding() {
        let store = store();
        let (one, _, _) = run(&codec("gzip", false, &store), &[b"hello "], 64).unwrap();
        let (two, _, _) = run(&codec("gzip", false, &store), &[b"world"], 64).unwrap();
        let both = [one.clone(), two.clone(), vec![0; 7]].concat();
        assert_eq!(run(&codec("gzip", true, &store), &[&both], 64).unwrap().0, b"hello world");
        // As Node's gunzip: what follows a zero byte after a member, in the same chunk, is dropped.
        let padded = [one.clone(), vec![0], b"xyz".to_vec(), two].concat();
        assert_eq!(run(&codec("gzip", true, &store), &[&padded], 64).unwrap().0, b"hello ");
        let junk = [one.clone(), b"xyz".to_vec()].concat();
        assert_eq!(run(&codec("gzip", true, &store), &[&junk], 64).unwrap_err(), "incorrect header check");
        assert_eq!(run(&codec("gzip", true, &store), &[&one[..one.len() - 3]], 64).unwrap_err(), "unexpected end of file");
        assert_eq!(run(&codec("gzip", true, &store), &[], 64).unwrap_err(), "unexpected end of file");
        assert_eq!(store.held(), 0, "a failed codec's state is taken off the count");
    }

    #[test]
    fn deflate_ignores_what_follows_its_stream() {
        let store = store();
        let (packed, _, _) = run(&codec("deflate", false, &store), &[b"abc"], 64).unwrap();
        let trailing = [packed, b"zz".to_vec()].concat();
        assert_eq!(run(&codec("deflate", true, &store), &[&trailing], 64).unwrap().0, b"abc");
    }

    /// A codec's state counts against the isolate's ceiling from its first write until it is
    /// done: the hook runs when the count passes the ceiling, and a closed codec makes room.
    #[test]
    fn codec_state_counts_against_the_ceiling() {
        let store = store();
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let seen = calls.clone();
        store.set_ceiling(2 * COMPRESSOR_BYTES, move || {
            seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
        let codecs: Vec<Codec> = (0..3).map(|_| codec("gzip", false, &store)).collect();
        assert_eq!(store.held(), 0, "nothing is counted before the first write");
        let mut out = vec![0; 64];
        codecs[0].write(b"x", &mut out).unwrap();
        codecs[1].write(b"x", &mut out).unwrap();
        assert_eq!((store.held(), calls.load(std::sync::atomic::Ordering::SeqCst)), (2 * COMPRESSOR_BYTES, 0));
        codecs[2].write(b"x", &mut out).unwrap();
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1, "the third passed the ceiling");
        codecs[0].close();
        assert_eq!(store.held(), 2 * COMPRESSOR_BYTES);
        drop(codecs);
        assert_eq!(store.held(), 0);
    }
}
