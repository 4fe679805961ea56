"""Hypothesis strategies for arbitrary JSON Schemas (draft-07 and 2020-12) and junk.

``schemas()`` draws whole root schemas: every keyword the normalizer reads, ``$defs`` /
``definitions`` with references between them (recursive ones too), combinators, boolean
schemas, type lists, and — with some probability — values that are not schemas at all.
``object_schemas()`` draws root schemas that are objects with properties (tool input schemas).

The strategies are built once (``functools.cache``) and drawn from many times: built inside
each draw, Hypothesis analysed a new recursive strategy every time, 0.8 s of a draw's 0.8 s
(tests/unit/test_compile_properties.py: 71 s -> 13 s on a loaded machine).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

NAMES = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8
) | st.sampled_from(["name", "a/b", "til~de", "*", "", "x y", "userId", "max_results", "$ref", "0"])
DEF_NAMES = ("A", "B", "Node", "c~d")
TYPES = ("object", "array", "string", "number", "integer", "boolean", "null")
FORMATS = ("date", "time", "date-time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname", "password", "regex", "x-junk")
DIALECTS = ("https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#", "junk")

json_scalars = st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False) | st.text(max_size=6)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
junk = st.one_of(st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2), st.none(), st.floats())


@cache
def refs(defs_key: str) -> st.SearchStrategy[dict]:
    targets = [f"#/{defs_key}/{name.replace('~', '~0')}" for name in DEF_NAMES]
    return st.sampled_from([*targets, "#", "#/nope", "other.json#/x", "#anchor"]).map(lambda r: {"$ref": r})


@cache
def _annotations() -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(
        {},
        optional={
            "title": st.text(max_size=10) | junk,
            "description": st.text(max_size=20),
            "default": json_values,
            "examples": st.lists(json_values, max_size=2) | junk,
            "readOnly": st.booleans(),
            "writeOnly": st.booleans(),
            "deprecated": st.booleans(),
            "$comment": st.text(max_size=5),
            "nullable": st.booleans(),
            "x-vendor": json_values,
        },
    )


@cache
def _leaf() -> st.SearchStrategy[Any]:
    numeric = st.integers(-100, 100) | st.floats(-1e6, 1e6, allow_nan=False)
    typed = st.fixed_dictionaries(
        {"type": st.sampled_from(TYPES) | st.lists(st.sampled_from(TYPES), max_size=3) | junk},
        optional={
            "format": st.sampled_from(FORMATS),
            "minLength": st.integers(0, 5) | junk,
            "maxLength": st.integers(0, 300),
            "pattern": st.sampled_from(["^a", "[", "\\d+", ""]),
            "minimum": numeric,
            "maximum": numeric,
            "exclusiveMinimum": numeric | st.booleans(),
            "exclusiveMaximum": numeric | st.booleans(),
            "multipleOf": numeric,
            "contentEncoding": st.sampled_from(["base64", "7bit"]),
            "contentMediaType": st.sampled_from(["image/png", "text/plain"]),
        },
    )
    return st.one_of(
        st.booleans(),
        typed,
        st.fixed_dictionaries({"enum": st.lists(json_values, max_size=5) | junk}),
        st.fixed_dictionaries({"const": json_values}),
        st.builds(dict),
        junk,
    ).flatmap(_with_annotations)


def _with_annotations(schema: Any) -> st.SearchStrategy[Any]:
    if not isinstance(schema, dict):
        return st.just(schema)
    return _annotations().map(lambda extra: {**extra, **schema})


def _compound(inner: st.SearchStrategy[Any], defs_key: str) -> st.SearchStrategy[Any]:
    props = st.dictionaries(NAMES, inner, max_size=4)
    obj = st.fixed_dictionaries(
        {},
        optional={
            "type": st.sampled_from(["object", ["object", "null"]]),
            "properties": props | junk,
            "required": st.lists(NAMES, max_size=3) | junk,
            "additionalProperties": st.booleans() | inner,
            "patternProperties": st.dictionaries(st.sampled_from(["^x-", "[", "^[a-z]+$"]), inner, max_size=2),
            "propertyNames": st.one_of(
                st.fixed_dictionaries({"enum": st.lists(st.text(max_size=3), min_size=1, max_size=3)}),
                st.fixed_dictionaries({"pattern": st.just("^[a-z]+$")}),
                junk,
            ),
            "minProperties": st.integers(0, 3),
            "maxProperties": st.integers(0, 5),
            "dependentRequired": st.dictionaries(NAMES, st.lists(NAMES, max_size=2), max_size=2),
            "dependentSchemas": st.dictionaries(NAMES, inner, max_size=1),
            "dependencies": st.dictionaries(NAMES, st.lists(NAMES, max_size=2) | inner, max_size=2),
            "if": inner,
            "then": st.fixed_dictionaries({"properties": props}),
            "else": inner,
        },
    )
    arr = st.fixed_dictionaries(
        {},
        optional={
            "type": st.just("array"),
            "items": inner | st.lists(inner, max_size=3),
            "prefixItems": st.lists(inner, max_size=3) | junk,
            "additionalItems": inner,
            "minItems": st.integers(0, 3),
            "maxItems": st.integers(0, 6),
            "uniqueItems": st.booleans(),
            "contains": inner,
        },
    )
    branches = st.lists(inner | st.just({"type": "null"}), min_size=0, max_size=4) | junk
    combinator = st.one_of(
        st.fixed_dictionaries({"anyOf": branches}),
        st.fixed_dictionaries({"oneOf": branches}),
        st.fixed_dictionaries({"allOf": branches}),
        st.fixed_dictionaries({"not": inner}),
        st.lists(st.tuples(st.sampled_from(["cat", "dog", "cow"]), inner), min_size=2, max_size=3).map(
            _discriminated
        ),
        st.lists(st.tuples(json_scalars, st.text(max_size=5)), min_size=1, max_size=4).map(
            lambda pairs: {"oneOf": [{"const": v, "title": t} for v, t in pairs]}
        ),
        inner.map(lambda s: {"anyOf": [s, {"type": "null"}]}),
    )
    with_ref = st.tuples(refs(defs_key), _annotations()).map(lambda pair: {**pair[1], **pair[0]})
    return st.one_of(obj, arr, combinator, with_ref).flatmap(_with_annotations)


def _discriminated(pairs: list[tuple[str, Any]]) -> dict:
    return {
        "oneOf": [
            {"type": "object", "properties": {"kind": {"const": tag}, "value": schema}, "required": ["kind"]}
            for tag, schema in pairs
        ]
    }


@cache
def subschemas(defs_key: str = "$defs") -> st.SearchStrategy[Any]:
    return st.recursive(_leaf(), lambda inner: _compound(inner, defs_key), max_leaves=12)


@st.composite
def schemas(draw: st.DrawFn) -> Any:
    """A root schema of either dialect, with definitions that reference each other, or junk."""
    if draw(st.integers(0, 19)) == 0:
        return draw(junk)
    defs_key = draw(st.sampled_from(["$defs", "definitions"]))
    root = draw(subschemas(defs_key))
    if not isinstance(root, dict):
        return root
    defs = draw(st.fixed_dictionaries({}, optional={name: subschemas(defs_key) for name in DEF_NAMES}))
    extra: dict[str, Any] = {}
    if defs:
        extra[defs_key] = defs
    if draw(st.booleans()):
        extra["$schema"] = draw(st.sampled_from(DIALECTS))
    if draw(st.booleans()):
        extra["$anchor"] = "anchor"
    return {**root, **extra}


@st.composite
def object_schemas(draw: st.DrawFn) -> dict:
    """A tool input schema: an object with properties (any schemas), some required."""
    defs_key = draw(st.sampled_from(["$defs", "definitions"]))
    props = draw(st.dictionaries(NAMES, subschemas(defs_key), min_size=1, max_size=6))
    required = draw(st.lists(st.sampled_from(sorted(props)), unique=True, max_size=len(props)))
    schema: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    defs = draw(st.fixed_dictionaries({}, optional={name: subschemas(defs_key) for name in DEF_NAMES}))
    if defs:
        schema[defs_key] = defs
    if draw(st.booleans()):
        schema["$schema"] = draw(st.sampled_from(DIALECTS[:2]))
    return schema
