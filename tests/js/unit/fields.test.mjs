// fields.js as shipped (fields.min.js): lists, maps, tuples, unions, multi-selects and files of
// forms the server rendered for real tools (fixtures/forms.json): rows cloned from templates, a
// host's values filled in and sent back as they came, the checks and their words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hydrated, plain, word } from "./forms.mjs";

const MODULES = ["runtime", "choices", "fields"];

/** Clicks a button as a person does. */
function click(form, button) {
  button.dispatchEvent(new form.page.Event("click", { bubbles: true }));
}

/** A list's or a map's rows, in order. */
const rows = (form, bind) => Array.from(form.wrapper(bind).querySelector(":scope > .body").children);

test("a list of objects (filesystem edit_file): the host's rows come back as they were sent", async () => {
  const form = await hydrated("edit_file", MODULES);
  const args = { path: "/tmp/a.txt", edits: [{ oldText: "a", newText: "b" }, { oldText: "line\n2", newText: "" }] };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: args });
  assert.equal(rows(form, "/edits").length, 2);
  assert.deepEqual(plain(form.CU.check()), args);
  // Each row's controls got ids of their own (labels keep pointing at their control).
  const ids = rows(form, "/edits").flatMap((row) => Array.from(row.querySelectorAll("[id]"), (node) => node.id));
  assert.equal(new Set(ids).size, ids.length);
  for (const label of rows(form, "/edits")[1].querySelectorAll("label[for]")) assert.ok(rows(form, "/edits")[1].querySelector("#" + label.getAttribute("for")));
});

test("a list: Add makes an empty row (its required text says so), Remove takes it away", async () => {
  const form = await hydrated("edit_file", MODULES);
  form.input("/path", "/a");
  const add = form.wrapper("/edits").querySelector(":scope > [data-action=add]");
  click(form, add);
  assert.equal(rows(form, "/edits").length, 1);
  assert.equal(form.CU.check(), form.CU.UNSET);
  const row = rows(form, "/edits")[0];
  assert.equal(row.querySelector(".err").textContent, word("required"));
  const [oldText, newText] = row.querySelectorAll(".ctl");
  for (const [control, text] of [[oldText, "x"], [newText, "y"]]) {
    control.value = text;
    control.dispatchEvent(new form.page.Event("input", { bubbles: true }));
  }
  assert.deepEqual(plain(form.CU.check()), { path: "/a", edits: [{ oldText: "x", newText: "y" }] });
  click(form, row.querySelector(":scope > [data-action=remove]"));
  assert.equal(rows(form, "/edits").length, 0);
  assert.deepEqual(plain(form.CU.check()), { path: "/a", edits: [] }, "a required list, emptied by hand, is sent empty");
});

test("list bounds: minItems (read_multiple_files) and maxItems (recipients) with the catalog's words", async () => {
  const files = await hydrated("read_multiple_files", MODULES);
  files.CU.NOTES["ui/notifications/tool-input"]({ arguments: { paths: [] } });
  assert.equal(files.CU.check(), files.CU.UNSET);
  assert.equal(files.error("/paths"), word("addAtLeast", 1));
  files.CU.NOTES["ui/notifications/tool-input"]({ arguments: { paths: ["/a", "/b"] } });
  assert.deepEqual(plain(files.CU.check()), { paths: ["/a", "/b"] });
  const sink = await hydrated("kitchen_sink", MODULES);
  const six = ["a@b.co", "b@b.co", "c@b.co", "d@b.co", "e@b.co", "f@b.co"];
  sink.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", recipients: six } });
  sink.CU.collect();
  assert.equal(sink.error("/recipients"), word("atMostItems", 5));
  sink.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", recipients: six.slice(0, 5) } });
  assert.deepEqual(plain(sink.CU.collect()).recipients, six.slice(0, 5));
});

test("a list's items are checked as their own fields: a bad e-mail in row 2", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", recipients: ["a@b.co", "nope"] } });
  assert.equal(form.CU.check(), form.CU.UNSET);
  const [first, second] = rows(form, "/recipients");
  assert.equal(first.querySelector(".err").textContent, "");
  assert.equal(second.querySelector(".err").textContent, word("notValid", "email"));
  assert.equal(form.CU.invalid.length, 1);
});

test("arrays of strings (github create_issue): optional lists untouched send nothing, filled send their items", async () => {
  const form = await hydrated("create_issue", MODULES);
  const base = { owner: "o", repo: "r", title: "t" };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: base });
  assert.deepEqual(plain(form.CU.check()), base);
  const args = { ...base, body: "b", assignees: ["me"], milestone: 3, labels: ["bug", "ui"] };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: args });
  assert.deepEqual(plain(form.CU.check()), args);
});

test("a list of objects with a select in each row (playwright browser_fill_form)", async () => {
  const form = await hydrated("browser_fill_form", MODULES);
  const args = { fields: [
    { name: "Email", target: "e12", type: "textbox", value: "a@b.co" },
    { element: "Remember me", name: "Remember", target: "e13", type: "checkbox", value: "true" },
  ] };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: args });
  assert.deepEqual(rows(form, "/fields").map((row) => row.querySelector("select").value), ["0", "1"]);
  assert.deepEqual(plain(form.CU.check()), args);
});

test("multi-select (unique enum items): sent in the order chosen; values that are no option dropped", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  const boxes = Array.from(form.wrapper("/tags").querySelectorAll("input.opt"));
  const choose = (box, on) => { box.checked = on; box.dispatchEvent(new form.page.Event("change", { bubbles: true })); };
  assert.equal("tags" in plain(form.CU.collect()), false);
  choose(boxes[2], true);
  choose(boxes[0], true);
  assert.deepEqual(plain(form.CU.collect()).tags, ["blue", "red"]);
  choose(boxes[2], false);
  assert.deepEqual(plain(form.CU.collect()).tags, ["red"]);
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { tags: ["green", "purple", "green", "red"] } });
  assert.deepEqual(boxes.map((box) => box.checked), [true, true, false]);
  assert.deepEqual(plain(form.CU.collect()).tags, ["green", "red"]);
});

test("a tuple (prefixItems): trailing empties left out, a gap is an error naming its position", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  const [latitude, longitude] = form.wrapper("/point").querySelectorAll(".ctl");
  const type = (control, text) => { control.value = text; control.dispatchEvent(new form.page.Event("input", { bubbles: true })); };
  type(latitude, "48.85");
  assert.deepEqual(plain(form.CU.collect()).point, [48.85]);
  type(latitude, "");
  type(longitude, "2.35");
  assert.equal(plain(form.CU.collect()).point, undefined);
  assert.equal(form.error("/point"), word("fillPosition", 1));
  assert.equal(form.error("/point/0"), word("required"), "and the position itself");
  type(latitude, "-33.9");
  assert.deepEqual(plain(form.CU.collect()).point, [-33.9, 2.35]);
});

test("a map (additionalProperties): keys as typed, / and ~ included; empty and repeated keys marked on the key", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  const headers = { "X-A": "1", "a/b~c": "2" };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", headers } });
  assert.deepEqual(plain(form.CU.collect()).headers, headers);
  const keys = rows(form, "/headers").map((row) => row.querySelector(".key"));
  keys[1].value = "X-A";
  assert.equal(form.CU.check(), form.CU.UNSET);
  assert.equal(keys[1].getAttribute("aria-invalid"), "true");
  assert.equal(keys[1].parentNode.querySelector(".err").textContent, word("duplicateKey"));
  keys[1].value = "";
  form.CU.collect();
  assert.equal(keys[1].parentNode.querySelector(".err").textContent, word("enterKey"));
  keys[1].value = "X-B";
  assert.deepEqual(plain(form.CU.check()).headers, { "X-A": "1", "X-B": "2" });
});

test("a union (oneOf by a const kind): the host's value picks its branch and comes back whole", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  const select = form.wrapper("/target").querySelector(":scope > .choose > select");
  assert.equal(select.value, "", "optional: no branch until chosen");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", target: { kind: "id", id: 7 } } });
  assert.equal(select.value, "1");
  assert.deepEqual(plain(form.CU.collect()).target, { kind: "id", id: 7 });
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", target: { kind: "name", name: "x" } } });
  assert.equal(select.value, "0");
  assert.deepEqual(plain(form.CU.collect()).target, { kind: "name", name: "x" });
  // An id that is not whole fits neither branch: the first is shown, with the value's own fields.
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", target: { kind: "id", id: 1.5 } } });
  assert.equal(select.value, "0");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q" } });
  assert.equal(select.value, "", "cleared: no branch");
  assert.equal("target" in plain(form.CU.collect()), false);
});

test("a file (base64): a host's content is sent back as it came, its size shown", async () => {
  const form = await hydrated("kitchen_sink", MODULES);
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAE=";
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", attachment: png } });
  assert.equal(plain(form.CU.collect()).attachment, png);
  assert.equal(form.wrapper("/attachment").querySelector(".file-info").textContent, word("prefilled", Math.floor(png.length * 3 / 4)));
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { query: "q", attachment: "" } });
  assert.equal(plain(form.CU.collect()).attachment, "", "an empty string the host sent stays one");
});
