// The preview host: a small MCP Apps host of our own, in plain JS (no framework, no eval,
// no innerHTML: DOM nodes and textContent only). It speaks the host side of the MCP Apps
// postMessage protocol with the app in the sandboxed iframe, and forwards what needs MCP to
// the preview server (/api/*), which talks to the compile-ui proxy with the official client.
"use strict";

const $ = (id) => document.getElementById(id);
const frame = $("app");
const state = { tool: null, theme: "light", width: 640, nextLog: 0 };

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : String(c));
  return node;
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    // x-compile-ui: the header only this page sends; the server refuses API calls without it
    method: "POST", headers: { "content-type": "application/json", "x-compile-ui": "1" }, body: JSON.stringify(body),
  });
  return response.json();
}

function log(direction, message) {
  const params = message.params || {};
  const label = (message.method || (message.error ? "error" : "result")) + (message.method === "tools/call" ? " " + params.name : "");
  const item = el("li", {}, el("span", { class: "dir" }, direction), label + ("id" in message ? ` #${message.id}` : ""));
  const details = el("details", {}, el("summary", {}, "JSON"), el("pre", {}, JSON.stringify(message, null, 1)));
  item.append(details);
  $("log").prepend(item);
}

function hostContext() {
  return {
    theme: state.theme,
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    containerDimensions: { width: state.width, maxHeight: 4000 },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: "web",
    toolInfo: state.tool ? { tool: state.tool } : undefined,
  };
}

function post(message) {
  log("host→app", message);
  frame.contentWindow.postMessage(message, "*");
}

function reply(id, result) { post({ jsonrpc: "2.0", id, result }); }
function fail(id, code, message) { post({ jsonrpc: "2.0", id, error: { code, message } }); }

const requests = {
  "ui/initialize": (params) => ({
    protocolVersion: params.protocolVersion || "2026-01-26",
    hostInfo: { name: "compile-ui preview", version: "1" },
    hostCapabilities: { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} } },
    hostContext: hostContext(),
  }),
  "tools/call": async (params) => {
    const answer = await api("/api/call", params);
    if (answer.error) throw answer.error;
    return answer.result;
  },
  "resources/read": async (params) => {
    const answer = await api("/api/read", params);
    if (answer.error) throw answer.error;
    return answer.result;
  },
  "ui/open-link": (params) => {
    if (/^https?:\/\//i.test(params.url || "")) window.open(params.url, "_blank", "noopener,noreferrer");
    return {};
  },
  "ui/message": () => ({}),
  "ui/update-model-context": () => ({}),
  "ui/request-display-mode": () => ({ mode: "inline" }),
  ping: () => ({}),
};

const notifications = {
  "ui/notifications/size-changed": (params) => {
    if (typeof params.height === "number") frame.style.height = Math.ceil(params.height) + "px";
  },
};

window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow) return; // only the app we host
  const message = event.data;
  if (!message || message.jsonrpc !== "2.0") return;
  log("app→host", message);
  if (!("method" in message)) return;
  if (!("id" in message)) {
    (notifications[message.method] || (() => {}))(message.params || {});
    return;
  }
  const handler = requests[message.method];
  if (!handler) return fail(message.id, -32601, "Method not found: " + message.method);
  try {
    reply(message.id, await handler(message.params || {}));
  } catch (error) {
    fail(message.id, error.code || -32603, error.message || String(error));
  }
});

function treeNode(node) {
  const props = node.props || {};
  const label = props.bind !== undefined ? props.bind || "/" : props.title || props.toolName || "";
  const head = el("summary", {}, node.type + " ", el("span", { class: "id" }, label));
  const box = el("details", node.type === "App" || node.type === "Form" ? { open: "" } : {}, head);
  box.append(el("pre", {}, JSON.stringify(props, null, 1)));
  for (const child of node.children || []) box.append(treeNode(child));
  return box;
}

async function showDetails(tool) {
  $("spec").textContent = "";
  $("tree").replaceChildren();
  const own = ownApp(tool);
  $("refine").hidden = Boolean(own);
  if (own) {
    $("spec").textContent = "This tool brings its own app (" + tool._meta.ui.resourceUri + "); compile-ui passes it through.";
    return;
  }
  const info = await api("/api/inspect/" + encodeURIComponent(tool.name));
  $("spec").textContent = JSON.stringify({ layout: info.layout, spec: info.spec, sources: info.sources, reasons: info.reasons }, null, 1);
  if (info.tree) $("tree").append(treeNode(info.tree));
}

// compile-ui serves exactly ui://compile-ui/<tool>; any other resourceUri is the server's own app.
function ownApp(tool) {
  const uri = ((tool._meta || {}).ui || {}).resourceUri;
  return Boolean(uri) && uri !== "ui://compile-ui/" + encodeURIComponent(tool.name);
}

function select(tool, button) {
  state.tool = tool;
  document.querySelectorAll("#tools button").forEach((b) => b.setAttribute("aria-current", String(b === button)));
  $("title").textContent = tool.title || tool.name;
  $("log").replaceChildren();
  frame.style.height = "320px";
  frame.src = "/app/" + encodeURIComponent(tool.name);
  showDetails(tool);
}

async function start() {
  const listing = await api("/api/tools");
  $("server").textContent = (listing.server.name || "") + " " + (listing.server.version || "");
  for (const tool of listing.tools) {
    const button = el("button", { type: "button", "data-tool": tool.name }, tool.title || tool.name);
    if (ownApp(tool)) button.append(el("span", { class: "badge" }, "own app"));
    button.addEventListener("click", () => select(tool, button));
    $("tools").append(el("li", {}, button));
  }
  const first = document.querySelector("#tools button");
  if (first) first.click();
}

function changeContext(partial) {
  if (frame.contentWindow && state.tool) post({ jsonrpc: "2.0", method: "ui/notifications/host-context-changed", params: partial });
}

$("theme").addEventListener("change", (e) => {
  state.theme = e.target.value;
  document.documentElement.dataset.theme = state.theme;
  changeContext({ theme: state.theme });
});

$("width").addEventListener("change", (e) => {
  state.width = Number(e.target.value);
  frame.style.width = state.width + "px";
  changeContext({ containerDimensions: { width: state.width, maxHeight: 4000 } });
});

$("refine").addEventListener("submit", async (e) => {
  e.preventDefault();
  const feedback = $("feedback").value.trim();
  if (!feedback || !state.tool) return;
  $("refine-status").textContent = "Sending…";
  const answer = await api("/api/refine", { tool: state.tool.name, feedback });
  $("refine-status").textContent = answer.text;
  const current = document.querySelector('#tools button[aria-current="true"]');
  if (current) select(state.tool, current);
});

start();
