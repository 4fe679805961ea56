/* compile-ui runtime: the MCP Apps protocol and the form. Hand-written, no dependencies.
   Never eval/Function/innerHTML: DOM nodes are built with el() and text is set with textContent.
   Contract with views.js (concatenated after this file, same <script>):
     el(tag, attrs, ...children)   global; "svg:" prefix makes an SVG element; attrs whose value
                                   is a function become listeners (onclick -> "click")
     renderResult(container, result, resultViewNode, ctx)   global, defined by views.js; when it
                                   is absent or throws, the fallback below shows content blocks.
     ctx = {hostContext, openLink(url), callTool(name, args), log(level, data)}
   The runtime itself always adds the raw JSON of a result under the view. */
"use strict";

function el(tag, attrs) {
  var svg = tag.indexOf("svg:") === 0;
  var n = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (var k in attrs || {}) {
    var v = attrs[k];
    if (v == null || v === false) continue;
    if (typeof v === "function") n.addEventListener(k.replace(/^on/, ""), v);
    else if (k === "text") n.textContent = v;
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

(() => {
  var P = window.parent, doc = document, root = doc.documentElement;
  var UNSET = {}, seq = 0, nextId = 1, pending = {}, hostContext = {}, bad = [];

  /* ------------------------------------------------------------------ protocol */

  function send(m) { m.jsonrpc = "2.0"; P.postMessage(m, "*"); }
  function notify(method, params) { send(params === undefined ? { method: method } : { method: method, params: params }); }
  function request(method, params) {
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
      resultStatus("Cancelled" + (p && typeof p.reason === "string" && p.reason ? ": " + p.reason : "."));
    },
    "ui/notifications/host-context-changed": (p) => { applyContext(p); }
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

  function answer(m) {
    var h = REQUESTS[m.method];
    if (h) send({ id: m.id, result: h(m.params) });
    else send({ id: m.id, error: { code: -32601, message: "Method not found: " + m.method } });
  }

  request("ui/initialize", {
    protocolVersion: "2026-01-26",
    appInfo: { name: "compile-ui", version: "0.1.0" },
    appCapabilities: {}
  }).then((r) => {
    applyContext((r && r.hostContext) || {});
    notify("ui/notifications/initialized");
    onReady(watchSize);
  }, (err) => { onReady(() => resultStatus("The host refused the connection: " + ((err && err.message) || err))); });

  var ctx = {
    get hostContext() { return hostContext; },
    openLink: (url) => request("ui/open-link", { url: String(url) }),
    callTool: (name, args) => { return request("tools/call", { name: name, arguments: args || {} }); },
    log: (level, data) => { notify("notifications/message", { level: level, data: data }); }
  };

  /* ------------------------------------------------------------------ host context, size */

  function applyContext(c) {
    if (!c || typeof c !== "object") return;
    for (var k in c) hostContext[k] = c[k];
    if (c.theme === "light" || c.theme === "dark") { root.setAttribute("data-theme", c.theme); root.style.colorScheme = c.theme; }
    var vars = c.styles && c.styles.variables;
    for (var v in vars || {}) {
      if (/^--[\w-]+$/.test(v) && typeof vars[v] === "string") root.style.setProperty(v, vars[v]);
    }
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
  function onReady(f) { if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", f); else f(); }
  var LAYOUT = /^(Card|Stack|Tabs|Section|Heading|Text|Alert)$/;

  function findNode(n, type) {
    if (n.type === type) return n;
    for (var i = 0; i < (n.children || []).length; i++) { var f = findNode(n.children[i], type); if (f) return f; }
    return null;
  }
  function fieldsOf(nodes) {
    var out = [];
    (nodes || []).forEach((n) => {
      if (LAYOUT.test(n.type)) out = out.concat(fieldsOf(n.children));
      else if (/Field$/.test(n.type)) out.push(n);
    });
    return out;
  }
  function byDataId(scope, id) {
    if (scope.getAttribute("data-id") === id) return scope;
    var all = scope.querySelectorAll("[data-id]");
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute("data-id") === id) return all[i];
    return null;
  }
  function keyOf(node) {
    var b = node.props.bind || "", t = b.slice(b.lastIndexOf("/") + 1);
    return t.replace(/~1/g, "/").replace(/~0/g, "~");
  }
  function own(w, sel) { return w.querySelector(":scope > " + sel); }
  function canon(v) {
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
    return JSON.stringify(v);
  }
  function same(a, b) { return canon(a) === canon(b); }
  // Own enumerable property, even for a key like "__proto__".
  function put(o, k, v) { Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true }); }
  function has(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function isObj(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  // A cloned template gets fresh ids (and fixed references to them) so labels keep working.
  function instantiate(tpl) {
    var frag = tpl.content.cloneNode(true), s = "-" + (++seq);
    ["id", "for", "name", "aria-describedby", "aria-labelledby", "aria-controls"].forEach((a) => {
      frag.querySelectorAll("[" + a + "]").forEach((n) => {
        n.setAttribute(a, n.getAttribute(a).split(" ").map((x) => x + s).join(" "));
      });
    });
    return frag.firstElementChild;
  }

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
        return p.required ? fail(c, "Required.") : UNSET;
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
        if (p.minLength != null && n < p.minLength) return fail(c, "At least " + p.minLength + " characters.");
        if (p.maxLength != null && n > p.maxLength) return fail(c, "At most " + p.maxLength + " characters.");
        if (p.pattern && !matches(p.pattern, s)) return fail(c, "Must match the pattern " + p.pattern);
        if (p.format && FORMATS[p.format] && !FORMATS[p.format].test(s)) return fail(c, "Not a valid " + p.format + ".");
        return s;
      }, true);
  }
  function matches(pattern, s) {
    try { return new RegExp(pattern, "u").test(s); } catch (e) { return true; } // a pattern JS cannot compile is not checked here
  }
  var FORMATS = {
    date: /^\d{4}-\d{2}-\d{2}$/,
    time: /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
    "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
    email: /^[^@\s]+@[^@\s]+$/,
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  };

  function numberField(node, w) {
    var ctl = w.querySelector(".ctl"), p = node.props, out = w.querySelector("output");
    var c = scalar(node, w, () => ctl.value.trim(), (v) => { ctl.value = v === UNSET ? "" : String(v); shown(); },
      (s, c) => {
        if (p.integer ? !/^[-+]?\d+$/.test(s) : !isFinite(Number(s))) return fail(c, p.integer ? "Enter a whole number." : "Enter a number.");
        var n = Number(s);
        if (p.minimum != null && n < p.minimum) return fail(c, "At least " + p.minimum + ".");
        if (p.maximum != null && n > p.maximum) return fail(c, "At most " + p.maximum + ".");
        if (p.exclusiveMinimum != null && n <= p.exclusiveMinimum) return fail(c, "More than " + p.exclusiveMinimum + ".");
        if (p.exclusiveMaximum != null && n >= p.exclusiveMaximum) return fail(c, "Less than " + p.exclusiveMaximum + ".");
        if (p.multipleOf && Math.abs(n / p.multipleOf - Math.round(n / p.multipleOf)) > 1e-9) return fail(c, "A multiple of " + p.multipleOf + ".");
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

  function selectField(node, w) {
    var p = node.props, opts = p.options, radios = w.querySelectorAll("input.opt");
    function read() {
      if (!radios.length) return w.querySelector(".ctl").value;
      for (var i = 0; i < radios.length; i++) if (radios[i].checked) return radios[i].value;
      return "";
    }
    function write(v) {
      var i = v === UNSET ? -1 : opts.findIndex((o) => same(o.value, v));
      if (radios.length) radios.forEach((r, j) => { r.checked = j === i; });
      else w.querySelector(".ctl").value = i < 0 ? "" : String(i);
    }
    var c = scalar(node, w, read, write, (s) => JSON.parse(JSON.stringify(opts[+s].value)));
    if (radios.length) c.ctl = radios[0];
    return c;
  }

  function multiField(node, w) {
    var c = base(node, w), p = c.p, opts = p.options, order = [];
    var boxes = w.querySelectorAll("input.opt"), sel = w.querySelector("select.ctl");
    var on = (i) => sel ? sel.options[i].selected : boxes[i].checked;
    var put = (i, v) => { if (sel) sel.options[i].selected = v; else boxes[i].checked = v; };
    c.ctl = sel || boxes[0];
    for (var i = 0; i < opts.length; i++) if (on(i)) order.push(i);
    w.addEventListener("change", () => { // keep the order in which choices were made
      order = order.filter(on);
      for (var i = 0; i < opts.length; i++) if (on(i) && order.indexOf(i) < 0) order.push(i);
    });
    c.set = (v) => {
      c.st = 1; order = [];
      for (var i = 0; i < opts.length; i++) put(i, false);
      (Array.isArray(v) ? v : []).forEach((x) => {
        var i = opts.findIndex((o) => same(o.value, x));
        if (i >= 0 && order.indexOf(i) < 0) { order.push(i); put(i, true); }
      });
    };
    c.clear = () => { c.set([]); c.st = 0; };
    c.get = () => {
      if (!order.length && c.st === 0 && !p.required) return UNSET;
      if (p.minItems != null && order.length < p.minItems) return fail(c, "Choose at least " + p.minItems + ".");
      if (p.maxItems != null && order.length > p.maxItems) return fail(c, "Choose at most " + p.maxItems + ".");
      return order.map((i) => JSON.parse(JSON.stringify(opts[i].value)));
    };
    return c;
  }

  function boolField(node, w) {
    var c = base(node, w), p = c.p, box = w.querySelector(".ctl");
    c.ctl = box;
    c.set = (v) => { box.checked = v === true; c.st = 1; };
    c.clear = () => { box.checked = false; c.st = 0; };
    c.get = () => !box.checked && c.st === 0 && !p.required ? UNSET : box.checked;
    return c;
  }

  function constField(node, w) {
    var c = base(node, w);
    c.set = c.clear = () => {};
    c.get = () => c.p.value; // fixed by the schema: always sent
    return c;
  }

  function jsonField(node, w) {
    var ctl = w.querySelector(".ctl");
    return scalar(node, w, () => ctl.value.trim(), (v) => { ctl.value = v === UNSET ? "" : JSON.stringify(v, null, 2); },
      (s, c) => {
        try { return JSON.parse(s); } catch (e) { return fail(c, "Not valid JSON: " + e.message); }
      });
  }

  function fileField(node, w) {
    var ctl = w.querySelector(".ctl"), info = w.querySelector(".file-info"), b64 = "";
    ctl.addEventListener("change", () => {
      var f = ctl.files && ctl.files[0];
      b64 = "";
      if (!f) return;
      var r = new FileReader();
      r.onload = () => { b64 = String(r.result).replace(/^data:[^,]*,/, ""); info.textContent = f.name + " (" + f.size + " bytes)"; };
      r.readAsDataURL(f);
    });
    return scalar(node, w, () => b64, (v) => {
      b64 = typeof v === "string" ? v : ""; ctl.value = "";
      info.textContent = b64 ? "Prefilled (" + Math.floor(b64.length * 3 / 4) + " bytes)" : "";
    }, (s) => s, true);
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

  function tupleField(node, w) {
    var c = base(node, w), p = node.props, extra = [];
    var kids = fieldsOf(node.children).map((n) => bind(n, w));
    c.set = (v) => {
      c.st = 1; v = Array.isArray(v) ? v : [];
      kids.forEach((k, i) => { if (i < v.length) k.set(v[i]); else k.clear(); });
      extra = v.slice(kids.length);
    };
    c.clear = () => { kids.forEach((k) => { k.clear(); }); extra = []; c.st = 0; };
    c.get = () => {
      if (c.st === 0 && !p.required) return UNSET; // an optional tuple nobody touched
      var vals = kids.map((k) => k.get()), n = vals.length;
      while (n && vals[n - 1] === UNSET) n--;
      for (var i = 0; i < n; i++) if (vals[i] === UNSET) return fail(c, "Fill position " + (i + 1) + ".");
      return vals.slice(0, n).concat(n === kids.length ? extra : []);
    };
    return c;
  }

  // Lists and maps share the add/remove machinery: rows cloned from the field's <template>.
  function rows(node, w, makeRow) {
    var c = base(node, w), list = own(w, ".body"), tpl = own(w, "template"), addBtn = own(w, "[data-action=add]");
    c.rows = [];
    c.add = (focus) => {
      var li = instantiate(tpl);
      list.appendChild(li);
      var row = makeRow(li);
      row.li = li;
      c.rows.push(row);
      li.querySelector(":scope > [data-action=remove]").addEventListener("click", () => {
        li.remove();
        c.rows.splice(c.rows.indexOf(row), 1);
        c.st = 2;
        addBtn.focus();
      });
      if (focus) { var f = li.querySelector("input,select,textarea"); if (f) f.focus(); }
      return row;
    };
    addBtn.addEventListener("click", () => { c.st = 2; c.add(true); });
    c.reset = () => { c.rows.forEach((r) => { r.li.remove(); }); c.rows = []; };
    c.ctl = addBtn;
    return c;
  }

  function arrayField(node, w) {
    var p = node.props, item = node.children[0];
    var c = rows(node, w, (li) => ({ f: bind(item, li) }));
    c.set = (v) => {
      c.reset(); c.st = 1;
      (Array.isArray(v) ? v : []).forEach((x) => { c.add().f.set(x); });
    };
    c.clear = () => { c.reset(); c.st = 0; };
    c.get = () => {
      if (!c.rows.length && c.st === 0 && !p.required) return UNSET;
      var vals = [];
      c.rows.forEach((r) => { var v = r.f.get(); vals.push(v === UNSET ? null : v); });
      if (p.minItems != null && vals.length < p.minItems) return fail(c, "Add at least " + p.minItems + ".");
      if (p.maxItems != null && vals.length > p.maxItems) return fail(c, "At most " + p.maxItems + " items.");
      if (p.uniqueItems && new Set(vals.map(canon)).size < vals.length) return fail(c, "Items must be unique.");
      return vals;
    };
    return c;
  }

  function mapField(node, w) {
    var p = node.props, value = node.children[0];
    var c = rows(node, w, (li) => ({ k: li.querySelector(".key"), f: bind(value, li) }));
    c.set = (v) => {
      c.reset(); c.st = 1;
      if (isObj(v)) Object.keys(v).forEach((k) => { var r = c.add(); r.k.value = k; r.f.set(v[k]); });
    };
    c.clear = () => { c.reset(); c.st = 0; };
    c.get = () => {
      if (!c.rows.length && c.st === 0 && !p.required) return UNSET;
      var o = {}, n = 0, before = bad.length;
      c.rows.forEach((r) => {
        var k = r.k.value, e = r.k.parentNode.querySelector(".err");
        if (k === "" || has(o, k) || (p.keyPattern && !matches(p.keyPattern, k))) {
          e.textContent = k === "" ? "Enter a key." : has(o, k) ? "Duplicate key." : "Must match " + p.keyPattern;
          r.k.setAttribute("aria-invalid", "true"); bad.push(r.k);
          return;
        }
        var v = r.f.get();
        put(o, k, v === UNSET ? null : v); n++;
      });
      if (bad.length > before) return UNSET;
      if (p.minProperties != null && n < p.minProperties) return fail(c, "Add at least " + p.minProperties + ".");
      if (p.maxProperties != null && n > p.maxProperties) return fail(c, "At most " + p.maxProperties + " entries.");
      return o;
    };
    return c;
  }

  function unionField(node, w) {
    var c = base(node, w), p = node.props, sel = own(w, ".choose > select"), body = own(w, ".body");
    var tpls = w.querySelectorAll(":scope > template"), made = [];
    c.ctl = sel;
    function branch(i) {
      if (!made[i]) { var n = instantiate(tpls[i]); made[i] = { el: n, f: bind(node.children[i], n) }; }
      return made[i];
    }
    function pick(i) {
      sel.value = i < 0 ? "" : String(i);
      body.replaceChildren();
      if (i >= 0) body.appendChild(branch(i).el);
    }
    sel.addEventListener("change", () => { pick(sel.value === "" ? -1 : +sel.value); });
    pick(p.required ? 0 : -1);
    c.set = (v) => {
      c.st = 1;
      var i = node.children.findIndex((n) => fits(n, v));
      pick(i < 0 ? 0 : i);
      branch(i < 0 ? 0 : i).f.set(v);
    };
    c.clear = () => { made.forEach((b) => { if (b) b.f.clear(); }); pick(p.required ? 0 : -1); c.st = 0; };
    c.get = () => sel.value === "" ? UNSET : branch(+sel.value).f.get();
    return c;
  }

  // Which union branch a value belongs to (first fit wins).
  function fits(n, v) {
    var p = n.props, t = n.type;
    if (v === null) return !!p.nullable || (t === "ConstField" && p.value === null);
    if (t === "TextField" || t === "DateTimeField" || t === "FileField") return typeof v === "string";
    if (t === "NumberField") return typeof v === "number" && (!p.integer || Number.isInteger(v));
    if (t === "BooleanField") return typeof v === "boolean";
    if (t === "ConstField") return same(p.value, v);
    if (t === "SelectField") return p.options.some((o) => same(o.value, v));
    if (t === "MultiSelectField") return Array.isArray(v) && v.every((x) => fits({ type: "SelectField", props: p }, x));
    if (t === "ArrayField") return Array.isArray(v) && v.every((x) => fits(n.children[0], x));
    if (t === "TupleField") {
      var kids = fieldsOf(n.children);
      return Array.isArray(v) && (p.additionalItems || v.length <= kids.length) && kids.every((k, i) => i >= v.length || fits(k, v[i]));
    }
    if (t === "MapField") return isObj(v);
    if (t === "UnionField") return n.children.some((k) => fits(k, v));
    if (t === "ObjectField") {
      if (!isObj(v)) return false;
      var fs = fieldsOf(n.children), rest = fs.some((k) => k.props.rest), known = {};
      for (var i = 0; i < fs.length; i++) {
        var k = fs[i];
        if (k.props.rest) continue;
        var key = keyOf(k);
        put(known, key, 1);
        if (has(v, key) ? !fits(k, v[key]) : k.props.required && k.type !== "ConstField") return false;
      }
      return rest || Object.keys(v).every((key) => has(known, key));
    }
    return true; // JsonField takes anything
  }

  var FIELDS = {
    TextField: textLike, DateTimeField: textLike, NumberField: numberField, BooleanField: boolField,
    SelectField: selectField, MultiSelectField: multiField, ConstField: constField, JsonField: jsonField,
    FileField: fileField, ObjectField: objectField, TupleField: tupleField, ArrayField: arrayField,
    MapField: mapField, UnionField: unionField
  };

  /* ------------------------------------------------------------------ the form */

  function hydrate() {
    data = JSON.parse(doc.getElementById("ui-tree").textContent);
    formNode = findNode(data, "Form"); resultNode = findNode(data, "ResultView");
    form = formNode && doc.getElementById(formNode.id);
    resultEl = resultNode && doc.getElementById(resultNode.id);
    if (form) {
      var fields = fieldsOf(formNode.children);
      // A root that is not an object is one field bound to the whole arguments ("").
      if (fields.length === 1 && fields[0].props.bind === "") whole = bind(fields[0], form);
      else top = group(formNode, form, true);
      form.addEventListener("submit", (e) => { e.preventDefault(); run(); });
      submitBtn = form.querySelector("[data-action=submit]"); formStatus = own(form, ".actions > .status");
      wireTabs();
    }
    ready = true;
    queue.splice(0).forEach((m) => NOTES[m.method](m.params));
  }
  onReady(hydrate);

  function prefill(args, partial) {
    if (!form || !isObj(args)) return;
    if (whole) whole.set(args); else top.set(args, partial);
    if (partial) return;
    resultStatus("Waiting for the result…", true);
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

  function collect() {
    bad = [];
    form.querySelectorAll(".err").forEach((e) => { e.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach((e) => { e.removeAttribute("aria-invalid"); });
    var v = whole ? whole.get() : top.get();
    return v === UNSET ? {} : v;
  }


  function run() {
    if (torn) return;
    var args = collect();
    if (bad.length) {
      formStatus.textContent = bad.length === 1 ? "Check the highlighted field." : "Check the " + bad.length + " highlighted fields.";
      formStatus.className = "status error";
      bad.forEach(reveal);
      bad[0].focus();
      return;
    }
    formStatus.textContent = ""; formStatus.className = "status";
    busy(true);
    resultStatus("Running…", true);
    ctx.callTool(formNode.props.toolName, args).then(show, (err) => {
      busy(false);
      resultStatus("The call failed: " + ((err && err.message) || String(err)) + (err && err.code != null ? " (" + err.code + ")" : ""), false, true);
    });
  }

  function busy(on) {
    if (submitBtn) { submitBtn.disabled = on; submitBtn.setAttribute("aria-busy", on ? "true" : "false"); }
    if (resultEl) resultEl.setAttribute("aria-busy", on ? "true" : "false");
  }

  function wireTabs() {
    doc.querySelectorAll("[role=tablist]").forEach((list) => {
      var tabs = Array.from(list.querySelectorAll("[role=tab]"));
      function select(t, quiet) {
        tabs.forEach((x) => {
          var on = x === t;
          x.setAttribute("aria-selected", String(on)); x.tabIndex = on ? 0 : -1;
          doc.getElementById(x.getAttribute("aria-controls")).hidden = !on;
        });
        if (!quiet) t.focus();
      }
      tabs.forEach((t) => { doc.getElementById(t.getAttribute("aria-controls")).showTab = () => select(t, true); });
      list.addEventListener("click", (e) => { var t = e.target.closest("[role=tab]"); if (t) select(t); });
      list.addEventListener("keydown", (e) => {
        var i = tabs.indexOf(doc.activeElement), d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        if (i >= 0 && d) select(tabs[(i + d + tabs.length) % tabs.length]);
      });
    });
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

  function show(r) {
    busy(false);
    if (!resultEl || !isObj(r)) return;
    resultStatus(r.isError ? "The tool reported an error." : "", false, false);
    if (r.isError) own(resultEl, ".status").className = "status error";
    var body = own(resultEl, ".result-body"), box = el("div", { class: "view" });
    body.replaceChildren(box);
    try {
      if (typeof renderResult === "function") renderResult(box, r, resultNode, ctx);
      else fallback(box, r);
    } catch (e) {
      box.replaceChildren();
      fallback(box, r);
      ctx.log("error", "result view failed: " + e);
    }
    body.appendChild(el("details", { class: "raw" }, el("summary", null, "Raw JSON"), el("pre", { class: "json" }, JSON.stringify(r, null, 2))));
  }

  function fallback(box, r) {
    (Array.isArray(r.content) ? r.content : []).forEach((b) => { box.appendChild(block(b)); });
    if (r.structuredContent !== undefined) box.appendChild(el("pre", { class: "json" }, JSON.stringify(r.structuredContent, null, 2)));
  }

  // Without views.js (or when it throws): text blocks as text, anything else as JSON.
  function block(b) {
    return isObj(b) && b.type === "text" ? el("pre", { class: "text-block" }, String(b.text)) : el("pre", { class: "json" }, JSON.stringify(b, null, 2));
  }
})();
