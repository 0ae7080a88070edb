// Generates intl/src/unit_patterns.rs: CLDR's unit patterns per locale (the locales of
// node-locales.mjs), as Node 20's ICU formats `{ style: 'unit', unit, unitDisplay }` with them. ICU4X's compiled data has unit names for five
// categories only (no temperature, digital, speed or percent) and no "per" patterns, so the host
// reads the CLDR data Node ships, the way gen-ymd-patterns.mjs does for date skeletons.
//
// What is stored, and checked against Node before anything is written:
// - for every sanctioned simple unit (Intl.supportedValuesOf('unit')) and the compound units CLDR
//   names itself (kilometer-per-hour…), per locale and width, a pattern per plural category
//   ("{0} kilometers"; Arabic's dual "يومان" has no number at all);
// - for every sanctioned unit as a denominator, per locale and width, the pattern a `-per-` unit
//   puts its numerator's text into ("{0}/h", "{0} per hour"); a short or narrow percent over
//   anything is the percent alone ("2%"), as Node writes it.
// The parts Node types them as follow one rule, checked here for every row: white space next to
// the number is a `literal`, every other character outside the number is the `unit`.
// Run: node intl/tests/gen-unit-patterns.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dateTableLocales, nodeLanguages, withVariants } from './node-locales.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const simple = Intl.supportedValuesOf('unit');
// Every language Node has data for, the date tables' locales, and the regions and scripts that
// write units unlike their language (node-locales.mjs).
const signature = (locale) => ['meter', 'kilometer', 'hour', 'percent', 'celsius', 'kilobyte', 'day', 'liter', 'mile-per-hour', 'byte-per-second', 'acre']
  .flatMap((unit) => ['short', 'long', 'narrow'].flatMap((unitDisplay) => {
    const f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay });
    return [1, 2, 1.5, 5, -1].map((x) => f.format(x));
  })).join('|');
const locales = withVariants([...new Set([...dateTableLocales(), 'zh-Hant', ...nodeLanguages()])].sort(), signature);
const named = ['kilometer-per-hour', 'liter-per-kilometer', 'meter-per-second', 'mile-per-gallon', 'mile-per-hour'];
const units = [...simple, ...named].sort();
const widths = ['short', 'long', 'narrow'];
const categories = ['zero', 'one', 'two', 'few', 'many', 'other'];
const samples = [];
for (let i = 0; i <= 110; i++) samples.push(i, i + 0.5, i + 0.1);
samples.push(1000, 10000, 100000, 1e6, 1e7);
const numberTypes = new Set(['integer', 'group', 'decimal', 'fraction']);
const space = /^[\s\u00a0\u202f\u200e\u200f\u061c]*$/u;

// Node's text for `x`, with the number written `{0}`.
const pattern = (f, x) => {
  let out = '';
  let inNumber = false;
  for (const p of f.formatToParts(x)) {
    if (numberTypes.has(p.type)) {
      if (!inNumber) out += '{0}';
      inNumber = true;
    } else {
      out += p.value;
      inNumber = false;
    }
  }
  return out;
};
// The parts the host makes of `text` (the rule in intl/src/number.rs, `unit_parts`): around
// the number, or at either end, white space and bidi marks are `literal`; the rest is `unit`.
const edge = '[\\s\\u00a0\\u202f\\u200e\\u200f\\u061c]*';
const affix = (s) => {
  const [, lead, middle, trail] = s.match(new RegExp(`^(${edge})(.*?)(${edge})$`, 'su'));
  return [lead && { type: 'literal', value: lead }, middle && { type: 'unit', value: middle }, trail && { type: 'literal', value: trail }].filter(Boolean);
};
const typed = (text) => {
  const [before, after] = text.includes('{0}') ? text.split('{0}') : [text, ''];
  return text.includes('{0}') ? [...affix(before), { type: 'N' }, ...affix(after)] : affix(before);
};
const shape = (parts) => {
  const out = [];
  for (const p of parts) {
    if (numberTypes.has(p.type)) {
      if (out.at(-1)?.type !== 'N') out.push({ type: 'N' });
    } else out.push({ type: p.type, value: p.value });
  }
  return JSON.stringify(out);
};
const problems = [];
const check = (what, f, x, text) => {
  const want = shape(f.formatToParts(x));
  const got = JSON.stringify(typed(text));
  if (want !== got) problems.push(`${what} ${x}: Node ${want}, rule ${got}`);
};

const strings = new Map(); // pattern text → index
const intern = (s) => {
  if (!strings.has(s)) strings.set(s, strings.size);
  return strings.get(s);
};
const sets = new Map(); // JSON of six indices → set index
const rows = new Map(); // JSON of a locale's row → row index
const perRows = new Map();
const localeRows = [];
for (const locale of locales) {
  const rules = new Intl.PluralRules(locale);
  const row = [];
  const perRow = [];
  for (const unitDisplay of widths) {
    for (const unit of units) {
      const f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay, maximumFractionDigits: 3 });
      const byCategory = {};
      for (const x of samples) {
        const c = rules.select(x);
        const text = pattern(f, x);
        if (byCategory[c] === undefined) {
          byCategory[c] = text;
          check(`${locale} ${unit} ${unitDisplay}`, f, x, text);
        } else if (byCategory[c] !== text) problems.push(`${locale} ${unit} ${unitDisplay} ${c}: ${byCategory[c]} and ${text}`);
      }
      for (const c of rules.resolvedOptions().pluralCategories) {
        if (byCategory[c] === undefined) problems.push(`${locale} ${unit} ${unitDisplay}: no sample is ${c}`);
      }
      const set = categories.map((c) => byCategory[c] === undefined ? 0xffff : intern(byCategory[c]));
      const key = JSON.stringify(set);
      if (!sets.has(key)) sets.set(key, sets.size);
      row.push(sets.get(key));
    }
    for (const unit of simple) {
      // A numerator no compound of CLDR's own starts with.
      const probe = unit === 'byte' ? 'bit' : 'byte';
      const numerator = new Intl.NumberFormat(locale, { style: 'unit', unit: probe, unitDisplay }).format(7);
      const compound = new Intl.NumberFormat(locale, { style: 'unit', unit: `${probe}-per-${unit}`, unitDisplay });
      const per = compound.format(7).replace(numerator, '{0}');
      if (!per.includes('{0}')) problems.push(`${locale} ${probe}-per-${unit} ${unitDisplay}: ${per}`);
      perRow.push(intern(per));
      // A percent over anything: short and narrow, the percent alone; long, composed (the rule
      // in intl/src/unit.rs).
      if (unit !== 'percent') {
        const percent = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', unitDisplay }).format(2);
        const over = new Intl.NumberFormat(locale, { style: 'unit', unit: `percent-per-${unit}`, unitDisplay }).format(2);
        const want = unitDisplay === 'long' ? per.replace('{0}', percent) : percent;
        if (over !== want) problems.push(`${locale} percent-per-${unit} ${unitDisplay}: Node ${over}, rule ${want}`);
      }
      // The composition, checked on a numerator of every kind.
      for (const top of ['kilometer', 'gigabyte', 'celsius', 'hour']) {
        if (top === unit || named.includes(`${top}-per-${unit}`)) continue;
        const whole = new Intl.NumberFormat(locale, { style: 'unit', unit: `${top}-per-${unit}`, unitDisplay });
        const part = new Intl.NumberFormat(locale, { style: 'unit', unit: top, unitDisplay });
        for (const x of [1, 2, 5, 1.5]) {
          if (whole.format(x) !== per.replace('{0}', part.format(x))) {
            problems.push(`${locale} ${top}-per-${unit} ${unitDisplay} ${x}: Node ${whole.format(x)}, composed ${per.replace('{0}', part.format(x))}`);
          }
          check(`${locale} ${top}-per-${unit} ${unitDisplay}`, whole, x, per.replace('{0}', pattern(part, x)));
        }
      }
    }
  }
  const key = JSON.stringify(row);
  if (!rows.has(key)) rows.set(key, rows.size);
  const perKey = JSON.stringify(perRow);
  if (!perRows.has(perKey)) perRows.set(perKey, perRows.size);
  localeRows.push([locale, rows.get(key), perRows.get(perKey)]);
}
if (strings.size >= 0xffff || sets.size > 0xffff || rows.size > 0xffff) problems.push('the tables outgrew their u16 indices');
if (problems.length) {
  console.error(`${problems.length} problems, the first:\n${problems.slice(0, 40).join('\n')}`);
  process.exit(1);
}

const esc = (s) => [...s].map((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) > 0x7e ? `\\u{${c.codePointAt(0).toString(16)}}` : c === '"' || c === '\\' ? '\\' + c : c).join('');
const texts = [...strings.keys()];
let end = 0;
const ends = texts.map((t) => (end += Buffer.byteLength(t)));
const lines = (values, per) => {
  const out = [];
  for (let i = 0; i < values.length; i += per) out.push('    ' + values.slice(i, i + per).join(', ') + ',');
  return out.join('\n');
};
const text = `//! CLDR's unit patterns per locale, as ICU4C (so Node) formats \`{ style: 'unit' }\` with them.
//! Generated by \`node intl/tests/gen-unit-patterns.mjs\` with Node ${process.version}
//! (ICU ${process.versions.icu}, CLDR ${process.versions.cldr}); do not edit.

/// The units with patterns of their own, sorted: ECMA-402's sanctioned simple units and the
/// compound units CLDR names (\`kilometer-per-hour\`).
pub(crate) const UNITS: &[&str] = &[
${units.map((u) => `    "${u}",`).join('\n')}
];

/// ECMA-402's sanctioned simple units, sorted: the denominators of [\`PER_ROWS\`].
pub(crate) const SIMPLE_UNITS: &[&str] = &[
${simple.map((u) => `    "${u}",`).join('\n')}
];

/// Per locale (BCP-47 tag, sorted): its row of [\`ROWS\`] and of [\`PER_ROWS\`].
pub(crate) const LOCALES: &[(&str, u16, u16)] = &[
${localeRows.map(([l, r, p]) => `    ("${l}", ${r}, ${p}),`).join('\n')}
];

/// Every pattern's text, one after another: \`{0}\` is the number.
pub(crate) const TEXT: &str = "${esc(texts.join(''))}";

/// Where each pattern of [\`TEXT\`] ends (bytes); pattern \`i\` starts where \`i - 1\` ends.
pub(crate) const ENDS: &[u32] = &[
${lines(ends, 16)}
];

/// A unit's pattern per plural category (zero, one, two, few, many, other), as indices into
/// [\`ENDS\`]; \`u16::MAX\` where the locale has no such category.
pub(crate) const SETS: &[[u16; 6]] = &[
${[...sets.keys()].map((k) => `    [${JSON.parse(k).join(', ')}],`).join('\n')}
];

/// Per width (short, long, narrow), per unit of [\`UNITS\`]: an index into [\`SETS\`].
pub(crate) const ROWS: &[[u16; ${widths.length * units.length}]] = &[
${[...rows.keys()].map((r) => JSON.parse(r)).map((r) => `    [\n${lines(r, 25).replace(/^/gm, '    ')}\n    ],`).join('\n')}
];

/// Per width, per denominator of [\`SIMPLE_UNITS\`]: the pattern (an index into [\`ENDS\`]) a
/// \`-per-\` unit puts its numerator's formatted text into (\`{0}/h\`).
pub(crate) const PER_ROWS: &[[u16; ${widths.length * simple.length}]] = &[
${[...perRows.keys()].map((r) => JSON.parse(r)).map((r) => `    [\n${lines(r, 25).replace(/^/gm, '    ')}\n    ],`).join('\n')}
];
`;
writeFileSync(here('../src/unit_patterns.rs'), text);
console.log(`${locales.length} locales (${rows.size} rows, ${perRows.size} per rows), ${units.length} units, ${texts.length} patterns (${end} bytes), ${sets.size} sets`);
