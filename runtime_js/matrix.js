/* compile-ui matrices (issue 26): a table whose numbers form a matrix gets a colour scale — a
   heatmap. Concatenated after views.js; views.js's table() asks CU.matrix(rows, columns) and, when
   it answers, draws the columns it gives and passes each cell through cell(). A colour is an
   addition, never a replacement: every cell keeps its value as text, and the legend says what the
   colours mean. Colours go through the cell's style (CSSOM setProperty, which the page's CSP
   allows) as a position --t on a scale whose colours are CSS variables (matrix.css), light and dark.
   What is a matrix, from the data alone:
   - rows whose one field (or cell) holds an array of numbers (cohort sizes beside retention rows;
     a query's array_agg/list): the arrays are the matrix, its columns their indices 0, 1, 2…;
   - else the numeric columns that number a series: names of one stem and a number ("month 0",
     "month 1"…; "m1", "m2"…; a driver's rows without names, columns 1, 2, 3…), three at least,
     or columns named by the rows' own labels (a correlation or distance matrix);
   - at least two rows and two columns; at most 50 columns (an embedding is no heatmap). Columns
     with no names at all (a grid without a header) must also be of one order of magnitude (the
     largest values of any two within ×50): a query's id, price and quantity are not a matrix.
   Rows are labelled by the field that names them: a text column named like a label (name, label,
   cohort…) before any other text column, an id only when nothing better exists. */
CU.matrix = ((V) => {
  var at = V.at, num = V.num, isN = (v) => typeof v === "number" && isFinite(v), nil = (v) => v == null;
  var ID = /^(id|ids|key|pk|uuid|guid|hash|sha|oid)$|(_id|Id|ID|_key|Hash|_hash|_uuid)$/;
  var NAME = /name|label|title|cohort|group|categor|segment|series|region|country|city|product|period|month|week|day|date|year/i;
  var MAXW = 50;
  // "month 3" → "month", "m3" → "m", "3" → ""; null when the name does not end in a number.
  var stem = (s) => { var m = /^(.*?)[\s_-]*\d+$/.exec(String(s)); return m ? m[1].toLowerCase() : null; };
  // What names a column: its key, or its header for a grid's positional columns.
  var key = (c) => { var k = c.pointer.split("/").pop(); return /^\d+$/.test(k) ? String(c.label) : k; };

  function matrix(rows, cs) {
    if (rows.length < 2) return;
    var vals = (c) => rows.map((r) => at(r, c.pointer));
    var numeric = cs.filter((c) => { var v = vals(c); return v.every((x) => nil(x) || isN(x)) && v.some(isN); });
    var arr = cs.find((c) => { var v = vals(c); return v.every((x) => nil(x) || (Array.isArray(x) && x.every((y) => nil(y) || isN(y)))) && v.some((x) => x && x.length > 1); });
    var texts = cs.filter((c) => vals(c).every((x) => nil(x) || typeof x === "string") && vals(c).some((x) => typeof x === "string"));
    var lab = texts.find((c) => NAME.test(key(c)) && !ID.test(key(c))) || texts.find((c) => !ID.test(key(c))) || texts[0];
    var names = lab ? vals(lab).map((x) => String(x).toLowerCase()) : [];
    var ms = cs.filter((c) => c.m), w = 0, pos;
    lab = cs.find((c) => c.l) || lab;
    if (ms.length) arr = null; // a pivot's (CU.pivot): its columns are the matrix
    else if (arr) {
      rows.forEach((r) => { var a = at(r, arr.pointer); w = Math.max(w, a ? a.length : 0); });
      // Its columns are its indices; in a grid without names (columns 1, 2, 3…) its own position
      // leads them ("3.1", "3.2"…), so they are not taken for the grid's columns.
      pos = arr.pointer === "/" + (arr.label - 1);
      ms = Array.from({ length: w }, (x, i) => ({ pointer: arr.pointer + "/" + i, label: pos ? arr.label + "." + (i + 1) : String(i), format: "number", of: pos ? "" : arr.label }));
    } else {
      var by = {};
      numeric.forEach((c) => { var s = stem(c.label); if (s !== null) (by[s] = by[s] || []).push(c); });
      ms = Object.keys(by).map((s) => by[s]).sort((a, b) => b.length - a.length)[0] || [];
      var sq = numeric.filter((c) => names.indexOf(String(c.label).toLowerCase()) >= 0);
      if (sq.length >= 2 && sq.length > ms.length) ms = sq;
      else if (ms.length < 3) return;
      // Positional columns (no names: "1", "2"… for /0, /1…) must be of one order of magnitude.
      if (ms.every((c) => c.pointer === "/" + (c.label - 1))) {
        var mx = ms.map((c) => Math.max.apply(0, vals(c).filter(isN).map(Math.abs)));
        if (Math.max.apply(0, mx) > 50 * Math.min.apply(0, mx)) return;
      }
    }
    if (ms.length < 2 || ms.length > MAXW) return;
    var ns = [];
    rows.forEach((r) => { ms.forEach((c) => { var v = at(r, c.pointer); if (isN(v)) ns.push(v); }); });
    if (!ns.length) return;
    if (lab && ms.indexOf(lab) >= 0) lab = null;
    var lo = Math.min.apply(0, ns), hi = Math.max.apply(0, ns), div = lo < 0 && hi > 0, m = Math.max(-lo, hi);
    // t: where a value sits on the scale, 0 … 1 (the sign picks the hue of a diverging scale).
    var t = (v) => div ? v / m : hi === lo ? 0.5 : (v - lo) / (hi - lo);
    var paint = (n, v) => {
      var x = t(v);
      n.classList.add("hm");
      if (x < 0) n.classList.add("hm-neg");
      n.style.setProperty("--t", Math.abs(x).toFixed(3));
      return n;
    };
    var rest = cs.filter((c) => c !== lab && c !== arr && ms.indexOf(c) < 0);
    return {
      cs: (lab ? [lab] : []).concat(rest, ms),
      cell: (c, r, td) => {
        var v = at(r, c.pointer);
        if (c === lab) td.classList.add("hm-row");
        if (ms.indexOf(c) < 0 || !isN(v)) return td;
        td.title = (lab ? String(at(r, lab.pointer)) + " · " : "") + (c.of ? c.of + " " : "") + c.label + ": " + num(v);
        return paint(td, v);
      },
      // The legend: the scale's ends as numbers, five steps of colour between them.
      wrap: (box) => {
        var a = div ? -m : lo, b = div ? m : hi, steps = [0, 1, 2, 3, 4].map((k) => a + (b - a) * k / 4);
        var lg = el("div", { class: "hm-legend", role: "img", "aria-label": M.colourScale(num(a), num(b)) },
          arr && !pos ? el("span", null, arr.label) : ms[0].v ? el("span", null, ms[0].v) : null, el("span", null, num(a)),
          steps.map((v) => paint(el("i", { title: num(v) }), v)), el("span", null, num(b)));
        box.classList.add("heatmap");
        box.insertBefore(lg, box.firstChild);
        return box;
      }
    };
  }
  return matrix;
})(CU.views);
/* Long-format cells (issue 32): records that are the cells of a matrix, one record a cell, are
   shown as that matrix — a heatmap — first, and the records themselves on a second tab (every
   value one click away). views.js's table() asks CU.pivot(rows, columns) before drawing a table.
   Two kinds, from the data alone (an outputSchema only says it sooner):
   - flat: two key fields (integers or non-empty texts; each value repeats) name a row and a
     column, each pair once; every other field is a number (the first is the cell's value), none
     an id (records with ids are things, not cells): cohort × month → pct, product × quarter →
     units, a query's or a CSV's rows;
   - nested: rows that each hold a list of records whose one key field (unique in its list)
     names a column, and a number: a cohort's cells {periodIndex, retention}. The row's own fields
     stay beside its cells; the records tab lists every cell with its row's label.
   Columns keyed by indices 0, 1, 2… take their names from a sibling array that names them
   (periodIndex → periodLabels or periods; row/col → row_labels/col_labels) in the object around
   the table (CU.views.scope, set by views.js), and rows so too. At most 50 columns, and the
   matrix at least a third full (a cohort triangle is half). */
CU.pivot = ((V) => {
  var at = V.at, isO = V.isO, isN = (v) => typeof v === "number" && isFinite(v), MAXW = 50;
  var ID = /^(id|ids|key|pk|uuid|guid|hash|sha|oid)$|(_id|Id|ID|_key|Hash|_hash|_uuid)$/;
  var name = (c) => { var k = c.pointer.split("/").pop(); return /^\d+$/.test(k) ? String(c.name || c.label) : k; };
  var isK = (v) => Number.isInteger(v) || (typeof v === "string" && v.trim() !== "");
  var uniq = (vs) => Array.from(new Set(vs));
  var numeric = (vs) => vs.every((x) => x == null || isN(x)) && vs.some(isN);
  var text = (v) => typeof v === "string" ? v : V.num(v);
  // A key's values, with the names a sibling array gives indices (else the values as text).
  function names(c, vs) {
    var stem = name(c).replace(/[\s_-]*(index|idx|no|num|number)$/i, "").toLowerCase(), sc = V.scope, best;
    if (!vs.every((v) => Number.isInteger(v) && v >= 0)) return vs.map(text);
    if (stem && isO(sc)) Object.keys(sc).forEach((k) => {
      var a = sc[k], lk = k.toLowerCase().replace(/[\s_-]/g, "");
      if (!Array.isArray(a) || !vs.every((v) => v < a.length && (typeof a[v] === "string" || isN(a[v])))) return;
      if (lk.indexOf(stem) === 0 && /s$|labels?$|names?$/.test(lk) && !(best && /label|name/i.test(best) && !/label|name/.test(lk))) best = k;
    });
    return vs.map((v) => best ? text(sc[best][v]) : c.label + " " + text(v)); // Month 3
  }
  // The key fields of records: integers or texts, not ids, repeating; in column order.
  var keys = (rows, cs) => cs.filter((c) => {
    var vs = rows.map((r) => at(r, c.pointer)), n = uniq(vs).length;
    return !ID.test(name(c)) && vs.every(isK) && n > 1 && n < vs.length;
  });
  function flat(rows, cs) {
    if (rows.length < 4 || rows.length > 1e4 || cs.some((c) => ID.test(name(c)))) return; // records with ids are things, not cells
    var ks = keys(rows, cs);
    for (var i = 0; i < ks.length; i++) {
      for (var j = i + 1; j < ks.length; j++) {
        var r = ks[i], c = ks[j], rest = cs.filter((x) => x !== r && x !== c), seen = {};
        var nr = uniq(rows.map((x) => at(x, r.pointer))).length, nc = uniq(rows.map((x) => at(x, c.pointer))).length;
        if (nc > MAXW) { if (nr > MAXW) continue; var t = r; r = c; c = t; t = nr; nr = nc; nc = t; }
        if (nr * nc > 3 * rows.length || !rest.length || !rest.every((x) => numeric(rows.map((y) => at(y, x.pointer))))) continue;
        if (rows.every((x) => { var k = JSON.stringify([at(x, r.pointer), at(x, c.pointer)]); return !seen[k] && (seen[k] = 1); }))
          return { rows: rows.map((x) => ({ out: [], row: at(x, r.pointer), cell: x })), r: r, c: c, v: rest[0], cs: cs, out: [r] };
      }
    }
  }
  function nested(rows, cs) {
    if (rows.length < 2) return;
    var holder = cs.find((c) => { var vs = rows.map((r) => at(r, c.pointer)); return vs.every((v) => Array.isArray(v) && v.every(isO)) && vs.some((v) => v.length > 1); });
    if (!holder) return;
    var own = cs.filter((c) => c !== holder), cells = [];
    rows.forEach((r, i) => { at(r, holder.pointer).forEach((x) => { cells.push({ out: own.map((c) => at(r, c.pointer)), row: i, cell: x }); }); });
    if (cells.length > 1e4 || rows.length > 500) return; // bounded work (the checks below are rows × cells)
    var ics = V.cols(cells.map((x) => x.cell)), by = (c) => cells.map((x) => at(x.cell, c.pointer));
    var varies = (c) => rows.some((r, i) => uniq(cells.filter((x) => x.row === i).map((x) => at(x.cell, c.pointer))).length > 1);
    var c = ics.find((k) => !ID.test(name(k)) && by(k).every(isK) && varies(k) && rows.every((r, i) => { var vs = cells.filter((x) => x.row === i).map((x) => at(x.cell, k.pointer)); return uniq(vs).length === vs.length; }));
    var v = c && ics.find((k) => k !== c && numeric(by(k)) && varies(k));
    if (!v || uniq(by(c)).length > MAXW || rows.length * uniq(by(c)).length > 3 * cells.length) return;
    return { rows: cells, r: null, c: c, v: v, cs: ics, out: own, outs: rows.map((r) => own.map((c) => at(r, c.pointer))) };
  }
  // The matrix as rows of arrays: the row's own fields (or its key), then one cell per column.
  function matrix(p) {
    var cks = uniq(p.rows.map((x) => at(x.cell, p.c.pointer))), rks = p.r ? uniq(p.rows.map((x) => x.row)) : p.outs.map((o, i) => i), w = p.out.length;
    if (cks.every(Number.isInteger)) cks.sort((a, b) => a - b);
    var heads = names(p.c, cks), rnames = p.r ? names(p.r, rks) : null;
    var grid = rks.map((k, i) => { var row = p.r ? [rnames[i]] : p.outs[k].slice(); row.length = w + cks.length; return row; });
    p.rows.forEach((x) => { grid[rks.indexOf(x.row)][w + cks.indexOf(at(x.cell, p.c.pointer))] = at(x.cell, p.v.pointer); });
    var own = p.out.map((c, i) => Object.assign({}, c, { pointer: "/" + i, l: p.r ? 1 : 0 }));
    var mcs = heads.map((h, i) => ({ pointer: "/" + (w + i), label: h, format: "number", m: 1, of: p.c.label, v: p.v.label }));
    return V.table(grid, own.concat(mcs), 100, 1);
  }
  // Every cell record, after its row's label when the rows are records of their own.
  function records(p) {
    if (p.r) return V.table(p.rows.map((x) => x.cell), p.cs, 100, 1);
    var lab = p.out.findIndex((c) => /name|label|title|cohort/i.test(name(c))), li = lab < 0 ? p.out.findIndex((c) => !ID.test(name(c))) : lab;
    var head = li < 0 ? [] : [Object.assign({}, p.out[li], { pointer: "/0" })];
    var rows = p.rows.map((x) => (li < 0 ? [] : [x.out[li]]).concat(p.cs.map((c) => at(x.cell, c.pointer))));
    return V.table(rows, head.concat(p.cs.map((c, i) => Object.assign({}, c, { pointer: "/" + (i + head.length) }))), 100, 1);
  }
  function tabs(panes) {
    var bs = panes.map((p, i) => el("button", { type: "button", role: "tab", "aria-selected": String(!i), onclick: () => { pick(i); } }, p[0]));
    var ps = panes.map((p, i) => el("div", { role: "tabpanel", hidden: i > 0 }, p[1]));
    function pick(k) { bs.forEach((b, i) => { b.setAttribute("aria-selected", String(i === k)); }); ps.forEach((p, i) => { p.hidden = i !== k; }); }
    return el("div", { class: "tabs pivot" }, el("div", { role: "tablist" }, bs), ps);
  }
  return (rows, cs) => {
    if (!rows.length || !rows.every((r) => isO(r) || Array.isArray(r))) return;
    var p = flat(rows, cs) || nested(rows, cs);
    return p && tabs([[M.matrixTab, matrix(p)], [M.recordsTab, records(p)]]);
  };
})(CU.views);
