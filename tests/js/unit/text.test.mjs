// The text views (views.js): what kind a text is (CU.views.kind: the ranked detectors) and what
// each kind builds, on texts that real servers sent (fixtures/field/: recorded tools/call
// results), loaded from the shipped views.min.js into a linkedom DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views");
const { CU, document, Event } = loaded;
const V = CU.views;
const FIELD = new URL("../../../fixtures/field/", import.meta.url);

/** The text of a recorded result's content block. */
function fieldText(name, index = 0) {
  const entry = JSON.parse(readFileSync(new URL(`${name}.json`, FIELD), "utf8"));
  return entry.result.content[index].text;
}
/** A result rendered into a fresh box (en-GB, links opened by the host unless told). */
const render = resultRenderer(loaded);
const renderText = (text, options) => render({ content: [{ type: "text", text }] }, options);
// Values made in the views' context (another realm) compared as plain JSON.
const plain = (value) => JSON.parse(JSON.stringify(value));
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);
const headers = (box) => texts(box, "th");
const rows = (box) => Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td"));

// ------------------------------------------------------------------ kind(): the detectors

const KINDS = [
  // CSV: at least two data rows, every line the same number of cells, short header names
  ["filesystem__read_text_file__csv", ","],
  ["cli__run_command__csv", ","],
  ["database-server__export_query__csv", ","], // quoted cells
  ["mysql__execute_sql__retention", ","],
  ["mysql__get_schema_info", ","],
  // TSV
  ["filesystem__read_text_file__tsv", "\t"],
  // aligned plain-text tables, with and without a rule of dashes
  ["cli__run_command__sqlite", "aligned"],
  ["code-runner__run-code__aligned", "aligned"],
  // unified diffs (git diff, git show: a commit header before the diff)
  ["git__git_diff", "diff"],
  ["git__git_diff_unstaged", "diff"],
  ["git__git_show", "diff"],
  // key: value records
  ["alchemy__execute_query", "kv"],
  ["alchemy__schema_definitions", "kv"],
  ["git__git_log", "kv"],
  ["dbutils__dbutils-describe-table", "kv"],
  ["dbutils__dbutils-list-tables", "kv"],
  ["filesystem__get_file_info", "kv"],
  // line-structured: logs, code, listings, tracebacks, JS stacks, a CSV whose rows do not agree
  ["filesystem__read_text_file__log", "lines"],
  ["filesystem__read_text_file__code", "lines"],
  ["cli__run_command", "lines"],
  ["cli__run_command__wc", "lines"],
  ["code-runner__run-code__traceback", "lines"],
  ["code-runner__run-code__stack", "lines"],
  ["filesystem__list_directory", "lines"],
  ["filesystem__search_files", "lines"],
  ["git__git_status", "lines"],
  ["mysql__get_table_sample", "lines"],
  ["excel-go__excel_read_sheet", "html"], // read inertly: its tables as tables, never markup
  // markdown: a table, or two signs of it
  ["filesystem__read_text_file__markdown", "md"],
  ["markitdown__convert_to_markdown__csv", "md"],
  ["markitdown__convert_to_markdown__xlsx", "md"],
  ["fetch__fetch__table", "md"],
  ["webcal__events_on__markdown", "md"],
  // prose: one line, or long lines that end sentences
  ["everything__get-sum", "prose"],
  ["everything__echo", "prose"],
  ["sympy__sympy_series", "prose"],
  ["eslint__lint-files", "prose"],
  ["chroma__chroma_create_collection", "prose"],
  ["alchemy__all_table_names", "prose"], // "sales, retention, people": one line is no CSV
];

for (const [name, kind] of KINDS) {
  test(`kind: ${name} is ${JSON.stringify(kind)}`, () => {
    assert.equal(V.kind(fieldText(name)), kind);
  });
}

test("kind: a diff needs both a hunk header and a file line", () => {
  const diff = fieldText("git__git_diff");
  assert.notEqual(V.kind(diff.replace(/^--- .*$/gm, "")), "diff");
  assert.notEqual(V.kind(diff.replace(/^@@ .*$/gm, "")), "diff");
});

test("kind: CSV needs two data rows; TSV one", () => {
  assert.equal(V.kind("city,population\nOslo,709037\n"), "lines");
  assert.equal(V.kind("city,population\nOslo,709037\nBergen,291189\n"), ",");
  assert.equal(V.kind("id\tname\n1\tAda\n"), "\t");
});

test("kind: a header cell that is empty, long or starts with a space is no CSV header", () => {
  assert.equal(V.kind(",b\n1,2\n3,4\n"), "lines");
  assert.equal(V.kind("a, b\n1, 2\n3, 4\n"), "lines");
  assert.equal(V.kind(`${"x".repeat(65)},b\n1,2\n3,4\n`), "lines");
});

test("kind: a log is lines when more than half of them start with a time or a level", () => {
  const log = fieldText("filesystem__read_text_file__log").split("\n").slice(0, 4);
  assert.equal(V.kind(log.join("\n")), "lines");
  assert.equal(V.kind(["INFO started", "WARNING slow", "the end of a sentence that is long enough to read as prose."].join("\n")), "lines");
});

test("kind: detection reads the first 64 KB only", () => {
  // nearly CSV everywhere: 10 MB of rows, then a line with another number of cells
  const line = "a,b,c\n", csv = "x,y,z\n" + line.repeat((10 * 1024 * 1024) / line.length);
  const start = performance.now();
  assert.equal(V.kind(csv + "one,two\n"), ",");
  assert.ok(performance.now() - start < 1000);
  // the same break inside the first 64 KB is seen
  assert.equal(V.kind("x,y,z\n" + line.repeat(10) + "one,two\n" + line.repeat(10)), "lines");
});

test("kind: a markdown table counts alone; one other sign of markdown does not", () => {
  assert.equal(V.kind("| a | b |\n|---|---|\n| 1 | 2 |"), "md");
  assert.equal(V.kind("# Title\nsome text\nmore text"), "lines");
  assert.equal(V.kind("# Title\n\n**bold** text"), "md");
});

test("kind: key: value lines must be at least half the lines, and more than one", () => {
  assert.equal(V.kind("Echo: hello field"), "prose");
  assert.equal(V.kind("Key: one\nOther: two\nplain line\nanother plain line\nthird plain line"), "lines");
  assert.equal(V.kind("Key: one\nOther: two\nplain line"), "kv");
});

// ------------------------------------------------------------------ what each kind builds

test("CSV: a table, numbers grouped from 10 000, years not; a column of numbers is numeric", () => {
  const box = renderText(fieldText("filesystem__read_text_file__csv"));
  assert.deepEqual(headers(box), ["City", "Country", "Population", "Founded"]);
  assert.equal(rows(box).length, 4);
  assert.deepEqual(rows(box)[0], ["Oslo", "Norway", "709,037", "1040"]);
  assert.equal(box.querySelectorAll("td.num").length, 8);
  assert.equal(box.querySelector(".tbl").rows[0][2], 709037); // the data rides on the table, as numbers
});

test("CSV: quoted cells lose their quotes", () => {
  const box = renderText(fieldText("database-server__export_query__csv"));
  assert.deepEqual(headers(box), ["ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  assert.deepEqual(rows(box)[0].slice(1, 4), ["North", "Gizmo", "2026-Q1"]);
  assert.equal(texts(box, "td").filter((t) => t.includes('"')).length, 0);
});

test("CSV: an empty cell in a numeric column has no value (drawn '—', not JSON's null)", () => {
  const box = renderText("name,score\nAda,92.5\nAlan,\nGrace,95.25\n");
  assert.deepEqual(rows(box).map((r) => r[1]), ["92.50", "—", "95.25"]); // the column's decimals, the same for each
  assert.equal(box.querySelector(".tbl").rows[1][1], undefined);
  // a column with no cell filled is no number column: its empty texts stay, each "—"
  const empty = renderText("COLUMN_NAME,COLUMN_COMMENT\nid,\nregion,\n");
  assert.deepEqual(rows(empty), [["id", "—"], ["region", "—"]]);
  assert.equal(box.querySelectorAll("td.num").length, 3);
});

test("TSV: a table", () => {
  const box = renderText(fieldText("filesystem__read_text_file__tsv"));
  assert.deepEqual(headers(box), ["ID", "Name", "Score"]);
  assert.deepEqual(rows(box), [["1", "Ada", "92.50"], ["2", "Alan", "88.00"], ["3", "Grace", "95.25"]]);
});

test("aligned: columns cut where every line is blank, the rule of dashes dropped", () => {
  const box = renderText(fieldText("cli__run_command__sqlite"));
  assert.deepEqual(headers(box), ["City", "Population", "Founded"]);
  assert.deepEqual(rows(box)[0], ["Oslo", "709,037", "1040"]);
  assert.equal(rows(box).length, 4);
  const right = renderText(fieldText("code-runner__run-code__aligned")); // right-aligned numbers
  assert.deepEqual(headers(right), ["Region", "Revenue", "Units"]);
  assert.deepEqual(rows(right)[1], ["South", "11,981", "287"]); // revenue: money, no cents past ten thousand
  assert.equal(right.querySelectorAll("tbody tr")[1].children[1].firstChild.title, "11980.5", "the exact amount in reach");
});

test("diff: one span a line, marked by class", () => {
  const text = fieldText("git__git_diff"), box = renderText(text);
  const pre = box.querySelector("pre.diff");
  const lines = text.split(/\r?\n/);
  assert.equal(pre.children.length, lines.length);
  assert.equal(pre.textContent, lines.map((l) => l + "\n").join(""));
  const classOf = (start) => Array.from(pre.children).filter((s) => s.textContent.startsWith(start)).map((s) => s.className);
  assert.ok(classOf("+++ ").every((c) => c === "d-meta") && classOf("--- ").every((c) => c === "d-meta"));
  assert.ok(classOf("diff --git").every((c) => c === "d-meta") && classOf("index ").every((c) => c === "d-meta"));
  assert.ok(classOf("@@").length > 0 && classOf("@@").every((c) => c === "d-hunk"));
  assert.ok(pre.querySelectorAll(".d-add").length > 0 && pre.querySelectorAll(".d-del").length > 0);
  assert.ok(Array.from(pre.querySelectorAll(".d-add")).every((s) => s.textContent.startsWith("+")));
});

test("key: value: records alike are rows of one table, each named by the line before it", () => {
  const box = renderText(fieldText("alchemy__execute_query"));
  assert.equal(box.querySelectorAll("table").length, 1);
  assert.deepEqual(headers(box), ["", "ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  assert.deepEqual(rows(box)[0], ["1. row", "19", "East", "Widget", "2026-Q1", "1413.50", "18"]);
});

test("key: value: records with other keys stay apart, each under its line", () => {
  const box = renderText(fieldText("alchemy__schema_definitions"));
  assert.equal(box.querySelectorAll("table").length, 0);
  assert.deepEqual(texts(box, "h3"), ["sales:", "people:"]);
  const lists = box.querySelectorAll("dl.kv");
  assert.equal(lists.length, 2);
  assert.deepEqual(texts(lists[0], "dt"), ["ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  assert.deepEqual(texts(lists[1], "dt"), ["ID", "Name", "Born", "Skills"]);
});

test("key: value: a text line between records stays text; a record alone is a list of pairs", () => {
  const box = renderText(fieldText("dbutils__dbutils-describe-table"));
  assert.deepEqual(texts(box, "h3"), ["[postgres]"]);
  assert.deepEqual(texts(box.querySelector("dl.kv"), "dt"), ["Table", "Comment"]);
  assert.deepEqual(texts(box, "pre.text-block"), ["Columns:"]);
  assert.deepEqual(rows(box).map((r) => r[0]), ["cohort (character varying)", "cohort_size (integer)", "month (integer)", "retained_pct (numeric)"]);
  const log = renderText(fieldText("git__git_log"));
  assert.deepEqual(texts(log, "th button"), ["Commit", "Author", "Date", "Message"]);
  assert.equal(rows(log).length, 2);
});

test("key: value: true and false read as yes and no", () => {
  const box = renderText(fieldText("filesystem__get_file_info"));
  assert.equal(box.querySelector(".yn-false").textContent, "No");
  assert.equal(box.querySelector(".yn-true").textContent, "✓ Yes");
});

test("lines: monospace, every line kept", () => {
  for (const name of ["filesystem__read_text_file__log", "cli__run_command", "filesystem__read_text_file__code"]) {
    const text = fieldText(name), pre = renderText(text).querySelector("pre");
    assert.equal(pre.className, "json lines", name);
    assert.equal(pre.textContent, text, name);
  }
});

test("prose: wrapped text, lines kept", () => {
  const text = fieldText("everything__get-sum"), box = renderText(text);
  assert.equal(box.querySelector("pre").className, "text-block");
  assert.equal(box.textContent, text);
});

test("HTML in a text: its tables are tables of the cells' text, its headings, lists and paragraphs markdown's; never markup", () => {
  const box = renderText(fieldText("excel-go__excel_read_sheet"));
  assert.equal(box.querySelectorAll("h2").length, 0); // no element of the text's own: the markdown subset's, two levels down
  // a sheet's column letters over a first row of names: the names head it, each its letter under it
  assert.deepEqual(Array.from(box.querySelectorAll("th button"), (b) => b.textContent), ["", "ID", "Region", "Product", "Quarter", "Revenue", "Units"]);
  assert.deepEqual(texts(box, "th small"), ["A", "B", "C", "D", "E", "F"]);
  assert.equal(rows(box).length, 7);
  assert.deepEqual(rows(box)[0], ["2", "1", "North", "Widget", "2026-Q1", "1191.50", "12"]); // its numbers numbers now, revenue money's cents
  // letters over a row that is data (a number first) stay the heading
  const data = renderText("<table><tr><th></th><th>A</th><th>B</th></tr><tr><th>1</th><td>7</td><td>x</td></tr><tr><th>2</th><td>8</td><td>y</td></tr></table>");
  assert.deepEqual(Array.from(data.querySelectorAll("th button"), (b) => b.textContent), ["", "A", "B"]);
  assert.deepEqual(texts(box, ".md h4"), ["Read Sheet", "Sheet Data", "Metadata", "Notice"]);
  assert.deepEqual(texts(box, ".md ul > li"), ["backend: excelize", "sheet name: Sales", "read range: A1:F8"]); // one list
  assert.deepEqual(texts(box, ".md p"), ["This is the last range or no more ranges available."]);
  assert.ok(!box.textContent.includes("<"));
  // lines without headings, lists or paragraphs stay the lines they are
  const plain = renderText("Rows:<br>\n<table><tr><th>a</th></tr><tr><td>1</td></tr></table>\nend<br>done");
  assert.deepEqual(texts(plain, "pre.text-block"), ["Rows:", "end\ndone"]);
});

test("HTML in a text: cells are read as text, whatever markup they hold; a table without <th> has no header", () => {
  const box = renderText("<table><tr><td><b>Oslo</b><img src=x onerror=alert(1)></td><td>709037</td></tr><tr><td>Bergen<script>alert(2)</script></td><td>291189</td></tr></table>");
  assert.deepEqual(headers(box), ["Column 1", "Column 2"]);
  assert.deepEqual(rows(box), [["Oslo", "709,037"], ["Bergenalert(2)", "291,189"]]); // a script's text is text
  assert.equal(box.querySelectorAll("img, script, b").length, 0);
});

test("HTML without a table is its source, in monospace", () => {
  const source = "<div class=\"card\">\n  <p>Saved <b>3</b> files.</p>\n</div>";
  assert.equal(V.kind(source), "html");
  const box = renderText(source);
  assert.equal(box.querySelector("pre.lines").textContent, source);
  assert.equal(box.querySelectorAll("div.card, b").length, 0);
  assert.equal(V.kind("if a < b and c > d then it is fine"), "prose"); // a comparison is no markup
});

// ------------------------------------------------------------------ markdown

test("markdown: headings two levels down, inline bold and code, lists", () => {
  const box = renderText(fieldText("filesystem__read_text_file__markdown"));
  const md = box.querySelector(".md");
  assert.equal(md.querySelector("h3").textContent, "Field notes");
  assert.equal(md.querySelector("strong").textContent, "compile-ui");
  assert.ok(md.querySelectorAll("ul li").length >= 2);
});

test("markdown: a table, its header as keys are written, its rule dropped", () => {
  const box = renderText(fieldText("markitdown__convert_to_markdown__csv"));
  assert.deepEqual(headers(box), ["City", "Country", "Population", "Founded"]);
  assert.equal(rows(box).length, 4);
  assert.deepEqual(rows(box)[0], ["Oslo", "Norway", "709,037", "1040"]); // a column of numbers holds numbers (a year as written)
  assert.equal(box.querySelectorAll("td.nw").length, 16);
  assert.equal(box.querySelectorAll(".tbl table").length, 1); // the views' table: sorted, filtered, paged
});

test("markdown: a fetched page: its heading, paragraph and table", () => {
  const box = renderText(fieldText("fetch__fetch__table"));
  assert.equal(box.querySelector("h4").textContent, "Sales by region, 2026-Q3");
  assert.deepEqual(headers(box), ["Region", "Revenue", "Units"]);
  assert.equal(rows(box).length, 4);
});

test("markdown: a link is a link only when the host opens links, and only http(s)", () => {
  const text = "# Links\n\nSee [the docs](https://example.org/docs) and [this](javascript:alert(1)).";
  const box = renderText(text);
  const links = box.querySelectorAll("a");
  assert.equal(links.length, 1);
  assert.equal(links[0].getAttribute("href"), "https://example.org/docs");
  const click = new Event("click", { cancelable: true });
  links[0].dispatchEvent(click);
  assert.deepEqual(box.opened, ["https://example.org/docs"]); // through the host, never the page itself
  assert.ok(click.defaultPrevented);
  const plain = renderText(text, { openLinks: false });
  assert.equal(plain.querySelectorAll("a").length, 0);
  assert.ok(plain.textContent.includes("the docs (https://example.org/docs)"));
});

test("markdown: quotes nest, fences keep their code as text", () => {
  const box = renderText("# Notes\n\n> quoted **bold**\n> > deeper\n\n```\n<b>code</b>\n```\n");
  assert.equal(box.querySelectorAll("blockquote").length, 2);
  assert.equal(box.querySelector("blockquote strong").textContent, "bold");
  assert.equal(box.querySelector("pre code").textContent, "<b>code</b>");
  assert.equal(box.querySelectorAll("b").length, 0);
});

// ------------------------------------------------------------------ terminal output

test("ANSI: colours and bold as classes, escapes gone", () => {
  const text = fieldText("code-runner__run-code__ansi"), box = renderText(text);
  const pre = box.querySelector("pre");
  assert.equal(pre.className, "json lines");
  assert.ok(!/\x1b/.test(pre.textContent));
  assert.equal(pre.textContent, text.replace(/\x1b\[[\d;]*m/g, ""));
  const spans = Array.from(pre.querySelectorAll("span"), (s) => [s.className, s.textContent]);
  assert.deepEqual(spans, [["t1 c2", "PASS"], ["t1 c1", "FAIL"], ["c3", "ZeroDivisionError"]]);
});

test("ANSI: SGR rules: bright colours as their base, 22 ends bold, 39 the colour, 256 colours skipped", () => {
  const parts = (s) => plain(V.text.terminal(s).map((p) => (typeof p === "string" ? p : [p.className, p.textContent])));
  assert.deepEqual(parts("\x1b[91mred\x1b[0m plain"), [["c1", "red"], " plain"]);
  assert.deepEqual(parts("\x1b[1;2;34mx\x1b[22my\x1b[39mz"), [["t1 t2 c4", "x"], ["c4", "y"], "z"]);
  assert.deepEqual(parts("\x1b[38;5;196mx\x1b[38;2;1;2;3;32my"), ["x", ["c2", "y"]]);
  assert.deepEqual(parts("\x1b[42mon green\x1b[K"), ["on green"]); // backgrounds and other sequences dropped
});

test("ANSI: a line redrawn with carriage returns shows as it ended; control characters go", () => {
  const parts = V.text.terminal("\x1b[32m10%\r50%\r100%\x1b[0m\ndone\x07\n");
  // (the segments overwritten go with the codes in them: the last one shows uncoloured)
  assert.equal(parts[0], "100%");
  assert.equal(parts.map((p) => (typeof p === "string" ? p : p.textContent)).join(""), "100%\ndone\n");
  assert.deepEqual(plain(V.text.terminal("no escapes\tat all\n")), ["no escapes\tat all\n"]);
});

test("errors: a traceback under its exception, a JS stack under its message; a message is a paragraph", () => {
  const traceback = fieldText("code-runner__run-code__traceback"), lines = traceback.trim().split("\n");
  const shown = render({ isError: true, content: [{ type: "text", text: traceback }] }).querySelector(".alert-error");
  assert.equal(shown.getAttribute("role"), "alert");
  assert.equal(shown.querySelector("p").textContent, lines.at(-1)); // the message first
  assert.equal(shown.querySelector("pre.lines").textContent, lines.slice(0, -1).join("\n"));
  const stack = fieldText("code-runner__run-code__stack"), frames = stack.trim().split("\n");
  const stacked = render({ isError: true, content: [{ type: "text", text: stack }] }).querySelector(".alert-error");
  // the error thrown first (not the wrapper's "Error: Command failed"); the whole text below, lines kept
  assert.equal(stacked.querySelector("p").textContent, "TypeError: Cannot read properties of undefined (reading 'name')");
  assert.equal(stacked.querySelector("pre.lines").textContent, frames.join("\n"));
  const message = fieldText("time__convert_time__bad-zone");
  const box = render({ isError: true, content: [{ type: "text", text: message }] });
  assert.equal(box.querySelector(".alert-error p").textContent, message.replace("Error executing tool convert_time: ", ""));
  box.querySelector(".alert-error details.srv").remove(); // (the text as sent, one click away)
  assert.equal(box.querySelectorAll("pre").length, 0);
  const untold = render({ isError: true, content: [] });
  assert.ok(untold.querySelector(".alert-error p").textContent.length > 0);
});

// ------------------------------------------------------------------ Python literals

const pylit = (text) => { const value = V.text.pythonLiteral(text); return value === undefined ? value : plain(value); };

test("Python literals: dicts in single quotes, None/True/False, tuples", () => {
  assert.deepEqual(pylit(fieldText("code-runner__run-code__dict")), { mean: 17.14, median: 15, modes: [15], n: 7 });
  assert.deepEqual(pylit(fieldText("code-runner__run-code__matrix")), [[1, 0.62, 0.38], [1, 0.65, 0.41], [1, 0.7, null]]);
  assert.deepEqual(pylit(fieldText("code-runner__run-code__tuples")), [[1, "North", 1250.5], [2, "South", 980], [3, "East", 1410.25]]);
  assert.deepEqual(pylit(fieldText("duckdb__query__load")), [[36]]); // (36,): a trailing comma
  assert.deepEqual(pylit(fieldText("math__divmod_operation")), [168, 10]);
  assert.deepEqual(pylit("{'ok': True, 'no': False, 'it''s': \"x\", 'q': 'it\\'s'}"), undefined); // 'it''s' is no Python
  assert.deepEqual(pylit("{'ok': True, 'no': False, 'q': 'it\\'s', 'd': \"double\"}"), { ok: true, no: false, q: "it's", d: "double" });
});

test("Python literals: long ints stay whole as text, '1.' is 1.0", () => {
  assert.deepEqual(pylit("[12345678901234567890, 1., -9007199254740993]"), ["12345678901234567890", 1, "-9007199254740993"]);
});

test("Python literals: numpy arrays are their values; a mismatched bracket is no literal", () => {
  const numpy = pylit(fieldText("code-runner__run-code__numpy"));
  assert.deepEqual(numpy.units, [310, 287, 342]);
  const chroma = pylit(fieldText("chroma__chroma_peek_collection"));
  assert.deepEqual(chroma.embeddings, []);
  assert.equal(V.text.pythonLiteral("[(1, 2]"), undefined);
  assert.equal(V.text.pythonLiteral("array([1, 2], [3])"), undefined); // an array of more than one value
  assert.equal(V.text.pythonLiteral("Matrix([[x, 2], [7, 4]])"), undefined); // sympy's matrix of symbols: no literal (one of numbers is: literal.test.mjs)
  assert.equal(V.text.pythonLiteral("plain text"), undefined);
});

test("Python literals render as the data they stand for", () => {
  const box = renderText(fieldText("sqlite__read_query"));
  assert.deepEqual(headers(box), ["ID", "Region", "Quarter", "Revenue", "Units"]);
  assert.equal(rows(box).length, 12);
  const grid = renderText(fieldText("duckdb__query"));
  assert.deepEqual(headers(grid), ["Column 1", "Column 2", "Column 3", "Column 4", "Column 5", "Column 6"]); // a grid without a header row
  assert.deepEqual(rows(grid)[0], ["1", "North", "Widget", "2026-Q1", "1191.5", "12"]);
});

// ------------------------------------------------------------------ lines(): an array that is one text

test("an array of strings is the lines of one text: nbformat's lines, a traceback's coloured lines", () => {
  assert.equal(V.text.lines(["for r in rows:\n", "    print(r)"]), "for r in rows:\n    print(r)");
  const traceback = JSON.parse(readFileSync(new URL("jupyter-notebook__notebook_code_run__error.json", FIELD), "utf8")).result.structuredContent.outputs[0].traceback;
  const text = V.text.lines(traceback);
  assert.equal(text.split("\n").at(-1), "\x1b[31mZeroDivisionError\x1b[39m: float division by zero");
  assert.ok(text.includes("Traceback (most recent call last)\n"));
  // not one text: words, one line, numbers
  for (const value of [["North", "South"], ["a\n"], ["a\n", 2], "a\nb", [["a\n"], "b"]]) assert.equal(V.text.lines(value), undefined, JSON.stringify(value));
});

test("a traceback's lines show as one terminal block in monospace; a list holding lines of text is not inline", () => {
  const entry = JSON.parse(readFileSync(new URL("jupyter-notebook__notebook_cell_read__error.json", FIELD), "utf8"));
  const box = render(entry.result);
  const pre = Array.from(box.querySelectorAll("pre")).filter((n) => n.textContent.includes("Traceback (most recent call last)"));
  assert.equal(pre.length, 1);
  assert.ok(pre[0].textContent.endsWith("ZeroDivisionError: float division by zero"));
  const mixed = render({ structuredContent: { text_outputs: ["3 regions\n", "<IPython.core.display.Markdown object>", "1021.75"] } });
  assert.equal(mixed.querySelector(".inl"), null);
  assert.equal(mixed.querySelectorAll("li").length, 3);
});

test("markdown: \"---\" between sections is a rule, under a paragraph a heading's underline; never its dashes as text", () => {
  const text = fieldText("webcal__events_on__markdown");
  const box = render({ content: [{ type: "text", text }] });
  assert.equal(box.querySelectorAll(".md hr").length, text.split("\n").filter((line) => line.trim() === "---").length);
  assert.ok(!/(^|\n)---(\n|$)/.test(box.textContent));
  const setext = render({ content: [{ type: "text", text: "# Notes\n\nTotals\n---\nAll **three** regions grew.\n\n* * *\n\n- one\n- two" }] });
  assert.deepEqual(Array.from(setext.querySelectorAll(".md h4"), (h) => h.textContent), ["Totals"]);
  assert.equal(setext.querySelectorAll(".md hr").length, 1);
  assert.equal(setext.querySelectorAll(".md li").length, 2);
  // records of several lines between "---" are records and rules, never headings
  const records = render({ content: [{ type: "text", text: "## Events\n**Event:** Standup\n**When:** 10:00\n---\n**Event:** Review\n**When:** 14:00" }] });
  assert.deepEqual(Array.from(records.querySelectorAll(".md h4"), (h) => h.textContent), ["Events"]); // its own heading only
  assert.equal(records.querySelectorAll(".md hr").length, 1);
});

test("sections: a text's titles (banners, lines over a rule) split it; each section is read by its own kind", () => {
  const rules = renderText(fieldText("cli__show_security_rules"));
  assert.deepEqual(texts(rules, "h3"), ["Security Configuration", "Allowed Commands", "Allowed Flags", "Security Limits"]);
  assert.deepEqual(Array.from(rules.querySelectorAll("dl.kv"), (list) => texts(list, "dt")), [["Working Directory"], ["Max Command Length", "Command Timeout"]]);
  assert.ok(rules.textContent.includes("cat, ls, sort, sqlite3, wc"));
  assert.ok(!/---|===/.test(rules.textContent)); // the rules are the titles' lines, not text
  const notebook = renderText(fieldText("jupyter__read_notebook"));
  assert.deepEqual(texts(notebook, "h3").slice(0, 2), ["Cell 0 | type: markdown | execution count: N/A", "Cell 1 | type: code | execution count: 1"]);
  assert.equal(texts(notebook, "h3").length, 5);
  assert.equal(texts(notebook, "pre")[0], "Notebook regions has 5 cells.");
  assert.ok(texts(notebook, "pre.lines").includes("revenue = [12450.0, 11980.5, 13002.25]\nunits = [310, 287, 342]\nsum(revenue) / sum(units)"));
});

test("sections: two titles at least; a rule under no title stays; markdown keeps its own headings", () => {
  assert.deepEqual(plain(V.text.sections("Totals:\n======\nsum: 3\n\nBy region\n---------\nNorth 1\n")), ["", "Totals", "sum: 3\n\n", "By region", "North 1\n\n"]);
  assert.deepEqual(plain(V.text.sections("lead\n### Part one ###\na\n=== Part two ===\nb")), ["lead\n", "Part one", "a\n", "Part two", "b\n"]);
  assert.equal(V.text.sections("Report\n======\nall good"), undefined); // one title: the text as it is
  assert.equal(V.text.sections("a\n\n-----\nb\n\n=====\nc"), undefined); // rules under blank lines: no titles
  assert.equal(V.text.sections("=====\n=====\n-----\n-----"), undefined); // a rule over a rule is no title
  const md = renderText("# Notes\n\nTotals\n---\nAll **three** grew.\n\nBy month\n---\n- one");
  assert.deepEqual(texts(md, ".md h4"), ["Totals", "By month"]);
});

test("markdown: a paragraph that is a CSV (a file among others, under its path) is its table", () => {
  const box = renderText(fieldText("filesystem__read_multiple_files"));
  assert.deepEqual(headers(box), ["City", "Country", "Population", "Founded"]);
  assert.deepEqual(rows(box)[0], ["Oslo", "Norway", "709,037", "1040"]);
  assert.ok(texts(box, ".md p").includes("/tmp/compile-ui-field/files/cities.csv:"));
  assert.deepEqual(texts(box, ".md h3"), ["Field notes"]);
  // lines with commas that are prose stay a paragraph
  const prose = renderText("# Notes\n\nFirst, we met.\nThen, we left.\nLater, we ate.\n\n- one\n- two");
  assert.equal(prose.querySelector("table"), null);
});

test("a time written out (JavaScript's Date, e-mail's and HTTP's, ctime's and git's) is drawn as the time it is, the text in its title", () => {
  assert.equal(V.text.written("Mon Nov 23 2026 11:34:30 GMT+0000 (Coordinated Universal Time)"), "2026-11-23T11:34:30+00:00");
  assert.equal(V.text.written("Mon, 23 Nov 2026 11:34:30 +0100"), "2026-11-23T11:34:30+01:00");
  assert.equal(V.text.written("3 Nov 2026 09:15 GMT"), "2026-11-03T09:15:00Z");
  assert.equal(V.text.written("Fri Nov 20 09:15:00 2026 +0100"), "2026-11-20T09:15:00+01:00");
  assert.equal(V.text.written("Fri Nov  6 09:15:00 2026"), "2026-11-06T09:15:00"); // ctime: no zone, a wall time
  for (const text of ["Mon Nox 23 2026 11:34:30 GMT+0000", "Mon Nov 23 2026", "23 Nov 2026", "on Mon, 23 Nov 2026 11:34:30 +0100"]) assert.equal(V.text.written(text), undefined, text);
  const box = renderText(fieldText("filesystem__get_file_info"));
  const created = box.querySelector("time");
  assert.equal(created.getAttribute("title"), "Mon Nov 23 2026 11:34:30 GMT+0000 (Coordinated Universal Time)");
  assert.equal(created.getAttribute("datetime"), "2026-11-23T11:34:30+00:00");
  assert.ok(!box.textContent.includes("Coordinated Universal Time"));
});

test("a query's select list names the columns of its unnamed rows: each alias, else its column, else its expression", () => {
  const selected = (width, query) => plain(V.text.selected(width, { query }));
  assert.deepEqual(selected(4, "select region, product, sum(revenue) as revenue, sum(units) as units from sales group by 1, 2"), ["region", "product", "revenue", "units"]);
  assert.deepEqual(selected(3, "SELECT s.region, count(*), max(x) AS \"Top\" FROM t"), ["region", "count(*)", "Top"]);
  assert.deepEqual(selected(2, "select distinct a, coalesce(b, 'x, y') b2\nfrom t"), ["a", "b2"]);
  assert.deepEqual(selected(3, "select cohort, any_value(cohort_size) as size, list(retained_pct order by month) as retained from retention group by cohort"), ["cohort", "size", "retained"]);
  // a star, another count of columns, no from, no query: no names
  for (const [width, query] of [[6, "select * from sales"], [2, "select t.*, a from t"], [3, "select a, b from t"], [1, "select 1"], [2, "Select two, please"]]) assert.equal(V.text.selected(width, { query }), false, query);
  assert.equal(V.text.selected(2, { limit: 3 }), false);
});

test("key: value: a line set in by four past the pairs, after a blank line, is text (git's commit message), not a pair", () => {
  const entry = JSON.parse(readFileSync(new URL("git-node__git_show.json", FIELD), "utf8"));
  const box = renderText(entry.result.structuredContent.content);
  assert.deepEqual(texts(box, "dt"), ["Author", "Date"]);
  assert.ok(texts(box, "pre").some((text) => text.includes("fib: comment the loop, print fib(40)")), box.textContent);
  // pairs set in under a line that names them stay pairs (dbutils' columns)
  assert.ok(texts(renderText(fieldText("dbutils__dbutils-describe-table")), "th").includes("Nullable"));
});

test("an empty record is a fact, none, as an empty list is: no heading over nothing", () => {
  const box = render({ structuredContent: { success: true, metadata: {}, tags: [] } });
  assert.deepEqual(texts(box, "dt"), ["Success", "Metadata", "Tags"]);
  assert.deepEqual(texts(box, "dd").slice(1), ["none", "none"]);
  assert.equal(box.querySelectorAll("h3").length, 0);
});

test("sections: records between rules stay records (a pair over a rule is no title); a long line is no banner", () => {
  const box = renderText("Name: alpha\nSize: 10\n----------\nName: beta\nSize: 20\n----------\nName: gamma\nSize: 30");
  assert.deepEqual(headers(box), ["Name", "Size"]);
  assert.equal(rows(box).length, 3);
  assert.equal(box.querySelectorAll("h3").length, 0);
  assert.equal(V.text.sections("=== a" + " ".repeat(300) + "b ===\nx\n=== c ===\ny"), undefined);
});

test("a query's select list: a trailing keyword is no alias (case … end, is null); a quoted alias keeps its spaces", () => {
  assert.deepEqual(plain(V.text.selected(3, { sql: "select case when a > 0 then 1 else 0 end, x is null, b as \"Total Sales\" from t" })), ["case when a > 0 then 1 else 0 end", "x is null", "Total Sales"]);
});

test("a grid of texts whose first row names columns that hold numbers' texts below is headed by that row (a Word table's preview)", () => {
  const box = render({ content: [], structuredContent: { preview: [["Region", "Revenue", "Units"], ["North", "12450.00", "310"], ["South", "11980.50", "287"]] } });
  assert.deepEqual(headers(box), ["Region", "Revenue", "Units"]);
  assert.deepEqual(rows(box).map((row) => row[0]), ["North", "South"]);
  // no number below a name, or numbers in the first row too: no header, every row a row
  const words = render({ content: [], structuredContent: { pairs: [["a", "b"], ["c", "d"], ["e", "f"]] } });
  assert.deepEqual(headers(words), ["Column 1", "Column 2"]);
  const years = render({ content: [], structuredContent: { years: [["2025", "12"], ["2026", "14"]] } });
  assert.deepEqual(headers(years), ["Column 1", "Column 2"]);
});

test("a standard deviation's one word is two: Stddev is 'Std dev'", () => {
  assert.equal(V.text.human("stddev"), "Std dev");
  assert.equal(V.text.human("price_stdev"), "Price std dev");
});
