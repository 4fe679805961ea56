/* compile-ui layout nodes in the runtime: the form's tabs (rendered server-side, wired here at
   hydrate: CU.tabs) and the layout nodes inside a result view (Section, Card, Stack, Heading, Text,
   Alert, Tabs), built here into CU.views.LAYOUT. Shipped only in pages whose tree has a layout
   node (runtime_js.MODULES), after views.js. Titles and texts are text nodes, never markup. */
((V) => {
  var kids = V.kids;
  // One behaviour for every tab list: click or arrow keys select; a panel's showTab() selects it
  // quietly (runtime.js's reveal() shows a field's error that way). Returns select(index, quiet).
  function wire(list, tabs, panels) {
    function select(k, quiet) {
      tabs.forEach((t, i) => { t.setAttribute("aria-selected", i === k); t.tabIndex = i === k ? 0 : -1; panels[i].hidden = i !== k; });
      if (!quiet) tabs[k].focus();
    }
    panels.forEach((p, i) => { p.showTab = () => select(i, true); });
    list.addEventListener("click", (e) => { var i = tabs.indexOf(e.target.closest("[role=tab]")); if (i >= 0) select(i); });
    list.addEventListener("keydown", (e) => {
      var i = tabs.indexOf(document.activeElement), d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (i >= 0 && d) select((i + d + tabs.length) % tabs.length);
    });
    return select;
  }
  CU.tabs = () => {
    document.querySelectorAll("[role=tablist]").forEach((list) => {
      var tabs = Array.from(list.querySelectorAll("[role=tab]"));
      wire(list, tabs, tabs.map((t) => document.getElementById(t.getAttribute("aria-controls"))));
    });
  };
  Object.assign(V.LAYOUT, {
    Section: (n) => el("section", { class: "section" }, el("h3", null, n.props.title), kids(n)),
    Card: (n) => el("div", { class: "card" }, n.props.title ? el("h3", null, n.props.title) : null, kids(n)),
    Stack: (n) => el("div", { class: "stack stack-" + n.props.direction }, kids(n)),
    Heading: (n) => el("h" + Math.min(4, (n.props.level || 2) + 1), null, n.props.text),
    Text: (n) => el("p", { class: "text" + (n.props.tone === "muted" ? " muted" : "") }, n.props.text),
    Alert: (n) => el("div", { class: "alert alert-" + (n.props.tone || "info") }, n.props.title ? el("strong", null, n.props.title) : null, el("p", null, n.props.text)),
    Tabs: (n) => {
      var panels = n.children.map((c) => el("div", { role: "tabpanel" }, kids(c)));
      var tabs = n.children.map((c, i) => el("button", { type: "button", role: "tab" }, c.props.title || String(i + 1)));
      var list = el("div", { role: "tablist" }, tabs);
      wire(list, tabs, panels)(Math.min(n.props.selected || 0, tabs.length - 1), true);
      return el("div", { class: "tabs" }, list, panels);
    }
  });
})(CU.views);
