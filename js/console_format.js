// trove-host: the console's format specifiers where deno's differ from Node's (review 24: `%d`
// truncated 1.5 to 1): `%d` is Number(x) (so '42' is 42), `%i` parseInt, `%f` parseFloat, a
// BigInt shows its `n` and -0 its sign; `%s` of an object whose `toString` is a built-in one is
// `util.inspect` at depth 0 (not `[object Object]`), and `%o` shows hidden properties. Loaded with
// the console on its first line (js/bootstrap.js, `hostConsole`), so an instance that never logs
// keeps none of it (issue #11, memory). Its comments are ASCII, as deno_core requires of a lazily
// loaded module.
import { core, primordials } from "ext:core/mod.js";

const {
  NumberParseFloat,
  NumberParseInt,
  ObjectGetOwnPropertyDescriptor,
  ObjectGetOwnPropertyNames,
  ObjectGetPrototypeOf,
  ObjectIs,
  ObjectPrototypeHasOwnProperty,
  RegExpPrototypeExec,
  SafeArrayIterator,
  SafeSet,
  SetPrototypeHas,
  StringPrototypeCharCodeAt,
  StringPrototypeIncludes,
  StringPrototypeSlice,
} = primordials;

function nodeNumber(n) {
  return ObjectIs(n, -0) ? "-0" : `${n}`;
}
// Node's `builtInObjects`: the global names that look like constructors. Node takes them when it
// starts; here they are taken at the first `%s` of an object, so a global a toolkit added by then
// counts too.
let builtInNames = null;
/**
 * Node's `hasBuiltInToString` (lib/internal/util/inspect.js): whether `value`'s `toString` is a
 * built-in one (none at all counts), so `%s` shows it as `util.inspect` does rather than as
 * `String(value)` would (`[object Object]`). A Proxy is left to `String`, as before: its target,
 * which Node looks at, is out of reach here.
 */
function hasBuiltInToString(value) {
  if (core.isProxy(value)) return false;
  if (typeof value.toString !== "function") return true;
  if (ObjectPrototypeHasOwnProperty(value, "toString")) return false;
  let pointer = value;
  do {
    pointer = ObjectGetPrototypeOf(pointer);
  } while (pointer !== null && !ObjectPrototypeHasOwnProperty(pointer, "toString"));
  if (pointer === null) return false;
  const descriptor = ObjectGetOwnPropertyDescriptor(pointer, "constructor");
  if (descriptor === undefined || typeof descriptor.value !== "function") return false;
  if (builtInNames === null) {
    builtInNames = new SafeSet();
    const names = ObjectGetOwnPropertyNames(globalThis);
    for (let i = 0; i < names.length; i++) {
      if (RegExpPrototypeExec(/^[A-Z][a-zA-Z0-9]+$/, names[i]) !== null) builtInNames.add(names[i]);
    }
  }
  return SetPrototypeHas(builtInNames, descriptor.value.name);
}
/**
 * `args` with each `%d`, `%i`, `%f` or `%s` argument Node formats its own way, and every `%o`
 * one, formatted here and handed on under `%s` as a string; the rest is deno's, with the same
 * walk over the format (each `%` takes the next character with it). `inspect(value, options)` is
 * the console's own inspect with the host's Node options under `options`.
 */
export function nodeSpecifiers(args, inspect) {
  const format = args[0];
  if (typeof format !== "string" || args.length < 2 || !StringPrototypeIncludes(format, "%")) return args;
  const out = [...new SafeArrayIterator(args)];
  let text = "";
  let from = 0;
  let a = 1;
  for (let i = 0; i + 1 < format.length; i++) {
    if (StringPrototypeCharCodeAt(format, i) !== 37) continue;
    i++;
    const ch = format[i];
    if (a >= args.length || !StringPrototypeIncludes("sdifjoOc", ch)) continue;
    const value = args[a];
    let shown;
    if (typeof value === "bigint" && (ch === "d" || ch === "i" || ch === "s")) shown = `${value}n`;
    else if (typeof value === "symbol" && (ch === "d" || ch === "i" || ch === "f")) shown = "NaN";
    else if (ch === "d") shown = nodeNumber(+value);
    else if (ch === "i") shown = nodeNumber(NumberParseInt(value));
    else if (ch === "f") shown = nodeNumber(NumberParseFloat(value));
    else if (ch === "s" && typeof value === "number") shown = nodeNumber(value);
    else if (ch === "s" && typeof value === "object" && value !== null && hasBuiltInToString(value)) {
      shown = inspect(value, { __proto__: null, depth: 0, compact: 3 });
    } else if (ch === "o") shown = inspect(value, { __proto__: null, showHidden: true, showProxy: true, depth: 4 });
    if (shown !== undefined) {
      text += StringPrototypeSlice(format, from, i) + "s";
      from = i + 1;
      out[a] = shown;
    }
    a++;
  }
  if (from === 0) return args;
  out[0] = text + StringPrototypeSlice(format, from);
  return out;
}
