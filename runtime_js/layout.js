/* compile-ui layout nodes. The server renders every one (compiler/render.py): in the form, and
   around the views of a result (the ResultView's <template>). This module only hydrates tabs:
   click or arrow keys select; a panel's showTab() selects it quietly (runtime.js's reveal() shows
   a field's error that way). Shipped only in pages whose tree has a layout node
   (runtime_js.MODULES), with the layout CSS. */
CU.tabs = (scope) => {
  // The server writes <div class="tabs"><div role=tablist>tabs</div>panels</div>.
  scope.querySelectorAll("[role=tablist]").forEach((list) => {
    var tabs = Array.from(list.children), panels = Array.from(list.parentNode.children).slice(1);
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
  });
};
