/* compile-ui charts: line, area, bar, point and arc marks drawn as SVG by hand. Shipped only in
   pages whose tree has a Chart (runtime_js.MODULES); concatenated after views.js, it adds the
   Chart node to CU.views.NODES (types/chart.d.ts: its props). Labels and tooltips are text nodes,
   never markup. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var at = views.at, formatNumber = views.formatNumber, isRecord = views.isRecord;
  var COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f"];
  /** @type {Record<string, (values: number[]) => number>} how a series' values at one x become one */
  var AGGREGATES = {
    sum: (values) => values.reduce((total, value) => total + value, 0),
    mean: (values) => AGGREGATES.sum(values) / values.length,
    min: (values) => Math.min(...values),
    max: (values) => Math.max(...values),
    count: (values) => values.length
  };
  /** An SVG element. @param {string} tag  @param {ElAttrs} attrs  @param {ElChild[]} children */
  var svgElement = (tag, attrs, ...children) => el("svg:" + tag, attrs, ...children);

  // Nice tick values over [low, high]: steps of 1, 2 or 5 × 10^k, about `count` of them.
  /** @param {number} low  @param {number} high  @param {number} count  @returns {number[]} */
  function ticks(low, high, count) {
    var step = Math.pow(10, Math.floor(Math.log10((high - low) / count || 1))), ratio = (high - low) / count / step;
    step *= ratio > 5 ? 10 : ratio > 2 ? 5 : ratio > 1 ? 2 : 1;
    var out = [];
    for (var value = Math.floor(low / step + 1e-9) * step; value < high + step * 0.999; value += step) out.push(+value.toPrecision(12));
    return out;
  }
  // unit: the y axis's unit, written above it. The drawing is as wide as the result area (280 to
  // 1200 px), so its 11 px text stays 11 px from a phone to a desktop; ticks thin out to fit.
  /** @param {Record<string, unknown>[]} rows  @param {ChartPart} props  @param {string} unit
      @returns {HTMLElement | null} null when the values do not vary (isStill) */
  function chart(rows, props, unit) {
    var resultBody = document.querySelector(".result-body"), width = Math.max(280, Math.min(1200, (resultBody && resultBody.clientWidth) || 600));
    var height = 240, left = 52, bottom = 36, top = unit ? 24 : 10, right = 44, xTickCount = Math.max(2, Math.floor((width - left - right) / 90));
    var temporal = props.x.type === "temporal", xQuantitative = temporal || props.x.type === "quantitative";
    /** An x value: a time as milliseconds. @param {Record<string, unknown>} row  @returns {unknown} */
    var xOf = (row) => { var value = at(row, props.x.pointer); return temporal ? +new Date(/** @type {string} */ (value)) : value; };
    // Series: one per y encoding, or one per color value; points aggregated per x.
    /** @type {Record<string, Map<unknown, number[]>>} */
    var valuesBySeries = {};
    /** @type {string[]} */
    var seriesNames = [];
    rows.forEach((row) => {
      (props.color ? [props.y[0]] : props.y).forEach((y) => {
        var name = props.color ? String(at(row, props.color.pointer)) : y.label, x = xOf(row), value = Number(at(row, y.pointer));
        if (xQuantitative && !isFinite(/** @type {number} */ (x))) return;
        if (!valuesBySeries[name]) { valuesBySeries[name] = new Map(); seriesNames.push(name); }
        var atX = valuesBySeries[name].get(x) || valuesBySeries[name].set(x, []).get(x) || [];
        if (props.aggregate === "count" || isFinite(value)) atX.push(value);
      });
    });
    /** @type {ChartSeries[]} */
    var series = seriesNames.map((name, index) => {
      var points = Array.from(valuesBySeries[name], (entry) => /** @type {ChartPoint} */ ([entry[0], (AGGREGATES[props.aggregate || ""] || AGGREGATES.sum)(entry[1])])).filter((point) => isFinite(point[1]));
      return { name: name, color: COLORS[(index + (props.c0 || 0)) % 8], points: points };
    });
    /** @type {unknown[]} every x, in the order met (then sorted) */
    var xs = [];
    /** @type {number[]} */
    var values = [];
    series.forEach((line) => { line.points.forEach((point) => { values.push(point[1]); if (xs.indexOf(point[0]) < 0) xs.push(point[0]); }); });
    if (isStill(values)) return null;
    if (xQuantitative) /** @type {number[]} */ (xs).sort((a, b) => a - b);
    if (props.sort && !xQuantitative && series[0]) {
      var totals = new Map(series[0].points), direction = props.sort === "ascending" ? 1 : -1;
      xs.sort((a, b) => ((totals.get(a) || 0) - (totals.get(b) || 0)) * direction);
    }
    /** An x as text. @param {unknown} x */
    var xText = (x) => temporal ? views.formatDate(new Date(/** @type {number} */ (x)).toISOString(), "date") : typeof x === "number" ? formatNumber(x) : String(x);
    /** A point's tooltip. @param {ChartSeries} line  @param {ChartPoint} point */
    var title = (line, point) => svgElement("title", null, line.name + " · " + xText(point[0]) + ": " + formatNumber(point[1]));
    var svg = svgElement("svg", { viewBox: "0 0 " + width + " " + height, class: "chart", role: "img", "aria-label": props.label || props.y.map((y) => y.label).join(", ") });
    /** @param {{name: string, color: string}[]} items */
    var legend = (items) => el("div", { class: "legend" }, items.map((item) => el("span", null, el("i", { style: { background: item.color } }), item.name)));
    if (props.mark === "arc") return el("figure", { class: "fig" }, svg, legend(pie(svg, series[0], width / 2, height / 2, xText)));

    /** @type {number[]} the y axis spans zero and every value */
    var ys = [0];
    series.forEach((line) => { line.points.forEach((point) => { ys.push(point[1]); }); });
    var yTicks = ticks(Math.min(...ys), Math.max(...ys), 5), yLow = yTicks[0], yHigh = yTicks[yTicks.length - 1] === yLow ? yLow + 1 : yTicks[yTicks.length - 1];
    /** @param {number} value */
    var yPlace = (value) => top + (height - top - bottom) * (1 - (value - yLow) / (yHigh - yLow));
    var band = (width - left - right) / Math.max(1, xs.length), zero = yPlace(Math.max(yLow, 0));
    // A quantitative x is a scale (but a bar chart's bars stand in bands); any other, bands in order.
    var xScaled = xQuantitative && !/bar/.test(props.mark), xLow = /** @type {number} */ (xs[0]), xHigh = /** @type {number} */ (xs[xs.length - 1]);
    /** @type {(x: unknown) => number} */
    var xPlace = xScaled ? (x) => left + (width - left - right) * (xHigh === xLow ? 0.5 : (/** @type {number} */ (x) - xLow) / (xHigh - xLow)) : (x) => left + band * (xs.indexOf(x) + 0.5);
    yTicks.forEach((value) => { svg.append(svgElement("line", { x1: left, x2: width - right, y1: yPlace(value), y2: yPlace(value), class: "grid" }), svgElement("text", { x: left - 6, y: yPlace(value) + 4, "text-anchor": "end" }, formatNumber(value))); });
    var everyNth = () => xs.filter((x, index) => index % Math.ceil(xs.length / xTickCount) === 0);
    var xTicks = xScaled && !temporal ? ticks(xLow, xHigh, xTickCount) : everyNth();
    if (unit) svg.appendChild(svgElement("text", { x: 4, y: 12, class: "unit" }, unit));
    xTicks.forEach((x) => { svg.appendChild(svgElement("text", { x: xPlace(x), y: height - bottom + 16, "text-anchor": "middle" }, String(xText(x)).slice(0, 14))); });
    svg.appendChild(svgElement("line", { x1: left, x2: width - right, y1: zero, y2: zero, class: "axis" }));
    series.forEach((line, index) => {
      if (props.mark === "bar") {
        var barWidth = band * 0.8 / series.length;
        line.points.forEach((point) => {
          var y = yPlace(point[1]);
          svg.appendChild(svgElement("rect", { x: xPlace(point[0]) - band * 0.4 + index * barWidth, y: Math.min(y, zero), width: Math.max(1, barWidth - 1), height: Math.abs(zero - y), fill: line.color }, title(line, point)));
        });
        return;
      }
      var points = line.points.slice().sort((a, b) => xQuantitative ? /** @type {number} */ (a[0]) - /** @type {number} */ (b[0]) : xs.indexOf(a[0]) - xs.indexOf(b[0]));
      var path = points.map((point, i) => (i ? "L" : "M") + xPlace(point[0]).toFixed(1) + " " + yPlace(point[1]).toFixed(1)).join("");
      if (props.mark === "area" && points.length) svg.appendChild(svgElement("path", { d: path + "L" + xPlace(points[points.length - 1][0]).toFixed(1) + " " + zero + "L" + xPlace(points[0][0]).toFixed(1) + " " + zero + "Z", fill: line.color, "fill-opacity": 0.25 }));
      if (props.mark !== "point") svg.appendChild(svgElement("path", { d: path, fill: "none", stroke: line.color, "stroke-width": 2 }));
      points.forEach((point) => { svg.appendChild(svgElement("circle", { cx: xPlace(point[0]), cy: yPlace(point[1]), r: props.mark === "point" ? 4 : 3, fill: line.color }, title(line, point))); });
    });
    return el("figure", { class: "fig" }, svg, series.length > 1 || props.color || unit ? legend(series) : null);
  }
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

  // A chart says more than its table only when its values vary: not when the spread of all it
  // would draw (after aggregation) is under 2 % of their size, (max − min) / max(|mean|, 1e-9) <
  // 0.02 (a constant, all zeros, a lone point). Then no chart: a note, and the table beside it
  // (the Table tab, selected in its place).
  /** @param {number[]} values */
  function isStill(values) {
    var least = Math.min(...values), most = Math.max(...values);
    return !values.length || (most - least) / Math.max(Math.abs(values.reduce((sum, value) => sum + value, 0) / values.length), 1e-9) < 0.02;
  }
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
    var figures = units.map((unit) => chart(rows, Object.assign({}, props, { y: byUnit[unit], c0: props.y.indexOf(byUnit[unit][0]) }), unit)).filter(Boolean);
    if (figures.length) return figures.length < 2 ? /** @type {HTMLElement} */ (figures[0]) : el("div", { class: "charts" }, figures);
    var note = el("p", { class: "muted chart-flat" }, M.chartFlat);
    Promise.resolve().then(() => { showTableInstead(note); }); // once the result's tabs are hydrated
    return note;
  };
})(CU.views);
