/* compile-ui typed result views: the views compiled from a tool's outputSchema (KeyValue, Table,
   List, CardGrid, Metric, Image, JsonView). Shipped only in pages whose tree has one of them
   (runtime_js.MODULES): an AutoView page (a tool without an outputSchema) builds its views from
   the data's shape (views.js) and needs none of these. Concatenated after views.js; adds them to
   CU.views.NODES with views.js's helpers (types/typed.d.ts: their props). Data is never markup:
   DOM nodes + textContent only. Data of another shape than the node expects shows its AutoView. */
// views: CU.views (runtime_js/catalog.py finds the kinds a module adds by the spelling views.NODES).
((views) => {
  var at = views.at, auto = views.autoView, isRecord = views.isRecord;
  // Fields left out of the tree (none named: the default, omitted) are the rows' keys.
  /** @param {unknown[]} rows  @param {CardGridProps} props */
  function cards(rows, props) {
    var named = props.fields || [], fields = named.length ? named : views.columnsOf(/** @type {Record<string, unknown>[]} */ (rows));
    return el("div", { class: "cards" }, rows.map((row) => el("div", { class: "card" }, props.titlePointer ? el("strong", null, views.value(at(row, props.titlePointer))) : null, views.keyValue(row, fields))));
  }

  Object.assign(views.NODES, {
    // A record of no scalar fields whose parts have views of their own shows only those views.
    KeyValue: /** @type {TypedBuilder} */ ((node, data) => {
      var fields = /** @type {KeyValueProps} */ (node.props).fields || [];
      return fields.length || !(node.children || []).length || !isRecord(data) ? views.keyValue(data, fields) : "";
    }),
    Table: /** @type {TypedBuilder} */ ((node, data) => {
      var props = /** @type {TableProps} */ (node.props), columns = props.columns || [];
      return Array.isArray(data) ? views.table(data, columns.length ? columns.slice() : views.columnsOf(data.filter(isRecord)), props.pageSize || 100) : auto(data);
    }),
    List: /** @type {TypedBuilder} */ ((node, data) => Array.isArray(data) ? views.list(data, /** @type {ListProps} */ (node.props).format, CU.unescapeToken(String(node.props.bind || "").split("/").pop() || "")) : auto(data)),
    CardGrid: /** @type {TypedBuilder} */ ((node, data) => Array.isArray(data) ? cards(data, /** @type {CardGridProps} */ (node.props)) : auto(data)),
    Metric: /** @type {TypedBuilder} */ ((node, data) => {
      var props = /** @type {MetricProps} */ (node.props);
      return el("div", { class: "metric" }, views.value(data, props.format), props.unit ? el("small", null, " " + props.unit) : null);
    }),
    Image: /** @type {TypedBuilder} */ ((node, data) => typeof data === "string" ? views.image(data, /** @type {ImageProps} */ (node.props).mimeType) : auto(data)),
    JsonView: /** @type {TypedBuilder} */ ((node, data) => el("details", { class: "raw", open: true }, el("summary", null, M.json), views.jsonBlock(data)))
  });
})(CU.views);
