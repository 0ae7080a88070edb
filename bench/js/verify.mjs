#!/usr/bin/env node
// Checks that the baselines answer what trove-host answers, under the runtime that runs it:
//
//   node bench/js/verify.mjs [--trove-host PATH] [--verbose]
//   bun  bench/js/verify.mjs [--trove-host PATH] [--verbose]
//
// 1. every case of toolkits/*/tests/*.json (the exact envelopes trove-host is tested against),
//    in file order on one loaded instance per case file, each cassette served completely;
// 2. the benchmark's two calls: quakefeed recent_quakes {"minMagnitude":2.5} with
//    replay/recent.json at 2026-11-29T12:00:00Z (expected: the recent_defaults case, the same
//    call after defaults; with --trove-host, also what that binary prints for it), and the
//    echo tool (its exact text; invalid arguments; unknown tool; malformed call);
// 3. the wire form of serve.mjs (contract section 4) under this runtime: GET, POST, a cassette
//    replayed for every call, bad JSON, 405;
// 4. the shim's egress rules against the vectors of ops/src/egress/policy.rs's tests.
//
// Needs the bundles: `node bench/js/build.mjs` first. Exit status 0 when everything matched.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadBundle, parseArgs, readJson, runtimeInfo } from "./lib.mjs";

const clientFetch = globalThis.fetch; // the bundles delete the global, as trove-host does
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const dist = path.join(here, "dist");
const { flags } = parseArgs(process.argv.slice(2), { "trove-host": "string", verbose: "bool" });
const verbose = flags.verbose === true;

let passed = 0;
const failures = [];

/** Structural equality of JSON values (object key order ignored). */
function same(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

function check(name, ok, detail) {
  if (ok) {
    passed++;
    if (verbose) console.log(`ok   ${name}`);
  } else {
    failures.push(name);
    console.log(`FAIL ${name}${detail ? `\n     ${detail}` : ""}`);
  }
}

const bundleFor = (name) => {
  const file = path.join(dist, `${name}.mjs`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`node bench/js/build.mjs\` first`);
  return file;
};
const callJson = (tool, args, userId = "local-user") => JSON.stringify({ tool, args, userId });

// ---- 1. the example toolkits' test cases ----

/** A toolkit's case files (tests/*.json), sorted. */
const caseFiles = (dir) =>
  readdirSync(path.join(dir, "tests")).filter((f) => f.endsWith(".json")).sort().map((f) => path.join(dir, "tests", f));
/** A case's secrets without its unset (null) ones. */
const setSecrets = (secrets = {}) => Object.fromEntries(Object.entries(secrets).filter(([, v]) => typeof v === "string"));

for (const toolkit of ["quakefeed", "skyward", "hackernews"]) {
  const dir = path.join(repo, "toolkits", toolkit);
  for (const file of caseFiles(dir)) {
    const { instance, prepareEnv } = await loadBundle(bundleFor(toolkit));
    for (const c of readJson(file)) {
      const cassette = c.http ?? [];
      const env = prepareEnv({ now: c.now, secrets: setSecrets(c.secrets), cassette });
      const got = JSON.parse(await instance.call(callJson(c.call.tool, c.call.args, c.call.userId), env));
      const state = instance.lastCall();
      const name = `${toolkit}/${c.name}`;
      check(name, same(got, c.expect), `got      ${JSON.stringify(got)}\n     expected ${JSON.stringify(c.expect)}`);
      check(`${name}: cassette served exactly`, state.failures.length === 0 && state.at === cassette.length,
        `served ${state.at}/${cassette.length}; mismatches: ${JSON.stringify(state.failures)}`);
    }
  }
}

// ---- 2. the benchmark's calls ----

const QUAKE_ARGS = { minMagnitude: 2.5 };
const QUAKE_NOW = "2026-11-29T12:00:00Z";
const QUAKE_REPLAY = path.join(repo, "toolkits/quakefeed/replay/recent.json");
const quakeExpected = readJson(path.join(repo, "toolkits/quakefeed/tests/examples.json")).find((e) => e.name === "recent_defaults").expect;
{
  const { instance, prepareEnv } = await loadBundle(bundleFor("quakefeed"));
  const env = prepareEnv({ now: QUAKE_NOW, cassette: readJson(QUAKE_REPLAY) });
  const first = JSON.parse(await instance.call(callJson("recent_quakes", QUAKE_ARGS), env));
  check("bench: quakefeed recent_quakes {minMagnitude:2.5} = case recent_defaults", same(first, quakeExpected), JSON.stringify(first));
  const again = JSON.parse(await instance.call(callJson("recent_quakes", QUAKE_ARGS), env));
  check("bench: quakefeed again on the same env (cassette replayed per call)", same(again, quakeExpected), JSON.stringify(again));
  if (flags["trove-host"] !== undefined) {
    const run = spawnSync(flags["trove-host"], ["call", path.join(repo, "toolkits/quakefeed"), "recent_quakes",
      "--args", JSON.stringify(QUAKE_ARGS), "--replay", QUAKE_REPLAY, "--now", QUAKE_NOW], { encoding: "utf8" });
    let host = null;
    try {
      host = JSON.parse(run.stdout);
    } catch {
      // reported below
    }
    check("bench: quakefeed = trove-host call's envelope", host !== null && same(first, host), `trove-host exit ${run.status}: ${run.stdout}${run.stderr}`);
  }
}

const ECHO_CASES = [
  ["echo text+user", callJson("echo", { text: "hello", user: "bob" }, "user-1"),
    { ok: true, result: { text: "echo: hello (for bob) [userId: user-1]" } }],
  ["echo text only", callJson("echo", { text: "hi" }), { ok: true, result: { text: "echo: hi [userId: local-user]" } }],
  ["echo invalid args", callJson("echo", { text: 5 }),
    { ok: false, error: 'invalid arguments for "echo": text: Invalid input: expected string, received number', retryable: false, code: "INVALID_PARAMS" }],
  ["echo unknown tool", callJson("nope", {}), { ok: false, error: 'unknown tool "nope"', retryable: false, code: "UNKNOWN_TOOL" }],
  ["echo malformed call", "[1,2]", { ok: false, error: "malformed tool call", retryable: false, code: "BAD_REQUEST" }],
];
const echo = await loadBundle(bundleFor("echo"));
for (const [name, json, expected] of ECHO_CASES) {
  const got = JSON.parse(await echo.instance.call(json));
  check(`bench: ${name}`, same(got, expected), JSON.stringify(got));
}
check("bench: echo tool list", echo.instance.tools.length === 1 && echo.instance.tools[0].name === "echo" &&
  same(echo.instance.tools[0].inputSchema, {
    type: "object",
    properties: { text: { type: "string" }, user: { type: "string" } },
    required: ["text"],
    additionalProperties: false,
  }), JSON.stringify(echo.instance.tools));

// ---- 3. serve.mjs ----

/** Starts serve.mjs under this runtime; resolves to { base, stop }. */
function serve(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, "serve.mjs"), ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = /^listening (\d+)$/m.exec(out);
      if (m) resolve({ base: `http://127.0.0.1:${m[1]}/`, stop: () => child.kill("SIGTERM") });
    });
    child.on("exit", (code) => reject(new Error(`serve.mjs exited (${code}) before listening: ${out}`)));
  });
}

async function request(base, method, body, pathname = "") {
  const res = await clientFetch(base + pathname, { method, body, headers: body ? { "content-type": "application/json" } : {} });
  return { status: res.status, type: res.headers.get("content-type"), json: await res.json() };
}

{
  const s = await serve([bundleFor("echo"), "0"]);
  try {
    const get = await request(s.base, "GET", undefined, "any/path");
    check("wire: GET -> 200 { tools }", get.status === 200 && same(get.json, { tools: echo.instance.tools }), JSON.stringify(get));
    const post = await request(s.base, "POST", ECHO_CASES[0][1]);
    check("wire: POST -> 200 envelope", post.status === 200 && same(post.json, ECHO_CASES[0][2]) && post.type === "application/json", JSON.stringify(post));
    const bad = await request(s.base, "POST", "{not json");
    check("wire: bad JSON -> 200 BAD_REQUEST", bad.status === 200 &&
      same(bad.json, { ok: false, error: "invalid JSON body", retryable: false, code: "BAD_REQUEST" }), JSON.stringify(bad));
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const r = await request(s.base, method, method === "DELETE" ? undefined : "{}");
      check(`wire: ${method} -> 405`, r.status === 405 &&
        same(r.json, { ok: false, error: "method not allowed", retryable: false, code: "BAD_REQUEST" }), JSON.stringify(r));
    }
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      request(s.base, "POST", callJson("echo", { text: `n${i}` }))));
    check("wire: 20 concurrent POSTs, each its own answer", burst.every((r, i) => r.json.result?.text === `echo: n${i} [userId: local-user]`),
      JSON.stringify(burst.map((r) => r.json)));
  } finally {
    s.stop();
  }
}
{
  const s = await serve([bundleFor("quakefeed"), "0", QUAKE_REPLAY, "--now", QUAKE_NOW]);
  try {
    const body = callJson("recent_quakes", QUAKE_ARGS);
    const answers = await Promise.all([1, 2, 3].map(() => request(s.base, "POST", body)));
    check("wire: quakefeed with the cassette, 3 calls, each = recent_defaults", answers.every((a) => a.status === 200 && same(a.json, quakeExpected)),
      JSON.stringify(answers.map((a) => a.json)));
  } finally {
    s.stop();
  }
}

// ---- 4. egress rules (vectors from ops/src/egress/policy.rs) ----

{
  const ops = await import("./shims/ops.js");
  const PRIVATE = "Refusing egress to a private, loopback, or link-local address.";
  const na = (h) => `Egress to "${h}" is not in the server's egress allowlist.`;
  const vectors = [
    [["api.example.com"], "https://api.example.com/x?y=1", null],
    [["api.example.com"], "https://API.Example.COM/", null],
    [["api.example.com"], "https://api.example.com:8443/", null],
    [["mirror.example.net:8443"], "https://mirror.example.net:8443/", null],
    [["mirror.example.net:8443"], "https://mirror.example.net/", na("mirror.example.net")],
    [["api.example.com"], "not a url", "Refusing to fetch a malformed URL."],
    [["api.example.com"], "ftp://api.example.com/", "Refusing non-HTTP(S) egress (ftp:)."],
    ...["https://127.0.0.1/", "https://[::1]/", "https://10.0.0.5/", "https://169.254.169.254/latest",
      "https://[::ffff:169.254.169.254]/", "https://[::ffff:a9fe:a9fe]/", "https://2130706433/", "https://localhost/",
      "https://db.localhost/", "https://127.1/", "https://0x7f.0.0.1/", "https://0177.0.0.1/", "https://0x7f000001/",
      "https://127.0.0.1./", "https://0/"].map((u) => [["api.example.com"], u, PRIVATE]),
    [["api.example.com"], "https://example.com/", na("example.com")],
    [["api.example.com"], "http://api.example.com/", "Refusing non-HTTPS egress (http:)."],
    [["api.example.com"], "http://other.example.com/", na("other.example.com")],
    [[], "https://api.example.com/", na("api.example.com")],
    [[], "https://10.1.2.3/", PRIVATE],
    [["api.example.com"], "https://api.example.com./", na("api.example.com.")],
    [[], "https://localhost./", PRIVATE],
    [["api.example.com"], "https://[64:ff9b::7f00:1]/", na("[64:ff9b::7f00:1]")],
    ...["https://[64:ff9b::7f00:1]/", "https://[::7f00:1]/", "https://[2002:7f00:1::]/", "https://[ff02::1]/"].map((u) => [[], u, PRIVATE]),
  ];
  for (const [egress, url, expected] of vectors) {
    ops.bindToolkit({ egress }, null);
    const got = ops.op_trove_egress_check(url);
    check(`egress ${JSON.stringify(egress)} ${url}`, got === expected, `got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  }
}

const { runtime, version } = runtimeInfo();
console.log(`${runtime} ${version}: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
