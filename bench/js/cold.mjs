#!/usr/bin/env node
// One cold call, for the cold-start baselines: load a bundle (bench/js/build.mjs), make one
// call with its upstream replayed from a cassette, print the envelope, exit. What
// `trove-host call <toolkit> <tool> --replay <cassette> --now <t>` does, under Node or Bun.
//
//   node cold.mjs <bundle.mjs> --tool NAME [--args JSON] [--cassette FILE] [--now RFC3339] [--list]
//
// --list prints the tool list instead of calling (what `trove-host list` does).
import { loadBundle, parseArgs, readJson, secretsFromEnv } from "./lib.mjs";

const { positional, flags } = parseArgs(process.argv.slice(2), { tool: "string", args: "string", cassette: "string", now: "string", list: "bool" });
if (positional.length !== 1 || (!flags.list && !flags.tool)) {
  console.error("usage: cold.mjs <bundle.mjs> --tool NAME [--args JSON] [--cassette FILE] [--now RFC3339] [--list]");
  process.exit(2);
}
const { instance, prepareEnv } = await loadBundle(positional[0]);
if (flags.list) {
  process.stdout.write(JSON.stringify(instance.tools) + "\n");
} else {
  const env = prepareEnv({ now: flags.now, secrets: secretsFromEnv(), cassette: flags.cassette === undefined ? undefined : readJson(flags.cassette) });
  const callJson = JSON.stringify({ tool: flags.tool, args: JSON.parse(flags.args ?? "{}"), userId: "local-user" });
  const envelope = await instance.call(callJson, env);
  process.stdout.write(envelope + "\n");
  if (JSON.parse(envelope).ok !== true) process.exitCode = 1;
}
