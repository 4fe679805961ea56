// Issue 50, the last round's misses: a CSV a shell printed among other lines, a CSV of events (its
// rows start with a time), JSON under a markdown heading, an image block's own facts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views", "matrix", "plot");
const render = resultRenderer(loaded);
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);
const renderText = (text) => render({ content: [{ type: "text", text }] });
const EVENTS = "ts,event,user\n2026-11-20T08:00:00Z,login,ada\n2026-11-20T08:05:00Z,logout,ada\n2026-11-20T08:07:00Z,login,alan\n";

test("a CSV of events is a table, not a log; a log whose lines hold commas stays a log", () => {
  const box = renderText(EVENTS);
  assert.deepEqual(texts(box, "th button"), ["Ts", "Event", "User"]);
  assert.deepEqual(texts(box, "th small"), ["20 Nov 2026 (UTC)"]); // the times' one day, once
  assert.equal(box.querySelectorAll("tbody tr").length, 3);
  const log = renderText("2026-11-20 08:00:00,123 INFO sync started\n2026-11-20 08:00:01,456 INFO sync, step 1\n2026-11-20 08:00:02,789 INFO done\n");
  assert.equal(log.querySelectorAll("table").length, 0);
  assert.ok(log.querySelector("pre.lines"));
});

test("a CSV a shell printed among a few lines: the lines as text, the CSV a table", () => {
  const box = renderText("$ cat events.csv\n" + EVENTS + "\nexit code: 0");
  assert.deepEqual(texts(box, "th button"), ["Ts", "Event", "User"]);
  assert.deepEqual(texts(box, "pre"), ["$ cat events.csv", "exit code: 0"]);
  assert.equal(renderText("one line\ntwo, three\nfour").querySelectorAll("table").length, 0); // no CSV in it
});

test("JSON under a markdown heading is that section's data", () => {
  const box = renderText('### Result\n{"total": 3, "items": ["a", "b"]}');
  assert.deepEqual(texts(box, "h5"), ["Result"]);
  assert.deepEqual(texts(box, "dt"), ["Total", "Items"]);
});

test("an image block's own facts (its size, colour space, page; in _meta too) show under it", () => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  const box = render({ content: [{ type: "image", data: png, mimeType: "image/png", page: 3, _meta: { width: 612, colorSpace: "DeviceRGB" }, annotations: { priority: 1 } }] });
  assert.ok(box.querySelector("img"));
  assert.deepEqual(texts(box, "dt"), ["Width", "Color space", "Page"]);
  assert.deepEqual(texts(box, "dd"), ["612", "DeviceRGB", "3"]);
  assert.equal(render({ content: [{ type: "image", data: png, mimeType: "image/png" }] }).querySelectorAll("dl").length, 0);
});

// pandoc's markdown of a document whose table markdown cannot hold (its documented output: an HTML
// table inside the markdown, cells holding paragraphs)
const PANDOC = "# Quarterly report\n\nRevenue grew in **every** region.\n\n<table>\n<colgroup>\n<col style=\"width: 50%\" />\n</colgroup>\n<thead>\n<tr class=\"header\">\n<th>Region</th>\n<th>Revenue</th>\n</tr>\n</thead>\n<tbody>\n<tr class=\"odd\">\n<td><p>North &amp; East</p></td>\n<td><p>12450.5</p></td>\n</tr>\n<tr class=\"even\">\n<td>West<br />coast</td>\n<td>9800</td>\n</tr>\n</tbody>\n</table>\n\nPrepared by Ada.";

test("HTML tables in a converter's markdown are tables, read by a strict reader (no document parsed)", () => {
  const box = renderText(PANDOC);
  assert.deepEqual(texts(box, "h3"), ["Quarterly report"]);
  assert.deepEqual(texts(box, "th"), ["Region", "Revenue"]);
  assert.deepEqual(Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td")), [["North & East", "12,451"], ["West\ncoast", "9,800"]]); // revenue is money: whole, exact in its title; grouped alike in its column
  assert.ok(texts(box, "p").includes("Prepared by Ada."));
  assert.equal(box.querySelectorAll("col, colgroup, tbody p").length, 0);
  // a text holding a table, not markdown: its table and its text
  const plain = renderText("Sheet 1 of 2\n<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>&#x41;&lt;&#66;</td></tr></table>\nend");
  assert.deepEqual(Array.from(plain.querySelectorAll("tbody tr"), (tr) => texts(tr, "td")), [["1", "A<B"]]);
  assert.deepEqual(texts(plain, "pre.text-block"), ["Sheet 1 of 2", "end"]);
  // unclosed tags and comments end, and nothing runs
  const broken = renderText("<table><tr><td>x<!-- <td>not a cell</td>\n<tr><td a=\"<b>\">y");
  assert.deepEqual(Array.from(broken.querySelectorAll("tbody tr"), (tr) => texts(tr, "td")), [["x"]]);
});

test("two fields holding the same data show it once, under the first name, the other named beside it", () => {
  const outputs = ["3 regions\n", "**East** leads with 13,002.25", "1021.75"];
  const box = render({ content: [], structuredContent: { kind: "cell.insert_execute", result: outputs, outputs: [...outputs], count: 3, again: { a: [1, 2] }, copy: { a: [1, 2] }, other: { a: [1, 3] } } });
  assert.deepEqual(texts(box, "h3"), ["Again also sent as Copy", "Other"]);
  assert.deepEqual(texts(box, "dt"), ["Kind", "Result also sent as Outputs", "Count", "A", "A"]); // a short list inline, once; again.a, other.a (a count of a list shown inline stays in its place)
  assert.equal(box.textContent.split("East").length, 2, "the outputs' text once");
  const scalars = render({ content: [], structuredContent: { name: "x", label: "x", on: true, up: true } });
  assert.deepEqual(texts(scalars, "dt"), ["Name", "Label", "On", "Up"]); // equal scalars are facts of their own
  const three = render({ content: [], structuredContent: { a: ["x\n", "y"], b: ["x\n", "y"], c: ["x\n", "y"] } });
  assert.deepEqual(texts(three, "h3"), ["A also sent as B, C"]);
  // the same text as a string, a list of that one string, or its lines: once, as a text of its own
  const text = "Traceback (most recent call last):\n  File \"x.py\", line 1\nZeroDivisionError: division by zero";
  const texts3 = render({ content: [], structuredContent: { text_outputs: [text], formatted_output: text, error_message: text, lines: text.split("\n").map((line, i, all) => i < all.length - 1 ? line + "\n" : line), note: "one line" } });
  assert.deepEqual(texts(texts3, "h3"), ["Text outputs also sent as Formatted output, Error message, Lines"]);
  assert.equal(texts3.textContent.split("ZeroDivisionError").length, 2, "the text once");
  assert.equal(texts3.querySelectorAll("li").length, 0, "a list of one text is that text, not a list");
});
