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
   No dead control: what the host lacks shows nothing. Data is text (textContent, a file's text).
   Types: types/host.d.ts. */
((views) => {
  var root = document.documentElement, notes = CU.NOTES, contextChanged = notes["ui/notifications/host-context-changed"];
  var render = views.render, at = views.at, isRecord = views.isRecord;
  /** @type {ToolResult} the result shown last */
  var shownResult;
  /** @type {ViewContext} the context it was shown in */
  var context;
  var isFullscreen = () => context.hostContext.displayMode === "fullscreen";
  /** @param {string} label  @param {string} text  @param {() => void} onclick */
  var smallButton = (label, text, onclick) => el("button", { type: "button", class: "btn small", title: label, "aria-label": label, onclick: onclick }, text);

  // The page's display mode, and every toggle's state, from the host context.
  function followMode() {
    if (!context) return;
    root.setAttribute("data-mode", isFullscreen() ? "fullscreen" : "inline");
    document.querySelectorAll(".hv-fs").forEach((button) => {
      button.setAttribute("aria-pressed", String(isFullscreen()));
      /** @type {HTMLElement} */ (button).title = isFullscreen() ? M.exitFullscreen : M.fullscreen;
      button.setAttribute("aria-label", /** @type {HTMLElement} */ (button).title);
      button.textContent = isFullscreen() ? "⤡" : "⤢";
    });
  }
  notes["ui/notifications/host-context-changed"] = (params) => { contextChanged(params); followMode(); };
  views.render = (box, result, resultView, ctx) => {
    shownResult = result; context = ctx; render(box, result, resultView, ctx);
    /** @type {NodeListOf<TaggedTable>} */ (box.querySelectorAll(".tbl")).forEach((table) => {
      if (table.rows && !/** @type {Element} */ (table.parentNode).closest(".tbl, .hv")) {
        var place = el("i");
        table.replaceWith(place);
        place.replaceWith(withBar(table, table.rows, table.cols));
      }
    });
    followMode();
  };

  // Columns: the node's own (Table columns, CardGrid fields), else every key of the rows, in the
  // order met; rows that are not objects make one column, "value" (the pointer "", the row).
  /** @param {unknown[]} rows  @param {TableColumn[] | undefined} own  @returns {string[]} pointers */
  function columnPointers(rows, own) {
    // (a column drawn as several fields joined, "3:14–20", is downloaded as those fields)
    if (own && own.length) return own.flatMap((column) => column.at || [column.pointer]);
    /** @type {Record<string, number>} */
    var seen = {};
    /** @type {string[]} */
    var pointers = [];
    rows.forEach((row) => { if (isRecord(row)) for (var key in row) if (!seen[key]) { seen[key] = 1; pointers.push(CU.pointerTo(key)); } });
    return pointers.length ? pointers : [""];
  }
  // RFC 4180: a cell with a comma, quote or line break is quoted; nested data is its JSON.
  /** @param {unknown} value */
  function csvCell(value) {
    var text = value == null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return /[",\r\n]/.test(text) ? "\"" + text.replace(/"/g, "\"\"") + "\"" : text;
  }
  // The header: the keys (a nested pointer's, dotted: "a.b"); a grid's (rows of arrays) is its
  // header row, or none (views.js names a headerless grid's columns `false`: not a header).
  /** @param {unknown[]} rows  @param {TableColumn[]} [own]  @returns {string} */
  function csv(rows, own) {
    var pointers = columnPointers(rows, own);
    /** @type {unknown[] | null} */
    var head = pointers.map((pointer) => pointer ? pointer.slice(1).split("/").map(CU.unescapeToken).join(".") : "value");
    if (rows.every(Array.isArray)) head = own && own.some((column) => typeof column.name === "string") ? own.map((column) => column.name) : null;
    return (head ? [head] : []).concat(rows.map((row) => pointers.map((pointer) => at(row, pointer)))).map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
  }
  /** The file's name: the tool's, safe in a path. @param {string} extension */
  function fileName(extension) {
    var tree = document.getElementById("ui-tree"), tool = tree && JSON.parse(/** @type {string} */ (tree.textContent)).props.toolName;
    return String(tool || "result").replace(/[^\w.-]+/g, "-") + "." + extension;
  }
  // One file through the host (it may ask the user first); a refusal is said beside the buttons.
  /** @param {HTMLElement} note  @param {string} extension  @param {string} mimeType  @param {string} text */
  function save(note, extension, mimeType, text) {
    note.textContent = "";
    CU.request("ui/download-file", { contents: [{ type: "resource", resource: { uri: "file:///" + fileName(extension), mimeType: mimeType, text: text } }] })
      .then((answer) => { if (answer && answer.isError) throw 0; }).catch(() => { note.textContent = M.notDownloaded; });
  }

  /** The view under a bar of what the host offers for its rows (the view alone when nothing).
      @param {HTMLElement} view  @param {unknown} rows  @param {TableColumn[] | undefined} own  @returns {HTMLElement} */
  function withBar(view, rows, own) {
    var downloads = !!context.caps.downloadFile, fullscreen = (context.hostContext.availableDisplayModes || []).indexOf("fullscreen") >= 0;
    if (!Array.isArray(rows) || !rows.length || !(downloads || fullscreen)) return view;
    var note = el("span", { class: "muted", role: "status" });
    /** @type {HTMLElement} the view and its bar (the fullscreen toggle scrolls to it) */
    var wrapped;
    var bar = el("div", { class: "hv-bar" }, note,
      downloads && smallButton(M.downloadCsv, "CSV", () => save(note, "csv", "text/csv", csv(/** @type {unknown[]} */ (rows), own))),
      downloads && smallButton(M.downloadJson, M.json, () => save(note, "json", "application/json", JSON.stringify(shownResult.structuredContent !== undefined ? shownResult.structuredContent : shownResult, null, 2))),
      fullscreen && el("button", { type: "button", class: "btn small hv-fs", onclick: () => {
        CU.request("ui/request-display-mode", { mode: isFullscreen() ? "inline" : "fullscreen" }).then((answer) => {
          if (answer && answer.mode) { context.hostContext.displayMode = answer.mode; followMode(); }
          requestAnimationFrame(() => { wrapped.scrollIntoView({ block: "nearest" }); });
        }, () => {});
      } }));
    // A table's filter shares the row.
    var filter = view.querySelector(":scope > .filter");
    if (filter) bar.prepend(filter);
    return wrapped = el("div", { class: "hv" }, bar, view);
  }
  // The typed views of records get the bar too; [node kind, the prop that holds its columns].
  /** @type {[string, string?][]} */
  var RECORD_VIEWS = [["CardGrid", "fields"], ["List"], ["Chart"]];
  RECORD_VIEWS.forEach((kind) => {
    var build = views.NODES[kind[0]];
    if (build) views.NODES[kind[0]] = (node, data) => withBar(/** @type {HTMLElement} */ (build(node, data)), data,
      /** @type {TableColumn[] | undefined} */ (node.props[/** @type {string} */ (kind[1])]));
  });
})(CU.views);
