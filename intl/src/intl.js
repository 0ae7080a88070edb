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
const { ArrayIsArray, FunctionPrototypeToString, JSONStringify, ObjectEntries, ReflectApply } = primordials;

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
const rangesModule = lazyModule("ext:trove_intl/ranges.js");

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

/**
 * How V8 names a receiver in "called on incompatible receiver" messages: a function by its
 * source, an array as "[object Array]", another object by its constructor's name.
 */
function receiverName(x) {
  if (typeof x === "function") {
    try {
      return FunctionPrototypeToString(x);
    } catch { /* a revoked proxy: named as an object */ }
  }
  try {
    if (typeof x === "object" && x !== null && ArrayIsArray(x)) return "[object Array]";
  } catch { /* a revoked proxy */ }
  if ((typeof x === "object" && x !== null) || typeof x === "function") {
    // Without a named constructor (no prototype, a throwing getter): "[object Object]".
    let name = null;
    try {
      const c = x.constructor;
      if (typeof c === "function" && typeof c.name === "string" && c.name) name = c.name;
    } catch { /* unnamed */ }
    return name === null ? "[object Object]" : `#<${name}>`;
  }
  return typeof x === "symbol" ? x.toString() : String(x);
}

function readOptions(options, strings, numbers, booleans) {
  const out = {};
  if (options === undefined) return out;
  if (options === null) throw new TypeError("Cannot convert undefined or null to object");
  const o = Object(options);
  for (let i = 0; i < strings.length; i++) {
    const k = strings[i];
    const v = o[k];
    if (v !== undefined) out[k] = toText(v);
  }
  for (let i = 0; i < numbers.length; i++) {
    const k = numbers[i];
    const v = o[k];
    if (v !== undefined) {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 1000) throw new RangeError(`${k} value is out of range.`);
      out[k] = Math.floor(n);
    }
  }
  for (let i = 0; i < booleans.length; i++) {
    const k = booleans[i];
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
  for (let i = 0; i < 2; i++) {
    const f = v[i === 0 ? "valueOf" : "toString"];
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
const DTF_STRINGS = ["localeMatcher", "calendar", "numberingSystem", "timeZone", "weekday", "era", "year", "month", "day", "dayPeriod", "hour",
  "minute", "second", "timeZoneName", "hourCycle", "dateStyle", "timeStyle"];
const dtfState = new WeakMap();

/**
 * What `states` (a class's WeakMap) keeps for `self`, or V8's TypeError for the method `method`
 * of `Intl.<className>` called on another receiver (`accessor` is "get " for a getter). As in
 * V8, `format` and `resolvedOptions` of DateTimeFormat and NumberFormat called on an object name
 * the abstract operation that unwraps it first (ECMA-402's legacy constructor path), and
 * NumberFormat's names its receiver `undefined` there.
 */
function stateOf(states, className, self, method, accessor = "") {
  const s = states.get(self);
  if (s) return s;
  const unwraps = (className === "DateTimeFormat" || className === "NumberFormat") &&
    ((typeof self === "object" && self !== null) || typeof self === "function") &&
    (accessor !== "" || method === "resolvedOptions");
  if (unwraps) {
    throw new TypeError(`Method Unwrap${className} called on incompatible receiver ${className === "NumberFormat" ? "undefined" : receiverName(self)}`);
  }
  throw new TypeError(`Method ${accessor}Intl.${className}.prototype.${method} called on incompatible receiver ${receiverName(self)}`);
}

function dtfInternal(self, name, accessor) {
  return stateOf(dtfState, "DateTimeFormat", self, name, accessor);
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
      const s = dtfInternal(this, "format", "get ");
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
      return rangesModule().dateRange(dtfInternal(this, "formatRange"), a, b);
    },
  },
  formatRangeToParts: {
    configurable: true, writable: true,
    value: { formatRangeToParts(a, b) {
      return rangesModule().dateRangeToParts(dtfInternal(this, "formatRangeToParts"), a, b);
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
/**
 * `Intl.<name>.supportedLocalesOf(locales, options)`, a function of its own for each class (as in
 * Node): the locale list, then `options.localeMatcher`, which Rust checks and names `name` in
 * its error.
 */
export function supportedLocalesOf(name, supported = op_intl_supported_locales) {
  return {
    supportedLocalesOf(locales) {
      const tags = localeTags(locales);
      const options = arguments.length > 1 ? arguments[1] : undefined;
      if (options === null) throw new TypeError(`Intl.${name}.supportedLocalesOf called on null or undefined`);
      return supported(tags, `${name}.supportedLocalesOf`, readOptions(options, ["localeMatcher"], [], []).localeMatcher ?? null);
    },
  }.supportedLocalesOf;
}
defineProperty(DateTimeFormat, "supportedLocalesOf", { value: supportedLocalesOf("DateTimeFormat"), writable: true, configurable: true });

function partsText(parts) {
  let text = "";
  for (let i = 0; i < parts.length; i++) text += parts[i].value;
  return text;
}

// ---------------------------------------------------------------- NumberFormat
const NF_STRINGS = ["localeMatcher", "style", "currency", "currencyDisplay", "currencySign", "unit", "unitDisplay", "signDisplay", "roundingMode", "notation",
  "compactDisplay", "trailingZeroDisplay", "roundingPriority", "numberingSystem"];
const NF_NUMBERS = ["minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
  "minimumSignificantDigits", "maximumSignificantDigits", "roundingIncrement"];
const nfState = new WeakMap();

function nfInternal(self, name, accessor) {
  return stateOf(nfState, "NumberFormat", self, name, accessor);
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
      const s = nfInternal(this, "format", "get ");
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
      return partsText(rangesModule().numberRangeParts(nfInternal(this, "formatRange"), start, end));
    } }.formatRange,
  },
  formatRangeToParts: {
    configurable: true, writable: true,
    value: { formatRangeToParts(start, end) {
      return rangesModule().numberRangeParts(nfInternal(this, "formatRangeToParts"), start, end);
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
defineProperty(NumberFormat, "supportedLocalesOf", { value: supportedLocalesOf("NumberFormat"), writable: true, configurable: true });

for (const [name, value] of [["DateTimeFormat", DateTimeFormat], ["NumberFormat", NumberFormat]]) {
  defineProperty(Intl, name, { value, writable: true, configurable: true, enumerable: false });
}

// ---------------------------------------------------------------- PluralRules, RelativeTimeFormat, ListFormat
// The engine's own stubs answered "other" for every number, "-1 day" for "1 day ago", and
// joined every list the English way.

/** `[state, ...args]`, made by index. */
function withState(state, args) {
  const all = [state];
  for (let i = 0; i < args.length; i++) all[i + 1] = args[i];
  return all;
}

/**
 * A class over `state` (what the constructor keeps) whose methods call Rust; `getters` are
 * accessors on the prototype, each handed the state.
 */
function intlClass(name, make, methods, getters = {}, callable = false) {
  const state = new WeakMap();
  const internal = (self, method, accessor) => stateOf(state, name, self, method, accessor);
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
  // By index, not `for...of`: collator.js and segmenter.js make their classes when they are
  // first used, after a toolkit may have replaced `Array.prototype[Symbol.iterator]`.
  const methodList = ObjectEntries(methods);
  for (let i = 0; i < methodList.length; i++) {
    const method = methodList[i][0];
    const fn = methodList[i][1];
    // The state and the arguments handed on without a spread, which would run
    // `Array.prototype[Symbol.iterator]`: a toolkit may have replaced it.
    const named = { [method](...args) { return ReflectApply(fn, undefined, withState(internal(this, method), args)); } }[method];
    // The length Node reports: the method's own parameters, not the state it is handed.
    defineProperty(named, "length", { value: fn.length - 1 });
    props[method] = { configurable: true, writable: true, value: named };
  }
  const getterList = ObjectEntries(getters);
  for (let i = 0; i < getterList.length; i++) {
    const getter = getterList[i][0];
    const fn = getterList[i][1];
    const get = { get [getter]() { return fn(internal(this, getter, "get ")); } };
    props[getter] = { configurable: true, get: Object.getOwnPropertyDescriptor(get, getter).get };
  }
  defineProperty(C, "prototype", { value: Object.create(Object.prototype, props), writable: false });
  defineProperty(C, "supportedLocalesOf", {
    value: supportedLocalesOf(name), writable: true, configurable: true, enumerable: false,
  });
  return C;
}

const PluralRules = intlClass("PluralRules", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["localeMatcher", "type"],
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
  const opts = JSONStringify(readOptions(options, ["localeMatcher", "numberingSystem", "style", "numeric"], [], []));
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
  const opts = JSONStringify(readOptions(options, ["localeMatcher", "type", "style"], [], []));
  return { locale, opts, resolved: op_intl_list_resolve(locale, opts) };
}, {
  format: (s, list) => op_intl_list_format(s.locale, s.opts, stringList(list)),
  formatToParts: (s, list) => op_intl_list_format_to_parts(s.locale, s.opts, stringList(list)),
});

const DisplayNames = intlClass("DisplayNames", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["localeMatcher", "style", "type", "fallback", "languageDisplay"], [], []));
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
// For the modules loaded on first use (collator.js, segmenter.js, locale_class.js, ranges.js).
export { intlClass, localeOf, localeState, localeTags, LONE_SURROGATE, readOptions, receiverName, thisString, toText };
export { exactDigits, numberParts, numberValue, partsText, toPrimitiveNumber };
