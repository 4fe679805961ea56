// Host-context controls: what the preview tells the app about its host (hostContext), changed
// live with ui/notifications/host-context-changed (only the changed keys, as the spec says).
// The container's height (containerDimensions): none (the frame is as tall as the app asks), a
// fixed height (the frame is that tall), or a maximum (the frame follows the app up to it): a
// server author sees the page fit, and scroll inside, a host that bounds it.
// Display modes: inline, fullscreen and picture-in-picture, chosen here or requested by the app
// (ui/request-display-mode, answered with the mode now in effect).
// What the host offers (downloads: hostCapabilities.downloadFile, links: openLinks, fullscreen: in
// availableDisplayModes) is declared once, at ui/initialize: turning one off or on reloads the
// app, so a server author sees the page in a host with and without each.
"use strict";

const ALL_MODES = ["inline", "fullscreen", "pip"];
const OFFERS = ["downloads", "links", "fullscreen"];
const modes = () => ALL_MODES.filter((m) => m !== "fullscreen" || state.offers.fullscreen);
const CONTROLS = ["theme", "locale", "timeZone", "platform", "displayMode", "width", "container", "height"];
const DEFAULTS = { theme: "light", locale: "", timeZone: "", platform: "web", displayMode: "inline", width: 640, container: "", height: 400 };
const CONTAINERS = ["", "height", "maxHeight"];

// { width } and, when the container is bounded, its height or maxHeight.
function dimensions() {
  return state.container ? { width: state.width, [state.container]: state.height } : { width: state.width };
}

// The frame inline: the fixed height, else the height the app last asked for (320 px until it
// asks), at most the maximum. Fullscreen and picture-in-picture size it themselves (host.css).
function fitFrame() {
  const asked = state.container === "height" ? state.height : Math.ceil(state.asked || 320);
  frame.style.height = (state.container === "maxHeight" ? Math.min(asked, state.height) : asked) + "px";
}

function hostContext() {
  return {
    theme: state.theme,
    displayMode: state.displayMode,
    availableDisplayModes: modes(),
    containerDimensions: dimensions(),
    locale: state.locale || navigator.language,
    timeZone: state.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: state.platform,
    toolInfo: state.tool ? { tool: state.tool } : undefined,
  };
}

// What a key of the controls changes in the host context.
function contextChange(key) {
  if (key === "width" || key === "container" || key === "height") return { containerDimensions: dimensions() };
  const context = hostContext();
  return { [key]: context[key] };
}

function changeContext(partial) {
  if (frame.contentWindow && state.tool) notify("ui/notifications/host-context-changed", partial);
}

function applyLocally(key) {
  if (key === "theme") document.documentElement.dataset.theme = state.theme;
  if (key === "width") frame.style.width = state.width + "px";
  if (key === "container" || key === "height") fitFrame();
  if (key === "displayMode") {
    $("frame-wrap").dataset.mode = state.displayMode;
    $("exit-mode").hidden = state.displayMode === "inline";
  }
}

function setControl(key, raw) {
  const value = typeof DEFAULTS[key] === "number" ? Number(raw) || 0 : String(raw);
  if (key === "displayMode" && !modes().includes(value)) return false;
  if (key === "container" && !CONTAINERS.includes(value)) return false;
  state[key] = value;
  $(key).value = String(value);
  applyLocally(key);
  return true;
}

function controlChanged(key, raw) {
  if (!setControl(key, raw)) return;
  changeContext(contextChange(key));
  updateLink();
}

// ui/request-display-mode: switch when the mode is one we offer; the answer is the mode in
// effect. The change notification goes out after the answer (a zero-delay task).
function requestDisplayMode(mode) {
  if (modes().includes(mode) && mode !== state.displayMode) {
    setControl("displayMode", mode);
    setTimeout(() => { changeContext({ displayMode: mode }); updateLink(); }, 0);
  }
  return state.displayMode;
}

// The host capabilities declared at ui/initialize (host.js), as offered.
function hostCapabilities() {
  const caps = { serverTools: {}, serverResources: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} } };
  if (state.offers.links) caps.openLinks = {};
  if (state.offers.downloads) caps.downloadFile = {};
  return caps;
}

function setOffer(key, on) {
  state.offers[key] = on;
  $(key).checked = on;
  $("displayMode").querySelector("[value=fullscreen]").disabled = !state.offers.fullscreen;
  if (key === "fullscreen" && !on && state.displayMode === "fullscreen") setControl("displayMode", "inline");
}

function offerChanged(key, on) {
  setOffer(key, on);
  updateLink();
  if (state.tool) load(state.widget); // host.js: the app reads capabilities at initialize
}

// Deep links carry the context where it differs from the defaults (an offer turned off: key=0).
function contextParams() {
  const out = {};
  for (const key of CONTROLS) if (state[key] !== DEFAULTS[key]) out[key] = String(state[key]);
  for (const key of OFFERS) if (!state.offers[key]) out[key] = "0";
  return out;
}

function applyContextParams(query) {
  const problems = [];
  for (const key of OFFERS) if (query.has(key)) setOffer(key, query.get(key) !== "0");
  for (const key of CONTROLS) {
    if (query.has(key) && !setControl(key, query.get(key))) problems.push("unknown " + key + " " + JSON.stringify(query.get(key)));
  }
  return problems;
}

for (const key of CONTROLS) $(key).addEventListener("change", (e) => controlChanged(key, e.target.value));
for (const key of OFFERS) $(key).addEventListener("change", (e) => offerChanged(key, e.target.checked));
$("context").addEventListener("submit", (e) => e.preventDefault());
$("exit-mode").addEventListener("click", () => controlChanged("displayMode", "inline"));
