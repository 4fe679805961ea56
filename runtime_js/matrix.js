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
    var ms, w = 0, pos;
    if (arr) {
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
          arr && !pos ? el("span", null, arr.label) : null, el("span", null, num(a)),
          steps.map((v) => paint(el("i", { title: num(v) }), v)), el("span", null, num(b)));
        box.classList.add("heatmap");
        box.insertBefore(lg, box.firstChild);
        return box;
      }
    };
  }
  return matrix;
})(CU.views);
