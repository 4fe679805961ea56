/* compile-ui leads: where a result leads (links from its values to other tools, paging of the
   same tool). Shipped only in pages whose tree has a Leads node (runtime_js.MODULES).
   Concatenated after views.js. (Being built: this first version registers the kinds and shows
   nothing of them.) */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  Object.assign(views.NODES, {
    Leads: () => "",
    LinkedView: () => ""
  });
})(CU.views);
