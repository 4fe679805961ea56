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

DATE_FORMATS = frozenset({"date", "time", "date-time"})
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


def _is(cls: type) -> Tester:
    return lambda s: isinstance(s, cls)


RANKED: tuple[tuple[int, Tester, str], ...] = (
    (3, _date, "DateTimeField"),
    (3, _file, "FileField"),
    (3, _multi_select, "MultiSelectField"),
    (3, _is(ConstShape), "ConstField"),
    (3, _is(NullShape), "ConstField"),
    (2, _free_object, "JsonField"),
    (2, _map, "MapField"),
    (1, _string, "TextField"),
    (1, _is(NumberShape), "NumberField"),
    (1, _is(BooleanShape), "BooleanField"),
    (1, _is(EnumShape), "SelectField"),
    (1, _is(ObjectShape), "ObjectField"),
    (1, _is(ArrayShape), "ArrayField"),
    (1, _is(TupleShape), "TupleField"),
    (1, _is(UnionShape), "UnionField"),
    (0, lambda s: True, "JsonField"),
)


def field_type(shape: SomeShape) -> str:
    best_rank, best = -1, "JsonField"
    for rank, tester, name in RANKED:
        if rank > best_rank and tester(shape):
            best_rank, best = rank, name
    return best


def ties(shape: SomeShape) -> list[str]:
    """Field types that accept ``shape`` at the winning rank (more than one is a tie)."""
    accepted = [(rank, name) for rank, tester, name in RANKED if tester(shape)]
    top = max(rank for rank, _ in accepted)
    return sorted({name for rank, name in accepted if rank == top})


def text_widget(shape: StringShape) -> str:
    if shape.writeOnly or (shape.format or "").lower() == "password":
        return "password"
    if (shape.maxLength or 0) >= TEXTAREA_MIN_LENGTH:
        return "textarea"
    if (shape.contentMediaType or "").startswith("text/"):
        return "textarea"
    return "text"


def select_widget(shape: EnumShape) -> str:
    return "radio" if len(shape.values) <= RADIO_MAX_OPTIONS and not shape.nullable else "select"


def json_reason(shape: SomeShape) -> str:
    if isinstance(shape, (AnyShape, NeverShape)):
        return shape.reason
    if _free_object(shape):
        return messages.FREE_FORM_OBJECT
    return messages.NO_FIELD_FITS
