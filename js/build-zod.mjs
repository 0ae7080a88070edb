// Bundles the pinned zod (package-lock.json) into two ES modules the runtime embeds in the
// isolate (runtime/src/isolate.rs):
//
// - vendor/zod.js, `ext:trove/vendor/zod.js`: zod, with its English messages;
// - vendor/zod-locales.js, `ext:trove/vendor/zod-locales.js`: the other 50 message locales
//   (`z.locales.de()` and the rest), loaded on first use.
//
// The locales are 60% of the minified bundle, and every isolate keeps each module's source
// several times and each function's bytecode with its own source text, whether it runs or
// not; a toolkit rarely calls a locale. In vendor/zod.js, `z.locales.<name>` is a function that
// loads vendor/zod-locales.js (deno_core's `createLazyLoader`) and calls that locale, so
// `z.config(z.locales.de())` works as it does under Node.
//
// Run `npm ci && npm run build:zod` after changing the zod version; tests check that the
// bundle's banner names the version in package-lock.json.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url)));
const version = lock.packages['node_modules/zod'].version;
const banner = { js: `// zod ${version}, bundled by js/build-zod.mjs from the npm registry package (MIT licence).` };

const require = createRequire(import.meta.url);
const localesDir = path.join(path.dirname(require.resolve('zod/package.json')), 'v4', 'locales');
const localesIndex = path.join(localesDir, 'index.js');
// `export { default as de } from "./de.js";`: every locale zod's index exports.
const locales = [...readFileSync(localesIndex, 'utf8').matchAll(/export \{ default as (\w+) \} from "\.\/([\w-]+\.js)";/g)].map(
  ([, name, file]) => ({ name, file: path.join(localesDir, file) }),
);
if (locales.length < 10 || !locales.some((l) => l.name === 'en')) throw new Error(`unexpected ${localesIndex}`);
const lazy = locales.filter((l) => l.name !== 'en');

const common = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  legalComments: 'inline',
  charset: 'ascii',
  // Whitespace and syntax only: identifiers keep their names, so what a toolkit can observe
  // (`err.constructor.name === '$ZodAsyncError'`, `z.function.name`) is what it is under Node.
  minifyWhitespace: true,
  minifySyntax: true,
  // Functions and classes keep the names zod gave them, where bundling had to rename one to
  // avoid a clash (`z.string.name` was `string2`, `z.enum`'s `_enum2`).
  keepNames: true,
  banner,
};

// zod's locales index, replaced: English stays eager (zod configures it at import); each other
// locale loads the locales module on first call.
const lazyLocales = {
  name: 'lazy-zod-locales',
  setup(b) {
    b.onLoad({ filter: /[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => {
      if (path.resolve(args.path) !== localesIndex) return undefined;
      const lines = [
        'import { core } from "ext:core/mod.js";',
        `export { default as en } from ${JSON.stringify(path.join(localesDir, 'en.js'))};`,
        // The loader is made on first call, not when zod evaluates: outside the isolate (the
        // Node baselines) the module that provides `core` imports the locales, which import zod.
        'let loader;',
        'const load = () => (loader ??= core.createLazyLoader("ext:trove/vendor/zod-locales.js"))();',
        // Named `default`, as zod's own locale functions are.
        ...lazy.map((l) => `export const ${l.name} = { default() { return load().${l.name}(); } }.default;`),
      ];
      return { contents: lines.join('\n'), loader: 'js', resolveDir: localesDir };
    });
  },
};

// zod 4.4 puts a schema class's builder methods (`optional`, `min`, `describe`, …) on its prototype
// once, as lazily bound getters: `_installLazyMethods(inst, "ZodType", { check() {…}, … })` in
// the class's initialiser returns at once after the first instance of the class. But the
// object literal it is handed is made before the call, for every instance: 27 closures for
// ZodType, and 5 to 15 more for ZodString, ZodNumber, ZodArray and ZodObject, built and dropped
// each time a schema is made or cloned (`z.number().min(0)` makes two). On QuickJS that was
// about half of making a schema, most of what a toolkit's module costs to evaluate in a cold
// call or `list` (docs/performance.md, "The forty-fifth session"). Rewritten here, in zod's
// source before bundling: each call hands the literal in an arrow function, which
// `_installLazyMethods` calls only when it installs the group, after its own checks, which
// are unchanged (the same built-ins called as often, the same errors). The literal's methods
// read `this`, not the initialiser's variables (checked below), so making them once per class
// is what zod already does; the getters installed are the same.
const lazyMethodGroups = {
  name: 'lazy-method-groups',
  setup(b) {
    b.onLoad({ filter: /[\\/]v4[\\/]classic[\\/]schemas\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const head = [
        'function _installLazyMethods(inst, group, methods) {',
        '    const proto = Object.getPrototypeOf(inst);',
        '    let installed = _installedGroups.get(proto);',
        '    if (!installed) {',
        '        installed = new Set();',
        '        _installedGroups.set(proto, installed);',
        '    }',
        '    if (installed.has(group))',
        '        return;',
        '    installed.add(group);',
        '    for (const key in methods) {',
        '        const fn = methods[key];',
      ].join('\n');
      if (source.split(head).length !== 2) {
        throw new Error("zod's _installLazyMethods changed: update lazyMethodGroups in js/build-zod.mjs");
      }
      // The one change to the function: the methods are made here, once per class and group.
      const rewritten = source.replace(head, head.replace('    for (const key in methods) {', '    methods = methods();\n    for (const key in methods) {'));
      let groups = 0;
      const contents = rewritten.replace(/^( +)_installLazyMethods\(inst, "(\w+)", \{\n([\s\S]*?)\n\1\}\);$/gm, (_, indent, group, body) => {
        groups++;
        // Method definitions only, one level in, none reading the initialiser's own variables
        // (`inst`, `def`, `bag`) unless it declares its own of that name (`clone(def, params)`,
        // `const def = this.def`): made once, they behave as made per instance.
        const methods = body.split(new RegExp(`^(?=${indent}    [A-Za-z_$][\\w$]*\\([^)]*\\) \\{$)`, 'm'));
        for (const method of methods) {
          const [, params = ''] = /^\s*[A-Za-z_$][\w$]*\(([^)]*)\) \{/.exec(method) ?? [];
          if (!params && !/^\s*[A-Za-z_$][\w$]*\(\) \{/.test(method)) {
            throw new Error(`zod's ${group} methods are not all plain method definitions: update lazyMethodGroups in js/build-zod.mjs`);
          }
          const own = new Set([...params.matchAll(/[A-Za-z_$][\w$]*/g), ...method.matchAll(/\b(?:const|let|var) ([A-Za-z_$][\w$]*)/g)].map((m) => m[1] ?? m[0]));
          for (const name of ['inst', 'def', 'bag']) {
            if (!own.has(name) && new RegExp(`(?<![.\\w$])${name}\\b`).test(method)) {
              throw new Error(`zod's ${group} methods read the initialiser's ${name}: update lazyMethodGroups in js/build-zod.mjs`);
            }
          }
        }
        return `${indent}_installLazyMethods(inst, "${group}", () => ({\n${body}\n${indent}}));`;
      });
      if (groups !== 5 || /^ +_installLazyMethods\(inst, "\w+", \{$/m.test(contents)) {
        throw new Error(`${groups} _installLazyMethods calls rewritten in zod's schemas.js: update lazyMethodGroups in js/build-zod.mjs`);
      }
      return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

await build({
  ...common,
  stdin: { contents: "export * from 'zod'; export { z as default } from 'zod';", resolveDir: '.', loader: 'js' },
  external: ['ext:core/mod.js'],
  plugins: [lazyLocales, lazyMethodGroups],
  outfile: 'vendor/zod.js',
});
// The locales' one import, zod's `core/util.js`, is taken from vendor/zod.js (`z.core.util`,
// evaluated when the isolate boots), not bundled again: the locales module then reads no
// global when it evaluates, so a toolkit that replaced one (`Number`) before its first
// `z.locales.de()` cannot make the load fail for the rest of the instance's life.
const localeSources = lazy.map((l) => readFileSync(l.file, 'utf8')).join('\n');
const utilNames = [...new Set([...localeSources.matchAll(/\butil\.(\w+)\(/g)].map((m) => m[1]))].sort();
const sharedUtil = {
  name: 'shared-zod-util',
  setup(b) {
    b.onResolve({ filter: /[\\/]core[\\/]util\.js$/ }, (args) =>
      path.dirname(args.importer) === localesDir ? { path: 'zod-core-util', namespace: 'shared-zod-util' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'shared-zod-util' }, () => ({
      contents: `import { core } from "ext:trove/vendor/zod.js";\nexport const { ${utilNames.join(', ')} } = core.util;\n`,
      loader: 'js',
    }));
  },
};
await build({
  ...common,
  stdin: {
    contents: lazy.map((l) => `export { default as ${l.name} } from ${JSON.stringify(l.file)};`).join('\n'),
    resolveDir: '.',
    loader: 'js',
  },
  external: ['ext:trove/vendor/zod.js'],
  plugins: [sharedUtil],
  outfile: 'vendor/zod-locales.js',
});

// esbuild makes each namespace zod exports as a value (`z`, `z.core`, `z.util`, `z.locales`, …) an
// object with one getter per export, each its own arrow function (`__export(ns, { string: () =>
// string, … })`): about 900 functions whose bytecode and closures every isolate restores and
// keeps, about 0.3 MiB an instance (issue #11). Rewritten here: while the bundle evaluates, one
// lookup function per namespace serves its getters (the same live bindings, the same
// ReferenceError before a binding is initialised); once it has evaluated, every export is a
// non-configurable data property of a non-extensible object with a null prototype and the
// `Symbol.toStringTag` "Module", as the module namespace object `z` is under Node (assigning,
// adding or deleting a property throws, as there). One difference is left: Node reports its
// exports `writable`, which an ordinary object that refuses assignment cannot. The getters and
// lookups are then garbage before the isolate is snapshotted.
function compactNamespaces(code) {
  const helper = 'var __export=(target,all)=>{for(var name in all)__defProp(target,name,{get:all[name],enumerable:!0})};';
  const end = ';export{';
  if (code.split(helper).length !== 2 || code.split(end).length !== 2) {
    throw new Error("esbuild's __export helper or the bundle's final export changed: update compactNamespaces in js/build-zod.mjs");
  }
  let count = 0;
  code = code.replace(/__export\(([\w$]+),\{([^{}]*)\}\);/g, (_, target, body) => {
    const entries = body.split(',').map((entry) => {
      const m = /^([A-Za-z_$][\w$]*):\(\)=>([A-Za-z_$][\w$]*)$/.exec(entry);
      if (!m) throw new Error(`unexpected namespace entry ${JSON.stringify(entry)} in ${target}`);
      return { name: m[1], binding: m[2] };
    });
    if (entries.some((e) => e.binding === '__key')) throw new Error(`a binding named __key in ${target}`);
    count += entries.length;
    const names = JSON.stringify(entries.map((e) => e.name));
    const cases = entries.map((e) => `case${JSON.stringify(e.name)}:return ${e.binding}`).join(';');
    return `__export(${target},${names},__key=>{switch(__key){${cases}}});`;
  });
  if (count < 500) throw new Error(`only ${count} namespace exports rewritten: update compactNamespaces`);
  code = code.replace(
    helper,
    'var __namespaces=[];var __export=(target,names,get)=>{__namespaces.push([target,names,get]);' +
      'for(let name of names)__defProp(target,name,{get:()=>get(name),enumerable:!0,configurable:!0})};',
  );
  return code.replace(
    end,
    ';for(let[target,names,get]of __namespaces){for(let name of names)' +
      '__defProp(target,name,{value:get(name),writable:!1,enumerable:!0,configurable:!1});' +
      '__defProp(target,Symbol.toStringTag,{value:"Module"});Object.setPrototypeOf(target,null);' +
      'Object.preventExtensions(target)}__namespaces=void 0' +
      end,
  );
}
// Zod compiles a parser for each object schema on its first parse (`generateFastpass`, which the
// host keeps: docs/performance.md, "Zod's compiled parsers"). It writes the parser's source a
// block at a time through `Doc.write`, which splits each block into lines, drops empty ones,
// measures every line's indentation and re-indents them: about 1 µs a line on QuickJS, 25 µs
// for each key of the shape, most of what writing a parser costs in a cold call. The blocks
// are constant text with the key's name spliced into the middle of lines, so what `Doc.write`
// makes of them is known when the bundle is built: rewritten here, each `doc.write(block)` in
// `generateFastpass` pushes the block's lines as `Doc.write` would have made them. The parser's
// source is the same text (checked below against zod's own `Doc.write` for sample shapes), so
// the parser and the engine's cache of its bytecode are unchanged.
function predentFastpass(code) {
  const head = 'generateFastpass=__name(shape=>{let doc=new Doc(';
  const tail = '},"generateFastpass")';
  const start = code.indexOf(head);
  const end = code.indexOf(tail, start);
  if (start < 0 || end < 0 || code.indexOf(head, start + 1) >= 0) throw new Error("zod's generateFastpass changed: update predentFastpass in js/build-zod.mjs");
  const body = code.slice(start, end);
  // A fresh Doc, never indented: `Doc.write` prefixes nothing.
  if (/indent/.test(body)) throw new Error('generateFastpass indents its Doc: update predentFastpass in js/build-zod.mjs');
  let blocks = 0;
  const rewritten = body.replace(/doc\.write\((`[^`\\]*`|"[^"\\]*")\)/g, (_, literal) => {
    blocks++;
    const quote = literal[0];
    for (const [, expr] of literal.matchAll(/\$\{([^}]*)\}/g)) {
      // What is spliced in: an identifier made from a counter, the key as JSON, a call on it;
      // none holds a newline, so the lines are the block's own.
      if (!['id2', 'k', 'parseStr(key)'].includes(expr)) throw new Error(`generateFastpass splices \${${expr}}: update predentFastpass`);
    }
    const lines = literal.slice(1, -1).split('\n').filter((line) => line);
    // A splice at a line's start could change the line's indentation: not a constant then.
    if (lines.some((line) => /^\s*\$\{/.test(line))) throw new Error('generateFastpass starts a line with a splice: update predentFastpass');
    const indent = Math.min(...lines.map((line) => line.length - line.trimStart().length));
    return `doc.content.push(${lines.map((line) => quote + line.slice(indent) + quote).join(',')})`;
  });
  if (blocks !== 8 || /doc\.write/.test(rewritten)) throw new Error(`generateFastpass writes ${blocks} blocks: update predentFastpass`);
  const result = code.slice(0, start) + rewritten + code.slice(end);

  // The check: both versions write the same source for shapes with every kind of key.
  const docStart = code.indexOf('var Doc=class{');
  const docEnd = code.indexOf('};', code.indexOf('compile(){', docStart)) + 2;
  const expression = (text) => text.slice(text.indexOf('__name(shape=>', start - 1), text.indexOf(tail, start) + tail.length);
  const sourceOf = (text, shape) => {
    const name = (fn) => fn;
    const Doc = new Function('__name', `${code.slice(docStart, docEnd)}return Doc;`)(name);
    let source;
    Doc.prototype.compile = function () {
      source = this.content.join('\n');
      return () => undefined;
    };
    const normalized = { value: { keys: Object.keys(shape) } };
    new Function('Doc', 'esc', '__name', '_normalized', `return ${expression(text)};`)(Doc, JSON.stringify, name, normalized)(shape);
    return source;
  };
  const field = (optin, optout) => ({ _zod: { optin, optout } });
  const shapes = [
    {},
    { a: field() },
    { a: field('optional', 'optional'), b: field('optional'), 'c"\n\u2028 d': field(undefined, 'optional'), '': field() },
  ];
  for (const shape of shapes) {
    if (sourceOf(code, shape) !== sourceOf(result, shape)) throw new Error(`predentFastpass changed the parser written for ${JSON.stringify(Object.keys(shape))}`);
  }
  return result;
}
{
  const out = new URL('./vendor/zod.js', import.meta.url);
  writeFileSync(out, predentFastpass(compactNamespaces(readFileSync(out, 'utf8'))));
}

// deno_core requires extension code to be 7-bit ASCII. esbuild's `charset: 'ascii'` escapes
// strings and identifiers; this also escapes what is left (characters inside comments).
for (const file of ['vendor/zod.js', 'vendor/zod-locales.js']) {
  const out = new URL(`./${file}`, import.meta.url);
  const escaped = readFileSync(out, 'utf8').replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(out, escaped);
}
console.log(`vendor/zod.js, vendor/zod-locales.js: zod ${version} (${lazy.length} locales loaded on first use)`);
