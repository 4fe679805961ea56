// chart.js: the Chart node's props (components/nodes.py ChartProps) and the drawing's parts.
// chart.js adds CU.views.NODES.Chart, drawn by plot.js's engine (types/plot.d.ts), which draws
// these parts for a series found in a table's data too.

/** One channel of a chart: a field of each row (pointer relative to the row). */
interface ChartEncoding {
  pointer: string;
  label: string;
  type: "quantitative" | "temporal" | "ordinal" | "nominal";
  /** A measure's own colour (its column's hue), else the palette's. */
  hue?: string;
}

/** A Chart node's props. */
interface ChartProps {
  bind?: string;
  label?: string;
  mark: "bar" | "line" | "area" | "point" | "arc";
  x: ChartEncoding;
  /** One series each, unless `color` splits the first into one series per value. */
  y: ChartEncoding[];
  color?: ChartEncoding;
  aggregate?: "sum" | "mean" | "min" | "max" | "count";
  sort?: "ascending" | "descending";
}

/** One drawing of a Chart: the props with the y encodings of one unit. */
interface ChartPart extends ChartProps {
  /** The index of its first series' colour (a series keeps its colour from chart to chart). */
  c0?: number;
  /** Each series stands on the ones before it (parts of a whole). */
  stack?: boolean;
  /** A legend even for one series (a series found in data: its measures' names). */
  legend?: boolean;
  /** The values' look (present.js), when every measure has the same: the y axis's ticks written so (money, percent, bytes, duration; tooltips stay exact). */
  look?: Present.Look;
}

/** An x (a time in milliseconds when temporal), the y aggregated there, and (stacked) its base:
 *  the sum of the series below it. */
type ChartPoint = [unknown, number, number?];

interface ChartSeries {
  name: string;
  color: string;
  points: ChartPoint[];
}

/** A tab panel as layout.js hydrates it: showTab() selects it quietly. */
interface TabPanelElement extends Element {
  showTab?(): void;
}
