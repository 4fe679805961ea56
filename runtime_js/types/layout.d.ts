// layout.js's part of CU: absent from a page whose tree has no layout node.
interface CompileUi {
  /** Hydrates the tabs in scope (the form's, or a result's layout): click and arrow keys select. */
  tabs?: (scope: ParentNode) => void;
}

/** A tab panel: showTab() selects its tab quietly (runtime.js's reveal() shows an error in it). */
interface HTMLElement {
  showTab?: () => void;
}
