// How the host parses a toolkit's schemas: a tool's input and output (js/toolkit.js) and
// `fetchJson`'s response schema (egress/fetch.js).
//
// Zod 4 compiles a fast path for each object schema with `new Function` the first time the
// schema is parsed. On QuickJS that costs what about 45 parses of quakefeed's schemas gain
// (docs/performance.md, "Zod's compiled parsers, tiered"): a one-shot `trove-host call` paid
// 20 M instructions, a seventh of the whole process, for code it then ran once. So the host
// tiers, as an engine tiers its hot functions: a zod schema is parsed without the compiled
// path (`jitless`, a documented field of zod's `ParseContext`) for its first `JIT_AFTER`
// parses in an isolate, and with it after. Zod gives the same result on both paths; a
// toolkit's own `schema.parse(...)` calls and `z.config({ jitless })` are untouched.
import { primordials } from "ext:core/mod.js";

const { SafeWeakMap, WeakMapPrototypeGet, WeakMapPrototypeSet } = primordials;

/** Parses of one schema in this isolate before zod may compile its fast path. */
const JIT_AFTER = 32;
/** schema → parses so far, up to `JIT_AFTER`. */
const parses = new SafeWeakMap();

/**
 * `schema.safeParse(value)`, with zod's compiled fast path held back for a schema's first
 * `JIT_AFTER` parses. A schema that is not zod 4's (anything with `safeParse` is a schema,
 * contract section 2) is called exactly as the SDK calls it, with one argument.
 */
export function safeParse(schema, value) {
  if (schema === null || typeof schema !== "object" || schema._zod === undefined) return schema.safeParse(value);
  const n = WeakMapPrototypeGet(parses, schema) ?? 0;
  if (n >= JIT_AFTER) return schema.safeParse(value);
  WeakMapPrototypeSet(parses, schema, n + 1);
  return schema.safeParse(value, { jitless: true });
}
