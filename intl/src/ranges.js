// trove-host: the ranges of Intl.DateTimeFormat and Intl.NumberFormat (formatRange,
// formatRangeToParts). Loaded the first time a toolkit formats a range (intl.js installs the
// methods), so an instance that never does keeps none of this code or its tables (issue #11,
// memory). Its comments are ASCII, as deno_core requires of a lazily loaded module: a dash or
// sign in an example is written as its escape.
import {
  op_intl_datetime_format,
  op_intl_datetime_format_to_parts,
  op_intl_number_format_to_parts,
} from "ext:core/ops";
import { primordials } from "ext:core/mod.js";
import { exactDigits, numberParts, numberValue, partsText, toPrimitiveNumber, toText } from "ext:trove_intl/intl.js";

const { JSONStringify } = primordials;

/** `DateTimeFormat.prototype.formatRange` for the formatter state `s`. */
export function dateRange(s, a, b) {
  const times = rangeTimes(a, b);
  const ends = rangeEnds(s, times[0], times[1], (opts, t) => op_intl_datetime_format(s.locale, opts, s.defaults, t));
  return ends[0] === ends[1] ? ends[0] : `${ends[0]} \u2013 ${ends[1]}`;
}

/**
 * `DateTimeFormat.prototype.formatRangeToParts`. As formatRange: both dates in full, not CLDR's
 * interval formats (Node writes the fields the two share once: "Jan 3 \u2013 5, 2026";
 * here "Jan 3, 2026 \u2013 Jan 5, 2026").
 */
export function dateRangeToParts(s, a, b) {
  const times = rangeTimes(a, b);
  const ends = rangeEnds(s, times[0], times[1], (opts, t) => op_intl_datetime_format_to_parts(s.locale, opts, s.defaults, t));
  if (partsText(ends[0]) === partsText(ends[1])) return withSource(ends[0], "shared");
  return joined(withSource(ends[0], "startRange"), [{ type: "literal", value: " \u2013 ", source: "shared" }], withSource(ends[1], "endRange"));
}

/** A range's two dates as time values: Node's errors for a missing (TypeError) or invalid date. */
function rangeTimes(a, b) {
  if (a === undefined || b === undefined) throw new TypeError("Invalid time value");
  if (typeof a === "bigint" || typeof b === "bigint") throw new TypeError("Cannot convert a BigInt value to a number");
  const start = Number(a);
  const end = Number(b);
  if (!Number.isFinite(start) || !Number.isFinite(end) || Math.abs(start) > 8.64e15 || Math.abs(end) > 8.64e15) {
    throw new RangeError("Invalid time value");
  }
  return [start, end];
}

const DATE_FIELDS = ["weekday", "era", "year", "month", "day", "dateStyle"];

/**
 * A date range's two ends, formatted by `format(optionsJson, time)`. When the options show only
 * the time and the two ends fall on different days, each end is written with its date (Node:
 * "1/3/2026, 10:00 AM \u2013 1/5/2026, 10:00 AM", not one "10:00 AM").
 */
function rangeEnds(s, start, end, format) {
  const x = format(s.opts, start);
  const y = format(s.opts, end);
  const text = (v) => (typeof v === "string" ? v : partsText(v));
  if (text(x) !== text(y)) return [x, y];
  const opts = JSON.parse(s.opts);
  if (DATE_FIELDS.some((k) => opts[k] !== undefined)) return [x, y];
  const dayOpts = JSONStringify({ timeZone: s.resolved.timeZone, year: "numeric", month: "numeric", day: "numeric" });
  const dayOf = (t) => op_intl_datetime_format("en", dayOpts, "date", t);
  if (dayOf(start) === dayOf(end)) return [x, y];
  const withDate = { ...opts, year: "numeric", month: "numeric", day: "numeric" };
  if (opts.timeStyle !== undefined) {
    delete withDate.timeStyle;
    withDate.hour = "numeric";
    withDate.minute = "2-digit";
    if (opts.timeStyle !== "short") withDate.second = "2-digit";
  }
  const dated = JSONStringify(withDate);
  return [format(dated, start), format(dated, end)];
}

// Arrays are joined, and strings counted, by index: a spread, a destructuring or a `for...of` would
// run `Array.prototype[Symbol.iterator]` (or String's), which a toolkit may have replaced
// (review 30).

/** The arrays `lists`, one after another, in a new array. */
function joined(...lists) {
  const out = [];
  for (let i = 0; i < lists.length; i++) {
    for (let j = 0; j < lists[i].length; j++) out.push(lists[i][j]);
  }
  return out;
}

/** The number of code points in `text` (a surrogate pair is one). */
function codePoints(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function withSource(parts, source) {
  return parts.map((p) => ({ ...p, source }));
}

// Number ranges as ICU formats them for Node 20 (its `UNUM_RANGE_COLLAPSE_AUTO`): each number's
// affixes sit at one of three levels, from the outside in: the unit or a currency's name
// (outer); what the number's pattern adds, the sign, currency symbol, percent sign or compact
// suffix (middle); an exponent (inner). The outer affix is written once when both numbers have
// it; the middle one once when it is the same for both and longer than one character
// ("USD 3.00\u20135.00", "-$5.00\u20133.00", but "$3.00 \u2013 $5.00"); the inner one never. When an affix of
// the start is repeated, the range's separator gets spaces. Two numbers that format alike are
// one, approximately ("~3").
// Generated by `node intl/tests/gen-range-symbols.mjs` with Node v20.20.2.
const RANGE_SYMBOLS = {
  __proto__: null,
  "be": ["\u2013", "\u2248"],
  "bg": [" \u2013 ", "~"],
  "bs": [" \u2013 ", "\u2248"],
  "ca": ["-", "~"],
  "da": ["-", "~"],
  "de": ["\u2013", "\u2248"],
  "es": ["-", "~"],
  "et": ["\u2012", "\u2248"],
  "eu": ["-", "~"],
  "fil": ["-", "~"],
  "fr": ["\u2013", "\u2243"],
  "fr-CA": ["\u2013", "\u2248"],
  "gu": ["-", "~"],
  "hr": [" \u2013 ", "~"],
  "it": ["-", "~"],
  "ja": ["\uff5e", "\u7d04"],
  "ka": ["-", "\u2248"],
  "ko": ["~", "~"],
  "lt": ["\u2013", "\u223c"],
  "mk": ["\u2009\u2013\u2009", "\u2248"],
  "ml": ["-", "~"],
  "my": [" - ", "~"],
  "nb": ["\u2013", "ca."],
  "nl": ["-", "~"],
  "nn": ["\u2013", "\u2248"],
  "no": ["\u2013", "ca."],
  "pt-AO": [" - ", "~"],
  "pt-MZ": [" - ", "~"],
  "pt-PT": [" - ", "~"],
  "ro": [" - ", "~"],
  "ru": ["\u2013", "\u2248"],
  "sk": [" \u2013 ", "~"],
  "sq": ["-", "\u2248"],
  "th": ["-", "~"],
  "vi": ["-", "~"],
  "zh": ["-", "~"],
};
const NUMBER_CORE = ["integer", "group", "decimal", "fraction", "nan", "infinity"];
const PATTERN_SPACE = /[\t\n\v\f\r \u0085\u200e\u200f\u2028\u2029]/;
const INNER_AFFIX = ["exponentSeparator", "exponentMinusSign", "exponentInteger"];

/** The separator between a range's numbers and the approximately sign, for `locale`. */
function rangeSymbols(locale) {
  for (let tag = locale; ;) {
    const found = RANGE_SYMBOLS[tag];
    if (found !== undefined) return found;
    const cut = tag.lastIndexOf("-");
    if (cut < 0) return ["\u2013", "~"];
    tag = tag.slice(0, cut);
  }
}

/** One side of a range: a number's parts as [outer, middle, inner] prefix, core, [inner, middle, outer] suffix. */
function rangeSide(parts, resolved) {
  const levelOf = (p) => {
    if (INNER_AFFIX.includes(p.type)) return 2;
    // A short or narrow percent unit ("%") sits with the number as a percent sign does; a long
    // one ("percent") is a unit like any other (Node: "-5-2%", but "-5 - -2 percent", with
    // en dashes).
    if (p.type === "unit") return resolved.unit === "percent" && resolved.unitDisplay !== "long" ? 1 : 0;
    if (p.type === "currency") return resolved.currencyDisplay === "name" ? 0 : 1;
    return p.type === "literal" ? -1 : 1;
  };
  let first = parts.findIndex((p) => NUMBER_CORE.includes(p.type));
  if (first < 0) first = parts.length;
  let last = first;
  for (let i = first; i < parts.length; i++) if (NUMBER_CORE.includes(parts[i].type)) last = i;
  const affix = (list, outward) => {
    // A literal takes the level of the nearest affix outward of it, else inward of it.
    const levels = list.map(levelOf);
    const out = [[], [], []];
    list.forEach((part, i) => {
      let level = levels[i];
      for (let j = i + outward; level < 0 && j >= 0 && j < list.length; j += outward) level = levels[j];
      for (let j = i - outward; level < 0 && j >= 0 && j < list.length; j -= outward) level = levels[j];
      out[level < 0 ? 1 : level].push(part);
    });
    return out;
  };
  return {
    prefix: affix(parts.slice(0, first), -1),
    core: parts.slice(first, last + 1),
    suffix: affix(parts.slice(last + 1), 1),
  };
}

// The marks that belong to a locale's minus sign ("\u200e-" in ar and he, "\u061c-" in ar-EG),
// which the engine reports as a literal before the minusSign part.
const MINUS_MARKS = ["\u200e", "\u061c"];

/**
 * A number written approximately, as ICU writes it: the approximately sign goes where the
 * number's pattern puts its sign, before the sign (and its mark) when it has one ("~-3"), else
 * where the negative pattern puts its minus, in that pattern's prefix (de-CH "$\u22483.00", where
 * "$ 3.00" is the number; nl "US$ ~3,00"; ar "\u200f~3.00 US$").
 */
function approximatelyParts(s, parts, approximately) {
  const sign = { type: "approximatelySign", value: approximately };
  // The parts before `at`, without the minus's own mark when it ends them.
  const before = (list, at) => {
    const out = list.slice(0, at);
    const last = out[out.length - 1];
    if (last?.type === "literal" && MINUS_MARKS.includes(last.value.slice(-1))) {
      out.pop();
      if (last.value.length > 1) out.push({ type: "literal", value: last.value.slice(0, -1) });
      return [out, [{ type: "literal", value: last.value.slice(-1) }]];
    }
    return [out, []];
  };
  const at = parts.findIndex((p) => p.type === "minusSign" || p.type === "plusSign");
  if (at >= 0) {
    const split = before(parts, at);
    return joined(split[0], [sign], split[1], parts.slice(at));
  }
  const negative = op_intl_number_format_to_parts(s.locale, s.opts, -1);
  const minus = negative.findIndex((p) => p.type === "minusSign");
  const core = (list) => {
    const i = list.findIndex((p) => NUMBER_CORE.includes(p.type));
    return i < 0 ? list.length : i;
  };
  if (minus < 0 || minus > core(negative)) return joined([sign], parts);
  return joined(before(negative, minus)[0], [sign], negative.slice(minus + 1, core(negative)), parts.slice(core(parts)));
}

/** Whether a range's end (a Number, BigInt or decimal string) is below zero, or -0. */
function negative(v) {
  if (typeof v === "bigint") return v < 0n;
  const digits = exactDigits(v);
  if (digits !== null) return digits[0] === "-";
  const n = numberValue(v);
  return n < 0 || Object.is(n, -0);
}

/**
 * ECMA-402's PartitionNumberRangePattern, with ICU's collapsing (above): what
 * `NumberFormat.prototype.formatRangeToParts` returns for the formatter state `s`.
 */
export function numberRangeParts(s, start, end) {
  if (start === undefined) throw new TypeError("Invalid start : undefined");
  if (end === undefined) throw new TypeError("Invalid end : undefined");
  const x = toPrimitiveNumber(start);
  const y = toPrimitiveNumber(end);
  const notANumber = (v) => exactDigits(v) === null && Number.isNaN(numberValue(v));
  if (notANumber(x)) throw new RangeError(`Invalid start : ${toText(x)}`);
  if (notANumber(y)) throw new RangeError(`Invalid end : ${toText(y)}`);
  const px = numberParts(s, x);
  const py = numberParts(s, y);
  const symbols = rangeSymbols(s.resolved.locale);
  const separator = symbols[0];
  const approximately = symbols[1];
  // Alike means the same rounded number, sign included (ICU compares the numbers, not the text:
  // -5 and 5 with signDisplay "never" are "5\u20135").
  if (partsText(px) === partsText(py) && negative(x) === negative(y)) {
    return withSource(approximatelyParts(s, px, approximately), "shared");
  }
  const a = rangeSide(px, s.resolved);
  const b = rangeSide(py, s.resolved);
  const length = (list) => codePoints(partsText(list));
  const types = (list) => list.map((p) => p.type).join();
  const outer = types(a.prefix[0]) === types(b.prefix[0]) && types(a.suffix[0]) === types(b.suffix[0]);
  const middle = outer && partsText(a.prefix[1]) === partsText(b.prefix[1]) && partsText(a.suffix[1]) === partsText(b.suffix[1])
    && length(a.prefix[1]) + length(a.suffix[1]) > 1;
  const repeated = (!outer && length(a.prefix[0]) + length(a.suffix[0]) > 0)
    || (!middle && length(a.prefix[1]) + length(a.suffix[1]) > 0)
    || length(a.prefix[2]) + length(a.suffix[2]) > 0;
  // Spaces unless the separator has them already (ICU's pattern white space: a thin space is not).
  let infix = separator;
  if (repeated && !PATTERN_SPACE.test(infix[0])) infix = ` ${infix}`;
  if (repeated && !PATTERN_SPACE.test(infix[infix.length - 1])) infix = `${infix} `;
  const out = [];
  const add = (list, source) => {
    for (let i = 0; i < list.length; i++) out.push({ type: list[i].type, value: list[i].value, source });
  };
  const side = (n, source) => {
    if (!outer) add(n.prefix[0], source);
    if (!middle) add(n.prefix[1], source);
    add(n.prefix[2], source);
    add(n.core, source);
    add(n.suffix[2], source);
    if (!middle) add(n.suffix[1], source);
    if (!outer) add(n.suffix[0], source);
  };
  if (outer) add(b.prefix[0], "shared");
  if (middle) add(a.prefix[1], "shared");
  side(a, "startRange");
  out.push({ type: "literal", value: infix, source: "shared" });
  side(b, "endRange");
  if (middle) add(a.suffix[1], "shared");
  if (outer) add(b.suffix[0], "shared");
  return out;
}
