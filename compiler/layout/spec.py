"""The LayoutSpec: the only thing a model writes. Small, flat, enum-heavy.

The spec's types are plain typed values (frozen msgspec Structs): the heuristic builds them and
``apply`` reads them without loading a validator, so ``compile-ui tool.json`` never imports
pydantic. A spec from outside (a file, a model, ``_ui_refine``) goes through ``check_spec``
(``check.py``), whose pydantic models are derived from these types on first use
(``validation.py``), so the shape of a spec is written once, here.

The few pydantic methods other code calls on a spec (``model_dump``, ``model_dump_json``,
``LayoutSpec.model_validate``, ``LayoutSpec.model_json_schema``) keep their meaning.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, get_args, get_origin

import msgspec

from components.nodes import ChartProps

from .choices import VIEW_KINDS, WIDGET_FAMILIES

MAX_TITLE = 80
MAX_SUMMARY = 300
MAX_GROUP_TITLE = 60
MAX_SUBMIT = 30

Widget = Literal[tuple(dict.fromkeys(w for options in WIDGET_FAMILIES.values() for w in options))]  # type: ignore[misc]
View = Literal[VIEW_KINDS]  # type: ignore[valid-type]


_CHART = {f.name: f.type for f in msgspec.structs.fields(ChartProps)}


def _enum(name: str) -> tuple[Any, ...]:
    """The values a chart prop accepts (its ``Literal``, optional or not): never typed out again."""
    kind = _CHART[name]
    args = (kind,) if get_origin(kind) is Literal else get_args(kind)  # Literal, or Literal | None
    return tuple(v for arg in args if get_origin(arg) is Literal for v in get_args(arg))


MARKS = _enum("mark")
AGGREGATES = _enum("aggregate")
SORTS = _enum("sort")
Mark = Literal[MARKS]  # type: ignore[valid-type]
Aggregate = Literal[AGGREGATES]  # type: ignore[valid-type]
Sort = Literal[SORTS]  # type: ignore[valid-type]


Title = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TITLE)]
Summary = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SUMMARY)]
GroupTitle = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_GROUP_TITLE)]
SubmitLabel = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SUBMIT)]


class _Spec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of the spec's parts: immutable, keyword-only, strict."""

    def model_dump(self, *, mode: str = "python", exclude_defaults: bool = False, exclude_none: bool = False) -> dict[str, Any]:
        """As pydantic's: a dict in field order (every value is already JSON, so ``mode`` changes nothing)."""
        return _dump(self, exclude_defaults, exclude_none)

    def model_dump_json(self, *, exclude_defaults: bool = False, exclude_none: bool = False) -> str:
        """As pydantic's: compact JSON, fields in order, non-ASCII kept."""
        return msgspec.json.encode(_dump(self, exclude_defaults, exclude_none)).decode()

    @classmethod
    def model_validate(cls, value: Any) -> Any:
        """Validate any JSON value as this part of a spec (pydantic's rules and errors)."""
        from .validation import validate

        return validate(cls, value)

    @classmethod
    def model_json_schema(cls) -> dict[str, Any]:
        """The JSON Schema pydantic gives for this part of a spec."""
        from .validation import model_for

        return model_for(cls).model_json_schema()


class Group(_Spec):
    title: GroupTitle
    fields: Annotated[list[str], msgspec.Meta(min_length=1)]


class WidgetChoice(_Spec):
    field: str
    widget: Widget


class InputLayout(_Spec):
    order: list[str] = []
    """Top-level fields, first to last; fields not listed follow in schema order."""
    groups: list[Group] = []
    advanced: list[str] = []
    """Fields shown under a collapsed "Advanced" section."""
    widgets: list[WidgetChoice] = []
    submitLabel: SubmitLabel | None = None


class Chart(_Spec):
    mark: Mark
    x: str
    y: Annotated[list[str], msgspec.Meta(min_length=1, max_length=4)]
    color: str | None = None
    aggregate: Aggregate | None = None
    sort: Sort | None = None


class OutputLayout(_Spec):
    path: str
    """The ``bind`` of the data this layout presents (a view the tree already has)."""
    view: View
    columns: list[str] = []
    """Columns (tables, cards) or fields (key/value) shown, in order; empty keeps them all."""
    chart: Chart | None = None
    """With ``view == "chart"``: the chart, offered beside the table."""


class LayoutSpec(_Spec):
    version: Literal[1] = 1
    title: Title | None = None
    summary: Summary | None = None
    input: InputLayout = msgspec.field(default_factory=InputLayout)
    output: OutputLayout | None = None


@cache
def fields_of(part: type[_Spec]) -> tuple[tuple[str, Any], ...]:
    """(name, default) of each field of a spec part, in order (``msgspec.NODEFAULT``: required)."""
    return tuple(
        (f.name, f.default_factory() if f.default_factory is not msgspec.NODEFAULT else f.default)
        for f in msgspec.structs.fields(part)
    )


def _dump(value: Any, exclude_defaults: bool, exclude_none: bool) -> Any:
    """pydantic's ``model_dump``: ``exclude_defaults`` drops a field equal to its default (at every
    depth), ``exclude_none`` one that is ``None``."""
    if isinstance(value, _Spec):
        out = {}
        for name, default in fields_of(type(value)):
            item = getattr(value, name)
            if (exclude_none and item is None) or (exclude_defaults and item == default):
                continue
            out[name] = _dump(item, exclude_defaults, exclude_none)
        return out
    if isinstance(value, list):
        return [_dump(item, exclude_defaults, exclude_none) for item in value]
    return value
