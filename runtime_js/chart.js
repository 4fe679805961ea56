/* compile-ui charts: line, area, bar, point and arc marks drawn as SVG by hand. Shipped only in
   pages whose tree has a Chart (runtime_js.MODULES); concatenated after views.js, it adds the
   Chart node to CU.views.NODES. Labels and tooltips are text nodes, never markup. */
((V) => {
  var at = V.at, num = V.num, date = V.date, isO = V.isO, auto = V.auto;
  var COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f"];

  // Nice tick values over [lo, hi]: steps of 1, 2 or 5 × 10^k, about n of them.
  function ticks(lo, hi, n) {
    var st = Math.pow(10, Math.floor(Math.log10((hi - lo) / n || 1))), e = (hi - lo) / n / st;
    st *= e > 5 ? 10 : e > 2 ? 5 : e > 1 ? 2 : 1;
    var out = [];
    for (var v = Math.floor(lo / st + 1e-9) * st; v < hi + st * 0.999; v += st) out.push(+v.toPrecision(12));
    return out;
  }
  // unit: the y axis's unit, written above it. The drawing is as wide as the result area (280 to
  // 1200 px), so its 11 px text stays 11 px from a phone to a desktop; ticks thin out to fit.
  function chart(rows, p, unit) {
    var rb = document.querySelector(".result-body"), W = Math.max(280, Math.min(1200, (rb && rb.clientWidth) || 600));
    var H = 240, ml = 52, mb = 36, mt = unit ? 24 : 10, mr = 44, S = (t, a, ...k) => el("svg:" + t, a, ...k), nx = Math.max(2, Math.floor((W - ml - mr) / 90));
    var tx = p.x.type === "temporal", xq = tx || p.x.type === "quantitative", xv = (r) => { var v = at(r, p.x.pointer); return tx ? +new Date(v) : v; };
    // Series: one per y encoding, or one per color value; points aggregated per x.
    var ser = {}, names = [];
    rows.forEach((r) => {
      (p.color ? [p.y[0]] : p.y).forEach((y) => {
        var nm = p.color ? String(at(r, p.color.pointer)) : y.label, x = xv(r), v = Number(at(r, y.pointer));
        if (xq && !isFinite(x)) return;
        if (!ser[nm]) { ser[nm] = new Map(); names.push(nm); }
        var g = ser[nm].get(x) || ser[nm].set(x, []).get(x);
        if (p.aggregate === "count" || isFinite(v)) g.push(v);
      });
    });
    var AG = { sum: (a) => a.reduce((s, v) => s + v, 0), mean: (a) => AG.sum(a) / a.length, min: (a) => Math.min.apply(0, a), max: (a) => Math.max.apply(0, a), count: (a) => a.length };
    var series = names.map((nm, i) => {
      var pts = Array.from(ser[nm], (e) => [e[0], (AG[p.aggregate] || AG.sum)(e[1])]).filter((e) => isFinite(e[1]));
      return { nm: nm, c: COLORS[(i + (p.c0 || 0)) % 8], pts: pts };
    });
    var xs = [], vs = [];
    series.forEach((s) => { s.pts.forEach((q) => { vs.push(q[1]); if (xs.indexOf(q[0]) < 0) xs.push(q[0]); }); });
    if (still(vs)) return null;
    if (xq) xs.sort((a, b) => a - b);
    if (p.sort && !xq && series[0]) { var tot = new Map(series[0].pts); xs.sort((a, b) => ((tot.get(a) || 0) - (tot.get(b) || 0)) * (p.sort === "ascending" ? 1 : -1)); }
    var fx = (v) => tx ? date(new Date(v).toISOString(), "date") : typeof v === "number" ? num(v) : String(v);
    var title = (s, q) => S("title", null, s.nm + " · " + fx(q[0]) + ": " + num(q[1]));
    var svg = S("svg", { viewBox: "0 0 " + W + " " + H, class: "chart", role: "img", "aria-label": p.label || p.y.map((y) => y.label).join(", ") });
    var legend = (items) => el("div", { class: "legend" }, items.map((s) => el("span", null, el("i", { style: { background: s.c } }), s.nm)));
    if (p.mark === "arc") {
      var s0 = series[0] || { pts: [] }, tot2 = s0.pts.reduce((a, q) => a + Math.max(0, q[1]), 0) || 1, a0 = 0, R = 100, cx = W / 2, cy = H / 2;
      var sl = s0.pts.map((q, i) => {
        var a1 = a0 + Math.max(0, q[1]) / tot2 * 2 * Math.PI, big = a1 - a0 > Math.PI ? 1 : 0, P = (a) => (cx + R * Math.sin(a)).toFixed(1) + " " + (cy - R * Math.cos(a)).toFixed(1);
        var d = a1 - a0 >= 2 * Math.PI - 1e-9 ? "M" + (cx - R) + " " + cy + "a" + R + " " + R + " 0 1 0 " + 2 * R + " 0a" + R + " " + R + " 0 1 0 " + -2 * R + " 0" : "M" + cx + " " + cy + "L" + P(a0) + "A" + R + " " + R + " 0 " + big + " 1 " + P(a1) + "Z";
        a0 = a1;
        svg.appendChild(S("path", { d: d, fill: COLORS[i % 8], stroke: "var(--cu-bg)" }, S("title", null, fx(q[0]) + ": " + num(q[1]))));
        return { nm: fx(q[0]), c: COLORS[i % 8] };
      });
      return el("figure", { class: "fig" }, svg, legend(sl));
    }
    var ys = [0];
    series.forEach((s) => { s.pts.forEach((q) => { ys.push(q[1]); }); });
    var yt = ticks(Math.min.apply(0, ys), Math.max.apply(0, ys), 5), y0 = yt[0], y1 = yt[yt.length - 1] === y0 ? y0 + 1 : yt[yt.length - 1];
    var Y = (v) => mt + (H - mt - mb) * (1 - (v - y0) / (y1 - y0)), bw = (W - ml - mr) / Math.max(1, xs.length);
    var xlo = xs[0], xhi = xs[xs.length - 1], X = xq && !/bar/.test(p.mark) ? (v) => ml + (W - ml - mr) * (xhi === xlo ? 0.5 : (v - xlo) / (xhi - xlo)) : (v) => ml + bw * (xs.indexOf(v) + 0.5);
    yt.forEach((v) => { svg.append(S("line", { x1: ml, x2: W - mr, y1: Y(v), y2: Y(v), class: "grid" }), S("text", { x: ml - 6, y: Y(v) + 4, "text-anchor": "end" }, num(v))); });
    var xt = xq && !/bar/.test(p.mark) ? (tx ? xs.filter((v, i) => i % Math.ceil(xs.length / nx) === 0) : ticks(xlo, xhi, nx)) : xs.filter((v, i) => i % Math.ceil(xs.length / nx) === 0);
    if (unit) svg.appendChild(S("text", { x: 4, y: 12, class: "unit" }, unit));
    xt.forEach((v) => { svg.appendChild(S("text", { x: X(v), y: H - mb + 16, "text-anchor": "middle" }, String(fx(v)).slice(0, 14))); });
    svg.appendChild(S("line", { x1: ml, x2: W - mr, y1: Y(Math.max(y0, 0)), y2: Y(Math.max(y0, 0)), class: "axis" }));
    series.forEach((s, k) => {
      if (p.mark === "bar") {
        var w = bw * 0.8 / series.length;
        s.pts.forEach((q) => { var y = Y(q[1]), z = Y(Math.max(y0, 0)); svg.appendChild(S("rect", { x: X(q[0]) - bw * 0.4 + k * w, y: Math.min(y, z), width: Math.max(1, w - 1), height: Math.abs(z - y), fill: s.c }, title(s, q))); });
        return;
      }
      var pts = s.pts.slice().sort((a, b) => xq ? a[0] - b[0] : xs.indexOf(a[0]) - xs.indexOf(b[0])), line = pts.map((q, i) => (i ? "L" : "M") + X(q[0]).toFixed(1) + " " + Y(q[1]).toFixed(1)).join("");
      if (p.mark === "area" && pts.length) svg.appendChild(S("path", { d: line + "L" + X(pts[pts.length - 1][0]).toFixed(1) + " " + Y(Math.max(y0, 0)) + "L" + X(pts[0][0]).toFixed(1) + " " + Y(Math.max(y0, 0)) + "Z", fill: s.c, "fill-opacity": 0.25 }));
      if (p.mark !== "point") svg.appendChild(S("path", { d: line, fill: "none", stroke: s.c, "stroke-width": 2 }));
      pts.forEach((q) => { svg.appendChild(S("circle", { cx: X(q[0]), cy: Y(q[1]), r: p.mark === "point" ? 4 : 3, fill: s.c }, title(s, q))); });
    });
    return el("figure", { class: "fig" }, svg, series.length > 1 || p.color || unit ? legend(series) : null);
  }

  // A chart says more than its table only when its values vary: not when the spread of all it
  // would draw (after aggregation) is under 2 % of their size, (max − min) / max(|mean|, 1e-9) <
  // 0.02 (a constant, all zeros, a lone point). Then no chart: a note, and the table beside it
  // (the Table tab, selected in its place).
  function still(v) {
    var lo = Math.min.apply(0, v), hi = Math.max.apply(0, v);
    return !v.length || (hi - lo) / Math.max(Math.abs(v.reduce((a, x) => a + x, 0) / v.length), 1e-9) < 0.02;
  }
  function table(note) {
    var panel = note.closest("[role=tabpanel]"), tabs = panel && panel.parentNode.querySelector("[role=tablist]");
    var other = panel && Array.from(panel.parentNode.children).find((x) => x !== panel && x.getAttribute("role") === "tabpanel" && x.showTab);
    if (!other) return;
    other.showTab();
    tabs.querySelector("#" + CSS.escape(panel.getAttribute("aria-labelledby"))).hidden = true;
  }

  // Series in different units ("High", "Rain (mm)": the compiler writes a unit the schema states
  // into the label) get a chart each, with the unit on its axis, instead of sharing one axis.
  V.NODES.Chart = (n, d) => {
    if (!Array.isArray(d)) return auto(d);
    var p = n.props, by = {}, units = [], rows = d.filter(isO), note, figs;
    (p.color ? p.y.slice(0, 1) : p.y).forEach((y) => {
      var u = (/\(([^()]+)\)$/.exec(y.label) || [])[1] || "";
      if (!by[u]) { by[u] = []; units.push(u); }
      by[u].push(y);
    });
    // Colours continue from chart to chart: a series keeps one colour.
    figs = units.map((u) => chart(rows, Object.assign({}, p, { y: by[u], c0: p.y.indexOf(by[u][0]) }), u)).filter(Boolean);
    if (figs.length) return figs.length < 2 ? figs[0] : el("div", { class: "charts" }, figs);
    note = el("p", { class: "muted chart-flat" }, M.chartFlat);
    Promise.resolve().then(() => { table(note); }); // once the result's tabs are hydrated
    return note;
  };
})(CU.views);
