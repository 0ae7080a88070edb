// `ext:core/mod.js` for Node and Bun: the parts of deno_core's `core` and `primordials` that
// js/toolkit.js and js/host.js use, so the isolate's own SDK module runs unchanged outside
// the isolate (bench/js/build.mjs maps the specifier here).
//
// - `core.loadExtScript(specifier)`: the deno_web / deno_fetch classes toolkit.js asks for,
//   answered with the runtime's own (WHATWG) globals, captured when this module evaluates
//   (before any toolkit code runs, as in the isolate);
// - `core.createLazyLoader(specifier)`: the lazily loaded ES modules js/ asks for (zod's
//   message locales, js/vendor/zod-locales.js, registered by the bundle's entry);
// - `core.decode(bytes)`: UTF-8 to a string, a leading BOM dropped, bad bytes replaced (what
//   deno_core's `op_decode` does, and so what a deno_fetch Response's `text()` gives);
// - `core.tryClose(rid)`: closes a resource of the shim's resource table (the cancel handles
//   of `op_trove_fetch_cancel_handle`);
// - `primordials`: ArrayIsArray, ArrayPrototypeIncludes, ArrayPrototypeJoin, ArrayPrototypePush, JSONParse, JSONStringify, ObjectKeys, ObjectFreeze,
//   ObjectDefineProperty, ObjectGetOwnPropertyDescriptor, ObjectGetPrototypeOf,
//   ObjectPrototype, Promise, PromiseReject, ReflectApply,
//   ReflectConstruct, ReflectGet, RegExpPrototypeExec, SafeSet, SafeWeakMap, StringPrototypeSlice, StringPrototypeStartsWith,
//   StringPrototypeTrim, WeakMapPrototypeGet,
//   WeakMapPrototypeSet.

const g = globalThis;
// Filled by the bundles' entries (shims/harness.js, js/parity/standin/entry.js) with
// `registerLazyModule`: importing zod's locales here would close an import cycle through zod.
const lazyModules = {};

/** Makes `module` what `core.createLazyLoader(specifier)` loads. */
export function registerLazyModule(specifier, module) {
  lazyModules[specifier] = module;
}
const captured = {
  Response: g.Response,
  Request: g.Request,
  Headers: g.Headers,
  URL: g.URL,
  URLSearchParams: g.URLSearchParams,
  TextEncoder: g.TextEncoder,
  TextDecoder: g.TextDecoder,
  structuredClone: g.structuredClone,
  ReadableStream: g.ReadableStream,
};
const defineProperty = Object.defineProperty;

/**
 * deno_fetch's inner response (`newInnerResponse`) and body (`InnerBody`), as
 * ops/src/egress/fetch.js fills them from an op outcome: status, reason, header list, a static
 * body and the URL list.
 */
function newInnerResponse(status = 200, statusMessage = "") {
  return { type: "default", body: null, headerList: [], urlList: [], status, statusMessage };
}
class InnerBody {
  constructor(streamOrStatic) {
    this.streamOrStatic = streamOrStatic;
    this.source = null;
    this.length = null;
  }
}

/**
 * deno_fetch's `fromInnerResponse(inner, guard)`: the runtime's own `Response` for an inner
 * one. A WHATWG `Response` built by user code has no URL list, so `url`, `redirected` and
 * `type` become own properties of that one response (shadowing the prototype getters):
 * `url` is the list's last entry without its fragment, `redirected` whether it has more
 * than one.
 */
function fromInnerResponse(inner, _guard) {
  const body = inner.body === null ? null : inner.body.streamOrStatic.body;
  const response = new captured.Response(body, {
    status: inner.status,
    statusText: inner.statusMessage,
    headers: inner.headerList,
  });
  const last = inner.urlList.length === 0 ? "" : inner.urlList[inner.urlList.length - 1];
  const hash = last.indexOf("#");
  defineProperty(response, "url", { value: hash === -1 ? last : last.slice(0, hash), configurable: true });
  defineProperty(response, "redirected", { value: inner.urlList.length > 1, configurable: true });
  defineProperty(response, "type", { value: inner.type, configurable: true });
  return response;
}

const extScripts = {
  "ext:deno_fetch/23_response.js": { Response: captured.Response, newInnerResponse, fromInnerResponse },
  "ext:deno_fetch/22_body.js": { InnerBody },
  "ext:deno_fetch/23_request.js": { Request: captured.Request },
  "ext:deno_fetch/20_headers.js": { Headers: captured.Headers },
  "ext:deno_web/00_url.js": { URL: captured.URL, URLSearchParams: captured.URLSearchParams },
  "ext:deno_web/08_text_encoding.js": { TextEncoder: captured.TextEncoder },
  "ext:deno_web/02_structured_clone.js": { structuredClone: captured.structuredClone },
  "ext:deno_web/06_streams.js": { ReadableStream: captured.ReadableStream },
};

/** deno_core's resource table, reduced to what the shim's ops need: id -> { close() }. */
export const resources = new Map();
let nextRid = 3; // deno_core starts after stdin/stdout/stderr

export function addResource(resource) {
  const rid = nextRid++;
  resources.set(rid, resource);
  return rid;
}

export const core = Object.freeze({
  loadExtScript(specifier) {
    const script = extScripts[specifier];
    if (script === undefined) throw new TypeError(`bench shim: ${specifier} is not shimmed (bench/js/shims/core.js)`);
    return script;
  },
  createLazyLoader(specifier) {
    const module = lazyModules[specifier];
    if (module === undefined) throw new TypeError(`bench shim: ${specifier} is not shimmed (bench/js/shims/core.js)`);
    return () => module;
  },
  decode(bytes) {
    return new captured.TextDecoder().decode(bytes);
  },
  tryClose(rid) {
    const resource = resources.get(rid);
    if (resource === undefined) return;
    resources.delete(rid);
    resource.close();
  },
});

// deno's `makeSafe(WeakMap, class SafeWeakMap extends WeakMap {})`: the prototype's methods
// are copied, so replacing `WeakMap.prototype.get` later changes nothing.
class SafeWeakMap extends WeakMap {
  constructor(entries) {
    super(entries);
  }
}
for (const key of Reflect.ownKeys(WeakMap.prototype)) {
  if (key === "constructor") continue;
  defineProperty(SafeWeakMap.prototype, key, Reflect.getOwnPropertyDescriptor(WeakMap.prototype, key));
}
Object.setPrototypeOf(SafeWeakMap.prototype, null);
Object.freeze(SafeWeakMap.prototype);

/** deno's `uncurryThis`: `fn` called with its receiver as the first argument, captured now. */
const reflectApply = Reflect.apply;
function uncurry(fn) {
  return (self, ...args) => reflectApply(fn, self, args);
}

export const primordials = Object.freeze({
  ArrayIsArray: Array.isArray,
  ArrayPrototypeIncludes: (a, item) => Array.prototype.includes.call(a, item),
  ArrayPrototypeJoin: (a, sep) => Array.prototype.join.call(a, sep),
  ArrayPrototypePush: (a, ...items) => Array.prototype.push.apply(a, items),
  JSONParse: JSON.parse,
  JSONStringify: JSON.stringify,
  ObjectKeys: Object.keys,
  ObjectFreeze: Object.freeze,
  ObjectDefineProperty: Object.defineProperty,
  ObjectGetOwnPropertyDescriptor: Object.getOwnPropertyDescriptor,
  ObjectGetPrototypeOf: Object.getPrototypeOf,
  ObjectPrototype: Object.prototype,
  Promise,
  PromiseReject: (reason) => Promise.reject(reason),
  ReflectApply: Reflect.apply,
  ReflectConstruct: Reflect.construct,
  ReflectGet: Reflect.get,
  RegExpPrototypeExec: uncurry(RegExp.prototype.exec),
  SafeSet: Set,
  SafeWeakMap,
  StringPrototypeSlice: uncurry(String.prototype.slice),
  StringPrototypeStartsWith: uncurry(String.prototype.startsWith),
  StringPrototypeTrim: (s) => String.prototype.trim.call(s),
  WeakMapPrototypeGet: uncurry(WeakMap.prototype.get),
  WeakMapPrototypeSet: uncurry(WeakMap.prototype.set),
});

// trove-host's bootstrap deletes the global `fetch` (ctx.fetch is the only way out); do the
// same, so a toolkit in the baseline cannot reach the network either.
try {
  delete g.fetch;
} catch {
  // a runtime that pins it: leave it
}
