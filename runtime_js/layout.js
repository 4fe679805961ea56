/* compile-ui result views, layout nodes (Section, Card, Stack, Heading, Text, Alert, Tabs) inside
   a result view. Shipped only in pages whose tree has one (runtime_js.MODULES); concatenated after
   views.js, it fills CU.views.LAYOUT. Titles and texts are text nodes, never markup. */
((V) => {
  var kids = V.kids;
  Object.assign(V.LAYOUT, {
    Section: (n) => el("section", { class: "section" }, el("h3", null, n.props.title), kids(n)),
    Card: (n) => el("div", { class: "card" }, n.props.title ? el("h3", null, n.props.title) : null, kids(n)),
    Stack: (n) => el("div", { class: "stack stack-" + n.props.direction }, kids(n)),
    Heading: (n) => el("h" + Math.min(4, (n.props.level || 2) + 1), null, n.props.text),
    Text: (n) => el("p", { class: "text" + (n.props.tone === "muted" ? " muted" : "") }, n.props.text),
    Alert: (n) => el("div", { class: "alert alert-" + (n.props.tone || "info") }, n.props.title ? el("strong", null, n.props.title) : null, el("p", null, n.props.text)),
    Tabs: (n) => {
      var panels = n.children.map((c) => el("div", { role: "tabpanel" }, kids(c)));
      var tabs = n.children.map((c, i) => el("button", { type: "button", role: "tab", onclick: () => pick(i) }, c.props.title || String(i + 1)));
      function pick(k) { tabs.forEach((t, i) => { t.setAttribute("aria-selected", String(i === k)); panels[i].hidden = i !== k; }); }
      pick(Math.min(n.props.selected || 0, tabs.length - 1));
      return el("div", { class: "tabs" }, el("div", { role: "tablist" }, tabs), panels);
    }
  });
})(CU.views);
