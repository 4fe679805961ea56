// matrix.js, as shipped: which tables get a colour scale (CU.matrix), which records are pivoted
// into their matrix (CU.pivot), the scale itself, on real tool results recorded in
// fixtures/field (the official ext-apps cohort-heatmap example among them) and on small cases
// written here for the rules they pin.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "./harness.mjs";

const FIELD = new URL("../../../fixtures/field/", import.meta.url);
const { CU, document, Event } = load("runtime", "views", "matrix");

/** The recorded result of a real tool call. */
const recorded = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, FIELD), "utf8")).result;

/** A result rendered as a page without a result view (its AutoView) shows it. */
function render(result) {
  const box = document.createElement("div");
  CU.views.render(box, result, null, { hostContext: {}, caps: {}, openLink() {}, log() {} });
  return box;
}
const texts = (nodes) => Array.from(nodes, (n) => n.textContent);
/** A drawn table: its header texts and its body's cells. */
function table(node) {
  return {
    head: texts(node.querySelectorAll("thead th")),
    rows: Array.from(node.querySelectorAll("tbody tr"), (tr) => Array.from(tr.children)),
  };
}
const place = (td) => td.style.getPropertyValue("--t");
/** The labels of columns built in the runtime's realm, as this realm's array. */
const labels = (columns) => Array.from(columns, (c) => c.label);

/* ------------------------------------------------------------------ colour scale: which tables */

test("a sheet's range whose columns number a series (month 0 … month 5) is a heatmap of those columns only", () => {
  const box = render(recorded("excel__read_range__matrix"));
  const heatmap = box.querySelector(".heatmap");
  assert.ok(heatmap);
  const { head, rows } = table(heatmap);
  assert.deepEqual(head, ["Cohort", "Size", "month 0", "month 1", "month 2", "month 3", "month 4", "month 5"]);
  assert.equal(rows.length, 6);
  const [label, size, month0, month1] = rows[0];
  assert.ok(label.classList.contains("hm-row"), "the cohort labels the rows");
  assert.ok(!size.classList.contains("hm"), "the cohort's size is beside the matrix, not in it");
  assert.equal(size.textContent, "120");
  assert.ok(month0.classList.contains("hm") && month1.classList.contains("hm"));
  assert.equal(month1.textContent, "62.0", "a painted cell keeps its value as text, with the matrix's decimals");
  assert.equal(month1.title, "2026-01 · month 1: 62");
  // The scale runs from the least value (9.2) to the largest (100).
  assert.equal(place(month0), "1.000");
  assert.equal(place(rows[0][7]), "0.000");
  assert.equal(place(month1), ((62 - 9.2) / (100 - 9.2)).toFixed(3));
  // A missing cell (the cohort triangle) is not painted.
  assert.equal(rows[5][3].textContent, "—");
  assert.ok(!rows[5][3].classList.contains("hm"));
  assert.equal(heatmap.querySelector(".hm-legend [role=img]").getAttribute("aria-label"), "Colour scale from 9.2 to 100.0");
  assert.equal(heatmap.querySelector(".hm-legend button"), null, "every cell reads as it is (62.0 is 62): no toggle to exact values");
});

test("rows holding an array of numbers (a query's array_agg) are a matrix of the arrays' indices, the array's name on the legend", () => {
  const box = render(recorded("postgres__query__arrays"));
  const heatmap = box.querySelector(".heatmap");
  assert.ok(heatmap);
  const { head, rows } = table(heatmap);
  assert.deepEqual(head, ["Cohort", "Cohort size", "0", "1", "2", "3", "4", "5"]);
  assert.equal(rows[0][3].title, "2026-01 · Retained 1: 62");
  const legend = heatmap.querySelector(".hm-legend");
  assert.deepEqual(texts(legend.querySelectorAll("span")), ["Retained", "9.2", "100.0"]);
  assert.deepEqual(texts(legend.querySelectorAll("i")), ["", "", "", "", ""], "the legend's steps are colour, their values in titles");
  // Five steps from the least to the largest value (their titles print every digit of the step:
  // 9.2 + 90.8 × 2 / 4 reads "54.599999999999994").
  const steps = Array.from(legend.querySelectorAll("i"), (i) => Number(i.title));
  assert.equal(steps.length, 5);
  steps.forEach((step, k) => { assert.ok(Math.abs(step - (9.2 + (100 - 9.2) * k / 4)) < 1e-9); });
  assert.deepEqual(Array.from(legend.querySelectorAll("i"), place), ["0.000", "0.250", "0.500", "0.750", "1.000"]);
});

test("a grid without a header whose columns are of one order of magnitude is a heatmap (driver rows of a pivot query)", () => {
  for (const name of ["duckdb__query__pivot", "motherduck__execute_query__pivot"]) {
    const heatmap = render(recorded(name)).querySelector(".heatmap");
    assert.ok(heatmap, name);
    assert.equal(heatmap.querySelectorAll("td.hm").length, 21, `${name}: the 21 numbers of the triangle`);
  }
});

test("not a matrix: a query's id, revenue and units (different magnitudes), two measures, numbers as text, records with ids", () => {
  for (const name of ["duckdb__query", "sqlite__read_query__grouped", "mysql__execute_sql", "code-runner__run-code__tuples", "filesystem__read_text_file__csv"]) {
    const box = render(recorded(name));
    assert.ok(box.querySelector("table"), `${name} shows a table`);
    assert.equal(box.querySelector(".heatmap"), null, `${name}: no colour scale`);
    assert.equal(box.querySelector(".pivot"), null, `${name}: no pivot`);
  }
});

test("CU.matrix: columns named by the rows' own labels (a correlation) are a square matrix; values both sides of zero diverge", () => {
  const rows = [{ name: "a", a: 1, b: -0.5 }, { name: "b", a: -0.5, b: 1 }];
  const columns = CU.views.columnsOf(rows);
  const view = CU.matrix(rows, columns);
  assert.ok(view);
  assert.deepEqual(labels(view.cs), ["Name", "A", "B"]);
  const negative = view.cell(view.cs[2], rows[0], Object.assign(document.createElement("td"), { textContent: "-0.5" }));
  assert.ok(negative.classList.contains("hm") && negative.classList.contains("hm-neg"));
  assert.equal(place(negative), "0.500", "−0.5 on a scale from −1 to 1");
  const positive = view.cell(view.cs[1], rows[0], document.createElement("td"));
  assert.ok(!positive.classList.contains("hm-neg"));
  assert.equal(place(positive), "1.000");
  const label = view.cell(view.cs[0], rows[0], document.createElement("td"));
  assert.ok(label.classList.contains("hm-row") && !label.classList.contains("hm"));
  // The legend of a diverging scale runs from −m to m.
  const box = view.wrap(document.createElement("div"));
  assert.ok(box.classList.contains("heatmap"));
  assert.equal(box.firstChild.querySelector("[role=img]").getAttribute("aria-label"), "Colour scale from -1.0 to 1.0");
  assert.equal(box.firstChild.querySelectorAll("i.hm-neg").length, 2, "two of five steps below zero");
  assert.equal(negative.textContent, "-0.5", "a correlation is no share: its numbers as they are, never −50%");
});

test("CU.matrix: one row, two numbered columns, or more than 50 are no matrix; every cell equal sits mid-scale", () => {
  const series = (n, row) => Object.fromEntries([["name", "r" + row], ...Array.from({ length: n }, (x, i) => ["m" + i, i + row])]);
  const cols = (rows) => CU.views.columnsOf(rows);
  const one = [series(5, 1)];
  assert.equal(CU.matrix(one, cols(one)), undefined);
  const two = [series(2, 1), series(2, 2)];
  assert.equal(CU.matrix(two, cols(two)), undefined, "a stem needs three numbered columns");
  const wide = [series(51, 1), series(51, 2)];
  assert.equal(CU.matrix(wide, cols(wide)), undefined, "an embedding is no heatmap");
  const fifty = [series(50, 1), series(50, 2)];
  assert.equal(CU.matrix(fifty, cols(fifty)).cs.length, 51);
  const flat = [{ name: "x", m1: 3, m2: 3, m3: 3 }, { name: "y", m1: 3, m2: 3, m3: 3 }];
  const view = CU.matrix(flat, cols(flat));
  assert.equal(place(view.cell(view.cs[1], flat[0], document.createElement("td"))), "0.500");
});

test("CU.matrix: an id labels the rows only when no other text does", () => {
  const rows = [{ id: "c1", cohort: "Jan", m1: 1, m2: 2, m3: 3 }, { id: "c2", cohort: "Feb", m1: 4, m2: 5, m3: 6 }];
  assert.deepEqual(labels(CU.matrix(rows, CU.views.columnsOf(rows)).cs), ["Cohort", "ID", "M1", "M2", "M3"]);
  const ids = rows.map(({ id, m1, m2, m3 }) => ({ id, m1, m2, m3 }));
  assert.deepEqual(labels(CU.matrix(ids, CU.views.columnsOf(ids)).cs), ["ID", "M1", "M2", "M3"]);
});

/* ------------------------------------------------------------------ the cells as a person reads them */

/** The texts CU.matrix draws for rows of numbered columns (m0, m1, m2), and the legend's ends. */
function readAs(values, extra = {}) {
  const rows = values.map((row, i) => ({ cohort: `c${i}`, ...Object.fromEntries(row.map((v, j) => [`m${j}`, v])), ...extra }));
  const columns = CU.views.columnsOf(rows), view = CU.matrix(rows, columns);
  const cells = rows.map((row) => view.cs.slice(1).map((column) => {
    const td = document.createElement("td");
    td.textContent = row[column.pointer.slice(1)] == null ? "—" : CU.views.formatNumber(row[column.pointer.slice(1)]);
    return view.cell(column, row, td);
  }));
  const legend = view.wrap(document.createElement("div")).querySelector(".hm-legend");
  return {
    shown: Array.from(cells, (row) => Array.from(row, (td) => (td.querySelector(".hm-r") || td).textContent)),
    exact: Array.from(cells, (row) => Array.from(row, (td) => (td.querySelector(".hm-x") || td).textContent)),
    ends: texts(legend.querySelectorAll("span")), toggle: !!legend.querySelector("button"),
  };
}

test("matrix cells: fractions of one read as whole percentages, the exact value kept beside", () => {
  const read = readAs([[1, 0.8647524082550365, 0.7178324603810338], [1, 0.805385018543709, 0.004]]);
  assert.deepEqual(read.shown, [["100%", "86%", "72%"], ["100%", "81%", "0%"]]);
  assert.deepEqual(read.exact[0], ["1", "0.8647524082550365", "0.7178324603810338"]);
  assert.deepEqual(read.ends, ["0%", "100%"]);
  assert.ok(read.toggle);
});

test("matrix cells: other numbers with the decimals the matrix needs, the same in every cell, at most three, their binary noise gone", () => {
  // Points (62.0, 38.4): one decimal, in every cell; not percentages (they pass 1); no toggle
  // (62.0 is 62: nothing rounded)
  const points = readAs([[100, 62, 38.4], [100, 63.9, 39.6]]);
  assert.deepEqual(points.shown, [["100.0", "62.0", "38.4"], ["100.0", "63.9", "39.6"]]);
  assert.equal(points.toggle, false);
  // Counts: whole, as they are, and no toggle (nothing rounded).
  const counts = readAs([[120, 74, 46], [137, 88, 54]]);
  assert.deepEqual(counts.shown, [["120", "74", "46"], ["137", "88", "54"]]);
  assert.equal(counts.toggle, false);
  // Noise and long fractions: three decimals at most (1.1 + 2.2 is 3.3, not 3.3000000000000003).
  const long = readAs([[1.1 + 2.2, 2.718281828, 12345.6789], [0.5, 4, 7]]);
  assert.deepEqual(long.shown, [["3.300", "2.718", "12,345.679"], ["0.500", "4.000", "7.000"]]);
  assert.deepEqual(long.exact[0], ["3.3000000000000003", "2.718281828", "12,345.6789"]);
  // Whole numbers within 0 … 1 (a 0/1 adjacency) are no fractions: 0 and 1, never 0% and 100%.
  assert.deepEqual(readAs([[0, 1, 1], [1, 0, 1]]).shown, [["0", "1", "1"], ["1", "0", "1"]]);
});

test("matrix cells: a square matrix within 0 … 1 is a correlation (its numbers), unless named a share", () => {
  const rows = [{ name: "a", a: 1, b: 0.42 }, { name: "b", a: 0.42, b: 1 }];
  const view = CU.matrix(rows, CU.views.columnsOf(rows));
  const td = document.createElement("td");
  td.textContent = "0.42";
  assert.equal(view.cell(view.cs[2], rows[0], td).textContent, "0.42");
  const shared = [{ name: "a", a: 0.5, b: 0.25 }, { name: "b", a: 0.75, b: 0.125 }];
  const columns = CU.views.columnsOf(shared).map((column) => ({ ...column, v: "Share" }));
  const inShare = CU.matrix(shared, columns), cell = document.createElement("td");
  assert.equal(inShare.cell(inShare.cs[2], shared[1], cell).querySelector(".hm-r").textContent, "13%");
});

/* ------------------------------------------------------------------ the pivot of long-format cells */

/** The pivot's two panels: the matrix and the records. */
function pivot(box) {
  const tabs = box.querySelector(".pivot");
  assert.ok(tabs, "a pivot");
  const panels = tabs.querySelectorAll(":scope > [role=tabpanel]");
  return { tabs, names: texts(tabs.querySelectorAll("[role=tab]")), matrix: panels[0], records: panels[1] };
}

test("the official ext-apps cohort-heatmap result: each cohort's cells {periodIndex, retention} are its row, the columns named by periodLabels", () => {
  const result = recorded("cohort-heatmap__get-cohort-data");
  const { tabs, names, matrix, records } = pivot(render(result));
  assert.deepEqual(names, ["Matrix", "Records"]);
  assert.equal(tabs.querySelector("[aria-selected=true]").textContent, "Matrix");
  assert.equal(records.hidden, true);
  const { head, rows } = table(matrix);
  const periodLabels = result.structuredContent.periodLabels;
  // The cohort's own fields first, then one column per period, named "Month 0" (periodLabels), not "M0" (periods).
  assert.deepEqual(head, ["Cohort label", "Cohort ID", "Original users", ...periodLabels]);
  const cohorts = result.structuredContent.cohorts;
  assert.equal(rows.length, cohorts.length);
  assert.equal(rows[0][0].textContent, cohorts[0].cohortLabel);
  assert.ok(rows[0][0].classList.contains("hm-row"));
  assert.equal(rows[0][4].title, `${cohorts[0].cohortLabel} · Period index Month 1: ${CU.views.formatNumber(cohorts[0].cells[1].retention)}`);
  // The triangle: the last cohort has one cell.
  const last = rows[rows.length - 1];
  assert.equal(last.filter((td) => td.classList.contains("hm")).length, 1);
  const least = Math.min(...cohorts.flatMap((c) => c.cells.map((x) => x.retention)));
  // A retention (fractions of one) reads as whole percentages: the cells, the legend's ends and steps.
  assert.deepEqual(texts(matrix.querySelectorAll(".hm-legend span")), ["Retention", "31%", "100%"]);
  const swatches = [...matrix.querySelectorAll(".hm-legend i")].map((i) => i.title);
  assert.equal(swatches.length, 5);
  assert.deepEqual([swatches[0], swatches[4]], ["31%", "100%"]);
  for (const title of swatches.slice(1, 4)) assert.match(title, /^\d\d%$/, title);
  // Each cell: 86%, and its exact value (hidden until the legend's toggle shows every cell so) and in its title.
  const cell = rows[0][4], exact = CU.views.formatNumber(cohorts[0].cells[1].retention);
  assert.equal(cell.querySelector(".hm-r").textContent, "86%");
  assert.equal(cell.querySelector(".hm-x").textContent, exact);
  assert.ok(cell.title.endsWith(exact));
  assert.equal(rows[0][3].querySelector(".hm-r").textContent, "100%", "1 is 100%");
  const toggle = matrix.querySelector(".hm-legend button");
  assert.equal(toggle.getAttribute("aria-pressed"), "false");
  toggle.dispatchEvent(new Event("click"));
  assert.equal(toggle.getAttribute("aria-pressed"), "true");
  assert.ok(matrix.querySelector(".heatmap").classList.contains("hm-exact"), "matrix.css then hides the rounded texts and shows the exact ones");
  toggle.dispatchEvent(new Event("click"));
  assert.ok(!matrix.querySelector(".heatmap").classList.contains("hm-exact"));
  // Every cell record on the second tab, after the first of its cohort's fields named like a
  // label (here cohortId, matched by "cohort", before cohortLabel).
  const cellCount = cohorts.reduce((n, c) => n + c.cells.length, 0);
  assert.equal(cellCount, 78);
  assert.equal(records.querySelector(".pager .muted").textContent, "78 rows");
  assert.deepEqual(table(records).head, ["Cohort ID", "Cohort index", "Period index", "Retention", "Users retained", "Users original"]);
  // Choosing the tab shows the records and hides the matrix.
  tabs.querySelectorAll("[role=tab]")[1].dispatchEvent(new Event("click"));
  assert.equal(records.hidden, false);
  assert.equal(matrix.hidden, true);
  assert.deepEqual(texts(tabs.querySelectorAll("[aria-selected=true]")), ["Records"]);
});

test("a CSV of cohort × month → pct (mysql) is pivoted: keys from the rows, columns named after their key", () => {
  const { matrix, records } = pivot(render(recorded("mysql__execute_sql__retention")));
  const { head, rows } = table(matrix);
  assert.deepEqual(head, ["Cohort", "Month 0", "Month 1", "Month 2", "Month 3", "Month 4", "Month 5"]);
  assert.deepEqual(rows.map((r) => r[0].textContent), ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]);
  assert.deepEqual(rows[1].map((td) => td.textContent), ["2026-02", "100.0", "63.9", "39.6", "24.5", "15.2", "—"]);
  assert.deepEqual(table(records).head, ["Cohort", "Month", "Retained"]);
  assert.equal(table(records).rows.length, 21);
});

test("a driver's numbers sent as text (dbhub: DECIMAL as \"62.0\") are numbers: cohort × month pivoted, the cohort's size its own column", () => {
  const { matrix, records } = pivot(render(recorded("dbhub__execute_sql")));
  const { head, rows } = table(matrix);
  assert.deepEqual(head, ["Cohort", "Cohort size", "Month 0", "Month 1", "Month 2", "Month 3", "Month 4", "Month 5"]);
  assert.deepEqual(rows[0].map((td) => td.textContent), ["2026-01", "120", "100.0", "62.0", "38.4", "23.8", "14.8", "9.2"]);
  assert.ok(rows[0][1].classList.contains("num") && !rows[0][1].classList.contains("hm"), "the size beside the name, not coloured");
  assert.ok(rows[0][2].classList.contains("hm"));
  assert.equal(table(records).rows.length, 21);
  // codes with leading zeros and numbers past a double's digits stay text, as sent
  const codes = render({ structuredContent: { rows: [{ zip: "0150", id: "12345678901234567890" }, { zip: "5003", id: "12345678901234567891" }] } });
  assert.deepEqual(Array.from(codes.querySelectorAll("tbody tr:first-child td"), (td) => [td.textContent, td.classList.contains("num")]), [["0150", false], ["12345678901234567890", false]]);
  const prices = render({ structuredContent: { rows: [{ item: "a", price: "1191.50" }, { item: "b", price: "" }, { item: "c", price: "9.25" }] } });
  assert.deepEqual(Array.from(prices.querySelectorAll("tbody td.num"), (td) => td.textContent), ["1191.50", "—", "9.25"]);
  // the rows as sent are the ones downloaded; versions, phone numbers and ids stay as sent
  assert.equal(prices.querySelector(".tbl").rows[0].price, "1191.50");
  const texts = (box) => Array.from(box.querySelectorAll("tbody td"), (td) => [td.textContent, td.classList.contains("num")]);
  assert.deepEqual(texts(render({ structuredContent: { rows: [{ v: "3.8" }, { v: "3.10" }, { v: "3.12" }] } })), [["3.8", false], ["3.10", false], ["3.12", false]]);
  assert.deepEqual(texts(render({ structuredContent: { rows: [{ phone: "5551234567" }, { phone: "5559876543" }] } })), [["5551234567", false], ["5559876543", false]]);
});

test("a matrix of unnamed columns (Python tuples) names its measure in the legend as its table would: 'Column 3', not '3'", () => {
  const legend = render(recorded("duckdb__query__grouped")).querySelector(".hm-legend .hm-scale > span");
  assert.equal(legend.textContent, "Column 3");
});

test("records of two text keys (product × quarter → units) are pivoted, the quarters as columns in the order met", () => {
  const { matrix } = pivot(render(recorded("dbutils__dbutils-run-query__grouped")));
  const { head, rows } = table(matrix);
  assert.deepEqual(head, ["Product", "2026-Q1", "2026-Q2", "2026-Q3"]);
  assert.deepEqual(rows[0].map((td) => td.textContent), ["Gadget", "110", "98", "86"]);
});

test("indexed cells take their names from sibling arrays: row_labels / col_labels around the cells", () => {
  const cells = [];
  for (let row = 0; row < 3; row++) for (let col = 0; col < 2; col++) cells.push({ row, col, value: row * 10 + col });
  const box = render({ structuredContent: { row_labels: ["Oslo", "Bergen", "Tromsø"], col_labels: ["Rain", "Snow"], cells } });
  const { head, rows } = table(pivot(box).matrix);
  assert.deepEqual(head, ["Row", "Rain", "Snow"]);
  assert.deepEqual(rows.map((r) => r.map((td) => td.textContent)), [["Oslo", "0", "1"], ["Bergen", "10", "11"], ["Tromsø", "20", "21"]]);
  // Without the sibling arrays, the indices are named after their key.
  const bare = table(pivot(render({ structuredContent: { cells } })).matrix);
  assert.deepEqual(bare.head, ["Row", "Col 0", "Col 1"]);
  assert.deepEqual(bare.rows.map((r) => r[0].textContent), ["Row 0", "Row 1", "Row 2"]);
});

test("CU.pivot declines: records with ids, too few records, a matrix less than a third full, keys that never repeat", () => {
  const columns = (rows) => CU.views.columnsOf(rows);
  const grid = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) grid.push({ region: "r" + r, quarter: "q" + c, units: r + c });
  assert.ok(CU.pivot(grid, columns(grid)), "the full 3 × 3 grid is pivoted");
  const withIds = grid.map((x, i) => ({ id: i, ...x }));
  assert.equal(CU.pivot(withIds, columns(withIds)), undefined);
  const three = grid.slice(0, 3);
  assert.equal(CU.pivot(three, columns(three)), undefined);
  // 6 × 6 from 10 cells (two diagonals): under a third full; 12 cells are a third.
  const band = [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [3, 4], [4, 4], [5, 5]].map(([r, c]) => ({ a: "a" + r, b: "b" + c, n: r + c }));
  assert.equal(CU.pivot(band, columns(band)), undefined);
  const third = band.concat({ a: "a4", b: "b5", n: 9 }, { a: "a5", b: "b0", n: 5 });
  assert.ok(CU.pivot(third, columns(third)));
  const textValue = grid.map((x) => ({ ...x, units: String(x.units) }));
  assert.equal(CU.pivot(textValue, columns(textValue)), undefined, "the cell's value is a number");
  const twice = grid.concat(grid[0]);
  assert.equal(CU.pivot(twice, columns(twice)), undefined, "each row and column pair once");
});

test("CU.matrix: a matrix of 250 000 cells gets its scale (no spread of all its values: no stack overflow)", () => {
  const rows = Array.from({ length: 5000 }, (x, row) => Object.fromEntries([["name", "r" + row], ...Array.from({ length: 50 }, (y, i) => ["m" + i, (row * 7 + i) % 1000 + 0.25])]));
  const view = CU.matrix(rows, CU.views.columnsOf(rows.slice(0, 2)));
  assert.ok(view);
  const box = view.wrap(document.createElement("div"));
  assert.equal(box.firstChild.querySelector("[role=img]").getAttribute("aria-label"), "Colour scale from 0.25 to 999.25");
});
