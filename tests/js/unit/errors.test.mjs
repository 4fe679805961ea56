// Issue 50: errors read like the data they hold (views.js errorKind, errorView): a pydantic
// validation error, JSON in an error's text, a database's pointer (LINE n: and its caret),
// tracebacks; prose stays prose. Real errors where recorded (fixtures/field/), the rest as the
// servers' documented output is written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { load, resultRenderer } from "./harness.mjs";

const loaded = load("runtime", "views", "matrix", "plot");
const V = loaded.CU.views;
const render = resultRenderer(loaded);
const plain = (value) => JSON.parse(JSON.stringify(value));
const kind = (text) => plain(V.text.error(text));
const field = (name) => JSON.parse(readFileSync(new URL(`../../../fixtures/field/${name}.json`, import.meta.url), "utf8"));
const alert = (text) => render({ isError: true, content: [{ type: "text", text }] }).querySelector(".alert-error");
const texts = (box, selector) => Array.from(box.querySelectorAll(selector), (n) => n.textContent);

// PostgreSQL's error as psql and drivers print it (its documented form: the query's line after
// "LINE n: ", the caret under the offending token).
const PG = 'ERROR:  relation "arrivals" does not exist\nLINE 1: select * from arrivals where day = 3\n                      ^';

test("error kinds: a validation error, a pointer, a traceback and a stack are code; one line is prose", () => {
  const validation = field("redis__lrange__not-int").result.content[0].text; // real: redis-mcp-server 0.5.1
  assert.deepEqual(kind(validation), { k: "code", t: "Error executing tool lrange: 1 validation error for lrangeArguments", b: validation.split("\n").slice(1).join("\n") });
  assert.deepEqual(kind(PG), { k: "code", t: 'ERROR:  relation "arrivals" does not exist', b: PG.split("\n").slice(1).join("\n") });
  assert.equal(kind("Traceback (most recent call last):\n  File \"x.py\", line 1, in <module>\nKeyError: 'x'").t, "KeyError: 'x'");
  assert.equal(kind("TypeError: x is undefined\n    at render (/srv/app.js:41:17)").k, "code");
  // a JS stack under a wrapper's message (mcp-server-code-runner's node): the error thrown is the title, the whole text the code
  const stack = field("code-runner__run-code__stack").result.content[0].text;
  assert.deepEqual(kind(stack), { k: "code", t: "TypeError: Cannot read properties of undefined (reading 'name')", b: stack.trim() });
  // a caret under the first line points into it: no title, the whole text is code
  assert.deepEqual(kind("select * fro sales\n         ^\nsyntax error"), { k: "code", t: "", b: "select * fro sales\n         ^\nsyntax error" });
  assert.deepEqual(kind("Unknown zone: Mars/Olympus"), { k: "prose", t: "Unknown zone: Mars/Olympus" });
  assert.equal(kind("2 rows were refused:\nid,reason\n7,duplicate key\n9,missing name").k, "text"); // read by the result's kinds
});

test("error kinds: JSON or a Python dict in the text is data, its message field the title, else the prefix", () => {
  const bodied = kind('Error calling tool \'query\': {"status": "error", "errorType": "bad_data", "error": "invalid parameter \\"query\\": 1:23: parse error: unexpected end of input"}');
  assert.equal(bodied.k, "data");
  assert.equal(bodied.t, 'invalid parameter "query": 1:23: parse error: unexpected end of input');
  assert.equal(bodied.d.errorType, "bad_data");
  assert.deepEqual(kind("HTTP 404: {'detail': 'Not Found'}"), { k: "data", t: "Not Found", d: { detail: "Not Found" } });
  assert.deepEqual(kind('{"error": {"code": 7, "message": "quota exceeded\\nretry later"}}').t, "quota exceeded");
  assert.deepEqual(kind("Request failed: [1, 2]"), { k: "data", t: "Request failed:", d: [1, 2] });
  const dbhub = kind(field("dbhub__execute_sql__bad-table").result.content[0].text); // real: @bytebase/dbhub
  assert.equal(dbhub.t, "(conn:14, no: 1146, SQLState: 42S02) Table 'field.nowhere' doesn't exist");
});

test("an error that is code: monospace, lines kept, the caret under its column; its message the title", () => {
  const box = alert(PG);
  assert.deepEqual(texts(box, "p"), ['ERROR:  relation "arrivals" does not exist']);
  const pre = box.querySelector("pre.lines");
  assert.equal(pre.textContent, PG.split("\n").slice(1).join("\n"));
  const [query, caret] = pre.textContent.split("\n");
  assert.equal(query[caret.indexOf("^")], "a", "the caret points at arrivals");
  assert.equal(box.querySelectorAll("dl, table").length, 0); // "LINE 1: …" is no key: value record
  const validation = alert(field("redis__lrange__not-int").result.content[0].text);
  assert.match(validation.querySelector("pre.lines").textContent, /^start\n {2}Input should be a valid integer.*\[type=int_parsing, input_value='first', input_type=str\]/);
});

test("an error holding JSON after its prefix: its message, the object as data, the text one click away", () => {
  const text = 'Error calling tool \'query\': {"status": "error", "errorType": "bad_data", "error": "parse error"}';
  const box = alert(text);
  assert.deepEqual(texts(box, "p"), ["parse error"]);
  assert.deepEqual(texts(box, "dt"), ["Status", "Error type", "Error"]);
  assert.equal(box.querySelector("details.srv pre").textContent, text);
});

test("an error the Python SDK wrapped says its cause: no \"Error executing tool <name>:\" under the box's Error", () => {
  for (const name of ["chroma__chroma_get_collection_info__missing", "time__convert_time__bad-zone", "redis__lrange__not-int"]) {
    const sent = field(name).result.content[0].text, box = alert(sent);
    assert.equal(box.querySelector("strong").textContent, "Error");
    // the text as sent, wrapper and all, one click away (its exact value in reach)
    const folded = box.querySelector("details.srv");
    assert.ok(folded && !folded.open && folded.textContent.includes(sent.split("\n")[0]), name);
    folded.remove();
    assert.ok(!box.textContent.includes("Error executing tool"), name);
    assert.ok(box.textContent.includes(sent.split("\n")[0].replace(/^Error executing tool \w+: /, "")), name);
  }
  // with nothing after it (the SDK's UnexpectedToolError), the wrapper is all there is to say
  assert.ok(alert("Error executing tool lrange").textContent.includes("Error executing tool lrange"));
});
