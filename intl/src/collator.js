// trove-host: Intl.Collator, and what String.prototype.localeCompare, toLocaleUpperCase and
// toLocaleLowerCase do with a locale, on ICU4X (intl/src/collator.rs, intl/src/case.rs). Loaded
// the first time a toolkit reads Intl.Collator or calls one of those methods (intl.js installs
// them), so an instance that never compares text keeps none of it (issue #11, memory).
import {
  op_intl_change_case,
  op_intl_collator_compare,
  op_intl_collator_compare_id,
  op_intl_collator_id,
  op_intl_collator_resolve,
  op_intl_collator_sort_key,
  op_intl_collator_supported,
} from "ext:core/ops";
import { primordials } from "ext:core/mod.js";
import { intlClass, localeOf, localeTags, LONE_SURROGATE, supportedLocalesOf, thisString, toText } from "ext:trove_intl/intl.js";

const { JSONStringify, StringPrototypeIsWellFormed, StringPrototypeReplace } = primordials;
const defineProperty = Object.defineProperty;

// ---------------------------------------------------------------- Collator, localeCompare, case
// The engine's collator compared by the root order whatever the locale or options
// (`sensitivity: "base"` still told "a" from "A"), and its toLocaleUpperCase ignored the locale.

/** `compare` as ECMA-402 makes it: a function of two arguments, without a name, bound to `s`. */
function boundCompare(s) {
  const id = op_intl_collator_id(s.locale, s.opts);
  if (id < 0) return (x, y) => op_intl_collator_compare(s.locale, s.opts, collatable(toText(x)), collatable(toText(y)));
  return keyedCompare(id);
}

// A sort calls `compare` n log n times with n strings, and an op call costs more than the
// comparison: so each string's sort key is asked for once and kept (up to KEYS_KEPT strings
// per collator, each at most KEY_TEXT_MAX long), and the keys are compared in JavaScript.
const KEYS_KEPT = 2048;
const KEY_TEXT_MAX = 256;

// A lone surrogate cannot cross into Rust as text (it would become U+FFFD). ICU, under Node,
// weighs it as an unassigned code point: after every letter and symbol, before U+FFFD, in code
// point order. A private-use code point 0x800 above it has those same weights, so each lone
// surrogate is replaced by that before comparing.
const StringFromCharCode = String.fromCharCode;
const privateUse = (s) => StringFromCharCode(s.charCodeAt(0) + 0x800);
function collatable(s) {
  return StringPrototypeIsWellFormed(s) ? s : StringPrototypeReplace(s, LONE_SURROGATE, privateUse);
}

/** A comparison function over the registered collator `id`, by sort keys it keeps. */
function keyedCompare(id) {
  const keys = new Map();
  const key = (x) => {
    let k = keys.get(x);
    if (k === undefined) {
      if (keys.size >= KEYS_KEPT) keys.clear();
      k = op_intl_collator_sort_key(id, x);
      keys.set(x, k);
    }
    return k;
  };
  return (x, y) => {
    const a = collatable(toText(x));
    const b = collatable(toText(y));
    if (a.length > KEY_TEXT_MAX || b.length > KEY_TEXT_MAX) return op_intl_collator_compare_id(id, a, b);
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
}

/** `localeCompare` without locales or options: the default collator's comparison, made on first use. */
let defaultCompare;

const COLLATOR_OPTIONS = [["usage", "string"], ["localeMatcher", "string"], ["collation", "string"],
  ["numeric", "boolean"], ["caseFirst", "string"], ["sensitivity", "string"], ["ignorePunctuation", "boolean"]];
/**
 * A collator's options as the JSON text Rust caches it by, each read once in ECMA-402's order
 * (usage, localeMatcher, collation, numeric, caseFirst, sensitivity, ignorePunctuation: a
 * getter runs when Node's would).
 */
function collatorOptions(options) {
  const out = {};
  if (options === undefined) return JSONStringify(out);
  if (options === null) throw new TypeError("Cannot convert undefined or null to object");
  const o = Object(options);
  // By index: a `for...of` would run `Array.prototype[Symbol.iterator]`, which a toolkit may
  // have replaced.
  for (let i = 0; i < COLLATOR_OPTIONS.length; i++) {
    const key = COLLATOR_OPTIONS[i][0];
    const kind = COLLATOR_OPTIONS[i][1];
    const v = o[key];
    if (v !== undefined) out[key] = kind === "string" ? toText(v) : Boolean(v);
  }
  return JSONStringify(out);
}

const Collator = intlClass("Collator", (locale, options) => {
  const opts = collatorOptions(options);
  return { locale, opts, resolved: op_intl_collator_resolve(locale, opts), compare: undefined };
}, {}, {
  compare: (s) => s.compare ??= boundCompare(s),
}, true);
// Collation data covers other languages than the rest of Intl's (`se`, `haw`; not `yue`).
defineProperty(Collator, "supportedLocalesOf", {
  value: supportedLocalesOf("Collator", op_intl_collator_supported),
  writable: true, configurable: true, enumerable: false,
});

/** `String.prototype.localeCompare` (ECMA-402 section 19.1.1) for `receiver`. */
export function localeCompare(receiver, that, locales, options) {
  // Both strings first, then the collator; Rust caches the collator.
  const s = thisString(receiver, "localeCompare");
  const t = toText(that);
  if (locales === undefined && options === undefined) {
    defaultCompare ??= boundCompare({ locale: null, opts: "{}" });
    return defaultCompare(s, t);
  }
  const locale = localeOf(locales);
  const opts = options === undefined ? "{}" : collatorOptions(options);
  return op_intl_collator_compare(locale, opts, collatable(s), collatable(t));
}

/** `s` upper- (`upper`) or lower-cased by the rules of `locale` (a tag, not null). */
export function changeCase(s, locale, upper) {
  if (StringPrototypeIsWellFormed(s)) return op_intl_change_case(locale, upper, s);
  // Lone surrogates stay as they are (Rust would make each U+FFFD); the text between them
  // is mapped.
  let out = "";
  let from = 0;
  for (const match of s.matchAll(LONE_SURROGATE)) {
    out += op_intl_change_case(locale, upper, s.slice(from, match.index)) + match[0];
    from = match.index + 1;
  }
  return out + op_intl_change_case(locale, upper, s.slice(from));
}

export { Collator };
