/* compile-ui leads: where a result leads (issue 41). Shipped only in pages whose tree has a Leads
   node (runtime_js.MODULES); concatenated after views.js and host.js, whose render it wraps; it wraps CU.run and the
   host's tool-input too (the arguments of the run shown).
   The compiler decided everything from the whole tool list (components/nodes.py, "results that
   lead on"): the Leads node, the last child of the ResultView, holds the links and the paging;
   its LinkedView children are the linked tools' own views (the server wrote a <template> for
   each, id "linked:<tool>", as for the ResultView).
     Links    a value whose key is one of a link's keys (matched leniently: case, "_", "-" and
              spaces ignored), of its valueType and matching its test, is a button showing the
              value, wherever the views drew it (a table cell, a key-value row, a list item: found
              in the DOM they built, so views.js carries nothing for it: the page budget); in a
              text of lines a line that is exactly a value, or "[FILE] value", is one. A click
              fills the linked tool's required arguments (fills: the value, joined with "/" to the
              run's argument when relative; or the run's argument), calls it through the host
              and shows its result in place of the main result (kept, hidden) with its own views,
              under its title and the arguments used, with Back. A link to a tool that may write
              (readOnly false, or destructive: only a LayoutSpec offers those) first asks, in the
              page (a sandboxed frame blocks window.confirm), naming the tool and the arguments.
     Paging   "more": More calls the same tool with the run's arguments and the next value, and
              the next page's rows are appended to the shown ones; "pages": Previous / Next, one
              page shown. The form shows the arguments in effect (as a host's tool-input); the end shows as
              the end. A failed page says why and keeps what is shown.
   Each call is reported to the model as a run is (CU.tellModel: ui/update-model-context when the
   host offers it). Data is never markup: DOM nodes and textContent only. Types: types/leads.d.ts. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var render = views.render, at = views.at, isRecord = views.isRecord, notes = CU.NOTES;
  // The kinds have no place of their own in a result's layout: the server writes none for them.
  Object.assign(views.NODES, {
    Leads: () => "",
    LinkedView: () => ""
  });

  /* ------------------------------------------------------------------ pure rules (node --test) */

  /** @type {(key: unknown) => string} a key as matched: "Order ID", "order_id", "order-id" → "orderid" */
  var norm = (key) => String(key).replace(/[\s_-]/g, "").toLowerCase();
  // A listing's line: "[FILE] a.txt", "[DIR] src" (npm's server-filesystem).
  var MARKER = /^\[([A-Za-z]+)\]\s+(\S.*)$/;
  // A tool that takes a directory, by its name: what a "[DIR]" line leads to, and a "[FILE]" line not.
  var DIRECTORY = /dir|folder|list|tree/i;
  // A value that is not relative: an absolute or home path, a drive, a URL.
  var ABSOLUTE = /^([/~\\]|[A-Za-z]:[\\/]|[a-z][\w+.-]*:\/\/)/;

  /**
   * Whether a value may fill the link's argument: its type, within 500 characters, its test.
   * @param {Link} link @param {unknown} value
   */
  function fits(link, value) {
    var type = link.valueType || "string";
    if (type === "string" ? typeof value !== "string" || !value.trim() || value.length > 500
      : typeof value !== "number" || (type === "integer" && !Number.isInteger(value))) return false;
    try { return !link.test || new RegExp(link.test, "u").test(String(value)); } catch (error) { return false; }
  }
  /**
   * The links a value under key leads to.
   * @param {Link[]} links @param {unknown} value @param {string | undefined} key
   */
  function linksFor(links, value, key) {
    var name = norm(key);
    return key == null ? [] : links.filter((link) => link.offered !== false && (link.keys || []).some((linkKey) => norm(linkKey) === name) && fits(link, value));
  }
  /**
   * The linked tool's arguments: each fill from the value (a relative one joined with "/" to the
   * run's argument, when join) or from the run's argument.
   * @param {Link} link @param {Json} value @param {{ [key: string]: Json }} args the run's
   * @returns {{ [key: string]: Json }}
   */
  function argsFor(link, value, args) {
    /** @type {{ [key: string]: Json }} */
    var out = {};
    (link.fills || []).forEach((fill) => {
      var current = args[fill.name || fill.argument], filled = fill.source === "argument" ? current : value;
      if (fill.source !== "argument" && fill.join && typeof value === "string" && !ABSOLUTE.test(value) && typeof current === "string" && current)
        filled = current.replace(/[/\\]+$/, "") + "/" + value.replace(/^\.\//, "");
      if (filled !== undefined) CU.putOwn(out, fill.argument, filled);
    });
    return out;
  }
  /**
   * Where a page's rows are: paging.rows, else the data's one top-level array ("" when the data is
   * one); undefined when none.
   * @param {Paging} paging @param {Json | undefined} data
   */
  function rowsAt(paging, data) {
    if (paging.rows != null) return paging.rows;
    if (Array.isArray(data)) return "";
    var arrays = isRecord(data) ? Object.keys(data).filter((key) => Array.isArray(/** @type {Views.Record} */ (data)[key])) : [];
    return arrays.length === 1 ? CU.pointerTo(arrays[0]) : undefined;
  }
  /** @type {(paging: Paging, data: Json | undefined) => Json[] | undefined} a page's rows */
  var rowsOf = (paging, data) => {
    var pointer = rowsAt(paging, data), rows = pointer === undefined ? undefined : at(data, pointer);
    return Array.isArray(rows) ? rows : undefined;
  };
  /**
   * The page size: the limit argument's value, else its default, else the rows of the first page.
   * @param {Paging} paging @param {{ [key: string]: Json }} args @param {number | undefined} fallback
   */
  function stepOf(paging, args, fallback) {
    var limit = paging.limit ? args[paging.limit] : undefined;
    if (limit == null && paging.limit) limit = /** @type {Json | undefined} */ (limitDefaults[paging.limit]);
    return typeof limit === "number" && limit > 0 ? limit : fallback;
  }
  /**
   * The arguments of the next page, or null at the end: no next value (absent, null, ""), the
   * has-more flag false, offset + step ≥ total, page ≥ total pages, or fewer rows than the page size.
   * @param {Paging} paging @param {{ [key: string]: Json }} args the shown page's
   * @param {Json | undefined} data the shown page's (its last, when rows were appended)
   * @param {number} [pageRows] the rows the shown page brought
   * @returns {{ [key: string]: Json } | null}
   */
  function nextArgs(paging, args, data, pageRows) {
    var rows = rowsOf(paging, data), count = pageRows != null ? pageRows : rows && rows.length;
    var total = paging.total ? at(data, paging.total) : undefined, step = stepOf(paging, args, count);
    var next = Object.assign({}, args), current = args[paging.argument];
    if (paging.more && at(data, paging.more) === false) return null;
    if (paging.style === "cursor") {
      var value = (paging.next || []).map((pointer) => at(data, pointer)).find((found) => found != null && found !== "");
      if (value === undefined) return null;
      next[paging.argument] = value;
      return next;
    }
    // offset and page: a short page (or an empty one) is the last.
    if (count === 0 || (paging.limit && typeof count === "number" && typeof step === "number" && count < step)) return null;
    if (paging.style === "offset") {
      var offset = typeof current === "number" ? current : 0;
      if (typeof step !== "number" || (typeof total === "number" && offset + step >= total)) return null;
      next[paging.argument] = offset + step;
    } else {
      var page = typeof current === "number" ? current : 1;
      if (typeof total === "number" && page >= total) return null;
      next[paging.argument] = page + 1;
    }
    return next;
  }
  /**
   * The arguments of the page before (offset and page styles), when the shown one is not the first.
   * @param {Paging} paging @param {{ [key: string]: Json }} args @param {Json | undefined} data
   * @returns {{ [key: string]: Json } | undefined}
   */
  function prevOf(paging, args, data) {
    var current = args[paging.argument], rows = rowsOf(paging, data), step = stepOf(paging, args, rows && rows.length);
    if (typeof current !== "number" || paging.style === "cursor" || current <= (paging.style === "page" ? 1 : 0)) return;
    var before = Object.assign({}, args);
    before[paging.argument] = paging.style === "page" ? current - 1 : Math.max(0, current - (step || current));
    return before;
  }
  /**
   * The shown page's number and the count of pages, when the result tells it.
   * @param {Paging} paging @param {{ [key: string]: Json }} args @param {Json | undefined} data
   * @param {number} back how many pages were turned to reach it
   * @returns {[number, number | undefined]}
   */
  function pageOf(paging, args, data, back) {
    var total = paging.total ? at(data, paging.total) : undefined, current = args[paging.argument];
    var rows = rowsOf(paging, data), step = stepOf(paging, args, rows && rows.length);
    var count = typeof total === "number" ? (paging.style === "page" ? total : step ? Math.ceil(total / step) : undefined) : undefined;
    if (paging.style === "page") return [typeof current === "number" ? current : 1, count];
    if (paging.style === "offset" && step) return [Math.floor((typeof current === "number" ? current : 0) / step) + 1, count];
    return [back + 1, count];
  }
  /**
   * The shown data with the next page's rows appended under its rows: the next page's data (its
   * next value, its total) with the rows of both.
   * @param {Paging} paging @param {Json | undefined} shown @param {Json | undefined} next
   * @returns {Json | undefined}
   */
  function merge(paging, shown, next) {
    var pointer = rowsAt(paging, next), before = rowsOf(paging, shown), after = rowsOf(paging, next);
    if (pointer === undefined || !before || !after) return next;
    var rows = before.concat(after);
    if (!pointer) return rows;
    var copy = /** @type {Views.Record} */ (JSON.parse(JSON.stringify(next))), tokens = pointer.split("/").slice(1).map(CU.unescapeToken), last = /** @type {string} */ (tokens.pop());
    var parent = /** @type {Views.Record} */ (tokens.reduce((node, token) => /** @type {Views.Record} */ (node[token]), copy));
    parent[last] = rows;
    return copy;
  }
  /**
   * A result's data: its structuredContent, else its text read as JSON.
   * @param {ToolResult} result @returns {Json | undefined}
   */
  function dataOf(result) {
    if (result.structuredContent !== undefined) return /** @type {Json} */ (result.structuredContent);
    var text = (Array.isArray(result.content) ? result.content : []).filter((block) => isRecord(block) && block.type === "text").map((block) => String(block.text)).join("\n");
    try { return JSON.parse(text); } catch (error) { return undefined; }
  }
  /**
   * A result showing data: as the page's result showed it (structured, or JSON text).
   * @param {ToolResult} like @param {Json | undefined} data @returns {RpcResult}
   */
  function resultWith(like, data) {
    var text = [{ type: "text", text: JSON.stringify(data) }];
    return like.structuredContent !== undefined ? { content: text, structuredContent: data } : { content: text };
  }

  /* ------------------------------------------------------------------ the page */

  /** @type {{ [argument: string]: unknown }} the form's defaults, by argument (formOf) */
  var limitDefaults = {};
  /** @type {Link[]} the links of the result being drawn */
  var links = [];
  /** @type {LeadsState | null} the page's result and where it leads */
  var state = null;
  /** @type {{ box: HTMLElement, body: HTMLElement, from: Element | null, y: number } | null} the linked result shown */
  var shown = null;
  /** @type {{ control: string, history: { [key: string]: Json }[], pageRows: number | undefined } | null} a page the pager shows (not a new run) */
  var turning = null;
  /** @type {(attrs: ElAttrs, ...children: ElChild[]) => HTMLButtonElement} */
  var button = (attrs, ...children) => /** @type {HTMLButtonElement} */ (el("button", Object.assign({ type: "button" }, attrs, { class: "btn small " + ((attrs && attrs.class) || "") }), ...children));
  /** @type {(text: string, error?: boolean) => HTMLElement} */
  var statusLine = (text, error) => el("p", { class: "status" + (error ? " error" : " spin"), role: error ? "alert" : "status" }, text);
  /** @type {(tool: string, args: Json) => Promise<RpcResult>} */
  var call = (tool, args) => CU.request("tools/call", { name: tool, arguments: args, _meta: { "compile-ui/app": true } });
  /** @type {(error: unknown) => string} */
  var reason = (error) => String((error && /** @type {RpcError} */ (error).message) || error);

  /** The control of a value that links (several links: the value for the first, the others' labels).
   * @param {Link[]} found @param {Json} value @returns {HTMLElement} */
  function control(found, value) {
    var text = String(value);
    /** @type {(link: Link, index: number) => HTMLButtonElement} */
    var one = (link, index) => button({ class: index ? "lead lead-alt" : "lead", "data-link": link.id, title: link.label, "aria-label": link.label + ": " + text, onclick: (event) => { event.stopPropagation(); follow(link, value, /** @type {Element} */ (event.currentTarget)); } }, index ? link.label : text);
    return found.length > 1 ? el("span", { class: "leads" }, found.map(one)) : one(found[0], 0);
  }
  // The values that link, found in what the views drew (views.js knows nothing of links): a
  // table's cell (its column's key), a key-value row (its label), a list's item (its heading), a
  // text of lines; now, and whenever the views draw more (a table's next page or order, a fold
  // opened): a MutationObserver on the result's view.
  var PLACES = "td, dd, li, pre.text-block, pre.lines";
  /** @type {MutationObserver | null} */
  var watching = null;
  /** @param {Element} root */
  function linkIn(root) {
    if (root.matches(PLACES)) linkPlace(root);
    root.querySelectorAll(PLACES).forEach(linkPlace);
  }
  /** The key a place's value is under: its column's, its row's label, its list's heading. @param {Element} place */
  function keyOf(place) {
    var table = /** @type {TaggedTable | null} */ (place.closest(".tbl")), row = place.parentElement;
    if (place.tagName === "TD") {
      var index = /** @type {HTMLTableCellElement} */ (place).cellIndex, column = table && table.cols && table.cols[index];
      if (column) return CU.unescapeToken(column.pointer.slice(column.pointer.lastIndexOf("/") + 1));
      var head = place.closest("table") && /** @type {HTMLTableElement} */ (place.closest("table")).tHead;
      return head ? /** @type {HTMLElement} */ (head.rows[0].cells[index]).innerText : undefined;
    }
    if (place.tagName === "DD") return place.previousElementSibling ? place.previousElementSibling.textContent || "" : undefined;
    var heading = row && row.closest(".view") && CU.ownChild(/** @type {HTMLElement} */ (row.closest(".view")), "h3");
    return heading ? heading.textContent || "" : undefined;
  }
  /** A place holding one value that links becomes its control; a text of lines, its linked lines. @param {Element} place */
  function linkPlace(place) {
    var text = place.textContent || "", key;
    if (!links.length || place.querySelector("[data-link], details, table, ul, dl, pre, button, img, a, svg, .inl")) return;
    if (place.tagName === "PRE") {
      var lined = linesView(text);
      if (lined) place.replaceWith(lined);
      return;
    }
    key = keyOf(place);
    var value = /^-?\d+(\.\d+)?$/.test(text) ? [text, Number(text)] : [text];
    var found = linksFor(links, value[0], key).concat(value.length > 1 ? linksFor(links, value[1], key) : []);
    // A text in one string property ({content: "<text>"}) of one line: the lines' rule.
    var linked = found.length ? control(found, /^(integer|number)$/.test(found[0].valueType || "") ? /** @type {Json} */ (value[1]) : text)
      : /^(content|text)$/.test(norm(key)) ? linesView(text) : undefined;
    if (linked) place.replaceChildren(linked);
  }
  /**
   * A text whose every line is a value of a link with lines (after a "[FILE]"-style marker), its
   * values as link controls; undefined for any other text.
   * @param {string} text @returns {HTMLElement | undefined}
   */
  function linesView(text) {
    var lined = links.filter((link) => link.lines && link.offered !== false), lines = text.replace(/\s+$/, "").split(/\r?\n/);
    if (!lined.length || lines.length > 5000) return;
    /** @type {ElChild[]} */
    var out = [];
    var every = lines.every((line, index) => {
      var marked = MARKER.exec(line.trim()), value = marked ? marked[2].trim() : line.trim();
      // Without a marker, a value with no space or a path: prose is no listing.
      var found = !line.trim() ? [] : lined.filter((link) => fits(link, value) && (marked || link.test || !/\s/.test(value) || ABSOLUTE.test(value)));
      // A marked line leads to the tools of its kind first: a directory's to those that take one.
      var kind = marked && /^(dir|directory|folder|file)$/i.test(marked[1]) ? /^f/i.test(marked[1]) ? 1 : 2 : 0;
      var ofKind = kind ? found.filter((link) => DIRECTORY.test(link.tool) === (kind === 2)) : found;
      if (ofKind.length) found = ofKind;
      out.push(index ? "\n" : "", marked ? line.slice(0, line.indexOf(marked[2])) : "", found.length ? control(found, value) : line);
      return found.length || !line.trim();
    });
    return every ? el("pre", { class: "text-block lead-lines" }, out) : undefined;
  }

  /** Follows a link: asks first when its tool may write. @param {Link} link @param {Json} value @param {Element} from */
  function follow(link, value, from) {
    var args = argsFor(link, value, state ? state.args : {});
    if (link.readOnly === false || link.destructive) confirmCall(link, args, from);
    // This tool itself: the form shows the arguments and runs, as a page does.
    else if (state && link.tool === state.tool) { notes["ui/notifications/tool-input"]({ arguments: Object.assign({}, state.args, args) }); CU.run(); }
    else open(link, args, from);
  }
  /** The in-page question before a call that may write: the tool and the exact arguments.
   * @param {Link} link @param {{ [key: string]: Json }} args @param {Element} from */
  function confirmCall(link, args, from) {
    var section = document.querySelector("section.result"), old = section && section.querySelector("[data-confirm]");
    if (!section) return;
    if (old) old.remove();
    var no = button({ "data-confirm-no": "", onclick: () => { box.remove(); /** @type {HTMLElement} */ (from).focus(); } }, M.cancel);
    var box = el("div", { class: "confirm", "data-confirm": "", role: "alertdialog", "aria-label": M.confirmCall(link.title) },
      el("p", null, M.confirmCall(link.title + " (" + link.tool + ")")), el("pre", { class: "json" }, JSON.stringify(args, null, 2)),
      el("div", { class: "actions" }, button({ class: "danger", "data-confirm-yes": "", onclick: () => { box.remove(); open(link, args, from); } }, M.confirmYes(link.tool)), no));
    /** @type {HTMLElement} */ (CU.ownChild(section, ".result-body")).before(box);
    box.scrollIntoView({ block: "nearest" });
    no.focus();
  }
  /** The linked tool's result, in place of the main one. @param {Link} link @param {{ [key: string]: Json }} args @param {Element} from */
  function open(link, args, from) {
    var section = document.querySelector("section.result");
    if (!section) return;
    back();
    var body = /** @type {HTMLElement} */ (CU.ownChild(section, ".result-body")), y = scrollY;
    var node = state && (state.leads.children || []).find((linked) => linked.props.tool === link.tool);
    var status = statusLine(M.calling(link.title)), view = el("div", { class: "view" });
    var backButton = button({ "data-leads-back": "", onclick: back }, M.back);
    var box = el("div", { class: "linked" }, el("div", { class: "linked-head" }, backButton, el("h3", null, link.title)),
      el("pre", { class: "json linked-args" }, link.tool + " " + JSON.stringify(args)), status, view);
    body.hidden = true;
    body.after(box);
    shown = { box: box, body: body, from: from, y: y };
    box.scrollIntoView({ block: "nearest" });
    backButton.focus();
    call(link.tool, args).then((result) => {
      if (!box.isConnected) return;
      status.remove();
      // Its own views (they lead nowhere: its Leads is not in the page).
      try { render(view, result, node, CU.viewContext); } catch (error) { view.replaceChildren(views.jsonBlock(result)); }
      CU.tellModel(args, result, undefined, link.tool);
    }, (error) => {
      if (!box.isConnected) return;
      status.replaceWith(statusLine(M.callFailed(reason(error)), true));
      CU.tellModel(args, null, error, link.tool);
    });
  }
  /** Back to the main result, as it was. */
  function back() {
    if (!shown) return;
    var was = shown;
    shown = null;
    was.box.remove();
    was.body.hidden = false;
    scrollTo(scrollX, was.y);
    if (was.from && was.from.isConnected) /** @type {HTMLElement} */ (was.from).focus();
  }

  /** The pager under a result: More, or Previous / Page N of M / Next; the end as the end.
   * @param {LeadsState} current @param {Paging} paging @returns {HTMLElement} */
  function pager(current, paging) {
    var data = dataOf(current.result), next = nextArgs(paging, current.args, data, current.pageRows);
    var error = el("span", { class: "status error", role: "alert" }), line = el("div", { class: "pager lead-pager" });
    var endNote = next ? null : el("span", { class: "muted", "data-page-end": "" }, M.theEnd);
    if (paging.mode === "pages") {
      var number = pageOf(paging, current.args, data, current.history.length);
      var prevArgs = current.history[current.history.length - 1] || prevOf(paging, current.args, data);
      elAdd(line, [button({ "data-page": "prev", disabled: !prevArgs, onclick: () => turn(/** @type {{ [key: string]: Json }} */ (prevArgs), -1, line) }, M.prev),
        el("span", { class: "muted" }, number[1] ? M.pageOf(number[0], number[1]) : M.pageN(number[0])),
        button({ "data-page": "next", disabled: !next, onclick: () => turn(/** @type {{ [key: string]: Json }} */ (next), 1, line) }, M.next), endNote, error]);
    } else elAdd(line, [next ? button({ "data-page": "more", onclick: () => turn(/** @type {{ [key: string]: Json }} */ (next), 0, line) }, paging.label || M.loadMore) : endNote, error]);
    return line;
  }
  /**
   * Calls the tool for a page: step 0 appends its rows (More), ±1 shows it (Next, Previous).
   * @param {{ [key: string]: Json }} args @param {number} step @param {HTMLElement} line
   */
  function turn(args, step, line) {
    var current = /** @type {LeadsState} */ (state), paging = /** @type {Paging} */ (current.leads.props.paging), tool = current.tool;
    line.querySelectorAll("button").forEach((control) => { control.disabled = true; });
    line.setAttribute("aria-busy", "true");
    /** @type {(message: string) => void} the page failed: what is shown stays, the pager again */
    var failed = (message) => {
      var again = pager(current, paging);
      line.replaceWith(again);
      /** @type {HTMLElement} */ (again.querySelector(".status.error")).textContent = message;
    };
    call(tool, args).then((result) => {
      if (state !== current) return;
      CU.tellModel(args, result, undefined, tool);
      if (result.isError) return failed(M.callFailed((Array.isArray(result.content) ? result.content : []).map((block) => block && block.text).join("\n") || M.toolError));
      var rows = rowsOf(paging, dataOf(result));
      turning = { control: step > 0 ? "next" : step < 0 ? "prev" : "more", history: step > 0 ? current.history.concat([current.args]) : step < 0 ? current.history.slice(0, -1) : current.history, pageRows: rows && rows.length };
      // The form shows the arguments in effect (as the host's tool-input does), then the page.
      notes["ui/notifications/tool-input"]({ arguments: args });
      try {
        notes["ui/notifications/tool-result"](step ? result : resultWith(current.result, merge(paging, dataOf(current.result), dataOf(result))));
      } finally { turning = null; }
    }, (failure) => {
      if (state !== current) return;
      failed(M.callFailed(reason(failure)));
      CU.tellModel(args, null, failure, tool);
    });
  }

  // The main result: its links while it is drawn (and in what it draws later, folds), its pager
  // under it. A new run leaves a linked result and forgets the pages turned.
  views.render = (box, result, resultView, ctx) => {
    var leads = /** @type {LeadsNode | undefined} */ (((resultView && resultView.children) || []).find((child) => child.type === "Leads"));
    if (!leads) return render(box, result, resultView, ctx);
    if (!turning) back();
    var paging = leads.props.paging, rows = paging && rowsOf(paging, dataOf(result));
    state = { leads: leads, tool: formOf().props.toolName || "", args: runArgs, result: result,
      history: turning ? turning.history : [], pageRows: turning ? turning.pageRows : rows ? rows.length : undefined };
    links = (leads.props.links || []).filter((link) => link.offered !== false);
    render(box, result, resultView, ctx);
    if (watching) watching.disconnect();
    if (links.length) {
      linkIn(box);
      watching = new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach((added) => { if (added.nodeType === 1) linkIn(/** @type {Element} */ (added)); })));
      watching.observe(box, { childList: true, subtree: true });
    }
    if (paging && !result.isError) box.append(pager(/** @type {LeadsState} */ (state), paging));
    // The keyboard stays on the pager: on the control pressed, while there is more.
    var again = turning && /** @type {HTMLElement | null} */ (box.querySelector('.lead-pager [data-page="' + turning.control + '"]:not(:disabled)'));
    if (again) again.focus();
  };
  // The arguments of the run whose result shows: the form's, when it runs; the host's tool-input.
  /** @type {{ [key: string]: Json }} */
  var runArgs = {};
  var run = CU.run, toolInput = notes["ui/notifications/tool-input"];
  CU.run = (quiet, given) => {
    var args = given === undefined ? CU.collect() : given;
    if ((given !== undefined || !CU.invalid.length) && isRecord(args)) runArgs = args;
    return run(quiet, given);
  };
  notes["ui/notifications/tool-input"] = (params) => {
    toolInput(params);
    if (isRecord(params) && isRecord(params.arguments)) runArgs = params.arguments;
  };
  /** @type {UiNode | undefined} the page's Form node (#ui-tree, read once) */
  var formNode;
  /** @returns {UiNode} */
  function formOf() {
    if (formNode) return formNode;
    var tree = document.getElementById("ui-tree");
    /** @type {(node: UiNode) => UiNode | undefined} */
    var find = (node) => node.type === "Form" ? node : (node.children || []).map(find).find(Boolean);
    formNode = (tree && find(JSON.parse(/** @type {string} */ (tree.textContent)))) || { id: "", type: "Form", props: {} };
    // The form's defaults (the page size when a run sent none).
    CU.fieldsOf(formNode.children).forEach((field) => { if (field.props.default !== undefined) limitDefaults[CU.fieldKey(field)] = field.props.default; });
    return formNode;
  }

  CU.leads = { argsFor: argsFor, linksFor: linksFor, nextArgs: nextArgs, prevOf: prevOf, pageOf: pageOf, merge: merge, linesView: linesView, use: (shownLinks) => { links = shownLinks; } };
})(CU.views);
