// A minimal MCP Apps host for tests, built on the official AppBridge (bundled by tests/harness/apphost.py
// with esbuild into tests/host/dist/host.js). Python drives it through window.__host.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

const state = {
  initialized: false,
  t0: 0,
  initMs: null,
  calls: [],
  sizes: [],
  logs: [],
  messages: [],
  contexts: [],
  links: [],
  downloads: [],
  modeRequests: [],
  bridge: null,
};
window.__host = state;

// The host capabilities declared when a test names none (ui/initialize's hostCapabilities).
// serverResources too, unless opts.reads === false (a tools-only host).
const CAPABILITIES = { openLinks: {}, serverTools: {}, logging: {} };

// Load `html` into a fresh sandboxed iframe; the bridge is connected BEFORE srcdoc is set
// (the transport checks the message source window, which survives the navigation).
// opts: width, height, hostContext, hostCapabilities (replace CAPABILITIES), messageResult (what
// ui/message answers; {} when absent), modules (uri → resources/read result: what "the server"
// answers a read with), reads (false: no serverResources, no reads), readDelayMs (each read
// answered that much later: a slow host), resultOnInit (a tool result sent on initialized).
state.load = async function (html, opts) {
  opts = opts || {};
  // A second load replaces the app: a fresh iframe, bridge and record.
  const old = document.getElementById("app");
  if (old) { state.bridge.close?.(); old.remove(); }
  Object.assign(state, { initialized: false, initMs: null, reads: [], calls: [], sizes: [], logs: [], messages: [], contexts: [], links: [], downloads: [], modeRequests: [], cancelledCalls: [], progressPlan: null });
  const frame = document.createElement("iframe");
  frame.id = "app";
  frame.setAttribute("sandbox", "allow-scripts allow-forms");
  frame.style.width = (opts.width || 640) + "px";
  frame.style.height = (opts.height || 600) + "px";
  frame.style.border = "0";
  document.body.appendChild(frame);
  const caps = { ...(opts.hostCapabilities || CAPABILITIES) };
  if (opts.reads === false) delete caps.serverResources;
  else caps.serverResources = caps.serverResources || {};
  const bridge = new AppBridge(
    null,
    { name: "compile-ui-test-host", version: "1.0.0" },
    caps,
    { hostContext: opts.hostContext || {} },
  );
  state.bridge = bridge;
  // resources/read, relayed to "the server" as a host does: here the map the test gave.
  if (opts.reads !== false) {
    bridge.onreadresource = async ({ uri }) => {
      state.reads.push(uri);
      if (opts.readDelayMs) await new Promise((ok) => setTimeout(ok, opts.readDelayMs));
      const found = (opts.modules || {})[uri];
      if (!found) throw new Error("Resource not found: " + uri);
      return found;
    };
  }
  bridge.oninitialized = () => {
    state.initialized = true;
    state.initMs = performance.now() - state.t0;
    // A result sent the moment the page is initialized, from here (bench/bench_page.py: no
    // driver round trip in what it times).
    if (opts.resultOnInit) bridge.sendToolResult(opts.resultOnInit);
  };
  bridge.onsizechange = (p) => state.sizes.push({ ...p, t: performance.now() });
  bridge.onloggingmessage = (p) => state.logs.push(p);
  bridge.onmessage = async (p) => { state.messages.push(p); return opts.messageResult || {}; };
  // ui/update-model-context: each replaces the last (the spec); the record keeps them all.
  bridge.onupdatemodelcontext = async (p) => { state.contexts.push(p); return {}; };
  bridge.onopenlink = async (p) => { state.links.push(p.url); return {}; };
  // ui/download-file: recorded (the contents, as sent). ui/request-display-mode: a mode the host
  // context lists as available is granted and announced (host-context-changed), as real hosts do.
  bridge.ondownloadfile = async (p) => { state.downloads.push(p); return {}; };
  let shown = { ...(opts.hostContext || {}) };
  bridge.onrequestdisplaymode = async ({ mode }) => {
    state.modeRequests.push(mode);
    if ((shown.availableDisplayModes || []).includes(mode)) { shown = { ...shown, displayMode: mode }; bridge.setHostContext(shown); }
    return { mode: shown.displayMode || "inline" };
  };
  bridge.oncalltool = async (params, extra) => {
    state.calls.push(params);
    // A progress plan (set by the test): progress notifications for the call's token, then the
    // call waits until the page cancels it (recorded) or the test releases it.
    const plan = state.progressPlan;
    if (plan) {
      state.progressPlan = null;
      const token = params._meta?.progressToken;
      for (const step of plan.steps) await extra.mcpReq.notify({ method: "notifications/progress", params: { progressToken: token, ...step } });
      await new Promise((resolve) => {
        extra.mcpReq.signal.addEventListener("abort", () => { state.cancelledCalls.push(String(extra.mcpReq.signal.reason ?? "")); resolve(); });
        state.release = resolve;
      });
      return { content: [{ type: "text", text: "done" }] };
    }
    // Calls that may overlap (a page's long poll while its run waits): started, then polled, so
    // no Python callback blocks Playwright's dispatcher.
    if (typeof window.__startCallTool === "function") {
      const key = await window.__startCallTool(params.name, params.arguments ?? {}, params._meta ?? null);
      for (;;) {
        const done = await window.__pollCallTool(key);
        if (done) { if (done.error) throw new Error(done.error); return done.result; }
        await new Promise((ok) => setTimeout(ok, 25));
      }
    }
    if (typeof window.__onCallTool === "function") {
      return await window.__onCallTool(params.name, params.arguments ?? {});
    }
    return { content: [{ type: "text", text: "ok" }] };
  };
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  state.t0 = performance.now();
  frame.srcdoc = html;
};

state.toolInput = (args) => state.bridge.sendToolInput({ arguments: args });
state.toolInputPartial = (args) => state.bridge.sendToolInputPartial({ arguments: args });
state.toolResult = (result) => state.bridge.sendToolResult(result);
state.cancelled = (reason) => state.bridge.sendToolCancelled(reason == null ? {} : { reason });
state.teardown = () => state.bridge.teardownResource({});
state.setHostContext = (ctx) => state.bridge.setHostContext(ctx);
