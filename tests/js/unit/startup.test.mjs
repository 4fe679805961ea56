// runtime.js as shipped, embedded in a host (harness.mjs's load() leaves the page on its own, and
// silent): the order of its start-up after the host answers ui/initialize, and the Intl formatter
// it builds while idle so that a result drawn later does not wait for the engine's locale data.
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { parseHTML } from "linkedom";
import { source } from "./harness.mjs";
import { FORMS } from "./forms.mjs";

/**
 * get-sum's server-rendered page (its form, its result box, its tree) run by the shipped modules
 * inside a host: `sent` is what the page posted to the host, `deliver(message)` posts one to the
 * page as the host, `idle` holds the callbacks given to requestIdleCallback (run by the test),
 * `formats` the locale of every Intl.NumberFormat built (`refuse`: each one throws, as Intl does
 * for a locale it refuses). `when` maps a method the page sends to a function run as it leaves.
 */
function embedded({ refuse = false, when = {} } = {}) {
  const form = FORMS["get-sum"];
  const dom = parseHTML(`<!doctype html><html lang="en"><head></head><body>${form.body}</body></html>`);
  const tree = dom.document.createElement("script");
  tree.id = "ui-tree";
  tree.type = "application/json";
  tree.textContent = JSON.stringify(form.tree);
  dom.document.body.appendChild(tree);
  const listeners = [], sent = [], idle = [], formats = [];
  const host = {
    postMessage(message) {
      const copy = JSON.parse(JSON.stringify(message));
      sent.push(copy);
      if (when[copy.method]) when[copy.method](copy);
    },
  };
  function NumberFormat(locale) {
    formats.push(locale);
    if (refuse) throw new RangeError("Incorrect locale information provided");
    return { format: (value) => String(value) };
  }
  const context = {
    document: dom.document,
    Node: dom.Node, Element: dom.Element, HTMLElement: dom.HTMLElement, Event: dom.Event, CustomEvent: dom.CustomEvent,
    navigator: { language: "en-US", languages: ["en-US"] },
    setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask,
    requestAnimationFrame: () => 0, // no frames here: the size reports are not what these tests look at
    requestIdleCallback: (callback) => { idle.push(callback); return idle.length; },
    ResizeObserver: class { observe() {} },
    Intl: { NumberFormat, DateTimeFormat: NumberFormat },
    addEventListener: (type, listener) => listeners.push([type, listener]),
    removeEventListener: () => {},
    getComputedStyle: () => ({ getPropertyValue: () => "" }),
    matchMedia: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    console, TextEncoder, TextDecoder, URL, crypto: globalThis.crypto,
  };
  context.window = context.self = context.top = context;
  context.parent = host;
  vm.createContext(context);
  for (const name of ["runtime", "present", "views"]) vm.runInContext(source(name), context, { filename: `${name}.min.js` });
  const deliver = (data) => listeners.filter(([type]) => type === "message").forEach(([, listener]) => listener({ source: host, data }));
  return { context, document: dom.document, sent, idle, formats, deliver };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const reply = (id, hostContext) => ({ jsonrpc: "2.0", id, result: { protocolVersion: "2026-01-26", hostCapabilities: {}, hostInfo: { name: "test", version: "1" }, hostContext } });

test("start-up: on the host's answer, initialized leaves before the page applies the host's context and paints", async () => {
  let seenWhenSent = null;
  const page = embedded({ when: { "ui/notifications/initialized": () => {
    const root = page.document.documentElement;
    seenWhenSent = { theme: root.getAttribute("data-theme"), display: root.style.display };
  } } });
  await settle();
  const initialize = page.sent.find((message) => message.method === "ui/initialize");
  assert.ok(initialize, "ui/initialize sent");
  assert.equal(page.document.documentElement.style.display, "none", "not painted before the host answers");
  page.deliver(reply(initialize.id, { theme: "dark" }));
  await settle();
  assert.deepEqual(page.sent.filter((message) => message.method === "ui/notifications/initialized").length, 1);
  assert.deepEqual(seenWhenSent, { theme: null, display: "none" }, "initialized went first");
  assert.equal(page.document.documentElement.getAttribute("data-theme"), "dark", "then the context is applied");
  assert.equal(page.document.documentElement.style.display, "", "and the page painted");
});

test("start-up: one Intl formatter is built in the host's locale, only once the host has answered and the page is idle", async () => {
  const page = embedded();
  await settle();
  assert.equal(page.idle.length, 0, "nothing waits for idle before the host answers");
  const initialize = page.sent.find((message) => message.method === "ui/initialize");
  page.deliver(reply(initialize.id, { locale: "de-DE" }));
  await settle();
  assert.equal(page.idle.length, 1);
  assert.deepEqual(page.formats, [], "not before the page is idle");
  page.idle[0]({ didTimeout: false, timeRemaining: () => 50 });
  assert.deepEqual(page.formats, ["de-DE"]);
});

test("start-up: a locale Intl refuses costs the idle formatter nothing (no error)", async () => {
  const page = embedded({ refuse: true });
  await settle();
  const initialize = page.sent.find((message) => message.method === "ui/initialize");
  page.deliver(reply(initialize.id, { locale: "xx-invalid-" }));
  await settle();
  assert.doesNotThrow(() => page.idle[0]({ didTimeout: false, timeRemaining: () => 50 }));
  assert.deepEqual(page.formats, ["xx-invalid-"]);
});

test("start-up: a host that refuses ui/initialize gets no idle formatter (the page says why instead)", async () => {
  const page = embedded();
  await settle();
  const initialize = page.sent.find((message) => message.method === "ui/initialize");
  page.deliver({ jsonrpc: "2.0", id: initialize.id, error: { code: -32600, message: "no apps here" } });
  await settle();
  assert.equal(page.idle.length, 0);
  assert.equal(page.sent.some((message) => message.method === "ui/notifications/initialized"), false);
});
