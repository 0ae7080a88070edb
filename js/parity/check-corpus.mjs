#!/usr/bin/env node
// Checks run-node.mjs with a package against a conformance corpus: every case's envelope,
// egress requests, callbacks and logs against its `expect`, `expectRequests`,
// `expectCallbacks` and `expectLogs` (the SDK's answers: `hostExpect*` are trove-host's and
// are not used here), every tool list against its golden, and every invalid toolkit's load
// error against golden/invalid.json.
//
//   node js/parity/check-corpus.mjs --package PKG_DIR [--corpus DIR] [-v] [TOOLKIT_ID...]
//
// Prints the differences and `N passed, M failed`; exit status 0 when nothing failed, 1
// otherwise, 2 when the runner could not run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const runner = path.join(here, "run-node.mjs");

/** `{"$regex": p}` in `expected` matches a string; otherwise JSON equality. Returns differences. */
export function diff(expected, actual, at = "", out = []) {
  if (expected !== null && typeof expected === "object" && !Array.isArray(expected) &&
      Object.keys(expected).length === 1 && typeof expected.$regex === "string") {
    if (typeof actual !== "string" || !new RegExp(expected.$regex).test(actual)) {
      out.push(`${at || "/"}: expected a string matching /${expected.$regex}/, got ${JSON.stringify(actual)}`);
    }
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push(`${at || "/"}: expected ${short(expected)}, got ${short(actual)}`);
      return out;
    }
    const n = Math.max(expected.length, actual.length);
    for (let i = 0; i < n; i++) {
      if (i >= expected.length) out.push(`${at}/${i}: unexpected ${short(actual[i])}`);
      else if (i >= actual.length) out.push(`${at}/${i}: missing ${short(expected[i])}`);
      else diff(expected[i], actual[i], `${at}/${i}`, out);
    }
    return out;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) {
      out.push(`${at || "/"}: expected ${short(expected)}, got ${short(actual)}`);
      return out;
    }
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const p = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!Object.hasOwn(actual, key) || actual[key] === undefined) out.push(`${p}: missing ${short(expected[key])}`);
      else if (!Object.hasOwn(expected, key)) out.push(`${p}: unexpected ${short(actual[key])}`);
      else diff(expected[key], actual[key], p, out);
    }
    return out;
  }
  if (expected !== actual) out.push(`${at || "/"}: expected ${short(expected)}, got ${short(actual)}`);
  return out;
}

function short(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
}

/** Puts each matcher's `{"$regex"}` at its pointer in the case's expectations. */
function withMatchers(kase) {
  const doc = JSON.parse(JSON.stringify({
    expect: kase.expect,
    expectRequests: kase.expectRequests ?? [],
    expectCallbacks: kase.expectCallbacks ?? [],
    expectLogs: kase.expectLogs ?? [],
  }));
  for (const [pointer, pattern] of Object.entries(kase.matchers ?? {})) {
    const parts = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    let node = doc;
    for (const p of parts.slice(0, -1)) node = node?.[p];
    if (node !== null && typeof node === "object") node[parts.at(-1)] = { $regex: pattern };
  }
  return doc;
}

/** The differences of one case's run from its expectations. */
export function compareCase(kase, got) {
  const want = withMatchers(kase);
  const problems = [];
  for (const p of got.problems ?? []) problems.push(`problem: ${p}`);
  problems.push(...diff(want.expect, got.envelope, "/envelope"));
  problems.push(...diff(want.expectRequests, got.requests, "/requests"));
  const trove = (list) => list.filter((c) => c.kind === "trove");
  const secretNames = (list) => [...new Set(list.filter((c) => c.kind === "secret").map((c) => c.name))].sort();
  problems.push(...diff(trove(want.expectCallbacks), trove(got.callbacks ?? []), "/callbacks(trove)"));
  problems.push(...diff(secretNames(want.expectCallbacks), secretNames(got.callbacks ?? []), "/callbacks(secret names)"));
  if (got.logs === null) problems.push("/logs: not observable with this package (logs: null)");
  else problems.push(...diff(want.expectLogs, got.logs, "/logs"));
  return problems;
}

function run(args) {
  const res = spawnSync(process.execPath, [runner, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (res.status !== 0) {
    process.stderr.write(res.stderr);
    console.error(`check-corpus: run-node.mjs ${args.join(" ")} exited with ${res.status}`);
    process.exit(2);
  }
  return JSON.parse(res.stdout);
}

function main(argv) {
  let pkg = null;
  let corpus = path.resolve(here, "../../../shared/conformance");
  let verbose = false;
  const only = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--package") pkg = argv[++i];
    else if (argv[i] === "--corpus") corpus = argv[++i];
    else if (argv[i] === "-v" || argv[i] === "--verbose") verbose = true;
    else only.push(argv[i]);
  }
  if (!pkg) {
    console.error("usage: node js/parity/check-corpus.mjs --package PKG_DIR [--corpus DIR] [-v] [TOOLKIT_ID...]");
    process.exit(2);
  }
  // Cases are counted apart from the tool lists and invalid toolkits ("extras").
  let passed = 0;
  let failed = 0;
  const extras = { passed: 0, failed: 0 };
  let pkgLabel = null;
  const report = (label, problems, extra = false) => {
    if (problems.length === 0) {
      if (extra) extras.passed++;
      else passed++;
      if (verbose) console.log(`ok    ${label}`);
    } else {
      if (extra) extras.failed++;
      else failed++;
      console.log(`FAIL  ${label}`);
      for (const p of problems) console.log(`        ${p}`);
    }
  };
  const ids = readdirSync(path.join(corpus, "cases"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
    .filter((id) => only.length === 0 || only.includes(id))
    .sort();
  for (const id of ids) {
    const caseFile = path.join(corpus, "cases", `${id}.json`);
    const doc = run(["--package", pkg, "--toolkit", path.join(corpus, "toolkits", id), caseFile]);
    pkgLabel = doc.package;
    const file = doc.files[0];
    const expected = JSON.parse(readFileSync(caseFile, "utf8"));
    if (file.loadError !== null) {
      for (const kase of expected) report(`${id}/${kase.name}`, [`load error: ${file.loadError}`]);
      continue;
    }
    const golden = path.join(corpus, "golden", `${id}.tools.json`);
    if (existsSync(golden)) report(`${id} (tool list)`, diff(JSON.parse(readFileSync(golden, "utf8")), file.tools, "/tools"), true);
    for (const [i, kase] of expected.entries()) {
      const got = file.cases[i];
      if (got === undefined || got.name !== kase.name) {
        report(`${id}/${kase.name}`, [`no result for this case (got ${got?.name})`]);
        continue;
      }
      report(`${id}/${kase.name}`, compareCase(kase, got));
    }
  }
  const invalidGolden = path.join(corpus, "golden", "invalid.json");
  if (only.length === 0 && existsSync(invalidGolden)) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "trove-parity-check-"));
    try {
      const empty = path.join(tmp, "none.json");
      writeFileSync(empty, "[]");
      for (const [name, { error }] of Object.entries(JSON.parse(readFileSync(invalidGolden, "utf8")))) {
        const doc = run(["--package", pkg, "--toolkit", path.join(corpus, "invalid", name), empty]);
        const got = doc.files[0].loadError;
        report(`invalid/${name} (load error)`, got === error ? [] : [`expected load error ${JSON.stringify(error)}, got ${JSON.stringify(got)}`], true);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  console.log(`${pkgLabel ?? pkg}: tool lists and invalid toolkits: ${extras.passed} passed, ${extras.failed} failed`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && extras.failed === 0 ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
