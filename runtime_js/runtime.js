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
   sends the token in the call's _meta and stops it when the call ends.
   A field (CU.baseField, CU.bindField: {w wrapper, p props, key, st state, ctl, get, set, clear}) returns
   CU.UNSET, a Symbol, from get() when it sends nothing. Types: runtime_js/types/*.d.ts. */
"use strict";
/* exported el, elAdd, CU */

// The page's Content-Security-Policy (compiler/render.py writes it on this script, in data-csp:
// the sha256 of this script and of the page's one style): put first in <head> before anything
// after this script is parsed, so nothing but the runtime's own code runs, whatever the host
// builds. Only when this script is in the document's own <head>: a host that wraps the page in
// its own document (MCP Inspector writes it into its <body>, under a policy built from
// _meta.ui.csp) would get a <meta> the browser ignores there, with an error logged for it.
((script) => {
  var policy = script && script.getAttribute("data-csp");
  if (policy && /** @type {HTMLOrSVGScriptElement} */ (script).parentNode === document.head) document.head.prepend(el("meta", { "http-equiv": "Content-Security-Policy", content: policy }));
})(document.currentScript);

/**
 * A new element: an HTML one, or an SVG one for a tag written "svg:<name>". Attributes: null,
 * undefined and false are left out, true is written empty; a function becomes a listener
 * (onclick → "click"); "style" may be an object of CSS properties. Children as elAdd().
 * @template {keyof HTMLElementTagNameMap} K
 * @overload
 * @param {K} tag
 * @param {ElAttrs} [attrs]
 * @param {...ElChild} children
 * @returns {HTMLElementTagNameMap[K]}
 */
/**
 * @overload
 * @param {`svg:${string}`} tag
 * @param {ElAttrs} [attrs]
 * @param {...ElChild} children
 * @returns {SVGElement}
 */
/**
 * @overload
 * @param {string} tag
 * @param {ElAttrs} [attrs]
 * @param {...ElChild} children
 * @returns {HTMLElement}
 */
/**
 * @param {string} tag
 * @param {ElAttrs} [attrs]
 * @param {...ElChild} children
 * @returns {Element}
 */
function el(tag, attrs, ...children) {
  var node = tag.indexOf("svg:") === 0 ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (var name in attrs || {}) {
    var value = /** @type {{ [name: string]: ElAttr }} */ (attrs)[name];
    if (value == null || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.replace(/^on/, ""), value);
    else if (name === "style" && typeof value === "object") for (var property in value) /** @type {HTMLElement} */ (node).style.setProperty(property, value[property]);
    // Data never becomes a handler attribute or a script URL.
    else if (!/^on/i.test(name) && !/^\s*(javascript|vbscript):/i.test(/** @type {string} */ (value))) node.setAttribute(name, value === true ? "" : String(value));
  }
  elAdd(node, children);
  return node;
}

/**
 * Appends a child: a node as it is, a list item by item, anything else as text; null, undefined
 * and false add nothing.
 * @param {Node} parent
 * @param {ElChild} child
 */
function elAdd(parent, child) {
  if (child == null || child === false) return;
  if (Array.isArray(child)) child.forEach((item) => { elAdd(parent, item); });
  else parent.appendChild(typeof child === "object" && child.nodeType ? child : document.createTextNode(String(child)));
}

// Typed as the whole CompileUi, though this function returns only the core: the other modules
// (choices.js, fields.js, views.js, matrix.js, question.js, …) add their members right after
// this file runs, before anything reads them, and each declares its own in types/<module>.d.ts.
var CU = /** @type {CompileUi} */ (/** @type {unknown} */ ((() => {
  var host = window.parent, doc = document, root = doc.documentElement;
  // The one "no value" marker: a field that sends nothing returns it (compared by identity).
  // Typed as the unique symbol declared in types/runtime.d.ts (so that `=== UNSET` narrows).
  /** @type {Unset} */
  var UNSET = /** @type {Unset} */ (/** @type {unknown} */ (Symbol("unset")));
  /** @type {{ [id: number]: [(result: RpcResult) => void, (error: RpcError) => void] }} */
  var pendingRequests = {};
  var nextRequestId = 1;
  /** @type {HostContext} */
  var hostContext = {};
  /** @type {HostCapabilities} */
  var caps = {};
  /** @type {HTMLElement[]} the controls the last collect() found wrong */
  var bad = [];

  /* ------------------------------------------------------------------ protocol */

  // A page opened on its own (no embedding host) sends nothing; its requests fail saying why.
  var hosted = host !== window, NO_HOST = M.noHost;
  /** @param {{ [member: string]: unknown }} message */
  function send(message) { if (hosted) { message.jsonrpc = "2.0"; host.postMessage(message, "*"); } }
  /** @param {string} method @param {unknown} [params] */
  function notify(method, params) { send(params === undefined ? { method: method } : { method: method, params: params }); }
  /** @param {string} method @param {unknown} [params] @returns {Promise<RpcResult>} */
  function request(method, params) {
    if (!hosted) return Promise.reject({ message: NO_HOST });
    var id = nextRequestId++;
    send({ id: id, method: method, params: params });
    return new Promise((resolve, reject) => { pendingRequests[id] = [resolve, reject]; });
  }

  /** @type {{ [method: string]: (params: unknown) => object }} the requests a host may send */
  var REQUESTS = {
    ping: () => ({}),
    "ui/resource-teardown": () => { tornDown = true; return {}; }
  };
  /** @type {Notes} */
  var NOTES = {
    "ui/notifications/tool-input": (params) => { prefill(params && params.arguments, false); },
    "ui/notifications/tool-input-partial": (params) => { prefill(params && params.arguments, true); },
    "ui/notifications/tool-result": (result) => { if (!emptyResult(result)) { showResult(/** @type {ToolResult} */ (result)); foldForm(); } },
    "ui/notifications/tool-cancelled": (params) => {
      busy(false);
      resultStatus(params && typeof params.reason === "string" && params.reason ? M.cancelledBecause(params.reason) : M.cancelled);
    },
    "ui/notifications/host-context-changed": (context) => { applyContext(context); },
    // Progress of the page's own call, where the host relays it (see run()).
    "notifications/progress": (params) => { if (onProgress) onProgress(params || {}); }
  };
  // The script runs in <head> so ui/initialize leaves before the body is parsed; notifications
  // that arrive before the form is hydrated wait in earlyNotes.
  var tornDown = false, hydrated = false;
  /** @type {{ method: string, params?: unknown }[]} */
  var earlyNotes = [];
  // A notification's handler gets the host's params as sent (JSON): it reads them defensively.
  /** @typedef {(params: unknown) => void} NoteHandler */

  addEventListener("message", (event) => {
    if (event.source !== host) return; // only the host that embeds us
    var message = event.data;
    if (!message || typeof message !== "object" || message.jsonrpc !== "2.0") return;
    if (typeof message.method === "string") {
      if ("id" in message) answerRequest(message);
      else if (NOTES[message.method]) hydrated ? /** @type {NoteHandler} */ (NOTES[message.method])(message.params) : earlyNotes.push(message);
    } else if ("id" in message && pendingRequests[message.id]) {
      var settle = pendingRequests[message.id];
      delete pendingRequests[message.id];
      if ("error" in message) settle[1](message.error); else settle[0](message.result);
    }
  });

  /** An error's message, for a person. @param {unknown} error @returns {string} */
  var reasonOf = (error) => String((error && /** @type {RpcError} */ (error).message) || error);

  /** @param {{ id: unknown, method: string, params?: unknown }} message */
  function answerRequest(message) {
    var handler = REQUESTS[message.method];
    if (handler) send({ id: message.id, result: handler(message.params) });
    else send({ id: message.id, error: { code: -32601, message: "Method not found: " + message.method } });
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
  }).then((result) => {
    // initialized first: a host sends the tool's input and result on it, and they travel while
    // the page takes the host's context and paints (handled after this, in order).
    notify("ui/notifications/initialized");
    caps = (result && result.hostCapabilities) || {};
    applyContext((result && result.hostContext) || {});
    paint();
    onReady(watchSize);
    onReady(describedLinks);
    onReady(warmFormats);
  }, (error) => {
    paint();
    onReady(() => resultStatus(hosted ? M.hostRefused(reasonOf(error)) : NO_HOST));
    onReady(describedLinks);
  });

  // A description's links (render.py, compiler/markdown.py: http(s) only) are opened by the host
  // (ui/open-link), never by the sandboxed frame, even before the handshake ends; a host that
  // opens no links gets the address as text beside the link's words, selectable, not a dead link.
  doc.addEventListener("click", (event) => {
    var link = event.target instanceof Element && event.target.closest("a.ext");
    if (!link) return;
    event.preventDefault();
    if (caps.openLinks) ctx.openLink(/** @type {string} */ (link.getAttribute("href"))).catch(() => {});
  });
  function describedLinks() {
    if (!caps.openLinks) doc.querySelectorAll("a.ext").forEach((link) => link.replaceWith(link.textContent + " (" + link.getAttribute("href") + ")"));
  }

  /** @type {RuntimeContext} */
  var ctx = {
    get hostContext() { return hostContext; },
    get caps() { return caps; },
    openLink: (url) => request("ui/open-link", { url: String(url) }),
    log: (level, data) => { notify("notifications/message", { level: level, data: data }); }
  };

  /* ------------------------------------------------------------------ host context, size */

  /** @param {HostContext | undefined} context what changed: the rest stays as it was */
  function applyContext(context) {
    var dimensions;
    if (!context || typeof context !== "object") return;
    var localeChanged = "locale" in context && context.locale !== hostContext.locale;
    for (var key in context) hostContext[key] = context[key];
    if (context.theme === "light" || context.theme === "dark") { root.setAttribute("data-theme", context.theme); root.style.colorScheme = context.theme; }
    var variables = context.styles && context.styles.variables;
    for (var name in variables || {}) {
      if (/^--[\w-]+$/.test(name) && typeof (/** @type {{ [name: string]: string }} */ (variables))[name] === "string") root.style.setProperty(name, /** @type {{ [name: string]: string }} */ (variables)[name]);
    }
    // A container of fixed height, or at most maxHeight: the page is no taller (its size reports
    // neither); what is longer scrolls inside the frame, the form above it reachable.
    // 1e6: no bound (a context with a width only); a value CSS refuses leaves the last one.
    if ((dimensions = context.containerDimensions)) root.style.maxHeight = (dimensions.height || dimensions.maxHeight || 1e6) + "px";
    if ("safeAreaInsets" in context) applyInsets(context.safeAreaInsets);
    applyPointer(hostContext.deviceCapabilities);
    if (localeChanged) reformat();
  }

  // The host's safe area (a notch, a home bar, its own overlays) pads the page: --cu-inset-<side>
  // (runtime.css); a side that is not a number from 0 to 1000 px is 0.
  /** @param {{ [side: string]: unknown } | undefined} insets */
  function applyInsets(insets) {
    ["top", "right", "bottom", "left"].forEach((side) => {
      var pixels = insets && insets[side];
      root.style.setProperty("--cu-inset-" + side, (typeof pixels === "number" && pixels > 0 && pixels <= 1e3 ? pixels : 0) + "px");
    });
  }

  // Touch and hover: the host's word (deviceCapabilities), else the device's primary pointer.
  // data-touch: every control at least 44 px; data-no-hover: nothing depends on hovering (runtime.css).
  /** @param {HostContext["deviceCapabilities"]} [capabilities] */
  function applyPointer(capabilities) {
    /** @param {"touch" | "hover"} key @param {string} mediaQuery */
    var has = (key, mediaQuery) => capabilities && typeof capabilities[key] === "boolean" ? /** @type {boolean} */ (capabilities[key]) : matchMedia(mediaQuery).matches;
    root.toggleAttribute("data-touch", has("touch", "(pointer:coarse)"));
    root.toggleAttribute("data-no-hover", !has("hover", "(hover)"));
  }
  applyPointer();

  // The locale changes how the views format numbers and dates (views.js reads hostContext.locale),
  // never the data: on a new locale the result shown is formatted again from the same result (its
  // views only; the raw JSON and "Send to chat" stay). hostContext.timeZone changes nothing shown:
  // a time is data, shown in its own zone (views.js date()), and no text on the page is relative
  // to "now" (a run's elapsed seconds have no zone).
  function reformat() {
    var views = /** @type {MaybeViews} */ (U).views;
    var shown = lastResult && views && resultEl && own(/** @type {HTMLElement} */ (own(resultEl, ".result-body")), ".view");
    var fresh = el("div", { class: "view" });
    if (!shown || !lastResult || lastResult.isError) return;
    try {
      /** @type {ResultRenderer} */ (views).render(fresh, lastResult, /** @type {UiNode} */ (resultNode), ctx);
      shown.replaceWith(fresh);
    } catch (error) { ctx.log("error", "result view failed: " + error); }
  }

  // As the official SDK: once per animation frame, content height measured with <html> at
  // max-content, sent only when width or height changed. Never 100vh (it would grow forever).
  function watchSize() {
    var queued = false, lastWidth = 0, lastHeight = 0;
    function measure() {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        var height = root.style.height;
        root.style.height = "max-content";
        var contentHeight = Math.ceil(root.getBoundingClientRect().height);
        root.style.height = height;
        var width = Math.ceil(innerWidth);
        if (width !== lastWidth || contentHeight !== lastHeight) {
          lastWidth = width; lastHeight = contentHeight;
          notify("ui/notifications/size-changed", { width: width, height: contentHeight });
        }
      });
    }
    measure();
    var observer = new ResizeObserver(measure);
    observer.observe(root);
    observer.observe(doc.body);
  }

  // The first Intl formatter a page builds costs ~20 ms (the engine loads its locale data once per
  // process, and a host's sandboxed frame gets a new process at every load), the next ~0.1 ms:
  // views.js formats numbers and dates with them, so one is built while the page is idle, and a
  // result that comes later is drawn without that wait. Idle: a result already waiting is drawn
  // first (and pays it then, as it would without this).
  function warmFormats() {
    if (typeof requestIdleCallback !== "function" || !(/** @type {MaybeViews} */ (U).views)) return;
    requestIdleCallback(() => {
      try { new Intl.NumberFormat(hostContext.locale).format(1.5); } catch (error) { /* a locale Intl refuses: views.js falls back too */ }
    });
  }

  /* ------------------------------------------------------------------ the tree */

  /** @type {UiNode | null | undefined} */
  var formNode;
  /** @type {UiNode | null | undefined} */
  var resultNode;
  /** @type {HTMLFormElement | null | undefined} */
  var form;
  /** @type {HTMLElement | null | undefined} */
  var resultEl;
  /** @type {HTMLButtonElement | null | undefined} */
  var submitButton;
  /** @type {HTMLElement} the line beside the submit button that counts the fields to check */
  var formStatus;
  // The form's one field: the arguments object (rootObject), or, for a root that is not an
  // object, the field bound to the whole arguments (wholeField).
  /** @type {Field | null} */
  var rootObject = null;
  /** @type {Field | null} */
  var wholeField = null;
  // Never synchronously: the modules after this file must have run before hydrate().
  /** @param {() => void} then */
  function onReady(then) { if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", then); else queueMicrotask(then); }

  /** The first node of a type, depth first. @param {UiNode} node @param {string} type @returns {UiNode | null} */
  function findNode(node, type) {
    if (node.type === type) return node;
    var children = node.children || [];
    for (var i = 0; i < children.length; i++) { var found = findNode(children[i], type); if (found) return found; }
    return null;
  }
  // The fields among nodes, looking through every other node (a section, a card, …).
  /** @param {UiNode[] | undefined} nodes @returns {UiNode[]} */
  function fieldsOf(nodes) {
    /** @type {UiNode[]} */
    var fields = [];
    (nodes || []).forEach((node) => { fields = fields.concat(FIELDS[node.type] ? node : fieldsOf(node.children)); });
    return fields;
  }
  /** scope itself or its first descendant with that data-id. @param {Element} scope @param {string} id */
  function byDataId(scope, id) {
    if (scope.getAttribute("data-id") === id) return scope;
    var all = scope.querySelectorAll("[data-id]");
    for (var i = 0; i < all.length; i++) if (all[i].getAttribute("data-id") === id) return all[i];
    return null;
  }
  // JSON Pointer (RFC 6901): the runtime's one unescape (a token → its key) and escape (a key →
  // its one-token pointer). ~1 is unescaped before ~0, so ~01 is the key ~1.
  /** @param {string} token */
  var unescapeToken = (token) => token.replace(/~1/g, "/").replace(/~0/g, "~");
  /** @param {string} key */
  var pointerTo = (key) => "/" + key.replace(/~/g, "~0").replace(/\//g, "~1");
  /** The key a field fills in its parent: its bind's last token. @param {UiNode} node */
  function keyOf(node) { var bind = node.props.bind || ""; return unescapeToken(bind.slice(bind.lastIndexOf("/") + 1)); }
  /** parent's own child that matches selector. @param {Element} parent @param {string} selector @returns {HTMLElement | null} */
  function own(parent, selector) { return parent.querySelector(":scope > " + selector); }
  // An own enumerable property, even for a key like "__proto__".
  /** @param {object} object @param {string} key @param {unknown} value */
  function putOwn(object, key, value) { Object.defineProperty(object, key, { value: value, enumerable: true, writable: true, configurable: true }); }
  /** @param {object} object @param {PropertyKey} key */
  function hasOwn(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  /** A JSON object (not null, not an array). @param {unknown} value @returns {value is { [key: string]: Json }} */
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  /* ------------------------------------------------------------------ fields */

  /**
   * Marks a field wrong: its message in its error line, aria-invalid on the control (target, or
   * its own control, or its first), which joins `bad`. Returns UNSET, for field.get() to return.
   * @param {Field} field @param {string} message @param {HTMLElement} [target] @returns {Unset}
   */
  function fail(field, message, target) {
    var errorLine = own(field.w, ".err") || field.w.querySelector(".err");
    if (errorLine) errorLine.textContent = message;
    var control = target || field.ctl || /** @type {HTMLElement | null} */ (field.w.querySelector("input,select,textarea,button"));
    if (control) { control.setAttribute("aria-invalid", "true"); bad.push(control); }
    return UNSET;
  }

  /**
   * A field's common part; its kind adds get, set and clear. Any input in it marks it edited.
   * @param {UiNode} node @param {HTMLElement} wrapper @returns {Field}
   */
  function base(node, wrapper) {
    var field = /** @type {Field} */ ({ w: wrapper, p: node.props, key: keyOf(node), st: 0 });
    var edited = () => { field.st = 2; };
    wrapper.addEventListener("input", edited);
    wrapper.addEventListener("change", edited);
    return field;
  }

  /** Binds a node to its server-rendered element in scope. @param {UiNode} node @param {Element} scope @returns {Field} */
  function bind(node, scope) {
    var wrapper = /** @type {HTMLElement | null} */ (byDataId(scope, node.id));
    if (!wrapper) throw new Error("no element for " + node.id);
    var field = withNullBox((FIELDS[node.type] || jsonField)(node, wrapper));
    // Composites start from their default; simple controls already hold it in the HTML.
    if (field.p.default !== undefined && /^(Object|Array|Tuple|Map|Union|MultiSelect)Field$/.test(node.type)) { field.set(field.p.default); field.st = 0; }
    return field;
  }

  // Fields that cannot show null by being empty carry an explicit "null" checkbox.
  /** @param {Field} field @returns {Field} */
  function withNullBox(field) {
    // Typed as found: a field without one returns at once, below.
    var nullBox = /** @type {HTMLInputElement} */ (field.w.querySelector(":scope > .nul input, :scope > .check > .nul input"));
    if (!nullBox) return field;
    var get = field.get, set = field.set, clear = field.clear;
    var sync = () => { field.w.classList.toggle("is-null", nullBox.checked); };
    nullBox.addEventListener("change", sync);
    field.get = () => nullBox.checked ? null : get();
    field.set = (value) => { nullBox.checked = value === null; sync(); if (value !== null) set(value); };
    field.clear = () => { nullBox.checked = false; sync(); clear(); };
    return field;
  }

  /**
   * A field of one control whose text is its value (text, dates, numbers, JSON, a select): empty
   * means omitted, or null when nullable and cleared on purpose, or "required" when required.
   * @param {UiNode} node @param {HTMLElement} wrapper
   * @param {() => string | null | undefined} read the control's text
   * @param {(value: Json | Unset) => void} write shows a value; UNSET empties the control
   * @param {(text: string, field: Field) => Json | Unset} parse the text (not empty) → the value, or fail()
   * @param {boolean} [keepsEmpty] an empty string the host sent is sent back as ""
   * @returns {Field}
   */
  function scalar(node, wrapper, read, write, parse, keepsEmpty) {
    var field = base(node, wrapper), props = field.p;
    field.ctl = wrapper.querySelector(".ctl");
    field.set = (value) => {
      if (value === null) { write(UNSET); field.st = 3; } else { write(value); field.st = 1; }
    };
    field.clear = () => { write(UNSET); field.st = 0; };
    field.get = () => {
      var text = read();
      if (text === "" || text == null) {
        if (field.st === 3) return null;
        if (keepsEmpty && field.st === 1) return ""; // the host sent an empty string
        if (props.nullable && (field.st === 2 || props.required)) return null;
        return props.required ? fail(field, M.required) : UNSET;
      }
      return parse(text, field);
    };
    return field;
  }

  /** TextField (dates.js: DateTimeField, the same but for a date-time). @param {UiNode} node @param {HTMLElement} wrapper */
  function textField(node, wrapper) {
    var control = /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl")), props = node.props;
    return scalar(node, wrapper, () => control.value, (value) => { control.value = value === UNSET ? "" : typeof value === "string" ? value : JSON.stringify(value); },
      (text, field) => {
        var length = Array.from(text).length; // in characters, as JSON Schema counts
        if (props.minLength != null && length < props.minLength) return fail(field, M.atLeastChars(props.minLength));
        if (props.maxLength != null && length > props.maxLength) return fail(field, M.atMostChars(props.maxLength));
        if (props.pattern && !matches(props.pattern, text)) return fail(field, M.mustMatchPattern(props.pattern));
        if (props.format && FORMATS[props.format] && !FORMATS[props.format].test(text)) return fail(field, M.notValid(props.format));
        return text;
      }, true);
  }
  /** Whether text matches a schema pattern (unanchored, as JSON Schema). @param {string} pattern @param {string} text */
  function matches(pattern, text) {
    try { return new RegExp(pattern, "u").test(text); } catch (error) { return true; } // a pattern JS cannot compile is not checked here
  }
  /** @type {{ [format: string]: RegExp }} the formats checked here; any other is not */
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

  /** NumberField: a number input or a slider (with its <output>). @param {UiNode} node @param {HTMLElement} wrapper */
  function numberField(node, wrapper) {
    var control = /** @type {HTMLInputElement} */ (wrapper.querySelector(".ctl")), props = node.props, output = wrapper.querySelector("output");
    var isSlider = control.type === "range";
    // A slider cannot be empty: cleared (a host's tool input that omits it), it holds its default.
    var field = scalar(node, wrapper, () => control.value.trim(), (value) => { control.value = value === UNSET ? (isSlider ? control.defaultValue : "") : String(value); showValue(); },
      (text, field) => {
        if (props.integer ? !/^[-+]?\d+$/.test(text) : !isFinite(Number(text))) return fail(field, props.integer ? M.enterWhole : M.enterNumber);
        var number = Number(text);
        if (props.minimum != null && number < props.minimum) return fail(field, M.atLeast(props.minimum));
        if (props.maximum != null && number > props.maximum) return fail(field, M.atMost(props.maximum));
        if (props.exclusiveMinimum != null && number <= props.exclusiveMinimum) return fail(field, M.moreThan(props.exclusiveMinimum));
        if (props.exclusiveMaximum != null && number >= props.exclusiveMaximum) return fail(field, M.lessThan(props.exclusiveMaximum));
        // A multiple within floating-point error (0.3 is a multiple of 0.1).
        if (props.multipleOf && Math.abs(number / props.multipleOf - Math.round(number / props.multipleOf)) > 1e-9) return fail(field, M.multipleOf(props.multipleOf));
        return number;
      });
    function showValue() { if (output) output.textContent = control.value; }
    control.addEventListener("input", showValue);
    if (isSlider) { // a slider always holds a value: untouched means omitted unless required
      var get = field.get;
      field.get = () => field.st === 0 && !props.required && props.default === undefined ? UNSET : get();
    }
    showValue();
    return field;
  }

  /** JsonField (and any kind this page has no module for): JSON text. @param {UiNode} node @param {HTMLElement} wrapper */
  function jsonField(node, wrapper) {
    var control = /** @type {HTMLTextAreaElement} */ (wrapper.querySelector(".ctl"));
    return scalar(node, wrapper, () => control.value.trim(), (value) => { control.value = value === UNSET ? "" : JSON.stringify(value, null, 2); },
      (text, field) => {
        try { return JSON.parse(text); } catch (error) { return fail(field, M.notJson(/** @type {Error} */ (error).message)); }
      });
  }

  /**
   * An object: the fields of its properties; a MapField with rest=true holds the other keys.
   * @param {UiNode} node @param {HTMLElement} wrapper
   * @param {boolean} required sent even untouched (the form's arguments)
   * @returns {Field}
   */
  function objectGroup(node, wrapper, required) {
    var field = base(node, wrapper), props = node.props, properties = fieldsOf(node.children).map((child) => bind(child, wrapper));
    var restField = properties.filter((property) => property.p.rest)[0];
    properties = properties.filter((property) => property !== restField);
    field.set = (value, partial) => {
      field.st = 1;
      var object = isObject(value) ? value : {};
      /** @type {{ [key: string]: Json }} the keys no property field takes */
      var others = {};
      for (var key in object) putOwn(others, key, object[key]);
      properties.forEach((property) => {
        if (hasOwn(object, property.key)) { property.set(object[property.key]); delete others[property.key]; }
        else if (!partial) property.clear();
      });
      if (restField && (!partial || Object.keys(others).length)) restField.set(others);
    };
    field.clear = () => { properties.forEach((property) => { property.clear(); }); if (restField) restField.clear(); field.st = 0; };
    field.get = () => {
      if (field.st === 0 && !required && !props.required) return UNSET; // an optional object nobody touched
      /** @type {{ [key: string]: Json }} */
      var object = {};
      var others = restField ? restField.get() : UNSET;
      if (isObject(others)) for (var key in others) putOwn(object, key, others[key]);
      properties.forEach((property) => { var value = property.get(); if (value !== UNSET) putOwn(object, property.key, value); });
      return object;
    };
    return field;
  }
  /** @param {UiNode} node @param {HTMLElement} wrapper */
  function objectField(node, wrapper) { return objectGroup(node, wrapper, false); }

  // choices.js adds the choices (checkboxes, selects and radios, constants); fields.js the
  // composite kinds (lists, maps, tuples, unions, multi-selects, files).
  /** @type {CompileUi["FIELDS"]} */
  var FIELDS = {
    TextField: textField, NumberField: numberField, JsonField: jsonField, ObjectField: objectField
  };

  /* ------------------------------------------------------------------ the form */

  // The tree travels in #ui-tree; the ask page (no #ui-tree) hydrates again with the tree it fetched.
  /** @param {UiNode} [tree] */
  function hydrate(tree) {
    var treeScript = doc.getElementById("ui-tree");
    var treeRoot = tree || (treeScript ? JSON.parse(/** @type {string} */ (treeScript.textContent)) : {});
    formNode = findNode(treeRoot, "Form"); resultNode = findNode(treeRoot, "ResultView");
    form = formNode && /** @type {HTMLFormElement | null} */ (doc.getElementById(formNode.id));
    resultEl = resultNode && doc.getElementById(resultNode.id);
    if (form) {
      var fields = fieldsOf(/** @type {UiNode} */ (formNode).children);
      // A root that is not an object is one field bound to the whole arguments ("").
      if (fields.length === 1 && fields[0].props.bind === "") wholeField = bind(fields[0], form);
      else rootObject = objectGroup(/** @type {UiNode} */ (formNode), form, true);
      form.addEventListener("submit", (event) => { event.preventDefault(); U.run(); });
      submitButton = form.querySelector("[data-action=submit]");
      formStatus = /** @type {HTMLElement} */ (own(form, ".actions > .status"));
    }
    if (U.tabs) U.tabs(doc); // layout.js: shipped with any layout node, Tabs among them
    hydrated = true;
    earlyNotes.splice(0).forEach((message) => /** @type {NoteHandler} */ (NOTES[message.method])(message.params));
  }
  onReady(() => hydrate());

  /** @param {Json | undefined} args the tool's arguments the host sent @param {boolean} partial still streaming */
  function prefill(args, partial) {
    if (!form || !isObject(args)) return;
    hostArgs = args;
    if (wholeField) wholeField.set(args); else /** @type {Field} */ (rootObject).set(args, partial);
    if (partial) return;
    shownArgs = args;
    resultStatus(M.waiting, true);
    // Values the host sent must be visible: open the folded sections that hold one.
    form.querySelectorAll("details").forEach((details) => {
      var controls = /** @type {HTMLInputElement[]} */ (Array.from(details.querySelectorAll(".ctl, .opt")));
      if (controls.some((control) => control.type === "checkbox" || control.type === "radio" ? control.checked : control.value)) details.open = true;
    });
  }

  // Show a control hidden in a folded section or an unselected tab (to show its error).
  /** @param {HTMLElement} control */
  function reveal(control) {
    for (var node = control.parentElement; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") /** @type {HTMLDetailsElement} */ (node).open = true;
      if (node.showTab && node.hidden) node.showTab(); // a tab panel (layout.js)
    }
  }

  // The form's values; the fields that failed are in `bad`, marked, their errors shown.
  /** @returns {Json | Unset} */
  function collect() {
    unmark();
    var value = /** @type {Field} */ (wholeField || rootObject).get();
    return value === UNSET ? {} : value;
  }
  function unmark() {
    bad.length = 0;
    /** @type {HTMLFormElement} */ (form).querySelectorAll(".err").forEach((errorLine) => { errorLine.textContent = ""; });
    /** @type {HTMLFormElement} */ (form).querySelectorAll("[aria-invalid]").forEach((control) => { control.removeAttribute("aria-invalid"); });
  }

  // The values when all are valid; else UNSET, the first bad field shown and focused.
  /** @returns {Json | Unset} */
  function check() {
    var args = collect(), badCount = bad.length;
    formStatus.textContent = badCount ? (badCount > 1 ? M.checkFields(badCount) : M.checkField) : "";
    formStatus.className = badCount ? "status error" : "status";
    if (!badCount) return args;
    bad.forEach(reveal);
    bad[0].focus();
    return UNSET;
  }

  /** @type {((params: ProgressParams) => void) | null} the running call's progress, while it runs */
  var onProgress = null;
  /** @type {number} the newest run: the answer to an older one is dropped (issue 51: inputs that re-run) */
  var runs = 0;
  // A run's end, once: its timer, its line, its question; the progress is the newest run's.

  /**
   * Runs the tool with the form's values. Resolves with the result drawn, null when the call
   * failed, undefined when nothing was drawn (invalid values, a newer run started, cancelled).
   * @param {boolean} [quiet] a refresh the page made itself (live.js's timer): not told to the model
   * @param {Json} [given] these arguments, not the form's (live.js: the result shown's, while the form may hold an edit not sent)
   * @returns {Promise<RpcResult | null | undefined>}
   */
  function run(quiet, given) {
    var args = tornDown ? UNSET : given !== undefined ? given : check(), mine = ++runs;
    if (args === UNSET) return Promise.resolve(undefined);
    var tool = /** @type {UiNode} */ (formNode).props.toolName;
    busy(true);
    if (!quiet) resultStatus(M.running, true);
    // The call carries a progress token (its own id): a bar follows the host's progress
    // notifications (indeterminate without a total), a counter shows the time elapsed, and
    // Cancel sends notifications/cancelled for the request and stops waiting for it.
    var id = nextRequestId, started = Date.now(), bar = el("progress"), message = el("span"), elapsed = el("span", { class: "muted" });
    var ticking = setInterval(() => { elapsed.textContent = M.seconds(Math.round((Date.now() - started) / 1e3)); }, 1e3);
    // question.js: the upstream's questions about this call, asked here (its token in _meta).
    var asked = U.asks ? U.asks(tool) : null;
    /** @type {{ [key: string]: unknown }} */
    var meta = { progressToken: id, "compile-ui/app": true };
    if (asked) meta["compile-ui/ask"] = asked.token;
    var ended = false, end = () => { if (!ended) { ended = true; clearInterval(ticking); if (mine === runs) onProgress = null; runLine.remove(); if (asked) asked.stop(); } };
    onProgress = (progress) => {
      if (progress.progressToken !== id) return;
      if (/** @type {number} */ (progress.total) > 0) { bar.max = /** @type {number} */ (progress.total); bar.value = /** @type {number} */ (progress.progress); }
      message.textContent = progress.message || "";
    };
    var runLine = el("div", { class: "run" }, bar, message, elapsed, el("button", { type: "button", class: "btn small", onclick: () => {
      var waiting = pendingRequests[id];
      delete pendingRequests[id]; end(); busy(false); runs++;
      if (waiting) waiting[1]({}); // settles the run (as dropped: a newer count), for whoever waits on it
      notify("notifications/cancelled", { requestId: id, reason: M.cancelledByUser });
      resultStatus(M.cancelled);
    } }, M.cancel));
    if (resultEl) /** @type {HTMLElement} */ (own(resultEl, ".status")).after(runLine);
    // "compile-ui/app": the proxy can tell the runs the user started from the page.
    // (args: not UNSET, returned above; a var is not narrowed inside callbacks)
    // An answer that comes after a newer run started is dropped: the page shows the newest.
    return request("tools/call", { name: tool, arguments: args, _meta: meta }).then((result) => {
      end();
      if (mine !== runs) return undefined;
      shownArgs = /** @type {Json} */ (args);
      showResult(result);
      // A form with no inputs has nothing to edit: it folds as after a host's result, its Run
      // now Run again (live.js's, on a read-only tool's page).
      if (!fieldsOf(/** @type {UiNode} */ (formNode).children).length) foldForm();
      if (!quiet) tellModel(/** @type {Json} */ (args), result);
      return result;
    }, (error) => {
      end();
      if (mine !== runs) return undefined;
      busy(false);
      resultStatus(M.callFailed(reasonOf(error)) + (error && error.code != null ? " (" + error.code + ")" : ""), false, true);
      if (!quiet) tellModel(/** @type {Json} */ (args), null, error);
      return null;
    });
  }

  /** @param {boolean} on */
  function busy(on) {
    if (submitButton) { submitButton.disabled = on; submitButton.setAttribute("aria-busy", String(on)); }
    if (resultEl) resultEl.setAttribute("aria-busy", String(on));
  }

  /* ------------------------------------------------------------------ the model hears of the run */

  // After a run from the form, the host's model gets a summary (ui/update-model-context; each
  // replaces the last) when the host declared updateModelContext: {tool, arguments, isError,
  // result | error}, as structuredContent if the host declared that modality, else as JSON text.
  // Bounded (docs/runtime.md): a value whose JSON is at most SUMMARY_BYTES = 2048 bytes goes
  // whole, a larger one as its shape and a preview, SUMMARY_BYTES of JSON in all; the summary
  // stays under 5 KiB. With `message` declared, "Send to chat" posts one short line as the user (ui/message).
  var SUMMARY_BYTES = 2048, utf8 = new TextEncoder();
  /** The bytes of a value's JSON (UTF-8). @param {unknown} value */
  var jsonBytes = (value) => utf8.encode(JSON.stringify(value)).length;
  /**
   * The longest prefix of text whose JSON string takes at most budget bytes (whole characters).
   * @param {string} text @param {number} budget
   */
  function fitJson(text, budget) {
    // Character by character: the budget less its bytes inside the quotes must leave 2 (the quotes).
    for (var end = 0, char; end < text.length && (budget -= jsonBytes(char = String.fromCodePoint(/** @type {number} */ (text.codePointAt(end)))) - 2) >= 2; end += char.length);
    return text.slice(0, end);
  }
  /** text, or its prefix that fits with "…" after it. @param {string} text @param {number} budget */
  function shorten(text, budget) { var prefix = fitJson(text, budget); return prefix === text ? text : prefix + "…"; }
  /**
   * A value whose JSON fits SUMMARY_BYTES as it is; a larger one as its type, size, keys (at most
   * 20), the count of rows of its largest array, and the preview of its JSON that fits.
   * @param {unknown} value @returns {unknown}
   */
  function summarize(value) {
    /** @type {{ type: string, bytes: number, rows?: number, rowsAt?: string, keys?: string[], preview?: string }} */
    var summary = { type: Array.isArray(value) ? "array" : typeof value, bytes: jsonBytes(value) };
    if (summary.bytes <= SUMMARY_BYTES) return value;
    if (Array.isArray(value)) summary.rows = value.length;
    else if (isObject(value)) {
      summary.keys = Object.keys(value).slice(0, 20).map((key) => fitJson(key, 40));
      // The largest array's rows: where a table's rows usually are.
      for (var key in value) {
        var member = value[key];
        if (Array.isArray(member) && member.length > (summary.rows || 0)) { summary.rows = member.length; summary.rowsAt = fitJson(key, 40); }
      }
    }
    summary.preview = ""; // counted (empty) in the summary's own bytes: the preview gets the rest
    summary.preview = fitJson(typeof value === "string" ? value : JSON.stringify(value), SUMMARY_BYTES - jsonBytes(summary));
    return summary;
  }
  /**
   * Tells the host's model what the run did, and offers "Send to chat" (leads.js: a call of
   * another tool, a followed link, too).
   * @param {Json} args @param {RpcResult | null} result @param {RpcError} [error] the failure, when result is null @param {string} [tool]
   */
  function tellModel(args, result, error, tool) {
    tool = tool || /** @type {UiNode} */ (formNode).props.toolName;
    var modelContext = caps.updateModelContext;
    var said = result ? (Array.isArray(result.content) ? result.content : []).map((block) => block && block.text).join("\n") : reasonOf(error);
    /** @type {{ tool: unknown, arguments: unknown, isError: boolean, result?: unknown, error?: string }} */
    var summary = { tool: tool, arguments: summarize(args), isError: !result || !!result.isError };
    if (result) summary.result = summarize(result.structuredContent !== undefined ? result.structuredContent : said); else summary.error = shorten(said, 500);
    // A refused update changes nothing on the page.
    if (modelContext) {
      request("ui/update-model-context", modelContext.structuredContent ? { structuredContent: summary } : { content: [{ type: "text", text: JSON.stringify(summary) }] }).catch(() => {});
    }
    if (!caps.message || !resultEl) return;
    var line = M.ranLine(tool, shorten(JSON.stringify(args), 200), summary.isError ? M.ranFailed(shorten(said, 200)) : M.ranOk);
    var sentNote = el("span", { class: "muted", role: "status" });
    var sendButton = el("button", { type: "button", class: "btn small", onclick: () => {
      sendButton.disabled = true;
      request("ui/message", { role: "user", content: [{ type: "text", text: line }] }).then((answer) => {
        if (answer && answer.isError) throw M.hostRefusedIt;
        sentNote.textContent = M.sentToChat;
      }).catch((failure) => { sendButton.disabled = false; sentNote.textContent = M.notSent(reasonOf(failure)); });
    } }, M.sendToChat);
    /** @type {HTMLElement} */ (own(resultEl, ".result-body")).appendChild(el("div", { class: "actions" }, sendButton, sentNote));
  }

  /* ------------------------------------------------------------------ results */

  /** A result with nothing to show (a host's early, empty tool-result). @param {unknown} result */
  function emptyResult(result) {
    return !isObject(result) || (!(Array.isArray(result.content) && result.content.length) && result.structuredContent === undefined && !result.isError);
  }

  /** The result's status line (shows the result box). @param {string} text @param {boolean} [spin] @param {boolean} [error] an error empties the result body */
  function resultStatus(text, spin, error) {
    if (!resultEl) return;
    resultEl.hidden = false;
    var status = /** @type {HTMLElement} */ (own(resultEl, ".status"));
    status.textContent = text;
    status.className = "status" + (spin ? " spin" : "") + (error ? " error" : "");
    if (error) /** @type {HTMLElement} */ (own(resultEl, ".result-body")).replaceChildren();
  }

  // The result leads (issue 49): a result the host sent (a run the model started, its arguments
  // already chosen) folds the form into one line — the arguments that produced it, "Label value ·
  // …", and Edit, which opens the form again; a tool without inputs gets Run again instead. A run
  // the person starts from the form leaves it open (they are the one editing it), unless it has
  // no inputs: then it folds too (run).
  /** @type {Json | undefined} the arguments the host sent (tool-input) */
  var hostArgs;
  /** @type {Json | undefined} the arguments of the result shown: the host's tool-input, or the page's last run drawn */
  var shownArgs;
  /** @type {HTMLElement | null} the folded form's line */
  var argsLine = null;
  function foldForm() {
    if (!form || !resultEl || tornDown) return;
    var fields = fieldsOf(/** @type {UiNode} */ (formNode).children).length, said = hostArgs === undefined ? "" : argsText(hostArgs) || (fields ? M.defaultInputs : ""), shownForm = /** @type {HTMLFormElement} */ (form), line = argsLine || (argsLine = el("div", { class: "args" }));
    var open = () => { line.hidden = true; shownForm.hidden = false; var first = /** @type {HTMLElement | null} */ (shownForm.querySelector(".ctl, .opt")); if (first) first.focus(); };
    line.replaceChildren(el("span", { class: "args-text", title: said || null }, said), el("button", { type: "button", class: "btn small", onclick: fields ? open : () => { U.run(); } }, fields ? M.edit : M.runAgain));
    line.className = said ? "args" : "args bare"; // a tool without inputs: its button alone
    if (!line.isConnected) shownForm.before(line);
    line.hidden = false; shownForm.hidden = true;
  }
  /**
   * The arguments as one line: each one's label (its field's) and its value, short; an object of
   * them, its own ("Starting MRR 50000 · Growth 5 · …").
   * @param {Json | undefined} args @returns {string}
   */
  function argsText(args) {
    /** @type {{ [key: string]: string }} every field's label, by key */
    var labels = {};
    /** @type {(nodes: UiNode[] | undefined) => void} */
    var walk = (nodes) => { fieldsOf(nodes).forEach((field) => { labels[keyOf(field)] = labels[keyOf(field)] || /** @type {string} */ (field.props.label); walk(field.children); }); };
    walk(/** @type {UiNode} */ (formNode).children);
    /** @type {(value: Json, key?: string) => string[]} */
    var said = (value, key) => isObject(value) && Object.keys(value).length ? Object.keys(value).filter((inner) => value[inner] != null && value[inner] !== "").flatMap((inner) => said(value[inner], inner))
      : [(key ? (labels[key] || key) + " " : "") + shortText(value)];
    return args == null || (isObject(args) && !Object.keys(args).length) ? "" : said(args).join(" · ");
  }
  /**
   * A value in a few words: text cut at 40 characters, a list's first three (a record among them
   * by its first text: pdf-reader's sources by their paths), JSON for the rest.
   * @param {Json} value @returns {string}
   */
  function shortText(value) {
    /** @type {(item: Json) => Json} */
    var named = (item) => isObject(item) ? Object.values(item).find((inner) => typeof inner === "string" && inner) ?? JSON.stringify(item) : item === null || typeof item === "object" ? JSON.stringify(item) : item;
    var text = typeof value === "string" ? value : Array.isArray(value) ? value.slice(0, 3).map(named).join(", ") + (value.length > 3 ? ", …" : "") : typeof value === "boolean" ? (value ? M.yes : M.no) : JSON.stringify(value);
    return text.length > 40 ? text.slice(0, 39) + "…" : text;
  }

  /** @type {ToolResult | null} the result shown last: a new locale formats it again (reformat) */
  var lastResult = null;

  /** @param {RpcResult} result */
  function showResult(result) {
    busy(false);
    if (!resultEl || !isObject(result)) return;
    lastResult = result;
    drawResult(resultEl, result);
  }

  /** The result's views (views.js; content blocks without it), then its raw JSON. @param {HTMLElement} resultBox @param {ToolResult} result */
  function drawResult(resultBox, result) {
    // (an error the views draw is its own alert, titled Error: the status does not say it again)
    var views = /** @type {MaybeViews} */ (U).views;
    resultStatus(result.isError && !views ? M.toolError : "", false, result.isError);
    var body = /** @type {HTMLElement} */ (own(resultBox, ".result-body")), view = el("div", { class: "view" });
    body.replaceChildren(view);
    try {
      if (views) views.render(view, result, /** @type {UiNode} */ (resultNode), ctx);
      else drawFallback(view, result);
    } catch (error) {
      view.replaceChildren();
      drawFallback(view, result);
      if (result.isError) /** @type {HTMLElement} */ (own(resultBox, ".status")).textContent = M.toolError; // (no alert drawn: the status says it)
      ctx.log("error", "result view failed: " + error);
    }
    body.appendChild(el("details", { class: "raw" }, el("summary", null, M.rawJson), el("pre", { class: "json" }, JSON.stringify(result, null, 2))));
  }

  /** @param {HTMLElement} view @param {ToolResult} result */
  function drawFallback(view, result) {
    (Array.isArray(result.content) ? result.content : []).forEach((block) => { view.appendChild(contentBlock(block)); });
    if (result.structuredContent !== undefined) view.appendChild(el("pre", { class: "json" }, JSON.stringify(result.structuredContent, null, 2)));
  }

  // Without views.js (or when it throws): text blocks as text, anything else as JSON.
  /** @param {unknown} block */
  function contentBlock(block) {
    return isObject(block) && block.type === "text" ? el("pre", { class: "text-block" }, String(block.text)) : el("pre", { class: "json" }, JSON.stringify(block, null, 2));
  }

  /* ------------------------------------------------------------------ for the modules */

  // What the modules build on; they run right after this file, before hydrate().
  /** @type {CompileUi} the modules add their members to this same object */
  var U = /** @type {CompileUi} */ (/** @type {unknown} */ ({
    FIELDS: FIELDS, UNSET: UNSET, invalid: bad, baseField: base, bindField: bind, scalarField: scalar, markInvalid: fail,
    ownChild: own, putOwn: putOwn, hasOwn: hasOwn, isObject: isObject, fieldsOf: fieldsOf,
    fieldKey: keyOf, unescapeToken: unescapeToken, pointerTo: pointerTo, matchesPattern: matches,
    NOTES: NOTES, REQUESTS: REQUESTS, viewContext: ctx, hydrate: hydrate, run: run, argsShown: () => shownArgs, check: check, collect: collect, unmark: unmark, request: request, tellModel: tellModel
  }));
  return U;
})()));
