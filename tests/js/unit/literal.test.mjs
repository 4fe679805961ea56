// Issue 50: Python-printed data (views.js pythonLiteral, a strict reader that evaluates nothing)
// and what the views make of it, on texts real Python servers sent (fixtures/field/).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views", "matrix", "plot");
const V = loaded.CU.views;
const render = resultRenderer(loaded);
const plain = (value) => (value === undefined ? value : JSON.parse(JSON.stringify(value)));
const read = (text) => plain(V.text.pythonLiteral(text));
const field = (name) => JSON.parse(readFileSync(new URL(`../../../fixtures/field/${name}.json`, import.meta.url), "utf8"));
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);

test("literal: tuples, lists, dicts, both quotes, True/False/None, the issue's own texts", () => {
  assert.deepEqual(read("[('Tromsø–Skjervøy', 48.5), ('Ålesund–Hareid', 59.75)]"), [["Tromsø–Skjervøy", 48.5], ["Ålesund–Hareid", 59.75]]);
  assert.deepEqual(read("{'name': 'x', 'ok': True, 'n': None, \"q\": \"it's\"}"), { name: "x", ok: true, n: null, q: "it's" });
  assert.deepEqual(read("{'a': (1,), 'b': (), 'c': ((1, 2)), 'd': []}"), { a: [1], b: [], c: [1, 2], d: [] }); // (x) is x
  assert.deepEqual(read("{1: 'one', 2.5: 'half', None: 0, True: 1}"), { 1: "one", 2.5: "half", None: 0, True: 1 }); // keys as their text
});

test("literal: strings mean what Python means by their escapes", () => {
  assert.deepEqual(read(String.raw`['a\nb', 'tab\there', '\x41\u00e9\U0001F600', 'it\'s', "say \"hi\"", 'back\\slash', '\101', 'keep\d']`),
    ["a\nb", "tab\there", "Aé😀", "it's", 'say "hi"', "back\\slash", "A", "keep\\d"]);
  assert.deepEqual(read("['one'\n 'two', 'three']"), ["onetwo", "three"]); // pprint splits a long string over lines
  assert.equal(read("['it''s']"), undefined); // adjacent on one line: no repr writes that
  assert.equal(read("['line\nbreak']"), undefined); // a raw line break in a quoted string
});

test("literal: numbers as Python writes them; an int past 2^53 kept whole as text", () => {
  assert.deepEqual(read("[1, -2, +3, 1_000, 1., .5, -2.5e-3, 1E5, 12345678901234567890, -9007199254740993]"),
    [1, -2, 3, 1000, 1, 0.5, -0.0025, 100000, "12345678901234567890", "-9007199254740993"]);
  for (const text of ["[0x10]", "[1j]", "[nan]", "[-inf]", "[1__0]", "[1.2.3]", "[--1]"]) assert.equal(read(text), undefined, text);
});

test("literal: anything else is text — a call, a set, bytes, a name, an unclosed or mismatched bracket, a scalar", () => {
  for (const text of ["[datetime.date(2026, 1, 1)]", "{1, 2}", "[b'x']", "[x]", "[(1, 2]", "[1, 2", "[1] tail",
    "Matrix([[x, 1], [0, x]])", "Symbol('x')", "(1)", "('a')", "plain text", "", "[1 2]", "{'a' 1}", "{(1, 2): 3}", "array([1, 2], [3])"]) assert.equal(read(text), undefined, text);
  assert.deepEqual(read("{'units': array([310, 287], dtype=int64), 'e': array([])}"), { units: [310, 287], e: [] }); // numpy's reprs
});

test("literal: Decimal('62.0') is the number it writes, kept as its text past 15 digits; any other Decimal is text", () => {
  // mcp-alchemy's rows of a NUMERIC[] column, as the Python driver gives them
  assert.deepEqual(read("[Decimal('100.0'), Decimal('62.0'), Decimal( \"-0.5\" ), Decimal('1E+2'), Decimal('.25')]"), [100, 62, -0.5, 100, 0.25]);
  // (past a double's digits or range: its text)
  assert.deepEqual(read("(Decimal('12345678901234567890.5'), Decimal('0.000000000000001234'), Decimal('1e400'))"), ["12345678901234567890.5", 0.000000000000001234, "1e400"]);
  for (const text of ["[Decimal('NaN')]", "[Decimal('Infinity')]", "[Decimal(1.5)]", "[Decimal('x')]", "[Decimal('1.5', 2)]", "[Decimal()]", "[Decimal('')]"]) {
    assert.equal(read(text), undefined, text);
  }
});

test("literal: no input throws or hangs: depth past 64, long and random texts", () => {
  assert.equal(read("[".repeat(100) + "]".repeat(100)), undefined);
  assert.deepEqual(read("[".repeat(60) + "]".repeat(60)).length, 1);
  assert.equal(read("(".repeat(200000)), undefined);
  const long = "[" + Array.from({ length: 100000 }, (x, i) => `('r${i}', ${i}.5, None)`).join(", ") + "]";
  const started = Date.now();
  assert.equal(read(long).length, 100000);
  assert.ok(Date.now() - started < 5000, "100 000 tuples read in under 5 s");
  // Random texts of the literal's own characters: each read returns (undefined or data), never throws.
  const ALPHABET = ["[", "]", "(", ")", "{", "}", ",", ":", "'", '"', "\\", " ", "\n", "1", ".", "e", "-", "_", "x", "True", "None", "array(", "Decimal(", "u", "N"];
  let seed = 50;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 5000; i++) {
    const text = "[" + Array.from({ length: Math.floor(next() * 40) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
    const value = V.text.pythonLiteral(text);
    assert.ok(value === undefined || typeof value === "object", text);
  }
});

test("a list of tuples (redis's zrange, FastMCP's {result: str(rows)}) is rows headed Column 1, 2; its text one click away", () => {
  const entry = field("redis__zrange");
  const box = render(entry.result);
  assert.deepEqual(texts(box, "th"), ["Column 1", "Column 2"]);
  assert.deepEqual(Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td")), [["Alan", "88.00"], ["Ada", "92.50"], ["Grace", "95.25"]]);
  const sent = box.querySelector("details.srv");
  assert.equal(sent.hasAttribute("open"), false);
  assert.equal(sent.querySelector("pre").textContent, entry.result.structuredContent.result);
  // a text block alone: the same rows, its text folded
  const only = render({ content: [{ type: "text", text: "{'name': 'x', 'ok': True, 'n': None}" }] });
  assert.deepEqual(texts(only, "dt"), ["Name", "Ok", "N"]);
  assert.deepEqual(texts(only, "dd"), ["x", "✓ Yes", "null"]);
  assert.equal(only.querySelector("details.srv pre").textContent, "{'name': 'x', 'ok': True, 'n': None}");
  // JSON needs no such fold: it is what the raw view shows
  assert.equal(render({ content: [{ type: "text", text: '{"name": "x"}' }] }).querySelector("details.srv"), null);
});

test("a list sent an item a block (numbers, tuples) is one list, not a headline a block", () => {
  const fib = render(field("math__fibonacci_sequence").result);
  assert.equal(fib.querySelectorAll(".tile, h2, h3").length, 0);
  assert.equal(fib.querySelector("p.inl").textContent, "0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89");
  const pairs = render(field("math__twin_prime_pairs").result);
  assert.deepEqual(Array.from(pairs.querySelectorAll("tbody tr"), (tr) => Array.from(tr.children, (td) => td.textContent)).slice(0, 2), [["3", "5"], ["5", "7"]]);
  assert.equal(pairs.querySelectorAll("details.srv").length, 1, "the printed tuples one click away, once");
  // numbers as written only: "00501" and a number past 2^53 are texts (no value changed)
  const zips = render({ content: [{ type: "text", text: "00501" }, { type: "text", text: "02134" }] });
  assert.ok(zips.textContent.includes("00501") && zips.textContent.includes("02134"));
  const big = render({ content: [{ type: "text", text: "12345678901234567890" }, { type: "text", text: "2" }] });
  assert.ok(big.textContent.includes("12345678901234567890"));
  // lists of other lengths are no rows of one table
  assert.equal(render({ content: [{ type: "text", text: "[1, 2, 3]" }, { type: "text", text: "[\"a\", \"b\"]" }] }).querySelectorAll("th").length, 0);
  // texts that are not all data of one kind stay the texts they are
  const mixed = render({ content: [{ type: "text", text: "Done" }, { type: "text", text: "42" }] });
  assert.ok(mixed.textContent.includes("Done") && mixed.textContent.includes("42"));
});

test("sympy's Matrix(X) is X: a matrix of numbers drawn as rows; a matrix of symbols stays text", () => {
  assert.deepEqual(read("Matrix([[2, 1], [7, 4]])"), [[2, 1], [7, 4]]);
  assert.deepEqual(read("[(2, 1, [Matrix([\n[1],\n[0]])]), (3, 1, [Matrix([\n[0],\n[1]])])]"), [[2, 1, [[[1], [0]]]], [3, 1, [[[0], [1]]]]]);
  assert.equal(read("Matrix([[x, 1], [0, x]])"), undefined);
  for (const text of ["Matrix({'a': 1})", "Matrix([[1]], dtype=int)", "Matrix([1, 2])", "Matrix('x')"]) assert.equal(read(text), undefined, text);
  const box = render(field("sympy__sympy_matrix_inverse").result);
  assert.deepEqual(Array.from(box.querySelectorAll("tbody tr"), (tr) => texts(tr, "td")), [["4", "-1"], ["-7", "2"]]);
  assert.equal(box.querySelector("details.srv pre").textContent, "Matrix([[4, -1], [-7, 2]])");
});
