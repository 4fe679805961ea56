// host.js, as shipped: which controls a view of records gets for which declared host
// capabilities (none without them), the CSV of its rows (RFC 4180 quoting, the values as data,
// not as the page formats them), the JSON of the result, the file's name, and the display mode.
// The host is a stand-in for CU.request that records what the page asks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";

const context = load("runtime", "views", "matrix", "plot", "typed", "chart", "host");
const { CU, document, Event } = context;
/** What the page asked the host, and how the host answers (by method). */
const asked = [];
const answers = {};
CU.request = (method, params) => { asked.push({ method, params }); return answers[method] ? answers[method](params) : Promise.resolve({}); };
// Two turns: the host's answer, then what the page does in the next frame.
const flush = () => new Promise((done) => setTimeout(() => setTimeout(done, 0), 0));
// What was scrolled into view (linkedom lays nothing out: it has no scrollIntoView).
const scrolled = [];
context.HTMLElement.prototype.scrollIntoView = function (options) { scrolled.push([this, options]); };

const DOWNLOADS = { downloadFile: {} };
const FULLSCREEN = { availableDisplayModes: ["inline", "fullscreen"], displayMode: "inline" };
/** The result rendered for a host declaring `caps` and `hostContext`; `resultView`: a compiled tree. */
function render(result, caps = {}, hostContext = {}, resultView = null) {
  return show(result, { hostContext: { locale: "en-US", ...hostContext }, caps, openLink() {}, log() {} }, resultView);
}
function show(result, ctx, resultView = null) {
  const box = document.createElement("div");
  document.body.replaceChildren(box);
  CU.views.render(box, result, resultView, ctx);
  return box;
}
const labels = (box) => Array.from(box.querySelectorAll(".hv-bar button"), (b) => b.getAttribute("aria-label"));
/** The file the page asked the host to save when `button` was clicked. */
async function saved(button) {
  asked.length = 0;
  button.dispatchEvent(new Event("click"));
  await flush();
  assert.equal(asked.length, 1);
  assert.equal(asked[0].method, "ui/download-file");
  return asked[0].params.contents[0].resource;
}
const button = (box, label) => Array.from(box.querySelectorAll(".hv-bar button")).find((b) => b.getAttribute("aria-label") === label);

const SALES = { structuredContent: [
  { city: "Oslo, Norway", note: "says \"hi\"", population: 709037, founded: "1040-01-01", tags: ["capital", "port"] },
  { city: "Bergen", note: "two\nlines", population: 1040, founded: null, tags: [] },
] };

test("controls only for what the host declares: downloads (CSV, JSON), fullscreen, both, or none at all", () => {
  assert.equal(render(SALES).querySelector(".hv"), null, "a host that declares nothing: no bar");
  assert.deepEqual(labels(render(SALES, DOWNLOADS)), ["Download these rows as CSV", "Download the whole result as JSON"]);
  assert.deepEqual(labels(render(SALES, {}, FULLSCREEN)), ["Fullscreen"]);
  assert.deepEqual(labels(render(SALES, DOWNLOADS, FULLSCREEN)), ["Download these rows as CSV", "Download the whole result as JSON", "Fullscreen"]);
  assert.deepEqual(labels(render(SALES, {}, { availableDisplayModes: ["inline", "pip"] })), [], "no fullscreen among the modes");
  // Only views of records: a record alone, or an empty list, has no rows to offer.
  assert.equal(render({ structuredContent: { city: "Oslo" } }, DOWNLOADS, FULLSCREEN).querySelector(".hv"), null);
  assert.equal(render({ structuredContent: [] }, DOWNLOADS, FULLSCREEN).querySelector(".hv"), null);
});

test("the CSV holds the rows' values as data, quoted by RFC 4180, under their keys", async () => {
  const box = render(SALES, DOWNLOADS);
  // The page shows the population formatted and the date as a date…
  assert.deepEqual(Array.from(box.querySelectorAll("tbody tr:first-child td"), (td) => td.textContent).slice(2, 4), ["709,037", "Jan 1, 1040"]);
  // …the file has them as they are.
  const file = await saved(button(box, "Download these rows as CSV"));
  assert.equal(file.mimeType, "text/csv");
  assert.equal(file.uri, "file:///result.csv", "no tool name on the page: result.csv");
  assert.equal(file.text, [
    "city,note,population,founded,tags",
    "\"Oslo, Norway\",\"says \"\"hi\"\"\",709037,1040-01-01,\"[\"\"capital\"\",\"\"port\"\"]\"",
    "Bergen,\"two\nlines\",1040,,[]",
    "",
  ].join("\r\n"));
});

test("the JSON is the whole structured result; the file is named after the tool", async () => {
  const tree = document.createElement("script");
  tree.id = "ui-tree";
  tree.textContent = JSON.stringify({ props: { toolName: "sales report/2026" } });
  const box = render(SALES, DOWNLOADS);
  document.body.append(tree);
  const file = await saved(button(box, "Download the whole result as JSON"));
  assert.equal(file.uri, "file:///sales-report-2026.json");
  assert.equal(file.mimeType, "application/json");
  assert.deepEqual(JSON.parse(file.text), SALES.structuredContent);
  assert.equal(file.text, JSON.stringify(SALES.structuredContent, null, 2));
  tree.remove();
});

test("a typed table's columns make the CSV: only those, in their order, a nested pointer's key dotted", async () => {
  const template = document.createElement("div");
  template.id = "rv";
  template.innerHTML = "<template><div class=\"view\" data-view=\"t\"></div></template>";
  document.head.replaceChildren(template);
  const resultView = { id: "rv", type: "ResultView", props: {}, children: [{ id: "t", type: "Table", props: { bind: "/items", columns: [{ pointer: "/size/w", label: "Width", format: "number" }, { pointer: "/name", label: "Name" }] } }] };
  const box = render({ structuredContent: { items: [{ name: "a", size: { w: 1.5, h: 2 } }, { name: "b,c", size: { w: 3, h: 4 } }] } }, DOWNLOADS, {}, resultView);
  const file = await saved(button(box, "Download these rows as CSV"));
  assert.equal(file.text, "size.w,name\r\n1.5,a\r\n3,\"b,c\"\r\n");
});

test("a grid's CSV (rows of arrays) is headed by its header row, or by nothing", async () => {
  const headed = render({ structuredContent: [["city", "population"], ["Oslo", 709037], ["Bergen", 285911]] }, DOWNLOADS);
  assert.equal((await saved(button(headed, "Download these rows as CSV"))).text, "city,population\r\nOslo,709037\r\nBergen,285911\r\n");
  const bare = render({ structuredContent: [[1, 2.5], [3, 4]] }, DOWNLOADS);
  assert.equal((await saved(button(bare, "Download these rows as CSV"))).text, "1,2.5\r\n3,4\r\n");
});

test("a list of values, the CardGrid and the Chart get the bar too; a list's CSV is one column, value", async () => {
  const list = CU.views.NODES.List({ id: "l", type: "List", props: {} }, ["a", "b,c"]);
  assert.ok(list.classList.contains("hv"));
  assert.equal((await saved(button(list, "Download these rows as CSV"))).text, "value\r\na\r\n\"b,c\"\r\n");
  const cards = CU.views.NODES.CardGrid({ id: "g", type: "CardGrid", props: { fields: [{ pointer: "/name", label: "Name" }] } }, [{ name: "x", hidden: 1 }]);
  assert.ok(cards.classList.contains("hv"));
  assert.equal((await saved(button(cards, "Download these rows as CSV"))).text, "name\r\nx\r\n");
  const chart = CU.views.NODES.Chart({ id: "c", type: "Chart", props: { mark: "bar", x: { pointer: "/k", label: "K", type: "nominal" }, y: [{ pointer: "/v", label: "V", type: "quantitative" }] } }, [{ k: "a", v: 1 }, { k: "b", v: 2 }]);
  assert.ok(chart.classList.contains("hv") && chart.querySelector("svg"));
});

test("a refused download is said beside the buttons, and cleared on the next try", async () => {
  const box = render(SALES, DOWNLOADS);
  answers["ui/download-file"] = () => Promise.resolve({ isError: true });
  await saved(button(box, "Download these rows as CSV"));
  const note = box.querySelector(".hv-bar [role=status]");
  assert.equal(note.textContent, "Not downloaded.");
  answers["ui/download-file"] = () => Promise.reject(new Error("no"));
  await saved(button(box, "Download these rows as CSV"));
  assert.equal(note.textContent, "Not downloaded.");
  delete answers["ui/download-file"];
  await saved(button(box, "Download these rows as CSV"));
  assert.equal(note.textContent, "");
});

test("the fullscreen toggle asks the host for the other mode; the page follows the mode the host gives", async () => {
  // The runtime's own context, which the host's notifications change.
  Object.assign(CU.viewContext.hostContext, { locale: "en-US", ...FULLSCREEN });
  const box = show(SALES, CU.viewContext);
  const root = document.documentElement;
  const toggle = box.querySelector(".hv-fs");
  assert.equal(root.getAttribute("data-mode"), "inline");
  assert.equal(toggle.getAttribute("aria-pressed"), "false");
  asked.length = 0;
  answers["ui/request-display-mode"] = (params) => Promise.resolve({ mode: params.mode });
  toggle.dispatchEvent(new Event("click"));
  await flush();
  assert.deepEqual(asked.map((a) => [a.method, a.params.mode]), [["ui/request-display-mode", "fullscreen"]]);
  assert.equal(root.getAttribute("data-mode"), "fullscreen");
  assert.equal(toggle.getAttribute("aria-pressed"), "true");
  assert.equal(toggle.getAttribute("aria-label"), "Exit fullscreen");
  assert.equal(toggle.textContent, "⤡");
  assert.deepEqual(scrolled.map(([node, options]) => [node.className, options.block]), [["hv", "nearest"]], "the view stays in sight");
  // The host may refuse: the page stays as it is.
  answers["ui/request-display-mode"] = () => Promise.resolve({ mode: "fullscreen" });
  toggle.dispatchEvent(new Event("click"));
  await flush();
  assert.equal(asked[1].params.mode, "inline");
  assert.equal(root.getAttribute("data-mode"), "fullscreen");
  // The host changes the mode itself: host-context-changed.
  CU.NOTES["ui/notifications/host-context-changed"]({ displayMode: "inline" });
  assert.equal(root.getAttribute("data-mode"), "inline");
  assert.equal(toggle.getAttribute("aria-pressed"), "false");
  assert.equal(toggle.getAttribute("aria-label"), "Fullscreen");
  delete answers["ui/request-display-mode"];
});

test("a column of joined fields (a place's line and column, a span's start and end) is downloaded as those fields", async () => {
  const box = render({ structuredContent: [{ rule: "eqeqeq", line: 5, column: 11, endLine: 5, endColumn: 13 }, { rule: "no-undef", line: 3, column: 22, endLine: 3, endColumn: 25 }] }, DOWNLOADS);
  assert.deepEqual(Array.from(box.querySelectorAll("thead th"), (th) => th.textContent), ["Rule", "Location"]);
  const file = await saved(button(box, "Download these rows as CSV"));
  assert.equal(file.text, ["rule,line,column,endLine,endColumn", "eqeqeq,5,11,5,13", "no-undef,3,22,3,25", ""].join("\r\n"));
});
