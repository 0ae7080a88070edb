// A real MCP client for trove-host's tests and bench: the official TypeScript SDK's `Client`
// over stdio (it starts the server) or streamable HTTP (the server is already listening).
//
//   node drive.mjs SCENARIO.json        (or the scenario on stdin)
//
// The scenario:
//   { "transport": { "kind": "stdio", "command": "trove-host", "args": [...], "env": {...}, "cwd": "..." }
//                | { "kind": "http", "url": "http://127.0.0.1:8789/mcp", "headers": { ... } },
//     "sessions": 1,                       // clients at once, each with its own connection/session
//     "logLevel": "debug",                 // logging/setLevel after initialize (omit: none)
//     "steps": [
//       { "op": "list" },
//       { "op": "call", "name": "echo", "arguments": { ... },
//         "argsFn": "({ session, i }) => ({ ... })",   // instead of arguments, per call
//         "repeat": 1, "parallel": false,              // how many calls, and whether at once
//         "cancelAfterMs": 200 },                      // abort the call (notifications/cancelled)
//       { "op": "request", "method": "tools/call", "params": { ... } },  // any request, as given
//       { "op": "sleep", "ms": 300 }
//     ] }
//
// Prints one JSON object: { sessions: [{ connect, results, logs, closing, stderr? }] } where
// `connect` is { ok: true, serverInfo, capabilities, instructions, protocolVersion, sessionId }
// or { ok: false, error }, each result is { op, name?, ms, at, result } or { op, name?, ms, at,
// error: { code, message, data } }, `logs` holds the params of every notifications/message,
// and `closing` is when the client began ending the session. `at` (when the step ended) and
// `closing` are milliseconds since the Unix epoch, to compare with the server's clock.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema, ResultSchema } from "@modelcontextprotocol/sdk/types.js";

const scenario = JSON.parse(readFileSync(process.argv[2] ?? 0, "utf8"));

function errorOf(err) {
  return {
    name: err?.name,
    code: err?.code,
    message: String(err?.message ?? err),
    ...(err?.data !== undefined ? { data: err.data } : {}),
  };
}

function transportFor(spec) {
  if (spec.kind === "stdio") {
    return new StdioClientTransport({
      command: spec.command,
      args: spec.args ?? [],
      env: { ...process.env, ...(spec.env ?? {}) },
      cwd: spec.cwd,
      stderr: "pipe",
    });
  }
  if (spec.kind === "http") {
    return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers ?? {} } });
  }
  throw new Error(`unknown transport kind ${spec.kind}`);
}

async function call(client, step, session, i) {
  const args = step.argsFn ? new Function(`return (${step.argsFn})`)()({ session, i }) : step.arguments;
  const params = { name: step.name, ...(args !== undefined ? { arguments: args } : {}) };
  const controller = new AbortController();
  let timer;
  if (step.cancelAfterMs !== undefined) timer = setTimeout(() => controller.abort("cancelled by the test"), step.cancelAfterMs);
  const started = performance.now();
  try {
    const result = await client.callTool(params, undefined, { signal: controller.signal, timeout: step.timeoutMs ?? 120_000 });
    return { op: "call", name: step.name, session, i, ms: performance.now() - started, at: Date.now(), result };
  } catch (err) {
    return { op: "call", name: step.name, session, i, ms: performance.now() - started, at: Date.now(), error: errorOf(err) };
  } finally {
    clearTimeout(timer);
  }
}

async function runSession(session) {
  const out = { connect: null, results: [], logs: [] };
  const transport = transportFor(scenario.transport);
  let stderr = "";
  if (transport.stderr) transport.stderr.on("data", (chunk) => (stderr += chunk));
  const client = new Client({ name: "trove-host-tests", version: "1.0.0" });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => out.logs.push(n.params));
  try {
    await client.connect(transport);
    out.connect = {
      ok: true,
      serverInfo: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
      protocolVersion: transport.protocolVersion,
      sessionId: transport.sessionId,
    };
  } catch (err) {
    out.connect = { ok: false, error: errorOf(err) };
    if (stderr) out.stderr = stderr;
    await transport.close().catch(() => {});
    return out;
  }
  if (scenario.logLevel) await client.setLoggingLevel(scenario.logLevel);
  for (const step of scenario.steps ?? []) {
    const started = performance.now();
    if (step.op === "list") {
      try {
        const listed = await client.listTools();
        out.results.push({ op: "list", ms: performance.now() - started, at: Date.now(), result: listed });
      } catch (err) {
        out.results.push({ op: "list", ms: performance.now() - started, at: Date.now(), error: errorOf(err) });
      }
    } else if (step.op === "request") {
      // Sent as given, without the SDK's own checks of a method's params.
      try {
        const result = await client.request({ method: step.method, params: step.params }, ResultSchema);
        out.results.push({ op: "request", name: step.method, ms: performance.now() - started, at: Date.now(), result });
      } catch (err) {
        out.results.push({ op: "request", name: step.method, ms: performance.now() - started, at: Date.now(), error: errorOf(err) });
      }
    } else if (step.op === "call") {
      const n = step.repeat ?? 1;
      if (step.parallel) {
        out.results.push(...(await Promise.all(Array.from({ length: n }, (_, i) => call(client, step, session, i)))));
      } else {
        for (let i = 0; i < n; i++) out.results.push(await call(client, step, session, i));
      }
    } else if (step.op === "sleep") {
      await new Promise((resolve) => setTimeout(resolve, step.ms));
    } else {
      throw new Error(`unknown step ${step.op}`);
    }
  }
  out.closing = Date.now();
  if (typeof transport.terminateSession === "function") await transport.terminateSession().catch(() => {});
  await client.close();
  if (stderr) out.stderr = stderr;
  return out;
}

const sessions = await Promise.all(Array.from({ length: scenario.sessions ?? 1 }, (_, s) => runSession(s)));
process.stdout.write(JSON.stringify({ sessions }) + "\n");
