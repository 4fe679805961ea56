// Loads the runtime's shipped modules (runtime_js/<name>.min.js: the exact bytes a page carries)
// into a fresh context with a DOM (linkedom), so node's test runner can call their logic without
// a browser: `const { CU } = load("runtime", "views")`. The page is not embedded (window.parent
// is the window itself), so the protocol stays silent; timers are node's.
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { parseHTML } from "linkedom";

const RUNTIME = new URL("../../../runtime_js/", import.meta.url);

export function source(name) {
  return readFileSync(new URL(`${name}.min.js`, RUNTIME), "utf8");
}

// A browser's DOMParser reads a fragment into a whole document's <body>; linkedom's needs the
// document around it.
class DOMParser {
  parseFromString(markup) { return parseHTML(`<!doctype html><html><head></head><body>${markup}</body></html>`).document; }
}

export function load(...names) {
  const dom = parseHTML("<!doctype html><html lang=\"en\"><head></head><body></body></html>");
  const listeners = [];
  const context = {
    document: dom.document,
    Node: dom.Node, Element: dom.Element, HTMLElement: dom.HTMLElement, Event: dom.Event,
    CustomEvent: dom.CustomEvent, DOMParser,
    navigator: { language: "en-US", languages: ["en-US"] },
    setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
    requestAnimationFrame: (f) => setTimeout(() => f(Date.now()), 0),
    cancelAnimationFrame: clearTimeout,
    addEventListener: (type, f) => listeners.push([type, f]),
    removeEventListener: () => {},
    getComputedStyle: () => ({ getPropertyValue: () => "" }),
    matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    console, TextEncoder, TextDecoder, URL, Blob: globalThis.Blob, atob, btoa, crypto: globalThis.crypto,
  };
  context.window = context.self = context.parent = context.top = context;
  vm.createContext(context);
  // views.js builds on present.js (how values look), as every page that carries one carries both.
  const modules = names.includes("views") && !names.includes("present") ? names.flatMap((name) => (name === "views" ? ["present", name] : [name])) : names;
  for (const name of modules) vm.runInContext(source(name), context, { filename: `${name}.min.js` });
  return context;
}

/** A renderer of results into fresh boxes in a loaded context (`load("runtime", "views")`): each
 *  call renders `result` with a host context of `locale` (which also sets the locale the views'
 *  formatters use after it) and records the links the page asked the host to open in `box.opened`. */
export function resultRenderer(context) {
  return function render(result, { openLinks = true, locale = "en-GB" } = {}) {
    const box = context.document.createElement("div");
    const opened = [];
    context.CU.views.render(box, result, null, { caps: { openLinks }, hostContext: { locale }, openLink: (u) => opened.push(u) });
    box.opened = opened;
    return box;
  };
}
