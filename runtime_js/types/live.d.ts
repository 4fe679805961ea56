// live.js: the Live node's props (components/nodes.py, "results that stay live") and what it adds
// to CU (CU.live: its rules, for the unit tests).

/** An input another read-only tool's result provides: a Picker node's props, a child of any tool's ResultView. */
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

/** The Live node, a child of the ResultView of a tool that may run unasked (no children). */
interface LiveNode extends Views.ViewNode {
  props: Views.ViewProps & { every?: 0 | 5 | 15 | 60; inputs?: boolean };
}

/** A number's values, run after run: [time (ms), value], the last 60. */
interface HistoryLine {
  /** Its place in the data, keys as written, "/"-joined (the last: the key its look is read by). */
  key: string;
  label: string;
  points: [number, number][];
}
/** Each number's line, by its key (its place in the data; a list's record by its id). */
type RunHistory = Map<string, HistoryLine>;

interface CompileUi {
  live?: {
    backoff(every: number, failures: number): number;
    ago(ms: number): string;
    wait(now: number, toldAt: number): number;
    numbers(data: unknown, key?: string, label?: string, out?: [string, string, number][]): [string, string, number][];
    gather(history: RunHistory, found: [string, string, number][], time: number): RunHistory;
    moving(history: RunHistory): HistoryLine[];
  };
  pick?: {
    offers(picker: Picker, result: ToolResult, base?: Json): { value: Json; label: string }[];
    fits(picker: Picker, value: unknown): boolean;
  };
}
