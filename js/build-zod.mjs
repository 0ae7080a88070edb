// Bundles the pinned zod (package-lock.json) into one ES module, vendor/zod.js, which the
// runtime embeds in the isolate as `ext:trove/zod.js`. Run `npm ci && npm run build:zod`
// after changing the zod version; tests check that the bundle's banner names the version
// in package-lock.json.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url)));
const version = lock.packages['node_modules/zod'].version;

await build({
  stdin: { contents: "export * from 'zod'; export { z as default } from 'zod';", resolveDir: '.', loader: 'js' },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  legalComments: 'inline',
  charset: 'ascii',
  minify: true,
  outfile: 'vendor/zod.js',
  banner: { js: `// zod ${version}, bundled by js/build-zod.mjs from the npm registry package (MIT licence).` },
});
// deno_core requires extension code to be 7-bit ASCII. esbuild's `charset: 'ascii'` escapes
// strings and identifiers; this also escapes what is left (characters inside comments).
const out = new URL('./vendor/zod.js', import.meta.url);
const escaped = readFileSync(out, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
writeFileSync(out, escaped);
console.log(`vendor/zod.js: zod ${version}`);
