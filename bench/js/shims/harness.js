// The baseline's host side: what runtime/src/toolkit.rs does around js/host.js, in
// JavaScript. build.mjs makes every bundle's default export `createInstance(definition)`,
// evaluated right after the toolkit's modules, like trove-host's `Toolkit::load`.
//
// An instance is one loaded toolkit (module state persists across calls, like one isolate).
// Calls run one at a time, in arrival order, as on one trove-host `Toolkit` (`call` takes
// `&mut self`): the ops read the call in progress from module state, like `OpState`.
import { call as hostCall, describe } from "ext:trove/host.js";
import * as zodLocales from "../../../js/vendor/zod-locales.js";
import { registerLazyModule } from "./core.js";
import { beginCall, bindToolkit, endCall, prepareCassette, unsoundReason } from "ext:core/ops";

registerLazyModule("ext:trove/vendor/zod-locales.js", zodLocales);

const TOOL_FAILED = JSON.stringify({ ok: false, error: "tool failed", retryable: false, code: "TOOL_ERROR" });
const NO_SECRETS = new Map();
const NO_EXCHANGES = [];

/**
 * A call environment (the Rust `CallEnv`), prepared once and reusable for any number of calls:
 *   now       RFC 3339 string, Date or ms: what ctx.now() returns (default: the real clock);
 *   secrets   { NAME: value } or a Map (default: none set);
 *   cassette  the parsed replay file (an array of exchanges), served from its start in every
 *             call (default: none, so any ctx.fetch fails as a replay mismatch).
 */
export function prepareEnv({ now, secrets, cassette } = {}) {
  let nowMs = null;
  if (now !== undefined && now !== null) {
    nowMs = typeof now === "number" ? now : new Date(now).getTime();
    if (Number.isNaN(nowMs)) throw new TypeError(`now ${JSON.stringify(now)} is not an RFC 3339 instant`);
  }
  const map = secrets instanceof Map ? secrets : new Map(Object.entries(secrets ?? {}));
  return {
    now: nowMs,
    secrets: map.size === 0 ? NO_SECRETS : map,
    cassette: cassette === undefined || cassette === null ? NO_EXCHANGES : prepareCassette(cassette),
  };
}

const DEFAULT_ENV = prepareEnv();

export function createInstance(definition) {
  const { tools, manifest, auth } = JSON.parse(describe(definition));
  bindToolkit(manifest, auth);
  let tail = Promise.resolve();
  let lastCall = null;

  async function run(callJson, env) {
    const state = {
      callJson,
      now: env.now,
      secrets: env.secrets,
      cassette: env.cassette,
      at: 0,
      sent: 0,
      logs: [],
      failures: [],
    };
    beginCall(state);
    let envelope;
    try {
      envelope = await hostCall(definition, callJson);
    } catch {
      // The isolate's call entry threw (not the handler: handle() catches that): Rust answers
      // with the generic failure and logs the detail.
      envelope = TOOL_FAILED;
    } finally {
      endCall();
    }
    lastCall = state;
    return envelope;
  }

  return {
    /** The tool list (contract section 3), as `GET` serves it. */
    tools,
    /** The manifest (contract section 3). */
    manifest,
    /**
     * Runs one call (`callJson`: the call's JSON text) and resolves to the envelope's JSON
     * text. `env` comes from prepareEnv. Calls are queued behind the one in progress.
     */
    call(callJson, env = DEFAULT_ENV) {
      const result = tail.then(() => run(callJson, env));
      tail = result;
      return result;
    },
    /** What the last finished call did: `{ logs: [level, argsJson, ...], failures, sent, at }`. */
    lastCall: () => lastCall,
    /**
     * Why the SDK reported this instance unfit for more calls (a handler's stack overflowed),
     * or null. trove-host retires such an isolate; the baseline keeps using it.
     */
    unsound: () => unsoundReason(),
  };
}
