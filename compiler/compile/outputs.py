"""Compile outputs: a tool's raw ``outputSchema`` → the ``ResultView`` subtree.

The schema goes through the same normalizer as inputs (``$ref``, ``allOf``, nullable folded), then
one function per shape kind picks a view bound by JSON Pointer into ``structuredContent``:

* object → ``KeyValue`` (scalar properties as its fields; nested objects and arrays as child views),
* array of objects → ``Table`` with typed columns, array of anything else → ``List``,
* a number at the root → ``Metric``, any other lone value → ``KeyValue``-less ``AutoView``,
* shapes with no single reading (unions, any, tuples) → ``AutoView``: the runtime decides.

Without an output schema the whole result is an ``AutoView`` over the content blocks.
View ids are ``v:<bind>`` (``v:`` for the root).
"""

from __future__ import annotations

import re
from typing import Any

from compiler.compile.naming import as_text, label_for, root_label
from compiler.normalize import normalize
from compiler.normalize.shapes import (
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NeverShape,
    NumberShape,
    ObjectShape,
    StringShape,
)
from components import pointers
from components.nodes import (
    AnyNode,
    AutoView,
    Column,
    KeyValue,
    KeyValueProps,
    List,
    ListProps,
    Metric,
    MetricProps,
    Option,
    ResultView,
    ResultViewProps,
    Table,
    TableProps,
    ValueFormat,
    ViewProps,
)

__all__ = ["compile_result_view", "column_format", "unit_of"]

MAX_DEPTH = 6
"""Nested views deeper than this are left to the runtime (an ``AutoView``)."""

STRING_FORMATS: tuple[ValueFormat, ...] = ("date", "time", "date-time", "uri", "email", "uuid")
IMAGE_TYPES = ("image/",)


def compile_result_view(output_schema: Any | None) -> ResultView:
    """The result subtree for a tool, from its RAW ``outputSchema`` (None when it has none)."""
    if output_schema is None:
        return ResultView(
            id="result",
            props=ResultViewProps(source="content"),
            children=(AutoView(id="result:auto", props=ViewProps()),),
        )
    shape = normalize(output_schema)
    return ResultView(id="result", props=ResultViewProps(source="structured"), children=(_root(shape),))


def _root(shape: Any) -> AnyNode:
    wrapped = _wrapped(shape)
    if wrapped is not None:
        return _view(wrapped, pointers.child("", "result"), None, 0)
    if isinstance(shape, NumberShape):
        return Metric(id="v:", props=MetricProps(format=column_format(shape), label=root_label(shape.title)))
    return _view(shape, "", root_label(shape.title), 0)


def _wrapped(shape: Any) -> Any | None:
    """The value's shape when the schema only wraps it as ``{"result": value}``, else None.

    Python SDKs (FastMCP, the ``mcp`` package's) give a tool that returns a string, a list or a
    dict this schema, and send ``{"result": …}``: the view is of the value, not of a record whose
    one field, "Result", holds a whole CSV, table or document. A number stays that one field
    ("Result 42"), which already reads as it should."""
    if not isinstance(shape, ObjectShape) or len(shape.properties) != 1 or shape.patterns:
        return None
    (prop,) = shape.properties
    if prop.name != "result" or not prop.required or not isinstance(shape.additional, (NeverShape, type(None))):
        return None
    return None if isinstance(prop.shape, (NumberShape, BooleanShape, EnumShape, ConstShape)) else prop.shape


def _view(shape: Any, bind: str, label: str | None, depth: int) -> AnyNode:
    """The view for the value at ``bind`` (absolute in the result data)."""
    if depth <= MAX_DEPTH:
        if isinstance(shape, ObjectShape) and (shape.properties or shape.additional is not None):
            return _key_value(shape, bind, label, depth)
        if isinstance(shape, ArrayShape):
            return _array(shape, bind, label)
    return AutoView(id=f"v:{bind}", props=ViewProps(bind=bind, label=label))


def _key_value(shape: ObjectShape, bind: str, label: str | None, depth: int) -> AnyNode:
    fields: list[Column] = []
    children: list[AnyNode] = []
    for prop in shape.properties:
        name = label_for(prop.shape.title, prop.name)
        pointer = pointers.child("", prop.name)
        # A record of one field is that field under both names, as views.js draws one from data:
        # {uptime: {seconds}} a fact "Uptime seconds" (shown "Uptime", 10 min 40 s), {cpu: {cores: […]}}
        # a table "CPU cores" — not a heading over a heading over one thing.
        inner = _only(prop.shape)
        while inner is not None:
            name, pointer = name + " " + _lower_first(label_for(inner.shape.title, inner.name)), pointers.child(pointer, inner.name)
            prop, inner = inner, _only(inner.shape)
        if _is_scalar(prop.shape):
            fields.append(_column(prop.shape, pointer, name))
        else:
            children.append(_view(prop.shape, bind + pointer, name, depth + 1))
    # Without named properties (a map) the runtime shows every key; with both, the extra keys
    # appear in the raw JSON and in an AutoView of the whole object would duplicate them.
    return KeyValue(id=f"v:{bind}", props=KeyValueProps(bind=bind, label=label, fields=tuple(fields)), children=tuple(children))


def _only(shape: Any) -> Any | None:
    """The one property of a record that names no other (nor a pattern, nor any key of a map), else None."""
    if (isinstance(shape, ObjectShape) and len(shape.properties) == 1 and not shape.patterns and not shape.conditional
            and isinstance(shape.additional, (NeverShape, type(None)))):
        return shape.properties[0]
    return None


def _lower_first(word: str) -> str:
    """A label as the second word of another: "Seconds" → "seconds"; "CPU", "URL list" stay."""
    return word[:1].lower() + word[1:] if re.match(r"[A-Z][a-z]", word) else word


def _array(shape: ArrayShape, bind: str, label: str | None) -> AnyNode:
    items = shape.items
    if isinstance(items, ObjectShape) and items.properties:
        columns = tuple(
            _column(p.shape, pointers.child("", p.name), label_for(p.shape.title, p.name)) for p in items.properties
        )
        return Table(id=f"v:{bind}", props=TableProps(bind=bind, label=label, columns=columns))
    if _is_scalar(items):
        return List(id=f"v:{bind}", props=ListProps(bind=bind, label=label, format=column_format(items)))
    return AutoView(id=f"v:{bind}", props=ViewProps(bind=bind, label=label))


def _is_scalar(shape: Any) -> bool:
    return isinstance(shape, (StringShape, NumberShape, BooleanShape, EnumShape, ConstShape))


# "(°C)" at the end, or "in mm" after a comma, or "in X" with X short or not a word ("km/h", "%").
_UNIT = re.compile(r"(?:\(([^()\s]{1,8})\)|, in ([^\s,;()]{1,8})|\sin ([^\s,;()]{1,3}|[^\s,;()]*[^\w\s,;()][^\s,;()]*))\.?\s*$")


# A unit a schema names in words ("Temperature in celsius", "Distance in meters"), and its
# symbol. Only measures a label shows as they are: no units of time (durations are drawn in
# their own words, "1 h 12 min", which a "(s)" in the label would contradict) nor of data (bytes:
# drawn in binary units), nor a word that may be money ("pounds": sterling as often as weight).
_UNIT_WORDS = {
    "celsius": "°C", "centigrade": "°C", "fahrenheit": "°F", "kelvin": "K", "degrees": "°",
    "millimeters": "mm", "millimetres": "mm", "centimeters": "cm", "centimetres": "cm", "meters": "m",
    "metres": "m", "kilometers": "km", "kilometres": "km", "miles": "mi", "feet": "ft", "inches": "in",
    "grams": "g", "kilograms": "kg", "ounces": "oz", "liters": "L", "litres": "L",
    "milliliters": "mL", "millilitres": "mL", "watts": "W", "kilowatts": "kW", "volts": "V", "hertz": "Hz",
}
_UNIT_WORD = re.compile(r"(?i)(?:,?\s+in|\()\s*(" + "|".join(_UNIT_WORDS) + r")\)?\.?\s*$")


def unit_of(shape: Any) -> str | None:
    """The unit a number's schema states at the end of its title or description ("Rain, in mm",
    "Temperature (°C)", "Temperature in celsius": °C), for headers and chart axes; None when it
    states none."""
    if not isinstance(shape, NumberShape):
        return None
    for text in (shape.title, shape.description):
        named = _UNIT_WORD.search(text or "")
        if named:
            return _UNIT_WORDS[named.group(1).lower()]
        m = _UNIT.search(text or "")
        if m:
            return m.group(1) or m.group(2) or m.group(3)
    return None


def _column(shape: Any, pointer: str, label: str) -> Column:
    fmt = column_format(shape)
    unit = unit_of(shape)
    if unit and f"({unit})" not in label:
        label = f"{label} ({unit})"  # charts read the unit back from here to give it its own axis
    if isinstance(shape, EnumShape):
        labels = shape.labels or (None,) * len(shape.values)  # titles: for every value, or none
        options = tuple(
            Option(value=v, label=label or as_text(v)) for v, label in zip(shape.values, labels, strict=True)
        )
        return Column(pointer=pointer, label=label, format="enum", options=options)
    return Column(pointer=pointer, label=label, format=fmt)


def column_format(shape: Any) -> ValueFormat:
    """How a value of ``shape`` is displayed (a ``ValueFormat``)."""
    if isinstance(shape, NumberShape):
        return "integer" if shape.integer else "number"
    if isinstance(shape, BooleanShape):
        return "boolean"
    if isinstance(shape, EnumShape):
        return "enum"
    if isinstance(shape, StringShape):
        known = next((f for f in STRING_FORMATS if f == shape.format), None)
        if known is not None:
            return known
        if shape.contentEncoding == "base64" and (shape.contentMediaType or "").startswith(IMAGE_TYPES):
            return "image"
        return "text"
    if isinstance(shape, ConstShape):
        return "text"
    return "json"
