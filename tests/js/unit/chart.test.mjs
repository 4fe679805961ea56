// chart.js, as shipped: what CU.views.NODES.Chart draws for a Chart node's props and data — the
// marks, axes, series, legend and tooltips of its SVG — and when it draws no chart (values that
// do not vary: a note, and the table's tab in its place). Which results are offered a chart at
// all is the compiler's (compiler/layout/heuristic.py, tested in tests/test_layout.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";

const context = load("runtime", "views", "chart");
const { CU, document } = context;
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
  // The x labels, the y ticks in steps of 1, 2 or 5 × 10^k from zero past the largest value.
  const labels = texts(svg.querySelectorAll("text[text-anchor=middle]"));
  assert.deepEqual(labels, ["East", "North", "South"]);
  assert.deepEqual(texts(svg.querySelectorAll("text[text-anchor=end]")), ["0", "2000", "4000", "6000", "8000", "10,000"]);
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
