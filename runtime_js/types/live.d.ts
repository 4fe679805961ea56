// live.js: the Live node's props (components/nodes.py, "results that stay live") and what it adds
// to CU (CU.live: its rules, for the unit tests).

/** An input another read-only tool's result provides. */
interface Picker {
  argument: string;
  tool: string;
  title: string;
  keys?: string[];
  lines?: boolean;
  test?: string | null;
  valueType?: "string" | "integer" | "number";
  fills?: LinkFill[];
}

/** The Live node, a child of the ResultView of a tool that may run unasked; its children are Picker nodes (props: Picker). */
interface LiveNode extends Views.ViewNode {
  props: Views.ViewProps & { every?: 0 | 5 | 15 | 60; inputs?: boolean };
}

interface CompileUi {
  live?: {
    backoff(every: number, failures: number): number;
    ago(ms: number): string;
  };
  pick?: {
    offers(picker: Picker, result: ToolResult, base?: Json): { value: Json; label: string }[];
    fits(picker: Picker, value: unknown): boolean;
  };
}
