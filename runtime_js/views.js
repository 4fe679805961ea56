/* compile-ui result views. Concatenated after runtime.js (and fields.js) in the same <script>;
   uses its global el(). Sets CU.views: render(container, result, resultViewNode, ctx), plus the
   NODES table and helpers that chart.js (shipped only with a Chart) builds on.
   Data is never markup: DOM nodes + textContent only; links only http(s), opened via ctx.openLink. */
CU.views = (() => {
  var C, L, TZ, MAXT = 1e5, ISD = /^\d{4}-\d\d-\d\d$/, ISDT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
  var isO = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  var J = (v, n) => JSON.stringify(v, null, n);
  var B = (on, ...k) => el("button", { type: "button", class: "btn small", onclick: on }, ...k);
  var PJ = (v) => el("pre", { class: "json" }, J(v, 2));
  var tok = (t) => t.replace(/~1/g, "/").replace(/~0/g, "~");
  var esc = (k) => "/" + k.replace(/~/g, "~0").replace(/\//g, "~1");
  // JSON Pointer lookup; undefined when any step is missing.
  function at(d, p) {
    if (!p) return d;
    var ts = p.split("/").slice(1);
    for (var i = 0; i < ts.length; i++) {
      if (d === null || typeof d !== "object" || !Object.prototype.hasOwnProperty.call(d, tok(ts[i]))) return;
      d = d[tok(ts[i])];
    }
    return d;
  }
  function parse(s) {
    if (!/^\s*[[{]/.test(s)) return;
    try { return JSON.parse(s); } catch (e) { return; }
  }

  /* ------------------------------------------------------------------ values */

  function link(u, text) {
    if (!/^https?:\/\//i.test(u)) return text != null && text !== u ? text + " (" + u + ")" : String(u);
    return el("a", { href: u, title: u, onclick: (e) => { e.preventDefault(); C.openLink(u); } }, text == null ? u : text);
  }
  // Intl formatters are costly to build: one per kind, per rendered result (locale/zone may change).
  var FM = {};
  function fmt(k, mk) {
    try { return FM[k] || (FM[k] = mk()); } catch (e) { return FM[k] = { format: (v) => String(v) }; }
  }
  function num(v) {
    return Math.abs(v) < 1e15 ? fmt("n", () => new Intl.NumberFormat(L, { maximumFractionDigits: 10 })).format(v) : String(v);
  }
  function date(v, f) {
    var day = f === "date" && ISD.test(v), d = new Date(day ? v + "T00:00:00Z" : v);
    if (isNaN(d)) return String(v);
    // A calendar date has no zone: shown as it is (UTC), never shifted by the host's zone.
    return fmt(f + day, () => new Intl.DateTimeFormat(L, f === "date" ? { timeZone: day ? "UTC" : TZ, dateStyle: "medium" } : { timeZone: TZ, dateStyle: "medium", timeStyle: "short" })).format(d);
  }
  // What a value looks like, for data without a schema.
  function guess(v) {
    if (typeof v === "number") return "number";
    if (typeof v === "boolean") return "boolean";
    if (v === null || typeof v !== "string") return v === null ? "text" : "json";
    return ISD.test(v) ? "date" : ISDT.test(v) ? "date-time" : /^https?:\/\/\S+$/i.test(v) ? "uri" : /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(v) ? "uuid" : "text";
  }
  // One value as a node: formatted by its column format (guessed when absent).
  function val(v, f, opts) {
    if (v === undefined || v === null) return el("span", { class: "muted" }, v === null ? "null" : "—");
    f = f || guess(v);
    if (typeof v === "object") return more(v);
    if (f === "enum" || (f === "boolean" && typeof v === "boolean")) {
      var o = (opts || []).find((o) => o.value === v);
      return el("span", { class: "tag tag-" + String(v).replace(/\W/g, "").slice(0, 20) }, o ? o.label : String(v));
    }
    if (typeof v === "number") return num(v);
    v = String(v);
    if (f === "uri") return link(v);
    if (f === "uuid" && v.length > 13) return el("span", { title: v, class: "uuid" }, v.slice(0, 8) + "…");
    if (/^date/.test(f)) return el("time", { datetime: v, title: v }, date(v, f));
    if (f === "image") return img(v);
    return text(v);
  }
  // Nested values drill down: a summary line, the full view built on first open.
  function more(v) {
    var n = Array.isArray(v) ? v.length + " items" : Object.keys(v).length + " fields", d;
    d = el("details", { class: "more", ontoggle: () => { if (d.open && d.children.length < 2) d.appendChild(auto(v, 2)); } },
      el("summary", null, n));
    return d;
  }
  // Only a well-formed base64 image becomes an <img>; anything else is shown as text.
  function img(v, mime) {
    var src = /^data:image\//.test(v) ? String(v) : "data:" + (mime || "image/png") + ";base64," + String(v).replace(/\s+/g, "");
    return /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]*={0,2}$/.test(src) ? el("img", { class: "block-img", alt: "", src: src }) : text(String(v));
  }
  // Long text is cut at 100 KB with a control that shows the rest.
  function text(s, pre) {
    var n = el(pre ? "pre" : "span", { class: pre ? "text-block" : "" }, s.length > MAXT ? s.slice(0, MAXT) : s);
    if (s.length <= MAXT) return n;
    return el("div", null, n, el("button", { type: "button", class: "btn small", onclick: (e) => { n.textContent = s; e.target.remove(); } },
      "Show all (" + Math.round(s.length / 1024) + " KB)"));
  }

  /* ------------------------------------------------------------------ shape-driven views */

  // dep: nesting depth; below the top two levels nested values fold behind a "more" summary.
  function auto(v, dep) {
    dep = dep || 0;
    if (Array.isArray(v)) {
      if (v.length && v.every(isO)) return table(v, cols(v), 100);
      return list(v);
    }
    if (isO(v)) return kv(v, [], null, null, dep);
    if (typeof v === "string") return prose(v);
    return el("div", { class: "metric" }, val(v));
  }
  // Columns from the union of keys over a sample of rows.
  function cols(rows) {
    var seen = {}, out = [];
    rows.slice(0, 200).forEach((r) => { for (var k in r) if (!seen[k]) { seen[k] = 1; out.push({ pointer: esc(k), label: k, g: 1 }); } });
    return out;
  }
  function list(a, f) {
    var ul = el("ul", { class: "list" }), n = 0;
    function add() { a.slice(n, n += 200).forEach((x) => { ul.appendChild(el("li", null, val(x, f))); }); btn.hidden = n >= a.length; btn.textContent = "Show more (" + (a.length - n) + ")"; }
    var btn = el("button", { type: "button", class: "btn small", onclick: add });
    add();
    return el("div", null, ul, btn);
  }
  function kv(o, fields, kids, root, dep) {
    if (!isO(o)) return auto(o);
    var dl = el("dl", { class: "kv" }), subs = [];
    (fields.length ? fields : Object.keys(o).map((k) => ({ pointer: esc(k), label: k }))).forEach((c) => {
      var v = at(o, c.pointer);
      if (!fields.length && v && typeof v === "object" && dep < 2) subs.push(el("div", { class: "view" }, el("h3", null, c.label), auto(v, dep + 1)));
      else if (v !== undefined) dl.append(el("dt", null, c.label), el("dd", null, val(v, c.format, c.options)));
    });
    return el("div", { class: "view" }, dl.children.length ? dl : null, subs, (kids || []).map((k) => node(k, root)));
  }
  // Sort by a column (click its header), filter by text, one page of pageSize rows at a time.
  function table(rows, cs, size) {
    cs.forEach((c) => { if (c.g) { var r = rows.find((r) => at(r, c.pointer) != null); c.format = guess(r && at(r, c.pointer)); } });
    var shown = rows, page = 0, key = -1, dir = 1;
    var tb = el("tbody"), info = el("span", { class: "muted" });
    var prev = B(() => { page--; draw(); }, "‹ Prev");
    var next = B(() => { page++; draw(); }, "Next ›");
    var head = cs.map((c, i) => el("th", { scope: "col", "aria-sort": "none", class: /^(number|integer)$/.test(c.format) ? "num" : null }, el("button", { type: "button", onclick: () => sort(i) }, c.label)));
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
      tb.replaceChildren.apply(tb, shown.slice(page * size, page * size + size).map((r) => el("tr", null, cs.map((c) => el("td", { class: /^(number|integer)$/.test(c.format) ? "num" : null }, val(at(r, c.pointer), c.format, c.options))))));
      info.textContent = shown.length > size ? page * size + 1 + "–" + Math.min(shown.length, page * size + size) + " of " + shown.length : shown.length + " rows";
      prev.hidden = next.hidden = pages < 2; prev.disabled = !page; next.disabled = page >= pages - 1;
    }
    var q = rows.length > 10 && el("input", { type: "search", class: "ctl filter", placeholder: "Filter", "aria-label": "Filter rows", oninput: () => {
      var t = q.value.toLowerCase();
      shown = t ? rows.filter((r) => J(r).toLowerCase().indexOf(t) >= 0) : rows; key = -1; page = 0; draw();
    } });
    draw();
    return el("div", { class: "tbl" }, q, el("div", { class: "scroll" }, el("table", null, el("thead", null, el("tr", null, head)), tb)), el("div", { class: "pager" }, prev, info, next));
  }
  function cards(rows, p) {
    var cs = p.fields.length ? p.fields : cols(rows);
    return el("div", { class: "cards" }, rows.map((r) => el("div", { class: "card" }, p.titlePointer ? el("strong", null, val(at(r, p.titlePointer))) : null, kv(r, cs))));
  }

  /* ------------------------------------------------------------------ markdown subset (DOM only) */

  var MD = /^(#{1,6} |\s*([-*+]|\d+\.) |```|\|.*\|\s*$|>)|\*\*\S|\[[^\]]+\]\(https?:/m;
  function prose(s) {
    var d = parse(s);
    if (d !== undefined) return auto(d);
    return s.length <= MAXT && MD.test(s) ? md(s) : text(s, 1);
  }
  function md(s) {
    var out = el("div", { class: "md" }), lines = s.split(/\r?\n/), i = 0, m, para = [], lst = null;
    function flush() { if (para.length) out.appendChild(el("p", null, inline(para.join(" ")))); para = []; }
    while (i < lines.length) {
      var ln = lines[i++];
      if (/^```/.test(ln)) {
        flush(); lst = null;
        var code = [];
        while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
        i++;
        out.appendChild(el("pre", { class: "json" }, el("code", null, code.join("\n"))));
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
        var cells = (r) => r.trim().slice(1, -1).split("|").map((c) => c.trim());
        rows = rows.filter((r) => !/^[\s|:-]+$/.test(r)).map(cells);
        out.appendChild(el("div", { class: "scroll" }, el("table", null, el("thead", null, el("tr", null, rows[0].map((c) => el("th", null, inline(c))))),
          el("tbody", null, rows.slice(1).map((r) => el("tr", null, r.map((c) => el("td", null, inline(c)))))))));
      } else if ((m = /^> ?(.*)/.exec(ln))) {
        flush(); lst = null;
        out.appendChild(el("blockquote", null, inline(m[1])));
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
    var name = String(r.uri || "file").split(/[/?#]/).filter(Boolean).pop() || "file", size = Math.floor(String(r.blob || "").length * 3 / 4);
    return el("button", { type: "button", class: "btn small", onclick: () => {
      var bin = atob(r.blob), a = new Uint8Array(bin.length);
      for (var i = 0; i < bin.length; i++) a[i] = bin.charCodeAt(i);
      var u = URL.createObjectURL(new Blob([a], { type: r.mimeType || "application/octet-stream" }));
      el("a", { href: u, download: name }).click();
      setTimeout(() => { URL.revokeObjectURL(u); }, 1e4);
    } }, "Download " + name + " (" + size + " bytes)");
  }
  function blocks(content, skipJson) {
    return (Array.isArray(content) ? content : []).filter((b) => !(skipJson && isO(b) && b.type === "text" && parse(String(b.text)) !== undefined)).map(block);
  }

  /* ------------------------------------------------------------------ the tree's nodes */

  var R0, RES;
  var NODES = {
    AutoView: (n, d) => auto(d),
    KeyValue: (n, d) => kv(d, n.props.fields || [], n.children, R0),
    Table: (n, d) => Array.isArray(d) ? table(d, (n.props.columns || []).length ? n.props.columns.slice() : cols(d.filter(isO)), n.props.pageSize || 100) : auto(d),
    List: (n, d) => Array.isArray(d) ? list(d, n.props.format) : auto(d),
    CardGrid: (n, d) => Array.isArray(d) ? cards(d, n.props) : auto(d),
    Metric: (n, d) => el("div", { class: "metric" }, val(d, n.props.format), n.props.unit ? el("small", null, " " + n.props.unit) : null),
    Image: (n, d) => typeof d === "string" ? img(d, n.props.mimeType) : auto(d),
    JsonView: (n, d) => el("details", { class: "raw", open: true }, el("summary", null, "JSON"), PJ(d)),
    ContentBlocks: () => { RES.shown = 1; return el("div", { class: "view" }, blocks(RES.content)); }
  };
  var LAYOUT = {
    Section: (n) => el("section", { class: "section" }, el("h3", null, n.props.title), kids(n)),
    Card: (n) => el("div", { class: "card" }, n.props.title ? el("h3", null, n.props.title) : null, kids(n)),
    Stack: (n) => el("div", { class: "stack stack-" + n.props.direction }, kids(n)),
    Heading: (n) => el("h" + Math.min(4, (n.props.level || 2) + 1), null, n.props.text),
    Text: (n) => el("p", { class: "text" + (n.props.tone === "muted" ? " muted" : "") }, n.props.text),
    Alert: (n) => el("div", { class: "alert alert-" + (n.props.tone || "info") }, n.props.title ? el("strong", null, n.props.title) : null, el("p", null, n.props.text)),
    Tabs: (n) => {
      var panels = n.children.map((c) => el("div", { role: "tabpanel" }, kids(c)));
      var tabs = n.children.map((c, i) => el("button", { type: "button", role: "tab", onclick: () => pick(i) }, c.props.title || String(i + 1)));
      function pick(k) { tabs.forEach((t, i) => { t.setAttribute("aria-selected", String(i === k)); panels[i].hidden = i !== k; }); }
      pick(Math.min(n.props.selected || 0, tabs.length - 1));
      return el("div", { class: "tabs" }, el("div", { role: "tablist" }, tabs), panels);
    }
  };
  function kids(n) { return (n.children || []).map((c) => node(c, R0)); }
  // A view shows the value at its bind; missing data shows nothing, wrong-shaped data its AutoView.
  function node(n, root) {
    if (LAYOUT[n.type]) return LAYOUT[n.type](n);
    var f = NODES[n.type], d = at(root, (n.props && n.props.bind) || "");
    if (!f) return PJ(d);
    if (d === undefined && n.type !== "ContentBlocks") return null;
    var lab = n.props && n.props.label;
    return el("div", { class: "view", "data-view": n.id }, lab && n.props.bind ? el("h3", null, lab) : null, f(n, d));
  }

  function render(box, r, rv, ctx) {
    C = ctx; FM = {};
    var hc = ctx.hostContext || {};
    L = hc.locale || undefined; TZ = hc.timeZone || undefined;
    RES = { content: r.content };
    if (r.isError) {
      var msg = (Array.isArray(r.content) ? r.content : []).filter((b) => isO(b) && b.type === "text").map((b) => String(b.text)).join("\n");
      box.appendChild(el("div", { class: "alert alert-error", role: "alert" }, el("strong", null, "Error"), el("p", null, msg || "The tool reported an error without a message.")));
      return;
    }
    var d = r.structuredContent, views = (rv && rv.children) || [], compiled = rv && rv.props && rv.props.source !== "content";
    if (d !== undefined && compiled) {
      R0 = d;
      box.append.apply(box, views.map((n) => node(n, d)).filter(Boolean));
      // The text blocks usually repeat the data as JSON; the rest shows unless a view already did.
      if (!RES.shown) box.append.apply(box, blocks(r.content, true));
    } else if (d !== undefined) {
      box.append(auto(d));
      box.append.apply(box, blocks(r.content, true));
    } else box.append.apply(box, blocks(r.content));
  }

  return { render: render, NODES: NODES, at: at, num: num, date: date, isO: isO, auto: auto };
})();
