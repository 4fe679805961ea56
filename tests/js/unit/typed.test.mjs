// typed.js, as shipped: the views of the tree nodes compiled from a tool's outputSchema. First the
// golden page of a tool with an outputSchema (fixtures/golden/with_output: its tree and the
// result's <template> the server wrote) showing a result; then each node kind, with nodes as the
// compiler writes them (components/nodes.py: a prop at its default is left out), and what each
// shows for data of another shape than it expects (the data's AutoView: nothing is hidden).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load } from "./harness.mjs";

const GOLDEN = new URL("../../../fixtures/golden/", import.meta.url);
const context = load("runtime", "views", "matrix", "plot", "typed", "chart", "layout");
const { CU, document, Event } = context;
context.CSS = { escape: (text) => text.replace(/[^\w-]/g, (c) => "\\" + c) };
const CTX = { hostContext: { locale: "en-US" }, caps: {}, openLink() {}, log() {} };
CU.views.render(document.createElement("div"), { content: [] }, null, CTX); // the locale, for formats
const NODES = CU.views.NODES;
const texts = (nodes) => Array.from(nodes, (n) => n.textContent);
const node = (type, props = {}, children) => ({ id: "n", type, props, ...(children ? { children } : {}) });
/** What a key-value view lists: [label, value] pairs. */
const pairs = (view) => Array.from(view.querySelectorAll(":scope > dl > dt"), (dt) => [dt.textContent, dt.nextElementSibling.textContent]);

test("the golden page of a tool with an outputSchema shows a result through its compiled views", async () => {
  const tree = JSON.parse(readFileSync(new URL("with_output.tree.json", GOLDEN), "utf8"));
  const resultView = tree.children.find((n) => n.type === "ResultView");
  const page = readFileSync(new URL("with_output.page.html", GOLDEN), "utf8");
  const section = /<section[^>]*id="result"[\s\S]*?<\/section>/.exec(page)[0];
  document.body.innerHTML = section;
  const box = document.querySelector("#result .result-body");
  const forecast = { city: "Oslo", days: [{ date: "2026-03-01", high: 7.5, low: -2 }, { date: "2026-03-02", high: 9, low: 1.25 }], source: "met.no" };
  CU.views.render(box, { content: [{ type: "text", text: JSON.stringify(forecast) }], structuredContent: forecast }, resultView, CTX);
  // The record's KeyValue lists the fields the schema names (the days have a view of their own).
  const record = box.querySelector("[data-view='v:'] > .view");
  assert.deepEqual(pairs(record), [["City", "Oslo"]]);
  // The days: a table first, its columns as compiled, the dates and numbers formatted (a
  // column's numbers with the decimals the column needs, the same for each: present.js).
  // (issue 49: the chart first, above its table, both shown: a Stack, no tabs)
  const chartPanel = box.querySelector("[data-view='v:/days:chart']"), tablePanel = box.querySelector("[data-view='v:/days']");
  assert.equal(box.querySelectorAll("[role=tab]").length, 0);
  assert.ok(chartPanel.compareDocumentPosition(tablePanel) & 4, "the chart comes before the table");
  assert.deepEqual(texts(tablePanel.querySelectorAll("th")), ["Date", "High", "Low"]);
  assert.deepEqual(Array.from(tablePanel.querySelectorAll("tbody tr"), (tr) => texts(tr.children)), [["Mar 1, 2026", "7.5", "-2.00"], ["Mar 2, 2026", "9.0", "1.25"]]);
  assert.equal(texts(tablePanel.querySelectorAll("h3"))[0], "Days");
  // The chart: two series (high, low) over time.
  const svg = chartPanel.querySelector("svg.chart");
  assert.ok(svg);
  assert.equal(svg.getAttribute("aria-label"), "Days");
  assert.deepEqual(texts(chartPanel.querySelectorAll(".legend span")), ["High", "Low"]);
  assert.equal(svg.querySelectorAll("circle").length, 4);
});

test("KeyValue: the fields named, or every key; nothing when its nested views show all it holds", () => {
  const user = { name: "Ada", born: 1815, address: { city: "London", zip: "N1" } };
  assert.deepEqual(pairs(NODES.KeyValue(node("KeyValue", { fields: [{ pointer: "/born", label: "Born", format: "number" }] }), user)), [["Born", "1815"]]);
  const every = NODES.KeyValue(node("KeyValue"), user);
  // Every key, nested data folded in place (one click away: its summary says what it holds).
  assert.deepEqual(pairs(every), [["Name", "Ada"], ["Born", "1815"], ["Address", "2 fields"]]);
  const fold = every.querySelector("dd details");
  assert.ok(fold);
  assert.doesNotMatch(fold.textContent, /London/);
  fold.open = true;
  fold.dispatchEvent(new Event("toggle"));
  assert.match(fold.textContent, /London/);
  // A record of one value is a fact of its own, its key beside its parent's.
  assert.deepEqual(pairs(NODES.KeyValue(node("KeyValue"), { name: "Ada", address: { city: "London" } })), [["Name", "Ada"], ["Address city", "London"]]);
  // A record of no scalar fields whose parts have views of their own (the compiler's KeyValue v:
  // over a List or a Table) shows only those.
  assert.equal(NODES.KeyValue(node("KeyValue", {}, [node("List", { bind: "/tags" })]), { tags: ["a"] }), "");
  // Not a record: its AutoView.
  assert.equal(NODES.KeyValue(node("KeyValue", {}, [node("List")]), ["a", "b"]).textContent, "a, b");
});

test("Table: the compiled columns in order (the node's own list untouched), else the rows' keys; the page size", () => {
  const columns = [{ pointer: "/price", label: "Price", format: "number" }, { pointer: "/name", label: "Name" }];
  const items = [{ name: "tea", price: 3.5, sku: "t1" }, { name: "coffee", price: 12345.5, sku: "c1" }, { name: "milk", price: 1, sku: "m1" }];
  const props = { bind: "/items", columns, pageSize: 2 };
  const view = NODES.Table(node("Table", props), items);
  assert.deepEqual(texts(view.querySelectorAll("th")), ["Price", "Name"]);
  assert.deepEqual(Array.from(view.querySelectorAll("tbody tr"), (tr) => texts(tr.children)), [["3.50", "tea"], ["12,345.50", "coffee"]]); // a price: money
  assert.equal(view.querySelector(".pager .muted").textContent, "1–2 of 3");
  assert.equal(props.columns, columns);
  assert.equal(columns.length, 2);
  assert.deepEqual(texts(NODES.Table(node("Table", { bind: "/items" }), items).querySelectorAll("th")), ["Name", "Price", "SKU"]);
  assert.equal(NODES.Table(node("Table", { bind: "/items" }), items).querySelectorAll("tbody tr").length, 3, "100 rows a page by default");
  // Not a list: its AutoView.
  assert.deepEqual(pairs(NODES.Table(node("Table", props), { name: "tea" })), [["Name", "tea"]]);
});

test("List: one item per value, in the node's format; CardGrid: a card per record, titled", () => {
  // a few short values on one line; more, or longer, one item each
  assert.equal(NODES.List(node("List", { bind: "/tags" }), ["red", "green"]).textContent, "red, green");
  assert.equal(NODES.List(node("List", { format: "date" }), ["2026-03-01"]).textContent, "Mar 1, 2026");
  const many = Array.from({ length: 13 }, (unused, i) => "tag " + i);
  assert.deepEqual(texts(NODES.List(node("List", { bind: "/tags" }), many).querySelectorAll("li")), many);
  assert.equal(NODES.List(node("List", { bind: "/budgets" }), [50000, 100000]).textContent, "50,000, 100,000", "money: its key says so; no currency known");
  assert.deepEqual(pairs(NODES.List(node("List"), { a: 1 })), [["A", "1"]], "not a list: its AutoView");
  const people = [{ name: "Ada", born: 1815 }, { name: "Alan", born: 1912 }];
  const grid = NODES.CardGrid(node("CardGrid", { titlePointer: "/name", fields: [{ pointer: "/born", label: "Born", format: "number" }] }), people);
  assert.equal(grid.getAttribute("class"), "cards");
  const cards = grid.querySelectorAll(".card");
  assert.deepEqual(Array.from(cards, (card) => card.querySelector("strong").textContent), ["Ada", "Alan"]);
  assert.deepEqual(pairs(cards[1].querySelector(".view")), [["Born", "1912"]]);
  // Fields left out of the tree (none named): every key.
  const untitled = NODES.CardGrid(node("CardGrid"), people);
  assert.equal(untitled.querySelector("strong"), null);
  assert.deepEqual(pairs(untitled.querySelector(".card .view")), [["Name", "Ada"], ["Born", "1815"]]);
});

test("Metric: the value in its format and its unit; Image: base64 data as an image, else text; JsonView: the value as JSON, open", () => {
  const metric = NODES.Metric(node("Metric", { format: "number", unit: "km" }), 1234567.5);
  assert.equal(metric.getAttribute("class"), "metric");
  assert.equal(metric.textContent, "1,234,567.5 km");
  assert.equal(NODES.Metric(node("Metric"), 42).textContent, "42");
  const image = NODES.Image(node("Image", { mimeType: "image/gif" }), "R0lGODlhAQABAAAAACw=");
  assert.equal(image.tagName.toLowerCase(), "img");
  assert.equal(image.getAttribute("src"), "data:image/gif;base64,R0lGODlhAQABAAAAACw=");
  assert.equal(NODES.Image(node("Image"), "not base64!").tagName.toLowerCase(), "span", "not an image: its text");
  assert.deepEqual(pairs(NODES.Image(node("Image"), { src: "x" })), [["Src", "x"]]);
  const json = NODES.JsonView(node("JsonView"), { a: [1, 2] });
  assert.equal(json.tagName.toLowerCase(), "details");
  assert.equal(json.hasAttribute("open"), true);
  assert.equal(json.querySelector("summary").textContent, "JSON");
  assert.equal(json.querySelector("pre.json").textContent, JSON.stringify({ a: [1, 2] }, null, 2));
});
