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
// another user's on this instance. Timers started at module top level are not touched.
let callTimers = null;
op_trove_register_host((definition, entry) => {
  evaluated = true;
  return describe(definition, entry);
}, async (definition, callJson) => {
  callTimers = new Set();
  try {
    return await call(definition, callJson);
  } finally {
    for (const id of callTimers) clearInterval(id);
    callTimers = null;
  }
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

const { URL, URLSearchParams } = load("ext:deno_web/00_url.js");
const { TextEncoder, TextDecoder, TextEncoderStream, TextDecoderStream } = load("ext:deno_web/08_text_encoding.js");
const { setTimeout, clearTimeout, setInterval, clearInterval } = load("ext:deno_web/02_timers.js");
const { AbortController, AbortSignal } = load("ext:deno_web/03_abort_signal.js");
const { atob, btoa } = load("ext:deno_web/05_base64.js");
const { structuredClone } = load("ext:deno_web/02_structured_clone.js");
const { Event, EventTarget, CustomEvent, ErrorEvent } = load("ext:deno_web/02_event.js");
const { DOMException } = load("ext:deno_web/01_dom_exception.js");
const streams = load("ext:deno_web/06_streams.js");
const { Blob, File } = load("ext:deno_web/09_file.js");
const { Console, setNoColorFns } = load("ext:deno_web/01_console.js");
const { performance } = load("ext:deno_web/15_performance.js");
const cryptoScript = load("ext:deno_crypto/00_crypto.js");
const { Headers } = load("ext:deno_fetch/20_headers.js");
const { FormData } = load("ext:deno_fetch/21_formdata.js");
const { Request } = load("ext:deno_fetch/23_request.js");
const { Response } = load("ext:deno_fetch/23_response.js");

function define(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, enumerable: false, configurable: true });
}

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

const globals = {
  URL, URLSearchParams, TextEncoder, TextDecoder, TextEncoderStream, TextDecoderStream,
  setTimeout: tracked(setTimeout), clearTimeout: untracking(clearTimeout),
  setInterval: tracked(setInterval), clearInterval: untracking(clearInterval),
  AbortController, AbortSignal,
  atob, btoa, structuredClone, Event, EventTarget, CustomEvent, ErrorEvent, DOMException,
  ReadableStream: streams.ReadableStream, WritableStream: streams.WritableStream,
  TransformStream: streams.TransformStream, Blob, File, Headers, FormData, Request, Response,
  Crypto: cryptoScript.Crypto, CryptoKey: cryptoScript.CryptoKey, SubtleCrypto: cryptoScript.SubtleCrypto,
  performance,
};
for (const [name, value] of Object.entries(globals)) define(name, value);
Object.defineProperty(globalThis, "crypto", {
  get: () => cryptoScript.crypto,
  enumerable: false,
  configurable: true,
});

// console.* -> the host's log (tracing), redacted with the call's secrets by the op. Log lines
// are plain text: no ANSI colour escapes, whatever the host's terminal.
setNoColorFns(() => true, () => true);
const LEVELS = ["debug", "info", "warn", "error"];
const hostConsole = new Console((message, level) => {
  op_trove_console(LEVELS[level] ?? "info", message.endsWith("\n") ? message.slice(0, -1) : message);
});
// Past the call's log budget (decided in Rust), a console line is dropped before it is formatted.
for (const method of ["log", "info", "warn", "error", "debug", "trace", "dir", "dirxml", "table"]) {
  const print = hostConsole[method];
  if (typeof print !== "function") continue;
  hostConsole[method] = function (...args) {
    if (!logOpen(args)) return;
    return print.apply(this, args);
  };
}
define("console", hostConsole);

// A promise rejected with nobody handling it (a floating `Promise.reject()`, an un-awaited
// refused `ctx.fetch`) is logged, redacted, through the console path (the host's own copy, not
// the global a toolkit may replace) instead of failing the call that returned normally.
// While the toolkit's modules evaluate, a rejection stays an error: the load fails with the
// thrown message, as before.
core.setUnhandledPromiseRejectionHandler((_promise, reason) => {
  if (!evaluated) return false;
  try {
    hostConsole.error("Uncaught (in promise)", reason);
  } catch {
    op_trove_console("error", "Uncaught (in promise) (unprintable reason)");
  }
  return true;
});

// No host internals reachable from toolkit code.
delete globalThis.Deno;
delete globalThis.__bootstrap;
delete globalThis.fetch;
