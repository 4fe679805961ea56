/* compile-ui live: a read-only tool's result that stays live (issue 51). Shipped only in pages
   whose tree has a Live node (runtime_js.MODULES): the compiler gives one only to a tool that may
   run without a click, read-only and not destructive (compiler/compile/leads/live.py), so
   nothing here ever calls a tool that may write. Concatenated after views.js (whose render it
   wraps) and leads.js (whose CU.run it calls).
     Run again   a line above the result: Run again, "Updated 12 s ago", the timer. Running again
                 keeps the page's scroll, the open tabs and a table's sort, and marks the values
                 that changed (class "changed", titled so).
     Timer       Off / 5 s / 15 s / 1 min (the Live node's every: a LayoutSpec's live.every).
                 One refresh at a time: the next is set when a run ends, never while one is in
                 flight (the person's own too); none while the page is hidden (visibilitychange);
                 after an error the wait doubles (at most 5 min), and the line says so. Stopped
                 at the host's teardown and when it cancels. A refresh is not told to the model.
     Inputs      (props.inputs) a changed input re-runs the tool once it settles (300 ms); the
                 model hears at most one summary every 3 s of those runs (the latest).
     Pickers     an input another read-only tool's result provides: Pick calls that tool once
                 (its arguments from the form), keeps its answer while the page lives, and
                 offers its values with their labels, filtered as one types; the input stays free text.
   Data is never markup: DOM nodes and textContent only. Types: types/live.d.ts. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var render = views.render, notes = CU.NOTES, requests = CU.REQUESTS, doc = document;
  Object.assign(views.NODES, { Live: () => "" });

  /* ------------------------------------------------------------------ pure rules (node --test) */

  /** Seconds to wait after failures in a row: the timer's, doubled per failure, at most 300. @param {number} every @param {number} failures */
  var backoff = (every, failures) => Math.min(every * Math.pow(2, failures), 300);
  /** Elapsed time, short: "12 s", "3 min". @param {number} ms */
  var ago = (ms) => { var s = Math.max(0, Math.round(ms / 1e3)); return s < 60 ? M.seconds(s) : M.minutes(Math.floor(s / 60)); };
  /** @type {(key: unknown) => string} a key as matched: "Table Name", "table_name" → "tablename" */
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
    /** @type {(data: Json, depth: number) => void} */
    var walk = (data, depth) => {
      if (depth > 8 || !data || typeof data !== "object") return;
      if (Array.isArray(data)) { data.forEach((item) => walk(item, depth + 1)); return; }
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

  /** @type {LiveNode | undefined} the tree's Live node (read once) */
  var live;
  /** @returns {LiveNode} */
  function liveNode() {
    if (live) return live;
    var tree = doc.getElementById("ui-tree");
    /** @type {(node: UiNode) => UiNode | undefined} */
    var find = (node) => node.type === "Live" ? node : (node.children || []).map(find).find(Boolean);
    live = /** @type {LiveNode} */ ((tree && find(JSON.parse(/** @type {string} */ (tree.textContent)))) || { id: "", type: "Live", props: {} });
    return live;
  }

  var every = 0, failures = 0, timer = 0, ticker = 0, updated = 0, stopped = false, inFlight = false;
  /** @type {ToolResult | undefined} the result drawn last */
  var shown;
  /** @type {HTMLElement | undefined} the line: Run again, updated, the timer, a note */
  var line;
  var when = el("span", { class: "muted" }), note = el("span", { class: "status", role: "status" });
  var choose = /** @type {HTMLSelectElement} */ (el("select", { class: "ctl small", "aria-label": M.refresh, onchange: () => {
    every = Number(choose.value); failures = 0; stopped = false; note.textContent = "";
    if (every) again(true); else schedule();
  } }, [0, 5, 15, 60].map((seconds) => el("option", { value: seconds }, seconds ? M.refreshEvery(seconds < 60 ? M.seconds(seconds) : M.minutes(seconds / 60)) : M.refreshOff))));
  var hidden = () => doc.visibilityState === "hidden";
  var busy = () => inFlight || !!doc.querySelector(".result[aria-busy=true]");

  function tick() { if (updated) when.textContent = M.updatedAgo(ago(Date.now() - updated)); }
  /** The next refresh, when the timer is on, the page shown and nothing runs; the clock line ticks while shown. */
  function schedule() {
    clearTimeout(timer); clearInterval(ticker); timer = ticker = 0;
    if (stopped || hidden()) return;
    tick();
    ticker = setInterval(tick, 1e3);
    if (every && updated && !busy()) timer = setTimeout(() => { again(true); }, Math.max(0, backoff(every, failures) * 1e3 - (Date.now() - updated)));
  }
  doc.addEventListener("visibilitychange", schedule);

  /**
   * Runs the tool again with the form's values (quiet: the timer's, not told to the model),
   * keeping the scroll, the open tabs and the sort, and marking the values that changed.
   * @param {boolean} [quiet]
   */
  function again(quiet) {
    if (busy() || stopped) return;
    var kept = keep();
    inFlight = true; clearTimeout(timer);
    Promise.resolve(CU.run(quiet)).then((result) => {
      inFlight = false;
      if (result === null || (result && result.isError)) { failures++; note.textContent = every ? M.refreshFailed(failures, M.seconds(backoff(every, failures))) : ""; updated = Date.now(); }
      else if (result) { failures = 0; note.textContent = ""; kept(); }
      schedule();
    });
  }

  /** What a person set on the result shown (scroll, open tabs, sort, values), and a function that puts it back after the next draw. */
  function keep() {
    var scroller = /** @type {Element} */ (doc.scrollingElement), top = scroller.scrollTop;
    var body = () => /** @type {HTMLElement} */ (doc.querySelector(".result > .result-body"));
    var values = () => /** @type {HTMLElement[]} */ (Array.from(body().querySelectorAll(".view td, .view dd, .view .tile-v")));
    var before = values().map((cell) => cell.textContent);
    var tabs = Array.from(body().querySelectorAll("[role=tab]")).map((tab) => tab.getAttribute("aria-selected") === "true");
    var sorts = Array.from(body().querySelectorAll("th[aria-sort]")).map((th) => th.getAttribute("aria-sort"));
    var focused = doc.activeElement;
    return () => {
      Array.from(body().querySelectorAll("[role=tab]")).forEach((tab, i) => { if (tabs[i] && tab.getAttribute("aria-selected") !== "true") /** @type {HTMLElement} */ (tab).click(); });
      Array.from(body().querySelectorAll("th[aria-sort]")).forEach((th, i) => {
        var button = /** @type {HTMLElement | null} */ (th.querySelector("button"));
        for (var n = sorts[i] === "ascending" ? 1 : sorts[i] === "descending" ? 2 : 0; button && n--;) button.click();
      });
      values().forEach((cell, i) => { if (i < before.length && cell.textContent !== before[i]) { cell.classList.add("changed"); cell.title = cell.title || M.changed; } });
      scroller.scrollTop = top;
      if (focused && focused.isConnected) /** @type {HTMLElement} */ (focused).focus();
    };
  }

  // Each new result: the line above it (once), the time it came, the next refresh.
  views.render = (box, result, resultView, ctx) => {
    render(box, result, resultView, ctx);
    var section = box.closest(".result");
    if (!section || result === shown) return;
    shown = result; updated = Date.now();
    if (!line) {
      every = liveNode().props.every || 0;
      choose.value = String(every);
      line = el("div", { class: "live" }, el("button", { type: "button", class: "btn small", "data-live-again": true, onclick: () => { again(); } }, M.runAgain), when, choose, note);
      /** @type {HTMLElement} */ (CU.ownChild(section, ".result-body")).before(line);
    }
    if (!inFlight) schedule();
  };

  // The host's teardown and its cancel stop the timer for good; a cancel leaves it off.
  var teardown = requests["ui/resource-teardown"], cancelled = notes["ui/notifications/tool-cancelled"];
  requests["ui/resource-teardown"] = (params) => { stopped = true; schedule(); clearTimeout(moving); return teardown(params); };
  notes["ui/notifications/tool-cancelled"] = (params) => {
    cancelled(params);
    if (every) { every = 0; choose.value = "0"; note.textContent = M.refreshStopped; }
    schedule();
  };

  /* ------------------------------------------------------------------ inputs that re-run */

  var moving = 0, toldAt = -1e9, telling = 0;
  /** @type {[Json, RpcResult | null] | undefined} the latest re-run, for the model */
  var latest;
  /** The model hears at most one of these runs every 3 s: the latest. @param {Json} args @param {RpcResult | null} result */
  function tell(args, result) {
    latest = [args, result];
    var go = () => { telling = 0; toldAt = Date.now(); var told = /** @type {[Json, RpcResult | null]} */ (latest); CU.tellModel(told[0], told[1], told[1] ? undefined : { code: 0, message: M.toolError }); };
    if (!telling) { if (Date.now() - toldAt >= 3e3) go(); else telling = setTimeout(go, toldAt + 3e3 - Date.now()); }
  }
  function rerun() {
    var args = CU.collect();
    if (stopped || CU.invalid.length) return;
    Promise.resolve(CU.run(true)).then((result) => { if (result !== undefined) tell(/** @type {Json} */ (args), result); });
  }
  /** @param {() => void} then */
  var ready = (then) => { if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", then); else then(); };
  ready(() => {
    var form = doc.querySelector("form.form, form");
    if (liveNode().props.inputs && form) {
      /** @param {Event} event */
      var changed = (event) => { if (!/** @type {Element} */ (event.target).closest(".picker")) { clearTimeout(moving); moving = setTimeout(rerun, 300); } };
      form.addEventListener("input", changed);
      form.addEventListener("change", changed);
    }
    (liveNode().props.pickers || []).forEach(picker);
  });

  /* ------------------------------------------------------------------ pickers */

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

  CU.live = { backoff: backoff, ago: ago, offers: offers, fits: fits };
})(CU.views);
