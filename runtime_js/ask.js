/* compile-ui, the ask page (_ui_render: the model shows a tree of the catalog, the user answers).
   Shipped only in that page (runtime_js.ASK), after every other module; it takes over the
   notifications it needs (CU.NOTES) and where the form's submit goes (CU.run).
     tool-input {arguments}   tools/call _ui_view {arguments, requestId: hostContext.toolInfo.id}
                              → {renderId, html, tree}: html is our renderer's <main> (through the
                              proxy), parsed by DOMParser (never innerHTML; its scripts dropped
                              though CSP would block them), moved in, then CU.hydrate(tree)
     submit, an action button tools/call _ui_respond {renderId, action, values}: "submit" and
                              primary actions only with valid values; one answer per question
     tool-result              {renderId} (wait: false) remembered; {action, values} answered;
                              {timedOut: true} closed; tool-cancelled closes too
     tool-input-partial       ignored */
((U) => {
  var doc = document, ctx = U.ctx, main, status, renderId = null, asked = false, done = false, sending = false;

  // The waiting <main> and its status line, looked up when first needed (this script runs in <head>).
  function page() { if (!main) { main = doc.querySelector("main[data-ask]"); status = main.querySelector(".status"); } }
  function say(text, error) { page(); status.textContent = text; status.className = "status" + (error ? " error" : ""); }
  function controls(on) { doc.querySelectorAll("main input, main select, main textarea, main button").forEach((c) => { c.disabled = !on; }); }
  function close(text, error) { done = true; say(text, error); controls(false); }
  function text(r) { return (Array.isArray(r.content) ? r.content : []).filter((b) => b && b.type === "text").map((b) => String(b.text)).join("\n"); }
  var why = (e) => (e && e.message) || String(e);

  U.NOTES["ui/notifications/tool-input"] = (p) => {
    if (asked) return; // one question per page
    asked = true;
    var args = { arguments: (p && p.arguments) || {} }, info = ctx.hostContext.toolInfo;
    if (info && info.id != null) args.requestId = info.id;
    U.request("tools/call", { name: "_ui_view", arguments: args }).then((r) => {
      var v = r && r.structuredContent;
      if (!r || r.isError || !v || typeof v.html !== "string") return say((r && text(r)) || M.questionUnshown, true);
      show(v);
    }, (e) => { say(M.questionUnshownBecause(why(e)), true); });
  };
  U.NOTES["ui/notifications/tool-input-partial"] = () => {};
  U.NOTES["ui/notifications/tool-result"] = (r) => {
    var v = (r && r.structuredContent) || {};
    if (r && r.isError) close(text(r) || M.questionFailed, true);
    else if (v.timedOut) close(M.questionTimedOut);
    else if ("action" in v) close(M.answered);
    else if (typeof v.renderId === "string" && !renderId) renderId = v.renderId;
  };
  U.NOTES["ui/notifications/tool-cancelled"] = () => { close(M.cancelled); };

  function show(v) {
    page();
    // The one parse of markup, audited: the proxy's own render of a tree it compiled (compiler/render.py,
    // every value escaped), parsed inert (DOMParser runs no script; the page's CSP runs nothing new).
    // eslint-disable-next-line no-restricted-syntax
    var els = Array.from(new DOMParser().parseFromString(v.html, "text/html").body.children);
    if (!els.length) return say(M.questionUnshown, true);
    els.forEach((n) => { n.querySelectorAll("script").forEach((s) => { s.remove(); }); });
    if (!renderId) renderId = v.renderId;
    main.replaceWith.apply(main, els); // append adopts them into this document
    main = els[0];
    main.append(status);
    try { U.hydrate(v.tree); } catch (e) { return close(M.questionUnshownBecause(why(e)), true); }
    if (done) controls(false); else say("");
  }

  U.run = () => { answer("submit", true); };
  // The tree's action buttons (App row, beside the form's submit); field buttons are not in .actions.
  doc.addEventListener("click", (e) => {
    var b = e.target.closest && e.target.closest(".actions > button[type=button][data-action]");
    if (b) answer(b.getAttribute("data-action"), b.classList.contains("primary"));
  });

  // strict (submit, primary actions): refused while a value is invalid, errors shown as on Run;
  // other actions send the valid values and leave the rest out, no errors shown.
  function answer(action, strict) {
    if (done || sending || !renderId) return;
    var values = {}, form = doc.querySelector("form.form");
    if (form) {
      values = strict ? U.check() : U.collect();
      if (values === U.UNSET) return;
      if (!strict) U.unmark();
    }
    sending = true; controls(false); say(M.sending);
    U.request("tools/call", { name: "_ui_respond", arguments: { renderId: renderId, action: action, values: values } }).then((r) => {
      sending = false;
      if (r && r.isError) { controls(true); say(text(r) || M.answerRefused, true); } else close((r && text(r)) || M.sent);
    }, (e) => { sending = false; controls(true); say(M.notSent(why(e)), true); });
  }
})(CU);
