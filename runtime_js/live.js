/* compile-ui live: a read-only tool's result that stays live (issue 51). Shipped only in pages
   whose tree has a Live node (runtime_js.MODULES): the compiler gives one only to a tool that may
   run without a click, read-only and not destructive (compiler/compile/leads/live.py), so
   nothing here ever calls a tool that may write. Concatenated after views.js (whose render it
   wraps) and leads.js (whose CU.run it calls).
     Run again   a line above the result: Run again, the time since the result came, the timer. Running again
                 keeps the page's scroll, the open tabs and a table's sort, and marks the values
                 that changed (class "changed", titled so).
     Timer       Off / 5 s / 15 s / 1 min (the Live node's every: a LayoutSpec's live.every).
                 One refresh at a time: the next is set when a run ends, never while one is in
                 flight (the person's own too); none while the page is hidden (visibilitychange);
                 after an error the wait doubles (at most 5 min), and the line says so. Stopped
                 at the host's teardown and when it cancels. A refresh is not told to the model.
     Inputs      (props.inputs) a changed input re-runs the tool once it settles (300 ms); the
                 model hears at most one summary every 3 s of those runs (the latest).
   Pickers are pick.js's (shipped only where the Live node has a Picker).
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
  });

  CU.live = { backoff: backoff, ago: ago };
})(CU.views);
