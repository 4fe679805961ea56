// The official TypeScript client's whole life with a stdio server, as hosts live it:
//   node lifecycle.mjs MODE COMMAND [ARGS…]
// MODE: legacy | auto | 2026-07-28. Connects (in auto and 2026-07-28 the client may start a
// disposable probe copy of the server and dispose of it: stdin end and SIGTERM at once), lists
// the tools, calls the first of echo/add/forecast it finds, and closes (stdin end, up to 2 s,
// SIGTERM, up to 2 s, SIGKILL). Prints one JSON line: the phases' times in ms and the call's text.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const [mode, command, ...args] = process.argv.slice(2);
const negotiation = mode === "legacy" || mode === "auto" ? mode : { pin: mode };
const started = performance.now();
const client = new Client(
  { name: "lifecycle-host", version: "1.0.0" },
  {
    capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } },
    versionNegotiation: { mode: negotiation },
  },
);
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
await client.connect(transport);
const connected = performance.now();
const tools = (await client.listTools()).tools;
const probe = [["echo", { message: "lifecycle" }], ["add", { a: 1, b: 2 }], ["forecast", { city: "Oslo" }]]
  .find(([name]) => tools.some((t) => t.name === name));
const result = await client.callTool({ name: probe[0], arguments: probe[1] });
const called = performance.now();
await client.close();
const closed = performance.now();
console.log(JSON.stringify({
  version: client.getNegotiatedProtocolVersion(),
  tools: tools.length,
  text: result.content?.[0]?.text ?? null,
  ms: { connect: connected - started, work: called - connected, close: closed - called, total: closed - started },
}));
