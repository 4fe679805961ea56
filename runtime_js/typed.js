/* compile-ui typed result views: the views compiled from a tool's outputSchema (KeyValue, Table,
   List, CardGrid, Metric, Image, JsonView). Shipped only in pages whose tree has one of them
   (runtime_js.MODULES): an AutoView page (a tool without an outputSchema) builds its views from
   the data's shape (views.js) and needs none of these. Concatenated after views.js; adds them to
   CU.views.NODES with views.js's helpers. Data is never markup: DOM nodes + textContent only. */
((V) => {
  var at = V.at, auto = V.auto, kv = V.kv, cols = V.cols, table = V.table, val = V.val, isO = V.isO;
  function cards(rows, p) {
    var cs = p.fields.length ? p.fields : cols(rows);
    return el("div", { class: "cards" }, rows.map((r) => el("div", { class: "card" }, p.titlePointer ? el("strong", null, val(at(r, p.titlePointer))) : null, kv(r, cs))));
  }

  Object.assign(V.NODES, {
    // A record of no scalar fields whose parts have views of their own shows only those views.
    KeyValue: (n, d, f = n.props.fields || []) => f.length || !(n.children || []).length || !isO(d) ? kv(d, f) : "",
    Table: (n, d) => Array.isArray(d) ? table(d, (n.props.columns || []).length ? n.props.columns.slice() : cols(d.filter(isO)), n.props.pageSize || 100) : auto(d),
    List: (n, d) => Array.isArray(d) ? V.list(d, n.props.format) : auto(d),
    CardGrid: (n, d) => Array.isArray(d) ? cards(d, n.props) : auto(d),
    Metric: (n, d) => el("div", { class: "metric" }, val(d, n.props.format), n.props.unit ? el("small", null, " " + n.props.unit) : null),
    Image: (n, d) => typeof d === "string" ? V.img(d, n.props.mimeType) : auto(d),
    JsonView: (n, d) => el("details", { class: "raw", open: true }, el("summary", null, M.json), V.PJ(d))
  });
})(CU.views);
