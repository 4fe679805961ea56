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
  var doc = document, ctx = U.viewContext, asked = false, done = false, sending = false;
  /** @type {HTMLElement} the <main> shown: the waiting one, then the question's */
  var main;
  /** @type {HTMLElement} */
  var status;
  /** @type {string | null} the question's id at the proxy (from _ui_view, or the tool result) */
  var renderId = null;

  // The waiting <main> and its status line, looked up when first needed (this script runs in <head>).
  function page() {
    if (!main) { main = /** @type {HTMLElement} */ (doc.querySelector("main[data-ask]")); status = /** @type {HTMLElement} */ (main.querySelector(".status")); }
  }
  /** @param {string} text @param {boolean} [error] */
  function say(text, error) { page(); status.textContent = text; status.className = "status" + (error ? " error" : ""); }
  /** Enables (on) or disables every control of the page. @param {boolean} on */
  function controls(on) {
    doc.querySelectorAll("main input, main select, main textarea, main button").forEach((control) => { /** @type {HTMLInputElement} */ (control).disabled = !on; });
  }
  /** The question is over: say why, controls off. @param {string} text @param {boolean} [error] */
  function close(text, error) { done = true; say(text, error); controls(false); }
  /** A result's text blocks, joined. @param {ToolResult} result */
  function textOf(result) { return (Array.isArray(result.content) ? result.content : []).filter((block) => block && block.type === "text").map((block) => String(block.text)).join("\n"); }
  /** @param {unknown} error @returns {string} */
  var reasonOf = (error) => String((error && /** @type {RpcError} */ (error).message) || error);

  U.NOTES["ui/notifications/tool-input"] = (params) => {
    if (asked) return; // one question per page
    asked = true;
    /** @type {{ arguments: Json, requestId?: string | number }} */
    var args = { arguments: (params && params.arguments) || {} };
    var info = ctx.hostContext.toolInfo;
    if (info && info.id != null) args.requestId = info.id;
    U.request("tools/call", { name: "_ui_view", arguments: args }).then((result) => {
      var view = /** @type {AskView | undefined} */ (result && result.structuredContent);
      if (!result || result.isError || !view || typeof view.html !== "string") return say((result && textOf(result)) || M.questionUnshown, true);
      show(view);
    }, (error) => { say(M.questionUnshownBecause(reasonOf(error)), true); });
  };
  U.NOTES["ui/notifications/tool-input-partial"] = () => {};
  U.NOTES["ui/notifications/tool-result"] = (result) => {
    var outcome = /** @type {AskAnswer} */ ((result && result.structuredContent) || {});
    if (result && result.isError) close(textOf(result) || M.questionFailed, true);
    else if (outcome.timedOut) close(M.questionTimedOut);
    else if ("action" in outcome) close(M.answered);
    else if (typeof outcome.renderId === "string" && !renderId) renderId = outcome.renderId;
  };
  U.NOTES["ui/notifications/tool-cancelled"] = () => { close(M.cancelled); };

  /** Puts the question's markup in place of the waiting <main>, then hydrates its tree. @param {AskView} view */
  function show(view) {
    page();
    // The one parse of markup, audited: the proxy's own render of a tree it compiled (compiler/render.py,
    // every value escaped), parsed inert (DOMParser runs no script; the page's CSP runs nothing new).
    // eslint-disable-next-line no-restricted-syntax
    var elements = /** @type {HTMLElement[]} */ (Array.from(new DOMParser().parseFromString(view.html, "text/html").body.children));
    if (!elements.length) return say(M.questionUnshown, true);
    elements.forEach((element) => { element.querySelectorAll("script").forEach((script) => { script.remove(); }); });
    if (!renderId) renderId = view.renderId;
    main.replaceWith.apply(main, elements); // append adopts them into this document
    main = elements[0];
    main.append(status);
    try { U.hydrate(view.tree); } catch (error) { return close(M.questionUnshownBecause(reasonOf(error)), true); }
    if (done) controls(false); else say("");
  }

  U.run = () => { answer("submit", true); };
  // The tree's action buttons (App row, beside the form's submit); field buttons are not in .actions.
  doc.addEventListener("click", (event) => {
    var target = /** @type {Element} */ (event.target);
    var button = target.closest && target.closest(".actions > button[type=button][data-action]");
    if (button) answer(/** @type {string} */ (button.getAttribute("data-action")), button.classList.contains("primary"));
  });

  // strict (submit, primary actions): refused while a value is invalid, errors shown as on Run;
  // other actions send the valid values and leave the rest out, no errors shown.
  /** @param {string} action @param {boolean} strict */
  function answer(action, strict) {
    if (done || sending || !renderId) return;
    /** @type {Json | Unset} */
    var values = {};
    if (doc.querySelector("form.form")) {
      values = strict ? U.check() : U.collect();
      if (values === U.UNSET) return;
      if (!strict) U.unmark();
    }
    sending = true; controls(false); say(M.sending);
    U.request("tools/call", { name: "_ui_respond", arguments: { renderId: renderId, action: action, values: values } }).then((result) => {
      sending = false;
      if (result && result.isError) { controls(true); say(textOf(result) || M.answerRefused, true); } else close((result && textOf(result)) || M.sent);
    }, (error) => { sending = false; controls(true); say(M.notSent(reasonOf(error)), true); });
  }
})(CU);
