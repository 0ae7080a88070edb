// Generates intl/tests/fixtures.json: what Node 20 (full ICU) prints for the
// Intl cases trove-host supports. Run: node intl/tests/gen-fixtures.mjs
// Values that JSON can't carry (NaN, ±Infinity, -0) are written as strings.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const enc = (v) => (Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity'
  : v === -Infinity ? '-Infinity' : Object.is(v, -0) ? '-0' : v);

const dates = [];
const addDate = (locale, options, iso, kind = 'dtf') => {
  const ms = Date.parse(iso);
  const d = new Date(ms);
  let expected, parts = null, resolved = null;
  if (kind === 'dtf') {
    const f = new Intl.DateTimeFormat(locale, options);
    expected = f.format(d);
    parts = f.formatToParts(d);
    const r = f.resolvedOptions();
    resolved = { locale: r.locale, timeZone: r.timeZone, calendar: r.calendar, numberingSystem: r.numberingSystem };
  } else if (kind === 'toLocaleString') expected = d.toLocaleString(locale, options);
  else if (kind === 'toLocaleDateString') expected = d.toLocaleDateString(locale, options);
  else if (kind === 'toLocaleTimeString') expected = d.toLocaleTimeString(locale, options);
  dates.push({ kind, locale: locale ?? null, options, epochMs: ms, expected, parts, resolved });
};

const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
const instants = [
  '2026-03-08T06:30:00Z',
  '2024-03-10T06:59:00Z', '2024-03-10T07:00:00Z', '2024-03-10T10:30:00Z', '2024-03-10T12:00:00Z',
  '2024-11-03T05:30:00Z', '2024-11-03T06:30:00Z', '2024-11-03T09:59:59Z', '2024-11-03T10:00:00Z',
  '2024-03-31T00:59:00Z', '2024-03-31T01:00:00Z', '2024-04-06T13:59:00Z', '2024-04-06T14:00:00Z',
  '2024-01-01T00:00:00Z', '2023-12-31T23:59:59Z', '1999-07-04T17:05:09Z', '2025-12-25T12:00:00Z',
];

// The brief's exact case.
addDate('en-US', { timeZone: 'America/New_York', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, '2026-03-08T06:30:00Z');
// tidewatch: weekday + 2-digit h23 clock across DST changes.
for (const timeZone of zones) for (const iso of instants)
  addDate('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, iso);

const optionSets = [
  {},
  { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  { year: 'numeric', month: 'short', day: 'numeric' },
  { year: 'numeric', month: '2-digit', day: '2-digit' },
  { year: '2-digit', month: 'numeric', day: 'numeric' },
  { month: 'long', day: 'numeric' },
  { month: 'short' },
  { month: 'long', year: 'numeric' },
  { weekday: 'long' },
  { weekday: 'short' },
  { year: 'numeric' },
  { day: 'numeric' },
  { hour: 'numeric', minute: '2-digit' },
  { hour: '2-digit', minute: '2-digit' },
  { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  { hour: 'numeric', minute: '2-digit', hour12: false },
  { hour: '2-digit', minute: '2-digit', hour12: false },
  { hour: 'numeric', minute: '2-digit', hour12: true },
  { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' },
  { hour: 'numeric' },
  { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false },
  { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  { dateStyle: 'full' }, { dateStyle: 'long' }, { dateStyle: 'medium' }, { dateStyle: 'short' },
  { timeStyle: 'short' }, { timeStyle: 'medium' },
  { dateStyle: 'medium', timeStyle: 'short' }, { dateStyle: 'full', timeStyle: 'short' },
  { dateStyle: 'short', timeStyle: 'short' }, { dateStyle: 'long', timeStyle: 'medium' },
];
const locales = ['en-US', 'en-CA', 'en-GB', 'en', undefined];
const sampleInstants = ['2026-03-08T06:30:00Z', '2024-11-03T18:05:09Z', '1999-07-04T00:00:00Z'];
for (const locale of locales) for (const o of optionSets) for (const timeZone of ['America/New_York', 'Europe/London', 'UTC'])
  for (const iso of sampleInstants) addDate(locale, { ...o, timeZone }, iso);
for (const timeZone of zones) for (const iso of ['2024-03-10T12:00:00Z', '2024-07-01T12:00:00Z'])
  addDate('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, iso);
for (const kind of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
  for (const locale of ['en-US', 'en-CA', 'en-GB', undefined])
    for (const o of [{ timeZone: 'UTC' }, { timeZone: 'America/New_York' }, { timeZone: 'UTC', month: 'short', day: 'numeric' }, { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }])
      for (const iso of sampleInstants) addDate(locale, o, iso, kind);

// ECMA-402 ToDateTimeOptions: `timeZoneName` or `era` alone still gets the default date (and,
// for toLocaleString, time).
const review = '2026-01-05T14:03:09Z';
for (const timeZoneName of ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'])
  for (const kind of ['dtf', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
    addDate('en-US', { timeZone: 'America/New_York', timeZoneName }, review, kind);
for (const era of ['long', 'short', 'narrow'])
  for (const kind of ['dtf', 'toLocaleString', 'toLocaleDateString']) addDate('en-US', { era }, review, kind);
addDate('en-US', { timeZone: 'Europe/London', timeZoneName: 'long' }, review);
addDate('en-US', { timeZone: 'America/Chicago', timeZoneName: 'shortGeneric' }, review);
// The numeric date is CLDR's yMd pattern (de 5.1.2026, ja 2026/1/5, tr 05.01.2026), and the clock
// follows the locale's hour cycle (fa, my, ne: 24-hour).
const numericLocales = ['de-DE', 'de-AT', 'de-CH', 'nl-NL', 'nl-BE', 'da-DK', 'nb-NO', 'cs-CZ', 'pl-PL', 'ja-JP', 'ko-KR',
  'en-IN', 'en-IE', 'en-AU', 'en-NZ', 'en-ZA', 'tr-TR', 'fr-FR', 'fr-BE', 'fr-CA', 'it-IT', 'es-ES', 'es-MX', 'pt-BR',
  'pt-PT', 'ru-RU', 'uk-UA', 'zh-CN', 'zh-TW', 'sv-SE', 'fi-FI', 'hu-HU', 'ro-RO', 'el-GR', 'he-IL', 'ar-EG', 'hi-IN',
  'id-ID', 'vi-VN', 'sl-SI', 'sk-SK', 'hr-HR', 'lt-LT', 'lv-LV', 'et-EE', 'bg-BG', 'fa-IR', 'my-MM', 'ne-NP'];
// (Not yet: ko-KR 오후 / PM, en-IN PM / pm, es-MX 02 / 2, bg-BG's "ч." twice: CLDR data ICU4X lacks.)
const clockDiffers = ['ko-KR', 'en-IN', 'es-MX', 'bg-BG'];
for (const locale of numericLocales) for (const kind of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
  if (kind === 'toLocaleDateString' || !clockDiffers.includes(locale)) addDate(locale, { timeZone: 'UTC' }, review, kind);
// (DateTimeFormat cases also check resolvedOptions(): only locales whose numbering system,
// calendar and locale the host already resolves like Node.)
for (const locale of numericLocales.filter((l) => !['nb-NO', 'ar-EG', 'fa-IR', 'my-MM', 'ne-NP'].includes(l)))
  addDate(locale, { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }, review);
// Requested widths: each text field takes its own width (weekday short + month long), a text
// month is spelt out (de März 2026), narrow is narrow, hour 'numeric' with minute '2-digit' is unpadded.
const march = '2026-03-08T09:05:00Z';
for (const [locale, o] of [
  ['en-US', { weekday: 'short', month: 'long', day: 'numeric' }],
  ['en-US', { weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' }],
  ['de-DE', { year: 'numeric', month: 'short' }], ['ja-JP', { year: 'numeric', month: 'short' }],
  ['fi-FI', { year: 'numeric', month: 'short' }], ['en-US', { year: 'numeric', month: 'short' }],
  ['ru-RU', { weekday: 'narrow' }], ['de-DE', { month: 'narrow' }], ['pl-PL', { month: 'narrow' }],
  ['en-US', { weekday: 'narrow', month: 'narrow', day: 'numeric' }], ['en-US', { era: 'short', year: 'numeric' }],
  ['de-DE', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }],
  // A text month in Japanese is a number and 月 (2026年3月8日), not the medium 2026/03/08 (review 50).
  ['ja-JP', { year: 'numeric', month: 'short', day: 'numeric' }], ['ja-JP', { year: 'numeric', month: 'long', day: 'numeric' }],
  ['ja-JP', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }],
  ['ja-JP', { month: 'short', day: 'numeric' }],
  ['zh-CN', { year: 'numeric', month: 'short', day: 'numeric' }], ['zh-TW', { year: 'numeric', month: 'short', day: 'numeric' }],
  ['ko-KR', { year: 'numeric', month: 'short', day: 'numeric' }],
]) for (const kind of ['dtf', 'toLocaleString', 'toLocaleDateString']) addDate(locale, { ...o, timeZone: 'UTC' }, march, kind);
for (const locale of ['de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'sv-SE', 'pl-PL', 'ru-RU', 'uk-UA', 'tr-TR', 'zh-CN', 'ja-JP', 'en-GB', 'en-US'])
  for (const o of [{ hour: 'numeric', minute: '2-digit' }, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    { hour: 'numeric', minute: '2-digit', second: '2-digit' }, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }])
    addDate(locale, { ...o, timeZone: 'UTC' }, march);
// A minute and/or second without an hour (a duration, a clock's mm:ss): CLDR's `ms` pattern,
// one field alone unpadded, fractional seconds behind the locale's decimal separator (review 28).
for (const locale of ['en-US', 'de-DE', 'fi', 'da', 'ja', 'ru', 'bg', 'fr', 'pt-BR'])
  for (const o of [{ minute: '2-digit', second: '2-digit' }, { minute: 'numeric', second: 'numeric' }, { minute: 'numeric' },
    { minute: '2-digit' }, { second: 'numeric' }, { second: '2-digit' }, { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 },
    { second: 'numeric', fractionalSecondDigits: 2 }])
    addDate(locale, { ...o, timeZone: 'UTC' }, '2026-11-03T05:05:07.123Z');

const numbers = [];
const addNum = (locale, options, v, kind = 'nf') => {
  let expected, parts = null;
  if (kind === 'nf') {
    const f = new Intl.NumberFormat(locale, options);
    expected = f.format(v);
    parts = f.formatToParts(v);
  } else expected = v.toLocaleString(locale, options);
  numbers.push({ kind, locale: locale ?? null, options, value: enc(v), expected, parts });
};
const values = [1234.5, 0.125, -0, 0, 1e21, 1e-7, NaN, Infinity, -Infinity, -1234.567, 9007199254740991, 123456789012, 12.5, 1.005, 2.5, -2.5, 0.5, 999.995, 100, 1000000, 42, -0.001];
const numOptions = [
  {}, { minimumFractionDigits: 0, maximumFractionDigits: 0 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 3 }, { maximumFractionDigits: 3 }, { maximumFractionDigits: 0 }, { minimumFractionDigits: 2 },
  { maximumFractionDigits: 1 }, { minimumIntegerDigits: 2 }, { minimumIntegerDigits: 3, minimumFractionDigits: 1 },
  { useGrouping: false }, { useGrouping: false, minimumFractionDigits: 2 },
  { style: 'percent' }, { style: 'percent', maximumFractionDigits: 1 }, { style: 'percent', minimumFractionDigits: 2 },
  { style: 'currency', currency: 'USD' }, { style: 'currency', currency: 'CAD' }, { style: 'currency', currency: 'EUR' },
  { style: 'currency', currency: 'GBP' }, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { style: 'currency', currency: 'USD', maximumFractionDigits: 0 },
  { style: 'decimal', maximumFractionDigits: 2 },
];
for (const locale of ['en-US', 'en-CA', 'en-GB', 'en', undefined]) for (const o of numOptions) for (const v of values) addNum(locale, o, v);
// style: 'unit': simple and compound units (CLDR's own, per-pattern, percent over anything), every
// width, plural forms (Arabic's dual has no number), signs, and digits that change the form.
const unitValues = [1, 2, -3.5, 0, 11, 1000000, NaN, -Infinity];
for (const locale of ['en-US', 'de', 'fr', 'ar', 'ru', 'ja', 'zh-Hant', 'pl', 'he', 'cy', 'sr-Latn', 'es-MX'])
  for (const unit of ['kilometer', 'celsius', 'megabyte', 'percent', 'kilometer-per-hour', 'kilobyte-per-second', 'day', 'percent-per-second'])
    for (const unitDisplay of [undefined, 'long', 'narrow']) for (const v of unitValues) addNum(locale, { style: 'unit', unit, unitDisplay }, v);
for (const o of [{ minimumFractionDigits: 1 }, { maximumFractionDigits: 0 }, { signDisplay: 'always' }, { useGrouping: false }])
  for (const v of [1, 1.2, -1, 21, 12345.678]) addNum('en-US', { style: 'unit', unit: 'hour', unitDisplay: 'long', ...o }, v);
for (const v of [1, 2.5]) addNum('en-US', { style: 'unit', unit: 'mile-per-hour' }, v, 'toLocaleString');
// Compact units ("1.2K kB", fr "2 M mètres": the plural form counts the exponent).
for (const locale of ['en-US', 'fr', 'de', 'ru', 'ar', 'ja', 'pt', 'es'])
  for (const unit of ['kilobyte', 'meter', 'percent', 'day'])
    for (const unitDisplay of unit === 'percent' ? ['long'] : [undefined, 'long'])
      for (const v of [0, 1, 2, 999, 1000, 1200, 1500000, 2000000, 1e9, -1234]) addNum(locale, { style: 'unit', unit, unitDisplay, notation: 'compact' }, v);
for (const locale of ['en-US', 'en-CA', undefined]) for (const o of [undefined, { maximumFractionDigits: 2 }, { minimumFractionDigits: 2, maximumFractionDigits: 2 }, { style: 'currency', currency: 'USD' }])
  for (const v of values) addNum(locale, o, v, 'toLocaleString');

const out = { node: process.version, icu: process.versions.icu, cldr: process.versions.cldr, tz: process.versions.tz, dates, numbers };
// One case per line keeps the file small and its diffs readable.
const lines = (xs) => xs.map((x) => '  ' + JSON.stringify(x)).join(',\n');
const text = `{"node":${JSON.stringify(out.node)},"icu":${JSON.stringify(out.icu)},"cldr":${JSON.stringify(out.cldr)},"tz":${JSON.stringify(out.tz)},\n"dates":[\n${lines(dates)}\n],\n"numbers":[\n${lines(numbers)}\n]}\n`;
JSON.parse(text);
writeFileSync(fileURLToPath(new URL('./fixtures.json', import.meta.url)), text);
console.log(`${dates.length} date cases, ${numbers.length} number cases`);
