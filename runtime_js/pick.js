/* compile-ui pick: pickers fed by the server (issue 51). Shipped only in pages whose tree has a
   Picker node (runtime_js.MODULES): the compiler gives one to an input another tool's result
   provides, only from a tool that may run without a click (compiler/compile/live.py: the lead
   index read the other way), so nothing here ever calls a tool that may write. Any tool's form
   has them, one that writes too: a value picked only fills the input (live.js, only in a
   read-only tool's page, runs it). An input with two sources offers the first (a LayoutSpec
   chose or ordered them).
   Pick beside the input calls that tool once (its arguments from the form, as a link's are),
   keeps its answer while the page lives, and offers its values with their labels, filtered as
   one types; the input stays free text. A failure names the tool.
   Data is never markup: DOM nodes and textContent only. Types: types/live.d.ts. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var doc = document;
  Object.assign(views.NODES, { Picker: () => "" });

  /* ------------------------------------------------------------------ pure rules (node --test) */

  /** @type {(key: unknown) => string} a key as matched: case, spaces, "_" and "-" ignored */
  var norm = (key) => String(key).replace(/[\s_-]/g, "").toLowerCase();
  // A listing's line: "[FILE] a.txt", "[DIR] src".
  var MARKER = /^\[[A-Za-z]+\]\s+/;
  // A value that is not relative: an absolute or home path, a drive, a URL.
  var ABSOLUTE = /^([/~\\]|[A-Za-z]:[\\/]|[a-z][\w+.-]*:\/\/)/;

  /** Whether a value may fill the picker's input: its type, 500 characters at most, its test. @param {Picker} picker @param {unknown} value */
  function fits(picker, value) {
    var type = picker.valueType || "string";
    if (type === "string" ? typeof value !== "string" || !value.trim() || value.length > 500
      : typeof value !== "number" || (type === "integer" && !Number.isInteger(value))) return false;
    try { return !picker.test || new RegExp(picker.test, "u").test(String(value)); } catch (error) { return false; }
  }
  /**
   * The values a result offers a picker, each once, with a label (a name, title or label beside
   * it): under its keys at any depth of the data, or its whole lines of text.
   * @param {Picker} picker @param {ToolResult} result @param {Json} [base] the form's value of the input, a relative value's directory
   * @returns {{ value: Json, label: string }[]}
   */
  function offers(picker, result, base) {
    /** @type {{ value: Json, label: string }[]} */
    var out = [], seen = new Set(), keys = (picker.keys || []).map(norm);
    /** @param {Json} value @param {string} [label] */
    var offer = (value, label) => {
      if (picker.lines && typeof value === "string" && typeof base === "string" && base && !ABSOLUTE.test(value)) value = base.replace(/[/\\]+$/, "") + "/" + value.replace(/^\.\//, "");
      if (!seen.has(value) && out.length < 1000) { seen.add(value); out.push({ value: value, label: label && label !== value ? label : "" }); }
    };
    /** @type {(data: Json, depth: number, under?: string) => void} */
    var walk = (data, depth, under) => {
      if (depth > 8 || !data || typeof data !== "object") return;
      if (Array.isArray(data)) { data.forEach((item) => walk(item, depth + 1, under)); return; }
      // A file tree's node (server-filesystem's directory_tree: name, type, a directory's
      // children): its path under the nodes above it, for a picker of lines (paths).
      if (picker.lines && typeof data.name === "string" && (Array.isArray(data.children) || /^(file|dir(ectory)?)$/.test(String(data.type)))) {
        var path = (under || "") + data.name;
        if (fits(picker, path)) offer(path);
        walk(data.children || null, depth + 1, path + "/");
        return;
      }
      var label = ["name", "title", "label", "description"].map((key) => data[key]).find((text) => typeof text === "string");
      for (var key in data) {
        if (keys.indexOf(norm(key)) >= 0 && fits(picker, data[key])) offer(data[key], /** @type {string | undefined} */ (label));
        else walk(data[key], depth + 1);
      }
    };
    walk(/** @type {Json} */ (result.structuredContent), 0);
    (Array.isArray(result.content) ? result.content : []).forEach((block) => {
      var text = block && block.type === "text" && typeof block.text === "string" ? block.text : "";
      // JSON, a Python literal (str() of a list of dicts: mcp-server-sqlite), else a listing's lines
      /** @type {Json | undefined} */
      var data;
      try { data = JSON.parse(text); } catch (error) { data = views.text.pythonLiteral(text); }
      if (data !== undefined) walk(data, 0);
      else if (picker.lines) text.split("\n").map((line) => line.trim().replace(MARKER, "")).filter((line) => fits(picker, line)).forEach((line) => offer(line));
    });
    return out;
  }

  /* ------------------------------------------------------------------ the page */


  /** @type {{ [tool: string]: Promise<RpcResult> }} each source's answer, called once while the page lives */
  var answers = {};
  /** A Pick button beside the input's control, a list of the source's values under it. @param {Picker} source */
  function picker(source) {
    var wrapper = doc.querySelector('[data-id="f:' + CU.pointerTo(source.argument).replace(/["\\]/g, "\\$&") + '"]');
    var control = /** @type {HTMLInputElement | null} */ (wrapper && wrapper.querySelector("input.ctl"));
    if (!control || control.type === "range") return;
    var input = control, search = /** @type {HTMLInputElement} */ (el("input", { type: "search", class: "pick-search", placeholder: M.pickSearch, "aria-label": M.pickSearch, oninput: () => { show(); } }));
    var list = el("ul", { class: "pick-list", role: "listbox", "aria-label": M.pickFrom(source.title) }), status = el("p", { class: "status", role: "status" });
    var panel = el("div", { class: "picker", hidden: true }, search, status, list);
    /** @type {{ value: Json, label: string }[]} */
    var values = [];
    function show() {
      var words = search.value.toLowerCase();
      list.replaceChildren(...values.filter((item) => (String(item.value) + " " + item.label).toLowerCase().indexOf(words) >= 0).slice(0, 100).map((item) =>
        el("li", null, el("button", { type: "button", class: "btn pick", role: "option", "data-value": String(item.value), onclick: () => {
          input.value = String(item.value); panel.hidden = true;
          input.dispatchEvent(new Event("input", { bubbles: true })); input.dispatchEvent(new Event("change", { bubbles: true }));
          input.dispatchEvent(new Event("picked", { bubbles: true })); // live.js: a picked value runs the tool, when a result shows
          input.focus();
        } }, String(item.value), item.label && el("span", { class: "muted" }, " " + item.label)))));
      status.textContent = values.length ? "" : M.pickNone;
    }
    function open() {
      panel.hidden = !panel.hidden;
      if (panel.hidden) return;
      var args = /** @type {{ [key: string]: Json }} */ (CU.isObject(CU.collect()) ? CU.collect() : {});
      CU.unmark();
      /** @type {{ [key: string]: Json }} */
      var sent = {};
      (source.fills || []).forEach((fill) => { var value = args[fill.name || fill.argument]; if (value !== undefined) CU.putOwn(sent, fill.argument, value); });
      var key = source.tool + JSON.stringify(sent);
      status.textContent = M.calling(source.title); status.className = "status spin";
      (answers[key] = answers[key] || CU.request("tools/call", { name: source.tool, arguments: sent, _meta: { "compile-ui/app": true } })).then((result) => {
        if (result && result.isError) throw (result.content || []).map((block) => block && block.text).join(" ") || M.toolError;
        values = offers(source, /** @type {ToolResult} */ (result), args[source.argument]); status.className = "status"; show(); search.focus();
      }).catch((error) => { delete answers[key]; status.className = "status error"; status.textContent = M.pickFailed(source.title, String((error && error.message) || error)); });
    }
    input.after(el("button", { type: "button", class: "btn small", "data-pick": source.tool, "aria-expanded": "false", title: M.pickFrom(source.title), onclick: (event) => {
      open(); /** @type {HTMLElement} */ (event.currentTarget).setAttribute("aria-expanded", String(!panel.hidden));
    } }, M.pick), panel);
  }

  /** @type {(node: UiNode) => UiNode[]} the tree's Picker nodes */
  var pickers = (node) => node.type === "Picker" ? [node] : (node.children || []).flatMap(pickers);
  /** @param {() => void} then */
  var ready = (then) => { if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", then); else then(); };
  ready(() => {
    var tree = doc.getElementById("ui-tree");
    /** @type {Set<string>} inputs with a picker */
    var done = new Set();
    if (tree) pickers(JSON.parse(/** @type {string} */ (tree.textContent))).forEach((node) => {
      var source = /** @type {Picker} */ (/** @type {unknown} */ (node.props));
      if (!done.has(source.argument)) { done.add(source.argument); picker(source); }
    });
  });

  CU.pick = { offers: offers, fits: fits };
})(CU.views);
