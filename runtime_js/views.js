/* compile-ui result views. Concatenated after runtime.js (and fields.js) in the same <script>;
   uses its global el(). Sets CU.views: render(container, result, resultViewNode, ctx), plus the
   NODES table and helpers that typed.js (the views compiled from an outputSchema) and chart.js
   (shipped only with a Chart) build on. Here only the views a page may build from any result:
   AutoView, ContentBlocks.
   The runtime builds every view kind and nothing else: the result's layout (sections, tabs, …)
   is the server's, in the ResultView's <template>, where each view has an empty place to fill.
   Data is never markup: DOM nodes + textContent only; links only http(s), opened via ctx.openLink. */
CU.views = (() => {
  var C, L, MAXT = 1e5, ISD = /^\d{4}-\d\d-\d\d$/, ISDT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
  // An ISO 8601 date, or date-time with its optional zone (Z or an offset).
  var DT = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?\s*(Z|[+-]\d\d:?\d\d)?)?$/i;
  var ACR = /^(id|url|uri|api|ceo|dst|utc|json|csv|sql|html|http|ip|uuid|os|cpu)s?$/i;
  var isO = CU.isObj, sc = (x) => x === null || typeof x !== "object";
  var J = (v, n) => JSON.stringify(v, null, n);
  var B = (on, ...k) => el("button", { type: "button", class: "btn small", onclick: on }, ...k);
  var PJ = (v) => el("pre", { class: "json" }, J(v, 2));
  var tok = CU.tok, esc = CU.esc;
  // JSON Pointer lookup; undefined when any step is missing.
  function at(d, p) {
    if (!p) return d;
    var ts = p.split("/").slice(1);
    for (var i = 0; i < ts.length; i++) {
      if (d === null || typeof d !== "object" || !CU.has(d, tok(ts[i]))) return;
      d = d[tok(ts[i])];
    }
    return d;
  }
  function parse(s) {
    if (!/^\s*[[{]/.test(s)) return;
    try { return JSON.parse(s); } catch (e) { return; }
  }

  /* ------------------------------------------------------------------ values */

  // A link only when the host opens links (openLinks): else the address stays text, selectable.
  function link(u, text) {
    if (!/^https?:\/\//i.test(u) || !C.caps.openLinks) return text != null && text !== u ? text + " (" + u + ")" : String(u);
    return el("a", { href: u, title: u, onclick: (e) => { e.preventDefault(); C.openLink(u); } }, text == null ? u : text);
  }
  // Intl formatters are costly to build: one per kind, per rendered result (locale/zone may change).
  var FM = {};
  function fmt(k, mk) {
    try { return FM[k] || (FM[k] = mk()); } catch (e) { return FM[k] = { format: (v) => String(v) }; }
  }
  // k: the key or column name. Numbers below 10 000 have no grouping separator (min2: "1040",
  // "1137.5", but "709,037"), and whole ids, years and codes none at all, as a person writes them.
  function num(v, k) {
    if (Number.isInteger(v) && /(^|[^a-z])(id|year|code|no|number|zip|port|pid)$|Id$/i.test(k || "")) return String(v);
    // Every digit the number has (20 fraction digits: the shortest text that reads back as it), never rounded.
    return Math.abs(v) < 1e15 && (!v || Math.abs(v) >= 1e-6) ? fmt("n", () => new Intl.NumberFormat(L, { maximumFractionDigits: 20, useGrouping: "min2" })).format(v) : String(v);
  }
  // A time is data: shown as its own wall-clock time with its own zone, never converted to the
  // viewer's ("14:30 (UTC+01:00)"); a date is a date; without a zone, the time as written.
  function date(v, f) {
    var m = DT.exec(String(v).trim());
    if (!m) return String(v);
    var t = Date.UTC(+m[1], m[2] - 1, +m[3], +(m[4] || 0), +(m[5] || 0), +(m[6] || 0)), z = m[7], sec = m[6] && m[6] !== "00";
    if (!m[4] || f === "date") return fmt("d", () => new Intl.DateTimeFormat(L, { timeZone: "UTC", dateStyle: "medium" })).format(t);
    var s = fmt("t" + sec, () => new Intl.DateTimeFormat(L, { timeZone: "UTC", dateStyle: "medium", timeStyle: sec ? "medium" : "short" })).format(t);
    return z ? M.zoned(s, /z/i.test(z) || /^.00:?00$/.test(z) ? "" : z.slice(0, 3) + ":" + z.slice(-2)) : s;
  }
  // A key as a heading: "max_count" → "Max count", "isDst" → "Is DST"; other keys stay as they are.
  function human(k) {
    if (!/^[A-Za-z_][\w-]*$/.test(k)) return k;
    var w = k.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+/g) || [k];
    w = w.map((x) => ACR.test(x) ? x.toUpperCase() : x.toLowerCase());
    w[0] = w[0].charAt(0).toUpperCase() + w[0].slice(1);
    return w.join(" ");
  }
  var plural = (n, w) => n + " " + w[n === 1 ? 0 : 1];
  // What a value looks like, for data without a schema.
  function guess(v) {
    if (typeof v === "number") return "number";
    if (typeof v === "boolean") return "boolean";
    if (v === null || typeof v !== "string") return v === null ? "text" : "json";
    return ISD.test(v) ? "date" : ISDT.test(v) ? "date-time" : /^https?:\/\/\S+$/i.test(v) ? "uri" : /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(v) ? "uuid" : "text";
  }
  // One value as a node: formatted by its column format (guessed when absent).
  function val(v, f, opts, k) {
    if (v === undefined || v === null) return el("span", { class: "muted" }, v === null ? "null" : "—");
    f = f && f !== "text" ? f : guess(v); // a plain-text field can still hold a time or a link
    if (Array.isArray(v) && v.every(sc)) return inl(v, f === "json" ? null : f, k);
    if (typeof v === "object") return more(v);
    var o = (opts || []).find((o) => o.value === v);
    if (typeof v === "boolean" && !o) return el("span", { class: "yn yn-" + v }, v ? M.yes : M.no);
    if (f === "enum" || f === "boolean") return el("span", { class: "tag tag-" + String(v).replace(/\W/g, "").slice(0, 20) }, o ? o.label : String(v));
    if (typeof v === "number") return num(v, k);
    v = String(v);
    if (f === "uri") return link(v);
    // An id is shown whole (a table cell keeps it on one line): a value cut short is out of reach.
    if (f === "uuid") return el("span", { class: "uuid" }, v);
    if (/^date/.test(f)) return el("time", { datetime: v, title: v }, date(v, f));
    if (f === "image") return img(v);
    return /\n/.test(v) ? prose(v) : text(v);
  }
  // Short arrays of scalars inline ("72.5, 73.5, 74.5"); past 6, the first 5 and "+k more".
  function inl(a, f, k) {
    var n = a.length > 6 ? 5 : a.length, s = el("span", { class: "inl" });
    if (!a.length) return el("span", { class: "muted" }, M.none);
    var add = (x, i) => { s.append(i ? ", " : "", val(x, f, null, k)); };
    a.slice(0, n).forEach(add);
    if (n < a.length) s.append(" ", B((e) => { e.target.previousSibling.remove(); e.target.remove(); a.slice(n).forEach((x) => { add(x, 1); }); }, M.more(a.length - n)));
    return s;
  }
  // Nested values drill down: a summary line, the full view built on first open. Small ones show
  // open: a few records (at most 5) of a few scalar fields (at most 4), or one such record.
  // One click shows all a fold holds: what it nests (up to 20 000 characters of it) shows open.
  var IN = 0;
  function more(v) {
    var n = Array.isArray(v) ? plural(v.length, M.items) : plural(Object.keys(v).length, M.fields), d, a = [].concat(v);
    var fill = () => { if (d.children.length < 2) { var k = J(v).length <= 2e4; IN += k; try { d.appendChild(auto(v, 2)); } finally { IN -= k; } } };
    d = el("details", { class: "more", ontoggle: () => { if (d.open) fill(); },
      open: IN > 0 || (a.length < 6 && a.every((r) => isO(r) && Object.keys(r).length < 5 && Object.values(r).every(sc))) },
      el("summary", null, n));
    if (IN > 0) fill();
    return d;
  }
  // Only a well-formed base64 image becomes an <img>; anything else is shown as text.
  function img(v, mime) {
    var src = /^data:image\//.test(v) ? String(v) : "data:" + (mime || "image/png") + ";base64," + String(v).replace(/\s+/g, "");
    return /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/.test(src) ? el("img", { class: "block-img", alt: "", src: src }) : text(String(v));
  }
  // Long text is cut at 100 KB with a control that shows the rest.
  // pre: 1 lines kept in monospace, unwrapped (columns stay aligned; scrolls): code, logs, listings;
  // 2 prose (wrapped, lines kept).
  function text(s, pre) {
    var n = el(pre ? "pre" : "span", { class: pre ? (pre < 2 ? "json lines" : "text-block") : "" }, term(s.length > MAXT ? s.slice(0, MAXT) : s));
    if (s.length <= MAXT) return n;
    return el("div", null, n, B((e) => { n.replaceChildren(...term(s)); e.target.remove(); }, M.showAll(Math.round(s.length / 1024))));
  }
  // Terminal output keeps its meaning, never shows as escapes: an SGR code (ESC[…m) sets classes of
  // a small fixed palette (8 colours — bright ones as their base —, bold, dim)
  // on the text after it; backgrounds, every other escape sequence and control character (but
  // tabs, line and page breaks) are dropped, and a line redrawn with carriage returns (a progress
  // bar) shows as it ended. Text nodes only.
  var CTL = /[\x00-\x08\x0e-\x1f\x7f]/, ESC = /\x1b\[([\d;:]*)m|\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*\x07?|[ -/]*[0-~]?)|[\x00-\x08\x0e-\x1f\x7f]/g;
  function term(s) {
    if (!CTL.test(s)) return [s];
    var out = [], st = {}, at0 = 0, m, put = (t) => {
      var c = Object.values(st).join(" ");
      if (t) out.push(c ? el("span", { class: c }, t) : t);
    };
    s = s.split("\n").map((l) => l.replace(/\r$/, "").split("\r").pop()).join("\n");
    for (ESC.lastIndex = 0; (m = ESC.exec(s));) {
      put(s.slice(at0, m.index)); at0 = ESC.lastIndex;
      if (m[1] != null) st = sgr(Object.assign({}, st), m[1].split(/[;:]/).map(Number));
    }
    put(s.slice(at0));
    return out;
  }
  // SGR parameters: 0 resets; 1, 2 bold, dim (22 ends them); 30–37, 90–97 a colour, 39 its end;
  // italic, underline, 256 and RGB colours (38;5;n, 38;2;r;g;b), backgrounds: skipped.
  function sgr(st, ps) {
    for (var i = 0; i < ps.length; i++) {
      var p = ps[i];
      if (!p) st = {};
      else if (p < 3) st[p] = "t" + p;
      else if (p === 22) st = { f: st.f };
      else if (p === 38 || p === 48) i += ps[i + 1] === 5 ? 2 : 4;
      else if (p === 39) delete st.f;
      else if (p % 60 > 29 && p % 60 < 38) st.f = "c" + p % 10;
    }
    return st;
  }

  /* ------------------------------------------------------------------ shape-driven views */

  // dep: nesting depth; below the top two levels nested values fold behind a "more" summary.
  function auto(v, dep) {
    dep = dep || 0;
    if (Array.isArray(v)) {
      // one record holding values nested two deep is that record, not a one-row table of folds
      if (v.length === 1 && isO(v[0]) && Object.values(v[0]).some((x) => x && typeof x === "object" && Object.values(x).some((y) => y && typeof y === "object" && !flat(y)))) return kv(v[0], [], dep);
      if (v.length && v.length <= 200 && v.every(isO) && v.some(kids)) return el("div", { class: "view" }, v.map((x) => tree(x, 0)));
      if (v.length && v.every(isO)) return table(v, cols(v), 100);
      return grid(v) || list(v);
    }
    if (isO(v)) return kids(v) ? tree(v, 0) : kv(v, [], dep);
    if (typeof v === "string") return prose(v);
    return el("div", { class: "metric" }, val(v));
  }
  // A recursive structure — a record holding a list of records like itself (more than half of
  // each one's keys are its own; and some hold that list again, or all keys are its own, or the
  // list's name says so: a query plan's "Plans", a file tree's "children") — is a tree.
  // Each node is a fold named by its first short string (its kind, its name): open, its scalars
  // and other values, then its children, each a fold. The first three levels show open; a fold
  // opened shows all it holds open (up to 20 000 characters of it, as `more`): every level is one
  // click from the one above it, and every value of a tree one click from the view.
  function kids(o) {
    var own = (c) => Object.keys(c).filter((x) => CU.has(o, x)).length, n = (c) => Object.keys(c).length;
    return isO(o) ? Object.keys(o).find((k) => Array.isArray(o[k]) && o[k].length && o[k].every(isO) && o[k].every((c) => 2 * own(c) > n(c))
      && (o[k].some((c) => CU.has(c, k)) || o[k].every((c) => own(c) === n(c)) || /^(children|nodes|plans)$/i.test(k))) : undefined;
  }
  function tree(o, dep) {
    var k = kids(o), rest = Object.assign({}, o), d, lab = Object.keys(o).find((x) => typeof o[x] === "string" && o[x] && o[x].length <= 80);
    delete rest[k];
    var fill = () => {
      if (d.children.length > 1) return;
      var n = J(o).length <= 2e4;
      IN += n;
      try {
        d.append(kv(rest, [], 2));
        if (k) d.append(el("div", { class: "kids" }, o[k].map((c) => tree(c, dep + 1)))); // a leaf has none (append(null) writes "null")
      } finally { IN -= n; }
    };
    d = el("details", { class: "more tree", open: dep < 3 || IN > 0, ontoggle: () => { if (d.open) fill(); } },
      el("summary", null, lab ? o[lab] : k ? human(k) : plural(Object.keys(o).length, M.fields)));
    if (d.open) fill();
    return d;
  }
  // Columns from the union of keys over a sample of rows.
  function cols(rows) {
    var seen = {}, out = [];
    rows.slice(0, 200).forEach((r) => { for (var k in r) if (!seen[k]) { seen[k] = 1; out.push({ pointer: esc(k), label: human(k), g: 1 }); } });
    return out;
  }
  var flat = (v) => Array.isArray(v) && v.length <= 20 && v.every(sc);
  // Columns /0, /1, … of rows that are arrays, headed by the names n gives (else 1, 2, 3…).
  var nth = (w, n) => Array.from({ length: w }, (x, i) => ({ pointer: "/" + i, label: n ? human(String(n[i]).trim()) : String(i + 1), g: 1, name: n && String(n[i]) }));
  // A grid: an array of arrays of scalars (a sheet's range, a driver's rows, a matrix; a cell may
  // be a short list of scalars, shown inline). A first row of distinct strings over rows that are
  // not all strings is its header.
  function grid(v) {
    var w = 0, h = v[0];
    if (!v.length || !v.every((r) => Array.isArray(r) && r.every((x) => sc(x) || flat(x)) && (w = Math.max(w, r.length)))) return;
    h = h.length === w && h.every((x, i) => typeof x === "string" && h.indexOf(x) === i) && v.some((r) => !r.every((x) => typeof x === "string")) && h;
    return table(h ? v.slice(1) : v, nth(w, h), 100);
  }
  function list(a, f) {
    var ul = el("ul", { class: "list" }), n = 0;
    function add() { a.slice(n, n += 200).forEach((x) => { ul.appendChild(el("li", null, val(x, f))); }); btn.hidden = n >= a.length; btn.textContent = M.showMore(a.length - n); }
    var btn = B(add);
    add();
    return el("div", null, ul, btn);
  }
  function kv(o, fields, dep) {
    if (!isO(o)) return auto(o);
    var dl = el("dl", { class: "kv" }), subs = [];
    (fields.length ? fields : Object.keys(o).map((k) => ({ pointer: esc(k), label: human(k) }))).forEach((c) => {
      var v = at(o, c.pointer);
      // Nested data and multi-line text get a block of their own, headed by the key.
      // Records nested in records (a configuration) open to four levels, each set in by one step.
      if ((!fields.length && v && typeof v === "object" && !flat(v) && (dep < 2 || (isO(v) && dep < 4))) || (typeof v === "string" && /\n/.test(v))) subs.push(el("div", { class: dep > 1 ? "view nest" : "view" }, el("h3", null, c.label), (SC = o, auto(v, dep + 1))));
      else if (v !== undefined) dl.append(el("dt", null, c.label), el("dd", null, val(v, c.format, c.options, c.label)));
    });
    return el("div", { class: "view" }, dl.children.length ? dl : null, subs);
  }
  // A short token — an id, a code, a number, a date: no space, or a date-time, within 40
  // characters — never breaks inside a table cell ("task-3" is not "task-" over "3"); longer
  // text wraps between words.
  var nw = (v) => typeof v === "number" || (typeof v === "string" && v.length <= 40 && (!/\s/.test(v.trim()) || DT.test(v.trim()))) ? " nw" : "";
  // Sort by a column (click its header), filter by text, one page of pageSize rows at a time.
  // nop: no pivot (the pivot's own tables).
  function table(rows, cs, size, nop) {
    cs.forEach((c) => { if (c.g) { var r = rows.find((r) => at(r, c.pointer) != null); c.format = guess(r && at(r, c.pointer)); } });
    var pv = !nop && CU.pivot && CU.pivot(rows, cs); // long-format cells: a matrix (matrix.js)
    if (pv) return pv;
    var hm = CU.matrix && CU.matrix(rows, cs); // numbers that form a matrix get a colour scale (matrix.js)
    if (hm) cs = hm.cs;
    var shown = rows, page = 0, key = -1, dir = 1;
    var tb = el("tbody"), info = el("span", { class: "muted" });
    var prev = B(() => { page--; draw(); }, M.prev);
    var next = B(() => { page++; draw(); }, M.next);
    var nc = (c) => /^(number|integer)$/.test(c.format) ? "num" : null;
    var head = cs.map((c, i) => el("th", { scope: "col", "aria-sort": "none", class: nc(c) }, el("button", { type: "button", onclick: () => sort(i) }, c.label)));
    function sort(i) {
      dir = key === i ? -dir : 1; key = i;
      var p = cs[i].pointer;
      shown = shown.slice().sort((a, b) => {
        var x = at(a, p), y = at(b, p);
        return x == null ? 1 : y == null ? -1 : (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), L, { numeric: true })) * dir;
      });
      head.forEach((h, j) => { h.setAttribute("aria-sort", j === i ? (dir > 0 ? "ascending" : "descending") : "none"); });
      page = 0; draw();
    }
    function draw() {
      var pages = Math.max(1, Math.ceil(shown.length / size));
      page = Math.min(Math.max(page, 0), pages - 1);
      tb.replaceChildren.apply(tb, shown.slice(page * size, page * size + size).map((r) => el("tr", null, cs.map((c) => (hm ? hm.cell : (c, r, td) => td)(c, r, el("td", { class: (nc(c) || "") + nw(at(r, c.pointer)) || null }, val(at(r, c.pointer), c.format, c.options, c.label)))))));
      info.textContent = shown.length > size ? M.rowsOf(page * size + 1, Math.min(shown.length, page * size + size), shown.length) : plural(shown.length, M.rows);
      prev.hidden = next.hidden = pages < 2; prev.disabled = !page; next.disabled = page >= pages - 1;
    }
    var q = rows.length > 10 && el("input", { type: "search", class: "ctl filter", placeholder: M.filter, "aria-label": M.filterRows, oninput: () => {
      var t = q.value.toLowerCase();
      shown = t ? rows.filter((r) => J(r).toLowerCase().indexOf(t) >= 0) : rows; key = -1; page = 0; draw();
    } });
    draw();
    // The rows and columns ride on the element (not markup): host.js offers them as a file.
    var box = Object.assign(el("div", { class: "tbl" }, q, el("div", { class: "scroll" }, el("table", null, el("thead", null, el("tr", null, head)), tb)), el("div", { class: "pager" }, prev, info, next)), { rows: rows, cols: cs });
    return hm ? hm.wrap(box) : box;
  }
  /* ------------------------------------------------------------------ markdown subset (DOM only) */

  /* ------------------------------------------------------------------ text kinds */

  // Ranked detectors decide what a text is, looking at its first 64 KB only (bounded on any
  // size): JSON (or a Python literal) → the data views, unified diff → a diff view, CSV/TSV → a
  // table, markdown (a table — a "| a | b |" line over a "|---|---|" line — or two signs of it at
  // least: headings, fences, links, bold, lists, quotes) → the markdown subset, other
  // line-structured text → monospace, lines kept; otherwise prose.
  // Every kind builds DOM nodes from text: a detector never turns data into markup.
  var MDS = [/^#{1,6} \S/m, /^```/m, /\]\(https?:/, /\*\*\S[^*\n]*\*\*/, /^ *([-*+]|\d+\.) \S.*\n *([-*+]|\d+\.) \S/m, /^ {0,3}> ?\S/m];
  var MDT = /^ {0,3}\|.*\|[ \t]*\r?\n {0,3}\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$/m;
  // Terminal text: a Python traceback, a JS stack ("    at f (file.js:3:9)"); a log (most lines
  // start with a time or a level).
  var TB = /^Traceback \(most recent call last\):|^\s+at \S.*:\d+:\d+\)?$/m, LOG = /^\[?(\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\d\d:\d\d:\d\d|(DEBUG|INFO|WARN\w*|ERROR|FATAL|CRITICAL|TRACE)\b)/;
  function kind(s) {
    var h = s.slice(0, 65536), ls = h.split(/\r?\n/);
    if (s.length > h.length || !ls[ls.length - 1]) ls.pop(); // a cut or empty last line says nothing
    if (/^@@ -\d+(,\d+)? \+\d+/m.test(h) && /^--- \S/m.test(h)) return "diff";
    if (TB.test(h) || ls.filter((l) => LOG.test(l)).length * 2 > ls.length) return "lines";
    if (MDT.test(h)) return "md";
    if (sep(ls)) return sep(ls);
    if (MDS.filter((r) => r.test(h)).length > 1) return "md";
    var full = ls.filter((l) => l.trim()), kvn = full.filter((l) => KV.test(l)).length;
    if (kvn > 1 && kvn * 2 >= full.length && ls.length <= 2000) return "kv";
    if (!kvn && aligned(ls)) return "aligned";
    return full.length > 1 && !(full.every((l) => l.length > 60) && full.filter((l) => /[.!?:]$/.test(l)).length * 2 >= full.length) ? "lines" : "prose";
  }
  // The delimiter of CSV (at least 2 data rows) or TSV text: every line has the same number
  // (≥ 2) of cells, and the header cells are short names.
  function sep(ls) {
    var d = /\t/.test(ls[0]) ? "\t" : /,/.test(ls[0]) ? "," : "", n = d && cells(ls[0], d);
    if (!d || ls.length < (d === "," ? 3 : 2) || n.length < 2 || n.some((c) => !c.trim() || c.length > 64 || /^ /.test(c))) return "";
    return ls.slice(0, 200).every((l) => cells(l, d).length === n.length) ? d : "";
  }
  function cells(l, d) {
    var out = [], cur = "", q = false;
    for (var i = 0; i < l.length; i++) {
      var c = l[i];
      if (q) { if (c !== '"') cur += c; else if (l[i + 1] === '"') { cur += c; i++; } else q = false; }
      else if (c === '"' && !cur) q = true;
      else if (c === d) { out.push(cur); cur = ""; } else cur += c;
    }
    out.push(cur);
    return out;
  }
  // "Key: value" lines (a key is a short name): records. Records alike — the same first key, and
  // more than half the keys of each shared with the run — are rows of one table (the line just
  // before each record, when each has one, names its row: "1. row", "cohort (varchar)"); records
  // with other keys stay apart (mcp-alchemy's two tables' columns: "sales:", "people:"), each a
  // record under its line; other lines stay text.
  var KV = /^\s*([A-Za-z_][\w .()/-]{0,40}?):[ \t]+(\S.*)$/, RULE = /^[\s=-]+$/;
  function kvt(s) {
    var items = [], cur = null, out = el("div", { class: "view" });
    s.split(/\r?\n/).forEach((l) => {
      var m = KV.exec(l), last = items[items.length - 1];
      if (m) m[2] = /^(true|false)$/i.test(m[2].trim()) ? /^t/i.test(m[2]) : m[2].trim(); // a yes/no
      if (m && cur && !CU.has(cur.r, m[1].trim())) { cur.r[m[1].trim()] = m[2]; return; }
      if (m) {
        items.push(cur = { r: {}, lab: last && last.t != null && !last.gap ? items.pop().t : null });
        cur.r[m[1].trim()] = m[2];
        return;
      }
      cur = null;
      if (!l.trim() || RULE.test(l)) { if (last) last.gap = 1; } else items.push({ t: l.trim() });
    });
    for (var i = 0; i < items.length;) {
      var it = items[i], j = i + 1;
      if (!it.r) { out.append(text(it.t, 2)); i++; continue; }
      for (var ks = Object.assign({}, it.r); j < items.length && alike(items[j].r, ks, it.r); j++) Object.assign(ks, items[j].r);
      var run = items.slice(i, j), labs = run.length > 1 && run.every((x) => x.lab != null);
      if (run.length < 2) out.append(it.lab ? el("h3", null, it.lab) : "", kv(it.r, [], 2));
      else {
        var rows = run.map((x) => labs ? Object.assign({ "": x.lab }, x.r) : x.r), cs = cols(rows);
        cs.forEach((c) => { if (rows.every((r) => at(r, c.pointer) == null || /^-?\d+(\.\d+)?$/.test(at(r, c.pointer)))) rows.forEach((r) => { var v = at(r, c.pointer); if (v != null) r[c.pointer.slice(1)] = +v; }); });
        if (!labs) run.filter((x) => x.lab).forEach((x) => { out.append(text(x.lab, 2)); });
        out.append(table(rows, cs, 100));
      }
      i = j;
    }
    return out;
  }
  function alike(r, ks, first) {
    var k = r && Object.keys(r), n = k && k.filter((x) => CU.has(ks, x)).length;
    return !!r && k[0] === Object.keys(first)[0] && 2 * n > Math.max(k.length, Object.keys(first).length);
  }
  // An aligned plain-text table: a header line of names, an optional rule of dashes, rows; its
  // columns are the character columns blank in every line (two wide at least) between them.
  function aligned(ls) {
    var b = ls.filter((l) => l.trim() && !RULE.test(l)), w = 0, cut = [], i, j;
    if (b.length < 3 || b.length > 500) return;
    b.forEach((l) => { w = Math.max(w, l.trimEnd().length); });
    var blank = (x) => b.every((l) => x >= l.length || l[x] === " ");
    for (i = 0; i < w; i = Math.max(j, i + 1)) {
      for (j = i; j < w && blank(j);) j++;
      if (j - i > 1 && i) cut.push(i, j);
    }
    if (!cut.length) return;
    cut = [0].concat(cut, [w]);
    var rows = b.map((l) => cut.filter((x, n) => !(n % 2)).map((x, n) => l.slice(x, cut[2 * n + 1]).trim()));
    return rows[0].every((c) => /^[A-Za-z_][\w .%()/-]{0,30}$/.test(c)) && rows.slice(1).every((r) => r.filter(Boolean).length > 1) ? rows : undefined;
  }
  // A delimited text as a table; a column whose every value is a number holds numbers.
  function csv(s, d) {
    var ls = s.split(/\r?\n/).filter((l) => l), al = d === "aligned" && aligned(ls), head = al ? al[0] : cells(ls[0], d), rows = al ? al.slice(1) : ls.slice(1).map((l) => cells(l, d));
    head.forEach((h, i) => {
      if (rows.every((r) => r[i] === "" || /^-?\d+(\.\d+)?$/.test(r[i]))) rows.forEach((r) => { r[i] = r[i] === "" ? null : +r[i]; });
    });
    return table(rows, nth(head.length, head), 100);
  }
  // One line per line; added, removed, hunk and file lines marked by class (and by their sign).
  function diff(s) {
    var ls = s.split(/\r?\n/);
    return el("pre", { class: "diff json lines" }, ls.map((l) => el("span", { class: /^(\+\+\+|---) |^(diff|index|commit) /.test(l) ? "d-meta" : /^\+/.test(l) ? "d-add" : /^-/.test(l) ? "d-del" : /^@@/.test(l) ? "d-hunk" : null }, l + "\n")));
  }
  // A Python literal as text (the repr of lists, tuples, dicts that Python servers send) read as
  // the JSON it stands for. Nothing is evaluated: outside its strings, a literal differs from JSON
  // in a few tokens, rewritten here, and JSON.parse reads the rest or refuses: str in either
  // quote → JSON strings, None/True/False → null/true/false, tuples → arrays, trailing commas
  // dropped, ints past 15 digits kept as their text (never rounded), "1." → 1.0.
  // Rule "numpy array reprs": array(X) and array(X, dtype=Y) are X (numpy prints its arrays so,
  // inside the dicts and lists of chroma-mcp, a program's output…). A stack of the open brackets
  // tells an array's closing parenthesis (dropped) from a tuple's (→ "]"); an array of more than
  // one value, or brackets that do not match, is no literal.
  var PYT = /'((?:[^'\\\n]|\\.)*)'|"(?:[^"\\\n]|\\.)*"|\b(None|True|False)\b|(-?\d{16,})(?![\d.e])|(\d)\.(?![\d.])|\barray\(|,\s*dtype=(?:[\w.]+|'[^'\n]*')\s*\)|(,)(?=\s*[\])}])|[()[\]{},]/g;
  var CLOSE = { ")": "(", "]": "[", "}": "{" };
  function pylit(s) {
    if (s.length > 1e7 || !/^\s*([[({]|array\()/.test(s)) return;
    var open = [], bad = 0, a = "array(";
    s = s.replace(PYT, (m, q, w, n, d, t) => {
      if (q != null) return J(q.replace(/\\'/g, "'"));
      if (m[0] === '"') return m;
      if (w) return { None: "null", True: "true", False: "false" }[w];
      if (n) return '"' + n + '"';
      if (d) return d + ".0";
      if (t) return "";
      if (m === ",") { if (open[open.length - 1] === a) bad = 1; return m; }
      if (m === a || "([{".indexOf(m) >= 0) return open.push(m), m === "(" ? "[" : m === a ? "" : m;
      var o = open.pop();
      if (m[0] === ",") return o !== a && (bad = 1), ""; // an array's dtype, and its end
      if (o !== CLOSE[m] && !(o === a && m === ")")) bad = 1;
      return m === ")" ? (o === a ? "" : "]") : m;
    });
    return bad ? undefined : parse(s);
  }
  function prose(s) {
    var d = parse(s), k;
    if (d === undefined) d = pylit(s);
    if (d !== undefined) return auto(d);
    if (/\x1b/.test(s)) return text(s, 1); // a terminal's output, its colours kept
    k = kind(s);
    if (k === "diff") return diff(s.length > MAXT * 10 ? s.slice(0, MAXT * 10) : s);
    if (k === "," || k === "\t" || k === "aligned") return csv(s, k);
    if (k === "kv") return kvt(s);
    return k === "md" && s.length <= MAXT ? md(s) : text(s, k === "lines" ? 1 : 2);
  }
  // dep: how deep in quotes. A quote (lines that start with ">") holds markdown of its own;
  // past 8 levels its ">" stay text.
  function md(s, dep) {
    var out = el(dep ? "blockquote" : "div", { class: dep ? null : "md" }), lines = s.split(/\r?\n/), i = 0, m, para = [], lst = null, Q = /^ {0,3}> ?/;
    dep = dep || 0;
    // Lines of a paragraph stay lines (mixed texts are often line-structured).
    function flush() { if (para.length) out.appendChild(el("p", null, inline(para.join("\n")))); para = []; }
    while (i < lines.length) {
      var ln = lines[i++];
      if (/^```/.test(ln)) {
        flush(); lst = null;
        var code = [];
        while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
        i++;
        out.appendChild(el("pre", { class: "json" }, el("code", null, code.join("\n"))));
      } else if (Q.test(ln) && dep < 8) {
        flush(); lst = null;
        var quote = [ln];
        while (i < lines.length && Q.test(lines[i])) quote.push(lines[i++]);
        out.appendChild(md(quote.map((l) => l.replace(Q, "")).join("\n"), dep + 1));
      } else if ((m = /^(#{1,6}) +(.*)/.exec(ln))) {
        flush(); lst = null;
        out.appendChild(el("h" + Math.min(6, m[1].length + 2), null, inline(m[2])));
      } else if ((m = /^\s*([-*+]|\d+\.) +(.*)/.exec(ln))) {
        flush();
        var tag = /\d/.test(m[1]) ? "ol" : "ul";
        if (!lst || lst.tagName.toLowerCase() !== tag) out.appendChild(lst = el(tag));
        lst.appendChild(el("li", null, inline(m[2])));
      } else if (/^\s*\|.*\|\s*$/.test(ln)) {
        flush(); lst = null;
        var rows = [ln];
        while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i])) rows.push(lines[i++]);
        // (a header that is a key, "cohort_size", reads as the data views write keys: "Cohort size")
        var cells = (r) => r.trim().slice(1, -1).split("|").map((c) => c.trim());
        rows = rows.filter((r) => !/^[\s|:-]+$/.test(r)).map(cells);
        out.appendChild(el("div", { class: "scroll" }, el("table", null, el("thead", null, el("tr", null, rows[0].map((c) => el("th", null, inline(human(c)))))),
          el("tbody", null, rows.slice(1).map((r) => el("tr", null, r.map((c) => el("td", { class: nw(c) || null }, inline(c)))))))));
      } else if (!ln.trim()) { flush(); lst = null; } else { lst = null; para.push(ln.trim()); }
    }
    flush();
    return out;
  }
  // Inline: `code`, **bold**, *em* / _em_, [text](http-url); everything else stays text.
  function inline(s) {
    var re = /`([^`]+)`|\*\*(.+?)\*\*|(?:\*|\b_)(\S(?:.*?\S)?)(?:\*|_\b)|\[([^\]]+)\]\(([^)\s]+)\)/g, out = [], last = 0, m;
    while ((m = re.exec(s))) {
      out.push(s.slice(last, m.index)); last = re.lastIndex;
      out.push(m[1] ? el("code", null, m[1]) : m[2] ? el("strong", null, inline(m[2])) : m[3] ? el("em", null, inline(m[3])) : link(m[5], m[4]));
    }
    out.push(s.slice(last));
    return out;
  }

  /* ------------------------------------------------------------------ MCP content blocks */

  function block(b) {
    if (!isO(b)) return PJ(b);
    var t = b.type, r = b.resource;
    if (t === "text") return prose(String(b.text));
    if (t === "image") return img(b.data, b.mimeType);
    if (t === "audio") return /^audio\/[\w.+-]+$/.test(b.mimeType) && /^[A-Za-z0-9+/]*={0,2}$/.test(b.data) ? el("audio", { controls: true, src: "data:" + b.mimeType + ";base64," + b.data }) : text(String(b.data));
    if (t === "resource_link") return el("div", { class: "res" }, link(b.uri, b.title || b.name || b.uri), b.description ? el("div", { class: "muted" }, b.description) : null);
    if (t === "resource" && isO(r)) {
      var mime = r.mimeType || "", body = r.text != null ? (/json/.test(mime) ? auto(parse(r.text) !== undefined ? parse(r.text) : r.text) : /markdown/.test(mime) && r.text.length <= MAXT ? md(r.text) : text(String(r.text), 1))
        : /^image\//.test(mime) ? img(r.blob, mime) : download(r);
      return el("div", { class: "res" }, el("div", { class: "muted" }, r.uri + (mime ? " · " + mime : "")), body);
    }
    return PJ(b);
  }
  function download(r) {
    var name = String(r.uri || M.file).split(/[/?#]/).filter(Boolean).pop() || M.file, size = Math.floor(String(r.blob || "").length * 3 / 4);
    return B(() => {
      var u = URL.createObjectURL(new Blob([Uint8Array.from(atob(r.blob), (c) => c.charCodeAt(0))], { type: r.mimeType || "application/octet-stream" }));
      el("a", { href: u, download: name }).click();
      setTimeout(() => { URL.revokeObjectURL(u); }, 1e4);
    }, M.download(name, size));
  }
  // The blocks not already shown. Beside structured data d, a text block is left out only when
  // it is d again (the spec's compatibility copy): JSON or a Python literal equal to d (a null
  // field the same as an absent one), to the one value d wraps ({"result": …}), or to an item of
  // that list (one block per item); or the text of one of d's strings. Any other text shows — a
  // decision on its content, not its presence (a notebook cell's printed output beside its
  // execution metadata).
  function blocks(content, d) {
    var seen = d === undefined ? [] : strs(d, 0, []), w = isO(d) && Object.keys(d).length === 1 ? Object.values(d)[0] : d;
    var again = (t) => { var v = parse(t); if (v === undefined) v = pylit(t); return v !== undefined && [d, w].concat(Array.isArray(w) ? w : []).some((x) => same(v, x)); };
    return content.filter((b) => !(d !== undefined && isO(b) && b.type === "text" && (seen.indexOf(String(b.text).trim()) >= 0 || again(String(b.text))))).map(block);
  }
  function same(a, b) {
    if (sc(a) || sc(b)) return a === b;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    var ks = Object.keys(Object.assign({}, a, b));
    return (!Array.isArray(a) || a.length === b.length) && ks.every((k) => (a[k] == null && b[k] == null) || same(a[k], b[k]));
  }
  function strs(v, dep, out) {
    if (typeof v === "string") out.push(v.trim());
    else if (v && typeof v === "object" && dep < 3) Object.keys(v).slice(0, 50).forEach((k) => { strs(v[k], dep + 1, out); });
    return out;
  }

  /* ------------------------------------------------------------------ the tree's nodes */

  // SC: the object around the view being built (matrix.js names a pivot's columns from it).
  var RES, SC;
  var NODES = {
    AutoView: (n, d) => auto(d),
    ContentBlocks: () => { RES.shown = 1; return el("div", { class: "view" }, blocks(RES.content)); }
  };
  // The server wrote the result's layout once, in the ResultView's <template>: layout nodes as
  // markup, each view as an empty <div class="view" data-view="id">. A result fills a copy.
  function fill(box, rv, d) {
    var byId = {}, walk = (n) => { byId[n.id] = n; (n.children || []).forEach(walk); };
    walk(rv);
    box.append(CU.own(document.getElementById(rv.id), "template").content.cloneNode(true));
    box.querySelectorAll("[data-view]").forEach((s) => { if (box.contains(s)) view(s, byId[s.getAttribute("data-view")], d); });
    if (CU.tabs) CU.tabs(box);
  }
  // A view shows the value at its bind (before the views nested in it); missing data shows
  // nothing, wrong-shaped data its AutoView.
  function view(s, n, root) {
    var f = NODES[n.type], d = at(root, n.props.bind || ""), lab = n.props.label;
    SC = at(root, (n.props.bind || "").replace(/\/[^/]*$/, ""));
    if (d === undefined && n.type !== "ContentBlocks") return s.remove();
    s.prepend(f ? f(n, d) : PJ(d));
    if (lab && n.props.bind) s.prepend(el("h3", null, lab));
  }

  function render(box, r, rv, ctx) {
    C = ctx; FM = {};
    L = (ctx.hostContext || {}).locale || undefined;
    var cs = Array.isArray(r.content) ? r.content : [], d = r.structuredContent;
    RES = { content: cs };
    // An error's text is a message, or a terminal's (a traceback, a log, colours) kept in monospace.
    var e = cs.filter((b) => isO(b) && b.type === "text").map((b) => String(b.text)).join("\n") || M.errorUntold;
    if (r.isError) return box.append(el("div", { class: "alert alert-error", role: "alert" }, el("strong", null, M.error), /\x1b/.test(e) || TB.test(e) ? text(e, 1) : el("p", null, e)));
    if (d !== undefined) rv && rv.props && rv.props.source !== "content" ? fill(box, rv, d) : box.append(auto(d));
    // The text blocks usually repeat the data as JSON; the rest shows unless a view already did.
    if (!RES.shown) box.append(...blocks(cs, d));
  }

  return { get scope() { return SC; }, render: render, NODES: NODES, at: at, num: num, date: date, isO: isO, auto: auto, table: table, kind: kind, kv: kv, cols: cols, list: list, val: val, img: img, PJ: PJ };
})();
