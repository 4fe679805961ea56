/* compile-ui layout nodes. The server renders every one (compiler/render.py): in the form, and
   around the views of a result (the ResultView's <template>). This module only hydrates tabs
   (CU.tabs(scope)): click or arrow keys select; a panel's showTab() selects it quietly
   (runtime.js's reveal() shows a field's error that way). Shipped only in pages whose tree has a
   layout node (runtime_js.MODULES), with the layout CSS. */
/** @type {NonNullable<CompileUi["tabs"]>} */
CU.tabs = (scope) => {
  // The server writes <div class="tabs"><div role=tablist>tabs</div>panels</div>.
  scope.querySelectorAll("[role=tablist]").forEach((tablist) => {
    var tabs = /** @type {HTMLElement[]} */ (Array.from(tablist.children));
    var panels = /** @type {HTMLElement[]} */ (Array.from(/** @type {ParentNode} */ (tablist.parentNode).children).slice(1));
    /** Selects a tab (focused, unless quiet); only its panel shows. @param {number} chosen @param {boolean} [quiet] */
    function select(chosen, quiet) {
      tabs.forEach((tab, i) => {
        tab.setAttribute("aria-selected", /** @type {string} */ (/** @type {unknown} */ (i === chosen))); // written "true" / "false"
        tab.tabIndex = i === chosen ? 0 : -1; // only the selected tab is in the tab order; arrows move between them
        panels[i].hidden = i !== chosen;
      });
      if (!quiet) tabs[chosen].focus();
    }
    panels.forEach((panel, i) => { panel.showTab = () => select(i, true); });
    tablist.addEventListener("click", (event) => {
      var i = tabs.indexOf(/** @type {HTMLElement} */ (/** @type {Element} */ (event.target).closest("[role=tab]")));
      if (i >= 0) select(i);
    });
    tablist.addEventListener("keydown", (event) => {
      var key = /** @type {KeyboardEvent} */ (event).key, i = tabs.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      var step = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
      if (i >= 0 && step) select((i + step + tabs.length) % tabs.length); // round: the last's next is the first
    });
  });
};
