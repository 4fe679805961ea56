/* compile-ui matrices (issue 26): a table whose numbers form a matrix gets a colour scale — a
   heatmap. Concatenated after views.js; views.js's table() asks CU.matrix(rows, columns) and, when
   it answers, draws the columns it gives and passes each cell through cell(). A colour is an
   addition, never a replacement: every cell keeps its value as text, and the legend says what the
   colours mean. Colours go through the cell's style (CSSOM setProperty, which the page's CSP
   allows) as a position --t on a scale whose colours are CSS variables (matrix.css), light and dark.
   What is a matrix, from the data alone:
   - rows whose one field (or cell) holds an array of numbers (cohort sizes beside retention rows;
     a query's array_agg/list): the arrays are the matrix, its columns their indices 0, 1, 2…;
   - else the numeric columns that number a series: names of one stem and a number ("month 0",
     "month 1"…; "m1", "m2"…; a driver's rows without names, columns 1, 2, 3…), three at least,
     or columns named by the rows' own labels (a correlation or distance matrix);
   - at least two rows and two columns; at most 50 columns (an embedding is no heatmap). Columns
     with no names at all (a grid without a header) must also be of one order of magnitude (the
     largest values of any two within ×50): a query's id, price and quantity are not a matrix.
   Rows are labelled by the field that names them: a text column named like a label (name, label,
   cohort…) before any other text column, an id only when nothing better exists.

   Long-format cells (issue 32): records that are the cells of a matrix, one record a cell, are
   shown as that matrix — a heatmap — first, and the records themselves on a second tab (every
   value one click away). views.js's table() asks CU.pivot(rows, columns) before drawing a table.
   Two kinds, from the data alone (an outputSchema only says it sooner):
   - flat: two key fields (integers or non-empty texts; each value repeats) name a row and a
     column, each pair once; every other field is a number (the first is the cell's value), none
     an id (records with ids are things, not cells): cohort × month → pct, product × quarter →
     units, a query's or a CSV's rows;
   - nested: rows that each hold a list of records whose one key field (unique in its list)
     names a column, and a number: a cohort's cells {periodIndex, retention}. The row's own fields
     stay beside its cells; the records tab lists every cell with its row's label.
   Columns keyed by indices 0, 1, 2… take their names from a sibling array that names them
   (periodIndex → periodLabels or periods; row/col → row_labels/col_labels) in the object around
   the table (CU.views.scope, set by views.js), and rows so too. At most 50 columns, and the
   matrix at least a third full (a cohort triangle is half).

   Contract (types/matrix.d.ts): CU.matrix(rows, columns) → {cs, cell, wrap} or undefined;
   CU.pivot(rows, columns) → the two tabs' element or undefined. The columns a pivot hands to
   views.js's table() carry what CU.matrix reads back: m (a matrix column), l (the rows' label),
   of (what the columns count, e.g. Month), v (what the cells hold, e.g. Retention). */
((views) => {
  var at = views.at, formatNumber = views.formatNumber, isRecord = views.isRecord, least = CU.present.least, most = CU.present.most;
  /** @type {(value: unknown) => value is number} */
  var isNumber = (value) => typeof value === "number" && isFinite(value);
  /** @type {(value: unknown) => value is null | undefined} */
  var isMissing = (value) => value == null;
  // Fields that name a thing rather than a row or a column of a matrix: ids, keys, hashes.
  var ID_NAME = /^(id|ids|key|pk|uuid|guid|hash|sha|oid)$|(_id|Id|ID|_key|Hash|_hash|_uuid)$/;
  var LABEL_NAME = /name|label|title|cohort|group|categor|segment|series|region|country|city|product|period|month|week|day|date|year/i;
  var MAX_COLUMNS = 50;
  /** @type {<T>(values: T[]) => T[]} */
  var distinct = (values) => Array.from(new Set(values));
  /** The last step of a column's pointer: a record's key, or a grid's position ("3").
      @param {MatrixColumn} column */
  var lastStep = (column) => column.pointer.slice(column.pointer.lastIndexOf("/") + 1);
  /** What names a column: its key, or for a grid's positional columns its header (`alias`: the
      header as written, else the label).
      @param {MatrixColumn} column  @param {string | undefined} [alias] */
  var columnName = (column, alias) => { var step = lastStep(column); return /^\d+$/.test(step) ? String(alias || column.label) : step; };
  // "month 3" → "month", "m3" → "m", "3" → ""; null when the name does not end in a number.
  /** @param {string} name */
  var numberedStem = (name) => { var match = /^(.*?)[\s_-]*\d+$/.exec(String(name)); return match ? match[1].toLowerCase() : null; };
  // A grid's positional column: /0 headed "1", /1 headed "2"… (no names).
  /** @param {MatrixColumn} column */
  var isPositional = (column) => column.pointer === "/" + (+column.label - 1);

  /* ------------------------------------------------------------------ the colour scale */

  /** @param {unknown[]} rows  @param {MatrixColumn[]} columns  @returns {MatrixView | undefined} */
  function matrix(rows, columns) {
    if (rows.length < 2) return;
    /** @param {MatrixColumn} column */
    var valuesOf = (column) => rows.map((row) => at(row, column.pointer));
    var numericColumns = columns.filter((column) => { var values = valuesOf(column); return values.every((x) => isMissing(x) || isNumber(x)) && values.some(isNumber); });
    /** @type {MatrixColumn | null | undefined} the column whose cells are arrays of numbers */
    var arrayColumn = columns.find((column) => {
      var values = valuesOf(column);
      return values.every((x) => isMissing(x) || (Array.isArray(x) && x.every((y) => isMissing(y) || isNumber(y)))) && values.some((x) => /** @type {unknown[]} */ (x) && /** @type {unknown[]} */ (x).length > 1);
    });
    var textColumns = columns.filter((column) => valuesOf(column).every((x) => isMissing(x) || typeof x === "string") && valuesOf(column).some((x) => typeof x === "string"));
    /** @type {MatrixColumn | null | undefined} the column that labels the rows */
    var labelColumn = textColumns.find((column) => LABEL_NAME.test(columnName(column)) && !ID_NAME.test(columnName(column))) || textColumns.find((column) => !ID_NAME.test(columnName(column))) || textColumns[0];
    var rowNames = labelColumn ? valuesOf(labelColumn).map((x) => String(x).toLowerCase()) : [];
    /** @type {MatrixColumn[]} the matrix's columns */
    var cellColumns = columns.filter((column) => column.m), width = 0, positional = false, square = /** @type {MatrixColumn[]} */ ([]);
    labelColumn = columns.find((column) => column.l) || labelColumn;
    if (cellColumns.length) arrayColumn = null; // a pivot's (CU.pivot): its columns are the matrix
    else if (arrayColumn) {
      var arrays = arrayColumn;
      rows.forEach((row) => { var cells = /** @type {unknown[] | null} */ (at(row, arrays.pointer)); width = Math.max(width, cells ? cells.length : 0); });
      // Its columns are its indices; in a grid without names (columns 1, 2, 3…) its own position
      // leads them ("3.1", "3.2"…), so they are not taken for the grid's columns.
      positional = isPositional(arrays);
      cellColumns = Array.from({ length: width }, (x, index) => ({ pointer: arrays.pointer + "/" + index, label: positional ? arrays.label + "." + (index + 1) : String(index), format: "number", of: positional ? "" : arrays.label }));
    } else {
      /** @type {Record<string, MatrixColumn[]>} numeric columns by the stem of their numbered names */
      var byStem = {};
      numericColumns.forEach((column) => { var stem = numberedStem(column.label); if (stem !== null) (byStem[stem] = byStem[stem] || []).push(column); });
      cellColumns = Object.keys(byStem).map((stem) => byStem[stem]).sort((a, b) => b.length - a.length)[0] || [];
      // A square matrix: columns named by the rows' own labels (a correlation, a distance).
      square = numericColumns.filter((column) => rowNames.indexOf(String(column.label).toLowerCase()) >= 0);
      if (square.length >= 2 && square.length > cellColumns.length) cellColumns = square;
      else if (cellColumns.length < 3) return;
      // Positional columns (no names: "1", "2"… for /0, /1…) must be of one order of magnitude.
      if (cellColumns.every(isPositional)) {
        var largest = cellColumns.map((column) => most(valuesOf(column).filter(isNumber).map(Math.abs)));
        if (most(largest) > 50 * least(largest)) return;
      }
    }
    if (cellColumns.length < 2 || cellColumns.length > MAX_COLUMNS) return;
    /** @type {number[]} */
    var cellValues = [];
    rows.forEach((row) => { cellColumns.forEach((column) => { var value = at(row, column.pointer); if (isNumber(value)) cellValues.push(value); }); });
    if (!cellValues.length) return;
    if (labelColumn && cellColumns.indexOf(labelColumn) >= 0) labelColumn = null;
    var read = readable(cellValues, cellColumns === square && !PERCENT_NAME.test(cellColumns.map((column) => column.v || "").join(" ") + (arrayColumn ? arrayColumn.label : "")));
    // The scale: sequential from the least value to the largest, or diverging (values both below
    // and above zero) from −m to m, m the largest magnitude, the sign picking the hue.
    var low = least(cellValues), high = most(cellValues), diverging = low < 0 && high > 0, magnitude = Math.max(-low, high);
    /** Where a value sits on the scale, 0 … 1 (below zero on a diverging scale: 0 … −1).
        @param {number} value */
    var position = (value) => diverging ? value / magnitude : high === low ? 0.5 : (value - low) / (high - low);
    /** Sets a node's colour for a value: the classes hm (hm-neg below zero) and --t.
        @type {<T extends HTMLElement>(node: T, value: number) => T} */
    var paint = (node, value) => {
      var place = position(value);
      node.classList.add("hm");
      if (place < 0) node.classList.add("hm-neg");
      node.style.setProperty("--t", Math.abs(place).toFixed(3));
      return node;
    };
    var otherColumns = columns.filter((column) => column !== labelColumn && column !== arrayColumn && cellColumns.indexOf(column) < 0);
    return {
      cs: (labelColumn ? [labelColumn] : []).concat(otherColumns, cellColumns),
      cell: (column, row, td) => {
        var value = at(row, column.pointer);
        if (column === labelColumn) td.classList.add("hm-row");
        if (cellColumns.indexOf(column) < 0 || !isNumber(value)) return td;
        var exact = formatNumber(value);
        td.title = (labelColumn ? String(at(row, labelColumn.pointer)) + " · " : "") + (column.of && column.label.indexOf(column.of) ? column.of + " " : "") + column.label + ": " + exact;
        // The value as a person reads it, and (hm-x) exact, shown by the legend's toggle.
        // (a cell reads as the matrix's scale reads, not as its column's look: present.js)
        td.replaceChildren(...(read.r(value) ? [el("span", { class: "hm-r" }, read(value)), el("span", { class: "hm-x" }, exact)] : [read(value)]));
        return paint(td, value);
      },
      // The legend: what the cells hold, the scale's ends as the cells read, five steps of colour
      // between (the steps inside are places on the scale, not data: four significant digits,
      // never 0.30000000000000004); and when a cell reads rounded, a toggle to the exact values.
      wrap: (box) => {
        var bottom = diverging ? -magnitude : low, top = diverging ? magnitude : high,
          steps = [0, 1, 2, 3, 4].map((k) => (k % 4 ? Number((bottom + (top - bottom) * k / 4).toPrecision(4)) : k ? top : bottom));
        var rounded = cellValues.some(read.r);
        var exact = rounded && el("button", { type: "button", class: "btn small", "aria-pressed": "false", onclick: () => {
          /** @type {HTMLElement} */ (exact).setAttribute("aria-pressed", String(box.classList.toggle("hm-exact")));
        } }, M.exactValues);
        var legend = el("div", { class: "hm-legend" }, el("div", { class: "hm-scale", role: "img", "aria-label": M.colourScale(read(bottom), read(top)) },
          arrayColumn && !positional ? el("span", null, arrayColumn.label) : cellColumns[0].v ? el("span", null, cellColumns[0].v) : null, el("span", null, read(bottom)),
          steps.map((value) => paint(el("i", { title: read(value) }), value)), el("span", null, read(top))), exact);
        box.classList.add("heatmap");
        box.insertBefore(legend, box.firstChild);
        return box;
      }
    };
  }

  // A matrix's cells as a person reads them (issue 49), all alike: fractions of one (a retention,
  // a share: every value within 0 … 1, not all whole) as whole percentages; a square matrix's
  // (a correlation) only when named so (PERCENT_NAME); other numbers with the decimals they have
  // (their binary noise gone), at most three, the same in every cell ("0.786", "38.4", "62.0",
  // "523"). The exact value stays in the cell's title, behind the legend's toggle (where a cell
  // reads rounded: r), and in the table's data (CSV, JSON).
  var PERCENT_NAME = /retention|rate|share|percent|pct|ratio|fraction|churn|conversion|probability/i;
  /** @param {number[]} values  @param {boolean} notShare  @returns {((value: number) => string) & { r(value: number): boolean }} */
  function readable(values, notShare) {
    if (!notShare && !values.every(Number.isInteger) && least(values) >= 0 && most(values) <= 1) return Object.assign((/** @type {number} */ value) => formatNumber(Math.round(value * 100)) + "%", { r: () => true });
    var decimals = Math.min(3, most(values.map((value) => (/\.\d+$/.exec(String(+value.toPrecision(12))) || [" "])[0].length - 1)));
    /** @type {(value: number) => number} */
    var rounded = (value) => +value.toFixed(decimals) || 0;
    return Object.assign((/** @type {number} */ value) => CU.present.text(rounded(value), { f: "number", d: decimals }) || formatNumber(rounded(value)), { r: (/** @type {number} */ value) => rounded(value) !== value });
  }

  /* ------------------------------------------------------------------ long-format cells */

  /** @param {unknown} value */
  var isKey = (value) => Number.isInteger(value) || (typeof value === "string" && value.trim() !== "");
  /** @param {unknown[]} values */
  var allNumeric = (values) => values.every((x) => x == null || isNumber(x)) && values.some(isNumber);
  /** @param {unknown} value */
  var asText = (value) => typeof value === "string" ? value : formatNumber(/** @type {number} */ (value));
  /** @param {MatrixColumn} column */
  var pivotName = (column) => columnName(column, column.name || undefined);
  // A key's values, with the names a sibling array gives indices (else the values as text).
  /** @param {MatrixColumn} key  @param {unknown[]} values  @returns {string[]} */
  function keyNames(key, values) {
    var stem = pivotName(key).replace(/[\s_-]*(index|idx|no|num|number)$/i, "").toLowerCase();
    // The object around the table (views.js; a record? checked below): its arrays may name the keys.
    var around = /** @type {Record<string, unknown>} */ (views.scope);
    /** @type {string | undefined} the sibling array's key */
    var namer;
    if (!values.every((value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0)) return values.map(asText);
    var indices = /** @type {number[]} */ (values);
    if (stem && isRecord(around)) Object.keys(around).forEach((name) => {
      // names: an array? checked first.
      var names = /** @type {unknown[]} */ (around[name]), squeezed = name.toLowerCase().replace(/[\s_-]/g, "");
      if (!Array.isArray(names) || !indices.every((index) => index < names.length && (typeof names[index] === "string" || isNumber(names[index])))) return;
      // periodLabels over periods: a name that says it holds labels is preferred.
      if (squeezed.indexOf(stem) === 0 && /s$|labels?$|names?$/.test(squeezed) && !(namer && /label|name/i.test(namer) && !/label|name/.test(squeezed))) namer = name;
    });
    var names = /** @type {unknown[] | undefined} */ (namer && around[namer]);
    return indices.map((index) => names ? asText(names[index]) : key.label + " " + asText(index)); // Month 3
  }
  // The key fields of records: integers or texts, not ids, repeating; in column order.
  /** @param {unknown[]} rows  @param {MatrixColumn[]} columns */
  var keyColumns = (rows, columns) => columns.filter((column) => {
    var values = rows.map((row) => at(row, column.pointer)), count = distinct(values).length;
    return !ID_NAME.test(pivotName(column)) && values.every(isKey) && count > 1 && count < values.length;
  });
  /** Flat: one record a cell, two of its fields its row and column.
      @param {unknown[]} rows  @param {MatrixColumn[]} columns  @returns {PivotPlan | undefined} */
  function flatCells(rows, columns) {
    if (rows.length < 4 || rows.length > 1e4 || columns.some((column) => ID_NAME.test(pivotName(column)))) return; // records with ids are things, not cells
    var keys = keyColumns(rows, columns);
    for (var i = 0; i < keys.length; i++) {
      for (var j = i + 1; j < keys.length; j++) {
        var rowKey = keys[i], columnKey = keys[j], rest = columns.filter((x) => x !== rowKey && x !== columnKey);
        /** @type {Record<string, number>} the pairs of keys met */
        var seen = {};
        var rowCount = distinct(rows.map((row) => at(row, rowKey.pointer))).length, columnCount = distinct(rows.map((row) => at(row, columnKey.pointer))).length;
        // Too many columns: the other key is the column, if it has few enough.
        if (columnCount > MAX_COLUMNS) { if (rowCount > MAX_COLUMNS) continue; [rowKey, columnKey, rowCount, columnCount] = [columnKey, rowKey, columnCount, rowCount]; }
        if (rowCount * columnCount > 3 * rows.length || !rest.length || !rest.every((column) => allNumeric(rows.map((row) => at(row, column.pointer))))) continue;
        if (!rows.every((row) => { var pair = JSON.stringify([at(row, rowKey.pointer), at(row, columnKey.pointer)]); return !seen[pair] && (seen[pair] = 1); })) continue;
        // A number the row's key decides (a cohort's size) is the row's own, beside its name: the
        // cells are of a measure that varies along the row (its retention).
        var key = rowKey, decided = rest.filter((column) => {
          /** @type {Map<unknown, unknown>} */
          var of = new Map();
          return rows.every((row) => { var name = at(row, key.pointer), value = at(row, column.pointer); return of.has(name) ? of.get(name) === value : !!of.set(name, value); });
        }), measures = rest.filter((column) => decided.indexOf(column) < 0);
        return { cells: rows.map((row) => ({ own: [], row: at(row, key.pointer), cell: row })), rowKey: rowKey, columnKey: columnKey, value: measures[0] || rest[0], columns: columns, own: [rowKey].concat(measures.length ? decided : []) };
      }
    }
  }
  /** Nested: each row holds a list of its cells' records.
      @param {unknown[]} rows  @param {MatrixColumn[]} columns  @returns {PivotPlan | undefined} */
  function nestedCells(rows, columns) {
    if (rows.length < 2) return;
    var holder = columns.find((column) => { var values = rows.map((row) => at(row, column.pointer)); return values.every((value) => Array.isArray(value) && value.every(isRecord)) && values.some((value) => /** @type {unknown[]} */ (value).length > 1); });
    if (!holder) return;
    var list = holder, ownColumns = columns.filter((column) => column !== list);
    /** @type {PivotCell[]} */
    var cells = [];
    rows.forEach((row, index) => { /** @type {unknown[]} */ (at(row, list.pointer)).forEach((cell) => { cells.push({ own: ownColumns.map((column) => at(row, column.pointer)), row: index, cell: cell }); }); });
    if (cells.length > 1e4 || rows.length > 500) return; // bounded work (the checks below are rows × cells)
    var recordColumns = views.columnsOf(/** @type {Record<string, unknown>[]} */ (cells.map((x) => x.cell)));
    /** @param {MatrixColumn} column */
    var valuesOf = (column) => cells.map((x) => at(x.cell, column.pointer));
    /** @param {number} index */
    var cellsOfRow = (index) => cells.filter((x) => x.row === index);
    /** @param {MatrixColumn} column */
    var varies = (column) => rows.some((row, index) => distinct(cellsOfRow(index).map((x) => at(x.cell, column.pointer))).length > 1);
    var columnKey = recordColumns.find((column) => !ID_NAME.test(pivotName(column)) && valuesOf(column).every(isKey) && varies(column) && rows.every((row, index) => {
      var values = cellsOfRow(index).map((x) => at(x.cell, column.pointer));
      return distinct(values).length === values.length;
    }));
    var value = columnKey && recordColumns.find((column) => column !== columnKey && allNumeric(valuesOf(column)) && varies(column));
    if (!columnKey || !value || distinct(valuesOf(columnKey)).length > MAX_COLUMNS || rows.length * distinct(valuesOf(columnKey)).length > 3 * cells.length) return;
    return { cells: cells, rowKey: null, columnKey: columnKey, value: value, columns: recordColumns, own: ownColumns, ownValues: rows.map((row) => ownColumns.map((column) => at(row, column.pointer))) };
  }
  // The matrix as rows of arrays: the row's own fields (or its key), then one cell per column.
  /** @param {PivotPlan} plan */
  function matrixTable(plan) {
    var columnKeys = distinct(plan.cells.map((x) => at(x.cell, plan.columnKey.pointer))), ownWidth = plan.own.length, ownValues = plan.ownValues || [];
    var rowKeys = plan.rowKey ? distinct(plan.cells.map((x) => x.row)) : ownValues.map((x, index) => index);
    if (columnKeys.every(Number.isInteger)) /** @type {number[]} */ (columnKeys).sort((a, b) => a - b);
    var heads = keyNames(plan.columnKey, columnKeys), rowNames = plan.rowKey ? keyNames(plan.rowKey, rowKeys) : [];
    /** @type {Map<unknown, unknown>} each row's first cell (its own numbers) */
    var first = new Map();
    plan.cells.forEach((x) => { if (!first.has(x.row)) first.set(x.row, x.cell); });
    var grid = rowKeys.map((key, index) => { var row = plan.rowKey ? /** @type {unknown[]} */ ([rowNames[index]]).concat(plan.own.slice(1).map((column) => at(first.get(key), column.pointer))) : ownValues[/** @type {number} */ (key)].slice(); row.length = ownWidth + columnKeys.length; return row; });
    plan.cells.forEach((x) => { grid[rowKeys.indexOf(x.row)][ownWidth + columnKeys.indexOf(at(x.cell, plan.columnKey.pointer))] = at(x.cell, plan.value.pointer); });
    /** @type {MatrixColumn[]} */
    var own = plan.own.map((column, index) => Object.assign({}, column, { pointer: "/" + index, l: plan.rowKey && !index ? 1 : 0 }));
    /** @type {MatrixColumn[]} */
    var matrixColumns = heads.map((head, index) => ({ pointer: "/" + (ownWidth + index), label: head, format: "number", m: 1, of: plan.columnKey.label, v: plan.value.pointer === "/" + (+plan.value.label - 1) ? M.column(plan.value.label) : plan.value.label }));
    return views.table(grid, own.concat(matrixColumns), 100, 1);
  }
  // Every cell record, after its row's label when the rows are records of their own.
  /** @param {PivotPlan} plan */
  function recordsTable(plan) {
    if (plan.rowKey) return views.table(plan.cells.map((x) => x.cell), plan.columns, 100, 1);
    var named = plan.own.findIndex((column) => /name|label|title|cohort/i.test(pivotName(column)));
    var labelAt = named < 0 ? plan.own.findIndex((column) => !ID_NAME.test(pivotName(column))) : named;
    var head = labelAt < 0 ? [] : [Object.assign({}, plan.own[labelAt], { pointer: "/0" })];
    var rows = plan.cells.map((x) => (labelAt < 0 ? [] : [x.own[labelAt]]).concat(plan.columns.map((column) => at(x.cell, column.pointer))));
    return views.table(rows, head.concat(plan.columns.map((column, index) => Object.assign({}, column, { pointer: "/" + (index + head.length) }))), 100, 1);
  }
  /** Two tabs, the first selected (a pivot's; a series' chart and table: chart.js).
      @param {[string, HTMLElement][]} panes */
  function tabs(panes) {
    var buttons = panes.map((pane, index) => el("button", { type: "button", role: "tab", "aria-selected": String(!index), onclick: () => { pick(index); } }, pane[0]));
    var panels = panes.map((pane, index) => el("div", { role: "tabpanel", hidden: index > 0 }, pane[1]));
    /** @param {number} picked */
    function pick(picked) {
      buttons.forEach((button, index) => { button.setAttribute("aria-selected", String(index === picked)); });
      panels.forEach((panel, index) => { panel.hidden = index !== picked; });
    }
    return el("div", { class: "tabs pivot" }, el("div", { role: "tablist" }, buttons), panels);
  }

  // Rows that each hold a whole series (issue 49: each template's 12-month projection of MRR,
  // profit and revenue) are no matrix of one measure: a nested pivot whose column key is integers,
  // 6 or more, every row holding every one of them (a cohort's triangle stays a matrix), its rows
  // few enough to tell apart (2 to 8, a colour each), is a line a row over the key, one measure at
  // a time (a select picks it: the numbers of the cells that vary, not ids). The rows' own fields
  // stay a table above; the records, every value, are the second tab.
  /** @param {PivotPlan} plan  @returns {HTMLElement | undefined} */
  function rowSeries(plan) {
    var plot = /** @type {Plot} */ (views.plot), ownValues = plan.ownValues || [], count = ownValues.length;
    var keys = /** @type {number[]} */ (distinct(plan.cells.map((x) => at(x.cell, plan.columnKey.pointer))));
    if (plan.rowKey || !plot || count < 2 || count > 8 || keys.length < 6 || !keys.every(Number.isInteger) || plan.cells.length !== count * keys.length) return;
    keys.sort((a, b) => a - b);
    var measures = plan.columns.filter((column) => {
      var values = plan.cells.map((x) => at(x.cell, column.pointer));
      return column !== plan.columnKey && !ID_NAME.test(pivotName(column)) && values.every(isNumber) && distinct(values).length > 1;
    });
    var named = plan.own.findIndex((column) => /name|label|title/i.test(pivotName(column)));
    var names = ownValues.map((own, index) => named < 0 ? String(index + 1) : asText(own[named]));
    /** @type {Map<string, unknown>} a cell by its row and key */
    var byPlace = new Map(plan.cells.map((x) => [x.row + " " + at(x.cell, plan.columnKey.pointer), x.cell]));
    var holder = el("div"), pick = /** @type {HTMLSelectElement} */ (el("select", { class: "ctl small measure", "aria-label": M.measure, onchange: draw },
      measures.map((column, index) => el("option", { value: String(index) }, column.label))));
    function draw() {
      var measure = measures[Number(pick.value) || 0];
      var data = keys.map((key) => /** @type {unknown[]} */ ([key]).concat(names.map((name, row) => at(byPlace.get(row + " " + key), measure.pointer))));
      holder.replaceChildren(plot.draw(data, { mark: "line", x: { pointer: "/0", label: plan.columnKey.label, type: "quantitative" },
        y: names.map((name, row) => ({ pointer: "/" + (row + 1), label: name, type: "quantitative" })), legend: true,
        label: M.seriesBy(measure.label, plan.columnKey.label), look: views.look(pivotName(measure), plan.cells.map((x) => at(x.cell, measure.pointer))) }, "") || "");
    }
    if (!measures.length) return;
    draw();
    var own = plan.own.map((column, index) => Object.assign({}, column, { pointer: "/" + index }));
    return el("div", { class: "series" }, own.length > 1 ? views.table(ownValues, own, 100, 1) : "",
      tabs([[M.chartTab, el("div", null, measures.length > 1 ? pick : "", holder)], [M.recordsTab, recordsTable(plan)]]));
  }

  CU.matrix = matrix;
  CU.tabbed = tabs;
  CU.pivot = (rows, columns) => {
    if (!rows.length || !rows.every((row) => isRecord(row) || Array.isArray(row))) return;
    var plan = flatCells(rows, columns) || nestedCells(rows, columns);
    return plan && (rowSeries(plan) || tabs([[M.matrixTab, matrixTable(plan)], [M.recordsTab, recordsTable(plan)]]));
  };
})(CU.views);
