// A small MCP Apps host built on @mcp-ui/client's AppRenderer, as a web host app would use it
// (bundled by tests/mcpui.py with tests/js's esbuild into the git-ignored tests/mcpui/dist/).
//
// The page is opened as /?server=NAME&tool=TOOL&args=JSON&theme=light|dark[&caps=full]. It
// connects the official TypeScript SDK client (@modelcontextprotocol/sdk, the one AppRenderer's
// `client` prop is typed for) over streamable HTTP to /mcp/NAME — the harness server relays that
// to `compile-ui proxy --serve http` in front of the server NAME —, declaring MCP Apps
// (io.modelcontextprotocol/ui), calls TOOL with ARGS as a host does when its model calls it, and
// shows the tool's app with AppRenderer, given the client (which fetches the tool's ui:// page and
// forwards the app's tools/call and resources/read to the server), the input, the result, the host
// context and the host's own handlers. Everything the host sees is kept in window.__harness
// for the tests: sizes, links, messages, downloads, display-mode requests, logs, errors; and
// window.__harness.setTheme(theme) changes the host context's theme live.
//
// caps=full replaces AppRenderer's default host capabilities ({openLinks, serverTools,
// serverResources} from the server's own) with that plus downloadFile and logging, and a host
// context offering the fullscreen display mode: the handlers for both are in onFallbackRequest,
// as AppRenderer has no prop of its own for ui/download-file or ui/request-display-mode.

import React, { useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { AppRenderer, UI_EXTENSION_CAPABILITIES } from "@mcp-ui/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const query = new URLSearchParams(location.search);
const SERVER = query.get("server");
const TOOL = query.get("tool");
const ARGS = JSON.parse(query.get("args") || "{}");
const FULL = query.get("caps") === "full";
const SANDBOX = { url: new URL(document.querySelector("meta[name=sandbox]").content) };
const HOST_INFO = { name: "compile-ui mcp-ui harness", version: "1.0.0" };

const state = (window.__harness = {
  phase: "connecting", // connecting → calling → rendering | failed
  serverCapabilities: null,
  result: null,
  sizes: [],
  links: [],
  messages: [],
  downloads: [],
  modes: [],
  logs: [],
  fallback: [],
  errors: [],
  setTheme: () => {},
});

function Host({ client, result }) {
  const [theme, setTheme] = useState(query.get("theme") || "light");
  const [mode, setMode] = useState("inline");
  useEffect(() => { state.setTheme = setTheme; }, []);
  const hostContext = useMemo(() => ({
    theme,
    displayMode: mode,
    availableDisplayModes: FULL ? ["inline", "fullscreen"] : ["inline"],
    platform: "web",
    locale: "en-US",
  }), [theme, mode]);
  // AppRenderer rebuilds its bridge when hostCapabilities changes identity: made once.
  const hostCapabilities = useMemo(() => {
    if (!FULL) return undefined; // AppRenderer's own default
    const caps = client.getServerCapabilities() || {};
    return { openLinks: {}, downloadFile: {}, logging: {}, serverTools: caps.tools, serverResources: caps.resources };
  }, [client]);
  const onFallbackRequest = async (request) => {
    state.fallback.push(request.method);
    if (FULL && request.method === "ui/download-file") {
      state.downloads.push(request.params);
      return {};
    }
    if (FULL && request.method === "ui/request-display-mode") {
      const wanted = request.params && request.params.mode;
      state.modes.push(wanted);
      const granted = wanted === "fullscreen" || wanted === "inline" ? wanted : mode;
      setMode(granted);
      return { mode: granted };
    }
    throw Object.assign(new Error(`No handler for method: ${request.method}`), { code: -32601 });
  };
  return (
    <div style={{ height: mode === "fullscreen" ? "100vh" : "auto" }}>
      <AppRenderer
        client={client}
        toolName={TOOL}
        sandbox={SANDBOX}
        toolInput={ARGS}
        toolResult={result}
        hostContext={hostContext}
        hostInfo={HOST_INFO}
        hostCapabilities={hostCapabilities}
        onOpenLink={async ({ url }) => { state.links.push(url); return {}; }}
        onMessage={async (params) => { state.messages.push(params); return {}; }}
        onLoggingMessage={(params) => { state.logs.push(params); }}
        onSizeChanged={(params) => { state.sizes.push(params); }}
        onError={(error) => { state.errors.push(String(error && error.message || error)); }}
        onFallbackRequest={onFallbackRequest}
      />
    </div>
  );
}

async function main() {
  const client = new Client(HOST_INFO, { capabilities: { extensions: UI_EXTENSION_CAPABILITIES } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/${SERVER}`, location.href)));
  state.serverCapabilities = client.getServerCapabilities();
  state.phase = "calling";
  const result = await client.callTool({ name: TOOL, arguments: ARGS });
  state.result = result;
  state.phase = "rendering";
  createRoot(document.getElementById("root")).render(<Host client={client} result={result} />);
}

main().catch((error) => {
  state.phase = "failed";
  state.errors.push(String(error && error.stack || error));
  document.getElementById("root").textContent = `harness failed: ${error}`;
});
