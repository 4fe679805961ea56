// The preview host: a small MCP Apps host of our own, in plain JS (no framework, no eval,
// no innerHTML: DOM nodes and textContent only). It speaks the host side of the MCP Apps
// postMessage protocol with the app in the sandboxed iframe, and forwards what needs MCP to
// the preview server (/api/*), which talks to the compile-ui proxy with the official client.
//   host.js     protocol, tools, widgets, deep links (?tool=…&args=…: input given, run on request)
//   context.js  host-context controls: theme, locale, time zone, platform, display mode, size
//   debug.js    the Problems panel (what agent.js reports from inside the app), saving a session
"use strict";

const $ = (id) => document.getElementById(id);
const frame = $("app");
const MAX_MESSAGES = 2000;
const state = {
  tool: null, widget: null, tools: [], messages: [], deepArgs: null, lastArgs: null,
  theme: "light", locale: "", timeZone: "", platform: "web", displayMode: "inline", width: 640, container: "", height: 400, asked: 0,
  offers: { downloads: true, links: true, fullscreen: true },
};

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
  state.messages.push({ direction, message });
  if (state.messages.length > MAX_MESSAGES) state.messages.shift();
  const params = message.params || {};
  const label = (message.method || (message.error ? "error" : "result")) + (message.method === "tools/call" ? " " + params.name : "");
  const item = el("li", {}, el("span", { class: "dir" }, direction), label + ("id" in message ? ` #${message.id}` : ""));
  const details = el("details", {}, el("summary", {}, "JSON"), el("pre", {}, JSON.stringify(message, null, 1)));
  item.append(details);
  $("log").prepend(item);
}

function post(message) {
  log("host→app", message);
  frame.contentWindow.postMessage(message, "*");
}

function notify(method, params) { post({ jsonrpc: "2.0", method, params }); }
function reply(id, result) { post({ jsonrpc: "2.0", id, result }); }
function fail(id, code, message) { post({ jsonrpc: "2.0", id, error: { code, message } }); }

const requests = {
  "ui/initialize": (params) => ({
    protocolVersion: params.protocolVersion || "2026-01-26",
    hostInfo: { name: "compile-ui preview", version: "1" },
    hostCapabilities: hostCapabilities(), // context.js: what the host offers
    hostContext: hostContext(),
  }),
  "tools/call": async (params) => {
    const answer = await api("/api/call", params);
    if (state.tool && params.name === state.tool.name) { state.lastArgs = params.arguments || {}; updateLink(); }
    if (answer.error) throw answer.error;
    return answer.result;
  },
  "resources/read": async (params) => {
    const answer = await api("/api/read", params);
    if (answer.error) throw answer.error;
    return answer.result;
  },
  "ui/open-link": (params) => {
    if (!state.offers.links) throw { code: -32601, message: "Method not found: ui/open-link (links are off)" };
    if (/^https?:\/\//i.test(params.url || "")) window.open(params.url, "_blank", "noopener,noreferrer");
    return {};
  },
  "ui/download-file": (params) => {
    if (!state.offers.downloads) throw { code: -32601, message: "Method not found: ui/download-file (downloads are off)" };
    const contents = Array.isArray(params.contents) ? params.contents : [];
    for (const item of contents) save(item);
    return contents.length ? {} : { isError: true };
  },
  "ui/message": () => ({}),
  "ui/update-model-context": () => ({}),
  "ui/request-display-mode": (params) => ({ mode: requestDisplayMode(params.mode) }), // context.js
  ping: () => ({}),
};

// One item of ui/download-file saved by the browser: an embedded resource's text or base64 blob,
// named after its URI's last segment; a resource link (http(s) only) opens in a new tab.
function save(item) {
  const res = item && item.type === "resource" ? item.resource || {} : null;
  if (!res) {
    if (item && /^https?:\/\//i.test(item.uri || "")) window.open(item.uri, "_blank", "noopener,noreferrer");
    return;
  }
  const body = typeof res.text === "string" ? res.text : Uint8Array.from(atob(res.blob || ""), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([body], { type: res.mimeType || "application/octet-stream" }));
  const link = el("a", { href: url, download: String(res.uri || "download").split("/").filter(Boolean).pop() || "download" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

const notifications = {
  "ui/notifications/initialized": () => { if (state.deepArgs) offerDeepLink(); },
  "ui/notifications/size-changed": (params) => {
    if (typeof params.height === "number") { state.asked = params.height; fitFrame(); } // context.js
  },
};

window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow) return; // only the app we host
  const message = event.data;
  if (message && typeof message === "object" && "compile-ui/debug" in message) return problem(message["compile-ui/debug"]);
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

// A deep link's arguments go to the app as the tool's input; the tool itself runs only when the
// user says so (Run in the app, or the button here): a link from any website can open this page,
// and opening a link must never act on the user's behalf.
function offerDeepLink() {
  state.linkArgs = state.deepArgs;
  state.deepArgs = null;
  notify("ui/notifications/tool-input", { arguments: state.linkArgs });
  $("link-args").textContent = state.tool.name + " " + JSON.stringify(state.linkArgs);
  $("link-run").hidden = false;
}

async function runLinked() {
  $("link-run").hidden = true;
  const args = state.linkArgs;
  const answer = await api("/api/call", { name: state.tool.name, arguments: args });
  if (answer.error) return problem({ kind: "call", text: state.tool.name + ": " + answer.error.message });
  state.lastArgs = args;
  updateLink();
  notify("ui/notifications/tool-result", answer.result);
}

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
    $("spec").textContent = "This tool brings its own app (" + widgets(tool).join(", ") + "); compile-ui passes it through.";
    return;
  }
  const info = await api("/api/inspect/" + encodeURIComponent(tool.name));
  $("spec").textContent = JSON.stringify({ layout: info.layout, spec: info.spec, sources: info.sources, reasons: info.reasons }, null, 1);
  if (info.tree) $("tree").append(treeNode(info.tree));
}

// The ui:// widgets a tool lists: _meta.ui.resourceUri, then _meta.ui.resourceUris (outside the
// spec, but used), without repeats. compile-ui serves exactly ui://compile-ui/<tool>; others are the server's.
function widgets(tool) {
  const meta = tool._meta || {};
  const ui = meta.ui || {};
  const listed = [ui.resourceUri || meta["ui/resourceUri"], ...(Array.isArray(ui.resourceUris) ? ui.resourceUris : [])];
  return [...new Set(listed.filter((u) => typeof u === "string" && u.startsWith("ui://")))];
}

function ownApp(tool) {
  const list = widgets(tool);
  return list.length > 0 && !(list.length === 1 && list[0] === "ui://compile-ui/" + encodeURIComponent(tool.name));
}

function showWidgetChoice(tool) {
  const list = widgets(tool);
  $("widget").replaceChildren(...list.map((uri) => el("option", { value: uri }, uri)));
  $("widget-choice").hidden = list.length < 2;
}

function load(widget) {
  state.widget = widget || null;
  state.linkArgs = null;
  $("link-run").hidden = true;
  clearProblems();
  $("log").replaceChildren();
  state.asked = 0;
  fitFrame(); // context.js
  frame.src = "/app/" + encodeURIComponent(state.tool.name) + (widget ? "?uri=" + encodeURIComponent(widget) : "");
}

// `widget`: one of the tool's widgets other than its first (a deep link's), loaded at once: one
// navigation of the frame, never two racing their handshakes.
function select(tool, widget) {
  state.tool = tool;
  state.lastArgs = null;
  document.querySelectorAll("#tools button").forEach((b) => b.setAttribute("aria-current", String(b.dataset.tool === tool.name)));
  $("title").textContent = tool.title || tool.name;
  showWidgetChoice(tool);
  if (widget) $("widget").value = widget;
  load(widget || null);
  updateLink();
  showDetails(tool);
}

// The address bar always holds a deep link to what is shown: the tool, the last arguments it
// ran with, and the host context where it differs from the defaults.
function updateLink() {
  const q = new URLSearchParams();
  if (state.tool) q.set("tool", state.tool.name);
  if (state.widget) q.set("widget", state.widget);
  const args = state.lastArgs || state.deepArgs || state.linkArgs; // a link's args stay until run or left
  if (args) q.set("args", JSON.stringify(args));
  for (const [key, value] of Object.entries(contextParams())) q.set(key, value); // context.js
  const url = location.pathname + "?" + q.toString();
  history.replaceState(null, "", url);
  $("deeplink").href = url;
}

function readDeepLink() {
  const q = new URLSearchParams(location.search);
  const problems = applyContextParams(q); // context.js
  if (q.has("args")) {
    try {
      const args = JSON.parse(q.get("args"));
      if (args && typeof args === "object" && !Array.isArray(args)) state.deepArgs = args;
      else problems.push("the link's args are not a JSON object");
    } catch (error) {
      problems.push("the link's args are not JSON: " + error.message);
    }
  }
  return { tool: q.get("tool"), widget: q.get("widget"), problems };
}

async function start() {
  const wanted = readDeepLink();
  const listing = await api("/api/tools");
  state.tools = listing.tools;
  $("server").textContent = (listing.server.name || "") + " " + (listing.server.version || "");
  for (const tool of listing.tools) {
    const button = el("button", { type: "button", "data-tool": tool.name }, tool.title || tool.name);
    if (ownApp(tool)) button.append(el("span", { class: "badge" }, widgets(tool).length > 1 ? widgets(tool).length + " widgets" : "own app"));
    button.addEventListener("click", () => select(tool));
    $("tools").append(el("li", {}, button));
  }
  const linked = listing.tools.find((t) => t.name === wanted.tool);
  if (wanted.tool && !linked) wanted.problems.push("no tool named " + JSON.stringify(wanted.tool));
  const first = linked || listing.tools[0];
  if (!linked) state.deepArgs = null;
  const other = first && wanted.widget && widgets(first).includes(wanted.widget) && wanted.widget !== widgets(first)[0];
  if (first) select(first, other ? wanted.widget : null);
  for (const text of wanted.problems) problem({ kind: "link", text }); // after select(), which clears the panel
}

$("link-run-button").addEventListener("click", runLinked);

$("widget").addEventListener("change", (e) => {
  load(e.target.value === widgets(state.tool)[0] ? null : e.target.value);
  updateLink();
});

$("refine").addEventListener("submit", async (e) => {
  e.preventDefault();
  const feedback = $("feedback").value.trim();
  if (!feedback || !state.tool) return;
  $("refine-status").textContent = "Sending…";
  const answer = await api("/api/refine", { tool: state.tool.name, feedback });
  $("refine-status").textContent = answer.text;
  select(state.tool);
});

document.addEventListener("DOMContentLoaded", start);
