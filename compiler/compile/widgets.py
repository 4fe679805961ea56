"""Which field node a normalized shape becomes: ranked testers (JSON Forms' ``rankWith``).

Each entry is ``(rank, tester, field type)``; the highest rank whose tester accepts the shape
wins, and among equal ranks the earlier entry (the explicit tie-break). ``JsonField`` is the
floor: it accepts everything at rank 0, so there is always exactly one answer. ``ties`` reports
shapes two entries claim at the same top rank (a test checks the corpus has none).

Widget choices inside a field type (textarea vs text, radio vs select) live here too; the
layout phase may override them from the fixed enum each node already has.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from compiler import messages
from compiler.normalize import (
    AnyShape,
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NeverShape,
    NullShape,
    NumberShape,
    ObjectShape,
    SomeShape,
    StringShape,
    TupleShape,
    UnionShape,
)
from components.nodes import DateFormat, SelectWidget, TextWidget

DATE_FORMATS: tuple[DateFormat, ...] = get_args(DateFormat)
TEXTAREA_MIN_LENGTH = 200
RADIO_MAX_OPTIONS = 4

Tester = Callable[[SomeShape], bool]


def _string(s: SomeShape) -> bool:
    return isinstance(s, StringShape)


def _date(s: SomeShape) -> bool:
    return isinstance(s, StringShape) and s.format in DATE_FORMATS


def _file(s: SomeShape) -> bool:
    return isinstance(s, StringShape) and (s.contentEncoding or "").lower() == "base64"


def _multi_select(s: SomeShape) -> bool:
    return isinstance(s, ArrayShape) and s.uniqueItems and isinstance(s.items, EnumShape) and not s.items.nullable


def _map(s: SomeShape) -> bool:
    return (
        isinstance(s, ObjectShape)
        and not s.properties
        and (_editable(s.additional) or any(_editable(p) for _, p in s.patterns))
    )


def _free_object(s: SomeShape) -> bool:
    """An object that names nothing and describes no values: only JSON can edit it."""
    return isinstance(s, ObjectShape) and not s.properties and not _map(s) and s.additional is None


def _editable(s: SomeShape | None) -> bool:
    return s is not None and not isinstance(s, NeverShape)


def _nullable(s: SomeShape) -> bool:
    """A boolean that may also be null: three choices (Yes / No / Not set), not a checkbox."""
    return s.nullable


def _always(s: SomeShape) -> bool:
    return True


# (rank, shape class it applies to — None for any —, tester, field type), in tie-break order
RANKED: tuple[tuple[int, type | None, Tester, str], ...] = (
    (3, StringShape, _date, "DateTimeField"),
    (3, StringShape, _file, "FileField"),
    (3, ArrayShape, _multi_select, "MultiSelectField"),
    (3, ConstShape, _always, "ConstField"),
    (3, NullShape, _always, "ConstField"),
    (2, ObjectShape, _free_object, "JsonField"),
    (2, ObjectShape, _map, "MapField"),
    (2, BooleanShape, _nullable, "SelectField"),
    (1, StringShape, _always, "TextField"),
    (1, NumberShape, _always, "NumberField"),
    (1, BooleanShape, _always, "BooleanField"),
    (1, EnumShape, _always, "SelectField"),
    (1, ObjectShape, _always, "ObjectField"),
    (1, ArrayShape, _always, "ArrayField"),
    (1, TupleShape, _always, "TupleField"),
    (1, UnionShape, _always, "UnionField"),
    (0, None, _always, "JsonField"),
)

# The entries that can apply to each shape class, best rank first (stable: ties keep table order).
_CANDIDATES: dict[type, list[tuple[int, Tester, str]]] = {
    cls: sorted(
        ((rank, tester, name) for rank, applies, tester, name in RANKED if applies in (None, cls)),
        key=lambda entry: -entry[0],
    )
    for cls in (AnyShape, NeverShape, StringShape, NumberShape, BooleanShape, NullShape, EnumShape,
                ConstShape, ObjectShape, ArrayShape, TupleShape, UnionShape)
}


def field_type(shape: SomeShape) -> str:
    """The field type of the highest-ranked entry accepting ``shape`` (first in table order on a tie)."""
    for _rank, tester, name in _CANDIDATES[type(shape)]:
        if tester(shape):
            return name
    return "JsonField"  # unreachable: the rank-0 entry accepts everything


def ties(shape: SomeShape) -> list[str]:
    """Field types that accept ``shape`` at the winning rank (more than one is a tie)."""
    accepted = [(rank, name) for rank, tester, name in _CANDIDATES[type(shape)] if tester(shape)]
    top = max(rank for rank, _ in accepted)
    return sorted({name for rank, name in accepted if rank == top})


def text_widget(shape: StringShape) -> TextWidget:
    if shape.writeOnly or (shape.format or "").lower() == "password":
        return "password"
    if (shape.maxLength or 0) >= TEXTAREA_MIN_LENGTH:
        return "textarea"
    if (shape.contentMediaType or "").startswith("text/"):
        return "textarea"
    return "text"


def date_format(shape: StringShape) -> DateFormat:
    """The format of a string that is a date, a time or both (what ``_date`` accepts)."""
    return next(f for f in DATE_FORMATS if f == shape.format)


def select_widget(shape: EnumShape | BooleanShape) -> SelectWidget:
    if isinstance(shape, BooleanShape):  # Yes / No / Not set: null is one of the radios
        return "radio"
    return "radio" if len(shape.values) <= RADIO_MAX_OPTIONS and not shape.nullable else "select"


def json_reason(shape: SomeShape) -> str:
    if isinstance(shape, (AnyShape, NeverShape)):
        return shape.reason
    if _free_object(shape):
        return messages.FREE_FORM_OBJECT
    return messages.NO_FIELD_FITS
