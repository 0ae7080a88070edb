// `ext:core/ops` for Node and Bun: JavaScript stand-ins for the Rust ops js/toolkit.js calls
// (ops/src/extension.rs, ops/src/egress/send.rs), with the same arguments, return shapes,
// messages and sync/async split, so the SDK module runs unchanged and answers with the same
// envelopes. What they stand on, instead of Rust:
//
//   clock    `env.now` (ms since the epoch) when given, else the real Date.now();
//   log      lines kept in the call's state (no console I/O); nothing is redacted;
//   secrets  the declared names only, from an in-memory map (`env.secrets`);
//   egress   the URL rules of contract section 6 (ops/src/egress/policy.rs, address.rs) decided
//            on the WHATWG URL; no DNS (a cassette never resolves anything);
//   fetch    served from an in-memory cassette (ops/src/egress/replay.rs): never the network;
//   cache    absent (`op_trove_has_cache` is false);
//   kb       rejects (no knowledge base is configured).
//
// Per-call state (the Rust `CallState`) is set by bench/js/shims/harness.js around each call
// (`beginCall`/`endCall`); the toolkit-level scope (the Rust `ToolkitScope`: egress allowlist,
// declared secrets) by `bindToolkit` once the toolkit has loaded. One toolkit per bundle.
import { addResource, resources } from "./core.js";

const NO_CALL = "ctx is only usable while its tool call is running";
const noCall = () => new Error(NO_CALL);

/** The Rust `ToolkitScope`: { entries: [{host, port}], secrets: Set, scopes: Set, apiHost }. */
let scope = null;
/** The Rust `CallState` of the call in progress (see harness.js `beginCall`). */
let call = null;
/** Set by op_trove_isolate_unsound. */
let unsound = null;

// ---------------------------------------------------------------------------------------------
// egress policy (ops/src/egress/policy.rs, address.rs)

const MALFORMED = "Refusing to fetch a malformed URL.";
const PRIVATE = "Refusing egress to a private, loopback, or link-local address.";
const notAllowlisted = (host) => `Egress to "${host}" is not in the server's egress allowlist.`;

/** `host` or `host:port`, a bare lower-case name with a dot (EgressEntry::parse); else null. */
function parseEntry(entry) {
  let host = entry;
  let port = null;
  const colon = entry.lastIndexOf(":");
  if (colon !== -1) {
    host = entry.slice(0, colon);
    const p = entry.slice(colon + 1);
    if (!/^\d{1,5}$/.test(p) || Number(p) > 65535) return null;
    port = Number(p);
  }
  const valid = host.includes(".") && !host.startsWith(".") && !host.endsWith(".") && /^[a-z0-9.-]+$/.test(host);
  return valid ? { host, port } : null;
}

// [base, prefix length] of the contract's IPv4 ranges.
const BLOCKED_V4 = [
  [0x00000000, 8], [0x0a000000, 8], [0x7f000000, 8], [0xa9fe0000, 16], [0xac100000, 12],
  [0xc0a80000, 16], [0x64400000, 10], [0xc0000000, 24], [0xc6120000, 15], [0xe0000000, 3],
].map(([base, len]) => [base, len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0]);

function blockedV4(n) {
  for (const [base, mask] of BLOCKED_V4) if (((n & mask) >>> 0) === base) return true;
  return false;
}

/** Dotted-quad (as the WHATWG parser leaves an IPv4 host) -> u32, or null. */
function parseV4(host) {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (m === null) return null;
  return ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
}

/** The WHATWG serialisation of an IPv6 host (no brackets, hex, `::` compressed) -> 8 segments. */
function parseV6(text) {
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const hs = head === "" ? [] : head.split(":");
  const ts = tail === null || tail === "" ? [] : tail.split(":");
  const fill = tail === null ? 0 : 8 - hs.length - ts.length;
  return [...hs, ...Array(fill).fill("0"), ...ts].map((s) => parseInt(s, 16));
}

const v4Of = (hi, lo) => ((hi << 16) | lo) >>> 0;
const isMapped = (s) => s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0 && s[4] === 0 && s[5] === 0xffff;

/** The contract's IPv6 list (::, ::1, fc00::/7, fe80::/10), plus ff00::/8 when `host`. */
function blockedV6Range(s, host) {
  const zero6 = s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0 && s[4] === 0 && s[5] === 0 && s[6] === 0;
  if (zero6 && (s[7] === 0 || s[7] === 1)) return true;
  if ((s[0] & 0xfe00) === 0xfc00 || (s[0] & 0xffc0) === 0xfe80) return true;
  return host && (s[0] & 0xff00) === 0xff00;
}

/** is_sdk_blocked_ip for an IPv6 address. */
function sdkBlockedV6(s) {
  if (isMapped(s)) return blockedV4(v4Of(s[6], s[7]));
  return blockedV6Range(s, false);
}

/** is_blocked_ip for an IPv6 address: wrappers of IPv4 decided on the address they carry. */
function hostBlockedV6(s) {
  if (isMapped(s)) return blockedV4(v4Of(s[6], s[7]));
  if (s[0] === 0 && s[1] === 0 && s[2] === 0 && s[3] === 0 && s[4] === 0 && s[5] === 0 && (s[6] !== 0 || s[7] > 1)) {
    return blockedV4(v4Of(s[6], s[7]));
  }
  if (s[0] === 0x64 && s[1] === 0xff9b && ((s[2] === 0 && s[3] === 0 && s[4] === 0 && s[5] === 0) || s[2] === 1)) {
    return blockedV4(v4Of(s[6], s[7]));
  }
  if (s[0] === 0x2002) return blockedV4(v4Of(s[1], s[2]));
  return blockedV6Range(s, true);
}

/**
 * EgressPolicy::check_parsed: the refusal message for `url` (a WHATWG URL), or null. SDK
 * rules first (scheme, private literal, allowlist), then the host's (https only, wrapped
 * addresses, `localhost.`, empty list = no egress).
 */
function checkParsed(url, entries, sdkOnly = false) {
  const protocol = url.protocol;
  if (protocol !== "http:" && protocol !== "https:") return `Refusing non-HTTP(S) egress (${protocol}).`;
  const hostname = url.hostname;
  if (hostname === "") return MALFORMED;
  let v4 = null;
  let v6 = null;
  if (hostname.startsWith("[")) {
    v6 = parseV6(hostname.slice(1, -1));
    if (sdkBlockedV6(v6)) return PRIVATE;
  } else {
    v4 = parseV4(hostname);
    if (v4 !== null) {
      if (blockedV4(v4)) return PRIVATE;
    } else if (hostname === "localhost" || hostname.endsWith(".localhost")) {
      return PRIVATE;
    }
  }
  if (entries.length > 0) {
    const port = url.port === "" ? null : Number(url.port);
    let allowed = false;
    for (const e of entries) {
      if (e.host === hostname && (e.port === null || e.port === port)) {
        allowed = true;
        break;
      }
    }
    if (!allowed) return notAllowlisted(hostname);
  }
  if (sdkOnly) return null;
  if (protocol === "http:") return "Refusing non-HTTPS egress (http:).";
  const bare = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  if ((v6 !== null && hostBlockedV6(v6)) || bare === "localhost" || bare.endsWith(".localhost")) return PRIVATE;
  if (entries.length === 0) return notAllowlisted(hostname);
  return null;
}

/** EgressPolicy::check_url: `{ url }` (parsed) or `{ refusal }`. */
function checkUrl(text, entries) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return { refusal: MALFORMED };
  }
  const refusal = checkParsed(url, entries);
  return refusal === null ? { url } : { refusal };
}

/**
 * The Node SDK's URL rules alone (contract section 6 without the **host** rules: `http:` is
 * allowed, an empty `egress` list allows every host): the refusal message or null. Used by
 * js/parity's stand-in package.
 */
export function sdkEgressRefusal(text, egress) {
  let url;
  try {
    url = new URL(text);
  } catch {
    return MALFORMED;
  }
  return checkParsed(url, egress.map(parseEntry).filter((e) => e !== null), true);
}

// ---------------------------------------------------------------------------------------------
// the toolkit and the call (set by harness.js)

/** Binds the loaded toolkit's manifest (egress, secrets, scopes) and `auth`. */
export function bindToolkit(manifest, auth) {
  scope = {
    entries: (Array.isArray(manifest.egress) ? manifest.egress : []).map(parseEntry).filter((e) => e !== null),
    secrets: new Set(Array.isArray(manifest.secrets) ? manifest.secrets : []),
    scopes: new Set(Array.isArray(manifest.scopes) ? manifest.scopes : []),
    apiHost: auth && typeof auth === "object" ? auth.apiHost : null,
  };
}

/**
 * Starts a call: `state` is `{ callJson, now, secrets, cassette, at: 0, sent: 0, logs: [] }`
 * (`now`: ms or null for the real clock; `secrets`: Map; `cassette`: see prepareCassette).
 */
export function beginCall(state) {
  call = state;
}

/** Ends the call in progress (every op fails again until the next) and returns its state. */
export function endCall() {
  const ended = call;
  call = null;
  return ended;
}

// ---------------------------------------------------------------------------------------------
// the cassette (ops/src/egress/replay.rs)

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function normaliseUrl(text) {
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}

const jsonText = (v) => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * A replay file's exchanges (parsed JSON), prepared once: URLs normalised, header lines
 * flattened, bodies encoded. The same prepared cassette is served again from its first
 * exchange in every call (each call has its own position).
 */
export function prepareCassette(exchanges) {
  if (!Array.isArray(exchanges)) throw new TypeError("a replay file is a JSON array of exchanges");
  return exchanges.map((ex, i) => {
    const { request, response } = ex ?? {};
    if (typeof request?.method !== "string" || typeof request?.url !== "string") {
      throw new TypeError(`replay exchange ${i}: request needs method and url`);
    }
    if (typeof request.body !== "undefined" && request.body !== null && typeof request.body !== "string") {
      throw new TypeError(`replay exchange ${i}: request.body must be a string`);
    }
    const want = { method: request.method, url: normaliseUrl(request.url), body: request.body ?? null };
    if (response?.networkError !== undefined) return { want, networkError: true };
    if (typeof response?.status !== "number") throw new TypeError(`replay exchange ${i}: response needs status or networkError`);
    const headers = [];
    for (const [name, value] of Object.entries(response.headers ?? {})) {
      if (Array.isArray(value)) for (const v of value) headers.push([name, jsonText(v)]);
      else headers.push([name, jsonText(value)]);
    }
    const body = encoder.encode(typeof response.body === "string" ? response.body : "");
    return { want, networkError: false, status: response.status, headers, body };
  });
}

/** ReplayTransport::send: the exchange's response, or throws `{ replay }` / `{ network }`. */
function replay(method, url, body) {
  const got = `${method} ${url.href}`;
  const exchange = call.cassette[call.at];
  if (exchange === undefined) {
    throw { replay: `unexpected request ${got}: the cassette has no more exchanges` };
  }
  call.at++;
  const want = exchange.want;
  if (want.method.toLowerCase() !== method.toLowerCase() || want.url !== url.href) {
    throw { replay: `unexpected request ${got}: the cassette expects ${want.method.toUpperCase()} ${want.url}` };
  }
  if (want.body !== null) {
    const sent = body === null ? "" : decoder.decode(body);
    if (sent !== want.body) {
      throw { replay: `request ${got} has body ${JSON.stringify(sent)}; the cassette expects ${JSON.stringify(want.body)}` };
    }
  }
  if (exchange.networkError) throw { network: "replayed network error" };
  return exchange;
}

// ---------------------------------------------------------------------------------------------
// the ops

/** `ctx.now()`: ms since the epoch from the call's clock. */
export function op_trove_now() {
  if (call === null) throw noCall();
  return call.now ?? Date.now();
}

/** The baselines keep no log budget: every line is written. */
export function op_trove_log_open() {
  return true;
}

/** Never called: op_trove_log_open always answers true. */
export function op_trove_log_dropped(_chars) {}

/** A handler's stack for the host's debug log; the baselines have no such log. */
export function op_trove_handler_stack(_stack) {}

/** The call's frozen instant (ms) when its clock is frozen; the baselines never freeze it. */
export function op_trove_frozen_now() {
  if (call === null) throw noCall();
  return null;
}

/** `ctx.log(...)`: the JSON array of the line's arguments, kept in the call's state. */
export function op_trove_log(level, argsJson) {
  if (call === null) throw noCall();
  call.logs.push(level, argsJson);
}

/** A line the host writes for the call (js/host.js: a result JSON cannot carry): to stderr. */
export function op_trove_console(level, text, _stray) {
  console.error(`${level}: ${text}`);
}

/** `ctx.secret(name)`: the value, `null` when declared but unset; rejects for an undeclared name. */
export async function op_trove_secret(name) {
  if (scope === null || call === null) throw noCall();
  if (!scope.secrets.has(name)) throw new Error("ctx.secret callback failed: 404 secret not declared");
  const value = call.secrets.get(name);
  return value === undefined ? null : value;
}

/** `ctx.requireSecret(name)`: the value, or "not set" for an unset or undeclared name. */
export async function op_trove_require_secret(name) {
  if (scope === null || call === null) throw noCall();
  const value = scope.secrets.has(name) ? call.secrets.get(name) : undefined;
  if (value === undefined || value === "") {
    return { outcome: "notSet", message: `${name} is not set. Run \`trove secret set <server> ${name} --from-stdin\`.` };
  }
  return { outcome: "value", value };
}

/** The URL-only egress rules, synchronously: the refusal message or null. */
export function op_trove_egress_check(url) {
  if (scope === null) return null;
  return checkUrl(String(url), scope.entries).refusal ?? null;
}

const MAX_REQUEST_BODY_BYTES = 2 * 1024 * 1024;
const MAX_REQUESTS = 100;
const requestTooLarge = (n) => `Request body exceeded the ${n}-byte limit.`;

/** A streamed request body's running size: the refusal once it is over the cap, else null. */
export function op_trove_request_body_check(size) {
  return size <= MAX_REQUEST_BODY_BYTES ? null : requestTooLarge(MAX_REQUEST_BODY_BYTES);
}

// RequestInit's enumerated members and their values (Rust: `ENUMS` in ops/src/egress/init.rs).
const INIT_ENUMS = {
  referrerPolicy: [
    "",
    "no-referrer",
    "no-referrer-when-downgrade",
    "same-origin",
    "origin",
    "strict-origin",
    "origin-when-cross-origin",
    "strict-origin-when-cross-origin",
    "unsafe-url",
  ],
  mode: ["navigate", "same-origin", "no-cors", "cors"],
  credentials: ["omit", "same-origin", "include"],
  cache: ["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"],
  redirect: ["follow", "manual", "error"],
  duplex: ["half"],
};
const invalidEnum = (member, value) =>
  `Request constructor: ${value} is not an accepted type. Expected one of ${INIT_ENUMS[member].join(", ")}.`;

/** One `init` member's conversion check as it is read (Rust: `check_init_member`): the message or null. */
export function op_trove_request_member(member, value) {
  if (member === "method") {
    for (let i = 0; i < value.length; i++) {
      const unit = value.charCodeAt(i);
      if (unit > 255) {
        return `Cannot convert argument to a ByteString because the character at index ${i} has a value of ${unit} which is greater than 255.`;
      }
    }
    return null;
  }
  const allowed = INIT_ENUMS[member];
  return allowed === undefined || allowed.includes(value) ? null : invalidEnum(member, value);
}

/** The Request constructor's checks on a request and its `init` (Rust: `check_request_init`): the message or null. */
export function op_trove_request_check(
  method,
  redirect,
  hasBody,
  window,
  referrer,
  mode,
  cache,
  badSignal,
  stream,
  keepalive,
  duplex,
  dispatcher,
) {
  for (const [member, value] of [["redirect", redirect], ["mode", mode], ["cache", cache]]) {
    if (value !== null && !INIT_ENUMS[member].includes(value)) return invalidEnum(member, value);
  }
  if (window) return "'window' option 'client' must be null";
  if (referrer !== null && referrer !== "" && !URL.canParse(referrer)) return `Referrer "${referrer}" is not a valid URL.`;
  const requestMode = mode ?? "cors";
  if (requestMode === "navigate") return "Request constructor: invalid request mode navigate.";
  if (cache === "only-if-cached" && requestMode !== "same-origin") {
    return "'only-if-cached' can be set only with 'same-origin' mode";
  }
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(method)) return `'${method}' is not a valid HTTP method.`;
  const upper = method.toUpperCase();
  if (["CONNECT", "TRACE", "TRACK"].includes(upper)) return `'${method}' HTTP method is unsupported.`;
  if (badSignal) return "Failed to construct 'Request': member signal is not of type AbortSignal.";
  const normal = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"].includes(upper) ? upper : method;
  if (requestMode === "no-cors" && !["GET", "HEAD", "POST"].includes(normal)) return `'${normal} is unsupported in no-cors mode.`;
  if (hasBody && (upper === "GET" || upper === "HEAD")) return "Request with GET/HEAD method cannot have body.";
  if (stream !== 0) {
    if (keepalive) return "keepalive";
    if (stream === 2) return "Response body object should not be disturbed or locked";
    if (!duplex) return "RequestInit: duplex option is required when sending a body.";
    if (requestMode !== "same-origin" && requestMode !== "cors") {
      return 'If request is made from ReadableStream, mode should be "same-origin" or "cors"';
    }
  }
  if (dispatcher) return "fetch failed";
  return null;
}

/**
 * A response body against `init.integrity` (Rust: `check_integrity`). Not shimmed: any
 * non-empty integrity fails loudly, never passes silently.
 */
export function op_trove_integrity_check(integrity, _method, _status, _body) {
  return integrity === "" ? null : "bench shim: init.integrity is not shimmed";
}

/** A cancel handle for one `ctx.fetch` with an `AbortSignal`; `core.tryClose(rid)` cancels it. */
export function op_trove_fetch_cancel_handle() {
  const handle = {
    cancelled: false,
    close() {
      handle.cancelled = true;
    },
  };
  return addResource(handle);
}

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const STANDARD_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];
const toolError = (message, retryable = false) => ({ outcome: "toolError", message, retryable });
const typeError = (message) => ({ outcome: "typeError", message });

/** Egress::fetch up to the transport, then the cassette. Returns the outcome object. */
function egressFetch(request, body) {
  const checked = checkUrl(request.url, scope.entries);
  if (checked.refusal !== undefined) return toolError(checked.refusal);
  const url = checked.url;
  if (url.username !== "" || url.password !== "") {
    return typeError("Request cannot be constructed from a URL that includes credentials");
  }
  const redirect = request.redirect;
  if (redirect !== null && redirect !== undefined && redirect !== "follow" && redirect !== "manual" && redirect !== "error") {
    return typeError(invalidEnum("redirect", redirect));
  }
  const raw = request.method;
  if (!HTTP_TOKEN.test(raw)) return typeError(`'${raw}' is not a valid HTTP method.`);
  const upper = raw.toUpperCase();
  if (upper === "CONNECT" || upper === "TRACE" || upper === "TRACK") return typeError(`'${raw}' HTTP method is unsupported.`);
  const method = STANDARD_METHODS.includes(upper) ? upper : raw;
  if (body !== null && (method === "GET" || method === "HEAD")) {
    return typeError("Request with GET/HEAD method cannot have body.");
  }
  if (body !== null && body.byteLength > MAX_REQUEST_BODY_BYTES) return toolError(requestTooLarge(MAX_REQUEST_BODY_BYTES));
  if (scope.apiHost !== null && url.hostname === scope.apiHost) {
    // The OAuth mint (contract section 5) is not part of the shim: fail loudly, never silently.
    return typeError("bench shim: auth oauth2_client_credentials is not shimmed");
  }
  if (call.sent >= MAX_REQUESTS) {
    return toolError(`Egress budget exhausted: a call may send at most ${MAX_REQUESTS} requests.`);
  }
  call.sent++;
  let exchange;
  try {
    exchange = replay(method, url, body);
  } catch (failure) {
    if (failure.replay !== undefined) {
      call.failures.push(failure.replay);
      return typeError(`replay: ${failure.replay}`);
    }
    return typeError("fetch failed");
  }
  // The replay transport never follows redirects: a recorded 3xx is handed back as it is.
  return {
    outcome: "response",
    status: exchange.status,
    statusText: "",
    headers: exchange.headers,
    body: exchange.body.slice(),
    url: url.href,
    redirected: false,
  };
}

/** `ctx.fetch`: the egress pipeline over the cassette. `cancelRid` is -1 without a signal. */
export async function op_trove_fetch(url, method, headers, redirect, defaultContentType, hasBody, body, cancelRid) {
  if (scope === null || call === null) throw noCall();
  const cancel = cancelRid >= 0 ? resources.get(cancelRid) : undefined;
  if (cancel?.cancelled) return { outcome: "aborted" };
  const request = { url, method, headers, redirect, defaultContentType, hasBody };
  return egressFetch(request, hasBody ? body : null);
}

/** `ctx.trove.<operation>(variables)`: always rejects (no knowledge base in the baseline). */
export async function op_trove_kb(_operation, _variables) {
  if (scope === null || call === null) throw noCall();
  let asked = [];
  try {
    const parsed = JSON.parse(call.callJson);
    if (Array.isArray(parsed?.scopes)) asked = parsed.scopes;
  } catch {
    // unreachable: the call parsed before it started
  }
  if (!asked.some((s) => s === "trove:search" || s === "trove:ingest")) {
    throw new Error("ctx.trove callback failed: 403 scope not granted");
  }
  throw new Error("ctx.trove callback failed: no knowledge base is configured");
}

/**
 * The SDK reports that this instance should be retired after the current call (a handler's
 * stack overflowed). trove-host replaces the isolate; the baseline only records it.
 */
export function op_trove_isolate_unsound(why) {
  unsound ??= String(why);
}

/** Why the instance was reported unsound (op_trove_isolate_unsound), or null. */
export function unsoundReason() {
  return unsound;
}

/** Rust's `is_tool_name` (runtime/src/describe.rs). */
export function op_trove_is_tool_name(name) {
  return /^[a-zA-Z0-9_-]+$/.test(name);
}

// Rust's `declaration_problems` (ops/src/manifest.rs), for Node: the same rules and messages.
const SCOPES = ["trove:search", "trove:ingest"];
const CONFIG_TYPES = ["text", "text[]", "url", "url[]", "path", "number", "boolean"];
const CONFIG_KEYS = ["label", "type", "placeholder", "pattern", "hint", "default", "directory"];
const AUTH_FIELDS = ["tokenUrl", "clientIdSecret", "clientSecretSecret", "apiHost"];
const nonEmpty = (v) => typeof v === "string" && v.trim() !== "";
const q = (v) => JSON.stringify(v) ?? String(v);
const isEgressEntry = (s) => {
  const m = /^([a-z0-9-]+(\.[a-z0-9-]+)+)(:(\d{1,5}))?$/.exec(s);
  return m !== null && (m[4] === undefined || Number(m[4]) <= 65535);
};

function listProblems(d, key, check, message) {
  const value = d[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) return [`${key} must be an array`];
  return value.filter((entry) => !(typeof entry === "string" && check(entry))).map((entry) => message(q(entry)));
}

/** Every manifest-level problem of the declaration (keys and JSON texts), as Rust lists them. */
export function op_trove_declaration_problems(keys, texts) {
  const d = {};
  const problems = [];
  keys.forEach((key, i) => {
    try {
      d[key] = JSON.parse(texts[i]);
    } catch (e) {
      problems.push(`${key} cannot be read as plain data (${e.message})`);
    }
  });
  if (typeof d.id !== "string" || !/^[a-z0-9-]+$/.test(d.id)) problems.push(`id ${q(d.id)} must match /^[a-z0-9-]+$/`);
  for (const key of ["name", "description", "icon"]) {
    if (!nonEmpty(d[key])) problems.push(`${key} must be a non-empty string`);
  }
  if (typeof d.version !== "string" || !/^[0-9]+\.[0-9]+\.[0-9]+(-[A-Za-z0-9_.]+)?$/.test(d.version)) {
    problems.push(`version ${q(d.version)} is not a semver string`);
  }
  if (d.visibility !== undefined && d.visibility !== "public" && d.visibility !== "private") {
    problems.push(`visibility ${q(d.visibility)} must be "public" or "private"`);
  }
  problems.push(...listProblems(d, "secrets", (s) => /^[A-Z][A-Z0-9_]*$/.test(s), (s) => `secrets entry ${s} must be a NAME (UPPER_SNAKE_CASE)`));
  problems.push(...listProblems(d, "egress", isEgressEntry, (s) => `egress entry ${s} is not a bare hostname (optional :port)`));
  problems.push(...listProblems(d, "scopes", (s) => SCOPES.includes(s), (s) => `scopes entry ${s} must be one of ${SCOPES.join(", ")}`));
  if (d.auth !== undefined) {
    const auth = d.auth;
    if (auth === null || typeof auth !== "object" || Array.isArray(auth) || auth.type !== "oauth2_client_credentials") {
      problems.push(`auth.type ${q(auth?.type)} is not supported (only "oauth2_client_credentials")`);
    } else {
      for (const f of AUTH_FIELDS) if (!nonEmpty(auth[f])) problems.push(`auth.${f} must be a non-empty string`);
      if (auth.scope !== undefined && typeof auth.scope !== "string") problems.push("auth.scope must be a string");
    }
  }
  if (d.config !== undefined) {
    const fields = d.config;
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
      problems.push("config must be an object of field name -> field");
    } else {
      for (const [name, field] of Object.entries(fields)) {
        if (field === null || typeof field !== "object" || Array.isArray(field)) {
          problems.push(`config field ${q(name)} must be an object`);
          continue;
        }
        if (field.type !== undefined && !CONFIG_TYPES.includes(field.type)) {
          problems.push(`config field ${q(name)} has type ${q(field.type)}; expected one of ${CONFIG_TYPES.join(", ")}`);
        }
        for (const key of Object.keys(field)) {
          if (!CONFIG_KEYS.includes(key)) problems.push(`config field ${q(name)} has unknown key ${q(key)}`);
        }
      }
    }
  }
  return problems;
}

/** Whether the call gets `ctx.trove`: asked by the call and declared by the manifest. */
export function op_trove_has_trove() {
  if (scope === null || call === null) return false;
  let asked = [];
  try {
    const parsed = JSON.parse(call.callJson);
    if (Array.isArray(parsed?.scopes)) asked = parsed.scopes;
  } catch {
    // unreachable: the call parsed before it started
  }
  return asked.some((s) => scope.scopes.has(s));
}

/** Whether the call has a cache: never in the baseline. */
export function op_trove_has_cache() {
  return false;
}

/** `ctx.cache.get`: `null` (no cache). */
export function op_trove_cache_get(_key) {
  if (scope === null || call === null) throw noCall();
  return null;
}

/** `ctx.cache.put`: nothing (no cache). */
export function op_trove_cache_put(_key, _value, _ttlSeconds) {
  if (scope === null || call === null) throw noCall();
}
