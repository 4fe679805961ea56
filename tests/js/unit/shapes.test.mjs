// The long tail of result shapes (issue 40), each a rule decided from the data: a table given as
// columns and rows, markdown read as sections, tables of text of any size, HTML tables read
// inertly, errors by the same kinds as results, a line never shown twice.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, resultRenderer } from "./harness.mjs";
import { readFileSync } from "node:fs";

const loaded = load("runtime", "views");
const render = resultRenderer(loaded);
const renderText = (text) => render({ content: [{ type: "text", text }] });
const texts = (node, selector) => Array.from(node.querySelectorAll(selector), (n) => n.textContent);
const headers = (node) => texts(node, "th");
const rows = (node) => Array.from(node.querySelectorAll("tbody tr"), (tr) => texts(tr, "td"));

// ------------------------------------------------------------------ columns and rows

test("columns and rows: the names head the columns, in any casing and under any of the usual keys", () => {
  for (const [names, data] of [["columns", "rows"], ["Fields", "data"], ["HEADERS", "Values"]]) {
    const box = render({ structuredContent: { [names]: ["route", "passengers", "on_time"], [data]: [["Tromsø–Skjervøy", 62, true], ["Bodø–Røst", 12500, false]] } });
    assert.deepEqual(headers(box), ["Route", "Passengers", "On time"], names);
    assert.deepEqual(rows(box), [["Tromsø–Skjervøy", "62", "✓ Yes"], ["Bodø–Røst", "12,500", "No"]]);
    assert.equal(box.querySelectorAll("ul.list, dl").length, 0); // the names are no separate list
  }
});

test("columns and rows: typed columns ([{name, type}]) show their types; other keys show beside the table", () => {
  const box = render({ structuredContent: { columns: [{ name: "day", type: "DATE" }, { name: "total", type: "DECIMAL(10,2)" }, { name: "code", type: "VARCHAR" }],
    rows: [["2026-03-01", 12500.5, "A7"], ["2026-03-02", 980, "B2"]], rowCount: 2, query: "select * from sales" } });
  assert.deepEqual(texts(box, "th button"), ["Day", "Total", "Code"]);
  assert.deepEqual(texts(box, "th small"), ["DATE", "DECIMAL(10,2)", "VARCHAR"]); // each type under its name
  assert.deepEqual(rows(box)[0], ["1 Mar 2026", "12,500.5", "A7"]);
  assert.deepEqual(texts(box, "dd"), ["2", "select * from sales"]);
});

test("columns and rows: other keys beside them (a success flag, the types as a list) show as a record below the table, the rows first", () => {
  const box = render({ structuredContent: { success: true, columns: ["cohort", "0"], columnTypes: ["VARCHAR", "DOUBLE[]"], rows: [["2026-01", [100, 62]]] } });
  assert.ok(box.querySelector(".tbl").compareDocumentPosition(box.querySelector("dl")) & 4, "the record after the table");
  assert.deepEqual(texts(box, "th button"), ["Cohort", "0"]);
  assert.deepEqual(texts(box, "dt"), ["Success", "Column types"]);
  assert.deepEqual(texts(box, "dd"), ["✓ Yes", "VARCHAR, DOUBLE[]"]);
  assert.deepEqual(rows(box), [["2026-01", "100, 62"]]);
});

test("columns and rows: rows that are not arrays as wide as the names are no such table", () => {
  const box = render({ structuredContent: { columns: ["a", "b"], rows: [[1, 2], [3]] } });
  assert.notDeepEqual(headers(box), ["A", "B"]);
  assert.ok(box.textContent.includes("3"));
});

// ------------------------------------------------------------------ markdown sections

const BROWSER_ANSWER = `### Result
[
  {"route": "Tromsø–Skjervøy", "passengers": 62},
  {"route": "Bodø–Røst", "passengers": 48}
]

### Ran code
\`\`\`js
await page.getByRole('table').allTextContents();
\`\`\``;

test("markdown sections: a section whose body is JSON is that data under its heading; a fence is code", () => {
  const box = renderText(BROWSER_ANSWER);
  assert.deepEqual(texts(box, "h5"), ["Result", "Ran code"]);
  assert.deepEqual(headers(box), ["Route", "Passengers"]);
  assert.deepEqual(rows(box), [["Tromsø–Skjervøy", "62"], ["Bodø–Røst", "48"]]);
  assert.equal(box.querySelector("pre code").textContent, "await page.getByRole('table').allTextContents();");
  assert.ok(!box.textContent.includes("{\"route\""));
});

test("markdown sections: a fence marked json or csv is data; another fence stays code, JSON or not", () => {
  const box = renderText("# Export\n\n```csv\ncity,visits\nOslo,12\nBergen,7\n```\n\n```json\n{\"total\": 19, \"ok\": true}\n```\n\n```\n{\"raw\": 1}\n```");
  assert.deepEqual(headers(box), ["City", "Visits"]);
  assert.deepEqual(rows(box), [["Oslo", "12"], ["Bergen", "7"]]);
  assert.deepEqual(texts(box, "dd"), ["19", "✓ Yes"]);
  assert.equal(box.querySelector("pre code").textContent, "{\"raw\": 1}");
});

test("markdown sections: a section of prose stays prose", () => {
  const box = renderText("## Notes\nThe run finished early.\n\n## Next\n- check the logs\n- rerun");
  assert.equal(box.querySelectorAll("table").length, 0);
  assert.deepEqual(texts(box, "p"), ["The run finished early."]);
});

// ------------------------------------------------------------------ tables of any size

test("a markdown table of 9 000 rows is a table, paged: its first page drawn, every row on demand", () => {
  const lines = ["| route | passengers | note |", "|---|---:|---|"];
  for (let i = 0; i < 9000; i++) lines.push(`| r-${i} | ${i * 3} | **n${i}** |`);
  const text = lines.join("\n");
  assert.ok(text.length > 100000);
  const box = renderText(text);
  assert.deepEqual(headers(box), ["Route", "Passengers", "Note"]);
  assert.equal(rows(box).length, 100);
  assert.deepEqual(rows(box)[1], ["r-1", "3", "n1"]);
  assert.equal(box.querySelector("tbody strong").textContent, "n0"); // its marks kept
  assert.equal(box.querySelector(".tbl").rows.length, 9000);
  assert.match(box.querySelector(".pager").textContent, /of 9000/);
});

test("CSV and aligned tables of any size are tables (a command's stdout with a header line)", () => {
  const csv = ["host,cpu,mem"].concat(Array.from({ length: 3000 }, (_, i) => `node-${i},${i % 100},${i * 2}`)).join("\n") + "\n";
  const box = renderText(csv);
  assert.deepEqual(headers(box), ["Host", "CPU", "Mem"]);
  assert.equal(box.querySelector(".tbl").rows.length, 3000);
  const aligned = ["NAME       READY   AGE"].concat(Array.from({ length: 800 }, (_, i) => `pod-${String(i).padEnd(6)} 1/1     ${i}d`)).join("\n");
  const grid = renderText(aligned);
  assert.deepEqual(headers(grid), ["Name", "Ready", "Age"]);
  assert.equal(grid.querySelector(".tbl").rows.length, 800);
});

// ------------------------------------------------------------------ errors

const error = (text) => render({ isError: true, content: [{ type: "text", text }] }).querySelector(".alert-error");

test("errors: JSON is data (a record of its fields, in their order), its message the title", () => {
  const alert = error(JSON.stringify({ message: "relation \"sales\" does not exist", code: 42, hint: "check the name" }));
  assert.deepEqual(texts(alert, "dt"), ["Message", "Code", "Hint"]);
  assert.equal(texts(alert, "dd")[0], "relation \"sales\" does not exist");
  assert.deepEqual(texts(alert, "p"), ["relation \"sales\" does not exist"]); // its message leads (issue 50)
});

test("errors: a JS stack under its first line (the message), the frames in monospace", () => {
  const alert = error("TypeError: x is undefined\n    at render (/srv/app.js:41:17)\n    at main (/srv/app.js:9:3)");
  assert.equal(alert.querySelector("p").textContent, "TypeError: x is undefined");
  assert.equal(alert.querySelector("pre.lines").textContent, "    at render (/srv/app.js:41:17)\n    at main (/srv/app.js:9:3)");
});

test("errors: a parser's message first, then the offending line and its caret in monospace", () => {
  const text = "syntax error at line 1, col 23\nSELECT * FROM sales WHER total > 3\n                    ^";
  const alert = error(text);
  assert.equal(alert.querySelector("p").textContent, "syntax error at line 1, col 23");
  assert.equal(alert.querySelector("pre.lines").textContent, "SELECT * FROM sales WHER total > 3\n                    ^");
});

test("errors: a CSV under the message is a table; one line is a paragraph", () => {
  const alert = error("2 rows were refused:\nid,reason\n7,duplicate key\n9,missing name\n");
  assert.equal(alert.querySelector("p").textContent, "2 rows were refused:");
  assert.deepEqual(rows(alert), [["7", "duplicate key"], ["9", "missing name"]]);
  assert.equal(error("Unknown zone: Mars/Olympus").querySelectorAll("p, pre").length, 1);
});

// ------------------------------------------------------------------ nothing twice

test("a text line the structured data already shows is not shown again; what the text adds is kept", () => {
  const box = render({ structuredContent: { rows: [{ city: "Oslo" }], footer: "Showing 1 of 240 rows" },
    content: [{ type: "text", text: "Query ran in 12 ms.\nShowing 1 of 240 rows" }] });
  assert.equal(box.textContent.split("Showing 1 of 240 rows").length, 2); // once
  assert.ok(box.textContent.includes("Query ran in 12 ms."));
  const only = render({ structuredContent: { footer: "Showing 1 of 240 rows" }, content: [{ type: "text", text: "\nShowing 1 of 240 rows\n" }] });
  assert.equal(only.textContent.split("Showing 1 of 240 rows").length, 2);
});

// ------------------------------------------------------------------ images and their values

// a 1×1 PNG
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

test("an image's values show beside it: base64 (a PNG's) or a data: URL in the data is the image, its other values beside", () => {
  const record = render({ structuredContent: { thumbnail: { data: PNG, mimeType: "image/png", width: 640, height: 480, colorSpace: "sRGB" } } });
  assert.equal(record.querySelectorAll("dd img").length, 1);
  assert.deepEqual(texts(record, "dd").slice(1), ["image/png", "640", "480", "sRGB"]);
  const flat = render({ structuredContent: { image: PNG, preview: "data:image/png;base64," + PNG, width: 640 } });
  assert.equal(flat.querySelectorAll("dd img").length, 2);
  assert.ok(!flat.textContent.includes(PNG.slice(0, 20)));
  assert.deepEqual(texts(flat, "dd").slice(2), ["640"]);
});

test("a string that merely starts like base64 is no image", () => {
  const box = render({ structuredContent: { code: "R0lGOD", note: "/9j/ is how a JPEG's base64 starts" } });
  assert.equal(box.querySelectorAll("img").length, 0);
});

test("a wrapper's word that all went well and a list's count follow the data (dbhub: {success, data: {rows, count}})", () => {
  const sent = JSON.parse(readFileSync(new URL("../../../fixtures/field/dbhub__search_objects.json", import.meta.url), "utf8")).result;
  const box = render(sent);
  const order = Array.from(box.querySelectorAll("table, dt"), (node) => node.tagName === "TABLE" ? "table" : node.textContent);
  assert.equal(order[order.length - 1], "Success", order.join(" "));
  assert.ok(order.indexOf("table") < order.indexOf("Count"), order.join(" "));
  assert.ok(order.indexOf("Object type") < order.indexOf("table"), "the query's own facts still lead: " + order.join(" "));
  // a record with no data under it keeps its order
  assert.deepEqual(texts(render({ structuredContent: { success: true, id: "deck", count: 2 } }), "dt"), ["Success", "ID", "Count"]);
});
