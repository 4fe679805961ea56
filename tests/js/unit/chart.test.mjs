// chart.js, as shipped: what CU.views.NODES.Chart draws for a Chart node's props and data — the
// marks, axes, series, legend and tooltips of its SVG — and when it draws no chart (values that
// do not vary: a note, and the table's tab in its place). Which results are offered a chart at
// all is the compiler's (compiler/layout/heuristic.py, tested in tests/test_layout.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "./harness.mjs";

const context = load("runtime", "views", "matrix", "plot", "chart");
const { CU, document, Event } = context;
// The browser's CSS.escape (linkedom has none), for the tab's id (simple here).
context.CSS = { escape: (text) => text.replace(/[^\w-]/g, (c) => "\\" + c) };
CU.views.render(document.createElement("div"), { content: [] }, null, { hostContext: { locale: "en-US" }, caps: {} });

const encoding = (pointer, label, type) => ({ pointer, label, type });
/** The Chart node's view of `data`. */
const draw = (props, data) => CU.views.NODES.Chart({ id: "c", type: "Chart", props }, data);
const texts = (nodes) => Array.from(nodes, (n) => n.textContent);
const attr = (nodes, name) => Array.from(nodes, (n) => n.getAttribute(name));

// The grouped sales of a recorded sqlite query (fixtures/field/sqlite__read_query__grouped.json).
const REGIONS = [{ region: "East", revenue: 9775, units: 166 }, { region: "North", revenue: 5375, units: 70 }, { region: "South", revenue: 7575, units: 118 }];

test("a bar chart of a label axis: one bar per label, in the order met, each with its value as a tooltip", () => {
  const figure = draw({ mark: "bar", x: encoding("/region", "Region", "nominal"), y: [encoding("/revenue", "Revenue", "quantitative")] }, REGIONS);
  assert.equal(figure.tagName.toLowerCase(), "figure");
  const svg = figure.querySelector("svg");
  assert.equal(svg.getAttribute("class"), "chart");
  assert.equal(svg.getAttribute("role"), "img");
  assert.equal(svg.getAttribute("aria-label"), "Revenue");
  assert.equal(svg.getAttribute("viewBox"), "0 0 600 240", "as wide as the result area: 600 when it is not measured");
  const bars = svg.querySelectorAll("rect");
  assert.deepEqual(texts(svg.querySelectorAll("rect > title")), ["Revenue · East: 9775", "Revenue · North: 5375", "Revenue · South: 7575"]);
  // Taller bars for larger values, all standing on the zero line.
  const heights = attr(bars, "height").map(Number);
  assert.ok(heights[0] > heights[2] && heights[2] > heights[1]);
  const axis = svg.querySelector("line.axis");
  attr(bars, "y").forEach((y, i) => { assert.equal(Number(y) + heights[i], Number(axis.getAttribute("y1"))); });
  // The x labels, the y ticks in steps of 1, 2 or 5 × 10^k from zero past the largest value,
  // written short (the exact values are the tooltips' and the table's).
  const labels = texts(svg.querySelectorAll("text[text-anchor=middle]"));
  assert.deepEqual(labels, ["East", "North", "South"]);
  assert.deepEqual(texts(svg.querySelectorAll("text[text-anchor=end]")), ["0", "2K", "4K", "6K", "8K", "10K"]);
  assert.equal(figure.querySelector(".legend"), null, "one series, no unit: no legend");
});

test("sorted descending, the bars follow their totals", () => {
  const figure = draw({ mark: "bar", sort: "descending", x: encoding("/region", "Region", "nominal"), y: [encoding("/units", "Units", "quantitative")] }, REGIONS);
  assert.deepEqual(texts(figure.querySelectorAll("text[text-anchor=middle]")), ["East", "South", "North"]);
});

test("a series over time: a line through every point in time order, dates on the x axis", () => {
  const days = ["2026-03-03", "2026-03-01", "2026-03-02", "2026-03-04"].map((date, i) => ({ date, visits: [10, 30, 20, 40][i] }));
  const figure = draw({ mark: "line", x: encoding("/date", "Date", "temporal"), y: [encoding("/visits", "Visits", "quantitative")] }, days);
  const svg = figure.querySelector("svg");
  const line = svg.querySelector("path[fill=none]");
  assert.equal(line.getAttribute("stroke"), "#4e79a7");
  const points = line.getAttribute("d").split(/[ML]/).filter(Boolean).map((p) => p.split(" ").map(Number));
  assert.equal(points.length, 4);
  // Left to right in time, the values 30 → 20 → 10 → 40 (SVG y grows downwards).
  assert.deepEqual(points.map((p) => p[0]), [...points.map((p) => p[0])].sort((a, b) => a - b));
  assert.ok(points[0][1] < points[1][1] && points[1][1] < points[2][1] && points[3][1] < points[0][1]);
  assert.deepEqual(texts(svg.querySelectorAll("circle > title")), ["Visits · Mar 1, 2026: 30", "Visits · Mar 2, 2026: 20", "Visits · Mar 3, 2026: 10", "Visits · Mar 4, 2026: 40"]);
  assert.deepEqual(texts(svg.querySelectorAll("text[text-anchor=middle]")), ["Mar 1, 2026", "Mar 2, 2026", "Mar 3, 2026", "Mar 4, 2026"]);
});

test("an area chart fills down to the zero line; a point chart draws no line", () => {
  const rows = [{ x: 1, y: 2 }, { x: 2, y: 5 }, { x: 3, y: 3 }];
  const props = (mark) => ({ mark, x: encoding("/x", "X", "quantitative"), y: [encoding("/y", "Y", "quantitative")] });
  const area = draw(props("area"), rows).querySelector("svg");
  const fill = area.querySelector("path[fill-opacity]");
  assert.match(fill.getAttribute("d"), /Z$/);
  assert.equal(area.querySelectorAll("path").length, 2, "the filled area and its line");
  const points = draw(props("point"), rows).querySelector("svg");
  assert.equal(points.querySelectorAll("path").length, 0);
  assert.deepEqual(attr(points.querySelectorAll("circle"), "r"), ["4", "4", "4"]);
});

test("color splits the rows into series, each its own colour and in the legend; values at one x are aggregated", () => {
  const sales = [
    { quarter: "Q1", product: "Widget", units: 10 }, { quarter: "Q1", product: "Widget", units: 5 },
    { quarter: "Q2", product: "Widget", units: 12 }, { quarter: "Q1", product: "Gadget", units: 7 }, { quarter: "Q2", product: "Gadget", units: 9 },
  ];
  const props = (aggregate) => ({ mark: "bar", aggregate, x: encoding("/quarter", "Quarter", "ordinal"), y: [encoding("/units", "Units", "quantitative")], color: encoding("/product", "Product", "nominal") });
  const figure = draw(props(undefined), sales);
  assert.deepEqual(texts(figure.querySelectorAll(".legend span")), ["Widget", "Gadget"]);
  assert.deepEqual(Array.from(figure.querySelectorAll(".legend i"), (i) => i.style.getPropertyValue("background")), ["#4e79a7", "#f28e2b"]);
  assert.deepEqual(texts(figure.querySelectorAll("rect > title")), ["Widget · Q1: 15", "Widget · Q2: 12", "Gadget · Q1: 7", "Gadget · Q2: 9"], "summed by default");
  assert.deepEqual(texts(draw(props("mean"), sales).querySelectorAll("rect > title")).slice(0, 1), ["Widget · Q1: 7.5"]);
  assert.deepEqual(texts(draw(props("count"), sales).querySelectorAll("rect > title")).slice(0, 2), ["Widget · Q1: 2", "Widget · Q2: 1"]);
  assert.deepEqual(texts(draw(props("max"), sales).querySelectorAll("rect > title")).slice(0, 1), ["Widget · Q1: 10"]);
});

test("series in different units get a chart each, the unit over its axis, colours continuing", () => {
  const weather = [{ day: "Mon", high: 20, rain: 3 }, { day: "Tue", high: 24, rain: 0 }, { day: "Wed", high: 18, rain: 12 }];
  const box = draw({ mark: "line", x: encoding("/day", "Day", "ordinal"), y: [encoding("/high", "High (°C)", "quantitative"), encoding("/rain", "Rain (mm)", "quantitative")] }, weather);
  assert.equal(box.getAttribute("class"), "charts");
  const figures = box.querySelectorAll("figure");
  assert.equal(figures.length, 2);
  assert.deepEqual(Array.from(figures, (f) => f.querySelector("text.unit").textContent), ["°C", "mm"]);
  assert.deepEqual(Array.from(figures, (f) => f.querySelector("path").getAttribute("stroke")), ["#4e79a7", "#f28e2b"]);
  assert.deepEqual(Array.from(figures, (f) => f.querySelector(".legend").textContent), ["High (°C)", "Rain (mm)"]);
});

test("an arc chart: a slice per x in proportion, negative values taking none; a lone slice is a whole circle", () => {
  const figure = draw({ mark: "arc", x: encoding("/region", "Region", "nominal"), y: [encoding("/units", "Units", "quantitative")] }, REGIONS);
  const slices = figure.querySelectorAll("svg > path");
  assert.equal(slices.length, 3);
  assert.deepEqual(texts(figure.querySelectorAll("svg > path > title")), ["East: 166", "North: 70", "South: 118"]);
  assert.deepEqual(texts(figure.querySelectorAll(".legend span")), ["East", "North", "South"]);
  // East is 166 of 354: under half the circle, so its arc is the small one.
  assert.match(slices[0].getAttribute("d"), /^M300 120L300\.0 20\.0A100 100 0 0 1 /);
  const whole = draw({ mark: "arc", x: encoding("/k", "K", "nominal"), y: [encoding("/v", "V", "quantitative")] }, [{ k: "all", v: 5 }, { k: "none", v: -1 }]);
  assert.match(whole.querySelector("svg > path").getAttribute("d"), /^M200 120a100 100 0 1 0 200 0a100 100 0 1 0 -200 0$/);
});

test("values that do not vary draw no chart: a note, and the result's table tab shown in its place", async () => {
  const flat = [{ d: "a", v: 5 }, { d: "b", v: 5 }, { d: "c", v: 5.05 }];
  const props = { mark: "line", x: encoding("/d", "D", "ordinal"), y: [encoding("/v", "V", "quantitative")] };
  // The result's tabs as layout.js leaves them: the chart's panel, the table's with showTab().
  const tabs = document.createElement("div");
  tabs.innerHTML = "<div role=tablist><button role=tab id=t-chart></button><button role=tab id=t-table></button></div><div role=tabpanel aria-labelledby=t-chart></div><div role=tabpanel aria-labelledby=t-table hidden></div>";
  const [chartPanel, tablePanel] = tabs.querySelectorAll("[role=tabpanel]");
  let shown = 0;
  tablePanel.showTab = () => { shown++; };
  const note = draw(props, flat);
  chartPanel.append(note);
  assert.equal(note.tagName.toLowerCase(), "p");
  assert.equal(note.getAttribute("class"), "muted chart-flat");
  assert.equal(note.textContent.length > 0, true);
  await Promise.resolve();
  assert.equal(shown, 1, "the table's tab is selected");
  assert.equal(tabs.querySelector("#t-chart").hidden, true, "the chart's tab is hidden");
  // 2 % of spread is enough to draw.
  assert.equal(draw(props, [{ d: "a", v: 100 }, { d: "b", v: 103 }]).tagName.toLowerCase(), "figure");
  assert.equal(draw(props, [{ d: "a", v: 0 }, { d: "b", v: 0 }]).getAttribute("class"), "muted chart-flat", "all zeros");
});

test("data that is not an array shows its AutoView", () => {
  const view = draw({ mark: "bar", x: encoding("/a", "A", "nominal"), y: [encoding("/b", "B", "quantitative")] }, { a: "x", b: 1 });
  assert.equal(view.querySelector("svg"), null);
  assert.deepEqual(texts(view.querySelectorAll("dt")), ["A", "B"]);
});

/* ------------------------------------------------------------------ a series found in the data */

/** Twelve months of three measures, as a tool without an outputSchema returns them. */
const MONTHS = Array.from({ length: 12 }, (x, i) => ({ month: `2026-${String(i + 1).padStart(2, "0")}`, revenue: 42000 + 3100 * i + (i % 3) * 900, cost: 30000 + 800 * i, customers: 310 + 12 * i }));
/** What views.js's table() hands CU.series: the rows' columns, their format guessed. */
const columnsOf = (rows) => CU.views.columnsOf(rows).map((column) => ({ ...column, format: typeof rows[0][column.pointer.slice(1)] === "number" ? "number" : "text" }));
const series = (rows, placement, table) => CU.series(rows, columnsOf(rows), placement, table);
const lineLabels = (figure) => texts(figure.querySelectorAll(".legend span"));

test("a series: twelve months of three measures is a line chart over time, the measures in its legend, most varied first", () => {
  const figure = series(MONTHS);
  assert.equal(figure.tagName.toLowerCase(), "figure");
  const svg = figure.querySelector("svg");
  assert.equal(svg.getAttribute("role"), "img");
  assert.equal(svg.getAttribute("aria-label"), "Revenue, Cost by Month", "the chart names its series and its key");
  // customers (hundreds) is left to the table: it does not share revenue's and cost's scale.
  assert.deepEqual(lineLabels(figure), ["Revenue", "Cost"]);
  assert.equal(svg.querySelectorAll("path[fill=none]").length, 2, "a line each");
  assert.equal(svg.querySelectorAll("rect").length, 0);
  assert.equal(svg.querySelectorAll("circle").length, 24);
  // The x axis: months as months ("Jan 2026", not "Jan 1, 2026"); the y axis: short numbers (80K); each point's exact value in its tooltip.
  const ticks = texts(svg.querySelectorAll("text[text-anchor=middle]"));
  assert.ok(ticks.length >= 4 && ticks.every((tick) => /^[A-Z][a-z]{2} 2026$/.test(tick)), ticks.join(" | "));
  assert.ok(texts(svg.querySelectorAll("text[text-anchor=end]")).every((tick) => /^(0|\d+K)$/.test(tick)));
  assert.equal(svg.querySelector("circle > title").textContent, "Revenue · Jan 2026: 42,000");
  // days (not every one a month's first) keep their day
  const days = series(MONTHS.map((row, i) => ({ ...row, month: `2026-03-${String(i + 10)}` }))).querySelector("svg");
  assert.ok(texts(days.querySelectorAll("text[text-anchor=middle]")).every((tick) => /^Mar \d{2}, 2026$/.test(tick)));
  // Three measures of one scale: all three, most varied first.
  const three = series(MONTHS.map((row) => ({ month: row.month, revenue: row.revenue, cost: row.cost, profit: row.revenue - row.cost })));
  assert.deepEqual(lineLabels(three), ["Profit", "Revenue", "Cost"]);
  // A running total (the scenario modeler's projection: cumulative revenue to 684K) beside a
  // profit of 20K would flatten it: a chart's measures are each within ×10 of every other.
  const projection = Array.from({ length: 12 }, (x, i) => ({ month: i + 1, mrr: 51000 * 1.02 ** i, gross_profit: 40800 * 1.02 ** i, net_profit: 10800 + 900 * i, cumulative_revenue: 51000 * (i + 1) * (1 + i / 20) }));
  assert.deepEqual(lineLabels(series(projection)), ["Net profit", "MRR", "Gross profit"]);
});

test("a series' key: an ordering name (signup_month, periodIndex, step), ISO times, or integers rising by one", () => {
  const measure = (i) => 100 + 17 * i + (i % 2) * 30;
  const keyed = (key, value) => Array.from({ length: 8 }, (x, i) => ({ [key]: value(i), visits: measure(i) }));
  for (const [key, value] of [["signup_month", (i) => `M${i}`], ["periodIndex", (i) => i * 7], ["training_step", (i) => i * 100], ["at", (i) => `2026-03-0${i + 1}T12:00:00Z`], ["n", (i) => i + 1]]) {
    const figure = series(keyed(key, value));
    assert.ok(figure, key);
    assert.equal(figure.querySelectorAll("path[fill=none]").length, 1, key);
  }
  // A key with another name, numbers not rising by one: no series (nothing orders the rows).
  assert.equal(series(keyed("score", (i) => i * 3)), null);
  assert.equal(series(keyed("weight", (i) => 10 - i)), null);
});

test("not a series: too few rows, no measure, an id, a key that repeats, things listed by an index", () => {
  assert.equal(series(MONTHS.slice(0, 5)), null, "5 rows are too few");
  assert.ok(series(MONTHS.slice(0, 6)), "6 are enough");
  assert.equal(series(MONTHS.map((row) => ({ month: row.month, note: "ok" }))), null, "no number");
  assert.equal(series(MONTHS.map((row) => ({ month: row.month, total: 5 }))), null, "a measure that does not vary");
  // An id is neither the key (though it rises by one) nor a measure.
  assert.equal(series(MONTHS.map((row, i) => ({ id: i + 1, name: `row ${i}`, value: i * 1.5 }))), null);
  const withIds = series(MONTHS.map((row, i) => ({ month: row.month, user_id: 9000 + i * 37, orderId: 7 * i, hash: 1e9 + i * 1e7, revenue: row.revenue })));
  assert.deepEqual(lineLabels(withIds), ["Revenue"]);
  // A month that repeats (two regions a month) makes several series: left to the table.
  assert.equal(series(MONTHS.flatMap((row) => [{ ...row, region: "North" }, { ...row, region: "South" }])), null);
  // An index beside each row's own name: things listed in order (slide layouts), no series.
  assert.equal(series(MONTHS.map((row, i) => ({ index: i, name: `Layout ${i}`, placeholders: (i * 7) % 5 + 1 }))), null);
});

test("categories are bars: texts named as a category (region, stage) key a bar per row", () => {
  const stages = ["parse", "plan", "compile", "link", "test", "ship"].map((stage, i) => ({ stage, ms: [12, 40, 230, 75, 410, 20][i] }));
  const figure = series(stages);
  assert.equal(figure.querySelectorAll("rect").length, 6);
  assert.equal(figure.querySelectorAll("path").length, 0);
  assert.deepEqual(texts(figure.querySelectorAll("text[text-anchor=middle]")), ["parse", "plan", "compile", "link", "test", "ship"]);
  // A text that is no category nor ordering (a name) keys nothing.
  assert.equal(series(stages.map((row) => ({ name: row.stage, ms: row.ms }))), null);
});

test("parts of a whole are stacked: their sum about constant row to row, or named as allocations", () => {
  const budget = Array.from({ length: 24 }, (x, i) => {
    const parts = { search: 30000 - 300 * i, social: 20000 + 200 * i, display: 15000 + 50 * i, email: 10000 + 30 * i };
    return { month: i + 1, ...parts, video: 100000 - Object.values(parts).reduce((a, b) => a + b) };
  });
  const figure = series(budget);
  const svg = figure.querySelector("svg");
  // Every part, video too (it barely varies), in the table's order: an area each, each on the one below.
  assert.deepEqual(lineLabels(figure), ["Search", "Social", "Display", "Email", "Video"]);
  const areas = svg.querySelectorAll("path[fill-opacity]");
  assert.equal(areas.length, 5);
  // The top of the stack is the whole (100K) in every month: the y axis reaches it.
  assert.equal(texts(svg.querySelectorAll("text[text-anchor=end]")).pop(), "100K");
  const tops = (path) => path.getAttribute("d").split(/[MLZ]/).filter(Boolean).slice(0, 24).map((p) => Number(p.split(" ")[1]));
  const lines = svg.querySelectorAll("path[fill=none]");
  assert.ok(tops(lines[4]).every((y) => Math.abs(y - tops(lines[4])[0]) < 0.2), "the last part's top is the constant whole");
  assert.ok(tops(lines[1]).every((y, i) => y < tops(lines[0])[i]), "each part above the one before");
  // Its tooltips still say each part's own value.
  assert.equal(svg.querySelectorAll("circle > title")[24].textContent, "Social · 1: 20,000");
  // Shares rounded by their server to sum to 100.1 (budget-allocator's history) reach 100, not 150.
  const shares = series(Array.from({ length: 12 }, (x, i) => ({ month: i + 1, marketing: 24.5 + (i % 2) / 10, engineering: 34.1, sales: 41.5 - (i % 2) / 10 })));
  assert.deepEqual(texts(shares.querySelectorAll("svg text[text-anchor=end]")), ["0", "20", "40", "60", "80", "100"]);
  // Named as a whole's parts (allocations), stacked though their sum grows; categories as stacked bars.
  const named = Array.from({ length: 6 }, (x, i) => ({ quarter: `Q${i + 1}`, allocation_ads: 10 + i * 4, allocation_events: 5 + i }));
  assert.equal(series(named).querySelectorAll("path[fill-opacity]").length, 2);
  const regions = ["North", "South", "East", "West", "Central", "Islands"].map((region, i) => ({ region, share_a: 0.2 + i * 0.1, share_b: 0.8 - i * 0.1 }));
  const bars = series(regions).querySelectorAll("rect");
  assert.equal(bars.length, 12);
  assert.equal(bars[0].getAttribute("width"), bars[6].getAttribute("width"), "stacked bars span the band together");
  assert.equal(Number(bars[6].getAttribute("y")) + Number(bars[6].getAttribute("height")), Number(bars[0].getAttribute("y")), "the second part stands on the first");
  // Values that go negative are no parts: lines.
  assert.equal(series(budget.map((row, i) => ({ ...row, video: row.video - 26000 + i }))).querySelectorAll("path[fill-opacity]").length, 0);
});

test("placement: the chart first (above its table), beside it, or the table and the chart as two tabs", () => {
  const table = () => Object.assign(document.createElement("div"), { className: "tbl" });
  const first = series(MONTHS, "first", table());
  assert.equal(first.getAttribute("class"), "series");
  assert.deepEqual(Array.from(first.children, (child) => child.getAttribute("class")), ["fig", "tbl"]);
  const beside = series(MONTHS, "beside", table());
  assert.equal(beside.getAttribute("class"), "series beside", "side by side on a wide frame: chart.css");
  assert.deepEqual(Array.from(beside.children, (child) => child.getAttribute("class")), ["fig", "tbl"]);
  const tabs = series(MONTHS, "tab", table());
  assert.deepEqual(texts(tabs.querySelectorAll("[role=tab]")), ["Table", "Chart"]);
  const panels = tabs.querySelectorAll("[role=tabpanel]");
  assert.equal(panels[0].firstChild.getAttribute("class"), "tbl");
  assert.equal(panels[0].hidden, false, "the table's tab first");
  assert.equal(panels[1].hidden, true);
  assert.ok(panels[1].querySelector("svg.chart"));
  assert.equal(series(MONTHS.slice(0, 3), "first", table()), null, "not a series: nothing to place (the caller keeps its table)");
  // past a year of months, the rows under their chart fold (one click away); beside it they stay
  const days = Array.from({ length: 13 }, (unused, i) => ({ day: `2026-01-${String(i + 1).padStart(2, "0")}`, sales: 100 + (i % 4) * 20 }));
  const long = series(days, "first", table());
  assert.deepEqual(Array.from(long.children, (child) => child.tagName.toLowerCase()), ["figure", "details"]);
  assert.equal(long.querySelector("details > summary").textContent, "Table · 13 rows");
  assert.equal(long.querySelector("details").hasAttribute("open"), false);
  assert.ok(long.querySelector("details > .tbl"));
  assert.deepEqual(Array.from(series(days, "beside", table()).children, (child) => child.getAttribute("class")), ["fig", "tbl"]);
  // a folded table of more rows than a page draws them all: its one click shows every row
  const many = Array.from({ length: 150 }, (unused, i) => ({ day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), sales: 100 + (i % 7) * 15 }));
  const placed = CU.views.table(many, CU.views.columnsOf(many), 100);
  assert.equal(placed.querySelectorAll("details.rows tbody tr").length, 150);
  assert.equal(placed.querySelector("details.rows .pager button:not([hidden])"), null, "no page to turn");
});

test("views.js's tables show their series' chart above them, a typed table's (an outputSchema's columns) too unless the page has a Chart node", () => {
  const box = document.createElement("div");
  CU.views.render(box, { content: [{ type: "text", text: JSON.stringify(MONTHS) }] }, null, { hostContext: { locale: "en-US" }, caps: {} });
  const placed = box.querySelector(".series");
  assert.ok(placed);
  assert.equal(placed.firstChild.tagName.toLowerCase(), "figure");
  assert.equal(placed.querySelectorAll("tbody tr").length, 12, "the table, every row, under the chart");
  // issue 49: a schema's twelve months of revenue are a series as much as guessed ones
  const columns = [{ pointer: "/month", label: "Month", format: "number" }, { pointer: "/revenue", label: "Revenue", format: "number" }];
  const plain = load("runtime", "views", "matrix", "plot").CU; // a page without a Chart node
  plain.views.render(document.createElement("div"), { content: [] }, null, { hostContext: { locale: "en-US" }, caps: {} });
  const typed = plain.views.table(MONTHS, columns, 100);
  assert.ok(typed.classList.contains("series") && typed.querySelector("svg.chart"), "the chart above the typed table");
  assert.equal(plain.views.table(MONTHS.slice(0, 3), columns, 100).querySelector("svg"), null, "three rows: no series, the table alone");
  // with a Chart node (chart.js shipped) the layout chose its chart: the typed table stays a table
  assert.equal(CU.views.table(MONTHS, columns, 100).querySelector("svg"), null);
});

test("rows that each hold a whole series (the ext-apps scenario modeler's templates) are a line a row, one measure at a time", () => {
  const { structuredContent } = JSON.parse(readFileSync(new URL("../../../fixtures/field/scenario-modeler__get-scenario-data__templates.json", import.meta.url), "utf8")).result;
  const box = document.createElement("div");
  CU.views.render(box, { structuredContent }, null, { hostContext: { locale: "en-US" }, caps: {} });
  const placed = box.querySelector(".series");
  assert.ok(placed, "the templates as a series, not a matrix");
  assert.equal(box.querySelector(".heatmap"), null, "no heatmap of one measure");
  // the templates' own fields stay a table above (their names, parameters, summaries)
  const own = placed.querySelector(":scope > .tbl");
  assert.deepEqual(Array.from(own.querySelectorAll("tbody tr"), (tr) => tr.children[0].textContent), structuredContent.templates.map((t) => t.name), "their names first");
  const tabs = placed.querySelector(":scope > .pivot");
  assert.deepEqual(Array.from(tabs.querySelectorAll("[role=tab]"), (t) => t.textContent), ["Chart", "Records"]);
  const pick = tabs.querySelector("select.measure");
  assert.deepEqual(Array.from(pick.options, (o) => o.textContent), ["MRR", "Gross profit", "Net profit", "Cumulative revenue"]);
  const lines = () => Array.from(tabs.querySelectorAll("svg.chart path"), (p) => p.getAttribute("d"));
  assert.equal(lines().length, 5, "a line a template");
  assert.deepEqual(texts(tabs.querySelectorAll(".legend span")), structuredContent.templates.map((t) => t.name));
  const mrr = lines();
  pick.options[2].setAttribute("selected", ""); // (linkedom's select has no value setter)
  pick.dispatchEvent(new Event("change"));
  assert.equal(lines().length, 5);
  assert.notDeepEqual(lines(), mrr, "the net profit drawn instead");
  // every cell's value: the Records tab, a row a template's month
  const records = tabs.querySelectorAll(":scope > [role=tabpanel]")[1];
  assert.equal(records.querySelectorAll("tbody tr").length, Math.min(100, structuredContent.templates.reduce((n, t) => n + t.projections.length, 0)));
  // the axis in the measure's look, as its table writes it: money in the result's currency
  const priced = document.createElement("div");
  CU.views.render(priced, { structuredContent: { ...structuredContent, currency: "USD" } }, null, { hostContext: { locale: "en-US" }, caps: {} });
  assert.deepEqual(texts(priced.querySelectorAll(".series svg.chart text[text-anchor=end]")), ["$0", "$100K", "$200K", "$300K", "$400K"]);
});

test("a cohort's triangle stays a matrix with the chart engine loaded (its rows hold unequal series)", () => {
  const { structuredContent } = JSON.parse(readFileSync(new URL("../../../fixtures/field/cohort-heatmap__get-cohort-data.json", import.meta.url), "utf8")).result;
  const box = document.createElement("div");
  CU.views.render(box, { structuredContent }, null, { hostContext: { locale: "en-US" }, caps: {} });
  assert.ok(box.querySelector(".heatmap"));
  assert.equal(box.querySelector("select.measure"), null);
});

test("categories in narrow bands are each labelled, slanted (six cities at a phone's width), not every third one", () => {
  const cities = ["Oslo", "Bergen", "Tromsø", "Bodø", "Ålesund", "Stavanger"].map((city, i) => ({ city, share: 0.035 + i * 0.012 }));
  const props = { mark: "bar", x: encoding("/city", "City", "nominal"), y: [encoding("/share", "Share", "quantitative")] };
  const narrow = CU.views.plot.draw(cities, props, "", 0.5).querySelector("svg");
  const labels = narrow.querySelectorAll("text[transform]");
  assert.deepEqual(texts(labels), cities.map((row) => row.city));
  assert.ok(Array.from(labels).every((label) => /^rotate\(-35 /.test(label.getAttribute("transform")) && label.getAttribute("text-anchor") === "end"));
  // wide enough (80 px a band), level and centred as before
  const wide = CU.views.plot.draw(cities, props, "", 1.2).querySelector("svg");
  assert.equal(wide.querySelectorAll("text[transform]").length, 0);
  assert.deepEqual(texts(wide.querySelectorAll("text[text-anchor=middle]")), cities.map((row) => row.city));
});
