/* compile-ui plots: the one chart engine — line, area, bar and point marks drawn as SVG by hand
   (stacked when the series are parts of a whole) — and the series it finds in a table's data.
   Concatenated after views.js and matrix.js, in every page that shows a result
   (runtime_js.MODULES): views.js's table() asks CU.series(rows, columns, placement, table) of
   every table it builds from data (issue 49), and shows what it answers (the chart and the table
   placed together) or the table alone (null: not a series). A typed tree's Chart node (chart.js,
   only with one) draws with the same engine: CU.views.plot (types/plot.d.ts), where it adds its
   aggregates and the arc mark. Labels and tooltips are text nodes, never markup. */
((views) => {
  var at = views.at, formatNumber = views.formatNumber, least = CU.present.least, most = CU.present.most;
  var COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1", "#edc948", "#9c755f"];
  /** @param {number[]} values */
  var sum = (values) => values.reduce((total, value) => total + value, 0);
  // A tick's number, short: 12 000 → "12K", 1 250 000 → "1.25M" (three significant digits); the
  // exact values are the tooltips' and the table's.
  /** @param {number} value */
  var compact = (value) => {
    var size = Math.abs(value), step = size >= 1e12 ? 4 : size >= 1e9 ? 3 : size >= 1e6 ? 2 : size >= 1e3 ? 1 : 0;
    return formatNumber(+(value / Math.pow(1e3, step)).toPrecision(3)) + ["", "K", "M", "B", "T"][step];
  };
  /** An SVG element. @param {string} tag  @param {ElAttrs} attrs  @param {ElChild[]} children */
  var svgElement = (tag, attrs, ...children) => el("svg:" + tag, attrs, ...children);

  // Nice tick values over [low, high]: steps of 1, 2 or 5 × 10^k, about `count` of them; values
  // past a tick by under 2 % of a step (shares summing to 100.1) do not add a step (to 150).
  /** @param {number} low  @param {number} high  @param {number} count  @returns {number[]} */
  function ticks(low, high, count) {
    var step = Math.pow(10, Math.floor(Math.log10((high - low) / count || 1))), ratio = (high - low) / count / step / 1.02;
    step *= ratio > 5 ? 10 : ratio > 2 ? 5 : ratio > 1 ? 2 : 1;
    var out = [];
    for (var value = Math.floor(low / step + 0.02) * step; value < high + step * 0.98; value += step) out.push(+value.toPrecision(12));
    return out;
  }
  // A duration axis steps as clocks do (15 s, 2 min, 30 min, 6 h, 7 d; decimal steps of days
  // past a few weeks), each tick in its step's unit ("0 min", "30 min", "60 min", not "1 h" beside
  // "30 min"): the ticks, in the values' unit, and their texts; none past decades.
  /** @type {[number, string][]} */
  var SPANS = [[864e5, "d"], [36e5, "h"], [6e4, "min"], [1e3, "s"], [1, "ms"]];
  var CLOCK_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500].concat(...[1e3, 6e4].map((unit) => [1, 2, 5, 10, 15, 30].map((n) => n * unit)), [1, 2, 3, 6, 12, 24, 48, 168].map((n) => n * 36e5));
  /** @param {number} low  @param {number} high  @param {string} unit  @returns {[number[], string[]] | undefined} */
  function durationTicks(low, high, unit) {
    var scale = { ms: 1, s: 1e3, min: 6e4, h: 36e5 }[unit] || 1e3, rough = (high - low) * scale / 5;
    if (!(rough < 5e11)) return undefined;
    var step = CLOCK_STEPS.find((each) => each >= rough) || ticks(0, rough * 5 / 864e5, 5)[1] * 864e5;
    var i = SPANS.findIndex((each) => step % each[0] === 0), out = [];
    for (var value = Math.floor(low * scale / step) * step; value < high * scale + step * 0.999; value += step) out.push(value);
    // (past a hundred of them, in the unit above when a step is a tenth of it: 60.5 min, not 3630 s)
    if (i > 0 && most(out.map(Math.abs)) >= 100 * SPANS[i][0] && step * 10 % SPANS[i - 1][0] === 0) i--;
    return [out.map((value) => value / scale), out.map((value) => formatNumber(value / SPANS[i][0]) + " " + SPANS[i][1])];
  }
  // unit: the y axis's unit, written above it. The drawing is as wide as the result area (280 to
  // 1200 px; `share` of it: a chart beside its table), so its 11 px text stays 11 px from a phone
  // to a desktop; ticks thin out to fit. Stacked (props.stack), each series stands on the ones
  // before it (a point's third value: its base), as parts of a whole.
  /** @param {unknown[]} rows  @param {ChartPart} props  @param {string} unit  @param {number} [share]
      @returns {HTMLElement | null} null when the values do not vary (isStill) */
  function chart(rows, props, unit, share) {
    var resultBody = document.querySelector(".result-body"), width = Math.max(280, Math.min(1200, ((resultBody && resultBody.clientWidth) || 600) * (share || 1)));
    var height = 240, left = 52, bottom = 36, top = unit ? 24 : 10, right = 44;
    var temporal = props.x.type === "temporal", xQuantitative = temporal || props.x.type === "quantitative";
    /** An x value: a time as milliseconds. @param {unknown} row  @returns {unknown} */
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
      var points = Array.from(valuesBySeries[name], (entry) => /** @type {ChartPoint} */ ([entry[0], (plot.aggregates[props.aggregate || ""] || sum)(entry[1])])).filter((point) => isFinite(point[1]));
      var own = !props.color && props.y.find((y) => y.label === name);
      return { name: name, color: (own && own.hue) || COLORS[(index + (props.c0 || 0)) % 8], points: points };
    });
    /** @type {Map<unknown, number>} the stack's height at each x so far */
    var stacked = new Map();
    if (props.stack) series.forEach((line) => { line.points.forEach((point) => { var base = stacked.get(point[0]) || 0; point[2] = base; stacked.set(point[0], base + point[1]); }); });
    /** A point's top: its value on its base. @param {ChartPoint} point */
    var topOf = (point) => point[1] + (point[2] || 0);
    /** @type {unknown[]} every x, in the order met (then sorted) */
    var xs = [];
    /** @type {number[]} */
    var values = [];
    series.forEach((line) => { line.points.forEach((point) => { values.push(point[1]); if (xs.indexOf(point[0]) < 0) xs.push(point[0]); }); });
    if (isStill(values)) return null;
    if (xQuantitative) /** @type {number[]} */ (xs).sort((a, b) => a - b);
    if (props.sort && !xQuantitative && series[0]) {
      var totals = new Map(series[0].points.map((point) => [point[0], point[1]])), direction = props.sort === "ascending" ? 1 : -1;
      xs.sort((a, b) => ((totals.get(a) || 0) - (totals.get(b) || 0)) * direction);
    }
    // (times within two days: their UTC time of day, "07:45": a date's ticks would all read the
    // same; months — every time a month's first midnight, "2026-01" — as months, "Jan 2026")
    var monthly = temporal && xs.every((x) => /-01T00:00:00.000Z$/.test(new Date(/** @type {number} */ (x)).toISOString()));
    /** An x as text. @param {unknown} x */
    var xText = (x) => temporal ? (xHigh - xLow < 1728e5 ? new Date(/** @type {number} */ (x)).toISOString().slice(11, 16) : views.formatDate(new Date(/** @type {number} */ (x)).toISOString(), monthly ? "month" : "date")) : typeof x === "number" ? formatNumber(x) : String(x);
    // The values' look (props.look: every measure's, when they share one): the axis's ticks
    // written as the table and the tiles write them ("$63.4K", "37%", "977 KiB"), else as
    // numbers (a plain number's look would write 5000 beside 10K); a point's tooltip keeps its
    // exact value.
    var look = props.look && /^(money|percent|bytes|duration)$/.test(props.look.f) ? props.look : undefined, present = CU.present;
    /** A point's tooltip. @param {ChartSeries} line  @param {ChartPoint} point */
    var title = (line, point) => svgElement("title", null, line.name + " · " + xText(point[0]) + ": " + formatNumber(point[1]));
    var svg = svgElement("svg", { viewBox: "0 0 " + width + " " + height, class: "chart", role: "img", "aria-label": props.label || props.y.map((y) => y.label).join(", ") });
    /** @param {{name: string, color: string}[]} items */
    var legend = (items) => el("div", { class: "legend" }, items.map((item) => el("span", null, el("i", { style: { background: item.color } }), item.name)));
    if (props.mark === "arc" && plot.arc) return el("figure", { class: "fig" }, svg, legend(plot.arc(svg, series[0], width / 2, height / 2, xText)));

    /** @type {number[]} the y axis spans every value, and zero (a line or points far from zero
        — each value farther from it than the values are from each other, a ferry's crossing of
        60 to 62 min — span their own values: from zero they would be one flat line) */
    var ys = [];
    series.forEach((line) => { line.points.forEach((point) => { ys.push(topOf(point)); }); });
    if (/bar|area/.test(props.mark) || props.stack || Math.min(Math.abs(least(ys)), Math.abs(most(ys))) <= most(ys) - least(ys) || least(ys) * most(ys) < 0) ys.push(0);
    // (sizes in bytes step in binary units: 200 KiB, not 195 KiB for 200 000)
    var base = look && look.f === "bytes" ? Math.pow(1024, Math.floor(Math.log(Math.max(1, most(ys.map(Math.abs)))) / Math.log(1024))) : 1;
    var timed = look && look.f === "duration" && durationTicks(least(ys), most(ys), look.u || "s");
    var yTicks = timed ? timed[0] : ticks(least(ys) / base, most(ys) / base, 5).map((value) => value * base), yLow = yTicks[0], yHigh = yTicks[yTicks.length - 1] === yLow ? yLow + 1 : yTicks[yTicks.length - 1];
    // (a tick's digits: the ticks', a ratio's as the percentages it is written in; the axis as
    // wide as its longest tick's text, 11 px type)
    var tickLook = look && Object.assign({}, look, { d: present.decimals(yTicks.map((value) => /** @type {Present.Look} */ (look).u === "ratio" ? value * 100 : value)) });
    var yTexts = timed ? timed[1] : yTicks.map((value) => (tickLook && present.text(value, tickLook, true)) || compact(value));
    left = Math.max(left, 12 + 6.5 * most(yTexts.map((text) => text.length)));
    // (an x tick every 90 px of the plot, once the y axis has taken its width)
    var xTickCount = Math.max(2, Math.floor((width - left - right) / 90));
    // Categories in bands under 80 px (six cities at a phone's width) are each labelled, slanted,
    // the plot shorter by what they need, rather than every third one level.
    var slant = !xQuantitative && (width - left - right) < 80 * xs.length && (width - left - right) >= 16 * xs.length;
    if (slant) bottom += 3.8 * most(xs.map((x) => Math.min(14, String(xText(x)).length))) - 8;
    /** @param {number} value */
    var yPlace = (value) => top + (height - top - bottom) * (1 - (value - yLow) / (yHigh - yLow));
    var band = (width - left - right) / Math.max(1, xs.length), zero = yPlace(Math.max(yLow, 0));
    // A quantitative x is a scale (but a bar chart's bars stand in bands); any other, bands in order.
    var xScaled = xQuantitative && !/bar/.test(props.mark), xLow = /** @type {number} */ (xs[0]), xHigh = /** @type {number} */ (xs[xs.length - 1]);
    /** @type {(x: unknown) => number} */
    var xPlace = xScaled ? (x) => left + (width - left - right) * (xHigh === xLow ? 0.5 : (/** @type {number} */ (x) - xLow) / (xHigh - xLow)) : (x) => left + band * (xs.indexOf(x) + 0.5);
    yTicks.forEach((value, i) => { svg.append(svgElement("line", { x1: left, x2: width - right, y1: yPlace(value), y2: yPlace(value), class: "grid" }), svgElement("text", { x: left - 6, y: yPlace(value) + 4, "text-anchor": "end" }, yTexts[i])); });
    // Every band's label when bands are 80 px wide or more, or slanted; else every nth.
    var everyNth = () => xs.filter((x, index) => index % (!xScaled && (band >= 80 || slant) ? 1 : Math.ceil(xs.length / xTickCount)) === 0);
    var xTicks = xScaled && !temporal ? ticks(xLow, xHigh, xTickCount).filter((x) => x >= xLow && x <= xHigh) : everyNth();
    if (unit) svg.appendChild(svgElement("text", { x: 4, y: 12, class: "unit" }, unit));
    xTicks.forEach((x) => {
      var at = xPlace(x), y = height - bottom + 16;
      svg.appendChild(svgElement("text", slant ? { x: at, y: y - 4, "text-anchor": "end", transform: "rotate(-35 " + at + " " + (y - 4) + ")" } : { x: at, y: y, "text-anchor": "middle" }, String(xText(x)).slice(0, 14)));
    });
    svg.appendChild(svgElement("line", { x1: left, x2: width - right, y1: zero, y2: zero, class: "axis" }));
    series.forEach((line, index) => {
      if (props.mark === "bar") {
        // Side by side in the band, or stacked across all of it.
        var barWidth = band * 0.8 / (props.stack ? 1 : series.length);
        line.points.forEach((point) => {
          var y = yPlace(topOf(point)), base = yPlace(point[2] || 0);
          svg.appendChild(svgElement("rect", { x: xPlace(point[0]) - band * 0.4 + (props.stack ? 0 : index * barWidth), y: Math.min(y, base), width: Math.max(1, barWidth - 1), height: Math.abs(base - y), fill: line.color }, title(line, point)));
        });
        return;
      }
      var points = line.points.slice().sort((a, b) => xQuantitative ? /** @type {number} */ (a[0]) - /** @type {number} */ (b[0]) : xs.indexOf(a[0]) - xs.indexOf(b[0]));
      /** @param {ChartPoint[]} along  @param {(point: ChartPoint) => number} y  @param {string} first */
      var trace = (along, y, first) => along.map((point, i) => (i ? "L" : first) + xPlace(point[0]).toFixed(1) + " " + yPlace(y(point)).toFixed(1)).join("");
      var path = trace(points, topOf, "M");
      // An area fills down to its base: the zero line, or (stacked) the series below it.
      if (props.mark === "area" && points.length) svg.appendChild(svgElement("path", { d: path + trace(points.slice().reverse(), (point) => point[2] || 0, "L") + "Z", fill: line.color, "fill-opacity": props.stack ? 0.6 : 0.25 }));
      if (props.mark !== "point") svg.appendChild(svgElement("path", { d: path, fill: "none", stroke: line.color, "stroke-width": 2 }));
      points.forEach((point) => { svg.appendChild(svgElement("circle", { cx: xPlace(point[0]), cy: yPlace(topOf(point)), r: props.mark === "point" ? 4 : 3, fill: line.color }, title(line, point))); });
    });
    return el("figure", { class: "fig" }, svg, series.length > 1 || props.color || unit || props.legend ? legend(series) : null);
  }
  // A chart says more than its table only when its values vary: not when the spread of all it
  // would draw (after aggregation) is under 2 % of their size, (max − min) / max(|mean|, 1e-9) <
  // 0.02 (a constant, all zeros, a lone point). Then no chart: a note, and the table beside it
  // (the Table tab, selected in its place).
  /** How much values vary: their spread over their mean's size. @param {number[]} values */
  var spread = (values) => (most(values) - least(values)) / Math.max(Math.abs(sum(values) / values.length), 1e-9);
  /** @param {number[]} values */
  function isStill(values) {
    return !values.length || spread(values) < 0.02;
  }
  var plot = views.plot = /** @type {Plot} */ ({ draw: chart, still: isStill, colors: COLORS, svg: svgElement, aggregates: {} });

  /* ------------------------------------------------------------------ a series, from the data */

  // A series (issue 49): at least 6 rows keyed by a time or an order, with numbers that vary.
  // The key: a column of distinct values that are ISO dates or times, or whose name's last word
  // says it orders the rows (signup_month, periodIndex, training_step), or integers rising by one;
  // else texts named as categories (region, stage): bars. The measures: the other columns of
  // Texts that repeat (a dimension: North, North, South) make the rows several series, none; an
  // index beside each row's own name (slide layouts) makes them things listed in order, none.
  // The measures: the other columns of
  // numbers that vary (isStill), never an id, a key, a hash or a code, nor another ordering; of
  // those that share one scale (the largest of each within ×10 of one another's: revenue and a
  // growth rate do not share an axis), the 5 that vary most, most varied first. Parts of a whole
  // are stacked: all the measures, 2 to 5, never negative, their sum about constant row to row; or
  // the measures shown, never negative, named so (allocations, shares). The table keeps every
  // value, exact, beside the chart.
  var TIME = /^(month|date|day|week|quarter|year|period|step|epoch|hour)$/;
  var ORDER = /^(month|date|day|week|quarter|year|period|index|idx|step|epoch|hour)$/;
  var CATEGORY = /^(category|region|country|city|state|product|channel|segment|stage|group|department|team|source|bucket|tier|plan|platform|language)$/;
  var NOT_MEASURE = /^(id|ids|key|pk|uuid|guid|hash|sha|oid|code|zip|rank)$/;
  var WHOLE = /^(allocation|allocations|share|shares|split|mix|breakdown|composition)$/;
  var DATE = /^\d{4}-\d\d(-\d\d([T ]\d\d:\d\d(:\d\d(\.\d+)?)?\s*(Z|[+-]\d\d:?\d\d)?)?)?$/i;
  /** @type {(value: unknown) => value is number} */
  var isNumber = (value) => typeof value === "number" && isFinite(value);
  /** A column's words, lower case: its key's ("/periodIndex" → period, index; a grid's column: its
      name), after the keys of the records around it ("/allocations/search"). @param {TableColumn} column */
  var wordsOf = (column) => (/^\/\d+$/.test(column.pointer) ? String(column.name || column.label) : column.pointer)
    .replace(/([a-z])(?=[A-Z])/g, "$1 ").toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  /** @param {TableColumn} column  @param {RegExp} words  @param {number} [last] only the last word */
  var says = (column, words, last) => wordsOf(column).slice(last ? -1 : 0).some((word) => words.test(word));
  /** The largest magnitude of values. @param {number[]} values */
  var sizeOf = (values) => most(values.map(Math.abs)) || 1;

  /** The Chart props of rows that are a series, or null. @param {unknown[]} rows  @param {TableColumn[]} columns
      @returns {ChartPart | null} */
  function seriesOf(rows, columns) {
    if (rows.length < 6 || rows.length > 2000) return null;
    /** @param {TableColumn} column */
    var valuesOf = (column) => rows.map((row) => at(row, column.pointer));
    // The key: the best kind of ordering any column is (its rank: the least).
    /** @type {(ChartEncoding & { rank?: number, no?: number }) | undefined} the key (no: 1, none can be; 2, it only numbers the rows) */
    var x, named = false;
    columns.forEach((column) => {
      var values = valuesOf(column), numbers = values.every(isNumber), texts = values.every((value) => typeof value === "string"), count = new Set(values).size;
      // Texts that repeat (North, North, South) split the rows into several series: records, not one series.
      if (texts && count > 1 && count < values.length) x = { pointer: "", label: "", type: "nominal", no: 1 };
      named = named || (texts && count === values.length);
      // A grid's column without a name (a row number) is no key.
      if ((x && x.no === 1) || !(numbers || texts) || count < values.length || says(column, NOT_MEASURE) || !wordsOf(column).length || column.name === false) return;
      // Its kind and rank: a time, an ordering by name (numbers, then texts), integers rising by one, a category.
      var ordered = says(column, ORDER, 1), rank = texts && values.every((value) => DATE.test(/** @type {string} */ (value).trim()) && isFinite(+new Date(/** @type {string} */ (value)))) ? 1
        : numbers && ordered ? 2 : texts && ordered ? 3 : numbers && values.every((value, i) => Number.isInteger(value) && (!i || value === /** @type {number} */ (values[i - 1]) + 1)) ? 4
        : texts && says(column, CATEGORY, 1) ? 5 : 9;
      /** @type {ChartEncoding["type"]} */
      var type = rank < 2 ? "temporal" : rank === 3 ? "ordinal" : rank > 4 ? "nominal" : "quantitative";
      if (rank < 9 && (!x || rank < /** @type {number} */ (x.rank))) x = { pointer: column.pointer, label: column.label, type: type, rank: rank, no: rank === 4 || (rank === 2 && !says(column, TIME, 1)) ? 2 : 0 };
    });
    // Things listed in order (an index beside each one's own name: slide layouts) are no series.
    if (!x || x.no === 1 || (x.no && named)) return null;
    var key = x.pointer;
    /** @type {{ c: TableColumn, n: number[] }[]} the measures: columns and their numbers */
    var measures = columns.filter((column) => column.pointer !== key && wordsOf(column).length && !says(column, NOT_MEASURE) && !says(column, ORDER, 1)).map((column) => {
      var values = valuesOf(column);
      return { c: column, n: values.every((value) => value == null || isNumber(value)) ? /** @type {number[]} */ (values.filter(isNumber)) : [] };
    }).filter((measure) => measure.n.length * 2 >= rows.length);
    /** The rows' sums over some measures. @param {{ c: TableColumn }[]} some */
    var sums = (some) => rows.map((row) => some.reduce((sum, measure) => sum + (Number(at(row, measure.c.pointer)) || 0), 0));
    /** Never negative. @param {{ n: number[] }} measure */
    var counted = (measure) => least(measure.n) >= 0;
    // Parts of a whole: 2 to 5 measures, every one of them (those that vary little too), summing to
    // about the same in every row; in the table's order.
    var shown = measures.length > 1 && measures.length < 6 && measures.every(counted) && isStill(sums(measures)) ? measures : [];
    var whole = shown.length > 0;
    if (!whole) {
      var varied = measures.filter((measure) => !isStill(measure.n)).sort((a, b) => spread(b.n) - spread(a.n));
      /** @param {{ n: number[] }} a  @param {{ n: number[] }} b */
      var near = (a, b) => sizeOf(a.n) <= 10 * sizeOf(b.n) && sizeOf(b.n) <= 10 * sizeOf(a.n);
      // (each of a group within ×10 of every other: a cumulative revenue of 684K would flatten a
      // profit of 20K beside it)
      shown = varied.map((anchor) => varied.reduce((group, measure) => measure !== anchor && group.every((member) => near(member, measure)) ? group.concat(measure) : group, [anchor]))
        .sort((a, b) => b.length - a.length).map((group) => varied.filter((measure) => group.indexOf(measure) >= 0))[0] || [];
      shown = shown.slice(0, 5);
      whole = shown.length > 1 && shown.every(counted) && shown.some((measure) => says(measure.c, WHOLE));
    }
    if (!shown.length) return null;
    var y = shown.map((measure) => ({ pointer: measure.c.pointer, label: measure.c.label, type: /** @type {"quantitative"} */ ("quantitative"), hue: measure.c.hue }));
    // one look for the axis when every measure has the same (all money in one currency, all percentages)
    var looks = shown.map((measure) => views.look(views.keyOf(measure.c), measure.n)), same = looks.every((one) => one.f === looks[0].f && one.c === looks[0].c && one.u === looks[0].u);
    return { mark: x.type === "nominal" ? "bar" : whole ? "area" : "line", x: x, y: y, stack: whole, legend: true, label: M.seriesBy(y.map((measure) => measure.label).join(", "), x.label), look: same ? looks[0] : undefined };
  }

  // placement (the result view's present.chart): "first", the chart above the table; "beside",
  // beside it when the frame is 900 px wide or more (plot.css), above it when narrower; "tab",
  // the table and the chart as two tabs, the table's first. Without a table: the chart alone.
  CU.series = (rows, columns, placement, table) => {
    var props = seriesOf(rows, columns), beside = placement === "beside";
    var figure = props && chart(rows, props, "", beside && window.innerWidth >= 900 ? 0.5 : 1);
    if (!figure || !table) return figure;
    if (placement === "tab") return CU.tabbed([[M.tableTab, table], [M.chartTab, figure]]);
    // more rows than a year of months, under the chart that draws them: folded, every row (to a
    // thousand) one click away, not a page of them
    var fold = !beside && rows.length > 12;
    if (fold && /** @type {Views.TableElement} */ (table).all) /** @type {Views.TableElement} */ (table).all();
    return el("div", { class: beside ? "series beside" : "series" }, figure, fold ? el("details", { class: "more rows" }, el("summary", null, M.tableTab + " \u00b7 " + rows.length + " " + M.rows[1]), table) : table);
  };})(CU.views);
