// trove-host: the caps on crypto.subtle's work outside the isolate (host rules, below). Loaded
// with deno_crypto's own script, the first time a toolkit reads `crypto` (js/bootstrap.js,
// `cryptoScript`), so an instance that never uses crypto keeps none of it (issue #11, memory).
// Its comments are ASCII, as deno_core requires of a lazily loaded module.
import { core, primordials } from "ext:core/mod.js";

const {
  ArrayPrototypePush,
  ObjectDefineProperty,
  ObjectKeys,
  PromisePrototypeThen,
  ReflectApply,
  SafeFinalizationRegistry,
} = primordials;
const load = (specifier) => core.loadExtScript(specifier);

// Host rule: deno_crypto derives PBKDF2 bits and generates RSA keys on threads outside the
// isolate, where neither a call's CPU-time limit nor its end stops them (a call that asked for
// 2e9 iterations kept a CPU busy for half an hour after it was answered; review 25). So their
// size is capped: at most MAX_PBKDF2_ITERATIONS iterations (OWASP's 2023 advice is 600,000 for
// SHA-256) and RSA keys of at most MAX_RSA_MODULUS_BITS. A larger request rejects with a
// `NotSupportedError` naming the cap. The checked value is the one deno_crypto is handed (read
// once, as a number), so a getter cannot answer the check and the derivation differently.
// Every other method deno_crypto runs off the isolate's thread too. Each instance has one thread
// for such work (runtime/src/worker.rs), so a call that starts many pieces at once takes one
// core, not all of them; and what an instance has running or queued at once is capped, since
// none of it can be stopped once started, not even by discarding the instance (review 27: one
// call's 40 derivations kept both cores busy for a minute after it was answered). At most
// MAX_PBKDF2_ITERATIONS PBKDF2 iterations and one RSA key generation are outstanding at a time;
// more is refused with a `NotSupportedError` until earlier work has finished. Code of a call
// that has ended (a chain it left waiting) cannot start any.
//
// The data of a digest, signature or cipher is copied out of the isolate's heap when the method
// is called (deno_crypto's `BufferSource`), where the heap ceiling does not count it: 50 digests
// of one 32 MiB buffer, started without awaiting, took the process to 880 MB, and more would
// take every toolkit of the host down with it. So the data an instance has outstanding at once is
// capped too: MAX_OUTSTANDING_CRYPTO_BYTES, or one piece of any size (its buffer is in the heap,
// within the ceiling) when nothing else is outstanding. A resizable buffer is handed on as a
// copy of its bytes (in the heap), since a getter that deno_crypto reads before it copies could
// grow it.
// The buffers of an algorithm's dictionary (an AES-GCM `iv` and `additionalData`, an HKDF
// `salt` and `info`, ...) are copied the same way, so they count too, each read once and handed
// on as read. A key's material stays outside the heap for as long as the key lives: the keys an
// instance has imported and not yet dropped may hold at most MAX_RETAINED_KEY_BYTES (or one key
// of any size when none is held).
// Per method: its data among the arguments after the first, and its algorithm dictionaries
// there (the first argument is one, or a key format).
const OFF_THREAD_CRYPTO = [["encrypt", [1], []], ["decrypt", [1], []], ["sign", [1], []], ["verify", [1, 2], []],
  ["digest", [0], []], ["wrapKey", [], [2]], ["unwrapKey", [0], [2, 3]]];
const DICTIONARY_BUFFERS = ["iv", "additionalData", "label", "counter", "salt", "info", "context"];
const outstanding = { __proto__: null, iterations: 0, rsaKeys: 0, bytes: 0 };
const MAX_OUTSTANDING_CRYPTO_BYTES = 256 * 1024 * 1024;
const retained = { __proto__: null, bytes: 0, registry: null };
const MAX_RETAINED_KEY_BYTES = 64 * 1024 * 1024;
const MAX_PBKDF2_ITERATIONS = 10_000_000;
const MAX_RSA_MODULUS_BITS = 8192;
const RSA_NAMES = ["RSASSA-PKCS1-V1_5", "RSA-PSS", "RSA-OAEP"];
/**
 * Wraps the methods of `SubtleCrypto.prototype` (`proto`) with the caps above. `callContext()`
 * is the bootstrap's: the context of the call the running code belongs to, or null.
 */
export function capCryptoWork(proto, callContext) {
  // Primordials only: a toolkit that replaced `Array.prototype.includes` or
  // `String.prototype.toUpperCase` would otherwise answer the check itself. And no array
  // destructuring or spread of a plain array: both run `Array.prototype[Symbol.iterator]`, which
  // a toolkit may have replaced before its first use of crypto (when this runs), to hand the
  // caps a count of 0 or a check that passes anything.
  const {
    ArrayBufferIsView, ArrayBufferPrototypeGetByteLength,
    ArrayBufferPrototypeGetResizable, ArrayPrototypeIncludes, DataViewPrototypeGetBuffer,
    DataViewPrototypeGetByteLength, DataViewPrototypeGetByteOffset, SafeArrayIterator, StringPrototypeToUpperCase,
    TypedArrayPrototypeGetBuffer, ArrayIsArray, TypedArrayPrototypeGetByteLength, TypedArrayPrototypeGetByteOffset,
    TypedArrayPrototypeGetSymbolToStringTag, TypedArrayPrototypeSet, Uint8Array,
  } = primordials;
  // What deno_crypto copies of a BufferSource, as `[value to hand on, its bytes]` (0 bytes for
  // anything else, which it rejects). A resizable buffer, or a view of one, is handed on as a
  // copy of its bytes as they are now: a getter deno_crypto reads before it copies could grow it
  // past what was counted. (Counting it at its maximum length instead refused a 16-byte digest
  // of a buffer that may grow to 1 GiB; review 29.)
  const measured = (value) => {
    try {
      let buffer = value;
      let offset = 0;
      let length;
      if (ArrayBufferIsView(value)) {
        const typed = TypedArrayPrototypeGetSymbolToStringTag(value) !== undefined;
        buffer = typed ? TypedArrayPrototypeGetBuffer(value) : DataViewPrototypeGetBuffer(value);
        offset = typed ? TypedArrayPrototypeGetByteOffset(value) : DataViewPrototypeGetByteOffset(value);
        length = typed ? TypedArrayPrototypeGetByteLength(value) : DataViewPrototypeGetByteLength(value);
      } else {
        length = ArrayBufferPrototypeGetByteLength(value);
      }
      if (!ArrayBufferPrototypeGetResizable(buffer)) return [value, length];
      const copy = new Uint8Array(length);
      TypedArrayPrototypeSet(copy, new Uint8Array(buffer, offset, length));
      return [copy, length];
    } catch {
      return [value, 0];
    }
  };
  const refuse = (what) => {
    const { DOMException } = load("ext:deno_web/01_dom_exception.js");
    throw new DOMException(`${what}: this host refuses more (the work runs outside the call's limits)`, "NotSupportedError");
  };
  const capped = (algorithm, member, names, max, what) => {
    // WebIDL reads any object as the algorithm's dictionary, a function too, and converts its
    // name to a string: a function named `PBKDF2`, or `new String("PBKDF2")`, is PBKDF2.
    if ((typeof algorithm !== "object" && typeof algorithm !== "function") || algorithm === null) return algorithm;
    // Each member is read once and handed on as an own property, so a getter that answers
    // `undefined` to the check cannot answer deno_crypto with something else (a name, or a
    // count over the cap).
    const given = algorithm.name;
    if (given === undefined) return { __proto__: algorithm, name: undefined };
    const name = `${given}`;
    if (!ArrayPrototypeIncludes(names, StringPrototypeToUpperCase(name))) return { __proto__: algorithm, name };
    const raw = algorithm[member];
    if (raw === undefined) return { __proto__: algorithm, name, [member]: undefined };
    const value = +raw;
    if (value > max) refuse(`${what} ${value} is over ${max}`);
    return { __proto__: algorithm, name, [member]: value };
  };
  const pbkdf2 = (algorithm) => capped(algorithm, "iterations", ["PBKDF2"], MAX_PBKDF2_ITERATIONS, "PBKDF2 iterations");
  const rsa = (algorithm) => capped(algorithm, "modulusLength", RSA_NAMES, MAX_RSA_MODULUS_BITS, "RSA modulusLength");
  const same = (algorithm) => algorithm;
  // What a checked algorithm adds to the instance's outstanding work: PBKDF2 iterations, or
  // one RSA key (a name the checks above wrote as a string of their own).
  const costOf = (algorithm) => {
    const name = (typeof algorithm === "object" || typeof algorithm === "function") && algorithm !== null && typeof algorithm.name === "string"
      ? StringPrototypeToUpperCase(algorithm.name)
      : "";
    const iterations = name === "PBKDF2" && typeof algorithm.iterations === "number" && algorithm.iterations > 0 ? algorithm.iterations : 0;
    return { iterations, rsaKeys: ArrayPrototypeIncludes(RSA_NAMES, name) ? 1 : 0 };
  };
  // A dictionary with each buffer member read once and handed on as read, and their bytes.
  const withBuffers = (dictionary) => {
    if ((typeof dictionary !== "object" && typeof dictionary !== "function") || dictionary === null) return [dictionary, 0];
    let copy = null;
    let bytes = 0;
    for (let i = 0; i < DICTIONARY_BUFFERS.length; i++) {
      const member = DICTIONARY_BUFFERS[i];
      const value = dictionary[member];
      if (value === undefined) continue;
      copy ??= { __proto__: dictionary };
      const read = measured(value);
      copy[member] = read[0];
      bytes += read[1];
    }
    return [copy ?? dictionary, bytes];
  };
  // A key's material as deno_crypto will hold it: a buffer's bytes, or a JWK's strings (the JWK
  // read once, as a plain copy, which is what deno_crypto is handed).
  // Each member that WebIDL reads as a string is converted here, once, so what is counted is
  // what deno_crypto holds (a `k` whose toString answers a long string counts that string).
  const keyMaterial = (format, keyData) => {
    if (format !== "jwk" || typeof keyData !== "object" || keyData === null) return measured(keyData);
    const copy = { ...keyData };
    const keys = ObjectKeys(copy);
    let bytes = 0;
    for (let i = 0; i < keys.length; i++) {
      const value = copy[keys[i]];
      if (value === undefined || value === null || typeof value === "boolean" || ArrayIsArray(value)) continue;
      const text = typeof value === "string" ? value : `${value}`;
      copy[keys[i]] = text;
      bytes += text.length;
    }
    return [copy, bytes];
  };
  const methods = [["deriveBits", pbkdf2, [], []], ["deriveKey", pbkdf2, [], [1]], ["generateKey", rsa, [], []],
    ["importKey", same, [], [1]]];
  for (let i = 0; i < OFF_THREAD_CRYPTO.length; i++) {
    const entry = OFF_THREAD_CRYPTO[i];
    ArrayPrototypePush(methods, [entry[0], same, entry[1], entry[2]]);
  }
  for (let m = 0; m < methods.length; m++) {
    const method = methods[m][0];
    const check = methods[m][1];
    const dataAt = methods[m][2];
    const dictionariesAt = methods[m][3];
    const inner = proto[method];
    const checked = {
      async [method](algorithm, ...rest) {
        const context = callContext();
        if (context !== null && !context.open) refuse("crypto.subtle work asked for by a call that has ended");
        const checkedAlgorithm = check(algorithm);
        const cost = check === same ? { iterations: 0, rsaKeys: 0 } : costOf(checkedAlgorithm);
        if (cost.iterations > 0 && outstanding.iterations + cost.iterations > MAX_PBKDF2_ITERATIONS) {
          refuse(`PBKDF2 iterations ${cost.iterations} with ${outstanding.iterations} still running would be over ${MAX_PBKDF2_ITERATIONS}`);
        }
        if (cost.rsaKeys > 0 && outstanding.rsaKeys > 0) refuse("an RSA key generation while another is still running");
        const withFirst = withBuffers(checkedAlgorithm);
        let bytes = withFirst[1];
        const args = [withFirst[0], ...new SafeArrayIterator(rest)];
        for (let i = 0; i < dictionariesAt.length; i++) {
          const dictionary = withBuffers(args[dictionariesAt[i] + 1]);
          args[dictionariesAt[i] + 1] = dictionary[0];
          bytes += dictionary[1];
        }
        for (let i = 0; i < dataAt.length; i++) {
          const at = dataAt[i] + 1;
          if (at >= args.length) continue;
          const read = measured(args[at]);
          args[at] = read[0];
          bytes += read[1];
        }
        if (bytes > 0 && outstanding.bytes > 0 && outstanding.bytes + bytes > MAX_OUTSTANDING_CRYPTO_BYTES) {
          refuse(`${bytes} bytes of data with ${outstanding.bytes} still outstanding would be over ${MAX_OUTSTANDING_CRYPTO_BYTES}`);
        }
        let held = 0;
        if (method === "importKey") {
          // The format, read once as WebIDL reads it (a string), decides how the key data counts.
          args[0] = typeof algorithm === "string" ? algorithm : `${algorithm}`;
          const material = keyMaterial(args[0], args[1]);
          args[1] = material[0];
          held = material[1];
          if (held > 0 && retained.bytes > 0 && retained.bytes + held > MAX_RETAINED_KEY_BYTES) {
            refuse(`a key of ${held} bytes with ${retained.bytes} bytes of imported keys still held would be over ${MAX_RETAINED_KEY_BYTES}`);
          }
        }
        const work = ReflectApply(inner, this, args);
        if (held > 0) {
          // Counted until the key is collected (or at once, if the import fails).
          retained.bytes += held;
          retained.registry ??= new SafeFinalizationRegistry((n) => {
            retained.bytes -= n;
          });
          const kept = (key) => {
            if (typeof key === "object" && key !== null) retained.registry.register(key, held);
            else retained.bytes -= held;
          };
          const failed = () => {
            retained.bytes -= held;
          };
          try {
            PromisePrototypeThen(work, kept, failed);
          } catch {
            // Counted for good.
          }
        }
        if (cost.iterations > 0 || cost.rsaKeys > 0 || bytes > 0) {
          outstanding.iterations += cost.iterations;
          outstanding.rsaKeys += cost.rsaKeys;
          outstanding.bytes += bytes;
          const done = () => {
            outstanding.iterations -= cost.iterations;
            outstanding.rsaKeys -= cost.rsaKeys;
            outstanding.bytes -= bytes;
          };
          // Settled by the engine, whatever the toolkit did to promises; if it made `then`
          // unusable (a replaced species), the work stays counted: fewer may start, never more.
          try {
            PromisePrototypeThen(work, done, done);
          } catch {
            // Counted for good.
          }
        }
        return await work;
      },
    }[method];
    ObjectDefineProperty(checked, "length", { __proto__: null, value: inner.length, configurable: true });
    ObjectDefineProperty(proto, method, { __proto__: null, value: checked, writable: true, enumerable: true, configurable: true });
  }
}
