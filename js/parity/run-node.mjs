#!/usr/bin/env node
// Runs conformance-format case files through Node with a given `@ontrove/extend` package:
// the Node side of `trove-host test TOOLKIT CASE_FILE... --against-node PKG_DIR`.
//
//   node js/parity/run-node.mjs --package PKG_DIR --toolkit TOOLKIT [--timeout SECS]
//                               [--logs auto|console|none] CASE_FILE...
//
// TOOLKIT is a directory holding extension.ts (else server.ts) or an entry file. It is
// bundled by esbuild with its own copy of the package (as a deploy bundle is); every case
// file runs on a fresh instance (the bundle imported again under its own URL), its cases in
// order, with the corpus' scripted `http`, `secrets`, `trove` and `now` (see
// ../../../shared/conformance/README.md and ./README.md). Prints ONE JSON document on stdout:
//
//   {"runtime":"node v20.x","package":"<name>@<version>","files":[{"file","loadError","tools",
//    "cases":[{"name","envelope","requests","callbacks","logs","problems"}]}]}
//
// Exit status 0 whatever the cases answered; 2 when the runner itself cannot run (bad
// arguments, unreadable case file, bundle failure), with the reason on stderr.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

export const CTX_TOKEN = "conformance-token";
export const CALLBACK_BASE = "https://callback.invalid";
const SDK_SPECIFIER = /^@ontrove\/extend(\/toolkit)?$/;
const NULL_BODY = [101, 103, 204, 205, 304];
const STANDARD_METHODS = ["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"];

class UsageError extends Error {}

// ---------------------------------------------------------------------------------------------
// arguments

const USAGE =
  "usage: node js/parity/run-node.mjs --package PKG_DIR --toolkit TOOLKIT [--timeout SECS] [--logs auto|console|none] CASE_FILE...";

function parseArgs(argv) {
  const opts = { pkg: null, toolkit: null, timeoutMs: 30_000, logs: "auto", files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new UsageError(`${a} needs a value\n${USAGE}`);
      return argv[++i];
    };
    if (a === "--package") opts.pkg = value();
    else if (a === "--toolkit") opts.toolkit = value();
    else if (a === "--timeout") {
      const s = Number(value());
      if (!(s > 0)) throw new UsageError(`--timeout must be a positive number of seconds\n${USAGE}`);
      opts.timeoutMs = s * 1000;
    } else if (a === "--logs") {
      opts.logs = value();
      if (!["auto", "console", "none"].includes(opts.logs)) throw new UsageError(`--logs must be auto, console or none\n${USAGE}`);
    } else if (a === "--help" || a === "-h") throw new UsageError(USAGE);
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}\n${USAGE}`);
    else opts.files.push(a);
  }
  if (opts.pkg === null || opts.toolkit === null || opts.files.length === 0) throw new UsageError(USAGE);
  return opts;
}

// ---------------------------------------------------------------------------------------------
// the package and the bundle

function readPackage(pkgDir) {
  const dir = path.resolve(pkgDir);
  const file = path.join(dir, "package.json");
  if (!existsSync(file)) throw new UsageError(`--package ${pkgDir}: no package.json in this directory`);
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(`--package ${pkgDir}: package.json is not JSON: ${err.message}`);
  }
  return { dir: realpathSync(dir), pkg, label: `${pkg.name ?? "(unnamed)"}@${pkg.version ?? "(unversioned)"}` };
}

/** A toolkit directory or entry file -> its entry file (extension.ts, else server.ts). */
export function entryOf(toolkit) {
  const p = path.resolve(toolkit);
  if (existsSync(p) && statSync(p).isFile()) return p;
  for (const name of ["extension.ts", "server.ts"]) {
    const candidate = path.join(p, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new UsageError(`--toolkit ${toolkit}: no extension.ts or server.ts in this directory`);
}

/** Files to try when the package's `exports` (or esbuild's resolution of it) gives nothing. */
function fallbackFiles(pkg, subpath) {
  const names =
    subpath === "toolkit"
      ? ["toolkit.js", "toolkit.mjs", "dist/toolkit.js", "dist/toolkit.mjs", "toolkit/index.js", "toolkit/index.mjs",
         "dist/toolkit/index.js", "dist/toolkit/index.mjs"]
      : [];
  for (const field of ["module", "main"]) if (typeof pkg[field] === "string") names.push(pkg[field]);
  names.push("index.js", "index.mjs", "dist/index.js", "dist/index.mjs");
  return names;
}

function isInside(file, dir) {
  const rel = path.relative(dir, file);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

function parityPlugin({ pkgDir, pkg, linkRoot }) {
  return {
    name: "trove-parity",
    setup(build) {
      build.onResolve({ filter: SDK_SPECIFIER }, async (args) => {
        if (args.pluginData?.parity) return undefined;
        const subpath = args.path === "@ontrove/extend" ? "." : "toolkit";
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: linkRoot,
          pluginData: { parity: true },
        });
        if (resolved.errors.length === 0 && resolved.path) return { path: resolved.path };
        for (const name of fallbackFiles(pkg, subpath)) {
          const candidate = path.resolve(pkgDir, name);
          if (existsSync(candidate) && statSync(candidate).isFile()) return { path: candidate };
        }
        return {
          errors: [{
            text: `${args.path}: the package at ${pkgDir} exports no "${subpath === "." ? "." : "./toolkit"}" entry (package.json "exports") and none of its usual files exist`,
          }],
        };
      });
      // The toolkit's own `console` is not the package's: its lines go to stderr, not into the
      // case's logs, which hold what the package logs (ctx.log), as trove-host's do (review 28:
      // a toolkit that used console.log differed on every case).
      build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
        if (isInside(args.path, pkgDir) || args.path.split(path.sep).includes("node_modules")) return undefined;
        const source = readFileSync(args.path, "utf8");
        const loader = /\.m?ts$/.test(args.path) ? "ts" : "js";
        return { contents: `const console = globalThis.${TOOLKIT_CONSOLE};\n${source}`, loader };
      });
      // The toolkit may import only the SDK and relative files (contract section 1); the
      // package itself and its dependencies resolve as Node would.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === "entry-point" || path.isAbsolute(args.path) || args.pluginData?.parity) return undefined;
        const importer = args.importer;
        if (importer && (isInside(importer, pkgDir) || importer.split(path.sep).includes("node_modules"))) return undefined;
        return {
          errors: [{
            text: `"${args.path}" imported by ${importer}: a toolkit may import only @ontrove/extend/toolkit (or @ontrove/extend) and relative files`,
          }],
        };
      });
    },
  };
}

/** Bundles the toolkit with the package into `outfile`; returns the metafile. */
async function bundle({ entry, pkgDir, pkg, workDir, outfile }) {
  // node_modules/@ontrove/extend -> PKG_DIR, so esbuild resolves the specifiers as Node
  // would (package.json "exports" with its conditions), from the package's real location.
  const linkRoot = path.join(workDir, "resolve");
  const link = path.join(linkRoot, "node_modules", "@ontrove", "extend");
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(pkgDir, link, "dir");
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    write: true,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
    charset: "utf8",
    // A package written for Node may `require` a built-in; an ESM bundle needs a `require`.
    banner: { js: 'import { createRequire as __troveParityRequire } from "node:module"; const require = __troveParityRequire(import.meta.url);' },
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false, experimentalDecorators: false } },
    plugins: [parityPlugin({ pkgDir, pkg, linkRoot })],
  });
  return result.metafile;
}

const CONSOLE_USE = /\bconsole\s*(\.\s*(log|info|warn|error|debug)\b|\[)/;

/** Whether the package's bundled files write to `console` at all (how logs are observed). */
function packageUsesConsole(metafile, pkgDir) {
  for (const input of Object.keys(metafile.inputs)) {
    const file = path.resolve(input);
    let real;
    try {
      real = realpathSync(file);
    } catch {
      continue;
    }
    if (!isInside(real, pkgDir)) continue;
    if (CONSOLE_USE.test(readFileSync(real, "utf8"))) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// JSON projections

/** A log argument made JSON-safe the way the corpus' `expectLogs` shows it (ops/src/log.js). */
function project(value, ancestors) {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value.replace(/\n\s+at [\s\S]*$/, "");
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (ancestors.includes(value)) return "[circular]";
  if (typeof value.toJSON === "function") {
    try {
      return project(value.toJSON(), ancestors);
    } catch {
      return String(value);
    }
  }
  ancestors.push(value);
  let out;
  if (Array.isArray(value)) {
    out = value.map((v) => project(v, ancestors));
  } else {
    out = {};
    for (const key of Object.keys(value)) out[key] = project(value[key], ancestors);
  }
  ancestors.pop();
  return out;
}

function projectLine(args) {
  try {
    return JSON.parse(JSON.stringify(args.map((a) => project(a, []))));
  } catch (err) {
    return [`[log line not serialisable: ${err?.message ?? err}]`];
  }
}

const jsonText = (v) => (typeof v === "string" ? v : JSON.stringify(v));

function normaliseUrl(text) {
  try {
    return new URL(text).href;
  } catch {
    return String(text);
  }
}

function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

// ---------------------------------------------------------------------------------------------
// the case in progress, and what stands in for the world around it

/** `{ kase, httpAt, troveAt, requests, callbacks, logs, problems }` of the running case. */
let active = null;

const realConsole = {};
const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"];

/** The `console` toolkit files see (the bundle's plugin points them at it): stderr only. */
const TOOLKIT_CONSOLE = "__troveParityToolkitConsole";

function installConsole() {
  globalThis[TOOLKIT_CONSOLE] = new console.Console({ stdout: process.stderr, stderr: process.stderr });
  for (const m of CONSOLE_METHODS) {
    const original = console[m];
    realConsole[m] = original.bind(console);
    console[m] = function (...args) {
      if (active !== null) active.logs.push(projectLine(args));
      else realConsole.error(...args); // stdout carries only the JSON document
    };
  }
}

const RealDate = Date;

/** Fakes a no-argument `new Date()` and `Date()` (and `Date.now()` when `freeze`). */
function fakeDate(nowMs, freeze) {
  const fake = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      const nt = newTarget === fake ? target : newTarget;
      return Reflect.construct(target, args.length === 0 ? [nowMs] : args, nt);
    },
    apply() {
      return new RealDate(nowMs).toString();
    },
    get(target, prop) {
      if (prop === "now" && freeze) return function now() { return nowMs; };
      return Reflect.get(target, prop, target);
    },
  });
  return fake;
}

async function bodyText(body) {
  if (body === undefined || body === null) return null;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  if (ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  return new Response(body).text(); // Blob, FormData, ReadableStream
}

/** What reached the fetch layer, in the corpus' `expectRequests` form. */
async function describeRequest(input, init) {
  const req = input instanceof Request ? input : null;
  const url = normaliseUrl(req ? req.url : input instanceof URL ? input.href : String(input));
  const raw = String(init.method ?? req?.method ?? "GET");
  const method = STANDARD_METHODS.includes(raw.toUpperCase()) ? raw.toUpperCase() : raw;
  const headers = {};
  for (const [name, value] of new Headers(init.headers ?? req?.headers ?? undefined)) {
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const sorted = {};
  for (const name of Object.keys(headers).sort()) sorted[name] = headers[name];
  let body = null;
  if (init.body !== undefined) body = await bodyText(init.body);
  else if (req !== null && req.body !== null) body = await req.clone().text();
  const record = { method, url, headers: sorted, body };
  if (init.redirect !== undefined) record.redirect = String(init.redirect);
  return record;
}

function jsonResponse(status, value) {
  return new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
}

function textResponse(status, text) {
  return new Response(NULL_BODY.includes(status) ? null : text, { status, headers: { "content-type": "text/plain;charset=UTF-8" } });
}

async function secretCallback(state, record) {
  let name;
  try {
    name = JSON.parse(record.body ?? "null")?.name;
  } catch {
    name = undefined;
  }
  state.callbacks.push({ kind: "secret", name });
  const secrets = state.kase.secrets ?? {};
  if (typeof name !== "string" || !Object.hasOwn(secrets, name)) return textResponse(404, "secret not declared");
  const value = secrets[name];
  return jsonResponse(200, { value: typeof value === "string" ? value : null });
}

async function troveCallback(state, record) {
  let payload = {};
  try {
    payload = JSON.parse(record.body ?? "null") ?? {};
  } catch {
    payload = {};
  }
  const { operation, variables } = payload;
  state.callbacks.push({ kind: "trove", operation, variables });
  const script = Array.isArray(state.kase.trove) ? state.kase.trove : [];
  const entry = script[state.troveAt];
  let problem = null;
  if (entry === undefined) problem = `unexpected trove call ${operation}: the script has no more entries`;
  else if (entry.operation !== operation) problem = `unexpected trove call ${operation}: the script expects ${entry.operation}`;
  else if (entry.variables !== undefined && !jsonEqual(entry.variables, JSON.parse(JSON.stringify(variables ?? null)))) {
    problem = `trove call ${operation} sent variables ${JSON.stringify(variables)}; the script expects ${JSON.stringify(entry.variables)}`;
  }
  if (problem !== null) {
    state.problems.push(problem);
    return textResponse(500, problem);
  }
  state.troveAt++;
  const response = entry.response ?? {};
  const status = typeof response.status === "number" ? response.status : 200;
  if (status >= 200 && status <= 299) return jsonResponse(status, { data: response.data });
  return textResponse(status, typeof response.body === "string" ? response.body : "");
}

function scriptedResponse(response, url) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers ?? {})) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, jsonText(v));
    else headers.append(name, jsonText(value));
  }
  const status = response.status;
  // trove-host's cassettes: `bodyBase64` for a body that is not UTF-8 text, and `url` for the
  // final URL of a request that was redirected when it was recorded.
  const body = NULL_BODY.includes(status)
    ? null
    : typeof response.bodyBase64 === "string"
      ? Buffer.from(response.bodyBase64, "base64")
      : response.body === undefined || response.body === null ? null : jsonText(response.body);
  const res = new Response(body, { status, headers });
  Object.defineProperty(res, "url", { value: typeof response.url === "string" ? response.url : url, configurable: true });
  if (typeof response.url === "string") Object.defineProperty(res, "redirected", { value: true, configurable: true });
  return res;
}

function egressExchange(state, record) {
  const script = Array.isArray(state.kase.http) ? state.kase.http : [];
  const got = `${record.method} ${record.url}`;
  const exchange = script[state.httpAt];
  let problem = null;
  if (exchange === undefined) {
    problem = `unexpected request ${got}: the script has no more exchanges`;
  } else {
    const want = exchange.request ?? {};
    const wantUrl = normaliseUrl(want.url);
    if (String(want.method).toLowerCase() !== record.method.toLowerCase() || wantUrl !== record.url) {
      problem = `unexpected request ${got}: the script expects ${String(want.method).toUpperCase()} ${wantUrl}`;
    } else if (want.body !== undefined) {
      const sent = record.body ?? "";
      if (sent !== (want.body ?? "")) {
        problem = `request ${got} has body ${JSON.stringify(record.body)}; the script expects ${JSON.stringify(want.body)}`;
      }
    }
  }
  if (problem !== null) {
    state.problems.push(problem);
    throw new TypeError(problem);
  }
  state.httpAt++;
  const response = exchange.response ?? {};
  if (response.networkError) throw new TypeError("fetch failed");
  if (typeof response.status !== "number") {
    const message = `scripted exchange ${state.httpAt - 1} has no response status`;
    state.problems.push(message);
    throw new TypeError(message);
  }
  try {
    return scriptedResponse(response, record.url);
  } catch (err) {
    const message = `scripted response ${state.httpAt - 1} cannot be built: ${err?.message ?? err}`;
    state.problems.push(message);
    throw new TypeError(message);
  }
}

/** The global `fetch` for the whole run: the running case's script, or a rejection. */
async function scriptedFetch(input, init) {
  const state = active;
  init = init ?? {};
  if (init.signal?.aborted) throw init.signal.reason;
  const record = await describeRequest(input, init);
  if (state === null) {
    throw new TypeError(`fetch ${record.method} ${record.url} outside a conformance case (trove-host parity runner)`);
  }
  if (record.url === `${CALLBACK_BASE}/internal/secret`) return secretCallback(state, record);
  if (record.url === `${CALLBACK_BASE}/internal/trove`) return troveCallback(state, record);
  state.requests.push(record);
  return egressExchange(state, record);
}

function installFetch() {
  globalThis.fetch = scriptedFetch;
}

function installProcessHooks() {
  process.on("unhandledRejection", (reason) => {
    const text = `unhandled rejection: ${project(reason, [])?.toString?.() ?? String(reason)}`;
    if (active !== null) active.problems.push(text);
    else realConsole.error(text);
  });
  process.on("uncaughtException", (err) => {
    const text = `uncaught exception: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    if (active !== null) active.problems.push(text);
    else realConsole.error(text);
  });
}

// ---------------------------------------------------------------------------------------------
// running

function errorMessage(err) {
  if (err instanceof Error) return err.message;
  try {
    return typeof err === "string" ? err : JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

async function runCase(definition, kase, { timeoutMs, logsMode }) {
  const state = { kase, httpAt: 0, troveAt: 0, requests: [], callbacks: [], logs: [], problems: [] };
  const c = kase.call ?? {};
  const call = {
    tool: c.tool,
    args: c.args,
    ctxToken: CTX_TOKEN,
    callbackBase: CALLBACK_BASE,
    userId: c.userId,
    scopes: c.scopes,
    config: c.config,
  };
  let nowMs = null;
  if (kase.now !== undefined && kase.now !== null) {
    nowMs = RealDate.parse(kase.now);
    if (Number.isNaN(nowMs)) {
      state.problems.push(`now ${JSON.stringify(kase.now)} is not an ISO-8601 instant; the real clock is used`);
      nowMs = null;
    }
  }
  let envelope = null;
  let timer;
  active = state;
  if (nowMs !== null) globalThis.Date = fakeDate(nowMs, kase.freezeTime === true);
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    });
    const answer = await Promise.race([Promise.resolve().then(() => definition.handle(call)), timeout]);
    try {
      envelope = answer === undefined ? null : JSON.parse(JSON.stringify(answer));
      if (answer === undefined) state.problems.push("handle() resolved to undefined");
    } catch (err) {
      state.problems.push(`the envelope is not JSON: ${errorMessage(err)}`);
    }
  } catch (err) {
    state.problems.push(`handle() threw: ${err instanceof Error ? `${err.name}: ${err.message}` : errorMessage(err)}`);
  } finally {
    clearTimeout(timer);
    globalThis.Date = RealDate;
    active = null;
  }
  const http = Array.isArray(kase.http) ? kase.http : [];
  for (let i = state.httpAt; i < http.length; i++) {
    state.problems.push(`scripted request ${i} never made: ${String(http[i]?.request?.method).toUpperCase()} ${normaliseUrl(http[i]?.request?.url)}`);
  }
  const trove = Array.isArray(kase.trove) ? kase.trove : [];
  for (let i = state.troveAt; i < trove.length; i++) {
    state.problems.push(`scripted trove call ${i} never made: ${trove[i]?.operation}`);
  }
  return {
    name: kase.name ?? null,
    envelope,
    requests: state.requests,
    callbacks: state.callbacks,
    logs: logsMode === "none" ? null : state.logs,
    problems: state.problems,
  };
}

async function runFile(bundleUrl, index, file, cases, opts) {
  const out = { file, loadError: null, tools: null, cases: [] };
  let definition;
  try {
    const mod = await import(`${bundleUrl}?file=${index}`);
    definition = mod.default;
    if (definition === null || typeof definition !== "object" || typeof definition.handle !== "function") {
      throw new Error("the toolkit's default export is not a definition { tools, handle } (export default defineToolkit({...}))");
    }
  } catch (err) {
    out.loadError = errorMessage(err);
    return out;
  }
  try {
    out.tools = definition.tools === undefined ? null : JSON.parse(JSON.stringify(definition.tools));
  } catch (err) {
    out.tools = null;
  }
  for (const kase of cases) {
    try {
      out.cases.push(await runCase(definition, kase, opts));
    } catch (err) {
      out.cases.push({ name: kase?.name ?? null, envelope: null, requests: [], callbacks: [], logs: null, problems: [`runner: ${errorMessage(err)}`] });
    }
  }
  return out;
}

function readCases(file) {
  let cases;
  try {
    cases = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(`${file}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  }
  if (!Array.isArray(cases)) throw new UsageError(`${file}: a case file is a JSON array of cases`);
  return cases;
}

async function main(argv) {
  const opts = parseArgs(argv);
  const { dir: pkgDir, pkg, label } = readPackage(opts.pkg);
  const entry = entryOf(opts.toolkit);
  const caseFiles = opts.files.map((file) => ({ file, cases: readCases(file) }));
  const workDir = mkdtempSync(path.join(os.tmpdir(), "trove-parity-"));
  try {
    const outfile = path.join(workDir, "toolkit.mjs");
    let metafile;
    try {
      metafile = await bundle({ entry, pkgDir, pkg, workDir, outfile });
    } catch (err) {
      const details = err?.errors?.length
        ? err.errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : "") + e.text).join("\n")
        : errorMessage(err);
      throw new UsageError(`bundling ${entry} failed:\n${details}`);
    }
    const logsMode = opts.logs === "auto" ? (packageUsesConsole(metafile, pkgDir) ? "console" : "none") : opts.logs;
    installConsole();
    installFetch();
    installProcessHooks();
    const bundleUrl = pathToFileURL(outfile).href;
    const files = [];
    for (const [index, { file, cases }] of caseFiles.entries()) {
      files.push(await runFile(bundleUrl, index, file, cases, { timeoutMs: opts.timeoutMs, logsMode }));
    }
    return { runtime: `node ${process.version}`, package: label, files };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (doc) => process.stdout.write(JSON.stringify(doc) + "\n", () => process.exit(0)),
    (err) => {
      process.stderr.write(`run-node: ${err instanceof UsageError ? err.message : err?.stack ?? err}\n`, () => process.exit(2));
    },
  );
}
