// host.js: what it reads off the views it wraps. It adds nothing to CU: it wraps CU.views.render
// and the CardGrid, List and Chart builders in CU.views.NODES, and takes over
// CU.NOTES["ui/notifications/host-context-changed"] (calling the one it replaced).

/** A table's box as views.js's table() tags it: its rows and columns ride on the element. */
interface TaggedTable extends HTMLElement {
  rows?: unknown[];
  cols?: TableColumn[];
}
