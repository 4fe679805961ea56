/* compile-ui typed result views: the views compiled from a tool's outputSchema (KeyValue, Table,
   List, CardGrid, Metric, Image, JsonView). Shipped only in pages whose tree has one of them
   (runtime_js.MODULES): an AutoView page (a tool without an outputSchema) builds its views from
   the data's shape (V.js) and needs none of these. Concatenated after V.js; adds them to
   CU.V.NODES with V.js's helpers (types/typed.d.ts: their props). Data is never markup:
   DOM nodes + textContent only. Data of another shape than the node expects shows its AutoView. */
// V: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling V.NODES).
((V) => {
  var at = V.at, auto = V.auto, isRecord = V.isO;
  // Fields left out of the tree (none named: the default, omitted) are the rows' keys.
  /** @param {unknown[]} rows  @param {CardGridProps} props */
  function cards(rows, props) {
    var named = props.fields || [], fields = named.length ? named : V.cols(/** @type {Record<string, unknown>[]} */ (rows));
    return el("div", { class: "cards" }, rows.map((row) => el("div", { class: "card" }, props.titlePointer ? el("strong", null, V.val(at(row, props.titlePointer))) : null, V.kv(row, fields))));
  }

  Object.assign(V.NODES, {
    // A record of no scalar fields whose parts have views of their own shows only those views.
    KeyValue: /** @type {TypedBuilder} */ ((node, data) => {
      var fields = /** @type {KeyValueProps} */ (node.props).fields || [];
      return fields.length || !(node.children || []).length || !isRecord(data) ? V.kv(data, fields) : "";
    }),
    Table: /** @type {TypedBuilder} */ ((node, data) => {
      var props = /** @type {TableProps} */ (node.props), columns = props.columns || [];
      return Array.isArray(data) ? V.table(data, columns.length ? columns.slice() : V.cols(data.filter(isRecord)), props.pageSize || 100) : auto(data);
    }),
    List: /** @type {TypedBuilder} */ ((node, data) => Array.isArray(data) ? V.list(data, /** @type {ListProps} */ (node.props).format) : auto(data)),
    CardGrid: /** @type {TypedBuilder} */ ((node, data) => Array.isArray(data) ? cards(data, /** @type {CardGridProps} */ (node.props)) : auto(data)),
    Metric: /** @type {TypedBuilder} */ ((node, data) => {
      var props = /** @type {MetricProps} */ (node.props);
      return el("div", { class: "metric" }, V.val(data, props.format), props.unit ? el("small", null, " " + props.unit) : null);
    }),
    Image: /** @type {TypedBuilder} */ ((node, data) => typeof data === "string" ? V.img(data, /** @type {ImageProps} */ (node.props).mimeType) : auto(data)),
    JsonView: /** @type {TypedBuilder} */ ((node, data) => el("details", { class: "raw", open: true }, el("summary", null, M.json), V.PJ(data)))
  });
})(CU.views);
