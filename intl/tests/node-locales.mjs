// The locales the generated tables list (gen-unit-patterns.mjs, gen-number-symbols.mjs): every
// language Node 20's ICU has data for (its canonical code, so `iw` and `fre` are left out), and the
// regions and scripts of a few widespread languages whose data differs from their language's
// (en-KE takes en-001's "metres", sr-ME the Latin script). A table is searched region, script,
// language (intl/src/locale.rs, `table_keys`), so a variant that formats like its language needs
// no row.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const letters = 'abcdefghijklmnopqrstuvwxyz';
const has = (tag) => Intl.NumberFormat.supportedLocalesOf([tag]).length === 1 && Intl.getCanonicalLocales(tag)[0] === tag;

/** Every language (2 or 3 letters) Node has data for, sorted. */
export function nodeLanguages() {
  const out = [];
  for (const x of letters) for (const y of letters) {
    if (has(x + y)) out.push(x + y);
    for (const z of letters) if (has(x + y + z)) out.push(x + y + z);
  }
  return out.sort();
}

/** The locales the date tables list (gen-ymd-patterns.mjs). */
export function dateTableLocales() {
  const source = readFileSync(fileURLToPath(new URL('./gen-ymd-patterns.mjs', import.meta.url)), 'utf8');
  return eval(source.match(/const locales = (\[[^\]]*\])/)[1]);
}

const regions = [];
for (const x of letters.toUpperCase()) for (const y of letters.toUpperCase()) regions.push(x + y);
regions.push('001', '150', '419');
const scripts = ['Latn', 'Cyrl', 'Arab', 'Hans', 'Hant', 'Deva', 'Beng', 'Guru', 'Adlm', 'Mtei', 'Olck', 'Vaii', 'Tfng', 'Nkoo', 'Rohg', 'Shaw', 'Dsrt'];
/** Languages with regional or script variants in CLDR worth a look. */
const varied = ['ar', 'bn', 'bs', 'de', 'en', 'es', 'fr', 'hi', 'it', 'ko', 'ms', 'nl', 'pa', 'pt', 'ro', 'ru', 'sr', 'sv', 'sw', 'ta', 'ur', 'uz', 'zh', 'ff', 'ks', 'sd', 'vai', 'yue', 'az', 'mn', 'shi', 'kk', 'ha'];

/**
 * `locales` with the variants (a region or a script) of {@link varied} languages whose
 * `signature(tag)` differs from their language's.
 */
export function withVariants(locales, signature) {
  const listed = new Set(locales);
  const sig = new Map();
  const of = (tag) => {
    if (!sig.has(tag)) sig.set(tag, signature(tag));
    return sig.get(tag);
  };
  const out = [...locales];
  for (const language of varied) {
    if (!listed.has(language)) continue;
    const candidates = [...scripts.map((s) => `${language}-${s}`), ...regions.map((r) => `${language}-${r}`)];
    for (const tag of candidates) {
      if (listed.has(tag) || !has(tag)) continue;
      // Without a row of its own, the host finds the language's.
      if (of(tag) !== of(language)) {
        out.push(tag);
        listed.add(tag);
      }
    }
  }
  return out.sort();
}
