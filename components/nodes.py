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

from typing import Any, ClassVar, Literal

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
    "FIELD_TYPES",
    "LAYOUT_TYPES",
    "VIEW_TYPES",
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


class Action(Struct):
    """A render-ui action: a button the runtime wires to a behaviour it defines."""

    id: str
    label: str
    primary: bool = False
    destructive: bool = False
    alignment: Literal["start", "center", "end"] | None = None


class Option(Struct):
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


class Column(Struct):
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


class LayoutNode(Node):
    """Category: arranges other nodes (never binds data). The runtime looks through it."""


class FieldNode(Node):
    """Category: an input field, bound to the tool's arguments (``props.bind``)."""

    props: FieldProps


class ViewNode(Node):
    """Category: an output view, bound to the result data (``props.bind``)."""

    runtime: ClassVar[str] = "views"
    renderer: ClassVar[Literal["server", "runtime"]] = "runtime"


# --------------------------------------------------------------------------- layout nodes


class AppProps(Struct):
    toolName: str
    title: str
    description: str | None = None


class App(Node, tag="App"):
    """The root: one per page. Children: Heading/Text/Alert, the Form, the ResultView."""

    props: AppProps


class CardProps(Struct):
    title: str | None = None


class Card(LayoutNode, tag="Card"):
    props: CardProps


class StackProps(Struct):
    direction: Literal["vertical", "horizontal"] = "vertical"


class Stack(LayoutNode, tag="Stack"):
    props: StackProps


class TabsProps(Struct):
    selected: int = 0


class Tabs(LayoutNode, tag="Tabs"):
    """Children are ``Section``s; each section's title is its tab label."""

    props: TabsProps


class SectionProps(Struct):
    title: str
    description: str | None = None
    collapsible: bool = False
    collapsed: bool = False


class Section(LayoutNode, tag="Section"):
    props: SectionProps


class HeadingProps(Struct):
    text: str
    level: Literal[1, 2, 3, 4] = 2


class Heading(LayoutNode, tag="Heading"):
    props: HeadingProps


class TextProps(Struct):
    text: str
    tone: Literal["default", "muted"] = "default"


class Text(LayoutNode, tag="Text"):
    """Plain text, never markup; whitespace is kept."""

    props: TextProps


class AlertProps(Struct):
    text: str
    tone: Literal["info", "success", "warning", "error"] = "info"
    title: str | None = None


class Alert(LayoutNode, tag="Alert"):
    props: AlertProps


# --------------------------------------------------------------------------- input nodes


class FieldProps(Struct):
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


class FormProps(Struct):
    toolName: str
    submitLabel: str = "Run"


class Form(Node, tag="Form"):
    """The tool's arguments. Children are fields (or Section/Stack/Card groups of fields).
    Its actions hold the submit action (``id == "submit"``)."""

    props: FormProps


class TextFieldProps(FieldProps, kw_only=True):
    widget: Literal["text", "textarea", "password"] = "text"
    format: str | None = None
    """The schema's ``format`` (email, uri, uuid, ipv4, ipv6, hostname, …), for input hints."""
    minLength: int | None = None
    maxLength: int | None = None
    pattern: str | None = None


class TextField(FieldNode, tag="TextField"):
    props: TextFieldProps


class NumberFieldProps(FieldProps, kw_only=True):
    integer: bool = False
    widget: Literal["number", "slider"] = "number"
    minimum: float | None = None
    maximum: float | None = None
    exclusiveMinimum: float | None = None
    exclusiveMaximum: float | None = None
    multipleOf: float | None = None


class NumberField(FieldNode, tag="NumberField"):
    props: NumberFieldProps


class BooleanFieldProps(FieldProps, kw_only=True):
    widget: Literal["checkbox", "switch"] = "checkbox"


class BooleanField(FieldNode, tag="BooleanField"):
    runtime = "choices"
    props: BooleanFieldProps


class SelectFieldProps(FieldProps, kw_only=True):
    options: tuple[Option, ...]
    widget: Literal["select", "radio"] = "select"


class SelectField(FieldNode, tag="SelectField"):
    """One of a fixed set of JSON values (``enum``, titled ``oneOf`` of ``const``)."""

    runtime = "choices"

    props: SelectFieldProps


class MultiSelectFieldProps(FieldProps, kw_only=True):
    options: tuple[Option, ...]
    widget: Literal["checkboxes", "select"] = "checkboxes"
    minItems: int | None = None
    maxItems: int | None = None


class MultiSelectField(FieldNode, tag="MultiSelectField"):
    runtime = "fields"
    """An array whose items come from a fixed set (unique)."""

    props: MultiSelectFieldProps


class DateTimeFieldProps(FieldProps, kw_only=True):
    format: Literal["date", "time", "date-time"]


class DateTimeField(FieldNode, tag="DateTimeField"):
    props: DateTimeFieldProps


class ConstFieldProps(FieldProps, kw_only=True):
    value: Any


class ConstField(FieldNode, tag="ConstField"):
    """A value fixed by the schema (``const``, a union's discriminator): shown, always sent."""

    runtime = "choices"

    props: ConstFieldProps


class ObjectFieldProps(FieldProps, kw_only=True):
    collapsible: bool = False


class ObjectField(FieldNode, tag="ObjectField"):
    """A nested object. Children: one field per property (in schema order), and optionally a
    ``MapField`` with the same ``bind`` for additional properties."""

    props: ObjectFieldProps


class ArrayFieldProps(FieldProps, kw_only=True):
    minItems: int | None = None
    maxItems: int | None = None
    uniqueItems: bool = False


class ArrayField(FieldNode, tag="ArrayField"):
    runtime = "fields"
    """A list. Exactly one child: the item template, bound to ``<bind>/*``."""

    props: ArrayFieldProps


class TupleFieldProps(FieldProps, kw_only=True):
    minItems: int | None = None
    additionalItems: bool = False


class TupleField(FieldNode, tag="TupleField"):
    runtime = "fields"
    """A fixed-position array (``prefixItems``, draft-07 array ``items``). Children: one field
    per position, bound to ``<bind>/0``, ``<bind>/1``, …"""

    props: TupleFieldProps


class MapFieldProps(FieldProps, kw_only=True):
    keyPattern: str | None = None
    keyOptions: tuple[Option, ...] = ()
    """When ``propertyNames`` is an enum: the allowed keys."""
    minProperties: int | None = None
    maxProperties: int | None = None
    rest: bool = False
    """True when the map holds the *additional* properties of an ``ObjectField``."""


class MapField(FieldNode, tag="MapField"):
    runtime = "fields"
    """An object used as a dictionary. Exactly one child: the value template, bound to
    ``<bind>/*``."""

    props: MapFieldProps


class UnionFieldProps(FieldProps, kw_only=True):
    branches: tuple[str, ...]
    """A label per branch, in the order of the children."""
    discriminator: str | None = None
    """The property whose ``const`` tells the branches apart, when there is one."""


class UnionField(FieldNode, tag="UnionField"):
    runtime = "fields"
    """One of several shapes (``oneOf``/``anyOf``). Children: one field per branch, each bound
    to the union's own ``bind``."""

    props: UnionFieldProps


class FileFieldProps(FieldProps, kw_only=True):
    accept: str | None = None
    """``contentMediaType``, when the schema gives one."""


class FileField(FieldNode, tag="FileField"):
    runtime = "fields"
    """A base64-encoded file (``contentEncoding: base64``): the value is the base64 string."""

    props: FileFieldProps


class JsonFieldProps(FieldProps, kw_only=True):
    reason: str


class JsonField(FieldNode, tag="JsonField"):
    """Last resort: a JSON text editor, for a shape no other field fits. ``reason`` says why."""

    props: JsonFieldProps


# --------------------------------------------------------------------------- output nodes


class ResultViewProps(Struct):
    source: Literal["structured", "content"] = "structured"
    """Where the view's data comes from: ``structuredContent`` (an ``outputSchema`` exists), or
    the result's content blocks (parsed as JSON when the text is JSON)."""


class ResultView(Node, tag="ResultView"):
    runtime = "views"

    """Where results appear. Children: the compiled views, or an ``AutoView``. The runtime
    always offers the content blocks and the raw JSON beside them."""

    props: ResultViewProps


class ViewProps(Struct):
    bind: str = ""
    label: str | None = None


class AutoView(ViewNode, tag="AutoView"):
    """The view is chosen at run time from the data's shape."""

    props: ViewProps


class TableProps(ViewProps, kw_only=True):
    columns: tuple[Column, ...] = ()
    """Empty: columns from the union of the rows' keys (decided at run time)."""
    pageSize: int = 100


class Table(ViewNode, tag="Table"):
    props: TableProps


class KeyValueProps(ViewProps, kw_only=True):
    fields: tuple[Column, ...] = ()
    """Empty: every key of the bound object, in its order."""


class KeyValue(ViewNode, tag="KeyValue"):
    """An object as label/value rows. Children: nested views (sections) for nested objects."""

    props: KeyValueProps


class ListProps(ViewProps, kw_only=True):
    format: ValueFormat = "text"


class List(ViewNode, tag="List"):
    props: ListProps


class CardGridProps(ViewProps, kw_only=True):
    titlePointer: str | None = None
    fields: tuple[Column, ...] = ()


class CardGrid(ViewNode, tag="CardGrid"):
    props: CardGridProps


class ChartEncoding(Struct):
    pointer: str
    """Relative to a row of the bound array."""
    label: str
    type: Literal["quantitative", "temporal", "ordinal", "nominal"]


class ChartProps(ViewProps, kw_only=True):
    mark: Literal["bar", "line", "area", "point", "arc"]
    x: ChartEncoding
    y: tuple[ChartEncoding, ...]
    color: ChartEncoding | None = None
    aggregate: Literal["sum", "mean", "min", "max", "count"] | None = None
    sort: Literal["ascending", "descending"] | None = None


class Chart(ViewNode, tag="Chart"):
    runtime = "chart"
    """An SVG chart drawn by the runtime. Only a LayoutSpec puts one in a tree."""

    props: ChartProps


class MetricProps(ViewProps, kw_only=True):
    format: ValueFormat = "number"
    unit: str | None = None


class Metric(ViewNode, tag="Metric"):
    props: MetricProps


class ImageProps(ViewProps, kw_only=True):
    mimeType: str | None = None
    alt: str = ""


class Image(ViewNode, tag="Image"):
    """A base64 image (or ``data:`` URL) from the result data."""

    props: ImageProps


class ContentBlocksProps(Struct):
    pass


class ContentBlocks(ViewNode, tag="ContentBlocks"):
    """The result's MCP content blocks: text, image, audio, resource_link, resource."""

    props: ContentBlocksProps


class JsonView(ViewNode, tag="JsonView"):
    """The bound value as collapsible JSON."""

    props: ViewProps


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
)

NODE_TYPES: dict[str, type[Node]] = {cls.__struct_config__.tag: cls for cls in AnyNode.__args__}



def _kinds(category: type[Node]) -> frozenset[str]:
    return frozenset(tag for tag, cls in NODE_TYPES.items() if issubclass(cls, category))


LAYOUT_TYPES = _kinds(LayoutNode)
FIELD_TYPES = _kinds(FieldNode)
VIEW_TYPES = _kinds(ViewNode)
"""The categories, derived from the classes: never restate them by hand."""


def category(cls: type[Node]) -> str:
    """``field`` / ``layout`` / ``view``, or the node's own kind for App, Form and ResultView."""
    for base, name in ((FieldNode, "field"), (LayoutNode, "layout"), (ViewNode, "view")):
        if issubclass(cls, base):
            return name
    return cls.__struct_config__.tag
