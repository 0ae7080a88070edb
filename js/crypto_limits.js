// trove-host: the caps on crypto.subtle's work outside the isolate (host rules, below). Loaded
// with deno_crypto's own script, the first time a toolkit reads `crypto` (js/bootstrap.js,
// `cryptoScript`), so an instance that never uses crypto keeps none of it (issue #11, memory).
// Its comments are ASCII, as deno_core requires of a lazily loaded module.
import { core, primordials } from "ext:core/mod.js";

const {
  ObjectDefineProperty,
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
// Review 30: deno_crypto 0.274 also runs Argon2 (memory-hard, any number of passes), cSHAKE,
// KMAC, ML-KEM, ML-DSA, SLH-DSA and more, and its SubtleCrypto has methods Node 20's has not
// (encapsulateKey, getPublicKey, ...). None of them is in Node 20 and none is counted here, so
// an algorithm Node 20 does not know is refused as Node refuses it ("Unrecognized algorithm
// name"), and the methods Node 20 lacks are removed. PBKDF2's work is its iterations times its
// output's blocks (each as long as the hash), and the bits a derivation writes count as data.
const NODE20_ALGORITHMS = ["RSASSA-PKCS1-V1_5", "RSA-PSS", "RSA-OAEP", "ECDSA", "ECDH", "ED25519", "X25519", "ED448",
  "X448", "HMAC", "AES-CTR", "AES-CBC", "AES-GCM", "AES-KW", "SHA-1", "SHA-256", "SHA-384", "SHA-512", "HKDF", "PBKDF2"];
const NODE20_HASHES = ["SHA-1", "SHA-256", "SHA-384", "SHA-512"];
const NOT_IN_NODE20 = ["encapsulateBits", "decapsulateBits", "encapsulateKey", "decapsulateKey", "getPublicKey"];
// Per method of Node 20's SubtleCrypto: the arguments that are algorithms, and those that are
// data deno_crypto copies (BufferSources).
const METHODS = [["encrypt", [0], [2]], ["decrypt", [0], [2]], ["sign", [0], [2]], ["verify", [0], [2, 3]],
  ["digest", [0], [1]], ["generateKey", [0], []], ["deriveKey", [0, 2], []], ["deriveBits", [0], []],
  ["importKey", [2], []], ["exportKey", [], []], ["wrapKey", [3], []], ["unwrapKey", [3, 4], [1]]];
const DICTIONARY_BUFFERS = ["iv", "additionalData", "label", "counter", "salt", "info", "context", "publicExponent"];
const outstanding = { __proto__: null, iterations: 0, rsaKeys: 0, bytes: 0 };
const MAX_OUTSTANDING_CRYPTO_BYTES = 256 * 1024 * 1024;
const retained = { __proto__: null, bytes: 0, registry: null };
const MAX_RETAINED_KEY_BYTES = 64 * 1024 * 1024;
const MAX_PBKDF2_ITERATIONS = 10_000_000;
const PBKDF2_BLOCK_BITS = 160;
const HASH_BITS = { __proto__: null, "SHA-1": 160, "SHA-256": 256, "SHA-384": 384, "SHA-512": 512 };
const MAX_RSA_MODULUS_BITS = 8192;
const RSA_NAMES = ["RSASSA-PKCS1-V1_5", "RSA-PSS", "RSA-OAEP"];
// A JsonWebKey's DOMString members (WebIDL), read once each, wherever they are (inherited too).
const JWK_STRINGS = ["kty", "use", "alg", "crv", "x", "y", "d", "n", "e", "p", "q", "dp", "dq", "qi", "k"];
// Review 50: Node 20 writes an exported JsonWebKey's members in another order than deno_crypto
// (`key_ops` and `ext` first, then the key type's members in the order of its C++ exporter,
// `alg` last), gives EC keys no `alg` (deno: `ES256`, ...) and gives Ed25519 and Ed448 keys
// their curve's name as `alg`. A toolkit that serialises the key (a thumbprint it hashes, a
// cached JWKS it compares) sees the text Node writes.
const JWK_ORDER = {
  __proto__: null,
  oct: ["kty", "k"],
  EC: ["kty", "x", "y", "crv", "d"],
  RSA: ["kty", "n", "e", "d", "p", "q", "dp", "dq", "qi"],
  OKP: ["crv", "d", "x", "kty"],
};
/** An exported key as Node 20 writes it, or `exported` itself when it is not a JsonWebKey. */
function nodeJwk(exported) {
  const { ObjectGetOwnPropertyDescriptor } = primordials;
  const own = (member) => ObjectGetOwnPropertyDescriptor(exported, member)?.value;
  if (typeof exported !== "object" || exported === null) return exported;
  const kty = own("kty");
  const order = typeof kty === "string" ? JWK_ORDER[kty] : undefined;
  if (order === undefined) return exported;
  const jwk = {};
  const put = (member, value) => {
    if (value !== undefined) {
      ObjectDefineProperty(jwk, member, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
    }
  };
  put("key_ops", own("key_ops"));
  put("ext", own("ext"));
  for (let i = 0; i < order.length; i++) put(order[i], own(order[i]));
  const crv = own("crv");
  put("alg", kty === "EC" ? undefined : kty === "OKP" ? (crv === "Ed25519" || crv === "Ed448" ? crv : undefined) : own("alg"));
  return jwk;
}

/**
 * Wraps the methods of `SubtleCrypto.prototype` (`proto`) with the caps above. `callContext()`
 * is the bootstrap's: the context of the call the running code belongs to, or null.
 */
export function capCryptoWork(proto, callContext) {
  // Primordials only: a toolkit that replaced `Array.prototype.includes` or
  // `String.prototype.toUpperCase` would otherwise answer the check itself. And no array
  // destructuring or spread of a plain array: both run `Array.prototype[Symbol.iterator]`, which
  // a toolkit may have replaced before its first use of crypto (when this runs), to hand the
  // caps a count of 0 or a check that passes anything. Members are handed on by
  // `ObjectDefineProperty`, never assigned: a setter on the dictionary or on Object.prototype
  // would swallow an assignment, and deno_crypto would read its getter instead.
  const {
    ArrayBufferIsView, ArrayBufferPrototypeGetByteLength, ArrayBufferPrototypeGetResizable, ArrayPrototypeIncludes,
    DataViewPrototypeGetBuffer, DataViewPrototypeGetByteLength, DataViewPrototypeGetByteOffset, MathCeil, MathMax,
    MathTrunc, NumberIsFinite,
    ObjectGetOwnPropertyDescriptor, ReflectDeleteProperty, SafeArrayIterator, StringPrototypeStartsWith,
    StringPrototypeToUpperCase,
    TypedArrayPrototypeGetBuffer, ArrayIsArray, TypedArrayPrototypeGetByteLength, TypedArrayPrototypeGetByteOffset,
    TypedArrayPrototypeGetSymbolToStringTag, TypedArrayPrototypeSet, Uint8Array,
  } = primordials;
  const domException = (message, name) => {
    const { DOMException } = load("ext:deno_web/01_dom_exception.js");
    return new DOMException(message, name);
  };
  const refuse = (what) => {
    throw domException(`${what}: this host refuses more (the work runs outside the call's limits)`, "NotSupportedError");
  };
  const define = (object, member, value) => {
    ObjectDefineProperty(object, member, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  };
  // What deno_crypto copies of a BufferSource, as `[value to hand on, its bytes]` (0 bytes for
  // anything else, which it rejects). A resizable buffer, or a view of one, is handed on as a
  // copy of its bytes as they are now: a getter deno_crypto reads before it copies could grow it
  // past what was counted. (Counting it at its maximum length instead refused a 16-byte digest
  // of a buffer that may grow to 1 GiB; review 29.) A view's length is read without a catch: a
  // DataView out of its shrunk buffer's bounds throws its TypeError here, rather than count 0
  // and be grown back before deno_crypto copies it (review 30).
  const measured = (value) => {
    let buffer = value;
    let offset = 0;
    let length;
    if (ArrayBufferIsView(value)) {
      const typed = TypedArrayPrototypeGetSymbolToStringTag(value) !== undefined;
      buffer = typed ? TypedArrayPrototypeGetBuffer(value) : DataViewPrototypeGetBuffer(value);
      offset = typed ? TypedArrayPrototypeGetByteOffset(value) : DataViewPrototypeGetByteOffset(value);
      length = typed ? TypedArrayPrototypeGetByteLength(value) : DataViewPrototypeGetByteLength(value);
    } else {
      try {
        length = ArrayBufferPrototypeGetByteLength(value);
      } catch {
        return [value, 0, null];
      }
    }
    let resizable = false;
    try {
      resizable = ArrayBufferPrototypeGetResizable(buffer);
    } catch {
      // A SharedArrayBuffer's view, which deno_crypto rejects.
      return [value, 0, null];
    }
    if (!resizable) return [value, length, null];
    // The copy, made by the caller: at once, or after the counts are checked when no code of the
    // toolkit runs in between (so a refused piece is never copied into the heap).
    const copy = () => {
      const bytes = new Uint8Array(length);
      TypedArrayPrototypeSet(bytes, new Uint8Array(buffer, offset, length));
      return bytes;
    };
    return [value, length, copy];
  };
  /** `measured`, with a resizable buffer's copy made at once. */
  const measuredNow = (value) => {
    const read = measured(value);
    return read[2] === null ? read : [read[2](), read[1], null];
  };
  const unrecognized = () => {
    throw domException("Unrecognized algorithm name", "NotSupportedError");
  };
  // A dictionary with a `name` member (an algorithm, or its `hash`), as `[a copy to hand on, its
  // name upper-cased]`: the name read once, converted to a string as WebIDL converts it, checked
  // against `allowed` and defined on the copy (`undefined` too, so deno_crypto cannot read it
  // again and get another answer).
  const namedCopy = (dictionary, allowed) => {
    const copy = { __proto__: dictionary };
    const given = dictionary.name;
    if (given === undefined) {
      define(copy, "name", undefined);
      return [copy, ""];
    }
    const name = `${given}`;
    const upper = StringPrototypeToUpperCase(name);
    if (!ArrayPrototypeIncludes(allowed, upper)) unrecognized();
    define(copy, "name", name);
    return [copy, upper];
  };
  // An algorithm's `hash`, checked and handed on.
  const hashArgument = (hash) => {
    if (typeof hash === "string") {
      if (!ArrayPrototypeIncludes(NODE20_HASHES, StringPrototypeToUpperCase(hash))) unrecognized();
      return hash;
    }
    if ((typeof hash !== "object" && typeof hash !== "function") || hash === null) return hash;
    return namedCopy(hash, NODE20_HASHES)[0];
  };
  // A number member as WebIDL's [EnforceRange] unsigned long (or unsigned short) makes it, with
  // Node 20's TypeError outside the range; deno_crypto would wrap it instead (review 31: a
  // modulusLength of 16384 - 2**32 passed the cap and made a 16,384-bit key).
  const enforced = (raw, member, dictionary, max) => {
    const n = MathTrunc(+raw);
    if (!NumberIsFinite(n) || n < 0 || n > max) {
      const error = new TypeError(`Failed to normalize algorithm: '${member}' of '${dictionary}' (passed algorithm) is outside the expected range of 0 to ${max}.`);
      define(error, "code", "ERR_OUT_OF_RANGE");
      throw error;
    }
    return n;
  };
  // An algorithm argument as `[value to hand on, bytes of its buffers, its name upper-cased, its
  // hash's name upper-cased]`. WebIDL reads any object as the algorithm's dictionary, a function
  // too, and converts its name to a string: a function named `PBKDF2`, or `new String("PBKDF2")`,
  // is PBKDF2. Each member that matters is read once and handed on as an own property of a copy,
  // `undefined` too, so a getter cannot answer the check and deno_crypto differently (a name, a
  // count over the cap, a buffer; review 31: one that answered `undefined` first was read again).
  const algorithmArgument = (algorithm, method) => {
    if (typeof algorithm === "string") {
      const upper = StringPrototypeToUpperCase(algorithm);
      if (!ArrayPrototypeIncludes(NODE20_ALGORITHMS, upper)) unrecognized();
      return [algorithm, 0, upper, ""];
    }
    if ((typeof algorithm !== "object" && typeof algorithm !== "function") || algorithm === null) return [algorithm, 0, "", ""];
    const named = namedCopy(algorithm, NODE20_ALGORITHMS);
    const copy = named[0];
    const upper = named[1];
    if (upper === "") return [copy, 0, "", ""];
    const hash = algorithm.hash;
    const checkedHash = hash === undefined ? undefined : hashArgument(hash);
    define(copy, "hash", checkedHash);
    const hashName = typeof checkedHash === "string" ? checkedHash : ObjectGetOwnPropertyDescriptor(checkedHash ?? {}, "name")?.value;
    let bytes = 0;
    for (let i = 0; i < DICTIONARY_BUFFERS.length; i++) {
      const member = DICTIONARY_BUFFERS[i];
      const value = algorithm[member];
      if (value === undefined) {
        define(copy, member, undefined);
        continue;
      }
      const read = measuredNow(value);
      define(copy, member, read[0]);
      bytes += read[1];
    }
    // The members a cost is counted from, as the numbers WebIDL makes of them.
    const iterations = upper === "PBKDF2" ? algorithm.iterations : undefined;
    define(copy, "iterations", iterations === undefined ? undefined : enforced(iterations, "iterations", "Pbkdf2Params", 4294967295));
    const modulusLength = ArrayPrototypeIncludes(RSA_NAMES, upper) ? algorithm.modulusLength : undefined;
    define(copy, "modulusLength", modulusLength === undefined ? undefined : enforced(modulusLength, "modulusLength", "RsaHashedKeyGenParams", 4294967295));
    // A key's length in bits: a function's own `length` too, which WebIDL reads as any member.
    const length = algorithm.length;
    const aes = StringPrototypeStartsWith(upper, "AES-");
    const lengthOf = aes ? (method === "deriveKey" ? "AesDerivedKeyParams" : "AesKeyGenParams")
      : method === "deriveKey" || method === "importKey" || method === "unwrapKey" ? "HmacImportParams" : "HmacKeyGenParams";
    define(copy, "length", length === undefined || (upper !== "HMAC" && !aes) ? length : enforced(length, "length", lengthOf, aes ? 65535 : 4294967295));
    return [copy, bytes, upper, typeof hashName === "string" ? StringPrototypeToUpperCase(hashName) : ""];
  };
  // A key's material as deno_crypto will hold it: a buffer's bytes, or a JWK's strings. A JWK
  // is handed on as a copy without a prototype, of its members read once each (inherited ones
  // too, as WebIDL reads them) and converted as WebIDL converts them, so what is counted is what
  // deno_crypto holds (a `k` whose toString answers a long string counts that string; so does
  // `k: [text]`, which converts to the text).
  const keyMaterial = (format, keyData) => {
    if (format !== "jwk") return measuredNow(keyData);
    if ((typeof keyData !== "object" && typeof keyData !== "function") || keyData === null) return [keyData, 0];
    const copy = { __proto__: null };
    let bytes = 0;
    for (let i = 0; i < JWK_STRINGS.length; i++) {
      const value = keyData[JWK_STRINGS[i]];
      if (value === undefined) continue;
      const text = typeof value === "string" ? value : `${value}`;
      define(copy, JWK_STRINGS[i], text);
      bytes += text.length;
    }
    const ext = keyData.ext;
    if (ext !== undefined) define(copy, "ext", !!ext);
    const ops = keyData.key_ops;
    if (ops !== undefined) {
      if (!ArrayIsArray(ops)) throw new TypeError("JsonWebKey key_ops must be an array of strings");
      const list = [];
      for (let i = 0; i < ops.length; i++) {
        const text = `${ops[i]}`;
        define(list, i, text);
        bytes += text.length;
      }
      define(copy, "key_ops", list);
    }
    if (keyData.oth !== undefined) throw domException("JsonWebKey oth (multi-prime RSA) is not supported", "NotSupportedError");
    return [copy, bytes];
  };
  // What this host's SubtleCrypto has: Node 20's methods only.
  const ctor = ObjectGetOwnPropertyDescriptor(proto, "constructor")?.value;
  if (typeof ctor === "function") ReflectDeleteProperty(ctor, "supports");
  for (let i = 0; i < NOT_IN_NODE20.length; i++) ReflectDeleteProperty(proto, NOT_IN_NODE20[i]);
  for (let m = 0; m < METHODS.length; m++) {
    const method = METHODS[m][0];
    const algorithmsAt = METHODS[m][1];
    const dataAt = METHODS[m][2];
    const inner = proto[method];
    const checked = {
      async [method](...given) {
        const context = callContext();
        if (context !== null && !context.open) refuse("crypto.subtle work asked for by a call that has ended");
        const args = [...new SafeArrayIterator(given)];
        let bytes = 0;
        // Records without a prototype, and arrays filled by `define`: an index assigned to a new
        // array would run a setter a toolkit put on Array.prototype.
        const names = { __proto__: null };
        const hashes = { __proto__: null };
        for (let i = 0; i < algorithmsAt.length; i++) {
          const at = algorithmsAt[i];
          if (at >= args.length) continue;
          const read = algorithmArgument(args[at], method);
          args[at] = read[0];
          bytes += read[1];
          names[at] = read[2];
          hashes[at] = read[3];
        }
        if (method === "importKey" || method === "unwrapKey") {
          // The format, read once as WebIDL reads it (a string), decides how the key data counts.
          if (args.length > 0) args[0] = typeof args[0] === "string" ? args[0] : `${args[0]}`;
        }
        // The data last: from here to the call, no code of the toolkit runs, so a resizable
        // buffer's copy waits until its count has been checked.
        let held = 0;
        const copies = { __proto__: null };
        for (let i = 0; i < dataAt.length; i++) {
          const at = dataAt[i];
          if (at >= args.length) continue;
          const read = measured(args[at]);
          if (read[2] !== null) copies[at] = read[2];
          bytes += read[1];
          // An unwrapped key holds about what was wrapped.
          if (method === "unwrapKey") held = read[1];
        }
        // A secret key made here (HMAC, AES) holds its length's bytes, and making it writes them.
        const keyTypeAt = method === "generateKey" ? 0 : method === "deriveKey" ? 2 : -1;
        if (keyTypeAt >= 0 && keyTypeAt < args.length && (names[keyTypeAt] === "HMAC" || StringPrototypeStartsWith(names[keyTypeAt] ?? "", "AES-"))) {
          const type = args[keyTypeAt];
          const length = typeof type === "object" && type !== null ? ObjectGetOwnPropertyDescriptor(type, "length")?.value : undefined;
          held = MathCeil((typeof length === "number" && length > 0 ? length : 1024) / 8);
          // A derived key's bytes are the derivation's output, counted below.
          if (method === "generateKey") bytes += held;
        }
        // PBKDF2's iterations times its output's blocks; an RSA key generation; the bits a
        // derivation writes (deriveBits' length, or the derived key's: HMAC's default is at most
        // 1,024 bits).
        const cost = { iterations: 0, rsaKeys: 0 };
        if ((method === "deriveBits" || method === "deriveKey") && args.length > 0) {
          let bits = 0;
          if (method === "deriveBits") {
            // WebIDL's unsigned long, as deno_crypto converts it: wrapped, not refused.
            if (args.length > 2 && args[2] !== undefined && args[2] !== null) args[2] = +args[2] >>> 0;
            bits = args.length > 2 && typeof args[2] === "number" && args[2] > 0 ? args[2] : 0;
          } else if (args.length > 2 && (typeof args[2] === "object" || typeof args[2] === "function") && args[2] !== null) {
            const length = ObjectGetOwnPropertyDescriptor(args[2], "length")?.value;
            bits = typeof length === "number" && length > 0 ? length : 1024;
          }
          bytes += MathCeil(bits / 8);
          if (names[0] === "PBKDF2") {
            const iterations = ObjectGetOwnPropertyDescriptor(args[0], "iterations")?.value;
            if (typeof iterations === "number" && iterations > 0) {
              const blocks = MathMax(1, MathCeil(bits / (HASH_BITS[hashes[0]] ?? PBKDF2_BLOCK_BITS)));
              cost.iterations = iterations * blocks;
              if (cost.iterations > MAX_PBKDF2_ITERATIONS) {
                refuse(blocks === 1
                  ? `PBKDF2 iterations ${iterations} is over ${MAX_PBKDF2_ITERATIONS}`
                  : `PBKDF2 iterations ${iterations} for ${blocks} blocks of output (${cost.iterations}) is over ${MAX_PBKDF2_ITERATIONS}`);
              }
            }
          }
        }
        if (method === "generateKey" && ArrayPrototypeIncludes(RSA_NAMES, names[0])) {
          cost.rsaKeys = 1;
          const bits = ObjectGetOwnPropertyDescriptor(args[0], "modulusLength")?.value;
          if (typeof bits === "number" && bits > MAX_RSA_MODULUS_BITS) refuse(`RSA modulusLength ${bits} is over ${MAX_RSA_MODULUS_BITS}`);
        }
        if (cost.iterations > 0 && outstanding.iterations + cost.iterations > MAX_PBKDF2_ITERATIONS) {
          refuse(`PBKDF2 iterations ${cost.iterations} with ${outstanding.iterations} still running would be over ${MAX_PBKDF2_ITERATIONS}`);
        }
        if (cost.rsaKeys > 0 && outstanding.rsaKeys > 0) refuse("an RSA key generation while another is still running");
        if (bytes > 0 && outstanding.bytes > 0 && outstanding.bytes + bytes > MAX_OUTSTANDING_CRYPTO_BYTES) {
          refuse(`${bytes} bytes of data with ${outstanding.bytes} still outstanding would be over ${MAX_OUTSTANDING_CRYPTO_BYTES}`);
        }
        if (method === "importKey" && args.length > 1) {
          const material = keyMaterial(args[0], args[1]);
          args[1] = material[0];
          held = material[1];
        }
        if (held > 0 && retained.bytes > 0 && retained.bytes + held > MAX_RETAINED_KEY_BYTES) {
          refuse(`a key of ${held} bytes with ${retained.bytes} bytes of keys still held would be over ${MAX_RETAINED_KEY_BYTES}`);
        }
        for (let i = 0; i < dataAt.length; i++) {
          const at = dataAt[i];
          if (copies[at] !== undefined) args[at] = copies[at]();
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
        const result = await work;
        return method === "exportKey" ? nodeJwk(result) : result;
      },
    }[method];
    ObjectDefineProperty(checked, "length", { __proto__: null, value: inner.length, configurable: true });
    ObjectDefineProperty(proto, method, { __proto__: null, value: checked, writable: true, enumerable: true, configurable: true });
  }
}
