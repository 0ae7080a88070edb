// trove-host: ECMA-402 Intl for the QuickJS isolate (whose own Intl ignores options).
// Replaces Intl.DateTimeFormat, Intl.NumberFormat, Intl.PluralRules (with selectRange),
// Intl.RelativeTimeFormat, Intl.ListFormat, Intl.DisplayNames (which it lacked), Intl.Collator,
// Intl.Segmenter (whose stub found no segments), Intl.Locale (whose stub ignored options and
// had no maximize/minimize), Intl.getCanonicalLocales, Intl.supportedValuesOf (which it lacked),
// Number.prototype.toLocaleString, BigInt.prototype.toLocaleString,
// String.prototype.localeCompare / toLocaleUpperCase / toLocaleLowerCase and
// Date.prototype.toLocaleString / toLocaleDateString / toLocaleTimeString with versions that
// call ICU4X through the op_intl_* ops of the `trove_intl` extension (crate trove-host-intl).
// Without a timeZone option, dates are shown in UTC.
import {
  op_intl_canonical_locales,
  op_intl_datetime_format,
  op_intl_datetime_format_to_parts,
  op_intl_datetime_resolve,
  op_intl_display_of,
  op_intl_display_resolve,
  op_intl_list_format,
  op_intl_list_format_to_parts,
  op_intl_list_resolve,
  op_intl_number_format,
  op_intl_number_format_exact,
  op_intl_number_format_exact_to_parts,
  op_intl_number_format_to_parts,
  op_intl_number_resolve,
  op_intl_plural_resolve,
  op_intl_plural_select,
  op_intl_plural_select_range,
  op_intl_relative_format,
  op_intl_relative_format_to_parts,
  op_intl_relative_resolve,
  op_intl_supported_locales,
  op_intl_supported_values_of,
} from "ext:core/ops";
import { core, primordials } from "ext:core/mod.js";

// A formatter's options go to Rust as JSON text made once, when it is made: Rust caches its
// formatters by that text, so formatting costs no options conversion (issue #11).
const { JSONStringify } = primordials;

// The host's own object, installed as the global `Intl` by `installIntl`: not the engine's stub,
// whose changes a startup snapshot would not keep (runtime/src/snapshot.rs).
const Intl = {};
const DateGetTime = Date.prototype.getTime;
const NumberValueOf = Number.prototype.valueOf;
const defineProperty = Object.defineProperty;

/** `[prototype, name, method]`: what `installIntl` puts on the engine's built-in prototypes. */
const builtInMethods = [];
const builtInMethod = (target, name, fn) => builtInMethods.push([target, name, fn]);

// The state of each Intl.Locale (what op_intl_locale_new returned), read by localeTags.
const localeState = new WeakMap();

// A lone surrogate (half an emoji after a slice) cannot cross into Rust as itself.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A module of this extension loaded on first use (deno_core's lazy ESM), as a getter. */
function lazyModule(specifier) {
  let loader = null;
  return () => (loader ??= core.createLazyLoader(specifier))();
}
const collatorModule = lazyModule("ext:trove_intl/collator.js");
const segmenterModule = lazyModule("ext:trove_intl/segmenter.js");
const localeModule = lazyModule("ext:trove_intl/locale_class.js");

/**
 * The first of the requested locales CLDR has data for (ECMA-402 ResolveLocale's lookup:
 * `["xx", "sv"]` is Swedish), or null for the default. A single tag is handed on as it is: Rust
 * falls back to the default for one without data.
 */
function localeOf(locales) {
  const tags = localeTags(locales);
  if (tags.length === 0) return null;
  if (tags.length === 1) return tags[0];
  const supported = op_intl_supported_locales(tags); // RangeError for a malformed tag
  return supported.length > 0 ? supported[0] : null;
}

/** ECMA-402 CanonicalizeLocaleList's input: the tags of a string or an array-like of strings. */
function localeTags(locales) {
  if (locales === undefined) return [];
  if (locales === null) throw new TypeError("Cannot convert undefined or null to object");
  if (typeof locales === "string") return [locales];
  // A single Intl.Locale is a list of one (ECMA-402 CanonicalizeLocaleList).
  const single = localeState.get(locales);
  if (single) return [single.tag];
  const list = Object(locales);
  const out = [];
  const length = Math.min(Math.max(Math.trunc(Number(list.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
  for (let i = 0; i < length; i++) {
    if (!(i in list)) continue;
    const tag = list[i];
    if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) {
      throw new TypeError("Language ID should be string or object.");
    }
    // An Intl.Locale gives its tag (ECMA-402: its [[Locale]]), any other object its ToString.
    const locale = localeState.get(tag);
    out.push(locale ? locale.tag : String(tag));
  }
  return out;
}

/** How V8 names a receiver in "called on incompatible receiver" messages. */
function receiverName(x) {
  if ((typeof x === "object" && x !== null) || typeof x === "function") {
    let name = "Object";
    try {
      const c = x.constructor;
      if (typeof c === "function" && typeof c.name === "string" && c.name) name = c.name;
    } catch { /* keep Object */ }
    return `#<${name}>`;
  }
  return typeof x === "symbol" ? x.toString() : String(x);
}

function readOptions(options, strings, numbers, booleans) {
  const out = {};
  if (options === undefined) return out;
  if (options === null) throw new TypeError("Cannot convert undefined or null to object");
  const o = Object(options);
  for (const k of strings) {
    const v = o[k];
    if (v !== undefined) out[k] = String(v);
  }
  for (const k of numbers) {
    const v = o[k];
    if (v !== undefined) {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 1000) throw new RangeError(`${k} value is out of range.`);
      out[k] = Math.floor(n);
    }
  }
  for (const k of booleans) {
    const v = o[k];
    if (v !== undefined) out[k] = Boolean(v);
  }
  return out;
}

/** ECMAScript's ToString: a Symbol is a TypeError (Node's message), not "Symbol(x)". */
function toText(v) {
  if (typeof v === "symbol") throw new TypeError("Cannot convert a Symbol value to a string");
  return `${v}`;
}

/** ECMAScript's ToPrimitive(v, number) for an object (its valueOf, toString or @@toPrimitive run once). */
function toPrimitiveNumber(v) {
  if ((typeof v !== "object" || v === null) && typeof v !== "function") return v;
  const exotic = v[Symbol.toPrimitive];
  if (exotic !== undefined && exotic !== null) {
    if (typeof exotic !== "function") throw new TypeError("Symbol.toPrimitive is not a function");
    const result = exotic.call(v, "number");
    if ((typeof result === "object" && result !== null) || typeof result === "function") {
      throw new TypeError("Cannot convert object to primitive value");
    }
    return result;
  }
  for (const method of ["valueOf", "toString"]) {
    const f = v[method];
    if (typeof f === "function") {
      const result = f.call(v);
      if ((typeof result !== "object" || result === null) && typeof result !== "function") return result;
    }
  }
  throw new TypeError("Cannot convert object to primitive value");
}

function timeValue(date) {
  return date === undefined ? Date.now() : Number(date);
}

// ---------------------------------------------------------------- DateTimeFormat
const DTF_STRINGS = ["timeZone", "weekday", "era", "year", "month", "day", "dayPeriod", "hour",
  "minute", "second", "timeZoneName", "hourCycle", "dateStyle", "timeStyle"];
const dtfState = new WeakMap();

function dtfInternal(self, name) {
  const s = dtfState.get(self);
  if (!s) throw new TypeError(`Method Intl.DateTimeFormat.prototype.${name} called on incompatible receiver`);
  return s;
}

function makeDtfState(locales, options, defaults) {
  const locale = localeOf(locales);
  const opts = readOptions(options, DTF_STRINGS, ["fractionalSecondDigits"], ["hour12"]);
  const optsJson = JSONStringify(opts);
  const resolved = op_intl_datetime_resolve(locale, optsJson, defaults);
  return { locale, opts: optsJson, defaults, resolved, bound: undefined };
}

function DateTimeFormat(locales, options) {
  if (new.target === undefined) return new DateTimeFormat(locales, options);
  dtfState.set(this, makeDtfState(locales, options, "date"));
}
defineProperty(DateTimeFormat, "name", { value: "DateTimeFormat" });
DateTimeFormat.prototype = Object.create(Object.prototype, {
  constructor: { value: DateTimeFormat, writable: true, configurable: true },
  format: {
    configurable: true,
    get() {
      const s = dtfInternal(this, "format");
      if (!s.bound) {
        s.bound = (date) => op_intl_datetime_format(s.locale, s.opts, s.defaults, timeValue(date));
      }
      return s.bound;
    },
  },
  formatToParts: {
    configurable: true, writable: true,
    value: function formatToParts(date) {
      const s = dtfInternal(this, "formatToParts");
      return op_intl_datetime_format_to_parts(s.locale, s.opts, s.defaults, timeValue(date));
    },
  },
  formatRange: {
    configurable: true, writable: true,
    value: function formatRange(a, b) {
      const s = dtfInternal(this, "formatRange");
      const [start, end] = rangeTimes(a, b);
      const [x, y] = rangeEnds(s, start, end, (opts, t) => op_intl_datetime_format(s.locale, opts, s.defaults, t));
      return x === y ? x : `${x} \u2013 ${y}`;
    },
  },
  // As formatRange: both dates in full, not CLDR's interval formats (Node writes the fields the
  // two share once: "Jan 3 – 5, 2026"; here "Jan 3, 2026 – Jan 5, 2026").
  formatRangeToParts: {
    configurable: true, writable: true,
    value: { formatRangeToParts(a, b) {
      const s = dtfInternal(this, "formatRangeToParts");
      const [start, end] = rangeTimes(a, b);
      const [x, y] = rangeEnds(s, start, end, (opts, t) => op_intl_datetime_format_to_parts(s.locale, opts, s.defaults, t));
      if (partsText(x) === partsText(y)) return withSource(x, "shared");
      return [...withSource(x, "startRange"), { type: "literal", value: " \u2013 ", source: "shared" }, ...withSource(y, "endRange")];
    } }.formatRangeToParts,
  },
  resolvedOptions: {
    configurable: true, writable: true,
    value: function resolvedOptions() {
      return { ...dtfInternal(this, "resolvedOptions").resolved };
    },
  },
  [Symbol.toStringTag]: { value: "Intl.DateTimeFormat", configurable: true },
});
DateTimeFormat.supportedLocalesOf = function supportedLocalesOf(locales) {
  return op_intl_supported_locales(localeTags(locales));
};

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
 * "1/3/2026, 10:00 AM – 1/5/2026, 10:00 AM", not one "10:00 AM").
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

function partsText(parts) {
  let text = "";
  for (const p of parts) text += p.value;
  return text;
}

function withSource(parts, source) {
  return parts.map((p) => ({ ...p, source }));
}

// ---------------------------------------------------------------- NumberFormat
const NF_STRINGS = ["style", "currency", "currencyDisplay", "currencySign", "signDisplay", "roundingMode", "notation",
  "compactDisplay", "trailingZeroDisplay", "roundingPriority", "numberingSystem"];
const NF_NUMBERS = ["minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
  "minimumSignificantDigits", "maximumSignificantDigits", "roundingIncrement"];
const nfState = new WeakMap();

function nfInternal(self, name) {
  const s = nfState.get(self);
  if (!s) throw new TypeError(`Method Intl.NumberFormat.prototype.${name} called on incompatible receiver`);
  return s;
}

/**
 * The locale and options JSON of a number format: all `toLocaleString` needs (Rust checks the
 * options when it first builds the formatter for them, and caches it by this text).
 */
function nfOptions(locales, options) {
  const locale = localeOf(locales);
  if (options === undefined) return { locale, opts: "{}" };
  const opts = readOptions(options, NF_STRINGS, NF_NUMBERS, []);
  if (options !== null) {
    const g = Object(options).useGrouping;
    if (g !== undefined) opts.useGrouping = typeof g === "boolean" ? g : String(g);
  }
  return { locale, opts: JSONStringify(opts) };
}

function makeNfState(locales, options) {
  const { locale, opts } = nfOptions(locales, options);
  const resolved = op_intl_number_resolve(locale, opts);
  return { locale, opts, resolved, bound: undefined };
}

// ECMA-402's Intl mathematical value: a BigInt, or a string that is a decimal literal, is
// formatted exactly (its digits go to Rust as text: "12345678901234567890" keeps every digit);
// anything else as Number(v) ("0x10" is 16, "" is 0, "abc" NaN).
const DECIMAL_LITERAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BigIntToString = BigInt.prototype.toString;

/** `v` as the digits of an exact decimal ("-5", "0.5", "1e-3"), or null to format it as a Number. */
function exactDigits(v) {
  if (typeof v === "bigint") return BigIntToString.call(v);
  if (typeof v !== "string") return null;
  const t = v.trim();
  // Outside a double's range Node gives what Number(v) gives (∞, 0), as V8 does.
  if (!DECIMAL_LITERAL.test(t) || !Number.isFinite(Number(t))) return null;
  // The shapes Rust's decimal parser takes: no "+", no "5." or ".5", no "e+".
  let d = t[0] === "+" ? t.slice(1) : t;
  d = d.replace(/^(-?)\./, (_, sign) => `${sign}0.`).replace(/\.(?=[eE]|$)/, "").replace(/[eE]\+?/, "e");
  return d;
}

function numberValue(v) {
  return Number(v);
}

function formatNumber(s, value) {
  const v = toPrimitiveNumber(value); // an object's valueOf runs once, before the digits are read
  const digits = exactDigits(v);
  return digits === null ? op_intl_number_format(s.locale, s.opts, numberValue(v))
    : op_intl_number_format_exact(s.locale, s.opts, digits);
}

function numberParts(s, v) {
  const digits = exactDigits(v);
  return digits === null ? op_intl_number_format_to_parts(s.locale, s.opts, numberValue(v))
    : op_intl_number_format_exact_to_parts(s.locale, s.opts, digits);
}

// Number ranges as ICU formats them for Node 20 (its `UNUM_RANGE_COLLAPSE_AUTO`): each number's
// affixes sit at one of three levels, from the outside in: the unit or a currency's name
// (outer); what the number's pattern adds, the sign, currency symbol, percent sign or compact
// suffix (middle); an exponent (inner). The outer affix is written once when both numbers have
// it; the middle one once when it is the same for both and longer than one character
// ("USD 3.00–5.00", "-$5.00–3.00", but "$3.00 – $5.00"); the inner one never. When an affix of
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
    if (p.type === "unit") return resolved.unit === "percent" ? 1 : 0;
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
 * where the negative pattern puts its minus, in that pattern's prefix (de-CH "$≈3.00", where
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
    const [head, mark] = before(parts, at);
    return [...head, sign, ...mark, ...parts.slice(at)];
  }
  const negative = op_intl_number_format_to_parts(s.locale, s.opts, -1);
  const minus = negative.findIndex((p) => p.type === "minusSign");
  const core = (list) => {
    const i = list.findIndex((p) => NUMBER_CORE.includes(p.type));
    return i < 0 ? list.length : i;
  };
  if (minus < 0 || minus > core(negative)) return [sign, ...parts];
  const [head] = before(negative, minus);
  return [...head, sign, ...negative.slice(minus + 1, core(negative)), ...parts.slice(core(parts))];
}

/** Whether a range's end (a Number, BigInt or decimal string) is below zero, or -0. */
function negative(v) {
  if (typeof v === "bigint") return v < 0n;
  const digits = exactDigits(v);
  if (digits !== null) return digits[0] === "-";
  const n = numberValue(v);
  return n < 0 || Object.is(n, -0);
}

/** ECMA-402's PartitionNumberRangePattern, with ICU's collapsing (above). */
function numberRangeParts(s, start, end) {
  if (start === undefined) throw new TypeError("Invalid start : undefined");
  if (end === undefined) throw new TypeError("Invalid end : undefined");
  const x = toPrimitiveNumber(start);
  const y = toPrimitiveNumber(end);
  const notANumber = (v) => exactDigits(v) === null && Number.isNaN(numberValue(v));
  if (notANumber(x)) throw new RangeError(`Invalid start : ${toText(x)}`);
  if (notANumber(y)) throw new RangeError(`Invalid end : ${toText(y)}`);
  const px = numberParts(s, x);
  const py = numberParts(s, y);
  const [separator, approximately] = rangeSymbols(s.resolved.locale);
  // Alike means the same rounded number, sign included (ICU compares the numbers, not the text:
  // -5 and 5 with signDisplay "never" are "5–5").
  if (partsText(px) === partsText(py) && negative(x) === negative(y)) {
    return withSource(approximatelyParts(s, px, approximately), "shared");
  }
  const a = rangeSide(px, s.resolved);
  const b = rangeSide(py, s.resolved);
  const length = (list) => [...partsText(list)].length;
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
    for (const p of list) out.push({ type: p.type, value: p.value, source });
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

function NumberFormat(locales, options) {
  if (new.target === undefined) return new NumberFormat(locales, options);
  nfState.set(this, makeNfState(locales, options));
}
defineProperty(NumberFormat, "name", { value: "NumberFormat" });
NumberFormat.prototype = Object.create(Object.prototype, {
  constructor: { value: NumberFormat, writable: true, configurable: true },
  format: {
    configurable: true,
    get() {
      const s = nfInternal(this, "format");
      if (!s.bound) s.bound = (v) => formatNumber(s, v);
      return s.bound;
    },
  },
  formatToParts: {
    configurable: true, writable: true,
    value: function formatToParts(v) {
      return numberParts(nfInternal(this, "formatToParts"), toPrimitiveNumber(v));
    },
  },
  formatRange: {
    configurable: true, writable: true,
    value: { formatRange(start, end) {
      return partsText(numberRangeParts(nfInternal(this, "formatRange"), start, end));
    } }.formatRange,
  },
  formatRangeToParts: {
    configurable: true, writable: true,
    value: { formatRangeToParts(start, end) {
      return numberRangeParts(nfInternal(this, "formatRangeToParts"), start, end);
    } }.formatRangeToParts,
  },
  resolvedOptions: {
    configurable: true, writable: true,
    value: function resolvedOptions() {
      return { ...nfInternal(this, "resolvedOptions").resolved };
    },
  },
  [Symbol.toStringTag]: { value: "Intl.NumberFormat", configurable: true },
});
NumberFormat.supportedLocalesOf = DateTimeFormat.supportedLocalesOf;

for (const [name, value] of [["DateTimeFormat", DateTimeFormat], ["NumberFormat", NumberFormat]]) {
  defineProperty(Intl, name, { value, writable: true, configurable: true, enumerable: false });
}

// ---------------------------------------------------------------- PluralRules, RelativeTimeFormat, ListFormat
// The engine's own stubs answered "other" for every number, "-1 day" for "1 day ago", and
// joined every list the English way.

/**
 * A class over `state` (what the constructor keeps) whose methods call Rust; `getters` are
 * accessors on the prototype, each handed the state.
 */
function intlClass(name, make, methods, getters = {}, callable = false) {
  const state = new WeakMap();
  const internal = (self, method, accessor = "") => {
    const s = state.get(self);
    if (!s) throw new TypeError(`Method ${accessor}Intl.${name}.prototype.${method} called on incompatible receiver ${receiverName(self)}`);
    return s;
  };
  const C = function (locales, options) {
    if (new.target === undefined) {
      // Collator, as NumberFormat and DateTimeFormat, may be called as a function (ECMA-402's
      // legacy constructors); the newer classes may not.
      if (callable) return new C(locales, options);
      throw new TypeError(`Constructor Intl.${name} requires 'new'`);
    }
    state.set(this, make(localeOf(locales), options));
  };
  defineProperty(C, "name", { value: name });
  defineProperty(C, "length", { value: 0 });
  const props = {
    constructor: { value: C, writable: true, configurable: true },
    resolvedOptions: {
      configurable: true, writable: true,
      value: function resolvedOptions() {
        return { ...internal(this, "resolvedOptions").resolved };
      },
    },
    [Symbol.toStringTag]: { value: `Intl.${name}`, configurable: true },
  };
  for (const [method, fn] of Object.entries(methods)) {
    const named = { [method](...args) { return fn(internal(this, method), ...args); } }[method];
    // The length Node reports: the method's own parameters, not the state it is handed.
    defineProperty(named, "length", { value: fn.length - 1 });
    props[method] = { configurable: true, writable: true, value: named };
  }
  for (const [getter, fn] of Object.entries(getters)) {
    const get = { get [getter]() { return fn(internal(this, getter, "get ")); } };
    props[getter] = { configurable: true, get: Object.getOwnPropertyDescriptor(get, getter).get };
  }
  defineProperty(C, "prototype", { value: Object.create(Object.prototype, props), writable: false });
  defineProperty(C, "supportedLocalesOf", {
    value: DateTimeFormat.supportedLocalesOf, writable: true, configurable: true, enumerable: false,
  });
  return C;
}

const PluralRules = intlClass("PluralRules", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["type"],
    ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits"], []));
  return { locale, opts, resolved: op_intl_plural_resolve(locale, opts) };
}, {
  select: (s, n) => op_intl_plural_select(s.locale, s.opts, Number(n)),
  selectRange: (s, start, end) => {
    if (start === undefined) throw new TypeError("Invalid startRange : undefined");
    if (end === undefined) throw new TypeError("Invalid endRange : undefined");
    // ToNumber, with V8's messages for what it refuses.
    const number = (v) => {
      if (typeof v === "bigint") throw new TypeError("Cannot convert a BigInt value to a number");
      if (typeof v === "symbol") throw new TypeError("Cannot convert a Symbol value to a number");
      return Number(v);
    };
    return op_intl_plural_select_range(s.locale, s.opts, number(start), number(end));
  },
});

const RelativeTimeFormat = intlClass("RelativeTimeFormat", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["style", "numeric"], [], []));
  return { locale, opts, resolved: op_intl_relative_resolve(locale, opts) };
}, {
  format: (s, value, unit) => op_intl_relative_format(s.locale, s.opts, Number(value), String(unit)),
  formatToParts: (s, value, unit) => op_intl_relative_format_to_parts(s.locale, s.opts, Number(value), String(unit)),
});

/** The strings of `list` (an iterable; `undefined` is an empty list), as ECMA-402's StringListFromIterable. */
function stringList(list) {
  if (list === undefined) return [];
  const out = [];
  for (const item of list) {
    if (typeof item !== "string") throw new TypeError(`Iterable yielded ${String(item)} which is not a string`);
    out.push(item);
  }
  return out;
}

const ListFormat = intlClass("ListFormat", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["type", "style"], [], []));
  return { locale, opts, resolved: op_intl_list_resolve(locale, opts) };
}, {
  format: (s, list) => op_intl_list_format(s.locale, s.opts, stringList(list)),
  formatToParts: (s, list) => op_intl_list_format_to_parts(s.locale, s.opts, stringList(list)),
});

const DisplayNames = intlClass("DisplayNames", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["type", "style", "fallback", "languageDisplay"], [], []));
  return { locale, opts, resolved: op_intl_display_resolve(locale, opts) };
}, {
  of: (s, code) => op_intl_display_of(s.locale, s.opts, String(code)) ?? undefined,
});

// ---------------------------------------------------------------- Collator, localeCompare, case
// The engine's collator compared by the root order whatever the locale or options, and its
// toLocaleUpperCase ignored the locale. The work is in collator.js, loaded on first use.

function thisString(receiver, name) {
  if (receiver === undefined || receiver === null) {
    throw new TypeError(`String.prototype.${name} called on null or undefined`);
  }
  return toText(receiver);
}

for (const [name, upper, plain] of [
  ["toLocaleUpperCase", true, String.prototype.toUpperCase],
  ["toLocaleLowerCase", false, String.prototype.toLowerCase],
]) {
  const fn = {
    [name](locales) {
      const s = thisString(this, name);
      const locale = localeOf(locales);
      return locale === null ? plain.call(s) : collatorModule().changeCase(s, locale, upper);
    },
  }[name];
  defineProperty(fn, "length", { value: 0 });
  builtInMethod(String.prototype, name, fn);
}

const localeCompare = function localeCompare(that, locales, options) {
  return collatorModule().localeCompare(this, that, locales, options);
};
defineProperty(localeCompare, "length", { value: 1 });
builtInMethod(String.prototype, "localeCompare", localeCompare);

defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });

defineProperty(Intl, "supportedValuesOf", {
  value: { supportedValuesOf(key) {
    if (typeof key === "symbol") throw new TypeError("Cannot convert a Symbol value to a string");
    return op_intl_supported_values_of(`${key}`);
  } }.supportedValuesOf,
  writable: true, configurable: true, enumerable: false,
});

defineProperty(Intl, "getCanonicalLocales", {
  value: { getCanonicalLocales(locales) { return op_intl_canonical_locales(localeTags(locales)); } }.getCanonicalLocales,
  writable: true, configurable: true, enumerable: false,
});

for (const [name, value] of [
  ["PluralRules", PluralRules],
  ["RelativeTimeFormat", RelativeTimeFormat],
  ["ListFormat", ListFormat],
  ["DisplayNames", DisplayNames],
]) {
  defineProperty(Intl, name, { value, writable: true, configurable: true, enumerable: false });
}

// Loaded when first read: until then an accessor, then the same data property as the others.
for (const [name, load] of [
  ["Collator", () => collatorModule().Collator],
  ["Segmenter", () => segmenterModule().Segmenter],
  ["Locale", () => localeModule().Locale],
]) {
  const settle = (value) => defineProperty(Intl, name, { value, writable: true, configurable: true, enumerable: false });
  defineProperty(Intl, name, {
    get() {
      const value = load();
      settle(value);
      return value;
    },
    set: settle,
    configurable: true,
    enumerable: false,
  });
}

// ---------------------------------------------------------------- toLocaleString
function dateToLocale(defaults, name) {
  const fn = {
    [name](locales, options) {
      const t = DateGetTime.call(this); // TypeError for a non-Date receiver
      if (Number.isNaN(t)) return "Invalid Date";
      const locale = localeOf(locales);
      const opts = readOptions(options, DTF_STRINGS, ["fractionalSecondDigits"], ["hour12"]);
      return op_intl_datetime_format(locale, JSONStringify(opts), defaults, t);
    },
  }[name];
  builtInMethod(Date.prototype, name, fn);
}
// Node's message for an invalid date; the engine's is "Date value is NaN".
const DateToISOString = Date.prototype.toISOString;
builtInMethod(Date.prototype, "toISOString", function toISOString() {
  const t = DateGetTime.call(this); // TypeError for a non-Date receiver
  if (Number.isNaN(t)) throw new RangeError("Invalid time value");
  return DateToISOString.call(this);
});

dateToLocale("all", "toLocaleString");
dateToLocale("dateonly", "toLocaleDateString");
dateToLocale("time", "toLocaleTimeString");

builtInMethod(Number.prototype, "toLocaleString", function toLocaleString(locales, options) {
  const x = NumberValueOf.call(this); // TypeError for a non-Number receiver
  const s = nfOptions(locales, options);
  return op_intl_number_format(s.locale, s.opts, x);
});

const BigIntValueOf = BigInt.prototype.valueOf;
const bigIntToLocaleString = function toLocaleString(locales, options) {
  let x;
  try {
    x = BigIntValueOf.call(this);
  } catch {
    throw new TypeError("BigInt.prototype.toLocaleString requires that 'this' be a BigInt");
  }
  const s = nfOptions(locales, options);
  return op_intl_number_format_exact(s.locale, s.opts, BigIntToString.call(x));
};
defineProperty(bigIntToLocaleString, "length", { value: 0 });
builtInMethod(BigInt.prototype, "toLocaleString", bigIntToLocaleString);

/**
 * Installs the global `Intl` and the locale-aware methods of `String`, `Date`, `Number` and
 * `BigInt`. Called once per isolate by the bootstrap's `start`, before any toolkit code: the
 * engine's built-in prototypes are made afresh when an isolate is restored from the startup
 * snapshot, so what is changed on them is changed here, not when this module is evaluated.
 */
export function installIntl() {
  defineProperty(globalThis, "Intl", { value: Intl, writable: true, configurable: true, enumerable: false });
  for (let i = 0; i < builtInMethods.length; i++) {
    const [target, name, fn] = builtInMethods[i];
    defineProperty(target, name, { value: fn, writable: true, configurable: true, enumerable: false });
  }
}

export { DateTimeFormat, NumberFormat };
// For the classes loaded on first use (collator.js, segmenter.js, locale_class.js).
export { intlClass, localeOf, localeState, localeTags, LONE_SURROGATE, readOptions, receiverName, thisString, toText };
