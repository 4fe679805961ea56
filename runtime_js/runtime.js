/* compile-ui runtime: the MCP Apps protocol and the form. Hand-written, no dependencies.
   The server rendered the form, its fields and every layout node (compiler/render.py): this file
   hydrates them, and never builds one; views.js builds the views of a result.
   Every word a person reads is named M.<key>, M.<key>(values) with places: the build writes it in
   from compiler.messages.RUNTIME (runtime_js.words). M exists only in the sources.
   Never eval/Function/innerHTML: DOM nodes are built with el() and text is set with textContent.
   The page's one <script> is this file followed by the modules its form needs, in the order of
   runtime_js.MODULES: choices.js (checkboxes, selects, constants), fields.js (composite fields),
   layout.js (layout nodes), then what shows a result: views.js, matrix.js, typed.js, chart.js,
   host.js. Every page is self-contained: nothing is read later.
   Contract with them:
     el(tag, attrs, ...children)   global; "svg:" prefix makes an SVG element; attrs whose value
                                   is a function become listeners (onclick -> "click")
     CU                            global, this file's internals (see "for the modules" below);
                                   choices.js and fields.js add to CU.FIELDS; views.js sets
     CU.views.render(container, result, resultViewNode, ctx)   when it is absent or throws, the
                                   fallback below shows content blocks.
     ctx = {hostContext, caps (the host's capabilities), openLink(url), log(level, data)}
   The runtime itself always adds the raw JSON of a result under the view.
   ask.js (only on the ask page, runtime_js.ASK) builds on CU.NOTES (it takes over tool-input and
   tool-result), CU.hydrate(tree), CU.run (where the form's submit goes), CU.check, CU.collect,
   CU.unmark, CU.request (its tools/call). question.js sets CU.asks(tool) → {token, stop}: run()
   sends the token in the call's _meta and stops it when the call ends. */
"use strict";
/* exported el, elAdd, CU */

// The page's Content-Security-Policy (compiler/render.py writes it on this script, in data-csp:
// the sha256 of this script and of the page's one style): put first in <head> before anything
// after this script is parsed, so nothing but the runtime's own code runs, whatever the host
// builds. Only when this script is in the document's own <head>: a host that wraps the page in
// its own document (MCP Inspector writes it into its <body>, under a policy built from
// _meta.ui.csp) would get a <meta> the browser ignores there, with an error logged for it.
(function (s) {
  var p = s && s.getAttribute("data-csp");
  if (p && s.parentNode === document.head) document.head.prepend(el("meta", { "http-equiv": "Content-Security-Policy", content: p }));
})(document.currentScript);

function el(tag, attrs) {
  var svg = tag.indexOf("svg:") === 0;
  var n = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (var k in attrs || {}) {
    var v = attrs[k];
    if (v == null || v === false) continue;
    if (typeof v === "function") n.addEventListener(k.replace(/^on/, ""), v);
    else if (k === "style" && typeof v === "object") for (var s in v) n.style.setProperty(s, v[s]);
    // Data never becomes a handler attribute or a script URL.
    else if (!/^on/i.test(k) && !/^\s*(javascript|vbscript):/i.test(v)) n.setAttribute(k, v === true ? "" : String(v));
  }
  for (var i = 2; i < arguments.length; i++) elAdd(n, arguments[i]);
  return n;
}

function elAdd(n, c) {
  if (c == null || c === false) return;
  if (Array.isArray(c)) c.forEach((x) => { elAdd(n, x); });
  else n.appendChild(typeof c === "object" && c.nodeType ? c : document.createTextNode(String(c)));
}

var CU = (() => {
  var P = window.parent, doc = document, root = doc.documentElement;
  var UNSET = {}, nextId = 1, pending = {}, hostContext = {}, caps = {}, bad = [];

  /* ------------------------------------------------------------------ protocol */

  // A page opened on its own (no embedding host) sends nothing; its requests fail saying why.
  var HOSTED = P !== window, NO_HOST = M.noHost;
  function send(m) { if (HOSTED) { m.jsonrpc = "2.0"; P.postMessage(m, "*"); } }
  function notify(method, params) { send(params === undefined ? { method: method } : { method: method, params: params }); }
  function request(method, params) {
    if (!HOSTED) return Promise.reject({ message: NO_HOST });
    var id = nextId++;
    send({ id: id, method: method, params: params });
    return new Promise((ok, no) => { pending[id] = [ok, no]; });
  }

  var REQUESTS = {
    ping: () => ({}),
    "ui/resource-teardown": () => { torn = true; return {}; }
  };
  var NOTES = {
    "ui/notifications/tool-input": (p) => { prefill(p && p.arguments, false); },
    "ui/notifications/tool-input-partial": (p) => { prefill(p && p.arguments, true); },
    "ui/notifications/tool-result": (p) => { if (!emptyResult(p)) show(p); },
    "ui/notifications/tool-cancelled": (p) => {
      busy(false);
      resultStatus(p && typeof p.reason === "string" && p.reason ? M.cancelledBecause(p.reason) : M.cancelled);
    },
    "ui/notifications/host-context-changed": (p) => { applyContext(p); },
    // Progress of the page's own call, where the host relays it (see run()).
    "notifications/progress": (p) => { if (prog) prog(p || {}); }
  };
  // The script runs in <head> so ui/initialize leaves before the body is parsed; notifications
  // that arrive before the form is hydrated wait in the queue.
  var torn = false, ready = false, queue = [];

  addEventListener("message", (e) => {
    if (e.source !== P) return; // only the host that embeds us
    var m = e.data;
    if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") return;
    if (typeof m.method === "string") {
      if ("id" in m) answer(m);
      else if (NOTES[m.method]) ready ? NOTES[m.method](m.params) : queue.push(m);
    } else if ("id" in m && pending[m.id]) {
      var p = pending[m.id];
      delete pending[m.id];
      if ("error" in m) p[1](m.error); else p[0](m.result);
    }
  });

  var why = (e) => (e && e.message) || String(e);

  function answer(m) {
    var h = REQUESTS[m.method];
    if (h) send({ id: m.id, result: h(m.params) });
    else send({ id: m.id, error: { code: -32601, message: "Method not found: " + m.method } });
  }

  // The first paint waits for the host's theme and style variables (one render in the host's
  // look instead of a render in the fallback palette and another after the handshake), for
  // 300 ms at most: a silent host still gets the form. Without script the page shows at once.
  root.style.display = "none";
  var painted = false, paint = () => { if (!painted) { painted = true; root.style.removeProperty("display"); } };
  setTimeout(paint, 300);

  request("ui/initialize", {
    protocolVersion: "2026-01-26",
    appInfo: { name: "compile-ui", version: "0.1.0" },
    appCapabilities: {}
  }).then((r) => {
    caps = (r && r.hostCapabilities) || {};
    applyContext((r && r.hostContext) || {});
    paint();
    notify("ui/notifications/initialized");
    onReady(watchSize);
  }, (err) => {
    paint();
    onReady(() => resultStatus(HOSTED ? M.hostRefused(why(err)) : NO_HOST));
  });

  var ctx = {
    get hostContext() { return hostContext; },
    get caps() { return caps; },
    openLink: (url) => request("ui/open-link", { url: String(url) }),
    log: (level, data) => { notify("notifications/message", { level: level, data: data }); }
  };

  /* ------------------------------------------------------------------ host context, size */

  function applyContext(c) {
    var d;
    if (!c || typeof c !== "object") return;
    var relocale = "locale" in c && c.locale !== hostContext.locale;
    for (var k in c) hostContext[k] = c[k];
    if (c.theme === "light" || c.theme === "dark") { root.setAttribute("data-theme", c.theme); root.style.colorScheme = c.theme; }
    var vars = c.styles && c.styles.variables;
    for (var v in vars || {}) {
      if (/^--[\w-]+$/.test(v) && typeof vars[v] === "string") root.style.setProperty(v, vars[v]);
    }
    // A container of fixed height, or at most maxHeight: the page is no taller (its size reports
    // neither); what is longer scrolls inside the frame, the form above it reachable.
    // 1e6: no bound (a context with a width only); a value CSS refuses leaves the last one.
    if ((d = c.containerDimensions)) root.style.maxHeight = (d.height || d.maxHeight || 1e6) + "px";
    if ("safeAreaInsets" in c) insets(c.safeAreaInsets);
    pointer(hostContext.deviceCapabilities);
    if (relocale) reformat();
  }

  // The host's safe area (a notch, a home bar, its own overlays) pads the page: --cu-inset-<side>
  // (runtime.css); a side that is not a number from 0 to 1000 px is 0.
  function insets(s) {
    ["top", "right", "bottom", "left"].forEach((k) => {
      var n = s && s[k];
      root.style.setProperty("--cu-inset-" + k, (typeof n === "number" && n > 0 && n <= 1e3 ? n : 0) + "px");
    });
  }

  // Touch and hover: the host's word (deviceCapabilities), else the device's primary pointer.
  // data-touch: every control at least 44 px; data-no-hover: nothing depends on hovering (runtime.css).
  function pointer(d) {
    var q = (k, m) => d && typeof d[k] === "boolean" ? d[k] : matchMedia(m).matches;
    root.toggleAttribute("data-touch", q("touch", "(pointer:coarse)"));
    root.toggleAttribute("data-no-hover", !q("hover", "(hover)"));
  }
  pointer();

  // The locale changes how the views format numbers and dates (views.js reads hostContext.locale),
  // never the data: on a new locale the result shown is formatted again from the same result (its
  // views only; the raw JSON and "Send to chat" stay). hostContext.timeZone changes nothing shown:
  // a time is data, shown in its own zone (views.js date()), and no text on the page is relative
  // to "now" (a run's elapsed seconds have no zone).
  function reformat() {
    var box = last && U.views && resultEl && own(own(resultEl, ".result-body"), ".view"), fresh = el("div", { class: "view" });
    if (!box || last.isError) return;
    try { U.views.render(fresh, last, resultNode, ctx); box.replaceWith(fresh); } catch (e) { ctx.log("error", "result view failed: " + e); }
  }

  // As the official SDK: once per animation frame, content height measured with <html> at
  // max-content, sent only when width or height changed. Never 100vh (it would grow forever).
  function watchSize() {
    var queued = false, lastW = 0, lastH = 0;
    function measure() {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        var old = root.style.height;
        root.style.height = "max-content";
        var h = Math.ceil(root.getBoundingClientRect().height);
        root.style.height = old;
        var w = Math.ceil(innerWidth);
        if (w !== lastW || h !== lastH) { lastW = w; lastH = h; notify("ui/notifications/size-changed", { width: w, height: h }); }
      });
    }
    measure();
    var ro = new ResizeObserver(measure);
    ro.observe(root);
    ro.observe(doc.body);
  }

  /* ------------------------------------------------------------------ the tree */

  var data, formNode, resultNode, form, resultEl, submitBtn, formStatus, top = null, whole = null;
  // Never synchronously: the modules after this file must have run before hydrate().
  function onReady(f) { if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", f); else queueMicrotask(f); }

  function findNode(n, type) {
    if (n.type === type) return n;
    for (var i = 0; i < (n.children || []).length; i++) { var f = findNode(n.children[i], type); if (f) return f; }
    return null;
  }
  // The fields among nodes, looking through every other node (a section, a card, …).
  function fieldsOf(nodes) {
    var out = [];
    (nodes || []).forEach((n) => { out = out.concat(FIELDS[n.type] ? n : fieldsOf(n.children)); });
    return out;
  }
  function byDataId(scope, id) {
    if (scope.getAttribute("data-id") === id) return scope;
    var all = scope.querySelectorAll("[data-id]");
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute("data-id") === id) return all[i];
    return null;
  }
  // JSON Pointer (RFC 6901): the runtime's one unescape (a token → its key) and escape (a key →
  // its one-token pointer).
  var tok = (t) => t.replace(/~1/g, "/").replace(/~0/g, "~");
  var esc = (k) => "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
  function keyOf(node) { var b = node.props.bind || ""; return tok(b.slice(b.lastIndexOf("/") + 1)); }
  function own(w, sel) { return w.querySelector(":scope > " + sel); }
  // Own enumerable property, even for a key like "__proto__".
  function put(o, k, v) { Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true }); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function isObj(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  /* ------------------------------------------------------------------ fields */

  function fail(c, msg, target) {
    var e = own(c.w, ".err") || c.w.querySelector(".err");
    if (e) e.textContent = msg;
    var t = target || c.ctl || c.w.querySelector("input,select,textarea,button");
    if (t) { t.setAttribute("aria-invalid", "true"); bad.push(t); }
    return UNSET;
  }

  // state: 0 untouched (static default), 1 set by the host, 2 edited by the user, 3 null
  function base(node, w) {
    var c = { node: node, w: w, p: node.props, key: keyOf(node), st: 0 };
    var mark = () => { c.st = 2; };
    w.addEventListener("input", mark);
    w.addEventListener("change", mark);
    return c;
  }

  function bind(node, scope) {
    var w = byDataId(scope, node.id);
    if (!w) throw new Error("no element for " + node.id);
    var c = withNull((FIELDS[node.type] || jsonField)(node, w));
    // Composites start from their default; simple controls already hold it in the HTML.
    if (c.p.default !== undefined && /^(Object|Array|Tuple|Map|Union|MultiSelect)Field$/.test(node.type)) { c.set(c.p.default); c.st = 0; }
    return c;
  }

  // Fields that cannot show null by being empty carry an explicit "null" checkbox.
  function withNull(c) {
    var box = c.w.querySelector(":scope > .nul input, :scope > .check > .nul input");
    if (!box) return c;
    var get = c.get, set = c.set, clear = c.clear;
    var sync = () => { c.w.classList.toggle("is-null", box.checked); };
    box.addEventListener("change", sync);
    c.get = () => box.checked ? null : get();
    c.set = (v) => { box.checked = v === null; sync(); if (v !== null) set(v); };
    c.clear = () => { box.checked = false; sync(); clear(); };
    return c;
  }

  // Text-like fields: empty means omitted, or null when nullable and cleared on purpose.
  function scalar(node, w, read, write, parse, keepsEmpty) {
    var c = base(node, w), p = c.p;
    c.ctl = w.querySelector(".ctl");
    c.set = (v) => {
      if (v === null) { write(UNSET); c.st = 3; } else { write(v); c.st = 1; }
    };
    c.clear = () => { write(UNSET); c.st = 0; }; // write(UNSET) empties the control
    c.get = () => {
      var raw = read();
      if (raw === "" || raw == null) {
        if (c.st === 3) return null;
        if (keepsEmpty && c.st === 1) return ""; // the host sent an empty string
        if (p.nullable && (c.st === 2 || p.required)) return null;
        return p.required ? fail(c, M.required) : UNSET;
      }
      return parse(raw, c);
    };
    return c;
  }

  function textLike(node, w) {
    var ctl = w.querySelector(".ctl"), p = node.props;
    return scalar(node, w, () => ctl.value, (v) => { ctl.value = v === UNSET ? "" : typeof v === "string" ? v : JSON.stringify(v); },
      (s, c) => {
        var n = Array.from(s).length;
        if (p.minLength != null && n < p.minLength) return fail(c, M.atLeastChars(p.minLength));
        if (p.maxLength != null && n > p.maxLength) return fail(c, M.atMostChars(p.maxLength));
        if (p.pattern && !matches(p.pattern, s)) return fail(c, M.mustMatchPattern(p.pattern));
        if (p.format && FORMATS[p.format] && !FORMATS[p.format].test(s)) return fail(c, M.notValid(p.format));
        return s;
      }, true);
  }
  function matches(pattern, s) {
    try { return new RegExp(pattern, "u").test(s); } catch (e) { return true; } // a pattern JS cannot compile is not checked here
  }
  var FORMATS = {
    date: /^\d{4}-\d\d-\d\d$/,
    time: /^\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i,
    "date-time": /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i,
    email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
    uri: /^[a-z][\w+.-]*:\S+$/i,
    ipv4: /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.|$)){4}$/,
    ipv6: /^(?=.*:)[\da-f:]{2,39}(:\d+(\.\d+){3})?$/i,
    uuid: /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i
  };

  function numberField(node, w) {
    var ctl = w.querySelector(".ctl"), p = node.props, out = w.querySelector("output");
    // A slider cannot be empty: cleared (a host's tool input that omits it), it holds its default.
    var c = scalar(node, w, () => ctl.value.trim(), (v) => { ctl.value = v === UNSET ? (ctl.type === "range" ? ctl.defaultValue : "") : String(v); shown(); },
      (s, c) => {
        if (p.integer ? !/^[-+]?\d+$/.test(s) : !isFinite(Number(s))) return fail(c, p.integer ? M.enterWhole : M.enterNumber);
        var n = Number(s);
        if (p.minimum != null && n < p.minimum) return fail(c, M.atLeast(p.minimum));
        if (p.maximum != null && n > p.maximum) return fail(c, M.atMost(p.maximum));
        if (p.exclusiveMinimum != null && n <= p.exclusiveMinimum) return fail(c, M.moreThan(p.exclusiveMinimum));
        if (p.exclusiveMaximum != null && n >= p.exclusiveMaximum) return fail(c, M.lessThan(p.exclusiveMaximum));
        if (p.multipleOf && Math.abs(n / p.multipleOf - Math.round(n / p.multipleOf)) > 1e-9) return fail(c, M.multipleOf(p.multipleOf));
        return n;
      });
    function shown() { if (out) out.textContent = ctl.value; }
    ctl.addEventListener("input", shown);
    if (ctl.type === "range") { // a slider always holds a value: untouched means omitted unless required
      var get = c.get;
      c.get = () => c.st === 0 && !p.required && p.default === undefined ? UNSET : get();
    }
    shown();
    return c;
  }

  function jsonField(node, w) {
    var ctl = w.querySelector(".ctl");
    return scalar(node, w, () => ctl.value.trim(), (v) => { ctl.value = v === UNSET ? "" : JSON.stringify(v, null, 2); },
      (s, c) => {
        try { return JSON.parse(s); } catch (e) { return fail(c, M.notJson(e.message)); }
      });
  }

  // Objects: the fields of their properties; a MapField with rest=true holds the other keys.
  function group(node, w, required) {
    var c = base(node, w), p = node.props, kids = fieldsOf(node.children).map((n) => bind(n, w));
    var rest = kids.filter((k) => k.p.rest)[0];
    kids = kids.filter((k) => k !== rest);
    c.kids = kids;
    c.set = (v, partial) => {
      c.st = 1;
      if (!isObj(v)) v = {};
      var extra = {};
      for (var k in v) put(extra, k, v[k]);
      kids.forEach((k) => {
        if (has(v, k.key)) { k.set(v[k.key]); delete extra[k.key]; }
        else if (!partial) k.clear();
      });
      if (rest && (!partial || Object.keys(extra).length)) rest.set(extra);
    };
    c.clear = () => { kids.forEach((k) => { k.clear(); }); if (rest) rest.clear(); c.st = 0; };
    c.get = () => {
      if (c.st === 0 && !required && !p.required) return UNSET; // an optional object nobody touched
      var o = {};
      var more = rest ? rest.get() : UNSET;
      if (isObj(more)) for (var k in more) put(o, k, more[k]);
      kids.forEach((k) => { var v = k.get(); if (v !== UNSET) put(o, k.key, v); });
      return o;
    };
    return c;
  }
  function objectField(node, w) { return group(node, w, false); }

  // choices.js adds the choices (checkboxes, selects and radios, constants); fields.js the
  // composite kinds (lists, maps, tuples, unions, multi-selects, files).
  var FIELDS = {
    TextField: textLike, DateTimeField: textLike, NumberField: numberField, JsonField: jsonField, ObjectField: objectField
  };

  /* ------------------------------------------------------------------ the form */

  // The tree travels in #ui-tree; the ask page (no #ui-tree) hydrates again with the tree it fetched.
  function hydrate(tree) {
    var j = doc.getElementById("ui-tree");
    data = tree || (j ? JSON.parse(j.textContent) : {});
    formNode = findNode(data, "Form"); resultNode = findNode(data, "ResultView");
    form = formNode && doc.getElementById(formNode.id);
    resultEl = resultNode && doc.getElementById(resultNode.id);
    if (form) {
      var fields = fieldsOf(formNode.children);
      // A root that is not an object is one field bound to the whole arguments ("").
      if (fields.length === 1 && fields[0].props.bind === "") whole = bind(fields[0], form);
      else top = group(formNode, form, true);
      form.addEventListener("submit", (e) => { e.preventDefault(); U.run(); });
      submitBtn = form.querySelector("[data-action=submit]"); formStatus = own(form, ".actions > .status");
    }
    if (U.tabs) U.tabs(doc); // layout.js: shipped with any layout node, Tabs among them
    ready = true;
    queue.splice(0).forEach((m) => NOTES[m.method](m.params));
  }
  onReady(() => hydrate());

  function prefill(args, partial) {
    if (!form || !isObj(args)) return;
    if (whole) whole.set(args); else top.set(args, partial);
    if (partial) return;
    resultStatus(M.waiting, true);
    // Values the host sent must be visible: open the folded sections that hold one.
    form.querySelectorAll("details").forEach((d) => {
      if (Array.from(d.querySelectorAll(".ctl, .opt")).some((e) => e.type === "checkbox" || e.type === "radio" ? e.checked : e.value)) d.open = true;
    });
  }

  // Show a control hidden in a folded section or an unselected tab (to show its error).
  function reveal(e) {
    for (var n = e.parentElement; n; n = n.parentElement) {
      if (n.tagName === "DETAILS") n.open = true;
      if (n.showTab && n.hidden) n.showTab();
    }
  }

  // The form's values; the fields that failed are in `bad`, marked, their errors shown.
  function collect() {
    unmark();
    var v = whole ? whole.get() : top.get();
    return v === UNSET ? {} : v;
  }
  function unmark() {
    bad.length = 0;
    form.querySelectorAll(".err").forEach((e) => { e.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach((e) => { e.removeAttribute("aria-invalid"); });
  }

  // The values when all are valid; else UNSET, the first bad field shown and focused.
  function check() {
    var args = collect(), n = bad.length;
    formStatus.textContent = n ? (n > 1 ? M.checkFields(n) : M.checkField) : "";
    formStatus.className = n ? "status error" : "status";
    if (!n) return args;
    bad.forEach(reveal);
    bad[0].focus();
    return UNSET;
  }

  function run() {
    if (torn) return;
    var args = check();
    if (args === UNSET) return;
    busy(true);
    resultStatus(M.running, true);
    // The call carries a progress token (its own id): a bar follows the host's progress
    // notifications (indeterminate without a total), a counter shows the time elapsed, and
    // Cancel sends notifications/cancelled for the request and stops waiting for it.
    var id = nextId, t0 = Date.now(), bar = el("progress"), note = el("span"), time = el("span", { class: "muted" });
    var tick = setInterval(() => { time.textContent = M.seconds(Math.round((Date.now() - t0) / 1e3)); }, 1e3);
    // question.js: the upstream's questions about this call, asked here (its token in _meta).
    var asked = U.asks ? U.asks(formNode.props.toolName) : null, meta = { progressToken: id, "compile-ui/app": true };
    if (asked) meta["compile-ui/ask"] = asked.token;
    var end = () => { clearInterval(tick); prog = null; run.el.remove(); if (asked) asked.stop(); };
    prog = (p) => {
      if (p.progressToken !== id) return;
      if (p.total > 0) { bar.max = p.total; bar.value = p.progress; }
      note.textContent = p.message || "";
    };
    run.el = el("div", { class: "run" }, bar, note, time, el("button", { type: "button", class: "btn small", onclick: () => {
      delete pending[id]; end(); busy(false);
      notify("notifications/cancelled", { requestId: id, reason: M.cancelledByUser });
      resultStatus(M.cancelled);
    } }, M.cancel));
    if (resultEl) own(resultEl, ".status").after(run.el);
    // "compile-ui/app": the proxy can tell the runs the user started from the page.
    request("tools/call", { name: formNode.props.toolName, arguments: args, _meta: meta }).then((r) => { end(); show(r); told(args, r); }, (err) => {
      end(); busy(false);
      resultStatus(M.callFailed(why(err)) + (err && err.code != null ? " (" + err.code + ")" : ""), false, true);
      told(args, null, err);
    });
  }
  var prog = null;

  function busy(on) {
    if (submitBtn) { submitBtn.disabled = on; submitBtn.setAttribute("aria-busy", on); }
    if (resultEl) resultEl.setAttribute("aria-busy", on);
  }

  /* ------------------------------------------------------------------ the model hears of the run */

  // After a run from the form, the host's model gets a summary (ui/update-model-context; each
  // replaces the last) when the host declared updateModelContext: {tool, arguments, isError,
  // result | error}, as structuredContent if the host declared that modality, else as JSON text.
  // Bounded (docs/runtime.md): a value whose JSON is at most N = 2048 bytes goes whole, a larger
  // one as its shape and a preview, N bytes of JSON in all; the summary stays under 5 KiB.
  // With `message` declared, "Send to chat" posts one short line as the user (ui/message).
  var N = 2048, TE = new TextEncoder(), size = (v) => TE.encode(JSON.stringify(v)).length;
  // The longest prefix of s whose JSON takes at most n bytes (whole characters).
  function fit(s, n) {
    for (var i = 0, c; i < s.length && (n -= size(c = String.fromCodePoint(s.codePointAt(i))) - 2) >= 2; i += c.length);
    return s.slice(0, i);
  }
  function short(s, n) { var c = fit(s, n); return c === s ? s : c + "…"; }
  function brief(v) {
    var o = { type: Array.isArray(v) ? "array" : typeof v, bytes: size(v) }, k;
    if (o.bytes <= N) return v;
    if (Array.isArray(v)) o.rows = v.length;
    else if (isObj(v)) {
      o.keys = Object.keys(v).slice(0, 20).map((k) => fit(k, 40));
      // The largest array's rows: where a table's rows usually are.
      for (k in v) if (Array.isArray(v[k]) && v[k].length > (o.rows || 0)) { o.rows = v[k].length; o.rowsAt = fit(k, 40); }
    }
    o.preview = "";
    o.preview = fit(typeof v === "string" ? v : JSON.stringify(v), N - size(o));
    return o;
  }
  function told(args, r, err) {
    var tool = formNode.props.toolName, m = caps.updateModelContext, b, note;
    var said = r ? (Array.isArray(r.content) ? r.content : []).map((b) => b && b.text).join("\n") : why(err);
    var s = { tool: tool, arguments: brief(args), isError: !r || !!r.isError };
    if (r) s.result = brief(r.structuredContent !== undefined ? r.structuredContent : said); else s.error = short(said, 500);
    // A refused update changes nothing on the page.
    if (m) request("ui/update-model-context", m.structuredContent ? { structuredContent: s } : { content: [{ type: "text", text: JSON.stringify(s) }] }).catch(() => {});
    if (!caps.message || !resultEl) return;
    var line = M.ranLine(tool, short(JSON.stringify(args), 200), s.isError ? M.ranFailed(short(said, 200)) : M.ranOk);
    own(resultEl, ".result-body").appendChild(el("div", { class: "actions" }, b = el("button", { type: "button", class: "btn small", onclick: () => {
      b.disabled = true;
      request("ui/message", { role: "user", content: [{ type: "text", text: line }] }).then((x) => {
        if (x && x.isError) throw M.hostRefusedIt;
        note.textContent = M.sentToChat;
      }).catch((e) => { b.disabled = false; note.textContent = M.notSent(why(e)); });
    } }, M.sendToChat), note = el("span", { class: "muted", role: "status" })));
  }

  /* ------------------------------------------------------------------ results */

  function emptyResult(r) {
    return !isObj(r) || (!(Array.isArray(r.content) && r.content.length) && r.structuredContent === undefined && !r.isError);
  }

  function resultStatus(text, spin, error) {
    if (!resultEl) return;
    resultEl.hidden = false;
    var s = own(resultEl, ".status");
    s.textContent = text;
    s.className = "status" + (spin ? " spin" : "") + (error ? " error" : "");
    if (error) own(resultEl, ".result-body").replaceChildren();
  }

  // The result shown last: a new locale formats it again (reformat).
  var last = null;

  function show(r) {
    busy(false);
    if (!resultEl || !isObj(r)) return;
    last = r;
    draw(r);
  }

  function draw(r) {
    resultStatus(r.isError ? M.toolError : "", false, r.isError);
    var body = own(resultEl, ".result-body"), box = el("div", { class: "view" });
    body.replaceChildren(box);
    try {
      if (U.views) U.views.render(box, r, resultNode, ctx);
      else fallback(box, r);
    } catch (e) {
      box.replaceChildren();
      fallback(box, r);
      ctx.log("error", "result view failed: " + e);
    }
    body.appendChild(el("details", { class: "raw" }, el("summary", null, M.rawJson), el("pre", { class: "json" }, JSON.stringify(r, null, 2))));
  }

  function fallback(box, r) {
    (Array.isArray(r.content) ? r.content : []).forEach((b) => { box.appendChild(block(b)); });
    if (r.structuredContent !== undefined) box.appendChild(el("pre", { class: "json" }, JSON.stringify(r.structuredContent, null, 2)));
  }

  // Without views.js (or when it throws): text blocks as text, anything else as JSON.
  function block(b) {
    return isObj(b) && b.type === "text" ? el("pre", { class: "text-block" }, String(b.text)) : el("pre", { class: "json" }, JSON.stringify(b, null, 2));
  }

  /* ------------------------------------------------------------------ for the modules */

  // What the modules build on; they run right after this file, before hydrate().
  var U = {
    FIELDS: FIELDS, UNSET: UNSET, bad: bad, base: base, bind: bind, scalar: scalar, fail: fail,
    own: own, put: put, has: has, isObj: isObj, fieldsOf: fieldsOf,
    keyOf: keyOf, tok: tok, esc: esc, matches: matches, views: null,
    NOTES: NOTES, ctx: ctx, hydrate: hydrate, run: run, check: check, collect: collect, unmark: unmark, request: request
  };
  return U;
})();
