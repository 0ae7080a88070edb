// Generates intl/tests/ranges.json: Node 20's `Intl.NumberFormat.prototype.formatRange` over
// locales × option sets × pairs of numbers (the option sets trove-host's NumberFormat supports).
// Each row: [locale, options, start, end, Node's start alone, Node's end alone, Node's range].
// Checked by `number_ranges_match_node` in intl/tests/js.rs.
// Run: node intl/tests/gen-range-fixtures.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const locales = ['en', 'de', 'fr', 'ja', 'ru', 'es', 'zh', 'ko', 'ar', 'he', 'hi', 'bg', 'nb', 'pt-PT', 'de-CH', 'fr-CA',
  'it', 'nl', 'pl', 'sv', 'tr', 'ar-EG', 'th', 'mk', 'et'];
const options = [{}, { style: 'currency', currency: 'USD' }, { style: 'currency', currency: 'EUR' },
  { style: 'currency', currency: 'USD', currencyDisplay: 'code' }, { style: 'percent' }, { notation: 'compact' },
  { maximumFractionDigits: 0 }, { signDisplay: 'always' }];
const pairs = [[3, 5], [3, 3], [-5, -3], [-3, 5], [5, 3], [2.9, 3.1], [-1, 1], [0, 5], [3, -5], [3000, 5000000],
  [0.03, 0.05], [1234.5, 98765.25]];
const rows = [];
for (const locale of locales) {
  for (const o of options) {
    const f = new Intl.NumberFormat(locale, o);
    for (const [a, b] of pairs) {
      // The numbers alone too: where trove-host writes one differently (a currency symbol), the
      // test skips the row, which would test the number, not the range.
      rows.push([locale, JSON.stringify(o), a, b, f.format(a), f.format(b), f.formatRange(a, b)]);
    }
  }
}
const out = fileURLToPath(new URL('./ranges.json', import.meta.url));
writeFileSync(out, `${JSON.stringify({ node: process.version, rows }).replace(/\],\[/g, '],\n[')}\n`);
console.log(`${rows.length} rows -> ${out}`);
