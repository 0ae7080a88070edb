// `@ontrove/extend/toolkit` as trove-host provides it: the module every toolkit imports.
//
// Exports what the Node SDK exports (contract section 1): `z` (the real zod 4, bundled), `defineToolkit`,
// `tool`, `ToolError`, `toToolkitManifest`. `defineToolkit` validates eagerly (contract section 2); the
// definition's `handle(call)` runs the call algorithm of contract section 4 and builds `ctx` (section 5) from
// Rust ops: every boundary (egress, secrets, redaction, scopes) is decided in Rust, not here.
import { core, primordials } from "ext:core/mod.js";
import {
  op_trove_cache_get,
  op_trove_cache_put,
  op_trove_has_cache,
  op_trove_has_trove,
  op_trove_is_tool_name,
  op_trove_isolate_unsound,
  op_trove_declaration_problems,
  op_trove_now,
} from "ext:core/ops";
// Each ctx capability's JavaScript sits beside its ops in the ops crate.
import { fetch, fetchJson } from "ext:trove_ops/egress/fetch.js";
import { emit, reportHandlerStack } from "ext:trove_ops/log.js";
import { requireSecret, secret } from "ext:trove_ops/secrets/secret.js";
import { ToolError } from "ext:trove_ops/tool_error.js";
import { kb } from "ext:trove_ops/trove.js";
import { z } from "ext:trove/vendor/zod.js";

// From the extension itself, not from a global a toolkit could replace; loaded on first use.
const structuredClone = (value) => core.loadExtScript("ext:deno_web/02_structured_clone.js").structuredClone(value);

export { ToolError, z };

// Captured before any toolkit code runs: a toolkit may replace `JSON.stringify`,
// `WeakMap.prototype.get` or `Object.keys`, but not these.
const {
  ArrayIsArray,
  ArrayPrototypeJoin,
  ArrayPrototypePush,
  JSONParse,
  JSONStringify,
  ObjectFreeze,
  ObjectGetPrototypeOf,
  ObjectKeys,
  ObjectPrototype,
  ReflectApply,
  RegExpPrototypeExec,
  SafeSet,
  SafeWeakMap,
  StringPrototypeSlice,
  StringPrototypeStartsWith,
  StringPrototypeTrim,
  WeakMapPrototypeSet,
} = primordials;

/** Identity; exists for typing. */
export function tool(definition) {
  return definition;
}

/** The manifest: the config without `tools` and `auth`, plus `generated: true` (contract section 3). */
export function toToolkitManifest(config) {
  const { tools: _tools, auth: _auth, ...rest } = config;
  return { ...rest, generated: true };
}

// ---------------------------------------------------------------------------------------------
// section 2 validation

const nonEmpty = (v) => typeof v === "string" && StringPrototypeTrim(v) !== "";
// A value as the SDK quotes it in a message (its JSON); never throws, whatever it is.
function q(v) {
  try {
    return JSONStringify(v) ?? String(v);
  } catch {
    return typeof v;
  }
}

// JSON of plain data only: an object that is not a plain object or an array (a Date, a boxed
// string) is sent as `{}`, so it fails a check that wants a string as it always has.
function plainOnly(key, value) {
  const original = this[key];
  if (original !== null && typeof original === "object" && !ArrayIsArray(original)) {
    const proto = ObjectGetPrototypeOf(original);
    if (proto !== ObjectPrototype && proto !== null) return {};
  }
  return value;
}

/**
 * `config`'s own keys but `tools` (the keys the manifest snapshot takes) and each value's JSON
 * text, for Rust (ops/src/manifest.rs `declaration_problems`, the one definition of a valid
 * manifest). A value JSON cannot hold (a function, a BigInt, a cycle) is sent as null.
 * Primordials only: a toolkit's replaced builtins do not change what is sent.
 */
function declarationTexts(config) {
  const keys = [];
  const texts = [];
  const own = ObjectKeys(config);
  for (let i = 0; i < own.length; i++) {
    const key = own[i];
    if (key === "tools") continue;
    const value = config[key];
    if (value === undefined) continue;
    let json;
    try {
      json = JSONStringify(value, plainOnly);
    } catch {
      json = undefined;
    }
    ArrayPrototypePush(keys, key);
    ArrayPrototypePush(texts, json ?? "null");
  }
  return [keys, texts];
}

/** Every manifest-level problem of `config`, in declaration order (reported together): Rust's, then `tools`. */
function manifestProblems(config) {
  // Indexed, not destructured: destructuring runs `Array.prototype[Symbol.iterator]`, which the
  // toolkit's own module may have replaced before it calls defineToolkit.
  const declared = declarationTexts(config);
  const problems = op_trove_declaration_problems(declared[0], declared[1]);
  if (!ArrayIsArray(config.tools) || config.tools.length === 0) ArrayPrototypePush(problems, "tools must be a non-empty array");
  return problems;
}

/**
 * Tool-level problems of one tool, each as the SDK's message (the SDK throws the first of them;
 * the host lists them all). An empty array for a sound tool.
 */
function toolProblems(t, seen, index) {
  // The SDK's message, then which entry (an `undefined` from a helper that forgot to return).
  if (t === null || typeof t !== "object") {
    return [`defineToolkit: every tool must be an object (use tool({...})): tools[${index}] is ${t === null ? "null" : typeof t}`];
  }
  const problems = [];
  // The name rule is Rust's (runtime/src/describe.rs), which checks the tool list again at load.
  if (typeof t.name !== "string" || !op_trove_is_tool_name(t.name)) {
    ArrayPrototypePush(problems, `defineToolkit: tool name ${q(t.name)} must match /^[a-zA-Z0-9_-]+$/`);
  } else if (seen.has(t.name)) {
    ArrayPrototypePush(problems, `defineToolkit: duplicate tool name "${t.name}"`);
  }
  seen.add(t.name);
  const name = typeof t.name === "string" ? `"${t.name}"` : q(t.name);
  if (!nonEmpty(t.description)) ArrayPrototypePush(problems, `defineToolkit: tool ${name} needs a description`);
  if (typeof t.handler !== "function") ArrayPrototypePush(problems, `defineToolkit: tool ${name} needs a handler function`);
  if (typeof t.input?.safeParse !== "function") ArrayPrototypePush(problems, `defineToolkit: tool ${name} needs an input schema (z.object({...}))`);
  if (t.output !== undefined && typeof t.output?.safeParse !== "function") {
    ArrayPrototypePush(problems, `defineToolkit: tool ${name} has an output that is not a schema`);
  }
  return problems;
}

/** What a tool's key must look like to be checked for a misspelling, and how many are. */
const KEY_LIKE = /^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/;
const MAX_TOOL_KEYS = 64;

/** The most tool problems one load error lists. */
const MAX_TOOL_PROBLEMS = 100;

/**
 * Every tool's list entry, or every problem of every tool: first each tool's checks, then the
 * schemas of the tools that passed them (the SDK's order, so the first problem is the one the
 * SDK throws).
 */
function listTools(tools, scopes) {
  const problems = [];
  const sound = [];
  const seen = new SafeSet();
  // A hostile array (`length: 5e7`, all holes) must not make the list as long as itself: the
  // first MAX_TOOL_PROBLEMS are listed, then one line says there are more.
  for (let i = 0; i < tools.length; i++) {
    const mine = toolProblems(tools[i], seen, i);
    for (let j = 0; j < mine.length; j++) ArrayPrototypePush(problems, mine[j]);
    if (mine.length === 0) ArrayPrototypePush(sound, tools[i]);
    if (problems.length >= MAX_TOOL_PROBLEMS) {
      ArrayPrototypePush(problems, "defineToolkit: (more tool problems not listed)");
      return { entries: [], problems };
    }
  }
  const entries = [];
  for (let i = 0; i < sound.length; i++) {
    try {
      ArrayPrototypePush(entries, listTool(sound[i], scopes));
    } catch (err) {
      // The first problem is the one the SDK throws, in its words; the SDK's schema message
      // does not say which tool it is about, so each one listed after it does.
      const named = problems.length > 0 && err instanceof Error && typeof err.named === "string";
      ArrayPrototypePush(problems, named ? err.named : err instanceof Error ? String(err.message) : String(err));
    }
  }
  return { entries, problems };
}

// ---------------------------------------------------------------------------------------------
// section 3 tool list

function objectSchema(schema, which, toolName) {
  let json;
  try {
    // Anything with `safeParse` is a valid schema (section 2), but only zod's convert.
    json = z.toJSONSchema(schema, { target: "draft-7", reused: "inline", io: "input" });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`defineToolkit: tool "${toolName}" ${which} schema cannot be converted to JSON Schema: ${message}`);
  }
  delete json.$schema;
  if (json.type !== "object") {
    const rest = `${which} schema must be an object (z.object({...})), got type "${json.type}"`;
    // The SDK's words; a line after the first of several names its tool (see listTools).
    const err = new Error(`tool ${rest}`);
    err.named = `tool "${toolName}" ${rest}`;
    throw err;
  }
  if (!("additionalProperties" in json)) json.additionalProperties = false;
  return json;
}

function listTool(t, manifestScopes) {
  const annotations = { ...(t.annotations ?? {}) };
  if (annotations.readOnlyHint === undefined) {
    annotations.readOnlyHint = !(t.mutating || manifestScopes.includes("trove:ingest"));
  }
  if (annotations.readOnlyHint) {
    if (annotations.destructiveHint === undefined) annotations.destructiveHint = false;
    if (annotations.openWorldHint === undefined) annotations.openWorldHint = false;
  }
  const entry = { name: t.name, description: t.description, inputSchema: objectSchema(t.input, "input", t.name), annotations };
  if (t.title !== undefined) entry.title = t.title;
  if (t.output !== undefined) entry.outputSchema = objectSchema(t.output, "output", t.name);
  if (t.alwaysOn !== undefined) entry.alwaysOn = t.alwaysOn;
  if (t.mutating !== undefined) entry.mutating = t.mutating;
  return entry;
}

/**
 * Definitions made by defineToolkit -> what the host reads: the manifest and `auth` as they
 * were when validated (deep copies: changing the config afterwards changes nothing), the tool
 * list, and the call entry point. Rust re-checks every policy field of the manifest.
 * Read and written only through the primordial `WeakMapPrototypeGet`/`Set`: made while the
 * bootstrap runs, it comes back from the startup snapshot with `WeakMap.prototype` (a toolkit
 * may replace its methods) as its prototype, not `SafeWeakMap.prototype`
 * (runtime/src/snapshot.rs).
 */
export const registry = new SafeWeakMap();

/** A deep copy of the manifest part of `config` (key order kept) and of its `auth`. */
function snapshot(config) {
  const manifest = {};
  for (const key of ObjectKeys(config)) {
    if (key === "tools" || key === "auth") continue;
    try {
      manifest[key] = structuredClone(config[key]);
    } catch {
      throw new Error(`defineToolkit: ${key} must be plain data (strings, numbers, arrays, objects)`);
    }
  }
  manifest.generated = true;
  let auth;
  try {
    auth = structuredClone(config.auth);
  } catch {
    throw new Error("defineToolkit: auth must be plain data");
  }
  return { manifest, auth };
}

/** Validates `config` (contract section 2) and returns the definition `{ tools, handle }`. */
export function defineToolkit(config) {
  if (config === null || typeof config !== "object") throw new Error("defineToolkit: expected a config object");
  const problems = manifestProblems(config);
  // Every problem is reported at once (host): a single one in the SDK's own words, several
  // each on a line of its own, the tools' after the declaration's.
  const scopes = ArrayIsArray(config.scopes) ? config.scopes : [];
  const listed = ArrayIsArray(config.tools) ? listTools(config.tools, scopes) : { entries: [], problems: [] };
  if (problems.length > 0) {
    const prefix = "defineToolkit: ";
    for (let i = 0; i < listed.problems.length; i++) {
      const p = listed.problems[i];
      ArrayPrototypePush(problems, StringPrototypeStartsWith(p, prefix) ? StringPrototypeSlice(p, prefix.length) : p);
    }
    throw new Error(`defineToolkit: ${typeof config.id === "string" ? config.id : q(config.id)} has an invalid declaration:\n  ${ArrayPrototypeJoin(problems, "\n  ")}`);
  }
  if (listed.problems.length > 0) throw new Error(ArrayPrototypeJoin(listed.problems, "\n"));
  const { manifest, auth } = snapshot(config);
  const tools = listed.entries;
  const byName = new Map(config.tools.map((t) => [t.name, t]));
  const run = (call) => handle(byName, call);
  const definition = { tools, handle: run };
  // Each tool's own keys that could be a misspelt one, for Rust to name (ops/src/manifest.rs
  // `likely_typos`): only short identifiers, so that no key JSON cannot carry (a lone surrogate)
  // or no flood of keys reaches the description.
  const toolKeys = [];
  for (let i = 0; i < config.tools.length; i++) {
    const own = ObjectKeys(config.tools[i]);
    const kept = [];
    for (let k = 0; k < own.length && kept.length < MAX_TOOL_KEYS; k++) {
      if (RegExpPrototypeExec(KEY_LIKE, own[k]) !== null) ArrayPrototypePush(kept, own[k]);
    }
    ArrayPrototypePush(toolKeys, kept);
  }
  WeakMapPrototypeSet(registry, definition, ObjectFreeze({ manifest, auth, tools: JSONParse(JSONStringify(tools)), toolKeys, run }));
  return definition;
}

// ---------------------------------------------------------------------------------------------
// section 4 the call

const failure = (error, code, retryable = false) => ({ ok: false, error, retryable, code });
const formatIssues = (issues) =>
  issues.map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`).join("; ");

/** Whether `err` is the engine's stack-overflow error (QuickJS: InternalError; V8: RangeError). */
function isStackOverflow(err) {
  if (err === null || typeof err !== "object") return false;
  try {
    return /stack overflow|Maximum call stack size exceeded/i.test(String(err.message ?? ""));
  } catch {
    return false;
  }
}

async function handle(byName, call) {
  if (call === null || typeof call !== "object" || typeof call.tool !== "string") {
    return failure("malformed tool call", "BAD_REQUEST");
  }
  const t = byName.get(call.tool);
  if (t === undefined) return failure(`unknown tool "${call.tool}"`, "UNKNOWN_TOOL");
  const parsed = t.input.safeParse(call.args);
  if (!parsed.success) {
    return failure(`invalid arguments for "${t.name}": ${formatIssues(parsed.error.issues)}`, "INVALID_PARAMS");
  }
  const { ctx, revoke } = buildCtx(call);
  let result;
  try {
    result = normaliseResult(await t.handler(parsed.data, ctx));
  } catch (err) {
    if (err instanceof ToolError) return failure(String(err.message), "TOOL_ERROR", err.retryable === true);
    if (isStackOverflow(err)) op_trove_isolate_unsound("the handler's stack overflowed");
    emit("error", ["handler error", err]);
    reportHandlerStack(err);
    return failure("tool failed", "TOOL_ERROR");
  } finally {
    revoke();
  }
  if (t.output !== undefined && result.structured !== undefined) {
    const out = t.output.safeParse(result.structured);
    if (!out.success) {
      return failure(
        `"${t.name}" returned structured output that does not match its declared schema: ${formatIssues(out.error.issues)}`,
        "TOOL_ERROR",
      );
    }
    return { ok: true, result, structuredContent: out.data };
  }
  return { ok: true, result };
}

function normaliseResult(value) {
  if (typeof value === "string") return { text: value };
  if (value !== null && typeof value === "object" && typeof value.text === "string") {
    const result = { text: value.text };
    if (value.structured !== undefined) result.structured = value.structured;
    return result;
  }
  throw new TypeError("a tool handler must return a string or { text, structured? }");
}

// ---------------------------------------------------------------------------------------------
// section 5 ctx

const REVOKED = "ctx is only usable while its tool call is running";

// What each member does, made once: only the guard around it is made per call.
const logInfo = (...args) => emit("info", args);
const logWarn = (...args) => emit("warn", args);
const logError = (...args) => emit("error", args);
const now = () => new Date(op_trove_now());
// Best effort, never the source of truth: keyed by toolkit and user in Rust.
const cacheGet = async (key) => op_trove_cache_get(String(key));
const cachePut = async (key, value, ttlSeconds) => {
  if (typeof value !== "string") throw new TypeError("ctx.cache.put: value must be a string");
  await op_trove_cache_put(String(key), value, Number(ttlSeconds));
};
const troveSearch = async (query, opts = {}) => {
  const data = await kb("search", { query, ...opts });
  return Array.isArray(data) ? data : [];
};
const troveGetDocument = (id) => kb("getDocument", { id });
const troveIngest = (documents) => kb("ingest", { documents });

/**
 * The call's `ctx` and a function that revokes it. Once the handler has settled, every member
 * throws: a timer a handler left behind cannot act in (or log into) a later call.
 */
function buildCtx(call) {
  let live = true;
  const guard = (fn) =>
    function (...args) {
      if (!live) throw new Error(REVOKED);
      // Not `fn.apply`: a toolkit that replaced Function.prototype.apply would be handed the
      // unguarded member, which works in any later call.
      return ReflectApply(fn, this, args);
    };
  const log = guard(logInfo);
  log.info = guard(logInfo);
  log.warn = guard(logWarn);
  log.error = guard(logError);
  const config = call.config && typeof call.config === "object" ? structuredClone(call.config) : {};
  const ctx = {
    userId: call.userId,
    config: Object.freeze(config),
    now: guard(now),
    log,
    fetch: guard(fetch),
    fetchJson: guard(fetchJson),
    secret: guard(secret),
    requireSecret: guard(requireSecret),
  };
  if (op_trove_has_cache()) {
    ctx.cache = Object.freeze({ get: guard(cacheGet), put: guard(cachePut) });
  }
  // Rust grants scopes (asked by the call and declared by the manifest); JS only asks.
  if (op_trove_has_trove()) {
    ctx.trove = {
      search: guard(troveSearch),
      getDocument: guard(troveGetDocument),
      ingest: guard(troveIngest),
    };
  }
  return { ctx, revoke: () => { live = false; } };
}
