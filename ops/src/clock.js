// The clock capability's JavaScript (beside clock.rs). `ctx.now()` reads the call's clock
// (op_trove_now). With a frozen clock (`--freeze-time`, a case's `"freezeTime": true`), the
// toolkit's own reads of the clock see the same instant for the whole call, as under a test
// runner's fake clock: `Date.now()` and a no-argument `new Date()` (and `Date()`) return it;
// `Date` with arguments, `Date.parse`, `Date.UTC`, timers and `performance.now()` are untouched.
// Rust decides whether the call is frozen and at which instant; this file only applies it.
import { primordials } from "ext:core/mod.js";
import { op_trove_frozen_now } from "ext:core/ops";

const { ObjectDefineProperty, ObjectGetOwnPropertyDescriptor, ReflectApply, ReflectConstruct, ReflectGet } = primordials;
const RealDate = globalThis.Date;
const dateToString = RealDate.prototype.toString;

/** A `Date` that reads `ms` wherever it would read the real clock. */
function frozenDate(ms) {
  const now = { now() { return ms; } }.now;
  return new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return ReflectConstruct(target, args.length === 0 ? [ms] : args, newTarget);
    },
    apply() {
      return ReflectApply(dateToString, ReflectConstruct(RealDate, [ms]), []);
    },
    get(target, key, receiver) {
      return key === "now" ? now : ReflectGet(target, key, receiver);
    },
  });
}

/**
 * Runs `call` (an async function) under the call's clock and returns its promise: when Rust
 * says the call's time is frozen, the global `Date` reads that instant until `call` settles;
 * the previous `Date` (the toolkit's, if it replaced it) is put back afterwards. An unfrozen
 * call gets `call()` itself, without another async frame around it.
 */
export function withCallClock(call) {
  const frozen = op_trove_frozen_now();
  return frozen === null ? call() : withFrozenClock(frozen, call);
}

async function withFrozenClock(frozen, call) {
  const previous = globalThis.Date;
  const fake = frozenDate(frozen);
  // `new Date().constructor === Date` holds during the call, as under a fake clock.
  const constructor = ObjectGetOwnPropertyDescriptor(RealDate.prototype, "constructor");
  globalThis.Date = fake;
  ObjectDefineProperty(RealDate.prototype, "constructor", { ...constructor, value: fake });
  try {
    return await call();
  } finally {
    ObjectDefineProperty(RealDate.prototype, "constructor", constructor);
    // A toolkit that assigned its own Date during the call keeps it.
    if (globalThis.Date === fake) globalThis.Date = previous;
  }
}
