// Issue 50: series of points (views.js pointSeries, seriesView): Prometheus's range and instant
// queries as a real Prometheus answered them through prometheus-mcp-server (fixtures/field/), and
// the general shapes: a time × series table, charted (plot.js) one line a series.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views", "matrix", "plot");
const V = loaded.CU.views;
const render = resultRenderer(loaded);
const plain = (value) => (value === undefined ? value : JSON.parse(JSON.stringify(value)));
const points = (value) => plain(V.text.points(value));
const field = (name) => JSON.parse(readFileSync(new URL(`../../../fixtures/field/${name}.json`, import.meta.url), "utf8"));
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);
const rows = (box) => Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td"));

test("points: labels and [time, value] pairs, a range's or an instant's; times in seconds, milliseconds or ISO", () => {
  const range = points([{ metric: { job: "a" }, values: [[1795160700, "1.5"], [1795160760, "2"]] }, { metric: { job: "b" }, values: [[1795160700, "3"]] }]);
  assert.deepEqual(range.map((one) => [one.l.job, one.p.length, one.i]), [["a", 2, false], ["b", 1, false]]);
  assert.equal(points([{ metric: {}, value: [1795162500, "3013"] }])[0].i, true);
  assert.equal(points({ labels: { host: "x" }, points: [["2026-11-20T08:00:00Z", 1], ["2026-11-20T08:01:00Z", 2]] }).length, 1); // one series alone
  assert.equal(points([[1795160700000, 1], [1795160760000, "NaN"]]).length, 1); // the pairs alone
});

test("points: not a series — a value that is no number, a time that is no time, mixed instants and ranges, other keys", () => {
  for (const value of [
    [{ metric: { a: "x" }, values: [[1795160700, "high"]] }],
    [{ metric: { a: "x" }, values: [[2024, 1]] }], // a year is no epoch
    [{ metric: { a: 1 }, values: [[1795160700, 1]] }], // labels are strings
    [{ metric: {}, value: [1795160700, "1"] }, { metric: {}, values: [[1795160700, "1"]] }],
    [{ metric: {}, values: [[1795160700, "1"]], extra: 1 }],
    [{ metric: {}, values: [] }],
    [[1, 2], [3, 4]], [], {}, "text", null,
  ]) assert.equal(points(value), undefined, JSON.stringify(value));
});

test("a range query (real Prometheus): a line per series, named by the labels that differ; a table of time × series with every value", () => {
  const entry = field("prometheus__execute_range_query"), result = entry.result.structuredContent.result;
  const box = render(entry.result);
  assert.deepEqual(texts(box, "th button"), ["Time", "Tromsø–Skjervøy · MF Fjord", "Ålesund–Hareid · MF Nordlys"]);
  assert.ok(texts(box, "dd").includes("ferry_crossing_minutes")); // the label both share, once, above
  const table = rows(box);
  assert.equal(table.length, 31);
  assert.equal(table[0][0], "07:45"); // times drawn as times: of one day, the day said once under the heading
  assert.deepEqual(texts(box, "th small"), ["20 Nov 2026 (UTC)"]);
  assert.equal(box.querySelector("td time").title, "2026-11-20T07:45:00.000Z"); // the exact time
  assert.deepEqual(table.map((row) => +row[1]), result[0].values.map((pair) => +pair[1]));
  assert.deepEqual(table.map((row) => +row[2]), result[1].values.map((pair) => +pair[1]));
  const chart = box.querySelector("svg.chart");
  assert.ok(chart, "a chart without a click");
  assert.equal(chart.querySelectorAll("path").length, 2); // a line a series
  assert.deepEqual(texts(box, ".legend span"), ["Tromsø–Skjervøy · MF Fjord", "Ålesund–Hareid · MF Nordlys"]);
  assert.ok(texts(chart, "text").includes("07:45"), "its ticks are times of day");
  const folded = box.querySelector(".series > details.rows");
  assert.equal(folded.querySelector("summary").textContent, "Table · 31 rows"); // under the chart, one click away
  assert.ok(!folded.hasAttribute("open") && folded.contains(box.querySelector(".series table")));
  const sent = box.querySelector("details.more:not(.srv, .rows)");
  assert.equal(sent.querySelector("summary").textContent, "2 series"); // the records as sent, one click away
});

test("a single series and an instant vector (real Prometheus)", () => {
  const one = render(field("prometheus__execute_range_query__one").result);
  assert.equal(one.querySelectorAll("svg.chart path").length, 1);
  assert.equal(rows(one).length, 16);
  assert.deepEqual(texts(one, "th button"), ["Time", "Ferry crossing"]); // its name when no label differs, less the unit its cells are written in ("48 min 30 s")
  assert.equal(one.querySelector("th button span[title]").title, "Ferry crossing minutes", "the whole name in its title");
  const instant = render(field("prometheus__execute_query").result);
  assert.deepEqual(texts(instant, "th button"), ["Route", "Vessel", "Time", "Value"]);
  assert.deepEqual(rows(instant), [["Tromsø–Skjervøy", "MF Fjord", "08:15", "48.5"], ["Ålesund–Hareid", "MF Nordlys", "08:15", "62.0"]]);
  assert.deepEqual(texts(instant, "th small"), ["20 Nov 2026 (UTC)"]);
  const scalar = render(field("prometheus__execute_query__scalar").result);
  assert.deepEqual(rows(scalar), [["20 Nov 2026, 08:15 (UTC)", "3013"]]);
});

test("points in milliseconds and ISO, values as numbers' text (NaN stays text), a series that misses a time", () => {
  const box = render({ structuredContent: { series: [
    { labels: { host: "a" }, points: [["2026-11-20T08:00:00Z", "1"], ["2026-11-20T08:01:00Z", "NaN"], ["2026-11-20T08:02:00Z", "3"]] },
    { labels: { host: "b" }, points: [["2026-11-20T08:00:00Z", 4], ["2026-11-20T08:02:00Z", 6]] },
  ] } });
  assert.deepEqual(texts(box, "th button"), ["Time", "a", "b"]);
  assert.deepEqual(rows(box).map((row) => row.slice(1)), [["1", "4"], ["NaN", "—"], ["3", "6"]]);
});

test("a series' axis writes its values as the table does (money, percentages, binary sizes); a point's tooltip keeps the exact value", () => {
  const months = Array.from({ length: 8 }, (_, i) => i + 1);
  const axis = (box) => Array.from(box.querySelectorAll("svg.chart text[text-anchor=end]"), (n) => n.textContent);
  const money = render({ structuredContent: { currency: "USD", projection: months.map((month) => ({ month, revenue: 50000 + month * 1234.5 })) } });
  assert.ok(axis(money).length > 2 && axis(money).every((tick) => /^\$/.test(tick)), axis(money).join(" "));
  assert.ok(texts(money, "svg.chart circle title").includes("Revenue \u00b7 3: 53,703.5"));
  const shares = render({ structuredContent: { months: months.map((month) => ({ month, churn_rate: month / 100 })) } });
  assert.deepEqual(axis(shares), ["0%", "2%", "4%", "6%", "8%"]);
  const sizes = render({ structuredContent: { days: months.map((day) => ({ day, used_bytes: day * 150 * 1024 })) } });
  assert.deepEqual(axis(sizes), ["0 B", "512 KiB", "1.0 MiB", "1.5 MiB"]); // steps of binary units (half a MiB), not 500 000
  const counts = render({ structuredContent: { days: months.map((day) => ({ day, visits: day * 2500 })) } });
  assert.deepEqual(axis(counts), ["0", "5K", "10K", "15K", "20K"]); // numbers as before
});

test("a line far from zero spans its own values, a bar stands on zero; a duration's axis steps as clocks do, in its step's unit", () => {
  const months = Array.from({ length: 8 }, (_, i) => i + 1);
  const axis = (box) => Array.from(box.querySelectorAll("svg.chart text[text-anchor=end]"), (n) => n.textContent);
  // A ferry's crossing, 60 to 62 minutes: from zero it would be a flat line at the top.
  const crossing = render({ structuredContent: { runs: months.map((run) => ({ run, crossing_minutes: 60 + (run % 3) })) } });
  assert.deepEqual(axis(crossing), ["60 min", "60.5 min", "61 min", "61.5 min", "62 min"]); // half-minute steps: minutes, not 3630 s
  // An uptime in seconds steps in minutes (not 1,000 s), every tick in one unit (not "1 h" beside "40 min").
  const uptime = render({ structuredContent: { runs: months.map((run) => ({ run, uptime: run * 600 })) } });
  assert.deepEqual(axis(uptime), ["0 min", "30 min", "60 min", "90 min"]);
  // Values near zero keep zero on the axis (bars always do: chart.test.mjs's regions, 5 375 to 9 775).
  const near = render({ structuredContent: { runs: months.map((run) => ({ run, visits: run * 10 })) } });
  assert.equal(axis(near)[0], "0");
});
