/* compile-ui host features: what the host offers, used where a result shows records. Deferred
   (runtime_js.MODULES): read through the host only when it offers downloads or fullscreen, after
   views.js, typed.js and chart.js, whose builders (CU.views) it wraps. Every table of a result
   that is not inside another (views.js tags each with its rows and columns: from an AutoView, a
   typed Table, a grid, a CSV text) and every CardGrid, List and Chart of a non-empty array gets a
   header row of small buttons, each only when the host declared it (MCP Apps ui/initialize
   result, read when the result renders):
     hostCapabilities.downloadFile   "CSV": the view's rows as data (values, not the formatted
                                     text), "JSON": the whole result; through ui/download-file,
                                     the file named after the tool
     "fullscreen" in hostContext.availableDisplayModes   a toggle through ui/request-display-mode
   The page follows hostContext.displayMode, at first and on host-context-changed: the root's
   data-mode lets the layout use the room in fullscreen (host.css), and goes back on "inline".
   No dead control: what the host lacks shows nothing. Data is text (textContent, a file's text). */
((V) => {
  var root = document.documentElement, R, C, NOTES = CU.NOTES, changed = NOTES["ui/notifications/host-context-changed"];
  var render = V.render, at = V.at, isO = V.isO;
  var fs = () => C.hostContext.displayMode === "fullscreen";
  var B = (label, text, on) => el("button", { type: "button", class: "btn small", title: label, "aria-label": label, onclick: on }, text);

  // The page's display mode, and every toggle's state, from the host context.
  function mode() {
    if (!C) return;
    root.setAttribute("data-mode", fs() ? "fullscreen" : "inline");
    document.querySelectorAll(".hv-fs").forEach((b) => {
      b.setAttribute("aria-pressed", fs());
      b.title = fs() ? M.exitFullscreen : M.fullscreen;
      b.setAttribute("aria-label", b.title);
      b.textContent = fs() ? "⤡" : "⤢";
    });
  }
  NOTES["ui/notifications/host-context-changed"] = (p) => { changed(p); mode(); };
  V.render = (box, r, rv, ctx) => {
    R = r; C = ctx; render(box, r, rv, ctx);
    box.querySelectorAll(".tbl").forEach((t) => {
      if (t.rows && !t.parentNode.closest(".tbl, .hv")) { var h = el("i"); t.replaceWith(h); h.replaceWith(bar(t, t.rows, t.cols)); }
    });
    mode();
  };

  // Columns: the node's own (Table columns, CardGrid fields), else every key of the rows, in the
  // order met; rows that are not objects make one column, "value".
  function columns(rows, own) {
    if (own && own.length) return own.map((c) => c.pointer);
    var seen = {}, out = [];
    rows.forEach((r) => { if (isO(r)) for (var k in r) if (!seen[k]) { seen[k] = 1; out.push(CU.esc(k)); } });
    return out.length ? out : [""];
  }
  // RFC 4180: a cell with a comma, quote or line break is quoted; nested data is its JSON.
  function cell(v) {
    v = v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    return /[",\r\n]/.test(v) ? "\"" + v.replace(/"/g, "\"\"") + "\"" : v;
  }
  // The header: the keys; a grid's (rows of arrays) is its header row, or none.
  function csv(rows, own) {
    var ps = columns(rows, own), head = ps.map((p) => p ? p.slice(1).split("/").map(CU.tok).join(".") : "value");
    if (rows.every(Array.isArray)) head = own && own.some((c) => c.name != null) ? own.map((c) => c.name) : null;
    return (head ? [head] : []).concat(rows.map((r) => ps.map((p) => at(r, p)))).map((l) => l.map(cell).join(",")).join("\r\n") + "\r\n";
  }
  function name(ext) {
    var j = document.getElementById("ui-tree"), t = j && JSON.parse(j.textContent).props.toolName;
    return String(t || "result").replace(/[^\w.-]+/g, "-") + "." + ext;
  }
  // One file through the host (it may ask the user first); a refusal is said beside the buttons.
  function save(note, ext, mime, text) {
    note.textContent = "";
    CU.request("ui/download-file", { contents: [{ type: "resource", resource: { uri: "file:///" + name(ext), mimeType: mime, text: text } }] })
      .then((x) => { if (x && x.isError) throw 0; }).catch(() => { note.textContent = M.notDownloaded; });
  }

  function bar(view, rows, own) {
    var dl = C.caps.downloadFile, full = (C.hostContext.availableDisplayModes || []).indexOf("fullscreen") >= 0;
    if (!Array.isArray(rows) || !rows.length || !(dl || full)) return view;
    var note = el("span", { class: "muted", role: "status" }), w, head = el("div", { class: "hv-bar" }, note,
      dl && B(M.downloadCsv, "CSV", () => save(note, "csv", "text/csv", csv(rows, own))),
      dl && B(M.downloadJson, M.json, () => save(note, "json", "application/json", JSON.stringify(R.structuredContent !== undefined ? R.structuredContent : R, null, 2))),
      full && el("button", { type: "button", class: "btn small hv-fs", onclick: () => {
        CU.request("ui/request-display-mode", { mode: fs() ? "inline" : "fullscreen" }).then((x) => {
          if (x && x.mode) { C.hostContext.displayMode = x.mode; mode(); }
          requestAnimationFrame(() => { w.scrollIntoView({ block: "nearest" }); });
        }, () => {});
      } }));
    // A table's filter shares the row.
    var q = view.querySelector(":scope > .filter");
    if (q) head.prepend(q);
    return w = el("div", { class: "hv" }, head, view);
  }
  [["CardGrid", "fields"], ["List"], ["Chart"]].forEach((k) => {
    var f = V.NODES[k[0]];
    if (f) V.NODES[k[0]] = (n, d) => bar(f(n, d), d, n.props[k[1]]);
  });
})(CU.views);
