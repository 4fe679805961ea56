"""Output schemas paired with values that conform to them (result-view tests).

* ``example(schema)`` — one deterministic conforming value for a (raw) schema, via the normalizer;
* ``output_cases()`` — a hypothesis strategy of ``(schema, value)`` pairs;
* ``leaves(schema, value)`` — every leaf of ``value`` with what a person should see for it.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any

from hypothesis import strategies as st

from compiler.normalize import normalize
from compiler.normalize.shapes import (
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NullShape,
    NumberShape,
    ObjectShape,
    StringShape,
    TupleShape,
    UnionShape,
)

STRING_EXAMPLES = {
    "date": "2026-03-14",
    "date-time": "2026-03-14T15:09:26Z",
    "time": "15:09:26Z",
    "uri": "https://example.org/page",
    "email": "ada@example.org",
    "uuid": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
}


def example(schema: Any) -> Any:
    return _example(normalize(schema), 0)


def _example(shape: Any, depth: int) -> Any:
    if isinstance(shape, StringShape):
        return STRING_EXAMPLES.get(shape.format or "", "sample text")
    if isinstance(shape, NumberShape):
        low = shape.minimum if shape.minimum is not None else 0
        return int(low) + 7 if shape.integer else float(low) + 7.5
    if isinstance(shape, BooleanShape):
        return True
    if isinstance(shape, EnumShape):
        return shape.values[0]
    if isinstance(shape, ConstShape):
        return shape.value
    if isinstance(shape, NullShape) or depth > 5:
        return None
    if isinstance(shape, ObjectShape):
        return {p.name: _example(p.shape, depth + 1) for p in shape.properties}
    if isinstance(shape, ArrayShape):
        return [_example(shape.items, depth + 1) for _ in range(2)]
    if isinstance(shape, TupleShape):
        return [_example(s, depth + 1) for s in shape.prefix]
    if isinstance(shape, UnionShape):
        return _example(shape.branches[0], depth)
    return "any value"


# --------------------------------------------------------------------------- hypothesis

WORDS = st.text(alphabet=string.ascii_letters, min_size=3, max_size=10)
NAMES = st.text(alphabet=string.ascii_lowercase, min_size=2, max_size=8)


@st.composite
def schemas(draw, depth: int = 0) -> dict:
    kinds = ["string", "integer", "number", "boolean", "enum"] + (["object", "array", "array"] if depth < 3 else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "enum":
        return {"enum": draw(st.lists(WORDS, min_size=1, max_size=4, unique=True))}
    if kind == "object":
        names = draw(st.lists(NAMES, min_size=1, max_size=4, unique=True))
        return {"type": "object", "properties": {n: draw(schemas(depth + 1)) for n in names}, "required": names}
    if kind == "array":
        return {"type": "array", "items": draw(schemas(depth + 1))}
    return {"type": kind}


def values(schema: dict) -> st.SearchStrategy:
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema["type"]
    if kind == "object":
        return st.fixed_dictionaries({k: values(v) for k, v in schema["properties"].items()})
    if kind == "array":
        return st.lists(values(schema["items"]), max_size=4)
    return {
        "string": WORDS,
        "integer": st.integers(-10**6, 10**6),
        # cents, and numbers as arithmetic leaves them (binary noise: 0.1 + 0.2, a mean of thirds)
        "number": st.one_of(st.integers(-10**6, 10**6).map(lambda n: n / 100),
                            st.tuples(st.integers(-10**6, 10**6), st.integers(1, 997)).map(lambda p: p[0] / p[1] + 0.1 + 0.2)),
        "boolean": st.booleans(),
    }[kind]


@st.composite
def output_cases(draw) -> tuple[dict, dict]:
    """A root object schema (structuredContent is always an object) and a value of it."""
    names = draw(st.lists(NAMES, min_size=1, max_size=5, unique=True))
    schema = {"type": "object", "properties": {n: draw(schemas(1)) for n in names}, "required": names}
    return schema, draw(values(schema))


def leaves(value: Any) -> Iterator[Any]:
    """Every scalar inside ``value``."""
    if isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from leaves(v)
    else:
        yield value
