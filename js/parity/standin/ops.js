// `ext:core/ops` for the stand-in `@ontrove/extend` package: what the Node SDK does under
// `ctx`, in JavaScript, for trove-host's own SDK module (js/toolkit.js). The ops that do not
// touch the outside world (request shape checks, body cap, known scopes, no cache, ...) are
// the benchmark's shims (bench/js/shims/ops.js), re-exported as they are; the ones below
// override them (an ES module's own exports win over `export *`) with the Node SDK's
// behaviour instead of the bench harness's:
//
//   clock    `new Date()` (no argument), read when ctx.now() is called;
//   log      redacted (every secret value resolved in this call) and written to `console`;
//   secrets  POST {ctxToken, name} to `${callbackBase}/internal/secret` through the global
//            `fetch` (looked up at call time);
//   trove    present when the CALL's scopes ask for it (the SDK does not look at the
//            manifest); POST {ctxToken, operation, variables} to `${callbackBase}/internal/trove`;
//   egress   the SDK's URL rules only (contract section 6, no **host** rules), then the global
//            `fetch`, with the default user agent and the OAuth client-credentials Bearer.
//
// Per-call state is set by `runCall` (standin/entry.js wraps every definition's `handle`).
// One call at a time: a second call that starts while one is running replaces its state.
import { addResource, resources } from "../../../bench/js/shims/core.js";
import { sdkEgressRefusal } from "../../../bench/js/shims/ops.js";

export * from "../../../bench/js/shims/ops.js";

const NO_CALL = "ctx is only usable while its tool call is running";
const USER_AGENT = "@ontrove/extend/toolkit (+https://ontrove.sh)";
const STANDARD_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `{ toolkit: { egress, auth }, call, redactions: Set<string> }` of the call in progress. */
let current = null;
/** OAuth tokens, module-level like the SDK's: client id value -> { token, until (ms) }. */
const tokens = new Map();

/** Runs `run(call)` with `call`'s per-call state; `toolkit` is `{ egress, auth }`. */
export async function runCall(toolkit, run, call) {
  const state = {
    toolkit,
    call: call !== null && typeof call === "object" ? call : {},
    redactions: new Set(),
  };
  current = state;
  try {
    return await run(call);
  } finally {
    if (current === state) current = null;
  }
}

function live() {
  if (current === null) throw new Error(NO_CALL);
  return current;
}

// ---------------------------------------------------------------------------------------------
// clock and log

/** `ctx.now()`: the SDK's `new Date()`. */
export function op_trove_now() {
  return new Date().getTime();
}

/** Every resolved secret value (longest first) replaced by `[redacted]`, in strings and keys. */
function redact(value, secrets) {
  if (secrets.length === 0) return value;
  const scrub = (s) => {
    for (const secret of secrets) s = s.split(secret).join("[redacted]");
    return s;
  };
  const walk = (v) => {
    if (typeof v === "string") return scrub(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out = {};
      for (const [k, inner] of Object.entries(v)) out[scrub(k)] = walk(inner);
      return out;
    }
    return v;
  };
  return walk(value);
}

/** `ctx.log(...)`: the projected arguments (ops/src/log.js), redacted, to `console`. */
export function op_trove_log(level, argsJson) {
  const state = live();
  const secrets = [...state.redactions].sort((a, b) => b.length - a.length);
  const args = redact(JSON.parse(argsJson), secrets);
  const method = level === "error" ? "error" : level === "warn" ? "warn" : "info";
  globalThis.console[method](...args);
}

// ---------------------------------------------------------------------------------------------
// platform callbacks

async function callback(state, kind, payload) {
  const base = state.call.callbackBase;
  if (typeof base !== "string" || base === "") {
    throw new Error(`ctx.${kind} callback failed: the call has no callbackBase`);
  }
  const response = await globalThis.fetch(`${base.replace(/\/+$/, "")}/internal/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ctxToken: state.call.ctxToken, ...payload }),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(`ctx.${kind} callback failed: ${response.status}${text ? ` ${text.slice(0, 200)}` : ""}`);
  }
  return response.json();
}

/** `ctx.secret(name)`: the platform's answer; a non-empty value joins the call's redactions. */
export async function op_trove_secret(name) {
  const state = live();
  const answer = await callback(state, "secret", { name });
  const value = answer?.value;
  if (typeof value !== "string") return null;
  if (value !== "") state.redactions.add(value);
  return value;
}

/** Whether the call gets `ctx.trove`: the call's scopes alone, as the SDK decides. */
export function op_trove_has_trove() {
  const scopes = current?.call.scopes;
  return Array.isArray(scopes) && scopes.some((s) => s === "trove:search" || s === "trove:ingest");
}

/** `ctx.trove.<operation>(variables)`: the platform's `data`. */
export async function op_trove_kb(operation, variables) {
  const state = live();
  const answer = await callback(state, "trove", { operation, variables });
  return answer?.data;
}

// ---------------------------------------------------------------------------------------------
// egress

/** The SDK's URL rules (no host rules): the refusal message or null. */
export function op_trove_egress_check(url) {
  return sdkEgressRefusal(String(url), live().toolkit.egress);
}

/** A cancel handle whose closing aborts the global fetch it was given to. */
export function op_trove_fetch_cancel_handle() {
  const controller = new AbortController();
  const handle = {
    cancelled: false,
    signal: controller.signal,
    close() {
      handle.cancelled = true;
      controller.abort();
    },
  };
  return addResource(handle);
}

const toolError = (message, retryable = false) => ({ outcome: "toolError", message, retryable });
const typeError = (message) => ({ outcome: "typeError", message });
class Refusal extends Error {
  constructor(outcome) {
    super(outcome.message);
    this.outcome = outcome;
  }
}

const notSet = (name) => `${name} is not set. Run \`trove secret set <server> ${name} --from-stdin\`.`;

/**
 * `ctx.requireSecret(name)`: the platform's value, or "not set" for an unset name and (as the
 * platform answers 404 for it) an undeclared one; any other callback failure rejects.
 */
export async function op_trove_require_secret(name) {
  let value;
  try {
    value = await op_trove_secret(name);
  } catch (err) {
    if (!String(err?.message).startsWith("ctx.secret callback failed: 404")) throw err;
  }
  if (typeof value !== "string" || value === "") return { outcome: "notSet", message: notSet(name) };
  return { outcome: "value", value };
}

/** A secret the SDK itself needs (OAuth): the value, or the `requireSecret` ToolError. */
async function requireValue(name) {
  let answer;
  try {
    answer = await op_trove_require_secret(name);
  } catch {
    // A credential that cannot be read: a network failure, as the host makes it.
    throw new Refusal(typeError("fetch failed"));
  }
  if (answer.outcome === "notSet") throw new Refusal(toolError(answer.message));
  return answer.value;
}

function basic(id, secret) {
  let binary = "";
  for (const byte of encoder.encode(`${id}:${secret}`)) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** A live token for the toolkit's `auth`: `{ clientId, token }` (contract section 5). */
async function token(state) {
  const auth = state.toolkit.auth;
  const clientId = await requireValue(auth.clientIdSecret);
  const cached = tokens.get(clientId);
  if (cached !== undefined && Date.now() < cached.until) return { clientId, token: cached.token };
  const clientSecret = await requireValue(auth.clientSecretSecret);
  const refusal = sdkEgressRefusal(auth.tokenUrl, state.toolkit.egress);
  if (refusal !== null) throw new Refusal(toolError(refusal));
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (typeof auth.scope === "string") form.set("scope", auth.scope);
  let response;
  try {
    response = await globalThis.fetch(auth.tokenUrl, {
      method: "POST",
      headers: { authorization: basic(clientId, clientSecret), "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  } catch (err) {
    throw new Refusal(typeError(String(err?.message ?? err)));
  }
  const s = response.status;
  const text = await response.text().catch(() => "");
  if (s === 400 || s === 401 || s === 403) {
    throw new Refusal(toolError("OAuth client credentials were rejected (check the configured secrets)."));
  }
  if (s === 429 || s >= 500) throw new Refusal(toolError("OAuth token endpoint is temporarily unavailable.", true));
  if (s < 200 || s > 299) throw new Refusal(toolError(`OAuth token endpoint returned HTTP ${s}.`));
  let parsed = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const access = parsed?.access_token;
  if (typeof access !== "string" || access === "") {
    throw new Refusal(toolError("OAuth token endpoint returned no access_token.", true));
  }
  const expiresIn = typeof parsed.expires_in === "number" ? parsed.expires_in : 3600;
  tokens.set(clientId, { token: access, until: Date.now() + (Math.max(expiresIn, 0) - 60) * 1000 });
  return { clientId, token: access };
}

/** The request body as the toolkit meant it, for the global fetch (its own defaults apply). */
function wireBody(bytes, defaultContentType, headers) {
  if (bytes === null) return null;
  if (defaultContentType === "text/plain;charset=UTF-8") return decoder.decode(bytes);
  if (defaultContentType === "application/x-www-form-urlencoded;charset=UTF-8") {
    return new URLSearchParams(decoder.decode(bytes));
  }
  if (defaultContentType !== null && !headers.some(([k]) => k === "content-type")) {
    // Blob / FormData: the type (multipart boundary) the body carried.
    headers.push(["content-type", defaultContentType]);
  }
  return bytes;
}

/** `ctx.fetch` after fetch.js: the SDK's egress rules, its headers, OAuth, the global fetch. */
export async function op_trove_fetch(requestUrl, requestMethod, requestHeaders, redirect, defaultContentType, hasBody, body, cancelRid) {
  const request = { url: requestUrl, method: requestMethod, headers: requestHeaders, redirect, defaultContentType, hasBody };
  const state = live();
  const cancel = cancelRid >= 0 ? resources.get(cancelRid) : undefined;
  if (cancel?.cancelled) return { outcome: "aborted" };
  try {
    const refusal = sdkEgressRefusal(request.url, state.toolkit.egress);
    if (refusal !== null) return toolError(refusal);
    const url = new URL(request.url);
    if (url.username !== "" || url.password !== "") {
      return typeError("Request cannot be constructed from a URL that includes credentials");
    }
    const upper = request.method.toUpperCase();
    const method = STANDARD_METHODS.includes(upper) ? upper : request.method;
    const headers = request.headers.map(([k, v]) => [k, v]);
    if (!headers.some(([k]) => k === "user-agent")) headers.push(["user-agent", USER_AGENT]);
    const bytes = request.hasBody ? body : null;
    const wire = wireBody(bytes, request.defaultContentType ?? null, headers);
    const auth = state.toolkit.auth;
    // As the host decides (ops/src/egress/send.rs `is_api_host`): the URL's host, with its port.
    const oauth = auth !== null && url.host === auth.apiHost.replace(/:443$/, "");
    const setBearer = (t) => {
      const i = headers.findIndex(([k]) => k === "authorization");
      if (i !== -1) headers.splice(i, 1);
      headers.push(["authorization", `Bearer ${t}`]);
    };
    let minted = null;
    if (oauth) {
      minted = await token(state);
      setBearer(minted.token);
    }
    const send = () => {
      const init = { method, headers: headers.map(([k, v]) => [k, v]) };
      if (wire !== null) init.body = wire;
      if (request.redirect !== null && request.redirect !== undefined) init.redirect = request.redirect;
      if (cancel !== undefined) init.signal = cancel.signal;
      return globalThis.fetch(request.url, init);
    };
    let response;
    try {
      response = await send();
      if (oauth && (response.status === 401 || response.status === 403)) {
        await response.body?.cancel().catch(() => {});
        tokens.delete(minted.clientId);
        minted = await token(state);
        setBearer(minted.token);
        response = await send();
      }
    } catch (err) {
      if (err instanceof Refusal) throw err;
      if (cancel?.cancelled) return { outcome: "aborted" };
      return typeError(String(err?.message ?? err));
    }
    return {
      outcome: "response",
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: new Uint8Array(await response.arrayBuffer()),
      url: response.url || url.href,
      redirected: response.redirected === true,
    };
  } catch (err) {
    if (err instanceof Refusal) return err.outcome;
    throw err;
  }
}
