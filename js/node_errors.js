// trove-host: Node 20's errors where the host's globals must throw as Node's do: the message
// Node writes and its `code`, built only from what was captured before any toolkit code ran.
import { core, primordials } from "ext:core/mod.js";

const { ObjectDefineProperty, ObjectIs, String, StringPrototypeSlice, TypeError } = primordials;

/** Node's `util.inspect` options where deno's console differs: single quotes first, depth 2 (deno 4). */
export const NODE_INSPECT = { __proto__: null, colors: false, quotes: ["'", '"', "`"], depth: 2 };

/** Node's `ERR_INVALID_ARG_TYPE` TypeError: `argument` must be of type `type`, and `value` was not. */
export function invalidArgType(argument, type, value) {
  return nodeError(TypeError, `The "${argument}" argument must be of type ${type}. Received ${described(value)}`, "ERR_INVALID_ARG_TYPE");
}

/**
 * Node's `ERR_INVALID_ARG_TYPE` TypeError for an argument that must be an instance of a class
 * (`console.table`'s `properties`: `must be an instance of Array`).
 */
export function invalidArgInstance(argument, className, value) {
  return nodeError(TypeError, `The "${argument}" argument must be an instance of ${className}. Received ${described(value)}`, "ERR_INVALID_ARG_TYPE");
}

/** How Node's `ERR_INVALID_ARG_TYPE` describes the value it received. */
function described(value) {
  let received;
  if (value === null || value === undefined) received = `${value}`;
  else if (typeof value === "function") received = value.name ? `function ${value.name}` : "function ";
  else if (typeof value === "object") {
    let name = "";
    try {
      name = value.constructor?.name ?? "";
    } catch {
      // A throwing getter: described without its name.
    }
    received = name ? `an instance of ${name}` : "an object";
  } else if (typeof value === "string") {
    received = `type string ('${value.length > 28 ? `${StringPrototypeSlice(value, 0, 25)}...` : value}')`;
  } else {
    let shown = typeof value === "bigint" ? `${value}n` : ObjectIs(value, -0) ? "-0" : String(value);
    if (shown.length > 28) shown = `${StringPrototypeSlice(shown, 0, 25)}...`;
    received = `type ${typeof value} (${shown})`;
  }
  return received;
}

/** A `Type` error with `message` and Node's `code` (an own enumerable property, as Node's). */
export function nodeError(Type, message, code) {
  const error = new Type(message);
  ObjectDefineProperty(error, "code", { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });
  return error;
}

/**
 * Node's `ERR_INVALID_ARG_VALUE` TypeError: `The argument 'format' is invalid. Received 'brotli'`,
 * the value as Node's `util.inspect` shows it (deno's console, with [`NODE_INSPECT`]), cut at
 * 128 characters as Node cuts it.
 */
export function invalidArgValue(argument, value) {
  const { inspect } = core.loadExtScript("ext:deno_web/01_console.js");
  let shown = inspect(value, NODE_INSPECT);
  if (shown.length > 128) shown = `${StringPrototypeSlice(shown, 0, 128)}...`;
  return nodeError(TypeError, `The argument '${argument}' is invalid. Received ${shown}`, "ERR_INVALID_ARG_VALUE");
}
