// The Problems panel: Content-Security-Policy violations, uncaught errors and console errors
// from inside the app (reported by agent.js, which the preview puts first in every app page),
// plus problems with a deep link. And "Save session": the MCP traffic the preview server saw
// (tools, calls and results, the apps' own ui:// pages) with this page's message log, as a JSON
// file that `compile-ui preview FILE` replays.
"use strict";

function problem(report) {
  const kind = String((report && report.kind) || "problem");
  const item = el("li", { "data-kind": kind }, el("span", { class: "kind" }, kind), String((report && report.text) || ""));
  $("problems").append(item);
  countProblems();
}

function clearProblems() {
  $("problems").replaceChildren();
  countProblems();
}

function countProblems() {
  const n = $("problems").childElementCount;
  $("problem-count").textContent = String(n);
  $("problem-count").classList.toggle("some", n > 0);
}

async function saveSession() {
  const session = await api("/api/session", { messages: state.messages });
  const blob = new Blob([JSON.stringify(session, null, 1)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: "compile-ui-session.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

$("save").addEventListener("click", saveSession);
