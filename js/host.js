// The host's side door into a loaded toolkit. The bootstrap hands these two functions to Rust
// (op_trove_set_host); toolkit code cannot reach them.
import { registry, toToolkitManifest } from "ext:trove/toolkit.js";

function configOf(definition, entry) {
  const config = definition !== null && typeof definition === "object" ? registry.get(definition) : undefined;
  if (config === undefined) {
    throw new Error(`${entry} must \`export default defineToolkit({...})\` from '@ontrove/extend/toolkit'`);
  }
  return config;
}

/** `{ tools, manifest, policy }` as JSON: what the Rust `Toolkit` keeps after loading. */
export function describe(definition, entry) {
  const config = configOf(definition, entry);
  return JSON.stringify({
    tools: definition.tools,
    manifest: toToolkitManifest(config),
    policy: {
      id: config.id,
      secrets: config.secrets ?? [],
      egress: config.egress ?? [],
      auth: config.auth ?? null,
    },
  });
}

/** Runs one call (`callJson` is the call's JSON) and resolves to the envelope's JSON. */
export async function call(definition, callJson) {
  const envelope = await definition.handle(JSON.parse(callJson));
  return JSON.stringify(envelope);
}
