/* compile-ui charts: a typed tree's Chart node (its props: types/chart.d.ts), drawn by the one
   engine (plot.js: CU.views.plot). Shipped only in pages whose tree has a Chart
   (runtime_js.MODULES); concatenated after plot.js, it adds the Chart node to CU.views.NODES, and
   to the engine what only a Chart asks for: aggregates beside the sum, and the arc mark. Labels
   and tooltips are text nodes, never markup. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var plot = /** @type {Plot} */ (views.plot), formatNumber = views.formatNumber, isRecord = views.isRecord, COLORS = plot.colors, svgElement = plot.svg;
  // How a series' values at one x become one (the engine sums them unless the node says otherwise).
  Object.assign(plot.aggregates, {
    mean: (/** @type {number[]} */ values) => values.reduce((total, value) => total + value, 0) / values.length,
    min: CU.present.least,
    max: CU.present.most,
    count: (/** @type {number[]} */ values) => values.length
  });
  // An arc chart: the first series' points as slices of a pie (radius 100) around (cx, cy), from
  // twelve o'clock, clockwise; negative values take no room. Returns the legend's items.
  /** @param {Element} svg  @param {ChartSeries | undefined} line  @param {number} cx  @param {number} cy
      @param {(x: unknown) => string} xText */
  function pie(svg, line, cx, cy, xText) {
    var points = line ? line.points : [], total = points.reduce((sum, point) => sum + Math.max(0, point[1]), 0) || 1, start = 0, radius = 100;
    /** A point on the circle. @param {number} angle */
    var onCircle = (angle) => (cx + radius * Math.sin(angle)).toFixed(1) + " " + (cy - radius * Math.cos(angle)).toFixed(1);
    return points.map((point, index) => {
      var end = start + Math.max(0, point[1]) / total * 2 * Math.PI, large = end - start > Math.PI ? 1 : 0;
      // A whole circle is two half arcs (an arc from a point to itself draws nothing).
      var d = end - start >= 2 * Math.PI - 1e-9
        ? "M" + (cx - radius) + " " + cy + "a" + radius + " " + radius + " 0 1 0 " + 2 * radius + " 0a" + radius + " " + radius + " 0 1 0 " + -2 * radius + " 0"
        : "M" + cx + " " + cy + "L" + onCircle(start) + "A" + radius + " " + radius + " 0 " + large + " 1 " + onCircle(end) + "Z";
      start = end;
      svg.appendChild(svgElement("path", { d: d, fill: COLORS[index % 8], stroke: "var(--cu-bg)" }, svgElement("title", null, xText(point[0]) + ": " + formatNumber(point[1]))));
      return { name: xText(point[0]), color: COLORS[index % 8] };
    });
  }
  plot.arc = pie;
  /** Shows the other tab of the chart's (the table) in its place, and hides the chart's tab. The
      panels are layout.js's: the chart's is labelled by its tab, the other has showTab().
      @param {HTMLElement} note */
  function showTableInstead(note) {
    var panel = note.closest("[role=tabpanel]"), tabs = /** @type {Element} */ (panel && panel.parentNode);
    var other = /** @type {TabPanelElement | undefined} */ (panel && Array.from(tabs.children).find((x) => x !== panel && x.getAttribute("role") === "tabpanel" && /** @type {TabPanelElement} */ (x).showTab));
    if (!other || !other.showTab) return;
    other.showTab();
    var tabList = /** @type {Element} */ (tabs.querySelector("[role=tablist]")), chartTabId = String(/** @type {Element} */ (panel).getAttribute("aria-labelledby"));
    /** @type {HTMLElement} */ (tabList.querySelector("#" + CSS.escape(chartTabId))).hidden = true;
  }
  // Series in different units ("High", "Rain (mm)": the compiler writes a unit the schema states
  // into the label) get a chart each, with the unit on its axis, instead of sharing one axis.
  views.NODES.Chart = (node, data) => {
    if (!Array.isArray(data)) return views.autoView(data);
    var props = /** @type {ChartProps} */ (/** @type {unknown} */ (node.props)), rows = data.filter(isRecord);
    /** @type {Record<string, ChartEncoding[]>} */
    var byUnit = {};
    /** @type {string[]} */
    var units = [];
    (props.color ? props.y.slice(0, 1) : props.y).forEach((y) => {
      var unit = (/\(([^()]+)\)$/.exec(y.label) || [])[1] || "";
      if (!byUnit[unit]) { byUnit[unit] = []; units.push(unit); }
      byUnit[unit].push(y);
    });
    // Colours continue from chart to chart: a series keeps one colour.
    var figures = units.map((unit) => plot.draw(rows, Object.assign({}, props, { y: byUnit[unit], c0: props.y.indexOf(byUnit[unit][0]) }), unit)).filter(Boolean);
    if (figures.length) return figures.length < 2 ? /** @type {HTMLElement} */ (figures[0]) : el("div", { class: "charts" }, figures);
    var note = el("p", { class: "muted chart-flat" }, M.chartFlat);
    Promise.resolve().then(() => { showTableInstead(note); }); // once the result's tabs are hydrated
    return note;
  };
})(CU.views);
