// live.js, as shipped: the rules of a result that stays live (issue 51) — how long the timer
// waits after failures, how the time since the last run reads, which values a picker offers from
// a source tool's result (under its keys at any depth, with a label beside them, or the lines of
// a listing joined to the form's directory).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";

const { CU } = load("runtime", "views", "host", "leads", "live", "pick");
const L = { ...CU.live, ...CU.pick };
const plain = (value) => JSON.parse(JSON.stringify(value)); // out of the vm's realm, for deepEqual

const regions = { argument: "region_id", tool: "list_regions", title: "List Regions", keys: ["region_id"] };
const paths = { argument: "path", tool: "list_directory", title: "List Directory", keys: ["path"], lines: true,
  fills: [{ argument: "path", source: "argument" }] };
const commits = { argument: "revision", tool: "git_log", title: "Git Log", keys: ["commit"], lines: true, test: "^[0-9a-f]{7,40}$" };

test("after failures the timer waits twice as long each time, at most 5 min", () => {
  assert.deepEqual([0, 1, 2, 3, 9].map((n) => L.backoff(15, n)), [15, 30, 60, 120, 300]);
  assert.equal(L.backoff(60, 0), 60);
});

test("the time since the last run reads in seconds, then minutes", () => {
  assert.deepEqual([0, 400, 12_000, 59_400, 60_000, 185_000].map(L.ago), ["0 s", "0 s", "12 s", "59 s", "1 min", "3 min"]);
});

test("a picker offers the values under its keys at any depth, once each, with a label beside them", () => {
  const result = { structuredContent: { regions: [{ region_id: "r-n", name: "North" }, { regionId: "r-s", title: "South" }, { region_id: "r-n" }, { nested: { "Region ID": "r-w" } }] } };
  assert.deepEqual(plain(L.offers(regions, result)), [{ value: "r-n", label: "North" }, { value: "r-s", label: "South" }, { value: "r-w", label: "" }]);
  // JSON in a text block counts as the data; a value of another type does not
  assert.deepEqual(plain(L.offers(regions, { content: [{ type: "text", text: '[{"region_id": 3}, {"region_id": "r-e"}]' }] })), [{ value: "r-e", label: "" }]);
  // a Python literal (mcp-server-sqlite's list_tables answers str() of its rows)
  const tables = { argument: "table_name", tool: "list_tables", title: "List Tables", keys: ["table_name", "name"] };
  assert.deepEqual(plain(L.offers(tables, { content: [{ type: "text", text: "[{'name': 'sales'}, {'name': 'users'}]" }] })).map((o) => o.value), ["sales", "users"]);
});

test("a listing's lines are offered joined to the form's directory; a test filters them", () => {
  const listing = { content: [{ type: "text", text: "[FILE] a.txt\n[DIR] src\n/abs/b.txt\n" }] };
  assert.deepEqual(plain(L.offers(paths, listing, "/docs/")).map((o) => o.value), ["/docs/a.txt", "/docs/src", "/abs/b.txt"]);
  assert.deepEqual(plain(L.offers(paths, listing)).map((o) => o.value), ["a.txt", "src", "/abs/b.txt"]);
  // a file tree (server-filesystem's directory_tree): each node's path under its directories
  const tree = { content: [{ type: "text", text: JSON.stringify([{ name: "a.txt", type: "file" },
    { name: "docs", type: "directory", children: [{ name: "r.md", type: "file" }, { name: "img", type: "directory", children: [] }] }]) }] };
  assert.deepEqual(plain(L.offers(paths, tree, "/w")).map((o) => o.value), ["/w/a.txt", "/w/docs", "/w/docs/r.md", "/w/docs/img"]);
  // not for a picker of names: a tree's node is a record like any other there
  assert.deepEqual(plain(L.offers(regions, tree)), []);
  const log = { content: [{ type: "text", text: "Commit history:\nabc1234\nnot a hash\n0123456789abcdef" }] };
  assert.deepEqual(plain(L.offers(commits, log)).map((o) => o.value), ["abc1234", "0123456789abcdef"]);
});

test("the numbers that gather history: scalars by their place, a list's records by their id, never by index", () => {
  const data = { cpu_percent: 12.5, name: "db", ok: true, hosts: [{ host: "web-1", load: 0.5 }, { host: "web-2", load: 0.7 }], rows: [{ n: 1 }, { n: 2 }] };
  assert.deepEqual(plain(L.numbers(data)), [
    ["/cpu_percent", "CPU percent", 12.5], ["/hosts/web-1/load", "Hosts · web-1 · Load", 0.5], ["/hosts/web-2/load", "Hosts · web-2 · Load", 0.7]]);
  // an id that repeats is no id: the list gathers none
  assert.deepEqual(plain(L.numbers([{ id: 1, v: 2 }, { id: 1, v: 3 }])), []);
  assert.deepEqual(plain(L.numbers(42)), [["/", "", 42]]);
});

test("history keeps the last 60 values of each number; only those that changed are charted", () => {
  const history = new Map();
  for (let run = 0; run < 75; run++) L.gather(history, [["/cpu", "Cpu", run % 7], ["/total", "Total", 100]], 1000 * run);
  assert.equal(history.get("/cpu").points.length, 60);
  assert.deepEqual(plain(history.get("/cpu").points[0]), [15_000, 1]); // runs 15..74 kept
  assert.deepEqual(plain(history.get("/cpu").points.at(-1)), [74_000, 74 % 7]);
  assert.deepEqual(plain(L.moving(history).map((line) => line.label)), ["Cpu"]); // Total never changed
  assert.equal(L.moving(L.gather(new Map(), [["/a", "A", 1]], 0)).length, 0); // one run: nothing yet
  // two runs in one millisecond stay two points (the chart would sum them)
  const twice = L.gather(L.gather(new Map(), [["/a", "A", 1]], 5), [["/a", "A", 2]], 5);
  assert.deepEqual(plain(twice.get("/a").points), [[5, 1], [6, 2]]);
});

test("the model hears at most one summary every 3 s", () => {
  assert.equal(L.wait(10_000, -1e9), 0);
  assert.equal(L.wait(10_000, 9_000), 2_000);
  assert.equal(L.wait(12_000, 9_000), 0);
});
