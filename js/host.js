// The host's side door into a loaded toolkit. The bootstrap hands these two functions to Rust
// (op_trove_register_host); toolkit code cannot reach them. They use only what was captured before
// toolkit code ran (the registry's snapshot, primordial JSON), so a toolkit that replaces
// globals or mutates its config after defineToolkit cannot change what Rust reads. One door is
// left: `JSON.stringify` (primordial or not) still calls a `toJSON` the toolkit puts on
// `Object.prototype`. So Rust checks what it reads again with the same rules (the manifest
// with `declaration_problems`, the tool list with `tool_list_problems`, every instance against
// the first) and builds what it shows and what it enforces from that one text; and it checks
// the envelope's shape.
import { primordials } from "ext:core/mod.js";
import { op_trove_console } from "ext:core/ops";
import { registry } from "ext:trove/toolkit.js";
import { withCallClock } from "ext:trove_ops/clock.js";

const { JSONParse, JSONStringify, WeakMapPrototypeGet } = primordials;

function entryOf(definition, entry) {
  const found = definition !== null && typeof definition === "object" ? WeakMapPrototypeGet(registry, definition) : undefined;
  if (found === undefined) {
    throw new Error(`${entry} must \`export default defineToolkit({...})\` from '@ontrove/extend/toolkit'`);
  }
  return found;
}

/**
 * `{ tools, manifest, auth, toolKeys }` as JSON: what the Rust `Toolkit` keeps after loading, and
 * each tool's own keys, whose likely misspellings it warns of. (A thrown error does not name the
 * entry file: Rust puts it before the message.)
 */
export function describe(definition) {
  const { tools, manifest, auth, toolKeys } = entryOf(definition, "the entry module");
  return JSONStringify({ tools, manifest, auth: auth ?? null, toolKeys });
}

/**
 * The envelope's JSON. The commonest one, a text result alone, is written directly: the same
 * text `JSON.stringify` gives for it (keys in the order `handle` makes them), at a fraction of
 * its cost on QuickJS.
 */
function envelopeJson(envelope) {
  const { result } = envelope;
  if (envelope.ok === true && envelope.structuredContent === undefined && result.structured === undefined) {
    return `{"ok":true,"result":{"text":${JSONStringify(result.text)}}}`;
  }
  return JSONStringify(envelope);
}

const TOOL_FAILED = '{"ok":false,"error":"tool failed","retryable":false,"code":"TOOL_ERROR"}';

/** What a thrown value says, without letting it run code that throws again. */
function describeError(err) {
  try {
    return err !== null && typeof err === "object" ? `${err.name}: ${err.message}` : `${err}`;
  } catch {
    return "(unprintable error)";
  }
}

/**
 * Runs one call (`callJson` is the call's JSON) and resolves to the envelope's JSON. A result
 * that JSON cannot carry (a BigInt, a cycle, a `toJSON` that throws) fails its own call with
 * `tool failed` and a log line that says why; the instance is sound and stays (review 28: it was
 * retired as a failure of the host's own code).
 */
export async function call(definition, callJson) {
  const { run } = entryOf(definition, "the toolkit");
  const envelope = await withCallClock(() => run(JSONParse(callJson)));
  try {
    return envelopeJson(envelope);
  } catch (err) {
    op_trove_console("error", `the tool's result cannot be sent as JSON: ${describeError(err)}`, 0);
    return TOOL_FAILED;
  }
}
