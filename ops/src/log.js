// `ctx.log`: the JavaScript half of ops/src/log.rs. Arguments are projected to JSON the way the
// SDK prints them; Rust redacts every resolved secret and emits one tracing event per line.
import { primordials } from "ext:core/mod.js";
import { op_trove_handler_stack, op_trove_log, op_trove_log_dropped, op_trove_log_open } from "ext:core/ops";

const { JSONStringify } = primordials;

/** A log argument as JSON: Errors as "<name>: <message>", stacks cut, cycles "[circular]". */
function project(value, ancestors) {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value.replace(/\n\s+at [\s\S]*$/, "");
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  if (ancestors.includes(value)) return "[circular]";
  if (typeof value.toJSON === "function") return project(value.toJSON(), ancestors);
  ancestors.push(value);
  let out;
  if (Array.isArray(value)) {
    out = value.map((v) => project(v, ancestors));
  } else {
    out = {};
    for (const key of Object.keys(value)) out[key] = project(value[key], ancestors);
  }
  ancestors.pop();
  return out;
}

/** The length of a line's string arguments: what a dropped line counts as. */
function stringChars(args) {
  let n = 0;
  for (const a of args) if (typeof a === "string") n += a.length;
  return n;
}

/**
 * Whether a log line may be written; when the call's log budget (decided in Rust) is spent,
 * the line is counted as dropped instead, before any formatting.
 */
export function logOpen(args) {
  if (op_trove_log_open()) return true;
  op_trove_log_dropped(stringChars(args));
  return false;
}

/** One log line to the Rust sink, which redacts every resolved secret value. */
export function emit(level, args) {
  if (!logOpen(args)) return;
  op_trove_log(level, JSONStringify(args.map((a) => project(a, []))));
}


/**
 * The stack of an error a handler threw (source-mapped to the toolkit's .ts lines) to the host
 * log at debug level, redacted; never a ctx.log line (the SDK logs only "<name>: <message>").
 */
export function reportHandlerStack(err) {
  const stack = stackOf(err);
  if (stack === undefined) return;
  // Under it, as Node's console prints an error, each `cause` in turn (`[cause]: …`), to a depth
  // of 8 (a cycle ends there too).
  let text = stack;
  let error = err;
  try {
    for (let depth = 0; depth < 8 && error !== null && typeof error === "object" && "cause" in error; depth++) {
      error = error.cause;
      const cause = stackOf(error);
      const shown = error !== null && (typeof error === "object" || typeof error === "function") ? "(an object without a stack)" : String(error);
      text += `\n[cause]: ${cause ?? shown}`;
    }
  } catch {
    // a getter or proxy that throws: what was read so far
  }
  op_trove_handler_stack(text);
}

/** `err.stack` when it is a non-empty string (a throwing getter reads as none). */
function stackOf(err) {
  try {
    const stack = err !== null && typeof err === "object" ? err.stack : undefined;
    return typeof stack === "string" && stack !== "" ? stack : undefined;
  } catch {
    return undefined;
  }
}
