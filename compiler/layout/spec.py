"""The LayoutSpec: the only thing a model writes. Small, flat, enum-heavy.

The spec's types are plain typed values (frozen msgspec Structs): the heuristic builds them and
``apply`` reads them without loading a validator, so ``compile-ui tool.json`` never imports
pydantic. A spec from outside (a file, a model, ``_ui_refine``) goes through ``check_spec``
(``check.py``), and its JSON Schema comes from ``spec_schema`` (``schema.py``); both use the
pydantic models derived from these types on first use (``validation.py``), so the shape of a
spec is written once, here. This module imports neither: ``spec_json`` is a spec as JSON.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, get_args, get_origin

import msgspec

from components.nodes import ChartProps, FieldFormat, LiveProps, Present, field_type

from .choices import VIEW_KINDS, WIDGET_FAMILIES

MAX_TITLE = 80
MAX_SUMMARY = 300
MAX_GROUP_TITLE = 60
MAX_SUBMIT = 30
MAX_LINK_LABEL = 40

WIDGETS = tuple(dict.fromkeys(w for options in WIDGET_FAMILIES.values() for w in options))
# Literals of values read off the catalog at run time: a type checker cannot know them (it takes
# them as Any), so each carries an ignore; msgspec and pydantic see the real Literal.
Widget = Literal[WIDGETS]  # type: ignore[valid-type]
View = Literal[VIEW_KINDS]  # type: ignore[valid-type]


def _enum(name: str, props: type[msgspec.Struct] = ChartProps) -> tuple[Any, ...]:
    """The values a prop accepts (its ``Literal``, optional or not): never typed out again."""
    kind = field_type(props, name)
    args = (kind,) if get_origin(kind) is Literal else get_args(kind)  # Literal, or Literal | None
    return tuple(v for arg in args if get_origin(arg) is Literal for v in get_args(arg))


MARKS = _enum("mark")
AGGREGATES = _enum("aggregate")
SORTS = _enum("sort")
Mark = Literal[MARKS]  # type: ignore[valid-type]
Aggregate = Literal[AGGREGATES]  # type: ignore[valid-type]
Sort = Literal[SORTS]  # type: ignore[valid-type]
FORMATS = _enum("format", FieldFormat)
UNITS = _enum("unit", FieldFormat)
PLACEMENTS = _enum("chart", Present)
TEXTS = _enum("text", Present)
SECTIONS = get_args(get_args(field_type(Present, "sections"))[0])
Format = Literal[FORMATS]  # type: ignore[valid-type]
Unit = Literal[UNITS]  # type: ignore[valid-type]
Placement = Literal[PLACEMENTS]  # type: ignore[valid-type]
TextShown = Literal[TEXTS]  # type: ignore[valid-type]
SectionName = Literal[SECTIONS]  # type: ignore[valid-type]
EVERY = _enum("every", LiveProps)
Every = Literal[EVERY]  # type: ignore[valid-type]
MAX_CURRENCY = 8
MAX_HEADLINE = 8


Title = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TITLE)]
Summary = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SUMMARY)]
GroupTitle = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_GROUP_TITLE)]
SubmitLabel = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SUBMIT)]
LinkLabel = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_LINK_LABEL)]
Currency = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CURRENCY)]


class SpecPart(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of the spec's parts: immutable, keyword-only, strict."""


class Group(SpecPart, frozen=True):
    title: GroupTitle
    fields: Annotated[list[str], msgspec.Meta(min_length=1)]


class WidgetChoice(SpecPart, frozen=True):
    field: str
    widget: Widget


class PickerChoice(SpecPart, frozen=True):
    field: str
    """A top-level input with pickers (its ``bind``)."""
    tool: str | None
    """The tool its picker lists (one of the tree's sources for it); null: no picker."""


class InputLayout(SpecPart, frozen=True):
    order: list[str] = []
    """Top-level fields, first to last; fields not listed follow in schema order."""
    groups: list[Group] = []
    advanced: list[str] = []
    """Fields shown under a collapsed "Advanced" section."""
    widgets: list[WidgetChoice] = []
    submitLabel: SubmitLabel | None = None
    live: bool | None = None
    """A changed input re-runs the tool (a read-only tool's only, issue 51); None: as inferred."""
    pickers: list[PickerChoice] = []
    """Which tool an input's picker lists, or none (issue 51); an input not named offers its
    first source."""


class Chart(SpecPart, frozen=True):
    mark: Mark
    x: str
    y: Annotated[list[str], msgspec.Meta(min_length=1, max_length=4)]
    color: str | None = None
    aggregate: Aggregate | None = None
    sort: Sort | None = None


class OutputLayout(SpecPart, frozen=True):
    path: str
    """The ``bind`` of the data this layout presents (a view the tree already has)."""
    view: View
    columns: list[str] = []
    """Columns (tables, cards) or fields (key/value) shown, in order; empty keeps them all."""
    chart: Chart | None = None
    """The chart, laid out with the table as ``present.chart`` says: above it (the default),
    beside it, or as Tabs, where ``view == "chart"`` (a spec that explicitly asks for a chart: a
    model's, ``_ui_refine``'s) opens on it and ``view == "table"`` on the table (the heuristic's
    only view: it never opens on a chart)."""


class LinkChoice(SpecPart, frozen=True):
    id: str
    """One of the tree's link ids (``link:<tool>:<argument>``): the compiler proposes, a spec chooses."""
    label: LinkLabel | None = None


class PagingChoice(SpecPart, frozen=True):
    show: bool = True
    label: LinkLabel | None = None


class FormatChoice(SpecPart, frozen=True):
    field: str
    """A JSON Pointer into the result data (array items ``-``): the values under its last token."""
    format: Format
    currency: Currency | None = None
    """money: an ISO 4217 code or a symbol."""
    unit: Unit | None = None
    """percent: ratio or points; duration: ms, s, min, h; bytes: B, KB, MB, GB."""


class PresentLayout(SpecPart, frozen=True):
    """How the result is presented (issue 49): the ResultView's ``present``. An empty or ``None``
    part leaves what the heuristic inferred (``present.over``)."""

    formats: list[FormatChoice] = []
    headline: Annotated[list[str], msgspec.Meta(max_length=MAX_HEADLINE)] | None = None
    """Pointers of the scalars drawn as stat tiles, in order; ``[]``: no headline."""
    chart: Placement | None = None
    sections: list[SectionName] = []
    """The result's parts in order, each once."""
    text: TextShown | None = None


class LiveChoice(SpecPart, frozen=True):
    """A read-only tool's result refreshed on a timer (issue 51)."""

    every: Every = 0
    """Seconds between refreshes once a result shows (0: off until a person turns it on)."""


class LayoutSpec(SpecPart, frozen=True):
    version: Literal[1] = 1
    title: Title | None = None
    summary: Summary | None = None
    input: InputLayout = msgspec.field(default_factory=InputLayout)
    output: OutputLayout | None = None
    links: list[LinkChoice] | None = None
    """The links offered, in this order (a tree's link ids; the others are dropped); None: the
    compiler's (every link it offers, in its order)."""
    paging: PagingChoice | None = None
    """The result's paging shown or not, and its control's text; None: as inferred."""
    present: PresentLayout | None = None
    """How the result is presented (formats, headline, the chart's place, the parts' order);
    None: as inferred."""
    live: LiveChoice | None = None
    """The timer of a read-only tool's result; None: as inferred."""


@cache
def fields_of(part: type[SpecPart]) -> tuple[tuple[str, Any], ...]:
    """(name, default) of each field of a spec part, in order (``msgspec.NODEFAULT``: required)."""
    return tuple(
        (f.name, f.default_factory() if f.default_factory is not msgspec.NODEFAULT else f.default)
        for f in msgspec.structs.fields(part)
    )


def spec_json(part: SpecPart, *, exclude_defaults: bool = False, exclude_none: bool = False) -> dict[str, Any]:
    """A spec (or a part of one) as JSON: its fields in order, as pydantic's ``model_dump`` gives
    them for the derived model. ``exclude_defaults`` drops a field equal to its default (at every
    depth), ``exclude_none`` one that is ``None``."""
    out: dict[str, Any] = {}
    for name, default in fields_of(type(part)):
        item = getattr(part, name)
        if (exclude_none and item is None) or (exclude_defaults and item == default):
            continue
        out[name] = _json(item, exclude_defaults, exclude_none)
    return out


def _json(value: Any, exclude_defaults: bool, exclude_none: bool) -> Any:
    if isinstance(value, SpecPart):
        return spec_json(value, exclude_defaults=exclude_defaults, exclude_none=exclude_none)
    if isinstance(value, list):
        return [_json(item, exclude_defaults, exclude_none) for item in value]
    return value
