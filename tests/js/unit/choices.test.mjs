// choices.js as shipped (choices.min.js): CU.canonicalJson / CU.sameJson (JSON values compared as values), and
// the checkboxes, radios, selects and constants of forms the server rendered for real tools
// (fixtures/forms.json): the value sent is the schema's (a number stays a number), never the
// control's text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";
import { FORMS, hydrated, plain } from "./forms.mjs";

/** Clicks a choice as a person does: it changes, and says so. */
function choose(form, control, on = true) {
  control.checked = on;
  control.dispatchEvent(new form.page.Event("change", { bubbles: true }));
}

test("canon: keys in any order are the same value; types, order of items and nesting are not", () => {
  const { CU } = load("runtime", "choices");
  assert.equal(CU.canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }), CU.canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  assert.equal(CU.canonicalJson({ b: 1, a: "x" }), '{"a":"x","b":1}');
  assert.equal(CU.canonicalJson(["a\"b", null, true, 1.5]), '["a\\"b",null,true,1.5]');
  assert.ok(CU.sameJson({ kind: "id", id: 7 }, { id: 7, kind: "id" }));
  assert.ok(!CU.sameJson(1, "1"));
  assert.ok(!CU.sameJson([1, 2], [2, 1]));
  assert.ok(!CU.sameJson({ a: null }, {}));
  assert.ok(!CU.sameJson({ a: { b: 1 } }, { a: { b: 1, c: 2 } }));
  assert.ok(CU.sameJson(null, null));
  assert.ok(!CU.sameJson(null, "null"));
  assert.ok(!CU.sameJson(0, false));
});

test("canon: every option of the real forms differs from the others (what a choice is found by)", () => {
  const { CU } = load("runtime", "choices");
  let lists = 0;
  const walk = (node) => {
    const options = node.props && node.props.options;
    if (options) {
      lists++;
      const texts = options.map((option) => CU.canonicalJson(option.value));
      assert.equal(new Set(texts).size, texts.length, node.id);
      options.forEach((option, i) => assert.ok(CU.sameJson(option.value, JSON.parse(JSON.stringify(option.value))), `${node.id} ${i}`));
    }
    (node.children || []).forEach(walk);
  };
  Object.values(FORMS).forEach((form) => walk(form.tree));
  assert.ok(lists >= 5, `only ${lists} option lists`);
});

test("radios send the option's value in the schema's type: a string enum, a oneOf of numeric constants", async () => {
  const form = await hydrated("kitchen_sink", ["runtime", "choices", "fields"]);
  const radios = (bind) => Array.from(form.wrapper(bind).querySelectorAll("input.opt"));
  assert.equal("sort" in plain(form.CU.collect()), false, "untouched: nothing");
  choose(form, radios("/sort")[1]);
  assert.equal(plain(form.CU.collect()).sort, "date");
  choose(form, radios("/level")[1]);
  const level = form.CU.collect().level;
  assert.equal(level, 2);
  assert.equal(typeof level, "number");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { sort: "rating", level: 3 } });
  // The last radio of an optional choice is its "Not set".
  assert.deepEqual(radios("/sort").map((radio) => radio.checked), [false, false, true, false]);
  assert.deepEqual(radios("/level").map((radio) => radio.checked), [false, false, true, false]);
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { sort: "not an option" } });
  assert.deepEqual(radios("/sort").map((radio) => radio.checked), [false, false, false, false], "a value that is no option chooses none");
  assert.equal("sort" in plain(form.CU.collect()), false);
});

test("a radio's default is sent; its Not set choice sends nothing", async () => {
  const form = await hydrated("list_issues", ["runtime", "choices"]);
  const radios = Array.from(form.wrapper("/state").querySelectorAll("input.opt"));
  form.input("/repo", "r");
  assert.equal(form.CU.collect().state, "open");
  choose(form, radios[2]);
  choose(form, radios[0], false);
  assert.equal(form.CU.collect().state, "all");
  radios.forEach((radio) => { radio.checked = false; });
  choose(form, radios[3]);
  assert.equal("state" in plain(form.CU.collect()), false);
});

test("a select sends its option's value; a host's value selects it", async () => {
  // github search_issues: sort has 11 choices, drawn as a <select> (option values: indexes).
  const form = await hydrated("search_issues", ["runtime", "choices"]);
  const select = form.control("/sort");
  assert.equal(select.localName, "select");
  form.input("/q", "is:open");
  assert.equal("sort" in plain(form.CU.collect()), false, "untouched: nothing");
  select.value = "3";
  select.dispatchEvent(new form.page.Event("change", { bubbles: true }));
  assert.equal(form.CU.collect().sort, "reactions--1");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { q: "x", sort: "reactions-+1" } });
  assert.equal(select.value, "2");
  assert.deepEqual(plain(form.CU.collect()), { q: "x", sort: "reactions-+1" });
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { q: "x" } });
  assert.equal(select.value, "", "cleared: the empty choice");
  assert.deepEqual(plain(form.CU.collect()), { q: "x" });
});

test("a checkbox: untouched and off sends nothing; on sends true; turned off sends false", async () => {
  const form = await hydrated("edit_file", ["runtime", "choices", "fields"]);
  const box = form.control("/dryRun");
  const dryRun = () => plain(form.CU.collect()).dryRun;
  assert.equal(dryRun(), undefined);
  choose(form, box);
  assert.equal(dryRun(), true);
  choose(form, box, false);
  assert.equal(dryRun(), false);
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { path: "/a", edits: [], dryRun: true } });
  assert.equal(box.checked, true);
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { path: "/a", edits: [], dryRun: "yes" } });
  assert.equal(box.checked, false, "only true checks it");
  assert.equal(dryRun(), false, "set by the host: sent");
});

test("a constant is always sent, whatever the host says", async () => {
  const form = await hydrated("kitchen_sink", ["runtime", "choices", "fields"]);
  assert.equal(form.CU.collect().version, "v1");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { version: "v2" } });
  assert.equal(form.CU.collect().version, "v1");
});

test("a key with / and ~ holds its checkbox's value", async () => {
  const form = await hydrated("pointer_keys", ["runtime", "choices"]);
  choose(form, form.control("/~01"));
  assert.deepEqual(plain(form.CU.collect()), { "~1": true });
});
