// plot.js: the one chart engine (CU.views.plot), and CU.series, the chart of a table's rows that
// are a series. Its parts' types (ChartPart, ChartPoint, ChartSeries) are types/chart.d.ts's.

/** The engine, and what a Chart node (chart.js) adds to it. */
interface Plot {
  /** A chart of rows (at most `share` of the result area's width), or null when its values do not vary. */
  draw(rows: unknown[], props: ChartPart, unit: string, share?: number): HTMLElement | null;
  /** Values that barely vary (under 2 % of their size): no chart says more than the table. */
  still(values: number[]): boolean;
  /** The series' colours, in order. */
  colors: string[];
  /** An SVG element. */
  svg(tag: string, attrs: ElAttrs, ...children: ElChild[]): HTMLElement;
  /** How a series' values at one x become one, by the props' aggregate (none: their sum). */
  aggregates: Record<string, (values: number[]) => number>;
  /** The arc mark: slices of the first series into svg, centred at (cx, cy); the legend's items. */
  arc?(svg: Element, line: ChartSeries | undefined, cx: number, cy: number, xText: (x: unknown) => string): { name: string; color: string }[];
}

interface Views {
  /** Set by plot.js, on every page that shows a result. */
  plot?: Plot;
}

interface CompileUi {
  /** The chart of rows that are a series (plot.js seriesOf), or null. With `table` (the rows'
   *  table, as views.js built it), the two placed as `placement` says ("first": the chart above
   *  the table, folded in a details past 12 rows; "beside": side by side on a frame >= 900 px, else stacked; "tab": two tabs, the
   *  table's first); without, the chart alone. */
  series(rows: unknown[], columns: TableColumn[], placement?: string, table?: HTMLElement): HTMLElement | null;
}
