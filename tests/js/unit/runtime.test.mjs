// runtime.js as shipped (runtime.min.js): el(), JSON Pointer tokens, and the form's text, number,
// date, JSON and object fields hydrated from forms compiler/render.py wrote for real tools
// (fixtures/forms.json): what collect() sends, what check() says, what a host's tool-input fills.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./harness.mjs";
import { FORMS, formControls, hydrated, plain, word } from "./forms.mjs";

/** Every node of a tree with a bind (the fields). */
function fieldNodes(node, out = []) {
  if (node.props && typeof node.props.bind === "string" && node.props.bind !== "") out.push(node);
  (node.children || []).forEach((child) => fieldNodes(child, out));
  return out;
}

test("el: attributes left out, written empty, as listeners, as style; data never becomes a handler or a script URL", () => {
  const { el } = load("runtime");
  const made = el("a", {
    class: "btn", hidden: true, title: null, "aria-busy": false, tabindex: 0,
    href: " javascript:alert(1)", onmouseover: "alert(1)", onclick: () => {},
    style: { color: "red" },
  }, "one ", 2, null, false, [" three", [" four"]]);
  assert.equal(made.getAttribute("class"), "btn");
  assert.equal(made.getAttribute("hidden"), "");
  assert.equal(made.hasAttribute("title"), false);
  assert.equal(made.hasAttribute("aria-busy"), false);
  assert.equal(made.getAttribute("tabindex"), "0");
  assert.equal(made.hasAttribute("href"), false, "a javascript: URL is dropped");
  assert.equal(made.hasAttribute("onmouseover"), false, "a handler attribute from data is dropped");
  assert.equal(made.hasAttribute("onclick"), false, "a function is a listener, not an attribute");
  assert.match(made.getAttribute("style"), /color:\s*red/);
  assert.equal(made.textContent, "one 2 three four");
  assert.equal(el("a", { href: "https://example.com/x" }).getAttribute("href"), "https://example.com/x");
});

test("el: a listener gets its events; an svg: tag is an SVG element", () => {
  const page = load("runtime");
  const seen = [];
  const button = page.el("button", { onclick: (e) => seen.push(e.type) });
  button.dispatchEvent(new page.Event("click"));
  assert.deepEqual(seen, ["click"]);
  const circle = page.el("svg:circle", { r: 3 });
  assert.equal(circle.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(circle.localName, "circle");
  assert.equal(circle.getAttribute("r"), "3");
});

test("JSON Pointer: esc escapes ~ then /, tok undoes it (~01 is the key ~1)", () => {
  const { CU } = load("runtime");
  assert.equal(CU.pointerTo("a/b"), "/a~1b");
  assert.equal(CU.pointerTo("x~y"), "/x~0y");
  assert.equal(CU.pointerTo("~1"), "/~01");
  assert.equal(CU.pointerTo(""), "/");
  assert.equal(CU.unescapeToken("~01"), "~1");
  assert.equal(CU.unescapeToken("a~1b~0c"), "a/b~c");
  for (const key of ["a/b", "x~y", "~1", "~0/~1", "/", "~", "plain", "ü/😀"]) assert.equal(CU.unescapeToken(CU.pointerTo(key).slice(1)), key);
});

test("JSON Pointer: the key of every field the compiler bound is its pointer's last token, escaped as Python escaped it", () => {
  const { CU } = load("runtime");
  let checked = 0;
  for (const [tool, form] of Object.entries(FORMS)) {
    for (const node of fieldNodes(form.tree)) {
      const bind = node.props.bind, last = bind.slice(bind.lastIndexOf("/"));
      const key = CU.fieldKey(node);
      if (last !== "/*") assert.equal(CU.pointerTo(key), last, `${tool} ${bind}`);
      checked++;
    }
  }
  assert.ok(checked > 50, `only ${checked} fields`);
  const keys = fieldNodes(FORMS.pointer_keys.tree).map((node) => CU.fieldKey(node));
  assert.deepEqual(keys, ["a/b", "x~y", "~1"]);
});

test("a form's values go under their own keys, / and ~ unescaped", async () => {
  const form = await hydrated("pointer_keys");
  form.input("/a~1b", "v");
  form.input("/x~0y", "7");
  assert.deepEqual(plain(form.CU.collect()), { "a/b": "v", "x~y": 7 });
});

test("numbers: parsed to numbers, integers whole, bounds and multipleOf checked with the catalog's words", async () => {
  const form = await hydrated("kitchen_sink");
  form.input("/query", "coffee");
  const ratio = (text) => { form.input("/ratio", text); const value = form.CU.collect(); return [plain(value).ratio, form.error("/ratio")]; };
  assert.deepEqual(ratio("1.5"), [1.5, ""]);
  assert.deepEqual(ratio(" 2 "), [2, ""]);
  assert.deepEqual(ratio("1e1"), [10, ""]);
  assert.deepEqual(ratio("0"), [undefined, word("moreThan", 0)]);
  assert.deepEqual(ratio("0.7"), [undefined, word("multipleOf", 0.5)]);
  assert.deepEqual(ratio("abc"), [undefined, word("enterNumber")]);
  assert.deepEqual(ratio("Infinity"), [undefined, word("enterNumber")]);
  const limit = (text) => { form.input("/limit", text); const value = form.CU.collect(); return [plain(value).limit, form.error("/limit")]; };
  assert.deepEqual(limit("25"), [25, ""]);
  assert.deepEqual(limit("+7"), [7, ""]);
  assert.deepEqual(limit("2.5"), [undefined, word("enterWhole")]);
  assert.deepEqual(limit("1e2"), [undefined, word("enterWhole")]);
  assert.deepEqual(limit("0"), [undefined, word("atLeast", 1)]);
  assert.deepEqual(limit("101"), [undefined, word("atMost", 100)]);
});

test("numbers of real tools: get-sum's two numbers, browser_network_request's integer index", async () => {
  const sum = await hydrated("get-sum");
  assert.equal(sum.CU.check(), sum.CU.UNSET, "both required");
  assert.equal(sum.error("/a"), word("required"));
  sum.input("/a", "3");
  sum.input("/b", "-4.25");
  assert.deepEqual(plain(sum.CU.check()), { a: 3, b: -4.25 });
  const request = await hydrated("browser_network_request");
  request.input("/index", "0");
  request.CU.collect();
  assert.equal(request.error("/index"), word("atLeast", 1));
  request.input("/index", "12");
  assert.equal(plain(request.CU.collect()).index, 12);
});

test("text: length in characters, pattern, formats (dates, e-mail) checked; a valid text is sent as typed", async () => {
  const form = await hydrated("kitchen_sink");
  const text = (bind, typed) => { form.input(bind, typed); const sent = plain(form.CU.collect())[bind.slice(1)]; return [sent, form.error(bind)]; };
  assert.deepEqual(text("/notes", "x".repeat(2001)), [undefined, word("atMostChars", 2000)]);
  assert.deepEqual(text("/notes", "😀".repeat(2000)), ["😀".repeat(2000), ""], "2000 characters, 4000 UTF-16 units");
  assert.deepEqual(text("/email", "a@b"), [undefined, word("notValid", "email")]);
  assert.deepEqual(text("/email", "a@b.co"), ["a@b.co", ""]);
  assert.deepEqual(text("/since", "2024-1-5"), [undefined, word("notValid", "date")]);
  assert.deepEqual(text("/since", "2024-01-05"), ["2024-01-05", ""]);
  assert.deepEqual(text("/at", "2024-01-05 10:00"), [undefined, word("notValid", "date-time")]);
  // /at is a date-time picker (dates.js): its local clock is sent with that moment's offset
  const offset = -new Date(2024, 0, 5, 10, 0, 30).getTimezoneOffset(), hhmm = (m) => String(Math.floor(Math.abs(m) / 60)).padStart(2, "0") + ":" + String(Math.abs(m) % 60).padStart(2, "0");
  assert.deepEqual(text("/at", "2024-01-05T10:00:30"), ["2024-01-05T10:00:30" + (offset ? (offset < 0 ? "-" : "+") + hhmm(offset) : "Z"), ""]);
  assert.deepEqual(text("/query", "  spaces kept  "), ["  spaces kept  ", ""]);
  form.input("/address/street", "Main St");
  form.input("/address/zip", "1234");
  form.CU.collect();
  assert.equal(form.error("/address/zip"), word("mustMatchPattern", "^[0-9]{5}$"));
  form.input("/address/zip", "12345");
  assert.deepEqual(plain(form.CU.collect()).address, { street: "Main St", zip: "12345" });
});

test("JSON: parsed, or the parser's own message", async () => {
  const form = await hydrated("kitchen_sink");
  form.input("/extra", ' {"any": [1, null]} ');
  assert.deepEqual(plain(form.CU.collect()).extra, { any: [1, null] });
  form.input("/extra", "{bad");
  let message = "";
  try { JSON.parse("{bad"); } catch (e) { message = e.message; }
  assert.equal(plain(form.CU.collect()).extra, undefined);
  assert.equal(form.error("/extra"), word("notJson", message));
});

test("empty means omitted, required says so, and a nullable field emptied on purpose is null", async () => {
  const form = await hydrated("kitchen_sink");
  const first = plain(form.CU.collect());
  assert.deepEqual(first, { limit: 10, version: "v1" }, "the required slider's default and the constant; nothing else untouched");
  assert.equal(form.error("/query"), word("required"));
  form.input("/cursor", "abc");
  assert.equal(plain(form.CU.collect()).cursor, "abc");
  form.input("/cursor", "");
  assert.equal(plain(form.CU.collect()).cursor, null, "edited and emptied: null");
  form.input("/notes", "");
  assert.equal("notes" in plain(form.CU.collect()), false, "not nullable: omitted");
});

test("check(): the count of fields to check, the first focused; valid values returned", async () => {
  const form = await hydrated("get-sum");
  const status = () => form.document.querySelector("#form > .actions > .status");
  assert.equal(form.CU.check(), form.CU.UNSET);
  assert.equal(status().textContent, word("checkFields", 2));
  assert.equal(status().className, "status error");
  assert.equal(form.CU.invalid.length, 2);
  assert.equal(form.control("/a").getAttribute("aria-invalid"), "true");
  form.input("/a", "1");
  assert.equal(form.CU.check(), form.CU.UNSET);
  assert.equal(status().textContent, word("checkField"));
  assert.equal(form.control("/a").hasAttribute("aria-invalid"), false, "unmarked once valid");
  form.input("/b", "2");
  assert.deepEqual(plain(form.CU.check()), { a: 1, b: 2 });
  assert.equal(status().textContent, "");
  assert.equal(status().className, "status");
});

test("tool-input fills the form: what the host sent is what a run sends back", async () => {
  const form = await hydrated("kitchen_sink");
  const args = {
    query: "coffee near me", limit: 25, ratio: 1.5, verbose: true, sort: "date", level: 2, tags: ["blue", "red"],
    since: "2024-01-05", at: "2024-01-05T10:00:00Z", version: "v1", address: { street: "Main St", zip: "12345" },
    recipients: ["a@b.co", "c@d.org"], point: [48.85, 2.35], headers: { "X-A": "1", "x/b": "2" },
    target: { kind: "id", id: 7 }, attachment: "iVBORw0KGgo=", extra: { any: [1, { deep: null }] }, cursor: null, notes: "",
  };
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: args });
  assert.deepEqual(plain(form.CU.check()), args);
  assert.equal(form.document.querySelector("#result > .status").textContent, word("waiting"));
  // The folded section that holds the optional fields is opened: the host's values are visible.
  const folded = form.document.querySelector("#form details");
  assert.ok(folded && folded.open);
});

test("tool-input replaces; tool-input-partial only adds what it holds", async () => {
  const form = await hydrated("get-sum");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { a: 1, b: 2 } });
  form.CU.NOTES["ui/notifications/tool-input-partial"]({ arguments: { b: 5 } });
  assert.deepEqual(plain(form.CU.collect()), { a: 1, b: 5 });
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { b: 6 } });
  assert.deepEqual(plain(form.CU.collect()), { b: 6 }, "a full tool-input clears what it lacks");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: "not an object" });
  assert.deepEqual(plain(form.CU.collect()), { b: 6 }, "arguments that are not an object change nothing");
});

test("a nullable object (pydantic's Optional) holds null through its null box", async () => {
  const form = await hydrated("list_issues");
  form.input("/repo", "compile-ui");
  // per_page (a nullable integer slider, default null) is left out of these comparisons: untouched,
  // it sends the slider's position (1), neither null nor nothing. Reported; behaviour kept as it is.
  const sent = () => { const values = plain(form.CU.check()); delete values.per_page; return values; };
  assert.deepEqual(sent(), { repo: "compile-ui", state: "open", filter: null }, "the radio's default and the object's default (null) are sent");
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { repo: "r", filter: null, per_page: 30 } });
  assert.deepEqual(plain(form.CU.check()), { repo: "r", filter: null, per_page: 30 });
  assert.equal(form.control("/per_page").parentNode.querySelector("output").textContent, "30", "the slider shows its value");
  assert.ok(form.wrapper("/filter").classList.contains("is-null"));
  form.CU.NOTES["ui/notifications/tool-input"]({ arguments: { repo: "r", filter: { label: "bug" } } });
  assert.deepEqual(sent(), { repo: "r", filter: { label: "bug" } });
  assert.ok(!form.wrapper("/filter").classList.contains("is-null"));
});

// layout.js: the markup compiler/render.py's visit_Tabs writes (built here: no tool's form in
// fixtures/forms.json has tabs), hydrated by CU.tabs as hydrate() does.
test("tabs: click and arrow keys select (round), one panel shows; showTab() selects quietly", async () => {
  const page = load("runtime", "layout");
  formControls(page.document);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { document, el } = page;
  const tabs = ["Basics", "More", "Advanced"].map((label, i) => el("button", {
    type: "button", role: "tab", id: "t" + i, "aria-controls": "p" + i, "aria-selected": String(i === 0), tabindex: i === 0 ? "0" : "-1",
  }, el("span", null, label)));
  const panels = tabs.map((_, i) => el("div", { role: "tabpanel", id: "p" + i, "aria-labelledby": "t" + i, hidden: i !== 0 }, "panel " + i));
  document.body.append(el("div", { class: "tabs" }, el("div", { role: "tablist" }, tabs), panels));
  page.CU.tabs(document);
  // (the tabindex attribute: linkedom's tabIndex property does not read back what was set)
  const state = () => tabs.map((tab, i) => [tab.getAttribute("aria-selected"), tab.getAttribute("tabindex"), panels[i].hidden]);
  tabs[1].firstChild.dispatchEvent(new page.Event("click", { bubbles: true })); // on the label inside the tab
  assert.deepEqual(state(), [["false", "-1", true], ["true", "0", false], ["false", "-1", true]]);
  assert.equal(document.activeElement, tabs[1]);
  const key = (name) => {
    const event = new page.Event("keydown", { bubbles: true });
    event.key = name;
    document.activeElement.dispatchEvent(event);
  };
  key("ArrowRight");
  assert.equal(tabs[2].getAttribute("aria-selected"), "true");
  key("ArrowRight");
  assert.equal(tabs[0].getAttribute("aria-selected"), "true", "past the last: the first");
  key("ArrowLeft");
  assert.equal(tabs[2].getAttribute("aria-selected"), "true", "before the first: the last");
  key("Enter");
  assert.equal(tabs[2].getAttribute("aria-selected"), "true", "other keys: nothing");
  tabs[0].focus();
  panels[1].showTab();
  assert.deepEqual(state(), [["false", "-1", true], ["true", "0", false], ["false", "-1", true]]);
  assert.equal(document.activeElement, tabs[0], "quietly: the focus stays");
});
