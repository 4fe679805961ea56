// The official TypeScript client (@modelcontextprotocol/client 2.x) as a host whose person answers
// the upstream's questions (fixtures/servers/handshake_asker.py behind the proxy).
//   node ts_asking.mjs MODE TARGET [ARGS…]
// MODE: legacy | auto | 2026-07-28. TARGET: an http(s) URL, or a command started over stdio.
// Prints one JSON line: the negotiated version, each tool's answer, and what the person was asked.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const [mode, target, ...rest] = process.argv.slice(2);
const negotiation = mode === "legacy" || mode === "auto" ? mode : { pin: mode };
const client = new Client(
  { name: "ts-asked-host", version: "1.0.0" },
  {
    capabilities: {
      elicitation: { form: {}, url: {} },
      sampling: {},
      extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
    },
    versionNegotiation: { mode: negotiation },
  },
);
const asked = [];
const answers = [
  { action: "accept", content: { overwrite: true } },
  { action: "accept" },
  { action: "accept", content: { name: "Grace" } },
  { action: "accept", content: { name: "Hopper" } },
];
client.setRequestHandler("elicitation/create", async (request) => {
  asked.push(request.params.message);
  return answers.shift();
});
client.setRequestHandler("sampling/createMessage", async () => {
  asked.push("sampling");
  return { role: "assistant", content: { type: "text", text: "ts summary" }, model: "person" };
});
const transport = target.startsWith("http")
  ? new StreamableHTTPClientTransport(new URL(target))
  : new StdioClientTransport({ command: target, args: rest, stderr: "ignore" });
await client.connect(transport);
const text = async (name, args) => (await client.callTool({ name, arguments: args })).content[0].text;
const seen = { version: client.getNegotiatedProtocolVersion() };
seen.accepted = await text("write_file", { path: "notes.txt" });
seen.url = await text("sign_in", {});
seen.sampled = await text("summarize", { text: "a long text" });
seen.two = await text("two_questions", {});
seen.asked = asked;
console.log(JSON.stringify(seen));
await client.close();
