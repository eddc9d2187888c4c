// A real MCP client for the tests: the official TypeScript SDK's Client over StdioClientTransport, or over
// StreamableHTTPClientTransport with --http.
// Usage: node client.mjs PLAN.json -- COMMAND [ARGS...]   (spawns COMMAND as the MCP server, environment inherited)
//        node client.mjs PLAN.json --http URL              (sends Authorization: Bearer $UICTL_TOKEN)
// Runs the plan's steps in order and prints one JSON document: {"server": {...}, "steps": [{"ok": true, "result": ...} | {"ok": false, "error": {...}}]}.
// Steps: {"op":"listAll"} follows nextCursor and returns every tool with the page count;
//        {"op":"call","name":N,"arguments":{...}} calls a tool (the SDK validates structuredContent against the
//        tool's outputSchema); {"op":"ping"}; {"op":"validateInputSchemas"} compiles every tool's inputSchema
//        with Ajv in strict mode and returns the failures; {"op":"request","method":M,"params":{...}} sends any
//        request (its JSON-RPC error is reported as the step's error; "$N..." values resolve as in a call);
//        {"op":"callThenCancel","name":N,"arguments":{...},"cancelAfterMs":M} calls a tool and aborts the call after
//        M ms (the SDK sends notifications/cancelled); the result says how the call ended and when;
//        a call step with "progress": true asks for progress and returns {result, progress: [messages]};
//        {"op":"reconnect"} ends the session (HTTP: DELETE) and connects a new client, returning both session ids.
// In a call's arguments, a string "$N.a.b.0.c" stands for that value of step N's result (an earlier step), so a
// plan can act on what it observed: a ref from a find, a pid from a term_open.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import Ajv from "ajv";

const [planFile, mode, command, ...args] = process.argv.slice(2);
if ((mode !== "--" && mode !== "--http") || !command) {
  console.error("usage: node client.mjs PLAN.json -- COMMAND [ARGS...] | --http URL");
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planFile, "utf8"));
function newTransport() {
  if (mode === "--http") {
    return new StreamableHTTPClientTransport(new URL(command),
      { requestInit: { headers: { Authorization: `Bearer ${process.env.UICTL_TOKEN}` } } });
  }
  return new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
}
let transport = newTransport();
let client = new Client({ name: "uictl-mcp-test", version: "1.0.0" });
await client.connect(transport);

let tools = null;
async function listAll() {
  const all = [];
  let cursor;
  let pages = 0;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    pages++;
    all.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  tools = all;
  return { pages, tools: all };
}

const steps = [];
function resolve(value) {
  if (typeof value === "string") {
    const m = /^\$(\d+)\.(.+)$/.exec(value);
    if (!m) return value;
    let at = steps[Number(m[1])]?.result;
    for (const key of m[2].split(".")) at = at?.[key];
    if (at === undefined) throw new Error("no value at " + value);
    return at;
  }
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}
for (const step of plan) {
  try {
    let result;
    switch (step.op) {
      case "listAll":
        result = await listAll();
        break;
      case "call": {
        if (!tools) await listAll(); // the SDK validates outputs only for tools it has listed
        const progress = [];
        const options = step.progress ? { onprogress: (p) => progress.push(p.message ?? ""), timeout: 600000 }
          : undefined;
        const r = await client.callTool({ name: step.name, arguments: resolve(step.arguments ?? {}) },
          CallToolResultSchema, options);
        result = step.progress ? { result: r, progress } : r;
        break;
      }
      case "reconnect": {
        const before = transport.sessionId ?? null;
        if (transport.terminateSession) await transport.terminateSession();
        await client.close();
        transport = newTransport();
        client = new Client({ name: "uictl-mcp-test", version: "1.0.0" });
        await client.connect(transport);
        tools = null;
        result = { before, after: transport.sessionId ?? null };
        break;
      }
      case "ping":
        result = await client.ping();
        break;
      case "callThenCancel": {
        if (!tools) await listAll();
        const controller = new AbortController();
        const started = Date.now();
        setTimeout(() => controller.abort("the test cancels"), step.cancelAfterMs);
        try {
          const r = await client.callTool({ name: step.name, arguments: step.arguments ?? {} }, CallToolResultSchema,
            { signal: controller.signal, timeout: 600000 });
          result = { cancelled: false, result: r, elapsedMs: Date.now() - started };
        } catch (e) {
          result = { cancelled: controller.signal.aborted, error: String(e.message ?? e),
                     elapsedMs: Date.now() - started };
        }
        break;
      }
      case "validateInputSchemas": {
        if (!tools) await listAll();
        const ajv = new Ajv({ strict: true, allErrors: true });
        const failures = [];
        for (const t of tools) {
          try {
            ajv.compile(t.inputSchema);
          } catch (e) {
            failures.push({ tool: t.name, error: String(e.message ?? e) });
          }
        }
        result = { checked: tools.length, failures };
        break;
      }
      case "request":
        result = await client.request({ method: step.method, params: resolve(step.params ?? {}) }, z.any());
        break;
      default:
        throw new Error("unknown op " + step.op);
    }
    steps.push({ ok: true, result });
  } catch (e) {
    steps.push({ ok: false, error: { code: e.code ?? null, message: String(e.message ?? e) } });
  }
}
const report = {
  server: { version: client.getServerVersion(), capabilities: client.getServerCapabilities(),
            instructions: client.getInstructions() },
  steps,
};
process.stdout.write(JSON.stringify(report) + "\n");
await client.close();
