// The preview's debug agent: put first in every app page the preview shows (backend.with_agent),
// it reports Content-Security-Policy violations, uncaught errors and console.error/warn to the
// host page, which lists them in its Problems panel. It only listens and reports; it never
// changes the page. Messages to the host are {"compile-ui/debug": {kind, text}}, not JSON-RPC,
// so no MCP Apps party mistakes them for protocol traffic.
(function () {
  "use strict";
  var host = window.parent, sent = 0;
  function report(kind, text) {
    if (host === window || ++sent > 200) return;
    try { host.postMessage({ "compile-ui/debug": { kind: kind, text: String(text).slice(0, 2000) } }, "*"); } catch (e) { /* unserialisable */ }
  }
  function describe(v) {
    if (v instanceof Error) return v.name + ": " + v.message;
    if (typeof v === "string") return v;
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  }
  document.addEventListener("securitypolicyviolation", function (e) {
    var where = e.sourceFile ? " at " + e.sourceFile + ":" + e.lineNumber : "";
    report("csp", e.effectiveDirective + " blocked " + (e.blockedURI || "inline code") + where);
  }, true);
  window.addEventListener("error", function (e) {
    if (e.message) report("error", e.message + (e.lineno ? " (line " + e.lineno + ")" : ""));
  });
  window.addEventListener("unhandledrejection", function (e) { report("error", "unhandled rejection: " + describe(e.reason)); });
  ["error", "warn"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      report("console." + level, Array.prototype.map.call(arguments, describe).join(" "));
      return original.apply(console, arguments);
    };
  });
})();
