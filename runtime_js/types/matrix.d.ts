// matrix.js's part of CU: the colour scale of a table whose numbers form a matrix, and the
// pivot of long-format cells into that matrix (with their records on a second tab).

/** A table column (views.js) with what a pivot tells CU.matrix about it. */
interface MatrixColumn extends TableColumn {
  /** 1 on a pivot's matrix columns: they are the matrix (no detection). */
  m?: number;
  /** 1 on the column that labels a pivot's rows (0: a row's own field, no label). */
  l?: number;
  /** What the matrix's columns count ("Month"; an array column's name): said in a cell's title. */
  of?: string;
  /** What the cells hold ("Retention"): said before the legend. */
  v?: string;
}

/** CU.matrix's answer: how views.js's table() draws a matrix. */
interface MatrixView {
  /** The columns to draw, in order: the rows' label, the other columns, the matrix's. */
  cs: MatrixColumn[];
  /** Paints a drawn cell (`td`) of `column` in `row` when it is one of the matrix's numbers. */
  cell(column: MatrixColumn, row: unknown, td: HTMLElement): HTMLElement;
  /** Marks the table's box as a heatmap and puts the legend first in it. */
  wrap(box: HTMLElement): HTMLElement;
}

/** One cell of a pivot: its record, its row's key (flat) or index (nested), its row's own values. */
interface PivotCell {
  own: unknown[];
  row: unknown;
  cell: unknown;
}

/** A pivot found in records (matrix.js flatCells, nestedCells). */
interface PivotPlan {
  cells: PivotCell[];
  /** The key field naming the rows (flat); null when the rows are records of their own (nested). */
  rowKey: MatrixColumn | null;
  /** The key field naming the columns, and the number in each cell. */
  columnKey: MatrixColumn;
  value: MatrixColumn;
  /** The cell records' columns. */
  columns: MatrixColumn[];
  /** The columns shown before the cells: the row key (flat), or the row's own fields (nested). */
  own: MatrixColumn[];
  /** Nested: each row's own values, in the order of `own`. */
  ownValues?: unknown[][];
}

interface CompileUi {
  /** The heatmap of a table whose numbers form a matrix, or undefined (no matrix). */
  matrix(rows: unknown[], columns: MatrixColumn[]): MatrixView | undefined;
  /** Panes (a label and its content) as tabs, the first selected: a pivot's, a series'. */
  tabbed(panes: [string, HTMLElement][]): HTMLElement;
  /** Long-format cells as their matrix and their records, two tabs; or undefined. */
  pivot(rows: unknown[], columns: MatrixColumn[]): HTMLElement | undefined;
}
