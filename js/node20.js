// trove-host: what makes the engine's JavaScript look like Node 20's, where the SDK runs
// toolkits. The engine (QuickJS behind v8x) is newer in places and words its errors its own way;
// a toolkit must see the same built-ins and, where it reads them, the same messages.
//
// - `removeNewerBuiltIns()`: what ECMAScript 2024 to 2026 added and Node 20 (V8 11.3) lacks.
// - `JSON.parse` throws V8's SyntaxError messages (`Unexpected token '<', "<html><bod"... is not
//   valid JSON`), which toolkits put in their own errors ("upstream sent: " + e.message).
import { primordials } from "ext:core/mod.js";
import { op_trove_holds_secret } from "ext:core/ops";

const {
  JSONParse,
  ObjectDefineProperty,
  ObjectGetPrototypeOf,
  ObjectPrototypeIsPrototypeOf,
  StringPrototypeCharCodeAt,
  StringPrototypeSlice,
  SyntaxError,
  SyntaxErrorPrototype,
} = primordials;

/**
 * Deletes the engine's ECMAScript 2024-2026 additions Node 20 has not: iterator helpers and the
 * `Iterator` global, Set methods, `groupBy`, explicit resource management, Float16, base64 on
 * `Uint8Array`, `ArrayBuffer` transfer, `Promise.withResolvers` and `try`, `Map` upserts,
 * `RegExp.escape`, `Error.isError`, `JSON.rawJSON`, `Math.sumPrecise`, `Atomics.pause`,
 * `Symbol.asyncDispose` on async iterators; and
 * QuickJS's `InternalError` constructor. A toolkit that runs here must run under the SDK too,
 * and one that feature-tests must take the same branch. Run once the host's own modules have
 * loaded (deno's JavaScript reaches what it uses through the primordials, captured before).
 */
export function removeNewerBuiltIns() {
  const IteratorPrototype = ObjectGetPrototypeOf(ObjectGetPrototypeOf([][Symbol.iterator]()));
  const AsyncIteratorPrototype = ObjectGetPrototypeOf(ObjectGetPrototypeOf(ObjectGetPrototypeOf((async function* () {})())));
  for (const [owner, keys] of [
    [globalThis, ["Iterator", "DisposableStack", "AsyncDisposableStack", "SuppressedError", "Float16Array", "InternalError"]],
    [IteratorPrototype, ["constructor", "drop", "every", "filter", "find", "flatMap", "forEach", "map", "reduce", "some",
      "take", "toArray", Symbol.dispose, Symbol.toStringTag]],
    [AsyncIteratorPrototype, [Symbol.asyncDispose]],
    [Object, ["groupBy"]],
    [Map, ["groupBy"]],
    [Array, ["fromAsync"]],
    [Promise, ["withResolvers", "try"]],
    [Math, ["f16round", "sumPrecise"]],
    [JSON, ["rawJSON", "isRawJSON"]],
    [RegExp, ["escape"]],
    [Error, ["isError"]],
    [Atomics, ["pause"]],
    [Uint8Array, ["fromBase64", "fromHex"]],
    [Uint8Array.prototype, ["setFromBase64", "setFromHex", "toBase64", "toHex"]],
    [Map.prototype, ["getOrInsert", "getOrInsertComputed"]],
    [WeakMap.prototype, ["getOrInsert", "getOrInsertComputed"]],
    [Set.prototype, ["union", "intersection", "difference", "symmetricDifference", "isSubsetOf", "isSupersetOf",
      "isDisjointFrom"]],
    [ArrayBuffer.prototype, ["detached", "transfer", "transferToFixedLength", "immutable", "sliceToImmutable",
      "transferToImmutable"]],
    [DataView.prototype, ["getFloat16", "setFloat16"]],
  ]) {
    for (const key of keys) delete owner[key];
  }
}

// ---------------------------------------------------------------- JSON.parse's messages

/** How much of the text V8 quotes on each side of an unexpected token. */
const CONTEXT = 10;

/**
 * The message V8 (Node 20) gives for the first error in `text`, found by scanning it as V8's
 * JSON parser does, or `null` when `text` is valid JSON (the SyntaxError then came from a
 * reviver, and is left alone).
 */
function v8JsonParseMessage(text) {
  const n = text.length;
  let i = 0;
  const code = (at) => StringPrototypeCharCodeAt(text, at);
  const isDigit = (c) => c >= 0x30 && c <= 0x39;
  const isHex = (c) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
  const skipSpace = () => {
    while (i < n) {
      const c = code(i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      i++;
    }
  };
  const at = (what) => `${what} in JSON at position ${i}`;
  // V8's ReportUnexpectedToken at `i`.
  const unexpected = () => {
    if (i >= n) return "Unexpected end of JSON input";
    const c = code(i);
    if (c === 0x22) return at("Unexpected string");
    if (isDigit(c) || c === 0x2d) return at("Unexpected number");
    if (text === "NaN" || text === "Infinity" || text === "undefined" || text === "[object Object]") {
      return `"${text}" is not valid JSON`;
    }
    const token = text[i];
    // Text that holds a secret is not quoted (host): the redactor finds whole values, not the
    // 20 characters around a token. Rust decides what is a secret.
    if (op_trove_holds_secret(text)) return `Unexpected token '${token}', "[redacted]" is not valid JSON`;
    if (n < 2 * CONTEXT + 1) return `Unexpected token '${token}', "${text}" is not valid JSON`;
    if (i < CONTEXT) return `Unexpected token '${token}', "${StringPrototypeSlice(text, 0, i + CONTEXT)}"... is not valid JSON`;
    if (i < n - CONTEXT) {
      return `Unexpected token '${token}', ..."${StringPrototypeSlice(text, i - CONTEXT, i + CONTEXT)}"... is not valid JSON`;
    }
    return `Unexpected token '${token}', ..."${StringPrototypeSlice(text, i - CONTEXT)}" is not valid JSON`;
  };

  // Each returns an error message, or null once it has consumed a valid value.
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= n) return at("Unterminated string");
      const c = code(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c < 0x20) return at("Bad control character in string literal");
      if (c === 0x5c) {
        i++;
        if (i >= n) return "Unexpected end of JSON input";
        const e = code(i);
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= n || !isHex(code(i))) return at("Bad Unicode escape");
          }
        } else if (!(e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e ||
          e === 0x72 || e === 0x74)) {
          return at("Bad escaped character");
        }
      }
      i++;
    }
  };
  const number = () => {
    if (code(i) === 0x2d) {
      i++;
      if (i >= n || !isDigit(code(i))) return at("No number after minus sign");
    }
    if (code(i) === 0x30) {
      i++;
      if (i < n && isDigit(code(i))) return at("Unexpected number");
    } else {
      while (i < n && isDigit(code(i))) i++;
    }
    if (i < n && code(i) === 0x2e) {
      i++;
      if (i >= n || !isDigit(code(i))) return at("Unterminated fractional number");
      while (i < n && isDigit(code(i))) i++;
    }
    if (i < n && (code(i) === 0x65 || code(i) === 0x45)) {
      i++;
      if (i < n && (code(i) === 0x2b || code(i) === 0x2d)) i++;
      if (i >= n || !isDigit(code(i))) return at("Exponent part is missing a number");
      while (i < n && isDigit(code(i))) i++;
    }
    return null;
  };
  const literal = (word) => {
    for (let k = 0; k < word.length; k++, i++) {
      if (i >= n) return "Unexpected end of JSON input";
      if (text[i] !== word[k]) return unexpected();
    }
    return null;
  };
  const value = () => {
    skipSpace();
    if (i >= n) return unexpected();
    const c = code(i);
    if (c === 0x22) return string();
    if (isDigit(c) || c === 0x2d) return number();
    if (c === 0x7b) return object();
    if (c === 0x5b) return array();
    if (c === 0x74) return literal("true");
    if (c === 0x66) return literal("false");
    if (c === 0x6e) return literal("null");
    return unexpected();
  };
  const object = () => {
    i++;
    skipSpace();
    if (i < n && code(i) === 0x7d) {
      i++;
      return null;
    }
    let first = true;
    for (;;) {
      if (i >= n || code(i) !== 0x22) {
        return at(first ? "Expected property name or '}'" : "Expected double-quoted property name");
      }
      first = false;
      const key = string();
      if (key !== null) return key;
      skipSpace();
      if (i >= n || code(i) !== 0x3a) return at("Expected ':' after property name");
      i++;
      const v = value();
      if (v !== null) return v;
      skipSpace();
      if (i < n && code(i) === 0x7d) {
        i++;
        return null;
      }
      if (i >= n || code(i) !== 0x2c) return at("Expected ',' or '}' after property value");
      i++;
      skipSpace();
    }
  };
  const array = () => {
    i++;
    skipSpace();
    if (i < n && code(i) === 0x5d) {
      i++;
      return null;
    }
    for (;;) {
      const v = value();
      if (v !== null) return v;
      skipSpace();
      if (i < n && code(i) === 0x5d) {
        i++;
        return null;
      }
      if (i >= n || code(i) !== 0x2c) return at("Expected ',' or ']' after array element");
      i++;
    }
  };

  const error = value();
  if (error !== null) return error;
  skipSpace();
  return i < n ? `Unexpected non-whitespace character after JSON at position ${i}` : null;
}

/** `JSON.parse` whose SyntaxErrors for malformed text carry V8's messages. */
export function useV8JsonParseMessages() {
  const parse = {
    parse(text, reviver) {
      const source = `${text}`;
      try {
        return JSONParse(source, reviver);
      } catch (error) {
        // Only the engine's own error for malformed text is reworded; a reviver's throw (the
        // text was valid) goes on as it was.
        if (ObjectPrototypeIsPrototypeOf(SyntaxErrorPrototype, error)) {
          const message = v8JsonParseMessage(source);
          if (message !== null) throw new SyntaxError(message);
        }
        throw error;
      }
    },
  }.parse;
  ObjectDefineProperty(JSON, "parse", { value: parse, writable: true, enumerable: false, configurable: true });
}
