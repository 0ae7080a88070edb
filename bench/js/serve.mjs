#!/usr/bin/env node
// The wire form of contract section 4, for the Node and Bun baselines:
//
//   node serve.mjs <bundle.mjs> <port> [cassette.json] [--now RFC3339] [--host ADDR]
//   bun  serve.mjs <bundle.mjs> <port> [cassette.json] [--now RFC3339] [--host ADDR]
//
//   GET  any path  -> 200 { tools }
//   POST body      -> 200 envelope (the body is the call's JSON); bad JSON -> 200 BAD_REQUEST
//                     "invalid JSON body"
//   other methods  -> 405 BAD_REQUEST "method not allowed"
//
// Under Node the server is node:http; under Bun, Bun.serve. <bundle.mjs> comes from build.mjs.
// The cassette (a replay file) is served again, from its first exchange, for every call; without
// one any ctx.fetch fails as a replay mismatch (no network is ever touched). --now fixes
// ctx.now() (default: the real clock). Secrets come from TROVE_SECRET_<NAME> variables, as in
// the CLI. Port 0 picks a free port. Prints `listening <port>` on stdout once it accepts calls.
import { isBun, loadBundle, parseArgs, readJson, secretsFromEnv } from "./lib.mjs";

const USAGE = "usage: serve.mjs <bundle.mjs> <port> [cassette.json] [--now RFC3339] [--host ADDR]";

const { positional, flags } = parseArgs(process.argv.slice(2), { now: "string", host: "string" });
if (positional.length < 2 || positional.length > 3) {
  console.error(USAGE);
  process.exit(2);
}
const [bundlePath, portText, cassettePath] = positional;
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`port ${portText}: not a port number\n${USAGE}`);
  process.exit(2);
}
const hostname = flags.host ?? "127.0.0.1";

const { instance, prepareEnv } = await loadBundle(bundlePath);
const env = prepareEnv({
  now: flags.now,
  secrets: secretsFromEnv(),
  cassette: cassettePath === undefined ? undefined : readJson(cassettePath),
});

const TOOLS = JSON.stringify({ tools: instance.tools });
const INVALID_JSON = JSON.stringify({ ok: false, error: "invalid JSON body", retryable: false, code: "BAD_REQUEST" });
const NOT_ALLOWED = JSON.stringify({ ok: false, error: "method not allowed", retryable: false, code: "BAD_REQUEST" });
const JSON_TYPE = "application/json";

/** A POST body -> the envelope's JSON text. */
function answer(body) {
  try {
    JSON.parse(body);
  } catch {
    return INVALID_JSON;
  }
  return instance.call(body, env);
}

// A promise a toolkit left rejected is logged by trove-host, not fatal to the server.
process.on("unhandledRejection", () => {});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));

if (isBun) {
  const headers = { "content-type": JSON_TYPE };
  const server = Bun.serve({
    development: false,
    hostname,
    port,
    async fetch(req) {
      if (req.method === "GET") return new Response(TOOLS, { status: 200, headers });
      if (req.method !== "POST") return new Response(NOT_ALLOWED, { status: 405, headers });
      return new Response(await answer(await req.text()), { status: 200, headers });
    },
  });
  console.log(`listening ${server.port}`);
} else {
  const http = await import("node:http");
  const send = (res, status, json) => {
    res.writeHead(status, { "content-type": JSON_TYPE, "content-length": Buffer.byteLength(json) });
    res.end(json);
  };
  const server = http.createServer((req, res) => {
    if (req.method === "GET") {
      req.resume();
      return send(res, 200, TOOLS);
    }
    if (req.method !== "POST") {
      req.resume();
      return send(res, 405, NOT_ALLOWED);
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", async () => send(res, 200, await answer(body)));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, hostname, () => console.log(`listening ${server.address().port}`));
}
