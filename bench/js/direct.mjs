#!/usr/bin/env node
// Warm calls of one tool, in process (no HTTP), for the Node and Bun baselines.
//
//   node direct.mjs <bundle.mjs> --tool NAME [--args JSON] [--cassette FILE] [--now RFC3339]
//                   [--user ID] [--calls N] [--warmup N]
//     -> {"runtime","version","calls","p50_us","p99_us","mean_us"}
//
//   node direct.mjs <bundle.mjs> --tool NAME [...] --instances K [--empty]
//     -> {"runtime","version","instances","rss_before","rss_after","bytes_per_instance"}
//
// (`bun direct.mjs ...` the same.) Latency is measured around `instance.call(callJson, env)`:
// the SDK's call path (js/host.js call -> handle -> the handler -> the envelope's JSON), with
// the ops shimmed (bench/js/shims). Every call replays the cassette from its start.
//
// --instances K loads K more copies of the toolkit, each in its own worker (node:worker_threads
// under Node, a Web Worker under Bun) and makes one call in each; the figure is
// (rss_after - rss_before) / K, after a full GC, with the main thread's own instance already
// warm in rss_before. --empty starts the same workers without loading anything: the runtime's
// own cost per worker, to subtract.
import path from "node:path";
import { gcFunction, isBun, loadBundle, parseArgs, readJson, rss, runtimeInfo, secretsFromEnv, sleep } from "./lib.mjs";

const SPEC = {
  tool: "string",
  args: "string",
  cassette: "string",
  now: "string",
  user: "string",
  calls: "number",
  warmup: "number",
  instances: "number",
  empty: "bool",
};
const USAGE =
  "usage: direct.mjs <bundle.mjs> --tool NAME [--args JSON] [--cassette FILE] [--now RFC3339] [--user ID] " +
  "[--calls N] [--warmup N] [--instances K [--empty]]";

/** What a worker (or the main thread) needs to load one instance and call it once. */
function jobOf(bundle, flags) {
  return {
    bundle: path.resolve(bundle),
    callJson: JSON.stringify({ tool: flags.tool, args: JSON.parse(flags.args ?? "{}"), userId: flags.user ?? "local-user" }),
    cassette: flags.cassette === undefined ? undefined : readJson(flags.cassette),
    now: flags.now,
    secrets: secretsFromEnv(),
  };
}

async function loadAndCall(job) {
  const { instance, prepareEnv } = await loadBundle(job.bundle);
  const env = prepareEnv({ now: job.now, secrets: job.secrets, cassette: job.cassette });
  const envelope = await instance.call(job.callJson, env);
  return { instance, env, envelope };
}

const us = (ms) => Math.round(ms * 10_000) / 10; // ms -> µs, one decimal

async function latency(job, calls, warmup) {
  const { instance, env, envelope } = await loadAndCall(job);
  if (JSON.parse(envelope).ok !== true) console.error(`direct.mjs: warning: the call answers ok:false: ${envelope}`);
  for (let i = 0; i < warmup; i++) await instance.call(job.callJson, env);
  const samples = new Float64Array(calls);
  let last = envelope;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    last = await instance.call(job.callJson, env);
    samples[i] = performance.now() - t0;
  }
  if (last !== envelope && job.now !== undefined) {
    throw new Error(`the envelope changed between calls:\nfirst ${envelope}\nlast  ${last}`);
  }
  samples.sort();
  const rank = (p) => samples[Math.min(calls - 1, Math.max(0, Math.ceil(p * calls) - 1))];
  let sum = 0;
  for (const s of samples) sum += s;
  return { calls, p50_us: us(rank(0.5)), p99_us: us(rank(0.99)), mean_us: us(sum / calls) };
}

// ---- workers (--instances) ----

const WORKER = "direct.mjs:worker";

async function workerMain(data, reply) {
  try {
    if (!data.empty) {
      const { envelope } = await loadAndCall(data.job);
      if (JSON.parse(envelope).ok !== true) throw new Error(`the call answers ok:false: ${envelope}`);
    }
    (await gcFunction())();
    reply({ ready: true });
  } catch (err) {
    reply({ error: String(err?.stack ?? err) });
  }
}

/** Starts one worker running workerMain; resolves to a handle once it has made its call. */
function startWorker(data) {
  return new Promise(async (resolve, reject) => {
    const url = new URL(import.meta.url);
    let worker;
    const onMessage = (msg) => (msg.error ? reject(new Error(`worker: ${msg.error}`)) : resolve(worker));
    if (isBun) {
      worker = new Worker(url.href);
      worker.onmessage = (e) => onMessage(e.data);
      worker.onerror = (e) => reject(new Error(`worker: ${e.message}`));
      worker.postMessage({ [WORKER]: data });
    } else {
      const { Worker: NodeWorker } = await import("node:worker_threads");
      worker = new NodeWorker(url, { workerData: { [WORKER]: data } });
      worker.once("message", onMessage);
      worker.once("error", reject);
    }
  });
}

async function memory(job, instances, empty) {
  const gc = await gcFunction();
  await loadAndCall(job); // the main thread's own warm instance
  gc();
  await sleep(200);
  gc();
  const before = rss();
  const workers = [];
  for (let i = 0; i < instances; i++) workers.push(await startWorker({ job, empty }));
  await sleep(500);
  gc();
  await sleep(200);
  const after = rss();
  for (const w of workers) w.terminate();
  return {
    instances,
    empty: empty || undefined,
    rss_before: before,
    rss_after: after,
    bytes_per_instance: Math.round((after - before) / instances),
  };
}

// ---- entry ----

async function main() {
  const { positional, flags } = parseArgs(process.argv.slice(2), SPEC);
  if (positional.length !== 1 || flags.tool === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  const job = jobOf(positional[0], flags);
  const head = runtimeInfo();
  const out =
    flags.instances !== undefined
      ? await memory(job, flags.instances, flags.empty === true)
      : await latency(job, flags.calls ?? 10_000, flags.warmup ?? 1_000);
  console.log(JSON.stringify({ ...head, ...out }));
  process.exit(0);
}

if (isBun && !Bun.isMainThread) {
  self.onmessage = (e) => {
    const data = e.data?.[WORKER];
    if (data !== undefined) workerMain(data, (msg) => self.postMessage(msg));
  };
} else {
  const wt = isBun ? null : await import("node:worker_threads");
  if (wt && !wt.isMainThread && wt.workerData?.[WORKER] !== undefined) {
    wt.parentPort.on("message", () => {}); // stay alive (and resident) until terminated
    await workerMain(wt.workerData[WORKER], (msg) => wt.parentPort.postMessage(msg));
  } else {
    main().catch((err) => {
      console.error(`direct.mjs: ${err?.message ?? err}`);
      process.exit(1);
    });
  }
}
