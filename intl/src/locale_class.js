// trove-host: Intl.Locale on ICU4X (intl/src/locale_class.rs). Loaded the first time a toolkit
// reads Intl.Locale (intl.js installs it). Its objects' state lives in intl.js's `localeState`,
// which every class's locales argument reads.
import { op_intl_datetime_resolve, op_intl_locale_direction, op_intl_locale_expand, op_intl_locale_new } from "ext:core/ops";
import { primordials } from "ext:core/mod.js";
import { localeState, readOptions, receiverName } from "ext:trove_intl/intl.js";

const { JSONStringify, ObjectEntries } = primordials;
const defineProperty = Object.defineProperty;

// ---------------------------------------------------------------- Locale
// The engine's stub accepted any tag, ignored options and dropped -u- keywords. Node 20's
// getters calendars, collations, numberingSystems, timeZones and weekInfo are left out
// (docs/intl.md); hourCycles and textInfo are here.

function localeInternal(self, name) {
  const s = localeState.get(self);
  if (!s) throw new TypeError(`Method Intl.Locale.prototype.${name} called on incompatible receiver ${receiverName(self)}`);
  return s;
}

const HOUR_ONLY = JSONStringify({ hour: "numeric" });
const LOCALE_STRINGS = ["language", "script", "region", "calendar", "collation", "hourCycle", "caseFirst", "numberingSystem"];

function Locale(tag, options) {
  if (new.target === undefined) throw new TypeError("Constructor Intl.Locale requires 'new'");
  if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) {
    throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
  }
  const from = localeState.get(tag);
  if (options === null) throw new TypeError("Intl.Locale called on null or undefined");
  const opts = readOptions(options, LOCALE_STRINGS, [], ["numeric"]);
  localeState.set(this, op_intl_locale_new(from ? from.tag : `${tag}`, JSONStringify(opts)));
}
defineProperty(Locale, "name", { value: "Locale" });
defineProperty(Locale, "length", { value: 1 });
{
  const getters = Object.getOwnPropertyDescriptors({
    get language() { return localeInternal(this, "language").language; },
    get script() { return localeInternal(this, "script").script; },
    get region() { return localeInternal(this, "region").region; },
    get baseName() { return localeInternal(this, "baseName").baseName; },
    get calendar() { return localeInternal(this, "calendar").calendar; },
    get caseFirst() { return localeInternal(this, "caseFirst").caseFirst; },
    get collation() { return localeInternal(this, "collation").collation; },
    get hourCycle() { return localeInternal(this, "hourCycle").hourCycle; },
    get numeric() { return localeInternal(this, "numeric").numeric; },
    get numberingSystem() { return localeInternal(this, "numberingSystem").numberingSystem; },
    get hourCycles() {
      const s = localeInternal(this, "hourCycles");
      // The cycle a DateTimeFormat showing hours resolves to (-u-hc- included); for a language
      // CLDR has no data for, which DateTimeFormat resolves to en-US, the root locale's (h23), as Node.
      const r = op_intl_datetime_resolve(s.tag, HOUR_ONLY, "date");
      const resolvedLanguage = r.locale.split("-")[0];
      return [resolvedLanguage === s.language || s.language === "und" ? r.hourCycle : "h23"];
    },
    get textInfo() { return { direction: op_intl_locale_direction(localeInternal(this, "textInfo").tag) }; },
  });
  const props = {
    constructor: { value: Locale, writable: true, configurable: true },
    toString: {
      configurable: true, writable: true,
      value: function toString() { return localeInternal(this, "toString").tag; },
    },
    maximize: {
      configurable: true, writable: true,
      value: function maximize() { return new Locale(op_intl_locale_expand(localeInternal(this, "maximize").tag, true)); },
    },
    minimize: {
      configurable: true, writable: true,
      value: function minimize() { return new Locale(op_intl_locale_expand(localeInternal(this, "minimize").tag, false)); },
    },
  };
  // By index, not `for...of`: this module loads when a toolkit first uses `Intl.Locale`, after it
  // may have replaced `Array.prototype[Symbol.iterator]`.
  const entries = ObjectEntries(getters);
  for (let i = 0; i < entries.length; i++) props[entries[i][0]] = { get: entries[i][1].get, configurable: true, enumerable: false };
  props[Symbol.toStringTag] = { value: "Intl.Locale", configurable: true };
  defineProperty(Locale, "prototype", { value: Object.create(Object.prototype, props), writable: false });
}

export { Locale };
