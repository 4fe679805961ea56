// Server-rendered forms for the unit tests of runtime.js, choices.js and fields.js: the runtime's
// shipped bytes (harness.mjs) hydrating a form compiler/render.py wrote for a real tool
// (fixtures/forms.json, written by fixtures/make_forms.py), and the catalog's words to expect.
import { readFileSync } from "node:fs";
import { load } from "./harness.mjs";

const DATA = JSON.parse(readFileSync(new URL("./fixtures/forms.json", import.meta.url), "utf8"));

export const FORMS = DATA.forms;

/** The catalog's word for key, its places ({0}, …) filled with values. */
export function word(key, ...values) {
  const text = DATA.words[key];
  if (text === undefined) throw new Error("no word " + key);
  return text.replace(/\{(\d+)\}/g, (_, i) => String(values[+i]));
}

/** A value made in the page's realm, as plain JSON here (deepEqual compares prototypes). */
export const plain = (value) => JSON.parse(JSON.stringify(value));

/**
 * What a browser's form controls do and linkedom's do not (or not as HTML says): an input's
 * checkedness and an option's selectedness (from the checked / selected attribute until set),
 * an option's value (its text when it has no value attribute), a select's value (its first
 * selected option's, or the first option's when none is and it is not multiple; setting it selects
 * the option of that value, or none), an input's value (its value attribute until set) and defaultValue (its value attribute). Only these:
 * and the focus (document.activeElement after focus()).
 */
export function formControls(document) {
  const state = new WeakMap();
  const own = (proto, name, get, set) => Object.defineProperty(proto, name, { get, set, configurable: true });
  const input = Object.getPrototypeOf(document.createElement("input"));
  const option = Object.getPrototypeOf(document.createElement("option"));
  const select = Object.getPrototypeOf(document.createElement("select"));
  const flag = (attribute) => [
    function () { return state.has(this) ? state.get(this) : this.hasAttribute(attribute); },
    function (on) { state.set(this, !!on); },
  ];
  own(input, "checked", ...flag("checked"));
  // An input's value: its value attribute until set (setting it leaves the attribute alone).
  const values = new WeakMap();
  own(input, "value",
    function () { return values.has(this) ? values.get(this) : this.getAttribute("value") || ""; },
    function (text) { values.set(this, String(text)); });
  own(input, "defaultValue", function () { return this.getAttribute("value") || ""; });
  own(option, "selected", ...flag("selected"));
  own(option, "value", function () { return this.hasAttribute("value") ? this.getAttribute("value") : this.textContent; });
  own(select, "multiple", function () { return this.hasAttribute("multiple"); });
  own(select, "value",
    function () {
      const options = Array.from(this.querySelectorAll("option"));
      const chosen = options.find((o) => o.selected) || (this.multiple ? null : options[0]);
      return chosen ? chosen.value : "";
    },
    function (value) {
      let found = false;
      for (const o of this.querySelectorAll("option")) { o.selected = !found && o.value === String(value); found = found || o.selected; }
    });
  own(select, "options", function () { return Array.from(this.querySelectorAll("option")); });
  // The focus: focus() makes an element the document's activeElement (linkedom's does nothing).
  let focused = null;
  own(document, "activeElement", () => (focused && focused.isConnected ? focused : document.body));
  Object.getPrototypeOf(input).focus = function () { focused = this; }; // HTMLElement.prototype
}

/**
 * A page holding the tool's server-rendered form, hydrated by the shipped runtime with the given
 * modules: { CU, document, page, control(bind), input(bind, text), wrapper(bind), error(bind) }.
 */
export async function hydrated(tool, modules = ["runtime", "choices", "fields", "dates", "layout"]) {
  const page = load(...modules);
  formControls(page.document);
  // The runtime's own first hydrate (of the empty page) runs in a microtask: let it pass first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const form = FORMS[tool];
  if (!form) throw new Error("no form for " + tool);
  page.document.body.innerHTML = form.body;
  page.CU.hydrate(form.tree);
  const { document } = page;
  const wrapper = (bind) => {
    const found = document.querySelector(`[data-id="f:${bind}"]`);
    if (!found) throw new Error("no field " + bind);
    return found;
  };
  const control = (bind) => wrapper(bind).querySelector(".ctl");
  // What a person does: types text into the control (an "input" event marks the field edited).
  const input = (bind, text) => {
    const target = control(bind);
    target.value = text;
    target.dispatchEvent(new page.Event("input", { bubbles: true }));
    return target;
  };
  // A field's own error line (a list's rows, a tuple's positions have theirs inside it).
  const error = (bind) => (wrapper(bind).querySelector(":scope > .err") || wrapper(bind).querySelector(".err")).textContent;
  return { CU: page.CU, document, page, wrapper, control, input, error };
}
