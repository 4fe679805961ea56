"""The normalized schema model: what every later phase sees instead of raw JSON Schema.

It is deliberately narrower than JSON Schema (Vega-Lite's normalized spec, STYLE.md §2): there is
no ``$ref``, no ``allOf``, no type list, no ``anyOf [T, null]`` here. Those shapes are removed once,
by ``normalize``, and nothing after it ever re-resolves a reference.

Every shape carries the same annotations (``Meta`` fields). ``nullable`` is the folded form of
``["T", "null"]``, ``anyOf [T, {"type": "null"}]`` and an ``enum`` containing ``null``.
``ignored`` lists the keywords the normalizer saw and chose not to use (never dropped silently).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "UNSET",
    "Shape",
    "AnyShape",
    "NeverShape",
    "StringShape",
    "NumberShape",
    "BooleanShape",
    "NullShape",
    "EnumShape",
    "ConstShape",
    "Property",
    "ObjectShape",
    "ArrayShape",
    "TupleShape",
    "UnionShape",
    "SomeShape",
]


class Shape(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag_field="kind", tag=True):
    """Annotations every normalized shape has."""

    title: str | None = None
    description: str | None = None
    default: Any | UnsetType = UNSET
    examples: tuple[Any, ...] = ()
    nullable: bool = False
    readOnly: bool = False
    writeOnly: bool = False
    deprecated: bool = False
    ignored: tuple[str, ...] = ()


class AnyShape(Shape, frozen=True, kw_only=True):
    """Any JSON value, or a shape nothing else fits. ``reason`` says which and why."""

    reason: str = "the schema allows any value"


class NeverShape(Shape, frozen=True, kw_only=True):
    """The ``false`` schema (or an unsatisfiable combination): no value is valid."""

    reason: str = "the schema is false: no value is valid"


class StringShape(Shape, frozen=True, kw_only=True):
    format: str | None = None
    minLength: int | None = None
    maxLength: int | None = None
    pattern: str | None = None
    contentEncoding: str | None = None
    contentMediaType: str | None = None


class NumberShape(Shape, frozen=True, kw_only=True):
    integer: bool = False
    minimum: float | None = None
    maximum: float | None = None
    exclusiveMinimum: float | None = None
    exclusiveMaximum: float | None = None
    multipleOf: float | None = None


class BooleanShape(Shape, frozen=True, kw_only=True):
    pass


class NullShape(Shape, frozen=True, kw_only=True):
    pass


class EnumShape(Shape, frozen=True, kw_only=True):
    """One of fixed JSON values; ``labels[i]`` is the title of ``values[i]`` when one was given
    (titled enums: ``oneOf`` of ``{const, title}``)."""

    values: tuple[Any, ...]
    labels: tuple[str | None, ...] = ()
    descriptions: tuple[str | None, ...] = ()


class ConstShape(Shape, frozen=True, kw_only=True):
    value: Any


class Property(msgspec.Struct, frozen=True):
    name: str
    shape: SomeShape
    required: bool = False


class ObjectShape(Shape, frozen=True, kw_only=True):
    """An object. ``properties`` keep the schema's own order. ``additional`` is the schema of
    properties not named (``None`` when the schema says nothing or ``true`` — nothing to edit;
    ``NeverShape`` when ``additionalProperties: false``). ``patterns`` are
    ``patternProperties``; ``propertyNames`` constrains the keys of a map."""

    properties: tuple[Property, ...] = ()
    additional: SomeShape | None = None
    patterns: tuple[tuple[str, SomeShape], ...] = ()
    propertyNames: SomeShape | None = None
    minProperties: int | None = None
    maxProperties: int | None = None
    dependentRequired: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``dependentRequired`` / draft-07 array ``dependencies``: if key is present, these are too."""
    conditional: tuple[str, ...] = ()
    """Property names that only apply under a condition (``if/then/else``, ``dependentSchemas``):
    they are offered as optional properties."""


class ArrayShape(Shape, frozen=True, kw_only=True):
    items: SomeShape
    minItems: int | None = None
    maxItems: int | None = None
    uniqueItems: bool = False


class TupleShape(Shape, frozen=True, kw_only=True):
    """A fixed-position array (``prefixItems``, draft-07 array-form ``items``). ``rest`` is the
    schema of further items (``None``: none allowed or unspecified)."""

    prefix: tuple[SomeShape, ...]
    rest: SomeShape | None = None
    minItems: int | None = None
    maxItems: int | None = None


class UnionShape(Shape, frozen=True, kw_only=True):
    """One of several shapes (``oneOf``/``anyOf``, or a type list like ``["boolean","string"]``).
    ``discriminator`` is an object property whose constant tells the branches apart."""

    branches: tuple[SomeShape, ...]
    labels: tuple[str, ...]
    discriminator: str | None = None


SomeShape = (
    AnyShape
    | NeverShape
    | StringShape
    | NumberShape
    | BooleanShape
    | NullShape
    | EnumShape
    | ConstShape
    | ObjectShape
    | ArrayShape
    | TupleShape
    | UnionShape
)


def to_builtins(shape: Shape) -> Any:
    """A JSON-ready view of a shape (for debugging and goldens)."""
    return msgspec.to_builtins(shape)
