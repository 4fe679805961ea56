// The runtime's shared internals (CU): runtime.js sets the core; every other module adds its
// part, declared in its own types/<module>.d.ts as `interface CompileUi { … }` (TypeScript
// merges the declarations). Checked with the sources by tests/js/tsconfig.json.
// The global types declared here (Json, UiNode, NodeProps, Field, Unset, ToolResult, …) are the
// core's: a module that needs more of one merges into its interface rather than redeclaring it.

/** Any JSON value: what a schema describes, a host sends, a tool returns. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The one "no value" marker (CU.UNSET, a Symbol): a field that sends nothing returns it.
 *  Declared as a unique symbol so that `v === UNSET` narrows a `Json | Unset`. */
declare const unsetMarker: unique symbol;
type Unset = typeof unsetMarker;

/** A node of the compiled tree (#ui-tree; compiler/render.py rendered its HTML). */
interface UiNode {
  id: string;
  type: string;
  props: NodeProps;
  children?: UiNode[];
}

/** One choice of a SelectField / MultiSelectField: its label and the JSON value it sends. */
interface ChoiceOption {
  label?: string;
  value: Json;
}

/** The props the runtime reads (the catalog's, components/catalog.json); each is optional,
 *  read only on the kinds that carry it. */
interface NodeProps {
  /** JSON Pointer of the value this field holds, relative to its parent ("" for the root). */
  bind?: string;
  default?: Json;
  required?: boolean;
  nullable?: boolean;
  /** ConstField: the value always sent. */
  value?: Json;
  /** Form: the tool a run calls. */
  toolName?: string;
  // text
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  // numbers
  integer?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  // choices, lists, tuples, maps
  options?: ChoiceOption[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  additionalItems?: boolean;
  /** MapField: it holds the object's other keys (additionalProperties). */
  rest?: boolean;
  keyPattern?: string;
  minProperties?: number;
  maxProperties?: number;
  [prop: string]: unknown;
}

/** 0 untouched (the static default), 1 set by the host, 2 edited by the user, 3 null. */
type FieldState = 0 | 1 | 2 | 3;

/** A bound field (runtime.js base()): reads, writes and clears its value in the form.
 *  Its members are the contract between runtime.js, choices.js, fields.js, question.js. */
interface Field {
  /** The field's wrapper element (data-id = node.id). */
  w: HTMLElement;
  /** node.props */
  p: NodeProps;
  /** The property it fills in its parent object (the last token of props.bind). */
  key: string;
  st: FieldState;
  /** The control that takes the focus and aria-invalid when the field is wrong. */
  ctl?: HTMLElement | null;
  /** The value to send; UNSET for none (or when invalid: then it is marked, in CU.invalid). */
  get(): Json | Unset;
  /** partial: an object field leaves the properties the value lacks as they are. */
  set(value: Json, partial?: boolean): void;
  clear(): void;
}

/** A content block of a tool result (MCP). */
interface ContentBlock {
  type: string;
  text?: string;
  [member: string]: unknown;
}

/** A tool's result (tools/call, ui/notifications/tool-result). */
interface ToolResult {
  content?: ContentBlock[];
  structuredContent?: Json;
  isError?: boolean;
  _meta?: { [key: string]: Json };
}

/** What a host says about itself (ui/initialize, host-context-changed); read defensively. */
interface HostContext {
  theme?: string;
  styles?: { variables?: { [name: string]: unknown } };
  containerDimensions?: { height?: number; maxHeight?: number; width?: number; maxWidth?: number };
  safeAreaInsets?: { [side: string]: unknown };
  deviceCapabilities?: { touch?: unknown; hover?: unknown };
  locale?: string;
  timeZone?: string;
  toolInfo?: { id?: string | number; tool?: unknown };
  displayMode?: string;
  availableDisplayModes?: string[];
  [key: string]: unknown;
}

/** What a host offers the page (ui/initialize's hostCapabilities). */
interface HostCapabilities {
  updateModelContext?: { structuredContent?: unknown; text?: unknown };
  message?: unknown;
  [key: string]: unknown;
}

/** The result of a request to the host: the members the page reads (a tool result, or
 *  ui/initialize's), each optional and checked where it is read. */
interface RpcResult extends ToolResult {
  hostCapabilities?: HostCapabilities;
  hostContext?: HostContext;
  /** ui/request-display-mode's answer: the mode the host set. */
  mode?: string;
}

/** A JSON-RPC error as the host sends it. */
interface RpcError {
  code?: number;
  message?: string;
}

/** A notification's params, as the host sends them. */
interface ToolInputParams { arguments?: Json }
interface CancelledParams { reason?: unknown }
interface ProgressParams { progressToken?: unknown; progress?: number; total?: number; message?: string }

/** The notifications the page handles, by method (ask.js and host.js take some over). */
interface Notes {
  "ui/notifications/tool-input": (params?: ToolInputParams) => void;
  "ui/notifications/tool-input-partial": (params?: ToolInputParams) => void;
  "ui/notifications/tool-result": (params?: ToolResult) => void;
  "ui/notifications/tool-cancelled": (params?: CancelledParams) => void;
  "ui/notifications/host-context-changed": (params?: HostContext) => void;
  "notifications/progress": (params?: ProgressParams) => void;
  [method: string]: ((params?: never) => void) | undefined;
}

/** What the views get (CU.viewContext): the host's context and capabilities as they are now. */
interface RuntimeContext {
  readonly hostContext: HostContext;
  readonly caps: HostCapabilities;
  openLink(url: unknown): Promise<RpcResult>;
  log(level: string, data: unknown): void;
}

/** A listener el() adds for an "on…" attribute. Declared as a method so that a listener typed
 *  for its own event (KeyboardEvent, …) fits (method parameters are bivariant, as in React's types). */
type ElListener = { handle(event: Event): void }["handle"];

/** An attribute value for el(): null, undefined and false leave it out, true sets it empty, a
 *  function is a listener, an object is the style of "style". */
type ElAttr = string | number | boolean | null | undefined | ElListener | { [property: string]: string };
type ElAttrs = { [name: string]: ElAttr } | null | undefined;

/** A child for el()/elAdd(): a node, text, or a list of them; null, undefined and false add nothing. */
type ElChild = Node | string | number | boolean | null | undefined | ElChild[];

/** What runtime.js needs of views.js (CU.views, declared in full by types/views.d.ts). */
interface ResultRenderer {
  render(container: HTMLElement, result: ToolResult, resultView: UiNode, ctx: RuntimeContext): void;
}

/** CU as runtime.js reads its views: absent from a page without views.js. */
interface MaybeViews {
  views?: ResultRenderer | null;
}

/** runtime.js's core of CU; the other modules add theirs. */
interface CompileUi {
  /** The field kinds, by node type: how each binds (choices.js, fields.js add theirs). */
  FIELDS: { [type: string]: (node: UiNode, wrapper: HTMLElement) => Field };
  UNSET: Unset;
  /** The controls the last collect() found wrong, in document order. */
  invalid: HTMLElement[];
  baseField(node: UiNode, wrapper: HTMLElement): Field;
  bindField(node: UiNode, scope: Element): Field;
  scalarField(
    node: UiNode,
    wrapper: HTMLElement,
    read: () => string | null | undefined,
    write: (value: Json | Unset) => void,
    parse: (text: string, field: Field) => Json | Unset,
    keepsEmpty?: boolean
  ): Field;
  markInvalid(field: Field, message: string, target?: HTMLElement): Unset;
  ownChild(parent: Element, selector: string): HTMLElement | null;
  putOwn(object: object, key: string, value: unknown): void;
  hasOwn(object: object, key: PropertyKey): boolean;
  isObject(value: unknown): value is { [key: string]: Json };
  fieldsOf(nodes: UiNode[] | undefined): UiNode[];
  fieldKey(node: UiNode): string;
  unescapeToken(token: string): string;
  pointerTo(key: string): string;
  matchesPattern(pattern: string, text: string): boolean;
  NOTES: Notes;
  /** The requests a host may send (ping, ui/resource-teardown): live.js stops its timers at teardown. */
  REQUESTS: { [method: string]: (params: unknown) => object };
  viewContext: RuntimeContext;
  hydrate(tree?: UiNode): void;
  /** Runs the tool with the form's values (or args, when given): the result drawn, null when the call failed, undefined when nothing was drawn. quiet: not told to the model. */
  run(quiet?: boolean, args?: Json): Promise<RpcResult | null | undefined> | void;
  /** The arguments of the result shown (the host's tool-input, or the page's last run drawn); undefined before any. */
  argsShown(): Json | undefined;
  check(): Json | Unset;
  collect(): Json | Unset;
  unmark(): void;
  request(method: string, params?: unknown): Promise<RpcResult>;
  /** ui/update-model-context about a call (of another tool: leads.js's followed links), and "Send to chat". */
  tellModel(args: Json, result: RpcResult | null, error?: RpcError, tool?: string): void;
}
