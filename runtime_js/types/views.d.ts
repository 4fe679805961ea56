// views.js: the result views (CU.views), and the types of what they are built from. typed.js,
// chart.js, host.js and matrix.js read CU.views.* too. The types live in the namespace Views
// (merged with the interface of the same name), so their short names clash with no other file's.

/** The core's names, for the namespace below (whose own names would shadow them). */
type CoreContentBlock = ContentBlock;
type CoreToolResult = ToolResult;

declare namespace Views {
  /** Any JSON value: what a tool result's data is. */
  type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
  /** A JSON object. */
  type Record = { [key: string]: Json };
  /** A value that is not an object or array (undefined too: what a missing key reads as). */
  type Scalar = null | boolean | number | string | undefined;
  /** What el() takes as a child: a node, text, nothing, or a list of them. */
  type Child = Node | string | number | null | undefined | false | Child[];

  /** What render() needs of the page (CU.viewContext): the host's capabilities (openLinks), its context
 *  (locale), and a way to open a link. */
interface ViewContext {
  caps: { openLinks?: unknown; [key: string]: unknown };
  hostContext: HostContext;
  openLink(url: string): unknown;
}

/** A column of a table, or a field of a key-value view (the global TableColumn, which
   *  matrix.js extends as MatrixColumn). */
  type Column = TableColumn;
  interface Option { value: Json; label: string }

  /** A node of the server's view tree (the ResultView and the views in it). */
  interface ViewNode {
    id: string;
    type: string;
    props: ViewProps;
    children?: ViewNode[];
  }
  interface ViewProps {
    /** JSON Pointer of the data the view shows, from the result's structuredContent. */
    bind?: string;
    label?: string;
    /** The ResultView's: "content" when the views show the content blocks, not the data. */
    source?: string;
    /** The ResultView's: how the result is presented (absent: every default). */
    present?: Present;
    [prop: string]: unknown;
  }
  /** A format for the values under one key of the result data (components/nodes.py FieldFormat). */
  interface FieldFormat {
    /** JSON Pointer into the result data, array items "-"; applies to its last token's key. */
    field: string;
    format: "money" | "percent" | "bytes" | "duration" | "compact" | "number" | "date" | "time" | "colour" | "badge" | "plain";
    /** money: an ISO 4217 code or a symbol. */
    currency?: string;
    unit?: "ratio" | "points" | "ms" | "s" | "min" | "h" | "B" | "KB" | "MB" | "GB";
  }
  /** The ResultView's presentation (components/nodes.py Present); every key defaults when absent. */
  interface Present {
    formats?: FieldFormat[];
    /** Pointers of the headline's scalars; absent: inferred from the data; []: none. */
    headline?: string[];
    chart?: "first" | "beside" | "tab";
    sections?: ("headline" | "chart" | "data" | "text")[];
    text?: "fold" | "show";
  }
  /** A view builder: the node and the data at its bind (undefined for ContentBlocks). */
  type Build = (node: ViewNode, data: Json | undefined) => Node | string;
  interface Nodes { [type: string]: Build }

  /** A content block of a tool result, and the result: the core's (types/runtime.d.ts). */
  type ContentBlock = CoreContentBlock;
  type ToolResult = CoreToolResult;
  type RenderContext = ViewContext;

  /** What a text is: "diff", "," (CSV), "\t" (TSV), "aligned" (a plain-text table), "md"
   *  (markdown), "kv" (key: value lines), "lines" (monospace: code, logs, tracebacks), "prose". */
  type TextKind = "diff" | "," | "\t" | "aligned" | "md" | "html" | "kv" | "lines" | "prose";

  /** A table's box: its rows and columns ride on it (host.js offers them as a file). */
  /** A table built from rows: its rows and columns (host.js offers them as a file); all() draws
   *  every row on one page (a fold shows them all at its one click: plot.js). */
  type TableElement = HTMLElement & { rows: Json[]; cols: Column[]; all(): void };

  /** The classes an SGR code sets: 1 bold (t1), 2 dim (t2), f the colour (c0…c7). */
  interface SgrState { [param: string]: string }
  /** A series of points (views.js pointSeries): its labels, its [time, value] points, and
   *  whether it is an instant's one point. Short property names: the minifier keeps them. */
  interface PointSeries { l: Record; p: Json[][]; i: boolean }
  /** A line of "key: value" text: a record (its keys so far), or a line of text. Short
   *  property names: the minifier keeps property names as written. */
  interface TextItem {
    /** The record. */
    r?: Record;
    /** The line just before the record, naming it. */
    lab?: string | null;
    /** A line of text (not a record). */
    t?: string;
    /** 1: a blank line or a rule follows. */
    gap?: number;
  }
}

/** What render() needs of the page (CU.viewContext): the host's capabilities (openLinks), its context
 *  (locale), and a way to open a link. */
interface ViewContext {
  caps: { openLinks?: unknown; [key: string]: unknown };
  hostContext: HostContext;
  openLink(url: string): unknown;
}

/** A column of a table, or a field of a key-value view: the value at its pointer. */
interface TableColumn {
  /** JSON Pointer into a row ("/name", "/0"). */
  pointer: string;
  /** Its heading. */
  label: string;
  /** How its values show: number, integer, date, date-time, uri, uuid, enum, boolean, image, json, text… */
  format?: string;
  /** An enum's values and their labels. */
  options?: Views.Option[];
  /** 1: its format is guessed from its first value (columns from the data's shape). */
  g?: number;
  /** A grid's positional column: its header cell, as written (false when the grid has none). */
  name?: string | false;
  /** The type a table given as columns and rows names for it ("INTEGER", "VARCHAR"): shown under its heading. */
  type?: string;
  /** The group it belongs to (a record's key whose fields are columns): named above them. */
  grp?: string;
  /** Its colour, as the result's own list of what its key names gives it (views.js namesOf): its chart's line. */
  hue?: string;
  /** How its numbers look (present.js), decided once for the column. */
  look?: Present.Look;
  /** Its times' one day, written once under its heading ("20 Nov 2026 (UTC)"): each cell shows its time of day. */
  day?: string;
  /** 1: prose (60 characters a text on average), its cells wide enough to read (views.css td.long); 2: phrases (td.mid). */
  long?: number;
  /** Fields drawn as one (views.js joined): a place in a text, its line's, column's, end line's and end column's pointers ("3:14–20"); a span of time, its start's and end's. */
  at?: string[];
  /** 1: its fields (at) are a span of time's start and end ("2 Nov 2026, 09:15–09:30"). */
  w?: number;
}

// The builders take any value (data is JSON, but a caller may hold it as unknown): their
// parameters are unknown here, method parameters, which the implementations (typed by JSDoc on
// JSON) satisfy.
interface Views {
  /** The object around the view being built (matrix.js names a pivot's columns from it). */
  readonly scope: Views.Json | undefined;
  /** A tool result into box (resultView: the page's ResultView node, when it has one). */
  render(box: HTMLElement, result: Views.ToolResult, resultView: Views.ViewNode | null | undefined, ctx: Views.RenderContext): void;
  /** View type → builder: AutoView and ContentBlocks here; typed.js and chart.js add theirs. */
  NODES: Views.Nodes;
  /** JSON Pointer lookup; undefined when any step is missing. */
  at(data: unknown, pointer?: string): Views.Json | undefined;
  /** A number as a person writes it (grouped from 10 000; ids, years, codes never). */
  formatNumber(value: number, key?: string): string;
  /** An ISO date or date-time in the host's locale, in its own zone ("23 Nov 2026, 14:30 (UTC+01:00)"). */
  formatDate(value: unknown, format?: string): string;
  /** A JSON object (not an array, not null). */
  isRecord(value: unknown): value is Views.Record;
  /** The look of a key's values (present.js), the result's formats and a record's currency applied. */
  look(key: string, values: unknown[], record?: unknown): Present.Look;
  /** A column's key: its pointer's last token (a grid's positional column: its name, else its label). */
  keyOf(column: Views.Column): string;
  /** Any value by its shape (depth: how deep it is nested). */
  autoView(value: unknown, depth?: number): HTMLElement;
  /** Rows as a sortable, filtered, paged table (noPivot: not offered to CU.pivot). */
  table(rows: unknown[], columns: Views.Column[], pageSize: number, noPivot?: unknown): HTMLElement;
  /** What a text is (JSON and Python literals are read before, by the views). */
  kind(text: string): Views.TextKind;
  /** A record as key: value pairs (fields: the schema's, or [] for every key). */
  keyValue(record: unknown, fields: Views.Column[], depth?: number): HTMLElement;
  /** Columns from the union of keys over rows (formats guessed by table()). */
  columnsOf(rows: unknown[]): Views.Column[];
  /** A list, 200 items at a time. */
  list(items: unknown[], format?: string, key?: string): HTMLElement;
  /** One value as a node, formatted by its format (guessed when absent). */
  value(value: unknown, format?: string, options?: Views.Option[] | null, key?: string): Node | string;
  /** A base64 image (or data: URL) as an <img>; anything else as text. */
  image(value: string, mime?: string): HTMLElement;
  /** A value as indented JSON in a <pre>. */
  jsonBlock(value: unknown): HTMLElement;
  /** The text rules inside the views, exposed for the unit tests. */
  text: {
    /** A key as a heading: "max_count" → "Max count", "isDst" → "Is DST". */
    human(key: string): string;
    /** The format a value without a schema looks like: number, boolean, text, json, date, date-time, uri, uuid. */
    guess(value: unknown): string;
    /** A Python literal read as the JSON it stands for; undefined when it is none. */
    pythonLiteral(text: string): Views.Json | undefined;
    /** A text in titled sections: [text before the first title, title, its text, title, …]; undefined under two titles. */
    sections(text: string): string[] | undefined;
    /** A time written out (JavaScript's Date, e-mail's, ctime's) as ISO 8601; undefined when none. */
    written(text: string): string | undefined;
    /** The names a SQL select list (the run's argument) gives `width` columns; false when it gives no such names. */
    selected(width: number, args?: unknown): string[] | false;
    /** The series of points a value is (labels, [time, value] points); undefined when none. */
    points(value: unknown): Views.PointSeries[] | undefined;
    /** An error's text read: its kind (data, code, terminal, text, prose), title, body or data. */
    error(message: string): { k: string; t: string; b?: string; d?: Views.Json };
    /** Terminal output as text and spans of classes t1, t2 (bold, dim), c0…c7 (colours). */
    terminal(text: string): (string | HTMLElement)[];
    /** The text an array of strings is the lines of (nbformat's source, stream text, traceback); undefined when none. */
    lines(value: unknown): string | undefined;
    /** A text restates the data (most of its words and numbers are the data's): it folds. */
    restates(text: string, data: Views.Json): boolean;
    /** The headline's pointers: the spec's, the top-level numbers (2 to 8), or a summary object's. */
    headline(data: Views.Json | undefined, present: Views.Present, pictured?: boolean): string[];
    /** The currency a result names: a currency field, or a symbol or code beside an amount in its text. */
    currency(data: Views.Json | undefined, text: string): string;
  };
}

interface CompileUi {
  views: Views;
}
