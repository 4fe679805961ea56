// A small MCP Apps host built on @mcp-ui/client's AppRenderer, as a web host app would use it
// (bundled by tests/harness/mcpui.py with tests/js's esbuild into the git-ignored tests/mcpui/dist/).
//
// The page shows one tool's app at a time: window.__harnessShow({server: NAME, tool, args,
// theme: "light" | "dark", caps?: "full"}) connects the official TypeScript SDK client
// (@modelcontextprotocol/sdk, the one AppRenderer's `client` prop is typed for; one connection
// per server, kept) over streamable HTTP to /mcp/NAME — the harness server relays that to
// `compile-ui proxy --serve http` in front of the server NAME —, declaring MCP Apps
// (io.modelcontextprotocol/ui), calls the tool with ARGS as a host does when its model calls it, and
// shows the tool's app with AppRenderer, given the client (which fetches the tool's ui:// page and
// forwards the app's tools/call and resources/read to the server), the input, the result, the host
// context and the host's own handlers. Everything the host sees is kept in window.__harness
// for the tests: sizes, links, messages, downloads, display-mode requests, logs, errors; and
// window.__harness.setTheme(theme) changes the host context's theme live.
//
// caps "full" replaces AppRenderer's default host capabilities ({openLinks, serverTools,
// serverResources} from the server's own) with that plus downloadFile and logging, and a host
// context offering the fullscreen display mode: the handlers for both are in onFallbackRequest,
// as AppRenderer has no prop of its own for ui/download-file or ui/request-display-mode.

import React, { useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { AppRenderer, UI_EXTENSION_CAPABILITIES } from "@mcp-ui/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const SANDBOX = { url: new URL(document.querySelector("meta[name=sandbox]").content) };
const HOST_INFO = { name: "compile-ui mcp-ui harness", version: "1.0.0" };
const clients = new Map(); // one connected client per server, as a host keeps its connections
let shown = 0;
let state = null;
window.__harness = null;

function Host({ client, show, result }) {
  const full = show.caps === "full";
  const [theme, setTheme] = useState(show.theme || "light");
  const [mode, setMode] = useState("inline");
  useEffect(() => { state.setTheme = setTheme; }, []);
  const hostContext = useMemo(() => ({
    theme,
    displayMode: mode,
    availableDisplayModes: full ? ["inline", "fullscreen"] : ["inline"],
    platform: "web",
    locale: "en-US",
  }), [theme, mode]);
  // AppRenderer rebuilds its bridge when hostCapabilities changes identity: made once.
  const hostCapabilities = useMemo(() => {
    if (!full) return undefined; // AppRenderer's own default
    const caps = client.getServerCapabilities() || {};
    return { openLinks: {}, downloadFile: {}, logging: {}, serverTools: caps.tools, serverResources: caps.resources };
  }, [client]);
  const onFallbackRequest = async (request) => {
    state.fallback.push(request.method);
    if (full && request.method === "ui/download-file") {
      state.downloads.push(request.params);
      return {};
    }
    if (full && request.method === "ui/request-display-mode") {
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
        toolName={show.tool}
        sandbox={SANDBOX}
        toolInput={show.args}
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

async function connect(server) {
  if (!clients.has(server)) {
    const client = new Client(HOST_INFO, { capabilities: { extensions: UI_EXTENSION_CAPABILITIES } });
    clients.set(server, client.connect(new StreamableHTTPClientTransport(new URL(`/mcp/${server}`, location.href))).then(() => client));
  }
  return clients.get(server);
}

const root = createRoot(document.getElementById("root"));

// Show one tool's app: {server, tool, args, theme, caps}. The previous app is torn down.
window.__harnessShow = async (show) => {
  shown += 1;
  state = window.__harness = {
    shown, phase: "connecting", serverCapabilities: null, result: null,
    sizes: [], links: [], messages: [], downloads: [], modes: [], logs: [], fallback: [], errors: [],
    setTheme: () => {},
  };
  root.render(null);
  try {
    const client = await connect(show.server);
    state.serverCapabilities = client.getServerCapabilities();
    state.phase = "calling";
    const result = await client.callTool({ name: show.tool, arguments: show.args || {} });
    state.result = result;
    state.phase = "rendering";
    root.render(<Host key={shown} client={client} show={show} result={result} />);
  } catch (error) {
    state.phase = "failed";
    state.errors.push(String(error && error.stack || error));
  }
};
window.__harnessReady = true;
