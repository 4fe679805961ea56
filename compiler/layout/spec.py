"""The LayoutSpec: the only thing a model writes. Small, flat, enum-heavy.

``LayoutSpec`` (pydantic) says what any spec may look like. ``spec_schema(tree)`` narrows it for
one tool: every field reference becomes an enum of that tree's real JSON Pointers, and a chart's
``y`` may only name numeric columns — that is the schema a model is asked to fill.
``check_spec(tree, value)`` accepts any JSON value and returns the spec or every problem, each
with the JSON Pointer of the offending part (what also goes back to the model for repair).
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

import msgspec

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from components.nodes import ChartProps
from components.validate import Problem

from .choices import VIEW_KINDS, WIDGET_FAMILIES, Choices, DataPath, choices

MAX_TITLE = 80
MAX_SUMMARY = 300
MAX_GROUP_TITLE = 60
MAX_SUBMIT = 30

Widget = Literal[tuple(dict.fromkeys(w for options in WIDGET_FAMILIES.values() for w in options))]  # type: ignore[misc]
View = Literal[VIEW_KINDS]  # type: ignore[valid-type]

def _enum(struct: type, name: str) -> tuple[Any, ...]:
    """The values a catalog prop accepts (its ``Literal``, optional or not): never typed out again."""
    kind = next(f.type for f in msgspec.structs.fields(struct) if f.name == name)
    args = (kind,) if get_origin(kind) is Literal else get_args(kind)  # Literal, or Literal | None
    return tuple(v for arg in args if get_origin(arg) is Literal for v in get_args(arg))


MARKS = _enum(ChartProps, "mark")
AGGREGATES = _enum(ChartProps, "aggregate")
SORTS = _enum(ChartProps, "sort")
Mark = Literal[MARKS]  # type: ignore[valid-type]
Aggregate = Literal[AGGREGATES]  # type: ignore[valid-type]
Sort = Literal[SORTS]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Group(_Strict):
    title: str = Field(min_length=1, max_length=MAX_GROUP_TITLE)
    fields: list[str] = Field(min_length=1)


class WidgetChoice(_Strict):
    field: str
    widget: Widget


class InputLayout(_Strict):
    order: list[str] = []
    """Top-level fields, first to last; fields not listed follow in schema order."""
    groups: list[Group] = []
    advanced: list[str] = []
    """Fields shown under a collapsed "Advanced" section."""
    widgets: list[WidgetChoice] = []
    submitLabel: str | None = Field(default=None, min_length=1, max_length=MAX_SUBMIT)


class Chart(_Strict):
    mark: Mark
    x: str
    y: list[str] = Field(min_length=1, max_length=4)
    color: str | None = None
    aggregate: Aggregate | None = None
    sort: Sort | None = None


class OutputLayout(_Strict):
    path: str
    """The ``bind`` of the data this layout presents (a view the tree already has)."""
    view: View
    columns: list[str] = []
    """Columns (tables, cards) or fields (key/value) shown, in order; empty keeps them all."""
    chart: Chart | None = None
    """With ``view == "chart"``: the chart, offered beside the table."""


class LayoutSpec(_Strict):
    version: Literal[1] = 1
    title: str | None = Field(default=None, min_length=1, max_length=MAX_TITLE)
    summary: str | None = Field(default=None, min_length=1, max_length=MAX_SUMMARY)
    input: InputLayout = InputLayout()
    output: OutputLayout | None = None


# --------------------------------------------------------------------------- per-tool schema


def spec_schema(tree: Any) -> dict:
    """The JSON Schema of the LayoutSpecs valid for this tree (sent to the model): the
    ``LayoutSpec`` model's own schema, with every pointer narrowed to an enum of the tree's."""
    offer = choices(tree)
    schema = _model_schema()
    fields = {"type": "string", "enum": list(offer.fields)} if offer.fields else {"not": {}}
    layout = schema["properties"]["input"]
    for name in ("order", "advanced"):
        layout["properties"][name].update(items=fields, uniqueItems=True)
    layout["properties"]["groups"]["items"]["properties"]["fields"].update(items=fields, uniqueItems=True)
    widget = layout["properties"]["widgets"]["items"]
    choices_by_family = [
        _with(widget, field={"enum": binds}, widget={"enum": list(options)}) for options, binds in _by_family(offer).items()
    ]
    layout["properties"]["widgets"]["items"] = {"anyOf": choices_by_family} if choices_by_family else {"not": {}}
    output = next(branch for branch in schema["properties"]["output"]["anyOf"] if branch.get("type") == "object")
    outputs = [_output_schema(output, p) for p in offer.paths]
    schema["properties"]["output"] = {"anyOf": [*outputs, {"type": "null"}]} if outputs else {"type": "null"}
    return schema


def _model_schema() -> dict:
    """``LayoutSpec.model_json_schema()`` with its ``$ref``s inlined, and without ``title`` and
    ``default`` (words the model need not read)."""
    raw = LayoutSpec.model_json_schema()
    defs = raw.pop("$defs", {})

    def clean(value: Any, names: bool = False) -> Any:
        if isinstance(value, dict) and names:  # a ``properties`` map: its keys are names, kept
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, dict):
            if "$ref" in value:
                return clean(defs[value["$ref"].rsplit("/", 1)[1]])
            return {k: clean(v, k == "properties") for k, v in value.items() if k not in ("title", "default")}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    return clean(raw)


def _with(object_schema: dict, **narrowed: dict) -> dict:
    """A copy of an object schema whose named properties are replaced."""
    return {**object_schema, "properties": {**object_schema["properties"], **narrowed}}


def _by_family(offer: Choices) -> dict[tuple[str, ...], list[str]]:
    families: dict[tuple[str, ...], list[str]] = {}
    for bind, options in offer.widgets.items():
        families.setdefault(options, []).append(bind)
    return families


def _output_schema(output: dict, path: DataPath) -> dict:
    """``OutputLayout``'s schema for one data path: its bind, its views, its columns."""
    properties = dict(output["properties"])
    properties["path"] = {"const": path.bind}
    properties["view"] = {"enum": list(path.views)}
    if path.columns:
        properties["columns"] = {**properties["columns"], "items": {"enum": list(path.pointers)}, "uniqueItems": True}
    else:
        del properties["columns"]
    chart = next(b for b in properties.pop("chart")["anyOf"] if b.get("type") == "object")
    if "chart" in path.views:
        narrowed = dict(chart["properties"])
        narrowed["x"] = {"enum": list(path.pointers)}
        narrowed["y"] = {**narrowed["y"], "items": {"enum": list(path.numeric)}}
        if path.categories:
            narrowed["color"] = {"enum": list(path.categories)}
        else:
            del narrowed["color"]
        properties["chart"] = {**chart, "properties": narrowed}
    return {**output, "properties": properties}


# --------------------------------------------------------------------------- checking


def check_spec(tree: Any, value: Any) -> tuple[LayoutSpec | None, list[Problem]]:
    """The spec, if ``value`` is a valid LayoutSpec for this tree; else every problem."""
    try:
        spec = LayoutSpec.model_validate(value)
    except ValidationError as error:
        return None, [Problem(_pointer(e["loc"]), e["msg"]) for e in error.errors()]
    problems = list(_semantic(spec, choices(tree)))
    return (None, problems) if problems else (spec, [])


def _pointer(loc: tuple) -> str:
    return "".join(f"/{str(part).replace('~', '~0').replace('/', '~1')}" for part in loc)


def _semantic(spec: LayoutSpec, offer: Choices):
    known = set(offer.fields)
    placed: dict[str, str] = {}
    for where, names in (
        ("/input/order", spec.input.order),
        ("/input/advanced", spec.input.advanced),
        *((f"/input/groups/{i}/fields", g.fields) for i, g in enumerate(spec.input.groups)),
    ):
        for i, name in enumerate(names):
            if name not in known:
                yield Problem(f"{where}/{i}", f"no top-level input field {name!r}")
            elif where != "/input/order" and name in placed:
                yield Problem(f"{where}/{i}", f"{name!r} is already placed at {placed[name]}")
            elif where != "/input/order":
                placed[name] = f"{where}/{i}"
    for i, choice in enumerate(spec.input.widgets):
        options = offer.widgets.get(choice.field)
        if options is None:
            yield Problem(f"/input/widgets/{i}/field", f"no field {choice.field!r} with a widget choice")
        elif choice.widget not in options:
            yield Problem(f"/input/widgets/{i}/widget", f"{choice.widget!r} is not one of {list(options)}")
    if spec.output is not None:
        yield from _check_output(spec.output, offer)


def _check_output(out: OutputLayout, offer: Choices):
    path = offer.path(out.path)
    if path is None:
        yield Problem("/output/path", f"no view of the result at {out.path!r}")
        return
    if out.view not in path.views:
        yield Problem("/output/view", f"{out.view!r} cannot show {out.path!r}; choose one of {list(path.views)}")
    for i, pointer in enumerate(out.columns):
        if pointer not in path.pointers:
            yield Problem(f"/output/columns/{i}", f"no column {pointer!r} at {out.path!r}")
    if (out.view == "chart") != (out.chart is not None):
        yield Problem("/output/chart", "a chart is given exactly when view is 'chart'")
    if out.chart is not None and out.view == "chart":
        yield from _check_chart(out.chart, path)


def _check_chart(chart: Chart, path: DataPath):
    if chart.x not in path.pointers:
        yield Problem("/output/chart/x", f"no column {chart.x!r}")
    for i, y in enumerate(chart.y):
        if y not in path.numeric:
            yield Problem(f"/output/chart/y/{i}", f"{y!r} is not a numeric column")
    if chart.color is not None and chart.color not in path.categories:
        yield Problem("/output/chart/color", f"{chart.color!r} is not a category column")
    if chart.mark in ("line", "area") and chart.x in path.pointers and chart.x not in path.ordered:
        yield Problem("/output/chart/x", f"a {chart.mark} needs an ordered x (a date or a number)")
    if chart.mark == "arc" and (chart.x not in path.categories or len(chart.y) != 1):
        yield Problem("/output/chart", "an arc needs a category x and exactly one y")
