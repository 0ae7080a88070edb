// The isolate's bootstrap: installs the web globals toolkits use (contract section 1) from
// deno_web, deno_crypto and deno_fetch, routes `console` to the host's log, and removes every
// host internal (`Deno`, `__bootstrap`) from toolkit reach. There is no global `fetch`:
// `ctx.fetch` is the only way out.
import { core } from "ext:core/mod.js";
import { op_trove_console, op_trove_register_host, op_trove_sdk_exports } from "ext:core/ops";
import * as sdk from "ext:trove/toolkit.js";
import { call, describe } from "ext:trove/host.js";
import { logOpen } from "ext:trove_ops/log.js";

// The host's functions for loaded toolkits go to Rust directly, never through a global. Rust
// asks `describe` once the toolkit's modules have evaluated (see the rejection handler below).
let evaluated = false;
// Timers a call starts end with it: once its handler has settled, a timeout or interval it left
// behind is cleared, so it cannot run (and throw, or log) inside a later call, which may be
// another user's on this instance. Timers started at module top level are not touched. Rust
// calls `end` after the call's promise has settled and the microtasks queued by then have run:
// a timer that a promise chain the handler left running starts a few microtasks after the
// handler returned is the call's too.
let callTimers = null;
let clearCallTimer = null;
op_trove_register_host((definition, entry) => {
  evaluated = true;
  return describe(definition, entry);
}, (definition, callJson) => {
  callTimers = new Set();
  return call(definition, callJson);
}, () => {
  if (callTimers === null) return;
  for (const id of callTimers) clearCallTimer(id);
  callTimers = null;
});

// deno_core lets only extension code import `ext:` modules, so toolkit files reach
// `@ontrove/extend/toolkit` through a virtual module the loader serves, which reads this frozen,
// non-configurable object (the public exports, nothing else).
// The export list is Rust's (runtime/src/loader.rs SDK_EXPORTS), as is the virtual module's.
const publicApi = {};
for (const name of op_trove_sdk_exports()) publicApi[name] = sdk[name];
Object.defineProperty(globalThis, Symbol.for("@ontrove/extend/toolkit"), {
  value: Object.freeze(publicApi),
  writable: false,
  enumerable: false,
  configurable: false,
});

const load = (specifier) => core.loadExtScript(specifier);

function define(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, enumerable: false, configurable: true });
}

// The web globals are loaded on first use (issue #11): most toolkits touch a few of them, and
// parsing every script at start-up (streams, crypto, the console, the fetch classes) was most
// of a cold start. Until first read a global is an accessor; reading it loads its script
// (`core.loadExtScript` runs each script once and keeps its exports) and replaces the accessor
// with the same data property an eager definition makes. Assigning replaces it unloaded. The
// scripts run on the primordials captured before any toolkit code, as they would at start-up.
function defineLazy(name, get) {
  Object.defineProperty(globalThis, name, {
    get() {
      const value = get();
      define(name, value);
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

// setTimeout/setInterval remember the ids a call starts (see callTimers above).
function tracked(start) {
  return function (...args) {
    const id = start(...args);
    callTimers?.add(id);
    return id;
  };
}
function untracking(clear) {
  return function (id) {
    callTimers?.delete(id);
    return clear(id);
  };
}
clearCallTimer = (id) => {
  // Called bare: deno's timers refuse any `this` but the global.
  const { clearInterval } = timers();
  clearInterval(id);
};

// name -> [script, export] (the global has the export's value), or a function making the value.
const lazyGlobals = {
  URL: ["ext:deno_web/00_url.js", "URL"],
  URLSearchParams: ["ext:deno_web/00_url.js", "URLSearchParams"],
  TextEncoder: ["ext:deno_web/08_text_encoding.js", "TextEncoder"],
  TextDecoder: ["ext:deno_web/08_text_encoding.js", "TextDecoder"],
  TextEncoderStream: ["ext:deno_web/08_text_encoding.js", "TextEncoderStream"],
  TextDecoderStream: ["ext:deno_web/08_text_encoding.js", "TextDecoderStream"],
  setTimeout: () => tracked(timers().setTimeout),
  clearTimeout: () => untracking(timers().clearTimeout),
  setInterval: () => tracked(timers().setInterval),
  clearInterval: () => untracking(timers().clearInterval),
  AbortController: ["ext:deno_web/03_abort_signal.js", "AbortController"],
  AbortSignal: ["ext:deno_web/03_abort_signal.js", "AbortSignal"],
  atob: ["ext:deno_web/05_base64.js", "atob"],
  btoa: ["ext:deno_web/05_base64.js", "btoa"],
  structuredClone: ["ext:deno_web/02_structured_clone.js", "structuredClone"],
  Event: ["ext:deno_web/02_event.js", "Event"],
  EventTarget: ["ext:deno_web/02_event.js", "EventTarget"],
  CustomEvent: ["ext:deno_web/02_event.js", "CustomEvent"],
  ErrorEvent: ["ext:deno_web/02_event.js", "ErrorEvent"],
  DOMException: ["ext:deno_web/01_dom_exception.js", "DOMException"],
  ReadableStream: ["ext:deno_web/06_streams.js", "ReadableStream"],
  WritableStream: ["ext:deno_web/06_streams.js", "WritableStream"],
  TransformStream: ["ext:deno_web/06_streams.js", "TransformStream"],
  Blob: ["ext:deno_web/09_file.js", "Blob"],
  File: ["ext:deno_web/09_file.js", "File"],
  Headers: ["ext:deno_fetch/20_headers.js", "Headers"],
  FormData: ["ext:deno_fetch/21_formdata.js", "FormData"],
  Request: ["ext:deno_fetch/23_request.js", "Request"],
  Response: ["ext:deno_fetch/23_response.js", "Response"],
  Crypto: ["ext:deno_crypto/00_crypto.js", "Crypto"],
  CryptoKey: ["ext:deno_crypto/00_crypto.js", "CryptoKey"],
  SubtleCrypto: ["ext:deno_crypto/00_crypto.js", "SubtleCrypto"],
  performance: ["ext:deno_web/15_performance.js", "performance"],
  console: () => hostConsole(),
};
for (const [name, from] of Object.entries(lazyGlobals)) {
  defineLazy(name, typeof from === "function" ? from : () => load(from[0])[from[1]]);
}
// `crypto` stays a getter, as deno_crypto defines it.
Object.defineProperty(globalThis, "crypto", {
  get: () => load("ext:deno_crypto/00_crypto.js").crypto,
  enumerable: false,
  configurable: true,
});

// console.* -> the host's log (tracing), redacted with the call's secrets by the op. Log lines
// are plain text: no ANSI colour escapes, whatever the host's terminal. Made on first use.
const LEVELS = ["debug", "info", "warn", "error"];
let theConsole = null;
function hostConsole() {
  if (theConsole !== null) return theConsole;
  const { Console, setNoColorFns } = load("ext:deno_web/01_console.js");
  setNoColorFns(() => true, () => true);
  const made = new Console((message, level) => {
    op_trove_console(LEVELS[level] ?? "info", message.endsWith("\n") ? message.slice(0, -1) : message);
  });
  // Past the call's log budget (decided in Rust), a console line is dropped before it is formatted.
  for (const method of ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table"]) {
    const print = made[method];
    if (typeof print !== "function") continue;
    made[method] = function (...args) {
      if (!logOpen(args)) return;
      return print.apply(this, args);
    };
  }
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
    op_trove_console("error", "Uncaught (in promise) (unprintable reason)");
  }
  return true;
});

// No host internals reachable from toolkit code.
delete globalThis.Deno;
delete globalThis.__bootstrap;
delete globalThis.fetch;

// Globals the engine (v8x) adds that Node 20, where the SDK runs, does not have: a Temporal
// polyfill (with `Date.prototype.toTemporalInstant`) and `gc`. A toolkit that feature-tests for
// them must take the same branch here as under the SDK (parity), and `gc` is not the toolkit's
// to call.
delete globalThis.Temporal;
delete Date.prototype.toTemporalInstant;
delete globalThis.gc;
