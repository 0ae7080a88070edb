// Shared by serve.mjs, direct.mjs and verify.mjs: which runtime this is, argument parsing,
// loading a bundle (build.mjs) and its call environment.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `{ runtime: "node" | "bun", version }`. */
export function runtimeInfo() {
  if (typeof Bun !== "undefined") return { runtime: "bun", version: Bun.version };
  return { runtime: "node", version: process.versions.node };
}

export const isBun = typeof Bun !== "undefined";

/**
 * `argv` -> `{ positional: [...], flags: { name: value } }`. `spec` maps each flag name to
 * "string" | "number" | "bool"; an unknown flag, or a missing value, throws.
 */
export function parseArgs(argv, spec) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      positional.push(a);
      continue;
    }
    const name = a.slice(2);
    const kind = spec[name];
    if (kind === undefined) throw new Error(`unknown option ${a}`);
    if (kind === "bool") {
      flags[name] = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined) throw new Error(`${a} needs a value`);
    if (kind === "number") {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new Error(`${a} ${value}: not a number`);
      flags[name] = n;
    } else {
      flags[name] = value;
    }
  }
  return { positional, flags };
}

/** Imports a bundle made by build.mjs: `{ instance, prepareEnv }`. */
export async function loadBundle(file) {
  const mod = await import(pathToFileURL(path.resolve(file)).href);
  if (typeof mod.default?.call !== "function" || typeof mod.prepareEnv !== "function") {
    throw new Error(`${file} is not a bundle made by bench/js/build.mjs`);
  }
  return { instance: mod.default, prepareEnv: mod.prepareEnv };
}

export const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Secrets as the CLI's first provider reads them: `TROVE_SECRET_<NAME>` variables. */
export function secretsFromEnv() {
  const secrets = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("TROVE_SECRET_") && value !== undefined) secrets[key.slice("TROVE_SECRET_".length)] = value;
  }
  return secrets;
}

/** A full GC when the runtime lets us ask for one (Node: through V8's flag, no CLI flag needed). */
export async function gcFunction() {
  if (isBun) return () => Bun.gc(true);
  if (typeof globalThis.gc === "function") return globalThis.gc;
  const v8 = await import("node:v8");
  const vm = await import("node:vm");
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc");
}

/** Resident set size of the whole process, in bytes. */
export function rss() {
  return process.memoryUsage().rss;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
