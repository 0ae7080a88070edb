#!/usr/bin/env node
// Writes the stand-in for the real `@ontrove/extend` package (which is not on the npm
// registry) as an npm package directory:
//
//   node js/parity/build-standin.mjs OUT_DIR
//
// OUT_DIR/package.json names it `@ontrove/extend` (version 0.0.0-trove-host-standin) with
// `exports` "./toolkit" and "." -> OUT_DIR/toolkit.js, one ESM bundle (esbuild) of
// trove-host's own SDK module js/toolkit.js with the pinned zod (js/vendor/zod.js), the
// ctx capabilities' JavaScript (ops/src/**.js) and JavaScript implementations of the `ext:`
// ops it imports: the benchmark's shims (bench/js/shims/core.js, ops.js), with the ops that
// reach the outside world replaced by js/parity/standin/ops.js (Node SDK behaviour: global
// fetch, /internal/* callbacks, console logs, OAuth client credentials, SDK egress rules).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const sdk = path.join(repo, "js");
const benchShims = path.join(repo, "bench", "js", "shims");
const standin = path.join(here, "standin");
const opsJs = path.join(repo, "ops", "src");

export const STANDIN_NAME = "@ontrove/extend";
export const STANDIN_VERSION = "0.0.0-trove-host-standin";

/** What the SDK's `ext:` imports are in the stand-in. */
const EXT = {
  "ext:core/mod.js": path.join(benchShims, "core.js"),
  "ext:core/ops": path.join(standin, "ops.js"),
  "ext:trove/toolkit.js": path.join(sdk, "toolkit.js"),
  "ext:trove/vendor/zod.js": path.join(sdk, "vendor", "zod.js"),
};

const extPlugin = {
  name: "trove-standin-ext",
  setup(build) {
    build.onResolve({ filter: /^ext:/ }, (args) => {
      const target = args.path.startsWith("ext:trove_ops/")
        ? path.join(opsJs, args.path.slice("ext:trove_ops/".length))
        : EXT[args.path];
      if (target === undefined) return { errors: [{ text: `${args.path} (imported by ${args.importer}) has no stand-in` }] };
      return { path: target };
    });
  },
};

/** Builds the stand-in package into `outDir`; returns `{ dir, name, version }`. */
export async function buildStandin(outDir) {
  const dir = path.resolve(outDir);
  mkdirSync(dir, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(standin, "entry.js")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    outfile: path.join(dir, "toolkit.js"),
    logLevel: "warning",
    legalComments: "none",
    charset: "utf8",
    banner: { js: `// ${STANDIN_NAME} ${STANDIN_VERSION}: trove-host's js/toolkit.js as a Node package (js/parity/build-standin.mjs).` },
    plugins: [extPlugin],
  });
  const zodVersion = JSON.parse(readFileSync(path.join(sdk, "package.json"), "utf8")).dependencies?.zod ?? null;
  const pkg = {
    name: STANDIN_NAME,
    version: STANDIN_VERSION,
    description:
      "Stand-in for the Node SDK @ontrove/extend, built from trove-host's own SDK module (js/toolkit.js) by js/parity/build-standin.mjs. Not the real package.",
    private: true,
    type: "module",
    main: "./toolkit.js",
    exports: {
      ".": "./toolkit.js",
      "./toolkit": "./toolkit.js",
      "./package.json": "./package.json",
    },
    troveHostStandin: { zod: zodVersion },
  };
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
  return { dir, name: STANDIN_NAME, version: STANDIN_VERSION };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out || out.startsWith("-") || process.argv.length > 3) {
    console.error("usage: node js/parity/build-standin.mjs OUT_DIR");
    process.exit(2);
  }
  buildStandin(out).then(
    ({ dir, name, version }) => console.error(`${name}@${version} -> ${dir}`),
    (err) => {
      if (!err?.errors) console.error(err?.message ?? err);
      process.exit(2);
    },
  );
}
