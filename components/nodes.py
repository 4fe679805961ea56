"""The component catalog: the closed set of node types a component tree may hold.

Every node has the render-ui shape ``{type, props, id, children, actions}``:

* ``type``     — the tag; one of the classes below, nothing else.
* ``id``       — stable across compiles; derived from the schema path (``f:/address/street``).
* ``props``    — a typed struct of its own per node type.
* ``children`` — nested nodes (which types may nest where is checked by ``validate``).
* ``actions``  — render-ui actions ``{id, label, primary?, destructive?, alignment?}``.

Binding conventions (the contract with the runtime, see ``runtime_js/runtime.js``):

* Input fields carry ``bind``: the JSON Pointer of the value in the tool's *arguments*,
  absolute from the arguments root (``/address/street``). Inside an ``ArrayField`` item
  template or a ``MapField`` value template the token ``*`` stands for "each index / each key"
  (``/tags/*``, ``/headers/*``). The runtime never parses ``bind`` to collect values: it walks the
  tree, and a field's key is the last token of its ``bind``.
* Output views carry ``bind``: the JSON Pointer into the *result data* — the result's
  ``structuredContent``, or, when there is none, the JSON parsed from its text content.
  Column and field ``pointer``s inside a ``Table``/``KeyValue``/``CardGrid`` are relative to a
  row / to the bound object.

Nodes are immutable (``frozen``); transformations build new trees with ``msgspec.structs.replace``.
``components/schema.json`` is generated from these types (``python -m components.schema``) and is
the contract with the runtime; a test fails when it drifts.
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar, Literal, get_type_hints

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "UNSET",
    "Action",
    "AnyNode",
    "NODE_TYPES",
    "Node",
    "Option",
    "Column",
    "FieldNode",
    "LayoutNode",
    "ViewNode",
    "Link",
    "LinkFill",
    "Paging",
    "FieldFormat",
    "Present",
    "FIELD_TYPES",
    "LAYOUT_TYPES",
    "VIEW_TYPES",
    "kind_of",
]


class Struct(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
):
    """Base for every props struct: immutable, keyword-only, strict, compact on the wire."""


# --------------------------------------------------------------------------- shared parts


class Action(Struct, frozen=True):
    """A render-ui action: a button the runtime wires to a behaviour it defines."""

    id: str
    label: str
    primary: bool = False
    destructive: bool = False
    alignment: Literal["start", "center", "end"] | None = None


class Option(Struct, frozen=True):
    """One choice of a select: the JSON value sent, and the text shown."""

    value: Any
    label: str
    description: str | None = None


ValueFormat = Literal[
    "text",
    "multiline",
    "number",
    "integer",
    "boolean",
    "date",
    "time",
    "date-time",
    "uri",
    "email",
    "uuid",
    "enum",
    "image",
    "json",
]
"""How a value is displayed by output views (and hinted for inputs)."""


class Column(Struct, frozen=True):
    """A column of a ``Table`` or a row of a ``KeyValue``/``CardGrid``: where and how."""

    pointer: str
    label: str
    format: ValueFormat = "text"
    options: tuple[Option, ...] = ()
    """For ``format == "enum"``: the known values and their labels (shown as badges)."""


# --------------------------------------------------------------------------- node base


class Node(
    msgspec.Struct,
    tag_field="type",
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
):
    """Base of every node. Subclasses narrow ``props`` to their own props struct."""

    id: str
    props: Struct
    children: tuple[AnyNode, ...] = ()
    actions: tuple[Action, ...] = ()

    runtime: ClassVar[str] = "runtime"
    """The runtime module (``runtime_js.MODULES``) that builds or hydrates this kind."""

    renderer: ClassVar[Literal["server", "runtime"]] = "server"
    """Who writes this kind's markup, the only one who does: the server (``compiler/render.py``,
    whose markup the runtime hydrates) for everything known before a result exists; the runtime
    for views, built from the result's data."""


class LayoutNode(Node, frozen=True):
    """Category: arranges other nodes (never binds data). The runtime looks through it."""


class FieldNode(Node, frozen=True):
    """Category: an input field, bound to the tool's arguments (``props.bind``)."""

    props: FieldProps


class ViewNode(Node, frozen=True):
    """Category: an output view, bound to the result data (``props.bind``)."""

    runtime: ClassVar[str] = "views"
    renderer: ClassVar[Literal["server", "runtime"]] = "runtime"


# --------------------------------------------------------------------------- layout nodes


class AppProps(Struct, frozen=True):
    toolName: str
    title: str
    description: str | None = None


class App(Node, frozen=True, tag="App"):
    """The root: one per page. Children: Heading/Text/Alert, the Form, the ResultView."""

    props: AppProps


class CardProps(Struct, frozen=True):
    title: str | None = None


class Card(LayoutNode, frozen=True, tag="Card"):
    props: CardProps


class StackProps(Struct, frozen=True):
    direction: Literal["vertical", "horizontal"] = "vertical"


class Stack(LayoutNode, frozen=True, tag="Stack"):
    props: StackProps


class TabsProps(Struct, frozen=True):
    selected: int = 0


class Tabs(LayoutNode, frozen=True, tag="Tabs"):
    """Children are ``Section``s; each section's title is its tab label."""

    props: TabsProps


class SectionProps(Struct, frozen=True):
    title: str
    description: str | None = None
    collapsible: bool = False
    collapsed: bool = False


class Section(LayoutNode, frozen=True, tag="Section"):
    props: SectionProps


class HeadingProps(Struct, frozen=True):
    text: str
    level: Literal[1, 2, 3, 4] = 2


class Heading(LayoutNode, frozen=True, tag="Heading"):
    props: HeadingProps


class TextProps(Struct, frozen=True):
    text: str
    tone: Literal["default", "muted"] = "default"


class Text(LayoutNode, frozen=True, tag="Text"):
    """Plain text, never markup; whitespace is kept."""

    props: TextProps


class AlertProps(Struct, frozen=True):
    text: str
    tone: Literal["info", "success", "warning", "error"] = "info"
    title: str | None = None


class Alert(LayoutNode, frozen=True, tag="Alert"):
    props: AlertProps


# --------------------------------------------------------------------------- input nodes


class FieldProps(Struct, frozen=True):
    """What every input field has."""

    bind: str
    label: str
    help: str | None = None
    required: bool = False
    nullable: bool = False
    """``null`` is a valid value: clearing the field sends ``null`` instead of omitting it."""
    readOnly: bool = False
    writeOnly: bool = False
    deprecated: bool = False
    default: Any | UnsetType = UNSET
    """The schema's ``default`` (any JSON, ``null`` included); unset when it has none."""
    placeholder: str | None = None
    """From the schema's first ``examples`` entry, as text."""


class FormProps(Struct, frozen=True):
    toolName: str
    submitLabel: str = "Run"


class Form(Node, frozen=True, tag="Form"):
    """The tool's arguments. Children are fields (or Section/Stack/Card groups of fields).
    Its actions hold the submit action (``id == "submit"``)."""

    props: FormProps


TextWidget = Literal["text", "textarea", "password"]
SelectWidget = Literal["select", "radio"]
DateFormat = Literal["date", "time", "date-time"]


class TextFieldProps(FieldProps, frozen=True, kw_only=True):
    widget: TextWidget = "text"
    format: str | None = None
    """The schema's ``format`` (email, uri, uuid, ipv4, ipv6, hostname, …), for input hints."""
    minLength: int | None = None
    maxLength: int | None = None
    pattern: str | None = None


class TextField(FieldNode, frozen=True, tag="TextField"):
    props: TextFieldProps


class NumberFieldProps(FieldProps, frozen=True, kw_only=True):
    integer: bool = False
    widget: Literal["number", "slider"] = "number"
    minimum: float | None = None
    maximum: float | None = None
    exclusiveMinimum: float | None = None
    exclusiveMaximum: float | None = None
    multipleOf: float | None = None


class NumberField(FieldNode, frozen=True, tag="NumberField"):
    props: NumberFieldProps


class BooleanFieldProps(FieldProps, frozen=True, kw_only=True):
    widget: Literal["checkbox", "switch"] = "checkbox"


class BooleanField(FieldNode, frozen=True, tag="BooleanField"):
    runtime = "choices"
    props: BooleanFieldProps


class SelectFieldProps(FieldProps, frozen=True, kw_only=True):
    options: tuple[Option, ...]
    widget: SelectWidget = "select"


class SelectField(FieldNode, frozen=True, tag="SelectField"):
    """One of a fixed set of JSON values (``enum``, titled ``oneOf`` of ``const``)."""

    runtime = "choices"

    props: SelectFieldProps


class MultiSelectFieldProps(FieldProps, frozen=True, kw_only=True):
    options: tuple[Option, ...]
    widget: Literal["checkboxes", "select"] = "checkboxes"
    minItems: int | None = None
    maxItems: int | None = None


class MultiSelectField(FieldNode, frozen=True, tag="MultiSelectField"):
    runtime = "fields"
    """An array whose items come from a fixed set (unique)."""

    props: MultiSelectFieldProps


class DateTimeFieldProps(FieldProps, frozen=True, kw_only=True):
    format: DateFormat


class DateTimeField(FieldNode, frozen=True, tag="DateTimeField"):
    runtime = "dates"  # a date-time's picker sends its offset (dates.js)
    props: DateTimeFieldProps


class ConstFieldProps(FieldProps, frozen=True, kw_only=True):
    value: Any


class ConstField(FieldNode, frozen=True, tag="ConstField"):
    """A value fixed by the schema (``const``, a union's discriminator): shown, always sent."""

    runtime = "choices"

    props: ConstFieldProps


class ObjectFieldProps(FieldProps, frozen=True, kw_only=True):
    collapsible: bool = False


class ObjectField(FieldNode, frozen=True, tag="ObjectField"):
    """A nested object. Children: one field per property (in schema order), and optionally a
    ``MapField`` with the same ``bind`` for additional properties."""

    props: ObjectFieldProps


class ArrayFieldProps(FieldProps, frozen=True, kw_only=True):
    minItems: int | None = None
    maxItems: int | None = None
    uniqueItems: bool = False


class ArrayField(FieldNode, frozen=True, tag="ArrayField"):
    runtime = "fields"
    """A list. Exactly one child: the item template, bound to ``<bind>/*``."""

    props: ArrayFieldProps


class TupleFieldProps(FieldProps, frozen=True, kw_only=True):
    minItems: int | None = None
    additionalItems: bool = False


class TupleField(FieldNode, frozen=True, tag="TupleField"):
    runtime = "fields"
    """A fixed-position array (``prefixItems``, draft-07 array ``items``). Children: one field
    per position, bound to ``<bind>/0``, ``<bind>/1``, …"""

    props: TupleFieldProps


class MapFieldProps(FieldProps, frozen=True, kw_only=True):
    keyPattern: str | None = None
    keyOptions: tuple[Option, ...] = ()
    """When ``propertyNames`` is an enum: the allowed keys."""
    minProperties: int | None = None
    maxProperties: int | None = None
    rest: bool = False
    """True when the map holds the *additional* properties of an ``ObjectField``."""


class MapField(FieldNode, frozen=True, tag="MapField"):
    runtime = "fields"
    """An object used as a dictionary. Exactly one child: the value template, bound to
    ``<bind>/*``."""

    props: MapFieldProps


class UnionFieldProps(FieldProps, frozen=True, kw_only=True):
    branches: tuple[str, ...]
    """A label per branch, in the order of the children."""
    discriminator: str | None = None
    """The property whose ``const`` tells the branches apart, when there is one."""


class UnionField(FieldNode, frozen=True, tag="UnionField"):
    runtime = "fields"
    """One of several shapes (``oneOf``/``anyOf``). Children: one field per branch, each bound
    to the union's own ``bind``."""

    props: UnionFieldProps


class FileFieldProps(FieldProps, frozen=True, kw_only=True):
    accept: str | None = None
    """``contentMediaType``, when the schema gives one."""


class FileField(FieldNode, frozen=True, tag="FileField"):
    runtime = "fields"
    """A base64-encoded file (``contentEncoding: base64``): the value is the base64 string."""

    props: FileFieldProps


class JsonFieldProps(FieldProps, frozen=True, kw_only=True):
    reason: str


class JsonField(FieldNode, frozen=True, tag="JsonField"):
    """Last resort: a JSON text editor, for a shape no other field fits. ``reason`` says why."""

    props: JsonFieldProps


# --------------------------------------------------------------------------- output nodes


PresentFormat = Literal[
    "money", "percent", "bytes", "duration", "compact", "number", "date", "time", "colour", "badge", "plain"
]
"""How the runtime draws a value a person reads (issue 49): the semantic kind, beyond its JSON type."""
PresentUnit = Literal["ratio", "points", "ms", "s", "min", "h", "B", "KB", "MB", "GB"]
"""The unit a formatted number is in: a percent's scale, a duration's or a size's unit."""


class FieldFormat(Struct, frozen=True):
    """The format of the values under one key of the result data."""

    field: str
    """A JSON Pointer into the result data (array items written ``-``: ``/rows/-/price``); the
    runtime formats the values under its last token wherever the result holds that key."""
    format: PresentFormat
    currency: str | None = None
    """money: an ISO 4217 code (``USD``) or a symbol (``$``), at most 8 characters."""
    unit: PresentUnit | None = None
    """percent: ``ratio`` (0.25 is 25 %) or ``points`` (25 is 25 %), None: the runtime decides from
    the data; duration: ``ms``/``s``/``min``/``h``, None: seconds; bytes: ``B``..``GB`` (KB = 1024 B),
    None: B."""


class Present(Struct, frozen=True):
    """How the result is presented: formats, headline, the chart's place, the parts' order."""

    formats: tuple[FieldFormat, ...] = ()
    headline: tuple[str, ...] | None = None
    """Pointers of the scalars drawn as stat tiles above the detail, in order (at most 8); None:
    the runtime infers the headline from the data; (): no headline."""
    chart: Literal["first", "beside", "tab"] = "first"
    """A series' chart above its table, beside it on a wide frame (stacked when narrow), or a
    second tab (the table first)."""
    sections: tuple[Literal["headline", "chart", "data", "text"], ...] = ("headline", "chart", "data", "text")
    """The result's parts in order (a part not listed follows the listed ones, in this order)."""
    text: Literal["fold", "show"] = "fold"
    """The server's text content that restates the structured result: folded under "Server's
    text", or shown."""


class ResultViewProps(Struct, frozen=True):
    source: Literal["structured", "content"] = "structured"
    """Where the view's data comes from: ``structuredContent`` (an ``outputSchema`` exists), or
    the result's content blocks (parsed as JSON when the text is JSON)."""
    present: Present = Present()
    """How the result is presented (a LayoutSpec's ``present``); the default is omitted."""


class ResultView(Node, frozen=True, tag="ResultView"):
    runtime = "views"

    """Where results appear. Children: the compiled views, or an ``AutoView``. The runtime
    always offers the content blocks and the raw JSON beside them."""

    props: ResultViewProps


class ViewProps(Struct, frozen=True):
    bind: str = ""
    label: str | None = None


class AutoView(ViewNode, frozen=True, tag="AutoView"):
    """The view is chosen at run time from the data's shape."""

    props: ViewProps


class TableProps(ViewProps, frozen=True, kw_only=True):
    columns: tuple[Column, ...] = ()
    """Empty: columns from the union of the rows' keys (decided at run time)."""
    pageSize: int = 100


class Table(ViewNode, frozen=True, tag="Table"):
    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page

    props: TableProps


class KeyValueProps(ViewProps, frozen=True, kw_only=True):
    fields: tuple[Column, ...] = ()
    """Empty: every key of the bound object, in its order."""


class KeyValue(ViewNode, frozen=True, tag="KeyValue"):
    """An object as label/value rows. Children: nested views (sections) for nested objects."""

    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page
    props: KeyValueProps


class ListProps(ViewProps, frozen=True, kw_only=True):
    format: ValueFormat = "text"


class List(ViewNode, frozen=True, tag="List"):
    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page

    props: ListProps


class CardGridProps(ViewProps, frozen=True, kw_only=True):
    titlePointer: str | None = None
    fields: tuple[Column, ...] = ()


class CardGrid(ViewNode, frozen=True, tag="CardGrid"):
    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page

    props: CardGridProps


class ChartEncoding(Struct, frozen=True):
    pointer: str
    """Relative to a row of the bound array."""
    label: str
    type: Literal["quantitative", "temporal", "ordinal", "nominal"]


class ChartProps(ViewProps, frozen=True, kw_only=True):
    mark: Literal["bar", "line", "area", "point", "arc"]
    x: ChartEncoding
    y: tuple[ChartEncoding, ...]
    color: ChartEncoding | None = None
    aggregate: Literal["sum", "mean", "min", "max", "count"] | None = None
    sort: Literal["ascending", "descending"] | None = None


class Chart(ViewNode, frozen=True, tag="Chart"):
    runtime = "chart"
    """An SVG chart drawn by the runtime. Only a LayoutSpec puts one in a tree."""

    props: ChartProps


class MetricProps(ViewProps, frozen=True, kw_only=True):
    format: ValueFormat = "number"
    unit: str | None = None


class Metric(ViewNode, frozen=True, tag="Metric"):
    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page

    props: MetricProps


class ImageProps(ViewProps, frozen=True, kw_only=True):
    mimeType: str | None = None
    alt: str = ""


class Image(ViewNode, frozen=True, tag="Image"):
    """A base64 image (or ``data:`` URL) from the result data."""

    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page
    props: ImageProps


class ContentBlocksProps(Struct, frozen=True):
    pass


class ContentBlocks(ViewNode, frozen=True, tag="ContentBlocks"):
    """The result's MCP content blocks: text, image, audio, resource_link, resource."""

    props: ContentBlocksProps


class JsonView(ViewNode, frozen=True, tag="JsonView"):
    """The bound value as collapsible JSON."""

    runtime = "typed"  # a view compiled from an outputSchema: not on an AutoView page
    props: ViewProps


# --------------------------------------------------------------------------- results that lead on


class LinkFill(Struct, frozen=True):
    """One required argument of a linked tool, and where its value comes from."""

    argument: str
    """The linked tool's argument (a top-level property of its ``inputSchema``)."""
    source: Literal["value", "argument"]
    """``value``: the value clicked in the result; ``argument``: the current run's argument named
    ``name`` (the one that produced the result)."""
    name: str | None = None
    """For ``argument``: the current run's argument (``argument`` itself when unset)."""
    join: bool = False
    """For ``value``: a relative value (no leading ``/``) is joined, with ``/``, to the current
    run's argument of the same name (a directory listing's entries → their paths)."""


class Link(Struct, frozen=True):
    """A value in a result that another tool (or this one) takes as input: one click calls it.

    Inferred by the compiler from the whole tool list (``compiler.compile.leads``); a LayoutSpec
    may rename, reorder or drop links, never add one."""

    id: str
    """Stable: ``link:<tool>:<argument>``; what a LayoutSpec names."""
    tool: str
    """The tool called (this tool itself: the form is filled and run, like a page)."""
    label: str
    """The control's text (a LayoutSpec may rename it)."""
    title: str
    """The linked tool's title: the in-place view's heading and the confirmation's name."""
    keys: tuple[str, ...] = ()
    """Object keys, at any depth of the result data, whose scalar values link."""
    at: tuple[str, ...] = ()
    """Result pointers (``*`` for each index or key) where linking values sit, from an
    ``outputSchema``: exact where ``keys`` is by name."""
    lines: bool = False
    """Text results: a line that is exactly a value (after a ``[FILE]``-style marker) links too."""
    test: str | None = None
    """A regular expression (JavaScript syntax, anchored) a clicked value must match."""
    valueType: Literal["string", "integer", "number"] = "string"
    """What the linked tool's argument takes: a value of another JSON type never links."""
    fills: tuple[LinkFill, ...] = ()
    """Every required argument of the linked tool, and where its value comes from."""
    readOnly: bool = True
    """The linked tool says it only reads (``readOnlyHint``), or its name reads as a read."""
    destructive: bool = False
    """The linked tool may destroy: never offered by inference; a LayoutSpec that offers it gets
    a confirmation naming the tool and the exact arguments before any call."""
    offered: bool = True
    """Shown on the page. Inference offers every non-destructive link; ``layout.apply`` keeps only
    offered links (a LayoutSpec offers the ones it names)."""


class Paging(Struct, frozen=True):
    """The same tool, called again for the next page: inferred from a cursor-like input and the
    next value in the result."""

    style: Literal["cursor", "offset", "page"]
    argument: str
    """The input that takes the next value (``cursor``, ``page_token``, ``offset``, ``page``…)."""
    next: tuple[str, ...] = ()
    """``cursor``: pointers into the result where the next value may be, tried in order; absent,
    null or empty: the end."""
    more: str | None = None
    """A boolean "has more" in the result (``has_more``), when there is one."""
    total: str | None = None
    """The total count of items (``offset``) or of pages (``page``), when the result says it."""
    limit: str | None = None
    """``offset``: the input that gives the page size (its value, else its default, is the step)."""
    rows: str | None = None
    """The array of rows in the result: ``more`` appends the next page's rows under it."""
    mode: Literal["more", "pages"] = "more"
    """``more``: one "More" control, rows appended; ``pages``: previous/next, one page shown."""
    label: str | None = None
    """The control's text, when a LayoutSpec renamed it."""


class LeadsProps(Struct, frozen=True):
    links: tuple[Link, ...] = ()
    paging: Paging | None = None


class Leads(ViewNode, frozen=True, tag="Leads"):
    """Where a result leads: the links from its values and its paging. The last child of a
    ``ResultView``; its children are the ``LinkedView``s of the tools its links call."""

    runtime = "leads"
    props: LeadsProps


class LinkedViewProps(Struct, frozen=True):
    tool: str
    title: str
    source: Literal["structured", "content"] = "structured"
    """As the linked tool's own ``ResultView``: where its views' data comes from."""


class LinkedView(ViewNode, frozen=True, tag="LinkedView"):
    """A linked tool's own compiled result view, shown in place when a link is followed.
    Children: that tool's views (its ``ResultView``'s children, without their own ``Leads``)."""

    runtime = "leads"
    props: LinkedViewProps


# --------------------------------------------------------------------------- results that stay live


class PickerProps(Struct, frozen=True):

    argument: str
    """This tool's top-level input the picker fills."""
    tool: str
    """The read-only tool called (never one that may write: ``compiler.compile.live``)."""
    title: str
    keys: tuple[str, ...] = ()
    """Keys, at any depth of its result, whose values are offered (as a link's ``keys``)."""
    lines: bool = False
    """A text result: each line that is a value (after a ``[FILE]``-style marker) is offered."""
    test: str | None = None
    valueType: Literal["string", "integer", "number"] = "string"
    fills: tuple[LinkFill, ...] = ()
    """The called tool's required arguments, each from this form's argument of ``name``."""


class Picker(ViewNode, frozen=True, tag="Picker"):
    """An input another read-only tool's result provides (issue 51: the lead index read the
    other way): opening the picker calls that tool once and offers the values it gives; the
    page offers an input's first. A child of the ``ResultView`` of any tool, one that writes too
    (the person still sends the form); its own module (``pick``), so a page without one carries
    none of it."""

    runtime = "pick"
    props: PickerProps


class LiveProps(Struct, frozen=True):
    every: Literal[0, 5, 15, 60] = 0
    """Seconds between refreshes when the page opens with a result (0: off until a person turns
    it on; a LayoutSpec's ``live.every``)."""
    inputs: bool = False
    """A changed input re-runs the tool (a LayoutSpec's ``input.live``)."""


class Live(ViewNode, frozen=True, tag="Live"):
    """A read-only tool's result stays live (issue 51): Run again, refresh on a timer, inputs
    that re-run it. Only in the ``ResultView`` of a tool that may run without a click
    (``compiler.compile.live.may_run_unasked``); no children."""

    runtime = "live"
    props: LiveProps


# --------------------------------------------------------------------------- the catalog

AnyNode = (
    App
    | Card
    | Stack
    | Tabs
    | Section
    | Heading
    | Text
    | Alert
    | Form
    | TextField
    | NumberField
    | BooleanField
    | SelectField
    | MultiSelectField
    | DateTimeField
    | ConstField
    | ObjectField
    | ArrayField
    | TupleField
    | MapField
    | UnionField
    | FileField
    | JsonField
    | ResultView
    | AutoView
    | Table
    | KeyValue
    | List
    | CardGrid
    | Chart
    | Metric
    | Image
    | ContentBlocks
    | JsonView
    | Leads
    | LinkedView
    | Live
    | Picker
)



def kind_of(cls: type[Node]) -> str:
    """A node class's tag: its ``type`` on the wire (every kind of the catalog has one)."""
    tag = cls.__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{cls.__name__} is a category, not a kind of node")
    return tag


NODE_TYPES: dict[str, type[Node]] = {kind_of(cls): cls for cls in AnyNode.__args__}



def _kinds(category: type[Node]) -> frozenset[str]:
    return frozenset(tag for tag, cls in NODE_TYPES.items() if issubclass(cls, category))


LAYOUT_TYPES = _kinds(LayoutNode)
FIELD_TYPES = _kinds(FieldNode)
VIEW_TYPES = _kinds(ViewNode)
"""The categories, derived from the classes: never restate them by hand."""


def field_type(cls: type[msgspec.Struct], name: str) -> Any:
    """The type of one field of a Struct class, its annotation resolved where it was written.

    ``msgspec.structs.fields`` resolves every field of the class and of its bases: reading a few
    types at import that way was ~2 ms of ``compile-ui FILE``'s start (bench/bench_start.py)."""
    owner = next(k for k in cls.__mro__ if name in vars(k).get("__annotations__", {}))
    holder = type(name, (), {"__annotations__": {name: vars(owner)["__annotations__"][name]}})
    return get_type_hints(holder, vars(sys.modules[owner.__module__]), include_extras=True)[name]


def category(cls: type[Node]) -> str:
    """``field`` / ``layout`` / ``view``, or the node's own kind for App, Form and ResultView."""
    for base, name in ((FieldNode, "field"), (LayoutNode, "layout"), (ViewNode, "view")):
        if issubclass(cls, base):
            return name
    return kind_of(cls)
