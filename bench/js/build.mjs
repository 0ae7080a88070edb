#!/usr/bin/env node
// Bundles toolkits for the Node and Bun baselines: one ESM file per toolkit, runnable by both,
// holding the toolkit's own modules, trove-host's SDK module (js/toolkit.js, js/host.js, the
// pinned zod bundle js/vendor/zod.js) and the JavaScript stand-ins for the Rust ops
// (bench/js/shims). The bundle's default export is a loaded instance (shims/harness.js):
// `{ tools, manifest, call(callJson, env) }`; it also exports `prepareEnv`.
//
//   node bench/js/build.mjs                      echo, quakefeed, skyward, hackernews -> bench/js/dist/<name>.mjs
//   node bench/js/build.mjs <toolkit>... [--out DIR]
//
// <toolkit> is a directory holding extension.ts (or server.ts) or an entry file; the bundle
// is named after the directory. Resolution follows trove-host's loader (runtime/src/loader.rs):
// `@ontrove/extend/toolkit` (and `@ontrove/extend`) is the SDK module, relative files are the
// toolkit's, and any other bare specifier (npm names, `node:*`, `ext:*`) fails the build.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const shims = path.join(here, "shims");
const sdk = path.join(repo, "js");

/** What the SDK's `ext:` imports are, outside the isolate. */
const EXT = {
  "ext:core/mod.js": path.join(shims, "core.js"),
  "ext:core/ops": path.join(shims, "ops.js"),
  "ext:trove/toolkit.js": path.join(sdk, "toolkit.js"),
  "ext:trove/host.js": path.join(sdk, "host.js"),
  "ext:trove/vendor/zod.js": path.join(sdk, "vendor", "zod.js"),
};
const TOOLKIT_MODULE = path.join(sdk, "toolkit.js");

export const DEFAULT_TOOLKITS = [
  path.join(here, "echo"),
  path.join(repo, "toolkits", "quakefeed"),
  path.join(repo, "toolkits", "skyward"),
  path.join(repo, "toolkits", "hackernews"),
];

/** A toolkit directory or entry file -> its entry file (extension.ts, else server.ts). */
export function entryOf(toolkit) {
  const p = path.resolve(toolkit);
  if (existsSync(p) && statSync(p).isFile()) return p;
  for (const name of ["extension.ts", "server.ts"]) {
    const candidate = path.join(p, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${toolkit}: no extension.ts or server.ts in this directory`);
}

// The ctx capabilities' JavaScript lives beside their ops (ops/src/**.js, `ext:trove_ops/<path>`).
const opsJs = path.join(repo, "ops", "src");
const isTrusted = (importer) =>
  importer.startsWith(sdk + path.sep) || importer.startsWith(shims + path.sep) || importer.startsWith(opsJs + path.sep);

function trovePlugin(entry) {
  return {
    name: "trove-host-sdk",
    setup(build) {
      build.onResolve({ filter: /^bench-entry:/ }, () => ({ path: entry, namespace: "bench-entry" }));
      build.onLoad({ filter: /.*/, namespace: "bench-entry" }, () => ({
        resolveDir: here,
        loader: "js",
        contents: [
          `import definition from ${JSON.stringify(entry)};`,
          `import { createInstance } from ${JSON.stringify(path.join(shims, "harness.js"))};`,
          `export { prepareEnv } from ${JSON.stringify(path.join(shims, "harness.js"))};`,
          "export default createInstance(definition);",
        ].join("\n"),
      }));
      build.onResolve({ filter: /^@ontrove\/extend(\/toolkit)?$/ }, () => ({ path: TOOLKIT_MODULE }));
      build.onResolve({ filter: /^ext:/ }, (args) => {
        const target = args.path.startsWith("ext:trove_ops/")
          ? path.join(opsJs, args.path.slice("ext:trove_ops/".length))
          : EXT[args.path];
        if (target === undefined || !isTrusted(args.importer)) {
          return { errors: [{ text: `${args.path} cannot be imported from ${args.importer} (trove-host refuses ext: specifiers)` }] };
        }
        return { path: target };
      });
      // Bare specifiers other than the SDK's: trove-host's loader refuses them at load.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind === "entry-point" || path.isAbsolute(args.path) || isTrusted(args.importer)) return undefined;
        return { errors: [{ text: `"${args.path}" imported by ${args.importer}: trove-host resolves only @ontrove/extend/toolkit and relative files` }] };
      });
    },
  };
}

/** Bundles `toolkit` into `outfile`; returns the outfile. */
export async function bundle(toolkit, outfile) {
  const entry = entryOf(toolkit);
  await esbuild.build({
    entryPoints: ["bench-entry:" + entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "esnext",
    outfile,
    logLevel: "warning",
    legalComments: "none",
    charset: "utf8",
    // deno_ast's transpile options in runtime/src/transpile.rs: unused imports removed,
    // [[Define]] class fields, ECMAScript decorators. No tsconfig.json is read (the toolkits'
    // one maps @ontrove/extend/toolkit to type stubs, for tsc only).
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false, experimentalDecorators: false } },
    plugins: [trovePlugin(entry)],
  });
  return outfile;
}

/** The bundle name of a toolkit: its directory's name (the entry's directory for a file). */
export function nameOf(toolkit) {
  const entry = entryOf(toolkit);
  return path.basename(path.dirname(entry));
}

async function main(argv) {
  let out = path.join(here, "dist");
  const toolkits = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out") out = path.resolve(argv[++i]);
    else toolkits.push(argv[i]);
  }
  for (const toolkit of toolkits.length > 0 ? toolkits : DEFAULT_TOOLKITS) {
    const outfile = await bundle(toolkit, path.join(out, `${nameOf(toolkit)}.mjs`));
    console.log(path.relative(process.cwd(), outfile) || outfile);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    if (!err?.errors) console.error(err?.message ?? err);
    process.exit(1);
  });
}
