// leads.js: the Leads and LinkedView nodes' props (components/nodes.py, "results that lead on")
// and what it adds to CU (CU.leads: its rules, for the unit tests).

/** One required argument of a linked tool, and where its value comes from. */
interface LinkFill {
  argument: string;
  source: "value" | "argument";
  name?: string | null;
  join?: boolean;
}

/** A value in a result that another tool takes as input. */
interface Link {
  id: string;
  tool: string;
  label: string;
  title: string;
  keys?: string[];
  at?: string[];
  lines?: boolean;
  test?: string | null;
  valueType?: "string" | "integer" | "number";
  fills?: LinkFill[];
  readOnly?: boolean;
  destructive?: boolean;
  offered?: boolean;
}

/** The same tool, called again for the next page. */
interface Paging {
  style: "cursor" | "offset" | "page";
  argument: string;
  next?: string[];
  more?: string | null;
  total?: string | null;
  limit?: string | null;
  rows?: string | null;
  mode?: "more" | "pages";
  label?: string | null;
}

/** A LinkedView node: a linked tool's own views. */
interface LinkedViewNode extends Views.ViewNode {
  props: Views.ViewProps & { tool: string; title: string; source?: "structured" | "content" };
}

/** The Leads node, the last child of the ResultView. */
interface LeadsNode extends Views.ViewNode {
  props: Views.ViewProps & { links?: Link[]; paging?: Paging | null };
  children?: LinkedViewNode[];
}

/** The page's result and where it leads. */
interface LeadsState {
  leads: LeadsNode;
  /** The form's tool: the one a page calls again. */
  tool: string;
  /** The arguments of the run shown (the last page's, rows appended). */
  args: { [key: string]: Json };
  result: ToolResult;
  /** The arguments of the pages turned to reach this one (Previous goes back one). */
  history: { [key: string]: Json }[];
  /** The rows the shown page brought (not those appended before them). */
  pageRows: number | undefined;
}

interface CompileUi {
  leads: {
    argsFor(link: Link, value: Json, args: { [key: string]: Json }): { [key: string]: Json };
    linksFor(links: Link[], value: unknown, key: string | undefined): Link[];
    nextArgs(paging: Paging, args: { [key: string]: Json }, data: Json | undefined, pageRows?: number): { [key: string]: Json } | null;
    prevOf(paging: Paging, args: { [key: string]: Json }, data: Json | undefined): { [key: string]: Json } | undefined;
    pageOf(paging: Paging, args: { [key: string]: Json }, data: Json | undefined, back: number): [number, number | undefined];
    merge(paging: Paging, shown: Json | undefined, next: Json | undefined): Json | undefined;
    linesView(text: string): HTMLElement | undefined;
    /** The links values are drawn with (the unit tests'; a page sets them from its Leads). */
    use(links: Link[]): void;
  };
}
