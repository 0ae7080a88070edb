// `@ontrove/extend/toolkit` (and `@ontrove/extend`) of the stand-in package that
// js/parity/build-standin.mjs writes: trove-host's own SDK module (js/toolkit.js, with zod
// 4.4.3 from js/vendor/zod.js) over the ops in ./ops.js, behaving like the Node SDK:
// `defineToolkit(config)` returns `{ tools, handle }` and `handle(call)` takes everything it
// needs from the call (ctxToken, callbackBase, userId, scopes, config). No harness.
import { savedFetch } from "./keep-fetch.js";
import { defineToolkit as define, registry, tool, toToolkitManifest, ToolError, z } from "../../toolkit.js";
import { runCall } from "./ops.js";
import * as zodLocales from "../../vendor/zod-locales.js";
import { registerLazyModule } from "../../../bench/js/shims/core.js";

registerLazyModule("ext:trove/vendor/zod-locales.js", zodLocales);

if (savedFetch !== undefined && globalThis.fetch === undefined) globalThis.fetch = savedFetch;

export { tool, toToolkitManifest, ToolError, z };

/** Validates `config` (contract section 2) and returns the definition `{ tools, handle }`. */
export function defineToolkit(config) {
  const definition = define(config);
  const { manifest, auth } = registry.get(definition);
  const toolkit = {
    egress: Array.isArray(manifest.egress) ? manifest.egress.filter((e) => typeof e === "string") : [],
    auth: auth !== null && typeof auth === "object" && auth.type === "oauth2_client_credentials" ? auth : null,
  };
  const run = definition.handle;
  return { tools: definition.tools, handle: (call) => runCall(toolkit, run, call) };
}
