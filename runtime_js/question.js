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
   After an answer it polls again: the upstream may ask once more before the call ends. */
((U) => {
  var doc = document, box = null;
  var text = (r) => (Array.isArray(r && r.content) ? r.content : []).filter((b) => b && b.type === "text").map((b) => String(b.text)).join("\n");

  U.asks = (tool) => {
    var bytes = crypto.getRandomValues(new Uint8Array(16)), a = { live: true, seen: {} };
    a.token = Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join("");
    a.stop = () => { a.live = false; if (box) box.remove(); box = null; };
    a.poll = () => {
      if (!a.live) return;
      U.request("tools/call", { name: "_ui_question", arguments: { token: a.token, tool: tool, timeoutSeconds: 25 } }).then((r) => {
        var q = r && !r.isError && r.structuredContent ? r.structuredContent.question : undefined;
        if (q === undefined || !a.live) return; // refused (an older proxy, no server tools): nothing to ask here
        if (q && !a.seen[q.questionId]) { a.seen[q.questionId] = 1; show(a, q); } else a.poll();
      }, () => {});
    };
    // The first poll a second into the run: most calls end sooner and never poll (a question
    // waits for its page 15 s, questions.PICKUP_S); the run's own tools/call goes first.
    var wait = setTimeout(a.poll, 1000), stop = a.stop;
    a.stop = () => { clearTimeout(wait); stop(); };
    return a;
  };

  function show(a, q) {
    if (box) box.remove();
    var status = el("p", { class: "status", role: "status", "aria-live": "polite" }), form = null, fields = [];
    box = el("section", { class: "question", "aria-label": M.askedHere }, el("p", { class: "muted" }, M.askedHere), el("p", { class: "question-msg" }, q.message));
    var send = (action) => {
      var content;
      if (action === "accept" && form) {
        U.bad.length = 0;
        content = {};
        fields.forEach((c) => { var v = c.get(); if (v !== U.UNSET) U.put(content, c.key, v); });
        if (U.bad.length) { U.bad[0].focus(); return; }
      }
      box.querySelectorAll("button, .ctl, .opt").forEach((c) => { c.disabled = true; });
      U.request("tools/call", { name: "_ui_answer", arguments: { questionId: q.questionId, token: a.token, action: action, content: content } }).then((r) => {
        if (r && r.isError) { status.textContent = M.answerNotSent(text(r)); return; } // no longer open: say why
        if (box) box.remove();
        box = null;
        a.poll();
      }, (e) => { status.textContent = M.answerNotSent((e && e.message) || String(e)); });
    };
    if (q.mode === "url") {
      box.append(el("p", null, el("code", null, q.url)), el("div", { class: "actions" },
        el("button", { type: "button", class: "btn", onclick: () => { U.ctx.openLink(q.url).catch(() => {}); } }, M.openLink),
        el("button", { type: "button", class: "btn primary", onclick: () => { send("accept"); } }, M.done),
        el("button", { type: "button", class: "btn", onclick: () => { send("cancel"); } }, M.cancel)), status);
    } else {
      // The one parse of markup, audited: the proxy's own render of a tree it compiled (compiler/render.py,
      // every value escaped), parsed inert (DOMParser runs no script; the page's CSP runs nothing new).
      // eslint-disable-next-line no-restricted-syntax
      var parsed = new DOMParser().parseFromString(q.html, "text/html");
      form = parsed.querySelector("form.form");
      var node = q.tree.children.filter((n) => n.type === "Form")[0];
      if (!form || !node) return;
      // A field whose module this page lacks (a list, without fields.js): Decline and Cancel only.
      var kinds = U.fieldsOf(node.children), lacking = kinds.some((n) => !U.FIELDS[n.type]);
      if (lacking) form.querySelector("[data-action=submit]").disabled = true;
      else fields = kinds.map((n) => U.bind(n, form));
      if (lacking) status.textContent = M.questionNotHere;
      form.addEventListener("submit", (e) => { e.preventDefault(); send("accept"); });
      form.querySelectorAll(".actions > button[type=button][data-action]").forEach((b) => {
        b.addEventListener("click", () => { send(b.getAttribute("data-action")); });
      });
      box.append(doc.adoptNode(form), status);
    }
    var anchor = doc.querySelector("form.form");
    if (anchor) anchor.after(box); else doc.body.append(box);
    var first = box.querySelector(".ctl, .opt, button.primary");
    if (first) first.focus();
  }
})(CU);
