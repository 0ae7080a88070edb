// `ctx.fetch` and `ctx.fetchJson`: the JavaScript half of this folder's egress pipeline. Every
// rule is decided in Rust (policy.rs, send.rs); this file turns fetch's arguments into an op
// call, asks Rust first for the refusals fetch throws synchronously, and builds the Response.
import { core, primordials } from "ext:core/mod.js";
import {
  op_trove_egress_check,
  op_trove_fetch,
  op_trove_fetch_cancel_handle,
  op_trove_integrity_check,
  op_trove_request_body_check,
  op_trove_request_check,
  op_trove_request_member,
} from "ext:core/ops";
import { ToolError } from "ext:trove_ops/tool_error.js";

const { ArrayPrototypeIncludes, ArrayPrototypePush, Promise, PromiseReject } = primordials;

// The web classes come from the extensions themselves, not from globals a toolkit could replace.
// Each script is loaded when first needed (issue #11): a `list`, or a call that never fetches,
// parses none of them, and `fetchJson` on a 2xx answer needs only `Headers` (the Response class
// pulls in the streams, the body mixins and the form-data parser: most of a cold start).
function script(specifier) {
  let exports = null;
  return () => (exports ??= core.loadExtScript(specifier));
}
const responseScript = script("ext:deno_fetch/23_response.js");
const bodyScript = script("ext:deno_fetch/22_body.js");
const requestScript = script("ext:deno_fetch/23_request.js");
const headersScript = script("ext:deno_fetch/20_headers.js");
const urlScript = script("ext:deno_web/00_url.js");
const streamsScript = script("ext:deno_web/06_streams.js");
let encoder = null;
const encode = (text) => (encoder ??= new (core.loadExtScript("ext:deno_web/08_text_encoding.js").TextEncoder)()).encode(text);

const NULL_BODY = [101, 103, 204, 205, 304];
/** `fetchJson`'s header list when the toolkit gives none (what `Headers` would iterate). */
const ACCEPT_JSON = Object.freeze([Object.freeze(["accept", "application/json"])]);
const EMPTY = new Uint8Array(0);

/**
 * A `ReadableStream` body, read chunk by chunk: Rust checks the running size against the
 * call's request-body cap after every chunk, and reading stops (the stream is cancelled) with
 * the same `ToolError` as for a whole body once it is over, so a stream is never buffered
 * past the cap.
 */
async function streamBytes(stream) {
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) {
      reader.cancel().catch(() => {});
      throw new TypeError("Cannot convert value to Uint8Array while consuming the stream");
    }
    size += value.byteLength;
    const refusal = op_trove_request_body_check(size);
    if (refusal !== null) {
      reader.cancel().catch(() => {});
      throw new ToolError(refusal, { retryable: false });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

async function bodyBytes(body) {
  if (body === undefined || body === null) return [null, null];
  if (typeof body === "string") return [encode(body), "text/plain;charset=UTF-8"];
  if (typeof body === "object" && body instanceof streamsScript().ReadableStream) return [await streamBytes(body), null];
  if (typeof body === "object" && body instanceof urlScript().URLSearchParams) {
    return [encode(body.toString()), "application/x-www-form-urlencoded;charset=UTF-8"];
  }
  if (body instanceof ArrayBuffer) return [new Uint8Array(body.slice(0)), null];
  if (ArrayBuffer.isView(body)) {
    return [new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength)), null];
  }
  // Blob, FormData: let deno_fetch's body extraction serialise it (already in memory).
  const carrier = new (responseScript().Response)(body);
  return [new Uint8Array(await carrier.arrayBuffer()), carrier.headers.get("content-type")];
}

/**
 * Starts the op with a cancel resource when there is a signal, and races it against the
 * signal: on abort the promise rejects with the signal's reason AND the resource is closed,
 * which cancels the Rust request (its connection is dropped), not only this promise.
 */
function abortable(start, signal) {
  if (!signal) return start(-1);
  if (signal.aborted) return PromiseReject(signal.reason);
  const rid = op_trove_fetch_cancel_handle();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      core.tryClose(rid);
      reject(signal.reason);
    };
    try {
      signal.addEventListener("abort", onAbort, { once: true });
    } catch (e) {
      // A signal that passed `requestInit`'s check can still throw here (its
      // `addEventListener` is the toolkit's): the cancel handle must not outlive the refusal.
      core.tryClose(rid);
      throw e;
    }
    // The handle is closed first, and whatever the signal's `removeEventListener` does (a
    // duck-typed signal may have none, a toolkit may have replaced it) the promise settles, as
    // Node's fetch settles.
    const done = () => {
      core.tryClose(rid);
      try {
        signal.removeEventListener("abort", onAbort);
      } catch {
        // Nothing to undo: the handle is closed, and a later abort rejects a settled promise.
      }
    };
    // `await`, not `.then`: the toolkit may have replaced `Promise.prototype.then`.
    (async () => {
      let outcome;
      try {
        outcome = await start(rid);
      } catch (e) {
        done();
        reject(e);
        return;
      }
      done();
      resolve(outcome);
    })();
  });
}

/**
 * The Request constructor's TypeErrors (fetch's `init` members, the method, a GET/HEAD body, a
 * stream body's `keepalive` and `duplex`), and `fetch failed` for a `dispatcher`: Rust decides
 * (`check_request_init`). `stream` is 0 without a `ReadableStream` body, 1 with one, 2 with a
 * locked or read one.
 */
function checkRequest(method, given, hasBody, stream) {
  const refusal = op_trove_request_check(
    method,
    given.redirect,
    hasBody,
    given.window,
    given.referrer,
    given.mode,
    given.cache,
    given.badSignal,
    stream,
    given.keepalive,
    given.duplex,
    given.dispatcher,
  );
  if (refusal !== null) throw new TypeError(refusal);
}

/** What `checkRequest` is told of a body: 0 not a `ReadableStream`, 1 one, 2 one already locked or read. */
function streamState(body) {
  if (typeof body !== "object" || body === null) return 0;
  const { ReadableStream, isReadableStreamDisturbed } = streamsScript();
  if (!(body instanceof ReadableStream)) return 0;
  return body.locked || isReadableStreamDisturbed(body) ? 2 : 1;
}

/**
 * The request's header lines as `[name, value]` pairs, normalised by deno_fetch's `Headers`
 * (lower-case names, trimmed values, repeated names joined; its TypeErrors for bad names and
 * values). Without headers there is nothing to normalise, and building an empty `Headers`
 * costs more than the rest of the JavaScript side of a request (issue #11). Rust checks every
 * name and value again (`check_request_headers`): it decides, whatever reaches the op.
 */
function headerPairs(source) {
  if (source === undefined) return [];
  return [...new (headersScript().Headers)(source)];
}

/**
 * The URL `input` names, as fetch reads it, and whether `input` is a `Request`. The URL-level
 * refusals throw here, synchronously, as the SDK's do: Rust decides (contract §6).
 */
function target(input) {
  const isObject = typeof input === "object" && input !== null;
  // A URL first: checking for a Request would load deno_fetch's Request and its body mixins.
  const isURL = isObject && input instanceof urlScript().URL;
  const fromRequest = isObject && !isURL && input instanceof requestScript().Request;
  const url = fromRequest ? input.url : isURL ? input.href : String(input);
  const refusal = op_trove_egress_check(url);
  if (refusal !== null) throw new ToolError(refusal, { retryable: false });
  return { url, fromRequest };
}

/** `requestInit` of an absent `init`: every member absent. */
const EMPTY_INIT = Object.freeze({
  __proto__: null,
  method: undefined,
  headers: undefined,
  body: undefined,
  referrer: null,
  mode: null,
  cache: null,
  redirect: null,
  integrity: null,
  keepalive: false,
  signal: undefined,
  badSignal: false,
  window: false,
  duplex: false,
  dispatcher: false,
});

/** WebIDL's `DOMString` conversion of `init[member]` (a symbol is a TypeError, with undici's words). */
function domString(value, member) {
  if (typeof value === "symbol") {
    throw new TypeError(`Request constructor: init.${member} is a symbol, which cannot be converted to a DOMString.`);
  }
  return String(value);
}

/** `init[member]` as a string, checked as it is read (Rust: `check_init_member`). */
function checkedString(value, member) {
  const text = domString(value, member);
  const refusal = op_trove_request_member(member, text);
  if (refusal !== null) throw new TypeError(refusal);
  return text;
}

/**
 * fetch's `init`, read and converted as Node 20's fetch (undici 6, what the SDK runs on) reads
 * it: `undefined` or `null` is no init, any other value that is not an object is a TypeError;
 * each member is read once, in undici's order (method, headers, body, referrer,
 * referrerPolicy, mode, credentials, cache, redirect, integrity, keepalive, signal, window,
 * duplex, dispatcher), converted as it is read, and a conversion that fails (a symbol, a
 * method that is not a `ByteString`, a value an enumerated member does not take: Rust decides)
 * throws before the next member is read. Only `undefined` means "absent" (`redirect: null` is
 * the value "null", refused; `headers: null` is refused by `Headers`). What the Request
 * constructor checks after the conversion (`window`, `referrer`, `mode`, `cache`, a signal that
 * is not one, the body's `keepalive` and `duplex`, `dispatcher`) is asked of Rust by
 * `checkRequest`; whether the signal looks like an AbortSignal (a boolean `aborted` and an
 * `addEventListener` function: undici's own check) is read here, after every member.
 *
 * Shape: `{ method: string | undefined, headers: [name, value][] | undefined, body,
 * referrer, mode, cache, redirect, integrity: string | null, keepalive, badSignal, window,
 * duplex, dispatcher: boolean, signal }`.
 */
function requestInit(init) {
  if (init === undefined || init === null) return EMPTY_INIT;
  if (typeof init !== "object" && typeof init !== "function") {
    throw new TypeError(`Request constructor: Expected ${init} to be one of: Null, Undefined, Object.`);
  }
  const method = init.method;
  const given = { __proto__: null, method: method === undefined ? undefined : checkedString(method, "method") };
  const headers = init.headers;
  given.headers = headers === undefined ? undefined : headerPairs(headers);
  given.body = init.body;
  // USVString: a template literal converts as undici's `toUSVString` does.
  const referrer = init.referrer;
  given.referrer = referrer === undefined ? null : `${referrer}`;
  // `referrerPolicy` and `credentials` change nothing the host sends (it sends no `referer` and
  // no cookies), but are converted and refused as undici does.
  const referrerPolicy = init.referrerPolicy;
  if (referrerPolicy !== undefined) checkedString(referrerPolicy, "referrerPolicy");
  const mode = init.mode;
  given.mode = mode === undefined ? null : checkedString(mode, "mode");
  const credentials = init.credentials;
  if (credentials !== undefined) checkedString(credentials, "credentials");
  const cache = init.cache;
  given.cache = cache === undefined ? null : checkedString(cache, "cache");
  const redirect = init.redirect;
  given.redirect = redirect === undefined ? null : checkedString(redirect, "redirect");
  const integrity = init.integrity;
  given.integrity = integrity === undefined ? null : domString(integrity, "integrity");
  given.keepalive = !!init.keepalive;
  const signal = init.signal;
  given.signal = signal;
  const window = init.window;
  given.window = window !== undefined && window !== null;
  const duplex = init.duplex;
  if (duplex !== undefined) checkedString(duplex, "duplex");
  given.duplex = duplex !== undefined;
  const dispatcher = init.dispatcher;
  given.dispatcher = dispatcher !== undefined && dispatcher !== null;
  given.badSignal =
    signal !== undefined &&
    signal !== null &&
    (typeof signal.aborted !== "boolean" || typeof signal.addEventListener !== "function");
  return given;
}

/** A request without a body: no bytes, no default content type. */
const NO_BODY = Object.freeze([null, null]);

/**
 * What `fetch` and `fetchJson` share once `target` has accepted the URL and `requestInit` has
 * read `init` (`given`): the request's shape is checked (the Request constructor's
 * TypeErrors), its body read and the op started; the response outcome is checked and handed
 * to `finish` in the same step, so `fetch` builds its
 * `Response` without a second async function or promise reaction (each cost about 10 K
 * instructions a fetch on QuickJS, issue #11). Resolves to `finish(outcome)`, or rejects as
 * `fetch` does (ToolError, TypeError, the signal's reason).
 *
 * An async function, not a chain of `then`s: everything after the URL check rejects instead of
 * throwing, and `await` takes the op's promise as it is, where `Promise.prototype.then` would ask
 * the toolkit's `Promise[Symbol.species]` and adopting a promise would call the toolkit's `then`.
 */
async function exchange({ url, fromRequest }, input, given, headerList, finish) {
  const method = given.method ?? (fromRequest ? input.method : "GET");
  const pairs = headerList ?? given.headers ?? (fromRequest ? headerPairs(input.headers) : []);
  const rawBody = given.body !== undefined ? given.body : fromRequest ? input.body : null;
  const hasBody = rawBody !== undefined && rawBody !== null;
  checkRequest(method, given, hasBody, given.body === undefined ? 0 : streamState(given.body));
  // Indexed, not destructured: a toolkit may have replaced the array iterator.
  const body = hasBody ? await bodyBytes(rawBody) : NO_BODY;
  const bytes = body[0];
  // `signal: null` replaces a Request's signal, as it does in Node.
  const signal = given.signal !== undefined ? given.signal : fromRequest ? input.signal : undefined;
  const outcome = await abortable(
    (cancelRid) => op_trove_fetch(url, method, pairs, given.redirect, body[1], bytes !== null, bytes ?? EMPTY, cancelRid),
    signal,
  );
  if (outcome.outcome === "aborted") throw signal.reason;
  if (outcome.outcome === "toolError") throw new ToolError(outcome.message, { retryable: outcome.retryable });
  if (outcome.outcome === "typeError") throw new TypeError(outcome.message);
  // The body against `init.integrity`, else a Request input's own (Rust decides; a failure is
  // a network error).
  const integrity = given.integrity !== null ? given.integrity : fromRequest ? `${input.integrity}` : "";
  if (integrity !== "") {
    const failure = op_trove_integrity_check(integrity, method, outcome.status, outcome.body);
    if (failure !== null) throw new TypeError(failure);
  }
  return finish(outcome);
}

/**
 * The `Response` for a response outcome of `exchange` to `url`, made as deno_fetch's own `fetch`
 * makes one (26_fetch.js): an inner response from the network's status, header list and body,
 * wrapped with `fromInnerResponse` and immutable headers, as a fetched response's are in every
 * runtime (Node's undici included). The `Response` constructor would re-validate what the
 * network already gave, through WebIDL conversions that cost ~75 µs a response on QuickJS
 * (issue #11).
 */
function toResponse(outcome, url) {
  const { fromInnerResponse, newInnerResponse } = responseScript();
  const inner = newInnerResponse(outcome.status, outcome.statusText);
  inner.type = "basic";
  inner.headerList = outcome.headers;
  if (!ArrayPrototypeIncludes(NULL_BODY, outcome.status)) {
    const body = new (bodyScript().InnerBody)({ body: outcome.body, consumed: false });
    body.source = outcome.body;
    body.length = outcome.body.byteLength;
    inner.body = body;
  }
  if (outcome.redirected) ArrayPrototypePush(inner.urlList, url);
  ArrayPrototypePush(inner.urlList, outcome.url);
  return fromInnerResponse(inner, "immutable");
}

/** `ctx.fetch`: URL-level refusals throw synchronously (as the SDK's do); the rest is async. */
export function fetch(input, init) {
  const to = target(input);
  let given;
  try {
    given = requestInit(init);
  } catch (e) {
    return PromiseReject(e);
  }
  return exchange(to, input, given, null, (outcome) => toResponse(outcome, to.url));
}

const sameOutcome = (outcome) => outcome;

/** `ctx.fetchJson`: fetch with `accept: application/json` and the SDK's error mapping. */
export async function fetchJson(url, opts = {}) {
  const { init, schema, errorMap } = opts ?? {};
  let outcome;
  let to;
  // As `fetch` would: the URL's refusal (a ToolError, thrown as it is) first, then `init`; any
  // other error on the way (a TypeError from `init`, the network's) is the SDK's "request
  // failed".
  try {
    to = target(url);
    const given = requestInit(init);
    let headers = ACCEPT_JSON;
    if (given.headers !== undefined) {
      const list = new (headersScript().Headers)(given.headers);
      if (!list.has("accept")) list.set("accept", "application/json");
      headers = [...list];
    }
    outcome = await exchange(to, url, given, headers, sameOutcome);
  } catch (err) {
    if (err instanceof ToolError) throw err;
    throw new ToolError("Upstream request failed; try again shortly.", { retryable: true });
  }
  if (outcome.status < 200 || outcome.status > 299) {
    // Not ok: the error map gets a real Response, as with `fetch`.
    const response = toResponse(outcome, to.url);
    const text = await response.text().catch(() => "");
    if (typeof errorMap === "function") {
      const mapped = await errorMap(response, text);
      if (mapped !== undefined && mapped !== null) throw mapped;
    }
    const s = outcome.status;
    throw new ToolError(`Upstream returned HTTP ${s}.`, { retryable: s === 429 || s >= 500 });
  }
  // What `response.text()` would give (deno_fetch decodes a byte body with `core.decode`),
  // without making the Response.
  const text = ArrayPrototypeIncludes(NULL_BODY, outcome.status) ? "" : core.decode(outcome.body);
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ToolError("Upstream returned malformed JSON; try again shortly.", { retryable: true });
  }
  if (schema === undefined) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => i.message).join("; ").slice(0, 200);
    throw new ToolError(`Upstream response did not match the expected shape: ${detail}.`, { retryable: true });
  }
  return parsed.data;
}

