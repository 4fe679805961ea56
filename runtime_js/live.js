/* compile-ui live: a read-only tool's result that stays live (issue 51). Shipped only in pages
   whose tree has a Live node (runtime_js.MODULES): the compiler gives one only to a tool that may
   run without a click, read-only and not destructive (compiler/compile/leads/live.py), so
   nothing here ever calls a tool that may write. Concatenated after views.js (whose render it
   wraps) and leads.js (whose CU.run it calls).
     Run again   a line above the result: Run again, the time since the result came, the timer. Running again
                 (by hand or by the timer) sends the arguments of the result shown, never an edit
                 of the form the person has not sent; it keeps the page's scroll, the open tabs and folds
                 and a table's sort, and marks the values that changed (class "changed", titled so).
     Timer       Off / 5 s / 15 s / 1 min (the Live node's every: a LayoutSpec's live.every).
                 One refresh at a time: the next is set when a run ends, never while one is in
                 flight (the person's own too); none while the page is hidden (visibilitychange);
                 after an error the wait doubles (at most 5 min), and the line says so. Stopped
                 at the host's teardown and when it cancels. A refresh is not told to the model.
     History     the numbers that change from run to run (a scalar, or a record's in a list keyed
                 by a stable id) gather, the last 60 in the page only, into a small line chart each
                 (plot.js's engine) above the result; each point's exact value is its title.
     Inputs      (props.inputs) a changed input re-runs the tool once it settles (300 ms).
     The model   hears the runs a person starts (Run again, a changed input, a picked value) at most
                 one summary every 3 s (the latest); the timer's refreshes not one by one.
   Pickers are pick.js's (shipped only where the tree has a Picker).
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
  /** How long a summary waits: the model hears at most one every 3 s. @param {number} now @param {number} toldAt */
  var wait = (now, toldAt) => Math.max(0, toldAt + 3e3 - now);
  // A list's stable id: a key named so whose values are texts or numbers, one per record.
  var ID = /^(id|key|name|uuid|slug|host(name)?)$|[_ -]id$|[a-z0-9]Id$/i;
  /**
   * The numbers of a result's data that may gather history, as [key, label, value]: a scalar by
   * its place in the data; a record's in a list by the record's id, never by its index (a list
   * without an id gathers none).
   * @param {unknown} data @param {string} [key] @param {string} [label] @param {[string, string, number][]} [out]
   */
  function numbers(data, key, label, out) {
    out = out || []; key = key || ""; label = label || "";
    var isRecord = views.isRecord, human = views.text.human, item = (/** @type {string} */ name) => label ? label + " \u00b7 " + name : name;
    if (typeof data === "number" && isFinite(data) && out.length < 200) out.push([key || "/", label, data]);
    else if (Array.isArray(data)) {
      var rows = /** @type {{ [key: string]: unknown }[]} */ (data);
      var id = rows.length && rows.every(isRecord) ? Object.keys(rows[0]).find((name) => ID.test(name) && new Set(rows.map((row) => { var value = row[name]; return typeof value === "string" || typeof value === "number" ? value : {}; })).size === rows.length) : undefined;
      if (id) rows.forEach((row) => { Object.keys(row).forEach((name) => { if (name !== id) numbers(row[name], key + "/" + row[/** @type {string} */ (id)] + "/" + name, item(row[/** @type {string} */ (id)] + " \u00b7 " + human(name)), out); }); });
    } else if (isRecord(data)) Object.keys(data).forEach((name) => { numbers(/** @type {{ [key: string]: unknown }} */ (data)[name], key + "/" + name, item(human(name)), out); });
    return out;
  }
  /**
   * Adds a run's numbers to the history (at time), the last 60 of each.
   * @param {RunHistory} history @param {[string, string, number][]} found @param {number} time
   */
  function gather(history, found, time) {
    found.forEach((item) => {
      var points = /** @type {HistoryLine} */ (history.get(item[0]) || history.set(item[0], { key: item[0], label: item[1], points: [] }).get(item[0])).points, last = points[points.length - 1];
      // (a time after the last one's: two runs in one millisecond stay two points, not their sum)
      points.push([last && last[0] >= time ? last[0] + 1 : time, item[2]]);
      if (points.length > 60) points.shift();
    });
    return history;
  }
  /** The lines whose value changed from one run to another (at most 6). @param {RunHistory} history */
  var moving = (history) => Array.from(history.values()).filter((line) => line.points.some((point) => point[1] !== line.points[0][1])).slice(0, 6);

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
  /** @type {RunHistory} each number's values, run after run */
  var history = new Map(), charts = el("div", { class: "history" });
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
   * Runs the tool again with the arguments of the result shown — not the form's: an edit the
   * person has not sent stays theirs to send, unchecked, nothing of it focused or marked (quiet:
   * the timer's, not told to the model; else told as a person's run is, through tell), keeping
   * the scroll, the open tabs and folds, the sort, and marking the values that changed.
   * @param {boolean} [quiet]
   */
  function again(quiet) {
    if (busy() || stopped) return;
    var given = CU.argsShown(), kept = keep(), args = given === undefined ? CU.collect() : given;
    inFlight = true; clearTimeout(timer);
    Promise.resolve(CU.run(true, given)).then((result) => {
      inFlight = false;
      if (!quiet && result !== undefined) tell(/** @type {Json} */ (args), result);
      if (result === null || (result && result.isError)) { failures++; note.textContent = every ? M.refreshFailed(failures, M.seconds(backoff(every, failures))) : ""; updated = Date.now(); }
      else if (result) { failures = 0; note.textContent = ""; kept(); }
      schedule();
    });
  }

  /** What a person set on the result shown (scroll, open tabs and folds, sort, values), and a function that puts it back after the next draw. */
  function keep() {
    var scroller = /** @type {Element} */ (doc.scrollingElement), top = scroller.scrollTop;
    var body = () => /** @type {HTMLElement} */ (doc.querySelector(".result > .result-body"));
    var values = () => /** @type {HTMLElement[]} */ (Array.from(body().querySelectorAll(".view td, .view dd, .view .tile-v")));
    var before = values().map((cell) => cell.textContent);
    var tabs = Array.from(body().querySelectorAll("[role=tab]")).map((tab) => tab.getAttribute("aria-selected") === "true");
    var opened = Array.from(body().querySelectorAll("details")).map((details) => /** @type {HTMLDetailsElement} */ (details).open);
    var sorts = Array.from(body().querySelectorAll("th[aria-sort]")).map((th) => th.getAttribute("aria-sort"));
    var focused = doc.activeElement;
    return () => {
      Array.from(body().querySelectorAll("[role=tab]")).forEach((tab, i) => { if (tabs[i] && tab.getAttribute("aria-selected") !== "true") /** @type {HTMLElement} */ (tab).click(); });
      Array.from(body().querySelectorAll("details")).forEach((details, i) => { if (opened[i]) /** @type {HTMLDetailsElement} */ (details).open = true; });
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
    if (submitted) { submitted = false; toldAt = updated; } // the form's run is told as it is drawn
    if (result && !result.isError) draw(result.structuredContent);
    if (!line) {
      every = liveNode().props.every || 0;
      choose.value = String(every);
      line = el("div", { class: "live" }, el("button", { type: "button", class: "btn small", "data-live-again": true, onclick: () => { again(); } }, M.runAgain), when, choose, note);
      /** @type {HTMLElement} */ (CU.ownChild(section, ".result-body")).before(line);
    }
    // the history below the headline's tiles (the values now, then how they moved), else above the result
    var tiles = section.querySelector(".result-body .tiles");
    if (tiles) tiles.after(charts); else line.after(charts);
    if (!inFlight) schedule();
  };

  /** The run's numbers into the history, and a chart of each that changed (plot.js's engine). @param {unknown} data */
  function draw(data) {
    var plot = views.plot;
    gather(history, numbers(data), Date.now());
    charts.replaceChildren(.../** @type {HTMLElement[]} */ (moving(history).map((line) => {
      // (its axis written as its value is: "37%", "977 KiB")
      var label = M.history(line.label || M.value, line.points.length), values = line.points.map((point) => point[1]), figure = plot && plot.draw(line.points.map((point) => ({ t: point[0], v: point[1] })),
        { mark: "line", x: { pointer: "/t", label: "", type: "temporal" }, y: [{ pointer: "/v", label: line.label, type: "quantitative" }], label: label, look: views.look(line.key.split("/").pop() || "", values) }, "", 0.5);
      if (figure) figure.prepend(el("figcaption", { class: "muted" }, label));
      return figure;
    }).filter((figure) => !!figure)));
  }

  // The host's teardown and its cancel stop the timer for good; a cancel leaves it off.
  var teardown = requests["ui/resource-teardown"], cancelled = notes["ui/notifications/tool-cancelled"];
  requests["ui/resource-teardown"] = (params) => { stopped = true; schedule(); clearTimeout(settling); clearTimeout(telling); return teardown(params); };
  notes["ui/notifications/tool-cancelled"] = (params) => {
    cancelled(params);
    if (every) { every = 0; choose.value = "0"; note.textContent = M.refreshStopped; }
    schedule();
  };

  /* ------------------------------------------------------------------ inputs that re-run */

  var settling = 0, toldAt = -1e9, telling = 0, submitted = false;
  /** @type {[Json, RpcResult | null] | undefined} the latest run a person started, for the model */
  var latest;
  /** The model hears at most one of the runs a person starts every 3 s: the latest. @param {Json} args @param {RpcResult | null} result */
  function tell(args, result) {
    latest = [args, result];
    var go = () => { telling = 0; toldAt = Date.now(); var told = /** @type {[Json, RpcResult | null]} */ (latest); CU.tellModel(told[0], told[1], told[1] ? undefined : { code: 0, message: M.toolError }); };
    if (!telling) { if (!wait(Date.now(), toldAt)) go(); else telling = setTimeout(go, wait(Date.now(), toldAt)); }
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
      var changed = (event) => { if (!/** @type {Element} */ (event.target).closest(".picker")) { clearTimeout(settling); settling = setTimeout(rerun, 300); } };
      form.addEventListener("input", changed);
      form.addEventListener("change", changed);
    }
    // A value picked (pick.js) while a result shows runs the tool with it.
    if (form) form.addEventListener("submit", () => { submitted = true; });
    if (form) form.addEventListener("picked", () => { if (shown && !liveNode().props.inputs) rerun(); });
  });

  CU.live = { backoff: backoff, ago: ago, wait: wait, numbers: numbers, gather: gather, moving: moving };
})(CU.views);
