// The isolate's bootstrap: installs the web globals toolkits use (contract section 1) from
// deno_web, deno_crypto and deno_fetch, routes `console` to the host's log, and removes every
// host internal (`Deno`, `__bootstrap`) from toolkit reach. There is no global `fetch`:
// `ctx.fetch` is the only way out.
//
// Two steps. Evaluating this module builds everything (the startup snapshot keeps its result,
// runtime/src/snapshot.rs). `start`, which Rust calls once per isolate before any toolkit code
// runs, installs it: every global, every change to a built-in object (an isolate restored from
// the snapshot gets the engine's built-ins afresh), the removal of host internals, and the
// host's functions handed to Rust. Both ways to make an isolate run the same `start`.
import { core, primordials } from "ext:core/mod.js";
import {
  op_set_format_exception_callback,
  op_trove_console,
  op_trove_holds_secret,
  op_trove_register_host,
  op_trove_sdk_exports,
} from "ext:core/ops";
import * as sdk from "ext:trove/toolkit.js";
import { call, describe } from "ext:trove/host.js";
import { logOpen } from "ext:trove_ops/log.js";
import { removeNewerBuiltIns, useV8JsonParseMessages } from "ext:trove/node20.js";
import { installIntl } from "ext:trove_intl/intl.js";
import { invalidArgInstance, invalidArgType, NODE_INSPECT, nodeError } from "ext:trove/node_errors.js";

// The host's functions for loaded toolkits go to Rust directly, never through a global. Rust
// asks `describe` once the toolkit's modules have evaluated (see the rejection handler below).
let evaluated = false;
// Each call runs under its own async context (deno_core's continuation-preserved data: promise
// reactions keep the context they were registered in, and deno_web's timer callbacks restore the
// one they were started in), so code knows which call it belongs to even when it runs later.
// - Timers a call's code starts, however deep in its promise chains or timer callbacks, are
//   that call's: Rust calls `end` once the call's promise has settled and the microtasks queued
//   by then have run, and `end` clears them; one started after that (a chain still waiting on a
//   request) is cleared at once. So none runs (and throws, or logs) inside a later call, which
//   may be another user's on this instance. Timers started by module top-level code, and by
//   their callbacks, belong to no call and are not touched.
// - A console line from a call that has ended is attributed to no call (see hostConsole).
// Only what was captured before any toolkit code ran is used here (primordials, a null-prototype
// record), so a toolkit that replaces Set, iterators or Function.prototype.apply changes nothing.
const {
  ArrayBuffer,
  ArrayBufferPrototypeGetDetached,
  ArrayBufferPrototypeTransfer,
  ArrayFrom,
  ArrayIsArray,
  ArrayPrototypeIncludes,
  ErrorPrototype,
  JSONStringify,
  ObjectDefineProperty,
  ObjectKeys,
  ObjectPrototypeHasOwnProperty,
  ObjectPrototypeIsPrototypeOf,
  ReflectApply,
  SafeSet,
  SetPrototypeAdd,
  SetPrototypeHas,
  String,
  StringPrototypeSlice: SliceString,
  SymbolIterator,
} = primordials;
/**
 * The key that marks a call's context, `{ [CALL]: true, open, timers }` (`timers` null until the
 * call starts a timer, then a null-prototype record of timer ids). Only this module holds it,
 * and no toolkit code can reach a context object to read it from, so `callContext` tells ours
 * from any other async context value by it (a `WeakSet` of every call's context cost a weak
 * reference per call).
 */
const CALL = Symbol("trove call context");
let running = null;

/** The longest text [`thrownAtLoad`] shows of a thrown value (UTF-16 units). */
const MAX_THROWN_SHOWN = 2000;

/**
 * How a load error shows a value that is not an Error, thrown while the toolkit's modules
 * evaluate (deno_core's message for the exception; `null` leaves deno_core's own). deno_core
 * words it `String(value)`: `[object Object]` for an object, a string unquoted, which read as
 * prose (review 61, F2). Shown instead as JSON, as the host logs a value a handler throws, a
 * string quoted. Only until `describe` has run: after that a thrown value could hold a secret
 * a call resolved, and deno_core's message for it could reach the host's log unredacted.
 */
function thrownAtLoad(value) {
  if (evaluated) return null;
  try {
    let shown;
    if (typeof value === "string") {
      shown = JSONStringify(value);
    } else if (value !== null && typeof value === "object") {
      if (ObjectPrototypeIsPrototypeOf(ErrorPrototype, value)) return null;
      shown = JSONStringify(value);
      // An Error whose prototype was replaced keeps its message in a property JSON skips.
      const message = ObjectGetOwnPropertyDescriptor(value, "message")?.value;
      if (shown === "{}" && typeof message === "string") shown = JSONStringify({ __proto__: null, message });
    } else if (typeof value === "function") {
      return null;
    } else if (typeof value === "bigint") {
      shown = `${String(value)}n`;
    } else {
      shown = String(value);
    }
    if (typeof shown !== "string") return null;
    if (shown.length > MAX_THROWN_SHOWN) shown = `${SliceString(shown, 0, MAX_THROWN_SHOWN)}…`;
    return `Uncaught ${shown}`;
  } catch {
    // A revoked proxy, a cycle, a `toJSON` that throws: deno_core's own words.
    return null;
  }
}

const registerHost = () => op_trove_register_host((definition, entry) => {
  evaluated = true;
  return describe(definition, entry);
}, (definition, callJson) => {
  const context = { __proto__: null, [CALL]: true, open: true, timers: null };
  running = context;
  const previous = core.getAsyncContext();
  core.setAsyncContext(context);
  try {
    return call(definition, callJson);
  } finally {
    core.setAsyncContext(previous);
  }
}, () => {
  const context = running;
  running = null;
  if (context === null) return;
  context.open = false;
  // Most calls start no timer: nothing to list.
  if (context.timers === null) return;
  const ids = ObjectKeys(context.timers);
  // `+`, not the global Number a toolkit can replace.
  for (let i = 0; i < ids.length; i++) clearTimer(+ids[i]);
}, () => {
  // Warm: loads the scripts behind ctx.fetch's Response (the fetch classes, their bodies and
  // streams) ahead of the first call that needs them, touching no global. A pooled instance runs
  // it while idle (runtime/src/worker.rs), so its first `ctx.fetch` does not parse them.
  // Indexed, not `for…of`: a toolkit may have replaced the array iterator.
  abortScript();
  for (let i = 0; i < WARM_SCRIPTS.length; i++) load(WARM_SCRIPTS[i]);
});

/** What `ctx.fetch` loads on first use (ops/src/egress/fetch.js), in dependency order. */
const WARM_SCRIPTS = [
  "ext:deno_web/00_url.js",
  "ext:deno_web/08_text_encoding.js",
  "ext:deno_web/06_streams.js",
  "ext:deno_fetch/20_headers.js",
  "ext:deno_fetch/22_body.js",
  "ext:deno_fetch/23_request.js",
  "ext:deno_fetch/23_response.js",
];

/** The context of the call the running code belongs to, or null (module top level). */
function callContext() {
  const context = core.getAsyncContext();
  return typeof context === "object" && context !== null && context[CALL] === true ? context : null;
}

/**
 * Whose code is running, for a console line (ops/src/extension.rs `op_trove_console`): 0 the
 * running call's, 1 a call's that has ended (it ran on inside a later one), 2 no call's (module
 * code, such as a timer the toolkit's top level started).
 */
function lineOwner() {
  const context = callContext();
  if (context === null) return 2;
  return context.open ? 0 : 1;
}

// deno_core lets only extension code import `ext:` modules, so toolkit files reach
// `@ontrove/extend/toolkit` through a virtual module the loader serves, which reads this frozen,
// non-configurable object (the public exports, nothing else).
// The export list is Rust's (runtime/src/loader.rs SDK_EXPORTS), as is the virtual module's.
const publicApi = {};
for (const name of op_trove_sdk_exports()) publicApi[name] = sdk[name];
Object.freeze(publicApi);

const load = (specifier) => core.loadExtScript(specifier);

// Two of deno's scripts are loaded while the startup snapshot is made instead of on first use:
// `structuredClone` (`defineToolkit` copies every toolkit's manifest with it) and `URL`, which
// most toolkits use and whose script loads the console's inspect helpers, the message port's
// `markNotSerializable`, events, DOMException and WebIDL itself. Restored with the snapshot they
// cost a cold `call` of quakefeed 5.8% fewer instructions, and a warm instance of a toolkit that
// uses `URL` less memory (3.94 against 4.09 MiB). A pooled instance of a toolkit that declares
// egress loads `URL` anyway (`warm`, below); one that declares none and never uses `URL` carries
// 0.21 MiB more (docs/performance.md, "URL and structuredClone in the startup snapshot").
load("ext:deno_web/02_structured_clone.js");
load("ext:deno_web/00_url.js");

// `URL.createObjectURL` and `URL.revokeObjectURL` are deno's Blob script's (09_file.js), which
// assigns them to `URL` when it first runs; under Node they are there from the start. Until the
// script runs each is an accessor, as a lazy global is (below): reading it loads the script,
// whose assignment, like a toolkit's, makes it the data property Node has. Node's keys and
// attributes (`Object.keys(URL)`: parse, canParse, createObjectURL, revokeObjectURL). And a
// toolkit that froze `URL` before any Blob was made no longer breaks that script: deno's
// assignment to a frozen data property threw while the script ran, and every later `Blob`,
// `Response` and `ctx.fetch` of the instance failed with it. A frozen accessor still takes
// deno's functions (the first assignment it is given; a later one is ignored, not thrown).
{
  const UrlClass = load("ext:deno_web/00_url.js").URL;
  for (const name of ["createObjectURL", "revokeObjectURL"]) {
    const held = { __proto__: null, set: false, value: undefined };
    ObjectDefineProperty(UrlClass, name, {
      __proto__: null,
      get() {
        abortScript();
        load("ext:deno_web/09_file.js");
        const own = ObjectGetOwnPropertyDescriptor(UrlClass, name);
        return own !== undefined && ObjectPrototypeHasOwnProperty(own, "value") ? own.value : held.value;
      },
      set(value) {
        try {
          ObjectDefineProperty(UrlClass, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
        } catch {
          if (!held.set) {
            held.set = true;
            held.value = value;
          }
        }
      },
      enumerable: true,
      configurable: true,
    });
  }
}

function define(name, value) {
  ObjectDefineProperty(globalThis, name, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
}

// The web globals are loaded on first use (issue #11): most toolkits touch a few of them, and
// parsing every script at start-up (streams, crypto, the console, the fetch classes) was most
// of a cold start. Until first read a global is an accessor; reading it loads its script
// (`core.loadExtScript` runs each script once and keeps its exports) and replaces the accessor
// with the same data property an eager definition makes. Assigning replaces it unloaded. The
// scripts run on the primordials captured before any toolkit code, as they would at start-up.
// Made with the primordial `ObjectDefineProperty`, so a toolkit that replaced
// `Object.defineProperty` still reads them; on a frozen global object the first read answers
// the value all the same (review 49; Node throws once, then answers).
function defineLazy(name, get) {
  ObjectDefineProperty(globalThis, name, {
    __proto__: null,
    get() {
      const value = get();
      try {
        define(name, value);
      } catch {
        // A frozen (or sealed) global object keeps the accessor: every read answers the value.
      }
      return value;
    },
    set(value) {
      define(name, value);
    },
    enumerable: false,
    configurable: true,
  });
}

const timers = () => load("ext:deno_web/02_timers.js");

// setTimeout/setInterval give the timer to the call the code belongs to (see `end` above).
function owned(start) {
  return function (...args) {
    const id = start(...args);
    const context = callContext();
    if (context !== null) {
      if (context.open) {
        if (context.timers === null) context.timers = { __proto__: null };
        context.timers[id] = true;
      } else {
        clearTimer(id);
      }
    }
    return id;
  };
}
// Called bare: deno's timers refuse any `this` but the global. Clearing is idempotent.
function clearTimer(id) {
  const { clearInterval } = timers();
  clearInterval(id);
}

// Node's setTimeout and setInterval return a `Timeout`, and toolkits written for Node call
// `.unref()` on it (retry and back-off helpers); under deno they return a number. This one
// converts to its timer's id, so `clearTimeout`, `clearInterval` and arithmetic take either.
// `unref` only sets the flag `hasRef` reads: a call's timers end with the call, and while it
// runs the call keeps its event loop turning, as a Node server's does.
class Timeout {
  #id;
  #start;
  #args;
  #ref = true;
  #cleared = false;
  /** Marks `value` cleared when it is a Timeout (`clearTimeout(t)`): Node's refresh() of a
   * cleared timer does nothing. */
  static cleared(value) {
    if (typeof value === "object" && value !== null && #cleared in value) value.#cleared = true;
  }
  constructor(start, args) {
    this.#start = start;
    this.#args = args;
    this.#id = start(...args);
  }
  ref() {
    this.#ref = true;
    return this;
  }
  unref() {
    this.#ref = false;
    return this;
  }
  hasRef() {
    return this.#ref;
  }
  /** Starts the timer again with its callback and delay (Node: also after it has fired). */
  refresh() {
    if (this.#cleared) return this;
    clearTimer(this.#id);
    this.#id = this.#start(...this.#args);
    return this;
  }
  close() {
    this.#cleared = true;
    clearTimer(this.#id);
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.#id;
  }
}

/**
 * A global `setTimeout`/`setInterval` named `name`, returning a [`Timeout`] of `start`. The
 * callback must be a function, as in Node 20: deno's timers, as browsers do, run a string as
 * code (review 32).
 */
function nodeTimer(name, start) {
  const timer = {
    [name]: (...args) => {
      if (typeof args[0] !== "function") throw invalidArgType("callback", "function", args[0]);
      return new Timeout(start, args);
    },
  }[name];
  // Node's (callback, after, arg1, arg2, arg3).
  ObjectDefineProperty(timer, "length", { __proto__: null, value: 5, configurable: true });
  return timer;
}

/** A global `clearTimeout`/`clearInterval` named `name` that takes a Timeout or an id, and,
 * as Node's, ignores what names no timer (a Symbol, which deno's refused). */
function nodeClear(name, clear) {
  return {
    [name](id) {
      if (typeof id === "symbol") return;
      Timeout.cleared(id);
      clear(id);
    },
  }[name];
}

// AbortSignal.timeout starts a timer of deno's own that restores no async context: its abort
// listeners would run as no call's code, and a timer they start would outlive every call. Here
// it runs on a timer the running call owns (deno's argument checks), so it ends with the call;
// unlike deno's, the timer keeps a call's event loop alive, so a handler awaiting only the
// signal is answered when it aborts, not as never settled. A signal kept past its call never
// aborts. Every script that brings in deno's AbortSignal class (streams, blobs, bodies,
// Request) is loaded through a global only after the patch (see `withAbortPatch`), so no path
// reaches the original.
let abortSignals = null;
function abortScript() {
  if (abortSignals !== null) return abortSignals;
  const script = load("ext:deno_web/03_abort_signal.js");
  const { AbortController, AbortSignal } = script;
  const webidl = load("ext:deno_webidl/00_webidl.js");
  const { DOMException } = load("ext:deno_web/01_dom_exception.js");
  const setOwnedTimeout = owned(timers().setTimeout);
  // Primordial and prototype-free: this may run outside any call (the pool's warm).
  ObjectDefineProperty(AbortSignal, "timeout", {
    __proto__: null,
    value: {
      timeout(millis) {
        const prefix = "Failed to execute 'AbortSignal.timeout'";
        webidl.requiredArguments(arguments.length, 1, prefix);
        millis = webidl.converters["unsigned long long"](millis, prefix, "Argument 1", { enforceRange: true });
        const controller = new AbortController();
        // deno's timers take a 32-bit delay; a longer one (as "never") must not wrap round.
        if (millis <= 0x7fffffff) {
          setOwnedTimeout(() => {
            controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
          }, millis);
        }
        return controller.signal;
      },
    }.timeout,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  abortSignals = script;
  return script;
}

/** A lazy global whose script loads deno's AbortSignal class: patched first (see above). */
const withAbortPatch = ([script, name]) => () => {
  abortScript();
  return load(script)[name];
};

// name -> [script, export] (the global has the export's value), or a function making the value.
const lazyGlobals = {
  URL: ["ext:deno_web/00_url.js", "URL"],
  URLSearchParams: ["ext:deno_web/00_url.js", "URLSearchParams"],
  TextEncoder: ["ext:deno_web/08_text_encoding.js", "TextEncoder"],
  TextDecoder: ["ext:deno_web/08_text_encoding.js", "TextDecoder"],
  TextEncoderStream: ["ext:deno_web/08_text_encoding.js", "TextEncoderStream"],
  TextDecoderStream: ["ext:deno_web/08_text_encoding.js", "TextDecoderStream"],
  setTimeout: () => nodeTimer("setTimeout", owned(timers().setTimeout)),
  clearTimeout: () => nodeClear("clearTimeout", timers().clearTimeout),
  setInterval: () => nodeTimer("setInterval", owned(timers().setInterval)),
  clearInterval: () => nodeClear("clearInterval", timers().clearInterval),
  AbortController: () => abortScript().AbortController,
  AbortSignal: () => abortScript().AbortSignal,
  atob: ["ext:deno_web/05_base64.js", "atob"],
  btoa: ["ext:deno_web/05_base64.js", "btoa"],
  // Without an argument, Node 20 throws; deno's cloned `undefined` (review 32).
  // deno_web's `structuredClone` takes no options. The `transfer` list is read and checked first,
  // in Node 20's words; the value is then copied, and only once the copy has succeeded is each
  // listed buffer detached, so the toolkit sees Node's result (the source unusable, the copy
  // whole; a failed clone detaches nothing). The buffers are copied, not moved: moving them
  // through deno_core's serializer let a getter that resizes a listed buffer mid-clone free memory
  // the clone still used (review 56), which a copy cannot.
  structuredClone: () => {
    const clone = load("ext:deno_web/02_structured_clone.js").structuredClone;
    const transferList = (options) => {
      if (options === undefined || options === null) return [];
      if (typeof options !== "object" && typeof options !== "function") {
        throw nodeError(TypeError, "The options argument must be either an object or undefined", "ERR_INVALID_ARG_TYPE");
      }
      const list = options.transfer;
      if (list === undefined || list === null) return [];
      if (typeof list !== "object" && typeof list !== "function") {
        throw nodeError(TypeError, "Optional transferList argument must be an iterable", "ERR_INVALID_ARG_TYPE");
      }
      // An object that is not iterable is an empty list, as Node 20 reads it (review 59).
      if (typeof list[SymbolIterator] !== "function") return [];
      const buffers = ArrayFrom(list);
      const seen = new SafeSet();
      for (let i = 0; i < buffers.length; i++) {
        const buffer = buffers[i];
        if (!core.isArrayBuffer(buffer)) {
          throw nodeError(TypeError, "Found invalid object in transferList", "ERR_INVALID_TRANSFER_OBJECT");
        }
        if (SetPrototypeHas(seen, buffer)) {
          const { DOMException } = load("ext:deno_web/01_dom_exception.js");
          throw new DOMException("Transfer list contains duplicate ArrayBuffer", "DataCloneError");
        }
        SetPrototypeAdd(seen, buffer);
      }
      return buffers;
    };
    return {
      structuredClone(...args) {
        if (args.length === 0) throw nodeError(TypeError, "The value argument must be specified", "ERR_MISSING_ARGS");
        const buffers = transferList(args[1]);
        const value = args[0];
        let copy;
        if (core.isArrayBuffer(value) && ArrayBufferPrototypeGetDetached(value)) {
          // V8's words; a detached buffer in the list is cloned empty (Node 20).
          if (!ArrayPrototypeIncludes(buffers, value)) {
            const { DOMException } = load("ext:deno_web/01_dom_exception.js");
            throw new DOMException("An ArrayBuffer is detached and could not be cloned.", "DataCloneError");
          }
          copy = new ArrayBuffer(0);
        } else {
          copy = clone(value);
        }
        for (let i = 0; i < buffers.length; i++) {
          if (ArrayBufferPrototypeGetDetached(buffers[i])) continue;
          // A WebAssembly memory's buffer cannot be detached (v8x patch 64): it stays, copied,
          // as under Node.
          try {
            ArrayBufferPrototypeTransfer(buffers[i], 0);
          } catch {}
        }
        return copy;
      },
    }.structuredClone;
  },
  Event: ["ext:deno_web/02_event.js", "Event"],
  EventTarget: ["ext:deno_web/02_event.js", "EventTarget"],
  CustomEvent: ["ext:deno_web/02_event.js", "CustomEvent"],
  ErrorEvent: ["ext:deno_web/02_event.js", "ErrorEvent"],
  MessageEvent: ["ext:deno_web/02_event.js", "MessageEvent"],
  DOMException: ["ext:deno_web/01_dom_exception.js", "DOMException"],
  ReadableStream: withAbortPatch(["ext:deno_web/06_streams.js", "ReadableStream"]),
  WritableStream: withAbortPatch(["ext:deno_web/06_streams.js", "WritableStream"]),
  TransformStream: withAbortPatch(["ext:deno_web/06_streams.js", "TransformStream"]),
  // The readers, writers, controllers and queuing strategies Node 20 has as globals too (a
  // toolkit's `new CountQueuingStrategy(…)` or `instanceof WritableStreamDefaultWriter`; review 47).
  ...Object.fromEntries([
    "ReadableStreamDefaultReader", "ReadableStreamBYOBReader", "ReadableStreamBYOBRequest",
    "ReadableByteStreamController", "ReadableStreamDefaultController", "TransformStreamDefaultController",
    "WritableStreamDefaultWriter", "WritableStreamDefaultController", "ByteLengthQueuingStrategy",
    "CountQueuingStrategy",
  ].map((name) => [name, withAbortPatch(["ext:deno_web/06_streams.js", name])])),
  Blob: withAbortPatch(["ext:deno_web/09_file.js", "Blob"]),
  File: withAbortPatch(["ext:deno_web/09_file.js", "File"]),
  Headers: ["ext:deno_fetch/20_headers.js", "Headers"],
  FormData: withAbortPatch(["ext:deno_fetch/21_formdata.js", "FormData"]),
  Request: withAbortPatch(["ext:deno_fetch/23_request.js", "Request"]),
  Response: withAbortPatch(["ext:deno_fetch/23_response.js", "Response"]),
  // Node's formats and errors, on codecs in Rust whose output the heap ceiling counts (js/compression.js).
  CompressionStream: () => compressionClasses().CompressionStream,
  DecompressionStream: () => compressionClasses().DecompressionStream,
  Crypto: () => cryptoScript().Crypto,
  CryptoKey: () => cryptoScript().CryptoKey,
  SubtleCrypto: () => cryptoScript().SubtleCrypto,
  // deno's runtime sets the time origin at start-up; without it `timeOrigin` was undefined.
  performance: () => {
    const script = load("ext:deno_web/15_performance.js");
    script.setTimeOrigin();
    return script.performance;
  },
  console: () => hostConsole(),
};
const lazyGlobalEntries = Object.entries(lazyGlobals);
// deno's ops fail with DOMException classes ("DOMExceptionDataError", …) whose builders deno's
// own runtime registers, not its extensions. Without one the engine threw `undefined`: an `atob`
// of bad base64, a `crypto.subtle` import of bad key data, `getRandomValues` over 65,536 bytes.
// (Every `DOMException…` class deno_web, deno_crypto and deno_fetch's ops name, and deno's two more.)
for (const name of ["AbortError", "DataError", "IndexSizeError", "InvalidAccessError", "InvalidCharacterError",
  "InvalidStateError", "NetworkError", "NotSupportedError", "OperationError", "QuotaExceededError", "SyntaxError",
  "TypeMismatchError"]) {
  core.registerErrorBuilder(`DOMException${name}`, (message) => {
    const { DOMException } = load("ext:deno_web/01_dom_exception.js");
    return new DOMException(message, name);
  });
}


// console.* -> the host's log (tracing), redacted with the call's secrets by the op. Log lines
// are plain text: no ANSI colour escapes, whatever the host's terminal. Made on first use.
const LEVELS = ["debug", "info", "warn", "error"];
// The console methods whose line is formatted here, with their level: `{ name: 'x' }`, as Node
// prints it, where deno's console prints `{ name: "x" }` (review 24).
const NODE_FORMATTED = { __proto__: null, log: 1, info: 1, debug: 0, warn: 2, error: 3 };
// Node's `%d`, `%i`, `%f`, `%s` and `%o` where deno's differ: js/console_format.js, loaded with
// the console on its first line.
const consoleFormat = core.createLazyLoader("ext:trove/console_format.js");
const compression = core.createLazyLoader("ext:trove/compression.js");
let madeCompressionClasses = null;
/** CompressionStream and DecompressionStream, made once, given the next turn of the event loop
 * on a timer the running call owns (so a long stream lets the call's timers run, and the timer
 * ends with the call). */
function compressionClasses() {
  if (madeCompressionClasses !== null) return madeCompressionClasses;
  abortScript();
  const setOwnedTimeout = owned(timers().setTimeout);
  madeCompressionClasses = compression().classes(() => new primordials.Promise((resolve) => setOwnedTimeout(resolve, 0)));
  return madeCompressionClasses;
}
const {
  ObjectIs,
  SafeArrayIterator: SafeArgsIterator,
  StringPrototypeIncludes,
  StringPrototypeRepeat,
  StringPrototypeReplaceAll,
  StringPrototypeSlice,
} = primordials;
// A format that holds a secret the call resolved is printed as it stands, not as a format:
// substitution would turn the value into text redaction cannot find (`%%` → `%`, `%s` → the
// next argument; review 35). Rust decides what holds a secret; only then are its `%` doubled.
function literalIfSecret(args) {
  const format = args[0];
  if (typeof format !== "string" || args.length < 2 || !StringPrototypeIncludes(format, "%") || !op_trove_holds_secret(format)) return args;
  const out = [...new SafeArgsIterator(args)];
  out[0] = StringPrototypeReplaceAll(format, "%", "%%");
  return out;
}
let theConsole = null;
function hostConsole() {
  if (theConsole !== null) return theConsole;
  const { Console, setNoColorFns, inspect, inspectArgs } = load("ext:deno_web/01_console.js");
  const { nodeSpecifiers: specifiers } = consoleFormat();
  const nodeSpecifiers = (args) => specifiers(args, (value, options) => inspect(value, { __proto__: null, ...NODE_INSPECT, ...options }));
  setNoColorFns(() => true, () => true);
  // A line from code of a call that has ended (a promise chain it left waiting, which ran on
  // inside a later call) is attributed to no call: Rust keeps it out of the running call's log.
  const made = new Console((message, level) => {
    const text = message.endsWith("\n") ? message.slice(0, -1) : message;
    op_trove_console(LEVELS[level] ?? "info", text, lineOwner());
  });
  // Past the call's log budget (decided in Rust), a console line is dropped before it is formatted.
  // By index: a toolkit may have replaced the array iterator before its first console line.
  const printing = ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table"];
  for (let i = 0; i < printing.length; i++) {
    const method = printing[i];
    const print = made[method];
    if (typeof print !== "function") continue;
    const level = NODE_FORMATTED[method];
    made[method] = level === undefined
      ? function (...args) {
        if (!logOpen(args)) return;
        return ReflectApply(print, this, literalIfSecret(args));
      }
      : function (...args) {
        if (!logOpen(args)) return;
        // Values shown as Node's util.inspect shows them (NODE_INSPECT), at the group's
        // indentation.
        const text = inspectArgs(nodeSpecifiers(literalIfSecret(args)), { __proto__: null, ...NODE_INSPECT, indentLevel: groupLevel });
        op_trove_console(LEVELS[level], text, lineOwner());
      };
  }
  // `console.dir(value, options)` is Node's: `util.inspect(value, { customInspect: false,
  // ...options })` with Node's quotes (deno's quoted with `"` and printed a string bare).
  made.dir = function (value, options) {
    if (!logOpen([value])) return;
    const shown = literalIfSecret([value])[0];
    const text = inspect(shown, { __proto__: null, ...NODE_INSPECT, customInspect: false, ...options });
    const indent = StringPrototypeRepeat("  ", groupLevel);
    op_trove_console("info", indent + StringPrototypeReplaceAll(text, "\n", "\n" + indent), lineOwner());
  };
  // The group level the lines above are indented by, counted here: deno's console keeps it in
  // its native object, whose `indentLevel` reads 0 from script after `group()` (review 54; its
  // own `table` reads it natively, and is indented).
  let groupLevel = 0;
  const group = made.group;
  const groupEnd = made.groupEnd;
  made.group = function (...label) {
    ReflectApply(group, this, label);
    groupLevel++;
  };
  made.groupCollapsed = made.group;
  made.groupEnd = function () {
    ReflectApply(groupEnd, this, []);
    if (groupLevel > 0) groupLevel--;
  };
  // Node's check of `console.table`'s `properties` (deno threw a plain `Error`).
  const table = made.table;
  made.table = function (data, properties) {
    if (properties !== undefined && !ArrayIsArray(properties)) throw invalidArgInstance("properties", "Array", properties);
    return ReflectApply(table, this, arguments);
  };
  // `assert` and `timeLog` format in deno's own code, not through the methods above: the same
  // rule for a format that holds the call's secret (review 36). A label is also a timer's key,
  // so a label that holds one is printed alone and the rest on a line of its own.
  const assert = made.assert;
  made.assert = function (condition = false, ...args) {
    if (condition) return;
    if (!logOpen(args)) return;
    return ReflectApply(assert, this, [condition, ...new SafeArgsIterator(literalIfSecret(args))]);
  };
  const timeLog = made.timeLog;
  made.timeLog = function (label = "default", ...args) {
    if (args.length > 0 && literalIfSecret([label, ...new SafeArgsIterator(args)])[0] !== label) {
      ReflectApply(timeLog, this, [label]);
      return ReflectApply(made.log, this, args);
    }
    return ReflectApply(timeLog, this, [label, ...new SafeArgsIterator(args)]);
  };
  // Named as Node names them (`console.log.name` is "log"), as deno's own methods were.
  const named = (method) => {
    if (typeof made[method] === "function") ObjectDefineProperty(made[method], "name", { __proto__: null, value: method, configurable: true });
  };
  for (let i = 0; i < printing.length; i++) named(printing[i]);
  named("assert");
  named("timeLog");
  theConsole = made;
  return made;
}

// A promise rejected with nobody handling it (a floating `Promise.reject()`, an un-awaited
// refused `ctx.fetch`) is logged, redacted, through the console path (the host's own copy, not
// the global a toolkit may replace) instead of failing the call that returned normally.
// While the toolkit's modules evaluate, a rejection stays an error: the load fails with the
// thrown message, as before.
core.setUnhandledPromiseRejectionHandler((_promise, reason) => {
  if (!evaluated) return false;
  try {
    hostConsole().error("Uncaught (in promise)", reason);
  } catch {
    op_trove_console("error", "Uncaught (in promise) (unprintable reason)", lineOwner());
  }
  return true;
});

// A FinalizationRegistry's cleanup runs when the engine frees a target, inside whichever call
// is running then: it runs in the context of the call (or the top level) that made the registry
// instead, so a registry a call made logs and starts timers as that call. A Proxy keeps the
// constructor's name, length, prototype and `instanceof` as they are.
const { ReflectConstruct, SymbolFor } = primordials;
const finalizationRegistry = (FinalizationRegistry) => new Proxy(FinalizationRegistry, {
  construct(target, args, newTarget) {
    const cleanup = args[0];
    if (typeof cleanup !== "function") return ReflectConstruct(target, args, newTarget);
    const context = core.getAsyncContext();
    const inContext = function (held) {
      const previous = core.getAsyncContext();
      core.setAsyncContext(context);
      try {
        return ReflectApply(cleanup, undefined, [held]);
      } finally {
        core.setAsyncContext(previous);
      }
    };
    return ReflectConstruct(target, [inContext], newTarget);
  },
});

// Restoring the startup snapshot, the engine (v8x) finds each built-in function the snapshot
// refers to by its native implementation, and a few built-ins share one with another: a restored
// isolate can hold a function that behaves as `String.prototype.toString` does under the name
// `valueOf` (also `toUpperCase`/`toLocaleUpperCase`, `toLowerCase`, `Date.prototype.valueOf`,
// `Object.defineProperty`), and `TypeError` can lose `Error` as its prototype. Put right here,
// so a toolkit sees what an isolate bootstrapped from source shows: a test compares the two,
// property by property, and names what to add here if the engine mixes up more. Only the objects
// whose methods share native code are looked at: a walk of every built-in cost 3 ms an isolate.
const {
  ObjectGetOwnPropertyDescriptor,
  ObjectGetOwnPropertyNames,
  ObjectGetPrototypeOf: getPrototypeOf,
  ObjectSetPrototypeOf,
  SymbolToStringTag,
} = primordials;
// Read from the global when `start` runs (before any toolkit code), not kept from when this
// module was evaluated: a reference the snapshot holds is what the engine may resolve wrongly.
const SHARED_NATIVES = [
  ["Object"], ["Reflect"], ["Math"], ["String", "prototype"], ["Date", "prototype"], ["Number", "prototype"],
  ["Boolean", "prototype"], ["Symbol", "prototype"], ["BigInt", "prototype"], ["Array", "prototype"],
  ["Map", "prototype"], ["Set", "prototype"], ["WeakMap", "prototype"], ["WeakSet", "prototype"],
];
const NATIVE_ERRORS = ["EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError", "AggregateError"];
function repairBuiltIns() {
  for (let i = 0; i < SHARED_NATIVES.length; i++) {
    const [name, prototype] = SHARED_NATIVES[i];
    const object = globalThis[name];
    repairNames(prototype === undefined ? object : object[prototype]);
  }
  const error = globalThis.Error;
  for (let i = 0; i < NATIVE_ERRORS.length; i++) {
    const constructor = globalThis[NATIVE_ERRORS[i]];
    if (getPrototypeOf(constructor) !== error) ObjectSetPrototypeOf(constructor, error);
  }
}
// deno_core's op classes (deno_crypto's `Crypto`, `CryptoKey`, `SubtleCrypto`) are made from
// native templates whose class name the engine does not restore: in an isolate restored from the
// snapshot the classes, their methods and their `Symbol.toStringTag` come back without names.
// The crypto globals are the only way a toolkit reaches them; they are named when first read.
let restoredIsolate = false;
let cryptoNamed = false;
let cryptoCapped = false;
// The host's caps on crypto.subtle's work outside the isolate (js/crypto_limits.js), loaded with
// deno_crypto's script.
let cryptoLimitsLoader = null;
const cryptoLimits = () => (cryptoLimitsLoader ??= core.createLazyLoader("ext:trove/crypto_limits.js"))();
function cryptoScript() {
  const script = load("ext:deno_crypto/00_crypto.js");
  if (restoredIsolate && !cryptoNamed) {
    cryptoNamed = true;
    for (const name of ["Crypto", "CryptoKey", "SubtleCrypto"]) nameClass(script[name], name);
  }
  if (!cryptoCapped) {
    cryptoCapped = true;
    cryptoLimits().capCryptoWork(script.SubtleCrypto.prototype, callContext);
  }
  return script;
}

/** Names `cls` (when it has no name), its static and prototype methods, and its string tag. */
function nameClass(cls, name) {
  if (typeof cls !== "function") return;
  if (unnamed(cls)) ObjectDefineProperty(cls, "name", { __proto__: null, value: name, configurable: true });
  nameMethods(cls);
  const proto = ObjectGetOwnPropertyDescriptor(cls, "prototype")?.value;
  if (typeof proto !== "object" || proto === null) return;
  nameMethods(proto);
  if (proto[SymbolToStringTag] === "") {
    ObjectDefineProperty(proto, SymbolToStringTag, { __proto__: null, value: name, configurable: true });
  }
}
/** Whether `fn` has no name of its own, or an empty one. */
const unnamed = (fn) => {
  const name = ObjectGetOwnPropertyDescriptor(fn, "name");
  return name === undefined || name.value === "";
};
/** The methods of `target` without a name, named after their keys (accessors have none either way). */
function nameMethods(target) {
  const keys = ObjectGetOwnPropertyNames(target);
  for (let i = 0; i < keys.length; i++) {
    const fn = ObjectGetOwnPropertyDescriptor(target, keys[i]).value;
    if (typeof fn === "function" && unnamed(fn)) {
      ObjectDefineProperty(fn, "name", { __proto__: null, value: keys[i], configurable: true });
    }
  }
}

/** A method whose name is another key of `target`, holding another function: renamed. */
function repairNames(target) {
  const keys = ObjectGetOwnPropertyNames(target);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const fn = ObjectGetOwnPropertyDescriptor(target, key).value;
    if (typeof fn !== "function") continue;
    const name = ObjectGetOwnPropertyDescriptor(fn, "name")?.value;
    if (typeof name !== "string" || name === key || name === "") continue;
    const named = ObjectGetOwnPropertyDescriptor(target, name);
    if (named !== undefined && named.value === fn) continue; // an alias (trimLeft is trimStart)
    if (named === undefined && !name.endsWith(`.${key}`)) continue;
    ObjectDefineProperty(fn, "name", { __proto__: null, value: key, configurable: true });
  }
}

/**
 * Installs what this module built into the isolate (see the top of this file). Once, by Rust;
 * `restored` when the isolate was restored from the startup snapshot.
 */
function start(restored) {
  delete globalThis.__troveStart;
  if (restored) {
    restoredIsolate = true;
    repairBuiltIns();
  }
  installIntl();
  Object.defineProperty(globalThis, SymbolFor("@ontrove/extend/toolkit"), {
    value: publicApi,
    writable: false,
    enumerable: false,
    configurable: false,
  });
  for (const [name, from] of lazyGlobalEntries) {
    defineLazy(name, typeof from === "function" ? from : () => load(from[0])[from[1]]);
  }
  // `crypto` stays a getter, as deno_crypto defines it.
  Object.defineProperty(globalThis, "crypto", {
    get: () => cryptoScript().crypto,
    enumerable: false,
    configurable: true,
  });
  define("FinalizationRegistry", finalizationRegistry(globalThis.FinalizationRegistry));

  // No host internals reachable from toolkit code.
  delete globalThis.Deno;
  delete globalThis.__bootstrap;
  delete globalThis.fetch;
  // Two engine globals a toolkit must neither read nor set: the registry of built-ins the engine
  // keeps for writing snapshots (it holds the functions that read and replace the running
  // call's async context, so a toolkit could move its timers into another call), and the
  // exports a restored snapshot's modules are rebuilt from (the engine moves a restored one out
  // of the global before any script runs, v8x patch 67, and would take one a script put there
  // for the exports of our modules not used yet). Both are fixed as `undefined`.
  for (const name of ["__v8x_snapshot_intrinsics", "__v8x_snapshot_module_exports"]) {
    delete globalThis[name];
    ObjectDefineProperty(globalThis, name, { __proto__: null, value: undefined, writable: false, enumerable: false, configurable: false });
  }

  // Globals the engine (v8x) adds that Node 20, where the SDK runs, does not have: `gc`, and a
  // `ShadowRealm` whose constructor always throws (the engine has no realm callback). A toolkit
  // that feature-tests for them must take the same branch here as under the SDK (parity), and
  // `gc` is not the toolkit's to call. (Its Temporal polyfill is never made: the engine runs
  // with `--no-harmony-temporal`, `ENGINE_FLAGS` in runtime/src/isolate.rs.)
  delete globalThis.ShadowRealm;
  delete globalThis.gc;

  // The same for what ECMAScript 2024 to 2026 added; and V8's JSON.parse messages (js/node20.js).
  removeNewerBuiltIns();
  useV8JsonParseMessages();

  registerHost();
  op_set_format_exception_callback(thrownAtLoad);
}
define("__troveStart", start);
