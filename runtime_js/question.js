/* compile-ui, the upstream's questions asked in the tool's own page (compiler/proxy/questions.py).
   Inlined in every page with a form, after choices.js (the fields a question uses).
   When the host declares no elicitation, the proxy asks here instead:
     run()                  CU.asks(tool) draws a random token; runtime.js sends it in the call's
                            _meta ("compile-ui/ask") and calls stop() when the call ends; the
                            polls start a second into the run (most calls are over by then)
     while the call runs    tools/call _ui_question {token, tool} (a long poll) → {question}
     form mode              the question's markup (our renderer, through the proxy) parsed by
                            DOMParser (never innerHTML), its fields bound with the runtime's own;
                            Accept (valid values only), Decline, Cancel → tools/call _ui_answer
     url mode               the URL, opened by the host (ui/open-link); Done accepts, Cancel cancels
   After an answer it polls again: the upstream may ask once more before the call ends. When the
   call ends with a poll still waiting, _ui_question {token, tool, ended: true} has the proxy answer
   that poll at once (it would hold the host's request and the proxy's for the rest of its 25 s). */
((U) => {
  var doc = document;
  /** @type {HTMLElement | null} the question shown, if any */
  var shownBox = null;
  /** A result's text blocks, joined. @param {RpcResult | undefined} result */
  var textOf = (result) => (Array.isArray(result && result.content) ? /** @type {ContentBlock[]} */ (/** @type {RpcResult} */ (result).content) : []).filter((block) => block && block.type === "text").map((block) => String(block.text)).join("\n");

  U.asks = (tool) => {
    var bytes = crypto.getRandomValues(new Uint8Array(16)), asking = /** @type {QuestionAsking} */ ({ live: true, seen: {}, waiting: 0 });
    asking.token = Array.from(bytes, (byte) => (byte + 256).toString(16).slice(1)).join(""); // 32 hex digits
    asking.stop = () => {
      if (asking.live && asking.waiting) U.request("tools/call", { name: "_ui_question", arguments: { token: asking.token, tool: tool, ended: true } }).catch(() => {});
      asking.live = false;
      if (shownBox) shownBox.remove();
      shownBox = null;
    };
    // A long poll: the proxy answers when the upstream asks, or after timeoutSeconds with none.
    asking.poll = () => {
      if (!asking.live) return;
      asking.waiting++;
      U.request("tools/call", { name: "_ui_question", arguments: { token: asking.token, tool: tool, timeoutSeconds: 25 } }).finally(() => { asking.waiting--; }).then((result) => {
        var question = result && !result.isError && result.structuredContent ? /** @type {{ question?: Question | null }} */ (result.structuredContent).question : undefined;
        if (question === undefined || !asking.live) return; // refused (an older proxy, no server tools): nothing to ask here
        if (question && !asking.seen[question.questionId]) { asking.seen[question.questionId] = 1; show(asking, question); } else asking.poll();
      }, () => {});
    };
    // The first poll a second into the run: most calls end sooner and never poll (a question
    // waits for its page 15 s, questions.PICKUP_S); the run's own tools/call goes first.
    var firstPoll = setTimeout(asking.poll, 1000), stop = asking.stop;
    asking.stop = () => { clearTimeout(firstPoll); stop(); };
    return asking;
  };

  /** Shows a question under the form, in place of the last. @param {QuestionAsking} asking @param {Question} question */
  function show(asking, question) {
    if (shownBox) shownBox.remove();
    var status = el("p", { class: "status", role: "status", "aria-live": "polite" });
    /** @type {HTMLFormElement | null} */
    var form = null;
    /** @type {Field[]} */
    var fields = [];
    shownBox = el("section", { class: "question", "aria-label": M.askedHere }, el("p", { class: "muted" }, M.askedHere), el("p", { class: "question-msg" }, question.message));
    /** @param {string} action accept, decline or cancel */
    var send = (action) => {
      /** @type {{ [key: string]: Json } | undefined} */
      var content;
      if (action === "accept" && form) {
        U.invalid.length = 0;
        content = {};
        fields.forEach((field) => { var value = field.get(); if (value !== U.UNSET) U.putOwn(/** @type {object} */ (content), field.key, value); });
        if (U.invalid.length) { U.invalid[0].focus(); return; }
      }
      /** @type {HTMLElement} */ (shownBox).querySelectorAll("button, .ctl, .opt").forEach((control) => { /** @type {HTMLButtonElement} */ (control).disabled = true; });
      U.request("tools/call", { name: "_ui_answer", arguments: { questionId: question.questionId, token: asking.token, action: action, content: content } }).then((result) => {
        if (result && result.isError) { status.textContent = M.answerNotSent(textOf(result)); return; } // no longer open: say why
        if (shownBox) shownBox.remove();
        shownBox = null;
        asking.poll();
      }, (error) => { status.textContent = M.answerNotSent((error && error.message) || String(error)); });
    };
    if (question.mode === "url") {
      shownBox.append(el("p", null, el("code", null, question.url)), el("div", { class: "actions" },
        el("button", { type: "button", class: "btn", onclick: () => { U.viewContext.openLink(question.url).catch(() => {}); } }, M.openLink),
        el("button", { type: "button", class: "btn primary", onclick: () => { send("accept"); } }, M.done),
        el("button", { type: "button", class: "btn", onclick: () => { send("cancel"); } }, M.cancel)), status);
    } else {
      // The one parse of markup, audited: the proxy's own render of a tree it compiled (compiler/render.py,
      // every value escaped), parsed inert (DOMParser runs no script; the page's CSP runs nothing new).
      // eslint-disable-next-line no-restricted-syntax
      var parsed = new DOMParser().parseFromString(/** @type {string} */ (question.html), "text/html");
      form = parsed.querySelector("form.form");
      var formNode = /** @type {UiNode[]} */ (/** @type {UiNode} */ (question.tree).children).filter((node) => node.type === "Form")[0];
      if (!form || !formNode) return;
      // A field whose module this page lacks (a list, without fields.js): Decline and Cancel only.
      var fieldNodes = U.fieldsOf(formNode.children), lacking = fieldNodes.some((node) => !U.FIELDS[node.type]);
      if (lacking) /** @type {HTMLButtonElement} */ (form.querySelector("[data-action=submit]")).disabled = true;
      else fields = fieldNodes.map((node) => U.bindField(node, /** @type {HTMLFormElement} */ (form)));
      if (lacking) status.textContent = M.questionNotHere;
      form.addEventListener("submit", (event) => { event.preventDefault(); send("accept"); });
      form.querySelectorAll(".actions > button[type=button][data-action]").forEach((button) => {
        button.addEventListener("click", () => { send(/** @type {string} */ (button.getAttribute("data-action"))); });
      });
      shownBox.append(doc.adoptNode(form), status);
    }
    var anchor = doc.querySelector("form.form");
    if (anchor) anchor.after(shownBox); else doc.body.append(shownBox);
    var first = /** @type {HTMLElement | null} */ (shownBox.querySelector(".ctl, .opt, button.primary"));
    if (first) first.focus();
  }
})(CU);
