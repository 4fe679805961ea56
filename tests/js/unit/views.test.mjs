// The result views (views.js): the formatters (numbers, dates, keys as headings, the format a
// value looks like, ids, links) and the views built from the data's shape (tables, grids,
// trees, folds, key-value records, content blocks), on values and results that real servers
// sent (fixtures/field/), loaded from the shipped views.min.js into a linkedom DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views");
const { CU, document, Event } = loaded;
const V = CU.views;
// linkedom does not reflect <details open> as the element's open property (browsers do, and the
// views read it to fill a fold when it opens): the property as the HTML standard defines it.
const detailsProto = Object.getPrototypeOf(document.createElement("details"));
if (!("open" in detailsProto)) {
  Object.defineProperty(detailsProto, "open", {
    get() { return this.hasAttribute("open"); },
    set(value) { this.toggleAttribute("open", !!value); },
  });
}
const FIELD = new URL("../../../fixtures/field/", import.meta.url);

/** A recorded tools/call result. */
const fieldResult = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, FIELD), "utf8")).result;
/** A result rendered into a fresh box (en-GB, links opened by the host unless told). */
const render = resultRenderer(loaded);
const renderData = (data, options) => render({ content: [], structuredContent: data }, options);
const withLocale = (locale) => render({ content: [] }, { locale });
// Values made in the views' context (another realm) compared as plain JSON.
const plain = (value) => JSON.parse(JSON.stringify(value));
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);
const headers = (box) => texts(box, "th");
const rows = (box) => Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td"));
const click = (node) => node.dispatchEvent(new Event("click", { cancelable: true, bubbles: true }));
/** A node or a string (what val() returns) as its text. */
const shown = (value) => (typeof value === "string" ? value : value.textContent);

// ------------------------------------------------------------------ numbers

test("num: grouped from 10 000 only (min2), every digit kept", () => {
  withLocale("en-GB");
  assert.equal(V.formatNumber(709037), "709,037"); // a population (filesystem CSV)
  assert.equal(V.formatNumber(1040), "1040"); // a year founded: four digits stay whole
  assert.equal(V.formatNumber(1137.5), "1137.5"); // a revenue (sqlite read_query)
  assert.equal(V.formatNumber(12450.25), "12,450.25");
  assert.equal(V.formatNumber(17.142857142857), "17.142857142857"); // calc statistics' mean: never rounded
  assert.equal(V.formatNumber(0.1 + 0.2), "0.30000000000000004");
  assert.equal(V.formatNumber(-6), "-6");
  assert.equal(V.formatNumber(0), "0");
});

test("num: in English, the text Intl writes, without building Intl's formatter", () => {
  // views.js writes English numbers itself (the first Intl formatter costs a fresh frame ~20 ms):
  // held to Intl on integers, fractions, every magnitude from 1e-6 to 1e15, both signs, -0.
  const values = [0, -0, 1, -1, 9999, 10000, -10000, 1040, 709037, 1137.5, 12450.25, 0.1 + 0.2, 1 / 3, 2 / 3 * 1e-5,
    0.000001, 999999999999999, -123456789.123456789, 1e14 + 0.5, 17.142857142857];
  let seed = 42;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** (Math.floor(random() * 21) - 6);
    const value = (random() < 0.5 ? -1 : 1) * random() * magnitude;
    values.push(value, Math.round(value), Number(value.toFixed(Math.floor(random() * 8))));
  }
  for (const locale of ["en", "en-US", "en-GB"]) {
    withLocale(locale);
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 20, useGrouping: "min2" });
    for (const value of values) {
      if (Math.abs(value) < 1e15 && (!value || Math.abs(value) >= 1e-6)) assert.equal(V.formatNumber(value), intl.format(value), `${locale} ${value}`);
    }
  }
  withLocale("en-GB");
});

test("num: ids, years, codes, ports and pids are never grouped", () => {
  withLocale("en-GB");
  for (const key of ["id", "user_id", "ID", "year", "fiscal-year", "zip", "port", "pid", "code", "number", "no", "invoiceId"]) {
    assert.equal(V.formatNumber(1795162500, key), "1795162500", key);
  }
  assert.equal(V.formatNumber(1795162500, "size"), "1,795,162,500");
  for (const key of ["paid", "valid", "amountPaid", "void"]) { // words that end in "id" are no ids
    assert.equal(V.formatNumber(1250000, key), "1,250,000", key);
  }
  assert.equal(V.formatNumber(1795162500.5, "id"), "1,795,162,500.5"); // only whole ids
});

test("num: past 1e15 and below 1e-6 as JavaScript writes them", () => {
  withLocale("en-GB");
  assert.equal(V.formatNumber(1e15), "1000000000000000");
  assert.equal(V.formatNumber(2 ** 53 + 2), "9007199254740994");
  assert.equal(V.formatNumber(1e-7), "1e-7");
  assert.equal(V.formatNumber(0.000001), "0.000001");
});

test("num: the host's locale", () => {
  withLocale("de-DE");
  assert.equal(V.formatNumber(709037), "709.037");
  assert.equal(V.formatNumber(1137.5), "1137,5");
  withLocale("fr-FR");
  assert.equal(V.formatNumber(12450.25).replace(/\s/g, " "), "12 450,25");
  withLocale("en-GB");
});

// ------------------------------------------------------------------ dates

test("date: a time keeps its own zone, never the viewer's (time convert_time)", () => {
  withLocale("en-GB");
  assert.equal(V.formatDate("2026-11-23T14:30:00+01:00"), "23 Nov 2026, 14:30 (UTC+01:00)");
  assert.equal(V.formatDate("2026-11-23T08:30:00-05:00"), "23 Nov 2026, 08:30 (UTC-05:00)");
  assert.equal(V.formatDate("2026-11-23T19:00:00+05:30"), "23 Nov 2026, 19:00 (UTC+05:30)"); // Kolkata
  assert.equal(V.formatDate("2026-11-23T10:00:00+0530"), "23 Nov 2026, 10:00 (UTC+05:30)");
});

test("date: UTC said once; seconds only when there are some; no zone: as written", () => {
  withLocale("en-GB");
  assert.equal(V.formatDate("2026-11-23T10:00:00Z"), "23 Nov 2026, 10:00 (UTC)");
  assert.equal(V.formatDate("2026-11-23T10:00:00+00:00"), "23 Nov 2026, 10:00 (UTC)");
  assert.equal(V.formatDate("2026-11-23T12:34:31+01:00"), "23 Nov 2026, 12:34:31 (UTC+01:00)"); // time get_current_time
  // a time's fraction of a second is kept as written: never less precise than the data
  assert.equal(V.formatDate("2026-11-23T12:34:31.123456+01:00"), "23 Nov 2026, 12:34:31.123456 (UTC+01:00)");
  assert.equal(V.formatDate("2026-11-23T12:34:00.5Z"), "23 Nov 2026, 12:34:00.5 (UTC)");
  assert.equal(V.formatDate("2026-11-20 09:15:00"), "20 Nov 2026, 09:15");
});

test("date: a date is a date; format date shows only the date of a date-time", () => {
  withLocale("en-GB");
  assert.equal(V.formatDate("2026-11-23"), "23 Nov 2026");
  assert.equal(V.formatDate("2026-11-23T14:30:00+01:00", "date"), "23 Nov 2026");
  withLocale("en-US");
  assert.equal(V.formatDate("2026-11-23T14:30:00+01:00"), "Nov 23, 2026, 2:30 PM (UTC+01:00)");
  withLocale("en-GB");
});

test("a column of times of one day writes the day once, under its heading, and each row its time", () => {
  const steps = ["2026-11-20T07:45:00Z", "2026-11-20T07:46:00Z", "2026-11-20T08:15:30.25Z"];
  const box = renderData({ points: steps.map((time, i) => ({ time, ms: 40 + i })) });
  assert.deepEqual(rows(box).map((row) => row[0]), ["07:45", "07:46", "08:15:30.25"]); // seconds where there are some, as in any time
  assert.deepEqual(texts(box, "th small"), ["20 Nov 2026 (UTC)"]);
  assert.deepEqual(Array.from(box.querySelectorAll("td time"), (t) => t.getAttribute("title")), steps); // the exact value
  // one offset (not UTC) is said under the heading; a time without a zone is as written
  const local = renderData({ log: [{ at: "2026-11-20T09:00:00+01:00" }, { at: "2026-11-20T21:05:00+0100" }] });
  assert.deepEqual([texts(local, "th small"), rows(local).flat()], [["20 Nov 2026 (UTC+01:00)"], ["09:00", "21:05"]]);
  assert.deepEqual(texts(renderData({ log: [{ at: "2026-11-20T09:00" }, { at: "2026-11-20T10:00" }] }), "th small"), ["20 Nov 2026"]);
  // a database's timestamps (a space for the T) are times too
  const db = renderData({ log: [{ at: "2026-11-20 09:15:00+01:00" }, { at: "2026-11-20 10:15:00+01:00" }] });
  assert.deepEqual([texts(db, "th small"), rows(db).flat()], [["20 Nov 2026 (UTC+01:00)"], ["09:15", "10:15"]]);
  assert.deepEqual(rows(renderData({ log: [{ at: "2026-11-20 08:15:00", n: 1 }, { at: "2026-11-21 08:15:00", n: 2 }] })).map((row) => row[0]), ["20 Nov 2026, 08:15", "21 Nov 2026, 08:15"]);
  // two days, two zones, a date without a time, one time alone: each cell as before, its whole date and time
  for (const times of [["2026-11-20T23:00:00Z", "2026-11-21T01:00:00Z"], ["2026-11-20T09:00:00Z", "2026-11-20T10:00:00+01:00"],
    ["2026-11-20", "2026-11-20"], ["2026-11-20T09:00:00Z"]]) {
    const whole = renderData({ log: times.map((at) => ({ at, n: 1 })) });
    assert.deepEqual(texts(whole, "th small"), [], times.join());
    assert.ok(rows(whole).every((row) => /2026/.test(row[0])), rows(whole).join());
  }
});

test("date: anything else stays as it is", () => {
  for (const value of ["2026-Q1", "Mon Nov 23 2026 11:34:30 GMT+0000", "2026-11", "yesterday", "20261123"]) {
    assert.equal(V.formatDate(value), value);
  }
});

// ------------------------------------------------------------------ keys, formats, values

test("human: keys as headings", () => {
  const cases = {
    max_count: "Max count", isDst: "Is DST", is_dst: "Is DST", user_id: "User ID", cohort_size: "Cohort size",
    retained_pct: "Retained pct", HTTPStatus: "HTTP status", apiURL: "API URL", thoughtNumber: "Thought number",
    "last-modified": "Last modified", month3: "Month 3", "QUERY PLAN": "QUERY PLAN", "Node Type": "Node Type",
    "": "", "sales:": "sales:", C8: "C8", p95: "P95", id2: "ID2", cpu0: "CPU0", user_ids: "User IDs",
    userIDs: "User IDs", repoURLs: "Repo URLs", HTTPS: "HTTPS", dns: "DNS", os: "OS",
  };
  for (const [key, heading] of Object.entries(cases)) assert.equal(V.text.human(key), heading, key);
});

test("guess: what a value without a schema looks like", () => {
  const cases = [
    ["2026-11-23", "date"], ["2026-11-23T14:30:00+01:00", "date-time"], ["https://example.org/a?b=1", "uri"],
    ["9674a51c-39d4-4bb7-958e-22089ba13022", "uuid"], ["9674A51C-39D4-4BB7-958E-22089BA13022", "uuid"],
    ["2026-Q1", "text"], ["demo://resource/dynamic/blob/1", "text"], ["https://a b", "text"],
    [1815, "number"], [false, "boolean"], [null, "text"], [[1, 2], "json"], [{ a: 1 }, "json"],
  ];
  for (const [value, format] of cases) assert.equal(V.text.guess(value), format, JSON.stringify(value));
});

test("val: an id whole, a link through the host, a time with its zone", () => {
  withLocale("en-GB");
  const uuid = V.value("9674a51c-39d4-4bb7-958e-22089ba13022");
  assert.equal(uuid.className, "uuid");
  assert.equal(uuid.textContent, "9674a51c-39d4-4bb7-958e-22089ba13022");
  const box = render({ content: [] }, { openLinks: true });
  const link = V.value("https://example.org/docs");
  assert.equal(link.tagName, "A");
  click(link);
  assert.deepEqual(box.opened, ["https://example.org/docs"]);
  const time = V.value("2026-11-23T14:30:00+01:00");
  assert.equal(time.tagName, "TIME");
  assert.equal(time.getAttribute("datetime"), "2026-11-23T14:30:00+01:00");
  assert.equal(time.textContent, "23 Nov 2026, 14:30 (UTC+01:00)");
  render({ content: [] }, { openLinks: false });
  assert.equal(V.value("https://example.org/docs"), "https://example.org/docs"); // text, selectable
  assert.equal(V.value("javascript:alert(1)", "uri"), "javascript:alert(1)");
});

test("val: yes/no, enums by their labels, numbers by their key, null and missing", () => {
  withLocale("en-GB");
  assert.equal(V.value(true).className, "yn yn-true");
  assert.equal(V.value(false).textContent, "No");
  const tag = V.value("in_progress", "enum", [{ value: "in_progress", label: "In progress" }]);
  assert.equal(tag.className, "tag tag-in_progress");
  assert.equal(tag.textContent, "In progress");
  assert.equal(V.value(20260, "integer", null, "year"), "20260");
  assert.equal(shown(V.value(20260)), "20,260");
  assert.equal(V.value(20260).title, "20260"); // a number written otherwise keeps its exact self in reach
  assert.equal(V.value(null).textContent, "null");
  assert.equal(V.value(undefined).textContent, "—");
  assert.equal(shown(V.value("two\nlines")), "two\nlines");
});

test("val: short lists inline; past six, five and a control for the rest", () => {
  withLocale("en-GB");
  assert.equal(shown(V.value([72.5, 73.5, 74.5])), "72.5, 73.5, 74.5");
  assert.equal(shown(V.value([])), "none");
  const fib = [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]; // math fibonacci_sequence
  const line = V.value(fib);
  assert.equal(line.textContent, "0, 1, 1, 2, 3 +7 more");
  click(line.querySelector("button"));
  assert.equal(line.textContent, fib.join(", "));
  assert.equal(line.querySelectorAll("button").length, 0);
});

test("val: nested values fold; small ones show open", () => {
  const small = V.value({ a: 1, b: 2 });
  assert.equal(small.tagName, "DETAILS");
  assert.equal(small.querySelector("summary").textContent, "2 fields");
  assert.ok(small.hasAttribute("open"));
  const big = V.value(Array.from({ length: 8 }, (x, i) => ({ i })));
  assert.equal(big.querySelector("summary").textContent, "8 items");
  assert.ok(!big.hasAttribute("open"));
  assert.equal(big.children.length, 1); // built on first open
});

test("img: only a well-formed base64 image becomes an <img>", () => {
  const image = fieldResult("everything__get-tiny-image").content[1];
  const img = V.image(image.data, image.mimeType);
  assert.equal(img.tagName, "IMG");
  assert.ok(img.getAttribute("src").startsWith("data:image/png;base64,iVBORw0KGgo"));
  assert.equal(V.image("not base64!").tagName, "SPAN");
  assert.equal(V.image("data:image/svg+xml;base64,PHN2Zz4=").tagName, "IMG");
  assert.equal(V.image("data:text/html;base64,PGI+").tagName, "SPAN");
});

test("at: JSON Pointer lookup", () => {
  const data = { "a/b": { "c~d": [10, 20] } };
  assert.equal(V.at(data, "/a~1b/c~0d/1"), 20);
  assert.equal(V.at(data, "/a~1b/missing"), undefined);
  assert.equal(V.at(data, ""), data);
  assert.equal(V.at(null, "/x"), undefined);
});

// ------------------------------------------------------------------ views from the data's shape

test("records: nested records are blocks headed by their keys (time convert_time)", () => {
  const box = render(fieldResult("time__convert_time"));
  assert.deepEqual(texts(box, "h3"), ["Source", "Target"]);
  assert.ok(box.textContent.includes("23 Nov 2026, 14:30 (UTC+01:00)"));
  assert.ok(box.textContent.includes("23 Nov 2026, 08:30 (UTC-05:00)"));
  assert.ok(texts(box, "dt").includes("Is DST"));
  assert.equal(box.querySelectorAll("pre").length, 0); // the JSON text block is the data again: not shown
});

test("records: the content's copy of the data is not shown twice; other text is", () => {
  const weather = render(fieldResult("everything__get-structured-content"));
  // its two numbers lead, as the headline's tiles; the rest is the record below them
  assert.deepEqual(texts(weather, ".tile-k"), ["Temperature", "Humidity"]);
  assert.deepEqual(texts(weather, "dt"), ["Conditions"]);
  assert.equal(weather.querySelectorAll("pre").length, 0);
  const keys = render(fieldResult("redis__scan_all_keys")); // one text block per string of the data
  assert.equal(keys.querySelector("dd").textContent, "tags, visits:2026-11-23, queue:jobs, user:2, greeting +3 more");
  assert.equal(keys.textContent.split("greeting").length, 2); // once
  assert.equal(keys.querySelectorAll("pre").length, 0);
  const other = render({ content: [{ type: "text", text: "Query execution time: 47.75 ms" }], structuredContent: { rows: 1 } });
  assert.ok(other.textContent.includes("Query execution time: 47.75 ms"));
  const py = render({ content: [{ type: "text", text: "[('Alan', 88.0), ('Ada', 92.5)]" }], structuredContent: { result: [["Alan", 88], ["Ada", 92.5]] } });
  assert.equal(py.querySelectorAll("table").length, 1); // the Python repr of the data is the data again
});

test("tables: records are rows, columns the union of their keys", () => {
  const box = renderData(JSON.parse(fieldResult("postgres__query").content[0].text));
  assert.deepEqual(headers(box), ["ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  const table = box.querySelector(".tbl");
  assert.equal(table.rows.length, rows(box).length);
  assert.deepEqual(Array.from(table.cols, (c) => c.pointer), ["/id", "/region", "/product", "/quarter", "/revenue", "/units"]);
  assert.ok(box.querySelector("th.num") && box.querySelectorAll("td.num").length > 0);
});

test("tables: sort by a column, filter by text, a page at a time", () => {
  withLocale("en-GB");
  const data = Array.from({ length: 250 }, (x, i) => ({ name: `task-${i}`, score: (i * 37) % 101 }));
  const box = renderData(data);
  assert.equal(rows(box).length, 100);
  assert.equal(box.querySelector(".pager .muted").textContent, "1–100 of 250");
  const [prev, next] = box.querySelectorAll(".pager button");
  click(next);
  assert.equal(box.querySelector(".pager .muted").textContent, "101–200 of 250");
  assert.ok(!prev.disabled);
  const scoreHeader = box.querySelectorAll("th")[1];
  click(scoreHeader.querySelector("button"));
  assert.equal(scoreHeader.getAttribute("aria-sort"), "ascending");
  assert.equal(rows(box)[0][1], "0");
  click(scoreHeader.querySelector("button"));
  assert.equal(scoreHeader.getAttribute("aria-sort"), "descending");
  assert.equal(rows(box)[0][1], "100");
  const filter = box.querySelector("input.filter");
  filter.value = "task-24";
  filter.dispatchEvent(new Event("input"));
  assert.deepEqual(rows(box).map((r) => r[0]).sort(), ["task-24", "task-240", "task-241", "task-242", "task-243", "task-244", "task-245", "task-246", "task-247", "task-248", "task-249"]);
  assert.equal(box.querySelector(".pager .muted").textContent, "11 rows");
  assert.ok(!box.querySelector(".pager").hasAttribute("hidden"));
});

test("tables: five rows or fewer say no count under them; six do", () => {
  const rowsOf = (n) => Array.from({ length: n }, (x, i) => ({ id: "task-" + i, score: i * 3 }));
  assert.ok(renderData(rowsOf(5)).querySelector(".pager").hasAttribute("hidden"));
  const six = renderData(rowsOf(6)).querySelector(".pager");
  assert.ok(!six.hasAttribute("hidden"));
  assert.equal(six.querySelector(".muted").textContent, "6 rows");
  // pages of fewer rows than five: the pager stays, else rows would be out of reach
  const paged = V.table([1, 2, 3, 4, 5].map((n) => ({ n })), V.columnsOf([{ n: 1 }]), 2);
  assert.ok(!paged.querySelector(".pager").hasAttribute("hidden"));
});

test("tables: a group of columns is headed over its own columns, an empty cell over the ones before it", () => {
  const box = renderData({ history: Array.from({ length: 3 }, (x, i) => ({ month: "2026-0" + (i + 1), allocations: { search: 40 + i, social: 60 - i } })) });
  const [groups, names] = Array.from(box.querySelectorAll("thead tr"));
  assert.deepEqual(Array.from(groups.children, (th) => [th.textContent, th.getAttribute("colspan")]), [["", "1"], ["Allocations", "2"]]);
  assert.deepEqual(Array.from(names.children, (th) => th.textContent), ["Month", "Search", "Social"]);
});

test("tables: short tokens never break inside a cell; longer text wraps", () => {
  const box = renderData([{ id: "task-3", note: "a longer note that wraps between words", at: "2026-11-23T14:30:00+01:00" }, { id: "task-4", note: "x", at: "2026-11-24" }]);
  const cells = box.querySelectorAll("tbody tr")[0].querySelectorAll("td");
  assert.equal(cells[0].className, "nw");
  assert.ok(!cells[1].hasAttribute("class"));
  assert.equal(cells[2].className, "nw");
});

test("grids: a first row of distinct names over rows of values is the header (excel read_range)", () => {
  const box = render(fieldResult("excel__read_range"));
  assert.deepEqual(headers(box), ["ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  assert.equal(rows(box).length, 12);
  assert.deepEqual(rows(box)[0], ["1", "North", "Widget", "2026-Q1", "1191.50", "12"]); // revenue: money
  const numbers = renderData([[1, 2], [3, 4]]); // no header row: columns 1, 2, …
  assert.deepEqual(headers(numbers), ["Column 1", "Column 2"]);
  assert.equal(rows(numbers).length, 2);
  const words = renderData([["a", "b"], ["c", "d"]]); // all strings: no header either
  assert.deepEqual(headers(words), ["Column 1", "Column 2"]);
});

test("trees: a record holding a list of records like itself (postgres EXPLAIN, a directory tree)", () => {
  const plan = render(fieldResult("postgres__query__explain"));
  const nodes = plan.querySelectorAll("details.tree");
  assert.ok(nodes.length >= 3);
  const summaries = texts(plan, "details.tree > summary");
  assert.ok(summaries.includes("Sort") && summaries.includes("Hash Join"), summaries.join(" | "));
  assert.ok(!plan.textContent.includes("null"));
  const files = render(fieldResult("filesystem__directory_tree"));
  // a node's name and its kind on one line, nothing repeated below; a file (a leaf) is that line, nothing to open
  const names = texts(files, "details.tree > summary");
  assert.deepEqual(names, ["docs \u00b7 directory", "src \u00b7 directory", "pkg \u00b7 directory"]);
  const docs = Array.from(files.querySelectorAll("details.tree")).find((d) => d.querySelector("summary").textContent === "docs \u00b7 directory");
  assert.deepEqual(texts(docs, ":scope > .kids > .leaf"), ["README.md \u00b7 file"]);
  assert.equal(docs.querySelector("dl"), null);
  assert.equal(texts(files, ".leaf").length, 6);
});

test("lists: scalars as a list, 200 at a time", () => {
  const box = renderData(Array.from({ length: 250 }, (x, i) => `key:${i}`));
  assert.equal(box.querySelectorAll("li").length, 200);
  const more = box.querySelector(".list + button");
  assert.equal(more.textContent, "Show more (50)");
  click(more);
  assert.equal(box.querySelectorAll("li").length, 250);
  assert.ok(more.hidden);
});

test("a single value is a metric; a string is a text view", () => {
  withLocale("en-GB");
  const metric = renderData(13003);
  assert.equal(metric.querySelector(".metric").textContent, "13,003");
  const text = renderData("hello field");
  assert.equal(text.textContent, "hello field");
});

// ------------------------------------------------------------------ content blocks

test("content blocks: images, resource links, embedded resources", () => {
  const image = render(fieldResult("everything__get-tiny-image"));
  assert.equal(image.querySelectorAll("img.block-img").length, 1);
  assert.ok(image.textContent.includes("The image above is the MCP logo."));
  const links = render(fieldResult("everything__get-resource-links"));
  const resources = links.querySelectorAll(".res");
  assert.equal(resources.length, 2);
  assert.ok(resources[0].textContent.includes("Blob Resource 1 (demo://resource/dynamic/blob/1)")); // not http: text
  assert.equal(resources[0].querySelector(".muted").textContent, "Resource 1: plaintext resource");
  const embedded = render({ content: [
    { type: "resource", resource: { uri: "file:///a.json", mimeType: "application/json", text: "{\"a\": 1}" } },
    { type: "resource", resource: { uri: "file:///notes.md", mimeType: "text/markdown", text: "# Notes\n\n**bold** and `code`" } },
    { type: "resource", resource: { uri: "file:///data.bin", mimeType: "application/octet-stream", blob: "AAECAw==" } },
  ] });
  const [json, md, bin] = embedded.querySelectorAll(".res");
  assert.equal(json.querySelector(".muted").textContent, "file:///a.json · application/json");
  assert.deepEqual(texts(json, "dt"), ["A"]);
  assert.equal(md.querySelector("h3").textContent, "Notes");
  assert.equal(bin.querySelector("button").textContent.startsWith("Download data.bin"), true);
});

test("content blocks: audio only as well-formed base64 of an audio type; anything else as JSON", () => {
  const box = render({ content: [
    { type: "audio", mimeType: "audio/wav", data: "UklGRg==" },
    { type: "audio", mimeType: "text/html", data: "PGI+" },
    { type: "video", data: "x" },
  ] });
  assert.equal(box.querySelectorAll("audio").length, 1);
  assert.equal(box.querySelector("audio").getAttribute("src"), "data:audio/wav;base64,UklGRg==");
  assert.ok(box.textContent.includes("PGI+"));
  assert.equal(JSON.parse(box.querySelector("pre.json").textContent).type, "video");
});

test("kv: a schema's fields in order, each by its format; nested records set in to four levels", () => {
  withLocale("en-GB");
  const record = { when: "2026-11-25T14:00:00+01:00", state: "open", extra: "not a field" };
  const fields = [
    { pointer: "/state", label: "State", format: "enum", options: [{ value: "open", label: "Open" }] },
    { pointer: "/when", label: "When", format: "date" },
  ];
  const box = V.keyValue(record, fields);
  assert.deepEqual(texts(box, "dt"), ["State", "When"]);
  assert.deepEqual(texts(box, "dd"), ["Open", "25 Nov 2026"]);
  const config = { server: { http: { tls: { cert: { path: "/etc/cert.pem", key: "/etc/key.pem" } } } } };
  const nested = V.keyValue(config, [], 0);
  assert.deepEqual(texts(nested, "h3"), ["Server", "HTTP", "Tls", "Cert"]);
  assert.equal(nested.querySelectorAll(".view.nest").length, 2); // the levels past the second are set in
  // a record of one short value is a fact under its parent's name, the unit its value writes not said twice
  const uptime = V.keyValue({ uptime: { seconds: 640.47 }, host: { name: "vm" } }, [], 0);
  assert.deepEqual(texts(uptime, "h3"), []);
  assert.deepEqual(texts(uptime, "dt"), ["Uptime", "Host name"]);
  assert.equal(uptime.querySelector("dt span[title]").title, "Uptime seconds");
  assert.deepEqual(texts(uptime, "dd"), ["10 min 40 s", "vm"]);
});

test("kv: a top-level key the result's heading names adds no second heading; a nested one keeps its", () => {
  // Prometheus's instant query: {resultType, result: [...]} under the section's own "Result"
  const box = renderData(fieldResult("prometheus__execute_query").structuredContent);
  const heads = Array.from(box.querySelectorAll("h3"));
  assert.deepEqual(heads.map((h) => [h.textContent, h.hidden]), [["Result", true]]);
  assert.ok(heads[0].nextElementSibling, "the block under it is drawn");
  const nested = V.keyValue({ job: { result: { ok: "yes", code: 0 }, note: "x\ny" } }, [], 0);
  assert.deepEqual(Array.from(nested.querySelectorAll("h3"), (h) => [h.textContent, h.hidden]),
    [["Job", false], ["Result", false], ["Note", false]]);
});

test("kv: an instant in epoch seconds is drawn as the time it is, the number in its title", () => {
  const box = renderData(fieldResult("tree-sitter__get_file_metadata").structuredContent);
  const times = Array.from(box.querySelectorAll("dd time"), (t) => [t.textContent, t.getAttribute("title"), t.getAttribute("datetime")]);
  assert.deepEqual(times, [
    ["20 Nov 2026, 08:15 (UTC)", "1795162500", "2026-11-20T08:15:00.000Z"],
    ["25 Nov 2026, 07:23:05.004 (UTC)", "1795591385.0042143", "2026-11-25T07:23:05.004Z"],
  ]);
  assert.ok(!box.querySelector(".tiles"), "instants are no headline");
});

test("a text that is one number is that number, with the precision it needs; others stay text", () => {
  // mcp-server-calculator's division, wrapped by the SDK as {"result": "341.3333333333333"}: the
  // page's view of /result (compiler/compile/outputs.py) is the views' own of that text
  const metric = V.autoView(fieldResult("calculator__calculate__division").structuredContent.result).querySelector(".metric span");
  assert.deepEqual([metric.textContent, metric.getAttribute("title")], ["341.333", "341.3333333333333"]);
  assert.equal(V.autoView(" -42\n").textContent, "-42");
  for (const text of ["007", "1.50", "1e5", "12345678901234567890", "- 3", "3 apples"]) {
    assert.equal(V.autoView(text).querySelector(".metric"), null, text);
  }
});

test("table: a column of instants in epoch seconds on one day says the day once, each row its time", () => {
  // git-node's git_log: two commits' timestamps, 1795162500 each
  const box = render(fieldResult("git-node__git_log"));
  assert.ok(headers(box).includes("Timestamp20 Nov 2026 (UTC)"));
  assert.deepEqual(Array.from(box.querySelectorAll("td time"), (t) => [t.textContent, t.getAttribute("title")]), [["08:15", "1795162500"], ["08:15", "1795162500"]]);
  const two = V.table([{ updated: 1795162500 }, { updated: 1795262500 }], V.columnsOf([{ updated: 1 }]), 10);
  assert.deepEqual(texts(two, "td time"), ["20 Nov 2026, 08:15 (UTC)", "21 Nov 2026, 12:01:40 (UTC)"]); // two days: each its own
});

test("a span told in several units (calc's date diff): each a count of its unit, not a duration in others", () => {
  const span = JSON.parse(fieldResult("calc__date").content[0].text); // years, months, days, hours, minutes
  assert.deepEqual(["hours", "minutes"].map((key) => V.look(key, [span[key]], span).f), ["number", "number"]);
  const box = render(fieldResult("calc__date"));
  assert.deepEqual(texts(box, ".tile-v"), ["0", "10", "328", "7872", "472K"]);
  // one unit alone (system-monitor's uptime.seconds) is a duration still
  assert.equal(V.look("seconds", [640.47], { seconds: 640.47 }).f, "duration");
  assert.equal(V.look("seconds", [640.47], { seconds: 640.47, since: "boot" }).f, "duration");
});

test("a conversion's amount is in the unit it is from, its result in the one it is to; exact values in titles", () => {
  // calc's convert: {value: 42.195, from: "km", to: "mi", result: 26.218757, category: "length"}
  const box = render(fieldResult("calc__convert"));
  assert.deepEqual(texts(box, ".tile-v"), ["42.195 km", "26.219 mi"]);
  assert.deepEqual(Array.from(box.querySelectorAll(".tile-v [title]"), (span) => span.getAttribute("title")), ["42.195", "26.218757"]);
  const money = { amount: 100, from: "USD", to: "EUR", result: 92.4, rate: 0.924 }, P = CU.present;
  assert.deepEqual(["amount", "result"].map((key) => P.text(money[key], V.look(key, [money[key]], money))), ["$100", "€92.40"]);
  // examples/unit_converter.py's Conversion: {value, unit, converted, to}; a measure: its value in its unit
  const example = { value: 5, unit: "km", converted: 3.106856, to: "mi" };
  assert.deepEqual(["value", "converted"].map((key) => P.text(example[key], V.look(key, [example[key]], example))), ["5 km", "3.107 mi"]); // (three decimals at most, exact in the title)
  assert.equal(P.text(72.5, V.look("value", [72.5], { metric: "weight", value: 72.5, unit: "kg" })), "72.5 kg");
  assert.equal(V.look("amount", [50], { from: "alice", amount: 50 }).u, ""); // a sender is no unit
  // not a conversion: a transfer (no result), dates from and to (digits), a table whose rows differ
  assert.equal(V.look("amount", [50], { from: "alice", to: "bob", amount: 50 }).u, "");
  assert.equal(V.look("result", [3], { from: "2026-01-01", to: "2026-02-01", value: 1, result: 3 }).u, "");
  const rows = [{ value: 1, from: "km", to: "mi", result: 0.62 }, { value: 1, from: "kg", to: "lb", result: 2.2 }];
  assert.deepEqual(texts(V.table(rows, V.columnsOf(rows), 10), "td.num"), ["1", "0.62", "1", "2.20"]);
  const same = [{ value: 1, from: "km", to: "mi", result: 0.62 }, { value: 2, from: "km", to: "mi", result: 1.24 }];
  assert.deepEqual(texts(V.table(same, V.columnsOf(same), 10), "td.num"), ["1 km", "0.62 mi", "2 km", "1.24 mi"]);
  // rows converting between other currencies: no row's currency on all of them
  const trades = [{ amount: 100, from: "USD", to: "EUR", result: 92.4 }, { amount: 100, from: "GBP", to: "USD", result: 127 }];
  const traded = texts(V.table(trades, V.columnsOf(trades), 10), "td.num");
  assert.equal(traded.length, 4);
  assert.ok(traded.every((cell) => !/[$€£]|EUR|USD|GBP/.test(cell)), traded.join(" | "));
  // a format the spec gives the key wins over the unit the record names
  const given = document.createElement("div"), spec = { type: "ResultView", props: { source: "content", present: { formats: [{ field: "/result", format: "number" }] } } };
  V.render(given, { content: [{ type: "text", text: JSON.stringify({ value: 42.195, from: "km", to: "mi", result: 26.218757 }) }] }, spec, { caps: {}, hostContext: { locale: "en-GB" } });
  assert.deepEqual(texts(given, ".tile-v"), ["42.195 km", "26.219"]);
});

test("a record's fields are looked at without reading the record again for each (a big map is linear)", () => {
  let reads = 0;
  const fields = Object.fromEntries(Array.from({ length: 300 }, (unused, i) => [`field_${i}`, i * 1.5]));
  const record = new Proxy(fields, { ownKeys: (target) => { reads++; return Reflect.ownKeys(target); } });
  for (const key of Object.keys(fields)) V.look(key, [fields[key]], record);
  assert.ok(reads <= 2, `${reads} reads of the record's keys for 300 fields`);
});

test("a PDF's date is the time it is, its text in the title; an empty text and an empty list say so", () => {
  // pdf-reader's read_pdf: the document's info, as pdf.js reads it
  const info = JSON.parse(fieldResult("pdf-reader__read_pdf").content[0].text).results[0].data.info;
  assert.equal(info.CreationDate, "D:20261120091500+01'00'");
  const created = V.value(info.CreationDate);
  assert.deepEqual([created.textContent, created.title, created.getAttribute("datetime")], ["20 Nov 2026, 09:15 (UTC+01:00)", info.CreationDate, "2026-11-20T09:15:00+01:00"]);
  assert.deepEqual(["D:20261120091530Z", "D:202611200915"].map((d) => V.value(d).textContent), ["20 Nov 2026, 09:15:30 (UTC)", "20 Nov 2026, 09:15"]);
  for (const text of ["D:2026", "D:20261120", "D:20261120091500+01", "d:20261120091500"]) {
    const node = V.value(text);
    assert.ok(shown(node) === text && node.localName !== "time", text);
  }
  // python-pptx's core properties: a title never set is "", drawn as nothing there
  assert.deepEqual([V.value("").textContent, V.value("").className], ["—", "muted"]);
  // sequential-thinking's branches (its output schema's list of strings): none yet
  const none = V.list([], "text", "branches");
  assert.deepEqual([none.textContent, none.querySelector(".muted") !== null], ["none", true]);
});

test("table: git hashes show short, whole in their title; their short copy and columns no row fills go", () => {
  // git-node's git_log: hash and shortHash of each commit, its parents' hashes
  const box = render(fieldResult("git-node__git_log"));
  assert.ok(!headers(box).includes("Short hash") && headers(box).includes("Hash") && headers(box).includes("Parents"));
  const codes = Array.from(box.querySelectorAll("td code.hash"), (c) => [c.firstChild.textContent, c.title, c.textContent === c.title]);
  assert.deepEqual(codes, [
    ["6ff8abe", "6ff8abec310979fe5b4791bff0ca0a8da87d05f6", true],
    ["dd756c1", "dd756c1ae814594ded945cbadd0a2363e7ba1f14", true], // the parent of the first
    ["dd756c1", "dd756c1ae814594ded945cbadd0a2363e7ba1f14", true],
  ]);
  const sha256 = "a".repeat(64), near = "b".repeat(39);
  const table = (data, keys) => V.table(data, V.columnsOf([Object.fromEntries(keys.map((k) => [k, 1]))]), 10);
  // a short hash git made longer (it was ambiguous) stays; a column no row has a value in goes
  const kept = table([{ id: sha256, short: "aaaaaaaa" }], ["id", "short", "body"]);
  assert.deepEqual(headers(kept), ["ID", "Short"]);
  assert.deepEqual(texts(kept, "td code.hash"), [sha256]);
  // not a hash: 39 digits, capitals, one that is not among others; an empty table keeps its heads
  for (const data of [[{ id: near }], [{ id: "A".repeat(40) }], [{ id: "a".repeat(40) }, { id: "text" }]]) {
    assert.equal(table(data, ["id"]).querySelector("code"), null);
  }
  assert.deepEqual(headers(table([], ["id", "short"])), ["ID", "Short"]);
});

test("a record of eight scalars at most folded in place shows open; a larger one, or records of five, closed", () => {
  // excel-mcp-server's find_cells: a sheet's matches by cell, five of them
  const sales = fieldResult("excel__find_cells").structuredContent.matches.Sales;
  const fold = V.value(sales);
  assert.deepEqual([fold.localName, fold.open, fold.querySelector("summary").textContent], ["details", true, "5 fields"]);
  const nine = Object.fromEntries(Array.from({ length: 9 }, (x, i) => ["C" + i, "Gizmo"]));
  assert.equal(V.value(nine).open, false);
  assert.equal(V.value([sales, sales]).open, false); // a table in a cell: records of four fields at most
});

test("table: a long heading (a series' labels) wraps as words, a short one stays on its line", () => {
  // Prometheus's range query at 380 px: two series named by their labels beside the time
  const box = V.table([{ time: "07:45", "Tromsø–Skjervøy · MF Fjord": 48.5 }], V.columnsOf([{ time: 1, "Tromsø–Skjervøy · MF Fjord": 1 }]), 10);
  assert.deepEqual(Array.from(box.querySelectorAll("th button"), (b) => [b.textContent, b.className]), [["Time", ""], ["Tromsø–Skjervøy · MF Fjord", "wr"]]);
});

test("a spec's date format on an instant in epoch seconds draws its day; instants lead no headline", () => {
  const draw = (data, present) => {
    const box = document.createElement("div");
    V.render(box, { content: [], structuredContent: data }, { props: { source: "content", present } }, { caps: {}, hostContext: { locale: "en-GB" }, openLink() {} });
    return box;
  };
  const times = (box) => Array.from(box.querySelectorAll("time"), (t) => [t.textContent, t.getAttribute("title")]);
  const box = draw({ when: 1795162500, updated: 1795162500, n: 1795162500 }, { formats: [{ field: "/when", format: "date" }] });
  assert.deepEqual(times(box), [["20 Nov 2026", "1795162500"], ["20 Nov 2026, 08:15 (UTC)", "1795162500"]]);
  assert.ok(!box.querySelector(".tiles") && box.textContent.includes("1,795,162,500"));
  // a headline the spec names draws an instant in it as the time it is
  const led = draw({ updated: 1795162500, total: 5 }, { headline: ["/updated", "/total"] });
  assert.deepEqual(times(led.querySelector(".tiles")), [["20 Nov 2026, 08:15 (UTC)", "1795162500"]]);
});

test("kv: without a depth (a typed KeyValue), nested values fold in place instead of blocks", () => {
  const record = { name: "Ada", skills: { maths: 5, logic: 4, compilers: 3 } };
  const typed = V.keyValue(record, []);
  assert.equal(typed.querySelectorAll("h3").length, 0);
  assert.equal(typed.querySelector("dd details summary").textContent, "3 fields");
  const shaped = V.keyValue(record, [], 0);
  assert.deepEqual(texts(shaped, "h3"), ["Skills"]);
});

test("cols: the union of the keys of the first 200 rows, each a pointer and a heading", () => {
  const columns = V.columnsOf([{ id: 1, "a/b": 2 }, { id: 2, created_at: "x" }]);
  assert.deepEqual(plain(columns.map((c) => [c.pointer, c.label, c.g])), [["/id", "ID", 1], ["/a~1b", "a/b", 1], ["/created_at", "Created at", 1]]);
  const late = Array.from({ length: 201 }, (x, i) => (i === 200 ? { id: i, late: 1 } : { id: i }));
  assert.deepEqual(plain(V.columnsOf(late).map((c) => c.pointer)), ["/id"]);
});

test("several texts, each a record (webcal's events, one a block), are one table of them", () => {
  const result = fieldResult("webcal__list_events__full"), events = result.content.map((block) => JSON.parse(block.text));
  const box = render(result);
  assert.equal(box.querySelectorAll("table").length, 1);
  // the events' names first; no empty organizer, attendees, status or url; "all day" (false in every event) last
  // (an event's start and end one column: its span of time)
  assert.deepEqual(headers(box), ["Summary", "Uid", "When", "Description", "Location", "Categories", "Recurrence ID", "All day"]);
  assert.deepEqual(rows(box).map((row) => row[0]), events.map((event) => event.summary));
  assert.equal(rows(box)[0][2], "2 Nov 2026, 09:15–09:30 (UTC+01:00)");
  assert.equal(box.querySelector(".srv"), null, "JSON texts: nothing more to show as sent");
  // Python-printed records are read too, their text one click away; a text among them keeps the blocks apart
  const printed = render({ content: [{ type: "text", text: "{'name': 'a', 'n': 1}" }, { type: "text", text: "{'name': 'b', 'n': 2}" }] });
  assert.deepEqual(rows(printed), [["a", "1"], ["b", "2"]]);
  assert.ok(printed.querySelector(".srv"));
  const mixed = render({ content: [{ type: "text", text: '{"name": "a"}' }, { type: "text", text: "Done." }] });
  assert.equal(mixed.querySelectorAll("table").length, 0);
  assert.ok(mixed.textContent.includes("Done."));
});

test("records' columns in the order a row is read by: the name before ids and kinds, nothing empty, one value in every row last", () => {
  const graph = renderData({ entities: [
    { type: "entity", name: "Ada Lovelace", entityType: "person", note: "", tags: [] },
    { type: "entity", name: "Analytical Engine", entityType: "machine", note: "", tags: [] },
    { type: "entity", name: "Charles Babbage", entityType: "person", note: "", tags: [] },
  ] });
  assert.deepEqual(headers(graph), ["Name", "Entity type", "Type"]);
  assert.deepEqual(rows(graph)[0], ["Ada Lovelace", "person", "entity"], "the value every row shares still in each row");
  // an integer id (a row's number) stays first; an id that is a text does not
  // a leaf's short texts follow its name; its flags and numbers keep their names (a fold)
  const flags = renderData({ name: "root", children: [{ name: "X", draft: true }, { name: "Y", kind: "page" }, { name: "D", children: [{ name: "Z" }] }] });
  assert.ok(texts(flags, "summary").includes("X") && texts(flags, ".leaf").includes("Y \u00b7 page"), flags.innerHTML);
  const plainRows = renderData([{ id: 1, name: "a", n: null }, { id: 2, name: "b", n: null }]);
  assert.deepEqual(headers(plainRows), ["ID", "Name", "N"]);
  assert.deepEqual(headers(renderData([{ id: "u-1", name: "a" }, { id: "u-2", name: "b" }])), ["Name", "ID"]);
  const region = renderData([{ region: "North", name: "a", v: 1 }, { region: "South", name: "b", v: 2 }]);
  assert.deepEqual(headers(region), ["Region", "Name", "V"], "a category before the name stays first");
  // two rows: a value both share is no constant yet; a column null in every row is drawn ("—": a value)
  const two = renderData([{ kind: "x", title: "t1", done: false }, { kind: "x", title: "t2", done: false }]);
  assert.deepEqual(headers(two), ["Title", "Kind", "Done"]);
});

test("a record of lists as long as each other is a table, a row an index (numpy's arrays printed by a code runner)", () => {
  const box = render(fieldResult("code-runner__run-code__numpy"));
  assert.deepEqual(headers(box), ["Regions", "Units", "Revenue", "Share"]);
  assert.deepEqual(rows(box).map((row) => row.slice(0, 2)), [["North", "310"], ["South", "287"], ["East", "342"]]);
  // its other keys a record below; lists of other lengths, or two lists of words, are no such table
  const told = renderData({ x: [1, 2, 3, 4, 5], y: [2, 4, 8, 16, 32], note: "doubling" });
  assert.deepEqual([headers(told), texts(told, "dd")], [["X", "Y"], ["doubling"]]);
  assert.equal(renderData({ x: [1, 2, 3], y: [2, 4] }).querySelector("table"), null);
  assert.equal(renderData({ tags: ["a", "b", "c"], aliases: ["x", "y", "z"] }).querySelector("table"), null);
  // fewer than five, none a list of names: settings side by side, not rows
  assert.equal(renderData({ allowed_ports: [80, 443, 8080], admins: ["ann", "bob", "ann"] }).querySelector("table"), null);
  assert.equal(renderData({ shape: [3, 224, 224], mean: [0.48, 0.46, 0.41] }).querySelector("table"), null);
});

test("a notebook's outputs (nbformat) are drawn as what each is, before the run's facts", () => {
  const mixed = render(fieldResult("jupyter-notebook__notebook_code_run__mixed"));
  const outs = mixed.querySelectorAll(".outs > .out");
  assert.deepEqual(Array.from(outs, (out) => out.querySelector(":scope > small").textContent), ["stream \u00b7 stdout", "display_data", "execute_result \u00b7 Out [4]"]);
  assert.equal(outs[0].querySelector("pre").textContent, "3 regions\n");
  assert.equal(outs[1].querySelector("strong").textContent, "East", "its markdown drawn");
  const forms = outs[1].querySelector("details");
  assert.equal(forms.querySelector("summary").textContent, "text/plain, text/markdown", "its plain text and its markdown's source one click away");
  forms.open = true;
  forms.dispatchEvent(new Event("toggle"));
  assert.deepEqual(texts(forms, "pre"), ["<IPython.core.display.Markdown object>", "**East** leads with 13,002.25"]);
  assert.equal(outs[2].querySelector("pre").textContent, "1021.75");
  assert.equal(outs[2].querySelector("details"), null, "one form: nothing more");
  assert.ok(mixed.querySelector(".outs, dl.kv").classList.contains("outs"), "the outputs before the facts (the first in the page)");
  // an error: its name and value over its traceback, colours kept
  const error = render(fieldResult("jupyter-notebook__notebook_code_run__error")).querySelector(".outs .alert-error");
  assert.equal(error.querySelector("p").textContent, "ZeroDivisionError: float division by zero");
  assert.ok(error.querySelector("pre span"), "the traceback's colours");
  // not outputs: a record whose output_type is another word
  assert.equal(renderData([{ output_type: "log", text: "x" }, { output_type: "log", text: "y" }]).querySelector(".outs"), null);
  // HTML only for its tables: a widget's markup is its plain text's, the HTML one click away
  const widget = renderData({ outputs: [{ output_type: "display_data", data: { "text/html": "<div id=plot></div><script>draw()</script>", "text/plain": "<Figure 1>" }, metadata: {} }] });
  assert.equal(widget.querySelector(".out > pre").textContent, "<Figure 1>");
  assert.equal(widget.querySelector(".out details summary").textContent, "text/html");
  assert.equal(widget.querySelector("script"), null);
});

test("a list's size beside it leads no headline (jupyter's {result: […], count: 4, images: 0})", () => {
  const box = render(fieldResult("jupyter__insert_execute_code_cell__mixed"));
  assert.equal(box.querySelector(".tiles"), null);
  assert.deepEqual(texts(renderData({ rows: [1, 2], count: 7, runs: 3 }), ".tile-k"), ["Count", "Runs"], "a count that is not the list's length is a fact");
  assert.deepEqual(texts(renderData({ rows: [1, 2], row_count: 2, runs: 3, errors: 1 }), ".tile-k"), ["Runs", "Errors"]);
  assert.deepEqual(texts(renderData({ tags: ["a", "b"], discount: 2, tax: 3 }), ".tile-k"), ["Discount", "Tax"], "a discount is no count");
});

test("one line that says it is an error, in a result not marked one, is a warning; other texts are not", () => {
  for (const name of ["pandas__average__missing-column", "sqlite__read_query__bad-table"]) {
    const result = fieldResult(name), box = render(result);
    assert.equal(box.querySelector(".alert-warn p").textContent, result.content[0].text, name);
  }
  for (const text of ["Error rate: 5% over the day", "No errors: all 12 rows loaded", "Error: first\nsecond line", "Standard error: 0.0341", "Relative error: 1.2e-5", "No error: all checks passed"]) {
    assert.equal(render({ content: [{ type: "text", text }] }).querySelector(".alert-warn"), null, text);
  }
});

test("one unnamed cell (a count's [(36,)]) is that value, not a table", () => {
  const box = render(fieldResult("duckdb__query__load"));
  assert.equal(box.querySelector("table"), null);
  assert.equal(box.querySelector(".metric").textContent, "36");
  assert.ok(renderData([[1, 2]]).querySelector("table"), "a row of two stays a table");
});

test("a one-value result's text is not drawn again beside it (redis's dbsize: {result: 8} and \"8\")", () => {
  const box = render(fieldResult("redis__dbsize"));
  assert.deepEqual(texts(box, "dd"), ["8"]);
  assert.equal(box.querySelector(".metric"), null);
  assert.equal(box.textContent.split("8").length, 2, "8 once");
  const other = render({ content: [{ type: "text", text: "9" }], structuredContent: { result: 8 } });
  assert.ok(other.querySelector(".metric"), "another number is the server's to say");
});

test("no element carries an empty class (a table's text cells are bare spans)", () => {
  const box = render({ content: [{ type: "text", text: JSON.stringify([{ id: 1, name: "row 1", value: 1.5 }, { id: 2, name: "row 2", value: 3 }]) }] });
  assert.deepEqual(Array.from(box.querySelectorAll("td > span:not([title])"), (span) => span.textContent), ["row 1", "row 2"]);
  assert.equal(box.querySelectorAll('[class=""]').length, 0);
});

test("a short list of paths is one a line; other short lists stay a line of commas", () => {
  const files = renderData({ result: ["app.log", "docs/README.md", "src/fib.py"] });
  assert.equal(files.querySelector(".inl").textContent, "app.log\ndocs/README.md\nsrc/fib.py");
  assert.equal(renderData({ stages: ["Seed", "Series A", "Growth"] }).querySelector(".inl").textContent, "Seed, Series A, Growth");
  assert.equal(renderData({ stages: ["a/b testing", "x"] }).querySelector(".inl").textContent, "a/b testing, x", "a phrase with a slash is no path");
  for (const items of [["https://a.example/x.html", "b"], ["text/html", "application/json"], ["2024/01/02", "2024/01/03"], ["1/2", "3/4"], ["ok", "N/A", "fail"]]) {
    const line = renderData({ items }).querySelector(".inl");
    assert.ok(!line.classList.contains("paths") && !line.textContent.includes("\n"), items.join(" "));
  }
  assert.ok(renderData({ result: ["src/", "docs/"] }).querySelector(".inl").classList.contains("paths"), "folders too");
});

test("a table's 0/1 flags (sqlite's table_info: pk, notnull) read yes or no, left-aligned, the number in the title", () => {
  const box = render(fieldResult("sqlite__describe_table"));
  const head = Array.from(box.querySelectorAll("thead th"), (th) => th.textContent);
  const at = (name) => head.indexOf(name);
  const first = Array.from(box.querySelector("tbody tr").children);
  assert.equal(first[at("Pk")].textContent, "✓ Yes");
  assert.equal(first[at("Pk")].querySelector("[title]").title, "1");
  assert.equal(first[at("Notnull")].textContent, "No");
  assert.ok(!first[at("Pk")].classList.contains("num"));
  assert.equal(first[at("Cid")].textContent, "0", "a column's index stays a number");
});

test("a minimum beside its maximum is no count of minutes (OpenWeather's temp_min, temp_max); a minute alone still is", () => {
  const weather = renderData({ main: { temp: 11.62, temp_min: 10.55, temp_max: 12.79, humidity: 81 }, wait_min: 5 });
  const shown = texts(weather, "dd").join(" | ");
  assert.ok(/10\.55/.test(shown) && /12\.79/.test(shown) && !/ min| s\b/.test(shown.replace("5 min", "")), shown); // not "10 min 33 s"
  assert.ok(/5 min/.test(shown), shown);
});

test("a range record reads as a range: p50 (p25–p75), min–max, with its middle when it has one; every key in its title", () => {
  const box = renderData({ job: "nightly", latency_ms: { min: 1.5, max: 9, avg: 3.25 }, spread: { p75: 25, p25: 15, p50: 20 }, bounds: { low: 2, high: 4 }, other: { min: 1, max: 2, note: "x" } });
  const facts = Object.fromEntries(Array.from(box.querySelectorAll("dt"), (dt) => [dt.textContent, dt.nextElementSibling]));
  assert.equal(facts["Latency"].textContent, "3.25 ms (1.5 ms\u20139 ms)", "its label without the unit its values say");
  assert.equal(facts["Spread"].textContent, "20 (15\u201325)");
  assert.equal(facts["Spread"].querySelector("[title]").getAttribute("title"), "p75 25 \u00b7 p25 15 \u00b7 p50 20");
  assert.equal(facts["Bounds"].textContent, "2\u20134");
  assert.ok(!/\u2013/.test(box.textContent.split("Other")[1] || ""), "a record with more than a range is no range");
});

test("benchmarks per stage, a range a category (budget-allocator): a group of columns, each cell its p50 (p25–p75)", () => {
  const entry = JSON.parse(readFileSync(new URL("../../../fixtures/field/budget-allocator__get-budget-data.json", import.meta.url), "utf8"));
  const box = render(entry.result);
  const groups = texts(box, "th[scope=colgroup]");
  assert.ok(groups.includes("Category benchmarks, p50 (p25\u2013p75)"), groups.join(" | "));
  const seed = Array.from(box.querySelectorAll("tbody tr")).find((tr) => tr.textContent.startsWith("Seed"));
  const cells = texts(seed, "td");
  const marketing = entry.result.structuredContent.analytics.benchmarks[0].categoryBenchmarks.marketing;
  assert.equal(cells[1], `${marketing.p50} (${marketing.p25}\u2013${marketing.p75})`);
  assert.ok(!/\$/.test(cells.join(" ")), "sales among the categories is a share like the others, not money: " + cells.join(" | "));
  assert.ok(!/fields/.test(seed.textContent));
});

test("a column of prose is wide enough to read, one of phrases (a linter's messages) a line or two a phrase, names stay as narrow as they are", () => {
  const box = renderData({ messages: [
    { rule: "no-unused-vars", message: "'unused' is assigned a value but never used.", note: "A variable that is declared and assigned but never read anywhere in the module afterwards." },
    { rule: "no-undef", message: "'nme' is not defined.", note: "A name that is read here but declared nowhere in the module nor in any of the globals it knows." },
    { rule: "eqeqeq", message: "Expected '===' and instead saw '=='.", note: "An equality that converts its operands before comparing them, which hides a difference of types." },
  ] });
  const classes = (n) => Array.from(box.querySelectorAll(`tbody tr td:nth-child(${n})`), (td) => td.className);
  assert.ok(classes(1).every((name) => !/\b(mid|long)\b/.test(name)), classes(1).join(" | "));
  assert.ok(classes(2).every((name) => /\bmid\b/.test(name)), classes(2).join(" | "));
  assert.ok(classes(3).every((name) => /\blong\b/.test(name)), classes(3).join(" | "));
});

test("a short text written to the model about the person (ESLint's 'you must display the full list to the user') folds under the server's note to the model", () => {
  const result = fieldResult("eslint__lint-files");
  const box = render(result);
  const notes = box.querySelectorAll("details.srv");
  assert.equal(notes.length, 1);
  assert.equal(notes[0].querySelector("summary").textContent, "Server's note to the model");
  assert.equal(notes[0].open, false);
  const folded = notes[0].textContent, outside = box.textContent.replace(folded, "");
  assert.ok(/display the full list to the user/.test(folded) && /If the user asked to fix/.test(folded), folded);
  assert.ok(!/the user/.test(outside) && /no-unused-vars/.test(outside), "the lint's messages stay in view");
  // A note that is all the result says stays in view.
  const alone = render({ content: [{ type: "text", text: "Ask the user which file to open." }] });
  assert.equal(alone.querySelectorAll("details.srv").length, 0);
  assert.ok(/Ask the user/.test(alone.textContent));
});

test("a row's place in a text (line, column and their ends: ESLint's messages) is one column, Location, every number in its title", () => {
  const box = render(fieldResult("eslint__lint-files"));
  const heads = Array.from(box.querySelectorAll("thead th"), (th) => th.textContent);
  assert.deepEqual(heads, ["Rule ID", "Severity", "Message", "Location", "Message ID", "Suggestions"]);
  const places = Array.from(box.querySelectorAll("tbody tr td:nth-child(4) span"));
  assert.deepEqual(places.map((span) => span.textContent).slice(0, 3), ["1:5–11", "2:16–20", "3:22–25"]);
  assert.equal(places[0].getAttribute("title"), "line 1 · column 5 · endLine 1 · endColumn 11");
  // another line's end, a missing end, snake case; a column of non-integers is no place
  const table = (rows) => render({ structuredContent: { items: rows } });
  const spans = Array.from(table([{ start_line: 3, start_col: 14, end_line: 4, end_col: 2 }, { start_line: 7, start_col: 1 }]).querySelectorAll("tbody td span"), (span) => span.textContent);
  assert.deepEqual(spans, ["3:14–4:2", "7:1"]);
  const text = table([{ line: "a", column: 2 }, { line: "b", column: 3 }]).querySelector("thead").textContent;
  assert.ok(/Line/.test(text) && !/Location/.test(text), text);
});

test("a span of time (start and end, any of their names) is one column, When: its day once when it ends on it, both values in its title", () => {
  const box = renderData({ events: [
    { name: "a", start: "2026-11-02T09:15:00+01:00", end: "2026-11-02T09:30:00+01:00" },
    { name: "b", start: "2026-11-02T23:00:00+01:00", end: "2026-11-03T01:00:00+01:00" },
    { name: "c", start: "2026-11-04", end: "2026-11-05" },
    { name: "d", start: "2026-11-06T10:00:00Z" },
  ] });
  assert.deepEqual(headers(box), ["Name", "When"]);
  assert.deepEqual(rows(box).map((row) => row[1]), ["2 Nov 2026, 09:15–09:30 (UTC+01:00)", "2 Nov 2026, 23:00 (UTC+01:00) – 3 Nov 2026, 01:00 (UTC+01:00)", "4 Nov 2026 – 5 Nov 2026", "6 Nov 2026, 10:00 (UTC)"]);
  const first = box.querySelector("tbody time");
  assert.equal(first.getAttribute("title"), "start 2026-11-02T09:15:00+01:00 · end 2026-11-02T09:30:00+01:00");
  assert.equal(first.getAttribute("datetime"), "2026-11-02T09:15:00+01:00");
  // a column's one day is under its heading, each span its hours
  const day = renderData({ slots: [{ startTime: "2026-11-02T09:00:00Z", endTime: "2026-11-02T09:30:00Z" }, { startTime: "2026-11-02T10:00:00Z", endTime: "2026-11-02T11:00:00Z" }] });
  assert.deepEqual(rows(day).map((row) => row[0]), ["09:00–09:30", "10:00–11:00"]);
  // a start that is no time (an offset) is no span
  assert.deepEqual(headers(renderData({ hits: [{ start: 3, end: 9 }, { start: 12, end: 15 }] })), ["Start", "End"]);
});

test("joined columns: a place with one end is its line and column; sorting goes by line, then column; a span across days keeps its days; the download has every field", () => {
  const box = renderData({ hits: [{ line: 7, column: 2, endLine: 7 }, { line: 3, column: 9, endLine: 3, endColumn: 12 }, { line: 3, column: 4 }] });
  assert.deepEqual(rows(box).map((row) => row[0]), ["7:2", "3:9–12", "3:4"]);
  box.querySelector("thead th button").click();
  assert.deepEqual(rows(box).map((row) => row[0]), ["3:4", "3:9–12", "7:2"]);
  const night = renderData({ slots: [{ start: "2026-11-20T23:00:00Z", end: "2026-11-21T01:00:00Z" }, { start: "2026-11-20T09:00:00Z", end: "2026-11-20T10:00:00Z" }] });
  assert.equal(night.querySelector("th small"), null); // no one day: the span ends on the next
  assert.deepEqual(rows(night).map((row) => row[0]), ["20 Nov 2026, 23:00 (UTC) – 21 Nov 2026, 01:00 (UTC)", "20 Nov 2026, 09:00–10:00 (UTC)"]);
  const table = box.querySelector(".tbl");
  assert.deepEqual(plain(table.cols[0].at), ["/line", "/column", "/endLine", "/endColumn"]);
});

test("a column of times written out sorts by the instants they are, not by their weekdays", () => {
  const box = renderData({ files: [{ name: "a", modified: "Mon Nov 23 2026 11:34:30 GMT+0000 (Coordinated Universal Time)" }, { name: "b", modified: "Fri Nov 27 2026 09:00:00 GMT+0000 (Coordinated Universal Time)" }, { name: "c", modified: "Wed Nov 25 2026 08:00:00 GMT+0000 (Coordinated Universal Time)" }] });
  box.querySelectorAll("thead th button")[1].click();
  assert.deepEqual(rows(box).map((row) => row[0]), ["a", "c", "b"]); // as text: Fri, Mon, Wed
});

test("the run's query names unnamed rows at the result's top (or under its one wrapping key), not a grid deeper in it", () => {
  const shown = CU.argsShown;
  CU.argsShown = () => ({ query: "select region, sum(units) as units from sales group by region" });
  try {
    assert.deepEqual(headers(renderData([["East", 3], ["West", 4]])), ["Region", "Units"]);
    assert.deepEqual(headers(renderData({ result: [["East", 3], ["West", 4]] })), ["Region", "Units"]);
    assert.deepEqual(headers(renderData({ stats: { pairs: [[1, 3], [2, 4]] }, n: 2 })), ["Column 1", "Column 2"]);
  } finally { CU.argsShown = shown; }
});

test("a yes that is bad news (truncated, failed, timed out, has errors) is a warning, not a green tick", () => {
  const box = render({ content: [], structuredContent: { truncated: true, timedOut: true, hasErrors: true, success: true, truncatedAt: false } });
  const facts = Object.fromEntries(Array.from(box.querySelectorAll("dt"), (dt) => [dt.textContent, dt.nextElementSibling]));
  for (const name of ["Truncated", "Timed out", "Has errors"]) {
    assert.equal(facts[name].textContent, "⚠ Yes", name);
    assert.equal(facts[name].firstChild.getAttribute("class"), "yn yn-warn", name);
  }
  assert.equal(facts["Success"].textContent, "✓ Yes"); // good news stays green
  assert.equal(facts["Truncated at"].textContent, "No"); // a no is never a warning
});

test("a table's column of UUIDs (with or without dashes: a notebook's cell ids) shows each one's first eight characters, whole in its title", () => {
  const ids = ["459c29de-0af9-4217-bec0-14bb8a81ef37", "eac8d01ab9a440c096d32f1d5e322f48"];
  const box = renderData({ cells: ids.map((id, index) => ({ index, id, source: "print(" + index + ")" })) });
  const codes = Array.from(box.querySelectorAll("tbody td code.hash"));
  assert.deepEqual(codes.map((code) => code.getAttribute("title")), ids);
  assert.deepEqual(codes.map((code) => code.firstChild.textContent), ["459c29de", "eac8d01a"]);
  // one a UUID and one another text: no column of ids, each drawn whole
  const mixed = renderData({ cells: [{ id: ids[0], n: 1 }, { id: "cell-2", n: 2 }] });
  assert.equal(mixed.querySelectorAll("code.hash").length, 0);
});

test("a review's cases: a source link, a search snippet and prose stay as they are; pairs are no header; a yes turned round is no warning", () => {
  const links = renderData({ items: [{ name: "a", source_url: "https://example.org/a" }, { name: "b", source_url: "https://example.org/b" }] });
  assert.equal(links.querySelectorAll("td.code").length, 0);
  assert.equal(links.querySelectorAll("td a").length, 2, "links");
  const hits = renderData({ hits: [{ title: "A", snippet: "  the first result's excerpt, long enough to wrap as prose in its column" }, { title: "B", snippet: "another excerpt" }] });
  assert.equal(hits.querySelectorAll("td.code").length, 0, "a snippet is prose, indented or not");
  const code = renderData({ lines: [{ line: 1, content: "def f():" }, { line: 2, content: "    return 1" }] });
  assert.equal(code.querySelectorAll("td.code").length, 2, "code");
  const pairs = renderData({ pairs: [["Name", "Alice"], ["Age", "42"], ["City", "Oslo"]] });
  assert.deepEqual(headers(pairs), ["Column 1", "Column 2"]);
  const fine = renderData({ noErrors: true, errorFree: true, allowPartial: true, failed: true });
  const facts = Object.fromEntries(Array.from(fine.querySelectorAll("dt"), (dt) => [dt.textContent, dt.nextElementSibling.textContent]));
  assert.deepEqual(facts, { "No errors": "✓ Yes", "Error free": "✓ Yes", "Allow partial": "✓ Yes", Failed: "⚠ Yes" });
});
