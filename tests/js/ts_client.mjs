// The official TypeScript client (@modelcontextprotocol/client 2.x) as a host of the proxy.
//   node ts_client.mjs MODE TARGET [ARGS…]
// MODE: legacy | auto | 2026-07-28. TARGET: an http(s) URL, or a command started over stdio.
// Prints one JSON line: what the host saw (negotiated version, tools, a page, a call, _ui_status).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const [mode, target, ...rest] = process.argv.slice(2);
const negotiation = mode === "legacy" || mode === "auto" ? mode : { pin: mode };
const client = new Client(
  { name: "ts-host", version: "1.0.0" },
  {
    capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } } },
    versionNegotiation: { mode: negotiation },
  },
);
const transport = target.startsWith("http")
  ? new StreamableHTTPClientTransport(new URL(target))
  : new StdioClientTransport({ command: target, args: rest, stderr: "ignore" });
await client.connect(transport);
const tools = (await client.listTools()).tools;
const probe = tools.find((t) => t.name === "echo") ?? tools[0];
const page = await client.readResource({ uri: `ui://compile-ui/${probe.name}` });
const echo = await client.callTool({ name: "echo", arguments: { message: "from ts" } });
const status = await client.callTool({ name: "_ui_status", arguments: {} });
let missing = null;
try {
  await client.readResource({ uri: "ui://compile-ui/no_such_tool" });
} catch (error) {
  missing = error.code ?? String(error);
}
console.log(JSON.stringify({
  version: client.getNegotiatedProtocolVersion(),
  tools: tools.map((t) => ({ name: t.name, resourceUri: t._meta?.ui?.resourceUri ?? null })),
  page: { mimeType: page.contents[0].mimeType, start: page.contents[0].text.slice(0, 15) },
  echo: echo.content[0].text,
  status: status.structuredContent,
  missing,
}));
await client.close();
