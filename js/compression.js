// trove-host: `CompressionStream` and `DecompressionStream` as Node 20 has them: the formats
// `gzip`, `deflate` and `deflate-raw`; chunks that are strings (UTF-8), typed arrays or
// DataViews; Node's errors. The codec is Rust's (runtime/src/compression.rs), which decides the
// formats and writes each step's output into a buffer allocated here, in the engine's heap, so
// the heap ceiling counts every decoded byte and no chunk, however far it expands, is inflated
// whole outside it. Loaded on first use of either global (js/bootstrap.js). Its comments are
// ASCII, as deno_core requires of a lazily loaded module.
import { core, primordials } from "ext:core/mod.js";
import {
  op_trove_compression_close,
  op_trove_compression_finish,
  op_trove_compression_new,
  op_trove_compression_write,
} from "ext:core/ops";
import { invalidArgType, invalidArgValue, nodeError } from "ext:trove/node_errors.js";

const {
  ArrayBufferIsView,
  DataViewPrototypeGetBuffer,
  DataViewPrototypeGetByteLength,
  DataViewPrototypeGetByteOffset,
  Error,
  ObjectDefineProperty,
  Promise,
  SymbolToStringTag,
  TypedArrayPrototypeGetBuffer,
  TypedArrayPrototypeGetByteLength,
  TypedArrayPrototypeGetByteOffset,
  TypedArrayPrototypeSet,
  TypedArrayPrototypeSlice,
  TypeError,
  Uint8Array,
} = primordials;

const { ReadableStream, WritableStream } = core.loadExtScript("ext:deno_web/06_streams.js");

/** Node's chunk size: each step's output is at most this many bytes. */
const PIECE = 16384;
/** What a step answers when it read its budget without writing anything (crate::compression). */
const STEP_AGAIN = -1;

// Node's zlib errors: a plain Error with zlib's message, then `errno` and `code` (in that order,
// as Node's keys are). Rust names the class; the message is zlib's. Loops here are indexed and
// nothing is destructured from an array: this module runs after toolkit code, which may have
// replaced the array iterator.
const ZLIB_ERRORS = [
  ["TroveZlibDataError", -3, "Z_DATA_ERROR"],
  ["TroveZlibBufError", -5, "Z_BUF_ERROR"],
  ["TroveZlibNeedDictError", 2, "Z_NEED_DICT"],
];
for (let i = 0; i < ZLIB_ERRORS.length; i++) {
  const name = ZLIB_ERRORS[i][0];
  const errno = ZLIB_ERRORS[i][1];
  const code = ZLIB_ERRORS[i][2];
  core.registerErrorBuilder(name, (message) => {
    const error = new Error(message);
    ObjectDefineProperty(error, "errno", { __proto__: null, value: errno, writable: true, enumerable: true, configurable: true });
    ObjectDefineProperty(error, "code", { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });
    return error;
  });
}

/** The bytes of a chunk as Node's zlib streams take them, or Node's TypeError. */
function bytesOf(chunk) {
  if (typeof chunk === "string") return core.encode(chunk);
  if (ArrayBufferIsView(chunk)) {
    // A copy of the view's bytes, taken now, as zlib takes its copy at `write()` in Node: a
    // toolkit may shrink, grow or detach the buffer before the chunk is compressed, and a view
    // over it then read nothing (the stream waited for bytes that never came; review 52).
    // A DataView has no typed array getters.
    let view;
    try {
      view = new Uint8Array(TypedArrayPrototypeGetBuffer(chunk), TypedArrayPrototypeGetByteOffset(chunk), TypedArrayPrototypeGetByteLength(chunk));
    } catch {
      view = new Uint8Array(DataViewPrototypeGetBuffer(chunk), DataViewPrototypeGetByteOffset(chunk), DataViewPrototypeGetByteLength(chunk));
    }
    return TypedArrayPrototypeSlice(view);
  }
  if (chunk === null) throw nodeError(TypeError, "May not write null values to stream", "ERR_STREAM_NULL_VALUES");
  throw invalidArgType("chunk", "string or an instance of Buffer, TypedArray, or DataView", chunk);
}

/**
 * The readable and writable sides of a stream of `format` (Rust decides which formats exist).
 *
 * Output is made as it is read: one step (at most 16 KiB out, 1 MiB in) per pull, until 16 KiB
 * wait unread, as Node's zlib streams pause inside a chunk while their reader is behind; so a
 * reader that counts a 200 MiB stream and drops each piece holds little more than a piece at a
 * time. Input is taken as Node takes it: a write settles at once while less than 16 KiB of
 * input waits to be read (so a small stream can be written and closed before anything reads it;
 * `desiredSize` starts at 16384), and `close` settles once everything has been read out. Every
 * 64 steps the work waits for the event loop (a zero-delay timer of the call's own), so the
 * call's timers, `AbortSignal.timeout` and `ctx.fetch` answers run during a long stream, as
 * they do beside Node's zlib (review 49).
 */
function pairFor(format, decoder, nextTurn) {
  const codec = typeof format === "string" ? op_trove_compression_new(format, decoder) : null;
  if (codec === null) throw invalidArgValue("format", format);
  // Chunks handed over and not yet read through, oldest first: { bytes, next }.
  let head = null;
  let tail = null;
  let queued = 0;
  // A write held while 16 KiB of input wait, and the close: each { settle, fail } or null.
  let heldWrite = null;
  let closing = null;
  // Resolves a pull that is waiting for input; the reason either side failed with.
  let arrived = null;
  let failure = null;
  let steps = 0;
  let readableController = null;
  let writableController = null;
  const wake = () => {
    if (arrived !== null) arrived();
  };
  const failBoth = (reason) => {
    if (failure !== null) return;
    failure = { reason };
    op_trove_compression_close(codec);
    readableController.error(reason);
    writableController.error(reason);
    if (heldWrite !== null) heldWrite.fail(reason);
    if (closing !== null) closing.fail(reason);
    heldWrite = closing = head = tail = null;
    wake();
  };
  const readable = new ReadableStream({
    __proto__: null,
    start(controller) {
      readableController = controller;
    },
    async pull(controller) {
      for (;;) {
        if (failure !== null) return;
        if (head === null && closing === null) {
          await new Promise((resolve) => {
            arrived = resolve;
          });
          arrived = null;
          continue;
        }
        if (++steps % 64 === 0) {
          await nextTurn();
          if (failure !== null) return;
        }
        const out = new Uint8Array(PIECE);
        let written;
        try {
          written = head !== null ? op_trove_compression_write(codec, head.bytes, out) : op_trove_compression_finish(codec, out);
        } catch (error) {
          failBoth(error);
          return;
        }
        if (written === STEP_AGAIN) continue;
        if (written > 0) {
          let piece = out;
          if (written < PIECE) {
            piece = new Uint8Array(written);
            TypedArrayPrototypeSet(piece, new Uint8Array(TypedArrayPrototypeGetBuffer(out), 0, written));
          }
          controller.enqueue(piece);
          return;
        }
        if (head === null) {
          controller.close();
          closing.settle();
          closing = null;
          return;
        }
        queued -= TypedArrayPrototypeGetByteLength(head.bytes);
        head = head.next;
        if (head === null) tail = null;
        if (heldWrite !== null && queued < PIECE) {
          heldWrite.settle();
          heldWrite = null;
        }
      }
    },
    cancel(reason) {
      failBoth(reason);
    },
  }, { __proto__: null, highWaterMark: PIECE, size: (piece) => TypedArrayPrototypeGetByteLength(piece) });
  const writable = new WritableStream({
    __proto__: null,
    start(controller) {
      writableController = controller;
    },
    write(chunk) {
      let bytes;
      try {
        bytes = bytesOf(chunk);
      } catch (error) {
        failBoth(error);
        throw error;
      }
      const node = { __proto__: null, bytes, next: null };
      if (tail === null) head = node;
      else tail.next = node;
      tail = node;
      queued += TypedArrayPrototypeGetByteLength(bytes);
      wake();
      if (queued < PIECE) return;
      return new Promise((settle, fail) => {
        heldWrite = { __proto__: null, settle, fail };
      });
    },
    close() {
      return new Promise((settle, fail) => {
        closing = { __proto__: null, settle, fail };
        wake();
      });
    },
    abort(reason) {
      // Node's readable side gets an AbortError when the writer aborts without a reason.
      failBoth(reason === undefined ? abortError() : reason);
    },
  }, { __proto__: null, highWaterMark: PIECE, size: (chunk) => chunkSize(chunk) });
  return { __proto__: null, readable, writable };
}

/** What a chunk weighs against the writable side's 16 KiB: its bytes (a string: its length). */
function chunkSize(chunk) {
  if (typeof chunk === "string") return chunk.length;
  if (!ArrayBufferIsView(chunk)) return 1;
  try {
    return TypedArrayPrototypeGetByteLength(chunk);
  } catch {
    return DataViewPrototypeGetByteLength(chunk);
  }
}

/** Node's AbortError (`The operation was aborted`, code `ABORT_ERR`). */
function abortError() {
  const error = nodeError(Error, "The operation was aborted", "ABORT_ERR");
  ObjectDefineProperty(error, "name", { __proto__: null, value: "AbortError", writable: true, enumerable: false, configurable: true });
  return error;
}

/** Node's TypeError for a getter called on something that is not a `name`. */
function invalidThis(name) {
  return nodeError(TypeError, `Value of "this" must be of type ${name}`, "ERR_INVALID_THIS");
}

// The event loop's next turn, as the bootstrap gives it (`classes` below).
let nextTurn = null;

class CompressionStream {
  #pair;
  constructor(format) {
    this.#pair = pairFor(format, false, nextTurn);
  }
  get readable() {
    if (typeof this !== "object" || this === null || !(#pair in this)) throw invalidThis("CompressionStream");
    return this.#pair.readable;
  }
  get writable() {
    if (typeof this !== "object" || this === null || !(#pair in this)) throw invalidThis("CompressionStream");
    return this.#pair.writable;
  }
}

class DecompressionStream {
  #pair;
  constructor(format) {
    this.#pair = pairFor(format, true, nextTurn);
  }
  get readable() {
    if (typeof this !== "object" || this === null || !(#pair in this)) throw invalidThis("DecompressionStream");
    return this.#pair.readable;
  }
  get writable() {
    if (typeof this !== "object" || this === null || !(#pair in this)) throw invalidThis("DecompressionStream");
    return this.#pair.writable;
  }
}

// As Node defines them: enumerable getters, and a tag for Object.prototype.toString.
const STREAMS = [CompressionStream, DecompressionStream];
for (let i = 0; i < STREAMS.length; i++) {
  const proto = STREAMS[i].prototype;
  ObjectDefineProperty(proto, "readable", { __proto__: null, enumerable: true });
  ObjectDefineProperty(proto, "writable", { __proto__: null, enumerable: true });
  ObjectDefineProperty(proto, SymbolToStringTag, { __proto__: null, value: STREAMS[i].name, configurable: true });
}

/**
 * The two classes, working with `turn`: a function answering a promise that settles on a later
 * turn of the event loop, on a timer the running call owns (js/bootstrap.js), so it ends with
 * the call.
 */
export function classes(turn) {
  nextTurn = turn;
  return { __proto__: null, CompressionStream, DecompressionStream };
}
