// leads.js, as shipped: the rules of results that lead on (issue 41) — a link's arguments (the
// clicked value, a relative one joined to the run's argument, the run's own argument), which
// keys and values link, where paging ends, how the next page's rows are appended, which texts
// are listings whose lines link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";

const { CU } = load("runtime", "views", "host", "leads");
const L = CU.leads;
const plain = (value) => JSON.parse(JSON.stringify(value)); // out of the vm's realm, for deepEqual

const readFile = { id: "link:read_file:path", tool: "read_file", label: "Read", title: "Read File", keys: ["path"], lines: true,
  fills: [{ argument: "path", source: "value", join: true }] };
const gitShow = { id: "link:git_show:revision", tool: "git_show", label: "Show", title: "Git Show", keys: ["commit"], test: "^[0-9a-f]{7,40}$",
  fills: [{ argument: "revision", source: "value" }, { argument: "repo_path", source: "argument" }] };
const getItem = { id: "link:get_item:n", tool: "get_item", label: "Item", title: "Get Item", keys: ["n"], valueType: "integer",
  fills: [{ argument: "n", source: "value" }] };

test("a link's arguments: the value, joined to the run's argument when relative, and the run's arguments", () => {
  assert.deepEqual(plain(L.argsFor(readFile, "a.txt", { path: "/x" })), { path: "/x/a.txt" });
  assert.deepEqual(plain(L.argsFor(readFile, "./a.txt", { path: "/x/" })), { path: "/x/a.txt" });
  assert.deepEqual(plain(L.argsFor(readFile, "/y/b.txt", { path: "/x" })), { path: "/y/b.txt" }); // absolute: as it is
  assert.deepEqual(plain(L.argsFor(readFile, "C:\\b.txt", { path: "/x" })), { path: "C:\\b.txt" });
  assert.deepEqual(plain(L.argsFor(readFile, "a.txt", {})), { path: "a.txt" }); // nothing to join to
  const named = { ...readFile, fills: [{ argument: "path", source: "value", join: true, name: "directory" }] };
  assert.deepEqual(plain(L.argsFor(named, "a.txt", { directory: "/docs" })), { path: "/docs/a.txt" });
  assert.deepEqual(plain(L.argsFor(gitShow, "abc1234", { repo_path: "/r", max_count: 5 })), { revision: "abc1234", repo_path: "/r" });
});

test("keys match leniently; a value links only by its type and the link's test", () => {
  assert.equal(L.linksFor([gitShow], "abc1234", "Commit").length, 1);
  assert.equal(L.linksFor([gitShow], "abc1234", "COMMIT").length, 1);
  assert.equal(L.linksFor([gitShow], "not a hash", "commit").length, 0);
  assert.equal(L.linksFor([gitShow], "abc1234", "author").length, 0);
  assert.equal(L.linksFor([readFile], "a.txt", undefined).length, 0);
  const order = { ...readFile, keys: ["order_id"] };
  for (const key of ["order_id", "Order ID", "order-id", "orderId"]) assert.equal(L.linksFor([order], "o-1", key).length, 1, key);
  assert.equal(L.linksFor([getItem], 3, "n").length, 1);
  assert.equal(L.linksFor([getItem], 3.5, "n").length, 0);
  assert.equal(L.linksFor([getItem], "3", "n").length, 0);
  assert.equal(L.linksFor([{ ...getItem, offered: false }], 3, "n").length, 0);
});

const cursor = { style: "cursor", argument: "cursor", next: ["/next_cursor", "/nextCursor"], total: "/total", limit: "limit", rows: "/orders" };
const offset = { style: "offset", argument: "offset", total: "/total", limit: "limit", rows: "/items", mode: "pages" };
const page = { style: "page", argument: "page", total: "/total_pages", mode: "pages" };

test("the next page: the next value, until it is absent, null or empty, or has_more says no", () => {
  assert.deepEqual(plain(L.nextArgs(cursor, { limit: 5 }, { orders: [1], next_cursor: "c-5" })), { limit: 5, cursor: "c-5" });
  assert.deepEqual(plain(L.nextArgs(cursor, {}, { orders: [1], nextCursor: "n2" })), { cursor: "n2" });
  for (const end of [null, "", undefined]) assert.equal(L.nextArgs(cursor, {}, { orders: [1], next_cursor: end }), null);
  assert.equal(L.nextArgs({ ...cursor, more: "/has_more" }, {}, { orders: [1], next_cursor: "x", has_more: false }), null);
});

test("offset and page: the step is the limit, the end is the total, a short or empty page", () => {
  const items = (n) => Array.from({ length: n }, (_, i) => i);
  assert.deepEqual(plain(L.nextArgs(offset, { offset: 0, limit: 10 }, { items: items(10), total: 23 })), { offset: 10, limit: 10 });
  assert.equal(L.nextArgs(offset, { offset: 20, limit: 10 }, { items: items(3), total: 23 }), null);
  assert.equal(L.nextArgs(offset, { offset: 10, limit: 10 }, { items: items(10), total: 20 }), null);
  assert.equal(L.nextArgs({ ...offset, total: null }, { offset: 10, limit: 10 }, { items: items(4) }), null); // fewer rows than the limit
  assert.deepEqual(plain(L.nextArgs({ ...offset, limit: null, total: null }, {}, { items: items(7) })), { offset: 7 }); // no limit: the rows count
  assert.equal(L.nextArgs({ ...offset, total: null }, { offset: 10, limit: 10 }, { items: [] }), null);
  assert.deepEqual(plain(L.nextArgs(page, { page: 2 }, { results: [1], total_pages: 3 })), { page: 3 });
  assert.equal(L.nextArgs(page, { page: 3 }, { results: [1], total_pages: 3 }), null);
  assert.deepEqual(plain(L.nextArgs(page, {}, { results: [1], total_pages: 3 })), { page: 2 });
  // Rows appended by More: the rows the last page brought decide, not all those shown.
  assert.equal(L.nextArgs({ ...offset, total: null }, { offset: 10, limit: 10 }, { items: items(20) }, 5), null);
});

test("the page before, and the page's number of how many", () => {
  assert.deepEqual(plain(L.prevOf(offset, { offset: 20, limit: 10 }, { items: [1] })), { offset: 10, limit: 10 });
  assert.equal(L.prevOf(offset, { offset: 0, limit: 10 }, { items: [1] }), undefined);
  assert.deepEqual(plain(L.prevOf(page, { page: 2 }, {})), { page: 1 });
  assert.equal(L.prevOf(cursor, { cursor: "c-5" }, {}), undefined);
  assert.deepEqual(plain(L.pageOf(offset, { offset: 20, limit: 10 }, { items: [1, 2, 3], total: 23 }, 0)), [3, 3]);
  assert.deepEqual(plain(L.pageOf(page, { page: 2 }, { total_pages: 5 }, 0)), [2, 5]);
  assert.deepEqual(plain(L.pageOf({ ...cursor, total: null }, { cursor: "x" }, { orders: [1] }, 2)), [3, null]); // a cursor: the pages turned; no total: of none
});

test("More: the next page's rows appended under the shown ones, the rest the next page's", () => {
  const shown = { orders: [{ id: 1 }, { id: 2 }], next_cursor: "c-2", total: 3 };
  const next = { orders: [{ id: 3 }], next_cursor: null, total: 3 };
  assert.deepEqual(plain(L.merge(cursor, shown, next)), { orders: [{ id: 1 }, { id: 2 }, { id: 3 }], next_cursor: null, total: 3 });
  assert.deepEqual(plain(next), { orders: [{ id: 3 }], next_cursor: null, total: 3 }); // not changed
  // No rows pointer: the one top-level array; a page that is an array.
  assert.deepEqual(plain(L.merge({ ...cursor, rows: null }, { data: [1], cursor: "a" }, { data: [2], cursor: null })), { data: [1, 2], cursor: null });
  assert.deepEqual(plain(L.merge({ ...cursor, rows: null }, [1], [2])), [1, 2]);
  assert.deepEqual(plain(L.merge({ ...cursor, rows: "/page/rows" }, { page: { rows: [1] } }, { page: { rows: [2] }, n: 1 })), { page: { rows: [1, 2] }, n: 1 });
  // Two arrays and no pointer: nothing to append to, the next page as it is.
  assert.deepEqual(plain(L.merge({ ...cursor, rows: null }, { a: [1], b: [1] }, { a: [2], b: [2] })), { a: [2], b: [2] });
});

test("a listing's lines link (after a marker, each line a value); prose does not", () => {
  L.use([readFile]);
  const view = L.linesView("[FILE] a.txt\n[DIR] src\n\n[FILE] my notes.md");
  assert.ok(view);
  const controls = Array.from(view.querySelectorAll("[data-link]"), (b) => b.textContent);
  assert.deepEqual(controls, ["a.txt", "src", "my notes.md"]);
  assert.equal(view.textContent, "[FILE] a.txt\n[DIR] src\n\n[FILE] my notes.md");
  assert.deepEqual(Array.from(L.linesView("/r/a.py\n/r/b.py").querySelectorAll("[data-link]"), (b) => b.textContent), ["/r/a.py", "/r/b.py"]);
  assert.equal(L.linesView("Found 2 files:\n/r/a.py"), undefined);
  assert.equal(L.linesView("Hello world, this is prose."), undefined);
  L.use([{ ...readFile, lines: false }]);
  assert.equal(L.linesView("[FILE] a.txt"), undefined);
  L.use([]);
});

test("a marked line leads to the tools of its kind first: [DIR] to those that take a directory, [FILE] to the others", () => {
  const listDir = { ...readFile, id: "link:list_directory:path", tool: "list_directory", label: "List directory" };
  L.use([readFile, listDir]);
  const view = L.linesView("[FILE] a.txt\n[DIR] src\nnotes");
  const links = Array.from(view.querySelectorAll("[data-link]"), (b) => [b.closest("span.leads") ? "menu" : b.textContent, b.getAttribute("data-link")]);
  // an unmarked line keeps both; a marked one only its kind's
  assert.deepEqual(links.filter(([text]) => text !== "menu"), [["a.txt", "link:read_file:path"], ["src", "link:list_directory:path"]]);
  assert.equal(view.querySelectorAll("span.leads").length, 1);
  L.use([]);
});
